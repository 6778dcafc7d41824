//! The sensor board's stream beside the keyboard (`arbiter clock --board
//! FILE`, docs/board-stream.md): its lines are read on their own thread and
//! merged with the keyboard's into one stream of lines for the clock, which
//! reads `lift SQ`, `drop SQ` and `adjust` as commands of its own language.
//!
//! Live, lines are taken as they come. Under `--manual-time` (scripts and
//! tests) they are merged by their `@MS` stamps, the keyboard's first on a
//! tie, so that a run is the same every time; a line without a stamp goes
//! first. A board line too long or unreadable ends the board's stream (said
//! once), not the clock; the clock ends when both streams have ended.

use crate::live::Line;
use tokio::sync::mpsc;

/// The time stamp of a line for the merge (0 without one).
fn stamp(l: &Line) -> u64 {
    match l {
        Line::Text(t) => arbiter_session::time::split_time(t)
            .ok()
            .and_then(|(ms, _)| ms)
            .unwrap_or(0),
        _ => 0,
    }
}

/// A line of the board's stream as the clock takes it: a stop ends only
/// the board's stream, and is said.
fn from_board(l: Line) -> (Line, bool) {
    match l {
        Line::Stop(why) => (Line::Note(format!("board: {why}")), true),
        l => (l, false),
    }
}

/// The keyboard's and the board's lines as one stream.
pub fn merge(
    mut keys: mpsc::Receiver<Line>,
    mut board: mpsc::Receiver<Line>,
    by_stamp: bool,
) -> mpsc::Receiver<Line> {
    let (tx, rx) = mpsc::channel(16);
    tokio::spawn(async move {
        let (mut keys_open, mut board_open) = (true, true);
        let (mut next_key, mut next_board): (Option<Line>, Option<Line>) = (None, None);
        loop {
            if !by_stamp {
                let line = tokio::select! {
                    l = keys.recv(), if keys_open => match l {
                        Some(l) => l,
                        None => { keys_open = false; continue; }
                    },
                    l = board.recv(), if board_open => match l {
                        Some(l) => {
                            let (l, end) = from_board(l);
                            board_open &= !end;
                            l
                        }
                        None => { board_open = false; continue; }
                    },
                    else => return,
                };
                if tx.send(line).await.is_err() {
                    return;
                }
                continue;
            }
            if next_key.is_none() && keys_open {
                next_key = keys.recv().await;
                keys_open = next_key.is_some();
            }
            if next_board.is_none() && board_open {
                next_board = board.recv().await.map(|l| {
                    let (l, end) = from_board(l);
                    board_open &= !end;
                    l
                });
                board_open &= next_board.is_some();
            }
            let take_board = match (&next_key, &next_board) {
                (None, None) => return,
                (Some(_), None) => false,
                (None, Some(_)) => true,
                (Some(k), Some(b)) => stamp(b) < stamp(k),
            };
            let line = if take_board {
                next_board.take()
            } else {
                next_key.take()
            };
            if let Some(l) = line
                && tx.send(l).await.is_err()
            {
                return;
            }
        }
    });
    rx
}
