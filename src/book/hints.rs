//! Hints in the book (issue #14, item 10): for each puzzle, the first step
//! where a solver who knows the singles gets stuck, in two stages — the
//! technique and where to look, then what it removes or places.
//!
//! The grader finds the step (`grade::first_stuck`); a family names its
//! cells and houses and puts the step in a reader's words (`Family::hint`,
//! `family::hint::describe`); this module says what the section is and
//! flows it onto pages.

use super::Book;
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

/// The introduction's paragraph on the hints section.
pub fn introduction_words(at: HintsAt) -> &'static str {
    match at {
        HintsAt::First => {
            "If you get stuck, each puzzle names the page of its hint: the hints section first says which technique to look for and \
             where; if that is not enough, its second part says what the step finds, so you can carry on without looking at the \
             whole answer."
        }
        HintsAt::Hardest => {
            "Each puzzle names the page of its hint, which is for its hardest step (the one its level is rated by): the hints \
             section first says which technique it is and where; its second part names the cells of the pattern and what the step \
             finds."
        }
        HintsAt::Both => {
            "If you get stuck, each puzzle names the page of its hints: the first step past the singles, then its hardest step \
             (the one its level is rated by). The hints section first says which technique to look for and where; its second part \
             names the pattern's cells and what each step finds."
        }
    }
}

/// The hints section's opening paragraph.
fn section_words(at: HintsAt) -> &'static str {
    match at {
        HintsAt::First => {
            "Stuck? For each puzzle, the first step that needs more than a single (a full house, a hidden single or a naked single): here where to look, and under More help what that step finds."
        }
        HintsAt::Hardest => {
            "For each puzzle, its hardest step (the one its level is rated by), once the steps before it are made: here the technique and where to look, and under More help the pattern's cells and what the step finds."
        }
        HintsAt::Both => {
            "Stuck? For each puzzle, first the first step that needs more than a single, then its hardest step (the one its level is rated by): here where to look, and under More help what each step finds."
        }
    }
}

/// The "More help" heading's paragraph.
fn more_help_words(at: HintsAt) -> &'static str {
    match at {
        HintsAt::First => "What each first step finds: read it once the hint above is not enough.",
        HintsAt::Hardest => "What each hardest step stands on and finds: read it once the hint above is not enough.",
        HintsAt::Both => "What each step finds: read it once the hint above is not enough.",
    }
}

/// Each puzzle's hint, in book order (`None` where its family has no
/// grader); empty when the book has no hints section. A book asking for
/// hints whose puzzles can have none is refused.
pub fn collect(book: &Book) -> Result<Vec<Option<Hint>>> {
    if !book.settings.hints {
        return Ok(Vec::new());
    }
    let at = book.settings.hints_at;
    let hints: Vec<Option<Hint>> = book
        .puzzles
        .iter()
        .map(|p| {
            let family = &book.layouts[p.layout];
            match at {
                HintsAt::First => family.hint(&p.row.givens),
                HintsAt::Hardest => family.hardest_hint(&p.row.givens),
                HintsAt::Both => {
                    let first = family.hint(&p.row.givens)?;
                    let hardest = family.hardest_hint(&p.row.givens);
                    Some(match hardest {
                        Some(hardest) if hardest.look != first.look || hardest.finds != first.finds => both(first, hardest),
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
fn both(first: Hint, hardest: Hint) -> Hint {
    let look = format!("First: {} Hardest step: {}", lowered(&first.look), lowered(&hardest.look));
    let finds = match (&first.finds, &hardest.finds) {
        (Some(a), Some(b)) => Some(format!("First: {} Hardest step: {}", lowered(a), lowered(b))),
        (a, b) => a.clone().or(b.clone()),
    };
    Hint { look, finds, naming: first.naming.or(hardest.naming) }
}

/// A sentence after a colon: its first letter small, unless it starts
/// with a cell's name ("r4c5") or a capital word such as "X-wing".
fn lowered(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_ascii_uppercase() && second.is_ascii_lowercase() => {
            format!("{}{}", first.to_ascii_lowercase(), &text[1..])
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
    let mut intro = section_words(book.settings.hints_at).to_string();
    for n in naming {
        intro.push_str(&format!(" Cells: {n}."));
    }
    let mut blocks = vec![heading("Hints", 0.0), paragraph(&intro, set.body * 0.5)];
    for (i, (p, hint)) in book.puzzles.iter().zip(hints).enumerate() {
        if let Some(hint) = hint {
            let page = puzzle_pages.get(i).copied().unwrap_or(0);
            blocks.push(entry(format!("Puzzle {} (page {page})", p.number), &hint.look, Some(i)));
        }
    }
    blocks.push(heading("More help", set.heading * 0.8));
    blocks.push(paragraph(more_help_words(book.settings.hints_at), set.body * 0.5));
    for (p, hint) in book.puzzles.iter().zip(hints) {
        if let Some(finds) = hint.as_ref().and_then(|h| h.finds.as_deref()) {
            blocks.push(entry(format!("Puzzle {}", p.number), finds, None));
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
