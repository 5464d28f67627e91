/* main — the command line: read or pick a problem, apply the exercises'
 * options, solve, print.  Exit statuses: 0 solved (whatever the number of
 * solutions), 1 invalid problem, 2 bad command line. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "logigram.h"
#include "diagnose.h"
#include "export.h"
#include "parser.h"
#include "problems.h"
#include "solver.h"
#include "views.h"

enum
{
  EXIT_SOLVED = 0,
  EXIT_INVALID_PROBLEM = 1,
  EXIT_BAD_COMMAND_LINE = 2
};

typedef enum
{
  FORMAT_TABLE,
  FORMAT_JSON,
  FORMAT_CSV
} Format;

typedef struct
{
  char *problem_name;
  char **drops;
  char *order;
  gboolean stats;
  gboolean count_only;
  char *max_solutions_text;
  char *format_text;
  char *export_text;
  char *memory_limit_text;
  gboolean trace;
  char *trace_limit_text;
  gboolean challenge;
  gboolean prune;
  char *check_text;
  char *engine_text;
  char **shows;
  gboolean dot;
  char *max_nodes_text;
  gboolean list_problems;
  gboolean list_rules;
  gboolean why_none;
  gboolean redundant;
  gboolean version;
  char **files;
  /* parsed */
  guint64 max_solutions; /* 0: no limit */
  Format format;
  guint64 memory_limit;
  LgCheck check;
  LgEngine engine;
  guint64 max_nodes;
  guint64 trace_limit;
  LgExportFormat export_format;
  guint64 printed;
  LgSolveOptions solve; /* what set_solving_options makes of the above */
  LgSolver *solver;     /* for --show masks --trace */
} Options;

static void
options_clear (Options *o)
{
  g_free (o->problem_name);
  g_strfreev (o->drops);
  g_free (o->order);
  g_free (o->max_solutions_text);
  g_free (o->format_text);
  g_free (o->export_text);
  g_free (o->check_text);
  g_free (o->engine_text);
  g_strfreev (o->shows);
  g_free (o->max_nodes_text);
  g_free (o->trace_limit_text);
  g_clear_pointer (&o->solve.trace, lg_views_trace_close);
  g_free (o->memory_limit_text);
  g_strfreev (o->files);
}

static int usage_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "%s: %s\nTry '%s --help' for more information.\n",
           g_get_prgname (), message, g_get_prgname ());
  return EXIT_BAD_COMMAND_LINE;
}

static gboolean
parse_count (const char *text, guint64 min, guint64 *value)
{
  if (!text || !g_ascii_isdigit (*text))
    return FALSE;
  return g_ascii_string_to_unsigned (text, 10, min, G_MAXUINT64, value, NULL);
}

/* The head of a JSON or CSV output, printed once the problem is known to
 * be valid (so that an invalid one prints nothing on stdout). */
static void
print_begin (Options *o, const LgProblem *problem)
{
  if (o->format == FORMAT_JSON)
    lg_print_json_begin (stdout, problem);
  else if (o->format == FORMAT_CSV)
    lg_print_csv_begin (stdout, problem);
}

/* How long a step runs before its progress line appears: 1 s, or
 * LG_PROGRESS_DELAY_MS (for tests). */
static guint
progress_delay_ms (void)
{
  const char *text = g_getenv ("LG_PROGRESS_DELAY_MS");
  guint64 delay;
  if (text && g_ascii_string_to_unsigned (text, 10, 0, 600000, &delay, NULL))
    return (guint) delay;
  return 1000;
}

/* A size in bytes: digits with an optional K, M or G (powers of 1024). */
static gboolean
parse_size (const char *text, guint64 *bytes)
{
  char *end;
  if (!text || !g_ascii_isdigit (*text))
    return FALSE;
  errno = 0;
  guint64 value = g_ascii_strtoull (text, &end, 10);
  if (errno)
    return FALSE;
  int shift = 0;
  switch (g_ascii_toupper (*end))
    {
    case 'K':
      shift = 10;
      break;
    case 'M':
      shift = 20;
      break;
    case 'G':
      shift = 30;
      break;
    case '\0':
      break;
    default:
      return FALSE;
    }
  if (*end && (end[1] != '\0' && g_ascii_strcasecmp (end + 1, "iB") != 0 &&
               g_ascii_strcasecmp (end + 1, "B") != 0))
    return FALSE;
  if (value > (G_MAXUINT64 >> shift))
    return FALSE;
  *bytes = value << shift;
  return *bytes > 0;
}

