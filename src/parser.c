/* parser — the reader of problem files (`.lgm`); see parser.h and
 * doc/format.md for the language.
 *
 * The input is read one line at a time: the line's bytes are checked first
 * (NUL, UTF-8, control characters, length), then lexed whole into an array
 * of tokens, then parsed as one statement by recursive descent.  A lexical
 * defect does not stop the lexer at once: it becomes an ERROR token that the
 * parser reports when it reaches it, so the error reported is always the
 * leftmost one the parser meets.  Names are resolved, and every rule
 * checked, *before* the problem builder (logigram.h) is called: the builder
 * only records its errors, while here each error can point at its token.
 *
 * Invariants: the token array of a line always ends with an EOL or an ERROR
 * token, and the parser never moves past that last token; at most one error
 * is ever set (the first), and every failing function returns FALSE (or
 * NULL) after setting it.
 */
#include "parser.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "constraint.h"
#include "description.h"

/* clang-format off */
G_DEFINE_QUARK (lg-parse-error-quark, lg_parse_error)
/* clang-format on */

/* ---- Tokens ------------------------------------------------------------ */

typedef enum
{
  TOK_EOL,    /* end of the line's content (a comment starts an EOL) */
  TOK_ERROR,  /* a lexical error: `text` is the message */
  TOK_NAME,   /* [A-Za-z_][A-Za-z0-9_]*, maybe a keyword */
  TOK_STRING, /* "...": `text` is the contents, escapes resolved */
  TOK_INT,    /* [0-9]+: `text` the digits, `magnitude` their value */
  TOK_COLON,
  TOK_COMMA,
  TOK_SEMICOLON,
  TOK_LPAREN,
  TOK_RPAREN,
  TOK_PLUS,
  TOK_MINUS,
  TOK_STAR,
  TOK_EQ,
  TOK_NE,
  TOK_LT,
  TOK_GT,
  TOK_LE,
  TOK_GE
} TokenKind;

typedef enum
{
  KW_NONE,
  KW_ATOMIC,
  KW_ORDERED,
  KW_NUMERIC,
  KW_VAR,
  KW_YES,
  KW_NO,
  KW_ASK,
  KW_OF,
  KW_AND,
  KW_OR,
  KW_NOT,
  KW_ABS,
  KW_IF,
  KW_THEN,
  KW_EXACTLY,
  KW_AT,
  KW_LEAST,
  KW_MOST,
  KW_CLUE
} Keyword;

static const char *const keyword_names[] = {
  [KW_ATOMIC] = "atomic", [KW_ORDERED] = "ordered", [KW_NUMERIC] = "numeric",
  [KW_VAR] = "var",       [KW_YES] = "yes",         [KW_NO] = "no",
  [KW_ASK] = "ask",       [KW_OF] = "of",           [KW_AND] = "and",
  [KW_OR] = "or",         [KW_NOT] = "not",         [KW_ABS] = "abs",
  [KW_IF] = "if",         [KW_THEN] = "then",       [KW_EXACTLY] = "exactly",
  [KW_AT] = "at",         [KW_LEAST] = "least",     [KW_MOST] = "most",
  [KW_CLUE] = "clue",
};

/* 2^63: the magnitude of G_MININT64, the only one above G_MAXINT64 that an
 * integer literal may have (it must then be negated). */
#define MAGNITUDE_MAX ((guint64) G_MAXINT64 + 1)

typedef struct
{
  TokenKind kind;
  Keyword keyword;   /* TOK_NAME only */
  LgParseError code; /* TOK_ERROR only */
  guint column;      /* from 1, in code points */
  const char *src;   /* the token's bytes in the line */
  gsize src_len;
  char *text;        /* see TokenKind: in the parser's text of the line, or
                        for an ERROR (the last token) owned */
  guint64 magnitude; /* TOK_INT only, at most MAGNITUDE_MAX */
} Token;

/* The texts of a line's tokens, each ended by a NUL: at most the line's
 * bytes and a NUL per token, so sized once per line (text_reserve) and
 * never moved while its tokens point into it. */
typedef struct
{
  char *data;
  gsize len, cap;
} TokenText;

/* Makes room for the texts of a line of len bytes, before lexing it. */
static void
text_reserve (TokenText *t, gsize len)
{
  gsize need = 2 * len + 2;
  t->len = 0;
  if (t->cap < need)
    {
      t->cap = MAX (need, 256);
      t->data = g_realloc (t->data, t->cap);
    }
}

/* Ends the text of n bytes written at t->data + t->len with a NUL and
 * keeps it; returns it. */
static char *
text_end (TokenText *t, gsize n)
{
  char *text = t->data + t->len;
  text[n] = '\0';
  t->len += n + 1;
  return text;
}

/* Copies n bytes into the texts, with a NUL; returns the copy. */
static char *
text_add (TokenText *t, const char *bytes, gsize n)
{
  memcpy (t->data + t->len, bytes, n);
  return text_end (t, n);
}

/* ---- Parser state ------------------------------------------------------ */

typedef struct
{
  LgGroup *group;
  char *name;
  LgGroupKind kind;
  guint index;    /* declaration order, from 0 */
  guint line;     /* where it was declared */
  GArray *values; /* gint64, numeric groups only */
  char *split;    /* its first item split by a thousands separator, as
                     thousands_split says it, or NULL */
} GroupInfo;

typedef struct
{
  LgItem *item;
  GroupInfo *group;
  char *name;
  guint line, column; /* its name in its var line */
  guint n_uses;       /* references to it */
  guint n_rules;      /* rules that refer to it */
  guint last_rule;    /* the number of the last of them */
  guint tie_clue;     /* the first clue with a text that ties it by yes */
  guint tie_line;     /* where */
  GArray *ties;       /* Tie: the items it is tied to by yes, one a group */
  gboolean warned;    /* a tie reported: said once */
} VarInfo;

/* A variable tied by a yes couple to item, first on line. */
typedef struct
{
  const LgItem *item;
  guint line;
} Tie;

/* A warning, "FILE:LINE:COLUMN: warning: MESSAGE" in text. */
typedef struct
{
  guint line, column;
  char *text;
} Warning;

/* A relation rule and where it starts, for the checks made once the whole
 * file is read. */
typedef struct
{
  LgRule *rule;
  guint line, column;
} Relation;

typedef struct
{
  const char *filename;
  LgProblem *problem;
  GError *error;           /* the first error; never more than one */
  guint line;              /* current line, from 1 */
  GArray *tokens;          /* Token, the current line's */
  TokenText text;          /* their texts */
  guint pos;               /* current token */
  guint depth;             /* expression nesting */
  GPtrArray *groups;       /* GroupInfo *, in declaration order (owns them) */
  GHashTable *group_table; /* name -> GroupInfo * */
  GHashTable *item_table;  /* item key -> GPtrArray of GroupInfo * */
  GHashTable *var_table;   /* name -> VarInfo *, the last of that name */
  GPtrArray *vars;         /* VarInfo *, in creation order (owns them) */
  guint dimension;         /* items per group, 0 before the first group */
  GArray *warnings;        /* Warning, in the order found */
  GArray *relations;       /* Relation, in file order */
  const void *fact_sink;   /* lg_parser_parse_facts: its FactSink */
  GArray *clue_columns;    /* guint per clue line: where 'clue' is */
} Parser;

static void
group_info_free (gpointer data)
{
  GroupInfo *info = data;

  g_free (info->name);
  g_free (info->split);
  if (info->values != NULL)
    g_array_unref (info->values);
  g_free (info);
}

static void
var_info_free (gpointer data)
{
  VarInfo *info = data;

  g_free (info->name);
  if (info->ties != NULL)
    g_array_unref (info->ties);
  g_free (info);
}

static void
warning_clear (gpointer data)
{
  Warning *warning = data;

  g_free (warning->text);
}

static void
parser_init (Parser *p, const char *filename, LgProblem *problem)
{
  p->filename = filename != NULL ? filename : "<input>";
  p->problem = problem;
  p->tokens = g_array_new (FALSE, TRUE, sizeof (Token));
  p->groups = g_ptr_array_new_with_free_func (group_info_free);
  p->group_table = g_hash_table_new (g_str_hash, g_str_equal);
  p->item_table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_ptr_array_unref);
  p->var_table = g_hash_table_new (g_str_hash, g_str_equal);
  p->vars = g_ptr_array_new_with_free_func (var_info_free);
  p->warnings = g_array_new (FALSE, TRUE, sizeof (Warning));
  g_array_set_clear_func (p->warnings, warning_clear);
  p->relations = g_array_new (FALSE, FALSE, sizeof (Relation));
  p->clue_columns = g_array_new (FALSE, TRUE, sizeof (guint));
}

/* Empties p->tokens; an ERROR, only ever the last token, owns its text. */
static void
clear_tokens (Parser *p)
{
  if (p->tokens->len > 0)
    {
      Token *last = &g_array_index (p->tokens, Token, p->tokens->len - 1);
      if (last->kind == TOK_ERROR)
        g_free (last->text);
    }
  g_array_set_size (p->tokens, 0);
}

static void
parser_clear (Parser *p)
{
  clear_tokens (p);
  g_array_unref (p->tokens);
  g_free (p->text.data);
  g_array_unref (p->relations);
  g_array_unref (p->warnings);
  g_ptr_array_unref (p->vars);
  g_hash_table_unref (p->var_table);
  g_hash_table_unref (p->item_table);
  g_hash_table_unref (p->group_table);
  g_ptr_array_unref (p->groups);
  g_array_unref (p->clue_columns);
}

/* ---- Errors ------------------------------------------------------------ */

static gboolean fail_at (Parser *p, guint line, guint column, LgParseError code,
                         const char *format, ...) G_GNUC_PRINTF (5, 6);

static gboolean
fail_valist (Parser *p, guint line, guint column, LgParseError code,
             const char *format, va_list args)
{
  g_autofree char *message = NULL;

  if (p->error != NULL)
    return FALSE;
  message = g_strdup_vprintf (format, args);
  p->error = g_error_new (LG_PARSE_ERROR, code, "%s:%u:%u: error: %s",
                          p->filename, line, column, message);
  return FALSE;
}

/* Sets the error (unless one is set) and returns FALSE. */
static gboolean
fail_at (Parser *p, guint line, guint column, LgParseError code,
         const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (p, line, column, code, format, args);
  va_end (args);
  return FALSE;
}

static gboolean fail (Parser *p, const Token *token, LgParseError code,
                      const char *format, ...) G_GNUC_PRINTF (4, 5);

/* An error at `token`, on the current line. */
static gboolean
fail (Parser *p, const Token *token, LgParseError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (p, p->line, token->column, code, format, args);
  va_end (args);
  return FALSE;
}

/* How a message shows a token: 'text' (its source, cut after 40 code
 * points), "end of line", or "keyword 'and'". */
static char *
describe (const Token *token)
{
  const gsize max_chars = 40;
  const char *cut;

  switch (token->kind)
    {
    case TOK_EOL:
      return g_strdup ("end of line");
    case TOK_ERROR:
      return g_strdup ("an invalid token");
    case TOK_NAME:
      if (token->keyword != KW_NONE)
        return g_strdup_printf ("keyword '%s'", token->text);
      break;
    default:
      break;
    }
  if ((gsize) g_utf8_strlen (token->src, token->src_len) <= max_chars)
    return g_strdup_printf ("'%.*s'", (int) token->src_len, token->src);
  cut = g_utf8_offset_to_pointer (token->src, max_chars);
  return g_strdup_printf ("'%.*s...'", (int) (cut - token->src), token->src);
}

static char *quote_hint (Parser *p, const Token *token);

static gboolean
expected_valist (Parser *p, const Token *token, gboolean name_wanted,
                 const char *format, va_list args)
{
  g_autofree char *what = NULL;
  g_autofree char *found = NULL;
  g_autofree char *hint = NULL;

  /* a sign before a bad literal: the literal is the error */
  if (token->kind == TOK_MINUS &&
      token + 1 <= &g_array_index (p->tokens, Token, p->tokens->len - 1) &&
      token[1].kind == TOK_ERROR)
    token++;
  if (token->kind == TOK_ERROR)
    return fail (p, token, token->code, "%s", token->text);
  what = g_strdup_vprintf (format, args);
  found = describe (token);
  if (name_wanted && token->kind == TOK_NAME && token->keyword != KW_NONE)
    return fail (p, token, LG_PARSE_ERROR_SYNTAX,
                 "expected %s, found %s (quote it to use it as a name)", what,
                 found);
  hint = token > &g_array_index (p->tokens, Token, 0)
             ? quote_hint (p, token - 1)
             : g_strdup ("");
  return fail (p, token, LG_PARSE_ERROR_SYNTAX, "expected %s, found %s%s", what,
               found, hint);
}

static gboolean expected (Parser *p, const Token *token, const char *format,
                          ...) G_GNUC_PRINTF (3, 4);

/* A syntax error at `token`: "expected WHAT, found TOKEN".  When `token` is
 * a lexical error, that error is the one reported: it comes first. */
static gboolean
expected (Parser *p, const Token *token, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  expected_valist (p, token, FALSE, format, args);
  va_end (args);
  return FALSE;
}

static gboolean expected_name (Parser *p, const Token *token,
                               const char *format, ...) G_GNUC_PRINTF (3, 4);

/* The same where a name is wanted: a keyword found there is told to be
 * quoted. */
static gboolean
expected_name (Parser *p, const Token *token, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  expected_valist (p, token, TRUE, format, args);
  va_end (args);
  return FALSE;
}

static LgParseError
code_of_problem_error (const GError *error)
{
  if (error->domain != LG_PROBLEM_ERROR)
    return LG_PARSE_ERROR_FAILED;
  switch (error->code)
    {
    case LG_PROBLEM_ERROR_UNKNOWN:
      return LG_PARSE_ERROR_UNKNOWN;
    case LG_PROBLEM_ERROR_DUPLICATE:
      return LG_PARSE_ERROR_DUPLICATE;
    case LG_PROBLEM_ERROR_SAME_GROUP:
    case LG_PROBLEM_ERROR_NOT_INTEGER:
    case LG_PROBLEM_ERROR_SIZE:
      return LG_PARSE_ERROR_SEMANTIC;
    default:
      return LG_PARSE_ERROR_FAILED;
    }
}

/* The builder refused something the parser let through: report the error
 * it recorded, at `token` (the start of the statement). */
static gboolean
builder_failed (Parser *p, const Token *token)
{
  g_autoptr (GError) error = NULL;

  if (!lg_problem_validate (p->problem, &error))
    return fail (p, token, code_of_problem_error (error), "%s", error->message);
  return fail (p, token, LG_PARSE_ERROR_FAILED,
               "the problem builder refused this line");
}

/* ---- Line checks and lexer --------------------------------------------- */

/* What is wrong with the bytes of one line (without its terminator):
 * invalid UTF-8, a NUL, a control character but tab (C0, DEL or C1
 * U+0080-U+009F), more than
 * LG_PARSER_MAX_LINE bytes; NULL when nothing, else the message (g_free
 * it) with *column (from 1) and *code. */
