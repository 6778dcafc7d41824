//! The FIDE Tournament Report File: TRF16 with JaVaFo's `XX` extensions,
//! and TRF-2026. Columns are counted in characters (Unicode scalar values),
//! as the file is text and names may be written in any script.

use crate::model::{Colour, Player, PlayerId, RoundEntry, RoundResult};
use crate::points::{PointSystem, Points};
use crate::tournament::{Acceleration, ByeRecord, Tournament, TrfVersion};
use std::fmt;

/// Where and why a report file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1 (in characters).
    pub column: usize,
    /// What is wrong there.
    pub kind: TrfErrorKind,
}

/// What is wrong in a report file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// The bytes are not UTF-8 text.
    NotText,
    /// A number was expected in this field.
    BadNumber(&'static str),
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A result code the format does not have.
    BadResult(char),
    /// A game's result without an opponent and a colour.
    GameWithoutOpponent,
    /// A bye's result (`H`, `F`, `U`, `Z`) beside an opponent.
    ByeWithOpponent,
    /// A player paired against themself.
    PairedWithSelf,
    /// Text where the format has blanks.
    UnexpectedText,
    /// Two `001` records with the same starting rank.
    DuplicatePlayer(PlayerId),
    /// An opponent who has no `001` record.
    UnknownOpponent(PlayerId),
    /// The opponent's record of the same round disagrees (opponent, colour
    /// or result).
    Contradiction {
        /// The round.
        round: usize,
        /// The opponent whose record disagrees.
        opponent: PlayerId,
    },
    /// A value this record does not take.
    BadValue(&'static str),
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            TrfErrorKind::NotText => f.write_str("not UTF-8 text"),
            TrfErrorKind::BadNumber(what) => write!(f, "{what}: a number was expected"),
            TrfErrorKind::BadColour(c) => write!(f, "colour {c:?}: expected w, b or -"),
            TrfErrorKind::BadResult(c) => write!(f, "result {c:?} is not a TRF result code"),
            TrfErrorKind::GameWithoutOpponent => {
                f.write_str("a game's result needs an opponent and a colour")
            }
            TrfErrorKind::ByeWithOpponent => f.write_str("a bye cannot have an opponent"),
            TrfErrorKind::PairedWithSelf => f.write_str("a player is paired with themself"),
            TrfErrorKind::UnexpectedText => f.write_str("text where the format has blanks"),
            TrfErrorKind::DuplicatePlayer(id) => write!(f, "player {id} is listed twice"),
            TrfErrorKind::UnknownOpponent(id) => write!(f, "opponent {id} has no 001 record"),
            TrfErrorKind::Contradiction { round, opponent } => write!(
                f,
                "round {round} contradicts the record of opponent {opponent}"
            ),
            TrfErrorKind::BadValue(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for TrfError {}

fn err(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// A line as characters, with its number, for column access.
struct Line<'a> {
    chars: Vec<char>,
    number: usize,
    text: &'a str,
}

impl Line<'_> {
    /// The characters of columns `from..=to` (from 1), blanks past the end.
    fn raw(&self, from: usize, to: usize) -> String {
        (from..=to)
            .map(|c| self.chars.get(c - 1).copied().unwrap_or(' '))
            .collect()
    }

    fn field(&self, from: usize, to: usize) -> String {
        self.raw(from, to).trim().to_owned()
    }

    fn at(&self, col: usize) -> char {
        self.chars.get(col - 1).copied().unwrap_or(' ')
    }

    fn number<T: std::str::FromStr>(
        &self,
        from: usize,
        to: usize,
        what: &'static str,
    ) -> Result<Option<T>, TrfError> {
        let f = self.field(from, to);
        if f.is_empty() {
            return Ok(None);
        }
        if !f.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(self.number, from, TrfErrorKind::BadNumber(what)));
        }
        f.parse()
            .map(Some)
            .map_err(|_| err(self.number, from, TrfErrorKind::BadNumber(what)))
    }

    fn points(
        &self,
        from: usize,
        to: usize,
        what: &'static str,
    ) -> Result<Option<Points>, TrfError> {
        let f = self.field(from, to);
        if f.is_empty() {
            return Ok(None);
        }
        Points::parse(&f)
            .map(Some)
            .ok_or_else(|| err(self.number, from, TrfErrorKind::BadNumber(what)))
    }
}

