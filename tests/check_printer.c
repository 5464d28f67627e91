/* check_printer — the output of SPEC section 6, byte for byte
 * (src/printer.c), written to an open_memstream buffer:
 *   - the classic problem's table exactly as the tutorial prints it, then
 *     "1 solution";
 *   - the closing line: "0 solution", "1 solution", "2 solutions"...;
 *   - several solutions one after the other, columns in the group order
 *     set by lg_problem_set_group_order;
 *   - UTF-8 names padded by code points, not bytes ("café" in a column of
 *     width 5 gets one space, like "house" would get none);
 *   - the questions of lg_ask, "GROUP of REF: ITEM", after the table, in
 *     the order asked, and lg_ask's refusals.
 * Every expected text is written out by hand. */
#include "situation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lgtest.h"

Suite *lg_printer_suite (void);

#define N_ELEMS(a) (sizeof (a) / sizeof (a)[0])
#define ITEMS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ---- Helpers ---------------------------------------------------------- */

typedef struct
{
  char *buf;
  size_t len;
  FILE *out;
} Mem;

static void
mem_open (Mem *m)
{
  m->buf = NULL;
  m->len = 0;
  m->out = open_memstream (&m->buf, &m->len);
  ck_assert_ptr_nonnull (m->out);
}

/* Closes the stream; the text stays in m->buf (free it). */
static void
mem_close (Mem *m)
{
  ck_assert_int_eq (fclose (m->out), 0);
  m->out = NULL;
}

/* Compares byte for byte, and says where they part. */
static void
assert_text (const Mem *m, const char *want)
{
  size_t want_len = strlen (want);
  size_t i = 0;
  while (i < m->len && i < want_len && m->buf[i] == want[i])
    i++;
  ck_assert_msg (i == m->len && i == want_len,
                 "output differs at byte %zu (got %zu bytes, want %zu):\n"
                 "--- got ---\n%s--- want ---\n%s", i, m->len, want_len,
                 m->buf, want);
}

static gboolean
print_cb (const LgProblem *p, const LgSolution *s, gpointer data)
{
  lg_print_solution (data, p, s);
  return TRUE;
}

/* Solves p printing every solution and the count, as the program does. */
static void
print_all (LgProblem *p, Mem *m)
{
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (p, NULL, NULL, print_cb, m->out, &error);
  ck_assert_msg (n >= 0, "%s", error ? error->message : "");
  lg_print_count (m->out, (guint64) n, NULL);
}


/* SPEC section 6: the tutorial's own output. */
#define CLASSIC_TABLE \
  "\n" \
  "+-----------+-------------+--------+--------------+---------------+--------+\n" \
  "| house     | nationality | animal | drink        | cigarette     | color  |\n" \
  "+-----------+-------------+--------+--------------+---------------+--------+\n" \
  "| left      | norvegian   | fox    | water        | kools         | yellow |\n" \
  "| mid-left  | ukrainian   | horse  | tea          | chesterfields | blue   |\n" \
  "| middle    | english     | snail  | milk         | winston       | red    |\n" \
  "| mid-right | spanish     | dog    | orange juice | luckystrike   | ivory  |\n" \
  "| right     | japanese    | zebra  | coffee       | parliaments   | green  |\n" \
  "+-----------+-------------+--------+--------------+---------------+--------+\n"

/* ---- core -------------------------------------------------------------- */

START_TEST (test_printer_classic)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  Mem m;
  mem_open (&m);
  print_all (p, &m);
  mem_close (&m);
  assert_text (&m, CLASSIC_TABLE "\n1 solution\n\n");
  free (m.buf);
}
END_TEST

static const struct
{
  guint64 n;
  const char *text;
} count_cases[] = {
  { 0, "\n0 solution\n\n" },
  { 1, "\n1 solution\n\n" },
  { 2, "\n2 solutions\n\n" },
  { 25, "\n25 solutions\n\n" },
  { 1000000, "\n1000000 solutions\n\n" },
  { G_MAXUINT64, "\n18446744073709551615 solutions\n\n" },
};

START_TEST (test_printer_count)
{
  Mem m;
  mem_open (&m);
  lg_print_count (m.out, count_cases[_i].n, NULL);
  mem_close (&m);
  assert_text (&m, count_cases[_i].text);
  free (m.buf);
}
END_TEST

/* Two solutions one after the other, then the plural. */
START_TEST (test_printer_two_solutions)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ORDERED, "bb", ITEMS ("p", "qqq"));
  Mem m;
  mem_open (&m);
  print_all (p, &m);
  mem_close (&m);
  assert_text (&m,
               "\n"
               "+---+-----+\n"
               "| a | bb  |\n"
               "+---+-----+\n"
               "| x | p   |\n"
               "| y | qqq |\n"
               "+---+-----+\n"
               "\n"
               "+---+-----+\n"
               "| a | bb  |\n"
               "+---+-----+\n"
               "| x | qqq |\n"
               "| y | p   |\n"
               "+---+-----+\n"
               "\n2 solutions\n\n");
  free (m.buf);
}
END_TEST

