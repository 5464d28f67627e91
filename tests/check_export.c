/* check_export — src/export.h through the API, for what the .lgm format
 * cannot say:
 *   - names holding a newline, a carriage return, a tab, other control
 *     characters, quotes, backslashes, UTF-8 and "%*": the comments stay on
 *     their lines, the strings are escaped (ASP: \" \\ \n; MiniZinc: \" \\
 *     \n \t, a carriage return becomes U+FFFD); when clingo, or MiniZinc
 *     with Gecode, is installed, it reads the export and finds the one
 *     solution, with the names back (MiniZinc prints logigram's very table);
 *   - the integer ranges: a rule whose arithmetic may leave clingo's 32 bits
 *     is refused for ASP only, one that may leave 64 bits for both, with
 *     the rule's line; the bound follows abs, unary minus and products;
 *   - an invalid problem: an error, and nothing written;
 *   - lg_export_format_from_string.
 */
#include "export.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lgtest.h"
#include "logigram.h"

Suite *lg_export_suite (void);

#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* The group and item names of the weird problem. */
#define G1 "g\"1\\\n"
#define G2 "t\tab"

/* Two groups with every kind of awkward name, one solution:
 *   a\nb  - x y,  c\rd - ü,  e\x01f - %*  (forced by the variable). */
static LgProblem *
weird_problem (void)
{
  LgProblem *p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, G1, ITEMS ("a\nb", "c\rd", "e\001f"));
  lg_group (p, LG_GROUP_ORDERED, G2, ITEMS ("x y", "\xC3\xBC", "%*"));
  lg_problem_set_line (p, 3);
  lg_rule (p, lg_yes (p, lg_item (p, G1, "a\nb"), lg_item (p, G2, "x y")));
  LgItem *v = lg_var_new (p, G2, "v\n*%");
  lg_rule (p, lg_yes (p, v, lg_item (p, G1, "e\001f")));
  lg_rule (p, lg_gt (p, lg_ref (p, v), lg_num (p, 1)));
  return p;
}

/* Every line starting with '%' is free of control characters. */
static void
assert_comments_clean (const char *text)
{
  gboolean line_start = TRUE, comment = FALSE;
  for (const unsigned char *c = (const unsigned char *) text; *c; c++)
    {
      if (*c == '\n')
        {
          line_start = TRUE;
          comment = FALSE;
          continue;
        }
      if (line_start && *c == '%')
        comment = TRUE;
      line_start = FALSE;
      ck_assert_msg (!comment || (*c >= 0x20 && *c != 0x7f),
                     "control character 0x%02X in a comment", *c);
    }
}

/* Runs argv; its stdout, or NULL when the program is not installed. */
static char *
run_solver (const char *const *argv)
{
  g_autofree char *path = g_find_program_in_path (argv[0]);
  if (!path)
    return NULL;
  char *out = NULL;
  g_autoptr (GError) error = NULL;
  gint status;
  ck_assert_msg (g_spawn_sync (NULL, (char **) argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error),
                 "cannot run %s: %s", argv[0], error ? error->message : "");
  return out;
}

/* The number after "Models" and its colon in clingo's summary, -1 if none. */
static long
clingo_models (const char *out)
{
  const char *m = strstr (out, "\nModels");
  if (!m)
    return -1;
  m += strlen ("\nModels");
  while (*m == ' ' || *m == ':')
    m++;
  return g_ascii_isdigit (*m) ? strtol (m, NULL, 10) : -1;
}

