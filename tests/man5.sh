#!/bin/bash
# man5.sh — doc/logigram.5 (the manual page of the format) in step with
# doc/format.md (its full description) and the parser: the same keywords
# in the three (src/parser.c's keyword table), the same operators and the
# same warnings in the two documents.  The page marks its lists with the
# roff comments `.\" keywords`, `.\" operators` and `.\" warnings` (up to
# `.\" end of the warnings`).  Environment (set by make check): top_srcdir.
set -u
top_srcdir=${top_srcdir:-.}
page=$top_srcdir/doc/logigram.5
format=$top_srcdir/doc/format.md
parser=$top_srcdir/src/parser.c
passed=0
failed=0
pass () { passed=$((passed + 1)); echo "ok - $1"; }
fail () { failed=$((failed + 1)); echo "FAIL - $1"; }

# The roff line after the comment `.\" WHAT`, as plain text, one word a line.
page_list () {
  sed -n "/^\\.\\\\\" $1\$/{n;p;}" "$page" | sed 's/^\.B //; s/\\-/-/g' |
    tr ' ' '\n' | grep . | sort
}
# same NAME FILE1 FILE2: the two lists are the same.
same () {
  if [ -s "$2" ] && cmp -s "$2" "$3"; then pass "$1"; else
    fail "$1"
    diff "$2" "$3" | sed 's/^/#   /'
  fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- Keywords -----------------------------------------------------------
page_list keywords >"$tmp/page-keywords"
tr '\n' ' ' <"$format" |
  sed -n 's/.*\*\*Keywords\*\* are lower case and reserved: `\([^`]*\)`.*/\1/p' |
  tr ' ' '\n' | grep . | sort >"$tmp/format-keywords"
grep -o '\[KW_[A-Z]*\] = "[a-z]*"' "$parser" | sed 's/.*= "\(.*\)"/\1/' |
  sort >"$tmp/parser-keywords"
same "keywords: logigram.5 and format.md" "$tmp/page-keywords" \
  "$tmp/format-keywords"
same "keywords: logigram.5 and src/parser.c" "$tmp/page-keywords" \
  "$tmp/parser-keywords"

# ---- Operators ----------------------------------------------------------
page_list operators >"$tmp/page-operators"
sed -n 's/^- \*\*Operators\.\*\* `\([^`]*\)`.*/\1/p' "$format" | tr ' ' '\n' |
  grep . | sort >"$tmp/format-operators"
same "operators: logigram.5 and format.md" "$tmp/page-operators" \
  "$tmp/format-operators"

# ---- Warnings: each row of format.md's table starts with a line of the
# page's list, and each line of the list starts a row ------------------------
sed -n '/^\.\\" warnings$/,/^\.\\" end of the warnings$/p' "$page" |
  grep -v '^\.' | sed "s/\\\\(aq/'/g" >"$tmp/page-warnings"
sed -n '/^## Warnings$/,/^## /p' "$format" | sed -n 's/^| `\([^`]*\)`.*/\1/p' \
  >"$tmp/format-warnings"
missing=
while IFS= read -r w; do
  grep -qF -- "$w" "$tmp/format-warnings" || missing="$missing [$w]"
done <"$tmp/page-warnings"
while IFS= read -r row; do
  found=false
  while IFS= read -r w; do
    case $row in "$w"*) found=true ;; esac
  done <"$tmp/page-warnings"
  $found || missing="$missing [$row]"
done <"$tmp/format-warnings"
if [ -s "$tmp/page-warnings" ] && [ -z "$missing" ]; then
  pass "warnings: logigram.5 and format.md"
else
  fail "warnings not in both documents:$missing"
fi

echo "# $passed passed, $failed failed"
[ "$failed" -eq 0 ]
