/* engine_fast — the FAST engine; see engine_fast.h.
 *
 * Layout.  M, the matrices of a state, is G * G * n row bitsets: the line
 * (x -> y, a) is M[(x * G + y) * n + a], the items of group y that item a of
 * group x may go with (bit b for item b).  Lines with x == y are unused.  A
 * state is [active counts per leaf group | M | satisfied flags | T], T the
 * same lines by item (see state_t); level d of the search owns states[d].
 */
#include "engine_fast.h"

#include <string.h>

#include "bitset.h"
#include "budget.h"
#include "constraint.h"
#include "checker.h"
#include "index_set.h"
#include "pair.h"

/* ---- Data ------------------------------------------------------------------ */

/* A line of M: bit b for item b, so at most LG_MAX_ITEMS items. */
typedef uint32_t Row;
G_STATIC_ASSERT (sizeof (Row) * 8 >= LG_MAX_ITEMS);

/* A cell literal of a leaf: yes (or no) item a of group gi with item b of
 * group gj, gi < gj.  24 bytes: a puzzle of 16 groups of 16 items has tens
 * of thousands. */
typedef struct
{
  uint32_t row;  /* line (gi -> gj, a) in M */
  uint32_t key;  /* yes: key of that line; no: key of the cell */
  uint32_t tkey; /* yes: key of the line (gj -> gi, b) */
  Row bit;       /* 1 << b, for process_group's test of each literal */
  uint16_t gi, gj;
  uint8_t a, b, yes;
} Lit;
G_STATIC_ASSERT (sizeof (Lit) == 24);

/* A line (x -> y, a) that leaves constrain, for the disjunction's union;
 * for a cell key, bit is the cell's item of y. */
typedef struct
{
  uint16_t x, y;
  uint8_t a;
  Row bit;
} Key;

/* A constraint group that keeps leaves, or a lazy one (see Lazy). */
typedef struct
{
  uint32_t leaf_first, n_leaves; /* global leaf ids */
  uint32_t line_first, n_lines;  /* into lines */
  uint32_t cell_first, n_cells;  /* into cells */
  int32_t lazy;                  /* index into lazy, or -1 */
} LeafGroup;

/* A couple of a lazy group: each side a variable (its position in the
 * group) or an item. */
typedef struct
{
  int32_t xpos, ypos; /* -1: the item ix, iy */
  uint16_t gx, gy;
  uint8_t ix, iy, yes;
} LazyCouple;

/* A constraint group with too many assignments to enumerate them (from
 * LAZY_MIN_ASSIGNMENTS): its variables are searched, in their order, at
 * each propagation, against the state's lines (see process_lazy). */
typedef struct
{
  guint n_vars;
  LgItem **vars;
  LazyCouple *couples;     /* by the position of their last variable */
  uint32_t *couple_first;  /* n_vars + 1 offsets */
  const LgRule **ready;    /* logical rules, by their last variable */
  uint32_t *ready_first;   /* n_vars + 1 */
  const LgRule **partial;  /* per position, the rules tried there on a
                              partial assignment (partial_rules) */
  uint32_t *partial_first; /* n_vars + 1 */
  uint64_t *ready_pos, *partial_pos; /* the positions each rule reads
                                        (rule_positions) */
  /* per position, the items that fail whatever the lines and the other
   * variables say (learnt by lazy_search) */
  Row *dead;
  guint misses, skip; /* its searches past the budget in a row, and the
                         propagations it skips (LAZY_MISSES) */
  uint32_t *rows; /* the lines its couples can touch, to be woken by */
  uint32_t n_rows;
  const LgRule **couple_logic; /* its logical rules with couples inside */
  guint n_couple_logic;
  guint n_cells;          /* the distinct couples inside them */
  LgExpansion *expansion; /* their alternatives, or NULL */
  guint *assignment; /* the engine's: the variables' items (constraint.h) */
} Lazy;

/* What the failure of a value in lazy_search depends on, for its
 * backjumping and its learning: a bit per position of the group's
 * variables up to LAZY_POSITIONS (those from there on share the highest),
 * and LAZY_M for the lines of the state; LAZY_ALL, everything. */
#define LAZY_POSITIONS 63
#define LAZY_M ((uint64_t) 1 << LAZY_POSITIONS)
#define LAZY_ALL (~(uint64_t) 0)

/* An assignment of a lazy group enumerated for the propagation: a literal
 * of its path, as the leaves' (gi < gj). */
typedef struct
{
  uint32_t row; /* line (gi -> gj, a) */
  uint32_t pair;
  uint8_t a, b, yes;
} LazyLit;

struct LgFastEngine
{
  LgEngineImpl impl; /* first: the engine interface */
  const LgProblem *problem;
  const LgConstraintSet *set;
  LgProgress *progress;
  LgDeadline *deadline; /* the search stops once it has passed */
  guint64 node_limit;   /* and once it has explored that many nodes */
  gboolean over_limit;  /* it stopped there */
  LgStats *stats;
  guint G, n;
  Row full;            /* n low bits */
  gboolean infeasible; /* some group has no consistent assignment */

  /* leaves */
  guint n_groups; /* leaf groups */
  LeafGroup *groups;
  guint n_leaves;
  uint32_t *leaf_start; /* n_leaves + 1 offsets into lits */
  Lit *lits;
  uint32_t *order; /* sparse sets of leaf ids, one segment per group */
  Key *lines, *cells;
  guint64 *facts; /* codes of cells that hold in no solution (strip_facts),
                     then of the given cells (options->given) */
  guint n_facts;
  uint32_t *cnt, *ncnt; /* scratch per key, max over the groups */
  Row *uni;
  /* who to wake: a yes literal depends on its cell only, a no literal on
   * its whole line (it fails when the line is down to its item); from
   * LARGE_MIN_ITEMS items, a no literal is woken by its cell (it then
   * holds) and by its line only once the line is down to one item (see
   * wake_row), and the lazy groups, woken by every change of their
   * lines, have an index of their own */
  uint32_t *cell_first, *cell_groups;         /* per cell, from (x < y, a, b) */
  uint32_t *row_first, *row_groups;           /* per line of M */
  uint32_t *lazy_row_first, *lazy_row_groups; /* per line of M, or NULL */
  uint32_t *dirty;                            /* groups to process, a stack */
  uint8_t *is_dirty;
  guint n_dirty;
  uint32_t *line_first, *line_groups; /* per line: the groups with a
                                         literal on it */
  guint64 *weight;                    /* per leaf group: times it failed */
  guint64 *line_weight; /* per line of M: times a probe or a choice of an
                           item of it failed (see choose_line) */
  LgSearchWeights *carry; /* options->weights: line_weight's start, and
                             where it is left at the end (or NULL) */

  /* lazy groups and the scratch of their search (see process_lazy) */
  guint n_lazy;
  Lazy *lazy;
  uint8_t *lz_value;    /* per variable position */
  guint *lz_assignment; /* the lazy groups' variables' items (constraint.h) */
  LazyLit *lz_path;     /* per couple, and cell of its couple logic */
  uint64_t *lz_pos;     /* per literal of the path, the positions it needs */
  const Row *lz_m;      /* the lines the search reads */
  uint64_t lz_conflict; /* what the last search's failure depends on */
  guint64 lz_learnt;    /* items the last search learnt dead (Lazy.dead) */
  Row *lz_open_m;       /* lines that hold every item (lazy_refuted) */
  guint lz_len;
  /* a lazy group has no assignment whatever the lines: no state has a
   * solution, and every propagation fails at once (lazy_refuted) */
  gboolean refuted;
  gboolean lz_record;  /* every assignment, each supporting cells; else
                          the first found */
  Row *lz_sup;         /* per line of M: the cells supported */
  Row *lz_yes, *lz_no; /* per line of M: the path's literals */
  Row *lz_col;         /* per pair x * G + y: the path's yes items of y */
  uint32_t *lz_open;   /* the group's lines (x < y) with cells unsupported */
  guint lz_n_open;
  guint64 lz_found, lz_steps, lz_budget;

  /* search */
  size_t state_size; /* bytes, a multiple of 16 */
  size_t m_offset, sat_offset, t_offset;
  guint GP;        /* G rounded up to a multiple of 4 (see state_t) */
  guint max_depth; /* levels in states */
  uint8_t *states;
  uint32_t *queue; /* rows of M that lost items, to revise from */
  uint8_t *queued; /* per row of M: 0, in queue (1), in singles (2) */
  size_t q_head, q_len, q_cap;
  /* from LARGE_MIN_ITEMS items, the rows of M down to one item, a stack
   * revised from before queue (see push_row) */
  uint32_t *singles;
  size_t n_singles;
  Row *safe;           /* per row of M: probes known not to fail (see probe) */
  /* per row of M: the probings in a row where its probes all held, and the
   * probing (counted in probings) before which it is not probed again
   * (see probe, PROBE_BACKOFF_NODES) */
  uint8_t *held_streak;
  guint64 *skip_until;
  guint64 probings;
  uint8_t *probe_pair; /* per x * G + y, x > y: to probe (see probe) */
  Row *allowed;        /* per group: scratch of process_row */
  /* all-different per pair of groups (see match_pair): the pairs (x < y)
   * whose matrix changed, a stack, and per pair a perfect matching found
   * before, a hint that outlives the states (item of y per item of x) */
  uint32_t *pairs_changed;
  uint8_t *pair_changed; /* per x * G + y */
  guint n_pairs_changed;
  uint8_t *mate; /* (x * G + y) * n + a */
  /* from LARGE_MIN_ITEMS items, per level of the search, the probes that
   * failed in its children, to try on its own state (see lift) */
  uint32_t *lift_row; /* LIFT_MAX per level: the line */
  Row *lift_bit;      /* and the item probed */
  uint8_t *lift_len;

  /* solutions */
  uint8_t *rows;   /* G * n: the item of group g on row r */
  uint8_t *row_of; /* G * n: the row of item x of group g */
  const uint8_t **perm;
  LgSolution solution;
  LgSolutionFunc func;
  gpointer user_data;
  gboolean stopped;
  FILE *trace;

  /* counters */
  guint64 nodes, alternatives, backtracks, solutions;
  guint64 probes_skipped;
  guint64 lazy_steps; /* of the lazy groups' searches, for the stats */
  /* the share of the search finished, for the progress line: the
   * children of a node share equally what the node stands for (the whole
   * search for the root), and a child counts once the search goes on to
   * the next (or the child is removed by lift) */
  double done;
};

/* The all-different of match_pair, the probing of the changed pairs only
 * (probe), the probes lifted to the parents (lift), the weights of the
 * lines (choose_line), the order of propagate and its stack of singles
 * (push_row), the leaves tested one literal at a time (process_group), the
 * literals a leaf's persons imply (add_persons) and the facts taken out of
 * the leaves (strip_facts) run from this many items: under it, the puzzles are solved in milliseconds anyway, and the
 * tests' expected outputs fix the order in which the fast engine finds the
 * solutions of small puzzles (classic --drop 1), which each of them
 * changes (other lines chosen, other weights). */
#define LARGE_MIN_ITEMS 8

/* The probes failed in its children that a level keeps for lift. */
#define LIFT_MAX 32
/* From LARGE_MIN_ITEMS items, once a search has explored that many nodes
 * (probes included), a line whose probes all held at its last three
 * probings or more is not probed again before 2, 4, 8 ... and at most
 * 1 << PROBE_BACKOFF_MAX probings later (calls of probe, at any depth);
 * one of its probes that fails starts it afresh (see probe). */
#define PROBE_BACKOFF_NODES 4000
#define PROBE_BACKOFF_MAX 5

/* ---- The transformation: leaves -------------------------------------------- */

/* A literal before the engine's layout: gi << 40 | gj << 24 | a << 16 |
 * b << 8 | yes.  Sorted codes group by pair, then line. */
#define CODE(gi, gj, a, b, yes)                                                \
  (((guint64) (gi) << 40) | ((guint64) (gj) << 24) | ((guint64) (a) << 16) |   \
   ((guint64) (b) << 8) | (guint64) (yes))
#define CODE_PAIR(c) ((c) >> 24)
#define CODE_GI(c) ((guint) ((c) >> 40))
#define CODE_GJ(c) ((guint) (((c) >> 24) & 0xffff))
#define CODE_A(c) ((guint) (((c) >> 16) & 0xff))
#define CODE_B(c) ((guint) (((c) >> 8) & 0xff))
#define CODE_YES(c) ((guint) ((c) &1))

/* A 64-bit hash finished so that its low bits, which pick the slot of an
 * index set, depend on all of its bits. */
static inline guint64
mix64 (guint64 h)
{
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdu;
  h ^= h >> 33;
  return h;
}

/* The builder finds the leaves of a group and the keys of its lines and
 * cells again in index sets (index_set.h) over its own arrays, without an
 * allocation for each (it was a tenth of an 8x8 puzzle's whole run).  A
 * set starts at FIRST_SLOTS, and shrinks back to them when one large
 * group made it far larger than the next needs, so that clearing it after
 * every group stays cheap. */
#define FIRST_SLOTS 64

static void
seen_clear (LgIndexSet *s)
{
  if (s->size > FIRST_SLOTS && s->size > 8 * s->len)
    {
      lg_index_set_free (s);
      lg_index_set_init (s, FIRST_SLOTS);
      return;
    }
  lg_index_set_clear (s);
}

/* Adds index to s at slot, the empty one found for hash h, or under h
 * once s has grown, if it must to take it. */
static void
seen_add (LgIndexSet *s, uint32_t *slot, guint64 h, uint32_t index,
          LgIndexHashFunc hash, const void *ctx)
{
  size_t size = lg_index_set_size_for_one_more (s, FIRST_SLOTS);
  if (size == s->size)
    {
      lg_index_set_add (s, slot, index);
      return;
    }
  lg_index_set_resize (s, size, hash, ctx);
  lg_index_set_put (s, h, index);
}

/* Bytes per leaf beyond its literals: its offset, its place in the sparse
 * set, and its slots in the set of its group's leaves: at most four a
 * leaf, for the set is at most half full, and at least a quarter just
 * after it grew (the one set serves every group in turn, never larger
 * than the largest group so far needed, whose leaves counted it) */
#define LEAF_OVERHEAD (2 * sizeof (uint32_t) + 4 * sizeof (uint32_t))
/* Bytes per literal: its code while the leaves are built, its Lit, and
 * what lay_out holds for it while it builds the three indexes (see
 * build_index): the array of pairs they are made from in turn (two pairs
 * per literal at most, the lines'), the groups each index keeps (four at
 * most: a no literal is in the cells' index too from LARGE_MIN_ITEMS
 * items), and the scratch of the largest one (the lines': two pairs
 * sorted by group, when they do not come so) */
#define LAYOUT_BYTES                                                           \
  (2 * sizeof (guint64) + 4 * sizeof (uint32_t) + 2 * sizeof (uint32_t))
#define LIT_BYTES (sizeof (Lit) + sizeof (guint64) + LAYOUT_BYTES)

typedef struct
{
  LgFastEngine *e;
  const LgProblem *problem;
  const LgConstraintSet *set;
  const LgConstraintGroup *cg; /* the one being expanded */
  GArray *codes;               /* guint64, every kept leaf's literals */
  GArray *facts;               /* guint64, no literals of every leaf of a
                                  group, taken out (see strip_facts) */
  GArray *starts;              /* guint32 offsets into codes */
  GArray *groups;              /* LeafGroup */
  GArray *lazy;                /* Lazy */
  GArray *scratch;             /* guint64, the current leaf */
  LgIndexSet seen;             /* leaves of the current group */
  guint *assignment;           /* the variables' items (constraint.h) */
  LgRuleProgram **ready;       /* pruning: rules decided at variable k, */
  uint32_t *ready_first;       /* from ready_first[k] to ready_first[k + 1] */
  const LgRule **partial;      /* and rules that may fail before, at */
  uint32_t *partial_first;     /* variable k (partial_rules), or NULL */
  LgExpansion *expansion;      /* the group's couple logic, or NULL */
  GPtrArray *couple_logic;     /* its rules (LgRule*) */
  gboolean exact;              /* enumerate as the faithful default */
  gboolean holds;              /* logical-only group: some assignment */
  guint64 bytes, budget;
  guint64 leaves_tried, leaves_kept, leaves_saved;
  GError *error;
} Builder;

/* An assignment of the problem's variables, none with an item yet. */
static guint *
unset_assignment (const LgProblem *problem)
{
  guint n_vars = MAX (lg_problem_n_vars (problem), 1);
  guint *assignment = g_new (guint, n_vars);
  for (guint v = 0; v < n_vars; v++)
    assignment[v] = LG_UNSET;
  return assignment;
}

/* Can the rule never overflow, whatever its variables' items? */
static gboolean
rule_is_safe (const LgRule *r)
{
  gint64 lo, hi;
  switch (r->kind)
    {
    case LG_RULE_AND:
    case LG_RULE_OR:
    case LG_RULE_IF:
      return rule_is_safe (r->a) && rule_is_safe (r->b);
    case LG_RULE_NOT:
      return rule_is_safe (r->a);
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      for (guint i = 0; i < r->n_list; i++)
        if (!rule_is_safe (r->list[i]))
          return FALSE;
      return TRUE;
    case LG_RULE_YES:
    case LG_RULE_NO:
    case LG_RULE_SAME:
    case LG_RULE_DIFFERENT:
      return TRUE;
    default:
      return lg_expr_bounds (r->left, G_MAXINT64, &lo, &hi) &&
             lg_expr_bounds (r->right, G_MAXINT64, &lo, &hi);
    }
}

static void
set_overflow (Builder *b, const LgRule *rule)
{
  if (!b->error)
    lg_rule_set_overflow_error (&b->error, rule);
}

