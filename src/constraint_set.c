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

/* The variables of vars not in g yet join it (and group_of says so); g's
 * stay sorted by creation.  Each variable is looked up in group_of, not
 * searched in g: adding a rule costs its own variables, not the group's. */
static void
add_vars (LgConstraintSet *set, LgConstraintGroup *g, GPtrArray *vars)
{
  gboolean added = FALSE;
  for (guint i = 0; i < vars->len; i++)
    {
      LgItem *v = vars->pdata[i];
      if (group_of (set, v) == g)
        continue;
      g_ptr_array_add (g->vars, v);
      if (v->var_id >= set->group_of->len)
        g_ptr_array_set_size (set->group_of, v->var_id + 1);
      set->group_of->pdata[v->var_id] = g;
      added = TRUE;
    }
  if (added)
    g_ptr_array_sort (g->vars, by_creation);
}

static void
group_add (LgConstraintSet *set, LgConstraintGroup *g, LgRule *rule,
           GPtrArray *vars)
{
  add_vars (set, g, vars);
  g_ptr_array_add (lg_rule_is_couple (rule) ? g->couple : g->logic, rule);
  g->n_couple_logic += lg_rule_is_couple_logic (rule);
}

/* The rule's variables lie in two groups or more: it joins the first of
 * them in the set's order, and the others are merged into that one in
 * their order, then removed.  They are looked for from the end of the set,
 * where the groups made last stand: a clue's variables are most often new,
 * each in a group of its own since its first `yes`, until the clue's
 * relation ties them. */
static void
merge (LgConstraintSet *set, LgRule *rule, GPtrArray *vars)
{
  g_autoptr (GPtrArray) mine = g_ptr_array_new ();
  for (guint k = 0; k < vars->len; k++)
    {
      LgConstraintGroup *h = group_of (set, vars->pdata[k]);
      if (h && !g_ptr_array_find (mine, h, NULL))
        g_ptr_array_add (mine, h);
    }
  /* their positions in the set, descending */
  g_autofree guint *at = g_new (guint, mine->len);
  guint n_at = 0;
  for (guint i = set->groups->len; i-- > 0 && n_at < mine->len;)
    if (g_ptr_array_find (mine, set->groups->pdata[i], NULL))
      at[n_at++] = i;
  g_assert (n_at == mine->len);
  LgConstraintGroup *g = set->groups->pdata[at[n_at - 1]];
  group_add (set, g, rule, vars);
  for (guint j = n_at - 1; j-- > 0;)
    {
      LgConstraintGroup *other = set->groups->pdata[at[j]];
      add_vars (set, g, other->vars);
      append_all (g->logic, other->logic);
      append_all (g->couple, other->couple);
      g->n_couple_logic += other->n_couple_logic;
    }
  for (guint j = 0; j + 1 < n_at; j++)
    g_ptr_array_remove_index (set->groups, at[j]); /* frees it */
}

void
lg_constraint_set_add (LgConstraintSet *set, LgRule *rule)
{
  GPtrArray *vars = set->scratch;
  g_ptr_array_set_size (vars, 0);
  lg_rule_collect_vars (rule, vars);
  if (vars->len == 0 && !lg_rule_is_couple_logic (rule))
    {
      group_add (set, set->unbound, rule, vars);
      return;
    }
  /* the groups sharing a variable with the rule are those of its
   * variables (the groups' variables are disjoint) */
  LgConstraintGroup *g = NULL;
  for (guint k = 0; k < vars->len; k++)
    {
      LgConstraintGroup *h = group_of (set, vars->pdata[k]);
      if (h && g && h != g)
        {
          merge (set, rule, vars);
          return;
        }
      g = h ? h : g;
    }
  if (!g)
    {
      g = group_new ();
      g_ptr_array_add (set->groups, g);
    }
  group_add (set, g, rule, vars);
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
  return lg_constraint_set_new_denying (problem, drop, 0);
}

/* ---- A clue denied --------------------------------------------------------- */

/* The variable that rule pins, if it is `yes v, ITEM` (either way round)
 * and v is not among pinned yet; else NULL. */
static LgItem *
pinned_var (const LgRule *rule, GPtrArray *pinned)
{
  if (rule->kind != LG_RULE_YES || rule->x->is_var == rule->y->is_var)
    return NULL;
  LgItem *v = rule->x->is_var ? rule->x : rule->y;
  return g_ptr_array_find (pinned, v, NULL) ? NULL : v;
}