/* No solution: only the count. */
START_TEST (test_printer_no_solution)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ATOMIC, "b", ITEMS ("p", "q"));
  lg_rule (p, lg_yes (p, lg_item (p, "a", "x"), lg_item (p, "b", "p")));
  lg_rule (p, lg_yes (p, lg_item (p, "a", "x"), lg_item (p, "b", "q")));
  Mem m;
  mem_open (&m);
  print_all (p, &m);
  mem_close (&m);
  assert_text (&m, "\n0 solution\n\n");
  free (m.buf);
}
END_TEST

/* The columns follow the solving order; the rows are group 0's items. */
START_TEST (test_printer_group_order)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  ck_assert (lg_problem_set_group_order (
      p, ITEMS ("color", "cigarette", "drink", "animal", "nationality",
                "house"),
      NULL));
  Mem m;
  mem_open (&m);
  print_all (p, &m);
  mem_close (&m);
  assert_text (&m,
      "\n"
      "+--------+---------------+--------------+--------+-------------+-----------+\n"
      "| color  | cigarette     | drink        | animal | nationality | house     |\n"
      "+--------+---------------+--------------+--------+-------------+-----------+\n"
      "| green  | parliaments   | coffee       | zebra  | japanese    | right     |\n"
      "| ivory  | luckystrike   | orange juice | dog    | spanish     | mid-right |\n"
      "| yellow | kools         | water        | fox    | norvegian   | left      |\n"
      "| blue   | chesterfields | tea          | horse  | ukrainian   | mid-left  |\n"
      "| red    | winston       | milk         | snail  | english     | middle    |\n"
      "+--------+---------------+--------------+--------+-------------+-----------+\n"
      "\n1 solution\n\n");
  free (m.buf);
}
END_TEST

/* ---- core: UTF-8 ------------------------------------------------------------ */

/* Hand-made solutions: groups of two items, perm[g] given by hand. */
typedef struct
{
  const char *name;
  const char *groups[3];
  const char *items[3][3];
  uint8_t perm[3][3];
  const char *text;
} Utf8Case;

static const Utf8Case utf8_cases[] = {
  { "é is one character (2 bytes)",
    { "drink", "prénom" },
    { { "café", "thé" }, { "zoé", "anna" } },
    { { 0, 1 }, { 1, 0 } },
    "\n"
    "+-------+--------+\n"
    "| drink | prénom |\n"
    "+-------+--------+\n"
    "| café  | anna   |\n"
    "| thé   | zoé    |\n"
    "+-------+--------+\n" },
  { "a wide name sets the width in columns: two for a CJK character",
    { "x", "y" },
    { { "ééééé", "e" }, { "日本語", "ab" } },
    { { 0, 1 }, { 0, 1 } },
    "\n"
    "+-------+--------+\n"
    "| x     | y      |\n"
    "+-------+--------+\n"
    "| ééééé | 日本語 |\n"
    "| e     | ab     |\n"
    "+-------+--------+\n" },
  { "4-byte characters: wide emoji",
    { "🍵", "cup" },
    { { "🍵🍵", "té" }, { "a", "🫖" } },
    { { 0, 1 }, { 1, 0 } },
    "\n"
    "+------+-----+\n"
    "| 🍵   | cup |\n"
    "+------+-----+\n"
    "| 🍵🍵 | 🫖  |\n"
    "| té   | a   |\n"
    "+------+-----+\n" },
  { "a combining mark takes no column",
    { "x", "y" },
    { { "e\xcc\x81te", "b" }, { "a", "c" } },
    { { 0, 1 }, { 0, 1 } },
    "\n"
    "+-----+---+\n"
    "| x   | y |\n"
    "+-----+---+\n"
    "| e\xcc\x81te | a |\n"
    "| b   | c |\n"
    "+-----+---+\n" },
  { "ASCII names: the original's byte count",
    { "house", "n" },
    { { "left", "mid-right" }, { "1", "22" } },
    { { 0, 1 }, { 1, 0 } },
    "\n"
    "+-----------+----+\n"
    "| house     | n  |\n"
    "+-----------+----+\n"
    "| left      | 22 |\n"
    "| mid-right | 1  |\n"
    "+-----------+----+\n" },
};

START_TEST (test_printer_utf8)
{
  const Utf8Case *uc = &utf8_cases[_i];
  g_autoptr (LgProblem) p = lg_problem_new ();
  guint n_groups = 0;
  for (; n_groups < N_ELEMS (uc->groups) && uc->groups[n_groups]; n_groups++)
    ck_assert_ptr_nonnull (lg_group (p, LG_GROUP_ATOMIC, uc->groups[n_groups],
                                     uc->items[n_groups]));
  ck_assert (lg_problem_validate (p, NULL));
  const uint8_t *perm[3] = { uc->perm[0], uc->perm[1], uc->perm[2] };
  LgSolution solution = { .problem = p, .n_groups = n_groups, .n = 2,
                          .perm = perm };
  Mem m;
  mem_open (&m);
  lg_print_solution (m.out, p, &solution);
  mem_close (&m);
  assert_text (&m, uc->text);
  free (m.buf);
}
END_TEST

/* ---- core: questions ------------------------------------------------------- */

