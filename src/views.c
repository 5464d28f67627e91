/* views — see views.h.
 *
 * The tree views walk the tree in preorder (the exploration order) and
 * count every node, printed or not, so that the caps and the per-level
 * summary describe the whole tree.  The pair masks are computed one pair at
 * a time, with one scratch mask per tree level.  The capped trace is a
 * stdio stream of its own (fopencookie) that counts lines, so that every
 * writer of the trace (the situation, try_solution, the fast engine) is
 * capped without knowing it. */
#include "views.h"

#include <string.h>

#include "bitset.h"
#include "pair.h"

static const char *const view_names[] = {
  [LG_VIEW_PERMUTATIONS] = "permutations",
  [LG_VIEW_GROUPS] = "groups",
  [LG_VIEW_MASKS] = "masks",
  [LG_VIEW_TREE] = "tree",
  [LG_VIEW_BITS] = "bits",
};

gboolean
lg_view_from_name (const char *name, LgView *view)
{
  for (guint i = 0; i < G_N_ELEMENTS (view_names); i++)
    if (g_str_equal (name, view_names[i]))
      {
        *view = (LgView) i;
        return TRUE;
      }
  return FALSE;
}

/* ---- Helpers ------------------------------------------------------------ */

static const char *
group_name (const LgProblem *problem, guint g)
{
  return lg_group_get_name (lg_problem_get_group (problem, g));
}

static void
put_repeated (FILE *out, int c, guint count)
{
  for (guint i = 0; i < count; i++)
    fputc (c, out);
}

static const char *
plural (guint64 count, const char *one, const char *many)
{
  return count == 1 ? one : many;
}

/* ---- permutations ------------------------------------------------------- */

typedef struct
{
  FILE *out;
  const LgGroup *g0, *g1;
  guint n, first_width, *widths, number_width, lehmer_width;
  gboolean index; /* the last column: the mask bit, not the Lehmer code */
  uint8_t *digits;
  char *lehmer;
} PermTable;

static void
perm_dash_line (const PermTable *t)
{
  fputc ('+', t->out);
  put_repeated (t->out, '-', t->first_width + 2);
  fputc ('+', t->out);
  for (guint i = 0; i < t->n; i++)
    {
      put_repeated (t->out, '-', t->widths[i] + 2);
      fputc ('+', t->out);
    }
  put_repeated (t->out, '-', t->number_width + 2);
  fputc ('+', t->out);
  put_repeated (t->out, '-', t->lehmer_width + 2);
  fputs ("+\n", t->out);
}

static void
perm_row (PermTable *t, const LgPermut *permut, size_t rank)
{
  const uint8_t *p = lg_permut_get (permut, rank);
  fputc ('|', t->out);
  lg_put_cell (t->out, rank == 0 ? lg_group_get_name (t->g1) : "",
               t->first_width, FALSE);
  for (guint i = 0; i < t->n; i++)
    lg_put_cell (t->out, lg_item_get_name (lg_group_get_item (t->g1, p[i])),
                 t->widths[i], FALSE);
  char number[24];
  g_snprintf (number, sizeof number, "%zu", rank + 1);
  lg_put_cell (t->out, number, t->number_width, TRUE);
  if (t->index)
    {
      g_snprintf (number, sizeof number, "%zu", rank);
      lg_put_cell (t->out, number, t->lehmer_width, TRUE);
    }
  else
    {
      lg_permut_lehmer (p, (int) t->n, t->digits);
      for (guint i = 0; i < t->n; i++)
        t->lehmer[i] = (char) ('0' + t->digits[i]);
      t->lehmer[t->n] = '\0';
      lg_put_cell (t->out, t->lehmer, t->lehmer_width, FALSE);
    }
  fputc ('\n', t->out);
}

/* The permutation table: one row per permutation (lexicographic order,
 * numbered from 1), the items of g1 under the items of g0 they are
 * associated with, the number, and the Lehmer digits or (index) the mask
 * bit, number - 1. */
