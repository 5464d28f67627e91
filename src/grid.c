/* grid — the solver's grid: its cells, the one-to-one rule's steps and the
 * staircase drawing.  See grid.h; the rules never write a cell that is
 * known already, so a rule given the grid itself as its output (as
 * lg_grid_close does) only adds. */
#include "grid.h"

#include "pair.h"

void
lg_grid_shape_init (LgGridShape *shape, const LgProblem *problem)
{
  shape->problem = problem;
  shape->n_groups = lg_problem_n_groups (problem);
  shape->n = lg_group_n_items (lg_problem_get_group (problem, 0));
  shape->n_pairs = lg_pair_count (shape->n_groups);
  shape->n_cells = shape->n_pairs * shape->n * shape->n;
  /* one word at least: a problem of one group has no cell, and its sets
   * are still arrays to copy */
  shape->words = (guint) MAX (lg_bitset_n_words (shape->n_cells), 1);
}

void
lg_grid_cell_items (const LgGridShape *shape, guint cell, guint *g1, guint *i1,
                    guint *g2, guint *i2)
{
  guint nn = shape->n * shape->n;
  lg_pair_groups (cell / nn, g1, g2);
  *i1 = cell % nn / shape->n;
  *i2 = cell % shape->n;
}

void
lg_grid_line (const LgGridShape *shape, guint group, guint item, guint other,
              guint *cells)
{
  for (guint j = 0; j < shape->n; j++)
    cells[j] = lg_grid_cell (shape, group, item, other, j);
}

static gboolean
known (const uint64_t *yes, const uint64_t *no, guint cell)
{
  return lg_bitset_test (yes, cell) || lg_bitset_test (no, cell);
}

static void
add_use (GArray *uses, guint cell, gboolean yes)
{
  if (uses)
    {
      LgGridFact f = { cell, yes };
      g_array_append_val (uses, f);
    }
}

/* Derives `cell` = value unless it is known or derived already. */
static guint
derive (const uint64_t *yes, const uint64_t *no, guint cell, gboolean value,
        uint64_t *derived_yes, uint64_t *derived_no)
{
  if (known (yes, no, cell) || lg_bitset_test (derived_yes, cell) ||
      lg_bitset_test (derived_no, cell))
    return 0;
  lg_bitset_set (value ? derived_yes : derived_no, cell);
  return 1;
}

guint
lg_grid_exclusion (const LgGridShape *shape, const uint64_t *yes,
                   const uint64_t *no, guint cell, uint64_t *derived_yes,
                   uint64_t *derived_no, GArray *uses)
{
  guint g1, i1, g2, i2, count = 0;
  if (!lg_bitset_test (yes, cell))
    return 0;
  lg_grid_cell_items (shape, cell, &g1, &i1, &g2, &i2);
  for (guint k = 0; k < shape->n; k++)
    {
      if (k != i2)
        count += derive (yes, no, lg_grid_cell (shape, g1, i1, g2, k), FALSE,
                         derived_yes, derived_no);
      if (k != i1)
        count += derive (yes, no, lg_grid_cell (shape, g1, k, g2, i2), FALSE,
                         derived_yes, derived_no);
    }
  if (count)
    add_use (uses, cell, TRUE);
  return count;
}

guint
lg_grid_last (const LgGridShape *shape, const uint64_t *yes, const uint64_t *no,
              guint group, guint item, guint other, uint64_t *derived_yes,
              uint64_t *derived_no, GArray *uses)
{
  guint open = shape->n, n_open = 0;
  for (guint j = 0; j < shape->n; j++)
    {
      guint c = lg_grid_cell (shape, group, item, other, j);
      if (lg_bitset_test (yes, c))
        return 0;
      if (!lg_bitset_test (no, c))
        {
          open = c;
          n_open++;
        }
    }
  if (n_open != 1 || !derive (yes, no, open, TRUE, derived_yes, derived_no))
    return 0;
  for (guint j = 0; j < shape->n; j++)
    {
      guint c = lg_grid_cell (shape, group, item, other, j);
      if (c != open)
        add_use (uses, c, FALSE);
    }
  return 1;
}

