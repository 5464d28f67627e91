/* check_situation — step 3, the exploration state (src/situation.c):
 *   - a new situation has every permutation set in every pair mask;
 *   - the context hooks of lg_situation_hooks driven by hand (clear, push,
 *     explore a leaf, restore, restore_and_pop, cut): exploring ANDs the
 *     leaf's mask in and says whether it is still non-empty, and each
 *     restore brings back the masks as they were at the matching push;
 *   - the same on the classic problem's real tree under the real explorer,
 *     with every hook watched: after each restore the masks equal those at
 *     the push, and at every step they equal all-ones AND the masks of the
 *     leaves explored on the current path (the invariant of situation.h);
 *   - try_solution on hand-set masks (1 to 9 items, 3 to 5 groups, seeded
 *     random masks, dense or with planted solutions) against a brute force
 *     over all permutation tuples: the same solutions in the same order and
 *     the same counters for the original strategy, the same solutions in
 *     the same order for INTERSECT, in some order for FEWEST, and the stop
 *     of the callback;
 *   - try_solution called again and again while leaves narrow and restores
 *     widen the masks in between (what it keeps from one call to the next),
 *     against the brute force after every step;
 *   - lg_checker_verify accepts the classic solution and rejects modified
 *     ones (also one that breaks only a rule on variables), and skips
 *     dropped rules. */
#include "situation.h"

#include <string.h>

#include "bitset.h"
#include "checker.h"
#include "constraint_set.h"
#include "lgtest.h"
#include "parser.h"
#include "problems.h"

/* The options of the situations made here, and the counter they skip. */
static const LgSolveOptions default_options = LG_SOLVE_OPTIONS_INIT;
static guint64 ignored_saved;

Suite *lg_situation_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])
#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ---- Helpers ---------------------------------------------------------- */

/* Pair numbers written out: (0,1) (0,2) (1,2) (0,3) (1,3) (2,3). */
static guint
pair_of (guint g1, guint g2)
{
  static const guint table[4][4] = {
    { 99, 0, 1, 3 }, { 99, 99, 2, 4 }, { 99, 99, 99, 5 }, { 99, 99, 99, 99 }
  };
  ck_assert_uint_lt (g1, g2);
  if (g2 < 4)
    return table[g1][g2];
  return g1 + g2 * (g2 - 1) / 2;
}

/* A problem of G groups of n items and no rule. */
static LgProblem *
plain_problem (guint n_groups, guint n)
{
  LgProblem *p = lg_problem_new ();
  for (guint g = 0; g < n_groups; g++)
    {
      g_autofree char *name = g_strdup_printf ("g%u", g);
      LgGroup *group = lg_group (p, LG_GROUP_ATOMIC, name, NULL);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *item = g_strdup_printf ("g%u_%u", g, i);
          lg_group_add_item (p, group, item);
        }
    }
  ck_assert (lg_problem_validate (p, NULL));
  return p;
}

/* A mask leaf made by hand (one word is enough for n <= 4). */
typedef struct
{
  LgNode node;
  LgMaskNode *mask;
} HandLeaf;

static void
hand_leaf_init (HandLeaf *leaf, guint pair, const uint64_t *words,
                size_t n_words)
{
  leaf->mask = g_malloc0 (sizeof (LgMaskNode) + n_words * sizeof (uint64_t));
  leaf->mask->pair = pair;
  memcpy (leaf->mask->words, words, n_words * sizeof (uint64_t));
  leaf->node = (LgNode) { .kind = LG_NODE_LEAF, .data = leaf->mask };
}

static void
assert_masks1 (LgSituation *s, uint64_t m01, uint64_t m02, uint64_t m12,
               int line)
{
  uint64_t got[3] = { lg_situation_mask (s, 0, 1)[0],
                      lg_situation_mask (s, 0, 2)[0],
                      lg_situation_mask (s, 1, 2)[0] };
  uint64_t want[3] = { m01, m02, m12 };
  for (int i = 0; i < 3; i++)
    ck_assert_msg (got[i] == want[i],
                   "line %d: masks %#llx %#llx %#llx, expected %#llx %#llx "
                   "%#llx", line, (unsigned long long) got[0],
                   (unsigned long long) got[1], (unsigned long long) got[2],
                   (unsigned long long) want[0], (unsigned long long) want[1],
                   (unsigned long long) want[2]);
}
#define ASSERT_MASKS(s, a, b, c) assert_masks1 (s, a, b, c, __LINE__)

/* ---- The classic problem ------------------------------------------------ */


/* The tutorial's solution, row r -> item index, per group (house,
 * nationality, animal, drink, cigarette, color). */
static const uint8_t classic_perm[6][5] = {
  { 0, 1, 2, 3, 4 }, /* left mid-left middle mid-right right */
  { 3, 2, 0, 1, 4 }, /* norvegian ukrainian english spanish japanese */
  { 1, 3, 4, 0, 2 }, /* fox horse snail dog zebra */
  { 4, 0, 1, 2, 3 }, /* water tea milk orange-juice coffee */
  { 0, 2, 1, 3, 4 }, /* kools chesterfields winston luckystrike parl. */
  { 2, 3, 4, 1, 0 }, /* yellow blue red ivory green */
};

/* ---- core: initial masks and hand-driven hooks --------------------------- */

static const struct
{
  guint n_groups, n;
} initial_cases[] = { { 2, 1 }, { 2, 3 }, { 3, 4 }, { 4, 5 }, { 3, 6 } };

START_TEST (test_situation_initial_masks)
{
  guint n_groups = initial_cases[_i].n_groups, n = initial_cases[_i].n;
  LgProblem *p = plain_problem (n_groups, n);
  LgPermut *permut = lg_permut_new ((int) n);
  LgNode root = { .kind = LG_NODE_AND };
  LgAndOrTree tree = { .root = &root };
  LgSituation *s = lg_situation_new (p, NULL, permut, &tree, &default_options, NULL);
  size_t count = permut->count, n_words = (count + 63) / 64;
  for (guint g2 = 1; g2 < n_groups; g2++)
    for (guint g1 = 0; g1 < g2; g1++)
      {
        const uint64_t *m = lg_situation_mask (s, g1, g2);
        for (size_t k = 0; k < n_words * 64; k++)
          ck_assert_msg (((m[k / 64] >> (k % 64)) & 1) == (k < count),
                         "pair (%u,%u) bit %zu", g1, g2, k);
      }
  /* Masks of different pairs are different storage. */
  if (n_groups >= 3)
    ck_assert_ptr_ne (lg_situation_mask (s, 0, 1), lg_situation_mask (s, 0, 2));
  lg_situation_free (s);
  lg_permut_free (permut);
  lg_problem_free (p);
}
END_TEST

