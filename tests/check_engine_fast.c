/* check_engine_fast — the FAST engine against the faithful one.
 *
 * The faithful engine prints a solution once per path of its AND/OR tree
 * that admits it; the fast engine finds each solution once.  So the tests
 * compare SETS of solutions: on a few hundred seeded random small problems
 * (n <= 4 items, 2 to 4 groups of the three kinds, variables, yes/no
 * couples, relations with arithmetic and and/or/not), on the same with a
 * rule dropped, on every problem file of data/ (and a few of the tutorial's
 * exercises), and on larger random problems (n = 6..8, 4 to 6 groups) made
 * from a hidden solution with many clues, so that the faithful engine stays
 * quick.  Every solution of the fast engine must pass the brute-force
 * lg_checker_verify, and none may come twice.  Then the edges: no rule at
 * all, one group, one item, contradictions, --max-solutions (the callback
 * stops the search), integer overflow (the same error as the faithful
 * engine), the memory limit, the counters, and two generated unique puzzles
 * (8x8 and 10x10) the faithful engine could not prove unique in reasonable
 * time, solved again from the weights of a search before (LgSearchWeights).
 */
#include <glib.h>
#include <string.h>

#include "lgtest.h"
#include "logigram.h"
#include "parser.h"
#include "export.h"
#include "problems.h"
#include "checker.h"
#include "constraint.h"

/* ---- Collecting solutions ---------------------------------------------- */

typedef struct
{
  GHashTable *keys; /* key -> times found */
  guint64 calls;
  guint64 stop_after; /* 0: never stop */
  gboolean verify;    /* lg_checker_verify each one */
  gboolean bad;       /* a solution failed the verification */
} Found;

static void
found_init (Found *f, gboolean verify)
{
  memset (f, 0, sizeof *f);
  f->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  f->verify = verify;
}

static void
found_clear (Found *f)
{
  g_hash_table_unref (f->keys);
}


static gboolean
collect (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  Found *f = data;
  uint8_t rows[16][16];
  const uint8_t *perm[16];
  char *key = lgtest_solution_rows (p, solution, rows, '|');
  if (f->verify)
    {
      for (guint g = 0; g < lg_problem_n_groups (p); g++)
        perm[g] = rows[g];
      f->bad |= !lg_checker_verify (p, NULL, perm);
    }
  gsize times = GPOINTER_TO_SIZE (g_hash_table_lookup (f->keys, key));
  g_hash_table_replace (f->keys, key, GSIZE_TO_POINTER (times + 1));
  f->calls++;
  return f->stop_after == 0 || f->calls < f->stop_after;
}

/* Solves p with engine; returns what lg_problem_solve returned. */
static gint64
solve_with (LgProblem *p, LgEngine engine, Found *f, GError **error)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = engine;
  return lg_problem_solve (p, &opts, NULL, collect, f, error);
}

/* The same with the fast engine under memory_limit, its counters into
 * stats. */
static gint64
solve_fast_limited (LgProblem *p, guint64 memory_limit, LgStats *stats,
                    Found *f, GError **error)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  opts.memory_limit = memory_limit;
  return lg_problem_solve (p, &opts, stats, collect, f, error);
}

/* Solves p with the fast engine, its solutions into f and its counters
 * into stats; returns their number. */
static gint64
solve_fast (LgProblem *p, LgStats *stats, Found *f)
{
  g_autoptr (GError) error = NULL;
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  gint64 n = lg_problem_solve (p, &opts, stats, collect, f, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  return n;
}

/* The fast engine's solutions, under memory_limit and its counters into
 * fast_stats, are the faithful engine's (under the default limit), as a
 * set, each once and, with verify, each verified (lg_checker_verify
 * enumerates every assignment of each constraint group: not for the lazy
 * ones). */
static void
check_sets_limited (LgProblem *p, const char *what, gboolean verify,
                    guint64 memory_limit, LgStats *fast_stats)
{
  Found faithful, fast;
  found_init (&faithful, FALSE);
  found_init (&fast, verify);
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  gint64 n1 = solve_with (p, LG_ENGINE_FAITHFUL, &faithful, &e1);
  gint64 n2 = solve_fast_limited (p, memory_limit, fast_stats, &fast, &e2);
  ck_assert_msg ((n1 < 0) == (n2 < 0), "%s: faithful %s, fast %s", what,
                 e1 ? e1->message : "solved", e2 ? e2->message : "solved");
  if (n1 < 0)
    {
      ck_assert_msg (
          e1->code == e2->code && g_str_equal (e1->message, e2->message)
              ? TRUE
              : e1->code == LG_PROBLEM_ERROR_LIMIT,
          "%s: faithful '%s', fast '%s'", what, e1->message, e2->message);
      found_clear (&faithful);
      found_clear (&fast);
      return;
    }
  ck_assert_msg (!fast.bad, "%s: a fast solution breaks a rule", what);
  ck_assert_msg ((guint64) n2 == fast.calls &&
                     fast.calls == g_hash_table_size (fast.keys),
                 "%s: fast returned %" G_GINT64_FORMAT ", %" G_GUINT64_FORMAT
                 " calls, %u distinct",
                 what, n2, fast.calls, g_hash_table_size (fast.keys));
  ck_assert_msg (
      g_hash_table_size (fast.keys) == g_hash_table_size (faithful.keys),
      "%s: %u distinct solutions with fast, %u with faithful", what,
      g_hash_table_size (fast.keys), g_hash_table_size (faithful.keys));
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, faithful.keys);
  while (g_hash_table_iter_next (&it, &key, NULL))
    ck_assert_msg (g_hash_table_contains (fast.keys, key),
                   "%s: fast misses solution %s", what, (char *) key);
  found_clear (&faithful);
  found_clear (&fast);
}

/* check_sets_limited under the default limit. */
static void
check_sets (LgProblem *p, const char *what, gboolean verify)
{
  check_sets_limited (p, what, verify, LG_DEFAULT_MEMORY_LIMIT, NULL);
}

static void
check_same_sets (LgProblem *p, const char *what)
{
  check_sets (p, what, TRUE);
}

/* ---- Random small problems (as tests/check_oracle.c makes them) -------- */

#define MAX_G 4
#define MAX_N 4
#define MAX_VARS 4
#define MAX_RULES 8

typedef struct
{
  LgProblem *p;
  uint64_t rng;
  guint n, G;
  LgGroupKind kind[MAX_G];
  int value[MAX_G][MAX_N];
  guint n_vars;
  LgItem *vars[MAX_VARS];
} Random;

static const char *
group_name (guint g)
{
  static const char *const names[] = {
    "g0", "g1", "g2",  "g3",  "g4",  "g5",  "g6",  "g7",
    "g8", "g9", "g10", "g11", "g12", "g13", "g14", "g15"
  };
  g_assert (g < G_N_ELEMENTS (names));
  return names[g];
}

static LgItem *
random_ref (Random *r, gboolean like_integer, int not_group)
{
  for (;;)
    {
      LgItem *item;
      if (r->n_vars > 0 && lgtest_rand_below (&r->rng, 2) == 0)
        item = r->vars[lgtest_rand_below (&r->rng, r->n_vars)];
      else
        {
          guint g = lgtest_rand_below (&r->rng, r->G);
          item = lg_group_get_item (lg_problem_get_group (r->p, g),
                                    lgtest_rand_below (&r->rng, r->n));
        }
      LgGroup *group = lg_item_get_group (item);
      if (not_group >= 0 &&
          group == lg_problem_get_group (r->p, (guint) not_group))
        continue;
      if (like_integer && lg_group_get_kind (group) == LG_GROUP_ATOMIC)
        continue;
      return item;
    }
}

static guint
group_index (Random *r, LgItem *item)
{
  for (guint g = 0; g < r->G; g++)
    if (lg_problem_get_group (r->p, g) == lg_item_get_group (item))
      return g;
  g_assert_not_reached ();
}

static LgExpr *
random_expr (Random *r, int depth)
{
  uint32_t c = lgtest_rand_below (&r->rng, depth > 1 ? 2 : 7);
  if (c == 0)
    return lg_num (r->p, (int) lgtest_rand_below (&r->rng, 7) - 3);
  if (c == 1)
    return lg_ref (r->p, random_ref (r, TRUE, -1));
  LgExpr *a = random_expr (r, depth + 1);
  switch (c)
    {
    case 2:
    case 6:
      return lg_add (r->p, a, random_expr (r, depth + 1));
    case 3:
      return lg_sub (r->p, a, random_expr (r, depth + 1));
    case 4:
      return lg_mul (r->p, a, random_expr (r, depth + 1));
    default:
      return lg_abs (r->p, a);
    }
}

