/* check_parser — tests of the problem-file reader (src/parser.c).
 *
 * "core": the four tutorial files parse into exactly the tutorial's groups
 * and rules, each rule carrying its source line; every extension of the
 * format (relational operators, and/or/not, arithmetic, strings, numeric
 * items, var redeclaration, line endings) means what doc/format.md says,
 * checked by solving tiny problems rather than by reading the builder's
 * internals.  "errors": one file per defect in $LG_TESTDIR/bad, whose first
 * line `# expect: LINE:COLUMN: MESSAGE` is checked against the error, plus
 * random mutations that must each give one well-formed error or a problem.
 * "limits": the edges of the line length, dimension, integer range and
 * nesting limits.
 *
 * The files of tests/bad that hold bytes a text editor would not keep were
 * made with printf, e.g.
 *   printf '# expect: 2:25: NUL byte in the file\n'\
 *          'ordered house: left, mid\0dle, right\n' > nul-byte.lgm
 *   printf '...\natomic city: paris, "z\xfcrich", rome\n' > invalid-utf8.lgm
 *   printf '...\natomic city: paris,\x0c rome, oslo\n' > control-character.lgm
 *   printf '...\natomic city: paris, rome,\roslo\n' > lone-carriage-return.lgm
 *   printf '...\nyes paris, "r\xc2\x85" # ...\n' > c1-control.lgm
 * and long-line.lgm and nesting-too-deep.lgm by shell loops.
 *
 * Environment: LG_DATADIR (default "data") holds the *.lgm problems,
 * LG_TESTDIR (default "tests") holds bad/.
 */
#include "parser.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lgtest.h"
#include "permut.h"
#include "problems.h"

static const char *
data_dir (void)
{
  const char *dir = g_getenv ("LG_DATADIR");

  return dir != NULL && *dir != '\0' ? dir : "data";
}

static const char *
test_dir (void)
{
  const char *dir = g_getenv ("LG_TESTDIR");

  return dir != NULL && *dir != '\0' ? dir : "tests";
}

static LgProblem *
parse_text (const char *text, GError **error)
{
  return lg_parser_parse_data ("test.lgm", text, strlen (text), error);
}

/* Parses `text`, which must fail; returns the message without the
 * "test.lgm:" prefix. */
static char *
parse_error (const char *text, gint *code)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = parse_text (text, &error);

  ck_assert_msg (problem == NULL, "parsed, but should not: %s", text);
  ck_assert_ptr_nonnull (error);
  ck_assert (error->domain == LG_PARSE_ERROR);
  ck_assert (g_str_has_prefix (error->message, "test.lgm:"));
  if (code != NULL)
    *code = error->code;
  return g_strdup (error->message + strlen ("test.lgm:"));
}

static LgProblem *
parse_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  LgProblem *problem = parse_text (text, &error);

  ck_assert_msg (problem != NULL, "%s", error != NULL ? error->message : "");
  return problem;
}

static gint64
count_solutions (const char *text)
{
  g_autoptr (LgProblem) problem = parse_ok (text);
  g_autoptr (GError) error = NULL;
  gint64 n = lg_problem_solve (problem, NULL, NULL, NULL, NULL, &error);

  ck_assert_msg (n >= 0, "%s", error != NULL ? error->message : "");
  return n;
}

/* The groups of a problem as "KIND NAME: ITEM, ITEM\n" lines. */
static char *
groups_text (LgProblem *problem)
{
  static const char *const kinds[] = { "atomic", "ordered", "numeric" };
  GString *text = g_string_new (NULL);

  for (guint g = 0; g < lg_problem_n_groups (problem); g++)
    {
      LgGroup *group = lg_problem_get_group (problem, g);

      g_string_append_printf (text, "%s %s:", kinds[lg_group_get_kind (group)],
                              lg_group_get_name (group));
      for (guint i = 0; i < lg_group_n_items (group); i++)
        g_string_append_printf (
            text, "%s %s", i > 0 ? "," : "",
            lg_item_get_name (lg_group_get_item (group, i)));
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* ---- core: the tutorial files ------------------------------------------ */

static const struct
{
  const char *name;
  guint n_rules;      /* the tutorial's rule(...) calls */
  const char *groups; /* transcribed from logigram.e */
} tutorial[] = {
  { "classic", 22,
    "ordered house: left, mid-left, middle, mid-right, right\n"
    "atomic nationality: english, spanish, ukrainian, norvegian, japanese\n"
    "atomic animal: dog, fox, zebra, horse, snail\n"
    "atomic drink: tea, milk, orange juice, coffee, water\n"
    "atomic cigarette: kools, winston, chesterfields, luckystrike, "
    "parliaments\n"
    "atomic color: green, ivory, yellow, blue, red\n" },
  { "small", 8,
    "atomic forname: marie, julie, eve\n"
    "numeric children: 0, 1, 2\n"
    "numeric birth: 1804, 1805, 1806\n" },
  { "jojo", 24,
    "atomic forname: marie, julie, eve, lucie, zora\n"
    "numeric children: 0, 1, 2, 3, 4\n"
    "numeric birth: 1804, 1805, 1806, 1807, 1808\n"
    "numeric death: 1844, 1845, 1846, 1847, 1848\n" },
  { "big", 41,
    "atomic film: 10, coup, corse, prix, vipere\n"
    "atomic acteur: emilio, gerard, louis, norbert, sammy\n"
    "atomic animal: cheval, cobra, chien, singe, tigre\n"
    "ordered jour: lundi, mardi, mercredi, jeudi, vendredi\n"
    "numeric prise: 2, 3, 4, 6, 8\n"
    "atomic lieu: cuisine, champ, escalier, foret, rue\n"
    "numeric scene: 30, 60, 120, 180, 240\n"
    "atomic ennui: agressivite, fuite, immobilite, panique, panne\n" },
};

/* The lines of `text` that hold a rule, found without the parser: those
 * left non-empty once the comment is cut that start with no declaration
 * keyword.  (The data files keep strings free of '#'.) */
static GArray *
rule_lines (const char *text)
{
  static const char *const declarations[] = { "atomic ", "ordered ", "numeric ",
                                              "var ",    "ask ",     "clue " };
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      gboolean is_rule;

      if (hash != NULL)
        *hash = '\0';
      g_strstrip (lines[i]);
      is_rule = lines[i][0] != '\0';
      for (guint k = 0; k < G_N_ELEMENTS (declarations); k++)
        if (g_str_has_prefix (lines[i], declarations[k]))
          is_rule = FALSE;
      if (is_rule)
        {
          guint number = i + 1;

          g_array_append_val (numbers, number);
        }
    }
  return numbers;
}

static void
check_tutorial (guint index, const char *text, gsize length)
{
  g_autofree char *path = g_strdup_printf ("%s.lgm", tutorial[index].name);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem =
      lg_parser_parse_data (path, text, length, &error);
  g_autofree char *groups = NULL;
  gsize bom = g_str_has_prefix (text, "\xEF\xBB\xBF") ? 3 : 0;
  g_autofree char *plain = g_strndup (text + bom, length - bom);
  g_autoptr (GArray) lines = NULL;

  ck_assert_msg (problem != NULL, "%s", error != NULL ? error->message : "");
  groups = groups_text (problem);
  ck_assert_str_eq (groups, tutorial[index].groups);
  ck_assert_uint_eq (lg_problem_n_rules (problem), tutorial[index].n_rules);
  lines = rule_lines (plain);
  ck_assert_uint_eq (lines->len, tutorial[index].n_rules);
  for (guint r = 1; r <= lg_problem_n_rules (problem); r++)
    ck_assert_uint_eq (lg_rule_get_line (lg_problem_get_rule (problem, r)),
                       g_array_index (lines, guint, r - 1));
}

static char *
read_tutorial (guint index, gsize *length)
{
  g_autofree char *path =
      g_strdup_printf ("%s/%s.lgm", data_dir (), tutorial[index].name);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  ck_assert_msg (g_file_get_contents (path, &text, length, &error), "%s",
                 error != NULL ? error->message : "");
  return text;
}

START_TEST (test_parser_tutorial_files)
{
  g_autofree char *path =
      g_strdup_printf ("%s/%s.lgm", data_dir (), tutorial[_i].name);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = lg_parser_parse_file (path, &error);
  g_autofree char *text = NULL;
  gsize length;

  ck_assert_msg (problem != NULL, "%s", error != NULL ? error->message : "");
  text = read_tutorial (_i, &length);
  check_tutorial (_i, text, length);
}
END_TEST

/* CRLF line ends, and no final newline, change nothing. */
START_TEST (test_parser_line_endings)
{
  gsize length;
  g_autofree char *text = read_tutorial (_i, &length);
  g_autoptr (GString) crlf = g_string_new (NULL);
  g_autofree char *chopped = NULL;

  for (gsize i = 0; i < length; i++)
    {
      if (text[i] == '\n')
        g_string_append_c (crlf, '\r');
      g_string_append_c (crlf, text[i]);
    }
  check_tutorial (_i, crlf->str, crlf->len);
  /* without the final "\n", then without the final "\r\n" */
  ck_assert (length > 0 && text[length - 1] == '\n');
  check_tutorial (_i, text, length - 1);
  check_tutorial (_i, crlf->str, crlf->len - 2);
  /* a final CR with no LF */
  check_tutorial (_i, crlf->str, crlf->len - 1);
  /* a UTF-8 byte order mark */
  chopped = g_strconcat ("\xEF\xBB\xBF", text, NULL);
  check_tutorial (_i, chopped, length + 3);
}
END_TEST

/* ---- core: the extensions ---------------------------------------------- */

/* Base problem: houses x (ordered, values 0 1 2) and pets g; p is fixed in
 * house K (0 <= K <= 2) and the variable x stands for p's house, so
 * `condition` holds for x = K or the problem has no solution. */
static guint
holds_for (const char *condition)
{
  static const char *const houses[] = { "h0", "h1", "h2" };
  guint mask = 0;

  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *text = g_strdup_printf ("ordered h: h0, h1, h2\n"
                                               "atomic g: p, q, r\n"
                                               "yes h:%s, g:p\n"
                                               "var x: h\n"
                                               "yes x, g:p\n"
                                               "%s\n",
                                               houses[k], condition);
      gint64 n = count_solutions (text);

      ck_assert_msg (n == 0 || n == 2, "%s: %" G_GINT64_FORMAT, condition, n);
      if (n == 2)
        mask |= 1u << k;
    }
  return mask;
}

