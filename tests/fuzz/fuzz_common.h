/* fuzz_common — what the two libFuzzer harnesses share: the bound on the
 * problems they solve, so that an input costs milliseconds, not the
 * exponential time some well-formed problems take by design. */
#ifndef LG_FUZZ_COMMON_H
#define LG_FUZZ_COMMON_H

#include "constraint_set.h"
#include "logigram.h"

/* Small enough to solve under the fuzzer: (n!)^(G-1) at most 10^7 and at
 * most 2 x 10^5 assignments to enumerate in the faithful transformation
 * (it is exponential in the variables of a constraint group). */
static inline gboolean
fuzz_small_search_space (LgProblem *problem)
{
  guint groups = lg_problem_n_groups (problem);
  guint n = lg_group_n_items (lg_problem_get_group (problem, 0));
  double perms = 1, space = 1;
  for (guint i = 2; i <= n; i++)
    perms *= i;
  for (guint g = 1; g < groups; g++)
    space *= perms;
  if (space > 1e7)
    return FALSE;
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new (problem);
  double leaves = 0;
  for (guint i = 0; i < set->groups->len; i++)
    {
      const LgConstraintGroup *cg = set->groups->pdata[i];
      double group_leaves = 1;
      for (guint k = 0; k < cg->vars->len; k++)
        group_leaves *= n;
      leaves += group_leaves;
    }
  return leaves <= 2e5;
}

/* An error message is one line: no newline, no other control character. */
static inline void
fuzz_assert_one_line (const char *message)
{
  for (const char *p = message; *p; p++)
    if ((unsigned char) *p < 0x20 && *p != '\t')
      {
        fprintf (stderr, "message with a control character: %s\n", message);
        abort ();
      }
  if (!g_utf8_validate (message, -1, NULL))
    {
      fprintf (stderr, "message not in UTF-8: %s\n", message);
      abort ();
    }
}

#endif /* LG_FUZZ_COMMON_H */