guint
lg_grid_transitivity (const LgGridShape *shape, const uint64_t *yes,
                      const uint64_t *no, guint cell, guint third,
                      uint64_t *derived_yes, uint64_t *derived_no, GArray *uses)
{
  guint g1, i1, g2, i2, count = 0;
  if (!lg_bitset_test (yes, cell))
    return 0;
  lg_grid_cell_items (shape, cell, &g1, &i1, &g2, &i2);
  if (third == g1 || third == g2)
    return 0;
  for (guint c = 0; c < shape->n; c++)
    {
      guint ca = lg_grid_cell (shape, g1, i1, third, c);
      guint cb = lg_grid_cell (shape, g2, i2, third, c);
      for (int side = 0; side < 2; side++)
        {
          guint from = side ? ca : cb, to = side ? cb : ca;
          if (known (yes, no, from) &&
              derive (yes, no, to, lg_bitset_test (yes, from), derived_yes,
                      derived_no))
            {
              if (count++ == 0)
                add_use (uses, cell, TRUE);
              add_use (uses, from, lg_bitset_test (yes, from));
            }
        }
    }
  return count;
}

LgGridConflict
lg_grid_conflict (const LgGridShape *shape, const uint64_t *yes,
                  const uint64_t *no, GArray *uses)
{
  guint n = shape->n;
  for (guint w = 0; w < shape->words; w++)
    if (yes[w] & no[w])
      {
        guint c = w * 64 + (guint) lg_bitset_ctz64 (yes[w] & no[w]);
        add_use (uses, c, TRUE);
        add_use (uses, c, FALSE);
        return LG_GRID_BOTH;
      }
  for (guint g = 0; g < shape->n_groups; g++)
    for (guint h = 0; h < shape->n_groups; h++)
      for (guint i = 0; h != g && i < n; i++)
        {
          guint n_yes = 0, n_no = 0, first_yes = 0;
          for (guint j = 0; j < n; j++)
            {
              guint c = lg_grid_cell (shape, g, i, h, j);
              if (lg_bitset_test (yes, c) && n_yes++ == 0)
                first_yes = c;
              else if (lg_bitset_test (yes, c))
                {
                  add_use (uses, first_yes, TRUE);
                  add_use (uses, c, TRUE);
                  return LG_GRID_TWO_YES;
                }
              n_no += lg_bitset_test (no, c);
            }
          if (n_no == n)
            {
              for (guint j = 0; j < n; j++)
                add_use (uses, lg_grid_cell (shape, g, i, h, j), FALSE);
              return LG_GRID_NONE_LEFT;
            }
        }
  for (guint cell = 0; cell < shape->n_cells; cell++)
    if (lg_bitset_test (yes, cell))
      {
        guint g1, i1, g2, i2;
        lg_grid_cell_items (shape, cell, &g1, &i1, &g2, &i2);
        for (guint h = 0; h < shape->n_groups; h++)
          for (guint c = 0; h != g1 && h != g2 && c < n; c++)
            {
              guint ca = lg_grid_cell (shape, g1, i1, h, c);
              guint cb = lg_grid_cell (shape, g2, i2, h, c);
              if (known (yes, no, ca) && known (yes, no, cb) &&
                  lg_bitset_test (yes, ca) != lg_bitset_test (yes, cb))
                {
                  add_use (uses, cell, TRUE);
                  add_use (uses, ca, lg_bitset_test (yes, ca));
                  add_use (uses, cb, lg_bitset_test (yes, cb));
                  return LG_GRID_DISAGREE;
                }
            }
      }
  return LG_GRID_OK;
}

/* ---- Lines --------------------------------------------------------------
 * lg_grid_close, lg_grid_has_conflict and lg_grid_lines work on lines: for
 * item i of group g against group h, the yes and the no bits over h's
 * items, at work[2 * line] and work[2 * line + 1], line =
 * lg_grid_line_index (shape, g, i, h); each cell is in two lines, written
 * together.  After the lines, per item (g, i), its partners' groups: bit h
 * when its line to h has a yes (partner_groups), which spread_line reads
 * instead of every line of the item. */

