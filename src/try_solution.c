/* try_solution — see try_solution.h. */
#include "try_solution.h"

#include <string.h>

#include "bitset.h"
#include "checker.h"
#include "index_set.h"
#include "pair.h"

struct LgTrySolution
{
  const LgProblem *problem;
  const LgConstraintSet *set; /* for the checks of --enable-checks */
  const LgPermut *permut;
  const uint64_t *masks; /* the situation's n_pairs pair masks */
  guint n_groups, n, n_pairs;
  size_t n_words, n_perms;
  LgCheck check;
  LgSolution solution;
  size_t *rank; /* per group: rank of solution.perm[g] */
  uint8_t *identity;
  uint8_t *composed;
  uint16_t *inverse; /* rank -> rank of the inverse (n <= 8) */
  /* n <= LG_COMPOSE_MAX_N: */
  uint16_t *swaps;        /* (n-1) x n!: lg_permut_adjacent_swaps */
  uint16_t *compose;      /* n! rows: row t maps q to rank (perm q o perm
                              t); allocated at once, each row filled on
                              first use */
  uint8_t *compose_ready; /* per row: filled? */

  uint64_t *candidates_of; /* per group: its candidate set (INTERSECT...) */
  /* try_faithful_table (n <= LG_COMPOSE_MAX_N).  Only the pairs that some
   * leaf of the tree narrows can differ from all ones: each has a slot
   * (1 .. n_slots - 1, slot[pair]), where the tables per pair are; the
   * other pairs share slot 0, whose mask stays full (pair_count n!) and
   * whose images are never built.  Pair masks keep a version across
   * try_solution calls: `seen` is each mask at the previous call, and a
   * mask that differs gets a new version (from `versions`). */
  guint32 *slot;    /* per pair */
  guint *slot_pair; /* per slot: its pair (slot 0: none) */
  guint n_slots;
  uint64_t *seen; /* per slot */
  guint64 *pair_version;
  guint64 versions;
  size_t *pair_count; /* per slot: bits set, at try_solution's start */
  size_t *build_cost; /* per slot: bits to scatter for an image */
  /* the image of pair mask (j, g) under each permutation of group j, valid
   * while image_version equals the pair's version (per slot) */
  uint64_t *image_cache;
  guint64 *image_version;
  /* FEWEST, where a group placed later than g in the order of the groups
   * checks it too: the image of pair mask (g, j) under q -> q^-1 o sj, that
   * is of the mask's inverses (inverse_mask, valid while inverse_version
   * equals the pair's version) under sj; the same versions (per slot) */
  uint64_t *inverse_mask, *inverse_cache;
  guint64 *inverse_version, *inverse_image_version;
  size_t *count0; /* per group g: bits of mask (0, g) */
  /* per group g and level j < g, at lg_pair_index (j, g) (a triangle of
   * n_pairs entries): the candidates of g that pass the checks against
   * 1..j, their count, the counts summed over 0..j, and the assign_stamp
   * of j they were computed under.  The candidates are written only when
   * pair (j, g) is narrowed: in the slot of that pair. */
  uint64_t *alive_room;     /* per group: its candidates that pass */
  uint64_t *part;           /* per slot */
  const uint64_t **part_at; /* where part (g, j) is: in part, or the same
                               as part (g, j-1), or mask (0, g) for j = 0 */
  size_t *part_count, *part_sum;
  guint64 *part_stamp;
  guint64 *assign_stamp; /* per group: a new stamp at each assignment */
  guint64 clock;
  uint64_t *image;         /* scratch mask */
  LgBitsetCountFunc count; /* popcount of a candidate set, popcnt when the
                              processor has it */
  gboolean *assigned;      /* per group (FEWEST) */
  gboolean stopped;
  guint64 candidates, candidates_saved, checks, solutions;
  /* the same per level (the position of a group in the placement, from 1;
   * the group itself but with FEWEST): n_groups entries, 0 unused */
  guint64 *level_candidates, *level_checks;
  guint level; /* INTERSECT and FEWEST: the level being computed */
  /* distinct solutions (lg_try_solution_set_distinct): the ranks of groups
   * 1.. of every solution reported (key_len ranks each, in blocks of
   * 2^block_shift keys, of at most KEY_BLOCK_BYTES unless one key is
   * more: a block is never moved, so that the set holds what it uses,
   * give or take a block), to skip one met again along another path of
   * the tree, and an index of them by hash (index_set.h: the solutions'
   * numbers, from 32 slots; its len is the number of solutions kept).
   * Their bytes, at the most while one grows, are found_peak, and may
   * not pass found_budget: the enumeration stops there (over_memory). */
  gboolean distinct;
  guint key_len;
  guint32 *key; /* scratch: key_len ranks */
  guint32 **blocks;
  guint n_blocks, blocks_cap, block_shift;
  LgIndexSet found_index;
  guint64 found_budget, found_peak;
  gboolean over_memory;
  guint64 duplicates;
  /* the progress line: try_solution's visits, added to the situation's
   * steps */
  LgProgress *progress;
  guint64 *steps_at;
  const guint64
      *shown;         /* what the progress line shows (lg_try_solution_show) */
  guint64 step_limit; /* stop once *steps_at passes it (auto's trial) */
  guint64 work;       /* words of the table strategies not yet in steps */
  LgDeadline *deadline; /* or once it has passed (NULL: none) */
  /* --trace */
  FILE *trace;
  size_t depth;
};

/* Composition tables are kept up to 6 items (720 x 720 ranks, 1 MiB); above,
 * a composed permutation's rank is computed in O(n). */
#define LG_COMPOSE_MAX_N 6

/* try_faithful_table checks each candidate instead of building an image when
 * the candidates times this are fewer than the bits to scatter. */
#define LG_TEST_RATIO 4

/* The blocks of the keys of the solutions told apart: at most this many
 * bytes (but for a key alone that is more). */
#define KEY_BLOCK_BYTES 4096

/* The current mask of pair (g1 < g2). */
static inline const uint64_t *
pair_mask (const LgTrySolution *s, guint g1, guint g2)
{
  return s->masks + lg_pair_index (g1, g2) * s->n_words;
}

/* Marks in `narrowed` the pair of node if it is a leaf, and returns 1 if
 * it was not marked yet; walks down the children when walk. */
static guint
mark_leaf (const LgNode *node, gboolean walk, uint64_t *narrowed)
{
  if (node->kind == LG_NODE_LEAF)
    {
      guint pair = ((const LgMaskNode *) node->data)->pair;
      if (lg_bitset_test (narrowed, pair))
        return 0;
      lg_bitset_set (narrowed, pair);
      return 1;
    }
  guint count = 0;
  for (uint32_t c = 0; walk && c < node->n_children; c++)
    count += mark_leaf (node->children[c], TRUE, narrowed);
  return count;
}

