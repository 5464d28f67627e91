/* check_diagnose — the diagnostics of src/diagnose.h, checked through the
 * public API alone, independently of the module's own reasoning.
 *
 * --why-none: the set it reports has no solution on its own, and dropping
 * any one rule of it gives a solution (every rule is needed).  --redundant:
 * every rule it calls redundant leaves the set of solutions unchanged when
 * dropped alone, every other examined rule changes it; the rules kept by
 * its minimal set give the same solutions, and dropping any one more
 * changes them.  "The same solutions" is checked here by an enumeration
 * that does not trust monotony: every original solution must appear, and
 * no other.  Checked on the data files (einstein-cat-not-water, classic,
 * einstein), and on seeded random small problems built with the API
 * (n <= 4, 2 to 4 groups, yes/no couples, sometimes a neighbour clause
 * with variables), with and without a rule dropped beforehand.  Every
 * diagnosis must give the problem back with the drops it had.  The
 * diagnostics drop and report clues (all the rules of a clue together);
 * without clue lines, a clue is a rule.  Checked with the data files as
 * they are (with clue lines) and with the clue lines commented out.
 */
#include "diagnose.h"

#include <string.h>

#include "lgtest.h"
#include "logigram.h"
#include "parser.h"

Suite *lg_diagnose_suite (void);

/* ---- The test's own view of solutions ------------------------------------ */

/* "a".."z" per group per row: the item's position found by a linear scan of
 * its group (the module uses a hash table of indices). */
static char *
key_of (const LgProblem *p, const LgSolution *s)
{
  guint n_groups = lg_problem_n_groups (p);
  guint n = lg_group_n_items (lg_problem_get_group (p, 0));
  GString *key = g_string_new (NULL);
  for (guint g = 0; g < n_groups; g++)
    {
      const LgGroup *group = lg_problem_get_group (p, g);
      for (guint r = 0; r < n; r++)
        {
          const LgItem *item = lg_solution_get (s, g, r);
          guint k = 0;
          while (k < n && lg_group_get_item (group, k) != item)
            k++;
          LGTEST_CHECK (k < n, "item of group %u not found", g);
          g_string_append_c (key, (char) ('a' + k));
        }
    }
  return g_string_free (key, FALSE);
}

typedef struct
{
  GHashTable *set;  /* all keys (collect), or the reference (compare) */
  GHashTable *seen; /* compare: reference keys met */
  gboolean other;   /* compare: met a key outside the reference */
} Walk;

static gboolean
collect_cb (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Walk *w = data;
  g_hash_table_add (w->set, key_of (p, s));
  return TRUE;
}

static gboolean
first_cb (const LgProblem *p, const LgSolution *s, gpointer data)
{
  (void) p;
  (void) s;
  (void) data;
  return FALSE;
}

static gboolean
compare_cb (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Walk *w = data;
  char *key = key_of (p, s);
  if (!g_hash_table_contains (w->set, key))
    {
      w->other = TRUE;
      g_free (key);
      return FALSE; /* different: no need to go on */
    }
  g_hash_table_add (w->seen, key);
  return TRUE;
}

/* The engine of the checks' own solves (the faithful one but where a
 * test sets another). */
static LgEngine check_engine = LG_ENGINE_FAITHFUL;
/* The rules the checks below leave out of their own solves (index number
 * - 1, LgSolveOptions.drop), besides the problem's drops; sized by
 * save_drops. */
static gboolean *check_drops;
static LgProblem *check_problem; /* the problem of check_drops */

/* Drops, or takes back, every rule of clue `number`. */
static void
set_dropped (guint number, gboolean dropped)
{
  guint first = lg_clue_get_first_rule (check_problem, number);
  for (guint i = 0; i < lg_clue_get_n_rules (check_problem, number); i++)
    check_drops[first - 1 + i] = dropped;
}

/* Whether clue `number` has a rule not dropped on entry. */
static gboolean
is_examined (LgProblem *p, const gboolean *entry, guint number)
{
  guint first = lg_clue_get_first_rule (p, number);
  for (guint i = 0; i < lg_clue_get_n_rules (p, number); i++)
    if (!entry[first + i])
      return TRUE;
  return FALSE;
}

static LgSolveOptions
check_options (void)
{
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.drop = check_drops;
  options.engine = check_engine;
  return options;
}

/* Every solution of p, as a set of keys. */
static GHashTable *
solution_set (LgProblem *p)
{
  LgSolveOptions options = check_options ();
  g_autoptr (GError) error = NULL;
  Walk w = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
             NULL, FALSE };
  gint64 n = lg_problem_solve (p, &options, NULL, collect_cb, &w, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  return w.set;
}

