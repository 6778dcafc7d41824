//! Positions built by hand for what the Laws ask of the analysis: a locked
//! wall is dead (5.2.2) and a breakable one is not; bishops of one colour;
//! kings shut in; the 75-move horizon (from 2017) in both directions.
//! chasolver, which knows nothing of our code, is the oracle wherever no
//! horizon is involved.

use std::str::FromStr;

use arbiter_unwinnable::{
    Budget, Deadness, Horizon, Verdict, can_mate, can_mate_within, dead_after_move, dead_position,
    label, quick_dead, quick_dead_position,
};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role};

/// The position of `fen`; composed positions may hold more material than
/// a game can reach.
fn pos(fen: &str) -> Chess {
    match fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
    {
        Ok(p) => p,
        Err(e) => e.ignore_too_much_material().unwrap(),
    }
}

/// chasolver's answer for `side`: `Some(true)` winnable.
fn oracle(fen: &str, side: Color) -> Option<bool> {
    let board = chess::Board::from_str(fen).unwrap();
    let c = match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    };
    chasolver::winnability(&board, c).map(|w| matches!(w, chasolver::Winnability::Winnable { .. }))
}

/// Replay `line`: legal moves, ending in the mate of `!winner`; returns the
/// most quiet plies in a row it needed before the mating move.
fn replay(p: &Chess, winner: Color, line: &[Move]) -> u32 {
    let mut p = p.clone();
    let (mut quiet, mut most) = (p.halfmoves(), 0);
    for (i, m) in line.iter().enumerate() {
        assert!(p.is_legal(*m), "move {i} illegal");
        quiet = if m.is_capture() || m.role() == Role::Pawn {
            0
        } else {
            quiet + 1
        };
        if i + 1 < line.len() {
            most = most.max(quiet);
        }
        p.play_unchecked(*m);
    }
    assert!(p.is_checkmate() && p.turn() == !winner);
    most
}

/// Our answer agrees with chasolver's for both sides, and every helpmate
/// replays to mate. Returns our two answers.
fn agrees(fen: &str) -> [bool; 2] {
    let p = pos(fen);
    let mut out = [false; 2];
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        // These tests are about the answer, not its speed: a generous budget.
        let v = can_mate(&p, side, Budget::nodes(5_000_000));
        if let Verdict::Winnable { helpmate } = &v {
            replay(&p, side, helpmate);
        }
        let ours = v.can_mate().expect("decided");
        assert_eq!(Some(ours), oracle(fen, side), "{fen} {side}");
        out[i] = ours;
    }
    out
}

/// `side` can mate in `fen` within the default budget: the analysis finds
/// a helpmate, it replays to that side's mate, and chasolver agrees.
fn mates_within_the_default_budget(fen: &str, side: Color) {
    let p = pos(fen);
    let Verdict::Winnable { helpmate } = can_mate(&p, side, Budget::DEFAULT) else {
        panic!("{side:?} can mate in {fen}");
    };
    replay(&p, side, &helpmate);
    assert_eq!(oracle(fen, side), Some(true), "{fen}");
}

#[test]
fn a_locked_wall_with_no_way_through_is_dead() {
    // Pawns locked on every second file; each king and each bishop is
    // shut in its own half.
    let fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(quick_dead_position(&pos(fen)));
    assert_eq!(dead_position(&pos(fen), Budget::DEFAULT), Deadness::Dead);
    // A full wall of eight locked pairs shuts the kings apart.
    let fen = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
}

#[test]
fn a_wall_with_a_breakable_file_is_alive() {
    // The same wall, but a rook can go where a black pawn may take it,
    // which opens a file: both sides can still mate.
    let fen = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/R3K3 w - - 0 1";
    assert!(!quick_dead(&pos(fen), Color::White));
    assert_eq!(agrees(fen), [true, true]);
    assert!(matches!(
        dead_position(&pos(fen), Budget::DEFAULT),
        Deadness::Alive { .. }
    ));
    // A pawn with a free square in front of it breaks the wall too.
    let fen = "4k3/8/8/1p1p1p2/1P1P1P1P/8/8/4K3 w - - 0 1";
    assert!(!quick_dead_position(&pos(fen)));
    assert_eq!(agrees(fen), oracle_pair(fen));
}

#[test]
fn bishops_of_one_colour_cannot_mate_a_bare_king() {
    let fen = "8/4k3/8/8/2B5/3K4/4B3/8 w - - 0 1";
    assert!(quick_dead(&pos(fen), Color::White));
    assert_eq!(agrees(fen), [false, false]);
    // Bishops on both colours can.
    let fen = "8/4k3/8/8/2B5/3K4/3B4/8 w - - 0 1";
    assert_eq!(agrees(fen), [true, false]);
    // One bishop, but the loser's knight can block its own king.
    // (And the knight can mate too, with White's bishop in the way.)
    let fen = "8/4k3/8/8/2B5/3K4/8/6n1 w - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
}

#[test]
fn blocked_kings() {
    // White is stalemated behind its own pieces: nobody can mate.
    let fen = "NRBQKBRN/1PPPPPP1/1P4P1/8/8/8/8/4k3 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    // A king shut in a corner by its own pawns, whose only moves shuffle
    // a bishop that can never reach the other king.
    let fen = "7k/5p1p/5P1P/8/8/8/8/KB6 b - - 0 1";
    assert_eq!(agrees(fen), oracle_pair(fen));
}

fn oracle_pair(fen: &str) -> [bool; 2] {
    [
        oracle(fen, Color::White).unwrap(),
        oracle(fen, Color::Black).unwrap(),
    ]
}

