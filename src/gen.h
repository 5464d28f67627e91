/* gen — a seeded generator of logic-grid puzzles (logigram-gen).
 *
 * A puzzle starts from a hidden solution drawn from the seed: group 0 is a
 * row of houses (ordered), the other groups are drawn from a table of
 * themes (atomic: names, pets, drinks...; ordered: months, places in a
 * race; numeric: ages, heights, scores, years with distinct random values),
 * and every other group is a random permutation of its items over the rows.
 * Then true clues are added, one at a time, each the first of the random
 * sequence that removes a solution (one of the clues so far where it is
 * false: known from an earlier count, or found by the solver given the
 * clue negated), until at most K solutions remain (K = 1: a unique
 * solution).  Optionally the clues that are not needed are dropped one by
 * one (the count must stay the same), and one false clue is added so that
 * no solution is left.  Every count comes from logigram's own solver, on
 * the very .lgm text that is written, re-read by lg_parser_parse_data.
 *
 * Determinism: everything random comes from the splitmix64 sequence of the
 * seed, with no floating point, no hash-table order and no clock, so the
 * same options give the same bytes on every machine.  The engine used to
 * count does not matter either: the choices depend on numbers of solutions
 * (up to a limit) and on sets of solutions, never on the order in which an
 * engine finds them, and both engines agree on those.
 *
 * logigram-gen (gen_main.c) needs only lg_gen_new, lg_gen_run, lg_gen_to_lgm
 * and the counters; lg_gen_get_clue, lg_gen_false_clue and "the pieces"
 * below stay public for tests/check_gen.c, which checks each piece (the
 * clues drawn, their truth, their text and negation) apart from a run.
 */
#ifndef LG_GEN_H
#define LG_GEN_H

#include <glib.h>

#include "logigram.h"

G_BEGIN_DECLS

#define LG_GEN_MIN_ITEMS 2
#define LG_GEN_MAX_ITEMS 16
#define LG_GEN_MIN_GROUPS 2
#define LG_GEN_MAX_GROUPS 16
/* The most --solutions allows: the solutions of each count are kept. */
#define LG_GEN_MAX_SOLUTIONS 1000

#define LG_GEN_ERROR (lg_gen_error_quark ())
GQuark lg_gen_error_quark (void);

typedef enum
{
  LG_GEN_ERROR_FAILED, /* no clue could be found, a count is not the one
                           announced */
  LG_GEN_ERROR_SOLVER  /* the solver failed (memory limit...) */
} LgGenError;

typedef struct
{
  guint n_items;  /* items per group, LG_GEN_MIN_ITEMS.._MAX_ */
  guint n_groups; /* LG_GEN_MIN_GROUPS.._MAX_ */
  guint64 seed;
  guint64 max_solutions; /* K: stop at most K solutions (1: unique) */
  gboolean minimise;     /* drop the clues that are not needed */
  gboolean contradict;   /* then add one false clue: no solution */
  gboolean answer;       /* print the hidden solution as comments */
  gboolean logic;        /* draw the clues of logic over couples too
                            (OR, IF, EXACTLY, IN_ORDER) */
  LgEngine engine;       /* the engine that counts (LG_ENGINE_FAST) */
  LgCheck check;         /* its try_solution strategy (LG_CHECK_FAITHFUL);
                            FEWEST finds the solutions in another order,
                            which must not change the puzzle */
  gboolean verbose;      /* progress on stderr */
  /* the most work of one search of the fast engine (LgSolveOptions.
   * work_limit, default LG_GEN_WORK_LIMIT; 0: none); past it the search is
   * unsettled and the generator goes the safe way (see gen.c): a few more
   * clues, never a wrong count */
  guint64 work_limit;
  /* a status line for the clues and --minimise (lg_progress: a
   * terminal's), or NULL, and how long before it shows */
  FILE *progress;
  guint progress_delay_ms;
} LgGenOptions;

/* The default work limit of one search: nodes of the fast engine.  With
 * --minimise, logigram then solves the puzzle written within as many: under
 * a tenth of a second on 12 groups of 12 items; the puzzles as short as
 * with 20000 up to 12 groups, about 5 % longer on 16x12 and 16x16
 * (doc/performance.md, "logigram-gen's bound lowered to 2000 nodes"). */
#define LG_GEN_WORK_LIMIT 2000

/* 5 items, 5 groups, seed 1, unique, the fast engine, LG_GEN_WORK_LIMIT,
 * nothing else. */
void lg_gen_options_init (LgGenOptions *options);

/* The kinds of clue; the rules of each are, with X and Y items of two
 * groups other than the value group V of the variables (ordered or
 * numeric), and a, b fresh variables over V pinned by `yes a, X` and
 * `yes b, Y`:
 *   YES     yes X, Y
 *   NO      no X, Y
 *   DIFF    a - b = k           (k > 0)
 *   APART   abs(a - b) = k      (k > 0; "next to" when k = 1)
 *   ORDER   a < b, or a > b
 *   SUM     a + b = k           (ordered: (a + 1) + (b + 1) = k + 2)
 *   ONE_OF  a = A or a = B      (one variable, pinned by X)
 *   EITHER  a = A or b = A
 *   NOT     not (abs(a - b) = 1) on an ordered group,
 *           not (a < b) or not (a > b) on a numeric one
 * The two variables of a clue are always pinned to items of two different
 * rows in the hidden solution.  With options->logic, the kinds of logic
 * over couples too, each one rule, its couples in `couple`:
 *   OR        yes X, Y or yes X', Y            ("either X or X' ...")
 *   IF        if yes X, Y then yes Z, W
 *   EXACTLY   exactly 1 of (yes ..; yes ..; yes ..)
 *   IN_ORDER  (yes X, Y and yes X', Y') or (yes X, Y' and yes X', Y)
 *                                                ("in some order") */