static gboolean
has_solution (LgProblem *p)
{
  LgSolveOptions options = check_options ();
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, &options, NULL, first_cb, NULL, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  return n > 0;
}

/* Whether p's solutions are exactly the set `reference`. */
static gboolean
same_solutions (LgProblem *p, GHashTable *reference)
{
  LgSolveOptions options = check_options ();
  g_autoptr (GError) error = NULL;
  Walk w = { reference,
             g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
             FALSE };
  gint64 n = lg_problem_solve (p, &options, NULL, compare_cb, &w, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  gboolean same =
      !w.other && g_hash_table_size (w.seen) == g_hash_table_size (reference);
  g_hash_table_unref (w.seen);
  return same;
}

static gboolean *
save_drops (LgProblem *p)
{
  guint n = lg_problem_n_rules (p);
  gboolean *drops = g_new0 (gboolean, n + 1);
  for (guint i = 1; i <= n; i++)
    drops[i] = lg_problem_rule_is_dropped (p, i);
  g_free (check_drops);
  check_drops = g_new0 (gboolean, n + 1);
  check_problem = p;
  return drops;
}

/* The checks' own drops, all taken back. */
static void
restore_drops (LgProblem *p)
{
  memset (check_drops, 0, lg_problem_n_rules (p) * sizeof *check_drops);
}

static void
assert_drops (LgProblem *p, const gboolean *drops)
{
  for (guint i = 1; i <= lg_problem_n_rules (p); i++)
    LGTEST_CHECK (lg_problem_rule_is_dropped (p, i) == drops[i],
                  "rule %u: drop not given back", i);
}

static gboolean
contains (const GArray *a, guint number)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint, i) == number)
      return TRUE;
  return FALSE;
}

static void
assert_ascending_examined (LgProblem *p, const gboolean *entry, const GArray *a)
{
  for (guint i = 0; i < a->len; i++)
    {
      guint number = g_array_index (a, guint, i);
      LGTEST_CHECK (number >= 1 && number <= lg_problem_n_clues (p),
                    "clue %u out of range", number);
      LGTEST_CHECK (is_examined (p, entry, number),
                    "clue %u was dropped on entry", number);
      LGTEST_CHECK (i == 0 || g_array_index (a, guint, i - 1) < number,
                    "not ascending at %u", i);
    }
}

static guint
n_examined (LgProblem *p, const gboolean *entry)
{
  guint n = 0;
  for (guint i = 1; i <= lg_problem_n_clues (p); i++)
    n += is_examined (p, entry, i);
  return n;
}

/* ---- The properties ---------------------------------------------------- */

/* Checks --why-none on p; returns whether p had no solution. */
static gboolean
check_why_none (LgProblem *p)
{
  g_autoptr (GError) error = NULL;
  g_autofree gboolean *entry = save_drops (p);
  gboolean unsolvable = !has_solution (p);
  LgWhyNone r;
  ck_assert_msg (lg_diagnose_why_none (p, NULL, &r, &error), "%s",
                 error ? error->message : "");
  assert_drops (p, entry);
  ck_assert_uint_eq (r.n_examined, n_examined (p, entry));
  ck_assert_int_eq (r.has_solution, !unsolvable);
  ck_assert (r.core != NULL);
  assert_ascending_examined (p, entry, r.core);
  if (!unsolvable)
    {
      ck_assert_uint_eq (r.core->len, 0);
      ck_assert_uint_eq (r.solves, 1);
    }
  else
    {
      /* the first solve, at most one test of the explanation's clues,
       * then one test per clue at most, one at least per clue kept */
      ck_assert_uint_le (r.solves, 2 + r.n_examined);
      ck_assert_uint_ge (r.solves, 1 + r.core->len);
      /* Only the core: no solution. */
      for (guint i = 1; i <= lg_problem_n_clues (p); i++)
        if (is_examined (p, entry, i) && !contains (r.core, i))
          set_dropped (i, TRUE);
      ck_assert_msg (!has_solution (p), "the core has a solution");
      /* Each rule of it needed. */
      for (guint i = 0; i < r.core->len; i++)
        {
          guint number = g_array_index (r.core, guint, i);
          set_dropped (number, TRUE);
          ck_assert_msg (has_solution (p), "rule %u of the core not needed",
                         number);
          set_dropped (number, FALSE);
        }
      restore_drops (p);
    }
  lg_why_none_clear (&r);
  return unsolvable;
}

