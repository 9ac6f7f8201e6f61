//! The renderer for square cells on a canvas: one grid or several
//! overlapping ones (the gaps between them stay blank), classic boxes,
//! jigsaw regions (thick borders wherever two regions meet), diagonals (their
//! cells shaded light grey), islands (light grey), marks (a faded glyph in the cell's
//! corner, so the digit space stays free), a snake path (a faint grey line
//! through the cell centres) and killer cages (dashed outlines inset from
//! the cell borders, the sum small in the corner of the cage's first cell).

use super::canvas::{Align, BLACK, FADED, HIGHLIGHT, LIGHT_FILL, QUIET, Surface, WHITE, highlight_over, struck_over};
use super::fonts::{CAP_HEIGHT, Weight};
use super::{
    DIGIT_SHARE, FADED_MARK, GridContents, GridRenderer, LETTER_PT, MarkStyle, faded_mark_size, mark_inset, mark_size, thick_line,
};
use crate::layout::CellLayout;
use crate::page::Area;

pub struct SquareGrid<'a> {
    pub layout: &'a CellLayout,
    pub rows: usize,
    pub cols: usize,
}

/// Grey of filled-in (not given) digits in an answer key.
const FILLED: f32 = 0.45;
/// Grey of a cell on a diagonal house (11 % ink: light under a digit, just
/// over print's 10 % floor, and well apart from a highlighted cell, so an
/// example's "shaded box" is not read as the diagonal).
const DIAGONAL: f32 = 0.89;
const SNAKE: f32 = 0.8;
/// Grey of a cage's dashed outline: dark on puzzle pages, light behind an
/// answer's digits.
const CAGE: f32 = 0.2;
const CAGE_IN_ANSWER: f32 = 0.6;
/// A cage outline's inset from the cell borders, as a share of the cell.
const CAGE_INSET: f32 = 0.1;

/// Canvas geometry of one drawing: cell side and the top-left corner.
struct Placement {
    cell: f32,
    left: f32,
    top: f32,
}

impl Placement {
    fn corner(&self, r: usize, c: usize) -> (f32, f32) {
        (self.left + c as f32 * self.cell, self.top - r as f32 * self.cell)
    }
    fn centre(&self, r: usize, c: usize) -> (f32, f32) {
        (self.left + (c as f32 + 0.5) * self.cell, self.top - (r as f32 + 0.5) * self.cell)
    }
    /// Small text in the cell's top-left corner, inside its lines and clear
    /// of the digit area (where `corner_text_fits`), at grey level `grey`.
    fn corner_text(&self, canvas: &mut dyn Surface, r: usize, c: usize, text: &str, floor: f32, grey: f32) {
        let (x, y) = self.corner(r, c);
        let (size, inset) = (mark_size(self.cell, floor), mark_inset(self.cell));
        canvas.text(text, x + inset, y - inset - size * CAP_HEIGHT, size, Weight::Regular, grey, Align::Left);
    }
}

