//! What players in Russian, German and English hear when they do what
//! players do: type castling when it is illegal, promote without naming the
//! piece, lose on time against a lone king, claim wrongly while an offer is
//! open. Each case is said in the player's own words and letters.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::{ClaimKind, Event};
use arbiter_notation::Lexicon;
use arbiter_rules::Side;
use arbiter_session::{Input, Mode};
use common::{Played, assert_replays_chess, header};

fn from(lex: Lexicon, control: &str, fen: Option<&str>) -> Played<Chess> {
    let mut h = header(Some(control));
    h.start = fen.map(str::to_string);
    let mut p = Played::new(Chess::default(), h, Mode::Online, lex, vec![]);
    p.input(0, Input::Start);
    p
}

fn refusal_text(p: &mut Played<Chess>, at: u64, text: &str) -> String {
    let out = p.mv(at, text);
    assert!(out.refused().is_some(), "{text} was not refused: {out:?}");
    assert!(out.log.is_empty(), "an online refusal is not logged");
    out.announcements[0].text.clone()
}

/// Castling typed while the bishop and knight still stand between king and
/// rook (Art. 3.8.2.1) names no piece, so the legal king move offered instead
/// is written in the player's letters (App. C.3): a Russian reads `Ke2` as
/// a knight move, his king is `Кр`.
#[test]
fn a_refused_castling_lists_the_king_move_in_the_players_letters() {
    for (lex, king_move, foreign) in [
        (Lexicon::Ru, "Крe2", Some("Ke2")),
        (Lexicon::FideDe, "Ke2", None),
        (Lexicon::En, "Ke2", None),
    ] {
        let mut p = from(lex, "300+0", None);
        p.mv(1000, "e4");
        p.mv(2000, "e5");
        for castling in ["0-0", "O-O", "0-0-0"] {
            let t = refusal_text(&mut p, 3000, castling);
            assert!(t.contains(king_move), "{lex:?} {castling}: {t}");
            if let Some(f) = foreign {
                assert!(!t.contains(f), "{lex:?} {castling}: {t}");
            }
        }
    }
}

/// A pawn reaching the last rank without its piece is ambiguous (L-D.2.1:
/// the piece must be named); the four promotions offered are written with
/// the player's piece letters: Ф Л С К in Russian, D T L S in German.
#[test]
fn an_unnamed_promotion_lists_the_pieces_in_the_players_letters() {
    let fen = Some("8/4P3/8/8/8/8/k7/7K w - - 0 1");
    for (lex, pieces) in [
        (Lexicon::Ru, ["e8Ф", "e8Л", "e8С", "e8К"]),
        (Lexicon::FideDe, ["e8D", "e8T", "e8L", "e8S"]),
    ] {
        let mut p = from(lex, "300+0", fen);
        let t = refusal_text(&mut p, 1000, "e8");
        for piece in pieces {
            assert!(t.contains(piece), "{lex:?}: {t}");
        }
        assert!(!t.contains("=Q"), "{lex:?}: {t}");
    }
}

/// A text written with English piece letters keeps English candidates: the
/// player is answered in the notation he wrote.
#[test]
fn a_move_in_english_letters_keeps_english_candidates_in_russian() {
    let mut p = from(Lexicon::Ru, "300+0", None);
    let t = refusal_text(&mut p, 1000, "Nd2");
    assert!(t.contains("Nc3"), "{t}");
}

/// 6.9: White's flag falls, but Black has only his king and cannot
/// checkmate by any series of legal moves, so the game is drawn. The player
/// hears whose flag fell and why the result is a draw, in his language.
/// (White's queen keeps the position alive: with king and knight against a
/// bare king neither side could mate, and that game ends before it starts,
/// L-5.2b.)
#[test]
fn a_flag_against_a_side_that_cannot_mate_is_said_with_whose_flag_and_why() {
    let fen = Some("8/8/8/8/8/2k5/8/K5Q1 w - - 0 1");
    for (lex, words) in [
        (
            Lexicon::Ru,
            [
                "Флажок упал: белые",
                "Чёрные не могут поставить мат",
                "ничья",
            ],
        ),
        (
            Lexicon::FideDe,
            [
                "Blättchen gefallen: Weiß",
                "Schwarz kann nicht mattsetzen",
                "Remis",
            ],
        ),
        (
            Lexicon::En,
            ["White's flag has fallen", "Black cannot checkmate", "draw"],
        ),
    ] {
        let mut p = from(lex, "60+0", fen);
        let out = p.poll(60_000);
        let last = out.announcements.last().expect("the flag is said");
        for w in words {
            assert!(last.text.contains(w), "{lex:?}: {}", last.text);
        }
        let state = assert_replays_chess(&p);
        assert_eq!(state["result"], "1/2-1/2");
        assert_eq!(state["termination"], "time_forfeit");
    }
}

