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
    // Runs of printable ASCII, eight bytes at a time; a control byte that
    // is no space belongs to the word.
    let mut end = start;
    loop {
        end = printable_end(bytes, end);
        match bytes.get(end) {
            Some(&b) if !b.is_ascii() => return first_word_unicode(l),
            Some(&b) if !space(b) => end += 1,
            _ => break,
        }
    }
    if bytes[start] == b'#' { None } else { Some(&l[start..end]) }
}

/// The first index from `i` on whose byte is not printable ASCII (a space,
/// a control or a non-ASCII byte), or the length.
fn printable_end(bytes: &[u8], mut i: usize) -> usize {
    const LOW: u64 = 0x2121_2121_2121_2121;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        // A byte under 0x21 borrows and one from 0x80 up has its top bit:
        // either flags its top bit. A borrow flags only bytes above the
        // first flagged one, so the lowest flag is exact.
        let flags = (w.wrapping_sub(LOW) | w) & HIGH;
        if flags != 0 {
            return i + (flags.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + bytes[i..].iter().position(|b| !(0x21..0x80).contains(b)).unwrap_or(bytes.len() - i)
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

    #[test]
    fn words_end_at_any_byte_of_a_long_line() {
        // The word-at-a-time scan: each ending byte at each offset of an
        // eight-byte chunk, a control byte kept inside the word, and DEL.
        for at in 0..20 {
            for end in [" ", "\t", "\r", "\u{b}", "\u{c}", "\u{a0}"] {
                let word = "1.3456789abcdefghijk"[..at].to_string() + "\u{1}\u{7f}";
                let text = format!("{word}{end}tail\n");
                let got: Vec<(usize, &str)> = puzzles_in(&text).collect();
                assert_eq!(got, [(1, word.as_str())], "word of {at} + 2 bytes, ended by {end:?}");
            }
        }
    }
}
