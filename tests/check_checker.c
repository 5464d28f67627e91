/* check_checker — the self-checks of src/checker.c:
 *   - lg_checker_verify: the classic solution holds, a changed one does
 *     not; the rules of a partition with a rule left out are those checked;
 *   - LgMaskChecker: pushes, restores, pops and cuts in the explorer's
 *     order leave it quiet while the masks come back as they were; a mask
 *     not restored, an empty mask or a bit past n_bits stops the program
 *     (SIGABRT, checked in a forked test). */
#include "checker.h"

#include <signal.h>
#include <string.h>

#include "lgtest.h"
#include "problems.h"

Suite *lg_checker_suite (void);

/* The classic solution, rows by item of group 0 (house). */
static void
classic_solution (LgProblem *p, uint8_t rows[6][5], const uint8_t *perm[6])
{
  gint64 n = 0;
  (void) n;
  static const char *const table[6][5] = {
    { "left", "mid-left", "middle", "mid-right", "right" },
    { "norvegian", "ukrainian", "english", "spanish", "japanese" },
    { "fox", "horse", "snail", "dog", "zebra" },
    { "water", "tea", "milk", "orange juice", "coffee" },
    { "kools", "chesterfields", "winston", "luckystrike", "parliaments" },
    { "yellow", "blue", "red", "ivory", "green" },
  };
  for (guint g = 0; g < 6; g++)
    {
      const LgGroup *group = lg_problem_get_group (p, g);
      for (guint r = 0; r < 5; r++)
        {
          const LgItem *item = lg_group_lookup_item (group, table[g][r]);
          ck_assert_ptr_nonnull (item);
          guint k = 0;
          while (lg_group_get_item (group, k) != item)
            k++;
          rows[g][r] = (uint8_t) k;
        }
      perm[g] = rows[g];
    }
}

START_TEST (test_checker_verify)
{
  g_autoptr (LgProblem) p = lg_problems_load ("classic", NULL);
  ck_assert (lg_problem_check (p, NULL));
  uint8_t rows[6][5];
  const uint8_t *perm[6];
  classic_solution (p, rows, perm);
  ck_assert (lg_checker_verify (p, NULL, perm));
  /* the english and the spanish swap their drinks: some rule breaks */
  uint8_t t = rows[3][2];
  rows[3][2] = rows[3][3];
  rows[3][3] = t;
  ck_assert (!lg_checker_verify (p, NULL, perm));
  /* without the rules on drinks it holds again: only the partition's rules
   * are checked */
  guint n = lg_problem_n_rules (p);
  g_autofree gboolean *drop = g_new0 (gboolean, n);
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *text = lg_rule_to_string (lg_problem_get_rule (p, i));
      drop[i - 1] = strstr (text, "drink:") != NULL;
    }
  g_autoptr (LgConstraintSet) set = lg_constraint_set_new_dropping (p, drop);
  ck_assert (lg_checker_verify (p, set, perm));
}
END_TEST

/* Three masks of 70 bits (two words each), all set. */
#define N_MASKS 3
#define N_BITS 70
#define N_WORDS 2

static void
fill (uint64_t *masks)
{
  for (guint m = 0; m < N_MASKS; m++)
    {
      masks[m * N_WORDS] = ~UINT64_C (0);
      masks[m * N_WORDS + 1] = (UINT64_C (1) << (N_BITS - 64)) - 1;
    }
}

START_TEST (test_checker_masks_quiet)
{
  uint64_t masks[N_MASKS * N_WORDS], saved[N_MASKS * N_WORDS];
  fill (masks);
  LgMaskChecker *c = lg_mask_checker_new (masks, N_MASKS, N_BITS);
  lg_mask_checker_clear (c);
  lg_mask_checker_push (c); /* point 1 */
  memcpy (saved, masks, sizeof masks);
  masks[0] &= 0xff;
  lg_mask_checker_push (c); /* point 2 */
  uint64_t at2 = masks[2];
  masks[2] = 1;
  masks[2] = at2; /* undone */
  lg_mask_checker_restore (c, FALSE);
  masks[3] = 0; /* another child of point 2 */
  masks[3] = (UINT64_C (1) << (N_BITS - 64)) - 1;
  lg_mask_checker_restore (c, TRUE); /* its last child: popped */
  memcpy (masks, saved, sizeof masks);
  lg_mask_checker_restore (c, FALSE); /* back at point 1 */
  lg_mask_checker_push (c);           /* point 3 */
  lg_mask_checker_cut (c);            /* dropped without going back */
  lg_mask_checker_restore (c, TRUE);
  lg_mask_checker_clear (c);
  lg_mask_checker_free (c);
  lg_mask_checker_free (NULL);
}
END_TEST

/* Each of these restores must abort. */
START_TEST (test_checker_masks_abort)
{
  uint64_t masks[N_MASKS * N_WORDS];
  fill (masks);
  LgMaskChecker *c = lg_mask_checker_new (masks, N_MASKS, N_BITS);
  lg_mask_checker_push (c);
  switch (_i)
    {
    case 0: /* a mask not given back */
      masks[1] = 0;
      break;
    case 1: /* an empty mask, given back empty: saved so */
      masks[4] = masks[5] = 0;
      lg_mask_checker_restore (c, TRUE);
      lg_mask_checker_push (c);
      break;
    case 2: /* a bit past n_bits */
      masks[1] |= UINT64_C (1) << 63;
      lg_mask_checker_restore (c, TRUE);
      lg_mask_checker_push (c);
      break;
    default: /* a restore with no point left */
      lg_mask_checker_cut (c);
      break;
    }
  lg_mask_checker_restore (c, TRUE);
  lg_mask_checker_free (c);
}
END_TEST

Suite *
lg_checker_suite (void)
{
  Suite *s = suite_create ("checker");
  TCase *tc = tcase_create ("core");
  tcase_add_test (tc, test_checker_verify);
  tcase_add_test (tc, test_checker_masks_quiet);
  /* an abort can be caught only in a forked test */
  if (g_strcmp0 (g_getenv ("CK_FORK"), "no") != 0)
    tcase_add_loop_test_raise_signal (tc, test_checker_masks_abort, SIGABRT,
                                      0, 4);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return lgtest_run (lg_checker_suite ());
}
