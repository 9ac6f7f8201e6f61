//! Forcing chains: assume a candidate and follow what it forces. A
//! candidate whose consequences break the grid is false (a contradiction
//! chain); a placement or elimination that follows from every candidate of
//! a cell, or every place of a digit in a house, is true. Consequences are
//! followed by singles (forcing chains) or, when that finds nothing, by
//! singles plus locked candidates and naked pairs (dynamic forcing chains).

use super::basic::{locked_candidates, naked_subset};
use super::board::{digits, Board, Layout};
use super::step::{length_bonus, Step, Technique};

/// What one assumption leads to: a broken grid, or the board it forces,
/// and how many steps it took.
struct Outcome {
    broken: bool,
    board: Board,
    steps: usize,
}

fn follow(layout: &Layout, board: &Board, cell: usize, digit: u8, dynamic: bool) -> Outcome {
    let mut b = board.clone();
    b.place(layout, cell, digit);
    let mut steps = 0;
    loop {
        // Every naked single in one sweep (each re-checked as placed), then
        // hidden singles, then, for dynamic chains, the next basic step.
        let mut placed = 0;
        for c in 0..layout.cells {
            if b.values[c].is_none() {
                match b.candidates[c].count_ones() {
                    0 => return Outcome { broken: true, board: b, steps },
                    1 => {
                        b.place(layout, c, b.candidates[c].trailing_zeros() as u8);
                        placed += 1;
                    }
                    _ => {}
                }
            }
        }
        if placed == 0 {
            placed = place_hidden_singles(layout, &mut b);
        }
        if placed == 0 && dynamic {
            if let Some(step) = locked_candidates(layout, &b).or_else(|| naked_subset(layout, &b, 2)) {
                step.apply(layout, &mut b);
                placed = 1;
            }
        }
        if placed == 0 {
            let broken = b.broken(layout);
            return Outcome { broken, board: b, steps };
        }
        steps += placed;
    }
}

/// Places every digit that has one place left in a house; returns how many.
fn place_hidden_singles(layout: &Layout, b: &mut Board) -> usize {
    let mut placed = 0;
    for house in &layout.houses {
        let (mut once, mut more) = (0u16, 0u16);
        for &c in house {
            more |= once & b.candidates[c];
            once |= b.candidates[c];
        }
        for d in digits(once & !more) {
            if let Some(c) = house.iter().copied().find(|&c| b.candidates[c] & (1 << d) != 0) {
                b.place(layout, c, d);
                placed += 1;
            }
        }
    }
    placed
}

pub fn forcing_chain(layout: &Layout, board: &Board, dynamic: bool) -> Option<Step> {
    let (technique, base) = if dynamic { (Technique::DynamicForcingChain, 8.5) } else { (Technique::ForcingChain, 7.0) };
    let open: Vec<usize> = (0..layout.cells).filter(|&c| board.values[c].is_none()).collect();
    let mut outcomes: Vec<Vec<(u8, Outcome)>> = Vec::with_capacity(layout.cells);
    let mut best: Option<(usize, Step)> = None;
    let mut offer = |steps: usize, step: Step| {
        if best.as_ref().is_none_or(|(s, _)| steps < *s) {
            best = Some((steps, step));
        }
    };
    for cell in 0..layout.cells {
        let results: Vec<(u8, Outcome)> = if board.values[cell].is_none() {
            digits(board.candidates[cell]).map(|d| (d, follow(layout, board, cell, d, dynamic))).collect()
        } else {
            Vec::new()
        };
        // Contradiction: the assumption breaks the grid.
        for (d, o) in &results {
            if o.broken {
                let mut step = Step::new(technique, base + length_bonus(o.steps), format!("assuming {} = {}", layout.names[cell], d + 1));
                step.eliminations.push((cell, *d));
                offer(o.steps, step);
            }
        }
        // Cell forcing: what every candidate of the cell agrees on.
        if results.len() >= 2 && results.iter().all(|(_, o)| !o.broken) {
            if let Some((steps, step)) = agreement(layout, board, &open, &results, cell, technique, base) {
                offer(steps, step);
            }
        }
        outcomes.push(results);
    }
    // Region forcing: every place of a digit in a house.
    for house in &layout.houses {
        for d in 0..layout.symbols as u8 {
            let places: Vec<usize> = board.places(house, d).collect();
            if places.len() < 2 || places.len() > 3 {
                continue;
            }
            let branches: Vec<(u8, Outcome)> = places
                .iter()
                .filter_map(|&c| outcomes[c].iter().find(|(x, _)| *x == d).map(|(x, o)| (*x, Outcome { broken: o.broken, board: o.board.clone(), steps: o.steps })))
                .collect();
            if branches.len() == places.len() && branches.iter().all(|(_, o)| !o.broken) {
                if let Some((steps, step)) = agreement(layout, board, &open, &branches, places[0], technique, base + 0.2) {
                    offer(steps, step);
                }
            }
        }
    }
    best.map(|(_, step)| step)
}

/// Placements and eliminations common to every branch.
fn agreement(layout: &Layout, board: &Board, open: &[usize], branches: &[(u8, Outcome)], at: usize, technique: Technique, base: f32) -> Option<(usize, Step)> {
    let steps = branches.iter().map(|(_, o)| o.steps).max().unwrap_or(0);
    let mut step = Step::new(technique, base + 0.3 + length_bonus(steps), format!("from every choice at {}", layout.names[at]));
    for &c in open {
        let first = branches[0].1.board.values[c];
        if first.is_some() && branches.iter().all(|(_, o)| o.board.values[c] == first) {
            step.placements.push((c, first.unwrap_or(0)));
            continue;
        }
        let kept = branches.iter().fold(0u16, |m, (_, o)| m | o.board.candidates[c] | o.board.values[c].map_or(0, |v| 1 << v));
        for d in digits(board.candidates[c] & !kept) {
            step.eliminations.push((c, d));
        }
    }
    (!step.placements.is_empty() || !step.eliminations.is_empty()).then_some((steps, step))
}
