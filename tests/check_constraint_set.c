/* check_constraint_set — step 1, the partition of the rules (SPEC section 3,
 * src/constraint_set.c):
 *   - rules without variables go to the unbound group, logical rules and
 *     couples each in their own list, in order;
 *   - a rule with variables joins the first group that shares a variable
 *     with it, or starts a new group at the end;
 *   - a rule bridging groups 1 and 3 merges group 3 into group 1 (its
 *     variables, logical rules and couples appended in order) and removes
 *     it, keeping group 2 (and the group objects themselves);
 *   - a group's variables are sorted by creation order even when the rules
 *     meet them in another order;
 *   - dropped rules are left out; variables are found inside and/or/not;
 *   - a logical rule with couples inside and no variable is a group of
 *     its own;
 *   - a clue denied (lg_constraint_set_new_denying): its pins stay, its
 *     other rules become one negated rule, the other clues stay as they
 *     are; and which clues can be denied.
 * Each scenario is a small table: the rules as "KIND:variables" strings and
 * the expected groups written by hand as "variables|logical|couples" with
 * the rules' numbers. */
#include "constraint_set.h"

#include <string.h>

#include "budget.h"
#include "lgtest.h"
#include "parser.h"

Suite *lg_constraint_set_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])
#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ---- Building scenarios ------------------------------------------------- */

/* Three ordered groups A, B, C of three items; variables a..f over
 * A, B, C, A, B, C. */
#define N_VARS 6

typedef struct
{
  LgProblem *p;
  LgItem *vars[N_VARS];
} Env;

static guint
var_group (char letter)
{
  return (guint) (letter - 'a') % 3;
}

static LgItem *
var_of (Env *env, char letter)
{
  ck_assert_msg (letter >= 'a' && letter < 'a' + N_VARS, "bad variable %c",
                 letter);
  return env->vars[letter - 'a'];
}

/* creation: the order the variables are made in (default "abcdef"). */
static void
env_init (Env *env, const char *creation)
{
  env->p = lg_problem_new ();
  lg_group (env->p, LG_GROUP_ORDERED, "A", ITEMS ("a0", "a1", "a2"));
  lg_group (env->p, LG_GROUP_ORDERED, "B", ITEMS ("b0", "b1", "b2"));
  lg_group (env->p, LG_GROUP_ORDERED, "C", ITEMS ("c0", "c1", "c2"));
  if (!creation)
    creation = "abcdef";
  ck_assert_uint_eq (strlen (creation), N_VARS);
  for (const char *c = creation; *c; c++)
    {
      char name[2] = { *c, 0 };
      const char *group = (const char *[]) { "A", "B", "C" }[var_group (*c)];
      env->vars[*c - 'a'] = lg_var_new (env->p, group, name);
      ck_assert_ptr_nonnull (env->vars[*c - 'a']);
    }
}

static LgItem *
first_item (Env *env, guint group)
{
  return lg_group_get_item (lg_problem_get_group (env->p, group), 0);
}

/* A rule from its spec:
 *   "L:xyz"  x + y + z = 1 (refs met in that order); "L:" is 1 = 1;
 *   "X:xy"   x = 1 and not (y < 2) (variables inside and/not);
 *   "C:xy"   yes x, y; "C:x" yes x, (item 0 of the next group); "C:" yes
 *            A:a0, B:b0;
 *   "N:..."  the same with no;
 *   "O:xy"   yes x, (item 0 of the next group) or no y, (the same); "O:"
 *            yes A:a0, B:b0 or yes A:a0, C:c0 (logic over couples). */
