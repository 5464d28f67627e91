#!/bin/bash
# cli-engine.sh — end-to-end tests of --engine (the FAST engine), byte for byte.
#
# Each check runs src/logigram and compares its stdout with a file of
# tests/expected/, its stderr with what is expected, and its exit status
# (0 solved, 1 invalid problem, 2 bad command line).  A problem with one
# solution prints exactly what the faithful engine prints; with several, the
# fast engine prints each once in its own order (tests/expected/engine-*),
# and the set of solutions is the faithful engine's.  Environment (set by
# make check): LOGIGRAM, LG_DATADIR, LG_TESTDIR.
. "${LG_TESTDIR:-tests}/lib.sh"

# solution_set FILE: each solution's table rows joined on one line, sorted,
# once each.
solution_set () {
  awk '/^\+/ { n++; if (n % 3 == 0) { print row; row = "" } next }
       /^\| / && n % 3 == 2 { row = row $0 }' "$1" | sort -u
}

# ---- One solution: the faithful engine's output, byte for byte ---------------
for p in classic small jojo big einstein einstein-cat-water \
  einstein-cat-not-water mini4; do
  same_output "--engine=fast $p.lgm" "$expected/$p.out" 0 --engine=fast \
    "$LG_DATADIR/$p.lgm"
done
same_output "--engine=fast, built-in classic" "$expected/classic.out" 0 \
  --engine fast
same_output "--engine=faithful is the default" "$expected/classic.out" 0 \
  --engine=faithful
same_output "--engine=fast --order house last" \
  "$expected/classic-house-last.out" 0 --engine=fast \
  --order nationality,animal,drink,cigarette,color,house
same_output "--engine=fast --format json" "$expected/classic.json" 0 \
  --engine=fast --format json "$LG_DATADIR/classic.lgm"

# ---- Several solutions: each once, the same set -------------------------------
same_output "--engine=fast einstein-left-of.lgm (7 solutions)" \
  "$expected/engine-einstein-left-of.out" 0 --engine=fast \
  "$LG_DATADIR/einstein-left-of.lgm"
same_output "--engine=fast --drop 1 (25 solutions)" \
  "$expected/engine-classic-drop1.out" 0 --engine=fast --drop 1
