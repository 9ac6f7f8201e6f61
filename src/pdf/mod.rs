//! Drawing with printpdf: embedded fonts, a canvas of drawing verbs, one
//! renderer per grid geometry, and byte-stable PDF output.

pub mod canvas;
pub mod document;
pub mod fonts;
mod loops;
mod pie;
mod square;
mod triangle;

use crate::book::geometry::Area;
use crate::layout::{Geometry, Layout};
use canvas::Canvas;

/// What a grid shows: a symbol per cell (or none), and which are givens.
pub struct GridContents {
    pub symbols: Vec<Option<char>>,
    pub given: Vec<bool>,
    /// The givens as written (Slitherlink prints these clues in its answers too).
    pub clues: Vec<Option<char>>,
    /// The stored solution text of an answer: Slitherlink draws its loop
    /// from it (its cells hold clues, not symbols).
    pub solution: Option<String>,
}

impl GridContents {
    /// A puzzle as printed: its givens only.
    pub fn puzzle(givens: &str) -> GridContents {
        let symbols: Vec<Option<char>> = givens.chars().map(|c| (c != '.' && c != '0').then_some(c)).collect();
        let given = symbols.iter().map(Option::is_some).collect();
        GridContents { clues: symbols.clone(), symbols, given, solution: None }
    }

    /// An answer: every cell filled, the givens marked.
    pub fn answer(givens: &str, solution: &str) -> GridContents {
        let given = givens.chars().map(|c| c != '.' && c != '0').collect();
        let clues = GridContents::puzzle(givens).symbols;
        GridContents { symbols: solution.chars().map(Some).collect(), given, clues, solution: Some(solution.to_string()) }
    }
}

/// Draws one kind of grid geometry into an area of the page.
pub trait GridRenderer {
    /// Width over height of the drawn grid.
    fn aspect(&self) -> f32;
    /// Draws the grid as large as fits, centred in `area`.
    fn draw(&self, canvas: &mut Canvas, area: Area, contents: &GridContents);
}

/// The renderer for a layout's geometry.
pub fn renderer_for(layout: &Layout) -> Box<dyn GridRenderer + '_> {
    match &layout.geometry {
        Geometry::Squares { rows, cols, .. } => Box::new(square::SquareGrid { layout, rows: *rows, cols: *cols }),
        Geometry::Pie { .. } => Box::new(pie::PieGrid { layout }),
        Geometry::Triangle { side } => Box::new(triangle::TriangleGrid { layout, side: *side }),
        Geometry::Loops { rows, cols } => Box::new(loops::LoopGrid { rows: *rows, cols: *cols }),
    }
}
