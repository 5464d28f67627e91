/* budget — see budget.h. */
#include "budget.h"

void
lg_budget_set_fixed_error (GError **error, const char *who, guint64 need,
                           const char *what, guint64 limit)
{
  g_autofree char *needs = lg_format_size (need);
  g_autofree char *over = lg_format_size (limit);
  g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT,
               "%s %s for %s, over the memory limit of %s; raise "
               "--memory-limit",
               who, needs, what, over);
}

void
lg_budget_set_error (GError **error, const char *what, guint64 left,
                     guint64 estimate, const LgConstraintGroup *cg, guint n)
{
  const LgRule *first = lg_constraint_group_first_rule (cg);
  g_autofree char *limit = lg_format_size (left);
  g_autofree char *bound = NULL;
  g_autofree char *group = NULL;

  /* the estimate counts one leaf per assignment; the 'or's of couples
   * multiply that out, so it is a bound only when it is over the budget */
  if (estimate > left)
    {
      g_autofree char *need = lg_format_size (estimate);
      bound = g_strdup_printf (" (up to %s)", need);
    }
  if (cg->vars->len > 0)
    group = g_strdup_printf ("the constraint group of rule %u has %u "
                             "variables, %" G_GUINT64_FORMAT " assignments%s",
                             first ? first->number : 0, cg->vars->len,
                             lg_assignments (n, cg->vars->len),
                             cg->n_couple_logic ? ", their 'or's multiplied out"
                                                : "");
  else
    group = g_strdup_printf ("rule %u's 'or's of couples multiply out into "
                             "too many cases",
                             first ? first->number : 0);
  lg_set_error_at_line (error, first ? first->line : 0, LG_PROBLEM_ERROR_LIMIT,
                        "%s more than the %s left under the memory limit%s: "
                        "%s; raise --memory-limit or split the rules",
                        what, limit, bound ? bound : "", group);
}

/* Measured on the static build (peak RSS of --list-rules, over a file of
 * thousands of groups, of items, of rules), rounded up; per variable, its
 * constraint group in the partition (three arrays) and its expressions. */
#define GROUP_BYTES 640
#define ITEM_BYTES 384
#define RULE_BYTES 256
#define VAR_BYTES 768

guint64
lg_budget_problem_bytes (const LgProblem *problem)
{
  guint64 groups = lg_problem_n_groups (problem);
  return groups * GROUP_BYTES +
         groups * lg_problem_dimension (problem) * ITEM_BYTES +
         (guint64) (lg_problem_n_rules (problem) +
                    lg_problem_n_vars (problem)) *
             RULE_BYTES;
}
