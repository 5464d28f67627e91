#!/bin/bash
# doc-commands.sh — every command shown in doc/algorithm.md and
# doc/format.md (its cookbook), run and compared byte for byte with the
# output the document prints, so that the course notes and the recipes
# cannot drift from the program (jq's tests/man.test idea).
#
# The document shows its commands in fenced blocks of this form:
#
#   ```console
#   $ src/logigram --drop 1 --count
#   25
#   ```
#
# A block opened by "```lgm NAME" writes its lines to the file NAME of the
# scratch directory, for the commands after it (the cookbook's recipes).
# A line starting with "$ " is a command (a line ending with a backslash
# goes on with the next one); the lines after it, up to the next command or
# the closing fence, are its expected stdout, exactly.  Commands use stderr
# only through an explicit 2>&1.  Each command runs with bash -c in a
# scratch directory where src/logigram is the program under test and data/
# the problems of the source tree, as a reader would type it in the source
# tree after ./autogen.sh.  The exit status is not checked (a pipeline's is
# its last command's); stderr is shown when the output differs.  A command
# that calls one of the optional programs clingo, minizinc (with Gecode) or
# dot, at the start of a pipeline stage, is skipped when it is not
# installed, and the skip is said.
#
# A command that compares two times taken by the program (it reads the
# "time explore" or "time transform" lines of --stats) is skipped when
# LG_PLAIN_TIMINGS is "no": a build with sanitizers, checks or coverage
# slows some steps far more than others.
#
# Environment (set by make check): LOGIGRAM, LOGIGRAM_GEN, LG_DATADIR,
# LG_PLAIN_TIMINGS, top_srcdir; LG_DOC names other documents to check,
# separated by spaces (to see this test fail, give it a copy with a wrong
# line).
set -u
top_srcdir=${top_srcdir:-.}
LOGIGRAM=${LOGIGRAM:-src/logigram}
LG_DATADIR=${LG_DATADIR:-$top_srcdir/data}
docs=${LG_DOC:-$top_srcdir/doc/algorithm.md $top_srcdir/doc/format.md}

absolute () { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename "$1")"); }

if [ ! -x "$LOGIGRAM" ]; then echo "FAIL - no program $LOGIGRAM"; exit 1; fi
for doc in $docs; do
  if [ ! -r "$doc" ]; then echo "FAIL - no document $doc"; exit 1; fi
done
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
skipped=0
pass () { passed=$((passed + 1)); echo "ok - $1"; }
fail () { failed=$((failed + 1)); echo "FAIL - $1"; }

# have PROGRAM: is the optional program installed (MiniZinc with Gecode,
# the solver the exported models name)?
have () {
  command -v "$1" >/dev/null 2>&1 || return 1
  if [ "$1" = minizinc ]; then minizinc --solvers 2>/dev/null | grep -qi gecode; fi
}

# missing COMMAND: the first optional program COMMAND calls that is not
# installed, if any.
missing () {
  local program pattern
  for program in clingo minizinc dot; do
    # the program at the start of the command or of a pipeline stage
    pattern="(^|[|;&(])[[:space:]]*$program([[:space:]]|\$)"
    if [[ $1 =~ $pattern ]] && ! have "$program"; then
      echo "$program"
      return 0
    fi
  done
  return 1
}

# check LINE COMMAND: runs COMMAND and compares its stdout with
# $tmp/expected.
check () {
  local line=$1 command=$2
  local name="$(basename "$doc") line $line: \$ ${command//$'\n'/ }"
  local program
  if program=$(missing "$command"); then
    skipped=$((skipped + 1))
    echo "ok - $name # SKIP $program is not installed"
    return
  fi
  if [ "${LG_PLAIN_TIMINGS:-yes}" = no ] &&
    [[ $command =~ /\^time\ (explore|transform)/ ]]; then
    skipped=$((skipped + 1))
    echo "ok - $name # SKIP times of an instrumented build"
    return
  fi
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

# flush: checks the command read so far, if any, against its output.
flush () {
  if [ -n "$command" ]; then check "$command_line" "$command"; fi
  command=
  : >"$tmp/expected"
}

# check_doc DOC: reads the document, state "text" outside console blocks,
# "block" inside, "file" inside an lgm block (```lgm NAME writes the file
# NAME in the scratch directory, for the commands after it), and checks
# each command.
check_doc () {
  local doc=$1 state=text line line_no=0 file=
  local total_before=$((passed + failed))
  command=
  command_line=0
  continued=false
  : >"$tmp/expected"
  while IFS= read -r line || [ -n "$line" ]; do
    line_no=$((line_no + 1))
    case $state in
    text)
      if [ "$line" = '```console' ]; then
        state=block
      elif [ "${line#'```lgm '}" != "$line" ]; then
        file=${line#'```lgm '}
        : >"$work/$file"
        state=file
      fi
      ;;
    file)
      if [ "$line" = '```' ]; then state=text; else
        printf '%s\n' "$line" >>"$work/$file"
      fi
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
  if [ "$state" != text ]; then
    fail "line $line_no: block not closed"
  fi
  if [ "$((passed + failed))" -eq "$total_before" ]; then
    fail "no console block with a command in $doc"
  fi
  echo "# $(basename "$doc"): $((passed + failed - total_before)) commands"
}

for doc in $docs; do check_doc "$doc"; done
total=$((passed + failed))
if [ "$total" -eq 0 ]; then
  echo "FAIL - no console block with a command in $docs"
  exit 1
fi
echo "# $passed of $total commands give the output shown" \
  "($skipped more skipped: optional programs not installed, or times of an" \
  "instrumented build)"
[ "$failed" -eq 0 ]
