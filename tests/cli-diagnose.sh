#!/bin/bash
# cli-diagnose.sh — end-to-end tests of --why-none and --redundant, byte for
# byte.
#
# Each check runs src/logigram and compares its stdout with a file of
# tests/expected/diagnose-*.out, and its exit status (0 diagnosed, 1 invalid
# problem, 2 bad command line).  The properties of the reports themselves
# (the rule sets are unsatisfiable, minimal...) are checked by
# tests/check_diagnose.  Environment (set by make check): LOGIGRAM,
# LG_DATADIR, LG_TESTDIR.
. "${LG_TESTDIR:-tests}/lib.sh"

# ---- The reports ---------------------------------------------------------------
# The data files have clue lines: the reports speak of clues, with their
# texts.  With the clue lines commented out, each rule is a clue of its own
# and the reports speak of rules, as before clue lines existed.
cat_not_water=$(without_clues "$LG_DATADIR/einstein-cat-not-water.lgm")
classic=$(without_clues "$LG_DATADIR/classic.lgm")
einstein=$(without_clues "$LG_DATADIR/einstein.lgm")
small=$(without_clues "$LG_DATADIR/small.lgm")
same_output "--why-none einstein-cat-not-water, rules" \
  "$expected/diagnose-einstein-cat-not-water-why-none.out" 0 --why-none \
  "$cat_not_water"
same_output "--why-none einstein-cat-not-water, clues" \
  "$expected/diagnose-einstein-cat-not-water-why-none-clues.out" 0 \
  --why-none "$LG_DATADIR/einstein-cat-not-water.lgm"
same_output "--redundant classic, rules" \
  "$expected/diagnose-classic-redundant.out" 0 --redundant "$classic"
same_output "--redundant classic, clues" \
  "$expected/diagnose-classic-redundant-clues.out" 0 \
  --redundant "$LG_DATADIR/classic.lgm"
same_output "--redundant einstein, rules" \
  "$expected/diagnose-einstein-redundant.out" 0 --redundant "$einstein"
same_output "--redundant einstein, clues" \
  "$expected/diagnose-einstein-redundant-clues.out" 0 \
  --redundant "$LG_DATADIR/einstein.lgm"
# The deletion starts from the clues of the explanation's proof: here the
# false clue and the one it denies, where deleting from the whole set in
# clue order drops clue 3 early (the rest still contradicts clue 8, by a
# longer way) and ends with 18 clues.
same_output "--why-none from the explanation's proof" \
  "$expected/diagnose-gen-8x8-contradict-why-none.out" 0 --why-none \
  "$LG_TESTDIR/input/gen-8x8-contradict.lgm"
same_output "--why-none on a solvable problem" \
  "$expected/diagnose-solvable-why-none.out" 0 --why-none \
  "$LG_DATADIR/einstein.lgm"
same_output "--redundant small, rules" \
  "$expected/diagnose-small-redundant.out" 0 --redundant "$small"
same_output "--redundant small (built in), clues" \
  "$expected/diagnose-small-redundant-clues.out" 0 --redundant --problem small
same_output "--redundant without FILE is classic" \
  "$expected/diagnose-classic-redundant-clues.out" 0 --redundant
same_output "--why-none --problem classic" \
  "$expected/diagnose-solvable-why-none.out" 0 --why-none -p classic
# A clue dropped on the command line is not examined.
run "--redundant --drop-clue 15" 0 --redundant --drop-clue 15 \
  "$LG_DATADIR/einstein.lgm" && {
  if [ "$(head -n 1 "$tmp/out")" = "None of the 14 clues is redundant: dropping any one of them alone changes the solutions." ]
  then pass "--redundant --drop-clue 15: 14 clues, none redundant"; else
    fail "--redundant --drop-clue 15: $(head -n 1 "$tmp/out")"; fi
}

# A problem without solution: --redundant says so first, and names
# --why-none.
run "--redundant on a problem without solution" 0 --redundant \
  "$LG_DATADIR/einstein-cat-not-water.lgm" && {
  if [ "$(head -n 1 "$tmp/out")" = "The problem has no solution (--why-none finds clues that contradict each other); the clues redundant here are those without which it still has none." ]
  then pass "--redundant without solution: the first line says so"; else
    fail "--redundant without solution: $(head -n 1 "$tmp/out")"; fi
}

# ---- Rules dropped on the command line stay dropped ----------------------------
same_output "--why-none --drop 26: solvable without the contradicting clue" \
  "$expected/diagnose-solvable-why-none.out" 0 --why-none --drop 26 \
  "$LG_DATADIR/einstein-cat-not-water.lgm"