static LgRule *
random_relation (Random *r, int depth)
{
  uint32_t c = lgtest_rand_below (&r->rng, depth > 0 ? 6 : 9);
  if (c >= 6)
    {
      LgRule *a = random_relation (r, depth + 1);
      if (c == 8)
        return lg_not (r->p, a);
      LgRule *b = random_relation (r, depth + 1);
      return c == 6 ? lg_and (r->p, a, b) : lg_or (r->p, a, b);
    }
  LgExpr *left = random_expr (r, 0), *right = random_expr (r, 0);
  switch (c)
    {
    case 0:
      return lg_eq (r->p, left, right);
    case 1:
      return lg_neq (r->p, left, right);
    case 2:
      return lg_lt (r->p, left, right);
    case 3:
      return lg_gt (r->p, left, right);
    case 4:
      return lg_le (r->p, left, right);
    default:
      return lg_ge (r->p, left, right);
    }
}

static LgProblem *
random_problem (uint64_t seed)
{
  Random r = { 0 };
  r.rng = seed;
  r.p = lg_problem_new ();
  r.n = 2 + lgtest_rand_below (&r.rng, MAX_N - 1);
  r.G = 2 + lgtest_rand_below (&r.rng, MAX_G - 1);
  if (r.n == 4 && r.G == 4)
    r.G = 3;
  gboolean has_integer = FALSE;
  for (guint g = 0; g < r.G; g++)
    {
      LgGroupKind kind = (LgGroupKind) lgtest_rand_below (&r.rng, 3);
      has_integer |= kind != LG_GROUP_ATOMIC;
      LgGroup *group = lg_group (r.p, kind, group_name (g), NULL);
      int v = (int) lgtest_rand_below (&r.rng, 5) - 2;
      for (guint i = 0; i < r.n; i++)
        {
          char item[16];
          if (kind == LG_GROUP_NUMERIC)
            {
              v += 1 + (int) lgtest_rand_below (&r.rng, 3);
              g_snprintf (item, sizeof item, "%d",
                          lgtest_rand_below (&r.rng, 2) ? v : -v - 100);
            }
          else
            g_snprintf (item, sizeof item, "i%u", i);
          lg_group_add_item (r.p, group, item);
        }
    }
  r.n_vars = lgtest_rand_below (&r.rng, MAX_VARS + 1);
  for (guint v = 0; v < r.n_vars; v++)
    r.vars[v] = lg_some (r.p, group_name (lgtest_rand_below (&r.rng, r.G)));
  guint n_rules = 1 + lgtest_rand_below (&r.rng, MAX_RULES);
  for (guint k = 0; k < n_rules; k++)
    {
      LgRule *rule;
      if (has_integer && lgtest_rand_below (&r.rng, 3) == 0)
        rule = random_relation (&r, 0);
      else
        {
          gboolean yes = lgtest_rand_below (&r.rng, 3) != 0;
          LgItem *x = random_ref (&r, FALSE, -1);
          LgItem *y = random_ref (&r, FALSE, (int) group_index (&r, x));
          rule = yes ? lg_yes (r.p, x, y) : lg_no (r.p, x, y);
        }
      ck_assert_uint_eq (lg_rule (r.p, rule), k + 1);
    }
  return r.p;
}

START_TEST (test_fast_random_small)
{
  g_autoptr (LgProblem) p =
      random_problem (UINT64_C (0x9e3779b97f4a7c15) * (uint64_t) (_i + 1));
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_problem_validate (p, &error), "seed %d: %s", _i,
                 error ? error->message : "");
  char what[32];
  g_snprintf (what, sizeof what, "seed %d", _i);
  check_same_sets (p, what);
}
END_TEST

START_TEST (test_fast_random_small_drop)
{
  g_autoptr (LgProblem) p =
      random_problem (UINT64_C (0xd1b54a32d192ed03) * (uint64_t) (_i + 1));
  guint n_rules = lg_problem_n_rules (p);
  if (n_rules < 2)
    return;
  ck_assert (lg_problem_drop_rule (p, (guint) _i % n_rules + 1, NULL));
  char what[32];
  g_snprintf (what, sizeof what, "seed %d, drop", _i);
  check_same_sets (p, what);
}
END_TEST

/* ---- The problem files ------------------------------------------------- */

static const char *const data_files[] = { "classic.lgm",
                                          "small.lgm",
                                          "jojo.lgm",
                                          "big.lgm",
                                          "einstein.lgm",
                                          "einstein-left-of.lgm",
                                          "einstein-cat-water.lgm",
                                          "einstein-cat-not-water.lgm",
                                          "mini4.lgm" };

START_TEST (test_fast_data_files)
{
  g_autofree char *path = lgtest_data_path (data_files[_i]);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  check_same_sets (p, data_files[_i]);
}
END_TEST

/* The tutorial's exercises: a rule dropped (--drop), the groups in
 * another order (--order). */
START_TEST (test_fast_exercises)
{
  static const char *const house_last[] = { "nationality", "animal", "drink",
                                            "cigarette",   "color",  "house",
                                            NULL };
  for (guint drop = 0; drop <= 3; drop++)
    for (int order = 0; order <= 1; order++)
      {
        g_autoptr (LgProblem) p = lg_problems_load ("classic", NULL);
        if (drop)
          ck_assert (lg_problem_drop_rule (p, drop, NULL));
        if (drop == 1 && !order)
          ck_assert (lg_problem_drop_rule (p, 2, NULL));
        if (order)
          ck_assert (lg_problem_set_group_order (p, house_last, NULL));
        char what[64];
        g_snprintf (what, sizeof what, "classic drop %u order %d", drop, order);
        check_same_sets (p, what);
      }
}
END_TEST

/* ---- Larger random problems from a hidden solution ---------------------- */

/* n = 6..8 items, 4 to 6 groups; group 0 ordered.  Most items of each group
 * are pinned to their row (so that the faithful engine's try_solution has
 * few permutations left), then true no's and yes's between other groups,
 * "next to" and "left of" rules with variables, and now and then a rule
 * that may be false. */
/* A new problem of G groups g0 (ordered), g1... (of kind others) of n
 * items, the items of g named a0, a1... with the letter 'a' + g. */
static LgProblem *
problem_of_groups (guint n, guint G, LgGroupKind others)
{
  LgProblem *p = lg_problem_new ();
  for (guint g = 0; g < G; g++)
    {
      LgGroup *group =
          lg_group (p, g ? others : LG_GROUP_ORDERED, group_name (g), NULL);
      for (guint i = 0; i < n; i++)
        {
          char item[16];
          g_snprintf (item, sizeof item, "%c%u", 'a' + g, i);
          lg_group_add_item (p, group, item);
        }
    }
  return p;
}

static LgProblem *
large_problem (uint64_t seed)
{
  uint64_t rng = seed;
  guint n = 6 + lgtest_rand_below (&rng, 3);
  guint G = 4 + lgtest_rand_below (&rng, 3);
  LgProblem *p = problem_of_groups (n, G, LG_GROUP_ATOMIC);
  uint8_t hidden[8][8]; /* hidden[g][row] = item */
  for (guint g = 0; g < G; g++)
    {
      for (guint i = 0; i < n; i++)
        hidden[g][i] = (uint8_t) i;
      for (guint i = n - 1; g && i > 0; i--)
        {
          guint j = lgtest_rand_below (&rng, i + 1);
          uint8_t t = hidden[g][i];
          hidden[g][i] = hidden[g][j];
          hidden[g][j] = t;
        }
    }
#define ITEM(g, i) lg_group_get_item (lg_problem_get_group (p, (g)), (i))
  guint free_rows = 2 + lgtest_rand_below (&rng, 2);
  for (guint g = 1; g < G; g++)
    for (guint r = free_rows; r < n; r++)
      {
        guint row = (r + g) % n;
        lg_rule (p, lg_yes (p, ITEM (0, row), ITEM (g, hidden[g][row])));
      }
  for (guint k = 0; k < 4; k++)
    {
      guint g1 = 1 + lgtest_rand_below (&rng, G - 1);
      guint g2 = 1 + lgtest_rand_below (&rng, G - 1);
      if (g1 == g2)
        continue;
      guint r1 = lgtest_rand_below (&rng, n), r2 = lgtest_rand_below (&rng, n);
      if (r1 != r2)
        lg_rule (
            p, lg_no (p, ITEM (g1, hidden[g1][r1]), ITEM (g2, hidden[g2][r2])));
      else
        lg_rule (p, lg_yes (p, ITEM (g1, hidden[g1][r1]),
                            ITEM (g2, hidden[g2][r2])));
    }
  for (guint k = 0; k < 2; k++)
    {
      guint g1 = 1 + lgtest_rand_below (&rng, G - 1);
      guint g2 = 1 + lgtest_rand_below (&rng, G - 1);
      guint r1 = lgtest_rand_below (&rng, n - 1);
      guint r2 = k == 0 ? r1 + 1 : n - 1;
      if (g1 == g2 && r1 == r2)
        continue;
      LgItem *a = lg_some (p, "g0"), *b = lg_some (p, "g0");
      LgRule *rel =
          k == 0
              ? lg_eq (p, lg_abs (p, lg_sub (p, lg_ref (p, a), lg_ref (p, b))),
                       lg_num (p, 1))
              : lg_or (p, lg_lt (p, lg_ref (p, a), lg_ref (p, b)),
                       lg_eq (p, lg_ref (p, a), lg_ref (p, b)));
      lg_rule (p, rel);
      lg_rule (p, lg_yes (p, a, ITEM (g1, hidden[g1][r1])));
      lg_rule (p, lg_yes (p, b, ITEM (g2, hidden[g2][r2])));
    }
  if (lgtest_rand_below (&rng, 4) == 0)
    {
      guint g1 = 1 + lgtest_rand_below (&rng, G - 1);
      lg_rule (p, lg_yes (p, ITEM (0, lgtest_rand_below (&rng, n)),
                          ITEM (g1, lgtest_rand_below (&rng, n))));
    }
#undef ITEM
  return p;
}

