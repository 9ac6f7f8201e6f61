//! The renderer for nonograms: the grid with a thicker guide line every
//! five cells, the row clues in a gutter to its left and the column clues
//! in a gutter above it, each gutter as deep as the puzzle's longest clue;
//! in an answer, the picture's cells filled in black.
//!
//! The clues come as the family's clue text in [`GridContents::clues`]
//! (one character each: rows, `|`, columns; lines parted by `/`, runs by
//! `.`); the answer as its picture text in `solution` (`#` shaded, `.`
//! empty; a worked example's partial picture marks unknown cells `?`).

use super::canvas::{BLACK, HIGHLIGHT, QUIET, Surface};
use super::fonts::Weight;
use super::{GridContents, GridRenderer};
use crate::page::Area;

pub struct NonogramGrid {
    pub width: usize,
    pub height: usize,
    /// The gutters (across, down) fitted to the puzzles to draw: a book's
    /// deepest clues, so its pages are sized for its own puzzles.
    pub fitted: Option<(usize, usize)>,
}

/// Guide lines run every this many cells.
pub const GUIDE: usize = 5;
/// Clue numbers are this share of a cell's side (two digits fit across).
pub const CLUE_SHARE: f32 = 0.55;
/// Grey of the grid lines running through the gutters.
const GUTTER_LINE: f32 = 0.7;
/// Grey of the clues over an answer's picture.
const ANSWER_CLUES: f32 = 0.45;

/// The most numbers a clue of a line of `cells` cells can hold: what the
/// gutters leave room for before a puzzle's own clues are known.
pub fn most_runs(cells: usize) -> usize {
    cells.div_ceil(2).max(1)
}

/// A board's clue lines: each a list of runs.
type Clues = Vec<Vec<usize>>;

/// The clue lines of a clue text: (rows, columns), each a list of runs.
pub fn read_clues(text: &str) -> Option<(Clues, Clues)> {
    let (rows, cols) = text.split_once('|')?;
    let lines = |part: &str| -> Option<Vec<Vec<usize>>> {
        part.split('/').map(|line| if line == "0" { Some(Vec::new()) } else { line.split('.').map(|n| n.parse().ok()).collect() }).collect()
    };
    Some((lines(rows)?, lines(cols)?))
}

impl NonogramGrid {
    /// Gutters (numbers across the row gutter, numbers down the column
    /// gutter): fitted to the puzzles to draw, else for the longest
    /// possible clues.
    pub fn room(&self) -> (usize, usize) {
        self.fitted.unwrap_or((most_runs(self.width), most_runs(self.height)))
    }

    fn cell(&self, area: Area, room: (usize, usize)) -> f32 {
        (area.width / (self.width + room.0) as f32).min(area.height / (self.height + room.1) as f32)
    }
}

impl GridRenderer for NonogramGrid {
    fn aspect(&self) -> f32 {
        let (across, down) = self.room();
        (self.width + across) as f32 / (self.height + down) as f32
    }

    /// The clue numbers are the smallest text: their size with the
    /// gutters of `room` (a drawn puzzle's own clues are no longer).
    fn digit_size(&self, area: Area) -> f32 {
        self.cell(area, self.room()) * CLUE_SHARE
    }

