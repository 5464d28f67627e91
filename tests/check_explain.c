/* check_explain — the explanation (src/explain.c) and the grid
 * (src/grid.c): over seeded generated puzzles of up to 5 items and 4
 * groups, with one solution, several or none, every step is re-proved by
 * enumeration, cites only facts derived before it, and the final grid is
 * exactly what every solution agrees on; hints from partial grids; the
 * grid's drawing in both character sets; the JSON's shape. */
#include "lgtest.h"

#include <string.h>

#include "explain.h"
#include "gen.h"
#include "parser.h"
#include "solution.h"

Suite *lg_explain_suite (void);

typedef struct
{
  const LgGridShape *shape;
  uint64_t *inter_yes, *inter_no;
  guint64 count;
} Agree;

static gboolean
on_solution (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Agree *a = data;
  const LgGridShape *sh = a->shape;
  (void) p;
  g_autofree uint64_t *sol = g_new0 (uint64_t, sh->words);
  for (guint g1 = 0; g1 < sh->n_groups; g1++)
    for (guint g2 = g1 + 1; g2 < sh->n_groups; g2++)
      for (guint r = 0; r < sh->n; r++)
        lg_bitset_set (
            sol, lg_grid_cell (sh, g1, s->perm[g1][r], g2, s->perm[g2][r]));
  for (guint w = 0; w < sh->words; w++)
    {
      a->inter_yes[w] &= sol[w];
      a->inter_no[w] &= ~sol[w];
    }
  a->count++;
  return TRUE;
}

/* Every step of ex proved, citing facts known before it, deriving cells
 * not known before; returns nothing, asserts. */
static void
check_steps (LgExplain *ex, const char *what)
{
  const LgGridShape *sh = lg_explain_shape (ex);
  for (guint i = 0; i < lg_explain_n_steps (ex); i++)
    {
      const LgStep *step = lg_explain_get_step (ex, i);
      LGTEST_CHECK (lg_explain_verify_step (ex, i),
                    "%s: step %u not proved: %s", what, i + 1, step->text);
      for (guint k = 0; k < step->uses->len; k++)
        {
          LgGridFact f = g_array_index (step->uses, LgGridFact, k);
          LGTEST_CHECK (lg_explain_origin (ex, f.cell) <= i,
                        "%s: step %u cites a later fact", what, i + 1);
          LGTEST_CHECK (
              lg_bitset_test (f.yes ? lg_explain_yes (ex) : lg_explain_no (ex),
                              f.cell),
              "%s: step %u cites a fact not in the grid", what, i + 1);
        }
      for (guint k = 0; k < step->derives->len; k++)
        {
          LgGridFact f = g_array_index (step->derives, LgGridFact, k);
          LGTEST_CHECK (lg_explain_origin (ex, f.cell) == i + 1,
                        "%s: step %u derives a cell known before", what, i + 1);
        }
      if (step->kind <= LG_STEP_TRANSITIVITY)
        LGTEST_CHECK (step->clues->len == 0 && step->units == 0,
                      "%s: step %u: clues in a grid step", what, i + 1);
      /* a supposition tells its steps [1], [2], ... with no gap */
      if (step->kind == LG_STEP_CONTRADICTION)
        {
          guint next = 1;
          for (const char *at = strstr (step->text, " ["); at;
               at = strstr (at + 1, " ["))
            {
              guint k = 0;
              if (sscanf (at, " [%u] ", &k) == 1 && at[2] != '\0' &&
                  strchr (at + 2, ']') && strchr (at + 2, ']')[1] == ' ')
                {
                  LGTEST_CHECK (k == next, "%s: step %u tells [%u] for [%u]",
                                what, i + 1, k, next);
                  next++;
                }
            }
          LGTEST_CHECK (next > 1, "%s: step %u tells no step", what, i + 1);
        }
      if (step->kind == LG_STEP_CLUE || step->kind == LG_STEP_CLUES)
        LGTEST_CHECK (step->clues->len > 0 &&
                          step->units == (step->kind == LG_STEP_CLUE ? 1 : 2),
                      "%s: step %u: a clue step without clues", what, i + 1);
    }
  (void) sh;
}

/* The explanation of p from the empty grid: checked step by step, and its
 * end against the solutions. */
