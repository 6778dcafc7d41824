#!/bin/sh
# Browser tests of the web hall: playwright-core driving Debian's Chromium, and
# axe-core, installed project-local from tests/web/package-lock.json (scripts/setup.sh
# installs them; this script does too when they are missing), against a real
# `arbiter serve`.
#
# The binary: $ARBITER_BIN when set (scripts/test.sh passes the release binary that
# `cargo test --release` has just built, so the suite builds nothing twice); else
# target/release/arbiter, built first with cargo.
#
#   bash scripts/web-test.sh                 # the tests
#   bash scripts/web-test.sh --screenshots   # the tests, and docs/screenshots/ redrawn
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. scripts/rust-env.sh

if [ "${1:-}" = "--screenshots" ]; then
  ARBITER_SCREENSHOTS="$root/docs/screenshots"
  export ARBITER_SCREENSHOTS
fi

if [ -z "${ARBITER_BIN:-}" ]; then
  echo "web-test: cargo build --release -p arbiter-cli --bin arbiter"
  cargo build --release --locked -p arbiter-cli --bin arbiter
  ARBITER_BIN="$root/target/release/arbiter"
fi
export ARBITER_BIN
[ -x "$ARBITER_BIN" ] || { echo "web-test: no arbiter binary at $ARBITER_BIN" >&2; exit 1; }

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export CHROMIUM
missing=""
[ -x "$CHROMIUM" ] || missing="$missing chromium"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
  echo "web-test: missing:$missing. Install as root: apt-get install --no-install-recommends$missing" >&2
  echo "          (or run: bash scripts/setup.sh)" >&2
  exit 1
fi
if ! cmp -s tests/web/package-lock.json tests/web/node_modules/.arbiter-lock 2>/dev/null; then
  echo "web-test: tests/web: npm ci"
  (cd tests/web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  cp tests/web/package-lock.json tests/web/node_modules/.arbiter-lock
fi

cd tests/web
start=$(date +%s)
status=0
# The whole run is bounded: a hung browser fails the suite instead of stalling it.
# Every *.test.mjs file: a new file of tests is run without being listed here.
timeout 1800 node --test --test-concurrency=1 --test-reporter=spec ./*.test.mjs || status=$?
echo "web-test: $(( $(date +%s) - start )) s, exit status $status"
exit "$status"
