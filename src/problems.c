/* problems — see problems.h. */
#include "problems.h"

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

LgProblem *
lg_problems_load (const char *name, GError **error)
{
  g_autoptr (GBytes) text = lookup (name);
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
