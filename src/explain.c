/* explain — the steps of a solution as a person takes them on the grid.
 * See explain.h for the model; this file holds, in order: the clues (the
 * one indirection from rules to clues), the units and their cases, the
 * step finders (grid, one unit, two units, supposition, search), the
 * check of a step by enumeration, the grade and the printing. */
#include "explain.h"

#include <errno.h>
#include <stdatomic.h>
#ifdef HAVE_SCHED_GETAFFINITY
#include <sched.h>
#endif

#include "constraint.h"
#include "constraint_set.h"
#include "deadline.h"
#include "parser.h"
#include "solution.h"
#include "tsan.h"

/* The most assignments of one unit's variables enumerated, and the most
 * bytes its cases may hold. */
#define MAX_ASSIGNMENTS (G_GUINT64_CONSTANT (1) << 22)
#define MAX_CASE_BYTES (G_GUINT64_CONSTANT (256) << 20)
/* The cost of a clue, against 1 for a fact cited. */
#define CLUE_COST 10

/* ---- The clues ---------------------------------------------------------
 * THE one place that says which clue a rule belongs to and what a clue
 * says: the clues of the problem, numbered as --list-clues numbers them
 * (a `clue` line opens one; without them every rule is its own clue,
 * numbered as --list-rules numbers the rules).  A clue's text is its
 * sentence, or for a rule on its own the rule as --list-rules prints it. */

static guint
clue_of_rule (const LgProblem *problem, const LgRule *rule)
{
  (void) problem;
  guint clue = lg_rule_get_clue (rule);
  return clue ? clue : rule->number;
}

static char *
clue_text (const LgProblem *problem, guint clue)
{
  const char *text = lg_clue_get_text (problem, clue);
  if (text)
    return g_strdup (text);
  return lg_rule_to_string (
      lg_problem_get_rule (problem, lg_clue_get_first_rule (problem, clue)));
}

/* ---- Units and their cases ------------------------------------------- */

/* What find_simple_step asks of a unit on one grid, kept while the cells
 * of the unit's support there stay the same (see answers_sync). */
typedef struct
{
  uint64_t *seen; /* per word used: the yes and no cells of support in the
                     grid when they were last compared */
  guint64 at;     /* the grid's version then (see grid_version) */
  int has_case;   /* has_case, -1 when not known */
  gboolean step_known;
  LgStep *step; /* units_step of the unit alone, NULL: none */
} Answers;

typedef struct
{
  GArray *clues;     /* guint, ascending */
  GPtrArray *logic;  /* LgRule* */
  GPtrArray *couple; /* LgRule* */
  GPtrArray *vars;   /* LgItem*, creation order */
  guint n_cases;
  guint *used; /* the words of the grid where some case has a cell,
                  ascending: the cases are 0 in every other word */
  guint n_used;
  uint64_t *cases;   /* only on those words: case k from k * (2 n_used + 2),
                      the yes then the no cells of used[i] at 2i and
                      2i + 1, and two words 0 at 2 n_used (the words it
                      does not use, for units_conclude) */
  uint64_t *support; /* per word used: the cells some case has */
  guint *alive;      /* the cases that agree with the main grid when it had
                        changed alive_at times, ascending */
  guint n_alive;
  guint64 alive_at;
  uint64_t *alive_seen; /* per word used: the yes and no cells of support
                           in the main grid when alive was filtered */
  /* what find_simple_step asks of the unit on the main grid, and on the
   * grid of the supposition refute works on (see answers_sync) */
  Answers main, sub;
} Unit;

/* Which cases of a unit are tried: all of them (for a grid that may hold
 * less than the main one: the facts a step cites), or those that agree
 * with the main grid (for the main grid or a supposition made on it: every
 * case ruled out there stays ruled out, the grids only grow).  (Those that
 * agree with propagate's grid as it grows are its Prop's.) */
typedef enum
{
  CASES_ALL,
  CASES_MAIN
} CaseSet;

/* A grid being worked on: the main one, or a supposition's. */
typedef struct State State;
struct State
{
  uint64_t *yes, *no;
  guint *origin;      /* per cell: the step (from 1) that derived it, 0 for a
                       fact given (or known outside a supposition) */
  GPtrArray *steps;   /* LgStep* */
  const State *outer; /* a supposition's: the grid it starts from */
  guint supposed;     /* a supposition's cell (G_MAXUINT: none) */
  const guint *told;  /* a supposition's, once its steps are chosen: per
                         step, its number as told ([1], [2], ...), or NULL:
                         its number in steps */
  /* its lines, kept as it grows (apply), and for the check of a conflict
   * (has_conflict): whether it had none at the last check (clean), and
   * the items (g n + i) with a cell set since (touched, listed) */
  uint32_t *lines;
  gboolean clean;
  gboolean *touched;
  guint *touched_list, n_touched;
};

/* The words two units use, for units_conclude: the union of their lists
 * (used), with each word's position in the cases of the first and of the
 * second (its n_used when the unit does not use the word: the two words 0
 * that end its cases), and the positions of the words both use. */
typedef struct
{
  guint *used, *pos_a, *pos_b, n;
  guint *common_a, *common_b, n_common;
} Merged;

/* A fact (its cell, plus n_cells for a no) and the rounds supposing it
 * is known to bring no contradiction within: see propagate. */
typedef struct
{
  guint fact;
  guint8 rounds;
} HeldFact;

/* What propagate changes as it goes, and the grids find_supposition_step
 * supposes in: one per thread that propagates suppositions (see
 * find_supposition_step), so that the two threads of a search share
 * nothing they write.  Per unit (its local cases from local_first[k] in
 * local, n_local[k] of them): the cases that agree with propagate's grid
 * (those of alive but in the units it narrowed, set up again by the next
 * propagate); a cell of its support set since its turn last came
 * (pending), and its local cases narrowed (dirty, listed); the cells
 * pending knows of (heard: the yes words, then the no words); and
 * ex->changes when every unit's local cases were last set up (prop_at). */
typedef struct
{
  uint64_t *yes, *no;          /* the grid with a fact supposed */
  uint64_t *dy, *dn, *cy, *cn; /* propagate's scratch grids */
  uint64_t *heard;
  uint32_t *work; /* lg_grid_close's */
  guint *local, *n_local;
  uint8_t *pending, *dirty;
  guint *dirty_list, n_dirty;
  guint64 prop_at;
  guint *local_pos;            /* local_conclude's: positions in used */
  guint *compat;               /* the checks': case indices */
  HeldFact *held_log;          /* propagate's held: 2 n_cells */
  guint64 propagated, skipped; /* lg_explain_n_suppositions's */
} Prop;

/* The threads that search for a supposition to refute, at most, and how
 * long, in microseconds, a search runs alone before it is shared: a
 * shorter one costs less alone than handed over (on a minimised 8x8, most
 * searches end within a few hundred facts). */
#define EXPLAIN_THREADS 2
#define SCAN_SHARE_AFTER_US 300

struct _LgExplain
{
  LgProblem *problem;
  LgGridShape shape;
  GPtrArray *units; /* Unit* */
  State main;
  LgExplainResult result;
  gboolean over;
  guint *compat, *compat2; /* scratch: case indices */
  Merged merged;           /* scratch: the words two units use */
  guint *all;              /* 0, 1, ...: the cases of CASES_ALL */
  guint64 changes;         /* how often the main grid has grown */
  LgBitsetCountFunc count; /* lg_bitset_count_func's */
  uint32_t *work;          /* lg_grid_close's */
  uint64_t *scratch[8];  /* scratch grids, words each: see their users */
  LgDeadline deadline;   /* lg_explain_set_deadline's */
  gboolean timed_out;    /* the deadline stopped it */
  gboolean no_suppositions; /* lg_explain_set_no_suppositions's */
  gboolean no_shortcuts;    /* lg_explain_set_no_shortcuts's */
  /* propagate's (see there): per word of the grid, the units whose cases
   * use it, word_units[word_first[w]] on, with their support there
   * (word_support); per unit, where its local cases start in a Prop's
   * local (local_first, n_units + 1 of them) */
  guint *word_first, *word_units;
  uint64_t *word_support;
  guint *local_first;
  /* the threads' Props (prop[0], the caller's, made with ex; the others
   * when first needed: n_props of them made), how many threads may
   * search (lg_explain_set_threads), and the pool of the others */
  Prop prop[EXPLAIN_THREADS];
  guint n_props, n_threads;
  guint share_after_us; /* see SCAN_SHARE_AFTER_US */
  GThreadPool *pool;
  guint64 sub_version; /* see grid_version */
  /* find_supposition_step's: the facts some known solution that agrees
   * with the main grid has, the yes words then the no words (NULL until
   * its first call, and after a fact is given); the main grid grows by
   * facts the clues imply, so every solution that agreed with it still
   * does */
  uint64_t *possible;
  guint witness_again; /* a search for solutions stopped at its work
                          limit: try again once this many cells are known
                          (G_MAXUINT: not again) */
};

static void step_free (gpointer data);

static void
unit_free (gpointer data)
{
  Unit *u = data;
  for (int k = 0; k < 2; k++)
    {
      Answers *a = k ? &u->sub : &u->main;
      if (a->step)
        step_free (a->step);
      g_free (a->seen);
    }
  g_array_unref (u->clues);
  g_ptr_array_unref (u->logic);
  g_ptr_array_unref (u->couple);
  g_ptr_array_unref (u->vars);
  g_free (u->cases);
  g_free (u->used);
  g_free (u->support);
  g_free (u->alive_seen);
  g_free (u->alive);
  g_free (u);
}

/* Case k of u, on the words u uses (see Unit). */
static const uint64_t *
case_of (const Unit *u, guint k)
{
  return u->cases + (gsize) k * (2 * u->n_used + 2);
}

static guint
find_root (guint *parent, guint r)
{
  while (parent[r] != r)
    r = parent[r] = parent[parent[r]];
  return r;
}

static void
join (guint *parent, guint a, guint b)
{
  a = find_root (parent, a);
  b = find_root (parent, b);
  if (a != b)
    parent[MAX (a, b)] = MIN (a, b);
}

