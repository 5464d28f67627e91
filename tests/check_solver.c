/* check_solver — the seam between the problem and the engines (src/solver.c,
 * src/engine.h):
 *   - a checked problem is frozen: every builder call on it is refused with
 *     a critical warning and changes nothing, while solving again is fine;
 *   - one problem, two solvers at once: a solve started inside the
 *     callback of another (each engine inside each), and two threads
 *     solving the same problem side by side, give every solver the
 *     solutions a lone solve gives, in the same order;
 *   - the options: max_solutions stops every engine at N, drop leaves
 *     rules out of one solve only, deny gives the solutions that break a
 *     clue (those with it dropped, less the original ones);
 *   - the engine interface: the faithful engine shows its tree, asking the
 *     fast one for a tree is an error it returns;
 *   - errors found while solving carry the line of their rule;
 *   - the deadline stops a search, or the faithful engine's
 *     transformation, which then searches nothing. */
#include "solver.h"

#include <string.h>

#include "lgtest.h"
#include "parser.h"
#include "constraint_set.h"
#include "engine_faithful.h"
#include "problems.h"

Suite *lg_solver_suite (void);

/* ---- Solutions as text ----------------------------------------------------- */

/* Every solution of a solve, in order, one key per solution. */
typedef struct
{
  GPtrArray *keys;
} Keys;

static void
keys_init (Keys *k)
{
  k->keys = g_ptr_array_new_with_free_func (g_free);
}

static void
keys_clear (Keys *k)
{
  g_ptr_array_unref (k->keys);
}

static gboolean
add_key (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  Keys *k = data;
  uint8_t rows[16][16];
  g_ptr_array_add (k->keys, lgtest_solution_rows (p, solution, rows, '/'));
  return TRUE;
}

static void
assert_same_keys (const Keys *a, const Keys *b, const char *what)
{
  ck_assert_msg (a->keys->len == b->keys->len, "%s: %u solutions, not %u", what,
                 b->keys->len, a->keys->len);
  for (guint i = 0; i < a->keys->len; i++)
    ck_assert_msg (strcmp (a->keys->pdata[i], b->keys->pdata[i]) == 0,
                   "%s: solution %u differs", what, i + 1);
}

/* A lone solve of p with engine, every solution in order. */
static void
solve_alone (LgProblem *p, LgEngine engine, Keys *k)
{
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = engine;
  keys_init (k);
  g_autoptr (GError) error = NULL;
  ck_assert_int_ge (lg_problem_solve (p, &options, NULL, add_key, k, &error),
                    0);
}

/* The classic problem without its first rule: 25 solutions, and variables
 * in most of its rules. */
