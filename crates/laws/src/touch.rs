//! Art. 4 in the fold: the men a player touched, the move they oblige him
//! to make (L-4.3, L-4.4, L-4.5), and the opponent's claim of a breach
//! (L-4.8; 2005 4.7; the Tavreli rules, art. 4.5).
//!
//! The obligation is computed from the rule set's legal moves and the
//! squares each concerns ([`RuleSet::move_squares`]), so chess and Tavreli
//! towers share it. A move that breaks it stands until the opponent claims;
//! the game (`crate::game`) keeps the state and acts on the claim.

use crate::provisions::{Article, Provisions, TouchReading};
use crate::ruleset::{MoveSquares, RuleSet, TouchRole, TouchedMan};
use arbiter_rules::{Side, TouchDuty};
use serde::Serialize;

/// Whether a man was touched with intent or adjusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TouchKind {
    /// A deliberate touch with intent to move or capture (L-4.3).
    Touch,
    /// An adjustment announced first (L-4.2).
    Adjust,
}

/// A touch or an adjustment, as the report lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TouchRecord {
    /// When, in milliseconds since White's clock was started.
    pub at: u64,
    /// The player who touched.
    pub side: Side,
    /// The square (`e2`).
    pub square: String,
    /// Tavreli: the man of the tower, counted from the top, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub man: Option<u32>,
    /// `touch` or `adjust`.
    pub kind: TouchKind,
    /// An adjustment when it was not the player's move: a breach of L-4.2
    /// the arbiter may penalise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub out_of_turn: bool,
}

/// A move that broke the touch-move rule, as the report lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TouchMoveBreach {
    /// When the move was made.
    pub at: u64,
    /// The player who made it.
    pub side: Side,
    /// The half-move it was (0-based).
    pub ply: usize,
    /// What the touches obliged him to do, in English.
    pub obligation: String,
    /// The same, typed, for the words of each language.
    #[serde(skip)]
    pub duty: TouchDuty,
    /// The article of the game's edition that obliged it.
    pub article: &'static str,
    /// Whether the opponent's claim took it back.
    pub claimed: bool,
}

/// A touch-move claim and the ruling on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TouchMoveClaim {
    /// When it was made.
    pub at: u64,
    /// The claimant.
    pub side: Side,
    /// True when the move was taken back.
    pub upheld: bool,
    /// The ruling, in English, with its article.
    pub reason: String,
}

/// A man touched with intent by the player having the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Touched {
    pub square: String,
    pub man: u32,
    pub who: TouchedMan,
}

/// What the touches oblige: any legal move, or one of `moves`.
pub(crate) enum Obligation<M> {
    /// No obligation, or none of the men touched can move (L-4.5).
    Free,
    /// One of these moves, by `rule`; `what` says it.
    Bound {
        moves: Vec<M>,
        rule: Article,
        what: TouchDuty,
    },
}

/// A breach the opponent may still claim: the breaking half-move and the
/// touches that bound it, which bind again when the claim is upheld.
#[derive(Clone, Debug)]
pub(crate) struct OpenBreach {
    pub side: Side,
    pub ply: usize,
    pub touched: Vec<Touched>,
    /// Index into [`TouchState::breaches`].
    pub index: usize,
}

/// The Art. 4 part of a game's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct TouchState {
    /// Every touch and adjustment, for the report.
    pub records: Vec<TouchRecord>,
    /// The men the player having the move touched with intent since his
    /// turn began, first touched first.
    pub touched: Vec<Touched>,
    /// Who touched them.
    pub by: Option<Side>,
    /// A breach the opponent may still claim.
    pub open: Option<OpenBreach>,
    /// Every breach, for the report.
    pub breaches: Vec<TouchMoveBreach>,
    /// Every touch-move claim, for the report.
    pub claims: Vec<TouchMoveClaim>,
}

impl TouchState {
    /// Adds a man touched with intent by `side`; touching it again adds
    /// nothing, and the other player's touches bind no more.
    pub fn touch(&mut self, side: Side, t: Touched) {
        if self.by != Some(side) {
            self.touched.clear();
            self.by = Some(side);
        }
        if !self.touched.contains(&t) {
            self.touched.push(t);
        }
    }