START_TEST (test_fast_random_large)
{
  g_autoptr (LgProblem) p = large_problem (4242 + (uint64_t) _i * 7919);
  char what[32];
  g_snprintf (what, sizeof what, "large seed %d", _i);
  check_same_sets (p, what);
}
END_TEST

/* From 8 items, the fast engine adds to each leaf what its persons imply
 * (add_persons) and takes the no literals that every leaf of a group has
 * out of them, to the root (strip_facts).  Random problems of 8 or 9 items
 * in 3 or 4 groups whose rules tie items of several groups to the values
 * of variables (two or three variables; yes, no, or, and; several items
 * on one variable; a no in some leaves only), most items pinned so that
 * the faithful engine is quick: both engines must find the same
 * solutions. */
static LgProblem *
persons_problem (uint64_t seed)
{
  uint64_t rng = seed;
  guint n = 8 + lgtest_rand_below (&rng, 2);
  guint G = 3 + lgtest_rand_below (&rng, 2);
  LgProblem *p = problem_of_groups (n, G, LG_GROUP_ATOMIC);
#define ITEM(g, i) lg_group_get_item (lg_problem_get_group (p, (g)), (i))
  /* rows 4 to n - 1 pinned: item i of every group on row i */
  for (guint g = 1; g < G; g++)
    for (guint r = 4; r < n; r++)
      lg_rule (p, lg_yes (p, ITEM (0, r), ITEM (g, r)));
  guint n_rules = 2 + lgtest_rand_below (&rng, 3);
  for (guint k = 0; k < n_rules; k++)
    {
      /* the items named: mostly the free ones (0 to 3) */
      LgItem *x[3];
      for (guint i = 0; i < 3; i++)
        {
          guint g = lgtest_rand_below (&rng, G);
          guint item = lgtest_rand_below (&rng, 4) == 0
                           ? lgtest_rand_below (&rng, n)
                           : lgtest_rand_below (&rng, 4);
          x[i] = ITEM (g, item);
        }
      LgItem *a = lg_some (p, "g0"), *b = lg_some (p, "g0");
      LgExpr *ra = lg_ref (p, a), *rb = lg_ref (p, b);
      LgRule *rel;
      guint shape = lgtest_rand_below (&rng, 9);
      switch (shape < 7 ? shape : 5)
        {
        case 0:
          rel = lg_lt (p, ra, rb);
          break;
        case 1:
          rel = lg_eq (p, lg_abs (p, lg_sub (p, ra, rb)),
                       lg_num (p, 1 + (int64_t) lgtest_rand_below (&rng, 2)));
          break;
        case 2:
          rel = lg_ge (p, ra, rb);
          break;
        case 3:
          rel = lg_neq (p, ra, rb);
          break;
        case 4:
          {
            /* three variables: a < b < c */
            LgItem *c = lg_some (p, "g0");
            rel = lg_and (p, lg_lt (p, ra, rb),
                          lg_lt (p, lg_ref (p, b), lg_ref (p, c)));
            lg_rule (p, lg_yes (p, c, x[2]));
            break;
          }
        case 5:
          /* a no literal in some leaves only (a >= b) */
          rel = lg_or (p, lg_lt (p, ra, rb), lg_no (p, a, x[2]));
          break;
        default:
          /* two items on one variable, and logic over couples */
          rel = lg_le (p, ra, rb);
          lg_rule (p, lg_or (p, lg_yes (p, a, x[2]), lg_no (p, b, x[2])));
          break;
        }
      lg_rule (p, rel);
      lg_rule (p, lg_yes (p, a, x[0]));
      lg_rule (p, lg_yes (p, b, x[1]));
    }
#undef ITEM
  return p;
}

START_TEST (test_fast_persons)
{
  g_autoptr (LgProblem) p = persons_problem (777 + (uint64_t) _i * 104729);
  char what[32];
  g_snprintf (what, sizeof what, "persons seed %d", _i);
  check_same_sets (p, what);
}
END_TEST

/* The first leaf of "a < b or no a, r1" (a = b = h0) has the no literal,
 * the leaves of a < b have none: it is no fact, and strip_facts must leave
 * it in its leaf (solutions with r1 in h0 and p1 left of q1 exist).  And
 * every leaf of "abs (a - b) = 1" says that p2 is not q2: a fact. */
START_TEST (test_fast_facts)
{
  static const char text[] =
      "ordered house: h0, h1, h2, h3, h4, h5, h6, h7\n"
      "atomic P: p0, p1, p2, p3, p4, p5, p6, p7\n"
      "atomic Q: q0, q1, q2, q3, q4, q5, q6, q7\n"
      "atomic R: r0, r1, r2, r3, r4, r5, r6, r7\n"
      "yes h4, p4\nyes h4, q4\nyes h4, r4\n"
      "yes h5, p5\nyes h5, q5\nyes h5, r5\n"
      "yes h6, p6\nyes h6, q6\nyes h6, r6\n"
      "yes h7, p7\nyes h7, q7\nyes h7, r7\n"
      "var a, b: house\n"
      "a < b or no a, r1\n"
      "yes a, p1\n"
      "yes b, q1\n"
      "var c, d: house\n"
      "abs(c - d) = 1\n"
      "yes c, p2\n"
      "yes d, q2\n";
  g_autoptr (LgProblem) p = lgtest_parse_text ("facts", text);
  check_same_sets (p, "facts");
}
END_TEST

/* From 8 items, below the root, the fast engine probes only the pairs of
 * groups whose matrix changed since the parent's probing, and its failures
 * weigh on the lines of the items that failed (the branching's order): the
 * solution sets stay the faithful engine's, the skipping does happen
 * (probes skipped in the counters), and never under 8 items, whose order
 * of solutions the tests fix. */
START_TEST (test_fast_probes_skipped)
{
  guint64 skipped_large = 0;
  guint large = 0;
  for (guint i = 0; i < 24; i++)
    {
      g_autoptr (LgProblem) p = large_problem (977 + (uint64_t) i * 104729);
      char what[40];
      g_snprintf (what, sizeof what, "probes skipped, seed %u", i);
      check_same_sets (p, what);
      LgStats stats = { 0 };
      Found f;
      found_init (&f, FALSE);
      solve_fast (p, &stats, &f);
      found_clear (&f);
      if (lg_problem_dimension (p) >= 8)
        {
          large++;
          skipped_large += stats.probes_skipped;
        }
      else
        ck_assert_uint_eq (stats.probes_skipped, 0);
    }
  ck_assert_uint_gt (large, 0);
  ck_assert_uint_gt (skipped_large, 0);
}
END_TEST

/* From 8 items, past PROBE_BACKOFF_NODES nodes, a line whose probes keep
 * holding is left out of the next probings: a weaker probing, the same
 * solutions.  Two groups of 8 items, two pairs kept apart: by inclusion
 * and exclusion 8! - 2 7! + 6! = 30,960 solutions, each found once and
 * checked, in a search of tens of thousands of nodes where lines are
 * skipped (one pair of groups, which every choice changes: no probe is
 * skipped for an unchanged pair). */
START_TEST (test_fast_probe_backoff)
{
  static const char text[] = "ordered a: a0, a1, a2, a3, a4, a5, a6, a7\n"
                             "ordered b: b0, b1, b2, b3, b4, b5, b6, b7\n"
                             "no a0, b0\n"
                             "no a1, b1\n";
  g_autoptr (LgProblem) p = lgtest_parse_text ("backoff", text);
  LgStats stats = { 0 };
  Found f;
  found_init (&f, TRUE);
  ck_assert_int_eq (solve_fast (p, &stats, &f), 30960);
  ck_assert (!f.bad);
  ck_assert_uint_eq (f.calls, g_hash_table_size (f.keys));
  found_clear (&f);
  ck_assert_uint_gt (stats.nodes_explored, 4000);
  ck_assert_uint_gt (stats.probes_skipped, 0);
}
END_TEST