static LgProblem *
classic_drop_1 (void)
{
  g_autoptr (GError) error = NULL;
  LgProblem *p = lg_problems_load ("classic", &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  ck_assert (lg_problem_drop_rule (p, 1, NULL));
  return p;
}

/* Three groups of seven and one variable: 5040^2 solutions, more than any
 * limit lets through; and two groups of two: two solutions at once. */
static const char many_text[] = "atomic a: 1, 2, 3, 4, 5, 6, 7\n"
                                "atomic b: 1, 2, 3, 4, 5, 6, 7\n"
                                "atomic c: 1, 2, 3, 4, 5, 6, 7\n"
                                "var x: a\n"
                                "no x, b:1\n";
static const char small_text[] = "atomic a: 1, 2\natomic b: 1, 2\n";

/* The problem of tests/NAME. */
static LgProblem *
parse_test_file (const char *name)
{
  g_autofree char *path = lgtest_test_path (name);
  g_autoptr (GError) error = NULL;
  LgProblem *p = lg_parser_parse_file (path, &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  return p;
}

/* ---- Frozen once checked ------------------------------------------------- */

static guint criticals;

static void
count_critical (const gchar *domain, GLogLevelFlags level, const gchar *message,
                gpointer data)
{
  (void) domain;
  (void) message;
  (void) data;
  if (level & G_LOG_LEVEL_CRITICAL)
    criticals++;
}

START_TEST (test_solver_problem_frozen)
{
  g_autoptr (LgProblem) p = classic_drop_1 ();
  ck_assert (!lg_problem_is_frozen (p));
  Keys before;
  solve_alone (p, LG_ENGINE_FAITHFUL, &before);
  ck_assert (lg_problem_is_frozen (p));
  ck_assert_uint_eq (before.keys->len, 25);
  guint n_rules = lg_problem_n_rules (p);

  GLogFunc old = g_log_set_default_handler (count_critical, NULL);
  criticals = 0;
  ck_assert_ptr_null (lg_group (p, LG_GROUP_ATOMIC, "pet",
                                (const char *[]) { "a", "b", NULL }));
  ck_assert_ptr_null (
      lg_group_add_item (p, lg_problem_get_group (p, 0), "attic"));
  ck_assert_ptr_null (lg_some (p, "house"));
  ck_assert_ptr_null (lg_var (p, "house", "h"));
  ck_assert_ptr_null (lg_var_new (p, "house", "h"));
  LgRule *rule = lg_yes (p, lg_item (p, "nationality", "english"),
                         lg_item (p, "color", "blue"));
  ck_assert_uint_eq (lg_rule (p, rule), 0);
  ck_assert (!lg_problem_drop_rule (p, 2, NULL));
  ck_assert (!lg_problem_set_group_order (
      p,
      (const char *[]) { "color", "house", "nationality", "animal", "drink",
                         "cigarette", NULL },
      NULL));
  ck_assert (!lg_ask (p, lg_problem_lookup_group (p, "animal"),
                      lg_item (p, "drink", "water")));
  lg_problem_set_line (p, 99);
  g_log_set_default_handler (old, NULL);
  ck_assert_uint_eq (criticals, 10);

  ck_assert_uint_eq (lg_problem_n_rules (p), n_rules);
  ck_assert (!lg_problem_rule_is_dropped (p, 2));
  ck_assert_str_eq (lg_group_get_name (lg_problem_get_group (p, 0)), "house");
  ck_assert_uint_eq (lg_problem_n_groups (p), 6);
  ck_assert (lg_problem_check (p, NULL));
  Keys after;
  solve_alone (p, LG_ENGINE_FAITHFUL, &after);
  assert_same_keys (&before, &after, "solved again");
  keys_clear (&before);
  keys_clear (&after);
}
END_TEST

/* ---- Two solvers at once ------------------------------------------------- */

/* Inside the callback of the outer solve, at its first solution, a whole
 * inner solve of the same problem. */
typedef struct
{
  Keys outer;
  Keys inner;
  LgProblem *problem;
  LgEngine inner_engine;
} Nested;

static gboolean
outer_cb (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  Nested *n = data;
  add_key (p, solution, &n->outer);
  if (n->outer.keys->len == 1)
    {
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.engine = n->inner_engine;
      g_autoptr (GError) error = NULL;
      ck_assert_int_ge (lg_problem_solve (n->problem, &options, NULL, add_key,
                                          &n->inner, &error),
                        0);
    }
  return TRUE;
}

START_TEST (test_solver_nested_solves)
{
  static const LgEngine engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST };
  LgEngine outer = engines[_i / 2], inner = engines[_i % 2];
  g_autoptr (LgProblem) p = classic_drop_1 ();
  Keys alone_outer, alone_inner;
  solve_alone (p, outer, &alone_outer);
  solve_alone (p, inner, &alone_inner);

  Nested n = { .problem = p, .inner_engine = inner };
  keys_init (&n.outer);
  keys_init (&n.inner);
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = outer;
  ck_assert_int_eq (lg_problem_solve (p, &options, NULL, outer_cb, &n, NULL),
                    alone_outer.keys->len);
  assert_same_keys (&alone_outer, &n.outer, "outer solve");
  assert_same_keys (&alone_inner, &n.inner, "inner solve");
  keys_clear (&n.outer);
  keys_clear (&n.inner);
  keys_clear (&alone_outer);
  keys_clear (&alone_inner);
}
END_TEST

typedef struct
{
  LgProblem *problem;
  LgEngine engine;
  LgCheck check;
  guint rounds;
  Keys keys[8];
} Worker;

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;
  for (guint r = 0; r < w->rounds; r++)
    {
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.engine = w->engine;
      options.check = w->check;
      keys_init (&w->keys[r]);
      lg_problem_solve (w->problem, &options, NULL, add_key, &w->keys[r], NULL);
    }
  return NULL;
}

START_TEST (test_solver_two_threads)
{
  g_autoptr (LgProblem) p = classic_drop_1 ();
  ck_assert (lg_problem_check (p, NULL));
  Keys alone[2];
  solve_alone (p, LG_ENGINE_FAITHFUL, &alone[0]);
  solve_alone (p, LG_ENGINE_FAST, &alone[1]);
  Worker workers[2] = {
    { .problem = p, .engine = LG_ENGINE_FAITHFUL, .rounds = 8 },
    { .problem = p, .engine = LG_ENGINE_FAST, .rounds = 8 },
  };
  GThread *threads[2];
  for (guint t = 0; t < 2; t++)
    threads[t] = g_thread_new ("solver", worker_run, &workers[t]);
  for (guint t = 0; t < 2; t++)
    g_thread_join (threads[t]);
  for (guint t = 0; t < 2; t++)
    for (guint r = 0; r < workers[t].rounds; r++)
      {
        assert_same_keys (&alone[t], &workers[t].keys[r], "threaded solve");
        keys_clear (&workers[t].keys[r]);
      }
  keys_clear (&alone[0]);
  keys_clear (&alone[1]);
}
END_TEST

/* ---- Options --------------------------------------------------------------- */

START_TEST (test_solver_max_solutions)
{
  static const LgEngine engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST };
  g_autoptr (LgProblem) p = classic_drop_1 ();
  Keys all;
  solve_alone (p, engines[_i], &all);
  for (guint max = 1; max <= 26; max += 5)
    {
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.engine = engines[_i];
      options.max_solutions = max;
      Keys some;
      keys_init (&some);
      LgStats stats = { 0 };
      gint64 n = lg_problem_solve (p, &options, &stats, add_key, &some, NULL);
      guint want = MIN (max, all.keys->len);
      ck_assert_int_eq (n, want);
      ck_assert_uint_eq (some.keys->len, want);
      ck_assert_uint_eq (stats.solutions, want);
      for (guint i = 0; i < want; i++)
        ck_assert_str_eq (some.keys->pdata[i], all.keys->pdata[i]);
      keys_clear (&some);
    }
  keys_clear (&all);
}
END_TEST