static const struct
{
  const char *condition;
  guint holds; /* bit K: true for x = K */
} conditions[] = {
  { "x = 1", 0x2 },
  { "x != 1", 0x5 },
  { "x < 1", 0x1 },
  { "x > 1", 0x4 },
  { "x <= 1", 0x3 },
  { "x >= 1", 0x6 },
  { "1 = x", 0x2 },
  /* not > and > or */
  { "x = 0 or x = 1 and x = 2", 0x1 },
  { "(x = 0 or x = 1) and x = 2", 0x0 },
  { "x = 2 and x = 1 or x = 0", 0x1 },
  { "not x = 1", 0x5 },
  { "not x = 0 and not x = 1", 0x4 },
  { "not (x = 0 or x = 1)", 0x4 },
  { "not not x = 1", 0x2 },
  { "not (x = 1) or x = 1", 0x7 },
  { "((x = 1))", 0x2 },
  /* arithmetic: * before + -, left associative, unary minus */
  { "x - 1 - 1 = 0", 0x4 },
  { "2 * x + 1 = 3", 0x2 },
  { "2 * (x + 1) = 2", 0x1 },
  { "1 + 2 * x = 5", 0x4 },
  { "-x = -2", 0x4 },
  { "-x * 2 = -2", 0x2 },
  { "- -x = 1", 0x2 },
  { "x - -1 = 1", 0x1 },
  { "abs(x - 2) = 2", 0x1 },
  { "abs(1 - x) * 3 = 3", 0x5 },
  { "(x) * (x) = 4", 0x4 },
  { "x + -9223372036854775808 < 0", 0x7 },
  { "x < 9223372036854775807", 0x7 },
  /* references: group:item, bare items, the variable */
  { "x = h:h1", 0x2 },
  { "x = h1", 0x2 },
  { "x < \"h2\"", 0x3 },
  /* comments and tabs */
  { "x\t=\t1  # a comment", 0x2 },
  /* couples are relations */
  { "yes p, h1", 0x2 },
  { "yes p, h0 or yes p, h1", 0x3 },
  { "not yes p, h1", 0x5 },
  { "not (yes p, h0 or yes p, h1)", 0x4 },
  { "no p, h1 and no p, h2", 0x1 },
  { "yes p, h0 or yes p, h1 and yes p, h2", 0x1 },
  { "(yes p, h0 or yes p, h1) and yes p, h1", 0x2 },
  /* a list: p apart from h1 and h2 (which are apart anyway) */
  { "no p, h1, h2", 0x1 },
  { "no h1, p, h2 or x = 2", 0x5 },
  { "yes p, h2 or x = 0", 0x5 },
  /* if-then, lowest: its condition takes an or, its consequence an and */
  { "if x = 1 then yes p, h2", 0x5 },
  { "if yes p, h0 then x = 0", 0x7 },
  { "if x = 1 or x = 2 then x = 2", 0x5 },
  { "if x = 0 then x = 0 and x = 1", 0x6 },
  { "if x = 0 then if x = 0 then x = 1", 0x6 },
  { "(if x = 0 then x = 1) and x != 2", 0x2 },
  /* counting */
  { "exactly 1 of (x = 0; x = 1)", 0x3 },
  { "exactly 0 of (x = 0; yes p, h1)", 0x4 },
  { "at least 2 of (x = 1; yes p, h1; x > 0)", 0x2 },
  { "at most 1 of (x >= 1; x >= 2)", 0x3 },
  { "not exactly 1 of (x = 0)", 0x6 },
  { "exactly 2 of (yes p, h0 or yes p, h1; x < 2; if x = 0 then x = 2)", 0x1 },
  { "at least 0 of (x = 5)", 0x7 },
  /* identity of atomic items */
  { "g:p != g:q", 0x7 },
  { "g:p = g:q or x = 2", 0x4 },
};

START_TEST (test_parser_relations)
{
  ck_assert_uint_eq (holds_for (conditions[_i].condition),
                     conditions[_i].holds);
}
END_TEST

/* Identity on an atomic group: `=` and `!=` between its items and
 * variables; a variable the same as another shares its couples. */
START_TEST (test_parser_identity)
{
  static const char base[] = "ordered h: h0, h1, h2\n"
                             "atomic g: p, q, r\n"
                             "var y, z: g\n"
                             "yes y, h0\n"
                             "yes z, h2\n";
  g_autofree char *same = g_strconcat (base, "y = z\n", NULL);
  g_autofree char *different = g_strconcat (base, "y != z\n", NULL);
  g_autofree char *item = g_strconcat (base, "y = p\nz != q\n", NULL);

  ck_assert_int_eq (count_solutions (same), 0);
  ck_assert_int_eq (count_solutions (different), 6);
  /* p in h0, q not in h2: p q r or p r q, and q not last: one */
  ck_assert_int_eq (count_solutions (item), 1);
}
END_TEST

/* A couple of three references or more is each couple of two of them,
 * of two groups, joined by 'and': the same solutions as the couples
 * written out (and not those of the problem without it). */
static const struct
{
  const char *list, *written_out;
} couple_lists[] = {
  { "yes a1, b2, c3", "yes a1, b2\nyes a1, c3\nyes b2, c3" },
  { "no a1, b2, c3", "no a1, b2\nno a1, c3\nno b2, c3" },
  /* two items of one group are apart anyway: no couple between them */
  { "no a1, a2, b1", "no a1, b1\nno a2, b1" },
  { "no a1, b1, a2, c1, c2", "no a1, b1\nno a1, c1\nno a1, c2\n"
                             "no b1, a2\nno b1, c1\nno b1, c2\n"
                             "no a2, c1\nno a2, c2" },
  { "yes a1, b1, c1 or no a1, b2, c2",
    "(yes a1, b1 and yes a1, c1 and yes b1, c1) or "
    "(no a1, b2 and no a1, c2 and no b2, c2)" },
  { "not yes a1, b1, c1", "not (yes a1, b1 and yes a1, c1 and yes b1, c1)" },
  { "exactly 1 of (no a1, b1, c1; yes a2, b2, c2)",
    "exactly 1 of (no a1, b1 and no a1, c1 and no b1, c1; "
    "yes a2, b2 and yes a2, c2 and yes b2, c2)" },
  { "var v: b\nyes v, a1, c1\nv = b:b3",
    "var v: b\nyes v, a1\nyes v, c1\nyes a1, c1\nv = b:b3" },
};

START_TEST (test_parser_couple_lists)
{
  static const char groups[] = "ordered a: a1, a2, a3\n"
                               "atomic b: b1, b2, b3\n"
                               "atomic c: c1, c2, c3\n";
  g_autofree char *list =
      g_strconcat (groups, couple_lists[_i].list, "\n", NULL);
  g_autofree char *written =
      g_strconcat (groups, couple_lists[_i].written_out, "\n", NULL);
  gint64 n = count_solutions (list);

  ck_assert_int_eq (n, count_solutions (written));
  ck_assert_int_ne (n, count_solutions (groups));
}
END_TEST

static const LgEngine both_engines[] = { LG_ENGINE_FAITHFUL, LG_ENGINE_FAST };

/* The number of solutions of text with the engine given. */
static gint64
count_with (const char *text, LgEngine engine)
{
  g_autoptr (LgProblem) problem = parse_ok (text);
  g_autoptr (GError) error = NULL;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = engine;
  gint64 n = lg_problem_solve (problem, &options, NULL, NULL, NULL, &error);
  ck_assert_msg (n >= 0, "%s", error != NULL ? error->message : "");
  return n;
}

