#!/usr/bin/env bash
# cli-explain.sh — --explain, --hint and --grid on the command line, byte
# for byte (tests/expected/explain-*), their bad uses, and the commands of
# doc/explain.md (through tests/doc-commands.sh).
. "${LG_TESTDIR:-tests}/lib.sh"
input=$LG_TESTDIR/input

same_output "--explain mini4" "$expected/explain-mini4.out" 0 \
  --explain "$LG_DATADIR/mini4.lgm"
same_output "--explain einstein" "$expected/explain-einstein.out" 0 \
  --explain "$LG_DATADIR/einstein.lgm"
same_output "--explain einstein-cat-not-water (no solution)" \
  "$expected/explain-einstein-cat-not-water.out" 0 \
  --explain "$LG_DATADIR/einstein-cat-not-water.lgm"
same_output "--explain einstein-left-of (several solutions)" \
  "$expected/explain-einstein-left-of.out" 0 \
  --explain "$LG_DATADIR/einstein-left-of.lgm"
# two clues combined (a step of two units: the only puzzle here with one)
same_output "--explain gen-5x5-pair (two clues together)" \
  "$expected/explain-gen-5x5-pair.out" 0 \
  --explain "$LG_TESTDIR/input/gen-5x5-pair.lgm"
same_output "--explain --format json mini4" "$expected/explain-mini4.json" 0 \
  --explain --format json "$LG_DATADIR/mini4.lgm"
LC_ALL=C same_output "--explain --grid --grid-every 20 mini4 (C locale: ASCII)" \
  "$expected/explain-mini4-grid-ascii.out" 0 \
  --explain --grid --grid-every 20 "$LG_DATADIR/mini4.lgm"
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then
  LC_ALL=C.UTF-8 same_output "--explain --grid --grid-every 20 mini4 (UTF-8)" \
    "$expected/explain-mini4-grid-utf8.out" 0 \
    --explain --grid --grid-every 20 "$LG_DATADIR/mini4.lgm"
  LC_ALL=C.UTF-8 same_output "--grid --ascii in a UTF-8 locale" \
    "$expected/explain-mini4-empty-grid.out" 0 \
    --grid --ascii "$LG_DATADIR/mini4.lgm"
else
  echo "ok - # SKIP no C.UTF-8 locale"
fi
# The grid after each step holds what the steps so far derived, no more:
# its marks (O yes, X no, right of the row names) counted against the
# facts those steps derive in the JSON.
for file in "$LG_DATADIR/mini4.lgm" "$LG_DATADIR/einstein-cat-not-water.lgm"; do
  name="--explain --grid --grid-every 1 $(basename "$file")"
  LC_ALL=C run "$name" 0 --explain --grid --grid-every 1 --ascii "$file" || continue
  awk '/^[0-9]+\. / { if (n) print n, y, x; n = $1 + 0; y = x = body = 0; next }
       /^-/ { body = 1; next }
       body { sub(/^[^|]*\|/, ""); y += gsub(/O/, ""); x += gsub(/X/, "") }
       END { if (n) print n, y, x }' "$tmp/out" >"$tmp/grids"
  run "$name (json)" 0 --explain --format json "$file" || continue
  awk '/^\{"step": / { d = substr($0, index($0, "\"derives\": "))
                       d = substr(d, 1, index(d, "\"text\": "))
                       y += gsub(/"together": true/, "", d)
                       x += gsub(/"together": false/, "", d)
                       print ++n, y, x }' "$tmp/out" >"$tmp/facts"
  same_files "$name" "$tmp/facts" "$tmp/grids" \
    "each grid holds the facts of the steps so far" \
    "the grids and the steps' facts differ"
done
LC_ALL=C same_output "--grid alone: the empty grid" \
  "$expected/explain-mini4-empty-grid.out" 0 --grid "$LG_DATADIR/mini4.lgm"
same_output "--hint: the next step" "$expected/explain-mini4-hint.out" 0 \
  --hint "$LG_DATADIR/mini4-facts.txt" "$LG_DATADIR/mini4.lgm"
same_output "--hint --format json" "$expected/explain-mini4-hint.json" 0 \
  --hint "$LG_DATADIR/mini4-facts.txt" --format json "$LG_DATADIR/mini4.lgm"
