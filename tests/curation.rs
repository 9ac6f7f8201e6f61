//! Issue 29, items 1, 10 and 11: no near-twins in a `--rating` search or
//! a book (and `--report` names the closest pair); books from one batch,
//! one givens pattern or one source; imported puzzles keep their credits,
//! stay out of books unless asked, and are credited on the copyright page.

mod common;

use common::{ok, page_text, run};
use puzzlebook::store::{Catalog, DbTarget, PuzzleRow};
use puzzlebook::twins::{Texts, distance};
use std::path::{Path, PathBuf};

fn workdir(name: &str) -> PathBuf {
    common::workdir("curation", name)
}

fn open(db: &str) -> Catalog {
    Catalog::open(db.parse::<DbTarget>().unwrap()).unwrap()
}

/// Every stored puzzle, by id.
fn all_puzzles(db: &str) -> Vec<PuzzleRow> {
    let catalog = open(db);
    (1..).map_while(|id| catalog.puzzle(id).ok()).collect()
}

/// The closest two of `rows` (plain cell distance, digits relabelled).
fn closest(rows: &[PuzzleRow]) -> usize {
    let mut best = usize::MAX;
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            let d = distance(Texts { givens: &a.givens, solution: &a.solution }, Texts { givens: &b.givens, solution: &b.solution });
            best = best.min(d);
        }
    }
    best
}

/// The puzzle ids of book `id`, in order (`puzzlebook books`).
fn book_puzzles(db: &str, id: i64) -> Vec<i64> {
    open(db).book(id).unwrap().puzzles
}

/// The repro, small: ten puzzles of one `--rating` search are no
/// two closer than 20 cells; with the guard off (`--twin-distance 0`, the
/// old search) the same seed stores near-twins, so the check can fail.
#[test]
fn a_rating_search_stores_no_near_twins_unless_the_guard_is_off() {
    let dir = workdir("rating");
    let guarded = dir.join("guarded.db").to_str().unwrap().to_string();
    let args = ["generate", "classic-9", "--rating", "2.4..3.4", "--count", "10", "--seed", "7", "-j", "2"];
    ok(&[&args[..], &["--db", guarded.as_str()]].concat());
    let rows = all_puzzles(&guarded);
    assert_eq!(rows.len(), 10);
    let near = closest(&rows);
    assert!(near >= 20, "two puzzles of the search differ in {near} cells");
    let open_db = dir.join("unguarded.db").to_str().unwrap().to_string();
    ok(&[&args[..], &["--twin-distance", "0", "--db", open_db.as_str()]].concat());
    let near = closest(&all_puzzles(&open_db));
    assert!(near < 20, "without the guard the climb's neighbours are near-twins (closest {near})");
}

/// The same guard holds across the climbs of a printed search
/// (`--no-store`, as the speed table's SE row runs it): the printed lines
/// are no two closer than 20 cells; with the guard off the same seed
/// prints near-twins, so the check can fail.
#[test]
fn a_printed_rating_search_prints_no_near_twins_unless_the_guard_is_off() {
    let args = ["generate", "classic-9", "--rating", "2.4..3.4", "--count", "12", "--seed", "7", "--no-store"];
    let lines = |extra: &[&str]| -> Vec<(String, String)> {
        let out = ok(&[&args[..], extra].concat());
        out.lines()
            .map(|l| {
                let mut words = l.split_whitespace();
                (words.next().unwrap().to_string(), words.next().unwrap().to_string())
            })
            .collect()
    };
    let closest_printed = |puzzles: &[(String, String)]| {
        let texts: Vec<Texts> = puzzles.iter().map(Texts::of).collect();
        puzzlebook::twins::closest_pair(&texts).map_or(usize::MAX, |(_, _, d)| d)
    };
    let guarded = lines(&[]);
    assert_eq!(guarded.len(), 12);
    let near = closest_printed(&guarded);
    assert!(near >= 20, "two printed puzzles of the search differ in {near} cells");
    let near = closest_printed(&lines(&["--twin-distance", "0"]));
    assert!(near < 20, "without the guard the climbs print near-twins (closest {near})");
}

