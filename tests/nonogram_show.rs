//! `show` on a nonogram says what applies to it: minimality (no given can
//! go) is a givens notion a nonogram's clues do not have.

mod common;

#[test]
fn show_says_minimality_does_not_apply_to_a_nonogram() {
    let dir = common::workdir("nonogram-show", "minimal");
    let db = dir.join("n.db");
    let db = db.to_str().unwrap();
    common::ok(&["generate", "nonogram-5x5", "--count", "1", "--seed", "2", "--db", db]);
    let shown = common::ok(&["show", "1", "--db", db]);
    let minimal = shown.lines().find(|l| l.starts_with("minimal")).expect("a minimal line");
    assert!(minimal.contains("does not apply") && minimal.contains("no givens to take away"), "{minimal}");
    assert!(!minimal.contains("unknown"), "{minimal}");
    // A sudoku keeps its own words.
    common::ok(&["generate", "classic-4", "--count", "1", "--seed", "2", "--db", db]);
    let shown = common::ok(&["show", "2", "--db", db]);
    let minimal = shown.lines().find(|l| l.starts_with("minimal")).expect("a minimal line");
    assert!(!minimal.contains("does not apply"), "{minimal}");
    let _ = std::fs::remove_dir_all(&dir);
}
