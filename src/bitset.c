/* bitset — out-of-line helpers; the hot operations are inline in bitset.h. */
#include "bitset.h"

static size_t
count_portable (const uint64_t *words, size_t n_words)
{
  return lg_bitset_count (words, n_words);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define LG_POPCNT_DISPATCH 1
/* Inside this function the builtin is the popcnt instruction. */
__attribute__ ((target ("popcnt"))) static size_t
count_popcnt (const uint64_t *words, size_t n_words)
{
  size_t c = 0;
  for (size_t w = 0; w < n_words; w++)
    c += (size_t) __builtin_popcountll (words[w]);
  return c;
}
#endif

LgBitsetCountFunc
lg_bitset_count_func (void)
{
#ifdef LG_POPCNT_DISPATCH
  if (__builtin_cpu_supports ("popcnt"))
    return count_popcnt;
#endif
  return count_portable;
}

size_t
lg_bitset_next (const uint64_t *words, size_t n_bits, size_t from)
{
  if (from >= n_bits)
    return n_bits;
  size_t wi = from >> 6;
  uint64_t w = words[wi] & (~UINT64_C (0) << (from & 63));
  size_t n_words = lg_bitset_n_words (n_bits);
  for (;;)
    {
      if (w)
        {
          size_t bit = (wi << 6) + (size_t) lg_bitset_ctz64 (w);
          return bit < n_bits ? bit : n_bits;
        }
      if (++wi >= n_words)
        return n_bits;
      w = words[wi];
    }
}
