/* progress — a status line for long phases, on a terminal only.
 *
 * When a phase (transform, explore) has run for more than about a second,
 * a line "PHASE: DONE/TOTAL UNIT (P%), T s, about L left" (or "PHASE: DONE
 * UNIT, T s" when the total is unknown; "PHASE: DONE UNIT (P% of the
 * search), T s, about L left" when the caller tells the share of the
 * search done, lg_progress_tick_share; ", depth D" when the caller gives
 * one; "; NOTE" when it set one) is drawn on the stream, redrawn a few times
 * a second, and erased when the phase ends.  A total may be an estimate:
 * once done passes it, the line says "DONE UNIT, past the TOTAL estimated"
 * and no time left.  The time left is the larger of the projections of
 * the whole phase's rate and of the last few seconds' (a unit's work may
 * grow as the phase goes on).  The line keeps within the terminal's
 * width (or LG_PROGRESS_COLUMNS'), its least needed parts left out first.
 * The caller decides whether the stream is a terminal (never in pipes or
 * tests' output).  Ticking is one decrement
 * and a test; the clock is read every few thousand ticks.  Invariant: a
 * drawn line is erased before anything else is printed (lg_progress_hide,
 * _end).
 */
#ifndef LG_PROGRESS_H
#define LG_PROGRESS_H

#include <glib.h>
#include <stdio.h>

typedef struct LgProgress LgProgress;

/* How long a phase runs before its line appears, for both programs: 1 s,
 * or the environment's LG_PROGRESS_DELAY_MS (for tests). */
guint lg_progress_delay_ms (void);

/* delay_ms: how long a phase runs before the line appears. */
LgProgress *lg_progress_new (FILE *out, guint delay_ms);
void lg_progress_free (LgProgress *progress);

/* A phase begins: total 0 when unknown; unit names what is counted. */
void lg_progress_begin (LgProgress *progress, const char *phase,
                        const char *unit, guint64 total);
/* The phase ends: the line, if drawn, is erased. */
void lg_progress_end (LgProgress *progress);

/* Redraws the line (at most a few times a second) with done; progress may
 * be NULL, as in every call here. */
void lg_progress_update (LgProgress *progress, guint64 done);
/* Erases the line, if drawn, before other output; the phase goes on and
 * the line comes back at the next update. */
void lg_progress_hide (LgProgress *progress);

/* A note at the end of the line, for the phase that has begun (static
 * text, or NULL). */
void lg_progress_set_note (LgProgress *progress, const char *note);
/* The same note for every phase named phase that begins from now on (for
 * a phase that a lower layer begins); phase NULL: none. */
void lg_progress_set_phase_note (LgProgress *progress, const char *phase,
                                 const char *note);

/* How long the engine of the phase that has begun expects to take, from an
 * estimate made before it (0: no word of it): shown before the note as
 * "this engine expects ...", the larger of it and the time the phase's
 * rate so far projects, so that the two never disagree; past the total,
 * no more. */
void lg_progress_set_expected (LgProgress *progress, double seconds);

/* A progress is public only as far as lg_progress_tick and
 * lg_progress_set_depth need: the countdown to the next
 * lg_progress_update, which resets it, and the depth shown.  The line
 * itself is progress.c's. */
struct LgProgress
{
  guint countdown;
  guint depth;  /* shown when not 0 (lg_progress_set_depth) */
  double share; /* of the search done, from 0 to 1 (lg_progress_tick_share);
                   < 0: not told in this phase */
  struct LgProgressLine *line;
};

/* The depth of a search, shown on the line from the next update on (0:
 * none); progress may be NULL. */
static inline void
lg_progress_set_depth (LgProgress *progress, guint depth)
{
  if (progress)
    progress->depth = depth;
}

/* As many calls of lg_progress_tick as count, done being the work done
 * after them: the line is redrawn at most once.  progress may be NULL. */
static inline void
lg_progress_tick_by (LgProgress *progress, guint64 count, guint64 done)
{
  if (!progress)
    return;
  if (count < progress->countdown)
    progress->countdown -= (guint) count;
  else
    lg_progress_update (progress, done);
}

/* Call as often as you like with the work done so far; progress may be
 * NULL. */
static inline void
lg_progress_tick (LgProgress *progress, guint64 done)
{
  lg_progress_tick_by (progress, 1, done);
}

/* lg_progress_tick, with the share of the phase's search done (from 0 to
 * 1, as the faithful engine's flat walk counts it, backtracking_flat.h):
 * from then on in the phase, the line shows it, and the time left it
 * projects, instead of the total's. */
static inline void
lg_progress_tick_share (LgProgress *progress, guint64 done, double share)
{
  if (!progress)
    return;
  progress->share = share;
  lg_progress_tick_by (progress, 1, done);
}

/* A duration for messages, rounded: "less than 1 ms", "about 40 ms",
 * "about 3 s", "about 2 min", "about 5 h", "more than a day" (infinite
 * too).  g_free the result. */
char *lg_format_seconds (double seconds);

#endif /* LG_PROGRESS_H */