/// 9.5.3 and 9.1.2.3: White's incorrect claim is a draw offer; Black's
/// incorrect claim then accepts it and the game is drawn, but Black's claim
/// was still found incorrect and cost him time. Both claims are said as
/// rejected, in the player's language, before the draw.
#[test]
fn an_incorrect_claim_that_accepts_an_open_offer_is_still_said_rejected() {
    for (lex, white, black) in [
        (
            Lexicon::En,
            "White's claim is rejected",
            "Black's claim is rejected",
        ),
        (
            Lexicon::FideDe,
            "Anspruch von Weiß abgelehnt",
            "Anspruch von Schwarz abgelehnt",
        ),
    ] {
        let mut p = from(lex, "600+0", None);
        p.mv(1000, "e4");
        p.mv(2000, "e5");
        for (at, side) in [(3000, Side::White), (4000, Side::Black)] {
            let claim = Event::Claim {
                side,
                claim: ClaimKind::Threefold,
                intended: None,
            };
            if side == Side::Black {
                p.mv(3500, "Nf3");
            }
            let out = p.input(at, Input::Event(claim));
            assert_eq!(out.refused(), None, "{out:?}");
        }
        let texts = p.texts();
        for rejected in [white, black] {
            assert_eq!(
                texts.iter().filter(|t| t.starts_with(rejected)).count(),
                1,
                "{lex:?}: {texts:?}"
            );
        }
        // The game does not go on after the draw agreed.
        // (The Laws' reason follows the refusal, nothing after it.)
        let black_said = texts.iter().find(|t| t.starts_with(black)).unwrap();
        assert!(
            black_said.starts_with(&format!("{black}: ")),
            "{lex:?}: {texts:?}"
        );
        assert!(
            !black_said.contains("continues") && !black_said.contains("weiter"),
            "{lex:?}: {texts:?}"
        );
        let state = assert_replays_chess(&p);
        assert_eq!(state["result"], "1/2-1/2");
        assert_eq!(state["termination"], "agreement");
        assert_eq!(state["penalties"].as_array().map(Vec::len), Some(2));
    }
}

/// 9.1.2.3: every incorrect claim is also a draw offer, so a second one is
/// said with its offer as the first was: no claim goes half answered.
#[test]
fn a_second_incorrect_claim_is_said_with_its_offer_again() {
    let mut p = from(Lexicon::Ru, "600+0", None);
    p.mv(1000, "e4");
    p.mv(2000, "e5");
    for at in [3000, 4000] {
        let claim = Event::Claim {
            side: Side::White,
            claim: ClaimKind::Threefold,
            intended: None,
        };
        p.input(at, Input::Event(claim));
    }
    let texts = p.texts();
    let count = |w: &str| texts.iter().filter(|t| t.starts_with(w)).count();
    assert_eq!(count("Требование (белые) отклонено"), 2, "{texts:?}");
    assert_eq!(count("Белые предлагают ничью"), 2, "{texts:?}");
    assert_replays_chess(&p);
}

/// Nothing is said twice: a stalemate (5.2.1) and an upheld threefold claim
/// (9.2) end with the result once, never "Draw. Result: draw".
#[test]
fn a_drawn_ending_says_the_draw_once() {
    for (lex, draw) in [
        (Lexicon::En, "draw"),
        (Lexicon::Ru, "ничья"),
        (Lexicon::FideDe, "Remis"),
    ] {
        let mut p = from(lex, "300+0", Some("k7/8/8/2Q5/8/8/8/7K w - - 0 1"));
        p.mv(1000, "Qb6");
        let mut q = from(lex, "300+0", None);
        for (i, m) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
            .iter()
            .enumerate()
        {
            q.mv(1000 * (i as u64 + 1), m);
        }
        let claim = Event::Claim {
            side: Side::Black,
            claim: ClaimKind::Threefold,
            intended: Some("Ng8".into()),
        };
        q.input(9000, Input::Event(claim));
        for (game, ending) in [(&p, "stalemate"), (&q, "threefold_claim")] {
            let last = game.texts().last().cloned().unwrap_or_default();
            let said = last.to_lowercase().matches(&draw.to_lowercase()).count();
            assert_eq!(said, 1, "{lex:?}: {last}");
            let state = assert_replays_chess(game);
            assert_eq!(state["result"], "1/2-1/2");
            assert_eq!(state["termination"], ending);
        }
    }
}

