/* check_description — the builder API of logigram.h (src/description.c and
 * the rule constructors of src/constraint.c), and lg_problem_solve seen from
 * outside:
 *   - groups of the three kinds, their items and the items' values (ordered:
 *     the index; numeric: the signed integer literal), the lookups, and the
 *     variables (lg_some always new, lg_var the same one for the same name in
 *     the same group, lg_var_new always new);
 *   - the sticky first error of the builder calls (unknown group or item,
 *     duplicate group or item, a couple inside one group, also through a
 *     variable, lg_ref on an atomic item, a numeric item that is not an
 *     integer...) and the silent propagation of NULL arguments;
 *   - lg_problem_validate and lg_problem_check (no group, empty group,
 *     sizes differ, dimension > 32), the engines' own limits (the faithful
 *     one: 10 items),
 *     lg_problem_drop_rule, lg_problem_set_group_order, rule numbering and
 *     lines, lg_rule_to_string for every kind of rule;
 *   - solving: the tutorial's classic problem, written in C the way
 *     logigram.e's describe_problem_classic writes it, has exactly the
 *     tutorial's solution; dropped rule 1 gives the 25 solutions that an
 *     independent brute force finds; stopping from the callback; overflow;
 *     a problem without rules enumerates every combination; the compiled
 *     rules (lg_rule_program_eval) give lg_rule_eval's value, overflow
 *     included, on random rules; contradictory
 *     rules and a variable group without a consistent assignment give 0
 *     solutions (SPEC section 7).
 * Expected values are written by hand or computed by brute force here,
 * never by the code under test. */
#include "description.h"

#include <stdint.h>
#include <string.h>

#include "constraint.h"
#include "lgtest.h"

Suite *lg_description_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])
#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ---- Helpers ---------------------------------------------------------- */

/* A solution as text: one line per row, the items of the row (in the
 * problem's group order) separated by commas. */
static char *
solution_text (const LgProblem *p, const LgSolution *s)
{
  GString *t = g_string_new (NULL);
  guint n_groups = lg_problem_n_groups (p);
  guint n = lg_group_n_items (lg_problem_get_group (p, 0));
  for (guint r = 0; r < n; r++)
    {
      for (guint g = 0; g < n_groups; g++)
        {
          const LgItem *item = lg_solution_get (s, g, r);
          ck_assert_ptr_nonnull (item);
          ck_assert_ptr_eq (lg_item_get_group (item),
                            lg_problem_get_group (p, g));
          g_string_append_printf (t, "%s%s", g ? "," : "",
                                  lg_item_get_name (item));
        }
      g_string_append_c (t, '\n');
    }
  return g_string_free (t, FALSE);
}

typedef struct
{
  GPtrArray *texts; /* char*, or NULL not to keep them */
  guint calls;
  guint stop_after; /* 0: never stop */
} Collect;

static gboolean
collect_cb (const LgProblem *p, const LgSolution *s, gpointer data)
{
  Collect *c = data;
  c->calls++;
  if (c->texts)
    g_ptr_array_add (c->texts, solution_text (p, s));
  return c->stop_after == 0 || c->calls < c->stop_after;
}

static void
collect_init (Collect *c, gboolean keep)
{
  c->texts = keep ? g_ptr_array_new_with_free_func (g_free) : NULL;
  c->calls = 0;
  c->stop_after = 0;
}

static void
collect_clear (Collect *c)
{
  if (c->texts)
    g_ptr_array_unref (c->texts);
  c->texts = NULL;
}

/* The rows of a table joined the way solution_text joins them. */
static char *
rows_text (const char *const *rows, guint n_rows)
{
  GString *t = g_string_new (NULL);
  for (guint r = 0; r < n_rows; r++)
    g_string_append_printf (t, "%s\n", rows[r]);
  return g_string_free (t, FALSE);
}

/* Solves p, which must be valid, and returns the count; the solutions go to
 * c. */
static gint64
solve_ok (LgProblem *p, Collect *c)
{
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, NULL, NULL, collect_cb, c, &error);
  ck_assert_msg (error == NULL, "unexpected error: %s",
                 error ? error->message : "");
  ck_assert_int_ge (n, 0);
  ck_assert_int_eq (n, c->calls);
  return n;
}

static void
assert_error (const GError *error, LgProblemError code, const char *needle)
{
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (error->domain == LG_PROBLEM_ERROR,
                 "error domain is not LG_PROBLEM_ERROR: %s", error->message);
  ck_assert_msg (error->code == (int) code, "error code %d, expected %d (%s)",
                 error->code, code, error->message);
  if (needle)
    ck_assert_msg (strstr (error->message, needle) != NULL,
                   "message '%s' does not name '%s'", error->message, needle);
}

/* lg_problem_check fails with code, and so does lg_problem_solve (-1,
 * without calling the callback). */
static void
assert_invalid (LgProblem *p, LgProblemError code, const char *needle)
{
  g_autoptr (GError) error = NULL;
  ck_assert (!lg_problem_validate (p, &error));
  assert_error (error, code, needle);
  g_clear_error (&error);
  Collect c;
  collect_init (&c, FALSE);
  ck_assert_int_eq (lg_problem_solve (p, NULL, NULL, collect_cb, &c, &error),
                    -1);
  ck_assert_uint_eq (c.calls, 0);
  assert_error (error, code, needle);
}

static void
assert_valid (LgProblem *p)
{
  g_autoptr (GError) error = NULL;
  ck_assert_msg (lg_problem_validate (p, &error), "unexpected error: %s",
                 error ? error->message : "");
  ck_assert_ptr_null (error);
}

/* ---- The tutorial's classic problem ------------------------------------- */

/* The tutorial's own output (logigram.txt), in solution_text's form. */
static const char *const classic_rows[] = {
  "left,norvegian,fox,water,kools,yellow",
  "mid-left,ukrainian,horse,tea,chesterfields,blue",
  "middle,english,snail,milk,winston,red",
  "mid-right,spanish,dog,orange juice,luckystrike,ivory",
  "right,japanese,zebra,coffee,parliaments,green",
};

/* Item names of the classic problem, by group then item index. */
static const char *const classic_names[6][5] = {
  { "left", "mid-left", "middle", "mid-right", "right" },
  { "english", "spanish", "ukrainian", "norvegian", "japanese" },
  { "dog", "fox", "zebra", "horse", "snail" },
  { "tea", "milk", "orange juice", "coffee", "water" },
  { "kools", "winston", "chesterfields", "luckystrike", "parliaments" },
  { "green", "ivory", "yellow", "blue", "red" },
};

/* An independent brute force of the classic problem: every bijection of
 * every group with the houses, checked fact by fact in plain C (the houses
 * are the rows: house k is row k and has the value k).  Facts are tested as
 * soon as their groups are placed.  with_rule1: the english lives in the red
 * house (rule 1). */
enum
{
  NAT = 1,
  ANI,
  DRI,
  CIG,
  COL
};
enum
{
  ENGLISH,
  SPANISH,
  UKRAINIAN,
  NORVEGIAN,
  JAPANESE
};
enum
{
  DOG,
  FOX,
  ZEBRA,
  HORSE,
  SNAIL
};
enum
{
  TEA,
  MILK,
  ORANGE_JUICE,
  COFFEE,
  WATER
};
enum
{
  KOOLS,
  WINSTON,
  CHESTERFIELDS,
  LUCKYSTRIKE,
  PARLIAMENTS
};
enum
{
  GREEN,
  IVORY,
  YELLOW,
  BLUE,
  RED
};

static gboolean
next_perm (int *p, int n)
{
  int i = n - 2;
  while (i >= 0 && p[i] > p[i + 1])
    i--;
  if (i < 0)
    return FALSE;
  int j = n - 1;
  while (p[j] < p[i])
    j--;
  int t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int x = i + 1, y = n - 1; x < y; x++, y--)
    {
      t = p[x];
      p[x] = p[y];
      p[y] = t;
    }
  return TRUE;
}

static gboolean
neighbours (int x, int y)
{
  return x - y == 1 || y - x == 1;
}

/* pos[g][item] = the row of item. */
static void
classic_emit (int pos[6][5], GPtrArray *texts)
{
  GString *t = g_string_new (NULL);
  for (int r = 0; r < 5; r++)
    {
      for (int g = 0; g < 6; g++)
        {
          int item = 0;
          while (pos[g][item] != r)
            item++;
          g_string_append_printf (t, "%s%s", g ? "," : "",
                                  classic_names[g][item]);
        }
      g_string_append_c (t, '\n');
    }
  g_ptr_array_add (texts, g_string_free (t, FALSE));
}

