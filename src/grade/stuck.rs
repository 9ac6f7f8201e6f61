//! Where a solver who knows the singles gets stuck: fill in every full
//! house, hidden single and naked single there is, then ask the ladder for
//! its easiest step. That step is a book's hint.
//!
//! The grading path itself is not walked: it takes SE's "direct" pointing
//! and hidden pairs (rated under a naked single) while a naked single is
//! still on the board, where a reader is not stuck at all.

use super::board::{Board, Topology};
use super::hint::Focus;
use super::{Ladder, Problem, Technique, apply, backtrack, singles, topology_for};

/// The first step of a puzzle harder than a single.
#[derive(Clone, Debug, PartialEq)]
pub enum Stuck {
    /// Every step is a full house, a hidden single or a naked single.
    SinglesOnly,
    Step(StuckStep),
}

/// One step with the pattern behind it (indices into the problem's houses
/// and cells; digits 0-based).
#[derive(Clone, Debug, PartialEq)]
pub struct StuckStep {
    pub technique: Technique,
    /// SE rating of the step.
    pub rating: f32,
    pub placements: Vec<(usize, u8)>,
    pub eliminations: Vec<(usize, u8)>,
    /// Houses to look at (a pointing pair's box, a fish's base lines).
    pub houses: Vec<usize>,
    /// Houses the step acts on (the line a pointing pair clears, a fish's
    /// cover lines).
    pub acts_on: Vec<usize>,
    /// The pattern's cells (a subset's cells; a wing's pivot first).
    pub cells: Vec<usize>,
    /// The pattern's digits.
    pub digits: Vec<u8>,
    /// The grader's own line, e.g. "naked pair: r4c5,r4c6 {3,7} in row 4 => …".
    pub description: String,
}

/// The first step harder than a single; `None` when the givens break a rule
/// or contradict each other.
pub fn first_stuck(problem: &Problem) -> Option<Stuck> {
    problem.validate().ok()?;
    let topo = topology_for(problem);
    let topo: &Topology = &topo;
    let mut board = Board::new(topo, &problem.givens);
    if board.clash {
        return None;
    }
    loop {
        if board.unsolved.is_empty() {
            return Some(Stuck::SinglesOnly);
        }
        match singles::hidden_single(topo, &board).or_else(|| singles::naked_single(topo, &board)) {
            Some(single) => {
                if !apply(topo, &mut board, &single) {
                    return None;
                }
            }
            None => break,
        }
    }
    let hint = match Ladder::new(topo).next_hint_inner(&board, 0, u32::MAX) {
        Some(hint) => hint,
        None if board.broken(topo) => return None,
        None => backtrack::solve(topo, &problem.givens).and_then(|s| backtrack::guess_hint(topo, &board, &s))?,
    };
    let Focus { houses, acts_on, cells, digits } = hint.focus;
    Some(Stuck::Step(StuckStep {
        technique: hint.technique,
        rating: hint.rating as f32 / 10.0,
        placements: hint.placements,
        eliminations: hint.eliminations,
        houses,
        acts_on,
        cells,
        digits,
        description: hint.description,
    }))
}
