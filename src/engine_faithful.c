/* engine_faithful — see engine_faithful.h. */
#include "engine_faithful.h"

#include "bitset.h"
#include "budget.h"
#include "constraint.h"
#include "pair.h"
#include "situation.h"

typedef struct
{
  LgEngineImpl impl;          /* first: the engine interface */
  const LgEngineSetup *setup; /* borrowed: read at explore (step_limit) */
  LgPermut *permut;
  LgAndOrTree *tree;
  LgSituation *situation; /* made by the estimate or explore, whichever
                             comes first (situation_of) */
  gboolean explored;
  LgEstimate estimate; /* once faithful_estimate ran */
  gboolean estimated;
} FaithfulEngine;

static void faithful_estimate (LgEngineImpl *engine, LgEstimate *estimate);

static void
faithful_free (LgEngineImpl *engine)
{
  FaithfulEngine *e = (FaithfulEngine *) engine;
  if (!e)
    return;
  lg_situation_free (e->situation);
  lg_and_or_tree_free (e->tree);
  lg_permut_free (e->permut);
  g_free (e);
}

/* The problem, the permutation table, then the larger of the builder's
 * scratch (freed before the situation is made) and the situation over
 * tree (NULL: before the tree, without what depends on it). */
static guint64
faithful_bytes (const LgProblem *problem, const LgConstraintSet *set,
                const LgAndOrTree *tree, LgCheck check, gboolean prune)
{
  guint n = lg_problem_dimension (problem);
  guint64 n_perms = (guint64) lg_permut_factorial ((int) n);
  return lg_budget_problem_bytes (problem) + n_perms * n +
         MAX (lg_mask_builder_scratch_bytes (problem, set),
              lg_situation_bytes (problem, tree, check, prune));
}

guint64
lg_engine_faithful_fixed_bytes (const LgProblem *problem,
                                const LgConstraintSet *set, LgCheck check)
{
  return faithful_bytes (problem, set, NULL, check, FALSE);
}

gboolean
lg_engine_faithful_fits (const LgProblem *problem, const LgConstraintSet *set,
                         LgCheck check, guint64 memory_limit)
{
  return lg_problem_dimension (problem) <= LG_PERMUT_MAX_N &&
         lg_engine_faithful_fixed_bytes (problem, set, check) <= memory_limit;
}

/* What one complete assignment costs the transformation at most: its
 * rules evaluated, and each couple's mask built. */
#define SECONDS_PER_WORD 1e-9

/* The couple logic's expansion is bounded by 2^cells alternatives; from
 * SIMULATE_MIN_CELLS cells that bound can be far above the work (an `and`
 * of 30 couples has one alternative, found in 31 steps), so the expansion
 * is run for every assignment and its steps and alternatives counted,
 * within SIMULATE_NODES steps for all the groups (a few milliseconds). */
#define SIMULATE_MIN_CELLS 12
#define SIMULATE_NODES 50000

static gboolean
count_alternative (const LgCellLiteral *literals, guint n_literals,
                   gpointer data)
{
  (void) literals;
  (void) n_literals;
  (*(guint64 *) data)++;
  return TRUE;
}

/* The steps and alternatives of the couple logic's expansion over every
 * assignment of the group's variables, taken from *budget; FALSE (and
 * *budget 0) when they are more. */
static gboolean
simulate_expansion (const LgProblem *problem, const LgConstraintGroup *cg,
                    GPtrArray *couple_logic, guint64 *budget, double *nodes,
                    double *alternatives)
{
  guint n = lg_problem_dimension (problem);
  g_autofree guint *assignment =
      g_new0 (guint, MAX (lg_problem_n_vars (problem), 1));
  LgExpansion *x =
      lg_expansion_new ((const LgRule *const *) couple_logic->pdata,
                        couple_logic->len, assignment);
  lg_expansion_set_node_limit (x, *budget);
  guint64 alts = 0;
  gboolean complete = TRUE;
  for (;;)
    {
      const LgRule *overflow;
      lg_expansion_run (x, count_alternative, &alts, &overflow);
      if (lg_expansion_nodes (x) > *budget)
        {
          complete = FALSE;
          break;
        }
      guint k = 0; /* the next assignment, the first variable fastest */
      for (; k < cg->vars->len; k++)
        {
          guint id = ((const LgItem *) cg->vars->pdata[k])->var_id;
          if (++assignment[id] < n)
            break;
          assignment[id] = 0;
        }
      if (k == cg->vars->len)
        break;
    }
  *budget = complete ? *budget - lg_expansion_nodes (x) : 0;
  *nodes = (double) lg_expansion_nodes (x);
  *alternatives = (double) alts;
  lg_expansion_free (x);
  return complete;
}

