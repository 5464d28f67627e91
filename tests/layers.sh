#!/usr/bin/env bash
# layers.sh — the map of the house in README.md ("A map of the house") is
# the rule: every module of src/ stands in one layer of its table, and an
# include only points down (or within its layer).  Reads the table, then
# every #include "..." of src/; fails on a module missing from the map or
# an include that points up.
. "${LG_TESTDIR:-tests}/lib.sh"
readme=${top_srcdir:-.}/README.md
src=${top_srcdir:-.}/src

declare -A layer
while IFS= read -r row; do
  n=${row%%.*}
  n=${n#| }
  for m in $(grep -o '`[a-z_]*\(\.h\)\?`' <<<"$row" | tr -d '`'); do
    layer[${m%.h}]=$n
  done
done < <(sed -n '/^## A map of the house/,/^## /p' "$readme" | grep '^| [0-9]\.')

if [ "${#layer[@]}" -lt 10 ]; then
  fail "README.md: no map of the house found"
  finish
  exit
fi

module_of () {
  local f=${1##*/}
  f=${f%.[ch]}
  case $f in problems-data) f=problems ;; esac
  echo "$f"
}

for file in "$src"/*.[ch]; do
  m=$(module_of "$file")
  case $m in config) continue ;; esac
  if [ -z "${layer[$m]:-}" ]; then
    fail "$m ($file) is not in the map of the house"
    continue
  fi
  bad=0
  while read -r inc; do
    t=$(module_of "$inc")
    case $t in config) continue ;; esac
    if [ -z "${layer[$t]:-}" ]; then
      fail "$file includes $inc, which is not in the map"; bad=1
    elif [ "${layer[$t]}" -gt "${layer[$m]}" ]; then
      fail "$file (layer ${layer[$m]}) includes $inc (layer ${layer[$t]}): an include points up"
      bad=1
    fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
  [ "$bad" -eq 0 ] && pass "$file: includes point down"
done
finish
