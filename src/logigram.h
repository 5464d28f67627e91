/* logigram.h — the public C API: describe a logic-grid problem in code, the
 * way the tutorial's LOGIGRAM class does, and solve it.
 *
 *   LgProblem *p = lg_problem_new ();
 *   lg_group (p, LG_GROUP_ORDERED, "house", (const char *[]) {"left", "mid-left", "middle", NULL});
 *   ...
 *   lg_rule (p, lg_yes (p, lg_item (p, "nationality", "english"), lg_item (p, "color", "red")));
 *   LgItem *a = lg_some (p, "house"), *b = lg_some (p, "house");
 *   lg_rule (p, lg_eq (p, lg_sub (p, lg_ref (p, a), lg_ref (p, b)), lg_num (p, 1)));
 *   ...
 *   lg_problem_solve (p, NULL, callback, user_data, &error);
 *
 * Ownership: the problem owns every group, item, variable, expression and
 * rule made through it; they live until lg_problem_free.  The builder calls
 * never fail loudly: on a bad argument (an unknown name, a couple inside one
 * group, an expression on an atomic item...) they return NULL and record the
 * first such error in the problem; a NULL argument is passed on silently, so
 * a whole rule written in one expression yields NULL.  lg_problem_check and
 * lg_problem_solve report the recorded error.
 */
#ifndef LG_LOGIGRAM_H
#define LG_LOGIGRAM_H

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

G_BEGIN_DECLS

typedef struct _LgProblem LgProblem;
typedef struct _LgGroup LgGroup;
typedef struct _LgItem LgItem; /* an item, or a variable over a group */
typedef struct _LgExpr LgExpr;
typedef struct _LgRule LgRule;

/* The most items per group a problem may have: the fast engine's limit (a
 * line of its matrices is a 32-bit word).  The faithful engine takes at
 * most 10 (it keeps all n! permutations); see lg_problem_check. */
#define LG_MAX_ITEMS 32

typedef enum
{
  LG_GROUP_ATOMIC,  /* plain names */
  LG_GROUP_ORDERED, /* item k (from 0) has the value k */
  LG_GROUP_NUMERIC  /* every item name is an integer: its value */
} LgGroupKind;

#define LG_PROBLEM_ERROR (lg_problem_error_quark ())
GQuark lg_problem_error_quark (void);

typedef enum
{
  LG_PROBLEM_ERROR_FAILED,      /* anything else */
  LG_PROBLEM_ERROR_UNKNOWN,     /* unknown group, item or rule */
  LG_PROBLEM_ERROR_DUPLICATE,   /* a group or item declared twice */
  LG_PROBLEM_ERROR_SAME_GROUP,  /* a couple inside one group */
  LG_PROBLEM_ERROR_NOT_INTEGER, /* expression on an atomic item, or a
                                     numeric item that is not an integer */
  LG_PROBLEM_ERROR_SIZE,        /* groups of different sizes, empty group,
                                     no group, dimension too large */
  LG_PROBLEM_ERROR_OVERFLOW,    /* an expression's value overflows */
  LG_PROBLEM_ERROR_ORDER,       /* a bad --order list */
  LG_PROBLEM_ERROR_LIMIT        /* over the memory limit */
} LgProblemError;

LgProblem *lg_problem_new (void);
void lg_problem_free (LgProblem *problem);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgProblem, lg_problem_free)

/* ---- Groups and items ------------------------------------------------- */

/* Declares a group; `items` is NULL-terminated (may be NULL, then add items
 * with lg_group_add_item).  Returns the group, or NULL on error. */
LgGroup *lg_group (LgProblem *problem, LgGroupKind kind, const char *name,
                   const char *const *items);
LgItem *lg_group_add_item (LgProblem *problem, LgGroup *group,
                           const char *name);

LgGroup *lg_problem_lookup_group (LgProblem *problem, const char *name);
guint lg_problem_n_groups (LgProblem *problem);
/* Groups in their current order (declaration order, or as set by
 * lg_problem_set_group_order). */
LgGroup *lg_problem_get_group (LgProblem *problem, guint index);
const char *lg_group_get_name (const LgGroup *group);
LgGroupKind lg_group_get_kind (const LgGroup *group);
guint lg_group_n_items (const LgGroup *group);
LgItem *lg_group_get_item (const LgGroup *group, guint index);
LgItem *lg_group_lookup_item (const LgGroup *group, const char *name);
const char *lg_item_get_name (const LgItem *item);
LgGroup *lg_item_get_group (const LgItem *item);
gboolean lg_item_is_variable (const LgItem *item);

/* The item `name` of group `group` (the tutorial's item(group, name)). */
LgItem *lg_item (LgProblem *problem, const char *group, const char *name);
/* A fresh anonymous variable over the items of group (some(group)). */
LgItem *lg_some (LgProblem *problem, const char *group);
/* The variable `name` of group: the same one for the same name, as the
 * tutorial's var(group, name). */
LgItem *lg_var (LgProblem *problem, const char *group, const char *name);
/* Always a new variable named `name` (the file format's `var` line). */
LgItem *lg_var_new (LgProblem *problem, const char *group, const char *name);

