//! Nonogram (picture logic) engine: the model, its text format, an exact
//! line solver with propagation, probing and search ([`solve`]), an
//! independent brute-force checker ([`check`]) and a seeded generator
//! ([`generate`]). Std only; the module does not print. Not yet wired into
//! `family/`. The text format is documented in `docs/nonogram.md`.

pub mod check;
pub mod formats;
pub mod generate;
pub mod line;
pub mod picture;
pub mod solve;

use std::fmt;

/// Largest width or height accepted (1..=99 each way).
pub const MAX_SIDE: usize = 99;

/// A cell's state while solving: unknown, known empty, known filled.
pub const UNKNOWN: u8 = 0;
/// Known empty (white).
pub const EMPTY: u8 = 1;
/// Known filled (black).
pub const FILLED: u8 = 2;

/// A black-and-white nonogram: its size and the run lengths of every row
/// (top to bottom) and column (left to right). An empty clue (`vec![]`)
/// means the line has no filled cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub width: usize,
    pub height: usize,
    pub rows: Vec<Vec<usize>>,
    pub cols: Vec<Vec<usize>>,
}

/// An error in a nonogram file: 1-based line and column, and what was wrong
/// or expected. Line 0 means the file as a whole (e.g. a missing section).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError { line, column, message: message.into() }
}

/// Minimum cells a clue needs: the runs plus one gap between each two.
pub fn clue_span(clue: &[usize]) -> usize {
    clue.iter().sum::<usize>() + clue.len().saturating_sub(1)
}

impl Puzzle {
    /// The puzzle whose answer is `picture` (row-major, `true` = filled).
    pub fn from_picture(width: usize, height: usize, picture: &[bool]) -> Puzzle {
        let runs = |cells: &mut dyn Iterator<Item = bool>| {
            let mut out = Vec::new();
            let mut run = 0;
            for c in cells {
                if c {
                    run += 1;
                } else if run > 0 {
                    out.push(run);
                    run = 0;
                }
            }
            if run > 0 {
                out.push(run);
            }
            out
        };
        let rows = (0..height).map(|r| runs(&mut (0..width).map(|c| picture[r * width + c]))).collect();
        let cols = (0..width).map(|c| runs(&mut (0..height).map(|r| picture[r * width + c]))).collect();
        Puzzle { width, height, rows, cols }
    }

    /// Checks sizes, that each clue fits its line, and that rows and columns
    /// fill the same number of cells. Errors name the line (`row 3`, `column 2`).
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_SIDE).contains(&self.width) || !(1..=MAX_SIDE).contains(&self.height) {
            return Err(format!("size {}x{} is outside 1x1..{MAX_SIDE}x{MAX_SIDE}", self.width, self.height));
        }
        if self.rows.len() != self.height || self.cols.len() != self.width {
            return Err(format!(
                "{} row clues and {} column clues for a {}x{} grid",
                self.rows.len(),
                self.cols.len(),
                self.width,
                self.height
            ));
        }
        for (kind, clues, len) in [("row", &self.rows, self.width), ("column", &self.cols, self.height)] {
            for (i, clue) in clues.iter().enumerate() {
                if clue.contains(&0) {
                    return Err(format!("{kind} {}: a run of 0 (write an empty line's clue as 0 alone)", i + 1));
                }
                if clue_span(clue) > len {
                    return Err(format!("{kind} {}: clue needs {} cells, the line has {len}", i + 1, clue_span(clue)));
                }
            }
        }
        let r: usize = self.rows.iter().flatten().sum();
        let c: usize = self.cols.iter().flatten().sum();
        if r != c {
            return Err(format!("rows fill {r} cells but columns fill {c}"));
        }
        Ok(())
    }

    /// Writes the text format of `docs/nonogram.md`; [`parse`] reads it back.
    pub fn to_text(&self) -> String {
        let line = |clue: &Vec<usize>| {
            if clue.is_empty() { "0".to_string() } else { clue.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ") }
        };
        let mut s = format!("size {}x{}\nrows\n", self.width, self.height);
        for c in &self.rows {
            s += &line(c);
            s.push('\n');
        }
        s += "columns\n";
        for c in &self.cols {
            s += &line(c);
            s.push('\n');
        }
        s
    }
}