same_output "--hint: a fact against the clues" \
  "$expected/explain-mini4-hint-false.out" 0 \
  --hint "$LG_DATADIR/mini4-facts-false.txt" "$LG_DATADIR/mini4.lgm"
# No facts yet (an empty file): the first step, the one --explain begins with
run "--hint /dev/null" 0 --hint /dev/null "$LG_DATADIR/mini4.lgm" && {
  "$LOGIGRAM" --explain "$LG_DATADIR/mini4.lgm" | head -n 1 |
    sed 's/^1\. /Next step: /' >"$tmp/first"
  if cmp -s "$tmp/out" "$tmp/first"; then pass "--hint /dev/null: the first step"
  else fail "--hint /dev/null: $(cat "$tmp/out")"; fi
}

# The steps come out as they are found (each flushed after the first tenth
# of a second), not all at the end: a long explanation (a hard 12x12, seconds of
# steps by contradiction) has its first step in the file while it runs.
if [ -r /proc/self/stat ]; then
  "$LOGIGRAM" --explain "$LG_DATADIR/hard/12x12-s3.lgm" >"$tmp/stream" \
    2>/dev/null </dev/null &
  pid=$!
  for _ in $(seq 300); do
    [ -s "$tmp/stream" ] && break
    sleep 0.1
  done
  # R or S, not Z (ended, not yet waited for) nor gone
  state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -c1)
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if head -n 1 "$tmp/stream" | grep -q '^1\. Clue ' &&
    [ -n "$state" ] && [ "$state" != Z ] &&
    ! grep -q '^Difficulty' "$tmp/stream"; then
    pass "--explain: the steps printed as they are found"
  else
    fail "--explain: the steps printed as they are found (state '$state', $(wc -l <"$tmp/stream") lines)"
  fi
else
  echo "ok - # SKIP no /proc: the streaming check"
fi

# A minimised 7x7 puzzle, whole: 41 steps by contradiction, each chosen
# among the suppositions by propagating them (a propagation that skips a
# clue it should weigh, or closes the grid otherwise, picks other ones)
same_output "--explain gen-7x7-search (suppositions)" \
  "$expected/explain-gen-7x7-search.out" 0 \
  --explain "$input/gen-7x7-search.lgm"

# The last resort: a minimised 7x7 puzzle that ends with a Search step,
# told as the rows of the one solution left (its last three lines)
"$LOGIGRAM" --explain "$input/gen-7x7-search.lgm" >"$tmp/out" 2>"$tmp/err"
if tail -n 3 "$tmp/out" | cmp -s - "$expected/explain-gen-7x7-search-end.out"
then pass "--explain: the Search step names the rows of the solution left"
else
  fail "--explain: the Search step"
  tail -n 3 "$tmp/out" | cut -c1-200 | sed 's/^/#   /'
fi

