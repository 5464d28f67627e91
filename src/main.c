/* main — the command line: read or pick a problem, apply the exercises'
 * options, solve, print.  Exit statuses: 0 solved (whatever the number of
 * solutions), 1 invalid problem or output error, 2 bad command line, 3
 * stopped by --time-limit. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "logigram.h"
#include "diagnose.h"
#include "explain.h"
#include "export.h"
#include "output.h"
#include "parser.h"
#include "problems.h"
#include "progress.h"
#include "solver.h"
#include "views.h"

enum
{
  EXIT_SOLVED = 0,
  EXIT_INVALID_PROBLEM = 1,
  EXIT_WRITE_ERROR = 1, /* the output cannot be written (output.h) */
  EXIT_BAD_COMMAND_LINE = 2,
  EXIT_TIME_LIMIT = 3 /* --time-limit stopped the search */
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
  char **clue_drops;
  char *order;
  gboolean stats;
  gboolean stats_levels; /* --stats-levels (implies stats) */
  gboolean count_only;
  char *max_solutions_text;
  char *format_text;
  char *export_text;
  char *memory_limit_text;
  char *time_limit_text;
  gboolean trace;
  char *trace_limit_text;
  gboolean challenge;
  gboolean prune;
  char *check_text;
  char *engine_text;
  char **shows;
  gboolean dot;
  char *max_nodes_text;
  char *work_limit_text;
  char *repeat_text;
  gboolean list_problems;
  gboolean list_rules;
  gboolean list_clues;
  gboolean werror;
  gboolean why_none;
  gboolean redundant;
  gboolean explain;
  char *hint_file;
  gboolean grid;
  char *grid_every_text;
  gboolean ascii;
  gboolean version;
  char **files;
  /* parsed */
  guint64 max_solutions; /* 0: no limit */
  Format format;
  guint64 memory_limit;
  gint64 deadline; /* --time-limit from the start of the run; 0: none */
  LgCheck check;
  LgEngine engine;
  const char *faithful_by; /* the option that chose the faithful engine
                              (--show...), NULL when none did */
  guint64 max_nodes;
  guint64 work_limit; /* --work-limit: the bound of each diagnostic test */
  guint64 repeat;     /* solves, from 1 */
  guint64 grid_every; /* --grid-every, 1 with --grid alone */
  guint64 trace_limit;
  LgExportFormat export_format;
  guint64 printed;
  LgSolveOptions solve; /* what set_solving_options makes of the above */
  LgSolver *solver;     /* for --show masks --trace */
  char **warnings;      /* the file's warnings, printed once it proved valid */
} Options;

static void
options_clear (Options *o)
{
  g_free (o->problem_name);
  g_strfreev (o->drops);
  g_strfreev (o->clue_drops);
  g_free (o->order);
  g_free (o->max_solutions_text);
  g_free (o->format_text);
  g_free (o->export_text);
  g_free (o->check_text);
  g_free (o->engine_text);
  g_strfreev (o->shows);
  g_free (o->max_nodes_text);
  g_free (o->repeat_text);
  g_free (o->trace_limit_text);
  g_clear_pointer (&o->solve.trace, lg_views_trace_close);
  g_free (o->memory_limit_text);
  g_free (o->time_limit_text);
  g_free (o->work_limit_text);
  g_free (o->hint_file);
  g_free (o->grid_every_text);
  g_strfreev (o->files);
  g_strfreev (o->warnings);
}

/* Prints the problem file's warnings, once: when the problem has passed
 * what may still find it invalid (the expansion of its rules, where an
 * integer overflow shows), so that an invalid problem says one error line
 * and nothing else. */
static void
print_warnings (Options *o)
{
  for (guint i = 0; o->warnings && o->warnings[i]; i++)
    fprintf (stderr, "%s\n", o->warnings[i]);
  g_clear_pointer (&o->warnings, g_strfreev);
}

static int usage_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *text = g_strdup_vprintf (format, args);
  va_end (args);
  /* arguments are any bytes: the message echoes them printable */
  g_autofree char *message = lg_parser_printable (text);
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

/* --time-limit SECONDS: a decimal number of seconds, more than 0; the
 * deadline of the search, counted from now. */
static gboolean
parse_time_limit (const char *text, gint64 *deadline)
{
  char *end;
  if (!text || !(g_ascii_isdigit (*text) || *text == '.'))
    return FALSE;
  /* digits and one point: no sign, exponent, hexadecimal, inf or nan */
  gsize digits = strspn (text, "0123456789");
  if (text[digits] == '.')
    digits += 1 + strspn (text + digits + 1, "0123456789");
  if (text[digits] != '\0')
    return FALSE;
  errno = 0;
  double seconds = g_ascii_strtod (text, &end);
  if (errno || *end || !(seconds > 0) || seconds > 1e9)
    return FALSE;
  *deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  return TRUE;
}

/* What stopped the search before its end, as the last line of a table and
 * the note on stderr say it ("--time-limit 5"), or NULL; g_free it. */
