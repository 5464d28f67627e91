/* bitset — out-of-line helpers; the hot operations are inline in bitset.h. */
#include "bitset.h"

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
