/* deadline — see deadline.h. */
#include "deadline.h"

void
lg_deadline_init (LgDeadline *d, gint64 at)
{
  *d = (LgDeadline) { .at = at, .countdown = LG_DEADLINE_TICKS };
}

gboolean
lg_deadline_check (LgDeadline *d)
{
  d->countdown = LG_DEADLINE_TICKS;
  if (!d->passed && d->at && g_get_monotonic_time () >= d->at)
    d->passed = TRUE;
  return d->passed;
}
