/* solver — see solver.h; and lg_problem_solve, the three steps in a row. */
#include "solver.h"

#include <string.h>

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
  LgDeadline deadline;  /* options.deadline, asked by the engines */
  LgEngineSetup setup;  /* what the engines are made from */
  LgEngineImpl *engine; /* after transform */
  /* the deadline passed in the transform: no engine, and explore finds
   * nothing (lg_solver_transform_cut) */
  gboolean cut;
  /* auto chose the faithful engine on trial: explore runs it with a step
   * limit, keeping its solutions, and gives them on if it finished (else
   * the fast engine solves) */
  gboolean on_trial;
  GError *faithful_error;   /* auto: why the faithful engine refused */
  uint8_t *kept;            /* the trial's solutions: n_groups * n bytes each */
  guint64 n_kept, kept_cap; /* solutions, and room for them */
  guint64 kept_peak;        /* the most bytes they took (while growing) */
  gboolean kept_full;       /* the memory limit stopped the trial */
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

/* auto runs the faithful engine when it finishes within TRIAL_WORK units
 * of work of its exploration (nodes, alternative points, try_solution's
 * visits and the work of its tables: 5 to 9 ns each on the benchmark's
 * 5x5 and 6x6 puzzles, about a tenth of a second), keeping at most
 * TRIAL_KEPT solutions; it is not tried when its transformation is estimated longer
 * than AUTO_SECONDS, or its exploration longer than REJECT_SECONDS
 * (lg_situation_estimate). */
#define AUTO_SECONDS 0.1
#define REJECT_SECONDS 0.25
#define TRIAL_WORK LG_AUTO_TRIAL_WORK
#define TRIAL_KEPT LG_AUTO_TRIAL_KEPT
/* The trial also stops as soon as its work over the share of the tree it
 * has finished passes this many times TRIAL_WORK (at the checkpoints of
 * lg_situation_set_projected_limit, from about a millisecond on): a tree
 * out of reach is given up at once, not after a tenth of a second.  On
 * the tutorial's runs that projection stays within 1.5 times the work
 * they take, and within 1.3 times TRIAL_WORK (-p big --drop 9 with the
 * groups reversed, past the trial; the others finish within it): twice
 * leaves room. */
#define TRIAL_PROJECTED 2
/* What TRIAL_WORK units take, about: the projection in seconds. */
#define TRIAL_SECONDS 0.1
/* From this many items on, the faithful engine is not tried: its masks have
 * n! bits (40320 at 8), every node costs hundreds of words, and its
 * transformation alone takes longer than the fast engine's whole solve. */
#define AUTO_MAX_DIMENSION 7

LgSolver *
lg_solver_new (LgProblem *problem, const LgSolveOptions *options,
               LgStats *stats, GError **error)
{
  if (!lg_problem_check (problem, error))
    return NULL;
  guint n_groups = lg_problem_n_groups (problem);
  guint n = lg_problem_dimension (problem);
  for (guint k = 0; options && k < options->n_given; k++)
    {
      const LgGivenCell *c = &options->given[k];
      g_return_val_if_fail (c->g1 < n_groups && c->g2 < n_groups &&
                                c->g1 != c->g2 && c->i1 < n && c->i2 < n,
                            NULL);
    }
  g_return_val_if_fail (!options || !options->deny ||
                            lg_constraint_set_can_deny (problem, options->deny),
                        NULL);
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
  solver->stats->estimate = -1;
  if (solver->options.progress)
    solver->progress = lg_progress_new (solver->options.progress,
                                        solver->options.progress_delay_ms);

  lg_deadline_init (&solver->deadline, solver->options.deadline);

  g_autoptr (GTimer) timer = g_timer_new ();
  solver->set = lg_constraint_set_new_denying (problem, solver->options.drop,
                                               solver->options.deny);
  solver->stats->constraint_groups = solver->set->groups->len;
  for (guint i = 0; i < solver->set->groups->len; i++)
    solver->stats->variables +=
        ((LgConstraintGroup *) solver->set->groups->pdata[i])->vars->len;
  solver->stats->time_describe += g_timer_elapsed (timer, NULL);
  solver->setup = (LgEngineSetup) {
    .problem = solver->problem,
    .set = solver->set,
    .options = &solver->options,
    .progress = solver->progress,
    .stats = solver->stats,
    .deadline = &solver->deadline,
    .step_limit = solver->options.work_limit,
  };
  return solver;
}