/* ---- Edges ----------------------------------------------------------------- */

static LgProblem *
plain_problem (guint G, guint n)
{
  return problem_of_groups (n, G, LG_GROUP_ORDERED);
}

static guint64
count_fast (LgProblem *p, guint64 stop_after)
{
  Found f;
  found_init (&f, TRUE);
  f.stop_after = stop_after;
  g_autoptr (GError) error = NULL;
  gint64 n = solve_with (p, LG_ENGINE_FAST, &f, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  ck_assert (!f.bad);
  ck_assert_uint_eq ((guint64) n, f.calls);
  ck_assert_uint_eq (f.calls, g_hash_table_size (f.keys));
  found_clear (&f);
  return (guint64) n;
}

START_TEST (test_fast_no_rule)
{
  /* every combination, each once: (n!)^(G-1) */
  g_autoptr (LgProblem) p = plain_problem (3, 3);
  ck_assert_uint_eq (count_fast (p, 0), 36);
  g_autoptr (LgProblem) q = plain_problem (4, 4);
  ck_assert_uint_eq (count_fast (q, 0), 24 * 24 * 24);
  check_same_sets (p, "no rule 3x3");
  /* free problems make the longest paths: each goes on until all is
   * settled.  Shapes where either bound of the stack's depth is the
   * tighter (n - 1 choices per pair for two groups, (G - 1) n choices
   * for many groups of few items); search asserts that a child state
   * fits in the stack */
  static const guint shapes[][3] = {
    { 2, 5, 120 }, { 6, 2, 32 }, { 8, 2, 128 }, { 5, 3, 1296 }, { 3, 5, 14400 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autoptr (LgProblem) r = plain_problem (shapes[i][0], shapes[i][1]);
      ck_assert_uint_eq (count_fast (r, 0), shapes[i][2]);
    }
}
END_TEST

START_TEST (test_fast_max_solutions)
{
  g_autoptr (LgProblem) p = plain_problem (4, 5);
  ck_assert_uint_eq (count_fast (p, 1), 1);
  ck_assert_uint_eq (count_fast (p, 7), 7);
  ck_assert_uint_eq (count_fast (p, 1000), 1000);
  g_autoptr (LgProblem) q = lg_problems_load ("classic", NULL);
  ck_assert (lg_problem_drop_rule (q, 1, NULL));
  ck_assert_uint_eq (count_fast (q, 0), 25);
  ck_assert_uint_eq (count_fast (q, 2), 2);
  /* the engine can be explored again: the same solutions */
  ck_assert_uint_eq (count_fast (q, 0), 25);
}
END_TEST

START_TEST (test_fast_one_group_one_item)
{
  /* the rules added one at a time, each stage a new problem (a solved
   * problem is frozen) */
  for (guint stage = 0; stage < 3; stage++)
    {
      g_autoptr (LgProblem) one = plain_problem (1, 4);
      if (stage >= 1)
        lg_rule (one,
                 lg_gt (one, lg_ref (one, lg_some (one, "g0")), lg_num (one, 2)));
      if (stage >= 2)
        lg_rule (one,
                 lg_gt (one, lg_ref (one, lg_some (one, "g0")), lg_num (one, 3)));
      ck_assert_uint_eq (count_fast (one, 0), stage < 2);
      if (stage == 2)
        check_same_sets (one, "one group");
    }
  for (guint stage = 0; stage < 3; stage++)
    {
      g_autoptr (LgProblem) single = plain_problem (3, 1);
      if (stage >= 1)
        lg_rule (single, lg_yes (single, lg_item (single, "g0", "a0"),
                                 lg_item (single, "g2", "c0")));
      if (stage >= 2)
        lg_rule (single, lg_no (single, lg_item (single, "g1", "b0"),
                                lg_some (single, "g2")));
      ck_assert_uint_eq (count_fast (single, 0), stage < 2);
      if (stage == 2)
        check_same_sets (single, "one item");
    }
}
END_TEST

START_TEST (test_fast_contradictions)
{
  /* a group whose every assignment is inconsistent fails (SPEC 7) */
  g_autoptr (LgProblem) p = plain_problem (3, 3);
  LgItem *a = lg_some (p, "g0");
  lg_rule (p, lg_yes (p, a, lg_item (p, "g1", "b0")));
  lg_rule (p, lg_yes (p, a, lg_item (p, "g1", "b1")));
  ck_assert_uint_eq (count_fast (p, 0), 0);
  check_same_sets (p, "inconsistent group");

  /* the unbound group: two yes on one item */
  g_autoptr (LgProblem) q = plain_problem (3, 3);
  lg_rule (q, lg_yes (q, lg_item (q, "g0", "a0"), lg_item (q, "g1", "b0")));
  lg_rule (q, lg_yes (q, lg_item (q, "g0", "a0"), lg_item (q, "g1", "b2")));
  ck_assert_uint_eq (count_fast (q, 0), 0);

  /* across pairs only: a0-b0, b0-c0 but not a0-c0 */
  g_autoptr (LgProblem) r = plain_problem (3, 3);
  lg_rule (r, lg_yes (r, lg_item (r, "g0", "a0"), lg_item (r, "g1", "b0")));
  lg_rule (r, lg_yes (r, lg_item (r, "g1", "b0"), lg_item (r, "g2", "c0")));
  lg_rule (r, lg_no (r, lg_item (r, "g0", "a0"), lg_item (r, "g2", "c0")));
  ck_assert_uint_eq (count_fast (r, 0), 0);
  check_same_sets (r, "across pairs");

  /* logical rules only, never true */
  g_autoptr (LgProblem) s = plain_problem (2, 3);
  LgItem *x = lg_some (s, "g0");
  lg_rule (s, lg_lt (s, lg_ref (s, x), lg_num (s, 0)));
  ck_assert_uint_eq (count_fast (s, 0), 0);
  check_same_sets (s, "never true");
}
END_TEST

START_TEST (test_fast_overflow)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  /* the faithful engine's error: same code, message and line */
  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (LgProblem) p = plain_problem (3, 3);
      LgItem *a = lg_some (p, "g0"), *b = lg_some (p, "g1");
      lg_problem_set_line (p, 7);
      lg_rule (p, lg_yes (p, a, lg_item (p, "g2", "c1")));
      lg_problem_set_line (p, 9);
      LgExpr *big = lg_num (p, G_MAXINT64 - 1);
      /* overflows only when a + b >= 2 */
      LgRule *rule =
          lg_gt (p, lg_add (p, big, lg_add (p, lg_ref (p, a), lg_ref (p, b))),
                 lg_num (p, 0));
      if (variant == 1) /* false first for a = 0: no overflow there */
        rule = lg_and (p, lg_gt (p, lg_ref (p, a), lg_num (p, 0)), rule);
      if (variant == 2) /* never evaluated: the or is true first */
        rule = lg_or (p, lg_ge (p, lg_ref (p, a), lg_num (p, 0)), rule);
      lg_rule (p, rule);
      lg_rule (p, lg_yes (p, b, lg_item (p, "g2", "c2")));
      g_autoptr (GError) e1 = NULL;
      g_autoptr (GError) e2 = NULL;
      opts.engine = LG_ENGINE_FAITHFUL;
      gint64 n1 = lg_problem_solve (p, &opts, NULL, NULL, NULL, &e1);
      guint line1 = lg_error_get_line (e1);
      opts.engine = LG_ENGINE_FAST;
      gint64 n2 = lg_problem_solve (p, &opts, NULL, NULL, NULL, &e2);
      guint line2 = lg_error_get_line (e2);
      if (variant == 2)
        {
          ck_assert_int_ge (n1, 0);
          ck_assert_int_ge (n2, 0);
          check_same_sets (p, "overflow never evaluated");
          continue;
        }
      ck_assert_int_eq (n1, -1);
      ck_assert_int_eq (n2, -1);
      ck_assert (
          g_error_matches (e2, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_OVERFLOW));
      ck_assert_str_eq (e2->message, e1->message);
      ck_assert_uint_eq (line2, 9);
      ck_assert_uint_eq (line2, line1);
    }
}
END_TEST

