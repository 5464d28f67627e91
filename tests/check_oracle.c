/* check_oracle — the whole solver against brute force.
 *
 * A few hundred seeded random small problems (n <= 4 items, 2 to 4 groups of
 * the three kinds, variables, yes/no couples, relations with arithmetic and
 * and/or/not; and a second series with couples inside and/or/not,
 * if-then, exactly/at least/at most k of, and identities) are solved by
 * lg_problem_solve and by exhaustive enumeration
 * of all (n!)^(G-1) combinations with an evaluator written here, independent
 * of the solver's.  The solver prints a solution once per path of the AND/OR
 * tree that admits it (SPEC section 5), so the expected multiplicity of a
 * combination is the product, over the constraint groups that hold couples,
 * of the number of assignments of the group's variables that satisfy all its
 * rules; a group of relations only counts once when some assignment holds.
 * The multisets must be equal.
 */
#include <glib.h>
#include <string.h>

#include "lgtest.h"
#include "logigram.h"
#include "permut.h"
#include "problems.h"
#include "checker.h"

#define MAX_G 4
#define MAX_N 4
#define MAX_VARS 4
#define MAX_RULES 8

/* ---- The test's own model of a problem --------------------------------- */

typedef struct
{
  int kind;               /* LgGroupKind */
  int value[MAX_N];       /* item values (ordered: index) */
} TGroup;

typedef struct
{
  int group;
  int index;              /* item index, or -1 for a variable */
  int var;                /* variable number when index < 0 */
} TRef;

typedef struct TExpr TExpr;
struct TExpr
{
  char op;                /* 'k' constant, 'r' ref, '+', '-', '*', 'a' abs */
  int value;
  TRef ref;
  TExpr *l, *r;
};

typedef struct TRule TRule;
struct TRule
{
  char op;   /* 'y' yes, 'n' no, '=', '!', '<', '>', 'l' <=, 'g' >=,
                '&' and, '|' or, '~' not, 'i' if a then b, 's' x is y,
                'd' x is not y, 'E' exactly, 'L' at least, 'M' at most */
  TRef x, y;
  TExpr *l, *r;
  TRule *a, *b;
  TRule *list[4];         /* E, L, M: n_list rules, k */
  int n_list, k;
};

typedef struct
{
  int n, G, n_vars;
  TGroup groups[MAX_G];
  int var_group[MAX_VARS];
  int n_rules;
  TRule *rules[MAX_RULES];
  gboolean logic;         /* couples inside logic, if, counts, identities */
  GPtrArray *garbage;
} TProblem;

static void *
tnew (TProblem *t, size_t size)
{
  void *p = g_malloc0 (size);
  g_ptr_array_add (t->garbage, p);
  return p;
}

/* ---- Random generation ---------------------------------------------------- */

static TRef
random_ref (TProblem *t, uint64_t *rng, gboolean like_integer, int not_group)
{
  TRef ref;
  for (;;)
    {
      if (t->n_vars > 0 && lgtest_rand_below (rng, 2) == 0)
        {
          ref.var = (int) lgtest_rand_below (rng, (uint32_t) t->n_vars);
          ref.group = t->var_group[ref.var];
          ref.index = -1;
        }
      else
        {
          ref.group = (int) lgtest_rand_below (rng, (uint32_t) t->G);
          ref.index = (int) lgtest_rand_below (rng, (uint32_t) t->n);
          ref.var = -1;
        }
      if (ref.group == not_group)
        continue;
      if (like_integer && t->groups[ref.group].kind == LG_GROUP_ATOMIC)
        continue;
      return ref;
    }
}

static gboolean
has_integer_group (TProblem *t)
{
  for (int g = 0; g < t->G; g++)
    if (t->groups[g].kind != LG_GROUP_ATOMIC)
      return TRUE;
  return FALSE;
}

static TExpr *
random_expr (TProblem *t, uint64_t *rng, int depth)
{
  TExpr *e = tnew (t, sizeof *e);
  uint32_t c = lgtest_rand_below (rng, depth > 1 ? 2 : 7);
  if (c == 0)
    {
      e->op = 'k';
      e->value = (int) lgtest_rand_below (rng, 7) - 3;
    }
  else if (c == 1)
    {
      e->op = 'r';
      e->ref = random_ref (t, rng, TRUE, -1);
    }
  else
    {
      static const char ops[] = "+-*a+";
      e->op = ops[c - 2];
      e->l = random_expr (t, rng, depth + 1);
      if (e->op != 'a')
        e->r = random_expr (t, rng, depth + 1);
    }
  return e;
}

