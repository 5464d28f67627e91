/* description — groups, items, variables and the problem that owns them
 * (the original's DESCRIPTION and GROUP); see description.h.  Builder calls
 * record their first error in the problem instead of failing at once, so a
 * problem can be written as a list of nested calls like the tutorial's. */
#include "description.h"

#include <string.h>

#include "permut.h"

/* The error domain is an extended one (GLib 2.68): an error found while
 * solving carries the source line of the rule it is about, so that the
 * problem needs no side channel for it (lg_error_get_line). */
typedef struct
{
  guint line;
} LgProblemErrorPrivate;

static void
lg_problem_error_private_init (LgProblemErrorPrivate *priv)
{
  priv->line = 0;
}

static void
lg_problem_error_private_copy (const LgProblemErrorPrivate *src,
                               LgProblemErrorPrivate *dest)
{
  dest->line = src->line;
}

static void
lg_problem_error_private_clear (LgProblemErrorPrivate *priv)
{
  (void) priv;
}

/* clang-format off */
G_DEFINE_EXTENDED_ERROR (LgProblemError, lg_problem_error)
/* clang-format on */

void
lg_set_error_at_line (GError **error, guint line, LgProblemError code,
                      const char *format, ...)
{
  if (!error)
    return;
  va_list args;
  va_start (args, format);
  GError *e = g_error_new_valist (LG_PROBLEM_ERROR, code, format, args);
  va_end (args);
  lg_problem_error_get_private (e)->line = line;
  g_propagate_error (error, e);
}

guint
lg_error_get_line (const GError *error)
{
  if (!error || error->domain != LG_PROBLEM_ERROR)
    return 0;
  return lg_problem_error_get_private (error)->line;
}

guint
lg_utf8_width (const char *s)
{
  if (!g_utf8_validate (s, -1, NULL))
    return (guint) strlen (s); /* not from a file: a byte a column */
  guint n = 0;
  for (const char *p = s; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      /* East Asian wide characters take two columns, combining marks none */
      n += g_unichar_iswide (c) ? 2 : g_unichar_iszerowidth (c) ? 0 : 1;
    }
  return n;
}

static void
put_spaces (FILE *out, guint count)
{
  for (guint i = 0; i < count; i++)
    fputc (' ', out);
}

void
lg_put_cell (FILE *out, const char *text, guint width, gboolean right)
{
  guint w = lg_utf8_width (text);
  guint pad = width > w ? width - w : 0;
  fputc (' ', out);
  if (right)
    put_spaces (out, pad);
  fputs (text, out);
  if (!right)
    put_spaces (out, pad);
  fputs (" |", out);
}

char *
lg_format_size (guint64 bytes)
{
  static const char *const units[] = {
    "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"
  };
  if (bytes < 1024)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " bytes", bytes);
  double value = (double) bytes / 1024;
  guint unit = 0;
  while (value >= 1024 && unit + 1 < G_N_ELEMENTS (units))
    {
      value /= 1024;
      unit++;
    }
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buffer, sizeof buffer, "%.1f", value);
  return g_strdup_printf ("%s %s", buffer, units[unit]);
}