/* Marks in `narrowed` (n_pairs bits, cleared) the pairs that a leaf of
 * tree narrows (every pair without a tree); returns how many.  The
 * builder's trees list their nodes; a tree made by hand is walked from
 * its root. */
static guint
mark_narrowed (const LgAndOrTree *tree, guint n_pairs, uint64_t *narrowed)
{
  if (!tree)
    {
      lg_bitset_set_all (narrowed, n_pairs);
      return n_pairs;
    }
  if (!tree->nodes)
    return mark_leaf (tree->root, TRUE, narrowed);
  guint count = 0;
  for (guint i = 0; i < tree->nodes->len; i++)
    count += mark_leaf (tree->nodes->pdata[i], FALSE, narrowed);
  return count;
}

guint
lg_try_solution_narrowed (const LgAndOrTree *tree, guint n_groups)
{
  const guint n_pairs = lg_pair_count (n_groups);
  g_autofree uint64_t *narrowed =
      g_new0 (uint64_t, lg_bitset_n_words (MAX (n_pairs, 1)));
  return mark_narrowed (tree, n_pairs, narrowed);
}

/* The slots of the narrowed pairs (the tables per pair, see above). */
static void
make_slots (LgTrySolution *s, const LgAndOrTree *tree)
{
  const size_t n_pairs = MAX (s->n_pairs, 1);
  g_autofree uint64_t *narrowed =
      g_new0 (uint64_t, lg_bitset_n_words (n_pairs));
  s->n_slots = 1 + mark_narrowed (tree, s->n_pairs, narrowed);
  s->slot = g_new (guint32, n_pairs);
  s->slot_pair = g_new (guint, s->n_slots);
  s->slot_pair[0] = 0;
  guint next = 1;
  for (guint p = 0; p < n_pairs; p++)
    if (p < s->n_pairs && lg_bitset_test (narrowed, p))
      {
        s->slot_pair[next] = p;
        s->slot[p] = next++;
      }
    else
      s->slot[p] = 0;
}

LgTrySolution *
lg_try_solution_new (const LgProblem *problem, const LgConstraintSet *set,
                     const LgPermut *permut, const uint64_t *masks,
                     const LgAndOrTree *tree, LgCheck check,
                     LgProgress *progress, guint64 *steps_at, FILE *trace)
{
  LgTrySolution *s = g_new0 (LgTrySolution, 1);
  s->problem = problem;
  s->set = set;
  s->permut = permut;
  s->masks = masks;
  s->n_groups = lg_problem_n_groups (problem);
  s->n = (guint) permut->n;
  s->n_pairs = lg_pair_count (s->n_groups);
  s->n_perms = permut->count;
  s->n_words = lg_bitset_n_words (permut->count);
  s->check = check;
  s->progress = progress;
  s->steps_at = steps_at;
  s->shown = steps_at;
  s->step_limit = G_MAXUINT64;
  s->trace = trace;

  s->solution.problem = problem;
  s->solution.n_groups = s->n_groups;
  s->solution.n = s->n;
  s->solution.perm = g_new0 (const uint8_t *, s->n_groups);
  s->identity = g_new (uint8_t, s->n);
  for (guint i = 0; i < s->n; i++)
    s->identity[i] = (uint8_t) i;
  s->composed = g_new (uint8_t, s->n);
  s->rank = g_new0 (size_t, s->n_groups);
  if (s->n <= 8)
    {
      s->inverse = g_new (uint16_t, s->n_perms);
      for (size_t r = 0; r < s->n_perms; r++)
        {
          const uint8_t *p = lg_permut_get (permut, r);
          for (guint i = 0; i < s->n; i++)
            s->composed[p[i]] = (uint8_t) i;
          s->inverse[r] = (uint16_t) lg_permut_rank (s->composed, (int) s->n);
        }
    }
  if (s->n <= LG_COMPOSE_MAX_N)
    {
      s->swaps = g_new (uint16_t, MAX (s->n_perms * (s->n - 1), 1));
      lg_permut_adjacent_swaps (permut, s->swaps);
      s->compose = g_new (uint16_t, s->n_perms * s->n_perms);
      s->compose_ready = g_new0 (uint8_t, s->n_perms);
      make_slots (s, tree);
      const size_t n_slots = s->n_slots;
      /* every mask is as at the start (full) and seen, with version
       * 1..n_slots; no image has a version yet */
      s->seen = g_new (uint64_t, n_slots * s->n_words);
      s->pair_version = g_new (guint64, n_slots);
      s->pair_count = g_new (size_t, n_slots);
      s->build_cost = g_new0 (size_t, n_slots);
      for (guint k = 0; k < n_slots; k++)
        {
          lg_bitset_set_all (s->seen + k * s->n_words, s->n_perms);
          s->pair_version[k] = ++s->versions;
          s->pair_count[k] = s->n_perms;
        }
      s->image_cache = g_new (uint64_t, n_slots * s->n_perms * s->n_words);
      s->image_version = g_new0 (guint64, n_slots * s->n_perms);
      if (check == LG_CHECK_FEWEST)
        {
          s->inverse_mask = g_new (uint64_t, n_slots * s->n_words);
          s->inverse_version = g_new0 (guint64, n_slots);
          s->inverse_cache =
              g_new (uint64_t, n_slots * s->n_perms * s->n_words);
          s->inverse_image_version = g_new0 (guint64, n_slots * s->n_perms);
        }
      const size_t n_parts = MAX (s->n_pairs, 1);
      s->count0 = g_new0 (size_t, s->n_groups);
      s->part = g_new (uint64_t, n_slots * s->n_words);
      s->alive_room = g_new (uint64_t, s->n_groups * s->n_words);
      s->part_at = g_new0 (const uint64_t *, n_parts);
      s->part_count = g_new0 (size_t, n_parts);
      s->part_sum = g_new0 (size_t, n_parts);
      s->part_stamp = g_new0 (guint64, n_parts);
      s->assign_stamp = g_new0 (guint64, s->n_groups);
    }
  s->count = lg_bitset_count_func ();
  s->candidates_of = g_new (uint64_t, s->n_groups * s->n_words);
  s->image = g_new (uint64_t, s->n_words);
  s->assigned = g_new0 (gboolean, s->n_groups);
  s->level_candidates = g_new0 (guint64, s->n_groups);
  s->level_checks = g_new0 (guint64, s->n_groups);
  return s;
}

