#!/bin/bash
# bench/worst.sh — the fast engine's worst cases over many seeded minimised
# unique puzzles (make bench-worst runs it; doc/performance.md has the
# results).
#
# For each size NxG (N items, G groups) of WORST_SIZES, writes the puzzles
#   logigram-gen --items N --groups G --seed S --minimise
# (S in SEEDS; as a user gets them: logigram solves each within the
# generator's work limit, 2000 nodes; WORST_GEN_ARGS="--work-limit 0" for
# exactly minimal ones, which take minutes to an hour each from 12 groups
# on, and seconds to solve: make bench-hard has the hardest of those)
# once into WORST_OUT/puzzles (kept between runs; a file ARGS there says
# with which options), then solves each with
# `logigram --engine=fast --count --stats` and prints, per size, one
# Markdown row: the puzzles, the median, the 90th percentile and the
# largest CPU time (user + system, whole process: on a shared machine the
# wall time measures the neighbours), the puzzle of the largest, its search
# nodes (nodes explored, probes included) and its wall time.  A run over WORST_TIMEOUT
# seconds counts as that time and is marked "timeout".  One run each: the
# interest is the tail, which is one or two orders of magnitude above the
# median, not the last percent.
#
# Environment:
#   WORST_SIZES="8x8 10x10 12x12 16x8"  the sizes
#   WORST_SEEDS="$(seq 1 100)"            the seeds
#   WORST_TIMEOUT=60                      seconds for one solve
#   WORST_GEN_TIMEOUT=600                 seconds for writing one puzzle
#   WORST_OUT=bench/worst                 puzzles, results.tsv, worst.md
#   WORST_PUZZLES=DIR                     solve the puzzles SIZE-sSEED.lgm of
#                                         DIR instead, writing none (make
#                                         bench-hard: data/hard, the hardest
#                                         puzzles of the sets, kept fixed)
#   WORST_GEN_ARGS=""                     logigram-gen's options after
#                                         --minimise ("--work-limit 0": the
#                                         exactly minimal puzzles, written
#                                         before 2026-12-06 by default;
#                                         another WORST_OUT then, as a
#                                         WORST_OUT holds the puzzles of one
#                                         set of options)
#   LOGIGRAM, LOGIGRAM_GEN                the programs (default: src/)
#   WORST_ARGS                            more options for logigram
# Output: the table on stdout (also WORST_OUT/worst.md); results.tsv has
# one line per puzzle: size, seed, status, CPU seconds, nodes, wall
# seconds.  WORST_SOLVE_ONLY=1: only the puzzles already written.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
sizes=${WORST_SIZES:-8x8 10x10 12x12 16x8}
seeds=${WORST_SEEDS:-$(seq 1 100)}
limit=${WORST_TIMEOUT:-60}
gen_limit=${WORST_GEN_TIMEOUT:-600}
out=${WORST_OUT:-bench/worst}
LOGIGRAM=${LOGIGRAM:-$top/src/logigram}
LOGIGRAM_GEN=${LOGIGRAM_GEN:-$top/src/logigram-gen}
[ -x "$LOGIGRAM" ] && [ -x "$LOGIGRAM_GEN" ] ||
  { echo "worst.sh: no $LOGIGRAM or $LOGIGRAM_GEN (make first)" >&2; exit 2; }
puzzles=${WORST_PUZZLES:-$out/puzzles}
solve_only=${WORST_SOLVE_ONLY:-0}
if [ -n "${WORST_PUZZLES:-}" ]; then
  [ -d "$puzzles" ] || { echo "worst.sh: no directory $puzzles" >&2; exit 2; }
  solve_only=1
fi
mkdir -p "$out" "$puzzles" || exit 2
gen_args=${WORST_GEN_ARGS:-}
if [ "$solve_only" = 0 ]; then
  if [ -f "$puzzles/ARGS" ]; then
    was=$(cat "$puzzles/ARGS")
    [ "$was" = "$gen_args" ] || {
      echo "worst.sh: $puzzles holds puzzles written with --minimise${was:+ $was}, not with --minimise${gen_args:+ $gen_args}: set WORST_OUT to another directory" >&2
      exit 2
    }
  elif ls "$puzzles"/*.lgm > /dev/null 2>&1; then
    echo "worst.sh: $puzzles holds puzzles written with unknown options (before the file ARGS; until 2026-12-06 the default was --work-limit 0): set WORST_OUT to another directory, or remove them" >&2
    exit 2
  else
    printf '%s\n' "$gen_args" > "$puzzles/ARGS" || exit 2
  fi
fi

results=$out/results.tsv
printf 'size\tseed\tstatus\tcpu\tnodes\twall\n' >"$results"
for size in $sizes; do
  n=${size%x*} g=${size#*x}
  for s in $seeds; do
    f=$puzzles/${size}-s$s.lgm
    if [ ! -s "$f" ]; then
      [ "$solve_only" = 0 ] || continue
      # shellcheck disable=SC2086
      if timeout "$gen_limit" "$LOGIGRAM_GEN" --items "$n" --groups "$g" \
        --seed "$s" --minimise $gen_args \
        --output "$f.tmp" 2>/dev/null; then
        mv -f "$f.tmp" "$f"
      else
        rm -f "$f.tmp"
        echo "# $size seed $s: not written within ${gen_limit}s" >&2
        continue
      fi
    fi
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S' -o "$out/time" timeout "$limit" "$LOGIGRAM" \
      --engine=fast --count --stats ${WORST_ARGS:-} "$f" >"$out/stdout" \
      2>"$out/stats"
    rc=$?
    read -r wall user sys <"$out/time"
    status=ok
    [ "$rc" = 124 ] && status=timeout
    [ "$rc" != 0 ] && [ "$rc" != 124 ] && status=error
    [ "$status" = ok ] && [ "$(cat "$out/stdout")" != 1 ] && status=not-unique
    nodes=$(sed -n 's/^nodes explored: *//p' "$out/stats")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$s" "$status" \
      "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" \
      "${nodes:--}" "$wall" >>"$results"
  done
done
rm -f "$out/stdout" "$out/stats" "$out/time"

awk -F'\t' '
  NR == 1 { next }
  {
    if (!($1 in count)) order[++nsize] = $1
    count[$1]++
    t[$1, count[$1]] = $4
    if ($3 != "ok") bad[$1] = bad[$1] " s" $2 ":" $3
    if (!($1 in worst) || $4 + 0 > worst[$1] + 0) { worst[$1] = $4; wseed[$1] = $2; wnodes[$1] = $5; wwall[$1] = $6 }
  }
  function ms(s) { return sprintf ("%.0f", s * 1000) }
  END {
    print "| size | puzzles | median CPU ms | p90 CPU ms | worst CPU ms | worst seed | its nodes | its wall ms | not ok |"
    print "|--|--:|--:|--:|--:|--:|--:|--:|--|"
    for (i = 1; i <= nsize; i++) {
      z = order[i]; m = count[z]
      for (a = 1; a <= m; a++) v[a] = t[z, a] + 0
      for (a = 2; a <= m; a++) for (b = a; b > 1 && v[b - 1] > v[b]; b--) { x = v[b]; v[b] = v[b - 1]; v[b - 1] = x }
      med = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
      p90 = v[int (0.9 * (m - 1)) + 1]
      printf "| %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", z, m, ms(med), ms(p90), ms(worst[z]), wseed[z], wnodes[z], ms(wwall[z]), bad[z] == "" ? "-" : bad[z]
    }
  }' "$results" | tee "$out/worst.md"
