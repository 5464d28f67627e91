# shellcheck shell=bash
# bench/programs.sh — sourced by the scripts that compare versions of a
# program side by side (callgrind.sh, gen-work.sh): their arguments
# [LABEL=]PROGRAM, where PROGRAM may be a path followed by options.
#
#   read_programs SCRIPT ARG...
# sets the arrays `labels` (LABEL, or the argument itself) and `programs`
# (the rest), and exits with status 2 and a message from SCRIPT when the
# first word of a PROGRAM is not an executable file.  Run one with
#   read -ra words <<<"${programs[$i]}"; "${words[@]}" MORE-ARGS...
read_programs () {
  local script=$1 a p
  local -a words
  shift
  labels=() programs=()
  for a in "$@"; do
    case $a in
      *=*) labels+=("${a%%=*}") programs+=("${a#*=}") ;;
      *) labels+=("$a") programs+=("$a") ;;
    esac
  done
  for p in "${programs[@]}"; do
    read -ra words <<<"$p"
    [ -x "${words[0]}" ] || { echo "$script: ${words[0]} is not a program" >&2; exit 2; }
  done
}
