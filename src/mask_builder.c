/* mask_builder — see mask_builder.h.
 *
 * The builder keeps one scratch mask per group pair ("touched" when a couple
 * of the current assignment has written it) and, per item couple (i1, i2), the
 * mask of the permutations with p[i1] == i2, computed on first use: a yes is
 * then one AND over the words and a no one AND-NOT. */
#include "mask_builder.h"

#include <string.h>

#include "bitset.h"
#include "constraint.h"

typedef struct
{
  LgProblem *problem;
  const LgPermut *permut;
  LgAndOrTree *tree;
  guint n; /* dimension */
  size_t n_words;
  uint64_t *scratch;    /* n_pairs masks */
  gboolean *touched;    /* per pair */
  uint64_t **yes_masks; /* n * n, lazily built */
  gboolean is_ok;
  guint64 budget; /* bytes the tree may hold */
  const LgConstraintSet *set;
  const LgConstraintGroup *group; /* the one being expanded */
  /* ready[k] holds the logical rules (indices in `programs`) whose last
   * variable is variable k of the group (last_var[i] = k); cached[i] is
   * rule i's value, valid while cached_stamp[i] equals the stamp of its
   * last variable, which grows at each new value.  --challenge prunes where
   * a ready rule fails. */
  gboolean challenge;
  GPtrArray *programs; /* the group's logical rules, compiled, in order */
  GArray **ready;
  LgEval *cached;
  guint64 *cached_stamp, *level_stamp;
  guint *last_var;
  LgNode **level_children; /* per variable level, n slots for its OR node */
  LgNode **leaf_children;  /* n_pairs slots for a leaf's mask nodes */
  GError *error;
} Builder;

/* Bookkeeping per allocation: a pointer in a GPtrArray and malloc's own. */
#define BLOCK_OVERHEAD (2 * sizeof (void *))

static void *
tree_block (LgAndOrTree *tree, size_t size)
{
  void *block = g_malloc0 (size);
  g_ptr_array_add (tree->blocks, block);
  tree->bytes += size + BLOCK_OVERHEAD;
  return block;
}

static size_t
node_bytes (guint n_children)
{
  return sizeof (LgNode) + BLOCK_OVERHEAD +
         (n_children ? n_children * sizeof (LgNode *) + BLOCK_OVERHEAD : 0);
}

static size_t
mask_leaf_bytes (size_t n_words)
{
  return node_bytes (0) + sizeof (LgMaskNode) + n_words * sizeof (uint64_t) +
         BLOCK_OVERHEAD;
}

guint64
lg_mask_builder_estimate (const LgConstraintSet *set, guint n, guint n_pairs,
                          size_t n_words)
{
  guint64 total = 0;
  for (guint i = 0; i <= set->groups->len; i++)
    {
      const LgConstraintGroup *cg =
          i < set->groups->len ? set->groups->pdata[i] : set->unbound;
      if (cg->couple->len == 0)
        continue;
      double leaves = 1;
      for (guint k = 0; k < cg->vars->len; k++)
        leaves *= n;
      guint masks = MIN (cg->couple->len, n_pairs);
      double bytes = leaves * ((double) node_bytes (masks) +
                               masks * (double) mask_leaf_bytes (n_words)) +
                     leaves * (double) node_bytes (n) / (n > 1 ? n - 1 : 1);
      total = bytes > (double) G_MAXUINT64 / 2 ? G_MAXUINT64 / 2
                                               : total + (guint64) bytes;
      if (total >= G_MAXUINT64 / 2)
        return G_MAXUINT64 / 2;
    }
  return total;
}

/* Before growing the tree by `bytes`: FALSE, with the error set, when that
 * would go over the budget. */
