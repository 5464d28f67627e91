/* fuzz_cli — a libFuzzer harness for the command line: option combinations,
 * the problem file and the fact files of --hint.
 *
 * An input is text in three parts:
 *
 *     --explain --grid --hint @        the options, one line of words
 *     group house: 1, 2, 3             the problem file, up to a line %%
 *     ...
 *     %%
 *     yes 1, red                       the facts file (--hint @)
 *
 * The words become logigram's arguments, "@" the name of the facts file;
 * the problem file comes last, unless it is empty (then the options name
 * one, e.g. -p classic).  The run is logigram's main, in this process,
 * with its output sent to /dev/null, a time limit of 2 s and a memory
 * limit of 64M first (the options may set others).  Inputs that would
 * only stop the process (--help, which exits) or take long by design (a
 * problem too large for fuzz_common.h's bound, --repeat of more than 999)
 * are skipped.  The findings are crashes, leaks, sanitizer reports,
 * time-outs, an exit status other than 0 to 3, and a standard error that
 * is not lines of UTF-8 text (a message echoing a bad byte).  Build and run: see
 * doc/fuzzing.md.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "fuzz_common.h"
#include "logigram.h"
#include "parser.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int logigram_main (int argc, char **argv);

#define MAX_WORDS 24

static char *dir, *problem_path, *facts_path, *err_path;

/* The scratch directory and its files, removed when the fuzzer exits
 * (not after a crash: its files then help to reproduce it). */
static void
tear_down (void)
{
  const char *paths[] = { problem_path, facts_path, err_path, dir };
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    g_remove (paths[i]);
}

static void
set_up (void)
{
  dir = g_dir_make_tmp ("fuzz-cli-XXXXXX", NULL);
  g_assert (dir);
  atexit (tear_down);
  problem_path = g_build_filename (dir, "p.lgm", NULL);
  facts_path = g_build_filename (dir, "facts.txt", NULL);
  err_path = g_build_filename (dir, "stderr.txt", NULL);
  /* the program's output goes nowhere; its stdin is empty ("-") */
  g_assert (freopen ("/dev/null", "w", stdout));
  g_assert (freopen ("/dev/null", "r", stdin));
}

static gboolean
stops_the_process (const char *word)
{
  if (g_str_has_prefix (word, "--help"))
    return TRUE;
  /* a cluster of short options: -h and -? are --help */
  return word[0] == '-' && word[1] != '-' &&
         (strchr (word, 'h') || strchr (word, '?'));
}

/* --repeat N with more than three digits, or --repeat=N */
static gboolean
repeats_too_much (char **words, guint i)
{
  const char *value = NULL;
  if (!strcmp (words[i], "--repeat"))
    value = words[i + 1];
  else if (g_str_has_prefix (words[i], "--repeat="))
    value = words[i] + strlen ("--repeat=");
  return value && strlen (value) > 3;
}

/* Runs logigram's main with its stderr in err_path (libFuzzer's own
 * reports keep theirs); returns main's status. */
static int
run_main (int argc, char **argv)
{
  fflush (stderr);
  int saved = dup (STDERR_FILENO); /* -1 under -close_fd_mask=2 */
  int fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  g_assert (fd >= 0);
  dup2 (fd, STDERR_FILENO);
  close (fd);
  int status = logigram_main (argc, argv);
  fflush (stderr);
  if (saved >= 0)
    {
      dup2 (saved, STDERR_FILENO);
      close (saved);
    }
  else
    close (STDERR_FILENO);
  clearerr (stderr);
  return status;
}

/* What the program wrote on stderr is lines of UTF-8 text: no NUL, no
 * control character but tab, each line ended (a message with the bytes of
 * a bad input in it would break that). */
static void
check_stderr (void)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  GError *error = NULL;
  if (!g_file_get_contents (err_path, &text, &length, &error))
    g_error ("%s", error->message);
  const char *bad = NULL;
  gboolean ok = g_utf8_validate_len (text, length, &bad);
  for (gsize i = 0; ok && i < length; i++)
    ok = (guchar) text[i] >= 0x20 || text[i] == '\t' || text[i] == '\n';
  ok = ok && (length == 0 || text[length - 1] == '\n');
  if (!ok)
    {
      fprintf (stderr, "stderr is not lines of text:\n%.*s\n",
               (int) MIN (length, 2000), text);
      abort ();
    }
}

static gboolean
write_file (const char *path, const char *text, gsize length)
{
  return g_file_set_contents (path, text, (gssize) length, NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!dir)
    set_up ();
  g_autofree char *text = g_strndup ((const char *) data, size);
  if (strlen (text) != size)
    return 0; /* a NUL byte: not an argument; the files have their harness */
  char *eol = strchr (text, '\n');
  char *problem = eol ? eol + 1 : text + size;
  if (eol)
    *eol = '\0';
  char *facts = strstr (problem, "\n%%\n");
  gsize problem_len = facts ? (gsize) (facts - problem + 1) : strlen (problem);
  facts = facts ? facts + 4 : problem + problem_len;
  g_auto (GStrv) words = g_strsplit_set (text, " \t", -1);
  guint n = 0;
  for (guint i = 0; words[i]; i++)
    {
      if (!*words[i])
        continue;
      if (++n > MAX_WORDS || stops_the_process (words[i]) ||
          repeats_too_much (words, i))
        return 0;
    }
  gboolean has_problem = problem_len > 0;
  if (has_problem)
    {
      GError *error = NULL;
      LgProblem *p =
          lg_parser_parse_data ("fuzz.lgm", problem, problem_len, &error);
      gboolean small = !p || fuzz_small_search_space (p);
      g_clear_pointer (&p, lg_problem_free);
      g_clear_error (&error);
      if (!small)
        return 0;
    }
  if (!write_file (problem_path, problem, problem_len) ||
      !write_file (facts_path, facts, strlen (facts)))
    abort ();
  /* logigram --time-limit 2 --memory-limit 64M WORDS... [FILE] */
  GPtrArray *args = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (args, g_strdup ("logigram"));
  g_ptr_array_add (args, g_strdup ("--time-limit"));
  g_ptr_array_add (args, g_strdup ("2"));
  g_ptr_array_add (args, g_strdup ("--memory-limit"));
  g_ptr_array_add (args, g_strdup ("64M"));
  for (guint i = 0; words[i]; i++)
    if (*words[i])
      g_ptr_array_add (
          args, g_strdup (strcmp (words[i], "@") ? words[i] : facts_path));
  if (has_problem)
    g_ptr_array_add (args, g_strdup (problem_path));
  /* main may move the pointers of argv (GOption removes what it parsed):
   * it gets a copy, the strings are freed from args */
  int argc = (int) args->len;
  char **argv = g_new0 (char *, args->len + 1);
  memcpy (argv, args->pdata, args->len * sizeof *argv);
  int status = run_main (argc, argv);
  g_free (argv);
  g_ptr_array_free (args, TRUE);
  clearerr (stdout);
  if (status < 0 || status > 3)
    {
      fprintf (stderr, "exit status %d\n", status);
      abort ();
    }
  check_stderr ();
  return 0;
}
