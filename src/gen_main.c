/* gen_main — the command line of logigram-gen (see src/gen.h and
 * doc/logigram-gen.1). */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "explain.h"
#include "gen.h"
#include "output.h"
#include "parser.h"
#include "permut.h"
#include "progress.h"

enum
{
  EXIT_GENERATED = 0,
  EXIT_FAILED = 1, /* no puzzle: the solver failed, no clue found, or
                         the output cannot be written */
  EXIT_USAGE = 2   /* bad command line */
};

static int
usage_error (const char *text)
{
  /* arguments are any bytes: the message echoes them printable */
  g_autofree char *message = lg_parser_printable (text);
  fprintf (stderr,
           "logigram-gen: %s\n"
           "Try 'logigram-gen --help' for more information.\n",
           message);
  return EXIT_USAGE;
}

/* A decimal integer in min..max, nothing else. */
static gboolean
parse_number (const char *text, guint64 min, guint64 max, guint64 *value)
{
  return text && g_ascii_string_to_unsigned (text, 10, min, max, value, NULL);
}

/* --difficulty: the seeds tried, from --seed on, before giving up, and
 * after how many a note says how it goes. */
#define DIFFICULTY_TRIES 500
#define DIFFICULTY_NOTE 10

/* The grades of the seeds tried (see grade): easy, medium, hard and
 * expert, then the lower bounds of the explanations stopped at a medium or
 * a hard step, "medium or harder" and "hard or harder". */
#define N_GRADES (LG_DIFFICULTY_EXPERT + 3)

/* The grade of tally entry k, or its lower bound. */
static LgDifficulty
grade_low (guint k)
{
  return (LgDifficulty) (k <= LG_DIFFICULTY_EXPERT ? k
                                                   : k - LG_DIFFICULTY_EXPERT);
}

/* "medium", "medium or harder": tally entry k.  g_free it. */
static char *
grade_name (guint k)
{
  const char *name = lg_difficulty_to_string (grade_low (k));
  return k <= LG_DIFFICULTY_EXPERT ? g_strdup (name)
                                   : g_strdup_printf ("%s or harder", name);
}

/* "9 expert, 1 medium": the grades of the seeds tried, the most first. */
static char *
grades_tally (const guint tally[N_GRADES])
{
  GString *s = g_string_new (NULL);
  gboolean done[N_GRADES] = { FALSE };
  for (;;)
    {
      int best = -1;
      for (int k = N_GRADES - 1; k >= 0; k--)
        if (!done[k] && tally[k] && (best < 0 || tally[k] > tally[best]))
          best = k;
      if (best < 0)
        return g_string_free (s, FALSE);
      done[best] = TRUE;
      g_autofree char *name = grade_name ((guint) best);
      g_string_append_printf (s, "%s%u %s", s->len ? ", " : "", tally[best],
                              name);
    }
}

/* What would bring grade `level` nearer, when every seed tried so far was
 * graded on one side of it; "" otherwise.  Measured: --minimise makes most
 * puzzles of 6 items or more expert; no puzzle of 3 items is expert,
 * minimised or not; without --minimise the easy ones thin out as the
 * grid grows (of seeds 1 to 20: all of 3x3, 17 of 4x4, 8 of 5x5, 7 of
 * 6x6, 2 of 8x8, the others medium but a few expert). */
static const char *
grades_hint (const guint tally[N_GRADES], LgDifficulty level, gboolean minimise)
{
  gboolean harder = TRUE, easier = TRUE;
  for (guint k = 0; k < N_GRADES; k++)
    if (tally[k])
      {
        harder = harder && grade_low (k) > level;
        easier = easier && k <= LG_DIFFICULTY_EXPERT && grade_low (k) < level;
      }
  if (harder && minimise)
    return ": leave out --minimise, which makes puzzles harder";
  if (harder)
    return ": fewer --items or --groups make easier puzzles";
  if (easier && !minimise)
    return ": add --minimise, which makes puzzles harder";
  if (easier)
    return ": more --items or --groups make harder puzzles";
  return "";
}

