#!/bin/bash
# bench/run.sh — the benchmark of logigram (make bench runs it).
#
# Solves every problem with every solver found, checks that they all report
# the same number of distinct solutions, and prints one Markdown table:
# problem, solver, timed runs, median whole-process wall time, the ratio of
# that median to each peer's, peak memory (max RSS), the number of distinct
# solutions and logigram's --stats counters (tree solutions, candidates
# tried, permutation checks, nodes explored).
#
# Problems: the tutorial's (classic, small, jojo, big, classic --drop 1,
# classic with the house group last, both), data/einstein*.lgm,
# data/mini4.lgm, then every .lgm of the benchmark set: data/bench/, else
# bench/puzzles/ (bench/make-puzzles.sh writes one), or BENCH_SET.
# Solvers:
#   lg          logigram, the plain command (--engine=auto where it exists:
#               the faithful engine when it finishes in a tenth of a second)
#   lg-faithful logigram --engine=faithful     (when logigram has auto)
#   lg-fewest   logigram --check=fewest --challenge
#   lg-fast     logigram --engine=fast            (when logigram has engines)
#   clingo      clingo --project 0 on the --export=asp file  (when installed)
#   minizinc    minizinc --solver gecode -a on the --export=minizinc file
#                                                 (when installed with Gecode)
# The export itself is not timed.  A missing solver is skipped with a note.
#
# Each (problem, solver) is first run once under `timeout` and
# /usr/bin/time: the probe gives the solutions (logigram: --format csv
# --stats added), the peak RSS, and a time-out ("timeout" in the table,
# nothing more is run).  Then the timed runs: hyperfine (-N, one warm-up,
# --export-json) when installed, else a loop on bash's EPOCHREALTIME.  A
# slow solver gets fewer runs so that its runs stay within BENCH_BUDGET
# seconds (at least one: then the probe's time is the median).
#
# Environment (and options):
#   BENCH_RUNS=N       timed runs for each problem and solver (default 10)
#                      [--runs N]
#   BENCH_FILTER=RE    only the problems whose name matches the extended
#                      regular expression RE (default: all) [--filter RE]
#   BENCH_SOLVERS=L    comma-separated subset of lg,lg-faithful,lg-fewest,lg-fast,clingo,
#                      minizinc (default: all that are found) [--solvers L]
#   BENCH_TIMEOUT=S    time-out of one run, seconds (default 60)
#                      [--timeout S]
#   BENCH_BUDGET=S     time for the timed runs of one problem and solver,
#                      seconds (default 30) [--budget S]
#   BENCH_MAX_TIMEOUTS=K  after K time-outs in a row, a solver is skipped on
#                      the problems left ("skipped" in the table; they come
#                      in order of size); 0: never (default 3).  The
#                      faithful engine (lg-faithful, lg-fewest) is skipped on the
#                      puzzles of more than 10 items, which it refuses.
#   BENCH_SET=DIR      the benchmark set (default: LG_DATADIR/bench, else
#                      bench/puzzles beside this script); "none": no set
#                      [--set DIR]
#   BENCH_TUTORIAL=0   leave out the tutorial and Einstein problems
#   BENCH_HYPERFINE=0  time with the shell loop even when hyperfine is here
#   BENCH_NICE=N       run the solvers at niceness N (e.g. -15, as root: on a
#                      shared machine, fewer of the runs wait for a core)
#   BENCH_OUT=DIR      keeps results.tsv, table.md and the logs (default:
#                      bench/results under the current directory) [--out DIR]
#   LOGIGRAM, LG_DATADIR  the program and the data directory (defaults:
#                      src/logigram and data/ beside this script's parent)
# Output: the table on stdout (also BENCH_OUT/table.md); BENCH_OUT/results.tsv
# one line per (problem, solver) for other scripts (bench/sweep.sh).
# Columns: runs (timed), median ms, min ms, cpu ms (mean user + system time
# of the process and its children, hyperfine only), "x PEER" (this median
# / PEER's; "<r" when PEER timed out), max RSS MB (of the probe; MiniZinc:
# the largest of its processes), solutions (distinct; "!=" when it differs
# from most solvers), then logigram's counters.
#   bench/run.sh --table RESULTS.tsv   prints the table of an earlier run;
#   bench/run.sh --compact RESULTS.tsv a row per problem: each solver's
#                                      median ms, the fastest, the solutions.
# Exit status: 0, or 1 when solvers disagree on a number of solutions or a
# solver fails (a time-out is not a failure), 2 bad usage.
set -u
# ---- Agreement and the table ---------------------------------------------------
# One Markdown table; a row per (problem, solver); "x PEER" = this median /
# PEER's median; "!=" marks a number of solutions that disagrees with the
# others (exit status 1).
print_table () {
awk -F'\t' '
  function fmt_ms(s) { return s < 0.1 ? sprintf ("%.2f", s * 1000) : sprintf ("%.0f", s * 1000) }
  function fmt_ratio(r) { return r >= 10 ? sprintf ("%.0f", r) : r >= 1 ? sprintf ("%.1f", r) : r >= 0.01 ? sprintf ("%.2f", r) : sprintf ("%.4f", r) }
  function fmt_mb(kb) { return kb == "" ? "-" : sprintf ("%.1f", kb / 1024) }
  function dash(x) { return x == "" ? "-" : x }
  NR == 1 { next }
  {
    if (!($1 in seen)) { seen[$1] = 1; order[++np] = $1 }
    if (!($2 in seens)) { seens[$2] = 1; s[++ns] = $2 }
    k = $1 SUBSEP $2
    st[k] = $3; nr[k] = $4; med[k] = $5; rss[k] = $6; cnt[k] = $7
    ts[k] = $8; ca[k] = $9; ch[k] = $10; no[k] = $11; mi[k] = $12; cp[k] = $13
  }
  END {
    head = "| problem | solver | runs | median ms | min ms | cpu ms |"
    rule = "|---|---|--:|--:|--:|--:|"
    for (j = 1; j <= ns; j++) { head = head " x " s[j] " |"; rule = rule "--:|" }
    print head " max RSS MB | solutions | tree solutions | candidates | checks | nodes |"
    print rule "--:|--:|--:|--:|--:|--:|"
    bad = 0
    for (i = 1; i <= np; i++) {
      p = order[i]
      # the number most solvers agree on
      split ("", votes); best = ""
      for (j = 1; j <= ns; j++) {
        k = p SUBSEP s[j]
        if (st[k] == "ok") { votes[cnt[k]]++; if (best == "" || votes[cnt[k]] > votes[best]) best = cnt[k] }
      }
      for (j = 1; j <= ns; j++) {
        k = p SUBSEP s[j]
        if (!(k in st)) continue
        if (st[k] != "ok") {
          line = "| " p " | " s[j] " | - | " (st[k] == "timeout" ? "timeout (>" med[k] " s)" : st[k]) " | - | - |"
          for (m = 1; m <= ns; m++) line = line " - |"
          print line " " fmt_mb(rss[k]) " | - | - | - | - | - |"
          continue
        }
        line = "| " p " | " s[j] " | " nr[k] " | " fmt_ms(med[k]) " | " fmt_ms(mi[k]) " | " (cp[k] == "" ? "-" : fmt_ms(cp[k])) " |"
        for (m = 1; m <= ns; m++) {
          q = p SUBSEP s[m]
          if (m == j) line = line " 1 |"
          else if (st[q] == "ok" && med[q] > 0) line = line " " fmt_ratio(med[k] / med[q]) " |"
          else if (st[q] == "timeout") line = line " <" fmt_ratio(med[k] / med[q]) " |"
          else line = line " - |"
        }
        c = cnt[k]
        if (c != best) { c = c " !=" ; bad = 1 }
        print line " " fmt_mb(rss[k]) " | " c " | " dash(ts[k]) " | " dash(ca[k]) " | " dash(ch[k]) " | " dash(no[k]) " |"
      }
    }
    exit bad
  }' "$1"
}