START_TEST (test_situation_hooks_by_hand)
{
  LgProblem *p = plain_problem (3, 3);
  LgPermut *permut = lg_permut_new (3);
  const uint64_t w[6] = { 0x0F, 0x3C, 0x05, 0x30, 0x30, 0x01 };
  const guint pair[6] = { pair_of (0, 1), pair_of (0, 1), pair_of (1, 2),
                          pair_of (0, 2), pair_of (0, 1), pair_of (0, 2) };
  HandLeaf l[6];
  for (int i = 0; i < 6; i++)
    hand_leaf_init (&l[i], pair[i], &w[i], 1);
  /* A tree only to size the stacks: AND [OR [L1, L2], L3, L4, L5, L6]. */
  LgNode *or_children[] = { &l[0].node, &l[1].node };
  LgNode or = { .kind = LG_NODE_OR, .n_children = 2, .children = or_children };
  LgNode *and_children[] = { &or, &l[2].node, &l[3].node, &l[4].node,
                             &l[5].node };
  LgNode root = { .kind = LG_NODE_AND, .n_children = 5,
                  .children = and_children };
  LgAndOrTree tree = { .root = &root };
  LgSituation *s = lg_situation_new (p, NULL, permut, &tree, &default_options, NULL);
  const LgBacktrackingHooks *h = &lg_situation_hooks;
  LgNode *L1 = &l[0].node, *L2 = &l[1].node, *L3 = &l[2].node,
         *L4 = &l[3].node, *L5 = &l[4].node, *L6 = &l[5].node;

  h->clear (s);
  ASSERT_MASKS (s, 0x3F, 0x3F, 0x3F);
  ck_assert (h->explore (s, L1));            /* (0,1) &= 0x0F */
  ASSERT_MASKS (s, 0x0F, 0x3F, 0x3F);
  h->push (s);                               /* mark A */
  ck_assert (h->explore (s, L2));            /* (0,1) &= 0x3C */
  ck_assert (h->explore (s, L3));            /* (1,2) &= 0x05 */
  ASSERT_MASKS (s, 0x0C, 0x3F, 0x05);
  h->push (s);                               /* mark B */
  ck_assert (h->explore (s, L4));            /* (0,2) &= 0x30 */
  ASSERT_MASKS (s, 0x0C, 0x30, 0x05);
  ck_assert (!h->explore (s, L5));           /* (0,1) &= 0x30: empty */
  ASSERT_MASKS (s, 0x00, 0x30, 0x05);
  h->restore (s);                            /* back to B */
  ASSERT_MASKS (s, 0x0C, 0x3F, 0x05);
  ck_assert (h->explore (s, L6));            /* (0,2) &= 0x01 */
  ASSERT_MASKS (s, 0x0C, 0x01, 0x05);
  h->restore_and_pop (s);                    /* back to B, drop it */
  ASSERT_MASKS (s, 0x0C, 0x3F, 0x05);
  ck_assert (h->explore (s, L4));
  ASSERT_MASKS (s, 0x0C, 0x30, 0x05);
  h->restore (s);                            /* back to A */
  ASSERT_MASKS (s, 0x0F, 0x3F, 0x3F);
  ck_assert (h->explore (s, L2));
  h->push (s);                               /* mark C */
  ck_assert (h->explore (s, L3));
  ASSERT_MASKS (s, 0x0C, 0x3F, 0x05);
  h->cut (s);                                /* drop C, undo nothing */
  ASSERT_MASKS (s, 0x0C, 0x3F, 0x05);
  h->restore_and_pop (s);                    /* back to A, drop it */
  ASSERT_MASKS (s, 0x0F, 0x3F, 0x3F);
  /* The mark stack is empty again and works. */
  h->push (s);
  ck_assert (!h->explore (s, L5));           /* 0x0F & 0x30 */
  ck_assert (h->explore (s, L4));            /* its own pair is not empty */
  ASSERT_MASKS (s, 0x00, 0x30, 0x3F);
  h->restore_and_pop (s);
  ASSERT_MASKS (s, 0x0F, 0x3F, 0x3F);
  /* A leaf that changes nothing still holds. */
  ck_assert (h->explore (s, L1));
  ASSERT_MASKS (s, 0x0F, 0x3F, 0x3F);

  lg_situation_free (s);
  for (int i = 0; i < 6; i++)
    g_free (l[i].mask);
  lg_permut_free (permut);
  lg_problem_free (p);
}
END_TEST

/* ---- core: the real tree under the real explorer --------------------------- */

typedef struct
{
  LgSituation *s;
  guint n_groups, n_pairs;
  size_t n_words, n_perms;
  GPtrArray *snapshots;  /* uint64_t[n_pairs * n_words] per push */
  GArray *marks;         /* path length per push */
  GPtrArray *path;       /* const LgMaskNode* explored since clear */
  guint64 pushes, restores, pops, cuts, explores, failures;
} Spy;

static uint64_t *
spy_copy (Spy *spy)
{
  uint64_t *copy = g_new (uint64_t, spy->n_pairs * spy->n_words);
  for (guint g2 = 1, k = 0; g2 < spy->n_groups; g2++)
    for (guint g1 = 0; g1 < g2; g1++, k++)
      {
        ck_assert_uint_eq (pair_of (g1, g2), k);
        memcpy (copy + k * spy->n_words, lg_situation_mask (spy->s, g1, g2),
                spy->n_words * sizeof (uint64_t));
      }
  return copy;
}

static void
spy_assert_equal (Spy *spy, const uint64_t *want, const char *when)
{
  g_autofree uint64_t *now = spy_copy (spy);
  for (size_t i = 0; i < spy->n_pairs * spy->n_words; i++)
    ck_assert_msg (now[i] == want[i], "%s: pair %zu word %zu differs", when,
                   i / spy->n_words, i % spy->n_words);
}

/* The invariant: every pair mask is all-ones AND the masks on the path. */
static void
spy_assert_path (Spy *spy, const char *when)
{
  g_autofree uint64_t *want = g_new0 (uint64_t, spy->n_pairs * spy->n_words);
  for (guint k = 0; k < spy->n_pairs; k++)
    for (size_t b = 0; b < spy->n_perms; b++)
      want[k * spy->n_words + b / 64] |= UINT64_C (1) << (b % 64);
  for (guint i = 0; i < spy->path->len; i++)
    {
      const LgMaskNode *m = spy->path->pdata[i];
      for (size_t w = 0; w < spy->n_words; w++)
        want[m->pair * spy->n_words + w] &= m->words[w];
    }
  spy_assert_equal (spy, want, when);
}

static void
spy_truncate (Spy *spy)
{
  guint mark = g_array_index (spy->marks, guint, spy->marks->len - 1);
  g_ptr_array_set_size (spy->path, mark);
}

static void
spy_pop (Spy *spy)
{
  ck_assert_uint_gt (spy->marks->len, 0);
  g_array_set_size (spy->marks, spy->marks->len - 1);
  g_ptr_array_set_size (spy->snapshots, spy->snapshots->len - 1);
}

static void
spy_clear (void *context)
{
  Spy *spy = context;
  lg_situation_hooks.clear (spy->s);
  g_ptr_array_set_size (spy->snapshots, 0);
  g_array_set_size (spy->marks, 0);
  g_ptr_array_set_size (spy->path, 0);
}

static void
spy_push (void *context)
{
  Spy *spy = context;
  lg_situation_hooks.push (spy->s);
  spy->pushes++;
  g_ptr_array_add (spy->snapshots, spy_copy (spy));
  guint len = spy->path->len;
  g_array_append_val (spy->marks, len);
}

static void
spy_restore (void *context)
{
  Spy *spy = context;
  lg_situation_hooks.restore (spy->s);
  spy->restores++;
  spy_assert_equal (spy, g_ptr_array_index (spy->snapshots,
                                            spy->snapshots->len - 1),
                    "after restore");
  spy_truncate (spy);
  spy_assert_path (spy, "after restore");
}

static void
spy_restore_and_pop (void *context)
{
  Spy *spy = context;
  lg_situation_hooks.restore_and_pop (spy->s);
  spy->pops++;
  spy_assert_equal (spy, g_ptr_array_index (spy->snapshots,
                                            spy->snapshots->len - 1),
                    "after restore_and_pop");
  spy_truncate (spy);
  spy_pop (spy);
  spy_assert_path (spy, "after restore_and_pop");
}

static void
spy_cut (void *context)
{
  Spy *spy = context;
  lg_situation_hooks.cut (spy->s);
  spy->cuts++;
  spy_pop (spy);
}

