/* diagnose — two diagnostics for puzzle authors, --why-none and
 * --redundant, built on lg_problem_solve and the rule-dropping switches of
 * the public API (src/logigram.h).
 *
 *   why-none   for a problem without solution, a minimal set of rules that
 *              has no solution on its own: every rule of it is needed.
 *   redundant  the rules whose removal alone leaves the set of solutions
 *              unchanged, and a minimal set of rules that keeps it.
 *
 * Both work on clues (lg_clue), the rules of a clue dropped together; the
 * numbers below are clue numbers, which are the rule numbers when the
 * problem has no clue lines (each rule a clue of its own).
 *
 * Invariant: the rules examined are those not dropped on entry (rules
 * dropped by --drop stay dropped and are never reported); each function
 * gives the problem back with exactly the drops it had on entry, on error
 * too.  Solutions are compared as sets, never as the multiset the faithful
 * algorithm prints.  The command line calls lg_diagnose_run, which prints
 * the reports; lg_diagnose_why_none, lg_diagnose_redundant and their
 * _clear functions stay public for tests/check_diagnose.c, which checks the
 * sets of rules they find rather than the printed text.
 */
#ifndef LG_DIAGNOSE_H
#define LG_DIAGNOSE_H

#include <stdio.h>

#include "logigram.h"

G_BEGIN_DECLS

typedef struct
{
  guint n_examined;      /* clues with a rule not dropped on entry */
  gboolean has_solution; /* the problem as given has a solution */
  GArray *core;          /* guint rule numbers, ascending: a set of rules
                             with no solution on its own, each rule of it
                             needed; empty when has_solution */
  guint64 solves;        /* lg_problem_solve calls made */
  guint64 auto_choices;  /* of them, those whose engine --engine=auto
                            chose: up to the one that chose the fast
                            engine, or showed the faithful one too long for
                            the whole diagnosis; the later ones run the fast
                            engine at once (diagnose.c) */
  /* With a deadline (options->deadline, --time-limit): decided, the first
   * solve finished (else has_solution is FALSE and core empty: nothing is
   * known); complete, no solve was stopped (else core has no solution but
   * holds the rules not tested in time: it may not be minimal). */
  gboolean decided, complete;
  /* With options->work_limit, which bounds each test (not the first solve):
   * the tests stopped there; their rules were kept, so core may not be
   * minimal. */
  guint unsettled;
} LgWhyNone;

typedef struct
{
  guint n_examined;    /* clues with a rule not dropped on entry */
  guint64 n_solutions; /* distinct solutions of the problem as given */
  GArray *redundant;   /* guint rule numbers, ascending: the rules whose
                             removal alone leaves the solutions unchanged */
  GArray *dropped;     /* guint rule numbers, ascending: the rules left
                             out by the minimal set that keeps them */
  guint n_kept;        /* rules of that minimal set */
  guint64 solves;      /* lg_problem_solve calls made */
  guint64 auto_choices; /* as in LgWhyNone */
  /* With a deadline: decided, the original solutions were all found (else
   * nothing is reported); complete, no solve was stopped (else a rule whose
   * test did not finish counts as needed: redundant holds only rules proved
   * redundant, dropped a set that keeps the solutions, maybe not minimal). */
  gboolean decided, complete;
  /* With options->work_limit, which bounds each test (not the first solve):
   * the tests stopped there, less those that the last pass (the rules of
   * the minimal set kept that way, each tested again negated) settled;
   * their rules count as needed. */
  guint unsettled;
  /* The tests settled without a solve by an exchange witness (see
   * diagnose.c): the clue is needed. */
  guint witnessed;
} LgRedundancy;

/* The command line's bound on each test of the diagnostics (--work-limit),
 * in nodes of the fast engine: a test past it stops, and its clue is kept.
 * Near a minimal set the tests are the hard searches of minimised puzzles
 * (seconds to minutes each on 12x12): at 40 to 100 us a node, this bounds
 * each to a tenth or a fifth of a second.  Measured (doc/performance.md):
 * --redundant on a generated 12x12 took over 30 minutes without it, 9 s
 * with it and 62 s with 20000, for the same minimal set of 104 clues. */
#define LG_DIAGNOSE_WORK_LIMIT 2000

/* Both diagnostics solve with options (NULL: the defaults; their drop and
 * max_solutions are the diagnostic's own).  The problem never changes. */

/* Deletion: each examined rule in order is dropped, and kept dropped when
 * the problem still has no solution.  Each solve stops at its first
 * solution.  FALSE with error set (result cleared) when the problem is
 * invalid. */
gboolean lg_diagnose_why_none (LgProblem *problem,
                               const LgSolveOptions *options, LgWhyNone *result,
                               GError **error);
void lg_why_none_clear (LgWhyNone *result);

/* Enumerates the solutions once, then drops each examined rule alone, then
 * deletes greedily in order; each solve with rules dropped stops at the
 * first solution outside the original set.  FALSE with error set (result
 * cleared) when the problem is invalid. */
gboolean lg_diagnose_redundant (LgProblem *problem,
                                const LgSolveOptions *options,
                                LgRedundancy *result, GError **error);
void lg_redundancy_clear (LgRedundancy *result);

typedef enum
{
  LG_DIAGNOSE_WHY_NONE,
  LG_DIAGNOSE_REDUNDANT
} LgDiagnoseMode;

/* Runs one diagnostic and prints its report on out; when stats is not
 * NULL, prints there the number of solves and the time taken; *complete
 * is FALSE when the deadline stopped a solve (the report says what that
 * leaves open).  FALSE with error set, and nothing printed, when the
 * problem is invalid. */
gboolean lg_diagnose_run (LgProblem *problem, const LgSolveOptions *options,
                          LgDiagnoseMode mode, FILE *out, FILE *stats,
                          gboolean *complete, GError **error);

G_END_DECLS

#endif /* LG_DIAGNOSE_H */
