//! Auditing a recorded game: is its recorded result the lawful one?
//!
//! The audit replays the moves under the Laws of the chosen edition, finds
//! the automatic ending (if any), the first ply each draw claim was open,
//! a flag that fell unnoticed (from `[%clk]` readings), and decides whether
//! the recorded result stands. It is generic over the rule set, so Tavreli
//! records are audited by the same code.

use crate::event::ClaimKind;
use crate::game::{Game, GameConfig};
use crate::outcome::{GameResult, Termination};
use crate::provisions::Provisions;
use crate::ruleset::{Mateability, MoveInput, RuleSet};
use crate::timing::Timing;
use arbiter_rules::{Edition, Regime, Side, Supervision};
use serde::Serialize;

/// One game of a record, as read from PGN (or any other record format).
#[derive(Clone, Debug, Default)]
pub struct RecordedGame {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// The tag pairs (`Result`, `TimeControl`, `Termination` …) in the order read.
    pub tags: Vec<(String, String)>,
    /// The move tokens in order.
    pub moves: Vec<String>,
    /// `[%clk]` reading after each move, in ms, where given.
    pub clocks: Vec<Option<i64>>,
    /// A problem the reader found that is not a move (e.g. an unterminated tag).
    pub read_error: Option<String>,
    /// What the reader ignored and why (e.g. a comment that is not a clock
    /// reading); reported with the audit, does not change the verdict.
    pub notes: Vec<String>,
}

impl RecordedGame {
    /// The value of the tag `name` (matched without regard to case), or
    /// `None` when the record has no such tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The first ply at which a claim was open to the player having the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimableAt {
    /// The claim: threefold repetition (L-9.2) or the 50-move rule (L-9.3).
    pub claim: ClaimKind,
    /// Half-moves played when the claim was first open (0 = before the first move).
    pub ply: usize,
}

/// A flag that fell, found from the clock readings (L-6.9): archives rarely record it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlagFound {
    /// The player whose flag fell.
    pub side: Side,
    /// The half-move (1-based) after whose clock reading the flag was down.
    pub ply: usize,
}

/// One line of `arbiter audit --json`.
#[derive(Clone, Debug, Serialize)]
pub struct AuditRecord {
    /// 1-based number of the game in its file ([`RecordedGame::number`]).
    pub game: usize,
    /// The result the record gives (its `Result` tag, `*` if none).
    pub recorded: String,
    /// The lawful result found by the audit, as in PGN (`*` when it cannot
    /// be decided).
    pub result: String,
    /// How the game ended by the Laws (`checkmate`, `stalemate`, `time_forfeit` …),
    /// when the audit found it.
    pub termination: Option<&'static str>,
    /// Half-moves replayed.
    pub ply: usize,
    /// The recorded result is the lawful one; never true when `error` is set.
    pub agrees: bool,
    /// The first ply each draw claim was open (L-9.2, L-9.3).
    pub claimable: Vec<ClaimableAt>,
    /// Why the record could not be replayed (an unreadable token, an
    /// illegal move, a bad tag); the verdict is then `*`.
    pub error: Option<String>,
    /// A flag the clock readings show fell (and whether play went on after it).
    pub flag: Option<FlagFound>,
    /// What the reader ignored, with the ply (see [`RecordedGame::notes`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The audit settings.
#[derive(Clone, Copy, Debug, Default)]
pub struct AuditOptions {
    /// The edition of the Laws the games are judged under (CFG-1).
    pub edition: Edition,
    /// Regime when the record has no `TimeControl` tag.
    pub regime: Option<Regime>,
}

/// What the record's `Termination` tag (or the absence of one) tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Recorded {
    TimeForfeit,
    Forfeit,
    Other,
}

fn recorded_kind(tag: Option<&str>) -> Recorded {
    let t = tag.unwrap_or("").to_ascii_lowercase();
    if t.contains("time") {
        Recorded::TimeForfeit
    } else if t.contains("abandon") || t.contains("forfeit") || t.contains("infraction") {
        Recorded::Forfeit
    } else {
        Recorded::Other
    }
}