# print_compact RESULTS: one row per problem, the median ms of each solver
# ("timeout", "skipped"), the fastest solver, the distinct solutions.
print_compact () {
awk -F'\t' '
  function fmt_ms(s) { return s < 0.1 ? sprintf ("%.2f", s * 1000) : sprintf ("%.0f", s * 1000) }
  NR == 1 { next }
  {
    if (!($1 in seen)) { seen[$1] = 1; order[++np] = $1 }
    if (!($2 in seens)) { seens[$2] = 1; s[++ns] = $2 }
    k = $1 SUBSEP $2; st[k] = $3; med[k] = $5; cnt[k] = $7
  }
  END {
    head = "| problem |"; rule = "|---|"
    for (j = 1; j <= ns; j++) { head = head " " s[j] " ms |"; rule = rule "--:|" }
    print head " fastest | solutions |"; print rule "---|--:|"
    for (i = 1; i <= np; i++) {
      p = order[i]; line = "| " p " |"; best = ""; c = ""
      for (j = 1; j <= ns; j++) {
        k = p SUBSEP s[j]
        if (!(k in st)) { line = line " - |"; continue }
        if (st[k] == "ok") {
          line = line " " fmt_ms(med[k]) " |"
          if (best == "" || med[k] < med[p SUBSEP best]) best = s[j]
          if (c == "") c = cnt[k]; else if (c != cnt[k]) c = c " !="
        } else if (st[k] == "timeout") line = line " timeout |"
        else line = line " " st[k] " |"
      }
      print line " " (best == "" ? "-" : best) " | " (c == "" ? "-" : c) " |"
    }
  }' "$1"
}

