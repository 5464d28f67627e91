/* backtracking — a generic explorer of AND/OR graphs (the original's
 * BACKTRACKING cluster: ABSTRACT_BACKTRACKING, the node classes, sequences
 * and alternatives).
 *
 * It knows nothing of masks or logigrams.  A graph is made of AND nodes
 * (every child must succeed, in order), OR nodes (one child must succeed;
 * they are tried in order), TRUE and FALSE, CUT, and LEAF nodes whose meaning
 * belongs to the client: exploring a leaf calls the client's `explore` hook,
 * which answers "continue" (true) or "backtrack" (false).
 *
 * The explorer keeps a continuation (what remains to be proved, a chain of
 * partially walked AND nodes) and a stack of alternatives (the OR nodes with
 * children left to try, each remembering the continuation it started from).
 * The client keeps its own state in step through the context hooks:
 *   clear            — a new search starts;
 *   push             — an alternative point is created (save a mark);
 *   restore          — going back to that point for another child;
 *   restore_and_pop  — going back to it for its last child (drop the mark);
 *   cut              — the point is discarded without going back to it.
 * Invariant: the context has been pushed once for every alternative on the
 * stack, so undo records can be kept as a stack of marks.
 *
 * Exploring allocates nothing: the frames and alternatives live in arrays
 * sized when the search starts from a count of the graph.  Graphs must be
 * acyclic.  GLib-free.
 *
 * CUT and CUT_POINT are the original cluster's cut.  logigram's trees never
 * use them; they stay because this module is the original's BACKTRACKING
 * as a whole, taught as such (doc/algorithm.md, section 4), and
 * tests/check_backtracking.c checks them against a model of the semantics.
 * The flattened walk (backtracking_flat.h) refuses graphs that have them.
 */
#ifndef LG_BACKTRACKING_H
#define LG_BACKTRACKING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum LgNodeKind
{
  LG_NODE_AND,       /* children all hold, first to last */
  LG_NODE_OR,        /* children tried first to last */
  LG_NODE_TRUE,      /* always holds */
  LG_NODE_FALSE,     /* never holds */
  LG_NODE_CUT,       /* holds, and drops the alternatives made since the
                    innermost enclosing cut point (all of them when none) */
  LG_NODE_CUT_POINT, /* explores its one child under a cut point: a CUT
                        met later drops the alternatives made since here */
  LG_NODE_LEAF       /* the client's hook decides */
} LgNodeKind;

typedef struct LgNode LgNode;
struct LgNode
{
  LgNodeKind kind;
  uint32_t n_children; /* AND and OR */
  LgNode **children;   /* AND and OR: in exploration order */
  void *data;          /* LEAF: the client's payload */
};

/* What the optional trace hook is told. */
typedef enum LgBacktrackingEvent
{
  LG_BT_EXPLORE,     /* node is about to be explored */
  LG_BT_BACKTRACK,   /* a failure: going back to the top alternative */
  LG_BT_ALTERNATIVE, /* child `index` of OR node `node` is taken */
  LG_BT_SUCCESS,     /* the whole graph holds */
  LG_BT_EXHAUSTED    /* no alternative is left: the search is over */
} LgBacktrackingEvent;

typedef struct LgBacktrackingHooks
{
  void (*clear) (void *context);
  void (*push) (void *context);
  void (*restore) (void *context);
  void (*restore_and_pop) (void *context);
  void (*cut) (void *context);
  /* Explores a LEAF: true to go on, false to backtrack. */
  bool (*explore) (void *context, LgNode *leaf);
  /* Optional (NULL: no trace): told every step; depth is the number of
   * alternatives on the stack. */
  void (*trace) (void *context, LgBacktrackingEvent event, const LgNode *node,
                 size_t depth, uint32_t index);
} LgBacktrackingHooks;

/* Work counters, reset by lg_backtracking_search_first. */
typedef struct LgBacktrackingStats
{
  uint64_t nodes;        /* nodes explored (every kind) */
  uint64_t leaves;       /* LEAF nodes explored */
  uint64_t alternatives; /* alternatives taken after a failure */
  uint64_t backtracks;   /* failures (FALSE, a leaf saying no, or asking for
                            the next solution) */
  uint64_t successes;    /* times the whole graph held */
} LgBacktrackingStats;

