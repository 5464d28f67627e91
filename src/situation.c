/* situation — see situation.h. */
#include "situation.h"

#include <setjmp.h>
#include <string.h>

#include "backtracking_flat.h"
#include "bitset.h"
#include "checker.h"
#include "pair.h"
#include "try_solution.h"

/* A leaf of the flattened tree: where its pair's mask is, and its words. */
typedef struct FlatLeaf FlatLeaf;

/* The words of masks a leaf reads that make a step of the limit
 * (lg_situation_set_step_limit): about as long as a node.  Counted by
 * leaf, rounded down: nothing up to 6 items (12 words a mask), where the
 * nodes and steps alone measure the work. */
#define MASK_WORDS_PER_STEP 16

struct LgSituation
{
  const LgProblem *problem;
  const LgPermut *permut;
  guint n_groups, n, n_pairs;
  size_t n_words, n_perms;
  uint64_t *masks; /* n_pairs masks */
  /* undo stack */
  uint64_t **undo_where;  /* per record: the mask it restores */
  gboolean runs_distinct; /* the flat tree's runs narrow distinct pairs */
  uint64_t *undo_words;
  size_t undo_top, undo_cap;
  size_t *marks;
  size_t n_marks, marks_cap;
  LgTrySolution *try_solution;
  /* the progress line: backtracks to an alternative and try_solution
   * visits */
  LgProgress *progress;
  guint64 steps;
  guint64 nodes_seen; /* the flat walk's nodes at its last push */
  /* lg_situation_set_step_limit: the flat walk leaves through `abort`
   * (longjmp) at the first push where its nodes and the steps are past
   * the limit; try_solution stops when the steps alone are */
  guint64 step_limit;
  gboolean over_limit;
  /* lg_situation_set_projected_limit: the flat walk's next checkpoint, in
   * units of the step limit, and the projection that stopped it */
  guint64 projected_limit, checkpoint;
  double projected;
  /* the steps of the words of masks the leaves of the flat walk read
   * (MASK_WORDS_PER_STEP): 4 a leaf at 7 items (79 words a mask), where a
   * node costs ten times one at 5 */
  guint64 mask_steps;
  LgDeadline *deadline; /* lg_situation_set_deadline: asked at each push */
  jmp_buf abort;
  /* --prune: yes[i * n + j], the permutations with p[i] == j.  A table
   * of relations holds, per ordered pair of groups (a, b) and item i of a,
   * the items of b that i may go with (bits), G * G * n words; rel holds
   * undo_cap + 1 of them: rel table k is the consistent closure of the
   * masks when the undo stack is k records high (the records are the
   * masks' changes, so the height names the state on the current path).
   * queue and queued: the pairs (a < b) left to revise, each once. */
  gboolean prune;
  uint64_t *yes;
  uint32_t *rel;
  size_t rel_size; /* words of one table */
  guint *queue;
  gboolean *queued;
  guint queue_head, n_queued; /* a ring of n_pairs */
  guint64 pruned;             /* checks that failed */
  /* --trace */
  FILE *trace;
  LgTraceMasksFunc trace_masks;
  gpointer trace_masks_data;
  size_t depth;
#ifdef LG_ENABLE_CHECKS
  LgMaskChecker *checker; /* the masks at each alternative point */
#endif
  /* the flattened tree of flat_prepare, made once for the estimate and the
   * exploration: its root, the graph, its leaves' payloads */
  const LgNode *flat_root;
  LgFlatGraph *flat;
  FlatLeaf *flat_leaves;
};