/// Reads a report file from bytes: UTF-8 text, lines ending in LF or CRLF.
///
/// # Errors
/// The line, the column and the reason of the first fault.
pub fn parse_bytes(bytes: &[u8]) -> Result<Tournament, TrfError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|b| **b == b'\n').count() + 1;
            let start = good.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
            Err(err(line, column, TrfErrorKind::NotText))
        }
    }
}

/// Reads a report file (TRF16 with the `XX` records, or TRF-2026).
///
/// # Errors
/// The line, the column and the reason of the first fault.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::default();
    let mut player_lines: Vec<usize> = Vec::new();
    for (i, raw) in records(text).enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let line = Line {
            chars: raw.chars().collect(),
            number: i + 1,
            text: raw,
        };
        let tag = line.raw(1, 3);
        if tag == "001" {
            let p = parse_player(&line)?;
            if t.player(p.id).is_some() {
                return Err(err(line.number, 5, TrfErrorKind::DuplicatePlayer(p.id)));
            }
            t.players.push(p);
            player_lines.push(line.number);
        } else {
            parse_record(&mut t, &tag, &line)?;
        }
    }
    check_pairs(&t, &player_lines)?;
    Ok(t)
}

/// The lines of a report file, whatever ends them: LF, CR LF, or a bare
/// CR, which bbpPairings writes (and reads) between records.
fn records(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let line = &rest[..end];
        let skip = if rest[end..].starts_with("\r\n") {
            2
        } else {
            usize::from(end < rest.len())
        };
        rest = &rest[end + skip..];
        Some(line)
    })
}

fn parse_record(t: &mut Tournament, tag: &str, line: &Line<'_>) -> Result<(), TrfError> {
    let rest = || line.chars.iter().skip(4).collect::<String>();
    match tag {
        "XXR" | "142" => {
            if tag == "142" {
                t.version = TrfVersion::Trf2026;
            }
            let n = line.number::<u16>(5, line.chars.len().max(5), "number of rounds")?;
            t.rounds_total =
                Some(n.ok_or_else(|| {
                    err(line.number, 5, TrfErrorKind::BadNumber("number of rounds"))
                })?);
        }
        // bbpPairings also reads `XXC rank` (no colour): kept as it stands.
        "XXC" => match parse_xxc(line) {
            Some(c) => t.initial_colour = Some(c),
            None => t.other.push(line.text.trim_end().to_owned()),
        },
        "152" => {
            t.version = TrfVersion::Trf2026;
            t.initial_colour = Some(match line.field(5, line.chars.len().max(5)).as_str() {
                "W" | "w" => Colour::White,
                "B" | "b" => Colour::Black,
                _ => {
                    return Err(err(
                        line.number,
                        5,
                        TrfErrorKind::BadValue("expected W or B"),
                    ));
                }
            });
        }
        "162" => {
            t.version = TrfVersion::Trf2026;
            t.point_system = parse_points_record(line)?;
            t.point_record = Some(line.text.trim_end().to_owned());
        }
        "XXA" => t.accelerations.push(parse_xxa(line)?),
        "240" => {
            t.version = TrfVersion::Trf2026;
            t.byes.push(parse_bye(line)?);
        }
        // Blanks at a line's end carry nothing (the writer leaves them
        // out): kept without them, the line reads back the same.
        _ if is_header(tag) => t
            .headers
            .push((tag.to_owned(), rest().trim_end().to_owned())),
        _ => t.other.push(line.text.trim_end().to_owned()),
    }
    Ok(())
}

