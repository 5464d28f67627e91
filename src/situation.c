/* situation — see situation.h. */
#include "situation.h"

#include <string.h>

#include "bitset.h"
#include "constraint.h"
#include "constraint_set.h"

struct LgSituation
{
  LgProblem *problem;
  const LgPermut *permut;
  guint n_groups, n, n_pairs;
  size_t n_words, n_perms;
  uint64_t *masks; /* n_pairs masks */
  /* undo stack */
  guint *undo_pair;
  uint64_t *undo_words;
  size_t undo_top, undo_cap;
  size_t *marks;
  size_t n_marks, marks_cap;
  /* try_solution */
  LgSolution solution;
  uint8_t *identity;
  uint8_t *composed;
  gboolean stopped;
  guint64 candidates, checks, solutions;
};

LgSituation *
lg_situation_new (LgProblem *problem, const LgPermut *permut,
                  const LgAndOrTree *tree)
{
  LgSituation *s = g_new0 (LgSituation, 1);
  s->problem = problem;
  s->permut = permut;
  s->n_groups = lg_problem_n_groups (problem);
  s->n = (guint) permut->n;
  s->n_pairs = s->n_groups * (s->n_groups - 1) / 2;
  s->n_perms = permut->count;
  s->n_words = lg_bitset_n_words (permut->count);
  s->masks = g_new (uint64_t, MAX (s->n_pairs, 1) * s->n_words);
  for (guint i = 0; i < s->n_pairs; i++)
    lg_bitset_set_all (s->masks + i * s->n_words, s->n_perms);

  LgGraphSize size;
  lg_backtracking_measure (tree->root, &size);
  s->undo_cap = (size_t) size.max_path_leaves + 1;
  s->undo_pair = g_new (guint, s->undo_cap);
  s->undo_words = g_new (uint64_t, s->undo_cap * s->n_words);
  s->marks_cap = (size_t) size.max_path_alternatives + 1;
  s->marks = g_new (size_t, s->marks_cap);

  s->solution.problem = problem;
  s->solution.n_groups = s->n_groups;
  s->solution.n = s->n;
  s->solution.perm = g_new0 (const uint8_t *, s->n_groups);
  s->identity = g_new (uint8_t, s->n);
  for (guint i = 0; i < s->n; i++)
    s->identity[i] = (uint8_t) i;
  s->composed = g_new (uint8_t, s->n);
  return s;
}

void
lg_situation_free (LgSituation *s)
{
  if (!s)
    return;
  g_free (s->masks);
  g_free (s->undo_pair);
  g_free (s->undo_words);
  g_free (s->marks);
  g_free (s->solution.perm);
  g_free (s->identity);
  g_free (s->composed);
  g_free (s);
}

const uint64_t *
lg_situation_mask (const LgSituation *s, guint g1, guint g2)
{
  return s->masks + lg_pair_index (g1, g2) * s->n_words;
}

void
lg_situation_get_counts (const LgSituation *s, guint64 *candidates,
                         guint64 *checks, guint64 *solutions)
{
  *candidates = s->candidates;
  *checks = s->checks;
  *solutions = s->solutions;
}

/* ---- Context hooks ------------------------------------------------------ */

static void
context_clear (void *context)
{
  LgSituation *s = context;
  s->undo_top = 0;
  s->n_marks = 0;
}

static void
context_push (void *context)
{
  LgSituation *s = context;
  g_assert (s->n_marks < s->marks_cap);
  s->marks[s->n_marks++] = s->undo_top;
}

static void
context_restore (void *context)
{
  LgSituation *s = context;
  size_t mark = s->marks[s->n_marks - 1];
  while (s->undo_top > mark)
    {
      s->undo_top--;
      memcpy (s->masks + s->undo_pair[s->undo_top] * s->n_words,
              s->undo_words + s->undo_top * s->n_words,
              s->n_words * sizeof (uint64_t));
    }
}

static void
context_restore_and_pop (void *context)
{
  LgSituation *s = context;
  context_restore (context);
  s->n_marks--;
}

static void
context_cut (void *context)
{
  LgSituation *s = context;
  s->n_marks--;
}

