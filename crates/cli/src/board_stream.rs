//! A sensor board's stream (docs/board-stream.md): `lift SQ` and `drop SQ`
//! lines, read beside the keyboard by `arbiter clock --board FILE`, turned
//! into the Laws' events. Pure: the board is a set of occupied squares the
//! sensors reported, compared with the game's position.
//!
//! * A lift of a man is a touch (L-4.3; the board cannot tell intent, so
//!   every lift is one), unless an adjustment was announced first (an
//!   `adjust` or `adjust SQ` line, L-4.2): then it is an adjustment.
//! * A lift then a drop on another square is the move (made, L-4.7; the
//!   clock's press completes it); a capture is the lifts of both men and
//!   the drop; castling the king's move and then the rook's; en passant the
//!   pawn's move and the lift of the pawn taken.
//! * A drop back on the square it came from leaves the touch standing (4.3).
//! * A line the game cannot explain (a lift from a square the board had
//!   empty, a drop on one it had occupied), or a board that differs from
//!   the game once a move is pressed, is said at once; the stream then only
//!   follows the board until it agrees with the game again.

use shakmaty::{Bitboard, Chess, Position, Role, Square, uci::UciMove};

/// What a line of the stream meant for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sensed {
    /// A man was touched with intent (L-4.3).
    Touch(Square),
    /// A man was adjusted after the adjustment was announced (L-4.2).
    Adjust(Square),
    /// A move was made on the board (UCI, `e2e4`); the press completes it.
    Made(String),
    /// The board differs from the game on these squares.
    Differs(Vec<Square>),
    /// The board agrees with the game again.
    Agrees,
}

/// A sensor board being followed.
#[derive(Clone, Debug)]
pub struct Board {
    /// The squares the sensors report occupied.
    physical: Bitboard,
    /// The men lifted this turn (their squares), first lifted first.
    hand: Vec<Square>,
    /// An adjustment announced: the next lift (of that square, when one is
    /// named) is an adjustment.
    adjusting: Option<Option<Square>>,
    /// Men lifted under an adjustment, not yet put back.
    adjusted: Vec<Square>,
    /// A move made on the board, waiting for the press.
    made: Option<String>,
    /// The board differs from the game: lines only follow the board until
    /// it agrees again.
    lost: bool,
}

impl Board {
    /// A board set up as the game's position.
    pub fn new(pos: &Chess) -> Board {
        Board {
            physical: pos.board().occupied(),
            hand: Vec::new(),
            adjusting: None,
            adjusted: Vec::new(),
            made: None,
            lost: false,
        }
    }

    /// An adjustment announced (an `adjust` line): the next man lifted, or
    /// the next lifted from `square`, is adjusted, not touched (L-4.2).
    pub fn adjust(&mut self, square: Option<Square>) {
        self.adjusting = Some(square);
    }

    /// The move made on the board, for the press that completes it.
    pub fn take_made(&mut self) -> Option<String> {
        self.made.take()
    }

    /// Whether the board follows the game (it does not differ from it).
    pub fn agrees(&self) -> bool {
        !self.lost
    }

    /// A man lifted from `sq`.
    pub fn lift(&mut self, pos: &Chess, sq: Square) -> Vec<Sensed> {
        if !self.physical.contains(sq) {
            return self.lose(pos, sq);
        }
        let _ = self.physical.remove(sq);
        if self.lost {
            return self.regain(pos);
        }
        if self.made.is_some() {
            // The rest of a move made: the rook of castling, the pawn taken
            // en passant. The press checks the board.
            return Vec::new();
        }
        if let Some(armed) = self.adjusting
            && armed.is_none_or(|a| a == sq)
        {
            self.adjusting = None;
            self.adjusted.push(sq);
            return vec![Sensed::Adjust(sq)];
        }
        if pos.board().piece_at(sq).is_none() {
            return self.lose(pos, sq);
        }
        self.hand.push(sq);
        vec![Sensed::Touch(sq)]
    }