fn is_header(tag: &str) -> bool {
    let b = tag.as_bytes();
    b.len() == 3 && b.iter().all(u8::is_ascii_digit) && b[2] == b'2' && b[0] == b'0'
        || matches!(
            tag,
            "102" | "112" | "122" | "132" | "172" | "182" | "192" | "202" | "212" | "222"
        )
}

fn parse_xxc(line: &Line<'_>) -> Option<Colour> {
    let words = line.chars.iter().skip(3).collect::<String>();
    words.split_whitespace().find_map(|w| match w {
        "white1" => Some(Colour::White),
        "black1" => Some(Colour::Black),
        _ => None,
    })
}

fn parse_xxa(line: &Line<'_>) -> Result<Acceleration, TrfError> {
    let player = line
        .number::<PlayerId>(5, 8, "player")?
        .filter(|id| *id > 0)
        .ok_or_else(|| err(line.number, 5, TrfErrorKind::BadNumber("player")))?;
    let mut points = Vec::new();
    let mut col = 10;
    while col <= line.chars.len() {
        if line.at(col - 1) != ' ' {
            return Err(err(line.number, col - 1, TrfErrorKind::UnexpectedText));
        }
        points.push(
            line.points(col, col + 3, "acceleration")?
                .unwrap_or(Points::ZERO),
        );
        col += 5;
    }
    Ok(Acceleration { player, points })
}

fn parse_bye(line: &Line<'_>) -> Result<ByeRecord, TrfError> {
    let kind = match line.at(5).to_ascii_uppercase() {
        'F' => RoundResult::FullBye,
        'H' => RoundResult::HalfBye,
        // TRF-2026 reads a blank bye type as a zero-point bye.
        'Z' | ' ' => RoundResult::ZeroBye,
        c => return Err(err(line.number, 5, TrfErrorKind::BadResult(c))),
    };
    let round = line
        .number::<u16>(7, 9, "round")?
        .filter(|r| *r > 0)
        .ok_or_else(|| err(line.number, 7, TrfErrorKind::BadNumber("round")))?;
    let mut players = Vec::new();
    let mut col = 11;
    while col <= line.chars.len() {
        let id = line
            .number::<PlayerId>(col, col + 3, "player")?
            .filter(|id| *id > 0)
            .ok_or_else(|| err(line.number, col, TrfErrorKind::BadNumber("player")))?;
        players.push(id);
        col += 5;
    }
    Ok(ByeRecord {
        kind,
        round,
        players,
    })
}

fn parse_points_record(line: &Line<'_>) -> Result<PointSystem, TrfError> {
    let mut s = PointSystem::FIDE;
    let mut pab_set = false;
    let mut col = 6;
    while col <= line.chars.len() {
        let v = line
            .points(col + 1, col + 4, "points")?
            .ok_or_else(|| err(line.number, col + 1, TrfErrorKind::BadNumber("points")))?;
        match line.at(col).to_ascii_uppercase() {
            'W' => {
                s.win = v;
                if !pab_set {
                    s.pairing_bye = v;
                }
            }
            'D' => s.draw = v,
            'L' => s.loss = v,
            'A' => s.absence = v,
            'P' => {
                s.pairing_bye = v;
                pab_set = true;
            }
            'X' => s.unknown = v,
            c => return Err(err(line.number, col, TrfErrorKind::BadResult(c))),
        }
        col += 9;
    }
    Ok(s)
}

fn parse_player(line: &Line<'_>) -> Result<Player, TrfError> {
    let id = line
        .number::<PlayerId>(5, 8, "starting rank")?
        .filter(|id| *id > 0)
        .ok_or_else(|| err(line.number, 5, TrfErrorKind::BadNumber("starting rank")))?;
    let mut p = Player {
        id,
        sex: line.field(10, 10),
        title: line.field(11, 13),
        name: line.field(15, 47),
        rating: line.number(49, 52, "rating")?.unwrap_or(0),
        federation: line.field(54, 56),
        fide_id: line.field(58, 68),
        birth: line.field(70, 79),
        points_written: line.points(81, 84, "points")?,
        rank_written: line.number(86, 89, "rank")?,
        rounds: Vec::new(),
    };
    for col in [9, 14, 48, 53, 57, 69, 80, 85, 90, 91] {
        if line.at(col) != ' ' {
            return Err(err(line.number, col, TrfErrorKind::UnexpectedText));
        }
    }
    let mut col = 92;
    let mut round = 1;
    while col <= line.chars.len() {
        let entry = parse_entry(line, col, id)?;
        p.set_round(round, entry);
        col += 10;
        round += 1;
    }
    Ok(p)
}

