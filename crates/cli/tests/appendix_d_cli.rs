//! `arbiter clock --visually-disabled white`: a blind White against a
//! sighted Black on two boards (the Laws from 2017, Appendix D). Scripted
//! through `--manual-time`: a press before the announcement is refused and
//! said (D.2.4), a slip of the tongue is corrected (D.2.8), the sighted
//! player presses without announcing (D.2.5), the arbiter retraces (D.2.9);
//! the log replays (`arbiter replay --json`) to the same report.

mod common;

use common::{arbiter, replay, scratch};

const SCRIPT: &str = "@0 b
@1000 move e4
@2000 w
@3000 announce d4
@4000 announce e4
@5000 w
@6000 b e5
@7000 announce Nf3
@9000 w
@10000 b Nc6
@11000 retrace 2 590 595
@12000 объявляю слон цэ четыре
@13000 w
q
";

#[test]
fn a_blind_white_against_a_sighted_black_on_two_boards() {
    let dir = scratch("clock-appendix-d");
    let log = dir.join("clock.jsonl");
    let r = arbiter(
        &[
            "clock",
            "--manual-time",
            "--control",
            "600+0",
            "--visually-disabled",
            "white",
            "--log",
            log.to_str().unwrap(),
        ],
        SCRIPT,
    );
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    // The rules are said at the start, the refused press when it happens.
    assert!(
        r.out
            .contains("White announces each move before pressing the clock (D.2.4)"),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("Refused: white has not announced his move"),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("White corrects the announcement"),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("retraces the game to half-move 2"),
        "{}",
        r.out
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains(r#""visually_disabled":["white"]"#),
        "{text}"
    );
    // The refused press is not in the log; the announcements are, after
    // their move and before the press.
    assert_eq!(text.matches(r#""type":"press""#).count(), 3, "{text}");
    assert!(
        text.contains(r#"{"at":4000,"type":"announce","side":"white","move":"e4"}"#),
        "{text}"
    );
    let v = replay(&log);
    assert_eq!(v["rejected"], serde_json::json!([]), "{v}");
    assert_eq!(v["moves"], serde_json::json!(["e4", "e5", "Bc4"]));
    assert_eq!(v["visually_disabled"], serde_json::json!(["white"]));
    let a = v["announcements"].as_array().unwrap();
    let said: Vec<&str> = a.iter().map(|x| x["move"].as_str().unwrap()).collect();
    assert_eq!(said, ["d4", "e4", "Nf3", "Bc4"]);
    assert_eq!(a[0]["differs"], true);
    assert_eq!(a[1]["correction"], true);
    assert!(v.get("boards_differ").is_none(), "{v}");
    assert_eq!(v["retraces"][0]["ply"], 2);
    assert_eq!(
        v["retraces"][0]["cancelled"],
        serde_json::json!(["Nf3", "Nc6"])
    );
    // Set at 11 s, White's clock ran to his press at 13 s.
    assert_eq!(v["clock"]["white_ms"], 590_000 - 2_000);
    assert_eq!(v["clock"]["black_ms"], 595_000);
    // The same log, replayed again, gives the same report.
    assert_eq!(replay(&log), v);
    // The text report lists the announcements and the retrace.
    let text = arbiter(&["replay", log.to_str().unwrap()], "");
    assert_eq!(text.code, Some(0), "{}", text.err);
    for line in [
        "Rules for blind players: white",
        "Announced at 0:00:03.000: white d4 (not the move on the board)",
        "Announced at 0:00:04.000: white e4 (a correction)",
        "Retraced at 0:00:11.000 to half-move 2, cancelling Nf3 Nc6; clocks set to White 0:09:50.000, Black 0:09:55.000",
    ] {
        assert!(text.out.contains(line), "{line}\n{}", text.out);
    }
}
