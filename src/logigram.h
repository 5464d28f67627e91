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
  LG_PROBLEM_ERROR_LIMIT,       /* over the memory limit */
  LG_PROBLEM_ERROR_TIME_LIMIT   /* the time limit passed in a step that
                                     cannot stop half-way (the faithful
                                     engine's transformation) */
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

LgGroup *lg_problem_lookup_group (const LgProblem *problem, const char *name);
guint lg_problem_n_groups (const LgProblem *problem);
/* Groups in their current order (declaration order, or as set by
 * lg_problem_set_group_order). */
LgGroup *lg_problem_get_group (const LgProblem *problem, guint index);
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
/* Identity: x and y (items or variables of one group, of any kind) are,
 * or are not, the same item. */
LgRule *lg_same (LgProblem *problem, LgItem *x, LgItem *y);
LgRule *lg_different (LgProblem *problem, LgItem *x, LgItem *y);
/* Logical operators between rules, couples included. */
LgRule *lg_and (LgProblem *problem, LgRule *left, LgRule *right);
LgRule *lg_or (LgProblem *problem, LgRule *left, LgRule *right);
LgRule *lg_not (LgProblem *problem, LgRule *operand);
/* if condition then consequence. */
LgRule *lg_if (LgProblem *problem, LgRule *condition, LgRule *consequence);
/* Counting: exactly, at least or at most k of the n_rules rules hold (the
 * array is copied; k >= 0). */
LgRule *lg_exactly (LgProblem *problem, guint k, LgRule *const *rules,
                    guint n_rules);
LgRule *lg_at_least (LgProblem *problem, guint k, LgRule *const *rules,
                     guint n_rules);
LgRule *lg_at_most (LgProblem *problem, guint k, LgRule *const *rules,
                    guint n_rules);

/* Adds a rule to the problem.  Rules are numbered 1, 2, ... in the order
 * they are added; returns the number, or 0 when rule is NULL. */
guint lg_rule (LgProblem *problem, LgRule *rule);
/* The source line recorded with the rules added from now on (0: none). */
void lg_problem_set_line (LgProblem *problem, guint line);
guint lg_problem_n_rules (const LgProblem *problem);
LgRule *lg_problem_get_rule (const LgProblem *problem, guint number);
guint lg_rule_get_line (const LgRule *rule);
/* A readable form of the rule, e.g. "yes nationality:english, color:red". */
char *lg_rule_to_string (const LgRule *rule);

/* ---- Clues ------------------------------------------------------------- */

/* A clue is one numbered sentence of the puzzle and the rules that say it.
 * lg_clue opens a clue of text `text` (UTF-8, not empty) at the current
 * source line (lg_problem_set_line): the rules added from then on, up to
 * the next lg_clue, belong to it.  A rule added while no clue is open is a
 * clue on its own, with no text, so that a problem described without
 * lg_clue has one clue per rule.  Clues are numbered 1, 2, ... in order, and
 * the rules of a clue are consecutive.  Returns the clue's number, or 0 (an
 * error recorded) when text is NULL or empty. */
guint lg_clue (LgProblem *problem, const char *text);
/* TRUE once lg_clue was called: the clues have texts, and the reports speak
 * of clues rather than of rules. */
gboolean lg_problem_has_clue_texts (const LgProblem *problem);
guint lg_problem_n_clues (const LgProblem *problem);
/* Clue `number` (from 1): its text (NULL for a rule on its own), its source
 * line (its lg_clue's, or its rule's), its first rule and its number of
 * rules (0 for a clue that no rule follows; its first rule is then the
 * number the next rule would have had). */
const char *lg_clue_get_text (const LgProblem *problem, guint number);
guint lg_clue_get_line (const LgProblem *problem, guint number);
guint lg_clue_get_first_rule (const LgProblem *problem, guint number);
guint lg_clue_get_n_rules (const LgProblem *problem, guint number);
/* The clue of a rule once added (0 before). */
guint lg_rule_get_clue (const LgRule *rule);

/* Questions: after each solution, print "GROUP of REF: ITEM", the item of
 * `group` associated with `ref` (an item of another group).  Returns FALSE
 * (error recorded) when ref is NULL or of that group. */
gboolean lg_ask (LgProblem *problem, LgGroup *group, LgItem *ref);

