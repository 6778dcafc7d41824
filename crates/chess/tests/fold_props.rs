//! Property tests of the fold: any sequence of events, in any edition and
//! regime, is either applied or rejected with a reason — never a panic — and
//! a few invariants hold whatever happens.

use arbiter_chess::Chess;
use arbiter_laws::log::parse_log;
use arbiter_laws::replay::{replay, report};
use arbiter_laws::{MoveInput, RuleSet};
use proptest::prelude::*;

const MOVES: &[&str] = &[
    "e4", "e5", "d4", "d5", "Nf3", "Nc6", "Nf6", "Bb5", "Bc4", "O-O", "Ke2", "Ke3", "Qh5", "Qxf7",
    "exd5", "a6", "g1f3", "e2e4", "e7e5", "zz", "", "Nxe5", "Ng1", "Ng8", "h8=Q", "Kxe8",
];
const CLAIMS: &[&str] = &[
    "threefold",
    "fifty_moves",
    "illegal_move",
    "quickplay_finish",
    "increment",
    "time",
    "bogus",
];
const ACTIONS: &[&str] = &[
    "pause",
    "resume",
    "add_time",
    "deduct_time",
    "warning",
    "increase_points",
    "reduce_points",
    "declare_lost",
    "fine",
    "exclude_rounds",
    "expel",
    "declare_result",
    "wrong_initial_position",
    "board_orientation",
    "reversed_colours",
    "displaced_pieces",
    "restore",
    "illegal_move",
    "quickplay_accept",
    "quickplay_postpone",
    "quickplay_reject",
    "quickplay_increment",
];

fn event() -> impl Strategy<Value = (u64, u8, u8, usize, bool, usize)> {
    (
        0u64..200_000,
        0u8..12,
        0u8..2,
        0usize..64,
        any::<bool>(),
        0usize..64,
    )
}

fn line(at: u64, (_, kind, side, a, flag, b): (u64, u8, u8, usize, bool, usize)) -> String {
    let side = if side == 0 { "white" } else { "black" };
    match kind {
        0..=3 => format!(
            "{{\"at\":{at},\"type\":\"move\",\"side\":\"{side}\",\"move\":\"{}\",\"press\":{flag}}}",
            MOVES[a % MOVES.len()]
        ),
        4 => format!("{{\"at\":{at},\"type\":\"press\",\"side\":\"{side}\"}}"),
        5 => format!("{{\"at\":{at},\"type\":\"offer_draw\",\"side\":\"{side}\"}}"),
        6 => format!("{{\"at\":{at},\"type\":\"accept_draw\",\"side\":\"{side}\"}}"),
        7 => format!(
            "{{\"at\":{at},\"type\":\"claim\",\"side\":\"{side}\",\"claim\":\"{}\",\"intended\":\"{}\"}}",
            CLAIMS[a % CLAIMS.len()],
            MOVES[b % MOVES.len()]
        ),
        8 => format!(
            "{{\"at\":{at},\"type\":\"{}\",\"side\":\"{side}\"}}",
            if flag { "flag" } else { "resign" }
        ),
        9 => format!("{{\"at\":{at},\"type\":\"arrive\",\"side\":\"{side}\"}}"),
        _ => format!(
            "{{\"at\":{at},\"type\":\"arbiter\",\"action\":\"{}\",\"side\":\"{side}\",\"ms\":{},\"result\":\"{}\",\"ply\":{}}}",
            ACTIONS[a % ACTIONS.len()],
            (b as i64 - 8) * 10_000,
            ["1-0", "0-1", "1/2-1/2", "0-0", "*", "2-0"][b % 6],
            b % 5
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, .. ProptestConfig::default() })]

    #[test]
    fn any_event_sequence_folds_without_panic(
        edition in 0usize..4,
        tc in 0usize..6,
        regime in 0usize..4,
        reduced in any::<bool>(),
        events in proptest::collection::vec(event(), 0..60),
        monotone in any::<bool>(),
    ) {
        let edition = ["2005", "2017", "2018", "2023"][edition];
        let tc = ["", ",\"time_control\":\"300+2\"", ",\"time_control\":\"40/5400+30:1800+30\"", ",\"time_control\":\"60\"", ",\"time_control\":\"900d5\"", ",\"time_control\":\"180b2\""][tc];
        let regime = ["", ",\"regime\":\"rapid\"", ",\"regime\":\"blitz\"", ",\"regime\":\"standard\""][regime];
        let sup = if reduced { ",\"supervision\":\"reduced\"" } else { "" };
        let mut text = format!("{{\"format\":\"arbiter-log\",\"version\":1,\"edition\":\"{edition}\"{tc}{regime}{sup},\"quickplay_finish\":true}}\n");
        let mut at = 0;
        for e in &events {
            at = if monotone { at + e.0 % 20_000 } else { e.0 };
            text.push_str(&line(at, *e));
            text.push('\n');
        }
        let log = parse_log(&text).unwrap();
        let (game, rejected) = replay(Chess::default(), &log).unwrap();
        let r = report(&game, rejected.clone());
        // Every line was either applied or rejected, never both, never lost.
        prop_assert!(rejected.len() <= events.len());
        // A ply comes from a move, a claim's intended move, or a press without
        // a move that stood unclaimed in reduced play (L-7.5c, L-A.5.2).
        let move_events = events.iter().filter(|e| e.1 <= 4 || e.1 == 7).count();
        prop_assert!(r.ply <= move_events);
        // The moves in the report replay from the start to the reported FEN.
        // (A move that stood unlawfully in reduced play is replayed as such.)
        let rules = Chess::default();
        let mut pos = rules.initial_position();
        for m in &r.moves {
            pos = match rules.parse_move(&pos, m) {
                MoveInput::Legal(mv) => { rules.play(&mut pos, &mv); pos }
                _ => rules.play_unlawful(&pos, m).expect("a recorded unlawful move can be replayed"),
            };
        }
        prop_assert_eq!(rules.position_text(&pos), r.fen.clone());
        // Illegal moves counted on the ladder never exceed what ends a game.
        prop_assert!(r.illegal_moves.white <= 3 && r.illegal_moves.black <= 3);
        if r.termination.is_some() {
            prop_assert!(["1-0", "0-1", "1/2-1/2", "0-0"].contains(&r.result.as_str()));
        } else {
            prop_assert_eq!(r.result.as_str(), "*");
        }
    }
}
