/* check_bitset — the bit strings of src/bitset.h: set, clear and test one
 * bit, set_all and clear_all (the bits past n_bits in the last word stay
 * zero), and, is_empty, count, equal and the next-set-bit iteration, checked
 * against a plain bool array on seeded random contents, for sizes around the
 * word boundaries and the mask sizes of the program (5! .. 8!). */
#include "bitset.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lgtest.h"

Suite *lg_bitset_suite (void);

/* ---- Fixtures ------------------------------------------------------------- */

/* Sizes that matter: one bit, one word less one, one word, one word and one,
 * half words, a partial second word, and the mask sizes 2! .. 8! (those of
 * the 2- to 8-item problems). */
static const size_t sizes[] = {
  1, 2, 6, 24, 32, 63, 64, 65, 96, 120, 720, 5040, 40320,
};
#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])
#define N_SIZES N_ELEMS (sizes)

#define GUARD UINT64_C (0x5a5a5a5a5a5a5a5a)

/* A word buffer with a guard word on each side, so that writes outside the
 * n_words words are seen even without a sanitizer. */
typedef struct
{
  uint64_t *buf;
  uint64_t *w;
  size_t n_bits, n_words;
} Bits;

static void
bits_init (Bits *b, size_t n_bits, uint64_t fill)
{
  b->n_bits = n_bits;
  b->n_words = (n_bits + 63) / 64;
  b->buf = malloc ((b->n_words + 2) * sizeof *b->buf);
  ck_assert_ptr_nonnull (b->buf);
  b->buf[0] = GUARD;
  b->buf[b->n_words + 1] = GUARD;
  b->w = b->buf + 1;
  for (size_t i = 0; i < b->n_words; i++)
    b->w[i] = fill;
}

static void
bits_check_guards (const Bits *b)
{
  ck_assert_msg (b->buf[0] == GUARD, "word before the set was written");
  ck_assert_msg (b->buf[b->n_words + 1] == GUARD,
                 "word after the set was written (n_bits %zu)", b->n_bits);
}

static void
bits_free (Bits *b)
{
  bits_check_guards (b);
  free (b->buf);
  b->buf = b->w = NULL;
}

/* Bit k of the storage read by hand, not through lg_bitset_test. */
static bool
raw_bit (const uint64_t *w, size_t k)
{
  return (w[k / 64] & (UINT64_C (1) << (k % 64))) != 0;
}

/* A random bool array of n entries, each true with probability 1 / 2^shift
 * (shift 0: all true), and the same contents set bit by bit into b (which
 * starts cleared by memset). */
static bool *
random_contents (Bits *b, uint64_t *rng, unsigned shift)
{
  bool *ref = calloc (b->n_bits ? b->n_bits : 1, sizeof *ref);
  ck_assert_ptr_nonnull (ref);
  memset (b->w, 0, b->n_words * sizeof *b->w);
  for (size_t k = 0; k < b->n_bits; k++)
    {
      ref[k] = (lgtest_rand (rng) & ((UINT64_C (1) << shift) - 1)) == 0;
      if (ref[k])
        lg_bitset_set (b->w, k);
    }
  return ref;
}

static size_t
naive_count (const bool *ref, size_t n)
{
  size_t c = 0;
  for (size_t k = 0; k < n; k++)
    c += ref[k];
  return c;
}

/* Checks test, count, is_empty and the whole next-set-bit iteration (from
 * every starting point) of b against ref. */
static void
check_against (const Bits *b, const bool *ref)
{
  size_t n = b->n_bits;
  for (size_t k = 0; k < n; k++)
    LGTEST_CHECK (lg_bitset_test (b->w, k) == ref[k],
                  "bit %zu of %zu: test says %d", k, n, !ref[k]);
  size_t count = naive_count (ref, n);
  ck_assert_uint_eq (lg_bitset_count (b->w, b->n_words), count);
  ck_assert (lg_bitset_is_empty (b->w, b->n_words) == (count == 0));

  /* The iteration idiom of the header visits exactly the set bits. */
  size_t visited = 0, expect = 0;
  for (size_t k = lg_bitset_next (b->w, n, 0); k < n;
       k = lg_bitset_next (b->w, n, k + 1))
    {
      while (expect < n && !ref[expect])
        expect++;
      LGTEST_CHECK (k == expect, "next gave %zu, want %zu", k, expect);
      expect++;
      visited++;
    }
  ck_assert_uint_eq (visited, count);

  /* From every starting point, including n itself. */
  size_t next_set = n;
  for (size_t from = n + 1; from-- > 0;)
    {
      if (from < n && ref[from])
        next_set = from;
      LGTEST_CHECK (lg_bitset_next (b->w, n, from) == next_set,
                    "next (%zu) in %zu bits: %zu, want %zu", from, n,
                    lg_bitset_next (b->w, n, from), next_set);
    }
  ck_assert_uint_eq (lg_bitset_next (b->w, n, n + 70), n);
  bits_check_guards (b);
}

