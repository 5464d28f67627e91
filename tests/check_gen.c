/* check_gen — the puzzle generator of logigram-gen (src/gen.h), checked
 * against logigram's own solver rather than against its own evaluator:
 *
 *   - every clue drawn true (of every kind, on seeded configurations from
 *     2x2 to 6x6) holds in the hidden solution as the solver reads it: the
 *     groups, the hidden solution pinned by `yes` rules and the clue's rules
 *     have exactly one solution; every clue drawn false has none; with both
 *     engines;
 *   - the generator's evaluator (lg_gen_clue_holds) agrees with the solver
 *     on random complete assignments other than the hidden one, and the
 *     negation of a clue (lg_gen_clue_negation) holds exactly where the
 *     clue does not;
 *   - every sentence is one capitalised sentence with no template left;
 *   - whole runs (unique, --solutions 3, --minimise, --contradict, and
 *     their mixes) give a file that parses and has the announced number of
 *     solutions with both engines, the hidden solution among them, every
 *     clue of a minimised puzzle needed, and the same bytes twice, with
 *     either engine, and when the solver finds the solutions in another
 *     order (--check=fewest).
 */
#include "gen.h"

#include <string.h>

#include "lgtest.h"
#include "logigram.h"
#include "parser.h"

Suite *lg_gen_suite (void);

typedef struct
{
  guint n_items, n_groups;
  guint64 seed;
} Config;

static const Config configs[] = {
  { 2, 2, 1 }, { 2, 4, 2 },  { 3, 3, 3 },  { 3, 6, 4 },
  { 4, 2, 5 }, { 4, 4, 6 },  { 4, 7, 7 },  { 5, 3, 8 },
  { 5, 5, 9 }, { 6, 4, 10 }, { 6, 6, 11 },
};

static LgGen *
gen_for (const Config *c)
{
  LgGenOptions o;
  lg_gen_options_init (&o);
  o.n_items = c->n_items;
  o.n_groups = c->n_groups;
  o.seed = c->seed;
  return lg_gen_new (&o);
}

/* The groups, `solution` pinned by yes rules (each row's house with the
 * item of every other group), then `extra`. */
static char *
pinned_text (LgGen *gen, const guint *solution, const char *extra)
{
  guint n = lg_gen_dimension (gen);
  g_autofree char *decl = lg_gen_declarations (gen);
  GString *s = g_string_new (decl);
  for (guint g = 1; g < lg_gen_n_groups (gen); g++)
    for (guint r = 0; r < n; r++)
      {
        g_autofree char *house = lg_gen_item_ref (gen, 0, r);
        g_autofree char *item = lg_gen_item_ref (gen, g, solution[g * n + r]);
        g_string_append_printf (s, "yes %s, %s\n", house, item);
      }
  g_string_append (s, extra);
  return g_string_free (s, FALSE);
}

typedef struct
{
  gint64 count, limit;
} Count;

static gboolean
count_up_to (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Count *c = data;
  (void) p, (void) s;
  return ++c->count < c->limit;
}

/* Solutions of p with `engine` and the rules `drop` left out (may be
 * NULL), up to `limit`. */
static gint64
count_dropping (LgProblem *p, LgEngine engine, const gboolean *drop,
                gint64 limit)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  opts.engine = engine;
  opts.drop = drop;
  Count c = { 0, limit };
  gint64 got = lg_problem_solve (p, &opts, NULL, count_up_to, &c, &error);
  ck_assert_msg (got >= 0, "solver failed: %s", error ? error->message : "?");
  return c.count;
}

static gint64
count_problem (LgProblem *p, LgEngine engine, gint64 limit)
{
  return count_dropping (p, engine, NULL, limit);
}

/* Solutions of `text` with `engine`, up to `limit`. */
static gint64
count_text (const char *text, LgEngine engine, gint64 limit)
{
  g_autoptr (LgProblem) p = lgtest_parse_text ("<test>", text);
  return count_problem (p, engine, limit);
}

/* The number of lines of text. */
static guint
n_lines (const char *text)
{
  guint lines = 0;
  for (const char *p = text; *p; p++)
    lines += *p == '\n';
  return lines;
}

static const LgEngine engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST };

/* ---- Clues: true and false as the solver reads them ------------------------ */

