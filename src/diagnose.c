/* diagnose — why a problem has no solution, and which of its rules are
 * redundant (see diagnose.h), by solving the problem again and again with
 * rules dropped through the solve options (LgSolveOptions.drop): the
 * problem itself never changes.
 *
 * Its job is to answer an author's two questions with as few and as short
 * solves as possible.  Both rest on one fact: dropping a rule can only add
 * solutions (the solver's semantics is monotone: a rule only clears
 * permutations, a constraint group is an "exists an assignment of its
 * variables").  So --why-none stops each solve at its first solution, and
 * --redundant stops each solve at the first solution outside the original
 * set: with rules dropped the solutions can be many more than the
 * original's, and enumerating them all would be hopeless.  Greedy deletion
 * in rule order then gives minimal sets: a rule kept at its turn is kept
 * because dropping it (with a subset of the final drops) showed a solution,
 * or a new one, and dropping more rules would only show more.
 *
 * A test of --redundant (may clue c go, with the clues dropped so far?)
 * asks whether some solution of the other clues is new.  Every solution of
 * the other clues that keeps c is one of the original's (those clues are
 * the original set, or give the same solutions): a new solution is one that
 * breaks c.  So when c can be denied (each of its variables pinned to an
 * item by one of its rules, and used by no other clue: most clues are
 * written so), the test may solve the other clues with c negated
 * (LgSolveOptions.deny), stopped at the first solution: the same answer,
 * without going through the original solutions again, and a narrower
 * search (18 to 42 % fewer nodes, test by test, on logigram-gen's
 * unminimised 10x10 and 12x12 puzzles).  It does so when the tests are
 * not bounded (--work-limit 0).  Under a bound, the negated tests settle
 * some clues that the plain tests leave open and keep, the clues then
 * dropped leave harder tests after them, and the minimal sets came out
 * larger on most of the large puzzles measured (doc/performance.md, "The
 * diagnostics on large puzzles"); so the tests of the greedy deletion are
 * the plain ones, and only the clues it kept because their test stopped
 * are tried again at the end, negated, where no test comes after them
 * but those of the same last pass: smaller sets, fewer tests stopped.
 * Before any of these solves, a test looks for an exchange witness (an
 * original solution with two items of a group exchanged that breaks c and
 * keeps the other clues): a new solution found without a search, the same
 * decision.  On minimised puzzles most tests are settled so, where their
 * searches mostly stopped at the work limit.
 *
 * --why-none does not start its deletion from the whole set when the
 * explanation (explain.h), without suppositions, proves the contradiction:
 * the clues its proof cites have no solution on their own, so the others
 * are dropped at once (one solve checks it) and the deletion runs over
 * those.  Deleting from the whole set leaves, once a needed clue has been
 * tried, sets whose lack of solution only a search shows, tests that stop
 * at the work limit and keep their clues: a 16x16 puzzle of
 * `logigram-gen --contradict` got 123 clues in 22 s that way, 36 in 1.8 s
 * from the proof's (doc/performance.md, "The diagnostics on large
 * puzzles").
 *
 * The units dropped and reported are the clues (lg_clue): all the rules of
 * a clue go together.  Without clue lines each rule is a clue of its own,
 * numbered as the rule, so the diagnostics then speak of rules.
 *
 * Invariant: the clues examined are those with a rule not dropped in the
 * problem; the drops of each solve are the diagnosis's own array, in which
 * the rules of one clue are all dropped or all kept.
 * Solutions are compared as sets of keys, one byte per group per row (the
 * item's index in its group, plus one).
 */
#include "diagnose.h"

#include <string.h>

#include "checker.h"
#include "constraint_set.h"
#include "explain.h"
#include "permut.h"
#include "progress.h"

/* The exchange witnesses of --redundant are made from the first
 * LG_WITNESS_SOLUTIONS original solutions, and only when no constraint
 * group has more than LG_WITNESS_MAX_ASSIGNMENTS assignments of its
 * variables (the checker goes through them all; a clue's variables are one
 * or two). */
#define LG_WITNESS_SOLUTIONS 16
#define LG_WITNESS_MAX_ASSIGNMENTS 4096

