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
        None => made_year(book),
    }
}

/// The year the book was made, from its PDF date ("D:YYYYMMDD…").
fn made_year(book: &Book) -> String {
    book.date.chars().skip(2).take(4).collect()
}

/// The legal-deposit line of a market that prints one unnumbered
/// (France: "Dépôt légal : novembre 2026", the month and year the book was
/// made); `None` where the language's `copyright.legal_deposit` is empty.
fn legal_deposit(book: &Book) -> Option<String> {
    let w = &book.words;
    if w.text("copyright.legal_deposit").is_empty() {
        return None;
    }
    // `book.date` is a PDF date, "D:YYYYMMDD…".
    let month: u32 = book.date.get(6..8).and_then(|m| m.parse().ok()).filter(|m| (1..=12).contains(m))?;
    Some(w.fill("copyright.legal_deposit", &[("month", &w.text(&format!("month.{month}"))), ("year", &made_year(book))]))
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
    let w = &book.words;
    let mut out = vec![para(&s.title, true)];
    if let Some(subtitle) = &s.subtitle {
        out.push(para(subtitle, false));
    }
    if let Some(author) = &s.author {
        out.push(para(w.fill("copyright.by", &[("author", author)]), false));
    }
    let holder = s.author.as_ref().or(s.imprint.as_ref());
    let year = copyright_year(book);
    out.push(para(
        match holder {
            Some(holder) => w.fill("copyright.holder", &[("year", &year), ("holder", holder)]),
            None => w.fill("copyright.plain", &[("year", &year)]),
        },
        false,
    ));
    out.push(para(w.text("copyright.rights"), false));
    if let Some(isbn) = &s.isbn {
        out.push(para(w.fill("copyright.isbn", &[("isbn", isbn)]), false));
    }
    if let Some(imprint) = &s.imprint {
        out.push(para(
            match &s.imprint_address {
                Some(address) => w.fill("copyright.published_at", &[("imprint", imprint), ("address", address)]),
                None => w.fill("copyright.published", &[("imprint", imprint)]),
            },
            false,
        ));
    }
    out.push(para(w.fill("copyright.edition", &[("year", &year)]), false));
    if let Some(line) = legal_deposit(book) {
        out.push(para(line, false));
    }
    out.extend(credit_lines(book).into_iter().map(|line| para(line, false)));
    out.push(para(
        match (book.credits.len(), book.puzzles.len()) {
            (0, _) => w.text("copyright.made"),
            (credited, all) if credited >= all => w.text("copyright.checked"),
            _ => w.text("copyright.made_others"),
        },
        false,
    ));
    out
}

/// The copyright page's credits for puzzles that are not the publisher's
/// own (imported ones, `Book::credits`): one line a credit, e.g.
/// "Puzzles 3–7 and 12 by Ruud, from SudoCue (http://www.sudocue.net/)."
pub fn credit_lines(book: &Book) -> Vec<String> {
    let w = &book.words;
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (number, credited) in &book.credits {
        let c = &credited.credit;
        let source = c.source.as_deref().unwrap_or(&credited.source);
        let mut whose = match &c.author {
            Some(author) => w.fill("copyright.credit_author", &[("author", author), ("source", source)]),
            None => w.fill("copyright.credit_source", &[("source", source)]),
        };
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
            let list = w.join(&texts, "list.and");
            let many = runs.len() > 1 || runs.first().is_some_and(|(a, b)| a != b);
            w.fill(if many { "copyright.credit_many" } else { "copyright.credit_one" }, &[("list", &list), ("whose", &whose)])
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
        out.push(super::hints::introduction_words(book.settings.hints_at, &book.words));
    }
    if book.settings.examples {
        out.push(book.words.text("intro.examples"));
    }
    out
}

/// "This book holds 40 puzzles: 20 Sudoku (10 easy, 10 medium) and …".
fn holdings(book: &Book) -> String {
    // Per reader name, in the book's order: counts by level (or label).
    let mut kinds: Vec<(String, Vec<(String, usize)>)> = Vec::new();
    for p in &book.puzzles {
        let name = book.name_of(book.layouts[p.layout].layout());
        let at = match kinds.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                kinds.push((name.to_string(), Vec::new()));
                kinds.len() - 1
            }
        };
        let levels = &mut kinds[at].1;
        let label = super::labels::count_name(&book.words, book.settings.labels, p.level, p.row.grade.as_ref().map(|g| g.se_rating));
        match levels.iter_mut().find(|(l, _)| *l == label) {
            Some((_, n)) => *n += 1,
            None => levels.push((label, 1)),
        }
    }
    let w = &book.words;
    let parts: Vec<String> = kinds
        .iter()
        .map(|(name, levels)| {
            let total: usize = levels.iter().map(|(_, n)| n).sum();
            let by_level: Vec<String> = levels.iter().map(|(l, n)| w.fill("intro.count", &[("n", &n.to_string()), ("label", l)])).collect();
            w.fill("intro.kind", &[("total", &total.to_string()), ("name", name), ("levels", &by_level.join(", "))])
        })
        .collect();
    w.plural("intro.holds", book.puzzles.len(), &[("list", &w.join(&parts, "list.and"))])
}