guint64
lg_try_solution_bytes (guint n_groups, guint n, LgCheck check, guint n_narrowed)
{
  const guint64 G = n_groups, pairs = MAX (lg_pair_count (n_groups), 1);
  const guint64 slots = 1 + (guint64) n_narrowed;
  const guint64 perms = (guint64) lg_permut_factorial ((int) n);
  const guint64 words = lg_bitset_n_words ((size_t) perms) * sizeof (uint64_t);
  /* perm, rank, candidates_of, assigned; identity, composed, image */
  guint64 bytes = sizeof (LgTrySolution) +
                  G * (2 * sizeof (void *) + words + sizeof (gboolean)) +
                  2 * n + words;
  if (n <= 8)
    bytes += perms * sizeof (uint16_t); /* inverse */
  if (n <= LG_COMPOSE_MAX_N)
    {
      /* swaps, compose, compose_ready; per pair: its slot, and as a group
       * and a level: where the part is, counts, sums and stamps; per slot:
       * its pair, seen, version, count, build cost, the images and their
       * versions, the part; per group: count0, alive_room, assign_stamp;
       * the narrowed pairs' bits while the slots are made */
      bytes += perms * (n ? n - 1 : 0) * sizeof (uint16_t) +
               perms * perms * sizeof (uint16_t) + perms;
      bytes += pairs * (sizeof (guint32) + 4 * sizeof (guint64)) +
               lg_bitset_n_words ((size_t) pairs) * sizeof (uint64_t);
      bytes += slots * (sizeof (guint) + 2 * words + 3 * sizeof (guint64)) +
               slots * perms * (words + sizeof (guint64));
      if (check == LG_CHECK_FEWEST)
        bytes += slots * (words + sizeof (guint64)) +
                 slots * perms * (words + sizeof (guint64));
      bytes += G * (2 * sizeof (guint64) + words);
    }
  return bytes;
}

void
lg_try_solution_show (LgTrySolution *s, const guint64 *shown)
{
  s->shown = shown;
}

void
lg_try_solution_set_step_limit (LgTrySolution *s, guint64 limit)
{
  s->step_limit = limit;
}

void
lg_try_solution_set_deadline (LgTrySolution *s, LgDeadline *deadline)
{
  s->deadline = deadline;
}

gboolean
lg_try_solution_stopped (const LgTrySolution *s)
{
  return s->stopped;
}

void
lg_try_solution_set_distinct (LgTrySolution *s, guint64 budget)
{
  if (s->distinct)
    return;
  s->distinct = TRUE;
  s->key_len = MAX (s->n_groups, 2) - 1;
  s->key = g_new (guint32, s->key_len);
  while (s->block_shift < 20 && ((guint64) s->key_len * sizeof (guint32)
                                 << (s->block_shift + 1)) <= KEY_BLOCK_BYTES)
    s->block_shift++;
  s->found_budget = budget;
  s->found_peak = s->key_len * sizeof (guint32);
}

guint64
lg_try_solution_distinct_bytes (const LgTrySolution *s)
{
  return s->found_peak;
}

gboolean
lg_try_solution_over_memory (const LgTrySolution *s)
{
  return s->over_memory;
}

void
lg_try_solution_free (LgTrySolution *s)
{
  if (!s)
    return;
  g_free (s->key);
  for (guint b = 0; b < s->n_blocks; b++)
    g_free (s->blocks[b]);
  g_free (s->blocks);
  lg_index_set_free (&s->found_index);
  g_free (s->solution.perm);
  g_free (s->identity);
  g_free (s->composed);
  g_free (s->rank);
  g_free (s->inverse);
  g_free (s->swaps);
  g_free (s->compose);
  g_free (s->compose_ready);
  g_free (s->slot);
  g_free (s->slot_pair);
  g_free (s->seen);
  g_free (s->pair_version);
  g_free (s->pair_count);
  g_free (s->build_cost);
  g_free (s->image_cache);
  g_free (s->image_version);
  g_free (s->inverse_mask);
  g_free (s->inverse_version);
  g_free (s->inverse_cache);
  g_free (s->inverse_image_version);
  g_free (s->count0);
  g_free (s->part);
  g_free (s->alive_room);
  g_free (s->part_at);
  g_free (s->part_count);
  g_free (s->part_sum);
  g_free (s->part_stamp);
  g_free (s->assign_stamp);
  g_free (s->candidates_of);
  g_free (s->image);
  g_free (s->assigned);
  g_free (s->level_candidates);
  g_free (s->level_checks);
  g_free (s);
}

guint64
lg_try_solution_duplicates (const LgTrySolution *s)
{
  return s->duplicates;
}

void
lg_try_solution_get_levels (const LgTrySolution *s, guint64 *candidates,
                            guint64 *checks, guint n_levels)
{
  for (guint l = 1; l < s->n_groups && n_levels; l++)
    {
      guint at = MIN (l, n_levels - 1);
      candidates[at] += s->level_candidates[l];
      checks[at] += s->level_checks[l];
    }
}

void
lg_try_solution_get_counts (const LgTrySolution *s, guint64 *candidates,
                            guint64 *checks, guint64 *solutions,
                            guint64 *candidates_saved)
{
  *candidates = s->candidates;
  *checks = s->checks;
  *solutions = s->solutions;
  *candidates_saved = s->candidates_saved;
}

/* ---- The strategies ------------------------------------------------------ */

/* Row t of the composition table: q -> rank (perm q o perm t), the
 * permutation i -> q[t[i]]; filled on first use, from the row of
 * u = t o tau_i where i is t's first descent (t[i] > t[i+1]): u has one
 * inversion fewer, so the chain ends at the identity (row 0, q -> q) within
 * n(n-1)/2 rows, and q o t = (q o u) o tau_i is one swaps lookup per entry. */
static const uint16_t *compose_row (LgTrySolution *s, size_t t);

G_GNUC_NO_INLINE static void
fill_compose_row (LgTrySolution *s, size_t t)
{
  uint16_t *row = s->compose + t * s->n_perms;
  if (t == 0)
    for (size_t q = 0; q < s->n_perms; q++)
      row[q] = (uint16_t) q;
  else
    {
      const uint8_t *pt = lg_permut_get (s->permut, t);
      guint i = 0;
      while (pt[i] < pt[i + 1])
        i++;
      const uint16_t *swap_i = s->swaps + i * s->n_perms;
      const uint16_t *from = compose_row (s, swap_i[t]);
      for (size_t q = 0; q < s->n_perms; q++)
        row[q] = swap_i[from[q]];
    }
  s->compose_ready[t] = 1;
}

static inline const uint16_t *
compose_row (LgTrySolution *s, size_t t)
{
  if (G_UNLIKELY (!s->compose_ready[t]))
    fill_compose_row (s, t);
  return s->compose + t * s->n_perms;
}