static char *
line_problem (const char *s, gsize len, guint *column, LgParseError *code)
{
  const char *bad = NULL;
  *column = 1;
  *code = LG_PARSE_ERROR_ENCODING;
  gsize ascii = 0; /* printable ASCII and tabs, the usual line, first */
  while (ascii < len &&
         ((s[ascii] >= 0x20 && s[ascii] < 0x7f) || s[ascii] == '\t'))
    ascii++;
  if (ascii == len && len <= LG_PARSER_MAX_LINE)
    return NULL;
  if (!g_utf8_validate_len (s, len, &bad))
    {
      *column += g_utf8_strlen (s, bad - s);
      if (*bad == '\0')
        return g_strdup ("NUL byte in the file");
      return g_strdup_printf ("invalid UTF-8 byte 0x%02X",
                              (guint) (guchar) *bad);
    }
  for (const char *c = s; c < s + len; c = g_utf8_next_char (c), ++*column)
    {
      gunichar u = g_utf8_get_char (c);
      if ((u < 0x20 && u != '\t') || (u >= 0x7f && u <= 0x9f))
        return g_strdup_printf ("control character U+%04X in the file",
                                (guint) u);
    }
  if (len > LG_PARSER_MAX_LINE)
    {
      *column = (guint) g_utf8_strlen (s, LG_PARSER_MAX_LINE) + 1;
      *code = LG_PARSE_ERROR_LIMIT;
      return g_strdup_printf ("line is too long: %" G_GSIZE_FORMAT
                              " bytes, at most %d",
                              len, LG_PARSER_MAX_LINE);
    }
  return NULL;
}

static gboolean
check_line (Parser *p, const char *s, gsize len)
{
  guint column;
  LgParseError code;
  g_autofree char *message = line_problem (s, len, &column, &code);
  return !message || fail_at (p, p->line, column, code, "%s", message);
}

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static Keyword
keyword_of (const char *s, gsize len)
{
  /* the first letters of keyword_names, a bit each: most names (Alice,
   * Ford) are ruled out here */
#define LETTER(c) (1u << ((c) - 'a'))
  static const guint32 first_letters =
      LETTER ('a') | LETTER ('c') | LETTER ('e') | LETTER ('i') | LETTER ('l') |
      LETTER ('m') | LETTER ('n') | LETTER ('o') | LETTER ('t') | LETTER ('v') |
      LETTER ('y');
#undef LETTER
  if (len < 2 || s[0] < 'a' || s[0] > 'z' ||
      !(first_letters & (1u << (s[0] - 'a'))))
    return KW_NONE;
  for (guint k = KW_NONE + 1; k < G_N_ELEMENTS (keyword_names); k++)
    if (keyword_names[k][0] == s[0] &&
        strnlen (keyword_names[k], len + 1) == len &&
        memcmp (keyword_names[k], s, len) == 0)
      return k;
  return KW_NONE;
}

static void error_token (Token *token, LgParseError code, const char *format,
                         ...) G_GNUC_PRINTF (3, 4);

static void
error_token (Token *token, LgParseError code, const char *format, ...)
{
  va_list args;

  token->kind = TOK_ERROR;
  token->code = code;
  va_start (args, format);
  token->text = g_strdup_vprintf (format, args);
  va_end (args);
}

/* Lexes a string literal starting at s[*i] == '"'; on return *i and
 * *column are past it (or the token is an ERROR). */
static void
lex_string (Token *token, TokenText *t, const char *s, gsize len, gsize *i,
            guint *column)
{
  char *text = t->data + t->len; /* its contents, then a NUL */
  gsize text_len = 0;
  gsize j = *i + 1;
  guint col = *column + 1;

  while (j < len && s[j] != '"')
    {
      if (s[j] == '\\')
        {
          if (j + 1 < len && (s[j + 1] == '"' || s[j + 1] == '\\'))
            {
              text[text_len++] = s[j + 1];
              j += 2;
              col += 2;
              continue;
            }
          if (j + 1 < len)
            {
              const char *next = g_utf8_next_char (s + j + 1);

              token->column = col;
              error_token (token, LG_PARSE_ERROR_SYNTAX,
                           "invalid escape '\\%.*s' in string: only \\\" "
                           "and \\\\ are allowed",
                           (int) (next - (s + j + 1)), s + j + 1);
              return;
            }
          j++;
          col++;
          continue; /* a final backslash: unterminated */
        }
      {
        /* the characters up to the next quote or backslash, at once */
        gsize start = j;

        while (j < len && s[j] != '"' && s[j] != '\\')
          {
            if (s[j] == '\t')
              {
                /* a name or a text printed in a table or a tab-separated
                 * list would break it */
                token->column = col;
                error_token (token, LG_PARSE_ERROR_SYNTAX,
                             "a tab in a string: write a space instead");
                return;
              }
            j = g_utf8_next_char (s + j) - s;
            col++;
          }
        memcpy (text + text_len, s + start, MIN (j, len) - start);
        text_len += MIN (j, len) - start;
        j = MIN (j, len);
      }
    }
  if (j >= len)
    {
      error_token (token, LG_PARSE_ERROR_SYNTAX,
                   "unterminated string: missing '\"' before the end of "
                   "the line");
      return;
    }
  j++;
  col++;
  token->src_len = j - *i;
  *i = j;
  *column = col;
  if (text_len == 0)
    {
      error_token (token, LG_PARSE_ERROR_SYNTAX, "empty name \"\"");
      return;
    }
  token->kind = TOK_STRING;
  token->text = text_end (t, text_len);
}

/* For the decimal number text[0, len) (maybe a minus, digits, a point,
 * digits): the unit in which it is whole, "hundredths (499 for 4.99)";
 * NULL if text is not one.  Free with g_free. */
static char *
decimal_unit (const char *text, gsize len)
{
  static const char *const units[] = { "tenths", "hundredths", "thousandths" };
  gboolean minus = len > 0 && text[0] == '-';
  gsize whole = minus;
  while (whole < len && g_ascii_isdigit (text[whole]))
    whole++;
  if (whole == (gsize) minus || whole + 1 >= len || text[whole] != '.')
    return NULL;
  gsize decimals = len - whole - 1;
  /* within len: text is a token's source, not a string */
  for (gsize k = whole + 1; k < len; k++)
    if (!g_ascii_isdigit (text[k]))
      return NULL;
  if (decimals > G_N_ELEMENTS (units))
    return g_strdup ("a smaller unit");
  g_autoptr (GString) scaled = g_string_new_len (text + minus, whole - minus);
  g_string_append_len (scaled, text + whole + 1, decimals);
  const char *digits = scaled->str;
  while (digits[0] == '0' && digits[1])
    digits++;
  return g_strdup_printf ("%s (%s%s for %.*s)", units[decimals - 1],
                          minus ? "-" : "", digits, (int) len, text);
}

/* For the time text[0, len) (hours, then ':' and two digits of minutes,
 * maybe ':' and two of seconds): the unit in which it is whole, "minutes
 * (570 for 9:30)"; NULL if text is not one.  Free with g_free. */
static char *
time_unit (const char *text, gsize len)
{
  guint64 value = 0;
  gsize i = 0, parts = 0;
  while (i < len)
    {
      gsize start = i;
      guint64 part = 0;
      while (i < len && g_ascii_isdigit (text[i]) && i - start < 3)
        part = part * 10 + (guint64) (text[i++] - '0');
      if (i == start || (parts > 0 && (i - start != 2 || part > 59)))
        return NULL;
      value = value * 60 + part;
      parts++;
      if (i < len && (text[i++] != ':' || i == len))
        return NULL;
    }
  if (parts < 2 || parts > 3)
    return NULL;
  return g_strdup_printf ("%s (%" G_GUINT64_FORMAT " for %.*s)",
                          parts == 2 ? "minutes" : "seconds", value, (int) len,
                          text);
}

/* Lexes an integer literal (or a bad word starting with a digit, or a
 * decimal number). */
static void
lex_number (Token *token, TokenText *t, const char *s, gsize len, gsize *i)
{
  gsize j = *i;
  guint64 magnitude = 0;
  gboolean too_large = FALSE;
  gboolean digits_only = TRUE;

  while (j < len && is_name_char (s[j]))
    {
      if (!g_ascii_isdigit (s[j]))
        digits_only = FALSE;
      else if (!too_large)
        {
          guint digit = s[j] - '0';

          if (magnitude > (MAGNITUDE_MAX - digit) / 10)
            too_large = TRUE;
          else
            magnitude = magnitude * 10 + digit;
        }
      j++;
    }
  /* 4.99: a decimal fraction, which no group or expression takes */
  gsize point = j;
  if (digits_only && j + 1 < len && s[j] == '.' && g_ascii_isdigit (s[j + 1]))
    for (j++; j < len && g_ascii_isdigit (s[j]); j++)
      ;
  token->src_len = j - *i;
  *i = j;
  token->text = text_add (t, token->src, token->src_len);
  if (j > point)
    {
      g_autofree char *unit = decimal_unit (token->src, token->src_len);
      error_token (token, LG_PARSE_ERROR_SYNTAX,
                   "'%.*s' is not an integer: numbers are integers here; "
                   "count in %s, or name an item of an ordered group \"%.*s\"",
                   (int) token->src_len, token->src, unit, (int) token->src_len,
                   token->src);
    }
  else if (!digits_only)
    error_token (token, LG_PARSE_ERROR_SYNTAX,
                 "invalid integer literal '%.*s' (quote a name that starts "
                 "with a digit); a number is written without its unit",
                 (int) token->src_len, token->src);
  else if (too_large)
    error_token (token, LG_PARSE_ERROR_LIMIT,
                 "integer literal %.*s is out of range (64-bit signed "
                 "integers)",
                 (int) token->src_len, token->src);
  else
    {
      token->kind = TOK_INT;
      token->magnitude = magnitude;
    }
}

/* Lexes one operator or punctuation character; FALSE if `c` is none. */
static gboolean
lex_operator (Token *token, const char *s, gsize len, gsize i)
{
  char c = s[i];
  char next = i + 1 < len ? s[i + 1] : '\0';

  token->src_len = 1;
  switch (c)
    {
    case ':':
      token->kind = TOK_COLON;
      return TRUE;
    case ',':
      token->kind = TOK_COMMA;
      return TRUE;
    case ';':
      token->kind = TOK_SEMICOLON;
      return TRUE;
    case '(':
      token->kind = TOK_LPAREN;
      return TRUE;
    case ')':
      token->kind = TOK_RPAREN;
      return TRUE;
    case '+':
      token->kind = TOK_PLUS;
      return TRUE;
    case '-':
      token->kind = TOK_MINUS;
      return TRUE;
    case '*':
      token->kind = TOK_STAR;
      return TRUE;
    case '=':
      token->kind = TOK_EQ;
      return TRUE;
    case '!':
      if (next != '=')
        return FALSE;
      token->kind = TOK_NE;
      token->src_len = 2;
      return TRUE;
    case '<':
      token->kind = next == '=' ? TOK_LE : TOK_LT;
      token->src_len = next == '=' ? 2 : 1;
      return TRUE;
    case '>':
      token->kind = next == '=' ? TOK_GE : TOK_GT;
      token->src_len = next == '=' ? 2 : 1;
      return TRUE;
    default:
      return FALSE;
    }
}

/* The operators of other languages, and what to write instead; NULL for
 * anything else. */
static const char *
misspelt_operator (const char *s, gsize len)
{
  static const struct
  {
    char text[3];
    const char *instead;
  } misspelt[] = {
    { "==", "write '=' to compare" },
    { "=>", "write '>=' (at least), or 'if ... then' for an implication" },
    { "=<", "write '<=' (at most)" },
    { "<>", "write '!=' (different)" },
    { "=!", "write '!=' (different)" },
  };

  for (guint k = 0; len >= 2 && k < G_N_ELEMENTS (misspelt); k++)
    if (s[0] == misspelt[k].text[0] && s[1] == misspelt[k].text[1])
      return misspelt[k].instead;
  return NULL;
}

/* A currency, percent or degree sign: a unit, when beside a number. */
static gboolean
is_unit_symbol (gunichar c)
{
  switch (c)
    {
    case '$':
    case '%':
    case 0xA2:   /* cent */
    case 0xA3:   /* pound */
    case 0xA5:   /* yen */
    case 0xB0:   /* degree */
    case 0x20AC: /* euro */
      return TRUE;
    default:
      return FALSE;
    }
}

/* s[*start, *end) widened over the blanks on either side. */
static void
widen_over_blanks (const char *s, gsize len, gsize *start, gsize *end)
{
  while (*start > 0 && (s[*start - 1] == ' ' || s[*start - 1] == '\t'))
    (*start)--;
  while (*end < len && (s[*end] == ' ' || s[*end] == '\t'))
    (*end)++;
}

/* Whether s[start, end) has a digit before or after it, blanks apart. */
static gboolean
beside_digit (const char *s, gsize len, gsize start, gsize end)
{
  widen_over_blanks (s, len, &start, &end);
  return (start > 0 && g_ascii_isdigit (s[start - 1])) ||
         (end < len && g_ascii_isdigit (s[end]));
}

/* Whether s[start, end) stands between two operands, blanks apart: a
 * name, a number, a string or a parenthesis on either side. */
static gboolean
between_operands (const char *s, gsize len, gsize start, gsize end)
{
  widen_over_blanks (s, len, &start, &end);
  return start > 0 && end < len &&
         (g_ascii_isalnum (s[start - 1]) || s[start - 1] == '_' ||
          s[start - 1] == ')' || s[start - 1] == '"') &&
         (g_ascii_isalnum (s[end]) || s[end] == '_' || s[end] == '(' ||
          s[end] == '"');
}

/* Whether the line lexed so far declares a group (its items follow): its
 * first token is atomic, ordered or numeric. */
static gboolean
declares_group (const Parser *p)
{
  if (p->tokens->len == 0)
    return FALSE;
  const Token *first = &g_array_index (p->tokens, Token, 0);
  return first->kind == TOK_NAME &&
         (first->keyword == KW_ATOMIC || first->keyword == KW_ORDERED ||
          first->keyword == KW_NUMERIC);
}

/* The operator meant by character c at s[start, end), as other languages
 * and mathematics write it (the logical ones of C, division, remainder,
 * power, the signs of comparisons, brackets), or NULL. */
static const char *
operator_hint (const char *s, gsize len, gsize start, gsize end, gunichar c)
{
  switch (c)
    {
    case '&':
      return "write 'and'";
    case '|':
      return "write 'or'";
    case '!':
      return "write 'not' (and '!=' for different)";
    case '/':
      return "there is no division: multiply the other side instead ('2 * a "
             "= b', not 'a = b / 2')";
    case '^':
      return "there is no power: multiply ('a * a')";
    case '%':
      return between_operands (s, len, start, end)
                 ? "there is no remainder: name the values instead ('a = 2 "
                   "or a = 4')"
                 : NULL;
    case '[':
    case ']':
    case '{':
    case '}':
      return "group with '(' and ')'";
    case 0x2260: /* not equal to */
      return "write '!='";
    case 0x2264: /* less-than or equal to */
    case 0x2A7D:
      return "write '<='";
    case 0x2265: /* greater-than or equal to */
    case 0x2A7E:
      return "write '>='";
    case 0x2212: /* minus sign */
    case 0x2013: /* en dash */
    case 0x2014: /* em dash */
      return "write '-' (and put a name with a dash in double quotes)";
    case 0xD7:   /* multiplication sign */
    case 0x22C5: /* dot operator */
      return "write '*'";
    default:
      return NULL;
    }
}

/* What to write instead of character c at s[start, end), which the format
 * does not have: the operator meant (operator_hint; in the items of a
 * group, where an operator has no place, how a name holds the character,
 * and in a file of facts, what a fact is), the quote meant (as word
 * processors write them), or how a name holds it; NULL when there is
 * nothing to say. */
