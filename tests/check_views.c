/* check_views — the views of the inside (src/views.c):
 *   - the pair masks a tree allows (lg_views_tree_masks) on seeded random
 *     AND/OR trees (TRUE, FALSE, mask leaves on random pairs, 1 to 4 pairs,
 *     masks of 6 to 130 bits so that several words are used) against a
 *     brute force: the tree expanded into its disjunctive form (one
 *     conjunction of leaves per choice of one child at every OR node, none
 *     through FALSE), each pair's mask being the union over the
 *     conjunctions of the intersection of their leaves on that pair;
 *   - hand-made cases: an empty AND allows everything, an empty OR nothing,
 *     a FALSE anywhere under an AND nothing on every pair, an OR with a
 *     child that does not touch a pair all of it;
 *   - small.lgm, worked out by hand (see the comment of the test);
 *   - lg_views_print_pair_masks, byte for byte, and its pair order;
 *   - the tree and DOT views: node counts, the cap and its "more" line. */
#include "views.h"

#include <string.h>

#include "bitset.h"
#include "lgtest.h"
#include "parser.h"

Suite *lg_views_suite (void);

#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ---- Random trees ------------------------------------------------------ */

typedef struct
{
  GPtrArray *owned; /* every node, child array and mask, g_free'd */
  guint n_pairs;
  size_t n_bits, n_words;
  uint64_t state;
} Forest;

static void *
owned (Forest *f, void *block)
{
  g_ptr_array_add (f->owned, block);
  return block;
}

static LgNode *
new_node (Forest *f, LgNodeKind kind, uint32_t n_children)
{
  LgNode *node = owned (f, g_new0 (LgNode, 1));
  node->kind = kind;
  node->n_children = n_children;
  if (n_children)
    node->children = owned (f, g_new0 (LgNode *, n_children));
  return node;
}

static LgNode *
random_leaf (Forest *f)
{
  LgNode *node = new_node (f, LG_NODE_LEAF, 0);
  LgMaskNode *m =
      owned (f, g_malloc0 (sizeof *m + f->n_words * sizeof (uint64_t)));
  m->pair = lgtest_rand_below (&f->state, f->n_pairs);
  /* Sparse or dense, so that intersections are neither always empty nor
   * always full. */
  guint density = 1 + lgtest_rand_below (&f->state, 3);
  for (size_t b = 0; b < f->n_bits; b++)
    if (lgtest_rand_below (&f->state, 4) < density)
      lg_bitset_set (m->words, b);
  node->data = m;
  return node;
}

static LgNode *
random_tree (Forest *f, guint depth)
{
  guint r = lgtest_rand_below (&f->state, 20);
  if (depth == 0 || r < 6)
    {
      if (r == 0)
        return new_node (f, LG_NODE_TRUE, 0);
      if (r == 1 && lgtest_rand_below (&f->state, 3) == 0)
        return new_node (f, LG_NODE_FALSE, 0);
      return random_leaf (f);
    }
  uint32_t n = lgtest_rand_below (&f->state, 4);
  LgNode *node = new_node (f, r < 13 ? LG_NODE_AND : LG_NODE_OR, n);
  for (uint32_t i = 0; i < n; i++)
    node->children[i] = random_tree (f, depth - 1);
  return node;
}

/* ---- The brute force: the disjunctive form ----------------------------- */

/* A conjunction: n_pairs masks, the intersection of its leaves per pair. */
static uint64_t *
conj_all (const Forest *f)
{
  uint64_t *c = g_new (uint64_t, f->n_pairs * f->n_words);
  for (guint p = 0; p < f->n_pairs; p++)
    lg_bitset_set_all (c + p * f->n_words, f->n_bits);
  return c;
}

