//! Reading the engine's lines: `id`, `option`, `info` and `bestmove`.
//!
//! Pure functions over one line of text; the process handling is in
//! `engine.rs`. Anything not understood is ignored, as the UCI protocol asks
//! of a GUI ("if the engine or the GUI receives an unknown command or token it
//! should just ignore it").

use shakmaty::uci::UciMove;

/// The most principal-variation moves kept from an `info` line.
pub const MAX_PV: usize = 32;
/// The most `option` declarations kept from the handshake.
pub const MAX_OPTIONS: usize = 256;
/// The most `var` values kept for one combo option.
const MAX_VARS: usize = 256;

/// The evaluation an engine reports, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Hundredths of a pawn (`score cp N`).
    Centipawns(i32),
    /// Mate in this many moves; negative when the side to move is mated
    /// (`score mate N`).
    Mate(i32),
}

/// The type of an option the engine declares, with its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check`: `true` or `false`.
    Check,
    /// `type spin`: an integer in `min..=max`.
    Spin {
        /// The lowest value allowed.
        min: i64,
        /// The highest value allowed.
        max: i64,
    },
    /// `type combo`: one of the listed values.
    Combo {
        /// The values allowed.
        vars: Vec<String>,
    },
    /// `type button`: an action without a value.
    Button,
    /// `type string`, or a type this crate does not know: any text.
    String,
}

/// One option an engine declared in reply to `uci`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOption {
    /// The name, as the engine spells it (e.g. `Skill Level`).
    pub name: String,
    /// The type and its limits.
    pub kind: OptionKind,
    /// The default value, if the engine gave one.
    pub default: Option<String>,
}

/// What an `info` line says about the search, where it says it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InfoLine {
    pub depth: Option<u32>,
    pub score: Option<Score>,
    pub pv: Option<Vec<UciMove>>,
}

/// The reply that ends a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BestMoveLine {
    /// A move, and the reply the engine expects, if it gave one.
    Move(UciMove, Option<UciMove>),
    /// `bestmove (none)` or a null move: there is no legal move.
    None,
    /// `bestmove` followed by something that is not a move.
    Unreadable,
}

/// The words after `id name`, if this is that line.
pub fn id_name(line: &str) -> Option<String> {
    rest_after(line, &["id", "name"])
}

/// The words after `id author`, if this is that line.
pub fn id_author(line: &str) -> Option<String> {
    rest_after(line, &["id", "author"])
}

fn rest_after(line: &str, keys: &[&str]) -> Option<String> {
    let mut words = line.split_whitespace();
    for key in keys {
        if words.next()? != *key {
            return None;
        }
    }
    Some(words.collect::<Vec<_>>().join(" "))
}

/// Reads `option name N… type T [default D…] [min A] [max B] [var V…]*`.
/// The name and the values may contain spaces; the keywords split them.
pub fn parse_option(line: &str) -> Option<EngineOption> {
    let mut words = line.split_whitespace();
    if words.next()? != "option" {
        return None;
    }
    let mut name: Vec<&str> = Vec::new();
    let mut kind = None;
    let mut default: Option<Vec<&str>> = None;
    let (mut min, mut max) = (None, None);
    let mut vars: Vec<Vec<&str>> = Vec::new();
    let mut field = "";
    for word in words {
        match word {
            "name" | "type" | "default" | "min" | "max" | "var" => {
                field = word;
                match word {
                    "default" => default = Some(Vec::new()),
                    "var" if vars.len() < MAX_VARS => vars.push(Vec::new()),
                    // Past the limit, further values are dropped.
                    "var" => field = "",
                    _ => {}
                }
            }
            _ => match field {
                "name" => name.push(word),
                "type" => kind = Some(word),
                "default" => default.get_or_insert_with(Vec::new).push(word),
                "min" => min = word.parse::<i64>().ok(),
                "max" => max = word.parse::<i64>().ok(),
                "var" => {
                    if let Some(v) = vars.last_mut() {
                        v.push(word);
                    }
                }
                _ => {}
            },
        }
    }
    if name.is_empty() {
        return None;
    }
    let kind = match kind? {
        "check" => OptionKind::Check,
        "spin" => OptionKind::Spin {
            min: min.unwrap_or(i64::MIN),
            max: max.unwrap_or(i64::MAX),
        },
        "combo" => OptionKind::Combo {
            vars: vars.iter().map(|v| v.join(" ")).collect(),
        },
        "button" => OptionKind::Button,
        _ => OptionKind::String,
    };
    Some(EngineOption {
        name: name.join(" "),
        kind,
        default: default.map(|d| d.join(" ")),
    })
}

