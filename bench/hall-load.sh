#!/usr/bin/env bash
# The hall under load on 127.0.0.1: N idle games + M moving games over
# WebSocket, on SQLite and (when ARBITER_TEST_PG_URL is set) PostgreSQL.
# Bounded: each run creates N + M games and moves for S seconds.
#   bash bench/hall-load.sh [seconds] [moves/s per moving game]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-8}
rate=${2:-5}
cargo build --release --locked -p arbiter-server --bin hall-load
bin=target/release/hall-load
backends=(sqlite)
[ -n "${ARBITER_TEST_PG_URL:-}" ] && backends+=(postgres)
for db in "${backends[@]}"; do
  for n in 100 1000 10000; do
    timeout 300 "$bin" "$db" "$n" 20 "$seconds" "$rate" || echo "hall-load $db $n: did not finish in 300 s"
  done
  timeout 120 "$bin" "$db" 1000 200 "$seconds" "$rate" || echo "hall-load $db 1000+200: did not finish"
  # Idle games in play (White has moved, Black's clock runs): each runs its task.
  timeout 300 "$bin" "$db" 10000 20 "$seconds" "$rate" started || echo "hall-load $db 10000 started: did not finish"
done