/* The position of variable var in cg, or -1 for an item. */
static int32_t
var_position (const LgConstraintGroup *cg, const LgItem *item)
{
  guint pos = 0;
  if (!item->is_var || !g_ptr_array_find (cg->vars, item, &pos))
    return -1;
  return (int32_t) pos;
}

/* The variables of cg that a yes couple pins, marked in pinned (a flag
 * per position): a variable is pinned when a yes couple ties it to an item
 * or to a pinned variable, so that once the lines are settled it has one
 * item left. */
static void
mark_pinned (const LgConstraintGroup *cg, gboolean *pinned)
{
  guint k = cg->vars->len;
  memset (pinned, 0, k * sizeof *pinned);
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < cg->couple->len; i++)
        {
          const LgRule *r = cg->couple->pdata[i];
          int32_t xp = var_position (cg, r->x), yp = var_position (cg, r->y);
          gboolean x = xp < 0 || pinned[xp], y = yp < 0 || pinned[yp];
          if (r->kind != LG_RULE_YES || x == y)
            continue;
          pinned[x ? yp : xp] = TRUE;
          changed = TRUE;
        }
    }
}

/* The order in which the search of a lazy group gives its variables items
 * (a copy of cg->vars, reordered): the pinned ones first (once the lines
 * are settled they have one item left), then at each step the variable
 * that completes the most rules (the last of their variables not placed
 * yet), then the one that the most rules tie to those already placed,
 * then the one in the most rules, then the first created.  So a rule is
 * checked as soon as can be, and fails before the search has gone through
 * the variables it does not read: with the creation order, a count over
 * four free variables placed before three that two relations tie went
 * through 12^4 assignments of the four at each failure of the relations;
 * and without the rules completed first, "v140 * 2 - v143 * 2 >= 35" was
 * read only after six other variables of sixteen items.  (Maximum
 * cardinality search, completions first.) */
static GPtrArray *
lazy_order (const LgConstraintGroup *cg)
{
  guint k = cg->vars->len, n_rules = cg->logic->len + cg->couple->len;
  g_autofree gboolean *pinned = g_new (gboolean, MAX (k, 1));
  mark_pinned (cg, pinned);
  /* the positions of each rule's variables */
  g_autoptr (GArray) pos = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *first = g_new (guint, n_rules + 1);
  g_autofree guint *in_rules = g_new0 (guint, MAX (k, 1));
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  for (guint i = 0; i < n_rules; i++)
    {
      const LgRule *r = i < cg->logic->len
                            ? cg->logic->pdata[i]
                            : cg->couple->pdata[i - cg->logic->len];
      first[i] = pos->len;
      g_ptr_array_set_size (vars, 0);
      lg_rule_collect_vars (r, vars);
      for (guint v = 0; v < vars->len; v++)
        {
          int32_t p = var_position (cg, vars->pdata[v]);
          if (p < 0)
            continue;
          guint up = (guint) p;
          g_array_append_val (pos, up);
          in_rules[up]++;
        }
    }
  first[n_rules] = pos->len;
  const guint *at = (const guint *) (void *) pos->data;
  g_autofree gboolean *placed = g_new0 (gboolean, MAX (k, 1));
  g_autofree guint *ties = g_new0 (guint, MAX (k, 1));
  g_autofree guint *completes = g_new (guint, MAX (k, 1));
  GPtrArray *order = g_ptr_array_sized_new (k);
  for (guint step = 0; step < k; step++)
    {
      /* the rules with one variable left, for that variable */
      memset (completes, 0, k * sizeof *completes);
      for (guint i = 0; i < n_rules; i++)
        {
          guint left = 0, last = 0;
          for (guint j = first[i]; j < first[i + 1]; j++)
            if (!placed[at[j]])
              left++, last = at[j];
          completes[last] += left == 1;
        }
      guint best = k;
      for (guint v = 0; v < k; v++)
        {
          if (placed[v])
            continue;
          if (best == k || pinned[v] != pinned[best])
            {
              if (best == k || pinned[v])
                best = v;
              continue;
            }
          if (completes[v] != completes[best])
            {
              if (completes[v] > completes[best])
                best = v;
              continue;
            }
          if (ties[v] > ties[best] ||
              (ties[v] == ties[best] && in_rules[v] > in_rules[best]))
            best = v;
        }
      placed[best] = TRUE;
      g_ptr_array_add (order, cg->vars->pdata[best]);
      /* the rules of best now tie each of their other variables once more */
      for (guint i = 0; i < n_rules; i++)
        {
          gboolean has = FALSE;
          for (guint j = first[i]; j < first[i + 1] && !has; j++)
            has = at[j] == best;
          for (guint j = first[i]; j < first[i + 1] && has; j++)
            if (!placed[at[j]])
              ties[at[j]]++;
        }
    }
  return order;
}

/* From this many assignments on, a constraint group with couples is lazy:
 * searched at each propagation instead of enumerated (see Lazy).  With
 * couples inside its logic too (measured on 120 random files of the
 * cross-check against clingo, doc/performance.md): before the search's
 * order and budget (lazy_order, process_lazy), such a group was lazy only
 * when its unpinned variables had at most 256 assignments, else
 * enumerated (a group of seven variables of twelve items: 49 s, then the
 * search); now searched, the five of those files that did not end in 20 s
 * end within 2 s, eleven are faster, four slower by about a second. */
#define LAZY_MIN_ASSIGNMENTS (G_GUINT64_CONSTANT (1) << 16)

/* Is cg lazy?  Not when some rule may overflow: then it is enumerated in
 * the faithful order, so that the overflow is reported on the same
 * rule. */
static gboolean
is_lazy (const LgConstraintGroup *cg, guint n)
{
  if (!lg_constraint_group_has_couples (cg) || cg->vars->len == 0 ||
      lg_assignments (n, cg->vars->len) < LAZY_MIN_ASSIGNMENTS)
    return FALSE;
  for (guint i = 0; i < cg->logic->len; i++)
    if (!rule_is_safe (cg->logic->pdata[i]))
      return FALSE;
  return TRUE;
}

/* Upper bound of the bytes every group's leaves can take. */
static guint64
estimate_leaves (const LgConstraintSet *set, guint n)
{
  double total = 0;
  for (guint i = 0; i <= set->groups->len; i++)
    {
      const LgConstraintGroup *cg =
          i < set->groups->len ? set->groups->pdata[i] : set->unbound;
      if (lg_constraint_group_has_couples (cg) && !is_lazy (cg, n))
        total += (double) lg_assignments (n, cg->vars->len) *
                 ((double) (cg->couple->len + cg->n_couple_logic) * LIT_BYTES +
                  LEAF_OVERHEAD);
    }
  return total > (double) (G_MAXUINT64 / 2) ? G_MAXUINT64 / 2 : (guint64) total;
}

static gboolean
can_grow (Builder *b, guint64 bytes)
{
  if (b->error)
    return FALSE;
  b->bytes += bytes;
  if (b->bytes <= b->budget)
    return TRUE;
  lg_budget_set_error (&b->error, "the fast engine's leaves need", b->budget,
                       estimate_leaves (b->set, b->e->n), b->cg, b->e->n);
  return FALSE;
}

/* The hash of a leaf's sorted literals. */
static guint64
codes_hash (const guint64 *codes, guint len)
{
  guint64 h = len * 0x9e3779b97f4a7c15u;
  for (guint i = 0; i < len; i++)
    h = (h ^ codes[i]) * 0x100000001b3u;
  return mix64 (h);
}

/* The hash of leaf `index` (its set's hash). */
static guint64
leaf_hash (const void *ctx, uint32_t index)
{
  const Builder *b = ctx;
  const guint32 *starts = (const guint32 *) (void *) b->starts->data;
  return codes_hash (&g_array_index (b->codes, guint64, starts[index]),
                     starts[index + 1] - starts[index]);
}

/* Is leaf `index` the builder's scratch leaf (its set's same)? */
static gboolean
same_leaf (const void *ctx, uint32_t index)
{
  const Builder *b = ctx;
  const guint32 *starts = (const guint32 *) (void *) b->starts->data;
  guint len = starts[index + 1] - starts[index];
  if (len != b->scratch->len)
    return FALSE;
  return len == 0 || memcmp (&g_array_index (b->codes, guint64, starts[index]),
                             b->scratch->data, len * sizeof (guint64)) == 0;
}

static gint
compare_codes (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/* The most items a leaf's yes literals name, and the most literals it
 * gains, for add_persons: beyond them the leaf keeps fewer literals than it
 * could (those left out are implied all the same). */
#define PERSONS_MAX 32
#define PERSONS_ADDED 32

/* add_persons for a leaf of two yes literals (most leaves): the same
 * literals, found without the general bookkeeping. */
static gboolean
add_persons_of_two (Builder *b, guint *len)
{
  const guint64 *c = (const guint64 *) (const void *) b->scratch->data;
  guint64 p = 0, q = 0;
  for (guint i = 0; i < *len; i++)
    if (CODE_YES (c[i]))
      {
        if (p)
          q = c[i];
        else
          p = c[i];
      }
  if (p == q)
    return TRUE;
  guint pg[2] = { CODE_GI (p), CODE_GJ (p) },
        px[2] = { CODE_A (p), CODE_B (p) };
  guint qg[2] = { CODE_GI (q), CODE_GJ (q) },
        qx[2] = { CODE_A (q), CODE_B (q) };
  guint64 added[4];
  guint n_added = 0;
  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      if (pg[i] == qg[j] && px[i] == qx[j])
        {
          /* one person of three items: the other two are together */
          guint g = pg[1 - i], x = px[1 - i], h = qg[1 - j], y = qx[1 - j];
          if (g == h)
            return FALSE; /* x != y, or p would be q */
          added[n_added++] =
              g < h ? CODE (g, h, x, y, 1) : CODE (h, g, y, x, 1);
          goto add;
        }
  /* two persons: apart when they hold two items of one group */
  gboolean apart = FALSE;
  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      apart |= pg[i] == qg[j];
  if (!apart)
    return TRUE;
  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      {
        guint g = pg[i], h = qg[j];
        if (g == qg[0] || g == qg[1] || h == pg[0] || h == pg[1])
          continue; /* implied by a yes of the leaf */
        added[n_added++] =
            g < h ? CODE (g, h, px[i], qx[j], 0) : CODE (h, g, qx[j], px[i], 0);
      }
add:
  if (n_added)
    {
      g_array_append_vals (b->scratch, added, n_added);
      *len += n_added;
    }
  return TRUE;
}

/* From LARGE_MIN_ITEMS items (make_leaf), the literals that a leaf's yes
 * literals imply, added to it (its literals c[0 .. *len) in b->scratch).
 * A yes literal puts its two items on one row, a person: the items tied by
 * yes literals form the leaf's persons.  Two items of one person are
 * together (a yes literal); two persons holding two items of one group
 * are two rows, so an item of the one is not with an item of the other (a
 * no literal): "the Egyptian finished ahead of the farmer" (places a < b)
 * makes every leaf say that the Egyptian is not the farmer.  Those
 * literals hold wherever the leaf holds, so the solutions are the same;
 * but the propagation sees them: a no that every leaf of its group has is
 * a fact, removed at the root (strip_facts), and one that only some
 * leaves have makes them fall as soon as its two items are known to be
 * one person.  Left out: the yes literals already there (a person of two
 * items), and a no between items x and y when the person of y holds an
 * item of x's group or the other way round (the yes to that item implies
 * it).  FALSE when a person would hold two items of one group: the leaf
 * cannot hold. */
static gboolean
add_persons (Builder *b, guint *len)
{
  const guint64 *c = (const guint64 *) (const void *) b->scratch->data;
  guint n_yes = 0;
  for (guint i = 0; i < *len; i++)
    n_yes += CODE_YES (c[i]);
  if (n_yes < 2)
    return TRUE; /* nothing to add */
  if (n_yes == 2)
    return add_persons_of_two (b, len);
  guint ng[PERSONS_MAX], nx[PERSONS_MAX], up[PERSONS_MAX], n_items = 0;
  for (guint i = 0; i < *len; i++)
    {
      if (!CODE_YES (c[i]))
        continue;
      guint g[2] = { CODE_GI (c[i]), CODE_GJ (c[i]) };
      guint x[2] = { CODE_A (c[i]), CODE_B (c[i]) };
      guint id[2];
      for (guint k = 0; k < 2; k++)
        {
          guint f = 0;
          while (f < n_items && !(ng[f] == g[k] && nx[f] == x[k]))
            f++;
          if (f == n_items)
            {
              if (n_items == PERSONS_MAX)
                return TRUE;
              ng[f] = g[k];
              nx[f] = x[k];
              up[f] = f;
              n_items++;
            }
          while (up[f] != f)
            f = up[f];
          id[k] = f;
        }
      up[id[0]] = id[1];
    }
  if (n_items < 4)
    return TRUE; /* one yes literal, twice: nothing to add */
  /* per item, its person (the root) and the bit of its group among the
   * leaf's (at most PERSONS_MAX); per person, its items and groups */
  guint person[PERSONS_MAX], size[PERSONS_MAX], seen[PERSONS_MAX];
  guint32 gbit[PERSONS_MAX], groups[PERSONS_MAX];
  guint n_seen = 0;
  for (guint i = 0; i < n_items; i++)
    size[i] = groups[i] = 0;
  for (guint i = 0; i < n_items; i++)
    {
      guint r = i, k = 0;
      while (up[r] != r)
        r = up[r];
      person[i] = r;
      size[r]++;
      while (k < n_seen && seen[k] != ng[i])
        k++;
      if (k == n_seen)
        seen[n_seen++] = ng[i];
      gbit[i] = 1u << k;
      groups[r] |= gbit[i];
    }
  guint64 added[PERSONS_ADDED];
  guint n_added = 0;
  for (guint i = 0; i < n_items; i++)
    for (guint j = 0; j < n_items; j++)
      {
        if (ng[i] >= ng[j])
          {
            if (ng[i] == ng[j] && nx[i] != nx[j] && person[i] == person[j])
              return FALSE;
            continue;
          }
        guint p = person[i], q = person[j];
        gboolean yes = p == q;
        if (yes ? size[p] == 2
                : !(groups[p] & groups[q]) || (groups[q] & gbit[i]) ||
                      (groups[p] & gbit[j]))
          continue;
        if (n_added == PERSONS_ADDED)
          break;
        added[n_added++] = CODE (ng[i], ng[j], nx[i], nx[j], yes);
      }
  if (n_added)
    {
      g_array_append_vals (b->scratch, added, n_added);
      *len += n_added;
    }
  return TRUE;
}

/* The leaf of the current assignment: its couples as literals, with the
 * n_extra literals of an alternative of its couple logic, checked and
 * simplified inside each pair, with what its persons imply (add_persons),
 * kept unless already there. */
static void
make_leaf (Builder *b, const LgCellLiteral *extra, guint n_extra)
{
  const LgConstraintGroup *cg = b->cg;
  GArray *s = b->scratch;
  g_array_set_size (s, n_extra + cg->couple->len);
  guint64 *c = (guint64 *) (void *) s->data;
  for (guint i = 0; i < n_extra; i++)
    {
      const LgCellLiteral *l = &extra[i];
      c[i] = CODE (l->g1, l->g2, l->i1, l->i2, l->yes);
    }
  for (guint i = 0; i < cg->couple->len; i++)
    {
      const LgRule *r = cg->couple->pdata[i];
      guint gx = r->x->group->index, gy = r->y->group->index;
      guint ix = lg_item_current_index (r->x, b->assignment),
            iy = lg_item_current_index (r->y, b->assignment);
      c[n_extra + i] = gx < gy ? CODE (gx, gy, ix, iy, r->kind == LG_RULE_YES)
                               : CODE (gy, gx, iy, ix, r->kind == LG_RULE_YES);
    }
  /* sorted (a few literals: by insertion), then each once */
  for (guint i = 1; i < s->len; i++)
    {
      guint64 v = c[i];
      guint j = i;
      for (; j > 0 && c[j - 1] > v; j--)
        c[j] = c[j - 1];
      c[j] = v;
    }
  guint len = 0;
  for (guint i = 0; i < s->len; i++)
    if (len == 0 || c[len - 1] != c[i])
      c[len++] = c[i];
  /* inside a pair: two yes on one line contradict; a no contradicts the
   * same yes and is implied by a yes on its row or column */
  guint kept = 0;
  for (guint i = 0; i < len; i++)
    {
      gboolean implied = FALSE;
      for (guint j = 0; j < len; j++)
        {
          if (j == i || CODE_PAIR (c[j]) != CODE_PAIR (c[i]) ||
              !CODE_YES (c[j]))
            continue;
          gboolean same_a = CODE_A (c[j]) == CODE_A (c[i]);
          gboolean same_b = CODE_B (c[j]) == CODE_B (c[i]);
          if (CODE_YES (c[i]) && (same_a != same_b))
            return; /* yes (a, b) and yes (a, b') or (a', b) */
          if (!CODE_YES (c[i]) && same_a && same_b)
            return; /* yes (a, b) and no (a, b) */
          if (!CODE_YES (c[i]) && (same_a || same_b))
            implied = TRUE;
        }
      if (!implied)
        c[kept++] = c[i];
    }
  g_array_set_size (s, kept);
  if (b->e->n >= LARGE_MIN_ITEMS)
    {
      /* and what its persons imply, each put in its place once */
      guint more = kept;
      if (!add_persons (b, &more))
        return;
      c = (guint64 *) (void *) s->data;
      for (guint i = kept; i < more; i++)
        {
          guint64 v = c[i];
          guint j = kept;
          while (j > 0 && c[j - 1] > v)
            j--;
          if (j > 0 && c[j - 1] == v)
            continue;
          memmove (c + j + 1, c + j, (kept - j) * sizeof *c);
          c[j] = v;
          kept++;
        }
      g_array_set_size (s, kept);
    }
  guint64 h = codes_hash (c, kept);
  uint32_t *slot = lg_index_set_find (&b->seen, h, same_leaf, b);
  if (*slot || !can_grow (b, kept * LIT_BYTES + LEAF_OVERHEAD))
    return;
  seen_add (&b->seen, slot, h, b->starts->len - 1, leaf_hash, b);
  g_array_append_vals (b->codes, s->data, kept);
  guint32 end = b->codes->len;
  g_array_append_val (b->starts, end);
  b->leaves_kept++;
}

/* ---- The transformation: logic over couples ------------------------------
 *
 * A logical rule with couples inside (yes Carla, cat or yes Dan, cat) is
 * expanded at each assignment into alternatives of cell literals
 * (LgExpansion, constraint.h), each a leaf of the group with the group's
 * couples: the propagation then treats them as any disjunction of leaves,
 * narrowing the lines that all the compatible ones constrain. */

/* An alternative of the couple logic as a leaf (LgExpansionFunc). */
static gboolean
alternative_leaf (const LgCellLiteral *lits, guint n_lits, gpointer data)
{
  Builder *b = data;
  make_leaf (b, lits, n_lits);
  return !b->error;
}

/* The leaves of the current assignment when its group has couple logic:
 * one per alternative (constraint.h, LgExpansion). */
static void
make_alternative_leaves (Builder *b)
{
  const LgRule *overflow = NULL;
  if (!lg_expansion_run (b->expansion, alternative_leaf, b, &overflow))
    set_overflow (b, overflow);
}

/* Evaluates every logical rule in order, as the faithful default (the
 * couple logic is expanded in the leaves). */
static gboolean
logic_holds (Builder *b)
{
  const LgConstraintGroup *cg = b->cg;
  for (guint i = 0; i < cg->logic->len; i++)
    {
      const LgRule *rule = cg->logic->pdata[i];
      if (lg_rule_is_couple_logic (rule))
        continue; /* expanded in the leaves */
      LgEval v = lg_rule_eval (rule, b->assignment);
      if (v == LG_EVAL_OVERFLOW)
        {
          set_overflow (b, rule);
          return FALSE;
        }
      if (v == LG_EVAL_FALSE)
        return FALSE;
    }
  return TRUE;
}

/* Enumerates the assignments of variables ivar.. of the current group; for
 * a group of logical rules only, stops at the first that holds. */
static void
enumerate (Builder *b, guint ivar)
{
  const LgConstraintGroup *cg = b->cg;
  if (ivar == cg->vars->len)
    {
      b->leaves_tried++;
      lg_progress_tick (b->e->progress, b->leaves_tried + b->leaves_saved);
      if (b->exact && !logic_holds (b))
        return;
      if (!lg_constraint_group_has_couples (cg))
        b->holds = TRUE;
      else if (b->expansion)
        make_alternative_leaves (b);
      else
        make_leaf (b, NULL, 0);
      return;
    }
  LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < b->e->n && !b->error && !b->holds; k++)
    {
      if (lg_deadline_passed (b->e->deadline))
        {
          g_set_error (&b->error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_TIME_LIMIT,
                       "the time limit passed while the fast engine's leaves "
                       "were made");
          break;
        }
      b->assignment[var->var_id] = k;
      gboolean ok = TRUE;
      if (!b->exact)
        {
          for (uint32_t i = b->ready_first[ivar];
               i < b->ready_first[ivar + 1] && ok; i++)
            ok = lg_rule_program_eval (b->ready[i]) == LG_EVAL_TRUE;
          if (b->partial)
            for (uint32_t i = b->partial_first[ivar];
                 i < b->partial_first[ivar + 1] && ok; i++)
              ok = lg_rule_eval3 (b->partial[i], b->assignment, NULL, NULL) !=
                   LG_EVAL_FALSE;
        }
      if (ok)
        enumerate (b, ivar + 1);
      else
        b->leaves_saved += lg_assignments (b->e->n, cg->vars->len - ivar - 1);
    }
  b->assignment[var->var_id] = LG_UNSET;
}

