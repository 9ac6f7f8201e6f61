//! Books with marks and Slitherlink books pass preflight's text-size rule:
//! marks on puzzle pages are 7 pt or more, answer grids carry no marks, and
//! Slitherlink's answer clues are a digit's share of the cell. (Other
//! findings of these short books — page count, PDF/X marker — are not this
//! test's concern.)

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlebook")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().expect("binary runs")
}

fn ok(args: &[&str]) {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-marks-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Prints a book of `layout` at `trim` and returns preflight's findings.
fn preflight(layout: &str, trim: &str) -> String {
    let dir = workdir(layout);
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    let pdf = dir.join("book.pdf");
    let pdf = pdf.to_str().unwrap();
    ok(&["generate", layout, "--count", "8", "--seed", "3", "--db", db]);
    ok(&["validate", "--db", db]);
    // The best-stocked level, all of it.
    let conn = rusqlite::Connection::open(db).unwrap();
    let (level, count): (String, i64) = conn
        .query_row(
            "SELECT coalesce(technique_level, level), count(*) FROM puzzles WHERE validation = 'ok' GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    drop(conn);
    let count = count.to_string();
    let out = run(&["book", "Marks", "--layout", layout, "--count", &count, "--levels", &level, "--trim", trim, "--db", db, "-o", pdf]);
    assert!(out.status.success(), "book: {}", String::from_utf8_lossy(&out.stderr));
    let report = run(&["preflight", pdf]);
    let text = format!("{}{}", String::from_utf8_lossy(&report.stdout), String::from_utf8_lossy(&report.stderr));
    let _ = std::fs::remove_dir_all(&dir);
    text
}

fn assert_no_small_text(layout: &str, trim: &str) {
    let report = preflight(layout, trim);
    assert!(report.contains("text ≥ 7 pt"), "{layout} at {trim}: no preflight summary\n{report}");
    let small: Vec<&str> = report.lines().filter(|l| l.contains("under the 7 pt minimum") || l.contains("text size")).collect();
    assert!(small.is_empty(), "{layout} at {trim}: text-size findings\n{}", small.join("\n"));
}

#[test]
fn an_even_odd_book_at_6x9_has_no_small_text() {
    assert_no_small_text("even-odd-9", "6x9");
}

#[test]
fn a_slitherlink_book_has_no_small_text() {
    assert_no_small_text("slitherlink-10x10", "8.5x11");
}
