/* parser — the reader of problem files (`.lgm`, SPEC section 8 and
 * doc/format.md).
 *
 * A hand-written lexer and recursive-descent parser that builds an
 * LgProblem through the public API of logigram.h, one line at a time.
 * Every name is resolved and every rule checked before the builder is
 * called, so that each defect is reported at the token that causes it.
 *
 * Invariant: a call returns either a problem that
 * lg_problem_validate accepts (any engine's dimension), or NULL
 * and exactly one error in the LG_PARSE_ERROR domain whose message
 * is the whole line `FILE:LINE:COLUMN: error: MESSAGE` (GNU style; lines
 * and columns from 1, columns in UTF-8 code points), whatever the bytes.
 */
#ifndef LG_PARSER_H
#define LG_PARSER_H

#include <glib.h>

#include "logigram.h"

G_BEGIN_DECLS

#define LG_PARSE_ERROR (lg_parse_error_quark ())
GQuark lg_parse_error_quark (void);

typedef enum
{
  LG_PARSE_ERROR_FAILED,    /* anything else */
  LG_PARSE_ERROR_IO,        /* the file cannot be read */
  LG_PARSE_ERROR_ENCODING,  /* NUL byte, invalid UTF-8, control character */
  LG_PARSE_ERROR_SYNTAX,    /* missing or unexpected token, bad literal */
  LG_PARSE_ERROR_UNKNOWN,   /* unknown group, item or variable */
  LG_PARSE_ERROR_AMBIGUOUS, /* a bare item name found in several groups */
  LG_PARSE_ERROR_DUPLICATE, /* a group or item declared twice */
  LG_PARSE_ERROR_SEMANTIC,  /* well formed but meaningless: couple inside
                                one group, groups of different sizes,
                                expression on an atomic item, no group... */
  LG_PARSE_ERROR_LIMIT      /* too long a line, too large a dimension,
                                integer out of range, nesting too deep,
                                too long a couple list */
} LgParseError;

/* Longest line accepted, in bytes, without its line terminator. */
#define LG_PARSER_MAX_LINE 4096
/* Deepest nesting of parentheses and unary operators in a rule. */
#define LG_PARSER_MAX_DEPTH 256
/* The most references of one couple list ('no A, B, C, ...'), whose
 * couples (up to 496) grow as the square of them: all different people,
 * they are at most the items of a group, 32, when the list can hold. */
#define LG_PARSER_MAX_COUPLE_LIST 32

/* Parses `length` bytes of `data` (NUL bytes included: they are errors).
 * `filename` only names the input in messages; NULL stands for "<input>".
 * Returns a new problem (transfer full), or NULL with `error` set. */
LgProblem *lg_parser_parse_data (const char *filename, const char *data,
                                 gsize length, GError **error);

/* Reads `filename` and parses it; "-" is the standard input, named
 * LG_PARSER_STDIN_NAME in the messages.  Any file is read in chunks up to
 * its end (a pipe, a FIFO or a slow stream as well), and refused as soon
 * as it is larger than 1/LG_PARSER_INPUT_SHARE of memory_limit (a parsed
 * problem takes up to about 30 times its text): `FILE: error: the input
 * is larger than SIZE...`, code LG_PARSE_ERROR_LIMIT.  An unreadable file
 * gives `FILE: error: MESSAGE` (the system's words), LG_PARSE_ERROR_IO.
 * warnings: as for lg_parser_parse_data_full (may be NULL). */
LgProblem *lg_parser_parse_file_within (const char *filename,
                                        guint64 memory_limit, char ***warnings,
                                        GError **error);
/* The same under LG_DEFAULT_MEMORY_LIMIT. */
LgProblem *lg_parser_parse_file (const char *filename, GError **error);

/* The same, with the warnings: when the problem is returned and `warnings`
 * is not NULL, *warnings is a NULL-terminated array (g_strfreev it; empty
 * when all is well) of lines `FILE:LINE:COLUMN: warning: MESSAGE` in
 * order of line and column, about lines that are valid but probably not
 * what was meant (doc/format.md, "Warnings"); on error, *warnings is NULL.
 * The problem is the same as without warnings. */
LgProblem *lg_parser_parse_data_full (const char *filename, const char *data,
                                      gsize length, char ***warnings,
                                      GError **error);
/* lg_parser_parse_file_within under LG_DEFAULT_MEMORY_LIMIT. */
LgProblem *lg_parser_parse_file_full (const char *filename, char ***warnings,
                                      GError **error);
#define LG_PARSER_STDIN_NAME "<stdin>"
/* The share of the memory limit that the input may take (1/32: 64 MiB of
 * the default 2 GiB). */
#define LG_PARSER_INPUT_SHARE 32
/* text as a message may show it: invalid UTF-8 replaced by U+FFFD, a
 * control character by '?' (g_free it).  A file name or an argument
 * echoed in an error line then keeps it one line of text. */
char *lg_parser_printable (const char *text);
/* The name of filename in messages (g_free it): LG_PARSER_STDIN_NAME for
 * "-", else filename made printable. */
char *lg_parser_display_name (const char *filename);

/* The bytes of `filename` ("-": the standard input), read as
 * lg_parser_parse_file_within reads them, bound included, into *data
 * (g_free it; a NUL byte follows the *length bytes); FALSE with error
 * ("NAME: error: ...") when it cannot be read or is too large.  Other text
 * inputs (the facts of --hint) use it. */
gboolean lg_parser_read_file (const char *filename, guint64 memory_limit,
                              char **data, gsize *length, GError **error);

/* Called for each fact of a facts file: item a is (yes) or is not with
 * item b, of another group. */
typedef void (*LgFactFunc) (const LgItem *a, const LgItem *b, gboolean yes,
                            gpointer user_data);
/* Reads the facts of --hint, one a line, 'yes X, Y' or 'no X, Y', the
 * couples of a rule of `problem`'s file: its lexical rules (comments,
 * blanks, strings, CRLF, a byte order mark) and its references (a name of
 * one group, GROUP:ITEM, a numeric item by its value).  Calls func for
 * each, in order; FALSE with error "FILENAME:LINE:COLUMN: error: ..."
 * (LG_PARSE_ERROR) at the first line that is not one. */
gboolean lg_parser_parse_facts (const LgProblem *problem, const char *filename,
                                const char *data, gsize length, LgFactFunc func,
                                gpointer user_data, GError **error);

G_END_DECLS

#endif /* LG_PARSER_H */