static bool
spy_explore (void *context, LgNode *leaf)
{
  Spy *spy = context;
  const LgMaskNode *m = leaf->data;
  ck_assert_uint_lt (m->pair, spy->n_pairs);
  g_autofree uint64_t *before = spy_copy (spy);
  bool holds = lg_situation_hooks.explore (spy->s, leaf);
  spy->explores++;
  spy->failures += !holds;
  g_ptr_array_add (spy->path, (gpointer) m);
  /* Only the leaf's pair changed, to old AND leaf. */
  for (size_t i = 0; i < spy->n_pairs * spy->n_words; i++)
    if (i / spy->n_words == m->pair)
      before[i] &= m->words[i % spy->n_words];
  spy_assert_equal (spy, before, "after explore");
  gboolean any = FALSE;
  for (size_t w = 0; w < spy->n_words; w++)
    any |= before[m->pair * spy->n_words + w] != 0;
  ck_assert_int_eq (holds, any);
  spy_assert_path (spy, "after explore");
  return holds;
}

static const LgBacktrackingHooks spy_hooks = {
  .clear = spy_clear,
  .push = spy_push,
  .restore = spy_restore,
  .restore_and_pop = spy_restore_and_pop,
  .cut = spy_cut,
  .explore = spy_explore,
};

typedef struct
{
  guint calls;
  GPtrArray *perms;  /* char*: the groups' permutations as digits */
  guint stop_after;  /* 0: never */
} Found;

static gboolean
found_cb (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Found *f = data;
  (void) p;
  f->calls++;
  GString *t = g_string_new (NULL);
  for (guint g = 0; g < s->n_groups; g++)
    {
      if (g)
        g_string_append_c (t, '|');
      for (guint r = 0; r < s->n; r++)
        g_string_append_c (t, (char) ('0' + s->perm[g][r]));
    }
  g_ptr_array_add (f->perms, g_string_free (t, FALSE));
  return f->stop_after == 0 || f->calls < f->stop_after;
}

static char *
classic_text (void)
{
  GString *t = g_string_new (NULL);
  for (guint g = 0; g < 6; g++)
    {
      if (g)
        g_string_append_c (t, '|');
      for (guint r = 0; r < 5; r++)
        g_string_append_c (t, (char) ('0' + classic_perm[g][r]));
    }
  return g_string_free (t, FALSE);
}

static const struct
{
  guint drop;      /* rule to drop, 0: none */
  guint solutions;
} real_tree_cases[] = { { 0, 1 }, { 1, 25 } };

START_TEST (test_situation_real_tree)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  if (real_tree_cases[_i].drop)
    lg_problem_drop_rule (p, real_tree_cases[_i].drop, NULL);
  ck_assert (lg_problem_validate (p, NULL));
  LgPermut *permut = lg_permut_new (5);
  LgConstraintSet *set = lg_constraint_set_new (p);
  LgAndOrTree *tree = lg_mask_builder_build (p, set, permut, FALSE, NULL, NULL,
                                             G_MAXUINT64, NULL);
  ck_assert_ptr_nonnull (tree);

  Spy spy = { 0 };
  spy.s = lg_situation_new (p, NULL, permut, tree, &default_options, NULL);
  spy.n_groups = 6;
  spy.n_pairs = 15;
  spy.n_perms = 120;
  spy.n_words = 2;
  spy.snapshots = g_ptr_array_new_with_free_func (g_free);
  spy.marks = g_array_new (FALSE, FALSE, sizeof (guint));
  spy.path = g_ptr_array_new ();
  Found found = { 0, g_ptr_array_new_with_free_func (g_free), 0 };

  LgBacktracking *bt = lg_backtracking_new (&spy_hooks, &spy);
  guint successes = 0;
  for (bool ok = lg_backtracking_search_first (bt, tree->root); ok;
       ok = lg_backtracking_search_next (bt))
    {
      successes++;
      spy_assert_path (&spy, "at a success");
      ck_assert (lg_situation_try_solution (spy.s, found_cb, &found));
      /* try_solution leaves the masks alone. */
      spy_assert_path (&spy, "after try_solution");
    }
  ck_assert_uint_eq (found.calls, real_tree_cases[_i].solutions);
  ck_assert_uint_gt (successes, 0);
  ck_assert_uint_gt (spy.pushes, 0);
  ck_assert_uint_gt (spy.restores + spy.pops, 0);
  ck_assert_uint_gt (spy.failures, 0);
  /* Every alternative point was closed at the end. */
  ck_assert_uint_eq (spy.marks->len, 0);
  ck_assert_uint_eq (spy.pushes, spy.pops + spy.cuts);
  if (real_tree_cases[_i].drop == 0)
    {
      g_autofree char *want = classic_text ();
      ck_assert_str_eq (found.perms->pdata[0], want);
    }
  guint64 candidates, checks, solutions;
  lg_situation_get_counts (spy.s, &candidates, &checks, &solutions, &ignored_saved);
  ck_assert_uint_eq (solutions, real_tree_cases[_i].solutions);
  ck_assert_uint_ge (candidates, solutions);

  lg_backtracking_free (bt);
  g_ptr_array_unref (found.perms);
  g_ptr_array_unref (spy.snapshots);
  g_array_unref (spy.marks);
  g_ptr_array_unref (spy.path);
  lg_situation_free (spy.s);
  lg_and_or_tree_free (tree);
  lg_constraint_set_free (set);
  lg_permut_free (permut);
}
END_TEST

/* ---- core: try_solution on hand-set masks --------------------------------- */

/* My own table of the permutations of 0..n-1 in lexicographic order, and
 * my own rank (the Lehmer code read in the factorial number system). */
static uint8_t *
my_perms (guint n, size_t *count)
{
  size_t total = 1;
  for (guint i = 2; i <= n; i++)
    total *= i;
  uint8_t *table = g_new (uint8_t, total * n);
  uint8_t p[16];
  for (guint i = 0; i < n; i++)
    p[i] = (uint8_t) i;
  for (size_t r = 0; r < total; r++)
    {
      memcpy (table + r * n, p, n);
      int i = (int) n - 2;
      while (i >= 0 && p[i] > p[i + 1])
        i--;
      if (i < 0)
        break;
      int j = (int) n - 1;
      while (p[j] < p[i])
        j--;
      uint8_t t = p[i];
      p[i] = p[j];
      p[j] = t;
      for (int a = i + 1, b = (int) n - 1; a < b; a++, b--)
        {
          t = p[a];
          p[a] = p[b];
          p[b] = t;
        }
    }
  *count = total;
  return table;
}

static size_t
my_rank (const uint8_t *p, guint n)
{
  size_t rank = 0;
  for (guint i = 0; i < n; i++)
    {
      guint smaller = 0;
      for (guint j = i + 1; j < n; j++)
        smaller += p[j] < p[i];
      rank = rank * (n - i) + smaller;
    }
  return rank;
}

typedef struct
{
  guint n, n_groups, n_pairs;
  size_t count, n_words;
  uint8_t *table;
  uint64_t *masks;            /* n_pairs masks of n_words */
  size_t chosen[5];           /* rank per group (group 0: identity) */
  GPtrArray *want;            /* char* as found_cb writes them */
  guint64 candidates, checks;
} Brute;

static gboolean
bit (const Brute *b, guint pair, size_t r)
{
  return (b->masks[pair * b->n_words + r / 64] >> (r % 64)) & 1;
}

static void
set_bit (Brute *b, guint pair, size_t r)
{
  b->masks[pair * b->n_words + r / 64] |= UINT64_C (1) << (r % 64);
}

/* The (j, g) permutation when groups j and g have ranks rj and rg against
 * group 0: item x of group j (on row i) goes with item y of group g on the
 * same row, so it maps P_j[i] to P_g[i]. */