LgSituation *
lg_situation_new (const LgProblem *problem, const LgConstraintSet *set,
                  const LgPermut *permut, const LgAndOrTree *tree,
                  const LgSolveOptions *options, LgProgress *progress)
{
  LgSituation *s = g_new0 (LgSituation, 1);
  s->problem = problem;
  s->permut = permut;
  s->n_groups = lg_problem_n_groups (problem);
  s->n = (guint) permut->n;
  s->n_pairs = lg_pair_count (s->n_groups);
  s->n_perms = permut->count;
  s->n_words = lg_bitset_n_words (permut->count);
  s->masks = g_new (uint64_t, MAX (s->n_pairs, 1) * s->n_words);
  for (guint i = 0; i < s->n_pairs; i++)
    lg_bitset_set_all (s->masks + i * s->n_words, s->n_perms);

  LgGraphSize size;
  lg_backtracking_measure (tree->root, &size);
  s->undo_cap = (size_t) size.max_path_leaves + 1;
  s->undo_where = g_new (uint64_t *, s->undo_cap);
  s->undo_words = g_new (uint64_t, s->undo_cap * s->n_words);
  s->marks_cap = (size_t) size.max_path_alternatives + 1;
  s->marks = g_new (size_t, s->marks_cap);

  s->progress = progress;
  s->step_limit = G_MAXUINT64;
  s->projected_limit = s->checkpoint = G_MAXUINT64;
  s->trace = options->trace;
  s->prune = options->prune;
  if (s->prune)
    {
      s->yes = g_new0 (uint64_t, (size_t) s->n * s->n * s->n_words);
      for (size_t r = 0; r < s->n_perms; r++)
        {
          const uint8_t *p = lg_permut_get (permut, r);
          for (guint i = 0; i < s->n; i++)
            lg_bitset_set (s->yes + ((size_t) i * s->n + p[i]) * s->n_words, r);
        }
      /* table 0: all masks full, every item may go with every item */
      s->rel_size = (size_t) s->n_groups * s->n_groups * s->n;
      s->rel = g_new (uint32_t, (s->undo_cap + 1) * s->rel_size);
      uint32_t all = s->n >= 32 ? UINT32_MAX : (UINT32_C (1) << s->n) - 1;
      for (size_t k = 0; k < s->rel_size; k++)
        s->rel[k] = all;
      s->queue = g_new (guint, MAX (s->n_pairs, 1));
      s->queued = g_new0 (gboolean, MAX (s->n_pairs, 1));
    }
  s->trace_masks = options->trace_masks;
  s->trace_masks_data = options->trace_masks_data;
  s->try_solution =
      lg_try_solution_new (problem, set, permut, s->masks, tree, options->check,
                           progress, &s->steps, options->trace);
  lg_try_solution_show (s->try_solution, &s->nodes_seen);
#ifdef LG_ENABLE_CHECKS
  s->checker = lg_mask_checker_new (s->masks, s->n_pairs, s->n_perms);
#endif
  return s;
}

guint64
lg_situation_bytes (const LgProblem *problem, const LgAndOrTree *tree,
                    LgCheck check, gboolean prune)
{
  guint n_groups = lg_problem_n_groups (problem);
  guint n = lg_problem_dimension (problem);
  guint64 words = lg_bitset_n_words ((size_t) lg_permut_factorial ((int) n));
  /* without the tree, try_solution's tables of the pairs it narrows are
   * not counted: no table is made before the tree */
  guint64 bytes =
      sizeof (LgSituation) +
      MAX (lg_pair_count (n_groups), 1) * words * sizeof (uint64_t) +
      lg_try_solution_bytes (n_groups, n, check,
                             tree ? lg_try_solution_narrowed (tree, n_groups)
                                  : 0);
  if (!tree)
    return bytes;
  LgGraphSize size;
  lg_backtracking_measure (tree->root, &size);
  /* --prune: yes, a table of relations per height of the undo stack, the
   * queue of pairs (lg_situation_new) */
  if (prune)
    bytes += (guint64) n * n * words * sizeof (uint64_t) +
             (size.max_path_leaves + 2) * n_groups * n_groups * n *
                 sizeof (uint32_t) +
             MAX (lg_pair_count (n_groups), 1) *
                 (sizeof (guint) + sizeof (gboolean));
  /* the undo stack and the marks (lg_situation_new), the flat graph, its
   * leaves' payloads and the walk's alternatives (flat_prepare) */
  return bytes +
         (size.max_path_leaves + 1) *
             (sizeof (uint64_t *) + words * sizeof (uint64_t)) +
         (size.max_path_alternatives + 1) *
             (sizeof (size_t) + sizeof (LgFlatAlternative)) +
         size.nodes *
             (sizeof (LgFlatNode) + sizeof (uint32_t) + 2 * sizeof (void *));
}

void
lg_situation_free (LgSituation *s)
{
  if (!s)
    return;
  g_free (s->masks);
  g_free (s->undo_where);
  g_free (s->undo_words);
  g_free (s->marks);
  g_free (s->yes);
  g_free (s->rel);
  g_free (s->queue);
  g_free (s->queued);
  lg_try_solution_free (s->try_solution);
#ifdef LG_ENABLE_CHECKS
  lg_mask_checker_free (s->checker);
#endif
  lg_flat_graph_free (s->flat);
  g_free (s->flat_leaves);
  g_free (s);
}

const uint64_t *
lg_situation_mask (const LgSituation *s, guint g1, guint g2)
{
  return s->masks + lg_pair_index (g1, g2) * s->n_words;
}

void
lg_situation_get_counts (const LgSituation *s, guint64 *candidates,
                         guint64 *checks, guint64 *solutions,
                         guint64 *candidates_saved)
{
  lg_try_solution_get_counts (s->try_solution, candidates, checks, solutions,
                              candidates_saved);
}

void
lg_situation_get_levels (const LgSituation *s, guint64 *candidates,
                         guint64 *checks, guint n_levels)
{
  lg_try_solution_get_levels (s->try_solution, candidates, checks, n_levels);
}

void
lg_situation_set_step_limit (LgSituation *s, guint64 limit)
{
  s->step_limit = limit;
  lg_try_solution_set_step_limit (s->try_solution, limit);
}