# The body is one function, read whole before it runs: editing this file
# during a run does not disturb it.
main () {
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)

runs=${BENCH_RUNS:-10}
filter=${BENCH_FILTER:-}
solvers_wanted=${BENCH_SOLVERS:-}
limit=${BENCH_TIMEOUT:-60}
budget=${BENCH_BUDGET:-30}
set_dir=${BENCH_SET:-}
tutorial=${BENCH_TUTORIAL:-1}
out=${BENCH_OUT:-bench/results}
LOGIGRAM=${LOGIGRAM:-$top/src/logigram}
LG_DATADIR=${LG_DATADIR:-$top/data}

usage () {
  sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=${2:?}; shift ;;
    --filter) filter=${2?}; shift ;;
    --solvers) solvers_wanted=${2?}; shift ;;
    --timeout) limit=${2:?}; shift ;;
    --budget) budget=${2:?}; shift ;;
    --set) set_dir=${2:?}; shift ;;
    --out) out=${2:?}; shift ;;
    --table) print_table "${2:?}"; return ;;
    --compact) print_compact "${2:?}"; return ;;
    -h | --help) usage ;;
    *) echo "bench/run.sh: unknown argument '$1'" >&2; usage ;;
  esac
  shift
done
case $runs in '' | *[!0-9]* | 0) echo "bench/run.sh: BENCH_RUNS must be a positive integer" >&2; exit 2 ;; esac
case $limit in '' | *[!0-9]* | 0) echo "bench/run.sh: BENCH_TIMEOUT must be a positive integer" >&2; exit 2 ;; esac
case $budget in '' | *[!0-9.]*) echo "bench/run.sh: BENCH_BUDGET must be a number" >&2; exit 2 ;; esac

note () { echo "# $*" >&2; }

if ! [ -x "$LOGIGRAM" ]; then
  echo "bench/run.sh: no logigram program at $LOGIGRAM (make first)" >&2
  exit 2