impl GridRenderer for SquareGrid<'_> {
    fn aspect(&self) -> f32 {
        self.cols as f32 / self.rows as f32
    }

    fn digit_size(&self, area: Area) -> f32 {
        (area.width / self.cols as f32).min(area.height / self.rows as f32) * DIGIT_SHARE
    }

    fn draw(&self, canvas: &mut dyn Surface, area: Area, contents: &GridContents) {
        let cell = (area.width / self.cols as f32).min(area.height / self.rows as f32);
        let (width, height) = (cell * self.cols as f32, cell * self.rows as f32);
        // Centred in the area.
        let at = Placement { cell, left: area.x + (area.width - width) / 2.0, top: area.top() - (area.height - height) / 2.0 };
        let geometry = &self.layout.geometry;

        for (i, island) in self.layout.islands.iter().enumerate() {
            if island.is_some() {
                let (r, c) = geometry.position(i);
                let (x, y) = at.corner(r + 1, c);
                canvas.fill_rect(x, y, cell, cell, LIGHT_FILL);
            }
        }
        let diagonal = self.diagonal_cells();
        for &(r, c) in &diagonal {
            let (x, y) = at.corner(r + 1, c);
            canvas.fill_rect(x, y, cell, cell, DIAGONAL);
        }
        for (i, _) in contents.highlight.iter().enumerate().filter(|(_, on)| **on) {
            let (r, c) = geometry.position(i);
            let (x, y) = at.corner(r + 1, c);
            let level = if diagonal.contains(&(r, c)) { highlight_over(DIAGONAL) } else { HIGHLIGHT };
            canvas.fill_rect(x, y, cell, cell, level);
        }
        for i in contents.losing_cells().filter(|&i| i < geometry.cell_count()) {
            let (r, c) = geometry.position(i);
            let (x, y) = at.corner(r + 1, c);
            let under = if self.layout.islands.get(i).is_some_and(Option::is_some) {
                LIGHT_FILL
            } else if diagonal.contains(&(r, c)) {
                DIAGONAL
            } else {
                WHITE
            };
            canvas.fill_rect(x, y, cell, cell, struck_over(under));
        }
        if contents.marks {
            self.draw_marks(canvas, &at, contents);
        }
        if self.layout.snake_path.len() > 1 {
            let points: Vec<(f32, f32)> = self.layout.snake_path.iter().map(|&(r, c)| at.centre(r, c)).collect();
            canvas.line(&points, (cell * 0.18).max(1.0), SNAKE);
        }
        self.draw_cages(canvas, &at, contents);
        self.draw_lines(canvas, &at);

        let size = cell * DIGIT_SHARE;
        for (i, symbol) in contents.symbols.iter().enumerate() {
            if let Some(c) = symbol {
                let (r, col) = geometry.position(i);
                if contents.is_corner_label(i) {
                    // Trividoku's letters: the reader's clue, so dark and at least 9 pt.
                    let (floor, grey) =
                        if contents.legible_labels { (contents.min_text.max(LETTER_PT), BLACK) } else { (contents.min_text, FADED) };
                    at.corner_text(canvas, r, col, &c.to_string(), floor, grey);
                    continue;
                }
                let (x, y) = at.centre(r, col);
                let given = contents.given[i];
                let (weight, level) = if given { (Weight::Bold, BLACK) } else { (Weight::Regular, FILLED) };
                canvas.centred_glyph(&printed_symbol(*c), x, y, size, weight, level);
            }
        }
        self.draw_pencil(canvas, &at, contents);
    }
}

/// How a symbol prints: the star of Stars & Stripes as ★.
fn printed_symbol(c: char) -> String {
    if c == '*' { "★".into() } else { c.to_string() }
}

/// How a mark prints: Atlantis's high and low marks as ">6" and "<5".
pub fn printed_mark(layout: &CellLayout, mark: char) -> String {
    let values: Vec<u32> = layout.mark_symbols(mark).iter().filter_map(|s| layout.alphabet.value_of(s)).collect();
    match (mark, values.first(), values.last()) {
        ('H', Some(&low), _) => format!(">{}", low - 1),
        ('L', _, Some(&high)) => format!("<{}", high + 1),
        _ => mark.to_string(),
    }
}