/* The lines of the grid: one per item and other group. */
static inline gsize
n_lines (const LgGridShape *shape)
{
  return (gsize) shape->n_groups * shape->n_groups * shape->n;
}

/* The 32-bit words of an item's partners' groups. */
static inline guint
group_words (const LgGridShape *shape)
{
  return (shape->n_groups + 31) / 32;
}

static inline uint32_t *
partner_groups (const LgGridShape *shape, uint32_t *lines, guint g, guint i)
{
  return lines + 2 * n_lines (shape) +
         ((gsize) g * shape->n + i) * group_words (shape);
}

/* The n bits (n <= 32) of a set from bit start on (and, for the checks,
 * their OR back). */
static uint32_t
row_bits (const uint64_t *set, guint start, guint n)
{
  guint w = start / 64, shift = start % 64;
  uint64_t bits = set[w] >> shift;
  if (shift + n > 64)
    bits |= set[w + 1] << (64 - shift);
  return (uint32_t) (bits & ((UINT64_C (1) << n) - 1));
}

gsize
lg_grid_lines_size (const LgGridShape *shape)
{
  return 2 * n_lines (shape) +
         (gsize) shape->n_groups * shape->n * group_words (shape);
}

/* Then, after the lines, a queue of the lines that changed (by their
 * lg_grid_line_index, each at most once in it), a flag per line: queued,
 * and the log of the cells set (cell << 1 | yes, each at most once each
 * way). */
gsize
lg_grid_work_size (const LgGridShape *shape)
{
  return 2 * lg_grid_lines_size (shape) + 2 * (gsize) shape->n_cells;
}

/* A closure under way: the lines, and the queue of the lines to revise
 * (queue NULL: none, every line is revised in turn). */
typedef struct
{
  const LgGridShape *shape;
  uint32_t *work;
  uint32_t *queue, *queued;
  guint head, len, n_lines; /* n_lines: the queue's size, every line */
  guint changed; /* bits set so far */
  uint32_t *log; /* the cells set (NULL: not logged) */
  guint n_log;
} Closure;

static void
enqueue (Closure *c, guint line)
{
  if (!c->queue || c->queued[line])
    return;
  c->queued[line] = 1;
  guint tail = c->head + c->len;
  c->queue[tail >= c->n_lines ? tail - c->n_lines : tail] = line;
  c->len++;
}

/* Cell (g, i) x (h, j) marked yes (or no) in its two lines of lines: bit
 * j of line (g, i) -> h, bit i of line (h, j) -> g. */
static inline void
set_in_lines (const LgGridShape *shape, uint32_t *lines, guint g, guint i,
              guint h, guint j, gboolean yes)
{
  lines[2 * lg_grid_line_index (shape, g, i, h) + !yes] |= UINT32_C (1) << j;
  lines[2 * lg_grid_line_index (shape, h, j, g) + !yes] |= UINT32_C (1) << i;
  if (yes)
    {
      partner_groups (shape, lines, g, i)[h / 32] |= UINT32_C (1) << h % 32;
      partner_groups (shape, lines, h, j)[g / 32] |= UINT32_C (1) << g % 32;
    }
}

/* The next line of the queue (not empty), no longer queued. */
static guint
dequeue (Closure *c)
{
  guint line = c->queue[c->head];
  c->head = c->head + 1 == c->n_lines ? 0 : c->head + 1;
  c->len--;
  c->queued[line] = 0;
  return line;
}

/* Sets cell (g, i) x (h, j) to value in both its lines (nothing when it
 * was set already); both lines are to be revised. */
static void
work_set (Closure *c, guint g, guint i, guint h, guint j, gboolean value)
{
  guint line = lg_grid_line_index (c->shape, g, i, h);
  if (c->work[2 * line + !value] >> j & 1)
    return;
  set_in_lines (c->shape, c->work, g, i, h, j, value);
  c->changed++;
  if (c->log)
    c->log[c->n_log++] =
        lg_grid_cell (c->shape, g, i, h, j) << 1 | (value ? 1u : 0u);
  enqueue (c, line);
  enqueue (c, lg_grid_line_index (c->shape, h, j, g));
}