static void
classic_brute_force (gboolean with_rule1, GPtrArray *texts)
{
  int pos[6][5];
  for (int i = 0; i < 5; i++)
    pos[0][i] = i;
#define FOR_PERM(g)                                                            \
  for (int i_ = 0; i_ < 5; i_++)                                               \
    pos[g][i_] = i_;                                                           \
  for (gboolean more_##g = TRUE; more_##g; more_##g = next_perm (pos[g], 5))
  FOR_PERM (NAT)
  {
    if (pos[NAT][NORVEGIAN] != 0)
      continue;
    FOR_PERM (COL)
    {
      if (with_rule1 && pos[NAT][ENGLISH] != pos[COL][RED])
        continue;
      if (pos[COL][GREEN] - pos[COL][IVORY] != 1 ||
          !neighbours (pos[NAT][NORVEGIAN], pos[COL][BLUE]))
        continue;
      FOR_PERM (DRI)
      {
        if (pos[DRI][COFFEE] != pos[COL][GREEN] ||
            pos[NAT][UKRAINIAN] != pos[DRI][TEA] || pos[DRI][MILK] != 2)
          continue;
        FOR_PERM (CIG)
        {
          if (pos[CIG][KOOLS] != pos[COL][YELLOW] ||
              pos[CIG][LUCKYSTRIKE] != pos[DRI][ORANGE_JUICE] ||
              pos[CIG][PARLIAMENTS] != pos[NAT][JAPANESE])
            continue;
          FOR_PERM (ANI)
          {
            if (pos[NAT][SPANISH] != pos[ANI][DOG] ||
                pos[CIG][WINSTON] != pos[ANI][SNAIL] ||
                !neighbours (pos[CIG][CHESTERFIELDS], pos[ANI][FOX]) ||
                !neighbours (pos[CIG][KOOLS], pos[ANI][HORSE]))
              continue;
            classic_emit (pos, texts);
          }
        }
      }
    }
  }
#undef FOR_PERM
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The two lists hold the same strings, the same number of times each. */
static void
assert_same_multiset (GPtrArray *got, GPtrArray *want)
{
  ck_assert_uint_eq (got->len, want->len);
  g_ptr_array_sort (got, compare_strings);
  g_ptr_array_sort (want, compare_strings);
  for (guint i = 0; i < got->len; i++)
    ck_assert_str_eq (got->pdata[i], want->pdata[i]);
}

/* ---- core: groups, items, values, variables ----------------------------- */

/* The columns a name takes in the tables: wide CJK characters two,
 * combining marks none. */
START_TEST (test_description_utf8_width)
{
  ck_assert_uint_eq (lg_utf8_width (""), 0);
  ck_assert_uint_eq (lg_utf8_width ("abc"), 3);
  ck_assert_uint_eq (lg_utf8_width ("caf\xc3\xa9"), 4);  /* café */
  ck_assert_uint_eq (lg_utf8_width ("cafe\xcc\x81"), 4); /* e + U+0301 */
  ck_assert_uint_eq (lg_utf8_width ("\xe2\x82\xac"), 1); /* € */
  ck_assert_uint_eq (lg_utf8_width ("\xe6\x97\xa5\xe6\x9c\xac"), 4); /* 日本 */
  ck_assert_uint_eq (lg_utf8_width ("a\xff"
                                    "b"),
                     3); /* not UTF-8: bytes */
}
END_TEST

START_TEST (test_description_groups)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  ck_assert_uint_eq (lg_problem_n_groups (p), 0);
  ck_assert_ptr_null (lg_problem_get_group (p, 0));

  LgGroup *house = lg_group (p, LG_GROUP_ORDERED, "house",
                             ITEMS ("left", "middle", "right"));
  LgGroup *color = lg_group (p, LG_GROUP_ATOMIC, "color", NULL);
  LgGroup *kids =
      lg_group (p, LG_GROUP_NUMERIC, "children", ITEMS ("0", "1", "2"));
  ck_assert_ptr_nonnull (house);
  ck_assert_ptr_nonnull (color);
  ck_assert_ptr_nonnull (kids);
  ck_assert_uint_eq (lg_group_n_items (color), 0);
  LgItem *red = lg_group_add_item (p, color, "red");
  LgItem *green = lg_group_add_item (p, color, "green");
  LgItem *blue = lg_group_add_item (p, color, "blue");
  ck_assert_ptr_nonnull (red);
  ck_assert_ptr_nonnull (green);
  ck_assert_ptr_nonnull (blue);

  ck_assert_uint_eq (lg_problem_n_groups (p), 3);
  LgGroup *const want[] = { house, color, kids };
  const char *const names[] = { "house", "color", "children" };
  const LgGroupKind kinds[] = { LG_GROUP_ORDERED, LG_GROUP_ATOMIC,
                                LG_GROUP_NUMERIC };
  const char *const items[3][3] = { { "left", "middle", "right" },
                                    { "red", "green", "blue" },
                                    { "0", "1", "2" } };
  for (guint g = 0; g < 3; g++)
    {
      LgGroup *group = lg_problem_get_group (p, g);
      ck_assert_ptr_eq (group, want[g]);
      ck_assert_str_eq (lg_group_get_name (group), names[g]);
      ck_assert_int_eq (lg_group_get_kind (group), kinds[g]);
      ck_assert_ptr_eq (lg_problem_lookup_group (p, names[g]), group);
      ck_assert_uint_eq (lg_group_n_items (group), 3);
      ck_assert_ptr_null (lg_group_get_item (group, 3));
      for (guint i = 0; i < 3; i++)
        {
          LgItem *item = lg_group_get_item (group, i);
          ck_assert_ptr_nonnull (item);
          ck_assert_str_eq (lg_item_get_name (item), items[g][i]);
          ck_assert_ptr_eq (lg_item_get_group (item), group);
          ck_assert (!lg_item_is_variable (item));
          ck_assert_ptr_eq (lg_group_lookup_item (group, items[g][i]), item);
          ck_assert_ptr_eq (lg_item (p, names[g], items[g][i]), item);
        }
    }
  ck_assert_ptr_eq (lg_group_get_item (color, 0), red);
  ck_assert_ptr_eq (lg_group_get_item (color, 2), blue);
  ck_assert_ptr_null (lg_problem_get_group (p, 3));
  /* Lookups answer NULL without recording an error. */
  ck_assert_ptr_null (lg_problem_lookup_group (p, "colour"));
  ck_assert_ptr_null (lg_problem_lookup_group (p, NULL));
  ck_assert_ptr_null (lg_group_lookup_item (color, "pink"));
  ck_assert_ptr_null (lg_group_lookup_item (color, "0"));
  ck_assert_ptr_null (lg_group_lookup_item (kids, NULL));
  assert_valid (p);
}
END_TEST

/* Values: ordered items count from 0, numeric items are their literal. */
typedef struct
{
  LgGroupKind kind;
  const char *items[6];
  gint64 values[6];
} ValueCase;

static const ValueCase value_cases[] = {
  { LG_GROUP_ORDERED, { "left", "middle", "right" }, { 0, 1, 2 } },
  { LG_GROUP_ORDERED, { "9", "8", "-1", "x" }, { 0, 1, 2, 3 } },
  { LG_GROUP_NUMERIC, { "0", "1", "2" }, { 0, 1, 2 } },
  { LG_GROUP_NUMERIC,
    { "1804", "-3", "+7", "007", "-0" },
    { 1804, -3, 7, 7, 0 } },
  { LG_GROUP_NUMERIC,
    { "30", "60", "120", "180", "240" },
    { 30, 60, 120, 180, 240 } },
  { LG_GROUP_NUMERIC,
    { "9223372036854775807", "-9223372036854775808" },
    { INT64_MAX, INT64_MIN } },
};

START_TEST (test_description_values)
{
  const ValueCase *vc = &value_cases[_i];
  g_autoptr (LgProblem) p = lg_problem_new ();
  LgGroup *g = lg_group (p, vc->kind, "g", NULL);
  ck_assert_ptr_nonnull (g);
  guint n = 0;
  for (; n < N_ELEMS (vc->items) && vc->items[n]; n++)
    ck_assert_ptr_nonnull (lg_group_add_item (p, g, vc->items[n]));
  ck_assert_uint_eq (lg_group_n_items (g), n);
  assert_valid (p);
  for (guint i = 0; i < n; i++)
    {
      LgItem *item = lg_group_get_item (g, i);
      ck_assert_int_eq (item->value, vc->values[i]);
      /* The same value through an expression. */
      LgExpr *e = lg_ref (p, item);
      ck_assert_ptr_nonnull (e);
      gint64 v = 12345;
      ck_assert (lg_expr_eval (e, NULL, &v));
      ck_assert_int_eq (v, vc->values[i]);
    }
  /* A variable over the group is worth its item in the assignment. */
  LgItem *var = lg_some (p, "g");
  LgExpr *e = lg_ref (p, var);
  ck_assert_ptr_nonnull (e);
  guint assignment[1];
  ck_assert_uint_lt (var->var_id, G_N_ELEMENTS (assignment));
  for (guint i = 0; i < n; i++)
    {
      gint64 v = 12345;
      assignment[var->var_id] = i;
      ck_assert (lg_expr_eval (e, assignment, &v));
      ck_assert_int_eq (v, vc->values[i]);
    }
}
END_TEST

/* lg_expr_bounds: the bounds over every item of the variables, each
 * sub-expression within -limit..limit, no 64-bit overflow. */
START_TEST (test_description_expr_bounds)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_NUMERIC, "g", ITEMS ("-3", "5", "10"));
  lg_group (p, LG_GROUP_NUMERIC, "h", ITEMS ("-4", "-2"));
  lg_group (p, LG_GROUP_NUMERIC, "k", ITEMS ("2", "6"));
  lg_group (p, LG_GROUP_NUMERIC, "big",
            ITEMS ("9223372036854775807", "-9223372036854775808"));
  LgItem *v = lg_some (p, "g"), *w = lg_some (p, "h"), *u = lg_some (p, "k");
  LgItem *b = lg_some (p, "big");
  LgItem *five = lg_group_get_item (lg_problem_lookup_group (p, "g"), 1);
  const struct
  {
    LgExpr *e;
    gint64 limit;
    gboolean ok;
    gint64 lo, hi;
  } cases[] = {
    { lg_ref (p, v), G_MAXINT64, TRUE, -3, 10 },
    { lg_ref (p, five), G_MAXINT64, TRUE, 5, 5 },
    { lg_num (p, 7), G_MAXINT64, TRUE, 7, 7 },
    { lg_neg (p, lg_ref (p, v)), G_MAXINT64, TRUE, -10, 3 },
    { lg_abs (p, lg_ref (p, v)), G_MAXINT64, TRUE, 0, 10 },
    { lg_abs (p, lg_ref (p, w)), G_MAXINT64, TRUE, 2, 4 },
    { lg_abs (p, lg_ref (p, u)), G_MAXINT64, TRUE, 2, 6 },
    { lg_add (p, lg_ref (p, v), lg_ref (p, w)), G_MAXINT64, TRUE, -7, 8 },
    { lg_sub (p, lg_ref (p, v), lg_ref (p, w)), G_MAXINT64, TRUE, -1, 14 },
    { lg_mul (p, lg_ref (p, v), lg_ref (p, w)), G_MAXINT64, TRUE, -40, 12 },
    { lg_mul (p, lg_ref (p, v), lg_ref (p, v)), 99, FALSE, 0, 0 },
    { lg_mul (p, lg_ref (p, v), lg_ref (p, v)), 100, TRUE, -30, 100 },
    { lg_add (p, lg_num (p, 200), lg_ref (p, v)), 100, FALSE, 0, 0 },
    { lg_neg (p, lg_num (p, 200)), 100, FALSE, 0, 0 },
    /* INT64_MIN is outside -G_MAXINT64..G_MAXINT64: negating it overflows */
    { lg_ref (p, b), G_MAXINT64, FALSE, 0, 0 },
    { lg_add (p, lg_num (p, G_MAXINT64), lg_num (p, 1)), G_MAXINT64, FALSE, 0,
      0 },
    { lg_sub (p, lg_num (p, -G_MAXINT64), lg_num (p, 2)), G_MAXINT64, FALSE, 0,
      0 },
    { lg_mul (p, lg_num (p, G_MAXINT64), lg_num (p, 2)), G_MAXINT64, FALSE, 0,
      0 },
  };
  for (guint i = 0; i < N_ELEMS (cases); i++)
    {
      gint64 lo = 0, hi = 0;
      ck_assert_ptr_nonnull (cases[i].e);
      ck_assert_msg (lg_expr_bounds (cases[i].e, cases[i].limit, &lo, &hi) ==
                         cases[i].ok,
                     "case %u", i);
      if (cases[i].ok)
        {
          ck_assert_int_eq (lo, cases[i].lo);
          ck_assert_int_eq (hi, cases[i].hi);
        }
    }
}
END_TEST

START_TEST (test_description_variables)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "blue"));
  LgGroup *house = lg_problem_lookup_group (p, "house");
  LgGroup *color = lg_problem_lookup_group (p, "color");

  /* some: a new anonymous variable each time. */
  LgItem *s1 = lg_some (p, "house"), *s2 = lg_some (p, "house");
  LgItem *s3 = lg_some (p, "color");
  ck_assert_ptr_nonnull (s1);
  ck_assert_ptr_nonnull (s2);
  ck_assert_ptr_nonnull (s3);
  ck_assert_ptr_ne (s1, s2);
  ck_assert (lg_item_is_variable (s1) && lg_item_is_variable (s3));
  ck_assert_ptr_eq (lg_item_get_group (s1), house);
  ck_assert_ptr_eq (lg_item_get_group (s3), color);
  ck_assert_ptr_nonnull (lg_item_get_name (s1));
  ck_assert_str_ne (lg_item_get_name (s1), lg_item_get_name (s2));

  /* var: the same variable for the same name in the same group. */
  LgItem *a = lg_var (p, "house", "a");
  ck_assert_ptr_nonnull (a);
  ck_assert (lg_item_is_variable (a));
  ck_assert_str_eq (lg_item_get_name (a), "a");
  ck_assert_ptr_eq (lg_item_get_group (a), house);
  ck_assert_ptr_eq (lg_var (p, "house", "a"), a);
  LgItem *b = lg_var (p, "house", "b");
  ck_assert_ptr_ne (b, a);
  LgItem *ca = lg_var (p, "color", "a");
  ck_assert_ptr_ne (ca, a);
  ck_assert_ptr_eq (lg_item_get_group (ca), color);
  ck_assert_ptr_eq (lg_var (p, "color", "a"), ca);
  ck_assert_ptr_eq (lg_var (p, "house", "a"), a);

  /* var_new: always a new variable, even for a name already used. */
  LgItem *n1 = lg_var_new (p, "house", "x");
  LgItem *n2 = lg_var_new (p, "house", "x");
  ck_assert_ptr_nonnull (n1);
  ck_assert_ptr_nonnull (n2);
  ck_assert_ptr_ne (n1, n2);
  ck_assert_str_eq (lg_item_get_name (n2), "x");
  ck_assert (lg_item_is_variable (n2));
  ck_assert_ptr_ne (lg_var_new (p, "house", "a"), a);

  /* Variables are not items of their group. */
  ck_assert_uint_eq (lg_group_n_items (house), 2);
  ck_assert_ptr_null (lg_group_lookup_item (house, "a"));
  assert_valid (p);
}
END_TEST