static gint
compare_var (gconstpointer a, gconstpointer b)
{
  const LgItem *x = *(LgItem *const *) a, *y = *(LgItem *const *) b;
  return (x->var_id > y->var_id) - (x->var_id < y->var_id);
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

/* The units: rules joined when they share a constraint group or a clue. */
static void
make_units (LgExplain *ex)
{
  LgProblem *p = ex->problem;
  guint n_rules = lg_problem_n_rules (p);
  g_autofree guint *parent = g_new (guint, n_rules + 1);
  guint n_clues = MAX (lg_problem_n_clues (p), n_rules);
  g_autofree guint *first_of_clue = g_new0 (guint, n_clues + 1);
  for (guint r = 0; r <= n_rules; r++)
    parent[r] = r;
  g_autoptr (LgConstraintSet) cs = lg_constraint_set_new (p);
  for (guint g = 0; g < cs->groups->len; g++)
    {
      LgConstraintGroup *cg = cs->groups->pdata[g];
      const LgRule *first = lg_constraint_group_first_rule (cg);
      for (guint k = 0; k < cg->logic->len; k++)
        join (parent, first->number, ((LgRule *) cg->logic->pdata[k])->number);
      for (guint k = 0; k < cg->couple->len; k++)
        join (parent, first->number, ((LgRule *) cg->couple->pdata[k])->number);
    }
  for (guint r = 1; r <= n_rules; r++)
    {
      if (lg_problem_rule_is_dropped (p, r))
        continue;
      guint c = clue_of_rule (p, lg_problem_get_rule (p, r));
      if (c <= n_clues && first_of_clue[c])
        join (parent, first_of_clue[c], r);
      else if (c <= n_clues)
        first_of_clue[c] = r;
    }
  g_autofree Unit **of_root = g_new0 (Unit *, n_rules + 1);
  for (guint r = 1; r <= n_rules; r++)
    {
      if (lg_problem_rule_is_dropped (p, r))
        continue;
      LgRule *rule = lg_problem_get_rule (p, r);
      guint root = find_root (parent, r);
      Unit *u = of_root[root];
      if (!u)
        {
          u = of_root[root] = g_new0 (Unit, 1);
          u->clues = g_array_new (FALSE, FALSE, sizeof (guint));
          u->logic = g_ptr_array_new ();
          u->couple = g_ptr_array_new ();
          u->vars = g_ptr_array_new ();
          g_ptr_array_add (ex->units, u);
        }
      guint c = clue_of_rule (p, rule);
      gboolean seen = FALSE;
      for (guint k = 0; k < u->clues->len; k++)
        seen |= g_array_index (u->clues, guint, k) == c;
      if (!seen)
        g_array_append_val (u->clues, c);
      g_ptr_array_add (lg_rule_is_couple (rule) ? u->couple : u->logic, rule);
      lg_rule_collect_vars (rule, u->vars);
    }
  for (guint k = 0; k < ex->units->len; k++)
    {
      Unit *u = ex->units->pdata[k];
      g_array_sort (u->clues, compare_uint);
      g_ptr_array_sort (u->vars, compare_var);
    }
}

/* The making of a unit's cases: the grids of the assignment being tried
 * (its couples set), and the list they are appended to. */
typedef struct
{
  LgExplain *ex;
  const Unit *u;
  GArray *cases;            /* uint64_t: yes, no of each case */
  const uint64_t *yes, *no; /* the assignment's couples */
  uint64_t *cy, *cn;        /* a case being closed */
  GError **error;
  gboolean failed; /* the size limit was passed (error set) */
  guint n_cases;
} Cases;

/* Appends the case of the assignment's couples and these literals (an
 * alternative of the logic over couples; none without it), closed under
 * the grid's rules, unless it breaks them; FALSE on the size limit. */
static gboolean
add_case (Cases *c, const LgCellLiteral *literals, guint n_literals)
{
  const LgGridShape *s = &c->ex->shape;
  memcpy (c->cy, c->yes, s->words * sizeof *c->cy);
  memcpy (c->cn, c->no, s->words * sizeof *c->cn);
  for (guint l = 0; l < n_literals; l++)
    {
      const LgCellLiteral *lit = &literals[l];
      guint cell = lg_grid_cell (s, lit->g1, lit->i1, lit->g2, lit->i2);
      if (lg_bitset_test (lit->yes ? c->cn : c->cy, cell))
        return TRUE;
      lg_bitset_set (lit->yes ? c->cy : c->cn, cell);
    }
  if (!lg_grid_close (s, c->cy, c->cn, c->ex->work))
    return TRUE;
  if ((guint64) (c->cases->len + 2 * s->words) * sizeof (uint64_t) >
      MAX_CASE_BYTES)
    {
      lg_set_error_at_line (c->error, 0, LG_PROBLEM_ERROR_LIMIT,
                            "clue %u has too many cases to explain",
                            g_array_index (c->u->clues, guint, 0));
      c->failed = TRUE;
      return FALSE;
    }
  g_array_append_vals (c->cases, c->cy, s->words);
  g_array_append_vals (c->cases, c->cn, s->words);
  c->n_cases++;
  return TRUE;
}

static gboolean
add_alternative (const LgCellLiteral *literals, guint n_literals, gpointer data)
{
  return add_case (data, literals, n_literals);
}

/* The cases of a unit: every assignment of its variables under which its
 * logical rules hold, as its couples' cells closed by the grid's rules
 * (those that break the one-to-one rule left out); with logic over
 * couples ("yes A, B or yes C, D"), one case per alternative of it
 * (lg_expansion_run, as the engines expand it). */
static gboolean
make_cases (LgExplain *ex, Unit *u, guint *assignment, GError **error)
{
  const LgGridShape *s = &ex->shape;
  guint n = s->n, k = u->vars->len;
  guint64 total = lg_assignments (n, k);
  if (total > MAX_ASSIGNMENTS)
    {
      const LgRule *first =
          u->logic->len ? u->logic->pdata[0] : u->couple->pdata[0];
      lg_set_error_at_line (error, first->line, LG_PROBLEM_ERROR_LIMIT,
                            "clue %u has too many cases to explain (%u "
                            "variables over %u items)",
                            g_array_index (u->clues, guint, 0), k, n);
      return FALSE;
    }
  g_autoptr (GPtrArray) plain = g_ptr_array_new ();
  g_autoptr (GPtrArray) couple_logic = g_ptr_array_new ();
  lg_rules_split_couple_logic (u->logic, couple_logic, plain);
  LgExpansion *expansion =
      couple_logic->len
          ? lg_expansion_new ((const LgRule *const *) couple_logic->pdata,
                              couple_logic->len, assignment)
          : NULL;
  uint64_t *yes = ex->scratch[0], *no = ex->scratch[1];
  g_autofree uint64_t *cy = g_new (uint64_t, s->words);
  g_autofree uint64_t *cn = g_new (uint64_t, s->words);
  Cases c = { .ex = ex,
              .u = u,
              .cases = g_array_new (FALSE, TRUE, sizeof (uint64_t)),
              .yes = yes,
              .no = no,
              .cy = cy,
              .cn = cn,
              .error = error };
  gboolean ok = TRUE;
  for (guint64 index = 0; ok && index < total; index++)
    {
      guint64 rest = index;
      for (guint v = 0; v < k; v++)
        {
          assignment[((LgItem *) u->vars->pdata[v])->var_id] =
              (guint) (rest % n);
          rest /= n;
        }
      gboolean holds = TRUE;
      for (guint r = 0; holds && r < plain->len; r++)
        {
          LgEval e = lg_rule_eval (plain->pdata[r], assignment);
          if (e == LG_EVAL_OVERFLOW)
            {
              lg_rule_set_overflow_error (error, plain->pdata[r]);
              ok = FALSE;
            }
          holds = e == LG_EVAL_TRUE;
        }
      if (!holds)
        continue;
      lg_bitset_clear_all (yes, s->n_cells);
      lg_bitset_clear_all (no, s->n_cells);
      for (guint r = 0; holds && r < u->couple->len; r++)
        {
          const LgRule *rule = u->couple->pdata[r];
          guint cell =
              lg_grid_cell (s, rule->x->group->index,
                            lg_item_current_index (rule->x, assignment),
                            rule->y->group->index,
                            lg_item_current_index (rule->y, assignment));
          gboolean want = rule->kind == LG_RULE_YES;
          if (lg_bitset_test (want ? no : yes, cell))
            holds = FALSE;
          lg_bitset_set (want ? yes : no, cell);
        }
      if (!holds)
        continue;
      const LgRule *overflow = NULL;
      if (!expansion)
        add_case (&c, NULL, 0);
      else if (!lg_expansion_run (expansion, add_alternative, &c, &overflow) &&
               overflow && !c.failed)
        {
          lg_rule_set_overflow_error (error, overflow);
          ok = FALSE;
        }
      ok = ok && !c.failed;
    }
  g_clear_pointer (&expansion, lg_expansion_free);
  u->n_cases = c.n_cases;
  u->alive = g_new (guint, MAX (u->n_cases, 1));
  for (guint j = 0; j < u->n_cases; j++)
    u->alive[j] = j;
  u->n_alive = u->n_cases;
  /* the cases kept on the words they use (a few of the grid's: on a 16x16
   * grid, all of them on every word took 90 MB) */
  const uint64_t *full = (const uint64_t *) (const void *) c.cases->data;
  u->used = g_new (guint, s->words);
  u->support = g_new (uint64_t, s->words);
  u->n_used = 0;
  for (guint w = 0; w < s->words; w++)
    {
      uint64_t any = 0;
      for (guint h = 0; h < 2 * u->n_cases; h++)
        any |= full[(gsize) h * s->words + w];
      if (any)
        {
          u->support[u->n_used] = any;
          u->used[u->n_used++] = w;
        }
    }
  gsize stride = 2 * (gsize) u->n_used + 2;
  u->cases = g_new0 (uint64_t, MAX (u->n_cases * stride, 1));
  for (guint j = 0; j < u->n_cases; j++)
    for (guint i = 0; i < u->n_used; i++)
      {
        u->cases[j * stride + 2 * i] = full[2 * j * s->words + u->used[i]];
        u->cases[j * stride + 2 * i + 1] =
            full[(2 * j + 1) * s->words + u->used[i]];
      }
  g_array_unref (c.cases);
  u->alive_seen = g_new0 (uint64_t, 2 * (gsize) MAX (u->n_used, 1));
  for (int side = 0; side < 2; side++)
    {
      Answers *a = side ? &u->sub : &u->main;
      a->seen = g_new0 (uint64_t, 2 * (gsize) MAX (u->n_used, 1));
      a->has_case = -1;
    }
  return ok;
}

static void
step_free (gpointer data)
{
  LgStep *step = data;
  g_array_unref (step->clues);
  g_array_unref (step->uses);
  g_array_unref (step->derives);
  g_free (step->text);
  g_free (step);
}

static LgStep *
step_new (LgStepKind kind)
{
  LgStep *step = g_new0 (LgStep, 1);
  step->kind = kind;
  step->clues = g_array_new (FALSE, FALSE, sizeof (guint));
  step->uses = g_array_new (FALSE, FALSE, sizeof (LgGridFact));
  step->derives = g_array_new (FALSE, FALSE, sizeof (LgGridFact));
  return step;
}

static void
state_init (State *st, const LgGridShape *s)
{
  st->yes = g_new0 (uint64_t, s->words);
  st->no = g_new0 (uint64_t, s->words);
  st->origin = g_new0 (guint, s->n_cells);
  st->steps = g_ptr_array_new_with_free_func (step_free);
  st->outer = NULL;
  st->supposed = G_MAXUINT;
  st->told = NULL;
  st->lines = g_new0 (uint32_t, lg_grid_lines_size (s));
  st->clean = FALSE; /* the lines to load */
  st->touched = g_new0 (gboolean, s->n_groups * s->n);
  st->touched_list = g_new (guint, s->n_groups * s->n);
  st->n_touched = 0;
}

static void
state_clear (State *st)
{
  g_free (st->yes);
  g_free (st->no);
  g_free (st->origin);
  g_ptr_array_unref (st->steps);
  g_free (st->lines);
  g_free (st->touched);
  g_free (st->touched_list);
}

/* propagate's index of the units by the words they use, and its flags. */
static void
make_word_index (LgExplain *ex)
{
  guint words = ex->shape.words, n_units = ex->units->len;
  ex->word_first = g_new0 (guint, words + 1);
  for (guint k = 0; k < n_units; k++)
    {
      const Unit *u = ex->units->pdata[k];
      for (guint i = 0; i < u->n_used; i++)
        ex->word_first[u->used[i] + 1]++;
    }
  for (guint w = 0; w < words; w++)
    ex->word_first[w + 1] += ex->word_first[w];
  g_autofree guint *fill = g_memdup2 (ex->word_first, words * sizeof *fill);
  ex->word_units = g_new (guint, MAX (ex->word_first[words], 1));
  ex->word_support = g_new (uint64_t, MAX (ex->word_first[words], 1));
  for (guint k = 0; k < n_units; k++)
    {
      const Unit *u = ex->units->pdata[k];
      for (guint i = 0; i < u->n_used; i++)
        {
          guint j = fill[u->used[i]]++;
          ex->word_units[j] = k;
          ex->word_support[j] = u->support[i];
        }
    }
  ex->local_first = g_new (guint, n_units + 1);
  ex->local_first[0] = 0;
  for (guint k = 0; k < n_units; k++)
    {
      const Unit *u = ex->units->pdata[k];
      ex->local_first[k + 1] = ex->local_first[k] + u->n_cases;
    }
}

static void
prop_init (const LgExplain *ex, Prop *p)
{
  const LgGridShape *s = &ex->shape;
  guint n_units = ex->units->len, most = 1;
  for (guint k = 0; k < n_units; k++)
    most = MAX (most, ((const Unit *) ex->units->pdata[k])->n_cases);
  *p = (Prop) { 0 };
  uint64_t **grids[] = { &p->yes, &p->no, &p->dy, &p->dn, &p->cy, &p->cn };
  for (guint k = 0; k < G_N_ELEMENTS (grids); k++)
    *grids[k] = g_new0 (uint64_t, s->words);
  p->heard = g_new (uint64_t, 2 * (gsize) s->words);
  p->work = g_new0 (uint32_t, lg_grid_work_size (s));
  p->local = g_new (guint, MAX (ex->local_first[n_units], 1));
  p->n_local = g_new0 (guint, MAX (n_units, 1));
  p->pending = g_new0 (uint8_t, MAX (n_units, 1));
  p->dirty = g_new0 (uint8_t, MAX (n_units, 1));
  p->dirty_list = g_new (guint, MAX (n_units, 1));
  p->prop_at = 0; /* never: ex->changes starts at 1 */
  p->local_pos = g_new (guint, s->words);
  p->compat = g_new (guint, most);
  p->held_log = g_new (HeldFact, 2 * (gsize) s->n_cells);
}

static void
prop_clear (Prop *p)
{
  uint64_t *grids[] = { p->yes, p->no, p->dy, p->dn, p->cy, p->cn };
  for (guint k = 0; k < G_N_ELEMENTS (grids); k++)
    g_free (grids[k]);
  g_free (p->heard);
  g_free (p->work);
  g_free (p->local);
  g_free (p->n_local);
  g_free (p->pending);
  g_free (p->dirty);
  g_free (p->dirty_list);
  g_free (p->local_pos);
  g_free (p->compat);
  g_free (p->held_log);
}

/* The processors this process may run on: its affinity where the system
 * tells it (taskset), else all of the machine's. */
static guint
processors (void)
{
#ifdef HAVE_SCHED_GETAFFINITY
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0)
    return (guint) MAX (CPU_COUNT (&set), 1);
#endif
  return g_get_num_processors ();
}

LgExplain *
lg_explain_new (LgProblem *problem, GError **error)
{
  if (!lg_problem_check (problem, error))
    return NULL;
  LgExplain *ex = g_new0 (LgExplain, 1);
  ex->problem = problem;
  ex->result = LG_EXPLAIN_UNFINISHED;
  ex->count = lg_bitset_count_func ();
  lg_deadline_init (&ex->deadline, 0);
  lg_grid_shape_init (&ex->shape, problem);
  ex->units = g_ptr_array_new_with_free_func (unit_free);
  for (guint k = 0; k < G_N_ELEMENTS (ex->scratch); k++)
    ex->scratch[k] = g_new0 (uint64_t, ex->shape.words);
  ex->work = g_new0 (uint32_t, lg_grid_work_size (&ex->shape));
  state_init (&ex->main, &ex->shape);
  make_units (ex);
  g_autofree guint *assignment =
      g_new0 (guint, lg_problem_n_vars (problem) + 1);
  guint most = 1;
  for (guint k = 0; k < ex->units->len; k++)
    {
      if (!make_cases (ex, ex->units->pdata[k], assignment, error))
        {
          lg_explain_free (ex);
          return NULL;
        }
      most = MAX (most, ((Unit *) ex->units->pdata[k])->n_cases);
    }
  ex->compat = g_new (guint, most);
  ex->compat2 = g_new (guint, most);
  ex->all = g_new (guint, most);
  for (guint k = 0; k < most; k++)
    ex->all[k] = k;
  ex->changes = 1; /* every unit's alive to be filtered at its first use */
  make_word_index (ex);
  prop_init (ex, &ex->prop[0]);
  ex->n_props = 1;
  ex->n_threads = CLAMP (processors (), 1, EXPLAIN_THREADS);
  ex->share_after_us = SCAN_SHARE_AFTER_US;
  guint *m = g_new (guint, 5 * (gsize) ex->shape.words);
  ex->merged = (Merged) { .used = m,
                          .pos_a = m + ex->shape.words,
                          .pos_b = m + 2 * ex->shape.words,
                          .common_a = m + 3 * ex->shape.words,
                          .common_b = m + 4 * ex->shape.words };
  return ex;
}

void
lg_explain_free (LgExplain *ex)
{
  if (!ex)
    return;
  g_ptr_array_unref (ex->units);
  state_clear (&ex->main);
  for (guint k = 0; k < G_N_ELEMENTS (ex->scratch); k++)
    g_free (ex->scratch[k]);
  g_free (ex->compat);
  g_free (ex->compat2);
  g_free (ex->all);
  g_free (ex->merged.used);
  g_free (ex->work);
  g_free (ex->word_first);
  g_free (ex->word_units);
  g_free (ex->word_support);
  g_free (ex->local_first);
  if (ex->pool)
    g_thread_pool_free (ex->pool, FALSE, TRUE);
  for (guint k = 0; k < ex->n_props; k++)
    prop_clear (&ex->prop[k]);
  g_free (ex->possible);
  g_free (ex);
}

const LgGridShape *
lg_explain_shape (const LgExplain *ex)
{
  return &ex->shape;
}

void
lg_explain_give (LgExplain *ex, LgGridFact fact)
{
  lg_bitset_set (fact.yes ? ex->main.yes : ex->main.no, fact.cell);
  ex->main.origin[fact.cell] = 0;
  ex->changes++;
  ex->main.clean = FALSE; /* facts given may disagree: all checked again */
  /* a fact given need not follow from the clues: the solutions known may
   * disagree with it */
  g_clear_pointer (&ex->possible, g_free);
}

guint
lg_explain_n_steps (const LgExplain *ex)
{
  return ex->main.steps->len;
}

const LgStep *
lg_explain_get_step (const LgExplain *ex, guint index)
{
  return ex->main.steps->pdata[index];
}

LgExplainResult
lg_explain_result (const LgExplain *ex)
{
  return ex->result;
}

const uint64_t *
lg_explain_yes (const LgExplain *ex)
{
  return ex->main.yes;
}

const uint64_t *
lg_explain_no (const LgExplain *ex)
{
  return ex->main.no;
}

guint
lg_explain_origin (const LgExplain *ex, guint cell)
{
  return ex->main.origin[cell];
}

/* ---- Facts in English ------------------------------------------------- */

void
lg_explain_set_deadline (LgExplain *ex, gint64 at)
{
  lg_deadline_init (&ex->deadline, at);
}

void
lg_explain_set_no_suppositions (LgExplain *ex)
{
  ex->no_suppositions = TRUE;
}

void
lg_explain_set_no_shortcuts (LgExplain *ex)
{
  ex->no_shortcuts = TRUE;
}

guint64
lg_explain_n_suppositions (const LgExplain *ex, guint64 *skipped)
{
  guint64 propagated = 0, spared = 0;
  for (guint k = 0; k < ex->n_props; k++)
    {
      propagated += ex->prop[k].propagated;
      spared += ex->prop[k].skipped;
    }
  if (skipped)
    *skipped = spared;
  return propagated;
}

void
lg_explain_set_threads (LgExplain *ex, guint n, guint share_after_us)
{
  ex->n_threads = CLAMP (n, 1, EXPLAIN_THREADS);
  ex->share_after_us = share_after_us;
}

gboolean
lg_explain_timed_out (const LgExplain *ex)
{
  return ex->timed_out;
}

/* Has the deadline passed?  Asked between the candidates of a step (each
 * costs microseconds to milliseconds), so it reads the clock each time. */
static gboolean
out_of_time (LgExplain *ex)
{
  if (!ex->timed_out && lg_deadline_check (&ex->deadline))
    ex->timed_out = TRUE;
  return ex->timed_out;
}

static const char *
item_name (const LgExplain *ex, guint g, guint i)
{
  return lg_item_get_name (
      lg_group_get_item (lg_problem_get_group (ex->problem, g), i));
}

/* An item as a sentence names it: an atomic item by its name (with its
 * group when another group has an item of that name), an ordered or
 * numeric one as "GROUP ITEM" ("house first", "age 31"). */
static char *
item_phrase (const LgExplain *ex, guint g, guint i)
{
  const LgGroup *group = lg_problem_get_group (ex->problem, g);
  const char *name = item_name (ex, g, i);
  if (lg_group_is_like_integer (group))
    return g_strdup_printf ("%s %s", group->name, name);
  for (guint h = 0; h < ex->shape.n_groups; h++)
    if (h != g &&
        lg_group_lookup_item (lg_problem_get_group (ex->problem, h), name))
      return g_strdup_printf ("%s (%s)", name, group->name);
  return g_strdup (name);
}

/* The two items of a cell in the order a sentence names them: an atomic
 * one first, else the pair's first group first. */
