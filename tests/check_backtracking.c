/* check_backtracking — the AND/OR explorer of src/backtracking.h, driven on
 * hand-made graphs with a context that records every hook call, every leaf
 * explored and every success into one log string, compared whole: the order
 * of exploration, the moments of clear / push / restore / restore_and_pop /
 * cut (as the original ABSTRACT_BACKTRACKING calls its context_* features),
 * the continuation walked again after going back to an alternative, the
 * undo-stack discipline of a context with state, CUT_POINT and CUT,
 * cut_all, the work counters and lg_backtracking_measure.  Last, a few
 * hundred seeded random trees are explored both by the module and by a
 * recursive reference enumerator written here, and the logs, counters and
 * bounds must agree.
 *
 * Graphs are written as s-expressions: (and X ...), (or X ...),
 * (cutpoint X), true, false, cut, and leaves.  A leaf token is a name,
 * "-name" for a leaf that answers no, followed by any of "@I=V" (the leaf
 * sets state[I] to V, undoably) and "@I?V" (the leaf answers no unless
 * state[I] is V, read before its own settings).
 *
 * Log words: clear, push, restore, restore_and_pop, cut for the hooks; the
 * leaf token for a leaf explored (with "[s0,s1,s2,s3]", the state it sees,
 * and "/d", the number of pushes outstanding, when asked); "{a b c}" for a
 * success, listing the leaves of the successful path (the context keeps them
 * on its undo stack, so this also checks the discipline); END when a search
 * answers false. */
#include "backtracking.h"
#include "backtracking_flat.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lgtest.h"

Suite *lg_backtracking_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])

/* ---- Graphs ------------------------------------------------------------------ */

#define N_STATE 4
#define MAX_NODES 2048
#define MAX_KIDS 2048
#define MAX_LEAVES 1024
#define MAX_CHILDREN 16

typedef struct TLeaf
{
  char name[40];
  bool ok;                    /* the answer, state permitting */
  int set_index, set_value;   /* set_index < 0: sets nothing */
  int need_index, need_value; /* need_index < 0: needs nothing */
} TLeaf;

typedef struct Graph
{
  LgNode nodes[MAX_NODES];
  size_t n_nodes;
  LgNode *kids[MAX_KIDS];
  size_t n_kids;
  TLeaf leaves[MAX_LEAVES];
  size_t n_leaves;
} Graph;

static Graph *
graph_new (void)
{
  Graph *g = calloc (1, sizeof *g);
  ck_assert_ptr_nonnull (g);
  return g;
}

static LgNode *
graph_node (Graph *g, LgNodeKind kind, LgNode *const *children, size_t n)
{
  LGTEST_CHECK (g->n_nodes < MAX_NODES, "graph too big");
  LGTEST_CHECK (g->n_kids + n <= MAX_KIDS, "graph too big");
  LgNode *node = &g->nodes[g->n_nodes++];
  node->kind = kind;
  node->n_children = (uint32_t) n;
  node->children = n ? &g->kids[g->n_kids] : NULL;
  node->data = NULL;
  for (size_t i = 0; i < n; i++)
    g->kids[g->n_kids++] = children[i];
  return node;
}

static TLeaf *
graph_leaf (Graph *g, LgNode **node)
{
  LGTEST_CHECK (g->n_leaves < MAX_LEAVES, "too many leaves");
  TLeaf *leaf = &g->leaves[g->n_leaves++];
  *leaf = (TLeaf) { .ok = true, .set_index = -1, .need_index = -1 };
  *node = graph_node (g, LG_NODE_LEAF, NULL, 0);
  (*node)->data = leaf;
  return leaf;
}

/* The token of a leaf, as the parser reads it. */
static void
leaf_format_name (TLeaf *leaf, const char *base)
{
  int len = snprintf (leaf->name, sizeof leaf->name, "%s%s",
                      leaf->ok ? "" : "-", base);
  if (leaf->set_index >= 0)
    len += snprintf (leaf->name + len, sizeof leaf->name - (size_t) len,
                     "@%d=%d", leaf->set_index, leaf->set_value);
  if (leaf->need_index >= 0)
    snprintf (leaf->name + len, sizeof leaf->name - (size_t) len, "@%d?%d",
              leaf->need_index, leaf->need_value);
}

static void
skip_spaces (const char **s)
{
  while (**s == ' ' || **s == '\n' || **s == '\t')
    (*s)++;
}

static LgNode *
parse_node (Graph *g, const char **s)
{
  skip_spaces (s);
  if (**s == '(')
    {
      (*s)++;
      size_t len = strcspn (*s, " ()");
      LgNodeKind kind;
      if (len == 3 && strncmp (*s, "and", 3) == 0)
        kind = LG_NODE_AND;
      else if (len == 2 && strncmp (*s, "or", 2) == 0)
        kind = LG_NODE_OR;
      else if (len == 8 && strncmp (*s, "cutpoint", 8) == 0)
        kind = LG_NODE_CUT_POINT;
      else
        ck_abort_msg ("bad graph: unknown operator at \"%s\"", *s);
      *s += len;
      LgNode *children[MAX_CHILDREN];
      size_t n = 0;
      for (skip_spaces (s); **s != ')'; skip_spaces (s))
        {
          ck_assert_msg (**s != '\0', "bad graph: missing )");
          ck_assert_uint_lt (n, MAX_CHILDREN);
          children[n++] = parse_node (g, s);
        }
      (*s)++;
      return graph_node (g, kind, children, n);
    }

  size_t len = strcspn (*s, " ()\n\t");
  ck_assert_msg (len > 0 && len < sizeof ((TLeaf *) NULL)->name,
                 "bad graph at \"%s\"", *s);
  char token[sizeof ((TLeaf *) NULL)->name];
  memcpy (token, *s, len);
  token[len] = '\0';
  *s += len;
  if (strcmp (token, "true") == 0)
    return graph_node (g, LG_NODE_TRUE, NULL, 0);
  if (strcmp (token, "false") == 0)
    return graph_node (g, LG_NODE_FALSE, NULL, 0);
  if (strcmp (token, "cut") == 0)
    return graph_node (g, LG_NODE_CUT, NULL, 0);

  LgNode *node;
  TLeaf *leaf = graph_leaf (g, &node);
  memcpy (leaf->name, token, len + 1);
  leaf->ok = token[0] != '-';
  for (const char *at = strchr (token, '@'); at; at = strchr (at + 1, '@'))
    {
      int index, value;
      char op;
      ck_assert_msg (sscanf (at, "@%d%c%d", &index, &op, &value) == 3 &&
                         index >= 0 && index < N_STATE &&
                         (op == '=' || op == '?'),
                     "bad leaf \"%s\"", token);
      if (op == '=')
        {
          leaf->set_index = index;
          leaf->set_value = value;
        }
      else
        {
          leaf->need_index = index;
          leaf->need_value = value;
        }
    }
  return node;
}

static LgNode *
graph_parse (Graph *g, const char *text)
{
  const char *s = text;
  LgNode *root = parse_node (g, &s);
  skip_spaces (&s);
  ck_assert_msg (*s == '\0', "bad graph: trailing \"%s\"", s);
  return root;
}

static void
graph_print (GString *out, const LgNode *node)
{
  static const char *const names[] = {
    [LG_NODE_AND] = "and",   [LG_NODE_OR] = "or",
    [LG_NODE_TRUE] = "true", [LG_NODE_FALSE] = "false",
    [LG_NODE_CUT] = "cut",   [LG_NODE_CUT_POINT] = "cutpoint",
  };
  switch (node->kind)
    {
    case LG_NODE_LEAF:
      g_string_append (out, ((const TLeaf *) node->data)->name);
      break;
    case LG_NODE_AND:
    case LG_NODE_OR:
    case LG_NODE_CUT_POINT:
      g_string_append_printf (out, "(%s", names[node->kind]);
      for (uint32_t i = 0; i < node->n_children; i++)
        {
          g_string_append_c (out, ' ');
          graph_print (out, node->children[i]);
        }
      g_string_append_c (out, ')');
      break;
    default:
      g_string_append (out, names[node->kind]);
      break;
    }
}

