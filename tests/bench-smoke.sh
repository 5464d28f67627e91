#!/bin/bash
# bench-smoke.sh — a tiny run of the benchmark script (bench/run.sh, which
# make bench runs in full), so that it cannot rot: the classic problem, one
# timed run, every solver found; the table must have a row for each solver
# that is not skipped, with 1 run and 1 solution, and the solvers must agree
# (the script's exit status).  A second or two, mostly MiniZinc's start-up.
# Environment (set by make check): LOGIGRAM, LG_DATADIR, LG_TESTDIR,
# top_srcdir.
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
finish
