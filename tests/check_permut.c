/* check_permut — the numbering of permutations of src/permut.h: factorial;
 * the table of n = 1..8 (n! rows, each a permutation, in strictly increasing
 * lexicographic order, row r of rank r); rank and unrank (this file's own)
 * inverse of each other; the Lehmer digits by their definition and as the
 * factorial-base digits of the rank; the tutorial's table of 3 items; the
 * bounds of lg_permut_new; the adjacent transpositions of n = 1..8. */
#include "permut.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lgtest.h"

Suite *lg_permut_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])

/* ---- Reference helpers, written from the definitions ---------------------- */

/* The permutation of 0..n-1 of 0-based rank `rank`, from its factorial-base
 * digits (the library never needs this direction: its table lists the
 * permutations in rank order). */
static void
unrank (size_t rank, int n, uint8_t *p)
{
  uint8_t digits[32];
  for (int i = n - 1; i >= 0; i--)
    {
      size_t base = (size_t) (n - i);
      digits[i] = (uint8_t) (rank % base);
      rank /= base;
    }
  uint32_t used = 0;
  for (int i = 0; i < n; i++)
    {
      int d = digits[i];
      int v = 0;
      for (;; v++)
        if (!(used & (UINT32_C (1) << v)) && d-- == 0)
          break;
      p[i] = (uint8_t) v;
      used |= UINT32_C (1) << v;
    }
}

static bool
is_permutation (const uint8_t *p, int n)
{
  bool seen[LG_PERMUT_MAX_N + 1] = { false };
  for (int i = 0; i < n; i++)
    {
      if (p[i] >= n || seen[p[i]])
        return false;
      seen[p[i]] = true;
    }
  return true;
}

static bool
same_items (const uint8_t *a, const uint8_t *b, int n)
{
  for (int i = 0; i < n; i++)
    if (a[i] != b[i])
      return false;
  return true;
}