static gboolean
can_grow (Builder *b, size_t bytes)
{
  if (b->error)
    return FALSE;
  if (b->tree->bytes + bytes <= b->budget)
    return TRUE;
  guint64 estimate =
      lg_mask_builder_estimate (b->set, b->n, b->tree->n_pairs, b->n_words);
  const LgConstraintGroup *cg = b->group;
  const LgRule *first = cg->couple->len ? cg->couple->pdata[0] : NULL;
  if (cg->logic->len)
    {
      const LgRule *l = cg->logic->pdata[0];
      if (!first || l->number < first->number)
        first = l;
    }
  guint64 assignments = 1;
  for (guint k = 0; k < cg->vars->len && assignments < G_MAXUINT64 / 16; k++)
    assignments *= b->n;
  b->problem->error_line = first ? first->line : 0;
  g_autofree char *limit = lg_format_size (b->budget);
  g_autofree char *need = lg_format_size (estimate);
  b->error = g_error_new (
      LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT,
      "the AND/OR tree needs more than the %s left under the memory limit "
      "(up to %s): the constraint group of rule %u has %u variables, "
      "%" G_GUINT64_FORMAT " assignments; raise --memory-limit or split the "
      "rules",
      limit, need, first ? first->number : 0, cg->vars->len, assignments);
  return FALSE;
}

static LgNode *
new_node (LgAndOrTree *tree, LgNodeKind kind, LgNode *const *children,
          guint n_children)
{
  LgNode *node = g_new0 (LgNode, 1);
  tree->bytes += sizeof *node + BLOCK_OVERHEAD;
  node->kind = kind;
  if (n_children)
    {
      node->n_children = n_children;
      node->children = tree_block (tree, n_children * sizeof (LgNode *));
      memcpy (node->children, children, n_children * sizeof (LgNode *));
    }
  g_ptr_array_add (tree->nodes, node);
  if (kind == LG_NODE_AND)
    tree->and_nodes++;
  else if (kind == LG_NODE_OR)
    tree->or_nodes++;
  return node;
}

static const uint64_t *
yes_mask (Builder *b, guint i1, guint i2)
{
  uint64_t **slot = &b->yes_masks[i1 * b->n + i2];
  if (!*slot)
    {
      *slot = g_new0 (uint64_t, b->n_words);
      for (size_t r = 0; r < b->permut->count; r++)
        if (lg_permut_get (b->permut, r)[i1] == i2)
          lg_bitset_set (*slot, r);
    }
  return *slot;
}

/* and_yes / and_no of the original: narrows the pair mask of x and y. */
static void
build_couple (Builder *b, const LgRule *rule)
{
  guint g1 = rule->x->group->index, g2 = rule->y->group->index;
  guint i1 = rule->x->index, i2 = rule->y->index;
  if (g1 > g2)
    {
      guint t = g1;
      g1 = g2;
      g2 = t;
      t = i1;
      i1 = i2;
      i2 = t;
    }
  guint pair = lg_pair_index (g1, g2);
  uint64_t *mask = b->scratch + pair * b->n_words;
  if (!b->touched[pair])
    {
      lg_bitset_set_all (mask, b->permut->count);
      b->touched[pair] = TRUE;
    }
  const uint64_t *yes = yes_mask (b, i1, i2);
  uint64_t any = 0;
  if (rule->kind == LG_RULE_YES)
    for (size_t w = 0; w < b->n_words; w++)
      any |= mask[w] &= yes[w];
  else
    for (size_t w = 0; w < b->n_words; w++)
      any |= mask[w] &= ~yes[w];
  b->is_ok = b->is_ok && any != 0;
}

/* Evaluates the logical rules in order; on overflow records the error. */
/* The value of logical rule i for the current values of its variables:
 * kept from its last evaluation while its last variable has not changed
 * (rules are mostly decided by their first variables, and the deepest
 * variable changes at every leaf). */