START_TEST (test_printer_ask)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lgtest_describe_problem_classic (p);
  /* Tell who got the zebra and who drinks water? */
  ck_assert (lg_ask (p, lg_problem_lookup_group (p, "nationality"),
                     lg_item (p, "animal", "zebra")));
  ck_assert (lg_ask (p, lg_problem_lookup_group (p, "nationality"),
                     lg_item (p, "drink", "water")));
  /* Group 0 asked, and asked about. */
  ck_assert (lg_ask (p, lg_problem_lookup_group (p, "house"),
                     lg_item (p, "drink", "orange juice")));
  ck_assert (lg_ask (p, lg_problem_lookup_group (p, "color"),
                     lg_item (p, "house", "mid-left")));
  Mem m;
  mem_open (&m);
  print_all (p, &m);
  mem_close (&m);
  assert_text (&m, CLASSIC_TABLE
                   "nationality of zebra: japanese\n"
                   "nationality of water: norvegian\n"
                   "house of orange juice: mid-right\n"
                   "color of mid-left: blue\n"
                   "\n1 solution\n\n");
  free (m.buf);
}
END_TEST

/* The questions follow each table, with that solution's answers. */
START_TEST (test_printer_ask_each_solution)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ATOMIC, "b", ITEMS ("p", "q"));
  ck_assert (lg_ask (p, lg_problem_lookup_group (p, "a"),
                     lg_item (p, "b", "q")));
  Mem m;
  mem_open (&m);
  print_all (p, &m);
  mem_close (&m);
  assert_text (&m,
               "\n"
               "+---+---+\n"
               "| a | b |\n"
               "+---+---+\n"
               "| x | p |\n"
               "| y | q |\n"
               "+---+---+\n"
               "a of q: y\n"
               "\n"
               "+---+---+\n"
               "| a | b |\n"
               "+---+---+\n"
               "| x | q |\n"
               "| y | p |\n"
               "+---+---+\n"
               "a of q: x\n"
               "\n2 solutions\n\n");
  free (m.buf);
}
END_TEST

/* ---- errors ----------------------------------------------------------------- */

START_TEST (test_printer_ask_refused)
{
  g_autoptr (LgProblem) p = lg_problem_new ();
  lg_group (p, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (p, LG_GROUP_ATOMIC, "b", ITEMS ("p", "q"));
  LgGroup *a = lg_problem_lookup_group (p, "a");
  /* NULL: refused, nothing recorded. */
  ck_assert (!lg_ask (p, NULL, lg_item (p, "b", "p")));
  ck_assert (!lg_ask (p, a, NULL));
  ck_assert (lg_problem_validate (p, NULL));
  /* An item of the group asked: refused with an error. */
  ck_assert (!lg_ask (p, a, lg_item (p, "a", "x")));
  g_autoptr (GError) error = NULL;
  ck_assert (!lg_problem_validate (p, &error));
  ck_assert (g_error_matches (error, LG_PROBLEM_ERROR,
                              LG_PROBLEM_ERROR_SAME_GROUP));

  /* A variable: refused with an error. */
  g_autoptr (LgProblem) q = lg_problem_new ();
  lg_group (q, LG_GROUP_ATOMIC, "a", ITEMS ("x", "y"));
  lg_group (q, LG_GROUP_ATOMIC, "b", ITEMS ("p", "q"));
  ck_assert (!lg_ask (q, lg_problem_lookup_group (q, "a"), lg_some (q, "b")));
  ck_assert (!lg_problem_validate (q, NULL));
}
END_TEST

/* The table cell of both the printer and the views: padded by code
 * points, on the right (text first) or on the left (numbers). */
START_TEST (test_printer_cell)
{
  Mem m;
  mem_open (&m);
  lg_put_cell (m.out, "ab", 4, FALSE);
  lg_put_cell (m.out, "12", 4, TRUE);
  lg_put_cell (m.out, "caf\xc3\xa9", 5, FALSE);
  lg_put_cell (m.out, "toolong", 3, TRUE);
  lg_put_cell (m.out, "", 0, FALSE);
  mem_close (&m);
  assert_text (&m, " ab   |   12 | caf\xc3\xa9  | toolong |  |");
  free (m.buf);
}
END_TEST

Suite *
lg_printer_suite (void)
{
  Suite *s = suite_create ("printer");
  TCase *tc = tcase_create ("core");
  tcase_add_test (tc, test_printer_classic);
  tcase_add_test (tc, test_printer_cell);
  tcase_add_loop_test (tc, test_printer_count, 0, N_ELEMS (count_cases));
  tcase_add_test (tc, test_printer_two_solutions);
  tcase_add_test (tc, test_printer_no_solution);
  tcase_add_test (tc, test_printer_group_order);
  tcase_add_loop_test (tc, test_printer_utf8, 0, N_ELEMS (utf8_cases));
  tcase_add_test (tc, test_printer_ask);
  tcase_add_test (tc, test_printer_ask_each_solution);
  suite_add_tcase (s, tc);

  tc = tcase_create ("errors");
  tcase_add_test (tc, test_printer_ask_refused);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_printer_suite ());
}
