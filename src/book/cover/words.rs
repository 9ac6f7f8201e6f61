//! Every word a themed cover prints that is not the book's own (its title,
//! subtitle, author, blurb): kept here, in one place, so a translation
//! (issue 32) replaces one table.

/// The cover's words in one language.
pub struct CoverWords {
    /// On the badge of a large-print book.
    pub large_print: &'static str,
    /// "{n} Puzzles" (`{n}` replaced), and the one-puzzle form.
    pub puzzles: &'static str,
    pub one_puzzle: &'static str,
    /// On the badge when the book prints its answers.
    pub solutions: &'static str,
    /// Between the badge's parts.
    pub separator: &'static str,
    /// A range of levels: "Easy to Hard" (`{low}`, `{high}` replaced).
    pub level_range: &'static str,
}

pub static ENGLISH: CoverWords = CoverWords {
    large_print: "Large Print",
    puzzles: "{n} Puzzles",
    one_puzzle: "1 Puzzle",
    solutions: "Solutions Included",
    separator: " · ",
    level_range: "{low} to {high}",
};

impl CoverWords {
    pub fn count(&self, n: usize) -> String {
        if n == 1 { self.one_puzzle.to_string() } else { self.puzzles.replace("{n}", &n.to_string()) }
    }

    /// "Easy to Hard" for several levels, the level itself for one.
    pub fn levels(&self, names: &[String]) -> Option<String> {
        match names {
            [] => None,
            [one] => Some(one.clone()),
            [low, .., high] => Some(self.level_range.replace("{low}", low).replace("{high}", high)),
        }
    }
}
