#!/bin/bash
# cli-install.sh — an installed copy works: `make install DESTDIR=...` into a
# scratch folder, then the installed programs run from another directory
# (/) against the installed problems, the documents and the man pages are
# there, the man pages name the installed paths and their examples run, and
# `make uninstall` takes everything away again.
#
# With DESTDIR the files land under $DESTDIR$prefix while the programs look
# in $prefix: LOGIGRAM_DATADIR (the installed problems' directory) points
# them at $DESTDIR$(pkgdatadir); that the built-in default is $(pkgdatadir)
# itself is checked in --help and in the man page.  Environment (set by
# make check): MAKE, top_builddir, top_srcdir, LG_TESTDIR and the install
# directories LG_BINDIR, LG_PKGDATADIR, LG_DOCDIR, LG_MANDIR.
. "${LG_TESTDIR:-tests}/lib.sh"
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
for v in LG_BINDIR LG_PKGDATADIR LG_DOCDIR LG_MANDIR; do
  if [ -z "${!v:-}" ]; then
    echo "FAIL - $v not set (run this test from make check)"
    exit 1
  fi
done

dest=$tmp/dest
# the outer make's flags (jobserver, -n...) are not for this one
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} -C "$top_builddir" \
  install DESTDIR="$dest" >"$tmp/install.log" 2>&1; then
  fail "make install DESTDIR=..."
  tail -20 "$tmp/install.log" | sed 's/^/#   /'
  finish
  exit
fi
pass "make install DESTDIR=..."

bindir=$dest$LG_BINDIR
pkgdatadir=$dest$LG_PKGDATADIR
docdir=$dest$LG_DOCDIR
man1dir=$dest$LG_MANDIR/man1
export LOGIGRAM_DATADIR=$pkgdatadir

# ---- The programs, from /, against the installed problems ----------------------
installed () {
  local name=$1 status=$2
  shift 2
  (cd / && "$bindir/logigram" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" -ne "$status" ]; then
    fail "$name: exit status $got, expected $status"
    sed 's/^/#   /' "$tmp/err" | head -5
    return 1
  fi
}
for p in einstein einstein-left-of mini4 small; do
  installed "-p $p from /" 0 -p "$p" &&
    if cmp -s "$tmp/out" "$expected/$p.out"; then pass "-p $p from /"; else
      fail "-p $p from /: stdout differs from $expected/$p.out"; fi
done
installed "the installed einstein.lgm by its path" 0 \
  "$pkgdatadir/einstein.lgm" &&
  if cmp -s "$tmp/out" "$expected/einstein.out"; then
    pass "the installed einstein.lgm by its path"
  else fail "the installed einstein.lgm by its path"; fi
# the built-in list first (tests/expected/list-problems.out), then every
# installed file that is not built in, sorted
installed "--list-problems" 0 --list-problems && {
  {
    cat "$expected/list-problems.out"
    for f in "$pkgdatadir"/*.lgm; do basename "$f" .lgm; done |
      grep -vxF -f "$expected/list-problems.out" | LC_ALL=C sort
  } >"$tmp/want"
  if cmp -s "$tmp/want" "$tmp/out" && grep -qx einstein "$tmp/out"; then
    pass "--list-problems: built-in, then installed"
  else
    fail "--list-problems"
    diff "$tmp/want" "$tmp/out" | head -10 | sed 's/^/#   /'
  fi
}
installed "-p with an unknown name" 2 -p no-such-problem &&
  if grep -qF "are classic, small, jojo, big; the installed ones ($pkgdatadir) are einstein, " "$tmp/err"
  then pass "-p unknown: the installed names offered"; else
    fail "-p unknown: $(head -1 "$tmp/err")"; fi
installed "an installed problem's name as a file" 1 einstein &&
  if grep -q "^einstein: error: .*; for the installed problem 'einstein', write -p einstein\$" "$tmp/err"
  then pass "an installed problem's name as a file: the hint"; else
    fail "an installed problem's name as a file: $(head -1 "$tmp/err")"; fi
installed "--help" 0 --help &&
  if grep -q -- "NAME.lgm of $LG_PKGDATADIR" "$tmp/out"; then
    pass "--help names the installed problems' directory"
  else fail "--help does not name $LG_PKGDATADIR"; fi
(cd / && "$bindir/logigram-gen" -n 4 -g 4 -s 1) >"$tmp/gen.lgm" 2>"$tmp/err"
if [ -s "$tmp/gen.lgm" ] && (cd / && "$bindir/logigram" --count "$tmp/gen.lgm") |
  grep -qx 1; then
  pass "the installed logigram-gen, from /"
else
  fail "the installed logigram-gen: $(head -1 "$tmp/err")"
fi

# ---- The documents -------------------------------------------------------------
missing=
for f in "$top_srcdir"/doc/*.md; do
  [ -r "$docdir/$(basename "$f")" ] || missing="$missing $(basename "$f")"
done
if [ -z "$missing" ]; then pass "every doc/*.md in docdir"; else
  fail "not in $docdir:$missing"; fi

# ---- The man pages: installed paths, the bug address, examples that run ---------
for page in logigram logigram-gen; do
  man=$man1dir/$page.1
  if [ ! -r "$man" ]; then fail "$page.1 not installed"; continue; fi
  if grep -q '@[A-Za-z_]*@' "$man"; then
    fail "$page.1: $(grep -o '@[A-Za-z_]*@' "$man" | head -1) left"
  elif ! grep -q "$LG_DOCDIR/format.md" "$man"; then
    fail "$page.1 does not name $LG_DOCDIR/format.md"
  elif ! grep -A1 '^Report bugs to:' "$man" | grep -q '[a-z]'; then
    fail "$page.1 has no bug address"
  else
    pass "$page.1: installed paths and the bug address"
  fi
done
if grep -q "$LG_PKGDATADIR/\*\.lgm" "$man1dir/logigram.1"; then
  pass "logigram.1 names the installed problems"
else fail "logigram.1 does not name $LG_PKGDATADIR/*.lgm"; fi

# Every command of EXAMPLES, in a scratch folder, with the installed
# programs first in PATH; the DESTDIR copy stands for the installed path.
# Those that draw with Graphviz run when dot is installed.
examples=$tmp/examples
mkdir -p "$examples"
for page in logigram logigram-gen; do
  sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$man1dir/$page.1" |
    sed -n 's/^\(\.B \)\{0,1\}\(logigram.*\)$/\2/p' |
    sed -e 's/\\-/-/g' -e "s|$LG_PKGDATADIR|$pkgdatadir|g"
done >"$tmp/commands"
n=0
while IFS= read -r command; do
  n=$((n + 1))
  case $command in *'| dot '*)
    if ! command -v dot >/dev/null 2>&1; then
      echo "# skip: $command (no dot)"
      continue
    fi ;;
  esac
  if (cd "$examples" && PATH=$bindir:$PATH bash -c "set -o pipefail; $command") \
    >"$tmp/out" 2>"$tmp/err" </dev/null; then
    pass "man page example: $command"
  else
    fail "man page example: $command"
    head -3 "$tmp/err" | sed 's/^/#   /'
  fi
done <"$tmp/commands"
if [ "$n" -lt 8 ]; then fail "only $n examples found in the man pages"; fi

# ---- make uninstall: nothing left ---------------------------------------------------
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} -C "$top_builddir" \
  uninstall DESTDIR="$dest" >"$tmp/install.log" 2>&1 &&
  [ -z "$(find "$dest" -type f)" ]; then
  pass "make uninstall leaves no file"
else
  fail "make uninstall: $(find "$dest" -type f | head -3 | tr '\n' ' ')"
fi
finish