static LgRule *
make_rule (Env *env, const char *spec)
{
  LgProblem *p = env->p;
  ck_assert_msg (strlen (spec) >= 2 && spec[1] == ':', "bad spec %s", spec);
  const char *v = spec + 2;
  size_t n = strlen (v);
  switch (spec[0])
    {
    case 'L':
      {
        if (n == 0)
          return lg_eq (p, lg_num (p, 1), lg_num (p, 1));
        LgExpr *e = lg_ref (p, var_of (env, v[0]));
        for (size_t i = 1; i < n; i++)
          e = lg_add (p, e, lg_ref (p, var_of (env, v[i])));
        return lg_eq (p, e, lg_num (p, 1));
      }
    case 'X':
      ck_assert_uint_eq (n, 2);
      return lg_and (
          p, lg_eq (p, lg_ref (p, var_of (env, v[0])), lg_num (p, 1)),
          lg_not (p, lg_lt (p, lg_ref (p, var_of (env, v[1])), lg_num (p, 2))));
    case 'O':
      if (n == 0)
        return lg_or (p, lg_yes (p, first_item (env, 0), first_item (env, 1)),
                      lg_yes (p, first_item (env, 0), first_item (env, 2)));
      ck_assert_uint_eq (n, 2);
      return lg_or (p,
                    lg_yes (p, var_of (env, v[0]),
                            first_item (env, (var_group (v[0]) + 1) % 3)),
                    lg_no (p, var_of (env, v[1]),
                           first_item (env, (var_group (v[1]) + 1) % 3)));
    case 'C':
    case 'N':
      {
        LgItem *x, *y;
        if (n == 0)
          {
            x = first_item (env, 0);
            y = first_item (env, 1);
          }
        else if (n == 1)
          {
            x = var_of (env, v[0]);
            y = first_item (env, (var_group (v[0]) + 1) % 3);
          }
        else
          {
            ck_assert_uint_eq (n, 2);
            x = var_of (env, v[0]);
            y = var_of (env, v[1]);
          }
        return spec[0] == 'C' ? lg_yes (p, x, y) : lg_no (p, x, y);
      }
    default:
      ck_abort_msg ("bad spec %s", spec);
      return NULL;
    }
}

/* "variables|logical|couples": variable names in the group's order, rule
 * numbers in the lists' orders. */
static char *
group_text (const LgConstraintGroup *g)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < g->vars->len; i++)
    {
      const LgItem *var = g->vars->pdata[i];
      ck_assert (lg_item_is_variable (var));
      g_string_append (s, lg_item_get_name (var));
    }
  g_string_append_c (s, '|');
  for (guint i = 0; i < g->logic->len; i++)
    {
      const LgRule *r = g->logic->pdata[i];
      ck_assert (!lg_rule_is_couple (r));
      g_string_append_printf (s, "%s%u", i ? "," : "", r->number);
    }
  g_string_append_c (s, '|');
  for (guint i = 0; i < g->couple->len; i++)
    {
      const LgRule *r = g->couple->pdata[i];
      ck_assert (lg_rule_is_couple (r));
      g_string_append_printf (s, "%s%u", i ? "," : "", r->number);
    }
  return g_string_free (s, FALSE);
}

static void
assert_set (const LgConstraintSet *set, const char *unbound,
            const char *const *groups)
{
  g_autofree char *u = group_text (set->unbound);
  ck_assert_str_eq (u, unbound);
  guint n = 0;
  while (groups[n])
    n++;
  for (guint i = 0; i < set->groups->len && i < n; i++)
    {
      g_autofree char *t = group_text (set->groups->pdata[i]);
      ck_assert_msg (strcmp (t, groups[i]) == 0,
                     "group %u is '%s', expected '%s'", i, t, groups[i]);
    }
  ck_assert_uint_eq (set->groups->len, n);
}

/* ---- core: scenarios ------------------------------------------------------ */

typedef struct
{
  const char *name;
  const char *creation; /* NULL: "abcdef" */
  const char *rules[8];
  guint drops[3]; /* 0-terminated */
  const char *unbound;
  const char *groups[6];
} Scenario;