static TRule *random_relation (TProblem *t, uint64_t *rng, int depth);

/* The new forms (t->logic): a couple, if-then, a count or an identity, or
 * any older relation. */
static TRule *
random_logic (TProblem *t, uint64_t *rng, int depth)
{
  TRule *r = tnew (t, sizeof *r);
  uint32_t c = lgtest_rand_below (rng, depth > 1 ? 4 : 9);
  if (c <= 1 || (c <= 3 && !has_integer_group (t)))
    {
      r->op = c == 0 ? 'n' : 'y';
      r->x = random_ref (t, rng, FALSE, -1);
      r->y = random_ref (t, rng, FALSE, r->x.group);
      return r;
    }
  if (c <= 3)
    return random_relation (t, rng, depth + 1);
  if (c == 4)
    {
      r->op = lgtest_rand_below (rng, 2) ? 's' : 'd';
      r->x = random_ref (t, rng, FALSE, -1);
      do
        r->y = random_ref (t, rng, FALSE, -1);
      while (r->y.group != r->x.group);
      return r;
    }
  if (c == 5)
    {
      r->op = 'i';
      r->a = random_logic (t, rng, depth + 1);
      r->b = random_logic (t, rng, depth + 1);
      return r;
    }
  if (c == 6)
    {
      r->op = "&|~"[lgtest_rand_below (rng, 3)];
      r->a = random_logic (t, rng, depth + 1);
      if (r->op != '~')
        r->b = random_logic (t, rng, depth + 1);
      return r;
    }
  r->op = "ELM"[lgtest_rand_below (rng, 3)];
  r->n_list = 1 + (int) lgtest_rand_below (rng, 4);
  r->k = (int) lgtest_rand_below (rng, (uint32_t) r->n_list + 2);
  for (int i = 0; i < r->n_list; i++)
    r->list[i] = random_logic (t, rng, depth + 1);
  return r;
}

static TRule *
random_relation (TProblem *t, uint64_t *rng, int depth)
{
  if (t->logic && depth == 0)
    return random_logic (t, rng, 0);
  TRule *r = tnew (t, sizeof *r);
  uint32_t c = lgtest_rand_below (rng, depth > 0 ? 6 : 9);
  if (c >= 6)
    {
      r->op = "&|~"[c - 6];
      r->a = random_relation (t, rng, depth + 1);
      if (r->op != '~')
        r->b = random_relation (t, rng, depth + 1);
      return r;
    }
  r->op = "=!<>lg"[c];
  r->l = random_expr (t, rng, 0);
  r->r = random_expr (t, rng, 0);
  return r;
}

static void
random_problem (TProblem *t, uint64_t seed, gboolean logic)
{
  uint64_t rng = seed;
  memset (t, 0, sizeof *t);
  t->logic = logic;
  t->garbage = g_ptr_array_new_with_free_func (g_free);
  t->n = 2 + (int) lgtest_rand_below (&rng, MAX_N - 1);
  t->G = 2 + (int) lgtest_rand_below (&rng, MAX_G - 1);
  if (t->n == 4 && t->G == 4)
    t->G = 3; /* keep (n!)^(G-1) small */
  for (int g = 0; g < t->G; g++)
    {
      TGroup *group = &t->groups[g];
      group->kind = (int) lgtest_rand_below (&rng, 3);
      int v = (int) lgtest_rand_below (&rng, 5) - 2;
      for (int i = 0; i < t->n; i++)
        {
          if (group->kind == LG_GROUP_ORDERED)
            group->value[i] = i;
          else /* distinct, not sorted */
            {
              v += 1 + (int) lgtest_rand_below (&rng, 3);
              group->value[i] = lgtest_rand_below (&rng, 2) ? v : -v - 100;
            }
        }
    }
  t->n_vars = (int) lgtest_rand_below (&rng, MAX_VARS + 1);
  for (int v = 0; v < t->n_vars; v++)
    t->var_group[v] = (int) lgtest_rand_below (&rng, (uint32_t) t->G);
  t->n_rules = 1 + (int) lgtest_rand_below (&rng, MAX_RULES);
  for (int k = 0; k < t->n_rules; k++)
    {
      if ((t->logic || has_integer_group (t))
          && lgtest_rand_below (&rng, 3) == 0)
        {
          t->rules[k] = random_relation (t, &rng, 0);
          continue;
        }
      TRule *r = tnew (t, sizeof *r);
      r->op = lgtest_rand_below (&rng, 3) ? 'y' : 'n';
      r->x = random_ref (t, &rng, FALSE, -1);
      r->y = random_ref (t, &rng, FALSE, r->x.group);
      t->rules[k] = r;
    }
}