/* Rank of (perm q o perm t), that is of the permutation i -> q[t[i]]. */
static inline size_t
compose_rank (LgTrySolution *s, size_t q, size_t t)
{
  if (s->compose)
    return compose_row (s, t)[q];
  const uint8_t *pq = lg_permut_get (s->permut, q);
  const uint8_t *pt = lg_permut_get (s->permut, t);
  for (guint i = 0; i < s->n; i++)
    s->composed[i] = pq[pt[i]];
  return lg_permut_rank (s->composed, (int) s->n);
}
/* is_ok: is the association of groups mid < last implied by their two
 * permutations still possible in the situation?  It is the permutation p
 * with p[xmid[j]] = xlast[j], that is xlast o xmid^-1. */
static inline gboolean
is_ok (LgTrySolution *s, guint mid, guint last)
{
  s->checks++;
  s->level_checks[last]++;
  size_t k;
  if (s->inverse)
    k = compose_rank (s, s->rank[last], s->inverse[s->rank[mid]]);
  else
    {
      const uint8_t *xmid = s->solution.perm[mid];
      const uint8_t *xlast = s->solution.perm[last];
      for (guint j = 0; j < s->n; j++)
        s->composed[xmid[j]] = xlast[j];
      k = lg_permut_rank (s->composed, (int) s->n);
    }
  return lg_bitset_test (pair_mask (s, mid, last), k);
}

/* The hash of the ranks of groups 1.. at key. */
static size_t
key_hash (const LgTrySolution *s, const guint32 *key)
{
  uint64_t h = UINT64_C (0xcbf29ce484222325);
  for (guint i = 0; i < s->key_len; i++)
    h = (h ^ key[i]) * UINT64_C (0x100000001b3);
  return (size_t) (h ^ (h >> 29));
}

/* The key of solution number k. */
static inline guint32 *
found_key (const LgTrySolution *s, size_t k)
{
  return s->blocks[k >> s->block_shift] +
         (k & (((size_t) 1 << s->block_shift) - 1)) * s->key_len;
}

/* The hash of solution number k (its index's hash). */
static guint64
found_hash (const void *ctx, uint32_t k)
{
  const LgTrySolution *s = ctx;
  return key_hash (s, found_key (s, k));
}

/* Is solution number k the one of the scratch key (its index's same)? */
static gboolean
found_same (const void *ctx, uint32_t k)
{
  const LgTrySolution *s = ctx;
  return !memcmp (found_key (s, k), s->key, s->key_len * sizeof *s->key);
}

/* The bytes of a key block. */
static inline guint64
block_bytes (const LgTrySolution *s)
{
  return ((guint64) s->key_len * sizeof (guint32)) << s->block_shift;
}

/* The bytes the set holds: the scratch key, the blocks and their list,
 * the index. */
static guint64
found_bytes (const LgTrySolution *s)
{
  return s->key_len * sizeof (guint32) + s->n_blocks * block_bytes (s) +
         s->blocks_cap * sizeof (guint32 *) +
         s->found_index.size * sizeof (guint32);
}

/* Room for one more solution in the set: FALSE when its bytes while it
 * grows (a list or an index grown holds the old one until it is copied)
 * would pass the budget, or its index its 32 bits. */
static gboolean
found_room (LgTrySolution *s)
{
  if (s->found_index.len == (size_t) s->n_blocks << s->block_shift)
    {
      guint cap = s->n_blocks < s->blocks_cap ? s->blocks_cap
                                              : MAX (2 * s->blocks_cap, 16);
      guint64 peak = found_bytes (s) + block_bytes (s) +
                     (cap != s->blocks_cap ? cap * sizeof (guint32 *) : 0);
      if (peak > s->found_budget || s->found_index.len >= G_MAXUINT32 / 2)
        return FALSE;
      s->found_peak = MAX (s->found_peak, peak);
      if (cap != s->blocks_cap)
        {
          s->blocks = g_renew (guint32 *, s->blocks, cap);
          s->blocks_cap = cap;
        }
      s->blocks[s->n_blocks++] = g_malloc (block_bytes (s));
    }
  size_t cap = lg_index_set_size_for_one_more (&s->found_index, 32);
  if (cap != s->found_index.size)
    {
      guint64 peak = found_bytes (s) + cap * sizeof (guint32);
      if (peak > s->found_budget)
        return FALSE;
      s->found_peak = MAX (s->found_peak, peak);
      lg_index_set_resize (&s->found_index, cap, found_hash, s);
    }
  return TRUE;
}

typedef enum
{
  FOUND_NEW,
  FOUND_BEFORE,
  FOUND_NO_ROOM
} Found;

/* Has the solution of the current ranks been reported already?  Records it
 * when not, if there is room. */
static Found
seen_before (LgTrySolution *s)
{
  guint32 *k = s->key;
  for (guint g = 1; g < s->n_groups; g++)
    k[g - 1] = (guint32) s->rank[g];
  guint64 h = key_hash (s, k);
  if (s->found_index.size &&
      *lg_index_set_find (&s->found_index, h, found_same, s))
    return FOUND_BEFORE;
  if (!found_room (s))
    return FOUND_NO_ROOM;
  uint32_t number = (uint32_t) s->found_index.len;
  memcpy (found_key (s, number), k, s->key_len * sizeof *k);
  lg_index_set_put (&s->found_index, h, number);
  return FOUND_NEW;
}

static void
found_solution (LgTrySolution *s, LgSolutionFunc func, gpointer data)
{
  Found found = s->distinct ? seen_before (s) : FOUND_NEW;
  if (found == FOUND_NO_ROOM)
    {
      s->over_memory = TRUE;
      s->stopped = TRUE;
      return;
    }
  if (found == FOUND_BEFORE)
    {
      s->duplicates++;
      if (s->trace)
        fprintf (s->trace, "%*ssolution found before: skipped\n",
                 (int) (2 * s->depth + 2), "");
      return;
    }
  s->solutions++;
#ifdef LG_ENABLE_CHECKS
  /* --enable-checks: every solution is checked against every rule, by
   * brute force, independently of the masks */
  g_assert (lg_checker_verify (s->problem, s->set,
                               (const uint8_t *const *) s->solution.perm));
#endif
  lg_progress_hide (s->progress);
  if (s->trace)
    fprintf (s->trace, "%*ssolution %" G_GUINT64_FORMAT "\n",
             (int) (2 * s->depth + 2), "", s->solutions);
  if (func && !func (s->problem, &s->solution, data))
    s->stopped = TRUE;
}

/* count more units of work (visits, candidates): the progress line, and
 * the stop at step_limit or the deadline */
