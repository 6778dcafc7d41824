//! A helpmate search aimed at a fixed mating picture, for open endings.
//!
//! The extension search ([`crate::extend`]) rewards the winner's men for
//! coming nearer the loser's king wherever it stands, so in an open ending
//! (two knights, a knight against a king shut in by its own men, bishops
//! against a knight) the two kings chase each other round the board and the
//! lines run to hundreds of plies. Here the mate is planned first: a corner
//! for the loser's king (of the colour the winner's bishops need), and in
//! that picture a square for each man: the loser's king in the corner, its
//! knight beside it on the edge (where it takes the king's last flight),
//! the winner's king on the corner's diagonal two squares out, the winner's
//! knight where it reaches both knight checks of the corner, the winner's
//! bishops watching the corner's squares, the loser's other pieces
//! crowding round its king's corner (a helpmate's blockers). A move that
//! brings a man toward its place costs no depth, nor does the move after
//! it; the loser's captures and pawn pushes are tried last and are never
//! free, nor, among locked pawns, is the winner's bishop going back where
//! it came from ([`Target::undoes`]).
//!
//! Rounds deepen one ply at a time, and each round may spend only a number
//! of nodes that grows with its depth: a round that loses itself in one
//! branch is given up for a deeper one, in which the free moves reach
//! further. A table of the positions seen (kept across rounds) keeps a
//! round from searching a position again with no more depth than before.
//!
//! The same search can aim at a promotion instead ([`Promotions`]): where
//! the loser's king has no square, one of the winner's pawns must run
//! through and the new piece give the check; then the pawn's moves and
//! the king's walk to the loser's pawn in its way are free, and the loser
//! only spends tempo.
//!
//! The fixed picture, the free move after progress and the node limit per
//! depth are ideas of the CHA algorithm (Ambrona, "A Practical Algorithm
//! for Chess Unwinnability", FUN 2022); the choice of the corner and the
//! costs are ours. The search only finds helpmates: with its node limits
//! and its table, a round that finds none proves nothing.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use shakmaty::{Bitboard, Chess, Color, File, Move, Position, Rank, Role, Square, attacks};

use crate::meter::{Meter, Stop};
use crate::search::{Zobrist, next_hash, quiet_after};
use crate::walls;
use crate::{Horizon, quick_dead};

/// Depth a punished move costs: one ply, as a normal move, but never free
/// after progress, and tried last. Dearer punishments found fewer
/// helpmates of chasolver's test set in the same nodes: the loser's
/// captures and pushes are what many of its composed mates need.
const PUNISH: u32 = 1;

/// Nodes a round may spend for each ply of its depth.
const NODES_PER_PLY: u64 = 1000;

/// Nodes a round aimed at a promotion may spend for each ply of its
/// depth. Its free moves reach further than the corner's, so a round needs
/// more: with 1,000 the first version of these searches found 7 helpmates
/// of the hard set's sides where the loser's king has no square, within
/// 400,000 nodes; with 3,000, 11 (most within 40,000); with 10,000, 11
/// but slower. In the schedule (hard set, 157 undetermined sides with
/// 3,000): 2,000 left 158, 2,500 157, 4,000 160, 5,000 162.
const PROMOTION_NODES_PER_PLY: u64 = 3000;

/// The longest line followed, in plies.
const MAX_LINE: usize = 200;

/// Bounded so that a long search cannot take unbounded memory.
const TABLE_LIMIT: usize = 1 << 20;

/// How a move counts against the depth of a round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cost {
    /// Brings a man toward its square of the picture: free.
    Reward,
    /// One ply, or free right after progress.
    Normal,
    /// Usually works against the mate.
    Punish,
    /// Not tried at all (the search is narrowed to its aim).
    Skip,
    /// One ply even right after progress, tried with the normal moves:
    /// the winner's bishop going back where it came from in a walled root
    /// ([`Target::undoes`]).
    Undo,
}

impl Cost {
    /// The moves tried together with these: an undone move with the
    /// normal ones.
    fn bucket(self) -> Cost {
        match self {
            Cost::Undo => Cost::Normal,
            c => c,
        }
    }
}