static const Scenario scenarios[] = {
  { "rules without variables are unbound",
    NULL,
    { "L:", "C:", "N:", "L:" },
    { 0 },
    "|1,4|2,3",
    { NULL } },
  { "a rule joins the first sharing group",
    NULL,
    { "L:ab", "C:c", "C:a", "L:", "C:b" },
    { 0 },
    "|4|",
    { "ab|1|3,5", "c||2", NULL } },
  { "a new group goes at the end",
    NULL,
    { "C:c", "C:b", "C:a" },
    { 0 },
    "||",
    { "c||1", "b||2", "a||3", NULL } },
  { "a bridge of groups 1 and 3 merges 3 into 1, keeps 2",
    NULL,
    { "C:a", "C:b", "C:c", "L:ca", "C:d" },
    { 0 },
    "||",
    { "ac|4|1,3", "b||2", "d||5", NULL } },
  { "a merge appends logical rules and couples in order",
    NULL,
    { "L:a", "C:b", "L:c", "C:c", "C:a", "L:ac" },
    { 0 },
    "||",
    { "ac|1,6,3|5,4", "b||2", NULL } },
  { "a bridge of four groups merges every sharing one",
    NULL,
    { "C:a", "C:b", "C:c", "C:d", "L:dba", "L:c" },
    { 0 },
    "||",
    { "abd|5|1,2,4", "c|6|3", NULL } },
  { "a bridge from the last group joins the first one",
    NULL,
    { "L:a", "L:b", "L:c", "L:cb" },
    { 0 },
    "||",
    { "a|1|", "bc|2,4,3|", NULL } },
  { "a bridge of the last two groups leaves the ones before",
    NULL,
    { "C:e", "C:a", "C:b", "C:c", "L:cb", "L:f" },
    { 0 },
    "||",
    { "e||1", "a||2", "bc|5|3,4", "f|6|", NULL } },
  { "variables in creation order, not in the order met",
    "fedcba",
    { "L:ab", "C:e", "L:eb", "L:fa" },
    { 0 },
    "||",
    { "feba|1,3,4|2", NULL } },
  { "variables in creation order after a merge",
    "cabfed",
    { "C:d", "C:a", "L:c", "L:ad", "L:bc", "L:ab" },
    { 0 },
    "||",
    { "cabd|4,6,3,5|1,2", NULL } },
  { "a dropped bridge leaves the groups apart",
    NULL,
    { "C:a", "C:b", "C:c", "L:ca", "C:d" },
    { 4, 0 },
    "||",
    { "a||1", "b||2", "c||3", "d||5", NULL } },
  { "a dropped first rule changes the group order",
    NULL,
    { "C:a", "C:b", "C:c", "L:ca", "C:d" },
    { 1, 0 },
    "||",
    { "b||2", "ac|4|3", "d||5", NULL } },
  { "dropped unbound rules",
    NULL,
    { "L:", "C:", "C:a", "N:" },
    { 2, 4, 0 },
    "|1|",
    { "a||3", NULL } },
  { "variables inside and/not; couples of two variables",
    NULL,
    { "X:ca", "C:ab", "N:ef" },
    { 0 },
    "||",
    { "abc|1|2", "ef||3", NULL } },
  { "a couple of two variables bridges their groups",
    NULL,
    { "C:a", "C:b", "N:ab" },
    { 0 },
    "||",
    { "ab||1,3,2", NULL } },
  { "logic over couples without variables: a group of its own each",
    NULL,
    { "C:", "O:", "L:", "O:" },
    { 0 },
    "|3|1",
    { "|2|", "|4|", NULL } },
  { "logic over couples joins the group of its variables",
    NULL,
    { "C:a", "O:ab", "C:b", "O:" },
    { 0 },
    "||",
    { "ab|2|1,3", "|4|", NULL } },
  { "one variable in many rules",
    NULL,
    { "L:a", "N:a", "L:b", "C:a", "L:aa" },
    { 0 },
    "||",
    { "a|1,5|2,4", "b|3|", NULL } },
};

START_TEST (test_constraint_set_scenarios)
{
  const Scenario *sc = &scenarios[_i];
  Env env;
  env_init (&env, sc->creation);
  guint n_rules = 0;
  for (; n_rules < N_ELEMS (sc->rules) && sc->rules[n_rules]; n_rules++)
    {
      LgRule *rule = make_rule (&env, sc->rules[n_rules]);
      ck_assert_msg (rule != NULL, "%s: rule %s", sc->name, sc->rules[n_rules]);
      ck_assert_uint_eq (lg_rule (env.p, rule), n_rules + 1);
    }
  for (guint i = 0; sc->drops[i]; i++)
    ck_assert (lg_problem_drop_rule (env.p, sc->drops[i], NULL));
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_problem_validate (env.p, &error), "%s",
                 error ? error->message : "");

  LgConstraintSet *set = lg_constraint_set_new (env.p);
  ck_assert_ptr_nonnull (set);
  assert_set (set, sc->unbound, sc->groups);
  lg_constraint_set_free (set);
  lg_problem_free (env.p);
}
END_TEST

