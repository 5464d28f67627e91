#!/bin/bash
# cli-io.sh — the input and output of both command lines (issue 14):
#   - every write checked as it happens: /dev/full or a closed pipe (SIGPIPE
#     ignored) stops the run at once with one line "PROGRAM: error: write
#     error: REASON" and exit status 1, for the solutions, the views, the
#     exports, the reports, --help and --version, in both programs;
#   - "-" is the standard input (named <stdin>), a FIFO and a slow stream
#     read like a file;
#   - the input is refused as soon as it passes 1/32 of --memory-limit, an
#     endless stream (/dev/zero) as well;
#   - --time-limit stops the search of either engine: the solutions found,
#     a note on stderr, exit status 3, "complete": false.
# Runs that could hang run under timeout, so that a hang fails; no timing is
# asserted.  Environment (set by make check): LOGIGRAM, LOGIGRAM_GEN,
# LG_DATADIR, LG_TESTDIR.
. "${LG_TESTDIR:-tests}/lib.sh"
LOGIGRAM_GEN=${LOGIGRAM_GEN:-src/logigram-gen}
input=$LG_TESTDIR/input
guard=60 # seconds before a run counts as hung

# Three groups of eight items and no rule: 8!^2 solutions, output without
# end for any purpose here.
printf 'atomic a: 1, 2, 3, 4, 5, 6, 7, 8\natomic b: 1, 2, 3, 4, 5, 6, 7, 8\natomic c: 1, 2, 3, 4, 5, 6, 7, 8\n' \
  >"$tmp/endless.lgm"

# one_error NAME STATUS LINE: the last run exited with STATUS and wrote LINE,
# alone, on stderr.
one_error () {
  local name=$1 want=$2 line=$3 got=$4
  if [ "$got" -ne "$want" ]; then
    fail "$name: exit status $got, expected $want"
    sed 's/^/#   /' "$tmp/err" | head -5
  elif [ "$(cat "$tmp/err")" != "$line" ]; then
    fail "$name: stderr is not the one line '$line'"
    sed 's/^/#   /' "$tmp/err" | head -5
  else
    pass "$name"
  fi
}

# ---- Writes: /dev/full ----------------------------------------------------------
# full PROGRAM NAME ARGS...: the run's stdout is /dev/full.
full () {
  local program=$1 name=$2
  shift 2
  timeout "$guard" "$program" "$@" >/dev/full 2>"$tmp/err" </dev/null
  one_error "$name > /dev/full" 1 \
    "${program##*/}: error: write error: No space left on device" $?
}

if [ -w /dev/full ]; then
  full "$LOGIGRAM" "logigram"
  full "$LOGIGRAM" "logigram --format json" --format json
  full "$LOGIGRAM" "logigram --format csv" --format csv
  full "$LOGIGRAM" "logigram --count" --count
  full "$LOGIGRAM" "logigram --help" --help
  full "$LOGIGRAM" "logigram -h" -h
  full "$LOGIGRAM" "logigram --version" --version
  full "$LOGIGRAM" "logigram --list-problems" --list-problems
  full "$LOGIGRAM" "logigram --list-rules" --list-rules
  for view in permutations groups masks tree; do
    full "$LOGIGRAM" "logigram --show $view" --show "$view"
  done
  full "$LOGIGRAM" "logigram --dot" --dot
  full "$LOGIGRAM" "logigram --export asp" --export asp
  full "$LOGIGRAM" "logigram --export minizinc" --export minizinc
  full "$LOGIGRAM" "logigram --redundant" --redundant
  full "$LOGIGRAM" "logigram --why-none" --why-none
  full "$LOGIGRAM" "logigram, endless output, stopped at once" \
    "$tmp/endless.lgm"
  full "$LOGIGRAM" "logigram --engine=faithful, endless output" \
    --engine=faithful "$tmp/endless.lgm"
  full "$LOGIGRAM_GEN" "logigram-gen" --items 4 --groups 4 --seed 1
  full "$LOGIGRAM_GEN" "logigram-gen --help" --help
  full "$LOGIGRAM_GEN" "logigram-gen -h" -h
  full "$LOGIGRAM_GEN" "logigram-gen --version" --version
else
  echo "# no /dev/full here: its checks are skipped"
fi

# A closed standard output: EBADF.
"$LOGIGRAM" --version >&- 2>"$tmp/err"
one_error "logigram --version >&-" 1 \
  "logigram: error: write error: Bad file descriptor" $?