/* From (position << 32 | value) pairs, sorted, to first (n + 1 offsets)
 * and the values in position order. */
static void
by_position (GArray *pairs, guint n, uint32_t **first, uint32_t **values)
{
  g_array_sort (pairs, compare_codes);
  *first = g_new0 (uint32_t, n + 1);
  *values = g_new (uint32_t, MAX (pairs->len, 1));
  for (guint i = 0; i < pairs->len; i++)
    {
      guint64 w = g_array_index (pairs, guint64, i);
      (*first)[(w >> 32) + 1]++;
      (*values)[i] = (uint32_t) w;
    }
  for (guint k = 0; k < n; k++)
    (*first)[k + 1] += (*first)[k];
}

/* The positions, before last, at which a part of rule r may be decided
 * by the variables given so far, marked in at (a flag per position of
 * cg): a relation over three variables or more at each of its variables
 * (its bounds narrow with each), any other part (a relation over fewer,
 * a couple, a same or a different) at its last variable; the compound
 * rules through their operands. */
static void
mark_partial (const LgConstraintGroup *cg, const LgRule *r, guint last,
              gboolean *at, GPtrArray *vars)
{
  switch (r->kind)
    {
    case LG_RULE_AND:
    case LG_RULE_OR:
    case LG_RULE_IF:
      mark_partial (cg, r->a, last, at, vars);
      mark_partial (cg, r->b, last, at, vars);
      return;
    case LG_RULE_NOT:
      mark_partial (cg, r->a, last, at, vars);
      return;
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      for (guint i = 0; i < r->n_list; i++)
        mark_partial (cg, r->list[i], last, at, vars);
      return;
    default:
      break;
    }
  g_ptr_array_set_size (vars, 0);
  lg_rule_collect_vars (r, vars);
  gboolean each = vars->len >= 3;
  int32_t max = -1;
  for (guint v = 0; v < vars->len; v++)
    {
      int32_t pos = var_position (cg, vars->pdata[v]);
      if (each && pos >= 0 && (guint) pos < last)
        at[pos] = TRUE;
      max = MAX (max, pos);
    }
  if (max >= 0 && (guint) max < last)
    at[max] = TRUE;
}

/* The logical rules of cg (but its couple logic unless with_couple_logic)
 * that a partial assignment may already fail: each at the positions
 * before its last variable where a part of it may be decided
 * (mark_partial), where lg_rule_eval3 evaluates it with the later
 * variables LG_UNSET.  *first: k + 1 offsets into *rules. */
static void
partial_rules (const LgConstraintGroup *cg, gboolean with_couple_logic,
               uint32_t **first, const LgRule ***rules)
{
  guint k = cg->vars->len;
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  g_autofree gboolean *at = g_new (gboolean, k);
  for (guint i = 0; i < cg->logic->len; i++)
    {
      const LgRule *r = cg->logic->pdata[i];
      if (!with_couple_logic && lg_rule_is_couple_logic (r))
        continue;
      memset (at, 0, k * sizeof *at);
      mark_partial (cg, r, lg_constraint_group_last_var (cg, r), at, vars);
      for (guint pos = 0; pos < k; pos++)
        if (at[pos])
          {
            guint64 x = ((guint64) pos << 32) | i;
            g_array_append_val (pairs, x);
          }
    }
  uint32_t *order;
  by_position (pairs, k, first, &order);
  *rules = g_new (const LgRule *, MAX (pairs->len, 1));
  for (guint i = 0; i < pairs->len; i++)
    (*rules)[i] = cg->logic->pdata[order[i]];
  g_free (order);
}

/* From this many assignments on, the enumeration of a constraint group
 * also evaluates its rules on partial assignments (partial_rules), which
 * cuts whole subtrees where a sum over many variables can no longer reach
 * its value; in smaller groups it would cost more than it saves. */
#define PARTIAL_MIN_ASSIGNMENTS (G_GUINT64_CONSTANT (1) << 16)

/* The logical rules of cg but its couple logic, compiled, by the position
 * of their last variable: b->ready and b->ready_first; and those that a
 * partial assignment may fail, at each earlier position: b->partial and
 * b->partial_first. */
static void
ready_programs (Builder *b, const LgConstraintGroup *cg)
{
  guint k = cg->vars->len, n_rules = cg->logic->len;
  g_autofree guint *last = g_new (guint, MAX (n_rules, 1));
  b->ready_first = g_new0 (uint32_t, k + 1);
  for (guint i = 0; i < n_rules; i++)
    {
      const LgRule *rule = cg->logic->pdata[i];
      last[i] = lg_rule_is_couple_logic (rule)
                    ? k
                    : lg_constraint_group_last_var (cg, rule);
      if (last[i] < k)
        b->ready_first[last[i] + 1]++;
    }
  for (guint pos = 0; pos < k; pos++)
    b->ready_first[pos + 1] += b->ready_first[pos];
  /* in the order of the rules within each position */
  g_autofree uint32_t *next =
      g_memdup2 (b->ready_first, (k + 1) * sizeof *next);
  b->ready = g_new (LgRuleProgram *, MAX (b->ready_first[k], 1));
  for (guint i = 0; i < n_rules; i++)
    if (last[i] < k)
      b->ready[next[last[i]]++] =
          lg_rule_program_new (cg->logic->pdata[i], b->assignment);
  /* in a large group, the rules that a partial assignment may fail */
  if (lg_assignments (b->e->n, k) >= PARTIAL_MIN_ASSIGNMENTS)
    partial_rules (cg, FALSE, &b->partial_first, &b->partial);
}

static void
free_ready_programs (Builder *b)
{
  for (uint32_t i = 0; b->ready_first && i < b->ready_first[b->cg->vars->len];
       i++)
    lg_rule_program_free (b->ready[i]);
  g_clear_pointer (&b->ready, g_free);
  g_clear_pointer (&b->ready_first, g_free);
  g_clear_pointer (&b->partial, g_free);
  g_clear_pointer (&b->partial_first, g_free);
}

/* The logical rules of cg with couples inside, in order, into
 * b->couple_logic, which it returns. */
static GPtrArray *
group_couple_logic (Builder *b, const LgConstraintGroup *cg)
{
  g_ptr_array_set_size (b->couple_logic, 0);
  lg_rules_split_couple_logic (cg->logic, b->couple_logic, NULL);
  return b->couple_logic;
}

/* Every line of the pair of groups of couple r, both ways, into rows (as
 * line + 1). */
static void
add_pair_rows (GHashTable *rows, const LgRule *r, guint G, guint n)
{
  guint gx = r->x->group->index, gy = r->y->group->index;
  for (guint a = 0; a < n; a++)
    {
      g_hash_table_add (rows, GUINT_TO_POINTER ((gx * G + gy) * n + a + 1));
      g_hash_table_add (rows, GUINT_TO_POINTER ((gy * G + gx) * n + a + 1));
    }
}

/* Position p as a set of positions (LAZY_ALL from LAZY_POSITIONS on), and
 * the positions before it. */
static inline uint64_t
lazy_bit (int32_t p)
{
  return p < 0 ? 0 : p < LAZY_POSITIONS ? (uint64_t) 1 << p : LAZY_ALL;
}

static inline uint64_t
lazy_below (guint p)
{
  return p < LAZY_POSITIONS ? ((uint64_t) 1 << p) - 1 : ~LAZY_M;
}

/* What rule r of cg depends on for lazy_search: the positions of its
 * variables, and the lines when it has couples inside. */
static uint64_t
rule_positions (const LgConstraintGroup *cg, const LgRule *r)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  lg_rule_collect_vars (r, vars);
  uint64_t mask = lg_rule_is_couple_logic (r) ? LAZY_M : 0;
  for (guint i = 0; i < vars->len; i++)
    mask |= lazy_bit (var_position (cg, vars->pdata[i]));
  return mask;
}

static void
build_lazy (Builder *b, const LgConstraintGroup *group)
{
  /* the group with its variables in the search's order: positions are
   * places in that order from here on */
  g_autoptr (GPtrArray) vars = lazy_order (group);
  LgConstraintGroup view = *group;
  view.vars = vars;
  const LgConstraintGroup *cg = &view;
  guint G = b->e->G, n = b->e->n, k = cg->vars->len;
  Lazy lz = { 0 };
  lz.n_vars = k;
  lz.vars = g_new (LgItem *, k);
  memcpy (lz.vars, cg->vars->pdata, k * sizeof (LgItem *));
  /* couples, by their last variable */
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GHashTable) rows = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < cg->couple->len; i++)
    {
      const LgRule *r = cg->couple->pdata[i];
      int32_t xp = var_position (cg, r->x), yp = var_position (cg, r->y);
      guint64 w = ((guint64) (guint) MAX (MAX (xp, yp), 0) << 32) | i;
      g_array_append_val (pairs, w);
      add_pair_rows (rows, r, G, n);
    }
  /* the couples inside logical rules, for their lines */
  GPtrArray *couple_logic = group_couple_logic (b, cg);
  g_autoptr (GPtrArray) inside = g_ptr_array_new ();
  for (guint i = 0; i < couple_logic->len; i++)
    lg_rule_collect_couples (couple_logic->pdata[i], inside);
  for (guint i = 0; i < inside->len; i++)
    add_pair_rows (rows, inside->pdata[i], G, n);
  lz.n_couple_logic = couple_logic->len;
  lz.couple_logic = g_memdup2 (couple_logic->pdata,
                               MAX (couple_logic->len, 1) * sizeof (LgRule *));
  lz.n_cells = lg_rules_n_cells (lz.couple_logic, lz.n_couple_logic);
  uint32_t *order;
  by_position (pairs, k, &lz.couple_first, &order);
  lz.couples = g_new (LazyCouple, MAX (cg->couple->len, 1));
  for (guint i = 0; i < cg->couple->len; i++)
    {
      const LgRule *r = cg->couple->pdata[order[i]];
      LazyCouple *c = &lz.couples[i];
      c->xpos = var_position (cg, r->x);
      c->ypos = var_position (cg, r->y);
      c->gx = (uint16_t) r->x->group->index;
      c->gy = (uint16_t) r->y->group->index;
      c->ix = (uint8_t) (c->xpos < 0 ? r->x->index : 0);
      c->iy = (uint8_t) (c->ypos < 0 ? r->y->index : 0);
      c->yes = r->kind == LG_RULE_YES;
    }
  g_free (order);
  /* logical rules: ready at their last variable, and tried on a partial
   * assignment before it (partial_rules) */
  g_autoptr (GArray) ready = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint i = 0; i < cg->logic->len; i++)
    {
      guint64 w =
          ((guint64) lg_constraint_group_last_var (cg, cg->logic->pdata[i])
           << 32) |
          i;
      g_array_append_val (ready, w);
    }
  by_position (ready, k, &lz.ready_first, &order);
  lz.ready = g_new (const LgRule *, MAX (cg->logic->len, 1));
  for (guint i = 0; i < cg->logic->len; i++)
    lz.ready[i] = cg->logic->pdata[order[i]];
  g_free (order);
  partial_rules (cg, TRUE, &lz.partial_first, &lz.partial);
  guint n_partial = lz.partial_first[k];
  lz.ready_pos = g_new (uint64_t, MAX (cg->logic->len, 1));
  lz.partial_pos = g_new (uint64_t, MAX (n_partial, 1));
  for (guint i = 0; i < cg->logic->len; i++)
    lz.ready_pos[i] = rule_positions (cg, lz.ready[i]);
  for (guint i = 0; i < n_partial; i++)
    lz.partial_pos[i] = rule_positions (cg, lz.partial[i]);
  lz.dead = g_new0 (Row, MAX (k, 1));
  lz.n_rows = g_hash_table_size (rows);
  lz.rows = g_new (uint32_t, MAX (lz.n_rows, 1));
  GHashTableIter it;
  gpointer key;
  guint j = 0;
  g_hash_table_iter_init (&it, rows);
  while (g_hash_table_iter_next (&it, &key, NULL))
    lz.rows[j++] = GPOINTER_TO_UINT (key) - 1;
  g_array_append_val (b->lazy, lz);
  LeafGroup g = { 0 };
  g.leaf_first = b->starts->len - 1;
  g.lazy = (int32_t) b->lazy->len - 1;
  g_array_append_val (b->groups, g);
}

/* From LARGE_MIN_ITEMS items, the no literals that every leaf of the group
 * just built has, from leaf first on, are taken out of its leaves and kept
 * in b->facts: a fact that holds wherever the group holds, removed at the
 * root (lg_engine_fast_explore) rather than tested in every leaf at every
 * propagation.  Most are the ones add_persons wrote: "the Egyptian finished
 * ahead of the farmer" says in every leaf that the Egyptian is not the
 * farmer.  The leaves' codes are sorted. */
static void
strip_facts (Builder *b, guint first)
{
  guint32 *starts = (guint32 *) (void *) b->starts->data;
  guint64 *codes = (guint64 *) (void *) b->codes->data;
  guint last = b->starts->len - 1;
  if (first == last)
    return;
  guint64 common[PERSONS_ADDED];
  guint n_common = 0;
  for (guint32 i = starts[first];
       i < starts[first + 1] && n_common < PERSONS_ADDED; i++)
    if (!CODE_YES (codes[i]))
      common[n_common++] = codes[i];
  for (guint leaf = first + 1; leaf < last && n_common; leaf++)
    {
      guint kept = 0;
      for (guint k = 0; k < n_common; k++)
        {
          gboolean found = FALSE;
          for (guint32 i = starts[leaf]; i < starts[leaf + 1] && !found; i++)
            found = codes[i] == common[k];
          if (found)
            common[kept++] = common[k];
        }
      n_common = kept;
    }
  if (!n_common)
    return;
  g_array_append_vals (b->facts, common, n_common);
  guint32 out = starts[first];
  for (guint leaf = first; leaf < last; leaf++)
    {
      guint32 begin = starts[leaf], end = starts[leaf + 1];
      starts[leaf] = out;
      for (guint32 i = begin; i < end; i++)
        {
          guint k = 0;
          while (k < n_common && codes[i] != common[k])
            k++;
          if (k == n_common)
            codes[out++] = codes[i];
        }
    }
  starts[last] = out;
  g_array_set_size (b->codes, out);
}