static gboolean
on_solution (const LgProblem *problem, const LgSolution *solution,
             gpointer data)
{
  Options *o = data;
  if (!o->count_only && o->printed == 0)
    print_begin (o, problem);
  if (!o->count_only)
    switch (o->format)
      {
      case FORMAT_TABLE:
        lg_print_solution (stdout, problem, solution);
        break;
      case FORMAT_JSON:
        lg_print_json_solution (stdout, problem, solution, o->printed);
        break;
      case FORMAT_CSV:
        lg_print_csv_solution (stdout, problem, solution, o->printed);
        break;
      }
  o->printed++;
  return TRUE; /* the solver stops at --max-solutions */
}

/* --show masks --trace: the situation's masks each time the tree holds. */
static void
trace_masks (FILE *trace, const uint64_t *masks, gpointer data)
{
  Options *o = data;
  const LgPermut *permut = NULL;
  if (lg_solver_get_tree (o->solver, &permut, NULL))
    lg_views_print_pair_masks (trace, lg_solver_get_problem (o->solver), permut,
                               masks);
}

static void
list_rules (LgProblem *problem)
{
  for (guint i = 1; i <= lg_problem_n_rules (problem); i++)
    {
      LgRule *rule = lg_problem_get_rule (problem, i);
      g_autofree char *text = lg_rule_to_string (rule);
      if (lg_rule_get_line (rule))
        printf ("%u\tline %u\t%s\n", i, lg_rule_get_line (rule), text);
      else
        printf ("%u\t%s\n", i, text);
    }
}

/* A problem error as FILE:LINE:COLUMN: error: MESSAGE. */
static int
problem_error (const char *source, const GError *error)
{
  if (error->domain == LG_PARSE_ERROR)
    fprintf (stderr, "%s\n", error->message);
  else
    {
      guint line = lg_error_get_line (error);
      fprintf (stderr, "%s:%u:1: error: %s\n", source, line ? line : 1,
               error->message);
    }
  return EXIT_INVALID_PROBLEM;
}

static const char summary[] =
    "Solve a logic-grid puzzle (a \"logigram\": zebra, Einstein...) the way\n"
    "the Liberty Eiffel tutorial does: permutations as bit masks, an AND/OR\n"
    "tree, and a backtracking explorer.  Without FILE, solves the built-in\n"
    "classic problem.";

static const char description[] =
    "The --stats counters (on stderr):\n"
    "  constraint groups   groups of rules sharing variables (step 1)\n"
    "  variables           variables in those groups\n"
    "  leaves tried/kept   complete assignments evaluated / giving masks\n"
    "  AND/OR/mask nodes   nodes of the tree built by step 2\n"
    "  nodes explored      nodes visited by the explorer (step 3)\n"
    "  alternatives        OR alternatives taken after a failure\n"
    "  backtracks          failures (empty mask, or next solution)\n"
    "  tree solutions      times the whole tree held\n"
    "  candidates tried    permutations tried by try_solution\n"
    "  permutation checks  pair consistency checks in try_solution\n"
    "  solutions           solutions found\n"
    "\n"
    "Exit status: 0 solved (whatever the number of solutions), 1 invalid\n"
    "problem, 2 bad command line.\n"
    "\n"
    "Examples:\n"
    "  logigram                       the classic zebra problem\n"
    "  logigram --drop 1              the tutorial's first exercise\n"
    "  logigram --order nationality,animal,drink,cigarette,color,house\n"
    "  logigram data/einstein.lgm --max-solutions 2\n"
    "\n"
    "Report bugs to the logigram developers; see man logigram.";

/* Checks the options that need no problem and parses their values into o;
 * returns an exit status, or -1 when all is well. */
