#!/bin/bash
# bench/chuffed.sh — a solver that learns, beside logigram's fast engine,
# on a few puzzles (doc/performance.md, "The fast engine at scale").
#
# Chuffed, a lazy clause generation solver (constraint propagation with
# clause learning), is not a Debian package; the MiniZinc playground's
# WebAssembly build, on the npm registry as `minizinc`, carries it.  This
# script fetches that package once into CHUFFED_CACHE (npm pack, no
# install scripts), then for each FILE exports the puzzle with
# `logigram --export=minizinc` and solves it with `chuffed -a` (every
# solution: the proof of uniqueness, as `logigram --count` gives it) under
# Node, and solves it with `logigram --engine=fast --count`.  One line per
# FILE: its name, chuffed's wall milliseconds (flattening included, about
# a second of it) or "timeout", and logigram's.
#
# Usage: bench/chuffed.sh FILE.lgm...
# Environment:
#   CHUFFED_TIMEOUT=600     seconds for one chuffed run
#   CHUFFED_CACHE=DIR       where the npm package goes (default
#                           ${XDG_CACHE_HOME:-~/.cache}/logigram-bench)
#   CHUFFED_SOLVER=chuffed  another solver of the build: gecode, cbc...
#   LOGIGRAM                the program (default: src/logigram)
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
lg=${LOGIGRAM:-$top/src/logigram}
limit=${CHUFFED_TIMEOUT:-600}
solver=${CHUFFED_SOLVER:-chuffed}
cache=${CHUFFED_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/logigram-bench}

if [ $# -eq 0 ]; then
  echo "usage: bench/chuffed.sh FILE.lgm..." >&2
  exit 2
fi
for tool in node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "bench/chuffed.sh: $tool is missing (apt-get install nodejs npm)" >&2
    exit 1
  fi
done
dist=$cache/package/dist
if [ ! -f "$dist/minizinc-worker.js" ]; then
  if ! (mkdir -p "$cache" && cd "$cache" &&
    npm pack --silent minizinc >/dev/null && tar xzf minizinc-*.tgz); then
    echo "bench/chuffed.sh: could not fetch the npm package minizinc" >&2
    exit 1
  fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The package's worker script, run in Node with the two calls a Web Worker
# has (addEventListener, postMessage) standing in for the browser's.
cat >"$tmp/run.js" <<'EOF'
const fs = require('fs');
const [dist, model, ...args] = process.argv.slice(2);
let handler = null, t0 = 0;
globalThis.addEventListener = (type, h) => { handler = h; };
globalThis.postMessage = (m) => {
  if (m.type === 'ready') {
    t0 = Date.now();
    handler({ data: { files: { 'model.mzn': fs.readFileSync(model, 'utf8') },
                      args: [...args, 'model.mzn'] } });
  } else if (m.type === 'exit') {
    if (m.stdout) process.stdout.write(m.stdout);
    if (m.stderr) process.stderr.write(m.stderr);
    process.stderr.write(`ms ${Date.now() - t0}\n`);
    process.exit(m.code === 0 ? 0 : 1);
  }
};
globalThis.require = require;
globalThis.__dirname = dist;
process.exitCode = 1; /* unless the worker says it is done */
require('vm').runInThisContext(
    fs.readFileSync(dist + '/minizinc-worker.js', 'utf8'));
handler({ data: { wasmURL: dist + '/minizinc.wasm',
                  dataURL: dist + '/minizinc.data' } });
EOF

printf '| puzzle | %s ms | logigram --engine=fast ms |\n|--|--:|--:|\n' "$solver"
for f in "$@"; do
  name=$(basename "$f" .lgm)
  if ! "$lg" --export=minizinc "$f" >"$tmp/model.mzn" 2>"$tmp/err"; then
    echo "bench/chuffed.sh: $f: $(head -1 "$tmp/err")" >&2
    continue
  fi
  timeout "$limit" node "$tmp/run.js" "$dist" "$tmp/model.mzn" \
    --solver "$solver" -a >/dev/null 2>"$tmp/err"
  case $? in
    0) ms=$(sed -n 's/^ms //p' "$tmp/err") ;;
    124) ms=timeout ;;
    *)
      ms=failed
      echo "bench/chuffed.sh: $f: $(grep -v '^ms ' "$tmp/err" | head -1)" >&2
      ;;
  esac
  start=$EPOCHREALTIME
  "$lg" --engine=fast --count "$f" >/dev/null 2>&1
  end=$EPOCHREALTIME
  lgms=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", (e - s) * 1000 }')
  echo "| $name | $ms | $lgms |"
done