/* The conjunctions of node (a GPtrArray of masks, g_free'd). */
static GPtrArray *
expand (const Forest *f, const LgNode *node)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  size_t size = f->n_pairs * f->n_words * sizeof (uint64_t);
  switch (node->kind)
    {
    case LG_NODE_TRUE:
      g_ptr_array_add (out, conj_all (f));
      break;
    case LG_NODE_FALSE:
      break;
    case LG_NODE_LEAF:
      {
        const LgMaskNode *m = node->data;
        uint64_t *c = conj_all (f);
        memcpy (c + m->pair * f->n_words, m->words,
                f->n_words * sizeof (uint64_t));
        g_ptr_array_add (out, c);
        break;
      }
    case LG_NODE_OR:
      for (uint32_t i = 0; i < node->n_children; i++)
        {
          GPtrArray *sub = expand (f, node->children[i]);
          for (guint k = 0; k < sub->len; k++)
            g_ptr_array_add (out, g_memdup2 (sub->pdata[k], size));
          g_ptr_array_unref (sub);
        }
      break;
    case LG_NODE_AND:
      g_ptr_array_add (out, conj_all (f));
      for (uint32_t i = 0; i < node->n_children; i++)
        {
          GPtrArray *sub = expand (f, node->children[i]);
          GPtrArray *next = g_ptr_array_new_with_free_func (g_free);
          for (guint a = 0; a < out->len; a++)
            for (guint b = 0; b < sub->len; b++)
              {
                uint64_t *c = g_memdup2 (out->pdata[a], size);
                const uint64_t *d = sub->pdata[b];
                for (size_t w = 0; w < f->n_pairs * f->n_words; w++)
                  c[w] &= d[w];
                g_ptr_array_add (next, c);
              }
          g_ptr_array_unref (sub);
          g_ptr_array_unref (out);
          out = next;
        }
      break;
    default:
      ck_abort_msg ("unexpected node kind %d", node->kind);
    }
  return out;
}

static void
brute_masks (const Forest *f, const LgNode *root, uint64_t *masks)
{
  memset (masks, 0, f->n_pairs * f->n_words * sizeof (uint64_t));
  GPtrArray *conj = expand (f, root);
  for (guint k = 0; k < conj->len; k++)
    {
      const uint64_t *c = conj->pdata[k];
      for (size_t w = 0; w < f->n_pairs * f->n_words; w++)
        masks[w] |= c[w];
    }
  g_ptr_array_unref (conj);
}

START_TEST (test_views_masks_random)
{
  static const size_t sizes[] = { 6, 24, 64, 65, 130 };
  Forest f = { 0 };
  f.state = 20261130;
  for (guint round = 0; round < 400; round++)
    {
      f.owned = g_ptr_array_new_with_free_func (g_free);
      f.n_pairs = 1 + lgtest_rand_below (&f.state, 4);
      f.n_bits = sizes[lgtest_rand_below (&f.state, G_N_ELEMENTS (sizes))];
      f.n_words = lg_bitset_n_words (f.n_bits);
      LgNode *root = random_tree (&f, 1 + lgtest_rand_below (&f.state, 4));
      uint64_t *got = g_new (uint64_t, f.n_pairs * f.n_words);
      uint64_t *want = g_new (uint64_t, f.n_pairs * f.n_words);
      lg_views_tree_masks (root, f.n_pairs, f.n_bits, got);
      brute_masks (&f, root, want);
      for (size_t w = 0; w < f.n_pairs * f.n_words; w++)
        LGTEST_CHECK (got[w] == want[w],
                      "round %u, pair %zu, word %zu: %#" G_GINT64_MODIFIER
                      "x instead of %#" G_GINT64_MODIFIER "x",
                      round, w / f.n_words, w % f.n_words, got[w], want[w]);
      g_free (got);
      g_free (want);
      g_ptr_array_unref (f.owned);
    }
}
END_TEST

/* ---- Hand-made trees --------------------------------------------------- */

static LgNode *
leaf (Forest *f, guint pair, uint64_t bits)
{
  LgNode *node = new_node (f, LG_NODE_LEAF, 0);
  LgMaskNode *m = owned (f, g_malloc0 (sizeof *m + sizeof (uint64_t)));
  m->pair = pair;
  m->words[0] = bits;
  node->data = m;
  return node;
}