static void
check_problem (LgProblem *p, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgExplain) ex = lg_explain_new (p, &error);
  ck_assert_msg (ex != NULL, "%s: %s", what, error ? error->message : "?");
  ck_assert_msg (lg_explain_run (ex, &error), "%s: %s", what,
                 error ? error->message : "?");
  check_steps (ex, what);
  const LgGridShape *sh = lg_explain_shape (ex);
  g_autofree uint64_t *iy = g_new0 (uint64_t, sh->words);
  g_autofree uint64_t *in = g_new0 (uint64_t, sh->words);
  lg_bitset_set_all (iy, sh->n_cells);
  lg_bitset_set_all (in, sh->n_cells);
  Agree a = { sh, iy, in, 0 };
  LgSolveOptions o = LG_SOLVE_OPTIONS_INIT;
  o.engine = LG_ENGINE_FAST;
  ck_assert (lg_problem_solve (p, &o, NULL, on_solution, &a, NULL) >= 0);
  if (a.count == 0)
    {
      ck_assert_msg (lg_explain_result (ex) == LG_EXPLAIN_CONTRADICTION,
                     "%s: no solution, result %d", what,
                     lg_explain_result (ex));
      return;
    }
  ck_assert_msg (lg_explain_result (ex) ==
                     (a.count == 1 ? LG_EXPLAIN_SOLVED : LG_EXPLAIN_OPEN),
                 "%s: %" G_GUINT64_FORMAT " solutions, result %d", what,
                 a.count, lg_explain_result (ex));
  ck_assert_msg (lg_bitset_equal (iy, lg_explain_yes (ex), sh->words) &&
                     lg_bitset_equal (in, lg_explain_no (ex), sh->words),
                 "%s: the final grid is not what the solutions force", what);
}

typedef struct
{
  guint items, groups;
} Config;

static const Config configs[] = { { 3, 3 }, { 4, 3 }, { 4, 4 },
                                  { 3, 4 }, { 5, 3 }, { 2, 4 } };

/* The options of logigram-gen for a puzzle of c's size and that seed. */
static void
config_options (LgGenOptions *o, const Config *c, guint64 seed)
{
  lg_gen_options_init (o);
  o->n_items = c->items;
  o->n_groups = c->groups;
  o->seed = seed;
}

/* The puzzle that logigram-gen writes with options o, read back. */
static LgProblem *
generated_problem (const LgGenOptions *o, const char *what)
{
  g_autoptr (LgGen) gen = lg_gen_new (o);
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_gen_run (gen, &error), "%s: gen: %s", what,
                 error ? error->message : "?");
  g_autofree char *text = lg_gen_to_lgm (gen);
  return lgtest_parse_text ("<test>", text);
}

/* The puzzle that logigram-gen writes with options o, explained and
 * checked (check_problem). */
static void
check_generated (const LgGenOptions *o, const char *what)
{
  g_autoptr (LgProblem) p = generated_problem (o, what);
  check_problem (p, what);
}

/* Puzzle _i: config _i / 3 (cycling), unique, up to 3 solutions, or none. */
START_TEST (test_explain_random_puzzles)
{
  const Config *c = &configs[(_i / 3) % G_N_ELEMENTS (configs)];
  LgGenOptions o;
  config_options (&o, c, (guint64) _i + 1);
  o.max_solutions = _i % 3 == 1 ? 3 : 1;
  o.contradict = _i % 3 == 2;
  o.minimise = _i % 2 == 0;
  g_autofree char *what =
      g_strdup_printf ("puzzle %d (%ux%u)", _i, c->items, c->groups);
  check_generated (&o, what);
}
END_TEST

/* A few 5x4 unique puzzles: the largest the brief asks for. */
START_TEST (test_explain_five_by_four)
{
  LgGenOptions o;
  lg_gen_options_init (&o);
  o.n_items = 5;
  o.n_groups = 4;
  o.seed = (guint64) _i + 100;
  o.minimise = TRUE;
  check_generated (&o, "5x4");
}
END_TEST

/* Puzzles with logic over couples ("if yes A, B then yes C, D", "exactly
 * one of ..."), unique or not: their cases are the alternatives of the
 * logic (before, every such puzzle stopped --explain on an assertion). */
START_TEST (test_explain_logic_puzzles)
{
  const Config *c = &configs[_i % G_N_ELEMENTS (configs)];
  LgGenOptions o;
  config_options (&o, c, (guint64) _i + 1);
  o.logic = TRUE;
  o.max_solutions = _i % 2 ? 3 : 1;
  g_autofree char *what =
      g_strdup_printf ("logic puzzle %d (%ux%u)", _i, c->items, c->groups);
  check_generated (&o, what);
}
END_TEST

/* One group: a grid without cells (its sets are still one word: the
 * fuzzer found a memset of NULL and a division by zero words). */
