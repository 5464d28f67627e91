#!/bin/bash
# cli.sh — end-to-end tests of the command line, byte for byte.
#
# Each check runs src/logigram and compares its stdout with a file of
# tests/expected/, its stderr with what is expected, and its exit status
# (0 solved, 1 invalid problem, 2 bad command line).  Environment (set by
# make check): LOGIGRAM, LG_DATADIR, LG_TESTDIR.
. "${LG_TESTDIR:-tests}/lib.sh"

# ---- The tutorial problems, built in and from data/ ------------------------
same_output "default is classic" "$expected/classic.out" 0
for p in classic small jojo big; do
  same_output "--problem $p" "$expected/$p.out" 0 --problem "$p"
  same_output "data/$p.lgm" "$expected/$p.out" 0 "$LG_DATADIR/$p.lgm"
done

# ---- The Einstein riddle and its variants, the 4x4 mini puzzle --------------
for p in einstein einstein-left-of einstein-cat-water einstein-cat-not-water \
  mini4; do
  same_output "data/$p.lgm" "$expected/$p.out" 0 "$LG_DATADIR/$p.lgm"
done
# ---- Couples inside logic, if-then, counting, identity (issue 11) -----------
same_output "data/dinner.lgm" "$expected/dinner.out" 0 "$LG_DATADIR/dinner.lgm"
same_output "data/dinner.lgm, fast" "$expected/dinner.out" 0 --engine=fast \
  "$LG_DATADIR/dinner.lgm"
same_output "data/dinner.lgm --list-clues" "$expected/dinner-clues.out" 0 \
  --list-clues "$LG_DATADIR/dinner.lgm"
same_output "the issue's examples" "$expected/logic-examples.out" 0 \
  "$LG_TESTDIR/input/logic-examples.lgm"
same_output "the issue's examples, fast" "$expected/logic-examples.out" 0 \
  --engine=fast "$LG_TESTDIR/input/logic-examples.lgm"
for e in faithful fast; do
  run "at least, identity ($e)" 0 --engine=$e -c \
    "$LG_TESTDIR/input/identity.lgm" && {
    if [ "$(cat "$tmp/out")" = 216 ]; then pass "at least, identity ($e)"
    else fail "at least, identity ($e): $(cat "$tmp/out")"; fi
  }
done

run "einstein: the German keeps the fish" 0 "$LG_DATADIR/einstein.lgm" && {
  if grep -qx "nationality of fish: German" "$tmp/out" &&
    tail -n 2 "$tmp/out" | grep -qx "1 solution"; then
    pass "einstein answer"
  else
    fail "einstein answer"
  fi
}

# ---- The tutorial's exercises ----------------------------------------------
same_output "--drop 1 (25 solutions)" "$expected/classic-drop1.out" 0 --drop 1
same_output "--order house last" "$expected/classic-house-last.out" 0 \
  --order nationality,animal,drink,cigarette,color,house
same_output "--drop 1 --order house last" \
  "$expected/classic-drop1-house-last.out" 0 --drop 1 \
  --order nationality,animal,drink,cigarette,color,house
same_output "-d 1 -d 2 short options" "$expected/classic-drop1-drop2.out" 0 \
  -d 1 -d 2

# --stats writes on stderr only, and names every counter
run "--stats" 0 --stats && {
  if cmp -s "$tmp/out" "$expected/classic.out"; then
    pass "--stats leaves stdout unchanged"
  else
    fail "--stats changed stdout"
  fi
  missing=
  for c in "time describe" "time transform" "time explore" \
    "constraint groups" "variables" "leaves tried" "leaves kept" \
    "AND nodes" "OR nodes" "mask nodes" "nodes explored" "alternatives" \
    "backtracks" "tree solutions" "candidates tried" "permutation checks" \
    "solutions"; do
    grep -q "^$c: " "$tmp/err" || missing="$missing [$c]"
  done
  if [ -z "$missing" ]; then pass "--stats counters"; else
    fail "--stats lacks$missing"; fi
  # and --help names every counter that --stats prints
  "$LOGIGRAM" --help > "$tmp/help"
  missing=
  while IFS=: read -r name _; do
    case $name in engine | time\ *) continue ;; esac
    case $name in
      "AND nodes" | "OR nodes" | "mask nodes") key="AND/OR/mask nodes" ;;
      "leaves tried" | "leaves kept") key="leaves tried/kept" ;;
      *) key=$name ;;
    esac
    grep -qF "  $key " "$tmp/help" || missing="$missing [$name]"
  done < "$tmp/err"
  if [ -z "$missing" ]; then pass "--help names every --stats counter"; else
    fail "--help does not name$missing"; fi
  if grep -q '^permutation checks: *161606$' "$tmp/err" &&
    grep -q '^solutions: *1$' "$tmp/err"; then
    pass "--stats classic counts"
  else
    fail "--stats classic counts"
    sed 's/^/#   /' "$tmp/err"
  fi
}
run "--stats house last" 0 --stats --count \
  --order nationality,animal,drink,cigarette,color,house && {
  if grep -q '^permutation checks: *4846692$' "$tmp/err"; then
    pass "--stats house-last checks"
  else
    fail "--stats house-last checks"
  fi
}