/* yes, no into the lines of c->work (a cell's row of its pair's matrix is
 * a line; its column, the transposed lines, bit by bit).  Nothing is
 * queued: the caller revises every item first. */
static void
load_lines (Closure *c, const uint64_t *yes, const uint64_t *no)
{
  const LgGridShape *shape = c->shape;
  guint n = shape->n, G = shape->n_groups;
  memset (c->work, 0, lg_grid_lines_size (shape) * sizeof *c->work);
  for (guint g1 = 0; g1 < G; g1++)
    for (guint g2 = g1 + 1; g2 < G; g2++)
      for (guint i = 0; i < n; i++)
        {
          guint start = lg_grid_cell (shape, g1, i, g2, 0);
          uint32_t *line = c->work + 2 * lg_grid_line_index (shape, g1, i, g2);
          for (int v = 0; v < 2; v++)
            {
              line[v] = row_bits (v ? no : yes, start, n);
              for (uint32_t m = line[v]; m; m &= m - 1)
                {
                  guint j = (guint) lg_bitset_ctz64 (m);
                  c->work[2 * lg_grid_line_index (shape, g2, j, g1) + v] |=
                      UINT32_C (1) << i;
                  if (!v)
                    partner_groups (shape, c->work, g2, j)[g1 / 32] |=
                        UINT32_C (1) << g1 % 32;
                }
            }
          if (line[0])
            partner_groups (shape, c->work, g1, i)[g2 / 32] |= UINT32_C (1)
                                                               << g2 % 32;
        }
}

/* The three rules on the line of item i of group g against group h:
 * FALSE on a conflict. */
static gboolean
close_line (Closure *c, guint g, guint i, guint h)
{
  const LgGridShape *shape = c->shape;
  guint G = shape->n_groups;
  uint32_t full = lg_grid_line_full (shape);
  uint32_t *line = c->work + 2 * lg_grid_line_index (shape, g, i, h);
  uint32_t y = line[0], o = line[1];
  if ((y & o) || (y & (y - 1)) || (o & full) == full)
    return FALSE;
  if (!y && lg_bitset_one_bit (~o & full))
    {
      work_set (c, g, i, h, (guint) lg_bitset_ctz64 (~o & full), TRUE);
      y = line[0];
    }
  if (!y)
    return TRUE;
  guint j = (guint) lg_bitset_ctz64 (y);
  for (uint32_t rest = ~(o | y) & full; rest; rest &= rest - 1)
    work_set (c, g, i, h, (guint) lg_bitset_ctz64 (rest), FALSE);
  /* (g, i) is with (h, j): they share their lines.  What (g, i) knows
   * goes to (h, j); what (h, j) knows comes when (h, j) is revised, as it
   * is whenever one of its lines changes (or the cell that joins them
   * is set): the other way here too would do the work twice. */
  for (guint k = 0; k < G; k++)
    {
      if (k == g || k == h)
        continue;
      const uint32_t *la = c->work + 2 * lg_grid_line_index (shape, g, i, k);
      const uint32_t *lb = c->work + 2 * lg_grid_line_index (shape, h, j, k);
      for (int v = 0; v < 2; v++)
        for (uint32_t m = la[v] & ~lb[v]; m; m &= m - 1)
          work_set (c, h, j, k, (guint) lg_bitset_ctz64 (m), !v);
    }
  return TRUE;
}

/* Line (g, i) -> h changed: what it knows goes to the line to h of each
 * item that (g, i) is with in a third group (close_line does the rest:
 * its own rules, and all of (g, i)'s lines to a new partner in h).  A
 * line to a third group with two yes is a conflict that its own revision
 * finds: it is skipped here. */
