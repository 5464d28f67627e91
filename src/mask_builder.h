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
 * A group's logical rules with couples inside are not in that in-order
 * evaluation: once the others hold and the couples built their masks, they
 * are expanded (LgExpansion, constraint.h) into alternatives of cell
 * literals, and the leaf is the OR node of one AND node per alternative
 * (the couples' masks narrowed by its literals; an alternative that empties
 * a mask is left out, and a single one stands alone).  A logical rule
 * with couples and no variable is a group of its own (constraint_set.h).
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
 *
 * The builder labels its AND, OR and FALSE nodes (LgNodeLabel, in the
 * node's data, which the explorers read only at leaves): the root, each
 * group's node, and each alternative of an OR node with the values of the
 * variables so far, so that the views and the trace can say what a node
 * stands for.  The labels are made once per kept node; the exploration
 * never reads them.
 */
#ifndef LG_MASK_BUILDER_H
#define LG_MASK_BUILDER_H

#include "backtracking.h"
#include "constraint_set.h"
#include "pair.h"
#include "deadline.h"
#include "permut.h"
#include "progress.h"

/* The payload of a mask leaf. */
typedef struct
{
  guint pair;       /* lg_pair_index (g1, g2) for groups g1 < g2 */
  uint64_t words[]; /* n_words words */
} LgMaskNode;

/* What an AND, OR or FALSE node of the builder's tree stands for (its
 * data): the root (group NULL), the node of a constraint group (n_values
 * 0), or an alternative of an OR node, where the group's first n_values
 * variables have the items values[0..n_values - 1] (indices in each
 * variable's group).  An OR node chooses the value of variable n_values.
 * Trees not made by the builder may have NULL there. */
typedef struct
{
  const LgConstraintGroup *group;
  guint number;   /* the group's number in --show groups: 0 the unbound one */
  guint n_values; /* the variables with a value */
  guint8 values[];
} LgNodeLabel;

/* The label of node: NULL for a leaf, TRUE, or a node without one. */
const LgNodeLabel *lg_node_label (const LgNode *node);
/* The variable an OR node of the builder chooses the value of; NULL when
 * node is not one. */
const LgItem *lg_node_label_choice (const LgNode *node);
/* The name of a label's constraint group (group not NULL), as --show
 * groups names it: "unbound group", "group 2". */
char *lg_node_label_group_to_string (const LgNodeLabel *label);
/* What a labelled node stands for, for people: "the whole problem",
 * "unbound group, rules 1-4" or "group 2, rules 12-14" at a group's node,
 * "a = mid-left, b = left" at an alternative; NULL without a label. */
char *lg_node_label_to_string (const LgNode *node);
/* Writes, after a node's kind, what it stands for: " on VAR" for an OR
 * node of the builder, then ": " and its label; nothing without one. */
void lg_node_label_print (FILE *out, const LgNode *node);

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
 * (may be NULL) counts the assignments; deadline (may be NULL) is asked at
 * each value a variable takes.
 * Returns NULL with error set when a rule's arithmetic overflows
 * (LG_PROBLEM_ERROR_OVERFLOW) or the tree would exceed the budget
 * (LG_PROBLEM_ERROR_LIMIT), the error carrying the rule's line
 * (lg_error_get_line); or when the deadline passed before the tree was
 * built (LG_PROBLEM_ERROR_TIME_LIMIT, no line). */
LgAndOrTree *lg_mask_builder_build (const LgProblem *problem,
                                    const LgConstraintSet *set,
                                    const LgPermut *permut, gboolean challenge,
                                    LgProgress *progress, LgDeadline *deadline,
                                    guint64 budget, GError **error);

/* The bytes the builder allocates besides the tree (its scratch masks and
 * lists, the couple masks), freed once the tree is built. */
guint64 lg_mask_builder_scratch_bytes (const LgProblem *problem,
                                       const LgConstraintSet *set);

void lg_and_or_tree_free (LgAndOrTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgAndOrTree, lg_and_or_tree_free)

#endif /* LG_MASK_BUILDER_H */