/* ---- Options of the exercises ----------------------------------------- */

/* Ignores rule `number` (1-based). */
gboolean lg_problem_drop_rule (LgProblem *problem, guint number,
                               GError **error);
gboolean lg_problem_rule_is_dropped (const LgProblem *problem, guint number);
/* Ignores every rule of clue `number` (1-based, see lg_clue). */
gboolean lg_problem_drop_clue (LgProblem *problem, guint number,
                               GError **error);
/* Declares the groups in this order: `names` is a NULL-terminated
 * permutation of every group name. */
gboolean lg_problem_set_group_order (LgProblem *problem,
                                     const char *const *names, GError **error);

/* The tutorial's improvement exercises (see LgSolveOptions), as options
 * that keep the same solutions. */

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
/* Parses "faithful", "intersect" or "fewest". */
gboolean lg_check_from_string (const char *name, LgCheck *check);

/* Engines.  FAITHFUL is the tutorial's algorithm (the library's default).
 * FAST keeps exactly the same solutions with another search: see
 * doc/engines.md.  AUTO (the command line's default) runs the faithful
 * engine when it estimates that it will finish in about a tenth of a second
 * or less, and the fast one otherwise; the estimate is the same on every
 * run and machine (LgStats.choice says what was chosen, and why). */
typedef enum
{
  LG_ENGINE_FAITHFUL,
  LG_ENGINE_FAST,
  LG_ENGINE_AUTO
} LgEngine;
/* Parses "faithful", "fast" or "auto", and gives an engine's name. */
gboolean lg_engine_from_string (const char *name, LgEngine *engine);
const char *lg_engine_to_string (LgEngine engine);

/* The default memory limit of a solve, in bytes. */
#define LG_DEFAULT_MEMORY_LIMIT (G_GUINT64_CONSTANT (2) << 30)

/* With a trace: called each time the whole tree holds (the faithful
 * engine), before try_solution, with the situation's pair masks: for each
 * pair of groups g1 < g2 in pair order (g1 + g2 (g2 - 1) / 2), the n! bits
 * of its permutations still allowed, in 64-bit words.  The command line's
 * --show masks --trace prints them. */
typedef void (*LgTraceMasksFunc) (FILE *trace, const uint64_t *masks,
                                  gpointer user_data);

/* A cell of the grid known before a solve: item i1 of group g1 is (yes)
 * or is not (no) with item i2 of group g2, g1 != g2 (indices from 0, in
 * the order of the description). */
typedef struct
{
  guint g1, i1, g2, i2;
  gboolean yes;
} LgGivenCell;

/* What the fast engine's searches learnt of where a problem fails: for
 * each line of the grid (item a of group x, its partner in group y), the
 * times a choice or a probe of one of its items failed, the weights by
 * which the engine picks the line to branch on (dom/wdeg, doc/engines.md;
 * counted from 8 items, 0 under that).  A series of solves of one puzzle,
 * each with a clue or two added, dropped or denied (logigram-gen's),
 * fails on the same lines: with one LgSearchWeights in their options,
 * each search starts from the weights the one before left (measured:
 * logigram-gen --minimise takes half the time on 12x12 puzzles, a third
 * less on 16x12, with half as many searches stopped at the work limit;
 * doc/performance.md).  The solutions are the same, their order and the
 * work may differ.  The caller owns it; one solve at a time uses it. */
typedef struct _LgSearchWeights LgSearchWeights;
LgSearchWeights *lg_search_weights_new (void);
void lg_search_weights_free (LgSearchWeights *weights);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgSearchWeights, lg_search_weights_free)
/* The failures counted in all (0 when new). */
guint64 lg_search_weights_total (const LgSearchWeights *weights);

/* How to solve: everything a solve needs besides the problem, so that the
 * problem stays as it was described and two solves of one problem, with
 * other options, may run at once.  Initialise with lg_solve_options_init
 * (or LG_SOLVE_OPTIONS_INIT), then set what differs. */