static void
build_group (Builder *b, const LgConstraintGroup *cg)
{
  if (cg->logic->len == 0 && cg->couple->len == 0)
    return;
  if (is_lazy (cg, b->e->n))
    {
      build_lazy (b, cg);
      return;
    }
  b->cg = cg;
  b->holds = FALSE;
  b->exact = cg->vars->len == 0;
  for (guint i = 0; i < cg->logic->len && !b->exact; i++)
    b->exact = !rule_is_safe (cg->logic->pdata[i]);
  if (!b->exact)
    ready_programs (b, cg);
  group_couple_logic (b, cg);
  b->expansion =
      b->couple_logic->len
          ? lg_expansion_new ((const LgRule *const *) b->couple_logic->pdata,
                              b->couple_logic->len, b->assignment)
          : NULL;
  LeafGroup g = { 0 };
  g.leaf_first = b->starts->len - 1;
  g.lazy = -1;
  seen_clear (&b->seen);
  enumerate (b, 0);
  free_ready_programs (b);
  g_clear_pointer (&b->expansion, lg_expansion_free);
  g.n_leaves = b->starts->len - 1 - g.leaf_first;
  if (b->e->n >= LARGE_MIN_ITEMS)
    strip_facts (b, g.leaf_first);
  if (!lg_constraint_group_has_couples (cg))
    b->e->infeasible |= !b->holds;
  else if (g.n_leaves == 0)
    b->e->infeasible = TRUE;
  else
    g_array_append_val (b->groups, g);
}

/* The keys of the lines or of the cells of the groups, each group's
 * numbered from 0 in the order met (see key_of).  Lines and cells have
 * small dense numbers (the line's row of M, the cell's row * n + item), so
 * a key is found by its number: stamp[id] is the group that met it last
 * (from 1), local[id] its number in that group. */
typedef struct
{
  uint32_t *stamp, *local; /* per line or cell */
  uint32_t group;          /* the current group's stamp */
  GArray *array;           /* Key, every group's in turn */
  guint32 first;           /* the current group's first in array */
} Keys;

/* The tables are as large as the dense index of the cells (build_index)
 * but written only at the lines and cells of the literals: the pages
 * touched, not the bytes allocated, are what they cost. */
static void
keys_init (Keys *keys, size_t n_ids)
{
  keys->stamp = g_new0 (uint32_t, n_ids);
  keys->local = g_new (uint32_t, n_ids);
  keys->group = 0;
  keys->array = g_array_new (FALSE, FALSE, sizeof (Key));
  keys->first = 0;
}

/* Frees all but the keys, which it returns. */
static Key *
keys_free (Keys *keys)
{
  g_free (keys->stamp);
  g_free (keys->local);
  return (Key *) g_array_free (keys->array, FALSE);
}

/* Starts the keys of the next group. */
static void
keys_next_group (Keys *keys)
{
  keys->group++;
  keys->first = keys->array->len;
}

/* The key of a line or cell (number id) within the current group, added
 * when new. */
static uint32_t
key_of (Keys *keys, Key k, size_t id)
{
  if (keys->stamp[id] == keys->group)
    return keys->local[id];
  guint32 local = keys->array->len - keys->first;
  keys->stamp[id] = keys->group;
  keys->local[id] = local;
  g_array_append_val (keys->array, k);
  return local;
}

/* From (key << 32 | group) pairs to first[key] (n_keys + 1 offsets) and
 * the groups of each key, in order, once each.  Keys and groups are small:
 * two counting sorts (by group, unless the pairs come in the order of
 * their groups already, as they nearly always do; then stably by key, its
 * counts kept in first itself), no comparison sort. */
static void
build_index (const guint64 *p, guint len, size_t n_keys, guint n_groups,
             uint32_t **first, uint32_t **groups)
{
  uint32_t *by_group = NULL; /* the pairs in group order, when they are not */
  guint in_order = 1;
  while (in_order < len &&
         (uint32_t) p[in_order - 1] <= (uint32_t) p[in_order])
    in_order++;
  if (in_order < len)
    {
      uint32_t *pos = g_new0 (uint32_t, n_groups + 1);
      by_group = g_new (uint32_t, len);
      for (guint i = 0; i < len; i++)
        pos[(uint32_t) p[i] + 1]++;
      for (guint g = 0; g < n_groups; g++)
        pos[g + 1] += pos[g];
      for (guint i = 0; i < len; i++)
        by_group[pos[(uint32_t) p[i]]++] = i;
      g_free (pos);
    }
  /* f[k + 2] counts key k's pairs; summed, f[k + 1] is where key k starts;
   * placed, f[k + 1] is where it ends */
  uint32_t *f = g_new0 (uint32_t, n_keys + 2);
  for (guint i = 0; i < len; i++)
    f[(p[i] >> 32) + 2]++;
  for (size_t k = 2; k < n_keys + 2; k++)
    f[k] += f[k - 1];
  uint32_t *sorted = g_new (uint32_t, MAX (len, 1));
  for (guint i = 0; i < len; i++)
    {
      guint64 w = p[by_group ? by_group[i] : i];
      sorted[f[(w >> 32) + 1]++] = (uint32_t) w;
    }
  /* each key's groups once, in place: f[k + 1] becomes their end */
  guint out = 0, begin = 0;
  for (size_t k = 0; k < n_keys; k++)
    {
      guint end = f[k + 1];
      for (guint i = begin; i < end; i++)
        if (i == begin || sorted[i] != sorted[i - 1])
          sorted[out++] = sorted[i];
      begin = end;
      f[k + 1] = out;
    }
  g_free (by_group);
  *first = f;
  *groups = sorted;
}

/* The lines of every lazy group, as (line << 32 | group) pairs for
 * build_index, written from pairs[len]: they wake it, and weigh it in the
 * branching.  The new length. */
static guint
append_lazy_rows (const LgFastEngine *e, guint64 *pairs, guint len)
{
  for (guint gi = 0; gi < e->n_groups; gi++)
    if (e->groups[gi].lazy >= 0)
      {
        const Lazy *lz = &e->lazy[e->groups[gi].lazy];
        for (guint i = 0; i < lz->n_rows; i++)
          pairs[len++] = ((guint64) lz->rows[i] << 32) | gi;
      }
  return len;
}

/* What literal_pairs writes for each literal of the leaf groups, the
 * pairs of an index (build_index): its cell, for a yes literal (and from
 * LARGE_MIN_ITEMS items a no literal too); its line, for a no literal;
 * its line and the transposed line (x -> y, a and y -> x, b). */
typedef enum
{
  CELL_PAIRS,
  ROW_PAIRS,
  LINE_PAIRS
} PairKind;

/* The (cell or line << 32 | leaf group) pairs of kind `kind`, in the order
 * of the groups, into pairs; their number. */
static guint
literal_pairs (const LgFastEngine *e, PairKind kind, guint64 *pairs)
{
  guint G = e->G, n = e->n, len = 0;
  for (guint gi = 0; gi < e->n_groups; gi++)
    {
      const LeafGroup *g = &e->groups[gi];
      for (guint32 i = e->leaf_start[g->leaf_first];
           i < e->leaf_start[g->leaf_first + g->n_leaves]; i++)
        {
          const Lit *l = &e->lits[i];
          guint64 row = l->row;
          if (kind == CELL_PAIRS && (l->yes || n >= LARGE_MIN_ITEMS))
            pairs[len++] = ((row * n + l->b) << 32) | gi;
          else if (kind == ROW_PAIRS && !l->yes)
            pairs[len++] = (row << 32) | gi;
          else if (kind == LINE_PAIRS)
            {
              guint64 t = ((guint64) l->gj * G + l->gi) * n + l->b;
              pairs[len++] = (row << 32) | gi;
              pairs[len++] = (t << 32) | gi;
            }
        }
    }
  return len;
}

/* From codes to the engine's literals, keys and sparse sets. */
static void
lay_out (Builder *b)
{
  LgFastEngine *e = b->e;
  guint G = e->G, n = e->n;
  e->n_groups = b->groups->len;
  e->groups = (LeafGroup *) g_array_free (b->groups, FALSE);
  b->groups = NULL;
  e->n_leaves = b->starts->len - 1;
  e->leaf_start = (uint32_t *) g_array_free (b->starts, FALSE);
  b->starts = NULL;
  e->order = g_new (uint32_t, MAX (e->n_leaves, 1));
  for (guint i = 0; i < e->n_leaves; i++)
    e->order[i] = i;
  e->lits = g_new (Lit, MAX (b->codes->len, 1));
  Keys lines, cells;
  keys_init (&lines, (size_t) G * G * n);
  keys_init (&cells, (size_t) G * G * n * n);
  guint max_lines = 0, max_cells = 0;
  for (guint gi = 0; gi < e->n_groups; gi++)
    {
      LeafGroup *g = &e->groups[gi];
      keys_next_group (&lines);
      keys_next_group (&cells);
      g->line_first = lines.first;
      g->cell_first = cells.first;
      for (guint32 i = e->leaf_start[g->leaf_first];
           i < e->leaf_start[g->leaf_first + g->n_leaves]; i++)
        {
          guint64 c = g_array_index (b->codes, guint64, i);
          Lit *l = &e->lits[i];
          l->gi = (uint16_t) CODE_GI (c);
          l->gj = (uint16_t) CODE_GJ (c);
          l->a = (uint8_t) CODE_A (c);
          l->yes = (uint8_t) CODE_YES (c);
          guint bb = CODE_B (c);
          l->row = ((uint32_t) l->gi * G + l->gj) * n + l->a;
          l->b = (uint8_t) bb;
          l->bit = (Row) (1u << bb);
          if (l->yes)
            {
              l->key = key_of (&lines, (Key) { l->gi, l->gj, l->a, 0 }, l->row);
              l->tkey = key_of (&lines, (Key) { l->gj, l->gi, (uint8_t) bb, 0 },
                                ((size_t) l->gj * G + l->gi) * n + bb);
            }
          else
            {
              l->key = key_of (&cells, (Key) { l->gi, l->gj, l->a, l->bit },
                               (size_t) l->row * n + bb);
              l->tkey = 0;
            }
        }
      g->n_lines = lines.array->len - g->line_first;
      g->n_cells = cells.array->len - g->cell_first;
      max_lines = MAX (max_lines, g->n_lines);
      max_cells = MAX (max_cells, g->n_cells);
    }
  e->lines = keys_free (&lines);
  e->cells = keys_free (&cells);
  /* a lazy group is woken by every line its couples can touch */
  e->n_lazy = b->lazy->len;
  e->lazy = (Lazy *) g_array_free (b->lazy, FALSE);
  b->lazy = NULL;
  guint max_vars = 0, max_couples = 0, max_rows = 0;
  for (guint i = 0; i < e->n_lazy; i++)
    {
      max_vars = MAX (max_vars, e->lazy[i].n_vars);
      max_rows = MAX (max_rows, e->lazy[i].n_rows);
      max_couples =
          MAX (max_couples,
               e->lazy[i].couple_first[e->lazy[i].n_vars] + e->lazy[i].n_cells);
    }
  if (e->n_lazy)
    {
      size_t m = (size_t) G * G * n;
      e->lz_assignment = unset_assignment (b->problem);
      for (guint i = 0; i < e->n_lazy; i++)
        {
          Lazy *lz = &e->lazy[i];
          lz->assignment = e->lz_assignment;
          if (lz->n_couple_logic)
            lz->expansion = lg_expansion_new (
                lz->couple_logic, lz->n_couple_logic, lz->assignment);
        }
      e->lz_value = g_new0 (uint8_t, max_vars);
      e->lz_path = g_new0 (LazyLit, MAX (max_couples, 1));
      e->lz_pos = g_new0 (uint64_t, MAX (max_couples, 1));
      e->lz_sup = g_new0 (Row, m);
      e->lz_open_m = g_new (Row, m);
      for (size_t r = 0; r < m; r++)
        e->lz_open_m[r] = e->full;
      e->lz_yes = g_new0 (Row, m);
      e->lz_no = g_new0 (Row, m);
      e->lz_col = g_new0 (Row, (size_t) G * G);
      e->lz_open = g_new0 (uint32_t, MAX (max_rows, 1));
    }
  /* the three indexes (four with lazy groups from LARGE_MIN_ITEMS items),
   * made in turn from one array of pairs: at most two per literal, and
   * the lazy groups' lines */
  guint n_lazy_rows = 0;
  for (guint i = 0; i < e->n_lazy; i++)
    n_lazy_rows += e->lazy[i].n_rows;
  guint64 *pairs = g_new (guint64, 2 * (size_t) b->codes->len + n_lazy_rows + 1);
  guint len = literal_pairs (e, CELL_PAIRS, pairs);
  build_index (pairs, len, (size_t) G * G * n * n, e->n_groups,
               &e->cell_first, &e->cell_groups);
  len = literal_pairs (e, ROW_PAIRS, pairs);
  if (n < LARGE_MIN_ITEMS)
    len = append_lazy_rows (e, pairs, len);
  build_index (pairs, len, (size_t) G * G * n, e->n_groups, &e->row_first,
               &e->row_groups);
  len = n >= LARGE_MIN_ITEMS ? append_lazy_rows (e, pairs, 0) : 0;
  if (len)
    build_index (pairs, len, (size_t) G * G * n, e->n_groups,
                 &e->lazy_row_first, &e->lazy_row_groups);
  len = literal_pairs (e, LINE_PAIRS, pairs);
  len = append_lazy_rows (e, pairs, len);
  build_index (pairs, len, (size_t) G * G * n, e->n_groups, &e->line_first,
               &e->line_groups);
  g_free (pairs);
  e->weight = g_new0 (guint64, MAX (e->n_groups, 1));
  e->dirty = g_new0 (uint32_t, MAX (e->n_groups, 1));
  e->is_dirty = g_new0 (uint8_t, MAX (e->n_groups, 1));
  e->cnt = g_new0 (uint32_t, MAX (max_lines, 1));
  e->uni = g_new0 (Row, MAX (max_lines, 1));
  e->ncnt = g_new0 (uint32_t, MAX (max_cells, 1));
}

/* The groups of a line of T (see state_t): G rounded up to a multiple of
 * 4, for process_row's vectors of 4 lines. */
#define T_GROUPS(G) (((size_t) (G) + 3) & ~(size_t) 3)

/* The bytes of the search that do not depend on the leaves, the problem's
 * own included (lg_budget_problem_bytes). */
static guint64
search_bytes (const LgProblem *problem, const LgConstraintSet *set,
              guint n_groups, size_t *state_size, guint *max_depth)
{
  guint G = lg_problem_n_groups (problem), n = lg_problem_dimension (problem);
  size_t m = (size_t) G * G * n;
  size_t size = n_groups * sizeof (uint32_t) + m * sizeof (Row) + n_groups;
  size = (size + 15) & ~(size_t) 15;
  size += (size_t) G * n * T_GROUPS (G) * sizeof (Row);
  *state_size = size;
  /* Two bounds on the choices along a path.  Each choice makes one more
   * line of some pair a single item, and propagation settles a pair's
   * last line (its column is cleared): at most n - 1 choices per pair.
   * And the items that settled lines tie together are persons so far,
   * each with at most one item of each group; path consistency keeps
   * every line between two items of one person settled, so a choice, on
   * a line of two items or more, joins two persons into one: from G n
   * persons down to n, at most (G - 1) n choices (with 16 groups of 16
   * items, 240 rather than 1,800).  One more state for the root, one for
   * a probe's child.  With one item per group, every line holds one item
   * from the start: no choice, no probe, the root alone */
  guint by_pairs = lg_pair_count (G) * (n - 1), by_persons = (G - 1) * n;
  *max_depth = n > 1 ? MIN (by_pairs, by_persons) + 2 : 1;
  /* the states, the groups of each cell and line (three indexes), the
   * queue of lines (queue, queued, line weights, and safe and the probes'
   * backoff when there are probes; singles), the pairs (to probe;
   * changed, mate: only for match_pair), the probes to lift per level, the
   * solution, allowed; the scratch of the lazy groups' search */
  guint64 lazy = 0;
  for (guint i = 0; i < set->groups->len && !lazy; i++)
    if (is_lazy (set->groups->pdata[i], n))
      lazy = (guint64) m * (3 * sizeof (Row) + sizeof (uint32_t)) +
             (guint64) G * G * sizeof (Row);
  return lg_budget_problem_bytes (problem) + (guint64) size * *max_depth +
         (guint64) m * (n + 2) * 4 + (guint64) m * (9 + sizeof (guint64)) +
         (*max_depth > 1 ? (guint64) m * (sizeof (Row) + 1 + sizeof (guint64))
                         : 0) +
         (guint64) G * G +
         (n >= LARGE_MIN_ITEMS ? (guint64) G * G * (5 + n) : 0) +
         (guint64) *max_depth *
             (LIFT_MAX * (sizeof (uint32_t) + sizeof (Row)) + 1) +
         (guint64) G * n * 5 + G * sizeof (void *) +
         T_GROUPS (G) * sizeof (Row) + lazy;
}

