/* situation — see situation.h. */
#include "situation.h"

#include <string.h>

#include "backtracking_flat.h"
#include "bitset.h"
#include "constraint.h"
#include "constraint_set.h"
#include "views.h"

struct LgSituation
{
  LgProblem *problem;
  const LgPermut *permut;
  guint n_groups, n, n_pairs;
  size_t n_words, n_perms;
  uint64_t *masks; /* n_pairs masks */
  /* undo stack */
  uint64_t **undo_where; /* per record: the mask it restores */
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
  uint16_t *inverse;      /* rank -> rank of the inverse (n <= 8) */
  uint16_t *compose;      /* n! rows: row t maps q to rank (perm q o perm
                              t); allocated at once, each row filled on
                              first use (n <= LG_COMPOSE_MAX_N) */
  uint8_t *compose_ready; /* per row: filled? */

  uint64_t *candidates_of; /* per group: its candidate set (INTERSECT...) */
  /* try_faithful_table: the image of pair mask (j, g) under each
   * permutation of group j, valid while image_stamp equals stamp (one stamp
   * per try_solution: the masks do not change during one) */
  uint64_t *image_cache;
  uint32_t *image_stamp;
  uint32_t stamp;
  size_t *pair_count; /* per pair: bits set, at try_solution's start */
  uint64_t *image;    /* scratch mask */
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
      s->compose = g_new (uint16_t, s->n_perms * s->n_perms);
      s->compose_ready = g_new0 (uint8_t, s->n_perms);
      s->image_cache =
          g_new (uint64_t, MAX (s->n_pairs, 1) * s->n_perms * s->n_words);
      s->image_stamp = g_new0 (uint32_t, MAX (s->n_pairs, 1) * s->n_perms);
      s->pair_count = g_new (size_t, MAX (s->n_pairs, 1));
    }
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
  g_free (s->compose);
  g_free (s->compose_ready);
  g_free (s->image_cache);
  g_free (s->image_stamp);
  g_free (s->pair_count);
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
  return ((LgSituation *) context)->undo_top;
}

LG_FLAT_INLINE void
flat_restore (LgSituation *s, size_t mark, const size_t n_words)
{
  lg_progress_tick (s->progress, ++s->steps);
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
  static bool flat_leaf_##suffix (void *context, void *data)                 \
  {                                                                            \
    const FlatLeaf *leaf = data;                                               \
    return narrow (context, leaf->value, leaf->words, n_words);               \
  }                                                                            \
  static uint32_t flat_run_##suffix (void *context,                           \
                                     const LgFlatNode *leaves, uint32_t n)    \
  {                                                                            \
    return flat_run (context, leaves, n, n_words);                             \
  }                                                                            \
  static void flat_restore_##suffix (void *context, size_t mark, bool pop)   \
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
            leaves[i] = (FlatLeaf) { s->masks + m->pair * s->n_words,
                                     m->words };
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
 * permutation i -> q[t[i]]; filled on first use. */