/// Reads the text format (see `docs/nonogram.md`): `size WxH`, then `rows`
/// with H clue lines, then `columns` with W clue lines. `#` lines and blank
/// lines are skipped. Never panics; errors name line and column.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let last = text.lines().count().max(1);
    let (ln, first) = lines.next().ok_or_else(|| err(last, 1, "expected `size WxH`, found end of file"))?;
    let col0 = |l: &str| l.len() - l.trim_start().len() + 1;
    let rest = first.trim().strip_prefix("size ").ok_or_else(|| err(ln, col0(first), "expected `size WxH` (e.g. `size 10x10`)"))?;
    let (w, h) = rest.trim().split_once('x').ok_or_else(|| err(ln, col0(first) + 5, "expected `WxH` after `size`"))?;
    let side = |s: &str| match s.parse::<usize>() {
        Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
        _ => Err(err(ln, col0(first) + 5, format!("size `{s}` is not a number 1..={MAX_SIDE}"))),
    };
    let (width, height) = (side(w)?, side(h)?);
    let mut section = |name: &str, count: usize, len: usize| -> Result<Vec<Vec<usize>>, ParseError> {
        let (ln, l) = lines.next().ok_or_else(|| err(last, 1, format!("expected `{name}`, found end of file")))?;
        if l.trim() != name {
            return Err(err(ln, col0(l), format!("expected `{name}`, found `{}`", l.trim())));
        }
        let mut out = Vec::new();
        for i in 0..count {
            let what = if name == "rows" { "row" } else { "column" };
            let (ln, l) =
                lines.next().ok_or_else(|| err(last, 1, format!("expected the clue of {what} {} of {count}, found end of file", i + 1)))?;
            out.push(parse_clue(ln, l, len, what, i + 1)?);
        }
        Ok(out)
    };
    let rows = section("rows", height, width)?;
    let cols = section("columns", width, height)?;
    if let Some((ln, l)) = lines.next() {
        return Err(err(ln, col0(l), "unexpected text after the last column clue"));
    }
    let p = Puzzle { width, height, rows, cols };
    p.validate().map_err(|m| err(0, 0, m))?;
    Ok(p)
}

/// One clue line: whitespace-separated positive numbers, or `0` alone.
fn parse_clue(ln: usize, l: &str, len: usize, what: &str, index: usize) -> Result<Vec<usize>, ParseError> {
    let mut out = Vec::new();
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, ch) in l.char_indices().chain(std::iter::once((l.len(), ' '))) {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                tokens.push((s, &l[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    for &(s, t) in &tokens {
        let col = l[..s].chars().count() + 1;
        match t.parse::<usize>() {
            Ok(0) if tokens.len() == 1 => return Ok(vec![]),
            Ok(0) => return Err(err(ln, col, format!("{what} {index}: 0 must stand alone (an empty line)"))),
            Ok(n) if n <= MAX_SIDE => out.push(n),
            _ => return Err(err(ln, col, format!("{what} {index}: expected a run length 1..={MAX_SIDE}, found `{t}`"))),
        }
    }
    if clue_span(&out) > len {
        return Err(err(ln, 1, format!("{what} {index}: clue needs {} cells, the line has {len}", clue_span(&out))));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_errors() {
        let p = Puzzle::from_picture(3, 2, &[true, false, true, false, false, false]);
        assert_eq!(p.rows, vec![vec![1, 1], vec![]]);
        let t = p.to_text();
        assert_eq!(parse(&t).unwrap(), p);
        assert_eq!(parse("# c\n\nsize 3x2\nrows\n1 1\n0\ncolumns\n1\n0\n1\n").unwrap(), p);
        let e = parse("size 3x2\nrows\n1 x\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        let e = parse("size 3x2\nrows\n4\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse("size 3x2\nrows\n1 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        assert!(parse("size 100x2\n").is_err());
        assert!(parse("").is_err());
        assert!(parse("size 3x2\nrows\n1 1\n0\ncolumns\n1\n0\n").is_err());
        let e = parse("size 3x2\nrows\n1 1\n0\ncolumns\n1\n1\n1\n").unwrap_err();
        assert!(e.message.contains("rows fill"), "{e}");
        assert!(parse("size 3x2\nrows\n1 1\n0\ncolumns\n1\n0\n1\nextra\n").is_err());
    }
}
