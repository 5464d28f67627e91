#!/bin/bash
# bench/callgrind.sh — instruction counts (valgrind --tool=callgrind, the
# whole process: start-up, parsing, the three steps, printing) of one or
# more logigram programs on the faithful targets, as a Markdown table.
#
#   bench/callgrind.sh [LABEL=]PROGRAM...     e.g.
#   bench/callgrind.sh before=/tmp/perf-before/src/logigram after=src/logigram
#   bench/callgrind.sh default=src/logigram \
#     'fewest=src/logigram --check=fewest --challenge'
# (a PROGRAM with spaces is the program and options to put first).
#
# Problems (the built-in ones, so that any version of logigram takes them):
# classic, jojo, big, house-last (classic, --order with the house group
# last), drop-1-house-last (the same with --drop 1); CALLGRIND_EXTRA=1 adds
# small and drop-1.  Each run's output is compared with the first program's:
# the programs must print the same solutions.  Instruction counts do not
# depend on the load of the machine: this is the stable measure.
# With two programs or more, the last column is last / first.
set -u
if [ $# -eq 0 ]; then
  sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
command -v valgrind >/dev/null 2>&1 || { echo "callgrind.sh: valgrind is not installed" >&2; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=bench/programs.sh
. "$(dirname "${BASH_SOURCE[0]}")/programs.sh"
read_programs callgrind.sh "$@"

house_last=(--order 'nationality,animal,drink,cigarette,color,house')
names=(classic jojo big house-last drop-1-house-last)
declare -A argv=(
  [classic]="-p classic"
  [jojo]="-p jojo"
  [big]="-p big"
  [house-last]="-p classic ${house_last[*]}"
  [drop-1-house-last]="-p classic --drop 1 ${house_last[*]}"
  [small]="-p small"
  [drop-1]="-p classic --drop 1"
)
[ "${CALLGRIND_EXTRA:-0}" != 0 ] && names+=(small drop-1)

head="| problem |" rule="|---|"
for l in "${labels[@]}"; do head="$head $l Ir |" rule="$rule--:|"; done
[ ${#programs[@]} -ge 2 ] && head="$head ${labels[-1]} / ${labels[0]} |" rule="$rule--:|"
echo "$head"
echo "$rule"
status=0
for n in "${names[@]}"; do
  # shellcheck disable=SC2206
  args=(${argv[$n]})
  line="| $n |" first='' last=''
  for i in "${!programs[@]}"; do
    read -ra words <<<"${programs[$i]}"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
      "${words[@]}" "${args[@]}" >"$tmp/out.$i" 2>"$tmp/err.$i"
    ir=$(sed -n 's/^==[0-9]*== Collected : *\([0-9][0-9]*\)$/\1/p' "$tmp/err.$i")
    if [ -z "$ir" ]; then
      echo "callgrind.sh: no count for ${labels[$i]} on $n" >&2
      sed 's/^/#   /' "$tmp/err.$i" | tail -5 >&2
      status=1 ir=0
    fi
    # the same solutions (--check=fewest may print them in another order)
    if [ "$i" -gt 0 ] && ! cmp -s <(LC_ALL=C sort "$tmp/out.0") <(LC_ALL=C sort "$tmp/out.$i"); then
      echo "callgrind.sh: ${labels[$i]} prints other solutions than ${labels[0]} on $n" >&2
      status=1
    fi
    [ -z "$first" ] && first=$ir
    last=$ir
    line="$line $(echo "$ir" | sed -e :a -e 's/\B[0-9]\{3\}\>/,&/;ta') |"
  done
  if [ ${#programs[@]} -ge 2 ]; then
    line="$line $(awk -v a="$last" -v b="$first" 'BEGIN { printf (b > 0 ? "%.3f" : "-"), a / b }') |"
  fi
  echo "$line"
done
exit $status
