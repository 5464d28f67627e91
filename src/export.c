/* export — a problem written for clingo (ASP) or MiniZinc; see export.h.
 *
 * What both programs say (SPEC sections 2 and 3).  A solution puts every
 * item of every group on one row, each group a bijection between its items
 * and the rows 0..n-1; row r holds item r of the first group (in solving
 * order).  yes(x, y): x and y are on the same row; no(x, y): on different
 * rows.  An ordered group's item k has the value k, a numeric item its
 * integer.  The rules without variables must hold.  The other rules are
 * partitioned into constraint groups as the solver does (lg_constraint_set:
 * rules sharing a variable, directly or not, are in one group), and a
 * constraint group holds when SOME choice of an item for each of its
 * variables makes all its rules true: variables are existential, per
 * constraint group.  The choices are never part of a solution: each program
 * shows the item-to-row assignment only and counts each one once, so its
 * solutions are exactly logigram's distinct solutions (the faithful engine
 * may print one twice, SPEC section 5).  Dropped rules are left out.
 *
 * Names.  Groups, items and variables get safe identifiers: g<G> for group
 * G (solving order), i<G>_<K> for item K of group G, v<V> for the variable
 * created V-th (from 0), X<V> its value in ASP.  The real names appear in
 * string literals, escaped for the target language, and in comments, quoted
 * and escaped the C way (\" \\ \n \t \r \xHH), so that no name can end a
 * comment or a string.  Each rule is preceded by a comment with its number,
 * its line and its text.
 *
 * Integers.  logigram computes on 64 bits and reports an overflow.  clingo
 * computes on 32 bits without a check, MiniZinc on 64 bits with one.  Before
 * writing anything, the value range of every sub-expression is bounded
 * (interval arithmetic over the items a variable can stand for); when a
 * bound may leave -L..L (clingo: L = 2^31 - 1, MiniZinc: L = 2^63 - 1) the
 * export fails with LG_PROBLEM_ERROR_OVERFLOW, naming the rule.  The bound
 * is safe, not tight: a rule logigram evaluates without overflow may be
 * refused.  Values are written only for the groups some variable of an
 * expression ranges over (an item in an expression is written as its value),
 * so that large numbers elsewhere do not matter.
 *
 * ASP (clingo 5, `clingo --project 0 FILE`):
 *   row(0..n-1).
 *   item(G, I, K).             item I is the K-th of group G
 *   name(I, "group", "item").  its names
 *   value(I, V).               its value, for the groups described above
 *   at(I, R).                  the solution: item I is on row R
 *     at(I,K) :- item(g0,I,K).                          the first group
 *     1 { at(I,R) : row(R) } 1 :- item(G,I,_), G != g0. one row per item
 *     :- item(G,_,_), row(R), 2 { at(I,R) : item(G,I,_) }. one item per row
 *   var(V, G).                 variable V ranges over group G
 *     1 { is(V,I) : item(G,I,_) } 1 :- var(V,G).        it is some item
 *     vrow(V,R) :- is(V,I), at(I,R).                    its row
 *     vval(V,X) :- is(V,I), value(I,X).                 its value
 *   yes x, y:  :- POS(x,R), not POS(y,R).     POS: at(i..,R) or vrow(v..,R)
 *   no x, y:   :- POS(x,R), POS(y,R).
 *   relation N: a "holds" atom rN per node of the rule (rN for the rule,
 *   rN_1, rN_2... for its parts), and ":- not rN.":
 *     rN :- vval(v0,X0), ..., E1 < E2.   a comparison; ints are literals,
 *                                        |E| is abs, every operation in ()
 *     rN :- rN_1, rN_2.                  and
 *     rN :- rN_1.  rN :- rN_2.           or
 *     rN :- not rN_1.                    not
 *   Guessing is(V,I) is the existential: a choice per constraint group that
 *   satisfies its rules (the groups share no variable).  The answer sets
 *   show only cell(R, "group", "item") (#show cell(R,G,N) : at(I,R),
 *   name(I,G,N).), and clingo --project enumerates the distinct projections,
 *   whatever the number of choices behind each.  The helper rules (var, is,
 *   vrow, vval) are written only when used, so that gringo has nothing to
 *   warn about.
 *
 * MiniZinc (2.x, `minizinc --solver gecode -a FILE`):
 *   int: n; set of int: ROW = 0..n-1;
 *   int: i<G>_<K> = K;                                 item K of group G
 *   array[ROW] of int: g0 = [0, 1, ...];               the rows: identity
 *   array[ROW] of var ROW: g<G>;                       gG[K]: row of item K
 *   constraint all_different (g<G>);
 *   array[ROW] of int: val<G>;                         values (see above)
 *   array[ROW] of string: name<G>;                     names, padded
 *   yes x, y:  constraint gA[x] = gB[y];   (a variable v: gA[v])
 *   no x, y:   constraint gA[x] != gB[y];
 *   relation:  constraint E1 < E2;  (/\ \/ not, abs(), every operation in ())
 *   a constraint group, variables v0, v1... (item indices):
 *     constraint exists (v0 in ROW) (RULES OF v0
 *                       /\ exists (v1 in ROW) (RULES OF v0, v1 ... ));
 *   one exists per variable (in creation order; a variable without a rule
 *   of its own shares the next one's) holding the rules whose last variable
 *   it is: the same as one exists over all of them, but a false relation
 *   prunes its level as soon as MiniZinc flattens it.  The
 *   variables are generator indices (par), not decision variables: their
 *   values never multiply the solutions, and their arithmetic is done by the
 *   MiniZinc compiler (64 bits, checked) before the solver runs.  Strings
 *   escape \" \\ \n \t; a carriage return (the .lgm format allows none)
 *   has no form in MiniZinc and becomes U+FFFD.  The output item prints
 *   each solution as logigram's table (SPEC section 6, without the
 *   questions), so that `minizinc -a` prints the same tables as logigram,
 *   each followed by "----------".
 */
