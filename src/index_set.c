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

void
lg_index_set_resize (LgIndexSet *s, size_t size, LgIndexHashFunc hash,
                     const void *ctx)
{
  g_assert ((size & (size - 1)) == 0 && 2 * s->len < size);
  uint32_t *old = s->slot;
  size_t old_size = s->size, mask = size - 1;
  s->slot = g_new0 (uint32_t, size);
  s->size = size;
  for (size_t i = 0; i < old_size; i++)
    if (old[i])
      {
        size_t j = (size_t) hash (ctx, old[i] - 1) & mask;
        while (s->slot[j])
          j = (j + 1) & mask;
        s->slot[j] = old[i];
      }
  g_free (old);
}