START_TEST (test_views_masks_hand)
{
  Forest f = { 0 };
  f.owned = g_ptr_array_new_with_free_func (g_free);
  f.n_pairs = 2;
  f.n_bits = 6;
  f.n_words = 1;
  uint64_t m[2];

  /* An empty AND: everything; an empty OR: nothing. */
  lg_views_tree_masks (new_node (&f, LG_NODE_AND, 0), 2, 6, m);
  ck_assert_uint_eq (m[0], 0x3f);
  ck_assert_uint_eq (m[1], 0x3f);
  lg_views_tree_masks (new_node (&f, LG_NODE_OR, 0), 2, 6, m);
  ck_assert_uint_eq (m[0], 0);
  ck_assert_uint_eq (m[1], 0);

  /* AND (leaf 0: 0b110, OR (leaf 0: 0b011, leaf 1: 0b001)): on pair 0 the
   * OR allows everything (its second child does not touch pair 0), so
   * pair 0 is 0b110; on pair 1 the OR's first child allows everything. */
  LgNode *alt = new_node (&f, LG_NODE_OR, 2);
  alt->children[0] = leaf (&f, 0, 0x3);
  alt->children[1] = leaf (&f, 1, 0x1);
  LgNode *conj = new_node (&f, LG_NODE_AND, 2);
  conj->children[0] = leaf (&f, 0, 0x6);
  conj->children[1] = alt;
  lg_views_tree_masks (conj, 2, 6, m);
  ck_assert_uint_eq (m[0], 0x6);
  ck_assert_uint_eq (m[1], 0x3f);

  /* The same with both OR children on pair 0: 0b110 & (0b011 | 0b001). */
  alt->children[1] = leaf (&f, 0, 0x1);
  lg_views_tree_masks (conj, 2, 6, m);
  ck_assert_uint_eq (m[0], 0x2);
  ck_assert_uint_eq (m[1], 0x3f);

  /* A FALSE under the AND: nothing on either pair, even the untouched. */
  LgNode *and3 = new_node (&f, LG_NODE_AND, 3);
  and3->children[0] = conj;
  and3->children[1] = new_node (&f, LG_NODE_TRUE, 0);
  and3->children[2] = new_node (&f, LG_NODE_FALSE, 0);
  lg_views_tree_masks (and3, 2, 6, m);
  ck_assert_uint_eq (m[0], 0);
  ck_assert_uint_eq (m[1], 0);

  /* ... but one alternative of an OR among others: only that one lost. */
  LgNode *or2 = new_node (&f, LG_NODE_OR, 2);
  or2->children[0] = and3;
  or2->children[1] = leaf (&f, 1, 0x30);
  lg_views_tree_masks (or2, 2, 6, m);
  ck_assert_uint_eq (m[0], 0x3f);
  ck_assert_uint_eq (m[1], 0x30);
  g_ptr_array_unref (f.owned);
}
END_TEST

/* ---- small.lgm --------------------------------------------------------- */

/* A transformed solver and what the views read of it. */
typedef struct
{
  LgProblem *problem;
  LgSolver *solver;
  const LgAndOrTree *tree;
  const LgPermut *permut;
} Built;

static Built
built_of (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = lgtest_data_path (name);
  Built b = { 0 };
  b.problem = lg_parser_parse_file (path, &error);
  ck_assert_msg (b.problem != NULL, "%s", error ? error->message : "");
  b.solver = lg_solver_new (b.problem, NULL, NULL, &error);
  ck_assert_msg (b.solver != NULL, "%s", error ? error->message : "");
  ck_assert_msg (lg_solver_transform (b.solver, &error), "%s",
                 error ? error->message : "");
  b.tree = lg_solver_get_tree (b.solver, &b.permut, &error);
  ck_assert_msg (b.tree != NULL, "%s", error ? error->message : "");
  return b;
}

static void
built_done (Built *b)
{
  lg_solver_free (b->solver);
  lg_problem_free (b->problem);
}

/* small.lgm: forname (marie, julie, eve), children (0, 1, 2), birth (1804,
 * 1805, 1806); pairs 0 = forname-children, 1 = forname-birth, 2 =
 * children-birth.  The unbound rules leave on pair 0 the permutations with
 * marie not 0, julie not 1, eve not 2: numbers 4 (1 2 0) and 5 (2 0 1); on
 * pair 2 those with 0 -> 1804 and 2 -> not 1805: number 1 (0 1 2).  The
 * variables a (marie) > b (julie) give the alternatives 2 0 1, 2 1 0 and
 * 1 0 2 (numbers 5, 6, 3) on pair 0.  So pair 0 is {5}, i.e. bit 4, pair 1
 * is untouched (all six), pair 2 is {1}, i.e. bit 0. */
START_TEST (test_views_masks_small)
{
  Built b = built_of ("small.lgm");
  ck_assert_uint_eq (b.tree->n_pairs, 3);
  ck_assert_uint_eq (b.tree->n_words, 1);
  uint64_t m[3];
  lg_views_tree_masks (b.tree->root, 3, b.permut->count, m);
  ck_assert_uint_eq (m[0], UINT64_C (1) << 4);
  ck_assert_uint_eq (m[1], 0x3f);
  ck_assert_uint_eq (m[2], 1);
  built_done (&b);
}
END_TEST

/* ---- Printing ---------------------------------------------------------- */

typedef struct
{
  char *text;
  size_t size;
  FILE *out;
} Capture;