/* The first checkpoint of the projection: about a millisecond. */
#define FIRST_CHECKPOINT (G_GUINT64_CONSTANT (1) << 17)

void
lg_situation_set_projected_limit (LgSituation *s, guint64 limit)
{
  s->projected_limit = limit;
}

gboolean
lg_situation_over_limit (const LgSituation *s)
{
  return s->over_limit;
}

double
lg_situation_projected (const LgSituation *s)
{
  return s->projected;
}

guint64
lg_situation_walked (const LgSituation *s)
{
  return s->nodes_seen;
}

guint64
lg_situation_work (const LgSituation *s)
{
  return s->steps + s->mask_steps;
}

void
lg_situation_set_deadline (LgSituation *s, LgDeadline *deadline)
{
  s->deadline = deadline;
  lg_try_solution_set_deadline (s->try_solution, deadline);
}

void
lg_situation_set_distinct (LgSituation *s, guint64 budget)
{
  lg_try_solution_set_distinct (s->try_solution, budget);
}

guint64
lg_situation_distinct_bytes (const LgSituation *s)
{
  return lg_try_solution_distinct_bytes (s->try_solution);
}

gboolean
lg_situation_over_memory (const LgSituation *s)
{
  return lg_try_solution_over_memory (s->try_solution);
}

guint64
lg_situation_duplicates (const LgSituation *s)
{
  return lg_try_solution_duplicates (s->try_solution);
}

gboolean
lg_situation_try_solution (LgSituation *s, LgSolutionFunc func,
                           gpointer user_data)
{
  return lg_try_solution_run (s->try_solution, s->depth, func, user_data);
}

/* The self-checks of --enable-checks at the explorer's moments (checker.h);
 * nothing otherwise. */
#ifdef LG_ENABLE_CHECKS
#define CHECK_MASKS(call) call
#else
#define CHECK_MASKS(call) ((void) 0)
#endif

/* ---- Context hooks ------------------------------------------------------ */

/* Out of the walk (the flat one or the generic explorer, in
 * lg_situation_explore) at the step limit or the deadline: nothing to
 * free, neither walk allocates. */
G_GNUC_NO_INLINE G_GNUC_NORETURN static void
leave_walk (LgSituation *s)
{
  longjmp (s->abort, 1);
}

static void
context_clear (void *context)
{
  LgSituation *s = context;
  s->undo_top = 0;
  s->n_marks = 0;
  CHECK_MASKS (lg_mask_checker_clear (s->checker));
}

static void
context_push (void *context)
{
  LgSituation *s = context;
  if (G_UNLIKELY (lg_deadline_passed (s->deadline)))
    leave_walk (s);
  g_assert (s->n_marks < s->marks_cap);
  s->marks[s->n_marks++] = s->undo_top;
  CHECK_MASKS (lg_mask_checker_push (s->checker));
}

/* Undoes the records above mark: each gives back a mask its old words. */
static inline void
undo_to (LgSituation *s, size_t mark, const size_t n_words)
{
  /* locals: the masks are uint64_t, like size_t, so a store into them
   * would otherwise make the compiler reload s->undo_top */
  uint64_t *const *where = s->undo_where;
  const uint64_t *undo_words = s->undo_words;
  for (size_t top = s->undo_top; top > mark;)
    {
      top--;
      uint64_t *value = where[top];
      const uint64_t *saved = undo_words + top * n_words;
      for (size_t w = 0; w < n_words; w++)
        value[w] = saved[w];
    }
  s->undo_top = MIN (s->undo_top, mark);
}

/* Back to the top mark, which pop drops. */
static void
restore_top (LgSituation *s, gboolean pop)
{
  size_t mark = s->marks[s->n_marks - 1];
  lg_progress_tick (s->progress, ++s->steps);
  switch (s->n_words)
    {
    case 1:
      undo_to (s, mark, 1);
      break;
    case 2:
      undo_to (s, mark, 2);
      break;
    default:
      undo_to (s, mark, s->n_words);
    }
  s->n_marks -= pop;
  CHECK_MASKS (lg_mask_checker_restore (s->checker, pop));
}

static void
context_restore (void *context)
{
  restore_top (context, FALSE);
}

static void
context_restore_and_pop (void *context)
{
  restore_top (context, TRUE);
}

static void
context_cut (void *context)
{
  LgSituation *s = context;
  s->n_marks--;
  CHECK_MASKS (lg_mask_checker_cut (s->checker));
}

static void
trace_pair (LgSituation *s, guint pair)
{
  guint g1, g2;
  lg_pair_groups (pair, &g1, &g2);
  fprintf (s->trace, "%s-%s", lg_problem_get_group (s->problem, g1)->name,
           lg_problem_get_group (s->problem, g2)->name);
}

