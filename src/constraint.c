/* constraint — building, evaluating and printing rules and expressions; see
 * constraint.h. */
#include "constraint.h"

#include <stdlib.h>
#include <string.h>

/* ---- Expressions ------------------------------------------------------- */

static LgExpr *
new_expr (LgProblem *p, LgExprKind kind)
{
  LgExpr *e = g_new0 (LgExpr, 1);
  e->kind = kind;
  g_ptr_array_add (p->exprs, e);
  return e;
}

LgExpr *
lg_num (LgProblem *p, int64_t value)
{
  LgExpr *e = new_expr (p, LG_EXPR_VALUE);
  e->value = value;
  return e;
}

LgExpr *
lg_ref (LgProblem *p, LgItem *item)
{
  if (!item)
    return NULL;
  if (!lg_group_is_like_integer (item->group))
    {
      g_autofree char *m = g_strdup_printf (
          "'%s' of atomic group '%s' has no value: expressions take items "
          "of ordered or numeric groups",
          item->name, item->group->name);
      lg_problem_set_error (p, LG_PROBLEM_ERROR_NOT_INTEGER, m);
      return NULL;
    }
  LgExpr *e = new_expr (p, LG_EXPR_REF);
  e->item = item;
  return e;
}

static LgExpr *
binary (LgProblem *p, LgExprKind kind, LgExpr *left, LgExpr *right)
{
  if (!left || !right)
    return NULL;
  LgExpr *e = new_expr (p, kind);
  e->left = left;
  e->right = right;
  return e;
}

LgExpr *
lg_add (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return binary (p, LG_EXPR_ADD, l, r);
}

LgExpr *
lg_sub (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return binary (p, LG_EXPR_SUB, l, r);
}

LgExpr *
lg_mul (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return binary (p, LG_EXPR_MUL, l, r);
}

static LgExpr *
unary (LgProblem *p, LgExprKind kind, LgExpr *operand)
{
  if (!operand)
    return NULL;
  LgExpr *e = new_expr (p, kind);
  e->left = operand;
  return e;
}

LgExpr *
lg_neg (LgProblem *p, LgExpr *operand)
{
  return unary (p, LG_EXPR_NEG, operand);
}

LgExpr *
lg_abs (LgProblem *p, LgExpr *operand)
{
  return unary (p, LG_EXPR_ABS, operand);
}

gboolean
lg_expr_eval (const LgExpr *e, const guint *assignment, gint64 *value)
{
  gint64 a, b;
  switch (e->kind)
    {
    case LG_EXPR_VALUE:
      *value = e->value;
      return TRUE;
    case LG_EXPR_REF:
      if (!e->item->is_var)
        {
          *value = e->item->value;
          return TRUE;
        }
      if (assignment[e->item->var_id] == LG_UNSET)
        return FALSE;
      *value =
          ((LgItem *) e->item->group->items->pdata[assignment[e->item->var_id]])
              ->value;
      return TRUE;
    case LG_EXPR_NEG:
    case LG_EXPR_ABS:
      if (!lg_expr_eval (e->left, assignment, &a))
        return FALSE;
      if (e->kind == LG_EXPR_ABS && a >= 0)
        {
          *value = a;
          return TRUE;
        }
      return !__builtin_sub_overflow ((gint64) 0, a, value);
    case LG_EXPR_ADD:
    case LG_EXPR_SUB:
    case LG_EXPR_MUL:
      if (!lg_expr_eval (e->left, assignment, &a) ||
          !lg_expr_eval (e->right, assignment, &b))
        return FALSE;
      if (e->kind == LG_EXPR_ADD)
        return !__builtin_add_overflow (a, b, value);
      if (e->kind == LG_EXPR_SUB)
        return !__builtin_sub_overflow (a, b, value);
      return !__builtin_mul_overflow (a, b, value);
    }
  g_assert_not_reached ();
}

/* The bounds lo..hi of e under assignment (NULL: every variable unset),
 * a variable unset (LG_UNSET) ranging over the values of its group's
 * items: its value when every variable of e has an item.  FALSE on an
 * overflow, or, when limit >= 0, when the bounds of e or of one of its
 * sub-expressions leave -limit..limit.  lg_expr_bounds and the relations
 * of lg_rule_eval3. */
static gboolean
expr_range (const LgExpr *e, const guint *assignment, gint64 limit, gint64 *lo,
            gint64 *hi)
{
  gint64 l1, h1, l2, h2;
  switch (e->kind)
    {
    case LG_EXPR_VALUE:
      *lo = *hi = e->value;
      break;
    case LG_EXPR_REF:
      {
        const LgItem *item = e->item;
        guint k = item->is_var && assignment ? assignment[item->var_id]
                  : item->is_var             ? LG_UNSET
                                             : item->index;
        if (k != LG_UNSET)
          {
            *lo = *hi = ((LgItem *) item->group->items->pdata[k])->value;
            break;
          }
        *lo = G_MAXINT64;
        *hi = G_MININT64;
        for (guint i = 0; i < item->group->items->len; i++)
          {
            gint64 v = ((LgItem *) item->group->items->pdata[i])->value;
            *lo = MIN (*lo, v);
            *hi = MAX (*hi, v);
          }
      }
      break;
    case LG_EXPR_NEG:
    case LG_EXPR_ABS:
      if (!expr_range (e->left, assignment, limit, &l1, &h1))
        return FALSE;
      if (e->kind == LG_EXPR_ABS && l1 >= 0)
        *lo = l1, *hi = h1;
      else if (e->kind == LG_EXPR_NEG || h1 <= 0)
        {
          if (__builtin_sub_overflow ((gint64) 0, h1, lo) ||
              __builtin_sub_overflow ((gint64) 0, l1, hi))
            return FALSE;
        }
      else
        {
          /* l1 < 0 < h1 */
          if (__builtin_sub_overflow ((gint64) 0, l1, hi))
            return FALSE;
          *lo = 0, *hi = MAX (*hi, h1);
        }
      break;
    case LG_EXPR_ADD:
    case LG_EXPR_SUB:
    case LG_EXPR_MUL:
      if (!expr_range (e->left, assignment, limit, &l1, &h1) ||
          !expr_range (e->right, assignment, limit, &l2, &h2))
        return FALSE;
      if (e->kind == LG_EXPR_ADD)
        {
          if (__builtin_add_overflow (l1, l2, lo) ||
              __builtin_add_overflow (h1, h2, hi))
            return FALSE;
        }
      else if (e->kind == LG_EXPR_SUB)
        {
          if (__builtin_sub_overflow (l1, h2, lo) ||
              __builtin_sub_overflow (h1, l2, hi))
            return FALSE;
        }
      else
        {
          gint64 p[4];
          if (__builtin_mul_overflow (l1, l2, &p[0]) ||
              __builtin_mul_overflow (l1, h2, &p[1]) ||
              __builtin_mul_overflow (h1, l2, &p[2]) ||
              __builtin_mul_overflow (h1, h2, &p[3]))
            return FALSE;
          *lo = MIN (MIN (p[0], p[1]), MIN (p[2], p[3]));
          *hi = MAX (MAX (p[0], p[1]), MAX (p[2], p[3]));
        }
      break;
    }
  return limit < 0 || (*lo >= -limit && *hi <= limit);
}

