//! The renderer for the Sudoku Pie: a real circle of rings and sectors, a
//! hub in the middle, slices (the sector pairs that are houses) alternately
//! shaded and outlined with thick lines, digits printed as numbers 1–12.

use super::canvas::{BLACK, HIGHLIGHT, LIGHT_FILL, Surface, WHITE, struck_over};
use super::fonts::Weight;
use super::{GridContents, GridRenderer};
use crate::layout::{CellLayout, Geometry};
use crate::page::Area;
use std::f32::consts::PI;

pub struct PieGrid<'a> {
    pub layout: &'a CellLayout,
}

const FILLED: f32 = 0.45;
/// The hub's radius as a share of the outer radius: inner cells stay wide
/// enough for a two-digit number.
const HUB: f32 = 0.26;
/// The largest pencil mark, as a share of the pie's digit size.
const PENCIL_DIGIT_SHARE: f32 = 0.5;
/// Straight segments per sector when drawing arcs.
const ARC_STEPS: usize = 12;

struct Circle {
    cx: f32,
    cy: f32,
    outer: f32,
    sectors: usize,
    rings: usize,
}

impl Circle {
    /// Digits are sized for the narrowest cell: the inner ring's arc or the ring width.
    fn digit_size(&self) -> f32 {
        let ring_width = self.radius(1.0) - self.radius(0.0);
        let inner_arc = self.radius(0.5) * 2.0 * PI / self.sectors as f32;
        ring_width.min(inner_arc) * 0.5
    }

    fn radius(&self, ring_edge: f32) -> f32 {
        self.outer * (HUB + (1.0 - HUB) * ring_edge / self.rings as f32)
    }
    /// Sector 0 starts at twelve o'clock; sectors run clockwise.
    fn angle(&self, sector_edge: f32) -> f32 {
        PI / 2.0 - 2.0 * PI * sector_edge / self.sectors as f32
    }
    fn point(&self, ring_edge: f32, sector_edge: f32) -> (f32, f32) {
        let (r, a) = (self.radius(ring_edge), self.angle(sector_edge));
        (self.cx + r * a.cos(), self.cy + r * a.sin())
    }
    /// Points along ring edge `ring_edge` from sector edge `from` to `to`.
    fn arc(&self, ring_edge: f32, from: f32, to: f32) -> Vec<(f32, f32)> {
        let steps = ((to - from) * ARC_STEPS as f32).ceil().max(1.0) as usize;
        (0..=steps).map(|i| self.point(ring_edge, from + (to - from) * i as f32 / steps as f32)).collect()
    }
}

impl PieGrid<'_> {
    fn circle(area: Area, sectors: usize, rings: usize) -> Circle {
        let side = area.width.min(area.height);
        Circle { cx: area.x + area.width / 2.0, cy: area.y + area.height / 2.0, outer: side / 2.0 * 0.98, sectors, rings }
    }
}

