//! Every word a themed cover prints that is not the book's own (its title,
//! subtitle, author, blurb), from the book's language catalogue
//! (`cover.*` in lang/<code>.toml).

use crate::lang::Catalogue;

/// The cover's words in one language.
pub struct CoverWords<'a> {
    words: &'a Catalogue,
    /// On the badge of a large-print book.
    pub large_print: String,
    /// On the badge when the book prints its answers.
    pub solutions: String,
    /// Between the badge's parts.
    pub separator: String,
}

impl CoverWords<'_> {
    pub fn of(words: &Catalogue) -> CoverWords<'_> {
        CoverWords {
            words,
            large_print: words.text("cover.large_print"),
            solutions: words.text("cover.solutions"),
            separator: words.text("cover.separator"),
        }
    }

    /// "200 Puzzles", "1 Puzzle" (the language's plural form).
    pub fn count(&self, n: usize) -> String {
        self.words.plural("cover.puzzles", n, &[])
    }

    /// "Easy to Hard" for several levels, the level itself for one.
    pub fn levels(&self, names: &[String]) -> Option<String> {
        match names {
            [] => None,
            [one] => Some(one.clone()),
            [low, .., high] => Some(self.words.fill("cover.level_range", &[("low", low), ("high", high)])),
        }
    }
}
