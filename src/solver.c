/* solver — see solver.h; and lg_problem_solve, the three steps in a row. */
#include "solver.h"

#include "engine_faithful.h"
#include "engine_fast.h"

struct LgSolver
{
  const LgProblem *problem;
  LgSolveOptions options;
  LgStats *stats; /* borrowed, or the solver's own */
  LgStats own_stats;
  LgConstraintSet *set; /* after describe */
  LgProgress *progress; /* NULL: no progress line */
  LgEngineImpl *engine; /* after transform */
  /* explore: the caller's callback, under max_solutions */
  LgSolutionFunc func;
  gpointer user_data;
  guint64 found;
  gboolean stopped;
};

const LgEngineClass *
lg_engine_class (LgEngine engine)
{
  return engine == LG_ENGINE_FAST ? &lg_engine_fast_class
                                  : &lg_engine_faithful_class;
}

LgSolver *
lg_solver_new (LgProblem *problem, const LgSolveOptions *options,
               LgStats *stats, GError **error)
{
  if (!lg_problem_check (problem, error))
    return NULL;
  LgSolver *solver = g_new0 (LgSolver, 1);
  solver->problem = problem;
  if (options)
    solver->options = *options;
  else
    lg_solve_options_init (&solver->options);
  solver->stats = stats ? stats : &solver->own_stats;
  double describe = solver->stats->time_describe;
  *solver->stats = (LgStats) { 0 };
  solver->stats->time_describe = describe;
  if (solver->options.progress)
    solver->progress = lg_progress_new (solver->options.progress,
                                        solver->options.progress_delay_ms);

  g_autoptr (GTimer) timer = g_timer_new ();
  solver->set = lg_constraint_set_new_dropping (problem, solver->options.drop);
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
  g_return_val_if_fail (solver->engine == NULL, FALSE);
  const LgEngineSetup setup = {
    .problem = solver->problem,
    .set = solver->set,
    .options = &solver->options,
    .progress = solver->progress,
    .stats = solver->stats,
  };
  solver->engine =
      lg_engine_class (solver->options.engine)->create (&setup, error);
  return solver->engine != NULL;
}

/* The caller's callback, stopped after max_solutions. */
static gboolean
on_solution (const LgProblem *problem, const LgSolution *solution,
             gpointer data)
{
  LgSolver *solver = data;
  solver->found++;
  solver->stopped =
      (solver->func && !solver->func (problem, solution, solver->user_data)) ||
      (solver->options.max_solutions &&
       solver->found >= solver->options.max_solutions);
  return !solver->stopped;
}

guint64
lg_solver_explore (LgSolver *solver, LgSolutionFunc func, gpointer user_data)
{
  g_return_val_if_fail (solver->engine != NULL, 0);
  solver->func = func;
  solver->user_data = user_data;
  solver->found = 0;
  solver->stopped = FALSE;
  guint64 n =
      solver->engine->klass->explore (solver->engine, on_solution, solver);
  solver->stats->complete = !solver->stopped;
  return n;
}

void
lg_solver_free (LgSolver *solver)
{
  if (!solver)
    return;
  if (solver->engine)
    solver->engine->klass->free (solver->engine);
  lg_constraint_set_free (solver->set);
  lg_progress_free (solver->progress);
  g_free (solver);
}

const LgProblem *
lg_solver_get_problem (const LgSolver *solver)
{
  return solver->problem;
}

const LgConstraintSet *
lg_solver_get_set (const LgSolver *solver)
{
  return solver->set;
}

const LgAndOrTree *
lg_solver_get_tree (const LgSolver *solver, const LgPermut **permut,
                    GError **error)
{
  g_return_val_if_fail (solver->engine != NULL, NULL);
  const LgEngineClass *klass = solver->engine->klass;
  if (!klass->tree)
    {
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_FAILED,
                   "the %s engine has no AND/OR tree: the views show the "
                   "inside of the faithful engine (--engine=faithful)",
                   klass->name);
      return NULL;
    }
  return klass->tree (solver->engine, permut);
}

gint64
lg_problem_solve (LgProblem *problem, const LgSolveOptions *options,
                  LgStats *stats, LgSolutionFunc func, gpointer user_data,
                  GError **error)
{
  g_autoptr (LgSolver) solver = lg_solver_new (problem, options, stats, error);
  if (!solver || !lg_solver_transform (solver, error))
    return -1;
  return (gint64) lg_solver_explore (solver, func, user_data);
}