double
lg_engine_faithful_transform_seconds (const LgProblem *problem,
                                      const LgConstraintSet *set)
{
  guint n = lg_problem_dimension (problem);
  double n_words =
      (double) lg_bitset_n_words ((size_t) lg_permut_factorial ((int) n));
  double work = 0;
  guint64 budget = SIMULATE_NODES;
  for (guint i = 0; i <= set->groups->len; i++)
    {
      const LgConstraintGroup *cg =
          i < set->groups->len ? set->groups->pdata[i] : set->unbound;
      double assignments = 1;
      for (guint k = 0; k < cg->vars->len; k++)
        assignments *= n;
      /* the couple logic's alternatives: at most 2^cells, each the
       * couples' masks narrowed by its literals */
      g_autoptr (GPtrArray) couple_logic = g_ptr_array_new ();
      lg_rules_split_couple_logic (cg->logic, couple_logic, NULL);
      guint cells = lg_rules_n_cells (
          (const LgRule *const *) couple_logic->pdata, couple_logic->len);
      work += assignments * (1 + cg->logic->len + cg->couple->len * n_words);
      if (!cells)
        continue;
      double nodes, alternatives;
      if (cells >= SIMULATE_MIN_CELLS && assignments <= SIMULATE_NODES &&
          simulate_expansion (problem, cg, couple_logic, &budget, &nodes,
                              &alternatives))
        work += nodes * (cells + 1) +
                alternatives * (cells + cg->couple->len) * n_words;
      else
        work += assignments *
                (double) (G_GUINT64_CONSTANT (1) << MIN (cells, 60)) *
                (cells + cg->couple->len) * n_words;
    }
  return work * SECONDS_PER_WORD;
}

/* Step 2: the numbering and the tree, within the memory limit. */
static LgEngineImpl *
faithful_create (const LgEngineSetup *setup, GError **error)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  const LgProblem *problem = setup->problem;
  const guint64 memory_limit = setup->options->memory_limit;
  LgStats *stats = setup->stats;
  guint n = lg_problem_dimension (problem);
  if (n > LG_PERMUT_MAX_N)
    {
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE,
                   "dimension %u is too large for the faithful engine: it "
                   "keeps all n! permutations, at most %d items per group; "
                   "use --engine=fast (up to %d items)",
                   n, LG_PERMUT_MAX_N, LG_MAX_ITEMS);
      return NULL;
    }
  size_t n_perms = (size_t) lg_permut_factorial ((int) n);
  const LgCheck check = setup->options->check;
  guint64 fixed = lg_engine_faithful_fixed_bytes (problem, setup->set, check);
  if (fixed > memory_limit)
    {
      g_autofree char *who = g_strdup_printf ("dimension %u needs", n);
      g_autofree char *what = g_strdup_printf (
          "its %zu permutations, the pair masks and try_solution's tables",
          n_perms);
      lg_budget_set_fixed_error (error, who, fixed, what, memory_limit);
      return NULL;
    }
  FaithfulEngine *e = g_new0 (FaithfulEngine, 1);
  e->impl.klass = &lg_engine_faithful_class;
  e->setup = setup;
  e->permut = lg_permut_new ((int) n);
  /* on a terminal, asked for and bounded long: the builder's line says
   * what is quicker */
  if (setup->progress && setup->stats->choice == LG_CHOICE_ASKED &&
      lg_engine_faithful_transform_seconds (problem, setup->set) >=
          LG_FAITHFUL_SLOW_SECONDS)
    lg_progress_set_phase_note (setup->progress, "transform",
                                "--engine=fast would be much quicker");
  e->tree = lg_mask_builder_build (
      problem, setup->set, e->permut, setup->options->challenge,
      setup->progress, setup->deadline, memory_limit - fixed, error);
  lg_progress_set_phase_note (setup->progress, NULL, NULL);
  if (!e->tree)
    {
      stats->time_transform = g_timer_elapsed (timer, NULL);
      faithful_free (&e->impl);
      return NULL;
    }
  /* the tree, and the larger of the builder's scratch and the situation
   * over the tree: its tables of the pairs the tree narrows, its undo
   * stack, the flattened tree */
  guint64 need = e->tree->bytes + faithful_bytes (problem, setup->set, e->tree,
                                                  check, setup->options->prune);
  if (need > memory_limit)
    {
      lg_budget_set_fixed_error (error, "the exploration needs", need,
                                 "the tree, its undo stack and its flat form",
                                 memory_limit);
      faithful_free (&e->impl);
      return NULL;
    }
  stats->memory_estimate = need;
  stats->time_transform = g_timer_elapsed (timer, NULL);
  stats->leaves_tried = e->tree->leaves_tried;
  stats->leaves_kept = e->tree->leaves_kept;
  stats->leaves_saved = e->tree->leaves_saved;
  stats->and_nodes = e->tree->and_nodes;
  stats->or_nodes = e->tree->or_nodes;
  stats->mask_nodes = e->tree->mask_nodes;
  stats->masks_words = e->tree->mask_nodes * e->tree->n_words;
  return &e->impl;
}

