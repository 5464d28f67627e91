/* solver — see solver.h; and lg_problem_solve, the three steps in a row. */
#include "solver.h"

#include "bitset.h"
#include "engine_fast.h"

/* The solver with the FAST engine's state (LgSolver is its first member, so
 * that the public struct stays as it is). */
typedef struct
{
  LgSolver solver;
  LgFastEngine *fast; /* after transform, with LG_ENGINE_FAST */
} SolverWithEngine;

static LgFastEngine **
fast_engine (LgSolver *solver)
{
  return &((SolverWithEngine *) solver)->fast;
}

LgSolver *
lg_solver_new (LgProblem *problem, LgStats *stats, GError **error)
{
  if (!lg_problem_check (problem, error))
    return NULL;
  SolverWithEngine *with_engine = g_new0 (SolverWithEngine, 1);
  LgSolver *solver = &with_engine->solver;
  solver->problem = problem;
  solver->stats = stats ? stats : &solver->own_stats;
  double describe = solver->stats->time_describe;
  *solver->stats = (LgStats) { 0 };
  solver->stats->time_describe = describe;

  g_autoptr (GTimer) timer = g_timer_new ();
  solver->set = lg_constraint_set_new (problem);
  solver->stats->constraint_groups = solver->set->groups->len;
  for (guint i = 0; i < solver->set->groups->len; i++)
    solver->stats->variables +=
        ((LgConstraintGroup *) solver->set->groups->pdata[i])->vars->len;
  solver->stats->time_describe += g_timer_elapsed (timer, NULL);
  return solver;
}

gboolean
lg_solver_transform (LgSolver *solver, GError **error)
{
  g_return_val_if_fail (solver->tree == NULL, FALSE);
  LgProblem *problem = solver->problem;
  LgStats *stats = solver->stats;
  if (problem->engine == LG_ENGINE_FAST)
    {
      g_return_val_if_fail (*fast_engine (solver) == NULL, FALSE);
      *fast_engine (solver) =
          lg_engine_fast_new (problem, solver->set, stats, error);
      return *fast_engine (solver) != NULL;
    }
  g_autoptr (GTimer) timer = g_timer_new ();
  guint n = lg_problem_dimension (problem);
  guint n_groups = lg_problem_n_groups (problem);
  guint n_pairs = n_groups * (n_groups - 1) / 2;
  size_t n_perms = (size_t) lg_permut_factorial ((int) n);
  size_t n_words = lg_bitset_n_words (n_perms);
  /* permutation table, the builder's couple masks and scratch, the
   * situation's masks */
  guint64 fixed = (guint64) n_perms * n +
                  ((guint64) n * n + 2 * (guint64) MAX (n_pairs, 1)) * n_words *
                      sizeof (uint64_t);
  if (fixed > problem->memory_limit)
    {
      g_autofree char *need = lg_format_size (fixed);
      g_autofree char *limit = lg_format_size (problem->memory_limit);
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT,
                   "dimension %u needs %s for its %zu permutations and the "
                   "pair masks, over the memory limit of %s; raise "
                   "--memory-limit",
                   n, need, n_perms, limit);
      return FALSE;
    }
  solver->permut = lg_permut_new ((int) n);
  solver->tree = lg_mask_builder_build (problem, solver->set, solver->permut,
                                        problem->memory_limit - fixed, error);
  if (!solver->tree)
    return FALSE;
  stats->time_transform = g_timer_elapsed (timer, NULL);
  stats->leaves_tried = solver->tree->leaves_tried;
  stats->leaves_kept = solver->tree->leaves_kept;
  stats->leaves_saved = solver->tree->leaves_saved;
  stats->and_nodes = solver->tree->and_nodes;
  stats->or_nodes = solver->tree->or_nodes;
  stats->mask_nodes = solver->tree->mask_nodes;
  stats->masks_words = solver->tree->mask_nodes * solver->tree->n_words;
  return TRUE;
}

guint64
lg_solver_explore (LgSolver *solver, LgSolutionFunc func, gpointer user_data)
{
  if (*fast_engine (solver))
    return lg_engine_fast_explore (*fast_engine (solver), func, user_data,
                                   solver->stats);
  g_return_val_if_fail (solver->tree != NULL && solver->situation == NULL, 0);
  LgStats *stats = solver->stats;
  g_autoptr (GTimer) timer = g_timer_new ();
  solver->situation =
      lg_situation_new (solver->problem, solver->permut, solver->tree);
  lg_progress_begin (solver->problem->progress, "explore", "steps", 0);
  LgBacktrackingStats bs;
  lg_situation_explore (solver->situation, solver->tree->root,
                        solver->problem->trace != NULL, func, user_data, &bs);
  lg_progress_end (solver->problem->progress);
  stats->time_explore = g_timer_elapsed (timer, NULL);

  stats->nodes_explored = bs.nodes;
  stats->alternatives = bs.alternatives;
  stats->backtracks = bs.backtracks;
  stats->tree_solutions = bs.successes;
  lg_situation_get_counts (solver->situation, &stats->candidates,
                           &stats->checks, &stats->solutions);
  stats->candidates_saved = lg_situation_candidates_saved (solver->situation);
  return stats->solutions;
}

void
lg_solver_free (LgSolver *solver)
{
  if (!solver)
    return;
  lg_engine_fast_free (*fast_engine (solver));
  lg_situation_free (solver->situation);
  lg_and_or_tree_free (solver->tree);
  lg_permut_free (solver->permut);
  lg_constraint_set_free (solver->set);
  g_free (solver);
}

gint64
lg_problem_solve (LgProblem *problem, LgStats *stats, LgSolutionFunc func,
                  gpointer user_data, GError **error)
{
  g_autoptr (LgSolver) solver = lg_solver_new (problem, stats, error);
  if (!solver || !lg_solver_transform (solver, error))
    return -1;
  return (gint64) lg_solver_explore (solver, func, user_data);
}