    fn draw(&self, canvas: &mut dyn Surface, area: Area, contents: &GridContents) {
        let (w, h) = (self.width, self.height);
        let text: String = contents.clues.iter().flatten().collect();
        let (rows, cols) = read_clues(&text).unwrap_or_else(|| (vec![Vec::new(); h], vec![Vec::new(); w]));
        // Gutters as deep as the longest clue (at least one number), or as
        // the book's deepest where fitted to a book: its pages look alike.
        let (fit_across, fit_down) = self.fitted.unwrap_or((1, 1));
        let across = rows.iter().map(Vec::len).max().unwrap_or(0).max(fit_across);
        let down = cols.iter().map(Vec::len).max().unwrap_or(0).max(fit_down);
        let cell = self.cell(area, (across, down));
        let total_w = cell * (w + across) as f32;
        let total_h = cell * (h + down) as f32;
        let left = area.x + (area.width - total_w) / 2.0 + across as f32 * cell;
        let top = area.top() - (area.height - total_h) / 2.0 - down as f32 * cell;
        let gutter_left = left - across as f32 * cell;
        let gutter_top = top + down as f32 * cell;

        // Highlighted cells (a worked example's line), under everything.
        for (i, _) in contents.highlight.iter().enumerate().filter(|(i, on)| **on && *i < w * h) {
            let (r, c) = (i / w, i % w);
            canvas.fill_rect(left + c as f32 * cell, top - (r + 1) as f32 * cell, cell, cell, HIGHLIGHT);
        }
        // The picture: black in an answer, grey where a step shades it.
        let answer = contents.solution.as_deref().unwrap_or("");
        let partial = answer.contains('?');
        for (i, ch) in answer.chars().enumerate().filter(|&(i, ch)| ch == '#' && i < w * h) {
            let _ = ch;
            let (r, c) = (i / w, i % w);
            canvas.fill_rect(left + c as f32 * cell, top - (r + 1) as f32 * cell, cell, cell, if partial { QUIET } else { BLACK });
        }

        // Any other symbol a cell holds (none on a book's page) prints as a digit.
        for (i, sym) in contents.symbols.iter().enumerate().take(w * h) {
            if let Some(sym) = sym.filter(|&s| s != '#') {
                let (r, c) = (i / w, i % w);
                let (cx, cy) = (left + (c as f32 + 0.5) * cell, top - (r as f32 + 0.5) * cell);
                canvas.centred_glyph(&sym.to_string(), cx, cy, cell * super::DIGIT_SHARE, Weight::Bold, BLACK);
            }
        }

        // Grid lines: thin, a guide line every five cells, thick at the edges;
        // faint through the gutters, so a reader's eye follows a clue to its line.
        let thin = (cell * 0.04).clamp(super::MIN_LINE, 1.0);
        let guide = (cell * 0.09).max(1.5);
        let width_of = |k: usize, n: usize| {
            if k == 0 || k == n {
                guide * 1.3
            } else if k.is_multiple_of(GUIDE) {
                guide
            } else {
                thin
            }
        };
        let bottom = top - h as f32 * cell;
        let right = left + w as f32 * cell;
        for c in 0..=w {
            let x = left + c as f32 * cell;
            canvas.line(&[(x, top), (x, gutter_top)], thin, GUTTER_LINE);
        }
        for r in 0..=h {
            let y = top - r as f32 * cell;
            canvas.line(&[(gutter_left, y), (left, y)], thin, GUTTER_LINE);
        }
        for c in 0..=w {
            let x = left + c as f32 * cell;
            canvas.line(&[(x, top), (x, bottom)], width_of(c, w), BLACK);
        }
        for r in 0..=h {
            let y = top - r as f32 * cell;
            canvas.line(&[(left, y), (right, y)], width_of(r, h), BLACK);
        }

        // Clues: a row's numbers end at the grid, a column's sit on it.
        let size = cell * CLUE_SHARE;
        let level = if contents.solution.is_some() && !partial { ANSWER_CLUES } else { BLACK };
        for (r, clue) in rows.iter().enumerate().take(h) {
            let shown: Vec<usize> = if clue.is_empty() { vec![0] } else { clue.clone() };
            let n = shown.len();
            for (k, run) in shown.iter().enumerate() {
                let cx = left - (n - k) as f32 * cell + cell / 2.0;
                let cy = top - r as f32 * cell - cell / 2.0;
                canvas.centred_glyph(&run.to_string(), cx, cy, size, Weight::Regular, level);
            }
        }
        for (c, clue) in cols.iter().enumerate().take(w) {
            let shown: Vec<usize> = if clue.is_empty() { vec![0] } else { clue.clone() };
            let n = shown.len();
            for (k, run) in shown.iter().enumerate() {
                let cx = left + c as f32 * cell + cell / 2.0;
                let cy = top + (n - k) as f32 * cell - cell / 2.0;
                canvas.centred_glyph(&run.to_string(), cx, cy, size, Weight::Regular, level);
            }
        }
    }
}