/* ---- Logs --------------------------------------------------------------------- */

static void
log_word (GString *out, const char *word)
{
  if (out->len)
    g_string_append_c (out, ' ');
  g_string_append (out, word);
}

static void
log_leaf (GString *out, const TLeaf *leaf, const int *state, size_t depth,
          bool with_state, bool with_depth)
{
  log_word (out, leaf->name);
  if (with_state)
    g_string_append_printf (out, "[%d,%d,%d,%d]", state[0], state[1], state[2],
                            state[3]);
  if (with_depth)
    g_string_append_printf (out, "/%zu", depth);
}

static void
log_success (GString *out, const TLeaf *const *trail, size_t n)
{
  log_word (out, "{");
  for (size_t i = 0; i < n; i++)
    {
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, trail[i]->name);
    }
  g_string_append_c (out, '}');
}

/* The leaf's answer in the given state, which it then updates. */
static bool
leaf_apply (const TLeaf *leaf, int *state)
{
  bool ok = leaf->ok;
  if (leaf->need_index >= 0 && state[leaf->need_index] != leaf->need_value)
    ok = false;
  if (leaf->set_index >= 0)
    state[leaf->set_index] = leaf->set_value;
  return ok;
}

/* Fails with the neighbourhood of the first difference. */
static void
assert_same_log (const char *want, const char *got, const char *what)
{
  if (strcmp (want, got) == 0)
    return;
  size_t i = 0;
  while (want[i] && want[i] == got[i])
    i++;
  size_t from = i > 100 ? i - 100 : 0;
  ck_abort_msg ("%s: the logs differ at offset %zu\n"
                "  want: ...%.240s\n  got:  ...%.240s",
                what, i, want + from, got + from);
}

/* ---- The recording context ----------------------------------------------- */

#define MAX_UNDO 8192
#define MAX_MARKS 1024

typedef struct Undo
{
  int index; /* -1: a trail entry, else a state cell */
  int old;
} Undo;

typedef struct Ctx
{
  GString *log;
  bool with_state, with_depth;
  int state[N_STATE];
  const TLeaf *trail[MAX_UNDO];
  size_t n_trail;
  Undo undo[MAX_UNDO];
  size_t n_undo;
  size_t marks[MAX_MARKS];
  size_t n_marks, max_marks;
} Ctx;

static Ctx *
ctx_new (void)
{
  Ctx *ctx = calloc (1, sizeof *ctx);
  ck_assert_ptr_nonnull (ctx);
  ctx->log = g_string_new (NULL);
  return ctx;
}

static void
ctx_free (Ctx *ctx)
{
  g_string_free (ctx->log, TRUE);
  free (ctx);
}

static void
ctx_undo_to (Ctx *ctx, size_t mark)
{
  LGTEST_CHECK (mark <= ctx->n_undo, "mark %zu above the undo stack %zu", mark,
                ctx->n_undo);
  while (ctx->n_undo > mark)
    {
      Undo u = ctx->undo[--ctx->n_undo];
      if (u.index < 0)
        ctx->n_trail--;
      else
        ctx->state[u.index] = u.old;
    }
}

static void
ctx_clear (void *data)
{
  Ctx *ctx = data;
  log_word (ctx->log, "clear");
  memset (ctx->state, 0, sizeof ctx->state);
  ctx->n_trail = ctx->n_undo = ctx->n_marks = ctx->max_marks = 0;
}

static void
ctx_push (void *data)
{
  Ctx *ctx = data;
  log_word (ctx->log, "push");
  LGTEST_CHECK (ctx->n_marks < MAX_MARKS, "too many pushes");
  ctx->marks[ctx->n_marks++] = ctx->n_undo;
  if (ctx->n_marks > ctx->max_marks)
    ctx->max_marks = ctx->n_marks;
}

static void
ctx_restore (void *data)
{
  Ctx *ctx = data;
  log_word (ctx->log, "restore");
  LGTEST_CHECK (ctx->n_marks > 0, "restore without a push");
  ctx_undo_to (ctx, ctx->marks[ctx->n_marks - 1]);
}

static void
ctx_restore_and_pop (void *data)
{
  Ctx *ctx = data;
  log_word (ctx->log, "restore_and_pop");
  LGTEST_CHECK (ctx->n_marks > 0, "restore_and_pop without a push");
  ctx_undo_to (ctx, ctx->marks[--ctx->n_marks]);
}

/* The records made since the dropped mark now belong to the one below. */
static void
ctx_cut (void *data)
{
  Ctx *ctx = data;
  log_word (ctx->log, "cut");
  LGTEST_CHECK (ctx->n_marks > 0, "cut without a push");
  ctx->n_marks--;
}

static bool
ctx_explore (void *data, LgNode *node)
{
  Ctx *ctx = data;
  LGTEST_CHECK (node->kind == LG_NODE_LEAF, "explore on a node of kind %d",
                (int) node->kind);
  const TLeaf *leaf = node->data;
  log_leaf (ctx->log, leaf, ctx->state, ctx->n_marks, ctx->with_state,
            ctx->with_depth);
  LGTEST_CHECK (ctx->n_undo + 2 <= MAX_UNDO, "undo stack full");
  ctx->undo[ctx->n_undo++] = (Undo) { -1, 0 };
  ctx->trail[ctx->n_trail++] = leaf;
  if (leaf->set_index >= 0)
    ctx->undo[ctx->n_undo++] =
        (Undo) { leaf->set_index, ctx->state[leaf->set_index] };
  return leaf_apply (leaf, ctx->state);
}

static const LgBacktrackingHooks ctx_hooks = {
  .clear = ctx_clear,
  .push = ctx_push,
  .restore = ctx_restore,
  .restore_and_pop = ctx_restore_and_pop,
  .cut = ctx_cut,
  .explore = ctx_explore,
};

static void
ctx_log_success (Ctx *ctx)
{
  log_success (ctx->log, ctx->trail, ctx->n_trail);
}

/* Runs a whole search: each success is logged, and END when the search says
 * false; at most max_successes successes (0: no limit).  Returns the number
 * of successes. */
static size_t
run_search (LgBacktracking *bt, LgNode *root, Ctx *ctx, size_t max_successes)
{
  size_t n = 0;
  bool found = lg_backtracking_search_first (bt, root);
  while (found)
    {
      n++;
      ctx_log_success (ctx);
      if (max_successes && n >= max_successes)
        return n;
      found = lg_backtracking_search_next (bt);
    }
  log_word (ctx->log, "END");
  /* No alternative is left, so every push has been popped or cut. */
  ck_assert_msg (ctx->n_marks == 0, "%zu pushes outstanding at the end",
                 ctx->n_marks);
  return n;
}

/* Explores the graph written in text and compares the whole log. */
static void
check_explores_full (const char *text, bool with_state, const char *want)
{
  Graph *g = graph_new ();
  LgNode *root = graph_parse (g, text);
  Ctx *ctx = ctx_new ();
  ctx->with_state = with_state;
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);
  run_search (bt, root, ctx, 0);
  assert_same_log (want, ctx->log->str, text);
  lg_backtracking_free (bt);
  ctx_free (ctx);
  free (g);
}

static void
check_explores (const char *text, const char *want)
{
  check_explores_full (text, false, want);
}

/* ---- order: exploration order and hook moments ---------------------------- */

START_TEST (test_backtracking_single_leaf)
{
  check_explores ("a", "clear a {a} END");
  check_explores ("-a", "clear -a END");
}
END_TEST

START_TEST (test_backtracking_and_of_leaves)
{
  check_explores ("(and a b c)", "clear a b c {a b c} END");
  check_explores ("(and a -b c)", "clear a -b END");
  check_explores ("(and -a b)", "clear -a END");
  check_explores ("(and a (and b c) (and d))", "clear a b c d {a b c d} END");
}
END_TEST