/* Checks --redundant on p; returns the number of redundant rules. */
static guint
check_redundant (LgProblem *p)
{
  g_autoptr (GError) error = NULL;
  g_autofree gboolean *entry = save_drops (p);
  GHashTable *original = solution_set (p);
  LgRedundancy r;
  ck_assert_msg (lg_diagnose_redundant (p, NULL, &r, &error), "%s",
                 error ? error->message : "");
  assert_drops (p, entry);
  guint examined = n_examined (p, entry);
  ck_assert_uint_eq (r.n_examined, examined);
  ck_assert_uint_eq (r.n_solutions, g_hash_table_size (original));
  assert_ascending_examined (p, entry, r.redundant);
  assert_ascending_examined (p, entry, r.dropped);
  ck_assert_uint_eq (r.n_kept + r.dropped->len, examined);
  ck_assert_uint_le (r.solves, 1 + 2 * (guint64) examined);

  /* (1) Redundant alone exactly when the solutions stay the same. */
  for (guint i = 1; i <= lg_problem_n_clues (p); i++)
    {
      if (!is_examined (p, entry, i))
        continue;
      set_dropped (i, TRUE);
      gboolean same = same_solutions (p, original);
      set_dropped (i, FALSE);
      ck_assert_msg (same == contains (r.redundant, i),
                     "rule %u: %s when dropped alone, reported %s", i,
                     same ? "same solutions" : "other solutions",
                     contains (r.redundant, i) ? "redundant" : "needed");
    }
  /* (2) The minimal set keeps them, and each of its rules is needed. */
  for (guint i = 0; i < r.dropped->len; i++)
    {
      guint number = g_array_index (r.dropped, guint, i);
      ck_assert_msg (contains (r.redundant, number),
                     "rule %u dropped by the minimal set, not redundant",
                     number);
      set_dropped (number, TRUE);
    }
  ck_assert_msg (same_solutions (p, original),
                 "the minimal set changes the solutions");
  for (guint i = 1; i <= lg_problem_n_clues (p); i++)
    {
      if (!is_examined (p, entry, i) || contains (r.dropped, i))
        continue;
      set_dropped (i, TRUE);
      gboolean same = same_solutions (p, original);
      set_dropped (i, FALSE);
      ck_assert_msg (!same, "rule %u of the minimal set is not needed", i);
    }
  restore_drops (p);
  guint n_redundant = r.redundant->len;
  lg_redundancy_clear (&r);
  g_hash_table_unref (original);
  return n_redundant;
}

static LgProblem *
load (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = lgtest_data_path (name);
  LgProblem *p = lg_parser_parse_file (path, &error);
  ck_assert_msg (p != NULL, "%s: %s", path, error ? error->message : "");
  return p;
}

/* The data file with its clue lines commented out: one clue per rule. */
static LgProblem *
load_without_clues (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = lgtest_data_path (name);
  g_autofree char *text = NULL;
  ck_assert_msg (g_file_get_contents (path, &text, NULL, &error), "%s",
                 error ? error->message : "");
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "clue "))
      lines[i][0] = '#';
  g_autofree char *plain = g_strjoinv ("\n", lines);
  LgProblem *p = lgtest_parse_text (name, plain);
  ck_assert (!lg_problem_has_clue_texts (p));
  return p;
}

/* Loop index i: file i / 2, with its clue lines when i is even. */
static LgProblem *
load_variant (const char *const *files, int i)
{
  return i % 2 ? load_without_clues (files[i / 2]) : load (files[i / 2]);
}

/* ---- The data files ---------------------------------------------------------- */

START_TEST (test_diagnose_why_none_einstein_cat_not_water)
{
  static const char *const files[] = { "einstein-cat-not-water.lgm" };
  g_autoptr (LgProblem) p = load_variant (files, _i);
  ck_assert (check_why_none (p));
  /* The contradicting clue 16 (the last rule) is in the core. */
  LgWhyNone r;
  ck_assert (lg_diagnose_why_none (p, NULL, &r, NULL));
  ck_assert (contains (r.core, lg_problem_n_clues (p)));
  ck_assert_uint_eq (
      lg_rule_get_clue (lg_problem_get_rule (p, lg_problem_n_rules (p))),
      lg_problem_n_clues (p));
  ck_assert_uint_lt (r.core->len, r.n_examined);
  lg_why_none_clear (&r);
}
END_TEST

