#!/usr/bin/env bash
# Installs what arbiter's code, tests and benchmarks use, on Debian 12.
# Called by the README's first command and by scripts/test.sh. Idempotent: it
# skips what is present. As root it installs with apt-get; otherwise through
# sudo when that exists; otherwise it lists the missing packages and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/rust-env.sh

# ---- Debian packages ------------------------------------------------------
# One line each: `want PACKAGE 'CHECK'  # what uses it`. CHECK is a shell
# test that passes when the package (or an equivalent) is already there.
missing=()
want() { eval "$2" >/dev/null 2>&1 || missing+=("$1"); }
deb() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }

want gcc          'command -v cc'                  # the linker rustc calls; builds criterion's C part (benches)
want libc6-dev    'deb libc6-dev'                  # the C library files that linker needs
want espeak-ng    'command -v espeak-ng'           # crates/speech Espeak: `arbiter say`, `clock --speak`; tests speech/tests/audio.rs, cli/tests/speech_cli.rs
want stockfish    'test -x /usr/games/stockfish'   # the default chess engine: crates/uci tests, `arbiter play` against the engine
want postgresql   'command -v pg_ctlcluster'       # the store and server tests' database, started by scripts/postgres.sh
want python3      'command -v python3'             # runs python-chess, the test oracle (.venv below)
want python3-venv 'python3 -c "import ensurepip, venv"'  # makes .venv: Debian's python3 refuses pip installs (PEP 668)
want default-jre-headless 'command -v java'      # Java for Spark: the Spark job of the Python package (crates/python)
want chromium     'test -x /usr/bin/chromium'      # the browser of the web hall's tests (tests/web, scripts/web-test.sh)
want nodejs       'command -v node'                # runs those tests (playwright-core, axe-core)
want npm          'command -v npm'                 # installs them, project-local, from tests/web/package-lock.json

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them as root, then run this script again:" >&2
    echo "       apt-get install --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: apt-get install ${missing[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ---- Rust -----------------------------------------------------------------
rust_check || exit 1
# scripts/test.sh checks formatting and lints before the tests.
for component in rustfmt clippy; do
  tool=${component/rustfmt/fmt}
  if ! cargo "$tool" --version >/dev/null 2>&1; then
    if command -v rustup >/dev/null 2>&1; then
      echo "setup: rustup component add $component"
      rustup component add "$component"
    else
      echo "setup: cargo $tool is missing; install the Rust component $component" >&2
      exit 1
    fi
  fi
done

# ---- Python: python-chess, the independent oracle of the tests ------------
# Used by crates/chess/tests/differential.rs, crates/chess/benches/replay.rs,
# crates/notation/tests/roundtrip.rs and crates/cli/tests/laws_cli.rs, which
# run .venv/bin/python3 when it exists. A project venv, because Debian's own
# python3 is externally managed (PEP 668) and refuses `pip install`.
CHESS=chess==1.11.2
venv_ok() { .venv/bin/python3 -c 'import sys' >/dev/null 2>&1; }
if ! venv_ok; then
  echo "setup: python3 -m venv .venv"
  rm -rf .venv
  python3 -m venv .venv
fi
if ! .venv/bin/python3 -c "import chess, sys; sys.exit(chess.__version__ != '${CHESS#chess==}')" >/dev/null 2>&1; then
  echo "setup: .venv: pip install $CHESS"
  .venv/bin/python3 -m pip install -q --disable-pip-version-check "$CHESS"
fi

# ---- Python: the package arbiter_chess (crates/python) --------------------
# maturin (its build backend, kept in .venv so that scripts/python-test.sh
# rebuilds without fetching it again), then the README's one line, which
# brings the extras: pyspark, pyarrow and zstandard (Spark), dask (Dask),
# pytest. The extension is built in release (a few minutes the first time);
# it is skipped when the package and its extras already import, and
# scripts/python-test.sh builds it afresh before its tests.
MATURIN=maturin==1.16.0
if ! .venv/bin/python3 -c "import maturin" >/dev/null 2>&1; then
  echo "setup: .venv: pip install $MATURIN"
  .venv/bin/python3 -m pip install -q --disable-pip-version-check "$MATURIN"
fi
if ! .venv/bin/python3 -c "import arbiter_chess, pyspark, dask, pyarrow, zstandard, pytest" >/dev/null 2>&1; then
  echo "setup: .venv: pip install './crates/python[spark,dask,test]' (builds the extension)"
  .venv/bin/python3 -m pip install -q --disable-pip-version-check './crates/python[spark,dask,test]'
fi

# ---- Node: the browser tests' packages, project-local ----------------------
# playwright-core (which drives Debian's Chromium, so it downloads no browser) and
# axe-core, exactly as tests/web/package-lock.json pins them, into
# tests/web/node_modules: no global installs. `npm ci` runs only when the lock file
# changed since the last install, so running this script again costs nothing.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "setup: node $(node --version 2>/dev/null || echo '(none)') is too old: playwright-core needs Node.js >= 20." >&2
  echo "       Install Node.js 20 or later as the Debian package nodejs (e.g. from the NodeSource" >&2
  echo "       repository for Debian), then run this script again." >&2
  exit 1
fi
if ! cmp -s tests/web/package-lock.json tests/web/node_modules/.arbiter-lock 2>/dev/null; then
  echo "setup: tests/web: npm ci"
  (cd tests/web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  cp tests/web/package-lock.json tests/web/node_modules/.arbiter-lock
fi

# ---- Services -------------------------------------------------------------
# None yet. A service the tests need is started here, after its package line
# above, only when it is down, so that running this script again is harmless
# (for PostgreSQL 15: `pg_lsclusters` shows the state, `pg_ctlcluster 15 main
# start` starts it).

echo "setup: done ($(rustc --version | awk '{print $1, $2}'), python-chess $(.venv/bin/python3 -c 'import chess; print(chess.__version__)'), pyspark $(.venv/bin/python3 -c 'import pyspark; print(pyspark.__version__)'), dask $(.venv/bin/python3 -c 'import dask; print(dask.__version__)'), node $(node --version), $(/usr/bin/chromium --version 2>/dev/null | head -n 1))"
