/* progress — see progress.h. */
#include "progress.h"

#include <sys/ioctl.h>

#define TICKS_PER_CHECK 4096
#define REDRAW_US (250 * 1000)
/* The time left is projected from the whole phase and from its last
 * window, of this many microseconds to twice as many: see rate_left. */
#define WINDOW_US (2 * G_USEC_PER_SEC)

/* The line: where it is drawn and the phase it shows. */
struct LgProgressLine
{
  FILE *out;
  gint64 delay_us;
  const char *phase, *unit, *note;
  /* lg_progress_set_phase_note's: the note of the phases so named */
  const char *next_phase, *next_note;
  double expected; /* seconds, 0: none */
  guint columns;   /* LG_PROGRESS_COLUMNS, 0: none (see columns) */
  guint64 total;
  gint64 start, last_draw;
  /* two marks (time, done) of the draws, at least WINDOW_US apart: the
   * older one starts the window (done: the units) */
  gint64 mark_time[2];
  guint64 mark_done[2];
  gboolean drawn;
};

LgProgress *
lg_progress_new (FILE *out, guint delay_ms)
{
  LgProgress *p = g_new0 (LgProgress, 1);
  p->line = g_new0 (struct LgProgressLine, 1);
  p->line->out = out;
  p->line->delay_us = (gint64) delay_ms * 1000;
  const char *text = g_getenv ("LG_PROGRESS_COLUMNS");
  guint64 width;
  if (text && g_ascii_string_to_unsigned (text, 10, 2, 10000, &width, NULL))
    p->line->columns = (guint) width;
  p->countdown = TICKS_PER_CHECK;
  return p;
}

guint
lg_progress_delay_ms (void)
{
  const char *text = g_getenv ("LG_PROGRESS_DELAY_MS");
  guint64 delay;
  if (text && g_ascii_string_to_unsigned (text, 10, 0, 600000, &delay, NULL))
    return (guint) delay;
  return 1000;
}

void
lg_progress_free (LgProgress *p)
{
  if (!p)
    return;
  lg_progress_end (p);
  g_free (p->line);
  g_free (p);
}

void
lg_progress_begin (LgProgress *p, const char *phase, const char *unit,
                   guint64 total)
{
  if (!p)
    return;
  lg_progress_end (p);
  p->line->phase = phase;
  p->line->unit = unit;
  p->line->total = total;
  p->line->note =
      p->line->next_phase && g_str_equal (phase, p->line->next_phase)
          ? p->line->next_note
          : NULL;
  p->line->expected = 0;
  p->depth = 0;
  p->share = -1;
  p->line->start = g_get_monotonic_time ();
  p->line->last_draw = 0;
  p->line->mark_time[0] = p->line->mark_time[1] = p->line->start;
  p->line->mark_done[0] = p->line->mark_done[1] = 0;
  p->countdown = TICKS_PER_CHECK;
}

/* The units left until done reaches total (done below it, not 0) take
 * so many seconds at now, seconds into the phase: the larger of two
 * projections, of the rate of the whole phase and of the rate since the
 * older mark (at least one unit done since, as if it were done now).  The
 * work of a unit often grows as a phase goes on (the clues tried by
 * logigram-gen --minimise: each search harder than the last), and the
 * whole phase's rate then promises far too little; the window's follows
 * the change.  The marks move here, at most every WINDOW_US. */
static double
rate_left (struct LgProgressLine *l, gint64 now, double seconds, guint64 done,
           guint64 total)
{
  if (now - l->mark_time[1] >= WINDOW_US)
    {
      l->mark_time[0] = l->mark_time[1];
      l->mark_done[0] = l->mark_done[1];
      l->mark_time[1] = now;
      l->mark_done[1] = done;
    }
  double todo = (double) (total - done);
  double left = seconds * todo / (double) done;
  if (l->mark_time[0] > l->start && done >= l->mark_done[0])
    {
      double since = (double) MAX (done - l->mark_done[0], 1);
      double recent =
          (double) (now - l->mark_time[0]) / G_USEC_PER_SEC * todo / since;
      left = MAX (left, recent);
    }
  return left;
}

/* The columns of the terminal that out is, or LG_PROGRESS_COLUMNS (for
 * the tests: a pseudo-terminal without a size says 0), or 0: not known. */
