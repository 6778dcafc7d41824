//! BRF laid out for an embosser: 40 cells a line, 25 lines a page, form
//! feeds between pages, CR LF line ends.

use arbiter_notation::braille::{Page, paginate_brf};

#[test]
fn long_lines_are_wrapped_at_a_blank_cell() {
    let line = ["ABCDEFGHI"; 9].join(" "); // 89 cells
    let out = paginate_brf(&line, Page::default());
    let lines: Vec<&str> = out.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], ["ABCDEFGHI"; 4].join(" "));
    // Nothing is lost but the blanks where the line was cut.
    assert_eq!(lines.join(" "), line);
    // A line with no blank is cut at 40 cells.
    let solid = "X".repeat(90);
    let out = paginate_brf(&solid, Page::default());
    let lines: Vec<&str> = out.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines.iter().map(|l| l.len()).collect::<Vec<_>>(),
        [40, 40, 10]
    );
}

#[test]
fn pages_of_25_lines_end_with_a_form_feed() {
    let text: String = (0..60).map(|i| format!("LINE {i}\n")).collect();
    let out = paginate_brf(&text, Page::default());
    let pages: Vec<&str> = out.split('\u{c}').collect();
    assert_eq!(pages.len(), 3);
    assert_eq!(pages[0].matches("\r\n").count(), 25);
    assert_eq!(pages[1].matches("\r\n").count(), 25);
    assert_eq!(pages[2].matches("\r\n").count(), 10);
    assert!(pages[1].starts_with("LINE 25\r\n"));
    assert!(!out.contains("\n\n") && !out.replace("\r\n", "").contains('\n'));
    // The page size is settable.
    let small = paginate_brf(
        &text,
        Page {
            cells: 40,
            lines: 10,
        },
    );
    assert_eq!(small.matches('\u{c}').count(), 5);
}
