/* engine_fast — the FAST engine (--engine=fast): the same solutions as the
 * tutorial's engine, each found once, without its n!-bit masks.
 *
 * Transform (lg_engine_fast_new).  Each constraint group of the partition
 * becomes a disjunction of "leaves": one per assignment of its variables
 * whose logical rules hold (enumerated in creation order, a rule evaluated
 * as soon as its last variable has a value), a leaf being the conjunction of
 * the group's couples with the variables replaced by their items, as cell
 * literals yes/no (g1, item1, g2, item2).  Leaves that contradict themselves
 * inside one group pair are dropped, literals implied by another yes of the
 * leaf are left out and identical leaves are kept once.  The unbound group
 * is one leaf; a group of logical rules only is true or false.  When a rule
 * may overflow (bounds of its expressions outside 64 bits), its group is
 * enumerated as the faithful engine does by default, every assignment, the
 * rules in order, so that the overflow is reported on the same rule.
 *
 * A group with couples and at least 2^16 assignments (n^k for k variables)
 * and safe rules is not enumerated but "lazy": the fast engine searches its
 * variables, in creation order, each time it propagates the group, against
 * the state's lines: a couple is checked when its variables have values
 * (against the lines and the path's other couples), a logical rule when its
 * last variable has one, and an and/or/not rule also on partial
 * assignments, with three values (false as soon as, e.g., two disjuncts of
 * an "exactly one of" are false...).  Within 2000 steps, the assignments
 * found narrow the lines as leaves do (none: the state fails); past them
 * the group narrows nothing, and a complete assignment of the lines is
 * checked against it without a limit.  So "exactly one of six statements"
 * over twelve variables (6^12 assignments) is solved in milliseconds.
 *
 * Explore (lg_engine_fast_explore).  A state holds, for every ordered pair
 * of groups (i, j), the n x n "can be together" matrix as n row bitsets
 * (row a: the items of j that item a of i may go with; the matrix of (j, i)
 * is its transpose), and per constraint group the set of its leaves still
 * compatible.  Propagation to a fixpoint: an empty row fails; a single
 * partner clears its column (which also makes hidden singles); path
 * consistency over every triple of groups, M(i,k)[a] included in the union
 * of M(j,k)[b] for b in M(i,j)[a]; per constraint group, incompatible
 * leaves are dropped, none left fails, one left is applied, and with several
 * left every line that all of them constrain is narrowed to the union of
 * their partners (and a "no" shared by all is applied).  A group is looked
 * at again only when a cell of one of its yes literals, or a line of one of
 * its no literals, has changed; two literals of a leaf that cannot hold
 * together (one puts two items on one row, the matrices say they are
 * surely apart) make it incompatible too.  At each search node, failed
 * literal probing: every cell that is one of the last two items of its
 * line is tried, and removed when its propagation fails.  Search: branch on
 * a line (x -> y, a), x >= 1 (the partner in group y of item a of group x),
 * with the fewest candidates per weight (dom/wdeg: the weight grows with
 * the failures of the constraint groups that have literals on the line),
 * trying its candidates in item order; the branches partition the
 * solutions, so each is found once, in a deterministic order.  A leaf of the search is a
 * complete assignment: every line a single item; it is checked against
 * every pair and every constraint group before it is reported.
 *
 * The states live in a stack allocated once (each choice makes one more row
 * of some pair a single item: depth at most n * G * (G-1) / 2); leaf sets
 * are sparse sets whose counts are part of the state, so that backtracking
 * is a pointer move.  Nothing is allocated while searching.
 *
 * Counters filled (LgStats): constraint_groups, variables (by the solver),
 * time_transform, time_explore, leaves_tried (assignments evaluated; none
 * for a lazy group),
 * leaves_kept (distinct leaves kept), leaves_saved (assignments never
 * enumerated thanks to early rule evaluation), nodes_explored (states
 * propagated after a choice: the search's branches and the probes),
 * alternatives (branches taken after the first of a choice), backtracks
 * (those propagations that failed), solutions.  The others (AND, OR and
 * mask nodes, mask words, tree solutions, candidates, checks) stay 0.
 *
 * With a trace stream (lg_problem_set_trace) the search writes its own
 * steps: each choice "GROUP:ITEM = GROUP:ITEM", each failure, each solution,
 * indented by depth.  With a progress stream, the progress line counts
 * assignments (transform) and nodes (explore).  The faithful engine's
 * options --challenge and --check have no effect here.
 */
#ifndef LG_ENGINE_FAST_H
#define LG_ENGINE_FAST_H

#include "constraint_set.h"
#include "description.h"

typedef struct LgFastEngine LgFastEngine;

/* Transform: builds the leaves of every constraint group of set (which must
 * outlive the engine).  stats (may be NULL) gets time_transform and the
 * leaves counters.  NULL with error set on an overflow in a rule
 * (LG_PROBLEM_ERROR_OVERFLOW) or over the problem's memory limit
 * (LG_PROBLEM_ERROR_LIMIT); the problem's error line is then set. */
LgFastEngine *lg_engine_fast_new (LgProblem *problem,
                                  const LgConstraintSet *set, LgStats *stats,
                                  GError **error);

/* Explore: calls func (may be NULL) for each solution until it returns
 * FALSE; returns the number of solutions found.  stats (may be NULL) gets
 * time_explore and the search counters. */
guint64 lg_engine_fast_explore (LgFastEngine *engine, LgSolutionFunc func,
                                gpointer user_data, LgStats *stats);

void lg_engine_fast_free (LgFastEngine *engine);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgFastEngine, lg_engine_fast_free)

#endif /* LG_ENGINE_FAST_H */
