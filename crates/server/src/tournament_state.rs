//! A tournament of the hall as it is stored: its settings, its players in
//! the order they registered, and the rounds paired so far with each
//! board's game and result. The report file (`arbiter-tournament`'s
//! [`Tournament`]) is built from it whenever it is needed, so the pairing,
//! the standings and the TRF download all read the same record.

use arbiter_notation::tournament_words::TournamentRefusal;
use arbiter_tournament::dutch::{self, Board as PairedBoard, Pairing};
use arbiter_tournament::model::{Colour, Player, RoundEntry, RoundResult};
use arbiter_tournament::tiebreak::{self, Standing, TieBreak};
use arbiter_tournament::{Tournament, berger};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The pairing system of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum System {
    /// Swiss, the FIDE (Dutch) system (C.04.3).
    Dutch,
    /// A round robin by the Berger tables (C.05 Annex 1).
    Berger,
}

/// A registered player; his registration number is his place in the list
/// (from 1), his starting rank is given at registration (and again at
/// each registration until round 4 is paired).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// "Lastname, Firstname" as registered.
    pub name: String,
    /// The FIDE rating; 0 for unrated.
    pub rating: u16,
    /// The FIDE id, or empty.
    pub fide_id: String,
    /// The starting rank (pairing number), given at registration.
    pub rank: u16,
    /// The first round the player may be paired in: 1 (or 0, the same) for
    /// those who registered before round 1 was paired, later for a late
    /// entry, who has an unpaired round in each round missed.
    #[serde(default)]
    pub joined: u16,
    /// The round from which the player withdrew: not paired from it on.
    #[serde(default)]
    pub withdrawn_from: Option<u16>,
    /// The byes asked for (or given by the arbiter for a late entry's
    /// missed rounds), by round.
    #[serde(default)]
    pub byes: Vec<ByeAsked>,
}

/// A bye a player asked for, before its round was paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeAsked {
    /// The round.
    pub round: u16,
    /// A half-point bye (`H`); else a zero-point bye (`Z`).
    pub half: bool,
}

impl Entrant {
    /// A player registered with these details, not yet ranked.
    #[must_use]
    pub fn new(name: String, rating: u16, fide_id: String) -> Entrant {
        Entrant {
            name,
            rating,
            fide_id,
            rank: 0,
            joined: 0,
            withdrawn_from: None,
            byes: Vec::new(),
        }
    }

    /// Whether the player withdrew at or before round `round`.
    #[must_use]
    pub fn withdrawn_by(&self, round: usize) -> bool {
        self.withdrawn_from.is_some_and(|r| usize::from(r) <= round)
    }

    /// The bye of round `round`, if one was asked for.
    #[must_use]
    pub fn bye_in(&self, round: usize) -> Option<ByeAsked> {
        self.byes
            .iter()
            .find(|b| usize::from(b.round) == round)
            .copied()
    }

    /// Whether round `round` was missed by a late entry.
    #[must_use]
    pub fn missed(&self, round: usize) -> bool {
        round < usize::from(self.joined)
    }

    /// The half-point byes the player asked for himself (those given by the
    /// arbiter for rounds missed before a late entry do not count).
    #[must_use]
    pub fn half_byes_asked(&self) -> usize {
        self.byes
            .iter()
            .filter(|b| b.half && !self.missed(usize::from(b.round)))
            .count()
    }
}

/// One board of a paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardRecord {
    /// White's registration number.
    pub white: u16,
    /// Black's registration number.
    pub black: u16,
    /// The game's id.
    pub game: String,
    /// The result once known: White's and Black's report-file codes
    /// (`10`, `==`, `01`, `+-`, `WL`, `00`…).
    pub result: Option<String>,
}

/// One paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RoundRecord {
    /// The boards in order.
    pub boards: Vec<BoardRecord>,
    /// The registration number of the player with the pairing-allocated bye.
    pub bye: Option<u16>,
}

