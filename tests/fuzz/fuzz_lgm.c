/* fuzz_lgm — a libFuzzer harness for the problem-file reader and the solver.
 *
 * Each input is parsed as a .lgm file; a problem that parses is also
 * solved, with a small memory limit and a cap on the solutions printed, when
 * its search space is small enough to finish quickly: (n!)^(G-1) at most
 * 10^7 and at most 2 x 10^5 assignments to enumerate in the transformation
 * (the faithful algorithm is exponential in the variables of a group).  Errors are expected; crashes, leaks, sanitizer reports and
 * time-outs are the findings.  Build and run: see doc/fuzzing.md.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "constraint_set.h"
#include "logigram.h"
#include "parser.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static gboolean
stop_after_some (const LgProblem *problem, const LgSolution *solution,
                 gpointer user_data)
{
  guint *n = user_data;
  FILE *sink = fopen ("/dev/null", "w");
  if (sink)
    {
      lg_print_solution (sink, problem, solution);
      fclose (sink);
    }
  return ++*n < 50;
}

static gboolean
small_search_space (LgProblem *problem)
{
  guint groups = lg_problem_n_groups (problem);
  guint n = lg_group_n_items (lg_problem_get_group (problem, 0));
  double perms = 1, space = 1;
  for (guint i = 2; i <= n; i++)
    perms *= i;
  for (guint g = 1; g < groups; g++)
    space *= perms;
  if (space > 1e7)
    return FALSE;
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (problem);
  double leaves = 0;
  for (guint i = 0; i < set->groups->len; i++)
    {
      const LgConstraintGroup *cg = set->groups->pdata[i];
      double group_leaves = 1;
      for (guint k = 0; k < cg->vars->len; k++)
        group_leaves *= n;
      leaves += group_leaves;
    }
  return leaves <= 2e5;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  LgProblem *problem
      = lg_parser_parse_data ("fuzz.lgm", (const char *) data, size, &error);
  if (!problem)
    {
      g_assert (error != NULL && error->domain == LG_PARSE_ERROR);
      g_error_free (error);
      return 0;
    }
  for (guint i = 1; i <= lg_problem_n_rules (problem); i++)
    g_free (lg_rule_to_string (lg_problem_get_rule (problem, i)));
  if (small_search_space (problem))
    {
      guint n = 0;
      LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
      options.memory_limit = 16u << 20;
      if (lg_problem_solve (problem, &options, NULL, stop_after_some, &n,
                            &error) < 0)
        g_error_free (error);
    }
  lg_problem_free (problem);
  return 0;
}