static size_t
brute_compose (const Brute *b, size_t rj, size_t rg)
{
  uint8_t comp[16];
  for (guint i = 0; i < b->n; i++)
    comp[b->table[rj * b->n + i]] = b->table[rg * b->n + i];
  return my_rank (comp, b->n);
}

static void
brute_level (Brute *b, guint g)
{
  if (g == b->n_groups)
    {
      GString *t = g_string_new (NULL);
      for (guint i = 0; i < b->n; i++)
        g_string_append_c (t, (char) ('0' + i));
      for (guint k = 1; k < b->n_groups; k++)
        {
          g_string_append_c (t, '|');
          for (guint i = 0; i < b->n; i++)
            g_string_append_c (t, (char) ('0' + b->table[b->chosen[k] * b->n + i]));
        }
      g_ptr_array_add (b->want, g_string_free (t, FALSE));
      return;
    }
  const uint64_t *m0g = b->masks + pair_of (0, g) * b->n_words;
  for (size_t r = 0; r < b->count; r++)
    {
      if (!(m0g[r / 64] >> (r % 64) & 1))
        {
          if (m0g[r / 64] >> (r % 64) == 0)
            r |= 63; /* nothing left in this word */
          continue;
        }
      b->candidates++;
      b->chosen[g] = r;
      guint j = 1;
      for (; j < g; j++)
        {
          b->checks++;
          if (!bit (b, pair_of (j, g), brute_compose (b, b->chosen[j], r)))
            break;
        }
      if (j == g)
        brute_level (b, g + 1);
    }
}

/* Cases: dense random masks for small n (most permutations set), sparse
 * ones with two planted solutions for larger n, where try_solution uses
 * its composition tables (n <= 6), only its inverse table (7, 8) or
 * neither (9). */
static const struct
{
  guint n, n_groups;
  gboolean dense;
} try_cases[] = {
  { 3, 3, TRUE }, { 3, 4, TRUE }, { 3, 3, TRUE }, { 3, 4, TRUE },
  { 3, 3, TRUE }, { 3, 4, TRUE }, { 3, 3, TRUE }, { 3, 4, TRUE },
  { 3, 3, TRUE }, { 3, 4, TRUE }, { 3, 3, TRUE }, { 3, 4, TRUE },
  { 4, 3, TRUE }, { 4, 4, TRUE }, { 4, 5, TRUE }, { 2, 5, TRUE },
  { 1, 3, TRUE }, { 5, 3, FALSE }, { 5, 4, FALSE }, { 6, 3, FALSE },
  { 7, 3, FALSE }, { 7, 4, FALSE }, { 8, 3, FALSE }, { 9, 3, FALSE },
  { 9, 4, FALSE },
};

/* A situation whose pair masks are the brute force's: one hand leaf per
 * pair, explored. */
typedef struct
{
  LgProblem *p;
  LgPermut *permut;
  HandLeaf leaves[10];
  LgNode *children[10];
  LgNode root;
  LgAndOrTree tree;
} HandSetup;

static void
hand_setup_init (HandSetup *h, const Brute *b)
{
  h->p = plain_problem (b->n_groups, b->n);
  h->permut = lg_permut_new ((int) b->n);
  for (guint k = 0; k < b->n_pairs; k++)
    {
      hand_leaf_init (&h->leaves[k], k, b->masks + k * b->n_words, b->n_words);
      h->children[k] = &h->leaves[k].node;
    }
  h->root = (LgNode) { .kind = LG_NODE_AND, .n_children = b->n_pairs,
                       .children = h->children };
  h->tree = (LgAndOrTree) { .root = &h->root };
}

static LgSituation *
hand_situation (HandSetup *h, const Brute *b, LgCheck check)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.check = check;
  LgSituation *s =
      lg_situation_new (h->p, NULL, h->permut, &h->tree, &opts, NULL);
  lg_situation_hooks.clear (s);
  for (guint k = 0; k < b->n_pairs; k++)
    {
      gboolean any = FALSE;
      for (size_t w = 0; w < b->n_words; w++)
        any |= b->masks[k * b->n_words + w] != 0;
      ck_assert_int_eq (lg_situation_hooks.explore (s, h->children[k]), any);
    }
  return s;
}

static void
hand_setup_clear (HandSetup *h, const Brute *b)
{
  for (guint k = 0; k < b->n_pairs; k++)
    g_free (h->leaves[k].mask);
  lg_permut_free (h->permut);
  lg_problem_free (h->p);
}

static gint
compare_strings (gconstpointer a, gconstpointer c)
{
  return strcmp (*(char *const *) a, *(char *const *) c);
}

START_TEST (test_situation_try_solution)
{
  Brute b = { 0 };
  b.n = try_cases[_i].n;
  b.n_groups = try_cases[_i].n_groups;
  b.n_pairs = b.n_groups * (b.n_groups - 1) / 2;
  b.table = my_perms (b.n, &b.count);
  b.n_words = (b.count + 63) / 64;
  b.masks = g_new0 (uint64_t, b.n_pairs * b.n_words);
  uint64_t rng = UINT64_C (0x7369747561740000) + (uint64_t) _i;
  if (try_cases[_i].dense)
    {
      /* Cases 0 and 1, and n <= 2: every bit; else 3 bits in 4. */
      for (guint k = 0; k < b.n_pairs; k++)
        for (size_t r = 0; r < b.count; r++)
          if (_i < 2 || b.n <= 2 || lgtest_rand_below (&rng, 4) != 0)
            set_bit (&b, k, r);
    }
  else
    {
      /* Two planted solutions, and a few random bits besides. */
      for (int planted = 0; planted < 2; planted++)
        {
          size_t r[5] = { 0 };
          for (guint g = 1; g < b.n_groups; g++)
            {
              r[g] = lgtest_rand_below (&rng, (uint32_t) b.count);
              set_bit (&b, pair_of (0, g), r[g]);
            }
          for (guint g = 2; g < b.n_groups; g++)
            for (guint j = 1; j < g; j++)
              set_bit (&b, pair_of (j, g), brute_compose (&b, r[j], r[g]));
        }
      for (guint k = 0; k < b.n_pairs; k++)
        for (int extra = 0; extra < 4; extra++)
          set_bit (&b, k, lgtest_rand_below (&rng, (uint32_t) b.count));
    }
  b.want = g_ptr_array_new_with_free_func (g_free);
  brute_level (&b, 1);
  if (_i < 2 || b.n <= 2)
    {
      /* Every bit set: (n!)^(G-1) solutions. */
      guint64 all = 1;
      for (guint g = 1; g < b.n_groups; g++)
        all *= b.count;
      ck_assert_uint_eq (b.want->len, all);
    }
  if (!try_cases[_i].dense)
    ck_assert_uint_ge (b.want->len, 1);

  HandSetup h;
  hand_setup_init (&h, &b);

  /* The original's strategy: the same solutions in the same order, the
   * same candidates and checks. */
  LgSituation *s = hand_situation (&h, &b, LG_CHECK_FAITHFUL);
  Found found = { 0, g_ptr_array_new_with_free_func (g_free), 0 };
  ck_assert (lg_situation_try_solution (s, found_cb, &found));
  ck_assert_uint_eq (found.perms->len, b.want->len);
  for (guint i = 0; i < b.want->len; i++)
    ck_assert_str_eq (found.perms->pdata[i], b.want->pdata[i]);
  guint64 candidates, checks, solutions;
  lg_situation_get_counts (s, &candidates, &checks, &solutions, &ignored_saved);
  ck_assert_uint_eq (solutions, b.want->len);
  ck_assert_uint_eq (candidates, b.candidates);
  ck_assert_uint_eq (checks, b.checks);
  g_ptr_array_unref (found.perms);
  lg_situation_free (s);

  /* INTERSECT: the same solutions in the same order, no more candidates. */
  s = hand_situation (&h, &b, LG_CHECK_INTERSECT);
  found = (Found) { 0, g_ptr_array_new_with_free_func (g_free), 0 };
  ck_assert (lg_situation_try_solution (s, found_cb, &found));
  ck_assert_uint_eq (found.perms->len, b.want->len);
  for (guint i = 0; i < b.want->len; i++)
    ck_assert_str_eq (found.perms->pdata[i], b.want->pdata[i]);
  lg_situation_get_counts (s, &candidates, &checks, &solutions, &ignored_saved);
  ck_assert_uint_eq (solutions, b.want->len);
  ck_assert_uint_le (candidates, b.candidates);
  g_ptr_array_unref (found.perms);
  lg_situation_free (s);

  /* FEWEST: the same solutions, in some order. */
  s = hand_situation (&h, &b, LG_CHECK_FEWEST);
  found = (Found) { 0, g_ptr_array_new_with_free_func (g_free), 0 };
  ck_assert (lg_situation_try_solution (s, found_cb, &found));
  ck_assert_uint_eq (found.perms->len, b.want->len);
  g_ptr_array_sort (found.perms, compare_strings);
  g_autoptr (GPtrArray) sorted = g_ptr_array_copy (b.want, NULL, NULL);
  g_ptr_array_set_free_func (sorted, NULL); /* b.want owns the strings */
  g_ptr_array_sort (sorted, compare_strings);
  for (guint i = 0; i < sorted->len; i++)
    ck_assert_str_eq (found.perms->pdata[i], sorted->pdata[i]);
  g_ptr_array_unref (found.perms);
  lg_situation_free (s);

  /* Stopping at the second solution, in each strategy. */
  if (b.want->len >= 2)
    for (LgCheck check = LG_CHECK_FAITHFUL; check <= LG_CHECK_FEWEST; check++)
      {
        Found first = { 0, g_ptr_array_new_with_free_func (g_free), 2 };
        s = hand_situation (&h, &b, check);
        ck_assert (!lg_situation_try_solution (s, found_cb, &first));
        ck_assert_uint_eq (first.calls, 2);
        if (check != LG_CHECK_FEWEST)
          ck_assert_str_eq (first.perms->pdata[1], b.want->pdata[1]);
        g_ptr_array_unref (first.perms);
        lg_situation_free (s);
      }

  hand_setup_clear (&h, &b);
  g_ptr_array_unref (b.want);
  g_free (b.masks);
  g_free (b.table);
}
END_TEST

