#!/bin/bash
# fuzz-smoke.sh — builds the libFuzzer harness tests/fuzz/fuzz_lgm.c with
# clang and runs it for a few seconds on the seed corpus (data/*.lgm and
# tests/bad/*.lgm), so that the harness cannot rot and a quick crash is
# caught by make check.  Skipped (status 77) when clang or its fuzzer runtime
# is missing.  The longer runs are described in doc/fuzzing.md.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
seconds=${LG_FUZZ_SECONDS:-5}
CLANG=${CLANG:-clang}
command -v "$CLANG" >/dev/null 2>&1 || { echo "no clang: skipped"; exit 77; }
out=$top_builddir/tests/fuzz-out
mkdir -p "$out"
# the fuzzer runtime (Debian: libclang-rt-14-dev) is optional: probe it
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput (const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput (const uint8_t *d, size_t n) { (void) d; (void) n; return 0; }\n' \
  >"$out/probe.c"
if ! "$CLANG" -fsanitize=fuzzer "$out/probe.c" -o "$out/probe" \
  >"$out/probe.log" 2>&1; then
  echo "clang has no libFuzzer runtime: skipped"
  exit 77
fi
src=$top_srcdir/src
flags="-g -O1 -std=gnu11 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
# every module of the library but the built-in problems (a GResource) and
# the command line
sources=()
for f in "$src"/*.c; do
  case $(basename "$f") in
    *main.c | problems.c | problems-data.c) ;;
    *) sources+=("$f") ;;
  esac
done
# shellcheck disable=SC2046,SC2086
if ! "$CLANG" $flags -include "$top_builddir/config.h" -I"$src" \
  "$top_srcdir/tests/fuzz/fuzz_lgm.c" "${sources[@]}" \
  $(pkg-config --cflags --libs glib-2.0) -o "$out/fuzz_lgm" 2>"$out/build.log"; then
  cat "$out/build.log"
  exit 1
fi
corpus=$out/corpus
rm -rf "$corpus"
mkdir -p "$corpus"
cp "$top_srcdir"/data/*.lgm "$top_srcdir"/tests/bad/*.lgm \
  "$top_srcdir"/tests/fuzz/regressions/* "$corpus"/
ASAN_OPTIONS=detect_leaks=1 "$out/fuzz_lgm" -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=2048 -max_len=8192 -artifact_prefix="$out/" \
  "$corpus" 2>"$out/fuzz.log"
status=$?
tail -n 3 "$out/fuzz.log"
if [ "$status" -ne 0 ]; then
  grep -m 20 -E "ERROR|SUMMARY|crash-|timeout-|leak-" "$out/fuzz.log"
  exit 1
fi
exit 0