static void
print_permutations (FILE *out, const LgGroup *g0, const LgGroup *g1,
                    const LgPermut *permut, gboolean index)
{
  PermTable t = { 0 };
  t.out = out;
  t.n = (guint) permut->n;
  t.g0 = g0;
  t.g1 = g1;
  t.index = index;
  t.first_width = MAX (lg_utf8_width (lg_group_get_name (t.g0)),
                       lg_utf8_width (lg_group_get_name (t.g1)));
  guint image_width = 0;
  for (guint i = 0; i < t.n; i++)
    image_width =
        MAX (image_width,
             lg_utf8_width (lg_item_get_name (lg_group_get_item (t.g1, i))));
  t.widths = g_new (guint, t.n);
  for (guint i = 0; i < t.n; i++)
    t.widths[i] =
        MAX (image_width,
             lg_utf8_width (lg_item_get_name (lg_group_get_item (t.g0, i))));
  char count[24];
  g_snprintf (count, sizeof count, "%zu", permut->count);
  t.number_width = MAX ((guint) strlen ("number"), (guint) strlen (count));
  t.lehmer_width = index
                       ? MAX ((guint) strlen ("index"), (guint) strlen (count))
                       : MAX ((guint) strlen ("lehmer"), t.n);
  t.digits = g_new (uint8_t, t.n);
  t.lehmer = g_new (char, t.n + 1);

  perm_dash_line (&t);
  fputc ('|', out);
  lg_put_cell (out, lg_group_get_name (t.g0), t.first_width, FALSE);
  for (guint i = 0; i < t.n; i++)
    lg_put_cell (out, lg_item_get_name (lg_group_get_item (t.g0, i)),
                 t.widths[i], FALSE);
  lg_put_cell (out, "number", t.number_width, FALSE);
  lg_put_cell (out, index ? "index" : "lehmer", t.lehmer_width, FALSE);
  fputc ('\n', out);
  perm_dash_line (&t);
  size_t shown = LG_VIEWS_PERMUTATION_ROWS;
  if (t.n <= 6 || permut->count <= 2 * shown)
    for (size_t r = 0; r < permut->count; r++)
      perm_row (&t, permut, r);
  else
    {
      for (size_t r = 0; r < shown; r++)
        perm_row (&t, permut, r);
      fprintf (out, "... (%zu rows)\n", permut->count);
      for (size_t r = permut->count - shown; r < permut->count; r++)
        perm_row (&t, permut, r);
    }
  perm_dash_line (&t);
  g_free (t.widths);
  g_free (t.digits);
  g_free (t.lehmer);
}

/* ---- groups ------------------------------------------------------------- */

static void
print_rules (FILE *out, const GPtrArray *rules)
{
  for (guint i = 0; i < rules->len; i++)
    {
      const LgRule *rule = rules->pdata[i];
      g_autofree char *text = lg_rule_to_string (rule);
      if (rule->line)
        fprintf (out, "  rule %u (line %u): %s\n", rule->number, rule->line,
                 text);
      else
        fprintf (out, "  rule %u: %s\n", rule->number, text);
    }
}

static void
print_group (FILE *out, const LgConstraintGroup *cg, const char *name)
{
  fprintf (out, "%s: %u %s, %u logical %s, %u couple %s\n", name, cg->vars->len,
           plural (cg->vars->len, "variable", "variables"), cg->logic->len,
           plural (cg->logic->len, "rule", "rules"), cg->couple->len,
           plural (cg->couple->len, "rule", "rules"));
  for (guint i = 0; i < cg->vars->len; i++)
    {
      const LgItem *var = cg->vars->pdata[i];
      fprintf (out, "  variable %s: %s\n", lg_item_get_name (var),
               lg_group_get_name (lg_item_get_group (var)));
    }
  print_rules (out, cg->logic);
  print_rules (out, cg->couple);
}

/* The constraint groups: the unbound group, then groups 1..k, each with its
 * variables (creation order) and its logical rules then its couple rules. */
static void
print_groups (FILE *out, const LgConstraintSet *set)
{
  print_group (out, set->unbound, "unbound group");
  for (guint i = 0; i < set->groups->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("group %u", i + 1);
      print_group (out, set->groups->pdata[i], name);
    }
}

