//! One test per rule of tavreli-rules.md §2–§3 and per §8 resolution; each would
//! fail under the alternative reading named in its comment.
use arbiter_laws::{Mateability, MoveInput, RuleSet, Status};
use arbiter_rules::Side;
use arbiter_tavreli::{
    Kind, NotationError, Position, Tavreli, fen, identity, is_zeroing, notation,
};

fn pos(t: &str) -> Position {
    fen::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"))
}
fn sq(s: &str) -> u8 {
    notation::parse_square(s).unwrap()
}
fn ok(p: &Position, m: &str) -> bool {
    notation::parse_move(p, m).is_ok()
}
fn play(p: &mut Position, moves: &str) {
    for t in moves.split_whitespace() {
        let (m, _) = notation::parse_move(p, t).unwrap_or_else(|e| panic!("{t}: {e}\n{p:?}"));
        p.make(m);
    }
}
fn kinds(p: &Position, s: &str) -> Vec<(Side, Kind)> {
    p.stack(sq(s)).iter().map(|m| (m.side, m.kind)).collect()
}
use Kind::*;
use Side::{Black, White};

// ---- §2 and §3

#[test]
fn s3_1_capture_keeps_the_prisoner_under_the_captor() {
    // alternative: the captured man leaves the board
    let mut p = pos("4k3/8/8/8/8/8/4n3/R3K3 w - - 0 1");
    play(&mut p, "a1-a2 e2-c3 a2-c2 c3-d5 c2-c8");
    let mut q = pos("4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1");
    play(&mut q, "a1-a5 e8-f7 a5-d5");
    assert_eq!(kinds(&q, "d5"), vec![(Black, Vsadnik), (White, Ratoborets)]);
    let _ = p;
}

#[test]
fn s3_2_stacking_on_own_men_is_a_move() {
    // alternative: only empty or enemy squares
    let p = Position::initial();
    assert!(ok(&p, "b1-d2"));
    assert!(ok(&p, "d1-d2"));
}

