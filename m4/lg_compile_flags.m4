# lg_compile_flags.m4 — compiler flag probes for logigram.
#
# Written for this project in the spirit of autoconf-archive's
# AX_CHECK_COMPILE_FLAG and libsigrok's SR_ARG_ENABLE_WARNINGS, so that no
# autoconf-archive package is needed to bootstrap.

# LG_CHECK_COMPILE_FLAG(FLAG, [ACTION-IF-OK], [ACTION-IF-NOT])
# ------------------------------------------------------------
# Checks whether the C compiler accepts FLAG without any diagnostic.  The
# probe adds -Werror so that compilers which merely warn about an unknown
# option (clang) reject it; the test program is warning-free even under the
# strictest flags probed (a prototype for main, no unused variables).
AC_DEFUN([LG_CHECK_COMPILE_FLAG],
[AS_VAR_PUSHDEF([lg_cv], [lg_cv_cflag_$1])dnl
AC_CACHE_CHECK([whether $CC accepts $1], [lg_cv],
  [lg_save_CFLAGS=$CFLAGS
   CFLAGS="$CFLAGS -Werror $1"
   AC_COMPILE_IFELSE([AC_LANG_SOURCE([[int main (void) { return 0; }]])],
     [AS_VAR_SET([lg_cv], [yes])], [AS_VAR_SET([lg_cv], [no])])
   CFLAGS=$lg_save_CFLAGS])
AS_VAR_IF([lg_cv], [yes], [$2], [$3])
AS_VAR_POPDEF([lg_cv])dnl
])

# LG_CHECK_LINK_FLAGS(FLAGS, [ACTION-IF-OK], [ACTION-IF-NOT])
# -----------------------------------------------------------
# Checks whether FLAGS work both when compiling and when linking (sanitizers
# need their run-time library at link time).
AC_DEFUN([LG_CHECK_LINK_FLAGS],
[AC_MSG_CHECKING([whether $CC can compile and link with $1])
lg_save_CFLAGS=$CFLAGS
lg_save_LDFLAGS=$LDFLAGS
CFLAGS="$CFLAGS $1"
LDFLAGS="$LDFLAGS $1"
AC_LINK_IFELSE([AC_LANG_SOURCE([[int main (void) { return 0; }]])],
  [lg_ok=yes], [lg_ok=no])
CFLAGS=$lg_save_CFLAGS
LDFLAGS=$lg_save_LDFLAGS
AC_MSG_RESULT([$lg_ok])
AS_IF([test "x$lg_ok" = xyes], [$2], [$3])
])

# LG_ARG_ENABLE_WARNINGS(VARIABLE, MIN-FLAGS, MAX-FLAGS)
# ------------------------------------------------------
# Adds --enable-warnings=min|max|fatal (default max) and sets VARIABLE
# (AC_SUBSTed) to the accepted subset of the chosen flags; fatal is max plus
# -Werror.  --disable-warnings means none, --enable-warnings means max.
AC_DEFUN([LG_ARG_ENABLE_WARNINGS],
[AC_ARG_ENABLE([warnings],
  [AS_HELP_STRING([--enable-warnings@<:@=min|max|fatal@:>@],
    [compiler warnings: min (-Wall), max (default), fatal (max and -Werror)])],
  [], [enable_warnings=max])
AS_CASE([$enable_warnings],
  [no], [lg_wanted=],
  [min], [lg_wanted="$2"],
  [yes|max|fatal], [lg_wanted="$3"],
  [AC_MSG_ERROR([bad value '$enable_warnings' for --enable-warnings (min, max or fatal)])])
$1=
for lg_flag in $lg_wanted; do
  LG_CHECK_COMPILE_FLAG([$lg_flag], [$1="${$1:+$$1 }$lg_flag"])
done
AS_IF([test "x$enable_warnings" = xfatal],
  [LG_CHECK_COMPILE_FLAG([-Werror], [$1="${$1:+$$1 }-Werror"],
     [AC_MSG_ERROR([--enable-warnings=fatal needs a compiler that accepts -Werror])])])
AC_MSG_CHECKING([which warning flags to use])
AC_MSG_RESULT([${$1:-none}])
AC_SUBST([$1])
])