#include "export.h"

#include <string.h>

#include "constraint.h"
#include "constraint_set.h"
#include "description.h"

#define ASP_LIMIT G_GINT64_CONSTANT (2147483647)
#define MZN_LIMIT G_MAXINT64

typedef struct
{
  LgProblem *problem;
  LgExportFormat format;
  GString *s;
  guint n; /* items per group */
  guint n_groups;
  LgConstraintSet *set;
  gboolean *valued;   /* per group: a variable of an expression ranges
                         over it, so its values are written */
  gboolean var_row;   /* a variable is in a couple (ASP: vrow) */
  gboolean var_value; /* a variable is in an expression (ASP: vval) */
  gboolean any_var;
} Export;

gboolean
lg_export_format_from_string (const char *name, LgExportFormat *format)
{
  if (g_strcmp0 (name, "asp") == 0)
    *format = LG_EXPORT_ASP;
  else if (g_strcmp0 (name, "minizinc") == 0)
    *format = LG_EXPORT_MINIZINC;
  else
    return FALSE;
  return TRUE;
}

/* ---- Text ------------------------------------------------------------------ */

/* A control character the C way, for comments. */
static void
put_control (GString *s, unsigned char c)
{
  switch (c)
    {
    case '\n':
      g_string_append (s, "\\n");
      break;
    case '\t':
      g_string_append (s, "\\t");
      break;
    case '\r':
      g_string_append (s, "\\r");
      break;
    default:
      g_string_append_printf (s, "\\x%02X", c);
      break;
    }
}

static gboolean
is_control (unsigned char c)
{
  return c < 0x20 || c == 0x7f;
}

/* Text for a comment: control characters escaped, so it stays on its line. */
static void
put_comment_text (GString *s, const char *text)
{
  for (const unsigned char *c = (const unsigned char *) text; *c; c++)
    if (is_control (*c))
      put_control (s, *c);
    else
      g_string_append_c (s, (char) *c);
}

/* A name in a comment: quoted, escaped the C way. */
static void
put_comment_name (GString *s, const char *name)
{
  g_string_append_c (s, '"');
  for (const unsigned char *c = (const unsigned char *) name; *c; c++)
    if (*c == '"' || *c == '\\')
      {
        g_string_append_c (s, '\\');
        g_string_append_c (s, (char) *c);
      }
    else if (is_control (*c))
      put_control (s, *c);
    else
      g_string_append_c (s, (char) *c);
  g_string_append_c (s, '"');
}

/* A gringo string literal: \" \\ \n are its escapes, other bytes go raw. */
static void
put_asp_string (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const char *c = text; *c; c++)
    if (*c == '"' || *c == '\\')
      {
        g_string_append_c (s, '\\');
        g_string_append_c (s, *c);
      }
    else if (*c == '\n')
      g_string_append (s, "\\n");
    else
      g_string_append_c (s, *c);
  g_string_append_c (s, '"');
}

/* A MiniZinc string literal, padded with spaces to `width` code points:
 * \" \\ \n \t are its escapes, other bytes go raw but a carriage return,
 * which it can neither hold nor escape: that becomes U+FFFD. */
static void
put_mzn_string (GString *s, const char *text, guint width)
{
  g_string_append_c (s, '"');
  for (const unsigned char *c = (const unsigned char *) text; *c; c++)
    if (*c == '"' || *c == '\\')
      {
        g_string_append_c (s, '\\');
        g_string_append_c (s, (char) *c);
      }
    else if (*c == '\n')
      g_string_append (s, "\\n");
    else if (*c == '\t')
      g_string_append (s, "\\t");
    else if (*c == '\r')
      g_string_append (s, "\xEF\xBF\xBD");
    else
      g_string_append_c (s, (char) *c);
  for (guint w = lg_utf8_width (text); w < width; w++)
    g_string_append_c (s, ' ');
  g_string_append_c (s, '"');
}

static void
put_int (GString *s, gint64 value)
{
  if (value < 0)
    g_string_append_printf (s, "(%" G_GINT64_FORMAT ")", value);
  else
    g_string_append_printf (s, "%" G_GINT64_FORMAT, value);
}

/* "% rule N (line L): TEXT" and a newline, after `indent`. */
static void
put_rule_comment (GString *s, const LgRule *rule, const char *indent)
{
  g_autofree char *text = lg_rule_to_string (rule);
  g_string_append_printf (s, "%s%% rule %u", indent, rule->number);
  if (rule->line)
    g_string_append_printf (s, " (line %u)", rule->line);
  g_string_append (s, ": ");
  put_comment_text (s, text);
  g_string_append_c (s, '\n');
}