static char *
stopped_by (const Options *o, const LgStats *stats)
{
  if (stats->complete)
    return NULL;
  if (stats->timed_out)
    return g_strdup_printf ("--time-limit %s", o->time_limit_text);
  return g_strdup_printf ("--max-solutions %" G_GUINT64_FORMAT,
                          o->max_solutions);
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
  /* a failed write stops the search; the solver stops at --max-solutions */
  return lg_output_ok (stdout, FALSE);
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

/* --list-clues: each clue, then its rules indented, as --list-rules prints
 * them; a rule that is a clue on its own has "-" for text. */
static void
list_clues (LgProblem *problem)
{
  for (guint c = 1; c <= lg_problem_n_clues (problem); c++)
    {
      const char *text = lg_clue_get_text (problem, c);
      guint first = lg_clue_get_first_rule (problem, c);
      if (lg_clue_get_line (problem, c))
        printf ("clue %u\tline %u\t%s\n", c, lg_clue_get_line (problem, c),
                text ? text : "-");
      else
        printf ("clue %u\t%s\n", c, text ? text : "-");
      for (guint r = first; r < first + lg_clue_get_n_rules (problem, c); r++)
        {
          LgRule *rule = lg_problem_get_rule (problem, r);
          g_autofree char *rule_text = lg_rule_to_string (rule);
          if (lg_rule_get_line (rule))
            printf ("\t%u\tline %u\t%s\n", r, lg_rule_get_line (rule),
                    rule_text);
          else
            printf ("\t%u\t%s\n", r, rule_text);
        }
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
    "The --stats counters (on stderr), after the engine that ran and why\n"
    "and the time of each step:\n"
    "  constraint groups   groups of rules sharing variables (step 1)\n"
    "  variables           variables in those groups\n"
    "  leaves tried/kept   complete assignments decided / giving masks\n"
    "  leaves saved        assignments not enumerated, a rule failing above\n"
    "  AND/OR/mask nodes   nodes of the tree built by step 2\n"
    "  mask words          64-bit words held by the mask nodes\n"
    "  nodes explored      nodes visited by the explorer (step 3)\n"
    "  alternatives        OR alternatives taken after a failure\n"
    "  backtracks          failures (empty mask, or next solution)\n"
    "  tree solutions      times the whole tree held\n"
    "  candidates tried    permutations tried by try_solution\n"
    "  candidates saved    candidates the intersections removed (--check)\n"
    "  permutation checks  pair consistency checks in try_solution\n"
    "  solutions           distinct solutions found\n"
    "  duplicates skipped  solutions the tree reached again by another path\n"
    "  probes skipped      the fast engine's probes spared (from 8 items)\n"
    "  lazy steps          the fast engine's steps in searching large groups\n"
    "  memory estimate     bytes estimated before allocating (--memory-limit)\n"
    "\n"
    "Exit status: 0 solved (whatever the number of solutions), 1 invalid\n"
    "problem or output error, 2 bad command line, 3 stopped by --time-limit\n"
    "(the solutions printed are those found in time).\n"
    "\n"
    "Examples:\n"
    "  logigram                       the classic zebra problem\n"
    "  logigram --drop 1              the tutorial's first exercise\n"
    "  logigram --order nationality,animal,drink,cigarette,color,house\n"
    "  logigram -p einstein --max-solutions 2\n"
    "\n"
    "Report bugs to: " PACKAGE_BUGREPORT;

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
  /* One thing at a time: each of these prints something else than the
   * solutions, and took the others silently (--list-clues --explain
   * printed the clues alone). */
  const struct
  {
    gboolean on;
    const char *name;
  } modes[] = {
    { o->list_problems, "--list-problems" },
    { o->list_rules, "--list-rules" },
    { o->list_clues, "--list-clues" },
    { o->dot, "--dot" },
    { o->export_text != NULL, "--export" },
    { o->why_none || o->redundant, o->why_none ? "--why-none" : "--redundant" },
    { o->explain || o->hint_file || o->grid,
      o->explain ? "--explain" : (o->hint_file ? "--hint" : "--grid") },
    { o->shows && o->shows[0], "--show" },
  };
  const char *mode = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (modes[i].on)
      {
        if (mode)
          return usage_error ("%s and %s print different things: give one "
                              "of them at a time",
                              mode, modes[i].name);
        mode = modes[i].name;
      }
  if (o->why_none && o->redundant)
    return usage_error ("give --why-none or --redundant, not both");
  if ((o->why_none || o->redundant) &&
      (o->count_only || o->max_solutions_text || o->format_text))
    return usage_error ("%s prints a report, not the solutions: leave out "
                        "--count, --max-solutions and --format",
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
      if (o->list_clues && o->format == FORMAT_CSV)
        return usage_error ("--list-clues prints a table or JSON, not CSV");
    }
  /* what prints something else than the solutions takes no option of
   * theirs (they were silently ignored) */
  if (o->list_rules &&
      (o->count_only || o->max_solutions_text || o->format_text))
    return usage_error ("--list-rules prints the rules, not the solutions: "
                        "leave out --count, --max-solutions and --format "
                        "(--list-clues --format json gives the rules in "
                        "JSON)");
  if (o->list_clues && (o->count_only || o->max_solutions_text))
    return usage_error ("--list-clues prints the clues, not the solutions: "
                        "leave out --count and --max-solutions");
  if (o->dot && (o->count_only || o->max_solutions_text || o->format_text ||
                 o->trace || o->time_limit_text))
    return usage_error ("--dot prints the AND/OR tree, not the solutions, "
                        "and explores nothing: leave out --count, "
                        "--max-solutions, --format, --trace and --time-limit");
  if (o->shows && o->shows[0] && o->format != FORMAT_TABLE)
    return usage_error ("--show prints its views as text, before the "
                        "solutions: not with --format json or csv");
  if (o->export_text)
    {
      if (!lg_export_format_from_string (o->export_text, &o->export_format))
        return usage_error ("--export takes asp or minizinc, not '%s'",
                            o->export_text);
      /* the options of a solve, which it would ignore */
      const struct
      {
        gboolean on;
        const char *name;
      } solving[] = {
        { o->count_only, "--count" },
        { o->max_solutions_text != NULL, "--max-solutions" },
        { o->format_text != NULL, "--format" },
        { o->time_limit_text != NULL, "--time-limit" },
        { o->trace, "--trace" },
        { o->check_text != NULL, "--check" },
        { o->engine_text != NULL, "--engine" },
        { o->challenge, "--challenge" },
        { o->prune, "--prune" },
        { o->stats, "--stats" },
        { o->memory_limit_text != NULL, "--memory-limit" },
      };
      for (guint i = 0; i < G_N_ELEMENTS (solving); i++)
        if (solving[i].on)
          return usage_error ("--export writes the problem without solving "
                              "it: %s has no effect with it, leave it out",
                              solving[i].name);
    }
  if (o->check_text && !lg_check_from_string (o->check_text, &o->check))
    return usage_error ("--check takes faithful, intersect or fewest, not "
                        "'%s'",
                        o->check_text);
  o->engine = LG_ENGINE_AUTO;
  if (o->engine_text && !lg_engine_from_string (o->engine_text, &o->engine))
    return usage_error ("--engine takes auto, faithful or fast, not '%s'",
                        o->engine_text);
  /* the fast engine has no transformation to challenge and no
   * try_solution to choose a strategy for */
  if (o->engine == LG_ENGINE_FAST &&
      (o->challenge || o->check_text || o->stats_levels || o->prune))
    {
      const char *what =
          "--stats-levels counts the faithful engine's try_solution";
      if (o->challenge)
        what = "--challenge changes the faithful engine";
      else if (o->check_text)
        what = "--check changes the faithful engine";
      else if (o->prune)
        what = "--prune prunes the faithful engine's walk";
      return usage_error ("%s only: it has no effect with --engine=fast", what);
    }
  /* the options that only mean something for the faithful engine choose
   * it */
  if (o->engine == LG_ENGINE_AUTO)
    o->faithful_by = o->dot                    ? "--dot"
                     : o->shows && o->shows[0] ? "--show"
                     : o->trace                ? "--trace"
                     : o->challenge            ? "--challenge"
                     : o->prune                ? "--prune"
                     : o->check_text           ? "--check"
                     : o->stats_levels         ? "--stats-levels"
                                               : NULL;
  if (o->faithful_by)
    o->engine = LG_ENGINE_FAITHFUL;
  o->memory_limit = LG_DEFAULT_MEMORY_LIMIT;
  if (o->memory_limit_text &&
      !parse_size (o->memory_limit_text, &o->memory_limit))
    return usage_error ("--memory-limit takes a size such as 512M or 4G, "
                        "not '%s'",
                        o->memory_limit_text);
  if (o->time_limit_text &&
      !parse_time_limit (o->time_limit_text, &o->deadline))
    return usage_error ("--time-limit takes a number of seconds above 0, "
                        "such as 10 or 0.5, not '%s'",
                        o->time_limit_text);
  for (guint i = 0; o->shows && o->shows[i]; i++)
    {
      LgView view;
      if (!lg_view_from_name (o->shows[i], &view))
        return usage_error ("--show takes permutations, groups, masks, "
                            "tree or bits, not '%s'",
                            o->shows[i]);
    }
  if (o->work_limit_text &&
      !parse_count (o->work_limit_text, 0, &o->work_limit))
    return usage_error ("--work-limit takes a whole number of nodes from 0 "
                        "(no limit), not '%s'",
                        o->work_limit_text);
  if (o->work_limit_text && !o->why_none && !o->redundant)
    return usage_error ("--work-limit bounds each test of --why-none and "
                        "--redundant: give one of them too");
  if (o->work_limit_text && o->engine == LG_ENGINE_FAITHFUL)
    return usage_error ("--work-limit counts the nodes of the fast engine: "
                        "not with --engine=faithful");
  if (o->max_nodes_text && !o->dot && !(o->shows && o->shows[0]))
    return usage_error ("--max-nodes caps the tree of --dot and --show: give "
                        "one of them");
  o->max_nodes = LG_VIEWS_DEFAULT_MAX_NODES;
  if (o->max_nodes_text && !parse_count (o->max_nodes_text, 1, &o->max_nodes))
    return usage_error ("--max-nodes takes a whole number from 1, not '%s'",
                        o->max_nodes_text);
  o->stats |= o->stats_levels;
  o->repeat = 1;
  if (o->repeat_text && !parse_count (o->repeat_text, 1, &o->repeat))
    return usage_error ("--repeat takes a whole number from 1, not '%s'",
                        o->repeat_text);
  if (o->repeat > 1000000)
    return usage_error ("--repeat takes at most 1000000 solves, not '%s'",
                        o->repeat_text);
  if (o->repeat_text && (o->dot || o->export_text || o->list_rules ||
                         o->why_none || o->redundant))
    return usage_error ("--repeat times the solve: it has no effect with "
                        "--dot, --export, --list-rules, --why-none or "
                        "--redundant");
  if (o->grid_every_text &&
      !parse_count (o->grid_every_text, 1, &o->grid_every))
    return usage_error ("--grid-every takes a whole number from 1, not '%s'",
                        o->grid_every_text);
  if ((o->grid_every_text || o->ascii) && !o->grid)
    return usage_error ("--grid-every and --ascii draw the grid: give --grid");
  if (o->grid && !o->grid_every_text)
    o->grid_every = 1;
  if (o->explain && o->hint_file)
    return usage_error ("give --explain or --hint, not both");
  if (o->hint_file && g_str_equal (o->hint_file, "-") && o->files &&
      o->files[0] && g_str_equal (o->files[0], "-"))
    return usage_error ("the problem and the facts of --hint cannot both be "
                        "the standard input ('-'): name a file for one");
  if ((o->explain || o->hint_file || o->grid) &&
      (o->count_only || o->max_solutions_text || o->format == FORMAT_CSV))
    return usage_error ("--explain, --hint and --grid print the steps, not "
                        "the solutions: leave out --count, --max-solutions "
                        "and --format csv");
  if (o->grid && o->format == FORMAT_JSON)
    return usage_error ("--grid draws text: not with --format json");
  if ((o->explain || o->hint_file || o->grid) &&
      (o->stats || o->trace || o->repeat_text || o->check_text ||
       o->engine_text || o->challenge || o->prune))
    return usage_error ("--explain, --hint and --grid reason on the grid, "
                        "with neither engine: --stats, --trace, --repeat, "
                        "--check, --engine, --challenge and --prune have no "
                        "effect with them");
  if (o->count_only && o->format_text)
    return usage_error ("--count prints the number alone: leave out --format "
                        "(with --format json the object ends with the "
                        "count)");
  if (o->list_problems &&
      ((o->files && o->files[0]) || o->problem_name || o->count_only ||
       o->max_solutions_text || o->format_text))
    return usage_error ("--list-problems lists the built-in problems: no "
                        "FILE, --problem, --count, --max-solutions or "
                        "--format with it");
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

/* --drop or --drop-clue (option): drops rule or clue (what) number
 * `texts[i]` for each i; returns -1, or the exit status of a bad number. */
static int
apply_drops (LgProblem *problem, char **texts, const char *option,
             const char *what, gboolean (*drop) (LgProblem *, guint, GError **))
{
  for (guint i = 0; texts && texts[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      guint64 number;
      if (!parse_count (texts[i], 1, &number) || number > G_MAXUINT)
        return usage_error ("%s takes a %s number from 1, not '%s'", option,
                            what, texts[i]);
      if (!drop (problem, (guint) number, &error))
        return usage_error ("%s %s: %s", option, texts[i], error->message);
    }
  return -1;
}

/* A FILE that does not exist but names a problem, built in or installed
 * (`logigram classic`, `logigram einstein.lgm`): the error says how to
 * solve that one. */
static void
missing_file_hint (const char *file, GError *error)
{
  if (!g_error_matches (error, LG_PARSE_ERROR, LG_PARSE_ERROR_IO) ||
      g_str_equal (file, "-") || strchr (file, '/') ||
      g_file_test (file, G_FILE_TEST_EXISTS))
    return;
  g_autofree char *name = g_str_has_suffix (file, ".lgm")
                              ? g_strndup (file, strlen (file) - 4)
                              : g_strdup (file);
  g_autofree char *source = lg_problems_source (name);
  if (!source)
    return;
  char *message = g_strdup_printf (
      "%s; for the %s problem '%s', write -p %s", error->message,
      g_strv_contains (lg_problems_names (), name) ? "built-in" : "installed",
      name, name);
  g_free (error->message);
  error->message = message;
}

/* Loads the problem FILE or --problem names, with --drop and --order
 * applied.  Returns -1 with *problem and *source set (source is the file
 * name, or NAME.lgm, in *display, to free), or the exit status of an error
 * already reported. */
static int
load_problem (Options *o, LgProblem **problem, const char **source,
              char **display)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) warnings = NULL;
  if (o->files && o->files[0])
    {
      *source = *display = lg_parser_display_name (o->files[0]);
      *problem = lg_parser_parse_file_within (o->files[0], o->memory_limit,
                                              &warnings, &error);
    }
  else
    {
      const char *name = o->problem_name ? o->problem_name : "classic";
      *source = *display = lg_problems_source (name);
      *problem = lg_problems_load (name, &error);
      if (!*source) /* unknown: the message names the problems there are */
        return usage_error ("%s", error->message);
    }
  if (!*problem)
    {
      if (o->files && o->files[0])
        missing_file_hint (o->files[0], error);
      return problem_error (*source, error);
    }
  if (warnings && warnings[0] && o->werror)
    {
      /* the first warning, as the one error line of an invalid problem */
      g_autofree char *line = g_strdup (warnings[0]);
      char *mark = strstr (line, ": warning: ");
      fprintf (stderr, "%.*s: error: %s\n", (int) (mark - line), line,
               mark + strlen (": warning: "));
      return EXIT_INVALID_PROBLEM;
    }
  g_strfreev (o->warnings);
  o->warnings = g_steal_pointer (&warnings);

  int status =
      apply_drops (*problem, o->drops, "--drop", "rule", lg_problem_drop_rule);
  if (status < 0)
    status = apply_drops (*problem, o->clue_drops, "--drop-clue", "clue",
                          lg_problem_drop_clue);
  if (status >= 0)
    return status;
  if (o->order)
    {
      g_auto (GStrv) names = g_strsplit (o->order, ",", -1);
      if (!lg_problem_set_group_order (*problem, (const char *const *) names,
                                       &error))
        return usage_error ("--order: %s", error->message);
    }
  return -1;
}

/* load_problem, timed: the start of stats->time_describe (lg_solver_new
 * adds the partition). */
static int
load_timed (Options *o, LgProblem **problem, const char **source,
            char **display, LgStats *stats)
{
  g_autoptr (GTimer) timer = g_timer_new ();
  int status = load_problem (o, problem, source, display);
  stats->time_describe = g_timer_elapsed (timer, NULL);
  return status;
}

/* --repeat: the solves 2..N, each the three steps from the file as the
 * first one, without output (no solution, trace or progress line), their
 * counters in runs[1..N-1].  Returns -1, or the status of an error. */
static int
repeat_solve (Options *o, LgStats *runs)
{
  LgSolveOptions quiet = o->solve;
  quiet.trace = NULL;
  quiet.trace_masks = NULL;
  quiet.progress = NULL;
  for (guint64 k = 1; k < o->repeat; k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LgProblem) problem = NULL;
      g_autofree char *display = NULL;
      const char *source = NULL;
      int status = load_timed (o, &problem, &source, &display, &runs[k]);
      g_clear_pointer (&o->warnings, g_strfreev); /* said at the first */
      if (status >= 0)
        return status;
      g_autoptr (LgSolver) solver =
          lg_solver_new (problem, &quiet, &runs[k], &error);
      if (!solver || !lg_solver_transform (solver, &error) ||
          lg_solver_explore (solver, NULL, NULL, &error) < 0)
        return problem_error (source, error);
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
  s->deadline = o->deadline;
  s->challenge = o->challenge;
  s->prune = o->prune;
  s->check = o->check;
  s->engine = o->engine;
  if (o->trace)
    s->trace = lg_views_trace_open (stderr, o->trace_limit);
  else if (isatty (STDERR_FILENO))
    {
      s->progress = stderr;
      s->progress_delay_ms = lg_progress_delay_ms ();
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
               "%s: note: the faithful engine's tables and tree, or the "
               "solutions it keeps, would not fit in the memory limit (%s): "
               "solving with the fast engine "
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
  if (stats->choice == LG_CHOICE_MANY)
    {
      fprintf (stderr,
               "%s: note: the faithful engine found over %d solutions in "
               "its trial, more than auto holds back: solving with the fast "
               "engine (--engine=faithful to insist)\n",
               g_get_prgname (), LG_AUTO_TRIAL_KEPT);
      return;
    }
  if (stats->choice == LG_CHOICE_PROJECTED)
    {
      g_autofree char *time = lg_format_seconds (stats->estimate);
      fprintf (stderr,
               "%s: note: the faithful engine would take %s here (projected "
               "from the share of its tree its trial explored): solving with "
               "the fast engine (--engine=faithful to insist)\n",
               g_get_prgname (), time);
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

/* What solves quicker than the faithful engine asked for: the fast engine,
 * by leaving out the option that chose the faithful one, or by asking for
 * it; g_free it. */
static char *
faithful_instead (const Options *o)
{
  return o->faithful_by ? g_strdup_printf ("without %s the fast engine solves",
                                           o->faithful_by)
                        : g_strdup ("--engine=fast would be much quicker");
}

/* The faithful engine was asked for (by --engine or an option of its own)
 * and is estimated to take long: one line on stderr says so before the
 * step, and what would be quicker; on a terminal too, where it stays
 * once the progress line is erased (that line says it again when the
 * terminal is wide enough; a narrower one leaves it out: progress.c).
 * Not with --trace, whose lines are on stderr.  Before the
 * transformation (transform: TRUE), from its upper bound; before the
 * search, from its estimate (the caller skips it when the first note was
 * given).  Whether it gave the note. */
static gboolean
note_slow_faithful (const Options *o, LgSolver *solver, gboolean transform)
{
  if (o->solve.trace)
    return FALSE;
  double seconds = transform ? lg_solver_transform_bound (solver)
                             : lg_solver_estimate (solver);
  if (seconds < LG_FAITHFUL_SLOW_SECONDS)
    return FALSE;
  g_autofree char *time = lg_format_seconds (seconds);
  g_autofree char *needs =
      o->faithful_by ? g_strdup_printf (", which %s needs,", o->faithful_by)
                     : g_strdup ("");
  g_autofree char *instead = faithful_instead (o);
  if (transform)
    fprintf (stderr,
             "%s: note: the faithful engine%s may take up to %s here to "
             "build its tree (a bound): %s\n",
             g_get_prgname (), needs, time, instead);
  else
    fprintf (stderr,
             "%s: note: the faithful engine%s would take %s here (an "
             "estimate); %s%s\n",
             g_get_prgname (), needs, time,
             o->faithful_by ? "--time-limit bounds it, and " : "", instead);
  return TRUE;
}

/* The time limit passed while the engine was made (the faithful engine
 * built its tree, the fast one made its leaves): one line on stderr says
 * that nothing was searched (nor shown), and what would be quicker when
 * the faithful engine was asked for and no note said it before
 * (noted). */
static void
note_cut (const Options *o, const LgStats *stats, gboolean noted)
{
  gboolean fast = stats->engine == LG_ENGINE_FAST;
  gboolean say_instead = !fast && stats->choice == LG_CHOICE_ASKED && !noted;
  g_autofree char *instead = say_instead ? faithful_instead (o) : NULL;
  fprintf (stderr,
           "%s: note: the time limit (--time-limit %s) passed while the "
           "%s: nothing was %s%s%s\n",
           g_get_prgname (), o->time_limit_text,
           fast ? "fast engine made the leaves of its constraint groups"
                : "faithful engine built its tree",
           o->shows && o->shows[0] ? "shown or searched" : "searched",
           say_instead ? "; " : "", say_instead ? instead : "");
}

/* Solves with the views in between (lg_problem_solve's three steps): they
 * are printed once the problem is known to be valid and transformed.
 * stats: o->repeat entries (--repeat), the first one for this solve. */
static int
solve (Options *o, LgProblem *problem, const char *source, LgStats *stats)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgSolver) solver =
      lg_solver_new (problem, &o->solve, stats, &error);
  gboolean noted = solver && note_slow_faithful (o, solver, TRUE);
  if (!solver || !lg_solver_transform (solver, &error))
    return problem_error (source, error);
  print_warnings (o);
  o->solver = solver;
  const LgPermut *permut = NULL;
  const LgAndOrTree *tree = NULL;
  /* a transform cut by --time-limit has no tree to show: the search,
   * which finds nothing, and its note say so */
  gboolean cut = lg_solver_transform_cut (solver);
  if ((o->dot || (o->shows && o->shows[0])) && !cut &&
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
  for (guint i = 0; o->shows && o->shows[i] && !cut; i++)
    {
      LgView view = LG_VIEW_PERMUTATIONS;
      lg_view_from_name (o->shows[i], &view);
      lg_views_print (stdout, solver, view, o->max_nodes);
    }
  if (!lg_output_ok (stdout, FALSE))
    return EXIT_WRITE_ERROR;
  if (!noted && stats->engine == LG_ENGINE_FAITHFUL &&
      stats->choice == LG_CHOICE_ASKED)
    note_slow_faithful (o, solver, FALSE);
  gint64 explored = lg_solver_explore (solver, on_solution, o, &error);
  g_clear_pointer (&o->solve.trace, lg_views_trace_close); /* its last line */
  if (explored < 0)
    return problem_error (source, error);
  if (!lg_output_ok (stdout, FALSE))
    return EXIT_WRITE_ERROR;
  if (stats->engine == LG_ENGINE_FAST && stats->choice != LG_CHOICE_ASKED)
    note_fast_engine (o, stats);
  g_autofree char *stop = stopped_by (o, stats);
  if (o->count_only)
    printf ("%" G_GUINT64_FORMAT "\n", o->printed);
  else
    {
      if (o->printed == 0)
        print_begin (o, problem);
      if (o->format == FORMAT_TABLE)
        lg_print_count (stdout, o->printed, stop);
      else if (o->format == FORMAT_JSON)
        lg_print_json_end (stdout, o->printed, stats->complete);
    }
  /* the table and JSON say it on stdout; the time limit is said always */
  if (cut)
    note_cut (o, stats, noted);
  else if (stop &&
           (stats->timed_out || o->count_only || o->format == FORMAT_CSV))
    fprintf (stderr,
             "%s: note: the search stopped at %s: there may be more "
             "solutions\n",
             g_get_prgname (), stop);
  else if (!cut && stats->complete && o->printed == 0 && isatty (STDERR_FILENO))
    /* what a person at the terminal needs next (a clue written wrong, most
     * often); never in a pipe or a file, whose stderr stays what it was */
    fprintf (stderr,
             "%s: note: no solution: some %s contradict each other; "
             "--why-none names a smallest set of them\n",
             g_get_prgname (),
             lg_problem_has_clue_texts (problem) ? "clues" : "rules");
  int status = repeat_solve (o, stats);
  if (status >= 0)
    return status;
  if (o->stats)
    lg_print_stats_runs (stderr, stats, (guint) o->repeat);
  if (o->stats_levels)
    lg_print_stats_levels (stderr, stats);
  return stats->timed_out ? EXIT_TIME_LIMIT : EXIT_SOLVED;
}

/* Whether the grid may be drawn with UTF-8 marks: the locale's charset. */
static gboolean
ascii_grid (const Options *o)
{
  return o->ascii || !g_get_charset (NULL);
}

/* --hint: the easiest next step from the facts of the file, or the
 * smallest reason why they contradict the clues. */
static void
print_hint (const Options *o, LgExplain *ex, gboolean consistent)
{
  if (o->format == FORMAT_JSON)
    {
      /* the step, or the steps to the contradiction */
      lg_explain_print_json (stdout, ex);
      return;
    }
  if (consistent)
    {
      if (lg_explain_n_steps (ex) == 0)
        printf ("Nothing to add: %s\n",
                lg_explain_result (ex) == LG_EXPLAIN_SOLVED
                    ? "every cell of the grid is known."
                    : "the clues force no more (more than one solution).");
      else
        {
          printf ("Next step: %s\n", lg_explain_get_step (ex, 0)->text);
          if (o->grid)
            lg_grid_print (stdout, lg_explain_shape (ex), lg_explain_yes (ex),
                           lg_explain_no (ex), ascii_grid (o));
        }
      return;
    }
  guint last = lg_explain_n_steps (ex) - 1;
  g_autoptr (GArray) cone = g_array_new (FALSE, FALSE, sizeof (guint));
  lg_explain_cone (ex, last, cone);
  /* the facts given that the steps showing it cite */
  const LgGridShape *shape = lg_explain_shape (ex);
  g_autofree gboolean *cited = g_new0 (gboolean, 2 * (gsize) shape->n_cells);
  g_autoptr (GString) facts = g_string_new (NULL);
  gboolean clues = FALSE; /* or the facts alone */
  for (guint k = 0; k < cone->len; k++)
    {
      const LgStep *step =
          lg_explain_get_step (ex, g_array_index (cone, guint, k));
      clues |= step->clues->len > 0;
      for (guint u = 0; u < step->uses->len; u++)
        {
          LgGridFact f = g_array_index (step->uses, LgGridFact, u);
          gsize at = 2 * (gsize) f.cell + (f.yes ? 1 : 0);
          if (lg_explain_origin (ex, f.cell) || cited[at])
            continue;
          cited[at] = TRUE;
          g_autofree char *text = lg_explain_fact_text (ex, f);
          g_string_append_printf (facts, "%s%s", facts->len ? "; " : "", text);
        }
    }
  printf ("The facts given contradict %s (%s): the steps that show it:\n",
          clues ? "the clues" : "each other", facts->str);
  for (guint k = 0; k < cone->len; k++)
    lg_explain_print_step (stdout, ex, g_array_index (cone, guint, k));
}

/* The note of an explanation, a hint or a diagnosis that --time-limit
 * stopped. */
static int
explain_timed_out (const Options *o, const char *what)
{
  fprintf (stderr,
           "%s: note: the time limit (--time-limit %s) was reached: "
           "%s\n",
           g_get_prgname (), o->time_limit_text, what);
  return EXIT_TIME_LIMIT;
}

/* After how long the steps of an explanation are flushed one by one, as
 * they are found: a pipe or a file gets them at once, and a short
 * explanation, whole at its end, makes no write for each. */
#define EXPLAIN_FLUSH_AFTER_US (100 * G_TIME_SPAN_MILLISECOND)

/* lg_explain_run, with the steps printed as they are found when `printer`
 * is not NULL, and on a terminal the cells decided so far after each step
 * ("explain (N cells): K decided, T s"; no time left is projected: the
 * last steps, by contradiction, are the longest).  The progress line is
 * hidden before steps go to the same terminal; a failed write stops the
 * explanation. */
static gboolean
explain_run (LgExplain *ex, LgExplainPrinter *printer, GError **error)
{
  LgProgress *progress = NULL;
  const LgGridShape *shape = lg_explain_shape (ex);
  /* kept by the progress line while it lives */
  g_autofree char *phase =
      g_strdup_printf ("explain (%u cells)", shape->n_cells);
  if (isatty (STDERR_FILENO))
    {
      progress = lg_progress_new (stderr, lg_progress_delay_ms ());
      lg_progress_begin (progress, phase, "decided", 0);
    }
  gboolean hide = progress && printer && isatty (STDOUT_FILENO);
  gint64 start = g_get_monotonic_time ();
  while (lg_explain_next (ex, error))
    {
      if (printer)
        {
          if (hide)
            lg_progress_hide (progress);
          lg_explain_printer_steps (printer);
          if (g_get_monotonic_time () - start >= EXPLAIN_FLUSH_AFTER_US)
            fflush (stdout);
          if (!lg_output_ok (stdout, FALSE))
            break; /* no reader left: the caller says so */
        }
      if (!progress)
        continue;
      const uint64_t *yes = lg_explain_yes (ex), *no = lg_explain_no (ex);
      guint64 decided = 0;
      for (guint w = 0; w < shape->words; w++)
        decided += (guint64) lg_bitset_popcount64 (yes[w] | no[w]);
      lg_progress_update (progress, decided);
    }
  lg_progress_free (progress);
  return !*error;
}

static int
explain (Options *o, LgProblem *problem, const char *source)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgExplain) ex = lg_explain_new (problem, &error);
  if (!ex)
    return problem_error (source, error);
  print_warnings (o);
  lg_explain_set_deadline (ex, o->deadline);
  if (o->hint_file)
    {
      if (!lg_explain_read_facts (ex, o->hint_file, o->memory_limit, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return EXIT_INVALID_PROBLEM;
        }
      gboolean consistent = lg_explain_given_consistent (ex, &error);
      if (error)
        return problem_error (source, error);
      if (consistent)
        lg_explain_next (ex, &error);
      else if (!lg_explain_timed_out (ex) && !lg_explain_run (ex, &error))
        return problem_error (source, error);
      if (error)
        return problem_error (source, error);
      if (lg_explain_timed_out (ex))
        return explain_timed_out (o, "no hint was found");
      print_hint (o, ex, consistent);
      return EXIT_SOLVED;
    }
  if (o->explain)
    {
      /* the text as the steps are found (a step printed is final); JSON
       * once whole */
      g_autoptr (LgExplainPrinter) printer = NULL;
      if (o->format != FORMAT_JSON)
        printer = lg_explain_printer_new (stdout, ex, (guint) o->grid_every,
                                          ascii_grid (o));
      if (!explain_run (ex, printer, &error))
        return problem_error (source, error);
      if (!lg_output_ok (stdout, FALSE))
        return EXIT_WRITE_ERROR;
      if (printer)
        lg_explain_printer_end (printer);
      else
        lg_explain_print_json (stdout, ex);
      if (lg_explain_timed_out (ex))
        return explain_timed_out (o, "the explanation is unfinished");
      return EXIT_SOLVED;
    }
  /* --grid alone: the empty grid */
  lg_grid_print (stdout, lg_explain_shape (ex), lg_explain_yes (ex),
                 lg_explain_no (ex), ascii_grid (o));
  return EXIT_SOLVED;
}

/* Everything after the option parsing; returns the exit status. */
static int
run (Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LgProblem) problem = NULL;
  g_autofree char *display = NULL;
  const char *source = NULL;

  if (o->version)
    {
      printf ("%s %s\nReport bugs to: %s\n", PACKAGE_NAME, PACKAGE_VERSION,
              PACKAGE_BUGREPORT);
      return EXIT_SOLVED;
    }
  int status = check_options (o);
  if (status >= 0)
    return status;
  if (o->list_problems)
    {
      /* the built-in problems, then the installed ones (none in a build
       * tree that was never installed) */
      g_auto (GStrv) installed = lg_problems_installed ();
      for (const char *const *n = lg_problems_names (); *n; n++)
        printf ("%s\n", *n);
      for (char **n = installed; *n; n++)
        printf ("%s\n", *n);
      return EXIT_SOLVED;
    }

  g_autofree LgStats *runs = g_new0 (LgStats, o->repeat);
  status = load_timed (o, &problem, &source, &display, &runs[0]);
  if (status >= 0)
    return status;

  if (o->list_rules || o->list_clues)
    print_warnings (o); /* nothing there expands the rules */
  if (o->list_rules)
    {
      list_rules (problem);
      return EXIT_SOLVED;
    }
  if (o->list_clues)
    {
      if (o->format == FORMAT_JSON)
        lg_print_json_clues (stdout, problem);
      else
        list_clues (problem);
      return EXIT_SOLVED;
    }
  if (o->export_text)
    {
      /* The problem for clingo or MiniZinc, checked first: on an error
       * nothing is written on stdout. */
      g_autofree char *title = g_path_get_basename (source);
      if (!lg_export (stdout, problem, o->export_format, title, &error))
        return problem_error (source, error);
      print_warnings (o);
      return EXIT_SOLVED;
    }
  if (o->explain || o->hint_file || o->grid)
    return explain (o, problem, source);
  set_solving_options (o);
  if (o->why_none || o->redundant)
    {
      /* Many solves with rules dropped; the report alone on stdout.  Each
       * test bounded, but for the faithful engine asked for, whose work is
       * counted otherwise (--work-limit is refused with it) */
      gboolean complete = TRUE;
      o->solve.work_limit = o->solve.engine == LG_ENGINE_FAITHFUL ? 0
                            : o->work_limit_text ? o->work_limit
                                                 : LG_DIAGNOSE_WORK_LIMIT;
      if (!lg_diagnose_run (
              problem, &o->solve,
              o->why_none ? LG_DIAGNOSE_WHY_NONE : LG_DIAGNOSE_REDUNDANT,
              stdout, o->stats ? stderr : NULL, &complete, &error))
        return problem_error (source, error);
      print_warnings (o);
      if (!complete)
        return explain_timed_out (o, "the report says what is left open");
      return EXIT_SOLVED;
    }
  return solve (o, problem, source, runs);
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
  g_set_print_handler (lg_output_print_handler); /* --help, checked */
  Options o = { 0 };
  const GOptionEntry entries[] = {
    { "problem", 'p', 0, G_OPTION_ARG_STRING, &o.problem_name,
      "Solve the built-in problem NAME (classic, small, jojo, big), or the "
      "installed NAME.lgm of " LG_PKGDATADIR " (--list-problems)",
      "NAME" },
    { "drop", 'd', 0, G_OPTION_ARG_STRING_ARRAY, &o.drops,
      "Ignore rule N (numbered from 1 in problem order; repeatable)", "N" },
    { "drop-clue", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o.clue_drops,
      "Ignore every rule of clue N (see --list-clues; repeatable)", "N" },
    { "order", 'o', 0, G_OPTION_ARG_STRING, &o.order,
      "Declare the groups in this order (all group names, comma-separated)",
      "G1,G2,..." },
    { "stats", 's', 0, G_OPTION_ARG_NONE, &o.stats,
      "Print the time of each step and the work counters on stderr", NULL },
    { "stats-levels", 0, 0, G_OPTION_ARG_NONE, &o.stats_levels,
      "--stats, then try_solution's candidates and checks per level (the "
      "faithful engine)",
      NULL },
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
    { "time-limit", 0, 0, G_OPTION_ARG_STRING, &o.time_limit_text,
      "Stop solving (the search, and the faithful engine's transformation; "
      "or --explain, --why-none, --redundant) SECONDS after the start, print "
      "what was found and say so on stderr (exit status 3)",
      "SECONDS" },
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
      "masks and tree; --show, --dot, --trace, --challenge, --prune, --check "
      "and --stats-levels choose it) or fast (the same solutions, found by "
      "constraint propagation)",
      "NAME" },
    { "show", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o.shows,
      "Before the solutions, print a view of the inside: permutations (the "
      "numbering; beyond 6 items, its first and last 20 rows), groups, masks, "
      "tree or bits (each mask's bits, as the tutorial draws them; "
      "repeatable, printed in the order given)",
      "WHAT" },
    { "dot", 0, 0, G_OPTION_ARG_NONE, &o.dot,
      "Print the AND/OR tree in Graphviz DOT instead of solving", NULL },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &o.repeat_text,
      "Solve N times in one process, the solutions printed once; --stats "
      "then gives the minimum and median time of each step",
      "N" },
    { "max-nodes", 0, 0, G_OPTION_ARG_STRING, &o.max_nodes_text,
      "Show at most N nodes of the tree in --show tree, --show bits and --dot "
      "(default 200)",
      "N" },
    { "list-problems", 0, 0, G_OPTION_ARG_NONE, &o.list_problems,
      "List the built-in problems, then the installed ones", NULL },
    { "list-rules", 0, 0, G_OPTION_ARG_NONE, &o.list_rules,
      "List the rules with their numbers (for --drop) and source lines", NULL },
    { "list-clues", 0, 0, G_OPTION_ARG_NONE, &o.list_clues,
      "List the clues with their numbers (for --drop-clue), texts, lines "
      "and rules (--format json: as JSON)",
      NULL },
    { "why-none", 0, 0, G_OPTION_ARG_NONE, &o.why_none,
      "For a problem without solution, print a minimal set of rules that "
      "has no solution on its own",
      NULL },
    { "redundant", 0, 0, G_OPTION_ARG_NONE, &o.redundant,
      "Print the rules that can be dropped alone without changing the "
      "solutions, and a minimal set of rules that keeps them",
      NULL },
    { "work-limit", 0, 0, G_OPTION_ARG_STRING, &o.work_limit_text,
      "With --why-none or --redundant, stop each test after N search nodes "
      "and keep its rule (default 2000; 0: no limit)",
      "N" },
    { "werror", 0, 0, G_OPTION_ARG_NONE, &o.werror,
      "Make the warnings on the problem file errors (exit status 1)", NULL },
    { "explain", 0, 0, G_OPTION_ARG_NONE, &o.explain,
      "Explain the solution step by step, from the empty grid, each step "
      "with its clues and the facts it uses (doc/explain.md)",
      NULL },
    { "hint", 0, 0, G_OPTION_ARG_FILENAME, &o.hint_file,
      "Print the easiest next step from the facts of FACTS (lines 'yes X, "
      "Y' or 'no X, Y'), or why they contradict the clues",
      "FACTS" },
    { "grid", 0, 0, G_OPTION_ARG_NONE, &o.grid,
      "Draw the grid (with --explain: after every step; with --hint: after "
      "the hint; alone: empty)",
      NULL },
    { "grid-every", 0, 0, G_OPTION_ARG_STRING, &o.grid_every_text,
      "With --explain --grid: draw the grid after every N steps (and the "
      "last)",
      "N" },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &o.ascii,
      "Draw the grid in plain ASCII even in a UTF-8 locale", NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o.version,
      "Print the version and exit", NULL },
    /* no arg_description: the usage line has its [FILE] from the context */
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.files, NULL,
      NULL },
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
  if (!lg_output_ok (stdout, TRUE))
    return EXIT_WRITE_ERROR;
  return status;
}
