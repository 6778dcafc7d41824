//! The structure proofs against chasolver on positions near the hard set's:
//! each position of chasolver's hard test set with one man taken off, or
//! with a pawn, knight or bishop put on an empty square. Such twins are
//! where a proof that fits the set's positions can be wrong (a freed
//! square, an en passant capture the proof did not foresee); the set's
//! own labels cannot show it. Only the proofs are asked (a budget of one
//! node), and every side they call unwinnable is asked of chasolver,
//! which must not find a mate.

use std::str::FromStr;

use arbiter_unwinnable::{Budget, Verdict, can_mate, composed_position};
use shakmaty::{Board, Color, Piece, Position, Role};

/// chasolver's answer for `side`: `Some(true)` winnable.
fn oracle(fen: &str, side: Color) -> Option<bool> {
    let board = chess::Board::from_str(fen).ok()?;
    let c = match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    };
    chasolver::winnability(&board, c).map(|w| matches!(w, chasolver::Winnability::Winnable { .. }))
}

/// The hard set's lines: (board and turn as FEN text, position).
fn hard_set() -> Vec<(String, shakmaty::Chess)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/unwinnability/positions.txt"
    ))
    .expect("the hard set");
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .filter_map(|l| {
            let fen = l[2..].trim();
            let pos = composed_position(fen.parse().ok()?).ok()?;
            let turn = fen.split(' ').nth(1)?.to_string();
            Some((turn, pos))
        })
        .collect()
}

/// Each side of `board` (with `turn` to move) that the proofs call
/// unwinnable must have no mate by chasolver; returns how many were asked
/// and the FENs of those where chasolver mates.
fn check(board: &Board, turn: &str, asked: &mut usize, wrong: &mut Vec<String>) {
    let fen = format!("{board} {turn} - - 0 1");
    let Some(pos) = fen.parse().ok().and_then(|f| composed_position(f).ok()) else {
        return;
    };
    if pos.legal_moves().is_empty() {
        return;
    }
    for side in [Color::White, Color::Black] {
        if can_mate(&pos, side, Budget::nodes(1)) == Verdict::Unwinnable {
            *asked += 1;
            if oracle(&fen, side) == Some(true) {
                wrong.push(format!("{side:?} {fen}"));
            }
        }
    }
}

#[test]
fn no_proof_is_wrong_on_a_twin_with_one_man_less() {
    let (mut asked, mut wrong) = (0, Vec::new());
    for (turn, pos) in hard_set().iter().step_by(4) {
        for sq in pos.board().occupied() & !pos.board().kings() {
            let mut b = pos.board().clone();
            let _ = b.remove_piece_at(sq);
            check(&b, turn, &mut asked, &mut wrong);
        }
    }
    eprintln!("{asked} proofs asked of chasolver");
    assert!(asked > 1_000, "only {asked} proofs asked");
    assert!(wrong.is_empty(), "chasolver mates: {wrong:#?}");
}

#[test]
fn no_proof_is_wrong_on_a_twin_with_one_man_more() {
    let (mut asked, mut wrong) = (0, Vec::new());
    for (turn, pos) in hard_set().iter().step_by(101) {
        for sq in !pos.board().occupied() {
            for color in [Color::White, Color::Black] {
                for role in [Role::Pawn, Role::Knight, Role::Bishop] {
                    let mut b = pos.board().clone();
                    b.set_piece_at(sq, Piece { color, role });
                    check(&b, turn, &mut asked, &mut wrong);
                }
            }
        }
    }
    eprintln!("{asked} proofs asked of chasolver");
    assert!(asked > 1_000, "only {asked} proofs asked");
    assert!(wrong.is_empty(), "chasolver mates: {wrong:#?}");
}
