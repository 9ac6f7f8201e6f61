//! Issue 34: whatever makes storing or killer generation faster must leave
//! what is stored exact. A stored classic-9 puzzle's grade (SE rating and
//! level) equals a fresh `grade` of the same givens, on a sample of every
//! level; stored killers pass the independent validator.

mod common;

use common::{ok, workdir};
use rusqlite::Connection;

/// A fresh catalog path for one test.
fn catalog(name: &str) -> String {
    workdir("speed", name).join("puzzles.db").display().to_string()
}

/// Every stored puzzle: givens, SE rating, technique level.
fn stored(db: &str) -> Vec<(String, f64, String)> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT givens, se_rating, technique_level FROM puzzles ORDER BY id").unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
}

#[test]
fn a_stored_grade_equals_a_fresh_grade_of_the_same_puzzle_at_every_level() {
    for (level, seed) in [("easy", "11"), ("medium", "12"), ("hard", "13"), ("expert", "14")] {
        let db = catalog(level);
        ok(&["generate", "classic-9", "--difficulty", level, "--count", "3", "--seed", seed, "--jobs", "1", "--db", &db]);
        let rows = stored(&db);
        assert_eq!(rows.len(), 3, "{level}: {rows:?}");
        for (givens, se, technique_level) in rows {
            assert_eq!(technique_level, level, "{givens}");
            let fresh = ok(&["grade", "classic-9", &givens]);
            let mut words = fresh.split_whitespace();
            let rating: f64 = words.next().unwrap().parse().unwrap();
            let fresh_level = words.next().unwrap();
            assert_eq!(format!("{se:.1}"), format!("{rating:.1}"), "{level} {givens}: stored {se}, fresh grade {fresh}");
            assert_eq!(fresh_level, technique_level, "{givens}: fresh grade {fresh}");
        }
    }
}

#[test]
fn stored_killers_pass_the_independent_validator() {
    let db = catalog("killers");
    ok(&["generate", "killer-9", "--difficulty", "medium", "--count", "3", "--seed", "21", "--jobs", "1", "--db", &db]);
    assert_eq!(stored(&db).len(), 3);
    // The independent uniqueness check and the re-grade, which fails (no
    // --regrade) where the grade differs from the stored one.
    ok(&["validate", "--all", "--jobs", "1", "--db", &db]);
}