START_TEST (test_explain_one_group)
{
  g_autoptr (LgProblem) p =
      lgtest_parse_text ("<test>", "numeric n: 1, 2, 3\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (LgExplain) ex = lg_explain_new (p, &error);
  ck_assert_msg (ex != NULL, "%s", error ? error->message : "?");
  ck_assert (lg_explain_run (ex, &error));
  ck_assert_uint_eq (lg_explain_n_steps (ex), 0);
  ck_assert_int_eq (lg_explain_result (ex), LG_EXPLAIN_SOLVED);
}
END_TEST

/* Groups of one item: the one cell is the last of its line, with nothing
 * ruled out to cite (no "()"). */
START_TEST (test_explain_one_item)
{
  g_autoptr (LgProblem) p =
      lgtest_parse_text ("<test>", "atomic a: x\natomic b: y\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (LgExplain) ex = lg_explain_new (p, &error);
  ck_assert (ex != NULL);
  ck_assert (lg_explain_run (ex, &error));
  ck_assert_uint_eq (lg_explain_n_steps (ex), 1);
  ck_assert_str_eq (lg_explain_get_step (ex, 0)->text,
                    "Grid: only y is left for x: x is with y.");
  ck_assert_int_eq (lg_explain_result (ex), LG_EXPLAIN_SOLVED);
}
END_TEST

/* Few clues, many solutions: the Search step does not walk through them
 * (that took (n - 1)! solutions and minutes with 12 items): a 3 x 6 with
 * two clues against the oracle, and 2 x 12 without clues, where nothing is
 * forced. */
START_TEST (test_explain_few_clues)
{
  g_autoptr (LgProblem) p =
      lgtest_parse_text ("<test>", "atomic a: a1, a2, a3, a4, a5, a6\n"
                                   "atomic b: b1, b2, b3, b4, b5, b6\n"
                                   "atomic c: c1, c2, c3, c4, c5, c6\n"
                                   "yes a1, b1 or yes a1, b2\n"
                                   "no a2, c2\n");
  check_problem (p, "3 x 6, two clues");

  g_autoptr (GString) text = g_string_new ("atomic a: a1");
  for (guint i = 2; i <= 12; i++)
    g_string_append_printf (text, ", a%u", i);
  g_string_append (text, "\natomic b: b1");
  for (guint i = 2; i <= 12; i++)
    g_string_append_printf (text, ", b%u", i);
  g_string_append (text, "\n");
  g_autoptr (LgProblem) q = lgtest_parse_text ("<test>", text->str);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgExplain) ex = lg_explain_new (q, &error);
  ck_assert (ex != NULL);
  ck_assert (lg_explain_run (ex, &error));
  ck_assert_int_eq (lg_explain_result (ex), LG_EXPLAIN_OPEN);
  ck_assert_uint_eq (lg_explain_n_steps (ex), 0);
  const LgGridShape *sh = lg_explain_shape (ex);
  ck_assert (lg_bitset_is_empty (lg_explain_yes (ex), sh->words));
  ck_assert (lg_bitset_is_empty (lg_explain_no (ex), sh->words));
}
END_TEST

START_TEST (test_explain_data_files)
{
  static const char *const files[] = { "mini4.lgm", "small.lgm",
                                       "einstein-cat-not-water.lgm" };
  g_autofree char *path = lgtest_data_path (files[_i]);
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, NULL);
  ck_assert (p != NULL);
  check_problem (p, files[_i]);
}
END_TEST

/* Two arrays of elements of size bytes, equal. */
static gboolean
same_array (const GArray *a, const GArray *b, gsize size)
{
  /* (an empty GArray's data may be NULL, which memcmp must not get) */
  return a->len == b->len &&
         (!a->len || memcmp (a->data, b->data, a->len * size) == 0);
}

/* The cells that the first k steps of full derived, given to ex. */
static void
give_grid_after (LgExplain *ex, const LgExplain *full, guint k)
{
  const LgGridShape *sh = lg_explain_shape (full);
  for (guint c = 0; c < sh->n_cells; c++)
    {
      guint o = lg_explain_origin (full, c);
      if (o && o <= k)
        lg_explain_give (
            ex, (LgGridFact) { c, lg_bitset_test (lg_explain_yes (full), c) });
    }
}

/* The step an explanation finds depends on the grid alone: from the grid
 * after every k-th step of the explanation of p given as facts to a new
 * one, its first step is the explanation's own step k + 1.  (The
 * explanation found that one with what it kept from the steps before: the
 * units' answers on the main grid, forgotten when their cells change.) */
static void
check_steps_from_grids (LgProblem *p, guint every, const char *what)
{
  g_autoptr (LgExplain) full = lg_explain_new (p, NULL);
  ck_assert (lg_explain_run (full, NULL));
  guint n = lg_explain_n_steps (full);
  for (guint k = 0; k < n; k += every)
    {
      g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
      give_grid_after (ex, full, k);
      const LgStep *step = lg_explain_next (ex, NULL);
      const LgStep *own = lg_explain_get_step (full, k);
      ck_assert_msg (step != NULL, "%s: no step after %u", what, k);
      ck_assert_msg (
          step->kind == own->kind && step->cost == own->cost &&
              same_array (step->clues, own->clues, sizeof (guint)) &&
              same_array (step->uses, own->uses, sizeof (LgGridFact)) &&
              same_array (step->derives, own->derives, sizeof (LgGridFact)),
          "%s: after %u steps, the next is not the same from "
          "the grid given",
          what, k);
    }
}

