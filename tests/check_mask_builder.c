/* check_mask_builder — step 2, the AND/OR tree of masks (SPEC section 4,
 * src/mask_builder.c):
 *   - on seeded random problems (n = 2..5 items, 2..4 groups, random yes/no
 *     couples between items and variables, and in half of them random
 *     relations between the variables), the whole tree equals a model
 *     computed here by brute force: each mask leaf's bits are exactly the
 *     permutations of the permutation table that satisfy the couples of
 *     that pair for that assignment; alternatives only for the assignments
 *     whose relations hold and whose masks are not empty; and the counters
 *     (leaves tried and kept, AND, OR and mask nodes);
 *   - the challenge exercise (LgSolveOptions.challenge) builds the same
 *     tree, and tried + saved assignments equal the plain build's tried;
 *   - the orders of SPEC section 4 on a hand-built problem whose masks are
 *     written out by hand: root AND = [unbound node, last-created group,
 *     ..., first group]; OR children by descending item index; mask leaves
 *     by descending pair index; logical rules pruning assignments;
 *   - SPEC section 7: a group with logical rules only is left out when
 *     satisfiable and is a FALSE node otherwise (and its variables are
 *     enumerated first variable outermost, in item order); an empty mask
 *     prunes an assignment; an unbound contradiction is a FALSE node;
 *   - no rule gives an empty root; an overflow fails the build, and so do
 *     the memory budget and a deadline passed. */
#include "mask_builder.h"

#include <string.h>

#include "constraint.h"
#include "lgtest.h"

Suite *lg_mask_builder_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])
#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ---- Helpers ---------------------------------------------------------- */

/* Pair of groups g1 < g2, numbered (0,1) (0,2) (1,2) (0,3) (1,3) (2,3)...:
 * written out for the sizes the tests use. */
static guint
pair_of (guint g1, guint g2)
{
  static const guint table[4][4] = {
    { 99, 0, 1, 3 },
    { 99, 99, 2, 4 },
    { 99, 99, 99, 5 },
    { 99, 99, 99, 99 },
  };
  ck_assert_uint_lt (g1, g2);
  ck_assert_uint_lt (g2, 4);
  return table[g1][g2];
}

typedef struct
{
  LgPermut *permut;
  LgConstraintSet *set;
  LgAndOrTree *tree;
} Built;

static void
build (LgProblem *p, Built *b)
{
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_problem_validate (p, &error), "%s",
                 error ? error->message : "");
  b->permut = lg_permut_new ((int) lg_group_n_items (lg_problem_get_group (p, 0)));
  ck_assert_ptr_nonnull (b->permut);
  b->set = lg_constraint_set_new (p);
  b->tree = lg_mask_builder_build (p, b->set, b->permut, FALSE, NULL, NULL,
                                   G_MAXUINT64, &error);
  ck_assert_msg (b->tree != NULL, "build failed: %s",
                 error ? error->message : "");
  ck_assert_ptr_null (error);
  ck_assert_ptr_nonnull (b->tree->root);
}

static void
built_clear (Built *b)
{
  lg_and_or_tree_free (b->tree);
  lg_constraint_set_free (b->set);
  lg_permut_free (b->permut);
}

static void
assert_kind (const LgNode *node, LgNodeKind kind, guint n_children)
{
  ck_assert_ptr_nonnull (node);
  ck_assert_msg (node->kind == kind, "node kind %d, expected %d", node->kind,
                 kind);
  ck_assert_uint_eq (node->n_children, n_children);
}

/* A mask leaf over one word (n <= 4). */
static void
assert_leaf (const LgNode *node, guint pair, uint64_t word)
{
  assert_kind (node, LG_NODE_LEAF, 0);
  const LgMaskNode *m = node->data;
  ck_assert_ptr_nonnull (m);
  ck_assert_uint_eq (m->pair, pair);
  ck_assert_msg (m->words[0] == word, "pair %u: mask %#llx, expected %#llx",
                 pair, (unsigned long long) m->words[0],
                 (unsigned long long) word);
}

/* ---- The model of the random test --------------------------------------- */

/* A logical rule of the random test, evaluated here by hand:
 *   LT a < b, NEQ a != b, SUCC a + k = b, GT a > k, OR a = k or b = k
 * (the groups are ordered: an item's value is its index). */
typedef enum
{
  SPEC_LT,
  SPEC_NEQ,
  SPEC_SUCC,
  SPEC_GT,
  SPEC_OR,
  N_SPEC_KINDS
} SpecKind;

typedef struct
{
  SpecKind kind;
  LgItem *a, *b;
  gint k;
  const LgRule *rule;
} LogicSpec;

#define MAX_LOGIC 3

typedef struct
{
  const LgPermut *permut;
  guint n;
  size_t n_words;
  guint n_pairs;
  uint64_t *masks;     /* n_pairs masks */
  gboolean *touched;
  const LogicSpec *logic;
  guint n_logic;
  /* expected counters */
  guint64 tried, kept, and_nodes, or_nodes, mask_nodes;
  gboolean logic_only_groups;
} Model;

static gint
var_position (const LgConstraintGroup *cg, const LgItem *item)
{
  if (!lg_item_is_variable (item))
    return -1;
  for (guint i = 0; i < cg->vars->len; i++)
    if (cg->vars->pdata[i] == item)
      return (gint) i;
  ck_abort_msg ("variable %s is not in its group", lg_item_get_name (item));
  return -1;
}

/* The item index x stands for under the assignment. */
static guint
model_index (const LgConstraintGroup *cg, const LgItem *x,
             const guint *assign)
{
  gint pos = var_position (cg, x);
  return pos < 0 ? x->index : assign[pos];
}