typedef struct
{
  LgProblem *problem;
  LgSolveOptions options; /* the caller's, with drop = drops */
  guint n_rules;
  gboolean *drops;   /* per rule number - 1: dropped by this solve */
  GArray *examined;  /* guint: the clues with a rule not dropped on entry */
  GHashTable *index; /* LgItem * -> its index in its group + 1 */
  guint n_groups, n;
  char *key;            /* scratch: n_groups * n bytes and a NUL */
  GHashTable *original; /* keys of the original solutions (owned) */
  /* --redundant's exchange witnesses: the first original solutions, perm
   * by perm (uint8_t[n_groups * n], owned), at most LG_WITNESS_SOLUTIONS,
   * none when some constraint group has too many assignments for the
   * checker (see exchange_witness) */
  GPtrArray *solutions;
  gboolean witnesses;   /* they are tried */
  gboolean *only;       /* scratch: drops of all the rules but one clue's */
  guint witnessed;      /* the tests settled by a witness */
  gboolean found_new;   /* a solve met a key outside original */
  gboolean timed_out;   /* a solve stopped at options.deadline: from then
                           on nothing more is decided */
  guint64 test_limit;   /* the caller's work_limit, for the tests only */
  gboolean over_work;   /* the last solve stopped there */
  guint unsettled;      /* the tests that did */
  guint64 solves;
  guint64 auto_choices; /* solves whose engine auto chose (see solve) */
  /* on a terminal: the clues tried so far, redrawn between the solves (a
   * long solve draws its own line meanwhile); NULL elsewhere */
  LgProgress *progress;
  char *phase; /* of the progress line, owned */
} Diagnosis;

static void
diagnosis_init (Diagnosis *d, LgProblem *problem, const LgSolveOptions *options)
{
  memset (d, 0, sizeof *d);
  d->problem = problem;
  if (options)
    d->options = *options;
  else
    lg_solve_options_init (&d->options);
  d->options.max_solutions = 0; /* the callbacks stop each solve */
  d->test_limit = d->options.work_limit;
  d->n_rules = lg_problem_n_rules (problem);
  d->drops = g_new0 (gboolean, d->n_rules + 1);
  d->options.drop = d->drops;
  d->examined = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint c = 1; c <= lg_problem_n_clues (problem); c++)
    {
      guint first = lg_clue_get_first_rule (problem, c);
      gboolean live = FALSE;
      for (guint r = first; r < first + lg_clue_get_n_rules (problem, c); r++)
        live = live || !lg_problem_rule_is_dropped (problem, r);
      if (live)
        g_array_append_val (d->examined, c);
    }
  d->index = g_hash_table_new (NULL, NULL);
  d->n_groups = lg_problem_n_groups (problem);
  for (guint g = 0; g < d->n_groups; g++)
    {
      const LgGroup *group = lg_problem_get_group (problem, g);
      guint n_items = lg_group_n_items (group);
      if (g == 0)
        d->n = n_items;
      /* Indices must fit a byte; the solver refuses such sizes anyway. */
      for (guint k = 0; k < n_items && k < 255; k++)
        g_hash_table_insert (d->index, lg_group_get_item (group, k),
                             GUINT_TO_POINTER (k + 1));
    }
  d->key = g_malloc0 ((gsize) d->n_groups * d->n + 1);
  d->original = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  d->solutions = g_ptr_array_new_with_free_func (g_free);
  d->only = g_new (gboolean, d->n_rules + 1);
  if (d->options.progress)
    d->progress =
        lg_progress_new (d->options.progress, d->options.progress_delay_ms);
}

static void
diagnosis_finish (Diagnosis *d)
{
  lg_progress_free (d->progress);
  g_free (d->phase);
  g_free (d->drops);
  g_array_unref (d->examined);
  g_hash_table_unref (d->index);
  g_free (d->key);
  g_hash_table_unref (d->original);
  g_ptr_array_unref (d->solutions);
  g_free (d->only);
}

/* Drops, or takes back, every rule of clue `number`. */
static void
set_dropped (Diagnosis *d, guint number, gboolean dropped)
{
  guint first = lg_clue_get_first_rule (d->problem, number);
  for (guint i = 0; i < lg_clue_get_n_rules (d->problem, number); i++)
    d->drops[first - 1 + i] = dropped;
}