/* Puzzle _i of test_explain_random_puzzles' configurations, unique. */
START_TEST (test_explain_step_from_grid)
{
  const Config *c = &configs[_i % G_N_ELEMENTS (configs)];
  LgGenOptions o;
  lg_gen_options_init (&o);
  o.n_items = c->items + 1;
  o.n_groups = c->groups + 1;
  o.seed = (guint64) _i + 7;
  o.minimise = _i % 2 == 0;
  g_autofree char *what = g_strdup_printf ("puzzle %d", _i);
  g_autoptr (LgProblem) p = generated_problem (&o, what);
  check_steps_from_grids (p, 1 + (guint) _i % 3, what);
}
END_TEST

/* Hints: from the grid after k steps of mini4's explanation (those facts
 * given), the next step is proved and new; a false fact is reported by a
 * contradiction. */
START_TEST (test_explain_hints)
{
  g_autofree char *path = lgtest_data_path ("mini4.lgm");
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, NULL);
  check_steps_from_grids (p, 1, "mini4");
  g_autoptr (LgExplain) full = lg_explain_new (p, NULL);
  ck_assert (lg_explain_run (full, NULL));
  guint n = lg_explain_n_steps (full);
  const LgGridShape *sh = lg_explain_shape (full);
  for (guint k = 0; k < n; k += 3)
    {
      g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
      give_grid_after (ex, full, k);
      ck_assert (lg_explain_given_consistent (ex, NULL));
      const LgStep *step = lg_explain_next (ex, NULL);
      ck_assert_msg (step != NULL, "no hint after %u steps", k);
      ck_assert (step->derives->len > 0);
      check_steps (ex, "hint");
    }
  /* a false fact: the negation of a cell of the solution */
  for (guint c = 0; c < sh->n_cells; c += 7)
    {
      g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
      gboolean truth = lg_bitset_test (lg_explain_yes (full), c);
      lg_explain_give (ex, (LgGridFact) { c, !truth });
      ck_assert (!lg_explain_given_consistent (ex, NULL));
      ck_assert (lg_explain_run (ex, NULL));
      ck_assert_int_eq (lg_explain_result (ex), LG_EXPLAIN_CONTRADICTION);
      check_steps (ex, "false hint");
      g_autoptr (GArray) cone = g_array_new (FALSE, FALSE, sizeof (guint));
      lg_explain_cone (ex, lg_explain_n_steps (ex) - 1, cone);
      ck_assert (cone->len >= 1);
    }
}
END_TEST

/* a and b, both run: the same steps and the same end (how: what differs
 * between them). */
static void
check_same_steps (LgExplain *a, LgExplain *b, const char *what, const char *how)
{
  ck_assert (lg_explain_run (a, NULL));
  ck_assert (lg_explain_run (b, NULL));
  ck_assert_uint_eq (lg_explain_n_steps (a), lg_explain_n_steps (b));
  for (guint i = 0; i < lg_explain_n_steps (a); i++)
    LGTEST_CHECK (strcmp (lg_explain_get_step (a, i)->text,
                          lg_explain_get_step (b, i)->text) == 0,
                  "%s: step %u differs %s:\n%s\n%s", what, i + 1, how,
                  lg_explain_get_step (a, i)->text,
                  lg_explain_get_step (b, i)->text);
  ck_assert_int_eq (lg_explain_result (a), lg_explain_result (b));
}

/* ex and plain (lg_explain_set_no_shortcuts): the same steps and the same
 * end; the shortcuts spare propagations whenever plain propagated a
 * hundred or more. */
static void
check_shortcuts (LgExplain *ex, LgExplain *plain, const char *what)
{
  /* one thread each: two weigh facts past the one found */
  lg_explain_set_threads (ex, 1, 0);
  lg_explain_set_threads (plain, 1, 0);
  lg_explain_set_no_shortcuts (plain);
  check_same_steps (ex, plain, what, "without the shortcuts");
  guint64 skipped, plain_skipped;
  guint64 n = lg_explain_n_suppositions (ex, &skipped);
  guint64 plain_n = lg_explain_n_suppositions (plain, &plain_skipped);
  ck_assert_uint_eq (n + skipped, plain_n + plain_skipped);
  if (plain_n >= 100)
    LGTEST_CHECK (n < plain_n,
                  "%s: %" G_GUINT64_FORMAT
                  " suppositions propagated, as many as without shortcuts",
                  what, n);
}

/* Puzzle i of the searches for a step by contradiction: minimised (i
 * even) or of three solutions (i odd), named in *what. */