/* ---- Building the same problem through the API ------------------------------ */

typedef struct
{
  LgProblem *p;
  LgItem *vars[MAX_VARS];
  TProblem *t;
} Build;

static LgItem *
build_ref (Build *b, TRef ref)
{
  if (ref.index < 0)
    return b->vars[ref.var];
  char group[8], item[16];
  g_snprintf (group, sizeof group, "g%d", ref.group);
  TGroup *g = &b->t->groups[ref.group];
  if (g->kind == LG_GROUP_NUMERIC)
    g_snprintf (item, sizeof item, "%d", g->value[ref.index]);
  else
    g_snprintf (item, sizeof item, "i%d", ref.index);
  return lg_item (b->p, group, item);
}

static LgExpr *
build_expr (Build *b, const TExpr *e)
{
  switch (e->op)
    {
    case 'k':
      return lg_num (b->p, e->value);
    case 'r':
      return lg_ref (b->p, build_ref (b, e->ref));
    case '+':
      return lg_add (b->p, build_expr (b, e->l), build_expr (b, e->r));
    case '-':
      return lg_sub (b->p, build_expr (b, e->l), build_expr (b, e->r));
    case '*':
      return lg_mul (b->p, build_expr (b, e->l), build_expr (b, e->r));
    default:
      return lg_abs (b->p, build_expr (b, e->l));
    }
}

static LgRule *
build_rule (Build *b, const TRule *r)
{
  LgProblem *p = b->p;
  switch (r->op)
    {
    case 'y':
      return lg_yes (p, build_ref (b, r->x), build_ref (b, r->y));
    case 'n':
      return lg_no (p, build_ref (b, r->x), build_ref (b, r->y));
    case '&':
      return lg_and (p, build_rule (b, r->a), build_rule (b, r->b));
    case '|':
      return lg_or (p, build_rule (b, r->a), build_rule (b, r->b));
    case '~':
      return lg_not (p, build_rule (b, r->a));
    case 'i':
      return lg_if (p, build_rule (b, r->a), build_rule (b, r->b));
    case 's':
      return lg_same (p, build_ref (b, r->x), build_ref (b, r->y));
    case 'd':
      return lg_different (p, build_ref (b, r->x), build_ref (b, r->y));
    case 'E':
    case 'L':
    case 'M':
      {
        LgRule *list[4];
        for (int i = 0; i < r->n_list; i++)
          list[i] = build_rule (b, r->list[i]);
        return (r->op == 'E' ? lg_exactly
                : r->op == 'L' ? lg_at_least
                : lg_at_most) (p, (guint) r->k, list, (guint) r->n_list);
      }
    default:
      break;
    }
  LgExpr *l = build_expr (b, r->l), *rr = build_expr (b, r->r);
  switch (r->op)
    {
    case '=':
      return lg_eq (p, l, rr);
    case '!':
      return lg_neq (p, l, rr);
    case '<':
      return lg_lt (p, l, rr);
    case '>':
      return lg_gt (p, l, rr);
    case 'l':
      return lg_le (p, l, rr);
    default:
      return lg_ge (p, l, rr);
    }
}

static LgProblem *
build_problem (TProblem *t)
{
  Build b = { lg_problem_new (), { 0 }, t };
  for (int g = 0; g < t->G; g++)
    {
      char name[8];
      g_snprintf (name, sizeof name, "g%d", g);
      LgGroup *group = lg_group (b.p, t->groups[g].kind, name, NULL);
      for (int i = 0; i < t->n; i++)
        {
          char item[16];
          if (t->groups[g].kind == LG_GROUP_NUMERIC)
            g_snprintf (item, sizeof item, "%d", t->groups[g].value[i]);
          else
            g_snprintf (item, sizeof item, "i%d", i);
          lg_group_add_item (b.p, group, item);
        }
    }
  for (int v = 0; v < t->n_vars; v++)
    {
      char group[8];
      g_snprintf (group, sizeof group, "g%d", t->var_group[v]);
      b.vars[v] = lg_some (b.p, group);
    }
  for (int k = 0; k < t->n_rules; k++)
    ck_assert_uint_eq (lg_rule (b.p, build_rule (&b, t->rules[k])),
                       (guint) k + 1);
  return b.p;
}

/* ---- The brute-force evaluator -------------------------------------------- */

typedef struct
{
  TProblem *t;
  const uint8_t *perm[MAX_G]; /* row -> item index, per group */
  int var_item[MAX_VARS];
} World;