# A bad fact file: one FILE:LINE:COLUMN line on stderr, exit 1, no stdout.
bad_facts () {
  local file=$1 want=$2
  run "--hint $file" 1 --hint "$input/$file" "$LG_DATADIR/mini4.lgm" || return
  if [ -s "$tmp/out" ]; then fail "--hint $file: wrote on stdout"; return; fi
  if [ "$(cat "$tmp/err")" = "$input/$file:$want" ]; then pass "--hint $file"
  else fail "--hint $file: stderr is '$(cat "$tmp/err")'"; fi
}
bad_facts hint-unknown-item.txt "2:13: error: unknown item 'nobody'"
bad_facts hint-same-group.txt "1:10: error: item 'red' and item 'green' are both in group 'color': a couple needs two different groups"
bad_facts hint-no-keyword.txt "1:1: error: a fact is 'yes X, Y' or 'no X, Y'"
# a list of three references, which a rule may be but not a fact
bad_facts hint-list.txt "2:17: error: a fact is one couple of two references: write each couple of a list on a line of its own"
# an operator's character: what a fact is, not the operator of the rules
bad_facts hint-operator.txt "2:12: error: unexpected character '&': a fact is 'yes X, Y' or 'no X, Y', one a line"
# the puzzle given where the facts go (logigram --hint p.lgm)
bad_facts hint-puzzle.txt "4:1: error: a fact is 'yes X, Y' or 'no X, Y', and this line belongs in a problem file: --hint=FACTS takes the file of the facts known so far, then the puzzle (logigram --hint=FACTS PUZZLE.lgm; with no facts yet, --hint=/dev/null gives the first step)"
# checked as a problem file's lines are (found while writing fuzz_cli)
bad_facts hint-control.txt "1:13: error: control character U+0001 in the file"
bad_facts hint-utf8.txt "2:10: error: invalid UTF-8 byte 0xFF"
bad_facts hint-nul.txt "1:15: error: NUL byte in the file"
# the facts are read as the couples of the problem file are: tabs, strings,
# GROUP:ITEM, numeric items by value (007 is 7), comments, CRLF
printf 'numeric age: 7, 12, 350\natomic name: Ann, "Bo Li", Cy\n' >"$tmp/ages.lgm"
printf 'yes Ann, 7\nno "Bo Li", 12\n' >"$tmp/plain.txt"
printf 'yes\tname:Ann ,\tage:007  # a comment\r\n\tno "Bo Li",012\n' >"$tmp/written.txt"
"$LOGIGRAM" --hint "$tmp/plain.txt" "$tmp/ages.lgm" >"$tmp/plain.out" 2>&1
"$LOGIGRAM" --hint "$tmp/written.txt" "$tmp/ages.lgm" >"$tmp/written.out" 2>&1
if [ -s "$tmp/plain.out" ] && cmp -s "$tmp/plain.out" "$tmp/written.out"; then
  pass "--hint: facts written as in a problem file"
else
  fail "--hint: facts written as in a problem file: $(cat "$tmp/written.out")"