/* Three successes, one per call, with the hooks between them. */
START_TEST (test_backtracking_or_three)
{
  Graph *g = graph_new ();
  LgNode *root = graph_parse (g, "(or a b c)");
  Ctx *ctx = ctx_new ();
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);

  ck_assert (lg_backtracking_search_first (bt, root));
  ck_assert_str_eq (ctx->log->str, "clear push a");
  ck_assert_uint_eq (ctx->n_trail, 1);
  ck_assert_str_eq (ctx->trail[0]->name, "a");

  ck_assert (lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a restore b");
  ck_assert_uint_eq (ctx->n_trail, 1);
  ck_assert_str_eq (ctx->trail[0]->name, "b");
  ck_assert_uint_eq (ctx->n_marks, 1);

  ck_assert (lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a restore b restore_and_pop c");
  ck_assert_uint_eq (ctx->n_trail, 1);
  ck_assert_str_eq (ctx->trail[0]->name, "c");
  ck_assert_uint_eq (ctx->n_marks, 0);

  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a restore b restore_and_pop c");
  /* Asking again after the end changes nothing. */
  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a restore b restore_and_pop c");

  lg_backtracking_free (bt);
  ctx_free (ctx);
  free (g);

  check_explores ("(or a -b c)",
                  "clear push a {a} restore -b restore_and_pop c {c} END");
  check_explores ("(or -a -b -c)",
                  "clear push -a restore -b restore_and_pop -c END");
}
END_TEST

/* After going back to an alternative, the continuation that followed the OR
 * node is walked again from where it stood when the OR node was met. */
START_TEST (test_backtracking_nested)
{
  check_explores ("(or (and a (or b c) d) e)",
                  "clear push a push b d {a b d} restore_and_pop c d {a c d} "
                  "restore_and_pop e {e} END");
  check_explores ("(and (or a b) c (or d e) f g)",
                  "clear push a c push d f g {a c d f g} "
                  "restore_and_pop e f g {a c e f g} "
                  "restore_and_pop b c push d f g {b c d f g} "
                  "restore_and_pop e f g {b c e f g} END");
  check_explores ("(and (or (and a (or b c)) d) e)",
                  "clear push a push b e {a b e} restore_and_pop c e {a c e} "
                  "restore_and_pop d e {d e} END");
  check_explores ("(or (and (or a b c) -d) e)",
                  "clear push push a -d restore b -d restore_and_pop c -d "
                  "restore_and_pop e {e} END");
  /* Three levels of AND, each partly walked when the alternative is made. */
  check_explores ("(and (and (and (or a b) c) d) e)",
                  "clear push a c d e {a c d e} restore_and_pop b c d e "
                  "{b c d e} END");
  check_explores ("(and x (or (and a (or b c) d) (and e f)) (or g h) i)",
                  "clear x push a push b d push g i {x a b d g i} "
                  "restore_and_pop h i {x a b d h i} "
                  "restore_and_pop c d push g i {x a c d g i} "
                  "restore_and_pop h i {x a c d h i} "
                  "restore_and_pop e f push g i {x e f g i} "
                  "restore_and_pop h i {x e f h i} END");
}
END_TEST

START_TEST (test_backtracking_or_single_child)
{
  check_explores ("(or a)", "clear a {a} END");
  check_explores ("(and (or a) (or -b))", "clear a -b END");
  check_explores ("(or (or a b))",
                  "clear push a {a} restore_and_pop b {b} END");
  check_explores ("(and (or a b) (or c))",
                  "clear push a c {a c} restore_and_pop b c {b c} END");
}
END_TEST

START_TEST (test_backtracking_empty)
{
  check_explores ("(and)", "clear {} END");
  check_explores ("(or)", "clear END");
  check_explores ("(or (and) a)", "clear push {} restore_and_pop a {a} END");
  check_explores ("(and a (or) b)", "clear a END");
  check_explores ("(or a (or) b)",
                  "clear push a {a} restore restore_and_pop b {b} END");
  check_explores ("(and (or a b) (and) c)",
                  "clear push a c {a c} restore_and_pop b c {b c} END");
}
END_TEST

START_TEST (test_backtracking_true_false)
{
  check_explores ("true", "clear {} END");
  check_explores ("false", "clear END");
  check_explores ("(or true false a)",
                  "clear push {} restore restore_and_pop a {a} END");
  check_explores ("(and a true b)", "clear a b {a b} END");
  check_explores ("(and a false b)", "clear a END");
  check_explores ("(and (or a b) false)", "clear push a restore_and_pop b END");
}
END_TEST

/* A node reached twice (a DAG, built by hand). */
static TLeaf shared_x = {
  .name = "x", .ok = true, .set_index = -1, .need_index = -1
};
static TLeaf shared_y = {
  .name = "y", .ok = true, .set_index = -1, .need_index = -1
};
static LgNode shared_leaf_x = { LG_NODE_LEAF, 0, NULL, &shared_x };
static LgNode shared_leaf_y = { LG_NODE_LEAF, 0, NULL, &shared_y };
static LgNode *shared_or_kids[] = { &shared_leaf_x, &shared_leaf_y };
static LgNode shared_or = { LG_NODE_OR, 2, shared_or_kids, NULL };
static LgNode *shared_and_kids[] = { &shared_or, &shared_or };
static LgNode shared_and = { LG_NODE_AND, 2, shared_and_kids, NULL };

START_TEST (test_backtracking_shared_node)
{
  Ctx *ctx = ctx_new ();
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);
  ck_assert_uint_eq (run_search (bt, &shared_and, ctx, 0), 4);
  assert_same_log ("clear push x push x {x x} restore_and_pop y {x y} "
                   "restore_and_pop y push x {y x} restore_and_pop y {y y} "
                   "END",
                   ctx->log->str, "(and S S), S = (or x y)");
  lg_backtracking_free (bt);
  ctx_free (ctx);
}
END_TEST

/* search_first again drops the pending alternatives through clear alone,
 * without cut calls (as the original's clear). */
START_TEST (test_backtracking_restart)
{
  Graph *g = graph_new ();
  LgNode *root = graph_parse (g, "(and (or a b) (or c d))");
  Ctx *ctx = ctx_new ();
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);
  ck_assert (lg_backtracking_search_first (bt, root));
  ck_assert (lg_backtracking_search_first (bt, root));
  ck_assert_str_eq (ctx->log->str, "clear push a push c clear push a push c");
  ck_assert_uint_eq (ctx->n_marks, 2);
  ck_assert (lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a push c clear push a push c "
                                   "restore_and_pop d");

  /* No root: only clear, and no success. */
  g_string_truncate (ctx->log, 0);
  ck_assert (!lg_backtracking_search_first (bt, NULL));
  ck_assert_str_eq (ctx->log->str, "clear");
  ck_assert_uint_eq (lg_backtracking_stats (bt)->nodes, 0);
  ck_assert_uint_eq (lg_backtracking_stats (bt)->successes, 0);
  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear");

  /* And a full search after that. */
  g_string_truncate (ctx->log, 0);
  ck_assert_uint_eq (run_search (bt, root, ctx, 0), 4);
  lg_backtracking_free (bt);
  ctx_free (ctx);
  free (g);
}
END_TEST

/* Every hook may be NULL: leaves then always hold. */
START_TEST (test_backtracking_default_hooks)
{
  Graph *g = graph_new ();
  LgNode *root = graph_parse (g, "(or (and a b) -c (and d -e) (and f false))");
  LgBacktrackingHooks none = { 0 };
  LgBacktracking *bt = lg_backtracking_new (&none, NULL);
  int n = 0;
  for (bool found = lg_backtracking_search_first (bt, root); found;
       found = lg_backtracking_search_next (bt))
    n++;
  ck_assert_int_eq (n, 3);
  ck_assert_uint_eq (lg_backtracking_stats (bt)->successes, 3);
  ck_assert_uint_eq (lg_backtracking_stats (bt)->leaves, 6);
  lg_backtracking_free (bt);
  lg_backtracking_free (NULL);
  free (g);
}
END_TEST

