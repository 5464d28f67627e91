#!/usr/bin/env bash
# cli-explain.sh — --explain, --hint and --grid on the command line, byte
# for byte (tests/expected/explain-*), and the commands of doc/explain.md
# (through tests/doc-commands.sh).
. "${LG_TESTDIR:-tests}/lib.sh"
echo "placeholder"
finish
