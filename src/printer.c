/* printer — the solution tables and the closing count, byte for byte as the
 * original prints them (SPEC section 6), the answers of the ask lines in
 * JSON and CSV, and the --stats report (of one run, or of --repeat's).  Widths
 * are counted in UTF-8 code points so that non-ASCII names line up; for
 * ASCII names that is the original's byte count. */
#include <string.h>

#include "description.h"
#include "progress.h"
#include "solution.h"

static void
print_dash_line (FILE *out, const LgProblem *problem)
{
  fputc ('+', out);
  for (guint g = 0; g < lg_problem_n_groups (problem); g++)
    {
      guint width = lg_problem_get_group (problem, g)->width + 2;
      for (guint i = 0; i < width; i++)
        fputc ('-', out);
      fputc ('+', out);
    }
  fputc ('\n', out);
}

/* The row of `ref` in the solution, i.e. its position in group 0's order. */
static guint
row_of (const LgSolution *solution, const LgItem *ref)
{
  guint g = ref->group->index;
  for (guint r = 0; r < solution->n; r++)
    if (solution->perm[g][r] == ref->index)
      return r;
  g_assert_not_reached ();
}

static const LgQuestion *
question_at (const LgProblem *problem, guint q)
{
  return &g_array_index (problem->questions, LgQuestion, q);
}

/* The answer to question q in the solution: the item of q's group on the
 * row of its reference (the "ask" lines, doc/format.md). */
static const LgItem *
answer_of (const LgProblem *problem, const LgSolution *solution, guint q)
{
  const LgQuestion *question = question_at (problem, q);
  return lg_solution_get (solution, question->group->index,
                          row_of (solution, question->ref));
}

void
lg_print_solution (FILE *out, const LgProblem *problem,
                   const LgSolution *solution)
{
  guint n_groups = lg_problem_n_groups (problem);
  fputc ('\n', out);
  print_dash_line (out, problem);
  fputc ('|', out);
  for (guint g = 0; g < n_groups; g++)
    {
      LgGroup *group = lg_problem_get_group (problem, g);
      lg_put_cell (out, group->name, group->width, FALSE);
    }
  fputc ('\n', out);
  print_dash_line (out, problem);
  for (guint r = 0; r < solution->n; r++)
    {
      fputc ('|', out);
      for (guint g = 0; g < n_groups; g++)
        lg_put_cell (out, lg_solution_get (solution, g, r)->name,
                     lg_problem_get_group (problem, g)->width, FALSE);
      fputc ('\n', out);
    }
  print_dash_line (out, problem);
  for (guint q = 0; q < problem->questions->len; q++)
    fprintf (out, "%s of %s: %s\n", question_at (problem, q)->group->name,
             question_at (problem, q)->ref->name,
             answer_of (problem, solution, q)->name);
}

void
lg_print_count (FILE *out, guint64 n_solutions, const char *stopped_by)
{
  fprintf (out, "\n%" G_GUINT64_FORMAT " solution%s\n", n_solutions,
           n_solutions > 1 ? "s" : "");
  if (stopped_by)
    fprintf (out, "(the search stopped at %s: there may be more)\n",
             stopped_by);
  fputc ('\n', out);
}