static void
trace_mask (LgSituation *s, guint pair, size_t before, size_t after)
{
  fprintf (s->trace, "%*smask ", (int) (2 * s->depth + 2), "");
  trace_pair (s, pair);
  if (after)
    fprintf (s->trace, ": %zu -> %zu remaining\n", before, after);
  else
    fprintf (s->trace, ": %zu -> empty\n", before);
}

/* NODE_MASK.explore and SITUATION.change: narrows the mask at value (a
 * pair's words) by the leaf's words; false when it becomes empty.  A mask
 * that the leaf leaves unchanged needs no undo record (the pair's mask is
 * never empty between steps, so it still holds).  Written for a constant
 * number of words so that the common sizes (n <= 5: 1 or 2 words) compile
 * to straight code. */
static inline bool
narrow (LgSituation *s, uint64_t *value, const uint64_t *words,
        const size_t n_words)
{
  uint64_t cleared = 0;
  for (size_t w = 0; w < n_words; w++)
    cleared |= value[w] & ~words[w];
  if (!cleared)
    return true;
  size_t top = s->undo_top;
#ifdef LG_ENABLE_CHECKS
  /* a path holds at most undo_cap leaves (lg_backtracking_measure) */
  g_assert (top < s->undo_cap);
#endif
  uint64_t *saved = s->undo_words + top * n_words;
  s->undo_where[top] = value;
  s->undo_top = top + 1;
  uint64_t any = 0;
  for (size_t w = 0; w < n_words; w++)
    {
      uint64_t old = value[w];
      saved[w] = old;
      any |= value[w] = old & words[w];
    }
  return any != 0;
}

/* --prune: the projection of a pair mask (a, b) into ab: ab[i], the items
 * j of b that some permutation left in mask puts with item i of a. */
static void
project (const LgSituation *s, const uint64_t *mask, uint32_t *ab)
{
  const guint n = s->n;
  const size_t n_words = s->n_words;
  for (guint i = 0; i < n; i++)
    {
      ab[i] = 0;
      for (guint j = 0; j < n; j++)
        {
          const uint64_t *yes = s->yes + ((size_t) i * n + j) * n_words;
          uint64_t any = 0;
          for (size_t w = 0; w < n_words; w++)
            any |= mask[w] & yes[w];
          if (any)
            ab[i] |= UINT32_C (1) << j;
        }
    }
}

#define REL(rel, a, b) ((rel) + ((size_t) (a) *s->n_groups + (b)) * s->n)

static void
enqueue (LgSituation *s, guint a, guint b)
{
  guint pair = lg_pair_index_of (a, b);
  if (!s->queued[pair])
    {
      s->queued[pair] = TRUE;
      s->queue[(s->queue_head + s->n_queued++) % s->n_pairs] = pair;
    }
}

/* The pairs whose supports go through (a, b): (a, c) and (b, c). */
static void
enqueue_around (LgSituation *s, guint a, guint b)
{
  for (guint c = 0; c < s->n_groups; c++)
    if (c != a && c != b)
      {
        enqueue (s, a, c);
        enqueue (s, b, c);
      }
}

/* Removes from the relation (a, b) of table rel every (i, j) that some
 * third group c does not support (no item of c that both i and j may go
 * with).  Returns -1 when an item of a or b is left without a partner, 1
 * when something was removed, 0 otherwise. */
static int
revise (LgSituation *s, uint32_t *rel, guint a, guint b)
{
  const guint G = s->n_groups, n = s->n;
  uint32_t *ab = REL (rel, a, b), *ba = REL (rel, b, a);
  int changed = 0;
  for (guint i = 0; i < n; i++)
    {
      for (uint32_t js = ab[i]; js; js &= js - 1)
        {
          guint j = (guint) __builtin_ctz (js);
          for (guint c = 0; c < G; c++)
            if (c != a && c != b && !(REL (rel, a, c)[i] & REL (rel, b, c)[j]))
              {
                ab[i] &= ~(UINT32_C (1) << j);
                ba[j] &= ~(UINT32_C (1) << i);
                changed = 1;
                break;
              }
        }
      if (!ab[i])
        return -1;
    }
  for (guint j = 0; j < n && changed; j++)
    if (!ba[j])
      return -1;
  return changed;
}

/* The closure of table rel after (a, b) lost pairs: the pairs around it
 * revised until nothing changes (AC-3's worklist, on pairs of groups).
 * FALSE when an item is left without a partner. */
static bool
propagate (LgSituation *s, uint32_t *rel, guint a, guint b)
{
  s->n_queued = s->queue_head = 0;
  enqueue_around (s, a, b);
  bool holds = true;
  while (s->n_queued)
    {
      guint pair = s->queue[s->queue_head], p, q;
      s->queue_head = (s->queue_head + 1) % s->n_pairs;
      s->n_queued--;
      s->queued[pair] = FALSE;
      if (!holds)
        continue; /* only clearing the flags */
      lg_pair_groups (pair, &p, &q);
      int r = revise (s, rel, p, q);
      if (r < 0)
        holds = false;
      else if (r > 0)
        enqueue_around (s, p, q);
    }
  return holds;
}