/* ---- state: an undo stack kept in step by the hooks ---------------------- */

START_TEST (test_backtracking_state_restore)
{
  check_explores_full ("(or (and a@0=1 (or b@1=2 c@1=3) d@1?3) e@0?0)", true,
                       "clear push a@0=1[0,0,0,0] push b@1=2[1,0,0,0] "
                       "d@1?3[1,2,0,0] restore_and_pop c@1=3[1,0,0,0] "
                       "d@1?3[1,3,0,0] {a@0=1 c@1=3 d@1?3} "
                       "restore_and_pop e@0?0[0,0,0,0] {e@0?0} END");
}
END_TEST

/* restore keeps the mark for the next child; a failing leaf's own change
 * (-f sets state[3]) is undone too. */
START_TEST (test_backtracking_state_three_way)
{
  check_explores_full ("(and s@0=1 (or a@1=1 b@1=2 c@1=3) (or d@2=1 e@2=2) "
                       "-f@3=9)",
                       true,
                       "clear s@0=1[0,0,0,0] push a@1=1[1,0,0,0] "
                       "push d@2=1[1,1,0,0] -f@3=9[1,1,1,0] "
                       "restore_and_pop e@2=2[1,1,0,0] -f@3=9[1,1,2,0] "
                       "restore b@1=2[1,0,0,0] push d@2=1[1,2,0,0] "
                       "-f@3=9[1,2,1,0] restore_and_pop e@2=2[1,2,0,0] "
                       "-f@3=9[1,2,2,0] restore_and_pop c@1=3[1,0,0,0] "
                       "push d@2=1[1,3,0,0] -f@3=9[1,3,1,0] "
                       "restore_and_pop e@2=2[1,3,0,0] -f@3=9[1,3,2,0] END");
}
END_TEST

/* Leaves whose answer depends on the state left by the path. */
START_TEST (test_backtracking_state_guards)
{
  check_explores_full ("(and (or a@0=1 b@0=2 c@0=3) (or d@1=1 e@1=2) f@0?2)",
                       true,
                       "clear push a@0=1[0,0,0,0] push d@1=1[1,0,0,0] "
                       "f@0?2[1,1,0,0] restore_and_pop e@1=2[1,0,0,0] "
                       "f@0?2[1,2,0,0] restore b@0=2[0,0,0,0] "
                       "push d@1=1[2,0,0,0] f@0?2[2,1,0,0] "
                       "{b@0=2 d@1=1 f@0?2} restore_and_pop e@1=2[2,0,0,0] "
                       "f@0?2[2,2,0,0] {b@0=2 e@1=2 f@0?2} "
                       "restore_and_pop c@0=3[0,0,0,0] push d@1=1[3,0,0,0] "
                       "f@0?2[3,1,0,0] restore_and_pop e@1=2[3,0,0,0] "
                       "f@0?2[3,2,0,0] END");
  /* A guard that only the second child of the first OR satisfies, checked
   * after a deeper OR: the state must come back through two levels. */
  check_explores_full ("(and (or a@0=1 b@0=2) (or c@1=1 d@1=2) (or e@2=1 "
                       "f@2=2) g@0?2@3=7 h@3?7)",
                       true,
                       "clear push a@0=1[0,0,0,0] push c@1=1[1,0,0,0] "
                       "push e@2=1[1,1,0,0] g@0?2@3=7[1,1,1,0] "
                       "restore_and_pop f@2=2[1,1,0,0] g@0?2@3=7[1,1,2,0] "
                       "restore_and_pop d@1=2[1,0,0,0] push e@2=1[1,2,0,0] "
                       "g@0?2@3=7[1,2,1,0] restore_and_pop f@2=2[1,2,0,0] "
                       "g@0?2@3=7[1,2,2,0] restore_and_pop b@0=2[0,0,0,0] "
                       "push c@1=1[2,0,0,0] push e@2=1[2,1,0,0] "
                       "g@0?2@3=7[2,1,1,0] h@3?7[2,1,1,7] "
                       "{b@0=2 c@1=1 e@2=1 g@0?2@3=7 h@3?7} "
                       "restore_and_pop f@2=2[2,1,0,0] g@0?2@3=7[2,1,2,0] "
                       "h@3?7[2,1,2,7] {b@0=2 c@1=1 f@2=2 g@0?2@3=7 h@3?7} "
                       "restore_and_pop d@1=2[2,0,0,0] push e@2=1[2,2,0,0] "
                       "g@0?2@3=7[2,2,1,0] h@3?7[2,2,1,7] "
                       "{b@0=2 d@1=2 e@2=1 g@0?2@3=7 h@3?7} "
                       "restore_and_pop f@2=2[2,2,0,0] g@0?2@3=7[2,2,2,0] "
                       "h@3?7[2,2,2,7] {b@0=2 d@1=2 f@2=2 g@0?2@3=7 h@3?7} "
                       "END");
}
END_TEST

/* The changes made under a cut alternative are undone with the older point
 * they now belong to. */
START_TEST (test_backtracking_state_cut)
{
  check_explores_full ("(or (and a@0=1 (cutpoint (and (or b@1=2 c@1=3) cut)) "
                       "-d@2=4) e@0?0)",
                       true,
                       "clear push a@0=1[0,0,0,0] push b@1=2[1,0,0,0] cut "
                       "-d@2=4[1,2,0,0] restore_and_pop e@0?0[0,0,0,0] "
                       "{e@0?0} END");
}
END_TEST

/* ---- cut ----------------------------------------------------------------------- */

/* A cut drops the alternatives made since the innermost cut point on the
 * continuation, all of them when there is none: what backtracking.h and the
 * comment of ABSTRACT_BACKTRACKING.cut say.  The Eiffel loop of that feature
 * does otherwise (its "if cut_point ?:= sequence" test reads the wrong way
 * round): it walks the cut points at the head of the continuation and uses
 * the last of them once a plain sequence follows; when nothing follows it
 * cuts everything, and when the head is not a cut point it calls
 * top_alternative on Void.  The cases below where the original would not
 * give the same log say so in an [Eiffel: ...] note. */

START_TEST (test_backtracking_cut_point)
{
  /* The cut drops (or c d e) only: (or a b), older than the cut point,
   * stays, and so does (or g h), made after the cut.  [Eiffel: Void call,
   * the head of the continuation being the rest of the AND.] */
  check_explores ("(and (or a b) (cutpoint (and (or c d e) f cut (or g h))) "
                  "i)",
                  "clear push a push c f cut push g i {a c f g i} "
                  "restore_and_pop h i {a c f h i} restore_and_pop b "
                  "push c f cut push g i {b c f g i} restore_and_pop h i "
                  "{b c f h i} END");
  /* One cut call per alternative dropped.  [Eiffel: cuts x's too, nothing
   * following the cut point: "... cut cut cut {a c} END".] */
  check_explores ("(or (cutpoint (and (or a b) (or c d) cut)) x)",
                  "clear push push a push c cut cut {a c} "
                  "restore_and_pop x {x} END");
  /* Nothing to drop: no call. */
  check_explores ("(and (or a b) (cutpoint (and c cut)) -d)",
                  "clear push a c -d restore_and_pop b c -d END");
  /* What the cut dropped is never tried. */
  check_explores ("(and (cutpoint (and (or a b c) cut)) -d)",
                  "clear push a cut -d END");
  /* An alternative already on its last child is not there to be cut.
   * [Eiffel: "... restore_and_pop b cut {b} END".] */
  check_explores ("(or (cutpoint (and (or -a b) cut)) x)",
                  "clear push push -a restore_and_pop b {b} "
                  "restore_and_pop x {x} END");
}
END_TEST

