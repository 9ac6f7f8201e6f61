//! Trividoku's trivia: a bank of questions whose answers are digits, and for
//! each puzzle the items that give its lettered cells: letter A's question
//! answers with the digit in cell A, and so on.

use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};

/// The small bank books used before questions were dealt once a book
/// (`BookSettings::trivia_once` false); kept so they reprint the same.
pub const SAMPLE: &str = include_str!("../../data/trivia-sample.csv");
/// The first bank that shipped (mostly letter counts and sums): books
/// stored before bank versions (`BookSettings::trivia_bank` 1) reprint with it.
pub const BANK: &str = include_str!("../../data/trivia-bank.csv");
pub const BANK_FILE: &str = "data/trivia-bank.csv";
/// The bank new books use when they name none: real, stable facts by topic
/// (`topic,question,answer`), at least 100 a digit under the default topics.
pub const BANK_2: &str = include_str!("../../data/trivia/bank-2.csv");
pub const BANK_2_FILE: &str = "data/trivia/bank-2.csv";
/// The bank version new books record (`BookSettings::trivia_bank`).
pub const BANK_VERSION: u8 = 2;
/// The topic of letter counts, sums and Roman numerals: asked only when named.
pub const WORD_NUMBER: &str = "word-number";

/// The shipped bank of `version` (1: data/trivia-bank.csv, 2: data/trivia/bank-2.csv) and its file.
pub fn shipped(version: u8) -> Result<(&'static str, &'static str)> {
    match version {
        1 => Ok((BANK, BANK_FILE)),
        2 => Ok((BANK_2, BANK_2_FILE)),
        v => bail!("trivia bank version {v} is not one this puzzlebook ships (1 or 2): a newer puzzlebook made this book"),
    }
}

/// Serde's default for books stored before bank versions: the first bank.
pub fn first_bank() -> u8 {
    1
}

/// Whether `version` is the first bank (left out of stored settings).
pub fn is_first_bank(version: &u8) -> bool {
    *version == 1
}

/// How a Trividoku puzzle gives its lettered cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TriviaFormat {
    /// A question for each letter (`question,answer` lines).
    #[default]
    Questions,
    /// The original publisher's matching list: nine items lettered A–I to
    /// match with the numbers 1–9 (`item,answer` lines).
    Matching,
}

impl TriviaFormat {
    pub fn is_questions(&self) -> bool {
        *self == TriviaFormat::Questions
    }

    /// The CSV header a bank of this format may start with.
    fn header(self) -> &'static str {
        match self {
            TriviaFormat::Questions => "question,answer",
            TriviaFormat::Matching => "item,answer",
        }
    }

    /// The line printed above a puzzle's list, if any.
    pub fn instruction(self) -> Option<&'static str> {
        match self {
            TriviaFormat::Questions => None,
            TriviaFormat::Matching => Some("Match each lettered item with its number, 1–9:"),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TriviaItem {
    pub question: String,
    pub answer: u32,
    /// The item's topic, in a bank with a `topic` column.
    pub topic: Option<String>,
}

/// One printed line: the letter, its question and (for the key) the answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Clue {
    pub letter: char,
    pub question: String,
    pub answer: u32,
}

#[derive(Clone, Debug)]
pub struct TriviaBank {
    pub items: Vec<TriviaItem>,
    /// The bank has a `topic` column (a `topic,question,answer` header).
    pub has_topics: bool,
}

/// A book's clues, dealt: each puzzle's clues and, when the bank had too
/// few items of a digit for the book, what repeats (a warning's words).
#[derive(Debug, PartialEq)]
pub struct Dealt {
    pub clues: Vec<Vec<Clue>>,
    /// How many questions are asked a second (or later) time in the book.
    pub repeats: usize,
    pub warning: Option<String>,
}