static inline void
add_steps (LgTrySolution *s, guint64 count)
{
  *s->steps_at += count;
  lg_progress_tick (s->progress, *s->shown);
  if (G_UNLIKELY (*s->steps_at > s->step_limit) ||
      G_UNLIKELY (lg_deadline_passed (s->deadline)))
    s->stopped = TRUE;
}

/* The table strategies' work in words of masks compared, copied or ANDed
 * and bits scattered into images, WORK_PER_STEP of them a step (about as
 * long as a visit, which try_faithful_table counts as that many words,
 * with its filter's).  Without the tables' part, the trial of auto
 * undercounted a tree that holds often: 138,240 calls of about 1.5
 * microseconds each took 0.3 s within its 16 million steps. */
#define WORK_PER_STEP 4

/* A check of the original strategy beyond 6 items (no table: it ranks a
 * composition of two permutations), in words: three steps.  With the
 * candidates alone counted (and the mask words each call scans), auto's
 * trial of 16 million steps took 0.3 to 1 s on generated 7x5 puzzles. */
#define CHECK_WORK 12

static inline void
add_work (LgTrySolution *s, guint64 words)
{
  s->work += words;
  if (s->work >= WORK_PER_STEP)
    {
      add_steps (s, s->work / WORK_PER_STEP);
      s->work %= WORK_PER_STEP;
    }
}

static void
assign (LgTrySolution *s, guint g, size_t r)
{
  s->rank[g] = r;
  s->solution.perm[g] = lg_permut_get (s->permut, r);
}

/* The original: every permutation of mask (0, idx), checked against the
 * pair masks (j, idx) of the groups already placed. */
static void
try_faithful (LgTrySolution *s, guint idx, LgSolutionFunc func, gpointer data)
{
  if (idx == s->n_groups)
    {
      found_solution (s, func, data);
      return;
    }
  const uint64_t *b = pair_mask (s, 0, idx);
  add_work (s, s->n_words);
  for (size_t w = 0; w < s->n_words; w++)
    for (uint64_t bits = b[w]; bits; bits &= bits - 1)
      {
        size_t r = w * 64 + (size_t) lg_bitset_ctz64 (bits);
        s->candidates++;
        s->level_candidates[idx]++;
        add_steps (s, 1);
        assign (s, idx, r);
        guint j = 1;
        while (j < idx && is_ok (s, j, idx))
          j++;
        add_work (s, (guint64) (j - 1 + (j < idx)) * CHECK_WORK);
        if (j == idx)
          {
            try_faithful (s, idx + 1, func, data);
            if (s->stopped)
              return;
          }
      }
}

/* The same result, the same order and the same counters as try_faithful,
 * computed a word at a time with the composition table (n <= 6).
 *
 * The candidates of group g that pass the check against group j are the
 * image of the pair mask (j, g) under j's permutation sj: q passes to
 * q o sj, one lookup in row sj.  So the candidates of g still alive after
 * the checks against 1..j are
 *     part (g, j) = mask (0, g) AND image (j=1) AND ... AND image (j),
 * which depends only on the ranks of groups 1..j: it is computed once when
 * first needed and kept while those ranks stay (part_stamp (g, j) equals
 * assign_stamp[j]: the search gives every later group a new rank after an
 * earlier one changes, so the stamp of j vouches for the whole prefix).  A
 * candidate that the original drops at check j has cost it j checks, hence
 * the checks at group g = the sum, over j = 1..g-1, of the candidates alive
 * before check j, that is of |part (g, 0)| .. |part (g, g-2)| (part_sum; an
 * empty part keeps the later ones empty, as the original stops there).
 * The images are kept across calls, each valid while its pair mask keeps
 * the version it was built under; a full pair mask needs none (every
 * candidate passes).  Permutations are kept as ranks and turned into rows
 * of items only for a solution. */

/* The slot of pair (g1 < g2). */
static inline guint
slot_of (const LgTrySolution *s, guint g1, guint g2)
{
  return s->slot[lg_pair_index (g1, g2)];
}

/* Where part (g, j) is written, j < g: in the slot of pair (j, g). */
static inline uint64_t *
part_words (LgTrySolution *s, guint slot)
{
  return s->part + (size_t) slot * s->n_words;
}

/* Sets the bits row[q] of out for the q of `bits` (one word of a mask, at
 * word index w). */
static inline void
scatter_word (uint64_t *out, const uint16_t *row, size_t w, uint64_t bits)
{
  for (; bits; bits &= bits - 1)
    lg_bitset_set (out, row[w * 64 + (size_t) lg_bitset_ctz64 (bits)]);
}

/* The image of the pair mask under row (q -> q o sj).  The map is a
 * bijection of all n! ranks, so the image of a dense mask is the complement
 * of the image of its complement: either way, the cost is the smaller
 * number of bits. */
G_GNUC_NO_INLINE static void
build_image (LgTrySolution *s, const uint64_t *mask, size_t count,
             const uint16_t *row, uint64_t *image)
{
  const size_t n_words = s->n_words;
  memset (image, 0, n_words * sizeof *image);
  if (2 * count <= s->n_perms)
    {
      for (size_t w = 0; w < n_words; w++)
        scatter_word (image, row, w, mask[w]);
      return;
    }
  uint64_t tail =
      s->n_perms & 63 ? (UINT64_C (1) << (s->n_perms & 63)) - 1 : ~UINT64_C (0);
  for (size_t w = 0; w < n_words; w++)
    scatter_word (image, row, w,
                  ~mask[w] & (w + 1 == n_words ? tail : ~UINT64_C (0)));
  for (size_t w = 0; w < n_words; w++)
    image[w] = ~image[w];
  image[n_words - 1] &= tail;
}

/* Builds the image of the pair mask in slot under rj, kept while the mask
 * keeps its version. */
G_GNUC_NO_INLINE static const uint64_t *
new_image (LgTrySolution *s, guint slot, size_t rj)
{
  const size_t key = slot * s->n_perms + rj;
  uint64_t *image = s->image_cache + key * s->n_words;
  build_image (s, s->masks + s->slot_pair[slot] * s->n_words,
               s->pair_count[slot], compose_row (s, rj), image);
  add_work (s, s->n_words + 2 * s->build_cost[slot]);
  s->image_version[key] = s->pair_version[slot];
  return image;
}

/* The image of pair mask (g, j), g < j, under q -> q^-1 o sj (FEWEST: a
 * group j placed before g that comes after it): the image under rj of the
 * mask's inverses, kept while the mask keeps its version. */