static int
check_options (Options *o)
{
  if (o->files && o->files[0] && o->files[1])
    return usage_error ("one problem file at a time, not '%s' and '%s'",
                        o->files[0], o->files[1]);
  if (o->files && o->files[0] && o->problem_name)
    return usage_error ("give a FILE or --problem, not both");
  if (o->why_none && o->redundant)
    return usage_error ("give --why-none or --redundant, not both");
  if ((o->why_none || o->redundant) &&
      (o->count_only || o->max_solutions_text || o->format_text ||
       o->list_rules))
    return usage_error ("%s prints a report, not the solutions: leave out "
                        "--count, --max-solutions, --format and --list-rules",
                        o->why_none ? "--why-none" : "--redundant");
  if (o->max_solutions_text &&
      !parse_count (o->max_solutions_text, 1, &o->max_solutions))
    return usage_error ("--max-solutions takes a whole number from 1, "
                        "not '%s'",
                        o->max_solutions_text);

  if (o->format_text)
    {
      if (g_str_equal (o->format_text, "table"))
        o->format = FORMAT_TABLE;
      else if (g_str_equal (o->format_text, "json"))
        o->format = FORMAT_JSON;
      else if (g_str_equal (o->format_text, "csv"))
        o->format = FORMAT_CSV;
      else
        return usage_error ("--format takes table, json or csv, not '%s'",
                            o->format_text);
    }
  if (o->export_text)
    {
      if (!lg_export_format_from_string (o->export_text, &o->export_format))
        return usage_error ("--export takes asp or minizinc, not '%s'",
                            o->export_text);
      if (o->count_only || o->max_solutions_text || o->format_text ||
          o->list_rules || o->why_none || o->redundant || o->dot ||
          (o->shows && o->shows[0]))
        return usage_error ("--export writes the problem instead of solving "
                            "it: leave out --count, --max-solutions, "
                            "--format, --list-rules, --why-none, "
                            "--redundant, --dot and --show");
    }
  if (o->check_text && !lg_check_from_string (o->check_text, &o->check))
    return usage_error ("--check takes faithful, intersect or fewest, not "
                        "'%s'",
                        o->check_text);
  o->engine = LG_ENGINE_AUTO;
  if (o->engine_text && !lg_engine_from_string (o->engine_text, &o->engine))
    return usage_error ("--engine takes auto, faithful or fast, not '%s'",
                        o->engine_text);
  /* the options that only mean something for the faithful engine choose
   * it */
  if (o->engine == LG_ENGINE_AUTO &&
      (o->dot || (o->shows && o->shows[0]) || o->trace || o->challenge ||
       o->prune || o->check_text))
    o->engine = LG_ENGINE_FAITHFUL;
  o->memory_limit = LG_DEFAULT_MEMORY_LIMIT;
  if (o->memory_limit_text &&
      !parse_size (o->memory_limit_text, &o->memory_limit))
    return usage_error ("--memory-limit takes a size such as 512M or 4G, "
                        "not '%s'",
                        o->memory_limit_text);
  for (guint i = 0; o->shows && o->shows[i]; i++)
    {
      LgView view;
      if (!lg_view_from_name (o->shows[i], &view))
        return usage_error ("--show takes permutations, groups, masks, "
                            "tree or bits, not '%s'",
                            o->shows[i]);
    }
  o->max_nodes = LG_VIEWS_DEFAULT_MAX_NODES;
  if (o->max_nodes_text && !parse_count (o->max_nodes_text, 1, &o->max_nodes))
    return usage_error ("--max-nodes takes a whole number from 1, not '%s'",
                        o->max_nodes_text);
  if (o->dot && o->shows && o->shows[0])
    return usage_error ("--dot prints the tree instead of the solutions: "
                        "no --show with it");
  o->trace_limit = LG_VIEWS_TRACE_LIMIT;
  if (o->trace_limit_text &&
      !parse_count (o->trace_limit_text, 0, &o->trace_limit))
    return usage_error ("--trace-limit takes a whole number (0: no limit), "
                        "not '%s'",
                        o->trace_limit_text);
  if (o->trace_limit_text && !o->trace)
    return usage_error ("--trace-limit caps --trace: give both");
  return -1;
}

/* Everything after the option parsing; returns the exit status. */
/* Loads the problem FILE or --problem names, with --drop and --order
 * applied.  Returns -1 with *problem and *source set (source is the file
 * name, or NAME.lgm, in *display, to free), or the exit status of an error
 * already reported. */