LgFastEngine *
lg_engine_fast_new (const LgEngineSetup *setup, GError **error)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  const LgProblem *problem = setup->problem;
  const LgConstraintSet *set = setup->set;
  const guint64 memory_limit = setup->options->memory_limit;
  LgStats *stats = setup->stats;
  LgFastEngine *e = g_new0 (LgFastEngine, 1);
  e->impl.klass = &lg_engine_fast_class;
  e->problem = problem;
  e->set = set;
  e->progress = setup->progress;
  e->deadline = setup->deadline;
  e->node_limit = setup->step_limit ? setup->step_limit : G_MAXUINT64;
  e->stats = stats;
  e->G = lg_problem_n_groups (problem);
  e->n = lg_problem_dimension (problem);
  e->full = (Row) ~(Row) 0 >> (sizeof (Row) * 8 - e->n);
  e->trace = setup->options->trace;
  e->carry = setup->options->weights;

  /* the search's part first: it does not depend on the leaves */
  size_t state_size;
  guint max_depth;
  guint64 fixed = search_bytes (problem, set, set->groups->len + 1, &state_size,
                                &max_depth);
  if (fixed > memory_limit)
    {
      g_autofree char *who =
          g_strdup_printf ("%u groups of %u items need", e->G, e->n);
      lg_budget_set_fixed_error (
          error, who, fixed, "the fast engine's search states", memory_limit);
      g_free (e);
      return NULL;
    }

  Builder b = { 0 };
  b.e = e;
  b.problem = problem;
  b.set = set;
  b.budget = memory_limit - fixed;
  b.codes = g_array_new (FALSE, FALSE, sizeof (guint64));
  b.facts = g_array_new (FALSE, FALSE, sizeof (guint64));
  b.starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  b.groups = g_array_new (FALSE, FALSE, sizeof (LeafGroup));
  b.lazy = g_array_new (FALSE, FALSE, sizeof (Lazy));
  b.scratch = g_array_new (FALSE, FALSE, sizeof (guint64));
  lg_index_set_init (&b.seen, FIRST_SLOTS);
  b.couple_logic = g_ptr_array_new ();
  b.assignment = unset_assignment (problem);
  guint32 zero = 0;
  g_array_append_val (b.starts, zero);

  /* the progress line counts assignments: n^k for a group of k variables */
  double assignments = 0;
  for (guint i = 0; i < set->groups->len; i++)
    if (!is_lazy (set->groups->pdata[i], e->n))
      assignments += (double) lg_assignments (
          e->n, ((LgConstraintGroup *) set->groups->pdata[i])->vars->len);
  lg_progress_begin (e->progress, "transform", "assignments",
                     assignments < 1e18 ? (guint64) assignments : 0);
  /* the faithful builder's order: the unbound group, then the groups
   * last-created first (so that an overflow is the same one) */
  build_group (&b, set->unbound);
  for (guint i = set->groups->len; i-- > 0 && !b.error;)
    build_group (&b, set->groups->pdata[i]);
  lg_progress_end (e->progress);
  if (!b.error)
    lay_out (&b);
  g_array_unref (b.codes);
  /* the cells given by the caller join the facts: the search starts from
   * them */
  for (guint k = 0; k < setup->options->n_given; k++)
    {
      const LgGivenCell *c = &setup->options->given[k];
      gboolean swap = c->g1 > c->g2;
      guint64 code =
          CODE (swap ? c->g2 : c->g1, swap ? c->g1 : c->g2,
                swap ? c->i2 : c->i1, swap ? c->i1 : c->i2, c->yes ? 1 : 0);
      g_array_append_val (b.facts, code);
    }
  e->n_facts = b.facts->len;
  e->facts = (guint64 *) (void *) g_array_free (b.facts, FALSE);
  g_array_unref (b.scratch);
  lg_index_set_free (&b.seen);
  g_ptr_array_unref (b.couple_logic);
  g_free (b.assignment);
  if (b.starts)
    g_array_unref (b.starts);
  if (b.groups)
    g_array_unref (b.groups);
  if (b.lazy)
    {
      /* on an error, the lazy groups built so far */
      e->n_lazy = b.lazy->len;
      e->lazy = (Lazy *) g_array_free (b.lazy, FALSE);
    }
  if (stats)
    {
      stats->leaves_tried = b.leaves_tried;
      stats->leaves_kept = b.leaves_kept;
      stats->leaves_saved = b.leaves_saved;
    }
  if (b.error)
    {
      g_propagate_error (error, b.error);
      lg_engine_fast_free (e);
      return NULL;
    }

  /* the search, allocated once */
  guint64 need =
      search_bytes (problem, set, e->n_groups, &e->state_size, &e->max_depth) +
      b.bytes;
  if (stats)
    stats->memory_estimate = need;
  e->m_offset = e->n_groups * sizeof (uint32_t);
  e->sat_offset = e->m_offset + (size_t) e->G * e->G * e->n * sizeof (Row);
  e->GP = T_GROUPS (e->G);
  e->t_offset = (e->sat_offset + e->n_groups + 15) & ~(size_t) 15;
  /* only states[0] is read before it is written (explore clears it) */
  e->states = g_malloc (e->state_size * e->max_depth);
  e->q_cap = (size_t) e->G * e->G * e->n;
  e->queue = g_new0 (uint32_t, e->q_cap);
  e->queued = g_new0 (uint8_t, e->q_cap);
  e->singles = g_new0 (uint32_t, e->q_cap);
  /* safe for the probes (search: none at the last depth), the pairs for
   * match_pair (restrict_line: from LARGE_MIN_ITEMS items) */
  e->safe = g_new0 (Row, e->max_depth > 1 ? e->q_cap : 1);
  e->probe_pair = g_new0 (uint8_t, (size_t) e->G * e->G);
  e->line_weight = g_new0 (guint64, e->q_cap);
  e->allowed = g_new0 (Row, T_GROUPS (e->G));
  e->held_streak = g_new0 (uint8_t, (size_t) e->G * e->G * e->n);
  e->skip_until = g_new0 (guint64, (size_t) e->G * e->G * e->n);
  const size_t match_pairs = e->n >= LARGE_MIN_ITEMS ? (size_t) e->G * e->G : 1;
  e->pairs_changed = g_new0 (uint32_t, match_pairs);
  e->pair_changed = g_new0 (uint8_t, match_pairs);
  e->mate = g_malloc (match_pairs * e->n);
  memset (e->mate, 0xff, match_pairs * e->n);
  e->lift_row = g_new (uint32_t, (size_t) e->max_depth * LIFT_MAX);
  e->lift_bit = g_new (Row, (size_t) e->max_depth * LIFT_MAX);
  e->lift_len = g_new0 (uint8_t, e->max_depth);
  e->rows = g_new0 (uint8_t, (size_t) e->G * e->n);
  e->row_of = g_new0 (uint8_t, (size_t) e->G * e->n);
  e->perm = g_new0 (const uint8_t *, e->G);
  for (guint g = 0; g < e->G; g++)
    e->perm[g] = e->rows + (size_t) g * e->n;
  e->solution.problem = problem;
  e->solution.n_groups = e->G;
  e->solution.n = e->n;
  e->solution.perm = e->perm;
  if (stats)
    stats->time_transform = g_timer_elapsed (timer, NULL);
  return e;
}

void
lg_engine_fast_free (LgFastEngine *e)
{
  if (!e)
    return;
  g_free (e->groups);
  g_free (e->leaf_start);
  g_free (e->lits);
  g_free (e->order);
  g_free (e->lines);
  g_free (e->cells);
  g_free (e->facts);
  g_free (e->cnt);
  g_free (e->ncnt);
  g_free (e->uni);
  g_free (e->cell_first);
  g_free (e->cell_groups);
  g_free (e->row_first);
  g_free (e->row_groups);
  g_free (e->lazy_row_first);
  g_free (e->lazy_row_groups);
  g_free (e->dirty);
  g_free (e->is_dirty);
  g_free (e->line_first);
  g_free (e->line_groups);
  g_free (e->weight);
  for (guint i = 0; i < e->n_lazy; i++)
    {
      Lazy *lz = &e->lazy[i];
      g_free (lz->vars);
      g_free (lz->couples);
      g_free (lz->couple_first);
      g_free (lz->ready);
      g_free (lz->ready_first);
      g_free (lz->partial);
      g_free (lz->partial_first);
      g_free (lz->ready_pos);
      g_free (lz->partial_pos);
      g_free (lz->dead);
      g_free (lz->rows);
      g_free (lz->couple_logic);
      if (lz->expansion)
        lg_expansion_free (lz->expansion);
    }
  g_free (e->lazy);
  g_free (e->lz_value);
  g_free (e->lz_assignment);
  g_free (e->lz_path);
  g_free (e->lz_pos);
  g_free (e->lz_sup);
  g_free (e->lz_open_m);
  g_free (e->lz_yes);
  g_free (e->lz_no);
  g_free (e->lz_col);
  g_free (e->lz_open);
  g_free (e->states);
  g_free (e->queue);
  g_free (e->queued);
  g_free (e->singles);
  g_free (e->safe);
  g_free (e->probe_pair);
  g_free (e->line_weight);
  g_free (e->pairs_changed);
  g_free (e->pair_changed);
  g_free (e->mate);
  g_free (e->lift_row);
  g_free (e->lift_bit);
  g_free (e->lift_len);
  g_free (e->allowed);
  g_free (e->held_streak);
  g_free (e->skip_until);
  g_free (e->rows);
  g_free (e->row_of);
  g_free (e->perm);
  g_free (e);
}

/* ---- Propagation ------------------------------------------------------------- */

static inline Row *
state_m (const LgFastEngine *e, uint8_t *state)
{
  return (Row *) (state + e->m_offset);
}

/* T, a copy of M by item: the lines (x -> k, a) of every group k side by
 * side, T[(x * n + a) * GP + k] == M[(x * G + k) * n + a] (0 for k == x
 * and the padding up to GP), so that process_row reads the partners of an
 * item in all the groups four at a time.  restrict_line writes both. */
static inline Row *
state_t (const LgFastEngine *e, uint8_t *state)
{
  return (Row *) (state + e->t_offset);
}

/* The T of the state whose M is M. */
static inline Row *
t_of_m (const LgFastEngine *e, Row *M)
{
  return (Row *) ((uint8_t *) M + (e->t_offset - e->m_offset));
}

/* Exactly two items? */
static inline gboolean
two_items (Row v)
{
  Row rest = v & (Row) (v - 1);
  return rest && !(rest & (Row) (rest - 1));
}

static inline Row *
line (const LgFastEngine *e, Row *M, guint x, guint y)
{
  return M + ((size_t) x * e->G + y) * e->n;
}

/* Row r of M, now v, is to be revised from.  From LARGE_MIN_ITEMS items a
 * row down to one item goes on the stack of singles, revised from before
 * the queue: a single partner settles the most, and a wrong choice is found
 * out sooner (measured: a node 12 % cheaper on the hard minimised puzzles).
 * It may still stand in the queue too, where it is then skipped: once
 * down to one item, a row changes no more but to fail, so it enters the
 * queue no more and the queue never holds more than q_cap rows. */
static inline void
push_row (LgFastEngine *e, size_t r, Row v)
{
  if (e->n >= LARGE_MIN_ITEMS && !(v & (v - 1)))
    {
      if (e->queued[r] != 2)
        {
          e->queued[r] = 2;
          e->singles[e->n_singles++] = (uint32_t) r;
        }
      return;
    }
  if (e->queued[r])
    return;
  e->queued[r] = 1;
  size_t tail = e->q_head + e->q_len;
  if (tail >= e->q_cap)
    tail -= e->q_cap;
  e->queue[tail] = (uint32_t) r;
  e->q_len++;
}

static void
clear_queue (LgFastEngine *e)
{
  while (e->n_singles)
    e->queued[e->singles[--e->n_singles]] = 0;
  while (e->n_pairs_changed)
    e->pair_changed[e->pairs_changed[--e->n_pairs_changed]] = 0;
  while (e->q_len)
    {
      e->queued[e->queue[e->q_head]] = 0;
      e->q_head = e->q_head + 1 == e->q_cap ? 0 : e->q_head + 1;
      e->q_len--;
    }
  e->q_head = 0;
}

/* The constraint groups to process again. */
static inline void
wake (LgFastEngine *e, const uint32_t *first, const uint32_t *groups,
      size_t key)
{
  for (uint32_t i = first[key]; i < first[key + 1]; i++)
    {
      uint32_t g = groups[i];
      if (!e->is_dirty[g])
        {
          e->is_dirty[g] = 1;
          e->dirty[e->n_dirty++] = g;
        }
    }
}

/* Line r changed, to v: the groups with a no literal on it, when it is
 * down to one item (the only change that can make a no literal fail; one
 * that makes it hold removes its cell, which wakes it too), or at every
 * change under LARGE_MIN_ITEMS items; and the lazy groups that read it. */
static inline void
wake_row (LgFastEngine *e, size_t r, Row v)
{
  if (e->n < LARGE_MIN_ITEMS || !(v & (v - 1)))
    wake (e, e->row_first, e->row_groups, r);
  if (e->lazy_row_first)
    wake (e, e->lazy_row_first, e->lazy_row_groups, r);
}

static void
clear_dirty (LgFastEngine *e)
{
  while (e->n_dirty)
    e->is_dirty[e->dirty[--e->n_dirty]] = 0;
}

/* Line (x -> y, a) keeps only the items of keep; the transposed lines lose
 * a.  Every line changed is queued, and the groups that read a changed
 * cell or line are woken.  FALSE when a line becomes empty. */
static inline gboolean
restrict_line (LgFastEngine *e, Row *M, guint x, guint y, guint a, Row keep)
{
  size_t n = e->n, r = ((size_t) x * e->G + y) * n + a;
  Row gone = M[r] & (Row) ~keep;
  if (!gone)
    return TRUE;
  Row *T = t_of_m (e, M);
  size_t GP = e->GP;
  M[r] &= keep;
  T[((size_t) x * n + a) * GP + y] = M[r];
  if (!M[r])
    return FALSE;
  push_row (e, r, M[r]);
  guint pair = x < y ? x * e->G + y : y * e->G + x;
  if (e->n >= LARGE_MIN_ITEMS && !e->pair_changed[pair])
    {
      e->pair_changed[pair] = 1;
      e->pairs_changed[e->n_pairs_changed++] = pair;
    }
  wake_row (e, r, M[r]);
  size_t t_first = ((size_t) y * e->G + x) * n;
  Row abit = (Row) ~(1u << a);
  while (gone)
    {
      guint b = (guint) lg_bitset_ctz64 (gone);
      gone &= (Row) (gone - 1);
      size_t t = t_first + b;
      M[t] &= abit;
      T[((size_t) y * n + b) * GP + x] = M[t];
      if (!M[t])
        return FALSE;
      push_row (e, t, M[t]);
      wake_row (e, t, M[t]);
      wake (e, e->cell_first, e->cell_groups, x < y ? r * n + b : t * n + a);
    }
  return TRUE;
}

/* Four lines side by side (see state_t), unaligned. */
typedef Row Row4 __attribute__ ((vector_size (4 * sizeof (Row))));

static inline Row4
load4 (const Row *p)
{
  Row4 v;
  memcpy (&v, p, sizeof v);
  return v;
}

/* allowed[k] = the union of the lines (y -> k, b), yb[b * GP + k] in T,
 * over the items b of bits (not empty), for every group k. */
static inline void
union_partners (Row *restrict allowed, const Row *restrict yb, Row bits,
                size_t GP)
{
  const Row *p = yb + lg_bitset_ctz64 (bits) * GP;
  memcpy (allowed, p, GP * sizeof *allowed);
  for (bits &= (Row) (bits - 1); bits; bits &= (Row) (bits - 1))
    {
      p = yb + lg_bitset_ctz64 (bits) * GP;
      for (size_t j = 0; j < GP; j += 4)
        {
          Row4 v = load4 (allowed + j) | load4 (p + j);
          memcpy (allowed + j, &v, sizeof v);
        }
    }
}

/* Row r of M is line (x -> y, a). */
static inline void
line_of_row (const LgFastEngine *e, size_t r, guint *x, guint *y, guint *a)
{
  *a = (guint) (r % e->n);
  *x = (guint) (r / e->n / e->G);
  *y = (guint) (r / e->n % e->G);
}

/* After line (x -> y, a) lost items: a single partner b clears its column
 * (line (y -> x, b) becomes {a}), and for every third group k, line
 * (x -> k, a) keeps only the partners of its partners in y.  With the
 * transposed lines queued as well, this keeps every triple path
 * consistent. */
static gboolean
process_row (LgFastEngine *e, Row *M, size_t r)
{
  guint n = e->n, x, y, a;
  line_of_row (e, r, &x, &y, &a);
  Row bits = M[r];
  if (!(bits & (bits - 1)) &&
      !restrict_line (e, M, y, x, (guint) lg_bitset_ctz64 (bits),
                      (Row) (1u << a)))
    return FALSE;
  /* in T, line (x -> k, a) is xa[k], line (y -> k, b) is yb[b * GP + k];
   * k runs over the groups but y (xa[x] is 0) */
  const Row *T = t_of_m (e, M);
  size_t GP = e->GP;
  const Row *xa = T + ((size_t) x * n + a) * GP;
  const Row *yb = T + (size_t) y * n * GP;
  Row *allowed = e->allowed;
  union_partners (allowed, yb, bits, GP);
  allowed[y] = e->full; /* line (x -> y, a) is the one revised from */
  for (size_t j = 0; j < GP; j += 4)
    {
      Row4 d = load4 (xa + j) & ~load4 (allowed + j);
      if (!(d[0] | d[1] | d[2] | d[3]))
        continue;
      for (guint k = (guint) j; k < j + 4; k++)
        if ((xa[k] & (Row) ~allowed[k]) &&
            !restrict_line (e, M, x, k, a, allowed[k]))
          return FALSE;
    }
  return TRUE;
}

/* All-different on the matrix of the pair (x, y), x < y (Régin): each
 * item of x has one partner in y and the partners differ, so a cell that
 * belongs to no perfect matching of the "can be together" graph is
 * removed.  A perfect matching (none: FALSE) by augmenting paths from the
 * previous one, then, in the graph of the items of x with an edge a -> c
 * when a may go with the partner of c, the cell (a, b) stays when a and
 * the partner of b are in one strongly connected component.  This
 * subsumes hidden singles, naked and hidden pairs, triples... */
