//! Parity snakes (spec: variants.md §2, issue #6).
//!
//! A snake is an orthogonal path on the 9×9 sudoku grid (3×3 boxes) whose
//! digits alternate even/odd and whose route can be read off the parity
//! pattern alone. The rules, as numbered in the issue:
//!
//! - S1 consecutive cells are orthogonally adjacent;
//! - S2 no two non-consecutive cells are orthogonally adjacent (with
//!   [`Options::no_diagonal_touch`], not diagonally adjacent either, except
//!   the unavoidable corner contact of cells two steps apart);
//! - S3 parities alternate along the snake;
//! - S4 unambiguous: every orthogonal neighbour of a snake cell that is not on
//!   the snake has that cell's parity (head and tail included);
//! - S5 a cell in each of the nine boxes;
//! - S6 the forced pattern (snake cells and their neighbours) completes to a
//!   full pattern with four evens and five odds in every row, column and box.
//!
//! [`enumerate`] lists every snake once, in a stable order (length, then
//! cells); a snake's number is its 1-based position in that list.
//! [`report`] summarises a list, [`explain_published`] relates the figure
//! published with the original Python search to the exact count, and
//! [`export_layout_toml`] / [`render_snake`] turn a snake into a layout.

mod enumerate;
mod export;
mod grid;
mod parity;
mod published;
mod report;
mod rules;
#[cfg(test)]
mod tests;

pub use enumerate::enumerate;
pub use export::{export_layout_toml, render_snake};
pub use grid::{CELLS, SIZE, Symmetry};
pub use parity::{complete as parity_completion, completes as parity_completes};
pub use published::{PublishedComparison, PublishedSearch, compare_published, explain_published, run_published_search};
pub use report::{Report, count_up_to_symmetry, report};
pub use rules::{Violation, check};

use grid::{Board, TABLES, bit};
use std::cmp::Ordering;

/// Settings left open by the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Forbid diagonal contact between snake cells more than two steps apart
    /// along the snake. Cells two steps apart touch diagonally at every turn,
    /// so they are exempt (otherwise only straight snakes would qualify).
    pub no_diagonal_touch: bool,
}

/// Parity of a digit: even (2, 4, 6, 8) or odd (1, 3, 5, 7, 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Parity {
    Even,
    Odd,
}

impl Parity {
    pub fn from_even(even: bool) -> Parity {
        if even { Parity::Even } else { Parity::Odd }
    }

    pub fn is_even(self) -> bool {
        self == Parity::Even
    }

    pub fn opposite(self) -> Parity {
        Parity::from_even(!self.is_even())
    }

    /// Layout mark letter: 'E' or 'O'.
    pub fn letter(self) -> char {
        if self.is_even() { 'E' } else { 'O' }
    }
}

/// Parities of a snake's two ends (unordered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndParities {
    EvenEven,
    EvenOdd,
    OddOdd,
}

impl EndParities {
    pub const ALL: [EndParities; 3] = [EndParities::EvenEven, EndParities::EvenOdd, EndParities::OddOdd];

    pub fn label(self) -> &'static str {
        match self {
            EndParities::EvenEven => "even-even",
            EndParities::EvenOdd => "even-odd",
            EndParities::OddOdd => "odd-odd",
        }
    }
}

/// A path with its parity pattern: `cells[i]` is `r * 9 + c` (0-based), and
/// the parities alternate from `first_even` on, so S3 holds by construction.
///
/// Order (`Ord`): by length, then cell sequence, then odd-first before
/// even-first — the stable order of [`enumerate`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snake {
    pub cells: Vec<u8>,
    pub first_even: bool,
}

impl Snake {
    pub fn new(cells: Vec<u8>, first_even: bool) -> Snake {
        Snake { cells, first_even }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Parity of the `i`-th cell along the snake.
    pub fn parity_of(&self, i: usize) -> Parity {
        Parity::from_even(self.first_even == i.is_multiple_of(2))
    }

    /// The same snake read from the other end.
    pub fn reversed(&self) -> Snake {
        let mut cells = self.cells.clone();
        cells.reverse();
        let first_even = match self.len() {
            0 => self.first_even,
            n => self.parity_of(n - 1).is_even(),
        };
        Snake { cells, first_even }
    }

    /// True when this is the direction [`enumerate`] uses: the smaller of the
    /// two cell sequences, i.e. the first cell is smaller than the last.
    pub fn is_canonical(&self) -> bool {
        match (self.cells.first(), self.cells.last()) {
            (Some(first), Some(last)) => first <= last,
            _ => true,
        }
    }

    /// This snake in canonical direction.
    pub fn canonical(&self) -> Snake {
        if self.is_canonical() { self.clone() } else { self.reversed() }
    }

    /// Image under a symmetry of the square, in canonical direction.
    pub fn transformed(&self, symmetry: Symmetry) -> Snake {
        let cells = self.cells.iter().map(|&c| symmetry.map(c as usize) as u8).collect();
        Snake { cells, first_even: self.first_even }.canonical()
    }

    pub fn end_parities(&self) -> EndParities {
        let (first, last) = match self.len() {
            0 => return EndParities::EvenOdd,
            n => (self.parity_of(0), self.parity_of(n - 1)),
        };
        match (first, last) {
            (Parity::Even, Parity::Even) => EndParities::EvenEven,
            (Parity::Odd, Parity::Odd) => EndParities::OddOdd,
            _ => EndParities::EvenOdd,
        }
    }

    /// Marks forced by the snake: its own cells and, by S4, all their
    /// orthogonal neighbours. Only a path breaking S1/S2 can force a
    /// neighbour both ways; then the first snake cell along the path wins.
    pub fn forced_marks(&self) -> [Option<Parity>; CELLS] {
        let mut marks = [None; CELLS];
        for (i, &c) in self.cells.iter().enumerate() {
            if let Some(m) = marks.get_mut(c as usize) {
                *m = Some(self.parity_of(i));
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if (c as usize) >= CELLS {
                continue;
            }
            for &n in TABLES.neighbours(c as usize) {
                marks[n as usize].get_or_insert(self.parity_of(i));
            }
        }
        marks
    }

    /// Bitboard of the snake's cells (cells off the grid are ignored).
    pub(crate) fn cell_board(&self) -> Board {
        self.cells.iter().filter(|&&c| (c as usize) < CELLS).fold(0, |b, &c| b | bit(c as usize))
    }
}

impl Ord for Snake {
    fn cmp(&self, other: &Snake) -> Ordering {
        self.len().cmp(&other.len()).then_with(|| self.cells.cmp(&other.cells)).then_with(|| self.first_even.cmp(&other.first_even))
    }
}

impl PartialOrd for Snake {
    fn partial_cmp(&self, other: &Snake) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