# ---- Writes: a closed pipe, SIGPIPE ignored -------------------------------------
# closed_pipe NAME ARGS...: logigram's stdout is a pipe whose reader leaves
# after one byte.
closed_pipe () {
  local name=$1 status
  shift
  status=$( (trap '' PIPE
             timeout "$guard" "$LOGIGRAM" "$@" 2>"$tmp/err" </dev/null \
               | head -c1 >/dev/null
             echo "${PIPESTATUS[0]}"))
  one_error "$name | head -c1, SIGPIPE ignored" 1 \
    "logigram: error: write error: Broken pipe" "$status"
}
closed_pipe "endless output" "$tmp/endless.lgm"
closed_pipe "endless output, --format json" --format json "$tmp/endless.lgm"
closed_pipe "endless output, --engine=faithful" --engine=faithful \
  "$tmp/endless.lgm"

# ---- Reading: "-", a FIFO, a slow stream ----------------------------------------
for p in small einstein-left-of; do
  timeout "$guard" "$LOGIGRAM" - <"$LG_DATADIR/$p.lgm" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 0 ] && cmp -s "$tmp/out" "$expected/$p.out"; then
    pass "- reads $p.lgm from stdin"
  else
    fail "- reads $p.lgm from stdin: status $status or stdout differs"
  fi
done
printf 'atomic x\n' | "$LOGIGRAM" - >"$tmp/out" 2>"$tmp/err"
one_error "an error in stdin names <stdin>" 1 \
  "<stdin>:1:9: error: expected ':' after group name 'x', found end of line" $?
"$LOGIGRAM" --export asp - <"$LG_DATADIR/small.lgm" >"$tmp/out" 2>&1
if grep -q '<stdin>' "$tmp/out"; then pass "--export - names <stdin>"; else
  fail "--export -: the title does not name <stdin>"; fi

if mkfifo "$tmp/fifo"; then
  cat "$LG_DATADIR/small.lgm" >"$tmp/fifo" &
  same_output "a FIFO reads like a file" "$expected/small.out" 0 "$tmp/fifo"
  wait
fi
{ head -c 200 "$LG_DATADIR/einstein.lgm"; sleep 1
  tail -c +201 "$LG_DATADIR/einstein.lgm"; } \
  | timeout "$guard" "$LOGIGRAM" - >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/out" "$expected/einstein.out"; then
  pass "a slow stream reads like a file"
else
  fail "a slow stream: stdout differs from einstein.out"
fi

# ---- Reading: the bound of the input --------------------------------------------
too_large="error: the input is larger than 32.0 KiB, the most a memory limit of 1.0 MiB allows (1/32 of it); raise --memory-limit"
head -c 10000000 /dev/zero \
  | timeout "$guard" "$LOGIGRAM" --memory-limit 1M - >"$tmp/out" 2>"$tmp/err"
one_error "a stream past the bound is refused" 1 "<stdin>: $too_large" $?
timeout "$guard" "$LOGIGRAM" --memory-limit 1M /dev/zero >"$tmp/out" 2>"$tmp/err"
one_error "/dev/zero is refused" 1 "/dev/zero: $too_large" $?
head -c 40000 /dev/zero >"$tmp/large.lgm"
timeout "$guard" "$LOGIGRAM" --memory-limit 1M "$tmp/large.lgm" >"$tmp/out" 2>"$tmp/err"
one_error "a file past the bound is refused" 1 "$tmp/large.lgm: $too_large" $?
# the bound itself: 1/32 of 64K, 2 KiB; small.lgm is below it
same_output "a file under the bound is read" "$expected/small.out" 0 \
  --memory-limit 64K "$LG_DATADIR/small.lgm"

# ---- --time-limit ---------------------------------------------------------------
# timed NAME ARGS...: stopped by --time-limit 0.2: status 3, the note last
# on stderr.
note="logigram: note: the search stopped at --time-limit 0.2: there may be more solutions"
timed () {
  local name=$1
  shift
  timeout "$guard" "$LOGIGRAM" --time-limit 0.2 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local status=$?
  if [ "$status" -ne 3 ]; then
    fail "--time-limit, $name: exit status $status, expected 3"
    sed 's/^/#   /' "$tmp/err" | head -5
  elif [ "$(tail -n 1 "$tmp/err")" != "$note" ]; then
    fail "--time-limit, $name: no note on stderr"
    tail -n 3 "$tmp/err" | sed 's/^/#   /'
  else
    pass "--time-limit, $name"
  fi
}
slow=$input/slow-faithful-6x6.lgm
timed "faithful engine" --engine=faithful "$slow"
if [ "$(tail -n 2 "$tmp/out")" = "(the search stopped at --time-limit 0.2: there may be more)" ]; then pass "--time-limit: the table says it"; else
  fail "--time-limit: the table's last line"; tail -n 3 "$tmp/out" | sed 's/^/#   /'; fi