static void set_error (LgProblem *problem, LgProblemError code,
                       const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
set_error (LgProblem *problem, LgProblemError code, const char *format, ...)
{
  if (problem->error)
    return;
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  problem->error = g_error_new_literal (LG_PROBLEM_ERROR, code, message);
}

static void
item_free (gpointer data)
{
  LgItem *item = data;
  g_free (item->name);
  g_free (item);
}

static void
group_free (gpointer data)
{
  LgGroup *group = data;
  g_free (group->name);
  g_ptr_array_unref (group->items);
  g_hash_table_unref (group->by_name);
  g_free (group);
}

static void
clue_clear (gpointer data)
{
  LgClue *clue = data;
  g_free (clue->text);
}

LgProblem *
lg_problem_new (void)
{
  LgProblem *p = g_new0 (LgProblem, 1);
  p->decl = g_ptr_array_new_with_free_func (group_free);
  p->groups = g_ptr_array_new ();
  p->group_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  p->vars = g_ptr_array_new_with_free_func (item_free);
  p->named_vars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p->exprs = g_ptr_array_new_with_free_func (g_free);
  p->rule_nodes = g_ptr_array_new_with_free_func (g_free);
  p->rules = g_ptr_array_new ();
  p->questions = g_array_new (FALSE, FALSE, sizeof (LgQuestion));
  p->clues = g_array_new (FALSE, FALSE, sizeof (LgClue));
  g_array_set_clear_func (p->clues, clue_clear);
  return p;
}

void
lg_problem_free (LgProblem *p)
{
  if (!p)
    return;
  g_ptr_array_unref (p->groups);
  g_hash_table_unref (p->group_by_name);
  g_ptr_array_unref (p->decl);
  g_ptr_array_unref (p->vars);
  g_hash_table_unref (p->named_vars);
  g_ptr_array_unref (p->exprs);
  g_ptr_array_unref (p->rule_nodes);
  g_ptr_array_unref (p->rules);
  g_array_unref (p->questions);
  g_array_unref (p->clues);
  g_clear_error (&p->error);
  g_free (p);
}

/* ---- Groups and items ------------------------------------------------- */

LgGroup *
lg_group (LgProblem *p, LgGroupKind kind, const char *name,
          const char *const *items)
{
  g_return_val_if_fail (p != NULL, NULL);
  g_return_val_if_fail (!p->frozen, NULL);
  if (!name)
    return NULL;
  if (kind != LG_GROUP_ATOMIC && kind != LG_GROUP_ORDERED &&
      kind != LG_GROUP_NUMERIC)
    {
      set_error (p, LG_PROBLEM_ERROR_FAILED, "invalid kind for group '%s'",
                 name);
      return NULL;
    }
  if (g_hash_table_contains (p->group_by_name, name))
    {
      set_error (p, LG_PROBLEM_ERROR_DUPLICATE, "group '%s' is declared twice",
                 name);
      return NULL;
    }
  LgGroup *g = g_new0 (LgGroup, 1);
  g->name = g_strdup (name);
  g->kind = kind;
  g->index = g->decl_index = p->decl->len;
  g->items = g_ptr_array_new_with_free_func (item_free);
  g->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g->width = lg_utf8_width (name);
  g_ptr_array_add (p->decl, g);
  g_ptr_array_add (p->groups, g);
  g_hash_table_insert (p->group_by_name, g->name, g);
  for (; items && *items; items++)
    if (!lg_group_add_item (p, g, *items))
      return NULL;
  return g;
}

static gboolean
parse_integer (const char *s, gint64 *value)
{
  const char *digits = (*s == '+' || *s == '-') ? s + 1 : s;
  if (!g_ascii_isdigit (*digits))
    return FALSE;
  return g_ascii_string_to_signed (*s == '+' ? s + 1 : s, 10, G_MININT64,
                                   G_MAXINT64, value, NULL);
}

LgItem *
lg_group_add_item (LgProblem *p, LgGroup *group, const char *name)
{
  g_return_val_if_fail (p != NULL, NULL);
  g_return_val_if_fail (!p->frozen, NULL);
  if (!group || !name)
    return NULL;
  if (g_hash_table_contains (group->by_name, name))
    {
      set_error (p, LG_PROBLEM_ERROR_DUPLICATE,
                 "item '%s' is declared twice in group '%s'", name,
                 group->name);
      return NULL;
    }
  gint64 value = group->items->len;
  if (group->kind == LG_GROUP_NUMERIC && !parse_integer (name, &value))
    {
      set_error (p, LG_PROBLEM_ERROR_NOT_INTEGER,
                 "item '%s' of numeric group '%s' is not an integer", name,
                 group->name);
      return NULL;
    }
  LgItem *item = g_new0 (LgItem, 1);
  item->group = group;
  item->name = g_strdup (name);
  item->index = group->items->len;
  item->value = group->kind == LG_GROUP_ATOMIC ? 0 : value;
  g_ptr_array_add (group->items, item);
  g_hash_table_insert (group->by_name, item->name, item);
  group->width = MAX (group->width, lg_utf8_width (name));
  return item;
}

LgGroup *
lg_problem_lookup_group (const LgProblem *p, const char *name)
{
  return name ? g_hash_table_lookup (p->group_by_name, name) : NULL;
}

guint
lg_problem_n_groups (const LgProblem *p)
{
  return p->groups->len;
}

LgGroup *
lg_problem_get_group (const LgProblem *p, guint index)
{
  return index < p->groups->len ? g_ptr_array_index (p->groups, index) : NULL;
}

const char *
lg_group_get_name (const LgGroup *group)
{
  return group->name;
}

LgGroupKind
lg_group_get_kind (const LgGroup *group)
{
  return group->kind;
}

guint
lg_group_n_items (const LgGroup *group)
{
  return group->items->len;
}

LgItem *
lg_group_get_item (const LgGroup *group, guint index)
{
  return index < group->items->len ? g_ptr_array_index (group->items, index)
                                   : NULL;
}

LgItem *
lg_group_lookup_item (const LgGroup *group, const char *name)
{
  return name ? g_hash_table_lookup (group->by_name, name) : NULL;
}

const char *
lg_item_get_name (const LgItem *item)
{
  return item->name;
}

LgGroup *
lg_item_get_group (const LgItem *item)
{
  return item->group;
}

gboolean
lg_item_is_variable (const LgItem *item)
{
  return item->is_var;
}

static LgGroup *
need_group (LgProblem *p, const char *group)
{
  LgGroup *g = lg_problem_lookup_group (p, group);
  if (!g && group)
    set_error (p, LG_PROBLEM_ERROR_UNKNOWN, "unknown group '%s'", group);
  return g;
}

LgItem *
lg_item (LgProblem *p, const char *group, const char *name)
{
  LgGroup *g = need_group (p, group);
  if (!g)
    return NULL;
  LgItem *item = lg_group_lookup_item (g, name);
  if (!item && name)
    set_error (p, LG_PROBLEM_ERROR_UNKNOWN, "unknown item '%s' in group '%s'",
               name, g->name);
  return item;
}

static LgItem *
new_var (LgProblem *p, LgGroup *g, char *name)
{
  LgItem *var = g_new0 (LgItem, 1);
  var->group = g;
  var->name = name;
  var->is_var = TRUE;
  var->var_id = p->vars->len;
  g_ptr_array_add (p->vars, var);
  return var;
}

LgItem *
lg_some (LgProblem *p, const char *group)
{
  g_return_val_if_fail (!p->frozen, NULL);
  LgGroup *g = need_group (p, group);
  if (!g)
    return NULL;
  return new_var (p, g, g_strdup_printf ("_var_%u", g->n_anonymous++));
}

LgItem *
lg_var_new (LgProblem *p, const char *group, const char *name)
{
  g_return_val_if_fail (!p->frozen, NULL);
  LgGroup *g = need_group (p, group);
  if (!g || !name)
    return NULL;
  return new_var (p, g, g_strdup (name));
}

LgItem *
lg_var (LgProblem *p, const char *group, const char *name)
{
  g_return_val_if_fail (!p->frozen, NULL);
  LgGroup *g = need_group (p, group);
  if (!g || !name)
    return NULL;
  char *key = g_strconcat (g->name, "\x1f", name, NULL);
  LgItem *var = g_hash_table_lookup (p->named_vars, key);
  if (var)
    {
      g_free (key);
      return var;
    }
  var = lg_var_new (p, group, name);
  g_hash_table_insert (p->named_vars, key, var);
  return var;
}

gboolean
lg_ask (LgProblem *p, LgGroup *group, LgItem *ref)
{
  g_return_val_if_fail (!p->frozen, FALSE);
  if (!group || !ref)
    return FALSE;
  if (ref->is_var || ref->group == group)
    {
      set_error (p, LG_PROBLEM_ERROR_SAME_GROUP,
                 "cannot ask for group '%s' of '%s': it must be an item of "
                 "another group",
                 group->name, ref->name);
      return FALSE;
    }
  LgQuestion q = { group, ref };
  g_array_append_val (p->questions, q);
  return TRUE;
}

/* ---- Clues ------------------------------------------------------------ */

guint
lg_clue (LgProblem *p, const char *text)
{
  g_return_val_if_fail (!p->frozen, 0);
  if (!text || !*text)
    {
      set_error (p, LG_PROBLEM_ERROR_FAILED, "a clue needs a text");
      return 0;
    }
  LgClue clue = { g_strdup (text), p->line, p->rules->len + 1, 0 };
  g_array_append_val (p->clues, clue);
  p->clue_open = TRUE;
  return p->clues->len;
}

void
lg_problem_add_rule_to_clue (LgProblem *p, LgRule *rule)
{
  if (!p->clue_open)
    {
      LgClue clue = { NULL, rule->line, rule->number, 0 };
      g_array_append_val (p->clues, clue);
    }
  g_array_index (p->clues, LgClue, p->clues->len - 1).n_rules++;
  rule->clue = p->clues->len;
  rule->in_clues = p->clue_open;
}

gboolean
lg_problem_has_clue_texts (const LgProblem *p)
{
  return p->clue_open;
}

guint
lg_problem_n_clues (const LgProblem *p)
{
  return p->clues->len;
}

static const LgClue *
get_clue (const LgProblem *p, guint number)
{
  g_return_val_if_fail (number >= 1 && number <= p->clues->len, NULL);
  return &g_array_index (p->clues, LgClue, number - 1);
}

const char *
lg_clue_get_text (const LgProblem *p, guint number)
{
  const LgClue *clue = get_clue (p, number);
  return clue ? clue->text : NULL;
}

guint
lg_clue_get_line (const LgProblem *p, guint number)
{
  const LgClue *clue = get_clue (p, number);
  return clue ? clue->line : 0;
}

guint
lg_clue_get_first_rule (const LgProblem *p, guint number)
{
  const LgClue *clue = get_clue (p, number);
  return clue ? clue->first_rule : 0;
}

guint
lg_clue_get_n_rules (const LgProblem *p, guint number)
{
  const LgClue *clue = get_clue (p, number);
  return clue ? clue->n_rules : 0;
}

/* ---- Options and checks ------------------------------------------------ */

/* Whether number is a rule's or a clue's (what) of the count there are. */
static gboolean
check_number (guint number, guint count, const char *what, GError **error)
{
  if (number >= 1 && number <= count)
    return TRUE;
  g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_UNKNOWN,
               "no %s %u: %ss are numbered from 1 to %u", what, number, what,
               count);
  return FALSE;
}