static char *
write_temp (const char *text, const char *suffix)
{
  g_autofree char *template = g_strdup_printf ("lgexportXXXXXX%s", suffix);
  char *path = NULL;
  g_autoptr (GError) error = NULL;
  int fd = g_file_open_tmp (template, &path, &error);
  ck_assert_msg (fd >= 0, "%s", error ? error->message : "");
  close (fd);
  ck_assert (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
keep_table (const LgProblem *problem, const LgSolution *solution, gpointer data)
{
  lg_print_solution (data, problem, solution);
  return TRUE;
}

/* ---- Names --------------------------------------------------------------- */

START_TEST (test_export_weird_names_asp)
{
  g_autoptr (LgProblem) p = weird_problem ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text =
      lg_export_to_string (p, LG_EXPORT_ASP, "we\nird", &error);
  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  assert_comments_clean (text);
  ck_assert (g_str_has_prefix (text, "% we\\nird: "));
  ck_assert_ptr_nonnull (
      strstr (text, "name(i0_0,\"g\\\"1\\\\\\n\",\"a\\nb\")."));
  ck_assert_ptr_nonnull (
      strstr (text, "name(i0_1,\"g\\\"1\\\\\\n\",\"c\rd\")."));
  ck_assert_ptr_nonnull (
      strstr (text, "name(i0_2,\"g\\\"1\\\\\\n\",\"e\001f\")."));
  ck_assert_ptr_nonnull (strstr (text, "name(i1_1,\"t\tab\",\"\xC3\xBC\")."));
  ck_assert_ptr_nonnull (strstr (text, "% g0: atomic \"g\\\"1\\\\\\n\"\n"));
  ck_assert_ptr_nonnull (strstr (text, "%   v0 = \"v\\n*%\" of \"t\\tab\"\n"));
  ck_assert_ptr_nonnull (strstr (text, "% rule 2 (line 3): yes v\\n*%, "));

  g_autofree char *path = write_temp (text, ".lp");
  const char *argv[] = { "clingo", "--project", "0", path, NULL };
  g_autofree char *out = run_solver (argv);
  g_unlink (path);
  if (!out)
    {
      printf ("# SKIP: clingo is not installed\n");
      return;
    }
  ck_assert_msg (clingo_models (out) == 1, "%s", out);
  ck_assert_ptr_nonnull (strstr (out, "cell(0,\"g\\\"1\\\\\\n\",\"a\\nb\")"));
  ck_assert_ptr_nonnull (strstr (out, "cell(1,\"g\\\"1\\\\\\n\",\"c\rd\")"));
  ck_assert_ptr_nonnull (strstr (out, "cell(0,\"t\tab\",\"x y\")"));
  ck_assert_ptr_nonnull (strstr (out, "cell(1,\"t\tab\",\"\xC3\xBC\")"));
  ck_assert_ptr_nonnull (strstr (out, "cell(2,\"t\tab\",\"%*\")"));
}
END_TEST

START_TEST (test_export_weird_names_minizinc)
{
  g_autoptr (LgProblem) p = weird_problem ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text =
      lg_export_to_string (p, LG_EXPORT_MINIZINC, NULL, &error);
  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  assert_comments_clean (text);
  ck_assert (g_str_has_prefix (text, "% problem: "));
  ck_assert_ptr_null (strchr (text, '\r'));
  ck_assert_ptr_nonnull (strstr (text, "[\"a\\nb  \", \"c\xEF\xBF\xBD"
                                       "d  \", \"e\001f  \"]"));
  ck_assert_ptr_nonnull (strstr (text, "\"| g\\\"1\\\\\\n | t\\tab |\\n\""));

  /* logigram's table, the carriage return as MiniZinc has it. */
  char *buf = NULL;
  size_t len = 0;
  FILE *mem = open_memstream (&buf, &len);
  ck_assert_int_eq (lg_problem_solve (p, NULL, NULL, keep_table, mem, NULL), 1);
  fclose (mem);
  g_autofree char *table = buf;
  g_auto (GStrv) parts = g_strsplit (table, "\r", -1);
  g_autofree char *want_table = g_strjoinv ("\xEF\xBF\xBD", parts);
  g_autofree char *want =
      g_strconcat (want_table, "----------\n==========\n", NULL);

  const char *solvers[] = { "minizinc", "--solvers", NULL };
  g_autofree char *list = run_solver (solvers);
  if (!list || !strstr (list, "Gecode"))
    {
      printf ("# SKIP: minizinc with Gecode is not installed\n");
      return;
    }
  g_autofree char *path = write_temp (text, ".mzn");
  const char *argv[] = { "minizinc", "--solver", "gecode", "-a", path, NULL };
  g_autofree char *out = run_solver (argv);
  g_unlink (path);
  ck_assert_str_eq (out, want);
}
END_TEST

/* ---- Integer ranges -------------------------------------------------------- */

/* numeric n: 1, 2, 3000; atomic a; var v: n; yes v, a:x; then `rule`, built
 * by the callback, at line 7. */
typedef LgRule *(*MakeRule) (LgProblem *p, LgItem *v);

static LgProblem *
range_problem (MakeRule make)
{
  LgProblem *p = lg_problem_new ();
  lg_group (p, LG_GROUP_NUMERIC, "n", ITEMS ("1", "2", "3000"));
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y", "z"));
  LgItem *v = lg_var_new (p, "n", "v");
  lg_rule (p, lg_yes (p, v, lg_item (p, "a", "x")));
  lg_problem_set_line (p, 7);
  lg_rule (p, make (p, v));
  return p;
}

/* v * 1000 > 0: at most 3e6 */
static LgRule *
mul_small (LgProblem *p, LgItem *v)
{
  return lg_gt (p, lg_mul (p, lg_ref (p, v), lg_num (p, 1000)), lg_num (p, 0));
}

/* v * 1000000 > 0: up to 3e9, beyond 32 bits */
static LgRule *
mul_wide (LgProblem *p, LgItem *v)
{
  return lg_gt (p, lg_mul (p, lg_ref (p, v), lg_num (p, 1000000)),
                lg_num (p, 0));
}

/* abs(-v) - 2147483647 < 0: -v is -3000..-1, abs 1..3000, the difference
 * within 32 bits */
static LgRule *
abs_neg_fits (LgProblem *p, LgItem *v)
{
  return lg_lt (
      p,
      lg_sub (p, lg_abs (p, lg_neg (p, lg_ref (p, v))), lg_num (p, 2147483647)),
      lg_num (p, 0));
}

/* -v - 2147483647 < 0: down to -2147486647 */
static LgRule *
neg_wide (LgProblem *p, LgItem *v)
{
  return lg_lt (p,
                lg_sub (p, lg_neg (p, lg_ref (p, v)), lg_num (p, 2147483647)),
                lg_num (p, 0));
}

/* (v - 2) * (v - 2) > 0 ... with v - 2 in -1..2998: the product's bound
 * takes the signs into account: -2998..8988004 */
static LgRule *
mul_signs (LgProblem *p, LgItem *v)
{
  return lg_gt (p,
                lg_mul (p, lg_sub (p, lg_ref (p, v), lg_num (p, 2)),
                        lg_sub (p, lg_ref (p, v), lg_num (p, 2))),
                lg_num (p, 0));
}

/* v * 9223372036854775807 > 0: beyond 64 bits */
static LgRule *
mul_overflow (LgProblem *p, LgItem *v)
{
  return lg_gt (p, lg_mul (p, lg_ref (p, v), lg_num (p, G_MAXINT64)),
                lg_num (p, 0));
}

static const struct
{
  const char *name;
  MakeRule make;
  gboolean asp_ok, minizinc_ok;
} ranges[] = {
  { "v * 1000", mul_small, TRUE, TRUE },
  { "v * 1000000", mul_wide, FALSE, TRUE },
  { "abs(-v) - 2147483647", abs_neg_fits, TRUE, TRUE },
  { "-v - 2147483647", neg_wide, FALSE, TRUE },
  { "(v - 2) * (v - 2)", mul_signs, TRUE, TRUE },
  { "v * 9223372036854775807", mul_overflow, FALSE, FALSE },
};

START_TEST (test_export_ranges)
{
  for (int f = 0; f < 2; f++)
    {
      LgExportFormat format = f ? LG_EXPORT_MINIZINC : LG_EXPORT_ASP;
      gboolean ok = f ? ranges[_i].minizinc_ok : ranges[_i].asp_ok;
      g_autoptr (LgProblem) p = range_problem (ranges[_i].make);
      g_autoptr (GError) error = NULL;
      g_autofree char *text = lg_export_to_string (p, format, "r", &error);
      ck_assert_msg ((text != NULL) == ok, "%s in %s: %s", ranges[_i].name,
                     f ? "MiniZinc" : "ASP",
                     ok ? (error ? error->message : "") : "not refused");
      if (ok)
        continue;
      ck_assert (
          g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_OVERFLOW));
      ck_assert_msg (strstr (error->message, "rule 2 (") != NULL, "%s",
                     error->message);
      ck_assert_msg (strstr (error->message, f ? "MiniZinc" : "clingo") != NULL,
                     "%s", error->message);
      ck_assert_uint_eq (lg_error_get_line (error), 7);
    }
}
END_TEST

/* A refused rule that is dropped is no longer refused. */
START_TEST (test_export_ranges_dropped)
{
  g_autoptr (LgProblem) p = range_problem (mul_overflow);
  ck_assert (lg_problem_drop_rule (p, 2, NULL));
  g_autofree char *text = lg_export_to_string (p, LG_EXPORT_ASP, "r", NULL);
  ck_assert_ptr_nonnull (text);
  ck_assert_ptr_null (strstr (text, "rule 2"));
  ck_assert_ptr_nonnull (strstr (text, "% rule 1: yes v, a:x\n"));
}
END_TEST

/* ---- Errors and formats ---------------------------------------------------- */

START_TEST (test_export_invalid_problem)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ATOMIC, "b", ITEMS ("u", "w"));
  lg_rule (p, lg_yes (p, lg_item (p, "a", "nosuch"), lg_item (p, "b", "u")));
  for (int f = 0; f < 2; f++)
    {
      char *buf = NULL;
      size_t len = 0;
      FILE *mem = open_memstream (&buf, &len);
      g_autoptr (GError) error = NULL;
      ck_assert (!lg_export (mem, p, f ? LG_EXPORT_MINIZINC : LG_EXPORT_ASP,
                             "x", &error));
      fclose (mem);
      ck_assert_uint_eq (len, 0);
      free (buf);
      ck_assert (
          g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_UNKNOWN));
    }
  /* No group at all. */
  g_autoptr (LgProblem) empty = lg_problem_new ();
  g_autoptr (GError) error = NULL;
  ck_assert_ptr_null (lg_export_to_string (empty, LG_EXPORT_ASP, "x", &error));
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE));
}
END_TEST

