/* solver — the tutorial's three steps, one call each, so that the views,
 * the diagnostics and lg_problem_solve share them.
 *
 *   describe   lg_solver_new: check the problem and partition its rules
 *   transform  lg_solver_transform: build the AND/OR tree of masks
 *   explore    lg_solver_explore: backtrack over the tree, try_solution
 *
 * Invariant: each step runs once, in order; the solver owns what the steps
 * build and frees it with lg_solver_free.  The problem is borrowed and must
 * not change in between.
 */
#ifndef LG_SOLVER_H
#define LG_SOLVER_H

#include "backtracking.h"
#include "constraint_set.h"
#include "description.h"
#include "mask_builder.h"
#include "permut.h"
#include "situation.h"

typedef struct
{
  LgProblem *problem;
  LgStats *stats; /* borrowed, or the solver's own */
  LgStats own_stats;
  LgConstraintSet *set;   /* after describe */
  LgPermut *permut;       /* after transform */
  LgAndOrTree *tree;      /* after transform */
  LgSituation *situation; /* during and after explore */
} LgSolver;

/* Describe: checks the problem and partitions its rules.  stats may be NULL;
 * its time_describe is kept and added to.  NULL with error set when the
 * problem is invalid. */
LgSolver *lg_solver_new (LgProblem *problem, LgStats *stats, GError **error);
/* Transform: FALSE with error set on overflow or over the memory limit. */
gboolean lg_solver_transform (LgSolver *solver, GError **error);
/* Explore: calls func for each solution; returns the number found. */
guint64 lg_solver_explore (LgSolver *solver, LgSolutionFunc func,
                           gpointer user_data);
void lg_solver_free (LgSolver *solver);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgSolver, lg_solver_free)

#endif /* LG_SOLVER_H */
