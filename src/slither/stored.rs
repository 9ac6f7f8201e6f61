//! Slitherlink in the catalog: puzzles made for a `shape = "loops"` layout
//! as catalog rows, and their independent re-check.
//!
//! Row format: `givens` one character per cell row by row ('.' no clue),
//! `solution` the edge string of [`super::encode_edges`], `score` the number
//! of cells without a clue, `level` the rules the solver needed.

use super::{Level, Puzzle, count, grade, grid};
use crate::canon::Canonicalizer;
use crate::layout::{Geometry, Layout};
use crate::store::{NewPuzzle, PuzzleRow};
use anyhow::{Result, bail};

/// The board size of a loops layout.
pub fn board_of(layout: &Layout) -> Option<(usize, usize)> {
    match layout.geometry {
        Geometry::Loops { rows, cols } => Some((rows, cols)),
        _ => None,
    }
}

/// The Slitherlink level for a catalog level; no level asked cycles
/// through easy, medium and hard by seed.
fn level_for(asked: Option<crate::score::Level>, seed: u64) -> Result<Level> {
    Ok(match asked {
        Some(crate::score::Level::Easy) => Level::Easy,
        Some(crate::score::Level::Medium) => Level::Medium,
        Some(crate::score::Level::Hard) => Level::Hard,
        Some(crate::score::Level::Expert) => bail!("Slitherlink levels are easy, medium and hard"),
        None => Level::ALL[(seed % 3) as usize],
    })
}

/// One puzzle of a batch, ready to store.
pub fn make(layout: &Layout, canon: &Canonicalizer, asked: Option<crate::score::Level>, seed: u64) -> Result<Option<NewPuzzle>> {
    let Some((rows, cols)) = board_of(layout) else { bail!("{} is not a Slitherlink layout", layout.id) };
    let made = super::generate(rows, cols, level_for(asked, seed)?, seed)?;
    let givens = givens_text(&made.puzzle);
    let clues = made.puzzle.clue_count();
    let canonical = canon.key(&layout.model.parse_grid(&givens)?);
    Ok(Some(NewPuzzle {
        own_layout: None,
        grade: None,
        givens,
        solution: super::encode_edges(&made.solution),
        canonical,
        clues,
        score: (rows * cols - clues) as u32,
        level: made.level.as_str().to_string(),
        effort_nodes: u64::from(made.attempts),
        seed,
    }))
}

fn givens_text(puzzle: &Puzzle) -> String {
    puzzle.clues.iter().map(|c| c.map_or('.', |d| (b'0' + d) as char)).collect()
}

/// Boards up to this many columns are re-counted by the frontier DP, which
/// shares no code with the solver; wider ones (the DP's state grows with
/// the width) by the solver's search.
const DP_MAX_COLS: usize = 12;

/// The independent check of a stored Slitherlink puzzle.
pub fn check(row: &PuzzleRow, layout: &Layout, canon: &Canonicalizer) -> Result<(), String> {
    let (rows, cols) = board_of(layout).ok_or("not a Slitherlink layout")?;
    let puzzle = Puzzle::parse_sized(&row.givens, rows, cols).map_err(|e| format!("givens: {e}"))?;
    let board = grid::Grid::new(rows, cols);
    let edges = super::decode_edges(&board, &row.solution).map_err(|e| format!("solution: {e}"))?;
    if !grid::is_single_loop(&board, &edges) {
        return Err("solution: the edges are not one closed loop".into());
    }
    let counts = grid::clue_counts(&board, &edges);
    if let Some(cell) = (0..rows * cols).find(|&c| puzzle.clues[c].is_some_and(|clue| clue != counts[c])) {
        return Err(format!(
            "clue {} at r{}c{} but the loop uses {} of its sides",
            puzzle.clues[cell].unwrap_or(0),
            cell / cols + 1,
            cell % cols + 1,
            counts[cell]
        ));
    }
    let solutions = if cols <= DP_MAX_COLS { count::count_matching_loops(&puzzle) } else { super::count_solutions(&puzzle, 2) as u128 };
    match solutions {
        0 => return Err("no loop fits the clues".into()),
        1 => {}
        _ => return Err("more than one loop fits the clues".into()),
    }
    let clues = puzzle.clue_count() as i64;
    if clues != row.clues {
        return Err(format!("{clues} clues, but {} recorded", row.clues));
    }
    let level = grade(&puzzle).map_or("needs search", |l| l.as_str());
    if level != row.level {
        return Err(format!("level is {level}, but {} recorded", row.level));
    }
    if canon.key(&layout.model.parse_grid(&row.givens).map_err(|e| e.to_string())?) != row.canonical {
        return Err("the canonical key does not match the givens".into());
    }
    Ok(())
}
