#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it (.ci/run calls this script):
# set-up, then formatting, lints and documentation as gates, then every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/rust-env.sh

step() { echo; echo "== $*"; "$@"; }
step cargo fmt --all --check
step cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" step cargo doc --workspace --no-deps --locked
# No import cycle between the source files of a crate (allow-list: scripts/module-cycles-allowed.txt).
step python3 scripts/check-module-cycles.py

# The store and server tests run against a real PostgreSQL on 127.0.0.1.
echo; echo "== PostgreSQL"
pg_env=$(bash scripts/postgres.sh | tail -n 1)
export "$pg_env"

echo; echo "== cargo test --workspace --release --locked"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cargo test --workspace --release --locked 2>&1 | tee "$log" || status=$?
# cargo prints one result line per test binary; add them up so the end of the
# log says in one line whether everything passed.
awk '/^test result:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) n[$(i+1)] += $i; bins++ }
     END { printf "\n== cargo test summary: %d test binaries, %d passed, %d failed, %d ignored\n",
           bins, n["passed;"], n["failed;"], n["ignored;"] }' "$log"

# The Python package, its Spark job (local[2]) and its Dask job, compared with
# the release `arbiter` that `cargo test --release` built just now.
echo; echo "== python: bash scripts/python-test.sh"
py=0
ARBITER_BIN="$PWD/target/release/arbiter" bash scripts/python-test.sh || py=$?
[ "$py" -eq 0 ] || echo "== python tests FAILED (exit status $py)"
[ "$status" -ne 0 ] || status=$py

# The browser tests of the web hall, against the release binary that `cargo test
# --release` built just now (the cli's tests build it): no second build.
echo; echo "== web: bash scripts/web-test.sh"
web=0
ARBITER_BIN="$PWD/target/release/arbiter" bash scripts/web-test.sh || web=$?
[ "$web" -eq 0 ] || echo "== web tests FAILED (exit status $web)"
[ "$status" -ne 0 ] || status=$web
exit "$status"
