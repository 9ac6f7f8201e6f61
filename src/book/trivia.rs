//! Trividoku's trivia: a bank of questions whose answers are digits, and for
//! each puzzle the items that give its lettered cells: letter A's question
//! answers with the digit in cell A, and so on.

use anyhow::{Result, bail};

/// The bank that ships, used when a book names none.
pub const SAMPLE: &str = include_str!("../../data/trivia-sample.csv");

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
        let mut items = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || (i == 0 && line.eq_ignore_ascii_case("question,answer")) {
                continue;
            }
            let Some((question, answer)) = line.rsplit_once(',') else {
                bail!("{origin}: line {}: expected `question,answer`, found no comma", i + 1);
            };
            let answer: u32 = match answer.trim().parse() {
                Ok(n @ 1..=9) => n,
                _ => bail!("{origin}: line {}: the answer '{}' is not a digit 1–9", i + 1, answer.trim()),
            };
            let question = question.trim().trim_matches('"').replace("\"\"", "\"");
            if question.is_empty() {
                bail!("{origin}: line {}: the question is empty", i + 1);
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