START_TEST (test_export_format_names)
{
  LgExportFormat format = LG_EXPORT_MINIZINC;
  ck_assert (lg_export_format_from_string ("asp", &format));
  ck_assert_int_eq (format, LG_EXPORT_ASP);
  ck_assert (lg_export_format_from_string ("minizinc", &format));
  ck_assert_int_eq (format, LG_EXPORT_MINIZINC);
  ck_assert (!lg_export_format_from_string ("ASP", &format));
  ck_assert (!lg_export_format_from_string ("mzn", &format));
  ck_assert (!lg_export_format_from_string ("", &format));
  ck_assert (!lg_export_format_from_string (NULL, &format));
  ck_assert_int_eq (format, LG_EXPORT_MINIZINC);
}
END_TEST

Suite *
lg_export_suite (void)
{
  Suite *s = suite_create ("export");
  TCase *tc = tcase_create ("names");
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_export_weird_names_asp);
  tcase_add_test (tc, test_export_weird_names_minizinc);
  suite_add_tcase (s, tc);
  tc = tcase_create ("ranges");
  tcase_add_loop_test (tc, test_export_ranges, 0, G_N_ELEMENTS (ranges));
  tcase_add_test (tc, test_export_ranges_dropped);
  suite_add_tcase (s, tc);
  tc = tcase_create ("errors");
  tcase_add_test (tc, test_export_invalid_problem);
  tcase_add_test (tc, test_export_format_names);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_export_suite ());
}