/* Given cells (LgSolveOptions.given): every engine reports the solutions
 * of the unconstrained solve that agree with them, no other, and counts
 * them (compared as sets: the fast engine starts from the cells and may
 * find them in another order). */
typedef struct
{
  Keys keys;
  const LgGivenCell *given;
  guint n_given;
} Fitting;

static gboolean
add_key_if_fits (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  Fitting *f = data;
  for (guint k = 0; k < f->n_given; k++)
    {
      const LgGivenCell *c = &f->given[k];
      for (guint r = 0; r < solution->n; r++)
        if (solution->perm[c->g1][r] == c->i1 &&
            (solution->perm[c->g2][r] == c->i2) != c->yes)
          return TRUE;
    }
  return add_key (p, solution, &f->keys);
}

static int
compare_keys (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
sort_keys (Keys *k)
{
  g_ptr_array_sort (k->keys, compare_keys);
}

/* The rows of the first solution, into data (uint8_t[5][5]). */
static gboolean
first_rows (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  uint8_t (*rows)[5] = data;
  (void) p;
  for (guint g = 0; g < 5; g++)
    memcpy (rows[g], solution->perm[g], 5);
  return FALSE;
}

START_TEST (test_solver_given)
{
  static const LgEngine engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST,
                                      LG_ENGINE_AUTO };
  uint8_t s[5][5];
  g_autoptr (LgProblem) p = classic_drop_1 ();
  ck_assert_int_eq (lg_problem_solve (p, NULL, NULL, first_rows, s, NULL), 1);
  /* cells of that solution, one the other way, and a contradiction (item
   * s[2][0] with two items of group 4) */
  const LgGivenCell sets[][2] = {
    { { 0, s[0][0], 1, s[1][0], TRUE } },
    { { 0, s[0][0], 1, s[1][0], FALSE } },
    { { 3, s[3][1], 1, s[1][1], TRUE }, { 0, s[0][2], 2, s[2][3], FALSE } },
    { { 2, s[2][0], 4, s[4][0], TRUE }, { 4, s[4][1], 2, s[2][0], TRUE } },
  };
  static const guint n_given[] = { 1, 1, 2, 2 };
  gboolean some_but_not_all = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      Fitting want = { { NULL }, sets[i], n_given[i] };
      keys_init (&want.keys);
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.engine = LG_ENGINE_FAST;
      ck_assert_int_eq (
          lg_problem_solve (p, &options, NULL, add_key_if_fits, &want, NULL),
          25);
      sort_keys (&want.keys);
      if (i == 3)
        ck_assert_uint_eq (want.keys.keys->len, 0);
      some_but_not_all |= want.keys.keys->len > 0 && want.keys.keys->len < 25;
      for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
        {
          Keys got;
          keys_init (&got);
          options.engine = engines[e];
          options.given = sets[i];
          options.n_given = n_given[i];
          LgStats stats = { 0 };
          gint64 n =
              lg_problem_solve (p, &options, &stats, add_key, &got, NULL);
          ck_assert_int_eq (n, want.keys.keys->len);
          ck_assert (stats.complete);
          sort_keys (&got);
          assert_same_keys (&want.keys, &got, lg_engine_to_string (engines[e]));
          options.max_solutions = 1;
          ck_assert_int_eq (
              lg_problem_solve (p, &options, NULL, NULL, NULL, NULL),
              MIN (want.keys.keys->len, 1));
          options.max_solutions = 0;
          options.given = NULL;
          options.n_given = 0;
          keys_clear (&got);
        }
      keys_clear (&want.keys);
    }
  ck_assert (some_but_not_all);
}
END_TEST

START_TEST (test_solver_drop_option)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lg_problems_load ("classic", &error);
  guint n = lg_problem_n_rules (p);
  g_autofree gboolean *drop = g_new0 (gboolean, n);
  drop[0] = TRUE;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.drop = drop;
  ck_assert_int_eq (lg_problem_solve (p, &options, NULL, NULL, NULL, NULL), 25);
  ck_assert_int_eq (lg_problem_solve (p, NULL, NULL, NULL, NULL, NULL), 1);
  ck_assert (!lg_problem_rule_is_dropped (p, 1));
}
END_TEST

/* A clue denied (options.deny): the solutions are those of the other clues
 * that break it, that is those found with the clue dropped less the
 * original ones, for every clue that can be denied, in both engines.  On
 * a problem written for it (a clue with no variable, pinned variables, logic
 * over couples, a count, a clue that only pins and so says nothing: denied,
 * no solution; one with a variable not pinned, which cannot be denied; and
 * one with a variable pinned twice, the second a rule to negate)
 * and on data files, with their clue lines. */
