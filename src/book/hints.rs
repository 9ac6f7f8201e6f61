//! Hints in the book (issue #14, item 10): for each puzzle, the first step
//! where a solver who knows the singles gets stuck, in two stages — the
//! technique and where to look, then what it removes or places.
//!
//! The grader finds the step (`grade::first_stuck`); a family names its
//! cells and houses and puts the step in a reader's words (`Family::hint`,
//! `family::hint::describe`); this module says what the section is and
//! flows it onto pages.

use super::Book;
use crate::lang::Catalogue;
use crate::pdf::canvas::{Align, BLACK, Surface};
use crate::pdf::fonts::{Font, Fonts, Weight};
use anyhow::{Result, bail};

pub use crate::family::Hint;
pub use crate::family::hint::SINGLES_ONLY;

/// Which step of each puzzle its hint is for (`--hints`, `--hints hardest`,
/// `--hints both`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HintsAt {
    /// The first step past the singles: where a solver gets stuck first.
    #[default]
    First,
    /// The step the puzzle is rated by: its hardest past the singles.
    Hardest,
    /// Both: the first stuck point, then the hardest step.
    Both,
}

impl HintsAt {
    pub fn is_first(&self) -> bool {
        *self == HintsAt::First
    }
}

impl HintsAt {
    /// Its catalogue keys' ending (`hints.intro_first` …).
    fn key(self) -> &'static str {
        match self {
            HintsAt::First => "first",
            HintsAt::Hardest => "hardest",
            HintsAt::Both => "both",
        }
    }
}

/// The introduction's paragraph on the hints section.
pub fn introduction_words(at: HintsAt, words: &Catalogue) -> String {
    words.text(&format!("hints.intro_{}", at.key()))
}

/// The hints section's opening paragraph.
fn section_words(at: HintsAt, words: &Catalogue) -> String {
    words.text(&format!("hints.section_{}", at.key()))
}

/// The "More help" heading's paragraph.
fn more_help_words(at: HintsAt, words: &Catalogue) -> String {
    words.text(&format!("hints.more_help_{}", at.key()))
}

/// Each puzzle's hint, in book order (`None` where its family has no
/// grader); empty when the book has no hints section. A book asking for
/// hints whose puzzles can have none is refused.
pub fn collect(book: &Book) -> Result<Vec<Option<Hint>>> {
    if !book.settings.hints {
        return Ok(Vec::new());
    }
    let at = book.settings.hints_at;
    let words = &*book.words;
    let hints: Vec<Option<Hint>> = book
        .puzzles
        .iter()
        .map(|p| {
            let family = &book.layouts[p.layout];
            match at {
                HintsAt::First => family.hint(&p.row.givens, words),
                HintsAt::Hardest => family.hardest_hint(&p.row.givens, words),
                HintsAt::Both => {
                    let first = family.hint(&p.row.givens, words)?;
                    let hardest = family.hardest_hint(&p.row.givens, words);
                    Some(match hardest {
                        Some(hardest) if hardest.look != first.look || hardest.finds != first.finds => both(first, hardest, words),
                        _ => first,
                    })
                }
            }
        })
        .collect();
    if hints.iter().all(Option::is_none) {
        let layouts: Vec<&str> = book.layouts.iter().map(|f| f.layout().id.as_str()).collect();
        bail!(
            "--hints: hints come from the technique grader, and none of this book's layouts ({}) has one (Slitherlink, 16×16, stars, Atlantis and Tridoku keep other levels); leave --hints out",
            layouts.join(", ")
        );
    }
    Ok(hints)
}

/// The first stuck point's hint and the hardest step's, as one entry.
fn both(first: Hint, hardest: Hint, words: &Catalogue) -> Hint {
    let lower = words.text("hints.lower_after_colon") == "yes";
    let join = |a: &str, b: &str| words.fill("hints.both", &[("first", &lowered(a, lower)), ("hardest", &lowered(b, lower))]);
    let look = join(&first.look, &hardest.look);
    let finds = match (&first.finds, &hardest.finds) {
        (Some(a), Some(b)) => Some(join(a, b)),
        (a, b) => a.clone().or(b.clone()),
    };
    Hint { look, finds, naming: first.naming.or(hardest.naming) }
}