static void
cell_sides (const LgExplain *ex, guint cell, guint *ga, guint *ia, guint *gb,
            guint *ib)
{
  lg_grid_cell_items (&ex->shape, cell, ga, ia, gb, ib);
  if (lg_group_is_like_integer (lg_problem_get_group (ex->problem, *ga)) &&
      !lg_group_is_like_integer (lg_problem_get_group (ex->problem, *gb)))
    {
      guint t = *ga;
      *ga = *gb;
      *gb = t;
      t = *ia;
      *ia = *ib;
      *ib = t;
    }
}

char *
lg_explain_fact_text (const LgExplain *ex, LgGridFact fact)
{
  guint ga, ia, gb, ib;
  cell_sides (ex, fact.cell, &ga, &ia, &gb, &ib);
  g_autofree char *a = item_phrase (ex, ga, ia);
  g_autofree char *b = item_phrase (ex, gb, ib);
  return g_strdup_printf ("%s is %swith %s", a, fact.yes ? "" : "not ", b);
}

char *
lg_explain_item_ref (const LgExplain *ex, guint cell, guint side)
{
  guint g1, i1, g2, i2;
  lg_grid_cell_items (&ex->shape, cell, &g1, &i1, &g2, &i2);
  guint g = side ? g2 : g1, i = side ? i2 : i1;
  return g_strdup_printf (
      "%s:%s", lg_group_get_name (lg_problem_get_group (ex->problem, g)),
      item_name (ex, g, i));
}

const char *
lg_step_kind_to_string (LgStepKind kind)
{
  static const char *const names[] = {
    [LG_STEP_EXCLUSION] = "grid-exclusion",
    [LG_STEP_LAST] = "grid-last",
    [LG_STEP_TRANSITIVITY] = "grid-transitivity",
    [LG_STEP_CLUE] = "clue",
    [LG_STEP_CLUES] = "clues",
    [LG_STEP_CONTRADICTION] = "contradiction",
    [LG_STEP_CONFLICT] = "conflict",
    [LG_STEP_SEARCH] = "search",
  };
  return names[kind];
}

/* "A is with B; C is not with D" */
static void
append_facts (GString *s, const LgExplain *ex, const GArray *facts)
{
  for (guint k = 0; k < facts->len; k++)
    {
      g_autofree char *t =
          lg_explain_fact_text (ex, g_array_index (facts, LgGridFact, k));
      g_string_append_printf (s, "%s%s", k ? "; " : "", t);
    }
}

/* "(step 4)", "(steps 4, 7)", "(given, step 3)": where facts come from.
 * In a supposition: "supposition" for the supposed cell, "[2]" for its
 * own steps, and the main grid's numbers for what was known before. */
static void
append_sources (GString *s, const State *st, const GArray *facts)
{
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) subs = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean given = FALSE, supposed = FALSE;
  for (guint k = 0; k < facts->len; k++)
    {
      guint cell = g_array_index (facts, LgGridFact, k).cell;
      guint o = st->origin[cell];
      GArray *into = subs;
      if (o == 0 && st->outer && cell == st->supposed)
        {
          supposed = TRUE;
          continue;
        }
      if (o == 0 && st->outer)
        {
          o = st->outer->origin[cell];
          into = numbers;
        }
      else if (!st->outer)
        into = numbers;
      if (o == 0)
        {
          given = TRUE;
          continue;
        }
      gboolean seen = FALSE;
      for (guint j = 0; j < into->len; j++)
        seen |= g_array_index (into, guint, j) == o;
      if (!seen)
        g_array_append_val (into, o);
    }
  g_array_sort (numbers, compare_uint);
  g_array_sort (subs, compare_uint);
  const char *sep = "";
  g_string_append (s, "(");
  if (supposed)
    {
      g_string_append (s, "supposition");
      sep = ", ";
    }
  if (given)
    {
      g_string_append_printf (s, "%sgiven", sep);
      sep = ", ";
    }
  if (numbers->len)
    g_string_append_printf (s, "%s%s", sep,
                            numbers->len > 1 ? "steps " : "step ");
  for (guint j = 0; j < numbers->len; j++)
    g_string_append_printf (s, "%s%u", j ? ", " : "",
                            g_array_index (numbers, guint, j));
  if (numbers->len)
    sep = ", ";
  for (guint j = 0; j < subs->len; j++)
    {
      guint o = g_array_index (subs, guint, j);
      g_string_append_printf (s, "%s[%u]", j ? ", " : sep,
                              st->told ? st->told[o - 1] : o);
    }
  g_string_append (s, ")");
}

static void
append_clues (GString *s, const LgExplain *ex, const GArray *clues,
              gboolean with_text)
{
  g_string_append (s, clues->len > 1 ? "Clues " : "Clue ");
  for (guint k = 0; k < clues->len; k++)
    g_string_append_printf (s, "%s%u",
                            k == 0                ? ""
                            : k + 1 == clues->len ? " and "
                                                  : ", ",
                            g_array_index (clues, guint, k));
  if (!with_text)
    return;
  g_string_append (s, " (");
  for (guint k = 0; k < clues->len; k++)
    {
      g_autofree char *t =
          clue_text (ex->problem, g_array_index (clues, guint, k));
      g_string_append_printf (s, "%s%s", k ? "; " : "", t);
    }
  g_string_append (s, ")");
}

/* The sentence of a step found in state st. */
static char *
step_sentence (const LgExplain *ex, const State *st, const LgStep *step)
{
  GString *s = g_string_new (NULL);
  switch (step->kind)
    {
    case LG_STEP_EXCLUSION:
    case LG_STEP_TRANSITIVITY:
      {
        LgGridFact pivot = g_array_index (step->uses, LgGridFact, 0);
        g_autofree char *t = lg_explain_fact_text (ex, pivot);
        g_string_append_printf (s, "Grid: %s ", t);
        GArray one = { (gchar *) &pivot, 1 };
        append_sources (s, st, &one);
        if (step->kind == LG_STEP_TRANSITIVITY)
          {
            g_autoptr (GArray) rest =
                g_array_new (FALSE, FALSE, sizeof (LgGridFact));
            g_array_append_vals (rest, step->uses->data + sizeof (LgGridFact),
                                 step->uses->len - 1);
            g_string_append (s, ", so they share what is known ");
            append_sources (s, st, rest);
          }
        else
          g_string_append (s, ", so the rest of its row and column is no");
        g_string_append (s, ": ");
        append_facts (s, ex, step->derives);
        break;
      }
    case LG_STEP_LAST:
      {
        LgGridFact d = g_array_index (step->derives, LgGridFact, 0);
        guint g1, i1, g2, i2;
        lg_grid_cell_items (&ex->shape, d.cell, &g1, &i1, &g2, &i2);
        /* the line is the one whose other cells are cited */
        gboolean row = TRUE;
        if (step->uses->len)
          {
            guint h1, j1, h2, j2;
            lg_grid_cell_items (&ex->shape,
                                g_array_index (step->uses, LgGridFact, 0).cell,
                                &h1, &j1, &h2, &j2);
            row = h1 == g1 && j1 == i1;
          }
        g_autofree char *left =
            row ? item_phrase (ex, g2, i2) : item_phrase (ex, g1, i1);
        g_autofree char *of =
            row ? item_phrase (ex, g1, i1) : item_phrase (ex, g2, i2);
        g_string_append_printf (s, "Grid: only %s is left for %s", left, of);
        if (step->uses->len)
          {
            /* none with one item a group: nothing else to rule out */
            g_string_append_c (s, ' ');
            append_sources (s, st, step->uses);
          }
        g_string_append (s, ": ");
        append_facts (s, ex, step->derives);
        break;
      }
    case LG_STEP_CLUE:
    case LG_STEP_CLUES:
      append_clues (s, ex, step->clues, TRUE);
      if (step->kind == LG_STEP_CLUES)
        g_string_append (s, " together");
      if (step->uses->len)
        {
          g_string_append (s, ", with the facts ");
          append_sources (s, st, step->uses);
        }
      g_string_append (s, ": ");
      append_facts (s, ex, step->derives);
      break;
    case LG_STEP_CONFLICT:
      if (step->clues->len)
        {
          append_clues (s, ex, step->clues, TRUE);
          if (step->uses->len)
            {
              g_string_append (s, ", with the facts ");
              append_sources (s, st, step->uses);
            }
          g_string_append (s, ": no case is left");
        }
      else
        {
          /* one cell given both ways, or two cells the rule forbids */
          gboolean same = step->uses->len == 2 &&
                          g_array_index (step->uses, LgGridFact, 0).cell ==
                              g_array_index (step->uses, LgGridFact, 1).cell;
          g_string_append (s, "Grid: ");
          append_facts (s, ex, step->uses);
          g_string_append (s, " ");
          append_sources (s, st, step->uses);
          g_string_append (s, same ? " contradict each other"
                                   : " break the one-to-one rule");
        }
      break;
    case LG_STEP_CONTRADICTION:
    case LG_STEP_SEARCH:
      /* written by their finders */
      break;
    }
  g_string_append (s, ".");
  return g_string_free (s, FALSE);
}

/* ---- Applying a step --------------------------------------------------- */

/* Adds step to st and sets what it derives; returns how many of those
 * facts were new.  Every step found derives a new fact (or is the
 * contradiction, which derives none): a step that derives only known ones
 * would be found again at once, and the callers stop on it rather than
 * loop (a guard: no step finder is known to do it). */
static guint
apply (const LgExplain *ex, State *st, LgStep *step)
{
  if (!step->text)
    step->text = step_sentence (ex, st, step);
  g_ptr_array_add (st->steps, step);
  guint fresh = 0;
  for (guint k = 0; k < step->derives->len; k++)
    {
      LgGridFact f = g_array_index (step->derives, LgGridFact, k);
      uint64_t *set = f.yes ? st->yes : st->no;
      fresh += !lg_bitset_test (set, f.cell);
      lg_bitset_set (set, f.cell);
      st->origin[f.cell] = st->steps->len;
      guint g1, i1, g2, i2;
      lg_grid_lines_set (&ex->shape, st->lines, f.cell, f.yes);
      lg_grid_cell_items (&ex->shape, f.cell, &g1, &i1, &g2, &i2);
      guint items[2] = { g1 * ex->shape.n + i1, g2 * ex->shape.n + i2 };
      for (guint j = 0; j < 2; j++)
        if (!st->touched[items[j]])
          {
            st->touched[items[j]] = TRUE;
            st->touched_list[st->n_touched++] = items[j];
          }
    }
  return fresh;
}

static void
facts_of_sets (const LgGridShape *s, const uint64_t *yes, const uint64_t *no,
               GArray *facts)
{
  for (int pass = 1; pass >= 0; pass--)
    for (guint w = 0; w < s->words; w++)
      for (uint64_t m = (pass ? yes : no)[w]; m; m &= m - 1)
        {
          LgGridFact f = { w * 64 + (guint) lg_bitset_ctz64 (m), pass };
          g_array_append_val (facts, f);
        }
}

/* The cells known in yes, no (once a round of every supposition's
 * propagation: counted with the popcnt instruction when there is one). */
static guint
n_known (const LgExplain *ex, const uint64_t *yes, const uint64_t *no)
{
  return (guint) (ex->count (yes, ex->shape.words) +
                  ex->count (no, ex->shape.words));
}

/* ---- The grid's steps ------------------------------------------------- */

/* Keeps step as the best so far when it is cheaper (ties: the first). */
static void
offer (LgStep **best, LgStep *step)
{
  if (!*best || step->cost < (*best)->cost)
    {
      if (*best)
        step_free (*best);
      *best = step;
    }
  else
    step_free (step);
}

static LgStep *
grid_step (const LgExplain *ex, LgStepKind kind, uint64_t *dy, uint64_t *dn,
           GArray *uses)
{
  LgStep *step = step_new (kind);
  g_array_append_vals (step->uses, uses->data, uses->len);
  facts_of_sets (&ex->shape, dy, dn, step->derives);
  step->cost = uses->len;
  return step;
}

/* The words of dy, dn that hold the cells of pair p of groups: 0 (a rule
 * of the grid derives cells of one or two pairs, and the other words of
 * dy, dn are 0 already). */
static void
clear_pair (const LgGridShape *s, uint64_t *dy, uint64_t *dn, guint p)
{
  guint nn = s->n * s->n, first = p * nn / 64, last = (p * nn + nn - 1) / 64;
  memset (dy + first, 0, (last - first + 1) * sizeof *dy);
  memset (dn + first, 0, (last - first + 1) * sizeof *dn);
}

/* Under --enable-checks: clear_pair left nothing in dy, dn. */
static inline void
check_cleared (const LgGridShape *s, const uint64_t *dy, const uint64_t *dn)
{
#ifdef LG_ENABLE_CHECKS
  g_assert (lg_bitset_is_empty (dy, s->words) &&
            lg_bitset_is_empty (dn, s->words));
#else
  (void) s, (void) dy, (void) dn;
#endif
}

/* The grid's steps in st, whose lines are `lines`. */
static void
find_grid_steps (LgExplain *ex, const State *st, const uint32_t *lines,
                 LgStep **best)
{
  const LgGridShape *s = &ex->shape;
  uint64_t *dy = ex->scratch[0], *dn = ex->scratch[1];
  g_autoptr (GArray) uses = g_array_new (FALSE, FALSE, sizeof (LgGridFact));
  /* a rule that derives nothing writes nothing: dy, dn and uses are
   * cleared after those that do, dy and dn on the pairs pa and pb of
   * groups whose cells the rule derives (on a 16x16 grid, clearing them
   * whole took 45 % of the instructions of --explain) */
  lg_bitset_clear_all (dy, s->n_cells);
  lg_bitset_clear_all (dn, s->n_cells);
#define LG_TRY(kind, call, pa, pb)                                             \
  do                                                                           \
    {                                                                          \
      if (call)                                                                \
        {                                                                      \
          if (!*best || uses->len < (*best)->cost)                             \
            offer (best, grid_step (ex, kind, dy, dn, uses));                  \
          clear_pair (s, dy, dn, pa);                                          \
          clear_pair (s, dy, dn, pb);                                          \
          g_array_set_size (uses, 0);                                          \
          check_cleared (s, dy, dn);                                           \
        }                                                                      \
    }                                                                          \
  while (0)
  /* a rule is tried only where its lines show it derives something:
   * exclusion, where a line of the cell has an open item; transitivity,
   * where the two items' lines to the third group know different items;
   * last, where a line without yes has one item open (the checks try it
   * everywhere else too, and it must derive nothing there) */
#ifdef LG_ENABLE_CHECKS
#define LG_TRY_IF(may, kind, call, pa, pb)                                     \
  do                                                                           \
    {                                                                          \
      if (may)                                                                 \
        LG_TRY (kind, call, pa, pb);                                           \
      else                                                                     \
        g_assert ((call) == 0);                                                \
    }                                                                          \
  while (0)
#else
#define LG_TRY_IF(may, kind, call, pa, pb)                                     \
  do                                                                           \
    {                                                                          \
      if (may)                                                                 \
        LG_TRY (kind, call, pa, pb);                                           \
    }                                                                          \
  while (0)
#endif
  uint32_t full = lg_grid_line_full (s);
#ifdef LG_ENABLE_CHECKS
  {
    gsize size = lg_grid_lines_size (s);
    g_autofree uint32_t *loaded = g_new (uint32_t, size);
    lg_grid_lines (s, st->yes, st->no, loaded);
    g_assert (memcmp (loaded, lines, size * sizeof *lines) == 0);
  }
#endif
  guint nn = s->n * s->n, pair = G_MAXUINT, g1 = 0, g2 = 0;
  for (guint w = 0; w < s->words; w++)
    for (uint64_t m = st->yes[w]; m; m &= m - 1)
      {
        guint c = w * 64 + (guint) lg_bitset_ctz64 (m);
        uint32_t ya, oa, yb, ob;
        /* lg_grid_cell_items, the pair's groups found once a pair */
        if (c / nn != pair)
          lg_pair_groups (pair = c / nn, &g1, &g2);
        guint i1 = c % nn / s->n, i2 = c % s->n;
        lg_grid_line_known (s, lines, g1, i1, g2, &ya, &oa);
        lg_grid_line_known (s, lines, g2, i2, g1, &yb, &ob);
        LG_TRY_IF (((~(ya | oa) | ~(yb | ob)) & full) != 0, LG_STEP_EXCLUSION,
                   lg_grid_exclusion (s, st->yes, st->no, c, dy, dn, uses),
                   pair, pair);
        for (guint h = 0; h < s->n_groups; h++)
          {
            gboolean may = FALSE;
            if (h != g1 && h != g2)
              {
                lg_grid_line_known (s, lines, g1, i1, h, &ya, &oa);
                lg_grid_line_known (s, lines, g2, i2, h, &yb, &ob);
                may = ((ya | oa) ^ (yb | ob)) != 0;
              }
            LG_TRY_IF (
                may, LG_STEP_TRANSITIVITY,
                lg_grid_transitivity (s, st->yes, st->no, c, h, dy, dn, uses),
                lg_pair_index_of (g1, h), lg_pair_index_of (g2, h));
          }
      }
  for (guint g = 0; g < s->n_groups; g++)
    for (guint h = 0; h < s->n_groups; h++)
      for (guint i = 0; h != g && i < s->n; i++)
        {
          uint32_t y, o;
          lg_grid_line_known (s, lines, g, i, h, &y, &o);
          LG_TRY_IF (!y && lg_bitset_one_bit (~o & full), LG_STEP_LAST,
                     lg_grid_last (s, st->yes, st->no, g, i, h, dy, dn, uses),
                     lg_pair_index_of (g, h), lg_pair_index_of (g, h));
        }
#undef LG_TRY_IF
#undef LG_TRY
}

