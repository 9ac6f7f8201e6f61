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
//! | `ss` | Simple Sudoku: 9 rows, `|` between stacks, `-----------` between bands (or boxed in `*---*`, `\|---+---\|`), `.` empty | one |
//! | `hodoku` | HoDoKu's library lines `:<code>:<digits>:<puzzle>:<deleted>:<eliminations>:<placements>:` (not its zipped `.hsol` save) | many |
//! | `janko` | janko.at's data block: `[problem]` rows of space-separated tokens, `-` empty | one |
//! | `fpuzzles` | f-puzzles JSON, lz-string compressed, base64 (or a `?load=`/SudokuPad URL) | many |
//! | `puzzlink` | a puzz.link URL `https://puzz.link/p?slither/<cols>/<rows>/<body>` or `…?sudoku/<n>/<n>/<body>` | many |
//! | `pzprv3` | the pzprjs file: `pzprv3`, `slither`, rows, cols, clue rows, the loop's borders | one |
//! | `serate` | Sudoku Explainer's batch output: `<puzzle> ED=<ER>/<EP>/<ED>` | many |
//!
//! A family may also own formats of its own ([`OwnFormat`]: its name, file
//! extension and how its text looks, with the codec in the family's engine
//! folder), which it lists among its formats (`Family::formats`); import
//! and export find them through the family (`family::own_formats`), so a
//! family adds formats without touching this module.

pub mod credit;
pub mod fpuzzles;
pub mod grid;
pub mod lzstring;
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
    /// A format a family owns.
    Own(&'static OwnFormat),
}

/// A format one family owns: its codec lives in the family's engine
/// folder, and this says how the command line names it and how its text
/// looks (for `import --format auto`).
#[derive(Debug)]
pub struct OwnFormat {
    /// Its `--format` name ("webpbn").
    pub name: &'static str,
    /// The usual file extension ("xml").
    pub extension: &'static str,
    /// Whether a file holds one puzzle only.
    pub one_per_file: bool,
    /// What it is, for the help texts: "webpbn.com's nonogram XML".
    pub about: &'static str,
    /// Whether a text looks like it: its content lines (trimmed, no empty
    /// or `#` lines) and its file name in lower case ("" when unknown).
    pub looks: fn(content: &[&str], lower_name: &str) -> bool,
}

impl PartialEq for OwnFormat {
    fn eq(&self, other: &OwnFormat) -> bool {
        self.name == other.name
    }
}

impl Eq for OwnFormat {}

impl std::hash::Hash for OwnFormat {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}

impl Format {
    /// The formats of this module, which any family may read or write.
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
            Format::Own(own) => own.name,
        }
    }

    /// Whether a file holds one puzzle only (export writes one file a puzzle).
    pub fn one_per_file(self) -> bool {
        match self {
            Format::Own(own) => own.one_per_file,
            _ => matches!(self, Format::Sdk | Format::Ss | Format::Janko | Format::Pzprv3),
        }
    }

    /// The names of the one-puzzle-a-file formats among these and `own`
    /// (the families' own formats), for messages.
    pub fn one_per_file_names(own: &[Format]) -> String {
        Format::ALL.iter().chain(own).filter(|f| f.one_per_file()).map(|f| f.name()).collect::<Vec<_>>().join(", ")
    }

    /// The format named `name` among these and `own` (the families' own
    /// formats), or the refusal that lists them.
    pub fn named(name: &str, own: &[Format]) -> Result<Format, String> {
        Format::ALL.iter().chain(own).copied().find(|f| f.name().eq_ignore_ascii_case(name)).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().chain(own).map(|f| f.name()).collect();
            format!("unknown format '{name}': the formats are {}", names.join(", "))
        })
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Lines | Format::Fpuzzles | Format::Puzzlink | Format::Serate | Format::Hodoku => "txt",
            Format::Janko => "janko.txt",
            Format::Own(own) => own.extension,
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
    /// One of this module's formats (a family's own: [`Format::named`]).
    fn from_str(s: &str) -> Result<Format, String> {
        Format::named(s, &[])
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
    /// The puzzle's own layout file, when the file carries parts its
    /// layout draws per puzzle (a killer's cages, a jigsaw's regions, even
    /// and odd marks): the puzzle is proved and stored under it.
    pub layout: Option<String>,
}

impl Decoded {
    pub fn new(line: usize, givens: impl Into<String>) -> Decoded {
        Decoded { line, givens: givens.into(), layout: None }
    }
}

