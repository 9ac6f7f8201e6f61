//! The reader's words for what a family's puzzles need: the scale of
//! skills an introduction, a blurb and a stars scale speak in. A family
//! names its scale ([`super::Family::skills`]) and says which step of it
//! each puzzle needs ([`super::Family::need`]); the book only counts.

use crate::grade::Technique;
use crate::lang::OwnWords;

/// One skill of a family's scale, in a reader's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// The scale it belongs to ("sudoku", "slitherlink", "nonogram"): with
    /// `id`, its key in the language catalogues (`skill.<scale>.<id>.need`).
    pub scale: &'static str,
    /// A short stable name (tests and data).
    pub id: &'static str,
    /// What a puzzle needs, after "need": "only singles", "a pointing pair".
    pub need: &'static str,
    /// Its name among others, for a range: "singles" … "chains".
    pub plural: &'static str,
    /// What it is, in a sentence's worth of plain words.
    pub explain: &'static str,
    /// Whether it is reasoning (false for trial and error: no "no guessing"
    /// may be printed over a puzzle that needs it).
    pub reasoning: bool,
    /// The family's own words file, where its words in every language are
    /// (none: the language catalogues have them).
    pub own: Option<&'static OwnWords>,
}

const fn skill(scale: &'static str, id: &'static str, plural: &'static str, need: &'static str, explain: &'static str) -> Skill {
    Skill { scale, id, need, plural, explain, reasoning: true, own: None }
}

/// A skill whose words are in its family's own words file.
pub(super) const fn own_skill(
    own: &'static OwnWords,
    scale: &'static str,
    id: &'static str,
    plural: &'static str,
    need: &'static str,
    explain: &'static str,
) -> Skill {
    Skill { scale, id, need, plural, explain, reasoning: true, own: Some(own) }
}

impl Skill {
    /// One of its words (`need`, `plural`, `explain`) in the catalogue's
    /// language; a skill no catalogue names prints its own words in an
    /// English book (and shows its missing key in another).
    pub fn words(&self, words: &crate::lang::Catalogue, which: &str) -> String {
        let own = self.own.map(|own| own.over(words));
        let words = own.as_deref().unwrap_or(words);
        let key = format!("skill.{}.{}.{which}", self.scale, self.id);
        if words.has(&key) || !words.is_english() {
            return words.text(&key);
        }
        match which {
            "need" => self.need,
            "plural" => self.plural,
            _ => self.explain,
        }
        .to_string()
    }
}

/// The sudoku families' scale, easiest first.
pub static SUDOKU: [Skill; 10] = [
    skill(
        "sudoku",
        "singles",
        "singles",
        "only singles",
        "a single is a digit with one place left in a row, column or box, or a cell with one digit left",
    ),
    skill(
        "sudoku",
        "cages",
        "cage sums",
        "cage sums",
        "cage sums: the digits a cage's total allows, and the rule of 45 (each row, column and box adds up to 45)",
    ),
    skill(
        "sudoku",
        "pointing",
        "pointing pairs",
        "a pointing or claiming pair",
        "a pointing pair: a digit whose places in a box all lie on one line (or whose places in a line all lie in one box) leaves the rest of that line (or box)",
    ),
    skill(
        "sudoku",
        "subsets",
        "pairs and triples",
        "a pair, triple or quad",
        "a pair (triple, quad): two digits that can go only in the same two cells of a row, column or box (three in three, four in four) rule out everything else there",
    ),
    skill(
        "sudoku",
        "fish",
        "X-wings",
        "an X-wing, swordfish or jellyfish",
        "an X-wing: a digit that can go in only the same two columns of two rows leaves the rest of those columns (a swordfish does it with three rows)",
    ),
    skill(
        "sudoku",
        "links",
        "skyscrapers and kites",
        "a skyscraper, kite or other one-digit link pattern",
        "a skyscraper or kite: two rows, columns or boxes where a digit has only two places, linked so that a cell seeing both ends cannot hold it",
    ),
    skill(
        "sudoku",
        "wings",
        "wings",
        "a wing",
        "a wing: a pivot cell and two or more pincer cells whose few candidates force a digit into one of the pincers",
    ),
    skill(
        "sudoku",
        "uniqueness",
        "unique rectangles",
        "a unique rectangle",
        "a unique rectangle: four cells that would let two digits swap, which a puzzle with one solution cannot allow",
    ),
    skill("sudoku", "chains", "chains", "a chain", "a chain: following one possibility step by step until it breaks or agrees with itself"),
    Skill {
        scale: "sudoku",
        id: "trial",
        need: "trial and error",
        plural: "trial and error",
        explain: "trial and error: no technique in the usual list finds the next step, so a digit is tried and followed",
        reasoning: false,
        own: None,
    },
];

/// The index in [`SUDOKU`] of its chains (the last skill before trial
/// and error).
pub const SUDOKU_CHAINS: usize = 8;

/// The skill of [`SUDOKU`] a technique belongs to: its kind of reasoning
/// in the technique table ([`crate::grade::TABLE`]), which lists the kinds
/// in [`SUDOKU`]'s order.
pub fn sudoku_skill(technique: Technique) -> usize {
    technique.reasoning() as usize
}

/// Slitherlink's scale, by the rules its solver grades with.
pub static SLITHERLINK: [Skill; 4] = [
    own_skill(
        &super::loops::WORDS,
        "slitherlink",
        "counting",
        "counting",
        "only counting",
        "counting: a number's sides around its cell, and every dot with either two lines or none",
    ),
    own_skill(
        &super::loops::WORDS,
        "slitherlink",
        "patterns",
        "the classic patterns",
        "the classic patterns",
        "the classic patterns: a 3 or a 1 in a corner, two 3s corner to corner, and never closing a small loop early",
    ),
    own_skill(
        &super::loops::WORDS,
        "slitherlink",
        "lookahead",
        "trying a line",
        "trying a line",
        "trying a line: drawing one line in and seeing that it leads to a contradiction (two 3s side by side are the first case)",
    ),
    Skill {
        scale: "slitherlink",
        id: "trial",
        need: "trial and error",
        plural: "trial and error",
        explain: "trial and error: the rules above stop, and a line is tried and followed further",
        reasoning: false,
        own: Some(&super::loops::WORDS),
    },
];

/// How a family's answers print, for the introduction: its English words
/// and their key in the language catalogues (`answers.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerWords {
    pub key: &'static str,
    pub english: &'static str,
    /// The family's own words file that has them (none: the catalogues).
    pub own: Option<&'static OwnWords>,
}

impl AnswerWords {
    /// The words in the catalogue's language; words no catalogue has (a
    /// family added since) print as the family says them.
    pub fn words(&self, words: &crate::lang::Catalogue) -> String {
        let own = self.own.map(|own| own.over(words));
        let words = own.as_deref().unwrap_or(words);
        if words.has(self.key) { words.text(self.key) } else { self.english.to_string() }
    }
}

pub const DIGITS_BOLD: AnswerWords =
    AnswerWords { key: "answers.digits_bold", english: "with the starting digits in bold and the ones you fill in grey", own: None };
pub const DIGITS_ALL: AnswerWords = AnswerWords { key: "answers.digits_all", english: "with every digit filled in", own: None };
pub const LOOP_DRAWN: AnswerWords =
    AnswerWords { key: "answers.loop_drawn", english: "with the loop drawn in over the numbers", own: Some(&super::loops::WORDS) };