/* Random lists (3 to 5 references of four groups of three items and two
 * variables, inside 'or' and 'not' too) against their couples written
 * out, with both engines: 200 seeded problems. */
START_TEST (test_parser_couple_lists_random)
{
  static const char groups[] = "ordered a: a0, a1, a2\n"
                               "atomic b: b0, b1, b2\n"
                               "atomic c: c0, c1, c2\n"
                               "numeric d: 10, 20, 30\n"
                               "var u: a\nvar v: c\n";
  static const char *const refs[] = { "a0", "a1", "a2", "b0", "b1", "b2", "c0",
                                      "c1", "c2", "10", "20", "30", "u",  "v" };
  /* the group of each reference; the last two are the variables */
  static const int group[] = { 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 2 };
  uint64_t rng = 0x5eed + (uint64_t) _i;
  g_autoptr (GString) list = g_string_new (groups);
  g_autoptr (GString) written = g_string_new (groups);
  guint made = 0;
  while (made < 2)
    {
      gboolean yes = lgtest_rand_below (&rng, 2);
      guint len = 3 + lgtest_rand_below (&rng, 3), pick[5], pairs = 0;
      gboolean ok = TRUE;
      for (guint i = 0; i < len; i++)
        pick[i] = lgtest_rand_below (&rng, G_N_ELEMENTS (refs));
      for (guint j = 1; j < len && ok; j++)
        for (guint i = 0; i < j && ok; i++)
          if (group[pick[i]] != group[pick[j]])
            pairs++;
          else /* the parser's errors: a 'no' list's two items alone pass */
            ok = !yes && pick[i] != pick[j] && pick[i] < 12 && pick[j] < 12;
      if (!ok || pairs == 0)
        continue;
      g_autoptr (GString) l = g_string_new (yes ? "yes " : "no ");
      g_autoptr (GString) w = g_string_new ("(");
      for (guint i = 0; i < len; i++)
        g_string_append_printf (l, "%s%s", i ? ", " : "", refs[pick[i]]);
      for (guint i = 0; i < len; i++)
        for (guint j = i + 1; j < len; j++)
          if (group[pick[i]] != group[pick[j]])
            g_string_append_printf (w, "%s%s %s, %s", w->len > 1 ? " and " : "",
                                    yes ? "yes" : "no", refs[pick[i]],
                                    refs[pick[j]]);
      g_string_append_c (w, ')');
      /* alone, or inside 'or' / 'not' with a plain relation */
      switch (lgtest_rand_below (&rng, 3))
        {
        case 0:
          g_string_append_printf (list, "%s\n", l->str);
          g_string_append_printf (written, "%s\n", w->str);
          break;
        case 1:
          g_string_append_printf (list, "%s or u = a:a1\n", l->str);
          g_string_append_printf (written, "%s or u = a:a1\n", w->str);
          break;
        default:
          g_string_append_printf (list, "not %s\n", l->str);
          g_string_append_printf (written, "not %s\n", w->str);
          break;
        }
      made++;
    }
  for (guint e = 0; e < G_N_ELEMENTS (both_engines); e++)
    ck_assert_msg (count_with (list->str, both_engines[e]) ==
                       count_with (written->str, both_engines[e]),
                   "%s\n---\n%s", list->str, written->str);
}
END_TEST

/* A list takes up to 32 references (496 couples): with 32 items of 8
 * groups of 4 it cannot hold, and every engine says so; 33 are refused. */
START_TEST (test_parser_couple_list_limit)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) list = g_string_new ("no ");
  for (guint g = 0; g < 8; g++)
    {
      g_string_append_printf (text, "atomic g%u: ", g);
      for (guint k = 0; k < 4; k++)
        {
          g_string_append_printf (text, "%si%u_%u", k ? ", " : "", g, k);
          g_string_append_printf (list, "%si%u_%u", g + k ? ", " : "", g, k);
        }
      g_string_append_c (text, '\n');
    }
  g_autofree char *full = g_strconcat (text->str, list->str, "\n", NULL);
  for (guint e = 0; e < G_N_ELEMENTS (both_engines); e++)
    ck_assert_int_eq (count_with (full, both_engines[e]), 0);
  g_autofree char *over = g_strconcat (text->str, list->str, ", i0_0\n", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) refused =
      lg_parser_parse_data ("over.lgm", over, strlen (over), &error);
  ck_assert_ptr_null (refused);
  ck_assert (g_error_matches (error, LG_PARSE_ERROR, LG_PARSE_ERROR_LIMIT));
  ck_assert_msg (strstr (error->message, "at most 32 in one couple list"), "%s",
                 error->message);
}
END_TEST

/* Numeric items: signed literals; `group:item` compares values. */
START_TEST (test_parser_numeric_items)
{
  static const char base[] = "numeric t: -3, 0, 007\n"
                             "atomic g: p, q, r\n"
                             "yes t:-3, g:p\n"
                             "var y: t\n"
                             "yes y, g:p\n";
  g_autofree char *eq = g_strconcat (base, "y = -3\n", NULL);
  g_autofree char *ne = g_strconcat (base, "y = 3\n", NULL);
  g_autofree char *by_value = g_strconcat (base,
                                           "no t:7, g:q\n"
                                           "no t:00, g:r\n",
                                           NULL);
  g_autofree char *bare = g_strconcat (base, "no 7, g:q\nno 0, g:r\n", NULL);
  g_autoptr (LgProblem) problem = parse_ok (base);
  LgGroup *t = lg_problem_lookup_group (problem, "t");

  ck_assert_str_eq (lg_item_get_name (lg_group_get_item (t, 2)), "007");
  ck_assert_int_eq (count_solutions (eq), 2);
  ck_assert_int_eq (count_solutions (ne), 0);
  ck_assert_int_eq (count_solutions (by_value), 1);
  ck_assert_int_eq (count_solutions (bare), 1);
}
END_TEST

/* An atomic item named "10" is reached as film:10 and film:"10". */
START_TEST (test_parser_integer_item_names)
{
  g_autoptr (LgProblem) problem = parse_ok ("atomic film: \"10\", coup, 7\n"
                                            "atomic actor: ann, bob, cid\n"
                                            "no film:10, actor:ann\n"
                                            "no film:\"10\", actor:bob\n"
                                            "no film:7, actor:cid\n");
  LgGroup *film = lg_problem_lookup_group (problem, "film");

  ck_assert_uint_eq (lg_problem_n_rules (problem), 3);
  ck_assert_ptr_nonnull (lg_group_lookup_item (film, "10"));
  ck_assert_ptr_nonnull (lg_group_lookup_item (film, "7"));
}
END_TEST

/* Strings: spaces, hyphens, UTF-8, and the two escapes. */
START_TEST (test_parser_strings)
{
  g_autoptr (LgProblem) problem = parse_ok (
      "atomic \"odd group\": \"a \\\"quoted\\\" name\", \"back\\\\slash\", "
      "\"zürich # not a comment\"\n"
      "atomic g: p, q, r\n"
      "yes \"odd group\":\"back\\\\slash\", p\n"
      "yes \"zürich # not a comment\", q   # bare, and a real comment\n");
  LgGroup *group = lg_problem_lookup_group (problem, "odd group");

  ck_assert_ptr_nonnull (group);
  ck_assert_str_eq (lg_item_get_name (lg_group_get_item (group, 0)),
                    "a \"quoted\" name");
  ck_assert_str_eq (lg_item_get_name (lg_group_get_item (group, 1)),
                    "back\\slash");
  ck_assert_str_eq (lg_item_get_name (lg_group_get_item (group, 2)),
                    "zürich # not a comment");
  ck_assert_uint_eq (lg_problem_n_rules (problem), 2);
}
END_TEST

/* Lines of short tokens, the most texts a line can hold (the token's
 * bytes and a NUL each): every name read whole, every token's text kept in
 * place while the line is read (TokenText in parser.c; the sanitizer build
 * catches a buffer too small on the long line, past the buffer's first
 * size). */
START_TEST (test_parser_dense_lines)
{
  static const char names[] = "abcdefghijklmnopqrstuvwxyzABCDEF";
  g_autoptr (GString) text = g_string_new ("atomic g:");
  for (guint i = 0; i < LG_MAX_ITEMS; i++)
    g_string_append_printf (text, "%s%c", i ? "," : "", names[i]);
  g_string_append (text, "\nnumeric n:");
  for (guint i = 0; i < LG_MAX_ITEMS; i++)
    g_string_append_printf (text, "%s%u", i ? "," : "", i);
  g_string_append (text, "\nvar x:n\nyes x,a\nx=7\nno b,\"7\"\nx=0");
  for (guint i = 1; i < 4 * LG_MAX_ITEMS; i++)
    g_string_append_printf (text, " or x=%u", i % LG_MAX_ITEMS);
  g_string_append (text, "\n");
  g_autoptr (LgProblem) problem = parse_ok (text->str);
  LgGroup *g = lg_problem_lookup_group (problem, "g");
  LgGroup *n = lg_problem_lookup_group (problem, "n");
  ck_assert_ptr_nonnull (g);
  ck_assert_ptr_nonnull (n);
  for (guint i = 0; i < LG_MAX_ITEMS; i++)
    {
      char name[2] = { names[i], '\0' };
      g_autofree char *number = g_strdup_printf ("%u", i);
      ck_assert_str_eq (lg_item_get_name (lg_group_get_item (g, i)), name);
      ck_assert_str_eq (lg_item_get_name (lg_group_get_item (n, i)), number);
    }
  ck_assert_uint_eq (lg_problem_n_rules (problem), 4);
}
END_TEST