START_TEST (test_gen_clues_true_and_false)
{
  const Config *c = &configs[_i];
  g_autoptr (LgGen) gen = gen_for (c);
  const guint *hidden = lg_gen_hidden (gen);
  guint drawn[2] = { 0, 0 };
  for (guint kind = 0; kind < LG_GEN_N_CLUE_KINDS; kind++)
    for (guint t = 0; t < 12; t++)
      for (gboolean truth = FALSE; truth <= TRUE; truth++)
        {
          LgGenClue clue;
          if (!lg_gen_draw_clue (gen, kind, truth, &clue))
            continue;
          drawn[truth]++;
          LGTEST_CHECK (lg_gen_clue_holds (gen, &clue, hidden) == truth,
                        "%s clue", lg_gen_clue_kind_name (kind));
          g_autofree char *rules = lg_gen_clue_rules (gen, &clue);
          g_autofree char *text = pinned_text (gen, hidden, rules);
          for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
            ck_assert_msg (count_text (text, engines[e], 2) == truth,
                           "%s clue drawn %s is not so for the solver:\n%s",
                           lg_gen_clue_kind_name (kind),
                           truth ? "true" : "false", text);
        }
  /* every kind can be drawn true from 3 items on */
  ck_assert_uint_ge (drawn[1],
                     c->n_items >= 3 ? 12 * LG_GEN_N_CLUE_KINDS : 12 * 5);
  ck_assert_uint_gt (drawn[0], 0);
}
END_TEST

START_TEST (test_gen_holds_matches_solver)
{
  const Config *c = &configs[_i];
  g_autoptr (LgGen) gen = gen_for (c);
  guint n = c->n_items, size = n * c->n_groups;
  uint64_t state = c->seed * 7919;
  g_autofree guint *solution = g_new (guint, size);
  for (guint t = 0; t < 60; t++)
    {
      /* a random complete assignment, group 0 the identity */
      for (guint g = 0; g < c->n_groups; g++)
        {
          for (guint r = 0; r < n; r++)
            solution[g * n + r] = r;
          for (guint r = n; g > 0 && r > 1; r--)
            {
              guint j = lgtest_rand_below (&state, r);
              guint x = solution[g * n + r - 1];
              solution[g * n + r - 1] = solution[g * n + j];
              solution[g * n + j] = x;
            }
        }
      LgGenClue clue;
      LgGenClueKind kind = t % LG_GEN_N_CLUE_KINDS;
      if (!lg_gen_draw_clue (gen, kind, lgtest_rand_below (&state, 2), &clue))
        continue;
      g_autofree char *rules = lg_gen_clue_rules (gen, &clue);
      g_autofree char *text = pinned_text (gen, solution, rules);
      gboolean holds = lg_gen_clue_holds (gen, &clue, solution);
      ck_assert_msg (count_text (text, LG_ENGINE_FAST, 2) == holds,
                     "%s: the generator says %s:\n%s",
                     lg_gen_clue_kind_name (kind), holds ? "true" : "false",
                     text);
      /* and its negation holds exactly where it does not */
      g_autofree char *negation = lg_gen_clue_negation (gen, &clue);
      g_autofree char *negated = pinned_text (gen, solution, negation);
      ck_assert_msg (count_text (negated, LG_ENGINE_FAST, 2) == !holds,
                     "%s: the negation is wrong:\n%s",
                     lg_gen_clue_kind_name (kind), negated);
    }
}
END_TEST

START_TEST (test_gen_sentences)
{
  const Config *c = &configs[_i];
  g_autoptr (LgGen) gen = gen_for (c);
  for (guint kind = 0; kind < LG_GEN_N_CLUE_KINDS; kind++)
    for (guint t = 0; t < 20; t++)
      {
        LgGenClue clue;
        if (!lg_gen_draw_clue (gen, kind, t % 2, &clue))
          continue;
        g_autofree char *s = lg_gen_clue_sentence (gen, &clue);
        gsize len = strlen (s);
        ck_assert_msg (len > 10 && g_ascii_isupper (s[0]) &&
                           s[len - 1] == '.' && !strchr (s, '{') &&
                           !strchr (s, '}') && !strchr (s, '\n') &&
                           !strstr (s, "  "),
                       "bad sentence '%s'", s);
        /* its rules: one a line, the var line is not a rule */
        g_autofree char *rules = lg_gen_clue_rules (gen, &clue);
        ck_assert_uint_eq (lg_gen_clue_n_rules (&clue),
                           n_lines (rules) - (strncmp (rules, "var ", 4) == 0));
      }
}
END_TEST

/* ---- Whole runs -------------------------------------------------------------- */

typedef struct
{
  guint n_items, n_groups;
  guint64 seed, max_solutions;
  gboolean minimise, contradict;
} Run;