/* ---- core: rules -------------------------------------------------------- */

/* The cells that bound the expansion of a group's couple logic: a couple
 * written twice, or with its two items the other way round, is one. */
START_TEST (test_description_rules_n_cells)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "blue"));
  LgItem *left = lg_item (p, "house", "left");
  LgItem *red = lg_item (p, "color", "red");
  LgItem *blue = lg_item (p, "color", "blue");
  LgItem *v = lg_var (p, "house", "v");
  const LgRule *rules[2];
  rules[0] =
      lg_and (p, lg_and (p, lg_yes (p, left, red), lg_yes (p, red, left)),
              lg_no (p, left, blue));
  ck_assert_uint_eq (lg_rules_n_cells (rules, 1), 2);
  rules[1] = lg_or (p, lg_yes (p, left, red), lg_yes (p, v, red));
  ck_assert_uint_eq (lg_rules_n_cells (rules + 1, 1), 2);
  ck_assert_uint_eq (lg_rules_n_cells (rules, 2), 3);
  ck_assert_uint_eq (lg_rules_n_cells (rules, 0), 0);
  rules[0] = lg_eq (p, lg_ref (p, v), lg_num (p, 1));
  ck_assert_uint_eq (lg_rules_n_cells (rules, 1), 0);
}
END_TEST

/* A group's logic split into its couple logic and the rest, each in
 * order; a couple itself is not couple logic. */
START_TEST (test_description_split_couple_logic)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "blue"));
  LgItem *left = lg_item (p, "house", "left");
  LgItem *red = lg_item (p, "color", "red");
  LgItem *v = lg_var (p, "house", "v");
  LgItem *w = lg_var (p, "house", "w");
  LgRule *rules[] = { lg_eq (p, lg_ref (p, v), lg_num (p, 1)),
                      lg_or (p, lg_yes (p, left, red), lg_yes (p, v, red)),
                      lg_yes (p, w, red), lg_not (p, lg_no (p, w, red)),
                      lg_lt (p, lg_ref (p, v), lg_ref (p, w)) };
  g_autoptr (GPtrArray) logic = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    g_ptr_array_add (logic, rules[i]);
  g_autoptr (GPtrArray) couple_logic = g_ptr_array_new ();
  g_autoptr (GPtrArray) plain = g_ptr_array_new ();
  lg_rules_split_couple_logic (logic, couple_logic, plain);
  ck_assert_uint_eq (couple_logic->len, 2);
  ck_assert_ptr_eq (couple_logic->pdata[0], rules[1]);
  ck_assert_ptr_eq (couple_logic->pdata[1], rules[3]);
  ck_assert_uint_eq (plain->len, 3);
  ck_assert_ptr_eq (plain->pdata[0], rules[0]);
  ck_assert_ptr_eq (plain->pdata[1], rules[2]);
  ck_assert_ptr_eq (plain->pdata[2], rules[4]);
  /* without plain, appended after what couple_logic holds */
  lg_rules_split_couple_logic (logic, couple_logic, NULL);
  ck_assert_uint_eq (couple_logic->len, 4);
  ck_assert_ptr_eq (couple_logic->pdata[2], rules[1]);
}
END_TEST

static gboolean
count_alternatives (const LgCellLiteral *literals, guint n_literals,
                    gpointer data)
{
  (void) literals;
  (void) n_literals;
  (*(guint *) data)++;
  return TRUE;
}

/* The steps of an expansion, and its node limit: one couple takes three
 * (the root, its cell true: an alternative, its cell false: dead). */
START_TEST (test_description_expansion_nodes)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "blue"));
  const LgRule *rules[1] = { lg_yes (p, lg_item (p, "house", "left"),
                                     lg_item (p, "color", "red")) };
  guint assignment[1] = { 0 }, alternatives = 0;
  const LgRule *overflow;
  LgExpansion *x = lg_expansion_new (rules, 1, assignment);
  ck_assert (
      lg_expansion_run (x, count_alternatives, &alternatives, &overflow));
  ck_assert_uint_eq (alternatives, 1);
  ck_assert_uint_eq (lg_expansion_nodes (x), 3);
  ck_assert (
      lg_expansion_run (x, count_alternatives, &alternatives, &overflow));
  ck_assert_uint_eq (lg_expansion_nodes (x), 6);
  lg_expansion_set_node_limit (x, 1);
  ck_assert_uint_eq (lg_expansion_nodes (x), 0);
  alternatives = 0;
  lg_expansion_run (x, count_alternatives, &alternatives, &overflow);
  ck_assert_uint_eq (alternatives, 0);
  ck_assert_uint_gt (lg_expansion_nodes (x), 1);
  lg_expansion_free (x);
}
END_TEST

START_TEST (test_description_rule_numbering)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "blue"));
  LgItem *left = lg_item (p, "house", "left");
  LgItem *red = lg_item (p, "color", "red");
  ck_assert_uint_eq (lg_problem_n_rules (p), 0);

  LgRule *r1 = lg_yes (p, left, red);
  LgRule *r2 = lg_no (p, left, lg_item (p, "color", "blue"));
  LgRule *r3 = lg_eq (p, lg_ref (p, left), lg_num (p, 0));
  LgRule *r4 = lg_lt (p, lg_num (p, 1), lg_num (p, 2));
  ck_assert_uint_eq (lg_rule (p, r1), 1);
  ck_assert_uint_eq (lg_rule_get_line (r1), 0);
  lg_problem_set_line (p, 7);
  ck_assert_uint_eq (lg_rule (p, NULL), 0); /* not a rule: no number */
  ck_assert_uint_eq (lg_rule (p, r2), 2);
  ck_assert_uint_eq (lg_rule (p, r3), 3);
  lg_problem_set_line (p, 0);
  ck_assert_uint_eq (lg_rule (p, r4), 4);
  ck_assert_uint_eq (lg_problem_n_rules (p), 4);

  LgRule *const want[] = { r1, r2, r3, r4 };
  const guint lines[] = { 0, 7, 7, 0 };
  for (guint k = 1; k <= 4; k++)
    {
      ck_assert_ptr_eq (lg_problem_get_rule (p, k), want[k - 1]);
      ck_assert_uint_eq (lg_rule_get_line (want[k - 1]), lines[k - 1]);
    }
  ck_assert_ptr_null (lg_problem_get_rule (p, 0));
  ck_assert_ptr_null (lg_problem_get_rule (p, 5));
  /* Rules made but not added are not counted. */
  lg_yes (p, left, red);
  ck_assert_uint_eq (lg_problem_n_rules (p), 4);
  assert_valid (p);
}
END_TEST

/* lg_rule_to_string: one built rule and its text per case. */
typedef struct
{
  LgProblem *p;
  LgItem *a, *b;
} RuleEnv;

typedef LgRule *(*RuleMaker) (const RuleEnv *e);

#define P (e->p)
#define REF(x) lg_ref (P, x)
#define NUM(v) lg_num (P, v)
#define A REF (e->a)
#define B REF (e->b)
#define ITEM(g, n) lg_item (P, g, n)

static LgRule *
mk_yes (const RuleEnv *e)
{
  return lg_yes (P, ITEM ("drink", "tea"), ITEM ("house", "mid-left"));
}
static LgRule *
mk_no (const RuleEnv *e)
{
  return lg_no (P, e->a, ITEM ("drink", "orange juice"));
}
static LgRule *
mk_yes_quote (const RuleEnv *e)
{
  return lg_yes (P, ITEM ("drink", "say \"hi\""), ITEM ("children", "-2"));
}
static LgRule *
mk_eq (const RuleEnv *e)
{
  return lg_eq (P, lg_sub (P, A, B), NUM (1));
}
static LgRule *
mk_neq (const RuleEnv *e)
{
  return lg_neq (P, REF (ITEM ("children", "-2")), NUM (-2));
}
static LgRule *
mk_lt (const RuleEnv *e)
{
  return lg_lt (P, lg_add (P, A, lg_mul (P, B, NUM (2))), NUM (3));
}
static LgRule *
mk_gt (const RuleEnv *e)
{
  return lg_gt (P, lg_mul (P, lg_add (P, A, NUM (1)), B), NUM (0));
}
static LgRule *
mk_le (const RuleEnv *e)
{
  return lg_le (P, lg_sub (P, A, lg_sub (P, B, NUM (1))), NUM (0));
}
static LgRule *
mk_ge (const RuleEnv *e)
{
  return lg_ge (P, lg_sub (P, lg_sub (P, A, B), NUM (1)), NUM (0));
}
static LgRule *
mk_abs (const RuleEnv *e)
{
  return lg_eq (P, lg_abs (P, lg_sub (P, B, A)), NUM (1));
}
static LgRule *
mk_neg (const RuleEnv *e)
{
  return lg_eq (P, lg_neg (P, A), lg_neg (P, lg_add (P, B, NUM (1))));
}
static LgRule *
mk_item_ref (const RuleEnv *e)
{
  return lg_lt (P, REF (ITEM ("house", "mid-left")),
                REF (ITEM ("children", "1")));
}
static LgRule *
mk_and_or (const RuleEnv *e)
{
  return lg_and (P, lg_eq (P, A, NUM (1)),
                 lg_or (P, lg_eq (P, B, NUM (1)), lg_eq (P, B, NUM (2))));
}
static LgRule *
mk_or_and (const RuleEnv *e)
{
  return lg_or (P, lg_and (P, lg_eq (P, A, NUM (1)), lg_eq (P, B, NUM (2))),
                lg_eq (P, A, NUM (2)));
}
static LgRule *
mk_and_of_or (const RuleEnv *e)
{
  return lg_and (P, lg_or (P, lg_eq (P, A, NUM (1)), lg_eq (P, B, NUM (2))),
                 lg_eq (P, A, NUM (2)));
}
static LgRule *
mk_or_left (const RuleEnv *e)
{
  return lg_or (P, lg_or (P, lg_eq (P, A, NUM (1)), lg_eq (P, B, NUM (2))),
                lg_eq (P, A, NUM (2)));
}
static LgRule *
mk_not (const RuleEnv *e)
{
  return lg_not (P, lg_lt (P, A, B));
}
static LgRule *
mk_not_and (const RuleEnv *e)
{
  return lg_not (P, lg_and (P, lg_eq (P, A, NUM (1)), lg_neq (P, B, NUM (2))));
}
static LgRule *
mk_and_not (const RuleEnv *e)
{
  return lg_and (P, lg_not (P, lg_eq (P, A, NUM (1))), lg_ge (P, B, NUM (2)));
}
static LgRule *
mk_or_not_or (const RuleEnv *e)
{
  return lg_or (
      P, lg_not (P, lg_or (P, lg_le (P, A, NUM (0)), lg_gt (P, B, NUM (1)))),
      lg_eq (P, A, B));
}