static int
load_problem (Options *o, LgProblem **problem, const char **source,
              char **display)
{
  g_autoptr (GError) error = NULL;
  if (o->files && o->files[0])
    {
      *source = o->files[0];
      *problem = lg_parser_parse_file (*source, &error);
    }
  else
    {
      const char *name = o->problem_name ? o->problem_name : "classic";
      if (!g_strv_contains (lg_problems_names (), name))
        {
          g_autofree char *list =
              g_strjoinv (", ", (char **) lg_problems_names ());
          return usage_error ("unknown problem '%s': choose one of %s", name,
                              list);
        }
      *source = *display = g_strdup_printf ("%s.lgm", name);
      *problem = lg_problems_load (name, &error);
    }
  if (!*problem)
    return problem_error (*source, error);

  for (guint i = 0; o->drops && o->drops[i]; i++)
    {
      guint64 number;
      if (!parse_count (o->drops[i], 1, &number) || number > G_MAXUINT)
        return usage_error ("--drop takes a rule number from 1, not '%s'",
                            o->drops[i]);
      if (!lg_problem_drop_rule (*problem, (guint) number, &error))
        return usage_error ("--drop %s: %s", o->drops[i], error->message);
    }
  if (o->order)
    {
      g_auto (GStrv) names = g_strsplit (o->order, ",", -1);
      if (!lg_problem_set_group_order (*problem, (const char *const *) names,
                                       &error))
        return usage_error ("--order: %s", error->message);
    }
  return -1;
}

/* The solving options: limits, the tutorial's exercises, the engine, and
 * where the trace or the progress line go. */
static void
set_solving_options (Options *o)
{
  LgSolveOptions *s = &o->solve;
  lg_solve_options_init (s);
  s->memory_limit = o->memory_limit;
  s->max_solutions = o->max_solutions;
  s->challenge = o->challenge;
  s->prune = o->prune;
  s->check = o->check;
  s->engine = o->engine;
  if (o->trace)
    s->trace = lg_views_trace_open (stderr, o->trace_limit);
  else if (isatty (STDERR_FILENO))
    {
      s->progress = stderr;
      s->progress_delay_ms = progress_delay_ms ();
    }
  for (guint i = 0; o->trace && o->shows && o->shows[i]; i++)
    if (g_str_equal (o->shows[i], "masks"))
      {
        s->trace_masks = trace_masks;
        s->trace_masks_data = o;
      }
}

/* auto chose the fast engine: one line on stderr says why, and how to
 * insist. */
static void
note_fast_engine (const Options *o, const LgStats *stats)
{
  if (stats->choice == LG_CHOICE_TOO_LARGE)
    {
      g_autofree char *limit = lg_format_size (o->memory_limit);
      fprintf (stderr,
               "%s: note: the faithful engine's tables and tree would not fit "
               "in the memory limit (%s): solving with the fast engine "
               "(--engine=faithful and a larger --memory-limit to insist)\n",
               g_get_prgname (), limit);
      return;
    }
  if (stats->choice == LG_CHOICE_DIMENSION)
    {
      guint n = lg_problem_dimension (lg_solver_get_problem (o->solver));
      if (n > LG_PERMUT_MAX_N)
        fprintf (stderr,
                 "%s: note: %u items per group: the faithful engine takes at "
                 "most %d; solving with the fast engine\n",
                 g_get_prgname (), n, LG_PERMUT_MAX_N);
      else
        fprintf (stderr,
                 "%s: note: %u items per group make masks of %u! bits for "
                 "the faithful engine: solving with the fast engine "
                 "(--engine=faithful to insist)\n",
                 g_get_prgname (), n, n);
      return;
    }
  if (stats->choice == LG_CHOICE_TRIAL)
    {
      fprintf (stderr,
               "%s: note: the faithful engine did not finish in about a "
               "tenth of a second: solving with the fast engine "
               "(--engine=faithful to insist)\n",
               g_get_prgname ());
      return;
    }
  g_autofree char *time = lg_format_seconds (stats->estimate);
  fprintf (stderr,
           "%s: note: the faithful engine would take %s here (an estimate): "
           "solving with the fast engine (--engine=faithful to insist)\n",
           g_get_prgname (), time);
}

/* Solves with the views in between (lg_problem_solve's three steps): they
 * are printed once the problem is known to be valid and transformed. */
