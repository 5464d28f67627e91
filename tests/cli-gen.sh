#!/bin/bash
# cli-gen.sh — end-to-end tests of logigram-gen, judged by logigram itself.
#
#   - determinism: the same options give the same bytes (twice, to a file
#     with --output, with either engine, with searches stopped at the work
#     limit), and tests/expected/gen-*.lgm byte for byte; other seeds give
#     other puzzles;
#   - every generated file parses and has the number of solutions its
#     header announces: exactly 1 by default, at most K (and at least 1)
#     with --solutions K, none with --contradict, and then the clue the
#     header names is the one to blame (without it, the count it gives);
#   - --minimise keeps the count and every clue left is needed: dropping
#     all the rules of any one clue (logigram --drop) gives more solutions;
#     under a small work limit, logigram solves the puzzle within it, and
#     the clues the header names as kept for that are not needed;
#   - --answer prints, as comments, the very table logigram prints;
#   - exit statuses: 0 written, 1 failure (an unwritable --output), 2 bad
#     command line.
#   - with the fast engine: up to 8x8 (and 10x4, 3x10, 16x3, 12x5, 4x13,
#     11x4), and every puzzle of data/bench has the count its header
#     gives; over 10 items the faithful engine refuses, naming
#     --engine=fast.
# The other sizes stay small enough for the faithful engine.  Environment
# (set by make check): LOGIGRAM, LOGIGRAM_GEN, LG_DATADIR, LG_TESTDIR.
. "${LG_TESTDIR:-tests}/lib.sh"
LOGIGRAM_GEN=${LOGIGRAM_GEN:-src/logigram-gen}

# gen NAME STATUS ARGS... : runs logigram-gen, stdout in $tmp/out.
gen () {
  run_program "$LOGIGRAM_GEN" "$@"
}

# count FILE [ARGS...] : the number of solutions logigram finds.
count () {
  local file=$1
  shift
  "$LOGIGRAM" --count "$@" "$file" 2>"$tmp/count-err" </dev/null
}

# n_clues FILE
n_clues () { grep -c '^clue ' "$1"; }

# fast_nodes FILE : the nodes logigram's fast engine explores to solve it,
# as logigram searches the file (what --minimise bounds).
fast_nodes () {
  "$LOGIGRAM" --engine=fast --count --stats "$1" 2>&1 >/dev/null </dev/null |
    sed -n 's/^nodes explored: *//p'
}

# ---- Generated puzzles have no warning -----------------------------------------
# logigram --werror refuses a problem file with a warning: every puzzle of
# 120 seeds, of 3 to 6 items, 3 to 5 groups, one solution, at most 3, or a
# contradiction, must pass it.
warned=""
for s in $(seq 1 120); do
  case $((s % 3)) in 0) o=--contradict ;; 1) o="--solutions=3" ;; *) o= ;; esac
  # shellcheck disable=SC2086
  "$LOGIGRAM_GEN" --items $((3 + s % 4)) --groups $((3 + s % 3)) --seed "$s" $o \
    >"$tmp/seed.lgm" 2>/dev/null || { warned="$warned $s(gen)"; continue; }
  "$LOGIGRAM" --werror --list-rules "$tmp/seed.lgm" >/dev/null 2>"$tmp/seed.err" ||
    warned="$warned $s:$(head -n 1 "$tmp/seed.err")"
done
if [ -z "$warned" ]; then pass "120 generated puzzles: no warning"; else
  fail "generated puzzles with a warning:$warned"; fi

# ---- Options ----------------------------------------------------------------
gen "--help" 0 --help && {
  if grep -q -- "--items" "$tmp/out" && grep -q -- "--contradict" "$tmp/out" &&
    grep -q "Exit status" "$tmp/out"; then
    pass "--help"
  else
    fail "--help lacks the options"
  fi
}
# setlocale: in a UTF-8 locale GLib writes the usage line's ellipsis as is
if LC_ALL=C.UTF-8 "$LOGIGRAM_GEN" --help 2>/dev/null |
  grep -qx '  logigram-gen \[OPTION…\]'; then
  pass "--help: [OPTION…] in a UTF-8 locale"
else
  fail "--help: no [OPTION…] in a UTF-8 locale"
