//! Replaying a log: the fold from the header and the events to a final state,
//! and the report `arbiter replay --json` prints.

use crate::game::{Game, GameConfig, MAX_POINTS, Penalty};
use crate::header_error::HeaderError;
pub use crate::header_error::{START_OVER, TAVRELI_RULES_ARE_NOT_CHESS};
use crate::log::{Header, Log};
use crate::provisions::Provisions;
use crate::ruleset::RuleSet;
use crate::timing::Timing;
// The clock part of the report is the clock's own; it is named here too,
// where the report's readers look for it.
use crate::outcome::{GameResult, Termination};
pub use crate::timing::{ClockReport, PerSide};
use arbiter_clock::MAX_AT_MS;
use arbiter_rules::{Edition, Regime, Rejection, Side, Variant};
use serde::Serialize;

/// An event line the game did not accept, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rejected {
    /// The 1-based line of the log.
    pub line: usize,
    /// Why, in English: the report's words, a contract for scripts.
    pub reason: String,
    /// Why, typed: the article and the data to say it in any language.
    #[serde(skip)]
    pub why: Rejection,
}

impl Rejected {
    /// A refusal of line `line`.
    pub fn new(line: usize, why: Rejection) -> Self {
        Rejected {
            line,
            reason: why.to_string(),
            why,
        }
    }

    /// A refusal of line `line` in a game under `edition`: its words cite
    /// that edition's articles ([`Rejection::text_in`]).
    pub fn in_edition(line: usize, why: Rejection, edition: Edition) -> Self {
        Rejected {
            line,
            reason: why.text_in(edition),
            why,
        }
    }
}

/// The settings a header gives, with the clock it describes.
pub fn config_from_header(h: &Header) -> Result<(GameConfig, Timing), HeaderError> {
    let regime = h
        .regime
        .or_else(|| Timing::regime_of(h))
        .unwrap_or(Regime::Standard);
    // Without `supervision`, the edition's default (a 2005 rapid or blitz
    // game is reduced, docs/decisions.md).
    let supervision = h
        .supervision
        .unwrap_or(Provisions::default_supervision(h.edition, regime));
    check_header_values(h)?;
    let provisions = Provisions::new(h.edition, regime, supervision)
        .with_time_penalty(h.time_penalty_ms)
        .with_arbiter_calls_flags(h.arbiter_calls_flags.unwrap_or(false));
    // The clock observes flags as the Laws in force supervise the game.
    let timing = Timing::from_header(h, &provisions)?;
    let config = GameConfig {
        provisions,
        scoring: h.scoring.unwrap_or_default(),
        quickplay_announced: h.quickplay_finish.unwrap_or(false),
        draw_offers_from_move: h.draw_offers_from_move,
        default_time: h.default_time,
        clock_only: h.clock_only.unwrap_or(false),
        visually_disabled: h.visually_disabled.clone(),
        assistant: h.assistant.clone(),
    };
    Ok((config, timing))
}

/// Refuses header values no regulations could mean: a negative default time
/// or time penalty, a penalty beyond the clock's range, points outside
/// `[0, 10]`.
fn check_header_values(h: &Header) -> Result<(), HeaderError> {
    if let Some(d) = h.default_time
        && d < 0
    {
        return Err(HeaderError::NegativeDefaultTime(d));
    }
    if let Some(p) = h.time_penalty_ms
        && !(0..=MAX_AT_MS as i64).contains(&p)
    {
        return Err(HeaderError::TimePenaltyOutOfRange(p));
    }
    if let Some(s) = h.scoring {
        for (name, points) in [("win", s.win), ("draw", s.draw), ("loss", s.loss)] {
            if !(0.0..=MAX_POINTS).contains(&points) {
                return Err(HeaderError::ScoringOutOfRange {
                    name,
                    points,
                    max: MAX_POINTS,
                });
            }
        }
    }
    Ok(())
}

