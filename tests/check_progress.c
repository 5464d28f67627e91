/* check_progress — the progress line (src/progress.c), drawn into an
 * open_memstream buffer with no delay:
 *   - nothing before TICKS_PER_CHECK (4096) ticks, then the line "PHASE:
 *     DONE UNIT, T s" (total unknown) or "PHASE: DONE/TOTAL UNIT (P%), T s";
 *   - lg_progress_tick_by counts as that many ticks and draws once;
 *   - hide and end erase a drawn line ("\r\033[K"), and only a drawn one;
 *   - no line outside a phase, nor before the delay; NULL is accepted;
 *   - within the terminal's width, its least needed parts left out. */
#include "progress.h"

#include <stdlib.h>
#include <string.h>

#include "lgtest.h"

Suite *lg_progress_suite (void);

#define ERASE "\r\033[K"

START_TEST (test_progress_unknown_total)
{
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "explore", "nodes", 0);
  for (guint64 i = 1; i < 4096; i++)
    lg_progress_tick (p, i);
  ck_assert_str_eq (lgtest_capture_text (&c), "");
  lg_progress_tick (p, 4096);
  const char *want = ERASE "explore: 4096 nodes, ";
  ck_assert_msg (strncmp (lgtest_capture_text (&c), want, strlen (want)) == 0,
                 "got '%s'", lgtest_capture_text (&c));
  ck_assert (g_str_has_suffix (lgtest_capture_text (&c), " s"));
  size_t drawn = strlen (lgtest_capture_text (&c));
  lg_progress_end (p);
  ck_assert_str_eq (lgtest_capture_text (&c) + drawn, ERASE);
  /* ended: no line, and ending again erases nothing */
  lg_progress_update (p, 1);
  lg_progress_end (p);
  lg_progress_hide (p);
  ck_assert_uint_eq (strlen (lgtest_capture_text (&c)), drawn + strlen (ERASE));
  lg_progress_free (p);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

START_TEST (test_progress_total_and_tick_by)
{
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "transform", "assignments", 20000);
  lg_progress_tick_by (p, 4095, 4095);
  ck_assert_str_eq (lgtest_capture_text (&c), "");
  lg_progress_tick_by (p, 10000, 10000);
  const char *want = ERASE "transform: 10000/20000 assignments (50%), ";
  ck_assert_msg (strncmp (lgtest_capture_text (&c), want, strlen (want)) == 0,
                 "got '%s'", lgtest_capture_text (&c));
  size_t drawn = strlen (lgtest_capture_text (&c));
  /* redrawn at most four times a second: the next update right away draws
   * nothing */
  lg_progress_update (p, 10001);
  ck_assert_uint_eq (strlen (lgtest_capture_text (&c)), drawn);
  lg_progress_hide (p);
  ck_assert_str_eq (lgtest_capture_text (&c) + drawn, ERASE);
  lg_progress_hide (p);
  ck_assert_uint_eq (strlen (lgtest_capture_text (&c)), drawn + strlen (ERASE));
  /* a new phase ends the last one; free ends the phase */
  lg_progress_begin (p, "explore", "nodes", 0);
  lg_progress_free (p);
  ck_assert_uint_eq (strlen (lgtest_capture_text (&c)), drawn + strlen (ERASE));
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

/* Before the delay, and outside a phase, the ticks draw nothing; NULL is
 * a progress that never draws. */
START_TEST (test_progress_quiet)
{
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 3600 * 1000);
  lg_progress_tick_by (p, 5000, 5000);
  lg_progress_begin (p, "explore", "nodes", 0);
  for (guint64 i = 1; i <= 3 * 4096; i++)
    lg_progress_tick (p, i);
  lg_progress_end (p);
  lg_progress_free (p);
  ck_assert_str_eq (lgtest_capture_text (&c), "");
  lg_progress_begin (NULL, "explore", "nodes", 0);
  lg_progress_tick (NULL, 1);
  lg_progress_tick_by (NULL, 1, 1);
  lg_progress_hide (NULL);
  lg_progress_end (NULL);
  lg_progress_free (NULL);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

/* The line "explore: 10 nodes, T s; this engine expects about 2 s; NOTE"
 * drawn within the terminal's width (LG_PROGRESS_COLUMNS where the stream
 * tells none, as here; 0, not a width: none), less one column: the
 * engine's expectation left out first, then the note, then the head
 * cut. */
static char *
line_within (guint columns)
{
  g_autofree char *text = g_strdup_printf ("%u", columns);
  g_setenv ("LG_PROGRESS_COLUMNS", text, TRUE);
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "explore", "nodes", 0);
  lg_progress_set_expected (p, 2);
  lg_progress_set_note (p, "NOTE");
  lg_progress_update (p, 10);
  lg_progress_free (p);
  lgtest_capture_end (&c);
  g_unsetenv ("LG_PROGRESS_COLUMNS");
  /* the line between its erasure and the erasure at the end */
  ck_assert (g_str_has_prefix (c.text, ERASE));
  ck_assert (g_str_has_suffix (c.text, ERASE));
  char *line =
      g_strndup (c.text + strlen (ERASE), strlen (c.text) - 2 * strlen (ERASE));
  free (c.text);
  return line;
}