static gboolean
match_pair (LgFastEngine *e, Row *M, guint x, guint y)
{
  guint n = e->n;
  Row *R = line (e, M, x, y);
  uint8_t *mate = e->mate + ((size_t) x * e->G + y) * n;
  uint8_t owner[LG_MAX_ITEMS], from[LG_MAX_ITEMS], todo[LG_MAX_ITEMS];
  Row taken = 0, singles = 0;
  for (guint a = 0; a < n; a++)
    {
      Row l = R[a];
      singles += !(l & (l - 1));
      guint b = mate[a];
      if (b < n && (l >> b & 1) && !(taken >> b & 1))
        {
          taken |= (Row) (1u << b);
          owner[b] = (uint8_t) a;
        }
      else
        mate[a] = 0xff;
    }
  if (singles == n)
    return TRUE;
  for (guint a = 0; a < n; a++)
    {
      if (mate[a] != 0xff)
        continue;
      /* breadth first over the items of x, from a */
      Row seen = 0;
      guint head = 0, tail = 0, end = LG_MAX_ITEMS;
      todo[tail++] = (uint8_t) a;
      while (head < tail && end == LG_MAX_ITEMS)
        {
          guint u = todo[head++];
          for (Row c = R[u] & (Row) ~seen; c; c &= (Row) (c - 1))
            {
              guint b = (guint) lg_bitset_ctz64 (c);
              seen |= (Row) (1u << b);
              from[b] = (uint8_t) u;
              if (!(taken >> b & 1))
                {
                  end = b;
                  break;
                }
              todo[tail++] = owner[b];
            }
        }
      if (end == LG_MAX_ITEMS)
        return FALSE;
      taken |= (Row) (1u << end);
      for (guint b = end;;)
        {
          guint u = from[b], next = mate[u];
          mate[u] = (uint8_t) b;
          owner[b] = (uint8_t) u;
          if (u == a)
            break;
          b = next;
        }
    }
  /* The components, forward and backward from the lowest item left
   * (bitsets); an item down to one partner is a component alone (its only
   * edge goes to itself), so only the others are searched.  The
   * successors of a are the owners of its partners: the forward search
   * runs over those partners (the items of y reached), so that no list of
   * successors need be built.  The predecessors of c are the items that
   * may go with its partner: the transposed line (y -> x, mate[c]).  An
   * item u reached backward is in v's component when its partner was
   * reached forward.  side[a]: the partners of the items of a's
   * component. */
  const Row *col = line (e, M, y, x);
  Row side[LG_MAX_ITEMS], left = 0, left_y = 0;
  for (guint a = 0; a < n; a++)
    {
      Row l = R[a];
      if (!(l & (l - 1)))
        continue;
      left |= (Row) (1u << a);
      left_y |= (Row) (1u << mate[a]);
    }
  while (left)
    {
      guint v = (guint) lg_bitset_ctz64 (left);
      Row fwd_y = R[v] & left_y, bwd = (Row) (1u << v);
      for (Row todo_f = fwd_y; todo_f;)
        {
          guint b = (guint) lg_bitset_ctz64 (todo_f);
          Row more = R[owner[b]] & left_y & (Row) ~fwd_y;
          fwd_y |= more;
          todo_f = (Row) ((todo_f & (todo_f - 1)) | more);
        }
      for (Row todo_b = bwd; todo_b;)
        {
          guint u = (guint) lg_bitset_ctz64 (todo_b);
          Row more = col[mate[u]] & left & (Row) ~bwd;
          bwd |= more;
          todo_b = (Row) ((todo_b & (todo_b - 1)) | more);
        }
      Row comp = 0, partners = 0;
      for (Row c = bwd; c; c &= (Row) (c - 1))
        {
          guint u = (guint) lg_bitset_ctz64 (c);
          if (fwd_y >> mate[u] & 1)
            {
              comp |= (Row) (1u << u);
              partners |= (Row) (1u << mate[u]);
            }
        }
      for (Row c = comp; c; c &= (Row) (c - 1))
        side[lg_bitset_ctz64 (c)] = partners;
      left &= (Row) ~comp;
      left_y &= (Row) ~partners;
    }
  for (guint a = 0; a < n; a++)
    {
      Row l = R[a];
      if (!(l & (l - 1)))
        continue;
      Row keep = l & side[a];
      if (keep != l && !restrict_line (e, M, x, y, a, keep))
        return FALSE;
    }
  return TRUE;
}

static gboolean
apply_lit (LgFastEngine *e, Row *M, const Lit *l)
{
  return restrict_line (e, M, l->gi, l->gj, l->a,
                        l->yes ? l->bit : (Row) (e->full & ~l->bit));
}

/* Are items (g, x) and (h, y) on one row for sure (1), on two rows for
 * sure (-1), or is that open (0)? */
static inline int
row_relation (const LgFastEngine *e, const Row *M, guint g, guint x, guint h,
              guint y)
{
  if (g == h)
    return x == y ? 1 : -1;
  Row l = M[((size_t) g * e->G + h) * e->n + x];
  if (!(l & (1u << y)))
    return -1;
  return l == (1u << y);
}

/* Two literals of one leaf, each possible alone: can they hold together?
 * A yes puts its two items on one row.  For two yes: if some item of the
 * one is surely on the row of some item of the other and some other is
 * surely not, they cannot.  For a yes and a no: the no's two items cannot
 * both be surely on the yes's row. */
static gboolean
lits_agree (const LgFastEngine *e, const Row *M, const Lit *p, const Lit *q)
{
  guint pg[2] = { p->gi, p->gj };
  guint px[2] = { p->a, p->b };
  guint qg[2] = { q->gi, q->gj };
  guint qx[2] = { q->a, q->b };
  gboolean same = FALSE, apart = FALSE, with[2] = { FALSE, FALSE };
  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      {
        int r = row_relation (e, M, pg[i], px[i], qg[j], qx[j]);
        same |= r > 0;
        apart |= r < 0;
        with[j] |= r > 0;
      }
  return q->yes ? !(same && apart) : !(with[0] && with[1]);
}

/* ---- Lazy groups ------------------------------------------------------------ */

/* A variable of a lazy group gets value k (the item of its group), or
 * none again (LG_UNSET), and a rule is evaluated with the values given:
 * the two places that know how the rules read their variables. */
static inline void
lazy_set (Lazy *lz, uint8_t *value, guint pos, guint k)
{
  value[pos] = (uint8_t) k;
  lz->assignment[lz->vars[pos]->var_id] = k;
}

/* The cell of item i1 of group g1 and item i2 of group g2 (g1 < g2) in
 * the lines the search reads (LgCoupleTruth): false once removed, true
 * once the last of its line. */
static LgEval
lazy_cell (guint g1, guint i1, guint g2, guint i2, gpointer data)
{
  const LgFastEngine *e = data;
  Row r = e->lz_m[((size_t) g1 * e->G + g2) * e->n + i1], bit = (Row) 1 << i2;
  return !(r & bit) ? LG_EVAL_FALSE : r == bit ? LG_EVAL_TRUE : LG_EVAL_UNKNOWN;
}

/* A rule with the values given to its variables so far (the others
 * LG_UNSET), its couples read in the lines: LG_EVAL_UNKNOWN while they do
 * not decide it yet.  Never an overflow: the rules of a lazy group are
 * safe. */
static inline LgEval
lazy_eval (LgFastEngine *e, const Lazy *lz, const LgRule *rule)
{
  return lg_rule_eval3 (rule, lz->assignment, lazy_cell, e);
}

/* Literal l, which the variables at positions pos settle, checked against
 * M and against the path's, pushed on the path; FALSE when it cannot hold,
 * and then *conflict holds what the clash depends on (pos, and the lines
 * or the positions of the path's literal). */
static gboolean
lazy_push_lit (LgFastEngine *e, const Row *M, LazyLit l, uint64_t pos,
               uint64_t *conflict)
{
  Row r = M[l.row], bit = (Row) 1 << l.b;
  *conflict = pos | LAZY_M;
  if (l.yes ? !(r & bit) : r == bit)
    return FALSE;
  *conflict = pos;
  /* inside a pair, as make_leaf: two yes on one line, a yes and a no
   * on one cell */
  for (guint q = 0; q < e->lz_len; q++)
    {
      const LazyLit *o = &e->lz_path[q];
      if (o->pair != l.pair || (!o->yes && !l.yes))
        continue;
      gboolean same_a = o->a == l.a, same_b = o->b == l.b;
      if (o->yes && l.yes ? same_a != same_b : same_a && same_b)
        {
          *conflict |= e->lz_pos[q];
          return FALSE;
        }
    }
  e->lz_pos[e->lz_len] = pos;
  e->lz_path[e->lz_len++] = l;
  return TRUE;
}

/* The literal of item a of group gi and item b of group gj, gi < gj. */
static inline LazyLit
lazy_lit (const LgFastEngine *e, guint gi, guint a, guint gj, guint b,
          gboolean yes)
{
  uint32_t pair = gi * e->G + gj;
  return (LazyLit) { pair * e->n + a, pair, (uint8_t) a, (uint8_t) b,
                     (uint8_t) yes };
}

/* The literals of lz settled by position p, checked and pushed on the
 * path.  FALSE when one cannot hold, with what the clash depends on in
 * *conflict (the path then holds the literals pushed so far: the caller
 * pops to its length). */
static gboolean
lazy_push (LgFastEngine *e, const Row *M, const Lazy *lz, const uint8_t *value,
           guint p, uint64_t *conflict)
{
  for (uint32_t i = lz->couple_first[p]; i < lz->couple_first[p + 1]; i++)
    {
      const LazyCouple *c = &lz->couples[i];
      guint ix = c->xpos >= 0 ? value[c->xpos] : c->ix;
      guint iy = c->ypos >= 0 ? value[c->ypos] : c->iy;
      LazyLit l = c->gx < c->gy ? lazy_lit (e, c->gx, ix, c->gy, iy, c->yes)
                                : lazy_lit (e, c->gy, iy, c->gx, ix, c->yes);
      if (!lazy_push_lit (e, M, l, lazy_bit (c->xpos) | lazy_bit (c->ypos),
                          conflict))
        return FALSE;
    }
  return TRUE;
}

/* The cells of the group's lines that the assignment on the path leaves
 * possible, added to lz_sup: on a line (x -> y, a), x < y, cell b unless
 * the path says yes to another item of the line, no to b, or yes to b on
 * another line of the pair (the transposed line (y -> x, b) holds another
 * item).  The lines whose cells are all supported leave lz_open. */
static void
lazy_support (LgFastEngine *e)
{
  const Row *M = e->lz_m;
  guint n = e->n;
  for (guint q = 0; q < e->lz_len; q++)
    {
      const LazyLit *l = &e->lz_path[q];
      Row bit = (Row) 1 << l->b;
      if (l->yes)
        {
          e->lz_yes[l->row] |= bit;
          e->lz_col[l->pair] |= bit;
        }
      else
        e->lz_no[l->row] |= bit;
    }
  for (guint i = 0; i < e->lz_n_open; i++)
    {
      uint32_t r = e->lz_open[i];
      Row yes = e->lz_yes[r];
      e->lz_sup[r] |=
          yes ? yes : M[r] & (Row) ~(e->lz_no[r] | e->lz_col[r / n]);
      if (!(M[r] & (Row) ~e->lz_sup[r]))
        e->lz_open[i--] = e->lz_open[--e->lz_n_open];
    }
  for (guint q = 0; q < e->lz_len; q++)
    {
      const LazyLit *l = &e->lz_path[q];
      e->lz_yes[l->row] = e->lz_no[l->row] = 0;
      e->lz_col[l->pair] = 0;
    }
}

/* An assignment found, on the path: counted, and its cells supported when
 * the search records them. */
static inline void
lazy_found (LgFastEngine *e)
{
  e->lz_found++;
  if (e->lz_record)
    lazy_support (e);
}

/* An alternative of the couple logic under the assignment on the path
 * (LgExpansionFunc): its literals checked against the lines and the
 * path's, and when they hold, an assignment found, as a leaf of the
 * group.  FALSE stops the expansion at the first found when the search
 * stops there (the budget stops it through its node limit). */
static gboolean
lazy_alternative (const LgCellLiteral *lits, guint n_lits, gpointer data)
{
  LgFastEngine *e = data;
  guint len = e->lz_len;
  gboolean ok = TRUE;
  uint64_t conflict;
  for (guint i = 0; i < n_lits && ok; i++)
    ok = lazy_push_lit (e, e->lz_m,
                        lazy_lit (e, lits[i].g1, lits[i].i1, lits[i].g2,
                                  lits[i].i2, lits[i].yes),
                        LAZY_ALL, &conflict);
  if (ok)
    lazy_found (e);
  e->lz_len = len;
  return e->lz_record || !e->lz_found;
}

/* The assignments of lz from position p on that hold with M (with couple
 * logic, each alternative of it that holds with M counts as one), each
 * counted in lz_found, and supported (lazy_support) when lz_record, else
 * the search stops at the first; and it stops when lz_steps reaches
 * lz_budget.  Returns what the failure of the whole subtree depends on:
 * the positions before p, and the lines (LAZY_M); LAZY_ALL when the
 * subtree found an assignment or was cut.  A value fails through the
 * literals or the rules that clash, whose positions (and the lines, for a
 * literal against them or a rule with couples inside) it collects.  When
 * a subtree's failure does not depend on p, every other item of p fails
 * the same way, and the search jumps back over p (conflict-directed
 * backjumping, Prosser 1993).  When the failure of an item of p depends
 * on nothing before p nor on the lines, it fails in every search: it is
 * learnt (lz->dead) and never tried again. */
static uint64_t
lazy_search (LgFastEngine *e, const Row *M, Lazy *lz, guint p)
{
  uint64_t below = lazy_below (p);
  if (p == lz->n_vars)
    {
      if (lz->expansion)
        {
          /* each node of the expansion a step */
          guint64 found = e->lz_found;
          const LgRule *overflow; /* never: the rules are safe */
          lg_expansion_set_node_limit (
              lz->expansion, e->lz_budget - MIN (e->lz_steps, e->lz_budget));
          lg_expansion_run (lz->expansion, lazy_alternative, e, &overflow);
          e->lz_steps += lg_expansion_nodes (lz->expansion);
          if (found == e->lz_found && e->lz_steps < e->lz_budget)
            return below | LAZY_M;
          return LAZY_ALL;
        }
      lazy_found (e);
      return LAZY_ALL;
    }
  guint len = e->lz_len;
  uint64_t conflicts = 0, self = lazy_bit ((int32_t) p);
  for (guint k = 0; k < e->n; k++)
    {
      if (lz->dead[p] >> k & 1)
        continue;
      if (e->lz_steps++ >= e->lz_budget || (!e->lz_record && e->lz_found))
        {
          conflicts = LAZY_ALL;
          break;
        }
      /* lazy_holds': the deadline stops it too */
      if (!e->lz_record && !(e->lz_steps & 0xfff) &&
          lg_deadline_passed (e->deadline))
        e->lz_budget = 0;
      lazy_set (lz, e->lz_value, p, k);
      uint64_t conflict = 0;
      gboolean ok = lazy_push (e, M, lz, e->lz_value, p, &conflict);
      for (uint32_t i = lz->ready_first[p]; i < lz->ready_first[p + 1] && ok;
           i++)
        if (lazy_eval (e, lz, lz->ready[i]) == LG_EVAL_FALSE)
          ok = FALSE, conflict = lz->ready_pos[i];
      for (uint32_t i = lz->partial_first[p];
           i < lz->partial_first[p + 1] && ok; i++)
        if (lazy_eval (e, lz, lz->partial[i]) == LG_EVAL_FALSE)
          ok = FALSE, conflict = lz->partial_pos[i] & (below | self | LAZY_M);
      if (ok)
        conflict = lazy_search (e, M, lz, p + 1);
      e->lz_len = len;
      if (!(conflict & (below | LAZY_M)) && !(lz->dead[p] >> k & 1))
        {
          lz->dead[p] |= (Row) 1 << k;
          e->lz_learnt++;
        }
      if (ok && !(conflict & self))
        {
          /* the subtree failed whatever the item of p */
          conflicts = conflict;
          break;
        }
      conflicts |= conflict;
    }
  lazy_set (lz, e->lz_value, p, LG_UNSET);
  return conflicts == LAZY_ALL ? LAZY_ALL : conflicts & (below | LAZY_M);
}

/* Steps of a lazy group's search in one propagation: past them, the group
 * narrows nothing and fails nothing (the complete assignments are checked
 * with no limit but the engine's, see lazy_holds).  A step is a value
 * tried or a node of the expansion of its couple logic.  Tried and
 * dropped: a budget halved after each search that passes it (down to 50)
 * and doubled after one that ends: 20 times faster where the searches
 * seldom end, but on a random file whose group needs its searches to
 * narrow the lines, 192,202 nodes instead of 880 (doc/performance.md). */
#define LAZY_BUDGET 2000

/* After LAZY_MISSES searches of a group in a row that pass the budget,
 * the group skips its next propagations: 1, then 2, 4, 8 and at most
 * 2^LAZY_SKIP_LOG after each further miss, until a search ends within
 * the budget.  A search past it narrows nothing anyway; a group whose
 * searches seldom end spent most of the steps of the random files of the
 * cross-check (doc/performance.md: 634 million lazy steps on 87 of them,
 * 123 million with the skips, 4 % more nodes, the same answers).  Unlike
 * a smaller budget, it leaves alone the groups whose searches end now and
 * then, and need to (rnd2 seed 69). */
#define LAZY_MISSES 4
#define LAZY_SKIP_LOG 4

