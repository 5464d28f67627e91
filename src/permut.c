/* permut — see permut.h.  The table is filled by walking ranks 0..n!-1 and
 * stepping each row to its lexicographic successor (Knuth's Algorithm L),
 * which costs O(1) amortised per row instead of an unrank per row. */
#include "permut.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

uint64_t
lg_permut_factorial (int n)
{
  if (n < 0 || n > 20)
    return 0;
  uint64_t f = 1;
  for (int i = 2; i <= n; i++)
    f *= (uint64_t) i;
  return f;
}

static bool
next_permutation (uint8_t *p, int n)
{
  int i = n - 2;
  while (i >= 0 && p[i] > p[i + 1])
    i--;
  if (i < 0)
    return false;
  int j = n - 1;
  while (p[j] < p[i])
    j--;
  uint8_t t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int a = i + 1, b = n - 1; a < b; a++, b--)
    {
      t = p[a];
      p[a] = p[b];
      p[b] = t;
    }
  return true;
}

LgPermut *
lg_permut_new (int n)
{
  if (n < 1 || n > LG_PERMUT_MAX_N)
    return NULL;
  LgPermut *permut = calloc (1, sizeof *permut);
  if (!permut)
    abort ();
  permut->n = n;
  permut->count = (size_t) lg_permut_factorial (n);
  permut->perms = malloc (permut->count * (size_t) n);
  if (!permut->perms)
    abort ();
  uint8_t *row = permut->perms;
  for (int i = 0; i < n; i++)
    row[i] = (uint8_t) i;
  for (size_t r = 1; r < permut->count; r++)
    {
      memcpy (row + n, row, (size_t) n);
      row += n;
      next_permutation (row, n);
    }
  return permut;
}

void
lg_permut_free (LgPermut *permut)
{
  if (!permut)
    return;
  free (permut->perms);
  free (permut);
}

void
lg_permut_lehmer (const uint8_t *p, int n, uint8_t *digits)
{
  for (int i = 0; i < n; i++)
    {
      uint8_t d = 0;
      for (int j = i + 1; j < n; j++)
        d += p[j] < p[i];
      digits[i] = d;
    }
}

void
lg_permut_adjacent_swaps (const LgPermut *permut, uint16_t *swaps)
{
  const int n = permut->n;
  size_t weight[LG_PERMUT_MAX_N]; /* weight[i] = (n-1-i)!, digit i's */
  for (int i = 0; i < n; i++)
    weight[i] = (size_t) lg_permut_factorial (n - 1 - i);
  uint8_t d[LG_PERMUT_MAX_N];
  for (size_t r = 0; r < permut->count; r++)
    {
      const uint8_t *p = lg_permut_get (permut, r);
      lg_permut_lehmer (p, n, d);
      for (int i = 0; i + 1 < n; i++)
        {
          /* new digits at i and i+1, as differences with the old ones */
          ptrdiff_t di, dn;
          if (p[i] < p[i + 1])
            di = d[i + 1] + 1 - d[i], dn = d[i] - d[i + 1];
          else
            di = d[i + 1] - d[i], dn = d[i] - 1 - d[i + 1];
          ptrdiff_t s = (ptrdiff_t) r + di * (ptrdiff_t) weight[i] +
                        dn * (ptrdiff_t) weight[i + 1];
          swaps[(size_t) i * permut->count + r] = (uint16_t) s;
        }
    }
}

static void
swap_entries (unsigned char *a, unsigned char *b, size_t size)
{
  unsigned char t[8];
  memcpy (t, a, size);
  memcpy (a, b, size);
  memcpy (b, t, size);
}

int
lg_permut_find_exchange (void *s, size_t size, int n_groups, int n,
                         LgExchangeTest test, void *data)
{
  assert (size <= 8);
  unsigned char *base = s;
  for (int g = 1; g < n_groups; g++)
    for (int r1 = 0; r1 < n; r1++)
      for (int r2 = r1 + 1; r2 < n; r2++)
        {
          unsigned char *a = base + ((size_t) g * n + r1) * size;
          unsigned char *b = base + ((size_t) g * n + r2) * size;
          swap_entries (a, b, size);
          int found = test (s, data);
          swap_entries (a, b, size);
          if (found)
            return 1;
        }
  return 0;
}

/* popcount of the 10-bit numbers, for the Lehmer digits.  A table of its
 * own rather than lg_bitset_popcount64: without the popcnt instruction (the
 * x86-64 baseline) one load is cheaper than the SWAR sum, and the faithful
 * engine ranks a permutation for every candidate it tries. */
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2 (n), B2 (n + 1), B2 (n + 1), B2 (n + 2)
#define B6(n) B4 (n), B4 (n + 1), B4 (n + 1), B4 (n + 2)
#define B8(n) B6 (n), B6 (n + 1), B6 (n + 1), B6 (n + 2)
#define B10(n) B8 (n), B8 (n + 1), B8 (n + 1), B8 (n + 2)
static const uint8_t bits_in[1 << LG_PERMUT_MAX_N] = { B10 (0) };

size_t
lg_permut_rank (const uint8_t *p, int n)
{
  /* Horner's rule in the factorial number system: digit i has weight
   * (n-1-i)!, so rank = ((d0 * (n-1) + d1) * (n-2) + d2) ...  Digit i is
   * the number of values smaller than p[i] not used before it. */
  size_t rank = 0;
  unsigned unused = (1u << n) - 1;
  for (int i = 0; i < n; i++)
    {
      unsigned below = unused & ((1u << p[i]) - 1);
      rank = rank * (size_t) (n - i) + bits_in[below];
      unused &= ~(1u << p[i]);
    }
  return rank;
}

