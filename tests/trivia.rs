//! Trividoku as sold: the shipped banks (the first, kept for reprints, and
//! bank 2 of facts by topic), questions dealt once a book, topics chosen
//! by name, a warning naming the repeats when a bank is too small, and the
//! matching list (`--trivia-format matching`) printed under the grid.

mod common;
use common::{ok, run};

use puzzlebook::book::trivia::{BANK, BANK_2, BANK_2_FILE, BANK_FILE, TriviaBank, TriviaFormat, WORD_NUMBER};
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

/// The topics bank 2 ships, in the order of its rows.
const TOPICS: [&str; 12] =
    ["geography", "science", "nature", "human-body", "space", "history", "myth", "arts", "sport", "food", "language", "word-number"];

fn bank_2() -> TriviaBank {
    TriviaBank::parse(BANK_2, BANK_2_FILE).unwrap()
}

/// 100 puzzles whose letters A–I hold the digits in varying orders.
fn hundred_puzzles() -> Vec<Vec<(char, u32)>> {
    (0..100u32).map(|p| ('A'..='I').zip(0..9u32).map(|(l, i)| (l, (i + p) % 9 + 1)).collect()).collect()
}

/// Letter counts and arithmetic: what a buyer of trivia calls filler,
/// allowed only in the word-number topic.
fn filler(question: &str) -> Option<&'static str> {
    let q = question.to_lowercase();
    for word in [
        "letters",
        " plus ",
        " minus ",
        "sum of",
        "divided by",
        "multiplied by",
        "square root",
        "cube root",
        "syllables are in",
        "roman numeral",
    ] {
        if q.contains(word) {
            return Some(word);
        }
    }
    // "times" next to a number ("3 times 4", "times 2"); "how many times" is a fact.
    let words: Vec<&str> = q.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    for (i, w) in words.iter().enumerate() {
        let number = |j: usize| words.get(j).is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
        if *w == "times" && ((i > 0 && number(i - 1)) || number(i + 1)) {
            return Some("times");
        }
    }
    // Digits joined by an operator: "7+2", "9 - 3", "4 × 2", "8/4".
    let chars: Vec<char> = q.chars().filter(|c| !c.is_whitespace()).collect();
    for w in chars.windows(3) {
        if w[0].is_ascii_digit() && "+-×x*/÷".contains(w[1]) && w[2].is_ascii_digit() {
            return Some("an operator between digits");
        }
    }
    None
}

#[test]
fn bank_2_parses_with_known_topics_and_no_filler_or_twice_asked_question() {
    let bank = bank_2();
    assert!(bank.has_topics);
    assert!(bank.items.len() >= 900, "{} questions", bank.items.len());
    assert_eq!(bank.topics(), TOPICS.to_vec(), "the topics, in the file's order");
    let mut seen = HashSet::new();
    for item in &bank.items {
        let topic = item.topic.as_deref().unwrap();
        assert!(TOPICS.contains(&topic), "unknown topic {topic}: {}", item.question);
        assert!((1..=9).contains(&item.answer), "{}", item.question);
        assert!(item.question.ends_with('?'), "not a question: {}", item.question);
        assert!(item.question.chars().next().unwrap().is_uppercase(), "{}", item.question);
        assert!(seen.insert(item.question.to_lowercase()), "asked twice: {}", item.question);
        if topic != WORD_NUMBER {
            assert_eq!(filler(&item.question), None, "{topic}: {}", item.question);
        }
    }
    // The filter finds what it is for.
    for q in ["How many letters are in the word 'owl'?", "What is 16 minus 15?", "What is 3 times 3?", "What is 4+5?"] {
        assert!(filler(q).is_some(), "{q}");
    }
    assert_eq!(filler("How many times was Grover Cleveland elected US president?"), None);
}

#[test]
fn bank_2_default_topics_hold_a_hundred_puzzle_book_and_each_topic_every_digit() {
    let bank = bank_2();
    assert_eq!(bank.default_topics(), TOPICS[..11].to_vec(), "word-number is left out by default");
    let default = bank.select(&[], BANK_2_FILE).unwrap();
    assert!(default.items.iter().all(|i| i.topic.as_deref() != Some(WORD_NUMBER)));
    let per = default.per_digit();
    for (digit, n) in per.iter().enumerate().skip(1) {
        assert!(*n >= 100, "the default topics have {n} questions answering {digit}");
    }
    // Every topic alone can make a Trividoku: a question for every digit.
    for topic in TOPICS {
        let one = bank.select(&[topic.to_string()], BANK_2_FILE).unwrap();
        assert!(one.items.iter().all(|i| i.topic.as_deref() == Some(topic)));
        assert!((1..=9).all(|d| one.per_digit()[d] >= 1), "{topic}: {:?}", one.per_digit());
    }
}