run "--redundant --drop 23" 0 --redundant --drop 23 "$einstein" && {
  if head -n 1 "$tmp/out" | grep -q ' of the 24 rules ' &&
    ! grep -q '^rule 23 ' "$tmp/out" &&
    ! tail -n 1 "$tmp/out" | grep -Eq '(: |, )23[,.]'; then
    pass "--redundant leaves out the dropped rule"
  else
    fail "--redundant examined the dropped rule"
    sed 's/^/#   /' "$tmp/out"
  fi
}

# ---- --stats: the number of solves on stderr, stdout unchanged ------------------
# stats_case NAME EXPECTED SOLVES [WITNESSES] ARG...: WITNESSES, for
# --redundant only, the tests settled by an exchange witness instead of a
# solve (each test of --redundant is one or the other)
stats_case () {
  local name=$1 file=$2 solves=$3 witnesses=
  shift 3
  case $1 in [0-9]*) witnesses=$1; shift ;; esac
  run "$name" 0 --stats "$@" || return
  if cmp -s "$tmp/out" "$file" && grep -q "^solves: *$solves\$" "$tmp/err" &&
    { [ -z "$witnesses" ] ||
      grep -q "^exchange witnesses: *$witnesses\$" "$tmp/err"; } &&
    grep -q '^time diagnose: ' "$tmp/err"; then
    pass "$name"
  else
    fail "$name"
    sed 's/^/#   /' "$tmp/err"
  fi
}
# 1 + one per rule (26)
stats_case "--why-none --stats" \
  "$expected/diagnose-einstein-cat-not-water-why-none.out" 27 --why-none \
  "$cat_not_water"
# 1 + one per clue (16)
stats_case "--why-none --stats, clues" \
  "$expected/diagnose-einstein-cat-not-water-why-none-clues.out" 17 \
  --why-none "$LG_DATADIR/einstein-cat-not-water.lgm"
# a solvable problem: one solve, stopped at the first solution
stats_case "--why-none --stats, solvable" \
  "$expected/diagnose-solvable-why-none.out" 1 --why-none \
  "$LG_DATADIR/einstein.lgm"
# 1 + 22 alone; no rule redundant alone, so no greedy solve; of the 22
# tests, 6 settled by a witness: 17 solves
stats_case "--redundant --stats classic" \
  "$expected/diagnose-classic-redundant.out" 17 6 --redundant "$classic"
# 1 + 25 alone + 2 greedy (the first redundant rule needs none); of the 27
# tests, 3 settled by a witness: 25 solves
stats_case "--redundant --stats einstein" \
  "$expected/diagnose-einstein-redundant.out" 25 3 --redundant "$einstein"
# 1 + 15 clues alone, one redundant: no greedy solve; of the 15 tests, 5
# settled by a witness: 11 solves
stats_case "--redundant --stats einstein, clues" \
  "$expected/diagnose-einstein-redundant-clues.out" 11 5 --redundant \
  "$LG_DATADIR/einstein.lgm"

# ---- --work-limit and --time-limit ------------------------------------------------------
# Each test but the first solve stops after N nodes (here 1: every test that
# needs a choice) and keeps its clue; the report ends with the count, exit 0.
bench=$LG_DATADIR/bench
run "--redundant --work-limit 1" 0 --redundant --work-limit 1 --engine=fast \
  "$bench/gen-5x5-s1.lgm" && {
  last=$(tail -n 1 "$tmp/out")
  case $last in
    [1-9]*" tests stopped at the work limit (--work-limit): the clues above are redundant, but a clue whose test did not finish is counted as needed, so more may be redundant and the set may not be minimal.")
      pass "--redundant --work-limit 1: the last line says so" ;;
    *) fail "--redundant --work-limit 1: last line '$last'" ;;
  esac
}
# A minimised puzzle: every clue needed.  A test settled by an exchange
# witness (the solution with two items of a group exchanged breaks the clue
# and keeps the others) makes no search, so the limit does not stop it:
# of the 37 tests, 32 settled so, 5 stopped (all 37 before the witnesses).
run "--redundant --work-limit 1, minimised" 0 --redundant --work-limit 1 \
  --engine=fast --stats "$bench/gen-8x8-s5-min.lgm" && {
  if head -n 1 "$tmp/out" | grep -q '^None of the 37 clues is redundant' &&
    tail -n 1 "$tmp/out" | grep -q '^5 tests stopped at the work limit' &&
    grep -q '^exchange witnesses: *32$' "$tmp/err"
  then pass "--redundant --work-limit 1, minimised: 32 tests witnessed"
  else fail "--redundant --work-limit 1, minimised: $(tail -n 1 "$tmp/out")"
  fi
}
run "--why-none --work-limit 1" 0 --why-none --work-limit 1 --engine=fast \
  "$bench/gen-5x5-s9-contradict.lgm" && {
  if head -n 1 "$tmp/out" | grep -q 'tests\{0,1\} stopped at the work limit, --work-limit: some of them may not be needed):$'
  then pass "--why-none --work-limit 1: the header says so"; else
    fail "--why-none --work-limit 1: $(head -n 1 "$tmp/out")"; fi
}
# no limit: the same report as the default on a small puzzle
run "--redundant --work-limit 0" 0 --redundant --work-limit 0 \
  "$bench/gen-5x5-s1.lgm" && {
  if grep -q 'work limit' "$tmp/out"; then fail "--work-limit 0 still limits"
  else pass "--redundant --work-limit 0: no limit"; fi
}
# without a limit each test solves the other clues with its clue negated
# (the clues of logigram-gen pin their variables), under a limit the
# other clues alone: the same questions, so under a limit that no test
# reaches, the same report
for f in gen-9x9-s3 gen-10x10-s1; do
  run "--redundant --work-limit 0, $f" 0 --redundant --work-limit 0 \
    "$bench/$f.lgm" && cp "$tmp/out" "$tmp/negated"
  run "--redundant --work-limit 1000000000, $f" 0 --redundant \
    --work-limit 1000000000 "$bench/$f.lgm" && {
    if cmp -s "$tmp/out" "$tmp/negated" && grep -q 'clues are redundant' \
      "$tmp/out"
    then pass "--redundant, clues negated or dropped: the same report ($f)"
    else fail "--redundant, clues negated or dropped: the reports differ ($f)"
    fi
  }
