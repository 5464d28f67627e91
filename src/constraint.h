/* constraint — rules and integer expressions (the original's CONSTRAINT,
 * CONSTRAINT_YES/NO/EQUAL/..., EXPR_VALUE/ITEM/ADD/SUB/MUL/ABS and
 * ITEM_COLLECTOR).
 *
 * Couples (yes, no) become masks in the transformation; every other rule is
 * logical: it is evaluated once all its variables have a value, and when
 * couples stand inside it (yes Carla, cat or yes Dan, cat), expanded over
 * their cells into alternatives of cell literals (LgExpansion).  Arithmetic
 * is on 64 bits and an overflow is reported, never wrapped.  lg_expr_eval
 * has no caller outside this module but stays public for
 * tests/check_description.c, which checks expressions apart from rules.
 *
 * Invariant: evaluation reads the problem and an assignment its caller
 * owns, and writes neither; a rule's number is its place in the problem
 * once added, and a rule is added once.
 */
#ifndef LG_CONSTRAINT_H
#define LG_CONSTRAINT_H

#include "description.h"

/* An assignment gives each variable an item: assignment[var->var_id] is
 * the index, in the variable's group, of the item it stands for now.  The
 * problem holds no current values: whoever evaluates rules (an engine, the
 * checker) owns its assignment, an array of lg_problem_n_vars (problem)
 * entries, so two solves of one problem never share one.  A search that
 * gives its variables items one by one marks those without one yet
 * LG_UNSET: lg_rule_eval3 then tells whether the rule can still hold. */
#define LG_UNSET G_MAXUINT

/* The item an item-or-variable stands for under assignment. */
static inline guint
lg_item_current_index (const LgItem *item, const guint *assignment)
{
  return item->is_var ? assignment[item->var_id] : item->index;
}

/* Value of an expression under assignment; FALSE on overflow, or when
 * one of its variables is LG_UNSET. */
gboolean lg_expr_eval (const LgExpr *expr, const guint *assignment,
                       gint64 *value);

/* The bounds lo..hi of an expression over every item its variables can
 * take.  FALSE when the bounds of the expression or of one of its
 * sub-expressions may leave -limit..limit or overflow 64 bits (with limit
 * G_MAXINT64: when evaluating it might overflow; the exports pass the
 * integers of their target). */
gboolean lg_expr_bounds (const LgExpr *expr, gint64 limit, gint64 *lo,
                         gint64 *hi);

/* Appends text as a string literal of the .lgm format: between double
 * quotes, with \" and \\ for a quote and a backslash. */
void lg_append_lgm_string (GString *s, const char *text);
/* Appends a name of group, item or variable as the .lgm format reads it:
 * as it is when it is a plain word, else as a string literal. */
void lg_append_lgm_name (GString *s, const char *name);

typedef enum
{
  LG_EVAL_FALSE = 0,
  LG_EVAL_TRUE = 1,
  LG_EVAL_OVERFLOW = -1,
  LG_EVAL_UNKNOWN = 2 /* lg_rule_eval3 and lg_relation_compare only: not
                         decided yet */
} LgEval;

/* The truth of kind (a relation, LG_RULE_EQ to LG_RULE_GE) between a
 * value in l1..h1 and a value in l2..h2: LG_EVAL_TRUE or LG_EVAL_FALSE
 * when it holds or fails for every two such values, else
 * LG_EVAL_UNKNOWN. */
LgEval lg_relation_compare (LgRuleKind kind, gint64 l1, gint64 h1, gint64 l2,
                            gint64 h2);

/* Truth of a logical rule without couples under assignment. */
LgEval lg_rule_eval (const LgRule *rule, const guint *assignment);

/* Whether item i1 of group g1 and item i2 of group g2 (g1 < g2) are
 * together: LG_EVAL_TRUE, LG_EVAL_FALSE or LG_EVAL_UNKNOWN. */
typedef LgEval (*LgCoupleTruth) (guint g1, guint i1, guint g2, guint i2,
                                 gpointer data);

/* Truth of a logical rule, couples included, in three-valued logic: truth
 * tells the couples' cells (it may be NULL when the rule has none).  The
 * operators are Kleene's (false and unknown is false, true or unknown is
 * true), a count is unknown while its unknown operands can still make it
 * hold or fail; an overflow is met where the two-valued evaluation, left
 * to right with short circuits, could meet it.  A variable LG_UNSET in
 * assignment stands for any item of its group: a relation over it is
 * decided by the bounds of its two sides when they do (lg_expr_bounds,
 * lg_relation_compare), where they may overflow (a rule that is not
 * safe) LG_EVAL_OVERFLOW; a couple, a same or a different over it is
 * unknown (truth is not called). */