static int
ref_index (const World *w, TRef ref)
{
  return ref.index >= 0 ? ref.index : w->var_item[ref.var];
}

static int
row_of (const World *w, int group, int index)
{
  for (int r = 0; r < w->t->n; r++)
    if (w->perm[group][r] == index)
      return r;
  g_assert_not_reached ();
}

static long long
eval_expr (const World *w, const TExpr *e)
{
  switch (e->op)
    {
    case 'k':
      return e->value;
    case 'r':
      return w->t->groups[e->ref.group].value[ref_index (w, e->ref)];
    case '+':
      return eval_expr (w, e->l) + eval_expr (w, e->r);
    case '-':
      return eval_expr (w, e->l) - eval_expr (w, e->r);
    case '*':
      return eval_expr (w, e->l) * eval_expr (w, e->r);
    default:
      {
        long long v = eval_expr (w, e->l);
        return v < 0 ? -v : v;
      }
    }
}

static gboolean
eval_rule (const World *w, const TRule *r)
{
  switch (r->op)
    {
    case 'y':
    case 'n':
      {
        gboolean together = row_of (w, r->x.group, ref_index (w, r->x))
                            == row_of (w, r->y.group, ref_index (w, r->y));
        return r->op == 'y' ? together : !together;
      }
    case '&':
      return eval_rule (w, r->a) && eval_rule (w, r->b);
    case '|':
      return eval_rule (w, r->a) || eval_rule (w, r->b);
    case '~':
      return !eval_rule (w, r->a);
    case 'i':
      return !eval_rule (w, r->a) || eval_rule (w, r->b);
    case 's':
    case 'd':
      return (ref_index (w, r->x) == ref_index (w, r->y)) == (r->op == 's');
    case 'E':
    case 'L':
    case 'M':
      {
        int count = 0;
        for (int i = 0; i < r->n_list; i++)
          count += eval_rule (w, r->list[i]);
        return r->op == 'E' ? count == r->k
               : r->op == 'L' ? count >= r->k
               : count <= r->k;
      }
    default:
      break;
    }
  long long a = eval_expr (w, r->l), b = eval_expr (w, r->r);
  switch (r->op)
    {
    case '=':
      return a == b;
    case '!':
      return a != b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case 'l':
      return a <= b;
    default:
      return a >= b;
    }
}

static void
ref_vars (TRef ref, guint *mask)
{
  if (ref.index < 0)
    *mask |= 1u << ref.var;
}

static void
expr_vars (const TExpr *e, guint *mask)
{
  if (!e)
    return;
  if (e->op == 'r')
    ref_vars (e->ref, mask);
  expr_vars (e->l, mask);
  expr_vars (e->r, mask);
}

static guint
rule_vars (const TRule *r)
{
  guint mask = 0;
  if (strchr ("ynsd", r->op))
    {
      ref_vars (r->x, &mask);
      ref_vars (r->y, &mask);
      return mask;
    }
  for (int i = 0; i < r->n_list; i++)
    mask |= rule_vars (r->list[i]);
  expr_vars (r->l, &mask);
  expr_vars (r->r, &mask);
  if (r->a)
    mask |= rule_vars (r->a);
  if (r->b)
    mask |= rule_vars (r->b);
  return mask;
}

/* A couple, or a rule with a couple inside: the tree has a path per
 * assignment of its scope that satisfies it (the alternatives of one
 * assignment exclude one another). */
static gboolean
is_couple (const TRule *r)
{
  if (r->op == 'y' || r->op == 'n')
    return TRUE;
  for (int i = 0; i < r->n_list; i++)
    if (is_couple (r->list[i]))
      return TRUE;
  return (r->a && is_couple (r->a)) || (r->b && is_couple (r->b));
}

/* Scopes: rules linked by shared variables (computed here by closure, not
 * with the solver's partition).  scope[k] = -1 for rules without variable. */
static int
compute_scopes (const TProblem *t, int *scope, guint *scope_vars)
{
  int n_scopes = 0;
  for (int k = 0; k < t->n_rules; k++)
    {
      guint vars = rule_vars (t->rules[k]);
      scope[k] = -1;
      if (!vars)
        continue;
      int s = -1;
      for (int j = 0; j < n_scopes; j++)
        if (scope_vars[j] & vars)
          {
            if (s < 0)
              {
                s = j;
                scope_vars[j] |= vars;
              }
            else /* merge j into s */
              {
                scope_vars[s] |= scope_vars[j];
                scope_vars[j] = 0;
                for (int i = 0; i < k; i++)
                  if (scope[i] == j)
                    scope[i] = s;
              }
          }
      if (s < 0)
        {
          s = n_scopes++;
          scope_vars[s] = vars;
        }
      scope[k] = s;
    }
  return n_scopes;
}

