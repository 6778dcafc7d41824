//! Tavreli position commands in words (`queries`): the squares named by `p` read back and
//! compared with the stacks; attackers compared with the legal captures; every `m`
//! answer lists each legal move once, in words a listener can tell apart; the wording of
//! towers, scans and errors by hand, in Russian and English.

use std::collections::BTreeSet;

use arbiter_notation::tavreli::queries::*;
use arbiter_notation::tavreli::speech::Lang;
use arbiter_rules::Side;
use arbiter_tavreli::notation::parse_square;
use arbiter_tavreli::{Kind, Position, fen};

/// Positions of deterministic games (a fixed choice among the legal moves), so that
/// towers of every height appear.
fn playout() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 1..=6usize {
        let mut pos = Position::initial();
        for ply in 0..80usize {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            // Prefer moves onto occupied squares (captures build towers).
            let caps: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| pos.height(m.to()) > 0)
                .collect();
            let pool = if caps.is_empty() || ply % 3 == 0 {
                &moves
            } else {
                &caps
            };
            let m = pool[(ply * 7 + seed * 13) % pool.len()];
            pos.make(m);
        }
    }
    out
}

fn listed(answer: &str) -> BTreeSet<u8> {
    // "White: vsadnik, 2: b1, g1." → {b1, g1}
    let list = answer.trim_end_matches('.');
    match list.split_once(": ").and_then(|(_, r)| r.split_once(": ")) {
        Some((_, squares)) => squares
            .split(", ")
            .map(|s| parse_square(s).expect("square"))
            .collect(),
        None => BTreeSet::new(),
    }
}

#[test]
fn pieces_name_the_squares_whose_top_man_is_of_that_kind() {
    let positions = playout();
    assert!(positions.len() > 300);
    let mut towers = 0;
    for pos in &positions {
        towers += (0..64u8).filter(|&s| pos.height(s) > 1).count();
        for side in [Side::White, Side::Black] {
            for kind in Kind::ALL {
                let q = MenQuery {
                    side: Some(side),
                    kind: Some(kind),
                };
                let want: BTreeSet<u8> = (0..64u8)
                    .filter(|&s| {
                        pos.stack(s)
                            .last()
                            .is_some_and(|m| m.side == side && m.kind == kind)
                    })
                    .collect();
                for lang in [Lang::Ru, Lang::En] {
                    let said = pieces(pos, q, lang);
                    assert_eq!(listed(&said), want, "{said}");
                }
            }
        }
    }
    assert!(towers > 100, "only {towers} towers in the sample");
}

#[test]
fn every_legal_capture_comes_from_a_listed_attacker() {
    for pos in playout() {
        let us = pos.side_to_move();
        let mut p = pos.clone();
        for m in p.legal_moves() {
            // A capture: onto an enemy man, and not a ratnik's straight step (ratniks
            // attack diagonally only, §3.4).
            let (Some(mover), Some(victim)) = (pos.top_man(m.from()), pos.top_man(m.to())) else {
                continue;
            };
            if victim.side == us || (mover.kind == Kind::Ratnik && m.from() % 8 == m.to() % 8) {
                continue;
            }
            let said = attackers(&pos, m.to(), Lang::En);
            let part = said
                .split(". ")
                .find(|s| s.starts_with(if us == Side::White { "White" } else { "Black" }))
                .expect("side part");
            let from = arbiter_tavreli::board::square_name(m.from());
            assert!(part.contains(&from), "{from} missing in {said}");
        }
    }
}

#[test]
fn moves_list_each_legal_move_once_in_distinct_words() {
    for pos in playout() {
        for sq in 0..64u8 {
            let Some(top) = pos.top_man(sq) else {
                assert_eq!(moves(&pos, sq, Lang::En), Err(QueryError::EmptySquare(sq)));
                continue;
            };
            if top.side != pos.side_to_move() {
                assert_eq!(moves(&pos, sq, Lang::Ru), Err(QueryError::NotToMove(sq)));
                continue;
            }
            let mut p = pos.clone();
            let n = p.legal_moves().iter().filter(|m| m.from() == sq).count();
            for lang in [Lang::Ru, Lang::En] {
                let said = moves(&pos, sq, lang).expect("own man");
                if n == 0 {
                    assert!(said.ends_with("ходов нет.") || said.ends_with("no legal moves."));
                    continue;
                }
                let items: BTreeSet<&str> = said.lines().skip(1).collect();
                assert_eq!(items.len(), n, "{said}");
            }
        }
    }
}

