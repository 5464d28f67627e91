/* checker — see checker.h. */
#include "checker.h"

#include <string.h>

#include "bitset.h"
#include "constraint.h"

/* ---- Brute-force verification ------------------------------------------- */

/* A complete solution: x and y are associated when they stand on the same
 * row. */
typedef struct
{
  const uint8_t *const *perm;
  guint n;
} Solution;

/* Are item i1 of g1 and item i2 of g2 on the same row (LgCoupleTruth)? */
static LgEval
cell_holds (guint g1, guint i1, guint g2, guint i2, gpointer data)
{
  const Solution *s = data;
  guint row = 0;
  while (row < s->n && s->perm[g1][row] != i1)
    row++;
  return (LgEval) (row < s->n && s->perm[g2][row] == i2);
}

static gboolean
group_holds (const LgConstraintGroup *cg, guint ivar, guint *assignment,
             const uint8_t *const *perm, guint n)
{
  if (ivar == cg->vars->len)
    {
      Solution s = { perm, n };
      for (guint i = 0; i < cg->logic->len; i++)
        if (lg_rule_eval3 (cg->logic->pdata[i], assignment, cell_holds, &s) !=
            LG_EVAL_TRUE)
          return FALSE;
      for (guint i = 0; i < cg->couple->len; i++)
        if (lg_rule_eval3 (cg->couple->pdata[i], assignment, cell_holds, &s) !=
            LG_EVAL_TRUE)
          return FALSE;
      return TRUE;
    }
  const LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < n; k++)
    {
      assignment[var->var_id] = k;
      if (group_holds (cg, ivar + 1, assignment, perm, n))
        return TRUE;
    }
  return FALSE;
}

gboolean
lg_checker_verify (const LgProblem *problem, const LgConstraintSet *set,
                   const uint8_t *const *perm)
{
  g_autoptr (LgConstraintSet) own = NULL;
  if (!set)
    set = own = lg_constraint_set_new (problem);
  g_autofree guint *assignment =
      g_new0 (guint, MAX (lg_problem_n_vars (problem), 1));
  guint n = lg_problem_dimension (problem);
  if (!group_holds (set->unbound, 0, assignment, perm, n))
    return FALSE;
  for (guint i = 0; i < set->groups->len; i++)
    if (!group_holds (set->groups->pdata[i], 0, assignment, perm, n))
      return FALSE;
  return TRUE;
}

/* ---- The masks under the undo stack -------------------------------------- */

struct LgMaskChecker
{
  const uint64_t *masks;
  size_t n_masks, n_bits, n_words, size; /* size: words of all the masks */
  GArray *saved;                         /* uint64_t, size words a point */
};

LgMaskChecker *
lg_mask_checker_new (const uint64_t *masks, size_t n_masks, size_t n_bits)
{
  LgMaskChecker *c = g_new0 (LgMaskChecker, 1);
  c->masks = masks;
  c->n_masks = n_masks;
  c->n_bits = n_bits;
  c->n_words = lg_bitset_n_words (n_bits);
  c->size = n_masks * c->n_words;
  c->saved = g_array_new (FALSE, FALSE, sizeof (uint64_t));
  return c;
}

void
lg_mask_checker_free (LgMaskChecker *c)
{
  if (!c)
    return;
  g_array_unref (c->saved);
  g_free (c);
}

void
lg_mask_checker_clear (LgMaskChecker *c)
{
  g_array_set_size (c->saved, 0);
}

void
lg_mask_checker_push (LgMaskChecker *c)
{
  g_array_append_vals (c->saved, c->masks, c->size);
}

void
lg_mask_checker_restore (LgMaskChecker *c, gboolean pop)
{
  g_assert (c->saved->len >= c->size);
  size_t top = c->saved->len - c->size;
  const uint64_t *saved = &g_array_index (c->saved, uint64_t, top);
  g_assert (memcmp (saved, c->masks, c->size * sizeof *saved) == 0);
  for (size_t m = 0; m < c->n_masks; m++)
    {
      const uint64_t *mask = c->masks + m * c->n_words;
      g_assert (lg_bitset_count (mask, c->n_words) > 0);
      g_assert (lg_bitset_next (mask, c->n_words * 64, c->n_bits) ==
                c->n_words * 64);
    }
  if (pop)
    g_array_set_size (c->saved, (guint) top);
}

void
lg_mask_checker_cut (LgMaskChecker *c)
{
  g_assert (c->saved->len >= c->size);
  g_array_set_size (c->saved, (guint) (c->saved->len - c->size));
}
