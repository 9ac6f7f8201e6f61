//! Drawing with printpdf: embedded fonts, a canvas of drawing verbs, one
//! renderer per grid geometry, and byte-stable PDF output.

mod cages;
pub mod canvas;
pub mod document;
pub mod fonts;
mod loops;
mod nonogram;
mod pie;
pub mod qr;
mod square;
mod triangle;

use crate::layout::{Board, CellLayout, Geometry};
use crate::page::Area;
use canvas::Surface;
use fonts::{CAP_HEIGHT, Fonts, Weight};

/// Digits (givens, answers, Slitherlink clues) are this share of a cell's
/// side: the book's size checks assume it.
pub const DIGIT_SHARE: f32 = 0.62;
/// Smallest legible text in print: marks and corner letters never go below it.
pub const MIN_TEXT_PT: f32 = 7.0;
/// Trividoku's corner letters are the reader's clue: never below this.
pub const LETTER_PT: f32 = 9.0;
/// The thinnest line a page draws (preflight's minimum).
const MIN_LINE: f32 = 0.75;
/// A corner mark's share of the cell's side (at least `MIN_TEXT_PT`).
const MARK_SHARE: f32 = 0.25;
/// Advance width of a DejaVu Sans digit, as a share of the type size: the
/// digit area is a digit this wide, `DIGIT_SHARE` of the cell, centred.
const DIGIT_WIDTH_EM: f32 = 0.636;
/// Room kept between a corner mark and the digit area, in points (on top
/// of both glyphs' side bearings: widths are advance widths).
const MARK_GAP: f32 = 0.5;
/// Room kept between a corner mark and the cell's lines, in points.
const LINE_GAP: f32 = 0.4;
/// Grey of a faded-style mark behind an empty cell.
pub const FADED_MARK: f32 = 0.85;

/// How a cell's mark (E, O, >6, <5) prints on a puzzle page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MarkStyle {
    /// Small and faded in the cell's top-left corner, clear of the digit
    /// area (at least 7 pt; see `min_cell_for_marks`).
    #[default]
    Corner,
    /// The original publisher's look: a large light-grey glyph behind the
    /// empty cell, to be written over.
    Faded,
}

/// What a grid shows (a family decides it: `Family::page`,
/// `Family::answer_page`): a symbol per cell (or none), and which are givens.
pub struct GridContents {
    pub symbols: Vec<Option<char>>,
    pub given: Vec<bool>,
    /// The givens as written (Slitherlink prints these clues in its answers too).
    pub clues: Vec<Option<char>>,
    /// The stored solution text of an answer: Slitherlink draws its loop
    /// from it (its cells hold clues, not symbols).
    pub solution: Option<String>,
    /// Whether the layout's marks print (puzzle pages; answer grids need
    /// none). Marks never print in a cell that shows a symbol.
    pub marks: bool,
    pub mark_style: MarkStyle,
    /// Cells whose symbol is a label printed small in the cell's top-left
    /// corner, leaving the cell free for its digit (Trividoku's letters on
    /// a puzzle page). Empty: none.
    pub corner_labels: Vec<bool>,
    /// The smallest type a corner mark or label may print at: 7 pt, or the
    /// large-print floor in a large-print book.
    pub min_text: f32,
    /// Corner labels (Trividoku's letters) print black at `LETTER_PT` or
    /// more; false: small and faded like a mark, as books made before did.
    pub legible_labels: bool,
    /// Whether killer cages print their sums (puzzle pages; an answer grid
    /// shows the cages' outlines only, its digits being the answer).
    pub cage_sums: bool,
    /// Cells shaded to draw the eye (the studio's solving path: the cells
    /// one step uses). Empty: none. Every geometry shades them (squares,
    /// the pie's ring cells, the triangle's cells, Slitherlink's cells).
    pub highlight: Vec<bool>,
    /// Each cell's candidates pencilled in (the studio's solving path: the
    /// grid before a step), and what the step does with each. Empty: none
    /// (a book's page never has them). Every cell geometry draws them in
    /// its cells ([`draw_pencil`]); a cell that loses one is lightly
    /// shaded where it is not highlighted.
    pub pencil: Vec<Vec<Pencil>>,
}

