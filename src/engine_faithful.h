/* engine_faithful — the tutorial's engine (--engine=faithful) behind the
 * engine interface (engine.h): step 2 builds the permutation numbering
 * (permut) and the AND/OR tree of masks (mask_builder), step 3 explores it
 * with a situation (situation, try_solution).
 *
 * Invariant: the engine owns the numbering, the tree and the situation; the
 * tree stays as built, so the views may read it (the class's `tree`) before
 * or after the exploration.
 */
#ifndef LG_ENGINE_FAITHFUL_H
#define LG_ENGINE_FAITHFUL_H

#include "engine.h"

extern const LgEngineClass lg_engine_faithful_class;

/* Before step 2, for the choice of an engine: the bytes of what does not
 * depend on the rules (the problem, the numbering, the builder's scratch,
 * the situation's masks and try_solution's tables for the strategy
 * `check`), and an upper bound of the transformation's time (every
 * assignment of every constraint group enumerated).  The tree, and what
 * the exploration allocates after it, are counted as the tree is built. */
guint64 lg_engine_faithful_fixed_bytes (const LgProblem *problem,
                                        const LgConstraintSet *set,
                                        LgCheck check);
double lg_engine_faithful_transform_seconds (const LgProblem *problem,
                                             const LgConstraintSet *set);
/* Whether the engine takes the problem at all: at most LG_PERMUT_MAX_N
 * items per group, and its fixed bytes (above) within memory_limit.  When
 * not, its create refuses at once, nothing built, and says which. */
gboolean lg_engine_faithful_fits (const LgProblem *problem,
                                  const LgConstraintSet *set, LgCheck check,
                                  guint64 memory_limit);

/* After explore: the work its projection foresaw when setup->projected_limit
 * stopped it (lg_situation_projected), in the units of setup->step_limit;
 * 0 otherwise. */
double lg_engine_faithful_projected (const LgEngineImpl *engine);

#endif /* LG_ENGINE_FAITHFUL_H */
