#!/bin/sh
# make-bench.sh — writes the benchmark puzzles of data/bench/ with
# logigram-gen: ten puzzles for each size 5x5, 6x6, 7x7, 8x8, 9x9 and 10x10
# (N items, N groups), seeds 1 to 10:
#
#   gen-NxN-sS.lgm            seeds 1-4: exactly one solution
#   gen-NxN-sS-min.lgm        seeds 5-6: one solution, --minimise (every
#                             clue needed: the hardest to solve)
#   gen-NxN-sS-k3.lgm         seeds 7-8: --solutions 3 (at most 3)
#   gen-NxN-sS-contradict.lgm seeds 9-10: --contradict (no solution)
#
# And, beyond the faithful engine's ten items, three puzzles for each
# size 12x12 and 16x16 (LARGE_SIZES), seeds 1 to 3, exactly one solution
# (gen-NxN-sS.lgm; not minimised: --minimise takes a minute or two there).
#
# Then the minimised puzzles of the sizes where the fast engine searches
# (doc/performance.md, "Fresh minimised puzzles"): four more of each size
# 8x8, 9x9 and 10x10 (MIN_SIZES), seeds 11 to 14, and one of each large
# size, seed 4 (gen-NxN-sS-min.lgm, --minimise).
#
# Each file's header gives its command and its number of solutions.  The
# generator writes the same bytes on every machine, so running this again
# changes nothing (unless logigram-gen itself changes).  It counts with the
# fast engine: the faithful one takes minutes or hours beyond 5x5.
#
#   data/bench/make-bench.sh [LOGIGRAM_GEN [DIR [SIZES [LARGE_SIZES [MIN_SIZES]]]]]
#
# defaults: src/logigram-gen, data/bench, "5 6 7 8 9 10", "12 16", "8 9 10".
set -eu
gen=${1:-src/logigram-gen}
dir=${2:-data/bench}
sizes=${3:-5 6 7 8 9 10}
large_sizes=${4-12 16}
min_sizes=${5-8 9 10}
# write FILE N SEED [OPTION...]: one puzzle of N items in N groups
write () {
  w_file=$1 w_n=$2 w_s=$3
  shift 3
  start=$(date +%s)
  "$gen" --items "$w_n" --groups "$w_n" --seed "$w_s" "$@" --output "$w_file"
  echo "$w_file: $(($(date +%s) - start)) s"
}
for n in $sizes; do
  for s in 1 2 3 4 5 6 7 8 9 10; do
    case $s in
      1|2|3|4) suffix= opts= ;;
      5|6) suffix=-min opts=--minimise ;;
      7|8) suffix=-k3 opts="--solutions 3" ;;
      *) suffix=-contradict opts=--contradict ;;
    esac
    # shellcheck disable=SC2086
    write "$dir/gen-${n}x${n}-s$s$suffix.lgm" "$n" "$s" $opts
  done
done
for n in $large_sizes; do
  for s in 1 2 3; do
    write "$dir/gen-${n}x${n}-s$s.lgm" "$n" "$s"
  done
done
for n in $min_sizes; do
  for s in 11 12 13 14; do
    write "$dir/gen-${n}x${n}-s$s-min.lgm" "$n" "$s" --minimise
  done
done
for n in $large_sizes; do
  write "$dir/gen-${n}x${n}-s4-min.lgm" "$n" 4 --minimise
done
