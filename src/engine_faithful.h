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

#endif /* LG_ENGINE_FAITHFUL_H */
