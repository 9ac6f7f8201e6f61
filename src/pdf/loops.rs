//! The renderer for Slitherlink: a lattice of dots, clue numbers centred in
//! their cells and, in an answer, the loop as a thick line.

use super::canvas::{BLACK, HIGHLIGHT, Surface};
use super::fonts::Weight;
use super::{GridContents, GridRenderer};
use crate::page::Area;
use crate::slither;

pub struct LoopGrid {
    pub rows: usize,
    pub cols: usize,
}

/// Grey of the clues under an answer's loop.
const UNDER_LOOP: f32 = 0.4;

/// Room kept above the board, in cells: a board has no frame, and its top
/// row of dots and clues would crowd the "Puzzle N" label over it.
const HEADROOM: f32 = 0.5;

impl LoopGrid {
    /// The cell side in `area`, the headroom above the board kept.
    fn cell(&self, area: Area) -> f32 {
        (area.width / self.cols as f32).min(area.height / (self.rows as f32 + HEADROOM))
    }
}

impl GridRenderer for LoopGrid {
    fn aspect(&self) -> f32 {
        self.cols as f32 / self.rows as f32
    }

    fn digit_size(&self, area: Area) -> f32 {
        self.cell(area) * super::DIGIT_SHARE
    }

    fn draw(&self, canvas: &mut dyn Surface, area: Area, contents: &GridContents) {
        let cell = self.cell(area);
        let left = area.x + (area.width - cell * self.cols as f32) / 2.0;
        // At least `HEADROOM` cells between the area's top (the label above
        // it) and the top row of dots, which has no line to set it off.
        let extra = area.height - cell * self.rows as f32;
        let top = area.top() - (extra / 2.0).max(extra.min(HEADROOM * cell));
        let point = |r: usize, c: usize| (left + c as f32 * cell, top - r as f32 * cell);

        let answer = contents.solution.as_deref().and_then(|text| {
            let grid = slither::Grid::new(self.rows, self.cols);
            slither::decode_edges(&grid, text).ok().map(|edges| (grid, edges))
        });
        // Highlighted cells, under the loop and the dots.
        for (i, _) in contents.highlight.iter().enumerate().filter(|(i, on)| **on && *i < self.rows * self.cols) {
            let (x, y) = point(i / self.cols + 1, i % self.cols);
            canvas.fill_rect(x, y, cell, cell, HIGHLIGHT);
        }
        if let Some((grid, edges)) = &answer {
            let width = (cell * 0.09).max(1.2);
            let corner = |p: usize| point(p / (self.cols + 1), p % (self.cols + 1));
            for e in edges.iter() {
                let [a, b] = grid.edge_points(e);
                canvas.line(&[corner(a), corner(b)], width, BLACK);
            }
        }
        let dot = (cell * 0.1).max(1.5);
        for r in 0..=self.rows {
            for c in 0..=self.cols {
                let (x, y) = point(r, c);
                canvas.fill_rect(x - dot / 2.0, y - dot / 2.0, dot, dot, BLACK);
            }
        }
        let size = cell * super::DIGIT_SHARE;
        // Clues fade under a whole loop (an answer); a few lines drawn (a
        // worked example's step) leave them black.
        let level = if answer.as_ref().is_some_and(|(grid, edges)| slither::is_single_loop(grid, edges)) { UNDER_LOOP } else { BLACK };
        for (i, clue) in contents.clues.iter().enumerate() {
            if let Some(c) = clue {
                let (x, y) = point(i / self.cols, i % self.cols);
                canvas.centred_glyph(&c.to_string(), x + cell / 2.0, y - cell / 2.0, size, Weight::Regular, level);
            }
        }
    }
}