/// A sentence after a colon: its first letter small (where the language
/// does so), unless its first word is a name ("X-wing", "XY-Wing", "BUG":
/// anything but small letters after the first), or a cell's ("r4c5").
fn lowered(text: &str, lower: bool) -> String {
    let word = text.split(' ').next().unwrap_or("");
    let mut chars = word.chars();
    match chars.next() {
        Some(first) if lower && first.is_uppercase() && chars.all(char::is_lowercase) => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_string(),
    }
}

/// Type and room for the hints section.
pub struct Setting<'a> {
    pub fonts: &'a Fonts,
    pub body: f32,
    pub heading: f32,
    pub width: f32,
    /// The first baseline's top and the lowest baseline of a page.
    pub top: f32,
    pub floor: f32,
}

/// One set line of the hints section: a bold lead ("Puzzle 17 (page 12)")
/// and text after it, or a heading.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub lead: Option<String>,
    pub text: String,
    pub size: f32,
    pub bold: bool,
    /// Its baseline on the page.
    pub y: f32,
    /// The puzzle (index) whose first-stage hint starts on this line.
    pub starts_hint: Option<usize>,
}

/// A run of lines kept on one page (a heading with what follows, an entry).
struct Block {
    lines: Vec<Line>,
    /// Space above it, dropped at the top of a page.
    gap: f32,
    leading: f32,
}

/// The hints section flowed onto pages: all first-stage hints, then "More
/// help" with every second stage, so a reader does not see a hint's answer
/// while looking for the hint. `puzzle_pages[i]` is the page of puzzle `i`.
pub fn flow(set: &Setting, book: &Book, hints: &[Option<Hint>], puzzle_pages: &[usize]) -> Vec<Vec<Line>> {
    let font = set.fonts.get(Weight::Regular);
    let bold = set.fonts.get(Weight::Bold);
    let body_leading = set.body * 1.4;
    let heading = |text: &str, gap: f32| Block {
        lines: vec![Line { lead: None, text: text.into(), size: set.heading, bold: true, y: 0.0, starts_hint: None }],
        gap,
        leading: set.heading * 1.5,
    };
    let paragraph = |text: &str, gap: f32| Block {
        lines: wrap(font, text, set.body, set.width, 0.0)
            .into_iter()
            .map(|t| Line { lead: None, text: t, size: set.body, bold: false, y: 0.0, starts_hint: None })
            .collect(),
        gap,
        leading: body_leading,
    };
    let entry = |lead: String, text: &str, starts_hint: Option<usize>| {
        let lead = format!("{lead}  ");
        let indent = bold.width(&lead, set.body);
        let mut lines: Vec<Line> = wrap(font, text, set.body, set.width, indent)
            .into_iter()
            .map(|t| Line { lead: None, text: t, size: set.body, bold: false, y: 0.0, starts_hint: None })
            .collect();
        if let Some(first) = lines.first_mut() {
            first.lead = Some(lead);
            first.starts_hint = starts_hint;
        }
        Block { lines, gap: set.body * 0.35, leading: body_leading }
    };
    let mut naming: Vec<&str> = hints.iter().flatten().filter_map(|h| h.naming.as_deref()).collect();
    naming.dedup();
    naming.sort_unstable();
    naming.dedup();
    let words = &*book.words;
    let mut intro = section_words(book.settings.hints_at, words);
    for n in naming {
        intro.push_str(&words.fill("hints.cells", &[("naming", n)]));
    }
    let mut blocks = vec![heading(&words.text("page.hints"), 0.0), paragraph(&intro, set.body * 0.5)];
    for (i, (p, hint)) in book.puzzles.iter().zip(hints).enumerate() {
        if let Some(hint) = hint {
            let page = puzzle_pages.get(i).copied().unwrap_or(0);
            let lead = words.fill("hints.puzzle_page", &[("n", &p.number.to_string()), ("page", &page.to_string())]);
            blocks.push(entry(lead, &hint.look, Some(i)));
        }
    }
    blocks.push(heading(&words.text("hints.more_help"), set.heading * 0.8));
    blocks.push(paragraph(&more_help_words(book.settings.hints_at, words), set.body * 0.5));
    for (p, hint) in book.puzzles.iter().zip(hints) {
        if let Some(finds) = hint.as_ref().and_then(|h| h.finds.as_deref()) {
            blocks.push(entry(words.fill("page.puzzle", &[("n", &p.number.to_string())]), finds, None));
        }
    }
    // A heading's block holds only the heading and its paragraph: keep the
    // first entry after it on the same page too.
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    let mut y = set.top;
    for (i, block) in blocks.iter().enumerate() {
        let height = |b: &Block| b.lines.len() as f32 * b.leading;
        let is_heading = block.lines.first().is_some_and(|l| l.bold && l.lead.is_none());
        let mut need = block.gap + height(block);
        if is_heading {
            need += blocks.get(i + 1).map_or(0.0, height);
        }
        let page = pages.last_mut().expect("a page");
        let gap = if page.is_empty() { 0.0 } else { block.gap };
        if y - need < set.floor && !page.is_empty() {
            pages.push(Vec::new());
            y = set.top;
        } else {
            y -= gap;
        }
        for line in &block.lines {
            let leading = if line.bold && line.lead.is_none() { block.leading } else { body_leading };
            y -= leading;
            pages.last_mut().expect("a page").push(Line { y, ..line.clone() });
        }
    }
    pages
}