#undef P
#undef REF
#undef NUM
#undef A
#undef B
#undef ITEM

static const struct
{
  RuleMaker make;
  const char *text;
} to_string_cases[] = {
  { mk_yes, "yes drink:tea, house:\"mid-left\"" },
  { mk_no, "no a, drink:\"orange juice\"" },
  { mk_yes_quote, "yes drink:\"say \\\"hi\\\"\", children:-2" },
  { mk_eq, "a - b = 1" },
  { mk_neq, "children:-2 != -2" },
  { mk_lt, "a + b * 2 < 3" },
  { mk_gt, "(a + 1) * b > 0" },
  { mk_le, "a - (b - 1) <= 0" },
  { mk_ge, "a - b - 1 >= 0" },
  { mk_abs, "abs(b - a) = 1" },
  { mk_neg, "-a = -(b + 1)" },
  { mk_item_ref, "house:\"mid-left\" < children:1" },
  { mk_and_or, "a = 1 and (b = 1 or b = 2)" },
  { mk_or_and, "a = 1 and b = 2 or a = 2" },
  { mk_and_of_or, "(a = 1 or b = 2) and a = 2" },
  { mk_or_left, "a = 1 or b = 2 or a = 2" },
  { mk_not, "not (a < b)" },
  { mk_not_and, "not (a = 1 and b != 2)" },
  { mk_and_not, "not (a = 1) and b >= 2" },
  { mk_or_not_or, "not (a <= 0 or b > 1) or a = b" },
};

START_TEST (test_description_rule_to_string)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "mid-left", "right"));
  lg_group (p, LG_GROUP_NUMERIC, "children", ITEMS ("0", "1", "-2"));
  lg_group (p, LG_GROUP_ATOMIC, "drink",
            ITEMS ("tea", "orange juice", "say \"hi\""));
  RuleEnv env = { p, lg_var_new (p, "house", "a"),
                  lg_var_new (p, "children", "b") };
  LgRule *rule = to_string_cases[_i].make (&env);
  ck_assert_ptr_nonnull (rule);
  g_autofree char *text = lg_rule_to_string (rule);
  ck_assert_str_eq (text, to_string_cases[_i].text);
  /* The same once added. */
  ck_assert_uint_eq (lg_rule (p, rule), 1);
  g_autofree char *again = lg_rule_to_string (lg_problem_get_rule (p, 1));
  ck_assert_str_eq (again, to_string_cases[_i].text);
  assert_valid (p);
}
END_TEST

/* The clue table through the API: a rule added with no clue open is a clue
 * of its own; lg_clue opens one that the next rules join; a clue needs a
 * text; a clue dropped drops its rules; the freeze forbids lg_clue. */
START_TEST (test_description_clues)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", (const char *[]) { "x", "y", NULL });
  lg_group (p, LG_GROUP_ATOMIC, "b", (const char *[]) { "u", "v", NULL });
  LgItem *x = lg_item (p, "a", "x"), *u = lg_item (p, "b", "u");
  LgItem *y = lg_item (p, "a", "y"), *v = lg_item (p, "b", "v");

  ck_assert (!lg_problem_has_clue_texts (p));
  ck_assert_uint_eq (lg_problem_n_clues (p), 0);
  lg_problem_set_line (p, 7);
  lg_rule (p, lg_yes (p, x, u));
  ck_assert_uint_eq (lg_problem_n_clues (p), 1);
  ck_assert_ptr_null (lg_clue_get_text (p, 1));
  ck_assert_uint_eq (lg_clue_get_line (p, 1), 7);
  lg_problem_set_line (p, 9);
  ck_assert_uint_eq (lg_clue (p, "X is U, Y is V."), 2);
  ck_assert (lg_problem_has_clue_texts (p));
  ck_assert_uint_eq (lg_clue_get_first_rule (p, 2), 2);
  ck_assert_uint_eq (lg_clue_get_n_rules (p, 2), 0);
  lg_rule (p, lg_no (p, x, v));
  lg_rule (p, lg_yes (p, y, v));
  ck_assert_uint_eq (lg_problem_n_clues (p), 2);
  ck_assert_str_eq (lg_clue_get_text (p, 2), "X is U, Y is V.");
  ck_assert_uint_eq (lg_clue_get_line (p, 2), 9);
  ck_assert_uint_eq (lg_clue_get_n_rules (p, 2), 2);
  ck_assert_uint_eq (lg_rule_get_clue (lg_problem_get_rule (p, 3)), 2);
  ck_assert_uint_eq (lg_clue (p, ""), 0);
  ck_assert_uint_eq (lg_problem_n_clues (p), 2);
  g_autoptr (GError) error = NULL;
  ck_assert (!lg_problem_check (p, &error));
  g_clear_error (&error);

  g_autoptr (LgProblem) q = lg_problem_new ();
  lg_group (q, LG_GROUP_ATOMIC, "a", (const char *[]) { "x", "y", NULL });
  lg_group (q, LG_GROUP_ATOMIC, "b", (const char *[]) { "u", "v", NULL });
  lg_clue (q, "X is U.");
  lg_rule (q, lg_yes (q, lg_item (q, "a", "x"), lg_item (q, "b", "u")));
  lg_rule (q, lg_no (q, lg_item (q, "a", "x"), lg_item (q, "b", "v")));
  ck_assert (lg_problem_drop_clue (q, 1, NULL));
  ck_assert (lg_problem_rule_is_dropped (q, 1));
  ck_assert (lg_problem_rule_is_dropped (q, 2));
  ck_assert (!lg_problem_drop_clue (q, 2, &error));
  ck_assert_str_eq (error->message,
                    "no clue 2: clues are numbered from 1 to 1");
  ck_assert_int_eq (lg_problem_solve (q, NULL, NULL, NULL, NULL, NULL), 2);
}
END_TEST

START_TEST (test_description_drop_rule)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "middle", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "green", "blue"));
  lg_rule (
      p, lg_yes (p, lg_item (p, "house", "left"), lg_item (p, "color", "red")));
  lg_rule (p, lg_yes (p, lg_item (p, "house", "middle"),
                      lg_item (p, "color", "green")));
  lg_rule (
      p, lg_no (p, lg_item (p, "house", "right"), lg_item (p, "color", "red")));
  Collect c;

  /* Out of range: 0 and n + 1. */
  const guint bad[] = { 0, 4, 100, G_MAXUINT };
  for (guint i = 0; i < N_ELEMS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      ck_assert (!lg_problem_drop_rule (p, bad[i], &error));
      assert_error (error, LG_PROBLEM_ERROR_UNKNOWN, NULL);
    }
  ck_assert (!lg_problem_drop_rule (p, 0, NULL)); /* NULL error is fine */
  assert_valid (p);

  /* The drops of one solve (LgSolveOptions.drop) leave the problem as it
   * is.  Left is red, middle is green: one solution.  Without rule 2: green
   * and blue in middle and right, both ways.  Without 1 and 2: red anywhere
   * but right, 4 of the 6 orders; without all, the 6.  Rule 2 alone
   * (middle is green) leaves 2; rules 2 and 3, 1. */
  static const struct
  {
    gboolean drop[3];
    gint64 count;
  } drops[] = {
    { { FALSE, FALSE, FALSE }, 1 }, { { FALSE, TRUE, FALSE }, 2 },
    { { TRUE, TRUE, FALSE }, 4 },   { { TRUE, TRUE, TRUE }, 6 },
    { { TRUE, FALSE, TRUE }, 2 },   { { TRUE, FALSE, FALSE }, 1 },
  };
  for (guint i = 0; i < N_ELEMS (drops); i++)
    {
      LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
      opts.drop = drops[i].drop;
      collect_init (&c, FALSE);
      g_autoptr (GError) error = NULL;
      ck_assert_int_eq (
          lg_problem_solve (p, &opts, NULL, collect_cb, &c, &error),
          drops[i].count);
      ck_assert_ptr_null (error);
      for (guint k = 1; k <= 3; k++)
        ck_assert (!lg_problem_rule_is_dropped (p, k));
    }
  ck_assert (lg_problem_is_frozen (p));

  /* Drops in the problem, before it is checked: numbers stay, dropping
   * twice is harmless, and the options' drops add to them. */
  g_autoptr (LgProblem) q = lg_problem_new ();
  lg_group (q, LG_GROUP_ORDERED, "house", ITEMS ("left", "middle", "right"));
  lg_group (q, LG_GROUP_ATOMIC, "color", ITEMS ("red", "green", "blue"));
  lg_rule (
      q, lg_yes (q, lg_item (q, "house", "left"), lg_item (q, "color", "red")));
  lg_rule (q, lg_yes (q, lg_item (q, "house", "middle"),
                      lg_item (q, "color", "green")));
  lg_rule (
      q, lg_no (q, lg_item (q, "house", "right"), lg_item (q, "color", "red")));
  ck_assert (lg_problem_drop_rule (q, 2, NULL));
  ck_assert (lg_problem_drop_rule (q, 2, NULL));
  ck_assert_uint_eq (lg_problem_n_rules (q), 3);
  ck_assert (lg_problem_rule_is_dropped (q, 2));
  ck_assert (!lg_problem_rule_is_dropped (q, 1));
  ck_assert (!lg_problem_is_frozen (q));
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  opts.drop = drops[2].drop; /* 1 and 2 */
  collect_init (&c, FALSE);
  ck_assert_int_eq (lg_problem_solve (q, &opts, NULL, collect_cb, &c, NULL), 4);
  collect_init (&c, FALSE);
  ck_assert_int_eq (solve_ok (q, &c), 2);

  g_autoptr (LgProblem) empty = lg_problem_new ();
  lg_group (empty, LG_GROUP_ATOMIC, "g", ITEMS ("x"));
  ck_assert (!lg_problem_drop_rule (empty, 1, NULL));
}
END_TEST

static void
assert_order (LgProblem *p, const char *const *names)
{
  for (guint i = 0; names[i]; i++)
    {
      LgGroup *g = lg_problem_get_group (p, i);
      ck_assert_ptr_nonnull (g);
      ck_assert_str_eq (lg_group_get_name (g), names[i]);
      ck_assert_ptr_eq (lg_problem_lookup_group (p, names[i]), g);
    }
}