static LgProblem *
search_puzzle (int i, char **what)
{
  static const Config sizes[] = { { 6, 6 }, { 7, 6 }, { 7, 7 }, { 6, 7 } };
  const Config *c = &sizes[i % G_N_ELEMENTS (sizes)];
  LgGenOptions o;
  config_options (&o, c, (guint64) i + 1);
  o.minimise = i % 2 == 0;
  o.max_solutions = i % 2 ? 3 : 1;
  *what = g_strdup_printf ("puzzle %d (%ux%u)", i, c->items, c->groups);
  return generated_problem (&o, *what);
}

/* When p has one solution, its first cell given to a and b the other way
 * round (a false fact: no solution agrees with it). */
static void
give_false_first (LgProblem *p, LgExplain *a, LgExplain *b)
{
  g_autoptr (LgExplain) full = lg_explain_new (p, NULL);
  ck_assert (lg_explain_run (full, NULL));
  LgGridFact f = { 0, !lg_bitset_test (lg_explain_yes (full), 0) };
  if (lg_explain_result (full) == LG_EXPLAIN_SOLVED)
    {
      lg_explain_give (a, f);
      lg_explain_give (b, f);
    }
}

/* The search for a step by contradiction with and without its shortcuts
 * (the solutions known, the rounds held), on the puzzles of search_puzzle,
 * every third one from a false fact given. */
START_TEST (test_explain_shortcuts)
{
  g_autofree char *what = NULL;
  g_autoptr (LgProblem) p = search_puzzle (_i, &what);
  g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
  g_autoptr (LgExplain) plain = lg_explain_new (p, NULL);
  if (_i % 3 == 2)
    give_false_first (p, ex, plain);
  check_shortcuts (ex, plain, what);
}
END_TEST

/* The same on an exactly minimal 10x10 whose first search for solutions
 * stops at its work limit with none (so it searches again later), and
 * whose explanation ends with a Search step. */
START_TEST (test_explain_shortcuts_hard)
{
  g_autofree char *path = lgtest_data_path ("hard/10x10-s9.lgm");
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, NULL);
  ck_assert (p != NULL);
  g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
  g_autoptr (LgExplain) plain = lg_explain_new (p, NULL);
  check_shortcuts (ex, plain, "hard/10x10-s9.lgm");
}
END_TEST

static const char two_by_two[] = "atomic a: x, y\natomic b: p, q\n"
                                 "atomic c: u, v\nyes x, p\n";

START_TEST (test_grid_drawing)
{
  g_autoptr (LgProblem) p = lgtest_parse_text ("<test>", two_by_two);
  g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
  lg_explain_give (
      ex,
      (LgGridFact) { lg_grid_cell (lg_explain_shape (ex), 0, 0, 1, 0), TRUE });
  lg_explain_give (
      ex,
      (LgGridFact) { lg_grid_cell (lg_explain_shape (ex), 0, 1, 2, 0), FALSE });
  LgtestCapture cap;
  for (int ascii = 1; ascii >= 0; ascii--)
    {
      lg_grid_print (lgtest_capture_begin (&cap), lg_explain_shape (ex),
                     lg_explain_yes (ex), lg_explain_no (ex), ascii);
      const char *got = lgtest_capture_end (&cap);
      const char *want =
          ascii ? "    | b   | c   |\n"
                  "    | p q | u v |\n"
                  "----+-----+-----+\n"
                  "a x | O   |     |\n"
                  "  y |     | X   |\n"
                  "----+-----+-----+\n"
                  "c u |     |\n"
                  "  v |     |\n"
                  "----+-----+\n"
                : "    \u2502 b   \u2502 c   \u2502\n"
                  "    \u2502 p q \u2502 u v \u2502\n"
                  "\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500"
                  "\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u253c\n"
                  "a x \u2502 \u25cf   \u2502     \u2502\n"
                  "  y \u2502     \u2502 \u00d7   \u2502\n"
                  "\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500"
                  "\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u253c\n"
                  "c u \u2502     \u2502\n"
                  "  v \u2502     \u2502\n"
                  "\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500"
                  "\u2500\u253c\n";
      ck_assert_str_eq (got, want);
      free (cap.text);
    }
}
END_TEST

/* The JSON: one object with the steps, each with its five keys, the
 * result and the grade. */
/* lg_grid_close against the rules one step at a time: over random grids
 * of 3 to 5 groups of 2 to 6 items, some cells of a hidden solution given
 * (and, one grid in three, a cell it breaks), the closure is the fixpoint
 * of lg_grid_exclusion, lg_grid_transitivity and lg_grid_last, or FALSE
 * when lg_grid_conflict sees a conflict on the way, which then stays;
 * lg_grid_has_conflict agrees with lg_grid_conflict at every step; a
 * closure with cells added, closed again from it (lg_grid_close_from),
 * is the closure of the whole; and cells set one by one on the closure
 * are checked by their items alone (lg_grid_item_conflict). */
