//! The engine process and the conversation with it.

use crate::config::{EngineConfig, check_option};
use crate::error::{EngineError, quote};
use crate::line::{Line, LineReader, MAX_LINE};
use crate::proto::{
    BestMoveLine, EngineOption, InfoLine, MAX_OPTIONS, OptionKind, Score, id_author, id_name,
    parse_bestmove, parse_info, parse_option,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;
use tokio::io::{AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::{Instant, timeout, timeout_at};

/// How long a process that closed its output, or was killed, gets to be
/// reaped before it is given up on.
const REAP_WAIT: Duration = Duration::from_secs(2);

/// The engine's answer to [`Engine::best_move`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play, in UCI notation (`e2e4`, `e7e8q`, castling as the
    /// king's move `e1g1`). Turn it into a move with
    /// [`UciMove::to_move`] against the position, which also checks it.
    pub mv: UciMove,
    /// The reply the engine expects, if it said.
    pub ponder: Option<UciMove>,
    /// The depth of the last search iteration reported.
    pub depth: Option<u32>,
    /// The last evaluation reported, from the side to move's point of view.
    pub score: Option<Score>,
    /// The last principal variation reported (at most 32 moves).
    pub pv: Vec<UciMove>,
}

/// A running UCI engine.
///
/// Every call has a deadline; an engine that crashes or hangs yields an
/// error, never a stall, and after [`EngineError::Crashed`],
/// [`EngineError::Hung`] or [`EngineError::Timeout`] its process is gone and
/// further calls return [`EngineError::Closed`]. Dropping an `Engine` kills
/// its process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    reader: LineReader<BufReader<ChildStdout>>,
    name: Option<String>,
    author: Option<String>,
    options: Vec<EngineOption>,
    handshake_timeout: Duration,
    grace: Duration,
    stop_wait: Duration,
    /// A `go` was sent and its `bestmove` not yet read: a caller dropped a
    /// [`Engine::best_move`] future mid-search.
    searching: bool,
    closed: bool,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name)
            .field("pid", &self.child.id())
            .field("searching", &self.searching)
            .field("closed", &self.closed)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts the engine, runs the `uci` handshake, sets the configured
    /// options (each checked against what the engine declares), and waits
    /// until it is ready for a new game (`isready`, `ucinewgame`).
    ///
    /// Fails with [`EngineError::Spawn`] if the program cannot be run,
    /// [`EngineError::Timeout`] if it does not answer in
    /// [`EngineConfig::handshake_timeout`], [`EngineError::Crashed`] if it
    /// exits, and [`EngineError::UnknownOption`] or
    /// [`EngineError::InvalidOptionValue`] for a bad option.
    pub async fn spawn(config: EngineConfig) -> Result<Engine, EngineError> {
        let spawn_error = |source| EngineError::Spawn {
            path: config.path.clone(),
            source,
        };
        let mut child = Command::new(&config.path)
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Nobody reads stderr; a full pipe would block the engine.
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(spawn_error)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(spawn_error(std::io::Error::other("no pipes to the engine")));
        };
        let mut engine = Engine {
            child,
            stdin,
            reader: LineReader::new(BufReader::new(stdout), MAX_LINE),
            name: None,
            author: None,
            options: Vec::new(),
            handshake_timeout: config.handshake_timeout,
            grace: config.grace,
            stop_wait: config.stop_wait,
            searching: false,
            closed: false,
        };
        engine.handshake().await?;
        for (name, value) in &config.options {
            check_option(&engine.options, name, value)?;
        }
        for (name, value) in &config.options {
            engine.send_option(name, value).await?;
        }
        engine.sync().await?;
        engine.new_game().await?;
        Ok(engine)
    }

    /// The engine's name (`id name`), if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The engine's author (`id author`), if it gave one.
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// The options the engine declared (at most 256).
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// Sets one option (checked against the engine's declaration) and waits
    /// until the engine is ready again. Use it to change the strength between
    /// games.
    pub async fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.ensure_idle().await?;
        check_option(&self.options, name, value)?;
        self.send_option(name, value).await?;
        self.sync().await
    }

    /// Tells the engine a new game begins (`ucinewgame`) and waits until it
    /// is ready.
    pub async fn new_game(&mut self) -> Result<(), EngineError> {
        self.ensure_idle().await?;
        self.send("ucinewgame").await?;
        self.sync().await
    }

    /// Asks for a move in the position after `moves_uci` from `start_fen`
    /// (the standard start position if `None`), thinking for `movetime`.
    ///
    /// Sends `position startpos|fen … [moves …]` and `go movetime N`, and
    /// reads `info` lines until `bestmove`. If no `bestmove` comes within
    /// `movetime` plus [`EngineConfig::grace`], sends `stop`; if none comes
    /// within [`EngineConfig::stop_wait`] after that, kills the engine and
    /// returns [`EngineError::Hung`]. Returns [`EngineError::NoMove`] when
    /// the side to move has no legal move, [`EngineError::Crashed`] if the
    /// engine exits, and [`EngineError::InvalidPosition`] (without asking the
    /// engine) if the FEN does not describe a legal position or a move is not
    /// legal where it is played — engines may crash on such positions or
    /// silently skip such moves and answer for another position.
    ///
    /// If a previous call's future was dropped mid-search, this call first
    /// stops that search and discards its move.
    pub async fn best_move(
        &mut self,
        start_fen: Option<&str>,
        moves_uci: &[String],
        movetime: Duration,
    ) -> Result<BestMove, EngineError> {
        let position = position_command(start_fen, moves_uci)?;
        self.ensure_idle().await?;
        let millis = u64::try_from(movetime.as_millis())
            .unwrap_or(u64::MAX)
            .max(1);
        self.send(&position).await?;
        self.send(&format!("go movetime {millis}")).await?;
        self.searching = true;
        let started = Instant::now();
        let mut seen = InfoLine::default();
        let deadline = deadline_after(started, movetime.saturating_add(self.grace));
        if let Some(reply) = self.read_bestmove(deadline, &mut seen).await? {
            return reply.into_result(seen);
        }
        self.send("stop").await?;
        let deadline = deadline_after(Instant::now(), self.stop_wait);
        match self.read_bestmove(deadline, &mut seen).await? {
            Some(reply) => reply.into_result(seen),
            None => {
                self.kill().await;
                Err(EngineError::Hung {
                    waited: started.elapsed(),
                })
            }
        }
    }

    /// Asks the engine to quit and waits for its process to end, killing it
    /// if it takes longer than the handshake timeout. Returns its exit
    /// status.
    pub async fn quit(mut self) -> Result<ExitStatus, EngineError> {
        if !self.closed {
            if self.searching {
                let _ = self.send("stop").await;
            }
            let _ = self.send("quit").await;
        }
        self.closed = true;
        if let Ok(Ok(status)) = timeout(self.handshake_timeout, self.child.wait()).await {
            return Ok(status);
        }
        let _ = self.child.start_kill();
        match timeout(REAP_WAIT, self.child.wait()).await {
            Ok(Ok(status)) => Ok(status),
            _ => Err(EngineError::Crashed { status: None }),
        }
    }

    /// Reads the handshake up to `uciok`, keeping the id and the options.
    async fn handshake(&mut self) -> Result<(), EngineError> {
        self.send("uci").await?;
        let deadline = deadline_after(Instant::now(), self.handshake_timeout);
        loop {
            let line = self.next_line(deadline, "uciok").await?;
            if line.truncated {
                continue;
            }
            let text = line.text.trim();
            if text == "uciok" {
                return Ok(());
            }
            if let Some(name) = id_name(text) {
                self.name = Some(name);
            } else if let Some(author) = id_author(text) {
                self.author = Some(author);
            } else if let Some(option) = parse_option(text)
                && self.options.len() < MAX_OPTIONS
            {
                self.options.push(option);
            }
        }
    }

    /// `isready`, then waits for `readyok`.
    async fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready").await?;
        let deadline = deadline_after(Instant::now(), self.handshake_timeout);
        loop {
            let line = self.next_line(deadline, "readyok").await?;
            if !line.truncated && line.text.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    async fn send_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let option = check_option(&self.options, name, value)?;
        // The engine's own spelling, so that an engine that compares names
        // exactly still recognises it.
        let command = match option.kind {
            OptionKind::Button => format!("setoption name {}", option.name),
            _ => format!("setoption name {} value {}", option.name, value.trim()),
        };
        self.send(&command).await
    }

    /// Ends a search left running by a dropped [`Engine::best_move`] future.
    async fn ensure_idle(&mut self) -> Result<(), EngineError> {
        if self.closed {
            return Err(EngineError::Closed);
        }
        if !self.searching {
            return Ok(());
        }
        let started = Instant::now();
        self.send("stop").await?;
        let deadline = deadline_after(started, self.stop_wait);
        if self
            .read_bestmove(deadline, &mut InfoLine::default())
            .await?
            .is_none()
        {
            self.kill().await;
            return Err(EngineError::Hung {
                waited: started.elapsed(),
            });
        }
        Ok(())
    }

    /// Reads until `bestmove` (`Some`) or the deadline (`None`), keeping what
    /// the `info` lines say.
    async fn read_bestmove(
        &mut self,
        deadline: Instant,
        seen: &mut InfoLine,
    ) -> Result<Option<Reply>, EngineError> {
        loop {
            let line = match timeout_at(deadline, self.reader.next_line()).await {
                Err(_) => return Ok(None),
                Ok(Ok(Some(line))) => line,
                Ok(Ok(None) | Err(_)) => return Err(self.crashed().await),
            };
            if line.truncated {
                continue;
            }
            if let Some(parsed) = parse_bestmove(&line.text) {
                self.searching = false;
                return Ok(Some(Reply {
                    parsed,
                    text: line.text,
                }));
            }
            if let Some(info) = parse_info(&line.text) {
                seen.depth = info.depth.or(seen.depth);
                seen.score = info.score.or(seen.score);
                seen.pv = info.pv.or(seen.pv.take());
            }
        }
    }

    /// The next line before the deadline; on timeout the engine is killed.
    async fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<Line, EngineError> {
        match timeout_at(deadline, self.reader.next_line()).await {
            Ok(Ok(Some(line))) => Ok(line),
            Ok(Ok(None) | Err(_)) => Err(self.crashed().await),
            Err(_) => {
                self.kill().await;
                Err(EngineError::Timeout {
                    waiting_for,
                    waited: self.handshake_timeout,
                })
            }
        }
    }

    /// Writes one command line.
    async fn send(&mut self, command: &str) -> Result<(), EngineError> {
        if self.closed {
            return Err(EngineError::Closed);
        }
        let mut bytes = Vec::with_capacity(command.len() + 1);
        bytes.extend_from_slice(command.as_bytes());
        bytes.push(b'\n');
        let written = async {
            self.stdin.write_all(&bytes).await?;
            self.stdin.flush().await
        };
        // A pipe write only blocks when the engine stops reading; that is a
        // hang, and it must not stall the caller either.
        match timeout(self.handshake_timeout, written).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(self.crashed().await),
            Err(_) => {
                self.kill().await;
                Err(EngineError::Hung {
                    waited: self.handshake_timeout,
                })
            }
        }
    }

    /// The engine's output ended: reap the process for its status.
    async fn crashed(&mut self) -> EngineError {
        self.closed = true;
        self.searching = false;
        if let Ok(Ok(status)) = timeout(REAP_WAIT, self.child.wait()).await {
            return EngineError::Crashed {
                status: Some(status),
            };
        }
        // It closed its output but lives on: it is of no further use.
        self.kill().await;
        EngineError::Crashed { status: None }
    }

    async fn kill(&mut self) {
        self.closed = true;
        self.searching = false;
        let _ = self.child.start_kill();
        let _ = timeout(REAP_WAIT, self.child.wait()).await;
    }
}