static gboolean
model_logic (const Model *m, const LgConstraintGroup *cg, const guint *assign)
{
  for (guint i = 0; i < cg->logic->len; i++)
    {
      const LogicSpec *spec = NULL;
      for (guint j = 0; j < m->n_logic; j++)
        if (m->logic[j].rule == cg->logic->pdata[i])
          spec = &m->logic[j];
      ck_assert_ptr_nonnull (spec);
      gint a = (gint) model_index (cg, spec->a, assign);
      /* SPEC_GT has no b: its variable need not be in the group. */
      gint b = spec->kind == SPEC_GT ? 0
                                     : (gint) model_index (cg, spec->b, assign);
      gboolean holds = FALSE;
      switch (spec->kind)
        {
        case SPEC_LT: holds = a < b; break;
        case SPEC_NEQ: holds = a != b; break;
        case SPEC_SUCC: holds = a + spec->k == b; break;
        case SPEC_GT: holds = a > spec->k; break;
        case SPEC_OR: holds = a == spec->k || b == spec->k; break;
        default: ck_abort ();
        }
      if (!holds)
        return FALSE;
    }
  return TRUE;
}

/* A complete assignment: do the logical rules hold?  Then the masks,
 * permutation by permutation; FALSE when one is empty. */
static gboolean
model_leaf (Model *m, const LgConstraintGroup *cg, const guint *assign)
{
  memset (m->touched, 0, m->n_pairs * sizeof *m->touched);
  memset (m->masks, 0, m->n_pairs * m->n_words * sizeof *m->masks);
  if (!model_logic (m, cg, assign))
    return FALSE;
  /* First the pairs touched, all permutations set. */
  for (guint c = 0; c < cg->couple->len; c++)
    {
      const LgRule *r = cg->couple->pdata[c];
      guint gx = lg_item_get_group (r->x)->index;
      guint gy = lg_item_get_group (r->y)->index;
      guint pair = gx < gy ? pair_of (gx, gy) : pair_of (gy, gx);
      if (!m->touched[pair])
        {
          m->touched[pair] = TRUE;
          for (size_t k = 0; k < m->permut->count; k++)
            m->masks[pair * m->n_words + k / 64] |= UINT64_C (1) << (k % 64);
        }
    }
  /* Then every couple clears the permutations where it fails. */
  for (guint c = 0; c < cg->couple->len; c++)
    {
      const LgRule *r = cg->couple->pdata[c];
      guint gx = lg_item_get_group (r->x)->index;
      guint gy = lg_item_get_group (r->y)->index;
      guint ix = model_index (cg, r->x, assign);
      guint iy = model_index (cg, r->y, assign);
      guint g1 = gx, i1 = ix, g2 = gy, i2 = iy;
      if (gx > gy)
        {
          g1 = gy, i1 = iy, g2 = gx, i2 = ix;
        }
      guint pair = pair_of (g1, g2);
      for (size_t k = 0; k < m->permut->count; k++)
        {
          const uint8_t *perm = m->permut->perms + k * m->n;
          gboolean together = perm[i1] == i2;
          gboolean holds = r->kind == LG_RULE_YES ? together : !together;
          if (!holds)
            m->masks[pair * m->n_words + k / 64] &= ~(UINT64_C (1) << (k % 64));
        }
    }
  for (guint pair = 0; pair < m->n_pairs; pair++)
    if (m->touched[pair])
      {
        gboolean any = FALSE;
        for (size_t w = 0; w < m->n_words; w++)
          any |= m->masks[pair * m->n_words + w] != 0;
        if (!any)
          return FALSE;
      }
  return TRUE;
}

/* Does some assignment of variables ivar.. (the earlier ones as in assign)
 * hold?  *tried counts the complete assignments looked at, in the
 * enumeration order (first variable outermost, items in order). */
static gboolean
model_exists (Model *m, const LgConstraintGroup *cg, guint ivar, guint *assign,
              guint64 *tried)
{
  if (ivar == cg->vars->len)
    {
      if (tried)
        (*tried)++;
      return model_leaf (m, cg, assign);
    }
  for (guint k = 0; k < m->n; k++)
    {
      assign[ivar] = k;
      if (model_exists (m, cg, ivar + 1, assign, tried))
        return TRUE;
    }
  return FALSE;
}

/* Compares node with the model's node for variables ivar.. and counts the
 * expected nodes. */
static void
model_check (Model *m, const LgNode *node, const LgConstraintGroup *cg,
             guint ivar, guint *assign)
{
  if (ivar == cg->vars->len)
    {
      ck_assert (model_leaf (m, cg, assign));
      guint n_touched = 0;
      for (guint pair = 0; pair < m->n_pairs; pair++)
        n_touched += m->touched[pair];
      assert_kind (node, LG_NODE_AND, n_touched);
      m->kept++;
      m->and_nodes++;
      m->mask_nodes += n_touched;
      guint child = 0;
      for (guint pair = m->n_pairs; pair-- > 0;)
        if (m->touched[pair])
          {
            const LgNode *leaf = node->children[child++];
            assert_kind (leaf, LG_NODE_LEAF, 0);
            const LgMaskNode *mn = leaf->data;
            ck_assert_uint_eq (mn->pair, pair);
            for (size_t w = 0; w < m->n_words; w++)
              ck_assert_msg (mn->words[w] == m->masks[pair * m->n_words + w],
                             "pair %u word %zu: %#llx, expected %#llx", pair,
                             w, (unsigned long long) mn->words[w],
                             (unsigned long long) m->masks[pair * m->n_words + w]);
          }
      return;
    }
  /* The alternatives: the items that lead somewhere, last item first. */
  guint want[16], n_want = 0;
  for (guint k = m->n; k-- > 0;)
    {
      assign[ivar] = k;
      if (model_exists (m, cg, ivar + 1, assign, NULL))
        want[n_want++] = k;
    }
  ck_assert_uint_gt (n_want, 0);
  assert_kind (node, LG_NODE_OR, n_want);
  m->or_nodes++;
  for (guint j = 0; j < n_want; j++)
    {
      assign[ivar] = want[j];
      model_check (m, node->children[j], cg, ivar + 1, assign);
    }
}

/* Checks the root's child *child for constraint group cg (and moves past
 * it), or that there is none when the group constrains nothing. */