/* A leaf under --prune: narrow the mask at value, then bring the closure
 * of the masks up to date (situation.h): the table of the state before,
 * copied one level up, the narrowed pair's projection ANDed in, then the
 * pairs around it revised.  An unchanged mask or projection keeps the
 * closure, which held. */
static bool
narrow_pruning (LgSituation *s, uint64_t *value, const uint64_t *words)
{
  size_t top = s->undo_top;
  if (!narrow (s, value, words, s->n_words))
    return false;
  if (s->undo_top == top)
    return true;
  const guint n = s->n;
  uint32_t *rel = s->rel + (top + 1) * s->rel_size;
  memcpy (rel, rel - s->rel_size, s->rel_size * sizeof *rel);
  guint a, b;
  lg_pair_groups ((guint) ((size_t) (value - s->masks) / s->n_words), &a, &b);
  uint32_t projection[32];
  project (s, value, projection);
  uint32_t *ab = REL (rel, a, b), *ba = REL (rel, b, a);
  bool changed = false;
  for (guint i = 0; i < n; i++)
    {
      uint32_t kept = ab[i] & projection[i];
      changed |= kept != ab[i];
      ab[i] = kept;
    }
  if (!changed)
    return true;
  memset (ba, 0, n * sizeof *ba);
  bool holds = true;
  for (guint i = 0; i < n; i++)
    {
      holds = holds && ab[i];
      for (uint32_t js = ab[i]; js; js &= js - 1)
        ba[__builtin_ctz (js)] |= UINT32_C (1) << i;
    }
  for (guint j = 0; j < n; j++)
    holds = holds && ba[j];
  if (holds && propagate (s, rel, a, b))
    return true;
  s->pruned++;
  return false;
}
#undef REL

/* The explore hook of the generic explorer, which --trace takes. */
static bool
explore_mask (void *context, LgNode *leaf)
{
  LgSituation *s = context;
  const LgMaskNode *m = leaf->data;
  uint64_t *value = s->masks + m->pair * s->n_words;
  if (!s->trace)
    return s->prune ? narrow_pruning (s, value, m->words)
                    : narrow (s, value, m->words, s->n_words);
  size_t before = lg_bitset_count (value, s->n_words);
  guint64 pruned = s->pruned;
  bool holds = s->prune ? narrow_pruning (s, value, m->words)
                        : narrow (s, value, m->words, s->n_words);
  size_t after = lg_bitset_count (value, s->n_words);
  trace_mask (s, m->pair, before, holds || s->pruned > pruned ? after : 0);
  if (s->pruned > pruned)
    fprintf (s->trace, "%*spruned: an item has no partner left\n",
             (int) (2 * s->depth + 2), "");
  return holds;
}

static const char *
node_name (const LgNode *node)
{
  switch (node->kind)
    {
    case LG_NODE_AND:
      return "AND";
    case LG_NODE_OR:
      return "OR";
    case LG_NODE_TRUE:
      return "TRUE";
    case LG_NODE_FALSE:
      return "FALSE";
    default:
      return NULL;
    }
}

/* --trace: the explorer's steps, indented by the number of open
 * alternatives. */
static void
trace_step (void *context, LgBacktrackingEvent event, const LgNode *node,
            size_t depth, uint32_t index)
{
  LgSituation *s = context;
  FILE *out = s->trace;
  s->depth = depth;
  int indent = (int) (2 * depth);
  switch (event)
    {
    case LG_BT_EXPLORE:
      if (node_name (node))
        {
          fprintf (out, "%*sexplore %s (%u)", indent, "", node_name (node),
                   node->n_children);
          lg_node_label_print (out, node);
          fputc ('\n', out);
        }
      break;
    case LG_BT_BACKTRACK:
      fprintf (out, "%*sbacktrack\n", indent, "");
      break;
    case LG_BT_ALTERNATIVE:
      fprintf (out, "%*salternative %u of %u\n", indent, "", index + 1,
               node->n_children);
      break;
    case LG_BT_SUCCESS:
      fprintf (out, "%*sthe whole tree holds: try_solution\n", indent, "");
      if (s->trace_masks)
        s->trace_masks (out, s->masks, s->trace_masks_data);
      break;
    case LG_BT_EXHAUSTED:
      fprintf (out, "no alternative left: the exploration is over\n");
      break;
    }
}

const LgBacktrackingHooks lg_situation_hooks = {
  .clear = context_clear,
  .push = context_push,
  .restore = context_restore,
  .restore_and_pop = context_restore_and_pop,
  .cut = context_cut,
  .explore = explore_mask,
};

const LgBacktrackingHooks lg_situation_trace_hooks = {
  .clear = context_clear,
  .push = context_push,
  .restore = context_restore,
  .restore_and_pop = context_restore_and_pop,
  .cut = context_cut,
  .explore = explore_mask,
  .trace = trace_step,
};

