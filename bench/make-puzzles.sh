#!/bin/bash
# bench/make-puzzles.sh — writes a benchmark set with logigram-gen, for when
# data/bench/ (the project's fixed set) is not there: ten puzzles of each
# size 5x5, 6x6, 7x7 and 8x8 (N items, N groups), fixed seeds: seven with a
# unique solution (seeds 1-7), two with at most 3 solutions (--solutions 3,
# seeds 8-9) and one without solution (--contradict, seed 10); and, for
# the fast engine alone (more than 10 items), five puzzles of each size
# 12x12 and 16x16: four unique (seeds 1-4), one --contradict (seed 5).
#
#   bench/make-puzzles.sh [DIR]        (default: bench/puzzles beside this)
#
# The same options give the same bytes, so the set is reproducible; a file
# already there is kept.  Environment: LOGIGRAM_GEN (default
# src/logigram-gen), PUZZLE_SIZES ("5 6 7 8"), PUZZLE_LARGE_SIZES
# ("12 16"), PUZZLE_TIMEOUT (seconds for one puzzle, default 600).  logigram-gen counts with its default engine
# (the fast one when it is built).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LOGIGRAM_GEN=${LOGIGRAM_GEN:-$here/../src/logigram-gen}
dir=${1:-$here/puzzles}
sizes=${PUZZLE_SIZES:-5 6 7 8}
large_sizes=${PUZZLE_LARGE_SIZES-12 16}
limit=${PUZZLE_TIMEOUT:-600}
mkdir -p "$dir" || exit 1
status=0
# write FILE ARGS...: one puzzle, kept when already there
write () {
  local f=$1
  shift
  [ -s "$f" ] && return
  local start=$EPOCHREALTIME
  if timeout "$limit" "$LOGIGRAM_GEN" "$@" --output "$f.tmp"; then
    mv -f "$f.tmp" "$f"
    echo "# $(basename "$f"): $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s" >&2
  else
    rm -f "$f.tmp"
    echo "# $(basename "$f"): not written (logigram-gen failed or took more than ${limit}s)" >&2
    status=1
  fi
}
for n in $sizes; do
  for s in 1 2 3 4 5 6 7 8 9 10; do
    extra=()
    case $s in
      8 | 9) extra=(--solutions 3) ;;
      10) extra=(--contradict) ;;
    esac
    write "$dir/${n}x$n-$(printf '%02d' "$s").lgm" --items "$n" --groups "$n" \
      --seed "$s" "${extra[@]}"
  done
done
for n in $large_sizes; do
  for s in 1 2 3 4 5; do
    extra=()
    [ "$s" = 5 ] && extra=(--contradict)
    write "$dir/${n}x$n-$(printf '%02d' "$s").lgm" --items "$n" --groups "$n" \
      --seed "$s" "${extra[@]}"
  done
done
exit $status
