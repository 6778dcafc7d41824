//! Counting search nodes against the caller's [`Budget`].

use crate::budget::Budget;

/// The search ran out of its slice of the budget, or the caller stopped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stop;

/// How often the caller's callback is asked (it may read a clock, which
/// costs far more than a node).
const ASK_EVERY: u64 = 1024;

/// How many look-ups of a state already seen make one node (see
/// [`Meter::tick_light`]). A look-up is a hash update and a table probe,
/// with its share of generating the moves of the state it comes from;
/// on the hard set of chasolver's tests, sixteen of them per node let the
/// enumeration settle about a tenth more undetermined sides for a few
/// percent more time, while more per node settled almost nothing more.
const LOOKUPS_PER_NODE: u32 = 16;

/// The nodes spent so far against the whole budget and the current slice.
pub(crate) struct Meter<'a> {
    used: u64,
    /// Look-ups counted since the last node they made up.
    lookups: u32,
    total: u64,
    cap: u64,
    /// No slice runs past this many nodes (a first look at the question).
    limit: u64,
    halted: bool,
    stop: Option<&'a dyn Fn() -> bool>,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(budget: Budget<'a>) -> Self {
        Meter {
            used: 0,
            lookups: 0,
            total: budget.nodes,
            cap: budget.nodes,
            limit: budget.nodes,
            halted: false,
            stop: budget.should_stop,
        }
    }

    /// A meter whose slices are shares of `budget` as with [`Meter::new`],
    /// but that stops for good once `limit` nodes are spent: the analysis
    /// runs the first `limit` nodes of its course under `budget`, so what
    /// it settles there it settles as it would with the whole budget.
    pub(crate) fn limited(budget: Budget<'a>, limit: u64) -> Self {
        Meter {
            limit: limit.min(budget.nodes),
            ..Meter::new(budget)
        }
    }

    /// The same meter with `used` nodes already spent (by an earlier run
    /// of the same question).
    pub(crate) fn resumed_at(self, used: u64) -> Self {
        Meter { used, ..self }
    }

    /// Whether this run's nodes are all spent: a slice still open ends
    /// here, not at its share's end.
    pub(crate) fn run_out(&self) -> bool {
        self.halted || self.used >= self.limit.min(self.total)
    }

    /// The whole budget's nodes.
    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    /// The node count at which the current slice ends.
    pub(crate) fn cap(&self) -> u64 {
        self.cap
    }

    /// End the current slice at `nodes` spent in all (at most the whole
    /// budget).
    pub(crate) fn cap_at(&mut self, nodes: u64) {
        self.cap = nodes.min(self.total).min(self.limit);
    }

    /// Whether the caller's callback has stopped the analysis.
    pub(crate) fn halted(&self) -> bool {
        self.halted
    }

    /// Count one node.
    pub(crate) fn tick(&mut self) -> Result<(), Stop> {
        if self.halted || self.used >= self.cap {
            return Err(Stop);
        }
        // Asked on the first node too, so that a deadline already past
        // stops the analysis at once.
        let ask = self.used.is_multiple_of(ASK_EVERY);
        self.used += 1;
        if ask && self.stop.is_some_and(|stop| stop()) {
            self.halted = true;
            return Err(Stop);
        }
        Ok(())
    }

    /// Count a move that generated no position: the enumeration found the
    /// state it leads to already seen from the hash alone, without playing
    /// it. Such a look-up costs a small part of a node (no position is
    /// copied, played, tested or stored), so [`LOOKUPS_PER_NODE`] of them
    /// make one node.
    pub(crate) fn tick_light(&mut self) -> Result<(), Stop> {
        self.lookups += 1;
        if self.lookups >= LOOKUPS_PER_NODE {
            self.lookups = 0;
            return self.tick();
        }
        if self.halted || self.used >= self.cap {
            return Err(Stop);
        }
        Ok(())
    }

    /// Nodes spent so far.
    pub(crate) fn used(&self) -> u64 {
        self.used
    }
}