/* Number of assignments of the scope's variables satisfying its rules. */
static guint64
count_assignments (World *w, const int *scope, int s, guint vars, int v)
{
  TProblem *t = w->t;
  while (v < t->n_vars && !(vars & (1u << v)))
    v++;
  if (v == t->n_vars)
    {
      for (int k = 0; k < t->n_rules; k++)
        if (scope[k] == s && !eval_rule (w, t->rules[k]))
          return 0;
      return 1;
    }
  guint64 total = 0;
  for (int i = 0; i < t->n; i++)
    {
      w->var_item[v] = i;
      total += count_assignments (w, scope, s, vars, v + 1);
    }
  return total;
}

static guint64
multiplicity (World *w, const int *scope, const guint *scope_vars,
              int n_scopes)
{
  TProblem *t = w->t;
  for (int k = 0; k < t->n_rules; k++)
    if (scope[k] < 0 && !eval_rule (w, t->rules[k]))
      return 0;
  guint64 m = 1;
  for (int s = 0; s < n_scopes && m; s++)
    {
      if (!scope_vars[s])
        continue;
      gboolean has_couple = FALSE;
      for (int k = 0; k < t->n_rules; k++)
        has_couple |= scope[k] == s && is_couple (t->rules[k]);
      guint64 c = count_assignments (w, scope, s, scope_vars[s], 0);
      m *= has_couple ? c : (c > 0);
    }
  return m;
}

static char *
key_of (const TProblem *t, const uint8_t *const *perm)
{
  GString *key = g_string_new (NULL);
  for (int g = 0; g < t->G; g++)
    {
      for (int r = 0; r < t->n; r++)
        g_string_append_c (key, (char) ('0' + perm[g][r]));
      g_string_append_c (key, '|');
    }
  return g_string_free (key, FALSE);
}

static void
enumerate (World *w, int g, const LgPermut *permut, const int *scope,
           const guint *scope_vars, int n_scopes, GHashTable *expected)
{
  if (g == w->t->G)
    {
      guint64 m = multiplicity (w, scope, scope_vars, n_scopes);
      if (m)
        g_hash_table_insert (expected, key_of (w->t, w->perm),
                             GSIZE_TO_POINTER ((gsize) m));
      return;
    }
  for (size_t r = 0; r < permut->count; r++)
    {
      w->perm[g] = lg_permut_get (permut, r);
      enumerate (w, g + 1, permut, scope, scope_vars, n_scopes, expected);
    }
}

/* ---- The test -------------------------------------------------------------- */

typedef struct
{
  TProblem *t;
  GHashTable *found; /* key -> count */
} Collect;

static gboolean
collect (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  Collect *c = data;
  uint8_t rows[MAX_G][MAX_N];
  const uint8_t *perm[MAX_G];
  for (int g = 0; g < c->t->G; g++)
    {
      LgGroup *group = lg_problem_get_group (p, (guint) g);
      for (int r = 0; r < c->t->n; r++)
        {
          const LgItem *item = lg_solution_get (solution, (guint) g,
                                                (guint) r);
          guint index = 0;
          while (lg_group_get_item (group, index) != item)
            index++;
          rows[g][r] = (uint8_t) index;
        }
      perm[g] = rows[g];
    }
  char *key = key_of (c->t, perm);
  gsize n = GPOINTER_TO_SIZE (g_hash_table_lookup (c->found, key));
  g_hash_table_replace (c->found, key, GSIZE_TO_POINTER (n + 1));
  return TRUE;
}

/* Solves p with the given options and checks the solutions against the
 * expected multiset: each distinct solution once, and the times the tree
 * reached one again (the multiplicities less one, summed) counted as
 * duplicates. */