static const char *
character_hint (const Parser *p, const char *s, gsize len, gsize start,
                gsize end, gunichar c)
{
  const char *op = operator_hint (s, len, start, end, c);
  if (op && p->fact_sink)
    return "a fact is 'yes X, Y' or 'no X, Y', one a line";
  if (op)
    return declares_group (p)
               ? "put an item's name with this character in double quotes "
                 "(\"Smith & Wesson\")"
               : op;
  switch (c)
    {
    case '\'':
      if (start > 0 && end < len && g_ascii_isalpha (s[start - 1]) &&
          g_ascii_isalpha (s[end]))
        return "put a name with an apostrophe in double quotes "
               "(\"O'Brien\")";
      return "names and texts are quoted with double quotes (\"orange "
             "juice\")";
    case '.':
      {
        gsize from = start, to = end;
        widen_over_blanks (s, len, &from, &to);
        if (to == len || s[to] == '#')
          return "a line ends without a full stop";
        if (start > 0 && g_ascii_isalpha (s[start - 1]))
          return "put a name with a full stop in double quotes (\"St. "
                 "Louis\")";
      }
      break;
    case 0x201C: /* curly double quotes */
    case 0x201D:
    case 0x201E:
    case 0xAB: /* guillemets */
    case 0xBB:
      return "write the straight double quote '\"'";
    case 0x2018: /* curly single quotes */
    case 0x2019:
      return "put a name with an apostrophe in double quotes "
             "(\"O'Brien\")";
    default:
      break;
    }
  if (is_unit_symbol (c) && beside_digit (s, len, start, end))
    return "a number is written without its unit; name the unit in a "
           "comment ('numeric price: 25, 30  # dollars')";
  if (c >= 0x80 && g_unichar_isalpha (c))
    return "outside strings and comments only ASCII is allowed: put a name "
           "with such a letter in double quotes (\"Zo\xc3\xab\")";
  if (c >= 0x80)
    return "outside strings and comments only ASCII is allowed";
  return NULL;
}

/* Fills p->tokens with the tokens of the line `s` (already checked by
 * check_line); the last token is EOL, or the first ERROR. */
static void
lex_line (Parser *p, const char *s, gsize len)
{
  const char *misspelt;
  gsize i = 0;
  guint column = 1;

  clear_tokens (p);
  text_reserve (&p->text, len);
  p->pos = 0;
  p->depth = 0;
  for (;;)
    {
      Token token = { 0 };

      while (i < len && (s[i] == ' ' || s[i] == '\t'))
        {
          i++;
          column++;
        }
      token.column = column;
      token.src = s + i;
      if (i >= len || s[i] == '#')
        {
          token.kind = TOK_EOL;
          g_array_append_val (p->tokens, token);
          return;
        }
      if (is_name_start (s[i]))
        {
          gsize j = i;

          while (j < len && is_name_char (s[j]))
            j++;
          token.kind = TOK_NAME;
          token.src_len = j - i;
          token.text = text_add (&p->text, s + i, j - i);
          token.keyword = keyword_of (s + i, j - i);
          column += j - i;
          i = j;
        }
      else if (g_ascii_isdigit (s[i]))
        {
          gsize start = i;

          lex_number (&token, &p->text, s, len, &i);
          column += i - start;
        }
      else if (s[i] == '"')
        lex_string (&token, &p->text, s, len, &i, &column);
      else if ((misspelt = misspelt_operator (s + i, len - i)) != NULL)
        {
          token.src_len = 2;
          error_token (&token, LG_PARSE_ERROR_SYNTAX,
                       "'%.2s' is not an operator: %s", s + i, misspelt);
        }
      else if (lex_operator (&token, s, len, i))
        {
          i += token.src_len;
          column += token.src_len;
        }
      else
        {
          gunichar c = g_utf8_get_char (s + i);

          token.src_len = g_utf8_next_char (s + i) - (s + i);
          const char *hint =
              character_hint (p, s, len, i, i + token.src_len, c);
          g_autofree char *code =
              c < 0x80 ? g_strdup ("")
                       : g_strdup_printf (" (U+%04X)", (guint) c);
          error_token (&token, LG_PARSE_ERROR_SYNTAX,
                       "unexpected character '%.*s'%s%s%s", (int) token.src_len,
                       token.src, code, hint ? ": " : "", hint ? hint : "");
        }
      g_array_append_val (p->tokens, token);
      if (token.kind == TOK_ERROR)
        return;
    }
}

/* ---- Token access ------------------------------------------------------ */

static Token *
peek_at (Parser *p, guint k)
{
  guint last = p->tokens->len - 1;
  guint i = p->pos + k <= last ? p->pos + k : last;

  return &g_array_index (p->tokens, Token, i);
}

static Token *
peek (Parser *p)
{
  return peek_at (p, 0);
}

/* Returns the current token and moves past it (never past the last). */
static Token *
advance (Parser *p)
{
  Token *token = peek (p);

  if (p->pos + 1 < p->tokens->len)
    p->pos++;
  return token;
}

static gboolean
is_keyword (const Token *token, Keyword keyword)
{
  return token->kind == TOK_NAME && token->keyword == keyword;
}

/* A name usable for a group, item or variable: a non-keyword NAME or a
 * STRING. */
static gboolean
is_name (const Token *token)
{
  return (token->kind == TOK_NAME && token->keyword == KW_NONE) ||
         token->kind == TOK_STRING;
}

/* Expects the end of the statement. */
static gboolean
expect_end (Parser *p, const char *after)
{
  Token *token = peek (p);

  if (token->kind == TOK_EOL)
    return TRUE;
  if (token->kind == TOK_RPAREN)
    return fail (p, token, LG_PARSE_ERROR_SYNTAX,
                 "unbalanced ')': no '(' to close");
  return expected (p, token, "end of line after %s", after);
}

/* ---- Integer texts ----------------------------------------------------- */

typedef enum
{
  INT_OK,
  INT_NOT_INTEGER,
  INT_OUT_OF_RANGE
} IntParse;

/* Reads an integer literal as the file writes it: an optional '-' and
 * decimal digits, nothing else. */
static IntParse
parse_int64 (const char *text, gint64 *value)
{
  gboolean negative = text[0] == '-';
  const char *c = negative ? text + 1 : text;
  guint64 magnitude = 0;
  gboolean too_large = FALSE;

  if (*c == '\0')
    return INT_NOT_INTEGER;
  for (; *c != '\0'; c++)
    {
      guint digit;

      if (!g_ascii_isdigit (*c))
        return INT_NOT_INTEGER;
      digit = *c - '0';
      if (magnitude > (MAGNITUDE_MAX - digit) / 10)
        too_large = TRUE;
      else
        magnitude = magnitude * 10 + digit;
    }
  if (too_large || magnitude > (negative ? MAGNITUDE_MAX : G_MAXINT64))
    return INT_OUT_OF_RANGE;
  /* -(2^63) is G_MININT64: negate in unsigned arithmetic. */
  *value = negative ? (gint64) (0 - magnitude) : (gint64) magnitude;
  return INT_OK;
}

/* ---- Item tokens ------------------------------------------------------- */

/* When the integer literal t is three digits right after a comma right
 * after digits ("30,000"), a thousands separator seems to have split one
 * number in two: "; '30,000' reads as two items, 30 and 000: write
 * 30000".  Else NULL.  Free with g_free. */
static char *
thousands_split (const Token *t)
{
  if (t->kind != TOK_INT || t->src_len != 3 || t->column < 3 ||
      t->src[-1] != ',' || !g_ascii_isdigit (t->src[-2]))
    return NULL;
  /* column - 1 code points before t, so at least as many bytes */
  const char *start = t->src - 2;
  for (guint k = 2; k < t->column - 1 && g_ascii_isdigit (start[-1]); k++)
    start--;
  int head = (int) (t->src - 1 - start);
  return g_strdup_printf ("; '%.*s,%.3s' reads as two items, %.*s and %.3s: "
                          "write %.*s%.3s",
                          head, start, t->src, head, start, t->src, head, start,
                          t->src);
}

/* An item as written in a declaration or after `group:`: a name, a string,
 * or an integer literal with an optional '-'. */
typedef struct
{
  const Token *token;  /* its first token */
  char *text;          /* owned: the name, or the literal as written */
  IntParse as_integer; /* whether text is an integer... */
  gint64 value;        /* ...and its value when INT_OK */
} ItemText;

static void
item_text_clear (ItemText *item)
{
  g_clear_pointer (&item->text, g_free);
}

static gboolean
is_item_start (Parser *p, gboolean allow_keywords)
{
  const Token *token = peek (p);

  return is_name (token) || token->kind == TOK_INT ||
         (token->kind == TOK_MINUS && peek_at (p, 1)->kind == TOK_INT) ||
         (allow_keywords && token->kind == TOK_NAME);
}

/* Reads an item text; the caller has checked is_item_start. */
static void
read_item_text (Parser *p, ItemText *item)
{
  Token *token = advance (p);

  item->token = token;
  if (token->kind == TOK_MINUS)
    item->text = g_strconcat ("-", advance (p)->text, NULL);
  else
    item->text = g_strdup (token->text);
  item->as_integer = parse_int64 (item->text, &item->value);
}

/* The item of `group` written `item`, or NULL.  Numeric groups compare
 * values (so `children:00` is `children:0`), the others compare names. */
static LgItem *
group_find_item (const GroupInfo *group, const ItemText *item)
{
  if (group->kind != LG_GROUP_NUMERIC)
    return lg_group_lookup_item (group->group, item->text);
  if (item->as_integer != INT_OK)
    return NULL;
  for (guint i = 0; i < group->values->len; i++)
    if (g_array_index (group->values, gint64, i) == item->value)
      return lg_group_get_item (group->group, i);
  return NULL;
}

/* The key of an item in p->item_table: its value for numeric groups, its
 * name for the others. */
static char *
item_key (LgGroupKind kind, const char *name, gint64 value)
{
  if (kind == LG_GROUP_NUMERIC)
    return g_strdup_printf ("%" G_GINT64_FORMAT, value);
  return g_strdup (name);
}

/* ---- Suggestions ------------------------------------------------------- */

/* The edit distance of a and b, in bytes: insertions, deletions,
 * substitutions and swaps of two neighbours ("dgo" is one edit from "dog"),
 * or `limit` + 1 when it is more than limit. */
static guint
edit_distance (const char *a, const char *b, guint limit)
{
  gsize la = strlen (a), lb = strlen (b);
  const guint inf = limit + 1;

  if ((la > lb ? la - lb : lb - la) > limit)
    return inf;
  /* only the band |i - j| <= limit of the table (Ukkonen): a path
   * outside it costs more than limit; inf marks its edges */
  g_autofree guint *rows = g_new (guint, 3 * (lb + 2));
  guint *before = rows, *previous = rows + lb + 2, *row = rows + 2 * (lb + 2);
  for (gsize j = 0; j <= MIN (lb, (gsize) limit + 1); j++)
    previous[j] = MIN ((guint) j, inf);
  for (gsize i = 1; i <= la; i++)
    {
      gsize lo = i > limit ? i - limit : 1;
      gsize hi = MIN (lb, i + limit);

      row[lo - 1] = lo == 1 ? MIN ((guint) i, inf) : inf;
      for (gsize j = lo; j <= hi; j++)
        {
          guint best = previous[j - 1] + (a[i - 1] != b[j - 1]);

          best = MIN (best, previous[j] + 1);
          best = MIN (best, row[j - 1] + 1);
          if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
            best = MIN (best, before[j - 2] + 1);
          row[j] = MIN (best, inf);
        }
      if (hi < lb)
        row[hi + 1] = inf;
      guint *t = before;
      before = previous, previous = row, row = t;
    }
  return MIN (previous[lb], inf);
}

/* What an unknown name may have been meant as. */
typedef enum
{
  KNOWN_GROUPS,       /* a group name */
  KNOWN_GROUP_ITEMS,  /* an item of one group */
  KNOWN_ITEMS_OR_VARS /* an item of any group, or a variable */
} Known;

typedef struct
{
  const char *name;
  guint limit;
  const char *best;
  guint distance;
} Suggestion;

static void
consider (Suggestion *s, const char *candidate)
{
  guint d = edit_distance (s->name, candidate, s->limit);

  /* not a name every letter of which changes ('x' for 'a') */
  if (d <= s->limit && d > 0 && d < strlen (s->name) &&
      (s->best == NULL || d < s->distance))
    {
      s->best = candidate;
      s->distance = d;
    }
}

/* "; did you mean 'cat'?" when a known name is close to `name` (one edit
 * for names of up to four bytes, two beyond, fewer than its length; the
 * first closest in declaration order), else "". */
static char *
suggest (Parser *p, const char *name, Known known, const GroupInfo *group)
{
  Suggestion s = { name, strlen (name) <= 4 ? 1 : 2, NULL, 0 };

  for (guint g = 0; g < p->groups->len; g++)
    {
      const GroupInfo *info = g_ptr_array_index (p->groups, g);

      if (known == KNOWN_GROUPS)
        consider (&s, info->name);
      else if (known == KNOWN_ITEMS_OR_VARS || info == group)
        for (guint i = 0; i < lg_group_n_items (info->group); i++)
          consider (&s, lg_item_get_name (lg_group_get_item (info->group, i)));
    }
  if (known == KNOWN_ITEMS_OR_VARS)
    for (guint i = 0; i < p->vars->len; i++)
      consider (&s, ((const VarInfo *) g_ptr_array_index (p->vars, i))->name);
  if (s.best == NULL)
    return g_strdup ("");
  return g_strdup_printf ("; did you mean '%s'?", s.best);
}

/* The keywords that start a statement. */
static const Keyword statement_starts[] = { KW_ATOMIC, KW_ORDERED, KW_NUMERIC,
                                            KW_VAR,    KW_YES,     KW_NO,
                                            KW_ASK,    KW_CLUE };

static gboolean
starts_statement (Keyword keyword)
{
  for (guint i = 0; i < G_N_ELEMENTS (statement_starts); i++)
    if (statement_starts[i] == keyword)
      return TRUE;
  return FALSE;
}

/* The closest keyword that starts a statement, for an unknown first word. */
static char *
suggest_keyword (const char *word)
{
  Suggestion s = { word, strlen (word) <= 4 ? 1 : 2, NULL, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (statement_starts); i++)
    consider (&s, keyword_names[statement_starts[i]]);
  if (s.best == NULL)
    return g_strdup ("");
  return g_strdup_printf ("; did you mean '%s'?", s.best);
}

static gboolean is_known_name (Parser *p, const char *name);

/* The last token of `token` joined, with no blank between, to names or
 * numbers by `sep` tokens ('-' in "mid-left", ':' in "9:30:15"); `token`
 * when none follows. */
static const Token *
joined_end (Parser *p, const Token *token, TokenKind sep)
{
  const Token *last = &g_array_index (p->tokens, Token, p->tokens->len - 1);
  const Token *end = token;

  while (end + 2 <= last && end[1].kind == sep &&
         end[1].src == end->src + end->src_len &&
         (end[2].kind == TOK_NAME || end[2].kind == TOK_INT) &&
         end[2].src == end[1].src + end[1].src_len)
    end += 2;
  return end;
}

/* For a name or a number `token` followed by ':' and a number or a name
 * with no blank between (an unquoted time, "9:30"): "; a name with a colon
 * must be quoted: ..." or NULL. */
static char *
colon_hint (Parser *p, const Token *token)
{
  const Token *end = joined_end (p, token, TOK_COLON);

  if (end == token || (token->kind != TOK_INT &&
                       (token->kind != TOK_NAME || token->keyword != KW_NONE)))
    return NULL;
  return g_strdup_printf ("; a name with a colon must be quoted: \"%.*s\"",
                          (int) (end->src + end->src_len - token->src),
                          token->src);
}

/* A hint for a bare name `token` followed by '-' and a name with no blank
 * between (an unquoted "orange-juice"), or by another name (an unquoted
 * "orange juice"), or by ':' (colon_hint; not for the item of a
 * `group:item`, right after its ':'): "; a name with a hyphen must be
 * quoted: ..." or "". */
