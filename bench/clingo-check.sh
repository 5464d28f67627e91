# shellcheck shell=bash
# bench/clingo-check.sh — sourced by the scripts that check logigram's
# answers with clingo (cross-check.sh, diagnose-check.sh), for their
# common start.
#
#   clingo_check_start SCRIPT DIR ARG
# prints the opening comment of SCRIPT (up to its `set -u`) and exits 0
# when ARG is -h or --help; exits 77 when clingo is not installed (Debian:
# gringo); else sets `logigram` and `gen`, the programs (LOGIGRAM and
# LOGIGRAM_GEN, or those of src/), and `dir`, the folder of the puzzles:
# DIR when not empty (created), else a temporary one removed at exit.
clingo_check_start () {
  local script=$1
  if [ "${3:-}" = -h ] || [ "${3:-}" = --help ]; then
    sed -n '2,/^set -u/p' "$script" | sed '$d; s/^# \{0,1\}//'
    exit 0
  fi
  command -v clingo >/dev/null 2>&1 ||
    { echo "${script##*/}: clingo is not installed (Debian: gringo)" >&2; exit 77; }
  # shellcheck disable=SC2034 # for the script that sources this
  logigram=${LOGIGRAM:-src/logigram} gen=${LOGIGRAM_GEN:-src/logigram-gen}
  if [ -n "$2" ]; then
    dir=$2
    mkdir -p "$dir"
  else
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
  fi
}