/// Who made a puzzle, as its file says: the author, the source (a book,
/// a site, a collection) and a URL. Empty where the file says nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Credit {
    pub author: Option<String>,
    pub source: Option<String>,
    pub url: Option<String>,
}

impl Credit {
    pub fn is_empty(&self) -> bool {
        self.author.is_none() && self.source.is_none() && self.url.is_none()
    }
}

/// The formats a text looks like, judged by its file name's extension and
/// its content (`#` comment lines, such as a collection's header, are not
/// content): a family's own format (of `own`, each asked first) or one of
/// this module's. More than one answer means the text is ambiguous.
pub fn detect(text: &str, file_name: Option<&str>, own: &[Format]) -> Vec<Format> {
    let lower = file_name.map(str::to_ascii_lowercase).unwrap_or_default();
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let content: Vec<&str> = lines.iter().copied().filter(|l| !l.starts_with('#')).collect();
    let owned: Vec<Format> = own.iter().copied().filter(|f| matches!(f, Format::Own(o) if (o.looks)(&content, &lower))).collect();
    if !owned.is_empty() {
        return owned;
    }
    for (ext, format) in [(".sdm", Format::Sdm), (".sdk", Format::Sdk), (".ss", Format::Ss)] {
        if lower.ends_with(ext) {
            return vec![format];
        }
    }
    let Some(first) = content.first().copied() else { return Vec::new() };
    if first.starts_with("pzprv3") {
        return vec![Format::Pzprv3];
    }
    if puzzlink_url(first) {
        return vec![Format::Puzzlink];
    }
    let fpuzzles = first.contains("/fpuzzles") || first.contains("=fpuzzles");
    if first.contains("?load=") || fpuzzles || first.starts_with("N4Ig") || first.starts_with('{') {
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
    // Simple Sudoku's rows are three groups of three cells between `|`
    // (`4..|.3.|...`, boxed `|4..|.3.|...|`); other text with a `|` (a
    // nonogram's `rows|columns` line) is not.
    let ss_row = |l: &str| {
        let l: String = l.chars().filter(|c| !c.is_whitespace()).collect();
        let groups: Vec<&str> = l.trim_matches('|').split('|').collect();
        groups.len() == 3 && groups.iter().all(|g| g.chars().count() == 3)
    };
    if content.iter().any(|l| ss_row(l)) {
        return vec![Format::Ss];
    }
    // One grid (as many rows as characters a row, after an optional
    // `[Puzzle]` line and `#` metadata) is an .sdk file; else one puzzle a line.
    let rows: Vec<&str> = content.iter().copied().filter(|l| !l.eq_ignore_ascii_case("[puzzle]")).collect();
    let n = rows.len();
    if first.eq_ignore_ascii_case("[puzzle]") || (n > 1 && rows.iter().all(|l| l.chars().count() == n)) {
        return vec![Format::Sdk];
    }
    vec![Format::Lines]
}

/// Whether a line is a puzz.link (or pzv.jp) URL or its part after `?`:
/// `https://puzz.link/p?slither/5/5/…`, `sudoku/4/4/…` (a puzzle kind in
/// lower-case letters, an optional one-letter variant flag, then the
/// board's size in two numbers).
fn puzzlink_url(line: &str) -> bool {
    let query = line.rsplit_once('?').map_or(line, |(_, q)| q);
    let mut parts = query.split('/').peekable();
    let kind = parts.next().unwrap_or("");
    // A variant flag may come before the size (pzprjs's `slither/f/…`).
    parts.next_if(|p| p.len() == 1 && p.chars().all(|c| c.is_ascii_lowercase()));
    let size = [parts.next(), parts.next()];
    !kind.is_empty()
        && kind.chars().all(|c| c.is_ascii_lowercase())
        && size.iter().all(|p| p.is_some_and(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())))
}

/// Why a file's first bytes say it is no text a format reads (a zip
/// archive, such as HoDoKu's `.hsol` save), if they do.
pub fn not_text(head: &[u8], file_name: &str) -> Option<String> {
    let zipped = head.starts_with(b"PK\x03\x04");
    let hsol = file_name.to_ascii_lowercase().ends_with(".hsol");
    match (zipped, hsol) {
        (_, true) => Some(
            "a .hsol file is HoDoKu's own zipped save, not puzzle text; copy the puzzles out of HoDoKu as text \
             (81 characters a line, or library lines `:<code>:<digits>:<puzzle>:…`) and import that file"
                .to_string(),
        ),
        (true, false) => Some("a zip archive, not a text file: unpack it and import the text inside".to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