/* ---- masks -------------------------------------------------------------- */

typedef struct
{
  guint pair;
  size_t n_words;
  GPtrArray *scratch; /* one mask per level, made on first use */
} MaskEval;

static uint64_t *
scratch_mask (MaskEval *e, guint depth)
{
  while (e->scratch->len <= depth)
    g_ptr_array_add (e->scratch, NULL);
  if (!e->scratch->pdata[depth])
    e->scratch->pdata[depth] = g_new (uint64_t, e->n_words);
  return e->scratch->pdata[depth];
}

/* What node allows on e->pair: TRUE for everything (out is then left as it
 * was), else FALSE with the mask written to out.  A node on level d uses
 * the scratch mask of level d + 1. */
static gboolean
allows_all (MaskEval *e, const LgNode *node, guint depth, uint64_t *out)
{
  size_t n_words = e->n_words;
  switch (node->kind)
    {
    case LG_NODE_TRUE:
    case LG_NODE_CUT:
      return TRUE;
    case LG_NODE_FALSE:
      memset (out, 0, n_words * sizeof *out);
      return FALSE;
    case LG_NODE_LEAF:
      {
        const LgMaskNode *m = node->data;
        if (m->pair != e->pair)
          return TRUE;
        memcpy (out, m->words, n_words * sizeof *out);
        return FALSE;
      }
    case LG_NODE_CUT_POINT:
      return node->n_children == 0 ||
             allows_all (e, node->children[0], depth, out);
    case LG_NODE_AND:
      {
        gboolean all = TRUE;
        for (uint32_t i = 0; i < node->n_children; i++)
          if (all)
            all = allows_all (e, node->children[i], depth + 1, out);
          else
            {
              uint64_t *child = scratch_mask (e, depth + 1);
              if (!allows_all (e, node->children[i], depth + 1, child) &&
                  !lg_bitset_and (out, child, n_words))
                break; /* nothing left: the other children cannot add */
            }
        return all;
      }
    case LG_NODE_OR:
      {
        memset (out, 0, n_words * sizeof *out);
        for (uint32_t i = 0; i < node->n_children; i++)
          {
            uint64_t *child = scratch_mask (e, depth + 1);
            if (allows_all (e, node->children[i], depth + 1, child))
              return TRUE;
            for (size_t w = 0; w < n_words; w++)
              out[w] |= child[w];
          }
        return FALSE;
      }
    }
  g_return_val_if_reached (TRUE);
}

void
lg_views_tree_masks (const LgNode *root, guint n_pairs, size_t n_bits,
                     uint64_t *masks)
{
  MaskEval e = { 0 };
  e.n_words = lg_bitset_n_words (n_bits);
  e.scratch = g_ptr_array_new_with_free_func (g_free);
  for (guint pair = 0; pair < n_pairs; pair++)
    {
      uint64_t *out = masks + pair * e.n_words;
      e.pair = pair;
      if (!root || allows_all (&e, root, 0, out))
        lg_bitset_set_all (out, n_bits);
    }
  g_ptr_array_unref (e.scratch);
}

void
lg_views_print_pair_masks (FILE *out, const LgProblem *problem,
                           const LgPermut *permut, const uint64_t *masks)
{
  guint n_groups = lg_problem_n_groups (problem);
  guint n_pairs = lg_pair_count (n_groups);
  size_t n_words = lg_bitset_n_words (permut->count);
  for (guint pair = 0; pair < n_pairs; pair++)
    {
      guint g1, g2;
      lg_pair_groups (pair, &g1, &g2);
      const LgGroup *group1 = lg_problem_get_group (problem, g1);
      const LgGroup *group2 = lg_problem_get_group (problem, g2);
      const uint64_t *mask = masks + pair * n_words;
      fprintf (out, "\nGROUP\t%s\t%s\n\n", lg_group_get_name (group1),
               lg_group_get_name (group2));
      for (size_t r = lg_bitset_next (mask, permut->count, 0);
           r < permut->count; r = lg_bitset_next (mask, permut->count, r + 1))
        {
          const uint8_t *p = lg_permut_get (permut, r);
          fprintf (out, "\tpermutation %zu (index %zu)\n", r + 1, r);
          for (int k = 0; k < permut->n; k++)
            fprintf (out, "\t%s\t%s\n",
                     lg_item_get_name (lg_group_get_item (group1, (guint) k)),
                     lg_item_get_name (lg_group_get_item (group2, p[k])));
          fputc ('\n', out);
        }
      fprintf (out, "%zu of %zu permutations possible\n",
               lg_bitset_count (mask, n_words), permut->count);
    }
}

