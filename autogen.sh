#!/usr/bin/env bash
# autogen.sh — one command from a fresh clone to a built tree:
#   1. install what the build needs (Debian/Ubuntu, as root) when it is missing;
#   2. autoreconf -fi, when configure is missing or older than its inputs;
#   3. ./configure [ARGS...], when not configured yet or when ARGS are given;
#   4. make -j2.
# A second run with nothing changed only runs make.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

note () { printf 'autogen.sh: %s\n' "$*" >&2; }

# libpcre2-dev and libc6-dev (from build-essential) hold the libpcre2-8.a and
# libc.a of the static link (configure --enable-static-link); libglib2.0-dev
# already depends on libpcre2-dev, named here so that the list says it all.
packages=(build-essential autoconf automake pkg-config libglib2.0-dev libpcre2-dev check)

# Prints what is missing, one word a line; nothing when all is there.
missing () {
  local cmd
  for cmd in gcc make autoconf automake autoreconf aclocal pkg-config; do
    command -v "$cmd" > /dev/null 2>&1 || echo "$cmd"
  done
  if command -v pkg-config > /dev/null 2>&1; then
    pkg-config --exists glib-2.0 || echo "glib-2.0 (libglib2.0-dev)"
    pkg-config --exists check || echo "check (check)"
  fi
}

lacking=$(missing)
if [ -n "$lacking" ]; then
  note "missing: $(echo $lacking)"
  if [ "$(id -u)" -ne 0 ]; then
    note "run this script as root to install them, or install them yourself:"
    note "  sudo apt-get install ${packages[*]}"
    exit 1
  fi
  if ! command -v apt-get > /dev/null 2>&1; then
    note "no apt-get here: install the equivalents of: ${packages[*]}"
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update < /dev/null
  apt-get install -y --no-install-recommends "${packages[@]}" < /dev/null
  lacking=$(missing)
  if [ -n "$lacking" ]; then
    note "still missing after apt-get install: $(echo $lacking)"
    exit 1
  fi
fi

# Anything newer than configure or Makefile.in means autoreconf.
need_autoreconf=no
if [ ! -x configure ] || [ ! -f Makefile.in ] || [ ! -f config.h.in ]; then
  need_autoreconf=yes
else
  for f in configure.ac Makefile.am m4/*.m4; do
    if [ -e "$f" ] && { [ "$f" -nt configure ] || [ "$f" -nt Makefile.in ]; }; then
      need_autoreconf=yes
      break
    fi
  done
fi
if [ "$need_autoreconf" = yes ]; then
  note "autoreconf -fi"
  autoreconf -fi
fi

if [ $# -gt 0 ] || [ ! -f config.status ] || [ ! -f Makefile ]; then
  note "./configure $*"
  ./configure "$@"
fi

make -j2
