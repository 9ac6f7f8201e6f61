//! Reading puzzle lists: one puzzle per line, the puzzle first (anything
//! after whitespace, such as a rating, is ignored); blank lines and lines
//! starting with '#' are skipped.

use anyhow::Context;
use std::path::Path;

pub struct PuzzleLine {
    /// 1-based line number in the file, for error messages.
    pub line: usize,
    pub text: String,
}

pub fn read_puzzle_lines(path: &Path) -> anyhow::Result<Vec<PuzzleLine>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(parse_puzzle_lines(&text))
}

pub fn parse_puzzle_lines(text: &str) -> Vec<PuzzleLine> {
    puzzles_in(text).map(|(line, text)| PuzzleLine { line, text: text.to_string() }).collect()
}

/// The puzzles of a list's text, borrowed: (1-based line number, puzzle).
pub fn puzzles_in(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            return None;
        }
        let first = l.split_whitespace().next()?;
        Some((i + 1, first))
    })
}