/* ---- tree and dot ------------------------------------------------------- */

typedef struct
{
  FILE *out;
  const LgProblem *problem;
  size_t n_perms, n_words;
  guint64 max_nodes;
  guint64 next;    /* preorder number of the next node */
  GArray *levels;  /* guint64 nodes per level */
  GArray *to_more; /* dot: the guint64 nodes with an edge to "more" */
} TreeWalk;

static void
tree_walk_init (TreeWalk *w, FILE *out, const LgProblem *problem,
                const LgAndOrTree *tree, guint64 max_nodes)
{
  *w = (TreeWalk) { 0 };
  w->out = out;
  w->problem = problem;
  w->n_perms =
      (size_t) lg_permut_factorial ((int) lg_problem_dimension (problem));
  w->n_words = tree->n_words;
  w->max_nodes = max_nodes;
  w->levels = g_array_new (FALSE, TRUE, sizeof (guint64));
  w->to_more = g_array_new (FALSE, TRUE, sizeof (guint64));
}

static void
count_level (TreeWalk *w, guint depth)
{
  if (w->levels->len <= depth)
    g_array_set_size (w->levels, depth + 1);
  g_array_index (w->levels, guint64, depth)++;
}

/* The permutations a mask leaf leaves possible. */
static size_t
mask_remaining (const TreeWalk *w, const LgMaskNode *m)
{
  return lg_bitset_count (m->words, w->n_words);
}

static void
print_tree_node (TreeWalk *w, const LgNode *node, guint depth)
{
  guint64 id = w->next++;
  count_level (w, depth);
  if (id < w->max_nodes)
    {
      put_repeated (w->out, ' ', 2 * depth);
      switch (node->kind)
        {
        case LG_NODE_AND:
          fprintf (w->out, "AND (%u %s)", node->n_children,
                   plural (node->n_children, "child", "children"));
          lg_node_label_print (w->out, node);
          fputc ('\n', w->out);
          break;
        case LG_NODE_OR:
          fprintf (w->out, "OR (%u %s)", node->n_children,
                   plural (node->n_children, "alternative", "alternatives"));
          lg_node_label_print (w->out, node);
          fputc ('\n', w->out);
          break;
        case LG_NODE_TRUE:
          fputs ("TRUE\n", w->out);
          break;
        case LG_NODE_FALSE:
          fputs ("FALSE", w->out);
          lg_node_label_print (w->out, node);
          fputc ('\n', w->out);
          break;
        case LG_NODE_CUT:
          fputs ("CUT\n", w->out);
          break;
        case LG_NODE_CUT_POINT:
          fputs ("CUT POINT\n", w->out);
          break;
        case LG_NODE_LEAF:
          {
            const LgMaskNode *m = node->data;
            guint g1, g2;
            lg_pair_groups (m->pair, &g1, &g2);
            fprintf (w->out,
                     "mask %s-%s %u-%u: allows %zu of %zu permutations\n",
                     group_name (w->problem, g1), group_name (w->problem, g2),
                     g1, g2, mask_remaining (w, m), w->n_perms);
            break;
          }
        }
    }
  for (uint32_t i = 0; i < node->n_children; i++)
    print_tree_node (w, node->children[i], depth + 1);
}