fi
gen "--version" 0 --version && {
  if grep -q "^logigram-gen (logigram) " "$tmp/out" &&
    grep -q "^Report bugs to: ." "$tmp/out"; then
    pass "--version"
  else
    fail "--version: $(cat "$tmp/out")"
  fi
}
for bad in "--items 1" "--items 17" "--items x" "--items=" "--groups 1" \
  "--groups 17" "--seed -1" "--seed 18446744073709551616" "--seed 1x" \
  "--solutions 0" "--solutions -2" "--solutions 1001" "--engine slow" "--bogus" "extra" \
  "--items"; do
  # shellcheck disable=SC2086
  gen "bad command line: $bad" 2 $bad && {
    if [ ! -s "$tmp/out" ] && grep -q "^logigram-gen: " "$tmp/err"; then
      pass "bad command line: $bad"
    else
      fail "bad command line: $bad: no message, or output"
    fi
  }
done
gen "--output into a missing directory" 1 -n 3 -g 3 \
  --output "$tmp/missing/p.lgm" && {
  if [ "$(cat "$tmp/err")" = "logigram-gen: cannot write '$tmp/missing/p.lgm': No such file or directory" ] &&
    [ ! -e "$tmp/missing" ]; then
    pass "--output into a missing directory: exit 1"
  else
    fail "--output into a missing directory: no message"
  fi
}

# ---- Determinism ----------------------------------------------------------------
gen "golden 4x4 seed 1" 0 --items 4 --groups 4 --seed 1 --answer && {
  if cmp -s "$tmp/out" "$expected/gen-4x4-s1.lgm"; then
    pass "4x4 seed 1 --answer: byte for byte"
  else
    fail "4x4 seed 1 --answer differs from $expected/gen-4x4-s1.lgm"
    diff "$expected/gen-4x4-s1.lgm" "$tmp/out" | head -10 | sed 's/^/#   /'
  fi
}
gen "golden 5x3 seed 7" 0 -n 3 -g 5 -s 7 -k 3 --minimise --contradict && {
  if cmp -s "$tmp/out" "$expected/gen-3x5-s7-k3-minimise-contradict.lgm"; then
    pass "3x5 seed 7 -k 3 --minimise --contradict: byte for byte"
  else
    fail "3x5 seed 7 -k 3 --minimise --contradict differs"
    diff "$expected/gen-3x5-s7-k3-minimise-contradict.lgm" "$tmp/out" |
      head -10 | sed 's/^/#   /'
  fi
}
# --logic: either/or, if-then, exactly one of three, in some order too; the
# same puzzle with either engine counting, and one solution for both.
for e in fast faithful; do
  gen "golden 5x4 seed 3 --logic ($e)" 0 -n 5 -g 4 -s 3 --logic --minimise \
    --answer --engine $e && {
    if cmp -s "$tmp/out" "$expected/gen-5x4-s3-logic-minimise.lgm"; then
      pass "5x4 seed 3 --logic --minimise ($e): byte for byte"
    else
      fail "5x4 seed 3 --logic --minimise ($e) differs"
      diff "$expected/gen-5x4-s3-logic-minimise.lgm" "$tmp/out" |
        head -10 | sed 's/^/#   /'
    fi
  }
  if [ "$("$LOGIGRAM" --engine=$e -c \
    "$expected/gen-5x4-s3-logic-minimise.lgm")" = 1 ]; then
    pass "the --logic puzzle has one solution ($e)"
  else
    fail "the --logic puzzle has not one solution ($e)"
  fi
done
kinds=0
for s in 1 2 3 4 5 6; do
  "$LOGIGRAM_GEN" -n 4 -g 4 -s $s --logic >>"$tmp/logic.lgm" 2>/dev/null
done
for pattern in ' or yes ' '^if yes ' '^exactly 1 of (' '^(yes .*) or (yes '; do
  grep -q -- "$pattern" "$tmp/logic.lgm" && kinds=$((kinds + 1))
done
if [ "$kinds" -eq 4 ]; then pass "--logic draws the four new kinds"
else fail "--logic draws $kinds of the four new kinds"; fi