impl GridRenderer for PieGrid<'_> {
    fn aspect(&self) -> f32 {
        1.0
    }

    fn digit_size(&self, area: Area) -> f32 {
        let Geometry::Pie { sectors, rings, .. } = &self.layout.geometry else { return 0.0 };
        Self::circle(area, *sectors, *rings).digit_size()
    }

    fn draw(&self, canvas: &mut dyn Surface, area: Area, contents: &GridContents) {
        let Geometry::Pie { sectors, rings, slice_of_sector } = &self.layout.geometry else { return };
        let (sectors, rings) = (*sectors, *rings);
        let side = area.width.min(area.height);
        let circle = Self::circle(area, sectors, rings);
        let ring_count = rings as f32;

        for s in (0..sectors).filter(|&s| slice_of_sector[s] % 2 == 1) {
            let mut wedge = circle.arc(ring_count, s as f32, s as f32 + 1.0);
            wedge.extend(circle.arc(0.0, s as f32, s as f32 + 1.0).into_iter().rev());
            canvas.fill_polygon(&wedge, LIGHT_FILL);
        }
        let cell_outline = |cell: usize| {
            let (s, k) = ((cell / rings) as f32, (cell % rings) as f32);
            let mut wedge = circle.arc(k + 1.0, s, s + 1.0);
            wedge.extend(circle.arc(k, s, s + 1.0).into_iter().rev());
            wedge
        };
        // Highlighted cells (the studio's solving path), over the slices' shading.
        for (cell, _) in contents.highlight.iter().enumerate().filter(|(_, on)| **on) {
            canvas.fill_polygon(&cell_outline(cell), HIGHLIGHT);
        }
        // Cells that lose a pencilled candidate, lighter.
        for cell in contents.losing_cells().filter(|&c| c < sectors * rings) {
            let under = if slice_of_sector[cell / rings] % 2 == 1 { LIGHT_FILL } else { WHITE };
            canvas.fill_polygon(&cell_outline(cell), struck_over(under));
        }
        let thin = (side * 0.0015).max(0.75);
        let thick = (side * 0.006).max(1.8);
        for k in 1..rings {
            canvas.line(&circle.arc(k as f32, 0.0, sectors as f32), thin, BLACK);
        }
        for s in 0..sectors {
            let between_slices = slice_of_sector[s] != slice_of_sector[(s + sectors - 1) % sectors];
            let from = circle.point(0.0, s as f32);
            let to = circle.point(ring_count, s as f32);
            canvas.line(&[from, to], if between_slices { thick } else { thin }, BLACK);
        }
        canvas.line(&circle.arc(0.0, 0.0, sectors as f32), thick, BLACK);
        canvas.line(&circle.arc(ring_count, 0.0, sectors as f32), thick, BLACK);

        let size = circle.digit_size();
        for (cell, symbol) in contents.symbols.iter().enumerate() {
            let Some(c) = symbol else { continue };
            let (s, k) = (cell / rings, cell % rings);
            let (x, y) = circle.point(k as f32 + 0.5, s as f32 + 0.5);
            let label = self.label(*c);
            let (weight, level) = if contents.given[cell] { (Weight::Bold, BLACK) } else { (Weight::Regular, FILLED) };
            canvas.centred_glyph(&label, x, y, size, weight, level);
        }
        self.draw_pencil(canvas, &circle, contents);
    }
}

impl PieGrid<'_> {
    /// A symbol as the pie prints it: its value (1–12).
    fn label(&self, c: char) -> String {
        let alphabet = &self.layout.alphabet;
        alphabet.symbol_of(c).map_or(c.to_string(), |sym| self.layout.geometry.symbol_name(alphabet, sym))
    }

    /// Each cell's pencilled candidates in rows along its ring (the first
    /// row on the outer side, each row clockwise), packed in the
    /// alphabet's order: twelve fixed places would leave the inner ring's
    /// marks too small to read, so each ring is laid out for the most
    /// candidates one of its cells has, as many a row as give the largest
    /// type (larger in the outer rings, up to half a digit's size).
    fn draw_pencil(&self, canvas: &mut dyn Surface, circle: &Circle, contents: &GridContents) {
        if contents.pencil.is_empty() {
            return;
        }
        let cells = circle.sectors * circle.rings;
        let width_em = super::widest_label(canvas.fonts(), self.layout, |c| self.label(c));
        let ring_width = circle.radius(1.0) - circle.radius(0.0);
        // Per ring: its cells' box (the arc through its middle, its width)
        // and the grid of its fullest cell.
        let grids: Vec<(usize, usize, f32)> = (0..circle.rings)
            .map(|k| {
                let most = (0..circle.sectors).filter_map(|s| contents.pencil.get(s * circle.rings + k)).map(Vec::len).max().unwrap_or(0);
                let arc = circle.radius(k as f32 + 0.5) * 2.0 * PI / circle.sectors as f32;
                let (cols, rows, size) = super::pencil_grid(most, arc, ring_width, width_em);
                // Never near a digit's size: a mark must not pass for a placed symbol.
                (cols, rows, size.min(circle.digit_size() * PENCIL_DIGIT_SHARE))
            })
            .collect();
        for (cell, marks) in contents.pencil.iter().enumerate().filter(|(c, _)| *c < cells) {
            let (s, k) = (cell / circle.rings, cell % circle.rings);
            let (cols, rows, size) = grids[k];
            let slot = |j: usize| {
                let ring_edge = k as f32 + 1.0 - ((j / cols) as f32 + 0.5) / rows as f32;
                let sector_edge = s as f32 + ((j % cols) as f32 + 0.5) / cols as f32;
                circle.point(ring_edge, sector_edge)
            };
            let place = |m: char| marks.iter().position(|p| p.symbol == m);
            super::draw_pencil(canvas, marks, place, slot, size, |c| self.label(c));
        }
    }
}
