# lib.sh — what the end-to-end test scripts share; sourced by tests/cli*.sh.
#
# Environment (set by make check): LOGIGRAM, LG_DATADIR, LG_TESTDIR.  Gives
# $tmp (a scratch folder removed on exit), $expected, the counters and:
#   pass NAME / fail NAME      count and report one check
#   run NAME STATUS ARGS...    run logigram; stdout in $tmp/out, stderr in
#                              $tmp/err; fails unless it exits with STATUS
#   run_program PROGRAM NAME STATUS ARGS...
#                              the same for another program
#   same_output NAME FILE STATUS ARGS...
#                              run, then compare stdout with FILE byte for byte
#   bad_command NAME ARGS...   status 2, nothing on stdout, the --help hint
#   without_clues FILE         the path of a copy of FILE in $tmp whose clue
#                              lines are comments: the same rules on the same
#                              lines, each rule a clue of its own
#   have_terminal              whether script(1) can run a command on a
#                              pseudo-terminal here (not without it, nor
#                              where /dev/pts is missing, as in a bare chroot)
#   finish                     the closing line; exit status 1 on a failure
set -u
LOGIGRAM=${LOGIGRAM:-src/logigram}
LG_DATADIR=${LG_DATADIR:-data}
LG_TESTDIR=${LG_TESTDIR:-tests}
expected=$LG_TESTDIR/expected
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

pass () { passed=$((passed + 1)); echo "ok - $1"; }
fail () { failed=$((failed + 1)); echo "FAIL - $1"; }

run () {
  run_program "$LOGIGRAM" "$@"
}

# run_program PROGRAM NAME STATUS ARGS...: run, for another program.
run_program () {
  local program=$1 name=$2 want=$3
  shift 3
  "$program" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" -ne "$want" ]; then
    fail "$name: exit status $got, expected $want"
    sed 's/^/#   /' "$tmp/err" | head -5
    return 1
  fi
  return 0
}

# same_files NAME WANT GOT PASSED FAILED: pass with "NAME: PASSED" when
# file GOT is not empty and the same as WANT, else fail with "NAME:
# FAILED" and the start of their differences.
same_files () {
  if [ -s "$3" ] && cmp -s "$2" "$3"; then
    pass "$1: $4"
  else
    fail "$1: $5"
    diff "$2" "$3" | head -10 | sed 's/^/#   /'
  fi
}

same_output () {
  local name=$1 file=$2 status=$3
  shift 3
  run "$name" "$status" "$@" || return
  if cmp -s "$tmp/out" "$file"; then
    pass "$name"
  else
    fail "$name: stdout differs from $file"
    diff "$file" "$tmp/out" | head -10 | sed 's/^/#   /'
  fi
}

bad_command () {
  local name=$1
  shift
  run "$name" 2 "$@" || return
  if [ -s "$tmp/out" ]; then fail "$name: wrote on stdout"; return; fi
  if grep -q "Try 'logigram --help'" "$tmp/err"; then pass "$name"; else
    fail "$name: no hint on stderr"; fi
}

without_clues () {
  local copy
  copy="$tmp/plain-$(basename "$1")"
  sed 's/^clue /# clue /' "$1" >"$copy"
  echo "$copy"
}

have_terminal () {
  command -v script >/dev/null 2>&1 &&
    script -qec true /dev/null </dev/null >/dev/null 2>&1
}

finish () {
  echo "# $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