/// Reads the `[%clk H:MM:SS(.f)]` command in a comment, strictly: `None`
/// when the comment has no `%clk`; `Some(Err)` with the reason when what
/// follows is not a clock reading (hours up to 999, minutes and seconds
/// below 60, at most three decimals). A loose reading once took
/// `1e9:00:00` for one second and found a false flag fall (L-6.9).
pub fn parse_clk(comment: &str) -> Option<Result<i64, BadClock>> {
    let i = comment.find("%clk")?;
    let rest = comment[i + 4..].trim_start();
    let end = rest
        .find(|c: char| c == ']' || c.is_whitespace())
        .unwrap_or(rest.len());
    let value = &rest[..end];
    let bad = || Err(BadClock(value.to_string()));
    let (whole, frac) = match value.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (value, None),
    };
    let parts: Vec<&str> = whole.split(':').collect();
    let [h, m, s] = parts[..] else {
        return Some(bad());
    };
    let digits = |t: &str, max_len: usize| {
        !t.is_empty() && t.len() <= max_len && t.bytes().all(|b| b.is_ascii_digit())
    };
    if !digits(h, 3) || !digits(m, 2) || !digits(s, 2) || frac.is_some_and(|f| !digits(f, 3)) {
        return Some(bad());
    }
    let (h, m, s): (i64, i64, i64) = match (h.parse(), m.parse(), s.parse()) {
        (Ok(h), Ok(m), Ok(s)) if m < 60 && s < 60 => (h, m, s),
        _ => return Some(bad()),
    };
    let ms = frac.map_or(0, |f| {
        let v: i64 = f.parse().unwrap_or(0);
        v * 10i64.pow(3 - f.len() as u32)
    });
    Some(Ok(h * 3_600_000 + m * 60_000 + s * 1000 + ms))
}

/// A `[%clk]` command whose value is not a clock reading. The message
/// quotes at most its first 20 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadClock(pub String);

impl std::fmt::Display for BadClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "[%clk {}] is not a clock reading (H:MM:SS)",
            crate::log::cut(&self.0, 20)
        )
    }
}

impl std::error::Error for BadClock {}

/// Audits one recorded game. A game with an error (a move or token that
/// cannot be read, an illegal move) never agrees: what the record says
/// cannot be checked.
pub fn audit_game<R: RuleSet>(rules: R, opts: AuditOptions, rec: &RecordedGame) -> AuditRecord {
    let mut r = audit_moves(rules, opts, rec);
    if r.error.is_some() {
        r.agrees = false;
    }
    r
}

fn audit_moves<R: RuleSet>(rules: R, opts: AuditOptions, rec: &RecordedGame) -> AuditRecord {
    let recorded_text = rec.tag("Result").unwrap_or("*").to_string();
    let mut out = AuditRecord {
        game: rec.number,
        recorded: recorded_text.clone(),
        result: "*".into(),
        termination: None,
        ply: 0,
        agrees: false,
        claimable: Vec::new(),
        error: rec.read_error.clone(),
        flag: None,
        notes: rec.notes.clone(),
    };
    let (mut game, increment) = match start_game(rules, opts, rec) {
        Ok(g) => g,
        Err(e) => {
            out.error = Some(e);
            return out;
        }
    };
    play_record(&mut game, rec, increment, &mut out);
    out.ply = game.plies().len();
    let recorded = GameResult::parse(&recorded_text).unwrap_or(GameResult::Ongoing);

    if let Some(o) = game.outcome() {
        // The moves alone decide (mate, stalemate, dead position, fivefold, 75).
        out.result = o.result.as_str().into();
        out.termination = Some(o.termination.as_str());
        out.agrees = o.result == recorded;
        return out;
    }
    if out.error.is_some() {
        out.result = "*".into();
        out.agrees = false;
        return out;
    }
    let (result, termination) = recorded_ending(&game, rec, recorded);
    // A flag that fell unnoticed earlier decides the game at that point
    // (L-6.9) — reported, and the result follows it when play went on.
    if let Some(f) = &out.flag
        && (f.ply < game.plies().len()
            || recorded_kind(rec.tag("Termination")) != Recorded::TimeForfeit)
    {
        out.result = verdict_at_flag(&game, f).as_str().into();
        out.termination = Some(Termination::TimeForfeit.as_str());
        out.agrees = out.result == recorded.as_str();
        return out;
    }
    out.result = result.as_str().into();
    out.termination = if result == GameResult::Ongoing {
        None
    } else {
        Some(termination.as_str())
    };
    out.agrees = result == recorded;
    out
}

