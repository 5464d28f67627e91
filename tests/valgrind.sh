#!/bin/bash
# valgrind.sh — memcheck over the Check suites and a selection of command
# lines: every data/ file with both engines, each view, the DOT picture,
# each export, both diagnostics, the formats, the tutorial's exercises,
# logigram-gen, the standard input, a write error, a refused input and a
# time limit.  Not part of make check (it takes minutes): `make valgrind`
# runs it, and .ci/run on a build configured with --enable-static-link=no
# (memcheck cannot replace malloc in a static program: it would report
# thousands of false errors, so this script refuses one).
#
# A run passes when it exits with its own expected status and memcheck
# found no error (invalid access, use of uninitialised values, a definite
# leak): memcheck's errors make it exit with LG_VALGRIND_STATUS, 99, apart
# from any status of the programs.  The Check suites run with CK_FORK=no,
# in valgrind's process.  VALGRIND_JOBS runs (default 2) go at once.  The
# end is make check's summary, "# PASS: N" and "# FAIL: N", which .ci/run
# counts.  Environment (as make check sets it): LOGIGRAM, LOGIGRAM_GEN,
# LG_DATADIR, LG_TESTDIR, top_builddir.
. "${LG_TESTDIR:-tests}/lib.sh"
LOGIGRAM_GEN=${LOGIGRAM_GEN:-src/logigram-gen}
top_builddir=${top_builddir:-.}
jobs=${VALGRIND_JOBS:-2}
LG_VALGRIND_STATUS=99

summary () {
  echo "# PASS: $passed"
  echo "# FAIL: $failed"
}

if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind.sh: valgrind is not installed (Debian: apt-get install valgrind)"
  exit 77
fi
for program in "$LOGIGRAM" "$LOGIGRAM_GEN"; do
  if ! ldd "$program" >/dev/null 2>&1; then
    fail "$program is linked statically: memcheck cannot check it; configure with --enable-static-link=no"
    summary
    exit 1
  fi
done

vg=(valgrind -q --error-exitcode=$LG_VALGRIND_STATUS --leak-check=full
    --errors-for-leak-kinds=definite --show-leak-kinds=definite
    --num-callers=30)

# check_run N NAME STATUS [<IN] [>OUT] COMMAND...: runs COMMAND under
# memcheck, its standard input IN (default /dev/null) and output OUT; the
# verdict goes to $tmp/result.N.
check_run () {
  local n=$1 name=$2 want=$3 in=/dev/null out=$tmp/out.$1
  shift 3
  case $1 in "<"*) in=${1#<}; shift ;; esac
  case $1 in ">"*) out=${1#>}; shift ;; esac
  local log=$tmp/vg.$n
  CK_FORK=no "${vg[@]}" --log-file="$log" "$@" \
    >"$out" 2>"$tmp/err.$n" <"$in"
  local got=$?
  {
    if [ "$got" -eq "$LG_VALGRIND_STATUS" ]; then
      echo "FAIL - $name: memcheck found errors"
      head -40 "$log" | sed 's/^/#   /'
    elif [ "$got" -ne "$want" ]; then
      echo "FAIL - $name: exit status $got, expected $want"
      head -5 "$tmp/err.$n" | sed 's/^/#   /'
    else
      echo "ok - $name"
    fi
  } >"$tmp/result.$n"
}

# job NAME STATUS COMMAND...: check_run in the background, at most $jobs
# at once.
n_jobs=0
job () {
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
    wait -n
  done
  n_jobs=$((n_jobs + 1))
  check_run "$n_jobs" "$@" &
}

# ---- The Check suites ---------------------------------------------------------
for suite in "$top_builddir"/tests/check_*; do
  case $suite in *.[cho] | *.log | *.trs) continue ;; esac
  [ -x "$suite" ] || continue
  job "${suite##*/}" 0 "$suite"
done

# ---- The command lines --------------------------------------------------------
for file in "$LG_DATADIR"/*.lgm; do
  job "logigram ${file##*/}" 0 "$LOGIGRAM" "$file"
  job "logigram --engine=fast ${file##*/}" 0 "$LOGIGRAM" --engine=fast "$file"