START_TEST (test_diagnose_why_none_solvable)
{
  static const char *const files[] = { "classic.lgm", "einstein.lgm" };
  g_autoptr (LgProblem) p = load_variant (files, _i);
  ck_assert (!check_why_none (p));
}
END_TEST

START_TEST (test_diagnose_why_none_keeps_command_line_drops)
{
  /* Without clue 16 (dropped as --drop would), the riddle is solvable. */
  g_autoptr (LgProblem) p = load ("einstein-cat-not-water.lgm");
  guint last = lg_problem_n_rules (p);
  ck_assert (lg_problem_drop_rule (p, last, NULL));
  ck_assert (!check_why_none (p));
  ck_assert (lg_problem_rule_is_dropped (p, last));
  /* Without a rule outside the core, still none, and it is not examined
   * (the problem as loaded again: a diagnosed problem is frozen). */
  g_autoptr (LgProblem) whole = load ("einstein-cat-not-water.lgm");
  LgWhyNone r;
  ck_assert (lg_diagnose_why_none (whole, NULL, &r, NULL));
  guint outside = 1;
  while (contains (r.core, outside))
    outside++;
  lg_why_none_clear (&r);
  g_autoptr (LgProblem) q = load ("einstein-cat-not-water.lgm");
  ck_assert (lg_problem_drop_clue (q, outside, NULL));
  ck_assert (check_why_none (q));
  ck_assert (lg_diagnose_why_none (q, NULL, &r, NULL));
  ck_assert (!contains (r.core, outside));
  ck_assert_uint_eq (r.n_examined, lg_problem_n_clues (q) - 1);
  lg_why_none_clear (&r);
  ck_assert (
      lg_problem_rule_is_dropped (q, lg_clue_get_first_rule (q, outside)));
}
END_TEST

START_TEST (test_diagnose_redundant_data)
{
  static const char *const files[] = { "classic.lgm", "einstein.lgm",
                                       "einstein-cat-not-water.lgm" };
  g_autoptr (LgProblem) p = load_variant (files, _i);
  check_redundant (p);
}
END_TEST

START_TEST (test_diagnose_redundant_keeps_command_line_drops)
{
  g_autoptr (LgProblem) p = load ("classic.lgm");
  ck_assert (lg_problem_drop_rule (p, 1, NULL)); /* 25 solutions */
  check_redundant (p);
  LgRedundancy r;
  ck_assert (lg_diagnose_redundant (p, NULL, &r, NULL));
  ck_assert_uint_eq (r.n_solutions, 25);
  ck_assert (!contains (r.redundant, 1) && !contains (r.dropped, 1));
  lg_redundancy_clear (&r);
  ck_assert (lg_problem_rule_is_dropped (p, 1));
}
END_TEST

START_TEST (test_diagnose_invalid_problem)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", (const char *[]) { "x", "y", NULL });
  lg_group (p, LG_GROUP_ATOMIC, "b", (const char *[]) { "u", "v", "w", NULL });
  lg_rule (p, lg_yes (p, lg_item (p, "a", "x"), lg_item (p, "b", "u")));
  ck_assert (lg_problem_drop_rule (p, 1, NULL));
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  LgWhyNone w;
  LgRedundancy r;
  ck_assert (!lg_diagnose_why_none (p, NULL, &w, &e1));
  ck_assert (e1 != NULL && w.core == NULL);
  ck_assert (!lg_diagnose_redundant (p, NULL, &r, &e2));
  ck_assert (e2 != NULL && r.redundant == NULL && r.dropped == NULL);
  ck_assert (lg_problem_rule_is_dropped (p, 1));
}
END_TEST

/* ---- Random small problems -------------------------------------------------- */