    /// A man put on `sq`; `promotion` is the piece a pawn becomes there.
    pub fn drop(&mut self, pos: &Chess, sq: Square, promotion: Option<Role>) -> Vec<Sensed> {
        if self.physical.contains(sq) {
            return self.lose(pos, sq);
        }
        self.physical.add(sq);
        if self.lost {
            return self.regain(pos);
        }
        if self.made.is_some() {
            return Vec::new();
        }
        if let Some(i) = self.adjusted.iter().position(|&a| a == sq) {
            self.adjusted.remove(i);
            return Vec::new();
        }
        let turn = pos.turn();
        let own = self
            .hand
            .iter()
            .rposition(|&h| pos.board().color_at(h) == Some(turn));
        let from = match (own, self.adjusted.pop()) {
            (Some(i), _) => self.hand.remove(i),
            // An adjusted man put on another square: a move after all.
            (None, Some(a)) => a,
            (None, None) => {
                // The opponent's man touched and put back.
                if let Some(i) = self.hand.iter().position(|&h| h == sq) {
                    self.hand.remove(i);
                    return Vec::new();
                }
                return self.lose(pos, sq);
            }
        };
        if from == sq {
            // Put back: the touch stands (4.3).
            return Vec::new();
        }
        let text = move_text(pos, from, sq, promotion);
        self.made = Some(text.clone());
        self.hand.clear();
        self.adjusted.clear();
        vec![Sensed::Made(text)]
    }

    /// The game's position changed (a move pressed, a move taken back on
    /// a claim): the turn's hand is over, and the board is compared.
    pub fn game_moved(&mut self, pos: &Chess) -> Option<Sensed> {
        self.hand.clear();
        self.adjusted.clear();
        self.adjusting = None;
        self.made = None;
        let diff = self.differs(pos);
        if !diff.is_empty() {
            self.lost = true;
            return Some(Sensed::Differs(diff));
        }
        if std::mem::take(&mut self.lost) {
            return Some(Sensed::Agrees);
        }
        None
    }

    /// The squares where the board and the game differ.
    fn differs(&self, pos: &Chess) -> Vec<Square> {
        (self.physical ^ pos.board().occupied())
            .into_iter()
            .collect()
    }

    /// A line the game cannot explain (a lift from a square the board had
    /// empty, a drop on one it had occupied): said with the squares that
    /// differ now, and that square. The turn's hand is void; the stream
    /// follows the board until it agrees with the game again.
    fn lose(&mut self, pos: &Chess, sq: Square) -> Vec<Sensed> {
        self.hand.clear();
        self.adjusted.clear();
        self.adjusting = None;
        self.made = None;
        let mut diff = self.differs(pos);
        self.lost = !diff.is_empty();
        if !diff.contains(&sq) {
            diff.push(sq);
            diff.sort();
        }
        vec![Sensed::Differs(diff)]
    }

    /// While lost: agreement again ends it.
    fn regain(&mut self, pos: &Chess) -> Vec<Sensed> {
        if self.differs(pos).is_empty() {
            self.lost = false;
            return vec![Sensed::Agrees];
        }
        Vec::new()
    }
}

/// The move from `from` to `to` in UCI (castling as the king's move,
/// `e1g1`); a pawn reaching the last rank promotes to `promotion`, a queen
/// when none is given (L-4.4.4: the piece that touches the square). A move
/// no rule allows is written as it was made, for the Laws' ladder (Art. 7).
fn move_text(pos: &Chess, from: Square, to: Square, promotion: Option<Role>) -> String {
    let pawn = pos.board().role_at(from) == Some(Role::Pawn);
    let last = matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
    let promotion = (pawn && last).then(|| promotion.unwrap_or(Role::Queen));
    // Castling is the king's move (`e1g1`), as UCI writes it in standard
    // chess; legal or not, the move is written as the hand made it.
    UciMove::Normal {
        from,
        to,
        promotion,
    }
    .to_string()
}