static gboolean
close_by_steps (const LgGridShape *sh, uint64_t *yes, uint64_t *no,
                uint32_t *work)
{
  g_autofree uint64_t *dy = g_new0 (uint64_t, sh->words);
  g_autofree uint64_t *dn = g_new0 (uint64_t, sh->words);
  for (;;)
    {
      gboolean conflict = lg_grid_conflict (sh, yes, no, NULL) != LG_GRID_OK;
      ck_assert (lg_grid_has_conflict (sh, yes, no, work) == conflict);
      if (conflict)
        return FALSE;
      memset (dy, 0, sh->words * sizeof *dy);
      memset (dn, 0, sh->words * sizeof *dn);
      guint count = 0;
      for (guint c = 0; c < sh->n_cells; c++)
        {
          count += lg_grid_exclusion (sh, yes, no, c, dy, dn, NULL);
          for (guint h = 0; h < sh->n_groups; h++)
            count += lg_grid_transitivity (sh, yes, no, c, h, dy, dn, NULL);
        }
      for (guint g = 0; g < sh->n_groups; g++)
        for (guint h = 0; h < sh->n_groups; h++)
          for (guint i = 0; h != g && i < sh->n; i++)
            count += lg_grid_last (sh, yes, no, g, i, h, dy, dn, NULL);
      if (!count)
        return TRUE;
      for (guint w = 0; w < sh->words; w++)
        {
          yes[w] |= dy[w];
          no[w] |= dn[w];
        }
    }
}

START_TEST (test_grid_close)
{
  uint64_t rng = 0x6772696400 + (uint64_t) _i;
  guint G = 3 + lgtest_rand_below (&rng, 3),
        n = 2 + lgtest_rand_below (&rng, 5);
  GString *text = g_string_new (NULL);
  for (guint g = 0; g < G; g++)
    {
      g_string_append_printf (text, "atomic g%u:", g);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, "%s i%u_%u", i ? "," : "", g, i);
      g_string_append_c (text, '\n');
    }
  g_autoptr (LgProblem) p = lgtest_parse_text ("<test>", text->str);
  g_string_free (text, TRUE);
  LgGridShape sh;
  lg_grid_shape_init (&sh, p);
  /* the hidden solution: item perm[g][r] of group g on row r */
  guint perm[5][6];
  for (guint g = 0; g < G; g++)
    {
      for (guint r = 0; r < n; r++)
        perm[g][r] = r;
      for (guint r = n - 1; g && r > 0; r--)
        {
          guint k = lgtest_rand_below (&rng, r + 1), t = perm[g][r];
          perm[g][r] = perm[g][k];
          perm[g][k] = t;
        }
    }
  g_autofree uint64_t *yes = g_new0 (uint64_t, sh.words);
  g_autofree uint64_t *no = g_new0 (uint64_t, sh.words);
  guint given = lgtest_rand_below (&rng, sh.n_cells / 2 + 1);
  for (guint k = 0; k < given; k++)
    {
      guint g1 = lgtest_rand_below (&rng, G), g2 = lgtest_rand_below (&rng, G);
      guint r1 = lgtest_rand_below (&rng, n), r2 = lgtest_rand_below (&rng, n);
      if (g1 == g2)
        continue;
      guint cell = lg_grid_cell (&sh, g1, perm[g1][r1], g2, perm[g2][r2]);
      lg_bitset_set (r1 == r2 ? yes : no, cell);
    }
  if (lgtest_rand_below (&rng, 3) == 0)
    {
      guint c = lgtest_rand_below (&rng, sh.n_cells);
      lg_bitset_set (lg_bitset_test (yes, c) || lg_bitset_test (no, c)
                         ? (lg_bitset_test (yes, c) ? no : yes)
                         : (lgtest_rand_below (&rng, 2) ? yes : no),
                     c);
    }
  g_autofree uint64_t *sy = g_memdup2 (yes, sh.words * sizeof *yes);
  g_autofree uint64_t *sn = g_memdup2 (no, sh.words * sizeof *no);
  g_autofree uint32_t *work = g_new0 (uint32_t, lg_grid_work_size (&sh));
  gboolean want = close_by_steps (&sh, sy, sn, work);
  gboolean got = lg_grid_close (&sh, yes, no, work);
  ck_assert_msg (got == want, "grid %d (%u groups of %u): closed %d, steps %d",
                 _i, G, n, got, want);
  if (!got)
    return;
  ck_assert_msg (memcmp (yes, sy, sh.words * sizeof *yes) == 0,
                 "grid %d: the yes cells differ", _i);
  ck_assert_msg (memcmp (no, sn, sh.words * sizeof *no) == 0,
                 "grid %d: the no cells differ", _i);
  /* then a few cells more, closed from the closure (whose lines work
   * holds) and from nothing: the same */
  g_autofree uint64_t *ay = g_memdup2 (yes, sh.words * sizeof *yes);
  g_autofree uint64_t *an = g_memdup2 (no, sh.words * sizeof *no);
  for (guint k = 1 + lgtest_rand_below (&rng, 3); k > 0; k--)
    {
      guint c = lgtest_rand_below (&rng, sh.n_cells);
      lg_bitset_set (lgtest_rand_below (&rng, 3) ? an : ay, c);
    }
  g_autofree uint64_t *by = g_memdup2 (ay, sh.words * sizeof *ay);
  g_autofree uint64_t *bn = g_memdup2 (an, sh.words * sizeof *an);
  gboolean from = lg_grid_close_from (&sh, ay, an, work, yes, no);
  g_autofree uint32_t *work2 = g_new0 (uint32_t, lg_grid_work_size (&sh));
  gboolean whole = lg_grid_close (&sh, by, bn, work2);
  ck_assert_msg (from == whole, "grid %d: from the closure %d, whole %d", _i,
                 from, whole);
  if (from)
    ck_assert_msg (memcmp (ay, by, sh.words * sizeof *ay) == 0 &&
                       memcmp (an, bn, sh.words * sizeof *an) == 0,
                   "grid %d: closed from the closure, the cells differ", _i);
  /* from the closure (no conflict), cells set one at a time: the lines
   * kept by lg_grid_lines_set are the grid's, and checking the two items
   * of each cell set (lg_grid_item_conflict) finds a conflict exactly when
   * lg_grid_conflict does */
  g_autofree uint32_t *lines = g_new (uint32_t, lg_grid_lines_size (&sh));
  g_autofree uint32_t *loaded = g_new (uint32_t, lg_grid_lines_size (&sh));
  lg_grid_lines (&sh, yes, no, lines);
  for (guint k = 0; k < 8; k++)
    {
      guint c = lgtest_rand_below (&rng, sh.n_cells), g1, i1, g2, i2;
      gboolean value = lgtest_rand_below (&rng, 3) == 0;
      lg_bitset_set (value ? yes : no, c);
      lg_grid_lines_set (&sh, lines, c, value);
      lg_grid_lines (&sh, yes, no, loaded);
      ck_assert_msg (
          memcmp (lines, loaded, lg_grid_lines_size (&sh) * sizeof *lines) == 0,
          "grid %d: the lines kept differ from the grid's", _i);
      lg_grid_cell_items (&sh, c, &g1, &i1, &g2, &i2);
      gboolean found = lg_grid_item_conflict (&sh, lines, g1, i1) ||
                       lg_grid_item_conflict (&sh, lines, g2, i2);
      gboolean conflict = lg_grid_conflict (&sh, yes, no, NULL) != LG_GRID_OK;
      ck_assert_msg (found == conflict,
                     "grid %d: cell %u set, items checked %d, grid %d", _i, c,
                     found, conflict);
      if (conflict)
        break;
    }
}
END_TEST