fi
mkdir -p "$out/logs" || exit 2
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---- Tools -------------------------------------------------------------------
have_hyperfine=false
if [ "${BENCH_HYPERFINE:-1}" = 0 ]; then
  note "BENCH_HYPERFINE=0: timing with a shell loop (EPOCHREALTIME)"
elif command -v hyperfine >/dev/null 2>&1; then
  have_hyperfine=true
else
  note "hyperfine is not installed: timing with a shell loop (EPOCHREALTIME)"
fi
time_prog=
if [ -x /usr/bin/time ] && /usr/bin/time -f '%M' -o "$work/t" true 2>/dev/null; then
  time_prog=/usr/bin/time
else
  note "GNU time (/usr/bin/time) is not installed: no peak memory"
fi
nice_prog=()
if [ -n "${BENCH_NICE:-}" ]; then
  if nice -n "$BENCH_NICE" true 2>/dev/null && [ "$(nice -n "$BENCH_NICE" nice 2>/dev/null)" = "$(( $(nice) + BENCH_NICE ))" ]; then
    nice_prog=(nice -n "$BENCH_NICE")
    note "solvers run at niceness $(nice -n "$BENCH_NICE" nice)"
  else
    note "BENCH_NICE=$BENCH_NICE: not allowed here, ignored"
  fi
fi
timeout_prog=()
if command -v timeout >/dev/null 2>&1; then
  timeout_prog=(timeout -k 5 "$limit")
else
  note "timeout (coreutils) is not installed: no time-out"
fi

# ---- Solvers -----------------------------------------------------------------
help_text=$("$LOGIGRAM" --help 2>&1)
solvers=(lg)
if grep -q -- 'auto' <<<"$help_text" && grep -q -- '--engine' <<<"$help_text"; then
  solvers+=(lg-faithful)
fi
if grep -q -- '--check=' <<<"$help_text" && grep -q -- '--challenge' <<<"$help_text"; then
  solvers+=(lg-fewest)
else
  note "SKIP lg-fewest: this logigram has no --check/--challenge"
fi
if grep -q -- '--engine' <<<"$help_text"; then
  solvers+=(lg-fast)
else
  note "SKIP lg-fast: this logigram has no --engine (the fast engine is not built)"
fi
if command -v clingo >/dev/null 2>&1; then
  solvers+=(clingo)
else
  note "SKIP clingo: not installed (Debian: gringo)"
fi
if command -v minizinc >/dev/null 2>&1 &&
  minizinc --solvers 2>/dev/null | grep -qi gecode; then
  solvers+=(minizinc)
else
  note "SKIP minizinc: MiniZinc with Gecode is not installed (Debian: minizinc, flatzinc)"
