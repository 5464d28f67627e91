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
  g_autofree char *need = lg_format_size (estimate);
  lg_set_error_at_line (
      error, first ? first->line : 0, LG_PROBLEM_ERROR_LIMIT,
      "%s more than the %s left under the memory limit (up to %s): the "
      "constraint group of rule %u has %u variables, %" G_GUINT64_FORMAT
      " assignments; raise --memory-limit or split the rules",
      what, limit, need, first ? first->number : 0, cg->vars->len,
      lg_assignments (n, cg->vars->len));
}