/* The merge step by step with lg_constraint_set_add: the surviving group
 * objects are the same ones, the merged one is gone. */
START_TEST (test_constraint_set_merge_steps)
{
  Env env;
  env_init (&env, NULL);
  const char *const specs[] = { "C:a", "C:b", "C:c", "L:ca", "N:cd", "L:" };
  LgRule *rules[N_ELEMS (specs)];
  for (guint i = 0; i < N_ELEMS (specs); i++)
    {
      rules[i] = make_rule (&env, specs[i]);
      ck_assert_uint_eq (lg_rule (env.p, rules[i]), i + 1);
    }
  /* A problem whose rules are all dropped gives an empty set to fill. */
  for (guint i = 1; i <= N_ELEMS (specs); i++)
    ck_assert (lg_problem_drop_rule (env.p, i, NULL));
  LgConstraintSet *set = lg_constraint_set_new (env.p);
  assert_set (set, "||", ITEMS (NULL));

  lg_constraint_set_add (set, rules[0]);
  lg_constraint_set_add (set, rules[1]);
  lg_constraint_set_add (set, rules[2]);
  assert_set (set, "||", ITEMS ("a||1", "b||2", "c||3"));
  LgConstraintGroup *g1 = set->groups->pdata[0], *g2 = set->groups->pdata[1];

  lg_constraint_set_add (set, rules[3]); /* c + a = 1: bridges 1 and 3 */
  assert_set (set, "||", ITEMS ("ac|4|1,3", "b||2"));
  ck_assert_ptr_eq (set->groups->pdata[0], g1);
  ck_assert_ptr_eq (set->groups->pdata[1], g2);

  lg_constraint_set_add (set, rules[4]); /* no c, d: joins group 1 */
  assert_set (set, "||", ITEMS ("acd|4|1,3,5", "b||2"));
  lg_constraint_set_add (set, rules[5]);
  assert_set (set, "|6|", ITEMS ("acd|4|1,3,5", "b||2"));
  lg_constraint_set_free (set);
  lg_problem_free (env.p);
}
END_TEST

/* A group's first rule (lowest number, logical or couple), the capped
 * count of assignments, and the budget message built on them. */
START_TEST (test_constraint_set_first_rule_budget)
{
  Env env;
  env_init (&env, NULL);
  const char *const specs[] = { "C:c", "C:a", "L:ab", "C:b" };
  LgRule *rules[N_ELEMS (specs)];
  for (guint i = 0; i < N_ELEMS (specs); i++)
    {
      rules[i] = make_rule (&env, specs[i]);
      ck_assert_uint_eq (lg_rule (env.p, rules[i]), i + 1);
      rules[i]->line = 10 + i;
    }
  LgConstraintSet *set = lg_constraint_set_new (env.p);
  assert_set (set, "||", ITEMS ("c||1", "ab|3|2,4"));
  ck_assert_ptr_null (lg_constraint_group_first_rule (set->unbound));
  LgConstraintGroup *g = set->groups->pdata[1];
  ck_assert_ptr_eq (lg_constraint_group_first_rule (g), rules[1]);
  ck_assert_ptr_eq (lg_constraint_group_first_rule (set->groups->pdata[0]),
                    rules[0]);

  ck_assert_uint_eq (lg_assignments (3, 0), 1);
  ck_assert_uint_eq (lg_assignments (3, 2), 9);
  /* 10^19 is past G_MAXUINT64 / 16: the product stops there */
  const guint64 e19 = G_GUINT64_CONSTANT (10000000000000000000);
  ck_assert_uint_eq (lg_assignments (10, 19), e19);
  ck_assert_uint_eq (lg_assignments (10, 30), e19);

  GError *error = NULL;
  lg_budget_set_error (&error, "the AND/OR tree needs", 1000, 2048, g, 3);
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_LIMIT));
  ck_assert_uint_eq (lg_error_get_line (error), 11);
  ck_assert_str_eq (error->message,
                    "the AND/OR tree needs more than the 1000 bytes left under "
                    "the memory limit (up to 2.0 KiB): the constraint group "
                    "of rule 2 has 2 variables, 9 assignments; raise "
                    "--memory-limit or split the rules");
  g_error_free (error);
  error = NULL;
  /* an estimate under the budget is no bound: not shown */
  lg_budget_set_error (&error, "the AND/OR tree needs", 4096, 2048, g, 3);
  ck_assert_str_eq (error->message,
                    "the AND/OR tree needs more than the 4.0 KiB left under "
                    "the memory limit: the constraint group of rule 2 has 2 "
                    "variables, 9 assignments; raise --memory-limit or split "
                    "the rules");
  g_error_free (error);
  error = NULL;
  lg_budget_set_error (&error, "x needs", 0, 0, set->unbound, 3);
  ck_assert_uint_eq (lg_error_get_line (error), 0);
  /* no error asked for: nothing to do */
  lg_budget_set_error (NULL, "x needs", 0, 0, g, 3);
  ck_assert_str_eq (error->message,
                    "x needs more than the 0 bytes left under the memory "
                    "limit: rule 0's 'or's of couples multiply out into too "
                    "many cases; raise --memory-limit or split the rules");
  g_error_free (error);
  lg_constraint_set_free (set);
  lg_problem_free (env.p);
}
END_TEST

