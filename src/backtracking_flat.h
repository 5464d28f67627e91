/* backtracking_flat — the explorer's loop over a flattened tree (see
 * "The flattened tree" in backtracking.h).
 *
 * It is the loop of backtracking.c without continuation frames and without
 * the trace, written as an inline function that a client instantiates with
 * its own hooks: the compiler then inlines them, and a step costs a few
 * instructions instead of an indirect call.  The hooks are those of
 * LgBacktrackingHooks, reshaped for a client that keeps an undo stack:
 *   push (context, nodes, done)     — an alternative point is created,
 *                                     `nodes` explored so far (the counter
 *                                     of the search: a client may bound
 *                                     its work with it) and `done` the
 *                                     share of the search finished (see
 *                                     LgFlatSearch); returns the client's
 *                                     mark (saved here);
 *   restore (context, mark, pop)    — going back to that point: restore,
 *                                     and pop is true for its last child
 *                                     (restore_and_pop);
 *   leaf (context, data)            — explore a LEAF: true to go on;
 *   run (context, leaves, n)        — explore the leaves of a run in a
 *                                     row (see LgFlatRunFunc).
 * clear is the client's business before the first step, and there is no
 * cut (flat graphs have no CUT node).
 *
 * Invariant: the alternatives on the stack are those the explorer would
 * hold at the same step, and the counters are its counters.  Exploring
 * allocates nothing.  GLib-free.
 *
 * The share of the search finished: the children of an OR node share
 * equally what the node stands for (the whole search for the first), and
 * a child is finished once the search goes back to the next one; `done`
 * adds up the finished ones: from 0 at the start, it grows towards 1
 * (which the end of the last child would make).  Where the subtrees of
 * each OR node are alike, the work so far over done is the work of the
 * whole search: what auto's trial projects (lg_situation_set_projected_limit;
 * on the tutorial's problems within 1.5 times, from its first checkpoint
 * on).
 */
#ifndef LG_BACKTRACKING_FLAT_H
#define LG_BACKTRACKING_FLAT_H

#include "backtracking.h"

#if defined(__GNUC__)
#define LG_FLAT_INLINE static inline __attribute__ ((always_inline))
#else
#define LG_FLAT_INLINE static inline
#endif

typedef struct LgFlatAlternative
{
  const uint32_t *next; /* the OR node's next child to try */
  const uint32_t *end;  /* past its last child */
  size_t mark;          /* what push answered */
  double share;         /* of the search, each of its children */
  double done;          /* of the search finished when its current child
                           began */
} LgFlatAlternative;

typedef struct LgFlatSearch
{
  const LgFlatGraph *graph;
  LgFlatAlternative *alts; /* graph->max_alternatives + 1 */
  size_t n_alts;
  LgBacktrackingStats stats;
  double share; /* of the search, the node being explored */
  double done;  /* of the search, finished */
} LgFlatSearch;

typedef bool (*LgFlatLeafFunc) (void *context, void *data);
/* Explores the n leaves of an LG_FLAT_LEAF_RUN in order and answers how
 * many said yes before the first that says no (n when all did).  When it
 * answers less than n, the state it leaves is never seen: the explorer goes
 * back to an alternative, restoring a mark made before the run, or ends the
 * search.  So a client may check a run before changing anything. */
typedef uint32_t (*LgFlatRunFunc) (void *context, const LgFlatNode *leaves,
                                   uint32_t n);
typedef size_t (*LgFlatPushFunc) (void *context, uint64_t nodes, double done);
typedef void (*LgFlatRestoreFunc) (void *context, size_t mark, bool pop);

/* Prepares a search of graph (borrowed), counters at zero. */
void lg_flat_search_init (LgFlatSearch *search, const LgFlatGraph *graph);
void lg_flat_search_clear (LgFlatSearch *search);

/* With next false, starts the search (lg_backtracking_search_first); with
 * next true, looks for the next success after one (search_next).  Returns
 * true at a success, false when no alternative is left. */
LG_FLAT_INLINE bool
lg_flat_search_run (LgFlatSearch *search, bool next, void *context,
                    LgFlatLeafFunc leaf, LgFlatRunFunc run, LgFlatPushFunc push,
                    LgFlatRestoreFunc restore)
{
  const LgFlatNode *nodes = search->graph->nodes;
  const uint32_t *children = search->graph->children;
  LgBacktrackingStats stats = search->stats;
  LgFlatAlternative *alts = search->alts;
  size_t n_alts = search->n_alts;
  double share = search->share, done = search->done;
  const LgFlatNode *node;
  uint32_t current = 0;
  bool found;

  if (next)
    goto fail;
  for (;;)
    {
      /* the kinds by how often they come in mask trees */
      node = &nodes[current];
      stats.nodes++;
      if (node->kind == LG_FLAT_LEAF_RUN)
        {
          uint32_t n = node->n_children;
          uint32_t yes = run (context, node + 1, n);
          if (yes < n)
            {
              stats.nodes += yes + 1;
              stats.leaves += yes + 1;
              goto fail;
            }
          stats.nodes += n;
          stats.leaves += n;
          goto holds;
        }
      if (node->kind == LG_NODE_OR)
        {
          const uint32_t *kids = children + node->children;
          share /= node->n_children;
          alts[n_alts++] = (LgFlatAlternative) {
            .next = kids + 1,
            .end = kids + node->n_children,
            .mark = push (context, stats.nodes, done),
            .share = share,
            .done = done,
          };
          current++; /* its first child, in pre-order */
          continue;
        }
      if (node->kind == LG_NODE_AND)
        {
          current++;
          continue;
        }
      if (node->kind == LG_NODE_LEAF)
        {
          stats.leaves++;
          if (leaf (context, node->data))
            goto holds;
          goto fail;
        }
      if (node->kind != LG_NODE_TRUE)
        goto fail;
    holds:
      current = node->next;
      if (current != LG_FLAT_DONE)
        continue;
      stats.successes++;
      found = true;
      break;
    fail:
      stats.backtracks++;
      if (n_alts == 0)
        {
          found = false;
          break;
        }
      {
        LgFlatAlternative *alt = &alts[n_alts - 1];
        current = *alt->next++;
        stats.alternatives++;
        share = alt->share;
        done = alt->done += share;
        bool pop = alt->next == alt->end;
        restore (context, alt->mark, pop);
        n_alts -= pop;
      }
    }
  search->n_alts = n_alts;
  search->stats = stats;
  search->share = share;
  search->done = done;
  return found;
}

#endif /* LG_BACKTRACKING_FLAT_H */
