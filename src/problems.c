/* problems — see problems.h. */
#include "problems.h"

#include <stdlib.h>
#include <string.h>

#include "parser.h"

static const char *const names[] = { "classic", "small", "jojo", "big", NULL };

const char *const *
lg_problems_names (void)
{
  return names;
}

/* The text of a built-in problem (transfer full), or NULL when unknown. */
static GBytes *
lookup (const char *name)
{
  for (const LgEmbeddedProblem *p = lg_problems_embedded; name && p->name; p++)
    if (g_str_equal (p->name, name))
      return g_bytes_new_static (p->data, p->size);
  return NULL;
}

const char *
lg_problems_dir (void)
{
  const char *dir = g_getenv ("LOGIGRAM_DATADIR");
  return dir ? dir : LG_PKGDATADIR;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
lg_problems_installed (void)
{
  GPtrArray *found = g_ptr_array_new ();
  g_autoptr (GDir) dir = g_dir_open (lg_problems_dir (), 0, NULL);
  for (const char *file; dir && (file = g_dir_read_name (dir));)
    {
      if (!g_str_has_suffix (file, ".lgm") || file[0] == '.')
        continue;
      char *name = g_strndup (file, strlen (file) - strlen (".lgm"));
      if (*name && !g_strv_contains (names, name))
        g_ptr_array_add (found, name);
      else
        g_free (name);
    }
  if (found->len > 1) /* (pdata is NULL while empty) */
    qsort (found->pdata, found->len, sizeof (char *), compare_names);
  g_ptr_array_add (found, NULL);
  return (char **) g_ptr_array_free (found, FALSE);
}

char *
lg_problems_source (const char *name)
{
  if (!name)
    return NULL;
  if (g_strv_contains (names, name))
    return g_strdup_printf ("%s.lgm", name);
  g_auto (GStrv) installed = lg_problems_installed ();
  if (!g_strv_contains ((const char *const *) installed, name))
    return NULL;
  g_autofree char *file = g_strdup_printf ("%s.lgm", name);
  return g_build_filename (lg_problems_dir (), file, NULL);
}

LgProblem *
lg_problems_load (const char *name, GError **error)
{
  g_autofree char *source = lg_problems_source (name);
  if (!source)
    {
      g_autofree char *list = g_strjoinv (", ", (char **) names);
      g_auto (GStrv) installed = lg_problems_installed ();
      g_autofree char *more = g_strjoinv (", ", installed);
      g_set_error (
          error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_UNKNOWN,
          "unknown problem '%s': the built-in problems are %s%s%s%s%s",
          name ? name : "(null)", list, *more ? "; the installed ones (" : "",
          *more ? lg_problems_dir () : "", *more ? ") are " : "", more);
      return NULL;
    }
  g_autoptr (GBytes) text = lookup (name);
  if (!text)
    return lg_parser_parse_file (source, error);
  gsize length;
  const char *data = g_bytes_get_data (text, &length);
  return lg_parser_parse_data (source, data, length, error);
}
