/* fuzz_lgm — a libFuzzer harness for the problem-file reader and the solver.
 *
 * Each input is read as a .lgm file, with its warnings (every syntax of the
 * format: groups, items, rules, expressions, logic over couples, counting
 * and clue lines).  An input that parses is printed back rule by rule and
 * clue by clue, exported for clingo and MiniZinc, and, when its search
 * space is small (fuzz_common.h), solved by both engines, which must agree
 * on the number of distinct solutions when both finish; small puzzles are
 * also explained step by step.  Errors are expected, and each must be one
 * well-formed line; crashes, leaks, sanitizer reports, a disagreement of
 * the engines and time-outs are the findings.  Build and run: see
 * doc/fuzzing.md.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "explain.h"
#include "export.h"
#include "fuzz_common.h"
#include "logigram.h"
#include "parser.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define MAX_SOLUTIONS 50

static FILE *sink;

static gboolean
count_some (const LgProblem *problem, const LgSolution *solution,
            gpointer user_data)
{
  guint *n = user_data;
  lg_print_solution (sink, problem, solution);
  return ++*n < MAX_SOLUTIONS;
}

/* The distinct solutions the engine finds, up to MAX_SOLUTIONS; -1 when it
 * stopped early (the limit, the deadline) or failed (memory). */
static gint64
solve_with (LgProblem *problem, LgEngine engine)
{
  guint n = 0;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = engine;
  options.memory_limit = 16u << 20;
  options.deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  LgStats stats = { 0 };
  GError *error = NULL;
  if (lg_problem_solve (problem, &options, &stats, count_some, &n, &error) < 0)
    {
      fuzz_assert_one_line (error->message);
      g_error_free (error);
      return -1;
    }
  return stats.timed_out || n >= MAX_SOLUTIONS ? -1 : (gint64) n;
}

static void
explain (LgProblem *problem)
{
  GError *error = NULL;
  LgExplain *ex = lg_explain_new (problem, &error);
  if (ex)
    {
      /* its last resort enumerates the solutions: many, under the
       * fuzzer's instrumentation, take seconds */
      lg_explain_set_deadline (ex,
                               g_get_monotonic_time () + 2 * G_USEC_PER_SEC);
      if (lg_explain_run (ex, &error))
        lg_explain_print (sink, ex, 1, TRUE);
      lg_explain_free (ex);
    }
  if (error)
    {
      fuzz_assert_one_line (error->message);
      g_error_free (error);
    }
}

static void
print_back (LgProblem *problem)
{
  for (guint i = 1; i <= lg_problem_n_rules (problem); i++)
    {
      const LgRule *rule = lg_problem_get_rule (problem, i);
      g_free (lg_rule_to_string (rule));
      if (lg_rule_get_clue (rule) > lg_problem_n_clues (problem))
        abort ();
    }
  for (guint c = 1; c <= lg_problem_n_clues (problem); c++)
    {
      const char *text = lg_clue_get_text (problem, c);
      if (text)
        fputs (text, sink);
      if (lg_clue_get_first_rule (problem, c) +
              lg_clue_get_n_rules (problem, c) >
          lg_problem_n_rules (problem) + 1)
        abort ();
    }
  for (int format = 0; format < 2; format++)
    {
      GError *error = NULL;
      char *text = lg_export_to_string (
          problem, format ? LG_EXPORT_MINIZINC : LG_EXPORT_ASP, "fuzz", &error);
      if (!text)
        {
          fuzz_assert_one_line (error->message);
          g_error_free (error);
        }
      g_free (text);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!sink)
    sink = fopen ("/dev/null", "w");
  GError *error = NULL;
  char **warnings = NULL;
  LgProblem *problem = lg_parser_parse_data_full (
      "fuzz.lgm", (const char *) data, size, &warnings, &error);
  for (guint i = 0; warnings && warnings[i]; i++)
    fuzz_assert_one_line (warnings[i]);
  g_strfreev (warnings);
  if (!problem)
    {
      g_assert (error != NULL && error->domain == LG_PARSE_ERROR);
      fuzz_assert_one_line (error->message);
      g_error_free (error);
      return 0;
    }
  /* one input in three without its first clue: --drop-clue (the
   * explanation is of the whole problem) */
  gboolean dropped = size % 3 == 0 && lg_problem_n_clues (problem) > 0;
  if (dropped && !lg_problem_drop_clue (problem, 1, &error))
    {
      fuzz_assert_one_line (error->message);
      g_clear_error (&error);
    }
  print_back (problem);
  if (fuzz_small_search_space (problem))
    {
      gint64 faithful = solve_with (problem, LG_ENGINE_FAITHFUL);
      gint64 fast = solve_with (problem, LG_ENGINE_FAST);
      if (faithful >= 0 && fast >= 0 && faithful != fast)
        {
          fprintf (stderr,
                   "the engines disagree: faithful %" G_GINT64_FORMAT
                   " solutions, fast %" G_GINT64_FORMAT "\n",
                   faithful, fast);
          abort ();
        }
      if (!dropped &&
          lg_group_n_items (lg_problem_get_group (problem, 0)) <= 5 &&
          lg_problem_n_groups (problem) <= 4)
        explain (problem);
    }
  lg_problem_free (problem);
  return 0;
}
