//! The renderer for square grids: classic boxes, jigsaw regions (thick
//! borders wherever two regions meet), diagonals (thin grey lines), even/odd
//! marks (a faded letter in the cell's corner, so the digit space stays free)
//! and a snake path (a faint grey line through the cell centres).

use super::canvas::{Canvas, BLACK, FADED};
use super::fonts::Weight;
use super::{GridContents, GridRenderer};
use crate::book::geometry::Area;
use crate::layout::Layout;

pub struct SquareGrid<'a> {
    pub layout: &'a Layout,
}

/// Grey of filled-in (not given) digits in an answer key.
const FILLED: f32 = 0.45;
const DIAGONAL: f32 = 0.6;
const SNAKE: f32 = 0.8;

impl GridRenderer for SquareGrid<'_> {
    fn aspect(&self) -> f32 {
        1.0
    }

    fn draw(&self, canvas: &mut Canvas, area: Area, contents: &GridContents) {
        let n = self.layout.size;
        let side = area.width.min(area.height);
        let cell = side / n as f32;
        // Centred in the area.
        let left = area.x + (area.width - side) / 2.0;
        let top = area.top() - (area.height - side) / 2.0;
        let corner = |r: usize, c: usize| (left + c as f32 * cell, top - r as f32 * cell);
        let centre = |r: usize, c: usize| (left + (c as f32 + 0.5) * cell, top - (r as f32 + 0.5) * cell);

        self.draw_marks(canvas, cell, &corner);
        if self.layout.diagonals {
            let (x0, y0) = corner(0, 0);
            let (x1, y1) = corner(n, n);
            canvas.line(&[(x0, y0), (x1, y1)], 0.75, DIAGONAL);
            canvas.line(&[(x0, y1), (x1, y0)], 0.75, DIAGONAL);
        }
        if self.layout.snake_path.len() > 1 {
            let points: Vec<(f32, f32)> = self.layout.snake_path.iter().map(|&(r, c)| centre(r, c)).collect();
            canvas.line(&points, (cell * 0.18).max(1.0), SNAKE);
        }
        self.draw_lines(canvas, cell, &corner);

        let size = cell * 0.62;
        for (i, symbol) in contents.symbols.iter().enumerate() {
            if let Some(c) = symbol {
                let (x, y) = centre(i / n, i % n);
                let given = contents.given[i];
                let (weight, level) = if given { (Weight::Bold, BLACK) } else { (Weight::Regular, FILLED) };
                canvas.centred_glyph(&c.to_string(), x, y, size, weight, level);
            }
        }
    }
}

impl SquareGrid<'_> {
    fn draw_marks(&self, canvas: &mut Canvas, cell: f32, corner: &dyn Fn(usize, usize) -> (f32, f32)) {
        let n = self.layout.size;
        let size = (cell * 0.3).max(5.0);
        for (i, mark) in self.layout.marks.iter().enumerate() {
            if let Some(m) = mark {
                let (x, y) = corner(i / n, i % n);
                canvas.text(&m.to_string(), x + cell * 0.08, y - cell * 0.08 - size * 0.75, size, Weight::Regular, FADED, super::canvas::Align::Left);
            }
        }
    }

    /// Thin lines between cells of one region, thick ones between regions
    /// and around the grid, drawn as maximal straight runs.
    fn draw_lines(&self, canvas: &mut Canvas, cell: f32, corner: &dyn Fn(usize, usize) -> (f32, f32)) {
        let n = self.layout.size;
        let region = |r: usize, c: usize| self.layout.regions[r * n + c];
        let thin = (cell * 0.025).max(0.75);
        let thick = (cell * 0.08).max(2.0);
        // Horizontal edge k (0..=n) at column c: thick on the border or between regions.
        let h_thick = |k: usize, c: usize| k == 0 || k == n || region(k - 1, c) != region(k, c);
        let v_thick = |k: usize, r: usize| k == 0 || k == n || region(r, k - 1) != region(r, k);
        for pass_thick in [false, true] {
            let width = if pass_thick { thick } else { thin };
            for k in 0..=n {
                for (from, to) in runs(n, |c| h_thick(k, c) == pass_thick) {
                    let (a, b) = (corner(k, from), corner(k, to));
                    canvas.line(&[a, (b.0, a.1)], width, BLACK);
                }
                for (from, to) in runs(n, |r| v_thick(k, r) == pass_thick) {
                    let (a, b) = (corner(from, k), corner(to, k));
                    canvas.line(&[a, (a.0, b.1)], width, BLACK);
                }
            }
        }
    }
}

/// Maximal runs `[from, to)` of indices `0..n` where `keep` holds.
fn runs(n: usize, keep: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for i in 0..=n {
        match (i < n && keep(i), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_are_maximal() {
        assert_eq!(super::runs(6, |i| i != 2 && i != 3), vec![(0, 2), (4, 6)]);
        assert_eq!(super::runs(3, |_| false), vec![]);
    }
}