/* ---- One unit, two units ---------------------------------------------- */

/* Whether case c of a unit clashes with the facts yes, no on the i-th
 * word it uses, w: a yes cell of the case is a no fact, or a no cell a yes
 * fact. */
static inline gboolean
clashes_on_word (const uint64_t *c, guint i, guint w, const uint64_t *yes,
                 const uint64_t *no)
{
  return ((c[2 * i] & no[w]) | (c[2 * i + 1] & yes[w])) != 0;
}

/* Whether case c of a unit that uses the words used agrees with the
 * facts yes, no (the case is 0 elsewhere). */
static gboolean
compatible_on (const uint64_t *c, const uint64_t *yes, const uint64_t *no,
               const guint *used, guint n_used)
{
  for (guint i = 0; i < n_used; i++)
    if (clashes_on_word (c, i, used[i], yes, no))
      return FALSE;
  return TRUE;
}

/* The cases of list (n of them) that agree with the facts yes, no, into
 * out (which may be list: it is then filtered in place); their number. */
static guint
filter_cases (const Unit *u, const guint *list, guint n, const uint64_t *yes,
              const uint64_t *no, guint *out)
{
  guint kept = 0;
  for (guint i = 0; i < n; i++)
    if (compatible_on (case_of (u, list[i]), yes, no, u->used, u->n_used))
      out[kept++] = list[i];
  return kept;
}

/* Whether the cells of u's support in the grid yes, no differ from seen
 * (per word used: its yes and its no cells there), which they then
 * replace.  Which cases of u agree with a grid depends on them alone. */
static gboolean
support_changed (const Unit *u, const uint64_t *yes, const uint64_t *no,
                 uint64_t *seen)
{
  gboolean changed = FALSE;
  for (guint i = 0; i < u->n_used; i++)
    {
      guint w = u->used[i];
      uint64_t y = yes[w] & u->support[i], n = no[w] & u->support[i];
      changed |= ((y ^ seen[2 * i]) | (n ^ seen[2 * i + 1])) != 0;
      seen[2 * i] = y;
      seen[2 * i + 1] = n;
    }
  return changed;
}

/* The cases of u in set (see CaseSet), and their number in *n. */
static const guint *
unit_cases (LgExplain *ex, Unit *u, CaseSet set, guint *n)
{
  if (set == CASES_ALL)
    {
      *n = u->n_cases;
      return ex->all;
    }
  if (u->alive_at != ex->changes &&
      !support_changed (u, ex->main.yes, ex->main.no, u->alive_seen))
    {
      /* which cases agree depends on the cells of support alone */
      u->alive_at = ex->changes;
#ifdef LG_ENABLE_CHECKS
      for (guint i = 0; i < u->n_alive; i++)
        g_assert (compatible_on (case_of (u, u->alive[i]), ex->main.yes,
                                 ex->main.no, u->used, u->n_used));
#endif
    }
  if (u->alive_at != ex->changes)
    {
      u->n_alive = filter_cases (u, u->alive, u->n_alive, ex->main.yes,
                                 ex->main.no, u->alive);
      u->alive_at = ex->changes;
    }
  *n = u->n_alive;
  return u->alive;
}

/* The words two units use, for units_conclude (see Merged). */
static void
merge_used (const Unit *a, const Unit *b, Merged *m)
{
  guint i = 0, j = 0;
  m->n = m->n_common = 0;
  while (i < a->n_used || j < b->n_used)
    {
      guint wa = i < a->n_used ? a->used[i] : G_MAXUINT;
      guint wb = j < b->n_used ? b->used[j] : G_MAXUINT;
      guint w = MIN (wa, wb);
      m->pos_a[m->n] = wa == w ? i++ : a->n_used;
      m->pos_b[m->n] = wb == w ? j++ : b->n_used;
      if (wa == wb)
        {
          m->common_a[m->n_common] = m->pos_a[m->n];
          m->common_b[m->n_common++] = m->pos_b[m->n];
        }
      m->used[m->n++] = w;
    }
}

/* What the n cases of list of unit u agree on, into dy, dn on the words u
 * uses (the others are not written). */
static void
cases_agree (const Unit *u, const guint *list, guint n, uint64_t *dy,
             uint64_t *dn)
{
  for (guint k = 0; k < u->n_used; k++)
    dy[u->used[k]] = dn[u->used[k]] = ~UINT64_C (0);
  for (guint i = 0; i < n; i++)
    {
      const uint64_t *c = case_of (u, list[i]);
      for (guint k = 0; k < u->n_used; k++)
        {
          dy[u->used[k]] &= c[2 * k];
          dn[u->used[k]] &= c[2 * k + 1];
        }
    }
}

/* What unit u concludes under the facts yes, no, from its cases of list
 * (n of them): filter_cases into compat, then cases_agree into dy, dn,
 * which are cleared first.  Returns the number of compatible cases. */
static guint
unit_conclude (const Unit *u, const guint *list, guint n, const uint64_t *yes,
               const uint64_t *no, guint words, guint *compat, uint64_t *dy,
               uint64_t *dn)
{
  guint na = filter_cases (u, list, n, yes, no, compat);
  memset (dy, 0, words * sizeof *dy);
  memset (dn, 0, words * sizeof *dn);
  cases_agree (u, compat, na, dy, dn);
  return na;
}

/* What a set of units (one or two) concludes under the facts yes, no: the
 * cells on which all their compatible cases (pairs of cases that agree,
 * for two) agree, into dy, dn (every cell, known ones included; when no
 * case is compatible, they mean nothing).  Only the cases of set are
 * tried (see CaseSet); the compatible ones are left in ex->compat (and
 * ex->compat2).  Returns the number of compatible cases (or pairs).  Only
 * the words the units use are read: in the others every case is 0, and so
 * are dy and dn. */
static guint64
units_conclude (LgExplain *ex, Unit *const *units, guint n_units, CaseSet set,
                const uint64_t *yes, const uint64_t *no, uint64_t *dy,
                uint64_t *dn)
{
  guint words = ex->shape.words;
  guint na, nb, n;
  Unit *a = units[0], *b = n_units > 1 ? units[1] : NULL;
  const guint *list = unit_cases (ex, a, set, &n);
  if (!b)
    return unit_conclude (a, list, n, yes, no, words, ex->compat, dy, dn);
  na = filter_cases (a, list, n, yes, no, ex->compat);
  list = unit_cases (ex, b, set, &n);
  nb = filter_cases (b, list, n, yes, no, ex->compat2);
  memset (dy, 0, words * sizeof *dy);
  memset (dn, 0, words * sizeof *dn);
  guint64 count = 0;
  Merged *m = &ex->merged;
  merge_used (a, b, m);
  for (guint k = 0; k < m->n; k++)
    dy[m->used[k]] = dn[m->used[k]] = ~UINT64_C (0);
  for (guint i = 0; i < na; i++)
    {
      const uint64_t *ca = case_of (a, ex->compat[i]);
      for (guint j = 0; j < nb; j++)
        {
          const uint64_t *cb = case_of (b, ex->compat2[j]);
          guint k;
          for (k = 0; k < m->n_common; k++)
            {
              guint pa = m->common_a[k], pb = m->common_b[k];
              if ((ca[2 * pa] & cb[2 * pb + 1]) | (ca[2 * pa + 1] & cb[2 * pb]))
                break;
            }
          if (k < m->n_common)
            continue;
          for (k = 0; k < m->n; k++)
            {
              guint w = m->used[k], pa = m->pos_a[k], pb = m->pos_b[k];
              dy[w] &= ca[2 * pa] | cb[2 * pb];
              dn[w] &= ca[2 * pa + 1] | cb[2 * pb + 1];
            }
          count++;
        }
    }
  return count;
}

/* Whether units, under the facts sy, sn, still conclude every cell of
 * want_yes, want_no (both NULL: still have no case at all). */
static gboolean
still_concludes (LgExplain *ex, Unit *const *units, guint n_units,
                 const uint64_t *sy, const uint64_t *sn,
                 const uint64_t *want_yes, const uint64_t *want_no)
{
  uint64_t *dy = ex->scratch[4], *dn = ex->scratch[5];
  guint64 count =
      units_conclude (ex, units, n_units, CASES_ALL, sy, sn, dy, dn);
  if (!want_yes)
    return count == 0;
  if (count == 0)
    return FALSE;
  for (guint w = 0; w < ex->shape.words; w++)
    if ((want_yes[w] & ~dy[w]) | (want_no[w] & ~dn[w]))
      return FALSE;
  return TRUE;
}

/* The facts a units' step cites: those that rule a case out, shrunk one by
 * one (no facts first, then yes facts) while the conclusion still holds. */
static void
units_uses (LgExplain *ex, const State *st, Unit *const *units, guint n_units,
            const uint64_t *want_yes, const uint64_t *want_no, GArray *uses)
{
  const LgGridShape *s = &ex->shape;
  uint64_t *sy = ex->scratch[2], *sn = ex->scratch[3];
  lg_bitset_clear_all (sy, s->n_cells);
  lg_bitset_clear_all (sn, s->n_cells);
  for (guint u = 0; u < n_units; u++)
    for (guint k = 0; k < units[u]->n_cases; k++)
      {
        const uint64_t *c = case_of (units[u], k);
        for (guint i = 0; i < units[u]->n_used; i++)
          {
            guint w = units[u]->used[i];
            sy[w] |= c[2 * i + 1] & st->yes[w];
            sn[w] |= c[2 * i] & st->no[w];
          }
      }
  /* (the cells of a word tried in turn: trying one changes no other) */
  for (int pass = 0; pass < 2; pass++)
    {
      uint64_t *set = pass ? sy : sn;
      for (guint w = 0; w < s->words; w++)
        for (uint64_t m = set[w]; m; m &= m - 1)
          {
            guint c = w * 64 + (guint) lg_bitset_ctz64 (m);
            lg_bitset_clear (set, c);
            if (!still_concludes (ex, units, n_units, sy, sn, want_yes,
                                  want_no))
              lg_bitset_set (set, c);
          }
    }
  facts_of_sets (s, sy, sn, uses);
}

static gint
compare_fact (gconstpointer a, gconstpointer b)
{
  const LgGridFact *x = a, *y = b;
  return (x->cell > y->cell) - (x->cell < y->cell);
}

/* The step of units (one or two) in state st (the main grid or a
 * supposition made on it), or NULL when they conclude nothing new; a
 * CONFLICT when they have no case left. */
static LgStep *
units_step (LgExplain *ex, const State *st, Unit *const *units, guint n_units)
{
  const LgGridShape *s = &ex->shape;
  uint64_t *dy = ex->scratch[6], *dn = ex->scratch[7];
  guint64 count =
      units_conclude (ex, units, n_units, CASES_MAIN, st->yes, st->no, dy, dn);
  LgStep *step;
  if (count == 0)
    {
      step = step_new (LG_STEP_CONFLICT);
      units_uses (ex, st, units, n_units, NULL, NULL, step->uses);
    }
  else
    {
      for (guint w = 0; w < s->words; w++)
        {
          dy[w] &= ~(st->yes[w] | st->no[w]);
          dn[w] &= ~(st->yes[w] | st->no[w]);
        }
      if (lg_bitset_is_empty (dy, s->words) &&
          lg_bitset_is_empty (dn, s->words))
        return NULL;
      step = step_new (n_units > 1 ? LG_STEP_CLUES : LG_STEP_CLUE);
      facts_of_sets (s, dy, dn, step->derives);
      units_uses (ex, st, units, n_units, dy, dn, step->uses);
    }
  for (guint u = 0; u < n_units; u++)
    g_array_append_vals (step->clues, units[u]->clues->data,
                         units[u]->clues->len);
  g_array_sort (step->clues, compare_uint);
  step->units = n_units;
  step->cost = CLUE_COST * step->clues->len + step->uses->len;
  return step;
}

/* Whether some case of u agrees with the facts (the main grid's, or a
 * supposition's made on it). */
static gboolean
has_case (LgExplain *ex, Unit *u, const uint64_t *yes, const uint64_t *no)
{
  guint n;
  const guint *list = unit_cases (ex, u, CASES_MAIN, &n);
  for (guint i = 0; i < n; i++)
    if (compatible_on (case_of (u, list[i]), yes, no, u->used, u->n_used))
      return TRUE;
  return FALSE;
}

/* The version of grid st: it changes whenever the grid grows (the main
 * grid's: ex->changes; a supposition's: ex->sub_version, which refute
 * moves on at each of its steps and for each supposition). */
static guint64
grid_version (const LgExplain *ex, const State *st)
{
  return st == &ex->main ? ex->changes : ex->sub_version;
}

/* The answers kept for u on grid st (the main grid's, or the
 * supposition's), forgotten when a cell of its support there changed since
 * they were found: has_case and units_step read no other cell (the cases
 * that agree, what they agree on, the facts that rule cases out are all on
 * those cells).  On a supposition's grid they read the cases that agree
 * with the main grid, which may have grown since: a case that agrees with
 * the supposition's grid agrees with every main grid under it, so the
 * cases that agree with both are the same.  On a 16x16 puzzle a step
 * changes the support of a few units of hundreds. */
static Answers *
answers_sync (LgExplain *ex, const State *st, Unit *u)
{
  Answers *a = st == &ex->main ? &u->main : &u->sub;
  guint64 version = grid_version (ex, st);
  if (a->at == version)
    return a;
  a->at = version;
  if (!support_changed (u, st->yes, st->no, a->seen))
    return a;
  a->has_case = -1;
  a->step_known = FALSE;
  if (a->step)
    step_free (a->step);
  a->step = NULL;
  return a;
}

static LgStep *
step_copy (const LgStep *step)
{
  LgStep *copy = step_new (step->kind);
  g_array_append_vals (copy->clues, step->clues->data, step->clues->len);
  g_array_append_vals (copy->uses, step->uses->data, step->uses->len);
  g_array_append_vals (copy->derives, step->derives->data, step->derives->len);
  copy->cost = step->cost;
  copy->units = step->units;
  copy->text = g_strdup (step->text);
  return copy;
}

#ifdef LG_ENABLE_CHECKS
static gboolean
arrays_equal (const GArray *a, const GArray *b, gsize size)
{
  /* (an empty GArray's data may be NULL, which memcmp must not get) */
  return a->len == b->len &&
         (!a->len || memcmp (a->data, b->data, a->len * size) == 0);
}
#endif

/* has_case of u on the main grid (st the main grid), or on st. */
static gboolean
unit_has_case (LgExplain *ex, const State *st, Unit *u)
{
  Answers *a = answers_sync (ex, st, u);
  if (a->has_case < 0)
    a->has_case = has_case (ex, u, st->yes, st->no);
#ifdef LG_ENABLE_CHECKS
  g_assert (a->has_case == has_case (ex, u, st->yes, st->no));
#endif
  return a->has_case;
}