fn parse_entry(line: &Line<'_>, col: usize, id: PlayerId) -> Result<RoundEntry, TrfError> {
    for c in [col + 4, col + 6, col + 8, col + 9] {
        if line.at(c) != ' ' {
            return Err(err(line.number, c, TrfErrorKind::UnexpectedText));
        }
    }
    let opponent = line
        .number::<PlayerId>(col, col + 3, "opponent")?
        .filter(|o| *o > 0);
    if opponent == Some(id) {
        return Err(err(line.number, col, TrfErrorKind::PairedWithSelf));
    }
    let colour = match line.at(col + 5) {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        c => return Err(err(line.number, col + 5, TrfErrorKind::BadColour(c))),
    };
    let rc = line.at(col + 7);
    let result = RoundResult::from_code(rc)
        .ok_or_else(|| err(line.number, col + 7, TrfErrorKind::BadResult(rc)))?;
    let forfeit = matches!(result, RoundResult::ForfeitWin | RoundResult::ForfeitLoss);
    if result.is_played() && (opponent.is_none() || colour.is_none()) {
        return Err(err(line.number, col + 7, TrfErrorKind::GameWithoutOpponent));
    }
    if opponent.is_some() && !result.has_opponent() && result != RoundResult::Blank {
        return Err(err(line.number, col + 7, TrfErrorKind::ByeWithOpponent));
    }
    if opponent.is_none() && colour.is_some() && !forfeit {
        return Err(err(line.number, col + 5, TrfErrorKind::GameWithoutOpponent));
    }
    Ok(RoundEntry {
        opponent,
        colour,
        result,
    })
}

/// Every pairing must be written the same way on both sides.
fn check_pairs(t: &Tournament, lines: &[usize]) -> Result<(), TrfError> {
    for (p, line) in t.players.iter().zip(lines) {
        for (i, e) in p.rounds.iter().enumerate() {
            let Some(o) = e.opponent else { continue };
            let col = 92 + 10 * i;
            let Some(op) = t.player(o) else {
                return Err(err(*line, col, TrfErrorKind::UnknownOpponent(o)));
            };
            let oe = op.round(i + 1);
            let colours_ok = match (e.colour, oe.colour) {
                (Some(a), Some(b)) => a != b,
                _ => true,
            };
            let results_ok = e.result == RoundResult::Blank
                || oe.result == RoundResult::Blank
                || e.result.mirrored() == Some(oe.result)
                || forfeit_pair(e.result, oe.result);
            if oe.opponent != Some(p.id) || !colours_ok || !results_ok {
                let kind = TrfErrorKind::Contradiction {
                    round: i + 1,
                    opponent: o,
                };
                return Err(err(*line, col, kind));
            }
        }
    }
    Ok(())
}

/// A double forfeit is `-` on both sides.
fn forfeit_pair(a: RoundResult, b: RoundResult) -> bool {
    a == RoundResult::ForfeitLoss && b == RoundResult::ForfeitLoss
}

