#!/bin/bash
# cli-views.sh — end-to-end tests of the views of the inside (--show WHAT,
# --dot, --max-nodes), byte for byte.
#
# Each check runs src/logigram and compares its stdout with a file
# tests/expected/views-*, and its exit status (0 solved, 1 invalid problem,
# 2 bad command line).  The expected files were written by the program and
# checked by hand (small.lgm's tree is worked out in tests/check_views.c).
# Environment (set by make check): LOGIGRAM, LG_DATADIR, LG_TESTDIR.
. "${LG_TESTDIR:-tests}/lib.sh"

# ---- Each view, on small.lgm and classic.lgm ---------------------------------
for p in small classic; do
  for v in permutations groups masks tree; do
    same_output "--show $v $p.lgm" "$expected/views-$p-$v.out" 0 \
      --show "$v" "$LG_DATADIR/$p.lgm"
  done
  same_output "--dot $p.lgm" "$expected/views-$p.dot" 0 --dot \
    "$LG_DATADIR/$p.lgm"
done

# The bits of each mask as the tutorial draws them: the permutations listed
# for n <= 4 (small.lgm), the cap of --max-nodes (the classic).
same_output "--show bits small.lgm" "$expected/views-small-bits.out" 0 \
  --show bits "$LG_DATADIR/small.lgm"
same_output "--show bits --max-nodes 20 classic.lgm" \
  "$expected/views-classic-bits-20.out" 0 --show bits --max-nodes 20 \
  "$LG_DATADIR/classic.lgm"
# small.lgm's unbound group as the course notes work it (section 1.4):
# children-birth keeps permutation 1, forname-children 4 and 5, the AND of
# its three rules.
run "--show bits: the notes' masks" 0 --show bits "$LG_DATADIR/small.lgm" && {
  if [ "$(grep -c '^  value:  1 0 0 0 0 0$' "$tmp/out")" = 1 ] &&
    grep -qzF '  rule 1: 0 0 1 1 1 1
  rule 3: 0 1 1 1 1 0
  rule 4: 0 1 0 1 1 1
  value:  0 0 0 1 1 0' "$tmp/out"; then
    pass "--show bits: the notes' masks"
  else
    fail "--show bits: the notes' masks"
  fi
}