/* units_step of u alone on st, from what is kept on the main grid. */
static LgStep *
unit_step (LgExplain *ex, const State *st, Unit *u)
{
  Answers *a = answers_sync (ex, st, u);
  if (!a->step_known)
    {
      a->step = units_step (ex, st, &u, 1);
      a->step_known = TRUE;
    }
#ifdef LG_ENABLE_CHECKS
  LgStep *fresh = units_step (ex, st, &u, 1);
  g_assert (!fresh == !a->step);
  if (fresh)
    {
      g_assert (fresh->kind == a->step->kind && fresh->cost == a->step->cost &&
                fresh->units == a->step->units);
      g_assert (
          arrays_equal (fresh->clues, a->step->clues, sizeof (guint)) &&
          arrays_equal (fresh->uses, a->step->uses, sizeof (LgGridFact)) &&
          arrays_equal (fresh->derives, a->step->derives, sizeof (LgGridFact)));
      step_free (fresh);
    }
#endif
  return a->step ? step_copy (a->step) : NULL;
}

/* Whether grid st has a conflict (as lg_grid_has_conflict says), from
 * its lines kept as it grows: when it had none at the last check, only
 * the items of the cells set since are checked; else the whole grid, its
 * lines loaded again (the first check, and after facts given). */
static gboolean
has_conflict (const LgExplain *ex, State *st)
{
  const LgGridShape *s = &ex->shape;
  gboolean whole = !st->clean;
  gboolean found =
      whole && lg_grid_has_conflict (s, st->yes, st->no, st->lines);
  for (guint k = 0; k < st->n_touched; k++)
    {
      guint item = st->touched_list[k];
      st->touched[item] = FALSE;
      if (!whole && !found)
        found = lg_grid_item_conflict (s, st->lines, item / s->n, item % s->n);
    }
  st->n_touched = 0;
  st->clean = !found;
#ifdef LG_ENABLE_CHECKS
  g_assert (found ==
            (lg_grid_conflict (s, st->yes, st->no, NULL) != LG_GRID_OK));
#endif
  return found;
}

/* The cheapest step of the grid or of one unit; a conflict, when there is
 * one, before anything else. */
static LgStep *
find_simple_step (LgExplain *ex, State *st)
{
  LgStep *best = NULL, *conflict = NULL;
  g_autoptr (GArray) uses = g_array_new (FALSE, FALSE, sizeof (LgGridFact));
  gboolean found = has_conflict (ex, st);
  if (found &&
      lg_grid_conflict (&ex->shape, st->yes, st->no, uses) != LG_GRID_OK)
    {
      conflict = step_new (LG_STEP_CONFLICT);
      g_array_append_vals (conflict->uses, uses->data, uses->len);
      conflict->cost = uses->len;
      return conflict;
    }
  /* a clue with no case left ends it all: look for one first */
  for (guint k = 0; k < ex->units->len; k++)
    {
      Unit *u = ex->units->pdata[k];
      if (!unit_has_case (ex, st, u))
        offer (&conflict, unit_step (ex, st, u));
    }
  if (conflict)
    return conflict;
  find_grid_steps (ex, st, st->lines, &best);
  for (guint k = 0; k < ex->units->len; k++)
    {
      Unit *u = ex->units->pdata[k];
      if (best && CLUE_COST * u->clues->len >= best->cost)
        continue;
      LgStep *step = unit_step (ex, st, u);
      if (step && step->kind == LG_STEP_CONFLICT)
        offer (&conflict, step);
      else if (step)
        offer (&best, step);
    }
  if (conflict)
    {
      if (best)
        step_free (best);
      return conflict;
    }
  return best;
}

/* Whether some cell is in a case of a and in a case of b.  When none is,
 * every compatible case of a agrees with every one of b: together they
 * conclude what each concludes alone. */
static gboolean
supports_meet (const Unit *a, const Unit *b)
{
  guint i = 0, j = 0;
  while (i < a->n_used && j < b->n_used)
    if (a->used[i] < b->used[j])
      i++;
    else if (a->used[i] > b->used[j])
      j++;
    else if (a->support[i++] & b->support[j++])
      return TRUE;
  return FALSE;
}

static LgStep *
find_pair_step (LgExplain *ex, const State *st)
{
  LgStep *best = NULL;
  for (guint a = 0; a < ex->units->len && !out_of_time (ex); a++)
    for (guint b = a + 1; b < ex->units->len; b++)
      {
        Unit *pair[2] = { ex->units->pdata[a], ex->units->pdata[b] };
        if (pair[0]->vars->len + pair[1]->vars->len == 0 ||
            !supports_meet (pair[0], pair[1]))
          continue; /* plain couples: the grid steps see them; units on
                       cells apart conclude together what each does */
        LgStep *step = units_step (ex, st, pair, 2);
        if (step)
          offer (&best, step);
      }
  return best;
}

/* ---- A supposition refuted -------------------------------------------- */

/* propagate's turn of unit u: its local cases that still agree with yes,
 * no are kept (FALSE when none is), and when some were ruled out, what
 * the ones kept agree on is left in dy, dn on the words u uses (the
 * others are not written).  The local cases agree with base_yes, base_no
 * (they were taken from the main grid's) and yes, no only grow from
 * there, so a case can clash only on a word where yes, no have a cell of
 * u's support that base lacks: only those words are compared.  When no
 * case is ruled out, u concludes what it did when its local cases were
 * last set or narrowed, which is in yes, no already (the main grid is
 * closed under every unit, and propagate applied the rest): dy, dn are
 * then left alone. */
static gboolean
local_conclude (const Unit *u, guint *local, guint *n_local, guint *pos,
                const uint64_t *yes, const uint64_t *no,
                const uint64_t *base_yes, const uint64_t *base_no, uint64_t *dy,
                uint64_t *dn)
{
  guint n_pos = 0;
  for (guint i = 0; i < u->n_used; i++)
    {
      guint w = u->used[i];
      if (((yes[w] & ~base_yes[w]) | (no[w] & ~base_no[w])) & u->support[i])
        pos[n_pos++] = i;
    }
  guint kept = 0;
  for (guint j = 0; j < *n_local; j++)
    {
      const uint64_t *c = case_of (u, local[j]);
      guint q = 0;
      while (q < n_pos &&
             !clashes_on_word (c, pos[q], u->used[pos[q]], yes, no))
        q++;
      if (q == n_pos)
        local[kept++] = local[j];
    }
  if (kept == 0)
    return FALSE;
  if (kept == *n_local)
    return TRUE;
  /* the grid only grows: the cases ruled out stay so */
  *n_local = kept;
  cases_agree (u, local, kept, dy, dn);
  return TRUE;
}

/* The cells ay (yes) and an (no) of word w are set: every unit whose
 * support has one of them is pending, and heard knows them. */
static inline void
hear (const LgExplain *ex, Prop *p, guint w, uint64_t ay, uint64_t an)
{
  for (guint j = ex->word_first[w]; j < ex->word_first[w + 1]; j++)
    if ((ay | an) & ex->word_support[j])
      p->pending[ex->word_units[j]] = 1;
  p->heard[w] |= ay;
  p->heard[ex->shape.words + w] |= an;
}

/* The grid's rules and every unit's conclusions until nothing changes,
 * from yes, no, which add a supposition to base_yes, base_no (whose lines
 * are base_lines, lg_grid_lines'): the number
 * of rounds before a contradiction, 0 when none comes within max_rounds
 * (0: no limit), with *closed TRUE when none comes at all (yes, no are
 * then the fixpoint, free of contradiction).  base is closed under every
 * unit (no unit concludes anything new in it: see
 * find_supposition_step), so a unit is evaluated only once a cell that
 * one of its cases has (its support) was set since base, or since its
 * turn last came (pending, which hear sets for the cells the grid's rules
 * and the units set): its compatible cases depend on those cells alone,
 * and what it concludes is in yes, no already.  The rounds are those of
 * evaluating every unit every time, in order.  A unit's local cases start
 * as those that agree with base: set up for every unit when the main grid
 * has changed since the last call, else for the units the last call
 * narrowed (a search for a supposition makes thousands of calls, most of
 * them one round long).
 *
 * With held (and max_rounds), each fact first in the grid after the
 * grid's rules of round r (theirs, or the units' of round r - 1) is
 * logged there with max_rounds - r + 1 (at most 254; *n_held of them):
 * when no contradiction comes within max_rounds, supposing that fact
 * instead brings none within as many rounds either.  Supposing f, a fact
 * of the closure of round r, the closure of its round 1 is within that
 * closure, and each of its rounds i within round r - 1 + i of this one
 * (the rules and the units are monotone: on less of the grid, a unit
 * keeps more cases and concludes less), and a contradiction on less of
 * the grid is one on more. */
static guint
propagate (LgExplain *ex, Prop *p, uint64_t *yes, uint64_t *no,
           const uint64_t *base_yes, const uint64_t *base_no,
           const uint32_t *base_lines, guint max_rounds, gboolean *closed,
           HeldFact *held, guint *n_held)
{
  *closed = FALSE;
  const LgGridShape *s = &ex->shape;
  uint64_t *dy = p->dy, *dn = p->dn;
  /* the grid the rules last left as it is: base (no grid step is left in
   * it either), then each round's closure */
  uint64_t *cy = p->cy, *cn = p->cn;
  const uint64_t *hy = p->heard, *hn = p->heard + s->words;
  guint n_units = ex->units->len;
  g_assert (base_yes == ex->main.yes); /* whose cases CASES_MAIN has */
  memcpy (cy, base_yes, s->words * sizeof *cy);
  memcpy (cn, base_no, s->words * sizeof *cn);
  memcpy (p->heard, base_yes, s->words * sizeof *cy);
  memcpy (p->heard + s->words, base_no, s->words * sizeof *cn);
  memcpy (p->work, base_lines, lg_grid_lines_size (s) * sizeof *base_lines);
  gboolean all = p->prop_at != ex->changes;
  for (guint j = 0; j < (all ? n_units : p->n_dirty); j++)
    {
      guint k = all ? j : p->dirty_list[j];
      Unit *u = ex->units->pdata[k];
      const guint *alive = unit_cases (ex, u, CASES_MAIN, &p->n_local[k]);
      memcpy (p->local + ex->local_first[k], alive,
              p->n_local[k] * sizeof *alive);
      p->dirty[k] = 0;
    }
  p->n_dirty = 0;
  p->prop_at = ex->changes;
  guint result = 0;
  for (guint round = 1; !max_rounds || round <= max_rounds; round++)
    {
      guint before = n_known (ex, yes, no);
      if (!lg_grid_close_from (s, yes, no, p->work, cy, cn))
        {
          result = round;
          break;
        }
      if (held)
        {
          guint8 v = (guint8) MIN (max_rounds - round + 1, 254);
          for (guint w = 0; w < s->words; w++)
            for (guint side = 0; side < 2; side++)
              for (uint64_t m = side ? no[w] & ~cn[w] : yes[w] & ~cy[w]; m;
                   m &= m - 1)
                held[(*n_held)++] = (HeldFact) {
                  side * s->n_cells + w * 64 + (guint) lg_bitset_ctz64 (m), v
                };
        }
      memcpy (cy, yes, s->words * sizeof *cy);
      memcpy (cn, no, s->words * sizeof *cn);
      /* the supposition and the closures */
      for (guint w = 0; w < s->words; w++)
        {
          uint64_t ay = yes[w] & ~hy[w], an = no[w] & ~hn[w];
          if (ay | an)
            hear (ex, p, w, ay, an);
        }
      for (guint k = 0; k < n_units; k++)
        {
          Unit *u = ex->units->pdata[k];
          guint *local = p->local + ex->local_first[k];
          if (!p->pending[k])
            {
#ifdef LG_ENABLE_CHECKS
              /* it would conclude nothing new */
              guint na = unit_conclude (u, local, p->n_local[k], yes, no,
                                        s->words, p->compat, dy, dn);
              g_assert (na > 0);
              for (guint w = 0; w < s->words; w++)
                g_assert (!(dy[w] & ~yes[w]) && !(dn[w] & ~no[w]));
#endif
              continue;
            }
          p->pending[k] = 0;
          guint before_local = p->n_local[k];
          if (!local_conclude (u, local, &p->n_local[k], p->local_pos, yes, no,
                               base_yes, base_no, dy, dn))
            {
              result = round;
              break;
            }
          if (p->n_local[k] == before_local)
            continue; /* the same cases: nothing new (see local_conclude) */
          if (!p->dirty[k])
            {
              p->dirty[k] = 1;
              p->dirty_list[p->n_dirty++] = k;
            }
          for (guint i = 0; i < u->n_used; i++)
            {
              guint w = u->used[i];
              uint64_t ay = dy[w] & ~no[w] & ~yes[w];
              yes[w] |= ay;
              uint64_t an = dn[w] & ~yes[w] & ~no[w];
              no[w] |= an;
              if (ay | an)
                hear (ex, p, w, ay, an);
            }
        }
      if (result)
        break;
      if (n_known (ex, yes, no) == before)
        {
          *closed = TRUE;
          break;
        }
    }
  memset (p->pending, 0, n_units * sizeof *p->pending);
  return result;
}

/* The grid st with fact supposed added, into yes, no. */
static void
suppose (const LgGridShape *s, const State *st, LgGridFact supposed,
         uint64_t *yes, uint64_t *no)
{
  memcpy (yes, st->yes, s->words * sizeof *yes);
  memcpy (no, st->no, s->words * sizeof *no);
  lg_bitset_set (supposed.yes ? yes : no, supposed.cell);
}

/* The steps of sub that the last one needs, through the facts they cite;
 * the facts from outside the supposition (origin 0, not the supposition
 * itself) into outer_uses, the clues into clues. */
static void
sub_cone (const State *sub, guint supposed, gboolean *needed,
          GArray *outer_uses, GArray *clues)
{
  guint n = sub->steps->len;
  needed[n - 1] = TRUE;
  for (guint i = n; i-- > 0;)
    {
      if (!needed[i])
        continue;
      const LgStep *step = sub->steps->pdata[i];
      for (guint k = 0; k < step->clues->len; k++)
        {
          guint c = g_array_index (step->clues, guint, k);
          gboolean seen = FALSE;
          for (guint j = 0; j < clues->len; j++)
            seen |= g_array_index (clues, guint, j) == c;
          if (!seen)
            g_array_append_val (clues, c);
        }
      for (guint k = 0; k < step->uses->len; k++)
        {
          LgGridFact f = g_array_index (step->uses, LgGridFact, k);
          guint o = sub->origin[f.cell];
          if (o)
            needed[o - 1] = TRUE;
          else if (f.cell != supposed)
            {
              gboolean seen = FALSE;
              for (guint j = 0; j < outer_uses->len; j++)
                seen |=
                    g_array_index (outer_uses, LgGridFact, j).cell == f.cell;
              if (!seen)
                g_array_append_val (outer_uses, f);
            }
        }
    }
  g_array_sort (clues, compare_uint);
  g_array_sort (outer_uses, compare_fact);
}

/* The contradiction step refuting `supposed`: the supposition's own steps
 * (grid and single units) to their conflict, the needed ones told. */