fi
# facts that contradict each other, not the clues: a cell given both ways,
# two partners in one group
for case in "no Italian, red|Italian is with red; Italian is not with red|contradict each other" \
  "yes Italian, green|Italian is with red; Italian is with green|break the one-to-one rule"; do
  second=${case%%|*}
  rest=${case#*|}
  facts=${rest%%|*}
  why=${rest#*|}
  printf 'yes Italian, red\n%s\n' "$second" >"$tmp/both.txt"
  run "--hint: $second" 0 --hint "$tmp/both.txt" "$LG_DATADIR/mini4.lgm" && {
    want="The facts given contradict each other ($facts): the steps that show it:
1. Grid: $facts (given) $why."
    if [ "$(cat "$tmp/out")" = "$want" ]; then
      pass "--hint: facts that contradict each other ($why)"
    else
      fail "--hint: facts that contradict each other: $(cat "$tmp/out")"
    fi
  }
done
# and a name with a blank must be quoted there too
printf 'yes Bo Li, 12\n' >"$tmp/unquoted.txt"
run "--hint: unquoted name with a blank" 1 --hint "$tmp/unquoted.txt" "$tmp/ages.lgm" && {
  if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
    grep -q "^$tmp/unquoted.txt:1:5: error: .*Bo" "$tmp/err"; then
    pass "--hint: unquoted name with a blank is an error"
  else
    fail "--hint: unquoted name with a blank: $(cat "$tmp/err")"
  fi
}
# read as the problem file is: bounded (an endless stream is refused), and
# "-" is the standard input
timeout 20 "$LOGIGRAM" --memory-limit 1M --hint /dev/zero \
  "$LG_DATADIR/mini4.lgm" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" = 1 ] && [ ! -s "$tmp/out" ] &&
  [ "$(cat "$tmp/err")" = "/dev/zero: error: the input is larger than 32.0 KiB, the most a memory limit of 1.0 MiB allows (1/32 of it); raise --memory-limit" ]
then pass "--hint /dev/zero is refused at the bound"
else fail "--hint /dev/zero: status $status, '$(head -c 300 "$tmp/err")'"; fi
"$LOGIGRAM" --hint - "$LG_DATADIR/mini4.lgm" <"$LG_DATADIR/mini4-facts.txt" \
  >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/out" "$expected/explain-mini4-hint.out"; then
  pass "--hint - reads the facts from the standard input"
else fail "--hint -: not the output of the file"; fi
printf 'yes Italian, nobody\n' | "$LOGIGRAM" --hint - "$LG_DATADIR/mini4.lgm" \
  >"$tmp/out" 2>"$tmp/err"
if [ "$(cat "$tmp/err")" = "<stdin>:1:14: error: unknown item 'nobody'" ]; then
  pass "--hint -: errors name <stdin>"
else fail "--hint -: '$(cat "$tmp/err")'"; fi

run "--hint of a missing file" 1 --hint "$tmp/none.txt" "$LG_DATADIR/mini4.lgm" &&
  if [ "$(cat "$tmp/err")" = "$tmp/none.txt: error: No such file or directory" ] &&
    [ ! -s "$tmp/out" ]; then pass "--hint of a missing file"
  else fail "--hint of a missing file: '$(cat "$tmp/err")'"; fi

bad_command "--explain --count" --explain --count
bad_command "--hint - with the problem on stdin too" --hint - -
bad_command "--explain --hint" --explain --hint "$LG_DATADIR/mini4-facts.txt"
bad_command "--grid --format json" --grid --explain --format json
bad_command "--grid-every without --grid" --explain --grid-every 3
bad_command "--grid-every 0" --explain --grid --grid-every 0
bad_command "--ascii without --grid" --explain --ascii

# logigram-gen --difficulty: the seed kept is named in the header, gives
# the same puzzle without --difficulty, and logigram grades it so.
for level in easy medium expert; do
  if ! run_program "$LOGIGRAM_GEN" "gen --difficulty $level" 0 \
    --items 4 --groups 4 --seed 1 --difficulty "$level"; then continue; fi
  cp "$tmp/out" "$tmp/graded.lgm"
  seed=$(sed -n 's/^#   logigram-gen .*--seed \([0-9]*\).*/\1/p' "$tmp/graded.lgm")
  run_program "$LOGIGRAM_GEN" "gen --seed $seed" 0 --items 4 --groups 4 \
    --seed "$seed" || continue
  if ! cmp -s "$tmp/out" "$tmp/graded.lgm"; then
    fail "gen --difficulty $level: seed $seed gives another puzzle"; continue
  fi
  run "explain the $level puzzle" 0 --explain "$tmp/graded.lgm" || continue
  if tail -1 "$tmp/out" | grep -q "^Difficulty: $level "; then
    pass "gen --difficulty $level (seed $seed)"
  else fail "gen --difficulty $level: graded $(tail -1 "$tmp/out")"; fi
done
run_program "$LOGIGRAM_GEN" "gen --difficulty silly" 2 --difficulty silly &&
  pass "gen --difficulty silly: a usage error"

# doc/explain.md: its commands and their outputs
if LG_DOC="$top_srcdir/doc/explain.md" "${LG_BASH:-bash}" \
  "$LG_TESTDIR/doc-commands.sh" >"$tmp/doc" 2>&1; then
  pass "doc/explain.md: every command prints what the document shows"
else
  fail "doc/explain.md: a command differs"
  grep -v '^ok' "$tmp/doc" | head -10 | sed 's/^/#   /'
fi

# A puzzle with few clues leaves many cells open: the text names 40 and
# says how many more, JSON lists them all.
printf 'atomic a: a1, a2, a3\natomic b: b1, b2, b3\natomic c: c1, c2, c3\natomic d: d1, d2, d3\natomic e: e1, e2, e3\n' \
  >"$tmp/open.lgm"
run "--explain, 90 cells open" 0 --explain "$tmp/open.lgm" && {
  line=$(grep "cells stay open" "$tmp/out")
  if [ "$(printf '%s' "$line" | grep -o ' with ' | wc -l)" = 40 ] &&
    [ "${line%; and 50 more (--format json lists them all).}" != "$line" ]; then
    pass "--explain names 40 open cells of 90"
  else
    fail "--explain open cells: $line"
  fi
}
run "--explain --format json, 90 cells open" 0 --explain --format json "$tmp/open.lgm" && {
  if [ "$(grep -o '"a": ' "$tmp/out" | wc -l)" = 90 ]; then
    pass "--explain --format json lists the 90 open cells"
  else
    fail "--explain --format json open cells: $(head -c 300 "$tmp/out")"
  fi
}
finish
