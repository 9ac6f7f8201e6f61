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

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlebook")).current_dir(dir).args(args).output().expect("binary runs")
}

fn book_ids(db: &str, book: i64) -> Vec<i64> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT puzzle_id FROM book_puzzles WHERE book_id = ?1 ORDER BY number").unwrap();
    stmt.query_map([book], |r| r.get(0)).unwrap().collect::<Result<Vec<i64>, _>>().unwrap()
}

/// Blanks the first given of puzzle `id` behind puzzlebook's back.
fn tamper(db: &str, id: i64) {
    let conn = Connection::open(db).unwrap();
    let givens: String = conn.query_row("SELECT givens FROM puzzles WHERE id = ?1", [id], |r| r.get(0)).unwrap();
    let at = givens.find(|c: char| c.is_ascii_digit() && c != '0').unwrap();
    let changed = format!("{}.{}", &givens[..at], &givens[at + 1..]);
    conn.execute("UPDATE puzzles SET givens = ?2 WHERE id = ?1", rusqlite::params![id, changed]).unwrap();
}

#[test]
fn a_puzzle_changed_after_validation_is_never_printed() {
    let dir = workdir("changed");
    let db = catalog(&dir, "40");
    let conn = Connection::open(&db).unwrap();
    let easy: Vec<i64> = conn
        .prepare("SELECT id FROM puzzles WHERE validation = 'ok' AND coalesce(technique_level, level) = 'easy' ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(easy.len() >= 5, "{easy:?}");
    tamper(&db, easy[0]);
    let pdf = dir.join("t.pdf");
    ok(&[
        "book",
        "T",
        "--layout",
        "classic-9",
        "--levels",
        "easy",
        "--count",
        "4",
        "--allow-reprint",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let ids = book_ids(&db, 1);
    assert_eq!(ids.len(), 4);
    assert!(!ids.contains(&easy[0]), "the changed puzzle {} was printed: {ids:?}", easy[0]);
    // Asking for every easy one: refused, saying to validate again.
    let all = easy.len().to_string();
    let out = run(&["book", "U", "--layout", "classic-9", "--levels", "easy", "--count", &all, "--allow-reprint", "--db", &db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a book took a changed puzzle");
    assert!(err.contains("changed since") && err.contains("puzzlebook validate"), "{err}");

    // A printed puzzle changed: reprint refuses, naming it, and leaves the first printing alone.
    let first = std::fs::read(&pdf).unwrap();
    tamper(&db, ids[2]);
    let out = run(&["reprint", "1", "--db", &db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "reprint printed a changed puzzle");
    assert!(err.contains(&ids[2].to_string()) && err.contains("changed"), "{err}");
    assert_eq!(std::fs::read(&pdf).unwrap(), first);
}

#[test]
fn a_book_never_holds_one_puzzle_twice() {
    let dir = workdir("twice");
    let db = catalog(&dir, "40");
    let mut book = 0;
    for (layouts, levels) in [("classic-9,classic-9", "hard"), ("classic-9", "easy,easy"), ("classic-9,classic-9", "medium,medium")] {
        let out = dir.join(format!("dup-{book}.pdf"));
        ok(&[
            "book",
            "Dup",
            "--layout",
            layouts,
            "--levels",
            levels,
            "--count",
            "4",
            "--allow-reprint",
            "--db",
            &db,
            "--out",
            out.to_str().unwrap(),
        ]);
        book += 1;
        let ids = book_ids(&db, book);
        let mut distinct = ids.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), ids.len(), "{layouts} {levels}: {ids:?}");
        assert_eq!(ids.len(), 4);
    }
}

#[test]
fn books_made_at_once_never_share_a_puzzle() {
    let dir = workdir("together");
    let db = catalog(&dir, "40");
    let children: Vec<_> = (0..3)
        .map(|i| {
            let out = dir.join(format!("b{i}.pdf"));
            Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
                .args(["book", &format!("B{i}"), "--layout", "classic-9", "--count", "8", "--db", &db, "--out", out.to_str().unwrap()])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let mut all: Vec<i64> = (1..=3).flat_map(|b| book_ids(&db, b)).collect();
    assert_eq!(all.len(), 24);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 24, "books made at once share puzzles");
}

#[test]
fn a_failed_pdf_write_leaves_no_book_and_no_partial_file() {
    let dir = workdir("failed");
    let db = catalog(&dir, "12");
    let taken = dir.join("taken.pdf");
    std::fs::create_dir_all(&taken).unwrap(); // a folder where the PDF should go
    let out = run(&["book", "F", "--layout", "classic-9", "--count", "4", "--db", &db, "--out", taken.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("taken.pdf"), "{err}");
    assert!(!dir.join("taken.pdf.partial").exists(), "a partial file is left");
    let books = ok(&["books", "--db", &db]);
    assert!(books.contains("no books yet"), "{books}");
    // A render that fails (large print too small) is not recorded either.
    let out =
        run(&["book", "L", "--layout", "classic-9", "--count", "6", "--per-page", "6", "--trim", "6x9", "--large-print", "--db", &db]);
    assert!(!out.status.success());
    assert!(ok(&["books", "--db", &db]).contains("no books yet"));
}

#[test]
fn default_pdf_names_never_overwrite_another_books_pdf() {
    let dir = workdir("names");
    let db = catalog(&dir, "40");
    let a = run_in(&dir, &["book", "Vol 1", "--layout", "classic-9", "--count", "4", "--db", &db]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = run_in(&dir, &["book", "Vol. 1!", "--layout", "classic-9", "--count", "4", "--db", &db]);
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let first = dir.join("output/vol-1-1.pdf");
    let second = dir.join("output/vol-1-2.pdf");
    assert!(first.exists() && second.exists(), "{:?}", std::fs::read_dir(dir.join("output")).map(|d| d.count()));
    let before = std::fs::read(&first).unwrap();
    // Naming book 1's PDF for another book or another book's reprint: refused.
    let c = run_in(&dir, &["book", "Vol 2", "--layout", "classic-9", "--count", "4", "--db", &db, "--out", "output/vol-1-1.pdf"]);
    let err = String::from_utf8_lossy(&c.stderr);
    assert!(!c.status.success());
    assert!(err.contains("output/vol-1-1.pdf") && err.contains("book 1"), "{err}");
    let r = run_in(&dir, &["reprint", "2", "--db", &db, "--out", "output/vol-1-1.pdf"]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success());
    assert!(err.contains("output/vol-1-1.pdf") && err.contains("book 1"), "{err}");
    assert_eq!(std::fs::read(&first).unwrap(), before);
    assert_eq!(book_ids(&db, 3), Vec::<i64>::new(), "the refused book is not recorded");
}

#[test]
fn a_book_needs_a_title() {
    let dir = workdir("untitled");
    let db = dir.join("puzzles.db");
    for title in ["", "   "] {
        let out = run(&["book", title, "--layout", "classic-9", "--count", "4", "--db", db.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(err.contains("needs a title"), "{err}");
    }
}

#[test]
fn a_title_the_font_cannot_print_is_refused_not_printed_as_boxes() {
    let dir = workdir("glyphs");
    let db = catalog(&dir, "8");
    let out = dir.join("t.pdf");
    for title in ["数独 Vol. 1", "Puzzles 🧩"] {
        let made =
            run(&["book", title, "--layout", "classic-9", "--count", "4", "--allow-reprint", "--db", &db, "--out", out.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&made.stderr);
        assert!(!made.status.success(), "{title}: printed");
        assert!(err.contains("cannot print") && err.contains("empty boxes"), "{err}");
        assert!(!out.exists());
    }
    // Accented Latin, Greek and Cyrillic are in DejaVu Sans.
    ok(&[
        "book",
        "Café Ωmega Судоку",
        "--layout",
        "classic-9",
        "--count",
        "4",
        "--allow-reprint",
        "--db",
        &db,
        "--out",
        out.to_str().unwrap(),
    ]);
}