static LgStep *
refute (LgExplain *ex, const State *st, LgGridFact supposed)
{
  const LgGridShape *s = &ex->shape;
  State sub;
  state_init (&sub, s);
  sub.outer = st;
  sub.supposed = supposed.cell;
  suppose (s, st, supposed, sub.yes, sub.no);
  LgStep *step = NULL;
  for (;;)
    {
      ex->sub_version++; /* a new grid */
      LgStep *next = find_simple_step (ex, &sub);
      if (!next)
        break;
      guint fresh = apply (ex, &sub, next);
      if (next->kind == LG_STEP_CONFLICT)
        {
          step = step_new (LG_STEP_CONTRADICTION);
          break;
        }
      if (fresh == 0)
        {
          /* the guard of apply: no refutation rather than a loop (or an
           * abort, outside the checks) */
#ifdef LG_ENABLE_CHECKS
          g_assert_not_reached ();
#endif
          break;
        }
    }
  if (step)
    {
      g_autofree gboolean *needed = g_new0 (gboolean, sub.steps->len);
      sub_cone (&sub, supposed.cell, needed, step->uses, step->clues);
      LgGridFact conclusion = { supposed.cell, !supposed.yes };
      g_array_append_val (step->derives, conclusion);
      guint units = 0;
      GString *text = g_string_new ("Suppose ");
      g_autofree char *sup = lg_explain_fact_text (ex, supposed);
      g_string_append_printf (text, "%s: then", sup);
      /* the steps told are numbered [1], [2], ... in order, and their
       * sentences made again with those numbers */
      g_autofree guint *told = g_new0 (guint, sub.steps->len);
      guint n_told = 0;
      for (guint i = 0; i < sub.steps->len; i++)
        if (needed[i])
          told[i] = ++n_told;
      sub.told = told;
      for (guint i = 0; i < sub.steps->len; i++)
        {
          if (!needed[i])
            continue;
          LgStep *t = sub.steps->pdata[i];
          units += t->units;
          g_free (t->text);
          t->text = step_sentence (ex, &sub, t);
          g_string_append_printf (text, "%s [%u] ", told[i] > 1 ? ";" : "",
                                  told[i]);
          /* the sub-step's sentence, without its final full stop */
          g_string_append_len (text, t->text, (gssize) strlen (t->text) - 1);
        }
      g_autofree char *concl = lg_explain_fact_text (ex, conclusion);
      g_string_append_printf (text, "; so %s.", concl);
      step->text = g_string_free (text, FALSE);
      step->units = units;
      step->cost = CLUE_COST * step->clues->len + step->uses->len;
    }
  state_clear (&sub);
  return step;
}

/* The fewest cells still open in the two lines of a cell. */
static guint
open_in_lines (const LgExplain *ex, const State *st, guint cell)
{
  const LgGridShape *s = &ex->shape;
  guint g1, i1, g2, i2, most = s->n;
  lg_grid_cell_items (s, cell, &g1, &i1, &g2, &i2);
  for (int side = 0; side < 2; side++)
    {
      guint count = 0;
      for (guint j = 0; j < s->n; j++)
        {
          guint c = side ? lg_grid_cell (s, g2, i2, g1, j)
                         : lg_grid_cell (s, g1, i1, g2, j);
          count += !lg_bitset_test (st->yes, c) && !lg_bitset_test (st->no, c);
        }
      most = MIN (most, count);
    }
  return most;
}

static void find_witnesses (LgExplain *ex);

/* The search for a supposition to refute, which the threads share (see
 * find_supposition_step): the facts to weigh, in order (a fact: its cell,
 * plus n_cells for a no; the yes ones first, n_yes of them); the covers
 * (safe: the facts known not to be refuted, the yes words then the no
 * words; held: per fact, the rounds it is known to hold), which the
 * threads read and grow as they go, without a lock (a mark is true
 * whenever it is seen: seen late, it spares less); and, under lock, the
 * first fact that no thread took yet, the best so far (best_pos, refuted
 * in best_rounds; 0: none yet), whether the deadline passed, and the
 * threads of the pool still at work (done is signalled when none). */
typedef struct Scan
{
  LgExplain *ex;
  const State *st;
  const guint *facts;
  guint n_facts, n_yes;
  _Atomic uint64_t *safe;
  _Atomic uint8_t *held;
  GMutex lock;
  GCond done;
  guint next, best_rounds, best_pos;
  gboolean stop;
  guint running;
  gint64 share_at; /* when the caller shares the search (0: not, or done) */
  struct ScanTask
  {
    struct Scan *scan;
    Prop *prop;
  } tasks[EXPLAIN_THREADS]; /* what the threads of the pool are given */
} Scan;

/* The facts a thread takes at a time. */
#define SCAN_CHUNK 8

/* The scan's lock, taken and given back (and shown to ThreadSanitizer,
 * which does not see inside GLib's mutexes: see tsan.h). */
static inline void
scan_lock (Scan *sc)
{
  g_mutex_lock (&sc->lock);
  lg_tsan_acquire (&sc->lock);
}

static inline void
scan_unlock (Scan *sc)
{
  lg_tsan_release (&sc->lock);
  g_mutex_unlock (&sc->lock);
}

/* Whether the fact at pos can still be the one refuted, against the best
 * so far: a yes before any no, then the fewest rounds, then the first; if
 * so, *bound is the rounds it must be refuted within (0: any).  When it
 * cannot, no later fact can (under lock). */
static gboolean
scan_bound (const Scan *sc, guint pos, guint *bound)
{
  *bound = 0;
  if (!sc->best_rounds)
    return TRUE;
  gboolean yes = pos < sc->n_yes, best_yes = sc->best_pos < sc->n_yes;
  if (yes != best_yes)
    return yes;
  *bound = pos < sc->best_pos ? sc->best_rounds : sc->best_rounds - 1;
  return *bound > 0;
}

/* Whether fact (a cell, plus n_cells for a no) is marked safe. */
static inline gboolean
scan_safe (const Scan *sc, const LgGridShape *s, guint fact)
{
  gboolean value = fact < s->n_cells;
  guint c = value ? fact : fact - s->n_cells;
  uint64_t w = atomic_load_explicit (&sc->safe[(value ? 0 : s->words) + c / 64],
                                     memory_order_relaxed);
  return (w >> (c % 64)) & 1;
}

static void scan_share (Scan *sc);

/* One thread's part of the search: the facts it takes, a few at a time,
 * each propagated within its bound unless a cover spares it (see
 * find_supposition_step). */
static void
scan_run (Scan *sc, Prop *p, gboolean caller)
{
  LgExplain *ex = sc->ex;
  const LgGridShape *s = &ex->shape;
  const State *st = sc->st;
  for (;;)
    {
      if (caller && sc->share_at && g_get_monotonic_time () >= sc->share_at)
        scan_share (sc);
      guint bound;
      scan_lock (sc);
      guint first = sc->next;
      gboolean go =
          !sc->stop && first < sc->n_facts && scan_bound (sc, first, &bound);
      if (go)
        sc->next = MIN (first + SCAN_CHUNK, sc->n_facts);
      guint last = sc->next;
      scan_unlock (sc);
      if (!go)
        return;
      for (guint pos = first; pos < last; pos++)
        {
          scan_lock (sc);
          gboolean may = !sc->stop && scan_bound (sc, pos, &bound);
          scan_unlock (sc);
          if (!may)
            return;
          guint fact = sc->facts[pos];
          gboolean value = fact < s->n_cells;
          guint c = value ? fact : fact - s->n_cells;
          if (scan_safe (sc, s, fact) ||
              (bound && !ex->no_shortcuts &&
               atomic_load_explicit (&sc->held[fact], memory_order_relaxed) >=
                   bound))
            {
              p->skipped++;
#ifdef LG_ENABLE_CHECKS
              /* it would not be refuted within the bound */
              suppose (s, st, (LgGridFact) { c, value }, p->yes, p->no);
              gboolean ignored;
              g_assert (propagate (ex, p, p->yes, p->no, st->yes, st->no,
                                   st->lines, bound, &ignored, NULL,
                                   NULL) == 0);
#endif
              continue;
            }
          /* the other thread only reads the deadline: out_of_time
           * writes ex */
          if (caller ? out_of_time (ex) : lg_deadline_reached (&ex->deadline))
            {
              scan_lock (sc);
              sc->stop = TRUE;
              scan_unlock (sc);
              return;
            }
          suppose (s, st, (LgGridFact) { c, value }, p->yes, p->no);
          gboolean closed;
          guint n_held = 0;
          guint rounds =
              propagate (ex, p, p->yes, p->no, st->yes, st->no, st->lines,
                         bound, &closed, bound ? p->held_log : NULL, &n_held);
          p->propagated++;
          for (guint k = 0; !rounds && k < n_held; k++)
            {
              HeldFact h = p->held_log[k];
              uint8_t was = atomic_load_explicit (&sc->held[h.fact],
                                                  memory_order_relaxed);
              while (was < h.rounds &&
                     !atomic_compare_exchange_weak_explicit (
                         &sc->held[h.fact], &was, h.rounds,
                         memory_order_relaxed, memory_order_relaxed))
                ;
            }
          for (guint w = 0; closed && w < 2 * s->words; w++)
            {
              uint64_t m = w < s->words ? p->yes[w] : p->no[w - s->words];
              if (m &
                  ~atomic_load_explicit (&sc->safe[w], memory_order_relaxed))
                atomic_fetch_or_explicit (&sc->safe[w], m,
                                          memory_order_relaxed);
            }
          if (!rounds)
            continue;
          scan_lock (sc);
          guint now;
          if (scan_bound (sc, pos, &now) && (!now || rounds <= now))
            {
              sc->best_rounds = rounds;
              sc->best_pos = pos;
            }
          scan_unlock (sc);
        }
    }
}

static void
scan_task (gpointer data, gpointer user_data)
{
  (void) user_data;
  struct ScanTask *t = data;
  lg_tsan_acquire (t);
  Scan *sc = t->scan;
  scan_run (sc, t->prop, FALSE);
  scan_lock (sc);
  if (--sc->running == 0)
    g_cond_signal (&sc->done);
  scan_unlock (sc);
}

/* The caller shares the search: the threads of the pool (made, with their
 * Props, when first needed) take their part from the next fact on.
 * Nothing when they cannot be made. */
static void
scan_share (Scan *sc)
{
  LgExplain *ex = sc->ex;
  sc->share_at = 0;
  if (!ex->pool)
    {
      ex->pool = g_thread_pool_new (scan_task, NULL, (gint) ex->n_threads - 1,
                                    TRUE, NULL);
      if (!ex->pool)
        {
          ex->n_threads = 1;
          return;
        }
    }
  for (; ex->n_props < ex->n_threads; ex->n_props++)
    prop_init (ex, &ex->prop[ex->n_props]);
  /* the units' cases on the main grid, which propagate reads, brought up
   * to date here: the threads then only read them */
  for (guint k = 0; k < ex->units->len; k++)
    {
      guint n;
      unit_cases (ex, ex->units->pdata[k], CASES_MAIN, &n);
    }
  scan_lock (sc);
  sc->running = ex->n_threads - 1;
  scan_unlock (sc);
  for (guint t = 1; t < ex->n_threads; t++)
    {
      sc->tasks[t] = (struct ScanTask) { sc, &ex->prop[t] };
      lg_tsan_release (&sc->tasks[t]);
      g_thread_pool_push (ex->pool, &sc->tasks[t], NULL);
    }
}

/* The supposition that the fewest rounds of propagation refute: yes
 * before no, the cells whose lines have the fewest open cells first (the
 * cases a person weighs first), then in grid order.  NULL when none is
 * refuted.  A supposition whose propagation reaches its fixpoint without
 * a contradiction makes every fact of that fixpoint safe: supposing one
 * of them reaches a part of it (the rules are monotone), and cannot be
 * refuted either, so it is not propagated.  From SCAN_SHARED_FROM facts
 * to weigh, the threads (two on a machine of two cores or more) share
 * them, a few at a time in order, each with its own Prop and covers, and
 * the best so far under a lock: a fact is propagated within the rounds
 * that would let it win (a fact before the best may tie it), and every
 * fact that could win is weighed, so the fact found is the one a single
 * thread finds, whatever the threads' speed; only how many facts the
 * covers spare differs. */
static LgStep *
find_supposition_step (LgExplain *ex, const State *st)
{
  const LgGridShape *s = &ex->shape;
  g_autofree guint *open = g_new (guint, s->n_cells);
#ifdef LG_ENABLE_CHECKS
  /* its lines as kept (find_simple_step checked the grid just before) */
  gsize size = lg_grid_lines_size (s);
  g_autofree uint32_t *loaded = g_new (uint32_t, size);
  lg_grid_lines (s, st->yes, st->no, loaded);
  g_assert (memcmp (loaded, st->lines, size * sizeof *loaded) == 0);
#endif
  if (ex->no_shortcuts && !ex->possible)
    ex->possible = g_new0 (uint64_t, 2 * (gsize) s->words);
  else if (!ex->possible || n_known (ex, st->yes, st->no) >= ex->witness_again)
    find_witnesses (ex);
  for (guint c = 0; c < s->n_cells; c++)
    open[c] = lg_bitset_test (st->yes, c) || lg_bitset_test (st->no, c)
                  ? 0
                  : open_in_lines (ex, st, c);
  /* the order weighed: yes facts, then no facts, each by score, then cell;
   * a yes fact refuted beats every no fact, and one round is the fewest */
  g_autofree guint *facts = g_new (guint, 2 * (gsize) s->n_cells);
  Scan sc = { .ex = ex, .st = st, .facts = facts };
  for (int value = 1; value >= 0; value--)
    {
      for (guint score = 2; score <= s->n; score++)
        for (guint c = 0; c < s->n_cells; c++)
          if (open[c] == score)
            facts[sc.n_facts++] = (value ? 0 : s->n_cells) + c;
      if (value)
        sc.n_yes = sc.n_facts;
    }
  g_autofree _Atomic uint64_t *safe =
      g_new (_Atomic uint64_t, 2 * (gsize) s->words);
  for (guint w = 0; w < 2 * s->words; w++)
    atomic_init (&safe[w], ex->possible[w]);
  g_autofree _Atomic uint8_t *held =
      g_new (_Atomic uint8_t, 2 * (gsize) s->n_cells);
  for (guint f = 0; f < 2 * s->n_cells; f++)
    atomic_init (&held[f], 0);
  sc.safe = safe;
  sc.held = held;
  g_mutex_init (&sc.lock);
  g_cond_init (&sc.done);
  if (ex->n_threads > 1)
    sc.share_at = g_get_monotonic_time () + ex->share_after_us;
  scan_run (&sc, &ex->prop[0], TRUE);
  scan_lock (&sc);
  while (sc.running)
    {
      lg_tsan_release (&sc.lock);
      g_cond_wait (&sc.done, &sc.lock);
      lg_tsan_acquire (&sc.lock);
    }
  scan_unlock (&sc);

  g_mutex_clear (&sc.lock);
  g_cond_clear (&sc.done);
  if (sc.stop)
    {
      ex->timed_out = TRUE;
      return NULL;
    }
  if (!sc.best_rounds)
    return NULL;
  guint fact = facts[sc.best_pos];
  gboolean value = fact < s->n_cells;
  return refute (ex, st,
                 (LgGridFact) { value ? fact : fact - s->n_cells, value });
}

/* ---- The last resort: the solutions ----------------------------------- */

/* How many solutions the Search step takes in the order the fast engine
 * finds them before it tests the cells they still agree on one by one
 * (that order changes the last rows first: on a puzzle with few clues,
 * the first row would stay the same for (n - 1)! solutions). */
#define SEARCH_SOLUTIONS 64
/* The most nodes of the search for solutions that find_witnesses makes. */
#define WITNESS_WORK 2000

typedef struct
{
  LgExplain *ex;
  uint64_t *sol, *inter_yes, *inter_no;
  guint64 fit;
  gboolean first_only; /* one fitting solution is enough */
} Search;

/* Each solution (the solve is given the facts: every one fits) narrows the
 * cells all of them agree on. */
static gboolean
on_solution (const LgProblem *problem, const LgSolution *solution,
             gpointer data)
{
  Search *se = data;
  const LgGridShape *s = &se->ex->shape;
  (void) problem;
  lg_bitset_clear_all (se->sol, s->n_cells);
  for (guint g1 = 0; g1 < s->n_groups; g1++)
    for (guint g2 = g1 + 1; g2 < s->n_groups; g2++)
      for (guint r = 0; r < s->n; r++)
        lg_bitset_set (se->sol, lg_grid_cell (s, g1, solution->perm[g1][r], g2,
                                              solution->perm[g2][r]));
  se->fit++;
  for (guint w = 0; w < s->words; w++)
    {
      se->inter_yes[w] &= se->sol[w];
      se->inter_no[w] &= ~se->sol[w];
    }
  return !se->first_only;
}

/* The cell c of the grid, with the value yes, appended to given. */
static void
give_cell (const LgGridShape *s, GArray *given, guint c, gboolean yes)
{
  LgGivenCell cell;
  lg_grid_cell_items (s, c, &cell.g1, &cell.i1, &cell.g2, &cell.i2);
  cell.yes = yes;
  g_array_append_val (given, cell);
}

/* The facts of the grid yes, no as cells given to a solve; both values of
 * a cell given both ways (then nothing fits). */