/// The game a header describes, before any event: the one place that turns
/// a header into a game, so a live session and a replay start alike. The
/// clock of the side to move in the starting position runs first (6.6).
pub fn new_game<R: RuleSet>(rules: R, header: &Header) -> Result<Game<R>, HeaderError> {
    let (config, timing) = config_from_header(header)?;
    let start = match &header.start {
        Some(text) => Some(
            rules
                .parse_position(text)
                .map_err(|e| HeaderError::Start(Box::new(e)))?,
        ),
        None => None,
    };
    // Game::new starts the clock of the side to move in `start` (6.6).
    let mut game = Game::new(rules, config, start, timing);
    if header.lag_from_arrival == Some(true) {
        game.credit_lag_to_opponent();
    }
    Ok(game)
}

/// Refuses to start a new game that cannot be played as the header says:
/// chess under the Tavreli tournament rules ([`TAVRELI_RULES_ARE_NOT_CHESS`]:
/// the Tavreli rules are Tavreli's, where a Tavreli game may still name a FIDE
/// edition), or a start position the Laws have already ended
/// ([`Game::over_at_start`]): a mated, stalemated or dead position, or a
/// halfmove clock past the 75-move rule. The second error reads
/// `header start: ` + [`START_OVER`] + the ending's key. A stored log is
/// read whatever it says (an auditor may ask what those rules would say).
pub fn playable_start<R: RuleSet>(game: &Game<R>) -> Result<(), HeaderError> {
    let variant = game.rules().variant();
    let edition = game.config().provisions.edition;
    if !Provisions::admits(edition, variant) {
        return Err(HeaderError::VariantNotUnderEdition { variant, edition });
    }
    match game.over_at_start() {
        Some(t) => Err(HeaderError::OverAtStart(t)),
        None => Ok(()),
    }
}

/// Folds a log into a game. Fails only when the header itself is unusable
/// (bad time control or start position); bad events are collected.
pub fn replay<R: RuleSet>(rules: R, log: &Log) -> Result<(Game<R>, Vec<Rejected>), HeaderError> {
    let mut game = new_game(rules, &log.header)?;
    game.reserve_plies(log.lines.len());
    let mut rejected = Vec::new();
    let edition = game.config().provisions.edition;
    for (line, ev) in &log.lines {
        match ev {
            Ok(ev) => {
                if let Err(why) = game.apply(ev) {
                    rejected.push(Rejected::in_edition(*line, why, edition));
                }
            }
            Err(reason) => rejected.push(Rejected::new(
                *line,
                Rejection::Unreadable(reason.to_string()),
            )),
        }
    }
    Ok((game, rejected))
}

