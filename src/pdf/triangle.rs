//! The renderer for Tridoku: an equilateral triangle of small triangles,
//! thick lines around the nine nonets, the outer edges' cells darker grey
//! and the inner triangle's legs light grey.

use super::canvas::{BLACK, LIGHT_FILL, Surface, WHITE, highlight_over, struck_over};
use super::fonts::Weight;
use super::{GridContents, GridRenderer};
use crate::layout::CellLayout;
use crate::page::Area;

pub struct TriangleGrid<'a> {
    pub layout: &'a CellLayout,
    pub side: usize,
}

const FILLED: f32 = 0.45;
/// Grey of the outer edges' cells (the inner legs use the light fill).
const EDGE_FILL: f32 = 0.78;
const HEIGHT: f32 = 0.866_025_4; // √3 / 2

impl TriangleGrid<'_> {
    fn corners(&self, cell: usize) -> [(usize, usize); 3] {
        self.layout.geometry.triangle_corners(cell)
    }

    fn in_house(&self, cell: usize, prefix: &str) -> bool {
        self.layout.model.houses.iter().any(|h| h.name.contains(prefix) && h.cells.contains(&cell))
    }
}

/// A digit's size as a share of a small triangle's edge.
const DIGIT_EDGE_SHARE: f32 = 0.36;

impl GridRenderer for TriangleGrid<'_> {
    fn aspect(&self) -> f32 {
        1.0 / HEIGHT
    }

    fn digit_size(&self, area: Area) -> f32 {
        let n = self.side as f32;
        (area.width / n).min(area.height / (n * HEIGHT)) * DIGIT_EDGE_SHARE
    }

    fn draw(&self, canvas: &mut dyn Surface, area: Area, contents: &GridContents) {
        let n = self.side as f32;
        let edge = (area.width / n).min(area.height / (n * HEIGHT));
        let (apex_x, top) = (area.x + area.width / 2.0, area.top() - (area.height - edge * n * HEIGHT) / 2.0);
        let point = |(y, x): (usize, usize)| (apex_x + (x as f32 - y as f32 / 2.0) * edge, top - y as f32 * edge * HEIGHT);
        let cells = self.layout.model.cell_count();

        let shade = |cell: usize| {
            if self.in_house(cell, "edge") {
                Some(EDGE_FILL)
            } else if self.in_house(cell, "inner") {
                Some(LIGHT_FILL)
            } else {
                None
            }
        };
        for cell in 0..cells {
            if let Some(level) = shade(cell) {
                canvas.fill_polygon(&self.corners(cell).map(point), level);
            }
        }
        // Highlighted cells (the studio's solving path), darker than the
        // grey they stand on.
        for (cell, _) in contents.highlight.iter().enumerate().filter(|(cell, on)| **on && *cell < cells) {
            canvas.fill_polygon(&self.corners(cell).map(point), highlight_over(shade(cell).unwrap_or(WHITE)));
        }
        // Cells that lose a pencilled candidate, lighter.
        for cell in contents.losing_cells().filter(|&c| c < cells) {
            canvas.fill_polygon(&self.corners(cell).map(point), struck_over(shade(cell).unwrap_or(WHITE)));
        }
        let thin = (edge * 0.02).max(0.75);
        let thick = (edge * 0.07).max(1.8);
        // Every side once: thick on the outline and between nonets.
        for a in 0..cells {
            let [p, q, r] = self.corners(a);
            for side in [[p, q], [q, r], [p, r]] {
                let neighbour = (0..cells).find(|&b| b != a && side.iter().all(|v| self.corners(b).contains(v)));
                if neighbour.is_some_and(|b| b < a) {
                    continue;
                }
                let boundary = neighbour.is_none_or(|b| self.layout.regions[b] != self.layout.regions[a]);
                canvas.line(&[point(side[0]), point(side[1])], if boundary { thick } else { thin }, BLACK);
            }
        }
        let size = edge * DIGIT_EDGE_SHARE;
        for (cell, symbol) in contents.symbols.iter().enumerate() {
            let Some(c) = symbol else { continue };
            let pts = self.corners(cell).map(point);
            let (x, y) = ((pts[0].0 + pts[1].0 + pts[2].0) / 3.0, (pts[0].1 + pts[1].1 + pts[2].1) / 3.0);
            let (weight, level) = if contents.given[cell] { (Weight::Bold, BLACK) } else { (Weight::Regular, FILLED) };
            canvas.centred_glyph(&c.to_string(), x, y, size, weight, level);
        }
        if !contents.pencil.is_empty() {
            let fpoint = |(y, x): (f32, f32)| (apex_x + (x - y / 2.0) * edge, top - y * edge * HEIGHT);
            self.draw_pencil(canvas, edge, &fpoint, contents);
        }
    }
}

