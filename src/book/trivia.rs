//! Trividoku's trivia: a bank of questions whose answers are digits, and for
//! each puzzle the items that give its lettered cells: letter A's question
//! answers with the digit in cell A, and so on.

use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};

/// The small bank books used before questions were dealt once a book
/// (`BookSettings::trivia_once` false); kept so they reprint the same.
pub const SAMPLE: &str = include_str!("../../data/trivia-sample.csv");
/// The bank that ships, used when a book names none: over 900 questions,
/// enough for a 100-puzzle book without asking one twice.
pub const BANK: &str = include_str!("../../data/trivia-bank.csv");
pub const BANK_FILE: &str = "data/trivia-bank.csv";

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
}

/// One printed line: the letter, its question and (for the key) the answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Clue {
    pub letter: char,
    pub question: String,
    pub answer: u32,
}

#[derive(Debug)]
pub struct TriviaBank {
    pub items: Vec<TriviaItem>,
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
        let header = format.header();
        let mut items = Vec::new();
        // A spreadsheet's UTF-8 export may begin with a byte order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || (items.is_empty() && line.eq_ignore_ascii_case(header)) {
                continue;
            }
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
            items.push(TriviaItem { question, answer });
        }
        for digit in 1..=9 {
            if !items.iter().any(|item| item.answer == digit) {
                bail!("{origin}: no question has the answer {digit}; a Trividoku may need every digit 1–9");
            }
        }
        Ok(TriviaBank { items })
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

    /// The clues of a whole book, dealt without replacement: `needs` holds
    /// each puzzle's lettered cells as (letter, digit). Each digit's items
    /// are shuffled once by `seed` and dealt in puzzle order, so no item is
    /// asked twice in a book and a reprint asks the same. A bank too small
    /// for the book is refused, naming `origin` and the numbers.
    pub fn deal(&self, needs: &[Vec<(char, u32)>], seed: u64, origin: &str) -> Result<Vec<Vec<Clue>>> {
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
        let short: Vec<String> = (1..=9)
            .filter(|&d| needed[d] > decks[d].len())
            .map(|d| format!("answer {d}: {} needed, {} available", needed[d], decks[d].len()))
            .collect();
        if !short.is_empty() {
            let total: usize = needed.iter().sum();
            bail!(
                "{origin}: the book's {} Trividoku puzzles need {total} different items ({} per digit at most) and the bank has {}; too few for {}: add items or make the book shorter",
                needs.iter().filter(|n| !n.is_empty()).count(),
                needed.iter().max().unwrap_or(&0),
                self.items.len(),
                short.join("; ")
            );
        }
        let mut dealt = [0usize; 10];
        Ok(needs
            .iter()
            .map(|cells| {
                let mut clues: Vec<Clue> = cells
                    .iter()
                    .filter_map(|&(letter, digit)| {
                        let d = digit as usize;
                        let item = decks.get(d)?.get(dealt[d])?;
                        dealt[d] += 1;
                        Some(Clue { letter, question: item.question.clone(), answer: digit })
                    })
                    .collect();
                clues.sort_by_key(|c| c.letter);
                clues
            })
            .collect())
    }
}

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
            assert!(bank.items.contains(&TriviaItem { question: clue.question.clone(), answer: clue.answer }));
        }
        // The page shows the nine letters where the givens are empty.
        let printed = family.page(&".".repeat(81)).symbols;
        assert_eq!(printed.iter().flatten().filter(|c| c.is_ascii_uppercase()).count(), 9);
    }
}
