/* backtracking — see backtracking.h for the model.
 *
 * Representation.  The continuation is a chain of frames; a frame says
 * "children pos.. of this AND node remain, then the parent frame" (or, for a
 * cut point, "the alternatives above depth d belong to me").  Frames live in
 * one array and are referred to by index.  An alternative records the OR node,
 * the next child to try, the continuation at the time it was made and the
 * frame count then (its mark).  Frames made after the top alternative's mark
 * are seen by no saved continuation, so they are advanced in place; older ones
 * are copied before they change (the original twins its sequences for the
 * same reason).  Going back to an alternative drops every frame above its
 * mark, so the arrays never hold more than one path's worth of frames.
 *
 * Step names follow the original: explore a node, continue (take the next
 * node of the continuation, or succeed when it is empty), backtrack (take the
 * next child of the top alternative, or fail when there is none).
 *
 * One deliberate difference: a CUT goes back to the innermost cut point of
 * the continuation, as the original's comment says.  The original's loop
 * tests the wrong way round (it fails when the continuation does not start
 * with a cut point, and skips to the outermost of several in a row);
 * logigram itself never cuts.
 */
#include "backtracking.h"
#include "backtracking_flat.h"

#include <assert.h>
#include <stdlib.h>

typedef struct Frame
{
  const LgNode *node; /* AND node, or NULL for a cut point */
  uint32_t pos;       /* next child of node; for a cut point, the depth of
                          the alternative stack when it was made */
  int32_t parent;     /* index of the rest of the continuation, -1: none */
} Frame;

typedef struct Alternative
{
  const LgNode *node; /* the OR node */
  uint32_t next;      /* next child to try */
  int32_t cont;       /* continuation when the OR node was explored */
  size_t frame_mark;  /* frames in use at that time */
} Alternative;

struct LgBacktracking
{
  LgBacktrackingHooks hooks;
  void *context;
  LgNode *current;
  int32_t cont;
  Frame *frames;
  size_t n_frames, frames_cap;
  Alternative *alts;
  size_t n_alts, alts_cap;
  LgBacktrackingStats stats;
};

static void *
xrealloc (void *p, size_t n, size_t size)
{
  if (n == 0)
    n = 1;
  if (n > SIZE_MAX / size)
    abort ();
  void *q = realloc (p, n * size);
  if (!q)
    abort ();
  return q;
}

/* ---- Measuring a graph ---------------------------------------------- */

static void
measure (const LgNode *node, LgGraphSize *size, uint64_t *leaves,
         uint64_t *alts, uint64_t *frames)
{
  size->nodes++;
  *leaves = *alts = *frames = 0;
  switch (node->kind)
    {
    case LG_NODE_AND:
    case LG_NODE_OR:
      {
        bool is_and = node->kind == LG_NODE_AND;
        if (is_and)
          size->and_nodes++;
        else
          size->or_nodes++;
        for (uint32_t i = 0; i < node->n_children; i++)
          {
            uint64_t l, a, f;
            measure (node->children[i], size, &l, &a, &f);
            if (is_and)
              {
                *leaves += l;
                *alts += a;
                *frames += f;
              }
            else
              {
                *leaves = l > *leaves ? l : *leaves;
                *alts = a > *alts ? a : *alts;
                *frames = f > *frames ? f : *frames;
              }
          }
        if (is_and)
          *frames += node->n_children;
        else if (node->n_children > 1)
          *alts += 1;
        break;
      }
    case LG_NODE_CUT_POINT:
      size->cuts++;
      if (node->n_children > 0)
        measure (node->children[0], size, leaves, alts, frames);
      *frames += 1;
      break;
    case LG_NODE_LEAF:
      size->leaves++;
      *leaves = 1;
      break;
    case LG_NODE_CUT:
      size->cuts++;
      break;
    case LG_NODE_TRUE:
    case LG_NODE_FALSE:
      break;
    }
}