gboolean
lg_expr_bounds (const LgExpr *e, gint64 limit, gint64 *lo, gint64 *hi)
{
  return expr_range (e, NULL, limit, lo, hi);
}

LgEval
lg_relation_compare (LgRuleKind kind, gint64 l1, gint64 h1, gint64 l2,
                     gint64 h2)
{
  gboolean always, never;
  switch (kind)
    {
    case LG_RULE_EQ:
    case LG_RULE_NEQ:
      never = h1 < l2 || h2 < l1;
      always = l1 == h1 && l2 == h2 && l1 == l2;
      if (kind == LG_RULE_NEQ)
        {
          gboolean t = never;
          never = always;
          always = t;
        }
      break;
    case LG_RULE_LT:
      always = h1 < l2, never = l1 >= h2;
      break;
    case LG_RULE_GT:
      always = l1 > h2, never = h1 <= l2;
      break;
    case LG_RULE_LE:
      always = h1 <= l2, never = l1 > h2;
      break;
    case LG_RULE_GE:
      always = l1 >= h2, never = h1 < l2;
      break;
    default:
      g_assert_not_reached ();
    }
  return always ? LG_EVAL_TRUE : never ? LG_EVAL_FALSE : LG_EVAL_UNKNOWN;
}

/* ---- Rules ----------------------------------------------------------- */

/* A rule node, with room for n_list operands in its own block. */
static LgRule *
new_rule_list (LgProblem *p, LgRuleKind kind, guint n_list)
{
  LgRule *r = g_malloc0 (sizeof (LgRule) + n_list * sizeof (LgRule *));
  r->kind = kind;
  if (n_list)
    r->list = (LgRule **) (void *) (r + 1);
  r->n_list = n_list;
  g_ptr_array_add (p->rule_nodes, r);
  return r;
}

static LgRule *
new_rule (LgProblem *p, LgRuleKind kind)
{
  return new_rule_list (p, kind, 0);
}

/* A rule on two items or variables: a couple (yes, no) joins two groups,
 * an identity (same, different) compares two of one group. */
static LgRule *
item_pair (LgProblem *p, LgRuleKind kind, LgItem *x, LgItem *y)
{
  if (!x || !y)
    return NULL;
  gboolean couple = kind == LG_RULE_YES || kind == LG_RULE_NO;
  if ((x->group == y->group) == couple)
    {
      g_autofree char *m =
          couple ? g_strdup_printf ("'%s' and '%s' are both of group '%s': a "
                                    "couple joins items of two different "
                                    "groups",
                                    x->name, y->name, x->group->name)
                 : g_strdup_printf ("'%s' is of group '%s' and '%s' of group "
                                    "'%s': '=' and '!=' between items compare "
                                    "items of one group",
                                    x->name, x->group->name, y->name,
                                    y->group->name);
      lg_problem_set_error (p, LG_PROBLEM_ERROR_SAME_GROUP, m);
      return NULL;
    }
  LgRule *r = new_rule (p, kind);
  r->x = x;
  r->y = y;
  r->has_couple = couple;
  return r;
}

LgRule *
lg_yes (LgProblem *p, LgItem *x, LgItem *y)
{
  return item_pair (p, LG_RULE_YES, x, y);
}

LgRule *
lg_no (LgProblem *p, LgItem *x, LgItem *y)
{
  return item_pair (p, LG_RULE_NO, x, y);
}

static LgRule *
relation (LgProblem *p, LgRuleKind kind, LgExpr *l, LgExpr *r)
{
  if (!l || !r)
    return NULL;
  LgRule *rule = new_rule (p, kind);
  rule->left = l;
  rule->right = r;
  return rule;
}

LgRule *
lg_eq (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return relation (p, LG_RULE_EQ, l, r);
}

LgRule *
lg_neq (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return relation (p, LG_RULE_NEQ, l, r);
}

LgRule *
lg_lt (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return relation (p, LG_RULE_LT, l, r);
}

LgRule *
lg_gt (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return relation (p, LG_RULE_GT, l, r);
}

LgRule *
lg_le (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return relation (p, LG_RULE_LE, l, r);
}

LgRule *
lg_ge (LgProblem *p, LgExpr *l, LgExpr *r)
{
  return relation (p, LG_RULE_GE, l, r);
}

static LgRule *
logical (LgProblem *p, LgRuleKind kind, LgRule *a, LgRule *b)
{
  if (!a || (kind != LG_RULE_NOT && !b))
    return NULL;
  LgRule *r = new_rule (p, kind);
  r->a = a;
  r->b = b;
  r->has_couple = a->has_couple || (b && b->has_couple);
  return r;
}

LgRule *
lg_and (LgProblem *p, LgRule *a, LgRule *b)
{
  return logical (p, LG_RULE_AND, a, b);
}

LgRule *
lg_or (LgProblem *p, LgRule *a, LgRule *b)
{
  return logical (p, LG_RULE_OR, a, b);
}