static FILE *
capture_begin (Capture *c)
{
  c->out = open_memstream (&c->text, &c->size);
  ck_assert_ptr_nonnull (c->out);
  return c->out;
}

static const char *
capture_end (Capture *c)
{
  fclose (c->out);
  return c->text;
}

START_TEST (test_views_print_pair_masks)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ATOMIC, "b", ITEMS ("u", "v"));
  LgPermut *permut = lg_permut_new (2);
  uint64_t mask = 0x2; /* permutation 2: x with v, y with u */
  Capture c;
  lg_views_print_pair_masks (capture_begin (&c), p, permut, &mask);
  ck_assert_str_eq (capture_end (&c), "\nGROUP\ta\tb\n\n"
                                      "\tpermutation 2 (index 1)\n"
                                      "\tx\tv\n\ty\tu\n\n"
                                      "1 of 2 permutations possible\n");
  free (c.text);
  mask = 0;
  lg_views_print_pair_masks (capture_begin (&c), p, permut, &mask);
  ck_assert_str_eq (capture_end (&c), "\nGROUP\ta\tb\n\n"
                                      "0 of 2 permutations possible\n");
  free (c.text);
  lg_permut_free (permut);

  /* Four groups: the pairs in pair-index order. */
  g_autoptr (LgProblem) q = lg_problem_new ();
  lg_group (q, LG_GROUP_ATOMIC, "g0", ITEMS ("i"));
  lg_group (q, LG_GROUP_ATOMIC, "g1", ITEMS ("j"));
  lg_group (q, LG_GROUP_ATOMIC, "g2", ITEMS ("k"));
  lg_group (q, LG_GROUP_ATOMIC, "g3", ITEMS ("l"));
  permut = lg_permut_new (1);
  uint64_t masks[6] = { 1, 1, 1, 1, 1, 1 };
  lg_views_print_pair_masks (capture_begin (&c), q, permut, masks);
  capture_end (&c);
  static const char *const heads[] = {
    "GROUP\tg0\tg1", "GROUP\tg0\tg2", "GROUP\tg1\tg2",
    "GROUP\tg0\tg3", "GROUP\tg1\tg3", "GROUP\tg2\tg3",
  };
  const char *at = c.text;
  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      const char *found = strstr (at, heads[i]);
      ck_assert_msg (found != NULL, "pair %u: no '%s' after the pair before", i,
                     heads[i]);
      at = found + 1;
    }
  free (c.text);
  lg_permut_free (permut);
}
END_TEST

static guint
count_lines_starting (const char *text, const char *prefix)
{
  guint n = 0;
  size_t len = strlen (prefix);
  for (const char *line = text; *line;)
    {
      n += strncmp (line, prefix, len) == 0;
      const char *nl = strchr (line, '\n');
      if (!nl)
        break;
      line = nl + 1;
    }
  return n;
}

/* Lines "  nK ..." of a DOT text: node statements and edges. */
static guint
count_dot_lines (const char *text)
{
  guint n = 0;
  for (const char *line = text; *line;)
    {
      n += strncmp (line, "  n", 3) == 0 && g_ascii_isdigit (line[3]);
      const char *nl = strchr (line, '\n');
      if (!nl)
        break;
      line = nl + 1;
    }
  return n;
}

/* small.lgm's tree has 13 nodes on 5 levels (see test_views_masks_small):
 * AND (unbound AND of 2 masks, OR (OR (AND, AND), OR (AND))). */
