#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine.
# Called by README and by .ci/run. Idempotent: skips what is present.
set -euo pipefail
need_apt=()
command -v espeak-ng >/dev/null 2>&1 || need_apt+=(espeak-ng)
[ -x /usr/games/stockfish ] || need_apt+=(stockfish)
command -v lou_translate >/dev/null 2>&1 || need_apt+=(liblouis-bin)
command -v sox >/dev/null 2>&1 || need_apt+=(sox)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: apt-get install ${need_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
if ! python3 -c 'import chess' >/dev/null 2>&1; then
  echo "setup: pip install chess==1.11.2"
  python3 -m pip install -q chess==1.11.2
fi
echo "setup: done"