static int
solve (Options *o, LgProblem *problem, const char *source, LgStats *stats)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgSolver) solver =
      lg_solver_new (problem, &o->solve, stats, &error);
  if (!solver || !lg_solver_transform (solver, &error))
    return problem_error (source, error);
  o->solver = solver;
  const LgPermut *permut = NULL;
  const LgAndOrTree *tree = NULL;
  if ((o->dot || (o->shows && o->shows[0])) &&
      !(tree = lg_solver_get_tree (solver, &permut, &error)))
    return usage_error ("%s: %s", o->dot ? "--dot" : "--show", error->message);
  if (o->dot)
    {
      g_autofree char *title = g_path_get_basename (source);
      lg_views_print_dot (stdout, problem, tree, o->max_nodes, title);
      if (o->stats)
        lg_print_stats (stderr, stats);
      return EXIT_SOLVED;
    }
  for (guint i = 0; o->shows && o->shows[i]; i++)
    {
      LgView view = LG_VIEW_PERMUTATIONS;
      lg_view_from_name (o->shows[i], &view);
      lg_views_print (stdout, solver, view, o->max_nodes);
    }
  gint64 explored = lg_solver_explore (solver, on_solution, o, &error);
  g_clear_pointer (&o->solve.trace, lg_views_trace_close); /* its last line */
  if (explored < 0)
    return problem_error (source, error);
  if (stats->engine == LG_ENGINE_FAST && stats->choice != LG_CHOICE_ASKED)
    note_fast_engine (o, stats);
  if (o->count_only)
    printf ("%" G_GUINT64_FORMAT "\n", o->printed);
  else
    {
      if (o->printed == 0)
        print_begin (o, problem);
      if (o->format == FORMAT_TABLE)
        lg_print_count (stdout, o->printed,
                        stats->complete ? 0 : o->max_solutions);
      else if (o->format == FORMAT_JSON)
        lg_print_json_end (stdout, o->printed, stats->complete);
    }
  if (!stats->complete && (o->count_only || o->format == FORMAT_CSV))
    fprintf (
        stderr,
        "%s: note: the search stopped at --max-solutions %" G_GUINT64_FORMAT
        ": there may be more solutions\n",
        g_get_prgname (), o->max_solutions);
  if (o->stats)
    lg_print_stats (stderr, stats);
  return EXIT_SOLVED;
}