static const Run runs[] = {
  { 2, 2, 1, 1, FALSE, FALSE },
  { 3, 3, 2, 1, FALSE, FALSE },
  { 4, 4, 1, 1, FALSE, FALSE },
  { 4, 4, 1, 1, TRUE, FALSE },
  { 3, 5, 3, 1, TRUE, FALSE },
  { 4, 3, 4, 3, FALSE, FALSE },
  { 4, 4, 5, 3, TRUE, FALSE },
  { 4, 4, 6, 1, FALSE, TRUE },
  { 4, 4, 7, 3, FALSE, TRUE },
  { 3, 4, 8, 1, TRUE, TRUE },
  { 5, 4, 9, 1, TRUE, FALSE },
  { 2, 6, 10, 2, FALSE, FALSE },
  { 5, 3, 11, 4, TRUE, TRUE },
  /* so small that no random clue contradicts all the solutions */
  { 2, 2, 3, 3, TRUE, TRUE },
  { 2, 3, 2, 3, FALSE, TRUE },
};

typedef struct
{
  GPtrArray *keys; /* each solution as text */
} Collect;

static char *
key_of (const LgProblem *p, const LgSolution *s)
{
  GString *key = g_string_new (NULL);
  guint n = lg_group_n_items (lg_problem_get_group (p, 0));
  for (guint g = 0; g < lg_problem_n_groups (p); g++)
    for (guint r = 0; r < n; r++)
      g_string_append_printf (key, "%s|",
                              lg_item_get_name (lg_solution_get (s, g, r)));
  return g_string_free (key, FALSE);
}

static gboolean
collect (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Collect *c = data;
  g_ptr_array_add (c->keys, key_of (p, s));
  return c->keys->len < 1000;
}

/* The generator's options for run. */
static void
run_options (const Run *run, LgGenOptions *o)
{
  lg_gen_options_init (o);
  o->n_items = run->n_items;
  o->n_groups = run->n_groups;
  o->seed = run->seed;
  o->max_solutions = run->max_solutions;
  o->minimise = run->minimise;
  o->contradict = run->contradict;
}

/* The hidden solution as key_of writes a solution; g_free it. */
static char *
hidden_key (LgGen *gen, const Run *run)
{
  GString *hidden = g_string_new (NULL);
  for (guint g = 0; g < run->n_groups; g++)
    for (guint r = 0; r < run->n_items; r++)
      {
        g_autofree char *ref =
            lg_gen_item_ref (gen, g, lg_gen_hidden (gen)[g * run->n_items + r]);
        g_string_append_printf (hidden, "%s|", strchr (ref, ':') + 1);
      }
  return g_string_free (hidden, FALSE);
}

