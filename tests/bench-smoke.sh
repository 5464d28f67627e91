#!/bin/bash
# bench-smoke.sh — a tiny run of the benchmark script (bench/run.sh, which
# make bench runs in full), so that it cannot rot: the classic problem, one
# timed run, every solver found; the table must have a row for each solver
# that is not skipped, with 1 run and 1 solution, and the solvers must agree
# (the script's exit status).  A second or two, mostly MiniZinc's start-up.
# Then bench/gen-work.sh (make bench-gen) on one small puzzle,
# bench/worst.sh (make bench-worst) on two, and the checks with clingo,
# bench/cross-check.sh (make bench-cross) on one puzzle and
# bench/diagnose-check.sh (make bench-diagnose) on two, each also with a
# logigram that answers wrong, which they must catch.  Last,
# bench/relgen.py (the other generator) on one small puzzle, when python3
# is there.
# Environment (set by make check): LOGIGRAM, LOGIGRAM_GEN, LG_DATADIR,
# LG_TESTDIR, top_srcdir.
top_srcdir=${top_srcdir:-.}
. "${LG_TESTDIR:-tests}/lib.sh"

BENCH_RUNS=1 BENCH_FILTER='^classic$' BENCH_SET=none BENCH_TIMEOUT=60 \
  BENCH_OUT=$tmp/bench BENCH_SOLVERS='' BENCH_NICE='' \
  LOGIGRAM=$LOGIGRAM LG_DATADIR=$LG_DATADIR \
  bash "$top_srcdir/bench/run.sh" >"$tmp/table" 2>"$tmp/notes"
rc=$?
sed 's/^/# /' "$tmp/notes"
sed 's/^/# /' "$tmp/table"
if [ "$rc" -eq 0 ]; then pass "bench/run.sh exits with 0"; else
  fail "bench/run.sh exits with $rc"; fi
for solver in lg lg-faithful lg-fewest lg-fast clingo minizinc; do
  if grep -q "^# SKIP $solver:" "$tmp/notes"; then
    pass "$solver: skipped by the script, with a note"
    continue
  fi
  # | classic | SOLVER | runs | median | min | cpu | x PEER... | RSS | solutions | 4 counters |
  row=$(grep "^| classic | $solver |" "$tmp/table")
  if [ -z "$row" ]; then
    fail "$solver: no row in the table"
    continue
  fi
  runs=$(awk -F'|' '{ v = $4; gsub (/ /, "", v); print v }' <<<"$row")
  solutions=$(awk -F'|' '{ v = $(NF - 5); gsub (/ /, "", v); print v }' <<<"$row")
  if [ "$runs" = 1 ] && [ "$solutions" = 1 ]; then
    pass "$solver: 1 run, 1 solution"
  else
    fail "$solver: runs '$runs', solutions '$solutions'"
  fi
done
if [ "$(wc -l <"$tmp/bench/results.tsv" 2>/dev/null)" -ge 2 ]; then
  pass "results.tsv written"
else
  fail "results.tsv missing or empty"
fi

# bench/gen-work.sh (make bench-gen) on one small command, the generator
# named twice: the nodes read from --verbose, the same for both, and the
# same bytes.
if [ -n "${LOGIGRAM_GEN:-}" ] && [ -x /usr/bin/time ]; then
  GEN_WORK_COMMANDS='--items 5 --groups 5 --seed 3 --minimise' \
    bash "$top_srcdir/bench/gen-work.sh" "a=$LOGIGRAM_GEN" "b=$LOGIGRAM_GEN" \
    >"$tmp/gen" 2>"$tmp/gen-notes"
  rc=$?
  sed 's/^/# /' "$tmp/gen" "$tmp/gen-notes"
  # | command | a nodes | clues | kept | CPU s | b nodes | ... | same |
  row=$(grep '^| `--items 5' "$tmp/gen")
  a=$(awk -F'|' '{ v = $3; gsub (/ /, "", v); print v }' <<<"$row")
  b=$(awk -F'|' '{ v = $7; gsub (/ /, "", v); print v }' <<<"$row")
  same=$(awk -F'|' '{ v = $(NF - 1); gsub (/ /, "", v); print v }' <<<"$row")
  if [ "$rc" -eq 0 ] && [[ $a =~ ^[1-9][0-9]*$ ]] && [ "$a" = "$b" ] &&
    [ "$same" = yes ]; then
    pass "bench/gen-work.sh: $a nodes twice, the same puzzle"
  else
    fail "bench/gen-work.sh: exit $rc, nodes '$a' and '$b', same '$same'"
  fi
else
  echo "# bench/gen-work.sh not run: it needs LOGIGRAM_GEN and GNU time"
fi

