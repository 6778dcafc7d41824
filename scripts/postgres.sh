#!/usr/bin/env bash
# Starts the PostgreSQL the tests use, on 127.0.0.1, from Debian's packages:
# installs it if missing, creates and starts the cluster, creates the role
# `arbiter` and the database `arbiter_test`. Idempotent. Needs root (or sudo)
# for Debian's cluster tools.
#
# Its last line of output (stdout) is the URL the tests read:
#   export "$(bash scripts/postgres.sh | tail -n 1)"
# sets ARBITER_TEST_PG_URL=postgres://arbiter:…@127.0.0.1:PORT/arbiter_test.
# Everything else goes to stderr.
set -euo pipefail

# A throwaway password: the server listens on 127.0.0.1 only and holds test
# data only. Override with ARBITER_PG_PASSWORD.
password=${ARBITER_PG_PASSWORD:-arbiter-test}
database=arbiter_test

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { as_root runuser -u postgres -- "$@"; }
say() { echo "postgres.sh: $*" >&2; }

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  say "apt-get install postgresql"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq >&2
  as_root apt-get install -y -qq --no-install-recommends postgresql >&2
fi

# The newest installed server (15 on Debian 12).
version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
cluster() { pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main"'; }

if [ -z "$(cluster)" ]; then
  say "pg_createcluster $version main"
  as_root pg_createcluster "$version" main >&2
fi
if ! cluster | grep -q online; then
  say "pg_ctlcluster $version main start"
  as_root pg_ctlcluster "$version" main start >&2
fi
port=$(cluster | awk '{print $3}')

for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p "$port" >&2

psql_admin() { as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qAt "$@"; }
psql_admin -v pw="$password" <<'SQL' >&2
SELECT format(
  CASE WHEN EXISTS (SELECT FROM pg_roles WHERE rolname = 'arbiter')
       THEN 'ALTER ROLE arbiter LOGIN PASSWORD %L'
       ELSE 'CREATE ROLE arbiter LOGIN PASSWORD %L' END,
  :'pw') \gexec
SQL
if [ -z "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" ]; then
  say "createdb $database"
  as_postgres createdb -p "$port" -O arbiter "$database" >&2
fi

echo "ARBITER_TEST_PG_URL=postgres://arbiter:${password}@127.0.0.1:${port}/${database}"