/* ---- The exploration ------------------------------------------------------ */

/* The same hooks for the flattened tree (backtracking_flat.h), with the
 * number of words a constant so that each instance compiles to straight
 * code; there is no trace on this path.  A leaf's payload there is the
 * situation's own FlatLeaf: where its pair's mask is and its words. */
struct FlatLeaf
{
  uint64_t *value;
  const uint64_t *words;
};

/* At a checkpoint of the projection (lg_situation_set_projected_limit):
 * the walk leaves when work / done passes the limit; the next checkpoint
 * at a quarter more work. */
G_GNUC_NO_INLINE static void
checkpoint (LgSituation *s, guint64 work, double done)
{
  s->checkpoint = work > G_MAXUINT64 / 2 ? G_MAXUINT64 : work + work / 4;
  if ((double) work > done * (double) s->projected_limit)
    {
      s->projected = done > 0 ? (double) work / done : G_MAXDOUBLE;
      s->over_limit = TRUE;
      leave_walk (s);
    }
}

LG_FLAT_INLINE size_t
flat_push (void *context, uint64_t nodes, double done)
{
  LgSituation *s = context;
  /* the progress line counts alternative points here, on the restores
   * with the generic explorer: the push is the rarer step of the two */
  ++s->steps;
  s->nodes_seen = nodes;
  lg_progress_tick_share (s->progress, nodes, done);
  guint64 work = s->steps + nodes + s->mask_steps;
  if (G_UNLIKELY (work > s->step_limit))
    {
      s->over_limit = TRUE;
      leave_walk (s);
    }
  if (G_UNLIKELY (work > s->checkpoint))
    checkpoint (s, work, done);
  if (G_UNLIKELY (lg_deadline_passed (s->deadline)))
    leave_walk (s);
  CHECK_MASKS (lg_mask_checker_push (s->checker));
  return s->undo_top;
}

LG_FLAT_INLINE void
flat_restore (LgSituation *s, size_t mark, bool pop, const size_t n_words)
{
  /* mostly nothing to undo: a failed run changes nothing */
  if (s->undo_top > mark)
    undo_to (s, mark, n_words);
  CHECK_MASKS (lg_mask_checker_restore (s->checker, pop));
  (void) pop;
}

/* The leaves of a run, in a row.  When their pairs are distinct (always in
 * the mask builder's trees: one leaf per pair in an AND node), each is
 * checked against the masks as they are, and nothing changes unless all
 * hold: a failed run costs no undo records (LgFlatRunFunc allows it). */
LG_FLAT_INLINE uint32_t
flat_run (LgSituation *s, const LgFlatNode *leaves, uint32_t n,
          const size_t n_words)
{
  if (s->runs_distinct)
    for (uint32_t k = 0; k < n; k++)
      {
        const FlatLeaf *leaf = leaves[k].data;
        uint64_t any = 0;
        for (size_t w = 0; w < n_words; w++)
          any |= leaf->value[w] & leaf->words[w];
        if (!any)
          return k;
      }
  for (uint32_t k = 0; k < n; k++)
    {
      const FlatLeaf *leaf = leaves[k].data;
      if (!narrow (s, leaf->value, leaf->words, n_words))
        return k;
    }
  return n;
}

#define LG_FLAT_HOOKS(suffix, n_words)                                         \
  static bool flat_leaf_##suffix (void *context, void *data)                   \
  {                                                                            \
    const FlatLeaf *leaf = data;                                               \
    ((LgSituation *) context)->mask_steps += n_words / MASK_WORDS_PER_STEP;    \
    return narrow (context, leaf->value, leaf->words, n_words);                \
  }                                                                            \
  static uint32_t flat_run_##suffix (void *context, const LgFlatNode *leaves,  \
                                     uint32_t n)                               \
  {                                                                            \
    ((LgSituation *) context)->mask_steps +=                                   \
        (guint64) n * (n_words / MASK_WORDS_PER_STEP);                         \
    return flat_run (context, leaves, n, n_words);                             \
  }                                                                            \
  static void flat_restore_##suffix (void *context, size_t mark, bool pop)     \
  {                                                                            \
    flat_restore (context, mark, pop, n_words);                                \
  }
LG_FLAT_HOOKS (1, 1)
LG_FLAT_HOOKS (2, 2)
LG_FLAT_HOOKS (n, ((LgSituation *) context)->n_words)
#undef LG_FLAT_HOOKS

/* --prune: each leaf checked as it narrows, the number of words not a
 * constant (the check costs more than the narrowing). */
static bool
flat_leaf_prune (void *context, void *data)
{
  const FlatLeaf *leaf = data;
  return narrow_pruning (context, leaf->value, leaf->words);
}