START_TEST (test_description_group_order)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "A", ITEMS ("a0", "a1"));
  lg_group (p, LG_GROUP_ATOMIC, "B", ITEMS ("b0", "b1"));
  lg_group (p, LG_GROUP_ATOMIC, "C", ITEMS ("c0", "c1"));
  assert_order (p, ITEMS ("A", "B", "C"));

  ck_assert (lg_problem_set_group_order (p, ITEMS ("C", "A", "B"), NULL));
  assert_order (p, ITEMS ("C", "A", "B"));
  ck_assert_uint_eq (lg_problem_n_groups (p), 3);
  ck_assert_ptr_eq (lg_item_get_group (lg_item (p, "A", "a1")),
                    lg_problem_get_group (p, 1));

  /* Bad lists fail and leave the order as it was. */
  const char *const *const bad[] = {
    (const char *const[]) { "A", "B", "X", NULL },      /* unknown */
    (const char *const[]) { "A", "A", "B", NULL },      /* twice */
    (const char *const[]) { "A", "B", NULL },           /* missing */
    (const char *const[]) { "A", "B", "C", "A", NULL }, /* one too many */
    (const char *const[]) { NULL },                     /* empty */
    NULL,                                               /* none */
  };
  for (guint i = 0; i < N_ELEMS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      ck_assert_msg (!lg_problem_set_group_order (p, bad[i], &error),
                     "bad order %u accepted", i);
      assert_error (error, LG_PROBLEM_ERROR_ORDER, NULL);
      assert_order (p, ITEMS ("C", "A", "B"));
    }
  g_autoptr (GError) error = NULL;
  ck_assert (!lg_problem_set_group_order (p, ITEMS ("B", "X", "A"), &error));
  assert_error (error, LG_PROBLEM_ERROR_ORDER, "X");

  /* Back to the declaration order, then another one. */
  ck_assert (lg_problem_set_group_order (p, ITEMS ("A", "B", "C"), NULL));
  assert_order (p, ITEMS ("A", "B", "C"));
  ck_assert (lg_problem_set_group_order (p, ITEMS ("B", "C", "A"), NULL));
  assert_order (p, ITEMS ("B", "C", "A"));
  assert_valid (p);
}
END_TEST

/* ---- core: solving -------------------------------------------------------- */

START_TEST (test_description_classic)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  ck_assert_uint_eq (lg_problem_n_groups (p), 6);
  ck_assert_uint_eq (lg_problem_n_rules (p), 22);
  assert_valid (p);
  Collect c;
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), 1);
  g_autofree char *want = rows_text (classic_rows, N_ELEMS (classic_rows));
  ck_assert_str_eq (c.texts->pdata[0], want);
  collect_clear (&c);

  /* The brute force agrees (and so checks itself). */
  g_autoptr (GPtrArray) brute = g_ptr_array_new_with_free_func (g_free);
  classic_brute_force (TRUE, brute);
  ck_assert_uint_eq (brute->len, 1);
  ck_assert_str_eq (brute->pdata[0], want);

  /* Solving again gives the same answer. */
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), 1);
  ck_assert_str_eq (c.texts->pdata[0], want);
  collect_clear (&c);
}
END_TEST

START_TEST (test_description_classic_drop_rule_1)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  ck_assert (lg_problem_drop_rule (p, 1, NULL));
  Collect c;
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), 25);

  g_autoptr (GPtrArray) brute = g_ptr_array_new_with_free_func (g_free);
  classic_brute_force (FALSE, brute);
  ck_assert_uint_eq (brute->len, 25);
  assert_same_multiset (c.texts, brute);
  /* The tutorial's solution is one of them. */
  g_autofree char *want = rows_text (classic_rows, N_ELEMS (classic_rows));
  ck_assert (
      g_ptr_array_find_with_equal_func (c.texts, want, g_str_equal, NULL));
  collect_clear (&c);
}
END_TEST

START_TEST (test_description_classic_group_order)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  ck_assert (lg_problem_set_group_order (
      p,
      ITEMS ("color", "cigarette", "drink", "animal", "nationality", "house"),
      NULL));
  Collect c;
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), 1);
  /* The classic solution, columns reversed, rows in the color order. */
  static const char *const rows[] = {
    "green,parliaments,coffee,zebra,japanese,right",
    "ivory,luckystrike,orange juice,dog,spanish,mid-right",
    "yellow,kools,water,fox,norvegian,left",
    "blue,chesterfields,tea,horse,ukrainian,mid-left",
    "red,winston,milk,snail,english,middle",
  };
  g_autofree char *want = rows_text (rows, N_ELEMS (rows));
  ck_assert_str_eq (c.texts->pdata[0], want);
  collect_clear (&c);
}
END_TEST

/* Stopping: the callback's FALSE ends the search at once. */
static const guint stop_after[] = { 1, 2, 3, 24, 25 };

START_TEST (test_description_stop)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  lg_problem_drop_rule (p, 1, NULL);
  Collect c;
  collect_init (&c, TRUE);
  c.stop_after = stop_after[_i];
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, NULL, NULL, collect_cb, &c, &error);
  ck_assert_ptr_null (error);
  ck_assert_int_eq (n, stop_after[_i]);
  ck_assert_uint_eq (c.calls, stop_after[_i]);
  /* They are the first ones of the whole list. */
  Collect all;
  collect_init (&all, TRUE);
  ck_assert_int_eq (solve_ok (p, &all), 25);
  for (guint i = 0; i < c.texts->len; i++)
    ck_assert_str_eq (c.texts->pdata[i], all.texts->pdata[i]);
  collect_clear (&all);
  collect_clear (&c);
}
END_TEST

/* No rule: every combination, (n!)^(G-1) of them, each once. */
static const struct
{
  guint n, groups;
  gint64 count;
} no_rule_cases[] = {
  { 1, 1, 1 }, { 3, 1, 1 },  { 1, 3, 1 },  { 2, 2, 2 }, { 3, 2, 6 },
  { 2, 3, 4 }, { 3, 3, 36 }, { 4, 2, 24 }, { 2, 4, 8 }, { 4, 3, 576 },
};

START_TEST (test_description_no_rule)
{
  guint n = no_rule_cases[_i].n, n_groups = no_rule_cases[_i].groups;
  g_autoptr (LgProblem) p = lg_problem_new ();
  for (guint g = 0; g < n_groups; g++)
    {
      g_autofree char *name = g_strdup_printf ("g%u", g);
      LgGroup *group =
          lg_group (p, g % 2 ? LG_GROUP_ORDERED : LG_GROUP_ATOMIC, name, NULL);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *item = g_strdup_printf ("i%u_%u", g, i);
          ck_assert_ptr_nonnull (lg_group_add_item (p, group, item));
        }
    }
  Collect c;
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), no_rule_cases[_i].count);
  /* All different, so all of them. */
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < c.texts->len; i++)
    ck_assert_msg (g_hash_table_add (seen, c.texts->pdata[i]),
                   "solution printed twice:\n%s", (char *) c.texts->pdata[i]);
  collect_clear (&c);
}
END_TEST

/* Rules that cannot hold, and rules that constrain nothing (SPEC 7). */
typedef void (*Builder) (LgProblem *p);

static void
base_3x3 (LgProblem *p)
{
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "middle", "right"));
  lg_group (p, LG_GROUP_ATOMIC, "color", ITEMS ("red", "green", "blue"));
  lg_group (p, LG_GROUP_NUMERIC, "children", ITEMS ("0", "1", "2"));
}

static void
contradiction_unbound (LgProblem *p)
{
  lg_rule (
      p, lg_yes (p, lg_item (p, "house", "left"), lg_item (p, "color", "red")));
  lg_rule (
      p, lg_no (p, lg_item (p, "house", "left"), lg_item (p, "color", "red")));
}

static void
contradiction_unbound_two_yes (LgProblem *p)
{
  lg_rule (
      p, lg_yes (p, lg_item (p, "house", "left"), lg_item (p, "color", "red")));
  lg_rule (p, lg_yes (p, lg_item (p, "house", "left"),
                      lg_item (p, "color", "blue")));
}

static void
false_unbound_logic (LgProblem *p)
{
  lg_rule (p, lg_eq (p, lg_num (p, 1), lg_num (p, 2)));
}

static void
true_unbound_logic (LgProblem *p)
{
  lg_rule (p, lg_lt (p, lg_ref (p, lg_item (p, "children", "1")),
                     lg_ref (p, lg_item (p, "house", "right"))));
}

static void
var_no_assignment (LgProblem *p)
{
  LgItem *a = lg_some (p, "house");
  lg_rule (p, lg_yes (p, a, lg_item (p, "color", "red")));
  lg_rule (p, lg_eq (p, lg_ref (p, a), lg_num (p, 7)));
}

static void
var_empty_masks (LgProblem *p)
{
  LgItem *a = lg_some (p, "house");
  lg_rule (p, lg_yes (p, a, lg_item (p, "color", "red")));
  lg_rule (p, lg_no (p, a, lg_item (p, "color", "red")));
}

static void
var_logic_only_false (LgProblem *p)
{
  LgItem *a = lg_some (p, "house"), *b = lg_some (p, "children");
  lg_rule (p,
           lg_gt (p, lg_add (p, lg_ref (p, a), lg_ref (p, b)), lg_num (p, 4)));
}

static void
var_logic_only_true (LgProblem *p)
{
  LgItem *a = lg_some (p, "house"), *b = lg_some (p, "children");
  lg_rule (p,
           lg_eq (p, lg_add (p, lg_ref (p, a), lg_ref (p, b)), lg_num (p, 4)));
}

/* The original skips a failing group: here one group holds (a single
 * answer) and another cannot, and the answer is still 0. */
static void
var_one_group_fails (LgProblem *p)
{
  lg_rule (
      p, lg_yes (p, lg_item (p, "house", "left"), lg_item (p, "color", "red")));
  LgItem *a = lg_some (p, "children");
  lg_rule (p, lg_yes (p, a, lg_item (p, "color", "green")));
  lg_rule (p, lg_lt (p, lg_ref (p, a), lg_num (p, 0)));
}

/* One group that decides everything: a variable that can only be "middle"
 * with green, and the other couples. */
static void
var_pins_middle (LgProblem *p)
{
  LgItem *a = lg_some (p, "house");
  lg_rule (p, lg_yes (p, a, lg_item (p, "color", "green")));
  lg_rule (p,
           lg_eq (p, lg_mul (p, lg_ref (p, a), lg_num (p, 2)), lg_num (p, 2)));
  lg_rule (
      p, lg_yes (p, lg_item (p, "house", "left"), lg_item (p, "color", "red")));
}

static const struct
{
  const char *name;
  Builder build;
  gint64 count;
} count_cases[] = {
  { "yes and no of one couple", contradiction_unbound, 0 },
  { "two yes for one item", contradiction_unbound_two_yes, 0 },
  { "false unbound relation", false_unbound_logic, 0 },
  { "true unbound relation", true_unbound_logic, 36 },
  { "variable without a consistent value", var_no_assignment, 0 },
  { "variable whose masks are all empty", var_empty_masks, 0 },
  { "relation of variables that never holds", var_logic_only_false, 0 },
  { "relation of variables that can hold", var_logic_only_true, 36 },
  { "one failing group among others", var_one_group_fails, 0 },
  { "variable pinned by a relation", var_pins_middle, 6 },
};

START_TEST (test_description_counts)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  base_3x3 (p);
  count_cases[_i].build (p);
  assert_valid (p);
  Collect c;
  collect_init (&c, FALSE);
  gint64 n = solve_ok (p, &c);
  ck_assert_msg (n == count_cases[_i].count,
                 "%s: %" G_GINT64_FORMAT
                 " solutions, expected %" G_GINT64_FORMAT,
                 count_cases[_i].name, n, count_cases[_i].count);
}
END_TEST

/* ---- limits ---------------------------------------------------------------- */

/* Overflowing arithmetic in a rule: -1 and LG_PROBLEM_ERROR_OVERFLOW. */
static LgRule *
ovf_add (LgProblem *p)
{
  return lg_eq (p, lg_add (p, lg_num (p, INT64_MAX), lg_num (p, 1)),
                lg_num (p, 0));
}

static LgRule *
ovf_sub (LgProblem *p)
{
  return lg_lt (p, lg_sub (p, lg_num (p, INT64_MIN), lg_num (p, 1)),
                lg_num (p, 0));
}

static LgRule *
ovf_mul (LgProblem *p)
{
  return lg_gt (p, lg_mul (p, lg_num (p, INT64_MAX / 2 + 1), lg_num (p, 2)),
                lg_num (p, 0));
}