/* The grade of a puzzle's text, as logigram --explain grades it (its
 * hardest step's), into tally entry *k (see N_GRADES): explained only as
 * far as needed to tell whether it is `level`.  The grade only rises
 * step by step, so the explanation stops at the first step harder than
 * level, or at the first expert step; a stop at a medium or a hard step
 * gives a lower bound.  (The steps by contradiction, which make a grade
 * expert, are most of an explanation's time: `-n 8 -g 8 -s 1 --minimise`
 * has 88 of them among 1,092 steps.) */
static gboolean
grade (const char *text, LgDifficulty level, guint *k, GError **error)
{
  g_autoptr (LgProblem) problem =
      lg_parser_parse_data ("<generated>", text, strlen (text), error);
  if (!problem)
    return FALSE;
  g_autoptr (LgExplain) ex = lg_explain_new (problem, error);
  if (!ex)
    return FALSE;
  LgDifficulty d = LG_DIFFICULTY_EASY;
  const LgStep *step;
  while (d <= level && d < LG_DIFFICULTY_EXPERT &&
         (step = lg_explain_next (ex, error)))
    d = MAX (d, lg_step_difficulty (step));
  if (*error)
    return FALSE;
  *k = d > level && d < LG_DIFFICULTY_EXPERT ? d + LG_DIFFICULTY_EXPERT : d;
  return TRUE;
}

/* Writes the puzzle to the file at path, or says why not on stderr.  A
 * regular file, or a new one, is replaced as a whole (GLib writes a file
 * beside it and renames it over it: a failure leaves it as it was); a
 * device, a pipe or anything else that is not a regular file is opened
 * and written, as the shell's > would: renamed over, a pipe became a
 * file, and so did /dev/null when run as root (who alone may write in
 * /dev). */
static gboolean
write_output (const char *path, const char *text)
{
  const char *reason = NULL;
  g_autoptr (GError) error = NULL;
  struct stat st;
  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      FILE *f = fopen (path, "w");
      int code = f ? 0 : errno;
      if (f && fputs (text, f) == EOF)
        code = errno;
      if (f && fclose (f) != 0 && !code)
        code = errno;
      if (code)
        reason = g_strerror (code);
    }
  else if (!g_file_set_contents (path, text, -1, &error))
    {
      /* GLib's message names its temporary file ("x.FX5SZ3"): the reason
       * is told for the file asked for when its folder is the cause */
      g_autofree char *folder = g_path_get_dirname (path);
      reason = access (folder, W_OK) != 0 ? g_strerror (errno)
                                          : error->message;
    }
  if (!reason)
    return TRUE;
  fprintf (stderr, "logigram-gen: cannot write '%s': %s\n", path, reason);
  return FALSE;
}

static const char summary[] =
    "Write a logic-grid puzzle (.lgm, for logigram) built from a random\n"
    "hidden solution: true clues of every kind are added until exactly one\n"
    "solution remains, as logigram's own solver counts.  The same options\n"
    "give the same puzzle, byte for byte, on every machine.";

static const char description[] =
    "Exit status: 0 puzzle written, 1 failure to generate (or to write\n"
    "FILE), 2 bad command line.\n"
    "\n"
    "Examples:\n"
    "  logigram-gen --items 5 --groups 5 --seed 7 > p.lgm && logigram p.lgm\n"
    "  logigram-gen -n 4 -g 4 -s 1 --minimise --answer\n"
    "  logigram-gen -n 6 -g 6 -s 3 --solutions 3 --output three.lgm\n"
    "  logigram-gen -n 5 -g 5 -s 2 --contradict > none.lgm\n"
    "  logigram-gen -n 5 -g 4 -s 3 --logic --minimise\n"
    "  logigram --why-none none.lgm\n"
    "\n"
    "Report bugs to: " PACKAGE_BUGREPORT;

