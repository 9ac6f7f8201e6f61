//! The renderer for Tridoku: an equilateral triangle of small triangles,
//! thick lines around the nine nonets, the outer edges' cells darker grey
//! and the inner triangle's legs light grey.

use super::canvas::{BLACK, LIGHT_FILL, Surface, WHITE, highlight_over};
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
    }
}