void
lg_views_print_tree (FILE *out, const LgProblem *problem,
                     const LgAndOrTree *tree, guint64 max_nodes)
{
  TreeWalk w;
  tree_walk_init (&w, out, problem, tree, max_nodes);
  if (tree->root)
    print_tree_node (&w, tree->root, 0);
  if (w.next > max_nodes)
    fprintf (out, "... %" G_GUINT64_FORMAT " more %s\n", w.next - max_nodes,
             plural (w.next - max_nodes, "node", "nodes"));
  for (guint d = 0; d < w.levels->len; d++)
    fprintf (out, "level %u: %" G_GUINT64_FORMAT "\n", d,
             g_array_index (w.levels, guint64, d));
  fprintf (out, "total: %" G_GUINT64_FORMAT "\n", w.next);
  g_array_unref (w.levels);
  g_array_unref (w.to_more);
}

/* s as the inside of a DOT string: quotes and backslashes escaped. */
static void
put_dot_string (FILE *out, const char *s)
{
  for (; *s; s++)
    {
      if (*s == '"' || *s == '\\')
        fputc ('\\', out);
      fputc (*s, out);
    }
}

/* A node's DOT label: its kind (" on VAR" for an OR node), and on a
 * second line what it stands for, but for a group's node, whose cluster
 * says it; a mask leaf's pair and what it allows. */
static void
print_dot_node (TreeWalk *w, const LgNode *node, guint64 id)
{
  FILE *out = w->out;
  fprintf (out, "  n%" G_GUINT64_FORMAT " [", id);
  switch (node->kind)
    {
    case LG_NODE_AND:
      fputs ("shape=box, label=\"AND", out);
      break;
    case LG_NODE_OR:
      fputs ("shape=diamond, label=\"OR", out);
      break;
    case LG_NODE_TRUE:
      fputs ("shape=plaintext, label=\"TRUE", out);
      break;
    case LG_NODE_FALSE:
      fputs ("shape=octagon, label=\"FALSE", out);
      break;
    case LG_NODE_CUT:
      fputs ("shape=triangle, label=\"CUT", out);
      break;
    case LG_NODE_CUT_POINT:
      fputs ("shape=invtriangle, label=\"CUT POINT", out);
      break;
    case LG_NODE_LEAF:
      {
        const LgMaskNode *m = node->data;
        guint g1, g2;
        lg_pair_groups (m->pair, &g1, &g2);
        fputs ("shape=ellipse, label=\"", out);
        put_dot_string (out, group_name (w->problem, g1));
        fputc ('-', out);
        put_dot_string (out, group_name (w->problem, g2));
        fprintf (out, "\\nallows %zu of %zu", mask_remaining (w, m),
                 w->n_perms);
        break;
      }
    }
  const LgItem *choice = lg_node_label_choice (node);
  if (choice)
    {
      fputs (" on ", out);
      put_dot_string (out, lg_item_get_name (choice));
    }
  const LgNodeLabel *label = lg_node_label (node);
  if (label && (!label->group || label->n_values))
    {
      g_autofree char *text = lg_node_label_to_string (node);
      fputs ("\\n", out);
      put_dot_string (out, text);
    }
  fputs ("\"];\n", out);
}

/* The node of a constraint group (a child of the root with a label). */
static const LgNodeLabel *
group_label (const LgNode *node, guint depth)
{
  const LgNodeLabel *label = lg_node_label (node);
  return depth == 1 && label && label->group && !label->n_values ? label : NULL;
}

static void
walk_dot (TreeWalk *w, const LgNode *node, guint depth)
{
  guint64 id = w->next++;
  gboolean shown = id < w->max_nodes, to_more = FALSE;
  const LgNodeLabel *cluster = shown ? group_label (node, depth) : NULL;
  if (cluster)
    {
      g_autofree char *text = lg_node_label_to_string (node);
      fprintf (w->out, "  subgraph cluster_%u {\n  label=\"", cluster->number);
      put_dot_string (w->out, text);
      fputs ("\";\n", w->out);
    }
  if (shown)
    print_dot_node (w, node, id);
  for (uint32_t i = 0; i < node->n_children; i++)
    {
      guint64 child = w->next;
      if (shown && child < w->max_nodes)
        fprintf (w->out,
                 "  n%" G_GUINT64_FORMAT " -> n%" G_GUINT64_FORMAT ";\n", id,
                 child);
      else if (shown && !to_more)
        {
          /* written after the clusters: "more" belongs to none */
          g_array_append_val (w->to_more, id);
          to_more = TRUE;
        }
      walk_dot (w, node->children[i], depth + 1);
    }
  if (cluster)
    fputs ("  }\n", w->out);
}