static void
model_check_group (Model *m, const LgNode *root, guint *child,
                   const LgConstraintGroup *cg)
{
  guint assign[16] = { 0 };
  ck_assert_uint_lt (cg->vars->len, N_ELEMS (assign));
  if (cg->couple->len == 0 && cg->logic->len == 0)
    return;
  if (cg->couple->len == 0)
    {
      /* Logical rules only: the enumeration stops at the first success. */
      m->logic_only_groups = TRUE;
      if (model_exists (m, cg, 0, assign, &m->tried))
        return; /* left out */
      ck_assert_uint_lt (*child, root->n_children);
      assert_kind (root->children[(*child)++], LG_NODE_FALSE, 0);
      return;
    }
  guint64 count = 1;
  for (guint i = 0; i < cg->vars->len; i++)
    count *= m->n;
  m->tried += count;
  ck_assert_uint_lt (*child, root->n_children);
  const LgNode *node = root->children[(*child)++];
  if (!model_exists (m, cg, 0, assign, NULL))
    {
      assert_kind (node, LG_NODE_FALSE, 0);
      return;
    }
  model_check (m, node, cg, 0, assign);
}

/* The whole tree: the unbound node, then the groups from the last created
 * to the first. */
static void
model_check_tree (Model *m, const LgAndOrTree *tree, const LgConstraintSet *set)
{
  const LgNode *root = tree->root;
  ck_assert_ptr_nonnull (root);
  ck_assert_int_eq (root->kind, LG_NODE_AND);
  guint child = 0;
  model_check_group (m, root, &child, set->unbound);
  for (guint g = set->groups->len; g-- > 0;)
    model_check_group (m, root, &child, set->groups->pdata[g]);
  ck_assert_uint_eq (child, root->n_children);
}

/* ---- core: random problems against the model ------------------------------- */

#define N_RANDOM 80

START_TEST (test_mask_builder_random_masks)
{
  guint n = 2 + (guint) _i % 4;           /* 2..5 */
  guint n_groups = 2 + ((guint) _i / 4) % 3; /* 2..4 */
  uint64_t rng = UINT64_C (0x6c6f676967726d00) + (uint64_t) _i;
  g_autoptr (LgProblem) p = lg_problem_new ();
  for (guint g = 0; g < n_groups; g++)
    {
      g_autofree char *name = g_strdup_printf ("g%u", g);
      LgGroup *group = lg_group (p, LG_GROUP_ORDERED, name, NULL);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *item = g_strdup_printf ("i%u", i);
          lg_group_add_item (p, group, item);
        }
    }
  /* 0..3 variables over random groups (none in one case out of 8). */
  LgItem *vars[3];
  guint n_vars = _i % 8 == 5 ? 0 : 1 + lgtest_rand_below (&rng, 3);
  for (guint v = 0; v < n_vars; v++)
    {
      g_autofree char *name = g_strdup_printf ("v%u", v);
      LgGroup *g = lg_problem_get_group (p, lgtest_rand_below (&rng, n_groups));
      vars[v] = lg_var_new (p, lg_group_get_name (g), name);
    }
  /* 1..7 couples between two different groups, each side an item or
   * (two times in three, when there is one) a variable of its group. */
  guint n_rules = 1 + lgtest_rand_below (&rng, 7);
  guint number = 0;
  for (guint r = 0; r < n_rules; r++)
    {
      guint g1 = lgtest_rand_below (&rng, n_groups);
      guint g2 = (g1 + 1 + lgtest_rand_below (&rng, n_groups - 1)) % n_groups;
      LgItem *side[2];
      guint gs[2] = { g1, g2 };
      for (guint s = 0; s < 2; s++)
        {
          LgGroup *g = lg_problem_get_group (p, gs[s]);
          side[s] = lg_group_get_item (g, lgtest_rand_below (&rng, n));
          LgItem *of_g[3];
          guint n_of_g = 0;
          for (guint v = 0; v < n_vars; v++)
            if (lg_item_get_group (vars[v]) == g)
              of_g[n_of_g++] = vars[v];
          if (n_of_g && lgtest_rand_below (&rng, 3) != 0)
            side[s] = of_g[lgtest_rand_below (&rng, n_of_g)];
        }
      LgRule *rule = lgtest_rand_below (&rng, 3) == 0
                         ? lg_no (p, side[0], side[1])
                         : lg_yes (p, side[0], side[1]);
      ck_assert_uint_eq (lg_rule (p, rule), ++number);
    }
  /* In half the cases, up to 3 logical rules between the variables. */
  LogicSpec logic[MAX_LOGIC];
  guint n_logic = n_vars && _i % 2 ? lgtest_rand_below (&rng, MAX_LOGIC + 1) : 0;
  for (guint l = 0; l < n_logic; l++)
    {
      LogicSpec *spec = &logic[l];
      spec->kind = lgtest_rand_below (&rng, N_SPEC_KINDS);
      spec->a = vars[lgtest_rand_below (&rng, n_vars)];
      spec->b = vars[lgtest_rand_below (&rng, n_vars)];
      spec->k = (gint) lgtest_rand_below (&rng, n);
      LgExpr *a = lg_ref (p, spec->a), *b = lg_ref (p, spec->b);
      LgRule *rule = NULL;
      switch (spec->kind)
        {
        case SPEC_LT: rule = lg_lt (p, a, b); break;
        case SPEC_NEQ: rule = lg_neq (p, a, b); break;
        case SPEC_SUCC:
          spec->k = spec->k % 2 ? 1 : -1;
          rule = lg_eq (p, lg_add (p, a, lg_num (p, spec->k)), b);
          break;
        case SPEC_GT: rule = lg_gt (p, a, lg_num (p, spec->k)); break;
        case SPEC_OR:
          rule = lg_or (p, lg_eq (p, a, lg_num (p, spec->k)),
                        lg_eq (p, lg_num (p, spec->k), b));
          break;
        default: ck_abort ();
        }
      spec->rule = rule;
      /* Somewhere among the couples. */
      ck_assert_uint_eq (lg_rule (p, rule), ++number);
    }

  Built b;
  build (p, &b);
  Model m = { 0 };
  m.permut = b.permut;
  m.n = n;
  m.n_pairs = n_groups * (n_groups - 1) / 2;
  m.n_words = (b.permut->count + 63) / 64;
  m.masks = g_new0 (uint64_t, m.n_pairs * m.n_words);
  m.touched = g_new0 (gboolean, m.n_pairs);
  m.logic = logic;
  m.n_logic = n_logic;
  ck_assert_uint_eq (b.tree->n_pairs, m.n_pairs);
  ck_assert_uint_eq (b.tree->n_words, m.n_words);

  model_check_tree (&m, b.tree, b.set);
  ck_assert_uint_eq (b.tree->leaves_tried, m.tried);
  if (!m.logic_only_groups)
    ck_assert_uint_eq (b.tree->leaves_kept, m.kept);
  ck_assert_uint_eq (b.tree->and_nodes, m.and_nodes + 1);
  ck_assert_uint_eq (b.tree->or_nodes, m.or_nodes);
  ck_assert_uint_eq (b.tree->mask_nodes, m.mask_nodes);
  ck_assert_uint_eq (b.tree->leaves_saved, 0);

  /* The challenge exercise builds the same tree, and the assignments it
   * does not enumerate are the ones it saves. */
  g_autoptr (GError) error = NULL;
  LgAndOrTree *fast = lg_mask_builder_build (p, b.set, b.permut, TRUE, NULL,
                                             NULL, G_MAXUINT64, &error);
  ck_assert_ptr_nonnull (fast);
  Model m2 = m;
  m2.tried = m2.kept = m2.and_nodes = m2.or_nodes = m2.mask_nodes = 0;
  model_check_tree (&m2, fast, b.set);
  ck_assert_uint_eq (fast->and_nodes, m.and_nodes + 1);
  ck_assert_uint_eq (fast->or_nodes, m.or_nodes);
  ck_assert_uint_eq (fast->mask_nodes, m.mask_nodes);
  ck_assert_uint_le (fast->leaves_tried, b.tree->leaves_tried);
  ck_assert_uint_eq (fast->leaves_tried + fast->leaves_saved,
                     b.tree->leaves_tried);
  if (n_logic == 0)
    ck_assert_uint_eq (fast->leaves_saved, 0);
  lg_and_or_tree_free (fast);

  g_free (m.masks);
  g_free (m.touched);
  built_clear (&b);
}
END_TEST

