/* index_set — see index_set.h. */
#include "index_set.h"

#include <string.h>

void
lg_index_set_init (LgIndexSet *s, size_t size)
{
  g_assert ((size & (size - 1)) == 0);
  s->slot = size ? g_new0 (uint32_t, size) : NULL;
  s->size = size;
  s->len = 0;
}

void
lg_index_set_free (LgIndexSet *s)
{
  g_free (s->slot);
  s->slot = NULL;
  s->size = s->len = 0;
}

void
lg_index_set_clear (LgIndexSet *s)
{
  if (s->size)
    memset (s->slot, 0, s->size * sizeof *s->slot);
  s->len = 0;
}

/* The first empty slot on the probe sequence of hash h. */
static uint32_t *
first_empty (const LgIndexSet *s, guint64 h)
{
  size_t mask = s->size - 1, i = (size_t) h & mask;
  while (s->slot[i])
    i = (i + 1) & mask;
  return &s->slot[i];
}

void
lg_index_set_resize (LgIndexSet *s, size_t size, LgIndexHashFunc hash,
                     const void *ctx)
{
  g_assert ((size & (size - 1)) == 0 && 2 * s->len < size);
  uint32_t *old = s->slot;
  size_t old_size = s->size;
  s->slot = g_new0 (uint32_t, size);
  s->size = size;
  for (size_t i = 0; i < old_size; i++)
    if (old[i])
      *first_empty (s, hash (ctx, old[i] - 1)) = old[i];
  g_free (old);
}

void
lg_index_set_put (LgIndexSet *s, guint64 h, uint32_t index)
{
  lg_index_set_add (s, first_empty (s, h), index);
}