/// The page of each puzzle's first-stage hint (0: none), given the page
/// number of the section's first page.
pub fn hint_pages(flowed: &[Vec<Line>], first_page: usize, puzzles: usize) -> Vec<usize> {
    let mut at = vec![0; puzzles];
    for (n, page) in flowed.iter().enumerate() {
        for line in page {
            if let Some(i) = line.starts_hint.filter(|&i| i < puzzles) {
                at[i] = first_page + n;
            }
        }
    }
    at
}

/// Draws one page of the section from `x`.
pub fn draw(canvas: &mut dyn Surface, lines: &[Line], x: f32) {
    for line in lines {
        let mut at = x;
        if let Some(lead) = &line.lead {
            canvas.text(lead, at, line.y, line.size, Weight::Bold, BLACK, Align::Left);
            at += canvas.fonts().get(Weight::Bold).width(lead, line.size);
        }
        let weight = if line.bold { Weight::Bold } else { Weight::Regular };
        canvas.text(&line.text, at, line.y, line.size, weight, BLACK, Align::Left);
    }
}

/// Greedy word wrap; the first line is `indent` shorter (a lead stands before it).
fn wrap(font: &Font, text: &str, size: f32, width: f32, indent: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let room = if lines.is_empty() { width - indent } else { width };
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if font.width(&candidate, size) > room && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::lowered;

    /// After "First:" a sentence starts small, a name keeps its capitals,
    /// and a one-letter word is a word (Portuguese "O pivô", Polish "W bloku").
    #[test]
    fn a_sentence_after_the_colon_starts_small_but_a_name_does_not() {
        assert_eq!(lowered("Look for a naked pair in row 4.", true), "look for a naked pair in row 4.");
        assert_eq!(lowered("X-wing on 5.", true), "X-wing on 5.");
        assert_eq!(lowered("XY-Wing", true), "XY-Wing");
        assert_eq!(lowered("r4c5 and r4c6 hold", true), "r4c5 and r4c6 hold");
        assert_eq!(lowered("O pivô r1c3 vê", true), "o pivô r1c3 vê");
        assert_eq!(lowered("W bloku 4 cyfra 5", true), "w bloku 4 cyfra 5");
        assert_eq!(lowered("Ähnlich", true), "ähnlich");
        // German keeps a whole sentence's capital after a colon.
        assert_eq!(lowered("Suchen Sie ein nacktes Paar.", false), "Suchen Sie ein nacktes Paar.");
    }
}