static LgRule *
ovf_neg (LgProblem *p)
{
  return lg_neq (p, lg_neg (p, lg_num (p, INT64_MIN)), lg_num (p, 0));
}

static LgRule *
ovf_abs (LgProblem *p)
{
  return lg_eq (p, lg_num (p, 0), lg_abs (p, lg_num (p, INT64_MIN)));
}

static LgRule *
ovf_in_or (LgProblem *p)
{
  return lg_or (p, lg_eq (p, lg_num (p, 1), lg_num (p, 2)),
                lg_eq (p, lg_add (p, lg_num (p, INT64_MAX), lg_num (p, 1)),
                       lg_num (p, 0)));
}

static LgRule *
ovf_in_not (LgProblem *p)
{
  return lg_not (
      p, lg_eq (p,
                lg_sub (p, lg_num (p, 0),
                        lg_sub (p, lg_num (p, INT64_MIN), lg_num (p, 0))),
                lg_num (p, 0)));
}

/* The numeric item's value is INT64_MAX: adding 1 overflows. */
static LgRule *
ovf_item (LgProblem *p)
{
  return lg_eq (p,
                lg_add (p,
                        lg_ref (p, lg_item (p, "big", "9223372036854775807")),
                        lg_num (p, 1)),
                lg_num (p, 0));
}

/* A variable: house 0 is fine, house 1 overflows; a couple makes every
 * assignment evaluated. */
static LgRule *
ovf_var (LgProblem *p)
{
  LgItem *a = lg_var (p, "house", "a");
  lg_rule (p, lg_yes (p, a, lg_item (p, "big", "0")));
  return lg_gt (p, lg_add (p, lg_ref (p, a), lg_num (p, INT64_MAX)),
                lg_num (p, 0));
}

static const struct
{
  const char *name;
  LgRule *(*make) (LgProblem *p);
} overflow_cases[] = {
  { "INT64_MAX + 1", ovf_add },  { "INT64_MIN - 1", ovf_sub },
  { "2^62 * 2", ovf_mul },       { "-INT64_MIN", ovf_neg },
  { "abs(INT64_MIN)", ovf_abs }, { "in an or", ovf_in_or },
  { "in a not", ovf_in_not },    { "numeric item", ovf_item },
  { "variable", ovf_var },
};

START_TEST (test_description_overflow)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_NUMERIC, "big", ITEMS ("0", "9223372036854775807"));
  lg_problem_set_line (p, 42);
  LgRule *rule = overflow_cases[_i].make (p);
  ck_assert_ptr_nonnull (rule);
  guint number = lg_rule (p, rule);
  ck_assert_uint_ne (number, 0);
  assert_valid (p); /* the arithmetic is only done when solving */

  Collect c;
  collect_init (&c, FALSE);
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, NULL, NULL, collect_cb, &c, &error);
  ck_assert_msg (n == -1, "%s: %" G_GINT64_FORMAT " solutions, expected -1",
                 overflow_cases[_i].name, n);
  ck_assert_uint_eq (c.calls, 0);
  g_autofree char *rule_n = g_strdup_printf ("rule %u", number);
  assert_error (error, LG_PROBLEM_ERROR_OVERFLOW, rule_n);
  ck_assert_uint_eq (lg_error_get_line (error), 42);
}
END_TEST

/* Values at the edges that do not overflow. */
START_TEST (test_description_no_overflow)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ORDERED, "house", ITEMS ("left", "right"));
  lg_group (p, LG_GROUP_NUMERIC, "big",
            ITEMS ("-9223372036854775808", "9223372036854775807"));
  LgItem *min = lg_item (p, "big", "-9223372036854775808");
  LgItem *max = lg_item (p, "big", "9223372036854775807");
  /* INT64_MIN + INT64_MAX = -1; -INT64_MAX - 1 = INT64_MIN;
   * abs(INT64_MIN + 1) = INT64_MAX; INT64_MAX * 1 = INT64_MAX. */
  lg_rule (p, lg_eq (p, lg_add (p, lg_ref (p, min), lg_ref (p, max)),
                     lg_num (p, -1)));
  lg_rule (p, lg_eq (p, lg_sub (p, lg_neg (p, lg_ref (p, max)), lg_num (p, 1)),
                     lg_ref (p, min)));
  lg_rule (p, lg_eq (p, lg_abs (p, lg_add (p, lg_ref (p, min), lg_num (p, 1))),
                     lg_mul (p, lg_ref (p, max), lg_num (p, 1))));
  /* With a variable: -1 - v stays in range for both values, and equals
   * INT64_MIN only for the item 9223372036854775807. */
  LgItem *v = lg_some (p, "big");
  lg_rule (p, lg_yes (p, v, lg_item (p, "house", "right")));
  lg_rule (
      p, lg_eq (p, lg_sub (p, lg_num (p, -1), lg_ref (p, v)), lg_ref (p, min)));
  Collect c;
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), 1);
  ck_assert_str_eq (c.texts->pdata[0],
                    "left,-9223372036854775808\nright,9223372036854775807\n");
  collect_clear (&c);
}
END_TEST

/* The compiled form of a rule (lg_rule_program_eval, what the
 * transformation runs) against the tree walk (lg_rule_eval) on random
 * rules: every arithmetic operation and relation with its right operand on
 * the stack, a variable, an item or a constant; and, or, not; values at
 * the edges, so that about one assignment in five overflows somewhere. */
#define PROGRAM_VARS 3

static LgExpr *
random_expr (LgProblem *p, uint64_t *rng, LgItem *const *vars, guint depth)
{
  static const char *const constants[] = { "0",
                                           "1",
                                           "-1",
                                           "2",
                                           "7",
                                           "3037000500",
                                           "-9223372036854775808",
                                           "9223372036854775807" };
  guint pick = lgtest_rand_below (rng, depth ? 9 : 3);
  switch (pick)
    {
    case 0:
      return lg_ref (p, vars[lgtest_rand_below (rng, PROGRAM_VARS)]);
    case 1:
      return lg_ref (p, lg_group_get_item (lg_problem_get_group (p, 0),
                                           lgtest_rand_below (rng, 4)));
    case 2:
      {
        const char *k = constants[lgtest_rand_below (rng, N_ELEMS (constants))];
        return lg_num (p, g_ascii_strtoll (k, NULL, 10));
      }
    case 3:
      return lg_neg (p, random_expr (p, rng, vars, depth - 1));
    case 4:
      return lg_abs (p, random_expr (p, rng, vars, depth - 1));
    case 5:
    case 6:
      return lg_add (p, random_expr (p, rng, vars, depth - 1),
                     random_expr (p, rng, vars, depth - 1));
    case 7:
      return lg_sub (p, random_expr (p, rng, vars, depth - 1),
                     random_expr (p, rng, vars, depth - 1));
    default:
      return lg_mul (p, random_expr (p, rng, vars, depth - 1),
                     random_expr (p, rng, vars, depth - 1));
    }
}

static LgRule *
random_rule (LgProblem *p, uint64_t *rng, LgItem *const *vars, guint depth)
{
  static LgRule *(*const relations[]) (LgProblem *, LgExpr *,
                                       LgExpr *) = { lg_eq, lg_neq, lg_lt,
                                                     lg_gt, lg_le,  lg_ge };
  guint pick = lgtest_rand_below (rng, depth ? 9 : 6);
  if (pick < 6)
    return relations[pick](p, random_expr (p, rng, vars, 2),
                           random_expr (p, rng, vars, 2));
  if (pick == 6)
    return lg_not (p, random_rule (p, rng, vars, depth - 1));
  LgRule *a = random_rule (p, rng, vars, depth - 1);
  LgRule *b = random_rule (p, rng, vars, depth - 1);
  return pick == 7 ? lg_and (p, a, b) : lg_or (p, a, b);
}

START_TEST (test_description_program)
{
  uint64_t rng = UINT64_C (0x70726f6772616d00) + (uint64_t) _i;
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_NUMERIC, "big",
            ITEMS ("-9223372036854775808", "-3", "4611686018427387904",
                   "9223372036854775807"));
  LgItem *vars[PROGRAM_VARS];
  for (guint v = 0; v < PROGRAM_VARS; v++)
    vars[v] = lg_some (p, "big");
  guint outcomes[3] = { 0 }; /* overflow, false, true */
  for (guint r = 0; r < 8; r++)
    {
      LgRule *rule = random_rule (p, &rng, vars, 2);
      ck_assert_ptr_nonnull (rule);
      guint assignment[PROGRAM_VARS];
      LgRuleProgram *prog = lg_rule_program_new (rule, assignment);
      ck_assert_ptr_eq (lg_rule_program_rule (prog), rule);
      for (guint a = 0; a < 64; a++)
        {
          assignment[vars[0]->var_id] = a % 4;
          assignment[vars[1]->var_id] = a / 4 % 4;
          assignment[vars[2]->var_id] = a / 16;
          LgEval want = lg_rule_eval (rule, assignment);
          LgEval got = lg_rule_program_eval (prog);
          if (got != want)
            {
              g_autofree char *text = lg_rule_to_string (rule);
              ck_abort_msg ("%s at (%u, %u, %u): %d, expected %d", text, a % 4,
                            a / 4 % 4, a / 16, got, want);
            }
          outcomes[want + 1]++;
        }
      lg_rule_program_free (prog);
    }
  /* the rules are not all trivial */
  ck_assert_uint_gt (outcomes[1] + outcomes[2], 0);
}
END_TEST

/* A rule on a partial assignment (variables LG_UNSET, lg_rule_eval3)
 * against every completion of it: when it says true or false, each
 * completion says the same (and never overflows).  Even loops over small
 * values, where the bounds decide often; odd ones over the values at the
 * edges of the previous test, where they overflow. */
START_TEST (test_description_partial)
{
  uint64_t rng = UINT64_C (0x7061727469616c00) + (uint64_t) _i;
  g_autoptr (LgProblem) p = lg_problem_new ();
  if (_i % 2)
    lg_group (p, LG_GROUP_NUMERIC, "big",
              ITEMS ("-9223372036854775808", "-3", "4611686018427387904",
                     "9223372036854775807"));
  else
    lg_group (p, LG_GROUP_NUMERIC, "big", ITEMS ("-3", "0", "2", "5"));
  LgItem *vars[PROGRAM_VARS];
  for (guint v = 0; v < PROGRAM_VARS; v++)
    vars[v] = lg_some (p, "big");
  guint decided = 0;
  for (guint r = 0; r < 8; r++)
    {
      LgRule *rule = random_rule (p, &rng, vars, 2);
      ck_assert_ptr_nonnull (rule);
      /* each variable one of the 4 items or unset (4) */
      for (guint a = 0; a < 125; a++)
        {
          guint partial[PROGRAM_VARS] = { a % 5, a / 5 % 5, a / 25 };
          guint given[PROGRAM_VARS], assignment[PROGRAM_VARS];
          for (guint v = 0; v < PROGRAM_VARS; v++)
            given[vars[v]->var_id] = partial[v] == 4 ? LG_UNSET : partial[v];
          LgEval got = lg_rule_eval3 (rule, given, NULL, NULL);
          if (got != LG_EVAL_TRUE && got != LG_EVAL_FALSE)
            continue;
          decided += partial[0] == 4 || partial[1] == 4 || partial[2] == 4;
          for (guint c = 0; c < 64; c++)
            {
              for (guint v = 0; v < PROGRAM_VARS; v++)
                {
                  guint id = vars[v]->var_id;
                  assignment[id] =
                      given[id] == LG_UNSET ? c >> (2 * v) & 3 : given[id];
                }
              LgEval want = lg_rule_eval (rule, assignment);
              if (want != got)
                {
                  g_autofree char *text = lg_rule_to_string (rule);
                  ck_abort_msg ("%s at (%u, %u, %u): %d, completed at (%u, "
                                "%u, %u): %d",
                                text, partial[0], partial[1], partial[2], got,
                                assignment[vars[0]->var_id],
                                assignment[vars[1]->var_id],
                                assignment[vars[2]->var_id], want);
                }
            }
        }
    }
  /* over small values, some partial assignments are decided */
  if (_i % 2 == 0)
    ck_assert_uint_gt (decided, 0);
  /* a same, a different or a couple over an unset variable is unknown,
   * without asking for the cells */
  LgGroup *other = lg_group (p, LG_GROUP_ATOMIC, "other", ITEMS ("x", "y"));
  LgItem *x = lg_group_get_item (other, 0);
  guint given[PROGRAM_VARS] = { LG_UNSET, 1, LG_UNSET };
  LgRule *unknown[] = { lg_same (p, vars[0], vars[1]),
                        lg_different (p, vars[1], vars[2]),
                        lg_yes (p, vars[0], x), lg_no (p, x, vars[2]) };
  for (guint u = 0; u < G_N_ELEMENTS (unknown); u++)
    ck_assert_int_eq (lg_rule_eval3 (unknown[u], given, NULL, NULL),
                      LG_EVAL_UNKNOWN);
}
END_TEST

