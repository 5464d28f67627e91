/* description — the problem as described (the original's DESCRIPTION,
 * GROUP, ITEM_ITEM, ITEM_VAR, and the LOGIGRAM class's builder calls).
 *
 * The problem owns everything: groups (each with its items), variables,
 * expressions and rules.  Groups keep their declaration order in `decl` and
 * their solving order in `groups`; `group->index` is the position in
 * `groups`, which is what pair indices and the printed columns use.
 * Invariant: items[i]->index == i within a group, and every rule's number is
 * its 1-based position in `rules`.  Internal header: the public API is
 * logigram.h.
 */
#ifndef LG_DESCRIPTION_H
#define LG_DESCRIPTION_H

#include "logigram.h"
#include "progress.h"

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
  guint index;  /* item: position in its group; variable: current item
                      during the transformation */
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
  LG_RULE_NOT
} LgRuleKind;

struct _LgRule
{
  LgRuleKind kind;
  LgItem *x, *y;        /* YES, NO */
  LgExpr *left, *right; /* relations */
  LgRule *a, *b;        /* AND, OR (a, b), NOT (a) */
  guint number;         /* 1-based once added by lg_rule, else 0 */
  guint line;           /* source line, 0 when unknown */
  gboolean dropped;     /* ignored by --drop */
};

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
  guint line;
  GError *error;        /* first builder error */
  guint64 memory_limit; /* bytes, see lg_problem_set_memory_limit */
  gboolean challenge;   /* see lg_problem_set_challenge */
  LgCheck check;        /* see lg_problem_set_check */
  LgEngine engine;      /* see lg_problem_set_engine */
  FILE *trace;          /* see lg_problem_set_trace */
  gboolean trace_masks; /* see lg_problem_set_trace_masks */
  LgProgress *progress; /* see lg_problem_set_progress; owned */
  guint error_line;     /* source line of the rule that made the last
                            lg_problem_solve fail, 0 when none */
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

/* lg_problem_check without the limit of the problem's engine: every
 * recorded error and validity error, the dimension at most LG_MAX_ITEMS
 * (what the parser and the exports need). */
gboolean lg_problem_check_description (LgProblem *problem, GError **error);

/* The dimension (items per group) once lg_problem_check_description
 * passed. */
guint lg_problem_dimension (LgProblem *problem);

/* Records message as the problem's error unless one is recorded already. */
void lg_problem_set_error (LgProblem *problem, LgProblemError code,
                           const char *message);

/* A size for messages, in plain ASCII: "512 bytes", "1.4 KiB", "2.0 GiB".
 * g_free the result. */
char *lg_format_size (guint64 bytes);

/* Number of UTF-8 code points in s (bytes that are not continuation bytes). */
guint lg_utf8_width (const char *s);

#endif /* LG_DESCRIPTION_H */