/// A tournament as the hall stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentData {
    /// Its name.
    pub name: String,
    /// Its pairing system.
    pub system: System,
    /// Its number of rounds (for a round robin, the tables' number once
    /// round 1 is paired).
    pub rounds: u16,
    /// The time control of its games, as `POST /api/games` takes it.
    pub time_control: String,
    /// The edition of the Laws its games are played under.
    pub edition: String,
    /// The players in registration order.
    pub players: Vec<Entrant>,
    /// The rounds paired so far.
    pub paired: Vec<RoundRecord>,
    /// A round robin played twice, the second cycle with colours reversed
    /// (C.05 Annex 1).
    #[serde(default)]
    pub double: bool,
    /// The most half-point byes a player may ask for.
    #[serde(default = "default_half_byes")]
    pub max_half_byes: u16,
    /// Whether the arbiter closed the registration.
    #[serde(default)]
    pub registration_closed: bool,
}

/// The half-point byes a player may ask for when the event says nothing.
pub const DEFAULT_HALF_BYES: u16 = 2;

fn default_half_byes() -> u16 {
    DEFAULT_HALF_BYES
}

/// From this round on a late entry no longer changes the pairing numbers
/// of the others (C.04.2: pairing numbers are not changed once round 4 is
/// paired); before it, the list is ranked again with the late entry in it.
pub const RERANK_BEFORE: usize = 4;

/// Why a round cannot be paired now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundRefusal {
    /// Fewer than two players.
    TooFewPlayers,
    /// Every round is paired.
    AllPaired,
    /// A game of the last round has no result yet.
    Unfinished(usize),
    /// The pairing system found no pairing.
    NoPairing(String),
}

impl fmt::Display for RoundRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundRefusal::TooFewPlayers => f.write_str("a tournament needs at least two players"),
            RoundRefusal::AllPaired => f.write_str("every round of the tournament is paired"),
            RoundRefusal::Unfinished(n) => {
                write!(f, "round {n} is not over: a game has no result yet")
            }
            RoundRefusal::NoPairing(why) => write!(f, "no pairing: {why}"),
        }
    }
}

impl RoundRefusal {
    /// The refusal as the hall words it to people.
    #[must_use]
    pub fn words(&self) -> TournamentRefusal {
        match self {
            RoundRefusal::TooFewPlayers => TournamentRefusal::TooFewPlayers,
            RoundRefusal::AllPaired => TournamentRefusal::AllPaired,
            RoundRefusal::Unfinished(n) => TournamentRefusal::Unfinished { round: *n },
            RoundRefusal::NoPairing(why) => TournamentRefusal::NoPairing(why.clone()),
        }
    }
}

impl TournamentData {
    /// Whether players may still register: until the arbiter closes the
    /// registration or the last round is paired; a round robin closes it
    /// when round 1 is paired (its tables are fixed).
    #[must_use]
    pub fn registration_open(&self) -> bool {
        !self.registration_closed
            && (self.paired.is_empty()
                || (self.system == System::Dutch && self.paired.len() < usize::from(self.rounds)))
    }

    /// Registers a player and gives him a starting rank at once (the list
    /// ranked again by rating until round 4 is paired, C.04.2; after, the
    /// next number). Once round 1 is paired he is a late entry: he joins
    /// at the next round.
    pub fn add_player(&mut self, mut e: Entrant) -> u16 {
        let paired = self.paired.len();
        if paired > 0 {
            e.joined = u16::try_from(paired + 1).unwrap_or(u16::MAX);
            let next = self.players.iter().map(|p| p.rank).max().unwrap_or(0);
            e.rank = next.saturating_add(1);
        }
        self.players.push(e);
        // Ranked at once, so the report file names every player from his
        // registration on.
        if paired < RERANK_BEFORE {
            self.rank_players();
        }
        u16::try_from(self.players.len()).unwrap_or(u16::MAX)
    }