static void
check_variant (TProblem *t, LgProblem *p, GHashTable *expected, int seed,
               gboolean challenge, LgCheck check, LgEngine engine)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.engine = engine;
  g_autoptr (GError) error = NULL;
  opts.challenge = challenge;
  opts.check = check;
  Collect c = { t, g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          NULL) };
  LgStats stats = { 0 };
  gint64 n = lg_problem_solve (p, &opts, &stats, collect, &c, &error);
  ck_assert_msg (n >= 0, "seed %d: %s", seed, error ? error->message : "");
  guint64 total = 0;
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, expected);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      total += GPOINTER_TO_SIZE (value);
      ck_assert_msg (GPOINTER_TO_SIZE (g_hash_table_lookup (c.found, key)) == 1,
                     "seed %d (challenge %d, check %d): solution %s found "
                     "%zu times, not once (the tree reaches it %zu times)",
                     seed, challenge, check, (char *) key,
                     GPOINTER_TO_SIZE (g_hash_table_lookup (c.found, key)),
                     GPOINTER_TO_SIZE (value));
    }
  ck_assert_msg (g_hash_table_size (c.found) == g_hash_table_size (expected),
                 "seed %d (challenge %d, check %d): %u distinct solutions "
                 "found, %u expected",
                 seed, challenge, check, g_hash_table_size (c.found),
                 g_hash_table_size (expected));
  ck_assert_int_eq (n, (gint64) g_hash_table_size (expected));
  ck_assert_uint_eq (stats.solutions, g_hash_table_size (expected));
  /* the faithful engine's tree reaches them along every path; the fast one
   * along one */
  if (stats.engine == LG_ENGINE_FAITHFUL)
    ck_assert_uint_eq (stats.solutions + stats.duplicates, total);
  else
    ck_assert_uint_eq (stats.duplicates, 0);
  ck_assert (stats.complete);
  g_hash_table_unref (c.found);
}

/* One random problem (seed), with the new forms of logic or not. */
static void
check_random_problem (int _i, uint64_t salt, gboolean logic)
{
  TProblem t;
  random_problem (&t, salt * (uint64_t) (_i + 1), logic);
  g_autoptr (LgProblem) p = build_problem (&t);
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_problem_validate (p, &error), "seed %d: %s", _i,
                 error ? error->message : "");

  GHashTable *expected = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                g_free, NULL);
  int scope[MAX_RULES];
  guint scope_vars[MAX_RULES] = { 0 };
  int n_scopes = compute_scopes (&t, scope, scope_vars);
  LgPermut *permut = lg_permut_new (t.n);
  World w = { .t = &t };
  w.perm[0] = lg_permut_get (permut, 0); /* group 0: the identity */
  enumerate (&w, 1, permut, scope, scope_vars, n_scopes, expected);

  /* the faithful default, and the tutorial's improvements: the same
   * solutions, each once */
  static const LgCheck checks[]
      = { LG_CHECK_FAITHFUL, LG_CHECK_INTERSECT, LG_CHECK_FEWEST };
  for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
    for (int challenge = 0; challenge <= 1; challenge++)
      check_variant (&t, p, expected, _i, challenge, checks[c],
                     LG_ENGINE_FAITHFUL);
  /* and the other engines: the same distinct solutions */
  check_variant (&t, p, expected, _i, FALSE, LG_CHECK_FAITHFUL,
                 LG_ENGINE_FAST);
  check_variant (&t, p, expected, _i, FALSE, LG_CHECK_FAITHFUL,
                 LG_ENGINE_AUTO);

  lg_permut_free (permut);
  g_hash_table_unref (expected);
  g_ptr_array_unref (t.garbage);
}

START_TEST (test_oracle_random_problems)
{
  check_random_problem (_i, UINT64_C (0x9e3779b97f4a7c15), FALSE);
}
END_TEST

/* Couples inside and, or, not, if-then and counts, and identities. */
START_TEST (test_oracle_random_logic)
{
  check_random_problem (_i, UINT64_C (0x2545f4914f6cdd1d), TRUE);
}
END_TEST

/* The same problems with a rule dropped: the oracle without that rule. */
START_TEST (test_oracle_drop_rule)
{
  TProblem t;
  random_problem (&t, UINT64_C (0xd1b54a32d192ed03) * (uint64_t) (_i + 1),
                  FALSE);
  if (t.n_rules < 2)
    {
      g_ptr_array_unref (t.garbage);
      return;
    }
  g_autoptr (LgProblem) p = build_problem (&t);
  int drop = _i % t.n_rules;
  ck_assert (lg_problem_drop_rule (p, (guint) drop + 1, NULL));
  LgStats stats = { 0 };
  gint64 n = lg_problem_solve (p, NULL, &stats, NULL, NULL, NULL);

  memmove (&t.rules[drop], &t.rules[drop + 1],
           (size_t) (t.n_rules - drop - 1) * sizeof t.rules[0]);
  t.n_rules--;
  int scope[MAX_RULES];
  guint scope_vars[MAX_RULES] = { 0 };
  int n_scopes = compute_scopes (&t, scope, scope_vars);
  GHashTable *expected = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                g_free, NULL);
  LgPermut *permut = lg_permut_new (t.n);
  World w = { .t = &t };
  w.perm[0] = lg_permut_get (permut, 0);
  enumerate (&w, 1, permut, scope, scope_vars, n_scopes, expected);
  guint64 total = 0;
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, expected);
  while (g_hash_table_iter_next (&it, &key, &value))
    total += GPOINTER_TO_SIZE (value);
  /* each distinct solution once; the tree's other paths to them skipped */
  ck_assert_int_eq (n, (gint64) g_hash_table_size (expected));
  ck_assert_uint_eq (stats.solutions + stats.duplicates, total);
  lg_permut_free (permut);
  g_hash_table_unref (expected);
  g_ptr_array_unref (t.garbage);
}
END_TEST

