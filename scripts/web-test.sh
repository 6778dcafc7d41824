#!/bin/sh
# Browser tests of the web hall: playwright-core on Debian's Chromium and axe-core,
# installed project-local from tests/web/package-lock.json, against a real
# `arbiter serve` (target/release/arbiter, or $ARBITER_BIN).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ -z "${ARBITER_BIN:-}" ]; then
  cargo build --release --locked -p arbiter-cli --bin arbiter
fi
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "web-test: Chromium missing (apt-get install -y chromium)" >&2; exit 1; }
cd tests/web
npm ci --no-audit --no-fund
node --test --test-concurrency=1 hall.test.mjs