static uint32_t
flat_run_prune (void *context, const LgFlatNode *leaves, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    {
      const FlatLeaf *leaf = leaves[k].data;
      if (!narrow_pruning (context, leaf->value, leaf->words))
        return k;
    }
  return n;
}

/* Do the leaves of each run narrow distinct pairs? */
static gboolean
runs_distinct (const LgFlatGraph *flat, const FlatLeaf *leaves)
{
  for (size_t i = 0; i < flat->n_nodes; i++)
    if (flat->nodes[i].kind == LG_FLAT_LEAF_RUN)
      for (uint32_t a = 1; a <= flat->nodes[i].n_children; a++)
        for (uint32_t b = a + 1; b <= flat->nodes[i].n_children; b++)
          if (leaves[i + a].value == leaves[i + b].value)
            return FALSE;
  return TRUE;
}

static gboolean
flat_search (LgSituation *s, LgFlatSearch *search, gboolean next)
{
  switch (s->n_words)
    {
    case 1:
      return lg_flat_search_run (search, next, s, flat_leaf_1, flat_run_1,
                                 flat_push, flat_restore_1);
    case 2:
      return lg_flat_search_run (search, next, s, flat_leaf_2, flat_run_2,
                                 flat_push, flat_restore_2);
    default:
      return lg_flat_search_run (search, next, s, flat_leaf_n, flat_run_n,
                                 flat_push, flat_restore_n);
    }
}

/* The walk itself, apart from lg_situation_explore: the setjmp there would
 * keep the compiler from optimising the walk's loop as well. */
G_GNUC_NO_INLINE static void
flat_walk (LgSituation *s, LgFlatSearch *search, LgSolutionFunc func,
           gpointer user_data)
{
  for (gboolean next = FALSE; flat_search (s, search, next); next = TRUE)
    if (!lg_situation_try_solution (s, func, user_data))
      break;
}

/* The generic explorer's walk (a trace, or a tree that cannot be
 * flattened), apart from lg_situation_explore for its setjmp, as
 * flat_walk. */
G_GNUC_NO_INLINE static void
generic_walk (LgSituation *s, LgBacktracking *explorer, LgNode *root,
              LgSolutionFunc func, gpointer user_data)
{
  for (bool found = lg_backtracking_search_first (explorer, root); found;
       found = lg_backtracking_search_next (explorer))
    if (!lg_situation_try_solution (s, func, user_data))
      break;
}

/* The same walk under --prune, apart so that the default one stays as it
 * was, instruction for instruction. */
G_GNUC_NO_INLINE static void
flat_walk_prune (LgSituation *s, LgFlatSearch *search, LgSolutionFunc func,
                 gpointer user_data)
{
  for (gboolean next = FALSE;
       lg_flat_search_run (search, next, s, flat_leaf_prune, flat_run_prune,
                           flat_push, flat_restore_n);
       next = TRUE)
    if (!lg_situation_try_solution (s, func, user_data))
      break;
}

/* The flat form of the tree under root, its leaves' payloads pointing to
 * the situation's masks; NULL when it cannot be flattened.  Made at the
 * first call, kept for the next ones (the estimate, then the exploration,
 * walk the same tree). */
static LgFlatGraph *
flat_prepare (LgSituation *s, const LgNode *root)
{
  if (s->flat && s->flat_root == root)
    return s->flat;
  lg_flat_graph_free (s->flat);
  g_free (s->flat_leaves);
  s->flat_leaves = NULL;
  s->flat_root = root;
  s->flat = lg_flat_graph_new (root);
  if (!s->flat)
    return NULL;
  FlatLeaf *leaves = s->flat_leaves = g_new (FlatLeaf, s->flat->n_nodes);
  for (size_t i = 0; i < s->flat->n_nodes; i++)
    if (s->flat->nodes[i].kind == LG_NODE_LEAF)
      {
        const LgMaskNode *m = s->flat->nodes[i].data;
        leaves[i] = (FlatLeaf) { s->masks + m->pair * s->n_words, m->words };
        s->flat->nodes[i].data = &leaves[i];
      }
  s->runs_distinct = runs_distinct (s->flat, leaves);
  return s->flat;
}

void
lg_situation_explore (LgSituation *s, LgNode *root, gboolean generic,
                      LgSolutionFunc func, gpointer user_data,
                      LgBacktrackingStats *stats)
{
  LgFlatGraph *flat = generic ? NULL : flat_prepare (s, root);
  if (flat)
    {
      LgFlatSearch search;
      lg_flat_search_init (&search, flat);
      context_clear (s);
      s->checkpoint =
          s->projected_limit == G_MAXUINT64 ? G_MAXUINT64 : FIRST_CHECKPOINT;
      s->projected = 0;
      if (setjmp (s->abort) == 0)
        (s->prune ? flat_walk_prune : flat_walk) (s, &search, func, user_data);
      /* try_solution stops at steps past the limit, the walk at steps and
       * nodes past it (leave_walk) */
      s->over_limit |= s->steps + s->mask_steps > s->step_limit;
      *stats = search.stats;
      lg_flat_search_clear (&search);
      return;
    }
  LgBacktracking *explorer = lg_backtracking_new (
      s->trace ? &lg_situation_trace_hooks : &lg_situation_hooks, s);
  if (setjmp (s->abort) == 0)
    generic_walk (s, explorer, root, func, user_data);
  *stats = *lg_backtracking_stats (explorer);
  lg_backtracking_free (explorer);
}