START_TEST (test_fast_memory_limit)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  /* one constraint group of 5 variables: 3125 assignments, about as many
   * leaves */
  g_autoptr (LgProblem) p = plain_problem (4, 5);
  LgItem *v[5];
  for (guint k = 0; k < 5; k++)
    v[k] = lg_some (p, group_name (k % 4));
  lg_problem_set_line (p, 3);
  for (guint k = 0; k + 1 < 5; k++)
    lg_rule (p, lg_no (p, v[k], v[k + 1]));
  opts.engine = LG_ENGINE_FAST;
  opts.memory_limit = 64 * 1024;
  g_autoptr (GError) error = NULL;
  ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error), -1);
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT));
  ck_assert_msg (strstr (error->message, "--memory-limit") &&
                     strstr (error->message, "rule 1 has 5 variables"),
                 "%s", error->message);
  ck_assert_uint_eq (lg_error_get_line (error), 3);
  /* too small even for the search states */
  g_clear_error (&error);
  opts.memory_limit = 100;
  ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error), -1);
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT));
  /* enough: the first 10 solutions */
  opts.memory_limit = LG_DEFAULT_MEMORY_LIMIT;
  ck_assert_uint_eq (count_fast (p, 10), 10);
}
END_TEST

START_TEST (test_fast_stats)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  g_autoptr (LgProblem) p = lg_problems_load ("classic", NULL);
  opts.engine = LG_ENGINE_FAST;
  LgStats stats = { 0 };
  ck_assert_int_eq (lg_problem_solve (p, &opts, &stats, NULL, NULL, NULL), 1);
  ck_assert_uint_eq (stats.solutions, 1);
  ck_assert_uint_eq (stats.constraint_groups, 4);
  ck_assert_uint_eq (stats.variables, 8);
  ck_assert_uint_gt (stats.leaves_tried, 0);
  ck_assert_uint_gt (stats.leaves_kept, 0);
  ck_assert_uint_le (stats.leaves_kept, stats.leaves_tried);
  ck_assert_uint_ge (stats.nodes_explored, 1);
  ck_assert_uint_ge (stats.nodes_explored, stats.backtracks);
  /* the faithful engine's own counters stay 0 */
  ck_assert_uint_eq (stats.and_nodes + stats.or_nodes + stats.mask_nodes +
                         stats.masks_words + stats.tree_solutions +
                         stats.candidates + stats.candidates_saved +
                         stats.checks,
                     0);
}
END_TEST

/* Each distinct leaf of a group is kept once: here the leaves depend on
 * a and b only, so of the 16 * 15 * 15 assignments that pass a != b and
 * b != c, 16 * 15 leaves stay (more than fit the builder's first table,
 * which then grows). */