static char *
quote_hint (Parser *p, const Token *token)
{
  const Token *first = &g_array_index (p->tokens, Token, 0);
  const Token *last = &g_array_index (p->tokens, Token, p->tokens->len - 1);

  if (token == first || token[-1].kind != TOK_COLON ||
      token->src != token[-1].src + 1)
    {
      char *hint = colon_hint (p, token);
      if (hint)
        return hint;
    }
  if (token->kind != TOK_NAME || token->keyword != KW_NONE || token >= last)
    return g_strdup ("");
  if (token[1].kind == TOK_MINUS)
    {
      const Token *end = joined_end (p, token, TOK_MINUS);
      if (end == token)
        return g_strdup ("");
      return g_strdup_printf ("; a name with a hyphen must be quoted: "
                              "\"%.*s\"",
                              (int) (end->src + end->src_len - token->src),
                              token->src);
    }
  /* not after a name known on its own ("ask name h1": 'of' is missing) */
  if (token[1].kind == TOK_NAME && token[1].keyword == KW_NONE &&
      !is_known_name (p, token->text))
    return g_strdup_printf (
        "; a name with a space must be quoted: \"%.*s\"",
        (int) (token[1].src + token[1].src_len - token->src), token->src);
  return g_strdup ("");
}

/* ---- References -------------------------------------------------------- */

/* A reference to an item or a variable, as resolved by parse_ref. */
typedef struct
{
  const Token *token; /* its first token */
  LgItem *item;
  GroupInfo *group;
  const char *name; /* the item's or the variable's name */
  gboolean is_variable;
} Ref;

/* "variable 'a'" or "item 'left'", for messages. */
static char *
describe_ref (const Ref *ref)
{
  return g_strdup_printf ("%s '%s'", ref->is_variable ? "variable" : "item",
                          ref->name);
}

static int
compare_group_index (gconstpointer a, gconstpointer b)
{
  const GroupInfo *x = *(GroupInfo *const *) a;
  const GroupInfo *y = *(GroupInfo *const *) b;

  return (x->index > y->index) - (x->index < y->index);
}

/* Appends to `found` the groups under `key` in the item table that really
 * have `item`, once each. */
static void
collect_groups (Parser *p, const char *key, const ItemText *item,
                GPtrArray *found)
{
  GPtrArray *groups = g_hash_table_lookup (p->item_table, key);

  if (groups == NULL)
    return;
  for (guint i = 0; i < groups->len; i++)
    {
      GroupInfo *group = g_ptr_array_index (groups, i);

      if (group_find_item (group, item) != NULL &&
          !g_ptr_array_find (found, group, NULL))
        g_ptr_array_add (found, group);
    }
}

/* Resolves a bare item (no `group:`): it must be in exactly one group. */
static gboolean
resolve_bare_item (Parser *p, const ItemText *item, Ref *ref)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  collect_groups (p, item->text, item, found);
  if (item->as_integer == INT_OK)
    {
      g_autofree char *key = item_key (LG_GROUP_NUMERIC, NULL, item->value);

      collect_groups (p, key, item, found);
    }
  if (found->len == 0)
    {
      if (g_hash_table_contains (p->group_table, item->text))
        return fail (p, item->token, LG_PARSE_ERROR_UNKNOWN,
                     "'%s' is a group, not an item: write %s:ITEM", item->text,
                     item->text);
      g_autofree char *hint = quote_hint (p, item->token);
      if (item->as_integer == INT_OK)
        return fail (p, item->token, LG_PARSE_ERROR_UNKNOWN,
                     "unknown item '%s'%s", item->text, hint);
      if (*hint == '\0')
        {
          g_free (hint);
          hint = suggest (p, item->text, KNOWN_ITEMS_OR_VARS, NULL);
        }
      return fail (p, item->token, LG_PARSE_ERROR_UNKNOWN,
                   p->fact_sink != NULL ? "unknown item '%s'%s"
                                        : "unknown item or variable '%s'%s",
                   item->text, hint);
    }
  if (found->len > 1)
    {
      g_autoptr (GString) list = g_string_new (NULL);

      g_ptr_array_sort (found, compare_group_index);
      for (guint i = 0; i < found->len; i++)
        {
          const GroupInfo *group = g_ptr_array_index (found, i);

          if (i > 0)
            g_string_append (list, i + 1 == found->len ? " and " : ", ");
          g_string_append_printf (list, "'%s'", group->name);
        }
      return fail (p, item->token, LG_PARSE_ERROR_AMBIGUOUS,
                   "ambiguous item '%s': it is in groups %s; write "
                   "GROUP:ITEM",
                   item->text, list->str);
    }
  ref->group = g_ptr_array_index (found, 0);
  ref->item = group_find_item (ref->group, item);
  ref->name = lg_item_get_name (ref->item);
  ref->is_variable = FALSE;
  return TRUE;
}

/* Counts a reference to `var` in the rule being read. */
static void
note_use (Parser *p, VarInfo *var)
{
  guint rule = lg_problem_n_rules (p->problem) + 1;

  var->n_uses++;
  if (var->last_rule != rule)
    {
      var->n_rules++;
      var->last_rule = rule;
    }
}

/* ref := NAME ':' ITEM | NAME
 * where NAME is a name or a string; with `allow_integer` (couples and
 * questions), a bare integer literal is an item too.  `context` says what
 * the reference follows, for messages. */
static gboolean
parse_ref (Parser *p, Ref *ref, gboolean allow_integer, const char *context)
{
  Token *token = peek (p);

  ref->token = token;
  if (is_name (token) && peek_at (p, 1)->kind == TOK_COLON)
    {
      GroupInfo *group = g_hash_table_lookup (p->group_table, token->text);
      ItemText item = { 0 };

      if (group == NULL)
        {
          g_autofree char *hint = suggest (p, token->text, KNOWN_GROUPS, NULL);

          return fail (p, token, LG_PARSE_ERROR_UNKNOWN, "unknown group '%s'%s",
                       token->text, hint);
        }
      advance (p);
      advance (p);
      if (!is_item_start (p, TRUE))
        return expected (p, peek (p), "an item of group '%s' after ':'",
                         group->name);
      read_item_text (p, &item);
      ref->item = group_find_item (group, &item);
      if (ref->item == NULL)
        {
          g_autofree char *hint = colon_hint (p, item.token);
          if (hint == NULL)
            hint = suggest (p, item.text, KNOWN_GROUP_ITEMS, group);

          fail (p, item.token, LG_PARSE_ERROR_UNKNOWN,
                "unknown item '%s' in group '%s'%s", item.text, group->name,
                hint);
          item_text_clear (&item);
          return FALSE;
        }
      item_text_clear (&item);
      ref->group = group;
      ref->name = lg_item_get_name (ref->item);
      ref->is_variable = FALSE;
      return TRUE;
    }
  if (is_name (token))
    {
      VarInfo *var = g_hash_table_lookup (p->var_table, token->text);
      ItemText item = { 0 };
      gboolean ok;

      if (var != NULL)
        {
          advance (p);
          note_use (p, var);
          ref->item = var->item;
          ref->group = var->group;
          ref->name = var->name;
          ref->is_variable = TRUE;
          return TRUE;
        }
      read_item_text (p, &item);
      ok = resolve_bare_item (p, &item, ref);
      item_text_clear (&item);
      return ok;
    }
  if (allow_integer && is_item_start (p, FALSE))
    {
      ItemText item = { 0 };
      gboolean ok;

      read_item_text (p, &item);
      ok = resolve_bare_item (p, &item, ref);
      item_text_clear (&item);
      return ok;
    }
  return expected_name (p, token, "an item or a variable %s", context);
}

/* ---- Declarations ------------------------------------------------------ */

/* Adds the items of a new group to the item table. */
static void
index_items (Parser *p, GroupInfo *group, GPtrArray *names)
{
  for (guint i = 0; i < names->len; i++)
    {
      gint64 value = group->kind == LG_GROUP_NUMERIC
                         ? g_array_index (group->values, gint64, i)
                         : 0;
      char *key = item_key (group->kind, g_ptr_array_index (names, i), value);
      GPtrArray *groups = g_hash_table_lookup (p->item_table, key);

      if (groups == NULL)
        {
          groups = g_ptr_array_new ();
          g_hash_table_insert (p->item_table, key, groups);
        }
      else
        g_free (key);
      if (groups->len == 0 ||
          g_ptr_array_index (groups, groups->len - 1) != group)
        g_ptr_array_add (groups, group);
    }
}

/* The parser's record of a group of the problem, declared on the current
 * line: its names indexed, its values (numeric groups: taken, else NULL). */
static GroupInfo *
add_group_info (Parser *p, LgGroup *group, GPtrArray *names, GArray *values)
{
  GroupInfo *info = g_new0 (GroupInfo, 1);

  info->group = group;
  info->name = g_strdup (lg_group_get_name (group));
  info->kind = lg_group_get_kind (group);
  info->index = p->groups->len;
  info->line = p->line;
  info->values = values;
  g_ptr_array_add (p->groups, info);
  g_hash_table_insert (p->group_table, info->name, info);
  index_items (p, info, names);
  return info;
}

/* Counts the items left on a too long item list, from the current one. */
static guint
count_remaining_items (Parser *p)
{
  guint count = 1;

  for (guint i = p->pos; i < p->tokens->len; i++)
    if (g_array_index (p->tokens, Token, i).kind == TOK_COMMA)
      count++;
  return count;
}

/* group := ('atomic' | 'ordered' | 'numeric') NAME ':' ITEM {',' ITEM} */
static gboolean
parse_group (Parser *p, LgGroupKind kind)
{
  Token *keyword = advance (p);
  Token *name = peek (p);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *split = NULL; /* the first item after a thousands
                                    separator, for the count's error */
  GroupInfo *other;
  LgGroup *group;

  if (!is_name (name))
    return expected_name (p, name, "a group name after '%s'", keyword->text);
  other = g_hash_table_lookup (p->group_table, name->text);
  if (other != NULL)
    return fail (p, name, LG_PARSE_ERROR_DUPLICATE,
                 "duplicate group '%s': already declared at line %u",
                 name->text, other->line);
  advance (p);
  if (peek (p)->kind != TOK_COLON)
    return expected (p, peek (p), "':' after group name '%s'", name->text);
  advance (p);
  if (peek (p)->kind == TOK_EOL)
    return fail (p, peek (p), LG_PARSE_ERROR_SEMANTIC,
                 "empty group '%s': expected at least one item after ':'",
                 name->text);
  for (;;)
    {
      ItemText item = { 0 };

      if (!is_item_start (p, FALSE))
        return expected_name (p, peek (p), "an item of group '%s'", name->text);
      if (names->len == LG_MAX_ITEMS)
        return fail (p, peek (p), LG_PARSE_ERROR_LIMIT,
                     "dimension %u is too large: at most %d items per group",
                     LG_MAX_ITEMS + count_remaining_items (p), LG_MAX_ITEMS);
      read_item_text (p, &item);
      if (kind == LG_GROUP_NUMERIC && item.as_integer != INT_OK)
        {
          if (item.as_integer == INT_OUT_OF_RANGE)
            fail (p, item.token, LG_PARSE_ERROR_LIMIT,
                  "item '%s' of numeric group '%s' is out of range (64-bit "
                  "signed integers)",
                  item.text, name->text);
          else
            {
              /* 150cm, -3 C: the number, then a unit; or 4.99 */
              const char *t = item.text + (item.text[0] == '-');
              gsize digits = strspn (t, "0123456789");
              g_autofree char *unit =
                  decimal_unit (item.text, strlen (item.text));
              if (!unit)
                unit = time_unit (item.text, strlen (item.text));
              g_autofree char *hint =
                  unit ? g_strdup_printf (": count in %s", unit)
                  : digits > 0
                      ? g_strdup_printf (": write the number alone (%.*s) "
                                         "and name the unit in a comment",
                                         (int) (t - item.text + digits),
                                         item.text)
                      : NULL;
              fail (p, item.token, LG_PARSE_ERROR_SEMANTIC,
                    "item '%s' of numeric group '%s' is not an integer%s",
                    item.text, name->text, hint ? hint : "");
            }
          item_text_clear (&item);
          return FALSE;
        }
      for (guint i = 0; i < names->len; i++)
        {
          const char *previous = g_ptr_array_index (names, i);
          gboolean same = kind == LG_GROUP_NUMERIC
                              ? g_array_index (values, gint64, i) == item.value
                              : strcmp (previous, item.text) == 0;

          if (!same)
            continue;
          g_autofree char *here = thousands_split (item.token);
          if (strcmp (previous, item.text) == 0)
            fail (p, item.token, LG_PARSE_ERROR_DUPLICATE,
                  "duplicate item '%s' in group '%s'%s", item.text, name->text,
                  here ? here : "");
          else
            fail (p, item.token, LG_PARSE_ERROR_DUPLICATE,
                  "duplicate item '%s' in group '%s': same value as '%s'%s",
                  item.text, name->text, previous, here ? here : "");
          item_text_clear (&item);
          return FALSE;
        }
      if (split == NULL)
        split = thousands_split (item.token);
      g_array_append_val (values, item.value);
      g_ptr_array_add (names, g_steal_pointer (&item.text));
      if (peek (p)->kind != TOK_COMMA)
        break;
      advance (p);
    }
  if (peek (p)->kind != TOK_EOL)
    {
      /* an unquoted time, 9:30, in a numeric group: quoted, it would not
       * be a number either */
      const Token *item_end = peek (p) - 1;
      const Token *end = joined_end (p, item_end, TOK_COLON);
      gsize len = (gsize) (end->src + end->src_len - item_end->src);
      g_autofree char *unit = kind == LG_GROUP_NUMERIC &&
                                      item_end->kind == TOK_INT &&
                                      end != item_end
                                  ? time_unit (item_end->src, len)
                                  : NULL;
      if (unit)
        return fail (p, peek (p), LG_PARSE_ERROR_SYNTAX,
                     "expected ',' or end of line after item '%s', found "
                     "':'; a time is not an integer here: count in %s, or "
                     "name an item of an ordered group \"%.*s\"",
                     item_end->text, unit, (int) len, item_end->src);
      return expected (
          p, peek (p), "',' or end of line after item '%s'",
          (const char *) g_ptr_array_index (names, names->len - 1));
    }
  if (p->dimension != 0 && names->len != p->dimension)
    {
      const GroupInfo *first = g_ptr_array_index (p->groups, 0);
      /* "; '1,500' reads as two items ...": this group's, else the
       * first group's, named */
      g_autofree char *hint =
          split != NULL ? g_strdup (split)
          : first->split != NULL
              ? g_strdup_printf ("; in group '%s', %s", first->name,
                                 first->split + 2)
              : NULL;

      return fail (p, name, LG_PARSE_ERROR_SEMANTIC,
                   "group '%s' has %u item%s but group '%s' has %u: every "
                   "group must have the same number of items%s",
                   name->text, names->len, names->len == 1 ? "" : "s",
                   first->name, p->dimension, hint ? hint : "");
    }

  g_ptr_array_add (names, NULL);
  group = lg_group (p->problem, kind, name->text,
                    (const char *const *) names->pdata);
  g_ptr_array_set_size (names, names->len - 1);
  if (group == NULL)
    return builder_failed (p, keyword);

  GroupInfo *info = add_group_info (
      p, group, names,
      kind == LG_GROUP_NUMERIC ? g_steal_pointer (&values) : NULL);
  info->split = g_steal_pointer (&split);
  if (p->dimension == 0)
    p->dimension = names->len;
  return TRUE;
}

static void warn_if_hiding (Parser *p, const Token *name);

