/* engine_fast — the FAST engine (--engine=fast): the same solutions as the
 * tutorial's engine, each found once, without its n!-bit masks.
 *
 * Transform: each constraint group becomes a disjunction of leaves, one per
 * assignment of its variables whose logical rules hold (and, for a rule
 * with couples inside, per alternative of its expansion), a leaf being
 * cell literals yes/no (g1, item1, g2, item2).  Explore: per ordered pair of
 * groups an n x n "can be together" matrix of row bitsets, propagated to a
 * fixpoint (singles, path consistency over triples, the leaves still
 * compatible), failed-literal probing, and a branch on the line with the
 * fewest candidates per weight; the branches partition the solutions.
 * doc/engines.md, section 4, tells it all.
 *
 * Invariant: the engine reads the problem, the partition and the options,
 * and owns the rest; its states live in a stack allocated once, so nothing
 * is allocated while searching and backtracking is a pointer move.
 */
#ifndef LG_ENGINE_FAST_H
#define LG_ENGINE_FAST_H

#include "engine.h"

typedef struct LgFastEngine LgFastEngine;

/* The engine interface (engine.h) of the fast engine; it has no tree. */
extern const LgEngineClass lg_engine_fast_class;

/* Transform: builds the leaves of every constraint group of setup->set.
 * setup->stats gets time_transform and the leaves counters.  NULL with
 * error set on an overflow in a rule (LG_PROBLEM_ERROR_OVERFLOW) or over
 * the memory limit (LG_PROBLEM_ERROR_LIMIT); the error carries the rule's
 * line (lg_error_get_line). */
LgFastEngine *lg_engine_fast_new (const LgEngineSetup *setup, GError **error);

/* Explore: calls func (may be NULL) for each solution until it returns
 * FALSE; returns the number of solutions found.  The setup's stats get
 * time_explore and the search counters. */
guint64 lg_engine_fast_explore (LgFastEngine *engine, LgSolutionFunc func,
                                gpointer user_data);

void lg_engine_fast_free (LgFastEngine *engine);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgFastEngine, lg_engine_fast_free)

#endif /* LG_ENGINE_FAST_H */