/* The rules of clue number not dropped in the problem, in order: those
 * that pin a variable into pins, the others into rest.  Whether the clue
 * can be denied (lg_constraint_set_can_deny). */
static gboolean
split_clue (const LgProblem *problem, guint number, GPtrArray *pins,
            GPtrArray *rest)
{
  guint first = lg_clue_get_first_rule (problem, number);
  guint end = first + lg_clue_get_n_rules (problem, number);
  g_autoptr (GPtrArray) pinned = g_ptr_array_new ();
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  for (guint r = first; r < end; r++)
    {
      LgRule *rule = problem->rules->pdata[r - 1];
      if (rule->dropped)
        continue;
      LgItem *v = pinned_var (rule, pinned);
      if (v)
        g_ptr_array_add (pinned, v);
      g_ptr_array_add (v ? pins : rest, rule);
      lg_rule_collect_vars (rule, vars);
    }
  if (pins->len + rest->len == 0)
    return FALSE;
  for (guint k = 0; k < vars->len; k++)
    if (!g_ptr_array_find (pinned, vars->pdata[k], NULL))
      return FALSE;
  if (vars->len == 0)
    return TRUE;
  for (guint r = 1; r <= problem->rules->len; r++)
    {
      const LgRule *rule = problem->rules->pdata[r - 1];
      if (rule->dropped || (r >= first && r < end))
        continue;
      g_ptr_array_set_size (vars, 0);
      lg_rule_collect_vars (rule, vars);
      for (guint k = 0; k < vars->len; k++)
        if (g_ptr_array_find (pinned, vars->pdata[k], NULL))
          return FALSE;
    }
  return TRUE;
}

gboolean
lg_constraint_set_can_deny (const LgProblem *problem, guint number)
{
  g_return_val_if_fail (number >= 1 && number <= lg_problem_n_clues (problem),
                        FALSE);
  g_autoptr (GPtrArray) pins = g_ptr_array_new ();
  g_autoptr (GPtrArray) rest = g_ptr_array_new ();
  return split_clue (problem, number, pins, rest);
}

/* A rule of the negation: kind (AND or NOT) of a and b, numbered, placed
 * and counted in the clue as like. */
static LgRule *
made_rule (LgConstraintSet *set, LgRuleKind kind, LgRule *a, LgRule *b,
           const LgRule *like)
{
  LgRule *r = g_new0 (LgRule, 1);
  r->kind = kind;
  r->a = a;
  r->b = b;
  r->has_couple = a->has_couple || (b && b->has_couple);
  r->number = like->number;
  r->line = like->line;
  r->clue = like->clue;
  r->in_clues = like->in_clues;
  g_ptr_array_add (set->made, r);
  return r;
}

/* Adds the pins of clue number and the negation of its other rules. */
static void
add_negation (LgConstraintSet *set, const LgProblem *problem, guint number)
{
  g_autoptr (GPtrArray) pins = g_ptr_array_new ();
  g_autoptr (GPtrArray) rest = g_ptr_array_new ();
  gboolean ok = split_clue (problem, number, pins, rest);
  g_return_if_fail (ok);
  for (guint k = 0; k < pins->len; k++)
    lg_constraint_set_add (set, pins->pdata[k]);
  LgRule *conj = rest->len ? rest->pdata[0] : pins->pdata[0];
  for (guint k = 1; k < rest->len; k++)
    conj = made_rule (set, LG_RULE_AND, conj, rest->pdata[k], rest->pdata[0]);
  lg_constraint_set_add (set, made_rule (set, LG_RULE_NOT, conj, NULL, conj));
}

LgConstraintSet *
lg_constraint_set_new_denying (const LgProblem *problem, const gboolean *drop,
                               guint deny)
{
  LgConstraintSet *set = g_new0 (LgConstraintSet, 1);
  set->groups = g_ptr_array_new_with_free_func (group_free);
  set->unbound = group_new ();
  set->group_of = g_ptr_array_new ();
  set->made = g_ptr_array_new_with_free_func (g_free);
  set->scratch = g_ptr_array_new ();
  gboolean denied = FALSE;
  for (guint i = 0; i < problem->rules->len; i++)
    {
      LgRule *rule = problem->rules->pdata[i];
      if (deny && rule->clue == deny)
        {
          /* the negation where the clue's first rule stood */
          if (!denied)
            add_negation (set, problem, deny);
          denied = TRUE;
        }
      else if (!rule->dropped && !(drop && drop[i]))
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
  g_ptr_array_unref (set->made);
  g_ptr_array_unref (set->scratch);
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
