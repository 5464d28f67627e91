#!/bin/bash
# bench/cross-check.sh — the number of solutions of the plain command
# (`logigram --count`) against clingo's (`clingo --project 0` on the
# `--export=asp` file) on puzzles with many solutions and long searches:
# minimised puzzles of logigram-gen with a few clues dropped at random.
# The tests compare the engines on small problems (tests/check_oracle.c,
# the fuzzers); this reaches the searches of millions of nodes where the
# fast engine's probing backs off (doc/performance.md).
#
#   bench/cross-check.sh [FIRST [LAST]]     seeds FIRST to LAST (101 to 120)
#
# Seed S writes `logigram-gen --items N --groups G --seed S --minimise`,
# N = 8 + S % 3, G = 5 + S % 4, and drops 2 + S % 3 of its clues, drawn
# from S (`--drop-clue`, the same for both solvers).  A row a puzzle: its
# size, the clues dropped, both counts, the fast engine's nodes, and
# `same`, `DIFF`, or `stopped` (CROSS_TIMEOUT seconds, 300 by
# default, for each solver; a count with "+" is clingo's when stopped).
# Exit status 1 when a count differs, 77 without clingo (Debian: gringo).
# The puzzles stay in CROSS_DIR (a temporary folder by default, removed).
# Measured on 2026-12-07, seeds 101 to 160: the same 60 counts, 38 to
# 17,675,712 solutions (seed 116 needs CROSS_TIMEOUT=900 for clingo).
set -u
# shellcheck source=bench/clingo-check.sh
. "$(dirname "${BASH_SOURCE[0]}")/clingo-check.sh"
clingo_check_start "${BASH_SOURCE[0]}" "${CROSS_DIR:-}" "${1:-}"
first=${1:-101}
last=${2:-$((first + 19))}
limit=${CROSS_TIMEOUT:-300}
status=0
echo "| seed | size | clues dropped | logigram | clingo | nodes | |"
echo "|--:|--|--|--:|--:|--:|--|"
for ((s = first; s <= last; s++)); do
  n=$((8 + s % 3)) g=$((5 + s % 4))
  p=$dir/p$s.lgm
  if ! "$gen" --items $n --groups $g --seed $s --minimise >"$p" 2>/dev/null; then
    echo "| $s | ${n}x$g | | logigram-gen failed | | | |"
    status=1
    continue
  fi
  clues=$("$logigram" --list-clues "$p" | grep -c '^clue ')
  drops=()
  dropped=$(shuf -i "1-$clues" -n $((2 + s % 3)) \
    --random-source=<(yes "$s") | sort -n | tr '\n' ' ')
  for c in $dropped; do drops+=(--drop-clue "$c"); done
  stats=$(timeout "$limit" "$logigram" --count --stats "${drops[@]}" "$p" 2>&1)
  count=$(printf '%s\n' "$stats" | grep -E '^[0-9]+$')
  nodes=$(printf '%s\n' "$stats" | sed -n 's/^nodes explored: *//p')
  "$logigram" --export=asp "${drops[@]}" "$p" >"$dir/p$s.lp"
  models=$(timeout "$limit" clingo --project 0 -q "$dir/p$s.lp" 2>/dev/null |
    sed -n 's/^Models *: *\([0-9]*+*\).*/\1/p')
  if [ -n "$count" ] && [ "$count" = "$models" ]; then
    verdict=same
  elif [ -z "$count" ] || [ "${models%+}" != "$models" ] || [ -z "$models" ]; then
    verdict="stopped"
  else
    verdict=DIFF
    status=1
  fi
  echo "| $s | ${n}x$g | ${dropped% } | ${count:-stopped} | ${models:-stopped} | ${nodes:-?} | $verdict |"
done
exit $status