/* ---- core ------------------------------------------------------------------- */

static const struct
{
  size_t bits, words;
} word_counts[] = {
  { 0, 0 },   { 1, 1 },   { 63, 1 },  { 64, 1 },    { 65, 2 },
  { 120, 2 }, { 128, 2 }, { 129, 3 }, { 5040, 79 }, { 40320, 630 },
};

START_TEST (test_bitset_n_words)
{
  ck_assert_uint_eq (lg_bitset_n_words (word_counts[_i].bits),
                     word_counts[_i].words);
}
END_TEST

START_TEST (test_bitset_popcount_ctz)
{
  uint64_t rng = 11;
  for (int k = 0; k < 64; k++)
    {
      ck_assert_int_eq (lg_bitset_ctz64 (UINT64_C (1) << k), k);
      ck_assert_int_eq (lg_bitset_popcount64 (UINT64_C (1) << k), 1);
      ck_assert_int_eq (lg_bitset_ctz64 (~UINT64_C (0) << k), k);
    }
  ck_assert_int_eq (lg_bitset_popcount64 (0), 0);
  ck_assert_int_eq (lg_bitset_popcount64 (~UINT64_C (0)), 64);
  for (int i = 0; i < 1000; i++)
    {
      uint64_t w = lgtest_rand (&rng);
      int c = 0, low = -1;
      for (int k = 63; k >= 0; k--)
        if (w & (UINT64_C (1) << k))
          {
            c++;
            low = k;
          }
      ck_assert_int_eq (lg_bitset_popcount64 (w), c);
      if (w)
        ck_assert_int_eq (lg_bitset_ctz64 (w), low);
      /* and with one bit, two bits or none */
      uint64_t one = UINT64_C (1) << (w % 64), two = one | (one << 1 | 1);
      ck_assert (lg_bitset_one_bit (one) && !lg_bitset_one_bit (two));
      ck_assert (lg_bitset_one_bit (w) == (c == 1));
    }
  ck_assert (!lg_bitset_one_bit (0) && !lg_bitset_one_bit (~UINT64_C (0)));
  ck_assert (lg_bitset_one_bit (UINT64_C (1) << 63));
}
END_TEST

/* The counter chosen at run time counts as lg_bitset_count does. */
START_TEST (test_bitset_count_func)
{
  LgBitsetCountFunc count = lg_bitset_count_func ();
  ck_assert_ptr_nonnull (count);
  uint64_t rng = 5, words[9];
  for (int i = 0; i < 200; i++)
    {
      size_t n = (size_t) i % 10;
      for (size_t k = 0; k < n; k++)
        words[k] = lgtest_rand (&rng) & lgtest_rand (&rng);
      ck_assert_uint_eq (count (words, n), lg_bitset_count (words, n));
    }
}
END_TEST

