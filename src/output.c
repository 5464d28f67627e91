/* output — see output.h. */
#include "output.h"

#include <errno.h>
#include <stdlib.h>

static gboolean reported;

gboolean
lg_output_ok (FILE *out, gboolean flush)
{
  if (reported)
    return FALSE;
  /* errno is the failed write's: set when it failed (nothing in a unit of
   * output resets it), or by the flush */
  if (!ferror (out))
    {
      if (!flush)
        return TRUE;
      errno = 0;
      if (fflush (out) == 0 && !ferror (out))
        return TRUE;
    }
  int reason = errno ? errno : EIO;
  fprintf (stderr, "%s: error: write error: %s\n", g_get_prgname (),
           g_strerror (reason));
  reported = TRUE;
  return FALSE;
}

void
lg_output_print_handler (const gchar *text)
{
  /* in the console's charset, as g_print would write it ("?" for what it
   * lacks, such as GLib's "…" in the C locale) */
  const char *charset;
  g_autofree char *converted = NULL;
  if (!g_get_console_charset (&charset))
    converted = g_convert_with_fallback (text, -1, charset, "UTF-8", "?", NULL,
                                         NULL, NULL);
  fputs (converted ? converted : text, stdout);
  if (!lg_output_ok (stdout, TRUE))
    exit (EXIT_FAILURE);
}
