/* solution — one solution of a problem, as every engine reports it and the
 * printer, the diagnostics and the views read it.
 *
 * A solution is a row per item of group 0: perm[g][r] is the index of the
 * item of group g on row r, so perm[0] is the identity.  An engine owns the
 * solution it reports and the rows it points to; they stay valid only
 * during the callback (LgSolutionFunc).  Invariant: each perm[g] is a
 * permutation of 0 .. n - 1.
 */
#ifndef LG_SOLUTION_H
#define LG_SOLUTION_H

#include "description.h"

struct _LgSolution
{
  const LgProblem *problem;
  guint n_groups, n;
  const uint8_t **perm; /* per group: row r -> item index */
};

#endif /* LG_SOLUTION_H */