# ---- The tutorial's improvement exercises: the same solutions ------------------
# solution_set FILE: each solution's rows joined on one line, sorted.
solution_set () {
  awk '/^\| / && !/^\| (house|forname|film|nationality) / { row = row $0 }
       /^\+/ && row != "" { print row; row = "" }' "$1" | sort
}
run "--trace writes the steps on stderr" 0 -p small --trace && {
  if cmp -s "$tmp/err" "$expected/small-trace.err" &&
    cmp -s "$tmp/out" "$expected/small.out"; then
    pass "--trace small"
  else
    fail "--trace small"
    diff "$expected/small-trace.err" "$tmp/err" | head -10 | sed 's/^/#   /'
  fi
}
run "--show masks --trace: the masks at each solution" 0 -p small \
  --show masks --trace && {
  if cmp -s "$tmp/err" "$expected/small-trace-masks.err"; then
    pass "--show masks --trace small"
  else
    fail "--show masks --trace small"
  fi
}
for f in "$LG_DATADIR"/*.lgm; do
  "$LOGIGRAM" "$f" >"$tmp/default" 2>/dev/null
  solution_set "$tmp/default" >"$tmp/default.set"
  for opts in "--challenge" "--check=intersect" "--check=fewest" \
    "--challenge --check=intersect" "--challenge --check=fewest"; do
    # shellcheck disable=SC2086
    "$LOGIGRAM" $opts "$f" >"$tmp/variant" 2>/dev/null
    solution_set "$tmp/variant" >"$tmp/variant.set"
    if cmp -s "$tmp/default.set" "$tmp/variant.set" &&
      [ "$(tail -n 2 "$tmp/default")" = "$(tail -n 2 "$tmp/variant")" ]; then
      pass "$(basename "$f") $opts: same solutions"
    else
      fail "$(basename "$f") $opts: other solutions"
    fi
  done
done
run "--challenge saves leaves" 0 -p jojo --challenge --stats --count && {
  if grep -q '^leaves tried: *116$' "$tmp/err" &&
    grep -q '^leaves saved: *78110$' "$tmp/err"; then
    pass "--challenge counters"
  else
    fail "--challenge counters"
    grep leaves "$tmp/err" | sed 's/^/#   /'
  fi
}
run "--check=intersect saves candidates" 0 --check=intersect --stats \
  --count && {
  if grep -Eq '^candidates saved: *[1-9][0-9]*$' "$tmp/err"; then
    pass "--check=intersect counters"
  else
    fail "--check=intersect counters"
  fi
}

# ---- The progress line: on a terminal only ---------------------------------------
LG_PROGRESS_DELAY_MS=0 "$LOGIGRAM" --drop 1 \
  --order nationality,animal,drink,cigarette,color,house >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/out" "$expected/classic-drop1-house-last.out" &&
  [ ! -s "$tmp/err" ]; then
  pass "no progress line in pipes"
else
  fail "progress line in pipes"
fi
# In a pipe, the faithful engine asked for on a puzzle it estimates long
# (by --engine, or by an option of its own such as --show; about 5 min for
# this 7x7) gets one note before the search: the estimate, and what is
# quicker (stopped at once here by the time limit: status 3)
run "--engine=faithful estimated long, in a pipe" 3 --engine=faithful \
  --count --time-limit 0.1 "$LG_DATADIR/bench/gen-7x7-s3.lgm" && {
  if grep -Eqx 'logigram: note: the faithful engine would take about [0-9]+ (s|min|h) here \(an estimate\); --engine=fast would be much quicker' "$tmp/err"
  then pass "--engine=faithful estimated long: a note in a pipe"
  else fail "--engine=faithful estimated long: $(cat "$tmp/err")"; fi
}
run "--show estimated long, in a pipe" 3 --show=groups --count \
  --time-limit 0.1 "$LG_DATADIR/bench/gen-7x7-s3.lgm" && {
  if grep -Eqx 'logigram: note: the faithful engine, which --show needs, would take about [0-9]+ (s|min|h) here \(an estimate\); --time-limit bounds it, and without --show the fast engine solves' "$tmp/err"
  then pass "--show estimated long: a note in a pipe"
  else fail "--show estimated long: $(cat "$tmp/err")"; fi
}
# and before the transformation, from its bound: "exactly one of six
# statements" as twelve variables is 2.2 billion assignments to enumerate,
# five minutes of it; --time-limit cuts it short (the timeout only guards
# against a hang: before the cut, the run took those five minutes)
timeout 60 "$LOGIGRAM" --engine=faithful --count --time-limit 0.1 \
  "$LG_TESTDIR/input/exactly-one.lgm" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 3 ] && [ "$(cat "$tmp/out")" = 0 ] &&
  grep -Eqx 'logigram: note: the faithful engine may take up to about [0-9]+ (s|min|h) here to build its tree \(a bound\): --engine=fast would be much quicker' "$tmp/err" &&
  grep -qx 'logigram: note: the time limit (--time-limit 0.1) passed while the faithful engine built its tree: nothing was searched' "$tmp/err" &&
  [ "$(wc -l <"$tmp/err")" -eq 2 ]
then pass "--engine=faithful, a long transformation: a note, cut at the time limit"
else fail "--engine=faithful, a long transformation: status $status, $(cat "$tmp/out" "$tmp/err")"; fi
# cut, the views show nothing: the table says the search stopped
timeout 60 "$LOGIGRAM" --show=tree --time-limit 0.1 \
  "$LG_TESTDIR/input/exactly-one.lgm" >"$tmp/out" 2>"$tmp/err"
status=$?
printf '\n0 solution\n(the search stopped at --time-limit 0.1: there may be more)\n\n' >"$tmp/want"
if [ "$status" -eq 3 ] && cmp -s "$tmp/out" "$tmp/want" &&
  grep -qx 'logigram: note: the time limit (--time-limit 0.1) passed while the faithful engine built its tree: nothing was shown or searched' "$tmp/err"
then pass "--show, a transformation cut at the time limit"
else fail "--show, a transformation cut at the time limit: status $status, $(cat "$tmp/out" "$tmp/err")"; fi
# under auto too, when the limit passes in the faithful engine's short
# transformation: JSON says it is not complete, --stats which engine
run "auto, a transformation cut" 3 --time-limit 0.000001 --format json \
  --stats "$LG_DATADIR/classic.lgm" && {
  if grep -q '"solutions": \[\], "count": 0, "complete": false}' "$tmp/out" &&
    grep -qx 'engine: *faithful (auto: estimated to take less than 1 ms)' "$tmp/err" &&
    grep -qx 'logigram: note: the time limit (--time-limit 0.000001) passed while the faithful engine built its tree: nothing was searched' "$tmp/err"
  then pass "auto, a transformation cut: JSON, --stats, the note"
  else fail "auto, a transformation cut: $(cat "$tmp/out" "$tmp/err")"; fi
}
# and when it passes while the fast engine makes its leaves (a group of
# many variables enumerated can take minutes)
run "fast, its leaves cut" 3 --engine=fast --time-limit 0.000001 \
  --format json "$LG_DATADIR/classic.lgm" && {
  if grep -q '"solutions": \[\], "count": 0, "complete": false}' "$tmp/out" &&
    grep -qx 'logigram: note: the time limit (--time-limit 0.000001) passed while the fast engine made the leaves of its constraint groups: nothing was searched' "$tmp/err"
  then pass "fast, its leaves cut: JSON, the note"
  else fail "fast, its leaves cut: $(cat "$tmp/out" "$tmp/err")"; fi
}
if have_terminal; then
  # on_terminal SECONDS ARGS...: logigram on a pseudo-terminal (script(1)),
  # the progress line drawn at once, stopped after SECONDS; all it wrote in
  # $tmp/tty.  tty_ends_with TEXT: the last line, once the line is erased.
  on_terminal () {
    local seconds=$1
    shift
    LG_PROGRESS_DELAY_MS=0 timeout "$seconds" script -qec "'$LOGIGRAM' $*" \
      /dev/null </dev/null >"$tmp/tty" 2>&1
  }
  tty_ends_with () {
    tr -d '\r' <"$tmp/tty" | sed 's/\x1b\[K//g' | grep -q "$1\$"
  }
  on_terminal 60 --count --drop 1 --order nationality,animal,drink,cigarette,color,house
  # drawn ("explore: N nodes (P% of the search), T s[, about L left]": the
  # share of the flat walk's tree finished), then erased before the count
  if grep -Eq 'explore: [0-9]+ nodes \([0-9.]+% of the search\), [0-9.]+ s' "$tmp/tty" &&
    tty_ends_with 25; then
    pass "progress line on a terminal"
  else
    fail "progress line on a terminal: $(od -c "$tmp/tty" | head -5)"
  fi
  # tty_shows NAME PATTERN: a line drawn matches the extended regex
  tty_shows () {
    if grep -Eq "$2" "$tmp/tty"; then pass "$1"
    else fail "$1: $(tr '\r' '\n' <"$tmp/tty" | tail -2)"; fi
  }
  # the faithful engine asked for on a puzzle it estimates long: how long,
  # and a word of the fast engine (stopped after two seconds)
  on_terminal 2 --engine=faithful --count "$LG_TESTDIR/input/gen-6x6-estimate.lgm"
  tty_shows "progress line of a long faithful run: the estimate, and --engine=fast" \
    'this engine expects about [0-9]+ (s|min|h); --engine=fast would be much quicker'
  # and the note before it, which stays when the line is erased
  tty_shows "a long faithful run on a terminal: the note before its line" \
    'logigram: note: the faithful engine would take about [0-9]+ (s|min|h) here \(an estimate\); --engine=fast would be much quicker'
  # on a terminal of 80 columns, every line drawn fits in 79 (a line that
  # wraps leaves a row behind at each redraw): the expectation and the
  # note left out, which the note before it says
  LG_PROGRESS_COLUMNS=80 on_terminal 2 --engine=faithful --count \
    "$LG_TESTDIR/input/gen-6x6-estimate.lgm"
  widest=$(tr '\r' '\n' <"$tmp/tty" | sed 's/\x1b\[K//g' | grep '^explore: ' |
    awk '{ if (length ($0) > w) w = length ($0) } END { print w + 0 }')
  if [ "$widest" -gt 20 ] && [ "$widest" -le 79 ] &&
    grep -q 'logigram: note: the faithful engine would take' "$tmp/tty"; then
    pass "80 columns: the progress line within 79 ($widest), the note before it"
  else
    fail "80 columns: the widest line $widest: $(tr '\r' '\n' <"$tmp/tty" | tail -2)"
  fi
  # the same for its transformation
  on_terminal 2 --engine=faithful --count "$LG_TESTDIR/input/exactly-one.lgm"
  tty_shows "progress line of a long faithful transformation: --engine=fast" \
    'transform: [0-9]+/[0-9]+ assignments \([0-9]+%\), [0-9.]+ s, about [0-9]+ (s|min|h) left; --engine=fast would be much quicker'
  # the fast engine: its nodes, the share of its search finished and its
  # depth
  on_terminal 60 --engine=fast --count "$LG_TESTDIR/input/no-rule-5x3.lgm"
  if grep -Eq 'explore: [0-9]+ nodes \([0-9.]+% of the search\), [0-9.]+ s, depth [0-9]+' "$tmp/tty" &&
    tty_ends_with 14400; then
    pass "progress line of the fast engine: nodes, share and depth"
  else
    fail "progress line of the fast engine: $(od -c "$tmp/tty" | head -5)"
  fi
  # --redundant and --why-none: the clues tried in each pass, no time left
  # projected (a minimal set's solves grow harder), erased before the
  # report (each solve draws its own line too, here at once)
  on_terminal 60 --redundant "$top_srcdir/data/bench/gen-5x5-s1.lgm"
  if grep -Eq 'redundant, each alone \(18 clues\): [0-9]+ tried, [0-9.]+ s' "$tmp/tty" &&
    grep -Eq 'redundant, a minimal set \(18 clues\): [0-9]+ tried, [0-9.]+ s' "$tmp/tty" &&
    ! tr '\r' '\n' <"$tmp/tty" | grep -Eq 'redundant, .* left' &&
    tty_ends_with 'it drops: 4, 5, 6, 7, 8, 10, 16.'; then
    pass "progress line of --redundant: the clues tried in each pass"
  else
    fail "progress line of --redundant: $(tr '\r' '\n' <"$tmp/tty" | tail -3)"
  fi
  on_terminal 60 --why-none "$top_srcdir/data/bench/gen-5x5-s9-contradict.lgm"
  if grep -Eq 'why-none \([0-9]+ clues\): [0-9]+ tried, [0-9.]+ s' "$tmp/tty" &&
    tty_ends_with 'The coffee drinker was born 13 years after the tea drinker.'; then
    pass "progress line of --why-none: the clues tried"
  else
    fail "progress line of --why-none: $(tr '\r' '\n' <"$tmp/tty" | tail -3)"
  fi
  # --explain: the cells decided after each step, erased before the steps
  # printed as they are found: no step written after the line, on it, and
  # all 236 steps on lines of their own once the erasures are undone
  on_terminal 60 --explain "$top_srcdir/data/einstein.lgm"
  if grep -Eq 'explain \(375 cells\): [0-9]+ decided, [0-9.]+ s' "$tmp/tty" &&
    ! grep -Eq 'decided, [0-9.]+ s[0-9]+\. ' "$tmp/tty" &&
    [ "$(sed 's/\r\x1b\[K/\n/g' "$tmp/tty" | grep -Ec '^[0-9]+\. ')" = 236 ] &&
    tty_ends_with 'Difficulty: medium (236 steps, at most 1 clue combined in one step, 0 by contradiction).'; then
    pass "progress line of --explain: the cells decided, hidden for the steps"
  else
    fail "progress line of --explain: $(tr '\r' '\n' <"$tmp/tty" | tail -3)"
  fi
  # no solution: on a terminal, a note names --why-none (in a pipe or a
  # file stderr stays empty: cli-engine.sh's check of the data files)
  on_terminal 60 --count "$top_srcdir/data/einstein-cat-not-water.lgm"
  tty_shows "no solution on a terminal: the note names --why-none" \
    '^logigram: note: no solution: some clues contradict each other; --why-none names a smallest set of them'
  on_terminal 60 --count "$top_srcdir/tests/warn/count-never-holds.lgm"
  tty_shows "no solution of rules without clue lines: the note speaks of rules" \
    '^logigram: note: no solution: some rules contradict each other'
  on_terminal 60 --count "$top_srcdir/data/einstein.lgm"
  if grep -q 'no solution' "$tmp/tty"; then
    fail "one solution on a terminal: a no-solution note"
  else
    pass "one solution on a terminal: no no-solution note"
  fi
else
  echo "# no pseudo-terminal (script(1) missing, or no /dev/pts): the terminal progress check is skipped"
fi

# ---- Counting and stopping ----------------------------------------------------
run "--count" 0 --count --drop 1 && {
  if [ "$(cat "$tmp/out")" = 25 ]; then pass "--count"; else
    fail "--count printed '$(cat "$tmp/out")'"; fi
}
run "--max-solutions 2" 0 --drop 1 --max-solutions 2 && {
  if [ "$(grep -c '^| house' "$tmp/out")" = 2 ] &&
    [ "$(tail -n 3 "$tmp/out" | head -n 1)" = "2 solutions" ] &&
    [ "$(tail -n 2 "$tmp/out" | head -n 1)" = \
      "(the search stopped at --max-solutions 2: there may be more)" ]; then
    pass "--max-solutions 2: stopped, and says so on a last line"
  else
    fail "--max-solutions 2"
  fi
}
# a search that ends before the limit is complete: no such line, and
# --max-solutions 2 proves uniqueness
run "--max-solutions 2, unique" 0 --max-solutions 2 && {
  if [ "$(tail -n 2 "$tmp/out" | head -n 1)" = "1 solution" ] &&
    ! grep -q "there may be more" "$tmp/out"; then
    pass "--max-solutions 2 on a unique problem: complete"
  else
    fail "--max-solutions 2 on a unique problem"
  fi
}
run "--max-solutions 2 -f json" 0 --drop 1 --max-solutions 2 -f json && {
  if tail -n 1 "$tmp/out" | grep -q '"count": 2, "complete": false}$'; then
    pass "--max-solutions 2 -f json: \"complete\": false"
  else
    fail "--max-solutions 2 -f json: $(tail -n 1 "$tmp/out")"
  fi
}
run "--max-solutions 2 --count" 0 --drop 1 --max-solutions 2 --count && {
  if [ "$(cat "$tmp/out")" = 2 ] && grep -q "there may be more" "$tmp/err"
  then
    pass "--max-solutions 2 --count: the number, and a note on stderr"
  else
    fail "--max-solutions 2 --count"
  fi
}
# a free variable: the tutorial's tree reaches one solution twice, printed
# and counted once
run "free variable, --count" 0 --count --stats "$LG_TESTDIR/input/free-variable.lgm" && {
  if [ "$(cat "$tmp/out")" = 2 ] && grep -q "^tree solutions: *3$" "$tmp/err" &&
    grep -q "^duplicates skipped: *1$" "$tmp/err"; then
    pass "free variable: 2 distinct solutions, 1 duplicate skipped"
  else
    fail "free variable: $(cat "$tmp/out")"
  fi
}
run "free variable, --max-solutions 2" 0 --max-solutions 2 --count \
  "$LG_TESTDIR/input/free-variable.lgm" && {
  if [ "$(cat "$tmp/out")" = 2 ]; then
    pass "free variable: --max-solutions 2 finds 2 distinct"
  else
    fail "free variable: --max-solutions 2 gives $(cat "$tmp/out")"
  fi
}
run "free variable, fast" 0 --count --engine=fast \
  "$LG_TESTDIR/input/free-variable.lgm" && {
  if [ "$(cat "$tmp/out")" = 2 ]; then pass "free variable: fast agrees"; else
    fail "free variable: fast gives $(cat "$tmp/out")"; fi
}

# ---- Output formats ------------------------------------------------------------
same_output "--format json" "$expected/classic.json" 0 --format json
same_output "-f json, 0 solutions is still one object" \
  "$expected/einstein-cat-not-water.json" 0 -f json \
  "$LG_DATADIR/einstein-cat-not-water.lgm"
same_output "--format json with drops" "$expected/small-drops.json" 0 \
  -p small -f json --drop 2 --drop 5
same_output "--format csv" "$expected/classic-drop1-3.csv" 0 -f csv --drop 1 \
  --max-solutions 3
same_output "--format table" "$expected/classic.out" 0 --format table
# the answers of the ask lines: in each JSON solution, and as CSV columns
same_output "--format json with ask answers" "$expected/einstein.json" 0 \
  -f json "$LG_DATADIR/einstein.lgm"
same_output "--format csv with ask answers" "$expected/mini4.csv" 0 -f csv \
  "$LG_DATADIR/mini4.lgm"
same_output "--format json with ask answers, fast engine" \
  "$expected/einstein.json" 0 -f json --engine=fast "$LG_DATADIR/einstein.lgm"
for f in out json csv; do
  case $f in out) fmt=table ;; *) fmt=$f ;; esac
  same_output "quotes, commas, backslashes and UTF-8 ($fmt)" \
    "$expected/escapes.$f" 0 -f $fmt "$LG_TESTDIR/input/escapes.lgm"
done

# ---- Memory limit ------------------------------------------------------------------
run "--memory-limit too small for the masks" 1 --memory-limit 1K && {
  if [ ! -s "$tmp/out" ] &&
    grep -q '^classic.lgm:1:1: error: dimension 5 needs .* memory limit of 1.0 KiB; raise --memory-limit$' "$tmp/err"; then
    pass "memory limit message (masks)"
  else
    fail "memory limit message (masks): $(cat "$tmp/err")"
  fi
}
run "--memory-limit too small for the tree" 1 -p jojo --engine=faithful --memory-limit 80K && {
  if [ ! -s "$tmp/out" ] &&
    grep -q '^jojo.lgm:[0-9]*:1: error: the AND/OR tree needs more than .* raise --memory-limit' "$tmp/err"; then
    pass "memory limit message (tree)"
  else
    fail "memory limit message (tree): $(cat "$tmp/err")"
  fi
}
same_output "--memory-limit large enough" "$expected/big.out" 0 -p big \
  --memory-limit 1M
# one rule of 12 'or's of couples and no variable, as in
# (yes n1, p1 or yes n1, p2) and ... or yes n1, p3: 2^12 cases, more than
# 16 MiB of leaves; the message names the rule, with no bound it does not have
{
  printf 'atomic n: n1, n2, n3, n4, n5, n6\natomic p: p1, p2, p3, p4, p5, p6\n'
  printf 'atomic q: q1, q2, q3, q4, q5, q6\natomic r: r1, r2, r3, r4, r5, r6\n'
  rule=
  for i in 1 2 3 4; do
    for g in p q r; do
      rule="$rule${rule:+ and }(yes n$i, $g$i or yes n$i, $g$((i + 1)))"
    done
  done
  printf '(%s) or yes n1, p3\n' "$rule"
} >"$tmp/ors.lgm"
for engine in faithful fast; do
  run "--memory-limit too small for the 'or's ($engine)" 1 --engine=$engine \
    --memory-limit 16M --count "$tmp/ors.lgm" && {
    if [ ! -s "$tmp/out" ] &&
      grep -q "^$tmp/ors.lgm:5:1: error: .* left under the memory limit: rule 1's 'or's of couples multiply out into too many cases; raise --memory-limit or split the rules\$" "$tmp/err"; then
      pass "memory limit message ('or's, $engine)"
    else
      fail "memory limit message ('or's, $engine): $(cat "$tmp/err")"
    fi
  }
done

# ---- --repeat and --stats-levels ------------------------------------------------
same_output "--repeat 3 prints the solutions once" "$expected/classic.out" 0 \
  --repeat 3 --stats && {
  if [ "$(grep -c '^time [a-z]*: *[0-9.]* s min, [0-9.]* s median (3 runs)$' \
    "$tmp/err")" = 3 ]; then
    pass "--repeat 3 --stats: minimum and median of each step"
  else
    fail "--repeat 3 --stats: $(grep '^time' "$tmp/err" | head -1)"
  fi
}
run "--repeat 2 --stats: the counters of one solve" 0 --repeat 2 --stats \
  --count -p jojo && {
  if grep -qx 'tree solutions:       1404' "$tmp/err" &&
    grep -qx 'candidates tried:     60024' "$tmp/err"; then
    pass "--repeat 2: the counters of one solve"
  else fail "--repeat 2: $(grep candidates "$tmp/err")"; fi
}
for bad in 0 -1 x 1000001; do
  bad_command "--repeat $bad" --repeat "$bad"
done
bad_command "--repeat with --dot" --repeat 2 --dot
# what does not print the solutions takes none of their options
bad_command "--dot with --count" --dot --count
bad_command "--dot with --format" --dot --format json
bad_command "--list-rules with --count" --list-rules --count
bad_command "--list-rules with --format" --list-rules --format json
bad_command "--list-clues with --max-solutions" --list-clues --max-solutions 2
bad_command "--show with --format json" --show groups --format json
bad_command "--repeat with --export" --repeat 2 --export asp
run "--stats-levels" 0 --stats-levels --count && {
  grep '^level' "$tmp/err" >"$tmp/levels"
  if cmp -s "$tmp/levels" "$expected/classic-stats-levels.err" &&
    grep -q '^candidates tried: ' "$tmp/err"; then
    pass "--stats-levels: the candidates and checks of each level"
  else
    fail "--stats-levels"
    diff "$expected/classic-stats-levels.err" "$tmp/levels" | sed 's/^/#   /'
  fi
}

# ---- Information options --------------------------------------------------------
run "--version" 0 --version && {
  if grep -q '^logigram [0-9]' "$tmp/out" &&
    grep -q '^Report bugs to: .' "$tmp/out"; then pass "--version"; else
    fail "--version output"; fi
}
run "--help: one [FILE], the bug address" 0 --help && {
  if [ "$(grep -c '\[FILE\]' "$tmp/out")" = 1 ] &&
    grep -qx '  logigram \[OPTION.\] \[FILE\]' "$tmp/out" &&
    grep -q '^Report bugs to: .' "$tmp/out"; then
    pass "--help: usage line and bug address"
  else
    fail "--help: $(sed -n 2p "$tmp/out"), $(tail -1 "$tmp/out")"
  fi
}
run "--help" 0 --help && {
  missing=
  for o in --problem --drop --order --stats --count --max-solutions \
    --format --memory-limit --trace --challenge --check --list-problems \
    --list-rules --list-clues --drop-clue --werror --version; do
    grep -q -- "$o" "$tmp/out" || missing="$missing $o"
  done
  if [ -z "$missing" ]; then pass "--help lists every option"; else
    fail "--help lacks$missing"; fi
}
same_output "--list-problems" "$expected/list-problems.out" 0 --list-problems
same_output "--list-rules" "$expected/classic-rules.out" 0 --list-rules

# ---- Clues ---------------------------------------------------------------------
same_output "recital.lgm: clue lines and a question" "$expected/recital.out" 0 \
  "$LG_DATADIR/recital.lgm"
same_output "--list-clues" "$expected/classic-clues.out" 0 --list-clues
same_output "--list-clues --format json" "$expected/classic-clues.json" 0 \
  --list-clues --format json
# without clue lines, each rule is a clue of its own, without text
printf 'ordered h: a, b\natomic p: x, y\nyes a, x\n\nno b, x  # c\n' \
  >"$tmp/plain.lgm"
run "--list-clues without clue lines" 0 --list-clues "$tmp/plain.lgm" && {
  if [ "$(cat "$tmp/out")" = "$(printf 'clue 1\tline 3\t-\n\t1\tline 3\tyes h:a, p:x\nclue 2\tline 5\t-\n\t2\tline 5\tno h:b, p:x')" ]
  then pass "--list-clues without clue lines: one clue per rule"; else
    fail "--list-clues without clue lines: $(cat "$tmp/out")"; fi
}
# --drop-clue N leaves out every rule of clue N: clue 5 is rules 5 to 7
run "--drop 5 --drop 6 --drop 7" 0 --drop 5 --drop 6 --drop 7 &&
  cp "$tmp/out" "$tmp/drops.out"
same_output "--drop-clue 5 is its three rules" "$tmp/drops.out" 0 --drop-clue 5
same_output "--drop-clue 1 is --drop 1" "$expected/classic-drop1.out" 0 \
  --drop-clue 1
run "--drop-clue 5 --drop-clue 10" 0 --count --drop-clue 5 --drop-clue 10 &&
  { [ -s "$tmp/out" ] && pass "--drop-clue is repeatable" ||
    fail "--drop-clue repeated: no count"; }

# ---- Bad command lines: status 2, nothing on stdout ------------------------------
bad_command "unknown option" --no-such-option
bad_command "--drop 0" --drop 0
bad_command "--drop 99" --drop 99
bad_command "--drop-clue 0" --drop-clue 0
bad_command "--drop-clue 15" --drop-clue 15
bad_command "--drop-clue x" --drop-clue x
bad_command "--list-clues --format csv" --list-clues --format csv
bad_command "--list-clues --list-rules" --list-clues --list-rules
bad_command "--drop x" --drop x
bad_command "--drop -1" --drop -1
bad_command "--order unknown group" --order house,nationality
bad_command "--order duplicate" \
  --order house,house,animal,drink,cigarette,color
bad_command "--problem unknown" --problem nosuch
bad_command "--max-solutions 0" --max-solutions 0
bad_command "--format xml" --format xml
bad_command "--check=nosuch" --check=nosuch
bad_command "--memory-limit 3x" --memory-limit 3x
bad_command "--memory-limit 0" --memory-limit 0
bad_command "two files" "$LG_DATADIR/small.lgm" "$LG_DATADIR/small.lgm"
bad_command "file and --problem" "$LG_DATADIR/small.lgm" --problem small
# options that print something else than the solutions, one at a time
# (the second was silently ignored)
bad_command "--count --format json" --count --format json
bad_command "--count --format csv" --count --format csv
bad_command "--list-clues --explain" --list-clues --explain
bad_command "--list-clues --grid" --list-clues --grid
bad_command "--list-clues --dot" --list-clues --dot
bad_command "--redundant --dot" --redundant --dot
bad_command "--redundant --show tree" --redundant --show tree
bad_command "--why-none --show tree" --why-none --show tree
bad_command "--list-problems --count" --list-problems --count
bad_command "--list-problems FILE" --list-problems "$LG_DATADIR/small.lgm"
bad_command "--list-problems --explain" --list-problems --explain
bad_command "--max-nodes without --dot or --show" --max-nodes 5 --count
bad_command "--explain --stats" --explain --stats
bad_command "--explain --engine=faithful" --explain --engine=faithful
bad_command "--grid --trace" --grid --trace
bad_command "--explain --repeat 5" --explain --repeat 5
bad_command "--export asp --stats" --export asp --stats
bad_command "--export asp --engine=fast" --export asp --engine=fast
bad_command "--export asp --time-limit 1" --export asp --time-limit 1
run "--list-clues --format json still" 0 --list-clues --format json && pass "--list-clues --format json still"
run "--explain --grid still" 0 --explain --grid "$LG_DATADIR/small.lgm" && pass "--explain --grid still"

# ---- Invalid problems: status 1, one error line, nothing on stdout ----------------
run "missing file" 1 "$tmp/no-such-file.lgm" && {
  if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "no-such-file.lgm: error: " "$tmp/err"; then
    pass "missing file message"
  else
    fail "missing file message"
  fi
}
# a file that does not exist but names a built-in problem: how to solve it
program=$(cd "$(dirname "$LOGIGRAM")" && pwd)/$(basename "$LOGIGRAM")
(cd "$tmp" && "$program" jojo.lgm) >"$tmp/out" 2>"$tmp/err" </dev/null
if [ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
  grep -q "^jojo.lgm: error: .*; for the built-in problem 'jojo', write -p jojo\$" "$tmp/err"
then pass "missing file named as a built-in problem: the hint"
else fail "missing file named as a built-in problem: $(cat "$tmp/err")"; fi
for f in "$LG_TESTDIR"/bad/*.lgm; do
  [ -e "$f" ] || continue
  name="bad/$(basename "$f")"
  run "$name" 1 "$f" || continue
  if [ -s "$tmp/out" ]; then fail "$name: wrote on stdout"; continue; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
    fail "$name: $(wc -l <"$tmp/err") lines on stderr"
    continue
  fi
  if grep -Eq "^.+:[0-9]+:[0-9]+: error: .+" "$tmp/err"; then pass "$name"; else
    fail "$name: not FILE:LINE:COLUMN: error: ..."
    sed 's/^/#   /' "$tmp/err"
  fi
done

# ---- Warnings: one file per warning, tests/warn/ ------------------------------
# Each file starts with "# expect: LINE:COLUMN: MESSAGE".  The problem is
# solved as usual (exit 0) with that one line on stderr; with --werror it is
# the error line of an invalid problem (exit 1, nothing on stdout).
for f in "$LG_TESTDIR"/warn/*.lgm; do
  [ -e "$f" ] || continue
  name="warn/$(basename "$f")"
  want=$(sed -n '1s/^# expect: \([0-9]*:[0-9]*\): /\1: warning: /p' "$f")
  run "$name" 0 --count "$f" || continue
  if [ "$(cat "$tmp/err")" = "$f:$want" ] && [ -s "$tmp/out" ]; then
    pass "$name"
  else
    fail "$name: $(cat "$tmp/err")"
  fi
  run "$name --werror" 1 --werror "$f" || continue
  if [ ! -s "$tmp/out" ] &&
    [ "$(cat "$tmp/err")" = "$f:${want/: warning: /: error: }" ]; then
    pass "$name --werror"
  else
    fail "$name --werror: $(cat "$tmp/err")"
  fi
  # said once, whatever the solves
  run "$name --repeat 2" 0 --repeat 2 --count "$f" || continue
  if [ "$(cat "$tmp/err")" = "$f:$want" ]; then pass "$name --repeat 2"
  else fail "$name --repeat 2: $(cat "$tmp/err")"; fi
done
# The problems of data/ have no warning, even with --werror.
for f in "$LG_DATADIR"/*.lgm "$LG_DATADIR"/bench/*.lgm; do
  run "--werror $(basename "$f")" 0 --werror --list-rules "$f" || continue
  if [ -s "$tmp/err" ]; then fail "$(basename "$f"): $(head -n 1 "$tmp/err")"
  else pass "$(basename "$f"): no warning"; fi
done

# An expression that overflows is found while solving: still FILE:LINE:COL.
printf 'numeric n: 1, 2\natomic a: x, y\nvar v: n\nv * 9223372036854775807 > 0\nyes v, a:x\n' \
  >"$tmp/overflow.lgm"
run "overflow" 1 "$tmp/overflow.lgm" && {
  if [ ! -s "$tmp/out" ] &&
    grep -q "overflow.lgm:4:1: error: integer overflow in rule 1" "$tmp/err"; then
    pass "overflow message"
  else
    fail "overflow message: $(cat "$tmp/err")"
  fi
}
# With a warning too: the error is the one line, in every mode that solves
# (the warnings wait until the rules are expanded).
printf 'numeric n: 1, 2\natomic a: x, y\nvar v, w: n\nv * 9223372036854775807 > 0\nyes v, a:x\n' \
  >"$tmp/overflow-warn.lgm"
for o in --count --engine=fast --explain --hint=/dev/null --why-none --redundant; do
  run "overflow and a warning, $o" 1 "$o" "$tmp/overflow-warn.lgm" || continue
  if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
    grep -q "overflow-warn.lgm:4:1: error: integer overflow in rule 1" "$tmp/err"; then
    pass "overflow and a warning, $o: one line"
  else
    fail "overflow and a warning, $o: $(cat "$tmp/err")"
  fi
done

# ---- The original's defects, fixed ---------------------------------------------------
printf 'atomic a: x, y\natomic b: u, v\nyes a:x, b:u\nno a:x, b:u\n' >"$tmp/contra.lgm"
run "contradictory unbound rules" 0 --count "$tmp/contra.lgm" && {
  if [ "$(cat "$tmp/out")" = 0 ]; then pass "contradiction gives 0"; else
    fail "contradiction gives $(cat "$tmp/out")"; fi
}
printf 'atomic a: x, y, z\natomic b: u, v, w\natomic c: i, j, k\n' >"$tmp/norule.lgm"
run "no rule" 0 --count "$tmp/norule.lgm" && {
  if [ "$(cat "$tmp/out")" = 36 ]; then pass "no rule gives 36"; else
    fail "no rule gives $(cat "$tmp/out")"; fi
}

finish
