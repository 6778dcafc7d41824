#!/usr/bin/env bash
# The tests of the Python package arbiter_chess (crates/python): the
# bindings' lints, a fresh build of the extension into .venv, then pytest,
# which compares the package, its Spark job (local[2]) and its Dask job with
# the `arbiter` command. Called by scripts/test.sh after `cargo test
# --release` has built target/release/arbiter; on its own it builds that
# command first when it is missing. scripts/setup.sh installs .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/rust-env.sh

py=.venv/bin/python3
export PYO3_PYTHON="$PWD/$py"
# maturin's build hook runs the `maturin` program it installed in .venv/bin;
# CI's PATH is Debian's own and does not name the venv.
export PATH="$PWD/.venv/bin:$PATH"
if ! "$py" -c 'import maturin, pyspark, dask, pyarrow, zstandard, pytest' >/dev/null 2>&1; then
  echo "python-test: .venv lacks the build or test packages; run bash scripts/setup.sh" >&2
  exit 1
fi

# The bindings compile only with the `python` feature, which the workspace's
# own clippy run leaves off (it would link libpython into the tests).
cargo clippy -p arbiter-python --features python --all-targets --locked -- -D warnings

# Release, as users get it; the workspace's release build is reused.
"$py" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation \
  --force-reinstall ./crates/python

export ARBITER_BIN=${ARBITER_BIN:-$PWD/target/release/arbiter}
if [ ! -x "$ARBITER_BIN" ]; then
  cargo build --release --locked -p arbiter-cli
fi
# Spark runs its Python workers with this interpreter, which has the package.
export PYSPARK_PYTHON="$PWD/$py"
"$py" -m pytest -q -p no:cacheprovider crates/python/tests