START_TEST (test_backtracking_cut_without_point)
{
  /* No cut point on the continuation: everything goes.  [Eiffel: Void
   * call.] */
  check_explores ("(and (or a b) cut c)", "clear push a cut c {a c} END");
  check_explores ("(or (and (or a b) (or c d) cut) x)",
                  "clear push push a push c cut cut cut {a c} END");
  /* A cut point whose child is done is no longer on the continuation.
   * [Eiffel: Void call.] */
  check_explores ("(and (or a b) (cutpoint (or c d)) (or e f) cut g)",
                  "clear push a push c push e cut cut cut g {a c e g} END");
}
END_TEST

START_TEST (test_backtracking_cut_nested_points)
{
  /* [Eiffel: the outer cut also drops z's alternative:
   * "... cut e cut cut {a c e} END".] */
  check_explores ("(or (cutpoint (and (or a b) (cutpoint (and (or c d) cut)) "
                  "e cut)) z)",
                  "clear push push a push c cut e cut {a c e} "
                  "restore_and_pop z {z} END");
  /* The inner cut point is the innermost on the continuation even when the
   * cut is the last node under it.  [Eiffel: the continuation starts with
   * both cut points, the outer one is used, and each cut drops (or c d)
   * too.] */
  check_explores ("(and (or a b) (cutpoint (and (or c d) (cutpoint (and (or e "
                  "f) cut)))) -g)",
                  "clear push a push c push e cut -g restore_and_pop d "
                  "push e cut -g restore_and_pop b push c push e cut -g "
                  "restore_and_pop d push e cut -g END");
}
END_TEST

/* "not x" as the original's BACKTRACKING_NODE_NOT builds it: a cut point,
 * an alternative (x then cut then false | true).  (The original has one
 * CUT_AND_FALSE node where this has "cut false", so that its cut finds the
 * cut point at the head of the continuation; with that node, the first two
 * logs are the original's too.) */
START_TEST (test_backtracking_not)
{
  check_explores ("(and (or a b) (cutpoint (or (and c cut false) true)) d)",
                  "clear push a push c cut restore_and_pop b push c cut END");
  check_explores ("(and (or a b) (cutpoint (or (and -c cut false) true)) d)",
                  "clear push a push -c restore_and_pop d {a d} "
                  "restore_and_pop b push -c restore_and_pop d {b d} END");
  /* The same with nothing after the "not": only the alternative made under
   * the cut point goes.  (The original's NOT node cuts both here: its cut
   * finds the cut point at the head of the continuation with nothing after
   * it, and ABSTRACT_BACKTRACKING.cut then falls back to cut_all.) */
  check_explores ("(and (or a b) (cutpoint (or (and c cut false) true)))",
                  "clear push a push c cut restore_and_pop b push c cut END");
}
END_TEST

START_TEST (test_backtracking_cut_all)
{
  Graph *g = graph_new ();
  LgNode *root = graph_parse (g, "(and (or a b) (or c d))");
  LgNode *root3 = graph_parse (g, "(or a b c)");
  LgNode *plain = graph_parse (g, "(and a b)");
  Ctx *ctx = ctx_new ();
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);

  ck_assert (lg_backtracking_search_first (bt, root));
  lg_backtracking_cut_all (bt);
  ck_assert_uint_eq (ctx->n_marks, 0);
  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a push c cut cut");

  g_string_truncate (ctx->log, 0);
  ck_assert (lg_backtracking_search_first (bt, root3));
  ck_assert (lg_backtracking_search_next (bt));
  lg_backtracking_cut_all (bt);
  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a restore b cut");

  /* After the last child started, nothing is left to cut. */
  g_string_truncate (ctx->log, 0);
  ck_assert (lg_backtracking_search_first (bt, root3));
  ck_assert (lg_backtracking_search_next (bt));
  ck_assert (lg_backtracking_search_next (bt));
  lg_backtracking_cut_all (bt);
  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear push a restore b restore_and_pop c");

  g_string_truncate (ctx->log, 0);
  ck_assert (lg_backtracking_search_first (bt, plain));
  lg_backtracking_cut_all (bt);
  lg_backtracking_cut_all (bt);
  ck_assert (!lg_backtracking_search_next (bt));
  ck_assert_str_eq (ctx->log->str, "clear a b");

  lg_backtracking_free (bt);
  ctx_free (ctx);
  free (g);
}
END_TEST

/* ---- stats and measure --------------------------------------------------------- */

static void
check_stats (const LgBacktracking *bt, uint64_t nodes, uint64_t leaves,
             uint64_t alternatives, uint64_t backtracks, uint64_t successes)
{
  const LgBacktrackingStats *st = lg_backtracking_stats (bt);
  ck_assert_uint_eq (st->nodes, nodes);
  ck_assert_uint_eq (st->leaves, leaves);
  ck_assert_uint_eq (st->alternatives, alternatives);
  ck_assert_uint_eq (st->backtracks, backtracks);
  ck_assert_uint_eq (st->successes, successes);
}

START_TEST (test_backtracking_stats)
{
  Graph *g = graph_new ();
  LgNode *root = graph_parse (g, "(and (or a b) (or -c d) e)");
  LgNode *other = graph_parse (g, "(cutpoint (and (or true false) cut))");
  Ctx *ctx = ctx_new ();
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);

  check_stats (bt, 0, 0, 0, 0, 0);
  for (int round = 0; round < 2; round++)
    {
      g_string_truncate (ctx->log, 0);
      ck_assert (lg_backtracking_search_first (bt, root));
      check_stats (bt, 7, 4, 1, 1, 1);
      ck_assert (lg_backtracking_search_next (bt));
      check_stats (bt, 12, 8, 3, 3, 2);
      ck_assert (!lg_backtracking_search_next (bt));
      check_stats (bt, 12, 8, 3, 4, 2);
      ck_assert_str_eq (ctx->log->str,
                        "clear push a push -c restore_and_pop d e "
                        "restore_and_pop b push -c restore_and_pop d e");
    }

  /* Every kind of node counts; the cut alternative is never taken. */
  ck_assert (lg_backtracking_search_first (bt, other));
  check_stats (bt, 5, 0, 0, 0, 1);
  ck_assert (!lg_backtracking_search_next (bt));
  check_stats (bt, 5, 0, 0, 1, 1);

  lg_backtracking_free (bt);
  ctx_free (ctx);
  free (g);
}
END_TEST

static void
check_measure (const LgNode *root, uint64_t nodes, uint64_t and_nodes,
               uint64_t or_nodes, uint64_t leaves, uint64_t path_leaves,
               uint64_t path_alternatives)
{
  LgGraphSize size;
  memset (&size, 0xab, sizeof size);
  lg_backtracking_measure (root, &size);
  ck_assert_uint_eq (size.nodes, nodes);
  ck_assert_uint_eq (size.and_nodes, and_nodes);
  ck_assert_uint_eq (size.or_nodes, or_nodes);
  ck_assert_uint_eq (size.leaves, leaves);
  ck_assert_uint_eq (size.max_path_leaves, path_leaves);
  ck_assert_uint_eq (size.max_path_alternatives, path_alternatives);
}