#[test]
fn the_initial_position_in_words() {
    let pos = Position::initial();
    let q = |side, kind| MenQuery { side, kind };
    assert_eq!(
        pieces(&pos, q(Some(Side::White), Some(Kind::Vsadnik)), Lang::En),
        "White: vsadnik, 2: b1, g1."
    );
    assert_eq!(
        pieces(&pos, q(Some(Side::Black), Some(Kind::Volkhv)), Lang::Ru),
        "Чёрные: волхв, 1: e8."
    );
    assert_eq!(
        pieces(&pos, q(Some(Side::White), Some(Kind::Helgi)), Lang::Ru),
        "Белые: хелги, 0."
    );
    assert_eq!(
        attackers(&pos, parse_square("f3").unwrap(), Lang::En),
        "Attackers of f3. White: vsadnik g1, ratnik e2, ratnik g2. Black: none."
    );
    assert_eq!(
        square(&pos, parse_square("e4").unwrap(), Lang::Ru),
        "на e4 пусто"
    );
    assert_eq!(scan(&pos, Err(3), Lang::En), "a4–h4 empty");
    let e2 = parse_square("e2").unwrap();
    let said = moves(&pos, e2, Lang::En).unwrap();
    assert!(
        said.starts_with("White ratnik on e2, 2 moves:\nwhite ratnik from e2 to e3\n"),
        "{said}"
    );
    let e7 = parse_square("e7").unwrap();
    assert_eq!(moves(&pos, e7, Lang::Ru), Err(QueryError::NotToMove(e7)));
    assert_eq!(
        error_text(&QueryError::NotToMove(e7), Lang::Ru),
        "Таврель на e7 сейчас не ходит"
    );
}

#[test]
fn a_tower_is_read_top_first_in_scans_and_squares() {
    let pos = fen::parse("7k/8/8/8/4(bPRQ)3/8/8/K7 w - - 0 1").expect("position");
    let e4 = parse_square("e4").unwrap();
    let ru = square(&pos, e4, Lang::Ru);
    assert!(
        ru.starts_with("на e4 башня из трёх: сверху белый князь, под ним"),
        "{ru}"
    );
    let file = scan(&pos, Ok(4), Lang::Ru);
    assert!(
        file.starts_with("e1–e3 пусто; на e4 башня из трёх"),
        "{file}"
    );
    assert!(file.ends_with("; e5–e8 пусто"), "{file}");
    // Only the top man attacks (§3.4): the captive black luchnik attacks nothing.
    let said = attackers(&pos, parse_square("d3").unwrap(), Lang::En);
    assert!(said.contains("White: knyaz e4."), "{said}");
    assert!(said.ends_with("Black: none."), "{said}");
}

#[test]
fn men_arguments_in_russian_english_and_letters() {
    let q = |side, kind| Some(MenQuery { side, kind });
    assert_eq!(parse_men("всадник"), q(None, Some(Kind::Vsadnik)));
    assert_eq!(parse_men("vsadnik"), q(None, Some(Kind::Vsadnik)));
    assert_eq!(parse_men("N"), q(Some(Side::White), Some(Kind::Vsadnik)));
    assert_eq!(parse_men("h"), q(Some(Side::Black), Some(Kind::Helgi)));
    assert_eq!(
        parse_men("чёрные волхв"),
        q(Some(Side::Black), Some(Kind::Volkhv))
    );
    assert_eq!(parse_men("white"), q(Some(Side::White), None));
    assert_eq!(parse_men("x"), None);
    assert_eq!(parse_men("white black"), None);
}

#[test]
fn history_and_last_move() {
    let start = Position::initial();
    let mut p = start.clone();
    let e2 = parse_square("e2").unwrap();
    let e4 = parse_square("e4").unwrap();
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == e2 && m.to() == e4)
        .expect("double step");
    let h = history(&start, &[m], Lang::En).unwrap();
    assert!(h.starts_with("1. white ratnik from e2 to e4"), "{h}");
    let l = last_move(&start, &[m], Lang::Ru).unwrap();
    assert!(
        l.starts_with("Последний ход: белые, белый ратник с e2 на e4"),
        "{l}"
    );
    assert_eq!(
        history(&start, &[], Lang::Ru).unwrap(),
        "Ходов ещё не было."
    );
    assert_eq!(
        history(&start, &[m, m], Lang::En),
        Err(QueryError::BadRecord(1))
    );
}
