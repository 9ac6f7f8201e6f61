//! Letter pictures of the grid (regions, marks): one text line per row, one
//! character per cell; spaces are ignored so pictures may be spaced out.

use super::LayoutError;
use std::ops::Range;

pub struct Picture {
    /// Row-major characters, `size * size` of them.
    pub cells: Vec<char>,
}

/// Where a multi-line string sits in its file, to turn picture rows into
/// file line numbers.
pub struct SourceSpot<'a> {
    pub text: &'a str,
    pub span: Range<usize>,
}

impl SourceSpot<'_> {
    /// 1-based file line of byte `offset`.
    pub fn line_at(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }

    /// File line of the first picture row: a `"""` string starting with a
    /// newline begins on the next line.
    fn first_row_line(&self) -> usize {
        let start = self.span.start.min(self.text.len());
        let raw = &self.text[start..];
        let skips_newline = (raw.starts_with("\"\"\"") || raw.starts_with("'''")) && raw[3..].starts_with('\n');
        self.line_at(start) + usize::from(skips_newline)
    }
}

pub fn parse_picture(
    what: &str,
    value: &str,
    size: usize,
    spot: &SourceSpot,
    err: &dyn Fn(Option<usize>, String) -> LayoutError,
) -> Result<Picture, LayoutError> {
    let first_line = spot.first_row_line();
    let rows: Vec<(usize, String)> = value
        .lines()
        .enumerate()
        .map(|(i, l)| (first_line + i, l.chars().filter(|c| !c.is_whitespace()).collect::<String>()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if rows.len() != size {
        return Err(err(Some(spot.line_at(spot.span.start)), format!("{what} picture has {} rows, expected {size}", rows.len())));
    }
    let mut cells = Vec::with_capacity(size * size);
    for (r, (line, text)) in rows.iter().enumerate() {
        let n = text.chars().count();
        if n != size {
            return Err(err(Some(*line), format!("{what} picture: row {} has {n} cells, expected {size}", r + 1)));
        }
        cells.extend(text.chars());
    }
    Ok(Picture { cells })
}
