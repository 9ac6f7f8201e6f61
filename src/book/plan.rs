//! Pagination: which page shows what, decided before anything is drawn so
//! the page count (and from it the gutter) is known up front.

use super::Book;
use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
pub enum Page {
    Title,
    /// The back of the title page: copyright, ISBN, imprint, edition.
    Copyright,
    /// How to play each layout, and the contents: page `0..` of the
    /// introduction (it flows onto as many pages as it needs).
    Introduction(usize),
    /// The worked example of the book's `index`th distinct layout: the
    /// puzzle and its solution on one page, or (when both would not be
    /// legible together) one on each of two pages.
    Example {
        index: usize,
        part: ExamplePart,
    },
    /// Puzzles `range` (indices into `Book::puzzles`) of section `section`
    /// (index into `Book::sections`: a level, a band, a week);
    /// `opens_section` on its first page.
    Puzzles {
        section: usize,
        opens_section: bool,
        range: Range<usize>,
    },
    /// Page `0..` of the hints section (`--hints`), between the puzzles and
    /// the answers; it flows onto as many pages as it needs.
    Hints(usize),
    Answers {
        first: bool,
        range: Range<usize>,
    },
    /// A notes page padding the book to an even count of at least 24.
    Notes,
}

/// What an example page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExamplePart {
    Both,
    Puzzle,
    Solution,
}

/// The example pages for examples that fit one page each (`true`) or need two.
pub fn example_pages(fit_one_page: &[bool]) -> Vec<Page> {
    let mut pages = Vec::new();
    for (index, &one) in fit_one_page.iter().enumerate() {
        if one {
            pages.push(Page::Example { index, part: ExamplePart::Both });
        } else {
            pages.push(Page::Example { index, part: ExamplePart::Puzzle });
            pages.push(Page::Example { index, part: ExamplePart::Solution });
        }
    }
    pages
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

/// The pages of `book`: title, copyright, `intro_pages` pages of
/// introduction, the `examples` pages, puzzles, `hint_pages` pages of
/// hints and answers, padded with notes pages to `pad_to` pages (when
/// fewer).
pub fn paginate(
    book: &Book,
    answers_per_page: usize,
    intro_pages: usize,
    examples: &[Page],
    hint_pages: usize,
    pad_to: Option<usize>,
) -> Vec<Page> {
    let mut pages = vec![Page::Title, Page::Copyright];
    pages.extend((0..intro_pages.max(1)).map(Page::Introduction));
    pages.extend_from_slice(examples);
    let per_page = book.settings.per_page;
    let mut start = 0;
    while start < book.puzzles.len() {
        // A section: the run of puzzles of one level (band, week).
        let section = book.puzzles[start].section;
        let end = start + book.puzzles[start..].iter().take_while(|p| p.section == section).count();
        // Within it, a page holds one layout's grids: a layout's last page
        // may be part full rather than pair, say, a 12×12 with a 6×6.
        let kind = |i: usize| book.layouts[book.puzzles[i].layout].layout().id.as_str();
        let mut from = start;
        let mut first = true;
        while from < end {
            let run_end = from + (from..end).take_while(|&i| kind(i) == kind(from)).count();
            for page_start in (from..run_end).step_by(per_page) {
                pages.push(Page::Puzzles { section, opens_section: first, range: page_start..(page_start + per_page).min(run_end) });
                first = false;
            }
            from = run_end;
        }
        start = end;
    }
    pages.extend((0..hint_pages).map(Page::Hints));
    for (i, from) in (0..book.puzzles.len()).step_by(answers_per_page).enumerate() {
        pages.push(Page::Answers { first: i == 0, range: from..(from + answers_per_page).min(book.puzzles.len()) });
    }
    if let Some(target) = pad_to {
        while pages.len() < target {
            pages.push(Page::Notes);
        }
    }
    pages
}

/// The page count a book of `pages` pages is padded to: even, and at
/// least `min`.
pub fn padded_count(pages: usize, min: usize) -> usize {
    let at_least = pages.max(min);
    at_least + at_least % 2
}

/// Page number (1-based) of the answer to each puzzle (by index).
pub fn answer_pages(pages: &[Page], puzzles: usize) -> Vec<usize> {
    let mut at = vec![0; puzzles];
    for (i, page) in pages.iter().enumerate() {
        if let Page::Answers { range, .. } = page {
            for p in range.clone() {
                at[p] = i + 1;
            }
        }
    }
    at
}

/// Page number (1-based) of each puzzle (by index).
pub fn puzzle_pages(pages: &[Page], puzzles: usize) -> Vec<usize> {
    let mut at = vec![0; puzzles];
    for (i, page) in pages.iter().enumerate() {
        if let Page::Puzzles { range, .. } = page {
            for p in range.clone().filter(|&p| p < puzzles) {
                at[p] = i + 1;
            }
        }
    }
    at
}

/// Page number (1-based) of the first page of each section, for the
/// contents; `sections` names them.
pub fn section_starts(words: &crate::lang::Catalogue, pages: &[Page], sections: &[String]) -> Vec<(String, usize)> {
    pages
        .iter()
        .enumerate()
        .filter_map(|(i, page)| match page {
            Page::Puzzles { section, opens_section: true, range } => {
                Some((words.fill("page.section_from", &[("section", &sections[*section]), ("n", &(range.start + 1).to_string())]), i + 1))
            }
            Page::Example { index: 0, part: ExamplePart::Both | ExamplePart::Puzzle } => Some((words.text("page.examples"), i + 1)),
            Page::Hints(0) => Some((words.text("page.hints"), i + 1)),
            Page::Answers { first: true, .. } => Some((words.text("page.answers"), i + 1)),
            Page::Notes if i == 0 || pages[i - 1] != Page::Notes => Some((words.text("page.notes"), i + 1)),
            _ => None,
        })
        .collect()
}

pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_reaches_an_even_count_of_at_least_the_minimum() {
        assert_eq!(padded_count(13, 24), 24);
        assert_eq!(padded_count(24, 24), 24);
        assert_eq!(padded_count(25, 24), 26);
        assert_eq!(padded_count(40, 24), 40);
    }
}