gen "5x5 seed 3" 0 -n 5 -g 5 -s 3 && cp "$tmp/out" "$tmp/a.lgm" &&
  gen "5x5 seed 3 again" 0 -n 5 -g 5 -s 3 && {
  if cmp -s "$tmp/out" "$tmp/a.lgm"; then
    pass "the same seed twice: the same bytes"
  else
    fail "the same seed twice: different bytes"
  fi
}
# from 8 items each search starts from the weights the one before left
# (LgSearchWeights), and with a small work limit many stop there: the
# puzzle still depends on the options alone
gen "9x9 -m -w 100" 0 -n 9 -g 9 -s 3 -m -w 100 && cp "$tmp/out" "$tmp/w.lgm" &&
  gen "9x9 -m -w 100 again" 0 -n 9 -g 9 -s 3 -m -w 100 && {
  if cmp -s "$tmp/out" "$tmp/w.lgm" && grep -q "kept untested" "$tmp/out"; then
    pass "9x9 --minimise --work-limit 100 twice: the same bytes"
  else
    fail "9x9 --minimise --work-limit 100 twice: different bytes, or no search stopped"
  fi
}
# --minimise under a work limit: logigram solves the puzzle written within
# the limit, as it searches the file (the generator's last searches start
# from no weights, as logigram's does); the clues kept for that are named
# in the header, and none of them is needed (dropping it leaves the one
# solution).  Before, 9x9 seed 6 with -w 50 took 78 nodes, seed 3 with -w
# 100 168; and seeds 2 and 7 with -w 20 once took 32 and 22 (the engine
# looks at its limit before each choice, not after the last probes).
for spec in "6 50" "3 100" "2 20" "7 20"; do
  set -- $spec
  name="9x9 seed $1 --minimise --work-limit $2"
  gen "$name" 0 -n 9 -g 9 -s "$1" -m -w "$2" && {
    cp "$tmp/out" "$tmp/slow.lgm"
    nodes=$(fast_nodes "$tmp/slow.lgm")
    # the numbers of the header's list (which may wrap) of clues kept
    slow=$(sed -n '/^# Clues* [0-9]/,/nodes of search)\.$/p' "$tmp/slow.lgm" |
      tr '\n' ' ' | sed 's/ \(is\|are\) not needed.*//' | grep -o '[0-9][0-9]*' |
      paste -sd ' ' -)
    # the clues not needed: those named, and at most as many others as
    # the header says were kept untested
    untested=$(sed -n 's/^# \([0-9]*\) of them kept untested.*/\1/p' "$tmp/slow.lgm")
    unneeded=""
    for c in $(seq 1 "$(n_clues "$tmp/slow.lgm")"); do
      [ "$(count "$tmp/slow.lgm" --max-solutions 2 --drop-clue "$c")" = 1 ] &&
        unneeded="$unneeded $c"
    done
    bad=""
    for c in $slow; do
      case "$unneeded " in *" $c "*) ;; *) bad="$bad $c" ;; esac
    done
    others=$(($(echo $unneeded | wc -w) - $(echo $slow | wc -w)))
    if [ -n "$nodes" ] && [ "$nodes" -le "$2" ] && [ -n "$slow" ] &&
      [ -z "$bad" ] && [ "$others" -le "${untested:-0}" ]; then
      pass "$name: solved in $nodes nodes; clues $slow kept, not needed; $others others not needed, $untested untested"
    else
      fail "$name: solved in '$nodes' nodes; clues kept: '$slow'; needed:$bad; not needed:$unneeded ($untested untested)"
    fi
  }