static LgEval
rule_value (Builder *b, guint i)
{
  if (b->ready && b->cached_stamp[i] == b->level_stamp[b->last_var[i]])
    return b->cached[i];
  LgEval v = lg_rule_program_eval (b->programs->pdata[i]);
  if (b->ready)
    {
      b->cached[i] = v;
      b->cached_stamp[i] = b->level_stamp[b->last_var[i]];
    }
  return v;
}

/* Evaluates the logical rules in order, as the original does at each
 * complete assignment: the first that does not hold decides, and an
 * overflow is reported when the evaluation in order reaches it. */
static gboolean
logic_holds (Builder *b, const LgConstraintGroup *cg)
{
  (void) cg;
  for (guint i = 0; i < b->programs->len; i++)
    {
      LgEval v = rule_value (b, i);
      if (v == LG_EVAL_TRUE)
        continue;
      if (v == LG_EVAL_OVERFLOW && !b->error)
        {
          const LgRule *rule = lg_rule_program_rule (b->programs->pdata[i]);
          g_autofree char *text = lg_rule_to_string (rule);
          b->problem->error_line = rule->line;
          b->error = g_error_new (
              LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_OVERFLOW,
              "integer overflow in rule %u (%s): values are 64-bit",
              rule->number, text);
        }
      return FALSE;
    }
  return TRUE;
}

/* The leaf of a complete assignment (get_node_if_true): an AND node of mask
 * leaves, or NULL when a logical rule fails or a mask becomes empty. */
static LgNode *
leaf_node (Builder *b, const LgConstraintGroup *cg)
{
  LgAndOrTree *tree = b->tree;
  tree->leaves_tried++;
  lg_progress_tick (b->problem->progress, tree->leaves_tried);
  if (!logic_holds (b, cg))
    return NULL;
  memset (b->touched, 0, tree->n_pairs * sizeof *b->touched);
  b->is_ok = TRUE;
  for (guint i = 0; i < cg->couple->len && b->is_ok; i++)
    build_couple (b, cg->couple->pdata[i]);
  if (!b->is_ok)
    return NULL;
  guint n_masks = 0;
  for (guint pair = 0; pair < tree->n_pairs; pair++)
    n_masks += b->touched[pair];
  if (!can_grow (b,
                 node_bytes (n_masks) + n_masks * mask_leaf_bytes (b->n_words)))
    return NULL;
  tree->leaves_kept++;
  LgNode **masks = b->leaf_children;
  guint n_leaves = 0;
  for (guint pair = tree->n_pairs; pair-- > 0;)
    if (b->touched[pair])
      {
        LgMaskNode *m =
            tree_block (tree, sizeof *m + b->n_words * sizeof (uint64_t));
        m->pair = pair;
        memcpy (m->words, b->scratch + pair * b->n_words,
                b->n_words * sizeof (uint64_t));
        LgNode *leaf = new_node (tree, LG_NODE_LEAF, NULL, 0);
        leaf->data = m;
        tree->mask_nodes++;
        masks[n_leaves++] = leaf;
      }
  return new_node (tree, LG_NODE_AND, masks, n_leaves);
}

/* Variable ivar has a new value.  With --challenge (the tutorial's
 * can_challenge), the rules whose last variable it is are evaluated now, and
 * FALSE says that one of them fails: the caller prunes there.  An overflow
 * is left for the leaves. */
static gboolean
assign_var (Builder *b, guint ivar)
{
  b->level_stamp[ivar]++;
  if (!b->challenge)
    return TRUE;
  GArray *ready = b->ready[ivar];
  for (guint i = 0; i < ready->len; i++)
    if (rule_value (b, g_array_index (ready, guint, i)) == LG_EVAL_FALSE)
      return FALSE;
  return TRUE;
}

/* The leaves under variable ivar: n^(variables left). */
static guint64
leaves_below (Builder *b, const LgConstraintGroup *cg, guint ivar)
{
  guint64 leaves = 1;
  for (guint k = ivar + 1; k < cg->vars->len && leaves < G_MAXUINT64 / 16; k++)
    leaves *= b->n;
  return leaves;
}