/* try_solution called again and again while the masks change in between,
 * as under the explorer: leaves narrow random pairs (sometimes to nothing
 * new, sometimes to a full or a dense mask), marks are pushed and restored,
 * and after each step the solutions and the counters added by the call
 * must be the brute force's on the current masks.  This exercises what
 * try_solution keeps from one call to the next (the images keyed by the
 * pair masks' versions, the checks' prefixes) and every way of checking:
 * full masks, images of sparse and dense masks, candidates one by one. */
static const struct
{
  guint n, n_groups, steps;
} sequence_cases[] = {
  { 3, 4, 60 }, { 3, 5, 60 }, { 4, 4, 60 }, { 4, 5, 40 },
  { 5, 3, 60 }, { 5, 4, 40 }, { 5, 5, 20 }, { 6, 3, 20 },
  { 6, 4, 10 }, { 7, 3, 6 },  { 2, 5, 30 }, { 1, 4, 5 },
};

/* A random mask over count bits: each bit with probability
 * per_mille / 1000. */
static void
random_mask (uint64_t *rng, uint64_t *words, size_t n_words, size_t count,
             guint per_mille)
{
  memset (words, 0, n_words * sizeof *words);
  for (size_t r = 0; r < count; r++)
    if (lgtest_rand_below (rng, 1000) < per_mille)
      words[r / 64] |= UINT64_C (1) << (r % 64);
}

/* Leaves that can be stacked on the base ones. */
#define EXTRA 6

START_TEST (test_situation_try_solution_sequence)
{
  static const guint densities[] = { 1000, 900, 600, 300, 100 };
  Brute b = { 0 };
  b.n = sequence_cases[_i].n;
  b.n_groups = sequence_cases[_i].n_groups;
  b.n_pairs = b.n_groups * (b.n_groups - 1) / 2;
  b.table = my_perms (b.n, &b.count);
  b.n_words = (b.count + 63) / 64;
  b.masks = g_new0 (uint64_t, b.n_pairs * b.n_words);
  uint64_t rng = UINT64_C (0x73657175656e6365) + (uint64_t) _i;

  /* Base masks: the pairs with group 0 sparse enough for the brute force,
   * the others of every density, some full. */
  guint base_density = b.count <= 24 ? 600 : b.count <= 120 ? 200 : 30;
  if (b.count > 720)
    base_density = 4;
  for (guint g = 1; g < b.n_groups; g++)
    for (guint j = 0; j < g; j++)
      {
        uint64_t *m = b.masks + pair_of (j, g) * b.n_words;
        guint d =
            j == 0 ? base_density
                   : densities[lgtest_rand_below (&rng, N_ELEMS (densities))];
        random_mask (&rng, m, b.n_words, b.count, d);
      }
  /* a planted solution, so that some calls find one */
  size_t planted[5] = { 0 };
  for (guint g = 1; g < b.n_groups; g++)
    {
      planted[g] = lgtest_rand_below (&rng, (uint32_t) b.count);
      set_bit (&b, pair_of (0, g), planted[g]);
    }
  for (guint g = 2; g < b.n_groups; g++)
    for (guint j = 1; j < g; j++)
      set_bit (&b, pair_of (j, g), brute_compose (&b, planted[j], planted[g]));

  /* The tree: the base leaves, and EXTRA alternatives of two full leaves
   * each, so that the undo stack and the marks have room for EXTRA more
   * leaves on the path. */
  HandSetup h;
  hand_setup_init (&h, &b);
  uint64_t *full = g_new (uint64_t, b.n_words);
  lg_bitset_set_all (full, b.count);
  HandLeaf spare[2 * EXTRA];
  LgNode ors[EXTRA], *or_children[EXTRA][2];
  LgNode *root_children[10 + EXTRA];
  for (guint k = 0; k < b.n_pairs; k++)
    root_children[k] = h.children[k];
  for (guint e = 0; e < EXTRA; e++)
    {
      for (guint c = 0; c < 2; c++)
        {
          hand_leaf_init (&spare[2 * e + c], 0, full, b.n_words);
          or_children[e][c] = &spare[2 * e + c].node;
        }
      ors[e] = (LgNode) { .kind = LG_NODE_OR,
                          .n_children = 2,
                          .children = or_children[e] };
      root_children[b.n_pairs + e] = &ors[e];
    }
  h.root.n_children = b.n_pairs + EXTRA;
  h.root.children = root_children;
  LgSituation *s = hand_situation (&h, &b, LG_CHECK_FAITHFUL);

  GPtrArray *extra = g_ptr_array_new (); /* HandLeaf*, stacked */
  guint depth = 0, calls_with_solutions = 0;
  uint64_t *words = g_new (uint64_t, b.n_words);
  for (guint step = 0; step < sequence_cases[_i].steps; step++)
    {
      guint what = lgtest_rand_below (&rng, 4);
      if (depth > 0 && (what == 0 || depth == EXTRA))
        {
          lg_situation_hooks.restore_and_pop (s);
          depth--;
        }
      else if (what != 1)
        {
          /* a new leaf on a random pair: often narrowing, sometimes
           * changing nothing */
          guint pair = lgtest_rand_below (&rng, b.n_pairs);
          random_mask (&rng, words, b.n_words, b.count, what == 2 ? 1000 : 850);
          HandLeaf *leaf = g_new (HandLeaf, 1);
          hand_leaf_init (leaf, pair, words, b.n_words);
          g_ptr_array_add (extra, leaf);
          lg_situation_hooks.push (s);
          depth++;
          if (!lg_situation_hooks.explore (s, &leaf->node))
            {
              lg_situation_hooks.restore_and_pop (s);
              depth--;
            }
        }
      /* the brute force on the current masks */
      for (guint k = 0; k < b.n_pairs; k++)
        {
          guint g2 = 1;
          while (pair_of (0, g2 + 1) <= k && g2 + 1 < b.n_groups)
            g2++;
          guint g1 = k - pair_of (0, g2);
          memcpy (b.masks + k * b.n_words, lg_situation_mask (s, g1, g2),
                  b.n_words * sizeof (uint64_t));
        }
      b.candidates = b.checks = 0;
      b.want = g_ptr_array_new_with_free_func (g_free);
      brute_level (&b, 1);

      guint64 c0, k0, s0, c1, k1, s1;
      lg_situation_get_counts (s, &c0, &k0, &s0, &ignored_saved);
      Found found = { 0, g_ptr_array_new_with_free_func (g_free), 0 };
      ck_assert (lg_situation_try_solution (s, found_cb, &found));
      lg_situation_get_counts (s, &c1, &k1, &s1, &ignored_saved);
      LGTEST_CHECK (found.perms->len == b.want->len,
                    "step %u: %u solutions, want %u", step, found.perms->len,
                    b.want->len);
      for (guint i = 0; i < b.want->len && i < found.perms->len; i++)
        ck_assert_str_eq (found.perms->pdata[i], b.want->pdata[i]);
      LGTEST_CHECK (c1 - c0 == b.candidates,
                    "step %u: %" G_GUINT64_FORMAT
                    " candidates, want %" G_GUINT64_FORMAT,
                    step, c1 - c0, b.candidates);
      LGTEST_CHECK (k1 - k0 == b.checks,
                    "step %u: %" G_GUINT64_FORMAT
                    " checks, want %" G_GUINT64_FORMAT,
                    step, k1 - k0, b.checks);
      ck_assert_uint_eq (s1 - s0, b.want->len);
      calls_with_solutions += b.want->len > 0;
      g_ptr_array_unref (found.perms);
      g_ptr_array_unref (b.want);
    }
  /* the planted solution holds while no extra leaf removed it */
  ck_assert_uint_gt (calls_with_solutions, 0);

  lg_situation_free (s);
  for (guint i = 0; i < extra->len; i++)
    {
      HandLeaf *leaf = extra->pdata[i];
      g_free (leaf->mask);
      g_free (leaf);
    }
  g_ptr_array_unref (extra);
  for (guint e = 0; e < 2 * EXTRA; e++)
    g_free (spare[e].mask);
  g_free (words);
  g_free (full);
  hand_setup_clear (&h, &b);
  g_free (b.masks);
  g_free (b.table);
}
END_TEST