/// The piece a promotion letter names (`q`, `r`, `b`, `n`).
pub fn promotion_role(c: char) -> Option<Role> {
    Role::from_char(c)
        .filter(|r| matches!(r, Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock_command::{Command, parse_command};
    use shakmaty::{CastlingMode, Move, fen::Fen};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn pos(fen: Option<&str>) -> Chess {
        match fen {
            None => Chess::default(),
            Some(f) => f
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap(),
        }
    }

    fn play(p: &Chess, uci: &str) -> Chess {
        let m: Move = uci.parse::<UciMove>().unwrap().to_move(p).unwrap();
        p.clone().play(m).unwrap()
    }

    /// L-4.3: a lift is a touch; put back, it still binds (nothing said);
    /// a lift and a drop elsewhere is the move.
    #[test]
    fn a_lift_touches_and_a_drop_elsewhere_moves() {
        let p = pos(None);
        let mut b = Board::new(&p);
        assert_eq!(b.lift(&p, sq("g1")), [Sensed::Touch(sq("g1"))]);
        assert_eq!(b.drop(&p, sq("g1"), None), []);
        assert_eq!(b.lift(&p, sq("e2")), [Sensed::Touch(sq("e2"))]);
        assert_eq!(b.drop(&p, sq("e4"), None), [Sensed::Made("e2e4".into())]);
        assert_eq!(b.take_made().as_deref(), Some("e2e4"));
        assert_eq!(b.game_moved(&play(&p, "e2e4")), None);
    }

    /// L-4.2: announced first, a lift is an adjustment, and a drop back
    /// says nothing; announced for another square, the lift is a touch.
    #[test]
    fn an_announced_adjustment_is_no_touch() {
        let p = pos(None);
        let mut b = Board::new(&p);
        b.adjust(Some(sq("d1")));
        assert_eq!(b.lift(&p, sq("e2")), [Sensed::Touch(sq("e2"))]);
        assert_eq!(b.drop(&p, sq("e2"), None), []);
        assert_eq!(b.lift(&p, sq("d1")), [Sensed::Adjust(sq("d1"))]);
        assert_eq!(b.drop(&p, sq("d1"), None), []);
        b.adjust(None);
        assert_eq!(b.lift(&p, sq("b1")), [Sensed::Adjust(sq("b1"))]);
        assert_eq!(b.drop(&p, sq("b1"), None), []);
        assert!(b.agrees());
    }

    /// A capture is the lifts of both men (in either order) and the drop.
    #[test]
    fn a_capture_lifts_both_men() {
        let p = play(&play(&pos(None), "e2e4"), "d7d5");
        for order in [["e4", "d5"], ["d5", "e4"]] {
            let mut b = Board::new(&p);
            for s in order {
                assert_eq!(b.lift(&p, sq(s)), [Sensed::Touch(sq(s))]);
            }
            assert_eq!(b.drop(&p, sq("d5"), None), [Sensed::Made("e4d5".into())]);
            assert_eq!(b.game_moved(&play(&p, "e4d5")), None);
        }
        // Dropped on the man not lifted: the board cannot hold two.
        let mut b = Board::new(&p);
        b.lift(&p, sq("e4"));
        let said = b.drop(&p, sq("d5"), None);
        assert_eq!(said, [Sensed::Differs(vec![sq("e4"), sq("d5")])]);
        assert!(!b.agrees());
    }

    /// Castling: the king's move makes it, the rook's follows; the press
    /// finds the board as the game. A press before the rook moved is said.
    #[test]
    fn castling_is_the_kings_move_and_the_rooks() {
        let p = pos(Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        let after = play(&p, "e1g1");
        let mut b = Board::new(&p);
        b.lift(&p, sq("e1"));
        assert_eq!(b.drop(&p, sq("g1"), None), [Sensed::Made("e1g1".into())]);
        assert_eq!(b.lift(&p, sq("h1")), []);
        assert_eq!(b.drop(&p, sq("f1"), None), []);
        assert_eq!(b.game_moved(&after), None);
        let mut b = Board::new(&p);
        b.lift(&p, sq("e1"));
        b.drop(&p, sq("g1"), None);
        assert_eq!(
            b.game_moved(&after),
            Some(Sensed::Differs(vec![sq("f1"), sq("h1")]))
        );
        // The rook put right: the board agrees again.
        assert_eq!(b.lift(&after, sq("h1")), []);
        assert_eq!(b.drop(&after, sq("f1"), None), [Sensed::Agrees]);
        assert!(b.agrees());
    }

    /// A promotion is to the piece named on the drop, a queen by default;
    /// a move no rule allows is passed on as made, for Art. 7.
    #[test]
    fn promotion_and_illegal_moves_are_written_as_made() {
        let p = pos(Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
        let mut b = Board::new(&p);
        b.lift(&p, sq("a7"));
        assert_eq!(b.drop(&p, sq("a8"), None), [Sensed::Made("a7a8q".into())]);
        let mut b = Board::new(&p);
        b.lift(&p, sq("a7"));
        let n = promotion_role('n');
        assert_eq!(b.drop(&p, sq("a8"), n), [Sensed::Made("a7a8n".into())]);
        let mut b = Board::new(&p);
        b.lift(&p, sq("e1"));
        assert_eq!(b.drop(&p, sq("e3"), None), [Sensed::Made("e1e3".into())]);
    }

    /// A board that disagrees is said at once, and again in agreement.
    #[test]
    fn a_disagreeing_board_is_said_at_once() {
        let p = pos(None);
        let mut b = Board::new(&p);
        // A man the game does not have was lifted: said; gone, the board
        // is as the game again.
        assert_eq!(b.lift(&p, sq("e4")), [Sensed::Differs(vec![sq("e4")])]);
        assert!(b.agrees());
        // A man put where one stands already: said.
        assert_eq!(
            b.drop(&p, sq("e2"), None),
            [Sensed::Differs(vec![sq("e2")])]
        );
        // A move taken back on a claim: the board shows it still until it
        // is put right, and meanwhile a lift is no touch.
        let after = play(&p, "e2e4");
        let mut b = Board::new(&after);
        assert_eq!(
            b.game_moved(&p),
            Some(Sensed::Differs(vec![sq("e2"), sq("e4")]))
        );
        assert!(!b.agrees());
        assert_eq!(b.lift(&p, sq("e4")), []);
        assert_eq!(b.drop(&p, sq("e2"), None), [Sensed::Agrees]);
        assert!(b.agrees());
    }

    /// A tiny deterministic generator: no dependency, the same lines on
    /// every machine.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 33
        }
    }

    /// Random garbage and random lifts and drops: nothing panics, the
    /// hand never holds more men than the board has squares.
    #[test]
    fn random_lines_never_panic() {
        let words = [
            "lift",
            "drop",
            "adjust",
            "touch",
            "e2",
            "e4",
            "a8",
            "h1",
            "z9",
            "q",
            "=n",
            "",
            "\u{0}",
            "дроп",
            "@12",
            "lift e2 e4",
            "drop e8 k",
        ];
        let mut r = Lcg(36);
        let mut p = pos(None);
        let mut b = Board::new(&p);
        for _ in 0..20_000 {
            let n = r.next() % 4;
            let line: Vec<&str> = (0..n)
                .map(|_| words[(r.next() as usize) % words.len()])
                .collect();
            let mut line = line.join(" ");
            if r.next().is_multiple_of(7) {
                // Bytes of any kind, as a broken driver might write.
                line = (0..r.next() % 40)
                    .map(|_| char::from_u32((r.next() % 0x800) as u32).unwrap_or('?'))
                    .collect();
            }
            let _ = parse_command(&line);
            let s = Square::new((r.next() % 64) as u32);
            let _ = match r.next() % 5 {
                0 => b.lift(&p, s),
                1 => b.drop(&p, s, promotion_role('q')),
                2 => {
                    b.adjust(Some(s));
                    Vec::new()
                }
                3 => {
                    if let Some(m) = b.take_made()
                        && let Ok(u) = m.parse::<UciMove>()
                        && let Ok(mv) = u.to_move(&p)
                    {
                        p = p.clone().play(mv).unwrap_or(p);
                    }
                    b.game_moved(&p).into_iter().collect()
                }
                _ => match parse_command(&format!("lift {s}")) {
                    Ok(Command::Lift(t)) => b.lift(&p, t.parse().unwrap()),
                    other => panic!("{other:?}"),
                },
            };
            assert!(b.hand.len() <= 64 && b.adjusted.len() <= 64);
        }
    }
}
