//! Questions asked again with more nodes until they are settled or the
//! caller says stop: how a front end answers within a time limit while
//! this crate still never reads the clock (the caller's callbacks do).

use shakmaty::{ByColor, Chess, Color};

use crate::{Budget, Horizon, Verdict, can_mate_each, can_mate_within};

/// The caller's limit: when to stop, and how many nodes the time it has
/// left holds (its own estimate, e.g. milliseconds left × nodes per ms).
#[derive(Clone, Copy)]
pub struct Until<'a> {
    /// `true` once the caller wants an answer now.
    pub stop: &'a dyn Fn() -> bool,
    /// The nodes the caller's remaining time holds.
    pub nodes_left: &'a dyn Fn() -> u64,
}

/// `side`'s verdict by `until`: asked with the nodes the time left holds
/// (at least [`Budget::DEFAULT`]'s), then again with twice the nodes
/// while time is left, so a longer limit always searches at least as far
/// as a shorter one (the repeated work costs at most as much as the last
/// attempt). A node count, not the stop alone, bounds each attempt: the
/// analysis spends its nodes in growing slices, and an unbounded count
/// would leave the whole time to the first slice.
pub fn can_mate_until(pos: &Chess, side: Color, horizon: Horizon, until: Until<'_>) -> Verdict {
    let mut nodes = (until.nodes_left)().max(Budget::DEFAULT.nodes);
    loop {
        let budget = Budget::nodes(nodes).with_stop(until.stop);
        let verdict = can_mate_within(pos, side, horizon, budget);
        if verdict != Verdict::Undetermined || (until.stop)() {
            return verdict;
        }
        nodes = nodes.saturating_mul(2);
    }
}

/// Both sides' verdicts by `until`, pooled as [`can_mate_each`] pools
/// them: each side starts with the nodes half the time left holds, then
/// twice that while both are open; once one side is settled, the other
/// is asked alone ([`can_mate_until`]) with all the time that is left.
pub fn can_mate_each_until(pos: &Chess, horizon: Horizon, until: Until<'_>) -> ByColor<Verdict> {
    let mut nodes = ((until.nodes_left)() / 2).max(Budget::DEFAULT.nodes);
    loop {
        let budget = Budget::nodes(nodes).with_stop(until.stop);
        let mut v = can_mate_each(pos, horizon, budget);
        let open = |v: &Verdict| *v == Verdict::Undetermined;
        match (open(&v.white), open(&v.black)) {
            (false, false) => return v,
            _ if (until.stop)() => return v,
            (true, true) => nodes = nodes.saturating_mul(2),
            (true, false) => {
                v.white = can_mate_until(pos, Color::White, horizon, until);
                return v;
            }
            (false, true) => {
                v.black = can_mate_until(pos, Color::Black, horizon, until);
                return v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::composed_position;

    fn pos(fen: &str) -> Chess {
        composed_position(fen.parse().expect("FEN")).expect("position")
    }

    #[test]
    fn a_stop_at_once_still_answers_the_easy_question() {
        let never = || false;
        let none = || 0;
        let until = Until {
            stop: &never,
            nodes_left: &none,
        };
        // Bare kings: nobody can mate, settled in a glance.
        let v = can_mate_each_until(
            &pos("8/8/4k3/8/8/4K3/8/8 w - - 0 1"),
            Horizon::Unbounded,
            until,
        );
        assert_eq!(
            (v.white, v.black),
            (Verdict::Unwinnable, Verdict::Unwinnable)
        );
        // The initial position: both can mate.
        let start = Chess::default();
        assert!(matches!(
            can_mate_until(&start, Color::White, Horizon::Unbounded, until),
            Verdict::Winnable { .. }
        ));
    }
}