/* A random walk of set and clear over 200 bits, mirrored in a bool array. */
START_TEST (test_bitset_set_test_clear)
{
  Bits b;
  bool ref[200] = { false };
  uint64_t rng = 2024;
  bits_init (&b, 200, 0);
  for (int step = 0; step < 3000; step++)
    {
      size_t k = lgtest_rand_below (&rng, 200);
      bool on = lgtest_rand_below (&rng, 2);
      if (on)
        lg_bitset_set (b.w, k);
      else
        lg_bitset_clear (b.w, k);
      ref[k] = on;
      LGTEST_CHECK (lg_bitset_test (b.w, k) == on, "step %d", step);
      LGTEST_CHECK (raw_bit (b.w, k) == on, "step %d", step);
      if (step % 100 == 0)
        check_against (&b, ref);
    }
  /* set and clear are idempotent. */
  lg_bitset_set (b.w, 7);
  lg_bitset_set (b.w, 7);
  ck_assert (lg_bitset_test (b.w, 7));
  lg_bitset_clear (b.w, 7);
  lg_bitset_clear (b.w, 7);
  ck_assert (!lg_bitset_test (b.w, 7));
  ref[7] = false;
  check_against (&b, ref);
  /* Bits 192 .. 199 live in word 3, with nothing set above bit 199. */
  ck_assert_uint_eq (b.w[3] >> 8, 0);
  bits_free (&b);
}
END_TEST

/* dst &= src, on random contents of several densities. */
START_TEST (test_bitset_and)
{
  static const unsigned shifts[] = { 0, 1, 2, 4, 7 };
  uint64_t rng = 77;
  for (size_t si = 0; si < N_ELEMS (shifts); si++)
    for (size_t sj = 0; sj < N_ELEMS (shifts); sj++)
      {
        Bits a, b;
        bits_init (&a, 300, 0);
        bits_init (&b, 300, 0);
        bool *ra = random_contents (&a, &rng, shifts[si]);
        bool *rb = random_contents (&b, &rng, shifts[sj]);
        bool any = false;
        for (size_t k = 0; k < 300; k++)
          {
            ra[k] = ra[k] && rb[k];
            any |= ra[k];
          }
        ck_assert (lg_bitset_and (a.w, b.w, a.n_words) == any);
        check_against (&a, ra);
        check_against (&b, rb); /* src untouched */
        free (ra);
        free (rb);
        bits_free (&a);
        bits_free (&b);
      }
}
END_TEST

START_TEST (test_bitset_and_disjoint)
{
  Bits a, b;
  bits_init (&a, 130, 0);
  bits_init (&b, 130, 0);
  for (size_t k = 0; k < 130; k++)
    lg_bitset_set (k % 2 ? a.w : b.w, k);
  ck_assert (!lg_bitset_is_empty (a.w, a.n_words));
  ck_assert (!lg_bitset_and (a.w, b.w, a.n_words));
  ck_assert (lg_bitset_is_empty (a.w, a.n_words));
  ck_assert_uint_eq (lg_bitset_count (b.w, b.n_words), 65);

  /* One common bit, in the last word only: still non-empty. */
  lg_bitset_set (a.w, 128);
  lg_bitset_set (a.w, 129);
  ck_assert (lg_bitset_and (a.w, b.w, a.n_words));
  ck_assert_uint_eq (lg_bitset_count (a.w, a.n_words), 1);
  ck_assert (lg_bitset_test (a.w, 128));
  ck_assert_uint_eq (lg_bitset_next (a.w, 130, 0), 128);
  bits_free (&a);
  bits_free (&b);
}
END_TEST

START_TEST (test_bitset_is_empty)
{
  Bits b;
  bits_init (&b, 1000, 0);
  ck_assert (lg_bitset_is_empty (b.w, b.n_words));
  ck_assert (lg_bitset_is_empty (b.w, 0));
  for (size_t k = 0; k < 1000; k += 37)
    {
      lg_bitset_set (b.w, k);
      ck_assert_msg (!lg_bitset_is_empty (b.w, b.n_words), "bit %zu", k);
      lg_bitset_clear (b.w, k);
      ck_assert (lg_bitset_is_empty (b.w, b.n_words));
    }
  lg_bitset_set (b.w, 999);
  ck_assert (!lg_bitset_is_empty (b.w, b.n_words));
  /* Only the words asked for are looked at. */
  ck_assert (lg_bitset_is_empty (b.w, b.n_words - 1));
  bits_free (&b);
}
END_TEST

START_TEST (test_bitset_count_next_random)
{
  static const unsigned shifts[] = { 0, 1, 3, 6, 10, 63 };
  uint64_t rng = 5;
  for (size_t si = 0; si < N_ELEMS (shifts); si++)
    for (size_t n = 1; n <= 300; n += 23)
      {
        Bits b;
        bits_init (&b, n, 0);
        bool *ref = random_contents (&b, &rng, shifts[si]);
        check_against (&b, ref);
        free (ref);
        bits_free (&b);
      }
}
END_TEST