START_TEST (test_backtracking_measure)
{
  Graph *g = graph_new ();
  /* AND sums, OR takes the largest child. */
  check_measure (graph_parse (g, "(and (or a (and b c) d) (cutpoint (or e f)) "
                                 "g true)"),
                 13, 2, 2, 7, 4, 2);
  check_measure (graph_parse (g, "(or (and a b c) (and (or d e) f))"), 10, 2, 2,
                 6, 3, 2);
  /* A single-child OR makes no alternative. */
  check_measure (graph_parse (g, "(and (or a) (or b c))"), 6, 1, 2, 3, 2, 1);
  check_measure (graph_parse (g, "(or (or (or a b) c) d)"), 7, 0, 3, 4, 1, 3);
  check_measure (graph_parse (g, "(and (or a b) (or c d) (or e f))"), 10, 1, 3,
                 6, 3, 3);
  check_measure (graph_parse (g, "(or)"), 1, 0, 1, 0, 0, 0);
  check_measure (graph_parse (g, "(and)"), 1, 1, 0, 0, 0, 0);
  check_measure (graph_parse (g, "(and true false cut)"), 4, 1, 0, 0, 0, 0);
  check_measure (graph_parse (g, "a"), 1, 0, 0, 1, 1, 0);
  /* A shared node counts each time it is reached. */
  check_measure (&shared_and, 7, 1, 2, 4, 2, 2);
  check_measure (NULL, 0, 0, 0, 0, 0, 0);
  /* CUT and CUT_POINT nodes are counted apart (a flat graph has none). */
  static const struct
  {
    const char *text;
    uint64_t cuts;
  } cut_cases[] = {
    { "(and (or a b) c)", 0 },
    { "(and true false cut)", 1 },
    { "(cutpoint (or a (and b cut)))", 2 },
  };
  for (size_t i = 0; i < N_ELEMS (cut_cases); i++)
    {
      LgGraphSize size;
      lg_backtracking_measure (graph_parse (g, cut_cases[i].text), &size);
      ck_assert_uint_eq (size.cuts, cut_cases[i].cuts);
    }
  free (g);
}
END_TEST

/* ---- random: against a recursive reference -------------------------------- */

/* The reference explores recursively: AND walks its children left to right
 * in continuation-passing style, OR loops over its children, and the state
 * is passed by value, so going back is free.  It logs the same words as the
 * recording context: the hook calls are where the reference's OR loop
 * starts (push), moves to a next child (restore) or to its last child
 * (restore_and_pop), and where a cut unwinds the loops it ends (cut). */

typedef struct Pending Pending;
struct Pending
{
  const LgNode *node; /* NULL: the mark of a cut point */
  size_t depth;       /* mark: the alternatives when it was made */
  const Pending *next;
};

typedef struct Trail Trail;
struct Trail
{
  const TLeaf *leaf;
  const Trail *prev;
  size_t len;
};

typedef struct RefAlt
{
  bool cut;
} RefAlt;

typedef struct Ref
{
  GString *log;
  RefAlt *alts[MAX_MARKS];
  size_t n_alts;
  LgBacktrackingStats stats;
  uint64_t failures;
  size_t budget; /* log words allowed */
  size_t words;
  bool stopped;     /* over budget */
  LgGraphSize size; /* the module's bounds, checked on the way */
} Ref;

static void
ref_word (Ref *r, const char *word)
{
  log_word (r->log, word);
  if (++r->words > r->budget)
    r->stopped = true;
}

static bool ref_solve (Ref *r, const LgNode *node, const Pending *k,
                       const int *state, const Trail *trail);

static bool
ref_continue (Ref *r, const Pending *k, const int *state, const Trail *trail)
{
  while (k && !k->node)
    k = k->next;
  if (k)
    return ref_solve (r, k->node, k->next, state, trail);
  r->stats.successes++;
  /* On the heap: this frame is on the recursion's path. */
  size_t n = trail ? trail->len : 0;
  const TLeaf **path = g_new (const TLeaf *, n + 1);
  for (const Trail *t = trail; t; t = t->prev)
    path[t->len - 1] = t->leaf;
  log_success (r->log, path, n);
  g_free (path);
  if (++r->words > r->budget)
    r->stopped = true;
  return !r->stopped;
}

static bool
ref_fail (Ref *r)
{
  r->failures++;
  return !r->stopped;
}

static bool
ref_solve (Ref *r, const LgNode *node, const Pending *k, const int *state,
           const Trail *trail)
{
  if (r->stopped)
    return false;
  r->stats.nodes++;
  switch (node->kind)
    {
    case LG_NODE_LEAF:
      {
        const TLeaf *leaf = node->data;
        Trail t = { leaf, trail, trail ? trail->len + 1 : 1 };
        int st[N_STATE];
        r->stats.leaves++;
        LGTEST_CHECK (t.len <= r->size.max_path_leaves,
                      "%zu leaves on a path, measure says %ju", t.len,
                      (uintmax_t) r->size.max_path_leaves);
        log_leaf (r->log, leaf, state, r->n_alts, true, true);
        if (++r->words > r->budget)
          r->stopped = true;
        memcpy (st, state, sizeof st);
        if (!leaf_apply (leaf, st))
          return ref_fail (r);
        return ref_continue (r, k, st, &t);
      }

    case LG_NODE_AND:
      {
        uint32_t n = node->n_children;
        if (n == 0)
          return ref_continue (r, k, state, trail);
        Pending rest[MAX_CHILDREN];
        LGTEST_CHECK (n <= MAX_CHILDREN, "AND of %u", n);
        const Pending *next = k;
        for (uint32_t i = n - 1; i >= 1; i--)
          {
            rest[i - 1] = (Pending) { node->children[i], 0, next };
            next = &rest[i - 1];
          }
        return ref_solve (r, node->children[0], next, state, trail);
      }

    case LG_NODE_OR:
      {
        uint32_t n = node->n_children;
        if (n == 0)
          return ref_fail (r);
        if (n == 1)
          return ref_solve (r, node->children[0], k, state, trail);
        RefAlt alt = { false };
        LGTEST_CHECK (r->n_alts < r->size.max_path_alternatives,
                      "%zu alternatives on a path, measure says %ju",
                      r->n_alts + 1, (uintmax_t) r->size.max_path_alternatives);
        r->alts[r->n_alts++] = &alt;
        ref_word (r, "push");
        for (uint32_t i = 0; i < n; i++)
          {
            if (i > 0)
              {
                if (alt.cut)
                  break;
                r->stats.alternatives++;
                if (i + 1 < n)
                  ref_word (r, "restore");
                else
                  {
                    ref_word (r, "restore_and_pop");
                    LGTEST_CHECK (r->n_alts > 0 &&
                                      r->alts[r->n_alts - 1] == &alt,
                                  "reference: alternative stack broken");
                    r->n_alts--;
                  }
              }
            if (!ref_solve (r, node->children[i], k, state, trail))
              return false;
          }
        return true;
      }

    case LG_NODE_CUT_POINT:
      {
        if (node->n_children == 0)
          return ref_continue (r, k, state, trail);
        Pending mark = { NULL, r->n_alts, k };
        return ref_solve (r, node->children[0], &mark, state, trail);
      }

    case LG_NODE_CUT:
      {
        size_t depth = 0;
        for (const Pending *q = k; q; q = q->next)
          if (!q->node)
            {
              depth = q->depth;
              break;
            }
        while (r->n_alts > depth)
          {
            ref_word (r, "cut");
            r->alts[--r->n_alts]->cut = true;
          }
        return ref_continue (r, k, state, trail);
      }

    case LG_NODE_TRUE:
      return ref_continue (r, k, state, trail);

    case LG_NODE_FALSE:
    default:
      return ref_fail (r);
    }
}

/* The reference log of a whole search, or false when over budget. */
static bool
ref_explore (const LgNode *root, size_t budget, GString *out,
             LgBacktrackingStats *stats)
{
  static const int zero[N_STATE] = { 0 };
  Ref r = { .log = out, .budget = budget };
  lg_backtracking_measure (root, &r.size);
  log_word (out, "clear");
  if (!ref_solve (&r, root, NULL, zero, NULL))
    return false;
  log_word (out, "END");
  ck_assert_uint_eq (r.n_alts, 0);
  *stats = r.stats;
  /* Each failure and each search_next (one per success) is a backtrack. */
  stats->backtracks = r.failures + r.stats.successes;
  return true;
}

#define MAX_DEPTH 5

/* Set: gen_node makes no CUT and no CUT_POINT (graphs that flatten). */
static bool gen_without_cuts;

