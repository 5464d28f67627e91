#!/bin/bash
# bench/diagnose-check.sh — the answers of `logigram --redundant` and
# `logigram --why-none` checked with clingo, an independent solver, on
# small puzzles of logigram-gen (tests/check_diagnose.c checks them
# against logigram's own brute force; this goes through the ASP export,
# the clues of several rules and the logic clues of `--logic`).
#
#   bench/diagnose-check.sh [FIRST [LAST]]     seeds FIRST to LAST (1 to 100)
#
# Seed S writes `logigram-gen --items N --groups G --seed S`, N = 3 + S % 4,
# G = 3 + S % 3, with `--logic` on even seeds, twice: with `--solutions K`
# (K = 1 + S % 2) for --redundant, and with `--contradict` for --why-none.
# Dropping clues only adds solutions, so clingo (`-n` one more than the
# puzzle's solutions, on the `--export=asp` file with `--drop-clue`s)
# tells whether a set of clues keeps them.  --redundant: each clue it
# calls redundant keeps the solutions when dropped alone and each other
# clue does not; the minimal set keeps them, and no clue it keeps can go
# too.  --why-none: the clues it reports have no solution, and each of
# them is needed.  A row a puzzle: the size, the clues, the clues
# reported, and `same`, `DIFF` (with the clues that disagree) or
# `stopped` (a test of logigram's that did not finish: not checked).
# Exit status 1 on a difference, 77 without clingo (Debian: gringo).
# About a minute for the default seeds.  The puzzles stay in DIAG_DIR
# (a temporary folder by default, removed).
set -u
# shellcheck source=bench/clingo-check.sh
. "$(dirname "${BASH_SOURCE[0]}")/clingo-check.sh"
clingo_check_start "${BASH_SOURCE[0]}" "${DIAG_DIR:-}" "${1:-}"
first=${1:-1}
last=${2:-$((first + 99))}

# models FILE MOST [OPTION...]: clingo's count of the models of FILE with
# the options of logigram's export, at most MOST ("3+" when it stopped
# there); "error" when the export fails.
models() {
  local file=$1 most=$2
  shift 2
  "$logigram" --export=asp "$@" "$file" >"$dir/m.lp" 2>/dev/null || {
    echo error
    return
  }
  clingo -n "$most" -q "$dir/m.lp" 2>/dev/null |
    sed -n 's/^Models *: *\([0-9]*+*\).*/\1/p'
}

# The numbers of the clues a report lists, one a line ("clue N (line L):").
listed() { sed -n 's/^clue \([0-9]*\) (line.*/\1/p'; }

# must_change FILE MOST SAME LABEL CLUES: each of CLUES, dropped on top of
# the drops in the array d, must take clingo's count (at most MOST) away
# from SAME; appends " N:LABEL" to bad for each that does not, and
# " N:export-failed" for each whose export fails.
must_change() {
  local file=$1 most=$2 same=$3 label=$4 c got
  for c in $5; do
    got=$(models "$file" "$most" "${d[@]}" --drop-clue "$c")
    case $got in
      "$same") bad="$bad $c:$label" ;;
      error) bad="$bad $c:export-failed" ;;
    esac
  done
}

# row TEXT: the row of a diagnosis, TEXT its first cells, then the
# verdict (a DIFF makes the exit status 1).
row() {
  case $verdict in DIFF*) status=1 ;; esac
  echo "$1 | ${verdict:-same} |"
}

status=0
echo "| seed | size | diagnosis | clues | reported | |"
echo "|--:|--|--|--:|--|--|"
for ((s = first; s <= last; s++)); do
  n=$((3 + s % 4)) g=$((3 + s % 3)) k=$((1 + s % 2))
  logic=()
  [ $((s % 2)) = 0 ] && logic=(--logic)

  # --redundant
  p=$dir/r$s.lgm
  "$gen" -n $n -g $g -s $s "${logic[@]}" --solutions $k >"$p" 2>/dev/null
  total=$("$logigram" --list-clues "$p" | grep -c '^clue ')
  report=$("$logigram" --redundant "$p")
  base=$(models "$p" 0)
  redundant=" $(printf '%s\n' "$report" | listed | tr '\n' ' ')"
  drops=$(printf '%s\n' "$report" | sed -n 's/.*it drops: \(.*\)\.$/\1/p' |
    tr -d ',' | sed 's/^none$//')
  bad=""
  if ! [[ "$base" =~ ^[0-9]+$ ]]; then
    verdict="DIFF clingo-count:$base"
  elif printf '%s\n' "$report" | grep -q 'stopped at the work limit'; then
    verdict=stopped
  else
    for ((c = 1; c <= total; c++)); do
      got=$(models "$p" $((base + 1)) --drop-clue $c)
      if [ "$got" = error ]; then
        bad="$bad $c:export-failed"
      elif [ "$got" = "$base" ]; then
        [[ "$redundant" == *" $c "* ]] || bad="$bad $c:redundant-not-reported"
      else
        [[ "$redundant" == *" $c "* ]] && bad="$bad $c:reported-but-needed"
      fi
    done
    d=()
    for c in $drops; do d+=(--drop-clue "$c"); done
    got=$(models "$p" $((base + 1)) "${d[@]}")
    [ "$got" = "$base" ] || bad="$bad set-keeps:$got"
    kept=""
    for ((c = 1; c <= total; c++)); do
      [[ " $drops " == *" $c "* ]] || kept="$kept $c"
    done
    must_change "$p" $((base + 1)) "$base" kept-but-can-go "$kept"
    verdict=${bad:+DIFF$bad}
  fi
  row "| $s | ${n}x$g | redundant, $base solution(s) | $total |${redundant% } / drops ${drops:-none}"

  # --why-none
  p=$dir/w$s.lgm
  "$gen" -n $n -g $g -s $s "${logic[@]}" --contradict >"$p" 2>/dev/null
  total=$("$logigram" --list-clues "$p" | grep -c '^clue ')
  report=$("$logigram" --why-none "$p")
  core=$(printf '%s\n' "$report" | listed | tr '\n' ' ')
  bad=""
  if ! printf '%s\n' "$report" | head -1 | grep -q 'each of them is needed'; then
    verdict=stopped
  else
    d=()
    for ((c = 1; c <= total; c++)); do
      [[ " $core" == *" $c "* ]] || d+=(--drop-clue "$c")
    done
    got=$(models "$p" 1 "${d[@]}")
    [ "$got" = 0 ] || bad="$bad set-has-models:$got"
    must_change "$p" 1 0 reported-but-not-needed "$core"
    verdict=${bad:+DIFF$bad}
  fi
  row "| $s | ${n}x$g | why-none | $total | ${core% }"
done
exit $status