/// Writes a tournament as a report file in its version. Reading it back
/// gives the same tournament, and writing that gives the same text.
#[must_use]
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    for (tag, text) in &t.headers {
        push_line(&mut out, &format!("{tag} {text}"));
    }
    let v2026 = t.version == TrfVersion::Trf2026;
    if let Some(n) = t.rounds_total {
        push_line(
            &mut out,
            &format!("{} {n}", if v2026 { "142" } else { "XXR" }),
        );
    }
    if let Some(c) = t.initial_colour {
        let text = match (v2026, c) {
            (true, Colour::White) => "152 W",
            (true, Colour::Black) => "152 B",
            (false, Colour::White) => "XXC white1",
            (false, Colour::Black) => "XXC black1",
        };
        push_line(&mut out, text);
    }
    if let Some(r) = &t.point_record {
        push_line(&mut out, r);
    }
    for p in &t.players {
        push_line(&mut out, &player_line(p));
    }
    for a in &t.accelerations {
        let mut l = format!("XXA {:>4}", a.player);
        for v in &a.points {
            l.push_str(&format!(" {:>4}", in_four(*v)));
        }
        push_line(&mut out, &l);
    }
    for b in &t.byes {
        let mut l = format!("240 {} {:03}", b.kind.code(), b.round);
        for id in &b.players {
            l.push_str(&format!(" {id:>4}"));
        }
        push_line(&mut out, &l);
    }
    for o in &t.other {
        push_line(&mut out, o);
    }
    out
}

/// Points in the four columns the format gives them: "11.5", or a whole
/// number too wide for its tenth ("2200", which reads back the same).
fn in_four(p: Points) -> String {
    let text = p.to_string();
    match text.strip_suffix(".0") {
        Some(whole) if text.chars().count() > 4 => whole.to_owned(),
        _ => text,
    }
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The `001` record of a player, in its fixed columns.
#[must_use]
pub fn player_line(p: &Player) -> String {
    let rating = if p.rating == 0 {
        String::new()
    } else {
        p.rating.to_string()
    };
    let points = p.points_written.map(in_four).unwrap_or_default();
    let rank = p.rank_written.map(|v| v.to_string()).unwrap_or_default();
    let mut l = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.id,
        cut(&p.sex, 1),
        cut(&p.title, 3),
        cut(&p.name, 33),
        rating,
        cut(&p.federation, 3),
        cut(&p.fide_id, 11),
        cut(&p.birth, 10),
        points,
        rank
    );
    for e in &p.rounds {
        l.push_str("  ");
        l.push_str(&entry_text(e));
    }
    l
}

fn entry_text(e: &RoundEntry) -> String {
    if e.is_blank() {
        return " ".repeat(8);
    }
    let opp = e
        .opponent
        .map_or_else(|| "0000".to_owned(), |o| format!("{o:>4}"));
    let colour = match e.colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    format!("{opp} {colour} {}", e.result.code())
}

