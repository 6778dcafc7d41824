#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it (.ci/run calls this script).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo test --workspace --release --locked
