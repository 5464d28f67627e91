/* situation — step 3, the exploration state (the original's SITUATION).
 *
 * The situation holds one mask per group pair, all bits set at the start.
 * Exploring a mask leaf ANDs the leaf's mask into the pair's mask, saving
 * the old words on the undo stack; an empty result backtracks.  The
 * backtracking context hooks restore masks from the undo stack: `push` saves
 * the undo height as a mark, `restore` undoes down to the top mark,
 * `restore_and_pop` also drops it.  Each time the whole tree holds,
 * try_solution enumerates the complete solutions consistent with the masks:
 * group 0 is the identity (its items are the rows); for g = 1, 2, ... every
 * permutation still set in mask (0, g) is tried and kept when, for every
 * earlier group j >= 1, the composed permutation of pair (j, g) is still set.
 * Up to 6 items it gets the same solutions, order and counters with less
 * work (see try_faithful_table): it keeps from one call to the next the
 * images of the pair masks under each permutation, each valid while its
 * mask keeps a version that changes when the mask differs from the one
 * seen at the previous call.
 *
 * Invariant: between hooks, each pair mask equals all-ones AND the masks of
 * the leaves on the current path; the undo stack holds, per leaf on the path,
 * the pair's words before that leaf.  Nothing is allocated while exploring:
 * the undo stack is sized from the tree's longest path.
 */
#ifndef LG_SITUATION_H
#define LG_SITUATION_H

#include "backtracking.h"
#include "description.h"
#include "mask_builder.h"
#include "permut.h"

struct _LgSolution
{
  LgProblem *problem;
  guint n_groups, n;
  const uint8_t **perm; /* per group: row r -> item index */
};

typedef struct LgSituation LgSituation;

LgSituation *lg_situation_new (LgProblem *problem, const LgPermut *permut,
                               const LgAndOrTree *tree);
void lg_situation_free (LgSituation *situation);

/* The hooks to give the explorer, with the situation as context; the second
 * set also writes every step to the problem's trace stream. */
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

/* Enumerates the solutions consistent with the current masks, calling func
 * for each; returns FALSE when func asked to stop. */
gboolean lg_situation_try_solution (LgSituation *situation, LgSolutionFunc func,
                                    gpointer user_data);

/* The current mask of pair (g1 < g2). */
const uint64_t *lg_situation_mask (const LgSituation *situation, guint g1,
                                   guint g2);

/* Counters of try_solution. */
void lg_situation_get_counts (const LgSituation *situation, guint64 *candidates,
                              guint64 *checks, guint64 *solutions);
guint64 lg_situation_candidates_saved (const LgSituation *situation);

/* Brute-force check of a complete solution against every rule that is not
 * dropped: for each constraint group, some assignment of its variables must
 * satisfy all its rules.  perm[g][r] is the item of group g on row r (group
 * 0 must be the identity).  Used by tests and --enable-checks. */
gboolean lg_situation_verify (LgProblem *problem, const uint8_t *const *perm);

#endif /* LG_SITUATION_H */