/* Can the tree reach one solution along two paths?  A path is a choice of
 * an item for every variable of the groups with couples; two paths give the
 * same solution only when some variable is not determined by the solution.
 * A variable is, when a yes couple ties it to an item, or to a variable
 * that is (a fixpoint).  So when every variable is tied, each solution is
 * met once and none needs to be remembered. */
static gboolean
may_repeat (const LgConstraintSet *set)
{
  for (guint i = 0; i < set->groups->len; i++)
    {
      const LgConstraintGroup *cg = set->groups->pdata[i];
      if (!lg_constraint_group_has_couples (cg))
        continue; /* no OR node of its own in the tree */
      g_autoptr (GHashTable) tied = g_hash_table_new (NULL, NULL);
      for (gboolean grew = TRUE; grew;)
        {
          grew = FALSE;
          for (guint c = 0; c < cg->couple->len; c++)
            {
              const LgRule *r = cg->couple->pdata[c];
              if (r->kind != LG_RULE_YES)
                continue;
              gboolean x = !r->x->is_var || g_hash_table_contains (tied, r->x);
              gboolean y = !r->y->is_var || g_hash_table_contains (tied, r->y);
              if (x && !y)
                grew |= g_hash_table_add (tied, r->y);
              if (y && !x)
                grew |= g_hash_table_add (tied, r->x);
            }
        }
      if (g_hash_table_size (tied) < cg->vars->len)
        return TRUE;
    }
  return FALSE;
}

/* The situation over the tree: the estimate probes it and leaves its masks
 * as they were, so the exploration starts from it too (and from the
 * flattened tree it keeps). */
static LgSituation *
situation_of (FaithfulEngine *e)
{
  const LgEngineSetup *setup = e->setup;
  if (!e->situation)
    e->situation = lg_situation_new (setup->problem, setup->set, e->permut,
                                     e->tree, setup->options, setup->progress);
  return e->situation;
}

