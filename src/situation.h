/* situation — step 3, the exploration state (the original's SITUATION).
 *
 * The situation holds one mask per group pair, all bits set at the start.
 * Exploring a mask leaf ANDs the leaf's mask into the pair's mask, saving
 * the old words on the undo stack; an empty result backtracks.  The
 * backtracking context hooks restore masks from the undo stack: `push` saves
 * the undo height as a mark, `restore` undoes down to the top mark,
 * `restore_and_pop` also drops it.  Each time the whole tree holds, the
 * situation hands its masks to try_solution (try_solution.h).  The walk
 * itself is the generic explorer's (backtracking.h) or, without a trace,
 * the same walk over the flattened tree (backtracking_flat.h); see
 * doc/engines.md.
 *
 * With options->prune, each mask update is followed by a check of the
 * masks taken together (narrow_pruning in situation.c): the n x n
 * projection of each pair mask (which items of one group each item of the
 * other may go with), narrowed to a fixpoint by path consistency (item i
 * of a may go with item j of b only when some item of every third group c
 * may go with both); a projection row left empty backtracks at once.  The
 * closure is kept per height of the undo stack and brought up to date
 * from the pair that changed (a worklist of pairs of groups).  A
 * solution below the current node would keep its partners in every
 * projection, so only subtrees without solutions are cut: the solutions
 * and their order are the faithful engine's, with fewer nodes explored.
 *
 * Invariant: between hooks, each pair mask equals all-ones AND the masks of
 * the leaves on the current path; the undo stack holds, per leaf on the path,
 * the pair's words before that leaf (configure --enable-checks checks it at
 * every restore, checker.h).  Nothing is allocated while exploring: the
 * undo stack is sized from the tree's longest path.
 */
#ifndef LG_SITUATION_H
#define LG_SITUATION_H

#include "backtracking.h"
#include "constraint_set.h"
#include "engine.h"
#include "mask_builder.h"
#include "permut.h"
#include "progress.h"
#include "solution.h"

typedef struct LgSituation LgSituation;

/* The situation of a tree; set is the partition of the solve (NULL: the
 * problem's, for the checks of --enable-checks).  The
 * options give try_solution's strategy and the trace (options->trace: the
 * steps; options->trace_masks: the masks each time the whole tree holds);
 * progress may be NULL: it counts the nodes explored (the flat walk's;
 * with the generic explorer, the restores).  All are borrowed. */
LgSituation *lg_situation_new (const LgProblem *problem,
                               const LgConstraintSet *set,
                               const LgPermut *permut, const LgAndOrTree *tree,
                               const LgSolveOptions *options,
                               LgProgress *progress);
void lg_situation_free (LgSituation *situation);

/* The bytes lg_situation_new and the exploration allocate (the memory
 * limit's estimate, made before): the pair masks and try_solution's tables
 * of the strategy `check`, and with a tree (NULL: without) its tables of
 * the pairs the tree narrows, the undo stack, the marks and the flattened
 * tree as well, and with prune (options->prune) the relations of each
 * height of the undo stack. */
guint64 lg_situation_bytes (const LgProblem *problem, const LgAndOrTree *tree,
                            LgCheck check, gboolean prune);

/* The hooks to give the explorer, with the situation as context; the second
 * set also writes every step to the trace stream. */
extern const LgBacktrackingHooks lg_situation_hooks;
extern const LgBacktrackingHooks lg_situation_trace_hooks;

/* Step 3 whole: explores the tree under root, calling try_solution at each
 * success until func asks to stop or no alternative is left, and copies the
 * explorer's counters into stats.  The default is the flattened tree
 * (backtracking_flat.h); generic (or --trace) takes the generic explorer
 * with the hooks above.  Both explore the same nodes in the same order. */
void lg_situation_explore (LgSituation *situation, LgNode *root,
                           gboolean generic, LgSolutionFunc func,
                           gpointer user_data, LgBacktrackingStats *stats);

/* try_solution on the current masks (try_solution.h); returns FALSE when
 * func asked to stop. */
gboolean lg_situation_try_solution (LgSituation *situation, LgSolutionFunc func,
                                    gpointer user_data);

/* Each solution once, within budget bytes: see
 * lg_try_solution_set_distinct, lg_try_solution_distinct_bytes and
 * lg_try_solution_over_memory. */
void lg_situation_set_distinct (LgSituation *situation, guint64 budget);
guint64 lg_situation_distinct_bytes (const LgSituation *situation);
gboolean lg_situation_over_memory (const LgSituation *situation);
/* The solutions met again and skipped. */
guint64 lg_situation_duplicates (const LgSituation *situation);

/* The current mask of pair (g1 < g2). */
const uint64_t *lg_situation_mask (const LgSituation *situation, guint g1,
                                   guint g2);

/* Counters of try_solution. */
void lg_situation_get_counts (const LgSituation *situation, guint64 *candidates,
                              guint64 *checks, guint64 *solutions,
                              guint64 *candidates_saved);
/* The same per level of try_solution (lg_try_solution_get_levels). */
void lg_situation_get_levels (const LgSituation *situation, guint64 *candidates,
                              guint64 *checks, guint n_levels);

/* An estimate of the whole exploration under a tree, from random probes
 * (Knuth, "Estimating the efficiency of backtrack programs", Math. Comp.
 * 29, 1975): each probe follows one random viable child at every OR node;
 * the means over the probes estimate the nodes the search explores, its
 * alternative points and the times the whole tree holds (not the work of
 * try_solution there).  The probes use a seeded generator: the same
 * estimate on every run.  The masks are left as they were. */
void lg_situation_estimate (LgSituation *situation, const LgNode *root,
                            guint n_probes, uint64_t seed,
                            LgEstimate *estimate);

/* A limit on the exploration's work: the nodes explored plus the steps
 * (alternative points and try_solution's visits, the units of the progress
 * line, with its checks and words of masks beyond 6 items) plus, beyond 6
 * items, a step for every 16 words of the masks a leaf reads; each some
 * nanoseconds.  Once past it, the exploration stops and
 * lg_situation_over_limit says so.  G_MAXUINT64: none.  The flat walk
 * only: with a trace, there is no limit. */
void lg_situation_set_step_limit (LgSituation *situation, guint64 limit);
/* A limit on the work the exploration is projected to take: at its
 * checkpoints (once its work passes 2^17 units, then each time it has
 * grown by a quarter), the flat walk divides its work so far, as the step
 * limit counts it, by the share of the tree it has finished
 * (backtracking_flat.h), and stops when that passes limit:
 * lg_situation_over_limit says so, and lg_situation_projected gives the
 * projection.  G_MAXUINT64, the default: none.  The flat walk only. */
void lg_situation_set_projected_limit (LgSituation *situation, guint64 limit);
gboolean lg_situation_over_limit (const LgSituation *situation);
/* The work projected at the checkpoint that stopped the exploration; 0
 * when the projection did not stop it. */
double lg_situation_projected (const LgSituation *situation);
/* The nodes the flat walk had explored at its last alternative point: where
 * a walk stopped by the limit or the deadline got to (it leaves no stats). */
guint64 lg_situation_walked (const LgSituation *situation);
/* The work the limit counts, but the nodes: the steps, and the mask words
 * read beyond 6 items, so far. */
guint64 lg_situation_work (const LgSituation *situation);

/* A deadline (NULL: none, the default) that the exploration asks at each
 * alternative point and try_solution at each step: once it has passed,
 * the exploration stops there, with or without a trace (borrowed). */
void lg_situation_set_deadline (LgSituation *situation, LgDeadline *deadline);

#endif /* LG_SITUATION_H */