done
# unless the puzzle was past the limit before any clue was dropped: then
# no clue is kept for it (6x6 seed 2 with -w 1 needs 14 nodes; once, the
# header named 11 clues kept, and logigram took 2 nodes all the same)
gen "6x6 seed 2 -m -w 1" 0 -n 6 -g 6 -s 2 -m -w 1 && {
  if ! grep -q "^# Clues* [0-9]" "$tmp/out"; then
    pass "6x6 seed 2 --minimise --work-limit 1: no clue kept for the search"
  else
    fail "6x6 seed 2 --minimise --work-limit 1: $(grep "^# Clues* [0-9]" "$tmp/out")"
  fi
}
# and the default limit, 2000 nodes: 10x10 seed 7 took logigram 2002
# nodes under the limit of 20000 that was the default before; now one
# clue is kept for it, and the header names no --work-limit
gen "10x10 seed 7 -m" 0 -n 10 -g 10 -s 7 -m && {
  nodes=$(fast_nodes "$tmp/out")
  if [ -n "$nodes" ] && [ "$nodes" -le 2000 ] &&
    grep -q "^#   logigram-gen --items 10 --groups 10 --seed 7 --minimise$" "$tmp/out" &&
    grep -q "within the work limit (2000 nodes of search)" "$tmp/out"; then
    pass "10x10 seed 7 --minimise: solved in $nodes nodes, within the default limit"
  else
    fail "10x10 seed 7 --minimise: solved in '$nodes' nodes, or the header differs"
  fi
}
# --difficulty: after 10 seeds without the grade, a note with the grades
# met and what would help; after 500, an error that says the same (3x3
# puzzles are easy, minimised or not: quick to try)
gen "--difficulty hard, 3x3" 1 -n 3 -g 3 -s 7 --difficulty hard && {
  if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
    grep -qx "logigram-gen: note: no hard puzzle among the 10 seeds from 7 (10 easy); trying up to 500: add --minimise, which makes puzzles harder" "$tmp/err" &&
    grep -q "^logigram-gen: no hard puzzle among the 500 seeds from 7 ([0-9]* easy.*): add --minimise, which makes puzzles harder$" "$tmp/err"; then
    pass "--difficulty hard, 3x3: a note after 10 seeds, an error after 500"
  else
    fail "--difficulty hard, 3x3: $(head -c 300 "$tmp/err")"
  fi
}
gen "--difficulty expert, 3x3 -m" 1 -n 3 -g 3 -s 7 -m --difficulty expert && {
  if grep -q "^logigram-gen: no expert puzzle among the 500 seeds from 7 (.*): more --items or --groups make harder puzzles$" "$tmp/err"; then
    pass "--difficulty expert, 3x3 --minimise: the hint names the size"
  else
    fail "--difficulty expert, 3x3 --minimise: $(tail -n 1 "$tmp/err")"
  fi
}
# A grade is its hardest step's, so each seed's explanation stops at the
# first step harder than the grade asked (then the grade is a lower bound,
# "medium or harder"), or at the first expert step.  8x8 seeds 25 to 37
# are medium, 38 easy: the note, the hint for puzzles too hard without
# --minimise, and the puzzle of seed 38, byte for byte; each lower bound
# is one indeed (logigram --explain, to the end).
gen "--difficulty easy, 8x8" 0 -n 8 -g 8 -s 25 --difficulty easy -v && {
  "$LOGIGRAM_GEN" -n 8 -g 8 -s 38 >"$tmp/s38.lgm"
  bounds=ok
  while read -r seed grade; do
    full=$("$LOGIGRAM_GEN" -n 8 -g 8 -s "$seed" | "$LOGIGRAM" --explain - |
      sed -n 's/^Difficulty: \([a-z]*\) .*/\1/p')
    case "$grade:$full" in
      "medium or harder:"medium | "medium or harder:"hard | \
        "medium or harder:"expert | easy:easy) ;;
      *) bounds="seed $seed: '$grade', explained '$full'" ;;
    esac
  done < <(sed -n 's/^logigram-gen: seed \([0-9]*\): \(.*\)$/\1 \2/p' "$tmp/err")
  if cmp -s "$tmp/out" "$tmp/s38.lgm" &&
    grep -qx "logigram-gen: note: no easy puzzle among the 10 seeds from 25 (10 medium or harder); trying up to 500: fewer --items or --groups make easier puzzles" "$tmp/err" &&
    [ "$(grep -c '^logigram-gen: seed [0-9]*: ' "$tmp/err")" -eq 14 ] &&
    [ "$bounds" = ok ]; then
    pass "--difficulty easy, 8x8: seed 38 after 13 medium ones, each graded as far as needed"
  else
    fail "--difficulty easy, 8x8: $bounds; $(head -c 300 "$tmp/err")"
  fi
}
# expert: the explanation stops at its first step by contradiction, and
# the puzzle kept is expert to the end
gen "--difficulty expert, 6x6 -m" 0 -n 6 -g 6 -s 1 -m --difficulty expert && {
  if grep -q "^#   logigram-gen --items 6 --groups 6 --seed 2 --minimise$" "$tmp/out" &&
    "$LOGIGRAM" --explain "$tmp/out" | grep -q '^Difficulty: expert '; then
    pass "--difficulty expert, 6x6 --minimise: seed 2, expert"
  else
    fail "--difficulty expert, 6x6 --minimise: $(head -n 2 "$tmp/out" | tail -n 1)"
  fi
}
gen "--output" 0 --items 5 --groups 5 --seed 3 --output "$tmp/b.lgm" && {
  if [ ! -s "$tmp/out" ] && cmp -s "$tmp/b.lgm" "$tmp/a.lgm"; then
    pass "--output FILE: the bytes of stdout"
  else
    fail "--output FILE: other bytes"
  fi
}
# --output to what is not a regular file (a pipe here, as /dev/null): it
# is written as the shell's > would; GLib's replacement of a file, a file
# renamed over it, made /dev/null a regular file when run as root.  (The
# reader, started first, gives up after 20 s if nothing comes.)
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/from-fifo" &
reader=$!
gen "--output FIFO" 0 --items 5 --groups 5 --seed 3 --output "$tmp/fifo" && {
  wait "$reader"
  if [ -p "$tmp/fifo" ] && [ ! -s "$tmp/out" ] &&
    cmp -s "$tmp/from-fifo" "$tmp/a.lgm"; then
    pass "--output FIFO: written through the pipe, which stays a pipe"
  else
    fail "--output FIFO: $(ls -l "$tmp/fifo"), $(wc -c <"$tmp/from-fifo") bytes read"
  fi
}
gen "--engine faithful" 0 -n 5 -g 5 -s 3 --engine faithful && {
  if cmp -s "$tmp/out" "$tmp/a.lgm"; then
    pass "--engine faithful: the same puzzle"
  else
    fail "--engine faithful: another puzzle"
  fi
}
# --work-limit: 0 is no bound (the same clues on a small puzzle, the
# header names it), and a number is wanted
gen "--work-limit 0" 0 -n 5 -g 5 -s 3 --work-limit 0 && {
  if [ "$(sed -n 2p "$tmp/out")" = "#   logigram-gen --items 5 --groups 5 --seed 3 --work-limit 0" ] &&
    [ "$(sed 2d "$tmp/out")" = "$(sed 2d "$tmp/a.lgm")" ]; then
    pass "--work-limit 0: the same clues, the header names it"
  else
    fail "--work-limit 0: $(sed -n 2p "$tmp/out")"
  fi
}
gen "--work-limit x" 2 -n 5 -g 5 --work-limit x && pass "--work-limit x: exit 2"
gen "--engine faithful -n 12" 2 --engine faithful -n 12 -g 4 && pass "--engine faithful -n 12: refused at once, exit 2"
gen "5x5 seed 4" 0 -n 5 -g 5 -s 4 && {
  if ! cmp -s "$tmp/out" "$tmp/a.lgm"; then
    pass "another seed: another puzzle"
  else
    fail "seeds 3 and 4 give the same puzzle"
  fi
}
gen "default options" 0 && {
  if head -n 2 "$tmp/out" | grep -q -- "--items 5 --groups 5 --seed 1$"; then
    pass "the header states the options (defaults 5, 5, 1)"
  else
    fail "the header does not state the options"
  fi
}