static void
spread_line (Closure *c, guint g, guint i, guint h)
{
  const LgGridShape *shape = c->shape;
  const uint32_t *l = c->work + 2 * lg_grid_line_index (shape, g, i, h);
  const uint32_t *groups = partner_groups (shape, c->work, g, i);
  for (guint w = 0; w < group_words (shape); w++)
    for (uint32_t ks = groups[w]; ks; ks &= ks - 1)
      {
        /* k != g: an item has no line to its own group */
        guint k = 32 * w + (guint) lg_bitset_ctz64 (ks);
        uint32_t y = c->work[2 * lg_grid_line_index (shape, g, i, k)];
#ifdef LG_ENABLE_CHECKS
        g_assert (y != 0); /* the line has a yes */
#endif
        if (k == h || !y || (y & (y - 1)))
          continue;
        guint j = (guint) lg_bitset_ctz64 (y);
        const uint32_t *lb = c->work + 2 * lg_grid_line_index (shape, k, j, h);
        for (int v = 0; v < 2; v++)
          for (uint32_t m = l[v] & ~lb[v]; m; m &= m - 1)
            work_set (c, k, j, h, (guint) lg_bitset_ctz64 (m), !v);
      }
}

#ifdef LG_ENABLE_CHECKS
static void
or_row_bits (uint64_t *set, guint start, uint32_t bits)
{
  guint w = start / 64, shift = start % 64;
  set[w] |= (uint64_t) bits << shift;
  /* the bits past the word, if any: then the next word is in the set */
  uint64_t high = shift ? (uint64_t) bits >> (64 - shift) : 0;
  if (high)
    set[w + 1] |= high;
}

/* The lines of c->work into yes, no. */
static void
store_lines (const Closure *c, uint64_t *yes, uint64_t *no)
{
  const LgGridShape *shape = c->shape;
  guint n = shape->n, G = shape->n_groups;
  for (guint g1 = 0; g1 < G; g1++)
    for (guint g2 = g1 + 1; g2 < G; g2++)
      for (guint i = 0; i < n; i++)
        {
          const uint32_t *line =
              c->work + 2 * lg_grid_line_index (shape, g1, i, g2);
          guint start = lg_grid_cell (shape, g1, i, g2, 0);
          or_row_bits (yes, start, line[0]);
          or_row_bits (no, start, line[1]);
        }
}

/* lg_grid_close as it was first written: every line revised in turn until
 * a whole round sets nothing.  The rules only add, and a conflict stays
 * one, so the order does not change the outcome: the checks compare. */
static gboolean
close_by_rounds (const LgGridShape *shape, uint64_t *yes, uint64_t *no)
{
  guint n = shape->n, G = shape->n_groups;
  g_autofree uint32_t *work = g_new (uint32_t, lg_grid_lines_size (shape));
  Closure c = { .shape = shape, .work = work };
  load_lines (&c, yes, no);
  for (guint before = G_MAXUINT; c.changed != before;)
    {
      before = c.changed;
      for (guint g = 0; g < G; g++)
        for (guint h = 0; h < G; h++)
          for (guint i = 0; h != g && i < n; i++)
            if (!close_line (&c, g, i, h))
              return FALSE;
    }
  store_lines (&c, yes, no);
  return TRUE;
}
#endif

/* The lines are revised from a queue: at first those of the cells that
 * yes, no add to closed_yes, closed_no (whose lines work holds; NULL: the
 * empty grid, or with one item every line), then those that changed: a
 * line's rules (close_line) read the line, and a partner's lines, which
 * gain what it knows; the lines of the item's other partners gain what it
 * knows (spread_line).  The cells set are logged, and only they are
 * stored.  No line is left queued: a call from closed_yes finds the flags
 * as the last call left them (zero from g_new0 before the first), which
 * spares clearing them for every supposition of --explain.  (By the line
 * rather than by the item, as it was: a cell set revises its two lines
 * instead of every line of its two items, each copied to every partner;
 * the same closure, for the rules only add and a conflict stays one.) */
