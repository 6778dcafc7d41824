//! The words of a live game: the session's typed announcements and their
//! sentences, its refusals, the set-up said before play, a claim read from
//! words, and a move's words kept for any listener. The session
//! (`arbiter-session`) decides what happens and re-exports these types at
//! its own paths; every sentence is made here.

pub mod announce;
pub mod claim_words;
pub mod move_words;
pub mod refusal;
pub mod said;
pub mod setup;