void
lg_backtracking_measure (const LgNode *root, LgGraphSize *size)
{
  *size = (LgGraphSize) { 0 };
  if (!root)
    return;
  measure (root, size, &size->max_path_leaves, &size->max_path_alternatives,
           &size->max_path_frames);
}

/* ---- Life cycle ------------------------------------------------------- */

static void
hook_nothing (void *context)
{
  (void) context;
}

static bool
explore_nothing (void *context, LgNode *leaf)
{
  (void) context;
  (void) leaf;
  return true;
}

LgBacktracking *
lg_backtracking_new (const LgBacktrackingHooks *hooks, void *context)
{
  LgBacktracking *bt = calloc (1, sizeof *bt);
  if (!bt)
    abort ();
  bt->hooks = *hooks;
  if (!bt->hooks.clear)
    bt->hooks.clear = hook_nothing;
  if (!bt->hooks.push)
    bt->hooks.push = hook_nothing;
  if (!bt->hooks.restore)
    bt->hooks.restore = hook_nothing;
  if (!bt->hooks.restore_and_pop)
    bt->hooks.restore_and_pop = hook_nothing;
  if (!bt->hooks.cut)
    bt->hooks.cut = hook_nothing;
  if (!bt->hooks.explore)
    bt->hooks.explore = explore_nothing;
  bt->context = context;
  bt->cont = -1;
  return bt;
}

void
lg_backtracking_free (LgBacktracking *bt)
{
  if (!bt)
    return;
  free (bt->frames);
  free (bt->alts);
  free (bt);
}

const LgBacktrackingStats *
lg_backtracking_stats (const LgBacktracking *bt)
{
  return &bt->stats;
}

/* ---- The steps ---------------------------------------------------------- */

static void
push_frame (LgBacktracking *bt, const LgNode *node, uint32_t pos,
            int32_t parent)
{
  assert (bt->n_frames < bt->frames_cap);
  Frame *f = &bt->frames[bt->n_frames];
  f->node = node;
  f->pos = pos;
  f->parent = parent;
  bt->cont = (int32_t) bt->n_frames++;
}

static size_t
private_frames_start (const LgBacktracking *bt)
{
  return bt->n_alts ? bt->alts[bt->n_alts - 1].frame_mark : 0;
}

/* Takes the next node of the continuation into bt->current; false when the
 * continuation is empty, that is when the whole graph holds. */
static bool
step_continue (LgBacktracking *bt)
{
  while (bt->cont >= 0)
    {
      Frame *f = &bt->frames[bt->cont];
      if (!f->node)
        {
          bt->cont = f->parent; /* a cut point is passed through */
          continue;
        }
      bt->current = f->node->children[f->pos];
      if (f->pos + 1 >= f->node->n_children)
        bt->cont = f->parent;
      else if ((size_t) bt->cont >= private_frames_start (bt))
        f->pos++;
      else
        push_frame (bt, f->node, f->pos + 1, f->parent);
      return true;
    }
  return false;
}

/* Takes the next child of the top alternative into bt->current, restoring
 * the context and the continuation; false when no alternative is left. */
static bool
step_backtrack (LgBacktracking *bt)
{
  bt->stats.backtracks++;
  if (bt->hooks.trace)
    bt->hooks.trace (bt->context,
                     bt->n_alts ? LG_BT_BACKTRACK : LG_BT_EXHAUSTED, NULL,
                     bt->n_alts, 0);
  if (bt->n_alts == 0)
    return false;
  Alternative *a = &bt->alts[bt->n_alts - 1];
  if (bt->hooks.trace)
    bt->hooks.trace (bt->context, LG_BT_ALTERNATIVE, a->node, bt->n_alts - 1,
                     a->next);
  bt->current = a->node->children[a->next++];
  bt->n_frames = a->frame_mark;
  bt->cont = a->cont;
  bt->stats.alternatives++;
  if (a->next < a->node->n_children)
    bt->hooks.restore (bt->context);
  else
    {
      bt->hooks.restore_and_pop (bt->context);
      bt->n_alts--;
    }
  return true;
}