impl Tournament {
    /// The same tournament to be written as `version`: TRF16 has no `240`
    /// records, so its byes move into their rounds' columns.
    #[must_use]
    pub fn into_version(mut self, version: TrfVersion) -> Tournament {
        if version == TrfVersion::Trf16 {
            for b in std::mem::take(&mut self.byes) {
                for id in &b.players {
                    if let Some(p) = self.player_mut(*id)
                        && p.round(usize::from(b.round)).is_blank()
                    {
                        p.set_round(usize::from(b.round), RoundEntry::bye(b.kind));
                    }
                }
            }
        }
        self.version = version;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Test Open
XXR 3
001    1 m GM Alpha, Anna                       2700 RUS    12345678 1990/01/01  1.5    1     3 w 1     2 b =
001    2 w    Beta, Boris                       2600 GER             1991/02/02  1.5    2     4 b 1     1 w =
001    3 m    Gamma, Gleb                       2500                             0.0    4     1 b 0  0000 - Z
001    4      Delta, Дарья                      2400                             1.0    3     2 w 0  0000 - U
";

    #[test]
    fn reads_the_fixed_columns() {
        let t = parse(SAMPLE).unwrap();
        assert_eq!(t.rounds_total, Some(3));
        assert_eq!(t.name(), Some("Test Open"));
        let p = t.player(1).unwrap();
        assert_eq!(p.title, "GM");
        assert_eq!(p.name, "Alpha, Anna");
        assert_eq!(p.rating, 2700);
        assert_eq!(p.fide_id, "12345678");
        assert_eq!(p.points_written, Some(Points(15)));
        assert_eq!(
            p.round(1),
            RoundEntry::game(3, Colour::White, RoundResult::Win)
        );
        assert_eq!(t.player(4).unwrap().name, "Delta, Дарья");
        assert_eq!(
            t.player(4).unwrap().round(2).result,
            RoundResult::PairingBye
        );
        assert_eq!(t.paired_rounds(), 2);
    }

    #[test]
    fn writes_what_it_read() {
        let t = parse(SAMPLE).unwrap();
        assert_eq!(write(&t), SAMPLE);
        let t26 = t.clone().into_version(TrfVersion::Trf2026);
        let text = write(&t26);
        assert!(text.contains("142 3"));
        assert_eq!(parse(&text).unwrap(), t26);
    }

    #[test]
    fn faults_have_a_line_and_a_column() {
        let bad = SAMPLE.replace("3 w 1", "3 x 1");
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (3, 97));
        assert_eq!(e.kind, TrfErrorKind::BadColour('x'));
        let bad = SAMPLE.replace("  2 b =", "  2 b 1");
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(matches!(
            e.kind,
            TrfErrorKind::Contradiction { round: 2, .. }
        ));
        let e = parse_bytes(b"012 x\n001   \xff").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (2, 7, TrfErrorKind::NotText));
        let e = parse("001    1\n001    1").unwrap_err();
        assert_eq!(e.kind, TrfErrorKind::DuplicatePlayer(1));
        let e = parse("001    x").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
    }

    #[test]
    fn reads_trf_2026_records() {
        let text = "012 T\n142 5\n152 B\n162  W 3.0    D 1.0    L 0.0\n001    1\n001    2\n240 H 002    1    2\n";
        let t = parse(text).unwrap();
        assert_eq!(t.version, TrfVersion::Trf2026);
        assert_eq!(t.rounds_total, Some(5));
        assert_eq!(t.initial_colour, Some(Colour::Black));
        assert_eq!(t.point_system.win, Points(30));
        assert_eq!(t.point_system.pairing_bye, Points(30));
        assert_eq!(t.point_system.draw, Points(10));
        assert_eq!(t.entry(2, 2).result, RoundResult::HalfBye);
        assert_eq!(t.points_after(2, 2), Points(10));
        assert_eq!(write(&t), text);
        let t16 = t.into_version(TrfVersion::Trf16);
        assert_eq!(t16.player(2).unwrap().round(2).result, RoundResult::HalfBye);
        assert!(t16.byes.is_empty());
    }

    #[test]
    fn reads_records_ended_by_a_bare_cr_as_bbp_pairings_writes_them() {
        let lf = "012 T\nXXR 5\nXXC black1\n001    1\n001    2\n";
        let cr = lf.replace('\n', "\r");
        let crlf = lf.replace('\n', "\r\n");
        for text in [cr.as_str(), crlf.as_str()] {
            let t = parse(text).unwrap();
            assert_eq!(t.players.len(), 2);
            assert_eq!(t.rounds_total, Some(5));
            assert_eq!(t.initial_colour, Some(Colour::Black));
        }
        // A fault is still placed on its line, whatever ends the lines.
        let e = parse("012 T\r001    x\r").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
    }

    #[test]
    fn an_xxc_record_without_a_colour_is_kept_not_refused() {
        let text = "XXR 5\nXXC rank\n001    1\n";
        let t = parse(text).unwrap();
        assert_eq!(t.initial_colour, None);
        assert_eq!(write(&t), "XXR 5\n001    1\nXXC rank\n");
    }

    #[test]
    fn reads_accelerations() {
        let text = "XXR 9\nXXC black1\n001    1\nXXA    1  1.0  1.0  0.5\n";
        let t = parse(text).unwrap();
        assert_eq!(t.initial_colour, Some(Colour::Black));
        assert_eq!(t.acceleration(1, 3), Points(5));
        assert_eq!(t.acceleration(1, 4), Points(0));
        assert_eq!(write(&t), text);
    }
}