void
lg_views_print_dot (FILE *out, const LgProblem *problem,
                    const LgAndOrTree *tree, guint64 max_nodes,
                    const char *title)
{
  TreeWalk w;
  tree_walk_init (&w, out, problem, tree, max_nodes);
  fputs ("digraph logigram {\n", out);
  if (title)
    {
      fputs ("  labelloc=t;\n  label=\"", out);
      put_dot_string (out, title);
      fputs ("\";\n", out);
    }
  fputs ("  rankdir=LR;\n  ordering=out;\n  fontname=\"Helvetica\";\n"
         "  node [fontname=\"Helvetica\"];\n",
         out);
  if (tree->root)
    walk_dot (&w, tree->root, 0);
  for (guint i = 0; i < w.to_more->len; i++)
    fprintf (out, "  n%" G_GUINT64_FORMAT " -> more [style=dashed];\n",
             g_array_index (w.to_more, guint64, i));
  if (w.next > max_nodes)
    fprintf (out,
             "  more [shape=note, label=\"%" G_GUINT64_FORMAT " more %s\"];\n",
             w.next - max_nodes, plural (w.next - max_nodes, "node", "nodes"));
  fputs ("}\n", out);
  g_array_unref (w.levels);
  g_array_unref (w.to_more);
}

/* ---- bits ---------------------------------------------------------------- */

/* Bits shown on one index: / value: row pair. */
#define BITS_PER_ROW 24

typedef struct
{
  FILE *out;
  const LgProblem *problem;
  const LgPermut *permut;
  size_t n_words;
  guint64 max_nodes, next; /* the preorder number of the next node */
  guint64 shown, hidden;   /* masks printed, and left out past the cap */
  gboolean *pair_shown;    /* its permutation table printed (n <= 4) */
} BitsWalk;

/* The item an item or a variable of label's group stands for there. */
static guint
label_item (const LgNodeLabel *label, const LgItem *item)
{
  guint k = 0;
  if (!item->is_var)
    return item->index;
  g_ptr_array_find (label->group->vars, item, &k);
  return label->values[k];
}

/* Bit `rank` of the mask of couple rule alone, under label's values: does
 * permutation rank of the rule's pair keep the association (yes) or leave
 * it out (no)? */
static int
rule_bit (const BitsWalk *w, const LgNodeLabel *label, const LgRule *rule,
          size_t rank)
{
  const LgItem *x = rule->x, *y = rule->y;
  if (x->group->index > y->group->index)
    {
      const LgItem *t = x;
      x = y;
      y = t;
    }
  const uint8_t *p = lg_permut_get (w->permut, rank);
  gboolean together = p[label_item (label, x)] == label_item (label, y);
  return rule->kind == LG_RULE_YES ? together : !together;
}

/* One mask leaf, under the labelled node `owner` (its AND node): the pair,
 * the constraint group and its variables' values, the group's couples on
 * the pair (the rules that made the mask), the permutations of the pair
 * the first time (n <= 4), then the tutorial's rows of bits. */
