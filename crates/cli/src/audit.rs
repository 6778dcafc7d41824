//! `arbiter audit FILE.pgn [--edition E] [--json] [--variant V] [--threads N]`:
//! check every recorded game against the Laws, streaming.
//!
//! Games are read in batches, audited on N threads and printed in file
//! order; a bad game gets `error` and the file goes on with the next one.

use arbiter_laws::audit::{AuditOptions, AuditRecord, RecordedGame, audit_game};
use arbiter_laws::log::LineError;
use arbiter_laws::{Edition, Regime, Variant};
use arbiter_session::variant::RecordedGames;
use arbiter_session::{RulesJob, with_variant};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use crate::out;

#[derive(clap::Args)]
pub struct Args {
    /// The PGN file; `-` reads standard input.
    pub file: String,
    /// Edition of the Laws: 2005, 2017, 2018, 2023 or tavreli (default:
    /// tavreli for `--variant tavreli`, else 2023).
    #[arg(long)]
    pub edition: Option<Edition>,
    /// One JSON object per game.
    #[arg(long)]
    pub json: bool,
    /// `chess` (default) or `tavreli`.
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: Variant,
    /// Regime when a game has no TimeControl tag (standard, rapid, blitz).
    #[arg(long)]
    pub regime: Option<Regime>,
    /// Worker threads (default: 1).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

const BATCH: usize = 512;

/// One game audited under the rules of the file's variant.
type AuditOne = Box<dyn Fn(&RecordedGame) -> AuditRecord + Sync>;

/// The games of a file and how each is audited, for the file's variant.
struct Auditor {
    source: Box<dyn std::io::BufRead>,
    opts: AuditOptions,
}

impl RulesJob for Auditor {
    type Output = (RecordedGames<'static>, AuditOne);
    fn run<R: arbiter_session::Variant>(self, rules: R) -> Self::Output {
        let opts = self.opts;
        let games = R::recorded_games(self.source);
        (games, Box::new(move |g| audit_game(rules.clone(), opts, g)))
    }
}

/// Opens the source; a directory is refused here, since reading one fails
/// only later and some platforms read it as empty.
fn open(file: &str) -> Result<Box<dyn std::io::BufRead>, String> {
    if file == "-" {
        return Ok(Box::new(std::io::BufReader::with_capacity(
            1 << 16,
            std::io::stdin(),
        )));
    }
    let f = std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?;
    if f.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("{file}: is a directory, not a PGN file"));
    }
    Ok(Box::new(std::io::BufReader::with_capacity(1 << 16, f)))
}

pub fn run(a: Args) -> ExitCode {
    let opts = AuditOptions {
        edition: a.edition.unwrap_or(Edition::default_for_variant(a.variant)),
        regime: a.regime,
    };
    let source = match open(&a.file) {
        Ok(s) => s,
        Err(e) => return out::bad_input("audit", e),
    };
    let name = if a.file == "-" {
        "standard input".to_string()
    } else {
        a.file.clone()
    };
    let (games, audit_one) = with_variant(a.variant, Auditor { source, opts });
    let progress = std::io::stderr().is_terminal() && !a.json;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut total, mut agree, mut errors) = (0usize, 0usize, 0usize);
    let verdict = |total: usize, agree: usize| {
        if agree == total {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    };
    let mut stopped: Option<String> = None;
    let mut games = games.peekable();
    let mut batch = Vec::with_capacity(BATCH);
    read_batch(&mut games, &mut batch, &mut stopped);
    let mut next = Vec::with_capacity(BATCH);
    while !batch.is_empty() {
        // The next batch is read while the workers audit this one: read
        // between batches, the reader held every worker idle, and two
        // threads audited hardly faster than one.
        let records = audit_batch(&batch, a.threads.max(1), &audit_one, || {
            read_batch(&mut games, &mut next, &mut stopped)
        });
        std::mem::swap(&mut batch, &mut next);
        for r in &records {
            total += 1;
            agree += r.agrees as usize;
            errors += r.error.is_some() as usize;
            let line = if a.json {
                serde_json::to_string(r).unwrap_or_default()
            } else {
                human(r)
            };
            if let Err(e) = writeln!(out, "{line}") {
                return out::write_failed("audit", "standard output", &e, verdict(total, agree));
            }
        }
        if progress {
            out::note(format_args!("\r{total} games audited"));
        }
    }
    if progress {
        out::note("\n");
    }
    let summary = if a.json {
        Ok(())
    } else {
        writeln!(out, "{}", summary_line(total, agree, errors))
    };
    if let Err(e) = summary.and_then(|()| out.flush()) {
        return out::write_failed("audit", "standard output", &e, verdict(total, agree));
    }
    if let Some(e) = stopped {
        return out::bad_input("audit", format!("{name}: {e}; reading stopped there"));
    }
    verdict(total, agree)
}