gboolean
lg_problem_drop_rule (LgProblem *p, guint number, GError **error)
{
  g_return_val_if_fail (!p->frozen, FALSE);
  if (!check_number (number, p->rules->len, "rule", error))
    return FALSE;
  LgRule *rule = g_ptr_array_index (p->rules, number - 1);
  rule->dropped = TRUE;
  return TRUE;
}

gboolean
lg_problem_drop_clue (LgProblem *p, guint number, GError **error)
{
  g_return_val_if_fail (!p->frozen, FALSE);
  if (!check_number (number, p->clues->len, "clue", error))
    return FALSE;
  const LgClue *clue = get_clue (p, number);
  for (guint i = 0; i < clue->n_rules; i++)
    lg_problem_drop_rule (p, clue->first_rule + i, NULL);
  return TRUE;
}

gboolean
lg_problem_rule_is_dropped (const LgProblem *p, guint number)
{
  g_return_val_if_fail (number >= 1 && number <= p->rules->len, FALSE);
  return ((LgRule *) p->rules->pdata[number - 1])->dropped;
}

gboolean
lg_problem_set_group_order (LgProblem *p, const char *const *names,
                            GError **error)
{
  g_return_val_if_fail (!p->frozen, FALSE);
  guint n = names ? g_strv_length ((char **) names) : 0;
  g_autofree LgGroup **order = g_new0 (LgGroup *, p->decl->len + 1);
  for (guint i = 0; i < n; i++)
    {
      LgGroup *g = lg_problem_lookup_group (p, names[i]);
      if (!g)
        {
          g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_ORDER,
                       "unknown group '%s' in the group order", names[i]);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (order[j] == g)
          {
            g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_ORDER,
                         "group '%s' appears twice in the group order",
                         names[i]);
            return FALSE;
          }
      if (i < p->decl->len)
        order[i] = g;
    }
  if (n != p->decl->len)
    {
      GString *all = g_string_new (NULL);
      for (guint i = 0; i < p->decl->len; i++)
        g_string_append_printf (all, "%s%s", i ? "," : "",
                                ((LgGroup *) p->decl->pdata[i])->name);
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_ORDER,
                   "the group order must name each of the %u groups once "
                   "(%s), not %u",
                   p->decl->len, all->str, n);
      g_string_free (all, TRUE);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      order[i]->index = i;
      p->groups->pdata[i] = order[i];
    }
  return TRUE;
}