static LgNode *
gen_node (Graph *g, uint64_t *rng, int depth)
{
  uint32_t r = lgtest_rand_below (rng, 100);
  if (depth >= MAX_DEPTH || r < (depth < 2 ? 4u : 22u))
    {
      uint32_t a = lgtest_rand_below (rng, 100);
      if (a < 80)
        {
          LgNode *node;
          TLeaf *leaf = graph_leaf (g, &node);
          char base[16];
          leaf->ok = lgtest_rand_below (rng, 100) < 85;
          if (lgtest_rand_below (rng, 100) < 60)
            {
              leaf->set_index = (int) lgtest_rand_below (rng, N_STATE);
              leaf->set_value = (int) lgtest_rand_below (rng, 3);
            }
          if (lgtest_rand_below (rng, 100) < 12)
            {
              leaf->need_index = (int) lgtest_rand_below (rng, N_STATE);
              leaf->need_value = (int) lgtest_rand_below (rng, 3);
            }
          snprintf (base, sizeof base, "L%zu", g->n_leaves - 1);
          leaf_format_name (leaf, base);
          return node;
        }
      if (a < 88)
        return graph_node (g, LG_NODE_TRUE, NULL, 0);
      if (a < 95 || gen_without_cuts)
        return graph_node (g, LG_NODE_FALSE, NULL, 0);
      return graph_node (g, LG_NODE_CUT, NULL, 0);
    }
  LgNode *children[MAX_CHILDREN];
  if (r < 90 || gen_without_cuts)
    {
      size_t n =
          lgtest_rand_below (rng, 100) < 6 ? 0 : 1 + lgtest_rand_below (rng, 4);
      for (size_t i = 0; i < n; i++)
        children[i] = gen_node (g, rng, depth + 1);
      return graph_node (g, r < 52 ? LG_NODE_AND : LG_NODE_OR, children, n);
    }
  children[0] = gen_node (g, rng, depth + 1);
  return graph_node (g, LG_NODE_CUT_POINT, children, 1);
}

#define N_RANDOM_GRAPHS 400
#define RANDOM_BUDGET 20000

START_TEST (test_backtracking_random)
{
  uint64_t rng = 20240611;
  Ctx *ctx = ctx_new ();
  ctx->with_state = ctx->with_depth = true;
  /* One explorer for all the graphs: its arrays grow as they come. */
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);
  GString *want = g_string_new (NULL);
  GString *text = g_string_new (NULL);
  int done = 0, skipped = 0;
  uint64_t total_successes = 0, total_cuts = 0, total_leaves = 0;

  while (done < N_RANDOM_GRAPHS)
    {
      Graph *g = graph_new ();
      LgNode *root = gen_node (g, &rng, 0);
      LgBacktrackingStats ref_stats = { 0 };
      g_string_truncate (want, 0);
      if (!ref_explore (root, RANDOM_BUDGET, want, &ref_stats))
        {
          skipped++;
          free (g);
          continue;
        }
      g_string_truncate (ctx->log, 0);
      size_t n = run_search (bt, root, ctx, ref_stats.successes + 1);
      g_string_truncate (text, 0);
      g_string_printf (text, "random graph %d ", done);
      graph_print (text, root);
      assert_same_log (want->str, ctx->log->str, text->str);
      ck_assert_uint_eq (n, ref_stats.successes);

      const LgBacktrackingStats *st = lg_backtracking_stats (bt);
      ck_assert_msg (
          memcmp (st, &ref_stats, sizeof ref_stats) == 0,
          "%s: stats %ju %ju %ju %ju %ju, want %ju %ju %ju %ju %ju", text->str,
          (uintmax_t) st->nodes, (uintmax_t) st->leaves,
          (uintmax_t) st->alternatives, (uintmax_t) st->backtracks,
          (uintmax_t) st->successes, (uintmax_t) ref_stats.nodes,
          (uintmax_t) ref_stats.leaves, (uintmax_t) ref_stats.alternatives,
          (uintmax_t) ref_stats.backtracks, (uintmax_t) ref_stats.successes);
      LgGraphSize size;
      lg_backtracking_measure (root, &size);
      ck_assert_uint_le (ctx->max_marks, size.max_path_alternatives);

      total_successes += n;
      total_leaves += st->leaves;
      for (const char *c = strstr (want->str, " cut"); c;
           c = strstr (c + 1, " cut"))
        total_cuts++;
      done++;
      free (g);
    }
  /* The generator is not degenerate: the graphs do succeed, fail and cut,
   * and few are too big for the budget. */
  ck_assert_int_lt (skipped, N_RANDOM_GRAPHS / 10);
  ck_assert_uint_gt (total_successes, 2 * N_RANDOM_GRAPHS);
  ck_assert_uint_gt (total_cuts, N_RANDOM_GRAPHS / 2);
  ck_assert_uint_gt (total_leaves, 10 * N_RANDOM_GRAPHS);

  g_string_free (want, TRUE);
  g_string_free (text, TRUE);
  lg_backtracking_free (bt);
  ctx_free (ctx);
}
END_TEST

/* ---- flat: the flattened tree explores like the graph ------------------- */

/* The recording context's hooks, reshaped for backtracking_flat.h: the
 * same log words at the same moments. */
static bool
flat_leaf (void *context, void *data)
{
  LgNode node = { .kind = LG_NODE_LEAF, .data = data };
  return ctx_explore (context, &node);
}

static uint32_t
flat_run (void *context, const LgFlatNode *leaves, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    if (!flat_leaf (context, leaves[k].data))
      return k;
  return n;
}

static size_t
flat_push (void *context, uint64_t nodes, double done)
{
  (void) nodes;
  (void) done;
  ctx_push (context);
  return ((Ctx *) context)->n_undo;
}

static void
flat_restore (void *context, size_t mark, bool pop)
{
  Ctx *ctx = context;
  if (pop)
    ctx_restore_and_pop (ctx);
  else
    ctx_restore (ctx);
  ck_assert_uint_eq (ctx->n_undo, mark);
}

/* run_search over the flat form of the graph under root. */
static size_t
run_flat_search (const LgNode *root, Ctx *ctx, size_t max_successes,
                 LgBacktrackingStats *stats)
{
  LgFlatGraph *flat = lg_flat_graph_new (root);
  ck_assert_ptr_nonnull (flat);
  LgFlatSearch search;
  lg_flat_search_init (&search, flat);
  ctx_clear (ctx);
  size_t n = 0;
  bool found = lg_flat_search_run (&search, false, ctx, flat_leaf, flat_run,
                                   flat_push, flat_restore);
  while (found)
    {
      n++;
      ctx_log_success (ctx);
      if (max_successes && n >= max_successes)
        break;
      found = lg_flat_search_run (&search, true, ctx, flat_leaf, flat_run,
                                  flat_push, flat_restore);
    }
  if (!found)
    {
      log_word (ctx->log, "END");
      ck_assert_uint_eq (ctx->n_marks, 0);
    }
  *stats = search.stats;
  lg_flat_search_clear (&search);
  lg_flat_graph_free (flat);
  return n;
}

/* Both explorations of the graph written in text give the same log and
 * counters; max_successes as for run_search. */
static void
check_flat_same (const LgNode *root, const char *what, size_t max_successes)
{
  Ctx *ctx = ctx_new ();
  ctx->with_state = ctx->with_depth = true;
  LgBacktracking *bt = lg_backtracking_new (&ctx_hooks, ctx);
  size_t n = run_search (bt, (LgNode *) root, ctx, max_successes);
  GString *want = g_string_new (ctx->log->str);
  LgBacktrackingStats want_stats = *lg_backtracking_stats (bt);
  g_string_truncate (ctx->log, 0);
  LgBacktrackingStats stats;
  size_t n_flat = run_flat_search (root, ctx, max_successes, &stats);
  assert_same_log (want->str, ctx->log->str, what);
  ck_assert_uint_eq (n_flat, n);
  ck_assert_msg (memcmp (&stats, &want_stats, sizeof stats) == 0,
                 "%s: flat stats %ju %ju %ju %ju %ju, want %ju %ju %ju %ju %ju",
                 what, (uintmax_t) stats.nodes, (uintmax_t) stats.leaves,
                 (uintmax_t) stats.alternatives, (uintmax_t) stats.backtracks,
                 (uintmax_t) stats.successes, (uintmax_t) want_stats.nodes,
                 (uintmax_t) want_stats.leaves,
                 (uintmax_t) want_stats.alternatives,
                 (uintmax_t) want_stats.backtracks,
                 (uintmax_t) want_stats.successes);
  g_string_free (want, TRUE);
  lg_backtracking_free (bt);
  ctx_free (ctx);
}

