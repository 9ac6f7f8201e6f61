//! Books as a user makes them: curation, the PDF's structure (lopdf),
//! its text (pdftotext), reprints, and the refusals.

use lopdf::{Document, Object};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlebook")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().expect("binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A catalog of `count` validated classic-9 puzzles, a quarter per level.
fn catalog(dir: &Path, count: &str) -> String {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    let per_level = (count.parse::<u32>().unwrap() / 4).to_string();
    for level in ["easy", "medium", "hard", "expert"] {
        ok(&["generate", "classic-9", "--count", &per_level, "--difficulty", level, "--seed", "11", "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    db
}

/// Poppler's tools: required in CI (PUZZLEBOOK_REQUIRE_POPPLER=1), else optional.
fn poppler(tool: &str) -> bool {
    let found = Command::new(tool).arg("-v").output().is_ok();
    assert!(found || std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "{tool} is required");
    found
}

fn numbers(obj: &Object) -> Vec<f32> {
    obj.as_array().unwrap().iter().map(|o| o.as_float().unwrap()).collect()
}

#[test]
fn a_6x9_book_with_bleed_has_the_pages_fonts_and_boxes_asked_for() {
    let dir = workdir("structure");
    let db = catalog(&dir, "40");
    let pdf = dir.join("pocket.pdf");
    let out = ok(&[
        "book",
        "Pocket",
        "--layout",
        "classic-9",
        "--count",
        "20",
        "--per-page",
        "1",
        "--trim",
        "6x9",
        "--bleed",
        "--answers-per-page",
        "6",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    // Title, introduction, 20 puzzle pages, 4 answer pages.
    assert!(out.contains("20 puzzles, 26 pages"), "{out}");
    let doc = Document::load(&pdf).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 26);
    for (&number, &id) in &pages {
        let page = doc.get_dictionary(id).unwrap();
        let media = numbers(page.get(b"MediaBox").unwrap());
        let trim = numbers(page.get(b"TrimBox").unwrap());
        assert_eq!(media, vec![0.0, 0.0, 441.0, 666.0], "page {number}: 6.125 × 9.25 in");
        // Bleed on the outside edge: right of odd pages, left of even ones.
        let x0 = if number % 2 == 1 { 0.0 } else { 9.0 };
        assert_eq!(trim, vec![x0, 9.0, x0 + 432.0, 657.0], "page {number}");
    }
    let mut descriptors = 0;
    for object in doc.objects.values() {
        if let Ok(dict) = object.as_dict() {
            if dict.get(b"Type").and_then(Object::as_name).ok() == Some(b"FontDescriptor".as_slice()) {
                descriptors += 1;
                assert!(dict.has(b"FontFile2"), "a font is not embedded: {dict:?}");
            }
            if dict.get(b"Type").and_then(Object::as_name).ok() == Some(b"Font".as_slice()) {
                assert_ne!(dict.get(b"Subtype").and_then(Object::as_name).ok(), Some(b"Type1".as_slice()), "builtin font used");
            }
        }
    }
    assert_eq!(descriptors, 2, "regular and bold");
    if poppler("qpdf") {
        let check = Command::new("qpdf").arg("--check").arg(&pdf).output().unwrap();
        assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    }
}

#[test]
fn a_puzzle_page_shows_the_givens_in_order() {
    let dir = workdir("text");
    let db = catalog(&dir, "12");
    let pdf = dir.join("t.pdf");
    ok(&["book", "T", "--layout", "classic-9", "--count", "4", "--per-page", "1", "--db", &db, "--out", pdf.to_str().unwrap()]);
    if !poppler("pdftotext") {
        return;
    }
    let conn = Connection::open(&db).unwrap();
    for number in 1..=4 {
        let givens: String = conn
            .query_row(
                "SELECT p.givens FROM book_puzzles b JOIN puzzles p ON p.id = b.puzzle_id WHERE b.book_id = 1 AND b.number = ?1",
                [number],
                |r| r.get(0),
            )
            .unwrap();
        // Puzzle n is on page n + 2 (after the title and introduction).
        let page = (number + 2).to_string();
        let text = Command::new("pdftotext").args(["-layout", "-f", &page, "-l", &page]).arg(&pdf).arg("-").output().unwrap();
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains(&format!("Puzzle {number}")), "{text}");
        let page_digits: String = text.chars().filter(char::is_ascii_digit).collect();
        let given_digits: String = givens.chars().filter(char::is_ascii_digit).collect();
        assert!(page_digits.contains(&given_digits), "page {page}: {page_digits} lacks {given_digits}");
    }
}

#[test]
fn puzzles_are_not_printed_twice_and_a_shortage_says_what_to_generate() {
    let dir = workdir("reprint");
    let db = catalog(&dir, "40");
    let first = dir.join("a.pdf");
    ok(&["book", "A", "--layout", "classic-9", "--count", "12", "--db", &db, "--out", first.to_str().unwrap()]);
    let second = run(&["book", "B", "--layout", "classic-9", "--count", "40", "--db", &db, "--out", dir.join("b.pdf").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success());
    assert!(err.contains("not enough validated, unprinted puzzles for \"B\""), "{err}");
    assert!(err.contains("puzzlebook generate classic-9 --count ") && err.contains("--difficulty"), "{err}");
    assert!(!dir.join("b.pdf").exists());
    ok(&[
        "book",
        "B",
        "--layout",
        "classic-9",
        "--count",
        "12",
        "--allow-reprint",
        "--db",
        &db,
        "--out",
        dir.join("b.pdf").to_str().unwrap(),
    ]);

    let books = ok(&["books", "--db", &db]);
    assert!(books.contains("book 1 \"A\" — 12 puzzles") && books.contains("book 2 \"B\""), "{books}");
    let copy = dir.join("again.pdf");
    let reprint = ok(&["reprint", "1", "--db", &db, "--out", copy.to_str().unwrap()]);
    assert!(reprint.contains("identical to the first printing"), "{reprint}");
    assert_eq!(std::fs::read(&first).unwrap(), std::fs::read(&copy).unwrap());
}

#[test]
fn large_print_refuses_digits_under_16_pt() {
    let dir = workdir("large");
    let db = catalog(&dir, "40");
    let out =
        run(&["book", "L", "--layout", "classic-9", "--count", "6", "--per-page", "6", "--trim", "6x9", "--large-print", "--db", &db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("large-print digits of") && err.contains("under the 16 pt minimum"), "{err}");
    let bad = run(&["book", "L", "--layout", "classic-9", "--per-page", "3", "--db", &db]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("a page holds 1, 2, 4 or 6 puzzles"));
}

#[test]
fn demo_prints_a_multi_layout_sample_book() {
    let dir = workdir("demo");
    let pdf = dir.join("sample.pdf");
    let out = ok(&["demo", "--db", dir.join("demo.db").to_str().unwrap(), "--out", pdf.to_str().unwrap()]);
    assert!(out.contains("of 6 layouts"), "{out}");
    let doc = Document::load(&pdf).unwrap();
    assert!(doc.get_pages().len() >= 24, "print-on-demand minimum");
}
