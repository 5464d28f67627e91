/* deadline — see deadline.h. */
#include "deadline.h"

void
lg_deadline_init (LgDeadline *d, gint64 at)
{
  *d = (LgDeadline) { .at = at, .countdown = LG_DEADLINE_TICKS };
  /* already passed: a search started late (the next solve of a
   * diagnostic) must not run for LG_DEADLINE_TICKS calls first, or at all
   * when it is too short to ask */
  if (at)
    lg_deadline_check (d);
}

gboolean
lg_deadline_check (LgDeadline *d)
{
  d->countdown = LG_DEADLINE_TICKS;
  if (!d->passed && lg_deadline_reached (d))
    d->passed = TRUE;
  return d->passed;
}

gboolean
lg_deadline_reached (const LgDeadline *d)
{
  return d->at && g_get_monotonic_time () >= d->at;
}