/* var := 'var' NAME {',' NAME} ':' GROUP */
static gboolean
parse_var (Parser *p)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new (); /* Token * */
  const Token *group_token;
  GroupInfo *group;

  advance (p);
  for (;;)
    {
      Token *name = peek (p);

      if (!is_name (name))
        return expected_name (p, name, "a variable name after '%s'",
                              names->len == 0 ? "var" : ",");
      for (guint i = 0; i < names->len; i++)
        if (strcmp (((Token *) g_ptr_array_index (names, i))->text,
                    name->text) == 0)
          return fail (p, name, LG_PARSE_ERROR_DUPLICATE,
                       "variable '%s' is declared twice on this line",
                       name->text);
      g_ptr_array_add (names, advance (p));
      if (peek (p)->kind != TOK_COMMA)
        break;
      advance (p);
    }
  if (peek (p)->kind != TOK_COLON)
    return expected (
        p, peek (p), "',' or ':' after variable name '%s'",
        ((Token *) g_ptr_array_index (names, names->len - 1))->text);
  advance (p);
  group_token = peek (p);
  if (!is_name (group_token))
    return expected_name (p, group_token, "a group name after ':'");
  group = g_hash_table_lookup (p->group_table, group_token->text);
  if (group == NULL)
    {
      g_autofree char *hint =
          suggest (p, group_token->text, KNOWN_GROUPS, NULL);

      return fail (p, group_token, LG_PARSE_ERROR_UNKNOWN,
                   "unknown group '%s'%s", group_token->text, hint);
    }
  advance (p);
  if (!expect_end (p, "the group name"))
    return FALSE;

  for (guint i = 0; i < names->len; i++)
    {
      const Token *name = g_ptr_array_index (names, i);
      LgItem *item = lg_var_new (p->problem, group->name, name->text);
      VarInfo *var;

      if (item == NULL)
        return builder_failed (p, name);
      warn_if_hiding (p, name);
      var = g_new0 (VarInfo, 1);
      var->item = item;
      var->group = group;
      var->name = g_strdup (name->text);
      var->line = p->line;
      var->column = name->column;
      g_ptr_array_add (p->vars, var);
      g_hash_table_replace (p->var_table, var->name, var);
    }
  return TRUE;
}

/* ask := 'ask' GROUP 'of' REF */
static gboolean
parse_ask (Parser *p)
{
  Token *keyword = advance (p);
  Token *group_token = peek (p);
  GroupInfo *group;
  Ref ref = { 0 };

  if (!is_name (group_token))
    return expected_name (p, group_token, "a group name after 'ask'");
  group = g_hash_table_lookup (p->group_table, group_token->text);
  if (group == NULL)
    {
      g_autofree char *hint =
          suggest (p, group_token->text, KNOWN_GROUPS, NULL);

      return fail (p, group_token, LG_PARSE_ERROR_UNKNOWN,
                   "unknown group '%s'%s", group_token->text, hint);
    }
  advance (p);
  if (!is_keyword (peek (p), KW_OF))
    return expected (p, peek (p), "'of' after group name '%s'", group->name);
  advance (p);
  if (!parse_ref (p, &ref, TRUE, "after 'of'"))
    return FALSE;
  if (ref.is_variable)
    return fail (p, ref.token, LG_PARSE_ERROR_SEMANTIC,
                 "'ask' needs an item, not variable '%s'", ref.name);
  if (ref.group == group)
    return fail (p, ref.token, LG_PARSE_ERROR_SEMANTIC,
                 "item '%s' is itself in group '%s': ask about an item of "
                 "another group",
                 ref.name, group->name);
  if (!expect_end (p, "the question"))
    return FALSE;
  if (!lg_ask (p->problem, group->group, ref.item))
    return builder_failed (p, keyword);
  return TRUE;
}

/* clue := 'clue' STRING: opens a clue, which the rules up to the next
 * clue line belong to. */
static gboolean
parse_clue (Parser *p)
{
  Token *keyword = advance (p);
  Token *text = peek (p);

  if (text->kind != TOK_STRING)
    return expected (p, text, "the clue's text in double quotes after 'clue'");
  advance (p);
  if (!expect_end (p, "the clue's text"))
    return FALSE;
  lg_problem_set_line (p->problem, p->line);
  guint number = lg_clue (p->problem, text->text);
  if (number == 0)
    return builder_failed (p, keyword);
  g_array_set_size (p->clue_columns, number);
  g_array_index (p->clue_columns, guint, number - 1) = keyword->column;
  return TRUE;
}

/* ---- Relations and expressions ----------------------------------------- */

/* A parsed (sub)expression: an integer expression or a relation.  The
 * grammar mixes both below parentheses, so the type is checked as the
 * parts are combined. */
typedef struct
{
  gboolean is_relation;
  LgExpr *expr;
  LgRule *rule;
  const Token *token; /* its first token */
  /* A lone reference to an item or variable of an atomic group: no value,
   * only an identity, for '=' and '!=' (expr and rule are NULL). */
  gboolean is_atomic_ref;
  Ref ref;
} Value;

static gboolean parse_implication (Parser *p, Value *value);

static const char relop_list[] = "a relational operator (=, !=, <, >, <=, >=)";

static gboolean
is_relop (TokenKind kind)
{
  return kind == TOK_EQ || kind == TOK_NE || kind == TOK_LT || kind == TOK_GT ||
         kind == TOK_LE || kind == TOK_GE;
}

/* `value` must be a relation: when it is an integer expression, the token
 * after it should have been a relational operator. */
static gboolean
need_relation (Parser *p, const Value *value)
{
  if (value->is_relation)
    return TRUE;
  /* "cat, Anna" on a line of its own: a couple without its keyword */
  if (peek (p)->kind == TOK_COMMA &&
      value->token == &g_array_index (p->tokens, Token, 0) &&
      (value->is_atomic_ref ||
       (value->expr != NULL && value->expr->kind == LG_EXPR_REF)))
    return fail (p, peek (p), LG_PARSE_ERROR_SYNTAX,
                 "expected %s, found ','; a couple is written 'yes X, Y' "
                 "(together) or 'no X, Y' (apart)",
                 relop_list);
  return expected (p, peek (p), "%s", relop_list);
}

/* The message on an item or variable of an atomic group where a value is
 * needed (an operand of arithmetic, of '<' or '>'). */
static gboolean
fail_atomic (Parser *p, const Value *value, const char *what)
{
  return fail (p, value->token, LG_PARSE_ERROR_SEMANTIC,
               "%s on %s '%s' of atomic group '%s': only ordered and "
               "numeric groups have values; write '=' or '!=' to say it is "
               "or is not an item of '%s'",
               what, value->ref.is_variable ? "variable" : "item",
               value->ref.name, value->ref.group->name, value->ref.group->name);
}

/* `value` must be an integer expression. */
static gboolean
need_integer (Parser *p, const Value *value)
{
  if (value->is_atomic_ref)
    return fail_atomic (p, value, "expression");
  if (!value->is_relation)
    return TRUE;
  return fail (p, value->token, LG_PARSE_ERROR_SYNTAX,
               "expected an integer expression, found a relation");
}

static gboolean
enter (Parser *p, const Token *token)
{
  if (++p->depth > LG_PARSER_MAX_DEPTH)
    return fail (p, token, LG_PARSE_ERROR_LIMIT,
                 "expression is nested too deeply: at most %d levels",
                 LG_PARSER_MAX_DEPTH);
  return TRUE;
}

static void
leave (Parser *p)
{
  p->depth--;
}

/* An integer literal, negated or not, as an expression. */
static gboolean
make_number (Parser *p, const Token *token, gboolean negative, Value *value)
{
  guint64 limit = negative ? MAGNITUDE_MAX : (guint64) G_MAXINT64;

  if (token->magnitude > limit)
    return fail (p, token, LG_PARSE_ERROR_LIMIT,
                 "integer literal %s is out of range (64-bit signed "
                 "integers)",
                 token->text);
  value->is_relation = FALSE;
  value->expr = lg_num (p->problem, negative ? (gint64) (0 - token->magnitude)
                                             : (gint64) token->magnitude);
  return TRUE;
}

/* The keyword 'yes' or 'no' and the references after it, into refs: two,
 * or with `list` two or more.  Two references of one group are the error of
 * a couple, but for two distinct items in a 'no' list of three or more
 * ("the four were Anna, the cat owner, the 23-minute runner and the
 * 25-minute runner"), which are apart anyway; at least one pair must be of
 * two groups. */
static gboolean
parse_couple_refs (Parser *p, gboolean *yes, GArray *refs, gboolean list)
{
  Token *keyword = advance (p);

  *yes = keyword->keyword == KW_YES;
  for (;;)
    {
      Ref r = { 0 };

      if (!parse_ref (p, &r, TRUE,
                      refs->len ? "after ','"
                      : *yes    ? "after 'yes'"
                                : "after 'no'"))
        return FALSE;
      g_array_append_val (refs, r);
      if (refs->len >= 2 && (!list || peek (p)->kind != TOK_COMMA))
        break;
      if (refs->len == LG_PARSER_MAX_COUPLE_LIST)
        return fail (p, peek (p), LG_PARSE_ERROR_LIMIT,
                     "too many references after '%s': at most %d in one "
                     "couple list",
                     *yes ? "yes" : "no", LG_PARSER_MAX_COUPLE_LIST);
      if (peek (p)->kind != TOK_COMMA)
        return expected (p, peek (p), "',' after '%s'", r.name);
      advance (p);
    }
  guint pairs = 0;
  for (guint j = 1; j < refs->len; j++)
    for (guint i = 0; i < j; i++)
      {
        const Ref *x = &g_array_index (refs, Ref, i);
        const Ref *y = &g_array_index (refs, Ref, j);

        if (x->group != y->group)
          pairs++;
        else if (x->item == y->item)
          {
            g_autofree char *dy = describe_ref (y);

            return fail (p, y->token, LG_PARSE_ERROR_SEMANTIC,
                         "%s is given twice after '%s'", dy,
                         *yes ? "yes" : "no");
          }
        else if (*yes || refs->len == 2 || x->is_variable || y->is_variable)
          {
            g_autofree char *dx = describe_ref (x);
            g_autofree char *dy = describe_ref (y);

            return fail (p, y->token, LG_PARSE_ERROR_SEMANTIC,
                         "%s and %s are both in group '%s': a couple needs "
                         "two different groups",
                         dx, dy, x->group->name);
          }
      }
  if (pairs == 0)
    return fail (p, keyword, LG_PARSE_ERROR_SEMANTIC,
                 "the items after 'no' are all in group '%s', and apart "
                 "anyway: a 'no' list needs items of two groups or more",
                 g_array_index (refs, Ref, 0).group->name);
  return TRUE;
}

/* couple := ('yes' | 'no') REF ',' REF { ',' REF }: a list of three
 * references or more is each couple of two of them, of two groups, joined
 * by 'and' (all one person, or all different ones) */
static gboolean
parse_couple (Parser *p, Value *value)
{
  gboolean yes;
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (Ref));
  g_autoptr (GPtrArray) couples = g_ptr_array_new ();

  if (!parse_couple_refs (p, &yes, refs, TRUE))
    return FALSE;
  for (guint i = 0; i < refs->len; i++)
    for (guint j = i + 1; j < refs->len; j++)
      {
        const Ref *x = &g_array_index (refs, Ref, i);
        const Ref *y = &g_array_index (refs, Ref, j);

        if (x->group != y->group)
          g_ptr_array_add (couples, yes ? lg_yes (p->problem, x->item, y->item)
                                        : lg_no (p->problem, x->item, y->item));
      }
  value->is_relation = TRUE;
  value->rule = couples->pdata[0];
  for (guint k = 1; k < couples->len; k++)
    value->rule = lg_and (p->problem, value->rule, couples->pdata[k]);
  return TRUE;
}

/* count := ('exactly' | 'at' 'least' | 'at' 'most') INT 'of'
 *          '(' implication {';' implication} ')' */
static gboolean
parse_count (Parser *p, Value *value)
{
  Token *first = advance (p);
  Token *k_token, *open;
  g_autoptr (GPtrArray) rules = g_ptr_array_new ();
  Keyword kind = first->keyword;

  if (kind == KW_AT)
    {
      if (!is_keyword (peek (p), KW_LEAST) && !is_keyword (peek (p), KW_MOST))
        return expected (p, peek (p), "'least' or 'most' after 'at'");
      kind = advance (p)->keyword;
    }
  LgRuleKind rule_kind = kind == KW_EXACTLY ? LG_RULE_EXACTLY
                         : kind == KW_LEAST ? LG_RULE_AT_LEAST
                                            : LG_RULE_AT_MOST;
  const char *words = lg_rule_count_words (rule_kind);
  k_token = peek (p);
  if (k_token->kind != TOK_INT)
    return expected (p, k_token, "a count (0, 1, 2, ...) after '%s'", words);
  if (k_token->magnitude > G_MAXINT32)
    return fail (p, k_token, LG_PARSE_ERROR_LIMIT,
                 "count %s is out of range (at most %d)", k_token->text,
                 G_MAXINT32);
  advance (p);
  if (!is_keyword (peek (p), KW_OF))
    return expected (p, peek (p), "'of' after '%s %s'", words, k_token->text);
  advance (p);
  open = peek (p);
  if (open->kind != TOK_LPAREN)
    return expected (p, open, "'(' after '%s %s of'", words, k_token->text);
  if (!enter (p, open))
    return FALSE;
  advance (p);
  for (;;)
    {
      Value item = { 0 };

      if (!parse_implication (p, &item) || !need_relation (p, &item))
        return FALSE;
      g_ptr_array_add (rules, item.rule);
      if (peek (p)->kind != TOK_SEMICOLON)
        break;
      advance (p);
    }
  if (peek (p)->kind != TOK_RPAREN)
    return expected (p, peek (p), "';' or ')' to close the '(' at column %u",
                     open->column);
  advance (p);
  leave (p);
  value->is_relation = TRUE;
  value->rule = (rule_kind == LG_RULE_EXACTLY ? lg_exactly
                 : rule_kind == LG_RULE_AT_LEAST
                     ? lg_at_least
                     : lg_at_most) (p->problem, (guint) k_token->magnitude,
                                    (LgRule *const *) rules->pdata, rules->len);
  return TRUE;
}

/* primary := INT | REF | couple | count | 'abs' '(' expr ')'
 *          | '(' implication ')' */
static gboolean
parse_primary (Parser *p, Value *value)
{
  Token *token = peek (p);

  value->token = token;
  if (is_keyword (token, KW_YES) || is_keyword (token, KW_NO))
    return parse_couple (p, value);
  if (is_keyword (token, KW_EXACTLY) || is_keyword (token, KW_AT))
    return parse_count (p, value);
  if (token->kind == TOK_INT)
    {
      advance (p);
      return make_number (p, token, FALSE, value);
    }
  if (token->kind == TOK_LPAREN)
    {
      Value inner = { 0 };

      if (!enter (p, token))
        return FALSE;
      advance (p);
      if (!parse_implication (p, &inner))
        return FALSE;
      if (peek (p)->kind != TOK_RPAREN)
        return expected (p, peek (p), "')' to close the '(' at column %u",
                         token->column);
      advance (p);
      leave (p);
      *value = inner;
      value->token = token;
      return TRUE;
    }
  if (is_keyword (token, KW_ABS))
    {
      Value operand = { 0 };
      Token *open;

      advance (p);
      open = peek (p);
      if (open->kind != TOK_LPAREN)
        return expected (p, open, "'(' after 'abs'");
      if (!enter (p, open))
        return FALSE;
      advance (p);
      if (!parse_implication (p, &operand))
        return FALSE;
      if (peek (p)->kind != TOK_RPAREN)
        return expected (p, peek (p), "')' to close the '(' at column %u",
                         open->column);
      if (!need_integer (p, &operand))
        return FALSE;
      advance (p);
      leave (p);
      value->is_relation = FALSE;
      value->expr = lg_abs (p->problem, operand.expr);
      return TRUE;
    }
  if (is_name (token))
    {
      Ref ref = { 0 };

      if (!parse_ref (p, &ref, FALSE, ""))
        return FALSE;
      if (ref.group->kind == LG_GROUP_ATOMIC)
        {
          value->is_relation = FALSE;
          value->is_atomic_ref = TRUE;
          value->ref = ref;
          return TRUE;
        }
      value->is_relation = FALSE;
      value->expr = lg_ref (p->problem, ref.item);
      return TRUE;
    }
  return expected_name (p, token,
                        "an operand (a number, an item, a variable, 'abs' "
                        "or '(')");
}

