/* explain — the solution step by step, as a person solves the puzzle on
 * its grid (--explain, --hint): each step uses one clue, or the grid's own
 * one-to-one rule, and as few known facts as it can, and says what it
 * concludes; steps by contradiction only when nothing simpler concludes.
 *
 * The reasoning unit is a clue together with every clue that shares a
 * variable with it (a variable means "some item", across the clue's
 * rules): its cases are the assignments of its variables under which its
 * logical rules hold, each a set of cells closed under the one-to-one rule
 * (grid.h).  A clue step keeps the cases that agree with the facts known
 * and concludes every cell on which they all agree; the facts it cites are
 * shrunk until dropping any one would lose a conclusion.  Candidates are
 * ordered by a cost, 10 per clue plus 1 per fact cited, the cheapest
 * first: the grid's steps, then one unit, then two units together, then a
 * supposition refuted by those steps, then, if nothing else, a search over
 * the solutions (complete, marked as such).
 *
 * Invariant: every step follows from its clues and the facts it cites
 * (lg_explain_verify_step re-proves it by enumerating the grids of its
 * groups; --enable-checks does so after every step of a small puzzle);
 * a fact is cited only once derived (or given); the grid only grows.
 */
#ifndef LG_EXPLAIN_H
#define LG_EXPLAIN_H

#include <stdio.h>

#include "grid.h"

typedef enum
{
  LG_STEP_EXCLUSION,     /* grid: a yes excludes its row and column */
  LG_STEP_LAST,          /* grid: the last candidate of a line */
  LG_STEP_TRANSITIVITY,  /* grid: two items together share their facts */
  LG_STEP_CLUE,          /* one clue (with the clues sharing its variables) */
  LG_STEP_CLUES,         /* two clues combined */
  LG_STEP_CONTRADICTION, /* a supposition refuted */
  LG_STEP_CONFLICT,      /* the facts contradict the clues: the end */
  LG_STEP_SEARCH         /* every solution tried (the last resort) */
} LgStepKind;

typedef struct
{
  LgStepKind kind;
  GArray *clues;   /* guint clue numbers, ascending */
  GArray *uses;    /* LgGridFact, the facts cited */
  GArray *derives; /* LgGridFact, the facts concluded (none: CONFLICT) */
  guint cost;      /* 10 per clue (per unit for the grade), 1 per fact */
  guint units;     /* reasoning units combined (0: the grid) */
  char *text;      /* the English sentence */
} LgStep;

typedef enum
{
  LG_EXPLAIN_SOLVED,        /* every cell known */
  LG_EXPLAIN_OPEN,          /* the clues force no more: several solutions */
  LG_EXPLAIN_CONTRADICTION, /* the clues (and the facts given) contradict */
  LG_EXPLAIN_UNFINISHED     /* not run to its end (a hint) */
} LgExplainResult;

typedef enum
{
  LG_DIFFICULTY_EASY,
  LG_DIFFICULTY_MEDIUM,
  LG_DIFFICULTY_HARD,
  LG_DIFFICULTY_EXPERT
} LgDifficulty;

typedef struct _LgExplain LgExplain;

/* Prepares the explanation of a checked problem (its rules not dropped):
 * the units and their cases.  NULL with error set on an overflow or when
 * a unit has too many cases. */
LgExplain *lg_explain_new (LgProblem *problem, GError **error);
void lg_explain_free (LgExplain *ex);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgExplain, lg_explain_free)

const LgGridShape *lg_explain_shape (const LgExplain *ex);

/* Stops the explanation at this g_get_monotonic_time () (--time-limit;
 * 0, the default: never): lg_explain_next then returns NULL, the result
 * stays LG_EXPLAIN_UNFINISHED and lg_explain_timed_out says why.  The
 * steps made before stay as they are; one found as the deadline passed is
 * dropped (it may not be the easiest). */
void lg_explain_set_deadline (LgExplain *ex, gint64 at);
gboolean lg_explain_timed_out (const LgExplain *ex);
/* Only the steps of the grid and of one or two clues: where a supposition
 * or a search would come, the explanation ends, its result left
 * LG_EXPLAIN_UNFINISHED (--why-none's first guess, which needs a proof
 * found fast, not every step). */
void lg_explain_set_no_suppositions (LgExplain *ex);
/* The search for a step by contradiction without its two shortcuts,
 * which spare the suppositions known not to be refuted in time (the facts
 * of the solutions known; the facts the rounds of another supposition
 * reached): the same steps, more slowly (the tests compare the two). */
void lg_explain_set_no_shortcuts (LgExplain *ex);
/* How many suppositions were propagated so far, and into *skipped (when
 * not NULL) how many were spared: known safe, or known to hold within the
 * rounds the search then allowed. */