timed "faithful engine, json" --engine=faithful --format json "$slow"
if grep -q '"complete": false}$' "$tmp/out"; then
  pass "--time-limit: JSON \"complete\": false"
else
  fail "--time-limit: no \"complete\": false in the JSON"
fi
timed "faithful engine, --count" --engine=faithful --count "$slow"
timed "faithful engine, --check=fewest" --engine=faithful --check=fewest "$slow"
timed "faithful engine, --trace" --engine=faithful --trace "$slow"
timed "fast engine" --engine=fast --count "$tmp/endless.lgm"
timed "auto (the fast engine)" --count "$tmp/endless.lgm"
timed "faithful engine, many solutions" --engine=faithful --format csv \
  "$tmp/endless.lgm"
# --explain: the steps made, an "Unfinished" line instead of the grade, the
# note on stderr, status 3 (its explanation takes seconds: a minimised
# 10x10, 4500 cells)
big_explain=$LG_DATADIR/bench/gen-10x10-s5-min.lgm
explain_note="logigram: note: the time limit (--time-limit 0.2) was reached: the explanation is unfinished"
timeout "$guard" "$LOGIGRAM" --time-limit 0.2 --explain "$big_explain" \
  >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
if [ "$status" = 3 ] && [ "$(tail -n 1 "$tmp/err")" = "$explain_note" ] &&
  tail -n 1 "$tmp/out" | grep -q '^Unfinished: the time limit stopped the explanation after [0-9]* steps\?, [0-9]* of 4500 cells known\.$'
then
  pass "--time-limit: --explain stops, says so, status 3"
else
  fail "--time-limit: --explain: status $status"
  tail -n 2 "$tmp/out" "$tmp/err" | cut -c1-200 | sed 's/^/#   /'
fi
timeout "$guard" "$LOGIGRAM" --time-limit 0.2 --explain --format json \
  "$big_explain" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
if [ "$status" = 3 ] && grep -q '^"result": "unfinished", "complete": false,' "$tmp/out" &&
  [ "$(tail -n 1 "$tmp/out")" = '"difficulty": null}' ]; then
  pass "--time-limit: --explain --format json says \"complete\": false"
else
  fail "--time-limit: --explain --format json: status $status"
fi
same_output "--time-limit far away changes nothing" "$expected/classic.out" 0 \
  --time-limit 600
for bad in 0 -1 abc 1e999 1e1 0x10 inf nan . "1 " 5s; do
  bad_command "--time-limit $bad" --time-limit "$bad"
done
# the diagnostics stop at the time limit too, and say what is not known:
# three groups of eight and one rule have 8!^2 - ... solutions to collect
printf 'atomic a: %s\natomic b: %s\natomic c: %s\nno a1, b1\n' \
  "$(seq -s', ' -f 'a%g' 1 8)" "$(seq -s', ' -f 'b%g' 1 8)" \
  "$(seq -s', ' -f 'c%g' 1 8)" >"$tmp/many.lgm"
run "--redundant --time-limit" 3 --redundant --time-limit 0.2 "$tmp/many.lgm" && {
  if [ "$(cat "$tmp/out")" = "The time limit stopped the search for the solutions: which rules are redundant is not known." ] &&
    [ "$(cat "$tmp/err")" = "logigram: note: the time limit (--time-limit 0.2) was reached: the report says what is left open" ]; then
    pass "--redundant --time-limit: the report and the note"
  else
    fail "--redundant --time-limit: $(cat "$tmp/out" "$tmp/err")"
  fi
}

# ---- bytes echoed in messages ---------------------------------------------------
# an option, a value or a file name of any bytes is echoed as text: invalid
# UTF-8 as U+FFFD, a control character as '?' (found by fuzz_cli)
printable () { # NAME PROGRAM ARGS...: stderr is UTF-8 without control bytes
  local name=$1
  shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  if iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1 &&
    ! LC_ALL=C grep -q '[[:cntrl:]]' "$tmp/err" && [ -s "$tmp/err" ]
  then pass "printable message: $name"
  else fail "printable message: $name: $(od -c "$tmp/err" | head -3)"; fi
}
printable "an unknown option" "$LOGIGRAM" $'--exp\xebain'
printable "a bad value" "$LOGIGRAM" --engine $'fa\xffst\001'
printable "a file name" "$LOGIGRAM" $'/nonexistent/a\xff\nb.lgm'
printable "a facts file name" "$LOGIGRAM" --hint $'/nonexistent/f\xff.txt' \
  "$LG_DATADIR/mini4.lgm"
printable "logigram-gen: an unknown option" "$LOGIGRAM_GEN" $'--it\xffems' 3

finish
