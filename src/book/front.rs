//! The words of a book's front matter: the copyright page, the
//! introduction (what the book holds, how levels are graded, where the
//! answers are) and the worked examples. Drawing them is `render`'s job;
//! this module only decides what they say.

use super::Book;
use crate::family::Family;
use crate::pdf::GridContents;
use anyhow::{Result, bail};

/// Checks an ISBN-10 or ISBN-13 (hyphens and spaces allowed) by its check
/// digit; the error names the flag and the value.
pub fn check_isbn(isbn: &str) -> Result<()> {
    let chars: Vec<char> = isbn.chars().filter(|c| *c != '-' && *c != ' ').collect();
    let bad = |why: String| -> Result<()> { bail!("--isbn {isbn}: {why}") };
    let digit = |c: char| c.to_digit(10);
    // Letters and other marks are refused as such, not counted as digits
    // (X is the one letter: an ISBN-10's check digit).
    let invalid: Vec<char> = chars.iter().copied().filter(|c| !c.is_ascii_digit() && *c != 'X' && *c != 'x').collect();
    if !invalid.is_empty() {
        let mut shown: Vec<String> = Vec::new();
        for c in &invalid {
            let quoted = format!("'{c}'");
            if !shown.contains(&quoted) {
                shown.push(quoted);
            }
        }
        let prefix =
            if isbn.trim_start().to_ascii_uppercase().starts_with("ISBN") { " (leave out the word ISBN: the page prints it)" } else { "" };
        return bad(format!(
            "{} {} not allowed: an ISBN holds digits, hyphens and spaces (an ISBN-10 may end in X){prefix}",
            shown.join(", "),
            if shown.len() == 1 { "is" } else { "are" }
        ));
    }
    let digits = chars.iter().filter(|c| c.is_ascii_digit()).count();
    if digits != chars.len() && chars.len() != 10 {
        return bad(format!("{digits} digits and an X: an ISBN has 10 or 13 digits, and only an ISBN-10 may end in X"));
    }
    match chars.len() {
        10 => {
            let mut sum = 0;
            for (i, &c) in chars.iter().enumerate() {
                let value = match (digit(c), i) {
                    (Some(d), _) => d,
                    (None, 9) if c == 'X' || c == 'x' => 10,
                    _ => return bad(format!("'{c}' is not a digit (an ISBN-10 may end in X)")),
                };
                sum += value * (10 - i as u32);
            }
            if sum % 11 != 0 {
                let expected = (11 - (sum - value_of(chars[9])) % 11) % 11;
                let shown = if expected == 10 { 'X' } else { char::from_digit(expected, 10).unwrap_or('?') };
                return bad(format!("the check digit should be {shown}, not {} (mistyped?)", chars[9]));
            }
            Ok(())
        }
        13 => {
            let mut sum = 0;
            for (i, &c) in chars.iter().enumerate() {
                let Some(d) = digit(c) else { return bad(format!("'{c}' is not a digit")) };
                sum += d * if i % 2 == 0 { 1 } else { 3 };
            }
            if !isbn_prefix_ok(&chars) {
                return bad("an ISBN-13 starts with 978 or 979".into());
            }
            if sum % 10 != 0 {
                let last = value_of(chars[12]);
                let expected = (10 - (sum - last) % 10) % 10;
                return bad(format!("the check digit should be {expected}, not {last} (mistyped?)"));
            }
            Ok(())
        }
        n => bad(format!("{n} digits: an ISBN has 10 or 13")),
    }
}

fn isbn_prefix_ok(chars: &[char]) -> bool {
    let prefix: String = chars[..3].iter().collect();
    prefix == "978" || prefix == "979"
}

fn value_of(c: char) -> u32 {
    c.to_digit(10).unwrap_or(10)
}

/// The year on the copyright line: `--copyright-year`, else the year the
/// book was first made (so a reprint says the same).
pub fn copyright_year(book: &Book) -> String {
    match book.settings.copyright_year {
        Some(year) => year.to_string(),
        None => book.date.chars().skip(2).take(4).collect(),
    }
}

/// One paragraph of the copyright page; `strong` ones print bold.
pub struct Paragraph {
    pub text: String,
    pub strong: bool,
}

fn para(text: impl Into<String>, strong: bool) -> Paragraph {
    Paragraph { text: text.into(), strong }
}