/* ---- Expressions (64-bit integers; overflow is reported) --------------- */

LgExpr *lg_num (LgProblem *problem, int64_t value);
/* The value of an ordered or numeric item or variable. */
LgExpr *lg_ref (LgProblem *problem, LgItem *item);
LgExpr *lg_add (LgProblem *problem, LgExpr *left, LgExpr *right);
LgExpr *lg_sub (LgProblem *problem, LgExpr *left, LgExpr *right);
LgExpr *lg_mul (LgProblem *problem, LgExpr *left, LgExpr *right);
LgExpr *lg_neg (LgProblem *problem, LgExpr *operand);
LgExpr *lg_abs (LgProblem *problem, LgExpr *operand);

/* ---- Rules ------------------------------------------------------------- */

/* Couples: x and y (items or variables of different groups) are, or are
 * not, associated. */
LgRule *lg_yes (LgProblem *problem, LgItem *x, LgItem *y);
LgRule *lg_no (LgProblem *problem, LgItem *x, LgItem *y);
/* Relations between expressions. */
LgRule *lg_eq (LgProblem *problem, LgExpr *left, LgExpr *right);
LgRule *lg_neq (LgProblem *problem, LgExpr *left, LgExpr *right);
LgRule *lg_lt (LgProblem *problem, LgExpr *left, LgExpr *right);
LgRule *lg_gt (LgProblem *problem, LgExpr *left, LgExpr *right);
LgRule *lg_le (LgProblem *problem, LgExpr *left, LgExpr *right);
LgRule *lg_ge (LgProblem *problem, LgExpr *left, LgExpr *right);
/* Logical operators between relations (not between couples). */
LgRule *lg_and (LgProblem *problem, LgRule *left, LgRule *right);
LgRule *lg_or (LgProblem *problem, LgRule *left, LgRule *right);
LgRule *lg_not (LgProblem *problem, LgRule *operand);

/* Adds a rule to the problem.  Rules are numbered 1, 2, ... in the order
 * they are added; returns the number, or 0 when rule is NULL. */
guint lg_rule (LgProblem *problem, LgRule *rule);
/* The source line recorded with the rules added from now on (0: none). */
void lg_problem_set_line (LgProblem *problem, guint line);
guint lg_problem_n_rules (LgProblem *problem);
LgRule *lg_problem_get_rule (LgProblem *problem, guint number);
guint lg_rule_get_line (const LgRule *rule);
/* A readable form of the rule, e.g. "yes nationality:english, color:red". */
char *lg_rule_to_string (const LgRule *rule);

/* Questions: after each solution, print "GROUP of REF: ITEM", the item of
 * `group` associated with `ref` (an item of another group).  Returns FALSE
 * (error recorded) when ref is NULL or of that group. */
gboolean lg_ask (LgProblem *problem, LgGroup *group, LgItem *ref);

/* ---- Options of the exercises ----------------------------------------- */

/* Ignores rule `number` (1-based). */
gboolean lg_problem_drop_rule (LgProblem *problem, guint number,
                               GError **error);
/* Drops (TRUE) or takes back (FALSE) rule `number`, which must exist. */
void lg_problem_set_rule_dropped (LgProblem *problem, guint number,
                                  gboolean dropped);
gboolean lg_problem_rule_is_dropped (LgProblem *problem, guint number);
/* Declares the groups in this order: `names` is a NULL-terminated
 * permutation of every group name. */
gboolean lg_problem_set_group_order (LgProblem *problem,
                                     const char *const *names, GError **error);

/* The most memory lg_problem_solve may use for its tables and tree, in
 * bytes (default LG_DEFAULT_MEMORY_LIMIT); over it, solving fails with
 * LG_PROBLEM_ERROR_LIMIT and a message saying how much it would need. */
#define LG_DEFAULT_MEMORY_LIMIT (G_GUINT64_CONSTANT (2) << 30)
void lg_problem_set_memory_limit (LgProblem *problem, guint64 bytes);

/* The tutorial's improvement exercises, as options that keep the same
 * solutions.  Challenge: the transformation evaluates each logical rule as
 * soon as all its variables have a value, and prunes there (the exercise on
 * get_node_of_var and can_challenge); the tree is the same, built with fewer
 * leaves tried. */
void lg_problem_set_challenge (LgProblem *problem, gboolean challenge);

/* Strategies of try_solution (the exercise on SITUATION.try_solution). */
typedef enum
{
  LG_CHECK_FAITHFUL,  /* the original: every permutation left in mask (0, g),
                         checked against each earlier group's pair mask */
  LG_CHECK_INTERSECT, /* the candidates of group g are mask (0, g) ANDed,
                         word by word, with the image of each earlier pair
                         mask (j, g) under group j's permutation: no check
                         left to make, no candidate that fails */
  LG_CHECK_FEWEST     /* as INTERSECT, taking next the group with the fewest
                         candidates (solutions come in another order) */
} LgCheck;
void lg_problem_set_check (LgProblem *problem, LgCheck check);
/* Parses "faithful", "intersect" or "fewest". */
gboolean lg_check_from_string (const char *name, LgCheck *check);

