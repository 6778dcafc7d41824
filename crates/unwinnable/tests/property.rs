//! The fast check never calls a live position dead: on random positions,
//! whenever `quick_dead` (or the per-move check `dead_after_move`, or the
//! static proofs that answer before any search) says a side cannot mate,
//! the full search of
//! chasolver (an independent implementation) finds no helpmate either; and
//! wherever both decide, our full answer agrees with chasolver's.

use std::str::FromStr;

use arbiter_unwinnable::{Budget, Verdict, can_mate, dead_after_move, quick_dead};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, Piece, Position, Role, Setup, Square,
};

/// A small deterministic generator, seeded by proptest.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// A random game of up to `plies` moves that favours quiet pawn moves, so
/// that locked walls come up often.
fn random_game(seed: u64, plies: usize) -> Chess {
    let mut rng = Lcg(seed);
    let mut pos = Chess::default();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pawn_pushes: Vec<_> = moves
            .iter()
            .filter(|m| m.role() == Role::Pawn && !m.is_capture())
            .cloned()
            .collect();
        let m = if !pawn_pushes.is_empty() && rng.next(3) > 0 {
            pawn_pushes[rng.next(pawn_pushes.len())]
        } else {
            moves[rng.next(moves.len())]
        };
        pos.play_unchecked(m);
    }
    pos
}

/// A random wall of locked pawn pairs with kings and a few pieces.
fn random_wall(seed: u64) -> Option<Chess> {
    let mut rng = Lcg(seed);
    let mut board = Board::empty();
    // Pawn chains: on neighbouring files the pairs stand one rank apart,
    // as in a real locked centre, so that no pawn attacks another.
    let mut rank: i64 = 1 + rng.next(4) as i64;
    let mut previous = false;
    for file in 0..8u32 {
        if rng.next(10) >= 9 {
            previous = false;
            continue;
        }
        if previous {
            rank += if rng.next(2) == 0 { 1 } else { -1 };
            rank = rank.clamp(1, 5);
        }
        previous = true;
        let r = rank as u32;
        let w = Square::new(file + 8 * r);
        let b = Square::new(file + 8 * (r + 1));
        board.set_piece_at(
            w,
            Piece {
                color: Color::White,
                role: Role::Pawn,
            },
        );
        board.set_piece_at(
            b,
            Piece {
                color: Color::Black,
                role: Role::Pawn,
            },
        );
    }
    let roles = [Role::Bishop, Role::Knight, Role::Rook, Role::Queen];
    let mut pieces = vec![
        Piece {
            color: Color::White,
            role: Role::King,
        },
        Piece {
            color: Color::Black,
            role: Role::King,
        },
    ];
    for _ in 0..rng.next(4) {
        let color = if rng.next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        pieces.push(Piece {
            color,
            role: roles[rng.next(roles.len())],
        });
    }
    for piece in pieces {
        let empty: Vec<Square> = (!board.occupied()).into_iter().collect();
        board.set_piece_at(empty[rng.next(empty.len())], piece);
    }
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = if rng.next(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    setup.position(CastlingMode::Standard).ok()
}

/// A random wall with up to four more pawns behind it on its files, which
/// can still push up to the wall (and capture, if a man comes their way):
/// a wall still on the move.
fn random_moving_wall(seed: u64) -> Option<Chess> {
    let pos = random_wall(seed)?;
    let mut rng = Lcg(seed ^ 0x5EED);
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    for _ in 0..1 + rng.next(4) {
        let color = if rng.next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pawn = Piece {
            color,
            role: Role::Pawn,
        };
        // A free square behind one of its colour's wall pawns, not on the
        // first or last rank.
        let behind: Vec<Square> = (setup.board.pawns() & setup.board.by_color(color))
            .into_iter()
            .flat_map(|p| {
                (1..7u32)
                    .map(move |r| Square::new(u32::from(p) % 8 + 8 * r))
                    .filter(move |s| match color {
                        Color::White => u32::from(*s) < u32::from(p),
                        Color::Black => u32::from(*s) > u32::from(p),
                    })
            })
            .filter(|s| !setup.board.occupied().contains(*s))
            .collect();
        if behind.is_empty() {
            break;
        }
        setup
            .board
            .set_piece_at(behind[rng.next(behind.len())], pawn);
    }
    setup.position(CastlingMode::Standard).ok()
}

/// chasolver's verdict for `side` (`Some(true)` winnable).
fn oracle(pos: &Chess, side: Color) -> Option<bool> {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let board = chess::Board::from_str(&fen).ok()?;
    let c = match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    };
    chasolver::winnability(&board, c).map(|w| matches!(w, chasolver::Winnability::Winnable { .. }))
}