static gboolean
close_by_queue (const LgGridShape *shape, uint64_t *yes, uint64_t *no,
                uint32_t *work, const uint64_t *closed_yes,
                const uint64_t *closed_no)
{
  guint n = shape->n, G = shape->n_groups;
  guint lines = (guint) n_lines (shape);
  uint32_t *queue = work + lg_grid_lines_size (shape);
  Closure c = { .shape = shape,
                .work = work,
                .queue = queue,
                .queued = queue + lines,
                .n_lines = lines,
                .log = queue + 2 * (gsize) lines };
  if (!closed_yes && n < 2)
    {
      /* one item: the empty grid is not closed (every cell is yes) */
      memset (c.queued, 0, lines * sizeof *c.queued);
      for (guint g = 0; g < G; g++)
        for (guint h = 0; h < G; h++)
          for (guint i = 0; h != g && i < n; i++)
            enqueue (&c, lg_grid_line_index (shape, g, i, h));
      load_lines (&c, yes, no);
      c.n_log = 0;
    }
  else
    {
      if (!closed_yes)
        {
          /* from 2 items the empty grid is closed, and its lines are all
           * 0: closed from it, only the lines of the cells of yes, no are
           * revised (every line of the grid, queued and loaded, for a
           * clue's case of a few cells was half the time of --explain on
           * a 16x16) */
          memset (c.queued, 0, lines * sizeof *c.queued);
          memset (work, 0, lg_grid_lines_size (shape) * sizeof *work);
        }
#ifdef LG_ENABLE_CHECKS
      for (guint line = 0; line < lines; line++)
        g_assert (!c.queued[line]);
#endif
      for (guint w = 0; w < shape->words; w++)
        {
          uint64_t cy = closed_yes ? closed_yes[w] : 0,
                   cn = closed_no ? closed_no[w] : 0;
          for (uint64_t my = yes[w] & ~cy, mn = no[w] & ~cn, m = my | mn; m;
               m &= m - 1)
            {
              guint g1, i1, g2, i2, bit = (guint) lg_bitset_ctz64 (m);
              lg_grid_cell_items (shape, w * 64 + bit, &g1, &i1, &g2, &i2);
              if (my >> bit & 1)
                work_set (&c, g1, i1, g2, i2, TRUE);
              if (mn >> bit & 1)
                work_set (&c, g1, i1, g2, i2, FALSE);
            }
        }
    }
  while (c.len)
    {
      guint line = dequeue (&c);
      guint i = line % n, g = line / n / G, h = line / n % G;
      if (!close_line (&c, g, i, h))
        {
          /* no line left queued, for the next call (see above) */
          while (c.len)
            dequeue (&c);
          return FALSE;
        }
      spread_line (&c, g, i, h);
    }
  for (guint k = 0; k < c.n_log; k++)
    lg_bitset_set (c.log[k] & 1 ? yes : no, c.log[k] >> 1);
  return TRUE;
}

gboolean
lg_grid_close_from (const LgGridShape *shape, uint64_t *yes, uint64_t *no,
                    uint32_t *work, const uint64_t *closed_yes,
                    const uint64_t *closed_no)
{
#ifdef LG_ENABLE_CHECKS
  if (closed_yes)
    {
      /* work holds the lines of closed */
      g_autofree uint32_t *lines = g_new (uint32_t, lg_grid_lines_size (shape));
      Closure c = { .shape = shape, .work = lines };
      load_lines (&c, closed_yes, closed_no);
      g_assert (memcmp (lines, work,
                        lg_grid_lines_size (shape) * sizeof *lines) == 0);
    }
  g_autofree uint64_t *ry = g_memdup2 (yes, shape->words * sizeof *yes);
  g_autofree uint64_t *rn = g_memdup2 (no, shape->words * sizeof *no);
  gboolean expected = close_by_rounds (shape, ry, rn);
  gboolean closed =
      close_by_queue (shape, yes, no, work, closed_yes, closed_no);
  g_assert (closed == expected);
  g_assert (!closed || (memcmp (ry, yes, shape->words * sizeof *yes) == 0 &&
                        memcmp (rn, no, shape->words * sizeof *no) == 0));
  return closed;
#else
  return close_by_queue (shape, yes, no, work, closed_yes, closed_no);
#endif
}