/* The comment before constraint group number c (from 0): its variables,
 * "v3 = "a" of "house"", one a line. */
static void
put_group_comment (GString *s, const LgConstraintGroup *cg, guint c)
{
  g_string_append_printf (s,
                          "\n%% Constraint group %u: some items for "
                          "its variables\n",
                          c + 1);
  for (guint i = 0; i < cg->vars->len; i++)
    {
      const LgItem *var = cg->vars->pdata[i];
      g_string_append_printf (s, "%%   v%u = ", var->var_id);
      put_comment_name (s, var->name);
      g_string_append (s, " of ");
      put_comment_name (s, var->group->name);
      g_string_append_c (s, '\n');
    }
  g_string_append (s, "% satisfy all these rules.\n");
}

/* ---- Preparing: value ranges and what is used ---------------------------- */

/* Checks the arithmetic of a rule and notes what it uses. */
static gboolean
rule_prepare (Export *x, const LgRule *rule, gint64 limit)
{
  gint64 lo, hi;
  switch (rule->kind)
    {
    case LG_RULE_YES:
    case LG_RULE_NO:
      if (rule->x->is_var || rule->y->is_var)
        x->var_row = TRUE;
      return TRUE;
    case LG_RULE_AND:
    case LG_RULE_OR:
    case LG_RULE_IF:
      return rule_prepare (x, rule->a, limit) &&
             rule_prepare (x, rule->b, limit);
    case LG_RULE_NOT:
      return rule_prepare (x, rule->a, limit);
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      for (guint i = 0; i < rule->n_list; i++)
        if (!rule_prepare (x, rule->list[i], limit))
          return FALSE;
      return TRUE;
    case LG_RULE_SAME:
    case LG_RULE_DIFFERENT:
      return TRUE; /* is(V, I) in ASP, vV in MiniZinc */
    default:
      {
        g_autoptr (GPtrArray) vars = g_ptr_array_new ();
        lg_rule_collect_vars (rule, vars);
        for (guint i = 0; i < vars->len; i++)
          x->valued[((const LgItem *) vars->pdata[i])->group->index] = TRUE;
        x->var_value |= vars->len > 0;
      }
      return lg_expr_bounds (rule->left, limit, &lo, &hi) &&
             lg_expr_bounds (rule->right, limit, &lo, &hi);
    }
}

/* The rules of a constraint group in their order (numbers). */
static gint
by_number (gconstpointer a, gconstpointer b)
{
  const LgRule *x = *(LgRule *const *) a, *y = *(LgRule *const *) b;
  return (x->number > y->number) - (x->number < y->number);
}

static GPtrArray *
group_rules (const LgConstraintGroup *cg)
{
  GPtrArray *rules = g_ptr_array_new ();
  for (guint i = 0; i < cg->logic->len; i++)
    g_ptr_array_add (rules, cg->logic->pdata[i]);
  for (guint i = 0; i < cg->couple->len; i++)
    g_ptr_array_add (rules, cg->couple->pdata[i]);
  g_ptr_array_sort (rules, by_number);
  return rules;
}

/* The rules without variables: the unbound group's, and those of the
 * groups without variables (logic over couples, constraint_set.h), in
 * their order. */
static GPtrArray *
unbound_rules (const LgConstraintSet *set)
{
  GPtrArray *rules = group_rules (set->unbound);
  for (guint c = 0; c < set->groups->len; c++)
    {
      const LgConstraintGroup *cg = set->groups->pdata[c];
      if (cg->vars->len == 0)
        for (guint i = 0; i < cg->logic->len; i++)
          g_ptr_array_add (rules, cg->logic->pdata[i]);
    }
  g_ptr_array_sort (rules, by_number);
  return rules;
}

/* The constraint groups with variables, in order. */
static GPtrArray *
variable_groups (const LgConstraintSet *set)
{
  GPtrArray *groups = g_ptr_array_new ();
  for (guint c = 0; c < set->groups->len; c++)
    if (((const LgConstraintGroup *) set->groups->pdata[c])->vars->len)
      g_ptr_array_add (groups, set->groups->pdata[c]);
  return groups;
}

static gboolean
prepare (Export *x, GError **error)
{
  gint64 limit = x->format == LG_EXPORT_ASP ? ASP_LIMIT : MZN_LIMIT;
  const char *target = x->format == LG_EXPORT_ASP ? "clingo" : "MiniZinc";
  g_autoptr (GPtrArray) groups = variable_groups (x->set);
  x->any_var = groups->len > 0;
  for (guint g = 0; g <= x->set->groups->len; g++)
    {
      const LgConstraintGroup *cg =
          g == 0 ? x->set->unbound : x->set->groups->pdata[g - 1];
      g_autoptr (GPtrArray) rules = group_rules (cg);
      for (guint i = 0; i < rules->len; i++)
        {
          const LgRule *rule = rules->pdata[i];
          if (rule_prepare (x, rule, limit))
            continue;
          g_autofree char *text = lg_rule_to_string (rule);
          lg_set_error_at_line (
              error, rule->line, LG_PROBLEM_ERROR_OVERFLOW,
              "rule %u (%s) cannot be exported: its arithmetic may "
              "leave the integers of %s (-%" G_GINT64_FORMAT
              "..%" G_GINT64_FORMAT ")",
              rule->number, text, target, limit, limit);
          return FALSE;
        }
    }
  return TRUE;
}