START_TEST (test_bitset_equal)
{
  Bits a, b;
  uint64_t rng = 99;
  bits_init (&a, 5040, 0);
  bits_init (&b, 5040, 0);
  free (random_contents (&a, &rng, 1));
  memcpy (b.w, a.w, a.n_words * sizeof *a.w);
  ck_assert (lg_bitset_equal (a.w, b.w, a.n_words));
  for (size_t k = 0; k < 5040; k += 97)
    {
      bool was = lg_bitset_test (b.w, k);
      if (was)
        lg_bitset_clear (b.w, k);
      else
        lg_bitset_set (b.w, k);
      ck_assert_msg (!lg_bitset_equal (a.w, b.w, a.n_words), "bit %zu", k);
      ck_assert (!lg_bitset_equal (b.w, a.w, a.n_words));
      if (was)
        lg_bitset_set (b.w, k);
      else
        lg_bitset_clear (b.w, k);
      ck_assert (lg_bitset_equal (a.w, b.w, a.n_words));
    }
  lg_bitset_set_all (a.w, 5040);
  ck_assert (!lg_bitset_equal (a.w, b.w, a.n_words));
  lg_bitset_set_all (b.w, 5040);
  ck_assert (lg_bitset_equal (a.w, b.w, a.n_words));
  ck_assert (lg_bitset_equal (a.w, b.w, 0));
  bits_free (&a);
  bits_free (&b);
}
END_TEST

/* ---- limits: each size of the table --------------------------------------- */

START_TEST (test_bitset_set_all_tail)
{
  size_t n = sizes[_i];
  Bits b;
  bits_init (&b, n, UINT64_C (0xa5a5a5a5a5a5a5a5));
  lg_bitset_set_all (b.w, n);
  for (size_t k = 0; k < n; k++)
    LGTEST_CHECK (raw_bit (b.w, k), "bit %zu of %zu not set", k, n);
  for (size_t k = n; k < b.n_words * 64; k++)
    LGTEST_CHECK (!raw_bit (b.w, k), "tail bit %zu of %zu set", k, n);
  ck_assert_uint_eq (lg_bitset_count (b.w, b.n_words), n);
  ck_assert (!lg_bitset_is_empty (b.w, b.n_words));

  /* The iteration sees 0 .. n-1, in order, and stops at n. */
  size_t expect = 0;
  for (size_t k = lg_bitset_next (b.w, n, 0); k < n;
       k = lg_bitset_next (b.w, n, k + 1))
    {
      LGTEST_CHECK (k == expect, "next gave %zu, want %zu", k, expect);
      expect++;
    }
  ck_assert_uint_eq (expect, n);

  /* Clearing the last bit leaves n-1, and the tail is still zero. */
  lg_bitset_clear (b.w, n - 1);
  ck_assert_uint_eq (lg_bitset_count (b.w, b.n_words), n - 1);
  ck_assert_uint_eq (lg_bitset_next (b.w, n, n - 1), n);
  ck_assert (lg_bitset_is_empty (b.w, b.n_words) == (n == 1));
  bits_free (&b);
}
END_TEST

START_TEST (test_bitset_clear_all)
{
  size_t n = sizes[_i];
  Bits b;
  bits_init (&b, n, ~UINT64_C (0));
  lg_bitset_clear_all (b.w, n);
  for (size_t i = 0; i < b.n_words; i++)
    LGTEST_CHECK (b.w[i] == 0, "word %zu of %zu", i, b.n_words);
  ck_assert (lg_bitset_is_empty (b.w, b.n_words));
  ck_assert_uint_eq (lg_bitset_count (b.w, b.n_words), 0);
  ck_assert_uint_eq (lg_bitset_next (b.w, n, 0), n);
  bits_free (&b);
}
END_TEST