static GArray *
given_of (const LgGridShape *s, const uint64_t *yes, const uint64_t *no)
{
  GArray *given = g_array_new (FALSE, FALSE, sizeof (LgGivenCell));
  for (guint c = 0; c < s->n_cells; c++)
    {
      if (lg_bitset_test (no, c))
        give_cell (s, given, c, FALSE);
      if (lg_bitset_test (yes, c))
        give_cell (s, given, c, TRUE);
    }
  return given;
}

/* The solutions that agree with the cells given, up to max of them, into
 * se, within work_limit nodes (0: no limit); FALSE on a solver error. */
static gboolean
search_solutions (Search *se, const GArray *given, guint64 max,
                  guint64 work_limit, gboolean *complete, GError **error)
{
  LgExplain *ex = se->ex;
  LgSolveOptions options;
  lg_solve_options_init (&options);
  options.engine = LG_ENGINE_FAST;
  options.deadline = ex->deadline.at;
  options.max_solutions = max;
  options.work_limit = work_limit;
  options.given = (const LgGivenCell *) (const void *) given->data;
  options.n_given = given->len;
  LgStats stats = { 0 };
  if (lg_problem_solve (ex->problem, &options, &stats, on_solution, se, error) <
      0)
    return FALSE;
  ex->timed_out |= stats.timed_out;
  if (complete)
    *complete = stats.complete;
  return TRUE;
}

/* The cells all solutions fitting yes, no agree on, into fy, fn; returns
 * how many solutions it saw (0: none fits; with first_only, at most 1),
 * -1 on a solver error.  It takes the first SEARCH_SOLUTIONS solutions,
 * then tests each cell they still agree on: a solution with that cell
 * the other way drops it and every other cell it disagrees on; with none,
 * the cell is forced. */
static gint64
forced (LgExplain *ex, const uint64_t *yes, const uint64_t *no, uint64_t *fy,
        uint64_t *fn, gboolean first_only, GError **error)
{
  const LgGridShape *s = &ex->shape;
  g_autofree uint64_t *sol = g_new0 (uint64_t, s->words);
  lg_bitset_set_all (fy, s->n_cells);
  lg_bitset_set_all (fn, s->n_cells);
  g_autoptr (GArray) given = given_of (s, yes, no);
  Search se = { ex, sol, fy, fn, 0, first_only };
  gboolean complete = FALSE;
  if (!search_solutions (&se, given, first_only ? 1 : SEARCH_SOLUTIONS, 0,
                         &complete, error))
    return -1;
  if (first_only || complete || se.fit == 0)
    return (gint64) se.fit;
  se.first_only = TRUE;
  guint n_facts = given->len;
  for (guint c = 0; c < s->n_cells && !ex->timed_out; c++)
    {
      gboolean y = lg_bitset_test (fy, c) && !lg_bitset_test (yes, c);
      gboolean n = lg_bitset_test (fn, c) && !lg_bitset_test (no, c);
      if (!y && !n)
        continue;
      give_cell (s, given, c, !y); /* the other way */
      gboolean ok = search_solutions (&se, given, 1, 0, NULL, error);
      g_array_set_size (given, n_facts);
      if (!ok)
        return -1;
    }
  return (gint64) se.fit;
}

/* ex->possible, from the first SEARCH_SOLUTIONS solutions that agree with
 * the main grid, as many as WITNESS_WORK nodes of the fast engine find
 * (none: no fact is known possible).  A fact that a solution has cannot
 * be refuted (every step is sound), so find_supposition_step does not
 * suppose it: on a puzzle with one solution, every fact of that
 * solution.  When the search stops at its limit without a solution (the
 * hardest puzzles, from the grid of their first supposition), it is made
 * again once a quarter of the cells then open are known. */
static void
find_witnesses (LgExplain *ex)
{
  const LgGridShape *s = &ex->shape;
  g_autofree uint64_t *sol = g_new0 (uint64_t, s->words);
  g_autofree uint64_t *fy = g_new0 (uint64_t, s->words);
  g_autofree uint64_t *fn = g_new0 (uint64_t, s->words);
  lg_bitset_set_all (fy, s->n_cells);
  lg_bitset_set_all (fn, s->n_cells);
  g_autoptr (GArray) given = given_of (s, ex->main.yes, ex->main.no);
  Search se = { ex, sol, fy, fn, 0, FALSE };
  g_free (ex->possible);
  ex->possible = g_new0 (uint64_t, 2 * (gsize) s->words);
  gboolean complete = FALSE;
  gboolean ok = search_solutions (&se, given, SEARCH_SOLUTIONS, WITNESS_WORK,
                                  &complete, NULL);
  guint known = n_known (ex, ex->main.yes, ex->main.no);
  ex->witness_again = ok && !complete && !se.fit
                          ? known + (s->n_cells - known + 3) / 4
                          : G_MAXUINT;
  if (!ok || !se.fit)
    return;
  lg_bitset_set_all (ex->possible, s->n_cells);
  lg_bitset_set_all (ex->possible + s->words, s->n_cells);
  for (guint w = 0; w < s->words; w++)
    {
      ex->possible[w] &= ~fn[w];
      ex->possible[s->words + w] &= ~fy[w];
    }
}

static gboolean
given_only (LgExplain *ex)
{
  return ex->main.steps->len == 0;
}

gboolean
lg_explain_given_consistent (LgExplain *ex, GError **error)
{
  const LgGridShape *s = &ex->shape;
  g_autofree uint64_t *fy = g_new0 (uint64_t, s->words);
  g_autofree uint64_t *fn = g_new0 (uint64_t, s->words);
  g_return_val_if_fail (given_only (ex), FALSE);
  return forced (ex, ex->main.yes, ex->main.no, fy, fn, TRUE, error) > 0;
}

/* The Search step's conclusion when one solution is left: its rows, the
 * items of the first group each with its partners ("Anna with cat, seat
 * two; ..."), rather than every cell. */
static void
search_solution_text (GString *text, const LgExplain *ex, const uint64_t *fy)
{
  const LgGridShape *s = &ex->shape;
  g_string_append (text, ", one solution fits what is known: ");
  for (guint i = 0; i < s->n; i++)
    {
      g_autofree char *a = item_phrase (ex, 0, i);
      g_string_append_printf (text, "%s%s with ", i ? "; " : "", a);
      for (guint g = 1; g < s->n_groups; g++)
        for (guint j = 0; j < s->n; j++)
          if (lg_bitset_test (fy, lg_grid_cell (s, 0, i, g, j)))
            {
              g_autofree char *b = item_phrase (ex, g, j);
              g_string_append_printf (text, "%s%s", g > 1 ? ", " : "", b);
            }
    }
  g_string_append (text, ".");
}

/* Whether the "no" of cell follows from a "yes" in its row or column in
 * the grid yes (the grid's own exclusion). */
static gboolean
excluded_by_yes (const LgGridShape *s, const uint64_t *yes, guint cell)
{
  guint g1, i1, g2, i2;
  lg_grid_cell_items (s, cell, &g1, &i1, &g2, &i2);
  for (guint j = 0; j < s->n; j++)
    if ((j != i2 && lg_bitset_test (yes, lg_grid_cell (s, g1, i1, g2, j))) ||
        (j != i1 && lg_bitset_test (yes, lg_grid_cell (s, g1, j, g2, i2))))
      return TRUE;
  return FALSE;
}

/* The Search step's conclusion when several solutions are left: the new
 * "yes" cells, then only the new "no" cells that no "yes" excludes, and
 * how many the yes cells exclude. */
static void
search_facts_text (GString *text, const LgExplain *ex, const uint64_t *fy,
                   const uint64_t *dy, const uint64_t *dn)
{
  const LgGridShape *s = &ex->shape;
  g_autoptr (GArray) told = g_array_new (FALSE, FALSE, sizeof (LgGridFact));
  guint implied = 0;
  for (guint c = 0; c < s->n_cells; c++)
    if (lg_bitset_test (dy, c))
      {
        LgGridFact f = { c, TRUE };
        g_array_append_val (told, f);
      }
  for (guint c = 0; c < s->n_cells; c++)
    if (lg_bitset_test (dn, c))
      {
        if (excluded_by_yes (s, fy, c))
          implied++;
        else
          {
            LgGridFact f = { c, FALSE };
            g_array_append_val (told, f);
          }
      }
  g_string_append (text, ", every one that fits agrees: ");
  append_facts (text, ex, told);
  if (implied)
    g_string_append_printf (text, "%sand the %u cell%s these exclude",
                            told->len ? "; " : "", implied,
                            implied == 1 ? "" : "s");
  g_string_append (text, ".");
}

static LgStep *
search_step (LgExplain *ex, gint64 fit, const uint64_t *fy, const uint64_t *fn)
{
  const LgGridShape *s = &ex->shape;
  LgStep *step = step_new (LG_STEP_SEARCH);
  facts_of_sets (s, ex->main.yes, ex->main.no, step->uses);
  for (guint k = 0; k < ex->units->len; k++)
    {
      Unit *u = ex->units->pdata[k];
      g_array_append_vals (step->clues, u->clues->data, u->clues->len);
      step->units++;
    }
  g_array_sort (step->clues, compare_uint);
  GString *text = g_string_new ("Search: trying every case left");
  if (fit == 0)
    g_string_append (text, ", none fits: the clues contradict each other.");
  else
    {
      uint64_t *dy = ex->scratch[6], *dn = ex->scratch[7];
      for (guint w = 0; w < s->words; w++)
        {
          dy[w] = fy[w] & ~ex->main.yes[w];
          dn[w] = fn[w] & ~ex->main.no[w];
        }
      facts_of_sets (s, dy, dn, step->derives);
      if (n_known (ex, fy, fn) == s->n_cells)
        search_solution_text (text, ex, fy);
      else
        search_facts_text (text, ex, fy, dy, dn);
    }
  step->text = g_string_free (text, FALSE);
  step->cost = CLUE_COST * step->clues->len + step->uses->len;
  return step;
}

/* ---- The explanation ------------------------------------------------- */

#ifdef LG_ENABLE_CHECKS
static void
check_step (const LgExplain *ex, guint index)
{
  /* the proof enumerates the grids of the step's groups, up to (n!)^(G-1):
   * with 5 items, 5 groups at most (the 6 of the Einstein riddle take
   * minutes a step; tests/check_explain.c proves every step of puzzles of
   * up to 5 items and 4 groups) */
  if (ex->shape.n <= 5 && ex->shape.n_groups <= 5 &&
      !lg_explain_verify_step (ex, index))
    g_error ("explain: step %u does not follow from what it cites: %s",
             index + 1, lg_explain_get_step (ex, index)->text);
}
#endif

const LgStep *
lg_explain_next (LgExplain *ex, GError **error)
{
  const LgGridShape *s = &ex->shape;
  if (ex->over)
    return NULL;
  LgStep *step = NULL;
  if (!out_of_time (ex))
    step = find_simple_step (ex, &ex->main);
  if (!step && !out_of_time (ex))
    step = find_pair_step (ex, &ex->main);
  /* (none to suppose on a grid whose every cell is known) */
  if (!step && !out_of_time (ex) && !ex->no_suppositions &&
      n_known (ex, ex->main.yes, ex->main.no) < s->n_cells)
    step = find_supposition_step (ex, &ex->main);
  if (out_of_time (ex))
    {
      /* a step found as the deadline passed may not be the easiest */
      if (step)
        step_free (step);
      ex->over = TRUE;
      return NULL;
    }
  if (!step)
    {
      ex->over = TRUE;
      if (n_known (ex, ex->main.yes, ex->main.no) == s->n_cells)
        {
          ex->result = LG_EXPLAIN_SOLVED;
          return NULL;
        }
      if (ex->no_suppositions)
        return NULL;
      g_autofree uint64_t *fy = g_new0 (uint64_t, s->words);
      g_autofree uint64_t *fn = g_new0 (uint64_t, s->words);
      gint64 fit = forced (ex, ex->main.yes, ex->main.no, fy, fn, FALSE, error);
      if (fit < 0 || ex->timed_out)
        return NULL;
      gboolean more = FALSE;
      for (guint w = 0; w < s->words; w++)
        more |= ((fy[w] & ~ex->main.yes[w]) | (fn[w] & ~ex->main.no[w])) != 0;
      if (fit > 0 && !more)
        {
          ex->result = LG_EXPLAIN_OPEN;
          return NULL;
        }
      ex->over = FALSE;
      step = search_step (ex, fit, fy, fn);
    }
  if (apply (ex, &ex->main, step) == 0 && step->derives->len > 0)
    {
      ex->over = TRUE;
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_FAILED,
                   "internal error: step %u of the explanation derives "
                   "nothing new; please report it with the puzzle",
                   ex->main.steps->len);
      return NULL;
    }
  ex->changes++;
  if (step->derives->len == 0)
    {
      ex->over = TRUE;
      ex->result = LG_EXPLAIN_CONTRADICTION;
    }
#ifdef LG_ENABLE_CHECKS
  check_step (ex, ex->main.steps->len - 1);
#endif
  return step;
}

gboolean
lg_explain_run (LgExplain *ex, GError **error)
{
  while (lg_explain_next (ex, error))
    ;
  return !(error && *error);
}

void
lg_explain_cone (const LgExplain *ex, guint index, GArray *steps)
{
  g_autofree gboolean *needed = g_new0 (gboolean, index + 1);
  needed[index] = TRUE;
  for (guint i = index + 1; i-- > 0;)
    {
      if (!needed[i])
        continue;
      const LgStep *step = ex->main.steps->pdata[i];
      for (guint k = 0; k < step->uses->len; k++)
        {
          guint o =
              ex->main.origin[g_array_index (step->uses, LgGridFact, k).cell];
          if (o && o - 1 < i)
            needed[o - 1] = TRUE;
        }
    }
  for (guint i = 0; i <= index; i++)
    if (needed[i])
      g_array_append_val (steps, i);
}

/* ---- Re-proving a step ------------------------------------------------ */

typedef struct
{
  const LgExplain *ex;
  const LgStep *step;
  GPtrArray *units; /* Unit* of the step's clues */
  guint groups[LG_MAX_ITEMS + 1], n_groups;
  uint8_t *perm;  /* per group of the problem: row -> item */
  uint8_t *inv;   /* per group: item -> row */
  gboolean *used; /* per group: an item taken on a row */
  guint *assignment;
  gboolean ok;
  guint64 worlds;
} Verify;

static gboolean
world_cell (const Verify *v, guint cell)
{
  guint g1, i1, g2, i2, n = v->ex->shape.n;
  lg_grid_cell_items (&v->ex->shape, cell, &g1, &i1, &g2, &i2);
  return v->inv[g1 * n + i1] == v->inv[g2 * n + i2];
}

/* The truth of a couple in the world (lg_rule_eval3's, for the logic over
 * couples). */
static LgEval
world_truth (guint g1, guint i1, guint g2, guint i2, gpointer data)
{
  const Verify *v = data;
  return world_cell (v, lg_grid_cell (&v->ex->shape, g1, i1, g2, i2))
             ? LG_EVAL_TRUE
             : LG_EVAL_FALSE;
}

static gboolean
unit_holds (const Verify *v, const Unit *u)
{
  guint n = v->ex->shape.n, k = u->vars->len;
  guint64 total = lg_assignments (n, k);
  for (guint64 index = 0; index < total; index++)
    {
      guint64 rest = index;
      for (guint j = 0; j < k; j++)
        {
          v->assignment[((LgItem *) u->vars->pdata[j])->var_id] =
              (guint) (rest % n);
          rest /= n;
        }
      gboolean holds = TRUE;
      for (guint r = 0; holds && r < u->logic->len; r++)
        holds = lg_rule_eval3 (u->logic->pdata[r], v->assignment, world_truth,
                               (gpointer) v) == LG_EVAL_TRUE;
      for (guint r = 0; holds && r < u->couple->len; r++)
        {
          const LgRule *rule = u->couple->pdata[r];
          guint cell =
              lg_grid_cell (&v->ex->shape, rule->x->group->index,
                            lg_item_current_index (rule->x, v->assignment),
                            rule->y->group->index,
                            lg_item_current_index (rule->y, v->assignment));
          holds = world_cell (v, cell) == (rule->kind == LG_RULE_YES);
        }
      if (holds)
        return TRUE;
    }
  return FALSE;
}