static gboolean
is_dropped (const Diagnosis *d, guint number)
{
  return d->drops[lg_clue_get_first_rule (d->problem, number) - 1];
}

/* The key of solution in d->key. */
static const char *
solution_key (Diagnosis *d, const LgSolution *solution)
{
  char *k = d->key;
  for (guint g = 0; g < d->n_groups; g++)
    for (guint row = 0; row < d->n; row++)
      *k++ = (char) GPOINTER_TO_UINT (
          g_hash_table_lookup (d->index, lg_solution_get (solution, g, row)));
  *k = '\0';
  return d->key;
}

static gboolean
stop_at_first (const LgProblem *problem, const LgSolution *solution,
               gpointer data)
{
  (void) problem;
  (void) solution;
  (void) data;
  return FALSE;
}

static gboolean
collect (const LgProblem *problem, const LgSolution *solution, gpointer data)
{
  (void) problem;
  Diagnosis *d = data;
  const char *key = solution_key (d, solution);
  if (g_hash_table_contains (d->original, key))
    return TRUE;
  g_hash_table_add (d->original, g_strdup (key));
  if (d->witnesses && d->solutions->len < LG_WITNESS_SOLUTIONS)
    {
      guint size = d->n_groups * d->n;
      uint8_t *perm = g_new (uint8_t, size);
      for (guint i = 0; i < size; i++)
        perm[i] = (uint8_t) (key[i] - 1);
      g_ptr_array_add (d->solutions, perm);
    }
  return TRUE;
}

static gboolean
stop_at_new (const LgProblem *problem, const LgSolution *solution,
             gpointer data)
{
  (void) problem;
  Diagnosis *d = data;
  if (g_hash_table_contains (d->original, solution_key (d, solution)))
    return TRUE;
  d->found_new = TRUE;
  return FALSE;
}

/* One solve with the current drops; the number of solutions found up to
 * the callback's stop, or -1 with error set.  Past the deadline (--time-
 * limit) it sets d->timed_out, and the solves after it are not made: 0.
 * A test (every solve but the first) stops at the work limit too, and
 * then sets d->over_work (counted in d->unsettled). */
static gint64
solve (Diagnosis *d, LgSolutionFunc func, gboolean test, GError **error)
{
  d->found_new = FALSE;
  d->over_work = FALSE;
  if (d->timed_out)
    return 0;
  d->solves++;
  LgStats stats = { 0 };
  d->options.work_limit = test ? d->test_limit : 0;
  gboolean chose = d->options.engine == LG_ENGINE_AUTO;
  d->auto_choices += chose;
  gint64 found =
      lg_problem_solve (d->problem, &d->options, &stats, func, d, error);
  /* auto chooses for the whole diagnosis, as it does for one solve: the
   * faithful engine while about as many solves as there are clues, each
   * like this one, would finish within one trial (about a tenth of a
   * second), the fast one from the solve that shows they would not (it
   * ran the fast engine, or the faithful one for longer than that share).
   * Without it each solve tried the faithful engine again: 0.1 s a test
   * where it gave up (tests/input/gen-6x6-trial.lgm, 147 solves: 9.5 s),
   * 40 ms where it ran (a generated 6x5 puzzle, 26 solves: 1 s), against
   * a few milliseconds in all with the fast engine.  The tests drop rules
   * (their trees only grow) or deny a clue (the choice then stands for
   * them all the same: the same solutions either way). */
  if (chose && (stats.engine == LG_ENGINE_FAST ||
                stats.work > LG_AUTO_TRIAL_WORK / MAX (d->examined->len, 1)))
    d->options.engine = LG_ENGINE_FAST;
  d->timed_out = stats.timed_out;
  d->over_work = stats.over_work && !stats.timed_out;
  d->unsettled += d->over_work;
  return found;
}

/* The examined clues that are not dropped now, ascending. */
static GArray *
undropped (Diagnosis *d)
{
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < d->examined->len; i++)
    {
      guint number = g_array_index (d->examined, guint, i);
      if (!is_dropped (d, number))
        g_array_append_val (kept, number);
    }
  return kept;
}