/* Variables of lg_some and lg_var count in creation order too, and a
 * variable shared through lg_var joins rules. */
START_TEST (test_constraint_set_some_and_var)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "A", ITEMS ("a0", "a1"));
  lg_group (p, LG_GROUP_ATOMIC, "B", ITEMS ("b0", "b1"));
  LgItem *s = lg_some (p, "A");         /* created first */
  LgItem *x = lg_var (p, "A", "x");     /* second */
  LgItem *y = lg_var_new (p, "B", "y"); /* third */
  LgItem *b0 = lg_item (p, "B", "b0");
  lg_rule (p, lg_yes (p, y, lg_item (p, "A", "a1"))); /* 1 */
  lg_rule (p,
           lg_lt (p, lg_ref (p, lg_var (p, "A", "x")), lg_num (p, 1))); /* 2 */
  lg_rule (p, lg_no (p, b0, lg_var (p, "A", "x")));                     /* 3 */
  lg_rule (p, lg_yes (p, y, s));                                        /* 4 */
  lg_rule (p, lg_eq (p, lg_ref (p, x), lg_ref (p, s)));                 /* 5 */

  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (p);
  ck_assert_uint_eq (set->unbound->logic->len + set->unbound->couple->len, 0);
  ck_assert_uint_eq (set->groups->len, 1);
  LgConstraintGroup *g = set->groups->pdata[0];
  ck_assert_uint_eq (g->vars->len, 3);
  ck_assert_ptr_eq (g->vars->pdata[0], s);
  ck_assert_ptr_eq (g->vars->pdata[1], x);
  ck_assert_ptr_eq (g->vars->pdata[2], y);
  /* Group of y: 1, 4 (which brings s); group of x: 2, 3; 5 merges them. */
  ck_assert_uint_eq (g->logic->len, 2);
  ck_assert_ptr_eq (g->logic->pdata[0], lg_problem_get_rule (p, 5));
  ck_assert_ptr_eq (g->logic->pdata[1], lg_problem_get_rule (p, 2));
  ck_assert_uint_eq (g->couple->len, 3);
  ck_assert_ptr_eq (g->couple->pdata[0], lg_problem_get_rule (p, 1));
  ck_assert_ptr_eq (g->couple->pdata[1], lg_problem_get_rule (p, 4));
  ck_assert_ptr_eq (g->couple->pdata[2], lg_problem_get_rule (p, 3));
}
END_TEST

/* The shape of the classic problem's partition: the rules without
 * variables are unbound, and each pair of variables (a, b) with its
 * relation and two couples makes its own group. */