/// A book passes over near-twins for the next candidate, and its report
/// names the closest pair; `--twin-distance 0` takes them as they come.
#[test]
fn a_book_skips_near_twins_and_its_report_names_the_closest_pair() {
    let dir = workdir("book");
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    // Near-twins on purpose: the search without its guard.
    ok(&["generate", "classic-9", "--rating", "2.4..3.4", "--count", "14", "--seed", "7", "-j", "2", "--twin-distance", "0", "--db", &db]);
    ok(&["validate", "--db", &db]);
    let levels: Vec<String> = all_puzzles(&db).iter().map(|r| r.level.clone()).collect();
    let level = levels[0].clone();
    let pdf = dir.join("twins.pdf");
    // Without the guard the book takes the lowest ids: near-twins among them.
    let stock: Vec<PuzzleRow> = all_puzzles(&db).into_iter().filter(|r| r.level == level).collect();
    let count = 3.min(stock.len());
    ok(&[
        "book",
        "Twins",
        "--layout",
        "classic-9",
        "--count",
        &count.to_string(),
        "--levels",
        &level,
        "--twin-distance",
        "0",
        "--allow-reprint",
        "--report",
        "-o",
        pdf.to_str().unwrap(),
        "--db",
        &db,
    ]);
    let report = std::fs::read_to_string(dir.join("twins-report.txt")).unwrap();
    assert!(report.contains("closest pair: puzzles "), "{report}");
    let guarded_pdf = dir.join("apart.pdf");
    let out = run(&[
        "book",
        "Apart",
        "--layout",
        "classic-9",
        "--count",
        &count.to_string(),
        "--levels",
        &level,
        "--allow-reprint",
        "--report",
        "-o",
        guarded_pdf.to_str().unwrap(),
        "--db",
        &db,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        let ids = book_puzzles(&db, 2);
        let rows: Vec<PuzzleRow> = ids.iter().map(|&id| open(&db).puzzle(id).unwrap()).collect();
        let near = closest(&rows);
        assert!(near >= 20, "book 2's closest pair differs in {near} cells");
        let report = std::fs::read_to_string(dir.join("apart-report.txt")).unwrap();
        assert!(report.contains(&format!("differ in {near} cells")), "{report}");
    } else {
        // Too few far-apart puzzles: the shortage says the twins were passed over.
        assert!(stderr.contains("passed over as near-twins"), "{stderr}");
    }
}

/// The large check of the issue: 50 puzzles of `--rating` searches, no
/// pair under 20 cells, and a week book of them as the issue made it.
#[test]
#[ignore = "slow: about 30 s in a debug build on two cores; cargo test --test curation -- --ignored"]
fn fifty_rated_puzzles_and_a_week_book_have_no_near_twins() {
    let dir = workdir("fifty");
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    for (range, count) in [("0.0..1.5", "6"), ("1.6..2.3", "6"), ("2.4..3.4", "24"), ("3.5..5.4", "10"), ("5.5..", "5")] {
        ok(&["generate", "classic-9", "--rating", range, "--count", count, "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    let rows = all_puzzles(&db);
    assert!(rows.len() >= 50, "{}", rows.len());
    let near = closest(&rows);
    assert!(near >= 20, "two stored puzzles differ in {near} cells");
    let pdf = dir.join("daily.pdf");
    ok(&[
        "book",
        "Daily Sudoku",
        "--layout",
        "classic-9",
        "--count",
        "28",
        "--curve",
        "week",
        "--labels",
        "stars",
        "--per-page",
        "4",
        "--report",
        "-o",
        pdf.to_str().unwrap(),
        "--db",
        &db,
    ]);
    let rows: Vec<PuzzleRow> = book_puzzles(&db, 1).iter().map(|&id| open(&db).puzzle(id).unwrap()).collect();
    assert!(closest(&rows) >= 20);
}

/// A mixed catalog: hearts (`--pattern`) and plain puzzles in two batches.
fn mixed(dir: &Path) -> String {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    ok(&["generate", "classic-9", "--difficulty", "easy", "--count", "6", "--seed", "11", "--db", &db]);
    ok(&["generate", "classic-9", "--pattern", "patterns/heart.txt", "--difficulty", "easy", "--count", "3", "--seed", "3", "--db", &db]);
    ok(&["generate", "classic-9", "--difficulty", "easy", "--count", "6", "--seed", "99", "--db", &db]);
    ok(&["validate", "--db", &db]);
    db
}

#[test]
fn a_book_from_a_pattern_or_a_batch_takes_only_those_puzzles() {
    let dir = workdir("pattern");
    let db = mixed(&dir);
    let heart: String = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns/heart.txt")).unwrap();
    let picture: Vec<bool> =
        heart.lines().filter(|l| !l.starts_with("//") && !l.trim().is_empty()).flat_map(|l| l.trim().chars().map(|c| c == '#')).collect();
    let book = |title: &str, extra: &[&str], count: &str| {
        let pdf = dir.join(format!("{title}.pdf"));
        let args = [
            &[
                "book",
                title,
                "--layout",
                "classic-9",
                "--count",
                count,
                "--levels",
                "easy",
                "-o",
                pdf.to_str().unwrap(),
                "--db",
                db.as_str(),
            ][..],
            extra,
        ]
        .concat();
        run(&args)
    };
    let out = book("hearts", &["--pattern", "patterns/heart.txt"], "3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for id in book_puzzles(&db, 1) {
        let row = open(&db).puzzle(id).unwrap();
        assert_eq!(row.batch_id, Some(2), "puzzle {id} is no heart");
        let given: Vec<bool> = row.givens.chars().map(|c| c != '.').collect();
        assert_eq!(given, picture, "puzzle {id}'s givens draw the heart");
    }
    // A fourth heart there is not: the shortage says what was counted.
    let out = book("more hearts", &["--pattern", "patterns/heart.txt"], "1");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("made with the --pattern given"), "{stderr}");
    // Batch 3 only.
    let out = book("third", &["--batch", "3"], "4");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for id in book_puzzles(&db, 2) {
        assert_eq!(open(&db).puzzle(id).unwrap().batch_id, Some(3), "puzzle {id}");
    }
    // A pattern no batch was made with is said as such.
    let other = dir.join("a.txt");
    std::fs::write(&other, "#########\n".repeat(9).replacen('#', ".", 1)).unwrap();
    let out = book("none", &["--pattern", other.to_str().unwrap()], "1");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("no batch of"), "{stderr}");
}

/// Wikipedia's example sudoku, as SadMan's .sdk with a header.
const SDK: &str = "#ARuud van der Werf\n#DA fine puzzle\n#SSudoCue\n#Uhttp://www.sudocue.net/\n[Puzzle]\n\
53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";

#[test]
fn imported_puzzles_keep_their_credits_stay_out_unless_asked_and_are_credited() {
    let dir = workdir("imported");
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    let file = dir.join("ruud.sdk");
    std::fs::write(&file, SDK).unwrap();
    ok(&["import", file.to_str().unwrap(), "--layout", "classic-9", "--db", &db]);
    let imported = open(&db).puzzle(1).unwrap();
    let credit = open(&db).puzzle_credit(1).unwrap();
    assert_eq!(credit.author.as_deref(), Some("Ruud van der Werf"));
    assert_eq!(credit.source.as_deref(), Some("SudoCue"));
    assert_eq!(credit.url.as_deref(), Some("http://www.sudocue.net/"));
    let level = imported.level.clone();
    ok(&["generate", "classic-9", "--difficulty", &level, "--count", "3", "--seed", "5", "--db", &db]);
    ok(&["validate", "--db", &db]);
    // Left out unless asked: the book takes generated puzzles only.
    let plain = dir.join("plain.pdf");
    ok(&["book", "Plain", "--layout", "classic-9", "--count", "3", "--levels", &level, "-o", plain.to_str().unwrap(), "--db", &db]);
    assert!(!book_puzzles(&db, 1).contains(&1), "the imported puzzle was taken unasked");
    // Asked for: credited on the copyright page (page 2), not "generated".
    let credited = dir.join("credited.pdf");
    ok(&[
        "book",
        "Credited",
        "--layout",
        "classic-9",
        "--count",
        "1",
        "--levels",
        &level,
        "--source",
        "imported",
        "--allow-reprint",
        "-o",
        credited.to_str().unwrap(),
        "--db",
        &db,
    ]);
    assert_eq!(book_puzzles(&db, 2), vec![1]);
    if let Some(text) = page_text(&credited, 2) {
        assert!(text.contains("Puzzle 1 by Ruud van der Werf, from SudoCue (http://www.sudocue.net/)."), "{text}");
        assert!(!text.contains("generated by computer"), "{text}");
    }
    if let Some(text) = page_text(&plain, 2) {
        assert!(text.contains("generated by computer") && !text.contains("Ruud"), "{text}");
    }
    // --include-imported takes both kinds (lowest ids first: the import).
    let both = dir.join("both.pdf");
    ok(&[
        "book",
        "Both",
        "--layout",
        "classic-9",
        "--count",
        "2",
        "--levels",
        &level,
        "--include-imported",
        "--allow-reprint",
        "-o",
        both.to_str().unwrap(),
        "--db",
        &db,
    ]);
    assert!(book_puzzles(&db, 3).contains(&1));
    if let Some(text) = page_text(&both, 2) {
        assert!(text.contains("Puzzle 1 by Ruud van der Werf") && text.contains("the others were generated by computer"), "{text}");
    }
    // The credits travel with a catalog copy, and a reprint says them again.
    let copy = dir.join("copy.db").to_str().unwrap().to_string();
    ok(&["copy", "--from", &db, "--to", &copy]);
    assert_eq!(open(&copy).puzzle_credit(1).unwrap(), credit);
    let again = dir.join("again.pdf");
    ok(&["reprint", "2", "-o", again.to_str().unwrap(), "--db", &copy]);
    if let Some(text) = page_text(&again, 2) {
        assert!(text.contains("by Ruud van der Werf, from SudoCue"), "{text}");
    }
}