/* ---- core: the orders, on a problem worked out by hand ---------------------- */

/* n = 3; the permutations in lexicographic order, bit k for rank k:
 *   0:012 1:021 2:102 3:120 4:201 5:210
 * and the permutations with p[i] == v:
 *   p[0]==0 0x03  p[0]==1 0x0C  p[0]==2 0x30
 *   p[1]==0 0x14  p[1]==1 0x21  p[1]==2 0x0A
 *   p[2]==0 0x28  p[2]==1 0x12  p[2]==2 0x05 */
static const uint64_t p_is[3][3] = {
  { 0x03, 0x0C, 0x30 },
  { 0x14, 0x21, 0x0A },
  { 0x28, 0x12, 0x05 },
};
#define ALL3 UINT64_C (0x3F)

static void
groups_abc (LgProblem *p)
{
  lg_group (p, LG_GROUP_ORDERED, "A", ITEMS ("a0", "a1", "a2"));
  lg_group (p, LG_GROUP_ORDERED, "B", ITEMS ("b0", "b1", "b2"));
  lg_group (p, LG_GROUP_ORDERED, "C", ITEMS ("c0", "c1", "c2"));
}

START_TEST (test_mask_builder_tree_shape)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
#define I(g, n) lg_item (p, g, n)
  LgItem *x = lg_var_new (p, "A", "x");
  LgItem *b = lg_var_new (p, "B", "b");
  LgItem *c = lg_var_new (p, "C", "c");
  LgItem *d = lg_var_new (p, "A", "d");
  LgItem *e = lg_var_new (p, "B", "e");
  /* unbound */
  lg_rule (p, lg_yes (p, I ("A", "a0"), I ("B", "b1")));            /* 1 */
  lg_rule (p, lg_no (p, I ("B", "b2"), I ("C", "c0")));             /* 2 */
  /* group X: x in {0, 1}, with c2 */
  lg_rule (p, lg_yes (p, x, I ("C", "c2")));                        /* 3 */
  lg_rule (p, lg_lt (p, lg_ref (p, x), lg_num (p, 2)));             /* 4 */
  /* group Y: b with a0, c with a1, b not with c, b != c */
  lg_rule (p, lg_yes (p, b, I ("A", "a0")));                        /* 5 */
  lg_rule (p, lg_yes (p, c, I ("A", "a1")));                        /* 6 */
  lg_rule (p, lg_no (p, b, c));                                     /* 7 */
  lg_rule (p, lg_neq (p, lg_ref (p, b), lg_ref (p, c)));            /* 8 */
  /* group Z: logical only, satisfiable (d = 2): left out */
  lg_rule (p, lg_eq (p, lg_ref (p, d), lg_num (p, 2)));             /* 9 */
  /* group W: logical only, never holds: a FALSE node */
  lg_rule (p, lg_gt (p, lg_ref (p, e), lg_num (p, 5)));             /* 10 */
#undef I

  Built bt;
  build (p, &bt);
  ck_assert_uint_eq (bt.set->groups->len, 4);
  const LgNode *root = bt.tree->root;
  /* [unbound, W, Y, X]: Z is left out. */
  assert_kind (root, LG_NODE_AND, 4);

  /* Unbound: pair (1,2) = 2 before pair (0,1) = 0. */
  const LgNode *u = root->children[0];
  assert_kind (u, LG_NODE_AND, 2);
  assert_leaf (u->children[0], 2, ALL3 & ~p_is[2][0]); /* no b2, c0 */
  assert_leaf (u->children[1], 0, p_is[0][1]);         /* yes a0, b1 */

  assert_kind (root->children[1], LG_NODE_FALSE, 0);

  /* Y: b = 2, 1, 0; under each, c = 2, 1, 0 but not b. */
  const LgNode *y = root->children[2];
  assert_kind (y, LG_NODE_OR, 3);
  for (guint j = 0; j < 3; j++)
    {
      guint bv = 2 - j;
      const LgNode *cs = y->children[j];
      assert_kind (cs, LG_NODE_OR, 2);
      guint k = 0;
      for (guint cv = 3; cv-- > 0;)
        {
          if (cv == bv)
            continue;
          const LgNode *leaf = cs->children[k++];
          assert_kind (leaf, LG_NODE_AND, 3);
          assert_leaf (leaf->children[0], 2, ALL3 & ~p_is[bv][cv]); /* no b,c */
          assert_leaf (leaf->children[1], 1, p_is[1][cv]);  /* yes c, a1 */
          assert_leaf (leaf->children[2], 0, p_is[0][bv]);  /* yes b, a0 */
        }
    }

  /* X: x = 1, then x = 0 (x = 2 fails x < 2). */
  const LgNode *xn = root->children[3];
  assert_kind (xn, LG_NODE_OR, 2);
  assert_kind (xn->children[0], LG_NODE_AND, 1);
  assert_leaf (xn->children[0]->children[0], 1, p_is[1][2]);
  assert_kind (xn->children[1], LG_NODE_AND, 1);
  assert_leaf (xn->children[1]->children[0], 1, p_is[0][2]);

  /* Counters: assignments tried: unbound 1, X 3, Y 9, Z 3 (it stops at
   * d = 2), W 3. */
  ck_assert_uint_eq (bt.tree->leaves_tried, 19);
  ck_assert_uint_eq (bt.tree->and_nodes, 1 + 1 + 6 + 2);
  ck_assert_uint_eq (bt.tree->or_nodes, 1 + 3 + 1);
  ck_assert_uint_eq (bt.tree->mask_nodes, 2 + 6 * 3 + 2);
  ck_assert_uint_eq (bt.tree->n_pairs, 3);
  ck_assert_uint_eq (bt.tree->n_words, 1);
  built_clear (&bt);
}
END_TEST

