#!/bin/bash
# doc-commands.sh — every command shown in doc/algorithm.md, run and
# compared byte for byte with the output the document prints, so that the
# course notes cannot drift from the program (jq's tests/man.test idea).
#
# The document shows its commands in fenced blocks of this form:
#
#   ```console
#   $ src/logigram --drop 1 --count
#   25
#   ```
#
# A line starting with "$ " is a command (a line ending with a backslash
# goes on with the next one); the lines after it, up to the next command or
# the closing fence, are its expected stdout, exactly.  Commands use stderr
# only through an explicit 2>&1.  Each command runs with bash -c in a
# scratch directory where src/logigram is the program under test and data/
# the problems of the source tree, as a reader would type it in the source
# tree after ./autogen.sh.  The exit status is not checked (a pipeline's is
# its last command's); stderr is shown when the output differs.
#
# Environment (set by make check): LOGIGRAM, LOGIGRAM_GEN, LG_DATADIR,
# top_srcdir; LG_DOC names another document to check (to see this test
# fail, give it a copy with a wrong line).
set -u
top_srcdir=${top_srcdir:-.}
LOGIGRAM=${LOGIGRAM:-src/logigram}
LG_DATADIR=${LG_DATADIR:-$top_srcdir/data}
doc=${LG_DOC:-$top_srcdir/doc/algorithm.md}

absolute () { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename "$1")"); }

if [ ! -x "$LOGIGRAM" ]; then echo "FAIL - no program $LOGIGRAM"; exit 1; fi
if [ ! -r "$doc" ]; then echo "FAIL - no document $doc"; exit 1; fi
program=$(absolute "$LOGIGRAM")
datadir=$(absolute "$LG_DATADIR")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
work=$tmp/tree
mkdir -p "$work/src"
ln -s "$program" "$work/src/logigram"
# and src/logigram-gen beside it, for the commands that make a puzzle
LOGIGRAM_GEN=${LOGIGRAM_GEN:-$(dirname "$LOGIGRAM")/logigram-gen}
if [ -x "$LOGIGRAM_GEN" ]; then
  ln -s "$(absolute "$LOGIGRAM_GEN")" "$work/src/logigram-gen"
fi
ln -s "$datadir" "$work/data"

# The same environment for every reader: the C locale (sort, uniq) and no
# variable of ours leaking into the commands.
export LC_ALL=C
unset LG_DOC

# A command that hangs fails instead of stalling make check.
limit=
if command -v timeout >/dev/null 2>&1; then limit="timeout 300"; fi

passed=0
failed=0
pass () { passed=$((passed + 1)); echo "ok - $1"; }
fail () { failed=$((failed + 1)); echo "FAIL - $1"; }

# check LINE COMMAND: runs COMMAND and compares its stdout with
# $tmp/expected.
check () {
  local line=$1 command=$2
  local name="line $line: \$ ${command//$'\n'/ }"
  (cd "$work" && $limit bash -c "$command" >"$tmp/out" 2>"$tmp/err" </dev/null)
  if cmp -s "$tmp/expected" "$tmp/out"; then
    pass "$name"
  else
    fail "$name"
    diff "$tmp/expected" "$tmp/out" | head -20 | sed 's/^/#   /'
    if [ -s "$tmp/err" ]; then
      echo "#   stderr:"
      head -5 "$tmp/err" | sed 's/^/#     /'
    fi
  fi
}

# Reads the document: state "text" outside console blocks, "block" inside.
state=text
command=
command_line=0
continued=false
line_no=0
: >"$tmp/expected"
flush () {
  if [ -n "$command" ]; then check "$command_line" "$command"; fi
  command=
  : >"$tmp/expected"
}
while IFS= read -r line || [ -n "$line" ]; do
  line_no=$((line_no + 1))
  case $state in
  text)
    if [ "$line" = '```console' ]; then state=block; fi
    ;;
  block)
    if $continued; then
      command="$command
$line"
      case $line in *\\) ;; *) continued=false ;; esac
    elif [ "$line" = '```' ]; then
      flush
      state=text
    elif [ "${line#\$ }" != "$line" ]; then
      flush
      command=${line#\$ }
      command_line=$line_no
      case $line in *\\) continued=true ;; esac
    elif [ -n "$command" ]; then
      printf '%s\n' "$line" >>"$tmp/expected"
    else
      fail "line $line_no: output before any command in a console block"
    fi
    ;;
  esac
done <"$doc"
if [ "$state" = block ]; then
  fail "line $line_no: console block not closed"
fi

total=$((passed + failed))
if [ "$total" -eq 0 ]; then
  echo "FAIL - no console block with a command in $doc"
  exit 1
fi
echo "# $passed of $total commands of $(basename "$doc") give the output shown"
[ "$failed" -eq 0 ]