/// A worked example of one layout: a puzzle of the book's layout made for
/// this book (never one of the book's own, which would spoil it), its
/// first step drawn on the grid and said in words, and its solution.
pub struct Example {
    /// The family the example is drawn by (its own layout: a killer's
    /// cages, a jigsaw's regions).
    pub family: Box<dyn Family>,
    /// The example puzzle and its solution, as the family writes them.
    pub givens: String,
    pub solution: String,
    /// What the puzzle figure shows: the step's cells shaded, what it
    /// places in grey, the lines it draws.
    pub puzzle: GridContents,
    pub answer: GridContents,
    /// The step shown: its shaded cells, placements and loop lines
    /// (empty when no step was found: `caption` then says so).
    pub shaded: Vec<usize>,
    pub placed: Vec<(usize, char)>,
    pub lines: Vec<usize>,
    pub pencilled: Vec<(usize, Vec<char>)>,
    pub caption: String,
}

/// Attempts at a puzzle that shows a step before taking any puzzle.
const EXAMPLE_TRIES: u64 = 40;

/// The seed a book's examples are made from: its title and its puzzles,
/// so another book gets other examples and a reprint the same.
pub fn example_seed(book: &Book) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
        }
    };
    eat(book.settings.title.as_bytes());
    for p in &book.puzzles {
        eat(&p.row.id.to_le_bytes());
    }
    h
}

