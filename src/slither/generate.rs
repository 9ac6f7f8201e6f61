//! Puzzle generation: a random winding loop, every clue shown, then clues
//! erased in random order while the rules of the asked level still solve
//! the puzzle without search (Tatham's method: the level is a ceiling, so a
//! deduction-only solve also proves the puzzle unique). The result must need
//! that level — not solvable one level down — or we start over.

use super::board::Tables;
use super::grid::{EdgeSet, Grid, Puzzle};
use super::loopgen::random_loop;
use super::solver::{Deduction, Level, deduce_knowing};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: EdgeSet,
    pub level: Level,
    pub seed: u64,
    /// Loops drawn before one gave a puzzle of exactly the asked level.
    pub attempts: u32,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GenerateError {
    #[error("a {rows}x{cols} board is too small for a puzzle (at least 2x2, at most 30 cells a side)")]
    BadSize { rows: usize, cols: usize },
    #[error("no {level} puzzle on {rows}x{cols} after {attempts} loops")]
    GaveUp { rows: usize, cols: usize, level: &'static str, attempts: u32 },
}

/// Loops tried before giving up; small boards may have no hard puzzle.
const MAX_ATTEMPTS: u32 = 200;

/// One puzzle of exactly `level` from `seed`; same seed, same puzzle.
pub fn generate(rows: usize, cols: usize, level: Level, seed: u64) -> Result<Generated, GenerateError> {
    if !(2..=30).contains(&rows) || !(2..=30).contains(&cols) {
        return Err(GenerateError::BadSize { rows, cols });
    }
    let grid = Grid::new(rows, cols);
    let tables = Tables::new(grid);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for attempt in 1..=MAX_ATTEMPTS {
        let solution = random_loop(&grid, &mut rng);
        if let Some(puzzle) = erase_clues(&tables, &solution, level, &mut rng) {
            return Ok(Generated { puzzle, solution, level, seed, attempts: attempt });
        }
    }
    Err(GenerateError::GaveUp { rows, cols, level: level.as_str(), attempts: MAX_ATTEMPTS })
}

/// Whether the rules of `level` solve `puzzle`, whose clues come from `solution`.
fn solves(tables: &Tables, puzzle: &Puzzle, level: Level, solution: &EdgeSet) -> bool {
    matches!(deduce_knowing(tables, puzzle, level, solution), Deduction::Solved(_))
}

/// Erases clues of the loop's full puzzle while `level` still solves it;
/// `None` if the result does not need `level` after all.
fn erase_clues(tables: &Tables, solution: &EdgeSet, level: Level, rng: &mut ChaCha8Rng) -> Option<Puzzle> {
    let mut puzzle = Puzzle::from_loop(tables.grid, solution);
    if !solves(tables, &puzzle, level, solution) {
        return None;
    }
    let mut order: Vec<usize> = (0..puzzle.clues.len()).collect();
    order.shuffle(rng);
    // Erase first under the cheaper medium ceiling, then go on under the
    // hard one: each hard check runs lookahead, and this halves their number.
    // Every step still keeps the puzzle solvable at `level`.
    let passes: &[Level] = if level == Level::Hard { &[Level::Medium, Level::Hard] } else { std::slice::from_ref(&level) };
    for &ceiling in passes {
        for &cell in &order {
            let Some(clue) = puzzle.clues[cell].take() else { continue };
            if !solves(tables, &puzzle, ceiling, solution) {
                puzzle.clues[cell] = Some(clue);
            }
        }
    }
    let easier = match level {
        Level::Easy => None,
        Level::Medium => Some(Level::Easy),
        Level::Hard => Some(Level::Medium),
    };
    if easier.is_some_and(|easier| solves(tables, &puzzle, easier, solution)) {
        return None;
    }
    Some(puzzle)
}