/// A claim whose intended move is no move at all (`Zz9`) is refused once,
/// with the reader's reason in the player's words, and costs nothing: it is
/// not said "rejected, the game continues" (no arbiter found it incorrect),
/// carries no English reason, and is not logged.
#[test]
fn a_claim_with_an_unreadable_intended_move_is_refused_once_in_the_players_words() {
    for (lex, refused, not_said) in [
        (Lexicon::Ru, "Ход не понят", "Требование (белые) отклонено"),
        (Lexicon::FideDe, "Zug nicht verstanden", "Anspruch von Weiß"),
    ] {
        let mut p = from(lex, "600+0", None);
        p.mv(1000, "e4");
        p.mv(2000, "e5");
        let claim = Event::Claim {
            side: Side::White,
            claim: ClaimKind::Threefold,
            intended: Some("Zz9".into()),
        };
        let out = p.input(3000, Input::Event(claim));
        assert!(out.refused().is_some(), "{out:?}");
        assert!(out.log.is_empty(), "{:?}", out.log);
        let texts: Vec<&str> = out.announcements.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(texts.len(), 1, "{lex:?}: {texts:?}");
        assert!(texts[0].starts_with(refused), "{lex:?}: {texts:?}");
        assert!(!texts[0].contains(not_said), "{lex:?}: {texts:?}");
        assert!(!texts[0].contains("neither"), "{lex:?}: {texts:?}");
        let state = assert_replays_chess(&p);
        assert_eq!(state["penalties"].as_array().map(Vec::len), Some(0));
    }
}

/// In Russian notation a Latin `K` is the look-alike of «К», the knight,
/// after the square as in front of it: `e8=K` promotes to a knight in a
/// Russian game (App. C.3, the Russian letters), as `e8=К` does, and a
/// Latin `C` after the square is the bishop «С». In English `e8=K` stays
/// a promotion to a king, which is refused.
#[test]
fn a_latin_k_after_the_square_promotes_to_a_knight_in_russian() {
    let fen = Some("8/4P3/8/8/8/8/k7/7K w - - 0 1");
    for (typed, san) in [("e8=K", "e8=N"), ("e8K", "e8=N"), ("e8(C)", "e8=B")] {
        let mut p = from(Lexicon::Ru, "300+0", fen);
        let out = p.mv(1000, typed);
        assert_eq!(out.refused(), None, "{typed}: {out:?}");
        let state = assert_replays_chess(&p);
        assert_eq!(state["moves"], serde_json::json!([san]), "{typed}");
    }
    let mut p = from(Lexicon::En, "300+0", fen);
    assert!(p.mv(1000, "e8=K").refused().is_some());
}

/// A mate (5.1.1) is said once with its winner: the move ends in "mate",
/// the ending names the result, and who won is not said twice in one
/// sentence ("Black wins. Result: nil–one, Black wins").
#[test]
fn a_mate_names_the_winner_once() {
    for (lex, winner) in [
        (Lexicon::En, "Black wins"),
        (Lexicon::Ru, "победа"),
        (Lexicon::FideDe, "Schwarz gewinnt"),
    ] {
        let mut p = from(lex, "300+0", None);
        for (i, m) in ["f3", "e5", "g4", "Qh4#"].iter().enumerate() {
            p.mv(1000 * (i as u64 + 1), m);
        }
        let last = p.texts().last().cloned().unwrap_or_default();
        let said = last.to_lowercase().matches(&winner.to_lowercase()).count();
        assert_eq!(said, 1, "{lex:?}: {last}");
        let state = assert_replays_chess(&p);
        assert_eq!(state["result"], "0-1");
        assert_eq!(state["termination"], "checkmate");
    }
}
