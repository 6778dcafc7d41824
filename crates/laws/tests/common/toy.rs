//! The toy game: a rule set made only to drive the Laws' fold in tests.
//!
//! Each side has a king (never named), a number of *men* (the pieces that
//! can give check or mate), at most one *pawn* a few steps from its last
//! rank, and a *step* counter: how far it has walked along a track. The
//! moves are words:
//!
//! | word      | legal when                           | effect                                  |
//! |-----------|--------------------------------------|-----------------------------------------|
//! | `step`    | always                               | own counter +1 (quiet, reversible)      |
//! | `back`    | own counter above 0                  | own counter −1 (quiet, reversible)      |
//! | `push`    | own pawn two or more steps away      | the pawn one step on (a pawn move)      |
//! | `push=Q`  | own pawn one step from its last rank | promotion: the pawn becomes a man       |
//! | `take`    | the opponent has a man               | captures one                            |
//! | `check`   | own men                              | the opponent's king is in check         |
//! | `escape`  | own king in check                    | out of check                            |
//! | `mate`    | own men                              | the opponent is checkmated              |
//! | `smother` | always                               | the opponent is stalemated              |
//!
//! While his king is in check a player may only `escape`. A side can mate
//! while it has a man or a pawn; one whose men need `reach` more quiet
//! plies to mate cannot mate within fewer (the 75-move horizon). `push` of a
//! pawn one step from its last rank is an *unfinished promotion*. Any other
//! word is no move at all (malformed).
//!
//! Why a toy and not chess: the Laws layer must hold for any game that
//! implements [`RuleSet`], and its tests should need no chess. Every
//! question the Laws ask (check, mate, stalemate, a capture or pawn move for
//! the 50/75-move rules, the same position again, can this side still mate,
//! an unfinished promotion, an illegal move that stands) has here a
//! one-word answer that a test can set up by writing the position.
//!
//! A position is written as `key=value` words, every key optional (the
//! initial position's value then): `turn=w men=1,1 pawn=3,3 steps=0,0
//! reach=0,0 state=play half=0 move=1`; `state` is `play`, `check`, `mate`
//! or `stalemate` for the side to move; `half` is the count of quiet plies
//! (the 50/75-move count) and `move` the move number.

use arbiter_laws::{Mateability, MoveInput, RuleSet, Side, Status, Variant};

/// The state of the side to move's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// Free.
    Play,
    /// In check.
    Check,
    /// Checkmated.
    Mated,
    /// Stalemated.
    Stalemated,
}

/// A position of the toy game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    /// The side to move.
    pub turn: Side,
    /// Men of White and Black (pieces that can check and mate).
    pub men: [u8; 2],
    /// Steps each side's pawn still has to its last rank; 0: no pawn.
    pub pawn: [u8; 2],
    /// Each side's walk along its track (negative only after an unlawful
    /// `back` that stood).
    pub steps: [i32; 2],
    /// Quiet plies each side's men need before they can mate.
    pub reach: [u32; 2],
    /// The state of the side to move's king.
    pub state: State,
    /// Quiet plies so far (the 50/75-move count of a set-up position).
    pub half: u32,
    /// The move number.
    pub fullmove: u32,
}

/// A move of the toy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mv {
    /// Own counter +1.
    Step,
    /// Own counter −1.
    Back,
    /// The pawn one step on.
    Push,
    /// The pawn's last step, becoming a man.
    PushQueen,
    /// Capture one of the opponent's men.
    Take,
    /// Give check.
    Check,
    /// Get out of check.
    Escape,
    /// Give mate.
    Mate,
    /// Stalemate the opponent.
    Smother,
}

const WORDS: [(&str, Mv); 9] = [
    ("step", Mv::Step),
    ("back", Mv::Back),
    ("push", Mv::Push),
    ("push=Q", Mv::PushQueen),
    ("take", Mv::Take),
    ("check", Mv::Check),
    ("escape", Mv::Escape),
    ("mate", Mv::Mate),
    ("smother", Mv::Smother),
];

/// The toy rule set; `move_count_rules: false` plays it without the
/// 50- and 75-move rules (as a variant may).
#[derive(Clone, Copy, Debug)]
pub struct Toy {
    /// Whether the 50- and 75-move rules apply.
    pub move_count_rules: bool,
}

impl Default for Toy {
    fn default() -> Self {
        Toy {
            move_count_rules: true,
        }
    }
}

fn word(mv: Mv) -> &'static str {
    WORDS
        .iter()
        .find(|(_, m)| *m == mv)
        .map(|(w, _)| *w)
        .unwrap_or("?")
}