/* One solution picked by hand: groups g1 and g2 each allowed one
 * permutation against g0, and (g1, g2) must allow their composition. */
START_TEST (test_situation_try_solution_by_hand)
{
  /* n = 3: ranks 0:012 1:021 2:102 3:120 4:201 5:210.
   * g1 = 120 (rank 3), g2 = 201 (rank 4): on row i, g1 has p1[i] and g2
   * has p2[i], so the (1,2) permutation maps 1->2, 2->0, 0->1: 120 again,
   * rank 3. */
  LgProblem *p = plain_problem (3, 3);
  LgPermut *permut = lg_permut_new (3);
  const uint64_t m01 = 1u << 3, m02 = 1u << 4;
  HandLeaf l01, l02, l12;
  hand_leaf_init (&l01, 0, &m01, 1);
  hand_leaf_init (&l02, 1, &m02, 1);
  LgNode *children[] = { &l01.node, &l02.node, NULL };
  LgNode root = { .kind = LG_NODE_AND, .n_children = 3, .children = children };
  LgAndOrTree tree = { .root = &root };

  for (int allowed = 0; allowed < 2; allowed++)
    {
      const uint64_t m12 = allowed ? 1u << 3 : 0x3F & ~(1u << 3);
      hand_leaf_init (&l12, 2, &m12, 1);
      children[2] = &l12.node;
      LgSituation *s = lg_situation_new (p, NULL, permut, &tree, &default_options, NULL);
      lg_situation_hooks.clear (s);
      for (int k = 0; k < 3; k++)
        ck_assert (lg_situation_hooks.explore (s, children[k]));
      Found found = { 0, g_ptr_array_new_with_free_func (g_free), 0 };
      ck_assert (lg_situation_try_solution (s, found_cb, &found));
      ck_assert_uint_eq (found.calls, allowed ? 1 : 0);
      if (allowed)
        ck_assert_str_eq (found.perms->pdata[0], "012|120|201");
      guint64 candidates, checks, solutions;
      lg_situation_get_counts (s, &candidates, &checks, &solutions, &ignored_saved);
      ck_assert_uint_eq (candidates, 2);
      ck_assert_uint_eq (checks, 1);
      g_ptr_array_unref (found.perms);
      lg_situation_free (s);
      g_free (l12.mask);
    }
  g_free (l01.mask);
  g_free (l02.mask);
  lg_permut_free (permut);
  lg_problem_free (p);
}
END_TEST

/* ---- core: lg_checker_verify -------------------------------------------------- */

/* A change of the classic solution: swap two rows of one group. */
static const struct
{
  const char *name;
  guint group, row1, row2;
  guint drop;          /* rule dropped first, 0: none */
  gboolean valid;
} verify_cases[] = {
  { "the solution", 0, 0, 0, 0, TRUE },
  { "fox and horse: only the neighbour rules break", 2, 0, 1, 0, FALSE },
  { "ivory and green", 5, 3, 4, 0, FALSE },
  { "water and coffee", 3, 0, 4, 0, FALSE },
  { "english and japanese", 1, 2, 4, 0, FALSE },
  { "snail and zebra", 2, 2, 4, 0, FALSE },
  { "water and coffee, coffee rule dropped", 3, 0, 4, 3, TRUE },
  { "fox and horse, one neighbour group dropped", 2, 0, 1, 12, FALSE },
  { "the solution, a rule dropped", 0, 0, 0, 5, TRUE },
};

START_TEST (test_situation_verify)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  if (verify_cases[_i].drop)
    ck_assert (lg_problem_drop_rule (p, verify_cases[_i].drop, NULL));
  uint8_t rows[6][5];
  memcpy (rows, classic_perm, sizeof rows);
  guint g = verify_cases[_i].group;
  uint8_t t = rows[g][verify_cases[_i].row1];
  rows[g][verify_cases[_i].row1] = rows[g][verify_cases[_i].row2];
  rows[g][verify_cases[_i].row2] = t;
  const uint8_t *perm[6];
  for (guint k = 0; k < 6; k++)
    perm[k] = rows[k];
  ck_assert_msg (lg_checker_verify (p, NULL, perm) == verify_cases[_i].valid,
                 "%s", verify_cases[_i].name);
}
END_TEST

/* Without rules everything is valid; a var group that cannot hold rejects
 * everything. */
START_TEST (test_situation_verify_edges)
{
  LgProblem *p = plain_problem (2, 3);
  const uint8_t id[3] = { 0, 1, 2 }, other[3] = { 2, 0, 1 };
  const uint8_t *perm[2] = { id, other };
  ck_assert (lg_checker_verify (p, NULL, perm));
  LgItem *a = lg_some (p, "g1");
  lg_rule (p, lg_yes (p, a, lg_item (p, "g0", "g0_0")));
  ck_assert (lg_checker_verify (p, NULL, perm));
  lg_rule (p, lg_no (p, a, lg_item (p, "g0", "g0_0")));
  ck_assert (!lg_checker_verify (p, NULL, perm));
  lg_problem_free (p);
}
END_TEST