/* The group order at the root follows the constraint groups' creation, not
 * the variables': here the group of the first variable is created last. */
START_TEST (test_mask_builder_root_order)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
  LgItem *first = lg_var_new (p, "A", "first");
  LgItem *second = lg_var_new (p, "A", "second");
  LgItem *third = lg_var_new (p, "A", "third");
  lg_rule (p, lg_yes (p, third, lg_item (p, "C", "c0")));  /* group 1 */
  lg_rule (p, lg_yes (p, second, lg_item (p, "B", "b0"))); /* group 2 */
  lg_rule (p, lg_yes (p, first, lg_item (p, "C", "c1")));  /* group 3 */
  lg_rule (p, lg_no (p, lg_item (p, "A", "a0"), lg_item (p, "B", "b2")));

  Built bt;
  build (p, &bt);
  const LgNode *root = bt.tree->root;
  assert_kind (root, LG_NODE_AND, 4);
  assert_kind (root->children[0], LG_NODE_AND, 1);
  assert_leaf (root->children[0]->children[0], 0, ALL3 & ~p_is[0][2]);
  /* group 3 (first, with c1), group 2 (second, with b0), group 1 (third,
   * with c0); each OR lists a2, a1, a0. */
  const struct
  {
    guint pair, item;
  } want[] = { { 1, 1 }, { 0, 0 }, { 1, 0 } };
  for (guint g = 0; g < 3; g++)
    {
      const LgNode *or = root->children[1 + g];
      assert_kind (or, LG_NODE_OR, 3);
      for (guint j = 0; j < 3; j++)
        {
          guint av = 2 - j;
          assert_kind (or->children[j], LG_NODE_AND, 1);
          assert_leaf (or->children[j]->children[0], want[g].pair,
                       p_is[av][want[g].item]);
        }
    }
  built_clear (&bt);
}
END_TEST

/* An empty mask prunes the assignment, and a value whose every assignment
 * is pruned is no alternative at all: yes a, b0; yes a0, b; yes a, b only
 * hold together for a = a0 and b = b0. */
START_TEST (test_mask_builder_empty_mask_prunes)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
  LgItem *a = lg_var_new (p, "A", "a");
  LgItem *b = lg_var_new (p, "B", "b");
  lg_rule (p, lg_yes (p, a, lg_item (p, "B", "b0")));
  lg_rule (p, lg_yes (p, lg_item (p, "A", "a0"), b));
  lg_rule (p, lg_yes (p, a, b));

  Built bt;
  build (p, &bt);
  const LgNode *root = bt.tree->root;
  assert_kind (root, LG_NODE_AND, 1);
  assert_kind (root->children[0], LG_NODE_OR, 1);
  assert_kind (root->children[0]->children[0], LG_NODE_OR, 1);
  const LgNode *leaf = root->children[0]->children[0]->children[0];
  assert_kind (leaf, LG_NODE_AND, 1);
  assert_leaf (leaf->children[0], 0, p_is[0][0]);
  ck_assert_uint_eq (bt.tree->leaves_tried, 9);
  ck_assert_uint_eq (bt.tree->leaves_kept, 1);
  ck_assert_uint_eq (bt.tree->mask_nodes, 1);
  built_clear (&bt);
}
END_TEST

/* Contradictory unbound couples: a FALSE node where the original would put
 * nothing (SPEC section 7). */
START_TEST (test_mask_builder_unbound_contradiction)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
  lg_rule (p, lg_yes (p, lg_item (p, "A", "a1"), lg_item (p, "C", "c2")));
  lg_rule (p, lg_no (p, lg_item (p, "A", "a1"), lg_item (p, "C", "c2")));
  Built bt;
  build (p, &bt);
  assert_kind (bt.tree->root, LG_NODE_AND, 1);
  assert_kind (bt.tree->root->children[0], LG_NODE_FALSE, 0);
  ck_assert_uint_eq (bt.tree->leaves_tried, 1);
  ck_assert_uint_eq (bt.tree->leaves_kept, 0);
  ck_assert_uint_eq (bt.tree->mask_nodes, 0);
  built_clear (&bt);
}
END_TEST

/* Groups with logical rules only: which assignment is tried first shows the
 * enumeration order (first variable outermost, items in order), and the
 * count of tried assignments where the first success stops it. */
static const struct
{
  const char *name;
  gint64 sum;            /* rule: d + e = sum (d over A, e over B) */
  gboolean holds;
  guint64 tried;
} logic_only_cases[] = {
  { "first assignment holds", 0, TRUE, 1 },     /* (0,0) */
  { "d + e = 1", 1, TRUE, 2 },                  /* (0,1) */
  { "d + e = 2", 2, TRUE, 3 },                  /* (0,2) */
  { "d + e = 3", 3, TRUE, 6 },                  /* (1,2) */
  { "d + e = 4", 4, TRUE, 9 },                  /* (2,2) */
  { "d + e = 5 never holds", 5, FALSE, 9 },
  { "d + e = -1 never holds", -1, FALSE, 9 },
};

