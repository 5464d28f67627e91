/* views — views of the inside: what the three steps build, printed for
 * people (the command line's --show and --dot, and the lead's --trace).
 *
 *   permutations  the numbering of SPEC section 4 (the tutorial's A/X table)
 *   groups        the constraint groups of step 1, the unbound one first
 *   masks         per group pair, the permutations the tree still allows
 *   tree          the AND/OR tree of step 2 as indented text, and per level
 *   dot           the same tree in Graphviz DOT
 *   bits          each mask of the tree as the tutorial draws it: its pair,
 *                 group and rules, the permutations (n <= 4), and the rows
 *                 index: / value: of its bits
 *
 * Invariant: the views only read.  They change neither the problem, nor the
 * partition, nor the tree, so printing them between the solver's steps
 * leaves the exploration, its order and its counters as they were.  Every
 * view is deterministic: the same problem prints the same bytes.  The
 * labels of the tree's nodes (what a group, an OR node, an alternative
 * stands for) are the mask builder's (LgNodeLabel, mask_builder.h).
 * lg_views_print is the entry point; lg_views_tree_masks and
 * lg_views_print_tree, which it calls, stay public for tests/check_views.c
 * (random trees against a brute-force reference; the caps of the tree).
 */
#ifndef LG_VIEWS_H
#define LG_VIEWS_H

#include <stdio.h>

#include "solver.h"

typedef enum
{
  LG_VIEW_PERMUTATIONS,
  LG_VIEW_GROUPS,
  LG_VIEW_MASKS,
  LG_VIEW_TREE,
  LG_VIEW_BITS
} LgView;

/* The default cap of lg_views_print_tree and lg_views_print_dot. */
#define LG_VIEWS_DEFAULT_MAX_NODES 200

/* Rows the permutations view shows at each end of a table of more than
 * 6! rows (it shows them all up to n = 6). */
#define LG_VIEWS_PERMUTATION_ROWS 20

/* The view called `name` ("permutations", "groups", "masks", "tree",
 * "bits");
 * FALSE when there is none. */
gboolean lg_view_from_name (const char *name, LgView *view);

/* Prints one view, its title line ("== NAME: ... ==") first and an empty
 * line last, of a solver that has been transformed (lg_solver_transform
 * returned TRUE).  max_nodes caps the tree view. */
void lg_views_print (FILE *out, const LgSolver *solver, LgView view,
                     guint64 max_nodes);

/* Writes into masks (n_pairs masks of lg_bitset_n_words (n_bits) words)
 * the permutations the tree under root still allows, pair by pair: an AND
 * node allows the intersection of what its children allow (a child that
 * does not touch a pair allows all of it), an OR node the union, a mask
 * leaf its mask on its pair, TRUE everything and FALSE nothing. */
void lg_views_tree_masks (const LgNode *root, guint n_pairs, size_t n_bits,
                          uint64_t *masks);

/* Prints the pair masks of any mask array (the pairs in pair-index order,
 * each of lg_bitset_n_words (permut->count) words; a situation's array is
 * lg_situation_mask (situation, 0, 1)), as the original's
 * SITUATION.print_group_pair: "\nGROUP\tG1\tG2\n\n", then for each
 * permutation still set a line "\tpermutation NUMBER (index BIT)" (as
 * --show permutations numbers them, and the mask's bit), its n lines
 * "\tITEM1\tITEM2" and an empty line;
 * then "R of M permutations possible". */
void lg_views_print_pair_masks (FILE *out, const LgProblem *problem,
                                const LgPermut *permut, const uint64_t *masks);

/* The AND/OR tree as indented text (two spaces per level), each AND, OR
 * and FALSE node with what its label says (lg_node_label_print), each mask
 * leaf with its pair and the permutations it allows; at most max_nodes
 * nodes in preorder then "... N more nodes", then the number of nodes on
 * each level of the whole tree. */
void lg_views_print_tree (FILE *out, const LgProblem *problem,
                          const LgAndOrTree *tree, guint64 max_nodes);

/* The AND/OR tree as a Graphviz digraph, left to right: AND boxes, OR
 * diamonds, mask ellipses (pair and the permutations allowed), TRUE and
 * FALSE, with their labels; the subtree of each constraint group in a
 * cluster (subgraph cluster_N, N the group's number) labelled with its
 * rules; nodes n0, n1, ... in preorder, at most max_nodes of them and then
 * one "N more nodes" node, outside the clusters.  title (may be NULL)
 * labels the graph. */
void lg_views_print_dot (FILE *out, const LgProblem *problem,
                         const LgAndOrTree *tree, guint64 max_nodes,
                         const char *title);

/* The default of --trace-limit: the lines a trace keeps. */
#define LG_VIEWS_TRACE_LIMIT 10000

/* A stream for the trace that writes its first `limit` lines to `to` and
 * counts the others; 0: no limit.  lg_views_trace_close closes it and, when
 * lines were left out, writes one last line to `to` saying how many. */
FILE *lg_views_trace_open (FILE *to, guint64 limit);
void lg_views_trace_close (FILE *trace);

#endif /* LG_VIEWS_H */