/// What `arbiter replay --json` prints. The keys are a stable contract for scripts:
/// new keys may be added, existing ones keep their meaning.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The rule set, written `chess` or `tavreli`.
    pub variant: Variant,
    /// The edition of the Laws that judged the game (CFG-1), written by its
    /// key (`2023`, `tavreli` …).
    pub edition: Edition,
    /// Standard, rapid or blitz (CFG-2, L-6.3g), written in lower case.
    pub regime: Regime,
    /// The result, written as in PGN (`1-0`, `0-1`, `1/2-1/2`, `0-0`), `*`
    /// while the game goes on.
    pub result: GameResult,
    /// Why the game ended, written `checkmate`, `time_forfeit`,
    /// `agreement` …, once it has.
    pub termination: Option<Termination>,
    /// Half-moves played, the last one possibly not yet completed.
    pub ply: usize,
    /// The current position in the rule set's text (FEN for chess).
    pub fen: String,
    /// The clocks, read at the end of the game or at the last event; `None`
    /// without a clock.
    pub clock: Option<ClockReport>,
    /// Completed illegal moves acted upon, per side (the L-7.5e ladder).
    pub illegal_moves: PerSide<u32>,
    /// Penalties and time corrections in order (L-7.5e, L-9.5c, L-12.9).
    pub penalties: Vec<Penalty>,
    /// Event lines the game did not accept, with the reason.
    pub rejected: Vec<Rejected>,
    /// Each side's points once the game is over (L-10.1, CFG-6), after the
    /// arbiter's point penalties (L-12.9.4–5).
    pub score: Option<PerSide<f64>>,
    /// Who made the draw offer still open, if any (L-9.1c).
    pub draw_offer: Option<Side>,
    /// The quickplay-finish claim awaiting the arbiter's decision, if any
    /// (2005 10.2, G-III.4, G-III.5): `{"side": "white", "claim":
    /// "quickplay_finish"}` or `"increment"`.
    pub quickplay_claim: Option<crate::PendingClaim>,
    /// The arbiter's notes (see [`Game::notes`]).
    pub notes: Vec<String>,
    /// Each ply in written notation (SAN for chess).
    pub moves: Vec<String>,
    /// Every touch and adjustment (Art. 4); left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub touches: Vec<crate::touch::TouchRecord>,
    /// What the player having the move must do because of the men he
    /// touched (L-4.3, L-4.4), with the article; left out when nothing binds him.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub touch_obligation: Option<String>,
    /// Every move that broke the touch-move rule; left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub touch_move_breaches: Vec<crate::touch::TouchMoveBreach>,
    /// Every touch-move claim and its ruling (L-4.8); left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub touch_move_claims: Vec<crate::touch::TouchMoveClaim>,
    /// The sides under the rules for blind and visually disabled players
    /// (Appendix D; 2005 Supplement); left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub visually_disabled: Vec<Side>,
    /// Every announcement (D.2.1), with its corrections (D.2.8); left out
    /// when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub announcements: Vec<crate::appendix_d::AnnouncementRecord>,
    /// Every retrace by the arbiter (D.2.9); left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retraces: Vec<crate::appendix_d::RetraceRecord>,
    /// The announcements that still named another move than the board's
    /// at their announcer's press: the two boards differ (D.2.9); left out
    /// when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub boards_differ: Vec<crate::appendix_d::AnnouncementRecord>,
}

/// Builds the report of a replayed game. `at` is the instant the clocks are read.
pub fn report<R: RuleSet>(game: &Game<R>, rejected: Vec<Rejected>) -> Report {
    let rules = game.rules();
    let at = game.outcome().map(|o| o.at).unwrap_or(game.last_at());
    let clock = game.timing().report(at);
    let moves = game.move_texts();
    let p = game.config().provisions;
    Report {
        variant: rules.variant(),
        edition: p.edition,
        regime: p.regime,
        result: game
            .outcome()
            .map(|o| o.result)
            .unwrap_or(GameResult::Ongoing),
        termination: game.outcome().map(|o| o.termination),
        ply: game.plies().len(),
        fen: rules.position_text(game.position()),
        clock,
        illegal_moves: PerSide {
            white: game.illegal_count(Side::White),
            black: game.illegal_count(Side::Black),
        },
        penalties: game.penalties().to_vec(),
        rejected,
        score: game.score().map(|s| PerSide {
            white: s[0],
            black: s[1],
        }),
        draw_offer: game.draw_offer().map(|o| o.by),
        quickplay_claim: game.quickplay_claim(),
        notes: game.notes().to_vec(),
        moves,
        touches: game.touches().to_vec(),
        touch_obligation: game
            .outcome()
            .is_none()
            .then(|| game.touch_obligation())
            .flatten(),
        touch_move_breaches: game.touch_move_breaches().to_vec(),
        touch_move_claims: game.touch_move_claims().to_vec(),
        visually_disabled: Side::BOTH
            .into_iter()
            .filter(|&s| game.visually_disabled(s))
            .collect(),
        announcements: game.announcements().to_vec(),
        retraces: game.retraces().to_vec(),
        boards_differ: game.boards_differ().to_vec(),
    }
}
