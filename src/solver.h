/* solver — the tutorial's three steps, one call each, over whichever engine
 * the options name, so that the views, the diagnostics and
 * lg_problem_solve share them.
 *
 *   describe   lg_solver_new: check the problem and partition its rules
 *   transform  lg_solver_transform: the engine's step 2 (engine.h)
 *   explore    lg_solver_explore: the engine's step 3
 *
 * Invariant: each step runs once, in order; the solver owns its copy of the
 * options, the partition and the engine, and frees them with
 * lg_solver_free.  The problem is borrowed, frozen by the check: any number
 * of solvers may read it at once.
 */
#ifndef LG_SOLVER_H
#define LG_SOLVER_H

#include "engine.h"

typedef struct LgSolver LgSolver;

/* The class of an engine kind (the solver knows them all). */
const LgEngineClass *lg_engine_class (LgEngine engine);

/* Describe: checks the problem (which freezes it) and partitions its rules
 * (those of options->drop left out).  options may be NULL (the defaults);
 * stats may be NULL; its time_describe is kept and added to.  NULL with
 * error set when the problem is invalid. */
LgSolver *lg_solver_new (LgProblem *problem, const LgSolveOptions *options,
                         LgStats *stats, GError **error);
/* Transform: FALSE with error set on overflow or over the memory limit; the
 * error carries the rule's line (lg_error_get_line).  When options->deadline
 * passes before the faithful engine's tree is built, TRUE all the same, and
 * the transform is cut (lg_solver_transform_cut): there is no engine, no
 * tree, no estimate, and explore finds nothing, timed out. */
gboolean lg_solver_transform (LgSolver *solver, GError **error);
/* Did the deadline cut the transform short? */
gboolean lg_solver_transform_cut (const LgSolver *solver);
/* Explore: calls func for each solution, up to options->max_solutions;
 * returns the number found.  stats->complete tells whether the search ran
 * to its end (FALSE, with stats->timed_out, after a transform cut).  With
 * the engine auto, the faithful engine may run out of its trial and the
 * fast one take over: -1 with error set if that one cannot be made (over
 * the memory limit). */
gint64 lg_solver_explore (LgSolver *solver, LgSolutionFunc func,
                          gpointer user_data, GError **error);
void lg_solver_free (LgSolver *solver);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgSolver, lg_solver_free)

const LgProblem *lg_solver_get_problem (const LgSolver *solver);
/* The partition of step 1. */
const LgConstraintSet *lg_solver_get_set (const LgSolver *solver);
/* After the transform: the AND/OR tree and the permutation numbering, for
 * the views; NULL with error set when the engine has no tree (the fast
 * one), or the transform was cut (LG_PROBLEM_ERROR_TIME_LIMIT). */
const LgAndOrTree *lg_solver_get_tree (const LgSolver *solver,
                                       const LgPermut **permut, GError **error);
/* Before the transform, when the options ask for the faithful engine: an
 * upper bound of its transformation's time in seconds on a typical machine
 * (every assignment of every constraint group enumerated), the same on
 * every run; -1 for any other engine, or when the faithful engine will
 * refuse the problem at once (too many items, or its fixed tables over the
 * memory limit). */
double lg_solver_transform_bound (const LgSolver *solver);
/* After the transform: the engine's estimate of its exploration in seconds
 * on a typical machine (engine.h), the same on every run; -1 when it makes
 * none (the fast engine) or cannot (an estimate unknown, or the transform
 * cut). */
double lg_solver_estimate (LgSolver *solver);

#endif /* LG_SOLVER_H */