# ---- Counts, as logigram finds them ----------------------------------------------
# unique: every size the faithful engine handles quickly
for spec in "2 2 1" "2 5 2" "3 3 3" "3 6 4" "4 4 5" "4 5 6" "5 3 7" \
  "5 5 8" "6 3 9" "4 7 10"; do
  set -- $spec
  name="${1}x${2} seed $3"
  gen "$name" 0 -n "$1" -g "$2" -s "$3" && {
    got=$(count "$tmp/out")
    if [ "$got" = 1 ] && grep -q "^# [0-9]* clues*; exactly 1 solution\.$" \
      "$tmp/out"; then
      pass "$name: exactly 1 solution"
    else
      fail "$name: $got solutions ($(cat "$tmp/count-err"))"
    fi
  }
done

# --solutions K: at most K, at least 1, the count of the header
for spec in "4 4 1 3" "4 5 2 3" "5 4 3 2" "3 6 4 5" "5 5 5 3"; do
  set -- $spec
  name="${1}x${2} seed $3 --solutions $4"
  gen "$name" 0 -n "$1" -g "$2" -s "$3" --solutions "$4" && {
    got=$(count "$tmp/out")
    said=$(sed -n 's/^# [0-9]* clues*; \([0-9]*\) solutions* (at most .*/\1/p' \
      "$tmp/out")
    if [ -n "$got" ] && [ "$got" = "$said" ] && [ "$got" -ge 1 ] &&
      [ "$got" -le "$4" ]; then
      pass "$name: $got solutions, as announced"
    else
      fail "$name: $got solutions, the header says '$said'"
    fi
  }
