//! `show` on a nonogram says what applies to it: minimality (no given can
//! go) is a givens notion a nonogram's clues do not have.
//! Its score line is the family's: level, logic needed, line logic's work.

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

/// The grade line of a known nonogram, worked out by hand: a 5×5 frame
/// with a centre dot (rows and columns 5, 1 1, 1 1 1, 1 1, 5). A sweep of
/// the rows then the columns decides the three full rows (5, 1 1 1, 5)
/// and then every column (each knows rows 1, 3 and 5): 8 of its 10 line
/// solves give cells, and a second sweep of 10 gives none. The solver's
/// round 1 decides all 25 cells, round 2 finds nothing more.
#[test]
fn show_grades_a_nonogram_by_its_logic_not_a_candidate_score() {
    let dir = common::workdir("nonogram-show", "grade");
    let db = dir.join("n.db");
    let db = db.to_str().unwrap();
    let file = dir.join("frame.txt");
    std::fs::write(&file, "5/1.1/1.1.1/1.1/5|5/1.1/1.1.1/1.1/5\n").unwrap();
    common::ok(&["import", file.to_str().unwrap(), "--layout", "nonogram-5x5", "--db", db]);
    let shown = common::ok(&["show", "1", "--db", db]);
    let score = shown.lines().find(|l| l.starts_with("score")).expect("a score line");
    assert_eq!(score, "score     easy: only line logic; line logic decides 25 of 25 cells in 2 rounds (8 of 20 line solves gave cells)");
    // A puzzle line logic cannot finish says what it needs and how far line logic gets.
    common::ok(&["generate", "nonogram-40x40", "--count", "1", "--seed", "1", "--difficulty", "hard", "--db", db]);
    let shown = common::ok(&["show", "2", "--db", db]);
    let level = shown.lines().find(|l| l.starts_with("level")).expect("a level line");
    assert_eq!(level, "level     hard");
    let score = shown.lines().find(|l| l.starts_with("score")).expect("a score line");
    assert!(score.starts_with("score     hard: trying a cell; line logic decides "), "{score}");
    assert!(!score.contains("1600 of 1600") && score.contains(" of 1600 cells in "), "{score}");
    // A sudoku keeps its candidate score.
    common::ok(&["generate", "classic-4", "--count", "1", "--seed", "2", "--db", db]);
    let shown = common::ok(&["show", "3", "--db", db]);
    let score = shown.lines().find(|l| l.starts_with("score")).expect("a score line");
    assert!(score.contains("(candidate count), solver effort"), "{score}");
    let _ = std::fs::remove_dir_all(&dir);
}