static void
cut_to_depth (LgBacktracking *bt, size_t depth)
{
  while (bt->n_alts > depth)
    {
      bt->hooks.cut (bt->context);
      bt->n_alts--;
    }
}

static void
cut_to_cut_point (LgBacktracking *bt)
{
  for (int32_t i = bt->cont; i >= 0; i = bt->frames[i].parent)
    if (!bt->frames[i].node)
      {
        cut_to_depth (bt, bt->frames[i].pos);
        return;
      }
  cut_to_depth (bt, 0);
}

/* The search loop: explores bt->current and what follows until success
 * (true) or exhaustion (false). */
static bool
search (LgBacktracking *bt)
{
  for (;;)
    {
      LgNode *node = bt->current;
      bool holds;
      bt->stats.nodes++;
      if (bt->hooks.trace)
        bt->hooks.trace (bt->context, LG_BT_EXPLORE, node, bt->n_alts, 0);
      switch (node->kind)
        {
        case LG_NODE_AND:
          if (node->n_children == 0)
            {
              holds = true;
              break;
            }
          if (node->n_children > 1)
            push_frame (bt, node, 1, bt->cont);
          bt->current = node->children[0];
          continue;
        case LG_NODE_OR:
          if (node->n_children == 0)
            {
              holds = false;
              break;
            }
          if (node->n_children > 1)
            {
              assert (bt->n_alts < bt->alts_cap);
              bt->hooks.push (bt->context);
              bt->alts[bt->n_alts++] =
                  (Alternative) { .node = node,
                                  .next = 1,
                                  .cont = bt->cont,
                                  .frame_mark = bt->n_frames };
            }
          bt->current = node->children[0];
          continue;
        case LG_NODE_CUT_POINT:
          if (node->n_children == 0)
            {
              holds = true;
              break;
            }
          push_frame (bt, NULL, (uint32_t) bt->n_alts, bt->cont);
          bt->current = node->children[0];
          continue;
        case LG_NODE_CUT:
          cut_to_cut_point (bt);
          holds = true;
          break;
        case LG_NODE_LEAF:
          bt->stats.leaves++;
          holds = bt->hooks.explore (bt->context, node);
          break;
        case LG_NODE_TRUE:
          holds = true;
          break;
        case LG_NODE_FALSE:
        default:
          holds = false;
          break;
        }
      if (holds)
        {
          if (!step_continue (bt))
            {
              bt->stats.successes++;
              if (bt->hooks.trace)
                bt->hooks.trace (bt->context, LG_BT_SUCCESS, NULL, bt->n_alts,
                                 0);
              return true;
            }
        }
      else if (!step_backtrack (bt))
        return false;
    }
}

bool
lg_backtracking_search_first (LgBacktracking *bt, LgNode *root)
{
  LgGraphSize size;
  lg_backtracking_measure (root, &size);
  bt->stats = (LgBacktrackingStats) { 0 };
  bt->hooks.clear (bt->context);
  bt->n_frames = bt->n_alts = 0;
  bt->cont = -1;
  if (size.max_path_frames + 1 > bt->frames_cap)
    {
      bt->frames_cap = (size_t) size.max_path_frames + 1;
      bt->frames = xrealloc (bt->frames, bt->frames_cap, sizeof *bt->frames);
    }
  if (size.max_path_alternatives + 1 > bt->alts_cap)
    {
      bt->alts_cap = (size_t) size.max_path_alternatives + 1;
      bt->alts = xrealloc (bt->alts, bt->alts_cap, sizeof *bt->alts);
    }
  if (!root)
    return false;
  bt->current = root;
  return search (bt);
}

