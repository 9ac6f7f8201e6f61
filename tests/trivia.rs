//! Trividoku as sold: the shipped bank, questions dealt once a book, a
//! refusal naming the numbers when a bank is too small, and the matching
//! list (`--trivia-format matching`) printed under the grid.

mod common;
use common::{ok, run};

use puzzlebook::book::trivia::{BANK, BANK_FILE, TriviaBank, TriviaFormat};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workdir(name: &str) -> PathBuf {
    common::workdir("trivia", name)
}

/// A catalog of validated trividoku-9 puzzles, `per_level` at each level.
fn catalog(dir: &Path, per_level: usize) -> String {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    // Seeds 1,000 apart: attempt i of a batch uses seed + i, and batches of
    // one seed would share solution grids (near-twins a book passes over).
    for (i, level) in ["easy", "medium", "hard", "expert"].into_iter().enumerate() {
        let seed = (5 + 1000 * i).to_string();
        ok(&["generate", "trividoku-9", "--count", &per_level.to_string(), "--difficulty", level, "--seed", &seed, "--db", &db]);
    }
    ok(&["validate", "--db", &db]);
    db
}

/// Poppler's pdftotext: required in CI (PUZZLEBOOK_REQUIRE_POPPLER=1), else optional.
fn pdftotext() -> bool {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    assert!(found || std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "pdftotext is required");
    found
}

/// Each puzzle page's text, lines in drawing order.
fn page_texts(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext").arg("-raw").arg(pdf).arg("-").output().unwrap();
    String::from_utf8_lossy(&out.stdout).split('\u{c}').map(str::to_string).collect()
}

/// The lettered lines of a text: (letter, the text after it).
fn lettered_lines(text: &str) -> Vec<(char, String)> {
    text.lines()
        .filter_map(|line| {
            let (letter, rest) = line.split_once(' ')?;
            let letter = letter.trim();
            // Grid lines hold a letter and digits; a question or item has words.
            let words = rest.chars().filter(|c| c.is_alphabetic()).count() > 1;
            (words && letter.len() == 1 && ('A'..='I').contains(&letter.chars().next()?))
                .then(|| (letter.chars().next().unwrap(), rest.trim().to_string()))
        })
        .collect()
}

#[test]
fn the_shipped_bank_has_900_distinct_questions_and_90_a_digit() {
    let bank = TriviaBank::parse(BANK, BANK_FILE).unwrap();
    let distinct: HashSet<&str> = bank.items.iter().map(|i| i.question.as_str()).collect();
    assert_eq!(distinct.len(), bank.items.len(), "a question is asked twice in the bank");
    assert!(distinct.len() >= 900, "{} questions", distinct.len());
    for digit in 1..=9 {
        let n = bank.items.iter().filter(|i| i.answer == digit).count();
        assert!(n >= 90, "only {n} questions answer {digit}");
    }
}

#[test]
fn a_hundred_puzzle_deal_never_repeats_and_is_the_same_again() {
    let bank = TriviaBank::parse(BANK, BANK_FILE).unwrap();
    // 100 puzzles whose letters A–I hold the digits in varying orders.
    let needs: Vec<Vec<(char, u32)>> = (0..100u32).map(|p| ('A'..='I').zip(0..9u32).map(|(l, i)| (l, (i + p) % 9 + 1)).collect()).collect();
    let dealt = bank.deal(&needs, 42, BANK_FILE).unwrap();
    let asked: Vec<&str> = dealt.iter().flatten().map(|c| c.question.as_str()).collect();
    assert_eq!(asked.len(), 900);
    assert_eq!(asked.iter().collect::<HashSet<_>>().len(), 900, "a question repeats within the book");
    for (clues, need) in dealt.iter().zip(&needs) {
        for clue in clues {
            let digit = need.iter().find(|(l, _)| *l == clue.letter).unwrap().1;
            assert_eq!(clue.answer, digit);
            assert!(bank.items.iter().any(|i| i.question == clue.question && i.answer == digit));
        }
    }
    assert_eq!(bank.deal(&needs, 42, BANK_FILE).unwrap(), dealt, "a reprint asks the same questions");
    assert_ne!(bank.deal(&needs, 43, BANK_FILE).unwrap(), dealt, "another book asks others");
}

#[test]
fn a_small_bank_is_refused_naming_the_file_and_the_numbers() {
    let text: String = (1..=9).flat_map(|d| (0..4).map(move |i| format!("Question {d}.{i},{d}\n"))).collect();
    let bank = TriviaBank::parse(&text, "small.csv").unwrap();
    let needs: Vec<Vec<(char, u32)>> = (0..30).map(|_| ('A'..='I').zip(1..=9).collect()).collect();
    let err = bank.deal(&needs, 1, "small.csv").unwrap_err().to_string();
    assert!(err.starts_with("small.csv: "), "{err}");
    assert!(err.contains("need 270 different items"), "{err}");
    assert!(err.contains("the bank has 36"), "{err}");
    assert!(err.contains("answer 7: 30 needed, 4 available"), "{err}");
    // Four puzzles fit exactly.
    assert!(bank.deal(&needs[..4], 1, "small.csv").is_ok());
}

