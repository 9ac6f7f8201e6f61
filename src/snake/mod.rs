//! Parity snakes (variants.md §2): every unambiguous even/odd snake on a 9×9
//! sudoku, found exactly, reported, compared with the published count, and
//! exported as a layout that generates puzzles.

mod export;
pub mod grid;
mod parity;
mod published;
mod report;
mod search;

pub use export::{export_layout_toml, render};
pub use published::{rerun_published, PublishedComparison};
pub use report::Report;

use grid::{bit, Board, Mask, CELLS};
use search::{search, Rules};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The stricter convention: snake cells more than two apart along the
    /// snake may not touch diagonally either.
    pub no_diagonal_touch: bool,
}

/// A snake: its cells (0–80, row-major) head to tail, the head being the end
/// with the smaller cell number, and the head's parity.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Snake {
    pub cells: Vec<u8>,
    pub head_even: bool,
}

impl Snake {
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn is_even(&self, index: usize) -> bool {
        self.head_even == (index % 2 == 0)
    }

    pub fn tail_even(&self) -> bool {
        self.is_even(self.len() - 1)
    }

    /// The same snake read from the smaller end.
    pub fn canonical(cells: Vec<u8>, head_even: bool) -> Snake {
        if cells.first() <= cells.last() {
            Snake { cells, head_even }
        } else {
            let tail_even = head_even == (cells.len() % 2 == 1);
            Snake { cells: cells.into_iter().rev().collect(), head_even: tail_even }
        }
    }

    /// The parity every snake cell and every orthogonal neighbour of one is
    /// forced to: `Some(true)` even, `Some(false)` odd.
    pub fn forced_marks(&self) -> [Option<bool>; CELLS] {
        let board = Board::new();
        let on: Mask = self.cells.iter().fold(0, |m, &c| m | bit(c as usize));
        let mut marks = [None; CELLS];
        for (i, &c) in self.cells.iter().enumerate() {
            let even = self.is_even(i);
            marks[c as usize] = Some(even);
            for n in grid::cells_of(board.orth[c as usize] & !on) {
                marks[n] = Some(even);
            }
        }
        marks
    }

    /// The snake mapped by one of the 8 symmetries of the square.
    pub fn mapped(&self, symmetry: fn(usize) -> usize) -> Snake {
        Snake::canonical(self.cells.iter().map(|&c| symmetry(c as usize) as u8).collect(), self.head_even)
    }
}

/// Every snake meeting S1–S6, shortest first, then by cells: snake number
/// k (1-based) is the k-th of this list.
pub fn enumerate(options: &Options) -> Vec<Snake> {
    let board = Board::new();
    // Every cell has an image under the 8 symmetries in this triangle, so
    // every snake has an image with an end here: search from these heads
    // only, then add the images (an eighth of the work, roughly).
    let rules = Rules {
        no_diagonal_touch: options.no_diagonal_touch,
        force_head_neighbours: true,
        exact_completion: true,
        start: |cell, _| grid::row(cell) <= grid::col(cell) && grid::col(cell) + grid::row(cell) <= grid::N - 1,
    };
    let mut found = std::collections::HashSet::new();
    search(&board, &rules, &mut |f| {
        let snake = Snake { cells: f.cells.to_vec(), head_even: f.head_even };
        for symmetry in grid::symmetries() {
            found.insert(snake.mapped(symmetry));
        }
    });
    let mut snakes: Vec<Snake> = found.into_iter().collect();
    snakes.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    snakes
}

/// How many classes the snakes fall into under the 8 symmetries.
pub fn count_up_to_symmetry(snakes: &[Snake]) -> usize {
    let classes: std::collections::HashSet<Snake> = snakes
        .iter()
        .map(|s| grid::symmetries().iter().map(|&f| s.mapped(f)).min().expect("8 symmetries"))
        .collect();
    classes.len()
}

#[cfg(test)]
mod tests;