gboolean
lg_grid_close (const LgGridShape *shape, uint64_t *yes, uint64_t *no,
               uint32_t *work)
{
  return lg_grid_close_from (shape, yes, no, work, NULL, NULL);
}

void
lg_grid_lines (const LgGridShape *shape, const uint64_t *yes,
               const uint64_t *no, uint32_t *work)
{
  Closure c = { .shape = shape, .work = work };
  load_lines (&c, yes, no);
}

gboolean
lg_grid_item_conflict (const LgGridShape *shape, const uint32_t *lines, guint g,
                       guint i)
{
  guint G = shape->n_groups;
  uint32_t full = lg_grid_line_full (shape);
  for (guint h = 0; h < G; h++)
    {
      if (h == g)
        continue;
      const uint32_t *line = lines + 2 * lg_grid_line_index (shape, g, i, h);
      uint32_t y = line[0], o = line[1];
      if ((y & o) || (y & (y - 1)) || (o & full) == full)
        return TRUE;
      if (!y)
        continue;
      /* (g, i) is with (h, j): their lines must not disagree */
      guint j = (guint) lg_bitset_ctz64 (y);
      for (guint k = 0; k < G; k++)
        {
          if (k == g || k == h)
            continue;
          const uint32_t *la = lines + 2 * lg_grid_line_index (shape, g, i, k);
          const uint32_t *lb = lines + 2 * lg_grid_line_index (shape, h, j, k);
          if ((la[0] & lb[1]) | (la[1] & lb[0]))
            return TRUE;
        }
    }
  return FALSE;
}

gboolean
lg_grid_has_conflict (const LgGridShape *shape, const uint64_t *yes,
                      const uint64_t *no, uint32_t *work)
{
  gboolean found = FALSE;
  for (guint w = 0; w < shape->words && !found; w++)
    found = (yes[w] & no[w]) != 0;
  Closure c = { .shape = shape, .work = work };
  if (!found)
    load_lines (&c, yes, no);
  for (guint g = 0; g < shape->n_groups && !found; g++)
    for (guint i = 0; i < shape->n && !found; i++)
      found = lg_grid_item_conflict (shape, work, g, i);
#ifdef LG_ENABLE_CHECKS
  g_assert (found == (lg_grid_conflict (shape, yes, no, NULL) != LG_GRID_OK));
#endif
  return found;
}

void
lg_grid_lines_set (const LgGridShape *shape, uint32_t *lines, guint cell,
                   gboolean yes)
{
  guint g1, i1, g2, i2;
  lg_grid_cell_items (shape, cell, &g1, &i1, &g2, &i2);
  set_in_lines (shape, lines, g1, i1, g2, i2, yes);
}

/* ---- Drawing ----------------------------------------------------------- */

typedef struct
{
  const char *bar, *dash, *cross, *yes, *no;
} Marks;

static const Marks ascii_marks = { "|", "-", "+", "O", "X" };
static const Marks utf8_marks = { "\u2502", "\u2500", "\u253c", "\u25cf",
                                  "\u00d7" };

static void
repeat (FILE *out, const char *s, guint count)
{
  for (guint i = 0; i < count; i++)
    fputs (s, out);
}

static void
pad (FILE *out, const char *s, guint width)
{
  fputs (s, out);
  guint w = lg_utf8_width (s);
  repeat (out, " ", width > w ? width - w : 0);
}

/* The k-th character (code point) of s, or a space. */
static void
put_char_at (FILE *out, const char *s, guint k)
{
  const char *p = s;
  for (guint i = 0; i < k && *p; i++)
    p = g_utf8_next_char (p);
  if (*p)
    fwrite (p, 1, (size_t) (g_utf8_next_char (p) - p), out);
  else
    fputc (' ', out);
}