START_TEST (test_constraint_set_classic_shape)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("l", "m", "r"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("x", "y", "z"));
  for (guint k = 0; k < 4; k++)
    {
      lg_rule (
          p, lg_yes (p, lg_item (p, "house", "l"), lg_item (p, "color", "x")));
      char a_name[] = { 'a', (char) ('0' + k), 0 };
      char b_name[] = { 'b', (char) ('0' + k), 0 };
      LgItem *a = lg_var_new (p, "house", a_name);
      LgItem *b = lg_var_new (p, "house", b_name);
      lg_rule (p,
               lg_eq (p, lg_abs (p, lg_sub (p, lg_ref (p, b), lg_ref (p, a))),
                      lg_num (p, 1)));
      lg_rule (p, lg_yes (p, a, lg_item (p, "color", "y")));
      lg_rule (p, lg_yes (p, b, lg_item (p, "color", "z")));
    }
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (p);
  assert_set (
      set, "||1,5,9,13",
      ITEMS ("a0b0|2|3,4", "a1b1|6|7,8", "a2b2|10|11,12", "a3b3|14|15,16"));
  /* the numbers the views print: runs of three or more as ranges */
  g_autofree char *unbound = lg_constraint_group_rules_to_string (set->unbound);
  ck_assert_str_eq (unbound, "rules 1, 5, 9, 13");
  g_autofree char *first =
      lg_constraint_group_rules_to_string (set->groups->pdata[0]);
  ck_assert_str_eq (first, "rules 2-4");
}
END_TEST

/* lg_constraint_group_rules_to_string: one rule, none, a run of two, a
 * range after a single number (--drop leaves holes). */
START_TEST (test_constraint_set_rules_to_string)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "g", ITEMS ("x", "y", "z"));
  lg_group (p, LG_GROUP_ATOMIC, "h", ITEMS ("u", "v", "w"));
  g_autoptr (LgConstraintSet) none = lg_constraint_set_new (p);
  g_autofree char *empty = lg_constraint_group_rules_to_string (none->unbound);
  ck_assert_str_eq (empty, "no rule");
  for (guint k = 0; k < 6; k++)
    lg_rule (p, lg_no (p, lg_item (p, "g", "x"), lg_item (p, "h", "u")));
  g_autoptr (LgConstraintSet) all = lg_constraint_set_new (p);
  g_autofree char *six = lg_constraint_group_rules_to_string (all->unbound);
  ck_assert_str_eq (six, "rules 1-6");
  static const struct
  {
    gboolean drop[6];
    const char *want;
  } cases[] = {
    { { FALSE, TRUE, FALSE, FALSE, FALSE, TRUE }, "rules 1, 3-5" },
    { { TRUE, TRUE, FALSE, FALSE, TRUE, TRUE }, "rules 3, 4" },
    { { TRUE, TRUE, TRUE, FALSE, TRUE, TRUE }, "rule 4" },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (LgConstraintSet) kept =
          lg_constraint_set_new_dropping (p, cases[c].drop);
      g_autofree char *text =
          lg_constraint_group_rules_to_string (kept->unbound);
      ck_assert_str_eq (text, cases[c].want);
    }
}
END_TEST

/* A clue denied: can_deny accepts a clue whose variables are all pinned by
 * its own `yes v, ITEM` rules and used by no other clue, and a clue without
 * variables; the denied set keeps the pins as couples and puts one rule
 * not (R1 and R2 ...) in their group, or not (P1) for a clue of pins
 * only, and leaves every other clue as it was. */
static const char deny_text[] =
    "atomic name: Ann, Bob, Cy\n"
    "ordered house: first, second, third\n"
    "atomic pet: cat, dog, emu\n"
    "clue \"1: two facts\"\n"
    "no Bob, emu\n"
    "no Cy, third\n"
    "clue \"2: pinned\"\n"
    "var a, b: house\n"
    "a - b = 1\n"
    "yes a, dog\n"
    "yes b, Bob\n"
    "clue \"3: pins only\"\n"
    "var c: house\n"
    "yes c, emu\n"
    "clue \"4: not pinned\"\n"
    "var d, e: house\n"
    "yes d, Ann\n"
    "d != e\n"
    "clue \"5: shares x\"\n"
    "var x: house\n"
    "yes x, cat\n"
    "clue \"6: uses x\"\n"
    "x > 1\n";