typedef struct
{
  LgEngine engine; /* default LG_ENGINE_FAITHFUL */
  LgCheck check;   /* try_solution's strategy, default LG_CHECK_FAITHFUL */
  /* Challenge: the transformation evaluates each logical rule as soon as
   * all its variables have a value, and prunes there (the exercise on
   * get_node_of_var and can_challenge); the tree is the same, built with
   * fewer leaves tried.  Default FALSE. */
  gboolean challenge;
  /* Prune (the faithful engine's exercise on SITUATION): after each mask
   * update of the exploration, check that for every pair of groups each
   * item still has a partner that the masks of every other pair allow
   * (the n x n projections of the masks, made path-consistent), and
   * backtrack at once when not.  Only subtrees without solutions go: the
   * same solutions in the same order, fewer nodes explored.  Default
   * FALSE. */
  gboolean prune;
  /* The most memory the solve may use for its tables and tree, in bytes;
   * over it, solving fails with LG_PROBLEM_ERROR_LIMIT and a message saying
   * how much it would need.  Default LG_DEFAULT_MEMORY_LIMIT. */
  guint64 memory_limit;
  /* Stop after this many solutions; 0 (the default): find them all. */
  guint64 max_solutions;
  /* Stop the search (step 3) at this g_get_monotonic_time (), with the
   * solutions found so far: LgStats.timed_out and not complete.  Both
   * engines check it every thousand or so steps of their search, and the
   * faithful engine's transformation at least every thousand or so values
   * of its variables: cut there, nothing is searched (no solution, timed
   * out).
   * 0 (the default): none. */
  gint64 deadline;
  /* 0 (the default): none.  Else the search stops after about this much
   * work, with the solutions found so far: LgStats.over_work and not
   * complete.  The fast engine counts its nodes, the faithful one its nodes
   * and steps; unlike the deadline, the same on every run and machine
   * (logigram-gen bounds its solves with it).  With auto, the faithful
   * engine's trial keeps its own bound; the engine that runs after it gets
   * this one. */
  guint64 work_limit;
  /* NULL (the default), or one entry per rule (index number - 1, as many as
   * lg_problem_n_rules): TRUE leaves the rule out of this solve, as
   * lg_problem_drop_rule does for every solve (the diagnostics use it). */
  const gboolean *drop;
  /* 0 (the default), or the number of a clue that this solve denies: its
   * rules are replaced by their negation, so the solutions are those of the
   * other rules (less drop) that break the clue.  Only for a clue that
   * lg_constraint_set_can_deny accepts: every variable of the clue pinned
   * to an item by one of its rules (`yes v, ITEM`), and used by no other
   * clue (--redundant uses it: see diagnose.c). */
  guint deny;
  /* NULL (the default), or n_given cells known before the search (the
   * facts of --hint, the grid of --explain): only the solutions that agree
   * with every one of them are reported and counted.  The fast engine
   * starts its search from them; the faithful engine's solutions are
   * filtered. */
  const LgGivenCell *given;
  guint n_given;
  /* Writes every step of the exploration to trace, indented by depth; NULL
   * (the default): no trace.  trace_masks (may be NULL) is called with
   * trace_masks_data each time the whole tree holds. */
  FILE *trace;
  LgTraceMasksFunc trace_masks;
  gpointer trace_masks_data;
  /* Draws a progress line on progress (a terminal) when a step runs longer
   * than progress_delay_ms milliseconds; NULL (the default): none. */
  FILE *progress;
  guint progress_delay_ms;
  /* NULL (the default), or the weights the fast engine's search starts
   * from (when they were left by a problem of as many groups and items;
   * otherwise from none, as without) and leaves its own in at the end. */
  LgSearchWeights *weights;
} LgSolveOptions;

#define LG_SOLVE_OPTIONS_INIT                                                  \
  {                                                                            \
    .engine = LG_ENGINE_FAITHFUL, .check = LG_CHECK_FAITHFUL,                  \
    .memory_limit = LG_DEFAULT_MEMORY_LIMIT                                    \
  }
void lg_solve_options_init (LgSolveOptions *options);

/* Returns FALSE and the first recorded error, if any, or a validity error
 * (no group, groups of different sizes, dimension too large).  On success
 * the problem is frozen: it is immutable from then on, and every builder
 * call, lg_problem_drop_rule and lg_problem_set_group_order on it is a
 * programming error (a critical warning, nothing changed). */
gboolean lg_problem_check (LgProblem *problem, GError **error);
/* The same checks without the freeze: the parser reports what is wrong
 * while the problem may still change (--drop, --order). */