static const char deny_text[] =
    "atomic name: Ann, Bob, Cy\n"
    "ordered house: first, second, third\n"
    "atomic pet: cat, dog, emu\n"
    "clue \"Ann is not in the first house.\"\n"
    "no Ann, first\n"
    "clue \"The dog owner lives just right of Bob.\"\n"
    "var a, b: house\n"
    "a - b = 1\n"
    "yes a, dog\n"
    "yes b, Bob\n"
    "clue \"Either Cy or Bob keeps the cat.\"\n"
    "yes Cy, cat or yes Bob, cat\n"
    "clue \"Someone keeps the emu.\"\n"
    "var c: house\n"
    "yes c, emu\n"
    "clue \"Two facts.\"\n"
    "no Bob, emu\n"
    "no Cy, third\n"
    "clue \"Exactly one.\"\n"
    "exactly 1 of (yes Ann, cat; yes Bob, dog; yes Cy, emu)\n"
    "clue \"Someone lives elsewhere than Ann.\"\n"
    "var d, e: house\n"
    "yes d, Ann\n"
    "d != e\n"
    "clue \"The emu owner is Cy, not Ann.\"\n"
    "var f: house\n"
    "yes f, emu\n"
    "yes f, Cy\n"
    "no f, Ann\n";

/* Adds each solution's key to a hash table (data). */
static gboolean
add_to_set (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  uint8_t rows[16][16];
  g_hash_table_add (data, lgtest_solution_rows (p, solution, rows, '/'));
  return TRUE;
}

static GHashTable *
solution_set (LgProblem *p, const LgSolveOptions *options)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           NULL);
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, options, NULL, add_to_set, set, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  ck_assert_int_eq ((guint) n, g_hash_table_size (set));
  return set;
}

START_TEST (test_solver_deny_option)
{
  static const char *const files[] = { NULL, "classic.lgm", "einstein.lgm",
                                       "dinner.lgm", "recital.lgm",
                                       "mini4.lgm" };
  LgProblem *p;
  if (files[_i])
    {
      g_autofree char *path = lgtest_data_path (files[_i]);
      g_autoptr (GError) error = NULL;
      p = lg_parser_parse_file (path, &error);
      ck_assert_msg (p != NULL, "%s", error ? error->message : "");
    }
  else
    p = lgtest_parse_text ("t.lgm", deny_text);
  guint n_rules = lg_problem_n_rules (p), denied = 0, not_deniable = 0;
  g_autofree gboolean *drop = g_new0 (gboolean, n_rules);
  for (guint e = 0; e < 2; e++)
    {
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.engine = e ? LG_ENGINE_FAST : LG_ENGINE_FAITHFUL;
      g_autoptr (GHashTable) all = solution_set (p, &options);
      for (guint c = 1; c <= lg_problem_n_clues (p); c++)
        {
          if (!lg_constraint_set_can_deny (p, c))
            {
              not_deniable++;
              continue;
            }
          denied++;
          guint first = lg_clue_get_first_rule (p, c);
          guint end = first + lg_clue_get_n_rules (p, c);
          for (guint r = first; r < end; r++)
            drop[r - 1] = TRUE;
          options.drop = drop;
          g_autoptr (GHashTable) dropped = solution_set (p, &options);
          options.drop = NULL;
          for (guint r = first; r < end; r++)
            drop[r - 1] = FALSE;
          options.deny = c;
          g_autoptr (GHashTable) broken = solution_set (p, &options);
          options.deny = 0;
          ck_assert_msg (g_hash_table_size (broken) ==
                             g_hash_table_size (dropped) -
                                 g_hash_table_size (all),
                         "%s, clue %u, engine %u: %u solutions denied, "
                         "%u dropped, %u in all",
                         files[_i] ? files[_i] : "deny_text", c, e,
                         g_hash_table_size (broken),
                         g_hash_table_size (dropped), g_hash_table_size (all));
          GHashTableIter it;
          gpointer key;
          g_hash_table_iter_init (&it, broken);
          while (g_hash_table_iter_next (&it, &key, NULL))
            ck_assert (g_hash_table_contains (dropped, key) &&
                       !g_hash_table_contains (all, key));
          /* "Someone keeps the emu." says nothing */
          if (!files[_i] && c == 4)
            ck_assert_int_eq (g_hash_table_size (broken), 0);
        }
    }
  ck_assert_uint_gt (denied, 0);
  if (!files[_i])
    {
      ck_assert_uint_eq (not_deniable, 2); /* the last clue, each engine */
      ck_assert (!lg_constraint_set_can_deny (p, 7));
    }
  lg_problem_free (p);
}
END_TEST

/* The per-level counters of try_solution (--stats-levels) add up to its
 * totals, for every strategy, with and without the composition table
 * (gen-7x3.lgm, 7 items: none); on the classic, houses first, the faithful ones are
 * the table of doc/algorithm.md, section 6.2. */
