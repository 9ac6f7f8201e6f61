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
    text.lines().enumerate().filter_map(|(i, l)| first_word(l).map(|w| (i + 1, w)))
}

/// A line's first word, `None` for a blank line or a `#` comment. Bytes are
/// scanned directly while they are ASCII (a file of 100,000 puzzles spends
/// more on decoding characters than on anything else but solving); any
/// other byte leaves the line to [`first_word_unicode`], whose whitespace is
/// Unicode's.
fn first_word(l: &str) -> Option<&str> {
    // Unicode's whitespace within ASCII (`u8::is_ascii_whitespace` lacks 0x0B).
    let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
    let bytes = l.as_bytes();
    let start = bytes.iter().position(|&b| !space(b))?;
    let len = bytes[start..].iter().position(|&b| space(b) || !b.is_ascii()).unwrap_or(bytes.len() - start);
    match bytes.get(start + len) {
        Some(b) if !b.is_ascii() => first_word_unicode(l),
        _ if bytes[start] == b'#' => None,
        _ => Some(&l[start..start + len]),
    }
}

fn first_word_unicode(l: &str) -> Option<&str> {
    let l = l.trim();
    if l.starts_with('#') {
        return None;
    }
    l.split_whitespace().next()
}

/// The puzzles a command is given: its arguments, then the puzzle lines of
/// `--file`, read once and lent out without a copy per puzzle.
pub struct PuzzleSource<'a> {
    arguments: &'a [String],
    file: Option<(&'a Path, String)>,
}

/// Where a puzzle came from, for an error message: "argument 2" or
/// "list.txt: line 7".
#[derive(Clone, Copy)]
pub enum Origin<'a> {
    Argument(usize),
    Line(&'a Path, usize),
}

impl std::fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Argument(i) => write!(f, "argument {i}"),
            Origin::Line(path, line) => write!(f, "{}: line {line}", path.display()),
        }
    }
}

impl<'a> PuzzleSource<'a> {
    /// Reads `file`, if given (an unreadable file is an error naming it).
    pub fn read(arguments: &'a [String], file: Option<&'a Path>) -> anyhow::Result<PuzzleSource<'a>> {
        let file = match file {
            Some(path) => Some((path, std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?)),
            None => None,
        };
        Ok(PuzzleSource { arguments, file })
    }

    /// Each puzzle with its origin: the arguments (from 1), then the file's lines.
    pub fn puzzles(&self) -> impl Iterator<Item = (Origin<'_>, &str)> {
        let arguments = self.arguments.iter().enumerate().map(|(i, p)| (Origin::Argument(i + 1), p.as_str()));
        let lines = self.file.iter().flat_map(|(path, text)| puzzles_in(text).map(|(line, p)| (Origin::Line(path, line), p)));
        arguments.chain(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::puzzles_in;

    #[test]
    fn a_line_gives_its_first_word_whatever_its_spaces() {
        let text = "12.4 7.2\n\n# comment\n  \t56..\r\n\u{b}#x\n78\u{a0}9.5\n\u{3000}9.1 x\n   \nab\tcd\n\u{e9}t\u{e9} x";
        let got: Vec<(usize, &str)> = puzzles_in(text).collect();
        assert_eq!(got, [(1, "12.4"), (4, "56.."), (6, "78"), (7, "9.1"), (9, "ab"), (10, "\u{e9}t\u{e9}")]);
    }
}
