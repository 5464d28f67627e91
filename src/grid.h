/* grid — the solver's grid of a logic-grid puzzle, as people draw it: for
 * every pair of groups an n x n sub-grid whose cell (a, b) says whether
 * item a of the first group goes with item b of the second: known yes,
 * known no, or not known yet.  The one-to-one rule's consequences, each a
 * step a person takes on the grid (exclusion, the last candidate of a
 * line, transitivity through a yes), and the magazine's staircase drawing
 * (--grid).
 *
 * Cells are numbered pair by pair (pair.h order), then row a of the pair's
 * first group, then column b: cell = pair * n * n + a * n + b.  A grid is
 * two bit sets over those cells, `yes` and `no`, owned by the caller
 * (shape->words words each).  The closure and the conflict test work on
 * lines instead (item i of group g against group h: two words of n bits,
 * its yes and its no items), in the caller's work array.  Invariant: the
 * shape is read-only once made; no function here allocates on the grid's
 * behalf except the drawing (and the checks of --enable-checks).
 */
#ifndef LG_GRID_H
#define LG_GRID_H

#include <stdio.h>

#include "bitset.h"
#include "description.h"
#include "pair.h"

typedef struct
{
  const LgProblem *problem;
  guint n;        /* items per group */
  guint n_groups; /* groups, solving order */
  guint n_pairs;
  guint n_cells; /* n_pairs * n * n */
  guint words;   /* 64-bit words of a set of cells (at least 1) */
} LgGridShape;

/* A fact: a cell known yes (together) or no. */
typedef struct
{
  guint cell;
  gboolean yes;
} LgGridFact;

void lg_grid_shape_init (LgGridShape *shape, const LgProblem *problem);

/* The cell of item i1 of group g1 with item i2 of group g2 (g1 != g2, in
 * either order).  Inline: the steps of the grid compute cells in their
 * inner loops. */
static inline guint
lg_grid_cell (const LgGridShape *shape, guint g1, guint i1, guint g2, guint i2)
{
  lg_pair_order (&g1, &i1, &g2, &i2);
  return (lg_pair_index (g1, g2) * shape->n + i1) * shape->n + i2;
}
/* The two items of a cell, the pair's first group first. */
void lg_grid_cell_items (const LgGridShape *shape, guint cell, guint *g1,
                         guint *i1, guint *g2, guint *i2);

/* A line: item `item` of group `group` against every item of group
 * `other`.  Writes its n cells into cells (other's item order). */
void lg_grid_line (const LgGridShape *shape, guint group, guint item,
                   guint other, guint *cells);

/* ---- The one-to-one rule, one step at a time ---------------------------
 * Each adds what it derives (cells not known yet) to derived_yes /
 * derived_no (cleared by the caller) and, when uses is not NULL, the facts
 * it read to uses (LgGridFact, in the order read).  Each returns the
 * number of cells it derives. */

/* Exclusion: `cell` is yes, so every other cell of its row and of its
 * column is no. */
guint lg_grid_exclusion (const LgGridShape *shape, const uint64_t *yes,
                         const uint64_t *no, guint cell, uint64_t *derived_yes,
                         uint64_t *derived_no, GArray *uses);
/* The last candidate: every cell of the line but one is no, so that one is
 * yes (nothing when two or more are open, or one is yes already). */
guint lg_grid_last (const LgGridShape *shape, const uint64_t *yes,
                    const uint64_t *no, guint group, guint item, guint other,
                    uint64_t *derived_yes, uint64_t *derived_no, GArray *uses);
/* Transitivity: `cell` (items A, B) is yes, so A and B agree with every item
 * c of group `third`: (A, c) takes the known value of (B, c), and back. */
guint lg_grid_transitivity (const LgGridShape *shape, const uint64_t *yes,
                            const uint64_t *no, guint cell, guint third,
                            uint64_t *derived_yes, uint64_t *derived_no,
                            GArray *uses);

/* How a grid breaks the one-to-one rule on its face. */
typedef enum
{
  LG_GRID_OK,
  LG_GRID_BOTH,      /* a cell given both yes and no */
  LG_GRID_TWO_YES,   /* a line with two yes */
  LG_GRID_NONE_LEFT, /* a line all no */
  LG_GRID_DISAGREE   /* A with B, but (A, c) and (B, c) differ */
} LgGridConflict;