/* First and last bits, and the bits on either side of each word boundary. */
START_TEST (test_bitset_edges)
{
  size_t n = sizes[_i];
  Bits b;
  bits_init (&b, n, 0);
  lg_bitset_set (b.w, n - 1);
  ck_assert (!lg_bitset_is_empty (b.w, b.n_words));
  ck_assert_uint_eq (lg_bitset_count (b.w, b.n_words), 1);
  ck_assert_uint_eq (lg_bitset_next (b.w, n, 0), n - 1);
  ck_assert_uint_eq (lg_bitset_next (b.w, n, n - 1), n - 1);
  ck_assert_uint_eq (lg_bitset_next (b.w, n, n), n);
  lg_bitset_set (b.w, 0);
  ck_assert_uint_eq (lg_bitset_next (b.w, n, 0), 0);
  ck_assert_uint_eq (lg_bitset_count (b.w, b.n_words), n == 1 ? 1 : 2);
  if (n > 1)
    ck_assert_uint_eq (lg_bitset_next (b.w, n, 1), n - 1);
  lg_bitset_clear (b.w, n - 1);
  lg_bitset_clear (b.w, 0);
  ck_assert (lg_bitset_is_empty (b.w, b.n_words));

  for (size_t edge = 64; edge < n; edge += 64)
    {
      lg_bitset_set (b.w, edge - 1);
      lg_bitset_set (b.w, edge);
      ck_assert (raw_bit (b.w, edge - 1) && raw_bit (b.w, edge));
      ck_assert_uint_eq (lg_bitset_next (b.w, n, edge - 1), edge - 1);
      ck_assert_uint_eq (lg_bitset_next (b.w, n, edge), edge);
      lg_bitset_clear (b.w, edge - 1);
      ck_assert_uint_eq (lg_bitset_next (b.w, n, 0), edge);
      ck_assert (lg_bitset_test (b.w, edge));
      lg_bitset_clear (b.w, edge);
      ck_assert (lg_bitset_is_empty (b.w, b.n_words));
    }
  bits_free (&b);
}
END_TEST

START_TEST (test_bitset_random_sizes)
{
  static const unsigned shifts[] = { 1, 5, 12 };
  size_t n = sizes[_i];
  uint64_t rng = 1000 + n;
  for (size_t si = 0; si < N_ELEMS (shifts); si++)
    {
      Bits b, c;
      bits_init (&b, n, 0);
      bits_init (&c, n, 0);
      bool *ref = random_contents (&b, &rng, shifts[si]);
      check_against (&b, ref);
      for (size_t i = 0; i < b.n_words; i++)
        ck_assert_msg (i + 1 < b.n_words || n % 64 == 0 ||
                           b.w[i] >> (n % 64) == 0,
                       "tail of %zu bits", n);
      /* and with a full set keeps it; equal to its copy. */
      lg_bitset_set_all (c.w, n);
      ck_assert (lg_bitset_and (b.w, c.w, b.n_words) ==
                 (naive_count (ref, n) != 0));
      check_against (&b, ref);
      memcpy (c.w, b.w, b.n_words * sizeof *b.w);
      ck_assert (lg_bitset_equal (b.w, c.w, b.n_words));
      free (ref);
      bits_free (&b);
      bits_free (&c);
    }
}
END_TEST

Suite *
lg_bitset_suite (void)
{
  Suite *s = suite_create ("bitset");
  TCase *tc = tcase_create ("core");
  tcase_add_loop_test (tc, test_bitset_n_words, 0, (int) N_ELEMS (word_counts));
  tcase_add_test (tc, test_bitset_popcount_ctz);
  tcase_add_test (tc, test_bitset_count_func);
  tcase_add_test (tc, test_bitset_set_test_clear);
  tcase_add_test (tc, test_bitset_and);
  tcase_add_test (tc, test_bitset_and_disjoint);
  tcase_add_test (tc, test_bitset_is_empty);
  tcase_add_test (tc, test_bitset_count_next_random);
  tcase_add_test (tc, test_bitset_equal);
  suite_add_tcase (s, tc);

  tc = tcase_create ("limits");
  tcase_add_loop_test (tc, test_bitset_set_all_tail, 0, (int) N_SIZES);
  tcase_add_loop_test (tc, test_bitset_clear_all, 0, (int) N_SIZES);
  tcase_add_loop_test (tc, test_bitset_edges, 0, (int) N_SIZES);
  tcase_add_loop_test (tc, test_bitset_random_sizes, 0, (int) N_SIZES);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_bitset_suite ());
}
