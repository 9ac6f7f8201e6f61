//! Slitherlink as a user drives it: exact counts, a catalog batch, the
//! independent validation (and a tampered row caught), a printed book.

mod common;
use common::run;

use rusqlite::Connection;
use std::path::PathBuf;
use std::process::Output;

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-loops-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn loop_and_puzzle_counts_from_the_command_line() {
    assert_eq!(stdout(&run(&["loops", "count", "3"])), "213 loops on 3×3 cells (4×4 points)\n");
    assert_eq!(stdout(&run(&["loops", "count", "8"])), "2,318,527,339,461,265 loops on 8×8 cells (9×9 points)\n");
    assert_eq!(stdout(&run(&["loops", "puzzles", "3"])), "41,433 unique puzzles on 3×3 cells with clues 0-4; 5,299 of them minimal\n");
    assert!(stdout(&run(&["loops", "puzzles", "3", "--clues", "0-3"])).starts_with("39,129 unique puzzles"));
}

#[test]
fn a_slitherlink_batch_is_stored_validated_and_printed() {
    let dir = fresh_dir("batch");
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    for level in ["easy", "medium", "hard"] {
        stdout(&run(&["generate", "slitherlink-7x7", "--count", "4", "--difficulty", level, "--db", db]));
    }
    let out = stdout(&run(&["validate", "--db", db]));
    assert!(out.contains("12 ok, 0 failed"), "{out}");

    // Every stored solution is one loop; the solver agrees it is the only one.
    let conn = Connection::open(db).unwrap();
    let rows: Vec<(String, String)> = conn
        .prepare("SELECT givens, solution FROM puzzles")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let family: String = conn.query_row("SELECT family FROM layouts WHERE name = 'slitherlink-7x7'", [], |r| r.get(0)).unwrap();
    assert_eq!(family, "loops");
    let (givens, solution) = &rows[0];
    assert_eq!(stdout(&run(&["solve", "slitherlink-7x7", givens])), format!("unique {solution}\n"), "the solve command's contract");
    for (givens, solution) in &rows {
        let puzzle = puzzlebook::slither::Puzzle::parse_sized(givens, 7, 7).unwrap();
        let puzzlebook::slither::Outcome::Unique(edges) = puzzlebook::slither::solve(&puzzle) else { panic!("{givens} is not unique") };
        assert_eq!(&puzzlebook::slither::encode_edges(&edges), solution);
    }

    let book = dir.join("loops.pdf");
    stdout(&run(&[
        "book",
        "Loops",
        "--layout",
        "slitherlink-7x7",
        "--count",
        "6",
        "--levels",
        "easy,medium,hard",
        "--db",
        db,
        "--out",
        book.to_str().unwrap(),
    ]));
    // What its pages show (every clue, 0 included, and the loop) is checked
    // against the catalog by tests/printed.rs.
    assert!(book.is_file());

    // A clue changed behind the catalog's back is caught.
    let (id, givens): (i64, String) =
        conn.query_row("SELECT id, givens FROM puzzles WHERE givens LIKE '%3%' LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let tampered = givens.replacen('3', "1", 1);
    conn.execute("UPDATE puzzles SET givens = ?1 WHERE id = ?2", rusqlite::params![tampered, id]).unwrap();
    let out = run(&["validate", "--db", db]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("the loop uses 3 of its sides"), "{text}");
}

#[test]
fn a_slitherlink_count_that_cannot_finish_stops_undecided() {
    // Every loop of an empty 7×7 board: the count never ends, so the budget
    // stops it, the line says so, and the status (3) tells scripts.
    let empty = ".".repeat(49);
    let out = run(&["solve", "slitherlink-7x7", "--limit", "18446744073709551615", "--max-nodes", "2000", &empty]);
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("undecided: the search stopped at its budget after 2000 nodes; "), "{text}");
    // `loops solve` keeps the same budget.
    let out = run(&["loops", "solve", ".../.../...", "--max-nodes", "1"]);
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("undecided: "));
    assert_eq!(stdout(&run(&["loops", "solve", ".../.../..."])), "multiple\n");
}