START_TEST (test_solver_levels)
{
  static const LgCheck checks[] = { LG_CHECK_FAITHFUL, LG_CHECK_INTERSECT,
                                    LG_CHECK_FEWEST };
  g_autofree char *seven = lgtest_test_path ("input/gen-7x3.lgm");
  const char *const problems[] = { "classic", "big", seven };
  for (guint i = 0; i < G_N_ELEMENTS (problems); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LgProblem) p =
          i < 2 ? lg_problems_load (problems[i], &error)
                : lg_parser_parse_file (problems[i], &error);
      ck_assert_msg (p != NULL, "%s", error ? error->message : "");
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.check = checks[_i];
      LgStats stats = { 0 };
      ck_assert_int_ge (
          lg_problem_solve (p, &options, &stats, NULL, NULL, &error), 1);
      guint64 candidates = 0, n_checks = 0;
      for (guint l = 0; l < LG_STATS_LEVELS; l++)
        {
          candidates += stats.level_candidates[l];
          n_checks += stats.level_checks[l];
        }
      ck_assert_uint_eq (stats.level_candidates[0], 0);
      ck_assert_uint_eq (stats.level_checks[0], 0);
      ck_assert_uint_gt (stats.candidates, 0);
      ck_assert_uint_eq (candidates, stats.candidates);
      ck_assert_uint_eq (n_checks, stats.checks);
      if (i == 0 && checks[_i] == LG_CHECK_FAITHFUL)
        {
          static const guint64 want[] = { 0, 2112, 12672, 57600, 64512, 896 };
          for (guint l = 0; l < G_N_ELEMENTS (want); l++)
            ck_assert_uint_eq (stats.level_candidates[l], want[l]);
        }
    }
}
END_TEST

/* ---- The engine interface -------------------------------------------------- */

START_TEST (test_solver_tree_of_engines)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lg_problems_load ("small", &error);
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  g_autoptr (LgSolver) faithful = lg_solver_new (p, &options, NULL, &error);
  ck_assert (lg_solver_transform (faithful, &error));
  const LgPermut *permut = NULL;
  const LgAndOrTree *tree = lg_solver_get_tree (faithful, &permut, &error);
  ck_assert_ptr_nonnull (tree);
  ck_assert_ptr_nonnull (permut);
  ck_assert_int_eq (permut->n, 3);
  ck_assert_ptr_eq (lg_solver_get_problem (faithful), p);
  ck_assert_uint_eq (lg_solver_get_set (faithful)->groups->len, 1);

  options.engine = LG_ENGINE_FAST;
  g_autoptr (LgSolver) fast = lg_solver_new (p, &options, NULL, &error);
  ck_assert (lg_solver_transform (fast, &error));
  ck_assert_ptr_null (lg_solver_get_tree (fast, &permut, &error));
  ck_assert (
      g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_FAILED));
  ck_assert_ptr_nonnull (strstr (error->message, "--engine=faithful"));
  /* both still explore, in turn, the same solutions */
  ck_assert_int_eq (lg_solver_explore (fast, NULL, NULL, NULL), 1);
  ck_assert_int_eq (lg_solver_explore (faithful, NULL, NULL, NULL), 1);
  ck_assert_str_eq (lg_engine_class (LG_ENGINE_FAST)->name, "fast");
  ck_assert_str_eq (lg_engine_class (LG_ENGINE_FAITHFUL)->name, "faithful");
  /* the names parsed and printed are the classes' */
  for (LgEngine k = LG_ENGINE_FAITHFUL; k <= LG_ENGINE_FAST; k++)
    {
      LgEngine back;
      ck_assert_str_eq (lg_engine_to_string (k), lg_engine_class (k)->name);
      ck_assert (lg_engine_from_string (lg_engine_to_string (k), &back));
      ck_assert_int_eq (back, k);
    }
  ck_assert_str_eq (lg_engine_to_string (LG_ENGINE_AUTO), "auto");
}
END_TEST

START_TEST (test_solver_error_line)
{
  static const char text[] = "ordered h: a, b\n"
                             "numeric n: 1, 9223372036854775807\n"
                             "var x: n\n"
                             "\n"
                             "x + x < 0\n";
  static const LgEngine engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST };
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lgtest_parse_text ("t.lgm", text);
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = engines[_i];
  ck_assert_int_eq (lg_problem_solve (p, &options, NULL, NULL, NULL, &error),
                    -1);
  ck_assert (
      g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_OVERFLOW));
  ck_assert_uint_eq (lg_error_get_line (error), 5);
}
END_TEST

/* A deadline already passed stops the fast engine's search at its first
 * look at the clock (some solutions of the 7!^2 of three free groups), and
 * the faithful one's transformation (under auto too; with and without a
 * trace) before any search: no solution, no node; timed_out, not complete
 * either way.  One far away changes nothing. */
/* The engines a deadline is tried on, with the faithful one's trace
 * and without. */
static const struct
{
  LgEngine engine;
  gboolean trace;
} deadline_cases[] = {
  { LG_ENGINE_FAITHFUL, FALSE },
  { LG_ENGINE_FAITHFUL, TRUE },
  { LG_ENGINE_FAST, FALSE },
  { LG_ENGINE_AUTO, FALSE },
};

/* The options of deadline case i, with deadline; *trace: the trace file
 * opened on /dev/null, or NULL (fclose it). */
static LgSolveOptions
deadline_options (guint i, gint64 deadline, FILE **trace)
{
  *trace = deadline_cases[i].trace ? fopen ("/dev/null", "w") : NULL;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = deadline_cases[i].engine;
  options.trace = *trace;
  options.deadline = deadline;
  return options;
}