LgRule *
lg_not (LgProblem *p, LgRule *a)
{
  return logical (p, LG_RULE_NOT, a, NULL);
}

LgRule *
lg_if (LgProblem *p, LgRule *condition, LgRule *consequence)
{
  return logical (p, LG_RULE_IF, condition, consequence);
}

LgRule *
lg_same (LgProblem *p, LgItem *x, LgItem *y)
{
  return item_pair (p, LG_RULE_SAME, x, y);
}

LgRule *
lg_different (LgProblem *p, LgItem *x, LgItem *y)
{
  return item_pair (p, LG_RULE_DIFFERENT, x, y);
}

static LgRule *
count (LgProblem *p, LgRuleKind kind, guint k, LgRule *const *rules,
       guint n_rules)
{
  if (n_rules == 0)
    {
      lg_problem_set_error (p, LG_PROBLEM_ERROR_FAILED,
                            "counting needs at least one rule");
      return NULL;
    }
  for (guint i = 0; i < n_rules; i++)
    if (!rules[i])
      return NULL;
  LgRule *r = new_rule_list (p, kind, n_rules);
  r->k = k;
  for (guint i = 0; i < n_rules; i++)
    {
      r->list[i] = rules[i];
      r->has_couple |= rules[i]->has_couple;
    }
  return r;
}

LgRule *
lg_exactly (LgProblem *p, guint k, LgRule *const *rules, guint n_rules)
{
  return count (p, LG_RULE_EXACTLY, k, rules, n_rules);
}

LgRule *
lg_at_least (LgProblem *p, guint k, LgRule *const *rules, guint n_rules)
{
  return count (p, LG_RULE_AT_LEAST, k, rules, n_rules);
}

LgRule *
lg_at_most (LgProblem *p, guint k, LgRule *const *rules, guint n_rules)
{
  return count (p, LG_RULE_AT_MOST, k, rules, n_rules);
}

guint
lg_rule (LgProblem *p, LgRule *rule)
{
  g_return_val_if_fail (!p->frozen, 0);
  if (!rule)
    return 0;
  if (rule->number)
    {
      lg_problem_set_error (p, LG_PROBLEM_ERROR_FAILED,
                            "the same rule is added twice");
      return 0;
    }
  g_ptr_array_add (p->rules, rule);
  rule->number = p->rules->len;
  rule->line = p->line;
  lg_problem_add_rule_to_clue (p, rule);
  return rule->number;
}

void
lg_problem_set_line (LgProblem *p, guint line)
{
  g_return_if_fail (!p->frozen);
  p->line = line;
}

guint
lg_problem_n_rules (const LgProblem *p)
{
  return p->rules->len;
}

LgRule *
lg_problem_get_rule (const LgProblem *p, guint number)
{
  return number >= 1 && number <= p->rules->len
             ? g_ptr_array_index (p->rules, number - 1)
             : NULL;
}

guint
lg_rule_get_line (const LgRule *rule)
{
  return rule->line;
}

guint
lg_rule_get_clue (const LgRule *rule)
{
  return rule->clue;
}

/* Whether `count` true operands out of `count + unknown` can still make,
 * or surely make, the counting rule r hold. */
static LgEval
count_verdict (const LgRule *r, guint count, guint unknown)
{
  guint lo = count, hi = count + unknown;
  gboolean surely, maybe;
  switch (r->kind)
    {
    case LG_RULE_EXACTLY:
      surely = lo == r->k && hi == r->k;
      maybe = lo <= r->k && r->k <= hi;
      break;
    case LG_RULE_AT_LEAST:
      surely = lo >= r->k;
      maybe = hi >= r->k;
      break;
    default:
      surely = hi <= r->k;
      maybe = lo <= r->k;
      break;
    }
  return surely ? LG_EVAL_TRUE : maybe ? LG_EVAL_UNKNOWN : LG_EVAL_FALSE;
}

LgEval
lg_rule_eval3 (const LgRule *r, const guint *assignment, LgCoupleTruth truth,
               gpointer data)
{
  LgEval x, y;
  switch (r->kind)
    {
    case LG_RULE_AND:
    case LG_RULE_OR:
    case LG_RULE_IF:
      {
        /* if a then b is (not a) or b */
        gboolean is_and = r->kind == LG_RULE_AND;
        x = lg_rule_eval3 (r->a, assignment, truth, data);
        if (x == LG_EVAL_OVERFLOW)
          return x;
        if (r->kind == LG_RULE_IF && x != LG_EVAL_UNKNOWN)
          x = (LgEval) !x;
        if (x != LG_EVAL_UNKNOWN && is_and != (x == LG_EVAL_TRUE))
          return x; /* false and ..., true or ... */
        y = lg_rule_eval3 (r->b, assignment, truth, data);
        if (y == LG_EVAL_OVERFLOW || x != LG_EVAL_UNKNOWN)
          return y;
        /* x unknown: y decides when it is the absorbing value */
        return (is_and ? y == LG_EVAL_FALSE : y == LG_EVAL_TRUE)
                   ? y
                   : LG_EVAL_UNKNOWN;
      }
    case LG_RULE_NOT:
      x = lg_rule_eval3 (r->a, assignment, truth, data);
      return x == LG_EVAL_OVERFLOW || x == LG_EVAL_UNKNOWN ? x : (LgEval) !x;
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      {
        guint count = 0, unknown = 0;
        for (guint i = 0; i < r->n_list; i++)
          {
            x = lg_rule_eval3 (r->list[i], assignment, truth, data);
            if (x == LG_EVAL_OVERFLOW)
              return x;
            count += x == LG_EVAL_TRUE;
            unknown += x == LG_EVAL_UNKNOWN;
          }
        return count_verdict (r, count, unknown);
      }
    case LG_RULE_SAME:
    case LG_RULE_DIFFERENT:
      {
        guint ix = lg_item_current_index (r->x, assignment),
              iy = lg_item_current_index (r->y, assignment);
        if (ix == LG_UNSET || iy == LG_UNSET)
          return LG_EVAL_UNKNOWN;
        return (LgEval) ((ix == iy) == (r->kind == LG_RULE_SAME));
      }
    case LG_RULE_YES:
    case LG_RULE_NO:
      {
        guint g1, i1, g2, i2;
        lg_couple_cell (r, assignment, &g1, &i1, &g2, &i2);
        if (i1 == LG_UNSET || i2 == LG_UNSET)
          return LG_EVAL_UNKNOWN;
        g_assert (truth != NULL);
        x = truth (g1, i1, g2, i2, data);
        if (r->kind == LG_RULE_NO && x != LG_EVAL_UNKNOWN)
          x = (LgEval) !x;
        return x;
      }
    default:
      break;
    }
  /* both values, or, when a variable has no item yet (or on an overflow),
   * their bounds */
  gint64 l1, h1, l2, h2;
  if (lg_expr_eval (r->left, assignment, &l1) &&
      lg_expr_eval (r->right, assignment, &l2))
    return lg_relation_compare (r->kind, l1, l1, l2, l2);
  if (!expr_range (r->left, assignment, -1, &l1, &h1) ||
      !expr_range (r->right, assignment, -1, &l2, &h2))
    return LG_EVAL_OVERFLOW;
  return lg_relation_compare (r->kind, l1, h1, l2, h2);
}