/* A search of lz against M from its first variable, within budget steps
 * (lz_found and lz_steps counted from 0; the steps added to the stats'):
 * TRUE when it ended within them.  process_lazy's and lazy_holds'. */
static gboolean
lazy_run (LgFastEngine *e, const Row *M, Lazy *lz, guint64 budget,
          gboolean record)
{
  e->lz_found = e->lz_steps = e->lz_learnt = 0;
  e->lz_budget = budget;
  e->lz_record = record;
  e->lz_len = 0;
  e->lz_m = M;
  e->lz_conflict = lazy_search (e, M, lz, 0);
  e->lazy_steps += e->lz_steps;
  return e->lz_steps < e->lz_budget;
}

/* Steps of lazy_refuted's search (see there). */
#define LAZY_REFUTE_BUDGET (128 * LAZY_BUDGET)

/* A search of lz that ended without an assignment: is the group refuted
 * whatever the lines?  Yes when the failure owes nothing to them (no
 * LAZY_M).  Else, when the search learnt items dead (lz_learnt), which
 * make the next search shorter, the group is searched against lines that
 * hold every item, within LAZY_REFUTE_BUDGET steps, again while such a
 * search learns more: one that ends with no assignment refutes it.
 * Refuted, e->refuted: no state has a solution, and the rest of the
 * search fails at once instead of node by node
 * (tests/input/parity3.lgm: twice a sum of nine house numbers
 * is never 41, but each complete assignment of the grid learnt it of the
 * red one's house only; 15.5 million nodes and 6 s before, 67 nodes now;
 * with half the budget, 1.4 million: the first such search stopped before
 * it learnt anything).  The searches are bounded: each learns an item, or
 * is the last. */
static void
lazy_refuted (LgFastEngine *e, Lazy *lz)
{
  if (!(e->lz_conflict & LAZY_M))
    e->refuted = TRUE;
  else
    while (e->lz_learnt)
      {
        gboolean complete =
            lazy_run (e, e->lz_open_m, lz, LAZY_REFUTE_BUDGET, FALSE);
        if (complete || e->lz_found)
          {
            e->refuted = !e->lz_found;
            break;
          }
      }
}

/* A lazy group: its assignments searched against M.  No assignment left:
 * fail.  Else, when the search ended within its budget, the cells of the
 * group's lines that no assignment leaves possible go (lazy_support): arc
 * consistency over its cells, as the leaves' union in process_group.
 * After searches past the budget, some propagations are skipped
 * (LAZY_MISSES). */
static gboolean
process_lazy (LgFastEngine *e, uint8_t *state, guint gi)
{
  Row *M = state_m (e, state);
  Lazy *lz = &e->lazy[e->groups[gi].lazy];
  if (lz->skip)
    {
      lz->skip--;
      return TRUE;
    }
  guint n = e->n, G = e->G;
  e->lz_n_open = 0;
  for (guint i = 0; i < lz->n_rows; i++)
    {
      uint32_t r = lz->rows[i];
      if (r / n / G < (r / n) % G)
        {
          e->lz_sup[r] = 0;
          e->lz_open[e->lz_n_open++] = r;
        }
    }
  if (!lazy_run (e, M, lz, LAZY_BUDGET, TRUE))
    {
      if (++lz->misses >= LAZY_MISSES)
        lz->skip = 1u << MIN (lz->misses - LAZY_MISSES, LAZY_SKIP_LOG);
      return TRUE;
    }
  lz->misses = 0;
  if (!e->lz_found)
    {
      lazy_refuted (e, lz);
      e->weight[gi]++;
      return FALSE;
    }
  for (guint i = 0; i < e->lz_n_open; i++)
    {
      uint32_t r = e->lz_open[i];
      if (!restrict_line (e, M, r / n / G, (r / n) % G, r % n, e->lz_sup[r]))
        return FALSE;
    }
  return TRUE;
}

/* Does some assignment of every lazy group hold with M (a complete
 * assignment of the lines)?  No limit here but the engine's: the deadline,
 * and the node limit at LAZY_BUDGET steps a node (either passed: FALSE,
 * and the search stops). */
static gboolean
lazy_holds (LgFastEngine *e, const Row *M)
{
  guint64 budget = e->node_limit > G_MAXUINT64 / LAZY_BUDGET
                       ? G_MAXUINT64
                       : e->node_limit * LAZY_BUDGET;
  for (guint i = 0; i < e->n_lazy; i++)
    {
      gboolean complete = lazy_run (e, M, &e->lazy[i], budget, FALSE);
      if (e->lz_found)
        continue;
      if (!complete && !lg_deadline_passed (e->deadline))
        e->over_limit = TRUE;
      if (complete)
        lazy_refuted (e, &e->lazy[i]);
      return FALSE;
    }
  return TRUE;
}

/* A constraint group: drops the leaves that cannot hold any more; fails
 * when none is left, applies the last one, and otherwise narrows what all
 * the leaves left agree on.  A leaf cannot hold when one of its literals
 * cannot, and under LARGE_MIN_ITEMS items also when two of them cannot
 * hold together (lits_agree).  From LARGE_MIN_ITEMS items that second test
 * is left out: it reads lines that do not wake the group (the relations
 * between the items of two literals), so with it the fixpoint of propagate
 * would depend on the order of its steps, and a probe that probe skips as
 * implied could fail.  Measured on 24 hard minimised puzzles, it took
 * 40 % of the time and the search without it makes 0.6 % more nodes;
 * waking the groups on those lines too cost 2.5 times the time a node.
 * There, the literals that add_persons adds to the leaves say the same of
 * the two yes literals of a clue like "a < b", and the groups are woken by
 * their lines. */
static gboolean
process_group (LgFastEngine *e, uint8_t *state, guint gi)
{
  Row *M = state_m (e, state);
  uint32_t *active = (uint32_t *) state;
  uint8_t *sat = state + e->sat_offset;
  const LeafGroup *g = &e->groups[gi];
  if (g->lazy >= 0)
    return process_lazy (e, state, gi);
  uint32_t *order = e->order + g->leaf_first;
  uint32_t nact = active[gi];
  for (uint32_t k = 0; k < nact;)
    {
      uint32_t leaf = order[k];
      const Lit *l = e->lits + e->leaf_start[leaf];
      const Lit *end = e->lits + e->leaf_start[leaf + 1];
      gboolean compatible = TRUE, entailed = TRUE;
      for (; l < end; l++)
        {
          Row r = M[l->row];
          if (l->yes)
            {
              if (!(r & l->bit))
                {
                  compatible = FALSE;
                  break;
                }
              entailed &= r == l->bit;
            }
          else
            {
              if (r == l->bit)
                {
                  compatible = FALSE;
                  break;
                }
              entailed &= !(r & l->bit);
            }
        }
      if (compatible && !entailed && e->n < LARGE_MIN_ITEMS)
        {
          /* the literals two by two, a yes first */
          const Lit *first = e->lits + e->leaf_start[leaf];
          for (const Lit *p = first; p < end && compatible; p++)
            if (p->yes)
              for (const Lit *q = first; q < end && compatible; q++)
                if (q != p && (!q->yes || q > p))
                  compatible = lits_agree (e, M, p, q);
        }
      if (!compatible)
        {
          order[k] = order[--nact];
          order[nact] = leaf;
          continue;
        }
      if (entailed)
        {
          active[gi] = nact;
          sat[gi] = 1;
          return TRUE;
        }
      k++;
    }
  active[gi] = nact;
  if (nact == 0)
    {
      e->weight[gi]++;
      return FALSE;
    }
  if (nact == 1)
    {
      sat[gi] = 1;
      for (uint32_t i = e->leaf_start[order[0]];
           i < e->leaf_start[order[0] + 1]; i++)
        if (!apply_lit (e, M, &e->lits[i]))
          return FALSE;
      return TRUE;
    }
  if (g->n_lines)
    memset (e->cnt, 0, g->n_lines * sizeof *e->cnt);
  if (g->n_lines)
    memset (e->uni, 0, g->n_lines * sizeof *e->uni);
  if (g->n_cells)
    memset (e->ncnt, 0, g->n_cells * sizeof *e->ncnt);
  for (uint32_t k = 0; k < nact; k++)
    {
      uint32_t leaf = order[k];
      for (uint32_t i = e->leaf_start[leaf]; i < e->leaf_start[leaf + 1]; i++)
        {
          const Lit *l = &e->lits[i];
          if (l->yes)
            {
              e->cnt[l->key]++;
              e->uni[l->key] |= l->bit;
              e->cnt[l->tkey]++;
              e->uni[l->tkey] |= (Row) (1u << l->a);
            }
          else
            e->ncnt[l->key]++;
        }
    }
  for (uint32_t k = 0; k < g->n_lines; k++)
    if (e->cnt[k] == nact)
      {
        const Key *key = &e->lines[g->line_first + k];
        if (!restrict_line (e, M, key->x, key->y, key->a, e->uni[k]))
          return FALSE;
      }
  for (uint32_t k = 0; k < g->n_cells; k++)
    if (e->ncnt[k] == nact)
      {
        const Key *key = &e->cells[g->cell_first + k];
        if (!restrict_line (e, M, key->x, key->y, key->a,
                            (Row) (e->full & ~key->bit)))
          return FALSE;
      }
  return TRUE;
}

#ifdef LG_ENABLE_CHECKS
/* T is M by item, 0 elsewhere (see state_t). */
static void
t_mirrors_m (const LgFastEngine *e, uint8_t *state)
{
  const Row *M = state_m (e, state), *T = state_t (e, state);
  for (guint x = 0; x < e->G; x++)
    for (guint a = 0; a < e->n; a++)
      for (guint k = 0; k < e->GP; k++)
        g_assert (
            T[((size_t) x * e->n + a) * e->GP + k] ==
            (k < e->G && k != x ? M[((size_t) x * e->G + k) * e->n + a] : 0));
}
#endif

/* To the fixpoint, one step at a time: a constraint group woken, else a
 * line to revise from (the singles, then the queue: see push_row), else
 * the all-different of a pair whose matrix changed; under LARGE_MIN_ITEMS
 * items the lines queued go before the groups.
 * From LARGE_MIN_ITEMS items the groups go first: a wrong choice or probe
 * is most often found out by a clue, and then long before the path
 * consistency has run its course (measured: a failing propagation revised
 * 1,400 lines on average before, 850 after, and a node costs 10 to 35 %
 * less).  There every step reads only what wakes it (see process_group),
 * so the fixpoint is the same in any order (but for a lazy group past its
 * steps, see process_lazy); which step finds a
 * contradiction is not, and with it the weights of choose_line, so the
 * small problems keep the order whose solutions the tests pin.  FALSE on
 * a contradiction (nothing is left queued or woken). */
static gboolean
propagate (LgFastEngine *e, uint8_t *state)
{
  Row *M = state_m (e, state);
  const uint8_t *sat = state + e->sat_offset;
  gboolean groups_first = e->n >= LARGE_MIN_ITEMS;
  if (e->refuted)
    goto fail;
  for (;;)
    {
      gboolean rows = e->n_singles || e->q_len;
      if (e->n_dirty && (groups_first || !rows))
        {
          guint gi = e->dirty[--e->n_dirty];
          e->is_dirty[gi] = 0;
          if (!sat[gi] && !process_group (e, state, gi))
            goto fail;
        }
      else if (rows)
        {
          size_t r;
          if (e->n_singles)
            r = e->singles[--e->n_singles];
          else
            {
              r = e->queue[e->q_head];
              e->q_head = e->q_head + 1 == e->q_cap ? 0 : e->q_head + 1;
              e->q_len--;
            }
          if (!e->queued[r])
            continue; /* revised from already, among the singles */
          e->queued[r] = 0;
          if (!process_row (e, M, r))
            goto fail;
        }
      else if (e->n_pairs_changed)
        {
          /* the flag stays up while it runs: its own removals do not
           * queue it again (it is idempotent) */
          guint p = e->pairs_changed[e->n_pairs_changed - 1];
          if (!match_pair (e, M, p / e->G, p % e->G))
            goto fail;
          guint i = e->n_pairs_changed;
          while (e->pairs_changed[--i] != p)
            ;
          e->pairs_changed[i] = e->pairs_changed[--e->n_pairs_changed];
          e->pair_changed[p] = 0;
        }
      else
        {
#ifdef LG_ENABLE_CHECKS
          t_mirrors_m (e, state);
#endif
          return TRUE;
        }
    }
fail:
  clear_queue (e);
  clear_dirty (e);
  return FALSE;
}

/* ---- Search ------------------------------------------------------------------ */

static const char *
item_name (const LgFastEngine *e, guint group, guint item)
{
  LgGroup *g = lg_problem_get_group (e->problem, group);
  return lg_item_get_name (lg_group_get_item (g, item));
}

/* The complete assignment in e->rows (row_of: its inverse) against every
 * pair's matrix and every constraint group not yet satisfied: some leaf
 * still active must hold.  Propagation makes this true; the check keeps a
 * solution from being printed if it ever were not. */
static gboolean
solution_holds (LgFastEngine *e, uint8_t *state)
{
  Row *M = state_m (e, state);
  const uint32_t *active = (const uint32_t *) state;
  const uint8_t *sat = state + e->sat_offset;
  guint G = e->G, n = e->n;
  for (guint i = 1; i < G; i++)
    for (guint j = i + 1; j < G; j++)
      {
        const Row *l = line (e, M, i, j);
        for (guint r = 0; r < n; r++)
          if (!(l[e->rows[i * n + r]] & (1u << e->rows[j * n + r])))
            return FALSE;
      }
  for (guint gi = 0; gi < e->n_groups; gi++)
    {
      if (sat[gi] || e->groups[gi].lazy >= 0)
        continue;
      const uint32_t *order = e->order + e->groups[gi].leaf_first;
      gboolean some = FALSE;
      for (uint32_t k = 0; k < active[gi] && !some; k++)
        {
          some = TRUE;
          for (uint32_t i = e->leaf_start[order[k]];
               i < e->leaf_start[order[k] + 1] && some; i++)
            {
              const Lit *l = &e->lits[i];
              gboolean together =
                  e->row_of[l->gi * n + l->a] ==
                  e->row_of[l->gj * n + l->b];
              some = together == l->yes;
            }
        }
      if (!some)
        return FALSE;
    }
  return TRUE;
}

static void
emit (LgFastEngine *e, uint8_t *state, guint depth)
{
  Row *M = state_m (e, state);
  guint n = e->n;
  for (guint r = 0; r < n; r++)
    e->rows[r] = e->row_of[r] = (uint8_t) r;
  for (guint g = 1; g < e->G; g++)
    {
      const Row *l = line (e, M, 0, g);
      for (guint r = 0; r < n; r++)
        {
          guint item = (guint) lg_bitset_ctz64 (l[r]);
          e->rows[g * n + r] = (uint8_t) item;
          e->row_of[g * n + item] = (uint8_t) r;
        }
    }
  /* a lazy group whose search ran out of steps may not hold: not a bug */
  if (!lazy_holds (e, M))
    {
      e->backtracks++;
      return;
    }
  if (!solution_holds (e, state))
    {
      g_warn_if_reached ();
      e->backtracks++;
      return;
    }
#ifdef LG_ENABLE_CHECKS
  /* (it enumerates every assignment of each group: not with lazy ones) */
  g_assert (e->n_lazy || lg_checker_verify (e->problem, e->set, e->perm));
#endif
  e->solutions++;
  lg_progress_hide (e->progress);
  if (e->trace)
    fprintf (e->trace, "%*ssolution %" G_GUINT64_FORMAT "\n", (int) (2 * depth),
             "", e->solutions);
  if (e->func && !e->func (e->problem, &e->solution, e->user_data))
    e->stopped = TRUE;
}

/* A line's own failures weigh this many times a constraint group's in
 * choose_line (measured: 8 to 32 about as good, 1, 4 and 64 worse). */
#define LINE_WEIGHT 32

/* A failure on line (x -> y, a), counted from LARGE_MIN_ITEMS items. */
static inline void
blame_line (LgFastEngine *e, guint x, guint y, guint a)
{
  if (e->n >= LARGE_MIN_ITEMS)
    e->line_weight[((size_t) x * e->G + y) * e->n + a]++;
}

/* The line to branch on: the partner in group y of item a of group x >= 1
 * (line (x -> y, a); y = 0: where the item is), among those with at least
 * two items left, the fewest items per weight (dom/wdeg): the weight of a
 * line is 1 plus, for each constraint group not yet satisfied that has a
 * literal on it, 1 plus the times the group failed, plus LINE_WEIGHT times
 * the failures on the line itself (line_weight: from LARGE_MIN_ITEMS items,
 * each failed probe of one of its items, which counts on the transposed
 * line too, and each choice of one of its items whose propagation failed;
 * most of those fail in the path consistency or the all-different, where
 * no constraint group takes the blame).  The first such line on
 * ties (x, then y, then a ascending).  The lines of x = 0 ("who is in row
 * a") are left out: measured, they lead the search astray.  FALSE when every
 * line is down to one item: a solution. */
static gboolean
choose_line (LgFastEngine *e, uint8_t *state, guint *bx, guint *by, guint *ba)
{
  const Row *M = state_m (e, state);
  const uint8_t *sat = state + e->sat_offset;
  guint n = e->n, G = e->G, best = 0;
  guint64 best_weight = 1;
  for (guint x = 1; x < G; x++)
    for (guint y = 0; y < G; y++)
      {
        if (x == y)
          continue;
        size_t first = ((size_t) x * G + y) * n;
        for (guint a = 0; a < n; a++)
          {
            Row l = M[first + a];
            if (!(l & (l - 1)))
              continue;
            guint c = (guint) lg_bitset_popcount64 (l);
            guint64 w = 1 + LINE_WEIGHT * e->line_weight[first + a];
            for (uint32_t i = e->line_first[first + a];
                 i < e->line_first[first + a + 1]; i++)
              if (!sat[e->line_groups[i]])
                w += 1 + e->weight[e->line_groups[i]];
            if (!best || c * best_weight < best * w)
              {
                best = c;
                best_weight = w;
                *bx = x;
                *by = y;
                *ba = a;
              }
          }
      }
  return best != 0;
}