/* "% gG: KIND NAME": the comment that opens a group's lines, the same in
 * both languages. */
static void
put_group_heading (GString *s, const LgGroup *group)
{
  static const char *const kinds[] = { "atomic", "ordered", "numeric" };
  g_string_append_printf (s, "%% g%u: %s ", group->index, kinds[group->kind]);
  put_comment_name (s, group->name);
  g_string_append_c (s, '\n');
}

/* How an expression is written: the two languages differ only in the
 * spelling of variables and operators. */
typedef struct
{
  void (*var) (GString *s, const LgItem *var); /* a variable's value */
  const char *add, *sub, *mul; /* binary operators, inside parentheses */
  const char *neg_open, *neg_close, *abs_open, *abs_close;
} ExprSyntax;

static void
put_expr (GString *s, const LgExpr *e, const ExprSyntax *syntax)
{
  switch (e->kind)
    {
    case LG_EXPR_VALUE:
      put_int (s, e->value);
      break;
    case LG_EXPR_REF:
      if (e->item->is_var)
        syntax->var (s, e->item);
      else
        put_int (s, e->item->value);
      break;
    case LG_EXPR_ADD:
    case LG_EXPR_SUB:
    case LG_EXPR_MUL:
      g_string_append_c (s, '(');
      put_expr (s, e->left, syntax);
      g_string_append (s, e->kind == LG_EXPR_ADD   ? syntax->add
                          : e->kind == LG_EXPR_SUB ? syntax->sub
                                                   : syntax->mul);
      put_expr (s, e->right, syntax);
      g_string_append_c (s, ')');
      break;
    case LG_EXPR_NEG:
      g_string_append (s, syntax->neg_open);
      put_expr (s, e->left, syntax);
      g_string_append (s, syntax->neg_close);
      break;
    case LG_EXPR_ABS:
      g_string_append (s, syntax->abs_open);
      put_expr (s, e->left, syntax);
      g_string_append (s, syntax->abs_close);
      break;
    }
}

/* ---- ASP ------------------------------------------------------------------- */

static void
asp_item_id (GString *s, const LgItem *item)
{
  g_string_append_printf (s, "i%u_%u", item->group->index, item->index);
}

/* at(iG_K,R) or vrow(vV,R). */
static void
asp_position (GString *s, const LgItem *item)
{
  if (item->is_var)
    g_string_append_printf (s, "vrow(v%u,R)", item->var_id);
  else
    {
      g_string_append (s, "at(");
      asp_item_id (s, item);
      g_string_append (s, ",R)");
    }
}

/* X3 stands for the value of variable 3 (vval(v3,X3) binds it). */
static void
asp_var (GString *s, const LgItem *var)
{
  g_string_append_printf (s, "X%u", var->var_id);
}

static const ExprSyntax asp_syntax = {
  .var = asp_var,
  .add = "+",
  .sub = "-",
  .mul = "*",
  .neg_open = "-",
  .neg_close = "",
  .abs_open = "|",
  .abs_close = "|",
};

/* The rules defining the atom `name` for the node r of a logical rule;
 * `next` numbers the atoms of its parts. */
static void asp_logic (GString *s, const LgRule *r, const char *name,
                       guint number, guint *next);

/* The atom of a new part of rule `number`; g_free it. */
static char *
asp_part (guint number, guint *next)
{
  return g_strdup_printf ("r%u_%u", number, ++*next);
}

/* "is(vV,I)" or, for an item, nothing: its identifier in *id. */
static void
asp_identity_term (GString *s, const LgItem *item, const char *var)
{
  if (item->is_var)
    g_string_append_printf (s, "is(v%u,%s)", item->var_id, var);
}

/* name holds when x and y are the same item (a same group). */
static void
asp_same (GString *s, const LgRule *r, const char *name)
{
  const LgItem *x = r->x, *y = r->y;
  if (!x->is_var && !y->is_var)
    {
      /* a fact, or a rule that never fires (the atom still has a rule) */
      g_string_append_printf (s, x == y ? "%s.\n" : "%s :- 0 = 1.\n", name);
      return;
    }
  if (!x->is_var)
    {
      const LgItem *t = x;
      x = y;
      y = t;
    }
  g_string_append_printf (s, "%s :- ", name);
  if (y->is_var)
    {
      asp_identity_term (s, x, "I");
      g_string_append (s, ", ");
      asp_identity_term (s, y, "I");
    }
  else
    {
      g_string_append_printf (s, "is(v%u,", x->var_id);
      asp_item_id (s, y);
      g_string_append_c (s, ')');
    }
  g_string_append (s, ".\n");
}

/* The parts a, b or the list of r, each with its atom, and the rules of
 * the atom `name` over them; FALSE when r has no parts. */