START_TEST (test_views_tree_and_dot)
{
  Built b = built_of ("small.lgm");
  Capture c;
  lg_views_print_tree (capture_begin (&c), b.problem, b.tree, 200);
  capture_end (&c);
  ck_assert_uint_eq (count_lines_starting (c.text, "AND"), 1);
  ck_assert_uint_eq (count_lines_starting (c.text, "      AND (1 child): a = "),
                     3);
  ck_assert_uint_eq (count_lines_starting (c.text, "    mask"), 2);
  ck_assert_ptr_nonnull (strstr (
      c.text, "    mask forname-children 0-1: allows 2 of 6 permutations\n"));
  /* the labels: the group and its clues (small.lgm has clue lines), each
   * alternative's values */
  ck_assert_ptr_nonnull (
      strstr (c.text, "\n  AND (2 children): unbound group, clues 1-3\n"));
  ck_assert_ptr_nonnull (
      strstr (c.text, "\n  OR (2 alternatives) on a: group 1, clue 4\n"
                      "    OR (2 alternatives) on b: a = 2\n"
                      "      AND (1 child): a = 2, b = 1\n"));
  ck_assert_ptr_nonnull (strstr (c.text,
                                 "\n    OR (1 alternative) on b: a = 1\n"
                                 "      AND (1 child): a = 1, b = 0\n"));
  ck_assert_ptr_nonnull (strstr (c.text, "level 0: 1\nlevel 1: 2\nlevel 2: 4"
                                         "\nlevel 3: 3\nlevel 4: 3\n"
                                         "total: 13\n"));
  ck_assert_ptr_null (strstr (c.text, "more"));
  free (c.text);

  lg_views_print_tree (capture_begin (&c), b.problem, b.tree, 3);
  capture_end (&c);
  ck_assert_str_eq (c.text,
                    "AND (2 children): the whole problem\n"
                    "  AND (2 children): unbound group, clues 1-3\n"
                    "    mask children-birth 1-2: allows 1 of 6 permutations\n"
                    "... 10 more nodes\n"
                    "level 0: 1\nlevel 1: 2\nlevel 2: 4\n"
                    "level 3: 3\nlevel 4: 3\ntotal: 13\n");
  free (c.text);

  lg_views_print_dot (capture_begin (&c), b.problem, b.tree, 200,
                      "a \"title\"");
  capture_end (&c);
  ck_assert_uint_eq (count_dot_lines (c.text), 13 + 12);
  ck_assert_ptr_nonnull (strstr (c.text, "label=\"a \\\"title\\\"\""));
  ck_assert_ptr_nonnull (strstr (c.text, "[shape=ellipse, label=\"forname-"
                                         "children\\nallows 2 of 6\"]"));
  /* each constraint group in its cluster, labelled with its clues */
  ck_assert_ptr_nonnull (strstr (c.text, "  subgraph cluster_0 {\n"
                                         "  label=\"unbound group, clues "
                                         "1-3\";\n"
                                         "  n1 [shape=box, label=\"AND\"];\n"));
  ck_assert_ptr_nonnull (strstr (c.text, "  subgraph cluster_1 {\n"));
  ck_assert_ptr_nonnull (
      strstr (c.text, "[shape=box, label=\"AND\\na = 2, b = 0\"]"));
  ck_assert_ptr_null (strstr (c.text, "more"));
  free (c.text);

  lg_views_print_dot (capture_begin (&c), b.problem, b.tree, 4, NULL);
  capture_end (&c);
  /* n0..n3 and the edges between them (n0->n1, n1->n2, n1->n3), then the
   * root's edge to its cut-off OR child goes to "more". */
  ck_assert_uint_eq (count_dot_lines (c.text), 4 + 3 + 1);
  ck_assert_ptr_nonnull (strstr (c.text, "  n0 -> more [style=dashed];\n"));
  ck_assert_ptr_nonnull (
      strstr (c.text, "  more [shape=note, label=\"9 more nodes\"];\n}\n"));
  ck_assert_ptr_null (strstr (c.text, "label=\"a"));
  free (c.text);
  built_done (&b);
}
END_TEST

START_TEST (test_views_names)
{
  LgView view = LG_VIEW_TREE;
  ck_assert (lg_view_from_name ("permutations", &view));
  ck_assert_int_eq (view, LG_VIEW_PERMUTATIONS);
  ck_assert (lg_view_from_name ("groups", &view));
  ck_assert_int_eq (view, LG_VIEW_GROUPS);
  ck_assert (lg_view_from_name ("masks", &view));
  ck_assert_int_eq (view, LG_VIEW_MASKS);
  ck_assert (lg_view_from_name ("tree", &view));
  ck_assert_int_eq (view, LG_VIEW_TREE);
  ck_assert (!lg_view_from_name ("Tree", &view));
  ck_assert (!lg_view_from_name ("", &view));
  ck_assert_int_eq (view, LG_VIEW_TREE);
}
END_TEST

Suite *
lg_views_suite (void)
{
  Suite *s = suite_create ("views");
  TCase *tc = tcase_create ("masks");
  tcase_add_test (tc, test_views_masks_random);
  tcase_add_test (tc, test_views_masks_hand);
  tcase_add_test (tc, test_views_masks_small);
  suite_add_tcase (s, tc);
  tc = tcase_create ("print");
  tcase_add_test (tc, test_views_print_pair_masks);
  tcase_add_test (tc, test_views_tree_and_dot);
  tcase_add_test (tc, test_views_names);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_views_suite ());
}
