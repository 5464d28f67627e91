/* engine — the seam between the solver and the engines that explore.
 *
 * The solver does the tutorial's first step (check the problem, partition
 * its rules) and hands an engine everything else: the engine's `create` is
 * the transformation (step 2), its `explore` the exploration (step 3).  An
 * engine reads the problem, the partition and the options, never writes
 * them, and owns all of its own state (its masks, its assignment of the
 * variables, its counters), so two engines over one problem are
 * independent.  Each engine is a struct whose first member is an
 * LgEngineImpl pointing to its class; the solver sees nothing else.
 *
 *   faithful  engine_faithful.h: the tutorial's masks, AND/OR tree and
 *             backtracking (mask_builder, situation, try_solution)
 *   fast      engine_fast.h: propagation over n x n "can be together"
 *             matrices, one branch per candidate
 *
 * Invariant: the setup and what it points to outlive the engine; the
 * engine reports each solution through an LgSolution it owns.
 */
#ifndef LG_ENGINE_H
#define LG_ENGINE_H

#include "constraint_set.h"
#include "deadline.h"
#include "mask_builder.h"
#include "permut.h"
#include "progress.h"
#include "solution.h"

/* What an engine is made from; all borrowed. */
typedef struct
{
  const LgProblem *problem;
  const LgConstraintSet *set;    /* step 1's partition */
  const LgSolveOptions *options; /* never NULL */
  LgProgress *progress;          /* NULL: no progress line */
  LgStats *stats;                /* never NULL: the engine's counters */
  guint64 step_limit; /* 0, or the most work explore may do (the faithful
                         engine: nodes and steps, lg_situation_set_step_limit;
                         the fast one: nodes); it then stops there and
                         over_limit says so (see below): auto's trial, or
                         options->work_limit */
  guint64 projected_limit; /* 0, or (the faithful engine, auto's trial) the
                              most work explore may be projected to take
                              at its checkpoints
                              (lg_situation_set_projected_limit): it then
                              stops as at step_limit */
  /* NULL, or the solver's deadline (options->deadline): explore asks it
   * (lg_deadline_passed) in its loop and stops, its solutions then only
   * some of them, once it has passed */
  LgDeadline *deadline;
} LgEngineSetup;

typedef struct LgEngineImpl LgEngineImpl;

/* What an engine expects its exploration to cost (see
 * lg_situation_estimate): the nodes it explores, its alternative points
 * (steps), the successes of its tree, and the seconds that makes on a
 * typical machine; unknown: no estimate could be made (a tree that cannot
 * be flattened), to be taken as slow. */
typedef struct
{
  double nodes, steps, successes, seconds;
  guint probes;
  gboolean unknown;
} LgEstimate;

/* The faithful engine asked for is said to be slow (a terminal's progress
 * line says so, and in pipes a note of the command line) from this
 * estimate of a step on, in seconds. */
#define LG_FAITHFUL_SLOW_SECONDS 1.0

typedef struct
{
  const char *name; /* "faithful", "fast" */
  /* Step 2: NULL with error set (carrying the rule's line) on an overflow
   * or over the memory limit.  Fills the transformation's counters. */
  LgEngineImpl *(*create) (const LgEngineSetup *setup, GError **error);
  /* Step 3: calls func (may be NULL) for each solution until it returns
   * FALSE; returns the number of solutions found.  Once per engine. */
  guint64 (*explore) (LgEngineImpl *engine, LgSolutionFunc func,
                      gpointer user_data);
  /* The AND/OR tree and the permutation numbering, for the views; NULL
   * for an engine that has none. */
  const LgAndOrTree *(*tree) (const LgEngineImpl *engine,
                              const LgPermut **permut);
  /* After create, before explore: an estimate of the exploration, the
   * same on every run; NULL for an engine that does not estimate. */
  void (*estimate) (LgEngineImpl *engine, LgEstimate *estimate);
  /* After explore: did it stop at setup->step_limit, or at the memory
   * limit (stats->over_memory)?  Its solutions are then only some of
   * them.  NULL for an engine without a limit. */
  gboolean (*over_limit) (const LgEngineImpl *engine);
  void (*free) (LgEngineImpl *engine);
} LgEngineClass;

struct LgEngineImpl
{
  const LgEngineClass *klass;
};

#endif /* LG_ENGINE_H */