START_TEST (test_mask_builder_logic_only)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
  LgItem *d = lg_var_new (p, "A", "d");
  LgItem *e = lg_var_new (p, "B", "e");
  lg_rule (p, lg_eq (p, lg_add (p, lg_ref (p, d), lg_ref (p, e)),
                     lg_num (p, logic_only_cases[_i].sum)));
  Built bt;
  build (p, &bt);
  ck_assert_uint_eq (bt.set->groups->len, 1);
  if (logic_only_cases[_i].holds)
    assert_kind (bt.tree->root, LG_NODE_AND, 0);
  else
    {
      assert_kind (bt.tree->root, LG_NODE_AND, 1);
      assert_kind (bt.tree->root->children[0], LG_NODE_FALSE, 0);
    }
  ck_assert_uint_eq (bt.tree->leaves_tried, logic_only_cases[_i].tried);
  ck_assert_uint_eq (bt.tree->mask_nodes, 0);
  ck_assert_uint_eq (bt.tree->or_nodes, 0);
  built_clear (&bt);
}
END_TEST

/* Unbound logical rules: left out when true, FALSE when false. */
START_TEST (test_mask_builder_unbound_logic)
{
  for (int holds = 0; holds < 2; holds++)
    {
      g_autoptr (LgProblem) p = lg_problem_new ();
      groups_abc (p);
      lg_rule (p, lg_lt (p, lg_ref (p, lg_item (p, "A", "a1")),
                         lg_num (p, holds ? 2 : 1)));
      Built bt;
      build (p, &bt);
      if (holds)
        assert_kind (bt.tree->root, LG_NODE_AND, 0);
      else
        {
          assert_kind (bt.tree->root, LG_NODE_AND, 1);
          assert_kind (bt.tree->root->children[0], LG_NODE_FALSE, 0);
        }
      ck_assert_uint_eq (bt.tree->leaves_tried, 1);
      built_clear (&bt);
    }
}
END_TEST

/* ---- limits ------------------------------------------------------------------ */

START_TEST (test_mask_builder_no_rule)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
  Built bt;
  build (p, &bt);
  assert_kind (bt.tree->root, LG_NODE_AND, 0);
  ck_assert_uint_eq (bt.tree->leaves_tried, 0);
  ck_assert_uint_eq (bt.tree->leaves_kept, 0);
  ck_assert_uint_eq (bt.tree->and_nodes, 1);
  ck_assert_uint_eq (bt.tree->or_nodes, 0);
  ck_assert_uint_eq (bt.tree->mask_nodes, 0);
  built_clear (&bt);
}
END_TEST

/* Six items: 720 bits over 12 words, the last one partial; a yes on the last
 * item pair. */
START_TEST (test_mask_builder_multiword)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  const char *const items[] = { "0", "1", "2", "3", "4", "5", NULL };
  lg_group (p, LG_GROUP_NUMERIC, "A", items);
  lg_group (p, LG_GROUP_NUMERIC, "B", items);
  lg_rule (p, lg_yes (p, lg_item (p, "B", "5"), lg_item (p, "A", "5")));
  Built bt;
  build (p, &bt);
  ck_assert_uint_eq (bt.tree->n_words, 12);
  assert_kind (bt.tree->root, LG_NODE_AND, 1);
  const LgNode *leaf = bt.tree->root->children[0];
  assert_kind (leaf, LG_NODE_AND, 1);
  assert_kind (leaf->children[0], LG_NODE_LEAF, 0);
  const LgMaskNode *m = leaf->children[0]->data;
  ck_assert_uint_eq (m->pair, 0);
  /* p[5] == 5 holds for 5! = 120 of the 720 permutations: each bit is
   * checked against its row of the table, and the 48 bits past 720 stay
   * clear. */
  guint count = 0;
  for (size_t k = 0; k < 12 * 64; k++)
    {
      gboolean bit = (m->words[k / 64] >> (k % 64)) & 1;
      gboolean want = k < 720 && bt.permut->perms[k * 6 + 5] == 5;
      ck_assert_msg (bit == want, "bit %zu is %d", k, bit);
      count += bit;
    }
  ck_assert_uint_eq (count, 120);
  built_clear (&bt);
}
END_TEST

/* ---- errors ------------------------------------------------------------------ */

START_TEST (test_mask_builder_overflow)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  groups_abc (p);
  LgItem *a = lg_var_new (p, "A", "a");
  lg_rule (p, lg_yes (p, a, lg_item (p, "B", "b0")));
  lg_problem_set_line (p, 17);
  lg_rule (p, lg_lt (p, lg_mul (p, lg_ref (p, a), lg_num (p, INT64_MAX)),
                     lg_num (p, 0)));
  g_autoptr (GError) error = NULL;
  ck_assert (lg_problem_validate (p, &error));
  LgPermut *permut = lg_permut_new (3);
  LgConstraintSet *set = lg_constraint_set_new (p);
  LgAndOrTree *tree = lg_mask_builder_build (p, set, permut, FALSE, NULL, NULL,
                                             G_MAXUINT64, &error);
  ck_assert_ptr_null (tree);
  ck_assert_ptr_nonnull (error);
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR,
                              LG_PROBLEM_ERROR_OVERFLOW));
  ck_assert_ptr_nonnull (strstr (error->message, "rule 2"));
  ck_assert_uint_eq (lg_error_get_line (error), 17);
  lg_constraint_set_free (set);
  lg_permut_free (permut);
}
END_TEST

/* Groups N (numeric: 1, 2, 2^62) and B (atomic), and variables a, b, c
 * over N, enumerated in that order. */
static void
groups_big (LgProblem *p, LgItem **a, LgItem **b, LgItem **c)
{
  lg_group (p, LG_GROUP_NUMERIC, "N", ITEMS ("1", "2", "4611686018427387904"));
  lg_group (p, LG_GROUP_ATOMIC, "B", ITEMS ("b0", "b1", "b2"));
  *a = lg_var_new (p, "N", "a");
  *b = lg_var_new (p, "N", "b");
  *c = lg_var_new (p, "N", "c");
}