done

# --contradict: none; the clue named is to blame
for spec in "4 4 1 1" "4 5 2 1" "5 4 3 1" "4 4 4 3" "3 5 5 2"; do
  set -- $spec
  name="${1}x${2} seed $3 --solutions $4 --contradict"
  gen "$name" 0 -n "$1" -g "$2" -s "$3" --solutions "$4" --contradict && {
    got=$(count "$tmp/out")
    clue=$(sed -n 's/^# [0-9]* clues*, but clue \([0-9]*\) is false.*/\1/p' \
      "$tmp/out")
    without=$(sed -n 's/.*(without it: \([0-9]*\) solutions*)\.$/\1/p' \
      "$tmp/out")
    rest=$(count "$tmp/out" --drop-clue "$clue")
    if [ "$got" = 0 ] && [ -n "$clue" ] && [ "$rest" = "$without" ] &&
      [ "$rest" -ge 1 ] && [ "$rest" -le "$4" ]; then
      pass "$name: no solution; $rest without clue $clue"
    else
      fail "$name: $got solutions; clue '$clue'; without it $rest, said '$without'"
    fi
  }
done

# --minimise: unique, and every clue is needed
for spec in "4 4 1" "3 5 2" "5 4 3" "5 5 4"; do
  set -- $spec
  name="${1}x${2} seed $3 --minimise"
  gen "$name" 0 -n "$1" -g "$2" -s "$3" --minimise && {
    cp "$tmp/out" "$tmp/min.lgm"
    got=$(count "$tmp/min.lgm")
    bad=""
    for c in $(seq 1 "$(n_clues "$tmp/min.lgm")"); do
      more=$(count "$tmp/min.lgm" --max-solutions 2 \
        --drop-clue "$c")
      [ "$more" = 2 ] || bad="$bad $c"
    done
    if [ "$got" = 1 ] && [ -z "$bad" ]; then
      pass "$name: unique, every one of the $(n_clues "$tmp/min.lgm") clues needed"
    else
      fail "$name: $got solutions; clues not needed:$bad"
    fi
  }
done
gen "--minimise --solutions 3" 0 -n 4 -g 5 -s 6 --minimise --solutions 3 && {
  cp "$tmp/out" "$tmp/min.lgm"
  got=$(count "$tmp/min.lgm")
  bad=""
  for c in $(seq 1 "$(n_clues "$tmp/min.lgm")"); do
    more=$(count "$tmp/min.lgm" --drop-clue "$c")
    [ "$more" -gt "$got" ] || bad="$bad $c"
  done
  if [ "$got" -ge 1 ] && [ "$got" -le 3 ] && [ -z "$bad" ]; then
    pass "--minimise --solutions 3: $got solutions, every clue needed"
  else
    fail "--minimise --solutions 3: $got solutions; clues not needed:$bad"
  fi
}

# ---- --answer: the table logigram prints ------------------------------------------
for spec in "4 4 1" "5 6 2" "3 3 3"; do
  set -- $spec
  name="${1}x${2} seed $3 --answer"
  gen "$name" 0 -n "$1" -g "$2" -s "$3" --answer --minimise && {
    sed -n '/^# The hidden solution/,$p' "$tmp/out" | sed -n 's/^# \([+|]\)/\1/p' \
      >"$tmp/answer"
    "$LOGIGRAM" "$tmp/out" | grep '^[+|]' >"$tmp/table"
    same_files "$name" "$tmp/table" "$tmp/answer" \
      "the answer is logigram's solution" \
      "the answer differs from logigram's solution"
  }