/* The engine's expected time: as set while the total is unknown; the
 * larger of it and the projection of the rate so far (never "about 2 s"
 * beside "about 5 min left"), and the time left no less than it leaves
 * (never "about 105 min left" beside "more than a day"); nothing past the
 * total. */
START_TEST (test_progress_expected)
{
  /* no width: the whole line */
  g_autofree char *whole = line_within (0);
  ck_assert_msg (
      g_str_has_suffix (whole, "; this engine expects about 2 s; NOTE"),
      "got '%s'", whole);

  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  size_t drawn = 0;

  /* 1 of 1000 in 0.3 s or more: at least 5 min left */
  lg_progress_begin (p, "explore", "nodes", 1000);
  lg_progress_set_expected (p, 2);
  g_usleep (300 * 1000);
  lg_progress_update (p, 1);
  const char *line = lgtest_capture_text (&c) + drawn;
  ck_assert_msg (strstr (line, " left; this engine expects ") &&
                     !strstr (line, "expects about 2 s") &&
                     !strstr (line, "expects about 1 s"),
                 "got '%s'", line);
  drawn = strlen (lgtest_capture_text (&c));

  /* half of the search in a moment, but more than a day expected: the
   * time left says as much as the expectation */
  lg_progress_begin (p, "explore", "nodes", 0);
  lg_progress_set_expected (p, 1e6);
  g_usleep (100 * 1000);
  for (guint64 i = 1; i <= 4096; i++)
    lg_progress_tick_share (p, i, 0.5);
  line = lgtest_capture_text (&c) + drawn;
  ck_assert_msg (strstr (line, ", more than a day left; this engine expects "
                               "more than a day"),
                 "got '%s'", line);
  drawn = strlen (lgtest_capture_text (&c));

  /* past the total */
  lg_progress_begin (p, "explore", "nodes", 1000);
  lg_progress_set_expected (p, 2);
  lg_progress_set_note (p, "NOTE");
  lg_progress_update (p, 2000);
  line = lgtest_capture_text (&c) + drawn;
  ck_assert_msg (strstr (line, "past the 1000 estimated") &&
                     !strstr (line, "expects") &&
                     g_str_has_suffix (line, "; NOTE"),
                 "got '%s'", line);
  lg_progress_free (p);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

START_TEST (test_progress_width)
{
  /* "explore: 10 nodes, 0.0 s; this engine expects about 2 s; NOTE": 61 */
  g_autofree char *wide = line_within (62);
  ck_assert_msg (
      g_str_has_suffix (wide, " s; this engine expects about 2 s; NOTE") &&
          strlen (wide) == 61,
      "got '%s'", wide);
  g_autofree char *fit = line_within (61);
  ck_assert_msg (g_str_has_prefix (fit, "explore: 10 nodes, ") &&
                     g_str_has_suffix (fit, " s; NOTE") && strlen (fit) == 30,
                 "got '%s'", fit);
  g_autofree char *head = line_within (30);
  ck_assert_msg (g_str_has_prefix (head, "explore: 10 nodes, ") &&
                     g_str_has_suffix (head, " s") && strlen (head) == 24,
                 "got '%s'", head);
  g_autofree char *cut = line_within (10);
  ck_assert_str_eq (cut, "explore: ");
  /* a value that is no width: not bounded */
  g_setenv ("LG_PROGRESS_COLUMNS", "wide", TRUE);
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "explore", "nodes", 0);
  lg_progress_set_note (p, "NOTE");
  lg_progress_update (p, 10);
  ck_assert (g_str_has_suffix (lgtest_capture_text (&c), "; NOTE"));
  lg_progress_free (p);
  lgtest_capture_end (&c);
  free (c.text);
  g_unsetenv ("LG_PROGRESS_COLUMNS");
}
END_TEST

/* The share of the search done, told with the ticks, takes the place of
 * the total (an estimate, the faithful engine's): the line shows it and
 * the time left it projects (a quarter in 0.3 s or more: 0.9 s or more
 * left), and the engine's expectation even past the total, no less than
 * that projection; no time left at a share of 0; and a new phase forgets
 * it. */
