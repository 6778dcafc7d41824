//! A move read once: [`Game::apply_move_read`] (the move's text read by the
//! caller, as the audit does) must leave every game exactly as
//! [`Game::apply`] of the same move event does, whatever came before: illegal
//! moves that stand, claims, presses, offers, in every edition and regime.

use arbiter_chess::Chess;
use arbiter_laws::game::Game;
use arbiter_laws::provisions::Provisions;
use arbiter_laws::timing::Timing;
use arbiter_laws::{ClaimKind, Event, GameConfig, RuleSet, Side, TimedEvent};
use arbiter_laws::{Edition, Regime, Supervision};
use proptest::prelude::*;

const MOVES: &[&str] = &[
    "e4", "e5", "d4", "d5", "Nf3", "Nc6", "Nf6", "Bb5", "Bc4", "O-O", "Ke2", "Ke3", "Qh5", "Qxf7",
    "exd5", "a6", "g1f3", "e2e4", "e7e5", "zz", "", "Nxe5", "Ng1", "Ng8", "h8=Q", "Kxe8", "Kxe1",
    "--", "Qxd8", "Bxf7",
];

/// One event of a random log: a move (with or without a press), a press, a
/// claim of an illegal move, a draw offer or a flag.
fn event(at: u64, kind: u8, white: bool, text: usize, press: bool) -> TimedEvent {
    let side = if white { Side::White } else { Side::Black };
    let event = match kind {
        0..=6 => Event::Move {
            side,
            mv: MOVES[text % MOVES.len()].to_string(),
            press,
            lag_ms: None,
        },
        7 => Event::Press { side },
        8 => Event::Claim {
            side,
            claim: ClaimKind::IllegalMove,
            intended: None,
        },
        9 => Event::OfferDraw { side },
        _ => Event::Flag { side },
    };
    TimedEvent { at, event }
}

/// What can be seen of a game from outside.
fn seen(g: &Game<Chess>) -> String {
    format!(
        "{:?} {} {} {:?} {:?} {:?} {:?} {} {} {:?}",
        g.outcome(),
        g.plies().len(),
        g.rules().position_text(g.position()),
        g.penalties(),
        g.illegal_moves(),
        g.notes(),
        g.claimable(),
        g.quiet_plies(),
        g.repetitions(),
        g.draw_offer(),
    )
}

fn config(edition: u8, regime: u8, reduced: bool) -> GameConfig {
    let edition = [
        Edition::E2005,
        Edition::E2017,
        Edition::E2018,
        Edition::E2023,
    ][usize::from(edition) % 4];
    let regime = [Regime::Standard, Regime::Rapid, Regime::Blitz][usize::from(regime) % 3];
    GameConfig {
        // Under reduced supervision an illegal move waits for a claim and
        // may stand, changing the position before the next move is read.
        provisions: Provisions::new(
            edition,
            regime,
            if reduced {
                Supervision::Reduced
            } else {
                Supervision::Full
            },
        ),
        ..Default::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn a_move_read_once_is_the_same_event(
        edition in 0u8..4,
        regime in 0u8..3,
        reduced in any::<bool>(),
        events in prop::collection::vec((0u8..11, any::<bool>(), 0usize..64, any::<bool>()), 1..60),
    ) {
        let mut by_event = Game::new(Chess::default(), config(edition, regime, reduced), None, Timing::none());
        let mut read_once = Game::new(Chess::default(), config(edition, regime, reduced), None, Timing::none());
        for (i, (kind, white, text, press)) in events.into_iter().enumerate() {
            let ev = event(1000 * i as u64, kind, white, text, press);
            let a = by_event.apply(&ev);
            let b = match &ev.event {
                Event::Move {
                    side, mv, press, ..
                } => {
                    let read = read_once.rules().parse_move(read_once.position(), mv);
                    read_once.apply_move_read(ev.at, *side, mv, *press, read)
                }
                _ => read_once.apply(&ev),
            };
            prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
            prop_assert_eq!(seen(&by_event), seen(&read_once));
        }
    }
}