/* The counters of steps 2 and 3 start again (another engine's turn). */
static void
clear_engine_stats (LgStats *stats)
{
  LgStats kept = *stats;
  *stats = (LgStats) { 0 };
  stats->time_describe = kept.time_describe;
  stats->constraint_groups = kept.constraint_groups;
  stats->variables = kept.variables;
  stats->estimate = kept.estimate;
  stats->choice = kept.choice;
}

/* auto gives up the faithful engine (why: choice): the fast one instead.
 * The memory estimate is the larger of the two engines' (they hold their
 * memory one after the other), the faithful one's with what its trial
 * held back.  When the fast one does not fit where the faithful one was
 * made and fitted (hundreds of groups), its error says so. */
static LgEngineImpl *
fall_back (LgSolver *solver, LgEngineImpl *faithful, LgEngineChoice choice,
           GError **error)
{
  gboolean faithful_fits = faithful != NULL && choice != LG_CHOICE_TOO_LARGE;
  guint64 before = 0;
  if (faithful)
    {
      before = solver->stats->memory_estimate + solver->kept_peak;
      faithful->klass->free (faithful);
    }
  solver->stats->choice = choice;
  clear_engine_stats (solver->stats);
  solver->stats->engine = LG_ENGINE_FAST;
  solver->on_trial = FALSE;
  solver->setup.step_limit = solver->options.work_limit;
  solver->setup.projected_limit = 0;
  GError *local = NULL;
  LgEngineImpl *fast = lg_engine_fast_class.create (&solver->setup, &local);
  solver->stats->memory_estimate = MAX (solver->stats->memory_estimate, before);
  /* over the memory limit for both: the faithful engine's need, the larger,
   * is the one to tell */
  if (!fast && solver->faithful_error &&
      g_error_matches (local, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT))
    {
      g_clear_error (&local);
      local = g_steal_pointer (&solver->faithful_error);
    }
  if (!fast && faithful_fits &&
      g_error_matches (local, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT))
    {
      char *message = g_strdup_printf (
          "%s, or use --engine=faithful: the tutorial's engine fits here "
          "(it may be slow)",
          local->message);
      g_free (local->message);
      local->message = message;
    }
  if (local)
    g_propagate_error (error, local);
  return fast;
}

/* auto, step 2: the faithful engine when its tables fit, its
 * transformation is short and its exploration not estimated long; it is
 * then on trial (lg_solver_explore).  The fast one otherwise. */
static LgEngineImpl *
create_auto (LgSolver *solver, GError **error)
{
  LgStats *stats = solver->stats;
  const LgEngineSetup *setup = &solver->setup;
  if (lg_problem_dimension (setup->problem) > AUTO_MAX_DIMENSION)
    return fall_back (solver, NULL, LG_CHOICE_DIMENSION, error);
  if (!lg_engine_faithful_fits (setup->problem, setup->set,
                                setup->options->check,
                                setup->options->memory_limit))
    {
      /* its own refusal (at once: nothing is built), for the message if
       * the fast engine refuses too */
      LgEngineImpl *none =
          lg_engine_faithful_class.create (setup, &solver->faithful_error);
      g_assert (none == NULL);
      return fall_back (solver, NULL, LG_CHOICE_TOO_LARGE, error);
    }
  stats->estimate =
      lg_engine_faithful_transform_seconds (setup->problem, setup->set);
  if (stats->estimate > AUTO_SECONDS)
    return fall_back (solver, NULL, LG_CHOICE_SLOW, error);
  /* chosen (what --stats says, even if the time limit cuts the
   * transformation), unless fall_back changes its mind below */
  stats->engine = LG_ENGINE_FAITHFUL;
  stats->choice = LG_CHOICE_ESTIMATE;
  GError *local = NULL;
  LgEngineImpl *faithful = lg_engine_faithful_class.create (setup, &local);
  if (!faithful)
    {
      if (!g_error_matches (local, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT))
        {
          g_propagate_error (error, local);
          return NULL;
        }
      solver->faithful_error = local;
      return fall_back (solver, NULL, LG_CHOICE_TOO_LARGE, error);
    }
  LgEstimate estimate;
  faithful->klass->estimate (faithful, &estimate);
  stats->estimate += estimate.seconds;
  if (estimate.unknown || stats->estimate > REJECT_SECONDS)
    return fall_back (solver, faithful, LG_CHOICE_SLOW, error);
  solver->on_trial = TRUE;
  solver->setup.step_limit = TRIAL_WORK;
  solver->setup.projected_limit = TRIAL_PROJECTED * TRIAL_WORK;
  return faithful;
}

