/* problems — see problems.h. */
#include "problems.h"

#include <gio/gio.h>

#include "parser.h"

/* Made by glib-compile-resources --c-name lg_problems (Makefile.am);
 * calling it also keeps the resource's object in the link. */
GResource *lg_problems_get_resource (void);

static const char *const names[] = { "classic", "small", "jojo", "big", NULL };

const char *const *
lg_problems_names (void)
{
  return names;
}

GBytes *
lg_problems_lookup (const char *name)
{
  if (!name || !g_strv_contains (names, name))
    return NULL;
  g_autofree char *path
      = g_strdup_printf ("/org/logigram/problems/%s.lgm", name);
  return g_resource_lookup_data (lg_problems_get_resource (), path,
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}

LgProblem *
lg_problems_load (const char *name, GError **error)
{
  g_autoptr (GBytes) text = lg_problems_lookup (name);
  if (!text)
    {
      g_autofree char *list = g_strjoinv (", ", (char **) names);
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_UNKNOWN,
                   "unknown problem '%s': the built-in problems are %s",
                   name ? name : "(null)", list);
      return NULL;
    }
  g_autofree char *display = g_strdup_printf ("%s.lgm", name);
  gsize length;
  const char *data = g_bytes_get_data (text, &length);
  return lg_parser_parse_data (display, data, length, error);
}