/// A `bestmove` line, read and as printed.
struct Reply {
    parsed: BestMoveLine,
    text: String,
}

impl Reply {
    fn into_result(self, seen: InfoLine) -> Result<BestMove, EngineError> {
        match self.parsed {
            BestMoveLine::Move(mv, ponder) => Ok(BestMove {
                mv,
                ponder,
                depth: seen.depth,
                score: seen.score,
                pv: seen.pv.unwrap_or_default(),
            }),
            BestMoveLine::None => Err(EngineError::NoMove),
            BestMoveLine::Unreadable => Err(EngineError::Protocol {
                line: quote(&self.text),
            }),
        }
    }
}

/// `start + after`, or a day from `start` if that is past what the clock can
/// represent (a caller asked for an absurd move time), never a panic.
fn deadline_after(start: Instant, after: Duration) -> Instant {
    start
        .checked_add(after)
        .or_else(|| start.checked_add(Duration::from_secs(86_400)))
        .unwrap_or(start)
}

/// The `position` command for a FEN (or the start) and moves, after checking
/// that the position is legal and every move legal where it is played.
fn position_command(start_fen: Option<&str>, moves_uci: &[String]) -> Result<String, EngineError> {
    let invalid = |reason: String| EngineError::InvalidPosition { reason };
    let (mut pos, mut command) = match start_fen {
        None => (Chess::default(), String::from("position startpos")),
        Some(text) => {
            let fen = Fen::from_ascii(text.trim().as_bytes())
                .map_err(|e| invalid(format!("FEN `{}`: {e}", quote(text))))?;
            let pos: Chess = fen
                .clone()
                .into_position(CastlingMode::Standard)
                .map_err(|e| invalid(format!("FEN `{}`: {e}", quote(text))))?;
            (pos, format!("position fen {fen}"))
        }
    };
    if !moves_uci.is_empty() {
        command.push_str(" moves");
    }
    for (i, text) in moves_uci.iter().enumerate() {
        let ply = i + 1;
        let uci = UciMove::from_ascii(text.trim().as_bytes())
            .map_err(|_| invalid(format!("move {ply} `{}` is not a UCI move", quote(text))))?;
        let mv = uci
            .to_move(&pos)
            .map_err(|_| invalid(format!("move {ply} `{uci}` is not legal there")))?;
        pos.play_unchecked(mv);
        command.push(' ');
        command.push_str(&uci.to_string());
    }
    Ok(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn position_commands() {
        assert_eq!(
            position_command(None, &[]).ok(),
            Some("position startpos".into())
        );
        assert_eq!(
            position_command(None, &moves(&["e2e4", "e7e5"])).ok(),
            Some("position startpos moves e2e4 e7e5".into())
        );
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert_eq!(
            position_command(Some(fen), &moves(&["e1g1"])).ok(),
            Some(format!("position fen {fen} moves e1g1"))
        );
    }

    #[test]
    fn bad_positions_are_refused_before_the_engine_sees_them() {
        let err = |fen: Option<&str>, list: &[&str]| {
            position_command(fen, &moves(list))
                .err()
                .map(|e| e.to_string())
        };
        let illegal = err(None, &["e2e5"]).unwrap_or_default();
        assert!(illegal.contains("move 1 `e2e5` is not legal"), "{illegal}");
        let injected = err(None, &["e2e4\nquit"]).unwrap_or_default();
        assert!(injected.contains("not a UCI move"), "{injected}");
        let fen = err(Some("rnbqkbnr/pppppppp/8/8 w"), &[]).unwrap_or_default();
        assert!(fen.contains("FEN"), "{fen}");
        // Both kings missing: shakmaty refuses what Stockfish may crash on.
        assert!(err(Some("8/8/8/8/8/8/8/8 w - - 0 1"), &[]).is_some());
        assert!(err(None, &["0000"]).is_some());
    }
}