/* ---- explore: the flattened tree and the generic explorer agree ---------- */

typedef struct
{
  const char *file; /* in data/, or NULL: the built-in classic */
  guint drop;
  gboolean house_last;
  guint stop_after; /* 0: every solution */
} ExploreCase;

static const ExploreCase explore_cases[] = {
  { "classic.lgm", 0, FALSE, 0 },
  { "small.lgm", 0, FALSE, 0 },
  { "jojo.lgm", 0, FALSE, 0 },
  { "big.lgm", 0, FALSE, 0 },
  { "einstein.lgm", 0, FALSE, 0 },
  { "einstein-left-of.lgm", 0, FALSE, 0 },
  { "einstein-cat-not-water.lgm", 0, FALSE, 0 },
  { "mini4.lgm", 0, FALSE, 0 },
  { NULL, 1, FALSE, 0 },
  { NULL, 1, TRUE, 0 },
  { NULL, 1, FALSE, 3 },
  { NULL, 3, TRUE, 0 },
};

/* Explores problem p with one of the two explorers: the solutions in the
 * order found, and the counters. */
static void
explore_with (LgProblem *p, gboolean generic, guint stop_after, Found *found,
              LgBacktrackingStats *stats, guint64 counts[3])
{
  guint n = lg_problem_dimension (p);
  LgPermut *permut = lg_permut_new ((int) n);
  LgConstraintSet *set = lg_constraint_set_new (p);
  LgAndOrTree *tree = lg_mask_builder_build (p, set, permut, FALSE, NULL, NULL,
                                             G_MAXUINT64, NULL);
  ck_assert_ptr_nonnull (tree);
  LgSituation *s = lg_situation_new (p, NULL, permut, tree, &default_options, NULL);
  *found = (Found) { 0, g_ptr_array_new_with_free_func (g_free), stop_after };
  lg_situation_explore (s, tree->root, generic, found_cb, found, stats);
  lg_situation_get_counts (s, &counts[0], &counts[1], &counts[2], &ignored_saved);
  lg_situation_free (s);
  lg_and_or_tree_free (tree);
  lg_constraint_set_free (set);
  lg_permut_free (permut);
}

START_TEST (test_situation_explore_flat)
{
  const ExploreCase *c = &explore_cases[_i];
  g_autoptr (LgProblem) p = NULL;
  if (c->file)
    {
      g_autofree char *path = lgtest_data_path (c->file);
      g_autoptr (GError) error = NULL;
      p = lg_parser_parse_file (path, &error);
      ck_assert_msg (p != NULL, "%s", error ? error->message : "");
    }
  else
    {
      static const char *const house_last[] = {
        "nationality", "animal", "drink", "cigarette", "color", "house", NULL
      };
      p = lg_problem_new ();
      lgtest_describe_problem_classic (p);
      if (c->drop)
        ck_assert (lg_problem_drop_rule (p, c->drop, NULL));
      if (c->house_last)
        ck_assert (lg_problem_set_group_order (p, house_last, NULL));
    }
  ck_assert (lg_problem_validate (p, NULL));
  Found generic, flat;
  LgBacktrackingStats generic_stats, flat_stats;
  guint64 generic_counts[3], flat_counts[3];
  explore_with (p, TRUE, c->stop_after, &generic, &generic_stats,
                generic_counts);
  explore_with (p, FALSE, c->stop_after, &flat, &flat_stats, flat_counts);
  ck_assert_uint_gt (generic_stats.nodes, 0);
  ck_assert_mem_eq (&flat_stats, &generic_stats, sizeof flat_stats);
  ck_assert_mem_eq (flat_counts, generic_counts, sizeof flat_counts);
  ck_assert_uint_eq (flat.perms->len, generic.perms->len);
  for (guint i = 0; i < flat.perms->len; i++)
    ck_assert_str_eq (flat.perms->pdata[i], generic.perms->pdata[i]);
  g_ptr_array_unref (generic.perms);
  g_ptr_array_unref (flat.perms);
}
END_TEST

/* A run whose leaves narrow the same pair twice: the second sees the
 * first's narrowing (0x3 then 0xc: empty), so the run fails there, while
 * each alone would hold and the run's third leaf fails anyway (pair 1 is
 * 0x1 by then).  The flat exploration checks a run before changing
 * anything only when its pairs are distinct; this one must fail at its
 * second leaf, as the generic explorer says. */
START_TEST (test_situation_explore_same_pair)
{
  LgProblem *p = plain_problem (3, 3);
  LgPermut *permut = lg_permut_new (3);
  HandLeaf a, b, c, d, e, f;
  hand_leaf_init (&a, 0, (uint64_t[]) { 0x3 }, 1);
  hand_leaf_init (&b, 0, (uint64_t[]) { 0xc }, 1);
  hand_leaf_init (&c, 1, (uint64_t[]) { 0x2 }, 1);
  hand_leaf_init (&d, 1, (uint64_t[]) { 0x1 }, 1);
  hand_leaf_init (&e, 0, (uint64_t[]) { 0x6 }, 1);
  hand_leaf_init (&f, 2, (uint64_t[]) { 0x4 }, 1);
  LgNode *run1_kids[] = { &a.node, &b.node, &c.node };
  LgNode *run2_kids[] = { &e.node, &f.node };
  LgNode run1 = { .kind = LG_NODE_AND, .n_children = 3, .children = run1_kids };
  LgNode run2 = { .kind = LG_NODE_AND, .n_children = 2, .children = run2_kids };
  LgNode *or_kids[] = { &run1, &run2 };
  LgNode or = { .kind = LG_NODE_OR, .n_children = 2, .children = or_kids };
  LgNode *root_kids[] = { &d.node, &or };
  LgNode root = { .kind = LG_NODE_AND, .n_children = 2, .children = root_kids };
  LgAndOrTree tree = { .root = &root, .n_pairs = 3, .n_words = 1 };

  LgBacktrackingStats stats[2];
  guint64 counts[2][3];
  for (int generic = 0; generic <= 1; generic++)
    {
      LgSituation *s = lg_situation_new (p, NULL, permut, &tree, &default_options, NULL);
      lg_situation_explore (s, &root, generic, NULL, NULL, &stats[generic]);
      lg_situation_get_counts (s, &counts[generic][0], &counts[generic][1],
                               &counts[generic][2], &ignored_saved);
      lg_situation_free (s);
    }
  ck_assert_mem_eq (&stats[0], &stats[1], sizeof stats[0]);
  ck_assert_mem_eq (counts[0], counts[1], sizeof counts[0]);
  /* and, d, or, and, a, b (fails), and, e, f */
  ck_assert_uint_eq (stats[0].nodes, 9);
  ck_assert_uint_eq (stats[0].successes, 1);
  ck_assert_uint_eq (stats[0].alternatives, 1);
  HandLeaf *leaves[] = { &a, &b, &c, &d, &e, &f };
  for (guint i = 0; i < N_ELEMS (leaves); i++)
    g_free (leaves[i]->mask);
  lg_permut_free (permut);
  lg_problem_free (p);
}
END_TEST

/* What a limited exploration of p got to (explore_limited). */
typedef struct
{
  gboolean over;        /* lg_situation_over_limit */
  double projected;     /* lg_situation_projected */
  guint64 walked, work; /* the walk's nodes, and with the steps */
  guint64 candidates, checks, solutions;
} Limited;

/* Explores p's tree under a step limit and a projected limit (G_MAXUINT64:
 * none), its solutions into found. */