/// A candidate pencilled into a cell, and what a solving step does with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pencil {
    pub symbol: char,
    pub mark: PencilMark,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PencilMark {
    /// A candidate the step leaves alone: grey.
    Open,
    /// One its pattern stands on, or the one it places: bold black.
    Used,
    /// One it strikes: grey, struck through.
    Struck,
}

/// Grey of an open candidate, and of a struck one (its cross is black).
pub const PENCIL_OPEN: f32 = 0.5;
pub const PENCIL_STRUCK: f32 = 0.3;

impl GridContents {
    /// The same contents with marks (where they print at all) in `style`:
    /// `family.page(givens).with_mark_style(MarkStyle::Faded)`.
    pub fn with_mark_style(self, style: MarkStyle) -> GridContents {
        GridContents { mark_style: style, ..self }
    }

    /// The same contents with corner marks and labels at least `points` tall.
    pub fn with_min_text(self, points: f32) -> GridContents {
        GridContents { min_text: points, ..self }
    }

    /// The same contents with corner labels legible (black, at least
    /// `LETTER_PT`) or, for a book made before, small and faded.
    pub fn with_legible_labels(self, legible: bool) -> GridContents {
        GridContents { legible_labels: legible, ..self }
    }

    /// Whether cell `i`'s symbol is a corner label rather than a digit.
    pub fn is_corner_label(&self, i: usize) -> bool {
        self.corner_labels.get(i).copied().unwrap_or(false)
    }

    /// Whether cell `i` is highlighted.
    pub fn is_highlighted(&self, i: usize) -> bool {
        self.highlight.get(i).copied().unwrap_or(false)
    }

    /// Cells that lose a pencilled candidate and are not highlighted:
    /// shaded lightly ([`canvas::struck_over`]).
    pub fn losing_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.pencil
            .iter()
            .enumerate()
            .filter(|(i, marks)| !self.is_highlighted(*i) && marks.iter().any(|m| m.mark == PencilMark::Struck))
            .map(|(i, _)| i)
    }
}

/// Draws one cell's pencil marks: candidate `k` of the alphabet (found by
/// `index`) as `label` prints it, centred on `slot(k)`, `size` points
/// tall; open ones grey, used ones bold black, struck ones grey and
/// struck through (one thin stroke).
pub(crate) fn draw_pencil(
    canvas: &mut dyn Surface,
    marks: &[Pencil],
    index: impl Fn(char) -> Option<usize>,
    slot: impl Fn(usize) -> (f32, f32),
    size: f32,
    label: impl Fn(char) -> String,
) {
    for m in marks {
        let Some(k) = index(m.symbol) else { continue };
        let (cx, cy) = slot(k);
        let (weight, level) = match m.mark {
            PencilMark::Used => (Weight::Bold, canvas::BLACK),
            PencilMark::Struck => (Weight::Regular, PENCIL_STRUCK),
            PencilMark::Open => (Weight::Regular, PENCIL_OPEN),
        };
        canvas.centred_glyph(&label(m.symbol), cx, cy, size, weight, level);
        if m.mark == PencilMark::Struck {
            // One thin stroke across it, the glyph still legible under it.
            let h = size * 0.55;
            canvas.line(&[(cx - h, cy - h), (cx + h, cy + h)], (size * 0.08).max(0.4), canvas::BLACK);
        }
    }
}

/// The advance width at 1 pt of the widest of `layout`'s symbols as
/// `label` prints them, in bold (a used candidate's weight).
pub(crate) fn widest_label(fonts: &Fonts, layout: &CellLayout, label: impl Fn(char) -> String) -> f32 {
    let font = fonts.get(Weight::Bold);
    (0..layout.alphabet.len()).map(|i| font.width(&label(layout.alphabet.char_of(i as _)), 1.0)).fold(DIGIT_WIDTH_EM, f32::max)
}