void
lg_grid_print (FILE *out, const LgGridShape *shape, const uint64_t *yes,
               const uint64_t *no, gboolean ascii)
{
  const Marks *m = ascii ? &ascii_marks : &utf8_marks;
  const LgProblem *problem = shape->problem;
  guint n = shape->n, G = shape->n_groups;
  /* the row groups: 0, then G-1 down to 2 */
  g_autofree guint *rows = g_new (guint, G);
  guint n_rows = 0;
  rows[n_rows++] = 0;
  for (guint g = G - 1; g >= 2; g--)
    rows[n_rows++] = g;
  guint w_group = 0, w_item = 0, height = 0;
  for (guint r = 0; r < n_rows; r++)
    {
      LgGroup *g = lg_problem_get_group (problem, rows[r]);
      w_group = MAX (w_group, lg_utf8_width (g->name));
      for (guint i = 0; i < n; i++)
        w_item =
            MAX (w_item,
                 lg_utf8_width (lg_item_get_name (lg_group_get_item (g, i))));
    }
  g_autofree guint *width = g_new0 (guint, G);
  for (guint c = 1; c < G; c++)
    {
      LgGroup *g = lg_problem_get_group (problem, c);
      width[c] = MAX (2 * n - 1, lg_utf8_width (g->name));
      for (guint i = 0; i < n; i++)
        height =
            MAX (height,
                 lg_utf8_width (lg_item_get_name (lg_group_get_item (g, i))));
    }
  guint label = w_group + 1 + w_item;
#define LG_COLUMNS_OF(r) (rows[r] == 0 ? G - 1 : rows[r] - 1)
  /* the head: group names, then the item names downwards */
  for (guint k = 0; k <= height; k++)
    {
      repeat (out, " ", label + 1);
      fputs (m->bar, out);
      for (guint c = 1; c < G; c++)
        {
          LgGroup *g = lg_problem_get_group (problem, c);
          fputc (' ', out);
          if (k == 0)
            pad (out, g->name, width[c]);
          else
            {
              for (guint i = 0; i < n; i++)
                {
                  if (i)
                    fputc (' ', out);
                  put_char_at (out, lg_item_get_name (lg_group_get_item (g, i)),
                               k - 1);
                }
              repeat (out, " ", width[c] - (2 * n - 1));
            }
          fputc (' ', out);
          fputs (m->bar, out);
        }
      fputc ('\n', out);
    }
  for (guint r = 0; r < n_rows; r++)
    {
      guint last = LG_COLUMNS_OF (r);
      repeat (out, m->dash, label + 1);
      fputs (m->cross, out);
      /* the line under the block above (the wider) */
      for (guint c = 1; c <= LG_COLUMNS_OF (r ? r - 1 : 0); c++)
        {
          repeat (out, m->dash, width[c] + 2);
          fputs (m->cross, out);
        }
      fputc ('\n', out);
      LgGroup *rg = lg_problem_get_group (problem, rows[r]);
      for (guint i = 0; i < n; i++)
        {
          pad (out, i == 0 ? rg->name : "", w_group);
          fputc (' ', out);
          pad (out, lg_item_get_name (lg_group_get_item (rg, i)), w_item);
          fputc (' ', out);
          fputs (m->bar, out);
          for (guint c = 1; c <= last; c++)
            {
              fputc (' ', out);
              for (guint j = 0; j < n; j++)
                {
                  guint cell = lg_grid_cell (shape, rows[r], i, c, j);
                  if (j)
                    fputc (' ', out);
                  fputs (lg_bitset_test (yes, cell)  ? m->yes
                         : lg_bitset_test (no, cell) ? m->no
                                                     : " ",
                         out);
                }
              repeat (out, " ", width[c] - (2 * n - 1) + 1);
              fputs (m->bar, out);
            }
          fputc ('\n', out);
        }
    }
  repeat (out, m->dash, label + 1);
  fputs (m->cross, out);
  for (guint c = 1; c <= LG_COLUMNS_OF (n_rows - 1); c++)
    {
      repeat (out, m->dash, width[c] + 2);
      fputs (m->cross, out);
    }
  fputc ('\n', out);
#undef LG_COLUMNS_OF
}