static void
explore_limited (LgProblem *p, guint64 step_limit, guint64 projected_limit,
                 Found *found, Limited *out)
{
  LgPermut *permut = lg_permut_new (lg_problem_dimension (p));
  LgConstraintSet *set = lg_constraint_set_new (p);
  LgAndOrTree *tree = lg_mask_builder_build (p, set, permut, FALSE, NULL, NULL,
                                             G_MAXUINT64, NULL);
  ck_assert_ptr_nonnull (tree);
  LgSituation *s =
      lg_situation_new (p, NULL, permut, tree, &default_options, NULL);
  lg_situation_set_step_limit (s, step_limit);
  lg_situation_set_projected_limit (s, projected_limit);
  LgBacktrackingStats stats;
  lg_situation_explore (s, tree->root, FALSE, found_cb, found, &stats);
  out->over = lg_situation_over_limit (s);
  out->projected = lg_situation_projected (s);
  out->walked = lg_situation_walked (s);
  out->work = out->walked + lg_situation_work (s);
  lg_situation_get_counts (s, &out->candidates, &out->checks, &out->solutions,
                           &ignored_saved);
  lg_situation_free (s);
  lg_and_or_tree_free (tree);
  lg_constraint_set_free (set);
  lg_permut_free (permut);
}

/* The step limit counts the work of 7 items (auto's trial): a check of
 * try_solution's own strategy, 3 steps (it ranks a composition of
 * permutations, with no table beyond 6 items), and each leaf of the flat
 * walk, 4 steps a mask of 79 words.  Counting candidates and nodes alone,
 * a trial of 16 million steps ran a second instead of a tenth.  Case 0:
 * three groups and no rule, all in try_solution (a candidate of the third
 * group costs one check); case 1: a generated puzzle whose work is in the
 * walk; case 2: sixteen groups of 3 items, whose work is in the levels
 * that try_solution's table strategy makes again at each visit (a trial of
 * 16 million steps took 0.3 s when they were not counted). */
static const char *const limit_files[] = { NULL, "input/gen-7x5-trial.lgm",
                                           "input/gen-3x16-trial.lgm" };

START_TEST (test_situation_step_limit_counts_work)
{
  g_autoptr (LgProblem) p = NULL;
  if (limit_files[_i])
    {
      g_autofree char *path = lgtest_test_path (limit_files[_i]);
      g_autoptr (GError) error = NULL;
      p = lg_parser_parse_file (path, &error);
      ck_assert_msg (p != NULL, "%s", error ? error->message : "");
      ck_assert (lg_problem_validate (p, NULL));
    }
  else
    p = plain_problem (3, 7);
  const guint64 limit = 200000;
  Found found = { 0, g_ptr_array_new_with_free_func (g_free), 0 };
  Limited got;
  explore_limited (p, limit, G_MAXUINT64, &found, &got);
  ck_assert (got.over);
  guint64 candidates = got.candidates, checks = got.checks;
  if (_i == 2)
    {
      /* the candidates of try_solution's visits within the limit:
       * 163,658 now, 463,956 when the levels made again were not
       * counted */
      ck_assert_uint_le (candidates, limit * 5 / 4);
      ck_assert_uint_gt (candidates, limit / 4);
    }
  else if (limit_files[_i])
    {
      /* the walk leaves no stats when stopped: its nodes at the last
       * alternative point; with its leaves counted, fewer than half the
       * limit (183,204 nodes when they were not, 62,467 now) */
      ck_assert_uint_le (got.walked, limit / 2);
      ck_assert_uint_gt (got.walked, limit / 10);
    }
  else
    {
      /* candidates and checks of try_solution (49,954 and 49,944 now;
       * 199,192 and 199,152 when the checks were not counted) */
      guint64 work = candidates + 3 * checks;
      ck_assert_msg (work <= limit + 3 * 7,
                     "candidates %" G_GUINT64_FORMAT ", checks %" G_GUINT64_FORMAT,
                     candidates, checks);
      ck_assert_uint_gt (work, limit / 2);
    }
  g_ptr_array_unref (found.perms);
}
END_TEST

/* The projection (lg_situation_set_projected_limit), on the tutorial's
 * jojo (559,492 nodes): with twice its work as the limit it runs to its
 * end, every solution found (the trial of auto counts on it: its
 * projection stays within 1.5 times the work of the tutorial's runs);
 * with a quarter, a checkpoint past that quarter stops it; with 1, the
 * first checkpoint does, whatever the tree (case 1: a generated 7x5). */
START_TEST (test_situation_projected_limit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = NULL;
  if (_i == 0)
    p = lg_problems_load ("jojo", &error);
  else
    {
      g_autofree char *path = lgtest_test_path ("input/gen-7x5-trial.lgm");
      p = lg_parser_parse_file (path, &error);
    }
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  ck_assert (lg_problem_validate (p, NULL));
  Found all = { 0, g_ptr_array_new_with_free_func (g_free), 0 };
  Found some = { 0, g_ptr_array_new_with_free_func (g_free), 0 };
  Limited whole, got;
  if (_i == 0)
    {
      explore_limited (p, G_MAXUINT64, G_MAXUINT64, &all, &whole);
      ck_assert (!whole.over);
      ck_assert_uint_gt (whole.work, 4 << 17);
      explore_limited (p, G_MAXUINT64, 2 * whole.work, &some, &got);
      ck_assert (!got.over);
      ck_assert_double_eq (got.projected, 0);
      ck_assert_uint_eq (some.perms->len, all.perms->len);
      for (guint i = 0; i < all.perms->len; i++)
        ck_assert_str_eq (some.perms->pdata[i], all.perms->pdata[i]);
      g_ptr_array_set_size (some.perms, 0);
      explore_limited (p, G_MAXUINT64, whole.work / 4, &some, &got);
      ck_assert (got.over);
      ck_assert_double_gt (got.projected, (double) (whole.work / 4));
      ck_assert_uint_lt (got.work, whole.work);
    }
  explore_limited (p, G_MAXUINT64, 1, &some, &got);
  ck_assert (got.over);
  ck_assert_double_ge (got.projected, (double) (1 << 17));
  ck_assert_uint_le (got.work, (1 << 17) + 1000);
  g_ptr_array_unref (all.perms);
  g_ptr_array_unref (some.perms);
}
END_TEST

Suite *
lg_situation_suite (void)
{
  Suite *s = suite_create ("situation");
  TCase *tc = tcase_create ("core");
  tcase_add_loop_test (tc, test_situation_initial_masks, 0,
                       N_ELEMS (initial_cases));
  tcase_add_test (tc, test_situation_hooks_by_hand);
  tcase_add_loop_test (tc, test_situation_real_tree, 0,
                       N_ELEMS (real_tree_cases));
  tcase_add_loop_test (tc, test_situation_try_solution, 0,
                       N_ELEMS (try_cases));
  tcase_add_test (tc, test_situation_try_solution_by_hand);
  tcase_add_loop_test (tc, test_situation_try_solution_sequence, 0,
                       N_ELEMS (sequence_cases));
  tcase_add_loop_test (tc, test_situation_verify, 0, N_ELEMS (verify_cases));
  tcase_add_test (tc, test_situation_verify_edges);
  suite_add_tcase (s, tc);

  tc = tcase_create ("explore");
  tcase_add_loop_test (tc, test_situation_explore_flat, 0,
                       N_ELEMS (explore_cases));
  tcase_add_test (tc, test_situation_explore_same_pair);
  tcase_add_loop_test (tc, test_situation_step_limit_counts_work, 0,
                       N_ELEMS (limit_files));
  tcase_add_loop_test (tc, test_situation_projected_limit, 0, 2);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_situation_suite ());
}