static gboolean
asp_compound (GString *s, const LgRule *r, const char *name, guint number,
              guint *next)
{
  static const char *const guards[] = {
    [LG_RULE_EXACTLY] = "=", [LG_RULE_AT_LEAST] = ">=", [LG_RULE_AT_MOST] = "<="
  };
  if (lg_rule_is_count (r))
    {
      g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
      g_string_append_printf (s, "%s :- #count { ", name);
      for (guint i = 0; i < r->n_list; i++)
        {
          char *part = asp_part (number, next);
          g_ptr_array_add (parts, part);
          g_string_append_printf (s, "%s%u : %s", i ? "; " : "", i, part);
        }
      g_string_append_printf (s, " } %s %u.\n", guards[r->kind], r->k);
      for (guint i = 0; i < r->n_list; i++)
        asp_logic (s, r->list[i], parts->pdata[i], number, next);
      return TRUE;
    }
  if (r->kind == LG_RULE_DIFFERENT || r->kind == LG_RULE_NO)
    {
      /* the negation of a same or a yes */
      g_autofree char *a = asp_part (number, next);
      g_string_append_printf (s, "%s :- not %s.\n", name, a);
      if (r->kind == LG_RULE_NO)
        {
          g_string_append_printf (s, "%s :- ", a);
          asp_position (s, r->x);
          g_string_append (s, ", ");
          asp_position (s, r->y);
          g_string_append (s, ".\n");
        }
      else
        asp_same (s, r, a);
      return TRUE;
    }
  if (r->kind == LG_RULE_YES)
    {
      g_string_append_printf (s, "%s :- ", name);
      asp_position (s, r->x);
      g_string_append (s, ", ");
      asp_position (s, r->y);
      g_string_append (s, ".\n");
      return TRUE;
    }
  if (r->kind == LG_RULE_SAME)
    {
      asp_same (s, r, name);
      return TRUE;
    }
  if (r->kind != LG_RULE_AND && r->kind != LG_RULE_OR &&
      r->kind != LG_RULE_NOT && r->kind != LG_RULE_IF)
    return FALSE;
  g_autofree char *a = asp_part (number, next);
  g_autofree char *b = r->kind == LG_RULE_NOT ? NULL : asp_part (number, next);
  if (r->kind == LG_RULE_AND)
    g_string_append_printf (s, "%s :- %s, %s.\n", name, a, b);
  else if (r->kind == LG_RULE_OR)
    g_string_append_printf (s, "%s :- %s.\n%s :- %s.\n", name, a, name, b);
  else if (r->kind == LG_RULE_IF)
    g_string_append_printf (s, "%s :- not %s.\n%s :- %s.\n", name, a, name, b);
  else
    g_string_append_printf (s, "%s :- not %s.\n", name, a);
  asp_logic (s, r->a, a, number, next);
  if (b)
    asp_logic (s, r->b, b, number, next);
  return TRUE;
}

/* The rules defining the atom `name` for the node r of a logical rule;
 * `next` numbers the atoms of its parts. */
static void
asp_logic (GString *s, const LgRule *r, const char *name, guint number,
           guint *next)
{
  if (asp_compound (s, r, name, number, next))
    return;
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  lg_rule_collect_vars (r, vars);
  g_string_append_printf (s, "%s :- ", name);
  for (guint i = 0; i < vars->len; i++)
    {
      const LgItem *v = vars->pdata[i];
      g_string_append_printf (s, "vval(v%u,X%u), ", v->var_id, v->var_id);
    }
  put_expr (s, r->left, &asp_syntax);
  g_string_append_printf (s, " %s ", lg_rule_relation_symbol (r->kind));
  put_expr (s, r->right, &asp_syntax);
  g_string_append (s, ".\n");
}

static void
asp_rule (GString *s, const LgRule *rule)
{
  put_rule_comment (s, rule, "");
  if (lg_rule_is_couple (rule))
    {
      g_string_append (s, ":- ");
      asp_position (s, rule->x);
      g_string_append (s, rule->kind == LG_RULE_YES ? ", not " : ", ");
      asp_position (s, rule->y);
      g_string_append (s, ".\n");
      return;
    }
  g_autofree char *name = g_strdup_printf ("r%u", rule->number);
  guint next = 0;
  asp_logic (s, rule, name, rule->number, &next);
  g_string_append_printf (s, ":- not %s.\n", name);
}

