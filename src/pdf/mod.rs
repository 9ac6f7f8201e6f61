//! Drawing with printpdf: embedded fonts, a canvas of drawing verbs, one
//! renderer per grid geometry, and byte-stable PDF output.

pub mod canvas;
pub mod document;
pub mod fonts;
mod loops;
mod pie;
mod square;
mod triangle;

use crate::layout::{CellLayout, Geometry, LoopBoard};
use crate::page::Area;
use canvas::Canvas;

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
}

/// Draws one kind of grid geometry into an area of the page.
pub trait GridRenderer {
    /// Width over height of the drawn grid.
    fn aspect(&self) -> f32;
    /// Draws the grid as large as fits, centred in `area`.
    fn draw(&self, canvas: &mut Canvas, area: Area, contents: &GridContents);
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
pub fn loop_renderer(board: LoopBoard) -> Box<dyn GridRenderer> {
    Box::new(loops::LoopGrid { rows: board.rows, cols: board.cols })
}