LgEval
lg_rule_eval (const LgRule *r, const guint *assignment)
{
  return lg_rule_eval3 (r, assignment, NULL, NULL);
}

void
lg_couple_cell (const LgRule *r, const guint *assignment, guint *g1, guint *i1,
                guint *g2, guint *i2)
{
  guint gx = r->x->group->index, gy = r->y->group->index;
  guint ix = lg_item_current_index (r->x, assignment),
        iy = lg_item_current_index (r->y, assignment);
  gboolean swap = gx > gy;
  *g1 = swap ? gy : gx;
  *i1 = swap ? iy : ix;
  *g2 = swap ? gx : gy;
  *i2 = swap ? ix : iy;
}

/* ---- Compiled rules ---------------------------------------------------------- */

/* The stack machine.  Every binary operation and relation comes in three
 * forms, in this order: both operands on the stack (X), the right operand a
 * variable (X_V: values[*index]) or a constant (X_K: k), so that the
 * common rules (a < b, a + 2 = c, abs(a - b) = 1, d - a < f - c) take two
 * to five operations instead of three to seven; the left operand is always
 * on the stack. */
#define FORMS(X) X, X##_V, X##_K
typedef enum
{
  OP_CONST, /* push k */
  OP_VAR,   /* push values[*index] */
  FORMS (OP_ADD),
  FORMS (OP_SUB),
  FORMS (OP_MUL),
  FORMS (OP_EQ),
  FORMS (OP_NEQ),
  FORMS (OP_LT),
  FORMS (OP_GT),
  FORMS (OP_LE),
  FORMS (OP_GE),
  OP_NEG,
  OP_ABS,
  OP_NOT,
  OP_AND_THEN, /* top false: jump to `jump`, keeping it; else pop */
  OP_OR_ELSE,  /* top true: jump to `jump`, keeping it; else pop */
  OP_END       /* the top is the rule's truth */
} OpCode;
#undef FORMS

typedef struct
{
  OpCode op;
  guint jump;
  gint64 k;
  const guint *index;   /* OP_VAR, X_V: the variable's current item */
  const gint64 *values; /* OP_VAR, X_V: the values of its group's items */
} Op;

struct LgRuleProgram
{
  const LgRule *rule;
  GArray *ops;             /* Op, ending with OP_END */
  GPtrArray *values;       /* the value arrays, owned */
  const guint *assignment; /* borrowed: the variables' items */
  gint64 *stack;
  guint depth, max_depth;
};

static void
emit (LgRuleProgram *prog, Op op, int effect)
{
  g_array_append_val (prog->ops, op);
  prog->depth += effect;
  prog->max_depth = MAX (prog->max_depth, prog->depth);
}

/* An operand that needs no code of its own: a constant, an item's value or
 * a variable's (then *op has its index and values). */
static gboolean
atom (LgRuleProgram *prog, const LgExpr *e, Op *op)
{
  if (e->kind == LG_EXPR_VALUE)
    *op = (Op) { .op = OP_CONST, .k = e->value };
  else if (e->kind == LG_EXPR_REF && !e->item->is_var)
    *op = (Op) { .op = OP_CONST, .k = e->item->value };
  else if (e->kind == LG_EXPR_REF)
    {
      GPtrArray *items = e->item->group->items;
      gint64 *values = g_new (gint64, items->len);
      for (guint i = 0; i < items->len; i++)
        values[i] = ((LgItem *) items->pdata[i])->value;
      g_ptr_array_add (prog->values, values);
      *op = (Op) { .op = OP_VAR,
                   .index = &prog->assignment[e->item->var_id],
                   .values = values };
    }
  else
    return FALSE;
  return TRUE;
}

/* An item or variable of any group as its index in the group, for the
 * identities (SAME, DIFFERENT): a constant or a variable read through the
 * identity table. */
static Op
index_atom (LgRuleProgram *prog, const LgItem *item)
{
  if (!item->is_var)
    return (Op) { .op = OP_CONST, .k = item->index };
  guint n = item->group->items->len;
  gint64 *values = g_new (gint64, n);
  for (guint i = 0; i < n; i++)
    values[i] = i;
  g_ptr_array_add (prog->values, values);
  return (Op) { .op = OP_VAR,
                .index = &prog->assignment[item->var_id],
                .values = values };
}

static void compile_expr (LgRuleProgram *prog, const LgExpr *e);

/* The right operand and the operation `base` (in its stack form): one
 * operation when the right operand is an atom. */
static void
compile_right (LgRuleProgram *prog, const LgExpr *right, OpCode base)
{
  Op op;
  if (atom (prog, right, &op))
    {
      op.op = base + (op.op == OP_VAR ? 1 : 2);
      emit (prog, op, 0);
      return;
    }
  compile_expr (prog, right);
  emit (prog, (Op) { .op = base }, -1);
}