/* The first offence found, LG_GRID_OK when none; the facts that show it
 * are appended to uses (may be NULL).  The rules only write cells not
 * known, so only facts given can make a cell both yes and no. */
LgGridConflict lg_grid_conflict (const LgGridShape *shape, const uint64_t *yes,
                                 const uint64_t *no, GArray *uses);
/* The lines of the grid yes, no into work (the first
 * lg_grid_lines_size (shape) entries of lg_grid_work_size (shape)), for
 * lg_grid_line_known: the items of group h known with item i of group g
 * (yes) and known not to be (no), bit k for item k; then, for the closure,
 * each item's partners' groups (see grid.c). */
gsize lg_grid_lines_size (const LgGridShape *shape);
void lg_grid_lines (const LgGridShape *shape, const uint64_t *yes,
                    const uint64_t *no, uint32_t *work);
static inline guint
lg_grid_line_index (const LgGridShape *shape, guint g, guint i, guint h)
{
  return (g * shape->n_groups + h) * shape->n + i;
}
/* The bits of a whole line: its n items. */
static inline uint32_t
lg_grid_line_full (const LgGridShape *shape)
{
  return shape->n == 32 ? UINT32_MAX : (UINT32_C (1) << shape->n) - 1;
}
static inline void
lg_grid_line_known (const LgGridShape *shape, const uint32_t *work, guint g,
                    guint i, guint h, uint32_t *yes, uint32_t *no)
{
  const uint32_t *line = work + 2 * lg_grid_line_index (shape, g, i, h);
  *yes = line[0];
  *no = line[1];
}
/* Whether lg_grid_conflict finds an offence, by whole lines at a time (a
 * line is two words of n bits): much faster when there is none.  work:
 * lg_grid_lines_size (shape) entries of the caller's at least, which hold
 * the lines of yes, no after a FALSE, as lg_grid_lines leaves them. */
gboolean lg_grid_has_conflict (const LgGridShape *shape, const uint64_t *yes,
                               const uint64_t *no, uint32_t *work);
/* Whether the lines of item i of group g show an offence of
 * lg_grid_conflict: a cell both yes and no, a line with two items or
 * none left, or an item it is with whose line to a third group disagrees
 * with its own.  An offence always shows on the lines of an item of a
 * cell set since a grid had none: checking those items alone is checking
 * the grid. */
gboolean lg_grid_item_conflict (const LgGridShape *shape, const uint32_t *lines,
                                guint g, guint i);
/* Cell `cell` known to be yes (or no) in lines, in both its lines. */
void lg_grid_lines_set (const LgGridShape *shape, uint32_t *lines, guint cell,
                        gboolean yes);
/* Applies the three rules until nothing changes, as lg_grid_exclusion,
 * lg_grid_last and lg_grid_transitivity would, on every line at once;
 * FALSE as soon as the grid has a conflict (as lg_grid_conflict sees
 * them).  work: lg_grid_work_size (shape) entries of the caller's, zero
 * before the first call (g_new0): the calls keep the part after the
 * lines zero. */
gsize lg_grid_work_size (const LgGridShape *shape);
gboolean lg_grid_close (const LgGridShape *shape, uint64_t *yes, uint64_t *no,
                        uint32_t *work);
/* The same, from a grid that adds some cells to closed (closed_yes,
 * closed_no: a grid without conflict that the rules leave as it is, whose
 * lines work holds, as lg_grid_lines or a closure that succeeded leave
 * them): only the lines of the cells added are revised first, and the
 * lines are not loaded again.  NULL: from the empty grid, closed from 2
 * items (its lines all 0; with one item, every line, loaded from yes, no).
 * After TRUE, work holds the lines of the closure. */
gboolean lg_grid_close_from (const LgGridShape *shape, uint64_t *yes,
                             uint64_t *no, uint32_t *work,
                             const uint64_t *closed_yes,
                             const uint64_t *closed_no);

/* ---- Drawing (--grid) -------------------------------------------------
 * The staircase of sub-grids: the columns are groups 1 .. G-1, the rows
 * group 0 then G-1 down to 2, each row block against the column groups
 * before it, so every pair is drawn once.  Column names are written
 * downwards.  ascii: '|', '-', '+', 'O' (yes), 'x' (no); else box-drawing
 * lines, '●' and '×' (UTF-8). */
void lg_grid_print (FILE *out, const LgGridShape *shape, const uint64_t *yes,
                    const uint64_t *no, gboolean ascii);

#endif /* LG_GRID_H */
