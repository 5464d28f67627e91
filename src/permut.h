/* permut — numbering of permutations (the original's PERMUT and
 * SITUATION.make_permut / index_of_permut).
 *
 * The n! permutations of 0..n-1 are listed in lexicographic order and
 * numbered from 1; a permutation's number is its Lehmer code (its digits in
 * the factorial number system) plus one.  Bit k of a mask stands for the
 * permutation numbered k+1, so code that indexes masks uses the 0-based
 * rank = number - 1.  For groups g1 < g2, permutation p associates item i of
 * g1 with item p[i] of g2.
 *
 * Invariant: `perms[r * n + i]` is item i of the permutation of rank r, and
 * lg_permut_rank (perms + r * n) == r for every r.  Also the transpositions
 * of a solution's rows that the exchange witnesses try
 * (lg_permut_find_exchange).  GLib-free.
 */
#ifndef LG_PERMUT_H
#define LG_PERMUT_H

#include <stddef.h>
#include <stdint.h>

/* Largest dimension the table can hold (n! must fit comfortably in memory:
 * 10! * 10 bytes is 36 MB). */
#define LG_PERMUT_MAX_N 10

typedef struct LgPermut
{
  int n;          /* dimension: number of items per group */
  size_t count;   /* n! */
  uint8_t *perms; /* count rows of n items, lexicographic order */
} LgPermut;

/* n! for 0 <= n <= 20, 0 beyond (it would not fit in 64 bits). */
uint64_t lg_permut_factorial (int n);

/* Builds the table for 1 <= n <= LG_PERMUT_MAX_N; NULL for another n. */
LgPermut *lg_permut_new (int n);
void lg_permut_free (LgPermut *permut);

/* 0-based lexicographic rank of p (a permutation of 0..n-1): the Lehmer
 * code read in the factorial number system.  The original's number is this
 * plus one. */
size_t lg_permut_rank (const uint8_t *p, int n);

/* The Lehmer digits of p: digit i counts the later items smaller than p[i]. */
void lg_permut_lehmer (const uint8_t *p, int n, uint8_t *digits);

/* Largest dimension lg_permut_adjacent_swaps serves: its ranks are 16-bit. */
#define LG_PERMUT_SWAPS_MAX_N 8

/* Fills swaps ((n-1) * n! entries, 2 <= n <= LG_PERMUT_SWAPS_MAX_N; nothing
 * for n = 1) with the adjacent transpositions: swaps[i * n! + r] is the
 * rank of permutation r with the items at positions i and i+1 exchanged,
 * that is of (perm r o tau_i).  Computed from the Lehmer digits, which
 * only change at i and i+1: when p[i] < p[i+1], d'_i = d_{i+1} + 1 and
 * d'_{i+1} = d_i; otherwise d'_i = d_{i+1} and d'_{i+1} = d_i - 1. */
void lg_permut_adjacent_swaps (const LgPermut *permut, uint16_t *swaps);

/* The exchange witnesses of logigram-gen --minimise and logigram
 * --redundant: a solution with two items of one group exchanged.
 * `s` is a solution of n_groups rows of n entries, each `size` bytes (at
 * most 8), row g giving the items of group g by person; row 0, the
 * persons' own group, is left alone.  For every other row g and every r1 <
 * r2, entries r1 and r2 of row g are exchanged, test (s, data) is called,
 * and the exchange is undone.  Returns 1 at the first test that returns
 * nonzero, 0 when none does; s is as it was either way. */
typedef int (*LgExchangeTest) (const void *s, void *data);
int lg_permut_find_exchange (void *s, size_t size, int n_groups, int n,
                             LgExchangeTest test, void *data);

static inline const uint8_t *
lg_permut_get (const LgPermut *permut, size_t rank)
{
  return permut->perms + rank * (size_t) permut->n;
}

#endif /* LG_PERMUT_H */