START_TEST (test_progress_share)
{
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "explore", "nodes", 1000);
  lg_progress_set_expected (p, 0.5);
  g_usleep (300 * 1000);
  for (guint64 i = 1; i <= 4096; i++)
    lg_progress_tick_share (p, 2000 + i, 0.25);
  const char *want = ERASE "explore: 6096 nodes (25.0% of the search), ";
  const char *line = lgtest_capture_text (&c);
  ck_assert_msg (strncmp (line, want, strlen (want)) == 0 &&
                     strstr (line, " left; this engine expects ") &&
                     !strstr (line, "expects about 500 ms") &&
                     !strstr (line, "less than 1 ms left"),
                 "got '%s'", line);
  size_t drawn = strlen (line);
  lg_progress_begin (p, "explore", "nodes", 0);
  for (guint64 i = 1; i <= 4096; i++)
    lg_progress_tick_share (p, i, 0);
  line = lgtest_capture_text (&c) + drawn;
  ck_assert_msg (strstr (line, "explore: 4096 nodes (0.0% of the search), ") &&
                     !strstr (line, "left"),
                 "got '%s'", line);
  drawn = strlen (lgtest_capture_text (&c));
  lg_progress_begin (p, "explore", "nodes", 10000);
  for (guint64 i = 1; i <= 4096; i++)
    lg_progress_tick (p, i);
  line = lgtest_capture_text (&c) + drawn;
  ck_assert_msg (strstr (line, "explore: 4096/10000 nodes (41%)"), "got '%s'",
                 line);
  lg_progress_tick_share (NULL, 1, 0.5);
  lg_progress_free (p);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

/* The time left follows the recent rate when the work of a unit grows:
 * 90 of 100 at once, then one unit in each window of 2 s: the whole
 * phase's rate would leave well under a second for the last 8, the last
 * window's (one unit in 2 s or more) leaves 16 s or more. */
START_TEST (test_progress_recent_rate)
{
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "minimise", "clues tried", 100);
  lg_progress_update (p, 90);
  ck_assert_msg (strstr (lgtest_capture_text (&c), "90/100 clues tried (90%)"),
                 "got '%s'", lgtest_capture_text (&c));
  g_usleep (2100 * 1000);
  lg_progress_update (p, 91);
  g_usleep (2100 * 1000);
  size_t drawn = strlen (lgtest_capture_text (&c));
  lg_progress_update (p, 92);
  const char *line = lgtest_capture_text (&c) + drawn;
  /* 8 left at 2.1 s or more each (in minutes on a slow machine) */
  ck_assert_msg (strstr (line, "92/100 clues tried (92%)") &&
                     g_str_has_suffix (line, " left") &&
                     strstr (line, "about "),
                 "got '%s'", line);
  const char *about = strstr (line, "about ") + strlen ("about ");
  char *unit;
  double left = g_ascii_strtod (about, &unit);
  ck_assert_msg (g_str_has_prefix (unit, " min") ||
                     (g_str_has_prefix (unit, " s ") && left >= 16),
                 "got '%s'", line);
  lg_progress_free (p);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

/* The share of a search moves by leaps: half at once, then none for two
 * windows of 2 s.  The time left is the whole search's projection (about
 * as long again as so far), not the last window's, which would leap to
 * "more than a day". */
START_TEST (test_progress_share_stalls)
{
  LgtestCapture c;
  lgtest_capture_begin (&c);
  LgProgress *p = lg_progress_new (c.out, 0);
  lg_progress_begin (p, "explore", "nodes", 0);
  guint64 nodes = 0;
  for (int round = 0; round < 3; round++)
    {
      if (round)
        g_usleep (2100 * 1000);
      for (guint64 i = 1; i <= 4096; i++)
        lg_progress_tick_share (p, ++nodes, 0.5);
    }
  const char *line = strrchr (lgtest_capture_text (&c), '\r');
  ck_assert_msg (line && strstr (line, "(50.0% of the search)") &&
                     g_str_has_suffix (line, " left") &&
                     strstr (line, "about "),
                 "got '%s'", lgtest_capture_text (&c));
  const char *about = strstr (line, "about ") + strlen ("about ");
  char *unit;
  double left = g_ascii_strtod (about, &unit);
  /* 4.2 s so far, as many left (a few minutes on a slow machine) */
  ck_assert_msg ((g_str_has_prefix (unit, " s ") && left >= 4) ||
                     (g_str_has_prefix (unit, " min ") && left < 60),
                 "got '%s'", line);
  lg_progress_free (p);
  lgtest_capture_end (&c);
  free (c.text);
}
END_TEST

Suite *
lg_progress_suite (void)
{
  Suite *s = suite_create ("progress");
  TCase *tc = tcase_create ("core");
  tcase_add_test (tc, test_progress_unknown_total);
  tcase_add_test (tc, test_progress_total_and_tick_by);
  tcase_add_test (tc, test_progress_quiet);
  tcase_add_test (tc, test_progress_expected);
  tcase_add_test (tc, test_progress_share);
  tcase_add_test (tc, test_progress_width);
  suite_add_tcase (s, tc);
  /* they wait for two windows of the rate */
  TCase *slow = tcase_create ("recent rate");
  tcase_set_timeout (slow, 60);
  tcase_add_test (slow, test_progress_recent_rate);
  tcase_add_test (slow, test_progress_share_stalls);
  suite_add_tcase (s, slow);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_progress_suite ());
}