    /// The men `side` touched that bind him now.
    pub fn touched_by(&self, side: Side) -> &[Touched] {
        if self.by == Some(side) {
            &self.touched
        } else {
            &[]
        }
    }

    /// Takes the men `side` touched, ending his turn's touches.
    pub fn take(&mut self, side: Side) -> Vec<Touched> {
        let mine = self.by == Some(side);
        self.by = None;
        let all = std::mem::take(&mut self.touched);
        if mine { all } else { Vec::new() }
    }

    /// Gives back the men `side` had touched (a claim upheld).
    pub fn restore(&mut self, side: Side, touched: Vec<Touched>) {
        self.by = Some(side);
        self.touched = touched;
    }

    /// The player's turn is over (a move made) or the position was
    /// reinstated: his touches bind no more.
    pub fn end_turn(&mut self) {
        self.touched.clear();
        self.by = None;
    }

    /// `side` touched a man or moved: if a breach by his opponent was open,
    /// he has lost the right to claim it.
    pub fn claimant_acted(&mut self, side: Side) {
        if self.open.as_ref().is_some_and(|b| b.side != side) {
            self.open = None;
        }
    }
}

/// A legal move with the squares it concerns.
type Candidate<M> = (M, MoveSquares);

/// The move the men `touched` oblige the player having the move to make
/// in `pos`, under the Laws `p` (L-4.3, L-4.4, L-4.5).
pub(crate) fn obligation<R: RuleSet>(
    rules: &R,
    p: &Provisions,
    pos: &R::Position,
    touched: &[Touched],
) -> Obligation<R::Move> {
    if touched.is_empty() {
        return Obligation::Free;
    }
    let side = rules.turn(pos);
    let mut legal: Vec<Candidate<R::Move>> = rules
        .legal_moves(pos)
        .into_iter()
        .filter_map(|m| rules.move_squares(pos, &m).map(|s| (m, s)))
        .collect();
    let own: Vec<&Touched> = touched.iter().filter(|t| t.who.owner == side).collect();
    // Castling (L-4.4): the first two own men touched are the king and a rook.
    if let [a, b, ..] = own.as_slice() {
        match (a.who.role, b.who.role) {
            (TouchRole::King, TouchRole::Rook) => {
                return castling(p, &legal, a, b);
            }
            (TouchRole::Rook, TouchRole::King) => {
                // Rook first, then the king: no castling on that side on this
                // move (2017+ 4.4.2, 2005 4.4(b), Tavreli 4.3); 4.3 governs.
                legal.retain(|(_, s)| s.rook.as_deref() != Some(a.square.as_str()));
            }
            _ => {}
        }
    }
    by_reading(p, side, &legal, touched)
}

/// King touched first, then a rook (2017+ 4.4.1 and 4.4.3; 2005 4.4(a) and
/// (c); the Tavreli rules, art. 4.2 and 4.3).
fn castling<M: Clone>(
    p: &Provisions,
    legal: &[Candidate<M>],
    king: &Touched,
    rook: &Touched,
) -> Obligation<M> {
    let this_side: Vec<M> = pick(legal, |s| s.rook.as_deref() == Some(rook.square.as_str()));
    let king_moves: Vec<M> = pick(legal, |s| s.from == king.square);
    let bound = |moves: Vec<M>, what: TouchDuty| Obligation::Bound {
        moves,
        rule: Article::TouchMoveCastling,
        what,
    };
    let k = &king.square;
    if p.failed_castling_other_side_first() {
        // The Tavreli rules: the volkhv touched first must move (4.2);
        // castling that side impossible, castle on the other (4.3).
        if this_side.is_empty() {
            let other = pick(legal, |s| s.from == *k && s.rook.is_some());
            if !other.is_empty() {
                return bound(other, TouchDuty::CastleOtherSide { king: k.clone() });
            }
        }
        if king_moves.is_empty() {
            return Obligation::Free;
        }
        return bound(king_moves, TouchDuty::MoveKing { king: k.clone() });
    }
    if !this_side.is_empty() {
        return bound(
            this_side,
            TouchDuty::Castle {
                rook: rook.square.clone(),
            },
        );
    }
    if king_moves.is_empty() {
        return Obligation::Free;
    }
    bound(king_moves, TouchDuty::MoveKing { king: k.clone() })
}

