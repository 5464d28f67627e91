/* problems — the four tutorial problems built into the binary (classic,
 * small, jojo, big).  They are the files data/NAME.lgm, turned into byte
 * arrays by build-aux/embed-problems.sh at build time, so the shipped files
 * and the built-in problems cannot differ (the invariant: a built-in
 * problem is its file, byte for byte, parsed as the file would be). */
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

/* The names, NULL-terminated, classic first (the default). */
const char *const *lg_problems_names (void);

/* Parses a built-in problem; NULL with error set when the name is unknown. */
LgProblem *lg_problems_load (const char *name, GError **error);

#endif /* LG_PROBLEMS_H */
