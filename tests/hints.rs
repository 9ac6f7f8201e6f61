//! Hints in the book: the first step harder than a single, in a reader's
//! words (from the library), and the hints section of a book (from the
//! binary and the PDF's text).

mod common;
use common::{ok, run};

use puzzlebook::book::hints::SINGLES_ONLY;
use puzzlebook::family::{self, Answer, Family};
use puzzlebook::lang::english;
use puzzlebook::layout::Layout;
use std::path::PathBuf;
use std::process::Command;

fn classic() -> Box<dyn Family> {
    family::open(Layout::load("classic-9").unwrap())
}

fn solution(family: &dyn Family, puzzle: &str) -> Vec<char> {
    match family.solve(puzzle, None).unwrap() {
        Answer::Unique(s) => s.chars().collect(),
        other => panic!("{puzzle}: {other:?}"),
    }
}

/// "r5c3" → cell index on a 9×9 grid.
fn cell(name: &str) -> usize {
    let (r, c) = name.trim_start_matches('r').split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

/// HoDoKu's X-wing example (bf202; `src/grade/tests.rs`): once the singles
/// are done, an X-wing on 1 in columns 1 and 5 is the only way on.
const X_WING: &str = "9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......";

#[test]
fn an_x_wing_puzzle_gets_the_x_wing_and_what_it_removes() {
    let family = classic();
    let hint = family.hint(X_WING, &english()).expect("classic-9 has a grader");
    assert_eq!(hint.look, "Look for an X-wing on 1 in columns 1 and 5.");
    let finds = hint.finds.expect("a second stage");
    assert_eq!(
        finds,
        "In columns 1 and 5, 1 can go only in rows 2 and 5 (r2c1, r2c5, r5c1 and r5c5): it removes 1 from r2c4, r2c7, r2c8, r2c9, r5c3, r5c4, r5c7, r5c8 and r5c9."
    );
    // Every cell it clears of 1 holds something else in the solution.
    let solution = solution(family.as_ref(), X_WING);
    let cleared = finds.split("from ").nth(1).unwrap().trim_end_matches('.');
    for name in cleared.split([',', ' ']).filter(|w| w.starts_with('r')) {
        assert_ne!(solution[cell(name)], '1', "{name} holds 1 in the solution");
    }
    assert!(hint.naming.is_some_and(|n| n.contains("r4c7 is row 4, column 7")));
}

#[test]
fn a_pointing_pair_names_its_box_then_the_cell_it_clears() {
    // se-rated.txt, SE 2.8 (claiming is its hardest step; a pointing pair comes first).
    let puzzle = ".5.32..7.3....46.5.7...1....82.....65...9...11.....38....4...2.8.76....4.4..18.6.";
    let family = classic();
    let hint = family.hint(puzzle, &english()).unwrap();
    assert_eq!(hint.look, "Look for a pointing pair in box 1.");
    assert_eq!(hint.finds.as_deref(), Some("In box 1, 1 can go only in column 3: it removes 1 from r7c3."));
    assert_ne!(solution(family.as_ref(), puzzle)[cell("r7c3")], '1');
}

#[test]
fn a_puzzle_of_singles_says_so_and_has_no_second_stage() {
    // The 17-clue puzzle graded to a hidden single at most (src/grade/tests.rs).
    let hint = classic().hint(".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.", &english()).unwrap();
    assert_eq!(hint.look, SINGLES_ONLY);
    assert_eq!(hint.finds, None);
}

#[test]
fn families_without_a_grader_give_no_hint() {
    let loops = family::open(Layout::load("slitherlink-7x7").unwrap());
    assert_eq!(loops.hint(&".".repeat(49), &english()), None);
    // A puzzle whose givens break a rule has no hint either.
    assert_eq!(classic().hint(&format!("11{}", ".".repeat(79)), &english()), None);
}

// ---------------------------------------------------------------------------
// Books with hints.

fn workdir(name: &str) -> PathBuf {
    common::workdir("hints", name)
}

/// A validated classic-9 catalog of every level.
fn catalog(dir: &std::path::Path) -> String {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    // Seeds 1,000 apart: attempt i of a batch uses seed + i, and batches of
    // one seed would share solution grids (near-twins a book passes over).
    for (i, level) in ["easy", "medium", "hard", "expert"].into_iter().enumerate() {
        let seed = (21 + 1000 * i).to_string();
        ok(&["generate", "classic-9", "--count", "3", "--difficulty", level, "--seed", &seed, "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    db
}

/// The text of each page (pdftotext, pages split at form feeds); `None`
/// without poppler outside CI.
fn pages(pdf: &std::path::Path) -> Option<Vec<String>> {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    assert!(found || std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "pdftotext is required");
    let out = Command::new("pdftotext").args(["-layout"]).arg(pdf).arg("-").output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).split('\u{c}').map(str::to_string).collect())
}

/// The number after `prefix` in `text`.
fn number_after(text: &str, prefix: &str) -> Option<usize> {
    let rest = &text[text.find(prefix)? + prefix.len()..];
    rest.chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()
}

#[test]
fn a_book_with_hints_lists_every_puzzle_and_each_puzzle_points_to_its_hint() {
    let dir = workdir("book");
    let db = catalog(&dir);
    let pdf = dir.join("hints.pdf");
    ok(&["book", "Hinted", "--layout", "classic-9", "--count", "12", "--hints", "--db", &db, "--out", pdf.to_str().unwrap()]);
    let Some(pages) = pages(&pdf) else { return };
    let first_hints = pages.iter().position(|p| p.contains("More help") || p.contains("Stuck?")).expect("a hints section") + 1;
    let first_answers = pages.iter().position(|p| p.contains("Answers 1")).expect("answers") + 1;
    assert!(first_hints < first_answers, "hints (page {first_hints}) stand before the answers (page {first_answers})");
    // The first stage lists every puzzle in order, before "More help".
    let section: String = pages[first_hints - 1..first_answers - 1].join("\n");
    let heading = section.lines().position(|l| l.trim() == "More help").expect("a More help part");
    let lines: Vec<&str> = section.lines().collect();
    let (stage1, stage2) = (lines[..heading].join("\n"), lines[heading..].join("\n"));
    let mut at = 0;
    for number in 1..=12 {
        let entry = format!("Puzzle {number} (page ");
        let found = stage1[at..].find(&entry).unwrap_or_else(|| panic!("puzzle {number} missing or out of order in the hints:\n{stage1}"));
        at += found + entry.len();
        // The page it names holds the puzzle, and that page points back here.
        let page = number_after(&stage1[at - entry.len()..], &entry).unwrap();
        let puzzle_page = &pages[page - 1];
        assert!(puzzle_page.contains(&format!("Puzzle {number} ")), "page {page} does not hold puzzle {number}");
        let hint_page = (first_hints..first_answers)
            .find(|&p| pages[p - 1].contains(&entry))
            .unwrap_or_else(|| panic!("no page holds the hint of puzzle {number}"));
        let pointer = puzzle_page
            .lines()
            .find(|l| l.contains(&format!("Puzzle {number} ")))
            .and_then(|l| number_after(l, "Hint on page "))
            .unwrap_or_else(|| panic!("puzzle {number}'s page has no \"Hint on page N\":\n{puzzle_page}"));
        assert_eq!(pointer, hint_page, "puzzle {number}");
    }
    // The second stage follows, for the puzzles that need more than singles.
    let singles = stage1.matches(SINGLES_ONLY).count();
    assert_eq!(stage2.matches("Puzzle ").count(), 12 - singles, "{stage2}");
    assert!(singles == 12 || stage2.contains("it removes") || stage2.contains("it places"), "{stage2}");
    // The contents (after the title and copyright pages) name the section.
    assert!(
        pages[2].lines().any(|l| l.trim_start().starts_with("Hints") && l.trim_end().ends_with(&first_hints.to_string())),
        "{}",
        pages[2]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hints_pass_preflight_at_every_trim_and_in_large_print() {
    let dir = workdir("trims");
    let db = catalog(&dir);
    for (i, extra) in
        [&["--trim", "5.5x8.5", "--per-page", "4"][..], &["--trim", "6x9"], &["--trim", "8.5x11", "--large-print", "--per-page", "1"]]
            .iter()
            .enumerate()
    {
        // `book` refuses a PDF that fails preflight.
        let pdf = dir.join(format!("{i}.pdf"));
        let mut args = vec!["book", "Hinted", "--layout", "classic-9", "--count", "12", "--hints", "--allow-reprint", "--db", &db];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", pdf.to_str().unwrap()]);
        ok(&args);
        let report = ok(&["preflight", pdf.to_str().unwrap()]);
        assert!(report.contains("no findings"), "{extra:?}: {report}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hints_for_a_book_without_a_grader_are_refused() {
    let dir = workdir("loops");
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "slitherlink-7x7", "--count", "4", "--seed", "2", "--db", db]);
    ok(&["validate", "--db", db]);
    let out = run(&["book", "Loops", "--layout", "slitherlink-7x7", "--count", "2", "--levels", "easy,medium,hard", "--hints", "--db", db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("--hints") && err.contains("slitherlink-7x7"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