/* NODE_MASK.explore and SITUATION.change: narrow one pair's mask. */
static bool
explore_mask (void *context, LgNode *leaf)
{
  LgSituation *s = context;
  const LgMaskNode *m = leaf->data;
  uint64_t *value = s->masks + m->pair * s->n_words;
  g_assert (s->undo_top < s->undo_cap);
  s->undo_pair[s->undo_top] = m->pair;
  memcpy (s->undo_words + s->undo_top * s->n_words, value,
          s->n_words * sizeof (uint64_t));
  s->undo_top++;
  return lg_bitset_and (value, m->words, s->n_words);
}

const LgBacktrackingHooks lg_situation_hooks = {
  .clear = context_clear,
  .push = context_push,
  .restore = context_restore,
  .restore_and_pop = context_restore_and_pop,
  .cut = context_cut,
  .explore = explore_mask,
};

/* ---- try_solution ---------------------------------------------------------- */

/* is_ok: is the association of groups mid < last implied by their two
 * permutations still possible in the situation? */
static gboolean
is_ok (LgSituation *s, guint mid, guint last)
{
  const uint8_t *xmid = s->solution.perm[mid], *xlast = s->solution.perm[last];
  s->checks++;
  for (guint j = 0; j < s->n; j++)
    s->composed[xmid[j]] = xlast[j];
  size_t k = lg_permut_rank (s->composed, (int) s->n);
  return lg_bitset_test (lg_situation_mask (s, mid, last), k);
}

static void
try_group (LgSituation *s, guint idx, LgSolutionFunc func, gpointer data)
{
  if (idx == s->n_groups)
    {
      s->solutions++;
      if (func && !func (s->problem, &s->solution, data))
        s->stopped = TRUE;
      return;
    }
  const uint64_t *b = lg_situation_mask (s, 0, idx);
  for (size_t r = lg_bitset_next (b, s->n_perms, 0); r < s->n_perms;
       r = lg_bitset_next (b, s->n_perms, r + 1))
    {
      s->candidates++;
      s->solution.perm[idx] = lg_permut_get (s->permut, r);
      guint j = 1;
      while (j < idx && is_ok (s, j, idx))
        j++;
      if (j == idx)
        {
          try_group (s, idx + 1, func, data);
          if (s->stopped)
            return;
        }
    }
}

gboolean
lg_situation_try_solution (LgSituation *s, LgSolutionFunc func,
                           gpointer user_data)
{
  s->solution.perm[0] = s->identity;
  try_group (s, 1, func, user_data);
  return !s->stopped;
}

/* ---- Brute-force verification ---------------------------------------------- */

/* Does the couple hold in the complete solution?  Items are compared row
 * by row: x and y are associated when they stand on the same row. */
static gboolean
couple_holds (const LgRule *rule, const uint8_t *const *perm, guint n)
{
  guint gx = rule->x->group->index, gy = rule->y->group->index;
  guint row = 0;
  while (row < n && perm[gx][row] != rule->x->index)
    row++;
  gboolean together = row < n && perm[gy][row] == rule->y->index;
  return rule->kind == LG_RULE_YES ? together : !together;
}

static gboolean
group_holds (const LgConstraintGroup *cg, guint ivar,
             const uint8_t *const *perm, guint n)
{
  if (ivar == cg->vars->len)
    {
      for (guint i = 0; i < cg->logic->len; i++)
        if (lg_rule_eval (cg->logic->pdata[i]) != LG_EVAL_TRUE)
          return FALSE;
      for (guint i = 0; i < cg->couple->len; i++)
        if (!couple_holds (cg->couple->pdata[i], perm, n))
          return FALSE;
      return TRUE;
    }
  LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < n; k++)
    {
      var->index = k;
      if (group_holds (cg, ivar + 1, perm, n))
        return TRUE;
    }
  return FALSE;
}

gboolean
lg_situation_verify (LgProblem *problem, const uint8_t *const *perm)
{
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (problem);
  guint n = lg_problem_dimension (problem);
  if (!group_holds (set->unbound, 0, perm, n))
    return FALSE;
  for (guint i = 0; i < set->groups->len; i++)
    if (!group_holds (set->groups->pdata[i], 0, perm, n))
      return FALSE;
  return TRUE;
}

/* ---- Accessors ------------------------------------------------------------ */

guint
lg_problem_get_error_line (LgProblem *problem)
{
  return problem->error_line;
}

const LgItem *
lg_solution_get (const LgSolution *solution, guint group, guint row)
{
  g_return_val_if_fail (group < solution->n_groups && row < solution->n, NULL);
  LgGroup *g = lg_problem_get_group (solution->problem, group);
  return lg_group_get_item (g, solution->perm[group][row]);
}