G_GNUC_NO_INLINE static const uint64_t *
new_inverse_image (LgTrySolution *s, guint slot, size_t rj)
{
  const size_t n_words = s->n_words;
  uint64_t *inverse = s->inverse_mask + slot * n_words;
  if (s->inverse_version[slot] != s->pair_version[slot])
    {
      const uint64_t *mask = s->masks + s->slot_pair[slot] * n_words;
      memset (inverse, 0, n_words * sizeof *inverse);
      for (size_t w = 0; w < n_words; w++)
        for (uint64_t bits = mask[w]; bits; bits &= bits - 1)
          lg_bitset_set (inverse,
                         s->inverse[w * 64 + (size_t) lg_bitset_ctz64 (bits)]);
      s->inverse_version[slot] = s->pair_version[slot];
    }
  const size_t key = slot * s->n_perms + rj;
  uint64_t *image = s->inverse_cache + key * n_words;
  build_image (s, inverse, s->pair_count[slot], compose_row (s, rj), image);
  s->inverse_image_version[key] = s->pair_version[slot];
  return image;
}

/* Writes to cur the candidates of prev (prev_count of them, at least one)
 * that pass the check against the pair mask in `slot` under rj: prev AND the
 * image when there is one.  Building it costs the smaller side of the
 * mask (build_cost); for few candidates, each candidate r is checked
 * instead, as the original does, in the row of rj^-1 (r passes when
 * r o rj^-1 is in the mask).  Returns how many pass when count_it, else
 * whether some pass. */
G_ALWAYS_INLINE static inline size_t
filter (LgTrySolution *s, guint slot, size_t rj, const uint64_t *prev,
        size_t prev_count, uint64_t *cur, gboolean count_it)
{
  const size_t n_words = s->n_words;
  const size_t key = slot * s->n_perms + rj;
  const uint64_t *image = s->image_cache + key * n_words;
  if (s->image_version[key] != s->pair_version[slot])
    {
      if (prev_count * LG_TEST_RATIO < s->build_cost[slot])
        {
          const uint64_t *mask = s->masks + s->slot_pair[slot] * n_words;
          const uint16_t *row = compose_row (s, s->inverse[rj]);
          size_t count = prev_count;
          for (size_t w = 0; w < n_words; w++)
            {
              uint64_t keep = prev[w];
              for (uint64_t bits = keep; bits; bits &= bits - 1)
                if (!lg_bitset_test (
                        mask, row[w * 64 + (size_t) lg_bitset_ctz64 (bits)]))
                  {
                    keep &= ~(bits & -bits);
                    count--;
                  }
              cur[w] = keep;
            }
          return count;
        }
      image = new_image (s, slot, rj);
    }
  uint64_t any = 0;
  for (size_t w = 0; w < n_words; w++)
    any |= cur[w] = prev[w] & image[w];
  if (!count_it || !any)
    return any != 0;
  return s->count (cur, n_words);
}

/* part (g, j) from part (g, j-1) = prev, which has prev_count candidates:
 * returns where it is, prev itself when all pass (a full pair mask, or no
 * candidate), else cur, which receives it; *count receives its size. */
static inline const uint64_t *
check_against (LgTrySolution *s, guint g, guint j, const uint64_t *prev,
               size_t prev_count, size_t *count)
{
  const guint slot = slot_of (s, j, g);
  if (prev_count == 0 || s->pair_count[slot] == s->n_perms)
    {
      *count = prev_count;
      return prev;
    }
  uint64_t *cur = part_words (s, slot);
  *count = filter (s, slot, s->rank[j], prev, prev_count, cur, TRUE);
  return cur;
}

/* Makes part (g, 1..j) valid for the current ranks of groups 1..j
 * (j < g - 1), from the longest valid prefix, and returns part (g, j). */
static const uint64_t *
part_upto (LgTrySolution *s, guint g, guint j)
{
  const size_t row = lg_pair_index (0, g);
  const guint64 *assign_stamp = s->assign_stamp;
  guint64 *stamp = s->part_stamp + row;
  const uint64_t **at = s->part_at + row;
  size_t *count = s->part_count + row, *sum = s->part_sum + row;
  guint v = j;
  while (v > 0 && stamp[v] != assign_stamp[v])
    v--;
  /* Level j changed with the visit that led here, which counted its
   * step; each level further back that is made again (a filter, its count)
   * costs about two more.  With many groups of few items (3 items, 12 to
   * 16 groups) a visit finds one or two candidates and the search goes
   * back through several levels at a time: uncounted, auto's trial of 16
   * million steps took 0.15 to 0.3 s on generated 3x12 to 3x16 puzzles
   * instead of a tenth. */
  if (v + 1 < j)
    add_steps (s, 2 * (j - v - 1));
  for (guint k = v + 1; k <= j; k++)
    {
      at[k] = check_against (s, g, k, at[k - 1], count[k - 1], &count[k]);
      sum[k] = sum[k - 1] + count[k];
      stamp[k] = assign_stamp[k];
    }
  return at[j];
}

static void
found_table_solution (LgTrySolution *s, LgSolutionFunc func, gpointer data)
{
  for (guint g = 1; g < s->n_groups; g++)
    s->solution.perm[g] = lg_permut_get (s->permut, s->rank[g]);
  found_solution (s, func, data);
}

/* visits of group g (its level), each with the same candidates and
 * checks */
static inline void
count_visits (LgTrySolution *s, guint g, size_t visits, size_t candidates,
              size_t checks)
{
  s->candidates += visits * candidates;
  s->checks += visits * checks;
  s->level_candidates[g] += visits * candidates;
  s->level_checks[g] += visits * checks;
}

/* Groups 1..idx-1 are placed, and alive holds the candidates of idx that
 * pass their checks; the original's visit of idx is counted.  Places each
 * candidate in turn and does, for the next group, the original's visit:
 * its candidates part (next, idx-1) before the check against idx, and the
 * checks they cost, are the same for every candidate of idx, so the visits
 * are counted together after the loop (or at the stop), and a visit that
 * finds no candidate costs no call.  When part (next, idx-1) is empty,
 * every visit of next finds nothing: they are counted at once. */
