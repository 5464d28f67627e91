#!/bin/bash
# bench/strategies.sh — the faithful engine's try_solution strategies
# (--check=intersect, --check=fewest, --challenge) against its default, over
# many generated puzzles (issue 14, item 5; doc/performance.md, "The
# strategies of try_solution").
#
# For each size NxG of STRAT_SIZES and each seed, writes the puzzle
#   logigram-gen --items N --groups G --seed S        (a unique solution)
# once into STRAT_OUT/puzzles (kept between runs), then solves it with
# `logigram --engine=faithful --count --stats` and each strategy's options,
# under `timeout`, and measures the CPU time of the whole process (user +
# system: on a shared machine the wall time measures the neighbours).  It
# checks that every strategy counts the same solutions, and prints, per
# size and strategy, the puzzles, the median and the largest CPU time, and
# the worst ratio to the default on the same puzzle, with its seed.  A
# ratio compares times of at least STRAT_FLOOR seconds (a shorter run
# counts as the floor): below it, the start-up and the noise decide.
#
# Environment:
#   STRAT_SIZES="6x5 6x6"          the sizes
#   STRAT_SEEDS="$(seq 1 300)"     the seeds
#   STRAT_TIMEOUT=60               seconds for one solve ("timeout" then)
#   STRAT_CPU_LIMIT=               CPU seconds for the default's solve
#                                  (ulimit -t; a run stopped by it is a
#                                  "timeout" too): on a loaded machine at
#                                  nice 19 the wall time says little, set
#                                  both then.  A strategy gets the larger of
#                                  it and STRAT_RATIO_LIMIT times the
#                                  default's CPU time, so that its time-out
#                                  still bounds its ratio from below
#   STRAT_RATIO_LIMIT=3
#   STRAT_SKIP_UNFINISHED=         1: when the default does not finish, do
#                                  not run the strategies (status "skipped":
#                                  no ratio to the default can be measured)
#   STRAT_GEN_TIMEOUT=60           seconds for writing one puzzle
#   STRAT_FLOOR=0.05               seconds, see above
#   STRAT_OUT=bench/strategies     puzzles, results.tsv, strategies.md
#   LOGIGRAM, LOGIGRAM_GEN         the programs (default: src/)
# Output: the table on stdout (also STRAT_OUT/strategies.md); results.tsv
# has one line per run: size, seed, strategy, status, CPU seconds,
# solutions, candidates tried, permutation checks.  Exit status 1 when the
# strategies disagree on a number of solutions.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
sizes=${STRAT_SIZES:-6x5 6x6}
seeds=${STRAT_SEEDS:-$(seq 1 300)}
limit=${STRAT_TIMEOUT:-60}
cpu_limit=${STRAT_CPU_LIMIT:-}
ratio_limit=${STRAT_RATIO_LIMIT:-3}
skip_unfinished=${STRAT_SKIP_UNFINISHED:-}
gen_limit=${STRAT_GEN_TIMEOUT:-60}
floor=${STRAT_FLOOR:-0.05}
out=${STRAT_OUT:-bench/strategies}
LOGIGRAM=${LOGIGRAM:-$top/src/logigram}
LOGIGRAM_GEN=${LOGIGRAM_GEN:-$top/src/logigram-gen}
[ -x "$LOGIGRAM" ] && [ -x "$LOGIGRAM_GEN" ] ||
  { echo "strategies.sh: no $LOGIGRAM or $LOGIGRAM_GEN (make first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "strategies.sh: needs /usr/bin/time" >&2; exit 2; }
mkdir -p "$out/puzzles" || exit 2

# name and options of each strategy; the first is the reference
names=(default intersect fewest challenge fewest+challenge)
options=("" "--check=intersect" "--check=fewest" "--challenge"
  "--check=fewest --challenge")

results=$out/results.tsv
printf 'size\tseed\tstrategy\tstatus\tcpu\tsolutions\tcandidates\tchecks\n' \
  >"$results"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
disagree=0
for size in $sizes; do
  n=${size%x*} g=${size#*x}
  for s in $seeds; do
    f=$out/puzzles/${size}-s$s.lgm
    if [ ! -s "$f" ]; then
      if timeout "$gen_limit" "$LOGIGRAM_GEN" --items "$n" --groups "$g" \
        --seed "$s" --output "$f.tmp" 2>/dev/null; then
        mv -f "$f.tmp" "$f"
      else
        rm -f "$f.tmp"
        echo "# $size seed $s: not written within ${gen_limit}s" >&2
        continue
      fi
    fi
    reference=
    default_status=
    for i in "${!names[@]}"; do
      if [ -n "$skip_unfinished" ] && [ -n "$default_status" ] &&
        [ "$default_status" != ok ]; then
        printf '%s\t%s\t%s\tskipped\t0\t-\t-\t-\n' "$size" "$s" \
          "${names[$i]}" >>"$results"
        continue
      fi
      run_limit=$cpu_limit
      if [ -n "$cpu_limit" ] && [ -n "$default_status" ]; then
        run_limit=$(awk -v l="$cpu_limit" -v r="$ratio_limit" -v d="$default_cpu" \
          'BEGIN { x = r * d; x = x == int(x) ? x : int(x) + 1
                   print (x > l ? x : l) }')
      fi
      # shellcheck disable=SC2086
      (
        [ -n "$run_limit" ] && ulimit -S -t "$run_limit"
        exec timeout "$limit" /usr/bin/time -f '%U %S' -o "$tmp/time" \
          "$LOGIGRAM" --engine=faithful --count --stats ${options[$i]} "$f"
      ) >"$tmp/out" 2>"$tmp/err"
      rc=$?
      status=ok
      [ "$rc" = 124 ] && status=timeout
      # killed by the CPU limit: SIGXCPU (the soft limit) or SIGKILL
      [ -n "$cpu_limit" ] && { [ "$rc" = 152 ] || [ "$rc" = 137 ]; } &&
        grep -q '^Command terminated by signal \(24\|9\)$' "$tmp/time" &&
        status=timeout
      [ "$rc" != 0 ] && [ "$status" = ok ] && status=error
      cpu=$(awk 'NR == 1 && NF == 2 { printf "%.3f", $1 + $2 }' \
        "$tmp/time" 2>/dev/null)
      if [ "$status" = timeout ]; then
        cpu=$limit
        [ -n "$run_limit" ] && cpu=$run_limit
      fi
      if [ -z "$default_status" ]; then
        default_status=$status default_cpu=${cpu:-0}
      fi
      sols=$(head -n 1 "$tmp/out")
      cand=$(awk -F: '/^candidates tried/ { gsub(/ /, "", $2); print $2 }' \
        "$tmp/err")
      checks=$(awk -F: '/^permutation checks/ { gsub(/ /, "", $2); print $2 }' \
        "$tmp/err")
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$s" "${names[$i]}" \
        "$status" "${cpu:-0}" "${sols:--}" "${cand:--}" "${checks:--}" \
        >>"$results"
      if [ "$status" = ok ]; then
        if [ -z "$reference" ]; then
          reference=$sols
        elif [ "$sols" != "$reference" ]; then
          echo "strategies.sh: $f: ${names[$i]} counts $sols solutions," \
            "the default $reference" >&2
          disagree=1
        fi
      fi
    done
  done
done

# per size and strategy: puzzles, median and largest CPU, worst ratio
awk -F'\t' -v floor="$floor" '
  NR == 1 || $4 == "skipped" { next }
  {
    key = $1 SUBSEP $2
    t = $5 + 0
    if ($3 == "default") base[key] = t
    cpu[$1, $3, ++count[$1, $3]] = t
    if (!(($1, $3) in seen)) { seen[$1, $3] = 1; order[++n_keys] = $1 SUBSEP $3 }
    if ($4 == "timeout") timeouts[$1, $3]++
    run[NR] = $0
  }
  END {
    for (r in run) {
      split(run[r], f, "\t")
      key = f[1] SUBSEP f[2]
      if (!(key in base)) continue
      a = f[5] + 0; b = base[key]
      if (a < floor) a = floor
      if (b < floor) b = floor
      ratio = a / b
      k = f[1] SUBSEP f[3]
      if (!(k in worst) || ratio > worst[k]) { worst[k] = ratio; worst_seed[k] = f[2] }
    }
    print "| size | strategy | puzzles | median CPU s | largest CPU s | timeouts | worst ratio to the default | its seed |"
    print "|---|---|--:|--:|--:|--:|--:|--:|"
    for (i = 1; i <= n_keys; i++) {
      split(order[i], p, SUBSEP)
      c = count[p[1], p[2]]
      for (j = 1; j <= c; j++) v[j] = cpu[p[1], p[2], j]
      # insertion sort: a few hundred values
      for (j = 2; j <= c; j++) {
        x = v[j]
        for (k = j - 1; k >= 1 && v[k] > x; k--) v[k + 1] = v[k]
        v[k + 1] = x
      }
      printf "| %s | %s | %d | %.3f | %.3f | %d | %.2f | %s |\n", p[1], p[2], c,
        v[int((c + 1) / 2)], v[c], timeouts[p[1], p[2]] + 0,
        worst[order[i]], worst_seed[order[i]]
    }
  }' "$results" | tee "$out/strategies.md"
exit "$disagree"
