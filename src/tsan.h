/* tsan — what ThreadSanitizer cannot see for itself.  GLib's mutexes,
 * conditions and thread pools synchronise through futexes inside a library
 * that is not instrumented, so a build with --enable-tsan (LG_TSAN) tells
 * the sanitizer where one thread releases what another then acquires: a
 * lg_tsan_release (p) before the hand-over, a lg_tsan_acquire (p) on the
 * same address after it.  Elsewhere both are nothing.  Invariant: every
 * hand-over between threads through GLib is annotated on both sides, so
 * that each report of `make tsan' is a race of logigram's own.
 */
#ifndef LG_TSAN_H
#define LG_TSAN_H

#ifdef LG_TSAN
#include <sanitizer/tsan_interface.h>
#define lg_tsan_acquire(p) __tsan_acquire ((void *) (p))
#define lg_tsan_release(p) __tsan_release ((void *) (p))
#else
#define lg_tsan_acquire(p) ((void) 0)
#define lg_tsan_release(p) ((void) 0)
#endif

#endif /* LG_TSAN_H */