fn check(pos: &Chess) -> Result<(), TestCaseError> {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    // The per-move check (5.2.2) never ends a game either side could win.
    let per_move_dead = dead_after_move(pos);
    for side in [Color::White, Color::Black] {
        let theirs = oracle(pos, side);
        if quick_dead(pos, side) {
            prop_assert_ne!(theirs, Some(true), "{} called dead for {}", fen, side);
        }
        if per_move_dead {
            prop_assert_ne!(theirs, Some(true), "{} dead after move for {}", fen, side);
        }
        // One node leaves no room for a search: only the static proofs
        // (material, frozen and moving walls, short forced lines) answer.
        if can_mate(pos, side, Budget::nodes(1)) == Verdict::Unwinnable {
            prop_assert_ne!(theirs, Some(true), "{} proved statically for {}", fen, side);
        }
        let ours = can_mate(pos, side, Budget::DEFAULT);
        if let (Some(a), Some(b)) = (ours.can_mate(), theirs) {
            prop_assert_eq!(a, b, "{} for {}", fen, side);
        }
        if let Verdict::Winnable { helpmate } = ours {
            let mut p = pos.clone();
            for m in helpmate {
                prop_assert!(p.is_legal(m));
                p.play_unchecked(m);
            }
            prop_assert!(p.is_checkmate() && p.turn() == !side);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fast_check_never_kills_a_live_game(seed in any::<u64>(), plies in 0usize..160) {
        check(&random_game(seed, plies))?;
    }

    #[test]
    fn fast_check_never_kills_a_live_wall(seed in any::<u64>()) {
        let pos = random_wall(seed);
        prop_assume!(pos.is_some());
        check(&pos.unwrap())?;
    }

    #[test]
    fn static_proofs_never_kill_a_live_moving_wall(seed in any::<u64>()) {
        let pos = random_moving_wall(seed);
        prop_assume!(pos.is_some());
        check(&pos.unwrap())?;
    }
}

/// The moving-wall generator reaches positions that only the static
/// proofs beyond the fast check settle, so the property above is tested
/// where it matters; each is checked too.
#[test]
fn random_moving_walls_include_ones_only_the_structure_settles() {
    let mut settled = 0;
    for seed in 0..20_000u64 {
        let Some(pos) = random_moving_wall(seed) else {
            continue;
        };
        let beyond = [Color::White, Color::Black].into_iter().any(|side| {
            !quick_dead(&pos, side) && can_mate(&pos, side, Budget::nodes(1)) == Verdict::Unwinnable
        });
        if beyond {
            settled += 1;
            check(&pos).unwrap();
        }
    }
    eprintln!("{settled} of 20000 random moving walls have a side only the structure settles");
    assert!(settled >= 15, "only {settled}");
}

/// The wall generator does reach positions the fast check calls dead, so
/// the property above is tested where it matters; each is checked too.
#[test]
fn random_walls_include_dead_ones() {
    let mut dead = 0;
    for seed in 0..2000u64 {
        let Some(pos) = random_wall(seed) else {
            continue;
        };
        if quick_dead(&pos, Color::White) || quick_dead(&pos, Color::Black) {
            dead += 1;
            check(&pos).unwrap();
        }
    }
    eprintln!("{dead} of 2000 random walls have a side the fast check calls dead");
    assert!(dead >= 15, "only {dead}");
}