/* Whether the facts whose groups are both among the first `depth` groups
 * of the enumeration hold in the world so far. */
static gboolean
facts_hold (const Verify *v, const GArray *facts, guint depth)
{
  for (guint k = 0; k < facts->len; k++)
    {
      LgGridFact f = g_array_index (facts, LgGridFact, k);
      guint g1, i1, g2, i2, seen = 0;
      lg_grid_cell_items (&v->ex->shape, f.cell, &g1, &i1, &g2, &i2);
      for (guint d = 0; d < depth; d++)
        seen += (v->groups[d] == g1) + (v->groups[d] == g2);
      if (seen == 2 && world_cell (v, f.cell) != f.yes)
        return FALSE;
    }
  return TRUE;
}

static void
enumerate (Verify *v, guint depth, guint row)
{
  guint n = v->ex->shape.n;
  if (!v->ok)
    return;
  if (depth == v->n_groups)
    {
      for (guint k = 0; k < v->units->len; k++)
        if (!unit_holds (v, v->units->pdata[k]))
          return;
      v->worlds++;
      /* a world of the premises: the conclusion must hold in it */
      if (v->step->derives->len == 0 ||
          !facts_hold (v, v->step->derives, depth))
        v->ok = FALSE;
      return;
    }
  guint g = v->groups[depth];
  if (row == n)
    {
      if (facts_hold (v, v->step->uses, depth + 1))
        enumerate (v, depth + 1, 0);
      return;
    }
  for (guint i = 0; i < n; i++)
    if (!v->used[g * n + i])
      {
        v->used[g * n + i] = TRUE;
        v->perm[g * n + row] = (uint8_t) i;
        v->inv[g * n + i] = (uint8_t) row;
        enumerate (v, depth, row + 1);
        v->used[g * n + i] = FALSE;
      }
}

static void
add_group (Verify *v, guint g)
{
  for (guint k = 0; k < v->n_groups; k++)
    if (v->groups[k] == g)
      return;
  v->groups[v->n_groups++] = g;
}

static void
add_fact_groups (Verify *v, const GArray *facts)
{
  for (guint k = 0; k < facts->len; k++)
    {
      guint g1, i1, g2, i2;
      lg_grid_cell_items (&v->ex->shape,
                          g_array_index (facts, LgGridFact, k).cell, &g1, &i1,
                          &g2, &i2);
      add_group (v, g1);
      add_group (v, g2);
    }
}

gboolean
lg_explain_verify_step (const LgExplain *ex, guint index)
{
  const LgStep *step = ex->main.steps->pdata[index];
  const LgGridShape *s = &ex->shape;
  Verify v = { ex,   step, g_ptr_array_new (), { 0 }, 0, NULL, NULL, NULL, NULL,
               TRUE, 0 };
  if (s->n_groups > LG_MAX_ITEMS + 1)
    return FALSE;
  for (guint k = 0; k < ex->units->len; k++)
    {
      Unit *u = ex->units->pdata[k];
      gboolean in_step = FALSE;
      for (guint j = 0; j < u->clues->len; j++)
        for (guint i = 0; i < step->clues->len; i++)
          in_step |= g_array_index (u->clues, guint, j) ==
                     g_array_index (step->clues, guint, i);
      if (!in_step)
        continue;
      g_ptr_array_add (v.units, u);
      for (guint r = 0; r < u->couple->len; r++)
        {
          const LgRule *rule = u->couple->pdata[r];
          add_group (&v, rule->x->group->index);
          add_group (&v, rule->y->group->index);
        }
      for (guint j = 0; j < u->vars->len; j++)
        add_group (&v, ((LgItem *) u->vars->pdata[j])->group->index);
    }
  add_fact_groups (&v, step->uses);
  add_fact_groups (&v, step->derives);
  if (v.n_groups == 0)
    add_group (&v, 0);
  v.perm = g_new0 (uint8_t, s->n_groups * s->n);
  v.inv = g_new0 (uint8_t, s->n_groups * s->n);
  v.used = g_new0 (gboolean, s->n_groups * s->n);
  v.assignment = g_new0 (guint, lg_problem_n_vars (ex->problem) + 1);
  for (guint r = 0; r < s->n; r++)
    {
      guint g = v.groups[0];
      v.perm[g * s->n + r] = (uint8_t) r;
      v.inv[g * s->n + r] = (uint8_t) r;
    }
  /* the first group is the identity: skip its rows */
  if (facts_hold (&v, step->uses, 1))
    enumerate (&v, 1, 0);
  gboolean ok = v.ok;
  g_ptr_array_unref (v.units);
  g_free (v.perm);
  g_free (v.inv);
  g_free (v.used);
  g_free (v.assignment);
  return ok;
}

/* ---- The grade ------------------------------------------------------- */

LgDifficulty
lg_step_difficulty (const LgStep *step)
{
  if (step->kind == LG_STEP_CONTRADICTION || step->kind == LG_STEP_SEARCH)
    return LG_DIFFICULTY_EXPERT;
  if (step->kind == LG_STEP_CLUES)
    return LG_DIFFICULTY_HARD;
  if (step->kind == LG_STEP_CLUE && step->uses->len >= 3)
    return LG_DIFFICULTY_MEDIUM;
  return LG_DIFFICULTY_EASY;
}

LgDifficulty
lg_explain_difficulty (const LgExplain *ex)
{
  LgDifficulty d = LG_DIFFICULTY_EASY;
  for (guint i = 0; i < ex->main.steps->len; i++)
    d = MAX (d, lg_step_difficulty (ex->main.steps->pdata[i]));
  return d;
}

static const char *const difficulty_names[] = { "easy", "medium", "hard",
                                                "expert" };

const char *
lg_difficulty_to_string (LgDifficulty difficulty)
{
  return difficulty_names[difficulty];
}

gboolean
lg_difficulty_from_string (const char *name, LgDifficulty *d)
{
  for (guint k = 0; k < G_N_ELEMENTS (difficulty_names); k++)
    if (g_str_equal (name, difficulty_names[k]))
      {
        *d = (LgDifficulty) k;
        return TRUE;
      }
  return FALSE;
}

/* most_clues: of the steps that combine clues, not of a search (which
 * takes them all) */
typedef struct
{
  guint steps, most_clues, contradictions, searches;
} Tally;

static Tally
tally (const LgExplain *ex)
{
  Tally t = { ex->main.steps->len, 0, 0, 0 };
  for (guint i = 0; i < t.steps; i++)
    {
      const LgStep *step = ex->main.steps->pdata[i];
      if (step->kind == LG_STEP_SEARCH)
        t.searches++;
      else
        t.most_clues = MAX (t.most_clues, step->units);
      t.contradictions += step->kind == LG_STEP_CONTRADICTION;
    }
  return t;
}

/* ---- Printing --------------------------------------------------------- */

void
lg_explain_print_step (FILE *out, const LgExplain *ex, guint index)
{
  fprintf (out, "%u. %s\n", index + 1, lg_explain_get_step (ex, index)->text);
}

static void
open_cells (const LgExplain *ex, GArray *cells)
{
  for (guint c = 0; c < ex->shape.n_cells; c++)
    if (!lg_bitset_test (ex->main.yes, c) && !lg_bitset_test (ex->main.no, c))
      g_array_append_val (cells, c);
}

/* The open cells the text names at most, in grid order (JSON has them
 * all): a puzzle with few clues leaves thousands. */
#define OPEN_CELLS_SHOWN 40

/* The text of an explanation, printed as its steps are found (see
 * explain.h).  Invariant: `printed` steps are out, and `yes` and `no` hold
 * the grid after them: the facts given, then each step's derives. */
struct LgExplainPrinter
{
  FILE *out;
  const LgExplain *ex;
  guint grid_every;
  gboolean ascii;
  guint printed;
  uint64_t *yes, *no;
};

LgExplainPrinter *
lg_explain_printer_new (FILE *out, const LgExplain *ex, guint grid_every,
                        gboolean ascii)
{
  const LgGridShape *s = &ex->shape;
  LgExplainPrinter *p = g_new0 (LgExplainPrinter, 1);
  *p = (LgExplainPrinter) { .out = out,
                            .ex = ex,
                            .grid_every = grid_every,
                            .ascii = ascii,
                            .yes = g_new0 (uint64_t, s->words),
                            .no = g_new0 (uint64_t, s->words) };
  /* the facts given: known, and derived by no step */
  for (guint c = 0; grid_every && c < s->n_cells; c++)
    if (ex->main.origin[c] == 0)
      {
        if (lg_bitset_test (ex->main.yes, c))
          lg_bitset_set (p->yes, c);
        if (lg_bitset_test (ex->main.no, c))
          lg_bitset_set (p->no, c);
      }
  return p;
}

void
lg_explain_printer_free (LgExplainPrinter *p)
{
  if (!p)
    return;
  g_free (p->yes);
  g_free (p->no);
  g_free (p);
}

void
lg_explain_printer_steps (LgExplainPrinter *p)
{
  const LgExplain *ex = p->ex;
  for (; p->printed < ex->main.steps->len; p->printed++)
    {
      guint i = p->printed;
      lg_explain_print_step (p->out, ex, i);
      const LgStep *step = ex->main.steps->pdata[i];
      for (guint k = 0; p->grid_every && k < step->derives->len; k++)
        {
          LgGridFact f = g_array_index (step->derives, LgGridFact, k);
          lg_bitset_set (f.yes ? p->yes : p->no, f.cell);
        }
      if (p->grid_every && (i + 1) % p->grid_every == 0)
        lg_grid_print (p->out, &ex->shape, p->yes, p->no, p->ascii);
    }
}

void
lg_explain_print (FILE *out, const LgExplain *ex, guint grid_every,
                  gboolean ascii)
{
  g_autoptr (LgExplainPrinter) p =
      lg_explain_printer_new (out, ex, grid_every, ascii);
  lg_explain_printer_end (p);
}

void
lg_explain_printer_end (LgExplainPrinter *p)
{
  const LgExplain *ex = p->ex;
  FILE *out = p->out;
  guint n = ex->main.steps->len;
  lg_explain_printer_steps (p);
  /* the grid after the last step, when not printed with it */
  if (p->grid_every && n % p->grid_every != 0)
    lg_grid_print (out, &ex->shape, p->yes, p->no, p->ascii);
  switch (ex->result)
    {
    case LG_EXPLAIN_SOLVED:
      fprintf (out, "Solved: every cell of the grid is known.\n");
      break;
    case LG_EXPLAIN_OPEN:
      {
        g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
        open_cells (ex, cells);
        fprintf (out,
                 "The clues force no more: %u cells stay open (more than "
                 "one solution):",
                 cells->len);
        guint shown = MIN (cells->len, OPEN_CELLS_SHOWN);
        for (guint k = 0; k < shown; k++)
          {
            guint ga, ia, gb, ib, c = g_array_index (cells, guint, k);
            cell_sides (ex, c, &ga, &ia, &gb, &ib);
            g_autofree char *a = item_phrase (ex, ga, ia);
            g_autofree char *b = item_phrase (ex, gb, ib);
            fprintf (out, "%s %s with %s", k ? ";" : "", a, b);
          }
        if (shown < cells->len)
          fprintf (out, "; and %u more (--format json lists them all)",
                   cells->len - shown);
        fprintf (out, ".\n");
        break;
      }
    case LG_EXPLAIN_CONTRADICTION:
      fprintf (out,
               "No solution: the clues contradict each other (step "
               "%u).\n",
               n);
      break;
    case LG_EXPLAIN_UNFINISHED:
      if (ex->timed_out)
        {
          /* no grade: the rest may be harder */
          fprintf (out,
                   "Unfinished: the time limit stopped the explanation after "
                   "%u step%s, %u of %u cells known.\n",
                   n, n == 1 ? "" : "s",
                   n_known (ex, ex->main.yes, ex->main.no), ex->shape.n_cells);
          return;
        }
      break;
    }
  Tally t = tally (ex);
  /* without one solution, the grade is the steps', not a puzzle's */
  gboolean unique =
      ex->result == LG_EXPLAIN_SOLVED || ex->result == LG_EXPLAIN_UNFINISHED;
  fprintf (out,
           "%s: %s (%u step%s, at most %u clue%s combined in one "
           "step, %u by contradiction%s).\n",
           unique ? "Difficulty" : "Difficulty of these steps",
           lg_difficulty_to_string (lg_explain_difficulty (ex)), t.steps,
           t.steps == 1 ? "" : "s", t.most_clues, t.most_clues == 1 ? "" : "s",
           t.contradictions, t.searches ? ", then a search" : "");
}

static void
print_json_fact (FILE *out, const LgExplain *ex, LgGridFact f, gboolean value)
{
  g_autofree char *a = lg_explain_item_ref (ex, f.cell, 0);
  g_autofree char *b = lg_explain_item_ref (ex, f.cell, 1);
  fputs ("{\"a\": ", out);
  lg_print_json_string (out, a);
  fputs (", \"b\": ", out);
  lg_print_json_string (out, b);
  if (value)
    fprintf (out, ", \"together\": %s", f.yes ? "true" : "false");
  fputs ("}", out);
}

static void
print_json_facts (FILE *out, const LgExplain *ex, const GArray *facts)
{
  fputs ("[", out);
  for (guint k = 0; k < facts->len; k++)
    {
      fputs (k ? ", " : "", out);
      print_json_fact (out, ex, g_array_index (facts, LgGridFact, k), TRUE);
    }
  fputs ("]", out);
}

void
lg_explain_print_json (FILE *out, const LgExplain *ex)
{
  static const char *const results[] = { "solved", "open", "contradiction",
                                         "unfinished" };
  fputs ("{\"steps\": [", out);
  for (guint i = 0; i < ex->main.steps->len; i++)
    {
      const LgStep *step = ex->main.steps->pdata[i];
      fprintf (out, "%s\n{\"step\": %u, \"kind\": \"%s\", \"clues\": [",
               i ? "," : "", i + 1, lg_step_kind_to_string (step->kind));
      for (guint k = 0; k < step->clues->len; k++)
        fprintf (out, "%s%u", k ? ", " : "",
                 g_array_index (step->clues, guint, k));
      fputs ("], \"uses\": ", out);
      print_json_facts (out, ex, step->uses);
      fputs (", \"derives\": ", out);
      print_json_facts (out, ex, step->derives);
      fputs (", \"text\": ", out);
      lg_print_json_string (out, step->text);
      fputs ("}", out);
    }
  fprintf (out, "],\n\"result\": \"%s\",%s \"open\": [", results[ex->result],
           ex->timed_out ? " \"complete\": false," : "");
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
  if (ex->result == LG_EXPLAIN_OPEN)
    open_cells (ex, cells);
  for (guint k = 0; k < cells->len; k++)
    {
      LgGridFact f = { g_array_index (cells, guint, k), FALSE };
      fputs (k ? ", " : "", out);
      print_json_fact (out, ex, f, FALSE);
    }
  if (ex->timed_out)
    {
      /* no grade, as in the text: the rest may be harder */
      fputs ("],\n\"difficulty\": null}\n", out);
      return;
    }
  Tally t = tally (ex);
  fprintf (out,
           "],\n\"difficulty\": {\"grade\": \"%s\", \"steps\": %u, "
           "\"most_clues\": %u, \"contradictions\": %u, \"searches\": %u}}\n",
           lg_difficulty_to_string (lg_explain_difficulty (ex)), t.steps,
           t.most_clues, t.contradictions, t.searches);
}

/* ---- Facts from a file (--hint) ---------------------------------------- */

static void
give_fact (const LgItem *a, const LgItem *b, gboolean yes, gpointer data)
{
  LgExplain *ex = data;
  LgGridFact f = { lg_grid_cell (&ex->shape, a->group->index, a->index,
                                 b->group->index, b->index),
                   yes };
  lg_explain_give (ex, f);
}

gboolean
lg_explain_read_facts (LgExplain *ex, const char *path, guint64 memory_limit,
                       GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  if (!lg_parser_read_file (path, memory_limit, &text, &length, error))
    return FALSE;
  g_autofree char *name = lg_parser_display_name (path);
  return lg_parser_parse_facts (ex->problem, name, text, length, give_fact, ex,
                                error);
}
