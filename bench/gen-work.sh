#!/bin/bash
# bench/gen-work.sh — the work of logigram-gen, counted as the nodes of
# search of all its solver calls (what `logigram-gen --verbose` reports at
# its end: the same on every machine and run, unlike the time), for one
# or more versions of the generator side by side (make bench-gen runs it).
#
#   bench/gen-work.sh [LABEL=]PROGRAM...     e.g.
#   bench/gen-work.sh before=/tmp/old/src/logigram-gen after=src/logigram-gen
#   bench/gen-work.sh src/logigram-gen 'faithful=src/logigram-gen -e faithful'
# (no PROGRAM: $LOGIGRAM_GEN, or src/logigram-gen; a PROGRAM with spaces is
# the program and options to put first).
#
# The commands, one set of options per line, come from GEN_WORK_COMMANDS;
# the default is the measure of doc/performance.md ("Four other repairs"):
# the nine 10x10 puzzles of --minimise --work-limit 1000 that need the
# repair of the work limit, and three that do not.  Output: a Markdown
# table, a row per command, and for each program its nodes, the clues it
# wrote, the clues kept for the work limit and its CPU seconds; the last
# column says whether every program wrote the same bytes.  A program that
# does not report its nodes (before bbbaea4) shows "?".
set -u
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ]; then
  sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi
default_commands=$(for s in 3 7 9 12 15 17 18 20 24 1 2 4; do
  echo "--items 10 --groups 10 --seed $s --minimise --work-limit 1000"
done)
commands=${GEN_WORK_COMMANDS:-$default_commands}
[ $# -gt 0 ] || set -- "${LOGIGRAM_GEN:-src/logigram-gen}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x /usr/bin/time ] || { echo "gen-work.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
# shellcheck source=bench/programs.sh
. "$(dirname "${BASH_SOURCE[0]}")/programs.sh"
read_programs gen-work.sh "$@"

head="| command |" rule="|--|"
for l in "${labels[@]}"; do
  head="$head $l nodes | clues | kept | CPU s |"
  rule="$rule--:|--:|--:|--:|"
done
echo "$head same |"
echo "$rule--|"
declare -A total
declare -A unknown
while IFS= read -r cmd; do
  [ -n "$cmd" ] || continue
  row="| \`$cmd\` |" same=yes
  for i in "${!programs[@]}"; do
    out=$tmp/$i.lgm err=$tmp/$i.err
    read -ra words <<<"${programs[$i]}"
    # shellcheck disable=SC2086 # the options are words
    if ! /usr/bin/time -f '%U %S' -o "$tmp/time" \
      "${words[@]}" $cmd --verbose > "$out" 2> "$err"; then
      row="$row failed | | | |"
      unknown[$i]=1
      same=no
      continue
    fi
    nodes=$(tail -n 1 "$err" | sed -n 's/.* \([0-9][0-9]*\) nodes explored.*/\1/p')
    clues=$(grep -c '^clue ' "$out")
    # the numbers before "is/are not needed" (the list may wrap)
    kept=$(sed -n '/^# Clues* [0-9]/,/of search)\.$/p' "$out" | tr '\n' ' ' |
      sed 's/ \(is\|are\) not needed.*//' | grep -o '[0-9][0-9]*' | wc -l)
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$tmp/time")
    row="$row ${nodes:-?} | $clues | $kept | $cpu |"
    total[$i]=$(( ${total[$i]:-0} + ${nodes:-0} ))
    [ -n "$nodes" ] || unknown[$i]=1
    [ "$i" -eq 0 ] || cmp -s "$tmp/0.lgm" "$out" || same=no
  done
  echo "$row $same |"
done <<< "$commands"
row="| all: nodes |"
for i in "${!programs[@]}"; do
  if [ -n "${unknown[$i]:-}" ]; then
    row="$row ? | | | |"
  else
    row="$row ${total[$i]:-0} | | | |"
  fi
done
echo "$row |"