/* `var a` again makes a new variable from that line on. */
START_TEST (test_parser_var_redeclared)
{
  static const char base[] = "ordered h: h0, h1, h2\n"
                             "atomic g: p, q, r\n"
                             "var a: h\n"
                             "yes a, g:p\n";

  g_autofree char *same = g_strconcat (base, "yes a, g:q\n", NULL);
  g_autofree char *fresh = g_strconcat (base, "var a: h\nyes a, g:q\n", NULL);

  /* p and q in the same house is impossible; in two houses, it is no
   * constraint at all */
  ck_assert_int_eq (count_solutions (same), 0);
  ck_assert_int_eq (count_solutions (fresh), 6);
}
END_TEST

/* A variable hides an item of the same name; group:item still reaches it. */
START_TEST (test_parser_var_hides_item)
{
  ck_assert_int_eq (count_solutions ("ordered h: h0, h1, h2\n"
                                     "atomic g: a, q, r\n"
                                     "var a: h\n"
                                     "yes a, g:a\n"
                                     "a = 2\n"
                                     "yes g:a, h2\n"),
                    2);
}
END_TEST

/* The warnings of text, one string (empty: none). */
static char *
warnings_of (const char *text)
{
  g_auto (GStrv) warnings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = lg_parser_parse_data_full (
      "t.lgm", text, strlen (text), &warnings, &error);

  ck_assert_msg (problem != NULL, "%s", error ? error->message : "");
  return g_strjoinv ("\n", warnings);
}

/* A variable that two clues with a text tie by 'yes' is reported once, at
 * the second tie, and so is one tied to two items of one group, clues or
 * not (no solution is left); not one that a clue ties and a later one
 * computes with (data/jojo.lgm) or ties again to the same item (what a new
 * variable would mean too), nor one that one clue ties twice to items
 * of two groups (two items of one person) or twice to one item, nor ties
 * to items of two groups in a file without clue texts (the tutorial's). */
START_TEST (test_parser_var_tied_in_two_clues)
{
  static const char head[] = "ordered h: h0, h1, h2\n"
                             "atomic g: p, q, r\n"
                             "atomic k: x, y, z\n"
                             "var a, b: h\n";
  g_autofree char *two = g_strconcat (head,
                                      "clue \"one\"\nyes a, p\nyes b, x\n"
                                      "clue \"two\"\nyes g:q, b\n"
                                      "yes a, q\nb < a\n",
                                      NULL);
  g_autofree char *computed = g_strconcat (
      head, "clue \"one\"\nyes a, p\nyes b, x\nclue \"two\"\nb < a\nyes p, a\n",
      NULL);
  g_autofree char *one_clue = g_strconcat (
      head, "clue \"one\"\nyes a, p\nyes a, x\nyes b, q, y\nb < a\n", NULL);
  g_autofree char *no_texts = g_strconcat (
      head, "yes a, p\nyes b, x\nyes a, y\nyes b, q\nyes a, p\n", NULL);
  g_autofree char *clash =
      g_strconcat (head, "yes a, p\nyes b, x\nb < a\nyes a, g:r\n", NULL);
  g_autofree char *w_two = warnings_of (two);
  g_autofree char *w_computed = warnings_of (computed);
  g_autofree char *w_one_clue = warnings_of (one_clue);
  g_autofree char *w_no_texts = warnings_of (no_texts);
  g_autofree char *w_clash = warnings_of (clash);

  ck_assert_str_eq (
      w_two, "t.lgm:9:10: warning: variable 'b' is tied by 'yes' in clue 1 "
             "(line 7) and again in clue 2: both clues then speak of the "
             "same item of group 'h'; if clue 2 means another one, declare "
             "it again after its clue line ('var b: h')\n"
             "t.lgm:10:5: warning: variable 'a' is tied by 'yes' to p (line "
             "6) and here to q, two items of group 'g': no item of group 'h' "
             "goes with both, so no solution is left; if clue 2 means "
             "another one, declare it again after its clue line ('var a: "
             "h')");
  ck_assert_str_eq (w_computed, "");
  ck_assert_str_eq (w_one_clue, "");
  ck_assert_str_eq (w_no_texts, "");
  ck_assert_str_eq (
      w_clash, "t.lgm:8:5: warning: variable 'a' is tied by 'yes' to p (line "
               "5) and here to r, two items of group 'g': no item of group "
               "'h' goes with both, so no solution is left; if this rule "
               "means another one, declare it again before it ('var a: h')");
}
END_TEST

START_TEST (test_parser_ask)
{
  g_autoptr (LgProblem) problem = parse_ok ("ordered h: h0, h1, h2\n"
                                            "atomic g: p, q, r\n"
                                            "ask h of g:p\n"
                                            "ask g of h1\n");

  ck_assert_uint_eq (lg_problem_n_rules (problem), 0);
}
END_TEST

/* Rules are numbered in file order and remember their line; declarations,
 * comments and blank lines are not rules. */
START_TEST (test_parser_rule_lines)
{
  g_autoptr (LgProblem) problem = parse_ok ("# a comment\n"
                                            "ordered h: h0, h1, h2\n"
                                            "\n"
                                            "atomic g: p, q, r\n"
                                            "yes h0, p\n"
                                            "   \t\n"
                                            "var x, y: h\n"
                                            "x < y or not x != y\n"
                                            "ask g of h0\n"
                                            "no y, g:r  # trailing comment\n");
  static const guint lines[] = { 5, 8, 10 };

  ck_assert_uint_eq (lg_problem_n_rules (problem), G_N_ELEMENTS (lines));
  for (guint r = 0; r < G_N_ELEMENTS (lines); r++)
    ck_assert_uint_eq (lg_rule_get_line (lg_problem_get_rule (problem, r + 1)),
                       lines[r]);
}
END_TEST

/* A clue line opens a clue that the rules up to the next clue line belong
 * to; a rule before the first clue line is a clue on its own, and a clue
 * may have no rule. */
START_TEST (test_parser_clues)
{
  g_autoptr (LgProblem) problem =
      parse_ok ("ordered h: h0, h1, h2\n"
                "atomic g: p, q, r\n"
                "yes h0, p\n"
                "clue \"Q is \\\"right\\\" of P.\"  # a comment\n"
                "var x, y: h\n"
                "x > y\n"
                "yes x, q\n"
                "yes y, p\n"
                "clue \"Nothing to say.\"\n"
                "\n"
                "clue \"R is not in the middle.\"\n"
                "no r, h1\n");
  static const struct
  {
    const char *text;
    guint line, first, n;
  } clues[] = {
    { NULL, 3, 1, 1 },
    { "Q is \"right\" of P.", 4, 2, 3 },
    { "Nothing to say.", 9, 5, 0 },
    { "R is not in the middle.", 11, 5, 1 },
  };
  static const guint clue_of_rule[] = { 1, 2, 2, 2, 4 };

  ck_assert (lg_problem_has_clue_texts (problem));
  ck_assert_uint_eq (lg_problem_n_clues (problem), G_N_ELEMENTS (clues));
  for (guint c = 0; c < G_N_ELEMENTS (clues); c++)
    {
      const char *text = lg_clue_get_text (problem, c + 1);

      if (clues[c].text == NULL)
        ck_assert_ptr_null (text);
      else
        ck_assert_str_eq (text, clues[c].text);
      ck_assert_uint_eq (lg_clue_get_line (problem, c + 1), clues[c].line);
      ck_assert_uint_eq (lg_clue_get_first_rule (problem, c + 1),
                         clues[c].first);
      ck_assert_uint_eq (lg_clue_get_n_rules (problem, c + 1), clues[c].n);
    }
  ck_assert_uint_eq (lg_problem_n_rules (problem), G_N_ELEMENTS (clue_of_rule));
  for (guint r = 0; r < G_N_ELEMENTS (clue_of_rule); r++)
    ck_assert_uint_eq (lg_rule_get_clue (lg_problem_get_rule (problem, r + 1)),
                       clue_of_rule[r]);

  /* dropping clue 2 drops its three rules, and only them */
  ck_assert (lg_problem_drop_clue (problem, 2, NULL));
  for (guint r = 1; r <= lg_problem_n_rules (problem); r++)
    ck_assert (lg_problem_rule_is_dropped (problem, r) == (r >= 2 && r <= 4));
  ck_assert (lg_problem_drop_clue (problem, 3, NULL));
  ck_assert (!lg_problem_drop_clue (problem, 5, NULL));
  ck_assert (!lg_problem_drop_clue (problem, 0, NULL));
}
END_TEST