/// Why `mv` is not legal in `p`, or `None` when it is.
fn why_illegal(p: &Pos, mv: Mv) -> Option<&'static str> {
    let (me, them) = (p.turn.index(), p.turn.other().index());
    match p.state {
        State::Mated | State::Stalemated => return Some("the side to move has no move"),
        State::Check if mv != Mv::Escape => return Some("the king is left in check"),
        _ => {}
    }
    let ok = match mv {
        Mv::Step | Mv::Smother => true,
        Mv::Back => p.steps[me] > 0,
        Mv::Push => p.pawn[me] >= 2,
        Mv::PushQueen => p.pawn[me] == 1,
        Mv::Take => p.men[them] > 0,
        Mv::Check | Mv::Mate => p.men[me] > 0,
        Mv::Escape => p.state == State::Check,
    };
    if ok {
        return None;
    }
    Some(match mv {
        Mv::Back => "there is no step to take back",
        Mv::Push if p.pawn[me] == 1 => "a pawn reaching its last rank must be promoted",
        Mv::Push | Mv::PushQueen => "no pawn can make that step",
        Mv::Take => "there is nothing to take",
        Mv::Escape => "the king is not in check",
        _ => "there is no man to do it with",
    })
}

/// Plays `mv` on `p` whether or not it is legal (the caller checks).
fn apply(p: &mut Pos, mv: Mv) {
    let (me, them) = (p.turn.index(), p.turn.other().index());
    p.state = State::Play;
    match mv {
        Mv::Step => p.steps[me] += 1,
        Mv::Back => p.steps[me] -= 1,
        Mv::Push => p.pawn[me] -= 1,
        Mv::PushQueen => {
            p.pawn[me] = 0;
            p.men[me] += 1;
        }
        Mv::Take => p.men[them] = p.men[them].saturating_sub(1),
        Mv::Check => p.state = State::Check,
        Mv::Escape => {}
        Mv::Mate => p.state = State::Mated,
        Mv::Smother => p.state = State::Stalemated,
    }
    p.half = if zeroing(mv) { 0 } else { p.half + 1 };
    if p.turn == Side::Black {
        p.fullmove += 1;
    }
    p.turn = p.turn.other();
}

fn zeroing(mv: Mv) -> bool {
    matches!(mv, Mv::Push | Mv::PushQueen | Mv::Take)
}

fn pair<T: std::str::FromStr>(v: &str) -> Option<[T; 2]> {
    let (a, b) = v.split_once(',')?;
    Some([a.parse().ok()?, b.parse().ok()?])
}

fn set(p: &mut Pos, key: &str, v: &str) -> Option<()> {
    match key {
        "turn" => {
            p.turn = match v {
                "w" => Side::White,
                "b" => Side::Black,
                _ => return None,
            }
        }
        "men" => p.men = pair(v)?,
        "pawn" => p.pawn = pair(v)?,
        "steps" => p.steps = pair(v)?,
        "reach" => p.reach = pair(v)?,
        "state" => {
            p.state = match v {
                "play" => State::Play,
                "check" => State::Check,
                "mate" => State::Mated,
                "stalemate" => State::Stalemated,
                _ => return None,
            }
        }
        "half" => p.half = v.parse().ok()?,
        "move" => p.fullmove = v.parse().ok().filter(|n| *n > 0)?,
        _ => return None,
    }
    Some(())
}

/// A word of a position text that is no `key=value` of the toy game.
#[derive(Debug)]
pub struct NotToy(pub String);

impl std::fmt::Display for NotToy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} is not a key=value of the toy game", self.0)
    }
}

impl std::error::Error for NotToy {}

impl RuleSet for Toy {
    type Position = Pos;
    type Move = Mv;
    type Identity = (Side, [u8; 2], [u8; 2], [i32; 2], State);

    fn variant(&self) -> Variant {
        // The toy is played under the FIDE editions, whose variant is the
        // default one.
        Variant::default()
    }

    fn initial_position(&self) -> Pos {
        Pos {
            turn: Side::White,
            men: [1, 1],
            pawn: [3, 3],
            steps: [0, 0],
            reach: [0, 0],
            state: State::Play,
            half: 0,
            fullmove: 1,
        }
    }

    type PositionError = NotToy;

    fn parse_position(&self, text: &str) -> Result<Pos, NotToy> {
        let mut p = self.initial_position();
        for w in text.split_whitespace() {
            let ok = w.split_once('=').and_then(|(k, v)| set(&mut p, k, v));
            if ok.is_none() {
                return Err(NotToy(w.to_string()));
            }
        }
        Ok(p)
    }