/// The squares of the mating picture, as distance tables: how many king
/// steps (or knight jumps) each square is from the man's target.
struct Picture {
    winner_king: [u8; 64],
    winner_knight: [u8; 64],
    loser_king: [u8; 64],
    loser_knight: [u8; 64],
    /// The corner and its three neighbours: the squares the winner's
    /// bishops must watch.
    zone: Bitboard,
}

/// What the search aims at.
enum Aim {
    /// The mating picture round a corner, for an open ending.
    Corner(Box<Picture>),
    /// A promotion of the winner's pawn on this file, where the loser's
    /// king has no square and stays where it is: the winner's king goes
    /// for the loser's pawn that stands in front of it, and the pawn runs,
    /// so that a new queen (or whatever the mate needs) gives the check the
    /// king cannot escape. The loser's pawn moves then are its tempo, not a
    /// fault, and cost what any move does.
    Promotion(File),
}

/// The search for one winner, kept across rounds.
pub(crate) struct Target {
    winner: Color,
    aim: Aim,
    /// Whether the winner needs the loser's men to mate (a lone minor
    /// piece): then the loser's pawns must run to promote into blockers.
    weak: bool,
    /// The depth and the horizon left with which each position was
    /// searched, kept across rounds (a position seen with as much of both
    /// is not searched again).
    table: HashMap<u64, (u32, u32), BuildHasherDefault<Zobrist>>,
    /// The current line from the root.
    line: Vec<Move>,
    /// Move lists to reuse, one for each node of the current line.
    spare: Vec<Vec<Move>>,
    /// The depth of the next round.
    depth: u32,
    /// Nodes spent by the current round, and its limit.
    spent: u64,
    limit: u64,
    /// Nodes a round may spend for each ply of its depth.
    per_ply: u64,
    /// Whether the root has at least [`walls::MIN_LOCKED`] locked pawns
    /// (set for the corner's aim only, see [`Target::undoes`]).
    walled: bool,
}

/// How a round ended.
enum RoundEnd {
    /// With this helpmate.
    Mate(Vec<Move>),
    /// With none: the next round goes one ply deeper.
    Nothing,
    /// The meter's slice ran out: the next round goes one ply deeper.
    Stopped,
    /// The rounds have reached the longest line followed.
    Done,
}

/// Searches aimed at promotions on several files, taking rounds in turn:
/// which pawn must run is not known in advance, and the round of one aim
/// that loses itself in its branches must not keep the others waiting.
/// The aims are ordered by [`estimate`] and the `i`-th takes a round only
/// in one cycle of `i + 1`, so that the likeliest pawn gets the most
/// rounds: equal turns cost about as many times the nodes of the right
/// aim as there are aims (`k7/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w`, black:
/// 48,600 nodes with equal turns, 24,400 so; for the other sides of the
/// hard set of this kind 1.4 to 25 times fewer nodes, one 4 % more; 155
/// undetermined sides instead of 156). Equal nodes for each aim, instead
/// of equal rounds, found fewer (tried with an earlier version of the
/// costs).
pub(crate) struct Promotions {
    aims: Vec<Target>,
    next: usize,
    cycle: u64,
}

impl Promotions {
    /// One search for each file holding a pawn of `winner`.
    pub(crate) fn new(pos: &Chess, winner: Color) -> Self {
        Promotions {
            aims: Target::promotions(pos, winner),
            next: 0,
            cycle: 0,
        }
    }

    /// Rounds in turn until one finds a mate (`Some`) or the meter's slice
    /// runs out (`None`; the next call goes on where this one stopped).
    pub(crate) fn run(
        &mut self,
        pos: &Chess,
        hash: u64,
        horizon: Horizon,
        meter: &mut Meter<'_>,
    ) -> Option<Vec<Move>> {
        let mut idle = 0;
        while idle < self.aims.len() {
            let i = self.next % self.aims.len();
            if i == 0 {
                self.cycle += 1;
            }
            // The aim `i` places after the likeliest takes a round in one
            // cycle of `i + 1`.
            if !self.cycle.is_multiple_of(i as u64 + 1) {
                self.next = i + 1;
                continue;
            }
            match self.aims[i].round(pos, hash, horizon, meter) {
                RoundEnd::Mate(line) => return Some(line),
                RoundEnd::Stopped => return None,
                RoundEnd::Nothing => {
                    idle = 0;
                    self.next = i + 1;
                }
                RoundEnd::Done => {
                    idle += 1;
                    self.next = i + 1;
                }
            }
        }
        None
    }
}