    /// `registration`, `playing` or `finished`.
    #[must_use]
    pub fn status(&self) -> &'static str {
        let done = self.paired.len() >= usize::from(self.rounds)
            && self
                .paired
                .iter()
                .all(|r| r.boards.iter().all(|b| b.result.is_some()));
        match (self.paired.is_empty(), done) {
            (true, _) => "registration",
            (false, true) => "finished",
            (false, false) => "playing",
        }
    }

    /// The registration number of the player with starting rank `rank`.
    #[must_use]
    pub fn by_rank(&self, rank: u16) -> Option<u16> {
        let i = self.players.iter().position(|p| p.rank == rank)?;
        u16::try_from(i + 1).ok()
    }

    /// The player registered as `n`.
    #[must_use]
    pub fn entrant(&self, n: u16) -> Option<&Entrant> {
        usize::from(n)
            .checked_sub(1)
            .and_then(|i| self.players.get(i))
    }

    /// The player registered as `n`, to change.
    pub fn player_mut(&mut self, n: u16) -> Option<&mut Entrant> {
        usize::from(n)
            .checked_sub(1)
            .and_then(|i| self.players.get_mut(i))
    }

    /// Gives the starting ranks (C.04.2: by rating, highest first, then
    /// by name), once, before round 1.
    pub fn rank_players(&mut self) {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&self.players[a], &self.players[b]);
            pb.rating
                .cmp(&pa.rating)
                .then_with(|| pa.name.cmp(&pb.name))
        });
        for (rank, i) in order.into_iter().enumerate() {
            self.players[i].rank = u16::try_from(rank + 1).unwrap_or(u16::MAX);
        }
    }

    /// The tournament as the report file holds it, players by starting
    /// rank, every result known so far written in.
    #[must_use]
    pub fn report(&self) -> Tournament {
        let mut t = Tournament {
            rounds_total: Some(self.rounds),
            headers: vec![("012".to_owned(), self.name.clone())],
            ..Tournament::default()
        };
        let mut players: Vec<&Entrant> = self.players.iter().filter(|p| p.rank > 0).collect();
        players.sort_by_key(|p| p.rank);
        for p in players {
            let mut player = Player::new(p.rank, &p.name, p.rating);
            player.fide_id = p.fide_id.clone();
            t.players.push(player);
        }
        for (i, round) in self.paired.iter().enumerate() {
            self.write_round(&mut t, i + 1, round);
        }
        self.write_absences(&mut t);
        t
    }

    /// The rounds a player does not play, as the endorsed engines read
    /// them: `0000 - Z` for each round missed by a late entry (`H` where
    /// the arbiter gave a half point) and for each round from a
    /// withdrawal on, `0000 - H` or `0000 - Z` for a bye asked for. Only
    /// columns no pairing filled are written.
    fn write_absences(&self, t: &mut Tournament) {
        let last = usize::from(self.rounds);
        for e in self.players.iter().filter(|p| p.rank > 0) {
            let Some(p) = t.player_mut(e.rank) else {
                continue;
            };
            for r in 1..=last {
                if !p.round(r).is_blank() {
                    continue;
                }
                let result = match e.bye_in(r) {
                    Some(b) if b.half => RoundResult::HalfBye,
                    Some(_) => RoundResult::ZeroBye,
                    None if e.missed(r) || e.withdrawn_by(r) => RoundResult::ZeroBye,
                    None => continue,
                };
                p.set_round(r, RoundEntry::bye(result));
            }
        }
    }

    fn write_round(&self, t: &mut Tournament, n: usize, round: &RoundRecord) {
        let rank = |reg: u16| self.entrant(reg).map_or(0, |e| e.rank);
        for b in &round.boards {
            let (w, bl) = (rank(b.white), rank(b.black));
            let codes: Vec<RoundResult> = b
                .result
                .as_deref()
                .unwrap_or("  ")
                .chars()
                .filter_map(RoundResult::from_code)
                .collect();
            let (rw, rb) = match codes[..] {
                [x, y] => (x, y),
                _ => (RoundResult::Blank, RoundResult::Blank),
            };
            if let Some(p) = t.player_mut(w) {
                p.set_round(n, RoundEntry::game(bl, Colour::White, rw));
            }
            if let Some(p) = t.player_mut(bl) {
                p.set_round(n, RoundEntry::game(w, Colour::Black, rb));
            }
        }
        if let Some(reg) = round.bye {
            // In a round robin the tables' bye is a free day, not a point
            // (C.05: an odd field plays against a bye; nobody scores for it,
            // or every total would be one too high); a withdrawn player
            // scores nothing for a Swiss bye either.
            let gone = self.entrant(reg).is_some_and(|e| e.withdrawn_by(n));
            let result = if gone || self.system == System::Berger {
                RoundResult::ZeroBye
            } else {
                RoundResult::PairingBye
            };
            if let Some(p) = t.player_mut(rank(reg)) {
                p.set_round(n, RoundEntry::bye(result));
            }
        }
    }

    /// Pairs the next round (its boards by starting rank), or says why not.
    ///
    /// # Errors
    /// Too few players, every round paired, the last round not over, or no
    /// pairing.
    pub fn pair_next(&mut self) -> Result<Pairing, RoundRefusal> {
        if self.players.len() < 2 {
            return Err(RoundRefusal::TooFewPlayers);
        }
        let next = self.paired.len() + 1;
        if let Some(last) = self.paired.last()
            && last.boards.iter().any(|b| b.result.is_none())
        {
            return Err(RoundRefusal::Unfinished(next - 1));
        }
        if self.paired.is_empty() {
            self.rank_players();
            if self.system == System::Berger {
                let n = berger::rounds(self.players.len(), self.double);
                self.rounds = u16::try_from(n).unwrap_or(u16::MAX);
            }
        }
        if next > usize::from(self.rounds) {
            return Err(RoundRefusal::AllPaired);
        }
        let t = self.report();
        match self.system {
            System::Dutch => {
                dutch::pair(&t, next).map_err(|e| RoundRefusal::NoPairing(e.to_string()))
            }
            System::Berger => round_robin(&t, next, self.double),
        }
    }

    /// The standings after the rounds whose results are all known, with
    /// the tie-breaks of the system (or those asked for).
    #[must_use]
    pub fn standings(&self, tiebreaks: &[TieBreak]) -> (usize, Vec<Standing>) {
        let done = self
            .paired
            .iter()
            .take_while(|r| r.boards.iter().all(|b| b.result.is_some()))
            .count();
        (done, tiebreak::standings(&self.report(), done, tiebreaks))
    }

    /// The tie-breaks shown when none are asked for: Buchholz cut 1,
    /// Buchholz, Sonneborn-Berger, direct encounter and wins for a Swiss;
    /// direct encounter, Sonneborn-Berger, wins and Koya for a round robin.
    #[must_use]
    pub fn default_tiebreaks(&self) -> &'static str {
        match self.system {
            System::Dutch => "BH:C1,BH,SB,DE,WIN",
            System::Berger => "DE,SB,WIN,KS",
        }
    }
}