/// The columns and rows of `n` pencil slots in a `width` × `height` box
/// that give the largest type, and that type size: a slot's height times
/// the digits' share of a cell, or less where the widest label (`width_em`
/// wide at 1 pt) would not fit across the slot.
pub(crate) fn pencil_grid(n: usize, width: f32, height: f32, width_em: f32) -> (usize, usize, f32) {
    let n = n.max(1);
    (1..=n)
        .map(|cols| {
            let rows = n.div_ceil(cols);
            let (w, h) = (width / cols as f32, height / rows as f32);
            let size = (w * DIGIT_WIDTH_EM / width_em.max(0.01)).min(h) * DIGIT_SHARE;
            (cols, rows, size)
        })
        .fold((1, n, 0.0), |best, c| if c.2 > best.2 { c } else { best })
}

/// Type size of the pencil marks of `n` digit candidates in a square cell
/// of side `cell` (what a book checks against its minimum before drawing
/// a worked example's pencilled candidates).
pub fn pencil_size(n: usize, cell: f32) -> f32 {
    pencil_grid(n, cell, cell, DIGIT_WIDTH_EM).2
}

/// Type size of a corner mark or corner label in a cell of side `cell`,
/// at least `floor` points.
pub fn mark_size(cell: f32, floor: f32) -> f32 {
    (cell * MARK_SHARE).max(floor)
}

/// Width of the thick lines around boxes and grids in a cell of side `cell`.
pub(crate) fn thick_line(cell: f32) -> f32 {
    (cell * 0.08).max(2.0)
}

/// Where a corner mark starts: inside the thickest line that can bound the
/// cell, plus a gap.
pub(crate) fn mark_inset(cell: f32) -> f32 {
    thick_line(cell) / 2.0 + LINE_GAP
}

/// Whether a corner text `width_em` wide (its advance width at 1 pt)
/// printed at `mark_size(cell, floor)` fits in the cell clear of the digit
/// area: wholly left of it or wholly above it.
pub fn corner_text_fits(cell: f32, width_em: f32, floor: f32) -> bool {
    let size = mark_size(cell, floor);
    let inset = mark_inset(cell);
    let width = width_em * size;
    let digit = cell * DIGIT_SHARE;
    let digit_left = (cell - digit * DIGIT_WIDTH_EM) / 2.0;
    let digit_top = (cell - digit * CAP_HEIGHT) / 2.0;
    let inside = inset + width <= cell - inset;
    let left_of = inset + width + MARK_GAP <= digit_left;
    let above = inset + size * CAP_HEIGHT + MARK_GAP <= digit_top;
    inside && (left_of || above)
}

/// Type size of a faded-style mark `width_em` wide in a cell of side `cell`:
/// a digit's size, narrowed to fit the cell.
pub fn faded_mark_size(cell: f32, width_em: f32) -> f32 {
    (cell * DIGIT_SHARE).min(cell * 0.85 / width_em.max(0.01))
}

/// Every corner text a layout can print: its marks (fixed and drawn per
/// puzzle), Trividoku's letters and killer cage sums (drawn cages: every
/// two-digit sum a cage of the layout's sizes can have).
fn corner_texts(layout: &CellLayout) -> Vec<String> {
    let mut marks: Vec<char> = layout.marks.iter().flatten().copied().collect();
    marks.extend(layout.random.marks.iter().map(|&(m, _)| m));
    let mut texts: Vec<String> = marks.iter().map(|&m| square::printed_mark(layout, m)).collect();
    texts.extend(layout.letters.iter().flatten().map(char::to_string));
    texts.extend(cage_sum_texts(layout));
    texts.sort();
    texts.dedup();
    texts
}

/// The cage sums a layout prints: its fixed cages' sums, or for cages drawn
/// per puzzle every sum the largest cage can reach.
fn cage_sum_texts(layout: &CellLayout) -> Vec<String> {
    let mut sums: Vec<u32> = layout.model.cages.iter().map(|c| c.sum).collect();
    if let Some(rule) = layout.random.cages {
        let n = layout.size as u32;
        let most: u32 = (0..rule.max as u32).map(|k| n - k).sum();
        sums.extend(1..=most);
    }
    sums.into_iter().map(|s| s.to_string()).collect()
}