gboolean
lg_solver_transform (LgSolver *solver, GError **error)
{
  g_return_val_if_fail (solver->engine == NULL && !solver->cut, FALSE);
  LgEngine engine = solver->options.engine;
  GError *local = NULL;
  if (engine == LG_ENGINE_AUTO)
    solver->engine = create_auto (solver, &local);
  else
    {
      solver->stats->engine = engine;
      solver->stats->choice = LG_CHOICE_ASKED;
      solver->engine =
          lg_engine_class (engine)->create (&solver->setup, &local);
    }
  if (g_error_matches (local, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_TIME_LIMIT))
    {
      g_clear_error (&local);
      solver->cut = TRUE;
      return TRUE;
    }
  if (local)
    g_propagate_error (error, local);
  return solver->engine != NULL;
}

gboolean
lg_solver_transform_cut (const LgSolver *solver)
{
  return solver->cut;
}

/* Does the solution agree with the cells of options.given?  The fast
 * engine's always do: it starts its search from them (apply_facts); only
 * the faithful engine's are filtered here. */
static gboolean
fits_given (const LgSolver *solver, const LgSolution *solution)
{
  if (solver->stats->engine == LG_ENGINE_FAST)
    return TRUE;
  for (guint k = 0; k < solver->options.n_given; k++)
    {
      const LgGivenCell *c = &solver->options.given[k];
      guint r = 0;
      while (solution->perm[c->g1][r] != c->i1)
        r++;
      if ((solution->perm[c->g2][r] == c->i2) != !!c->yes)
        return FALSE;
    }
  return TRUE;
}

/* The caller's callback, stopped after max_solutions. */
static gboolean
on_solution (const LgProblem *problem, const LgSolution *solution,
             gpointer data)
{
  LgSolver *solver = data;
  if (!fits_given (solver, solution))
    return TRUE;
  solver->found++;
  solver->stopped =
      (solver->func && !solver->func (problem, solution, solver->user_data)) ||
      (solver->options.max_solutions &&
       solver->found >= solver->options.max_solutions);
  return !solver->stopped;
}

/* The trial's callback: keeps the solution, up to max_solutions and
 * TRIAL_KEPT, and within half of what the memory limit leaves the engine
 * (the faithful engine's solutions told apart may take the other half),
 * counted as they grow: the room doubles, and while it does, the old and
 * the new room are held (past the limit, the trial stops: kept_full). */
static gboolean
keep_solution (const LgProblem *problem, const LgSolution *solution,
               gpointer data)
{
  (void) problem;
  LgSolver *solver = data;
  const size_t bytes = (size_t) solution->n_groups * solution->n;
  if (!fits_given (solver, solution))
    return TRUE;
  if (solver->n_kept == solver->kept_cap)
    {
      guint64 cap = MAX (2 * solver->kept_cap, 1);
      guint64 peak = (solver->kept_cap + cap) * bytes;
      if (peak >
          (solver->options.memory_limit - solver->stats->memory_estimate) / 2)
        {
          solver->kept_full = TRUE;
          return FALSE;
        }
      solver->kept_peak = MAX (solver->kept_peak, peak);
      solver->kept = g_realloc (solver->kept, cap * bytes);
      solver->kept_cap = cap;
    }
  for (guint g = 0; g < solution->n_groups; g++)
    memcpy (solver->kept + solver->n_kept * bytes + (size_t) g * solution->n,
            solution->perm[g], solution->n);
  solver->n_kept++;
  return solver->n_kept < TRIAL_KEPT &&
         (solver->options.max_solutions == 0 ||
          solver->n_kept < solver->options.max_solutions);
}

/* The trial's solutions to the caller, in their order. */
static void
give_kept (LgSolver *solver)
{
  guint n_groups = lg_problem_n_groups (solver->problem);
  guint n = lg_problem_dimension (solver->problem);
  g_autofree const uint8_t **perm = g_new (const uint8_t *, n_groups);
  LgSolution solution = { solver->problem, n_groups, n, perm };
  for (guint64 k = 0; k < solver->n_kept && !solver->stopped; k++)
    {
      for (guint g = 0; g < n_groups; g++)
        perm[g] = solver->kept + (k * n_groups + g) * n;
      on_solution (solver->problem, &solution, solver);
    }
}

/* Did the search run to its end?  And the solutions given to the caller
 * (those that agree with options.given).  No engine: a transform cut. */