static void
compile_expr (LgRuleProgram *prog, const LgExpr *e)
{
  static const OpCode binary_ops[] = {
    [LG_EXPR_ADD] = OP_ADD, [LG_EXPR_SUB] = OP_SUB, [LG_EXPR_MUL] = OP_MUL
  };
  Op op;
  if (atom (prog, e, &op))
    {
      emit (prog, op, 1);
      return;
    }
  switch (e->kind)
    {
    case LG_EXPR_NEG:
    case LG_EXPR_ABS:
      compile_expr (prog, e->left);
      emit (prog, (Op) { .op = e->kind == LG_EXPR_NEG ? OP_NEG : OP_ABS }, 0);
      return;
    case LG_EXPR_ADD:
    case LG_EXPR_SUB:
    case LG_EXPR_MUL:
      compile_expr (prog, e->left);
      compile_right (prog, e->right, binary_ops[e->kind]);
      return;
    default:
      g_assert_not_reached ();
    }
}

static void
compile_rule (LgRuleProgram *prog, const LgRule *r)
{
  static const OpCode relation_ops[] = {
    [LG_RULE_EQ] = OP_EQ, [LG_RULE_NEQ] = OP_NEQ, [LG_RULE_LT] = OP_LT,
    [LG_RULE_GT] = OP_GT, [LG_RULE_LE] = OP_LE,   [LG_RULE_GE] = OP_GE,
  };
  switch (r->kind)
    {
    case LG_RULE_AND:
    case LG_RULE_OR:
      {
        compile_rule (prog, r->a);
        guint at = prog->ops->len;
        emit (prog,
              (Op) { .op = r->kind == LG_RULE_AND ? OP_AND_THEN : OP_OR_ELSE },
              -1);
        compile_rule (prog, r->b);
        g_array_index (prog->ops, Op, at).jump = prog->ops->len;
        return;
      }
    case LG_RULE_IF:
      {
        /* (not a) or else b */
        compile_rule (prog, r->a);
        emit (prog, (Op) { .op = OP_NOT }, 0);
        guint at = prog->ops->len;
        emit (prog, (Op) { .op = OP_OR_ELSE }, -1);
        compile_rule (prog, r->b);
        g_array_index (prog->ops, Op, at).jump = prog->ops->len;
        return;
      }
    case LG_RULE_NOT:
      compile_rule (prog, r->a);
      emit (prog, (Op) { .op = OP_NOT }, 0);
      return;
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      /* the count of the true operands, then one comparison with k */
      emit (prog, (Op) { .op = OP_CONST, .k = 0 }, 1);
      for (guint i = 0; i < r->n_list; i++)
        {
          compile_rule (prog, r->list[i]);
          emit (prog, (Op) { .op = OP_ADD }, -1);
        }
      emit (prog,
            (Op) { .op = r->kind == LG_RULE_EXACTLY    ? OP_EQ_K
                         : r->kind == LG_RULE_AT_LEAST ? OP_GE_K
                                                       : OP_LE_K,
                   .k = r->k },
            0);
      return;
    case LG_RULE_SAME:
    case LG_RULE_DIFFERENT:
      {
        emit (prog, index_atom (prog, r->x), 1);
        Op op = index_atom (prog, r->y);
        op.op = (r->kind == LG_RULE_SAME ? OP_EQ : OP_NEQ) +
                (op.op == OP_VAR ? 1 : 2);
        emit (prog, op, 0);
        return;
      }
    case LG_RULE_YES:
    case LG_RULE_NO:
      g_assert_not_reached ();
    default:
      compile_expr (prog, r->left);
      compile_right (prog, r->right, relation_ops[r->kind]);
      return;
    }
}

LgRuleProgram *
lg_rule_program_new (const LgRule *rule, const guint *assignment)
{
  LgRuleProgram *prog = g_new0 (LgRuleProgram, 1);
  prog->rule = rule;
  prog->assignment = assignment;
  prog->ops = g_array_new (FALSE, FALSE, sizeof (Op));
  prog->values = g_ptr_array_new_with_free_func (g_free);
  compile_rule (prog, rule);
  emit (prog, (Op) { .op = OP_END }, 0);
  prog->stack = g_new (gint64, prog->max_depth + 1);
  return prog;
}

void
lg_rule_program_free (LgRuleProgram *prog)
{
  if (!prog)
    return;
  g_array_unref (prog->ops);
  g_ptr_array_unref (prog->values);
  g_free (prog->stack);
  g_free (prog);
}

const LgRule *
lg_rule_program_rule (const LgRuleProgram *prog)
{
  return prog->rule;
}

/* The three forms of X: b is the right operand, then the shared code. */
#define CASE_FORMS(X)                                                          \
  case X:                                                                      \
    b = *--sp;                                                                 \
    goto do_##X;                                                               \
  case X##_V:                                                                  \
    b = op->values[*op->index];                                                \
    goto do_##X;                                                               \
  case X##_K:                                                                  \
    b = op->k;                                                                 \
    do_##X:

