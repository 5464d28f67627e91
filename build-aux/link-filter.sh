#!/bin/sh
# link-filter.sh COMMAND [ARG...] — runs the link COMMAND and passes its
# output through, except for the three warnings that glibc's libc.a attaches
# to getpwuid, getpwnam_r and getpwuid_r ("Using 'getpwuid' in statically
# linked applications requires at runtime the shared libraries from the glibc
# version used for linking"), with the "in function
# `g_get_user_database_entry'" line that GNU ld prints before them.  They come
# from GLib's gutils.c, which logigram links for g_set_prgname; logigram never
# calls the functions that reach getpw* (configure.ac, "Static linking").
# Every other line, warning or error, is kept; the exit status is COMMAND's.
log=${TMPDIR:-/tmp}/lg-link.$$
trap 'rm -f "$log"' EXIT
trap 'exit 1' HUP INT TERM
status=0
"$@" > "$log" 2>&1 || status=$?
awk '
  # glib: in the context of GLib gutils.c g_get_user_database_entry
  /: in function `/ {
    glib = ($0 ~ /libglib-2\.0\.a\(gutils\.c\.o\): in function `g_get_user_database_entry.:$/)
    if (glib) { held = $0; next }
  }
  glib && /: warning: Using .getpw(uid|nam_r|uid_r). in statically linked applications requires at runtime the shared libraries from the glibc version used for linking$/ {
    held = ""; next
  }
  { glib = 0; if (held != "") print held; held = ""; print }
  END { if (held != "") print held }
' "$log" >&2
exit $status