static void
check_flat_text (const char *text)
{
  Graph *g = graph_new ();
  check_flat_same (graph_parse (g, text), text, 0);
  free (g);
}

START_TEST (test_backtracking_flat_shapes)
{
  /* every kind, and the shapes the flattening rewrites: AND and OR of
   * none, OR of one, runs of leaves (an AND of leaves only) of one and
   * more, runs that fail at their first, middle and last leaf */
  check_flat_text ("a");
  check_flat_text ("-a");
  check_flat_text ("true");
  check_flat_text ("false");
  check_flat_text ("(and)");
  check_flat_text ("(or)");
  check_flat_text ("(or a)");
  check_flat_text ("(and a)");
  check_flat_text ("(and a b c)");
  check_flat_text ("(and -a b c)");
  check_flat_text ("(and a -b c)");
  check_flat_text ("(and a b -c)");
  check_flat_text ("(or (and a b) (and c -d) (and e))");
  check_flat_text ("(and (or a b c) (or (and d e) (and -f g) h) (or) i)");
  check_flat_text ("(and (or a@0=1 b@0=2) (or (and c@0?2 d) (and e f@1=1))"
                   " (or g@1?1 h@0?1 (and)) (or (or i j) k))");
  check_flat_text ("(or (and (or a b) c) (and (or d (and -e f)) (or g h)))");
}
END_TEST

/* The share of the search finished (backtracking_flat.h), as the pushes
 * see it and at the end: in (and (or a b) (or -c -d -e)) each child of the
 * first OR stands for a half, each child of the second for a sixth of it;
 * the first half is finished when the search goes back to b, and of the
 * second half the second OR's first two children (the last one's end is
 * never counted: the search ends there). */
static double pushed_done[8];
static guint n_pushed;

static size_t
flat_push_done (void *context, uint64_t nodes, double done)
{
  ck_assert_uint_lt (n_pushed, G_N_ELEMENTS (pushed_done));
  pushed_done[n_pushed++] = done;
  return flat_push (context, nodes, done);
}

START_TEST (test_backtracking_flat_done)
{
  Graph *g = graph_new ();
  LgFlatGraph *flat =
      lg_flat_graph_new (graph_parse (g, "(and (or a b) (or -c -d -e))"));
  ck_assert_ptr_nonnull (flat);
  Ctx *ctx = ctx_new ();
  LgFlatSearch search;
  lg_flat_search_init (&search, flat);
  ck_assert_double_eq (search.done, 0);
  n_pushed = 0;
  ck_assert (!lg_flat_search_run (&search, false, ctx, flat_leaf, flat_run,
                                  flat_push_done, flat_restore));
  ck_assert_uint_eq (n_pushed, 3);
  ck_assert_double_eq (pushed_done[0], 0);
  ck_assert_double_eq (pushed_done[1], 0);
  ck_assert_double_eq_tol (pushed_done[2], 0.5, 1e-12);
  ck_assert_double_eq_tol (search.done, 0.5 + 2.0 / 6, 1e-12);
  /* an OR whose last child is an OR: two thirds, and the first half of
   * the last third */
  lg_flat_search_clear (&search);
  lg_flat_graph_free (flat);
  flat = lg_flat_graph_new (graph_parse (g, "(or -a -b (or -c -d))"));
  lg_flat_search_init (&search, flat);
  ctx_clear (ctx);
  ck_assert (!lg_flat_search_run (&search, false, ctx, flat_leaf, flat_run,
                                  flat_push, flat_restore));
  ck_assert_double_eq_tol (search.done, 2.0 / 3 + 1.0 / 6, 1e-12);
  lg_flat_search_clear (&search);
  lg_flat_graph_free (flat);
  ctx_free (ctx);
  free (g);
}
END_TEST

/* A graph with a CUT or a CUT_POINT does not flatten. */
START_TEST (test_backtracking_flat_refuses_cuts)
{
  Graph *g = graph_new ();
  ck_assert_ptr_null (lg_flat_graph_new (graph_parse (g, "(and a (or b cut))")));
  ck_assert_ptr_null (lg_flat_graph_new (graph_parse (g, "(cutpoint (or a b))")));
  ck_assert_ptr_null (lg_flat_graph_new (NULL));
  free (g);
}
END_TEST

START_TEST (test_backtracking_flat_random)
{
  uint64_t rng = 20261130;
  gen_without_cuts = true;
  GString *text = g_string_new (NULL);
  GString *scratch = g_string_new (NULL);
  int skipped = 0;
  for (int done = 0; done < N_RANDOM_GRAPHS;)
    {
      Graph *g = graph_new ();
      LgNode *root = gen_node (g, &rng, 0);
      LgBacktrackingStats ref_stats;
      g_string_truncate (scratch, 0);
      if (!ref_explore (root, RANDOM_BUDGET, scratch, &ref_stats))
        {
          skipped++;
          free (g);
          continue;
        }
      done++;
      g_string_printf (text, "random graph %d ", done);
      graph_print (text, root);
      /* stop at some success now and then: search_next is resumable */
      check_flat_same (root, text->str, done % 3 == 0 ? 2 : 0);
      free (g);
    }
  gen_without_cuts = false;
  ck_assert_int_lt (skipped, N_RANDOM_GRAPHS / 10);
  g_string_free (scratch, TRUE);
  g_string_free (text, TRUE);
}
END_TEST

Suite *
lg_backtracking_suite (void)
{
  Suite *s = suite_create ("backtracking");
  TCase *tc = tcase_create ("order");
  tcase_add_test (tc, test_backtracking_single_leaf);
  tcase_add_test (tc, test_backtracking_and_of_leaves);
  tcase_add_test (tc, test_backtracking_or_three);
  tcase_add_test (tc, test_backtracking_nested);
  tcase_add_test (tc, test_backtracking_or_single_child);
  tcase_add_test (tc, test_backtracking_empty);
  tcase_add_test (tc, test_backtracking_true_false);
  tcase_add_test (tc, test_backtracking_shared_node);
  tcase_add_test (tc, test_backtracking_restart);
  tcase_add_test (tc, test_backtracking_default_hooks);
  suite_add_tcase (s, tc);

  tc = tcase_create ("state");
  tcase_add_test (tc, test_backtracking_state_restore);
  tcase_add_test (tc, test_backtracking_state_three_way);
  tcase_add_test (tc, test_backtracking_state_guards);
  tcase_add_test (tc, test_backtracking_state_cut);
  suite_add_tcase (s, tc);

  tc = tcase_create ("cut");
  tcase_add_test (tc, test_backtracking_cut_point);
  tcase_add_test (tc, test_backtracking_cut_without_point);
  tcase_add_test (tc, test_backtracking_cut_nested_points);
  tcase_add_test (tc, test_backtracking_not);
  tcase_add_test (tc, test_backtracking_cut_all);
  suite_add_tcase (s, tc);

  tc = tcase_create ("counts");
  tcase_add_test (tc, test_backtracking_stats);
  tcase_add_test (tc, test_backtracking_measure);
  suite_add_tcase (s, tc);

  tc = tcase_create ("random");
  tcase_add_test (tc, test_backtracking_random);
  suite_add_tcase (s, tc);

  tc = tcase_create ("flat");
  tcase_add_test (tc, test_backtracking_flat_shapes);
  tcase_add_test (tc, test_backtracking_flat_refuses_cuts);
  tcase_add_test (tc, test_backtracking_flat_done);
  tcase_add_test (tc, test_backtracking_flat_random);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_backtracking_suite ());
}
