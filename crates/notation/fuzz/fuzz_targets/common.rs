//! Shared by the fuzz targets: a few positions with castling, en passant and promotion.
use arbiter_notation::position_from_fen;
use shakmaty::Chess;

pub const FENS: [&str; 5] = [
    "startpos",
    "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
    "rnbqkbnr/pppppppp/8/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1",
    "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9",
    "8/2P5/8/8/8/8/6p1/k3K3 b - - 0 1",
];

pub fn position(selector: u8) -> Chess {
    position_from_fen(Some(FENS[selector as usize % FENS.len()])).expect("valid FEN")
}