/* ---- The tutorial problems: every solution checked against every rule -- */

typedef struct
{
  guint n;
  GHashTable *seen;
} Verify;

static gboolean
verify_solution (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  Verify *v = data;
  guint G = lg_problem_n_groups (p);
  uint8_t rows[16][16];
  const uint8_t *perm[16];
  char *key = lgtest_solution_rows (p, solution, rows, '\0');
  for (guint g = 0; g < G; g++)
    perm[g] = rows[g];
  ck_assert_msg (lg_checker_verify (p, NULL, perm), "solution %s breaks a rule",
                 key);
  ck_assert_msg (!g_hash_table_contains (v->seen, key),
                 "solution %s printed twice", key);
  g_hash_table_add (v->seen, key);
  v->n++;
  return TRUE;
}

static const struct
{
  const char *problem;
  guint drop;
  guint expected;
} tutorial_cases[] = {
  { "classic", 0, 1 }, { "small", 0, 1 }, { "jojo", 0, 1 },
  { "big", 0, 1 },     { "classic", 1, 25 },
};

START_TEST (test_oracle_tutorial_solutions_satisfy_every_rule)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) p = lg_problems_load (tutorial_cases[_i].problem,
                                              &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  if (tutorial_cases[_i].drop)
    ck_assert (lg_problem_drop_rule (p, tutorial_cases[_i].drop, NULL));
  Verify v = { 0, g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         NULL) };
  gint64 n = lg_problem_solve (p, NULL, NULL, verify_solution, &v, &error);
  ck_assert_int_eq (n, tutorial_cases[_i].expected);
  ck_assert_uint_eq (v.n, tutorial_cases[_i].expected);
  g_hash_table_unref (v.seen);
}
END_TEST

/* ---- Larger dimensions: the strategies agree with each other ----------- */

/* n = 7..9 take the paths without composition table (7, 8) or without
 * inverse table (9): the variants must find the same solutions, each
 * passing the brute-force check of every rule. */
static LgProblem *
large_problem (guint n, uint64_t seed)
{
  LgProblem *p = lg_problem_new ();
  uint64_t rng = seed;
  for (guint g = 0; g < 3; g++)
    {
      char name[8];
      g_snprintf (name, sizeof name, "g%u", g);
      LgGroup *group
          = lg_group (p, g == 0 ? LG_GROUP_ORDERED : LG_GROUP_ATOMIC, name,
                      NULL);
      for (guint i = 0; i < n; i++)
        {
          char item[8];
          g_snprintf (item, sizeof item, "i%u", i);
          lg_group_add_item (p, group, item);
        }
    }
  /* pin most of g1 and g2 to rows, leave a little freedom */
  for (guint i = 0; i + 2 < n; i++)
    {
      char a[8], b[8], c[8];
      g_snprintf (a, sizeof a, "i%u", i);
      g_snprintf (b, sizeof b, "i%u", (i * 5 + 1) % n); /* 5: prime to n */
      g_snprintf (c, sizeof c, "i%u", lgtest_rand_below (&rng, n));
      lg_rule (p, lg_yes (p, lg_item (p, "g0", a), lg_item (p, "g1", b)));
      lg_rule (p, lg_no (p, lg_item (p, "g1", b), lg_item (p, "g2", c)));
    }
  LgItem *x = lg_some (p, "g0"), *y = lg_some (p, "g0");
  lg_rule (p, lg_eq (p, lg_abs (p, lg_sub (p, lg_ref (p, x), lg_ref (p, y))),
                     lg_num (p, 1)));
  lg_rule (p, lg_yes (p, x, lg_item (p, "g2", "i0")));
  lg_rule (p, lg_yes (p, y, lg_item (p, "g1", "i1")));
  return p;
}