#[test]
fn topics_select_their_questions_and_unknown_ones_are_named() {
    let bank = bank_2();
    let wanted = vec!["geography".to_string(), "science".to_string()];
    let chosen = bank.select(&wanted, BANK_2_FILE).unwrap();
    let expected = bank.items.iter().filter(|i| matches!(i.topic.as_deref(), Some("geography" | "science"))).count();
    assert_eq!(chosen.items.len(), expected);
    assert!(chosen.items.iter().all(|i| matches!(i.topic.as_deref(), Some("geography" | "science"))));
    let err = bank.select(&["geography".into(), "astrology".into()], BANK_2_FILE).unwrap_err().to_string();
    assert!(err.contains("'astrology' is not a topic of data/trivia/bank-2.csv"), "{err}");
    assert!(err.contains("geography, science, nature, human-body"), "the list of topics: {err}");
    // A bank without a topic column: topics do not apply, said by name.
    let old = TriviaBank::parse(BANK, BANK_FILE).unwrap();
    assert!(!old.has_topics);
    assert_eq!(old.select(&[], BANK_FILE).unwrap().items.len(), old.items.len());
    let err = old.select(&["science".into()], BANK_FILE).unwrap_err().to_string();
    assert!(err.contains("data/trivia-bank.csv has no topic column"), "{err}");
    // A publisher's bank with topics: its own topics, word-number left out by default.
    let own: String = "topic,question,answer\n".to_string()
        + &(1..=9).map(|d| format!("birds,Bird question {d}?,{d}\nword-number,Word question {d}?,{d}\n")).collect::<String>();
    let own = TriviaBank::parse(&own, "own.csv").unwrap();
    assert_eq!(own.topics(), vec!["birds".to_string(), "word-number".to_string()]);
    assert!(own.select(&[], "own.csv").unwrap().items.iter().all(|i| i.question.starts_with("Bird")));
    let err = TriviaBank::parse("topic,question,answer\n,Q?,1\n", "t.csv").unwrap_err().to_string();
    assert_eq!(err, "t.csv: line 2: expected `topic,question,answer`, found no topic before the first comma");
}

#[test]
fn a_hundred_puzzle_deal_never_repeats_and_is_the_same_again() {
    let bank = bank_2().select(&[], BANK_2_FILE).unwrap();
    let needs = hundred_puzzles();
    let dealt = bank.deal(&needs, 42, BANK_2_FILE).unwrap();
    assert_eq!((dealt.repeats, &dealt.warning), (0, &None));
    let asked: Vec<&str> = dealt.clues.iter().flatten().map(|c| c.question.as_str()).collect();
    assert_eq!(asked.len(), 900);
    assert_eq!(asked.iter().collect::<HashSet<_>>().len(), 900, "a question repeats within the book");
    for (clues, need) in dealt.clues.iter().zip(&needs) {
        for clue in clues {
            let digit = need.iter().find(|(l, _)| *l == clue.letter).unwrap().1;
            assert_eq!(clue.answer, digit);
            assert!(bank.items.iter().any(|i| i.question == clue.question && i.answer == digit));
        }
    }
    assert_eq!(bank.deal(&needs, 42, BANK_2_FILE).unwrap(), dealt, "a reprint asks the same questions");
    assert_ne!(bank.deal(&needs, 43, BANK_2_FILE).unwrap(), dealt, "another book asks others");
    // The first bank still deals as it did (its books reprint the same).
    let old = TriviaBank::parse(BANK, BANK_FILE).unwrap();
    assert_eq!(old.deal(&needs, 42, BANK_FILE).unwrap().repeats, 0);
}