/* -1, 0, 1 as a is lexicographically before, equal to, after b. */
static int
lex_compare (const uint8_t *a, const uint8_t *b, int n)
{
  for (int i = 0; i < n; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* Digit i: how many of the items after position i are smaller than p[i]. */
static void
lehmer_by_definition (const uint8_t *p, int n, uint8_t *digits)
{
  for (int i = 0; i < n; i++)
    {
      int d = 0;
      for (int j = i + 1; j < n; j++)
        if (p[j] < p[i])
          d++;
      digits[i] = (uint8_t) d;
    }
}

static uint64_t
factorial_by_hand (int n)
{
  uint64_t f = 1;
  while (n > 1)
    f *= (uint64_t) n--;
  return f;
}

/* A uniformly random permutation of 0..n-1 (Fisher-Yates). */
static void
random_permutation (uint64_t *rng, int n, uint8_t *p)
{
  for (int i = 0; i < n; i++)
    p[i] = (uint8_t) i;
  for (int i = n - 1; i > 0; i--)
    {
      int j = (int) lgtest_rand_below (rng, (uint32_t) i + 1);
      uint8_t t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
}

/* ---- core ------------------------------------------------------------------- */

static const struct
{
  int n;
  uint64_t value;
} factorials[] = {
  { -5, 0 },
  { -1, 0 },
  { 0, 1 },
  { 1, 1 },
  { 2, 2 },
  { 3, 6 },
  { 4, 24 },
  { 5, 120 },
  { 6, 720 },
  { 7, 5040 },
  { 8, 40320 },
  { 10, 3628800 },
  { 12, UINT64_C (479001600) },
  { 20, UINT64_C (2432902008176640000) },
  { 21, 0 },
  { 64, 0 },
};

START_TEST (test_permut_factorial)
{
  ck_assert_uint_eq (lg_permut_factorial (factorials[_i].n),
                     factorials[_i].value);
}
END_TEST

/* The tutorial's table for 3 items (situation.e make_permut, shifted to
 * 0-based ranks). */
START_TEST (test_permut_tutorial_three)
{
  static const uint8_t want[6][3] = {
    { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
    { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
  };
  LgPermut *pm = lg_permut_new (3);
  ck_assert_ptr_nonnull (pm);
  ck_assert_int_eq (pm->n, 3);
  ck_assert_uint_eq (pm->count, 6);
  for (size_t r = 0; r < 6; r++)
    {
      ck_assert_mem_eq (lg_permut_get (pm, r), want[r], 3);
      ck_assert_uint_eq (lg_permut_rank (want[r], 3), r);
      uint8_t p[3];
      unrank (r, 3, p);
      ck_assert_mem_eq (p, want[r], 3);
    }
  lg_permut_free (pm);
}
END_TEST

/* Hand-computed Lehmer codes and ranks. */
START_TEST (test_permut_lehmer_examples)
{
  static const struct
  {
    int n;
    uint8_t p[8], digits[8];
    size_t rank;
  } cases[] = {
    { 1, { 0 }, { 0 }, 0 },
    { 2, { 1, 0 }, { 1, 0 }, 1 },
    { 3, { 2, 0, 1 }, { 2, 0, 0 }, 4 },
    { 4, { 3, 1, 2, 0 }, { 3, 1, 1, 0 }, 3 * 6 + 1 * 2 + 1 },
    { 4, { 1, 3, 0, 2 }, { 1, 2, 0, 0 }, 1 * 6 + 2 * 2 },
    { 5, { 0, 1, 2, 4, 3 }, { 0, 0, 0, 1, 0 }, 1 },
    { 5, { 4, 3, 2, 1, 0 }, { 4, 3, 2, 1, 0 }, 119 },
    { 8, { 7, 0, 1, 2, 3, 4, 5, 6 }, { 7, 0, 0, 0, 0, 0, 0, 0 }, 7 * 5040 },
  };
  for (size_t c = 0; c < N_ELEMS (cases); c++)
    {
      uint8_t digits[8] = { 0 }, p[8] = { 0 };
      lg_permut_lehmer (cases[c].p, cases[c].n, digits);
      ck_assert_mem_eq (digits, cases[c].digits, (size_t) cases[c].n);
      ck_assert_uint_eq (lg_permut_rank (cases[c].p, cases[c].n),
                         cases[c].rank);
      unrank (cases[c].rank, cases[c].n, p);
      ck_assert_mem_eq (p, cases[c].p, (size_t) cases[c].n);
    }
}
END_TEST

/* ---- table: n = 1 .. 8 ------------------------------------------------------ */

START_TEST (test_permut_table)
{
  int n = _i;
  LgPermut *pm = lg_permut_new (n);
  ck_assert_ptr_nonnull (pm);
  ck_assert_int_eq (pm->n, n);
  ck_assert_uint_eq (pm->count, factorial_by_hand (n));
  for (size_t r = 0; r < pm->count; r++)
    {
      const uint8_t *row = lg_permut_get (pm, r);
      LGTEST_CHECK (row == pm->perms + r * (size_t) n, "row %zu", r);
      LGTEST_CHECK (is_permutation (row, n), "row %zu of n = %d", r, n);
      if (r > 0)
        LGTEST_CHECK (lex_compare (lg_permut_get (pm, r - 1), row, n) < 0,
                      "rows %zu and %zu of n = %d not increasing", r - 1, r, n);
      LGTEST_CHECK (lg_permut_rank (row, n) == r, "rank of row %zu of n = %d",
                    r, n);
    }
  /* First the identity, last the reversal. */
  for (int i = 0; i < n; i++)
    {
      ck_assert_uint_eq (lg_permut_get (pm, 0)[i], i);
      ck_assert_uint_eq (lg_permut_get (pm, pm->count - 1)[i], n - 1 - i);
    }
  lg_permut_free (pm);
}
END_TEST

/* rank (unrank (r)) == r for every r, and unrank gives row r of the table. */
START_TEST (test_permut_rank_unrank)
{
  int n = _i;
  LgPermut *pm = lg_permut_new (n);
  ck_assert_ptr_nonnull (pm);
  for (size_t r = 0; r < pm->count; r++)
    {
      uint8_t p[LG_PERMUT_MAX_N];
      memset (p, 0xee, sizeof p);
      unrank (r, n, p);
      LGTEST_CHECK (is_permutation (p, n), "unrank (%zu) of n = %d", r, n);
      LGTEST_CHECK (lg_permut_rank (p, n) == r, "rank (unrank (%zu)), n = %d",
                    r, n);
      LGTEST_CHECK (same_items (p, lg_permut_get (pm, r), n),
                    "unrank (%zu) is not row %zu, n = %d", r, r, n);
      LGTEST_CHECK (p[n] == 0xee, "unrank (%zu) wrote past item %d", r, n);
    }
  lg_permut_free (pm);
}
END_TEST

/* unrank (rank (p)) == p, with p enumerated independently of the module:
 * choosing, at each position, the unused items in increasing order lists the
 * permutations in lexicographic order, so the k-th one has rank k. */
typedef struct
{
  int n;
  uint8_t p[LG_PERMUT_MAX_N];
  bool used[LG_PERMUT_MAX_N];
  size_t k;
} Enum;

static void
enumerate (Enum *e, int pos)
{
  if (pos == e->n)
    {
      uint8_t q[LG_PERMUT_MAX_N];
      size_t r = lg_permut_rank (e->p, e->n);
      LGTEST_CHECK (r == e->k, "permutation %zu of n = %d has rank %zu", e->k,
                    e->n, r);
      unrank (r, e->n, q);
      LGTEST_CHECK (same_items (e->p, q, e->n),
                    "unrank (rank (p)) != p, rank %zu, n = %d", r, e->n);
      e->k++;
      return;
    }
  for (int v = 0; v < e->n; v++)
    if (!e->used[v])
      {
        e->used[v] = true;
        e->p[pos] = (uint8_t) v;
        enumerate (e, pos + 1);
        e->used[v] = false;
      }
}

START_TEST (test_permut_unrank_rank)
{
  Enum e = { .n = _i };
  enumerate (&e, 0);
  ck_assert_uint_eq (e.k, factorial_by_hand (_i));
}
END_TEST

/* Digit i counts the later items smaller than p[i], is at most n-1-i, and the
 * rank is the number the digits make in the factorial number system. */
START_TEST (test_permut_lehmer)
{
  int n = _i;
  LgPermut *pm = lg_permut_new (n);
  ck_assert_ptr_nonnull (pm);
  for (size_t r = 0; r < pm->count; r++)
    {
      const uint8_t *row = lg_permut_get (pm, r);
      uint8_t digits[LG_PERMUT_MAX_N], want[LG_PERMUT_MAX_N];
      lg_permut_lehmer (row, n, digits);
      lehmer_by_definition (row, n, want);
      LGTEST_CHECK (same_items (digits, want, n),
                    "Lehmer digits of row %zu, n = %d", r, n);
      uint64_t value = 0;
      for (int i = 0; i < n; i++)
        {
          LGTEST_CHECK (digits[i] <= n - 1 - i, "digit %d of row %zu", i, r);
          value += digits[i] * factorial_by_hand (n - 1 - i);
        }
      LGTEST_CHECK (value == r, "digits of row %zu make %ju", r,
                    (uintmax_t) value);
    }
  lg_permut_free (pm);
}
END_TEST

/* The adjacent transpositions of n = 1..8, against lg_permut_rank of the
 * permutation with the two items exchanged by hand; swapping twice gives the
 * rank back. */
START_TEST (test_permut_adjacent_swaps)
{
  const int n = _i;
  LgPermut *pm = lg_permut_new (n);
  ck_assert_ptr_nonnull (pm);
  size_t width = (size_t) (n > 1 ? n - 1 : 1);
  uint16_t *swaps = malloc (pm->count * width * sizeof *swaps);
  ck_assert_ptr_nonnull (swaps);
  lg_permut_adjacent_swaps (pm, swaps);
  for (size_t r = 0; r < pm->count; r++)
    for (int i = 0; i + 1 < n; i++)
      {
        uint8_t q[LG_PERMUT_MAX_N];
        memcpy (q, lg_permut_get (pm, r), (size_t) n);
        uint8_t t = q[i];
        q[i] = q[i + 1];
        q[i + 1] = t;
        size_t s = swaps[(size_t) i * pm->count + r];
        LGTEST_CHECK (s == lg_permut_rank (q, n), "n = %d, rank %zu, i = %d", n,
                      r, i);
        LGTEST_CHECK (swaps[(size_t) i * pm->count + s] == r,
                      "n = %d, rank %zu, i = %d: twice", n, r, i);
      }
  free (swaps);
  lg_permut_free (pm);
}
END_TEST

/* ---- limits ----------------------------------------------------------------- */

START_TEST (test_permut_new_bounds)
{
  ck_assert_ptr_null (lg_permut_new (0));
  ck_assert_ptr_null (lg_permut_new (-1));
  ck_assert_ptr_null (lg_permut_new (LG_PERMUT_MAX_N + 1));
  ck_assert_ptr_null (lg_permut_new (11));
  lg_permut_free (NULL);
}
END_TEST

/* n = 9 and 10, beyond the exhaustive tests: random permutations and ranks
 * round-trip, and the tables, sampled. */
START_TEST (test_permut_large)
{
  uint64_t rng = 42;
  for (int n = 9; n <= LG_PERMUT_MAX_N; n++)
    {
      size_t count = factorial_by_hand (n);
      for (int k = 0; k < 2000; k++)
        {
          uint8_t p[LG_PERMUT_MAX_N], q[LG_PERMUT_MAX_N];
          random_permutation (&rng, n, p);
          size_t r = lg_permut_rank (p, n);
          LGTEST_CHECK (r < count, "rank %zu, n = %d", r, n);
          unrank (r, n, q);
          LGTEST_CHECK (same_items (p, q, n), "n = %d, rank %zu", n, r);
          size_t r2 = (size_t) (lgtest_rand (&rng) % count);
          unrank (r2, n, q);
          LGTEST_CHECK (is_permutation (q, n), "n = %d, rank %zu", n, r2);
          LGTEST_CHECK (lg_permut_rank (q, n) == r2, "n = %d, rank %zu", n, r2);
        }
    }
  for (int n = 9; n <= LG_PERMUT_MAX_N; n++)
    {
      LgPermut *pm = lg_permut_new (n);
      ck_assert_ptr_nonnull (pm);
      ck_assert_int_eq (pm->n, n);
      ck_assert_uint_eq (pm->count, factorial_by_hand (n));
      for (size_t r = 0; r < pm->count; r += 997)
        {
          const uint8_t *row = lg_permut_get (pm, r);
          LGTEST_CHECK (is_permutation (row, n), "row %zu of n = %d", r, n);
          LGTEST_CHECK (lg_permut_rank (row, n) == r, "row %zu of n = %d", r,
                        n);
          if (r > 0)
            LGTEST_CHECK (lex_compare (lg_permut_get (pm, r - 1), row, n) < 0,
                          "rows %zu and %zu of n = %d", r - 1, r, n);
        }
      const uint8_t *last = lg_permut_get (pm, pm->count - 1);
      ck_assert_uint_eq (lg_permut_rank (last, n), pm->count - 1);
      for (int i = 0; i < n; i++)
        ck_assert_uint_eq (last[i], n - 1 - i);
      lg_permut_free (pm);
    }
}
END_TEST

/* lg_permut_find_exchange: every exchange of two entries of one row but
 * the first is tried once, in order, the solution restored after each,
 * and the search stops at the first test that holds. */
typedef struct
{
  size_t size;
  int n_groups, n;
  const void *original; /* the solution before any exchange */
  int calls, stop_at;   /* stop_at: the call that returns 1, or -1 */
  int last_g, last_r1;  /* the row and first entry of the last exchange */
} ExchangeLog;

static uint64_t
entry (const void *s, size_t size, int k)
{
  uint64_t v = 0;
  memcpy (&v, (const unsigned char *) s + (size_t) k * size, size);
  return v;
}

static int
log_exchange (const void *s, void *data)
{
  ExchangeLog *x = data;
  int differ = 0, g = -1, r1 = -1, r2 = -1;
  for (int k = 0; k < x->n_groups * x->n; k++)
    if (entry (s, x->size, k) != entry (x->original, x->size, k))
      {
        differ++;
        if (r1 < 0)
          g = k / x->n, r1 = k % x->n;
        else
          r2 = k % x->n;
      }
  ck_assert_int_eq (differ, 2);
  ck_assert_int_ge (g, 1);
  ck_assert_int_eq (entry (s, x->size, g * x->n + r1),
                    entry (x->original, x->size, g * x->n + r2));
  /* in order: row by row, then by first entry */
  ck_assert (g > x->last_g || (g == x->last_g && r1 >= x->last_r1));
  x->last_g = g, x->last_r1 = r1;
  return x->calls++ == x->stop_at;
}

START_TEST (test_permut_find_exchange)
{
  const size_t sizes[] = { 1, 4, 8 };
  for (size_t i = 0; i < N_ELEMS (sizes); i++)
    for (int n_groups = 1; n_groups <= 4; n_groups++)
      for (int n = 1; n <= 5; n++)
        {
          size_t size = sizes[i], bytes = size * (size_t) (n_groups * n);
          unsigned char s[8 * 4 * 5], original[8 * 4 * 5];
          for (int g = 0; g < n_groups; g++)
            for (int r = 0; r < n; r++)
              memset (s + (size_t) (g * n + r) * size, (r + g) % n + 16 * g,
                      size); /* distinct in each row, whatever the size */
          memcpy (original, s, bytes);
          int all = (n_groups - 1) * n * (n - 1) / 2;
          for (int stop_at = -1; stop_at < all; stop_at++)
            {
              ExchangeLog x = { size, n_groups, n, original, 0, stop_at, 0, 0 };
              int found = lg_permut_find_exchange (s, size, n_groups, n,
                                                   log_exchange, &x);
              ck_assert_int_eq (found, stop_at >= 0);
              ck_assert_int_eq (x.calls, stop_at >= 0 ? stop_at + 1 : all);
              ck_assert_mem_eq (s, original, bytes);
            }
        }
}
END_TEST

Suite *
lg_permut_suite (void)
{
  Suite *s = suite_create ("permut");
  TCase *tc = tcase_create ("core");
  tcase_add_loop_test (tc, test_permut_factorial, 0,
                       (int) N_ELEMS (factorials));
  tcase_add_test (tc, test_permut_tutorial_three);
  tcase_add_test (tc, test_permut_lehmer_examples);
  tcase_add_test (tc, test_permut_find_exchange);
  suite_add_tcase (s, tc);

  tc = tcase_create ("table");
  tcase_add_loop_test (tc, test_permut_table, 1, 9);
  tcase_add_loop_test (tc, test_permut_rank_unrank, 1, 9);
  tcase_add_loop_test (tc, test_permut_unrank_rank, 1, 9);
  tcase_add_loop_test (tc, test_permut_lehmer, 1, 9);
  tcase_add_loop_test (tc, test_permut_adjacent_swaps, 1,
                       LG_PERMUT_SWAPS_MAX_N + 1);
  suite_add_tcase (s, tc);

  tc = tcase_create ("limits");
  tcase_add_test (tc, test_permut_new_bounds);
  tcase_add_test (tc, test_permut_large);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_permut_suite ());
}