START_TEST (test_constraint_set_deny)
{
  LgProblem *p = lgtest_parse_text ("deny.lgm", deny_text);
  static const gboolean can[] = { TRUE, TRUE, TRUE, FALSE, FALSE, FALSE };
  for (guint c = 1; c <= 6; c++)
    ck_assert_msg (lg_constraint_set_can_deny (p, c) == can[c - 1],
                   "clue %u", c);
  g_autoptr (LgConstraintSet) plain = lg_constraint_set_new (p);
  /* clue 1: its two couples, unbound, become one group of logic */
  g_autoptr (LgConstraintSet) d1 = lg_constraint_set_new_denying (p, NULL, 1);
  ck_assert_uint_eq (plain->unbound->couple->len, 2);
  ck_assert_uint_eq (d1->unbound->couple->len, 0);
  ck_assert_uint_eq (d1->groups->len, plain->groups->len + 1);
  const LgConstraintGroup *g = d1->groups->pdata[0];
  ck_assert_uint_eq (g->vars->len, 0);
  ck_assert_uint_eq (g->logic->len, 1);
  const LgRule *neg = g->logic->pdata[0];
  ck_assert_int_eq (neg->kind, LG_RULE_NOT);
  ck_assert_int_eq (neg->a->kind, LG_RULE_AND);
  ck_assert_int_eq (neg->a->a->kind, LG_RULE_NO);
  ck_assert_int_eq (neg->a->b->kind, LG_RULE_NO);
  ck_assert_uint_eq (neg->number, 1);
  ck_assert_uint_eq (neg->clue, 1);
  /* clue 2: the pins stay, a - b = 1 is negated */
  g_autoptr (LgConstraintSet) d2 = lg_constraint_set_new_denying (p, NULL, 2);
  ck_assert_uint_eq (d2->groups->len, plain->groups->len);
  g = d2->groups->pdata[0];
  ck_assert_uint_eq (g->vars->len, 2);
  ck_assert_uint_eq (g->couple->len, 2);
  ck_assert_uint_eq (g->logic->len, 1);
  neg = g->logic->pdata[0];
  ck_assert_int_eq (neg->kind, LG_RULE_NOT);
  ck_assert_int_eq (neg->a->kind, LG_RULE_EQ);
  ck_assert_uint_eq (neg->a->number, 3);
  /* clue 3: nothing to negate but its pin, which can never break */
  g_autoptr (LgConstraintSet) d3 = lg_constraint_set_new_denying (p, NULL, 3);
  g = d3->groups->pdata[1];
  ck_assert_uint_eq (g->couple->len, 1);
  ck_assert_uint_eq (g->logic->len, 1);
  neg = g->logic->pdata[0];
  ck_assert_int_eq (neg->kind, LG_RULE_NOT);
  ck_assert (neg->a == g->couple->pdata[0]);
  /* the other clues as they were */
  for (guint i = 2; i < plain->groups->len; i++)
    {
      const LgConstraintGroup *a = plain->groups->pdata[i];
      const LgConstraintGroup *b = d3->groups->pdata[i];
      ck_assert_uint_eq (a->logic->len, b->logic->len);
      ck_assert_uint_eq (a->couple->len, b->couple->len);
      for (guint k = 0; k < a->logic->len; k++)
        ck_assert (a->logic->pdata[k] == b->logic->pdata[k]);
    }
  lg_problem_free (p);
}
END_TEST

Suite *
lg_constraint_set_suite (void)
{
  Suite *s = suite_create ("constraint_set");
  TCase *tc = tcase_create ("core");
  tcase_add_loop_test (tc, test_constraint_set_scenarios, 0,
                       N_ELEMS (scenarios));
  tcase_add_test (tc, test_constraint_set_merge_steps);
  tcase_add_test (tc, test_constraint_set_first_rule_budget);
  tcase_add_test (tc, test_constraint_set_some_and_var);
  tcase_add_test (tc, test_constraint_set_classic_shape);
  tcase_add_test (tc, test_constraint_set_rules_to_string);
  tcase_add_test (tc, test_constraint_set_deny);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_constraint_set_suite ());
}
