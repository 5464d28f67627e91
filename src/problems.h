/* problems — the problems --problem names: the four tutorial problems built
 * into the binary (classic, small, jojo, big), and the installed ones, the
 * files NAME.lgm of the package's data directory that are not built in
 * (einstein, mini4... once `make install` has put the files of data/
 * there).
 *
 * The built-in ones are the files data/NAME.lgm, turned into byte arrays
 * by build-aux/embed-problems.sh at build time, so the shipped files and
 * the built-in problems cannot differ (the invariant: a built-in problem
 * is its file, byte for byte, parsed as the file would be).  A built-in
 * name always wins over an installed file of the same name. */
#ifndef LG_PROBLEMS_H
#define LG_PROBLEMS_H

#include "logigram.h"

/* The generated table (src/problems-data.c), ended by a NULL name. */
typedef struct
{
  const char *name;
  const char *data;
  gsize size;
} LgEmbeddedProblem;
extern const LgEmbeddedProblem lg_problems_embedded[];

/* The built-in names, NULL-terminated, classic first (the default). */
const char *const *lg_problems_names (void);

/* The directory of the installed problems: $LOGIGRAM_DATADIR when set,
 * else the package's data directory of the build (configure's
 * $(pkgdatadir), LG_PKGDATADIR). */
const char *lg_problems_dir (void);

/* The installed problems that are not built in: the NAME of every NAME.lgm
 * in lg_problems_dir (), sorted; empty when there is none, or no such
 * directory (transfer full, NULL-terminated). */
char **lg_problems_installed (void);

/* Where problem `name` comes from, as its errors name it: "NAME.lgm" for a
 * built-in problem, the path of the file for an installed one; NULL when
 * there is no such problem (transfer full). */
char *lg_problems_source (const char *name);

/* Parses a built-in or installed problem; NULL with error set when the
 * name is unknown (LG_PROBLEM_ERROR_UNKNOWN), or the installed file cannot
 * be read or parsed. */
LgProblem *lg_problems_load (const char *name, GError **error);

#endif /* LG_PROBLEMS_H */