LgEval
lg_rule_program_eval (LgRuleProgram *prog)
{
  gint64 *sp = prog->stack; /* sp[-1] is the top */
  for (const Op *op = (const Op *) (void *) prog->ops->data;; op++)
    {
      gint64 b;
      switch (op->op)
        {
        case OP_CONST:
          *sp++ = op->k;
          break;
        case OP_VAR:
          *sp++ = op->values[*op->index];
          break;
          CASE_FORMS (OP_ADD)
          if (__builtin_add_overflow (sp[-1], b, &sp[-1]))
            return LG_EVAL_OVERFLOW;
          break;
          CASE_FORMS (OP_SUB)
          if (__builtin_sub_overflow (sp[-1], b, &sp[-1]))
            return LG_EVAL_OVERFLOW;
          break;
          CASE_FORMS (OP_MUL)
          if (__builtin_mul_overflow (sp[-1], b, &sp[-1]))
            return LG_EVAL_OVERFLOW;
          break;
          CASE_FORMS (OP_EQ)
          sp[-1] = sp[-1] == b;
          break;
          CASE_FORMS (OP_NEQ)
          sp[-1] = sp[-1] != b;
          break;
          CASE_FORMS (OP_LT)
          sp[-1] = sp[-1] < b;
          break;
          CASE_FORMS (OP_GT)
          sp[-1] = sp[-1] > b;
          break;
          CASE_FORMS (OP_LE)
          sp[-1] = sp[-1] <= b;
          break;
          CASE_FORMS (OP_GE)
          sp[-1] = sp[-1] >= b;
          break;
        case OP_ABS:
          if (sp[-1] >= 0)
            break;
          /* fall through */
        case OP_NEG:
          if (__builtin_sub_overflow ((gint64) 0, sp[-1], &sp[-1]))
            return LG_EVAL_OVERFLOW;
          break;
        case OP_NOT:
          sp[-1] = !sp[-1];
          break;
        case OP_AND_THEN:
          if (!sp[-1])
            op = (const Op *) (void *) prog->ops->data + op->jump - 1;
          else
            sp--;
          break;
        case OP_OR_ELSE:
          if (sp[-1])
            op = (const Op *) (void *) prog->ops->data + op->jump - 1;
          else
            sp--;
          break;
        case OP_END:
          return sp[-1] ? LG_EVAL_TRUE : LG_EVAL_FALSE;
        }
    }
}
#undef CASE_FORMS

/* ---- Collecting variables ------------------------------------------------ */

static void
put_item (const LgItem *item, GPtrArray *vars)
{
  if (item->is_var && !g_ptr_array_find (vars, item, NULL))
    g_ptr_array_add (vars, (gpointer) item);
}

static void
collect_expr (const LgExpr *e, GPtrArray *vars)
{
  if (!e)
    return;
  if (e->kind == LG_EXPR_REF)
    put_item (e->item, vars);
  collect_expr (e->left, vars);
  collect_expr (e->right, vars);
}

void
lg_rule_collect_vars (const LgRule *r, GPtrArray *vars)
{
  if (!r)
    return;
  if (r->x)
    {
      put_item (r->x, vars);
      put_item (r->y, vars);
      return;
    }
  collect_expr (r->left, vars);
  collect_expr (r->right, vars);
  lg_rule_collect_vars (r->a, vars);
  lg_rule_collect_vars (r->b, vars);
  for (guint i = 0; i < r->n_list; i++)
    lg_rule_collect_vars (r->list[i], vars);
}

/* ---- Printing a rule back --------------------------------------------------- */

void
lg_append_lgm_string (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *c);
    }
  g_string_append_c (s, '"');
}

void
lg_append_lgm_name (GString *s, const char *name)
{
  gboolean plain = g_ascii_isalpha (*name) || *name == '_';
  for (const char *c = name; *c && plain; c++)
    plain = g_ascii_isalnum (*c) || *c == '_';
  if (plain)
    g_string_append (s, name);
  else
    lg_append_lgm_string (s, name);
}

static void
append_item (GString *s, const LgItem *item)
{
  if (item->is_var)
    {
      g_string_append (s, item->name);
      return;
    }
  lg_append_lgm_name (s, item->group->name);
  g_string_append_c (s, ':');
  if (item->group->kind == LG_GROUP_NUMERIC)
    g_string_append (s, item->name);
  else
    lg_append_lgm_name (s, item->name);
}

static int
expr_precedence (const LgExpr *e)
{
  switch (e->kind)
    {
    case LG_EXPR_ADD:
    case LG_EXPR_SUB:
      return 1;
    case LG_EXPR_MUL:
      return 2;
    case LG_EXPR_NEG:
      return 3;
    default:
      return 4;
    }
}

static void
append_expr (GString *s, const LgExpr *e, int min_precedence)
{
  gboolean paren = expr_precedence (e) < min_precedence;
  if (paren)
    g_string_append_c (s, '(');
  switch (e->kind)
    {
    case LG_EXPR_VALUE:
      g_string_append_printf (s, "%" G_GINT64_FORMAT, e->value);
      break;
    case LG_EXPR_REF:
      append_item (s, e->item);
      break;
    case LG_EXPR_ADD:
    case LG_EXPR_SUB:
    case LG_EXPR_MUL:
      {
        int prec = expr_precedence (e);
        append_expr (s, e->left, prec);
        g_string_append (s, e->kind == LG_EXPR_ADD   ? " + "
                            : e->kind == LG_EXPR_SUB ? " - "
                                                     : " * ");
        append_expr (s, e->right, prec + 1);
        break;
      }
    case LG_EXPR_NEG:
      g_string_append_c (s, '-');
      append_expr (s, e->left, 4);
      break;
    case LG_EXPR_ABS:
      g_string_append (s, "abs(");
      append_expr (s, e->left, 0);
      g_string_append_c (s, ')');
      break;
    }
  if (paren)
    g_string_append_c (s, ')');
}

void
lg_rule_set_overflow_error (GError **error, const LgRule *rule)
{
  g_autofree char *text = lg_rule_to_string (rule);
  lg_set_error_at_line (error, rule->line, LG_PROBLEM_ERROR_OVERFLOW,
                        "integer overflow in rule %u (%s): values are 64-bit",
                        rule->number, text);
}

const char *
lg_rule_relation_symbol (LgRuleKind kind)
{
  static const char *const symbols[] = {
    [LG_RULE_EQ] = "=", [LG_RULE_NEQ] = "!=", [LG_RULE_LT] = "<",
    [LG_RULE_GT] = ">", [LG_RULE_LE] = "<=",  [LG_RULE_GE] = ">=",
  };
  return symbols[kind];
}

static int
rule_precedence (const LgRule *r)
{
  return r->kind == LG_RULE_IF    ? 0
         : r->kind == LG_RULE_OR  ? 1
         : r->kind == LG_RULE_AND ? 2
                                  : 3;
}

const char *
lg_rule_count_words (LgRuleKind kind)
{
  return kind == LG_RULE_EXACTLY    ? "exactly"
         : kind == LG_RULE_AT_LEAST ? "at least"
                                    : "at most";
}

