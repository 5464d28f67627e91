/* solution — see solution.h. */
#include "solution.h"

const LgItem *
lg_solution_get (const LgSolution *solution, guint group, guint row)
{
  g_return_val_if_fail (group < solution->n_groups && row < solution->n, NULL);
  const LgGroup *g = lg_problem_get_group (solution->problem, group);
  return lg_group_get_item (g, solution->perm[group][row]);
}