/// Fills `batch` (emptied first) with up to [`BATCH`] games; a game that
/// cannot be read stops the reading there, its reason in `stopped`.
fn read_batch<I>(games: &mut I, batch: &mut Vec<RecordedGame>, stopped: &mut Option<String>)
where
    I: Iterator<Item = Result<RecordedGame, LineError>>,
{
    batch.clear();
    while batch.len() < BATCH && stopped.is_none() {
        match games.next() {
            Some(Ok(g)) => batch.push(g),
            Some(Err(e)) => *stopped = Some(e.to_string()),
            None => break,
        }
    }
}

/// Audits `batch` on `threads` workers, in file order, and runs
/// `meanwhile` on this thread while they work (with one thread, after).
fn audit_batch<F, M>(
    batch: &[RecordedGame],
    threads: usize,
    f: &F,
    meanwhile: M,
) -> Vec<AuditRecord>
where
    F: Fn(&RecordedGame) -> AuditRecord + Sync,
    M: FnOnce(),
{
    if threads == 1 || batch.len() < 2 {
        let records = batch.iter().map(f).collect();
        meanwhile();
        return records;
    }
    let chunk = batch.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = batch
            .chunks(chunk)
            .map(|c| s.spawn(move || c.iter().map(f).collect::<Vec<_>>()))
            .collect();
        meanwhile();
        // A worker that panicked is a bug; its games are reported as errors
        // rather than taking the whole batch down.
        handles
            .into_iter()
            .zip(batch.chunks(chunk))
            .flat_map(|(h, games)| {
                h.join().unwrap_or_else(|_| {
                    games
                        .iter()
                        .map(|g| AuditRecord {
                            game: g.number,
                            recorded: g.tag("Result").unwrap_or("*").to_string(),
                            result: "*".into(),
                            termination: None,
                            ply: 0,
                            agrees: false,
                            claimable: Vec::new(),
                            error: Some("internal error while auditing".into()),
                            flag: None,
                            notes: Vec::new(),
                        })
                        .collect()
                })
            })
            .collect()
    })
}

fn human(r: &AuditRecord) -> String {
    let verdict = if r.agrees { "agrees" } else { "DOES NOT AGREE" };
    let how = r
        .termination
        .map(|t| format!(" by {}", t.replace('_', " ")))
        .unwrap_or_default();
    let mut s = format!(
        "game {}: recorded {}, lawful {}{how} at ply {}: {verdict}",
        r.game, r.recorded, r.result, r.ply
    );
    for c in &r.claimable {
        s.push_str(&format!("; {:?} claimable from ply {}", c.claim, c.ply));
    }
    if let Some(f) = &r.flag {
        s.push_str(&format!("; {}'s flag fell at ply {}", f.side, f.ply));
    }
    if let Some(e) = &r.error {
        s.push_str(&format!("; error: {e}"));
    }
    for n in &r.notes {
        s.push_str(&format!("; note: {n}"));
    }
    s
}

/// The last line of a text audit, in English number agreement: "1 game: 1
/// agrees with the Laws, 0 do not", "2 games: 1 agrees …, 1 does not".
fn summary_line(total: usize, agree: usize, errors: usize) -> String {
    let verb = |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
    let differ = total - agree;
    format!(
        "{total} {}: {agree} {} with the Laws, {differ} {}, {errors} with errors",
        verb(total, "game", "games"),
        verb(agree, "agrees", "agree"),
        verb(differ, "does not", "do not"),
    )
}