/// The Berger round, table numbers given in starting-rank order.
fn round_robin(t: &Tournament, round: usize, double: bool) -> Result<Pairing, RoundRefusal> {
    let mut ids: Vec<u16> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let r = berger::round(ids.len(), round, double)
        .map_err(|e| RoundRefusal::NoPairing(e.to_string()))?;
    let at = |n: u16| {
        ids.get(usize::from(n).wrapping_sub(1))
            .copied()
            .unwrap_or(0)
    };
    Ok(Pairing {
        round,
        boards: r
            .boards
            .iter()
            .map(|b| PairedBoard {
                white: at(b.white),
                black: at(b.black),
            })
            .collect(),
        bye: r.bye.map(at),
    })
}

/// The report-file codes of a finished game for White and Black: a result
/// the arbiter declared before any move is a forfeit (`+`/`-`; both lose by
/// forfeit on `0-0`), a game ended before each side moved is not rated
/// (`W`, `D`, `L`), any other game is `1`, `=`, `0`. `None` while it goes on.
#[must_use]
pub fn result_codes(result: &str, declared: bool, ply: usize) -> Option<String> {
    let played = match result {
        "1-0" => "10",
        "0-1" => "01",
        "1/2-1/2" => "==",
        "0-0" => "00",
        _ => return None,
    };
    let codes = if declared && ply == 0 {
        match played {
            "10" => "+-",
            "01" => "-+",
            "==" => "DD",
            _ => "--",
        }
    } else if ply < 2 {
        match played {
            "10" => "WL",
            "01" => "LW",
            "==" => "DD",
            _ => "LL",
        }
    } else {
        played
    };
    Some(codes.to_owned())
}