static void
asp_write (Export *x, const char *title)
{
  GString *s = x->s;
  LgGroup *first = lg_problem_get_group (x->problem, 0);

  g_string_append (s, "% ");
  put_comment_text (s, title);
  g_string_append (
      s, ": a logigram problem in Answer Set Programming, written by\n"
         "% logigram --export asp.  Its answer sets, projected on the shown\n"
         "% terms, are the problem's solutions, each once:\n"
         "%   clingo --project 0 FILE\n"
         "% cell(R, Group, Item): the item named Item of the group named Group "
         "is\n"
         "% on row R.  Encoding: see the top of logigram's src/export.c.\n\n");

  g_string_append (s, "% Row R holds item R of the first group, ");
  put_comment_name (s, first->name);
  g_string_append_printf (s, ".\nrow(0..%u).\n\n", x->n - 1);

  g_string_append (
      s, "% Groups: item(G, I, K), item I is the K-th (from 0) of group G;\n"
         "% name(I, Group, Item), its names");
  if (x->var_value)
    g_string_append (s, "; value(I, V), its value");
  g_string_append (s, ".\n");
  for (guint g = 0; g < x->n_groups; g++)
    {
      LgGroup *group = lg_problem_get_group (x->problem, g);
      put_group_heading (s, group);
      for (guint k = 0; k < x->n; k++)
        {
          LgItem *item = group->items->pdata[k];
          g_string_append_printf (s, "item(g%u,i%u_%u,%u). name(i%u_%u,", g, g,
                                  k, k, g, k);
          put_asp_string (s, group->name);
          g_string_append_c (s, ',');
          put_asp_string (s, item->name);
          g_string_append (s, ").");
          if (x->valued[g])
            g_string_append_printf (s, " value(i%u_%u,%" G_GINT64_FORMAT ").",
                                    g, k, item->value);
          g_string_append_c (s, '\n');
        }
    }

  g_string_append (
      s, "\n% The solution: at(I, R), item I is on row R; every group is a\n"
         "% bijection between its items and the rows.\n"
         "at(I,K) :- item(g0,I,K).\n"
         "1 { at(I,R) : row(R) } 1 :- item(G,I,_), G != g0.\n"
         ":- item(G,_,_), row(R), 2 { at(I,R) : item(G,I,_) }.\n");

  if (x->any_var)
    {
      g_string_append (
          s, "\n% Variables: var(V, G), V stands for some item of group G:\n"
             "% is(V, I).\n");
      if (x->var_row)
        g_string_append (s, "% vrow(V, R): the row of V.\n");
      if (x->var_value)
        g_string_append (s, "% vval(V, X): the value of V.\n");
      g_string_append (
          s, "% The variables of a constraint group are existential: the\n"
             "% group holds when some choice of them satisfies all its\n"
             "% rules.  The choice is not shown, and clingo --project counts\n"
             "% each solution once.\n"
             "1 { is(V,I) : item(G,I,_) } 1 :- var(V,G).\n");
      if (x->var_row)
        g_string_append (s, "vrow(V,R) :- is(V,I), at(I,R).\n");
      if (x->var_value)
        g_string_append (s, "vval(V,X) :- is(V,I), value(I,X).\n");
    }

  g_autoptr (GPtrArray) unbound = unbound_rules (x->set);
  g_autoptr (GPtrArray) groups = variable_groups (x->set);
  if (unbound->len)
    {
      GPtrArray *rules = unbound;
      g_string_append (s, "\n% Rules without variables.\n");
      for (guint i = 0; i < rules->len; i++)
        asp_rule (s, rules->pdata[i]);
    }
  for (guint c = 0; c < groups->len; c++)
    {
      const LgConstraintGroup *cg = groups->pdata[c];
      g_autoptr (GPtrArray) rules = group_rules (cg);
      put_group_comment (s, cg, c);
      for (guint i = 0; i < cg->vars->len; i++)
        {
          const LgItem *v = cg->vars->pdata[i];
          g_string_append_printf (s, "var(v%u,g%u).\n", v->var_id,
                                  v->group->index);
        }
      for (guint i = 0; i < rules->len; i++)
        asp_rule (s, rules->pdata[i]);
    }

  g_string_append (s, "\n#show.\n#show cell(R,G,N) : at(I,R), name(I,G,N).\n");
}

/* ---- MiniZinc -------------------------------------------------------------- */

/* gG[ITEM]: the row of an item, or of the item a variable stands for. */
static void
mzn_position (GString *s, const LgItem *item)
{
  if (item->is_var)
    g_string_append_printf (s, "g%u[v%u]", item->group->index, item->var_id);
  else
    g_string_append_printf (s, "g%u[i%u_%u]", item->group->index,
                            item->group->index, item->index);
}

/* valG[vV]: the value of the item variable V of group G stands for. */
static void
mzn_var (GString *s, const LgItem *var)
{
  g_string_append_printf (s, "val%u[v%u]", var->group->index, var->var_id);
}

static const ExprSyntax mzn_syntax = {
  .var = mzn_var,
  .add = " + ",
  .sub = " - ",
  .mul = " * ",
  .neg_open = "(-",
  .neg_close = ")",
  .abs_open = "abs (",
  .abs_close = ")",
};

/* An item or variable as the item it is: vV, or iG_K. */
static void
mzn_identity (GString *s, const LgItem *item)
{
  if (item->is_var)
    g_string_append_printf (s, "v%u", item->var_id);
  else
    g_string_append_printf (s, "i%u_%u", item->group->index, item->index);
}

