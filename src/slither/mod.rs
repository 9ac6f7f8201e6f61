//! Slitherlink (spec: variants.md §3): draw one closed loop along the lines
//! of a grid so that every clue counts the loop's sides around its cell.
//!
//! - [`grid`]: the loop model, edge numbering, puzzle and solution text;
//! - [`count`]: exact loop counts by a frontier DP (OEIS A140517);
//! - [`enumerate`]: every loop of a small grid, the ground truth for tests;
//! - [`puzzles`]: exact counts of unique and minimal puzzles on small boards;
//! - [`solver`]: propagation and search, uniqueness and grading;
//! - [`generate`]: random book-quality loops and graded unique puzzles;
//! - [`render`]: plain-text drawing; [`bench`]: timings for the CLI.
//!
//! Internals: `board` is the solver's hot path (edge states, rules,
//! path-end tracking); `loopgen` grows the random loops.

pub mod bench;
mod board;
pub mod count;
pub mod enumerate;
pub mod generate;
pub mod grid;
mod loopgen;
pub mod puzzles;
pub mod render;
pub mod solver;
#[cfg(test)]
mod tests;

/// Board sides the generator and layouts accept.
pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 30;

pub use generate::{GenerateError, Generated, generate};
pub use grid::{EdgeSet, Grid, ParseError, Puzzle, clue_counts, decode_edges, encode_edges, is_single_loop};
pub use puzzles::{PuzzleCounts, count_puzzles};
pub use solver::{Deduction, Level, Outcome, count_solutions, count_within, deduce, grade, solve, solve_within};
