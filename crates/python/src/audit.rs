//! `audit_pgn`: every game of a record judged against the Laws, as
//! `arbiter audit --json` judges it.

use arbiter_laws::audit::{AuditOptions, AuditRecord, RecordedGame, audit_game};
use arbiter_rules::{Edition, Regime, Variant};
use arbiter_session::{RulesJob, with_variant};

use crate::error::{ApiError, guarded};

/// How the games are judged: the command's `--edition`, `--variant` and
/// `--regime`, as the words a caller passes.
#[derive(Clone, Debug, Default)]
pub struct AuditSettings {
    /// `2005`, `2017`, `2018`, `2023` or `tavreli`; `None` is the
    /// variant's own default (2023 for chess, tavreli for Tavreli), as
    /// the command has it.
    pub edition: Option<String>,
    /// `chess` or `tavreli`; `None` is chess.
    pub variant: Option<String>,
    /// `standard`, `rapid` or `blitz`, for a game without a `TimeControl` tag.
    pub regime: Option<String>,
}

impl AuditSettings {
    /// The variant and the options the settings name, or the option error
    /// that says which word is unknown.
    fn resolve(&self) -> Result<(Variant, AuditOptions), ApiError> {
        let variant = match self.variant.as_deref() {
            None => Variant::Chess,
            Some(v) => v.parse().map_err(|_| {
                ApiError::Option(format!("unknown variant {v:?}: expected chess or tavreli"))
            })?,
        };
        let edition = match self.edition.as_deref() {
            None => Edition::default_for_variant(variant),
            Some(e) => parse_edition(e)?,
        };
        let regime = match self.regime.as_deref() {
            None => None,
            Some(r) => Some(r.parse::<Regime>().map_err(|_| {
                ApiError::Option(format!(
                    "unknown regime {r:?}: expected standard, rapid or blitz"
                ))
            })?),
        };
        Ok((variant, AuditOptions { edition, regime }))
    }
}

/// An edition by its command-line name.
pub(crate) fn parse_edition(text: &str) -> Result<Edition, ApiError> {
    text.parse().map_err(|_| {
        ApiError::Option(format!(
            "unknown edition {text:?}: expected 2005, 2017, 2018, 2023 or tavreli"
        ))
    })
}

/// Audits every game of `pgn` (UTF-8 bytes) under `settings`, in file
/// order: one record per game, the objects `arbiter audit --json` prints.
/// A game that cannot be replayed carries its `error` and the rest go on;
/// a reading that must stop (a line longer than 64 KiB) is an
/// [`ApiError::Input`] naming the line.
pub fn audit_pgn(pgn: &[u8], settings: &AuditSettings) -> Result<Vec<AuditRecord>, ApiError> {
    let (variant, opts) = settings.resolve()?;
    crate::utf8(pgn)?;
    guarded("audit_pgn", || {
        with_variant(variant, Auditor { source: pgn, opts })
    })
}

/// The games of a record and how each is audited, for the record's variant.
struct Auditor<'a> {
    source: &'a [u8],
    opts: AuditOptions,
}

impl RulesJob for Auditor<'_> {
    type Output = Result<Vec<AuditRecord>, ApiError>;
    fn run<R: arbiter_session::Variant>(self, rules: R) -> Self::Output {
        let mut out = Vec::new();
        for game in R::recorded_games(Box::new(self.source)) {
            let game = game.map_err(|e| ApiError::Input(format!("{e}; reading stopped there")))?;
            out.push(audit_one(&rules, self.opts, &game));
        }
        Ok(out)
    }
}

/// One game's record; a panic in its audit (a bug) is reported as the
/// command reports it, as that game's error, and the others go on.
fn audit_one<R: arbiter_session::Variant>(
    rules: &R,
    opts: AuditOptions,
    game: &RecordedGame,
) -> AuditRecord {
    let run = || audit_game(rules.clone(), opts, game);
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| AuditRecord {
        game: game.number,
        recorded: game.tag("Result").unwrap_or("*").to_string(),
        result: "*".into(),
        termination: None,
        ply: 0,
        agrees: false,
        claimable: Vec::new(),
        error: Some("internal error while auditing".into()),
        flag: None,
        notes: Vec::new(),
    })
}