/* A rule as a MiniZinc Boolean expression; `top`: no outer parentheses. */
static void
mzn_rule_expr (GString *s, const LgRule *r, gboolean top)
{
  switch (r->kind)
    {
    case LG_RULE_YES:
    case LG_RULE_NO:
      mzn_position (s, r->x);
      g_string_append (s, r->kind == LG_RULE_YES ? " = " : " != ");
      mzn_position (s, r->y);
      return;
    case LG_RULE_AND:
    case LG_RULE_OR:
      if (!top)
        g_string_append_c (s, '(');
      mzn_rule_expr (s, r->a, FALSE);
      g_string_append (s, r->kind == LG_RULE_AND ? " /\\ " : " \\/ ");
      mzn_rule_expr (s, r->b, FALSE);
      if (!top)
        g_string_append_c (s, ')');
      return;
    case LG_RULE_NOT:
      /* not binds tighter than =: a couple takes parentheses */
      g_string_append (s, lg_rule_is_couple (r->a) ? "not (" : "not ");
      mzn_rule_expr (s, r->a, FALSE);
      if (lg_rule_is_couple (r->a))
        g_string_append_c (s, ')');
      return;
    case LG_RULE_IF:
      g_string_append_c (s, '(');
      mzn_rule_expr (s, r->a, FALSE);
      g_string_append (s, " -> ");
      mzn_rule_expr (s, r->b, FALSE);
      g_string_append_c (s, ')');
      return;
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      g_string_append (s, "(sum ([");
      for (guint i = 0; i < r->n_list; i++)
        {
          g_string_append (s, i ? ", bool2int (" : "bool2int (");
          mzn_rule_expr (s, r->list[i], TRUE);
          g_string_append_c (s, ')');
        }
      g_string_append_printf (s, "]) %s %u)",
                              r->kind == LG_RULE_EXACTLY    ? "="
                              : r->kind == LG_RULE_AT_LEAST ? ">="
                                                            : "<=",
                              r->k);
      return;
    case LG_RULE_SAME:
    case LG_RULE_DIFFERENT:
      g_string_append_c (s, '(');
      mzn_identity (s, r->x);
      g_string_append (s, r->kind == LG_RULE_SAME ? " = " : " != ");
      mzn_identity (s, r->y);
      g_string_append_c (s, ')');
      return;
    default:
      if (!top)
        g_string_append_c (s, '(');
      put_expr (s, r->left, &mzn_syntax);
      g_string_append_printf (s, " %s ", lg_rule_relation_symbol (r->kind));
      put_expr (s, r->right, &mzn_syntax);
      if (!top)
        g_string_append_c (s, ')');
      return;
    }
}

/* The constraint of a constraint group: nested exists, one level per
 * variable in creation order (variables without a rule of their own share
 * the next level), each rule at the level of its last variable, so that
 * MiniZinc prunes on a false relation (par) before going deeper.  The same
 * as one exists over all the variables, with fewer combinations flattened. */
static void
mzn_group (GString *s, const LgConstraintGroup *cg, GPtrArray *rules)
{
  guint n_vars = cg->vars->len;
  g_autofree guint *level = g_new0 (guint, rules->len);
  for (guint i = 0; i < rules->len; i++)
    {
      g_autoptr (GPtrArray) vars = g_ptr_array_new ();
      lg_rule_collect_vars (rules->pdata[i], vars);
      for (guint j = 0; j < vars->len; j++)
        {
          guint at = 0;
          g_ptr_array_find (cg->vars, vars->pdata[j], &at);
          level[i] = MAX (level[i], at);
        }
    }
  g_string_append (s, "constraint ");
  guint depth = 0, first_var = 0;
  for (guint k = 0; k < n_vars; k++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < rules->len && !any; i++)
        any = level[i] == k;
      if (!any)
        continue;
      if (depth)
        g_string_append_printf (s, "%*s/\\ ", 2 * depth, "");
      g_string_append (s, "exists (");
      for (guint v = first_var; v <= k; v++)
        g_string_append_printf (s, "%sv%u in ROW", v > first_var ? ", " : "",
                                ((LgItem *) cg->vars->pdata[v])->var_id);
      g_string_append (s, ") (\n");
      depth++;
      first_var = k + 1;
      gboolean first = TRUE;
      for (guint i = 0; i < rules->len; i++)
        if (level[i] == k)
          {
            g_autofree char *indent = g_strnfill (2 * depth, ' ');
            put_rule_comment (s, rules->pdata[i], indent);
            g_string_append_printf (s, "%s%s", indent, first ? "" : "/\\ ");
            mzn_rule_expr (s, rules->pdata[i], FALSE);
            g_string_append_c (s, '\n');
            first = FALSE;
          }
    }
  while (depth-- > 0)
    g_string_append_printf (s, "%*s)%s\n", 2 * depth, "", depth ? "" : ";");
}

/* "+-----+---+\n" as a MiniZinc string, or "| a | b |\n" for the names. */
static void
mzn_table_line (Export *x, gboolean names)
{
  GString *s = x->s;
  g_string_append (s, "  \"");
  g_string_append_c (s, names ? '|' : '+');
  for (guint g = 0; g < x->n_groups; g++)
    {
      LgGroup *group = lg_problem_get_group (x->problem, g);
      if (names)
        {
          GString *padded = g_string_new (NULL);
          put_mzn_string (padded, group->name, group->width);
          /* Without its quotes. */
          g_string_append_c (s, ' ');
          g_string_append_len (s, padded->str + 1, padded->len - 2);
          g_string_append (s, " |");
          g_string_free (padded, TRUE);
        }
      else
        {
          for (guint i = 0; i < group->width + 2; i++)
            g_string_append_c (s, '-');
          g_string_append_c (s, '+');
        }
    }
  g_string_append (s, "\\n\"");
}