/// The copyright page, paragraph by paragraph (KDP's convention: the back
/// of the title page).
pub fn copyright_page(book: &Book) -> Vec<Paragraph> {
    let s = &book.settings;
    let mut out = vec![para(&s.title, true)];
    if let Some(subtitle) = &s.subtitle {
        out.push(para(subtitle, false));
    }
    if let Some(author) = &s.author {
        out.push(para(format!("by {author}"), false));
    }
    let holder = s.author.as_ref().or(s.imprint.as_ref());
    let year = copyright_year(book);
    out.push(para(
        match holder {
            Some(holder) => format!("Copyright © {year} {holder}"),
            None => format!("Copyright © {year}"),
        },
        false,
    ));
    out.push(para(
        "All rights reserved. No part of this book may be reproduced in any form or by any means without written permission from the publisher, except for brief quotations in a review.",
        false,
    ));
    if let Some(isbn) = &s.isbn {
        out.push(para(format!("ISBN {isbn}"), false));
    }
    if let Some(imprint) = &s.imprint {
        out.push(para(format!("Published by {imprint}"), false));
    }
    out.push(para(format!("First edition, first printing {year}"), false));
    out.extend(credit_lines(book).into_iter().map(|line| para(line, false)));
    out.push(para(
        match (book.credits.len(), book.puzzles.len()) {
            (0, _) => "How the puzzles were made: each was generated by computer, proven to have exactly one solution, graded by the hardest step a human solver needs, and checked once more by a second, independent program before it was printed.",
            (credited, all) if credited >= all => "How the puzzles were checked: each was proven to have exactly one solution, graded by the hardest step a human solver needs, and checked once more by a second, independent program before it was printed.",
            _ => "How the puzzles were made: the others were generated by computer; every puzzle was proven to have exactly one solution, graded by the hardest step a human solver needs, and checked once more by a second, independent program before it was printed.",
        },
        false,
    ));
    out
}

/// The copyright page's credits for puzzles that are not the publisher's
/// own (imported ones, `Book::credits`): one line a credit, e.g.
/// "Puzzles 3–7 and 12 by Ruud, from SudoCue (http://www.sudocue.net/)."
pub fn credit_lines(book: &Book) -> Vec<String> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (number, credited) in &book.credits {
        let c = &credited.credit;
        let mut whose = String::new();
        if let Some(author) = &c.author {
            whose.push_str(&format!(" by {author}"));
        }
        let source = c.source.as_deref().unwrap_or(&credited.source);
        whose.push_str(&format!("{} from {source}", if c.author.is_some() { "," } else { "" }));
        if let Some(url) = &c.url {
            whose.push_str(&format!(" ({url})"));
        }
        match groups.iter_mut().find(|(w, _)| *w == whose) {
            Some((_, numbers)) => numbers.push(*number),
            None => groups.push((whose, vec![*number])),
        }
    }
    groups
        .into_iter()
        .map(|(whose, numbers)| {
            let mut runs: Vec<(usize, usize)> = Vec::new();
            for n in numbers {
                match runs.last_mut() {
                    Some((_, end)) if *end + 1 == n => *end = n,
                    _ => runs.push((n, n)),
                }
            }
            let texts: Vec<String> = runs.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}\u{2013}{b}") }).collect();
            let list = match texts.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => texts.concat(),
            };
            let many = runs.len() > 1 || runs.first().is_some_and(|(a, b)| a != b);
            format!("{} {list}{whose}.", if many { "Puzzles" } else { "Puzzle" })
        })
        .collect()
}

/// The introduction's paragraphs: what the book holds, how its levels are
/// graded and what its puzzles need (from [`super::claims`]: each claim
/// found from the book's own puzzles), where the answers (and hints) are,
/// and the examples if any.
pub fn introduction(book: &Book) -> Vec<String> {
    let mut out = vec![holdings(book)];
    out.extend(super::claims::introduction(book, book.claims()));
    if book.settings.hints {
        out.push(super::hints::introduction_words(book.settings.hints_at).to_string());
    }
    if book.settings.examples {
        out.push(
            "After \"How to play\", a worked example of each kind shows a small puzzle, one first step marked in \
             grey and explained, and its solution."
                .to_string(),
        );
    }
    out
}

