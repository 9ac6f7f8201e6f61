//! Books with marks and Slitherlink books pass preflight's text-size rule:
//! marks on puzzle pages are 7 pt or more, answer grids carry no marks, and
//! Slitherlink's answer clues are a digit's share of the cell. (Other
//! findings of these short books — page count, PDF/X marker — are not this
//! test's concern.)

mod common;
use common::run;

use std::path::PathBuf;

fn ok(args: &[&str]) {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn workdir(name: &str) -> PathBuf {
    common::workdir("marks", name)
}

/// The best-stocked level of a catalog, and how many validated puzzles it holds.
fn best_stocked(db: &str) -> (String, i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT coalesce(technique_level, level), count(*) FROM puzzles WHERE validation = 'ok' GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

/// Prints a book of `layout` at `trim` (with `extra` arguments) and returns preflight's findings.
fn preflight(layout: &str, trim: &str, extra: &[&str]) -> String {
    let dir = workdir(&format!("{layout}{}", extra.join("")));
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    let pdf = dir.join("book.pdf");
    let pdf = pdf.to_str().unwrap();
    ok(&["generate", layout, "--count", "8", "--seed", "3", "--db", db]);
    ok(&["validate", "--db", db]);
    let (level, count) = best_stocked(db);
    let count = count.to_string();
    let mut args = vec!["book", "Marks", "--layout", layout, "--count", &count, "--levels", &level, "--trim", trim, "--db", db, "-o", pdf];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "book: {}", String::from_utf8_lossy(&out.stderr));
    let report = run(&["preflight", pdf]);
    let text = format!("{}{}", String::from_utf8_lossy(&report.stdout), String::from_utf8_lossy(&report.stderr));
    let _ = std::fs::remove_dir_all(&dir);
    text
}

fn assert_no_small_text(layout: &str, trim: &str, extra: &[&str]) {
    let report = preflight(layout, trim, extra);
    assert!(report.contains("text ≥ 7 pt"), "{layout} at {trim}: no preflight summary\n{report}");
    let small: Vec<&str> = report.lines().filter(|l| l.contains("under the 7 pt minimum") || l.contains("text size")).collect();
    assert!(small.is_empty(), "{layout} at {trim}: text-size findings\n{}", small.join("\n"));
}

#[test]
fn an_even_odd_book_at_6x9_has_no_small_text() {
    assert_no_small_text("even-odd-9", "6x9", &[]);
}

#[test]
fn faded_marks_pass_preflight_at_every_trim() {
    for trim in ["5.5x8.5", "6x9", "8.5x11"] {
        assert_no_small_text("even-odd-9", trim, &["--marks", "faded", "--per-page", "4"]);
    }
}

#[test]
fn corner_marks_too_small_for_the_cells_are_refused_with_what_to_change() {
    let dir = workdir("refused");
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "even-odd-9", "--count", "8", "--seed", "3", "--db", db]);
    ok(&["validate", "--db", db]);
    let (level, count) = best_stocked(db);
    let count = count.to_string();
    let book = |marks: &str| {
        let pdf = dir.join(format!("{marks}.pdf"));
        run(&[
            "book",
            "Tight",
            "--layout",
            "even-odd-9",
            "--count",
            &count,
            "--levels",
            &level,
            "--allow-reprint",
            "--per-page",
            "6",
            "--trim",
            "5.5x8.5",
            "--marks",
            marks,
            "--db",
            db,
            "-o",
            pdf.to_str().unwrap(),
        ])
    };
    let corner = book("corner");
    let err = String::from_utf8_lossy(&corner.stderr);
    assert!(!corner.status.success(), "six corner-marked grids a 5.5x8.5 page should be refused");
    for part in ["even-odd-9", "5.5x8.5", "--per-page", "--trim", "--marks faded"] {
        assert!(err.contains(part), "the refusal should name {part}: {err}");
    }
    let faded = book("faded");
    assert!(faded.status.success(), "faded marks fit the same page: {}", String::from_utf8_lossy(&faded.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slitherlink_book_has_no_small_text() {
    assert_no_small_text("slitherlink-10x10", "8.5x11", &[]);
}