/* A pass over the examined clues begins, on the progress line: "WHAT (N
 * clues): K tried, T s".  No time left is projected: the solves of a
 * minimal set grow harder as clues are dropped. */
static void
pass_begin (Diagnosis *d, const char *what)
{
  if (!d->progress)
    return;
  lg_progress_end (d->progress);
  g_free (d->phase);
  d->phase = g_strdup_printf ("%s (%u %s)", what, d->examined->len,
                              lg_problem_has_clue_texts (d->problem) ? "clues"
                                                                     : "rules");
  lg_progress_begin (d->progress, d->phase, "tried", 0);
}

/* ---- --why-none ------------------------------------------------------------ */

void
lg_why_none_clear (LgWhyNone *result)
{
  if (result->core)
    g_array_unref (result->core);
  memset (result, 0, sizeof *result);
}

/* Drops (or takes back) every examined clue but those of keep (ascending). */
static void
drop_all_but (Diagnosis *d, const GArray *keep, gboolean dropped)
{
  for (guint i = 0, k = 0; i < d->examined->len; i++)
    {
      guint number = g_array_index (d->examined, guint, i);
      while (k < keep->len && g_array_index (keep, guint, k) < number)
        k++;
      if (k == keep->len || g_array_index (keep, guint, k) != number)
        set_dropped (d, number, dropped);
    }
}

/* --why-none's first guess: when the explanation's steps without
 * supposition (explain.h) reach a contradiction, the clues that its proof
 * cites (the steps of the last one's cone), ascending: a set of clues with
 * no solution on its own, most often a small one (the explanation, like
 * the diagnosis, leaves out the rules dropped in the problem).  NULL when
 * they do not reach one. */
static GArray *
explained_clues (LgProblem *problem, const LgSolveOptions *options)
{
  g_autoptr (LgExplain) ex = lg_explain_new (problem, NULL);
  if (ex == NULL)
    return NULL;
  lg_explain_set_no_suppositions (ex);
  lg_explain_set_deadline (ex, options->deadline);
  if (!lg_explain_run (ex, NULL) ||
      lg_explain_result (ex) != LG_EXPLAIN_CONTRADICTION)
    return NULL;
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (guint));
  lg_explain_cone (ex, lg_explain_n_steps (ex) - 1, steps);
  g_autofree gboolean *cited =
      g_new0 (gboolean, lg_problem_n_clues (problem) + 1);
  for (guint i = 0; i < steps->len; i++)
    {
      const GArray *clues =
          lg_explain_get_step (ex, g_array_index (steps, guint, i))->clues;
      for (guint k = 0; k < clues->len; k++)
        cited[g_array_index (clues, guint, k)] = TRUE;
    }
  GArray *result = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint c = 1; c <= lg_problem_n_clues (problem); c++)
    if (cited[c])
      g_array_append_val (result, c);
  return result;
}

gboolean
lg_diagnose_why_none (LgProblem *problem, const LgSolveOptions *options,
                      LgWhyNone *result, GError **error)
{
  Diagnosis d;
  gboolean ok = FALSE;
  memset (result, 0, sizeof *result);
  diagnosis_init (&d, problem, options);
  result->n_examined = d.examined->len;

  gint64 found = solve (&d, stop_at_first, FALSE, error);
  if (found < 0)
    goto out;
  result->has_solution = found > 0;
  result->decided = !d.timed_out;
  if (!result->has_solution && result->decided)
    {
      /* the deletion starts from the clues of the explanation's proof,
       * when it finds one: fewer tests, and a smaller core (dropping clues
       * of the whole set one by one leaves harder and harder tests) */
      g_autoptr (GArray) guess = explained_clues (problem, &d.options);
      if (guess != NULL && guess->len < d.examined->len)
        {
          drop_all_but (&d, guess, TRUE);
          /* a check: the proof is sound (lg_explain_verify_step), so the
           * test finds no solution; one that stops at the work limit or
           * the deadline first leaves the proof standing, and is no test
           * of the deletion */
          found = solve (&d, stop_at_first, TRUE, error);
          if (found < 0)
            goto out;
#ifdef LG_ENABLE_CHECKS
          g_assert (found == 0);
#endif
          d.unsettled -= d.over_work;
          if (found > 0)
            drop_all_but (&d, guess, FALSE); /* from the whole set */
        }
      pass_begin (&d, "why-none");
      for (guint i = 0; i < d.examined->len; i++)
        {
          guint number = g_array_index (d.examined, guint, i);
          if (is_dropped (&d, number))
            continue;
          set_dropped (&d, number, TRUE);
          found = solve (&d, stop_at_first, TRUE, error);
          if (found < 0)
            goto out;
          /* needed, or not known in time or within the work limit: take
           * it back */
          if (found > 0 || d.timed_out || d.over_work)
            set_dropped (&d, number, FALSE);
          lg_progress_update (d.progress, i + 1);
        }
    }
  result->core = result->has_solution || !result->decided
                     ? g_array_new (FALSE, FALSE, sizeof (guint))
                     : undropped (&d);
  result->complete = !d.timed_out;
  result->unsettled = d.unsettled;
  result->auto_choices = d.auto_choices;
  ok = TRUE;

out:
  result->solves = d.solves;
  diagnosis_finish (&d);
  if (!ok)
    lg_why_none_clear (result);
  return ok;
}