impl TriviaBank {
    /// A CSV of `question,answer` lines; the answer is the last field, so a
    /// question may contain commas (or be quoted). A `question,answer`
    /// header, blank lines and `#` comments are skipped. `origin` names the
    /// file in errors.
    pub fn parse(text: &str, origin: &str) -> Result<TriviaBank> {
        TriviaBank::parse_as(text, origin, TriviaFormat::Questions)
    }

    /// A bank in `format`: `question,answer` or `item,answer` lines (the
    /// header, blank lines and `#` comments skipped before the first item).
    pub fn parse_as(text: &str, origin: &str, format: TriviaFormat) -> Result<TriviaBank> {
        let mut header = format.header();
        let mut items = Vec::new();
        let mut has_topics = false;
        // A spreadsheet's UTF-8 export may begin with a byte order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if items.is_empty() && !has_topics && format.is_questions() && line.eq_ignore_ascii_case(TOPIC_HEADER) {
                has_topics = true;
                header = TOPIC_HEADER;
                continue;
            }
            if line.is_empty() || line.starts_with('#') || (items.is_empty() && line.eq_ignore_ascii_case(header)) {
                continue;
            }
            let (topic, line) = match has_topics {
                true => match line.split_once(',') {
                    Some((topic, rest)) if !topic.trim().is_empty() => (Some(topic.trim().to_string()), rest),
                    _ => bail!("{origin}: line {}: expected `{TOPIC_HEADER}`, found no topic before the first comma", i + 1),
                },
                false => (None, line),
            };
            let Some((question, answer)) = line.rsplit_once(',') else {
                bail!("{origin}: line {}: expected `{header}`, found no comma", i + 1);
            };
            let answer: u32 = match answer.trim().parse() {
                Ok(n @ 1..=9) => n,
                _ => bail!("{origin}: line {}: the answer '{}' is not a digit 1–9", i + 1, answer.trim()),
            };
            let question = question.trim().trim_matches('"').replace("\"\"", "\"");
            if question.is_empty() {
                let what = header.split(',').next().unwrap_or("question");
                bail!("{origin}: line {}: the {what} is empty", i + 1);
            }
            items.push(TriviaItem { question, answer, topic });
        }
        for digit in 1..=9 {
            if !items.iter().any(|item| item.answer == digit) {
                bail!("{origin}: no question has the answer {digit}; a Trividoku may need every digit 1–9");
            }
        }
        Ok(TriviaBank { items, has_topics })
    }

    /// The bank's topics, in the order they first appear.
    pub fn topics(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for topic in self.items.iter().filter_map(|i| i.topic.as_ref()) {
            if !out.contains(topic) {
                out.push(topic.clone());
            }
        }
        out
    }

    /// The topics a book takes when it names none: every topic but
    /// word-number (letter counts and sums).
    pub fn default_topics(&self) -> Vec<String> {
        self.topics().into_iter().filter(|t| t != WORD_NUMBER).collect()
    }

    /// The bank narrowed to `topics` (none named: [`Self::default_topics`]).
    /// A topic the bank lacks is refused by name with the bank's list; a
    /// bank without a topic column refuses any topic; every digit 1–9 must
    /// keep a question.
    pub fn select(&self, topics: &[String], origin: &str) -> Result<TriviaBank> {
        if !self.has_topics {
            if !topics.is_empty() {
                bail!(
                    "--trivia-topics {}: {origin} has no topic column (its header is not `{TOPIC_HEADER}`), so topics do not apply to it: leave --trivia-topics out, or add the column",
                    topics.join(",")
                );
            }
            return Ok(self.clone());
        }
        let known = self.topics();
        let wanted = if topics.is_empty() { self.default_topics() } else { topics.to_vec() };
        if let Some(unknown) = wanted.iter().find(|t| !known.contains(t)) {
            bail!("--trivia-topics: '{unknown}' is not a topic of {origin}; its topics are {}", known.join(", "));
        }
        let items: Vec<TriviaItem> = self.items.iter().filter(|i| i.topic.as_ref().is_some_and(|t| wanted.contains(t))).cloned().collect();
        for digit in 1..=9 {
            if !items.iter().any(|item| item.answer == digit) {
                bail!(
                    "--trivia-topics {}: no question of these topics in {origin} has the answer {digit}; a Trividoku needs every digit 1–9: add a topic",
                    wanted.join(",")
                );
            }
        }
        Ok(TriviaBank { items, has_topics: true })
    }

    /// How many distinct questions the bank has for each answer (index 1–9).
    pub fn per_digit(&self) -> [usize; 10] {
        let mut out = [0; 10];
        for item in &self.items {
            out[(item.answer as usize).min(9)] += 1;
        }
        out
    }

    /// The clues of one puzzle, A first: for each lettered cell a question
    /// whose answer is that cell's digit. `salt` (the puzzle's id) varies
    /// the choice between puzzles and keeps it the same on a reprint.
    pub fn clues(&self, lettered: &[(usize, char)], solution: &str, salt: u64) -> Vec<Clue> {
        let digits: Vec<char> = solution.chars().collect();
        let mut clues: Vec<Clue> = lettered
            .iter()
            .filter_map(|&(cell, letter)| {
                let answer = digits.get(cell)?.to_digit(10)?;
                let choices: Vec<&TriviaItem> = self.items.iter().filter(|item| item.answer == answer).collect();
                let pick = (salt.wrapping_mul(31) + letter as u64) as usize % choices.len().max(1);
                choices.get(pick).map(|item| Clue { letter, question: item.question.clone(), answer })
            })
            .collect();
        clues.sort_by_key(|c| c.letter);
        clues
    }

    /// The clues of a whole book: `needs` holds each puzzle's lettered
    /// cells as (letter, digit). Each digit's items are shuffled once by
    /// `seed` and dealt in puzzle order, so while the bank has enough no
    /// item is asked twice in a book, and a reprint asks the same. A digit
    /// with fewer items than the book needs is dealt round its deck again
    /// (each repeat as far from its first asking as the deck allows) and
    /// [`Dealt::warning`] says how many repeat; a puzzle never asks one
    /// question twice (a bank with fewer items of a digit than one puzzle
    /// needs is refused).
    pub fn deal(&self, needs: &[Vec<(char, u32)>], seed: u64, origin: &str) -> Result<Dealt> {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut decks: Vec<Vec<&TriviaItem>> = (0..=9).map(|d| self.items.iter().filter(|i| i.answer == d).collect()).collect();
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
        for deck in &mut decks {
            deck.shuffle(&mut rng);
        }
        let mut needed = [0usize; 10];
        for &(_, digit) in needs.iter().flatten() {
            needed[(digit as usize).min(9)] += 1;
        }
        // One puzzle never asks a question twice.
        for cells in needs {
            let mut in_puzzle = [0usize; 10];
            for &(_, digit) in cells {
                in_puzzle[(digit as usize).min(9)] += 1;
            }
            if let Some(d) = (1..=9).find(|&d| in_puzzle[d] > decks[d].len()) {
                bail!(
                    "{origin}: a puzzle has {} lettered cells holding {d} and the bank has {} question{} answering {d}: a puzzle never asks one twice, so add questions",
                    in_puzzle[d],
                    decks[d].len(),
                    if decks[d].len() == 1 { "" } else { "s" }
                );
            }
        }
        let short: Vec<usize> = (1..=9).filter(|&d| needed[d] > decks[d].len()).collect();
        let repeats: usize = short.iter().map(|&d| needed[d] - decks[d].len()).sum();
        let warning = (!short.is_empty()).then(|| {
            let total: usize = needed.iter().sum();
            let spacing = short.iter().map(|&d| decks[d].len()).min().unwrap_or(0);
            format!(
                "{origin}: the book's {} Trividoku puzzles ask {total} questions and the bank has too few different ones for {} ({}): {repeats} question{} repeat{}, {}at least {spacing} uses of its answer after it was first asked (add questions or topics, or make the book shorter, for none to repeat)",
                needs.iter().filter(|n| !n.is_empty()).count(),
                if short.len() == 1 { "one answer" } else { "some answers" },
                short.iter().map(|&d| format!("answer {d}: {} asked, {} in the bank", needed[d], decks[d].len())).collect::<Vec<_>>().join("; "),
                if repeats == 1 { "" } else { "s" },
                if repeats == 1 { "s" } else { "" },
                if repeats == 1 { "" } else { "each " },
            )
        });
        let mut dealt = [0usize; 10];
        let clues = needs
            .iter()
            .map(|cells| {
                let mut clues: Vec<Clue> = cells
                    .iter()
                    .filter_map(|&(letter, digit)| {
                        let d = digit as usize;
                        let deck = decks.get(d)?;
                        // Round the deck again when it runs out: a repeat
                        // comes a whole deck's length after its first asking.
                        let item = deck.get(dealt[d] % deck.len().max(1))?;
                        dealt[d] += 1;
                        Some(Clue { letter, question: item.question.clone(), answer: digit })
                    })
                    .collect();
                clues.sort_by_key(|c| c.letter);
                clues
            })
            .collect();
        Ok(Dealt { clues, repeats, warning })
    }
}