/* Without clue lines, every rule is a clue of its own, with its line. */
START_TEST (test_parser_no_clue_lines)
{
  g_autoptr (LgProblem) problem = parse_ok ("ordered h: h0, h1, h2\n"
                                            "atomic g: p, q, r\n"
                                            "yes h0, p\n"
                                            "var x, y: h\n"
                                            "\n"
                                            "x > y\n"
                                            "no y, q  # a comment\n");

  ck_assert (!lg_problem_has_clue_texts (problem));
  ck_assert_uint_eq (lg_problem_n_clues (problem),
                     lg_problem_n_rules (problem));
  for (guint c = 1; c <= lg_problem_n_clues (problem); c++)
    {
      LgRule *rule = lg_problem_get_rule (problem, c);

      ck_assert_ptr_null (lg_clue_get_text (problem, c));
      ck_assert_uint_eq (lg_clue_get_first_rule (problem, c), c);
      ck_assert_uint_eq (lg_clue_get_n_rules (problem, c), 1);
      ck_assert_uint_eq (lg_clue_get_line (problem, c),
                         lg_rule_get_line (rule));
      ck_assert_uint_eq (lg_rule_get_clue (rule), c);
    }
}
END_TEST

/* Columns count code points, not bytes; a missing name is "<input>". */
START_TEST (test_parser_error_location)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = NULL;
  g_autofree char *message = NULL;
  static const char text[] = "atomic city: \"zürich\", \"zürich\"\n";

  message = parse_error (text, NULL);
  ck_assert_str_eq (message, "1:24: error: duplicate item 'zürich' in group "
                             "'city'");
  problem = lg_parser_parse_data (NULL, text, strlen (text), &error);
  ck_assert_ptr_null (problem);
  ck_assert (g_str_has_prefix (error->message, "<input>:1:24: error: "));
}
END_TEST

START_TEST (test_parser_empty_input)
{
  gint code;
  g_autofree char *message = parse_error ("", &code);

  ck_assert_int_eq (code, LG_PARSE_ERROR_SEMANTIC);
  ck_assert (g_str_has_prefix (message, "1:1: error: no group"));
}
END_TEST

START_TEST (test_parser_missing_file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem =
      lg_parser_parse_file ("no/such/file.lgm", &error);

  ck_assert_ptr_null (problem);
  ck_assert (g_error_matches (error, LG_PARSE_ERROR, LG_PARSE_ERROR_IO));
  ck_assert_str_eq (error->message,
                    "no/such/file.lgm: error: No such file or directory");
}
END_TEST

/* The input may take 1/32 of the memory limit: classic.lgm (about 2 KiB)
 * is read under 128 KiB, refused under 32 KiB, and so is a stream. */
START_TEST (test_parser_input_bound)
{
  g_autofree char *path = g_build_filename (data_dir (), "classic.lgm", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) read =
      lg_parser_parse_file_within (path, 128 * 1024, NULL, &error);
  ck_assert_msg (read != NULL, "%s", error ? error->message : "");

  g_autoptr (LgProblem) refused =
      lg_parser_parse_file_within (path, 32 * 1024, NULL, &error);
  ck_assert_ptr_null (refused);
  ck_assert (g_error_matches (error, LG_PARSE_ERROR, LG_PARSE_ERROR_LIMIT));
  g_autofree char *message = g_strdup_printf (
      "%s: error: the input is larger than 1.0 KiB, the most a memory limit "
      "of 32.0 KiB allows (1/32 of it); raise --memory-limit",
      path);
  ck_assert_str_eq (error->message, message);
  g_clear_error (&error);

  g_autoptr (LgProblem) zero =
      lg_parser_parse_file_within ("/dev/zero", 32 * 1024, NULL, &error);
  ck_assert_ptr_null (zero);
  ck_assert (g_error_matches (error, LG_PARSE_ERROR, LG_PARSE_ERROR_LIMIT));
  g_autofree char *stdin_name = lg_parser_display_name ("-");
  g_autofree char *plain = lg_parser_display_name ("a.lgm");
  g_autofree char *bad = lg_parser_display_name ("a\377\nb.lgm");
  ck_assert_str_eq (stdin_name, "<stdin>");
  ck_assert_str_eq (plain, "a.lgm");
  ck_assert_str_eq (bad, "a\357\277\275?b.lgm"); /* U+FFFD, '?' */
}
END_TEST

/* lg_parser_read_file: the bytes of a file, or of the standard input in
 * chunks (a pipe of 100,000 bytes, more than its 64 KiB chunk), followed
 * by a NUL byte. */
static gpointer
write_pipe (gpointer data)
{
  int *fds = data;
  GString *text = g_string_new (NULL);
  while (text->len < 100000)
    g_string_append (text, "# a comment line of the standard input\n");
  g_string_truncate (text, 100000);
  for (gsize done = 0; done < text->len;)
    {
      ssize_t n = write (fds[1], text->str + done, text->len - done);
      g_assert (n > 0);
      done += (gsize) n;
    }
  close (fds[1]);
  return text;
}

START_TEST (test_parser_read_file)
{
  const guint64 limit = G_GUINT64_CONSTANT (1) << 31;
  g_autoptr (GError) error = NULL;
  g_autofree char *path =
      g_strdup_printf ("%s/%s.lgm", data_dir (), tutorial[0].name);
  g_autofree char *want = NULL, *data = NULL;
  gsize want_len, len;
  ck_assert (g_file_get_contents (path, &want, &want_len, NULL));
  ck_assert_msg (lg_parser_read_file (path, limit, &data, &len, &error), "%s",
                 error ? error->message : "");
  ck_assert_uint_eq (len, want_len);
  ck_assert (memcmp (data, want, len) == 0);
  ck_assert_int_eq (data[len], '\0');
  g_clear_pointer (&data, g_free);

  int fds[2];
  ck_assert_int_eq (pipe (fds), 0);
  GThread *writer = g_thread_new ("writer", write_pipe, fds);
  int saved = dup (STDIN_FILENO);
  ck_assert_int_ge (saved, 0);
  ck_assert_int_eq (dup2 (fds[0], STDIN_FILENO), STDIN_FILENO);
  close (fds[0]);
  gboolean ok = lg_parser_read_file ("-", limit, &data, &len, &error);
  dup2 (saved, STDIN_FILENO);
  close (saved);
  g_autoptr (GString) text = g_thread_join (writer);
  ck_assert_msg (ok, "%s", error ? error->message : "");
  ck_assert_uint_eq (len, text->len);
  ck_assert (memcmp (data, text->str, len) == 0);
  ck_assert_int_eq (data[len], '\0');
}
END_TEST

/* ---- errors: one file per defect --------------------------------------- */

