//! Shortened helpmates ([`shorten_helpmate`]) against the lines the
//! analysis gives, on positions of real games (every 256th of the lichess
//! set of chasolver's tests): each is legal, ends in the same side's mate,
//! is never longer, and the wandering lines get shorter.

use arbiter_unwinnable::{Budget, Horizon, Verdict, can_mate, composed_position, shorten_helpmate};
use shakmaty::{Chess, Color, Position};

/// Whether `line` from `pos` is legal and ends in `winner`'s mate.
fn mates(pos: &Chess, line: &[shakmaty::Move], winner: Color) -> bool {
    let mut p = pos.clone();
    for m in line {
        if !p.is_legal(*m) {
            return false;
        }
        p.play_unchecked(*m);
    }
    p.is_checkmate() && p.turn() != winner
}

#[test]
fn shortened_helpmates_mate_and_are_never_longer() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/unwinnability/lichess.txt"
    );
    let text = std::fs::read_to_string(path).expect("the lichess set");
    let (mut lines, mut shorter, mut before, mut after) = (0, 0, 0, 0);
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .step_by(256)
    {
        let pos = composed_position(l[2..].trim().parse().unwrap()).unwrap();
        for side in Color::ALL {
            let Verdict::Winnable { helpmate } = can_mate(&pos, side, Budget::DEFAULT) else {
                continue;
            };
            let short = shorten_helpmate(&pos, &helpmate, Horizon::Unbounded, 200_000);
            assert!(mates(&pos, &short, side), "{l} {side:?}");
            assert!(short.len() <= helpmate.len(), "{l} {side:?}");
            lines += 1;
            shorter += usize::from(short.len() < helpmate.len());
            before += helpmate.len();
            after += short.len();
        }
    }
    println!("{lines} helpmates, {shorter} shortened, {before} plies to {after}");
    assert!(lines > 200 && shorter * 4 > lines, "{shorter} of {lines}");
}

/// Under the 75-move rule the shortened line still mates before the
/// quiet plies run out.
#[test]
fn a_shortened_line_keeps_to_the_horizon() {
    let pos = composed_position("8/8/8/4k3/8/8/8/R3K3 w - - 120 1".parse().unwrap()).unwrap();
    let horizon = Horizon::seventy_five_move_rule(120);
    let Verdict::Winnable { helpmate } =
        arbiter_unwinnable::can_mate_within(&pos, Color::White, horizon, Budget::DEFAULT)
    else {
        panic!("thirty quiet plies are enough for a rook's mate");
    };
    let short = shorten_helpmate(&pos, &helpmate, horizon, 200_000);
    assert!(short.len() <= 30 && mates(&pos, &short, Color::White));
}