START_TEST (test_solver_deadline)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lgtest_parse_text ("t.lgm", many_text);
  FILE *trace;
  LgSolveOptions options = deadline_options (_i, 1, &trace);
  LgStats stats;
  gint64 n = lg_problem_solve (p, &options, &stats, NULL, NULL, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  ck_assert (stats.timed_out);
  ck_assert (!stats.complete);
  ck_assert_int_lt (n, 5040 * 5040);
  if (deadline_cases[_i].engine != LG_ENGINE_FAST)
    {
      ck_assert_int_eq (stats.engine, LG_ENGINE_FAITHFUL);
      ck_assert_int_eq (n, 0);
      ck_assert_uint_eq (stats.nodes_explored, 0);
    }

  g_autoptr (LgProblem) q = lgtest_parse_text ("t.lgm", small_text);
  options.deadline = g_get_monotonic_time () + (gint64) 3600 * G_USEC_PER_SEC;
  ck_assert_int_eq (lg_problem_solve (q, &options, &stats, NULL, NULL, &error),
                    2);
  ck_assert (!stats.timed_out);
  ck_assert (stats.complete);
  if (trace)
    fclose (trace);
}
END_TEST

/* The deadline passes during the search (the first solution's callback
 * waits for it; the transformation before is a few milliseconds): each
 * engine stops at its next look at the clock, with at least that
 * solution, timed_out, not complete (auto: the faithful engine's trial
 * stops at its 100,000 solutions, then the fast engine's search). */
static gboolean
wait_for_deadline (const LgProblem *p, const LgSolution *solution,
                   gpointer data)
{
  (void) p;
  (void) solution;
  const gint64 *at = data;
  while (g_get_monotonic_time () <= *at)
    g_usleep (1000);
  return TRUE;
}

START_TEST (test_solver_deadline_in_search)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lgtest_parse_text ("t.lgm", many_text);
  FILE *trace;
  /* a second for the transformation, under valgrind too */
  LgSolveOptions options =
      deadline_options (_i, g_get_monotonic_time () + G_USEC_PER_SEC, &trace);
  LgStats stats;
  g_autoptr (LgSolver) solver = lg_solver_new (p, &options, &stats, &error);
  ck_assert_msg (solver && lg_solver_transform (solver, &error), "%s",
                 error ? error->message : "");
  ck_assert (!lg_solver_transform_cut (solver));
  gint64 n =
      lg_solver_explore (solver, wait_for_deadline, &options.deadline, &error);
  ck_assert_msg (n >= 1, "%s", error ? error->message : "");
  ck_assert (stats.timed_out);
  ck_assert (!stats.complete);
  ck_assert_int_lt (n, 5040 * 5040);
  ck_assert_uint_gt (stats.nodes_explored, 0);
  if (trace)
    fclose (trace);
}
END_TEST

/* A transformation cut by the deadline, through the solver: transform
 * succeeds, cut; no tree (a TIME_LIMIT error), no estimate; explore finds
 * nothing, timed out.  "Exactly one of six statements" as twelve variables
 * in one group: minutes of enumeration for the faithful engine. */
START_TEST (test_solver_transform_cut)
{
  g_autoptr (LgProblem) p = parse_test_file ("input/exactly-one.lgm");
  g_autoptr (GError) error = NULL;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = LG_ENGINE_FAITHFUL;
  options.deadline = g_get_monotonic_time () + G_USEC_PER_SEC / 20;
  LgStats stats;
  g_autoptr (LgSolver) solver = lg_solver_new (p, &options, &stats, &error);
  ck_assert_ptr_nonnull (solver);
  ck_assert_double_ge (lg_solver_transform_bound (solver), 60);
  ck_assert (lg_solver_transform (solver, &error));
  ck_assert_ptr_null (error);
  ck_assert (lg_solver_transform_cut (solver));
  ck_assert_double_eq (lg_solver_estimate (solver), -1);
  const LgPermut *permut = NULL;
  ck_assert_ptr_null (lg_solver_get_tree (solver, &permut, &error));
  ck_assert (
      g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_TIME_LIMIT));
  g_clear_error (&error);
  ck_assert_int_eq (lg_solver_explore (solver, NULL, NULL, &error), 0);
  ck_assert (stats.timed_out);
  ck_assert (!stats.complete);
  ck_assert_int_eq (stats.engine, LG_ENGINE_FAITHFUL);
  ck_assert_uint_eq (stats.nodes_explored, 0);
}
END_TEST

/* The work limit: each engine stops there, with some of the solutions,
 * over_work and not complete, the same on every run; a large one changes
 * nothing. */
START_TEST (test_solver_work_limit)
{
  static const LgEngine engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST,
                                      LG_ENGINE_AUTO };
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lgtest_parse_text ("t.lgm", many_text);
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = engines[_i];
  options.work_limit = 5000;
  LgStats stats;
  gint64 n = lg_problem_solve (p, &options, &stats, NULL, NULL, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  ck_assert (stats.over_work);
  ck_assert (!stats.complete);
  ck_assert (!stats.timed_out);
  ck_assert_int_lt (n, 5040 * 5040);
  LgStats again;
  ck_assert_int_eq (lg_problem_solve (p, &options, &again, NULL, NULL, NULL),
                    n);

  g_autoptr (LgProblem) q = lgtest_parse_text ("t.lgm", small_text);
  ck_assert_int_eq (lg_problem_solve (q, &options, &stats, NULL, NULL, &error),
                    2);
  ck_assert (!stats.over_work);
  ck_assert (stats.complete);
}
END_TEST