done
for view in permutations groups masks tree; do
  job "logigram --show $view" 0 "$LOGIGRAM" --show "$view"
done
job "logigram --show masks --trace small" 0 "$LOGIGRAM" --show masks --trace \
  --problem small
job "logigram --dot" 0 "$LOGIGRAM" --dot
for format in asp minizinc; do
  job "logigram --export $format einstein" 0 "$LOGIGRAM" --export "$format" \
    "$LG_DATADIR/einstein.lgm"
done
job "logigram --redundant" 0 "$LOGIGRAM" --redundant
job "logigram --why-none einstein-cat-not-water" 0 "$LOGIGRAM" --why-none \
  "$LG_DATADIR/einstein-cat-not-water.lgm"
for format in json csv; do
  job "logigram --format $format --drop 1" 0 "$LOGIGRAM" --format "$format" \
    --drop 1
done
job "logigram --count --max-solutions 2 --stats" 0 "$LOGIGRAM" --count \
  --max-solutions 2 --stats
job "logigram --challenge --check=intersect" 0 "$LOGIGRAM" --challenge \
  --check=intersect
job "logigram --check=fewest --order" 0 "$LOGIGRAM" --check=fewest \
  --order nationality,animal,drink,cigarette,color,house
job "logigram-gen --minimise --answer" 0 "$LOGIGRAM_GEN" --items 4 \
  --groups 4 --seed 1 --minimise --answer
job "logigram-gen --contradict --engine faithful" 0 "$LOGIGRAM_GEN" \
  --items 3 --groups 4 --seed 2 --contradict --engine faithful
# explanations stopped part way (the grade known) and freed
job "logigram-gen --difficulty easy" 0 "$LOGIGRAM_GEN" --items 5 \
  --groups 5 --seed 2 --difficulty easy --verbose
job "logigram - (stdin)" 0 "<$LG_DATADIR/einstein.lgm" "$LOGIGRAM" -
job "logigram > /dev/full (write error)" 1 ">/dev/full" "$LOGIGRAM"
job "logigram --memory-limit 1M /dev/zero (refused)" 1 "$LOGIGRAM" \
  --memory-limit 1M /dev/zero
job "logigram --time-limit 1 --engine=faithful (stopped)" 3 "$LOGIGRAM" \
  --time-limit 1 --engine=faithful "$LG_TESTDIR/input/slow-faithful-6x6.lgm"
printf 'atomic a: 1, 2, 3, 4, 5, 6, 7, 8\natomic b: 1, 2, 3, 4, 5, 6, 7, 8\natomic c: 1, 2, 3, 4, 5, 6, 7, 8\n' \
  >"$tmp/endless.lgm" # 8!^2 solutions
job "logigram --time-limit 1 --engine=fast (stopped)" 3 "$LOGIGRAM" \
  --time-limit 1 --engine=fast --count "$tmp/endless.lgm"
# large constraint groups: rules on partial assignments, the lazy search
job "logigram sums (partial assignments)" 0 "$LOGIGRAM" --count \
  "$LG_TESTDIR/input/sums.lgm"
job "logigram free-vars --max-solutions 20 (lazy search)" 0 "$LOGIGRAM" \
  --count --max-solutions 20 "$LG_TESTDIR/input/free-vars.lgm"
job "logigram slow-lazy-order --max-solutions 20 (backjumping)" 0 \
  "$LOGIGRAM" --count --max-solutions 20 \
  "$LG_TESTDIR/input/slow-lazy-order.lgm"
job "logigram parity (learnt items)" 0 "$LOGIGRAM" --count \
  "$LG_TESTDIR/input/parity.lgm"
job "logigram parity3 (a group refuted)" 0 "$LOGIGRAM" --count \
  "$LG_TESTDIR/input/parity3.lgm"
for bad in $(ls "$LG_TESTDIR/bad" | head -3); do
  job "logigram bad/$bad (one error)" 1 "$LOGIGRAM" "$LG_TESTDIR/bad/$bad"
done
wait

for i in $(seq 1 "$n_jobs"); do
  cat "$tmp/result.$i"
  if head -1 "$tmp/result.$i" | grep -q '^ok - '; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
summary
[ "$failed" -eq 0 ]
