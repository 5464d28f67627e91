/* description — the problem as described (the original's DESCRIPTION,
 * GROUP, ITEM_ITEM, ITEM_VAR, and the LOGIGRAM class's builder calls).
 *
 * The problem owns everything: groups (each with its items), variables,
 * expressions and rules.  Groups keep their declaration order in `decl` and
 * their solving order in `groups`; `group->index` is the position in
 * `groups`, which is what pair indices and the printed columns use.
 * Invariant: items[i]->index == i within a group, every rule's number is
 * its 1-based position in `rules`, and the clues cover the rules in order,
 * each rule in exactly one clue (rule->clue).  Internal header: the public API is
 * logigram.h.
 */
#ifndef LG_DESCRIPTION_H
#define LG_DESCRIPTION_H

#include "logigram.h"

struct _LgGroup
{
  char *name;
  LgGroupKind kind;
  guint index;         /* position in the solving order */
  guint decl_index;    /* position in declaration order */
  GPtrArray *items;    /* LgItem*, owned */
  GHashTable *by_name; /* item name -> LgItem* */
  guint width;         /* max UTF-8 length of name and item names */
  guint n_anonymous;   /* anonymous variables made so far */
};

struct _LgItem
{
  LgGroup *group;
  char *name;
  gboolean is_var;
  guint index;  /* item: position in its group; variable: 0 (its item
                      lives in an assignment, see constraint.h) */
  gint64 value; /* item of an ordered or numeric group: its value */
  guint var_id; /* variable: creation order, from 0 */
};

typedef enum
{
  LG_EXPR_VALUE,
  LG_EXPR_REF,
  LG_EXPR_ADD,
  LG_EXPR_SUB,
  LG_EXPR_MUL,
  LG_EXPR_NEG,
  LG_EXPR_ABS
} LgExprKind;

struct _LgExpr
{
  LgExprKind kind;
  gint64 value;         /* VALUE */
  LgItem *item;         /* REF */
  LgExpr *left, *right; /* operands (right is NULL for NEG and ABS) */
};

typedef enum
{
  LG_RULE_YES,
  LG_RULE_NO,
  LG_RULE_EQ,
  LG_RULE_NEQ,
  LG_RULE_LT,
  LG_RULE_GT,
  LG_RULE_LE,
  LG_RULE_GE,
  LG_RULE_AND,
  LG_RULE_OR,
  LG_RULE_NOT,
  LG_RULE_SAME,      /* x, y of one group: the same item */
  LG_RULE_DIFFERENT, /* x, y of one group: two different items */
  LG_RULE_IF,        /* if a then b */
  LG_RULE_EXACTLY,   /* exactly k of list */
  LG_RULE_AT_LEAST,  /* at least k of list */
  LG_RULE_AT_MOST    /* at most k of list */
} LgRuleKind;

struct _LgRule
{
  LgRuleKind kind;
  LgItem *x, *y;        /* YES, NO, SAME, DIFFERENT */
  LgExpr *left, *right; /* relations */
  LgRule *a, *b;        /* AND, OR, IF (a, b), NOT (a) */
  LgRule **list;        /* EXACTLY, AT_LEAST, AT_MOST: n_list rules, in
                           the rule's own block */
  guint n_list, k;
  gboolean has_couple; /* a couple stands in it, or is it */
  guint number;        /* 1-based once added by lg_rule, else 0 */
  guint line;          /* source line, 0 when unknown */
  guint clue;          /* its clue's number once added, else 0 */
  gboolean in_clues;   /* added once the problem had clue lines */
  gboolean dropped;    /* ignored by --drop */
};

/* A clue (see lg_clue): rules first_rule .. first_rule + n_rules - 1. */
typedef struct
{
  char *text; /* owned; NULL for a rule on its own */
  guint line;
  guint first_rule;
  guint n_rules;
} LgClue;

typedef struct
{
  LgGroup *group;
  LgItem *ref;
} LgQuestion;

struct _LgProblem
{
  GPtrArray *decl;   /* LgGroup*, declaration order, owned */
  GPtrArray *groups; /* LgGroup*, solving order, borrowed */
  GHashTable *group_by_name;
  GPtrArray *vars;        /* LgItem* variables, creation order, owned */
  GHashTable *named_vars; /* "group\x1fname" -> LgItem* (lg_var) */
  GPtrArray *exprs;       /* owned */
  GPtrArray *rule_nodes;  /* every LgRule made, owned */
  GPtrArray *rules;       /* the rules added, in order, borrowed */
  GArray *questions;      /* LgQuestion */
  GArray *clues;          /* LgClue, in order; every rule in exactly one */
  gboolean clue_open;     /* lg_clue was called: rules join the last clue */
  guint line;
  GError *error;   /* first builder error */
  gboolean frozen; /* lg_problem_check passed: nothing changes any more */
};

static inline gboolean
lg_group_is_like_integer (const LgGroup *group)
{
  return group->kind != LG_GROUP_ATOMIC;
}

static inline gboolean
lg_rule_is_couple (const LgRule *rule)
{
  return rule->kind == LG_RULE_YES || rule->kind == LG_RULE_NO;
}

/* A logical rule with a couple inside (yes Carla, cat or yes Dan, cat): its
 * truth depends on the associations, not only on the variables. */
static inline gboolean
lg_rule_is_couple_logic (const LgRule *rule)
{
  return rule->has_couple && !lg_rule_is_couple (rule);
}

static inline gboolean
lg_rule_is_count (const LgRule *rule)
{
  return rule->kind == LG_RULE_EXACTLY || rule->kind == LG_RULE_AT_LEAST ||
         rule->kind == LG_RULE_AT_MOST;
}

/* Puts rule, just added as the last rule, in the open clue, or in a new
 * clue of its own (lg_rule calls it). */
void lg_problem_add_rule_to_clue (LgProblem *problem, LgRule *rule);

/* The number of variables (their var_id are 0 .. n - 1). */
guint lg_problem_n_vars (const LgProblem *problem);

/* The dimension (items per group) once lg_problem_check passed. */
guint lg_problem_dimension (const LgProblem *problem);

/* Records message as the problem's error unless one is recorded already. */
void lg_problem_set_error (LgProblem *problem, LgProblemError code,
                           const char *message);

/* Sets *error (if error is not NULL; it must be NULL or point to NULL) to a
 * new LG_PROBLEM_ERROR that carries the source line `line` (0: unknown),
 * read back by lg_error_get_line. */
void lg_set_error_at_line (GError **error, guint line, LgProblemError code,
                           const char *format, ...) G_GNUC_PRINTF (4, 5);

/* A size for messages, in plain ASCII: "512 bytes", "1.4 KiB", "2.0 GiB".
 * g_free the result. */
char *lg_format_size (guint64 bytes);

/* The columns s takes on a terminal: a column per character, two for an
 * East Asian wide one, none for a combining mark (a byte a column when s is
 * not UTF-8). */
guint lg_utf8_width (const char *s);

/* One cell of the text tables (the solutions, the views): " TEXT" padded
 * with spaces to width code points (on the left when right is TRUE, for
 * numbers), then " |". */
void lg_put_cell (FILE *out, const char *text, guint width, gboolean right);

#endif /* LG_DESCRIPTION_H */