/* The work limit bounds the fast engine's check of a large constraint
 * group at each complete assignment (lazy_holds, at 2000 steps a node):
 * parity.lgm's group has no assignment, which only a search of tens of
 * thousands of steps shows, at every complete assignment of the grid:
 * 30,049 steps in all (about 40,000 with --enable-checks), without the
 * bound 240,312 within the same 10 nodes. */
START_TEST (test_solver_work_limit_lazy)
{
  g_autoptr (LgProblem) p = parse_test_file ("input/parity.lgm");
  g_autoptr (GError) error = NULL;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = LG_ENGINE_FAST;
  options.work_limit = 10;
  LgStats stats;
  ck_assert_int_eq (lg_problem_solve (p, &options, &stats, NULL, NULL, &error),
                    0);
  ck_assert (stats.over_work);
  ck_assert (!stats.complete);
  ck_assert_uint_gt (stats.lazy_steps, 0);
  ck_assert_uint_le (stats.lazy_steps, 100000);
  ck_assert_uint_le (stats.nodes_explored, 10);
}
END_TEST

/* auto's trial (the faithful engine on a bounded work) stopped by the
 * deadline, here in its transformation: what it found is the answer (none,
 * timed out), not the fast engine's start. */
START_TEST (test_solver_deadline_in_trial)
{
  g_autoptr (LgProblem) p = parse_test_file ("input/gen-6x6-trial.lgm");
  g_autoptr (GError) error = NULL;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = LG_ENGINE_AUTO;
  options.deadline = 1;
  LgStats stats;
  ck_assert_int_ge (lg_problem_solve (p, &options, &stats, NULL, NULL, &error),
                    0);
  ck_assert_int_eq (stats.engine, LG_ENGINE_FAITHFUL);
  ck_assert_int_eq (stats.choice, LG_CHOICE_ESTIMATE);
  ck_assert (stats.timed_out);
  ck_assert (!stats.complete);
}
END_TEST

/* auto's trial stopped by the deadline in its search: the deadline passes
 * between the transformation (a few milliseconds) and the search, which
 * sees it at its first look at the clock (the trial calls no callback of
 * the caller's, so the waiting of test_solver_deadline_in_search cannot
 * reach it).  The trial's solutions so far are the answer: the faithful
 * engine, chosen by its estimate, timed out, not complete; no fall back to
 * the fast engine, not even where the trial would have given up on its
 * work (gen-6x6-trial) or found more (jojo's 559,492 nodes). */
static const struct
{
  const char *name;
  gboolean builtin;
} trial_search_cases[] = {
  { "input/gen-6x6-trial.lgm", FALSE },
  { "jojo", TRUE },
};

static gboolean
count_calls (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  (void) p;
  (void) solution;
  (*(gint64 *) data)++;
  return TRUE;
}

