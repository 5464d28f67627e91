/* constraint_set — step 1, the partition (the original's CONSTRAINT_SET and
 * CONSTRAINT_GROUP).
 *
 * Rules that share a variable, directly or through other rules, land in the
 * same constraint group; rules without a variable land in the unbound group,
 * except a logical rule with couples inside (yes Carla, cat or yes Dan,
 * cat): it is a group of its own, without variables, so that its
 * alternatives are not multiplied with another rule's.
 * A rule joins the first group sharing a variable with it; every later group
 * that then shares a variable with that group is merged into it (its
 * variables, logical rules and couples appended in order) and removed.
 * Invariant: the groups' variable sets are pairwise disjoint, each group's
 * rules keep the order they were added in, and `vars` is sorted by creation
 * order, the order the transformation enumerates them in.
 * lg_constraint_set_add serves lg_constraint_set_new only; it stays public
 * for tests/check_constraint_set.c, which follows the merge rule one rule
 * at a time.
 * A set may also deny one clue (lg_constraint_set_new_denying): the rules
 * that make its negation are then the set's own, the problem's untouched.
 */
#ifndef LG_CONSTRAINT_SET_H
#define LG_CONSTRAINT_SET_H

#include "description.h"

typedef struct
{
  GPtrArray *vars;      /* LgItem* variables, creation order */
  GPtrArray *logic;     /* LgRule* logical rules, in order */
  GPtrArray *couple;    /* LgRule* yes/no rules, in order */
  guint n_couple_logic; /* the logical rules with couples inside */
} LgConstraintGroup;

/* Does the group constrain the associations (couples, or logic over
 * couples), so that the transformation makes it alternatives? */
static inline gboolean
lg_constraint_group_has_couples (const LgConstraintGroup *cg)
{
  return cg->couple->len > 0 || cg->n_couple_logic > 0;
}

typedef struct
{
  GPtrArray *groups;          /* LgConstraintGroup*, creation order */
  LgConstraintGroup *unbound; /* rules without variables */
  GPtrArray *group_of;        /* private: by var_id, the group of each
                                 variable placed (NULL past the end) */
  GPtrArray *made;            /* private: the rules of a clue's negation
                                 (lg_constraint_set_new_denying), owned */
  GPtrArray *scratch;         /* private: lg_constraint_set_add's */
} LgConstraintSet;

/* Partitions the problem's rules that are not dropped. */
LgConstraintSet *lg_constraint_set_new (const LgProblem *problem);
/* The same, leaving out also the rules with drop[number - 1] TRUE (drop may
 * be NULL; see LgSolveOptions.drop). */
LgConstraintSet *lg_constraint_set_new_dropping (const LgProblem *problem,
                                                 const gboolean *drop);
/* The same, with the rules of clue number deny (when not 0) replaced by
 * their negation, whether drop names them or not: the solutions are those
 * of the other rules that break the clue.  The clue must be one that
 * lg_constraint_set_can_deny accepts.  Its rules that pin a variable (the
 * first `yes v, ITEM` of each variable v) stay as they are, and the others
 * become one rule, not (R1 and R2 and ...), owned by the set (not (P1)
 * when the pins are all there is: a clue that says nothing cannot be
 * broken).  Since each variable is pinned to an item, "some v with the
 * pins and R" is false exactly when "some v with the pins and not R"
 * holds. */
LgConstraintSet *lg_constraint_set_new_denying (const LgProblem *problem,
                                                const gboolean *drop,
                                                guint deny);
/* Can clue `number` be denied that way: it has a rule not dropped in the
 * problem, each of its variables is pinned by one of its rules, and no rule
 * of another clue uses one of them. */
gboolean lg_constraint_set_can_deny (const LgProblem *problem, guint number);
void lg_constraint_set_free (LgConstraintSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LgConstraintSet, lg_constraint_set_free)

/* The position, in cg's enumeration order, of the last of rule's variables
 * (0 when it has none): once that variable has its value, the rule can be
 * evaluated. */
guint lg_constraint_group_last_var (const LgConstraintGroup *cg,
                                    const LgRule *rule);

/* The first of cg's rules in the problem's order (the lowest number), for
 * messages; NULL when cg has none. */
const LgRule *lg_constraint_group_first_rule (const LgConstraintGroup *cg);

/* The numbers of cg's rules (as --list-rules numbers them), in order, runs
 * of three or more as ranges: "rule 5", "rules 5-7", "rules 1-4, 8, 9";
 * "no rule" when it has none; once the problem has clue lines, the numbers
 * of their clues instead (as --list-clues numbers them): "clues 1-3".  The
 * one place that names the rules a group stands for (the views and the
 * trace). */
char *lg_constraint_group_rules_to_string (const LgConstraintGroup *cg);

/* n^n_vars, the complete assignments of n_vars variables over n items; the
 * product stops growing once past G_MAXUINT64 / 16 (no enumeration gets
 * that far). */
guint64 lg_assignments (guint64 n, guint n_vars);

/* Adds one rule, following the merge rule above. */
void lg_constraint_set_add (LgConstraintSet *set, LgRule *rule);

#endif /* LG_CONSTRAINT_SET_H */
