/* checker — self-checks of the engines, in the spirit of kissat's check.c:
 * what they compute is checked again by simpler means.
 *
 *   lg_checker_verify     a complete solution against every rule of the
 *                         partition, by brute force over the variables of
 *                         each constraint group, independently of any mask
 *                         or leaf (the tests, and every solution under
 *                         configure --enable-checks)
 *   LgMaskChecker         the faithful situation's undo stack: a copy of
 *                         the pair masks at each alternative point, compared
 *                         with the masks each time the explorer restores
 *                         that point (--enable-checks)
 *
 * Invariant: the checker only reads what it checks, so an engine with
 * checks on explores, counts and prints exactly as without.
 */
#ifndef LG_CHECKER_H
#define LG_CHECKER_H

#include "constraint_set.h"

/* Does the complete solution satisfy every rule of set (the rules of the
 * solve; NULL: the problem's rules that are not dropped)?  For each constraint group, some assignment of its variables
 * must satisfy all its rules.  perm[g][r] is the item of group g on row r
 * (group 0 must be the identity). */
gboolean lg_checker_verify (const LgProblem *problem,
                            const LgConstraintSet *set,
                            const uint8_t *const *perm);

typedef struct LgMaskChecker LgMaskChecker;

/* Checks the n_masks masks of n_bits bits at masks (n_words words each),
 * which the caller changes in place. */
LgMaskChecker *lg_mask_checker_new (const uint64_t *masks, size_t n_masks,
                                    size_t n_bits);
void lg_mask_checker_free (LgMaskChecker *checker);
/* The explorer's moments: an empty stack; an alternative point (the masks
 * are saved); going back to the last point (the masks must be what they
 * were there, each with a bit set and no bit past n_bits; pop drops the
 * point); dropping the last point without going back (cut). */
void lg_mask_checker_clear (LgMaskChecker *checker);
void lg_mask_checker_push (LgMaskChecker *checker);
void lg_mask_checker_restore (LgMaskChecker *checker, gboolean pop);
void lg_mask_checker_cut (LgMaskChecker *checker);

#endif /* LG_CHECKER_H */
