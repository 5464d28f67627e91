/* budget — the memory limit of a transformation, and its one message.
 *
 * Both engines expand the constraint groups into leaves under a budget of
 * bytes (what --memory-limit leaves them).  Each counts its own bytes; when
 * a group would take more than the budget, both stop with the one
 * LG_PROBLEM_ERROR_LIMIT message written here, which names what needs the
 * room, the budget, an estimate of the whole need when it is over the
 * budget, and the group (its first rule, its variables and their
 * assignments, or the rule whose 'or's multiply out).  Each engine makes
 * its estimate before it allocates: the problem (lg_budget_problem_bytes),
 * its tables, then what grows (the tree, the leaves), counted as it grows;
 * the total is LgStats.memory_estimate.
 */
#ifndef LG_BUDGET_H
#define LG_BUDGET_H

#include "constraint_set.h"

/* Sets *error (NULL or pointing to NULL) to the error when `what` (a
 * subject and its verb: "the AND/OR tree needs") more than the `left` bytes
 * under the memory limit while expanding cg over n items per group;
 * `estimate`, one leaf per assignment, is shown when it is over `left`.  The error carries the line of cg's first rule
 * (lg_error_get_line). */
void lg_budget_set_error (GError **error, const char *what, guint64 left,
                          guint64 estimate, const LgConstraintGroup *cg,
                          guint n);

/* Sets *error to the error when a table that does not depend on the rules
 * is over the memory limit: "WHO NEED for WHAT, over the memory limit of
 * LIMIT; raise --memory-limit" (who: the subject and its verb, "dimension
 * 8 needs"). */
void lg_budget_set_fixed_error (GError **error, const char *who, guint64 need,
                                const char *what, guint64 limit);

/* The bytes the problem itself holds (its groups, items, names and rules,
 * as the parser made them, the file read included), which the engines
 * count against the memory limit too: an estimate from the bytes measured
 * per group, item and rule (tests/cli-memory.sh checks it). */
guint64 lg_budget_problem_bytes (const LgProblem *problem);

#endif /* LG_BUDGET_H */