START_TEST (test_fast_leaves_once)
{
  GString *text = g_string_new ("ordered house: ");
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (text, "%sh%u", i ? ", " : "", i);
  g_string_append (text, "\natomic name: ");
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (text, "%sn%u", i ? ", " : "", i);
  g_string_append (text, "\nvar a, b, c: house\na != b\nb != c\n"
                         "yes a, n0\nyes b, n1\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lgtest_parse_text ("leaves", text->str);
  g_string_free (text, TRUE);
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  opts.max_solutions = 1;
  LgStats stats = { 0 };
  ck_assert_int_eq (lg_problem_solve (p, &opts, &stats, NULL, NULL, &error), 1);
  ck_assert_uint_eq (stats.leaves_tried, 16 * 15 * 15);
  ck_assert_uint_eq (stats.leaves_kept, 16 * 15);
}
END_TEST

/* ---- Generated unique puzzles -------------------------------------------- */

static const char puzzle_8x8[] =
    "# 8 groups of 8 items, 1 solution (a throwaway generator, minimised)\n"
    "ordered house: h0, h1, h2, h3, h4, h5, h6, h7\n"
    "atomic g1: a0, a1, a2, a3, a4, a5, a6, a7\n"
    "atomic g2: b0, b1, b2, b3, b4, b5, b6, b7\n"
    "atomic g3: c0, c1, c2, c3, c4, c5, c6, c7\n"
    "atomic g4: d0, d1, d2, d3, d4, d5, d6, d7\n"
    "atomic g5: e0, e1, e2, e3, e4, e5, e6, e7\n"
    "atomic g6: f0, f1, f2, f3, f4, f5, f6, f7\n"
    "atomic g7: g0, g1, g2, g3, g4, g5, g6, g7\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, g5\n"
    "yes b, f0\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, a4\n"
    "yes b, a1\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, f2\n"
    "yes b, e3\n"
    "yes e1, a6\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, e0\n"
    "yes b, c0\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, d6\n"
    "yes b, e5\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, e7\n"
    "yes b, c2\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g6\n"
    "yes b, e4\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g2\n"
    "yes b, c4\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, d0\n"
    "yes b, d1\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, g2\n"
    "yes b, a3\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g4\n"
    "yes b, a0\n"
    "no e4, d2\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, a0\n"
    "yes b, b7\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, f5\n"
    "yes b, d4\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, e7\n"
    "yes b, b4\n"
    "no house:h7, g3\n"
    "yes c0, g2\n"
    "no d7, f4\n"
    "no a7, d5\n"
    "no a3, f2\n"
    "no b2, e1\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, a0\n"
    "yes b, c3\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, a7\n"
    "yes b, g2\n"
    "no a4, c3\n"
    "yes f5, house:h6\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, e7\n"
    "yes b, e1\n"
    "yes f6, c7\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, g0\n"
    "yes b, c5\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, b2\n"
    "yes b, a4\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, a1\n"
    "yes b, f7\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, d7\n"
    "yes b, a2\n"
    "no b5, e2\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, c7\n"
    "yes b, d6\n"
    "no f0, d5\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, d5\n"
    "yes b, b0\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g0\n"
    "yes b, b6\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, a6\n"
    "yes b, f4\n"
    "no f1, e5\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, b6\n"
    "yes b, c5\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, e0\n"
    "yes b, g6\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, d0\n"
    "yes b, e4\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, b5\n"
    "yes b, a1\n"
    "no b1, c1\n"
    "no g5, e6\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, g1\n"
    "yes b, b0\n"
    "no e7, c0\n"
    "yes g0, e2\n"
    "no f7, c3\n"
    "no d3, c1\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, e6\n"
    "yes b, a1\n"
    "no e3, house:h7\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, f3\n"
    "yes b, c3\n"
    "no b7, c2\n"
    "no a2, g4\n"
    "no b1, house:h6\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, a0\n"
    "yes b, d2\n"
    "no house:h5, e3\n"
    "no e3, house:h5\n"
    "no a6, b1\n"
    "no e4, b0\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, a2\n"
    "yes b, e1\n"
    "no f0, g5\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g3\n"
    "yes b, g7\n"
    "no d0, f7\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, f0\n"
    "yes b, e6\n";
static const char puzzle_10x10[] =
    "# 10 groups of 10 items, 1 solution\n"
    "ordered house: H0, H1, H2, H3, H4, H5, H6, H7, H8, H9\n"
    "atomic g1: a0, a1, a2, a3, a4, a5, a6, a7, a8, a9\n"
    "atomic g2: b0, b1, b2, b3, b4, b5, b6, b7, b8, b9\n"
    "atomic g3: c0, c1, c2, c3, c4, c5, c6, c7, c8, c9\n"
    "atomic g4: d0, d1, d2, d3, d4, d5, d6, d7, d8, d9\n"
    "atomic g5: e0, e1, e2, e3, e4, e5, e6, e7, e8, e9\n"
    "atomic g6: f0, f1, f2, f3, f4, f5, f6, f7, f8, f9\n"
    "atomic g7: g0, g1, g2, g3, g4, g5, g6, g7, g8, g9\n"
    "atomic g8: h0, h1, h2, h3, h4, h5, h6, h7, h8, h9\n"
    "atomic g9: i0, i1, i2, i3, i4, i5, i6, i7, i8, i9\n"
    "yes g4, b8\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, a9\n"
    "yes b, a3\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, e1\n"
    "yes b, e7\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, b2\n"
    "yes b, a5\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, f6\n"
    "yes b, e5\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, c5\n"
    "yes b, h6\n"
    "yes e4, d5\n"
    "no e6, f7\n"
    "no e0, b9\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, d9\n"
    "yes b, g9\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, h1\n"
    "yes b, f1\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, f7\n"
    "yes b, a2\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, b0\n"
    "yes b, f5\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, a4\n"
    "yes b, h8\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, h4\n"
    "yes b, b3\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, i1\n"
    "yes b, c1\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, b0\n"
    "yes b, i8\n"
    "yes a1, g1\n"
    "no c9, b4\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g8\n"
    "yes b, i7\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, f3\n"
    "yes b, h3\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, d0\n"
    "yes b, h7\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, a4\n"
    "yes b, e8\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, h9\n"
    "yes b, a9\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, e1\n"
    "yes b, g5\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, d0\n"
    "yes b, g2\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, h8\n"
    "yes b, a0\n"
    "no house:H4, i2\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, a1\n"
    "yes b, a7\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, e0\n"
    "yes b, g7\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, a4\n"
    "yes b, g7\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, a9\n"
    "yes b, g0\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, f8\n"
    "yes b, d4\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, i6\n"
    "yes b, c2\n"
    "no d5, a6\n"
    "yes a7, b6\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, c6\n"
    "yes b, b6\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, c8\n"
    "yes b, f4\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, d3\n"
    "yes b, c7\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g9\n"
    "yes b, i0\n"
    "no house:H1, g0\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, d6\n"
    "yes b, f2\n"
    "yes house:H7, h0\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, c5\n"
    "yes b, c4\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g2\n"
    "yes b, i8\n"
    "yes e1, b1\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, c5\n"
    "yes b, e9\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, d4\n"
    "yes b, a3\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, h1\n"
    "yes b, d7\n"
    "no d4, c7\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, e4\n"
    "yes b, g8\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, f6\n"
    "yes b, f3\n"
    "no c2, i0\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, a1\n"
    "yes b, h8\n"
    "no g8, house:H6\n"
    "yes d6, c9\n"
    "no e7, g3\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, e3\n"
    "yes b, h2\n"
    "no e3, d7\n"
    "yes i5, c7\n"
    "no c9, house:H0\n"
    "no house:H6, g3\n"
    "no c9, g8\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, d4\n"
    "yes b, g5\n"
    "no f8, b2\n"
    "no a3, h5\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, e8\n"
    "yes b, b2\n"
    "no b8, a3\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, h9\n"
    "yes b, e5\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, d1\n"
    "yes b, h3\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, g7\n"
    "yes b, f8\n"
    "no e2, c2\n"
    "no f8, a2\n"
    "yes a7, h5\n"
    "no house:H8, e3\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, i6\n"
    "yes b, d8\n"
    "yes i3, b4\n"
    "yes house:H5, b5\n"
    "no h2, c6\n"
    "no house:H5, f0\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, b5\n"
    "yes b, c3\n"
    "var a, b: house\n"
    "a > b\n"
    "yes a, a3\n"
    "yes b, h7\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, g3\n"
    "yes b, e3\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, h1\n"
    "yes b, a8\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, c4\n"
    "yes b, d8\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, f1\n"
    "yes b, e4\n"
    "no house:H5, g9\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, f6\n"
    "yes b, e2\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, a0\n"
    "yes b, b9\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, f5\n"
    "yes b, d5\n"
    "yes i8, e4\n"
    "yes h7, d6\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, i6\n"
    "yes b, h1\n"
    "var a, b: house\n"
    "abs(a - b) = 1\n"
    "yes a, b7\n"
    "yes b, e1\n"
    "no h2, i5\n"
    "no g8, b6\n"
    "no c7, e9\n"
    "yes house:H1, i7\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, d2\n"
    "yes b, h5\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, f9\n"
    "yes b, d8\n"
    "no d9, i9\n"
    "yes d3, e3\n"
    "var a, b: house\n"
    "a < b\n"
    "yes a, c4\n"
    "yes b, i5\n"
    "no g4, house:H7\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, a3\n"
    "yes b, h5\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, d1\n"
    "yes b, e5\n"
    "var a, b: house\n"
    "b - a = 1\n"
    "yes a, i4\n"
    "yes b, f0\n"
    "var a, b: house\n"
    "abs(a - b) > 1\n"
    "yes a, d6\n"
    "yes b, f1\n"
    "no c2, f4\n";

START_TEST (test_fast_unique_puzzles)
{
  const char *texts[] = { puzzle_8x8, puzzle_10x10 };
  const char *names[] = { "8x8", "10x10" };
  g_autoptr (LgProblem) p = lgtest_parse_text (names[_i], texts[_i]);
  LgStats stats = { 0 };
  Found f;
  found_init (&f, TRUE);
  ck_assert_int_eq (solve_fast (p, &stats, &f), 1);
  ck_assert (!f.bad);
  /* the search stays small (a regression guard, not a timing: about 600
   * and 2300 propagations, probes included, when this was written) */
  ck_assert_uint_lt (stats.nodes_explored, 20000);
  found_clear (&f);
}
END_TEST

/* Solves p with the fast engine from weights (may be NULL); the distinct
 * solutions as a sorted, joined key, and the nodes in *nodes. */
static char *
solve_weighted (LgProblem *p, LgSearchWeights *weights, guint64 *nodes)
{
  g_autoptr (GError) error = NULL;
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  opts.weights = weights;
  LgStats stats = { 0 };
  Found f;
  found_init (&f, FALSE);
  gint64 n = lg_problem_solve (p, &opts, &stats, collect, &f, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  ck_assert_uint_eq (f.calls, g_hash_table_size (f.keys));
  GList *keys =
      g_list_sort (g_hash_table_get_keys (f.keys), (GCompareFunc) strcmp);
  GString *all = g_string_new (NULL);
  for (GList *k = keys; k; k = k->next)
    g_string_append_printf (all, "%s\n", (char *) k->data);
  g_list_free (keys);
  found_clear (&f);
  *nodes = stats.nodes_explored;
  return g_string_free (all, FALSE);
}

/* LgSearchWeights: a search starts from the weights the last one left
 * when it had as many groups and items, and from none otherwise; the
 * solutions never change. */
START_TEST (test_fast_weights)
{
  g_autoptr (LgProblem) ten = lgtest_parse_text ("10x10", puzzle_10x10);
  g_autoptr (LgProblem) eight = lgtest_parse_text ("8x8", puzzle_8x8);
  guint64 nodes, nodes_fresh, nodes_again;
  g_autofree char *plain = solve_weighted (ten, NULL, &nodes);

  /* new weights: the same search as without */
  g_autoptr (LgSearchWeights) w = lg_search_weights_new ();
  ck_assert_uint_eq (lg_search_weights_total (w), 0);
  g_autofree char *first = solve_weighted (ten, w, &nodes_fresh);
  ck_assert_str_eq (first, plain);
  ck_assert_uint_eq (nodes_fresh, nodes);
  guint64 after_one = lg_search_weights_total (w);
  ck_assert_uint_gt (after_one, 0);

  /* again from them: more failures in all (a search from none would leave
   * after_one again), the same solutions */
  g_autofree char *second = solve_weighted (ten, w, &nodes_again);
  ck_assert_str_eq (second, plain);
  ck_assert_uint_gt (lg_search_weights_total (w), after_one);

  /* another size starts from none: what a new object would hold */
  g_autoptr (LgSearchWeights) fresh = lg_search_weights_new ();
  g_autofree char *e1 = solve_weighted (eight, fresh, &nodes);
  g_autofree char *e2 = solve_weighted (eight, w, &nodes_again);
  ck_assert_str_eq (e1, e2);
  ck_assert_uint_eq (nodes_again, nodes);
  ck_assert_uint_eq (lg_search_weights_total (w),
                     lg_search_weights_total (fresh));
}
END_TEST

/* ---- Lazy groups: too many assignments to enumerate --------------------- */

/* A couple of variable v with a random item of another group. */
static LgRule *
random_var_couple (Random *r, LgItem *v, gboolean yes)
{
  guint g = group_index (r, v);
  guint h = (g + 1 + lgtest_rand_below (&r->rng, r->G - 1)) % r->G;
  LgItem *y = lg_group_get_item (lg_problem_get_group (r->p, h),
                                 lgtest_rand_below (&r->rng, r->n));
  return yes ? lg_yes (r->p, v, y) : lg_no (r->p, v, y);
}

/* Logic over couples of a and b (and a relation a op b): "yes a, x or no
 * b, y", "exactly 1 of (yes a, x; relation; no b, y)" or "if yes b, y then
 * relation". */
static LgRule *
random_couple_logic (Random *r, LgItem *a, LgItem *b, LgRule *relation)
{
  switch (lgtest_rand_below (&r->rng, 3))
    {
    case 0:
      return lg_or (r->p, random_var_couple (r, a, TRUE),
                    random_var_couple (r, b, FALSE));
    case 1:
      {
        LgRule *three[3] = { random_var_couple (r, a, TRUE), relation,
                             random_var_couple (r, b, FALSE) };
        return lg_exactly (r->p, 1, three, 3);
      }
    default:
      return lg_if (r->p, random_var_couple (r, b, TRUE), relation);
    }
}

typedef enum
{
  LAZY_PLAIN,
  LAZY_LOGIC,         /* logic over couples, every variable pinned */
  LAZY_LOGIC_UNPINNED /* logic over couples, no variable pinned */
} LazyKind;

/* One constraint group of 8 or 9 variables over 4 items (4^8 = 65536
 * assignments, where the fast engine stops enumerating): a chain of
 * relations between consecutive variables keeps them in one group, with
 * random couples and relations, and sometimes a sum of several of them;
 * the faithful engine enumerates it.  With
 * logic, half the links of the chain are logic over couples, and each
 * variable has a yes couple with an item (pinned: see lazy_order), or,
 * unpinned, a no couple. */
static LgProblem *
lazy_problem (uint64_t seed, LazyKind lazy)
{
  gboolean logic = lazy != LAZY_PLAIN;
  Random r = { 0 };
  r.rng = seed;
  r.p = lg_problem_new ();
  r.n = 4;
  r.G = 3;
  for (guint g = 0; g < r.G; g++)
    {
      LgGroupKind kind = g == 2 ? LG_GROUP_NUMERIC : LG_GROUP_ORDERED;
      LgGroup *group = lg_group (r.p, kind, group_name (g), NULL);
      for (guint i = 0; i < r.n; i++)
        {
          char item[16];
          g_snprintf (item, sizeof item, kind == LG_GROUP_NUMERIC ? "%u" : "i%u",
                      kind == LG_GROUP_NUMERIC ? 3 * i + 1 : i);
          lg_group_add_item (r.p, group, item);
        }
    }
  LgItem *vars[9];
  guint n_vars = 8 + lgtest_rand_below (&r.rng, 2);
  for (guint v = 0; v < n_vars; v++)
    vars[v] = lg_some (r.p, group_name (lgtest_rand_below (&r.rng, r.G)));
  /* the random relations pick among the first variables */
  memcpy (r.vars, vars, MIN (n_vars, MAX_VARS) * sizeof vars[0]);
  r.n_vars = MIN (n_vars, MAX_VARS);
  for (guint v = 1; v < n_vars; v++)
    {
      LgExpr *a = lg_add (r.p, lg_ref (r.p, vars[v - 1]),
                          lg_num (r.p, (int) lgtest_rand_below (&r.rng, 3) - 1));
      LgExpr *b = lg_ref (r.p, vars[v]);
      LgRule *rule;
      switch (lgtest_rand_below (&r.rng, 4))
        {
        case 0:
          rule = lg_neq (r.p, a, b);
          break;
        case 1:
          rule = lg_le (r.p, a, b);
          break;
        case 2:
          rule = lg_or (r.p, lg_ge (r.p, a, b), random_relation (&r, 1));
          break;
        default:
          rule = lg_not (r.p, lg_and (r.p, lg_eq (r.p, a, b),
                                      random_relation (&r, 1)));
          break;
        }
      if (logic && lgtest_rand_below (&r.rng, 2))
        rule = random_couple_logic (&r, vars[v - 1], vars[v], rule);
      lg_rule (r.p, rule);
    }
  /* one time in two, a sum of three to five of them against a value
   * within its bounds, which a partial assignment may already miss */
  if (lgtest_rand_below (&r.rng, 2))
    {
      guint m = 3 + lgtest_rand_below (&r.rng, 3);
      LgExpr *sum = lg_ref (r.p, vars[lgtest_rand_below (&r.rng, n_vars)]);
      for (guint t = 1; t < m; t++)
        sum = lg_add (r.p, sum,
                      lg_ref (r.p, vars[lgtest_rand_below (&r.rng, n_vars)]));
      gint64 lo, hi;
      ck_assert (lg_expr_bounds (sum, G_MAXINT64, &lo, &hi));
      LgExpr *k = lg_num (
          r.p, lo + (gint64) lgtest_rand_below (&r.rng, (guint) (hi - lo + 1)));
      static LgRule *(*const relations[]) (
          LgProblem *, LgExpr *, LgExpr *) = { lg_eq, lg_le, lg_ge, lg_neq };
      lg_rule (r.p, relations[lgtest_rand_below (&r.rng, 4)](r.p, sum, k));
    }
  /* couples: each variable with an item of another group, sometimes two
   * variables together */
  for (guint v = 0; v < n_vars; v++)
    {
      if (logic)
        {
          lg_rule (r.p, random_var_couple (&r, vars[v], lazy == LAZY_LOGIC));
          continue;
        }
      guint g = group_index (&r, vars[v]);
      guint h = (g + 1 + lgtest_rand_below (&r.rng, r.G - 1)) % r.G;
      LgItem *y = lgtest_rand_below (&r.rng, 4) == 0
                      ? vars[lgtest_rand_below (&r.rng, n_vars)]
                      : lg_group_get_item (lg_problem_get_group (r.p, h),
                                           lgtest_rand_below (&r.rng, r.n));
      if (group_index (&r, y) == g)
        y = lg_group_get_item (lg_problem_get_group (r.p, h), 0);
      lg_rule (r.p, lgtest_rand_below (&r.rng, 3) ? lg_yes (r.p, vars[v], y)
                                                  : lg_no (r.p, vars[v], y));
    }
  /* and a few rules without variables */
  for (guint k = 0; k < lgtest_rand_below (&r.rng, 3); k++)
    lg_rule (r.p, lg_no (r.p,
                         lg_group_get_item (lg_problem_get_group (r.p, 0),
                                            lgtest_rand_below (&r.rng, r.n)),
                         lg_group_get_item (lg_problem_get_group (r.p, 1),
                                            lgtest_rand_below (&r.rng, r.n))));
  return r.p;
}

START_TEST (test_fast_lazy_random)
{
  /* even loops without logic over couples, odd ones with */
  g_autoptr (LgProblem) p =
      lazy_problem (UINT64_C (0x2545f4914f6cdd1d) * (uint64_t) (_i / 2 + 1),
                    _i % 2 ? LAZY_LOGIC : LAZY_PLAIN);
  char what[32];
  g_snprintf (what, sizeof what, "lazy seed %d%s", _i / 2,
              _i % 2 ? " with logic" : "");
  check_sets (p, what, FALSE);
  /* the group was searched, not enumerated */
  LgStats stats = { 0 };
  g_autoptr (GError) error = NULL;
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  ck_assert_int_ge (lg_problem_solve (p, &opts, &stats, NULL, NULL, &error),
                    0);
  ck_assert_uint_lt (stats.leaves_tried, 65536);
}
END_TEST

START_TEST (test_fast_lazy_unpinned)
{
  /* logic over couples of unpinned variables: searched too, within a
   * memory limit (2 MiB) that its leaves would pass (it was enumerated
   * until they did, before lazy_order); the faithful engine's solutions
   * all the same */
  g_autoptr (LgProblem) p = lazy_problem (
      UINT64_C (0x9e3779b97f4a7c15) * (uint64_t) (_i + 1), LAZY_LOGIC_UNPINNED);
  char what[32];
  g_snprintf (what, sizeof what, "lazy unpinned %d", _i);
  LgStats stats = { 0 };
  check_sets_limited (p, what, FALSE, 2 * 1024 * 1024, &stats);
  /* searched, not enumerated */
  ck_assert_uint_lt (stats.leaves_tried, 65536);
  ck_assert_uint_gt (stats.lazy_steps, 0);
}
END_TEST

START_TEST (test_fast_big_groups)
{
  /* twelve variables over six houses in one group, 6^12 assignments: 3
   * solutions (as clingo finds on the ASP export, tests/cli-export.sh);
   * the same statements, two of them couples inside the count, over
   * eleven variables: 65; a sum of twelve free variables and one of eight,
   * two of them pinned: 72 (clingo, 400 s) */
  static const struct
  {
    const char *file;
    gint64 solutions;
  } files[] = { { "input/exactly-one.lgm", 3 },
                { "input/exactly-one-mixed.lgm", 65 },
                { "input/sums.lgm", 72 } };
  g_autofree char *path = lgtest_test_path (files[_i].file);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  LgStats stats = { 0 };
  Found f;
  found_init (&f, FALSE);
  ck_assert_int_eq (solve_fast (p, &stats, &f), files[_i].solutions);
  ck_assert_uint_eq (g_hash_table_size (f.keys), files[_i].solutions);
  ck_assert_uint_lt (stats.leaves_tried, 1000);
  found_clear (&f);
}
END_TEST

START_TEST (test_fast_lazy_order)
{
  /* free-vars.lgm: a group of ten variables over twelve items, eight
   * unpinned: its first 302 solutions in under a million steps of its
   * search (0.4 million; 6.4 million before the skips of LAZY_MISSES, 20
   * million of those with --enable-checks, whose solutions are verified),
   * where the creation order of its variables took over a billion
   * (lazy_order).  slow-lazy-order.lgm: in that order, a group of seven
   * variables whose rules fail only once three of them are placed, with a
   * free one between: 2.3 million steps with the backjumping of
   * lazy_search, without it no end in a minute.  parity.lgm: a group with
   * no assignment, which its searches at the propagations never prove;
   * with the items of its pinned variable learnt as failing whatever the
   * lines say, 0.7 million steps, without 77.6 million (13 s).
   * parity3.lgm: the same with two more groups, where each complete
   * assignment of the grid learnt an item of one house only: refuted
   * whatever the lines by a search against open lines (lazy_refuted),
   * 0.7 million steps, 13.6 million (15.5 million nodes) before */
  static const struct
  {
    const char *file;
    gint64 solutions;
    guint64 max_steps;
  } files[] = { { "input/free-vars.lgm", 302, 100000000 },
                { "input/slow-lazy-order.lgm", 302, 100000000 },
                { "input/parity.lgm", 0, 10000000 },
                { "input/parity3.lgm", 0, 2000000 } };
  g_autofree char *path = lgtest_test_path (files[_i].file);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  LgStats stats = { 0 };
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  opts.max_solutions = 302;
  ck_assert_int_eq (lg_problem_solve (p, &opts, &stats, NULL, NULL, &error),
                    files[_i].solutions);
  ck_assert (stats.complete == (files[_i].solutions < 302));
  ck_assert_uint_gt (stats.lazy_steps, 0);
  ck_assert_uint_lt (stats.lazy_steps, files[_i].max_steps);
}
END_TEST

/* ---- Beyond the faithful engine's ten items --------------------------- */

/* Item i of group g - 1 goes with item (7 i + g) mod n of group g, for
 * every i but the last (the last by elimination): one solution, known. */
static LgProblem *
chain_problem (guint G, guint n)
{
  LgProblem *p = plain_problem (G, n);
  for (guint g = 1; g < G; g++)
    for (guint i = 0; i + 1 < n; i++)
      lg_rule (p, lg_yes (p, lg_group_get_item (lg_problem_get_group (p, g - 1), i),
                          lg_group_get_item (lg_problem_get_group (p, g),
                                             (7 * i + g) % n)));
  return p;
}

/* The item indexes of a solution, group after group, as a string (any
 * size, unlike collect's). */
static gboolean
collect_wide (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  GString *out = data;
  for (guint g = 0; g < lg_problem_n_groups (p); g++)
    {
      LgGroup *group = lg_problem_get_group (p, g);
      for (guint r = 0; r < lg_group_n_items (group); r++)
        {
          const LgItem *item = lg_solution_get (solution, g, r);
          guint index = 0;
          while (lg_group_get_item (group, index) != item)
            index++;
          g_string_append_printf (out, "%u,", index);
        }
      g_string_append_c (out, '|');
    }
  return TRUE;
}

static const guint wide_sizes[][2] = { { 12, 16 }, { 3, 32 }, { 4, 20 },
                                       { 16, 12 } };

START_TEST (test_fast_wide)
{
  guint G = wide_sizes[_i][0], n = wide_sizes[_i][1];
  g_autoptr (LgProblem) p = chain_problem (G, n);
  /* the solution by construction: on row r, item r of group 0, then
   * each group's partner of the previous one */
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autofree guint *item = g_new (guint, n);
  for (guint r = 0; r < n; r++)
    item[r] = r;
  for (guint g = 0; g < G; g++)
    {
      if (g > 0)
        {
          /* the partners of all but the last, then the one left */
          guint64 used = 0;
          guint last = 0;
          for (guint r = 0; r < n; r++)
            if (item[r] + 1 < n)
              {
                item[r] = (7 * item[r] + g) % n;
                used |= G_GUINT64_CONSTANT (1) << item[r];
              }
            else
              last = r;
          for (guint b = 0; b < n; b++)
            if (!(used & (G_GUINT64_CONSTANT (1) << b)))
              item[last] = b;
        }
      for (guint r = 0; r < n; r++)
        g_string_append_printf (expected, "%u,", item[r]);
      g_string_append_c (expected, '|');
    }
  g_autoptr (GString) got = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  ck_assert_int_eq (
      lg_problem_solve (p, &opts, NULL, collect_wide, got, &error), 1);
  ck_assert_str_eq (got->str, expected->str);
  /* and without the rules, every line free: the first solutions, each
   * verified and distinct */
  g_autoptr (LgProblem) free_problem = plain_problem (G, n);
  if (n <= 16 && G <= 16)
    ck_assert_uint_eq (count_fast (free_problem, 50), 50);
}
END_TEST

START_TEST (test_faithful_refuses_wide)
{
  /* the faithful engine keeps n! permutations: at most 10 items, and the
   * message says where to go */
  g_autoptr (LgProblem) p = chain_problem (3, 11);
  g_autoptr (GError) error = NULL;
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAITHFUL;
  ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error), -1);
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE));
  ck_assert_msg (strstr (error->message, "--engine=fast") != NULL, "%s",
                 error->message);
  ck_assert (strstr (error->message, "dimension 11") != NULL);
  g_clear_error (&error);
  /* the description itself is fine: the fast engine and the exports
   * take it */
  opts.engine = LG_ENGINE_FAST;
  ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error), 1);
  opts.engine = LG_ENGINE_AUTO;
  ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error), 1);
  g_autofree char *asp = lg_export_to_string (p, LG_EXPORT_ASP, NULL, &error);
  ck_assert_msg (asp != NULL, "%s", error ? error->message : "");
  /* ten items: still the faithful engine's */
  g_autoptr (LgProblem) ten = chain_problem (3, 10);
  opts.engine = LG_ENGINE_FAITHFUL;
  ck_assert_int_eq (lg_problem_solve (ten, &opts, NULL, NULL, NULL, &error),
                    1);
}
END_TEST