static void
append_rule (GString *s, const LgRule *r, int min_precedence)
{
  gboolean paren = rule_precedence (r) < min_precedence;
  if (paren)
    g_string_append_c (s, '(');
  switch (r->kind)
    {
    case LG_RULE_YES:
    case LG_RULE_NO:
      g_string_append (s, r->kind == LG_RULE_YES ? "yes " : "no ");
      append_item (s, r->x);
      g_string_append (s, ", ");
      append_item (s, r->y);
      break;
    case LG_RULE_AND:
    case LG_RULE_OR:
      append_rule (s, r->a, rule_precedence (r));
      g_string_append (s, r->kind == LG_RULE_AND ? " and " : " or ");
      append_rule (s, r->b, rule_precedence (r) + 1);
      break;
    case LG_RULE_NOT:
      g_string_append (s, "not ");
      append_rule (s, r->a, 4);
      break;
    case LG_RULE_IF:
      g_string_append (s, "if ");
      append_rule (s, r->a, 1);
      g_string_append (s, " then ");
      append_rule (s, r->b, 0);
      break;
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      g_string_append_printf (s, "%s %u of (", lg_rule_count_words (r->kind),
                              r->k);
      for (guint i = 0; i < r->n_list; i++)
        {
          if (i)
            g_string_append (s, "; ");
          append_rule (s, r->list[i], 0);
        }
      g_string_append_c (s, ')');
      break;
    case LG_RULE_SAME:
    case LG_RULE_DIFFERENT:
      append_item (s, r->x);
      g_string_append (s, r->kind == LG_RULE_SAME ? " = " : " != ");
      append_item (s, r->y);
      break;
    default:
      append_expr (s, r->left, 0);
      g_string_append_printf (s, " %s ", lg_rule_relation_symbol (r->kind));
      append_expr (s, r->right, 0);
      break;
    }
  if (paren)
    g_string_append_c (s, ')');
}

char *
lg_rule_to_string (const LgRule *rule)
{
  GString *s = g_string_new (NULL);
  append_rule (s, rule, 0);
  return g_string_free (s, FALSE);
}

/* ---- Expanding couples inside logic ------------------------------------- */

/* The expansion branches on the cells of the couples, in the order they
 * are met, each cell true then false; a branch stops as soon as the rules
 * are all TRUE (an alternative: the cells decided so far) or one is FALSE
 * in three-valued logic.  A cell set true makes the other cells of its row
 * and column in the same pair false (one item goes with one item), which
 * prunes without being listed in the alternative (the association implies
 * it).  So the alternatives exclude one another and together cover every
 * association where the rules hold. */
struct LgExpansion
{
  const LgRule *const *rules;
  guint n_rules;
  const guint *assignment;
  const LgRule **couples; /* every couple node of the rules */
  guint n_couples;
  LgCellLiteral *cells; /* the distinct cells of this run (yes unused) */
  LgEval *truth;        /* per cell */
  guint n_cells;
  guint *trail; /* cells set, in order */
  gboolean *decided;
  guint n_trail;
  LgCellLiteral *out; /* the current alternative */
  guint64 nodes;      /* branches since made, or since the limit was set */
  guint64 node_limit; /* a run stops past it */
};

void
lg_rule_collect_couples (const LgRule *r, GPtrArray *couples)
{
  if (lg_rule_is_couple (r))
    {
      g_ptr_array_add (couples, (gpointer) r);
      return;
    }
  if (r->a)
    lg_rule_collect_couples (r->a, couples);
  if (r->b)
    lg_rule_collect_couples (r->b, couples);
  for (guint i = 0; i < r->n_list; i++)
    lg_rule_collect_couples (r->list[i], couples);
}

/* A couple's two references, the lower address first: two couples with
 * the same key have the same cell under every assignment. */
typedef struct
{
  const void *lo, *hi;
} CoupleKey;

static int
compare_couple_keys (const void *p, const void *q)
{
  const CoupleKey *a = p, *b = q;
  if (a->lo != b->lo)
    return (uintptr_t) a->lo < (uintptr_t) b->lo ? -1 : 1;
  if (a->hi != b->hi)
    return (uintptr_t) a->hi < (uintptr_t) b->hi ? -1 : 1;
  return 0;
}

void
lg_rules_split_couple_logic (const GPtrArray *logic, GPtrArray *couple_logic,
                             GPtrArray *plain)
{
  for (guint i = 0; i < logic->len; i++)
    {
      LgRule *r = logic->pdata[i];
      if (lg_rule_is_couple_logic (r))
        g_ptr_array_add (couple_logic, r);
      else if (plain)
        g_ptr_array_add (plain, r);
    }
}

guint
lg_rules_n_cells (const LgRule *const *rules, guint n_rules)
{
  g_autoptr (GPtrArray) couples = g_ptr_array_new ();
  for (guint i = 0; i < n_rules; i++)
    lg_rule_collect_couples (rules[i], couples);
  if (couples->len == 0)
    return 0;
  g_autofree CoupleKey *keys = g_new (CoupleKey, couples->len);
  for (guint j = 0; j < couples->len; j++)
    {
      const LgRule *r = couples->pdata[j];
      gboolean swap = (uintptr_t) r->x > (uintptr_t) r->y;
      keys[j] =
          (CoupleKey) { swap ? (const void *) r->y : (const void *) r->x,
                        swap ? (const void *) r->x : (const void *) r->y };
    }
  qsort (keys, couples->len, sizeof *keys, compare_couple_keys);
  guint distinct = 1;
  for (guint j = 1; j < couples->len; j++)
    distinct += compare_couple_keys (&keys[j - 1], &keys[j]) != 0;
  return distinct;
}