int
main (int argc, char **argv)
{
  /* As logigram (src/main.c): LC_CTYPE for GLib's charset conversions (the
   * "[OPTION…]" of --help, UTF-8 arguments), LC_MESSAGES for translated
   * messages; not LC_NUMERIC: a puzzle is the same bytes in every locale. */
  setlocale (LC_CTYPE, "");
  setlocale (LC_MESSAGES, "");
  g_autofree char *items_text = NULL, *groups_text = NULL;
  g_autofree char *seed_text = NULL, *solutions_text = NULL;
  g_autofree char *output = NULL, *engine_text = NULL;
  g_autofree char *difficulty_text = NULL, *work_limit_text = NULL;
  gboolean minimise = FALSE, contradict = FALSE, answer = FALSE;
  gboolean logic = FALSE;
  gboolean verbose = FALSE, version = FALSE;
  const GOptionEntry entries[] = {
    { "items", 'n', 0, G_OPTION_ARG_STRING, &items_text,
      "Items per group, 2 to 16 (default 5)", "N" },
    { "groups", 'g', 0, G_OPTION_ARG_STRING, &groups_text,
      "Groups, 2 to 16 (default 5); the first is the row of houses", "G" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      "Seed of the random sequence, 0 to 2^64-1 (default 1)", "S" },
    { "solutions", 'k', 0, G_OPTION_ARG_STRING, &solutions_text,
      "Stop adding clues as soon as at most K solutions remain (default 1: "
      "a unique solution)",
      "K" },
    { "minimise", 'm', 0, G_OPTION_ARG_NONE, &minimise,
      "Then drop, one by one, the clues that are not needed", NULL },
    { "minimize", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &minimise, NULL,
      NULL },
    { "contradict", 'c', 0, G_OPTION_ARG_NONE, &contradict,
      "Then add one false clue, so that no solution is left (a comment "
      "says which)",
      NULL },
    { "answer", 'a', 0, G_OPTION_ARG_NONE, &answer,
      "Print the hidden solution as comments at the end", NULL },
    { "logic", 'l', 0, G_OPTION_ARG_NONE, &logic,
      "Draw clues of logic over couples too: either/or, if-then, exactly "
      "one of three, in some order",
      NULL },
    { "difficulty", 'd', 0, G_OPTION_ARG_STRING, &difficulty_text,
      "Keep only a puzzle of this grade (easy, medium, hard or expert, as "
      "logigram --explain grades it): the seeds from S on are tried in turn, "
      "and the header names the one kept",
      "LEVEL" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the puzzle to FILE instead of the standard output", "FILE" },
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &engine_text,
      "Engine that counts the solutions: fast (default) or faithful; the "
      "puzzle is the same unless a search of the fast engine stops at its "
      "bound (-v counts them)",
      "ENGINE" },
    { "work-limit", 'w', 0, G_OPTION_ARG_STRING, &work_limit_text,
      "The most nodes one search of the fast engine explores (default "
      "2000; 0: no bound, and a search may take minutes from 12 groups "
      "on); a search stopped there decides nothing, and the clue is kept; "
      "with --minimise, logigram then solves the puzzle within N nodes",
      "N" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      "Progress, solver calls and times on stderr", NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &version,
      "Print the version and exit", NULL },
    { NULL }
  };
  g_set_prgname ("logigram-gen");
  g_set_print_handler (lg_output_print_handler); /* --help, checked */
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);
  if (version)
    {
      printf ("logigram-gen (%s) %s\nReport bugs to: %s\n", PACKAGE_NAME,
              PACKAGE_VERSION, PACKAGE_BUGREPORT);
      return lg_output_ok (stdout, TRUE) ? EXIT_GENERATED : EXIT_FAILED;
    }
  if (argc > 1)
    {
      g_autofree char *m =
          g_strdup_printf ("unexpected argument '%s'", argv[1]);
      return usage_error (m);
    }

  LgGenOptions o;
  lg_gen_options_init (&o);
  guint64 v;
  if (items_text)
    {
      if (!parse_number (items_text, LG_GEN_MIN_ITEMS, LG_GEN_MAX_ITEMS, &v))
        return usage_error ("--items wants a number from 2 to 16");
      o.n_items = (guint) v;
    }
  if (groups_text)
    {
      if (!parse_number (groups_text, LG_GEN_MIN_GROUPS, LG_GEN_MAX_GROUPS, &v))
        return usage_error ("--groups wants a number from 2 to 16");
      o.n_groups = (guint) v;
    }
  if (work_limit_text &&
      !parse_number (work_limit_text, 0, G_MAXUINT64, &o.work_limit))
    return usage_error ("--work-limit wants a number from 0 (no bound) to "
                        "18446744073709551615");
  if (seed_text && !parse_number (seed_text, 0, G_MAXUINT64, &o.seed))
    return usage_error ("--seed wants a number from 0 to "
                        "18446744073709551615");
  if (solutions_text &&
      !parse_number (solutions_text, 1, LG_GEN_MAX_SOLUTIONS, &o.max_solutions))
    return usage_error ("--solutions wants a number from 1 to 1000");
  if (engine_text && !lg_engine_from_string (engine_text, &o.engine))
    return usage_error ("--engine wants fast or faithful");
  if (o.engine == LG_ENGINE_FAITHFUL && o.n_items > LG_PERMUT_MAX_N)
    {
      g_autofree char *text = g_strdup_printf (
          "--engine faithful keeps all n! permutations: at most %d items "
          "(--items), not %u; leave it out",
          LG_PERMUT_MAX_N, o.n_items);
      return usage_error (text);
    }
  LgDifficulty level = LG_DIFFICULTY_EASY;
  if (difficulty_text && !lg_difficulty_from_string (difficulty_text, &level))
    return usage_error ("--difficulty wants easy, medium, hard or expert");
  o.minimise = minimise;
  o.contradict = contradict;
  o.answer = answer;
  o.logic = logic;
  o.verbose = verbose;
  /* on a terminal, a status line (--verbose prints lines instead) */
  if (!verbose && isatty (STDERR_FILENO))
    {
      o.progress = stderr;
      o.progress_delay_ms = lg_progress_delay_ms ();
    }

  g_autoptr (LgGen) gen = NULL;
  g_autofree char *text = NULL;
  guint tally[N_GRADES] = { 0 };
  const guint64 first_seed = o.seed;
  for (guint tries = 1;; tries++)
    {
      g_clear_pointer (&gen, lg_gen_free);
      g_clear_pointer (&text, g_free);
      gen = lg_gen_new (&o);
      if (!lg_gen_run (gen, &error))
        {
          fprintf (stderr, "logigram-gen: %s\n", error->message);
          return EXIT_FAILED;
        }
      text = lg_gen_to_lgm (gen);
      guint got;
      if (!difficulty_text)
        break;
      if (!grade (text, level, &got, &error))
        {
          fprintf (stderr, "logigram-gen: %s\n", error->message);
          return EXIT_FAILED;
        }
      if (verbose)
        {
          g_autofree char *name = grade_name (got);
          fprintf (stderr, "logigram-gen: seed %" G_GUINT64_FORMAT ": %s\n",
                   o.seed, name);
        }
      if (got == level)
        break;
      tally[got]++;
      if (tries == DIFFICULTY_NOTE || tries == DIFFICULTY_TRIES)
        {
          g_autofree char *grades = grades_tally (tally);
          g_autofree char *none = g_strdup_printf (
              "no %s puzzle among the %u seeds from %" G_GUINT64_FORMAT " (%s)",
              lg_difficulty_to_string (level), tries, first_seed, grades);
          const char *hint = grades_hint (tally, level, o.minimise);
          if (tries == DIFFICULTY_TRIES)
            {
              fprintf (stderr, "logigram-gen: %s%s\n", none, hint);
              return EXIT_FAILED;
            }
          fprintf (stderr, "logigram-gen: note: %s; trying up to %u%s\n", none,
                   DIFFICULTY_TRIES, hint);
        }
      o.seed++;
    }
  if (verbose)
    {
      guint64 n_solves, n_unsettled;
      double seconds;
      lg_gen_get_work (gen, &n_solves, &seconds, &n_unsettled);
      fprintf (stderr,
               "logigram-gen: %u clues, %" G_GUINT64_FORMAT
               " solution(s); %" G_GUINT64_FORMAT
               " solver calls in %.3f s, %" G_GUINT64_FORMAT
               " nodes explored (%" G_GUINT64_FORMAT
               " stopped at the work limit)\n",
               lg_gen_n_clues (gen), lg_gen_n_solutions (gen), n_solves,
               seconds, lg_gen_get_nodes (gen), n_unsettled);
    }
  if (output)
    {
      if (!write_output (output, text))
        return EXIT_FAILED;
    }
  else
    {
      fputs (text, stdout);
      if (!lg_output_ok (stdout, TRUE))
        return EXIT_FAILED;
    }
  return EXIT_GENERATED;
}