/* Step 3: the situation over the tree. */
static guint64
faithful_explore (LgEngineImpl *engine, LgSolutionFunc func, gpointer user_data)
{
  FaithfulEngine *e = (FaithfulEngine *) engine;
  g_return_val_if_fail (!e->explored, 0);
  e->explored = TRUE;
  const LgEngineSetup *setup = e->setup;
  LgStats *stats = setup->stats;
  g_autoptr (GTimer) timer = g_timer_new ();
  situation_of (e);
  /* the solutions kept to tell them apart, counted as they grow, within
   * what the memory limit leaves (auto's trial, the faithful engine under
   * auto: half of it, the other is for the solutions it holds back,
   * solver.c) */
  if (may_repeat (setup->set))
    {
      guint64 left = setup->options->memory_limit - stats->memory_estimate;
      gboolean trial = setup->options->engine == LG_ENGINE_AUTO;
      lg_situation_set_distinct (e->situation, trial ? left / 2 : left);
    }
  if (setup->step_limit)
    lg_situation_set_step_limit (e->situation, setup->step_limit);
  if (setup->projected_limit)
    lg_situation_set_projected_limit (e->situation, setup->projected_limit);
  lg_situation_set_deadline (e->situation, setup->deadline);
  /* on a terminal: the estimate's nodes as the total, and a word of the
   * fast engine when this one was asked for and will take long */
  guint64 total = 0;
  if (setup->progress)
    {
      LgEstimate estimate;
      faithful_estimate (engine, &estimate);
      total = estimate.nodes < 1e18 ? (guint64) estimate.nodes : 0;
    }
  lg_progress_begin (setup->progress, "explore", "nodes", total);
  if (setup->progress && stats->choice == LG_CHOICE_ASKED &&
      e->estimate.seconds >= LG_FAITHFUL_SLOW_SECONDS)
    {
      lg_progress_set_expected (setup->progress, e->estimate.seconds);
      lg_progress_set_note (setup->progress,
                            "--engine=fast would be much quicker");
    }
  LgBacktrackingStats bs;
  lg_situation_explore (e->situation, e->tree->root,
                        setup->options->trace != NULL, func, user_data, &bs);
  lg_progress_end (setup->progress);
  stats->time_explore = g_timer_elapsed (timer, NULL);

  stats->nodes_explored = bs.nodes;
  stats->work = bs.nodes + lg_situation_work (e->situation);
  stats->alternatives = bs.alternatives;
  stats->backtracks = bs.backtracks;
  stats->tree_solutions = bs.successes;
  lg_situation_get_counts (e->situation, &stats->candidates, &stats->checks,
                           &stats->solutions, &stats->candidates_saved);
  lg_situation_get_levels (e->situation, stats->level_candidates,
                           stats->level_checks, LG_STATS_LEVELS);
  stats->duplicates = lg_situation_duplicates (e->situation);
  stats->memory_estimate += lg_situation_distinct_bytes (e->situation);
  stats->over_memory = lg_situation_over_memory (e->situation);
  return stats->solutions;
}

static gboolean
faithful_over_limit (const LgEngineImpl *engine)
{
  const FaithfulEngine *e = (const FaithfulEngine *) engine;
  return e->explored && (lg_situation_over_limit (e->situation) ||
                         lg_situation_over_memory (e->situation));
}

double
lg_engine_faithful_projected (const LgEngineImpl *engine)
{
  const FaithfulEngine *e = (const FaithfulEngine *) engine;
  return e->explored ? lg_situation_projected (e->situation) : 0;
}

/* The probes of an estimate (lg_situation_estimate) and their seed.  The
 * seconds: nodes and alternative points at the costs measured on the
 * tutorial problems and generated puzzles (doc/performance.md, "Choosing
 * the engine"); try_solution's work is not in it. */
#define ESTIMATE_PROBES 64
#define ESTIMATE_SEED UINT64_C (0x6c6f676967726d21)
#define SECONDS_PER_NODE 3e-9
#define SECONDS_PER_STEP 20e-9
/* Beyond 12 words a mask (6 items), a node reads, saves and restores masks
 * of n! bits: this much more for each word past 12 (measured, the walk's
 * nodes on generated puzzles: 57 ns at 7 items, 79 words a mask; 1.2
 * microseconds at 8, 630 words; 1.6 at 9, 5,670 words: their first words
 * mostly decide). */
#define SECONDS_PER_NODE_WORD 1e-9
#define WORDS_AT_6 12

static void
faithful_estimate (LgEngineImpl *engine, LgEstimate *estimate)
{
  FaithfulEngine *e = (FaithfulEngine *) engine;
  if (e->estimated)
    {
      *estimate = e->estimate;
      return;
    }
  lg_situation_estimate (situation_of (e), e->tree->root, ESTIMATE_PROBES,
                         ESTIMATE_SEED, estimate);
  size_t n_words = e->tree->n_words;
  double per_node = SECONDS_PER_NODE + (n_words > WORDS_AT_6
                                            ? (double) (n_words - WORDS_AT_6) *
                                                  SECONDS_PER_NODE_WORD
                                            : 0);
  estimate->seconds =
      estimate->nodes * per_node + estimate->steps * SECONDS_PER_STEP;
  e->estimate = *estimate;
  e->estimated = TRUE;
}

static const LgAndOrTree *
faithful_tree (const LgEngineImpl *engine, const LgPermut **permut)
{
  const FaithfulEngine *e = (const FaithfulEngine *) engine;
  *permut = e->permut;
  return e->tree;
}

const LgEngineClass lg_engine_faithful_class = {
  .name = "faithful",
  .create = faithful_create,
  .explore = faithful_explore,
  .tree = faithful_tree,
  .estimate = faithful_estimate,
  .over_limit = faithful_over_limit,
  .free = faithful_free,
};