/* unary := '-' unary | primary */
static gboolean
parse_unary (Parser *p, Value *value)
{
  Token *minus = peek (p);
  Value operand = { 0 };

  if (minus->kind != TOK_MINUS)
    return parse_primary (p, value);
  value->token = minus;
  advance (p);
  if (peek (p)->kind == TOK_INT)
    return make_number (p, advance (p), TRUE, value); /* -2 is num(-2) */
  if (!enter (p, minus))
    return FALSE;
  if (!parse_unary (p, &operand) || !need_integer (p, &operand))
    return FALSE;
  leave (p);
  value->is_relation = FALSE;
  value->expr = lg_neg (p->problem, operand.expr);
  return TRUE;
}

/* term := unary {'*' unary} */
static gboolean
parse_term (Parser *p, Value *value)
{
  if (!parse_unary (p, value))
    return FALSE;
  while (peek (p)->kind == TOK_STAR)
    {
      Value right = { 0 };

      if (!need_integer (p, value))
        return FALSE;
      advance (p);
      if (!parse_unary (p, &right) || !need_integer (p, &right))
        return FALSE;
      value->expr = lg_mul (p->problem, value->expr, right.expr);
    }
  return TRUE;
}

/* sum := term {('+' | '-') term} */
static gboolean
parse_sum (Parser *p, Value *value)
{
  if (!parse_term (p, value))
    return FALSE;
  while (peek (p)->kind == TOK_PLUS || peek (p)->kind == TOK_MINUS)
    {
      gboolean plus = advance (p)->kind == TOK_PLUS;
      Value right = { 0 };

      if (!need_integer (p, value))
        return FALSE;
      if (!parse_term (p, &right) || !need_integer (p, &right))
        return FALSE;
      value->expr = plus ? lg_add (p->problem, value->expr, right.expr)
                         : lg_sub (p->problem, value->expr, right.expr);
    }
  return TRUE;
}

/* An atomic reference `atomic` compared with `other`, which is not a
 * reference of its group. */
static gboolean
fail_identity (Parser *p, const Value *atomic, const Value *other)
{
  if (other->is_atomic_ref)
    return fail (p, other->token, LG_PARSE_ERROR_SEMANTIC,
                 "'%s' is of group '%s' and '%s' of group '%s': '=' and "
                 "'!=' compare items of one group; write 'yes %s, %s' to "
                 "say they go together",
                 atomic->ref.name, atomic->ref.group->name, other->ref.name,
                 other->ref.group->name, atomic->ref.name, other->ref.name);
  return fail (p, other->token, LG_PARSE_ERROR_SEMANTIC,
               "%s '%s' of atomic group '%s' is compared with a value: "
               "'=' and '!=' compare it with an item or a variable of "
               "group '%s'",
               atomic->ref.is_variable ? "variable" : "item", atomic->ref.name,
               atomic->ref.group->name, atomic->ref.group->name);
}

/* identity := atomic-REF ('=' | '!=') atomic-REF, of one group; `value`
 * holds the left one and the operator is next. */
static gboolean
parse_identity (Parser *p, Value *value)
{
  Token *op = peek (p);
  Value right = { 0 };

  if (op->kind != TOK_EQ && op->kind != TOK_NE)
    return fail_atomic (p, value, "comparison");
  advance (p);
  if (!parse_sum (p, &right))
    return FALSE;
  if (!right.is_atomic_ref || right.ref.group != value->ref.group)
    return fail_identity (p, value, &right);
  if (is_relop (peek (p)->kind))
    return fail (p, peek (p), LG_PARSE_ERROR_SYNTAX,
                 "comparisons do not chain: join them with 'and'");
  value->is_relation = TRUE;
  value->is_atomic_ref = FALSE;
  value->rule =
      op->kind == TOK_EQ
          ? lg_same (p->problem, value->ref.item, right.ref.item)
          : lg_different (p->problem, value->ref.item, right.ref.item);
  return TRUE;
}

