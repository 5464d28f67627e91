/* progress — see progress.h. */
#include "progress.h"

#define TICKS_PER_CHECK 4096
#define REDRAW_US (250 * 1000)

struct LgProgress
{
  struct LgProgressTicks ticks; /* first: lg_progress_tick reaches it */
  FILE *out;
  gint64 delay_us;
  const char *phase, *unit;
  guint64 total;
  gint64 start, last_draw;
  gboolean drawn;
};

LgProgress *
lg_progress_new (FILE *out, guint delay_ms)
{
  LgProgress *p = g_new0 (LgProgress, 1);
  p->out = out;
  p->delay_us = (gint64) delay_ms * 1000;
  p->ticks.countdown = TICKS_PER_CHECK;
  return p;
}

void
lg_progress_free (LgProgress *p)
{
  if (!p)
    return;
  lg_progress_end (p);
  g_free (p);
}

void
lg_progress_begin (LgProgress *p, const char *phase, const char *unit,
                   guint64 total)
{
  if (!p)
    return;
  lg_progress_end (p);
  p->phase = phase;
  p->unit = unit;
  p->total = total;
  p->start = g_get_monotonic_time ();
  p->last_draw = 0;
  p->ticks.countdown = TICKS_PER_CHECK;
}

void
lg_progress_update (LgProgress *p, guint64 done)
{
  p->ticks.countdown = TICKS_PER_CHECK;
  if (!p->phase)
    return;
  gint64 now = g_get_monotonic_time ();
  if (now - p->start < p->delay_us || now - p->last_draw < REDRAW_US)
    return;
  double seconds = (double) (now - p->start) / G_USEC_PER_SEC;
  fputs ("\r\033[K", p->out);
  if (p->total)
    fprintf (p->out,
             "%s: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
             " %s (%.0f%%), %.1f s",
             p->phase, done, p->total, p->unit,
             100.0 * (double) done / (double) p->total, seconds);
  else
    fprintf (p->out, "%s: %" G_GUINT64_FORMAT " %s, %.1f s", p->phase, done,
             p->unit, seconds);
  fflush (p->out);
  p->last_draw = now;
  p->drawn = TRUE;
}

void
lg_progress_hide (LgProgress *p)
{
  if (!p || !p->drawn)
    return;
  fputs ("\r\033[K", p->out);
  fflush (p->out);
  p->drawn = FALSE;
}

void
lg_progress_end (LgProgress *p)
{
  lg_progress_hide (p);
  if (p)
    p->phase = NULL;
}
