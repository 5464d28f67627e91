/* mask_builder — step 2, the transformation into an AND/OR tree of masks
 * (the original's MASK_BUILDER, NODE_MASK and CONSTRAINT_GROUP.build_nodes).
 *
 * Each constraint group is expanded by enumerating its variables (the first
 * variable outermost, items in order).  At each complete assignment the
 * logical rules are evaluated in order; when all hold, the couples build
 * fresh masks, one per group pair they touch, and if none became empty the
 * assignment yields an AND node of mask leaves.  The assignments of one
 * variable form an OR node.  The original builds its lists by prepending, so
 * the port keeps its orders: mask leaves by descending pair index,
 * alternatives by descending item index, and under the root AND node the
 * unbound group first, then the variable groups last-created first.
 *
 * The builder carries the in-order evaluation of the logical rules down the
 * enumeration: once the first rule that is not TRUE is decided by the
 * variables enumerated so far and is FALSE, every complete assignment below
 * fails at that same rule, before any later rule could be evaluated (or
 * overflow), so they are counted in "leaves tried" without being
 * enumerated.  The tree, the counters and the errors are the original's.
 *
 * Where the original silently skips a group with no consistent assignment,
 * the port puts a FALSE node (SPEC section 7); a group with only logical
 * rules is left out when some assignment satisfies them (as in the original)
 * and is a FALSE node otherwise.  Invariant: every mask in the tree has at
 * least one bit set and no bit past n!.
 */
#ifndef LG_MASK_BUILDER_H
#define LG_MASK_BUILDER_H

#include "backtracking.h"
#include "constraint_set.h"
#include "pair.h"
#include "permut.h"
#include "progress.h"

/* The payload of a mask leaf. */
typedef struct
{
  guint pair;       /* lg_pair_index (g1, g2) for groups g1 < g2 */
  uint64_t words[]; /* n_words words */
} LgMaskNode;

typedef struct
{
  LgNode *root;
  guint n_pairs;
  size_t n_words;    /* words per mask */
  GPtrArray *nodes;  /* every LgNode, owned */
  GPtrArray *blocks; /* children arrays and mask payloads, owned */
  guint64 bytes;     /* memory held by nodes, lists and masks */
  /* counters */
  guint64 leaves_tried, leaves_kept;
  guint64 leaves_saved; /* --challenge: assignments never enumerated */
  guint64 and_nodes, or_nodes, mask_nodes;
} LgAndOrTree;

/* Builds the tree of a partitioned problem, holding at most `budget` bytes;
 * challenge: the exercise's early evaluation (LgSolveOptions); progress
 * (may be NULL) counts the assignments.
 * Returns NULL with error set when a rule's arithmetic overflows
 * (LG_PROBLEM_ERROR_OVERFLOW) or the tree would exceed the budget
 * (LG_PROBLEM_ERROR_LIMIT); the error carries the rule's line
 * (lg_error_get_line). */
LgAndOrTree *lg_mask_builder_build (const LgProblem *problem,
                                    const LgConstraintSet *set,
                                    const LgPermut *permut, gboolean challenge,
                                    LgProgress *progress, guint64 budget,
                                    GError **error);

/* The bytes the builder allocates besides the tree (its scratch masks and
 * lists, the couple masks), freed once the tree is built. */
guint64 lg_mask_builder_scratch_bytes (const LgProblem *problem,
                                       const LgConstraintSet *set);

void lg_and_or_tree_free (LgAndOrTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgAndOrTree, lg_and_or_tree_free)

#endif /* LG_MASK_BUILDER_H */