static void
print_bits (BitsWalk *w, const LgMaskNode *m, const LgNode *owner)
{
  FILE *out = w->out;
  guint g1, g2;
  lg_pair_groups (m->pair, &g1, &g2);
  const LgGroup *a = lg_problem_get_group (w->problem, g1),
                *b = lg_problem_get_group (w->problem, g2);
  fprintf (out, "mask %" G_GUINT64_FORMAT ": %s-%s (groups %u-%u)", ++w->shown,
           lg_group_get_name (a), lg_group_get_name (b), g1, g2);
  const LgNodeLabel *label = owner ? lg_node_label (owner) : NULL;
  g_autoptr (GPtrArray) rules = g_ptr_array_new ();
  if (label && label->group)
    {
      g_autofree char *group = lg_node_label_group_to_string (label);
      fprintf (out, ", %s", group);
      g_autofree char *values =
          label->n_values ? lg_node_label_to_string (owner) : NULL;
      if (values)
        fprintf (out, " where %s", values);
      for (guint i = 0; i < label->group->couple->len; i++)
        {
          const LgRule *rule = label->group->couple->pdata[i];
          guint x = rule->x->group->index, y = rule->y->group->index;
          if (MIN (x, y) == g1 && MAX (x, y) == g2)
            g_ptr_array_add (rules, (gpointer) rule);
        }
    }
  fputc ('\n', out);
  print_rules (out, rules);
  size_t count = w->permut->count;
  if (w->permut->n <= 4 && !w->pair_shown[m->pair])
    {
      print_permutations (out, a, b, w->permut, TRUE);
      w->pair_shown[m->pair] = TRUE;
    }
  /* the rows: the indices, each rule's own bits (as the tutorial's (P1)
   * and (P2)), then the mask, their AND */
  char text[32];
  int width = g_snprintf (text, sizeof text, "%zu", count - 1);
  int head = (int) strlen ("index:");
  for (guint k = 0; k < rules->len; k++)
    head = MAX (head, g_snprintf (text, sizeof text, "rule %u:",
                                  ((const LgRule *) rules->pdata[k])->number));
  for (size_t start = 0; start < count; start += BITS_PER_ROW)
    {
      size_t end = MIN (count, start + BITS_PER_ROW);
      fprintf (out, "  %-*s", head, "index:");
      for (size_t r = start; r < end; r++)
        fprintf (out, " %*zu", width, r);
      fputc ('\n', out);
      for (guint k = 0; k < rules->len; k++)
        {
          const LgRule *rule = rules->pdata[k];
          g_snprintf (text, sizeof text, "rule %u:", rule->number);
          fprintf (out, "  %-*s", head, text);
          for (size_t r = start; r < end; r++)
            fprintf (out, " %*d", width, rule_bit (w, label, rule, r));
          fputc ('\n', out);
        }
      fprintf (out, "  %-*s", head, "value:");
      for (size_t r = start; r < end; r++)
        fprintf (out, " %*d", width, lg_bitset_test (m->words, r) ? 1 : 0);
      fputc ('\n', out);
    }
  fprintf (out, "  %zu of %zu permutations allowed\n",
           lg_bitset_count (m->words, w->n_words), count);
}

static void
walk_bits (BitsWalk *w, const LgNode *node, const LgNode *owner)
{
  guint64 id = w->next++;
  if (node->kind == LG_NODE_LEAF)
    {
      if (id < w->max_nodes)
        print_bits (w, node->data, owner);
      else
        w->hidden++;
    }
  if (lg_node_label (node))
    owner = node;
  for (uint32_t i = 0; i < node->n_children; i++)
    walk_bits (w, node->children[i], owner);
}

static void
print_bits_view (FILE *out, const LgProblem *problem, const LgPermut *permut,
                 const LgAndOrTree *tree, guint64 max_nodes)
{
  BitsWalk w = { 0 };
  w.out = out;
  w.problem = problem;
  w.permut = permut;
  w.n_words = tree->n_words;
  w.max_nodes = max_nodes;
  w.pair_shown = g_new0 (gboolean, MAX (tree->n_pairs, 1));
  if (tree->root)
    walk_bits (&w, tree->root, NULL);
  if (w.hidden)
    fprintf (out, "... %" G_GUINT64_FORMAT " more %s (--max-nodes)\n", w.hidden,
             plural (w.hidden, "mask", "masks"));
  g_free (w.pair_shown);
}

/* ---- The trace, capped ------------------------------------------------- */

typedef struct
{
  FILE *to;
  guint64 limit, lines; /* lines begun so far */
  gboolean in_line;     /* the last byte written was not a newline */
} TraceCap;

static ssize_t
trace_cap_write (void *cookie, const char *buf, size_t size)
{
  TraceCap *c = cookie;
  size_t kept = 0; /* the lines within the limit: a prefix of buf */
  for (size_t i = 0; i < size; i++)
    {
      if (!c->in_line)
        c->lines++;
      c->in_line = buf[i] != '\n';
      if (!c->limit || c->lines <= c->limit)
        kept = i + 1;
    }
  if (kept && fwrite (buf, 1, kept, c->to) != kept)
    return -1;
  return (ssize_t) size;
}