/* ---- --redundant ----------------------------------------------------------- */

void
lg_redundancy_clear (LgRedundancy *result)
{
  if (result->redundant)
    g_array_unref (result->redundant);
  if (result->dropped)
    g_array_unref (result->dropped);
  memset (result, 0, sizeof *result);
}

/* Whether the tests of passes (1) and (2) negate clue `number`: only
 * without a work limit (see the top of this file). */
static gboolean
negated_in_every_test (const Diagnosis *d, guint number)
{
  return d->test_limit == 0 && lg_constraint_set_can_deny (d->problem, number);
}

/* Whether no constraint group of the problem's rules has too many
 * assignments for the witnesses: groups only split as rules are dropped,
 * so no test's has more. */
static gboolean
witnesses_affordable (const LgProblem *problem)
{
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (problem);
  guint n = lg_problem_dimension (problem);
  for (guint i = 0; i < set->groups->len; i++)
    {
      const LgConstraintGroup *cg = set->groups->pdata[i];
      if (lg_assignments (n, cg->vars->len) > LG_WITNESS_MAX_ASSIGNMENTS)
        return FALSE;
    }
  return TRUE;
}

/* What exchange_witness tests each exchange with (see below). */
typedef struct
{
  Diagnosis *d;
  LgConstraintSet *clue;   /* the clue's own rules */
  LgConstraintSet *others; /* the rules not dropped, made when first needed */
  const uint8_t **perm;    /* the rows of the solution tried */
} ExchangeTest;

static int
exchange_breaks_only (const void *s, void *data)
{
  (void) s; /* seen through x->perm */
  ExchangeTest *x = data;
  if (lg_checker_verify (x->d->problem, x->clue, x->perm))
    return FALSE;
  if (!x->others)
    x->others = lg_constraint_set_new_dropping (x->d->problem, x->d->drops);
  return lg_checker_verify (x->d->problem, x->others, x->perm);
}

/* Is clue `number`, dropped now with those of d->drops, shown needed by an
 * exchange witness: an original solution with two items of a group (not
 * the first) exchanged, which breaks the clue and keeps every rule not
 * dropped?  It is then a solution of the test, and a new one (every
 * original solution keeps the clue): the search would find one, the same
 * decision.  The clue's own rules are checked first, on their own: most
 * exchanges keep it, and cost one short check.  (Two exchanges one after
 * the other, the second tried when the first broke the clue and at most
 * two others, settled 3 more of the 35 tests left stopped on a minimised
 * 12x12, for half as much time again: not kept.) */