/// Reads the depth, score and principal variation of an `info` line. Lines
/// for a second or later `multipv` line and `info string` lines say nothing
/// about the move the engine will play, so they yield `None`.
pub fn parse_info(line: &str) -> Option<InfoLine> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut info = InfoLine::default();
    while let Some(word) = words.next() {
        match word {
            "string" => return None,
            "multipv" if words.next() != Some("1") => return None,
            "depth" => info.depth = words.next().and_then(|d| d.parse().ok()),
            "score" => {
                info.score = match (words.next(), words.next().and_then(|n| n.parse().ok())) {
                    (Some("cp"), Some(n)) => Some(Score::Centipawns(n)),
                    (Some("mate"), Some(n)) => Some(Score::Mate(n)),
                    _ => None,
                }
            }
            "pv" => {
                // The principal variation runs to the end of the line.
                let pv = words
                    .by_ref()
                    .map_while(|w| UciMove::from_ascii(w.as_bytes()).ok())
                    .take(MAX_PV)
                    .collect();
                info.pv = Some(pv);
                break;
            }
            _ => {}
        }
    }
    Some(info)
}

/// Reads a `bestmove` line; `None` if the line is something else.
pub fn parse_bestmove(line: &str) -> Option<BestMoveLine> {
    let mut words = line.split_whitespace();
    if words.next()? != "bestmove" {
        return None;
    }
    let Some(best) = words.next() else {
        return Some(BestMoveLine::Unreadable);
    };
    if best == "(none)" {
        return Some(BestMoveLine::None);
    }
    let ponder = match (words.next(), words.next()) {
        (Some("ponder"), Some(p)) => UciMove::from_ascii(p.as_bytes()).ok(),
        _ => None,
    };
    Some(match UciMove::from_ascii(best.as_bytes()) {
        Ok(UciMove::Null) => BestMoveLine::None,
        Ok(mv) => BestMoveLine::Move(mv, ponder),
        Err(_) => BestMoveLine::Unreadable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(s: &str) -> UciMove {
        UciMove::from_ascii(s.as_bytes()).unwrap_or(UciMove::Null)
    }

    // Lines as Stockfish 15.1 prints them in reply to `uci`.
    #[test]
    fn reads_option_declarations() {
        let spin = parse_option("option name Skill Level type spin default 20 min 0 max 20");
        assert_eq!(
            spin,
            Some(EngineOption {
                name: "Skill Level".into(),
                kind: OptionKind::Spin { min: 0, max: 20 },
                default: Some("20".into()),
            })
        );
        let string = parse_option("option name Debug Log File type string default ");
        assert_eq!(string.map(|o| o.default), Some(Some(String::new())));
        let combo = parse_option(
            "option name Style type combo default Normal var Solid var Normal var Risky Play",
        );
        assert_eq!(
            combo.map(|o| o.kind),
            Some(OptionKind::Combo {
                vars: vec!["Solid".into(), "Normal".into(), "Risky Play".into()]
            })
        );
        let button = parse_option("option name Clear Hash type button");
        assert_eq!(button.map(|o| o.kind), Some(OptionKind::Button));
        assert_eq!(parse_option("option type spin"), None);
        assert_eq!(parse_option("info depth 1"), None);
    }

    #[test]
    fn reads_info_lines() {
        let info = parse_info(
            "info depth 12 seldepth 15 multipv 1 score cp -31 nodes 9 nps 1 time 3 pv e7e5 g1f3 b8c6",
        );
        assert_eq!(
            info,
            Some(InfoLine {
                depth: Some(12),
                score: Some(Score::Centipawns(-31)),
                pv: Some(vec![uci("e7e5"), uci("g1f3"), uci("b8c6")]),
            })
        );
        let mate = parse_info("info depth 3 score mate -2 lowerbound pv h2h3");
        assert_eq!(mate.and_then(|i| i.score), Some(Score::Mate(-2)));
        assert_eq!(parse_info("info string NNUE evaluation enabled"), None);
        assert_eq!(
            parse_info("info depth 9 multipv 2 score cp 5 pv d2d4"),
            None
        );
    }

    #[test]
    fn a_long_pv_is_cut() {
        let line = format!("info depth 99 pv {}", "e2e4 e7e5 ".repeat(200));
        let pv = parse_info(&line).and_then(|i| i.pv).unwrap_or_default();
        assert_eq!(pv.len(), MAX_PV);
    }

    #[test]
    fn reads_bestmove_lines() {
        assert_eq!(
            parse_bestmove("bestmove e2e4 ponder e7e5"),
            Some(BestMoveLine::Move(uci("e2e4"), Some(uci("e7e5"))))
        );
        assert_eq!(
            parse_bestmove("bestmove a7a8q"),
            Some(BestMoveLine::Move(uci("a7a8q"), None))
        );
        assert_eq!(parse_bestmove("bestmove (none)"), Some(BestMoveLine::None));
        assert_eq!(parse_bestmove("bestmove 0000"), Some(BestMoveLine::None));
        assert_eq!(
            parse_bestmove("bestmove banana"),
            Some(BestMoveLine::Unreadable)
        );
        assert_eq!(parse_bestmove("bestmove"), Some(BestMoveLine::Unreadable));
        assert_eq!(parse_bestmove("info depth 1"), None);
    }

    #[test]
    fn reads_id_lines() {
        assert_eq!(
            id_name("id name Stockfish 15.1"),
            Some("Stockfish 15.1".into())
        );
        assert_eq!(
            id_author("id author the Stockfish developers"),
            Some("the Stockfish developers".into())
        );
        assert_eq!(id_name("id author x"), None);
    }
}
