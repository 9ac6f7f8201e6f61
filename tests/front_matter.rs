//! A book's front matter as the reader sees it: the title page, the
//! copyright page, the introduction and the worked examples (pdftotext),
//! the PDF's information (lopdf), and the refusals of bad ISBNs and years.

mod common;
use common::{ok, page_text, run};

use lopdf::Document;
use std::path::{Path, PathBuf};

fn workdir(name: &str) -> PathBuf {
    common::workdir("front", name)
}

/// Validated easy puzzles of `layouts`, four of each.
fn catalog(dir: &Path, layouts: &[&str]) -> String {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    for layout in layouts {
        ok(&["generate", layout, "--count", "4", "--difficulty", "easy", "--seed", "5", "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    db
}

#[test]
fn the_title_and_copyright_pages_say_who_made_the_book_and_the_pdf_names_the_author() {
    let dir = workdir("copyright");
    let db = catalog(&dir, &["classic-9"]);
    let pdf = dir.join("book.pdf");
    ok(&[
        "book",
        "Night Puzzles",
        "--layout",
        "classic-9",
        "--count",
        "4",
        "--levels",
        "easy",
        "--author",
        "Ada Lovelace",
        "--imprint",
        "Night Owl Press",
        "--isbn",
        "978-0-306-40615-7",
        "--copyright-year",
        "2027",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let doc = Document::load(&pdf).unwrap();
    let info = doc.trailer.get(b"Info").and_then(|o| o.as_reference()).and_then(|r| doc.get_dictionary(r)).unwrap();
    let author = info.get(b"Author").unwrap().as_str().unwrap();
    let author = String::from_utf8_lossy(author).replace('\0', "");
    assert!(author.contains("Ada Lovelace"), "{author:?}");
    assert!(info.get(b"GTS_PDFXVersion").is_err(), "no PDF/X claim: {info:?}");
    let Some(title) = page_text(&pdf, 1) else { return };
    assert!(title.contains("Night Puzzles") && title.contains("Ada Lovelace") && title.contains("Night Owl Press"), "{title}");
    assert!(!title.to_lowercase().contains("puzzlebook"), "the title page names the author, not the tool: {title}");
    let copyright = page_text(&pdf, 2).unwrap();
    for words in [
        "Night Puzzles",
        "by Ada Lovelace",
        "Copyright © 2027 Ada Lovelace",
        "All rights reserved.",
        "ISBN 978-0-306-40615-7",
        "Published by Night Owl Press",
        "First edition, first printing 2027",
        "proven to have exactly one solution",
    ] {
        assert!(copyright.contains(words), "page 2 lacks {words:?}: {copyright}");
    }
    // The introduction counts what the book holds, by the reader's name.
    let intro = page_text(&pdf, 3).unwrap();
    assert!(intro.contains("This book holds 4 puzzles: 4 Sudoku (4 easy)."), "{intro}");
    // What the levels need is said from the puzzles' grades (src/book/claims.rs
    // checks each claim): all four by singles, or how many need what.
    assert!(intro.contains("Easy puzzles need only singles") || intro.contains("Of the 4 easy puzzles, "), "{intro}");
}

#[test]
fn the_copyright_year_defaults_to_the_year_the_book_is_made() {
    let dir = workdir("year");
    let db = catalog(&dir, &["classic-4"]);
    let pdf = dir.join("book.pdf");
    ok(&[
        "book",
        "Small",
        "--layout",
        "classic-4",
        "--count",
        "2",
        "--levels",
        "easy",
        "--imprint",
        "Owl",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let made: String = ok(&["books", "--db", &db]).split(" made ").nth(1).unwrap().chars().take(4).collect();
    let Some(copyright) = page_text(&pdf, 2) else { return };
    // No author: the imprint holds the copyright.
    assert!(copyright.contains(&format!("Copyright © {made} Owl")), "{copyright}");
    assert!(!copyright.contains("ISBN"), "{copyright}");
}

#[test]
fn a_bad_isbn_or_year_is_refused_naming_the_flag_and_value_and_nothing_is_written() {
    let dir = workdir("isbn");
    let db = catalog(&dir, &["classic-4"]);
    let pdf = dir.join("book.pdf");
    for (flag, value, says) in [
        ("--isbn", "978-0-306-40615-8", "--isbn 978-0-306-40615-8: the check digit should be 7, not 8"),
        ("--isbn", "0-306-40615-3", "--isbn 0-306-40615-3: the check digit should be 2, not 3"),
        ("--isbn", "12345", "--isbn 12345: 5 digits: an ISBN has 10 or 13"),
        ("--copyright-year", "26", "--copyright-year 26: expected a year"),
    ] {
        let out = run(&["book", "B", "--layout", "classic-4", "--count", "2", flag, value, "--db", &db, "--out", pdf.to_str().unwrap()]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{flag} {value}: {err}");
        assert!(!pdf.exists(), "{flag} {value}: a refused book writes no PDF");
    }
    assert!(ok(&["books", "--db", &db]).contains("no books yet"));
}

#[test]
fn examples_show_each_layout_by_its_reader_name_with_a_first_step_and_its_solution() {
    let dir = workdir("examples");
    let db = catalog(&dir, &["classic-9", "even-odd-9"]);
    let pdf = dir.join("book.pdf");
    let args = ["book", "Mixed", "--layout", "classic-9,even-odd-9", "--count", "4", "--levels", "easy", "--db", &db];
    ok(&[&args[..], &["--examples", "--out", pdf.to_str().unwrap()]].concat());
    let plain = dir.join("plain.pdf");
    ok(&[&args[..], &["--allow-reprint", "--out", plain.to_str().unwrap()]].concat());
    let Some(intro) = page_text(&pdf, 3) else { return };
    // "How to play" by the reader's name; the catalog's description never prints.
    assert!(intro.contains("Even/Odd Sudoku Place 1–9 once"), "{intro}");
    assert!(!intro.contains("Even/odd 9×9"), "{intro}");
    assert!(intro.contains("a worked example of each kind"), "{intro}");
    let pages = Document::load(&pdf).unwrap().get_pages().len();
    let texts: Vec<String> = (1..=pages).map(|n| page_text(&pdf, n).unwrap()).collect();
    for name in ["Sudoku", "Even/Odd Sudoku"] {
        let heading = format!("Example: {name} ");
        let page = texts.iter().find(|t| t.contains(&heading)).unwrap_or_else(|| panic!("no example page of {name}"));
        assert!(page.contains("Puzzle") && page.contains("Solution"), "{page}");
        assert!(page.contains("First step: ") && page.contains("shaded"), "a graded layout explains its first step: {page}");
    }
    assert_eq!(texts.iter().filter(|t| t.contains("Example: ")).count(), 2, "one example page per layout");
    // The contents point at them; a book without --examples has none.
    assert!(texts.iter().any(|t| t.contains("Contents Examples")), "{:?}", &texts[2..4]);
    // Another book (another title) of the same stock draws other examples.
    let other = dir.join("other.pdf");
    let other_args = ["book", "Other", "--layout", "classic-9,even-odd-9", "--count", "4", "--levels", "easy", "--db", &db];
    ok(&[&other_args[..], &["--examples", "--allow-reprint", "--out", other.to_str().unwrap()]].concat());
    let other_pages = Document::load(&other).unwrap().get_pages().len();
    let example_of = |texts: &[String]| texts.iter().find(|t| t.contains("Example: Sudoku ")).cloned().unwrap();
    let other_texts: Vec<String> = (1..=other_pages).map(|n| page_text(&other, n).unwrap()).collect();
    assert_ne!(example_of(&texts), example_of(&other_texts), "two books print different example puzzles");
    let plain_pages = Document::load(&plain).unwrap().get_pages().len();
    assert!((1..=plain_pages).all(|n| !page_text(&plain, n).unwrap().contains("Example: ")));
}
