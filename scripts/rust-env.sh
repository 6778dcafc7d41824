# Sourced by setup.sh and test.sh: finds Rust and checks its version.
# rustup installs into ~/.cargo/bin and adds it to PATH only through the login
# profile, so a fresh shell (or a CI job) may not see it yet; look there too.
# The minimum matches `rust-version` in the workspace Cargo.toml.
RUST_MIN_MINOR=95
if ! command -v cargo >/dev/null 2>&1 && [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]; then
  PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  export PATH
fi
rust_check() {
  if ! command -v rustc >/dev/null 2>&1 || ! command -v cargo >/dev/null 2>&1; then
    echo "setup: Rust is not installed. Install Rust >= 1.$RUST_MIN_MINOR through rustup" >&2
    echo "       (https://rustup.rs), then run this script again." >&2
    return 1
  fi
  local v
  v=$(rustc --version | awk '{print $2}')
  local major=${v%%.*} rest=${v#*.}
  local minor=${rest%%.*}
  if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt "$RUST_MIN_MINOR" ]; }; then
    echo "setup: rustc $v is too old: arbiter needs Rust >= 1.$RUST_MIN_MINOR." >&2
    echo "       Update it with: rustup update stable" >&2
    return 1
  fi
}