done
gen "no --answer" 0 -n 4 -g 4 -s 1 && {
  if ! grep -q "hidden solution" "$tmp/out"; then
    pass "without --answer, no solution printed"
  else
    fail "without --answer, the solution is printed"
  fi
}

# ---- Up to 8x8, and the benchmark set, with the fast engine -----------------------
# (the faithful engine takes minutes or hours there)
if "$LOGIGRAM" --engine=fast --count "$LG_DATADIR/einstein.lgm" >/dev/null 2>&1
then
  fast=--engine=fast
  for spec in "7 7 1" "8 8 2" "8 8 3 --minimise" "8 8 4 --solutions 3" \
    "8 8 5 --contradict" "10 4 6" "3 10 7" "16 3 8" "12 5 9 --minimise" \
    "4 13 10" "11 4 11 --contradict"; do
    set -- $spec
    name="${1}x${2} seed $3"
    n=$1 g=$2 s=$3
    shift 3
    [ $# -gt 0 ] && name="$name $*"
    gen "$name" 0 -n "$n" -g "$g" -s "$s" "$@" && {
      got=$(count "$tmp/out" $fast)
      case $(sed -n 5p "$tmp/out") in
        *"exactly 1 solution."*) said=1 ;;
        *"no solution"*) said=0 ;;
        *) said=$(sed -n 's/^# [0-9]* clues*; \([0-9]*\) solutions* .*/\1/p' \
          "$tmp/out") ;;
      esac
      if [ -n "$got" ] && [ "$got" = "$said" ]; then
        pass "$name: $got solutions, as announced"
      else
        fail "$name: $got solutions, the header says '$said'"
      fi
    }
  done
  gen "8x8 seed 3 --minimise" 0 -n 8 -g 8 -s 3 --minimise --answer && {
    cp "$tmp/out" "$tmp/min.lgm"
    bad=""
    for c in $(seq 1 "$(n_clues "$tmp/min.lgm")"); do
      more=$(count "$tmp/min.lgm" $fast --max-solutions 2 \
        --drop-clue "$c")
      [ "$more" = 2 ] || bad="$bad $c"
    done
    sed -n '/^# The hidden solution/,$p' "$tmp/min.lgm" |
      sed -n 's/^# \([+|]\)/\1/p' >"$tmp/answer"
    "$LOGIGRAM" $fast "$tmp/min.lgm" | grep '^[+|]' >"$tmp/table"
    if [ -z "$bad" ] && [ -s "$tmp/answer" ] &&
      cmp -s "$tmp/answer" "$tmp/table"; then
      pass "8x8 --minimise: every clue needed, the answer is logigram's"
    else
      fail "8x8 --minimise: clues not needed:$bad, or another answer"
    fi
    # most of them are kept without a search (an exchange of two items in
    # the hidden solution breaks them alone), the puzzle the same
    gen "8x8 seed 3 --minimise -v" 0 -n 8 -g 8 -s 3 --minimise --answer -v && {
      witnessed=$(sed -n 's/^logigram-gen: \([0-9]*\) of the \([0-9]*\) clues tried kept without a search: .*/\1/p' "$tmp/err")
      if cmp -s "$tmp/out" "$tmp/min.lgm" && [ "${witnessed:-0}" -gt 0 ]; then
        pass "8x8 --minimise -v: $witnessed clues kept without a search, the same puzzle"
      else
        fail "8x8 --minimise -v: '$witnessed' kept without a search, or another puzzle"
      fi
    }
  }
  # over ten items: the faithful engine says to use the fast one
  gen "16x3 for the faithful engine" 0 -n 16 -g 3 -s 1 && {
    cp "$tmp/out" "$tmp/wide.lgm"
    run "16 items, faithful" 1 --engine=faithful "$tmp/wide.lgm" && {
      if grep -q "wide.lgm:1:1: error: dimension 16 is too large for the faithful engine.*use --engine=fast" \
        "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ]
      then
        pass "16 items, faithful: refused, naming --engine=fast"
      else
        fail "16 items, faithful: $(cat "$tmp/err")"
      fi
    }
  }
  # data/bench: each file has the number of solutions its header says
  n_bench=0
  bad=""
  for f in "$LG_DATADIR"/bench/*.lgm; do
    [ -e "$f" ] || continue
    n_bench=$((n_bench + 1))
    got=$(count "$f" $fast)
    case $(sed -n 5p "$f") in
      *"exactly 1 solution."*) said=1 ;;
      *"no solution"*) said=0 ;;
      *) said=$(sed -n 's/^# [0-9]* clues*; \([0-9]*\) solutions* .*/\1/p' "$f") ;;
    esac
    [ -n "$got" ] && [ "$got" = "$said" ] || bad="$bad $(basename "$f")"
  done
  if [ "$n_bench" -ge 40 ] && [ -z "$bad" ]; then
    pass "data/bench: the $n_bench puzzles have the announced counts"
  else
    fail "data/bench: $n_bench puzzles; wrong counts:$bad"
  fi