#[test]
fn a_small_bank_repeats_far_apart_with_a_warning_never_twice_in_a_puzzle() {
    let text: String = (1..=9).flat_map(|d| (0..4).map(move |i| format!("Question {d}.{i},{d}\n"))).collect();
    let bank = TriviaBank::parse(&text, "small.csv").unwrap();
    let needs: Vec<Vec<(char, u32)>> = (0..30).map(|_| ('A'..='I').zip(1..=9).collect()).collect();
    let dealt = bank.deal(&needs, 1, "small.csv").unwrap();
    // 30 puzzles ask each digit 30 times from 4 questions: 26 repeats a digit.
    assert_eq!(dealt.repeats, 9 * 26);
    let warning = dealt.warning.unwrap();
    assert!(warning.starts_with("small.csv: the book's 30 Trividoku puzzles ask 270 questions"), "{warning}");
    assert!(warning.contains("answer 7: 30 asked, 4 in the bank"), "{warning}");
    assert!(warning.contains("234 questions repeat, each at least 4 uses of its answer after it was first asked"), "{warning}");
    for clues in &dealt.clues {
        assert_eq!(clues.iter().map(|c| &c.question).collect::<HashSet<_>>().len(), 9, "a puzzle asks a question twice");
    }
    // The widest spacing: a question comes back only after all the others of its answer.
    for digit in 1..=9u32 {
        let asked: Vec<&str> =
            dealt.clues.iter().map(|clues| clues.iter().find(|c| c.answer == digit).unwrap().question.as_str()).collect();
        for (i, q) in asked.iter().enumerate() {
            if let Some(next) = asked[i + 1..].iter().position(|o| o == q) {
                assert_eq!(next + 1, 4, "{q} asked again after {} puzzles", next + 1);
            }
        }
    }
    // Four puzzles fit exactly, with no warning.
    let four = bank.deal(&needs[..4], 1, "small.csv").unwrap();
    assert_eq!((four.repeats, four.warning), (0, None));
    // A puzzle needing a digit twice from a bank of one such question is refused.
    let one: String = (1..=9).map(|d| format!("Q{d}?,{d}\n")).collect();
    let one = TriviaBank::parse(&one, "one.csv").unwrap();
    let err = one.deal(&[vec![('A', 3), ('B', 3)]], 1, "one.csv").unwrap_err().to_string();
    assert!(err.contains("a puzzle has 2 lettered cells holding 3 and the bank has 1 question answering 3"), "{err}");
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

/// The printed questions of a book's puzzle pages.
fn printed_questions(pdf: &Path) -> Vec<String> {
    page_texts(pdf)
        .iter()
        .filter(|page| page.contains("Solution on page") || page.contains("Solution p."))
        .flat_map(|page| lettered_lines(page))
        .map(|(_, q)| q)
        // The introduction's glossary also has lines that open with "A ".
        .filter(|q| q.ends_with('?'))
        .collect()
}

#[test]
fn a_book_asks_each_question_once_from_its_topics_and_a_short_bank_warns() {
    if !pdftotext() {
        return;
    }
    let dir = workdir("once");
    let db = catalog(&dir, 25);
    let pdf = dir.join("t.pdf");
    ok(&["book", "T", "--layout", "trividoku-9", "--count", "100", "--db", &db, "--out", pdf.to_str().unwrap()]);
    let questions = printed_questions(&pdf);
    assert_eq!(questions.len(), 900);
    assert_eq!(questions.iter().collect::<HashSet<_>>().len(), 900, "a question repeats in the book");
    let bank = bank_2();
    let topic_of = |q: &str| bank.items.iter().find(|i| i.question == q).and_then(|i| i.topic.clone());
    for q in &questions {
        let topic = topic_of(q).unwrap_or_else(|| panic!("not a bank 2 question: {q}"));
        assert_ne!(topic, WORD_NUMBER, "{q}");
    }
    // Two topics: every question from them; 12 puzzles fit without repeats.
    let pdf = dir.join("space.pdf");
    let out = run(&["book", "S", "--layout", "trividoku-9", "--count", "12", "--allow-reprint", "--trivia-topics", "space,myth"]
        .into_iter()
        .chain(["--db", &db, "--out", pdf.to_str().unwrap()])
        .collect::<Vec<_>>());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let questions = printed_questions(&pdf);
    assert_eq!(questions.len(), 108);
    for q in &questions {
        assert!(matches!(topic_of(q).as_deref(), Some("space" | "myth")), "{q}: {:?}", topic_of(q));
    }
    assert!(ok(&["books", "--db", &db]).contains("\"S\""));
    // An unknown topic is refused by name, with the list.
    let out = run(&["book", "U", "--layout", "trividoku-9", "--count", "4", "--trivia-topics", "space,astrology", "--db", &db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("'astrology' is not a topic of data/trivia/bank-2.csv; its topics are geography, science"), "{err}");
    // A bank of four questions a digit repeats in a book of five puzzles, with a warning.
    let small = dir.join("small.csv");
    let text: String = (1..=9).flat_map(|d| (0..4).map(move |i| format!("Question {d}.{i}?,{d}\n"))).collect();
    std::fs::write(&small, text).unwrap();
    let args = ["book", "S5", "--layout", "trividoku-9", "--count", "5", "--allow-reprint", "--levels", "easy", "--trivia"];
    let out = run(&args
        .into_iter()
        .chain([small.to_str().unwrap(), "--db", &db, "--out", dir.join("s.pdf").to_str().unwrap()])
        .collect::<Vec<_>>());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warning: ") && err.contains("small.csv: the book's 5 Trividoku puzzles ask 45 questions"), "{err}");
    assert!(err.contains("9 questions repeat, each at least 4 uses of its answer after it was first asked"), "{err}");
    // Topics for a bank without a topic column are refused by name.
    let out = run(&args.into_iter().chain([small.to_str().unwrap(), "--trivia-topics", "science", "--db", &db]).collect::<Vec<_>>());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("small.csv has no topic column"), "{err}");
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