/// The game a record starts (its `FEN` tag, the regime of its
/// `TimeControl`, L-6.3g) and the increment its `[%clk]` readings include.
fn start_game<R: RuleSet>(
    rules: R,
    opts: AuditOptions,
    rec: &RecordedGame,
) -> Result<(Game<R>, i64), String> {
    let control = rec
        .tag("TimeControl")
        .and_then(|tc| Timing::parse_control(tc).ok());
    let regime = opts
        .regime
        .or_else(|| {
            control
                .as_ref()
                .and_then(|c| Timing::classify(c, opts.edition))
        })
        .unwrap_or(Regime::Standard);
    let config = GameConfig {
        provisions: Provisions::new(opts.edition, regime, Supervision::Full),
        ..Default::default()
    };
    let start = match rec.tag("FEN") {
        Some(fen) => Some(
            rules
                .parse_position(fen)
                .map_err(|e| format!("FEN tag: {e}"))?,
        ),
        None => None,
    };
    let game = Game::new(rules, config, start, Timing::none());
    let increment = control.as_ref().map(Timing::first_increment).unwrap_or(0);
    Ok((game, increment))
}

/// Plays the record's moves under the Laws (Art. 1–5, 9.6): stops at the
/// end of the game, at a move that cannot be read or is illegal (the
/// record's error), and notes the claims that open and the first flag the
/// `[%clk]` readings prove fallen (L-6.9).
fn play_record<R: RuleSet>(
    game: &mut Game<R>,
    rec: &RecordedGame,
    increment: i64,
    out: &mut AuditRecord,
) {
    let mut claim_seen = [false, false];

    for (i, text) in rec.moves.iter().enumerate() {
        note_claimable(game, i, &mut claim_seen, &mut out.claimable);
        if game.outcome().is_some() {
            // The game ended by itself (mate, stalemate, dead position,
            // fivefold, 75 moves); the moves played after it do not count.
            break;
        }
        let side = game.rules().turn(game.position());
        let read = game.rules().parse_move(game.position(), text);
        match &read {
            MoveInput::Legal(_) => {}
            // The token is the record's text: cut, so a huge one stays readable.
            MoveInput::Illegal { reason } => {
                let text = crate::log::cut(text, 24);
                let reason = crate::log::cut(reason, 200);
                out.error = Some(format!("ply {}: illegal move {text:?}: {reason}", i + 1));
                break;
            }
            MoveInput::Malformed { reason, .. } => {
                let text = crate::log::cut(text, 24);
                let reason = crate::log::cut(reason, 200);
                out.error = Some(format!("ply {}: unreadable move {text:?}: {reason}", i + 1));
                break;
            }
        }
        // The move is read once: the game takes this reading.
        if let Err(e) = game.apply_move_read(i as u64, side, text, true, read) {
            out.error = Some(format!(
                "ply {}: {}",
                i + 1,
                crate::log::cut(&e.to_string(), 200)
            ));
            break;
        }
        // A reading after a move a full second below the increment means the
        // flag fell before the move was completed. Readings are whole seconds
        // (truncated), so `0:00:00` alone proves nothing: lichess plays on
        // with 0.4 s left. Only a certain fall is reported.
        if out.flag.is_none()
            && game.outcome().is_none()
            && let Some(Some(left)) = rec.clocks.get(i)
            && (*left < 0 || *left + 1000 <= increment)
        {
            out.flag = Some(FlagFound { side, ply: i + 1 });
        }
    }
    if out.error.is_none() {
        note_claimable(game, rec.moves.len(), &mut claim_seen, &mut out.claimable);
    }
}