START_TEST (test_description_dimension_limits)
{
  /* The description is fine up to 32 items (what the parser and the
   * exports check); the fast engine takes them all, the faithful engine 10
   * (it says so at its transformation), auto goes to the fast one. */
  static const guint sizes[] = { 10, 11, 32, 33 };
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autoptr (LgProblem) p = lg_problem_new ();
      LgGroup *a = lg_group (p, LG_GROUP_ATOMIC, "a", NULL);
      LgGroup *b = lg_group (p, LG_GROUP_NUMERIC, "b", NULL);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *name = g_strdup_printf ("%u", i);
          lg_group_add_item (p, a, name);
          lg_group_add_item (p, b, name);
        }
      g_autofree char *number = g_strdup_printf ("%u", n);
      if (n > LG_MAX_ITEMS)
        {
          assert_invalid (p, LG_PROBLEM_ERROR_SIZE, "at most 32 items");
          continue;
        }
      assert_valid (p);
      /* the engines' own limits, at their transformation: one solution
       * asked for, the fast engine; over 10 items, the faithful engine
       * refuses and names the fast one */
      LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
      opts.max_solutions = 1;
      opts.engine = LG_ENGINE_FAST;
      g_autoptr (GError) error = NULL;
      ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error),
                        1);
      opts.engine = LG_ENGINE_AUTO;
      ck_assert_int_eq (lg_problem_solve (p, &opts, NULL, NULL, NULL, &error),
                        1);
      if (n > 10)
        {
          opts.engine = LG_ENGINE_FAITHFUL;
          ck_assert_int_eq (
              lg_problem_solve (p, &opts, NULL, NULL, NULL, &error), -1);
          assert_error (error, LG_PROBLEM_ERROR_SIZE, "--engine=fast");
          ck_assert_ptr_nonnull (strstr (error->message, number));
        }
    }
  /* One item per group is fine and has one solution. */
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x"));
  lg_group (p, LG_GROUP_ATOMIC, "b", ITEMS ("y"));
  lg_rule (p, lg_yes (p, lg_item (p, "a", "x"), lg_item (p, "b", "y")));
  Collect c;
  collect_init (&c, TRUE);
  ck_assert_int_eq (solve_ok (p, &c), 1);
  ck_assert_str_eq (c.texts->pdata[0], "x,y\n");
  collect_clear (&c);
}
END_TEST

/* The memory limit: too small for the permutation table and pair masks,
 * too small for the tree, and large enough. */
static const struct
{
  guint64 limit;
  gint64 count; /* -1: LG_PROBLEM_ERROR_LIMIT */
} memory_cases[] = {
  { 0, -1 },
  { 1000, -1 }, /* 5! * 5 bytes of table and 55 pair-sized masks */
  { 2000, -1 }, /* those fit, the tree does not */
  { 64 << 20, 1 },
  { G_MAXUINT64, 1 },
};

START_TEST (test_description_memory_limit)
{
  LgSolveOptions opts = LG_SOLVE_OPTIONS_INIT;
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  opts.memory_limit = memory_cases[_i].limit;
  Collect c;
  collect_init (&c, FALSE);
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, &opts, NULL, collect_cb, &c, &error);
  ck_assert_int_eq (n, memory_cases[_i].count);
  if (memory_cases[_i].count < 0)
    {
      assert_error (error, LG_PROBLEM_ERROR_LIMIT, NULL);
      ck_assert_uint_eq (c.calls, 0);
    }
  else
    ck_assert_ptr_null (error);
}
END_TEST

/* ---- errors ---------------------------------------------------------------- */

/* The error domain is an extended one, registered under its type name
 * (G_DEFINE_EXTENDED_ERROR); its errors carry a source line that survives
 * a copy and a prefix. */
START_TEST (test_description_error_quark_name)
{
  ck_assert_str_eq (g_quark_to_string (LG_PROBLEM_ERROR), "LgProblemError");
  g_autoptr (GError) error = NULL;
  lg_set_error_at_line (&error, 12, LG_PROBLEM_ERROR_OVERFLOW, "rule %u", 3);
  ck_assert_uint_eq (lg_error_get_line (error), 12);
  g_prefix_error (&error, "in %s: ", "x.lgm");
  g_autoptr (GError) copy = g_error_copy (error);
  ck_assert_str_eq (copy->message, "in x.lgm: rule 3");
  ck_assert_uint_eq (lg_error_get_line (copy), 12);
  g_autoptr (GError) plain = g_error_new_literal (G_FILE_ERROR, 1, "x");
  ck_assert_uint_eq (lg_error_get_line (plain), 0);
  ck_assert_uint_eq (lg_error_get_line (NULL), 0);
}
END_TEST

/* Each case makes one bad builder call on the 3x3 base problem and checks
 * what it returned; the problem must then report that error. */
static void
err_unknown_group (LgProblem *p)
{
  ck_assert_ptr_null (lg_item (p, "colour", "red"));
}

static void
err_unknown_item (LgProblem *p)
{
  ck_assert_ptr_null (lg_item (p, "color", "pink"));
}

static void
err_unknown_group_some (LgProblem *p)
{
  ck_assert_ptr_null (lg_some (p, "colour"));
}

static void
err_unknown_group_var (LgProblem *p)
{
  ck_assert_ptr_null (lg_var (p, "colour", "x"));
}

static void
err_unknown_group_var_new (LgProblem *p)
{
  ck_assert_ptr_null (lg_var_new (p, "colour", "x"));
}

static void
err_duplicate_group (LgProblem *p)
{
  ck_assert_ptr_null (lg_group (p, LG_GROUP_ATOMIC, "color",
                                ITEMS ("cyan", "magenta", "yellow")));
  ck_assert_uint_eq (lg_problem_n_groups (p), 3);
  ck_assert_str_eq (lg_item_get_name (lg_item (p, "color", "red")), "red");
}

static void
err_duplicate_item_list (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_group (p, LG_GROUP_ATOMIC, "pet", ITEMS ("cat", "dog", "cat")));
}

static void
err_duplicate_item_add (LgProblem *p)
{
  LgGroup *color = lg_problem_lookup_group (p, "color");
  ck_assert_ptr_null (lg_group_add_item (p, color, "green"));
  ck_assert_uint_eq (lg_group_n_items (color), 3);
}

static void
err_same_group_yes (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_yes (p, lg_item (p, "color", "red"), lg_item (p, "color", "green")));
}

static void
err_same_group_no (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_no (p, lg_item (p, "color", "red"), lg_item (p, "color", "green")));
}

static void
err_same_group_itself (LgProblem *p)
{
  LgItem *red = lg_item (p, "color", "red");
  ck_assert_ptr_null (lg_yes (p, red, red));
}

static void
err_same_group_var (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_yes (p, lg_some (p, "color"), lg_item (p, "color", "red")));
}

static void
err_same_group_two_vars (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_no (p, lg_var (p, "house", "a"), lg_var (p, "house", "b")));
}

static void
err_ref_atomic_item (LgProblem *p)
{
  ck_assert_ptr_null (lg_ref (p, lg_item (p, "color", "red")));
}

static void
err_ref_atomic_var (LgProblem *p)
{
  ck_assert_ptr_null (lg_ref (p, lg_var (p, "color", "c")));
}

static void
err_not_integer (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_group (p, LG_GROUP_NUMERIC, "year", ITEMS ("1804", "1805b", "1806")));
}

static void
err_identity_across_groups (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_same (p, lg_item (p, "color", "red"), lg_item (p, "house", "left")));
}

static void
err_empty_count (LgProblem *p)
{
  ck_assert_ptr_null (lg_exactly (p, 1, NULL, 0));
}

static void
err_rule_twice (LgProblem *p)
{
  LgRule *r = lg_eq (p, lg_num (p, 1), lg_num (p, 1));
  ck_assert_uint_eq (lg_rule (p, r), 1);
  ck_assert_uint_eq (lg_rule (p, r), 0);
  ck_assert_uint_eq (lg_problem_n_rules (p), 1);
}

static void
err_bad_kind (LgProblem *p)
{
  ck_assert_ptr_null (
      lg_group (p, (LgGroupKind) 42, "odd", ITEMS ("x", "y", "z")));
}

/* In a whole rule written in one expression, the NULL goes up and the rule
 * is not added. */
static void
err_in_whole_rule (LgProblem *p)
{
  ck_assert_uint_eq (
      lg_rule (
          p, lg_eq (p,
                    lg_abs (
                        p, lg_sub (p, lg_ref (p, lg_item (p, "house", "attic")),
                                   lg_num (p, 1))),
                    lg_num (p, 0))),
      0);
  ck_assert_uint_eq (lg_problem_n_rules (p), 0);
}

