/* lgtest — small helpers shared by the Check programs of logigram.
 *
 *   int main (void) { return lgtest_run (lg_bitset_suite ()); }
 *
 * lgtest_run runs a suite with Check's usual environment switches (CK_FORK,
 * CK_VERBOSITY, CK_RUN_SUITE, CK_RUN_CASE, CK_DEFAULT_TIMEOUT...).  The path
 * helpers find the problem files (LG_DATADIR, default "data") and the test
 * files (LG_TESTDIR, default "tests"); they return a string to g_free.  The
 * random helpers are a seeded splitmix64 generator, so that the "random"
 * tests see the same numbers on every platform and every run.
 */
#ifndef LG_TEST_H
#define LG_TEST_H

#include <check.h>

#include "logigram.h"
#include <stdint.h>

/* ck_assert_msg without the mark point it records on success (a write to a
 * pipe in fork mode): for assertions inside long loops.  The message must be
 * a string literal, possibly followed by its arguments. */
#define LGTEST_CHECK(expr, ...)                                                \
  do                                                                           \
    {                                                                          \
      if (!(expr))                                                             \
        ck_abort_msg ("Assertion '" #expr "' failed: " __VA_ARGS__);           \
    }                                                                          \
  while (0)

/* Runs s (and frees it); EXIT_SUCCESS when every test passed. */
int lgtest_run (Suite *s);

/* LG_DATADIR/name, or data/name; g_free the result. */
char *lgtest_data_path (const char *name);

/* LG_TESTDIR/name, or tests/name; g_free the result. */
char *lgtest_test_path (const char *name);

/* The next number of the sequence whose state is *state (any seed will do). */
uint64_t lgtest_rand (uint64_t *state);

/* A number in 0 .. bound-1 (bound > 0). */
uint32_t lgtest_rand_below (uint64_t *state, uint32_t bound);

/* The problem of text, read as a file called name, which must parse: the
 * test fails with the parser's message and the text when it does not. */
LgProblem *lgtest_parse_text (const char *name, const char *text);

/* The tutorial's classic problem, described in p (empty) through the C API
 * as logigram.e's describe_problem_classic does, call for call. */
void lgtest_describe_problem_classic (LgProblem *p);

/* The item index of group g on row r of a solution, into rows[g][r] (at
 * most 16 groups of 16 items), and the solution's key: one letter per row
 * ('a' + index), group after group, each followed by sep unless it is
 * '\0'.  g_free the key. */
char *lgtest_solution_rows (const LgProblem *p, const LgSolution *solution,
                            uint8_t rows[16][16], char sep);

/* What a function writes on a FILE, read back as a string: begin opens the
 * stream (open_memstream) and returns it; text flushes it and returns what
 * it holds so far (never NULL); end closes it and returns the whole text,
 * which stays in c->text for the caller to free (). */
typedef struct
{
  char *text;
  size_t size;
  FILE *out;
} LgtestCapture;

FILE *lgtest_capture_begin (LgtestCapture *c);
const char *lgtest_capture_text (LgtestCapture *c);
const char *lgtest_capture_end (LgtestCapture *c);

#endif /* LG_TEST_H */