gboolean lg_problem_validate (const LgProblem *problem, GError **error);
/* TRUE once lg_problem_check has passed. */
gboolean lg_problem_is_frozen (const LgProblem *problem);

/* ---- Solving ----------------------------------------------------------- */

/* The most solutions auto's trial of the faithful engine holds back
 * before it prints them (LG_CHOICE_MANY). */
#define LG_AUTO_TRIAL_KEPT 100000
/* The units of work (LgStats.work) within which auto's trial of the
 * faithful engine must finish: about a tenth of a second. */
#define LG_AUTO_TRIAL_WORK (G_GUINT64_CONSTANT (16) << 20)

/* Why a solve ran the engine it ran. */
typedef enum
{
  LG_CHOICE_ASKED,     /* the options named it */
  LG_CHOICE_ESTIMATE,  /* auto: the faithful engine, estimated quick */
  LG_CHOICE_SLOW,      /* auto: the fast engine, the faithful one estimated
                          slow */
  LG_CHOICE_TRIAL,     /* auto: the fast engine, the faithful one tried
                          and not finished within its trial */
  LG_CHOICE_PROJECTED, /* auto: the fast engine, the faithful one tried
                          and projected, from the share of its tree
                          explored, to take twice its trial or more
                          (LgStats.estimate: the seconds projected) */
  LG_CHOICE_TOO_LARGE, /* auto: the fast engine, the faithful one's tables
                          or tree over the memory limit, or in its trial
                          the solutions it kept */
  LG_CHOICE_DIMENSION, /* auto: the fast engine, the faithful one's masks
                          too wide (8 items or more: 8! bits) */
  LG_CHOICE_MANY       /* auto: the fast engine, the faithful one found in
                          its trial more solutions than auto holds back
                          (LG_AUTO_TRIAL_KEPT) */
} LgEngineChoice;

/* The levels of try_solution that LgStats counts one by one. */
#define LG_STATS_LEVELS 32

/* Counters of the three steps, for --stats. */
typedef struct
{
  double time_describe, time_transform, time_explore; /* seconds */
  guint64 constraint_groups; /* groups with variables (not the unbound) */
  guint64 variables;         /* variables in those groups */
  guint64 leaves_tried;      /* complete assignments decided: evaluated,
                                 or counted below a rule already FALSE */
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
  guint64 solutions;        /* distinct solutions found */
  guint64 duplicates;       /* solutions the tree reached again along another
                               path, skipped (faithful engine) */
  guint64 probes_skipped;   /* fast engine: lines of two items not probed,
                               their pair unchanged since the parent's, or
                               their probes held lately (PROBE_BACKOFF_NODES
                               in engine_fast.c) */
  guint64 lazy_steps;       /* fast engine: steps of the searches of its
                               lazy groups (values tried, nodes of the
                               expansion of their couple logic) */
  guint64 memory_estimate;  /* bytes the engine's tables, tree or leaves and
                               search were estimated to take, before they
                               were allocated (what --memory-limit bounds) */
  gboolean complete;        /* the search ran to its end: not stopped by
                               max_solutions, the callback, the deadline
                               or the work limit */
  gboolean timed_out;       /* the search (or the faithful engine's
                                 transformation) stopped at
                                 options->deadline */
  gboolean over_work;       /* the search stopped at options->work_limit */
  guint64 work;             /* the faithful engine's units of work (its
                               nodes, alternative points, try_solution's
                               visits and tables), as auto's trial and the
                               work limit count them; 0 for the fast one */
  gboolean over_memory;     /* the search stopped at the memory limit: the
                               faithful engine's solutions kept to tell
                               them apart would pass it (auto's trial falls
                               back to the fast engine instead) */
  LgEngine engine;          /* the engine that ran: FAITHFUL or FAST */
  LgEngineChoice choice;    /* why */
  double estimate;          /* the faithful engine's estimated seconds
                               (transform and explore), < 0 when none */
  /* candidates and checks per level of try_solution (the faithful engine,
   * --stats-levels): [l] for the l-th group placed (l from 1: the group of
   * index l but with LG_CHECK_FEWEST), the levels from LG_STATS_LEVELS - 1
   * on in the last entry; [0] stays 0 */
  guint64 level_candidates[LG_STATS_LEVELS];
  guint64 level_checks[LG_STATS_LEVELS];
} LgStats;