/* get_node / get_node_of_var: the OR node of variable ivar's items, last
 * item first, leaving out those that lead to nothing. */
static LgNode *
var_node (Builder *b, const LgConstraintGroup *cg, guint ivar)
{
  if (ivar == cg->vars->len)
    return leaf_node (b, cg);
  LgItem *var = cg->vars->pdata[ivar];
  /* the original prepends: the last item comes first */
  LgNode **alternatives = b->level_children + (size_t) ivar * b->n;
  guint n_alternatives = 0;
  for (guint k = 0; k < b->n && !b->error; k++)
    {
      var->index = k;
      if (!assign_var (b, ivar))
        {
          b->tree->leaves_saved += leaves_below (b, cg, ivar);
          continue;
        }
      LgNode *child = var_node (b, cg, ivar + 1);
      if (child)
        alternatives[b->n - 1 - n_alternatives++] = child;
    }
  if (n_alternatives == 0 || !can_grow (b, node_bytes (n_alternatives)))
    return NULL;
  return new_node (b->tree, LG_NODE_OR, alternatives + b->n - n_alternatives,
                   n_alternatives);
}

/* A group with logical rules only: does some assignment satisfy them? */
static gboolean
some_assignment_holds (Builder *b, const LgConstraintGroup *cg, guint ivar)
{
  if (ivar == cg->vars->len)
    {
      b->tree->leaves_tried++;
      lg_progress_tick (b->problem->progress, b->tree->leaves_tried);
      gboolean ok = logic_holds (b, cg);
      b->tree->leaves_kept += ok;
      return ok;
    }
  LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < b->n && !b->error; k++)
    {
      var->index = k;
      if (!assign_var (b, ivar))
        {
          b->tree->leaves_saved += leaves_below (b, cg, ivar);
          continue;
        }
      if (some_assignment_holds (b, cg, ivar + 1))
        return TRUE;
    }
  return FALSE;
}

/* Sorts the group's logical rules (their indices) by the position of their
 * last variable in the enumeration order. */
static GArray **
ready_lists (const LgConstraintGroup *cg, guint *last_var)
{
  GArray **ready = g_new0 (GArray *, cg->vars->len);
  for (guint k = 0; k < cg->vars->len; k++)
    ready[k] = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < cg->logic->len; i++)
    {
      last_var[i] = lg_constraint_group_last_var (cg, cg->logic->pdata[i]);
      g_array_append_val (ready[last_var[i]], i);
    }
  return ready;
}

static void
free_ready_lists (GArray **ready, guint n_vars)
{
  for (guint k = 0; ready && k < n_vars; k++)
    g_array_unref (ready[k]);
  g_free (ready);
}

/* The node of one constraint group; NULL when it constrains nothing. */
static LgNode *
group_node (Builder *b, const LgConstraintGroup *cg)
{
  b->group = cg;
  if (cg->logic->len == 0 && cg->couple->len == 0)
    return NULL;
  b->programs =
      g_ptr_array_new_with_free_func ((GDestroyNotify) lg_rule_program_free);
  for (guint i = 0; i < cg->logic->len; i++)
    g_ptr_array_add (b->programs, lg_rule_program_new (cg->logic->pdata[i]));
  guint n_logic = MAX (cg->logic->len, 1);
  b->cached = g_new (LgEval, n_logic);
  b->cached_stamp = g_new0 (guint64, n_logic);
  b->last_var = g_new0 (guint, n_logic);
  b->level_stamp = g_new (guint64, MAX (cg->vars->len, 1));
  for (guint k = 0; k < cg->vars->len; k++)
    b->level_stamp[k] = 1; /* cached_stamp 0: nothing cached yet */
  b->ready = cg->vars->len ? ready_lists (cg, b->last_var) : NULL;
  LgNode *node;
  if (cg->couple->len == 0)
    node = some_assignment_holds (b, cg, 0)
               ? NULL
               : new_node (b->tree, LG_NODE_FALSE, NULL, 0);
  else
    {
      node = var_node (b, cg, 0);
      if (!node)
        node = new_node (b->tree, LG_NODE_FALSE, NULL, 0);
    }
  free_ready_lists (b->ready, cg->vars->len);
  b->ready = NULL;
  g_clear_pointer (&b->cached, g_free);
  g_clear_pointer (&b->cached_stamp, g_free);
  g_clear_pointer (&b->last_var, g_free);
  g_clear_pointer (&b->level_stamp, g_free);
  g_clear_pointer (&b->programs, g_ptr_array_unref);
  return node;
}