/* On a progress stream, the line tells the share of the search finished
 * (each child of a choice an equal part of it) and the depth: three
 * groups of five and no rule, whose 14,400 solutions are leaves of a tree
 * of equal subtrees, stopped at 10,000 of them; the line is drawn once,
 * after 4,096 ticks of the line (nodes and probes), at a share no more
 * than the nodes explored over the 14,400 leaves. */
START_TEST (test_fast_progress_share)
{
  static const char text[] = "atomic a: 1, 2, 3, 4, 5\n"
                             "atomic b: 1, 2, 3, 4, 5\n"
                             "atomic c: 1, 2, 3, 4, 5\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lgtest_parse_text ("three", text);
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  opts.progress = c.out;
  opts.progress_delay_ms = 0;
  Found f;
  found_init (&f, FALSE);
  f.stop_after = 10000;
  ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, collect, &f, &error),
                    10000);
  const char *line = strstr (lgtest_capture_text (&c), "explore: ");
  ck_assert_msg (line != NULL, "got '%s'", lgtest_capture_text (&c));
  char *end;
  guint64 nodes = g_ascii_strtoull (line + strlen ("explore: "), &end, 10);
  ck_assert_msg (g_str_has_prefix (end, " nodes ("), "got '%s'", line);
  double percent = g_ascii_strtod (end + strlen (" nodes ("), NULL);
  ck_assert_msg (percent > 0 && percent <= 100.0 * (double) nodes / 14400,
                 "got '%s'", line);
  ck_assert_msg (strstr (line, "% of the search), ") &&
                     strstr (line, ", depth "),
                 "got '%s'", line);
  found_clear (&f);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

