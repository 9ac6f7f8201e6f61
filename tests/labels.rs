//! Difficulty as publishers print it: `book --labels stars|words|levels`
//! and `--curve sections|ramp|week`, through the binary: the order chosen,
//! the words on the pages, the reprint, and the refusals.

mod common;
use common::{ok, run};

use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workdir(name: &str) -> PathBuf {
    common::workdir("labels", name)
}

/// A validated classic-9 catalog with puzzles in every band.
fn catalog(dir: &Path) -> String {
    let db = dir.join("p.db").to_str().unwrap().to_string();
    // Seeds 1,000 apart: attempt i of a batch uses seed + i, and batches of
    // one seed would share solution grids (near-twins a book passes over).
    for (i, (level, count)) in [("easy", "40"), ("medium", "30"), ("hard", "30"), ("expert", "15")].into_iter().enumerate() {
        let seed = (21 + 1000 * i).to_string();
        ok(&["generate", "classic-9", "--count", count, "--difficulty", level, "--seed", &seed, "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    db
}

/// The SE ratings of a recorded book's puzzles, in book order.
fn ratings(db: &str, book: i64) -> Vec<f64> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT p.se_rating FROM book_puzzles b JOIN puzzles p ON p.id = b.puzzle_id WHERE b.book_id = ?1 ORDER BY b.number")
        .unwrap();
    stmt.query_map([book], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

/// The PDF's words, one space between them (lines wrap where they will).
fn pdf_text(pdf: &Path) -> Option<String> {
    let out = Command::new("pdftotext").arg("-layout").arg(pdf).arg("-").output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" "))
}

fn stderr(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} should be refused");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The band (0–4) each day's puzzle must come from, and the bands' ranges.
const DAY_BANDS: [usize; 7] = [0, 1, 2, 2, 3, 3, 4];
const BAND_RANGES: [(f64, f64); 5] = [(0.0, 1.5), (1.6, 2.3), (2.4, 3.4), (3.5, 5.4), (5.5, 100.0)];

#[test]
fn a_week_rises_from_gentle_monday_to_diabolical_sunday_and_reprints_the_same() {
    let dir = workdir("week");
    let db = catalog(&dir);
    let pdf = dir.join("week.pdf");
    let args = ["book", "Daily", "--layout", "classic-9", "--count", "14", "--curve", "week", "--labels", "stars", "--db", &db, "--out"];
    let mut args = args.to_vec();
    args.push(pdf.to_str().unwrap());
    ok(&args);
    let rated = ratings(&db, 1);
    assert_eq!(rated.len(), 14);
    for (i, r) in rated.iter().enumerate() {
        let (low, high) = BAND_RANGES[DAY_BANDS[i % 7]];
        assert!(*r >= low - 1e-9 && *r <= high + 1e-9, "puzzle {} (day {}) rated {r}", i + 1, i % 7);
    }
    // The settings are stored: the reprint makes the same PDF.
    let settings: String = Connection::open(&db).unwrap().query_row("SELECT settings FROM books WHERE id = 1", [], |r| r.get(0)).unwrap();
    assert!(settings.contains("labels = \"stars\"") && settings.contains("curve = \"week\""), "{settings}");
    let again = dir.join("again.pdf");
    let out = ok(&["reprint", "1", "--db", &db, "--out", again.to_str().unwrap()]);
    assert!(out.contains("identical to the first printing"), "{out}");
    assert_eq!(std::fs::read(&pdf).unwrap(), std::fs::read(&again).unwrap());
    if let Some(text) = pdf_text(&pdf) {
        for line in
            ["Puzzle 1 · Monday ★", "Puzzle 7 · Sunday ★★★★★", "Puzzle 10 · Wednesday ★★★", "14 Sudoku puzzles · 2 weeks, Monday to Sunday"]
        {
            assert!(text.contains(line), "{line} missing");
        }
        assert!(text.contains("Week 1 (from puzzle 1)") && text.contains("Week 2 (from puzzle 8)"), "contents");
        assert!(text.contains("★★★★ 3.5 to 5.4"), "the legend of the bands");
    }
    // The next week book takes none of these puzzles.
    ok(&[
        "book",
        "Daily 2",
        "--layout",
        "classic-9",
        "--count",
        "7",
        "--curve",
        "week",
        "--db",
        &db,
        "--out",
        dir.join("w2.pdf").to_str().unwrap(),
    ]);
    let conn = Connection::open(&db).unwrap();
    let twice: i64 = conn
        .query_row("SELECT count(*) FROM (SELECT puzzle_id FROM book_puzzles GROUP BY puzzle_id HAVING count(*) > 1)", [], |r| r.get(0))
        .unwrap();
    assert_eq!(twice, 0);
}

#[test]
fn stars_and_words_head_sections_by_band_and_a_ramp_rises() {
    let dir = workdir("bands");
    let db = catalog(&dir);
    let stars = dir.join("stars.pdf");
    ok(&["book", "Stars", "--layout", "classic-9", "--count", "20", "--labels", "stars", "--db", &db, "--out", stars.to_str().unwrap()]);
    // Sections by band, easiest first: the bands never go down.
    let band = |r: f64| BAND_RANGES.iter().position(|&(_, high)| r <= high + 1e-9).unwrap();
    let bands: Vec<usize> = ratings(&db, 1).into_iter().map(band).collect();
    assert!(bands.windows(2).all(|w| w[0] <= w[1]), "{bands:?}");
    let ramp = dir.join("ramp.pdf");
    ok(&[
        "book",
        "Ramp",
        "--layout",
        "classic-9",
        "--count",
        "20",
        "--labels",
        "words",
        "--curve",
        "ramp",
        "--db",
        &db,
        "--out",
        ramp.to_str().unwrap(),
    ]);
    let rated = ratings(&db, 2);
    assert!(rated.windows(2).all(|w| w[0] <= w[1]), "{rated:?}");
    if let (Some(stars), Some(ramp)) = (pdf_text(&stars), pdf_text(&ramp)) {
        assert!(stars.contains("★★★★★ (from puzzle 16)"), "contents by band");
        assert!(!stars.contains("Expert"), "no level names in a stars book");
        assert!(ramp.contains("Diabolical (from puzzle") && ramp.contains("The puzzles rise from the easiest to the hardest."));
    }
}

#[test]
fn labels_and_weeks_that_cannot_hold_are_refused() {
    let dir = workdir("refused");
    let db = catalog(&dir);
    let out = dir.join("x.pdf");
    let out = out.to_str().unwrap();
    assert_eq!(
        stderr(&["book", "W", "--layout", "classic-9", "--count", "10", "--curve", "week", "--db", &db, "--out", out]),
        "error: --curve week: 10 puzzles is not a whole number of weeks of seven: ask for 7 or 14\n"
    );
    assert!(
        stderr(&["book", "W", "--layout", "classic-9", "--count", "7", "--curve", "week", "--levels", "easy", "--db", &db, "--out", out])
            .starts_with("error: --curve week takes each day's puzzle from its band")
    );
    // Forty weeks need forty diabolical Sundays: the shortage names the band and how to make it.
    let short = stderr(&["book", "W", "--layout", "classic-9", "--count", "280", "--curve", "week", "--db", &db, "--out", out]);
    assert!(short.contains("classic-9 diabolical (expert, SE 5.5..): need 40, have 15"), "{short}");
    assert!(short.contains("puzzlebook generate classic-9 --count 25 --rating 5.5.."), "{short}");
    // Stars stand for SE bands: a layout without ratings cannot have them.
    let loops = dir.join("loops.db");
    let loops = loops.to_str().unwrap();
    ok(&["generate", "slitherlink-7x7", "--count", "6", "--difficulty", "easy", "--seed", "3", "--db", loops]);
    ok(&["validate", "--db", loops]);
    let e = stderr(&[
        "book",
        "L",
        "--layout",
        "slitherlink-7x7",
        "--count",
        "6",
        "--levels",
        "easy",
        "--labels",
        "stars",
        "--db",
        loops,
        "--out",
        out,
    ]);
    assert!(e.contains("--labels stars: puzzle") && e.contains("has no Sudoku Explainer rating"), "{e}");
}

/// `--curve week` stands on SE bands. A family without ratings (Slitherlink)
/// is refused up front with advice that works (it once advised a
/// `generate --rating` that is refused); a family that rates but cannot
/// search ratings (killer-9 draws its cages per puzzle) is advised to
/// generate at the band's level, and that command is accepted.
#[test]
fn a_week_of_a_layout_is_advised_what_its_family_can_make() {
    let dir = workdir("week-advice");
    let db = dir.join("w.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "classic-9", "--count", "1", "--seed", "1", "--db", db]);
    let out = dir.join("w.pdf");
    let out = out.to_str().unwrap();
    let e = stderr(&["book", "W", "--layout", "slitherlink-7x7", "--count", "7", "--curve", "week", "--db", db, "--out", out]);
    assert!(e.contains("slitherlink-7x7 puzzles have no SE rating: make its book with --curve sections"), "{e}");
    assert!(!e.contains("--rating"), "{e}");
    let advised = e.split('`').nth(1).unwrap_or_else(|| panic!("a command in {e}"));
    assert_eq!(advised, "puzzlebook generate slitherlink-7x7 --difficulty hard");
    let args: Vec<&str> = advised.split(' ').skip(1).chain(["--count", "1", "--seed", "2", "--db", db]).collect();
    ok(&args);

    let e = stderr(&["book", "K", "--layout", "killer-9", "--count", "7", "--curve", "week", "--db", db, "--out", out]);
    assert!(e.contains("killer-9 gentle (easy, SE ..1.5): need 1, have 0"), "{e}");
    assert!(!e.contains("--rating"), "killer-9 cannot search ratings: {e}");
    let advised = e.lines().find(|l| l.contains("puzzlebook generate killer-9")).unwrap();
    assert!(advised.contains("--difficulty easy") && advised.contains("killer-9 cannot search ratings"), "{advised}");
    let command = advised.split('#').next().unwrap().trim();
    let args: Vec<&str> = command.split(' ').skip(1).chain(["--seed", "1"]).collect();
    ok(&args);
    let _ = std::fs::remove_dir_all(dir);
}