/// "This book holds 40 puzzles: 20 Sudoku (10 easy, 10 medium) and …".
fn holdings(book: &Book) -> String {
    // Per reader name, in the book's order: counts by level (or label).
    let mut kinds: Vec<(String, Vec<(String, usize)>)> = Vec::new();
    for p in &book.puzzles {
        let name = &book.layouts[p.layout].layout().name;
        let at = match kinds.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                kinds.push((name.clone(), Vec::new()));
                kinds.len() - 1
            }
        };
        let levels = &mut kinds[at].1;
        let label = super::labels::count_name(book.settings.labels, p.level, p.row.grade.as_ref().map(|g| g.se_rating));
        match levels.iter_mut().find(|(l, _)| *l == label) {
            Some((_, n)) => *n += 1,
            None => levels.push((label, 1)),
        }
    }
    let parts: Vec<String> = kinds
        .iter()
        .map(|(name, levels)| {
            let total: usize = levels.iter().map(|(_, n)| n).sum();
            let by_level: Vec<String> = levels.iter().map(|(l, n)| format!("{n} {l}")).collect();
            format!("{total} {name} ({})", by_level.join(", "))
        })
        .collect();
    let total = book.puzzles.len();
    format!("This book holds {total} puzzle{}: {}.", if total == 1 { "" } else { "s" }, join_and(&parts))
}

fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A worked example of one layout: a fresh puzzle (never one of the book's,
/// which would spoil it), its solution, and its first step when the
/// family grades its puzzles.
pub struct Example<'a> {
    pub family: &'a dyn Family,
    /// What the puzzle figure shows, the first step filled in (not given).
    pub puzzle: GridContents,
    pub answer: GridContents,
    pub caption: String,
}

/// The first seed tried for an example; the examples of a book are the
/// same on every run.
const EXAMPLE_SEED: u64 = 0x5eed_e8a3;
/// Attempts at the easiest level before taking any puzzle.
const EXAMPLE_TRIES: u64 = 40;

/// One example per kind of puzzle in the book (by the reader's name: a
/// layout with drawn marks and its fixed twin share one), in the book's order.
pub fn examples(book: &Book) -> Result<Vec<Example<'_>>> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for family in &book.layouts {
        let name = family.layout().name.as_str();
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        out.push(example(family.as_ref())?);
    }
    Ok(out)
}

fn example(family: &dyn Family) -> Result<Example<'_>> {
    let level = family.levels().first().copied();
    let mut made = None;
    for seed in EXAMPLE_SEED..EXAMPLE_SEED + EXAMPLE_TRIES {
        if let Some(p) = family.make(seed, level)? {
            made = Some(p);
            break;
        }
    }
    let made = match made {
        Some(p) => p,
        None => {
            family.make(EXAMPLE_SEED, None)?.ok_or_else(|| anyhow::anyhow!("{}: no example puzzle could be made", family.layout().id))?
        }
    };
    let mut puzzle = family.page(&made.givens);
    let answer = family.answer_page(&made.givens, &made.solution);
    let step = family.grade(&made.givens).ok().and_then(|g| g.steps.first().cloned());
    let caption = match step.as_deref().and_then(|s| first_step(family, s)) {
        Some((cell, symbol, why)) if cell < puzzle.symbols.len() => {
            puzzle.symbols[cell] = Some(symbol);
            puzzle.given[cell] = false;
            format!("First step, the grey {symbol}{}: {why}", place_words(family.layout(), cell))
        }
        _ => "The puzzle above has exactly one solution, shown below; every step to it can be found by reasoning.".to_string(),
    };
    Ok(Example { family, puzzle, answer, caption })
}

/// " in row 3, column 5" (" in sector 3, ring 2" on a pie) for a cell
/// the grader names "r3c5" ("s3k2").
fn place_words(layout: &crate::layout::Layout, cell: usize) -> String {
    let Some(name) = layout.name_of_cell(cell) else { return String::new() };
    let numbers: Vec<&str> = name.split(|c: char| c.is_ascii_alphabetic()).filter(|s| !s.is_empty()).collect();
    match (name.chars().next(), numbers.as_slice()) {
        (Some('r'), [row, col]) => format!(" in row {row}, column {col}"),
        (Some('s'), [sector, ring]) => format!(" in sector {sector}, ring {ring}"),
        _ => String::new(),
    }
}