/* The last rule, a couple, gives the group of a, b and c a mask.  (It
 * comes last: a group that a later rule merges into an earlier one appends
 * its rules after the earlier group's, and these tests need the logical
 * rules in problem order.) */
static void
add_couple (LgProblem *p, LgItem *c)
{
  lg_rule (p, lg_yes (p, c, lg_item (p, "B", "b0")));
}

static LgAndOrTree *
build_or_fail (LgProblem *p, gboolean challenge, GError **error)
{
  ck_assert (lg_problem_validate (p, NULL));
  LgPermut *permut = lg_permut_new (3);
  LgConstraintSet *set = lg_constraint_set_new (p);
  LgAndOrTree *tree = lg_mask_builder_build (p, set, permut, challenge, NULL,
                                             NULL, G_MAXUINT64, error);
  lg_constraint_set_free (set);
  lg_permut_free (permut);
  return tree;
}

/* Rule 1, a * b * c > 0, is evaluated first at every assignment and
 * overflows only at some (a = 1, b = 2^62, c = 2 is the first); rule 2,
 * a < 0, is decided by a alone and FALSE everywhere.  The builder must not
 * count the assignments below a as failing at rule 2: the original reaches
 * rule 1 first, and reports its overflow. */
START_TEST (test_mask_builder_overflow_before_decided_rule)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  LgItem *a, *b, *c;
  groups_big (p, &a, &b, &c);
  lg_problem_set_line (p, 30);
  lg_rule (p, lg_gt (p,
                     lg_mul (p, lg_mul (p, lg_ref (p, a), lg_ref (p, b)),
                             lg_ref (p, c)),
                     lg_num (p, 0)));
  lg_problem_set_line (p, 31);
  lg_rule (p, lg_lt (p, lg_ref (p, a), lg_num (p, 0)));
  add_couple (p, c);
  for (int challenge = 0; challenge < 2; challenge++)
    {
      /* --challenge prunes at rule 2 (its own semantics): no overflow */
      g_autoptr (GError) error = NULL;
      LgAndOrTree *tree = build_or_fail (p, challenge, &error);
      if (challenge)
        {
          ck_assert_ptr_nonnull (tree);
          ck_assert_uint_eq (tree->leaves_tried, 0);
          ck_assert_uint_eq (tree->leaves_saved, 27);
          lg_and_or_tree_free (tree);
          continue;
        }
      ck_assert_ptr_null (tree);
      ck_assert (g_error_matches (error, LG_PROBLEM_ERROR,
                                  LG_PROBLEM_ERROR_OVERFLOW));
      ck_assert_ptr_nonnull (strstr (error->message, "rule 1 "));
      ck_assert_uint_eq (lg_error_get_line (error), 30);
    }
}
END_TEST

/* Rule 1, a < 3, is decided by a and FALSE for a = 2^62, where rule 2,
 * a * 2 > b - c, would overflow; the original never evaluates rule 2 there.
 * The assignments below a = 2^62 are counted as tried without an error,
 * and the rest are enumerated: 27 tried in all, as the original. */
START_TEST (test_mask_builder_decided_rule_hides_later_overflow)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  LgItem *a, *b, *c;
  groups_big (p, &a, &b, &c);
  lg_rule (p, lg_lt (p, lg_ref (p, a), lg_num (p, 3)));
  lg_rule (p, lg_gt (p, lg_mul (p, lg_ref (p, a), lg_num (p, 2)),
                     lg_sub (p, lg_ref (p, b), lg_ref (p, c))));
  add_couple (p, c);
  g_autoptr (GError) error = NULL;
  LgAndOrTree *tree = build_or_fail (p, FALSE, &error);
  ck_assert_msg (tree != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (tree->leaves_tried, 27);
  /* kept: a in {1, 2}, and 2a > b - c: every (b, c) but c = 1 with
   * b = 2^62 or c = 2 with b = 2^62: 2 * (9 - 2) */
  ck_assert_uint_eq (tree->leaves_kept, 14);
  ck_assert_uint_eq (tree->leaves_saved, 0);
  lg_and_or_tree_free (tree);
}
END_TEST

/* Rule 1, a = 2, fails for two values of a out of three, so the 18
 * assignments below them are counted without being enumerated; then rule
 * 2, a - 2 + b < c, is decided at the leaves.  A group of logical rules
 * only stops at its first success, as before. */
START_TEST (test_mask_builder_decided_rule_counts)
{
  for (int logic_only = 0; logic_only < 2; logic_only++)
    {
      g_autoptr (LgProblem) p = lg_problem_new ();
      lg_group (p, LG_GROUP_ORDERED, "A", ITEMS ("a0", "a1", "a2"));
      lg_group (p, LG_GROUP_ORDERED, "B", ITEMS ("b0", "b1", "b2"));
      LgItem *a = lg_var_new (p, "A", "a");
      LgItem *b = lg_var_new (p, "A", "b");
      LgItem *c = lg_var_new (p, "A", "c");
      lg_rule (p, lg_eq (p, lg_ref (p, a), lg_num (p, 2)));
      lg_rule (p, lg_lt (p,
                         lg_add (p, lg_sub (p, lg_ref (p, a), lg_num (p, 2)),
                                 lg_ref (p, b)),
                         lg_ref (p, c)));
      if (!logic_only)
        lg_rule (p, lg_yes (p, c, lg_item (p, "B", "b0")));
      g_autoptr (GError) error = NULL;
      LgAndOrTree *tree = build_or_fail (p, FALSE, &error);
      ck_assert_ptr_nonnull (tree);
      if (logic_only)
        {
          /* a = 0, 1 (9 each), then a = 2: (0, 0), (0, 1) holds */
          ck_assert_uint_eq (tree->leaves_tried, 18 + 2);
          ck_assert_uint_eq (tree->leaves_kept, 1);
        }
      else
        {
          ck_assert_uint_eq (tree->leaves_tried, 27);
          ck_assert_uint_eq (tree->leaves_kept, 3); /* b < c */
          ck_assert_uint_eq (tree->or_nodes, 1 + 1 + 2);
        }
      lg_and_or_tree_free (tree);
    }
}
END_TEST