for f in "$LG_DATADIR"/*.lgm; do
  for opts in "" "--drop 1" "--drop 2"; do
    # shellcheck disable=SC2086
    "$LOGIGRAM" $opts "$f" >"$tmp/faithful" 2>/dev/null
    # shellcheck disable=SC2086
    "$LOGIGRAM" --engine=fast $opts "$f" >"$tmp/fast" 2>/dev/null
    solution_set "$tmp/faithful" >"$tmp/faithful.set"
    solution_set "$tmp/fast" >"$tmp/fast.set"
    count=$(grep -c . "$tmp/fast.set")
    if cmp -s "$tmp/faithful.set" "$tmp/fast.set" &&
      tail -n 2 "$tmp/fast" | grep -Eqx "$count solutions?"; then
      pass "$(basename "$f") $opts: same solutions, each once"
    else
      fail "$(basename "$f") $opts: other solutions"
    fi
  done
done
run "--engine=fast --count --drop 1" 0 --engine=fast --count --drop 1 && {
  if [ "$(cat "$tmp/out")" = 25 ]; then pass "--count 25"; else
    fail "--count gives $(cat "$tmp/out")"; fi
}
run "--engine=fast --max-solutions 2" 0 --engine=fast --count \
  --max-solutions 2 --drop 1 && {
  if [ "$(cat "$tmp/out")" = 2 ]; then pass "--max-solutions 2"; else
    fail "--max-solutions 2 gives $(cat "$tmp/out")"; fi
}

# ---- The trace and the counters ---------------------------------------------------
run "--engine=fast --trace" 0 --engine=fast --trace \
  "$LG_DATADIR/einstein-left-of.lgm" && {
  if cmp -s "$tmp/err" "$expected/engine-einstein-left-of-trace.err" &&
    cmp -s "$tmp/out" "$expected/engine-einstein-left-of.out"; then
    pass "--trace: the search's own steps on stderr"
  else
    fail "--trace"
    diff "$expected/engine-einstein-left-of-trace.err" "$tmp/err" | head -10 |
      sed 's/^/#   /'
  fi
}
run "--engine=fast --stats" 0 --engine=fast --stats && {
  if cmp -s "$tmp/out" "$expected/classic.out" &&
    grep -q '^solutions: *1$' "$tmp/err" &&
    grep -q '^constraint groups: *4$' "$tmp/err" &&
    grep -Eq '^nodes explored: *[1-9][0-9]*$' "$tmp/err" &&
    grep -q '^AND nodes: *0$' "$tmp/err" &&
    grep -q '^permutation checks: *0$' "$tmp/err"; then
    pass "--stats: the fast engine's counters"
  else
    fail "--stats"
    sed 's/^/#   /' "$tmp/err"
  fi
}

# ---- --engine=auto, the default: which engine runs, and why --------------------
# engine_of ARGS...: the engine --stats reports ("faithful" or "fast") and the
# note on stderr, if any, in $tmp/note
engine_of () {
  "$LOGIGRAM" --stats --count "$@" >/dev/null 2>"$tmp/stats" </dev/null
  sed -n 's/^engine: *\([a-z]*\) .*/\1/p' "$tmp/stats"
  grep '^logigram: note:' "$tmp/stats" >"$tmp/note"
}
# expect_engine ENGINE NAME ARGS...: auto chooses ENGINE; a note on stderr
# exactly when it is the fast one
expect_engine () {
  local want=$1 name=$2 got
  shift 2
  got=$(engine_of "$@")
  if [ "$got" != "$want" ]; then
    fail "$name: the $got engine, not $want"
  elif [ "$want" = fast ] && ! grep -q -- 'solving with the fast engine' "$tmp/note"; then
    fail "$name: no note of the fast engine"
  elif [ "$want" = faithful ] && [ -s "$tmp/note" ]; then
    fail "$name: a note: $(cat "$tmp/note")"
  else
    pass "$name: the $want engine"
  fi
}
# the tutorial's runs: the four problems, every --drop, and the houses last
# (for classic with every --drop too): the faithful engine, always
for p in classic small jojo big; do
  expect_engine faithful "auto -p $p" -p "$p"
  n=$("$LOGIGRAM" -p "$p" --list-rules | wc -l)
  bad=""
  for d in $(seq 1 "$n"); do
    [ "$(engine_of -p "$p" --drop "$d")" = faithful ] || bad="$bad $d"
  done
  if [ -z "$bad" ]; then pass "auto -p $p --drop 1..$n: faithful"; else
    fail "auto -p $p --drop:$bad not faithful"; fi
done
house_last=nationality,animal,drink,cigarette,color,house
expect_engine faithful "auto --order house last" --order "$house_last"
bad=""
for d in $(seq 1 14); do
  [ "$(engine_of --drop "$d" --order "$house_last")" = faithful ] || bad="$bad $d"
done
if [ -z "$bad" ]; then pass "auto --drop N --order house last: faithful"; else
  fail "auto --drop N --order house last:$bad not faithful"; fi
expect_engine faithful "auto --drop 1 --drop 5 --order house last" \
  --drop 1 --drop 5 --order "$house_last"