START_TEST (test_gen_runs)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  const Run *run = &runs[_i];
  LgGenOptions o;
  run_options (run, &o);
  o.answer = TRUE;
  g_autoptr (GError) error = NULL;
  g_autoptr (LgGen) gen = lg_gen_new (&o);
  ck_assert_msg (lg_gen_run (gen, &error), "%s", error ? error->message : "");
  g_autofree char *text = lg_gen_to_lgm (gen);
  guint64 announced = lg_gen_n_solutions (gen);
  if (run->contradict)
    {
      ck_assert_uint_eq (announced, 0);
      ck_assert_uint_ge (lg_gen_false_clue (gen), 1);
      ck_assert_uint_le (lg_gen_false_clue (gen), lg_gen_n_clues (gen));
      ck_assert (!lg_gen_clue_holds (
          gen, lg_gen_get_clue (gen, lg_gen_false_clue (gen) - 1),
          lg_gen_hidden (gen)));
    }
  else
    {
      ck_assert_uint_ge (announced, 1);
      ck_assert_uint_le (announced, run->max_solutions);
    }
  for (guint i = 0; i < lg_gen_n_clues (gen); i++)
    if (i + 1 != lg_gen_false_clue (gen))
      ck_assert (lg_gen_clue_holds (gen, lg_gen_get_clue (gen, i),
                                    lg_gen_hidden (gen)));

  /* the text: parses, announced count with both engines */
  g_autoptr (LgProblem) p = lgtest_parse_text ("<gen>", text);
  for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      opts.engine = engines[e];
      Collect c = { g_ptr_array_new_with_free_func (g_free) };
      ck_assert_int_ge (lg_problem_solve (p, &opts, NULL, collect, &c, &error),
                        0);
      ck_assert_uint_eq (c.keys->len, announced);
      if (!run->contradict)
        {
          /* the hidden solution is one of them */
          g_autofree char *hidden = hidden_key (gen, run);
          gboolean seen = FALSE;
          for (guint k = 0; k < c.keys->len; k++)
            seen |= strcmp (c.keys->pdata[k], hidden) == 0;
          ck_assert_msg (seen, "hidden solution %s not found", hidden);
        }
      g_ptr_array_unref (c.keys);
    }

  /* minimised: every clue needed, dropping all its rules gives more
   * solutions (with contradict, the false clue dropped first) */
  if (run->minimise)
    {
      guint false_clue = lg_gen_false_clue (gen);
      guint first[LG_GEN_MAX_ITEMS * LG_GEN_MAX_ITEMS * 4];
      guint n_clues = lg_gen_n_clues (gen);
      ck_assert_uint_lt (n_clues, G_N_ELEMENTS (first));
      first[0] = 1;
      for (guint i = 0; i < n_clues; i++)
        first[i + 1] =
            first[i] + lg_gen_clue_n_rules (lg_gen_get_clue (gen, i));
      g_autofree gboolean *drop = g_new0 (gboolean, lg_problem_n_rules (p) + 1);
      if (false_clue)
        for (guint r = first[false_clue - 1]; r < first[false_clue]; r++)
          drop[r - 1] = TRUE;
      gint64 base = count_dropping (p, LG_ENGINE_FAST, drop, 1000);
      ck_assert_int_ge (base, 1);
      ck_assert_int_le (base, (gint64) run->max_solutions);
      for (guint i = 0; i < n_clues; i++)
        {
          if (i + 1 == false_clue)
            continue;
          for (guint r = first[i]; r < first[i + 1]; r++)
            drop[r - 1] = TRUE;
          ck_assert_msg (count_dropping (p, LG_ENGINE_FAST, drop, base + 1) >
                             base,
                         "clue %u is not needed", i + 1);
          for (guint r = first[i]; r < first[i + 1]; r++)
            drop[r - 1] = FALSE;
        }
    }

  /* the same bytes again, and whatever the order in which the solver
   * finds the solutions (the fewest-candidates strategy), and the engine */
  g_autoptr (LgGen) again = lg_gen_new (&o);
  ck_assert (lg_gen_run (again, NULL));
  g_autofree char *text2 = lg_gen_to_lgm (again);
  ck_assert_str_eq (text, text2);
  o.check = LG_CHECK_FEWEST;
  g_autoptr (LgGen) fewest = lg_gen_new (&o);
  ck_assert (lg_gen_run (fewest, NULL));
  g_autofree char *text3 = lg_gen_to_lgm (fewest);
  ck_assert_str_eq (text, text3);
  o.check = LG_CHECK_FAITHFUL;
  o.engine = LG_ENGINE_FAITHFUL;
  g_autoptr (LgGen) faithful = lg_gen_new (&o);
  ck_assert (lg_gen_run (faithful, NULL));
  g_autofree char *text4 = lg_gen_to_lgm (faithful);
  ck_assert_str_eq (text, text4);
}
END_TEST

/* Beyond the faithful engine's ten items and the themes' ten (then the
 * fast engine alone counts): the hidden solution is the one solution. */
static const Run wide_runs[] = {
  { 16, 3, 1, 1, TRUE, FALSE },  { 12, 4, 2, 1, FALSE, FALSE },
  { 11, 5, 3, 1, TRUE, FALSE },  { 4, 13, 4, 1, TRUE, FALSE },
  { 5, 16, 5, 1, FALSE, FALSE }, { 13, 4, 6, 1, FALSE, TRUE },
};

START_TEST (test_gen_wide)
{
  const Run *run = &wide_runs[_i];
  LgGenOptions o;
  run_options (run, &o);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgGen) gen = lg_gen_new (&o);
  ck_assert_msg (lg_gen_run (gen, &error), "%s", error ? error->message : "");
  g_autofree char *text = lg_gen_to_lgm (gen);
  g_autoptr (LgProblem) p = lgtest_parse_text ("<gen>", text);
  ck_assert_uint_eq (lg_problem_n_groups (p), run->n_groups);
  ck_assert_uint_eq (lg_group_n_items (lg_problem_get_group (p, 0)),
                     run->n_items);
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  Collect c = { g_ptr_array_new_with_free_func (g_free) };
  ck_assert_int_ge (lg_problem_solve (p, &opts, NULL, collect, &c, &error), 0);
  ck_assert_uint_eq (c.keys->len, run->contradict ? 0 : 1);
  if (!run->contradict)
    {
      g_autofree char *hidden = hidden_key (gen, run);
      ck_assert_str_eq (c.keys->pdata[0], hidden);
    }
  g_ptr_array_unref (c.keys);
  /* each group's items distinct (the themes have enough) */
  for (guint g = 0; g < run->n_groups; g++)
    {
      LgGroup *group = lg_problem_get_group (p, g);
      for (guint i = 0; i < run->n_items; i++)
        ck_assert (lg_group_lookup_item (
                       group, lg_item_get_name (lg_group_get_item (
                                  group, i))) == lg_group_get_item (group, i));
    }
}
END_TEST