/// A pencil mark's size as a share of the small triangle it stands in.
const PENCIL_EDGE_SHARE: f32 = 0.5;

impl TriangleGrid<'_> {
    /// Each cell's pencilled candidates: the cell cut into m × m small
    /// triangles (m the least whose square holds the alphabet: 9 for nine
    /// symbols), a candidate at the middle of each, row by row from the
    /// top, left to right.
    fn draw_pencil(&self, canvas: &mut dyn Surface, edge: f32, point: &dyn Fn((f32, f32)) -> (f32, f32), contents: &GridContents) {
        let alphabet = &self.layout.alphabet;
        let n = alphabet.len().max(1);
        let m = (1..=n).find(|m| m * m >= n).unwrap_or(n);
        let width_em = super::widest_label(canvas.fonts(), self.layout, |c| c.to_string());
        let size = edge / m as f32 * PENCIL_EDGE_SHARE * (super::DIGIT_WIDTH_EM / width_em).min(1.0);
        let cells = self.layout.model.cell_count();
        for (cell, marks) in contents.pencil.iter().enumerate().filter(|(c, _)| *c < cells) {
            let slots = sub_centres(self.corners(cell), m);
            let slot = |k: usize| point(slots.get(k).copied().unwrap_or(slots[0]));
            super::draw_pencil(canvas, marks, |c| alphabet.symbol_of(c).map(usize::from), slot, size, |c| c.to_string());
        }
    }
}

/// The middles of the m × m small triangles of the triangle with lattice
/// corners `corners` (row, column), in reading order, as (row, column)
/// lattice coordinates.
fn sub_centres(corners: [(usize, usize); 3], m: usize) -> Vec<(f32, f32)> {
    let f = |(y, x): (usize, usize)| (y as f32, x as f32);
    let c = corners.map(f);
    // The apex: the corner whose row the other two do not share.
    let apex = (0..3).find(|&i| c[(i + 1) % 3].0 == c[(i + 2) % 3].0 && c[i].0 != c[(i + 1) % 3].0).unwrap_or(0);
    let a = c[apex];
    let (mut b, mut d) = (c[(apex + 1) % 3], c[(apex + 2) % 3]);
    if b.1 > d.1 {
        std::mem::swap(&mut b, &mut d);
    }
    let up = a.0 < b.0; // rows grow downwards: the apex on top
    let mf = m as f32;
    // Lattice point (i, j) of the cut: i steps from the apex towards the base, j along it.
    let p = |i: usize, j: usize| {
        let (i, j) = (i as f32 / mf, j as f32 / mf);
        (a.0 + (b.0 - a.0) * i + (d.0 - b.0) * j, a.1 + (b.1 - a.1) * i + (d.1 - b.1) * j)
    };
    let middle = |t: [(f32, f32); 3]| ((t[0].0 + t[1].0 + t[2].0) / 3.0, (t[0].1 + t[1].1 + t[2].1) / 3.0);
    let mut rows: Vec<Vec<(f32, f32)>> = (0..m)
        .map(|i| {
            let mut row: Vec<(f32, f32)> = (0..=i).map(|j| middle([p(i, j), p(i + 1, j), p(i + 1, j + 1)])).collect();
            row.extend((0..i).map(|j| middle([p(i, j), p(i, j + 1), p(i + 1, j + 1)])));
            // Left to right on the page (a lattice row leans: x - y/2).
            row.sort_by(|u, v| (u.1 - u.0 / 2.0).total_cmp(&(v.1 - v.0 / 2.0)));
            row
        })
        .collect();
    if !up {
        rows.reverse();
    }
    rows.concat()
}
