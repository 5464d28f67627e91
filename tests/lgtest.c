/* lgtest — see lgtest.h. */
#include "lgtest.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"

int
lgtest_run (Suite *s)
{
  SRunner *sr = srunner_create (s);
  /* No srunner_set_fork_status: Check then reads CK_FORK itself. */
  srunner_run_all (sr, CK_ENV);
  int failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static char *
path_in (const char *env, const char *fallback, const char *name)
{
  const char *dir = g_getenv (env);
  if (!dir || !*dir)
    dir = fallback;
  return g_build_filename (dir, name, NULL);
}

char *
lgtest_data_path (const char *name)
{
  return path_in ("LG_DATADIR", "data", name);
}

char *
lgtest_test_path (const char *name)
{
  return path_in ("LG_TESTDIR", "tests", name);
}

uint64_t
lgtest_rand (uint64_t *state)
{
  /* splitmix64 (Steele, Lea, Flood 2014). */
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

uint32_t
lgtest_rand_below (uint64_t *state, uint32_t bound)
{
  /* The top 32 bits times bound, scaled down: no modulo bias worth the name
   * for the small bounds the tests use, and no loop. */
  return (uint32_t) (((lgtest_rand (state) >> 32) * bound) >> 32);
}

#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* logigram.e, describe_problem_classic, call for call: the tutorial's
 * problem built through the C API (the rules in the same order, the
 * variables created in the same order). */
void
lgtest_describe_problem_classic (LgProblem *p)
{
#define group_ordered(name, ...) \
  ck_assert_ptr_nonnull (lg_group (p, LG_GROUP_ORDERED, name, ITEMS (__VA_ARGS__)))
#define group_atomic(name, ...) \
  ck_assert_ptr_nonnull (lg_group (p, LG_GROUP_ATOMIC, name, ITEMS (__VA_ARGS__)))
#define rule(r) ck_assert_uint_ne (lg_rule (p, r), 0)
#define yes(x, y) lg_yes (p, x, y)
#define eq(x, y) lg_eq (p, x, y)
#define sub(x, y) lg_sub (p, x, y)
#define abs_(x) lg_abs (p, x)
#define num(v) lg_num (p, v)
#define ref(x) lg_ref (p, x)
#define item(g, n) lg_item (p, g, n)
#define some(g) lg_some (p, g)
  LgItem *a, *b;

  group_ordered ("house", "left", "mid-left", "middle", "mid-right", "right");
  group_atomic ("nationality", "english", "spanish", "ukrainian", "norvegian", "japanese");
  group_atomic ("animal", "dog", "fox", "zebra", "horse", "snail");
  group_atomic ("drink", "tea", "milk", "orange juice", "coffee", "water");
  group_atomic ("cigarette", "kools", "winston", "chesterfields", "luckystrike", "parliaments");
  group_atomic ("color", "green", "ivory", "yellow", "blue", "red");
  /* the house of the english is red */
  rule (yes (item ("nationality", "english"), item ("color", "red")));
  /* the spanish has a dog */
  rule (yes (item ("nationality", "spanish"), item ("animal", "dog")));
  /* one drink coffee in the green house */
  rule (yes (item ("drink", "coffee"), item ("color", "green")));
  /* the ukrainian drinks tea */
  rule (yes (item ("nationality", "ukrainian"), item ("drink", "tea")));
  /* the green house is just at right of the ivory house */
  a = some ("house");
  b = some ("house");
  rule (eq (sub (ref (a), ref (b)), num (1))); /* a at right of b */
  rule (yes (a, item ("color", "green")));
  rule (yes (b, item ("color", "ivory")));
  /* the man that smokes winstons have a snail */
  rule (yes (item ("cigarette", "winston"), item ("animal", "snail")));
  /* the man that smokes kools have the yellow house */
  rule (yes (item ("cigarette", "kools"), item ("color", "yellow")));
  /* one drinks milk in the house at the middle */
  rule (yes (item ("house", "middle"), item ("drink", "milk")));
  /* the norvegian lives in the house at left */
  rule (yes (item ("house", "left"), item ("nationality", "norvegian")));
  /* the one who smokes chesterfields is neibourgh of a fox */
  a = some ("house");
  b = some ("house");
  rule (eq (abs_ (sub (ref (b), ref (a))), num (1))); /* neibourghs */
  rule (yes (a, item ("cigarette", "chesterfields")));
  rule (yes (b, item ("animal", "fox")));
  /* the one who smokes kools is neibourgh of a horse */
  a = some ("house");
  b = some ("house");
  rule (eq (abs_ (sub (ref (b), ref (a))), num (1))); /* neibourghs */
  rule (yes (a, item ("cigarette", "kools")));
  rule (yes (b, item ("animal", "horse")));
  /* the one who smokes luckystrike drinks orange juice */
  rule (yes (item ("cigarette", "luckystrike"), item ("drink", "orange juice")));
  /* the japanese smokes parliaments */
  rule (yes (item ("cigarette", "parliaments"), item ("nationality", "japanese")));
  /* the norvegian is neibourgh of the blue house */
  a = some ("house");
  b = some ("house");
  rule (eq (abs_ (sub (ref (b), ref (a))), num (1))); /* neibourghs */
  rule (yes (a, item ("nationality", "norvegian")));
  rule (yes (b, item ("color", "blue")));
#undef group_ordered
#undef group_atomic
#undef rule
#undef yes
#undef eq
#undef sub
#undef abs_
#undef num
#undef ref
#undef item
#undef some
}

char *
lgtest_solution_rows (const LgProblem *p, const LgSolution *solution,
                      uint8_t rows[16][16], char sep)
{
  guint G = lg_problem_n_groups (p);
  guint n = lg_group_n_items (lg_problem_get_group (p, 0));
  GString *key = g_string_new (NULL);
  for (guint g = 0; g < G; g++)
    {
      LgGroup *group = lg_problem_get_group (p, g);
      for (guint r = 0; r < n; r++)
        {
          const LgItem *item = lg_solution_get (solution, g, r);
          guint index = 0;
          while (lg_group_get_item (group, index) != item)
            index++;
          rows[g][r] = (uint8_t) index;
          g_string_append_c (key, (char) ('a' + index));
        }
      if (sep)
        g_string_append_c (key, sep);
    }
  return g_string_free (key, FALSE);
}

FILE *
lgtest_capture_begin (LgtestCapture *c)
{
  c->text = NULL;
  c->size = 0;
  c->out = open_memstream (&c->text, &c->size);
  ck_assert_ptr_nonnull (c->out);
  return c->out;
}

const char *
lgtest_capture_text (LgtestCapture *c)
{
  ck_assert_int_eq (fflush (c->out), 0);
  return c->text ? c->text : "";
}

LgProblem *
lgtest_parse_text (const char *name, const char *text)
{
  g_autoptr (GError) error = NULL;
  LgProblem *p = lg_parser_parse_data (name, text, strlen (text), &error);
  ck_assert_msg (p != NULL, "%s does not parse: %s\n%s", name,
                 error ? error->message : "?", text);
  return p;
}

const char *
lgtest_capture_end (LgtestCapture *c)
{
  ck_assert_int_eq (fclose (c->out), 0);
  c->out = NULL;
  return c->text;
}
