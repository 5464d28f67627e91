/* deadline — the time limit of a search (--time-limit), cheap enough to be
 * asked in the engines' loops: lg_deadline_passed is one decrement and a
 * test, and reads the clock (g_get_monotonic_time) every LG_DEADLINE_TICKS
 * calls.  Invariant: once passed, a deadline stays passed, so that an
 * engine asked again on its way out sees the same answer.
 */
#ifndef LG_DEADLINE_H
#define LG_DEADLINE_H

#include <glib.h>

typedef struct
{
  gint64 at; /* the g_get_monotonic_time () at which it passes; 0: never */
  guint countdown; /* calls of lg_deadline_passed left before the clock */
  gboolean passed;
} LgDeadline;

#define LG_DEADLINE_TICKS 1024

/* at: a time of g_get_monotonic_time (), or 0 for no deadline. */
void lg_deadline_init (LgDeadline *deadline, gint64 at);
/* Reads the clock now, and remembers the answer. */
gboolean lg_deadline_check (LgDeadline *deadline);
/* Has the clock reached the deadline?  Reads the clock now and writes
 * nothing, so that threads may share one deadline. */
gboolean lg_deadline_reached (const LgDeadline *deadline);

/* Has the deadline passed?  deadline may be NULL (none). */
static inline gboolean
lg_deadline_passed (LgDeadline *deadline)
{
  if (!deadline)
    return FALSE;
  if (G_LIKELY (--deadline->countdown != 0))
    return deadline->passed;
  return lg_deadline_check (deadline);
}

#endif /* LG_DEADLINE_H */