else
  echo "# SKIP: no fast engine (logigram --engine=fast): no 8x8 test"
fi

# ---- The status line: on a terminal only --------------------------------------
gen "the 8x8 minimised in a pipe" 0 --items 8 --groups 8 --seed 3 --minimise
cp "$tmp/out" "$tmp/pipe.lgm"
if [ ! -s "$tmp/err" ]; then pass "no status line in pipes"; else
  fail "status line in a pipe: $(head -c 200 "$tmp/err")"; fi
if have_terminal; then
  # on a pseudo-terminal (script(1)), the line drawn at once: the clues
  # added, then the clues --minimise tried out of all, erased at the end
  # (the last bytes written are the erasure); the same puzzle
  LG_PROGRESS_DELAY_MS=0 timeout 120 script -qec "'$LOGIGRAM_GEN' --items 8 \
    --groups 8 --seed 3 --minimise --output '$tmp/tty.lgm'" /dev/null \
    </dev/null >"$tmp/tty" 2>&1
  if grep -Eq 'adding clues: [0-9]+ clues, [0-9.]+ s' "$tmp/tty" &&
    grep -Eq 'minimise: [0-9]+/[0-9]+ clues tried \([0-9]+%\), [0-9.]+ s' \
      "$tmp/tty" &&
    [ "$(tail -c 4 "$tmp/tty" | od -An -c | tr -d ' ')" = '\r033[K' ] &&
    cmp -s "$tmp/tty.lgm" "$tmp/pipe.lgm"; then
    pass "status line on a terminal, erased, the same puzzle"
  else
    fail "status line on a terminal: $(od -c "$tmp/tty" | tail -5)"
  fi
  # when minimise goes back (10x10 seed 7 keeps a clue for the work
  # limit: above), the line says why its count went back
  LG_PROGRESS_DELAY_MS=0 timeout 120 script -qec "'$LOGIGRAM_GEN' --items 10 \
    --groups 10 --seed 7 --minimise --output '$tmp/tty.lgm'" /dev/null \
    </dev/null >"$tmp/tty" 2>&1
  if grep -Eq "minimise: [0-9]+/[0-9]+ clues tried .*; back to an earlier clue: logigram's search went past the work limit" "$tmp/tty"
  then
    pass "--minimise going back: the status line says why"
  else
    fail "--minimise going back: $(tr '\r' '\n' <"$tmp/tty" | tail -3)"
  fi
  LG_PROGRESS_DELAY_MS=0 timeout 120 script -qec "'$LOGIGRAM_GEN' --items 5 \
    --groups 5 --verbose --output '$tmp/tty.lgm'" /dev/null </dev/null \
    >"$tmp/tty" 2>&1
  if grep -q 'logigram-gen: ' "$tmp/tty" && ! grep -q 'adding clues:' "$tmp/tty"
  then
    pass "--verbose: its lines, no status line"
  else
    fail "--verbose on a terminal: $(head -c 300 "$tmp/tty")"
  fi
else
  echo "# no pseudo-terminal (script(1) missing, or no /dev/pts): the terminal status line check is skipped"
fi

finish
