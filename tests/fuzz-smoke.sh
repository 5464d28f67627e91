#!/bin/bash
# fuzz-smoke.sh — builds the libFuzzer harnesses tests/fuzz/fuzz_lgm.c (the
# problem file, both engines, the explanation, the exports) and
# tests/fuzz/fuzz_cli.c (option combinations, the problem file and the
# facts of --hint, through logigram's main) with clang and runs each for a
# few seconds on its seed corpus (the data files, tests/bad, tests/warn and
# tests/fuzz/regressions; tests/fuzz/cli), so that the harnesses cannot rot
# and a quick crash is caught by make check.  Skipped (status 77) when clang
# or its fuzzer runtime is missing.  The longer runs: doc/fuzzing.md.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
seconds=${LG_FUZZ_SECONDS:-5}
CLANG=${CLANG:-clang}
command -v "$CLANG" >/dev/null 2>&1 || { echo "no clang: skipped"; exit 77; }
# a build with --enable-checks verifies every solution and every step of an
# explanation: there the harnesses' deadlines do not bound an input (a jojo
# variant of the regressions ran over 120 s); the harnesses are built with
# ASan and UBSan in any build, so the normal build's run is the test
if grep -q '^#define LG_ENABLE_CHECKS 1' "$top_builddir/config.h" 2>/dev/null
then
  echo "a build with --enable-checks: skipped (run in a normal build)"
  exit 77
fi
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
cflags="-g -O1 -std=gnu11 -fno-sanitize-recover=undefined"
sanitizers=address,undefined
# every module of the library but the command lines (fuzz_cli gets
# logigram's main as logigram_main); the built-in problems are a GResource
# made in the build tree
sources=()
for f in "$src"/*.c; do
  case $(basename "$f") in
    *main.c | problems-data.c) ;;
    *) sources+=("$f") ;;
  esac
done
if [ -f "$top_builddir/src/problems-data.c" ]; then
  sources+=("$top_builddir/src/problems-data.c")
else
  sources+=("$src/problems-data.c")
fi
glib=$(pkg-config --cflags glib-2.0)
# -p NAME finds the data files as installed problems
datadir=$(cd "$top_srcdir/data" && pwd)
# compile: the objects once, for both harnesses
objects=()
compile () { # SOURCE OBJECT [FLAGS...]
  local source=$1 object=$2
  shift 2
  # shellcheck disable=SC2086
  "$CLANG" $cflags -fsanitize=fuzzer-no-link,$sanitizers "$@" \
    -DLG_PKGDATADIR="\"$datadir\"" \
    -include "$top_builddir/config.h" -I"$top_builddir" -I"$src" \
    -I"$top_builddir/src" $glib \
    -c "$source" -o "$object" 2>>"$out/build.log"
}
: >"$out/build.log"
mkdir -p "$out/obj"
for f in "${sources[@]}"; do
  o=$out/obj/$(basename "$f" .c).o
  compile "$f" "$o" || { cat "$out/build.log"; exit 1; }
  objects+=("$o")
done
compile "$src/main.c" "$out/obj/cli-main.o" -Dmain=logigram_main ||
  { cat "$out/build.log"; exit 1; }
link () { # HARNESS [OBJECTS...]
  local name=$1
  shift
  compile "$top_srcdir/tests/fuzz/$name.c" "$out/obj/$name.o" &&
    # shellcheck disable=SC2086
    "$CLANG" -fsanitize=fuzzer,$sanitizers "$out/obj/$name.o" "$@" \
      "${objects[@]}" $(pkg-config --libs glib-2.0) -o "$out/$name" \
      2>>"$out/build.log"
}
if ! link fuzz_lgm || ! link fuzz_cli "$out/obj/cli-main.o"; then
  cat "$out/build.log"
  exit 1
fi
# run NAME DICTIONARY CORPUS-FILES...: the harness for a few seconds on
# its corpus (an input may take 30 s: the harnesses bound their solves
# and explanations by 2 s deadlines, and the build under test may be
# running its other tests beside, on a loaded machine)
status=0
run () {
  local name=$1 dict=$2
  shift 2
  local corpus=$out/corpus-$name
  rm -rf "$corpus"
  mkdir -p "$corpus"
  cp "$@" "$corpus"/
  ASAN_OPTIONS=detect_leaks=1 "$out/$name" -max_total_time="$seconds" \
    -timeout=30 -rss_limit_mb=2048 -max_len=8192 -close_fd_mask=2 -dict="$dict" \
    -artifact_prefix="$out/$name-" "$corpus" 2>"$out/$name.log"
  local s=$?
  echo "$name: $(tail -n 1 "$out/$name.log")"
  if [ "$s" -ne 0 ]; then
    grep -m 20 -E "ERROR|SUMMARY|crash-|timeout-|leak-|disagree|message" \
      "$out/$name.log"
    status=1
  fi
}
fuzz=$top_srcdir/tests/fuzz
run fuzz_lgm "$fuzz/lgm.dict" "$top_srcdir"/data/*.lgm "$top_srcdir"/tests/bad/*.lgm \
  "$top_srcdir"/tests/warn/*.lgm "$fuzz"/seeds/*.lgm "$fuzz"/regressions/*.lgm
run fuzz_cli "$fuzz/cli.dict" "$fuzz"/cli/*
exit "$status"