static Suite *
lg_engine_fast_suite (void)
{
  Suite *s = suite_create ("engine_fast");
  TCase *tc = tcase_create ("random");
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_fast_random_small, 0, 400);
  tcase_add_loop_test (tc, test_fast_random_small_drop, 0, 100);
  tcase_add_loop_test (tc, test_fast_random_large, 0, 40);
  tcase_add_loop_test (tc, test_fast_persons, 0, 200);
  tcase_add_test (tc, test_fast_facts);
  tcase_add_test (tc, test_fast_probes_skipped);
  tcase_add_test (tc, test_fast_probe_backoff);
  suite_add_tcase (s, tc);
  tc = tcase_create ("files");
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_fast_data_files, 0, G_N_ELEMENTS (data_files));
  tcase_add_test (tc, test_fast_exercises);
  tcase_add_loop_test (tc, test_fast_unique_puzzles, 0, 2);
  tcase_add_test (tc, test_fast_weights);
  suite_add_tcase (s, tc);
  tc = tcase_create ("edges");
  /* test_fast_lazy_random's iterations take up to 7 s in a build with
   * --enable-checks: past Check's default 4 s when run by hand */
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_fast_no_rule);
  tcase_add_test (tc, test_fast_max_solutions);
  tcase_add_test (tc, test_fast_one_group_one_item);
  tcase_add_test (tc, test_fast_contradictions);
  tcase_add_test (tc, test_fast_overflow);
  tcase_add_test (tc, test_fast_memory_limit);
  tcase_add_test (tc, test_fast_stats);
  tcase_add_test (tc, test_fast_leaves_once);
  tcase_add_test (tc, test_fast_progress_share);
  tcase_add_loop_test (tc, test_fast_wide, 0, G_N_ELEMENTS (wide_sizes));
  tcase_add_loop_test (tc, test_fast_lazy_random, 0, 120);
  tcase_add_loop_test (tc, test_fast_lazy_unpinned, 0, 20);
  tcase_add_loop_test (tc, test_fast_big_groups, 0, 3);
  tcase_add_loop_test (tc, test_fast_lazy_order, 0, 4);
  tcase_add_test (tc, test_faithful_refuses_wide);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_engine_fast_suite ());
}