static const struct
{
  const char *name;
  Builder build;
  LgProblemError code;
  const char *needle;
} error_cases[] = {
  { "unknown group", err_unknown_group, LG_PROBLEM_ERROR_UNKNOWN, "colour" },
  { "unknown item", err_unknown_item, LG_PROBLEM_ERROR_UNKNOWN, "pink" },
  { "some: unknown group", err_unknown_group_some, LG_PROBLEM_ERROR_UNKNOWN,
    "colour" },
  { "var: unknown group", err_unknown_group_var, LG_PROBLEM_ERROR_UNKNOWN,
    "colour" },
  { "var_new: unknown group", err_unknown_group_var_new,
    LG_PROBLEM_ERROR_UNKNOWN, "colour" },
  { "duplicate group", err_duplicate_group, LG_PROBLEM_ERROR_DUPLICATE,
    "color" },
  { "duplicate item in a list", err_duplicate_item_list,
    LG_PROBLEM_ERROR_DUPLICATE, "cat" },
  { "duplicate item added", err_duplicate_item_add, LG_PROBLEM_ERROR_DUPLICATE,
    "green" },
  { "yes in one group", err_same_group_yes, LG_PROBLEM_ERROR_SAME_GROUP,
    "color" },
  { "no in one group", err_same_group_no, LG_PROBLEM_ERROR_SAME_GROUP,
    "color" },
  { "an item with itself", err_same_group_itself, LG_PROBLEM_ERROR_SAME_GROUP,
    "red" },
  { "variable and item of one group", err_same_group_var,
    LG_PROBLEM_ERROR_SAME_GROUP, "color" },
  { "two variables of one group", err_same_group_two_vars,
    LG_PROBLEM_ERROR_SAME_GROUP, "house" },
  { "ref of an atomic item", err_ref_atomic_item, LG_PROBLEM_ERROR_NOT_INTEGER,
    "red" },
  { "ref of an atomic variable", err_ref_atomic_var,
    LG_PROBLEM_ERROR_NOT_INTEGER, "color" },
  { "numeric item not an integer", err_not_integer,
    LG_PROBLEM_ERROR_NOT_INTEGER, "1805b" },
  { "identity across groups", err_identity_across_groups,
    LG_PROBLEM_ERROR_SAME_GROUP, NULL },
  { "count of nothing", err_empty_count, LG_PROBLEM_ERROR_FAILED, NULL },
  { "a rule added twice", err_rule_twice, LG_PROBLEM_ERROR_FAILED, NULL },
  { "bad group kind", err_bad_kind, LG_PROBLEM_ERROR_FAILED, "odd" },
  { "unknown item deep in a rule", err_in_whole_rule, LG_PROBLEM_ERROR_UNKNOWN,
    "attic" },
};

START_TEST (test_description_first_error)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  base_3x3 (p);
  assert_valid (p);
  error_cases[_i].build (p);
  assert_invalid (p, error_cases[_i].code, error_cases[_i].needle);

  /* Sticky: a later error of another kind does not replace it. */
  ck_assert_ptr_null (lg_item (p, "second_error_group", "x"));
  ck_assert_ptr_null (lg_ref (p, lg_item (p, "color", "blue")));
  assert_invalid (p, error_cases[_i].code, error_cases[_i].needle);
  g_autoptr (GError) error = NULL;
  ck_assert (!lg_problem_validate (p, &error));
  ck_assert_msg (strstr (error->message, "second_error_group") == NULL,
                 "the first error was replaced: %s", error->message);
}
END_TEST

/* Numeric item literals: what is an integer and what is not. */
static const struct
{
  const char *literal;
  gboolean ok;
  gint64 value;
} literal_cases[] = {
  { "0", TRUE, 0 },
  { "42", TRUE, 42 },
  { "-42", TRUE, -42 },
  { "+42", TRUE, 42 },
  { "0042", TRUE, 42 },
  { "9223372036854775807", TRUE, INT64_MAX },
  { "-9223372036854775808", TRUE, INT64_MIN },
  { "", FALSE, 0 },
  { "abc", FALSE, 0 },
  { "1.5", FALSE, 0 },
  { "12x", FALSE, 0 },
  { "x12", FALSE, 0 },
  { "+", FALSE, 0 },
  { "-", FALSE, 0 },
  { "--1", FALSE, 0 },
  { "+-1", FALSE, 0 },
  { " 3", FALSE, 0 },
  { "3 ", FALSE, 0 },
  { "0x10", FALSE, 0 },
  { "1e3", FALSE, 0 },
  { "9223372036854775808", FALSE, 0 },
  { "-9223372036854775809", FALSE, 0 },
  { "99999999999999999999999", FALSE, 0 },
};

START_TEST (test_description_numeric_literal)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  LgGroup *g = lg_group (p, LG_GROUP_NUMERIC, "n", NULL);
  LgItem *item = lg_group_add_item (p, g, literal_cases[_i].literal);
  if (literal_cases[_i].ok)
    {
      ck_assert_msg (item != NULL, "'%s' refused", literal_cases[_i].literal);
      ck_assert_int_eq (item->value, literal_cases[_i].value);
      assert_valid (p);
    }
  else
    {
      ck_assert_msg (item == NULL, "'%s' accepted as %" G_GINT64_FORMAT,
                     literal_cases[_i].literal, item ? item->value : 0);
      ck_assert_uint_eq (lg_group_n_items (g), 0);
      assert_invalid (p, LG_PROBLEM_ERROR_NOT_INTEGER, NULL);
    }
}
END_TEST

/* NULL arguments are passed on without recording an error. */
START_TEST (test_description_null_propagation)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  base_3x3 (p);
  LgItem *red = lg_item (p, "color", "red");
  LgExpr *one = lg_num (p, 1);
  LgRule *rel = lg_eq (p, one, one);

  ck_assert_ptr_null (lg_group (p, LG_GROUP_ATOMIC, NULL, ITEMS ("x")));
  ck_assert_ptr_null (lg_group_add_item (p, NULL, "x"));
  ck_assert_ptr_null (
      lg_group_add_item (p, lg_problem_lookup_group (p, "color"), NULL));
  ck_assert_ptr_null (lg_item (p, NULL, "red"));
  ck_assert_ptr_null (lg_item (p, "color", NULL));
  ck_assert_ptr_null (lg_some (p, NULL));
  ck_assert_ptr_null (lg_var (p, NULL, "a"));
  ck_assert_ptr_null (lg_var (p, "color", NULL));
  ck_assert_ptr_null (lg_var_new (p, "color", NULL));
  ck_assert_ptr_null (lg_ref (p, NULL));
  ck_assert_ptr_null (lg_add (p, NULL, one));
  ck_assert_ptr_null (lg_sub (p, one, NULL));
  ck_assert_ptr_null (lg_mul (p, NULL, NULL));
  ck_assert_ptr_null (lg_neg (p, NULL));
  ck_assert_ptr_null (lg_abs (p, NULL));
  ck_assert_ptr_null (lg_yes (p, NULL, red));
  ck_assert_ptr_null (lg_no (p, red, NULL));
  ck_assert_ptr_null (lg_eq (p, NULL, one));
  ck_assert_ptr_null (lg_neq (p, one, NULL));
  ck_assert_ptr_null (lg_lt (p, NULL, one));
  ck_assert_ptr_null (lg_gt (p, one, NULL));
  ck_assert_ptr_null (lg_le (p, NULL, NULL));
  ck_assert_ptr_null (lg_ge (p, NULL, one));
  ck_assert_ptr_null (lg_and (p, NULL, rel));
  ck_assert_ptr_null (lg_or (p, rel, NULL));
  ck_assert_ptr_null (lg_not (p, NULL));
  ck_assert_uint_eq (lg_rule (p, NULL), 0);
  ck_assert (!lg_ask (p, NULL, red));
  ck_assert (!lg_ask (p, lg_problem_lookup_group (p, "house"), NULL));
  /* Nested: a whole rule collapses to NULL. */
  ck_assert_uint_eq (
      lg_rule (p,
               lg_not (p, lg_eq (p, lg_add (p, lg_ref (p, NULL), one), one))),
      0);

  ck_assert_uint_eq (lg_problem_n_rules (p), 0);
  ck_assert_uint_eq (lg_problem_n_groups (p), 3);
  assert_valid (p);
}
END_TEST

static void
chk_no_group (LgProblem *p)
{
  (void) p;
}

static void
chk_empty_group (LgProblem *p)
{
  lg_group (p, LG_GROUP_ATOMIC, "empty", NULL);
}

static void
chk_empty_second_group (LgProblem *p)
{
  lg_group (p, LG_GROUP_ATOMIC, "full", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ATOMIC, "hollow", NULL);
}

static void
chk_sizes_differ (LgProblem *p)
{
  lg_group (p, LG_GROUP_ATOMIC, "three", ITEMS ("a", "b", "c"));
  lg_group (p, LG_GROUP_ATOMIC, "two", ITEMS ("x", "y"));
}

static void
chk_sizes_differ_later (LgProblem *p)
{
  lg_group (p, LG_GROUP_ATOMIC, "one", ITEMS ("a", "b"));
  lg_group (p, LG_GROUP_ORDERED, "two", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_NUMERIC, "four", ITEMS ("1", "2", "3", "4"));
}

static void
chk_too_large (LgProblem *p)
{
  /* over LG_MAX_ITEMS: no engine takes it (the faithful engine's own
   * limit, 10, is its transformation's: test_description_dimension_limits) */
  LgGroup *g = lg_group (p, LG_GROUP_ATOMIC, "large", NULL);
  for (guint i = 0; i < 33; i++)
    {
      g_autofree char *name = g_strdup_printf ("item%u", i);
      lg_group_add_item (p, g, name);
    }
}

static const struct
{
  Builder build;
  const char *needle;
} check_cases[] = {
  { chk_no_group, NULL },
  { chk_empty_group, "empty" },
  { chk_empty_second_group, "hollow" },
  { chk_sizes_differ, "two" },
  { chk_sizes_differ_later, "four" },
  { chk_too_large, "33" },
};

START_TEST (test_description_check)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  check_cases[_i].build (p);
  assert_invalid (p, LG_PROBLEM_ERROR_SIZE, check_cases[_i].needle);
}
END_TEST

/* ---- The suite ------------------------------------------------------------ */

Suite *
lg_description_suite (void)
{
  Suite *s = suite_create ("description");

  TCase *tc = tcase_create ("core");
  tcase_add_test (tc, test_description_utf8_width);
  tcase_add_test (tc, test_description_groups);
  tcase_add_loop_test (tc, test_description_values, 0, N_ELEMS (value_cases));
  tcase_add_test (tc, test_description_variables);
  tcase_add_test (tc, test_description_expr_bounds);
  tcase_add_test (tc, test_description_rules_n_cells);
  tcase_add_test (tc, test_description_split_couple_logic);
  tcase_add_test (tc, test_description_expansion_nodes);
  tcase_add_test (tc, test_description_rule_numbering);
  tcase_add_loop_test (tc, test_description_rule_to_string, 0,
                       N_ELEMS (to_string_cases));
  tcase_add_test (tc, test_description_drop_rule);
  tcase_add_test (tc, test_description_clues);
  tcase_add_test (tc, test_description_group_order);
  tcase_add_test (tc, test_description_classic);
  tcase_add_test (tc, test_description_classic_drop_rule_1);
  tcase_add_test (tc, test_description_classic_group_order);
  tcase_add_loop_test (tc, test_description_stop, 0, N_ELEMS (stop_after));
  tcase_add_loop_test (tc, test_description_no_rule, 0,
                       N_ELEMS (no_rule_cases));
  tcase_add_loop_test (tc, test_description_counts, 0, N_ELEMS (count_cases));
  suite_add_tcase (s, tc);

  tc = tcase_create ("limits");
  tcase_add_loop_test (tc, test_description_overflow, 0,
                       N_ELEMS (overflow_cases));
  tcase_add_test (tc, test_description_no_overflow);
  tcase_add_loop_test (tc, test_description_program, 0, 100);
  tcase_add_loop_test (tc, test_description_partial, 0, 100);
  tcase_add_test (tc, test_description_dimension_limits);
  tcase_add_loop_test (tc, test_description_memory_limit, 0,
                       N_ELEMS (memory_cases));
  suite_add_tcase (s, tc);

  tc = tcase_create ("errors");
  tcase_add_test (tc, test_description_error_quark_name);
  tcase_add_loop_test (tc, test_description_first_error, 0,
                       N_ELEMS (error_cases));
  tcase_add_loop_test (tc, test_description_numeric_literal, 0,
                       N_ELEMS (literal_cases));
  tcase_add_test (tc, test_description_null_propagation);
  tcase_add_loop_test (tc, test_description_check, 0, N_ELEMS (check_cases));
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return lgtest_run (lg_description_suite ());
}