/* The problem the limits are tried on: groups A, B, C, a variable a of A,
 * "yes a, B:b0" on line 5 and "no a, C:c1" on line 6. */
static LgProblem *
limits_problem (void)
{
  LgProblem *p = lg_problem_new ();
  groups_abc (p);
  LgItem *a = lg_var_new (p, "A", "a");
  lg_problem_set_line (p, 5);
  lg_rule (p, lg_yes (p, a, lg_item (p, "B", "b0")));
  lg_problem_set_line (p, 6);
  lg_rule (p, lg_no (p, a, lg_item (p, "C", "c1")));
  return p;
}

/* The memory budget: a tree fits in the bytes it says it holds, and a
 * budget of 0 fails with LG_PROBLEM_ERROR_LIMIT, blaming the first rule of
 * the group being expanded. */
START_TEST (test_mask_builder_budget)
{
  g_autoptr (LgProblem) p = limits_problem ();
  Built bt;
  build (p, &bt);
  guint64 bytes = bt.tree->bytes;
  ck_assert_uint_gt (bytes, 0);

  LgAndOrTree *tree = lg_mask_builder_build (p, bt.set, bt.permut, FALSE, NULL,
                                             NULL, bytes, NULL);
  ck_assert_ptr_nonnull (tree);
  ck_assert_uint_eq (tree->bytes, bytes);
  ck_assert_uint_eq (tree->mask_nodes, bt.tree->mask_nodes);
  lg_and_or_tree_free (tree);

  g_autoptr (GError) error = NULL;
  tree = lg_mask_builder_build (p, bt.set, bt.permut, FALSE, NULL, NULL, 0,
                                &error);
  ck_assert_ptr_null (tree);
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT));
  ck_assert_uint_eq (lg_error_get_line (error), 5);
  built_clear (&bt);
}
END_TEST

/* The deadline (--time-limit): one far away builds the same tree as none;
 * one passed stops the build at the first value of a variable: no tree,
 * a TIME_LIMIT error without a line.  lg_deadline_reached, which the
 * explanation's second thread asks, answers as lg_deadline_check. */
START_TEST (test_mask_builder_deadline)
{
  g_autoptr (LgProblem) p = limits_problem ();
  Built bt;
  build (p, &bt);

  LgDeadline far;
  lg_deadline_init (&far,
                    g_get_monotonic_time () + (gint64) 3600 * G_USEC_PER_SEC);
  LgAndOrTree *tree = lg_mask_builder_build (p, bt.set, bt.permut, FALSE, NULL,
                                             &far, G_MAXUINT64, NULL);
  ck_assert_ptr_nonnull (tree);
  ck_assert_uint_eq (tree->bytes, bt.tree->bytes);
  ck_assert_uint_eq (tree->mask_nodes, bt.tree->mask_nodes);
  ck_assert_uint_eq (tree->leaves_tried, bt.tree->leaves_tried);
  lg_and_or_tree_free (tree);

  LgDeadline passed, none;
  lg_deadline_init (&passed, 1);
  lg_deadline_init (&none, 0);
  ck_assert (!lg_deadline_reached (&far));
  ck_assert (lg_deadline_reached (&passed));
  ck_assert (!lg_deadline_reached (&none));
  ck_assert (!lg_deadline_check (&none));
  g_autoptr (GError) error = NULL;
  tree = lg_mask_builder_build (p, bt.set, bt.permut, FALSE, NULL, &passed,
                                G_MAXUINT64, &error);
  ck_assert_ptr_null (tree);
  ck_assert (
      g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_TIME_LIMIT));
  ck_assert_uint_eq (lg_error_get_line (error), 0);
  built_clear (&bt);
}
END_TEST

/* The pair numbering (pair.h): the pairs of G groups are 0 .. count - 1,
 * in the order (0 1), (0 2), (1 2), (0 3)..., and lg_pair_groups inverts
 * lg_pair_index. */
START_TEST (test_mask_builder_pairs)
{
  ck_assert_uint_eq (lg_pair_count (1), 0);
  ck_assert_uint_eq (lg_pair_count (2), 1);
  ck_assert_uint_eq (lg_pair_count (5), 10);
  guint next = 0;
  for (guint g2 = 1; g2 < 16; g2++)
    {
      for (guint g1 = 0; g1 < g2; g1++)
        {
          guint pair = lg_pair_index (g1, g2), a = 99, b = 99;
          ck_assert_uint_eq (pair, next++);
          lg_pair_groups (pair, &a, &b);
          ck_assert_uint_eq (a, g1);
          ck_assert_uint_eq (b, g2);
        }
      ck_assert_uint_eq (lg_pair_count (g2 + 1), next);
    }
}
END_TEST

Suite *
lg_mask_builder_suite (void)
{
  Suite *s = suite_create ("mask_builder");
  TCase *tc = tcase_create ("core");
  tcase_add_loop_test (tc, test_mask_builder_random_masks, 0, N_RANDOM);
  tcase_add_test (tc, test_mask_builder_tree_shape);
  tcase_add_test (tc, test_mask_builder_pairs);
  tcase_add_test (tc, test_mask_builder_root_order);
  tcase_add_test (tc, test_mask_builder_empty_mask_prunes);
  tcase_add_test (tc, test_mask_builder_unbound_contradiction);
  tcase_add_loop_test (tc, test_mask_builder_logic_only, 0,
                       N_ELEMS (logic_only_cases));
  tcase_add_test (tc, test_mask_builder_unbound_logic);
  tcase_add_test (tc, test_mask_builder_decided_rule_counts);
  suite_add_tcase (s, tc);

  tc = tcase_create ("limits");
  tcase_add_test (tc, test_mask_builder_no_rule);
  tcase_add_test (tc, test_mask_builder_multiword);
  suite_add_tcase (s, tc);

  tc = tcase_create ("errors");
  tcase_add_test (tc, test_mask_builder_overflow);
  tcase_add_test (tc, test_mask_builder_overflow_before_decided_rule);
  tcase_add_test (tc, test_mask_builder_decided_rule_hides_later_overflow);
  tcase_add_test (tc, test_mask_builder_budget);
  tcase_add_test (tc, test_mask_builder_deadline);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_mask_builder_suite ());
}
