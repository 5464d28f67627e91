/* export — a problem written as a program of another solver, to cross-check
 * logigram's solutions (logigram --export asp|minizinc):
 *   - ASP, for clingo:     clingo --project 0 FILE.lp
 *   - MiniZinc (Gecode):   minizinc --solver gecode -a FILE.mzn
 * Both programs have exactly logigram's distinct solutions: the rules of a
 * constraint group hold when SOME value of its variables satisfies them all,
 * and those values are never shown nor counted.  The encodings are described
 * at the top of src/export.c.
 *
 * The export follows the problem as it is set: groups in their solving
 * order (row r of a solution is item r of the first group), dropped rules
 * left out.  The command line calls lg_export; lg_export_to_string, which it
 * is built on, stays public for tests/check_export.c.  Invariant: nothing
 * is written unless the whole problem can be (it is checked and prepared
 * first).
 */
#ifndef LG_EXPORT_H
#define LG_EXPORT_H

#include <stdio.h>

#include "logigram.h"

G_BEGIN_DECLS

typedef enum
{
  LG_EXPORT_ASP,     /* Answer Set Programming, for clingo (gringo 5) */
  LG_EXPORT_MINIZINC /* MiniZinc 2, for Gecode or any CP solver */
} LgExportFormat;

/* Parses "asp" or "minizinc". */
gboolean lg_export_format_from_string (const char *name,
                                       LgExportFormat *format);

/* The problem in `format`, as a string to g_free; `title` (e.g. the file's
 * base name, may be NULL) goes into the first comment.  Returns NULL with
 * error set when the problem is invalid (lg_problem_check, which accepts
 * any engine's dimension), or when its
 * arithmetic may leave the integers of the target (clingo: 32 bits,
 * MiniZinc: 64 bits, both symmetric): that error is of LG_PROBLEM_ERROR,
 * code OVERFLOW, and lg_error_get_line (error) gives the rule's line. */
char *lg_export_to_string (LgProblem *problem, LgExportFormat format,
                           const char *title, GError **error);

/* Writes lg_export_to_string's text to out; nothing is written on error. */
gboolean lg_export (FILE *out, LgProblem *problem, LgExportFormat format,
                    const char *title, GError **error);

G_END_DECLS

#endif /* LG_EXPORT_H */