bool
lg_backtracking_search_next (LgBacktracking *bt)
{
  if (!step_backtrack (bt))
    return false;
  return search (bt);
}

void
lg_backtracking_cut_all (LgBacktracking *bt)
{
  cut_to_depth (bt, 0);
}

/* ---- The flattened tree ------------------------------------------------ */

/* Lays out the subtree of node in pre-order from graph->n_nodes on; returns
 * its index.  The successors are written afterwards. */
static uint32_t
flatten (LgFlatGraph *graph, size_t *n_children_used, const LgNode *node)
{
  uint32_t self = (uint32_t) graph->n_nodes++;
  LgFlatNode *flat = &graph->nodes[self];
  flat->kind = (uint32_t) node->kind;
  flat->data = node->data;
  flat->next = LG_FLAT_DONE;
  flat->n_children = 0;
  flat->children = 0;
  if (node->kind != LG_NODE_AND && node->kind != LG_NODE_OR)
    return self;
  uint32_t first = (uint32_t) *n_children_used;
  *n_children_used += node->n_children;
  flat->n_children = node->n_children;
  flat->children = first;
  bool leaves_only = node->kind == LG_NODE_AND && node->n_children > 0;
  for (uint32_t i = 0; i < node->n_children; i++)
    {
      graph->children[first + i] =
          flatten (graph, n_children_used, node->children[i]);
      leaves_only = leaves_only && node->children[i]->kind == LG_NODE_LEAF;
    }
  /* the same steps with fewer tests in the loop: an OR node of one child
   * is an AND node of one, and one of none is FALSE */
  if (leaves_only)
    graph->nodes[self].kind = LG_FLAT_LEAF_RUN;
  else if (node->kind == LG_NODE_OR && node->n_children == 1)
    graph->nodes[self].kind = LG_NODE_AND;
  else if (node->n_children == 0)
    graph->nodes[self].kind =
        node->kind == LG_NODE_AND ? LG_NODE_TRUE : LG_NODE_FALSE;
  return self;
}

LgFlatGraph *
lg_flat_graph_new (const LgNode *root)
{
  if (!root)
    return NULL;
  LgGraphSize size;
  lg_backtracking_measure (root, &size);
  if (size.cuts > 0 || size.nodes >= LG_FLAT_DONE)
    return NULL;
  LgFlatGraph *graph = calloc (1, sizeof *graph);
  if (!graph)
    abort ();
  graph->nodes = xrealloc (NULL, (size_t) size.nodes, sizeof *graph->nodes);
  graph->children =
      xrealloc (NULL, (size_t) size.nodes, sizeof *graph->children);
  graph->max_alternatives = (size_t) size.max_path_alternatives;
  size_t n_children_used = 0;
  flatten (graph, &n_children_used, root);
  /* Parents come before their children: each node's successor is known
   * when it is reached, and it gives its children theirs. */
  for (size_t i = 0; i < graph->n_nodes; i++)
    {
      const LgFlatNode *node = &graph->nodes[i];
      const uint32_t *kids = graph->children + node->children;
      for (uint32_t k = 0; k < node->n_children; k++)
        graph->nodes[kids[k]].next =
            node->kind != LG_NODE_OR && k + 1 < node->n_children ? kids[k + 1]
                                                                 : node->next;
    }
  return graph;
}

void
lg_flat_graph_free (LgFlatGraph *graph)
{
  if (!graph)
    return;
  free (graph->nodes);
  free (graph->children);
  free (graph);
}

void
lg_flat_search_init (LgFlatSearch *search, const LgFlatGraph *graph)
{
  *search = (LgFlatSearch) { .graph = graph, .share = 1 };
  search->alts =
      xrealloc (NULL, graph->max_alternatives + 1, sizeof *search->alts);
}

void
lg_flat_search_clear (LgFlatSearch *search)
{
  free (search->alts);
  search->alts = NULL;
  search->n_alts = 0;
}