/// The cell, symbol and plain-words reason of a grader step that places
/// one symbol ("hidden single: 7 in box 2 => r3c5=7"); `None` for any other step.
fn first_step(family: &dyn Family, step: &str) -> Option<(usize, char, String)> {
    let (head, effect) = step.split_once(" => ")?;
    let (name, symbol) = effect.split_once('=')?;
    let symbol = symbol.chars().next().filter(|_| symbol.chars().count() == 1)?;
    let cell = family.layout().cell_index(name)?;
    let house = |h: &str| -> String {
        let h = h.trim();
        if ["row ", "column ", "box "].iter().any(|k| h.starts_with(k)) { super::plan::capitalised(h) } else { "One of its regions".into() }
    };
    let why = if let Some(h) = head.strip_prefix("full house: ") {
        format!("{} has one empty cell left, and {symbol} is the digit it is missing.", house(h))
    } else if let Some(rest) = head.strip_prefix("hidden single: ") {
        let (_, h) = rest.split_once(" in ")?;
        format!("{} needs a {symbol}, and only this cell of it can take one.", house(h))
    } else if head == "naked single" {
        format!("every other digit is already in this cell's row, column or region, so only {symbol} is left.")
    } else {
        return None;
    };
    Some((cell, symbol, why))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isbn_check_digits() {
        for good in ["978-0-306-40615-7", "9780306406157", "0-306-40615-2", "0-8044-2957-X", "979-10-90636-07-1"] {
            assert!(check_isbn(good).is_ok(), "{good}");
        }
        let e = check_isbn("978-0-306-40615-8").unwrap_err().to_string();
        assert!(e.contains("--isbn 978-0-306-40615-8") && e.contains("should be 7"), "{e}");
        let e = check_isbn("0-306-40615-3").unwrap_err().to_string();
        assert!(e.contains("should be 2"), "{e}");
        assert!(check_isbn("12345").unwrap_err().to_string().contains("5 digits"));
        assert!(check_isbn("97803064061X7").unwrap_err().to_string().contains("12 digits and an X"));
        // Letters are refused as such, not counted as digits.
        let e = check_isbn("ISBN 978-0-306-40615-7").unwrap_err().to_string();
        assert_eq!(
            e,
            "--isbn ISBN 978-0-306-40615-7: 'I', 'S', 'B', 'N' are not allowed: an ISBN holds digits, hyphens and spaces (an ISBN-10 may end in X) (leave out the word ISBN: the page prints it)"
        );
        let e = check_isbn("abc").unwrap_err().to_string();
        assert!(e.contains("'a', 'b', 'c' are not allowed") && !e.contains("3 digits"), "{e}");
        let e = check_isbn("978-0-306-4061o-7").unwrap_err().to_string();
        assert!(e.contains("'o' is not allowed"), "{e}");
        assert!(check_isbn("978-0-306-40615").unwrap_err().to_string().contains("12 digits: an ISBN has 10 or 13"));
        assert!(check_isbn("1230306406157").unwrap_err().to_string().contains("978 or 979"));
    }

    #[test]
    fn an_example_marks_a_true_first_step_the_same_on_every_run() {
        let family = crate::family::open(crate::layout::Layout::load("classic-9").unwrap());
        let e = example(family.as_ref()).unwrap();
        let marked: Vec<usize> = (0..81).filter(|&i| e.puzzle.symbols[i].is_some() && !e.puzzle.given[i]).collect();
        assert_eq!(marked.len(), 1, "one grey digit");
        let cell = marked[0];
        assert_eq!(e.puzzle.symbols[cell], e.answer.symbols[cell], "the step agrees with the solution");
        assert!(!e.answer.given[cell]);
        assert!(e.caption.contains(&format!("row {}, column {}", cell / 9 + 1, cell % 9 + 1)), "{}", e.caption);
        let again = example(family.as_ref()).unwrap();
        assert_eq!((again.puzzle.symbols, again.caption), (e.puzzle.symbols, e.caption));
        // A family without the grader gets the plain caption.
        let loops = crate::family::open(crate::layout::Layout::load("slitherlink-7x7").unwrap());
        assert!(example(loops.as_ref()).unwrap().caption.starts_with("The puzzle above has exactly one solution"));
    }

    #[test]
    fn lists_join_with_and() {
        assert_eq!(join_and(&["a".into()]), "a");
        assert_eq!(join_and(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }
}