LgEval lg_rule_eval3 (const LgRule *rule, const guint *assignment,
                      LgCoupleTruth truth, gpointer data);

/* The cell of a couple under assignment: item i1 of group g1 and item i2
 * of group g2, g1 < g2 (group indices in the solving order). */
void lg_couple_cell (const LgRule *couple, const guint *assignment, guint *g1,
                     guint *i1, guint *g2, guint *i2);

/* "exactly", "at least" or "at most": the words of a counting kind. */
const char *lg_rule_count_words (LgRuleKind kind);

/* A logical rule compiled into a flat program for a small stack machine, so
 * that the transformation, which evaluates the rules at every assignment,
 * walks an array instead of a tree.  Same results as lg_rule_eval, overflow
 * and short-circuits included.  The program reads the variables from the
 * assignment it is compiled against, which must outlive it. */
typedef struct LgRuleProgram LgRuleProgram;
LgRuleProgram *lg_rule_program_new (const LgRule *rule,
                                    const guint *assignment);
void lg_rule_program_free (LgRuleProgram *program);
LgEval lg_rule_program_eval (LgRuleProgram *program);
const LgRule *lg_rule_program_rule (const LgRuleProgram *program);

/* The symbol of a relation (kinds EQ to GE): "=", "!=", "<", ">", "<=" or
 * ">=", as the problem files and both exports write it. */
const char *lg_rule_relation_symbol (LgRuleKind kind);

/* Sets *error to the one message of an overflow in rule (both engines give
 * it, on the same rule), carrying the rule's line. */
void lg_rule_set_overflow_error (GError **error, const LgRule *rule);

/* A literal of an alternative: item i1 of group g1 is (yes) or is not
 * (!yes) together with item i2 of group g2, g1 < g2. */
typedef struct
{
  guint g1, i1, g2, i2;
  gboolean yes;
} LgCellLiteral;

/* The expansion of logical rules with couples inside (the couple logic of
 * one constraint group) under an assignment of their variables: the
 * alternatives, each a conjunction of cell literals, under which all the
 * rules hold; they exclude one another and cover every association of
 * the items where the rules hold.  Made once per group and run at every
 * assignment, it allocates nothing when run.  rules and assignment are
 * borrowed and must outlive it. */
typedef struct LgExpansion LgExpansion;
typedef gboolean (*LgExpansionFunc) (const LgCellLiteral *literals,
                                     guint n_literals, gpointer data);
LgExpansion *lg_expansion_new (const LgRule *const *rules, guint n_rules,
                               const guint *assignment);
void lg_expansion_free (LgExpansion *expansion);
/* The rules of logic (LgRule*) with couples inside
 * (lg_rule_is_couple_logic), appended in order to couple_logic, the
 * others to plain unless it is NULL: what an expansion makes alternatives
 * of, and the rest. */
void lg_rules_split_couple_logic (const GPtrArray *logic,
                                  GPtrArray *couple_logic, GPtrArray *plain);
/* The distinct couples inside rules (a couple written twice counted once):
 * the cells of their expansion are at most that many, and 2^that bounds
 * its alternatives. */
guint lg_rules_n_cells (const LgRule *const *rules, guint n_rules);
/* Calls func on each alternative until it returns FALSE.  FALSE, with
 * *overflow the first rule whose arithmetic overflows under the
 * assignment; TRUE otherwise. */
gboolean lg_expansion_run (LgExpansion *expansion, LgExpansionFunc func,
                           gpointer data, const LgRule **overflow);
/* The work of the runs: the nodes of their binary trees of cells, counted
 * from 0 by set_node_limit, past which limit a run stops as if func had
 * returned FALSE (none by default). */
void lg_expansion_set_node_limit (LgExpansion *expansion, guint64 limit);
guint64 lg_expansion_nodes (const LgExpansion *expansion);

/* Appends to vars (LgItem*) the variables of rule not already there, in
 * the order they are met (the ITEM_COLLECTOR). */
void lg_rule_collect_vars (const LgRule *rule, GPtrArray *vars);
/* Appends to couples (LgRule*) every yes or no couple inside rule, in the
 * order they are met, a couple written twice twice. */
void lg_rule_collect_couples (const LgRule *rule, GPtrArray *couples);

#endif /* LG_CONSTRAINT_H */
