//! The archive of a game from its event log: the score in national letters and in
//! braille (with the BRF file a braille embosser or display reads), and the audit
//! verdict, which is the log replayed under the Laws by the same fold the server runs.

use arbiter_notation::scoresheet::{
    ScoreHeader, ScoreMove, scoresheet_braille, scoresheet_brf, scoresheet_text,
};
use arbiter_notation::{LetterSet, Style};
use arbiter_rules::{GameResult, Variant};
use arbiter_session::laws::log::{Log, parse_log};
use arbiter_session::laws::replay::{Report, replay, report};
use arbiter_session::{RulesJob, with_rules};
use serde::{Deserialize, Serialize};

/// The largest log read (a long game with every clock press is far smaller).
pub const MAX_LOG: usize = 4 << 20;

/// `POST /api/record`.
#[derive(Clone, Debug, Deserialize)]
pub struct RecordRequest {
    /// The JSON Lines event log, as `GET /api/games/{id}/log` gives it.
    pub log: String,
    /// The letters of the score: `en`, `ru`, `de`, `fr`, … (default `en`).
    #[serde(default)]
    pub letters: Option<String>,
}

/// The archive.
#[derive(Clone, Debug, Serialize)]
pub struct RecordAnswer {
    /// The scoresheet in national letters.
    pub letters: String,
    /// The scoresheet in Unicode braille.
    pub braille: String,
    /// The same in BRF (ASCII braille), CR LF lines.
    pub brf: String,
    /// The log's verdict in one sentence.
    pub verdict: String,
    /// Events of the log the Laws refused.
    pub rejected: usize,
    /// The final state, as `arbiter replay --json` gives it.
    pub state: Report,
}

/// Replays the log and writes its score.
pub fn record(req: &RecordRequest) -> Result<RecordAnswer, String> {
    if req.log.len() > MAX_LOG {
        return Err(format!("the log is longer than {MAX_LOG} bytes"));
    }
    let log = parse_log(&req.log).map_err(|e| e.to_string())?;
    let state = with_rules(&log.header, Fold(&log))?;
    let lang = req
        .letters
        .as_deref()
        .and_then(LetterSet::from_key)
        .unwrap_or(LetterSet::En);
    let moves: Vec<ScoreMove> = state
        .moves
        .iter()
        .map(|m| ScoreMove {
            mv: m.clone(),
            ..ScoreMove::default()
        })
        .collect();
    let header = ScoreHeader {
        white: log.header.white.clone().unwrap_or_default(),
        black: log.header.black.clone().unwrap_or_default(),
        result: if state.result == GameResult::Ongoing {
            String::new()
        } else {
            state.result.to_string()
        },
        ..ScoreHeader::default()
    };
    let start = log.header.start.as_deref();
    let (letters, braille, brf) = if state.variant == Variant::Chess {
        (
            scoresheet_text(start, &moves, &header, Style::Letters(lang))
                .map_err(|e| e.to_string())?,
            scoresheet_braille(start, &moves, &header).map_err(|e| e.to_string())?,
            scoresheet_brf(start, &moves, &header).map_err(|e| e.to_string())?,
        )
    } else {
        // Tavreli has no braille move code of its own: its written record, in braille text.
        let text = state.moves.join(" ");
        let b = arbiter_notation::braille::text_to_braille(&text);
        let brf = arbiter_notation::braille::to_brf(&b);
        (text, b, brf)
    };
    Ok(RecordAnswer {
        letters,
        braille,
        brf,
        verdict: verdict(&state),
        rejected: state.rejected.len(),
        state,
    })
}

/// The log replayed under the Laws by the same fold the server runs.
struct Fold<'a>(&'a Log);

impl RulesJob for Fold<'_> {
    type Output = Result<Report, String>;
    fn run<R: arbiter_session::Variant>(self, rules: R) -> Result<Report, String> {
        let (game, rejected) = replay(rules, self.0).map_err(|e| e.to_string())?;
        Ok(report(&game, rejected))
    }
}

fn verdict(r: &Report) -> String {
    let how = match (r.result.as_str(), r.termination) {
        ("*", _) => "the game is still in progress".to_string(),
        (res, Some(t)) => format!("result {res} ({})", t.as_str().replace('_', " ")),
        (res, None) => format!("result {res}"),
    };
    let refused = match r.rejected.len() {
        0 => "every event of the log stands under the Laws".to_string(),
        1 => format!(
            "1 event refused: line {}: {}",
            r.rejected[0].line, r.rejected[0].reason
        ),
        n => format!(
            "{n} events refused, the first at line {}",
            r.rejected[0].line
        ),
    };
    format!(
        "Audit: {} half-moves, {how}; {refused}; {} penalties recorded.",
        r.ply,
        r.penalties.len()
    )
}