/// One example per kind of puzzle in the book (by the reader's name: a
/// layout with drawn marks and its fixed twin share one), in the book's order.
pub fn examples(book: &Book) -> Result<Vec<Example>> {
    let seed = example_seed(book);
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for family in &book.layouts {
        let name = family.layout().name.as_str();
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let printed: Vec<(&str, &str)> = book
            .puzzles
            .iter()
            .filter(|p| book.layouts[p.layout].layout().name == name)
            .map(|p| (p.row.canonical.as_str(), p.row.solution.as_str()))
            .collect();
        let maker = maker(book, family.as_ref());
        let salt = name.bytes().fold(seed, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        out.push(example(maker.as_deref().unwrap_or(family.as_ref()), salt, &printed, &book.words)?);
    }
    Ok(out)
}

/// The family that makes a layout's example: the layout file the book was
/// asked for (`--layout`), which draws cages, regions or marks anew for
/// each puzzle, where it is still at hand and has the reader's name;
/// `None`: the stored layout makes it.
fn maker(book: &Book, stored: &dyn Family) -> Option<Box<dyn Family>> {
    let layout = book
        .settings
        .layouts
        .iter()
        .filter_map(|arg| crate::layout::Layout::load(arg).ok())
        .find(|l| l.name == stored.layout().name && l.id == stored.layout().id)?;
    Some(crate::family::open(layout))
}

/// An example made by `maker` from `seed` on: the first easiest puzzle
/// (of [`EXAMPLE_TRIES`]) that is none of the book's (`printed`: their
/// canonical keys and solutions) and on which the family finds a step.
fn example(maker: &dyn Family, seed: u64, printed: &[(&str, &str)], words: &crate::lang::Catalogue) -> Result<Example> {
    let level = maker.levels().first().copied();
    let mut fallback = None;
    for attempt in 0..EXAMPLE_TRIES {
        let Some(made) = maker.make(seed.wrapping_add(attempt), level)? else { continue };
        if printed.iter().any(|&(key, solution)| (!key.is_empty() && key == made.canonical) || solution == made.solution) {
            continue;
        }
        let family = match &made.own_layout {
            Some(source) => crate::family::stored(&maker.layout().id, source)?,
            None => crate::family::open(maker.layout().clone()),
        };
        let answer = family.answer_page(&made.givens, &made.solution);
        match family.example_step(&made.givens, &made.solution, words) {
            Some(step) => {
                return Ok(Example {
                    caption: words.fill("example.first_step", &[("words", &step.words)]),
                    puzzle: step.figure,
                    answer,
                    shaded: step.shaded,
                    placed: step.placed,
                    lines: step.lines,
                    pencilled: step.pencilled,
                    givens: made.givens,
                    solution: made.solution,
                    family,
                });
            }
            None if fallback.is_none() => fallback = Some((family, made, answer)),
            None => {}
        }
    }
    let (family, made, answer) = fallback.ok_or_else(|| anyhow::anyhow!("{}: no example puzzle could be made", maker.layout().id))?;
    Ok(Example {
        puzzle: family.page(&made.givens),
        answer,
        shaded: Vec::new(),
        placed: Vec::new(),
        lines: Vec::new(),
        pencilled: Vec::new(),
        caption: words.text("example.one_solution"),
        givens: made.givens,
        solution: made.solution,
        family,
    })
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

    /// The step an example shows is true: what it places is the solution's
    /// symbol, in a shaded cell that exists on the page; on a layout with
    /// the technique grader it is the grader's first step; a Slitherlink
    /// step's lines are the loop's; and it is made the same on every run.
    fn check_example(id: &str, seed: u64) -> Example {
        let family = crate::family::open(crate::layout::Layout::load(id).unwrap());
        let e = example(family.as_ref(), seed, &[], &crate::lang::english()).unwrap();
        assert!(!e.shaded.is_empty(), "{id}: no step shown: {}", e.caption);
        assert!(e.caption.starts_with("First step: "), "{id}: {}", e.caption);
        assert!(!e.placed.is_empty() || !e.lines.is_empty() || !e.pencilled.is_empty(), "{id}: the step places or draws something");
        for (cell, digits) in &e.pencilled {
            assert!(e.answer.symbols[*cell].is_some_and(|s| digits.contains(&s)), "{id}: the pencilled digits hold the solution's");
        }
        let cells = e.puzzle.symbols.len();
        assert!(e.shaded.iter().all(|&c| c < cells && e.puzzle.is_highlighted(c)), "{id}: shaded cells are on the page");
        for &(cell, symbol) in &e.placed {
            assert_eq!(e.answer.symbols[cell], Some(symbol), "{id}: the grey {symbol} is the solution's");
            assert_eq!((e.puzzle.symbols[cell], e.puzzle.given[cell]), (Some(symbol), false), "{id}: drawn in grey");
            assert!(e.shaded.contains(&cell), "{id}: the target cell is shaded");
            assert!(e.caption.contains("grey "), "{id}: the words name the grey {symbol}: {}", e.caption);
        }
        assert!(e.caption.contains("shaded"), "{id}: the words name the shaded cells: {}", e.caption);
        // Names the page does not print never appear.
        for unprinted in ["sector ", "ring 1", "r1c", "house "] {
            assert!(!e.caption.contains(unprinted), "{id}: {unprinted:?} in {}", e.caption);
        }
        if let Ok(grade) = e.family.grade(&e.givens)
            && !grade.step_cells.is_empty()
        {
            assert_eq!(grade.step_cells[0].placed, e.placed, "{id}: the grader's first step");
        }
        if !e.lines.is_empty() {
            let (rows, cols) = e.family.print_extent();
            let grid = crate::slither::Grid::new(rows, cols);
            let solution = crate::slither::decode_edges(&grid, &e.solution).unwrap();
            assert!(e.lines.iter().all(|&l| solution.contains(l)), "{id}: the lines drawn are the loop's");
        }
        let again = example(family.as_ref(), seed, &[], &crate::lang::english()).unwrap();
        assert_eq!((again.givens, again.caption), (e.givens.clone(), e.caption.clone()), "{id}: the same on every run");
        e
    }

    #[test]
    fn every_family_and_geometry_shows_a_true_step() {
        for id in
            ["classic-9", "killer-9", "pie-12", "tridoku", "samurai", "atlantis-9", "slitherlink-7x7", "trividoku-9", "stars-stripes-12"]
        {
            let e = check_example(id, 7);
            println!("{id}: {}", e.caption);
        }
    }

    #[test]
    fn every_layout_shows_a_true_step() {
        for path in crate::layout::list_layout_files() {
            let id = path.file_stem().unwrap().to_str().unwrap().to_string();
            let e = check_example(&id, 7);
            println!("{id}: {}", e.caption);
        }
    }

    /// Issue #31's seam: the front matter asks the family for its step and
    /// never names a family or parses the grader's text back.
    #[test]
    fn the_front_matter_names_no_family_and_parses_no_step_text() {
        let code = include_str!("front.rs");
        let code = &code[..code.find("#[cfg(test)]").unwrap()];
        for fork in ["\"cells\"", "\"loops\"", "name() ==", "hidden single: ", "full house: ", "split_once(\" => \")", "Kind::"] {
            assert!(!code.contains(fork), "src/book/front.rs holds {fork}");
        }
    }

    #[test]
    fn an_example_is_none_of_the_books_puzzles() {
        let family = crate::family::open(crate::layout::Layout::load("classic-4").unwrap());
        let first = example(family.as_ref(), 11, &[], &crate::lang::english()).unwrap();
        let key = family.key(&first.givens).unwrap();
        let other = example(family.as_ref(), 11, &[(key.as_str(), first.solution.as_str())], &crate::lang::english()).unwrap();
        assert_ne!(other.solution, first.solution, "a puzzle the book prints is never its example");
    }

    #[test]
    fn lists_join_with_and() {
        let w = crate::lang::english();
        assert_eq!(w.join(&["a".into()], "list.and"), "a");
        assert_eq!(w.join(&["a".into(), "b".into(), "c".into()], "list.and"), "a, b and c");
    }
}
