/* mask_builder — see mask_builder.h.
 *
 * The builder keeps one scratch mask per group pair ("touched" when a couple
 * of the current assignment has written it) and, per item couple (i1, i2), the
 * mask of the permutations with p[i1] == i2, computed on first use: a yes is
 * then one AND over the words and a no one AND-NOT.  The touched pairs are
 * also listed, so that a leaf costs its couples, not the number of pairs.
 *
 * The logical rules are scanned in order as the variables get their values
 * (scan_rules): first_open[d] is where the in-order evaluation stops with
 * the first d variables known, and a leaf only carries the scan on from
 * its parent's position. */
#include "mask_builder.h"

#include <string.h>

#include "bitset.h"
#include "budget.h"
#include "constraint.h"

/* The outcome of the in-order evaluation of a group's logical rules once
 * the first d variables have values (see scan_rules). */
typedef enum
{
  SCAN_OPEN,     /* the first rule not known TRUE needs more variables */
  SCAN_HOLDS,    /* every rule is TRUE */
  SCAN_FAILS,    /* the first rule not TRUE is decided and FALSE */
  SCAN_OVERFLOW, /* the first rule not TRUE is decided and overflows */
} Scan;

/* Masks of this many words (8 items: 630) make a value slow enough to read
 * the clock at each (see deadline_passed). */
#define SLOW_VALUE_WORDS 512

typedef struct
{
  const LgProblem *problem;
  LgProgress *progress;
  LgDeadline *deadline; /* NULL: none */
  const LgPermut *permut;
  LgAndOrTree *tree;
  guint n; /* dimension */
  size_t n_words;
  uint64_t *scratch;   /* n_pairs masks */
  gboolean *touched;   /* per pair: written by the current assignment */
  guint *touched_list; /* the touched pairs, n_touched of them */
  guint n_touched;
  uint64_t **yes_masks; /* n * n, lazily built */
  guint *assignment;    /* the variables' items (constraint.h) */
  gboolean is_ok;
  guint64 budget; /* bytes the tree may hold */
  const LgConstraintSet *set;
  const LgConstraintGroup *group; /* the one being expanded */
  guint group_number;             /* its number in --show groups */
  /* The group's logical rules, compiled, in order.  need[i] is the number
   * of leading variables rule i reads (the position of its last variable
   * plus one; 0 in the unbound group, which has no variable): once
   * variables 0..need[i]-1 have values, the rule is decided.  cached[i] is
   * its value, valid while cached_stamp[i] equals level_stamp[need[i] - 1]
   * (the stamp of its last variable grows at each new value).
   * first_open[d] is the index of the first rule, in order, that is not
   * known to be TRUE from the first d variables (n_rules when all are). */
  LgRuleProgram **programs;
  guint n_rules;
  guint *need;
  LgEval *cached;
  guint64 *cached_stamp, *level_stamp;
  guint *first_open; /* vars + 1 entries */
  /* below[k]: the complete assignments under one value of variable k,
   * n^(variables after k); the product stops growing past G_MAXUINT64 / 16
   * (no enumeration gets that far), and leaves_tried saturates. */
  guint64 *below;
  /* --challenge (the tutorial's can_challenge): ready[ready_start[k]] ..
   * ready[ready_start[k + 1] - 1] are the rules whose last variable is
   * variable k, in order; assign_var prunes where one of them is FALSE. */
  gboolean challenge;
  guint *ready, *ready_start;
  LgNode **level_children; /* per variable level, n slots for its OR node */
  LgNode **leaf_children;  /* n_pairs slots for a leaf's mask nodes */
  /* The group's logic over couples (LgExpansion): at a complete assignment
   * whose other rules hold, each alternative is the AND node of the
   * couples' masks narrowed by its cell literals, under an OR node. */
  GPtrArray *couple_logic;   /* LgRule*, in order */
  LgExpansion *expansion;    /* NULL when the group has none */
  uint64_t *alt_scratch;     /* n_pairs masks of the current alternative */
  gboolean *touched_is_base; /* per pair: touched by the couples */
  GPtrArray *alternatives;   /* LgNode*, of the current assignment */
  char *slab;                /* the labels' current block, slab_left bytes */
  size_t slab_left;
  GError *error;
} Builder;

/* The labels' blocks (label_node), in bytes. */
#define LABEL_SLAB 4096

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