done
bad_command "--work-limit without a diagnostic" --work-limit 10
bad_command "--work-limit x" --redundant --work-limit x
bad_command "--work-limit -1" --redundant --work-limit -1
bad_command "--work-limit --engine=faithful" --redundant --work-limit 5 \
  --engine=faithful
# The time limit holds over the whole diagnosis, however short each solve:
# (it once counted a thousand steps of each search before reading the clock,
# so that the hundreds of short solves of a 16x16 puzzle ran to the end)
# about 190 solves then, each some 40 ms; a few now (the count of solves, not
# the time, is checked: with the limit passed, no solve searches)
timeout 120 "$LOGIGRAM" --redundant --time-limit 0.05 --stats \
  "$bench/gen-16x16-s1.lgm" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
solves=$(sed -n 's/^solves: *//p' "$tmp/err")
if [ "$status" = 3 ] && [ -n "$solves" ] && [ "$solves" -lt 100 ]; then
  pass "--redundant --time-limit 0.05: stopped after $solves solves, status 3"
else fail "--redundant --time-limit 0.05: status $status, $solves solves"; fi

# ---- --help ------------------------------------------------------------------------
run "--help" 0 --help && {
  if grep -q -- '--why-none' "$tmp/out" && grep -q -- '--redundant' "$tmp/out"
  then pass "--help lists --why-none and --redundant"; else
    fail "--help lacks --why-none or --redundant"; fi
}

# ---- Bad command lines: status 2, nothing on stdout -----------------------------
bad_command "--why-none --redundant" --why-none --redundant
bad_command "--why-none --count" --why-none --count
bad_command "--redundant --max-solutions 2" --redundant --max-solutions 2
bad_command "--redundant --format json" --redundant --format json
bad_command "--why-none --list-rules" --why-none --list-rules
bad_command "--why-none --drop 99" --why-none --drop 99
bad_command "--why-none --list-clues" --why-none --list-clues
bad_command "--drop-clue 99" --drop-clue 99

# ---- Invalid problems: status 1, one error line, nothing on stdout ----------------
invalid () {
  local name=$1
  shift
  run "$name" 1 "$@" || return
  if [ -s "$tmp/out" ]; then fail "$name: wrote on stdout"; return; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
    fail "$name: $(wc -l <"$tmp/err") lines on stderr"
    return
  fi
  if grep -Eq "^.+:[0-9]+:[0-9]+: error: .+" "$tmp/err"; then pass "$name"; else
    fail "$name: not FILE:LINE:COLUMN: error: ..."
    sed 's/^/#   /' "$tmp/err"
  fi
}
for f in "$LG_TESTDIR"/bad/*.lgm; do
  [ -e "$f" ] || continue
  for o in --why-none --redundant; do
    invalid "$o bad/$(basename "$f")" "$o" "$f"
  done
done
# Errors found while solving: overflow, memory limit.
printf 'numeric n: 1, 2\natomic a: x, y\nvar v: n\nv * 9223372036854775807 > 0\nyes v, a:x\n' \
  >"$tmp/overflow.lgm"
for o in --why-none --redundant; do
  invalid "$o overflow" "$o" "$tmp/overflow.lgm" &&
    { grep -q "overflow.lgm:4:1: error: integer overflow in rule 1" "$tmp/err" ||
      fail "$o overflow message: $(cat "$tmp/err")"; }
  invalid "$o --memory-limit 1K" "$o" --memory-limit 1K
done

finish