static LgProblem *
random_problem (uint64_t *rng)
{
  static const char *const names[] = { "g0", "g1", "g2", "g3" };
  static const char *const items[] = { "i0", "i1", "i2", "i3" };
  LgProblem *p = lg_problem_new ();
  guint n = 2 + lgtest_rand_below (rng, 3);
  guint G = 2 + lgtest_rand_below (rng, 3);
  for (guint g = 0; g < G; g++)
    {
      const char *list[5] = { NULL };
      for (guint k = 0; k < n; k++)
        list[k] = items[k];
      lg_group (p, g == 0 ? LG_GROUP_ORDERED : LG_GROUP_ATOMIC, names[g], list);
    }
  guint n_clauses = 1 + lgtest_rand_below (rng, 7);
  for (guint c = 0; c < n_clauses; c++)
    {
      guint g1 = lgtest_rand_below (rng, G);
      guint g2 = (g1 + 1 + lgtest_rand_below (rng, G - 1)) % G;
      const char *x = items[lgtest_rand_below (rng, n)];
      const char *y = items[lgtest_rand_below (rng, n)];
      guint kind = lgtest_rand_below (rng, 6);
      if (kind == 0 && g1 != 0 && g2 != 0)
        {
          /* a neighbour clause: the g0 of g1:x is next to the g0 of g2:y */
          LgItem *a = lg_some (p, "g0"), *b = lg_some (p, "g0");
          lg_rule (
              p, lg_eq (p, lg_abs (p, lg_sub (p, lg_ref (p, a), lg_ref (p, b))),
                        lg_num (p, 1)));
          lg_rule (p, lg_yes (p, a, lg_item (p, names[g1], x)));
          lg_rule (p, lg_yes (p, b, lg_item (p, names[g2], y)));
        }
      else
        {
          LgItem *ix = lg_item (p, names[g1], x);
          LgItem *iy = lg_item (p, names[g2], y);
          lg_rule (p, kind < 3 ? lg_yes (p, ix, iy) : lg_no (p, ix, iy));
        }
    }
  ck_assert (lg_problem_validate (p, NULL)); /* not frozen: see below */
  return p;
}

START_TEST (test_diagnose_random)
{
  uint64_t rng = 0xd1a9 + (uint64_t) _i * 7919;
  guint unsolvable = 0, with_redundant = 0, predropped = 0;
  for (int round = 0; round < 60; round++)
    {
      g_autoptr (LgProblem) p = random_problem (&rng);
      if (lgtest_rand_below (&rng, 4) == 0)
        {
          ck_assert (lg_problem_drop_rule (
              p, 1 + lgtest_rand_below (&rng, lg_problem_n_rules (p)), NULL));
          predropped++;
        }
      unsolvable += check_why_none (p);
      with_redundant += check_redundant (p) > 0;
    }
  /* The generator covers both cases. */
  ck_assert_uint_gt (unsolvable, 3);
  ck_assert_uint_gt (with_redundant, 3);
  ck_assert_uint_gt (predropped, 3);
}
END_TEST

/* ---- The reports ------------------------------------------------------------ */

static char *
report (LgProblem *p, LgDiagnoseMode mode)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  ck_assert (out != NULL);
  gboolean complete = FALSE;
  ck_assert (lg_diagnose_run (p, NULL, mode, out, NULL, &complete, NULL));
  ck_assert (complete);
  fclose (out);
  return text;
}

/* Three contradicting rules over two groups of two, and with false_rule a
 * fourth one, false on its own. */
static LgProblem *
two_by_two (gboolean false_rule)
{
  LgProblem *p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", (const char *[]) { "x", "y", NULL });
  lg_group (p, LG_GROUP_ATOMIC, "b", (const char *[]) { "u", "v", NULL });
  lg_rule (p, lg_yes (p, lg_item (p, "a", "x"), lg_item (p, "b", "u")));
  lg_rule (p, lg_yes (p, lg_item (p, "a", "y"), lg_item (p, "b", "v")));
  lg_rule (p, lg_no (p, lg_item (p, "a", "x"), lg_item (p, "b", "u")));
  if (false_rule)
    lg_rule (p, lg_eq (p, lg_num (p, 1), lg_num (p, 2)));
  return p;
}

START_TEST (test_diagnose_report_without_lines)
{
  /* Rules built with the API have no line: "rule N: TEXT".  Of the two
   * minimal sets, {1, 3} and {2, 3}, the one the explanation's proof
   * cites: rule 3 denies rule 1. */
  g_autoptr (LgProblem) p = two_by_two (FALSE);
  g_autofree char *why = report (p, LG_DIAGNOSE_WHY_NONE);
  ck_assert_str_eq (why, "No solution; these 2 rules have no solution on "
                         "their own, and each of them is needed:\n"
                         "rule 1: yes a:x, b:u\n"
                         "rule 3: no a:x, b:u\n");
  /* One rule false on its own: the singular. */
  g_autoptr (LgProblem) q = two_by_two (TRUE);
  g_autofree char *one = report (q, LG_DIAGNOSE_WHY_NONE);
  ck_assert_str_eq (one, "No solution; this rule has no solution on its "
                         "own:\n"
                         "rule 4: 1 = 2\n");
  /* Solvable once both are dropped. */
  g_autoptr (LgProblem) r = two_by_two (TRUE);
  ck_assert (lg_problem_drop_rule (r, 3, NULL));
  ck_assert (lg_problem_drop_rule (r, 4, NULL));
  g_autofree char *none = report (r, LG_DIAGNOSE_WHY_NONE);
  ck_assert_str_eq (none, "The problem has a solution: nothing to "
                          "explain.\n");
}
END_TEST