/* Engines.  FAITHFUL is the tutorial's algorithm (the default).  FAST
 * keeps exactly the same solutions, each printed once, with another search:
 * see src/engine_fast.h. */
typedef enum
{
  LG_ENGINE_FAITHFUL,
  LG_ENGINE_FAST
} LgEngine;
void lg_problem_set_engine (LgProblem *problem, LgEngine engine);
/* Parses "faithful" or "fast". */
gboolean lg_engine_from_string (const char *name, LgEngine *engine);

/* Writes every step of the exploration to out, indented by depth (NULL:
 * no trace, the default). */
void lg_problem_set_trace (LgProblem *problem, FILE *out);
/* With a trace: also print the pair masks of the situation each time the
 * whole tree holds (--show masks --trace). */
void lg_problem_set_trace_masks (LgProblem *problem, gboolean trace_masks);

/* Draws a progress line on out (a terminal) when a step runs longer than
 * delay_ms milliseconds; NULL: none, the default. */
void lg_problem_set_progress (LgProblem *problem, FILE *out, guint delay_ms);

/* Returns FALSE and the first recorded error, if any, or a validity error
 * (no group, groups of different sizes, dimension over LG_MAX_ITEMS), or a
 * dimension the problem's engine cannot take (the faithful engine: over
 * LG_PERMUT_MAX_N, 10; the message names --engine=fast). */
gboolean lg_problem_check (LgProblem *problem, GError **error);

/* ---- Solving ----------------------------------------------------------- */

/* Counters of the three steps, for --stats. */
typedef struct
{
  double time_describe, time_transform, time_explore; /* seconds */
  guint64 constraint_groups; /* groups with variables (not the unbound) */
  guint64 variables;         /* variables in those groups */
  guint64 leaves_tried;      /* complete assignments evaluated */
  guint64 leaves_kept;       /* of those, the ones kept: their rules hold
                                 and their masks are not empty */
  guint64 leaves_saved;      /* assignments never enumerated (challenge) */
  guint64 and_nodes, or_nodes, mask_nodes;
  guint64 masks_words; /* 64-bit words held by the mask nodes */
  guint64 nodes_explored;
  guint64 alternatives; /* alternatives taken after a failure */
  guint64 backtracks;
  guint64 tree_solutions;   /* times the whole tree held */
  guint64 candidates;       /* permutations tried by try_solution */
  guint64 candidates_saved; /* left out by a better check strategy */
  guint64 checks;           /* pair consistency checks in try_solution */
  guint64 solutions;
} LgStats;

typedef struct _LgSolution LgSolution;

/* Row r is item r of group 0; returns the item of `group` on that row. */
const LgItem *lg_solution_get (const LgSolution *solution, guint group,
                               guint row);

/* Called for each solution, in order; return FALSE to stop the search. */
typedef gboolean (*LgSolutionFunc) (LgProblem *problem,
                                    const LgSolution *solution,
                                    gpointer user_data);

/* Solves the problem: the three steps of the tutorial.  Calls func for each
 * solution (func may be NULL).  Returns the number of solutions found (up to
 * a stop), or -1 with error set when the problem is invalid.  stats may be
 * NULL. */
gint64 lg_problem_solve (LgProblem *problem, LgStats *stats,
                         LgSolutionFunc func, gpointer user_data,
                         GError **error);

/* The source line (see lg_problem_set_line) of the rule that made the last
 * lg_problem_solve fail, 0 when unknown. */
guint lg_problem_get_error_line (LgProblem *problem);

/* ---- Output (SPEC section 6, byte for byte) --------------------------- */

void lg_print_solution (FILE *out, LgProblem *problem,
                        const LgSolution *solution);
/* The closing "N solution(s)" lines. */
void lg_print_count (FILE *out, guint64 n_solutions);
void lg_print_stats (FILE *out, const LgStats *stats);

/* Machine-readable output.  JSON is one object,
 *   {"header": [group names], "solutions": [{"rows": [[item, ...], ...]},
 *    ...], "count": N}
 * with one row per item of group 0; call _begin once, _solution for each
 * solution (index from 0), _end with the count.  CSV has a header line
 * "solution,GROUP,..." then one line per row, solutions numbered from 1,
 * fields quoted as RFC 4180 says, lines ended by LF. */
void lg_print_json_begin (FILE *out, LgProblem *problem);
void lg_print_json_solution (FILE *out, LgProblem *problem,
                             const LgSolution *solution, guint64 index);
void lg_print_json_end (FILE *out, guint64 n_solutions);
void lg_print_csv_begin (FILE *out, LgProblem *problem);
void lg_print_csv_solution (FILE *out, LgProblem *problem,
                            const LgSolution *solution, guint64 index);
/* Writes s as a JSON string literal (with its quotes); s is UTF-8. */
void lg_print_json_string (FILE *out, const char *s);

G_END_DECLS

#endif /* LG_LOGIGRAM_H */
