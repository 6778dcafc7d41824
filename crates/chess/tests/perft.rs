//! Perft suites for standard chess through shakmaty (the move generator the
//! Laws layer relies on), against the published node counts of the Chess
//! Programming Wiki's perft positions, and through the RuleSet seam so that
//! `legal_moves`/`play` of `arbiter_chess::Chess` count the same.

use arbiter_chess::Chess;
use arbiter_laws::RuleSet;

const SUITE: &[(&str, &[u64])] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    ),
];

/// Perft through the rule-set interface the Laws use.
fn perft(rules: &Chess, pos: &<Chess as RuleSet>::Position, depth: u32) -> u64 {
    if depth == 1 {
        return rules.legal_moves(pos).len() as u64;
    }
    rules
        .legal_moves(pos)
        .iter()
        .map(|m| {
            let mut p = pos.clone();
            rules.play(&mut p, m);
            perft(rules, &p, depth - 1)
        })
        .sum()
}

#[test]
fn perft_suite_through_shakmaty_and_the_ruleset() {
    let rules = Chess::default();
    for (fen, counts) in SUITE {
        let pos = rules.parse_position(fen).unwrap();
        for (d, want) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(
                shakmaty::perft(pos.board(), depth),
                *want,
                "shakmaty {fen} depth {depth}"
            );
            if depth <= 3 {
                assert_eq!(
                    perft(&rules, &pos, depth),
                    *want,
                    "RuleSet {fen} depth {depth}"
                );
            }
        }
    }
}

#[test]
fn incremental_identity_equals_the_full_hash() {
    // Identity kept move by move must equal the identity computed afresh, in
    // every position of a depth-3 tree from positions with castling and e.p.
    let rules = Chess::default();
    // Stalemate and mate traps near the root (pinned men, boxed kings) too.
    let traps = [
        "k7/8/1Q6/8/8/8/8/K7 w - - 0 1",
        "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",
        "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
        "7k/5Q2/8/8/8/8/8/K7 w - - 0 1",
    ];
    for fen in SUITE.iter().map(|(f, _)| *f).chain(traps) {
        let root = rules.parse_position(fen).unwrap();
        let mut stack = vec![(root, 0)];
        while let Some((pos, d)) = stack.pop() {
            let fresh = rules.parse_position(&rules.position_text(&pos)).unwrap();
            // The shortcut "has a legal move" agrees with full generation.
            let ended = rules.status(&pos) != arbiter_laws::Status::Ongoing;
            assert_eq!(
                ended,
                rules.legal_moves(&pos).is_empty(),
                "{}",
                rules.position_text(&pos)
            );
            assert_eq!(
                rules.identity(&pos),
                rules.identity(&fresh),
                "{}",
                rules.position_text(&pos)
            );
            if d < 3 {
                for m in rules.legal_moves(&pos) {
                    assert_eq!(rules.identity_after(&pos, &m), {
                        let mut p = pos.clone();
                        rules.play(&mut p, &m);
                        rules.identity(&rules.parse_position(&rules.position_text(&p)).unwrap())
                    });
                    let mut p = pos.clone();
                    rules.play(&mut p, &m);
                    stack.push((p, d + 1));
                }
            }
        }
    }
}