/* comparison := sum [RELOP sum] | identity */
static gboolean
parse_comparison (Parser *p, Value *value)
{
  Token *op;
  Value right = { 0 };
  LgExpr *left;

  if (!parse_sum (p, value))
    return FALSE;
  op = peek (p);
  if (!is_relop (op->kind))
    return TRUE;
  if (value->is_atomic_ref)
    return parse_identity (p, value);
  if (!need_integer (p, value))
    return FALSE;
  advance (p);
  if (!parse_sum (p, &right))
    return FALSE;
  if (right.is_atomic_ref)
    return fail_identity (p, &right, value);
  if (!need_integer (p, &right))
    return FALSE;
  if (is_relop (peek (p)->kind))
    return fail (p, peek (p), LG_PARSE_ERROR_SYNTAX,
                 "comparisons do not chain: join them with 'and'");
  left = value->expr;
  value->is_relation = TRUE;
  value->expr = NULL;
  switch (op->kind)
    {
    case TOK_EQ:
      value->rule = lg_eq (p->problem, left, right.expr);
      break;
    case TOK_NE:
      value->rule = lg_neq (p->problem, left, right.expr);
      break;
    case TOK_LT:
      value->rule = lg_lt (p->problem, left, right.expr);
      break;
    case TOK_GT:
      value->rule = lg_gt (p->problem, left, right.expr);
      break;
    case TOK_LE:
      value->rule = lg_le (p->problem, left, right.expr);
      break;
    case TOK_GE:
      value->rule = lg_ge (p->problem, left, right.expr);
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* not := 'not' not | comparison */
static gboolean
parse_not (Parser *p, Value *value)
{
  Token *token = peek (p);
  Value operand = { 0 };

  if (!is_keyword (token, KW_NOT))
    return parse_comparison (p, value);
  if (!enter (p, token))
    return FALSE;
  advance (p);
  if (!parse_not (p, &operand) || !need_relation (p, &operand))
    return FALSE;
  leave (p);
  value->token = token;
  value->is_relation = TRUE;
  value->rule = lg_not (p->problem, operand.rule);
  return TRUE;
}

/* and := not {'and' not} */
static gboolean
parse_and (Parser *p, Value *value)
{
  if (!parse_not (p, value))
    return FALSE;
  while (is_keyword (peek (p), KW_AND))
    {
      Value right = { 0 };

      if (!need_relation (p, value))
        return FALSE;
      advance (p);
      if (!parse_not (p, &right) || !need_relation (p, &right))
        return FALSE;
      value->rule = lg_and (p->problem, value->rule, right.rule);
    }
  return TRUE;
}

/* or := and {'or' and} */
static gboolean
parse_or (Parser *p, Value *value)
{
  if (!parse_and (p, value))
    return FALSE;
  while (is_keyword (peek (p), KW_OR))
    {
      Value right = { 0 };

      if (!need_relation (p, value))
        return FALSE;
      advance (p);
      if (!parse_and (p, &right) || !need_relation (p, &right))
        return FALSE;
      value->rule = lg_or (p->problem, value->rule, right.rule);
    }
  return TRUE;
}

static void note_relation (Parser *p, LgRule *rule, const Token *first);

static void warn_at (Parser *p, guint line, guint column, const char *format,
                     ...) G_GNUC_PRINTF (4, 5);
static char *item_ref_text (Parser *p, const LgItem *item);

/* Where the current line names var: its first bare reference (not a
 * group's name nor the item after one, GROUP:ITEM); else column 1. */
static guint
var_column (Parser *p, const VarInfo *var)
{
  for (guint i = 0; i < p->tokens->len; i++)
    {
      const Token *t = &g_array_index (p->tokens, Token, i);
      gboolean qualified =
          (i > 0 &&
           g_array_index (p->tokens, Token, i - 1).kind == TOK_COLON) ||
          (i + 1 < p->tokens->len &&
           g_array_index (p->tokens, Token, i + 1).kind == TOK_COLON);

      if ((t->kind == TOK_NAME || t->kind == TOK_STRING) && !qualified &&
          strcmp (t->text, var->name) == 0)
        return t->column;
    }
  return 1;
}

/* What to write when a tie of var, in clue (0: no clue texts), meant a
 * variable of its own. */
static char *
redeclare_advice (const VarInfo *var, guint clue)
{
  g_autoptr (GString) name = g_string_new (NULL);
  g_autoptr (GString) group = g_string_new (NULL);

  lg_append_lgm_name (name, var->name);
  lg_append_lgm_name (group, var->group->name);
  if (var->tie_clue != 0 && var->tie_clue != clue)
    return g_strdup_printf ("if clue %u means another one, declare it again "
                            "after its clue line ('var %s: %s')",
                            clue, name->str, group->str);
  return g_strdup_printf ("if this rule means another one, declare it again "
                          "before it ('var %s: %s')",
                          name->str, group->str);
}

/* Reports what (freed here) of var's tie on the current line, in clue,
 * with the var line to write; var is reported no more. */
static void
warn_tie (Parser *p, VarInfo *var, guint clue, char *what)
{
  g_autofree char *advice = redeclare_advice (var, clue);

  var->warned = TRUE;
  warn_at (p, p->line, var_column (p, var), "%s; %s", what, advice);
  g_free (what);
}

/* Variable x is tied to other by a yes couple of the rule just read.  Two
 * items of one group cannot go with one item: tied to both, the variable
 * leaves no solution, whatever the other rules (a name reused where a new
 * variable was meant).  And a clue with a text is a sentence of its own:
 * when two of them tie one variable, they speak of one item, most often
 * because the second meant a variable of its own (a name declared once,
 * above both, and written again in each clue's "yes a, ..." where the
 * clue needed "var a: ...").  A variable that one clue ties and later
 * ones only compute with (data/jojo.lgm's "c is still Eve's birth year"),
 * or tie again to the same item, is not reported.  One warning a variable
 * at most. */
static void
note_tie (Parser *p, const LgItem *x, const LgItem *other)
{
  /* one VarInfo a variable, in the order the problem numbers them */
  VarInfo *var = x->is_var ? g_ptr_array_index (p->vars, x->var_id) : NULL;

  g_assert (var == NULL || var->item == x);
  if (var == NULL || var->warned)
    return;
  gboolean texts = lg_problem_has_clue_texts (p->problem);
  guint clue = texts ? lg_problem_n_clues (p->problem) : 0;

  if (!other->is_var)
    {
      if (var->ties == NULL)
        var->ties = g_array_new (FALSE, FALSE, sizeof (Tie));
      guint i = 0;
      while (i < var->ties->len &&
             g_array_index (var->ties, Tie, i).item->group != other->group)
        i++;
      if (i == var->ties->len)
        {
          Tie tie = { other, p->line };
          g_array_append_val (var->ties, tie);
        }
      else if (g_array_index (var->ties, Tie, i).item == other)
        return; /* the same item again: a new variable would mean the same */
      else
        {
          const Tie *first = &g_array_index (var->ties, Tie, i);
          g_autofree char *a = item_ref_text (p, first->item);
          g_autofree char *b = item_ref_text (p, other);

          warn_tie (p, var, clue,
                    g_strdup_printf (
                        "variable '%s' is tied by 'yes' to %s (line %u) and "
                        "here to %s, two items of group '%s': no item of "
                        "group '%s' goes with both, so no solution is left",
                        var->name, a, first->line, b, other->group->name,
                        var->group->name));
          return;
        }
    }
  if (!texts)
    return;
  if (var->tie_clue == 0)
    {
      var->tie_clue = clue;
      var->tie_line = p->line;
      return;
    }
  if (var->tie_clue == clue)
    return;
  warn_tie (p, var, clue,
            g_strdup_printf ("variable '%s' is tied by 'yes' in clue %u (line "
                             "%u) and again in clue %u: both clues then speak "
                             "of the same item of group '%s'",
                             var->name, var->tie_clue, var->tie_line, clue,
                             var->group->name));
}

/* The yes couples of rule, alone or joined by and (a couple list). */
static void
note_ties (Parser *p, const LgRule *rule)
{
  if (rule->kind == LG_RULE_AND)
    {
      note_ties (p, rule->a);
      note_ties (p, rule->b);
    }
  else if (rule->kind == LG_RULE_YES)
    {
      note_tie (p, rule->x, rule->y);
      note_tie (p, rule->y, rule->x);
    }
}

/* Adds the rule of the current line, that starts at `first`. */
static gboolean
add_rule (Parser *p, const Token *first, LgRule *rule)
{
  lg_problem_set_line (p->problem, p->line);
  if (lg_rule (p->problem, rule) == 0)
    return builder_failed (p, first);
  note_ties (p, rule);
  return TRUE;
}

/* implication := 'if' or 'then' implication | or */
static gboolean
parse_implication (Parser *p, Value *value)
{
  Token *token = peek (p);
  Value condition = { 0 }, consequence = { 0 };

  if (!is_keyword (token, KW_IF))
    return parse_or (p, value);
  if (!enter (p, token))
    return FALSE;
  advance (p);
  if (!parse_or (p, &condition) || !need_relation (p, &condition))
    return FALSE;
  if (!is_keyword (peek (p), KW_THEN))
    return expected (p, peek (p), "'then' after the condition of 'if'");
  advance (p);
  if (!parse_implication (p, &consequence) || !need_relation (p, &consequence))
    return FALSE;
  leave (p);
  value->token = token;
  value->is_relation = TRUE;
  value->rule = lg_if (p->problem, condition.rule, consequence.rule);
  return TRUE;
}

/* relation rule := implication, which must be a relation (a lone couple
 * is a couple rule) */
static gboolean
parse_relation_rule (Parser *p)
{
  Token *first = peek (p);
  Value value = { 0 };

  if (!parse_implication (p, &value))
    return FALSE;
  if (value.is_relation && lg_rule_is_couple (value.rule))
    return expect_end (p, "the rule") && add_rule (p, first, value.rule);
  if (peek (p)->kind == TOK_RPAREN)
    return expect_end (p, "the rule");
  if (!need_relation (p, &value))
    return FALSE;
  /* parse_or stopped before a token that cannot continue a relation */
  if (peek (p)->kind != TOK_EOL && peek (p)->kind != TOK_ERROR)
    {
      g_autofree char *found = describe (peek (p));

      return fail (p, peek (p), LG_PARSE_ERROR_SYNTAX,
                   "unexpected %s after the rule: expected 'and', 'or' or "
                   "end of line",
                   found);
    }
  if (!expect_end (p, "the rule"))
    return FALSE;
  if (!add_rule (p, first, value.rule))
    return FALSE;
  note_relation (p, value.rule, first);
  return TRUE;
}

/* ---- Statements -------------------------------------------------------- */

/* Whether `name` means anything yet: a group, an item or a variable. */
static gboolean
is_known_name (Parser *p, const char *name)
{
  return g_hash_table_contains (p->group_table, name) ||
         g_hash_table_contains (p->item_table, name) ||
         g_hash_table_contains (p->var_table, name);
}

/* statement := group | var | couple | ask | clue | relation rule |
 * (nothing) */
static gboolean
parse_statement (Parser *p)
{
  Token *token = peek (p);
  Token *next = peek_at (p, 1);

  if (token->kind == TOK_EOL)
    return TRUE;
  if (token->kind == TOK_ERROR)
    return expected (p, token, "a statement");
  if (token->kind == TOK_NAME)
    switch (token->keyword)
      {
      case KW_ATOMIC:
        return parse_group (p, LG_GROUP_ATOMIC);
      case KW_ORDERED:
        return parse_group (p, LG_GROUP_ORDERED);
      case KW_NUMERIC:
        return parse_group (p, LG_GROUP_NUMERIC);
      case KW_VAR:
        return parse_var (p);
      case KW_ASK:
        return parse_ask (p);
      case KW_CLUE:
        return parse_clue (p);
      case KW_NONE:
        /* Two words in a row cannot start a relation: a misspelt
         * keyword, unless the first word names something. */
        if ((next->kind == TOK_NAME && next->keyword == KW_NONE) ||
            next->kind == TOK_STRING || next->kind == TOK_INT)
          if (!is_known_name (p, token->text))
            {
              g_autofree char *hint = suggest_keyword (token->text);

              return fail (p, token, LG_PARSE_ERROR_SYNTAX,
                           "unknown keyword '%s': a line is a declaration "
                           "(atomic, ordered, numeric, var), a rule (yes, "
                           "no, or a relation), a question (ask) or a clue "
                           "(clue)%s",
                           token->text, hint);
            }
        break;
      default:
        break;
      }
  return parse_relation_rule (p);
}

/* ---- Warnings ---------------------------------------------------------- */

/* Warnings are about lines that are valid but probably not what their
 * author meant.  They never stop the reading; the problem is the same with
 * or without them.  Those that need the whole file (variables used too
 * little, sums that may count one item twice) are made by warn_at_end. */

static void
warn_at (Parser *p, guint line, guint column, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  Warning warning = { line, column, NULL };

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  warning.text = g_strdup_printf ("%s:%u:%u: warning: %s", p->filename, line,
                                  column, message);
  g_array_append_val (p->warnings, warning);
}

static int
compare_warnings (gconstpointer a, gconstpointer b)
{
  const Warning *x = a, *y = b;

  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return (x->column > y->column) - (x->column < y->column);
}

/* The warnings as a NULL-terminated array of lines, in file order. */
static char **
take_warnings (Parser *p)
{
  GPtrArray *lines = g_ptr_array_new ();

  /* g_array_sort is not stable: warnings of one place keep their order by
   * a stable insertion sort (there are few). */
  for (guint i = 1; i < p->warnings->len; i++)
    for (guint j = i;
         j > 0 &&
         compare_warnings (&g_array_index (p->warnings, Warning, j - 1),
                           &g_array_index (p->warnings, Warning, j)) > 0;
         j--)
      {
        Warning t = g_array_index (p->warnings, Warning, j);

        g_array_index (p->warnings, Warning, j) =
            g_array_index (p->warnings, Warning, j - 1);
        g_array_index (p->warnings, Warning, j - 1) = t;
      }
  for (guint i = 0; i < p->warnings->len; i++)
    g_ptr_array_add (
        lines, g_steal_pointer (&g_array_index (p->warnings, Warning, i).text));
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

/* A variable named like an item hides it from that line on. */
static void
warn_if_hiding (Parser *p, const Token *name)
{
  GPtrArray *groups = g_hash_table_lookup (p->item_table, name->text);
  const GroupInfo *group;

  if (groups == NULL || groups->len == 0)
    return;
  group = g_ptr_array_index (groups, 0);
  warn_at (p, p->line, name->column,
           "variable '%s' hides the item '%s' of group '%s' from here on: "
           "a bare '%s' is now the variable (write %s:%s for the item)",
           name->text, name->text, group->name, name->text, group->name,
           name->text);
}

/* What the value ranges alone say of a relation. */
typedef enum
{
  TRUTH_NEVER,
  TRUTH_MAYBE,
  TRUTH_ALWAYS
} Truth;

/* The truth of a relation from the ranges of its values (lg_expr_bounds):
 * NEVER or ALWAYS only when that is certain. */
static Truth
relation_truth (const LgRule *r)
{
  gint64 l1, h1, l2, h2;
  Truth a, b;

  switch (r->kind)
    {
    case LG_RULE_AND:
    case LG_RULE_OR:
      a = relation_truth (r->a);
      b = relation_truth (r->b);
      if (r->kind == LG_RULE_AND)
        return MIN (a, b);
      return MAX (a, b);
    case LG_RULE_NOT:
      return TRUTH_ALWAYS - relation_truth (r->a);
    case LG_RULE_EXACTLY:
    case LG_RULE_AT_LEAST:
    case LG_RULE_AT_MOST:
      {
        /* from `sure` to `sure + open` of its statements hold */
        guint sure = 0, open = 0;
        for (guint i = 0; i < r->n_list; i++)
          {
            Truth t = relation_truth (r->list[i]);
            sure += t == TRUTH_ALWAYS;
            open += t == TRUTH_MAYBE;
          }
        gboolean always, never;
        if (r->kind == LG_RULE_EXACTLY)
          always = open == 0 && sure == r->k,
          never = r->k < sure || r->k > sure + open;
        else if (r->kind == LG_RULE_AT_LEAST)
          always = sure >= r->k, never = sure + open < r->k;
        else
          always = sure + open <= r->k, never = sure > r->k;
        return always ? TRUTH_ALWAYS : never ? TRUTH_NEVER : TRUTH_MAYBE;
      }
    case LG_RULE_EQ:
    case LG_RULE_NEQ:
    case LG_RULE_LT:
    case LG_RULE_GT:
    case LG_RULE_LE:
    case LG_RULE_GE:
      if (!lg_expr_bounds (r->left, G_MAXINT64, &l1, &h1) ||
          !lg_expr_bounds (r->right, G_MAXINT64, &l2, &h2))
        return TRUTH_MAYBE;
      switch (lg_relation_compare (r->kind, l1, h1, l2, h2))
        {
        case LG_EVAL_TRUE:
          return TRUTH_ALWAYS;
        case LG_EVAL_FALSE:
          return TRUTH_NEVER;
        default:
          return TRUTH_MAYBE;
        }
    default:
      return TRUTH_MAYBE;
    }
}

/* "5" or "from 0 to 4". */
static char *
range_text (gint64 lo, gint64 hi)
{
  if (lo == hi)
    return g_strdup_printf ("%" G_GINT64_FORMAT, lo);
  return g_strdup_printf ("from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, lo,
                          hi);
}

/* The first ordered group an expression refers to whose items are all
 * numbers other than their positions (`ordered year: 1990, 1995`), or
 * NULL: its values are those positions, which its author may not mean. */
static const LgGroup *
numbered_ordered_group (const LgExpr *e)
{
  if (e == NULL)
    return NULL;
  if (e->kind == LG_EXPR_REF)
    {
      const LgGroup *g = e->item->group;
      gboolean positions = TRUE;
      if (g->kind != LG_GROUP_ORDERED)
        return NULL;
      for (guint i = 0; i < g->items->len; i++)
        {
          const LgItem *item = g_ptr_array_index (g->items, i);
          gint64 value;
          if (parse_int64 (item->name, &value) != INT_OK)
            return NULL;
          positions &= value == (gint64) i;
        }
      return positions ? NULL : g;
    }
  const LgGroup *g = numbered_ordered_group (e->left);
  return g ? g : numbered_ordered_group (e->right);
}

/* A relation rule just added: warns when it can never hold or always
 * holds, and keeps it for warn_at_end. */
static void
note_relation (Parser *p, LgRule *rule, const Token *first)
{
  Relation relation = { rule, p->line, first->column };
  Truth truth = relation_truth (rule);
  gint64 l1, h1, l2, h2;

  g_array_append_val (p->relations, relation);
  if (truth == TRUTH_MAYBE)
    return;
  if (rule->kind == LG_RULE_EXACTLY || rule->kind == LG_RULE_AT_LEAST ||
      rule->kind == LG_RULE_AT_MOST)
    {
      warn_at (p, p->line, first->column,
               "this rule %s: '%s %u' of %u statement%s, whatever the items "
               "of the variables",
               truth == TRUTH_NEVER ? "can never hold"
                                    : "always holds, so it says nothing",
               lg_rule_count_words (rule->kind), rule->k, rule->n_list,
               rule->n_list == 1 ? "" : "s");
      return;
    }
  if (rule->kind != LG_RULE_AND && rule->kind != LG_RULE_OR &&
      rule->kind != LG_RULE_NOT)
    {
      g_autofree char *left = NULL, *right = NULL;

      lg_expr_bounds (rule->left, G_MAXINT64, &l1, &h1);
      lg_expr_bounds (rule->right, G_MAXINT64, &l2, &h2);
      left = range_text (l1, h1);
      right = range_text (l2, h2);
      const LgGroup *g = numbered_ordered_group (rule->left);
      if (!g)
        g = numbered_ordered_group (rule->right);
      g_autofree char *hint =
          g ? g_strdup_printf (
                  "; the items of ordered group '%s' have the values 0 to "
                  "%u, their positions: declare it numeric to compute with "
                  "the numbers they are named by",
                  g->name, g->items->len - 1)
            : NULL;
      warn_at (p, p->line, first->column,
               "this rule %s: its left side is %s and its right side %s, "
               "whatever the items of the variables%s",
               truth == TRUTH_NEVER ? "can never hold"
                                    : "always holds, so it says nothing",
               left, right, hint ? hint : "");
      return;
    }
  warn_at (p, p->line, first->column,
           "this rule %s, whatever the items of the variables (from the "
           "ranges of its values)",
           truth == TRUTH_NEVER ? "can never hold"
                                : "always holds, so it says nothing");
}

/* ---- Variables used too little, sums that may count an item twice ------ */

/* Adds to `vars` the variables an expression refers to, once each. */
static void
expr_vars (const LgExpr *e, GPtrArray *vars)
{
  if (e == NULL)
    return;
  if (e->kind == LG_EXPR_REF)
    {
      if (e->item->is_var && !g_ptr_array_find (vars, e->item, NULL))
        g_ptr_array_add (vars, e->item);
      return;
    }
  expr_vars (e->left, vars);
  expr_vars (e->right, vars);
}

static void
rule_vars (const LgRule *r, GPtrArray *vars)
{
  if (r == NULL)
    return;
  if (lg_rule_is_couple (r))
    {
      if (r->x->is_var && !g_ptr_array_find (vars, r->x, NULL))
        g_ptr_array_add (vars, r->x);
      if (r->y->is_var && !g_ptr_array_find (vars, r->y, NULL))
        g_ptr_array_add (vars, r->y);
      return;
    }
  expr_vars (r->left, vars);
  expr_vars (r->right, vars);
  rule_vars (r->a, vars);
  rule_vars (r->b, vars);
}

/* The first sum or product in a relation that adds (or multiplies) two
 * variables of one group: *x and *y, or FALSE. */
static gboolean expr_sum_pair (const LgExpr *e, LgItem **x, LgItem **y);

static gboolean
rule_sum_pair (const LgRule *r, LgItem **x, LgItem **y)
{
  if (r == NULL || lg_rule_is_couple (r))
    return FALSE;
  return expr_sum_pair (r->left, x, y) || expr_sum_pair (r->right, x, y) ||
         rule_sum_pair (r->a, x, y) || rule_sum_pair (r->b, x, y);
}

static gboolean
expr_sum_pair (const LgExpr *e, LgItem **x, LgItem **y)
{
  if (e == NULL)
    return FALSE;
  if (e->kind == LG_EXPR_ADD || e->kind == LG_EXPR_MUL)
    {
      g_autoptr (GPtrArray) left = g_ptr_array_new ();
      g_autoptr (GPtrArray) right = g_ptr_array_new ();

      expr_vars (e->left, left);
      expr_vars (e->right, right);
      for (guint i = 0; i < left->len; i++)
        for (guint j = 0; j < right->len; j++)
          {
            LgItem *a = g_ptr_array_index (left, i);
            LgItem *b = g_ptr_array_index (right, j);

            if (a != b && a->group == b->group)
              {
                *x = a;
                *y = b;
                return TRUE;
              }
          }
    }
  return expr_sum_pair (e->left, x, y) || expr_sum_pair (e->right, x, y);
}

/* A couple inside a relation ("yes x, p or x != y"): its cell is not
 * known here. */
static LgEval
cell_unknown (guint g1, guint i1, guint g2, guint i2, gpointer data)
{
  (void) g1, (void) i1, (void) g2, (void) i2, (void) data;
  return LG_EVAL_UNKNOWN;
}

/* Whether rule r, whose variables are x and y (or one of them), holds for
 * some item given to both at once; TRUE too when that cannot be told. */
static gboolean
holds_when_same (const LgProblem *problem, const LgRule *r, const LgItem *x,
                 const LgItem *y)
{
  g_autofree guint *assignment = g_new0 (guint, lg_problem_n_vars (problem));

  for (guint k = 0; k < x->group->items->len; k++)
    {
      assignment[x->var_id] = assignment[y->var_id] = k;
      if (lg_rule_eval3 (r, assignment, cell_unknown, NULL) != LG_EVAL_FALSE)
        return TRUE;
    }
  return FALSE;
}

/* Whether the variables of r are among x and y, both there. */
static gboolean
only_vars (const LgRule *r, const LgItem *x, const LgItem *y)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();

  rule_vars (r, vars);
  return vars->len == 2 && g_ptr_array_find (vars, x, NULL) &&
         g_ptr_array_find (vars, y, NULL);
}

/* What warn_sum needs of the whole file, indexed once by warn_at_end (a
 * file of thousands of sums was quadratic): the pairs of variables of one
 * group that a relation on them alone keeps apart, the items `yes` rules
 * tie each variable to (in rule order), the pairs of `no` rules. */
typedef struct
{
  GHashTable *apart; /* pair_key -> itself */
  GHashTable *ties;  /* variable -> GPtrArray of LgItem * */
  GHashTable *nos;   /* pair_key -> itself */
} SumIndex;

/* The key of an unordered pair of items. */
static char *
pair_key (const LgItem *a, const LgItem *b)
{
  return a < b ? g_strdup_printf ("%p %p", (const void *) a, (const void *) b)
               : g_strdup_printf ("%p %p", (const void *) b, (const void *) a);
}

static void
sum_index_init (SumIndex *index, Parser *p)
{
  const LgProblem *problem = p->problem;

  index->apart = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index->ties = g_hash_table_new_full (NULL, NULL, NULL,
                                       (GDestroyNotify) g_ptr_array_unref);
  index->nos = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < p->relations->len; i++)
    {
      const LgRule *r = g_array_index (p->relations, Relation, i).rule;
      g_autoptr (GPtrArray) vars = g_ptr_array_new ();

      rule_vars (r, vars);
      if (vars->len != 2)
        continue;
      LgItem *x = g_ptr_array_index (vars, 0), *y = g_ptr_array_index (vars, 1);
      if (x->group == y->group && !holds_when_same (problem, r, x, y))
        {
          char *key = pair_key (x, y);
          g_hash_table_add (index->apart, key);
        }
    }
  for (guint i = 0; i < problem->rules->len; i++)
    {
      const LgRule *r = g_ptr_array_index (problem->rules, i);
      LgItem *v = NULL, *item = NULL;

      if (r->kind == LG_RULE_NO)
        g_hash_table_add (index->nos, pair_key (r->x, r->y));
      if (r->kind != LG_RULE_YES)
        continue;
      if (r->x->is_var && !r->y->is_var)
        v = r->x, item = r->y;
      else if (r->y->is_var && !r->x->is_var)
        v = r->y, item = r->x;
      if (v == NULL)
        continue;
      GPtrArray *items = g_hash_table_lookup (index->ties, v);
      if (items == NULL)
        {
          items = g_ptr_array_new ();
          g_hash_table_insert (index->ties, v, items);
        }
      g_ptr_array_add (items, item);
    }
}

static void
sum_index_clear (SumIndex *index)
{
  g_hash_table_unref (index->apart);
  g_hash_table_unref (index->ties);
  g_hash_table_unref (index->nos);
}

/* The items `yes` rules tie variable v to, in rule order, then v. */
static GPtrArray *
ties_of (const SumIndex *index, LgItem *v)
{
  GPtrArray *items = g_ptr_array_new ();
  GPtrArray *tied = g_hash_table_lookup (index->ties, v);

  if (tied != NULL)
    g_ptr_array_extend (items, tied, NULL, NULL);
  g_ptr_array_add (items, v);
  return items;
}

static gboolean
has_pair (GHashTable *pairs, const LgItem *a, const LgItem *b)
{
  g_autofree char *key = pair_key (a, b);

  return g_hash_table_contains (pairs, key);
}

/* How a message names an item: its bare name when that is a plain,
 * unambiguous name, else GROUP:"NAME". */
static char *
item_ref_text (Parser *p, const LgItem *item)
{
  GPtrArray *groups = g_hash_table_lookup (p->item_table, item->name);
  gboolean plain = is_name_start (item->name[0]) &&
                   keyword_of (item->name, strlen (item->name)) == KW_NONE;

  for (const char *c = item->name; plain && *c; c++)
    plain = is_name_char (*c);
  if (plain && groups != NULL && groups->len == 1 &&
      !g_hash_table_contains (p->var_table, item->name))
    return g_strdup (item->name);
  /* a numeric item by its value, as rules write it: age:10 */
  if (plain || item->group->kind == LG_GROUP_NUMERIC)
    return g_strdup_printf ("%s:%s", item->group->name, item->name);
  g_autoptr (GString) text = g_string_new (item->group->name);
  g_string_append_c (text, ':');
  lg_append_lgm_string (text, item->name);
  return g_strdup (text->str);
}

/* A sum of two variables x and y of one group also holds when both are the
 * same item ("Bill and Ellis snitched six in total" is met by one person
 * with three) unless some rule keeps them apart: the rule itself or
 * another one on x and y alone failing whenever they are the same, `yes`
 * rules tying them to two items of one group, or a `no` rule between what
 * they are tied to.  A rule in a clue with a text is left alone: the text
 * tells the reader whether one or two are meant, which the rules cannot
 * (logigram-gen's sums, "the places of X and Y add up to 6", are of two
 * people in its hidden solution, so that their puzzles keep one
 * solution either way). */
static void
warn_sum (Parser *p, const SumIndex *index, const Relation *relation)
{
  const LgProblem *problem = p->problem;
  LgItem *x, *y;
  g_autoptr (GPtrArray) tx = NULL, ty = NULL;
  g_autofree char *suggestion = NULL;

  if (lg_clue_get_text (problem, relation->rule->clue) != NULL ||
      !rule_sum_pair (relation->rule, &x, &y) ||
      !only_vars (relation->rule, x, y) || has_pair (index->apart, x, y))
    return;
  tx = ties_of (index, x);
  ty = ties_of (index, y);
  for (guint i = 0; i < tx->len; i++)
    for (guint j = 0; j < ty->len; j++)
      {
        const LgItem *a = g_ptr_array_index (tx, i);
        const LgItem *b = g_ptr_array_index (ty, j);

        if (a == b)
          return; /* the same item: x and y are one on purpose */
        if ((a->group == b->group && !a->is_var && !b->is_var) ||
            has_pair (index->nos, a, b))
          return;
      }
  if (tx->len > 1 && ty->len > 1)
    {
      g_autofree char *a = item_ref_text (p, g_ptr_array_index (tx, 0));
      g_autofree char *b = item_ref_text (p, g_ptr_array_index (ty, 0));

      suggestion = g_strdup_printf ("no %s, %s", a, b);
    }
  else
    suggestion = g_strdup_printf ("%s != %s", x->name, y->name);
  warn_at (p, relation->line, relation->column,
           "'%s' and '%s' may be the same item of group '%s' here, counted "
           "twice; if the clue speaks of two different ones, add '%s'",
           x->name, y->name, x->group->name, suggestion);
}

/* The checks that need the whole file. */
static void
warn_at_end (Parser *p)
{
  for (guint i = 0; i < p->vars->len; i++)
    {
      const VarInfo *var = g_ptr_array_index (p->vars, i);

      if (var->n_uses == 0)
        warn_at (p, var->line, var->column,
                 "variable '%s' is declared but never used", var->name);
      else if (var->n_uses == 1)
        {
          g_autoptr (GString) written = g_string_new (NULL);
          lg_append_lgm_name (written, var->name);
          warn_at (p, var->line, var->column,
                   "variable '%s' is used only once, in rule %u: there it "
                   "stands for any item of group '%s' and ties nothing "
                   "together (use it in another rule, e.g. 'yes %s, ITEM', "
                   "or leave it out)",
                   var->name, var->last_rule, var->group->name, written->str);
        }
    }
  for (guint c = 1; c <= lg_problem_n_clues (p->problem); c++)
    if (lg_clue_get_text (p->problem, c) != NULL &&
        lg_clue_get_n_rules (p->problem, c) == 0)
      warn_at (p, lg_clue_get_line (p->problem, c),
               c <= p->clue_columns->len
                   ? g_array_index (p->clue_columns, guint, c - 1)
                   : 1,
               "clue %u has no rule: the solver does not see it (write its "
               "rules on the lines after it)",
               c);
  SumIndex index;

  sum_index_init (&index, p);
  for (guint i = 0; i < p->relations->len; i++)
    warn_sum (p, &index, &g_array_index (p->relations, Relation, i));
  sum_index_clear (&index);
}

/* ---- Entry points ------------------------------------------------------ */

/* Each line of data checked, lexed and read by `statement`. */
static gboolean
parse_lines (Parser *p, const char *data, gsize length,
             gboolean (*statement) (Parser *p))
{
  const char *cur = data;
  const char *end = data + length;

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    cur += 3; /* a UTF-8 byte order mark */
  while (cur < end)
    {
      const char *newline = memchr (cur, '\n', end - cur);
      const char *line_end = newline != NULL ? newline : end;
      gsize len = line_end - cur;

      if (p->line == G_MAXUINT)
        return fail_at (p, p->line, 1, LG_PARSE_ERROR_LIMIT, "too many lines");
      p->line++;
      if (len > 0 && cur[len - 1] == '\r')
        len--; /* CR LF, or a CR that ends the file */
      if (!check_line (p, cur, len))
        return FALSE;
      lex_line (p, cur, len);
      if (!statement (p))
        return FALSE;
      cur = newline != NULL ? newline + 1 : end;
    }
  return TRUE;
}

LgProblem *
lg_parser_parse_data (const char *filename, const char *data, gsize length,
                      GError **error)
{
  return lg_parser_parse_data_full (filename, data, length, NULL, error);
}

LgProblem *
lg_parser_parse_data_full (const char *filename, const char *data, gsize length,
                           char ***warnings, GError **error)
{
  g_autoptr (LgProblem) problem = lg_problem_new ();
  g_autoptr (GError) check_error = NULL;
  Parser parser = { 0 };
  Parser *p = &parser;
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  if (warnings != NULL)
    *warnings = NULL;

  parser_init (p, filename, problem);

  ok = length == 0 || parse_lines (p, data, length, parse_statement);
  if (ok && p->groups->len == 0)
    ok = fail_at (p, 1, 1, LG_PARSE_ERROR_SEMANTIC,
                  "no group: a problem declares at least one group "
                  "('atomic', 'ordered' or 'numeric' NAME: ITEM, ...)");
  if (ok && !lg_problem_validate (problem, &check_error))
    ok = fail_at (p, 1, 1, code_of_problem_error (check_error), "%s",
                  check_error->message);
  if (ok)
    warn_at_end (p);
  if (ok && warnings != NULL)
    *warnings = take_warnings (p);

  parser_clear (p);
  if (!ok)
    {
      g_propagate_error (error, p->error);
      return NULL;
    }
  return g_steal_pointer (&problem);
}

/* ---- Reading a file ------------------------------------------------------ */

char *
lg_parser_printable (const char *text)
{
  char *s = g_utf8_make_valid (text, -1);
  for (char *c = s; *c; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      *c = '?';
  return s;
}

char *
lg_parser_display_name (const char *filename)
{
  return g_str_equal (filename, "-") ? g_strdup (LG_PARSER_STDIN_NAME)
                                     : lg_parser_printable (filename);
}

/* The first buffer of a stream (doubled as it fills, up to the bound). */
#define READ_CHUNK (64 * 1024)

static gboolean
set_read_error (GError **error, LgParseError code, const char *name,
                const char *message)
{
  g_set_error (error, LG_PARSE_ERROR, code, "%s: error: %s", name, message);
  return FALSE;
}

static gboolean
set_too_large (GError **error, const char *name, guint64 max,
               guint64 memory_limit)
{
  g_autofree char *most = lg_format_size (max);
  g_autofree char *limit = lg_format_size (memory_limit);
  g_autofree char *message = g_strdup_printf (
      "the input is larger than %s, the most a memory limit of %s allows "
      "(1/%d of it); raise --memory-limit",
      most, limit, LG_PARSER_INPUT_SHARE);
  return set_read_error (error, LG_PARSE_ERROR_LIMIT, name, message);
}

/* All the bytes of fd, read in chunks (a pipe, a FIFO or a slow stream as
 * well as a file), into *data (g_free it; a NUL follows them); refused as
 * soon as they pass the share of memory_limit, before more is read. */
static gboolean
read_all (int fd, const char *name, guint64 memory_limit, char **data,
          gsize *length, GError **error)
{
  const guint64 max = memory_limit / LG_PARSER_INPUT_SHARE;
  gsize cap = READ_CHUNK;
  struct stat st;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode))
    {
      if ((guint64) st.st_size > max)
        return set_too_large (error, name, max, memory_limit);
      cap = (gsize) st.st_size + 1; /* the read that finds the end */
    }
  cap = (gsize) MIN ((guint64) cap, max + 1);
  g_autofree char *buffer = g_malloc (cap);
  gsize len = 0;
  for (;;)
    {
      if (len == cap)
        {
          if (len > max)
            return set_too_large (error, name, max, memory_limit);
          cap = (gsize) MIN ((guint64) cap * 2, max + 1);
          buffer = g_realloc (buffer, cap);
        }
      ssize_t n = read (fd, buffer + len, MIN (cap - len, (gsize) G_MAXSSIZE));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return set_read_error (error, LG_PARSE_ERROR_IO, name,
                               g_strerror (errno));
      if (n == 0)
        break;
      len += (gsize) n;
    }
  /* a NUL after the bytes, as g_file_get_contents leaves (the parser
   * reads by length: a guard); the read of 0 bytes that ended the loop
   * had room for it */
  buffer[len] = '\0';
  *data = g_steal_pointer (&buffer);
  *length = len;
  return TRUE;
}

