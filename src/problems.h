/* problems — the four tutorial problems built into the binary (classic,
 * small, jojo, big).  They are the files data/NAME.lgm, compiled in as a
 * GResource, so the shipped files and the built-in problems cannot differ. */
#ifndef LG_PROBLEMS_H
#define LG_PROBLEMS_H

#include "logigram.h"

/* The names, NULL-terminated, classic first (the default). */
const char *const *lg_problems_names (void);

/* The text of a built-in problem (transfer full), or NULL when unknown. */
GBytes *lg_problems_lookup (const char *name);

/* Parses a built-in problem; NULL with error set when the name is unknown. */
LgProblem *lg_problems_load (const char *name, GError **error);

#endif /* LG_PROBLEMS_H */