START_TEST (test_explain_json)
{
  g_autofree char *path = lgtest_data_path ("mini4.lgm");
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, NULL);
  g_autoptr (LgExplain) ex = lg_explain_new (p, NULL);
  ck_assert (lg_explain_run (ex, NULL));
  LgtestCapture cap;
  lg_explain_print_json (lgtest_capture_begin (&cap), ex);
  const char *json = lgtest_capture_end (&cap);
  ck_assert (g_str_has_prefix (json, "{\"steps\": [\n{\"step\": 1, "));
  ck_assert (strstr (json, "\"result\": \"solved\"") != NULL);
  ck_assert (strstr (json, "\"difficulty\": {\"grade\": ") != NULL);
  guint n = lg_explain_n_steps (ex), kinds = 0;
  for (const char *q = json; (q = strstr (q, "\"kind\": ")); q++)
    kinds++;
  ck_assert_uint_eq (kinds, n);
  const char *keys[] = { "\"clues\": [", "\"uses\": [", "\"derives\": [",
                         "\"text\": \"" };
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      guint count = 0;
      for (const char *q = json; (q = strstr (q, keys[k])); q++)
        count++;
      ck_assert_uint_eq (count, n);
    }
  ck_assert (strstr (json, "{\"a\": \"nationality:Italian\", \"b\": "
                           "\"color:red\", \"together\": true}") != NULL);
  free (cap.text);
}
END_TEST

/* The same steps with the search for a supposition shared by two
 * threads from its start as with one: on the puzzles of search_puzzle
 * (every third one from a false fact given) and on the hard 10x10. */