static void
try_faithful_table (LgTrySolution *s, guint idx, const uint64_t *alive,
                    LgSolutionFunc func, gpointer data)
{
  const size_t n_words = s->n_words;
  if (idx + 1 == s->n_groups)
    {
      for (size_t w = 0; w < n_words; w++)
        for (uint64_t bits = alive[w]; bits; bits &= bits - 1)
          {
            s->rank[idx] = w * 64 + (size_t) lg_bitset_ctz64 (bits);
            found_table_solution (s, func, data);
            if (s->stopped)
              return;
          }
      return;
    }
  const guint next = idx + 1;
  const uint64_t *before = part_upto (s, next, idx - 1);
  const size_t at = lg_pair_index (idx - 1, next);
  const size_t before_count = s->part_count[at];
  const size_t before_checks = s->part_sum[at];
  const size_t next_candidates = s->count0[next];
  if (before_count == 0)
    {
      size_t n_alive = s->count (alive, n_words);
      add_steps (s, n_alive);
      count_visits (s, next, n_alive, next_candidates, before_checks);
      return;
    }
  /* the candidates of next that pass its checks: they stay there while
   * the visit of next goes on (deeper visits write only later groups) */
  uint64_t *room = s->alive_room + next * n_words;
  const guint slot = slot_of (s, idx, next);
  const gboolean full = s->pair_count[slot] == s->n_perms;
  size_t visits = 0;
  for (size_t w = 0; w < n_words && !s->stopped; w++)
    for (uint64_t bits = alive[w]; bits && !s->stopped; bits &= bits - 1)
      {
        size_t r = w * 64 + (size_t) lg_bitset_ctz64 (bits);
        s->rank[idx] = r;
        s->assign_stamp[idx] = ++s->clock;
        visits++;
        if (full)
          try_faithful_table (s, next, before, func, data);
        else if (filter (s, slot, r, before, before_count, room, FALSE))
          try_faithful_table (s, next, room, func, data);
      }
  /* a visit is a step, and each one's filter ANDed an image into its
   * words */
  add_work (s, (guint64) visits * WORK_PER_STEP +
                   (full ? 0 : (guint64) visits * n_words));
  count_visits (s, next, visits, next_candidates, before_checks);
}

/* At try_solution's start: a pair mask that differs from the one seen at
 * the previous call gets a new version, which invalidates its images; the
 * counts of the masks for the checks and the candidates. */
static void
table_refresh (LgTrySolution *s)
{
  const size_t n_words = s->n_words;
  add_work (s, (guint64) (s->n_slots - 1) * n_words);
  for (guint k = 1; k < s->n_slots; k++)
    {
      const uint64_t *mask = s->masks + s->slot_pair[k] * n_words;
      uint64_t *seen = s->seen + k * n_words;
      uint64_t differ = 0;
      for (size_t w = 0; w < n_words; w++)
        differ |= mask[w] ^ seen[w];
      if (differ)
        {
          add_work (s, 2 * n_words);
          memcpy (seen, mask, n_words * sizeof *seen);
          s->pair_version[k] = ++s->versions;
          s->pair_count[k] = s->count (mask, n_words);
          s->build_cost[k] =
              MIN (s->pair_count[k], s->n_perms - s->pair_count[k]);
        }
    }
#ifdef LG_ENABLE_CHECKS
  /* a pair that no leaf narrows has no slot: it must be full */
  for (guint p = 0; p < s->n_pairs; p++)
    g_assert (s->slot[p] != 0 ||
              s->count (s->masks + p * n_words, n_words) == s->n_perms);
#endif
  for (guint g = 1; g < s->n_groups; g++)
    {
      const size_t row = lg_pair_index (0, g);
      size_t c = s->pair_count[s->slot[row]];
      s->count0[g] = c;
      s->part_count[row] = c;
      s->part_at[row] = pair_mask (s, 0, g);
      s->part_sum[row] = c;
    }
}
/* Group j is placed (its permutation from group 0 has rank s->rank[j]); q is
 * a permutation still possible for the pair of j and g.  Returns the rank of
 * the permutation from group 0 to g that they imply.  The pair (g1 < g2)
 * maps item i of g1 to item q[i] of g2: from j to g it is q, so item r of
 * group 0 goes with q[sj[r]] (q o sj); from g to j it is q, so the answer is
 * q^-1 o sj. */
static size_t
image_rank (LgTrySolution *s, size_t q, guint j, guint g)
{
  if (j < g)
    return compose_rank (s, q, s->rank[j]);
  if (s->inverse)
    return compose_rank (s, s->inverse[q], s->rank[j]);
  const uint8_t *pq = lg_permut_get (s->permut, q);
  const uint8_t *sj = s->solution.perm[j];
  uint8_t inverse[LG_PERMUT_MAX_N];
  for (guint i = 0; i < s->n; i++)
    inverse[pq[i]] = (uint8_t) i;
  for (guint i = 0; i < s->n; i++)
    s->composed[i] = inverse[sj[i]];
  return lg_permut_rank (s->composed, (int) s->n);
}

/* The candidates of group g once the groups marked assigned are placed:
 * mask (0, g) AND, for each placed j >= 1, the image of the pair mask of j
 * and g under j's permutation.  Returns the number of candidates.  Each
 * bit of a pair mask mapped is a check, as in the exercise; up to 6 items
 * the images come from the caches of the default's table (their versions
 * refreshed at try_solution's start), a full mask needs none, and the
 * checks are the bits of the masks. */
static size_t
candidates_for (LgTrySolution *s, guint g, uint64_t *out)
{
  const size_t n_words = s->n_words;
  memcpy (out, pair_mask (s, 0, g), n_words * sizeof *out);
  for (guint j = 1; j < s->n_groups; j++)
    {
      if (!s->assigned[j] || j == g)
        continue;
      guint g1 = MIN (j, g), g2 = MAX (j, g);
      const uint64_t *image;
      if (s->compose)
        {
          const guint slot = slot_of (s, g1, g2);
          s->checks += s->pair_count[slot];
          s->level_checks[s->level] += s->pair_count[slot];
          if (s->pair_count[slot] == s->n_perms)
            continue; /* out stays as it is, not empty */
          const size_t key = slot * s->n_perms + s->rank[j];
          if (j < g)
            image = s->image_version[key] == s->pair_version[slot]
                        ? s->image_cache + key * n_words
                        : new_image (s, slot, s->rank[j]);
          else
            image = s->inverse_image_version[key] == s->pair_version[slot]
                        ? s->inverse_cache + key * n_words
                        : new_inverse_image (s, slot, s->rank[j]);
        }
      else
        {
          const uint64_t *pair = pair_mask (s, g1, g2);
          memset (s->image, 0, n_words * sizeof *s->image);
          for (size_t w = 0; w < n_words; w++)
            for (uint64_t bits = pair[w]; bits; bits &= bits - 1)
              {
                size_t q = w * 64 + (size_t) lg_bitset_ctz64 (bits);
                s->checks++;
                s->level_checks[s->level]++;
                lg_bitset_set (s->image, image_rank (s, q, j, g));
              }
          image = s->image;
        }
      if (!lg_bitset_and (out, image, n_words))
        return 0;
    }
  return s->count (out, n_words);
}

/* INTERSECT's checks at group g with groups 1..level placed: the bits of
 * the pair masks (j, g) mapped, j = 1.. up to the first that leaves no
 * candidate (part (g, j) of the default's table, valid). */