static guint
columns (const struct LgProgressLine *l)
{
#ifdef TIOCGWINSZ
  struct winsize size;
  if (ioctl (fileno (l->out), TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    return size.ws_col;
#endif
  return l->columns;
}

/* The line's parts, in the order drawn; PART_HEAD is always drawn. */
enum
{
  PART_HEAD,    /* "PHASE: DONE/TOTAL UNIT (P%), T s" */
  PART_DEPTH,   /* ", depth D" */
  PART_LEFT,    /* ", about L left" */
  PART_EXPECTS, /* "; this engine expects E" */
  PART_NOTE,    /* "; NOTE" */
  N_PARTS
};

/* The parts left out first when the line is wider than the terminal
 * (redrawn over itself, a line that wraps would leave its first rows
 * behind at each redraw): the engine's expectation (the time left says
 * nearly as much, and the note printed before the phase says it), the
 * note, the depth, the time left; then the head is cut. */
static const int drop_order[] = { PART_EXPECTS, PART_NOTE, PART_DEPTH,
                                  PART_LEFT };

void
lg_progress_update (LgProgress *p, guint64 done)
{
  if (!p)
    return;
  struct LgProgressLine *l = p->line;
  p->countdown = TICKS_PER_CHECK;
  if (!l->phase)
    return;
  gint64 now = g_get_monotonic_time ();
  if (now - l->start < l->delay_us || now - l->last_draw < REDRAW_US)
    return;
  double seconds = (double) (now - l->start) / G_USEC_PER_SEC;
  GString *part[N_PARTS];
  for (int i = 0; i < N_PARTS; i++)
    part[i] = g_string_new (NULL);
  double share = p->share;
  if (share >= 0)
    g_string_printf (part[PART_HEAD],
                     "%s: %" G_GUINT64_FORMAT " %s (%.1f%% of the search), "
                     "%.1f s",
                     l->phase, done, l->unit, 100.0 * share, seconds);
  else if (l->total && done <= l->total)
    g_string_printf (part[PART_HEAD],
                     "%s: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
                     " %s (%.0f%%), %.1f s",
                     l->phase, done, l->total, l->unit,
                     100.0 * (double) done / (double) l->total, seconds);
  else if (l->total)
    g_string_printf (part[PART_HEAD],
                     "%s: %" G_GUINT64_FORMAT " %s, past the %" G_GUINT64_FORMAT
                     " estimated, %.1f s",
                     l->phase, done, l->unit, l->total, seconds);
  else
    g_string_printf (part[PART_HEAD], "%s: %" G_GUINT64_FORMAT " %s, %.1f s",
                     l->phase, done, l->unit, seconds);
  if (p->depth)
    g_string_printf (part[PART_DEPTH], ", depth %u", p->depth);
  /* past the estimated total, the estimate says no more */
  gboolean estimate =
      l->expected > 0 && (share >= 0 || !(l->total && done >= l->total));
  double expected = l->expected;
  double left_seconds = -1;
  if (share > 0 && share < 1)
    /* the share moves by leaps, as subtrees finish: the rate of a window
     * would leap with it (from "about 30 s left" to "about 5 min" and
     * back to "about 6 s" within a second), so only the whole phase's */
    left_seconds = seconds * (1 - share) / share;
  else if (share < 0 && l->total && done && done < l->total)
    left_seconds = rate_left (l, now, seconds, done, l->total);
  if (left_seconds >= 0)
    {
      /* so that the two agree: the time left no less than the estimate
       * leaves (never "about 105 min left" beside "expects more than a
       * day"), and the expectation no less than the time so far and the
       * time left */
      if (estimate)
        left_seconds = MAX (left_seconds, l->expected - seconds);
      g_autofree char *left = lg_format_seconds (left_seconds);
      g_string_printf (part[PART_LEFT], ", %s left", left);
      expected = MAX (expected, seconds + left_seconds);
    }
  if (estimate)
    {
      g_autofree char *time = lg_format_seconds (expected);
      g_string_printf (part[PART_EXPECTS], "; this engine expects %s", time);
    }
  if (l->note)
    g_string_printf (part[PART_NOTE], "; %s", l->note);
  /* within the terminal's width, less one column (a line that fills the
   * last one wraps on some terminals); the parts are ASCII */
  guint width = columns (l);
  gsize len = 0;
  for (int i = 0; i < N_PARTS; i++)
    len += part[i]->len;
  for (guint k = 0; width && len >= width && k < G_N_ELEMENTS (drop_order); k++)
    {
      len -= part[drop_order[k]]->len;
      g_string_truncate (part[drop_order[k]], 0);
    }
  if (width && len >= width)
    g_string_truncate (part[PART_HEAD], width - 1);
  fputs ("\r\033[K", l->out);
  for (int i = 0; i < N_PARTS; i++)
    {
      fputs (part[i]->str, l->out);
      g_string_free (part[i], TRUE);
    }
  fflush (l->out);
  l->last_draw = now;
  l->drawn = TRUE;
}

void
lg_progress_set_note (LgProgress *p, const char *note)
{
  if (p)
    p->line->note = note;
}

void
lg_progress_set_phase_note (LgProgress *p, const char *phase, const char *note)
{
  if (!p)
    return;
  p->line->next_phase = phase;
  p->line->next_note = note;
}

void
lg_progress_set_expected (LgProgress *p, double seconds)
{
  if (p)
    p->line->expected = seconds;
}

void
lg_progress_hide (LgProgress *p)
{
  if (!p || !p->line->drawn)
    return;
  fputs ("\r\033[K", p->line->out);
  fflush (p->line->out);
  p->line->drawn = FALSE;
}

void
lg_progress_end (LgProgress *p)
{
  lg_progress_hide (p);
  if (p)
    p->line->phase = NULL;
}

char *
lg_format_seconds (double seconds)
{
  if (!(seconds < 86400))
    return g_strdup ("more than a day");
  if (seconds < 0.0005)
    return g_strdup ("less than 1 ms");
  if (seconds < 1)
    return g_strdup_printf ("about %.0f ms", seconds * 1000);
  if (seconds < 120)
    return g_strdup_printf ("about %.0f s", seconds);
  if (seconds < 7200)
    return g_strdup_printf ("about %.0f min", seconds / 60);
  return g_strdup_printf ("about %.0f h", seconds / 3600);
}