fi
if [ -n "$solvers_wanted" ]; then
  kept=()
  for s in "${solvers[@]}"; do
    case ",$solvers_wanted," in *",$s,"*) kept+=("$s") ;; esac
  done
  solvers=("${kept[@]}")
  [ ${#solvers[@]} -gt 0 ] || { echo "bench/run.sh: none of '$solvers_wanted' is available" >&2; exit 2; }
fi

# ---- Problems: NAME <tab> logigram arguments ----------------------------------
problems=()
house_last=--order=nationality,animal,drink,cigarette,color,house
d=$LG_DATADIR
if [ "$tutorial" != 0 ]; then
  problems+=(
    "classic	$d/classic.lgm"
    "small	$d/small.lgm"
    "jojo	$d/jojo.lgm"
    "big	$d/big.lgm"
    "drop-1	--drop=1 $d/classic.lgm"
    "house-last	$house_last $d/classic.lgm"
    "drop-1-house-last	--drop=1 $house_last $d/classic.lgm"
  )
  for f in "$d"/einstein*.lgm "$d"/mini4.lgm; do
    [ -f "$f" ] && problems+=("$(basename "$f" .lgm)	$f")
  done
fi
if [ -z "$set_dir" ]; then
  if compgen -G "$d/bench/*.lgm" >/dev/null; then set_dir=$d/bench; else set_dir=$here/puzzles; fi
fi
if [ "$set_dir" != none ]; then
  if compgen -G "$set_dir/*.lgm" >/dev/null; then
    note "benchmark set: $set_dir"
    # in natural order: s2 before s10
    while IFS= read -r f; do
      problems+=("bench/$(basename "$f" .lgm)	$f")
    done < <(printf '%s\n' "$set_dir"/*.lgm | sort -V)
  else
    note "no benchmark set (no .lgm in $set_dir)"
  fi
fi
if [ -n "$filter" ]; then
  kept=()
  for p in "${problems[@]}"; do
    grep -Eq -- "$filter" <<<"${p%%	*}" && kept+=("$p")
  done
  problems=("${kept[@]}")
fi
[ ${#problems[@]} -gt 0 ] || { echo "bench/run.sh: no problem matches '$filter'" >&2; exit 2; }
note "${#problems[@]} problems x ${#solvers[@]} solvers (${solvers[*]}), $runs runs, time-out ${limit}s"

# ---- Helpers -----------------------------------------------------------------
# dimension_of ARGS: the items of the first group when ARGS ends with a
# .lgm file (its first declaration's commas), else 0.
dimension_of () {
  case $1 in
    *.lgm) awk '/^(atomic|ordered|numeric) / { sub (/#.*/, ""); print gsub (/,/, ",") + 1; exit }' "${1##* }" ;;
    *) echo 0 ;;
  esac
}
# count_stream KIND LOG: reads a solver's output on stdin, keeps its first
# 200 lines in LOG (outputs can be huge), and prints the number of distinct
# solutions, or nothing when the output does not give it (a search not
# complete).  KIND: lg (logigram's CSV: the faithful engine may print a
# solution twice; at most 100000 distinct ones are told apart, beyond that
# the number printed is a lower bound with a "+"), clingo (its "Models :"
# line, projected), minizinc (one "----------" per solution, then
# "==========" once all are found, or "=====UNSATISFIABLE=====").
count_stream () {
  awk -v kind="$1" -v logf="$2" '
    NR <= 200 { print > logf }
    kind == "lg" {
      if (NR == 1) next
      n = $0; sub (/,.*/, "", n); row = $0; sub (/^[^,]*,/, "", row)
      if (n != cur) { flush(); cur = n; key = "" }
      key = key row ";"
      next
    }
    kind == "clingo" && /^Models *: *[0-9]+/ { models = $0; sub (/^Models *: */, "", models) }
    kind == "minizinc" && $0 == "----------" { seps++ }
    kind == "minizinc" && $0 == "==========" { complete = 1 }
    kind == "minizinc" && $0 == "=====UNSATISFIABLE=====" { complete = 1; seps = 0 }
    function flush() {
      if (key == "") return
      if (!(key in seen)) {
        if (distinct < 100000) { seen[key] = 1; distinct++ } else over = 1
      }
    }
    END {
      if (kind == "lg") { flush(); print (distinct + 0) (over ? "+" : "") }
      else if (kind == "clingo") { if (models != "") print models }
      else if (complete) print seps + 0
    }'
}
# stat FILE LABEL: one counter of logigram --stats.
stat () {
  sed -n "s/^$2: *\([0-9][0-9]*\)\$/\1/p" "$1" | head -1
}
# seconds_to_ms X
ms () { awk -v x="$1" 'BEGIN { printf "%.3f", x * 1000 }'; }

