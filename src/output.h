/* output — the checked standard output of both command lines.
 *
 * stdio tells of a failed write (ENOSPC on a full disk, EPIPE on a closed
 * pipe when SIGPIPE is ignored, EBADF on a closed descriptor) only through
 * ferror and the value of fflush, and a buffered stream finds it only when
 * the buffer goes out.  So the command lines write one unit at a time (a
 * solution, the views, a report, the help) and then ask lg_output_ok; the
 * first failure prints one line "PROGRAM: error: write error: REASON" on
 * stderr, and the caller stops its work there and exits with status 1.
 * Invariant: that line is printed at most once in a run.
 */
#ifndef LG_OUTPUT_H
#define LG_OUTPUT_H

#include <glib.h>
#include <stdio.h>

/* TRUE while every write to out has succeeded (flush: after writing out
 * what stdio holds back); else reports the failure, the first time only,
 * and returns FALSE from then on. */
gboolean lg_output_ok (FILE *out, gboolean flush);

/* For g_set_print_handler: GLib prints --help with g_print and exits with
 * status 0; this handler writes the text on stdout as g_print does (in the
 * console's charset), flushed and checked, and exits with status 1 when
 * that fails. */
void lg_output_print_handler (const gchar *text);

#endif /* LG_OUTPUT_H */
