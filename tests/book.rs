//! Books as a user makes them: curation, the PDF's structure (lopdf),
//! its text (pdftotext), reprints, and the refusals.

mod common;
use common::{ok, run};

use lopdf::{Document, Object};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workdir(name: &str) -> PathBuf {
    common::workdir("book", name)
}

/// A catalog of `count` validated classic-9 puzzles, a quarter per level.
fn catalog(dir: &Path, count: &str) -> String {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    let per_level = (count.parse::<u32>().unwrap() / 4).to_string();
    // Seeds 1,000 apart: attempt i of a batch uses seed + i, so batches of
    // one seed would share solution grids (near-twins the book passes over).
    for (i, level) in ["easy", "medium", "hard", "expert"].into_iter().enumerate() {
        let seed = (11 + 1000 * i).to_string();
        ok(&["generate", "classic-9", "--count", &per_level, "--difficulty", level, "--seed", &seed, "--db", &db]);
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
    // Title, copyright, introduction (two pages at 6x9), 20 puzzle pages,
    // 4 answer pages, and a notes page to an even count.
    assert!(out.contains("20 puzzles, 28 pages"), "{out}");
    let doc = Document::load(&pdf).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 28);
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
        // Puzzle n is on page n + 3 (after the title, copyright and introduction).
        let page = (number + 3).to_string();
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

/// A killer's worked example pencils candidates into its cage; in large
/// print they must reach the 14 pt floor, and the refusal names that floor
/// (it named the 7 pt one of ordinary print).
#[test]
fn a_large_print_killer_example_names_the_large_print_floor() {
    let dir = workdir("large-killer");
    let db = dir.join("k.db").to_str().unwrap().to_string();
    ok(&["generate", "killer-9", "--count", "4", "--difficulty", "easy", "--seed", "41", "--db", &db]);
    ok(&["validate", "--db", &db]);
    let out = run(&["book", "K", "--layout", "killer-9", "--count", "4", "--levels", "easy", "--large-print", "--examples", "--db", &db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("the example of killer-9") && err.contains("under the 14 pt minimum of large print"), "{err}");
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

/// A word of `pdftotext -bbox`: text and box (points, y down from the top).
#[derive(Debug)]
struct Word {
    text: String,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

/// The words of each page, from `pdftotext -bbox`.
fn words(pdf: &Path) -> Vec<Vec<Word>> {
    let out = Command::new("pdftotext").arg("-bbox").arg(pdf).arg("-").output().unwrap();
    let html = String::from_utf8_lossy(&out.stdout);
    let attr = |tag: &str, name: &str| -> f32 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let mut pages = Vec::new();
    for page in html.split("<page ").skip(1) {
        let mut list = Vec::new();
        for word in page.split("<word ").skip(1) {
            let (tag, rest) = word.split_once('>').unwrap();
            let text = rest.split("</word>").next().unwrap().replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
            list.push(Word { text, x0: attr(tag, "xMin"), y0: attr(tag, "yMin"), x1: attr(tag, "xMax"), y1: attr(tag, "yMax") });
        }
        pages.push(list);
    }
    pages
}

fn page_text(words: &[Word]) -> String {
    words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ")
}

/// The page number at the foot: the lowest word.
fn folio(words: &[Word]) -> &Word {
    words.iter().max_by(|a, b| a.y1.total_cmp(&b.y1)).unwrap()
}

#[test]
fn a_long_title_and_subtitle_fit_a_6x9_large_print_title_page() {
    let dir = workdir("title");
    let db = catalog(&dir, "40");
    let pdf = dir.join("t.pdf");
    let title = "The Big Book of Large Print Sudoku for Quiet Evenings at Home 01";
    assert_eq!(title.chars().count(), 64);
    let subtitle =
        "Two hundred relaxing classic puzzles for long evenings, train journeys and rainy weekends, with every answer at the back";
    ok(&[
        "book",
        title,
        "--subtitle",
        subtitle,
        "--author",
        "Jane Q. Puzzlesmith",
        "--layout",
        "classic-9",
        "--count",
        "8",
        "--per-page",
        "1",
        "--trim",
        "6x9",
        "--large-print",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    // The author is in the PDF's information; no empty PDF/X key is.
    let doc = Document::load(&pdf).unwrap();
    let info = doc.trailer.get(b"Info").and_then(Object::as_reference).unwrap();
    let info = doc.get_dictionary(info).unwrap();
    assert!(!info.has(b"GTS_PDFXVersion"), "{info:?}");
    let author = info.get(b"Author").unwrap().as_str().unwrap();
    let author: Vec<u16> = author[2..].chunks(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
    assert_eq!(String::from_utf16(&author).unwrap(), "Jane Q. Puzzlesmith");
    if !poppler("pdftotext") {
        return;
    }
    let pages = words(&pdf);
    let first = &pages[0];
    let text = page_text(first);
    for part in [title, subtitle, "Jane Q. Puzzlesmith"] {
        assert!(text.contains(part), "{part} missing from the title page: {text}");
    }
    // Inside the live area (6x9, page 1: gutter 0.375 in on the left,
    // 0.25 in elsewhere) and no two words overlapping.
    for w in first {
        assert!(w.x0 >= 27.0 && w.x1 <= 432.0 - 18.0 && w.y0 >= 18.0 && w.y1 <= 648.0 - 18.0, "{w:?} outside the live area");
    }
    for (i, a) in first.iter().enumerate() {
        for b in &first[i + 1..] {
            let overlap = a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;
            assert!(!overlap, "{a:?} overlaps {b:?}");
        }
    }
    // A title that cannot fit three lines is refused, not printed over the page.
    let long = "Supercalifragilisticexpialidocious ".repeat(8);
    let out =
        run(&["book", &long, "--layout", "classic-9", "--count", "4", "--trim", "6x9", "--large-print", "--per-page", "1", "--db", &db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("does not fit the title page"), "{err}");
}

#[test]
fn a_short_book_is_padded_with_notes_pages_or_refused_with_no_pad() {
    let dir = workdir("pad");
    let db = catalog(&dir, "40");
    let pdf = dir.join("ten.pdf");
    let refused = run(&["book", "Ten", "--layout", "classic-9", "--count", "10", "--no-pad", "--db", &db, "--out", pdf.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        !refused.status.success() && err.contains("pages: a print-on-demand paperback needs an even page count of at least 24"),
        "{err}"
    );
    assert!(!pdf.exists());
    assert!(ok(&["books", "--db", &db]).contains("no books yet"), "a refused book is not recorded");
    let out = ok(&["book", "Ten", "--layout", "classic-9", "--count", "10", "--db", &db, "--out", pdf.to_str().unwrap()]);
    assert!(out.contains("notes pages to reach 24 pages"), "{out}");
    let pages = Document::load(&pdf).unwrap().get_pages().len();
    assert!(pages >= 24 && pages.is_multiple_of(2), "{pages}");
    let report = ok(&["preflight", pdf.to_str().unwrap()]);
    assert!(report.contains("no findings"), "{report}");
    if poppler("pdftotext") {
        let words = words(&pdf);
        assert!(page_text(&words[pages - 1]).contains("Notes"));
        // Contents name the notes and the answers at their pages.
        let contents = words.iter().map(|w| page_text(w)).find(|t| t.contains("Contents")).unwrap();
        assert!(contents.contains("Notes") && contents.contains("Answers"), "{contents}");
        // Every puzzle names the page of its answer, and that page holds it.
        let first = words.iter().map(|w| page_text(w)).find(|t| t.contains("Puzzle 1 ")).unwrap();
        let at: usize = first.split("Solution on page ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(page_text(&words[at - 1]).starts_with("Answers") || page_text(&words[at - 1]).contains("Answers 1–"), "{at}");
    }
}

/// Layouts whose grids pass the preflight at 8.5x11 and 6x9 today.
const CLEAN_LAYOUTS: [&str; 18] = [
    "butterfly",
    "classic-4",
    "classic-6",
    "classic-9",
    "classic-12",
    "classic-16",
    "diagonal-9",
    "flower",
    "islands-9",
    "islands-random-9",
    "jigsaw-9",
    "samurai",
    "sohei",
    "stars-stripes-12",
    "sudoku-mix",
    "triathlon",
    "twodoku",
    "windmill",
];

#[test]
fn how_to_play_holds_every_layout_and_the_contents_above_the_folio() {
    let dir = workdir("many");
    let db = dir.join("p.db").to_str().unwrap().to_string();
    for layout in CLEAN_LAYOUTS {
        ok(&["generate", layout, "--count", "2", "--difficulty", "easy", "--seed", "3", "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    let pdf = dir.join("many.pdf");
    let layouts = CLEAN_LAYOUTS.join(",");
    let count = (CLEAN_LAYOUTS.len() * 2).to_string();
    for (trim, extra) in [("6x9", None), ("8.5x11", Some("--large-print"))] {
        let mut args = vec!["book", "Many", "--layout", &layouts, "--levels", "easy", "--count", &count, "--trim", trim];
        args.extend(extra);
        args.extend(["--allow-reprint", "--db", &db, "--out", pdf.to_str().unwrap()]);
        let out = run(&args);
        if extra.is_some() && !out.status.success() {
            // Large print refuses layouts too big for 16 pt digits: fine.
            continue;
        }
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        if !poppler("pdftotext") {
            return;
        }
        let pages = words(&pdf);
        let intro_end = pages.iter().position(|p| page_text(p).contains("Puzzle 1 ")).unwrap();
        assert!(intro_end >= 3, "{trim}: How to play spans pages 2–{intro_end}");
        let intro: String = pages[1..intro_end].iter().map(|p| page_text(p)).collect::<Vec<_>>().join(" ");
        for layout in CLEAN_LAYOUTS {
            let source =
                std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts").join(format!("{layout}.toml"))).unwrap();
            let key = |key: &str| source.lines().find_map(|l| l.strip_prefix(key)).unwrap().trim_end_matches('"').to_string();
            // The reader's name heads its rules; the catalog's description never prints.
            let (name, description) = (key("name = \""), key("description = \""));
            assert!(intro.contains(&format!("{name} ")), "{trim}: {layout}'s name \"{name}\" is not in How to play");
            assert!(!intro.contains(&description), "{trim}: {layout}'s description is printed");
        }
        assert!(intro.contains("Contents"));
        // The contents point at the pages: easy starts at the first puzzle page.
        let entry = intro.split("Easy (from puzzle 1) ").nth(1).unwrap();
        assert_eq!(entry.split(' ').next().unwrap(), (intro_end + 1).to_string(), "{trim}");
        // The copyright page (2), like the title page, carries no number.
        for (i, page) in pages.iter().enumerate().skip(2) {
            let foot = folio(page);
            assert_eq!(foot.text, (i + 1).to_string(), "{trim}: page {}: the folio is the lowest word", i + 1);
            for w in page.iter().filter(|w| !std::ptr::eq(*w, foot)) {
                assert!(w.y1 < foot.y0, "{trim}: page {}: {w:?} runs into the folio line {foot:?}", i + 1);
            }
        }
    }
}

#[test]
fn books_of_clean_layouts_pass_the_preflight_and_reprint_identically() {
    let dir = workdir("preflight");
    let db = dir.join("p.db").to_str().unwrap().to_string();
    for layout in ["classic-9", "jigsaw-9", "samurai"] {
        for (seed, level) in [("7", "easy"), ("1007", "medium")] {
            ok(&["generate", layout, "--count", "4", "--difficulty", level, "--seed", seed, "--db", &db]);
        }
    }
    ok(&["validate", "--db", &db]);
    let mut made = 0;
    for layout in ["classic-9", "jigsaw-9", "samurai"] {
        for trim in ["8.5x11", "6x9"] {
            for bleed in [false, true] {
                let pdf = dir.join(format!("{layout}-{trim}-{bleed}.pdf"));
                let mut args = vec!["book", "Clean", "--layout", layout, "--levels", "easy,medium", "--count", "8", "--trim", trim];
                if bleed {
                    args.push("--bleed");
                }
                args.extend(["--allow-reprint", "--db", &db, "--out", pdf.to_str().unwrap()]);
                ok(&args);
                made += 1;
                let mut check = vec!["preflight", pdf.to_str().unwrap()];
                if bleed {
                    check.push("--bleed");
                }
                let report = ok(&check);
                assert!(report.contains("no findings"), "{layout} {trim} {bleed}: {report}");
            }
        }
    }
    let pdf = dir.join("large.pdf");
    ok(&[
        "book",
        "Large",
        "--layout",
        "classic-9",
        "--levels",
        "easy,medium",
        "--count",
        "8",
        "--per-page",
        "1",
        "--large-print",
        "--allow-reprint",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    made += 1;
    let report = ok(&["preflight", pdf.to_str().unwrap(), "--large-print"]);
    assert!(report.contains("no findings"), "{report}");
    let copy = dir.join("again.pdf");
    let reprint = ok(&["reprint", &made.to_string(), "--db", &db, "--out", copy.to_str().unwrap()]);
    assert!(reprint.contains("identical to the first printing"), "{reprint}");
    assert_eq!(std::fs::read(&pdf).unwrap(), std::fs::read(&copy).unwrap());
}

#[test]
fn the_default_per_page_steps_down_when_grids_would_be_too_small() {
    let dir = workdir("per-page");
    let db = catalog(&dir, "8");
    let pdf = dir.join("lp.pdf");
    let pdf = pdf.to_str().unwrap();
    // Large print on 6x9: two classic grids a page would give 11 pt digits.
    let out = run(&[
        "book",
        "Large",
        "--layout",
        "classic-9",
        "--count",
        "2",
        "--levels",
        "easy",
        "--large-print",
        "--trim",
        "6x9",
        "--db",
        &db,
        "--out",
        pdf,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 a page are too small at this trim: 1 a page instead"));
    let settings: String = rusqlite::Connection::open(&db).unwrap().query_row("SELECT settings FROM books", [], |r| r.get(0)).unwrap();
    assert!(settings.contains("per_page = 1"), "{settings}");
    // Asked for explicitly, two a page is refused with the reason.
    let out = run(&[
        "book",
        "Large 2",
        "--layout",
        "classic-9",
        "--count",
        "2",
        "--levels",
        "easy",
        "--large-print",
        "--trim",
        "6x9",
        "--per-page",
        "2",
        "--allow-reprint",
        "--db",
        &db,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("2 puzzles a page on a 6x9 in page give large-print digits of"), "{err}");
}

#[test]
fn within_a_level_a_mixed_book_keeps_each_layout_together() {
    let dir = workdir("grouped");
    let db = dir.join("g.db").to_str().unwrap().to_string();
    for layout in ["classic-9", "jigsaw-9"] {
        for (seed, level) in [("5", "easy"), ("1005", "medium")] {
            ok(&["generate", layout, "--count", "4", "--difficulty", level, "--seed", seed, "--db", &db]);
        }
    }
    ok(&["validate", "--db", &db]);
    ok(&[
        "book",
        "Mixed",
        "--layout",
        "classic-9,jigsaw-9",
        "--count",
        "16",
        "--levels",
        "easy,medium",
        "--db",
        &db,
        "--out",
        dir.join("m.pdf").to_str().unwrap(),
    ]);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let order: Vec<(String, String)> = conn
        .prepare("SELECT p.level, p.layout_name FROM book_puzzles b JOIN puzzles p ON p.id = b.puzzle_id ORDER BY b.number")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let expected: Vec<(String, String)> = ["easy", "medium"]
        .iter()
        .flat_map(|level| {
            ["classic-9", "jigsaw-9"].iter().flat_map(move |layout| std::iter::repeat_n((level.to_string(), layout.to_string()), 4))
        })
        .collect();
    // Two a page: every page holds one layout.
    assert_eq!(order, expected);
    // Three of each a level at two a page: a layout's last page is part
    // full rather than shared, so no page names both layouts' rules.
    let pdf = dir.join("odd.pdf");
    ok(&[
        "book",
        "Odd",
        "--layout",
        "classic-9,jigsaw-9",
        "--count",
        "12",
        "--levels",
        "easy,medium",
        "--allow-reprint",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    if poppler("pdftotext") {
        let pages = words(&pdf);
        let puzzle_pages: Vec<String> =
            pages.iter().map(|p| page_text(p)).filter(|t| t.contains("Puzzle ") && !t.contains("Answers")).collect();
        assert_eq!(puzzle_pages.len(), 8, "2 levels × 2 layouts × 2 pages (2 + 1 puzzles)");
        for text in &puzzle_pages {
            assert!(!(text.contains("Sudoku:") && text.contains("Jigsaw Sudoku:")), "a page mixes layouts: {text}");
        }
    }
}

#[test]
fn large_grids_default_to_one_a_page_and_cramped_cells_are_warned_of() {
    let dir = workdir("large-grids");
    let db = dir.join("l.db").to_str().unwrap().to_string();
    ok(&["generate", "classic-4", "--count", "2", "--seed", "3", "--db", &db]);
    ok(&["generate", "classic-9", "--count", "6", "--difficulty", "easy", "--seed", "3", "--db", &db]);
    ok(&["validate", "--db", &db]);
    let per_page = |book: i64| -> String {
        let settings: String =
            rusqlite::Connection::open(&db).unwrap().query_row("SELECT settings FROM books WHERE id = ?1", [book], |r| r.get(0)).unwrap();
        settings.lines().find(|l| l.starts_with("per_page")).unwrap().to_string()
    };
    // Six 9×9 grids on a 5.5x8.5 page are legal but cramped: a warning.
    let out = run(&[
        "book",
        "Tight",
        "--layout",
        "classic-9",
        "--count",
        "6",
        "--levels",
        "easy",
        "--per-page",
        "6",
        "--trim",
        "5.5x8.5",
        "--db",
        &db,
        "--out",
        dir.join("t.pdf").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("under 0.3 in a pencil has little room"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(per_page(1), "per_page = 6");
    // A small grid keeps the default of two a page, with roomy cells and no warning.
    let out = run(&[
        "book",
        "Small",
        "--layout",
        "classic-4",
        "--count",
        "2",
        "--db",
        &db,
        "--out",
        dir.join("s.pdf").to_str().unwrap(),
        "--levels",
        "easy",
    ]);
    assert!(out.status.success() && !String::from_utf8_lossy(&out.stderr).contains("0.3 in"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(per_page(2), "per_page = 2");
    // A 16×16 grid prints one a page unless asked otherwise.
    ok(&["generate", "classic-16", "--count", "1", "--seed", "3", "--db", &db]);
    ok(&["validate", "--db", &db]);
    let level: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT level FROM puzzles WHERE layout_name = 'classic-16'", [], |r| r.get(0))
        .unwrap();
    ok(&[
        "book",
        "Big",
        "--layout",
        "classic-16",
        "--count",
        "1",
        "--levels",
        &level,
        "--db",
        &db,
        "--out",
        dir.join("b.pdf").to_str().unwrap(),
    ]);
    assert_eq!(per_page(3), "per_page = 1");
}

/// Leaves book `title` as a run killed between recording it and writing
/// its PDF leaves it: pending, holding `puzzles`, its lease held by a
/// process that no longer exists and a heartbeat long past.
fn abandoned_book(db: &str, title: &str, puzzles: &[i64]) -> i64 {
    let conn = Connection::open(db).unwrap();
    conn.execute(
        "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash, status, lease_owner, lease_pid, lease_host, lease_heartbeat)
         VALUES (?1, '', '2026-01-01T00:00:00Z', 'gone.pdf', 0, '', 'pending', 'dead-run', 2147483646, 'elsewhere', 0)",
        [title],
    )
    .unwrap();
    let id = conn.last_insert_rowid();
    for (i, p) in puzzles.iter().enumerate() {
        conn.execute("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (?1, ?2, ?3)", [id, i as i64 + 1, *p]).unwrap();
    }
    id
}

fn validated_ids(db: &str) -> Vec<i64> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT id FROM puzzles WHERE validation = 'ok' ORDER BY id").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<Vec<i64>, _>>().unwrap()
}

#[test]
fn a_book_whose_run_died_is_no_book_and_its_puzzles_are_taken_back() {
    let dir = workdir("abandoned");
    let db = catalog(&dir, "12");
    let all = validated_ids(&db);
    assert_eq!(all.len(), 12, "{all:?}");
    // A run killed after recording its book, before its PDF was in place.
    let dead = abandoned_book(&db, "Kill", &all);
    // It is no book: `books` says it is unfinished, `reprint` and `cover` refuse it.
    let listed = ok(&["books", "--db", &db]);
    assert!(listed.contains("no books yet") && listed.contains("unfinished book") && listed.contains("abandoned"), "{listed}");
    let out = run(&["reprint", &dead.to_string(), "--db", &db, "--out", dir.join("re.pdf").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "reprint printed a book that was never made");
    assert!(err.contains("never finished"), "{err}");
    assert!(!dir.join("re.pdf").exists());
    let out = run(&["cover", &dead.to_string(), "--db", &db, "--out", dir.join("c.pdf").to_str().unwrap()]);
    assert!(!out.status.success(), "a cover was made for a book that was never made");
    // Its puzzles are free again: a book of all twelve takes them.
    let pdf = dir.join("all.pdf");
    ok(&["book", "All", "--layout", "classic-9", "--count", "12", "--db", &db, "--out", pdf.to_str().unwrap()]);
    assert!(pdf.exists());
    let conn = Connection::open(&db).unwrap();
    let (books, pending): (i64, i64) = conn
        .query_row("SELECT count(*), sum(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) FROM books", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((books, pending), (1, 0), "the abandoned book was not taken back");
    let made: i64 = conn.query_row("SELECT id FROM books", [], |r| r.get(0)).unwrap();
    let mut printed = book_ids(&db, made);
    printed.sort();
    assert_eq!(printed, all);
}

#[test]
fn a_book_being_made_keeps_its_puzzles() {
    let dir = workdir("pending-live");
    let db = catalog(&dir, "12");
    let all = validated_ids(&db);
    // Pending, its lease held by a live process (this test) with a fresh heartbeat.
    let conn = Connection::open(&db).unwrap();
    conn.execute(
        "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash, status, lease_owner, lease_pid, lease_host, lease_heartbeat)
         VALUES ('Live', '', '2026-01-01T00:00:00Z', 'live.pdf', 0, '', 'pending', 'live-run', ?1, ?2, CAST(strftime('%s', 'now') AS INTEGER) + 3600)",
        rusqlite::params![std::process::id(), std::fs::read_to_string("/proc/sys/kernel/hostname").map(|h| h.trim().to_string()).unwrap_or_default()],
    )
    .unwrap();
    let live = conn.last_insert_rowid();
    for (i, p) in all.iter().take(8).enumerate() {
        conn.execute("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (?1, ?2, ?3)", [live, i as i64 + 1, *p]).unwrap();
    }
    // Twelve cannot be had while it holds eight of them.
    let out = run(&["book", "More", "--layout", "classic-9", "--count", "12", "--db", &db, "--out", dir.join("m.pdf").to_str().unwrap()]);
    assert!(!out.status.success(), "a book took the puzzles of a book being made");
    assert!(ok(&["books", "--db", &db]).contains("being made now"));
}

#[test]
fn a_bad_blurb_leaves_no_book_and_no_file() {
    let dir = workdir("blurb");
    let db = catalog(&dir, "8");
    let pdf = dir.join("b.pdf");
    let cover = dir.join("b-cover.pdf");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "  \n\n").unwrap();
    let long = dir.join("long.txt");
    std::fs::write(&long, "A blurb that goes on and on, far beyond the back cover. ".repeat(400)).unwrap();
    let missing = dir.join("missing.txt");
    for (blurb, said) in [(&empty, "is empty"), (&long, "does not fit"), (&missing, "cannot read the blurb")] {
        let out = run(&[
            "book",
            "B",
            "--layout",
            "classic-9",
            "--count",
            "4",
            "--cover",
            "--blurb",
            blurb.to_str().unwrap(),
            "--db",
            &db,
            "--out",
            pdf.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{}: a book was made", blurb.display());
        assert!(err.contains(said), "{}: {err}", blurb.display());
        assert!(!pdf.exists() && !cover.exists(), "{}: a file was left", blurb.display());
        let leftovers: Vec<_> =
            std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).filter(|e| e.path().to_string_lossy().contains("partial")).collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
        let rows: i64 = Connection::open(&db).unwrap().query_row("SELECT count(*) FROM books", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 0, "{}: a book row was left", blurb.display());
    }
    // A good blurb: the book and its cover, both in place, the book done.
    let good = dir.join("good.txt");
    std::fs::write(&good, "Twelve fine puzzles.").unwrap();
    let said = ok(&[
        "book",
        "B",
        "--layout",
        "classic-9",
        "--count",
        "4",
        "--cover",
        "--blurb",
        good.to_str().unwrap(),
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    assert!(pdf.exists() && cover.exists(), "{said}");
    assert!(said.contains("cover of book 1"), "{said}");
}

#[test]
fn a_verdict_set_by_hand_is_checked_again_and_never_printed() {
    let dir = workdir("hand-ok");
    let db = catalog(&dir, "8");
    let conn = Connection::open(&db).unwrap();
    let easy: Vec<i64> = conn
        .prepare("SELECT id FROM puzzles WHERE validation = 'ok' AND level = 'easy' ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(easy.len(), 2, "{easy:?}");
    let victim = easy[0];
    // A wrong solution (two digits swapped), validated (it fails), then set to ok by hand.
    let solution: String = conn.query_row("SELECT solution FROM puzzles WHERE id = ?1", [victim], |r| r.get(0)).unwrap();
    let mut chars: Vec<char> = solution.chars().collect();
    chars.swap(0, 1);
    let wrong: String = chars.into_iter().collect();
    conn.execute("UPDATE puzzles SET solution = ?2 WHERE id = ?1", rusqlite::params![victim, wrong]).unwrap();
    let out = run(&["validate", "--db", &db]);
    assert!(!out.status.success(), "a wrong solution passed");
    conn.execute("UPDATE puzzles SET validation = 'ok', validation_detail = NULL WHERE id = ?1", [victim]).unwrap();
    // stats does not count it valid.
    let stats = ok(&["stats", "--db", &db]);
    let easy_line = stats.lines().find(|l| l.contains("easy")).unwrap().to_string();
    let numbers: Vec<&str> = easy_line.split_whitespace().collect();
    assert_eq!(&numbers[2..], ["2", "1", "0", "1"], "{stats}");
    // A book of both easy puzzles refuses; a book of one leaves it out.
    let out = run(&["book", "E", "--layout", "classic-9", "--levels", "easy", "--count", "2", "--db", &db]);
    assert!(!out.status.success(), "a book printed a puzzle whose verdict was set by hand");
    ok(&[
        "book",
        "E",
        "--layout",
        "classic-9",
        "--levels",
        "easy",
        "--count",
        "1",
        "--db",
        &db,
        "--out",
        dir.join("e.pdf").to_str().unwrap(),
    ]);
    assert_eq!(book_ids(&db, 1), vec![easy[1]]);
    // validate checks it again, and it fails again.
    let out = run(&["validate", "--db", &db]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success() && said.contains("validated 1 puzzles"), "{said}");
    let verdict: String = conn.query_row("SELECT validation FROM puzzles WHERE id = ?1", [victim], |r| r.get(0)).unwrap();
    assert_eq!(verdict, "failed");
}

/// "picture" is the source of puzzles made from pictures (a book prints
/// them as a chapter of their own): an import may not take the name,
/// given or as its file's name, and stores nothing.
#[test]
fn an_import_may_not_call_itself_picture() {
    let dir = common::workdir("book", "picture-source");
    let db = dir.join("p.db");
    let file = dir.join("picture");
    std::fs::write(&file, "5/1.1/1.1.1/1.1/5|5/1.1/1.1.1/1.1/5\n").unwrap();
    let named = dir.join("frame.txt");
    std::fs::write(&named, "5/1.1/1.1.1/1.1/5|5/1.1/1.1.1/1.1/5\n").unwrap();
    for args in [vec!["import", named.to_str().unwrap(), "--source", "picture"], vec!["import", file.to_str().unwrap()]] {
        let out = run(&[&args[..], &["--layout", "nonogram-5x5", "--db", db.to_str().unwrap()]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} was taken");
        assert!(err.contains("source `picture`: that name marks the puzzles `generate LAYOUT --from PICTURE` made"), "{err}");
    }
    assert!(!db.exists(), "nothing was stored");
    let _ = std::fs::remove_dir_all(&dir);
}
