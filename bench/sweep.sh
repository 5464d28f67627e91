#!/bin/bash
# bench/sweep.sh — how time and memory grow with the number of items N and
# of groups G, for every solver of bench/run.sh (make bench-sweep runs it).
#
# Writes seeded puzzles with logigram-gen (a unique solution each): N = 4..9
# items at G = 4 groups, and G = 3..8 groups at N = 5 items, SWEEP_SEEDS
# seeds each; then runs bench/run.sh on them (BENCH_* variables apply, the
# tutorial problems left out) and prints two Markdown tables, one per sweep:
# for each size and solver, the median over the seeds of the median time,
# and the largest peak RSS; "timeout" when a solver timed out on every seed,
# "k/s timeout" when on k of s seeds (the median then counts them as the
# time-out).
#
# Environment:
#   SWEEP_SEEDS="1 2 3"    the seeds
#   SWEEP_N="4 5 6 7 8 9"  the item counts at G = SWEEP_G_FIXED (4)
#   SWEEP_G="3 4 5 6 7 8"  the group counts at N = SWEEP_N_FIXED (5)
#   SWEEP_GEN_TIMEOUT=600  seconds for writing one puzzle
#   SWEEP_OUT=bench/sweep  puzzles (kept between runs: written once),
#                          the results of bench/run.sh, the tables
#   LOGIGRAM_GEN           the generator (default src/logigram-gen)
#   SWEEP_SUMMARY_ONLY=1   only print the tables of the last run again
# Defaults of bench/run.sh changed here: BENCH_RUNS=5, BENCH_TIMEOUT=30,
# BENCH_MAX_TIMEOUTS=0 (every puzzle is tried: they do not come in order of
# difficulty).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
seeds=${SWEEP_SEEDS:-1 2 3}
sweep_n=${SWEEP_N:-4 5 6 7 8 9}
sweep_g=${SWEEP_G:-3 4 5 6 7 8}
g_fixed=${SWEEP_G_FIXED:-4}
n_fixed=${SWEEP_N_FIXED:-5}
gen_limit=${SWEEP_GEN_TIMEOUT:-600}
out=${SWEEP_OUT:-bench/sweep}
LOGIGRAM_GEN=${LOGIGRAM_GEN:-$top/src/logigram-gen}
export BENCH_RUNS=${BENCH_RUNS:-5} BENCH_TIMEOUT=${BENCH_TIMEOUT:-30} \
  BENCH_MAX_TIMEOUTS=${BENCH_MAX_TIMEOUTS:-0}

[ -x "$LOGIGRAM_GEN" ] || { echo "sweep.sh: no $LOGIGRAM_GEN (make first)" >&2; exit 2; }
mkdir -p "$out/puzzles" || exit 2
out=$(cd "$out" && pwd)

# the sizes, each once
sizes=()
for n in $sweep_n; do sizes+=("$n $g_fixed"); done
for g in $sweep_g; do
  [ "$g" = "$g_fixed" ] && [[ " $sweep_n " == *" $n_fixed "* ]] && continue
  sizes+=("$n_fixed $g")
done

[ "${SWEEP_SUMMARY_ONLY:-0}" = 0 ] || sizes=()
for size in "${sizes[@]}"; do
  read -r n g <<<"$size"
  for s in $seeds; do
    f=$out/puzzles/n${n}g${g}s$s.lgm
    [ -s "$f" ] && continue
    start=$EPOCHREALTIME
    if timeout "$gen_limit" "$LOGIGRAM_GEN" --items "$n" --groups "$g" \
      --seed "$s" --output "$f.tmp" 2>"$out/gen.err"; then
      mv -f "$f.tmp" "$f"
      echo "# wrote $(basename "$f") in $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s" >&2
    else
      rm -f "$f.tmp"
      echo "# could not write $(basename "$f") within ${gen_limit}s: left out" >&2
    fi
  done
done

status=0
if [ "${SWEEP_SUMMARY_ONLY:-0}" = 0 ]; then
  BENCH_SET=$out/puzzles BENCH_TUTORIAL=0 BENCH_OUT=$out/run \
    "$here/run.sh" >/dev/null
  status=$?
fi

# results.tsv: problem solver status runs median_s rss_kb ...
summarise () { # TITLE VARYING(n|g) FIXED_VALUE
  awk -F'\t' -v title="$1" -v vary="$2" -v fixed="$3" -v limit="$BENCH_TIMEOUT" '
    function median(list,   a, m, i, j, t) {
      m = split (list, a, " ")
      for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    function fmt(s) { return s < 0.1 ? sprintf ("%.2f", s * 1000) : sprintf ("%.0f", s * 1000) }
    NR == 1 { next }
    {
      if (!match ($1, /n[0-9]+g[0-9]+s/)) next
      split (substr ($1, RSTART + 1, RLENGTH - 2), ng, "g")
      n = ng[1]; g = ng[2]
      if (vary == "n" && g != fixed) next
      if (vary == "g" && n != fixed) next
      x = vary == "n" ? n : g
      if (!(x in seenx)) { seenx[x] = 1; xs[++nx] = x }
      if (!($2 in seens)) { seens[$2] = 1; ss[++nsv] = $2 }
      k = x SUBSEP $2
      seeds[k]++
      if ($3 == "timeout") { tout[k]++; t = limit } else if ($3 == "ok") t = $5; else { err[k]++; next }
      times[k] = times[k] " " t
      if ($6 + 0 > rss[k]) rss[k] = $6 + 0
    }
    END {
      print "#### " title
      print ""
      head = "| " vary " | puzzles |"; rule = "|--:|--:|"
      for (j = 1; j <= nsv; j++) { head = head " " ss[j] " ms (MB) |"; rule = rule "--:|" }
      print head; print rule
      # sizes in numeric order
      for (i = 2; i <= nx; i++) for (j = i; j > 1 && xs[j - 1] + 0 > xs[j] + 0; j--) { t = xs[j]; xs[j] = xs[j - 1]; xs[j - 1] = t }
      for (i = 1; i <= nx; i++) {
        np = 0
        for (j = 1; j <= nsv; j++) if (((xs[i], ss[j]) in seeds) && seeds[xs[i], ss[j]] > np) np = seeds[xs[i], ss[j]]
        line = "| " xs[i] " | " np " |"
        for (j = 1; j <= nsv; j++) {
          k = xs[i] SUBSEP ss[j]
          if (!(k in seeds)) cell = "-"
          else if (tout[k] == seeds[k]) cell = "timeout"
          else if (times[k] == "") cell = "error"
          else {
            cell = fmt(median(times[k])) " (" sprintf ("%.1f", rss[k] / 1024) ")"
            if (tout[k]) cell = cell ", " tout[k] "/" seeds[k] " timeout"
            if (err[k]) cell = cell ", " err[k] " error"
          }
          line = line " " cell " |"
        }
        print line
      }
      print ""
    }' "$out/run/results.tsv"
}
{
  summarise "N items at G = $g_fixed groups (seeds ${seeds// /, }: median time, largest RSS; time-out ${BENCH_TIMEOUT}s)" n "$g_fixed"
  summarise "G groups at N = $n_fixed items (seeds ${seeds// /, }: median time, largest RSS; time-out ${BENCH_TIMEOUT}s)" g "$n_fixed"
} | tee "$out/sweep.md"
echo "# tables: $out/sweep.md; every run: $out/run/table.md" >&2
exit $status