static gboolean
exchange_witness (Diagnosis *d, guint number)
{
  if (d->solutions->len == 0 || d->timed_out)
    return FALSE;
  for (guint r = 0; r < d->n_rules; r++)
    d->only[r] = TRUE;
  guint first = lg_clue_get_first_rule (d->problem, number);
  for (guint i = 0; i < lg_clue_get_n_rules (d->problem, number); i++)
    d->only[first - 1 + i] = FALSE;
  g_autoptr (LgConstraintSet) clue =
      lg_constraint_set_new_dropping (d->problem, d->only);
  guint n = d->n, size = d->n_groups * n;
  g_autofree uint8_t *s = g_new (uint8_t, size);
  g_autofree const uint8_t **perm = g_new (const uint8_t *, d->n_groups);
  for (guint g = 0; g < d->n_groups; g++)
    perm[g] = s + g * n;
  ExchangeTest x = { d, clue, NULL, perm };
  gboolean found = FALSE;
  for (guint k = 0; !found && k < d->solutions->len; k++)
    {
      memcpy (s, d->solutions->pdata[k], size);
      found = lg_permut_find_exchange (s, 1, (int) d->n_groups, (int) n,
                                       exchange_breaks_only, &x);
    }
  g_clear_pointer (&x.others, lg_constraint_set_free);
  d->witnessed += found;
  return found;
}

/* Whether dropping clue `number` too leaves the original solutions
 * unchanged (not when the deadline passed first); the clue stays dropped
 * when it does.  -1 on error.  With negate, the solve denies the clue (it
 * must be deniable): its solutions are then all new. */
static int
try_drop (Diagnosis *d, guint number, gboolean negate, GError **error)
{
  set_dropped (d, number, TRUE);
  d->over_work = FALSE;
  if (exchange_witness (d, number))
    {
      set_dropped (d, number, FALSE);
      return FALSE;
    }
  d->options.deny = negate ? number : 0;
  gint64 found = solve (d, stop_at_new, TRUE, error);
  d->options.deny = 0;
  if (found < 0)
    return -1;
  /* a new solution, or none known in time or within the work limit: it
   * stays */
  gboolean unchanged = !d->found_new && !d->timed_out && !d->over_work;
  if (!unchanged)
    set_dropped (d, number, FALSE);
  return unchanged;
}

gboolean
lg_diagnose_redundant (LgProblem *problem, const LgSolveOptions *options,
                       LgRedundancy *result, GError **error)
{
  Diagnosis d;
  gboolean ok = FALSE;
  memset (result, 0, sizeof *result);
  diagnosis_init (&d, problem, options);
  result->n_examined = d.examined->len;
  result->redundant = g_array_new (FALSE, FALSE, sizeof (guint));
  result->dropped = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree gboolean *alone = g_new0 (gboolean, d.examined->len + 1);
  g_autofree gboolean *stopped = g_new0 (gboolean, d.examined->len + 1);

  d.witnesses = witnesses_affordable (problem);
  if (solve (&d, collect, FALSE, error) < 0)
    goto out;
  result->n_solutions = g_hash_table_size (d.original);
  result->decided = !d.timed_out;

  /* (1) Each rule dropped alone. */
  pass_begin (&d, "redundant, each alone");
  for (guint i = 0; i < d.examined->len; i++)
    {
      guint number = g_array_index (d.examined, guint, i);
      int unchanged =
          try_drop (&d, number, negated_in_every_test (&d, number), error);
      if (unchanged < 0)
        goto out;
      alone[i] = unchanged;
      if (unchanged)
        {
          g_array_append_val (result->redundant, number);
          set_dropped (&d, number, FALSE);
        }
      lg_progress_update (d.progress, i + 1);
    }

  /* (2) Greedy deletion.  A rule that changes the solutions when dropped
   * alone changes them with more rules dropped too: no solve for it.  Until
   * a rule is dropped, the test is the one of (1). */
  guint n_dropped = 0;
  pass_begin (&d, "redundant, a minimal set");
  for (guint i = 0; i < d.examined->len; i++)
    {
      guint number = g_array_index (d.examined, guint, i);
      if (!alone[i])
        continue;
      if (n_dropped == 0)
        {
          set_dropped (&d, number, TRUE);
          n_dropped++;
          continue;
        }
      int unchanged =
          try_drop (&d, number, negated_in_every_test (&d, number), error);
      if (unchanged < 0)
        goto out;
      n_dropped += (guint) unchanged;
      stopped[i] = d.over_work;
      lg_progress_update (d.progress, i + 1);
    }

  /* (3) The rules kept because their test of (2) stopped at the work
   * limit, tried once more, negated when they can be: now that every other
   * rule has had its turn, a rule dropped here makes no test of (2)
   * harder.  A test settled here no longer counts as stopped.  A rule that
   * cannot be negated gets only an exchange witness (with more rules
   * dropped than at its turn, one may exist now). */
  pass_begin (&d, "redundant, stopped tests negated");
  for (guint i = 0; i < d.examined->len && !d.timed_out; i++)
    {
      guint number = g_array_index (d.examined, guint, i);
      if (!stopped[i])
        continue;
      if (!lg_constraint_set_can_deny (problem, number))
        {
          set_dropped (&d, number, TRUE);
          d.unsettled -= exchange_witness (&d, number);
          set_dropped (&d, number, FALSE);
          continue;
        }
      d.unsettled--;
      if (try_drop (&d, number, TRUE, error) < 0)
        goto out;
      d.unsettled += d.timed_out; /* not settled after all */
      lg_progress_update (d.progress, i + 1);
    }
  for (guint i = 0; i < d.examined->len; i++)
    {
      guint number = g_array_index (d.examined, guint, i);
      if (is_dropped (&d, number))
        g_array_append_val (result->dropped, number);
    }
  result->n_kept = d.examined->len - result->dropped->len;
  result->complete = !d.timed_out;
  result->unsettled = d.unsettled;
  result->auto_choices = d.auto_choices;
  result->witnessed = d.witnessed;
  ok = TRUE;

out:
  result->solves = d.solves;
  diagnosis_finish (&d);
  if (!ok)
    lg_redundancy_clear (result);
  return ok;
}

