//! Open text formats in and out: pure codecs that turn files and URLs into
//! clue grids and back. They know nothing of layouts or families: a family
//! (`crate::family::Family::decode`/`encode`) says which formats fit its
//! layouts and calls these with the grid's size.
//!
//! A clue grid is a string of one character per cell, row by row: `.` for an
//! empty cell, `1`–`9`, `A` = 10 … for a sudoku digit, `0`–`4` for a
//! Slitherlink clue.
//!
//! | format | what it is | puzzles a file |
//! |---|---|---|
//! | `lines` | one puzzle a line (its first word), `.` or `0` empty, `#` comments | many |
//! | `sdm` | SadMan Software's multi-puzzle file: 81 characters a line, `0` or `.` empty | many |
//! | `sdk` | SadMan's single puzzle: optional `[Puzzle]`, `#` metadata lines, 9 rows of 9 | one |
//! | `ss` | Simple Sudoku: 9 rows, `|` between stacks, `-----------` between bands, `.` empty | one |
//! | `hodoku` | HoDoKu's library lines `:<code>:<digits>:<puzzle>:<deleted>:<eliminations>:<placements>:` | many |
//! | `janko` | janko.at's data block: `[problem]` rows of space-separated tokens, `-` empty | one |
//! | `fpuzzles` | f-puzzles JSON, lz-string compressed, base64 (or a `?load=`/SudokuPad URL) | many |
//! | `puzzlink` | a puzz.link URL `https://puzz.link/p?slither/<cols>/<rows>/<body>` | many |
//! | `pzprv3` | the pzprjs file: `pzprv3`, `slither`, rows, cols, clue rows, the loop's borders | one |
//! | `serate` | Sudoku Explainer's batch output: `<puzzle> ED=<ER>/<EP>/<ED>` | many |

pub mod fpuzzles;
pub mod grid;
pub mod import;
pub mod pzpr;

use std::fmt;

/// A text format a family may read or write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Lines,
    Sdm,
    Sdk,
    Ss,
    Hodoku,
    Janko,
    Fpuzzles,
    Puzzlink,
    Pzprv3,
    Serate,
}

impl Format {
    pub const ALL: [Format; 10] = [
        Format::Lines,
        Format::Sdm,
        Format::Sdk,
        Format::Ss,
        Format::Hodoku,
        Format::Janko,
        Format::Fpuzzles,
        Format::Puzzlink,
        Format::Pzprv3,
        Format::Serate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Lines => "lines",
            Format::Sdm => "sdm",
            Format::Sdk => "sdk",
            Format::Ss => "ss",
            Format::Hodoku => "hodoku",
            Format::Janko => "janko",
            Format::Fpuzzles => "fpuzzles",
            Format::Puzzlink => "puzzlink",
            Format::Pzprv3 => "pzprv3",
            Format::Serate => "serate",
        }
    }

    /// Whether a file holds one puzzle only (export writes one file a puzzle).
    pub fn one_per_file(self) -> bool {
        matches!(self, Format::Sdk | Format::Ss | Format::Janko | Format::Pzprv3)
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Lines | Format::Fpuzzles | Format::Puzzlink | Format::Serate => "txt",
            Format::Hodoku => "hsol",
            Format::Janko => "janko.txt",
            other => other.name(),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(s)).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown format '{s}': the formats are {}", names.join(", "))
        })
    }
}

/// A malformed input: the line (1-based) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub line: usize,
    pub message: String,
}

impl FormatError {
    pub fn at(line: usize, message: impl Into<String>) -> FormatError {
        FormatError { line, message: message.into() }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FormatError {}

/// One puzzle read from a file: where it starts and its clue grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub line: usize,
    pub givens: String,
}

/// The formats a text looks like, judged by its file name's extension and
/// its content. More than one answer means the text is ambiguous.
pub fn detect(text: &str, file_name: Option<&str>) -> Vec<Format> {
    let lower = file_name.map(str::to_ascii_lowercase).unwrap_or_default();
    for (ext, format) in [(".sdm", Format::Sdm), (".sdk", Format::Sdk), (".ss", Format::Ss), (".hsol", Format::Hodoku)] {
        if lower.ends_with(ext) {
            return vec![format];
        }
    }
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let Some(first) = lines.first() else { return Vec::new() };
    if first.starts_with("pzprv3") {
        return vec![Format::Pzprv3];
    }
    if first.contains("?slither/") || first.starts_with("slither/") {
        return vec![Format::Puzzlink];
    }
    if first.contains("?load=") || first.contains("/fpuzzles") || first.starts_with("N4Ig") || first.starts_with('{') {
        return vec![Format::Fpuzzles];
    }
    if first.contains(" ED=") {
        return vec![Format::Serate];
    }
    if first.starts_with(':') && first.matches(':').count() >= 4 {
        return vec![Format::Hodoku];
    }
    let sections = lines.iter().any(|l| l.eq_ignore_ascii_case("[problem]") || l.eq_ignore_ascii_case("problem"));
    if sections {
        return vec![Format::Janko];
    }
    if lines.iter().any(|l| l.contains('|')) {
        return vec![Format::Ss];
    }
    if first.eq_ignore_ascii_case("[puzzle]")
        || lines.iter().any(|l| l.starts_with('#') && l.len() > 1 && l.as_bytes()[1].is_ascii_uppercase())
    {
        return vec![Format::Sdk];
    }
    // Rows of a single grid (as many lines as characters a line) or one
    // puzzle a line.
    let content: Vec<&&str> = lines.iter().filter(|l| !l.starts_with('#')).collect();
    let n = content.len();
    if n > 1 && content.iter().all(|l| l.chars().count() == n) {
        return vec![Format::Sdk];
    }
    vec![Format::Lines]
}

#[cfg(test)]
mod tests;
