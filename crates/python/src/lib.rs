//! arbiter_chess for Python: what the `arbiter` command does with archives
//! and positions, as a library a Python program (PySpark, Dask, pandas…)
//! calls game by game.
//!
//! The functions here are plain Rust and return typed values; the Python
//! module (`bindings`, built by maturin with the `python` feature) only
//! converts them. They reuse the very code the command runs, so a record
//! audited here gives the same JSON object as `arbiter audit --json`:
//!
//! ```
//! let pgn = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
//! let records = arbiter_python::audit_pgn(pgn.as_bytes(), &Default::default()).unwrap();
//! assert_eq!(records[0].result, "0-1");
//! assert!(!records[0].agrees);
//! ```

mod audit;
#[cfg(feature = "python")]
mod bindings;
mod error;
mod moves;
mod position;
mod replay;

pub use audit::{AuditSettings, audit_pgn};
pub use error::ApiError;
pub use moves::{MAX_MOVE_TEXT, parse_move, say};
pub use position::{Sides, unwinnable};
pub use replay::replay_log;

/// The text of a Python `str` or `bytes` argument as UTF-8, or the input
/// error the issue promises for bytes that are not.
pub fn utf8(bytes: &[u8]) -> Result<&str, ApiError> {
    std::str::from_utf8(bytes).map_err(|e| {
        ApiError::Input(format!(
            "the input is not UTF-8: byte {} cannot be read ({e})",
            e.valid_up_to() + 1
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE: &str = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";

    #[test]
    fn a_record_is_audited_with_the_commands_keys() {
        let records = audit_pgn(MATE.as_bytes(), &AuditSettings::default()).unwrap();
        let v = serde_json::to_value(&records[0]).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        for key in [
            "game",
            "recorded",
            "result",
            "termination",
            "ply",
            "agrees",
            "claimable",
            "error",
            "flag",
        ] {
            assert!(keys.contains(&key), "{key} missing from {keys:?}");
        }
        assert!(records[0].agrees);
    }

    #[test]
    fn bad_input_and_bad_options_are_told_apart() {
        let not_utf8 = audit_pgn(b"[Event \"\xff\"]\n\n1. e4 *\n", &AuditSettings::default());
        assert!(matches!(not_utf8, Err(ApiError::Input(m)) if m.contains("not UTF-8")));
        let edition = AuditSettings {
            edition: Some("1999".into()),
            ..Default::default()
        };
        assert!(matches!(
            audit_pgn(MATE.as_bytes(), &edition),
            Err(ApiError::Option(_))
        ));
        let variant = AuditSettings {
            variant: Some("shogi".into()),
            ..Default::default()
        };
        assert!(matches!(
            audit_pgn(MATE.as_bytes(), &variant),
            Err(ApiError::Option(_))
        ));
        assert!(matches!(replay_log(b"no log\n"), Err(ApiError::Input(_))));
        assert!(matches!(
            parse_move("Ke3", None, None),
            Err(ApiError::Move(_))
        ));
        assert!(matches!(
            parse_move("e4", Some("8/8 w"), None),
            Err(ApiError::Input(_))
        ));
        assert!(matches!(
            say("e4", None, "klingon"),
            Err(ApiError::Option(_))
        ));
        assert!(matches!(
            Sides::parse(Some("red")),
            Err(ApiError::Option(_))
        ));
    }

    #[test]
    fn moves_are_read_and_said() {
        assert_eq!(parse_move("конь эф три", None, None).unwrap(), "Nf3");
        assert_eq!(say("Nf3", None, "fide-de").unwrap(), "Springer Felix drei");
        let bare = "8/8/4k3/8/8/4K3/8/8 w - - 0 1";
        assert_eq!(unwinnable(bare, Sides::Both, None, None).unwrap(), "--");
        assert_eq!(
            unwinnable(bare, Sides::One(shakmaty::Color::Black), Some(500), None).unwrap(),
            "?-"
        );
    }
}