guint64 lg_explain_n_suppositions (const LgExplain *ex, guint64 *skipped);
/* How many threads may share the search for a step by contradiction (1
 * or 2; by default 2 on a machine of two cores or more), and after how
 * many microseconds a search is shared (by default 300: shorter ones stay
 * with the caller).  The same steps either way (the tests compare them);
 * the counts of lg_explain_n_suppositions differ. */
void lg_explain_set_threads (LgExplain *ex, guint n, guint share_after_us);

/* A fact the solver knows already (--hint), before any step. */
void lg_explain_give (LgExplain *ex, LgGridFact fact);
/* Gives the facts of a file, one per line, `yes X, Y` or `no X, Y` (X, Y
 * as the problem files write items; `#` starts a comment); "-" is the
 * standard input.  The file is read as a problem file (lg_parser_read_file:
 * the bound of memory_limit) and its lines by the problem file's parser
 * (lg_parser_parse_facts: UTF-8, no control character, its lexer, its
 * references and messages).  FALSE with error set to a whole
 * "FILE[:LINE:COLUMN]: error: ..." line. */
gboolean lg_explain_read_facts (LgExplain *ex, const char *path,
                                guint64 memory_limit, GError **error);
/* Whether some solution agrees with every fact given. */
gboolean lg_explain_given_consistent (LgExplain *ex, GError **error);

/* Finds the easiest next step, applies it and returns it (owned by ex);
 * NULL when the explanation is over (see lg_explain_result) or, with
 * error set, on a solver error. */
const LgStep *lg_explain_next (LgExplain *ex, GError **error);
/* Runs lg_explain_next to the end. */
gboolean lg_explain_run (LgExplain *ex, GError **error);

guint lg_explain_n_steps (const LgExplain *ex);
const LgStep *lg_explain_get_step (const LgExplain *ex, guint index);
LgExplainResult lg_explain_result (const LgExplain *ex);
/* The grid now. */
const uint64_t *lg_explain_yes (const LgExplain *ex);
const uint64_t *lg_explain_no (const LgExplain *ex);
/* The step (from 1) that derived a known cell, 0 for a fact given. */
guint lg_explain_origin (const LgExplain *ex, guint cell);

/* The steps that the step `index` needs, itself included, transitively
 * through the facts they cite (ascending indices, into `steps`). */
void lg_explain_cone (const LgExplain *ex, guint index, GArray *steps);

/* Re-proves the step `index` by enumerating every grid of the groups it
 * involves: its clues and cited facts (and the one-to-one rule) must
 * imply every fact it derives (CONFLICT: must have no grid at all). */
gboolean lg_explain_verify_step (const LgExplain *ex, guint index);

/* The grade of a step: expert for a supposition refuted or a search,
 * hard for two clues combined, medium for a clue step that cites three
 * facts or more, easy otherwise.  The grade of the explanation so far is
 * its hardest step's: it only rises as steps are added. */
LgDifficulty lg_step_difficulty (const LgStep *step);
LgDifficulty lg_explain_difficulty (const LgExplain *ex);
const char *lg_difficulty_to_string (LgDifficulty difficulty);
gboolean lg_difficulty_from_string (const char *name, LgDifficulty *d);

/* "Norwegian is with house first" / "... is not with ...". g_free it. */
char *lg_explain_fact_text (const LgExplain *ex, LgGridFact fact);
/* "group:item" of one side of a cell (side 0: the pair's first group). */
char *lg_explain_item_ref (const LgExplain *ex, guint cell, guint side);
const char *lg_step_kind_to_string (LgStepKind kind);

/* The whole explanation as text: the numbered steps, the grid after every
 * grid_every steps (0: never; with the last step always when not 0), the
 * end (solved, open cells, contradiction) and the difficulty. */
void lg_explain_print (FILE *out, const LgExplain *ex, guint grid_every,
                       gboolean ascii);

/* The same text, printed as the steps are found: a printer made before
 * lg_explain_next prints, at each call of lg_explain_printer_steps, the
 * steps found since (with the grids due), and at lg_explain_printer_end
 * the rest: the last grid, the end and the difficulty.  The grids start
 * from the facts known when the printer is made. */
typedef struct LgExplainPrinter LgExplainPrinter;
LgExplainPrinter *lg_explain_printer_new (FILE *out, const LgExplain *ex,
                                          guint grid_every, gboolean ascii);
void lg_explain_printer_steps (LgExplainPrinter *printer);
void lg_explain_printer_end (LgExplainPrinter *printer);
void lg_explain_printer_free (LgExplainPrinter *printer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgExplainPrinter, lg_explain_printer_free)
/* As JSON: {"steps": [...], "result": ..., "open": [...],
 * "difficulty": {...}} (doc/explain.md). */
void lg_explain_print_json (FILE *out, const LgExplain *ex);
/* One step, "N. TEXT". */
void lg_explain_print_step (FILE *out, const LgExplain *ex, guint index);

#endif /* LG_EXPLAIN_H */