# bench/worst.sh (make bench-worst) on two small seeds: one row, both
# puzzles unique, written as logigram-gen --minimise writes them (ARGS
# empty); then the same WORST_OUT with other options is refused, not mixed.
if [ -n "${LOGIGRAM_GEN:-}" ] && [ -x /usr/bin/time ]; then
  worst () {
    WORST_SIZES=5x5 WORST_SEEDS='1 2' WORST_OUT=$tmp/worst \
      LOGIGRAM=$LOGIGRAM LOGIGRAM_GEN=$LOGIGRAM_GEN \
      bash "$top_srcdir/bench/worst.sh" >"$tmp/worst.md" 2>"$tmp/worst-notes"
  }
  worst
  rc=$?
  sed 's/^/# /' "$tmp/worst.md" "$tmp/worst-notes"
  if [ "$rc" -eq 0 ] && grep -q '^| 5x5 | 2 | .* | - |$' "$tmp/worst.md" &&
    [ -f "$tmp/worst/puzzles/ARGS" ] && [ -z "$(cat "$tmp/worst/puzzles/ARGS")" ] &&
    grep -q '^#   logigram-gen --items 5 --groups 5 --seed 2 --minimise$' \
      "$tmp/worst/puzzles/5x5-s2.lgm"; then
    pass "bench/worst.sh: two puzzles as logigram-gen --minimise writes them, both unique"
  else
    fail "bench/worst.sh: exit $rc, or not the row or puzzles expected"
  fi
  WORST_GEN_ARGS='--work-limit 0' worst
  rc=$?
  if [ "$rc" -eq 2 ] && grep -q "^worst.sh: .* holds puzzles written with --minimise, not with --minimise --work-limit 0: set WORST_OUT to another directory$" \
    "$tmp/worst-notes"; then
    pass "bench/worst.sh: puzzles of other options refused in the same WORST_OUT"
  else
    fail "bench/worst.sh, other options in the same WORST_OUT: exit $rc, $(cat "$tmp/worst-notes")"
  fi
else
  echo "# bench/worst.sh not run: it needs LOGIGRAM_GEN and GNU time"
fi
# The checks with clingo: one puzzle each way for cross-check.sh (seed 102,
# 100 solutions), two for diagnose-check.sh; then the same with a logigram
# whose count is one more and whose reports of --redundant and --why-none
# leave out their first clue: each must say DIFF and exit 1.
if [ -n "${LOGIGRAM_GEN:-}" ] && command -v clingo >/dev/null 2>&1; then
  cat >"$tmp/wrong" <<WRONG
#!/bin/bash
case " \$* " in
  *" --count "*) "$LOGIGRAM" "\$@" | awk '/^[0-9]+\$/ { \$0 = \$0 + 1 } { print }' ;;
  *" --redundant "* | *" --why-none "*)
    "$LOGIGRAM" "\$@" | awk '/^clue / && !done { done = 1; next } { print }' ;;
  *) exec "$LOGIGRAM" "\$@" ;;
esac
WRONG
  chmod +x "$tmp/wrong"
  # clingo_check PROGRAM SCRIPT STATUS ROW FIRST LAST: bench/SCRIPT FIRST
  # LAST with LOGIGRAM=PROGRAM exits with STATUS, and a row ends with ROW
  clingo_check () {
    local rc
    LOGIGRAM=$1 LOGIGRAM_GEN=$LOGIGRAM_GEN bash "$top_srcdir/bench/$2" "$5" "$6" \
      >"$tmp/check.md" 2>&1
    rc=$?
    sed 's/^/# /' "$tmp/check.md"
    if [ "$rc" -eq "$3" ] && grep -q "| $4 |\$" "$tmp/check.md"; then
      pass "bench/$2 $5 $6 with $1: exit $rc, a row '$4'"
    else
      fail "bench/$2 $5 $6 with $1: exit $rc (not $3), or no row '$4'"
    fi
  }
  clingo_check "$LOGIGRAM" cross-check.sh 0 same 102 102
  clingo_check "$tmp/wrong" cross-check.sh 1 DIFF 102 102
  clingo_check "$LOGIGRAM" diagnose-check.sh 0 same 1 2
  if [ "$(grep -c '| same |$' "$tmp/check.md")" -eq 4 ]; then
    pass "bench/diagnose-check.sh 1 2: four diagnoses, all the same"
  else
    fail "bench/diagnose-check.sh 1 2: not four rows 'same'"
  fi
  clingo_check "$tmp/wrong" diagnose-check.sh 1 'DIFF .*' 1 2
  if [ "$(grep -c '| DIFF ' "$tmp/check.md")" -eq 4 ]; then
    pass "bench/diagnose-check.sh 1 2: the four wrong diagnoses caught"
  else
    fail "bench/diagnose-check.sh 1 2: not four rows 'DIFF'"
  fi
else
  echo "# bench/cross-check.sh and bench/diagnose-check.sh not run: they need LOGIGRAM_GEN and clingo"
fi

# bench/relgen.py, the other generator: a small puzzle, the same twice,
# with one solution, no warning, and every clue needed
if command -v python3 > /dev/null; then
  LOGIGRAM=$LOGIGRAM python3 "$top_srcdir/bench/relgen.py" 5 4 3 \
    >"$tmp/rel.lgm" 2>"$tmp/rel.err"
  rc=$?
  LOGIGRAM=$LOGIGRAM python3 "$top_srcdir/bench/relgen.py" 5 4 3 \
    >"$tmp/rel2.lgm" 2>>"$tmp/rel.err"
  sed 's/^/# /' "$tmp/rel.err"
  if [ "$rc" -eq 0 ] && cmp -s "$tmp/rel.lgm" "$tmp/rel2.lgm"; then
    pass "bench/relgen.py 5 4 3: a puzzle, the same twice"
  else
    fail "bench/relgen.py 5 4 3: exit $rc, or two different puzzles"
  fi
  count=$("$LOGIGRAM" --count "$tmp/rel.lgm" 2>"$tmp/rel.err")
  n=$(grep -c '^clue ' "$tmp/rel.lgm")
  if [ "$count" = 1 ] && [ ! -s "$tmp/rel.err" ] &&
    "$LOGIGRAM" --redundant "$tmp/rel.lgm" |
    grep -q "^None of the $n clues is redundant"; then
    pass "bench/relgen.py 5 4 3: one solution, no warning, $n clues all needed"
  else
    fail "bench/relgen.py 5 4 3: $count solutions, or a warning, or a clue not needed"
  fi
else
  echo "# bench/relgen.py not run: it needs python3"
fi
finish
