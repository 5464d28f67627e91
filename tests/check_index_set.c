/* check_index_set — the sets of src/index_set.h: indices into the test's
 * own array of numbers, found again by hash.  Checked against a plain
 * search of the array, with a good hash and with hashes that collide (all
 * items on one probe sequence, and runs that wrap past the last slot),
 * across resizes and clears, on seeded random numbers. */
#include "index_set.h"

#include <stdlib.h>

#include "lgtest.h"

Suite *lg_index_set_suite (void);

/* The items: numbers, their hash by one of the functions below, and the
 * number looked for. */
typedef struct
{
  guint64 *items;
  size_t len;
  guint64 wanted;
  guint64 (*hash_of) (guint64 v);
} Items;

static guint64
hash_good (guint64 v)
{
  v ^= v >> 33;
  v *= UINT64_C (0xff51afd7ed558ccd);
  return v ^ (v >> 33);
}

static guint64
hash_constant (guint64 v)
{
  (void) v;
  return 7;
}

/* Hashes near the top of any table of up to 2^16 slots, so that the probe
 * sequences wrap round to slot 0. */
static guint64
hash_top (guint64 v)
{
  return UINT64_C (0xffff) - (v & 3);
}

static gboolean
same (const void *ctx, uint32_t index)
{
  const Items *it = ctx;
  return it->items[index] == it->wanted;
}

static guint64
hash (const void *ctx, uint32_t index)
{
  const Items *it = ctx;
  return it->hash_of (it->items[index]);
}

/* Adds v unless there (growing s first as it must: then without the slot
 * found, by lg_index_set_put); its index. */
static uint32_t
put (LgIndexSet *s, Items *it, guint64 v)
{
  it->wanted = v;
  guint64 h = it->hash_of (v);
  uint32_t *slot = s->size ? lg_index_set_find (s, h, same, it) : NULL;
  if (slot && *slot)
    return *slot - 1;
  size_t size = lg_index_set_size_for_one_more (s, 4);
  if (size != s->size)
    {
      lg_index_set_resize (s, size, hash, it);
      ck_assert_uint_le (2 * (s->len + 1), s->size);
      lg_index_set_put (s, h, (uint32_t) it->len);
    }
  else
    {
      ck_assert_uint_eq (*slot, 0);
      lg_index_set_add (s, slot, (uint32_t) it->len);
    }
  it->items[it->len] = v;
  return (uint32_t) it->len++;
}

/* The index of v by the set, or -1. */
static long
lookup (const LgIndexSet *s, Items *it, guint64 v)
{
  if (!s->size)
    return -1;
  it->wanted = v;
  uint32_t *slot = lg_index_set_find (s, it->hash_of (v), same, it);
  return *slot ? (long) *slot - 1 : -1;
}

/* The index of v by a plain search, or -1. */
static long
search (const Items *it, guint64 v)
{
  for (size_t i = 0; i < it->len; i++)
    if (it->items[i] == v)
      return (long) i;
  return -1;
}

/* At most half full, a power of two, and its slots are the indices held,
 * each once. */
static void
check_shape (const LgIndexSet *s, const Items *it)
{
  ck_assert_uint_eq (s->len, it->len);
  ck_assert (s->size == 0 || (s->size & (s->size - 1)) == 0);
  ck_assert_uint_le (2 * s->len, s->size);
  size_t held = 0;
  guint8 *seen = g_new0 (guint8, it->len + 1);
  for (size_t i = 0; i < s->size; i++)
    if (s->slot[i])
      {
        LGTEST_CHECK (s->slot[i] <= it->len, "slot %zu", i);
        LGTEST_CHECK (!seen[s->slot[i]], "index %u twice", s->slot[i] - 1);
        seen[s->slot[i]] = 1;
        held++;
      }
  g_free (seen);
  ck_assert_uint_eq (held, s->len);
}

static guint64 (*const hashes[]) (guint64) = {
  hash_good,
  hash_constant,
  hash_top,
};

/* Random numbers from a small range, so that many are met again: each
 * put and each lookup agrees with the plain search. */
START_TEST (test_index_set_against_search)
{
  enum
  {
    N = 3000
  };
  Items it = { g_new (guint64, N), 0, 0, hashes[_i] };
  LgIndexSet s;
  lg_index_set_init (&s, 0);
  uint64_t rng = 42 + (uint64_t) _i;
  guint rounds = _i == 0 ? N : 400; /* collisions make probes long */
  for (guint r = 0; r < rounds; r++)
    {
      guint64 v = lgtest_rand_below (&rng, rounds / 2 + 1);
      long before = search (&it, v);
      ck_assert_int_eq (lookup (&s, &it, v), before);
      uint32_t k = put (&s, &it, v);
      if (before >= 0)
        ck_assert_uint_eq (k, (uint32_t) before);
      else
        ck_assert_uint_eq (k, it.len - 1);
      ck_assert_int_eq (lookup (&s, &it, v), (long) k);
    }
  check_shape (&s, &it);
  for (size_t i = 0; i < it.len; i++)
    LGTEST_CHECK (lookup (&s, &it, it.items[i]) == (long) i, "item %zu", i);
  /* numbers never added are not found */
  for (guint64 v = rounds; v < rounds + 50; v++)
    ck_assert_int_eq (lookup (&s, &it, v), -1);
  lg_index_set_free (&s);
  g_free (it.items);
}
END_TEST

/* The sizes: none at first, the first size at the first put, then twice
 * as many each time it would be more than half full. */
START_TEST (test_index_set_growth)
{
  Items it = { g_new (guint64, 100), 0, 0, hash_good };
  LgIndexSet s;
  lg_index_set_init (&s, 0);
  ck_assert_uint_eq (lg_index_set_size_for_one_more (&s, 4), 4);
  for (guint64 v = 0; v < 100; v++)
    {
      put (&s, &it, v);
      size_t want = 4;
      while (2 * it.len > want)
        want *= 2;
      ck_assert_uint_eq (s.size, want);
    }
  ck_assert_uint_eq (s.size, 256);
  ck_assert_uint_eq (lg_index_set_size_for_one_more (&s, 4), 256);
  lg_index_set_free (&s);
  ck_assert_uint_eq (s.size, 0);
  ck_assert_ptr_null (s.slot);
  g_free (it.items);
}
END_TEST

/* A set cleared keeps its slots and finds nothing; a resize keeps every
 * index findable. */
START_TEST (test_index_set_clear_resize)
{
  Items it = { g_new (guint64, 64), 0, 0, hash_constant };
  LgIndexSet s;
  lg_index_set_init (&s, 8);
  for (guint64 v = 10; v < 13; v++)
    put (&s, &it, v);
  lg_index_set_resize (&s, 64, hash, &it);
  check_shape (&s, &it);
  for (guint64 v = 10; v < 13; v++)
    ck_assert_int_eq (lookup (&s, &it, v), (long) (v - 10));
  lg_index_set_clear (&s);
  it.len = 0;
  ck_assert_uint_eq (s.size, 64);
  for (guint64 v = 10; v < 13; v++)
    ck_assert_int_eq (lookup (&s, &it, v), -1);
  check_shape (&s, &it);
  lg_index_set_free (&s);
  g_free (it.items);
}
END_TEST

Suite *
lg_index_set_suite (void)
{
  Suite *s = suite_create ("index_set");
  TCase *tc = tcase_create ("core");
  tcase_add_loop_test (tc, test_index_set_against_search, 0,
                       (int) G_N_ELEMENTS (hashes));
  tcase_add_test (tc, test_index_set_growth);
  tcase_add_test (tc, test_index_set_clear_resize);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_index_set_suite ());
}