/* probe_pair: the pairs of groups (x > y) whose matrix in states[depth]
 * differs from the parent's, or all of them (see probe). */
static void
mark_changed_pairs (LgFastEngine *e, guint depth)
{
  guint G = e->G;
  size_t n = e->n;
  gboolean all = depth == 0 || e->n < LARGE_MIN_ITEMS;
  const Row *M = state_m (e, e->states + depth * e->state_size);
  const Row *P = all ? M : state_m (e, e->states + (depth - 1) * e->state_size);
  for (guint x = 1; x < G; x++)
    for (guint y = 0; y < x; y++)
      {
        size_t first = ((size_t) x * G + y) * n;
        e->probe_pair[x * G + y] =
            all || memcmp (M + first, P + first, n * sizeof *M) != 0;
      }
}

/* Line (x -> y, a) of state keeps only the items of keep, and the state
 * is propagated: FALSE when it fails (the lines queued and the groups
 * woken are then dropped).  A choice, a probe and the removal of a failed
 * probe all narrow a state this way. */
static gboolean
narrow (LgFastEngine *e, uint8_t *state, guint x, guint y, guint a, Row keep)
{
  if (restrict_line (e, state_m (e, state), x, y, a, keep) &&
      propagate (e, state))
    return TRUE;
  clear_queue (e);
  clear_dirty (e);
  return FALSE;
}

/* Failed-literal probing of states[depth], propagated: each line
 * (x -> y, a), x > y, down to two items is tried both ways in
 * states[depth + 1]; an item whose propagation fails is removed and the
 * state propagated again, until no probe fails.  FALSE when the state
 * fails.  (Measured: it costs little on easy puzzles and cuts the search
 * of nearly unique ones by one or two orders of magnitude.)
 *
 * A probe that holds makes the ones it implies useless while the state
 * stays the same: propagation is monotone, so if the child of "line r is
 * {b}" holds and has line r' down to {b'}, the weaker "line r' is {b'}"
 * propagates to a superset of that child and cannot fail either.  safe[r]
 * keeps those items; it is cleared whenever a failed probe narrows the
 * state.  The states, the failures and the search are the same as when
 * every probe is tried; only the probes run (counted in nodes) are fewer.
 *
 * From LARGE_MIN_ITEMS items, below the root, only the lines of the pairs
 * of groups whose matrix changed since the parent's probing are probed
 * (the others are counted as probes skipped): a probe of an unchanged pair
 * held there, and most still hold.  This weakens the probing, not its
 * soundness: an item is removed only when its probe failed.  (Measured:
 * fewer probes, and on the hard 10x10 puzzles fewer nodes in all; see
 * doc/performance.md.) */
/* The probe "line (x -> y, a) is {bit}", on a copy of state in child,
 * propagated (one node): TRUE when it holds. */
static gboolean
probe_holds (LgFastEngine *e, const uint8_t *state, uint8_t *child, guint x,
             guint y, guint a, Row bit)
{
  memcpy (child, state, e->state_size);
  e->nodes++;
  lg_progress_tick_share (e->progress, e->nodes, e->done);
  return narrow (e, child, x, y, a, bit);
}

/* A probe that failed: bit leaves line (x -> y, a) of state, which is
 * propagated again.  FALSE when the state fails. */
static gboolean
remove_probed (LgFastEngine *e, uint8_t *state, guint x, guint y, guint a,
               Row bit)
{
  return narrow (e, state, x, y, a,
                 line (e, state_m (e, state), x, y)[a] & (Row) ~bit);
}

/* From LARGE_MIN_ITEMS items: the probe "line r is {bit}" failed in
 * states[depth + 1], to be tried on states[depth] (see lift); once each,
 * LIFT_MAX at most. */
static void
lift_push (LgFastEngine *e, guint depth, size_t r, Row bit)
{
  uint32_t *rows = e->lift_row + (size_t) depth * LIFT_MAX;
  Row *bits = e->lift_bit + (size_t) depth * LIFT_MAX;
  guint len = e->lift_len[depth];
  for (guint i = 0; i < len; i++)
    if (rows[i] == r && bits[i] == bit)
      return;
  if (len == LIFT_MAX)
    return;
  rows[len] = (uint32_t) r;
  bits[len] = bit;
  e->lift_len[depth] = (uint8_t) (len + 1);
}

static gboolean
probe (LgFastEngine *e, guint depth)
{
  uint8_t *state = e->states + depth * e->state_size;
  uint8_t *child = state + e->state_size;
  Row *M = state_m (e, state);
  const Row *CM = state_m (e, child);
  Row *safe = e->safe;
  size_t m = (size_t) e->G * e->G * e->n;
  memset (safe, 0, m * sizeof *safe);
  gboolean changed = TRUE;
  gboolean backoff = e->n >= LARGE_MIN_ITEMS;
  guint64 probing = ++e->probings;
  gboolean skips = backoff && e->nodes >= PROBE_BACKOFF_NODES;
  while (changed)
    {
      changed = FALSE;
      mark_changed_pairs (e, depth);
      for (guint x = 1; x < e->G; x++)
        for (guint y = 0; y < x; y++)
          for (guint a = 0; a < e->n; a++)
            {
              size_t r = ((size_t) x * e->G + y) * e->n + a;
              Row l = M[r];
              if (!two_items (l))
                continue;
              if (!e->probe_pair[x * e->G + y] ||
                  (skips && probing < e->skip_until[r]))
                {
                  e->probes_skipped++;
                  continue;
                }
              gboolean held = TRUE;
#ifdef LG_ENABLE_CHECKS
              /* the probes skipped hold indeed; not with lazy groups,
               * whose propagation is not a function of the state: their
               * searches skip propagations after missing their budget,
               * and learn items that fail, so a probe judged safe may
               * fail later (a removal missed, never a wrong one) */
              for (Row bits = e->n_lazy ? 0 : l & safe[r]; bits;
                   bits &= (Row) (bits - 1))
                {
                  memcpy (child, state, e->state_size);
                  g_assert (restrict_line (e, state_m (e, child), x, y, a,
                                           bits & (Row) -bits) &&
                            propagate (e, child));
                }
#endif
              for (Row bits = l & (Row) ~safe[r]; bits;
                   bits &= (Row) (bits - 1))
                {
                  Row bit = bits & (Row) -bits;
                  if (probe_holds (e, state, child, x, y, a, bit))
                    {
                      /* the lines it settled, among those probed: the
                       * lines (x' -> y', a'), x' > y', a block of
                       * x' * n lines from (x', 0, 0) */
                      for (guint x2 = 1; x2 < e->G; x2++)
                        {
                          size_t s0 = (size_t) x2 * e->G * e->n;
                          for (size_t s = s0; s < s0 + (size_t) x2 * e->n; s++)
                            {
                              Row c = CM[s];
                              if (!(c & (c - 1)) && c != M[s])
                                safe[s] |= c;
                            }
                        }
                      continue;
                    }
                  held = FALSE;
                  e->held_streak[r] = 0;
                  e->skip_until[r] = 0;
                  if (depth > 0 && e->n >= LARGE_MIN_ITEMS)
                    lift_push (e, depth - 1, r, bit);
                  e->backtracks++;
                  blame_line (e, x, y, a);
                  blame_line (e, y, x, (guint) lg_bitset_ctz64 (bit));
                  if (!remove_probed (e, state, x, y, a, bit))
                    return FALSE;
                  memset (safe, 0, m * sizeof *safe);
                  changed = TRUE;
                  break;
                }
              if (held && backoff)
                {
                  /* held again: the k-th time in a row, probed again
                   * 2^(k - 2) probings later, from k = 3 on (it skips
                   * none for k = 2; see PROBE_BACKOFF_NODES) */
                  guint streak = e->held_streak[r];
                  if (streak < UINT8_MAX)
                    e->held_streak[r] = (uint8_t) (streak + 1);
                  if (streak)
                    e->skip_until[r] =
                        probing + (1u << MIN (streak - 1, PROBE_BACKOFF_MAX));
                }
            }
    }
  return TRUE;
}

/* The probes that failed in the children of states[depth] so far
 * (lift_push), tried on states[depth] itself once a child's subtree is
 * done: propagation is monotone, so a probe that fails on a state fails
 * on every state below it, but the child's failure may not need the
 * child's choice.  One that fails here too is removed here, for the
 * children still to come, and passed on to the parent, which tries it in
 * turn.  (Measured on hard minimised puzzles: a third of the probes that
 * fail below the root fail on some ancestor too.  A search that took a
 * wrong turn near the root then finds it out there, instead of in each of
 * the subtrees below: 12x12 seed 7, 871,980 nodes without it, 24,352 with
 * it.)  They cannot be tried at once on an ancestor's state: the sparse
 * sets of the leaves are shared by the states, and propagating an
 * ancestor would reorder the leaves of the states below it; the children
 * are done with when this runs.  FALSE when the state fails. */
static gboolean
lift (LgFastEngine *e, guint depth)
{
  uint8_t *state = e->states + depth * e->state_size;
  uint8_t *child = state + e->state_size;
  Row *M = state_m (e, state);
  const uint32_t *rows = e->lift_row + (size_t) depth * LIFT_MAX;
  const Row *bits = e->lift_bit + (size_t) depth * LIFT_MAX;
  guint len = e->lift_len[depth];
  e->lift_len[depth] = 0;
  for (guint i = 0; i < len; i++)
    {
      size_t r = rows[i];
      Row bit = bits[i];
      guint x, y, a;
      if (!(M[r] & bit))
        continue;
      line_of_row (e, r, &x, &y, &a);
      if (probe_holds (e, state, child, x, y, a, bit))
        continue;
      if (depth > 0)
        lift_push (e, depth - 1, r, bit);
      if (!remove_probed (e, state, x, y, a, bit))
        return FALSE;
    }
  return TRUE;
}

/* Explores the subtree of states[depth], propagated, which stands for
 * share of the whole search (e->done). */
static void
search (LgFastEngine *e, guint depth, double share)
{
  uint8_t *state = e->states + depth * e->state_size;
  Row *M = state_m (e, state);
  e->lift_len[depth] = 0;
  if (depth + 1 < e->max_depth && !probe (e, depth))
    {
      if (e->trace)
        fprintf (e->trace, "%*sfail\n", (int) (2 * depth), "");
      return;
    }
  guint bx = 0, by = 0, ba = 0;
  if (!choose_line (e, state, &bx, &by, &ba))
    {
      emit (e, state, depth);
      return;
    }
  g_assert (depth + 1 < e->max_depth);
  uint8_t *child = state + e->state_size;
  Row bits = line (e, M, bx, by)[ba];
  gboolean first = TRUE;
  double done = e->done;
  guint n_children = (guint) lg_bitset_popcount64 (bits);
  double child_share = share / n_children;
  /* the callback stops the search, or the deadline, or the node limit */
  while (bits && !(e->stopped |= (e->over_limit |= e->nodes >= e->node_limit) ||
                                 lg_deadline_passed (e->deadline)))
    {
      guint b = (guint) lg_bitset_ctz64 (bits);
      bits &= (Row) (bits - 1);
      e->alternatives += !first;
      first = FALSE;
      memcpy (child, state, e->state_size);
      e->nodes++;
      /* the children before this one finished (bits: those after it) */
      e->done = done + (double) (n_children - 1 -
                                 (guint) lg_bitset_popcount64 (bits)) *
                           child_share;
      lg_progress_set_depth (e->progress, depth + 1);
      lg_progress_tick_share (e->progress, e->nodes, e->done);
      if (e->trace)
        fprintf (e->trace, "%*s%s:%s = %s:%s\n", (int) (2 * depth), "",
                 lg_group_get_name (lg_problem_get_group (e->problem, bx)),
                 item_name (e, bx, ba),
                 lg_group_get_name (lg_problem_get_group (e->problem, by)),
                 item_name (e, by, b));
      if (narrow (e, child, bx, by, ba, (Row) (1u << b)))
        search (e, depth + 1, child_share);
      else
        {
          e->backtracks++;
          blame_line (e, bx, by, ba);
          if (e->trace)
            fprintf (e->trace, "%*sfail\n", (int) (2 * depth + 2), "");
        }
      if (e->lift_len[depth] && !e->stopped)
        {
          if (!lift (e, depth))
            return;
          bits &= line (e, M, bx, by)[ba];
        }
    }
}

/* The facts of strip_facts and the given cells, on the root's lines. */
static gboolean
apply_facts (LgFastEngine *e, Row *M)
{
  for (guint i = 0; i < e->n_facts; i++)
    {
      guint64 c = e->facts[i];
      guint gi = CODE_GI (c), gj = CODE_GJ (c), a = CODE_A (c);
      Row bit = (Row) 1u << CODE_B (c);
      if (!restrict_line (e, M, gi, gj, a,
                          line (e, M, gi, gj)[a] &
                              (CODE_YES (c) ? bit : (Row) ~bit)))
        return FALSE;
    }
  return TRUE;
}

/* ---- Weights from one search to the next ------------------------------------ */

/* line_weight of the last search that used it, of G groups of n items (0
 * and NULL: none yet). */
struct _LgSearchWeights
{
  guint G, n;
  guint64 *line;
};

LgSearchWeights *
lg_search_weights_new (void)
{
  return g_new0 (LgSearchWeights, 1);
}

void
lg_search_weights_free (LgSearchWeights *weights)
{
  if (!weights)
    return;
  g_free (weights->line);
  g_free (weights);
}

guint64
lg_search_weights_total (const LgSearchWeights *weights)
{
  g_return_val_if_fail (weights != NULL, 0);
  guint64 total = 0;
  for (size_t i = 0; i < (size_t) weights->G * weights->G * weights->n; i++)
    total += weights->line[i];
  return total;
}

guint64
lg_engine_fast_explore (LgFastEngine *e, LgSolutionFunc func,
                        gpointer user_data)
{
  LgStats *stats = e->stats;
  g_autoptr (GTimer) timer = g_timer_new ();
  e->func = func;
  e->user_data = user_data;
  e->stopped = e->over_limit = e->refuted = FALSE;
  e->nodes = e->alternatives = e->backtracks = e->solutions = 0;
  e->probes_skipped = e->lazy_steps = 0;
  e->done = 0;
  lg_progress_begin (e->progress, "explore", "nodes", 0);
  if (!e->infeasible)
    {
      uint8_t *state = e->states;
      memset (state, 0, e->state_size);
      uint32_t *active = (uint32_t *) state;
      for (guint gi = 0; gi < e->n_groups; gi++)
        active[gi] = e->groups[gi].n_leaves;
      Row *M = state_m (e, state);
      /* every group is processed once at the root */
      for (guint gi = e->n_groups; gi-- > 0;)
        {
          e->is_dirty[gi] = 1;
          e->dirty[e->n_dirty++] = gi;
        }
      memset (e->weight, 0, MAX (e->n_groups, 1) * sizeof (guint64));
      if (e->carry && e->carry->G == e->G && e->carry->n == e->n)
        memcpy (e->line_weight, e->carry->line, e->q_cap * sizeof (guint64));
      else
        memset (e->line_weight, 0, e->q_cap * sizeof (guint64));
      for (guint x = 0; x < e->G; x++)
        for (guint y = 0; y < e->G; y++)
          if (x != y)
            for (guint a = 0; a < e->n; a++)
              {
                line (e, M, x, y)[a] = e->full;
                state_t (e, state)[((size_t) x * e->n + a) * e->GP + y] =
                    e->full;
              }
      e->nodes++;
      if (apply_facts (e, M) && propagate (e, state))
        search (e, 0, 1);
      else
        {
          e->backtracks++;
          if (e->trace)
            fprintf (e->trace, "fail\n");
        }
    }
  lg_progress_end (e->progress);
  if (e->carry && !e->infeasible)
    {
      if (e->carry->G != e->G || e->carry->n != e->n)
        {
          e->carry->G = e->G;
          e->carry->n = e->n;
          e->carry->line = g_renew (guint64, e->carry->line, e->q_cap);
        }
      memcpy (e->carry->line, e->line_weight, e->q_cap * sizeof (guint64));
    }
  if (stats)
    {
      stats->time_explore = g_timer_elapsed (timer, NULL);
      stats->nodes_explored = e->nodes;
      stats->alternatives = e->alternatives;
      stats->backtracks = e->backtracks;
      stats->solutions = e->solutions;
      stats->probes_skipped = e->probes_skipped;
      stats->lazy_steps = e->lazy_steps;
    }
  return e->solutions;
}

static LgEngineImpl *
class_create (const LgEngineSetup *setup, GError **error)
{
  LgFastEngine *e = lg_engine_fast_new (setup, error);
  return e ? &e->impl : NULL;
}

static guint64
class_explore (LgEngineImpl *engine, LgSolutionFunc func, gpointer user_data)
{
  return lg_engine_fast_explore ((LgFastEngine *) engine, func, user_data);
}

static void
class_free (LgEngineImpl *engine)
{
  lg_engine_fast_free ((LgFastEngine *) engine);
}

static gboolean
class_over_limit (const LgEngineImpl *engine)
{
  return ((const LgFastEngine *) engine)->over_limit;
}

const LgEngineClass lg_engine_fast_class = {
  .name = "fast",
  .create = class_create,
  .explore = class_explore,
  .tree = NULL,                   /* no AND/OR tree: nothing for the views */
  .estimate = NULL,               /* fast enough not to ask */
  .over_limit = class_over_limit, /* setup->step_limit: nodes */
  .free = class_free,
};