# The command line of SOLVER on a problem (ARGS: logigram's arguments); the
# export files are written here, untimed.  Sets cmd (an array); returns 1
# when the export fails (its message in $work/export.err).
solver_cmd () {
  local solver=$1 args=$2 key=$3
  # shellcheck disable=SC2206
  local a=($args)
  case $solver in
    lg) cmd=("$LOGIGRAM" "${a[@]}") ;;
    lg-faithful) cmd=("$LOGIGRAM" --engine=faithful "${a[@]}") ;;
    lg-fewest) cmd=("$LOGIGRAM" --check=fewest --challenge "${a[@]}") ;;
    lg-fast) cmd=("$LOGIGRAM" --engine=fast "${a[@]}") ;;
    clingo)
      "$LOGIGRAM" --export=asp "${a[@]}" >"$work/$key.lp" 2>"$work/export.err" || return 1
      cmd=(clingo --project 0 "$work/$key.lp") ;;
    minizinc)
      "$LOGIGRAM" --export=minizinc "${a[@]}" >"$work/$key.mzn" 2>"$work/export.err" || return 1
      cmd=(minizinc --solver gecode -a "$work/$key.mzn") ;;
  esac
  return 0
}

# The timed runs of cmd: sets median, fastest and cpu (mean user + system
# time, with hyperfine only), in seconds, and n_runs.
time_runs () {
  local n=$1 log=$2
  n_runs=$n
  if $have_hyperfine; then
    local line warm=0
    [ "$n" -ge 3 ] && warm=1
    line=$(printf '%q ' "${cmd[@]}")
    if "${nice_prog[@]}" hyperfine -N -i --style basic --runs "$n" --warmup "$warm" \
      --export-json "$log.json" "$line" >"$log.hyperfine" 2>&1; then
      median=$(sed -n 's/^ *"median": *\([0-9.eE+-]*\),*$/\1/p' "$log.json" | head -1)
      fastest=$(sed -n 's/^ *"min": *\([0-9.eE+-]*\),*$/\1/p' "$log.json" | head -1)
      cpu=$(sed -n 's/^ *"\(user\|system\)": *\([0-9.eE+-]*\),*$/\2/p' "$log.json" |
        head -2 | awk '{ s += $1 } END { if (NR == 2) printf "%.6f", s }')
      [ -n "$median" ] && return 0
    fi
    note "hyperfine failed (see $log.hyperfine): timing with the shell loop"
  fi
  local i t0 t1
  : >"$log.times"
  for ((i = 0; i < n; i++)); do
    t0=$EPOCHREALTIME
    "${nice_prog[@]}" "${cmd[@]}" >/dev/null 2>&1 </dev/null
    t1=$EPOCHREALTIME
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >>"$log.times"
  done
  fastest=$(LC_ALL=C sort -g "$log.times" | head -1)
  median=$(LC_ALL=C sort -g "$log.times" |
    awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
}

# ---- The runs ----------------------------------------------------------------
results=$out/results.tsv
printf 'problem\tsolver\tstatus\truns\tmedian_s\trss_kb\tsolutions\ttree_solutions\tcandidates\tchecks\tnodes\tmin_s\tcpu_s\n' >"$results"
status=0
i_problem=0
max_timeouts=${BENCH_MAX_TIMEOUTS:-3}
declare -A timeouts_in_a_row=()
for p in "${problems[@]}"; do
  name=${p%%	*} args=${p#*	}
  i_problem=$((i_problem + 1))
  key=$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_')
  for solver in "${solvers[@]}"; do
    log=$out/logs/$key.$solver
    printf '# [%d/%d] %-28s %-10s' "$i_problem" "${#problems[@]}" "$name" "$solver" >&2
    row_status=ok n_runs=0 median='' fastest='' cpu='' rss='' count='' tsol='' cand='' checks='' nodes=''
    if [ "$max_timeouts" -gt 0 ] && [ "${timeouts_in_a_row[$solver]:-0}" -ge "$max_timeouts" ]; then
      printf ' skipped (%d time-outs in a row)\n' "$max_timeouts" >&2
      printf '%s\t%s\tskipped\t0\t\t\t\t\t\t\t\t\t\n' "$name" "$solver" >>"$results"
      continue
    fi
    # the faithful engine takes at most 10 items per group
    case $solver in
      lg-faithful | lg-fewest)
        if [ "$(dimension_of "$args")" -gt 10 ]; then
          printf ' skipped (over 10 items: the fast engine only)\n' >&2
          printf '%s\t%s\tskipped\t0\t\t\t\t\t\t\t\t\t\n' "$name" "$solver" >>"$results"
          continue
        fi ;;
    esac
    if ! solver_cmd "$solver" "$args" "$key"; then
      row_status=no-export
      cp "$work/export.err" "$log.export.err"
      printf ' export refused: %s\n' "$(head -1 "$work/export.err")" >&2
      printf '%s\t%s\t%s\t0\t\t\t\t\t\t\t\t\t\n' "$name" "$solver" "$row_status" >>"$results"
      continue
    fi
    # the probe: solutions, counters, peak RSS, time-out
    probe=("${cmd[@]}")
    case $solver in lg*) probe+=(--format=csv --stats) ;; esac
    kind=${solver%%-*}
    t_start=$EPOCHREALTIME
    if [ -n "$time_prog" ]; then
      "${nice_prog[@]}" "$time_prog" -f '%e %M' -o "$log.time" "${timeout_prog[@]}" "${probe[@]}" \
        2>"$log.err" </dev/null | count_stream "$kind" "$log.out" >"$work/count"
    else
      "${nice_prog[@]}" "${timeout_prog[@]}" "${probe[@]}" 2>"$log.err" </dev/null |
        count_stream "$kind" "$log.out" >"$work/count"
    fi
    rc=${PIPESTATUS[0]}
    t_probe=$(awk -v a="$t_start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f", b - a }')
    count=$(cat "$work/count")
    [ -n "$time_prog" ] && rss=$(tail -1 "$log.time" | awk '{ print $2 }')
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      row_status=timeout count='' median=$limit
      timeouts_in_a_row[$solver]=$(( ${timeouts_in_a_row[$solver]:-0} + 1 ))
    else
      case $solver in
        lg*)
          [ "$rc" -eq 0 ] || row_status=error
          tsol=$(stat "$log.err" 'tree solutions')
          cand=$(stat "$log.err" 'candidates tried')
          checks=$(stat "$log.err" 'permutation checks')
          nodes=$(stat "$log.err" 'nodes explored') ;;
        clingo)
          # 10 satisfiable, 20 unsatisfiable, +20 when the search is complete
          case $rc in 10 | 20 | 30) ;; *) row_status=error ;; esac ;;
        minizinc)
          [ "$rc" -eq 0 ] || row_status=error ;;
      esac
      [ -n "$count" ] || row_status=error # no count: the search did not end
    fi
    if [ "$row_status" = ok ]; then
      timeouts_in_a_row[$solver]=0
      # as many timed runs as fit in the budget, at least one
      n=$(awk -v r="$runs" -v b="$budget" -v t="$t_probe" \
        'BEGIN { n = (t > 0) ? int (b / t) : r; if (n > r) n = r; if (n < 1) n = 1; print n }')
      if [ "$n" -eq 1 ] && [ "$runs" -gt 1 ]; then
        median=$t_probe fastest=$t_probe n_runs=1 # the probe was the one run
      else
        time_runs "$n" "$log"
      fi
      printf ' %10s ms  %s solutions\n' "$(ms "$median")" "$count" >&2
    else
      printf ' %s\n' "$row_status" >&2
      [ "$row_status" = error ] && { status=1; sed 's/^/#   /' "$log.err" | head -5 >&2; }
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$solver" \
      "$row_status" "$n_runs" "$median" "$rss" "$count" "$tsol" "$cand" \
      "$checks" "$nodes" "$fastest" "$cpu" >>"$results"
  done
done

print_table "$results" >"$out/table.md"
agree=$?
cat "$out/table.md"
if [ "$agree" -ne 0 ]; then
  echo "bench/run.sh: the solvers disagree on the number of solutions (rows marked !=)" >&2
  status=1
fi
note "results: $out/results.tsv, $out/table.md; logs in $out/logs"
return $status
}

main "$@"; exit $?