/// Why a round ended without a mate.
enum Halt {
    /// The round's own node limit: deepen.
    Round,
    /// The meter's slice ran out: go on later, one round deeper.
    Meter,
}

impl From<Stop> for Halt {
    fn from(_: Stop) -> Self {
        Halt::Meter
    }
}

impl Target {
    /// The search for `winner` from the root `pos`, its picture drawn.
    pub(crate) fn new(pos: &Chess, winner: Color) -> Self {
        let mut t = Self::aimed(pos, winner, Aim::Corner(Box::new(picture(pos, winner))));
        t.walled = walls::locked(pos.board()).count() >= walls::MIN_LOCKED;
        t
    }

    /// The searches for `winner` aimed at a promotion ([`Aim::Promotion`]),
    /// one for each file that holds a pawn of the winner not walled in
    /// ([`walled_in`]), likeliest first ([`estimate`]).
    pub(crate) fn promotions(pos: &Chess, winner: Color) -> Vec<Self> {
        let b = pos.board();
        let mut files: Vec<File> = (b.pawns() & b.by_color(winner))
            .into_iter()
            .map(Square::file)
            .collect();
        files.dedup();
        files.sort_unstable();
        files.dedup();
        files.sort_by_key(|&f| estimate(pos, winner, f));
        files
            .into_iter()
            .filter(|&f| !walled_in(pos, winner, f))
            .map(|f| {
                let mut t = Self::aimed(pos, winner, Aim::Promotion(f));
                t.per_ply = PROMOTION_NODES_PER_PLY;
                t
            })
            .collect()
    }

    fn aimed(pos: &Chess, winner: Color, aim: Aim) -> Self {
        Target {
            winner,
            aim,
            weak: weak(pos, winner),
            table: HashMap::with_capacity_and_hasher(1024, Default::default()),
            line: Vec::new(),
            spare: Vec::new(),
            depth: 2,
            spent: 0,
            limit: 0,
            per_ply: NODES_PER_PLY,
            walled: false,
        }
    }

    /// Rounds ever deeper until one finds a mate (`Some`) or the meter's
    /// slice runs out (`None`; the next call goes on one round deeper than
    /// the one it stopped).
    pub(crate) fn run(
        &mut self,
        pos: &Chess,
        hash: u64,
        horizon: Horizon,
        meter: &mut Meter<'_>,
    ) -> Option<Vec<Move>> {
        loop {
            match self.round(pos, hash, horizon, meter) {
                RoundEnd::Mate(line) => return Some(line),
                RoundEnd::Nothing => {}
                RoundEnd::Stopped | RoundEnd::Done => return None,
            }
        }
    }

    /// One round, one ply deeper than the last.
    fn round(
        &mut self,
        pos: &Chess,
        hash: u64,
        horizon: Horizon,
        meter: &mut Meter<'_>,
    ) -> RoundEnd {
        if self.depth >= MAX_LINE as u32 {
            return RoundEnd::Done;
        }
        self.spent = 0;
        self.limit = u64::from(self.depth) * self.per_ply;
        self.line.clear();
        let end = self.node(pos, hash, self.depth, horizon.left(), false, true, meter);
        self.depth += 1;
        match end {
            Ok(true) => RoundEnd::Mate(std::mem::take(&mut self.line)),
            Ok(false) | Err(Halt::Round) => RoundEnd::Nothing,
            // Resumed one ply deeper: the table holds the positions this
            // round saw with their depth, which would cut a repeat of it
            // short.
            Err(Halt::Meter) => RoundEnd::Stopped,
        }
    }