/// The smallest cell side (points) whose marks and corner letters print at
/// `floor` points or more (7, or the large-print floor) clear of the digit
/// area, in `style`; 0 for a layout with neither. A page layout whose cells
/// are smaller must refuse the book (Trividoku's letters always print in
/// the corner).
pub fn min_cell_for_marks(layout: &CellLayout, fonts: &Fonts, style: MarkStyle, floor: f32) -> f32 {
    let font = fonts.get(Weight::Regular);
    let widths = |texts: &[String]| texts.iter().map(|t| font.width(t, 1.0)).collect::<Vec<f32>>();
    let letters: Vec<String> = layout.letters.iter().flatten().map(char::to_string).collect();
    // Cage sums always print in the corner, and so do letters (at 9 pt or more).
    let sums = cage_sum_texts(layout);
    let others: Vec<String> = corner_texts(layout).into_iter().filter(|t| !letters.contains(t)).collect();
    let (corner, faded) = match style {
        MarkStyle::Corner => (widths(&others), Vec::new()),
        MarkStyle::Faded => {
            let marks: Vec<String> = others.iter().filter(|t| !sums.contains(t)).cloned().collect();
            (widths(&sums), widths(&marks))
        }
    };
    let letters = widths(&letters);
    if corner.is_empty() && faded.is_empty() && letters.is_empty() {
        return 0.0;
    }
    // Room only grows with the cell: the first side that fits, in steps of 0.1 pt.
    (70..10_000)
        .map(|tenths| tenths as f32 / 10.0)
        .find(|&cell| {
            corner.iter().all(|&w| corner_text_fits(cell, w, floor))
                && letters.iter().all(|&w| corner_text_fits(cell, w, floor.max(LETTER_PT)))
                && faded.iter().all(|&w| faded_mark_size(cell, w) >= floor)
        })
        .unwrap_or(f32::INFINITY)
}

/// Draws one kind of grid geometry into an area of the page.
pub trait GridRenderer {
    /// Width over height of the drawn grid.
    fn aspect(&self) -> f32;
    /// Draws the grid as large as fits, centred in `area`.
    fn draw(&self, canvas: &mut dyn Surface, area: Area, contents: &GridContents);
    /// The type size of the smallest digit `draw` prints in `area`.
    fn digit_size(&self, area: Area) -> f32;
}

/// The renderer of a cell layout's geometry.
pub fn cell_renderer(layout: &CellLayout) -> Box<dyn GridRenderer + '_> {
    match &layout.geometry {
        Geometry::Squares { rows, cols, .. } => Box::new(square::SquareGrid { layout, rows: *rows, cols: *cols }),
        Geometry::Pie { .. } => Box::new(pie::PieGrid { layout }),
        Geometry::Triangle { side } => Box::new(triangle::TriangleGrid { layout, side: *side }),
    }
}

/// The renderer of a Slitherlink board.
pub fn loop_renderer(board: Board) -> Box<dyn GridRenderer> {
    Box::new(loops::LoopGrid { rows: board.rows, cols: board.cols })
}

/// The renderer of a nonogram board, its clue gutters `fitted` to the
/// longest clues of the puzzles it will draw (numbers across the row
/// gutter, down the column gutter), or `None`: room for the longest a
/// line could hold.
pub fn nonogram_renderer(board: Board, fitted: Option<(usize, usize)>) -> Box<dyn GridRenderer> {
    Box::new(nonogram::NonogramGrid { width: board.cols, height: board.rows, fitted })
}

/// The clue gutters a nonogram board's figure keeps room for, in cells:
/// (across the row clues, down the column clues).
pub fn nonogram_room(board: Board, fitted: Option<(usize, usize)>) -> (usize, usize) {
    nonogram::NonogramGrid { width: board.cols, height: board.rows, fitted }.room()
}

/// The clue gutters (across, down) a clue text's own clues need: the most
/// numbers of a row's clue and of a column's, at least one each.
pub fn nonogram_clue_depth(clues: &str) -> Option<(usize, usize)> {
    let (rows, cols) = nonogram::read_clues(clues)?;
    let deepest = |lines: &[Vec<usize>]| lines.iter().map(Vec::len).max().unwrap_or(0).max(1);
    Some((deepest(&rows), deepest(&cols)))
}

#[cfg(test)]
mod tests;