gboolean
lg_problem_check (LgProblem *p, GError **error)
{
  if (p->frozen)
    return TRUE;
  if (!lg_problem_validate (p, error))
    return FALSE;
  p->frozen = TRUE;
  return TRUE;
}

gboolean
lg_problem_validate (const LgProblem *p, GError **error)
{
  if (p->error)
    {
      g_propagate_error (error, g_error_copy (p->error));
      return FALSE;
    }
  if (p->groups->len == 0)
    {
      g_set_error_literal (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE,
                           "the problem has no group");
      return FALSE;
    }
  LgGroup *first = g_ptr_array_index (p->decl, 0);
  for (guint i = 0; i < p->decl->len; i++)
    {
      LgGroup *g = g_ptr_array_index (p->decl, i);
      if (g->items->len == 0)
        {
          g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE,
                       "group '%s' has no item", g->name);
          return FALSE;
        }
      if (g->items->len != first->items->len)
        {
          g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE,
                       "group '%s' has %u items but group '%s' has %u: all "
                       "groups must have the same size",
                       g->name, g->items->len, first->name, first->items->len);
          return FALSE;
        }
    }
  if (first->items->len > LG_MAX_ITEMS)
    {
      g_set_error (error, LG_PROBLEM_ERROR, LG_PROBLEM_ERROR_SIZE,
                   "dimension %u is too large: at most %d items per group",
                   first->items->len, LG_MAX_ITEMS);
      return FALSE;
    }
  return TRUE;
}

