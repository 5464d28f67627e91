#!/bin/bash
# gen-memory.sh — problems of the shapes that the memory limit must bound
# (tests/cli-memory.sh; issue 14, item 1), on stdout:
#   gen-memory.sh groups G N     G groups of N items, no rule (many small
#                                groups: G = 3000, N = 1 is the issue's)
#   gen-memory.sh rules G N R    G groups of N items and R rules of one
#                                variable each (R constraint groups)
#   gen-memory.sh vars G N V     G groups of N items and one constraint
#                                group of V variables over group 0
#   gen-memory.sh repeat G N     G groups of N items (group 0 ordered) and
#                                a variable left free by the solutions
#                                (tests/input/free-variable.lgm's rules):
#                                the tree reaches a solution along two
#                                paths, and the faithful engine keeps every
#                                solution to tell them apart
#   gen-memory.sh leaves G N R   G groups of N items (group 0 numeric) and
#                                R rules of three variables over group 0
#                                (a sum): N^3 leaves in each constraint
#                                group, for the fast engine's builder and
#                                the indexes it lays out
set -u
shape=${1:-}
shift
case $shape in
groups)
  G=$1 N=$2
  for ((g = 0; g < G; g++)); do
    printf 'atomic g%d:' "$g"
    for ((k = 0; k < N; k++)); do
      printf '%s i%d_%d' "$([ "$k" = 0 ] || echo ,)" "$g" "$k"
    done
    printf '\n'
  done
  ;;
rules)
  G=$1 N=$2 R=$3
  "$0" groups "$G" "$N"
  for ((r = 0; r < R; r++)); do
    a=$((r % G)) b=$(((r + 1) % G)) c=$(((r + 2) % G))
    printf 'var v: g%d\nyes v, g%d:i%d_%d\nno v, g%d:i%d_%d\n' "$a" \
      "$b" "$b" $((r % N)) "$c" "$c" $(((r / N) % N))
  done
  ;;
vars)
  G=$1 N=$2 V=$3
  "$0" groups "$G" "$N"
  printf 'var'
  for ((v = 0; v < V; v++)); do printf '%s v%d' "$([ "$v" = 0 ] || echo ,)" "$v"; done
  printf ': g0\n'
  for ((v = 0; v < V; v++)); do
    h=$((1 + v % (G - 1)))
    printf 'no v%d, g%d:i%d_%d\n' "$v" "$h" "$h" $((v % N))
  done
  ;;
repeat)
  G=$1 N=$2
  "$0" groups "$G" "$N" | sed '1s/^atomic/ordered/'
  printf 'var a, b: g0\nabs(a - b) = 1\nyes b, g1:i1_0\n'
  ;;
leaves)
  G=$1 N=$2 R=$3
  printf 'numeric g0:'
  for ((k = 1; k <= N; k++)); do printf '%s %d' "$([ "$k" = 1 ] || echo ,)" "$k"; done
  printf '\n'
  "$0" groups "$G" "$N" | sed 1d
  for ((r = 0; r < R; r++)); do
    printf 'var a, b, c: g0\na + b + c > %d\nyes a, g1:i1_%d\n' \
      $((r % 20 + 3)) $((r % N))
    printf 'yes b, g2:i2_%d\nno c, g1:i1_%d\n' $(((r * 7) % N)) \
      $(((r * 3 + 1) % N))
  done
  ;;
*)
  echo "usage: gen-memory.sh groups G N | rules G N R | vars G N V |" \
    "repeat G N | leaves G N R" >&2
  exit 2
  ;;
esac