gboolean
lg_parser_read_file (const char *filename, guint64 memory_limit, char **data,
                     gsize *length, GError **error)
{
  g_autofree char *name = lg_parser_display_name (filename);
  gboolean is_stdin = g_str_equal (filename, "-");
  int fd = is_stdin ? STDIN_FILENO : open (filename, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return set_read_error (error, LG_PARSE_ERROR_IO, name, g_strerror (errno));
  gboolean read = read_all (fd, name, memory_limit, data, length, error);
  if (!is_stdin)
    close (fd);
  return read;
}

LgProblem *
lg_parser_parse_file_within (const char *filename, guint64 memory_limit,
                             char ***warnings, GError **error)
{
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  if (warnings != NULL)
    *warnings = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  if (!lg_parser_read_file (filename, memory_limit, &data, &length, error))
    return NULL;
  g_autofree char *name = lg_parser_display_name (filename);
  return lg_parser_parse_data_full (name, data, length, warnings, error);
}

LgProblem *
lg_parser_parse_file (const char *filename, GError **error)
{
  return lg_parser_parse_file_full (filename, NULL, error);
}

LgProblem *
lg_parser_parse_file_full (const char *filename, char ***warnings,
                           GError **error)
{
  return lg_parser_parse_file_within (filename, LG_DEFAULT_MEMORY_LIMIT,
                                      warnings, error);
}

/* ---- Facts ------------------------------------------------------------- */

/* The groups of a problem already read, as parse_group would have made
 * them, so that references resolve as in its file. */
static void
seed_groups (Parser *p, const LgProblem *problem)
{
  for (guint g = 0; g < lg_problem_n_groups (problem); g++)
    {
      LgGroup *group = lg_problem_get_group (problem, g);
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      GArray *values = lg_group_get_kind (group) == LG_GROUP_NUMERIC
                           ? g_array_new (FALSE, FALSE, sizeof (gint64))
                           : NULL;

      for (guint i = 0; i < lg_group_n_items (group); i++)
        {
          LgItem *item = lg_group_get_item (group, i);

          g_ptr_array_add (names, item->name);
          if (values != NULL)
            g_array_append_val (values, item->value);
        }
      add_group_info (p, group, names, values);
    }
}

typedef struct
{
  LgFactFunc func;
  gpointer user_data;
} FactSink;

/* fact := ('yes' | 'no') ref ',' ref */
static gboolean
parse_fact (Parser *p)
{
  Token *token = peek (p);
  const FactSink *sink = p->fact_sink;
  gboolean yes;

  if (token->kind == TOK_EOL)
    return TRUE;
  if (token->kind == TOK_NAME && token->keyword != KW_YES &&
      token->keyword != KW_NO && starts_statement (token->keyword))
    /* logigram --hint p.lgm: the puzzle read as the facts */
    return fail (p, token, LG_PARSE_ERROR_SYNTAX,
                 "a fact is 'yes X, Y' or 'no X, Y', and this line "
                 "belongs in a problem file: --hint=FACTS takes the file "
                 "of the facts known so far, then the puzzle "
                 "(logigram --hint=FACTS PUZZLE.lgm; with no facts yet, "
                 "--hint=/dev/null gives the first step)");
  if (token->kind != TOK_NAME ||
      (token->keyword != KW_YES && token->keyword != KW_NO))
    return fail (p, token, LG_PARSE_ERROR_SYNTAX,
                 "a fact is 'yes X, Y' or 'no X, Y'");
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (Ref));
  if (!parse_couple_refs (p, &yes, refs, FALSE))
    return FALSE;
  if (peek (p)->kind == TOK_COMMA)
    return fail (p, peek (p), LG_PARSE_ERROR_SYNTAX,
                 "a fact is one couple of two references: write each couple "
                 "of a list on a line of its own");
  if (!expect_end (p, "the fact"))
    return FALSE;
  sink->func (g_array_index (refs, Ref, 0).item,
              g_array_index (refs, Ref, 1).item, yes, sink->user_data);
  return TRUE;
}

gboolean
lg_parser_parse_facts (const LgProblem *problem, const char *filename,
                       const char *data, gsize length, LgFactFunc func,
                       gpointer user_data, GError **error)
{
  Parser parser = { 0 };
  Parser *p = &parser;
  FactSink sink = { func, user_data };
  gboolean ok;

  g_return_val_if_fail (problem != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  /* the problem is only read: no rule, group or variable is added */
  parser_init (p, filename, (LgProblem *) problem);
  p->fact_sink = &sink;
  seed_groups (p, problem);
  ok = length == 0 || parse_lines (p, data, length, parse_fact);
  parser_clear (p);
  if (!ok)
    g_propagate_error (error, p->error);
  return ok;
}