for f in "$LG_DATADIR"/*.lgm; do
  expect_engine faithful "auto $(basename "$f")" "$f"
done
# the tutorial's outputs, byte for byte, with the default engine
same_output "auto: classic.out" "$expected/classic.out" 0
same_output "auto: classic house last" "$expected/classic-house-last.out" 0 \
  --order "$house_last"
# generated puzzles (tests/input/gen-*: logigram-gen --items N --groups G
# --seed S): a quick 6x6 stays faithful; a 6x6 estimated long, one that
# runs out of its trial, and an 8x8 go to the fast engine
expect_engine faithful "auto 6x6 easy" "$LG_TESTDIR/input/gen-6x6-easy.lgm"
expect_engine fast "auto 6x6 estimated slow" \
  "$LG_TESTDIR/input/gen-6x6-estimate.lgm"
grep -q "would take about" "$tmp/note" && pass "the note gives the estimate" ||
  fail "the note: $(cat "$tmp/note")"
# the trial given up where the share of the tree it explored projects
# twice its work, or at its end
expect_engine fast "auto 6x6 projected over its trial" \
  "$LG_TESTDIR/input/gen-6x6-trial.lgm"
grep -q "would take about .* (projected from the share of its tree its trial explored)" \
  "$tmp/note" && pass "the note gives the projection" ||
  fail "the note: $(cat "$tmp/note")"
grep -q "^engine: *fast (auto: the faithful engine projected in its trial to take about" \
  "$tmp/stats" && pass "--stats gives the projection" ||
  fail "--stats: $(grep '^engine' "$tmp/stats")"
expect_engine fast "auto 7x5 over its trial" \
  "$LG_TESTDIR/input/gen-7x5-over-trial.lgm"
grep -q "did not finish in about a tenth of a second" "$tmp/note" &&
  pass "the note says the trial ran out" || fail "the note: $(cat "$tmp/note")"
# estimated at 2,527 nodes and no solution of its tree, it has 4.9 million
# nodes and 138,240 solutions of its tree, and its try_solution's tables
# took 0.3 s: their work counts in the trial
expect_engine fast "auto 6x6 whose tree holds often" \
  "$LG_DATADIR/bench/gen-6x6-s8-k3.lgm"
expect_engine fast "auto 12x12" "$LG_DATADIR/bench/gen-12x12-s2.lgm"
grep -q "12 items per group: the faithful engine takes at most 10" "$tmp/note" &&
  pass "the note says the faithful engine's limit" ||
  fail "the note: $(cat "$tmp/note")"
expect_engine fast "auto 8x8" "$LG_TESTDIR/input/gen-8x8.lgm"
grep -q "8 items per group" "$tmp/note" && pass "the note names the dimension" ||
  fail "the note: $(cat "$tmp/note")"
# the same solutions whichever engine runs, and each choice is the same on
# every run
for f in gen-6x6-easy gen-6x6-estimate gen-6x6-trial gen-7x5-over-trial gen-8x8; do
  "$LOGIGRAM" --engine=fast "$LG_TESTDIR/input/$f.lgm" >"$tmp/fast" 2>/dev/null
  "$LOGIGRAM" "$LG_TESTDIR/input/$f.lgm" >"$tmp/auto" 2>/dev/null
  "$LOGIGRAM" "$LG_TESTDIR/input/$f.lgm" >"$tmp/auto2" 2>/dev/null
  if cmp -s "$tmp/fast" "$tmp/auto" && cmp -s "$tmp/auto" "$tmp/auto2"; then
    pass "$f: the unique solution, whichever engine"
  else
    fail "$f: auto and fast differ"
  fi
done
# options of the faithful engine choose it: under 1000K, auto solves the
# 8x8 with the fast engine, and these refuse it with the faithful engine's
# memory error (its permutations, or its tree: since the fast engine's
# states hold the lines twice, it needs more than the permutations)
run "auto 8x8 under 1000K" 0 --count --memory-limit 1000K \
  "$LG_TESTDIR/input/gen-8x8.lgm" && pass "auto 8x8 under 1000K: solved"
for opt in --trace --challenge --prune --check=intersect "--show groups" --dot; do
  # shellcheck disable=SC2086
  run "auto $opt chooses faithful" 1 $opt --memory-limit 1000K \
    "$LG_TESTDIR/input/gen-8x8.lgm" && {
    if grep -q -e "dimension 8 needs .* for its 40320 permutations" \
      -e "the AND/OR tree needs more than" "$tmp/err"
    then pass "auto $opt: the faithful engine"; else
      fail "auto $opt: $(cat "$tmp/err")"; fi
  }
done
# a memory refusal of the faithful engine under auto is no error
run "auto: the faithful engine over the memory limit" 0 --count \
  --memory-limit 60K -p jojo && {
  if [ "$(cat "$tmp/out")" = 1 ] && grep -q "memory limit" "$tmp/err"; then
    pass "auto: the fast engine under a small memory limit"
  else
    fail "auto under a small memory limit: $(cat "$tmp/out") $(cat "$tmp/err")"
  fi
}
run "--engine=faithful insists" 1 --engine=faithful --memory-limit 60K -p jojo &&
  pass "--engine=faithful insists: its memory error"
# more solutions than the trial holds back: the fast engine, and the note
# says why (not "did not finish in about a tenth of a second")
printf 'atomic a: a1, a2, a3, a4, a5, a6\natomic b: b1, b2, b3, b4, b5, b6\natomic c: c1, c2, c3, c4, c5, c6\nno a1, b1\n' >"$tmp/many.lgm"
run "auto: over 100000 solutions in the trial" 0 --count --stats "$tmp/many.lgm" && {
  if [ "$(cat "$tmp/out")" = 432000 ] &&
    grep -q "^logigram: note: the faithful engine found over 100000 solutions in its trial, more than auto holds back: solving with the fast engine (--engine=faithful to insist)$" "$tmp/err" &&
    grep -q "^engine: *fast (auto: over 100000 solutions in the faithful engine's trial)$" "$tmp/err"; then
    pass "auto: many solutions, the fast engine, and why"
  else
    fail "auto: many solutions: $(cat "$tmp/out") $(head -3 "$tmp/err")"
  fi
}
# a couple written many times is one cell of the expansion: the estimate
# counts it once (it once counted 270 cells, 2^270 alternatives, and
# sent this instant problem to the fast engine)
{
  printf 'atomic a: a1, a2, a3\natomic b: b1, b2, b3\nyes a1, b1'
  i=1; while [ $i -lt 270 ]; do printf ' and yes a1, b1'; i=$((i + 1)); done
  printf '\n'
} >"$tmp/long-and.lgm"
expect_engine faithful "auto: one couple written 270 times" "$tmp/long-and.lgm"
# two lists with a variable, 20 cells in one group: 2^20 alternatives by
# the bound, but the expansion, run for each house of h, takes a few
# hundred steps: the faithful engine, which solves it at once (the bound
# alone sent it to the fast engine: "about 210 ms")
{
  cat "$LG_DATADIR/einstein.lgm"
  printf 'var h: house\nh > 2\nno h, Norwegian, blue, milk, Prince\n'
  printf 'no h, Dane, yellow, coffee, bird\n'
} >"$tmp/lists-var.lgm"
expect_engine faithful "auto: two lists with a variable" "$tmp/lists-var.lgm"
run "two lists with a variable: one solution" 0 --count "$tmp/lists-var.lgm" &&
  [ "$(cat "$tmp/out")" = 1 ] && pass "two lists with a variable: 1 solution"

# ---- The diagnostics solve with the engine chosen --------------------------------
same_output "--engine=fast --why-none" \
  "$expected/diagnose-einstein-cat-not-water-why-none.out" 0 --engine=fast \
  --why-none "$(without_clues "$LG_DATADIR/einstein-cat-not-water.lgm")"
same_output "--engine=fast --redundant" \
  "$expected/diagnose-einstein-redundant.out" 0 --engine=fast --redundant \
  "$(without_clues "$LG_DATADIR/einstein.lgm")"
same_output "--engine=fast --why-none, clues" \
  "$expected/diagnose-einstein-cat-not-water-why-none-clues.out" 0 \
  --engine=fast --why-none "$LG_DATADIR/einstein-cat-not-water.lgm"
same_output "--engine=fast --redundant, clues" \
  "$expected/diagnose-einstein-redundant-clues.out" 0 --engine=fast \
  --redundant "$LG_DATADIR/einstein.lgm"

# ---- Bad command lines: status 2, nothing on stdout ------------------------------
bad_command "--engine=nosuch" --engine=nosuch
bad_command "--engine=''" --engine=
bad_command "--engine without a name" --engine
bad_command "--engine=fast --show masks" --engine=fast --show masks
bad_command "--engine=fast --show tree" --engine fast --show tree \
  "$LG_DATADIR/small.lgm"
bad_command "--engine=fast --dot" --engine=fast --dot
# the faithful engine's exercises mean nothing to the fast one: refused
for opt in --challenge --check=fewest --check=faithful --stats-levels --prune; do
  bad_command "--engine=fast $opt" --engine=fast "$opt" && {
    if grep -q "^logigram: ${opt%%=[a-z]*}.* the faithful engine.* only: " \
      "$tmp/err"; then pass "--engine=fast $opt: why"; else
      fail "--engine=fast $opt: $(head -1 "$tmp/err")"; fi
  }
done
run "--engine=nosuch names the choices" 2 --engine=nosuch && {
  if grep -q "auto, faithful or fast" "$tmp/err"; then pass "--engine choices"; else
    fail "--engine choices: $(cat "$tmp/err")"; fi
}
run "--help lists --engine" 0 --help && {
  if grep -q -- "--engine=NAME" "$tmp/out"; then pass "--help --engine"; else
    fail "--help lacks --engine"; fi
}

# ---- Invalid problems: the faithful engine's errors ----------------------------------
printf 'numeric n: 1, 2\natomic a: x, y\nvar v: n\nv * 9223372036854775807 > 0\nyes v, a:x\n' \
  >"$tmp/overflow.lgm"
"$LOGIGRAM" "$tmp/overflow.lgm" >/dev/null 2>"$tmp/faithful.err"
run "--engine=fast overflow" 1 --engine=fast "$tmp/overflow.lgm" && {
  if [ ! -s "$tmp/out" ] && cmp -s "$tmp/err" "$tmp/faithful.err" &&
    grep -q "overflow.lgm:4:1: error: integer overflow in rule 1" "$tmp/err"
  then
    pass "overflow message"
  else
    fail "overflow message: $(cat "$tmp/err")"
  fi
}
run "--engine=fast --memory-limit 1K" 1 --engine=fast --memory-limit 1K && {
  if [ ! -s "$tmp/out" ] &&
    grep -Eq "^classic.lgm:[0-9]+:1: error: .*memory limit.*--memory-limit" \
      "$tmp/err"; then
    pass "memory limit message"
  else
    fail "memory limit message: $(cat "$tmp/err")"
  fi
}
printf 'atomic a: x, y\natomic b: u, v\nyes a:x, b:u\nno a:x, b:u\n' >"$tmp/contra.lgm"
run "contradictory unbound rules" 0 --engine=fast --count "$tmp/contra.lgm" && {
  if [ "$(cat "$tmp/out")" = 0 ]; then pass "contradiction gives 0"; else
    fail "contradiction gives $(cat "$tmp/out")"; fi
}
printf 'atomic a: x, y, z\natomic b: u, v, w\natomic c: i, j, k\n' >"$tmp/norule.lgm"
run "no rule" 0 --engine=fast --count "$tmp/norule.lgm" && {
  if [ "$(cat "$tmp/out")" = 36 ]; then pass "no rule gives 36"; else
    fail "no rule gives $(cat "$tmp/out")"; fi
}

# Exactly one of six statements, each a couple, in the counting form: six
# cell literals, not an enumeration of variables (18 solutions): the work
# counters stay small (no variable, a few leaves tried and kept).  Speed
# is measured by make bench, not here.
for e in auto fast; do
  name="exactly 1 of six couples ($e)"
  run "$name" 0 --engine=$e -s -c "$LG_TESTDIR/input/exactly-one-couples.lgm" &&
    {
      work=$(awk '/^(variables|leaves tried|leaves kept):/ { t += $NF }
                  END { print t }' "$tmp/err")
      if [ "$(cat "$tmp/out")" != 18 ]; then
        fail "$name: $(cat "$tmp/out") solutions, 18 expected"
      elif [ "$work" -le 100 ]; then
        pass "$name: variables + leaves tried + leaves kept = $work"
      else
        fail "$name: variables + leaves tried + leaves kept = $work"
      fi
    }
done

# 300 groups of 4 items and no rule: auto's trial stops at its 100,000
# solutions, and the fast engine, which would take over, does not fit (3.2
# GiB of search states): the one error line says that the faithful engine
# does, and it does.
"$LG_TESTDIR/gen-memory.sh" groups 300 4 >"$tmp/wide.lgm"
run "300 groups, auto: the fast engine does not fit" 1 --count \
  "$tmp/wide.lgm" && {
  if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
    grep -q ': error: 300 groups of 4 items need .* for the fast engine.s search states, over the memory limit of 2.0 GiB; raise --memory-limit, or use --engine=faithful: the tutorial.s engine fits here (it may be slow)$' "$tmp/err"
  then pass "300 groups, auto: the error names the faithful engine"
  else fail "300 groups, auto: $(cat "$tmp/out" "$tmp/err")"; fi
}
run "300 groups, --engine=faithful fits" 0 --engine=faithful -m 2 --count \
  "$tmp/wide.lgm" && {
  if [ "$(cat "$tmp/out")" = 2 ]; then pass "300 groups, --engine=faithful fits"
  else fail "300 groups, --engine=faithful: $(cat "$tmp/out")"; fi
}

finish