typedef struct _LgSolution LgSolution;

/* Row r is item r of group 0; returns the item of `group` on that row. */
const LgItem *lg_solution_get (const LgSolution *solution, guint group,
                               guint row);

/* Called for each solution, in order; return FALSE to stop the search. */
typedef gboolean (*LgSolutionFunc) (const LgProblem *problem,
                                    const LgSolution *solution,
                                    gpointer user_data);

/* Solves the problem: the three steps of the tutorial, with options (NULL:
 * the defaults).  Checks the problem first (lg_problem_check), which
 * freezes it.  Calls func for each solution (func may be NULL).  Returns
 * the number of solutions found (up to a stop), or -1 with error set when
 * the problem is invalid or over a limit; such an error carries the source
 * line of its rule (lg_error_get_line).  stats may be NULL. */
gint64 lg_problem_solve (LgProblem *problem, const LgSolveOptions *options,
                         LgStats *stats, LgSolutionFunc func,
                         gpointer user_data, GError **error);

/* The source line (see lg_problem_set_line) of the rule that an
 * LG_PROBLEM_ERROR is about, 0 when unknown or for any other error: the
 * errors of lg_problem_solve and lg_export carry it. */
guint lg_error_get_line (const GError *error);

/* ---- Output (SPEC section 6, byte for byte) --------------------------- */

void lg_print_solution (FILE *out, const LgProblem *problem,
                        const LgSolution *solution);
/* The closing "N solution(s)" lines. */
/* stopped_by: NULL when the search ran to its end; else what stopped it
 * ("--max-solutions 2", "--time-limit 5"), said on a last line ("the
 * search stopped at STOPPED_BY: there may be more"). */
void lg_print_count (FILE *out, guint64 n_solutions, const char *stopped_by);
void lg_print_stats (FILE *out, const LgStats *stats);
/* The same for n_runs solves of one problem (--repeat): the counters of
 * the first, and for each step the minimum and the median time,
 * "time explore:         0.000140 s min, 0.000152 s median (20 runs)".
 * n_runs == 1 is lg_print_stats. */
void lg_print_stats_runs (FILE *out, const LgStats *runs, guint n_runs);
/* The candidates and checks of try_solution per level, one line each,
 * "level 2:              12672 candidates, 12672 checks", up to the last
 * level with any (--stats-levels). */
void lg_print_stats_levels (FILE *out, const LgStats *stats);

/* Machine-readable output.  JSON is one object,
 *   {"header": [group names], "solutions": [{"rows": [[item, ...], ...]},
 *    ...], "count": N}
 * with one row per item of group 0, and "complete": false before the
 * closing brace when the search was stopped; when the problem asks
 * questions (lg_ask), each solution also has "answers": [{"group": GROUP,
 * "of": REF, "item": ITEM}, ...], in the order asked.  Call _begin once,
 * _solution for each solution (index from 0), _end with the count.  CSV
 * has a header line "solution,GROUP,..." (then "GROUP of REF" per question)
 * and one line per row, solutions numbered from 1, each row with the
 * answers, fields quoted as RFC 4180 says, lines ended by LF. */
void lg_print_json_begin (FILE *out, const LgProblem *problem);
void lg_print_json_solution (FILE *out, const LgProblem *problem,
                             const LgSolution *solution, guint64 index);
/* complete: FALSE adds "complete": false (the search was stopped before
 * its end, so there may be more solutions). */
void lg_print_json_end (FILE *out, guint64 n_solutions, gboolean complete);
void lg_print_csv_begin (FILE *out, const LgProblem *problem);
void lg_print_csv_solution (FILE *out, const LgProblem *problem,
                            const LgSolution *solution, guint64 index);
/* The clues as one JSON object, one clue a line:
 *   {"clues": [
 *   {"number": 1, "text": "...", "line": 3, "rules": [{"number": 1,
 *    "line": 4, "rule": "yes a, b"}, ...]},
 *   ...
 *   ]}
 * with "text": null for a rule that is a clue on its own. */
void lg_print_json_clues (FILE *out, const LgProblem *problem);
/* Writes s as a JSON string literal (with its quotes); s is UTF-8. */
void lg_print_json_string (FILE *out, const char *s);

G_END_DECLS

#endif /* LG_LOGIGRAM_H */