    /// Is the winner's mate reachable from `pos` within `left` plies?
    /// `changed`: the move here captured or moved a pawn.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Chess,
        h: u64,
        left: u32,
        quiet: u32,
        progress: bool,
        changed: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Halt> {
        if let Some(&(l, q)) = self.table.get(&h)
            && l >= left
            && q >= quiet
        {
            return Ok(false);
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        moves.extend_from_slice(&pos.legal_moves());
        let found = self.expand(pos, h, &moves, left, quiet, progress, changed, meter);
        self.spare.push(moves);
        found
    }

    /// [`Target::node`] with the legal `moves` of `pos` made.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &[Move],
        left: u32,
        quiet: u32,
        progress: bool,
        changed: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Halt> {
        if moves.is_empty() {
            return Ok(pos.is_check() && pos.turn() != self.winner);
        }
        // The frozen wall is looked at only where the pawns or the men
        // have changed, as it costs far more than a node.
        let dead = if changed {
            quick_dead(pos, self.winner)
        } else {
            pos.has_insufficient_material(self.winner)
        };
        if dead || quiet == 0 || left == 0 || self.line.len() >= MAX_LINE {
            return Ok(false);
        }
        if self.table.len() < TABLE_LIMIT {
            self.table.insert(h, (left, quiet));
        }
        let mut costs = [Cost::Normal; 256];
        for (c, m) in costs.iter_mut().zip(moves) {
            *c = self.cost(pos, m);
        }
        for bucket in [Cost::Reward, Cost::Normal, Cost::Punish] {
            if bucket == Cost::Punish && left < PUNISH {
                break;
            }
            for (c, m) in costs.iter().zip(moves) {
                if c.bucket() == bucket
                    && self.child(pos, h, m, *c, left, quiet, progress, meter)?
                {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Search the child of `pos` after `m`, which costs `cost`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        pos: &Chess,
        h: u64,
        m: &Move,
        cost: Cost,
        left: u32,
        quiet: u32,
        progress: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Halt> {
        meter.tick()?;
        self.spent += 1;
        if self.spent > self.limit {
            return Err(Halt::Round);
        }
        let mut next = pos.clone();
        next.play_unchecked(*m);
        let rest = match cost {
            Cost::Reward => left,
            Cost::Normal => left - u32::from(!progress),
            Cost::Undo => left - 1,
            // Never tried (see `expand`).
            Cost::Punish | Cost::Skip => left - PUNISH,
        };
        let nh = next_hash(pos, h, m, &next);
        self.line.push(*m);
        let found = self.node(
            &next,
            nh,
            rest,
            quiet_after(m, quiet),
            cost == Cost::Reward,
            m.is_capture() || m.role() == Role::Pawn,
            meter,
        )?;
        if !found {
            self.line.pop();
        }
        Ok(found)
    }

    /// Does the winner's bishop move `m` leave it watching more squares of
    /// the corner's zone than before? (Rooks and queens so rewarded found
    /// no more helpmates of chasolver's test set.)
    fn watches_more(zone: Bitboard, pos: &Chess, m: &Move) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        let occupied = pos.board().occupied();
        let before = attacks::bishop_attacks(from, occupied);
        let after = attacks::bishop_attacks(m.to(), occupied.without(from).with(m.to()));
        (after & zone).count() > (before & zone).count()
    }

    /// Does `m` take back the winner's last move (the same man going back
    /// where it came from)? A bishop's, in a walled root, is never free:
    /// there the winner's bishop shuttled between a square that watches
    /// the corner (rewarded) and its home (then free, after the loser's
    /// rewarded move) for ever, while the king's way out through the home
    /// square stayed shut. So the White side of
    /// `1kb5/1p6/1Pp5/n1P5/N1p5/1pP5/1P6/1KB5 w` was the hard set's last
    /// undetermined label (the whole pool, about 60 ms); now it is settled
    /// in about 4 ms, and the hard set's sides on the default budget spend
    /// 4,505 nodes on average instead of 4,515 (14 undetermined instead
    /// of 15). Measured and not kept: every man's undone move (not only a
    /// bishop's) in any root, 4,529; a bishop's move that watches fewer of
    /// the corner's squares (not only one going back), 4,642.
    fn undoes(&self, m: &Move) -> bool {
        let n = self.line.len();
        n >= 2 && {
            let last = self.line[n - 2];
            last.role() == m.role() && last.from() == Some(m.to()) && m.from() == Some(last.to())
        }
    }

    /// How the move `m` in `pos` counts.
    fn cost(&self, pos: &Chess, m: &Move) -> Cost {
        match &self.aim {
            Aim::Corner(p) => self.corner_cost(p, pos, m),
            Aim::Promotion(file) => self.promotion_cost(*file, pos, m),
        }
    }

    /// How `m` counts on the way to a promotion on `file`. The winner's
    /// pawn on that file, its captures and its king's steps toward the
    /// loser's pawn that blocks that pawn are free; its other pawns stay
    /// (their moves are not tried). The loser's king has no square, so its
    /// side only spends tempo: its pawn on the file may come to meet the
    /// winner's king (free: that is how the file opens), and of its other
    /// moves only the pushes of one pawn ([`tempo`]) are tried, as the
    /// order of its tempo moves seldom matters. Trying every loser move
    /// (as a normal or a punished one) took 290,000 nodes or more for the
    /// promotion on the d-file of `k7/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w`,
    /// this 40,000. While that pawn is in the way, the winner's king steps
    /// that do not come nearer it are not tried either: 15,000 nodes there,
    /// and for the hard set's sides of this kind 1.4 to 2.8 times fewer
    /// (trying them as punished moves: no fewer; leaving out only the
    /// steps away from it: fewer for one side, more for the others).
    fn promotion_cost(&self, file: File, pos: &Chess, m: &Move) -> Cost {
        let from = m.from();
        let on_file = from.is_some_and(|f| f.file() == file);
        if pos.turn() != self.winner {
            let push = m.role() == Role::Pawn && !m.is_capture();
            return if push && on_file {
                Cost::Reward
            } else if push && from == tempo(pos, !self.winner, file) {
                Cost::Normal
            } else {
                Cost::Skip
            };
        }
        if m.is_capture() {
            return Cost::Reward;
        }
        match m.role() {
            Role::Pawn if on_file => Cost::Reward,
            Role::Pawn => Cost::Skip,
            Role::King => match (from, blocker(pos, self.winner, file)) {
                (Some(from), Some(b)) if b.distance(m.to()) < b.distance(from) => Cost::Reward,
                (_, Some(_)) => Cost::Skip,
                _ => Cost::Normal,
            },
            _ => Cost::Normal,
        }
    }

    /// How `m` counts on the way to the corner's picture `p`.
    fn corner_cost(&self, p: &Picture, pos: &Chess, m: &Move) -> Cost {
        let toward = |table: &[u8; 64]| {
            m.from()
                .is_some_and(|from| table[usize::from(m.to())] < table[usize::from(from)])
        };
        if pos.turn() == self.winner {
            let aimed = match m.role() {
                Role::King => toward(&p.winner_king),
                Role::Knight => toward(&p.winner_knight),
                Role::Pawn => true,
                Role::Bishop => Self::watches_more(p.zone, pos, m),
                _ => false,
            };
            if aimed || m.is_capture() {
                Cost::Reward
            } else if self.walled && m.role() == Role::Bishop && self.undoes(m) {
                Cost::Undo
            } else {
                Cost::Normal
            }
        } else {
            let aimed = match m.role() {
                Role::King => toward(&p.loser_king),
                Role::Knight => toward(&p.loser_knight),
                Role::Pawn => self.weak && !m.is_capture(),
                // Its other pieces come to block their king's flights.
                Role::Bishop | Role::Rook | Role::Queen => !m.is_capture() && toward(&p.loser_king),
            };
            if aimed {
                Cost::Reward
            } else if m.is_capture() || m.role() == Role::Pawn {
                Cost::Punish
            } else {
                Cost::Normal
            }
        }
    }
}

/// Whether the most advanced pawn of `winner` on `file` stands right
/// behind the loser's king (which has no square, so stays) or behind a
/// loser's pawn that the king guards (so the winner's king cannot take it,
/// and it cannot move): its promotion is not worth a search's rounds.
fn walled_in(pos: &Chess, winner: Color, file: File) -> bool {
    let b = pos.board();
    let ours = b.pawns() & b.by_color(winner) & Bitboard::from_file(file);
    let front = if winner == Color::White {
        ours.last()
    } else {
        ours.first()
    };
    let (Some(front), Some(king)) = (front, b.king_of(!winner)) else {
        return false;
    };
    let Some(ahead) = front.offset(winner.fold_wb(8, -8)) else {
        return false;
    };
    let theirs = b.pawns() & b.by_color(!winner);
    ahead == king || (theirs.contains(ahead) && attacks::king_attacks(king).contains(ahead))
}

/// Moves the winner needs at least to promote on `file` and check: its
/// pawn's steps, its king's to the loser's pawn in the way, and the new
/// queen's to a check ([`queen_moves`]); the order of the searches aimed
/// at a promotion ([`Promotions`]). The queen's moves count because a
/// stuck king is often open to a check along one line only: with them,
/// `4k3/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w` (the h-pawn's queen mates on
/// a8 at once, the d-pawn's needs two moves) was mated by black within
/// the default budget, 152 sides of the hard set left undetermined
/// instead of 153.
fn estimate(pos: &Chess, winner: Color, file: File) -> u32 {
    let b = pos.board();
    let ours = b.pawns() & b.by_color(winner) & Bitboard::from_file(file);
    let front = if winner == Color::White {
        ours.last()
    } else {
        ours.first()
    };
    let Some(front) = front else { return u32::MAX };
    let steps = if winner == Color::White {
        7 - u32::from(front.rank())
    } else {
        u32::from(front.rank())
    };
    let walk = match (blocker(pos, winner, file), b.king_of(winner)) {
        (Some(x), Some(k)) => k.distance(x),
        _ => 0,
    };
    let promotion = Square::from_coords(file, winner.fold_wb(Rank::Eighth, Rank::First));
    steps + walk + queen_moves(pos, winner, promotion)
}

/// Queen moves from `promotion` to a check of the loser's king on the
/// board as it is: none, one, or more (two).
fn queen_moves(pos: &Chess, winner: Color, promotion: Square) -> u32 {
    let b = pos.board();
    let Some(king) = b.king_of(!winner) else {
        return 0;
    };
    let occupied = b.occupied().without(promotion);
    let checking = attacks::queen_attacks(king, occupied) & !b.occupied();
    if checking.contains(promotion) {
        0
    } else if (attacks::queen_attacks(promotion, occupied) & checking).any() {
        1
    } else {
        2
    }
}

/// The loser's pawn that stands in front of the most advanced pawn of
/// `winner` on `file`, nearest to it: what the winner's king must take (or
/// let a pawn take) for that pawn to run through.
fn blocker(pos: &Chess, winner: Color, file: File) -> Option<Square> {
    let b = pos.board();
    let on_file = Bitboard::from_file(file);
    let ours = b.pawns() & b.by_color(winner) & on_file;
    let theirs = b.pawns() & b.by_color(!winner) & on_file;
    if winner == Color::White {
        let front = ours.last()?;
        theirs.into_iter().find(|s| s.rank() > front.rank())
    } else {
        let front = ours.first()?;
        theirs.into_iter().rev().find(|s| s.rank() < front.rank())
    }
}

/// The mating picture for `winner` in `pos`: the corner for the loser's
/// king, and each man's square relative to it.
fn picture(pos: &Chess, winner: Color) -> Picture {
    let corner = corner(pos, winner);
    // The picture is drawn for the corner h8 and mirrored to the chosen one.
    let at = |file: u32, rank: u32| {
        let f = if corner.file() == File::H {
            file
        } else {
            7 - file
        };
        let r = if corner.rank() == Rank::Eighth {
            rank
        } else {
            7 - rank
        };
        Square::from_coords(File::new(f), Rank::new(r))
    };
    Picture {
        winner_king: king_steps(at(6, 6)),
        winner_knight: knight_jumps(at(4, 4)),
        loser_king: king_steps(at(7, 7)),
        loser_knight: knight_jumps(at(6, 7)),
        zone: Bitboard::from_square(at(7, 7)) | at(6, 7) | at(7, 6) | at(6, 6),
    }
}

/// How many king steps nearer the loser's king another corner must be
/// for the picture to be drawn there rather than on the back rank.
const NEARER: u32 = 4;

/// The corner for the loser's king: of the colour of the winner's bishops
/// (or, where the winner has none, of the other colour than the loser's
/// bishops, which must not guard the corner's diagonal), on the loser's
/// back rank (on the a-file where either colour will do), unless another
/// corner of that colour is [`NEARER`] the loser's king. A fixed corner
/// found more helpmates of chasolver's test set in the same nodes than the
/// corner nearest the loser's king (the men are not drawn after a king
/// that walks from one corner's region into another's), except where the
/// king stands right by another corner.
fn corner(pos: &Chess, winner: Color) -> Square {
    let b = pos.board();
    let ours = b.bishops() & b.by_color(winner);
    let theirs = b.bishops() & b.by_color(!winner);
    let colour = if ours.any() {
        one_colour(ours)
    } else if theirs.any() {
        !one_colour(theirs)
    } else {
        Bitboard::FULL
    };
    let all = Bitboard(0x8100_0000_0000_0081);
    let back = Bitboard::from_rank(winner.fold_wb(Rank::Eighth, Rank::First)) & all;
    // Two corners on the back rank, of opposite colours: at least one fits,
    // unless `colour` is empty (the loser's bishops on both colours).
    let home = (back & colour)
        .first()
        .or(back.first())
        .unwrap_or(Square::A8);
    let Some(lk) = b.king_of(!winner) else {
        return home;
    };
    match (all & colour).into_iter().min_by_key(|&c| c.distance(lk)) {
        Some(c) if c.distance(lk) + NEARER <= home.distance(lk) => c,
        _ => home,
    }
}

/// The squares of the colour all of `bishops` stand on, or every square
/// when they stand on both.
fn one_colour(bishops: Bitboard) -> Bitboard {
    if bishops.is_subset(Bitboard::DARK_SQUARES) {
        Bitboard::DARK_SQUARES
    } else if bishops.is_subset(Bitboard::LIGHT_SQUARES) {
        Bitboard::LIGHT_SQUARES
    } else {
        Bitboard::FULL
    }
}

/// King steps from every square to `to`.
fn king_steps(to: Square) -> [u8; 64] {
    let mut d = [0; 64];
    for s in Square::ALL {
        d[usize::from(s)] = s.distance(to) as u8;
    }
    d
}

/// Knight jumps from every square to `to` (a breadth-first walk).
fn knight_jumps(to: Square) -> [u8; 64] {
    let mut d = [u8::MAX; 64];
    d[usize::from(to)] = 0;
    let mut frontier = Bitboard::from_square(to);
    let mut n = 0;
    while frontier.any() {
        n += 1;
        let mut next = Bitboard::EMPTY;
        for s in frontier {
            for t in attacks::knight_attacks(s) {
                if d[usize::from(t)] == u8::MAX {
                    d[usize::from(t)] = n;
                    next.add(t);
                }
            }
        }
        frontier = next;
    }
    d
}

/// Whether the winner has at most one minor piece and nothing else but
/// its king: it cannot mate without the loser's own men round the king.
fn weak(pos: &Chess, winner: Color) -> bool {
    let b = pos.board();
    let men = b.by_color(winner) & !b.kings();
    men.count() <= 1 && men.is_subset(b.knights() | b.bishops())
}

/// The loser's pawn off `file` that makes its tempo moves: the first (in
/// the order of the squares) that can push. One pawn is enough: which of
/// them spends a tempo seldom matters, and trying each multiplies the
/// lines of the same count.
fn tempo(pos: &Chess, loser: Color, file: File) -> Option<Square> {
    let b = pos.board();
    let free = !b.occupied();
    (b.pawns() & b.by_color(loser) & !Bitboard::from_file(file))
        .into_iter()
        .find(|s| {
            s.offset(loser.fold_wb(8, -8))
                .is_some_and(|t| free.contains(t))
        })
}
