/* pair — the pairs of groups and their numbering, below the masks and the
 * views.
 *
 * The pair of groups g1 < g2 has the index g1 + g2 (g2 - 1) / 2: the pairs
 * (0 1), (0 2), (1 2), (0 3), (1 3), (2 3), ... are 0, 1, 2, 3, 4, 5, ...,
 * so that the pairs of the first G groups are 0 .. G (G - 1) / 2 - 1 for
 * every G.  GLib types only; every function is inline.
 */
#ifndef LG_PAIR_H
#define LG_PAIR_H

#include <glib.h>

/* The pairs of n_groups groups. */
static inline guint
lg_pair_count (guint n_groups)
{
  return n_groups * (n_groups - 1) / 2;
}

/* The index of the pair of groups g1 < g2. */
static inline guint
lg_pair_index (guint g1, guint g2)
{
  return g1 + g2 * (g2 - 1) / 2;
}

/* The index of the pair of two different groups, in either order. */
static inline guint
lg_pair_index_of (guint g, guint h)
{
  return g < h ? lg_pair_index (g, h) : lg_pair_index (h, g);
}

/* The groups g1 < g2 of a pair index (the inverse of lg_pair_index). */
static inline void
lg_pair_groups (guint pair, guint *g1, guint *g2)
{
  guint b = 1;
  while (lg_pair_index (0, b + 1) <= pair)
    b++;
  *g2 = b;
  *g1 = pair - lg_pair_index (0, b);
}

/* Puts a couple of items in pair order: (g1, i1) and (g2, i2) swapped
 * when g1 > g2, so that g1 < g2 after (items of different groups). */
static inline void
lg_pair_order (guint *g1, guint *i1, guint *g2, guint *i2)
{
  if (*g1 > *g2)
    {
      guint t = *g1;
      *g1 = *g2;
      *g2 = t;
      t = *i1;
      *i1 = *i2;
      *i2 = t;
    }
}

#endif /* LG_PAIR_H */