#[test]
fn matching_lists_parse_and_bad_lines_are_named() {
    let list = "item,answer\nSpider's legs,8\n# a comment\nSides of a triangle,3\n";
    let text: String = list.to_string() + &(1..=9).map(|d| format!("Thing {d},{d}\n")).collect::<String>();
    let bank = TriviaBank::parse_as(&text, "list.csv", TriviaFormat::Matching).unwrap();
    assert_eq!(bank.items[0].question, "Spider's legs");
    assert_eq!(bank.items[0].answer, 8);
    let err = TriviaBank::parse_as("item,answer\nSpider's legs,eight\n", "list.csv", TriviaFormat::Matching).unwrap_err();
    assert_eq!(err.to_string(), "list.csv: line 2: the answer 'eight' is not a digit 1–9");
    let err = TriviaBank::parse_as("item,answer\nA thing without answer\n", "list.csv", TriviaFormat::Matching).unwrap_err();
    assert_eq!(err.to_string(), "list.csv: line 2: expected `item,answer`, found no comma");
    let err = TriviaBank::parse_as("item,answer\n ,4\n", "list.csv", TriviaFormat::Matching).unwrap_err();
    assert_eq!(err.to_string(), "list.csv: line 2: the item is empty");
}

#[test]
fn a_book_asks_each_question_once_and_a_short_bank_is_refused() {
    if !pdftotext() {
        return;
    }
    let dir = workdir("once");
    let db = catalog(&dir, 25);
    let pdf = dir.join("t.pdf");
    ok(&["book", "T", "--layout", "trividoku-9", "--count", "100", "--db", &db, "--out", pdf.to_str().unwrap()]);
    let questions: Vec<String> = page_texts(&pdf)
        .iter()
        .filter(|page| page.contains("Solution on page") || page.contains("Solution p."))
        .flat_map(|page| lettered_lines(page))
        .map(|(_, q)| q)
        // The introduction's glossary also has lines that open with "A ".
        .filter(|q| q.ends_with('?'))
        .collect();
    assert_eq!(questions.len(), 900);
    assert_eq!(questions.iter().collect::<HashSet<_>>().len(), 900, "a question repeats in the book");
    // A bank of four questions a digit cannot fill a book of five puzzles.
    let small = dir.join("small.csv");
    let text: String = (1..=9).flat_map(|d| (0..4).map(move |i| format!("Question {d}.{i},{d}\n"))).collect();
    std::fs::write(&small, text).unwrap();
    let out = run(&["book", "S", "--layout", "trividoku-9", "--count", "5", "--allow-reprint", "--levels", "easy", "--trivia"]
        .into_iter()
        .chain([small.to_str().unwrap(), "--db", &db, "--out", dir.join("s.pdf").to_str().unwrap()])
        .collect::<Vec<_>>());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("small.csv: the book's 5 Trividoku puzzles need 45 different items"), "{err}");
    assert!(err.contains("5 needed, 4 available"), "{err}");
    assert!(!dir.join("s.pdf").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_matching_list_prints_lettered_items_in_order_under_the_grid() {
    if !pdftotext() {
        return;
    }
    let dir = workdir("matching");
    let db = catalog(&dir, 1);
    let list = dir.join("list.csv");
    let text: String =
        "item,answer\n".to_string() + &(1..=9).flat_map(|d| (0..2).map(move |i| format!("Item {i} of {d},{d}\n"))).collect::<String>();
    std::fs::write(&list, &text).unwrap();
    let pdf = dir.join("m.pdf");
    ok(&["book", "M", "--layout", "trividoku-9", "--count", "2", "--levels", "easy,medium", "--per-page", "1"]
        .into_iter()
        .chain(["--trivia-format", "matching", "--trivia", list.to_str().unwrap(), "--db", &db, "--out", pdf.to_str().unwrap()])
        .collect::<Vec<_>>());
    let pages: Vec<String> = page_texts(&pdf).into_iter().filter(|p| p.contains("Puzzle ")).collect();
    assert_eq!(pages.len(), 2);
    let mut seen = HashSet::new();
    for page in &pages {
        let lines: Vec<&str> = page.lines().collect();
        let at = lines.iter().position(|l| l.contains("Match each lettered item with its number")).expect("the instruction");
        let items = lettered_lines(&lines[at..].join("\n"));
        assert_eq!(items.iter().map(|(l, _)| *l).collect::<String>(), "ABCDEFGHI");
        let digits: HashSet<char> = items.iter().map(|(_, item)| item.chars().last().unwrap()).collect();
        assert_eq!(digits.len(), 9, "nine items, one for each number: {items:?}");
        for (_, item) in items {
            assert!(text.contains(&format!("{item},")), "{item} is not in the list");
            assert!(seen.insert(item.clone()), "{item} printed twice");
        }
    }
    // Without a list, matching is refused (the shipped bank holds questions).
    let out = run(&["book", "N", "--layout", "trividoku-9", "--count", "1", "--trivia-format", "matching", "--db", &db]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--trivia-format matching needs a list"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn letters_too_small_to_read_are_refused_and_the_default_book_has_room_for_them() {
    // Letters print black at 9 pt or more clear of the digits: two grids a
    // letter page (cells of 20.5 pt) cannot hold them.
    let dir = workdir("letters");
    let db = catalog(&dir, 2);
    let out = run(&[
        "book",
        "Two",
        "--layout",
        "trividoku-9",
        "--count",
        "4",
        "--per-page",
        "2",
        "--db",
        &db,
        "--out",
        dir.join("two.pdf").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("trividoku-9: 2 puzzles a page") && err.contains("too small for its letters at 9 pt or more"), "{err}");
    assert!(!dir.join("two.pdf").exists());
    let out = run(&["book", "One", "--layout", "trividoku-9", "--count", "4", "--db", &db, "--out", dir.join("one.pdf").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(ok(&["books", "--db", &db]).contains("\"One\""), "the default book (one a page) was made");
    let _ = std::fs::remove_dir_all(&dir);
}