static void
mzn_write (Export *x, const char *title)
{
  GString *s = x->s;
  LgGroup *first = lg_problem_get_group (x->problem, 0);

  g_string_append (s, "% ");
  put_comment_text (s, title);
  g_string_append (
      s, ": a logigram problem in MiniZinc, written by logigram --export\n"
         "% minizinc.  Its solutions are the problem's solutions, each once,\n"
         "% printed as logigram's tables:\n"
         "%   minizinc --solver gecode -a FILE\n"
         "% Encoding: see the top of logigram's src/export.c.\n\n"
         "include \"all_different.mzn\";\n\n");

  g_string_append_printf (s, "int: n = %u;\n", x->n);
  g_string_append (s, "% Row r holds item r of the first group, ");
  put_comment_name (s, first->name);
  g_string_append (s, ".\nset of int: ROW = 0..n-1;\n\n");

  g_string_append (
      s, "% Groups: iG_K = K is item K of group G; gG[K] is the row of that\n"
         "% item");
  if (x->var_value)
    g_string_append (s, ", valG[K] its value");
  g_string_append (s, ", nameG[K] its name padded for the table.\n");
  for (guint g = 0; g < x->n_groups; g++)
    {
      LgGroup *group = lg_problem_get_group (x->problem, g);
      put_group_heading (s, group);
      for (guint k = 0; k < x->n; k++)
        {
          g_string_append_printf (s, "int: i%u_%u = %u;  %% ", g, k, k);
          put_comment_name (s, ((LgItem *) group->items->pdata[k])->name);
          g_string_append_c (s, '\n');
        }
      if (g == 0)
        {
          g_string_append (s, "array[ROW] of int: g0 = array1d (ROW, [");
          for (guint k = 0; k < x->n; k++)
            g_string_append_printf (s, "%s%u", k ? ", " : "", k);
          g_string_append (s, "]);\n");
        }
      else
        g_string_append_printf (s,
                                "array[ROW] of var ROW: g%u;\n"
                                "constraint all_different (g%u);\n",
                                g, g);
      if (x->valued[g])
        {
          g_string_append_printf (
              s, "array[ROW] of int: val%u = array1d (ROW, [", g);
          for (guint k = 0; k < x->n; k++)
            g_string_append_printf (s, "%s%" G_GINT64_FORMAT, k ? ", " : "",
                                    ((LgItem *) group->items->pdata[k])->value);
          g_string_append (s, "]);\n");
        }
      g_string_append_printf (s,
                              "array[ROW] of string: name%u = array1d "
                              "(ROW, [",
                              g);
      for (guint k = 0; k < x->n; k++)
        {
          g_string_append (s, k ? ", " : "");
          put_mzn_string (s, ((LgItem *) group->items->pdata[k])->name,
                          group->width);
        }
      g_string_append (s, "]);\n");
    }

  g_autoptr (GPtrArray) unbound = unbound_rules (x->set);
  g_autoptr (GPtrArray) groups = variable_groups (x->set);
  if (unbound->len)
    {
      GPtrArray *rules = unbound;
      g_string_append (s, "\n% Rules without variables.\n");
      for (guint i = 0; i < rules->len; i++)
        {
          put_rule_comment (s, rules->pdata[i], "");
          g_string_append (s, "constraint ");
          mzn_rule_expr (s, rules->pdata[i], TRUE);
          g_string_append (s, ";\n");
        }
    }
  for (guint c = 0; c < groups->len; c++)
    {
      const LgConstraintGroup *cg = groups->pdata[c];
      g_autoptr (GPtrArray) rules = group_rules (cg);
      put_group_comment (s, cg, c);
      mzn_group (s, cg, rules);
    }

  g_string_append (s, "\nsolve satisfy;\n\n"
                      "% Each solution as logigram prints it.\n"
                      "output [\n  \"\\n\",\n");
  mzn_table_line (x, FALSE);
  g_string_append (s, ",\n");
  mzn_table_line (x, TRUE);
  g_string_append (s, ",\n");
  mzn_table_line (x, FALSE);
  g_string_append (s, "\n] ++ [\n  \"| \" ++ name0[r]");
  for (guint g = 1; g < x->n_groups; g++)
    g_string_append_printf (
        s,
        " ++\n  \" | \" ++ concat ([name%u[k] | k in ROW where fix (g%u[k]) "
        "= r])",
        g, g);
  g_string_append (s, " ++ \" |\\n\"\n  | r in ROW\n] ++ [\n");
  mzn_table_line (x, FALSE);
  g_string_append (s, "\n];\n");
}

/* ---- Entry points ------------------------------------------------------------ */

char *
lg_export_to_string (LgProblem *problem, LgExportFormat format,
                     const char *title, GError **error)
{
  g_return_val_if_fail (problem != NULL, NULL);
  if (!lg_problem_check (problem, error))
    return NULL;
  Export x = { 0 };
  x.problem = problem;
  x.format = format;
  x.n = lg_problem_dimension (problem);
  x.n_groups = lg_problem_n_groups (problem);
  x.valued = g_new0 (gboolean, x.n_groups);
  x.set = lg_constraint_set_new (problem);
  char *text = NULL;
  if (prepare (&x, error))
    {
      x.s = g_string_new (NULL);
      if (!title)
        title = "problem";
      if (format == LG_EXPORT_ASP)
        asp_write (&x, title);
      else
        mzn_write (&x, title);
      text = g_string_free (x.s, FALSE);
    }
  lg_constraint_set_free (x.set);
  g_free (x.valued);
  return text;
}

gboolean
lg_export (FILE *out, LgProblem *problem, LgExportFormat format,
           const char *title, GError **error)
{
  g_autofree char *text = lg_export_to_string (problem, format, title, error);
  if (!text)
    return FALSE;
  fputs (text, out);
  return TRUE;
}