/// The header of a bank with topics.
pub const TOPIC_HEADER: &str = "topic,question,answer";

/// Each puzzle's lettered cells as (letter, digit of its solution).
pub fn lettered_digits(lettered: &[(usize, char)], solution: &str) -> Vec<(char, u32)> {
    let digits: Vec<char> = solution.chars().collect();
    lettered.iter().filter_map(|&(cell, letter)| Some((letter, digits.get(cell)?.to_digit(10)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_bank_covers_every_digit() {
        let bank = TriviaBank::parse(SAMPLE, "sample").unwrap();
        assert!(bank.items.len() >= 27);
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_header() {
        let text = format!(
            "\u{feff}question,answer\n{}",
            SAMPLE.lines().filter(|l| !l.eq_ignore_ascii_case("question,answer")).collect::<Vec<_>>().join("\n")
        );
        let bank = TriviaBank::parse(&text, "bom.csv").unwrap();
        assert_eq!(bank.items.len(), TriviaBank::parse(SAMPLE, "sample").unwrap().items.len());
    }

    #[test]
    fn bad_banks_name_the_line() {
        let err = TriviaBank::parse("question,answer\nHow many?,12\n", "t.csv").unwrap_err().to_string();
        assert_eq!(err, "t.csv: line 2: the answer '12' is not a digit 1–9");
        let err = TriviaBank::parse("no comma here\n", "t.csv").unwrap_err().to_string();
        assert_eq!(err, "t.csv: line 1: expected `question,answer`, found no comma");
        let err = TriviaBank::parse("a,1\nb,2\n", "t.csv").unwrap_err().to_string();
        assert!(err.contains("no question has the answer 3"), "{err}");
    }

    #[test]
    fn each_letter_gets_a_question_answered_by_its_cells_digit() {
        let family = crate::family::open(crate::layout::Layout::load("trividoku-9").unwrap());
        let lettered = family.lettered_cells();
        let bank = TriviaBank::parse(SAMPLE, "sample").unwrap();
        let solution = "429136578657984123183572496532817964714269385896453712368741259941625837275398641";
        let clues = bank.clues(&lettered, solution, 7);
        assert_eq!(clues.iter().map(|c| c.letter).collect::<String>(), "ABCDEFGHI");
        for clue in &clues {
            let cell = lettered.iter().find(|&&(_, l)| l == clue.letter).unwrap().0;
            assert_eq!(solution.as_bytes()[cell] - b'0', clue.answer as u8);
            assert!(bank.items.contains(&TriviaItem { question: clue.question.clone(), answer: clue.answer, topic: None }));
        }
        // The page shows the nine letters where the givens are empty.
        let printed = family.page(&".".repeat(81)).symbols;
        assert_eq!(printed.iter().flatten().filter(|c| c.is_ascii_uppercase()).count(), 9);
    }
}
