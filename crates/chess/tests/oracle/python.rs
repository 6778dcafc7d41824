//! Which Python runs the python-chess oracle: the project's `.venv` when it
//! exists (scripts/setup.sh installs python-chess there, because Debian's own
//! python3 refuses pip installs), else `python3` from the PATH.

use std::path::PathBuf;

/// The Python interpreter for the oracle scripts.
pub fn python3() -> PathBuf {
    let venv = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../.venv/bin/python3"
    ));
    if venv.exists() {
        venv
    } else {
        PathBuf::from("python3")
    }
}