START_TEST (test_diagnose_report_redundant_without_lines)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", (const char *[]) { "x", "y", NULL });
  lg_group (p, LG_GROUP_ATOMIC, "b", (const char *[]) { "u", "v", NULL });
  lg_rule (p, lg_yes (p, lg_item (p, "a", "x"), lg_item (p, "b", "u")));
  lg_rule (p, lg_yes (p, lg_item (p, "a", "y"), lg_item (p, "b", "v")));
  lg_rule (p, lg_no (p, lg_item (p, "a", "x"), lg_item (p, "b", "v")));
  g_autofree char *text = report (p, LG_DIAGNOSE_REDUNDANT);
  ck_assert_str_eq (text,
                    "3 of the 3 rules are redundant: dropping any one of "
                    "them alone leaves the solutions unchanged:\n"
                    "rule 1: yes a:x, b:u\n"
                    "rule 2: yes a:y, b:v\n"
                    "rule 3: no a:x, b:v\n"
                    "A minimal set of 1 rule keeps the same solutions; it "
                    "drops: 1, 2.\n");
}
END_TEST

/* The time limit (options.deadline, here long past): a report of what is
 * not known, never a wrong one, and complete FALSE.  The faithful engine
 * on three groups of seven finds the contradiction of rules 1-3 only in
 * try_solution, after thousands of steps; the 5040^2 solutions of the
 * second problem cannot all be found before the clock is read. */
static char *
report_timed_out (const char *text, LgDiagnoseMode mode)
{
  g_autoptr (LgProblem) p = lgtest_parse_text ("t.lgm", text);
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = LG_ENGINE_FAITHFUL;
  options.deadline = 1;
  char *out_text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&out_text, &size);
  gboolean complete = TRUE;
  ck_assert (lg_diagnose_run (p, &options, mode, out, NULL, &complete, NULL));
  ck_assert (!complete);
  fclose (out);
  return out_text;
}

START_TEST (test_diagnose_time_limit)
{
  static const char groups[] = "atomic a: 1, 2, 3, 4, 5, 6, 7\n"
                               "atomic b: 1, 2, 3, 4, 5, 6, 7\n"
                               "atomic c: 1, 2, 3, 4, 5, 6, 7\n";
  g_autofree char *none =
      g_strconcat (groups, "yes a:1, b:1\nyes b:1, c:1\nno a:1, c:1\n", NULL);
  g_autofree char *why = report_timed_out (none, LG_DIAGNOSE_WHY_NONE);
  ck_assert_str_eq (why, "The time limit stopped the first solve: whether "
                         "the problem has a solution is not known.\n");
  g_autofree char *many = g_strconcat (groups, "no a:1, b:1\n", NULL);
  g_autofree char *red = report_timed_out (many, LG_DIAGNOSE_REDUNDANT);
  ck_assert_str_eq (red, "The time limit stopped the search for the "
                         "solutions: which rules are redundant is not "
                         "known.\n");
}
END_TEST

/* A work limit stops the tests, not the first solve: a clue whose test
 * stopped is kept, and what the report says still holds.  With a limit of
 * one node, every test that needs a search stops. */
