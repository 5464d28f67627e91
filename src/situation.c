/* situation — see situation.h. */
#include "situation.h"

#include <string.h>

#include "backtracking_flat.h"
#include "bitset.h"
#include "constraint.h"
#include "constraint_set.h"
#include "views.h"

/* Counting the bits of a candidate set: on x86-64 without the popcnt
 * instruction in the baseline, a variant that uses it is chosen at run time
 * when the processor has it. */
typedef size_t (*LgCountFunc) (const uint64_t *words, size_t n_words);

static size_t
count_portable (const uint64_t *words, size_t n_words)
{
  return lg_bitset_count (words, n_words);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define LG_POPCNT_DISPATCH 1
__attribute__ ((target ("popcnt"))) static size_t
count_popcnt (const uint64_t *words, size_t n_words)
{
  size_t c = 0;
  for (size_t w = 0; w < n_words; w++)
    c += (size_t) __builtin_popcountll (words[w]);
  return c;
}
#endif

struct LgSituation
{
  LgProblem *problem;
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
  /* try_solution */
  LgCheck check;
  LgSolution solution;
  size_t *rank; /* per group: rank of solution.perm[g] */
  uint8_t *identity;
  uint8_t *composed;
  uint16_t *inverse; /* rank -> rank of the inverse (n <= 8) */
  /* n <= LG_COMPOSE_MAX_N: */
  uint16_t *swaps;        /* (n-1) x n!: lg_permut_adjacent_swaps */
  uint16_t *compose;      /* n! rows: row t maps q to rank (perm q o perm
                              t); allocated at once, each row filled on
                              first use */
  uint8_t *compose_ready; /* per row: filled? */

  uint64_t *candidates_of; /* per group: its candidate set (INTERSECT...) */
  /* try_faithful_table (n <= LG_COMPOSE_MAX_N).  Pair masks keep a version
   * across try_solution calls: `seen` is each mask at the previous call, and
   * a mask that differs gets a new version (from `versions`). */
  uint64_t *seen;
  guint64 *pair_version;
  guint64 versions;
  size_t *pair_count; /* per pair: bits set, at try_solution's start */
  size_t *build_cost; /* per pair: bits to scatter for an image */
  /* the image of pair mask (j, g) under each permutation of group j, valid
   * while image_version equals the pair's version */
  uint64_t *image_cache;
  guint64 *image_version;
  size_t *count0; /* per group g: bits of mask (0, g) */
  /* per group g and level j < g (n_groups x n_groups): the candidates of g
   * that pass the checks against 1..j, their count, the counts summed over
   * 0..j, and the assign_stamp of j they were computed under */
  uint64_t *alive_room; /* per group: its candidates that pass */
  uint64_t *part;
  const uint64_t **part_at; /* where part (g, j) is: in part, or the same
                               as part (g, j-1), or mask (0, g) for j = 0 */
  size_t *part_count, *part_sum;
  guint64 *part_stamp;
  guint64 *assign_stamp; /* per group: a new stamp at each assignment */
  guint64 clock;
  uint64_t *image; /* scratch mask */
  LgCountFunc count;
  gboolean *assigned; /* per group (FEWEST) */
  gboolean stopped;
  guint64 candidates, candidates_saved, checks, solutions;
  /* the progress line: backtracks to an alternative and try_solution
   * visits */
  LgProgress *progress;
  guint64 steps;
  /* --trace */
  FILE *trace;
  size_t depth;
};

/* Composition tables are kept up to 6 items (720 x 720 ranks, 1 MiB); above,
 * a composed permutation's rank is computed in O(n). */
#define LG_COMPOSE_MAX_N 6

/* try_faithful_table checks each candidate instead of building an image when
 * the candidates times this are fewer than the bits to scatter. */
#define LG_TEST_RATIO 4

LgSituation *
lg_situation_new (LgProblem *problem, const LgPermut *permut,
                  const LgAndOrTree *tree)
{
  LgSituation *s = g_new0 (LgSituation, 1);
  s->problem = problem;
  s->permut = permut;
  s->n_groups = lg_problem_n_groups (problem);
  s->n = (guint) permut->n;
  s->n_pairs = s->n_groups * (s->n_groups - 1) / 2;
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

  s->solution.problem = problem;
  s->solution.n_groups = s->n_groups;
  s->solution.n = s->n;
  s->solution.perm = g_new0 (const uint8_t *, s->n_groups);
  s->identity = g_new (uint8_t, s->n);
  for (guint i = 0; i < s->n; i++)
    s->identity[i] = (uint8_t) i;
  s->composed = g_new (uint8_t, s->n);
  s->rank = g_new0 (size_t, s->n_groups);
  s->check = problem->check;
  s->trace = problem->trace;
  s->progress = problem->progress;
  if (s->n <= 8)
    {
      s->inverse = g_new (uint16_t, s->n_perms);
      for (size_t r = 0; r < s->n_perms; r++)
        {
          const uint8_t *p = lg_permut_get (permut, r);
          for (guint i = 0; i < s->n; i++)
            s->composed[p[i]] = (uint8_t) i;
          s->inverse[r] = (uint16_t) lg_permut_rank (s->composed, (int) s->n);
        }
    }
  if (s->n <= LG_COMPOSE_MAX_N)
    {
      s->swaps = g_new (uint16_t, MAX (s->n_perms * (s->n - 1), 1));
      lg_permut_adjacent_swaps (permut, s->swaps);
      s->compose = g_new (uint16_t, s->n_perms * s->n_perms);
      s->compose_ready = g_new0 (uint8_t, s->n_perms);
      const size_t n_pairs = MAX (s->n_pairs, 1);
      /* every mask is full and seen, with version 1..n_pairs; no image has
       * a version yet */
      s->seen = g_memdup2 (s->masks, s->n_pairs * s->n_words * sizeof *s->seen);
      s->pair_version = g_new (guint64, n_pairs);
      s->pair_count = g_new (size_t, n_pairs);
      s->build_cost = g_new0 (size_t, n_pairs);
      for (guint p = 0; p < n_pairs; p++)
        {
          s->pair_version[p] = ++s->versions;
          s->pair_count[p] = s->n_perms;
        }
      s->image_cache = g_new (uint64_t, n_pairs * s->n_perms * s->n_words);
      s->image_version = g_new0 (guint64, n_pairs * s->n_perms);
      const size_t n_parts = (size_t) s->n_groups * s->n_groups;
      s->count0 = g_new0 (size_t, s->n_groups);
      s->part = g_new (uint64_t, n_parts * s->n_words);
      s->alive_room = g_new (uint64_t, s->n_groups * s->n_words);
      s->part_at = g_new0 (const uint64_t *, n_parts);
      s->part_count = g_new0 (size_t, n_parts);
      s->part_sum = g_new0 (size_t, n_parts);
      s->part_stamp = g_new0 (guint64, n_parts);
      s->assign_stamp = g_new0 (guint64, s->n_groups);
    }
  s->count = count_portable;
#ifdef LG_POPCNT_DISPATCH
  if (__builtin_cpu_supports ("popcnt"))
    s->count = count_popcnt;
#endif
  s->candidates_of = g_new (uint64_t, s->n_groups * s->n_words);
  s->image = g_new (uint64_t, s->n_words);
  s->assigned = g_new0 (gboolean, s->n_groups);
  return s;
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
  g_free (s->solution.perm);
  g_free (s->identity);
  g_free (s->composed);
  g_free (s->rank);
  g_free (s->inverse);
  g_free (s->swaps);
  g_free (s->compose);
  g_free (s->compose_ready);
  g_free (s->seen);
  g_free (s->pair_version);
  g_free (s->pair_count);
  g_free (s->build_cost);
  g_free (s->image_cache);
  g_free (s->image_version);
  g_free (s->count0);
  g_free (s->part);
  g_free (s->alive_room);
  g_free (s->part_at);
  g_free (s->part_count);
  g_free (s->part_sum);
  g_free (s->part_stamp);
  g_free (s->assign_stamp);
  g_free (s->candidates_of);
  g_free (s->image);
  g_free (s->assigned);
  g_free (s);
}

const uint64_t *
lg_situation_mask (const LgSituation *s, guint g1, guint g2)
{
  return s->masks + lg_pair_index (g1, g2) * s->n_words;
}

guint64
lg_situation_candidates_saved (const LgSituation *s)
{
  return s->candidates_saved;
}

void
lg_situation_get_counts (const LgSituation *s, guint64 *candidates,
                         guint64 *checks, guint64 *solutions)
{
  *candidates = s->candidates;
  *checks = s->checks;
  *solutions = s->solutions;
}

/* ---- Context hooks ------------------------------------------------------ */

static void
context_clear (void *context)
{
  LgSituation *s = context;
  s->undo_top = 0;
  s->n_marks = 0;
}

static void
context_push (void *context)
{
  LgSituation *s = context;
  g_assert (s->n_marks < s->marks_cap);
  s->marks[s->n_marks++] = s->undo_top;
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

static void
context_restore (void *context)
{
  LgSituation *s = context;
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
}

static void
context_restore_and_pop (void *context)
{
  LgSituation *s = context;
  context_restore (context);
  s->n_marks--;
}

static void
context_cut (void *context)
{
  LgSituation *s = context;
  s->n_marks--;
}

static void
trace_pair (LgSituation *s, guint pair)
{
  guint g2 = 1;
  while (lg_pair_index (0, g2 + 1) <= pair)
    g2++;
  guint g1 = pair - lg_pair_index (0, g2);
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

/* The explore hook of the generic explorer, which --trace takes. */
static bool
explore_mask (void *context, LgNode *leaf)
{
  LgSituation *s = context;
  const LgMaskNode *m = leaf->data;
  uint64_t *value = s->masks + m->pair * s->n_words;
  if (!s->trace)
    return narrow (s, value, m->words, s->n_words);
  size_t before = lg_bitset_count (value, s->n_words);
  bool holds = narrow (s, value, m->words, s->n_words);
  trace_mask (s, m->pair, before,
              holds ? lg_bitset_count (value, s->n_words) : 0);
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
        fprintf (out, "%*sexplore %s (%u)\n", indent, "", node_name (node),
                 node->n_children);
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
      if (s->problem->trace_masks)
        lg_views_print_pair_masks (out, s->problem, s->permut, s->masks);
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
typedef struct
{
  uint64_t *value;
  const uint64_t *words;
} FlatLeaf;

static size_t
flat_push (void *context)
{
  LgSituation *s = context;
  /* the progress line counts alternative points here, on the restores
   * with the generic explorer: the push is the rarer step of the two */
  lg_progress_tick (s->progress, ++s->steps);
  return s->undo_top;
}

LG_FLAT_INLINE void
flat_restore (LgSituation *s, size_t mark, const size_t n_words)
{
  /* mostly nothing to undo: a failed run changes nothing */
  if (s->undo_top > mark)
    undo_to (s, mark, n_words);
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
    return narrow (context, leaf->value, leaf->words, n_words);                \
  }                                                                            \
  static uint32_t flat_run_##suffix (void *context, const LgFlatNode *leaves,  \
                                     uint32_t n)                               \
  {                                                                            \
    return flat_run (context, leaves, n, n_words);                             \
  }                                                                            \
  static void flat_restore_##suffix (void *context, size_t mark, bool pop)     \
  {                                                                            \
    (void) pop;                                                                \
    flat_restore (context, mark, n_words);                                     \
  }
LG_FLAT_HOOKS (1, 1)
LG_FLAT_HOOKS (2, 2)
LG_FLAT_HOOKS (n, ((LgSituation *) context)->n_words)
#undef LG_FLAT_HOOKS

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

void
lg_situation_explore (LgSituation *s, LgNode *root, gboolean generic,
                      LgSolutionFunc func, gpointer user_data,
                      LgBacktrackingStats *stats)
{
  LgFlatGraph *flat = generic ? NULL : lg_flat_graph_new (root);
  if (flat)
    {
      FlatLeaf *leaves = g_new (FlatLeaf, flat->n_nodes);
      for (size_t i = 0; i < flat->n_nodes; i++)
        if (flat->nodes[i].kind == LG_NODE_LEAF)
          {
            const LgMaskNode *m = flat->nodes[i].data;
            leaves[i] =
                (FlatLeaf) { s->masks + m->pair * s->n_words, m->words };
            flat->nodes[i].data = &leaves[i];
          }
      s->runs_distinct = runs_distinct (flat, leaves);
      LgFlatSearch search;
      lg_flat_search_init (&search, flat);
      context_clear (s);
      for (gboolean next = FALSE; flat_search (s, &search, next); next = TRUE)
        if (!lg_situation_try_solution (s, func, user_data))
          break;
      *stats = search.stats;
      lg_flat_search_clear (&search);
      lg_flat_graph_free (flat);
      g_free (leaves);
      return;
    }
  LgBacktracking *explorer = lg_backtracking_new (
      s->trace ? &lg_situation_trace_hooks : &lg_situation_hooks, s);
  for (bool found = lg_backtracking_search_first (explorer, root); found;
       found = lg_backtracking_search_next (explorer))
    if (!lg_situation_try_solution (s, func, user_data))
      break;
  *stats = *lg_backtracking_stats (explorer);
  lg_backtracking_free (explorer);
}

/* ---- try_solution ---------------------------------------------------------- */

/* Row t of the composition table: q -> rank (perm q o perm t), the
 * permutation i -> q[t[i]]; filled on first use, from the row of
 * u = t o tau_i where i is t's first descent (t[i] > t[i+1]): u has one
 * inversion fewer, so the chain ends at the identity (row 0, q -> q) within
 * n(n-1)/2 rows, and q o t = (q o u) o tau_i is one swaps lookup per entry. */
static const uint16_t *compose_row (LgSituation *s, size_t t);

G_GNUC_NO_INLINE static void
fill_compose_row (LgSituation *s, size_t t)
{
  uint16_t *row = s->compose + t * s->n_perms;
  if (t == 0)
    for (size_t q = 0; q < s->n_perms; q++)
      row[q] = (uint16_t) q;
  else
    {
      const uint8_t *pt = lg_permut_get (s->permut, t);
      guint i = 0;
      while (pt[i] < pt[i + 1])
        i++;
      const uint16_t *swap_i = s->swaps + i * s->n_perms;
      const uint16_t *from = compose_row (s, swap_i[t]);
      for (size_t q = 0; q < s->n_perms; q++)
        row[q] = swap_i[from[q]];
    }
  s->compose_ready[t] = 1;
}

static inline const uint16_t *
compose_row (LgSituation *s, size_t t)
{
  if (G_UNLIKELY (!s->compose_ready[t]))
    fill_compose_row (s, t);
  return s->compose + t * s->n_perms;
}

/* Rank of (perm q o perm t), that is of the permutation i -> q[t[i]]. */
static inline size_t
compose_rank (LgSituation *s, size_t q, size_t t)
{
  if (s->compose)
    return compose_row (s, t)[q];
  const uint8_t *pq = lg_permut_get (s->permut, q);
  const uint8_t *pt = lg_permut_get (s->permut, t);
  for (guint i = 0; i < s->n; i++)
    s->composed[i] = pq[pt[i]];
  return lg_permut_rank (s->composed, (int) s->n);
}
/* is_ok: is the association of groups mid < last implied by their two
 * permutations still possible in the situation?  It is the permutation p
 * with p[xmid[j]] = xlast[j], that is xlast o xmid^-1. */
static inline gboolean
is_ok (LgSituation *s, guint mid, guint last)
{
  s->checks++;
  size_t k;
  if (s->inverse)
    k = compose_rank (s, s->rank[last], s->inverse[s->rank[mid]]);
  else
    {
      const uint8_t *xmid = s->solution.perm[mid];
      const uint8_t *xlast = s->solution.perm[last];
      for (guint j = 0; j < s->n; j++)
        s->composed[xmid[j]] = xlast[j];
      k = lg_permut_rank (s->composed, (int) s->n);
    }
  return lg_bitset_test (lg_situation_mask (s, mid, last), k);
}

static void
found_solution (LgSituation *s, LgSolutionFunc func, gpointer data)
{
  s->solutions++;
#ifdef LG_ENABLE_CHECKS
  /* --enable-checks: every solution is checked against every rule, by
   * brute force, independently of the masks */
  g_assert (lg_situation_verify (s->problem,
                                 (const uint8_t *const *) s->solution.perm));
#endif
  lg_progress_hide (s->progress);
  if (s->trace)
    fprintf (s->trace, "%*ssolution %" G_GUINT64_FORMAT "\n",
             (int) (2 * s->depth + 2), "", s->solutions);
  if (func && !func (s->problem, &s->solution, data))
    s->stopped = TRUE;
}

static void
assign (LgSituation *s, guint g, size_t r)
{
  s->rank[g] = r;
  s->solution.perm[g] = lg_permut_get (s->permut, r);
}

/* The original: every permutation of mask (0, idx), checked against the
 * pair masks (j, idx) of the groups already placed. */
static void
try_faithful (LgSituation *s, guint idx, LgSolutionFunc func, gpointer data)
{
  if (idx == s->n_groups)
    {
      found_solution (s, func, data);
      return;
    }
  const uint64_t *b = lg_situation_mask (s, 0, idx);
  for (size_t w = 0; w < s->n_words; w++)
    for (uint64_t bits = b[w]; bits; bits &= bits - 1)
      {
        size_t r = w * 64 + (size_t) lg_bitset_ctz64 (bits);
        s->candidates++;
        assign (s, idx, r);
        guint j = 1;
        while (j < idx && is_ok (s, j, idx))
          j++;
        if (j == idx)
          {
            try_faithful (s, idx + 1, func, data);
            if (s->stopped)
              return;
          }
      }
}

/* The same result, the same order and the same counters as try_faithful,
 * computed a word at a time with the composition table (n <= 6).
 *
 * The candidates of group g that pass the check against group j are the
 * image of the pair mask (j, g) under j's permutation sj: q passes to
 * q o sj, one lookup in row sj.  So the candidates of g still alive after
 * the checks against 1..j are
 *     part (g, j) = mask (0, g) AND image (j=1) AND ... AND image (j),
 * which depends only on the ranks of groups 1..j: it is computed once when
 * first needed and kept while those ranks stay (part_stamp (g, j) equals
 * assign_stamp[j]: the search gives every later group a new rank after an
 * earlier one changes, so the stamp of j vouches for the whole prefix).  A
 * candidate that the original drops at check j has cost it j checks, hence
 * the checks at group g = the sum, over j = 1..g-1, of the candidates alive
 * before check j, that is of |part (g, 0)| .. |part (g, g-2)| (part_sum; an
 * empty part keeps the later ones empty, as the original stops there).
 * The images are kept across calls, each valid while its pair mask keeps
 * the version it was built under; a full pair mask needs none (every
 * candidate passes).  Permutations are kept as ranks and turned into rows
 * of items only for a solution. */

static inline uint64_t *
part_words (LgSituation *s, guint g, guint j)
{
  return s->part + ((size_t) g * s->n_groups + j) * s->n_words;
}

/* Sets the bits row[q] of out for the q of `bits` (one word of a mask, at
 * word index w). */
static inline void
scatter_word (uint64_t *out, const uint16_t *row, size_t w, uint64_t bits)
{
  for (; bits; bits &= bits - 1)
    lg_bitset_set (out, row[w * 64 + (size_t) lg_bitset_ctz64 (bits)]);
}

/* The image of the pair mask under row (q -> q o sj).  The map is a
 * bijection of all n! ranks, so the image of a dense mask is the complement
 * of the image of its complement: either way, the cost is the smaller
 * number of bits. */
G_GNUC_NO_INLINE static void
build_image (LgSituation *s, guint pair, const uint16_t *row, uint64_t *image)
{
  const size_t n_words = s->n_words;
  const uint64_t *mask = s->masks + pair * n_words;
  memset (image, 0, n_words * sizeof *image);
  if (2 * s->pair_count[pair] <= s->n_perms)
    {
      for (size_t w = 0; w < n_words; w++)
        scatter_word (image, row, w, mask[w]);
      return;
    }
  uint64_t tail =
      s->n_perms & 63 ? (UINT64_C (1) << (s->n_perms & 63)) - 1 : ~UINT64_C (0);
  for (size_t w = 0; w < n_words; w++)
    scatter_word (image, row, w,
                  ~mask[w] & (w + 1 == n_words ? tail : ~UINT64_C (0)));
  for (size_t w = 0; w < n_words; w++)
    image[w] = ~image[w];
  image[n_words - 1] &= tail;
}

/* Builds the image of the pair mask under rj, kept while the mask keeps
 * its version. */
G_GNUC_NO_INLINE static const uint64_t *
new_image (LgSituation *s, guint pair, size_t rj)
{
  const size_t key = pair * s->n_perms + rj;
  uint64_t *image = s->image_cache + key * s->n_words;
  build_image (s, pair, compose_row (s, rj), image);
  s->image_version[key] = s->pair_version[pair];
  return image;
}

/* Writes to cur the candidates of prev (prev_count of them, at least one)
 * that pass the check against pair mask `pair` under rj: prev AND the
 * image when there is one.  Building it costs the smaller side of the
 * mask (build_cost); for few candidates, each candidate r is checked
 * instead, as the original does, in the row of rj^-1 (r passes when
 * r o rj^-1 is in the mask).  Returns how many pass when count_it, else
 * whether some pass. */
G_ALWAYS_INLINE static inline size_t
filter (LgSituation *s, guint pair, size_t rj, const uint64_t *prev,
        size_t prev_count, uint64_t *cur, gboolean count_it)
{
  const size_t n_words = s->n_words;
  const size_t key = pair * s->n_perms + rj;
  const uint64_t *image = s->image_cache + key * n_words;
  if (s->image_version[key] != s->pair_version[pair])
    {
      if (prev_count * LG_TEST_RATIO < s->build_cost[pair])
        {
          const uint64_t *mask = s->masks + pair * n_words;
          const uint16_t *row = compose_row (s, s->inverse[rj]);
          size_t count = prev_count;
          for (size_t w = 0; w < n_words; w++)
            {
              uint64_t keep = prev[w];
              for (uint64_t bits = keep; bits; bits &= bits - 1)
                if (!lg_bitset_test (
                        mask, row[w * 64 + (size_t) lg_bitset_ctz64 (bits)]))
                  {
                    keep &= ~(bits & -bits);
                    count--;
                  }
              cur[w] = keep;
            }
          return count;
        }
      image = new_image (s, pair, rj);
    }
  uint64_t any = 0;
  for (size_t w = 0; w < n_words; w++)
    any |= cur[w] = prev[w] & image[w];
  if (!count_it || !any)
    return any != 0;
  return s->count (cur, n_words);
}

/* part (g, j) from part (g, j-1) = prev, which has prev_count candidates:
 * returns where it is, prev itself when all pass (a full pair mask, or no
 * candidate), else cur, which receives it; *count receives its size. */
static inline const uint64_t *
check_against (LgSituation *s, guint g, guint j, const uint64_t *prev,
               size_t prev_count, uint64_t *cur, size_t *count)
{
  const guint pair = lg_pair_index (j, g);
  if (prev_count == 0 || s->pair_count[pair] == s->n_perms)
    {
      *count = prev_count;
      return prev;
    }
  *count = filter (s, pair, s->rank[j], prev, prev_count, cur, TRUE);
  return cur;
}

/* Makes part (g, 1..j) valid for the current ranks of groups 1..j
 * (j < g - 1), from the longest valid prefix, and returns part (g, j). */
static const uint64_t *
part_upto (LgSituation *s, guint g, guint j)
{
  const size_t row = (size_t) g * s->n_groups;
  const guint64 *assign_stamp = s->assign_stamp;
  guint64 *stamp = s->part_stamp + row;
  const uint64_t **at = s->part_at + row;
  size_t *count = s->part_count + row, *sum = s->part_sum + row;
  guint v = j;
  while (v > 0 && stamp[v] != assign_stamp[v])
    v--;
  for (guint k = v + 1; k <= j; k++)
    {
      at[k] = check_against (s, g, k, at[k - 1], count[k - 1],
                             part_words (s, g, k), &count[k]);
      sum[k] = sum[k - 1] + count[k];
      stamp[k] = assign_stamp[k];
    }
  return at[j];
}

static void
found_table_solution (LgSituation *s, LgSolutionFunc func, gpointer data)
{
  for (guint g = 1; g < s->n_groups; g++)
    s->solution.perm[g] = lg_permut_get (s->permut, s->rank[g]);
  found_solution (s, func, data);
}

/* Groups 1..idx-1 are placed, and alive holds the candidates of idx that
 * pass their checks; the original's visit of idx is counted.  Places each
 * candidate in turn and does, for the next group, the original's visit:
 * its candidates part (next, idx-1) before the check against idx, and the
 * checks they cost, are the same for every candidate of idx, so the visits
 * are counted together after the loop (or at the stop), and a visit that
 * finds no candidate costs no call.  When part (next, idx-1) is empty,
 * every visit of next finds nothing: they are counted at once. */
static void
try_faithful_table (LgSituation *s, guint idx, const uint64_t *alive,
                    LgSolutionFunc func, gpointer data)
{
  const size_t n_words = s->n_words;
  if (idx + 1 == s->n_groups)
    {
      for (size_t w = 0; w < n_words; w++)
        for (uint64_t bits = alive[w]; bits; bits &= bits - 1)
          {
            s->rank[idx] = w * 64 + (size_t) lg_bitset_ctz64 (bits);
            found_table_solution (s, func, data);
            if (s->stopped)
              return;
          }
      return;
    }
  const guint next = idx + 1;
  const uint64_t *before = part_upto (s, next, idx - 1);
  const size_t at = (size_t) next * s->n_groups + idx - 1;
  const size_t before_count = s->part_count[at];
  const size_t before_checks = s->part_sum[at];
  const size_t next_candidates = s->count0[next];
  if (before_count == 0)
    {
      size_t n_alive = s->count (alive, n_words);
      s->steps += n_alive;
      lg_progress_tick (s->progress, s->steps);
      s->candidates += n_alive * next_candidates;
      s->checks += n_alive * before_checks;
      return;
    }
  /* the candidates of next that pass its checks: they stay there while
   * the visit of next goes on (deeper visits write only later groups) */
  uint64_t *room = s->alive_room + next * n_words;
  const guint pair = lg_pair_index (idx, next);
  const gboolean full = s->pair_count[pair] == s->n_perms;
  size_t visits = 0;
  for (size_t w = 0; w < n_words && !s->stopped; w++)
    for (uint64_t bits = alive[w]; bits && !s->stopped; bits &= bits - 1)
      {
        size_t r = w * 64 + (size_t) lg_bitset_ctz64 (bits);
        s->rank[idx] = r;
        s->assign_stamp[idx] = ++s->clock;
        visits++;
        if (full)
          try_faithful_table (s, next, before, func, data);
        else if (filter (s, pair, r, before, before_count, room, FALSE))
          try_faithful_table (s, next, room, func, data);
      }
  s->steps += visits;
  lg_progress_tick (s->progress, s->steps);
  s->candidates += visits * next_candidates;
  s->checks += visits * before_checks;
}

/* At try_solution's start: a pair mask that differs from the one seen at
 * the previous call gets a new version, which invalidates its images; the
 * counts of the masks for the checks and the candidates. */
static void
table_refresh (LgSituation *s)
{
  const size_t n_words = s->n_words;
  for (guint p = 0; p < s->n_pairs; p++)
    {
      const uint64_t *mask = s->masks + p * n_words;
      uint64_t *seen = s->seen + p * n_words;
      uint64_t differ = 0;
      for (size_t w = 0; w < n_words; w++)
        differ |= mask[w] ^ seen[w];
      if (differ)
        {
          memcpy (seen, mask, n_words * sizeof *seen);
          s->pair_version[p] = ++s->versions;
          s->pair_count[p] = s->count (mask, n_words);
          s->build_cost[p] =
              MIN (s->pair_count[p], s->n_perms - s->pair_count[p]);
        }
    }
  for (guint g = 1; g < s->n_groups; g++)
    {
      size_t c = s->pair_count[lg_pair_index (0, g)];
      s->count0[g] = c;
      s->part_count[(size_t) g * s->n_groups] = c;
      s->part_at[(size_t) g * s->n_groups] = lg_situation_mask (s, 0, g);
      s->part_sum[(size_t) g * s->n_groups] = c;
    }
}
/* Group j is placed (its permutation from group 0 has rank s->rank[j]); q is
 * a permutation still possible for the pair of j and g.  Returns the rank of
 * the permutation from group 0 to g that they imply.  The pair (g1 < g2)
 * maps item i of g1 to item q[i] of g2: from j to g it is q, so item r of
 * group 0 goes with q[sj[r]] (q o sj); from g to j it is q, so the answer is
 * q^-1 o sj. */
static size_t
image_rank (LgSituation *s, size_t q, guint j, guint g)
{
  if (j < g)
    return compose_rank (s, q, s->rank[j]);
  if (s->inverse)
    return compose_rank (s, s->inverse[q], s->rank[j]);
  const uint8_t *pq = lg_permut_get (s->permut, q);
  const uint8_t *sj = s->solution.perm[j];
  uint8_t inverse[LG_PERMUT_MAX_N];
  for (guint i = 0; i < s->n; i++)
    inverse[pq[i]] = (uint8_t) i;
  for (guint i = 0; i < s->n; i++)
    s->composed[i] = inverse[sj[i]];
  return lg_permut_rank (s->composed, (int) s->n);
}

/* The candidates of group g once the groups marked assigned are placed:
 * mask (0, g) AND, for each placed j >= 1, the image of the pair mask of j
 * and g under j's permutation.  Returns the number of candidates. */
static size_t
candidates_for (LgSituation *s, guint g, uint64_t *out)
{
  memcpy (out, lg_situation_mask (s, 0, g), s->n_words * sizeof *out);
  for (guint j = 1; j < s->n_groups; j++)
    {
      if (!s->assigned[j] || j == g)
        continue;
      guint g1 = MIN (j, g), g2 = MAX (j, g);
      const uint64_t *pair = lg_situation_mask (s, g1, g2);
      memset (s->image, 0, s->n_words * sizeof *s->image);
      for (size_t w = 0; w < s->n_words; w++)
        for (uint64_t bits = pair[w]; bits; bits &= bits - 1)
          {
            size_t q = w * 64 + (size_t) lg_bitset_ctz64 (bits);
            s->checks++;
            lg_bitset_set (s->image, image_rank (s, q, j, g));
          }
      if (!lg_bitset_and (out, s->image, s->n_words))
        return 0;
    }
  return lg_bitset_count (out, s->n_words);
}

/* INTERSECT (next group in order) and FEWEST (the group with the fewest
 * candidates next); `level` groups besides group 0 are placed. */
static void
try_intersect (LgSituation *s, guint level, LgSolutionFunc func, gpointer data)
{
  if (level == s->n_groups - 1)
    {
      found_solution (s, func, data);
      return;
    }
  guint g = 0;
  uint64_t *cand = NULL;
  if (s->check == LG_CHECK_FEWEST)
    {
      size_t best = SIZE_MAX;
      for (guint h = 1; h < s->n_groups; h++)
        {
          if (s->assigned[h])
            continue;
          uint64_t *c = s->candidates_of + h * s->n_words;
          size_t count = candidates_for (s, h, c);
          if (count < best)
            {
              best = count;
              g = h;
            }
          if (count == 0)
            break;
        }
      cand = s->candidates_of + g * s->n_words;
      if (best == 0)
        {
          s->candidates_saved +=
              lg_bitset_count (lg_situation_mask (s, 0, g), s->n_words);
          return;
        }
    }
  else
    {
      g = level + 1;
      cand = s->candidates_of + g * s->n_words;
      candidates_for (s, g, cand);
    }
  s->candidates_saved +=
      lg_bitset_count (lg_situation_mask (s, 0, g), s->n_words) -
      lg_bitset_count (cand, s->n_words);
  s->assigned[g] = TRUE;
  for (size_t w = 0; w < s->n_words && !s->stopped; w++)
    for (uint64_t bits = cand[w]; bits && !s->stopped; bits &= bits - 1)
      {
        s->candidates++;
        assign (s, g, w * 64 + (size_t) lg_bitset_ctz64 (bits));
        try_intersect (s, level + 1, func, data);
      }
  s->assigned[g] = FALSE;
}

gboolean
lg_situation_try_solution (LgSituation *s, LgSolutionFunc func,
                           gpointer user_data)
{
  guint64 candidates = s->candidates, checks = s->checks;
  guint64 solutions = s->solutions;
  s->solution.perm[0] = s->identity;
  s->rank[0] = 0;
  if (s->n_groups < 2)
    found_solution (s, func, user_data);
  else if (s->check == LG_CHECK_FAITHFUL && s->compose)
    {
      table_refresh (s);
      lg_progress_tick (s->progress, ++s->steps);
      s->candidates += s->count0[1];
      try_faithful_table (s, 1, lg_situation_mask (s, 0, 1), func, user_data);
    }
  else if (s->check == LG_CHECK_FAITHFUL)
    try_faithful (s, 1, func, user_data);
  else
    try_intersect (s, 0, func, user_data);
  if (s->trace)
    fprintf (s->trace,
             "%*stry_solution: %" G_GUINT64_FORMAT
             " candidates, %" G_GUINT64_FORMAT " checks, %" G_GUINT64_FORMAT
             " solution%s\n",
             (int) (2 * s->depth + 2), "", s->candidates - candidates,
             s->checks - checks, s->solutions - solutions,
             s->solutions - solutions > 1 ? "s" : "");
  return !s->stopped;
}

/* ---- Brute-force verification ---------------------------------------------- */

/* Does the couple hold in the complete solution?  Items are compared row
 * by row: x and y are associated when they stand on the same row. */
static gboolean
couple_holds (const LgRule *rule, const guint *assignment,
              const uint8_t *const *perm, guint n)
{
  guint gx = rule->x->group->index, gy = rule->y->group->index;
  guint ix = lg_item_current_index (rule->x, assignment);
  guint iy = lg_item_current_index (rule->y, assignment);
  guint row = 0;
  while (row < n && perm[gx][row] != ix)
    row++;
  gboolean together = row < n && perm[gy][row] == iy;
  return rule->kind == LG_RULE_YES ? together : !together;
}

static gboolean
group_holds (const LgConstraintGroup *cg, guint ivar, guint *assignment,
             const uint8_t *const *perm, guint n)
{
  if (ivar == cg->vars->len)
    {
      for (guint i = 0; i < cg->logic->len; i++)
        if (lg_rule_eval (cg->logic->pdata[i], assignment) != LG_EVAL_TRUE)
          return FALSE;
      for (guint i = 0; i < cg->couple->len; i++)
        if (!couple_holds (cg->couple->pdata[i], assignment, perm, n))
          return FALSE;
      return TRUE;
    }
  const LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < n; k++)
    {
      assignment[var->var_id] = k;
      if (group_holds (cg, ivar + 1, assignment, perm, n))
        return TRUE;
    }
  return FALSE;
}

gboolean
lg_situation_verify (LgProblem *problem, const uint8_t *const *perm)
{
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (problem);
  g_autofree guint *assignment =
      g_new0 (guint, MAX (lg_problem_n_vars (problem), 1));
  guint n = lg_problem_dimension (problem);
  if (!group_holds (set->unbound, 0, assignment, perm, n))
    return FALSE;
  for (guint i = 0; i < set->groups->len; i++)
    if (!group_holds (set->groups->pdata[i], 0, assignment, perm, n))
      return FALSE;
  return TRUE;
}

/* ---- Accessors ------------------------------------------------------------ */

const LgItem *
lg_solution_get (const LgSolution *solution, guint group, guint row)
{
  g_return_val_if_fail (group < solution->n_groups && row < solution->n, NULL);
  LgGroup *g = lg_problem_get_group (solution->problem, group);
  return lg_group_get_item (g, solution->perm[group][row]);
}
