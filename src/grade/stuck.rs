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
// One a puzzle of a book, never in a grader's loop: boxing the step would
// only add a pointer to every match on it.
#[allow(clippy::large_enum_variant)]
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
    /// The cells a chain or one-digit pattern runs through, in its order
    /// (a killer step's: the cells of its sum).
    pub path: Vec<usize>,
    /// The sum a killer step stands on (a cage's, or the rule of 45's).
    pub sum: Option<u32>,
    /// The grader's own line, e.g. "naked pair: r4c5,r4c6 {3,7} in row 4 => …".
    pub description: String,
    /// The pattern as data (see [`super::Pattern`]), as on the grader's path.
    pub pattern: super::Pattern,
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
    let pattern = pattern_of(topo, &board, &hint);
    Some(Stuck::Step(stuck_step(hint, pattern)))
}

/// A hint's pattern completed on the board it was found on.
fn pattern_of(topo: &Topology, board: &Board, hint: &super::board::Hint) -> super::Pattern {
    let candidates = super::board_candidates(topo, board);
    let mut pattern = hint.pattern.clone();
    pattern.complete(topo, hint, &candidates);
    pattern
}

fn stuck_step(hint: super::board::Hint, pattern: super::Pattern) -> StuckStep {
    let Focus { houses, acts_on, cells, digits, path, sum } = hint.focus;
    StuckStep {
        technique: hint.technique,
        rating: hint.rating as f32 / 10.0,
        placements: hint.placements,
        eliminations: hint.eliminations,
        houses,
        acts_on,
        cells,
        digits,
        path,
        sum,
        description: hint.description,
        pattern,
    }
}

/// Whether a technique is one of the singles (which every solver knows).
pub fn is_single(technique: Technique) -> bool {
    matches!(technique, Technique::FullHouse | Technique::HiddenSingleBox | Technique::HiddenSingle | Technique::NakedSingle)
}

/// The step a puzzle is rated by: on the grader's own path (easiest step
/// first each time), the first step of the highest rating that is not a
/// single. `SinglesOnly` when singles alone solve the puzzle; when the
/// hardest step of the path is a single although singles alone do not
/// solve it, the first step past the singles ([`first_stuck`]). `None` when
/// the givens break a rule or contradict each other.
pub fn hardest_step(problem: &Problem) -> Option<Stuck> {
    let first = first_stuck(problem)?;
    if first == Stuck::SinglesOnly {
        return Some(first);
    }
    let topo = topology_for(problem);
    let topo: &Topology = &topo;
    let mut board = Board::new(topo, &problem.givens);
    let mut ladder = Ladder::new(topo);
    let mut best: Option<(super::board::Hint, super::Pattern)> = None;
    let mut reached = 0u32;
    let mut solution = None;
    while !board.unsolved.is_empty() {
        let hint = match ladder.next_hint(&board, reached, u32::MAX) {
            Some(hint) => hint,
            None if board.broken(topo) => break,
            None => {
                let sol = solution.get_or_insert_with(|| backtrack::solve(topo, &problem.givens));
                match sol.as_ref().and_then(|s| backtrack::guess_hint(topo, &board, s)) {
                    Some(hint) => {
                        // As `grade` does: past a guess, no nested chains.
                        ladder.guessed = true;
                        hint
                    }
                    None => break,
                }
            }
        };
        let pattern = (!is_single(hint.technique) && best.as_ref().is_none_or(|(b, _)| hint.rating > b.rating))
            .then(|| pattern_of(topo, &board, &hint));
        if !apply(topo, &mut board, &hint) {
            break;
        }
        reached = reached.max(hint.rating);
        if let Some(pattern) = pattern {
            best = Some((hint, pattern));
        }
        for extra in std::mem::take(&mut ladder.pending) {
            apply(topo, &mut board, &extra);
        }
    }
    Some(match best {
        Some((hint, pattern)) => Stuck::Step(stuck_step(hint, pattern)),
        None => first,
    })
}