/// What the Laws make of the record's own ending when the moves did not end
/// the game: a flag (L-6.9), a forfeit, a resignation (2023 5.1.2), a draw
/// claimed (9.2, 9.3) or agreed (5.2.3), a double loss (11.8).
fn recorded_ending<R: RuleSet>(
    game: &Game<R>,
    rec: &RecordedGame,
    recorded: GameResult,
) -> (GameResult, Termination) {
    let pos = game.position();
    let rules = game.rules();
    let mover = rules.turn(pos);
    let left = game.quiet_plies_left();
    let cannot_mate = |s: Side| rules.mateability_within(pos, s, left) == Mateability::Impossible;
    match recorded_kind(rec.tag("Termination")) {
        Recorded::TimeForfeit => {
            // L-6.9: the player whose flag fell loses, unless his opponent
            // cannot mate him (no such exception in the Tavreli rules). The loser is the side the record says lost,
            // or the side to move when it records a draw.
            let flagged = match recorded {
                GameResult::WhiteWins => Side::Black,
                GameResult::BlackWins => Side::White,
                _ => mover,
            };
            let provisions = game.config().provisions;
            let r =
                if provisions.flag_draw_if_opponent_cannot_mate() && cannot_mate(flagged.other()) {
                    GameResult::Draw
                } else {
                    GameResult::win_for(flagged.other())
                };
            (r, Termination::TimeForfeit)
        }
        Recorded::Forfeit => (recorded, Termination::Arbiter),
        Recorded::Other => match recorded {
            GameResult::WhiteWins | GameResult::BlackWins => {
                let loser = if recorded == GameResult::WhiteWins {
                    Side::Black
                } else {
                    Side::White
                };
                // 2023 5.1.2: resigning when the opponent cannot mate is a draw.
                if game
                    .config()
                    .provisions
                    .resignation_draw_if_opponent_cannot_mate()
                    && cannot_mate(loser.other())
                {
                    (GameResult::Draw, Termination::Resignation)
                } else {
                    (recorded, Termination::Resignation)
                }
            }
            GameResult::Draw => {
                let open = game.claimable();
                if open.contains(&ClaimKind::Threefold) {
                    (GameResult::Draw, Termination::ThreefoldClaim)
                } else if open.contains(&ClaimKind::FiftyMoves) {
                    (GameResult::Draw, Termination::FiftyMovesClaim)
                } else if game.config().provisions.agreement_needs_a_move_each()
                    && game.plies().len() < 2
                {
                    // 5.2.3 (2017+): no agreement before both have moved.
                    (GameResult::Ongoing, Termination::Agreement)
                } else {
                    (GameResult::Draw, Termination::Agreement)
                }
            }
            GameResult::BothLose => (recorded, Termination::Arbiter),
            GameResult::Ongoing => (GameResult::Ongoing, Termination::Arbiter),
        },
    }
}

/// L-6.9 applied to the position at the moment the flag fell.
fn verdict_at_flag<R: RuleSet>(game: &Game<R>, f: &FlagFound) -> GameResult {
    let rules = game.rules();
    let pos = game.position_after(f.ply.saturating_sub(1));
    // The horizon of that position: the edition's limit less its own count
    // of quiet plies (L-9.6b).
    let left = if rules.has_move_count_rules() {
        game.config()
            .provisions
            .quiet_ply_limit()
            .and_then(|n| n.checked_sub(rules.halfmove_clock(&pos)))
            .filter(|&n| n > 0)
    } else {
        None
    };
    if rules.mateability_within(&pos, f.side.other(), left) == Mateability::Impossible {
        GameResult::Draw
    } else {
        GameResult::win_for(f.side.other())
    }
}

fn note_claimable<R: RuleSet>(
    game: &Game<R>,
    ply: usize,
    seen: &mut [bool; 2],
    out: &mut Vec<ClaimableAt>,
) {
    if seen[0] && seen[1] {
        return;
    }
    for claim in game.claimable() {
        let k = if claim == ClaimKind::Threefold { 0 } else { 1 };
        if !seen[k] {
            seen[k] = true;
            out.push(ClaimableAt { claim, ply });
        }
    }
}