/// The result of a board as PGN writes it, from White's code.
#[must_use]
pub fn pgn_result(codes: &str) -> &'static str {
    match codes {
        "10" | "+-" | "WL" => "1-0",
        "01" | "-+" | "LW" => "0-1",
        "==" | "DD" => "1/2-1/2",
        _ => "0-0",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(n: u16, system: System) -> TournamentData {
        TournamentData {
            name: "Test".into(),
            system,
            rounds: 3,
            time_control: "900+10".into(),
            edition: "2023".into(),
            players: (1..=n)
                .map(|i| Entrant::new(format!("P{i}"), 1000 + i, String::new()))
                .collect(),
            paired: Vec::new(),
            double: false,
            max_half_byes: DEFAULT_HALF_BYES,
            registration_closed: false,
        }
    }

    #[test]
    fn ranks_follow_the_rating_and_rounds_wait_for_results() {
        let mut d = data(4, System::Dutch);
        let p = d.pair_next().expect("round 1");
        assert_eq!(d.players[3].rank, 1, "the highest rated is first");
        assert_eq!(p.boards.len(), 2);
        let reg = |r| d.by_rank(r).expect("ranked");
        let boards = p
            .boards
            .iter()
            .map(|b| BoardRecord {
                white: reg(b.white),
                black: reg(b.black),
                game: "g".into(),
                result: None,
            })
            .collect();
        d.paired.push(RoundRecord { boards, bye: None });
        assert_eq!(d.pair_next(), Err(RoundRefusal::Unfinished(1)));
        for b in &mut d.paired[0].boards {
            b.result = Some("10".into());
        }
        assert!(d.pair_next().is_ok());
        let (done, rows) = d.standings(&[]);
        assert_eq!(done, 1);
        assert_eq!(rows[0].points.as_f64(), 1.0);
    }

    #[test]
    fn results_become_report_codes() {
        assert_eq!(result_codes("1-0", true, 0).as_deref(), Some("+-"));
        assert_eq!(result_codes("1-0", false, 1).as_deref(), Some("WL"));
        assert_eq!(result_codes("1/2-1/2", false, 30).as_deref(), Some("=="));
        assert_eq!(result_codes("0-1", true, 12).as_deref(), Some("01"));
        assert_eq!(result_codes("*", false, 3), None);
        assert_eq!(pgn_result("-+"), "0-1");
    }

    #[test]
    fn a_round_robin_plays_the_tables() {
        let mut d = data(5, System::Berger);
        let p = d.pair_next().expect("round 1");
        assert_eq!(d.rounds, 5, "five players: five rounds, a bye each");
        assert_eq!(p.boards.len(), 2);
        assert!(p.bye.is_some());
    }

    #[test]
    fn absences_are_written_as_the_engines_read_them() {
        let mut d = data(4, System::Dutch);
        let p = d.pair_next().expect("round 1");
        let reg = |r| d.by_rank(r).expect("ranked");
        let boards = p
            .boards
            .iter()
            .map(|b| BoardRecord {
                white: reg(b.white),
                black: reg(b.black),
                game: "g".into(),
                result: Some("10".into()),
            })
            .collect();
        d.paired.push(RoundRecord { boards, bye: None });
        let late = d.add_player(Entrant::new("Late".into(), 3000, String::new()));
        assert_eq!(late, 5);
        assert_eq!(d.players[4].rank, 1, "ranked again: the highest rating");
        assert_eq!(d.players[4].joined, 2);
        d.players[0].withdrawn_from = Some(2);
        d.players[1].byes.push(ByeAsked {
            round: 3,
            half: true,
        });
        let t = d.report();
        let entry = |n: u16, r| t.entry(d.entrant(n).expect("n").rank, r).result;
        assert_eq!(entry(5, 1), RoundResult::ZeroBye, "a round missed");
        assert_eq!(entry(1, 2), RoundResult::ZeroBye);
        assert_eq!(
            entry(1, 3),
            RoundResult::ZeroBye,
            "withdrawn to the last round"
        );
        assert_eq!(entry(2, 3), RoundResult::HalfBye);
        assert_eq!(entry(2, 2), RoundResult::Blank, "paired as usual");
        let text = arbiter_tournament::trf::write(&t);
        assert!(text.contains("0000 - H"), "{text}");
        d.players[4].byes.push(ByeAsked {
            round: 1,
            half: true,
        });
        assert_eq!(d.players[4].half_byes_asked(), 0, "given, not asked");
        let t = d.report();
        assert_eq!(t.entry(1, 1).result, RoundResult::HalfBye);
        let next = d.pair_next().expect("round 2");
        let out = [d.players[0].rank];
        assert!(
            next.boards
                .iter()
                .all(|b| !out.contains(&b.white) && !out.contains(&b.black))
        );
        assert_eq!(next.boards.len(), 2, "four of five play: two boards");
    }

    #[test]
    fn registration_stays_open_in_a_swiss_until_closed() {
        let mut d = data(3, System::Dutch);
        assert!(d.registration_open());
        d.paired.push(RoundRecord::default());
        assert!(d.registration_open(), "late entries welcome");
        d.registration_closed = true;
        assert!(!d.registration_open());
        let mut r = data(3, System::Berger);
        r.paired.push(RoundRecord::default());
        assert!(!r.registration_open(), "a round robin's tables are fixed");
    }

    #[test]
    fn a_late_entry_after_round_four_takes_the_next_number() {
        let mut d = data(4, System::Dutch);
        d.rank_players();
        let before: Vec<u16> = d.players.iter().map(|p| p.rank).collect();
        for _ in 0..RERANK_BEFORE {
            d.paired.push(RoundRecord::default());
        }
        let n = d.add_player(Entrant::new("Strong".into(), 2900, String::new()));
        let after: Vec<u16> = d.players.iter().take(4).map(|p| p.rank).collect();
        assert_eq!(before, after, "nobody's number changes");
        let late = d.entrant(n).expect("late");
        assert_eq!((late.rank, late.joined), (5, 5));
        assert!(late.missed(4) && !late.missed(5));
    }

    /// The bye of round 1 in a five-player event of `system`: its starting
    /// rank and the data, the round recorded.
    fn first_bye(system: System) -> (TournamentData, u16, u16) {
        let mut d = data(5, system);
        let p = d.pair_next().expect("round 1");
        let bye = d.by_rank(p.bye.expect("an odd field")).expect("ranked");
        d.paired.push(RoundRecord {
            boards: Vec::new(),
            bye: Some(bye),
        });
        let rank = d.entrant(bye).expect("bye").rank;
        (d, bye, rank)
    }

    #[test]
    fn a_round_robins_bye_is_a_free_day_and_a_swiss_bye_a_point() {
        let (d, _, rank) = first_bye(System::Berger);
        assert_eq!(d.report().entry(rank, 1).result, RoundResult::ZeroBye);
        let (mut d, bye, rank) = first_bye(System::Dutch);
        assert_eq!(d.report().entry(rank, 1).result, RoundResult::PairingBye);
        d.player_mut(bye).expect("bye").withdrawn_from = Some(1);
        assert_eq!(d.report().entry(rank, 1).result, RoundResult::ZeroBye);
    }
}