START_TEST (test_diagnose_work_limit)
{
  /* each test but the first stops after `limit` nodes */
  static const struct
  {
    const char *file;
    guint64 limit;
  } cases[] = { { "bench/gen-5x5-s1.lgm", 1 }, { "bench/gen-7x7-s1.lgm", 3 } };
  LgSolveOptions options;
  lg_solve_options_init (&options);
  options.engine = LG_ENGINE_FAST;
  check_engine = LG_ENGINE_FAST;
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (LgProblem) p = load (cases[k].file);
      g_autofree gboolean *entry = save_drops (p);
      GHashTable *original = solution_set (p);
      options.work_limit = cases[k].limit;
      LgRedundancy bounded, full;
      ck_assert (lg_diagnose_redundant (p, &options, &bounded, NULL));
      assert_drops (p, entry);
      ck_assert (bounded.decided && bounded.complete);
      ck_assert_uint_eq (bounded.n_solutions, 1);
      ck_assert_uint_gt (bounded.unsettled, 0);
      options.work_limit = 0;
      ck_assert (lg_diagnose_redundant (p, &options, &full, NULL));
      ck_assert_uint_eq (full.unsettled, 0);
      ck_assert_uint_le (bounded.redundant->len, full.redundant->len);
      for (guint i = 0; i < bounded.redundant->len; i++)
        ck_assert (contains (full.redundant,
                             g_array_index (bounded.redundant, guint, i)));
      /* the set it drops keeps the solutions */
      for (guint i = 0; i < bounded.dropped->len; i++)
        set_dropped (g_array_index (bounded.dropped, guint, i), TRUE);
      ck_assert (same_solutions (p, original));
      /* and each clue it keeps is needed there, or counted among the tests
       * stopped (a stopped test that the last pass settles, negated, no
       * longer counts: on the 7x7 it drops one clue more) */
      guint needed = 0;
      for (guint c = 1; c <= lg_problem_n_clues (p); c++)
        if (!contains (bounded.dropped, c))
          {
            set_dropped (c, TRUE);
            needed += !same_solutions (p, original);
            set_dropped (c, FALSE);
          }
      ck_assert_uint_eq (bounded.n_kept,
                         lg_problem_n_clues (p) - bounded.dropped->len);
      ck_assert_uint_ge (needed + bounded.unsettled, bounded.n_kept);
      restore_drops (p);
      g_hash_table_unref (original);
      lg_redundancy_clear (&bounded);
      lg_redundancy_clear (&full);
    }
  check_engine = LG_ENGINE_FAITHFUL;

  /* --why-none: the core kept has no solution */
  g_autoptr (LgProblem) q = load ("bench/gen-5x5-s9-contradict.lgm");
  g_autofree gboolean *q_entry = save_drops (q);
  LgWhyNone none;
  options.work_limit = 1;
  ck_assert (lg_diagnose_why_none (q, &options, &none, NULL));
  assert_drops (q, q_entry);
  ck_assert (none.decided && none.complete && !none.has_solution);
  for (guint i = 1; i <= lg_problem_n_clues (q); i++)
    if (!contains (none.core, i))
      set_dropped (i, TRUE);
  ck_assert (!has_solution (q));
  restore_drops (q);
  lg_why_none_clear (&none);
}
END_TEST

/* --engine=auto chooses for the whole diagnosis: the faithful engine for
 * every solve while they are quick, else the fast one from the solve that
 * shows it (its trial ran out, or it ran but too long for as many solves as
 * there are clues); the same reports as the fast engine's.  With the
 * command line's work limit (without one, the tests of gen-5x5-s1 deny
 * their clue, and the fifth takes the faithful engine long enough to give
 * it up). */
START_TEST (test_diagnose_auto_once)
{
  static const struct
  {
    const char *file;
    gboolean every; /* auto chooses at every solve (the faithful engine) */
  } cases[] = {
    { "bench/gen-5x5-s1.lgm", TRUE },
    { "bench/gen-6x6-s2.lgm", FALSE },             /* its trial runs out */
    { "bench/gen-6x6-s10-contradict.lgm", FALSE }, /* 9 ms, 60 solves */
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (LgProblem) p = load (cases[k].file);
      LgSolveOptions options;
      lg_solve_options_init (&options);
      options.engine = LG_ENGINE_AUTO;
      options.work_limit = LG_DIAGNOSE_WORK_LIMIT;
      LgRedundancy a, f;
      ck_assert (lg_diagnose_redundant (p, &options, &a, NULL));
      ck_assert_uint_gt (a.solves, 10);
      if (cases[k].every)
        ck_assert_uint_eq (a.auto_choices, a.solves);
      else
        ck_assert_uint_eq (a.auto_choices, 1);
      options.engine = LG_ENGINE_FAST;
      ck_assert (lg_diagnose_redundant (p, &options, &f, NULL));
      ck_assert_uint_eq (f.auto_choices, 0);
      ck_assert_uint_eq (a.n_solutions, f.n_solutions);
      ck_assert_uint_eq (a.redundant->len, f.redundant->len);
      ck_assert_uint_eq (a.dropped->len, f.dropped->len);
      for (guint i = 0; i < a.dropped->len; i++)
        ck_assert_uint_eq (g_array_index (a.dropped, guint, i),
                           g_array_index (f.dropped, guint, i));
      lg_redundancy_clear (&a);
      lg_redundancy_clear (&f);
    }
  /* --why-none of a contradiction: the faithful engine's first solve
   * shows that the diagnosis would take too long with it */
  g_autoptr (LgProblem) q = load ("bench/gen-6x6-s10-contradict.lgm");
  LgSolveOptions options;
  lg_solve_options_init (&options);
  options.engine = LG_ENGINE_AUTO;
  LgWhyNone none;
  ck_assert (lg_diagnose_why_none (q, &options, &none, NULL));
  ck_assert (!none.has_solution);
  ck_assert_uint_gt (none.solves, 1);
  ck_assert_uint_eq (none.auto_choices, 1);
  lg_why_none_clear (&none);
}
END_TEST

