/* printer — the solution tables and the closing count, byte for byte as the
 * original prints them (SPEC section 6), and the --stats report.  Widths
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
    {
      const LgQuestion *question =
          &g_array_index (problem->questions, LgQuestion, q);
      guint row = row_of (solution, question->ref);
      fprintf (out, "%s of %s: %s\n", question->group->name,
               question->ref->name,
               lg_solution_get (solution, question->group->index, row)->name);
    }
}

void
lg_print_count (FILE *out, guint64 n_solutions, guint64 stopped_at)
{
  fprintf (out, "\n%" G_GUINT64_FORMAT " solution%s\n", n_solutions,
           n_solutions > 1 ? "s" : "");
  if (stopped_at)
    fprintf (out,
             "(the search stopped at --max-solutions %" G_GUINT64_FORMAT
             ": there may be more)\n",
             stopped_at);
  fputc ('\n', out);
}

void
lg_print_stats (FILE *out, const LgStats *s)
{
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
    case LG_CHOICE_DIMENSION:
      fputs ("auto: the faithful engine's masks too wide)\n", out);
      break;
    case LG_CHOICE_TOO_LARGE:
      fputs ("auto: the faithful engine over the memory limit)\n", out);
      break;
    }
  fprintf (out, "time describe:        %.6f s\n", s->time_describe);
  fprintf (out, "time transform:       %.6f s\n", s->time_transform);
  fprintf (out, "time explore:         %.6f s\n", s->time_explore);
  for (guint i = 0; i < G_N_ELEMENTS (counters); i++)
    fprintf (out, "%s:%*s%" G_GUINT64_FORMAT "\n", counters[i].label,
             (int) (21 - strlen (counters[i].label)), "", counters[i].value);
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
  fputs ("]}", out);
}

void
lg_print_json_end (FILE *out, guint64 n_solutions, gboolean complete)
{
  fprintf (out, "%s], \"count\": %" G_GUINT64_FORMAT "%s}\n",
           n_solutions ? "\n" : "", n_solutions,
           complete ? "" : ", \"complete\": false");
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
      fputc ('\n', out);
    }
}