/* ---- Reports ----------------------------------------------------------------- */

/* "rule" or "clue": what the reports speak of. */
static const char *
unit_name (const LgProblem *problem)
{
  return lg_problem_has_clue_texts (problem) ? "clue" : "rule";
}

/* One clue: its text, or the text of its rule when it has none. */
static void
print_unit (FILE *out, const LgProblem *problem, guint number)
{
  const char *clue = lg_clue_get_text (problem, number);
  const LgRule *rule =
      lg_problem_get_rule (problem, lg_clue_get_first_rule (problem, number));
  g_autofree char *text = clue ? NULL : lg_rule_to_string (rule);
  guint line = lg_clue_get_line (problem, number);
  fprintf (out, "%s %u", unit_name (problem), number);
  if (line)
    fprintf (out, " (line %u)", line);
  fprintf (out, ": %s\n", clue ? clue : text);
}

/* The reports of the command line (see doc/logigram.1):
 *
 *   No solution; these N rules have no solution on their own, and each of
 *   them is needed:
 *   rule N (line L): TEXT
 *
 *   K of the T rules are redundant: dropping any one of them alone leaves
 *   the solutions unchanged:
 *   rule N (line L): TEXT
 *   A minimal set of M rules keeps the same solutions; it drops: 4, 7, 9.
 *
 * "(line L)" is left out for a rule without source line.  With clue lines,
 * they say "clue" instead of "rule" and give the clues' texts. */
static void
why_none_print (FILE *out, const LgProblem *problem, const LgWhyNone *result)
{
  guint n = result->core ? result->core->len : 0;
  const char *unit = unit_name (problem);
  if (!result->decided)
    fputs ("The time limit stopped the first solve: whether the problem has "
           "a solution is not known.\n",
           out);
  else if (result->has_solution)
    fputs ("The problem has a solution: nothing to explain.\n", out);
  else if (n == 0)
    fprintf (out, "No solution, even without any %s.\n", unit);
  else if (n == 1)
    fprintf (out, "No solution; this %s has no solution on its own:\n", unit);
  else if (!result->complete)
    fprintf (out,
             "No solution; these %u %ss have no solution on their own (the "
             "time limit stopped the search for a smaller set: some of them "
             "may not be needed):\n",
             n, unit);
  else if (result->unsettled)
    fprintf (out,
             "No solution; these %u %ss have no solution on their own (%u "
             "test%s stopped at the work limit, --work-limit: some of them "
             "may not be needed):\n",
             n, unit, result->unsettled, result->unsettled == 1 ? "" : "s");
  else
    fprintf (out,
             "No solution; these %u %ss have no solution on their own, "
             "and each of them is needed:\n",
             n, unit);
  for (guint i = 0; i < n; i++)
    print_unit (out, problem, g_array_index (result->core, guint, i));
}