/* ---- Estimating the exploration ------------------------------------------ */

static uint64_t
splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Walks from node `current` as the flat search does, up to the next OR
 * node (returned), a failure (LG_FLAT_DONE, *holds FALSE) or the success
 * of the whole tree (LG_FLAT_DONE, *holds TRUE); adds to *nodes the nodes
 * the search counts on the way. */
static uint32_t
walk_to_choice (LgSituation *s, const LgFlatGraph *flat, uint32_t current,
                gboolean *holds, double *nodes)
{
  const LgFlatNode *all = flat->nodes;
  for (;;)
    {
      const LgFlatNode *node = &all[current];
      if (node->kind == LG_NODE_OR)
        return current;
      *nodes += 1;
      if (node->kind == LG_FLAT_LEAF_RUN)
        {
          uint32_t n = node->n_children;
          uint32_t yes = flat_run (s, node + 1, n, s->n_words);
          *nodes += yes < n ? yes + 1 : n;
          if (yes < n)
            break;
        }
      else if (node->kind == LG_NODE_AND)
        {
          current++;
          continue;
        }
      else if (node->kind == LG_NODE_LEAF)
        {
          const FlatLeaf *leaf = node->data;
          if (!narrow (s, leaf->value, leaf->words, s->n_words))
            break;
        }
      else if (node->kind != LG_NODE_TRUE)
        break;
      current = node->next;
      if (current == LG_FLAT_DONE)
        {
          *holds = TRUE;
          return LG_FLAT_DONE;
        }
    }
  *holds = FALSE;
  return LG_FLAT_DONE;
}

/* One probe: the walk of the flat search, following at each OR node one
 * child at random among those that survive up to the next OR node or the
 * success (the viable ones), instead of all in turn: Knuth's estimator with
 * the degree of a node taken as its number of viable children, so that the
 * probes do not die at once in trees where most children fail.  Each node
 * met stands for `weight` nodes of the whole search (the product of the
 * degrees above it); the children that fail are counted as the search
 * counts them.  viable: room for the children of the widest OR node. */
static void
probe (LgSituation *s, const LgFlatGraph *flat, uint64_t *rng, uint32_t *viable,
       LgEstimate *e)
{
  double weight = 1;
  gboolean holds;
  double nodes = 0;
  context_clear (s);
  uint32_t current = walk_to_choice (s, flat, 0, &holds, &nodes);
  e->nodes += nodes;
  while (current != LG_FLAT_DONE)
    {
      const LgFlatNode *node = &flat->nodes[current];
      const uint32_t *kids = flat->children + node->children;
      e->nodes += weight; /* the OR node */
      e->steps += weight; /* its push */
      uint32_t n_viable = 0;
      for (uint32_t c = 0; c < node->n_children; c++)
        {
          size_t mark = s->undo_top;
          nodes = 0;
          uint32_t next = walk_to_choice (s, flat, kids[c], &holds, &nodes);
          e->nodes += weight * nodes;
          if (next != LG_FLAT_DONE || holds)
            viable[n_viable++] = c;
          undo_to (s, mark, s->n_words);
        }
      holds = FALSE;
      if (n_viable == 0)
        break;
      uint32_t c = viable[splitmix64 (rng) % n_viable];
      weight *= n_viable;
      nodes = 0; /* counted above */
      current = walk_to_choice (s, flat, kids[c], &holds, &nodes);
    }
  if (holds)
    e->successes += weight;
  undo_to (s, 0, s->n_words);
}

void
lg_situation_estimate (LgSituation *s, const LgNode *root, guint n_probes,
                       uint64_t seed, LgEstimate *e)
{
  *e = (LgEstimate) { 0 };
  const LgFlatGraph *flat = flat_prepare (s, root);
  if (!flat)
    {
      e->unknown = TRUE;
      return;
    }
  uint32_t widest = 1;
  for (size_t i = 0; i < flat->n_nodes; i++)
    if (flat->nodes[i].kind == LG_NODE_OR)
      widest = MAX (widest, flat->nodes[i].n_children);
  g_autofree uint32_t *viable = g_new (uint32_t, widest);
  uint64_t rng = seed;
  for (guint p = 0; p < n_probes; p++)
    probe (s, flat, &rng, viable, e);
  e->probes = n_probes;
  if (n_probes)
    {
      e->nodes /= n_probes;
      e->steps /= n_probes;
      e->successes /= n_probes;
    }
}