#[test]
fn a_helpmate_longer_than_the_quiet_plies_left_does_not_count() {
    // King and rook against king, one quiet ply left and no mate in one:
    // under the 75-move rule (2017) White cannot mate; with no horizon
    // (2005) it can.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 149 100";
    let p = pos(fen);
    let h = Horizon::seventy_five_move_rule(p.halfmoves());
    assert_eq!(h, Horizon::QuietPliesLeft(1));
    assert_eq!(
        can_mate_within(&p, Color::White, h, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    assert!(matches!(
        can_mate(&p, Color::White, Budget::DEFAULT),
        Verdict::Winnable { .. }
    ));
    assert_eq!(dead_position_within_2017(&p), Deadness::Dead);
}

fn dead_position_within_2017(p: &Chess) -> Deadness {
    arbiter_unwinnable::dead_position_within(
        p,
        Horizon::seventy_five_move_rule(p.halfmoves()),
        Budget::DEFAULT,
    )
}

#[test]
fn a_mate_on_the_last_allowed_ply_counts() {
    // Ra8 mates; it is the 150th quiet ply, and a mate takes precedence.
    let fen = "4k3/8/4K3/8/8/8/8/R7 w - - 149 100";
    let p = pos(fen);
    match can_mate_within(
        &p,
        Color::White,
        Horizon::QuietPliesLeft(1),
        Budget::DEFAULT,
    ) {
        Verdict::Winnable { helpmate } => assert_eq!(helpmate.len(), 1),
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_capture_resets_the_horizon() {
    // Two quiet plies left, but taking the knight resets the count: the
    // long king-and-rook mate then fits, in both editions.
    let fen = "8/8/8/n3k3/8/8/8/R3K3 w - - 148 100";
    let p = pos(fen);
    let h = Horizon::seventy_five_move_rule(p.halfmoves());
    match can_mate_within(&p, Color::White, h, Budget::DEFAULT) {
        Verdict::Winnable { helpmate } => {
            assert!(replay(&p, Color::White, &helpmate) < 150);
        }
        v => panic!("{v:?}"),
    }
    // Without the knight, the same two plies are not enough.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 148 100";
    let p = pos(fen);
    let h = Horizon::seventy_five_move_rule(p.halfmoves());
    assert_eq!(
        can_mate_within(&p, Color::White, h, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    assert!(matches!(
        can_mate(&p, Color::White, Budget::DEFAULT),
        Verdict::Winnable { .. }
    ));
}

#[test]
fn a_position_already_mated_or_stalemated() {
    // Fool's mate: Black has mated; White never can.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let p = pos(fen);
    assert_eq!(
        can_mate(&p, Color::Black, Budget::DEFAULT),
        Verdict::Winnable { helpmate: vec![] }
    );
    assert_eq!(
        can_mate(&p, Color::White, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    // Stalemate: the game is over, nobody can mate.
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(dead_position(&p, Budget::DEFAULT), Deadness::Dead);
}

#[test]
fn a_spent_budget_or_a_stop_is_undetermined_never_a_guess() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let p = pos(fen);
    assert_eq!(
        can_mate(&p, Color::White, Budget::nodes(10)),
        Verdict::Undetermined
    );
    let stop = || true;
    let budget = Budget::nodes(u64::MAX).with_stop(&stop);
    assert_eq!(can_mate(&p, Color::White, budget), Verdict::Undetermined);
}

#[test]
fn l_5_2b_per_move_check_sees_a_forced_line_that_is_not_a_check() {
    // From a lichess game: White is not in check, but Kxh5 is its only
    // move, and then Black's bishop cannot mate alone. The position is
    // dead before that move (5.2.2), which the material rules cannot see.
    let fen = "8/8/8/7p/5k1K/8/8/5b2 w - - 0 52";
    let p = pos(fen);
    assert!(!p.is_check() && !quick_dead_position(&p));
    assert_eq!(agrees(fen), [false, false]);
    assert!(dead_after_move(&p));
    // The bishop on a6 leaves h3 free: the king need not take, the pawn
    // may queen, and Black can mate. The per-move check must not say dead.
    let fen = "8/8/b7/7p/5k1K/8/8/8 w - - 0 52";
    assert_eq!(agrees(fen), [false, true]);
    assert!(!dead_after_move(&pos(fen)));
    // A position already mated is over, not dead.
    let fen = "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1";
    assert!(!dead_after_move(&pos(fen)));
}

/// Settled by a static proof: a budget of one node leaves no room for
/// any search, so only the reachability proofs can answer.
fn proved_unwinnable_statically(fen: &str, side: Color) -> bool {
    can_mate(&pos(fen), side, Budget::nodes(1)) == Verdict::Unwinnable
}

#[test]
fn a_wall_that_locks_only_after_the_free_pawns_push_is_dead() {
    // The a/c/e/g pawns on ranks 6 and 7 are locked; the white pawns on
    // rank 2 and the black ones on rank 5 can still push, but only into
    // the wall, and no pawn can ever capture. Nothing promotes, the kings
    // stay apart, and pawns alone cannot mate here.
    let fen = "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // The same with the white a-pawn on h2: both the h-pawn and the black
    // a-pawn have open files and promote.
    let fen = "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/2P1P1PP/4K3 w - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_pawn_stopped_by_a_jammed_piece_is_part_of_the_wall() {
    // The white pawn on c7 is stopped by a black bishop that can never
    // move (its diagonals end on its own pawns), and the white knights
    // on the eighth rank have no square either.
    let fen = "N1b1N1N1/1pPpPpPp/1P1P1P1P/8/8/8/8/K1k5 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // Without the black pawn on b7 the bishop gets out, c8 empties and
    // the pawn promotes; the b6 pawn runs too.
    let fen = "N1b1N1N1/2PpPpPp/1P1P1P1P/8/8/8/8/K1k5 w - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_king_in_check_from_the_wall_leaves_and_never_comes_back() {
    // The black king stands in check from the pawn on b5 and must step to
    // a7 or b7 (the white king covers a5): from there the wall keeps it
    // out of the lower half for ever.
    let fen = "8/2b5/kp1p1p2/1PpP1Pp1/K1P3P1/3B4/8/8 b - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // With the white king elsewhere, a5 is open: the black king walks in
    // and takes c4, the c-pawns are free, and both sides can mate.
    let fen = "8/2b5/kp1p1p2/1PpP1Pp1/2P3P1/3B4/8/7K b - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_rook_jammed_behind_its_king_stays_until_it_is_taken() {
    // The white rook on a1 can be taken by the dark bishop (via b2), but
    // until then it never moves: its king and bishop cannot move while it
    // stands there. Every pawn is locked on squares the bishops of the
    // other side never reach, so nothing else changes.
    let fen = "B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // Without the bishop on b1 the rook gets out along the first rank
    // and up the a-file, and the black king can be mated.
    let fen = "B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/R7 b - - 0 1";
    assert!(agrees(fen)[0]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn a_knight_whose_only_move_mates_never_moves() {
    // White's knight on g1 has the one move Nh3, mate, and Black's king
    // on f2 leaves only by taking it. Held there, it never stands where a
    // black pawn could take it: no black pawn changes file, and Black's
    // dark bishops never check White's king on the light d1, which can
    // never move. White's light bishops roam, Black's roam: the states
    // are too many to visit, and only the structure proves it.
    let fen = "8/5BbB/7b/8/3p1p2/2pPpPp1/2PpBkP1/3K1BN1 w - -";
    assert_eq!(oracle(fen, Color::Black), Some(false));
    assert_eq!(
        can_mate(&pos(fen), Color::Black, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // With Black's light bishop on f5 to take on h3, the knight is free:
    // it walks to where Black's pawns take it, and Black mates.
    let fen = "8/5BbB/7b/5b2/3p1p2/2pPpPp1/2PpBkP1/3K1BN1 w - -";
    assert_eq!(oracle(fen, Color::Black), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_forced_line_into_a_locked_wall_is_dead() {
    // Black must take the queen that checks it; the recapture is forced
    // too (the black queen checks along the a-file), and then only
    // bishops that can never reach the other king's colour are left.
    let fen = "1bB5/k7/Q6q/8/1pBp1p1p/1PpP1P1P/K1P5/NB2b3 b - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // Without the white bishops nothing can take the black queen back:
    // ...Qxa6 is mate.
    let fen = "1b6/k7/Q6q/8/1p1p1p1p/1PpP1P1P/K1P5/NB2b3 b - - 0 1";
    assert!(agrees(fen)[1]);
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn every_line_through_the_capture_of_a_jammed_piece_ends_in_a_locked_wall() {
    // The knight on a1 is jammed; the dark bishop can take it, and each
    // position the enumeration meets after that capture is a locked wall
    // that the structure proves, so the enumeration ends without a mate.
    let fen = "B7/1b6/2k5/8/1p1p1p1p/1PpP1P1P/K1P4b/NB6 b - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    for side in [Color::White, Color::Black] {
        assert_eq!(
            can_mate(&pos(fen), side, Budget::DEFAULT),
            Verdict::Unwinnable
        );
    }
    // With a rook instead of the dark bishop, black takes the knight and
    // the bishop on b1 and mates the king in its corner.
    let fen = "B7/1b6/2k5/8/1p1p1p1p/1PpP1P1P/K1P4r/NB6 b - - 0 1";
    assert!(agrees(fen)[1]);
}

#[test]
fn a_king_with_no_square_stays_in_the_wall_even_when_checked() {
    // A composed position (three dark bishops). The black king on b5 has
    // no square (its own pawns, defended white men, squares the white
    // pawns attack) and stays part of the wall even though the c-pawn can
    // check it; the wall keeps every black piece from the white king, so
    // black cannot mate. White can.
    let fen = "8/1p3b2/pPp1p1p1/BkP1P1P1/1P6/BPB5/PKP5/8 w - - 0 1";
    assert_eq!(agrees(fen), [true, false]);
    assert!(proved_unwinnable_statically(fen, Color::Black));
    assert!(!proved_unwinnable_statically(fen, Color::White));
    // Without the e- and g-pawns the light bishop gets round to the white
    // king's side: black can mate.
    let fen = "8/1p3b2/pPp5/BkP5/1P6/BPB5/PKP5/8 w - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_king_whose_arrival_stalemates_never_arrives() {
    // A composed position (four dark bishops). The white king can only
    // step between h3 and h4, and no other white man can ever move. A
    // mate on h4 needs h3, a light square, covered by the black king from
    // h2, and the black king reaches h2 (or takes g2) only while the white
    // king is on h4: that stalemates white, and the game is over. So
    // black cannot mate, and white, with a king that never leaves its
    // corner, cannot either.
    let fen = "8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // With a white pawn that can still push once, white is not
    // stalemated when the black king comes to h2: the pawn moves, and a
    // bishop mates on g5. (White can mate too: the black king takes the
    // pawn, the black a-pawn promotes to a piece the white pawns take,
    // and they are free.)
    let fen = "8/8/3b3p/p4p1P/3b1p1K/P4Pp1/6P1/5kb1 b - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::Black));
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn a_mate_needs_the_square_the_king_came_from_covered() {
    // Every black man but the king is locked, so every black move is a
    // king move. White's only mate is b2-b3 with the black king on a4 (or
    // c4) and a3 and b3 covered, which only the white king can do, from
    // a2 (or d2/d3 for c4). But the black king came to a4 from a3 or b3,
    // next to a2: the white king cannot already have stood there, and a
    // pawn move leaves it where it was. So white cannot mate.
    let fen = "8/1p2k3/bPp5/BpP3K1/1P6/8/1P6/8 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    // With a black h-pawn that can still move, black can wait: the black
    // king goes to a4 first, the white king to a2, black pushes the
    // h-pawn, and b3 is mate.
    let fen = "8/1p2k2p/bPp5/BpP3K1/1P6/8/1P6/8 w - - 0 1";
    assert!(agrees(fen)[0]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn a_pawn_that_captures_or_promotes_is_followed_not_given_up() {
    // A composed position. The black king on f8 never moves (e8 and g7
    // are covered by pawns, g8 and f7 are defended), so black mates only
    // with new material. The g3 pawn can be taken by the white king, but
    // the g2 pawn in front of it cannot be taken while it stands there
    // (the black bishop never reaches a light square) and stops it for
    // good. Once g3 is gone the white g-pawn may advance, take the bishop
    // and promote: the proof follows its captures and gives white a new
    // piece anywhere, and still black cannot mate.
    let fen = "1b3kBR/4pP1P/1p1pP2P/1P1P4/8/6p1/1P4P1/KB6 b - - 0 1";
    assert!(!agrees(fen)[1]);
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // Without the g2 pawn the g-pawn promotes and the queen mates the
    // king in the corner.
    let fen = "1b3kBR/4pP1P/1p1pP2P/1P1P4/8/6p1/1P6/KB6 b - - 0 1";
    assert!(agrees(fen)[1]);
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_king_between_two_squares_is_never_mated_by_bishops_that_roam() {
    // White's king walks between h3 and h4 and has no other man that can
    // move; Black's bishops (all on dark squares) could check it on h4
    // only with Black's king on h2, and that king can come there only when
    // White is to move with no move left: stalemate, never mate. Millions
    // of bishop placements, so only the enumeration that takes the
    // bishops off the board proves it within the default budget, the
    // nine-bishop position as cheaply as the two-bishop one. The same
    // with the colours changed (White's bishops against Black's king
    // between a5 and b5).
    for (fen, winner) in [
        ("8/8/k6p/5p1P/3b1p2/2b2PpK/6P1/8 w - -", Color::Black),
        // Black's king one step from h2 with a bishop one step from the
        // diagonal changes nothing: Kh2 stalemates.
        ("8/2b5/7p/5p1P/5p1K/5Pp1/6P1/6k1 b - -", Color::Black),
        (
            "5b2/2b5/3b3p/2b1bp1P/3b1p1K/4bPp1/3b1bP1/2b2kb1 b - -",
            Color::Black,
        ),
        (
            "8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/8 w - -",
            Color::White,
        ),
        // And the side with the king between two squares, whose pawns can
        // never move, never gives check at all.
        (
            "8/8/3b3p/2b2p1P/1b1b1p1K/2b2Pp1/1b4P1/4bkb1 w - -",
            Color::White,
        ),
    ] {
        assert_eq!(oracle(fen, winner), Some(false), "{fen}");
        assert_eq!(
            can_mate(&pos(fen), winner, Budget::DEFAULT),
            Verdict::Unwinnable,
            "{fen}"
        );
    }
}

#[test]
fn bishops_mate_the_king_between_two_squares_when_the_tempo_is_theirs() {
    // The same cage, but Black's king is on h2 already with Black to move
    // and a bishop one step from the diagonal d8-h4: Bd8 mates. The proof
    // above must not hide it.
    let fen = "8/2b5/7p/5p1P/5p1K/5Pp1/6Pk/8 b - -";
    assert_eq!(agrees(fen), [false, true]);
    let Verdict::Winnable { helpmate } = can_mate(&pos(fen), Color::Black, Budget::DEFAULT) else {
        panic!("Black's mate not found");
    };
    replay(&pos(fen), Color::Black, &helpmate);
}

#[test]
fn a_pawn_mates_a_king_its_own_bishop_shuts_in() {
    // White has only its king and a pawn; Black's bishop on g8 and pawn
    // on h7 take the king's squares: g7 mates. The enumeration that takes
    // the bishop off the board must count the squares it may block.
    let fen = "6bk/7p/5KP1/8/8/8/8/8 w - -";
    assert_eq!(oracle(fen, Color::White), Some(true));
    let Verdict::Winnable { helpmate } = can_mate(&pos(fen), Color::White, Budget::DEFAULT) else {
        panic!("White's mate not found");
    };
    replay(&pos(fen), Color::White, &helpmate);
}

#[test]
fn kings_and_locked_pawns_are_enumerated_within_the_default_budget() {
    // Both kings in their corners behind pawns; White's d-, f- and
    // h-pawns face Black's on the third rank and lock: nothing can ever
    // mate, which the enumeration proves once meeting a state seen
    // before costs less than a node.
    let fen = "k7/3p1p1p/8/1p6/1P6/KP1P1P1P/PP6/8 w - -";
    for side in [Color::White, Color::Black] {
        assert_eq!(oracle(fen, side), Some(false), "{side}");
        assert_eq!(
            can_mate(&pos(fen), side, Budget::DEFAULT),
            Verdict::Unwinnable,
            "{side}"
        );
    }
    // The same pawns one rank back: they still have a move to make, the
    // structure opens, and both sides can mate (with the default budget
    // no proof may say otherwise; a larger one finds both mates).
    let fen = "k7/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w - -";
    for side in [Color::White, Color::Black] {
        assert_ne!(
            can_mate(&pos(fen), side, Budget::DEFAULT),
            Verdict::Unwinnable,
            "{side}"
        );
    }
    assert_eq!(agrees(fen), [true, true]);
}

/// Open endings whose helpmates need the men placed in a mating picture
/// (two knights; a knight against a king walled in by its own rook or by
/// a pawn promoted to a blocker; bishops against a knight): found within
/// the default budget, also under the 75-move rule (the line's quiet
/// plies fit the horizon), and chasolver agrees they are winnable.
#[test]
fn open_endings_are_mated_within_the_default_budget() {
    for (fen, side) in [
        ("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", Color::White),
        ("3kr3/8/8/8/8/3KN3/8/8 b - - 0 1", Color::White),
        ("8/5kp1/8/8/8/8/6KN/8 w - - 0 1", Color::White),
        ("8/3k4/4b3/3b4/2b5/8/8/2KN4 b - - 0 1", Color::Black),
    ] {
        assert_eq!(oracle(fen, side), Some(true), "{fen}");
        let p = pos(fen);
        let h = Horizon::seventy_five_move_rule(p.halfmoves());
        match can_mate_within(&p, side, h, Budget::DEFAULT) {
            Verdict::Winnable { helpmate } => {
                assert!(replay(&p, side, &helpmate) < 150, "{fen}");
            }
            v => panic!("{fen}: {v:?}"),
        }
    }
}

/// Black's king is boxed in on a8 by its own bishop and the squares the
/// white pawns attack: the white king must walk round and take the black
/// men away before the b-pawn can run and mate. The walls flavour's free
/// moves for the loser's king (nearer the boxed-in king, taking a piece)
/// find the line within the default budget; chasolver agrees.
#[test]
fn a_king_boxed_in_by_its_own_pieces_is_freed_by_the_loser_within_the_default_budget() {
    // Its twin with the white king on a1 and a black bishop on e6 was
    // found so too before the schedule's later changes; now it needs more
    // than the default budget (2,000,000 nodes find it).
    let fen = "k1b5/1p1pK3/1P1P4/8/8/8/bB6/8 b - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(true), "{fen}");
    let p = pos(fen);
    match can_mate(&p, Color::Black, Budget::DEFAULT) {
        Verdict::Winnable { helpmate } => {
            replay(&p, Color::Black, &helpmate);
        }
        v => panic!("{fen}: {v:?}"),
    }
    // The white king in the corner, boxed in by its own rook and bishop:
    // the black bishops must take them (a capture by any black man of a
    // white piece is free there).
    for fen in [
        "8/8/1b6/4k2B/8/4p1p1/4P1P1/5BRK b - - 0 1",
        "8/8/5p2/2p1pPp1/2PbPk1b/2pBp1pB/2P1P1P1/5BRK b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::White), Some(true), "{fen}");
        let p = pos(fen);
        match can_mate(&p, Color::White, Budget::DEFAULT) {
            Verdict::Winnable { helpmate } => {
                replay(&p, Color::White, &helpmate);
            }
            v => panic!("{fen}: {v:?}"),
        }
    }
    // A white king shut in on e4 by pawns alone (no piece of its own to
    // take away) is not helped so: with the black king's walk to it free,
    // White's mate was not found within the default budget. Black cannot
    // mate (proved), White can.
    let fen = "5b1b/8/1k1p1p2/3PpP2/3pKp2/3P1P2/8/3B1B2 w - - 0 1";
    let p = pos(fen);
    assert_eq!(
        can_mate(&p, Color::Black, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    match can_mate(&p, Color::White, Budget::DEFAULT) {
        Verdict::Winnable { helpmate } => {
            replay(&p, Color::White, &helpmate);
        }
        v => panic!("{fen}: {v:?}"),
    }
    assert_eq!(agrees(fen), [true, false]);
}

/// Walls whose helpmates the walls flavour finds once it no longer
/// punishes the loser's captures of pieces (bishops of both sides locked
/// in a pawn chain; a king's box of bishops and pawns): found within the
/// default budget, replaying to mate; chasolver agrees.
#[test]
fn the_loser_takes_the_winners_pieces_out_of_the_way_within_the_default_budget() {
    for (fen, side) in [
        (
            "k1b1b3/8/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - - 0 1",
            Color::White,
        ),
        (
            "8/4p3/1k1pPp2/3PbP2/3pBp2/3P1P2/8/3B1K2 w - - 0 1",
            Color::Black,
        ),
    ] {
        assert_eq!(oracle(fen, side), Some(true), "{fen}");
        let p = pos(fen);
        match can_mate(&p, side, Budget::DEFAULT) {
            Verdict::Winnable { helpmate } => {
                replay(&p, side, &helpmate);
            }
            v => panic!("{fen}: {v:?}"),
        }
    }
}

/// Walls whose helpmates the walls flavour finds once it no longer
/// punishes the loser's pawn pushes (a pawn pushed into a capture that
/// opens the wall, or on to promote to a blocker): found within the
/// default budget, replaying to mate; chasolver agrees.
#[test]
fn the_losers_pushes_open_the_wall_within_the_default_budget() {
    for (fen, side) in [
        ("7k/p7/P7/8/8/6p1/4B1Pp/7K w - - 0 1", Color::White),
        (
            "b3k3/8/p1p5/p1Pp4/P1pP4/1pP5/pP6/K1B5 w - - 0 1",
            Color::White,
        ),
        ("1nk5/1p1p4/bPpP4/BpP5/1P6/8/8/7K w - - 0 1", Color::Black),
    ] {
        assert_eq!(oracle(fen, side), Some(true), "{fen}");
        let p = pos(fen);
        match can_mate(&p, side, Budget::DEFAULT) {
            Verdict::Winnable { helpmate } => {
                replay(&p, side, &helpmate);
            }
            v => panic!("{fen}: {v:?}"),
        }
    }
}

/// Open endings whose helpmates the aimed search finds in its longer
/// share (to 52 % of the budget): Black's pawns, locked by the white
/// pawns with six white bishops behind them, must get free and promote;
/// five white bishops of one colour mate only once the black pawn has
/// promoted to a blocker. Found within the default budget, replaying to
/// mate; chasolver agrees.
#[test]
fn open_endings_mated_by_the_aimed_search_in_its_longer_share() {
    for (fen, side) in [
        (
            "2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1",
            Color::Black,
        ),
        ("1B3B1B/2B5/p6B/8/8/8/8/1k1K4 w - - 0 1", Color::White),
    ] {
        assert_eq!(oracle(fen, side), Some(true), "{fen}");
        let p = pos(fen);
        match can_mate(&p, side, Budget::DEFAULT) {
            Verdict::Winnable { helpmate } => {
                replay(&p, side, &helpmate);
            }
            v => panic!("{fen}: {v:?}"),
        }
    }
}

/// Pawn endings where the winner's pawn must promote on a file the
/// loser's pawns block: the winner's king takes them as they come down,
/// and the guided search's order, which values a pawn with a clear file,
/// finds the line within the default budget; chasolver agrees.
#[test]
fn a_pawn_whose_file_is_cleared_promotes_to_mate_within_the_default_budget() {
    for fen in [
        "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1",
        "6kB/p3p1P1/6P1/p1p5/8/4P3/PKP5/8 b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::White), Some(true), "{fen}");
        let p = pos(fen);
        match can_mate(&p, Color::White, Budget::DEFAULT) {
            Verdict::Winnable { helpmate } => {
                replay(&p, Color::White, &helpmate);
            }
            v => panic!("{fen}: {v:?}"),
        }
    }
}

#[test]
fn a_check_on_a_king_with_no_square_ends_the_game_and_is_never_given() {
    // A composed position. The white king on d4 has no square (pawns of
    // both sides, squares the black pawns attack). The c- and e-pawns can
    // push, but c5 or e5 would check it, and no white man can ever take
    // there (the white bishops are light and shut in behind their pawns):
    // that is black's mate, so in a game that ends in white's mate they
    // never push, d5 stays defended, and the wall holds. The black
    // bishops never stop on c3, c5, e3 or e5 for the same reason. White
    // cannot mate; black can.
    let fen = "3b1b2/3k4/2ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B3B2 w - - 0 1";
    assert_eq!(agrees(fen), [false, true]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    // With a dark white bishop on e1, which can take a black bishop on
    // c3 or e3, such a check is answered and the game goes on: white can
    // mate.
    let fen = "3b1b2/3k4/2ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B2BB2 w - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
    // The same in the corner: the white king on c1 has no square, and the
    // b- and d-pawns would mate it by a push.
    let fen = "7B/1b6/3k4/Bp1p4/1P1Pp1p1/1pppP1P1/2p5/2K5 b - - 0 1";
    assert_eq!(agrees(fen), [false, true]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    // A white knight that can take on b2 or d2 answers those checks.
    let fen = "7B/1b6/3k4/Bp1p4/1P1Pp1p1/1pppP1P1/2p5/2K4N b - - 0 1";
    assert_eq!(agrees(fen), [true, true]);
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn bishops_crowded_behind_their_pawns_defend_them_for_ever() {
    // A composed position. Seven light white bishops shuffle round the
    // eight light squares behind the white pawns (the g8 bishop can step
    // to h7 and the others follow), so none stays put; but with only one
    // square empty, a6, c6, e6 and g6 are defended whichever it is (c8
    // sees a6 when b7 is the empty square). The black king never takes a
    // pawn, the wall holds, and neither side can mate.
    let fen = "B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // With the a8 bishop gone two squares are empty, b7 and c8 can be
    // both, and the black king takes a6: white can mate.
    let fen = "2B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn a_shut_in_king_with_only_pawns_is_enumerated_within_the_default_budget() {
    // The white king on h1 has no square, and white has nothing else but
    // pawns: every white move is a pawn move. The black king can take a
    // white pawn and free a black one to promote, but white runs out of
    // moves first (stalemate). The enumeration, which gets most of the
    // budget here, proves it within the default budget.
    let fen = "k7/p1p1p3/8/8/8/P3P1p1/2P3Pp/7K w - - 0 1";
    assert!(!agrees(fen)[0]);
    assert_eq!(
        can_mate(&pos(fen), Color::White, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    // With one more white pawn (one more tempo) white can mate.
    let fen = "k7/p1p1p3/8/8/8/P3P1p1/2P1P1Pp/7K w - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert_ne!(
        can_mate(&pos(fen), Color::White, Budget::DEFAULT),
        Verdict::Unwinnable
    );
}

#[test]
fn a_pawn_ending_with_a_shut_in_king_is_enumerated_within_the_default_budget() {
    // Only kings and pawns; the white king on a4 has no square, so every
    // white move is a pawn move. Black's king roams behind the white
    // pawns, but white runs out of moves (or black does) before a mate:
    // black cannot mate. The enumeration gets most of the budget here
    // too, although it is the loser's king that is shut in.
    let fen = "8/3p1p1p/1p6/1P6/KP6/PP1P4/5P1P/k7 w - - 0 1";
    assert!(!agrees(fen)[1]);
    assert_eq!(
        can_mate(&pos(fen), Color::Black, Budget::DEFAULT),
        Verdict::Unwinnable
    );
    // Without the h2 pawn the count changes and black can mate: the
    // analysis finds a helpmate, and chasolver agrees.
    let fen = "8/3p1p1p/1p6/1P6/KP6/PP1P4/5P2/k7 w - - 0 1";
    assert!(agrees(fen)[1]);
}

#[test]
fn a_pawn_runs_through_to_mate_a_king_with_no_square() {
    // The white king on h1 has no square and white has only pawns: black
    // must take the a-pawn with its king, so that its own a-pawn runs
    // through and the new queen mates on a1 while white spends its last
    // tempo moves. The search aimed at that promotion finds it within the
    // default budget (about 14,000 nodes); without it the analysis left
    // this side undetermined.
    let fen = "k7/p1p1p3/8/8/8/P5p1/2P1P1Pp/7K w - - 0 1";
    mates_within_the_default_budget(fen, Color::Black);
}

#[test]
fn the_pawn_whose_blocker_comes_to_the_king_runs_through() {
    // The white king on a3 has no square. Black's d-pawn runs only once
    // white's d-pawn has come up to be taken by the black king (the black
    // king alone is too slow to fetch it); then white spends its f- and
    // h-pawn moves, exactly as many as black needs to promote and mate
    // (Qa7#). Of black's four pawns the search for this one comes first;
    // found within the default budget (about 37,000 nodes; before, about
    // 350,000, by the enumeration).
    let fen = "k7/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w - - 0 1";
    mates_within_the_default_budget(fen, Color::Black);
}

#[test]
fn a_king_with_no_square_that_no_promotion_can_mate_is_not_mated() {
    // The same kind of position with the black king on a1: the promotion
    // searches run (the white king on a3 has no square) but white's tempo
    // moves do not last, and black cannot mate; the enumeration proves it
    // within the default budget, after the searches' slice.
    let fen = "8/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/k7 w - - 0 1";
    assert!(!agrees(fen)[1]);
    assert_eq!(
        can_mate(&pos(fen), Color::Black, Budget::DEFAULT),
        Verdict::Unwinnable
    );
}

#[test]
fn a_pawn_walk_full_of_double_steps_is_enumerated_within_the_default_budget() {
    // The white king on a5 has no square and only pawns can move; the
    // double steps of both sides' pawns make en passant squares at every
    // turn, whose states the enumeration looks up by hash without playing
    // the move. Neither side can mate, and it proves Black's side within
    // the default budget; White's (the Black king roams, so the
    // enumeration kept to a plan takes its share first) within the
    // budget of a decision of the Laws.
    let fen = "8/1p1p1p1p/1P6/KP6/PP6/1P3P2/3P3P/k7 w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    for (side, budget) in [
        (Color::White, Budget::DECISION),
        (Color::Black, Budget::DEFAULT),
    ] {
        assert_eq!(can_mate(&pos(fen), side, budget), Verdict::Unwinnable);
    }
    // Black mates in these, found within the default budget too.
    for fen in [
        "k7/p1p1p3/8/8/8/P5p1/2P1P1Pp/7K w - - 0 1",
        "8/3p1p1p/1p6/1P6/KP6/PP6/3P1P1P/k7 w - - 0 1",
    ] {
        assert!(agrees(fen)[1]);
        let Verdict::Winnable { helpmate } = can_mate(&pos(fen), Color::Black, Budget::DEFAULT)
        else {
            panic!("{fen}: Black can mate");
        };
        replay(&pos(fen), Color::Black, &helpmate);
    }
}

#[test]
fn a_march_of_pawns_is_enumerated_before_the_winners_piece_walks() {
    // Only kings and pawns, and one king has no square; each side's
    // helpmate is mostly a march of pawns, captures and promotions with
    // the loser's moves between. Breadth first, the enumeration tried
    // every walk of the winner's king and new pieces at each step of the
    // march and ran out of the default budget; with the winner's quiet
    // moves costing more, it finds each mate within it.
    for (fen, side) in [
        ("k7/3p1p2/7p/1p6/1P6/KP6/PP1P1P1P/8 w - - 0 1", Color::White),
        (
            "8/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/1k6 w - - 0 1",
            Color::Black,
        ),
        ("8/1p1p1p1p/1P6/KP6/PP6/8/3P1P1P/k7 w - - 0 1", Color::Black),
        ("5k2/p1p5/8/4p3/8/6p1/P1P1P1Pp/7K w - - 0 1", Color::White),
    ] {
        assert_eq!(oracle(fen, side), Some(true));
        let Verdict::Winnable { helpmate } = can_mate(&pos(fen), side, Budget::DEFAULT) else {
            panic!("{fen}: {side} can mate");
        };
        replay(&pos(fen), side, &helpmate);
    }
    // A short helpmate that walks the loser's king: the complete
    // enumeration found one of at most 12 plies, but the enumeration kept
    // to a plan now runs before it and finds one of 20 (the loser's king
    // waits beside the pawn it is to take), which shortcuts of three plies
    // do not shorten. The line is longer; the verdict is the same.
    let fen = "6kB/P1p1P1P1/2P3P1/1p1p4/8/2K5/1P1P4/8 w - - 0 1";
    assert!(agrees(fen)[1]);
    let Verdict::Winnable { helpmate } = can_mate(&pos(fen), Color::Black, Budget::DEFAULT) else {
        panic!("Black can mate");
    };
    let short =
        arbiter_unwinnable::shorten_helpmate(&pos(fen), &helpmate, Horizon::Unbounded, 200_000);
    replay(&pos(fen), Color::Black, &short);
    assert!(short.len() <= 20, "{}", short.len());
    // Where no helpmate exists, the order changes nothing: the whole set
    // is visited and the proof holds (within a decision's budget: the
    // enumeration kept to a plan takes its share of the default first).
    let fen = "6kB/p3p1P1/6P1/p1p5/8/4P3/PKP5/8 b - - 0 1";
    assert!(!agrees(fen)[1]);
    assert_eq!(
        can_mate(&pos(fen), Color::Black, Budget::DECISION),
        Verdict::Unwinnable
    );
}

#[test]
fn a_knight_in_a_battery_against_a_walled_in_king_never_moves() {
    // The white king on c1 has no square; the black knight on b2 stands
    // between it and the black queen on a3, so any knight move checks it:
    // Nd3 mates, Nd1 must be met by Qb2, which checks the black king (its
    // other neighbours are all black men) and is taken by the queen. The
    // black king can only be checked once b2 opens, so white, whose queen
    // is its one man, cannot mate; the structure proves it at once.
    for fen in [
        "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1",
        "6Q1/8/4b3/8/ppp5/qkp3r1/rnp5/n1K5 b - - 0 1",
        // A bishop behind the knight, and a queen on a2 whose one move,
        // Qb1, would mate white: it never moves either.
        "8/4b3/6r1/4q3/ppp5/bkp4Q/qnp5/n1K5 b - - 0 1",
        "8/6pp/8/4q3/ppp5/bkp4Q/qnp2p2/n1K5 b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::White), Some(false), "{fen}");
        assert!(proved_unwinnable_statically(fen, Color::White), "{fen}");
    }
    // A white knight too: it can check the black king (Nd4), which mates.
    let fen = "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K4N b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
    // A pawn on a3 instead of the queen: the knight moves freely.
    let fen = "6Q1/8/4b3/8/ppp5/pkp3b1/rnp5/n1K5 b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
    // The c4 pawn gone: the black king has a square, so Qb2 need not be
    // taken.
    let fen = "6Q1/8/4b3/8/pp6/qkp3b1/rnp5/n1K5 b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
    // A white pawn besides the queen: taking the queen no longer leaves
    // white a bare king.
    let fen = "6Q1/8/4b3/8/ppp5/qkp3b1/rnp3P1/n1K5 b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn a_lone_piece_never_takes_where_it_must_be_taken() {
    // White's queen is its one man: a capture by black leaves white a
    // bare king, so black's pawns never capture, and a queen that takes a
    // man next to the walled-in black king (Qxc4+, Qxc2+) is taken at
    // once. With the a1 knight gone, Qxc2 is mate (nothing black takes on
    // c2, which the white king defends): the proof must not fire.
    let fen = "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/2K5 b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
    let fen = "8/4b3/6r1/4q3/ppp5/bkp4Q/qnp5/2K5 b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
}

#[test]
fn knights_whose_every_move_mates_the_caged_king_stay_put() {
    // The white king on c5 has no square, and the white bishops are all
    // on dark squares behind their own pawns. Every move of the black
    // knights (Na6, Nd7, Nb7, Ne6) is a knight's check on c5 that no white
    // man can answer, the black king's mate: so they never move, c6
    // stays defended, and white, shut in, cannot mate.
    for fen in [
        "bn1n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/8/2B3B1 b - - 0 1",
        "bn1n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/5B2/2B1B1B1 b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::White), Some(false), "{fen}");
        assert!(proved_unwinnable_statically(fen, Color::White), "{fen}");
    }
    // A light white bishop can take a checking knight: white can mate.
    let fen = "bn1n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/5B2/2B1B1BB b - - 0 1";
    assert_eq!(oracle(fen, Color::White), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::White));
    // Without the b8 knight, or the d8 one, c6 is not held for ever.
    for fen in [
        "b2n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/8/2B3B1 b - - 0 1",
        "bn4k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/8/2B3B1 b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::White), Some(true), "{fen}");
        assert!(!proved_unwinnable_statically(fen, Color::White), "{fen}");
    }
}

#[test]
fn a_king_shut_in_two_squares_keeps_the_other_king_out() {
    // The black king walks between d8 and e8 only, so d7 and d8 are always
    // next to it (or under it) and the white king, shut in round b7 and
    // a6 with its bishop, can never come round to take the f8 bishop.
    // Nothing moves then but the white king, the h1 bishop and the dark
    // black bishop, and black, all of whose men stand or move on dark
    // squares, can never check a king on light ones.
    for fen in [
        "Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/8/p7/P7/4b2B b - - 0 1",
        "BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::Black), Some(false), "{fen}");
        assert!(proved_unwinnable_statically(fen, Color::Black), "{fen}");
    }
    // A light black bishop can check: black can mate.
    let fen = "Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/8/p7/P7/3b3B b - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
    // Without the e6 pawn the black king gets out, and so does e7.
    let fen = "Bb1k1b2/bKp1p1p1/1pP3P1/1P6/8/p7/P7/4b2B b - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
    // Without the f8 bishop the black king's region is wide open.
    let fen = "BbK1k3/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_rook_jammed_until_the_king_that_takes_it_passes_stays_put() {
    // The white rook on g1 is jammed by the f1 and h1 bishops and the g2
    // pawn. The black king may take the h1 bishop, but only from g1 or h2,
    // which it reaches only by taking the rook first: so the rook never
    // moves, the white king on d1 stays shut in, and neither side can
    // mate (all the bishops but a2's and h7's are jammed too, and those
    // are light against a king that walks on dark squares and h1).
    let fen = "8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - - 0 1";
    assert_eq!(agrees(fen), [false, false]);
    assert!(proved_unwinnable_statically(fen, Color::White));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // Without the g3 pawn the black king reaches h2 by g3, takes h1, and
    // the rook gets out; without the h1 bishop it is out at once: both
    // sides can mate.
    for fen in [
        "8/7B/7b/8/3p1p1p/b1pP1P1P/B1PpBkP1/3K1BRB w - - 0 1",
        "8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BR1 w - - 0 1",
    ] {
        assert_eq!(agrees(fen), [true, true], "{fen}");
        assert!(!proved_unwinnable_statically(fen, Color::White), "{fen}");
        assert!(!proved_unwinnable_statically(fen, Color::Black), "{fen}");
    }
}

#[test]
fn pawns_of_one_file_cannot_hold_the_squares_they_stand_on() {
    // Black's king on f8 and its bishop are shut in; black can only check
    // with its g-pawns, which stand on one file and so never defend each
    // other: wherever the white king is checked, it takes the pawn next
    // to it (a bare white king and the g2 pawn build no cage with them).
    let fen = "3b1kBR/4pP1P/1pBpP1pP/1P1P2p1/6p1/8/KP4P1/8 b - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(false));
    assert!(proved_unwinnable_statically(fen, Color::Black));
    // A black pawn on f5 defends g4; a white pawn on h2 or e2 blocks a
    // square of its own king: black can mate.
    for fen in [
        "3b1kBR/4pP1P/1pBpP1pP/1P1P1pp1/6p1/8/KP4P1/8 b - - 0 1",
        "3b1kBR/4pP1P/1pBpP1pP/1P1P2p1/6p1/8/KP4PP/8 b - - 0 1",
        "3b1kBR/4pP1P/1pBpP1pP/1P1P2p1/6p1/8/KP2P1P1/8 b - - 0 1",
    ] {
        assert_eq!(oracle(fen, Color::Black), Some(true), "{fen}");
        assert!(!proved_unwinnable_statically(fen, Color::Black), "{fen}");
    }
}

#[test]
fn a_pawn_that_takes_onto_another_file_is_not_stopped_by_that_files_pawn() {
    // Black's h4 pawn is blocked by h3, and the white g2 pawn looks like a
    // pawn that stops anything on the g-file. But after g2-g4 the h4 pawn
    // takes it en passant and runs to g1: black can mate (chasolver's
    // helpmate starts Ba7 g4 hxg3). The structure must not count the g2
    // pawn as a stop for a pawn that comes to its file by a capture.
    for (fen, side) in [
        (
            "1b3kBR/4pP1P/1p1pP2P/1P1P4/7p/7P/K3B1P1/8 b - - 0 1",
            Color::Black,
        ),
        // The same with b2-b4 axb3.
        (
            "1k4b1/1P1p4/BP1Pp1p1/1P2P1P1/p7/P1B5/1P1B4/K7 b - - 0 1",
            Color::Black,
        ),
        (
            "1k4b1/1P1p4/BP1Pp1p1/1P2P1P1/p7/P1B5/1P1B4/K7 b - - 0 1",
            Color::White,
        ),
    ] {
        assert_eq!(oracle(fen, side), Some(true), "{fen}");
        assert!(!proved_unwinnable_statically(fen, side), "{fen}");
    }
}

#[test]
fn a_pawn_whose_check_frees_a_square_is_no_mating_pawn() {
    // g6-g7+ checks the black king on h8, which looks shut in; but h7 was
    // shut only by the g6 pawn itself, so the king steps there, and the
    // pawn goes on to g8, a knight, that black's b-pawn takes on c6 to run
    // and mate (chasolver's helpmate). The pawn is not held on g6.
    let fen = "2bBRK1k/1pPpPP2/1P1P2Pp/7P/8/8/8/8 w - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(true));
    assert!(!proved_unwinnable_statically(fen, Color::Black));
}

#[test]
fn a_deeper_round_finds_the_mate_that_a_shallow_one_spends_its_slice_on() {
    // Black has only pawns and its king no square: the shut-in schedule.
    // The plain extension search's rounds of depth 2 and 3 spend about
    // 7,800 and 8,600 nodes without a mate, more than their first slice;
    // the probing rounds, given up after 1,000 nodes each, reach depth 4,
    // which mates within 500 (about 14,000 nodes in all; undetermined
    // within the default budget before, and 16,800 nodes with 2,000,000).
    let fen = "K1k5/P2p1p1p/1p6/1P6/8/8/3P1P1P/8 w - - 0 1";
    mates_within_the_default_budget(fen, Color::Black);
}

#[test]
fn a_resumed_walls_round_finds_the_mate_its_first_slice_stopped_short_of() {
    // The walls flavour's second slice resumes the round its first slice
    // stopped instead of giving it up: the mate is found within the
    // default budget (about 93,000 nodes; undetermined before).
    let fen = "2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1";
    mates_within_the_default_budget(fen, Color::Black);
}

#[test]
fn rounds_stopped_anywhere_and_resumed_never_prove_a_winnable_side_lost() {
    // Budgets that stop the slices (and the probing rounds) at many
    // different points: a resumed or given-up round must never pass for a
    // complete one, so a side that can mate is never called unwinnable.
    for (fen, side) in [
        ("K1k5/P2p1p1p/1p6/1P6/8/8/3P1P1P/8 w - - 0 1", Color::Black),
        (
            "2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1",
            Color::Black,
        ),
        (
            "k1b1b3/8/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - - 0 1",
            Color::White,
        ),
    ] {
        let p = pos(fen);
        for nodes in (3_000..=120_000).step_by(9_000) {
            let v = can_mate(&p, side, Budget::nodes(nodes));
            assert_ne!(v, Verdict::Unwinnable, "{fen} {side} {nodes}");
            if let Verdict::Winnable { helpmate } = &v {
                replay(&p, side, helpmate);
            }
        }
    }
}

/// Helpmates of the plan that the enumeration kept to it finds past the
/// default budget (the loser gives up a man to the winner's pawn, which
/// then queens), with both sides asked together as the label asks: the
/// side that cannot be settled at a glance gets the other's nodes. Before,
/// each took the complete enumeration 900,000 nodes or more, and the
/// Black sides of the ten bishops' walls were settled by no budget up to
/// 2,000,000 nodes.
#[test]
fn a_man_given_up_to_the_winners_pawn_is_found_with_the_pooled_budget() {
    for (fen, side) in [
        // The king takes f3, the f-pawn runs to a bishop that goes to e3
        // for ...dxe3 and ...e1=Q#.
        ("1k6/1P1p1p1p/BP6/1P5p/8/8/3P1PKP/8 w - - 0 1", Color::Black),
        // A White bishop goes where a Black pawn takes it.
        (
            "k1b1b1b1/8/8/BpBpBpBp/1PbPbPpP/6P1/6P1/K1B5 w - - 0 1",
            Color::Black,
        ),
        (
            "k1b5/8/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - - 0 1",
            Color::Black,
        ),
        // Black's king breaks into White's wall of bishops and pawns
        // (takes a6 once the bishop of b7 steps aside), and White's king
        // walks in behind it to mate with a bishop.
        (
            "2B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1",
            Color::White,
        ),
        (
            "2B1B1B1/pBpBpBp1/P1P1P1P1/4k3/8/8/4K3/8 w - - 0 1",
            Color::White,
        ),
        // Black's king takes d4, the d-pawn queens and gives itself up to
        // White's king on a4, which walks out to b7 for b8=Q#.
        ("8/1p1p1p1p/1P6/KP6/PP6/8/3P1P1P/k7 w - - 0 1", Color::White),
    ] {
        label_finds_the_helpmate(fen, side);
    }
}

/// L-5.2b (dead position): a wall of bishops and pawns where both sides
/// can still mate, so the position is alive. White's helpmate comes from
/// the flavour for walls, which gets the slice the plan leaves unused
/// (the complete enumeration would spend it in vain); Black's (its bishop
/// takes the rook on g1, both kings walk round, and a pawn queens) from
/// the enumeration kept to the plan, with the nodes White leaves. Both
/// sides asked together as the label asks, within the default budget;
/// each helpmate replays to mate, and chasolver agrees.
#[test]
fn l_5_2b_both_sides_of_a_wall_of_bishops_mate_within_the_default_budget() {
    let fen = "8/8/5p2/2p1pP2/2PbPk1b/2pBpBp1/2P1P1P1/5BRK w - - 0 1";
    for side in Color::ALL {
        label_finds_the_helpmate(fen, side);
    }
}

/// L-5.2b (dead position): where the loser's king has no square and its
/// one piece can reach no square where the winner's pawns take it, the
/// loser only waits while the winner's king walks; the enumeration kept
/// to the plan lets that piece go to and fro instead of wandering, and
/// finds the helpmate with both sides asked together as the label asks,
/// within the default budget: White's king walks to d5 while Black's
/// bishop waits (`…Kxd5 … dxc6 … d8=B+ … Bc5#`), and White's bishop walks
/// round to f7 while Black's bishops wait. Each helpmate replays to mate,
/// and chasolver agrees.
#[test]
fn l_5_2b_a_piece_that_only_waits_goes_to_and_fro_within_the_default_budget() {
    for fen in [
        "5kBN/1p1p1PRQ/1P1P2PP/3p1p1p/3P1P1P/8/8/2BbB1BK w - - 0 1",
        "BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - - 0 1",
    ] {
        label_finds_the_helpmate(fen, Color::White);
    }
}

/// Both sides asked together, as a label asks, within the default budget:
/// `side`'s helpmate is found, replays to mate, and chasolver agrees.
fn label_finds_the_helpmate(fen: &str, side: Color) {
    let p = pos(fen);
    let verdicts = arbiter_unwinnable::can_mate_each(&p, Horizon::Unbounded, Budget::DEFAULT);
    let Verdict::Winnable { helpmate } = &verdicts[side] else {
        panic!("{fen}: {side:?} can mate, got {:?}", verdicts[side]);
    };
    replay(&p, side, helpmate);
    assert_eq!(oracle(fen, side), Some(true), "{fen} {side:?}");
}

/// L-5.2b (dead position): White's king walks round to g5 and takes the
/// pawn there, its breach into Black's wall; the searches find the rest
/// from there (`…Kxg5 … g5 … g7#`) instead of the enumeration kept to the
/// plan walking every White bishop first. Found with a decision's budget
/// (one side asked), where it was not before; the helpmate replays to
/// mate, and chasolver agrees.
#[test]
fn l_5_2b_the_winners_king_breaks_into_the_wall_within_a_decisions_budget() {
    let fen = "1b3kBR/4pP1P/1pBpP2P/1P1P1Bp1/1pK1B1P1/1P1B1B2/8/8 b - - 0 1";
    let p = pos(fen);
    let Verdict::Winnable { helpmate } = can_mate(&p, Color::White, Budget::DECISION) else {
        panic!("{fen}: White can mate");
    };
    replay(&p, Color::White, &helpmate);
    assert_eq!(oracle(fen, Color::White), Some(true), "{fen}");
}

/// L-5.2b (dead position): the same breach within a label's pool. The
/// enumeration kept to a plan prices the moves that clear White's king's
/// walk to g5 (three bishops step off its squares) below White's other
/// quiet moves, so it reaches `…Kxg5` long before every other shuffle of
/// as many bishop moves: found with both sides asked on the default
/// budget, where it was not before (at 57,800 nodes one side asked,
/// instead of 364,400); the helpmate replays to mate, and chasolver
/// agrees.
#[test]
fn l_5_2b_the_winners_bishops_clear_its_kings_walk_within_the_default_budget() {
    label_finds_the_helpmate(
        "1b3kBR/4pP1P/1pBpP2P/1P1P1Bp1/1pK1B1P1/1P1B1B2/8/8 b - - 0 1",
        Color::White,
    );
}

/// L-5.2b (dead position): both kings walk out of the locked pawns, each
/// through the square its bishop stands on (`Bg5 Bf5+ Kc1 Kc8 Kd2 Kd7 …
/// Kf7 Bh7 Bf6#`). The search aimed at the mating picture used to let
/// White's bishop go back and forth between c1 and h6 for free; now a
/// bishop's move that takes back its last one costs a ply in a walled
/// root, and White's helpmate is found with both sides asked on the
/// default budget (before, the label spent its whole pool in vain); the
/// helpmate replays to mate, and chasolver agrees.
#[test]
fn l_5_2b_the_winners_bishop_leaves_its_kings_way_out_within_the_default_budget() {
    label_finds_the_helpmate(
        "1kb5/1p6/1Pp5/n1P5/N1p5/1pP5/1P6/1KB5 w - - 0 1",
        Color::White,
    );
}

/// L-5.2b (dead position), asked of one side as a flag fall asks it:
/// Black, its king shut in for good behind White's b-pawns and bishop (the
/// g-pawns and bishops in the second), has nothing but pawns, on files
/// two apart, which never guard one another, and runs out of pushes before White could
/// give it anything to take; so it cannot mate, while White can. The
/// complete enumeration proves it within the default budget, one side
/// asked, since it no longer expands the positions where every move of
/// White's leaves Black without a move, nor tests the structure after
/// each capture of White's king. chasolver agrees.
#[test]
fn l_5_2b_a_pawns_only_side_shut_in_cannot_mate_within_the_default_budget() {
    for fen in [
        "1k6/1P3p1p/BP1p4/1P6/8/3P4/5PKP/8 w - - 0 1",
        "6k1/p3p1P1/2p3PB/6PB/p3P1P1/4P3/PKP5/8 w - - 0 1",
    ] {
        let p = pos(fen);
        assert_eq!(
            can_mate(&p, Color::Black, Budget::DEFAULT),
            Verdict::Unwinnable,
            "{fen}"
        );
        assert_eq!(oracle(fen, Color::Black), Some(false), "{fen}");
    }
}

/// Black's king is shut in for good on b8 (on g8 in the mirror) by
/// White's pawns and a bishop that none of Black's men can ever reach;
/// Black has nothing but pawns, on files apart from each other and from
/// White's, so nothing can take anything until White's king takes a
/// black pawn and runs the white pawn behind it through to a new piece
/// that it gives up: Black's twelve pushes run out first. So Black cannot
/// mate (a flag of White's there is a draw, L-6.9), settled within the
/// default budget, one side asked and both; chasolver agrees. With a
/// white pawn beside Black's d-pawn, the pawn takes it, changes file and
/// promotes: Black can mate, and no count of tempo may say otherwise.
#[test]
fn l_5_2b_a_shut_in_side_that_runs_out_of_pushes_cannot_mate() {
    for fen in [
        "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1",
        "6k1/p1p1p1P1/6PB/6P1/8/8/PKP1P3/8 w - - 0 1",
    ] {
        let p = pos(fen);
        assert_eq!(
            can_mate(&p, Color::Black, Budget::DEFAULT),
            Verdict::Unwinnable,
            "{fen}"
        );
        assert_eq!(label(&p, Horizon::Unbounded, Budget::DEFAULT), "W-");
        assert_eq!(oracle(fen, Color::Black), Some(false), "{fen}");
    }
    let fen = "1k6/1P1p4/BP6/1P6/8/8/3PP3/6K1 b - - 0 1";
    assert_eq!(oracle(fen, Color::Black), Some(true), "{fen}");
    assert!(matches!(
        can_mate(&pos(fen), Color::Black, Budget::DECISION),
        Verdict::Winnable { .. }
    ));
}

/// L-5.2b (dead position): White's king on h5 has no square and White has
/// nothing but pawns, so Black must keep White in moves while its a-pawn
/// runs: the new queen goes to f6, where White's g-pawn takes it, and the
/// g-pawns then have pushes to spend while Black's next pawn runs to mate
/// (`…a1=Q e6 Qf6 gxf6 gxf6 g5 f5 … f1=Q … Qf5#`). The complete
/// enumeration hands the line over to the searches at that capture, and
/// Black's helpmate is found with both sides asked together as the label
/// asks, within the default budget; it replays to mate, and chasolver
/// agrees.
#[test]
fn l_5_2b_a_queen_given_up_for_the_losers_tempo_within_the_default_budget() {
    label_finds_the_helpmate(
        "8/p1p1p1p1/6P1/6PK/6PP/6P1/P1P1P3/k7 w - - 0 1",
        Color::Black,
    );
}