/* An exchange witness (the solution with two items of a group exchanged,
 * breaking the tested clue and keeping the others) settles a test without
 * a solve, whatever the work limit: on a minimised puzzle (every clue
 * needed), each test is a witness or a solve, the same witnesses with or
 * without a limit, and the same report. */
START_TEST (test_diagnose_witnesses)
{
  g_autoptr (LgProblem) p = load ("bench/gen-8x8-s5-min.lgm");
  LgSolveOptions options;
  lg_solve_options_init (&options);
  options.engine = LG_ENGINE_FAST;
  LgRedundancy bounded, full;
  options.work_limit = 1;
  ck_assert (lg_diagnose_redundant (p, &options, &bounded, NULL));
  options.work_limit = 0;
  ck_assert (lg_diagnose_redundant (p, &options, &full, NULL));
  guint n = lg_problem_n_clues (p);
  ck_assert_uint_eq (full.n_examined, n);
  ck_assert_uint_eq (full.redundant->len, 0);
  ck_assert_uint_eq (full.n_kept, n);
  ck_assert_uint_eq (full.unsettled, 0);
  ck_assert_uint_gt (full.witnessed, n / 2);
  ck_assert_uint_lt (full.witnessed, n);
  /* one solve for the solutions, then one per test not witnessed */
  ck_assert_uint_eq (full.solves - 1 + full.witnessed, n);
  ck_assert_uint_eq (bounded.witnessed, full.witnessed);
  ck_assert_uint_eq (bounded.solves, full.solves);
  ck_assert_uint_eq (bounded.redundant->len, 0);
  ck_assert_uint_eq (bounded.n_kept, n);
  /* every solve but the first stops after one node */
  ck_assert_uint_eq (bounded.unsettled, bounded.solves - 1);
  lg_redundancy_clear (&bounded);
  lg_redundancy_clear (&full);
}
END_TEST

/* One rule, needed: not "None of the 1 rule". */
START_TEST (test_diagnose_report_one_rule)
{
  static const char text[] = "atomic a: x, y\natomic b: u, v\nyes x, u\n";
  g_autoptr (LgProblem) p =
      lg_parser_parse_data ("t.lgm", text, strlen (text), NULL);
  g_autofree char *out = report (p, LG_DIAGNOSE_REDUNDANT);
  ck_assert_str_eq (out, "The only rule is not redundant: dropping it "
                         "changes the solutions.\n"
                         "A minimal set of 1 rule keeps the same solutions; "
                         "it drops: none.\n");
}
END_TEST

Suite *
lg_diagnose_suite (void)
{
  Suite *s = suite_create ("diagnose");
  TCase *tc = tcase_create ("data");
  tcase_set_timeout (tc, 120);
  tcase_add_loop_test (tc, test_diagnose_why_none_einstein_cat_not_water, 0, 2);
  tcase_add_loop_test (tc, test_diagnose_why_none_solvable, 0, 4);
  tcase_add_test (tc, test_diagnose_why_none_keeps_command_line_drops);
  tcase_add_loop_test (tc, test_diagnose_redundant_data, 0, 6);
  tcase_add_test (tc, test_diagnose_redundant_keeps_command_line_drops);
  tcase_add_test (tc, test_diagnose_invalid_problem);
  suite_add_tcase (s, tc);
  tc = tcase_create ("random");
  tcase_set_timeout (tc, 120);
  tcase_add_loop_test (tc, test_diagnose_random, 0, 5);
  suite_add_tcase (s, tc);
  tc = tcase_create ("reports");
  tcase_add_test (tc, test_diagnose_report_without_lines);
  tcase_add_test (tc, test_diagnose_report_redundant_without_lines);
  tcase_add_test (tc, test_diagnose_time_limit);
  tcase_add_test (tc, test_diagnose_work_limit);
  tcase_add_test (tc, test_diagnose_witnesses);
  tcase_add_test (tc, test_diagnose_auto_once);
  tcase_add_test (tc, test_diagnose_report_one_rule);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_diagnose_suite ());
}