impl SquareGrid<'_> {
    /// The (row, column) of every cell on a long diagonal that is a house,
    /// each once: shaded, as printed diagonal sudoku shows them (a line
    /// through the cells would run through their digits).
    fn diagonal_cells(&self) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for d in &self.layout.diagonals {
            for k in 0..d.size {
                for cell in [(d.at.0 + k, d.at.1 + k), (d.at.0 + k, d.at.1 + d.size - 1 - k)] {
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                }
            }
        }
        cells
    }

    /// Each cell's pencilled candidates in a grid of slots filling the
    /// cell (3 × 3 for nine symbols), in the alphabet's order.
    fn draw_pencil(&self, canvas: &mut dyn Surface, at: &Placement, contents: &GridContents) {
        if contents.pencil.is_empty() {
            return;
        }
        let alphabet = &self.layout.alphabet;
        let width_em = super::widest_label(canvas.fonts(), self.layout, printed_symbol);
        let (cols, rows, size) = super::pencil_grid(alphabet.len(), at.cell, at.cell, width_em);
        let geometry = &self.layout.geometry;
        for (i, marks) in contents.pencil.iter().enumerate().filter(|(i, _)| *i < geometry.cell_count()) {
            let (r, c) = geometry.position(i);
            let (x0, y0) = at.corner(r, c);
            let slot =
                |k: usize| (x0 + ((k % cols) as f32 + 0.5) * at.cell / cols as f32, y0 - ((k / cols) as f32 + 0.5) * at.cell / rows as f32);
            super::draw_pencil(canvas, marks, |m| alphabet.symbol_of(m).map(usize::from), slot, size, printed_symbol);
        }
    }

    /// Each killer cage's dashed outline and, on puzzle pages, its sum in
    /// the top-left corner of its first cell (in reading order: the topmost
    /// row's leftmost cell), on a white ground that breaks the dashes. The
    /// sum prints like a corner mark, at least `contents.min_text`, clear of
    /// the digit area where the cell allows (the book checks it does).
    fn draw_cages(&self, canvas: &mut dyn Surface, at: &Placement, contents: &GridContents) {
        let geometry = &self.layout.geometry;
        let width = (at.cell * 0.025).max(super::MIN_LINE);
        let (dash, gap) = ((at.cell * 0.09).max(1.5), (at.cell * 0.06).max(1.0));
        let grey = if contents.cage_sums { CAGE } else { CAGE_IN_ANSWER };
        for cage in &self.layout.model.cages {
            let cells: Vec<(usize, usize)> = cage.cells.iter().map(|&c| geometry.position(c)).collect();
            for run in super::cages::outline(&cells, CAGE_INSET) {
                let point = |(x, y): (f32, f32)| (at.left + x * at.cell, at.top - y * at.cell);
                canvas.dashed_line(&[point(run.a), point(run.b)], width, grey, dash, gap);
            }
        }
        if !contents.cage_sums {
            return;
        }
        for cage in &self.layout.model.cages {
            let Some(&first) = cage.cells.iter().min() else { continue };
            let (r, c) = geometry.position(first);
            let text = cage.sum.to_string();
            let (x, y) = at.corner(r, c);
            let (size, inset) = (mark_size(at.cell, contents.min_text), mark_inset(at.cell));
            let text_width = canvas.fonts().get(Weight::Regular).width(&text, size);
            let pad = size * 0.12;
            canvas.fill_rect(
                x + inset - pad,
                y - inset - size * CAP_HEIGHT - pad,
                text_width + 2.0 * pad,
                size * CAP_HEIGHT + 2.0 * pad,
                WHITE,
            );
            canvas.text(&text, x + inset, y - inset - size * CAP_HEIGHT, size, Weight::Regular, BLACK, Align::Left);
        }
    }

    /// The marks of the cells that show no symbol (a given's digit is
    /// never marked over), in the contents' style.
    fn draw_marks(&self, canvas: &mut dyn Surface, at: &Placement, contents: &GridContents) {
        let diagonal = self.diagonal_cells();
        for (i, mark) in self.layout.marks.iter().enumerate() {
            let Some(m) = mark else { continue };
            if contents.symbols.get(i).is_some_and(Option::is_some) {
                continue;
            }
            let (r, c) = self.layout.geometry.position(i);
            let text = printed_mark(self.layout, *m);
            match contents.mark_style {
                MarkStyle::Corner => at.corner_text(canvas, r, c, &text, contents.min_text, QUIET),
                MarkStyle::Faded => {
                    let width = canvas.fonts().get(Weight::Regular).width(&text, 1.0);
                    let (x, y) = at.centre(r, c);
                    // On a shaded diagonal cell, as much darker than its shade as a faded mark is than white.
                    let level = if diagonal.contains(&(r, c)) { FADED_MARK - (WHITE - DIAGONAL) } else { FADED_MARK };
                    canvas.centred_glyph(&text, x, y, faded_mark_size(at.cell, width), Weight::Regular, level);
                }
            }
        }
    }

    /// Thin lines between cells of one region, thick ones between regions
    /// and around every grid, drawn as maximal straight runs. No line runs
    /// between two gaps.
    fn draw_lines(&self, canvas: &mut dyn Surface, at: &Placement) {
        let geometry = &self.layout.geometry;
        let region = |r: usize, c: usize| geometry.cell_at(r, c).map(|cell| self.layout.regions[cell]);
        let (rows, cols) = (self.rows, self.cols);
        // The line between canvas cells `a` and `b` (either may be off the
        // canvas): absent between gaps, thin inside a region, thick otherwise.
        let kind = |a: Option<usize>, b: Option<usize>| match (a, b) {
            (None, None) => None,
            (Some(x), Some(y)) if x == y => Some(false),
            _ => Some(true),
        };
        let above = |k: usize, c: usize| if k == 0 { None } else { region(k - 1, c) };
        let left_of = |k: usize, r: usize| if k == 0 { None } else { region(r, k - 1) };
        let thin = (at.cell * 0.025).max(0.75);
        let thick = thick_line(at.cell);
        for pass_thick in [false, true] {
            let width = if pass_thick { thick } else { thin };
            for k in 0..=rows {
                for (from, to) in runs(cols, |c| kind(above(k, c), region(k, c)) == Some(pass_thick)) {
                    let (a, b) = (at.corner(k, from), at.corner(k, to));
                    canvas.line(&[a, (b.0, a.1)], width, BLACK);
                }
            }
            for k in 0..=cols {
                for (from, to) in runs(rows, |r| kind(left_of(k, r), region(r, k)) == Some(pass_thick)) {
                    let (a, b) = (at.corner(from, k), at.corner(to, k));
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