LgAndOrTree *
lg_mask_builder_build (LgProblem *problem, const LgConstraintSet *set,
                       const LgPermut *permut, guint64 budget, GError **error)
{
  LgAndOrTree *tree = g_new0 (LgAndOrTree, 1);
  guint G = lg_problem_n_groups (problem);
  tree->n_pairs = G * (G - 1) / 2;
  tree->n_words = lg_bitset_n_words (permut->count);
  tree->nodes = g_ptr_array_new_with_free_func (g_free);
  tree->blocks = g_ptr_array_new_with_free_func (g_free);

  Builder b = { 0 };
  b.problem = problem;
  b.permut = permut;
  b.tree = tree;
  b.n = (guint) permut->n;
  b.n_words = tree->n_words;
  b.budget = budget;
  b.set = set;
  b.challenge = problem->challenge;
  b.scratch = g_new0 (uint64_t, MAX (tree->n_pairs, 1) * b.n_words);
  b.touched = g_new0 (gboolean, MAX (tree->n_pairs, 1));
  guint max_vars = 0;
  for (guint i = 0; i < set->groups->len; i++)
    max_vars = MAX (max_vars,
                    ((LgConstraintGroup *) set->groups->pdata[i])->vars->len);
  b.level_children = g_new (LgNode *, (size_t) (max_vars + 1) * b.n);
  b.leaf_children = g_new (LgNode *, MAX (tree->n_pairs, 1));
  b.yes_masks = g_new0 (uint64_t *, b.n * b.n);

  /* the progress line counts assignments: n^k for a group of k variables */
  double assignments = 0;
  for (guint i = 0; i < set->groups->len; i++)
    {
      double leaves = 1;
      for (guint k = 0;
           k < ((LgConstraintGroup *) set->groups->pdata[i])->vars->len; k++)
        leaves *= b.n;
      assignments += leaves;
    }
  lg_progress_begin (problem->progress, "transform", "assignments",
                     assignments < 1e18 ? (guint64) assignments : 0);
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  LgNode *unbound = group_node (&b, set->unbound);
  if (unbound)
    g_ptr_array_add (parts, unbound);
  for (guint i = set->groups->len; i-- > 0 && !b.error;)
    {
      LgNode *node = group_node (&b, set->groups->pdata[i]);
      if (node)
        g_ptr_array_add (parts, node);
    }
  tree->root =
      new_node (tree, LG_NODE_AND, (LgNode **) parts->pdata, parts->len);
  lg_progress_end (problem->progress);

  for (guint i = 0; i < b.n * b.n; i++)
    g_free (b.yes_masks[i]);
  g_free (b.yes_masks);
  g_free (b.scratch);
  g_free (b.level_children);
  g_free (b.leaf_children);
  g_free (b.touched);
  if (b.error)
    {
      g_propagate_error (error, b.error);
      lg_and_or_tree_free (tree);
      return NULL;
    }
  return tree;
}

void
lg_and_or_tree_free (LgAndOrTree *tree)
{
  if (!tree)
    return;
  g_ptr_array_unref (tree->nodes);
  g_ptr_array_unref (tree->blocks);
  g_free (tree);
}