/// The legal moves whose squares satisfy `f`.
fn pick<M: Clone>(legal: &[Candidate<M>], f: impl Fn(&MoveSquares) -> bool) -> Vec<M> {
    legal
        .iter()
        .filter(|(_, s)| f(s))
        .map(|(m, _)| m.clone())
        .collect()
}

/// The moves of the man `t` (its square, lifting it and every man above).
fn moves_of<M: Clone>(legal: &[Candidate<M>], t: &Touched) -> Vec<M> {
    pick(legal, |s| s.from == t.square && s.men >= t.man)
}

/// The moves that capture the man on `t`'s square.
fn captures_of<M: Clone>(legal: &[Candidate<M>], t: &Touched) -> Vec<M> {
    pick(legal, |s| s.captures.as_deref() == Some(t.square.as_str()))
}

/// The first man touched that can be moved (own) or captured (the
/// opponent's), among `touched` in order.
fn first_that_can<M: Clone>(
    side: Side,
    legal: &[Candidate<M>],
    touched: &[&Touched],
) -> Obligation<M> {
    for t in touched {
        let (moves, what) = if t.who.owner == side {
            let square = t.square.clone();
            (moves_of(legal, t), TouchDuty::MoveMan { square })
        } else {
            let square = t.square.clone();
            (captures_of(legal, t), TouchDuty::CaptureMan { square })
        };
        if !moves.is_empty() {
            return Obligation::Bound {
                moves,
                rule: Article::TouchMove,
                what,
            };
        }
    }
    Obligation::Free
}

/// L-4.3 as the edition reads the men touched ([`TouchReading`]).
fn by_reading<M: Clone>(
    p: &Provisions,
    side: Side,
    legal: &[Candidate<M>],
    touched: &[Touched],
) -> Obligation<M> {
    let all: Vec<&Touched> = touched.iter().collect();
    let own: Vec<&Touched> = all
        .iter()
        .copied()
        .filter(|t| t.who.owner == side)
        .collect();
    let opp: Vec<&Touched> = all
        .iter()
        .copied()
        .filter(|t| t.who.owner != side)
        .collect();
    let reading = p.touch_reading();
    if own.is_empty() || opp.is_empty() || reading == TouchReading::FirstTouched {
        return first_that_can(side, legal, &all);
    }
    // Men of both colours: capture the first opponent's man touched with
    // the first own man touched, if that is legal.
    let (o, x) = (own[0], opp[0]);
    let capture = pick(legal, |s| {
        s.from == o.square && s.men >= o.man && s.captures.as_deref() == Some(x.square.as_str())
    });
    if !capture.is_empty() {
        return Obligation::Bound {
            moves: capture,
            rule: Article::TouchMove,
            what: TouchDuty::CaptureWith {
                target: x.square.clone(),
                with: o.square.clone(),
            },
        };
    }
    match reading {
        // 2005 4.3(c): «пойти первой фигурой … которой можно пойти, или взять
        // первую фигуру противника … которая может быть взята»: either, and
        // only the first man of each colour counts.
        TouchReading::OneOfEach => {
            let mut moves = moves_of(legal, o);
            moves.extend(captures_of(legal, x));
            if moves.is_empty() {
                return Obligation::Free;
            }
            Obligation::Bound {
                moves,
                rule: Article::TouchMove,
                what: TouchDuty::MoveOrCapture {
                    own: o.square.clone(),
                    opponent: x.square.clone(),
                },
            }
        }
        // 2017+ 4.3.3: the first man touched that can be moved or captured.
        _ => first_that_can(side, legal, &all),
    }
}