static void
redundancy_print (FILE *out, const LgProblem *problem,
                  const LgRedundancy *result)
{
  guint k = result->redundant->len, t = result->n_examined;
  const char *unit = unit_name (problem);
  if (!result->decided)
    {
      fprintf (out,
               "The time limit stopped the search for the solutions: which "
               "%ss are redundant is not known.\n",
               unit);
      return;
    }
  if (t > 0 && result->n_solutions == 0)
    fprintf (out,
             "The problem has no solution (--why-none finds %ss that "
             "contradict each other); the %ss redundant here are those "
             "without which it still has none.\n",
             unit, unit);
  if (t == 0)
    fprintf (out, "The problem has no %s: none is redundant.\n", unit);
  else if (k == 0 && t == 1)
    fprintf (out,
             "The only %s is not redundant: dropping it changes the "
             "solutions.\n",
             unit);
  else if (k == 0)
    fprintf (out,
             "None of the %u %ss is redundant: dropping any one of them "
             "alone changes the solutions.\n",
             t, unit);
  else if (k == 1)
    fprintf (out,
             "1 of the %u %s%s is redundant: dropping it alone leaves the "
             "solutions unchanged:\n",
             t, unit, t == 1 ? "" : "s");
  else
    fprintf (out,
             "%u of the %u %ss are redundant: dropping any one of them "
             "alone leaves the solutions unchanged:\n",
             k, t, unit);
  for (guint i = 0; i < k; i++)
    print_unit (out, problem, g_array_index (result->redundant, guint, i));

  fprintf (out,
           "A minimal set of %u %s%s keeps the same solutions; it "
           "drops: ",
           result->n_kept, unit, result->n_kept == 1 ? "" : "s");
  if (result->dropped->len == 0)
    fputs ("none", out);
  for (guint i = 0; i < result->dropped->len; i++)
    fprintf (out, "%s%u", i ? ", " : "",
             g_array_index (result->dropped, guint, i));
  fputs (".\n", out);
  /* what stopped some tests, then what that leaves open */
  if (!result->complete)
    fputs ("The time limit stopped the tests: ", out);
  else if (result->unsettled)
    fprintf (out, "%u test%s stopped at the work limit (--work-limit): ",
             result->unsettled, result->unsettled == 1 ? "" : "s");
  else
    return;
  fprintf (out,
           "the %ss above are redundant, but a %s whose test did not finish "
           "is counted as needed, so more may be redundant and the set may "
           "not be minimal.\n",
           unit, unit);
}

gboolean
lg_diagnose_run (LgProblem *problem, const LgSolveOptions *options,
                 LgDiagnoseMode mode, FILE *out, FILE *stats,
                 gboolean *complete, GError **error)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  guint64 solves, auto_choices;
  guint witnessed = 0;
  if (mode == LG_DIAGNOSE_WHY_NONE)
    {
      LgWhyNone result;
      if (!lg_diagnose_why_none (problem, options, &result, error))
        return FALSE;
      why_none_print (out, problem, &result);
      solves = result.solves;
      auto_choices = result.auto_choices;
      *complete = result.complete;
      lg_why_none_clear (&result);
    }
  else
    {
      LgRedundancy result;
      if (!lg_diagnose_redundant (problem, options, &result, error))
        return FALSE;
      redundancy_print (out, problem, &result);
      solves = result.solves;
      auto_choices = result.auto_choices;
      witnessed = result.witnessed;
      *complete = result.complete;
      lg_redundancy_clear (&result);
    }
  if (stats)
    fprintf (stats,
             "time diagnose:        %.6f s\n"
             "solves:               %" G_GUINT64_FORMAT "\n"
             "auto choices:         %" G_GUINT64_FORMAT "\n",
             g_timer_elapsed (timer, NULL), solves, auto_choices);
  if (stats && mode == LG_DIAGNOSE_REDUNDANT)
    fprintf (stats, "exchange witnesses:   %u\n", witnessed);
  return TRUE;
}