typedef enum
{
  LG_GEN_CLUE_YES,
  LG_GEN_CLUE_NO,
  LG_GEN_CLUE_DIFF,
  LG_GEN_CLUE_APART,
  LG_GEN_CLUE_ORDER,
  LG_GEN_CLUE_SUM,
  LG_GEN_CLUE_ONE_OF,
  LG_GEN_CLUE_EITHER,
  LG_GEN_CLUE_NOT,
  LG_GEN_CLUE_OR,
  LG_GEN_CLUE_IF,
  LG_GEN_CLUE_EXACTLY,
  LG_GEN_CLUE_IN_ORDER,
  LG_GEN_N_CLUE_KINDS
} LgGenClueKind;

/* A couple of a clue of logic: item xi of group xg with item yi of yg. */
typedef struct
{
  guint xg, xi, yg, yi;
} LgGenCouple;

typedef struct
{
  LgGenClueKind kind;
  guint vg;              /* value group of the variables (not YES, NO) */
  guint xg, xi;          /* X: group and item index */
  guint yg, yi;          /* Y (not ONE_OF) */
  guint ai, bi;          /* items of vg: ONE_OF's A and B, EITHER's A */
  gint64 k;              /* DIFF, APART: the difference; SUM: the sum */
  gboolean greater;      /* ORDER, NOT: '>' instead of '<' */
  LgGenCouple couple[3]; /* OR, IF: 2; EXACTLY: 3; IN_ORDER: X-Y, X'-Y' */
} LgGenClue;

typedef struct _LgGen LgGen;

/* A new generator: draws the groups, their items and the hidden solution
 * from options->seed (the options are copied). */
LgGen *lg_gen_new (const LgGenOptions *options);
void lg_gen_free (LgGen *gen);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgGen, lg_gen_free)

/* Adds the clues (and minimises, contradicts as the options say).  Returns
 * FALSE with error set when the solver fails or no clue can be found; call
 * it once. */
gboolean lg_gen_run (LgGen *gen, GError **error);

/* The whole .lgm file (after lg_gen_run): header, groups, the clues each
 * with its English sentence, and the answer when asked.  Transfer full. */
char *lg_gen_to_lgm (LgGen *gen);

/* After lg_gen_run: the number of solutions the written file has (0 with
 * contradict), and the number of clues written (the false one included). */
guint64 lg_gen_n_solutions (LgGen *gen);
guint lg_gen_n_clues (LgGen *gen);
/* Clue `index` (from 0) as written (transfer none). */
const LgGenClue *lg_gen_get_clue (LgGen *gen, guint index);
/* The clue number (from 1) of the false clue, 0 without contradict. */
guint lg_gen_false_clue (LgGen *gen);
/* Calls to the solver, the seconds they took, and how many of them
 * stopped at the work limit (any of the pointers may be NULL). */
void lg_gen_get_work (LgGen *gen, guint64 *n_solves, double *seconds,
                      guint64 *n_unsettled);
/* The nodes all those calls explored (the engine's "nodes explored" of
 * --stats): unlike the time, the same on every machine, and so the measure
 * of the generator's work to compare two versions by. */
guint64 lg_gen_get_nodes (LgGen *gen);

/* ---- The pieces, for the tests ----------------------------------------- */

guint lg_gen_dimension (LgGen *gen);
guint lg_gen_n_groups (LgGen *gen);
/* The hidden solution: item index of group g on row r at [g * n + r]
 * (group 0 is the identity).  Owned by gen. */
const guint *lg_gen_hidden (LgGen *gen);
/* The group declarations, one per line (transfer full). */
char *lg_gen_declarations (LgGen *gen);
/* The `group:item` reference of an item, always qualified (transfer
 * full). */
char *lg_gen_item_ref (LgGen *gen, guint group, guint item);

/* Draws a clue of that kind, true (truth) or false in the hidden solution,
 * from gen's random sequence.  FALSE when the dimension or the groups do
 * not allow it (a false ONE_OF needs 3 items...). */
gboolean lg_gen_draw_clue (LgGen *gen, LgGenClueKind kind, gboolean truth,
                           LgGenClue *clue);
/* Whether the clue holds in `solution` (laid out as lg_gen_hidden). */
gboolean lg_gen_clue_holds (LgGen *gen, const LgGenClue *clue,
                            const guint *solution);
/* The clue's lines of .lgm (its `var` line and rules, each ended by a
 * newline), and its English sentence (capitalised, with a full stop).
 * Transfer full. */
char *lg_gen_clue_rules (LgGen *gen, const LgGenClue *clue);
char *lg_gen_clue_sentence (LgGen *gen, const LgGenClue *clue);
/* The lines of a clue that holds exactly where `clue` does not (yes for
 * no, `not (R)` for the relation R...): the generator asks the solver
 * whether a clue would remove a solution with it.  Transfer full. */
char *lg_gen_clue_negation (LgGen *gen, const LgGenClue *clue);
/* The number of rules (as `logigram --drop` numbers them) of a clue. */
guint lg_gen_clue_n_rules (const LgGenClue *clue);
const char *lg_gen_clue_kind_name (LgGenClueKind kind);

G_END_DECLS

#endif /* LG_GEN_H */
