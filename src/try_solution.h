/* try_solution — the end of step 3 (the original's SITUATION.try_solution):
 * each time the whole tree holds, enumerate the complete solutions that the
 * pair masks still allow.
 *
 * Group 0 is the identity (its items are the rows); for g = 1, 2, ... every
 * permutation still set in mask (0, g) is a candidate, kept when, for every
 * earlier group j >= 1, the composed permutation of pair (j, g) is still
 * set.  Three strategies (LgCheck): the original's, candidate by candidate
 * (up to 6 items computed a word at a time with the same solutions, order
 * and counters: try_faithful_table); INTERSECT, which ANDs each group's
 * candidates with the images of the earlier pair masks; FEWEST, which takes
 * next the group with the fewest candidates (up to 6 items both take
 * their images of the pair masks from the default's caches, INTERSECT its
 * intersections too, with the same candidates and counters).
 * doc/engines.md tells how.
 *
 * Invariant: it only reads the masks, which belong to the situation; what
 * it keeps from one call to the next (composition rows, images of the pair
 * masks, each valid while its mask keeps a version) depends on nothing
 * else, so a call gives the same solutions as a fresh strategy would.
 * Nothing is allocated while enumerating, but for the set of the
 * solutions told apart (lg_try_solution_set_distinct), a block of them at
 * a time.
 */
#ifndef LG_TRY_SOLUTION_H
#define LG_TRY_SOLUTION_H

#include "constraint_set.h"
#include "deadline.h"
#include "mask_builder.h"
#include "permut.h"
#include "progress.h"
#include "solution.h"

typedef struct LgTrySolution LgTrySolution;

/* A strategy over the n_pairs pair masks at masks (lg_pair_index order,
 * lg_bitset_n_words (permut->count) words each), which the situation owns
 * and changes between calls, only by ANDing the masks of tree's leaves
 * into them (tree NULL: any pair may change; a pair that no leaf narrows
 * gets no table of its own); set is the partition of the solve (for the
 * checks of --enable-checks).  Its visits are added to *steps, the
 * situation's progress count.  trace (may be NULL) gets a line per call
 * and per solution. */
LgTrySolution *
lg_try_solution_new (const LgProblem *problem, const LgConstraintSet *set,
                     const LgPermut *permut, const uint64_t *masks,
                     const LgAndOrTree *tree, LgCheck check,
                     LgProgress *progress, guint64 *steps, FILE *trace);
void lg_try_solution_free (LgTrySolution *strategy);

/* The pairs of n_groups groups that some leaf of tree narrows (NULL: all
 * of them). */
guint lg_try_solution_narrowed (const LgAndOrTree *tree, guint n_groups);

/* The bytes lg_try_solution_new allocates for n_groups groups of n items,
 * n_narrowed pairs narrowed by the tree (lg_try_solution_narrowed) and
 * that strategy (the memory limit's estimate, made before). */
guint64 lg_try_solution_bytes (guint n_groups, guint n, LgCheck check,
                               guint n_narrowed);

/* From now on, a solution already reported (the tutorial's tree may reach
 * one along two paths when a variable is left free by the solution) is
 * skipped and counted as a duplicate; the ranks of every solution are kept
 * for that, in at most budget bytes: past them, the enumeration stops as
 * at the step limit, and lg_try_solution_over_memory says so. */
void lg_try_solution_set_distinct (LgTrySolution *strategy, guint64 budget);
/* The most bytes the solutions kept so have taken (while one grows). */
guint64 lg_try_solution_distinct_bytes (const LgTrySolution *strategy);
gboolean lg_try_solution_over_memory (const LgTrySolution *strategy);
/* The progress line shows *shown (the situation's count of nodes) instead
 * of the steps. */
void lg_try_solution_show (LgTrySolution *strategy, const guint64 *shown);

/* Stops the enumeration once the situation's steps pass limit (the
 * trial of --engine=auto: G_MAXUINT64, the default, never stops);
 * stopped tells whether it happened, or func asked to stop. */
void lg_try_solution_set_step_limit (LgTrySolution *strategy, guint64 limit);
/* Stops the enumeration, as the step limit does, once deadline (borrowed;
 * NULL: none) has passed. */
void lg_try_solution_set_deadline (LgTrySolution *strategy,
                                   LgDeadline *deadline);
gboolean lg_try_solution_stopped (const LgTrySolution *strategy);

/* The solutions skipped so. */
guint64 lg_try_solution_duplicates (const LgTrySolution *strategy);

/* Enumerates the solutions consistent with the masks, calling func (may be
 * NULL) for each; depth indents the trace.  FALSE when func asked to
 * stop. */
gboolean lg_try_solution_run (LgTrySolution *strategy, size_t depth,
                              LgSolutionFunc func, gpointer user_data);

/* The candidates and checks per level (the position in the placement,
 * from 1; with FEWEST not the group's index), added to candidates[level]
 * and checks[level] for levels below n_levels, the deeper ones to the
 * last entry. */
void lg_try_solution_get_levels (const LgTrySolution *strategy,
                                 guint64 *candidates, guint64 *checks,
                                 guint n_levels);

/* Counters since the strategy was made. */
void lg_try_solution_get_counts (const LgTrySolution *strategy,
                                 guint64 *candidates, guint64 *checks,
                                 guint64 *solutions, guint64 *candidates_saved);

#endif /* LG_TRY_SOLUTION_H */