START_TEST (test_solver_deadline_in_trial_search)
{
  g_autoptr (GError) error = NULL;
  const char *name = trial_search_cases[_i].name;
  g_autoptr (LgProblem) p = trial_search_cases[_i].builtin
                                ? lg_problems_load (name, &error)
                                : parse_test_file (name);
  ck_assert_ptr_nonnull (p);
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = LG_ENGINE_AUTO;
  /* a second for the transformation, under valgrind too */
  options.deadline = g_get_monotonic_time () + G_USEC_PER_SEC;
  LgStats stats;
  g_autoptr (LgSolver) solver = lg_solver_new (p, &options, &stats, &error);
  ck_assert_msg (solver && lg_solver_transform (solver, &error), "%s",
                 error ? error->message : "");
  ck_assert (!lg_solver_transform_cut (solver));
  ck_assert_int_eq (stats.engine, LG_ENGINE_FAITHFUL);
  ck_assert_int_eq (stats.choice, LG_CHOICE_ESTIMATE);
  while (g_get_monotonic_time () <= options.deadline)
    g_usleep (1000);
  gint64 calls = 0;
  gint64 n = lg_solver_explore (solver, count_calls, &calls, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  ck_assert_int_eq (n, calls);
  ck_assert_int_eq (stats.solutions, n);
  ck_assert_int_eq (stats.engine, LG_ENGINE_FAITHFUL);
  ck_assert_int_eq (stats.choice, LG_CHOICE_ESTIMATE);
  ck_assert (stats.timed_out);
  ck_assert (!stats.complete);
  /* stopped within a tick of the clock's countdown (at once if the
   * transformation used it up), far from the end */
  ck_assert_uint_lt (stats.nodes_explored, 100000);
}
END_TEST

/* Which engine auto runs, and why.  At 7 items, the estimate counts the
 * masks' 79 words a node, so a puzzle the faithful engine takes seconds
 * on is turned down by its estimate, before any trial (it was
 * LG_CHOICE_TRIAL when a node counted as at 5 items: a trial of 0.3 to
 * 1 s), while one it solves at once keeps it.  And the trial given up: at
 * once where the share of its tree explored projects twice its work or
 * more (gen-6x6-trial: 0.1 s when it ran to the end of its trial, about
 * 10 ms now), at the end of the trial where the projection stays under
 * that (gen-7x5-over-trial, stuck in a large subtree half way). */
static const struct
{
  const char *file;
  LgEngine engine;
  LgEngineChoice choice;
} auto_cases[] = {
  { "input/gen-7x5-trial.lgm", LG_ENGINE_FAST, LG_CHOICE_SLOW },
  { "input/gen-7x3.lgm", LG_ENGINE_FAITHFUL, LG_CHOICE_ESTIMATE },
  { "input/gen-6x6-trial.lgm", LG_ENGINE_FAST, LG_CHOICE_PROJECTED },
  { "input/gen-7x5-over-trial.lgm", LG_ENGINE_FAST, LG_CHOICE_TRIAL },
};

START_TEST (test_solver_auto_choice)
{
  g_autoptr (LgProblem) p = parse_test_file (auto_cases[_i].file);
  g_autoptr (GError) error = NULL;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = LG_ENGINE_AUTO;
  LgStats stats;
  ck_assert_int_ge (lg_problem_solve (p, &options, &stats, NULL, NULL, &error),
                    1);
  ck_assert_int_eq (stats.engine, auto_cases[_i].engine);
  ck_assert_int_eq (stats.choice, auto_cases[_i].choice);
  /* the projection, in seconds: over twice the trial's tenth */
  if (stats.choice == LG_CHOICE_PROJECTED)
    ck_assert_double_ge (stats.estimate, 0.2);
}
END_TEST

/* lg_engine_faithful_fits, which auto and the note before the
 * transformation go by, says what the faithful engine refuses at once: its
 * fixed bytes over the memory limit (the bound itself fits), or over
 * LG_PERMUT_MAX_N items. */
START_TEST (test_solver_faithful_fits)
{
  static const char eleven[] = "atomic a: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n"
                               "atomic b: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n";
  g_autoptr (LgProblem) p = _i == 0   ? lgtest_parse_text ("t.lgm", many_text)
                            : _i == 1 ? classic_drop_1 ()
                                      : lgtest_parse_text ("t.lgm", eleven);
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (p);
  guint64 fixed = lg_engine_faithful_fixed_bytes (p, set, LG_CHECK_FAITHFUL);
  const guint64 limits[] = { fixed - 1, fixed, LG_DEFAULT_MEMORY_LIMIT };
  for (guint k = 0; k < G_N_ELEMENTS (limits); k++)
    {
      gboolean fits =
          lg_engine_faithful_fits (p, set, LG_CHECK_FAITHFUL, limits[k]);
      ck_assert_int_eq (fits, _i < 2 && k > 0);
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.engine = LG_ENGINE_FAITHFUL;
      options.memory_limit = limits[k];
      g_autoptr (GError) error = NULL;
      g_autoptr (LgSolver) solver = lg_solver_new (p, &options, NULL, &error);
      ck_assert (solver != NULL);
      if (!fits)
        ck_assert (!lg_solver_transform (solver, &error));
    }
}
END_TEST

Suite *
lg_solver_suite (void)
{
  Suite *s = suite_create ("solver");
  TCase *tc = tcase_create ("problem");
  tcase_add_test (tc, test_solver_problem_frozen);
  tcase_add_loop_test (tc, test_solver_nested_solves, 0, 4);
  tcase_add_test (tc, test_solver_two_threads);
  suite_add_tcase (s, tc);
  tc = tcase_create ("options");
  tcase_add_loop_test (tc, test_solver_max_solutions, 0, 2);
  tcase_add_test (tc, test_solver_drop_option);
  tcase_add_loop_test (tc, test_solver_deny_option, 0, 6);
  tcase_add_test (tc, test_solver_given);
  tcase_add_loop_test (tc, test_solver_levels, 0, 3);
  tcase_add_loop_test (tc, test_solver_deadline, 0,
                       G_N_ELEMENTS (deadline_cases));
  tcase_add_loop_test (tc, test_solver_deadline_in_search, 0,
                       G_N_ELEMENTS (deadline_cases));
  tcase_add_test (tc, test_solver_transform_cut);
  tcase_add_test (tc, test_solver_deadline_in_trial);
  tcase_add_loop_test (tc, test_solver_deadline_in_trial_search, 0,
                       G_N_ELEMENTS (trial_search_cases));
  tcase_add_loop_test (tc, test_solver_work_limit, 0, 3);
  tcase_add_test (tc, test_solver_work_limit_lazy);
  tcase_add_loop_test (tc, test_solver_auto_choice, 0,
                       G_N_ELEMENTS (auto_cases));
  suite_add_tcase (s, tc);
  tc = tcase_create ("engines");
  tcase_add_test (tc, test_solver_tree_of_engines);
  tcase_add_loop_test (tc, test_solver_error_line, 0, 2);
  tcase_add_loop_test (tc, test_solver_faithful_fits, 0, 3);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_solver_suite ());
}