typedef struct LgBacktracking LgBacktracking;

/* Bounds of a graph, counted as a tree (a shared node counts each time it
 * is reached).  `max_path_leaves` is the most LEAF nodes one successful path
 * can explore (AND: sum, OR: max), which bounds a client's undo stack;
 * `max_path_alternatives` likewise bounds the alternatives on the stack. */
typedef struct LgGraphSize
{
  uint64_t nodes, and_nodes, or_nodes, leaves;
  uint64_t cuts; /* CUT and CUT_POINT nodes */
  uint64_t max_path_leaves, max_path_alternatives, max_path_frames;
} LgGraphSize;

void lg_backtracking_measure (const LgNode *root, LgGraphSize *size);

/* hooks is copied; context is borrowed. */
LgBacktracking *lg_backtracking_new (const LgBacktrackingHooks *hooks,
                                     void *context);
void lg_backtracking_free (LgBacktracking *bt);

/* Starts a search of the graph under root (borrowed; it must outlive the
 * search).  Returns true when a success was found, false when the graph has
 * no (more) success. */
bool lg_backtracking_search_first (LgBacktracking *bt, LgNode *root);
/* After a success, looks for the next one. */
bool lg_backtracking_search_next (LgBacktracking *bt);
/* Drops every alternative (calling the cut hook for each): the next
 * search_next then ends the search. */
void lg_backtracking_cut_all (LgBacktracking *bt);

const LgBacktrackingStats *lg_backtracking_stats (const LgBacktracking *bt);

/* ---- The flattened tree ------------------------------------------------
 *
 * In a graph without CUT and CUT_POINT nodes explored as a tree, the node
 * that comes after a node once it holds does not depend on the path: it is
 * the next child of the nearest AND ancestor that has one, or nothing (the
 * whole graph holds).  So the continuation needs no frames.
 * lg_flat_graph_new lays the nodes out in pre-order with that successor
 * written in each; backtracking_flat.h explores it in the same order, with
 * the same hook moments and the same counters, as lg_backtracking_search_first
 * and _next do the graph (the tests compare the two on random graphs).
 *
 * An AND node whose children are all leaves is marked LG_FLAT_LEAF_RUN: its
 * leaves are explored in a row, without going back to the loop's dispatch
 * for each (they are still counted one by one).  An AND node without
 * children becomes TRUE, an OR node without children FALSE, and one with a
 * single child an AND node: they take the same steps.
 *
 * Invariant: every AND node has children, every OR node at least two; a
 * node with children is followed in the array by its first child, so the
 * leaves of a run follow it in order; the children of node i are
 * children[nodes[i].children + k]. */

/* "next" of a node whose success ends the search */
#define LG_FLAT_DONE UINT32_MAX
/* kind of an AND node of leaves only */
#define LG_FLAT_LEAF_RUN 0x100

typedef struct LgFlatNode
{
  uint32_t kind;       /* LgNodeKind: AND, OR, TRUE, FALSE or LEAF, or
                          LG_FLAT_LEAF_RUN */
  uint32_t n_children; /* AND and OR */
  uint32_t next;       /* explored after this node holds, or LG_FLAT_DONE */
  uint32_t children;   /* AND and OR: index of the first in children[] */
  void *data;          /* LEAF: the client's payload */
} LgFlatNode;

typedef struct LgFlatGraph
{
  LgFlatNode *nodes; /* in pre-order: the root is nodes[0] */
  uint32_t *children;
  size_t n_nodes;
  size_t max_alternatives; /* on the stack at once, at most */
} LgFlatGraph;

/* The flat form of the graph under root, or NULL when it holds a CUT or a
 * CUT_POINT node or is too big for 32-bit indices (use the explorer then). */
LgFlatGraph *lg_flat_graph_new (const LgNode *root);
void lg_flat_graph_free (LgFlatGraph *graph);

#endif /* LG_BACKTRACKING_H */