/* The label of a node where n_values variables have values, in its slab
 * (label_node), 8-byte aligned. */
static size_t
label_bytes (guint n_values)
{
  return (sizeof (LgNodeLabel) + n_values + 7) & ~(size_t) 7;
}

static size_t
mask_leaf_bytes (size_t n_words)
{
  return node_bytes (0) + sizeof (LgMaskNode) + n_words * sizeof (uint64_t) +
         BLOCK_OVERHEAD;
}

/* An upper bound of the bytes the tree of `set` can take (every assignment
 * kept, one mask per couple). */
static guint64
estimate (const LgConstraintSet *set, guint n, guint n_pairs, size_t n_words)
{
  guint64 total = 0;
  for (guint i = 0; i <= set->groups->len; i++)
    {
      const LgConstraintGroup *cg =
          i < set->groups->len ? set->groups->pdata[i] : set->unbound;
      if (!lg_constraint_group_has_couples (cg))
        continue;
      double leaves = 1;
      for (guint k = 0; k < cg->vars->len; k++)
        leaves *= n;
      guint masks = MIN (cg->couple->len, n_pairs);
      double node = (double) node_bytes (n) + label_bytes (cg->vars->len);
      double bytes = leaves * ((double) node_bytes (masks) +
                               (double) label_bytes (cg->vars->len) +
                               masks * (double) mask_leaf_bytes (n_words)) +
                     leaves * node / (n > 1 ? n - 1 : 1);
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
  lg_budget_set_error (&b->error, "the AND/OR tree needs", b->budget,
                       estimate (b->set, b->n, b->tree->n_pairs, b->n_words),
                       b->group, b->n);
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

/* Labels node (LgNodeLabel): the current group, its first n_values
 * variables with their current values. */
static LgNode *
label_node (Builder *b, LgNode *node, guint n_values)
{
  /* from a slab: one allocation for many labels (the tree counts each
   * label's bytes, as label_bytes says) */
  size_t size = label_bytes (n_values);
  if (b->slab_left < size)
    {
      b->slab_left = MAX (LABEL_SLAB, size);
      b->slab = g_malloc (b->slab_left);
      g_ptr_array_add (b->tree->blocks, b->slab);
    }
  LgNodeLabel *label = (LgNodeLabel *) (void *) b->slab;
  b->slab += size;
  b->slab_left -= size;
  b->tree->bytes += size;
  label->group = b->group;
  label->number = b->group_number;
  label->n_values = n_values;
  for (guint k = 0; k < n_values; k++)
    label->values[k] =
        (guint8)
            b->assignment[((const LgItem *) b->group->vars->pdata[k])->var_id];
  node->data = label;
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
  guint i1 = lg_item_current_index (rule->x, b->assignment),
        i2 = lg_item_current_index (rule->y, b->assignment);
  lg_pair_order (&g1, &i1, &g2, &i2);
  guint pair = lg_pair_index (g1, g2);
  uint64_t *mask = b->scratch + pair * b->n_words;
  if (!b->touched[pair])
    {
      lg_bitset_set_all (mask, b->permut->count);
      b->touched[pair] = TRUE;
      b->touched_list[b->n_touched++] = pair;
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

/* The value of logical rule i, which is decided (its variables have
 * values): kept from its last evaluation while its last variable has not
 * changed (rules are mostly decided by their first variables, and the
 * deepest variable changes at every leaf). */
static LgEval
rule_value (Builder *b, guint i)
{
  guint need = b->need[i];
  if (need && b->cached_stamp[i] == b->level_stamp[need - 1])
    return b->cached[i];
  LgEval v = lg_rule_program_eval (b->programs[i]);
  if (need)
    {
      b->cached[i] = v;
      b->cached_stamp[i] = b->level_stamp[need - 1];
    }
  return v;
}

/* The first d variables have (new) values: carries on the evaluation of the
 * rules in order, as the original does at each complete assignment, as far
 * as these variables decide it.  The rules before first_open[d - 1] are
 * decided by fewer variables and TRUE, so the walk starts there.
 *
 * SCAN_FAILS and SCAN_OVERFLOW are final: every complete assignment below
 * evaluates the same rules, in the same order, with the same values, and
 * stops at the same rule.  That is why an assignment whose first failing
 * rule is decided can stand for all the assignments below it (var_node
 * counts them without enumerating them), and why no overflow of a later
 * rule can hide there: the original never evaluates it either. */
static Scan
scan_rules (Builder *b, guint d)
{
  guint i = d ? b->first_open[d - 1] : 0;
  LgEval v = LG_EVAL_TRUE;
  while (i < b->n_rules && b->need[i] <= d &&
         (v = rule_value (b, i)) == LG_EVAL_TRUE)
    i++;
  b->first_open[d] = i;
  if (i == b->n_rules)
    return SCAN_HOLDS;
  if (b->need[i] > d)
    return SCAN_OPEN;
  return v == LG_EVAL_FALSE ? SCAN_FAILS : SCAN_OVERFLOW;
}

/* The complete assignment fails at rule first_open[all variables], which
 * overflows: the error the original reports there. */
static void
report_overflow (Builder *b, const LgConstraintGroup *cg)
{
  if (b->error)
    return;
  guint i = b->first_open[cg->vars->len];
  lg_rule_set_overflow_error (&b->error, lg_rule_program_rule (b->programs[i]));
}

/* `count` more complete assignments were tried: the progress line, as if
 * lg_progress_tick had been called once for each (lg_progress_tick_by: it
 * redraws at most once here, with the total so far). */
static void
tried (Builder *b, guint64 count)
{
  LgAndOrTree *tree = b->tree;
  tree->leaves_tried = count > G_MAXUINT64 - tree->leaves_tried
                           ? G_MAXUINT64
                           : tree->leaves_tried + count;
  lg_progress_tick_by (b->progress, count, tree->leaves_tried);
}

/* Sorts the touched pairs in descending order (there are few: at most one
 * per couple). */
static void
sort_touched (Builder *b)
{
  guint *list = b->touched_list;
  for (guint i = 1; i < b->n_touched; i++)
    {
      guint pair = list[i], j = i;
      for (; j > 0 && list[j - 1] < pair; j--)
        list[j] = list[j - 1];
      list[j] = pair;
    }
}

/* The AND node of the masks of the touched pairs, read from masks (the
 * scratch or an alternative's copy of it). */
static LgNode *
masks_node (Builder *b, const uint64_t *masks)
{
  LgAndOrTree *tree = b->tree;
  guint n_masks = b->n_touched;
  if (!can_grow (b,
                 node_bytes (n_masks) + n_masks * mask_leaf_bytes (b->n_words)))
    return NULL;
  sort_touched (b); /* the original prepends: descending pair index */
  LgNode **leaves = b->leaf_children;
  for (guint i = 0; i < n_masks; i++)
    {
      guint pair = b->touched_list[i];
      LgMaskNode *m =
          tree_block (tree, sizeof *m + b->n_words * sizeof (uint64_t));
      m->pair = pair;
      memcpy (m->words, masks + pair * b->n_words,
              b->n_words * sizeof (uint64_t));
      LgNode *leaf = new_node (tree, LG_NODE_LEAF, NULL, 0);
      leaf->data = m;
      tree->mask_nodes++;
      leaves[i] = leaf;
    }
  return new_node (tree, LG_NODE_AND, leaves, n_masks);
}

/* One alternative of the couple logic (LgExpansionFunc): the couples'
 * masks narrowed by its literals, kept when none becomes empty. */
static gboolean
alternative_node (const LgCellLiteral *lits, guint n_lits, gpointer data)
{
  Builder *b = data;
  guint n_base = b->n_touched;
  uint64_t *alt = b->alt_scratch;
  for (guint i = 0; i < n_base; i++)
    {
      guint pair = b->touched_list[i];
      memcpy (alt + pair * b->n_words, b->scratch + pair * b->n_words,
              b->n_words * sizeof (uint64_t));
    }
  gboolean ok = TRUE;
  for (guint l = 0; l < n_lits && ok; l++)
    {
      guint pair = lg_pair_index (lits[l].g1, lits[l].g2);
      uint64_t *mask = alt + pair * b->n_words;
      if (!b->touched[pair])
        {
          lg_bitset_set_all (mask, b->permut->count);
          b->touched[pair] = TRUE;
          b->touched_list[b->n_touched++] = pair;
        }
      const uint64_t *yes = yes_mask (b, lits[l].i1, lits[l].i2);
      uint64_t any = 0;
      for (size_t w = 0; w < b->n_words; w++)
        any |= mask[w] &= lits[l].yes ? yes[w] : ~yes[w];
      ok = any != 0;
    }
  LgNode *node = ok ? masks_node (b, alt) : NULL;
  if (node)
    g_ptr_array_add (b->alternatives, node);
  /* back to the couples' pairs (masks_node sorted them: keep the base ones,
   * which are not in alt's own pairs) */
  guint kept = 0;
  for (guint i = 0; i < b->n_touched; i++)
    {
      guint pair = b->touched_list[i];
      if (b->touched_is_base[pair])
        b->touched_list[kept++] = pair;
      else
        b->touched[pair] = FALSE;
    }
  b->n_touched = kept;
  return !b->error;
}

/* The node of the couple logic at a complete assignment whose couples left
 * their masks in the scratch: one alternative, or an OR node of them. */
static LgNode *
couple_logic_node (Builder *b)
{
  const LgRule *overflow = NULL;
  for (guint i = 0; i < b->n_touched; i++)
    b->touched_is_base[b->touched_list[i]] = TRUE;
  g_ptr_array_set_size (b->alternatives, 0);
  if (!lg_expansion_run (b->expansion, alternative_node, b, &overflow) &&
      !b->error)
    lg_rule_set_overflow_error (&b->error, overflow);
  for (guint i = 0; i < b->n_touched; i++)
    b->touched_is_base[b->touched_list[i]] = FALSE;
  guint n = b->alternatives->len;
  if (n == 0 || b->error)
    return NULL;
  if (n == 1)
    return b->alternatives->pdata[0];
  if (!can_grow (b, node_bytes (n)))
    return NULL;
  return new_node (b->tree, LG_NODE_OR, (LgNode **) b->alternatives->pdata, n);
}

/* The leaf of a complete assignment (get_node_if_true): an AND node of mask
 * leaves, or NULL when a logical rule fails or a mask becomes empty.  The
 * rules were scanned when the last variable got its value (var_node counts
 * the leaves that fail there without calling this), or at the start of a
 * group without variables.  With couple logic, its alternatives. */
static LgNode *
leaf_node (Builder *b, const LgConstraintGroup *cg, Scan scan)
{
  tried (b, 1);
  if (scan != SCAN_HOLDS)
    {
      if (scan == SCAN_OVERFLOW)
        report_overflow (b, cg);
      return NULL;
    }
  b->n_touched = 0;
  b->is_ok = TRUE;
  for (guint i = 0; i < cg->couple->len && b->is_ok; i++)
    build_couple (b, cg->couple->pdata[i]);
  LgNode *node = NULL;
  if (b->is_ok)
    node = b->expansion ? couple_logic_node (b) : masks_node (b, b->scratch);
  for (guint i = 0; i < b->n_touched; i++)
    b->touched[b->touched_list[i]] = FALSE;
  guint n_vars = cg->vars->len;
  if (!node || !can_grow (b, label_bytes (n_vars)))
    return NULL;
  b->tree->leaves_kept++;
  return label_node (b, node, n_vars);
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
  for (guint r = b->ready_start[ivar]; r < b->ready_start[ivar + 1]; r++)
    if (rule_value (b, b->ready[r]) == LG_EVAL_FALSE)
      return FALSE;
  return TRUE;
}

/* Has the deadline passed?  From 8 items a value can cost milliseconds
 * (masks of n! bits, yes masks built over the whole table), so the clock
 * is read at each one; below, every LG_DEADLINE_TICKS asks. */
static gboolean
deadline_passed (Builder *b)
{
  if (!b->deadline)
    return FALSE;
  return b->n_words >= SLOW_VALUE_WORDS ? lg_deadline_check (b->deadline)
                                        : lg_deadline_passed (b->deadline);
}

/* Variable ivar has value k: FALSE when the assignments below need not be
 * enumerated, after counting them: --challenge prunes them (leaves saved),
 * or the rules already fail there (leaves tried, each of them would fail at
 * the same rule; see scan_rules).  Otherwise *scan is the scan of the first
 * ivar + 1 variables.  FALSE too, with the error set, once the deadline
 * has passed: the loops over the values stop at an error. */
static gboolean
enter_value (Builder *b, const LgConstraintGroup *cg, guint ivar, Scan *scan)
{
  if (deadline_passed (b))
    {
      if (!b->error)
        g_set_error (&b->error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_TIME_LIMIT,
                     "the time limit passed while the AND/OR tree was "
                     "built");
      return FALSE;
    }
  if (!assign_var (b, ivar))
    {
      b->tree->leaves_saved += b->below[ivar];
      return FALSE;
    }
  *scan = scan_rules (b, ivar + 1);
  if (*scan != SCAN_FAILS)
    return TRUE;
  /* Under --challenge this does not happen: the failing rule's own level
   * pruned already. */
  tried (b, b->below[ivar]);
  return FALSE;
}

/* get_node / get_node_of_var: the OR node of variable ivar's items, last
 * item first, leaving out those that lead to nothing.  `scan` is the scan
 * of the first ivar variables. */
static LgNode *
var_node (Builder *b, const LgConstraintGroup *cg, guint ivar, Scan scan)
{
  if (ivar == cg->vars->len)
    return leaf_node (b, cg, scan);
  LgItem *var = cg->vars->pdata[ivar];
  /* the original prepends: the last item comes first */
  LgNode **alternatives = b->level_children + (size_t) ivar * b->n;
  guint n_alternatives = 0;
  for (guint k = 0; k < b->n && !b->error; k++)
    {
      b->assignment[var->var_id] = k;
      if (!enter_value (b, cg, ivar, &scan))
        continue;
      LgNode *child = var_node (b, cg, ivar + 1, scan);
      if (child)
        alternatives[b->n - 1 - n_alternatives++] = child;
    }
  if (n_alternatives == 0 ||
      !can_grow (b, node_bytes (n_alternatives) + label_bytes (ivar)))
    return NULL;
  return label_node (b,
                     new_node (b->tree, LG_NODE_OR,
                               alternatives + b->n - n_alternatives,
                               n_alternatives),
                     ivar);
}

/* A group with logical rules only: does some assignment satisfy them? */
static gboolean
some_assignment_holds (Builder *b, const LgConstraintGroup *cg, guint ivar,
                       Scan scan)
{
  if (ivar == cg->vars->len)
    {
      tried (b, 1);
      if (scan == SCAN_OVERFLOW)
        report_overflow (b, cg);
      gboolean ok = scan == SCAN_HOLDS;
      b->tree->leaves_kept += ok;
      return ok;
    }
  LgItem *var = cg->vars->pdata[ivar];
  for (guint k = 0; k < b->n && !b->error; k++)
    {
      b->assignment[var->var_id] = k;
      if (!enter_value (b, cg, ivar, &scan))
        continue;
      if (some_assignment_holds (b, cg, ivar + 1, scan))
        return TRUE;
    }
  return FALSE;
}

/* Compiles the group's logical rules and sorts them (their indices) by the
 * position of their last variable, for --challenge. */
static void
rules_begin (Builder *b, const LgConstraintGroup *cg)
{
  /* the logic over couples apart, for the leaves; the rest compiled */
  g_autoptr (GPtrArray) plain = g_ptr_array_new ();
  g_ptr_array_set_size (b->couple_logic, 0);
  lg_rules_split_couple_logic (cg->logic, b->couple_logic, plain);
  b->expansion =
      b->couple_logic->len
          ? lg_expansion_new ((const LgRule *const *) b->couple_logic->pdata,
                              b->couple_logic->len, b->assignment)
          : NULL;
  guint n_vars = cg->vars->len, n_rules = plain->len;
  b->n_rules = n_rules;
  b->programs = g_new (LgRuleProgram *, MAX (n_rules, 1));
  b->need = g_new (guint, MAX (n_rules, 1));
  b->cached = g_new (LgEval, MAX (n_rules, 1));
  b->cached_stamp = g_new0 (guint64, MAX (n_rules, 1));
  b->level_stamp = g_new (guint64, MAX (n_vars, 1));
  for (guint k = 0; k < n_vars; k++)
    b->level_stamp[k] = 1; /* cached_stamp 0: nothing cached yet */
  b->first_open = g_new (guint, n_vars + 1);
  b->below = g_new (guint64, MAX (n_vars, 1));
  for (guint k = n_vars; k-- > 0;)
    b->below[k] = k + 1 == n_vars                      ? 1
                  : b->below[k + 1] < G_MAXUINT64 / 16 ? b->below[k + 1] * b->n
                                                       : b->below[k + 1];
  b->ready = g_new (guint, MAX (n_rules, 1));
  b->ready_start = g_new0 (guint, n_vars + 1);
  for (guint i = 0; i < n_rules; i++)
    {
      const LgRule *rule = plain->pdata[i];
      b->programs[i] = lg_rule_program_new (rule, b->assignment);
      b->need[i] = n_vars ? lg_constraint_group_last_var (cg, rule) + 1 : 0;
      if (n_vars)
        b->ready_start[b->need[i]]++; /* counts, shifted by one */
    }
  /* counts to starts, then a stable placement */
  for (guint k = 1; k <= n_vars; k++)
    b->ready_start[k] += b->ready_start[k - 1];
  g_autofree guint *fill =
      g_memdup2 (b->ready_start, (n_vars + 1) * sizeof (guint));
  for (guint i = 0; i < n_rules && n_vars; i++)
    b->ready[fill[b->need[i] - 1]++] = i;
}

static void
rules_end (Builder *b)
{
  for (guint i = 0; i < b->n_rules; i++)
    lg_rule_program_free (b->programs[i]);
  g_clear_pointer (&b->programs, g_free);
  g_clear_pointer (&b->need, g_free);
  g_clear_pointer (&b->cached, g_free);
  g_clear_pointer (&b->cached_stamp, g_free);
  g_clear_pointer (&b->level_stamp, g_free);
  g_clear_pointer (&b->first_open, g_free);
  g_clear_pointer (&b->below, g_free);
  g_clear_pointer (&b->ready, g_free);
  g_clear_pointer (&b->ready_start, g_free);
  g_clear_pointer (&b->expansion, lg_expansion_free);
  b->n_rules = 0;
}

/* The node of one constraint group, number `number` in --show groups;
 * NULL when it constrains nothing. */
static LgNode *
group_node (Builder *b, const LgConstraintGroup *cg, guint number)
{
  b->group = cg;
  b->group_number = number;
  if (cg->logic->len == 0 && cg->couple->len == 0)
    return NULL;
  rules_begin (b, cg);
  /* no variable yet: only the unbound group's rules are decided */
  Scan scan = scan_rules (b, 0);
  LgNode *node;
  if (!lg_constraint_group_has_couples (cg))
    node = some_assignment_holds (b, cg, 0, scan)
               ? NULL
               : new_node (b->tree, LG_NODE_FALSE, NULL, 0);
  else
    {
      node = var_node (b, cg, 0, scan);
      if (!node)
        node = new_node (b->tree, LG_NODE_FALSE, NULL, 0);
    }
  if (node && node->kind == LG_NODE_FALSE)
    label_node (b, node, 0);
  rules_end (b);
  return node;
}

/* The largest number of variables of a group of set. */
static guint
max_vars (const LgConstraintSet *set)
{
  guint max = 0;
  for (guint i = 0; i < set->groups->len; i++)
    max = MAX (max, ((LgConstraintGroup *) set->groups->pdata[i])->vars->len);
  return max;
}

guint64
lg_mask_builder_scratch_bytes (const LgProblem *problem,
                               const LgConstraintSet *set)
{
  guint n = lg_problem_dimension (problem);
  guint64 pairs = MAX (lg_pair_count (lg_problem_n_groups (problem)), 1);
  guint64 words = lg_bitset_n_words ((size_t) lg_permut_factorial ((int) n)) *
                  sizeof (uint64_t);
  /* scratch, alt_scratch, touched, touched_is_base, touched_list,
   * leaf_children; the yes masks; the assignment and level_children */
  return pairs * (2 * words + 2 * sizeof (gboolean) + sizeof (guint) +
                  sizeof (LgNode *)) +
         (guint64) n * n * (sizeof (uint64_t *) + words) +
         MAX (lg_problem_n_vars (problem), 1) * sizeof (guint) +
         (guint64) (max_vars (set) + 1) * n * sizeof (LgNode *);
}

LgAndOrTree *
lg_mask_builder_build (const LgProblem *problem, const LgConstraintSet *set,
                       const LgPermut *permut, gboolean challenge,
                       LgProgress *progress, LgDeadline *deadline,
                       guint64 budget, GError **error)
{
  LgAndOrTree *tree = g_new0 (LgAndOrTree, 1);
  guint G = lg_problem_n_groups (problem);
  tree->n_pairs = lg_pair_count (G);
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
  b.challenge = challenge;
  b.progress = progress;
  b.deadline = deadline;
  b.scratch = g_new0 (uint64_t, MAX (tree->n_pairs, 1) * b.n_words);
  b.touched = g_new0 (gboolean, MAX (tree->n_pairs, 1));
  b.assignment = g_new0 (guint, MAX (lg_problem_n_vars (problem), 1));
  b.touched_list = g_new (guint, MAX (tree->n_pairs, 1));
  b.level_children = g_new (LgNode *, (size_t) (max_vars (set) + 1) * b.n);
  b.leaf_children = g_new (LgNode *, MAX (tree->n_pairs, 1));
  b.yes_masks = g_new0 (uint64_t *, b.n * b.n);
  b.couple_logic = g_ptr_array_new ();
  b.alternatives = g_ptr_array_new ();
  b.alt_scratch = g_new0 (uint64_t, MAX (tree->n_pairs, 1) * b.n_words);
  b.touched_is_base = g_new0 (gboolean, MAX (tree->n_pairs, 1));

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
  lg_progress_begin (progress, "transform", "assignments",
                     assignments < 1e18 ? (guint64) assignments : 0);
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  LgNode *unbound = group_node (&b, set->unbound, 0);
  if (unbound)
    g_ptr_array_add (parts, unbound);
  for (guint i = set->groups->len; i-- > 0 && !b.error;)
    {
      LgNode *node = group_node (&b, set->groups->pdata[i], i + 1);
      if (node)
        g_ptr_array_add (parts, node);
    }
  tree->root =
      new_node (tree, LG_NODE_AND, (LgNode **) parts->pdata, parts->len);
  b.group = NULL;
  b.group_number = 0;
  label_node (&b, tree->root, 0);
  lg_progress_end (progress);

  for (guint i = 0; i < b.n * b.n; i++)
    g_free (b.yes_masks[i]);
  g_free (b.yes_masks);
  g_ptr_array_unref (b.couple_logic);
  g_ptr_array_unref (b.alternatives);
  g_free (b.alt_scratch);
  g_free (b.touched_is_base);
  g_free (b.scratch);
  g_free (b.level_children);
  g_free (b.leaf_children);
  g_free (b.touched);
  g_free (b.assignment);
  g_free (b.touched_list);
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

const LgNodeLabel *
lg_node_label (const LgNode *node)
{
  return node->kind == LG_NODE_AND || node->kind == LG_NODE_OR ||
                 node->kind == LG_NODE_FALSE
             ? node->data
             : NULL;
}

const LgItem *
lg_node_label_choice (const LgNode *node)
{
  const LgNodeLabel *label = lg_node_label (node);
  if (node->kind != LG_NODE_OR || !label || !label->group ||
      label->n_values >= label->group->vars->len)
    return NULL;
  return label->group->vars->pdata[label->n_values];
}

char *
lg_node_label_group_to_string (const LgNodeLabel *label)
{
  return label->number ? g_strdup_printf ("group %u", label->number)
                       : g_strdup ("unbound group");
}

char *
lg_node_label_to_string (const LgNode *node)
{
  const LgNodeLabel *label = lg_node_label (node);
  if (!label)
    return NULL;
  if (!label->group)
    return g_strdup ("the whole problem");
  GString *s = g_string_new (NULL);
  if (label->n_values == 0)
    {
      g_autofree char *group = lg_node_label_group_to_string (label);
      g_autofree char *rules =
          lg_constraint_group_rules_to_string (label->group);
      g_string_printf (s, "%s, %s", group, rules);
    }
  for (guint k = 0; k < label->n_values; k++)
    {
      const LgItem *var = label->group->vars->pdata[k];
      const LgItem *item =
          lg_group_get_item (lg_item_get_group (var), label->values[k]);
      g_string_append_printf (s, "%s%s = %s", k ? ", " : "",
                              lg_item_get_name (var), lg_item_get_name (item));
    }
  return g_string_free (s, FALSE);
}

void
lg_node_label_print (FILE *out, const LgNode *node)
{
  const LgItem *choice = lg_node_label_choice (node);
  if (choice)
    fprintf (out, " on %s", lg_item_get_name (choice));
  g_autofree char *label = lg_node_label_to_string (node);
  if (label)
    fprintf (out, ": %s", label);
}
