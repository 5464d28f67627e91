/* bitset — bit strings of n! bits over 64-bit words (the original's BIT_STRING).
 *
 * A mask over the permutations of one group pair: bit k set means the
 * permutation of rank k+1 is still possible.  The storage is a plain array of
 * `uint64_t` words owned by the caller; the bits past `n_bits` in the last word
 * are always zero, so "empty" and "count" are word operations.  GLib-free.
 * lg_bitset_clear, _clear_all, _is_empty and _equal have no caller in src/
 * today: they stay, with their tests, as the rest of the original's
 * BIT_STRING that the masks' invariants are stated with (and for the mask
 * check after each restore of --enable-checks).
 */
#ifndef LG_BITSET_H
#define LG_BITSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Number of 64-bit words that hold n_bits bits. */
static inline size_t
lg_bitset_n_words (size_t n_bits)
{
  return (n_bits + 63) / 64;
}

/* The one popcount of logigram: the set bits of a word.  Without the popcnt
 * instruction (the x86-64 baseline), GCC's builtin is a library call: the
 * SWAR sum is cheaper inline.  (lg_bitset_count_func picks, at run time, a
 * counter that uses the instruction when the processor has it.) */
static inline int
lg_bitset_popcount64 (uint64_t w)
{
#if defined(__POPCNT__) || (!defined(__x86_64__) && defined(__GNUC__))
  return __builtin_popcountll (w);
#else
  w = w - ((w >> 1) & UINT64_C (0x5555555555555555));
  w = (w & UINT64_C (0x3333333333333333)) +
      ((w >> 2) & UINT64_C (0x3333333333333333));
  w = (w + (w >> 4)) & UINT64_C (0x0f0f0f0f0f0f0f0f);
  return (int) ((w * UINT64_C (0x0101010101010101)) >> 56);
#endif
}

/* The one count-trailing-zeros of logigram: the index of the lowest set bit
 * of w, which must not be 0. */
static inline int
lg_bitset_ctz64 (uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll (w);
#else
  int c = 0;
  while (!(w & 1))
    {
      w >>= 1;
      c++;
    }
  return c;
#endif
}

/* Whether w has exactly one bit set (cheaper than counting them). */
static inline bool
lg_bitset_one_bit (uint64_t w)
{
  return w && !(w & (w - 1));
}

static inline bool
lg_bitset_test (const uint64_t *words, size_t bit)
{
  return (words[bit >> 6] >> (bit & 63)) & 1u;
}

static inline void
lg_bitset_set (uint64_t *words, size_t bit)
{
  words[bit >> 6] |= UINT64_C (1) << (bit & 63);
}

static inline void
lg_bitset_clear (uint64_t *words, size_t bit)
{
  words[bit >> 6] &= ~(UINT64_C (1) << (bit & 63));
}

/* Clears every bit. */
static inline void
lg_bitset_clear_all (uint64_t *words, size_t n_bits)
{
  memset (words, 0, lg_bitset_n_words (n_bits) * sizeof *words);
}

/* Sets bits 0 .. n_bits-1, leaving the tail of the last word zero. */
static inline void
lg_bitset_set_all (uint64_t *words, size_t n_bits)
{
  size_t n = lg_bitset_n_words (n_bits);
  if (n == 0)
    return;
  memset (words, 0xff, n * sizeof *words);
  if (n_bits & 63)
    words[n - 1] = (UINT64_C (1) << (n_bits & 63)) - 1;
}

/* dst &= src over n_words words; returns true when dst is still non-empty. */
static inline bool
lg_bitset_and (uint64_t *restrict dst, const uint64_t *restrict src,
               size_t n_words)
{
  uint64_t any = 0;
  for (size_t i = 0; i < n_words; i++)
    {
      dst[i] &= src[i];
      any |= dst[i];
    }
  return any != 0;
}

static inline bool
lg_bitset_is_empty (const uint64_t *words, size_t n_words)
{
  uint64_t any = 0;
  for (size_t i = 0; i < n_words; i++)
    any |= words[i];
  return any == 0;
}

static inline bool
lg_bitset_equal (const uint64_t *a, const uint64_t *b, size_t n_words)
{
  return memcmp (a, b, n_words * sizeof *a) == 0;
}

static inline size_t
lg_bitset_count (const uint64_t *words, size_t n_words)
{
  size_t c = 0;
  for (size_t i = 0; i < n_words; i++)
    c += (size_t) lg_bitset_popcount64 (words[i]);
  return c;
}

/* A counter of the set bits of n_words words, as lg_bitset_count. */
typedef size_t (*LgBitsetCountFunc) (const uint64_t *words, size_t n_words);

/* The fastest counter this processor runs: on x86-64 built without the
 * popcnt instruction in the baseline, one that uses it when the processor
 * has it (chosen once, at run time); lg_bitset_count otherwise.  For the
 * hot loops that count whole masks: keep the pointer, call through it. */
LgBitsetCountFunc lg_bitset_count_func (void);

/* Index of the first set bit at or after `from`, or `n_bits` when none.
 * Iterate with: for (b = next (w, n, 0); b < n; b = next (w, n, b + 1)). */
size_t lg_bitset_next (const uint64_t *words, size_t n_bits, size_t from);

#endif /* LG_BITSET_H */