static gboolean
collect_keys (const LgProblem *p, const LgSolution *solution, gpointer data)
{
  GPtrArray *keys = data;
  guint G = lg_problem_n_groups (p);
  uint8_t rows[16][16];
  const uint8_t *perm[16];
  char *key = lgtest_solution_rows (p, solution, rows, '\0');
  for (guint g = 0; g < G; g++)
    perm[g] = rows[g];
  ck_assert_msg (lg_checker_verify (p, NULL, perm), "%s breaks a rule", key);
  g_ptr_array_add (keys, key);
  return TRUE;
}

static gint
compare_keys (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The solutions of one faithful solve, in order (keys), and its counters;
 * trace: the generic explorer's walk (written, then dropped). */
static GPtrArray *
solve_in_order (LgProblem *p, gboolean prune, gboolean trace, LgStats *stats)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.prune = prune;
  LgtestCapture capture;
  if (trace)
    opts.trace = lgtest_capture_begin (&capture);
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  ck_assert_msg (
      lg_problem_solve (p, &opts, stats, collect_keys, keys, &error) >= 0, "%s",
      error ? error->message : "");
  if (trace)
    free ((char *) lgtest_capture_end (&capture));
  return keys;
}

/* --prune against the faithful engine on the random problems: the same
 * solutions in the same order, each verified, and never more nodes; the
 * flat walk and the generic explorer (the trace's) prune the same nodes. */
START_TEST (test_oracle_prune)
{
  TProblem t;
  random_problem (&t, UINT64_C (0x9e3779b97f4a7c15) * (uint64_t) (_i + 1),
                  _i % 2 == 1);
  g_autoptr (LgProblem) p = build_problem (&t);
  LgStats plain = { 0 }, pruned = { 0 }, traced = { 0 };
  g_autoptr (GPtrArray) want = solve_in_order (p, FALSE, FALSE, &plain);
  g_autoptr (GPtrArray) got = solve_in_order (p, TRUE, FALSE, &pruned);
  g_autoptr (GPtrArray) generic = solve_in_order (p, TRUE, TRUE, &traced);
  ck_assert_uint_eq (got->len, want->len);
  for (guint k = 0; k < got->len; k++)
    {
      ck_assert_str_eq (got->pdata[k], want->pdata[k]);
      ck_assert_str_eq (generic->pdata[k], want->pdata[k]);
    }
  ck_assert_uint_eq (generic->len, want->len);
  ck_assert_uint_eq (pruned.duplicates, plain.duplicates);
  ck_assert_uint_le (pruned.nodes_explored, plain.nodes_explored);
  ck_assert_uint_eq (traced.nodes_explored, pruned.nodes_explored);
  ck_assert_uint_eq (traced.backtracks, pruned.backtracks);
  g_ptr_array_unref (t.garbage);
}
END_TEST

START_TEST (test_oracle_large_dimension_strategies_agree)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  guint n = 7 + (guint) _i / 2;
  g_autoptr (LgProblem) p = large_problem (n, 77 + (uint64_t) _i);
  g_autoptr (GPtrArray) reference = NULL;
  static const LgCheck checks[]
      = { LG_CHECK_FAITHFUL, LG_CHECK_INTERSECT, LG_CHECK_FEWEST };
  for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
    for (int challenge = 0; challenge <= 1; challenge++)
      {
        GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
        opts.check = checks[c];
        opts.challenge = challenge;
        ck_assert_int_ge (lg_problem_solve (p, &opts, NULL, collect_keys, keys, NULL),
                          0);
        g_ptr_array_sort (keys, compare_keys);
        if (!reference)
          {
            reference = keys;
            continue;
          }
        ck_assert_uint_eq (keys->len, reference->len);
        for (guint k = 0; k < keys->len; k++)
          ck_assert_str_eq (keys->pdata[k], reference->pdata[k]);
        g_ptr_array_unref (keys);
      }
}
END_TEST

static Suite *
lg_oracle_suite (void)
{
  Suite *s = suite_create ("oracle");
  TCase *tc = tcase_create ("core");
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_oracle_random_problems, 0, 400);
  tcase_add_loop_test (tc, test_oracle_random_logic, 0, 400);
  tcase_add_loop_test (tc, test_oracle_drop_rule, 0, 100);
  tcase_add_loop_test (tc, test_oracle_prune, 0, 400);
  suite_add_tcase (s, tc);
  tc = tcase_create ("large");
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_oracle_large_dimension_strategies_agree, 0, 6);
  suite_add_tcase (s, tc);
  tc = tcase_create ("tutorial");
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_oracle_tutorial_solutions_satisfy_every_rule,
                       0, G_N_ELEMENTS (tutorial_cases));
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_oracle_suite ());
}