static void
check_threads (LgProblem *p, gboolean give, const char *what)
{
  g_autoptr (LgExplain) one = lg_explain_new (p, NULL);
  g_autoptr (LgExplain) two = lg_explain_new (p, NULL);
  lg_explain_set_threads (one, 1, 0);
  lg_explain_set_threads (two, 2, 0);
  if (give)
    give_false_first (p, one, two);
  check_same_steps (one, two, what, "with two threads");
}

START_TEST (test_explain_threads)
{
  g_autofree char *what = NULL;
  g_autoptr (LgProblem) p = search_puzzle (_i, &what);
  check_threads (p, _i % 3 == 2, what);
}
END_TEST

START_TEST (test_explain_threads_hard)
{
  g_autofree char *path = lgtest_data_path ("hard/10x10-s9.lgm");
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, NULL);
  ck_assert (p != NULL);
  check_threads (p, FALSE, "hard/10x10-s9.lgm");
}
END_TEST

/* The text printed as the steps are found (a printer made before the
 * run, called after each step) is the text printed once the run is over,
 * byte for byte, whatever grid_every: the grids after every few steps, the
 * last grid, the end.  With facts given first (the grid after some steps of
 * the whole explanation) too: the grids start from them. */
START_TEST (test_explain_printer)
{
  static const char *const files[] = { "mini4.lgm", "small.lgm",
                                       "einstein-cat-not-water.lgm",
                                       "einstein-left-of.lgm" };
  static const guint every[] = { 0, 1, 3, 7 };
  g_autofree char *path = lgtest_data_path (files[_i]);
  g_autoptr (LgProblem) p = lg_parser_parse_file (path, NULL);
  g_autoptr (LgExplain) full = lg_explain_new (p, NULL);
  ck_assert (lg_explain_run (full, NULL));
  for (guint e = 0; e < G_N_ELEMENTS (every); e++)
    for (guint given = 0; given < 2; given++)
      {
        g_autoptr (LgExplain) a = lg_explain_new (p, NULL);
        g_autoptr (LgExplain) b = lg_explain_new (p, NULL);
        if (given)
          {
            give_grid_after (a, full, lg_explain_n_steps (full) / 3);
            give_grid_after (b, full, lg_explain_n_steps (full) / 3);
          }
        LgtestCapture streamed, whole;
        FILE *out = lgtest_capture_begin (&streamed);
        LgExplainPrinter *printer =
            lg_explain_printer_new (out, a, every[e], TRUE);
        guint calls = 0;
        while (lg_explain_next (a, NULL))
          {
            lg_explain_printer_steps (printer);
            calls++;
          }
        lg_explain_printer_end (printer);
        lg_explain_printer_free (printer);
        ck_assert (lg_explain_run (b, NULL));
        lg_explain_print (lgtest_capture_begin (&whole), b, every[e], TRUE);
        const char *got = lgtest_capture_end (&streamed);
        const char *want = lgtest_capture_end (&whole);
        ck_assert_uint_eq (calls, lg_explain_n_steps (b));
        ck_assert_msg (strcmp (got, want) == 0,
                       "%s, grid every %u, %s: the text printed as the "
                       "steps are found differs",
                       files[_i], every[e], given ? "facts given" : "no facts");
        free (streamed.text);
        free (whole.text);
      }
}
END_TEST

Suite *
lg_explain_suite (void)
{
  Suite *s = suite_create ("explain");
  TCase *tc = tcase_create ("explain");
  tcase_set_timeout (tc, 600);
  tcase_add_loop_test (tc, test_explain_random_puzzles, 0, 240);
  tcase_add_loop_test (tc, test_explain_five_by_four, 0, 6);
  tcase_add_loop_test (tc, test_explain_logic_puzzles, 0, 24);
  tcase_add_test (tc, test_explain_one_group);
  tcase_add_test (tc, test_explain_few_clues);
  tcase_add_test (tc, test_explain_one_item);
  tcase_add_loop_test (tc, test_explain_data_files, 0, 3);
  tcase_add_test (tc, test_explain_hints);
  tcase_add_loop_test (tc, test_explain_step_from_grid, 0, 12);
  tcase_add_loop_test (tc, test_explain_shortcuts, 0, 16);
  tcase_add_test (tc, test_explain_shortcuts_hard);
  tcase_add_test (tc, test_grid_drawing);
  tcase_add_loop_test (tc, test_grid_close, 0, 400);
  tcase_add_test (tc, test_explain_json);
  tcase_add_loop_test (tc, test_explain_printer, 0, 4);
  suite_add_tcase (s, tc);
  /* the searches shared from their start (and make tsan's first aim) */
  TCase *threads = tcase_create ("threads");
  tcase_set_timeout (threads, 600);
  tcase_add_loop_test (threads, test_explain_threads, 0, 16);
  tcase_add_test (threads, test_explain_threads_hard);
  suite_add_tcase (s, threads);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_explain_suite ());
}
