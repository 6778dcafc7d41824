//! Prints a move in every style: `cargo run --example show -- [FEN] UCI`.
use arbiter_notation::*;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (fen, mv) = match args.as_slice() {
        [m] => (None, m.as_str()),
        [f, m] => (Some(f.as_str()), m.as_str()),
        _ => (None, "g1f3"),
    };
    let pos = match position_from_fen(fen) {
        Ok(p) => p,
        Err(e) => return eprintln!("{e}"),
    };
    let (m, st) = match parse(&pos, mv, None) {
        Ok(x) => x,
        Err(e) => return eprintln!("{e}"),
    };
    println!("read as {}", st.key());
    for s in Style::all() {
        let t = render(&pos, m, s);
        let back = parse(&pos, &t, Some(s)).map(|(b, _)| b == m);
        let auto = parse(&pos, &t, None).map(|(b, d)| (b == m, d.key()));
        println!("{:10} {:40} {:?} {:?}", s.key(), t, back, auto);
    }
}
