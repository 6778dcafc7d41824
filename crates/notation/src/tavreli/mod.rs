//! Tavreli's words: the men's names, towers and moves described for a
//! screen reader, the answers to the position commands, and the move
//! reader's reasons, in English, Russian and German. The rule set
//! (`arbiter-tavreli`) gives typed positions, moves and errors; every
//! sentence about them is made here.

pub mod names;
pub mod queries;
pub mod reasons;
pub mod speech;