gboolean
lg_problem_is_frozen (const LgProblem *p)
{
  return p->frozen;
}

void
lg_solve_options_init (LgSolveOptions *options)
{
  *options = (LgSolveOptions) LG_SOLVE_OPTIONS_INIT;
}

gboolean
lg_check_from_string (const char *name, LgCheck *check)
{
  static const char *const names[] = { "faithful", "intersect", "fewest" };
  for (guint i = 0; name && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      {
        *check = (LgCheck) i;
        return TRUE;
      }
  return FALSE;
}

/* The engines' names, in LgEngine order. */
static const char *const engine_names[] = { "faithful", "fast", "auto" };

gboolean
lg_engine_from_string (const char *name, LgEngine *engine)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (engine_names); i++)
    if (g_str_equal (name, engine_names[i]))
      {
        *engine = (LgEngine) i;
        return TRUE;
      }
  return FALSE;
}

const char *
lg_engine_to_string (LgEngine engine)
{
  g_return_val_if_fail ((guint) engine < G_N_ELEMENTS (engine_names), NULL);
  return engine_names[engine];
}

guint
lg_problem_n_vars (const LgProblem *p)
{
  return p->vars->len;
}

guint
lg_problem_dimension (const LgProblem *p)
{
  return p->decl->len ? ((LgGroup *) p->decl->pdata[0])->items->len : 0;
}

void
lg_problem_set_error (LgProblem *p, LgProblemError code, const char *message)
{
  set_error (p, code, "%s", message);
}