LgExpansion *
lg_expansion_new (const LgRule *const *rules, guint n_rules,
                  const guint *assignment)
{
  LgExpansion *x = g_new0 (LgExpansion, 1);
  g_autoptr (GPtrArray) couples = g_ptr_array_new ();
  for (guint i = 0; i < n_rules; i++)
    lg_rule_collect_couples (rules[i], couples);
  guint n = MAX (couples->len, 1);
  x->rules = rules;
  x->n_rules = n_rules;
  x->assignment = assignment;
  x->node_limit = G_MAXUINT64;
  x->n_couples = couples->len;
  x->couples = g_memdup2 (couples->pdata, n * sizeof (LgRule *));
  x->cells = g_new (LgCellLiteral, n);
  x->truth = g_new (LgEval, n);
  x->trail = g_new (guint, n);
  x->decided = g_new (gboolean, n);
  x->out = g_new (LgCellLiteral, n);
  return x;
}

void
lg_expansion_free (LgExpansion *x)
{
  if (!x)
    return;
  g_free (x->couples);
  g_free (x->cells);
  g_free (x->truth);
  g_free (x->trail);
  g_free (x->decided);
  g_free (x->out);
  g_free (x);
}

static gboolean
same_cell (const LgCellLiteral *c, guint g1, guint i1, guint g2, guint i2)
{
  return c->g1 == g1 && c->i1 == i1 && c->g2 == g2 && c->i2 == i2;
}

static LgEval
cell_truth (guint g1, guint i1, guint g2, guint i2, gpointer data)
{
  const LgExpansion *x = data;
  for (guint c = 0; c < x->n_cells; c++)
    if (same_cell (&x->cells[c], g1, i1, g2, i2))
      return x->truth[c];
  g_assert_not_reached ();
}

/* The rules together: FALSE as soon as one is, TRUE when all are. */
static LgEval
rules_truth (const LgExpansion *x)
{
  LgEval all = LG_EVAL_TRUE;
  for (guint i = 0; i < x->n_rules; i++)
    {
      LgEval v =
          lg_rule_eval3 (x->rules[i], x->assignment, cell_truth, (gpointer) x);
      if (v == LG_EVAL_FALSE || v == LG_EVAL_OVERFLOW)
        return v;
      if (v == LG_EVAL_UNKNOWN)
        all = v;
    }
  return all;
}

/* Sets cell c to v (a decision or not); when true, the cells of its row
 * and column in its pair become false.  FALSE on a contradiction. */
static gboolean
set_cell (LgExpansion *x, guint c, LgEval v, gboolean decision)
{
  x->truth[c] = v;
  x->decided[x->n_trail] = decision;
  x->trail[x->n_trail++] = c;
  if (v != LG_EVAL_TRUE)
    return TRUE;
  const LgCellLiteral *a = &x->cells[c];
  for (guint d = 0; d < x->n_cells; d++)
    {
      const LgCellLiteral *o = &x->cells[d];
      if (d == c || o->g1 != a->g1 || o->g2 != a->g2 ||
          (o->i1 == a->i1) == (o->i2 == a->i2))
        continue;
      if (x->truth[d] == LG_EVAL_TRUE)
        return FALSE;
      if (x->truth[d] == LG_EVAL_UNKNOWN)
        {
          x->truth[d] = LG_EVAL_FALSE;
          x->decided[x->n_trail] = FALSE;
          x->trail[x->n_trail++] = d;
        }
    }
  return TRUE;
}

static void
undo_to (LgExpansion *x, guint mark)
{
  while (x->n_trail > mark)
    x->truth[x->trail[--x->n_trail]] = LG_EVAL_UNKNOWN;
}

/* The branches below the cells set so far; FALSE when func stopped. */
static gboolean
branch (LgExpansion *x, LgExpansionFunc func, gpointer data)
{
  if (++x->nodes > x->node_limit)
    return FALSE;
  LgEval v = rules_truth (x);
  if (v == LG_EVAL_FALSE)
    return TRUE;
  if (v == LG_EVAL_TRUE)
    {
      guint n = 0;
      for (guint t = 0; t < x->n_trail; t++)
        if (x->decided[t])
          {
            x->out[n] = x->cells[x->trail[t]];
            x->out[n++].yes = x->truth[x->trail[t]] == LG_EVAL_TRUE;
          }
      return func (x->out, n, data);
    }
  guint c = 0;
  while (x->truth[c] != LG_EVAL_UNKNOWN)
    c++; /* an unknown rule has an unknown cell */
  guint mark = x->n_trail;
  gboolean go_on = TRUE;
  if (set_cell (x, c, LG_EVAL_TRUE, TRUE))
    go_on = branch (x, func, data);
  undo_to (x, mark);
  if (go_on)
    {
      set_cell (x, c, LG_EVAL_FALSE, TRUE);
      go_on = branch (x, func, data);
      undo_to (x, mark);
    }
  return go_on;
}

gboolean
lg_expansion_run (LgExpansion *x, LgExpansionFunc func, gpointer data,
                  const LgRule **overflow)
{
  *overflow = NULL;
  x->n_cells = 0;
  x->n_trail = 0;
  for (guint j = 0; j < x->n_couples; j++)
    {
      guint g1, i1, g2, i2, c = 0;
      lg_couple_cell (x->couples[j], x->assignment, &g1, &i1, &g2, &i2);
      while (c < x->n_cells && !same_cell (&x->cells[c], g1, i1, g2, i2))
        c++;
      if (c == x->n_cells)
        {
          x->cells[c] = (LgCellLiteral) { g1, i1, g2, i2, FALSE };
          x->truth[c] = LG_EVAL_UNKNOWN;
          x->n_cells++;
        }
    }
  /* in order, as the two-valued evaluation: the first rule that fails
   * with every cell unknown ends it, the first that overflows is reported */
  for (guint i = 0; i < x->n_rules; i++)
    {
      LgEval v =
          lg_rule_eval3 (x->rules[i], x->assignment, cell_truth, (gpointer) x);
      if (v == LG_EVAL_OVERFLOW)
        {
          *overflow = x->rules[i];
          return FALSE;
        }
      if (v == LG_EVAL_FALSE)
        return TRUE;
    }
  branch (x, func, data);
  return TRUE;
}

void
lg_expansion_set_node_limit (LgExpansion *x, guint64 limit)
{
  x->nodes = 0;
  x->node_limit = limit;
}

guint64
lg_expansion_nodes (const LgExpansion *x)
{
  return x->nodes;
}
