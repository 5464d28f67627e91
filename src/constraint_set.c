/* constraint_set — see constraint_set.h. */
#include "constraint_set.h"

#include <stdlib.h>

#include "constraint.h"

static LgConstraintGroup *
group_new (void)
{
  LgConstraintGroup *g = g_new0 (LgConstraintGroup, 1);
  g->vars = g_ptr_array_new ();
  g->logic = g_ptr_array_new ();
  g->couple = g_ptr_array_new ();
  return g;
}

static void
group_free (gpointer data)
{
  LgConstraintGroup *g = data;
  g_ptr_array_unref (g->vars);
  g_ptr_array_unref (g->logic);
  g_ptr_array_unref (g->couple);
  g_free (g);
}

static gint
by_creation (gconstpointer a, gconstpointer b)
{
  const LgItem *x = *(LgItem *const *) a, *y = *(LgItem *const *) b;
  return (x->var_id > y->var_id) - (x->var_id < y->var_id);
}

static void
add_vars (LgConstraintGroup *g, GPtrArray *vars)
{
  for (guint i = 0; i < vars->len; i++)
    if (!g_ptr_array_find (g->vars, vars->pdata[i], NULL))
      g_ptr_array_add (g->vars, vars->pdata[i]);
  g_ptr_array_sort (g->vars, by_creation);
}

static void
append_all (GPtrArray *dst, GPtrArray *src)
{
  for (guint i = 0; i < src->len; i++)
    g_ptr_array_add (dst, src->pdata[i]);
}

/* The group of variable v, or NULL. */
static LgConstraintGroup *
group_of (const LgConstraintSet *set, const LgItem *v)
{
  return v->var_id < set->group_of->len ? set->group_of->pdata[v->var_id]
                                        : NULL;
}

static void
group_add (LgConstraintGroup *g, LgRule *rule, GPtrArray *vars)
{
  add_vars (g, vars);
  g_ptr_array_add (lg_rule_is_couple (rule) ? g->couple : g->logic, rule);
  g->n_couple_logic += lg_rule_is_couple_logic (rule);
}

void
lg_constraint_set_add (LgConstraintSet *set, LgRule *rule)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  lg_rule_collect_vars (rule, vars);
  if (vars->len == 0 && !lg_rule_is_couple_logic (rule))
    {
      group_add (set->unbound, rule, vars);
      return;
    }
  /* the groups sharing a variable with the rule are those of its
   * variables (the groups' variables are disjoint): it joins the first of
   * them, and the others are merged into that one in their order */
  gboolean any = FALSE;
  for (guint k = 0; k < vars->len && !any; k++)
    any = group_of (set, vars->pdata[k]) != NULL;
  LgConstraintGroup *g = NULL;
  for (guint i = 0; any && i < set->groups->len;)
    {
      LgConstraintGroup *other = set->groups->pdata[i];
      gboolean shares = FALSE;
      for (guint k = 0; k < vars->len && !shares; k++)
        shares = group_of (set, vars->pdata[k]) == other;
      if (!shares)
        i++;
      else if (!g)
        {
          g = other;
          group_add (g, rule, vars);
          i++;
        }
      else
        {
          add_vars (g, other->vars);
          append_all (g->logic, other->logic);
          append_all (g->couple, other->couple);
          g->n_couple_logic += other->n_couple_logic;
          g_ptr_array_remove_index (set->groups, i); /* frees other */
        }
    }
  if (!g)
    {
      g = group_new ();
      group_add (g, rule, vars);
      g_ptr_array_add (set->groups, g);
    }
  for (guint k = 0; k < g->vars->len; k++)
    {
      const LgItem *v = g->vars->pdata[k];
      if (v->var_id >= set->group_of->len)
        g_ptr_array_set_size (set->group_of, v->var_id + 1);
      set->group_of->pdata[v->var_id] = g;
    }
}

guint
lg_constraint_group_last_var (const LgConstraintGroup *cg, const LgRule *rule)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  lg_rule_collect_vars (rule, vars);
  guint last = 0;
  for (guint v = 0; v < vars->len; v++)
    {
      guint pos = 0;
      g_ptr_array_find (cg->vars, vars->pdata[v], &pos);
      last = MAX (last, pos);
    }
  return last;
}

LgConstraintSet *
lg_constraint_set_new (const LgProblem *problem)
{
  return lg_constraint_set_new_dropping (problem, NULL);
}

LgConstraintSet *
lg_constraint_set_new_dropping (const LgProblem *problem, const gboolean *drop)
{
  LgConstraintSet *set = g_new0 (LgConstraintSet, 1);
  set->groups = g_ptr_array_new_with_free_func (group_free);
  set->unbound = group_new ();
  set->group_of = g_ptr_array_new ();
  for (guint i = 0; i < problem->rules->len; i++)
    {
      LgRule *rule = problem->rules->pdata[i];
      if (!rule->dropped && !(drop && drop[i]))
        lg_constraint_set_add (set, rule);
    }
  return set;
}

void
lg_constraint_set_free (LgConstraintSet *set)
{
  if (!set)
    return;
  g_ptr_array_unref (set->groups);
  group_free (set->unbound);
  g_ptr_array_unref (set->group_of);
  g_free (set);
}

const LgRule *
lg_constraint_group_first_rule (const LgConstraintGroup *cg)
{
  const LgRule *first = cg->couple->len ? cg->couple->pdata[0] : NULL;
  if (cg->logic->len)
    {
      const LgRule *l = cg->logic->pdata[0];
      if (!first || l->number < first->number)
        first = l;
    }
  return first;
}

static gint
by_number (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

/* Rule i of the group: its logical rules, then its couples. */
static const LgRule *
rule_at (const LgConstraintGroup *cg, guint i)
{
  return i < cg->logic->len ? cg->logic->pdata[i]
                            : cg->couple->pdata[i - cg->logic->len];
}

char *
lg_constraint_group_rules_to_string (const LgConstraintGroup *cg)
{
  guint n = cg->logic->len + cg->couple->len;
  if (n == 0)
    return g_strdup ("no rule");
  /* the clues' numbers once the problem has clue lines (--list-clues),
   * else the rules' (--list-rules, and then the same numbers) */
  g_autofree guint *numbers = g_new (guint, n);
  gboolean clues = FALSE;
  for (guint i = 0; i < n; i++)
    clues |= rule_at (cg, i)->in_clues;
  for (guint i = 0; i < n; i++)
    numbers[i] = clues ? rule_at (cg, i)->clue : rule_at (cg, i)->number;
  qsort (numbers, n, sizeof *numbers, by_number);
  guint distinct = 0;
  for (guint i = 0; i < n; i++)
    if (i == 0 || numbers[i] != numbers[distinct - 1])
      numbers[distinct++] = numbers[i];
  n = distinct;
  const char *what = clues ? "clue" : "rule";
  GString *s = g_string_new (what);
  g_string_append (s, n == 1 ? " " : "s ");
  for (guint i = 0; i < n;)
    {
      guint j = i;
      while (j + 1 < n && numbers[j + 1] == numbers[j] + 1)
        j++;
      if (i)
        g_string_append (s, ", ");
      if (j >= i + 2)
        g_string_append_printf (s, "%u-%u", numbers[i], numbers[j]);
      else
        {
          g_string_append_printf (s, "%u", numbers[i]);
          j = i;
        }
      i = j + 1;
    }
  return g_string_free (s, FALSE);
}

guint64
lg_assignments (guint64 n, guint n_vars)
{
  guint64 p = 1;
  for (guint k = 0; k < n_vars && p < G_MAXUINT64 / 16; k++)
    p *= n;
  return p;
}