static const struct
{
  const char *file;
  LgParseError code;
} bad_files[] = {
  { "abs-without-paren.lgm", LG_PARSE_ERROR_SYNTAX },
  { "ambiguous-item.lgm", LG_PARSE_ERROR_AMBIGUOUS },
  { "angle-brackets-operator.lgm", LG_PARSE_ERROR_SYNTAX },
  { "arrow-operator.lgm", LG_PARSE_ERROR_SYNTAX },
  { "ambiguous-item-three.lgm", LG_PARSE_ERROR_AMBIGUOUS },
  { "ask-missing-of.lgm", LG_PARSE_ERROR_SYNTAX },
  { "ask-same-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "ask-without-of.lgm", LG_PARSE_ERROR_SYNTAX },
  { "ask-variable.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "bad-integer-literal.lgm", LG_PARSE_ERROR_SYNTAX },
  { "decimal-number.lgm", LG_PARSE_ERROR_SYNTAX },
  { "decimal-in-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "decimal-at-end-of-file.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unit-symbol.lgm", LG_PARSE_ERROR_SYNTAX },
  { "c1-control.lgm", LG_PARSE_ERROR_ENCODING },
  { "chained-comparison.lgm", LG_PARSE_ERROR_SYNTAX },
  { "clue-without-text.lgm", LG_PARSE_ERROR_SYNTAX },
  { "control-character.lgm", LG_PARSE_ERROR_ENCODING },
  { "couple-same-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "couple-list-one-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "couple-list-twice.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "couple-list-yes-same-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "couple-list-var-same-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "couple-list-too-long.lgm", LG_PARSE_ERROR_LIMIT },
  { "couple-without-keyword.lgm", LG_PARSE_ERROR_SYNTAX },
  { "couple-same-group-var.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "couple-with-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "double-equals.lgm", LG_PARSE_ERROR_SYNTAX },
  { "dimension-too-large.lgm", LG_PARSE_ERROR_LIMIT },
  { "duplicate-group.lgm", LG_PARSE_ERROR_DUPLICATE },
  { "duplicate-item.lgm", LG_PARSE_ERROR_DUPLICATE },
  { "duplicate-numeric-value.lgm", LG_PARSE_ERROR_DUPLICATE },
  { "empty-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "empty-name.lgm", LG_PARSE_ERROR_SYNTAX },
  { "expr-on-atomic.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "if-without-then.lgm", LG_PARSE_ERROR_SYNTAX },
  { "if-on-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "count-missing-of.lgm", LG_PARSE_ERROR_SYNTAX },
  { "count-missing-k.lgm", LG_PARSE_ERROR_SYNTAX },
  { "at-without-least.lgm", LG_PARSE_ERROR_SYNTAX },
  { "count-unclosed.lgm", LG_PARSE_ERROR_SYNTAX },
  { "count-missing-paren.lgm", LG_PARSE_ERROR_SYNTAX },
  { "count-too-large.lgm", LG_PARSE_ERROR_LIMIT },
  { "count-of-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "identity-across-groups.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "identity-with-value.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "atomic-order.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "expr-on-atomic-var.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "group-not-item.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "integer-out-of-range.lgm", LG_PARSE_ERROR_LIMIT },
  { "integer-out-of-range-item.lgm", LG_PARSE_ERROR_LIMIT },
  { "invalid-escape.lgm", LG_PARSE_ERROR_SYNTAX },
  { "invalid-utf8.lgm", LG_PARSE_ERROR_ENCODING },
  { "keyword-as-name.lgm", LG_PARSE_ERROR_SYNTAX },
  { "logic-on-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "lone-carriage-return.lgm", LG_PARSE_ERROR_ENCODING },
  { "long-line.lgm", LG_PARSE_ERROR_LIMIT },
  { "missing-colon.lgm", LG_PARSE_ERROR_SYNTAX },
  { "missing-comma.lgm", LG_PARSE_ERROR_SYNTAX },
  { "missing-item-after-colon.lgm", LG_PARSE_ERROR_SYNTAX },
  { "missing-operand.lgm", LG_PARSE_ERROR_SYNTAX },
  { "missing-relop.lgm", LG_PARSE_ERROR_SYNTAX },
  { "nesting-too-deep.lgm", LG_PARSE_ERROR_LIMIT },
  { "no-group.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "non-ascii-name.lgm", LG_PARSE_ERROR_SYNTAX },
  { "not-on-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "nul-byte.lgm", LG_PARSE_ERROR_ENCODING },
  { "numeric-not-integer.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "numeric-with-unit.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "numeric-decimal-quoted.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "thousands-separator.lgm", LG_PARSE_ERROR_DUPLICATE },
  { "thousands-count.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "thousands-count-first.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "relation-in-expression.lgm", LG_PARSE_ERROR_SYNTAX },
  { "reversed-at-most.lgm", LG_PARSE_ERROR_SYNTAX },
  { "size-mismatch.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "trailing-comma.lgm", LG_PARSE_ERROR_SYNTAX },
  { "trailing-words.lgm", LG_PARSE_ERROR_SYNTAX },
  { "trailing-words-relation.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unbalanced-paren.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unexpected-character.lgm", LG_PARSE_ERROR_SYNTAX },
  /* characters of other languages and of word processors: the hint says
   * what to write instead */
  { "and-ampersand.lgm", LG_PARSE_ERROR_SYNTAX },
  { "item-with-ampersand.lgm", LG_PARSE_ERROR_SYNTAX },
  { "or-pipe.lgm", LG_PARSE_ERROR_SYNTAX },
  { "not-bang.lgm", LG_PARSE_ERROR_SYNTAX },
  { "division-slash.lgm", LG_PARSE_ERROR_SYNTAX },
  { "remainder-percent.lgm", LG_PARSE_ERROR_SYNTAX },
  { "power-caret.lgm", LG_PARSE_ERROR_SYNTAX },
  { "apostrophe-name.lgm", LG_PARSE_ERROR_SYNTAX },
  { "single-quotes.lgm", LG_PARSE_ERROR_SYNTAX },
  { "full-stop.lgm", LG_PARSE_ERROR_SYNTAX },
  { "full-stop-in-name.lgm", LG_PARSE_ERROR_SYNTAX },
  { "square-brackets.lgm", LG_PARSE_ERROR_SYNTAX },
  { "not-equal-sign.lgm", LG_PARSE_ERROR_SYNTAX },
  { "less-equal-sign.lgm", LG_PARSE_ERROR_SYNTAX },
  { "minus-sign.lgm", LG_PARSE_ERROR_SYNTAX },
  { "times-sign.lgm", LG_PARSE_ERROR_SYNTAX },
  { "curly-quotes.lgm", LG_PARSE_ERROR_SYNTAX },
  { "curly-apostrophe.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unknown-bare-item.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unknown-group.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unknown-group-suggestion.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unknown-item.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unknown-item-swapped-letters.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unknown-keyword.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unknown-keyword-suggestion.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unknown-name-suggestion.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unknown-variable.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unmatched-paren.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unquoted-hyphen.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unquoted-hyphen-in-rule.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "unquoted-space.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unquoted-colon.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unquoted-colon-in-rule.lgm", LG_PARSE_ERROR_UNKNOWN },
  { "numeric-time.lgm", LG_PARSE_ERROR_SYNTAX },
  { "numeric-time-quoted.lgm", LG_PARSE_ERROR_SEMANTIC },
  { "tab-in-string.lgm", LG_PARSE_ERROR_SYNTAX },
  { "unterminated-string.lgm", LG_PARSE_ERROR_SYNTAX },
  { "var-declared-twice.lgm", LG_PARSE_ERROR_DUPLICATE },
  { "var-unknown-group.lgm", LG_PARSE_ERROR_UNKNOWN },
};

/* Checks the invariant of the parser on any input: a problem, or one
 * error whose message is one line "FILE:LINE:COLUMN: error: MESSAGE".
 * TRUE for a problem. */
static gboolean
check_outcome (const char *data, gsize length)
{
  /* an exact copy, so that a read past the end is caught */
  g_autofree char *copy = g_memdup2 (data, length);
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem =
      lg_parser_parse_data ("fuzz.lgm", copy, length, &error);
  guint line, column;
  int end = 0;

  if (problem != NULL)
    {
      ck_assert_ptr_null (error);
      return TRUE;
    }
  ck_assert_ptr_nonnull (error);
  ck_assert (error->domain == LG_PARSE_ERROR);
  ck_assert_msg (sscanf (error->message, "fuzz.lgm:%u:%u: error: %n", &line,
                         &column, &end) == 2 &&
                     end > 0,
                 "malformed message: %s", error->message);
  ck_assert (line >= 1 && column >= 1);
  ck_assert (error->message[end] != '\0');
  ck_assert (strchr (error->message, '\n') == NULL);
  ck_assert (g_utf8_validate (error->message, -1, NULL));
  return FALSE;
}

/* The file at path read as data of its exact length, and without its last
 * newline: a lexer that reads past the end is caught (under
 * AddressSanitizer); parses: whether the file gives a problem, both ways. */
static void
check_file_ends (const char *path, gboolean parses)
{
  g_autofree char *text = NULL;
  gsize length;

  ck_assert_msg (g_file_get_contents (path, &text, &length, NULL), "%s", path);
  ck_assert_msg (check_outcome (text, length) == parses, "%s", path);
  if (length > 0 && text[length - 1] == '\n')
    ck_assert_msg (check_outcome (text, length - 1) == parses,
                   "%s without its last newline", path);
}

START_TEST (test_parser_bad_file)
{
  g_autofree char *path =
      g_build_filename (test_dir (), "bad", bad_files[_i].file, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = NULL;
  g_autofree char *location = NULL;
  g_autofree char *prefix = NULL;
  const char *expect, *message;
  char *newline;

  check_file_ends (path, FALSE);
  ck_assert_msg (g_file_get_contents (path, &text, NULL, &error), "%s",
                 error != NULL ? error->message : "");
  ck_assert_msg (g_str_has_prefix (text, "# expect: "),
                 "%s: the first line must be '# expect: LINE:COLUMN: "
                 "MESSAGE'",
                 path);
  expect = text + strlen ("# expect: ");
  newline = strchr (expect, '\n');
  ck_assert_ptr_nonnull (newline);
  *newline = '\0';
  /* "LINE:COLUMN: MESSAGE" -> "LINE:COLUMN" and "MESSAGE" */
  message = strstr (expect, ": ");
  ck_assert_ptr_nonnull (message);
  location = g_strndup (expect, message - expect);
  message += 2;

  problem = lg_parser_parse_file (path, &error);
  ck_assert_msg (problem == NULL, "%s: parsed without error", path);
  ck_assert_ptr_nonnull (error);
  prefix = g_strdup_printf ("%s:%s: error: ", path, location);
  ck_assert_msg (g_str_has_prefix (error->message, prefix),
                 "%s: expected at %s, got: %s", path, location, error->message);
  ck_assert_msg (strstr (error->message + strlen (prefix), message) != NULL,
                 "%s: expected '%s', got: %s", path, message, error->message);
  ck_assert_msg (strchr (error->message, '\n') == NULL,
                 "%s: the message is more than one line", path);
  ck_assert (error->domain == LG_PARSE_ERROR);
  ck_assert_int_eq (error->code, bad_files[_i].code);
}
END_TEST

/* Every .lgm file of tests/SUBDIR is in a table of n_files, for which
 * in_table tells whether it holds a name, and the reverse. */
static void
assert_files_listed (const char *subdir, gboolean (*in_table) (const char *),
                     guint n_files)
{
  g_autofree char *path = g_build_filename (test_dir (), subdir, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  const char *name;
  guint n = 0;

  ck_assert_msg (dir != NULL, "%s", error != NULL ? error->message : "");
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (name, ".lgm"))
        continue;
      n++;
      ck_assert_msg (in_table (name), "%s/%s is not in the table of the test",
                     path, name);
    }
  ck_assert_uint_eq (n, n_files);
}

static gboolean
in_bad_files (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    if (strcmp (bad_files[i].file, name) == 0)
      return TRUE;
  return FALSE;
}

START_TEST (test_parser_bad_files_listed)
{
  assert_files_listed ("bad", in_bad_files, G_N_ELEMENTS (bad_files));
}
END_TEST

/* ---- warnings: one file per warning ------------------------------------ */

static const char *const warn_files[] = {
  "always-holds.lgm",          "never-holds-logic.lgm",
  "sum-same-item.lgm",         "value-out-of-range.lgm",
  "var-hides-item.lgm",        "var-never-used.lgm",
  "var-used-once.lgm",         "sum-same-item-numeric.lgm",
  "sum-with-couple.lgm",       "clue-without-rule.lgm",
  "var-used-once-quoted.lgm",  "count-never-holds.lgm",
  "count-always-holds.lgm",    "ordered-numbers.lgm",
  "var-tied-in-two-clues.lgm", "var-tied-to-two-items.lgm",
};

/* Each file of tests/warn starts with `# expect: LINE:COLUMN: MESSAGE`: it
 * parses, with that one warning, and to the same problem as without
 * warnings asked for. */
START_TEST (test_parser_warn_file)
{
  g_autofree char *path =
      g_build_filename (test_dir (), "warn", warn_files[_i], NULL);
  g_autofree char *text = NULL;
  g_autofree char *want = NULL;
  g_auto (GStrv) warnings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = NULL;
  g_autoptr (LgProblem) plain = NULL;
  char *newline;

  check_file_ends (path, TRUE);
  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  ck_assert (g_str_has_prefix (text, "# expect: "));
  newline = strchr (text, '\n');
  ck_assert_ptr_nonnull (newline);
  *newline = '\0';
  /* "LINE:COLUMN: MESSAGE" -> "PATH:LINE:COLUMN: warning: MESSAGE" */
  want = g_strdup (text + strlen ("# expect: "));
  {
    char *message = strstr (want, ": ");
    g_autofree char *location = NULL;
    char *whole;

    ck_assert_ptr_nonnull (message);
    location = g_strndup (want, message - want);
    whole = g_strdup_printf ("%s:%s: warning: %s", path, location, message + 2);
    g_free (want);
    want = whole;
  }
  problem = lg_parser_parse_file_full (path, &warnings, &error);
  ck_assert_msg (problem != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_ptr_nonnull (warnings);
  ck_assert_msg (g_strv_length (warnings) == 1, "%s: %u warnings", path,
                 g_strv_length (warnings));
  ck_assert_str_eq (warnings[0], want);
  plain = lg_parser_parse_file (path, NULL);
  ck_assert_uint_eq (lg_problem_n_rules (plain), lg_problem_n_rules (problem));
}
END_TEST

static gboolean
in_warn_files (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (warn_files); i++)
    if (strcmp (warn_files[i], name) == 0)
      return TRUE;
  return FALSE;
}

/* Every file of tests/warn is in the table, and the reverse. */
START_TEST (test_parser_warn_files_listed)
{
  assert_files_listed ("warn", in_warn_files, G_N_ELEMENTS (warn_files));
}
END_TEST

/* The problems of data/ and data/bench/ and the built-in ones have no
 * warning. */
static void
assert_no_warning (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  ck_assert_ptr_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_auto (GStrv) warnings = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (LgProblem) problem = NULL;

      if (!g_str_has_suffix (name, ".lgm"))
        continue;
      problem = lg_parser_parse_file_full (path, &warnings, &error);
      ck_assert_msg (problem != NULL, "%s", error ? error->message : "");
      ck_assert_msg (warnings[0] == NULL, "%s", warnings[0]);
      check_file_ends (path, TRUE);
      n++;
    }
  ck_assert_uint_gt (n, 0);
}

START_TEST (test_parser_data_without_warning)
{
  g_autofree char *bench = g_build_filename (data_dir (), "bench", NULL);

  assert_no_warning (data_dir ());
  assert_no_warning (bench);
  for (const LgEmbeddedProblem *e = lg_problems_embedded; e->name; e++)
    {
      g_auto (GStrv) warnings = NULL;
      g_autoptr (LgProblem) problem = lg_parser_parse_data_full (
          e->name, (const char *) e->data, e->size, &warnings, NULL);

      ck_assert_ptr_nonnull (problem);
      ck_assert_msg (warnings[0] == NULL, "%s", warnings[0]);
    }
}
END_TEST

/* Random mutations of a tutorial file: bytes replaced, inserted, deleted,
 * lines duplicated; each must give a problem or one well-formed error. */
START_TEST (test_parser_mutations)
{
  static const char alphabet[] = "abz09:,()+-*=<>!\"\\# \t\r\n\x00\xc3\xff";
  gsize length;
  g_autofree char *text = read_tutorial (_i, &length);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240 + _i);

  for (guint round = 0; round < 300; round++)
    {
      g_autoptr (GArray) bytes = g_array_new (FALSE, FALSE, 1);
      guint n_edits = g_rand_int_range (rand, 1, 6);

      g_array_append_vals (bytes, text, length);
      for (guint e = 0; e < n_edits && bytes->len > 0; e++)
        {
          guint at = g_rand_int_range (rand, 0, bytes->len);
          guint8 c = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              g_array_index (bytes, guint8, at) = c;
              break;
            case 1:
              g_array_insert_val (bytes, at, c);
              break;
            case 2:
              g_array_remove_index (bytes, at);
              break;
            default:
              {
                guint len = g_rand_int_range (rand, 1, 80);
                g_autofree char *copy = NULL;

                /* drawn beforehand: MIN evaluates its arguments twice */
                len = MIN (len, bytes->len - at);
                copy = g_memdup2 (bytes->data + at, len);

                g_array_insert_vals (bytes, at, copy, len);
              }
              break;
            }
        }
      check_outcome (bytes->data, bytes->len);
    }
}
END_TEST

/* ---- limits ------------------------------------------------------------ */

START_TEST (test_parser_line_length_limit)
{
  g_autoptr (GString) text = g_string_new ("atomic g: a, b\n# ");
  g_autofree char *message = NULL;
  g_autoptr (LgProblem) problem = NULL;

  /* a comment line of exactly LG_PARSER_MAX_LINE bytes, then CRLF */
  while (text->len < strlen ("atomic g: a, b\n") + LG_PARSER_MAX_LINE)
    g_string_append (text, "é"); /* 2 bytes each: lands exactly */
  g_string_append (text, "\r\n");
  problem = parse_ok (text->str);
  /* one byte more */
  g_string_insert_c (text, text->len - 2, 'x');
  message = parse_error (text->str, NULL);
  /* "# " then 2047 "é": byte 4097 is the 'x', code point 2050 */
  ck_assert_str_eq (message, "2:2050: error: line is too long: 4097 bytes, "
                             "at most 4096");
}
END_TEST

START_TEST (test_parser_dimension_limit)
{
  g_autoptr (GString) text = g_string_new ("atomic g:");
  g_autoptr (LgProblem) problem = NULL;
  g_autofree char *message = NULL;
  gint code;

  /* the parser takes what some engine takes: the fast engine's limit */
  for (guint i = 0; i < LG_MAX_ITEMS; i++)
    g_string_append_printf (text, "%s i%u", i > 0 ? "," : "", i);
  problem = parse_ok (text->str);
  g_string_append (text, ", last");
  message = parse_error (text->str, &code);
  ck_assert_int_eq (code, LG_PARSE_ERROR_LIMIT);
  ck_assert (strstr (message, "dimension 33 is too large: at most 32 items "
                              "per group") != NULL);
}
END_TEST

START_TEST (test_parser_integer_limits)
{
  g_autoptr (LgProblem) problem =
      parse_ok ("numeric n: -9223372036854775808, 0, 9223372036854775807\n");
  g_autofree char *low =
      parse_error ("numeric n: -9223372036854775809, 0, 1\n", NULL);
  g_autofree char *high =
      parse_error ("numeric n: 9223372036854775808, 0, 1\n", NULL);
  g_autofree char *string =
      parse_error ("numeric n: 0, \"-9223372036854775809\", 1\n", NULL);
  g_autofree char *expr = parse_error (
      "numeric n: 0, 1\nvar x: n\nx < 9223372036854775808\n", NULL);

  ck_assert_ptr_nonnull (problem);
  ck_assert_str_eq (low, "1:13: error: integer literal 9223372036854775809 "
                         "is out of range (64-bit signed integers)");
  ck_assert_str_eq (high, "1:12: error: item '9223372036854775808' of "
                          "numeric group 'n' is out of range (64-bit signed "
                          "integers)");
  ck_assert_str_eq (string, "1:15: error: item '-9223372036854775809' of "
                            "numeric group 'n' is out of range (64-bit "
                            "signed integers)");
  ck_assert_str_eq (expr, "3:5: error: integer literal 9223372036854775808 "
                          "is out of range (64-bit signed integers)");
}
END_TEST

START_TEST (test_parser_nesting_limit)
{
  g_autoptr (GString) text = g_string_new ("ordered h: a, b\nvar x: h\nx = ");
  g_autoptr (LgProblem) problem = NULL;
  g_autofree char *message = NULL;
  gsize middle;

  for (guint i = 0; i < LG_PARSER_MAX_DEPTH; i++)
    g_string_append_c (text, '(');
  middle = text->len;
  g_string_append_c (text, '1');
  for (guint i = 0; i < LG_PARSER_MAX_DEPTH; i++)
    g_string_append_c (text, ')');
  problem = parse_ok (text->str);
  g_string_insert_c (text, middle, '-');
  g_clear_pointer (&problem, lg_problem_free);
  problem = parse_ok (text->str); /* -1 is a literal */
  g_string_insert_c (text, middle, '-');
  message = parse_error (text->str, NULL);
  ck_assert (g_str_has_prefix (message, "3:261: error: expression is nested "
                                        "too deeply"));
}
END_TEST

/* ---- suite ------------------------------------------------------------- */

Suite *lg_parser_suite (void);

/* The error domain keeps its name (clang-format once mangled it into
 * "lg - parse - error - quark"). */
START_TEST (test_parser_error_quark_name)
{
  ck_assert_str_eq (g_quark_to_string (LG_PARSE_ERROR), "lg-parse-error-quark");
}
END_TEST

/* The built-in problems (src/problems.c): the names, classic first, are
 * those of the embedded table, in its order; each loads as NAME.lgm; an
 * unknown name (or none) is an error that lists them. */
START_TEST (test_parser_builtin_problems)
{
  const char *const *names = lg_problems_names ();
  ck_assert_str_eq (names[0], "classic");
  guint i = 0;
  for (; names[i]; i++)
    {
      ck_assert_ptr_nonnull (lg_problems_embedded[i].name);
      ck_assert_str_eq (lg_problems_embedded[i].name, names[i]);
      GError *error = NULL;
      g_autoptr (LgProblem) p = lg_problems_load (names[i], &error);
      ck_assert_ptr_null (error);
      ck_assert_ptr_nonnull (p);
      ck_assert_uint_gt (lg_problem_n_groups (p), 1);
    }
  ck_assert_uint_eq (i, 4);
  ck_assert_ptr_null (lg_problems_embedded[i].name);
  const char *const unknown[] = { "nope", "Classic", NULL };
  for (guint k = 0; k < G_N_ELEMENTS (unknown); k++)
    {
      GError *error = NULL;
      ck_assert_ptr_null (lg_problems_load (unknown[k], &error));
      ck_assert (
          g_error_matches (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_UNKNOWN));
      g_autofree char *want = g_strdup_printf (
          "unknown problem '%s': the built-in problems are classic, small, "
          "jojo, big",
          unknown[k] ? unknown[k] : "(null)");
      ck_assert_str_eq (error->message, want);
      g_error_free (error);
    }
}
END_TEST

/* The installed problems (LOGIGRAM_DATADIR pointed at data/): the files
 * that are not built in, sorted; each loads from its path; a built-in name
 * stays built in; an unknown name's message lists both kinds. */
START_TEST (test_parser_installed_problems)
{
  g_autofree char *dir = g_strdup (data_dir ());
  g_autofree char *old = g_strdup (g_getenv ("LOGIGRAM_DATADIR"));
  g_setenv ("LOGIGRAM_DATADIR", dir, TRUE);
  g_auto (GStrv) installed = lg_problems_installed ();
  ck_assert (g_strv_contains ((const char *const *) installed, "einstein"));
  guint n = g_strv_length (installed);
  ck_assert_uint_ge (n, 5);
  ck_assert (g_strv_contains ((const char *const *) installed, "mini4"));
  ck_assert (!g_strv_contains ((const char *const *) installed, "classic"));
  for (guint i = 1; i < n; i++)
    ck_assert_int_lt (strcmp (installed[i - 1], installed[i]), 0);
  g_autofree char *source = lg_problems_source ("mini4");
  g_autofree char *want = g_build_filename (dir, "mini4.lgm", NULL);
  ck_assert_str_eq (source, want);
  g_autofree char *classic = lg_problems_source ("classic");
  ck_assert_str_eq (classic, "classic.lgm");
  ck_assert_ptr_null (lg_problems_source ("nope"));
  GError *error = NULL;
  g_autoptr (LgProblem) p = lg_problems_load ("mini4", &error);
  ck_assert_ptr_null (error);
  ck_assert_uint_eq (lg_problem_n_groups (p), 4);
  ck_assert_ptr_null (lg_problems_load ("nope", &error));
  ck_assert_msg (strstr (error->message, "; the installed ones (") &&
                     strstr (error->message, ", einstein, "),
                 "%s", error->message);
  g_error_free (error);
  if (old)
    g_setenv ("LOGIGRAM_DATADIR", old, TRUE);
  else
    g_unsetenv ("LOGIGRAM_DATADIR");
}
END_TEST

Suite *
lg_parser_suite (void)
{
  Suite *suite = suite_create ("parser");
  TCase *core = tcase_create ("core");
  TCase *errors = tcase_create ("errors");
  TCase *limits = tcase_create ("limits");

  tcase_add_loop_test (core, test_parser_tutorial_files, 0,
                       G_N_ELEMENTS (tutorial));
  tcase_add_loop_test (core, test_parser_line_endings, 0,
                       G_N_ELEMENTS (tutorial));
  tcase_add_loop_test (core, test_parser_relations, 0,
                       G_N_ELEMENTS (conditions));
  tcase_add_loop_test (core, test_parser_couple_lists, 0,
                       G_N_ELEMENTS (couple_lists));
  tcase_add_test (core, test_parser_couple_list_limit);
  tcase_add_loop_test (core, test_parser_couple_lists_random, 0, 200);
  tcase_add_test (core, test_parser_numeric_items);
  tcase_add_test (core, test_parser_identity);
  tcase_add_test (core, test_parser_error_quark_name);
  tcase_add_test (core, test_parser_integer_item_names);
  tcase_add_test (core, test_parser_strings);
  tcase_add_test (core, test_parser_dense_lines);
  tcase_add_test (core, test_parser_var_redeclared);
  tcase_add_test (core, test_parser_var_hides_item);
  tcase_add_test (core, test_parser_var_tied_in_two_clues);
  tcase_add_test (core, test_parser_ask);
  tcase_add_test (core, test_parser_rule_lines);
  tcase_add_test (core, test_parser_clues);
  tcase_add_test (core, test_parser_no_clue_lines);
  tcase_add_test (core, test_parser_error_location);
  tcase_add_test (core, test_parser_empty_input);
  tcase_add_test (core, test_parser_missing_file);
  tcase_add_test (core, test_parser_input_bound);
  tcase_add_test (core, test_parser_read_file);
  tcase_add_test (core, test_parser_builtin_problems);
  tcase_add_test (core, test_parser_installed_problems);
  suite_add_tcase (suite, core);

  tcase_add_loop_test (errors, test_parser_bad_file, 0,
                       G_N_ELEMENTS (bad_files));
  tcase_add_test (errors, test_parser_bad_files_listed);
  tcase_add_loop_test (errors, test_parser_warn_file, 0,
                       G_N_ELEMENTS (warn_files));
  tcase_add_test (errors, test_parser_warn_files_listed);
  tcase_add_test (errors, test_parser_data_without_warning);
  tcase_add_loop_test (errors, test_parser_mutations, 0,
                       G_N_ELEMENTS (tutorial));
  tcase_set_timeout (errors, 60);
  suite_add_tcase (suite, errors);

  tcase_add_test (limits, test_parser_line_length_limit);
  tcase_add_test (limits, test_parser_dimension_limit);
  tcase_add_test (limits, test_parser_integer_limits);
  tcase_add_test (limits, test_parser_nesting_limit);
  suite_add_tcase (suite, limits);
  return suite;
}

int
main (void)
{
  SRunner *runner = srunner_create (lg_parser_suite ());
  int n_failed;

  srunner_run_all (runner, CK_ENV);
  n_failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return n_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