#[test]
fn s3_2_nothing_on_a_volkhv() {
    // alternative: the own volkhv may be stacked on like any own man
    let p = Position::initial();
    match notation::parse_move(&p, "d1-e1") {
        Err(NotationError::Illegal { token, reason }) => {
            assert_eq!(token, "d1-e1");
            assert_eq!(
                reason,
                notation::Illegal::OntoVolkhv {
                    square: sq("e1"),
                    own: true
                }
            );
            assert!(reason.to_string().contains("volkhv"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn s2_volkhv_may_step_onto_own_and_enemy_men_q2() {
    // alternative (S1 read narrowly / 11 records break): the volkhv may not stack
    assert!(ok(&Position::initial(), "e1-d2"));
    // §8 Q2: onto an unprotected enemy man, yes; onto a protected one, no
    assert!(ok(&pos("4k3/8/8/8/8/8/4n3/4K3 w - - 0 1"), "e1-e2"));
    assert!(!ok(&pos("4r2k/8/8/8/8/8/4n3/4K3 w - - 0 1"), "e1-e2"));
}

#[test]
fn s3_6_sliders_are_blocked_by_own_men() {
    // alternative: sliders pass over own men (3 records break)
    let p = Position::initial();
    assert!(!ok(&p, "a1-a3"));
    assert!(ok(&p, "a1-a2"));
    let q = pos("4k3/8/8/8/8/8/R7/R3K3 w - - 0 1");
    assert!(!ok(&q, "a1-a3"));
}

#[test]
fn s3_3_the_top_man_controls_and_alone_attacks() {
    // alternative: a buried man still attacks
    // a black ratoborets buried under a white ratnik on e4 does not check e1
    let p = pos("7k/8/8/8/4(rPR)3/8/8/4K3 w - - 0 1");
    assert!(!p.in_check());
    // the tower moves as its top man (a white ratnik: one step forward)
    assert!(ok(&p, "e4-e5"));
    assert!(!ok(&p, "e4-e7"));
}

#[test]
fn s3_4_split_remainder_acts_at_once_discovered_check() {
    // alternative: the part left behind is inert until its next move
    let mut p = pos("4k3/8/8/8/8/8/4(RN)3/K7 w - - 0 1");
    play(&mut p, "e2(1)-c3");
    assert!(p.in_check(), "the ratoborets left on e2 checks e8");
    assert_eq!(kinds(&p, "e2"), vec![(White, Ratoborets)]);
    assert_eq!(kinds(&p, "c3"), vec![(White, Vsadnik)]);
}

#[test]
fn s3_4_lift_count_means_men_taken_from_the_top() {
    // alternative: (n) = men left behind (14 records break)
    let mut p = pos("4k3/8/8/8/8/8/4(PHNB)3/K7 w - - 0 1");
    play(&mut p, "e2(2)-c4");
    assert_eq!(kinds(&p, "c4"), vec![(White, Vsadnik), (White, Luchnik)]);
    assert_eq!(kinds(&p, "e2"), vec![(White, Ratnik)]);
}

#[test]
fn s3_5_q12_freeing_an_enemy_who_checks_is_illegal() {
    // alternative: only the moving part counts for self-check
    let p = pos("7k/8/8/8/8/8/4(rN)3/4K3 w - - 0 1");
    assert!(!ok(&p, "e2(1)-c3"));
    assert!(ok(&p, "e2-c3"), "the whole tower carries the prisoner away");
}

#[test]
fn s2_ratnik_straight_only_to_empty_or_own_topped() {
    // alternative: straight onto enemy (chess-like capture ahead)
    assert!(!ok(&pos("4k3/8/8/8/8/4n3/4PH'3/K7 w - - 0 1"), "e2-e3"));
    assert!(ok(&pos("4k3/8/8/8/8/4N3/4PH'3/K7 w - - 0 1"), "e2-e3"));
}

#[test]
fn s2_ratnik_diagonal_only_onto_enemy() {
    // alternative: diagonal onto own or empty
    assert!(!ok(&pos("4k3/8/8/8/8/3N4/4PH'3/K7 w - - 0 1"), "e2-d3"));
    assert!(!ok(&pos("4k3/8/8/8/8/8/4PH'3/K7 w - - 0 1"), "e2-d3"));
    assert!(ok(&pos("4k3/8/8/8/8/3n4/4PH'3/K7 w - - 0 1"), "e2-d3"));
}

#[test]
fn q1_double_step_needs_an_empty_passed_square() {
    // alternative (S1): only enemy men block the passed square
    let p = pos("4k3/8/8/8/8/4N3/4PH3/K7 w - - 0 1");
    assert!(!ok(&p, "e2-e4"));
    assert!(
        ok(&pos("4k3/8/8/8/4N3/8/4PH3/K7 w - - 0 1"), "e2-e4"),
        "landing on an own man is fine"
    );
}

#[test]
fn q9_double_step_lost_by_carrying_kept_by_being_captured() {
    // alternative: the right depends on the square, not on the man's history
    let mut p = pos("7k/8/8/8/8/8/4(PHR)3/K7 w - - 0 1");
    play(&mut p, "e2-e3 h8-g8 e3-e2 g8-h8 e2(1)-d2 h8-g8");
    assert!(!ok(&p, "e2-e4"), "carried away and back: moved");
    assert!(ok(&p, "e2-e3"));
    let mut q = pos("4r2k/8/8/8/8/8/4PH3/K7 b - - 0 1");
    play(&mut q, "e8-e2 a1-b1 e2(1)-e8");
    assert!(
        ok(&q, "e2-e4"),
        "captured and freed without moving: keeps the right"
    );
}

#[test]
fn s3_2_q10_en_passant_puts_the_ratnik_back_under_the_capturer() {
    // alternative: as in chess, the taken ratnik leaves the board
    let mut p = pos("4k3/3pq4/8/4PH3/8/8/8/K7 b - - 0 1");
    play(&mut p, "d7-d5 e5-d6");
    assert_eq!(kinds(&p, "d6"), vec![(Black, Ratnik), (White, Ratnik)]);
    assert_eq!(p.height(sq("d5")), 0);
    // only on the very next move
    let mut q = pos("4k3/3pq4/8/4PH3/8/8/8/K7 b - - 0 1");
    play(&mut q, "d7-d5 a1-b1 e8-f8");
    assert!(!ok(&q, "e5-d6"));
}

#[test]
fn q10_en_passant_after_landing_on_an_own_stack() {
    // alternative: the whole landing stack is taken, or e.p. is impossible
    let mut p = pos("4k3/3pq4/8/3(b)PH3/8/8/8/K7 b - - 0 1");
    play(&mut p, "d7-d5");
    assert_eq!(p.height(sq("d5")), 2);
    play(&mut p, "e5-d6");
    assert_eq!(
        kinds(&p, "d5"),
        vec![(Black, Luchnik)],
        "the own stack stays where it is"
    );
    assert_eq!(kinds(&p, "d6"), vec![(Black, Ratnik), (White, Ratnik)]);
    // the capturer may be the top of a tower, lifting part of it
    let mut q = pos("4k3/3pq4/8/4(NPH)3/8/8/8/K7 b - - 0 1");
    play(&mut q, "d7-d5 e5(1)-d6");
    assert_eq!(kinds(&q, "e5"), vec![(White, Vsadnik)]);
}

#[test]
fn s3_3_q19_promotion_to_the_marked_piece() {
    // alternative: free choice / always a knyaz
    let mut p = pos("k7/4PH'3/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut p, "e7-e8");
    let t = p.top_man(sq("e8")).unwrap();
    assert_eq!((t.kind, t.promoted), (Helgi, true));
    let mut q = pos("4k3/PR'7/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut q, "a7-a8");
    assert_eq!(q.top_man(sq("a8")).unwrap().kind, Ratoborets);
}

#[test]
fn s3_3_inside_a_tower_no_promotion_until_uncovered() {
    // alternative: a ratnik promotes whenever it reaches the last rank
    let mut p = pos("k7/4(PHR)3/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut p, "e7-e8");
    assert_eq!(p.stack(sq("e8"))[0].kind, Ratnik);
    play(&mut p, "a8-b7 e8(1)-e2");
    let e8 = p.top_man(sq("e8")).unwrap();
    assert_eq!(
        (e8.kind, e8.promoted),
        (Helgi, true),
        "the split promotes at once"
    );
}

#[test]
fn q6_uncovered_by_the_opponent_also_promotes() {
    // alternative: only the owner's own split promotes
    // a black e-file ratnik buried under a white ratoborets on Black's last rank
    let mut r = pos("7k/8/8/8/8/K7/8/4(phR)3 w - - 0 1");
    play(&mut r, "e1(1)-e5");
    let t = r.top_man(sq("e1")).unwrap();
    assert_eq!((t.side, t.kind, t.promoted), (Black, Helgi, true));
}

#[test]
fn q7_q13_demotion_by_own_and_enemy_men() {
    // alternative (S5): only an enemy man demotes
    let mut q = pos("4H~3/8/7k/8/8/8/8/R3K3 w - - 0 1");
    play(&mut q, "a1-a8 h6-h7 a8-e8");
    let st = q.stack(sq("e8"));
    assert_eq!(
        (st[0].kind, st[0].promoted),
        (Ratnik, false),
        "own man demotes"
    );
    let mut r = pos("r3H~2k/8/8/8/8/8/8/4K3 b - - 0 1");
    play(&mut r, "a8-e8");
    assert_eq!(r.stack(sq("e8"))[0].kind, Ratnik, "enemy man demotes");
}

#[test]
fn q8_a_promoted_ratnik_leaving_the_last_rank_stays_promoted() {
    // alternative: it reverts when it leaves the last rank
    let mut p = pos("4H~3/8/7k/8/8/8/8/K7 w - - 0 1");
    play(&mut p, "e8-e4");
    assert_eq!(p.top_man(sq("e4")).unwrap().kind, Helgi);
}

#[test]
fn s3_1_q5_castling_with_towers() {
    // a ratoborets carrying an enemy man on its corner: not alone, no castling
    let p = pos("4k3/8/8/8/8/8/8/4K2(Rn) w K - 0 1");
    assert!(!ok(&p, "0-0"));
    // captured and freed without moving: castling allowed (§8 Q5)
    let mut q = pos("4k3/8/8/8/8/8/8/4K2(Rn) b K - 0 1");
    play(&mut q, "h1(1)-f2");
    // the vsadnik on f2 does not attack e1, f1 or g1
    assert!(
        ok(&q, "0-0"),
        "alternative: a captured ratoborets loses castling"
    );
    q.make(notation::parse_move(&q, "0-0").unwrap().0);
    assert_eq!(kinds(&q, "g1"), vec![(White, Volkhv)]);
    assert_eq!(kinds(&q, "f1"), vec![(White, Ratoborets)]);
    // through an attacked square: no
    assert!(!ok(&pos("4kr2/8/8/8/8/8/8/4K2R w K - 0 1"), "0-0"));
}

#[test]
fn q11_ratniks_attack_empty_squares() {
    // alternative: a ratnik attacks only squares it could capture on
    let p = pos("4k3/8/8/8/8/3pq4/8/4K3 w - - 0 1");
    assert!(!ok(&p, "e1-e2"));
    assert!(ok(&p, "e1-f1"));
}

#[test]
fn q3_volkhv_topped_towers_move_whole_or_in_part() {
    // alternative: a volkhv must leave its tower alone
    let p = pos("4k3/8/8/8/8/8/8/(NK)7 w - - 0 1");
    assert!(ok(&p, "a1-a2"));
    assert!(ok(&p, "a1(1)-b1"));
    let mut q = p.clone();
    play(&mut q, "a1(1)-b1");
    assert_eq!(kinds(&q, "a1"), vec![(White, Vsadnik)]);
}

#[test]
fn q4_q14_two_parts_only_and_never_back_onto_the_origin() {
    let mut p = pos("7k/8/8/8/8/8/4(PHNBR)3/K7 w - - 0 1");
    let all = p.legal_moves();
    assert!(all.iter().all(|m| m.from() != m.to()));
    // every move from e2 leaves exactly h-k men on e2 and k on the target
    for m in all.iter().filter(|m| m.from() == sq("e2")) {
        let mut c = p.clone();
        c.make(*m);
        assert_eq!(c.height(sq("e2")), 4 - m.count() as usize);
        assert_eq!(c.height(m.to()), m.count() as usize);
    }
    assert!(matches!(
        notation::parse_token("e2-e2"),
        Err(NotationError::Malformed { .. })
    ));
}

#[test]
fn q15_fifty_move_counting() {
    let p = pos("7k/8/8/8/8/8/4(PHR)3/K7 w - - 0 1");
    let mv = |t: &str| notation::parse_move(&p, t).unwrap().0;
    assert!(
        !is_zeroing(&p, mv("e2(1)-d2")),
        "a split onto an empty square does not reset"
    );
    assert!(!is_zeroing(&p, mv("a1-b1")));
    let q = pos("7k/8/8/8/8/8/3PNR3/K7 w - - 0 1");
    let mv = |t: &str| notation::parse_move(&q, t).unwrap().0;
    assert!(is_zeroing(&q, mv("e2-d2")), "building a tower resets");
    assert!(is_zeroing(&q, mv("d2-d3")), "a ratnik move resets");
    let r = pos("4H~3/8/7k/8/8/8/8/K7 w - - 0 1");
    assert!(
        !is_zeroing(&r, notation::parse_move(&r, "e8-e4").unwrap().0),
        "a promoted ratnik is no ratnik"
    );
    let mut e = Position::initial();
    play(&mut e, "b1-c3 b8-c6 c3(1)-b1");
    assert_eq!(e.halfmove_clock(), 3);
    assert!(Tavreli::default().has_move_count_rules());
    assert!(
        !Tavreli {
            fifty_move_rule: false
        }
        .has_move_count_rules()
    );
}

#[test]
fn q16_identity_compares_whole_stacks_bottom_to_top() {
    // alternative: compare only the top layer
    let a = pos("7k/8/8/8/4(nBR)3/8/8/K7 w - - 0 1");
    let b = pos("7k/8/8/8/4(BnR)3/8/8/K7 w - - 0 1");
    assert_ne!(identity(&a), identity(&b));
    // ratnik marks are part of the man
    let c = pos("4k3/8/8/8/4PR3/8/8/K7 w - - 0 1");
    let d = pos("4k3/8/8/8/4PN3/8/8/K7 w - - 0 1");
    assert_ne!(identity(&c), identity(&d));
    // and the same men give the same identity, move counters aside
    let e = pos("7k/8/8/8/4(nBR)3/8/8/K7 w - - 7 30");
    assert_eq!(identity(&a), identity(&e));
    // repetition by moving back and forth
    let mut f = Position::initial();
    let start = identity(&f);
    play(&mut f, "b1-c3 b8-c6 c3-b1 c6-b8");
    assert_eq!(identity(&f), start);
}

#[test]
fn q17_mateability_only_bare_volkhv_is_impossible() {
    let rules = Tavreli::default();
    let p = pos("4k3/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(rules.mateability(&p, White), Mateability::Impossible);
    // a white man buried under a black one can be freed: possible
    let q = pos("4k3/8/8/8/4(Nr)3/8/8/K7 w - - 0 1");
    assert_eq!(rules.mateability(&q, White), Mateability::Possible);
}

#[test]
fn q18_unlimited_height() {
    let p = pos("4k3/8/8/8/8/8/8/K2(PRPNPBPQPHPBPNPRRNBQ)4 w - - 0 1");
    assert_eq!(p.height(sq("d1")), 12);
    assert!(ok(&p, "d1-d8") || ok(&p, "d1-h5"));
    assert!(ok(&p, "d1(11)-d4"));
}

#[test]
fn q20_a_ratnik_carried_to_its_first_rank_moves_as_a_ratnik() {
    let p = pos("4k3/8/8/8/8/8/8/K2PH'4 w - - 0 1");
    assert!(ok(&p, "d1-d2"));
    assert!(!ok(&p, "d1-d3"), "moved: no double step");
}

#[test]
fn s3_4_mate_and_stalemate() {
    let rules = Tavreli::default();
    // back-rank mate by a ratoborets
    // a chess back-rank mate is no mate: the volkhv climbs onto f7
    let mate = pos("R5k1/5pbpnpr/8/8/8/8/8/K7 b - - 0 1");
    let st = rules.status(&mate);
    assert!(mate.in_check());
    // the volkhv may climb onto its own ratniks (g8-f7 etc.) so it is not mate
    assert_eq!(
        st,
        Status::Ongoing,
        "tavreli volkhvs can climb onto own men"
    );
    let stale = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(rules.status(&stale), Status::Stalemate);
    let mated = pos("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(rules.status(&mated), Status::Checkmate);
}

// ---- bad input

#[test]
fn bad_notation_names_token_and_reason() {
    let rules = Tavreli::default();
    let p = pos("7k/8/8/8/8/8/4(PHR)3/K7 w - - 0 1");
    match rules.parse_move(&p, "e2(0)-c3") {
        MoveInput::Malformed { reason, .. } => assert!(
            reason.contains("e2(0)-c3") && reason.contains("at least one"),
            "{reason}"
        ),
        o => panic!("{o:?}"),
    }
    match rules.parse_move(&p, "e2(9)-e4") {
        MoveInput::Illegal { reason } => assert!(
            reason.contains("e2(9)-e4") && reason.contains("only 2"),
            "{reason}"
        ),
        o => panic!("{o:?}"),
    }
    match rules.parse_move(&p, "h8-h7") {
        MoveInput::Illegal { reason } => assert!(reason.contains("black"), "{reason}"),
        o => panic!("{o:?}"),
    }
    match rules.parse_move(&Position::initial(), "f1-e1") {
        MoveInput::Illegal { reason } => assert!(reason.contains("volkhv"), "{reason}"),
        o => panic!("{o:?}"),
    }
    for bad in [
        "",
        "e2",
        "e2-",
        "z9-e4",
        "e2(x)-e4",
        "e2(1-e4",
        "e2e4",
        "e2-e4-e5",
        "e2(99999)-e4",
        "ё",
        "((",
        "0-0-0-0",
    ] {
        assert!(
            matches!(rules.parse_move(&p, bad), MoveInput::Malformed { .. }),
            "{bad:?}"
        );
    }
    assert!(
        matches!(rules.parse_move(&p, "c3-c4"), MoveInput::Illegal { .. }),
        "empty square"
    );
}

#[test]
fn bad_position_text_names_token_and_reason() {
    for (t, needle) in [
        ("", "empty"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "volkhv"),
        ("4k3/8/8/8/8/8/8/K6 w - - 0 1", "7 squares"),
        ("4k3/8/8/8/8/8/8/K8 w - - 0 1", "fit"),
        ("4k3/8/8/8/8/8/8/K7 x - - 0 1", "side"),
        ("4k3/8/8/8/8/8/8/(KN)7 w - - 0 1", "volkhv"),
        ("4k3/8/8/8/8/8/8/K7 w - e9 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/K7 w KQ - 0 1", "needs"),
        ("4k3/8/8/8/8/8/8/KX6 w - - 0 1", "X"),
        ("4k3/8/8/8/8/8/8/KP6 w - - 0 1", "mark"),
        ("4k3/8/8/8/8/8/8/KH6 w - - 0 1", "helgi"),
        ("4k3/8/8/8/8/8/8/K(NN7 w - - 0 1", "closing"),
        ("4k3/8/8/8/8/8/8/KQQ5 w - - 0 1", "too many"),
        ("4k3/8/8/8/8/8/8/K7 w - - zero 1", "number"),
        ("4k3/4R3/8/8/8/8/8/K7 w - - 0 1", "check"),
    ] {
        let e = fen::parse(t).expect_err(t);
        assert!(e.to_string().contains(needle), "{t}: {e}");
    }
}

#[test]
fn position_text_round_trips() {
    let mut p = Position::initial();
    let t0 = fen::to_text(&p);
    assert_eq!(
        t0,
        "RPrpnpbpqphpbpnprpr".chars().take(0).collect::<String>() + &t0
    );
    assert!(
        t0.starts_with("rnbqkbnr/prpnpbpqphpbpnpr/8/8/8/8/PRPNPBPQPHPBPNPR/RNBQKBNR w KQkq - 0 1")
    );
    for line in [
        "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3 d5(1)-c4",
        "g1-f3 e7-e5 f3-e5 f8-c5 e5(1)-d7",
    ] {
        let mut q = p.clone();
        for t in line.split_whitespace() {
            let (m, _) = notation::parse_move(&q, t).unwrap();
            q.make(m);
            let text = fen::to_text(&q);
            let mut back = fen::parse(&text).unwrap();
            assert_eq!(fen::to_text(&back), text);
            assert_eq!(identity(&back), identity(&q));
            assert_eq!(back.legal_moves().len(), q.clone().legal_moves().len());
        }
    }
    p = pos("7k/8/8/8/4(nBR)3/8/PR'7/K7 w - - 0 1");
    assert_eq!(fen::to_text(&p), "7k/8/8/8/4(nBR)3/8/PR'7/K7 w - - 0 1");
}

#[test]
fn unlawful_move_that_stands_is_applied_as_written() {
    let rules = Tavreli::default();
    let p = Position::initial();
    // a ratoborets jumping over its own ratnik: against §3.6, but it can stand
    let q = rules.play_unlawful(&p, "a1-a4").expect("representable");
    assert_eq!(kinds(&q, "a4"), vec![(White, Ratoborets)]);
    assert_eq!(q.side_to_move(), Black);
    assert!(
        rules.play_unlawful(&p, "d1-e1").is_none(),
        "onto a volkhv cannot be represented"
    );
    assert!(
        rules.play_unlawful(&p, "e7-e5").is_none(),
        "not the mover's man"
    );
    assert!(rules.play_unlawful(&p, "a1(3)-a4").is_none());
    assert_eq!(
        rules.halfmove_clock(&pos("7k/8/8/8/8/8/8/K7 w - - 17 40")),
        17
    );
}

#[test]
fn s3_1_castling_is_lost_for_good_when_the_volkhv_moves() {
    // alternative: the right comes back when the volkhv returns home
    let mut p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(ok(&p, "0-0"));
    play(&mut p, "e1-f1 e8-d8 f1-e1 d8-e8");
    assert!(!ok(&p, "0-0"));
    assert!(fen::to_text(&p).contains(" w - "), "{}", fen::to_text(&p));
}

#[test]
fn s3_3_a_ratnik_topped_tower_promotes_its_top_on_arrival() {
    // alternative: only a lone ratnik promotes
    let mut p = pos("k7/4(NPH')3/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut p, "e7-e8");
    let st = p.stack(sq("e8"));
    assert_eq!(st.len(), 2);
    assert_eq!((st[1].kind, st[1].promoted), (Helgi, true));
    assert_eq!(st[0].kind, Vsadnik);
}