static const uint16_t *
compose_row (LgSituation *s, size_t t)
{
  uint16_t *row = s->compose + t * s->n_perms;
  if (G_UNLIKELY (!s->compose_ready[t]))
    {
      const uint8_t *pt = lg_permut_get (s->permut, t);
      for (size_t r = 0; r < s->n_perms; r++)
        {
          const uint8_t *pq = lg_permut_get (s->permut, r);
          for (guint i = 0; i < s->n; i++)
            s->composed[i] = pq[pt[i]];
          row[r] = (uint16_t) lg_permut_rank (s->composed, (int) s->n);
        }
      s->compose_ready[t] = 1;
    }
  return row;
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
 * computed a word at a time with the composition table.  The candidates of
 * group idx that pass the check against group j are the image of the pair
 * mask (j, idx) under j's permutation sj: q passes to q o sj, one lookup in
 * row sj.  So the candidates still alive after the checks against 1..j are
 * mask (0, idx) AND the first j images; a candidate that the original drops
 * at check j has cost it j checks, hence checks = the sum, over j, of the
 * candidates alive before check j.  Permutations are kept as ranks and
 * turned into rows of items only for a solution. */
static void
try_faithful_table (LgSituation *s, guint idx, LgSolutionFunc func,
                    gpointer data)
{
  if (idx == s->n_groups)
    {
      for (guint g = 1; g < s->n_groups; g++)
        s->solution.perm[g] = lg_permut_get (s->permut, s->rank[g]);
      found_solution (s, func, data);
      return;
    }
  const size_t n_words = s->n_words;
  lg_progress_tick (s->progress, ++s->steps);
  uint64_t *alive = s->candidates_of + idx * n_words;
  memcpy (alive, lg_situation_mask (s, 0, idx), n_words * sizeof *alive);
  size_t count = lg_bitset_count (alive, n_words);
  s->candidates += count;
  for (guint j = 1; j < idx && count; j++)
    {
      s->checks += count;
      guint pair_index = lg_pair_index (j, idx);
      const uint64_t *pair = s->masks + pair_index * n_words;
      size_t key = pair_index * s->n_perms + s->rank[j];
      uint64_t *image = s->image_cache + key * n_words;
      if (s->image_stamp[key] != s->stamp)
        {
          if (count * 16 < s->pair_count[pair_index])
            {
              /* few candidates: check each one, as the original does, in
               * the row of sj^-1 (candidate r passes when r o sj^-1 is in
               * the pair mask) */
              const uint16_t *row = compose_row (s, s->inverse[s->rank[j]]);
              for (size_t w = 0; w < n_words; w++)
                for (uint64_t bits = alive[w]; bits; bits &= bits - 1)
                  if (!lg_bitset_test (
                          pair, row[w * 64 + (size_t) lg_bitset_ctz64 (bits)]))
                    {
                      alive[w] &= ~(bits & -bits);
                      count--;
                    }
              continue;
            }
          /* the image of the pair mask under sj, kept for the rest of this
           * try_solution: the masks do not change meanwhile */
          const uint16_t *row = compose_row (s, s->rank[j]);
          memset (image, 0, n_words * sizeof *image);
          for (size_t w = 0; w < n_words; w++)
            for (uint64_t bits = pair[w]; bits; bits &= bits - 1)
              lg_bitset_set (image,
                             row[w * 64 + (size_t) lg_bitset_ctz64 (bits)]);
          s->image_stamp[key] = s->stamp;
        }
      if (!lg_bitset_and (alive, image, n_words))
        return;
      count = lg_bitset_count (alive, n_words);
    }
  for (size_t w = 0; w < n_words; w++)
    for (uint64_t bits = alive[w]; bits; bits &= bits - 1)
      {
        s->rank[idx] = w * 64 + (size_t) lg_bitset_ctz64 (bits);
        try_faithful_table (s, idx + 1, func, data);
        if (s->stopped)
          return;
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
  if ((s->check == LG_CHECK_FAITHFUL || s->n_groups < 2) && s->compose)
    {
      if (++s->stamp == 0) /* wrapped: forget every image */
        {
          memset (s->image_stamp, 0,
                  MAX (s->n_pairs, 1) * s->n_perms * sizeof *s->image_stamp);
          s->stamp = 1;
        }
      for (guint p = 0; p < s->n_pairs; p++)
        s->pair_count[p] =
            lg_bitset_count (s->masks + p * s->n_words, s->n_words);
      try_faithful_table (s, 1, func, user_data);
    }
  else if (s->check == LG_CHECK_FAITHFUL || s->n_groups < 2)
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
couple_holds (const LgRule *rule, const uint8_t *const *perm, guint n)
{
  guint gx = rule->x->group->index, gy = rule->y->group->index;
  guint row = 0;
  while (row < n && perm[gx][row] != rule->x->index)
    row++;
  gboolean together = row < n && perm[gy][row] == rule->y->index;
  return rule->kind == LG_RULE_YES ? together : !together;
}

static gboolean
group_holds (const LgConstraintGroup *cg, guint ivar,
             const uint8_t *const *perm, guint n)
{
  if (ivar == cg->vars->len)
    {
      for (guint i = 0; i < cg->logic->len; i++)
        if (lg_rule_eval (cg->logic->pdata[i]) != LG_EVAL_TRUE)
          return FALSE;
      for (guint i = 0; i < cg->couple->len; i++)
        if (!couple_holds (cg->couple->pdata[i], perm, n))
          return FALSE;
      return TRUE;
    }
  LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < n; k++)
    {
      var->index = k;
      if (group_holds (cg, ivar + 1, perm, n))
        return TRUE;
    }
  return FALSE;
}

gboolean
lg_situation_verify (LgProblem *problem, const uint8_t *const *perm)
{
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (problem);
  guint n = lg_problem_dimension (problem);
  if (!group_holds (set->unbound, 0, perm, n))
    return FALSE;
  for (guint i = 0; i < set->groups->len; i++)
    if (!group_holds (set->groups->pdata[i], 0, perm, n))
      return FALSE;
  return TRUE;
}

/* ---- Accessors ------------------------------------------------------------ */

guint
lg_problem_get_error_line (LgProblem *problem)
{
  return problem->error_line;
}

const LgItem *
lg_solution_get (const LgSolution *solution, guint group, guint row)
{
  g_return_val_if_fail (group < solution->n_groups && row < solution->n, NULL);
  LgGroup *g = lg_problem_get_group (solution->problem, group);
  return lg_group_get_item (g, solution->perm[group][row]);
}
