//! What the men a player touched oblige him to do (Art. 4): typed, so that
//! every front end can say it in the player's language (`arbiter_notation`'s
//! `touch_words`). Its `Display` is the English of the arbiter's notes and
//! of the replay report.

use serde::Serialize;
use std::fmt;

/// The move the touch-move rule obliges (L-4.3, L-4.4; the Laws 2005, 4.3
/// and 4.4; the Tavreli rules, art. 4.2 and 4.3). Squares are written as
/// the log writes them (`e2`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "duty", rename_all = "snake_case")]
pub enum TouchDuty {
    /// Move the own man on `square` (L-4.3.1).
    MoveMan {
        /// Where the man stands.
        square: String,
    },
    /// Capture the opponent's man on `square` (L-4.3.2).
    CaptureMan {
        /// Where the man stands.
        square: String,
    },
    /// Capture the man on `target` with the man on `with` (L-4.3.3).
    CaptureWith {
        /// The opponent's man touched.
        target: String,
        /// The own man touched.
        with: String,
    },
    /// The Laws 2005, 4.3(c): move the own man or capture the other.
    MoveOrCapture {
        /// The own man touched.
        own: String,
        /// The opponent's man touched.
        opponent: String,
    },
    /// Castle with the rook on `rook` (L-4.4.1).
    Castle {
        /// The rook touched after the king.
        rook: String,
    },
    /// The Tavreli rules, art. 4.3: castling on the touched side is
    /// impossible, castle on the other.
    CastleOtherSide {
        /// The king (volkhv) touched.
        king: String,
    },
    /// Move the king on `king` (L-4.4.3; the Tavreli rules, art. 4.2).
    MoveKing {
        /// The king (volkhv) touched.
        king: String,
    },
}

impl fmt::Display for TouchDuty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TouchDuty::MoveMan { square } => write!(f, "move the man on {square}"),
            TouchDuty::CaptureMan { square } => write!(f, "capture the man on {square}"),
            TouchDuty::CaptureWith { target, with } => {
                write!(f, "capture the man on {target} with the man on {with}")
            }
            TouchDuty::MoveOrCapture { own, opponent } => {
                write!(f, "move the man on {own} or capture the man on {opponent}")
            }
            TouchDuty::Castle { rook } => write!(f, "castle with the rook on {rook}"),
            TouchDuty::CastleOtherSide { king } => {
                write!(f, "castle on the other side with the king on {king}")
            }
            TouchDuty::MoveKing { king } => write!(f, "move the king on {king}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English is the text the replay report has always given.
    #[test]
    fn the_english_is_the_reports_text() {
        let d = TouchDuty::CaptureWith {
            target: "d5".into(),
            with: "e4".into(),
        };
        assert_eq!(d.to_string(), "capture the man on d5 with the man on e4");
        let d = TouchDuty::MoveOrCapture {
            own: "e4".into(),
            opponent: "d5".into(),
        };
        assert_eq!(d.to_string(), "move the man on e4 or capture the man on d5");
    }
}
