//! Pagination: which page shows what, decided before anything is drawn so
//! the page count (and from it the gutter) is known up front.

use super::Book;
use crate::score::Level;
use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
pub enum Page {
    Title,
    /// How to play each layout, and the contents.
    Introduction,
    /// Puzzles `range` (indices into `Book::puzzles`); `opens_section` on
    /// the first page of a level.
    Puzzles {
        level: Level,
        opens_section: bool,
        range: Range<usize>,
    },
    Answers {
        first: bool,
        range: Range<usize>,
    },
}

/// Columns × rows of grids for `n` a page.
pub fn arrangement(n: usize) -> (usize, usize) {
    match n {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        12 => (3, 4),
        16 => (4, 4),
        20 => (4, 5),
        _ => (5, 5),
    }
}

pub fn paginate(book: &Book, answers_per_page: usize) -> Vec<Page> {
    let mut pages = vec![Page::Title, Page::Introduction];
    let per_page = book.settings.per_page;
    let mut start = 0;
    while start < book.puzzles.len() {
        // A section: the run of puzzles of one level.
        let level = book.puzzles[start].level;
        let end = start + book.puzzles[start..].iter().take_while(|p| p.level == level).count();
        for (i, from) in (start..end).step_by(per_page).enumerate() {
            pages.push(Page::Puzzles { level, opens_section: i == 0, range: from..(from + per_page).min(end) });
        }
        start = end;
    }
    for (i, from) in (0..book.puzzles.len()).step_by(answers_per_page).enumerate() {
        pages.push(Page::Answers { first: i == 0, range: from..(from + answers_per_page).min(book.puzzles.len()) });
    }
    pages
}

/// Page number (1-based) of the first page of each section, for the contents.
pub fn section_starts(pages: &[Page]) -> Vec<(String, usize)> {
    pages
        .iter()
        .enumerate()
        .filter_map(|(i, page)| match page {
            Page::Puzzles { level, opens_section: true, range } => {
                Some((format!("{} (from puzzle {})", capitalised(level.name()), range.start + 1), i + 1))
            }
            Page::Answers { first: true, .. } => Some(("Answers".to_string(), i + 1)),
            _ => None,
        })
        .collect()
}

pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}