static int
trace_cap_close (void *cookie)
{
  TraceCap *c = cookie;
  if (c->limit && c->lines > c->limit)
    fprintf (c->to,
             "... %" G_GUINT64_FORMAT " more trace %s left out "
             "(--trace-limit %" G_GUINT64_FORMAT ")\n",
             c->lines - c->limit, plural (c->lines - c->limit, "line", "lines"),
             c->limit);
  g_free (c);
  return 0;
}

FILE *
lg_views_trace_open (FILE *to, guint64 limit)
{
  TraceCap *c = g_new0 (TraceCap, 1);
  c->to = to;
  c->limit = limit;
  FILE *trace = fopencookie (c, "w",
                             (cookie_io_functions_t) {
                                 .write = trace_cap_write,
                                 .close = trace_cap_close,
                             });
  if (!trace)
    g_error ("%s: cannot open the trace stream", G_STRFUNC);
  /* a line at a time, so that the trace and the other lines of `to` keep
   * their order */
  setvbuf (trace, NULL, _IOLBF, 0);
  return trace;
}

void
lg_views_trace_close (FILE *trace)
{
  if (trace)
    fclose (trace);
}

/* ---- One view, with its title ------------------------------------------- */

static guint64
count_nodes (const LgNode *node)
{
  guint64 n = 1;
  for (uint32_t i = 0; i < node->n_children; i++)
    n += count_nodes (node->children[i]);
  return n;
}

void
lg_views_print (FILE *out, const LgSolver *solver, LgView view,
                guint64 max_nodes)
{
  const LgPermut *permut = NULL;
  const LgAndOrTree *tree = lg_solver_get_tree (solver, &permut, NULL);
  g_return_if_fail (tree != NULL);
  const LgProblem *problem = lg_solver_get_problem (solver);
  const LgConstraintSet *set = lg_solver_get_set (solver);
  switch (view)
    {
    case LG_VIEW_PERMUTATIONS:
      fprintf (out,
               "== permutations: n = %d, %zu permutations numbered from 1, "
               "mask bit = number - 1 ==\n",
               permut->n, permut->count);
      /* with one group, its permutations onto itself */
      print_permutations (
          out, lg_problem_get_group (problem, 0),
          lg_problem_get_group (problem,
                                lg_problem_n_groups (problem) > 1 ? 1 : 0),
          permut, FALSE);
      break;
    case LG_VIEW_GROUPS:
      fprintf (out, "== groups: the unbound group and %u constraint %s ==\n",
               set->groups->len, plural (set->groups->len, "group", "groups"));
      print_groups (out, set);
      break;
    case LG_VIEW_MASKS:
      {
        fprintf (out,
                 "== masks: the permutations the tree allows, per group "
                 "pair (%u %s) ==\n",
                 tree->n_pairs, plural (tree->n_pairs, "pair", "pairs"));
        uint64_t *masks =
            g_new (uint64_t, MAX (tree->n_pairs, 1) * tree->n_words);
        lg_views_tree_masks (tree->root, tree->n_pairs, permut->count, masks);
        lg_views_print_pair_masks (out, problem, permut, masks);
        g_free (masks);
        break;
      }
    case LG_VIEW_BITS:
      fprintf (out,
               "== bits: the masks of the tree, a bit per permutation "
               "(index = number - 1), %" G_GUINT64_FORMAT " %s ==\n",
               tree->mask_nodes, plural (tree->mask_nodes, "mask", "masks"));
      print_bits_view (out, problem, permut, tree, max_nodes);
      break;
    case LG_VIEW_TREE:
      {
        guint64 n = tree->root ? count_nodes (tree->root) : 0;
        fprintf (out, "== tree: the AND/OR tree, %" G_GUINT64_FORMAT " %s ==\n",
                 n, plural (n, "node", "nodes"));
        lg_views_print_tree (out, problem, tree, max_nodes);
        break;
      }
    }
  fputc ('\n', out);
}
