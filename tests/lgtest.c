/* lgtest — see lgtest.h. */
#include "lgtest.h"

#include <glib.h>
#include <stdlib.h>

int
lgtest_run (Suite *s)
{
  SRunner *sr = srunner_create (s);
  /* No srunner_set_fork_status: Check then reads CK_FORK itself. */
  srunner_run_all (sr, CK_ENV);
  int failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static char *
path_in (const char *env, const char *fallback, const char *name)
{
  const char *dir = g_getenv (env);
  if (!dir || !*dir)
    dir = fallback;
  return g_build_filename (dir, name, NULL);
}

char *
lgtest_data_path (const char *name)
{
  return path_in ("LG_DATADIR", "data", name);
}

char *
lgtest_test_path (const char *name)
{
  return path_in ("LG_TESTDIR", "tests", name);
}

uint64_t
lgtest_rand (uint64_t *state)
{
  /* splitmix64 (Steele, Lea, Flood 2014). */
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

uint32_t
lgtest_rand_below (uint64_t *state, uint32_t bound)
{
  /* The top 32 bits times bound, scaled down: no modulo bias worth the name
   * for the small bounds the tests use, and no loop. */
  return (uint32_t) (((lgtest_rand (state) >> 32) * bound) >> 32);
}