static int
run (Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = NULL;
  g_autofree char *display = NULL;
  const char *source = NULL;

  if (o->version)
    {
      printf ("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
      return EXIT_SOLVED;
    }
  if (o->list_problems)
    {
      for (const char *const *n = lg_problems_names (); *n; n++)
        printf ("%s\n", *n);
      return EXIT_SOLVED;
    }
  int status = check_options (o);
  if (status >= 0)
    return status;

  g_autoptr (GTimer) timer = g_timer_new ();
  status = load_problem (o, &problem, &source, &display);
  if (status >= 0)
    return status;
  LgStats stats = { 0 };
  stats.time_describe = g_timer_elapsed (timer, NULL);

  if (o->list_rules)
    {
      list_rules (problem);
      return EXIT_SOLVED;
    }
  if (o->export_text)
    {
      /* The problem for clingo or MiniZinc, checked first: on an error
       * nothing is written on stdout. */
      g_autofree char *title = g_path_get_basename (source);
      if (!lg_export (stdout, problem, o->export_format, title, &error))
        return problem_error (source, error);
      return EXIT_SOLVED;
    }
  set_solving_options (o);
  if (o->why_none || o->redundant)
    {
      /* Many solves with rules dropped; the report alone on stdout. */
      if (!lg_diagnose_run (problem, &o->solve,
                            o->why_none ? LG_DIAGNOSE_WHY_NONE
                                        : LG_DIAGNOSE_REDUNDANT,
                            stdout, o->stats ? stderr : NULL, &error))
        return problem_error (source, error);
      return EXIT_SOLVED;
    }
  return solve (o, problem, source, &stats);
}

int
main (int argc, char **argv)
{
  /* Only the categories logigram uses: each one set costs a locale file
   * lookup at start-up (doc/performance.md, "Start-up").  LC_CTYPE: GLib's
   * charset conversions (UTF-8 option arguments, --help, messages);
   * LC_MESSAGES: GLib's and the C library's translated messages;
   * LC_NUMERIC: the times of --stats.  */
  setlocale (LC_CTYPE, "");
  setlocale (LC_MESSAGES, "");
  setlocale (LC_NUMERIC, "");
  g_set_prgname ("logigram");
  Options o = { 0 };
  const GOptionEntry entries[] = {
    { "problem", 'p', 0, G_OPTION_ARG_STRING, &o.problem_name,
      "Solve the built-in problem NAME (classic, small, jojo, big)", "NAME" },
    { "drop", 'd', 0, G_OPTION_ARG_STRING_ARRAY, &o.drops,
      "Ignore rule N (numbered from 1 in problem order; repeatable)", "N" },
    { "order", 'o', 0, G_OPTION_ARG_STRING, &o.order,
      "Declare the groups in this order (all group names, comma-separated)",
      "G1,G2,..." },
    { "stats", 's', 0, G_OPTION_ARG_NONE, &o.stats,
      "Print the time of each step and the work counters on stderr", NULL },
    { "count", 'c', 0, G_OPTION_ARG_NONE, &o.count_only,
      "Print only the number of solutions", NULL },
    { "max-solutions", 'm', 0, G_OPTION_ARG_STRING, &o.max_solutions_text,
      "Stop after N solutions (2 checks uniqueness)", "N" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o.format_text,
      "Output format: table (the default, as the original), json or csv",
      "FORMAT" },
    { "export", 0, 0, G_OPTION_ARG_STRING, &o.export_text,
      "Write the problem for another solver instead of solving it: asp "
      "(clingo --project 0) or minizinc (minizinc -a)",
      "FORMAT" },
    { "memory-limit", 0, 0, G_OPTION_ARG_STRING, &o.memory_limit_text,
      "Refuse problems needing more memory than SIZE (bytes, or with K, M, "
      "G; default 2G)",
      "SIZE" },
    { "trace", 't', 0, G_OPTION_ARG_NONE, &o.trace,
      "Write every step of the exploration on stderr, indented by depth",
      NULL },
    { "trace-limit", 0, 0, G_OPTION_ARG_STRING, &o.trace_limit_text,
      "Keep the first N lines of --trace, then say how many were left out "
      "(default 10000; 0: all)",
      "N" },
    { "challenge", 0, 0, G_OPTION_ARG_NONE, &o.challenge,
      "Transformation: evaluate each logical rule as soon as its variables "
      "have values, and prune there (same solutions)",
      NULL },
    { "prune", 0, 0, G_OPTION_ARG_NONE, &o.prune,
      "Exploration: after each mask update, check that every item still has "
      "a partner in every group, and backtrack at once when not (same "
      "solutions, fewer nodes)",
      NULL },
    { "check", 0, 0, G_OPTION_ARG_STRING, &o.check_text,
      "try_solution strategy: faithful (default), intersect or fewest "
      "(same solutions)",
      "STRATEGY" },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &o.engine_text,
      "Solving engine: auto (the default: faithful when it is estimated to "
      "finish in a tenth of a second, else fast), faithful (the tutorial's "
      "masks and tree; --show, --dot, --trace, --challenge, --prune and "
      "--check choose it) or fast (the same solutions, found by constraint "
      "propagation)",
      "NAME" },
    { "show", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o.shows,
      "Before the solutions, print a view of the inside: permutations (the "
      "numbering; beyond 6 items, its first and last 20 rows), groups, masks, "
      "tree or bits (each mask's bits, as the tutorial draws them; "
      "repeatable, printed in the order given)",
      "WHAT" },
    { "dot", 0, 0, G_OPTION_ARG_NONE, &o.dot,
      "Print the AND/OR tree in Graphviz DOT instead of solving", NULL },
    { "max-nodes", 0, 0, G_OPTION_ARG_STRING, &o.max_nodes_text,
      "Show at most N nodes of the tree in --show tree, --show bits and --dot "
      "(default 200)",
      "N" },
    { "list-problems", 0, 0, G_OPTION_ARG_NONE, &o.list_problems,
      "List the built-in problems", NULL },
    { "list-rules", 0, 0, G_OPTION_ARG_NONE, &o.list_rules,
      "List the rules with their numbers (for --drop) and source lines", NULL },
    { "why-none", 0, 0, G_OPTION_ARG_NONE, &o.why_none,
      "For a problem without solution, print a minimal set of rules that "
      "has no solution on its own",
      NULL },
    { "redundant", 0, 0, G_OPTION_ARG_NONE, &o.redundant,
      "Print the rules that can be dropped alone without changing the "
      "solutions, and a minimal set of rules that keeps them",
      NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o.version,
      "Print the version and exit", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.files, NULL,
      "[FILE]" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("[FILE]");
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  int status;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = usage_error ("%s", error->message);
  else
    status = run (&o);
  options_clear (&o);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "%s: error writing the output: %s\n", g_get_prgname (),
               g_strerror (errno));
      return EXIT_INVALID_PROBLEM;
    }
  return status;
}