static void
end_explore (LgSolver *solver)
{
  const LgEngineClass *klass = solver->engine ? solver->engine->klass : NULL;
  solver->stats->solutions = solver->found;
  solver->stats->timed_out = solver->deadline.passed;
  solver->stats->over_work = klass && !solver->on_trial && klass->over_limit &&
                             klass->over_limit (solver->engine);
  solver->stats->complete =
      !solver->stopped && !solver->deadline.passed && !solver->stats->over_work;
}

gint64
lg_solver_explore (LgSolver *solver, LgSolutionFunc func, gpointer user_data,
                   GError **error)
{
  g_return_val_if_fail (solver->engine != NULL || solver->cut, -1);
  solver->func = func;
  solver->user_data = user_data;
  solver->found = 0;
  solver->stopped = FALSE;
  if (solver->cut)
    {
      /* the time limit stopped the transformation: nothing searched, and
       * the deadline has passed */
      end_explore (solver);
      return 0;
    }
  if (solver->on_trial)
    {
      solver->engine->klass->explore (solver->engine, keep_solution, solver);
      /* past the deadline: what the trial found is all there will be */
      gboolean finished =
          solver->deadline.passed ||
          (!solver->engine->klass->over_limit (solver->engine) &&
           !solver->kept_full &&
           (solver->n_kept < TRIAL_KEPT ||
            solver->options.max_solutions == TRIAL_KEPT));
      if (finished)
        {
          give_kept (solver);
          /* stopped by max_solutions in the trial: not complete either */
          solver->stopped |= solver->options.max_solutions &&
                             solver->n_kept >= solver->options.max_solutions;
        }
      g_clear_pointer (&solver->kept, g_free);
      if (finished)
        {
          solver->stats->memory_estimate += solver->kept_peak;
          end_explore (solver);
          return (gint64) solver->found;
        }
      /* the memory limit: hardly possible where the faithful
       * transformation succeeded (the same rules in the same order, far
       * less memory), but reported */
      LgEngineChoice why = LG_CHOICE_TRIAL;
      double projected = lg_engine_faithful_projected (solver->engine);
      if (solver->kept_full || solver->stats->over_memory)
        why = LG_CHOICE_TOO_LARGE;
      else if (!solver->engine->klass->over_limit (solver->engine))
        why = LG_CHOICE_MANY; /* stopped at TRIAL_KEPT solutions */
      else if (projected > 0)
        {
          why = LG_CHOICE_PROJECTED;
          solver->stats->estimate = projected / TRIAL_WORK * TRIAL_SECONDS;
        }
      solver->engine = fall_back (solver, solver->engine, why, error);
      if (!solver->engine)
        return -1;
    }
  solver->engine->klass->explore (solver->engine, on_solution, solver);
  end_explore (solver);
  guint64 n = solver->found;
  if (solver->stats->over_memory)
    {
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT,
                   "the search stopped after %" G_GUINT64_FORMAT
                   " solutions: the ones kept to tell them from those met "
                   "again along another path of the tree need more than "
                   "the memory limit leaves; raise --memory-limit",
                   n);
      return -1;
    }
  return (gint64) n;
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
  g_clear_error (&solver->faithful_error);
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
  g_return_val_if_fail (solver->engine != NULL || solver->cut, NULL);
  if (solver->cut)
    {
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_TIME_LIMIT,
                   "the time limit passed before the AND/OR tree was built");
      return NULL;
    }
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

double
lg_solver_transform_bound (const LgSolver *solver)
{
  g_return_val_if_fail (solver->engine == NULL, -1);
  if (solver->options.engine != LG_ENGINE_FAITHFUL ||
      !lg_engine_faithful_fits (solver->problem, solver->set,
                                solver->options.check,
                                solver->options.memory_limit))
    return -1;
  return lg_engine_faithful_transform_seconds (solver->problem, solver->set);
}

double
lg_solver_estimate (LgSolver *solver)
{
  g_return_val_if_fail (solver->engine != NULL || solver->cut, -1);
  if (solver->cut || !solver->engine->klass->estimate)
    return -1;
  LgEstimate estimate;
  solver->engine->klass->estimate (solver->engine, &estimate);
  return estimate.unknown ? -1 : estimate.seconds;
}

gint64
lg_problem_solve (LgProblem *problem, const LgSolveOptions *options,
                  LgStats *stats, LgSolutionFunc func, gpointer user_data,
                  GError **error)
{
  g_autoptr (LgSolver) solver = lg_solver_new (problem, options, stats, error);
  if (!solver || !lg_solver_transform (solver, error))
    return -1;
  return lg_solver_explore (solver, func, user_data, error);
}