/* Every search stopped at its first choice (a work limit of one node):
 * the generator goes the safe way each time, and its puzzle is still
 * unique, its hidden solution the one, minimised or not.  The default
 * limit changes nothing on puzzles this small. */
START_TEST (test_gen_work_limit)
{
  const Run run = { 6, 5, 1 + _i, 1, _i % 2 == 1, FALSE };
  LgGenOptions o;
  run_options (&run, &o);
  g_autoptr (LgGen) unbounded = NULL;
  g_autoptr (LgGen) bounded = lg_gen_new (&o);
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_gen_run (bounded, &error), "%s",
                 error ? error->message : "");
  guint64 n_unsettled = 1;
  lg_gen_get_work (bounded, NULL, NULL, &n_unsettled);
  ck_assert_uint_eq (n_unsettled, 0);
  g_autofree char *text = lg_gen_to_lgm (bounded);
  o.work_limit = 0;
  unbounded = lg_gen_new (&o);
  ck_assert (lg_gen_run (unbounded, NULL));
  /* the same options, the same searches: the same nodes, at least one a
   * search */
  g_autoptr (LgGen) again = lg_gen_new (&o);
  ck_assert (lg_gen_run (again, NULL));
  guint64 n_solves = 0;
  lg_gen_get_work (unbounded, &n_solves, NULL, NULL);
  ck_assert_uint_eq (lg_gen_get_nodes (again), lg_gen_get_nodes (unbounded));
  ck_assert_uint_ge (lg_gen_get_nodes (unbounded), n_solves);
  g_autofree char *same = lg_gen_to_lgm (unbounded);
  /* but the header's command line, which names --work-limit 0 */
  const char *after = strchr (strchr (text, '\n') + 1, '\n');
  const char *same_after = strchr (strchr (same, '\n') + 1, '\n');
  ck_assert (strstr (same, " --work-limit 0\n") != NULL);
  ck_assert (strcmp (after, same_after) == 0);

  o.work_limit = 1;
  g_autoptr (LgGen) gen = lg_gen_new (&o);
  ck_assert_msg (lg_gen_run (gen, &error), "%s", error ? error->message : "");
  lg_gen_get_work (gen, NULL, NULL, &n_unsettled);
  ck_assert_uint_gt (n_unsettled, 0);
  g_autofree char *small = lg_gen_to_lgm (gen);
  /* the command line in the header names the limit; with --minimise, the
   * clues kept untested are said to be */
  ck_assert_ptr_nonnull (strstr (small, " --work-limit 1\n"));
  ck_assert_uint_eq (strstr (small, "kept untested") != NULL, run.minimise);
  g_autoptr (LgProblem) p = lgtest_parse_text ("<gen>", small);
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = LG_ENGINE_FAST;
  Collect c = { g_ptr_array_new_with_free_func (g_free) };
  ck_assert_int_ge (lg_problem_solve (p, &opts, NULL, collect, &c, &error), 0);
  ck_assert_uint_eq (c.keys->len, 1);
  g_autofree char *hidden = hidden_key (gen, &run);
  ck_assert_str_eq (c.keys->pdata[0], hidden);
  g_ptr_array_unref (c.keys);
}
END_TEST

Suite *
lg_gen_suite (void)
{
  Suite *s = suite_create ("gen");
  TCase *tc = tcase_create ("clues");
  tcase_add_loop_test (tc, test_gen_clues_true_and_false, 0,
                       G_N_ELEMENTS (configs));
  tcase_add_loop_test (tc, test_gen_holds_matches_solver, 0,
                       G_N_ELEMENTS (configs));
  tcase_add_loop_test (tc, test_gen_sentences, 0, G_N_ELEMENTS (configs));
  suite_add_tcase (s, tc);
  tc = tcase_create ("runs");
  tcase_add_loop_test (tc, test_gen_runs, 0, G_N_ELEMENTS (runs));
  tcase_add_loop_test (tc, test_gen_wide, 0, G_N_ELEMENTS (wide_runs));
  tcase_add_loop_test (tc, test_gen_work_limit, 0, 4);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_gen_suite ());
}