static int
compare_seconds (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* One time line: the time of the one run, or the minimum and the median
 * of the n runs (the mean of the two middle ones for an even n). */
static void
print_time (FILE *out, const char *label, const LgStats *runs, guint n,
            size_t offset)
{
  fprintf (out, "%s:%*s", label, (int) (21 - strlen (label)), "");
  g_autofree double *t = g_new (double, n);
  for (guint k = 0; k < n; k++)
    t[k] = *(const double *) ((const char *) &runs[k] + offset);
  if (n == 1)
    {
      fprintf (out, "%.6f s\n", t[0]);
      return;
    }
  qsort (t, n, sizeof *t, compare_seconds);
  double median = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
  fprintf (out, "%.6f s min, %.6f s median (%u runs)\n", t[0], median, n);
}

void
lg_print_stats (FILE *out, const LgStats *s)
{
  lg_print_stats_runs (out, s, 1);
}

void
lg_print_stats_runs (FILE *out, const LgStats *runs, guint n_runs)
{
  const LgStats *s = &runs[0];
  const struct
  {
    const char *label;
    guint64 value;
  } counters[] = {
    { "constraint groups", s->constraint_groups },
    { "variables", s->variables },
    { "leaves tried", s->leaves_tried },
    { "leaves kept", s->leaves_kept },
    { "leaves saved", s->leaves_saved },
    { "AND nodes", s->and_nodes },
    { "OR nodes", s->or_nodes },
    { "mask nodes", s->mask_nodes },
    { "mask words", s->masks_words },
    { "nodes explored", s->nodes_explored },
    { "alternatives", s->alternatives },
    { "backtracks", s->backtracks },
    { "tree solutions", s->tree_solutions },
    { "candidates tried", s->candidates },
    { "candidates saved", s->candidates_saved },
    { "permutation checks", s->checks },
    { "solutions", s->solutions },
    { "duplicates skipped", s->duplicates },
    { "probes skipped", s->probes_skipped },
    { "lazy steps", s->lazy_steps },
    { "memory estimate", s->memory_estimate },
  };
  fprintf (out, "engine:               %s (", lg_engine_to_string (s->engine));
  switch (s->choice)
    {
    case LG_CHOICE_ASKED:
      fputs ("named by the options)\n", out);
      break;
    case LG_CHOICE_ESTIMATE:
      {
        g_autofree char *time = lg_format_seconds (s->estimate);
        fprintf (out, "auto: estimated to take %s)\n", time);
        break;
      }
    case LG_CHOICE_SLOW:
      {
        g_autofree char *time = lg_format_seconds (s->estimate);
        fprintf (out, "auto: the faithful engine estimated to take %s)\n",
                 time);
        break;
      }
    case LG_CHOICE_TRIAL:
      fputs ("auto: the faithful engine did not finish in about 0.1 s)\n", out);
      break;
    case LG_CHOICE_PROJECTED:
      {
        g_autofree char *time = lg_format_seconds (s->estimate);
        fprintf (out,
                 "auto: the faithful engine projected in its trial to "
                 "take %s)\n",
                 time);
        break;
      }
    case LG_CHOICE_DIMENSION:
      fputs ("auto: the faithful engine's masks too wide)\n", out);
      break;
    case LG_CHOICE_MANY:
      fprintf (out, "auto: over %d solutions in the faithful engine's trial)\n",
               LG_AUTO_TRIAL_KEPT);
      break;
    case LG_CHOICE_TOO_LARGE:
      fputs ("auto: the faithful engine over the memory limit)\n", out);
      break;
    }
  print_time (out, "time describe", runs, n_runs,
              G_STRUCT_OFFSET (LgStats, time_describe));
  print_time (out, "time transform", runs, n_runs,
              G_STRUCT_OFFSET (LgStats, time_transform));
  print_time (out, "time explore", runs, n_runs,
              G_STRUCT_OFFSET (LgStats, time_explore));
  for (guint i = 0; i < G_N_ELEMENTS (counters); i++)
    fprintf (out, "%s:%*s%" G_GUINT64_FORMAT "\n", counters[i].label,
             (int) (21 - strlen (counters[i].label)), "", counters[i].value);
}

void
lg_print_stats_levels (FILE *out, const LgStats *s)
{
  guint last = LG_STATS_LEVELS;
  while (last > 1 && s->level_candidates[last - 1] == 0 &&
         s->level_checks[last - 1] == 0)
    last--;
  for (guint l = 1; l < last; l++)
    {
      g_autofree char *label = g_strdup_printf (
          "level %u%s", l, l + 1 == LG_STATS_LEVELS ? "+" : "");
      fprintf (out,
               "%s:%*s%" G_GUINT64_FORMAT " candidate%s, %" G_GUINT64_FORMAT
               " check%s\n",
               label, (int) (21 - strlen (label)), "", s->level_candidates[l],
               s->level_candidates[l] == 1 ? "" : "s", s->level_checks[l],
               s->level_checks[l] == 1 ? "" : "s");
    }
}

/* ---- JSON and CSV ---------------------------------------------------------- */

void
lg_print_json_string (FILE *out, const char *s)
{
  fputc ('"', out);
  for (const unsigned char *c = (const unsigned char *) s; *c; c++)
    switch (*c)
      {
      case '"':
        fputs ("\\\"", out);
        break;
      case '\\':
        fputs ("\\\\", out);
        break;
      case '\n':
        fputs ("\\n", out);
        break;
      case '\t':
        fputs ("\\t", out);
        break;
      case '\r':
        fputs ("\\r", out);
        break;
      default:
        if (*c < 0x20 || *c == 0x7f)
          fprintf (out, "\\u%04x", *c);
        else
          fputc (*c, out);
      }
  fputc ('"', out);
}

void
lg_print_json_begin (FILE *out, const LgProblem *problem)
{
  fputs ("{\"header\": [", out);
  for (guint g = 0; g < lg_problem_n_groups (problem); g++)
    {
      if (g)
        fputs (", ", out);
      lg_print_json_string (out, lg_problem_get_group (problem, g)->name);
    }
  fputs ("], \"solutions\": [", out);
}

void
lg_print_json_solution (FILE *out, const LgProblem *problem,
                        const LgSolution *solution, guint64 index)
{
  fputs (index ? ",\n{\"rows\": [" : "\n{\"rows\": [", out);
  for (guint r = 0; r < solution->n; r++)
    {
      fputs (r ? ", [" : "[", out);
      for (guint g = 0; g < lg_problem_n_groups (problem); g++)
        {
          if (g)
            fputs (", ", out);
          lg_print_json_string (out, lg_solution_get (solution, g, r)->name);
        }
      fputc (']', out);
    }
  fputc (']', out);
  for (guint q = 0; q < problem->questions->len; q++)
    {
      const LgQuestion *question = question_at (problem, q);
      fputs (q ? ", {\"group\": " : ", \"answers\": [{\"group\": ", out);
      lg_print_json_string (out, question->group->name);
      fputs (", \"of\": ", out);
      lg_print_json_string (out, question->ref->name);
      fputs (", \"item\": ", out);
      lg_print_json_string (out, answer_of (problem, solution, q)->name);
      fputc ('}', out);
    }
  fputs (problem->questions->len ? "]}" : "}", out);
}

void
lg_print_json_end (FILE *out, guint64 n_solutions, gboolean complete)
{
  fprintf (out, "%s], \"count\": %" G_GUINT64_FORMAT "%s}\n",
           n_solutions ? "\n" : "", n_solutions,
           complete ? "" : ", \"complete\": false");
}

void
lg_print_json_clues (FILE *out, const LgProblem *problem)
{
  fputs ("{\"clues\": [", out);
  for (guint c = 1; c <= lg_problem_n_clues (problem); c++)
    {
      const char *text = lg_clue_get_text (problem, c);
      guint first = lg_clue_get_first_rule (problem, c);
      fprintf (out, "%s\n{\"number\": %u, \"text\": ", c > 1 ? "," : "", c);
      if (text)
        lg_print_json_string (out, text);
      else
        fputs ("null", out);
      fprintf (out, ", \"line\": %u, \"rules\": [",
               lg_clue_get_line (problem, c));
      for (guint r = first; r < first + lg_clue_get_n_rules (problem, c); r++)
        {
          const LgRule *rule = lg_problem_get_rule (problem, r);
          g_autofree char *rule_text = lg_rule_to_string (rule);
          fprintf (out, "%s{\"number\": %u, \"line\": %u, \"rule\": ",
                   r > first ? ", " : "", r, lg_rule_get_line (rule));
          lg_print_json_string (out, rule_text);
          fputc ('}', out);
        }
      fputs ("]}", out);
    }
  fprintf (out, "%s]}\n", lg_problem_n_clues (problem) ? "\n" : "");
}

static void
print_csv_field (FILE *out, const char *s)
{
  if (!strpbrk (s, ",\"\r\n"))
    {
      fputs (s, out);
      return;
    }
  fputc ('"', out);
  for (; *s; s++)
    {
      if (*s == '"')
        fputc ('"', out);
      fputc (*s, out);
    }
  fputc ('"', out);
}

void
lg_print_csv_begin (FILE *out, const LgProblem *problem)
{
  fputs ("solution", out);
  for (guint g = 0; g < lg_problem_n_groups (problem); g++)
    {
      fputc (',', out);
      print_csv_field (out, lg_problem_get_group (problem, g)->name);
    }
  for (guint q = 0; q < problem->questions->len; q++)
    {
      g_autofree char *title =
          g_strdup_printf ("%s of %s", question_at (problem, q)->group->name,
                           question_at (problem, q)->ref->name);
      fputc (',', out);
      print_csv_field (out, title);
    }
  fputc ('\n', out);
}

void
lg_print_csv_solution (FILE *out, const LgProblem *problem,
                       const LgSolution *solution, guint64 index)
{
  for (guint r = 0; r < solution->n; r++)
    {
      fprintf (out, "%" G_GUINT64_FORMAT, index + 1);
      for (guint g = 0; g < lg_problem_n_groups (problem); g++)
        {
          fputc (',', out);
          print_csv_field (out, lg_solution_get (solution, g, r)->name);
        }
      for (guint q = 0; q < problem->questions->len; q++)
        {
          fputc (',', out);
          print_csv_field (out, answer_of (problem, solution, q)->name);
        }
      fputc ('\n', out);
    }
}
