#!/bin/bash
# bench/explain.sh — the speed of --explain and --hint (make bench runs it
# after bench/run.sh): each case run BENCH_RUNS times (default 10), one
# Markdown table of the median whole-process wall time and the median CPU
# time (user + system, the steadier figure on a shared machine), in
# milliseconds.  The goals of issue 12: the classic problem and the
# Einstein riddle explained in 50 ms, a generated 8x8 unique puzzle in 2 s,
# a hint in 100 ms.  Nothing is asserted: the figures go to
# doc/performance.md.
# Environment: LOGIGRAM, LOGIGRAM_GEN, LG_DATADIR (make bench sets them),
# BENCH_RUNS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
LOGIGRAM=${LOGIGRAM:-$here/../src/logigram}
LOGIGRAM_GEN=${LOGIGRAM_GEN:-$here/../src/logigram-gen}
LG_DATADIR=${LG_DATADIR:-$here/../data}
runs=${BENCH_RUNS:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$LOGIGRAM_GEN" --items 8 --groups 8 --seed 1 >"$tmp/gen-8x8.lgm" || exit 1
"$LOGIGRAM_GEN" --items 8 --groups 8 --seed 1 --minimise \
  >"$tmp/gen-8x8-min.lgm" || exit 1
printf 'yes Brit, red\nyes house:first, Norwegian\nno Swede, house:first\n' \
  >"$tmp/einstein-facts.txt"

# median of the numbers on stdin
median () { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# case NAME ARGS...: the medians of wall and CPU time, in ms
bench_case () {
  local name=$1
  shift
  : >"$tmp/wall"
  : >"$tmp/cpu"
  local TIMEFORMAT='%R %U %S'
  for ((r = 0; r < runs; r++)); do
    { time "$LOGIGRAM" "$@" >/dev/null 2>&1; } 2>"$tmp/t"
    read -r real user sys <"$tmp/t"
    awk -v r="$real" 'BEGIN { printf "%.1f\n", r * 1000 }' >>"$tmp/wall"
    awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f\n", (u + s) * 1000 }' \
      >>"$tmp/cpu"
  done
  printf '| %s | %d | %s | %s |\n' "$name" "$runs" "$(median <"$tmp/wall")" \
    "$(median <"$tmp/cpu")"
}

echo "| explanation | runs | median wall ms | median CPU ms |"
echo "|---|---|---|---|"
bench_case "classic --explain" --explain "$LG_DATADIR/classic.lgm"
bench_case "einstein --explain" --explain "$LG_DATADIR/einstein.lgm"
bench_case "einstein --explain --format json" --explain --format json \
  "$LG_DATADIR/einstein.lgm"
bench_case "gen 8x8 seed 1 --explain" --explain "$tmp/gen-8x8.lgm"
bench_case "gen 8x8 seed 1 --minimise --explain" --explain \
  "$tmp/gen-8x8-min.lgm"
bench_case "mini4 --hint" --hint "$LG_DATADIR/mini4-facts.txt" \
  "$LG_DATADIR/mini4.lgm"
bench_case "einstein --hint (3 facts)" --hint "$tmp/einstein-facts.txt" \
  "$LG_DATADIR/einstein.lgm"
bench_case "gen 8x8 --minimise --hint (empty grid)" --hint /dev/null \
  "$tmp/gen-8x8-min.lgm"
