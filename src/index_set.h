/* index_set — a set of indices into the caller's own array, found again by
 * their hash: open addressing over slots that hold 1 + the index (0: an
 * empty slot), linear probing, the number of slots a power of two.  The
 * items stay in the caller's array, so adding one allocates nothing; the
 * caller compares (LgIndexSameFunc) and says when the set grows
 * (lg_index_set_size_for_one_more, then lg_index_set_resize), so that it
 * can check a memory budget before.  Used by the fast engine's builder
 * (the leaves of a group, the keys of its lines and cells) and by the
 * faithful engine's set of distinct solutions (try_solution).
 *
 * Invariant: at most half the slots are used, so a probe always ends on an
 * empty slot; every index added lies on the probe sequence of its hash,
 * before any empty slot.
 */
#ifndef LG_INDEX_SET_H
#define LG_INDEX_SET_H

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

typedef struct
{
  uint32_t *slot; /* size slots: 0 empty, else 1 + an index */
  size_t size;    /* 0 or a power of two */
  size_t len;     /* indices held */
} LgIndexSet;

/* Is the item at index the one the caller looks for? */
typedef gboolean (*LgIndexSameFunc) (const void *ctx, uint32_t index);

/* The hash of the item at index (to place it again when the set grows);
 * the one the caller gives lg_index_set_find for it. */
typedef guint64 (*LgIndexHashFunc) (const void *ctx, uint32_t index);

/* An empty set of size slots (0, or a power of two). */
void lg_index_set_init (LgIndexSet *s, size_t size);

void lg_index_set_free (LgIndexSet *s);

/* Empties s; it keeps its slots. */
void lg_index_set_clear (LgIndexSet *s);

/* Places the indices of s again in size slots (a power of two, more than
 * twice s->len), by hash (ctx, index). */
void lg_index_set_resize (LgIndexSet *s, size_t size, LgIndexHashFunc hash,
                          const void *ctx);

/* The slots s needs to take one more index and stay at most half full:
 * s->size when it has room, else twice as many (first_size when it has
 * none yet). */
static inline size_t
lg_index_set_size_for_one_more (const LgIndexSet *s, size_t first_size)
{
  if (2 * (s->len + 1) <= s->size)
    return s->size;
  return s->size ? 2 * s->size : first_size;
}

/* The slot of hash h (s->size > 0): the first on its probe sequence that
 * is empty or holds an index that same (ctx, index) finds equal to what
 * the caller looks for. */
static inline uint32_t *
lg_index_set_find (const LgIndexSet *s, guint64 h, LgIndexSameFunc same,
                   const void *ctx)
{
  size_t mask = s->size - 1, i = (size_t) h & mask;
  while (s->slot[i] && !same (ctx, s->slot[i] - 1))
    i = (i + 1) & mask;
  return &s->slot[i];
}

/* Fills slot, an empty one lg_index_set_find returned, with index; s must
 * have room for it (lg_index_set_size_for_one_more (s, ...) == s->size). */
static inline void
lg_index_set_add (LgIndexSet *s, uint32_t *slot, uint32_t index)
{
  g_assert (!*slot && 2 * (s->len + 1) <= s->size);
  *slot = index + 1;
  s->len++;
}

/* Adds index, which s does not hold, under hash h, without comparing
 * (after lg_index_set_resize, whose slots lg_index_set_find found before
 * no longer count); s must have room for it. */
void lg_index_set_put (LgIndexSet *s, guint64 h, uint32_t index);

#endif /* LG_INDEX_SET_H */