static size_t
intersect_checks (const LgTrySolution *s, guint g, guint level)
{
  const size_t *part_count = s->part_count + lg_pair_index (0, g);
  size_t checks = 0;
  for (guint j = 1; j <= level; j++)
    {
      checks += s->pair_count[slot_of (s, j, g)];
      if (part_count[j] == 0)
        break;
    }
  return checks;
}

/* INTERSECT's candidates of group g up to 6 items, groups 1..level
 * placed: part (g, level) of the default's table, which is that very
 * intersection, kept per prefix of ranks (part_upto).  Returns them and
 * *count their number. */
static const uint64_t *
intersect_part (LgTrySolution *s, guint g, guint level, size_t *count)
{
  const uint64_t *cand = part_upto (s, g, level);
  *count = s->part_count[lg_pair_index (level, g)];
  return cand;
}

/* INTERSECT up to 6 items: try_intersect's visits, in its order, with its
 * counters, the candidates of each level taken from the default's table
 * (intersect_part); permutations are kept as ranks, as there.  As in
 * try_faithful_table, the next group's candidates before the check
 * against g are the same for every candidate of g: when there are none,
 * the visits are counted at once, and otherwise a visit whose check
 * against g leaves none is counted without a call. */
static void
try_intersect_table (LgTrySolution *s, guint level, LgSolutionFunc func,
                     gpointer data)
{
  if (level == s->n_groups - 1)
    {
      found_table_solution (s, func, data);
      return;
    }
  const guint g = level + 1, next = g + 1;
  size_t n_cand;
  const uint64_t *cand = intersect_part (s, g, level, &n_cand);
  size_t checks = intersect_checks (s, g, level);
  s->checks += checks;
  s->level_checks[g] += checks;
  s->candidates_saved += s->count0[g] - n_cand;
  if (n_cand == 0)
    return;
  const uint64_t *before = NULL;
  size_t before_count = 0, before_checks = 0;
  guint slot = 0;
  gboolean full = TRUE;
  if (next < s->n_groups)
    {
      before = intersect_part (s, next, level, &before_count);
      before_checks = intersect_checks (s, next, level);
      if (before_count == 0)
        {
          add_steps (s, n_cand);
          s->candidates += n_cand;
          s->level_candidates[g] += n_cand;
          s->checks += n_cand * before_checks;
          s->level_checks[next] += n_cand * before_checks;
          s->candidates_saved += n_cand * s->count0[next];
          return;
        }
      slot = slot_of (s, g, next);
      full = s->pair_count[slot] == s->n_perms;
    }
  uint64_t *room = s->alive_room + (next < s->n_groups ? next : 0) * s->n_words;
  for (size_t w = 0; w < s->n_words && !s->stopped; w++)
    for (uint64_t bits = cand[w]; bits && !s->stopped; bits &= bits - 1)
      {
        size_t r = w * 64 + (size_t) lg_bitset_ctz64 (bits);
        s->candidates++;
        s->level_candidates[g]++;
        add_steps (s, 1);
        s->rank[g] = r;
        s->assign_stamp[g] = ++s->clock;
        if (!full && !filter (s, slot, r, before, before_count, room, FALSE))
          {
            s->checks += before_checks + s->pair_count[slot];
            s->level_checks[next] += before_checks + s->pair_count[slot];
            s->candidates_saved += s->count0[next];
            continue;
          }
        try_intersect_table (s, level + 1, func, data);
      }
}

/* INTERSECT (next group in order) and FEWEST (the group with the fewest
 * candidates next); `level` groups besides group 0 are placed. */
static void
try_intersect (LgTrySolution *s, guint level, LgSolutionFunc func,
               gpointer data)
{
  if (level == s->n_groups - 1)
    {
      found_solution (s, func, data);
      return;
    }
  guint g = 0;
  const uint64_t *cand = NULL;
  size_t n_cand;
  s->level = level + 1;
  if (s->check == LG_CHECK_FEWEST)
    {
      size_t best = SIZE_MAX;
      for (guint h = 1; h < s->n_groups; h++)
        {
          if (s->assigned[h])
            continue;
          uint64_t *c = s->candidates_of + h * s->n_words;
          size_t count = candidates_for (s, h, c);
          if (count < best)
            {
              best = count;
              g = h;
            }
          if (count == 0)
            break;
        }
      cand = s->candidates_of + g * s->n_words;
      n_cand = best;
      if (best == 0)
        {
          s->candidates_saved += s->count (pair_mask (s, 0, g), s->n_words);
          return;
        }
    }
  else
    {
      g = level + 1;
      uint64_t *c = s->candidates_of + g * s->n_words;
      n_cand = candidates_for (s, g, c);
      cand = c;
    }
  s->candidates_saved += s->count (pair_mask (s, 0, g), s->n_words) - n_cand;
  s->assigned[g] = TRUE;
  for (size_t w = 0; w < s->n_words && !s->stopped; w++)
    for (uint64_t bits = cand[w]; bits && !s->stopped; bits &= bits - 1)
      {
        s->candidates++;
        s->level_candidates[level + 1]++;
        add_steps (s, 1);
        assign (s, g, w * 64 + (size_t) lg_bitset_ctz64 (bits));
        try_intersect (s, level + 1, func, data);
      }
  s->assigned[g] = FALSE;
}

gboolean
lg_try_solution_run (LgTrySolution *s, size_t depth, LgSolutionFunc func,
                     gpointer user_data)
{
  s->depth = depth;
  guint64 candidates = s->candidates, checks = s->checks;
  guint64 solutions = s->solutions;
  s->solution.perm[0] = s->identity;
  s->rank[0] = 0;
  if (s->n_groups < 2)
    found_solution (s, func, user_data);
  else if (s->check == LG_CHECK_FAITHFUL && s->compose)
    {
      table_refresh (s);
      add_steps (s, 1);
      count_visits (s, 1, 1, s->count0[1], 0);
      try_faithful_table (s, 1, pair_mask (s, 0, 1), func, user_data);
    }
  else if (s->check == LG_CHECK_FAITHFUL)
    try_faithful (s, 1, func, user_data);
  else if (s->compose)
    {
      table_refresh (s);
      if (s->check == LG_CHECK_INTERSECT)
        try_intersect_table (s, 0, func, user_data);
      else
        try_intersect (s, 0, func, user_data);
    }
  else
    try_intersect (s, 0, func, user_data);
  if (s->trace)
    fprintf (s->trace,
             "%*stry_solution: %" G_GUINT64_FORMAT
             " candidates, %" G_GUINT64_FORMAT " checks, %" G_GUINT64_FORMAT
             " solution%s\n",
             (int) (2 * s->depth + 2), "", s->candidates - candidates,
             s->checks - checks, s->solutions - solutions,
             s->solutions - solutions > 1 ? "s" : "");
  return !s->stopped;
}