# Every mask of the tree is the AND of its rules' rows (each rule's bits
# computed by the view, the mask by the builder), on every problem of data/.
for f in "$LG_DATADIR"/*.lgm; do
  run "--show bits $(basename "$f")" 0 --engine=faithful --show bits \
    --max-nodes 100000 --count "$f" || continue
  if awk '
    /^mask / { masks++ }
    /^  index:/ { row++; rules = 0 }
    /^  rule [0-9]*: / { rules++
      for (k = 3; k <= NF; k++) all[row, k] = (rules == 1 ? $k : all[row, k] && $k) }
    /^  value:/ { for (k = 2; k <= NF; k++)
        if (rules && all[row, k + 1] != $k) bad++ }
    END { exit !(masks > 0 && bad == 0) }' "$tmp/out"; then
    pass "--show bits $(basename "$f"): each mask is the AND of its rules"
  else
    fail "--show bits $(basename "$f"): a mask is not the AND of its rules"
  fi
done

# Several views, in the order given, then the solutions as usual.
same_output "--show tree --show groups" "$expected/views-small-tree-groups.out" \
  0 --show tree --show groups "$LG_DATADIR/small.lgm"
run "--show leaves the solutions unchanged" 0 --show masks --show tree && {
  size=$(wc -c <"$expected/classic.out")
  if tail -c "$size" "$tmp/out" | cmp -s - "$expected/classic.out"; then
    pass "--show leaves the solutions unchanged"
  else
    fail "--show changed the solutions"
  fi
}

# More than 6 items: the first and last 20 rows of the permutations.
same_output "--show permutations, 7 items" \
  "$expected/views-seven-permutations.out" 0 --show permutations \
  "$LG_TESTDIR/input/seven.lgm"

# Quotes and backslashes in names are escaped in DOT.
same_output "--dot escapes names" "$expected/views-escapes.dot" 0 --dot \
  "$LG_TESTDIR/input/escapes.lgm"

# ---- --max-nodes ---------------------------------------------------------------
same_output "--show tree --max-nodes 10" "$expected/views-classic-tree-10.out" \
  0 --show tree --max-nodes 10 "$LG_DATADIR/classic.lgm"
same_output "--dot --max-nodes 10" "$expected/views-classic-10.dot" 0 --dot \
  --max-nodes 10 "$LG_DATADIR/classic.lgm"
run "--max-nodes 1" 0 --dot --max-nodes 1 "$LG_DATADIR/small.lgm" && {
  if [ "$(grep -c '^  n[0-9]* \[' "$tmp/out")" = 1 ] &&
    grep -q '^  more \[shape=note, label="12 more nodes"\];$' "$tmp/out"; then
    pass "--max-nodes 1"
  else
    fail "--max-nodes 1"
  fi
}
# The default cap is 200 nodes: the jojo tree has 385.
run "--dot default cap" 0 --dot -p jojo && {
  if [ "$(grep -c '^  n[0-9]* \[' "$tmp/out")" = 200 ] &&
    grep -q '^  more \[shape=note, label="[0-9]* more nodes"\];$' "$tmp/out"
  then
    pass "--dot default cap"
  else
    fail "--dot default cap"
  fi
}

# ---- The DOT drawn by Graphviz, when it is installed --------------------------
# Each constraint group in its cluster; the classic at the default cap stays
# readable: at most about 4000 pixels wide.
if command -v dot >/dev/null 2>&1; then
  for p in small classic; do
    run "--dot $p.lgm | dot -Tpng" 0 --dot "$LG_DATADIR/$p.lgm" && {
      if dot -Tpng -o "$tmp/$p.png" "$tmp/out" 2>"$tmp/dot.err"; then
        # the PNG header: width and height, big-endian, at bytes 16 and 20
        width=$(od -An -tu1 -j16 -N4 "$tmp/$p.png" |
          awk '{print (($1 * 256 + $2) * 256 + $3) * 256 + $4}')
        if [ "$width" -gt 0 ] && [ "$width" -le 4000 ]; then
          pass "--dot $p.lgm: dot draws it $width pixels wide"
        else
          fail "--dot $p.lgm: dot draws it $width pixels wide (over 4000)"
        fi
      else
        fail "--dot $p.lgm: dot refuses it"
        sed 's/^/#   /' "$tmp/dot.err" | head -5
      fi
    }
  done
else
  echo "# SKIP: Graphviz (dot) is not installed: the DOT is not drawn"
fi

# ---- --trace: the labels, and --trace-limit -------------------------------------
run "--trace labels the nodes" 0 --trace --count "$LG_DATADIR/classic.lgm" && {
  if grep -q '^explore AND (10): unbound group, clues 1-4, 6-9, 12, 13$' \
    "$tmp/err" &&
    grep -q '^explore OR (5) on a: group 4, clue 14$' "$tmp/err" &&
    grep -q '^ *explore AND (2): a = mid-left, b = left$' "$tmp/err"; then
    pass "--trace labels the nodes"
  else
    fail "--trace labels the nodes"
  fi
}
# jojo's trace has more than the default 10000 lines: the first 10000, then
# one line saying how many were left out.
run "--trace-limit default" 0 --trace --count -p jojo && {
  all=$("$LOGIGRAM" --trace --trace-limit 0 --count -p jojo 2>&1 >/dev/null |
    wc -l)
  if [ "$(wc -l <"$tmp/err")" = 10001 ] &&
    tail -1 "$tmp/err" | grep -qx "\.\.\. $((all - 10000)) more trace lines left out (--trace-limit 10000)" &&
    [ "$(cat "$tmp/out")" = 1 ]; then
    pass "--trace-limit default: 10000 of $all lines"
  else
    fail "--trace-limit default"
  fi
}
run "--trace-limit 3" 0 --trace --trace-limit 3 "$LG_DATADIR/small.lgm" && {
  head -3 "$expected/small-trace.err" >"$tmp/want"
  echo "... 18 more trace lines left out (--trace-limit 3)" >>"$tmp/want"
  if cmp -s "$tmp/want" "$tmp/err" && cmp -s "$tmp/out" "$expected/small.out"
  then
    pass "--trace-limit 3"
  else
    fail "--trace-limit 3"
    diff "$tmp/want" "$tmp/err" | head -5 | sed 's/^/#   /'
  fi
}
run "--trace-limit 21: all of it" 0 --trace --trace-limit 21 \
  "$LG_DATADIR/small.lgm" && {
  if cmp -s "$tmp/err" "$expected/small-trace.err"; then
    pass "--trace-limit 21: all of it, no last line"
  else
    fail "--trace-limit 21"
  fi
}
bad_command "--trace-limit x" --trace --trace-limit x
bad_command "--trace-limit -1" --trace --trace-limit -1
bad_command "--trace-limit without --trace" --trace-limit 5

# ---- --prune: the same output as the faithful engine, fewer nodes ---------------
# nodes N: the "nodes explored" of the --stats in $tmp/err.
nodes () { awk '/nodes explored/ {print $3}' "$tmp/err"; }
house_last=nationality,animal,drink,cigarette,color,house
# same_pruned NAME MIN_RATIO ARGS...: --prune prints what --engine=faithful
# prints, byte for byte, exploring at most 1/MIN_RATIO of its nodes (1: no
# more nodes).
same_pruned () {
  local name=$1 ratio=$2
  shift 2
  run "$name" 0 --engine=faithful --stats "$@" || return
  cp "$tmp/out" "$tmp/faithful.out"
  local before
  before=$(nodes)
  run "$name --prune" 0 --prune --stats "$@" || return
  local after
  after=$(nodes)
  if ! cmp -s "$tmp/out" "$tmp/faithful.out"; then
    fail "--prune $name: the output differs from the faithful engine's"
    diff "$tmp/faithful.out" "$tmp/out" | head -5 | sed 's/^/#   /'
  elif [ "$after" -gt "$before" ] || [ $((after * ratio)) -gt "$before" ]; then
    fail "--prune $name: $before nodes explored, then $after"
  else
    pass "--prune $name: the same output, $before nodes explored, then $after"
  fi
}
for p in classic small big; do
  same_pruned "-p $p" 1 -p "$p"
done
same_pruned "--drop 1" 1 --drop 1
same_pruned "houses last" 1 --order "$house_last"
same_pruned "--drop 1, houses last" 1 --drop 1 --order "$house_last"
same_pruned "einstein --max-solutions 2" 1 --max-solutions 2 \
  "$LG_DATADIR/einstein.lgm"
# visibly fewer on the tutorial's problems, at least 10 times fewer on a
# generated 5x6 puzzle
same_pruned "-p jojo, 5 times" 5 -p jojo
run "houses last, --prune" 0 --prune --stats --count --order "$house_last" &&
  pruned=$(nodes) &&
  run "houses last, faithful" 0 --stats --count --order "$house_last" && {
  if [ $((pruned * 4)) -le $(($(nodes) * 3)) ]; then
    pass "--prune houses last: $pruned of $(nodes) nodes, a quarter fewer"
  else
    fail "--prune houses last: $pruned of $(nodes) nodes"
  fi
}
"${LOGIGRAM_GEN:-src/logigram-gen}" --items 5 --groups 6 --seed 1 \
  >"$tmp/gen-5x6.lgm"
same_pruned "a generated 5x6 puzzle, 10 times" 10 "$tmp/gen-5x6.lgm"
# the trace says where it prunes
run "--prune --trace" 0 --prune --trace --count -p jojo && {
  if grep -q '^ *pruned: an item has no partner left$' "$tmp/err"; then
    pass "--prune --trace says where it prunes"
  else
    fail "--prune --trace"
  fi
}

# ---- --help ----------------------------------------------------------------------
run "--help" 0 --help && {
  missing=
  for o in --show --dot --max-nodes --trace-limit --prune; do
    grep -q -- "$o" "$tmp/out" || missing="$missing $o"
  done
  if [ -z "$missing" ]; then pass "--help lists the view options"; else
    fail "--help lacks$missing"; fi
}

# ---- Bad command lines: status 2, nothing on stdout ------------------------------
bad_command "--show nosuch" --show nosuch
bad_command "--show tree --show nosuch" --show tree --show nosuch
bad_command "--show without WHAT" --show
bad_command "--max-nodes 0" --show tree --max-nodes 0
bad_command "--max-nodes x" --dot --max-nodes x
bad_command "--dot with --show" --dot --show tree
bad_command "--dot with --trace" --dot --trace
bad_command "--dot with --time-limit" --dot --time-limit 1

# ---- Invalid problems: status 1, nothing on stdout --------------------------------
run "--show on an invalid problem" 1 --show permutations --show groups \
  --show masks --show tree "$LG_TESTDIR/bad/size-mismatch.lgm" && {
  if [ ! -s "$tmp/out" ]; then pass "--show on an invalid problem"; else
    fail "--show on an invalid problem wrote on stdout"; fi
}
# An overflow is found by the transformation: still nothing on stdout.
printf 'numeric n: 1, 2\natomic a: x, y\nvar v: n\nv * 9223372036854775807 > 0\nyes v, a:x\n' \
  >"$tmp/overflow.lgm"
for opt in "--show groups" "--dot"; do
  # shellcheck disable=SC2086
  run "$opt on an overflow" 1 $opt "$tmp/overflow.lgm" && {
    if [ ! -s "$tmp/out" ] &&
      grep -q "overflow.lgm:4:1: error: integer overflow" "$tmp/err"; then
      pass "$opt on an overflow"
    else
      fail "$opt on an overflow"
    fi
  }
done

finish