    fn position_text(&self, p: &Pos) -> String {
        let state = match p.state {
            State::Play => "play",
            State::Check => "check",
            State::Mated => "mate",
            State::Stalemated => "stalemate",
        };
        format!(
            "turn={} men={},{} pawn={},{} steps={},{} reach={},{} state={state} half={} move={}",
            if p.turn == Side::White { "w" } else { "b" },
            p.men[0],
            p.men[1],
            p.pawn[0],
            p.pawn[1],
            p.steps[0],
            p.steps[1],
            p.reach[0],
            p.reach[1],
            p.half,
            p.fullmove
        )
    }

    fn turn(&self, p: &Pos) -> Side {
        p.turn
    }

    fn fullmove_number(&self, p: &Pos) -> u32 {
        p.fullmove
    }

    fn parse_move(&self, p: &Pos, text: &str) -> MoveInput<Mv> {
        if let Some(piece) = text.strip_prefix("push=")
            && piece != "Q"
        {
            return MoveInput::Malformed {
                reason: "a pawn of the toy game becomes a man, written Q".into(),
                column: 5,
            };
        }
        let Some(&(_, mv)) = WORDS.iter().find(|(w, _)| *w == text) else {
            return MoveInput::Malformed {
                reason: "no move of the toy game".into(),
                column: 0,
            };
        };
        match why_illegal(p, mv) {
            None => MoveInput::Legal(mv),
            Some(reason) => MoveInput::Illegal {
                reason: reason.into(),
            },
        }
    }

    fn legal_moves(&self, p: &Pos) -> Vec<Mv> {
        WORDS
            .iter()
            .map(|(_, m)| *m)
            .filter(|m| why_illegal(p, *m).is_none())
            .collect()
    }

    fn play(&self, p: &mut Pos, mv: &Mv) {
        apply(p, *mv);
    }

    fn move_text(&self, _: &Pos, mv: &Mv) -> String {
        word(*mv).into()
    }

    fn move_uci(&self, _: &Pos, mv: &Mv) -> String {
        word(*mv).into()
    }

    fn is_check(&self, p: &Pos) -> bool {
        matches!(p.state, State::Check | State::Mated)
    }

    fn status(&self, p: &Pos) -> Status {
        match p.state {
            State::Mated => Status::Checkmate,
            State::Stalemated => Status::Stalemate,
            _ => Status::Ongoing,
        }
    }

    fn is_zeroing(&self, _: &Pos, mv: &Mv) -> bool {
        zeroing(*mv)
    }

    fn identity(&self, p: &Pos) -> Self::Identity {
        (p.turn, p.men, p.pawn, p.steps, p.state)
    }

    fn mateability(&self, p: &Pos, side: Side) -> Mateability {
        self.mateability_within(p, side, None)
    }

    fn mateability_within(&self, p: &Pos, side: Side, quiet_left: Option<u32>) -> Mateability {
        let i = side.index();
        // A pawn can always be pushed, which resets the count.
        let men_in_time = p.men[i] > 0 && quiet_left.is_none_or(|left| p.reach[i] <= left);
        if p.pawn[i] > 0 || men_in_time {
            Mateability::Possible
        } else {
            Mateability::Impossible
        }
    }

    fn halfmove_clock(&self, p: &Pos) -> u32 {
        p.half
    }

    fn has_move_count_rules(&self) -> bool {
        self.move_count_rules
    }

    fn unfinished_promotion(&self, p: &Pos, text: &str) -> Option<Mv> {
        (text == "push" && p.state == State::Play && p.pawn[p.turn.index()] == 1)
            .then_some(Mv::PushQueen)
    }

    /// An unlawful move stands where the toy can show it: a `back` below
    /// the start of the track, or an unfinished promotion (the stand-in
    /// lifts the pawn off). Nothing else (a capture of nothing, a move
    /// that leaves the king in check) can stand.
    fn play_unlawful(&self, p: &Pos, text: &str) -> Option<Pos> {
        if p.state != State::Play {
            return None;
        }
        let mut next = p.clone();
        match text {
            "back" => apply(&mut next, Mv::Back),
            "push" if self.unfinished_promotion(p, text).is_some() => {
                next.pawn[p.turn.index()] = 0;
                apply(&mut next, Mv::Escape);
                next.half = 0;
            }
            _ => return None,
        }
        Some(next)
    }

    fn unlawful_is_zeroing(&self, _: &Pos, text: &str) -> bool {
        matches!(text, "push" | "push=Q" | "take")
    }

    /// In the toy, `take` lands on the promotion square.
    fn lands_on_unlawful_target(&self, _: &Pos, text: &str, mv: &Mv) -> bool {
        text == "push" && *mv == Mv::Take
    }

    fn pass(&self, p: &Pos) -> Option<Pos> {
        let mut next = p.clone();
        if next.turn == Side::Black {
            next.fullmove += 1;
        }
        next.turn = next.turn.other();
        next.half += 1;
        Some(next)
    }
}
