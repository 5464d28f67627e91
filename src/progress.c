/* progress — see progress.h. */
#include "progress.h"

#define TICKS_PER_CHECK 4096
#define REDRAW_US (250 * 1000)

/* The line: where it is drawn and the phase it shows. */
struct LgProgressLine
{
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
  p->line = g_new0 (struct LgProgressLine, 1);
  p->line->out = out;
  p->line->delay_us = (gint64) delay_ms * 1000;
  p->countdown = TICKS_PER_CHECK;
  return p;
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
  p->line->start = g_get_monotonic_time ();
  p->line->last_draw = 0;
  p->countdown = TICKS_PER_CHECK;
}

void
lg_progress_update (LgProgress *p, guint64 done)
{
  struct LgProgressLine *l = p->line;
  p->countdown = TICKS_PER_CHECK;
  if (!l->phase)
    return;
  gint64 now = g_get_monotonic_time ();
  if (now - l->start < l->delay_us || now - l->last_draw < REDRAW_US)
    return;
  double seconds = (double) (now - l->start) / G_USEC_PER_SEC;
  fputs ("\r\033[K", l->out);
  if (l->total)
    fprintf (l->out,
             "%s: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
             " %s (%.0f%%), %.1f s",
             l->phase, done, l->total, l->unit,
             100.0 * (double) done / (double) l->total, seconds);
  else
    fprintf (l->out, "%s: %" G_GUINT64_FORMAT " %s, %.1f s", l->phase, done,
             l->unit, seconds);
  fflush (l->out);
  l->last_draw = now;
  l->drawn = TRUE;
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
