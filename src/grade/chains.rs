//! Chains: simple colouring on one digit's conjugate pairs (X-chains), and
//! chains of bivalue cells (XY-chains).

use super::board::{digits, Board, Layout};
use super::step::{length_bonus, Step, Technique};
use std::collections::VecDeque;

/// Simple colouring: a digit's strong links (houses with two places) split
/// into two colours, one of which is true. A cell seeing both colours loses
/// the digit; a colour that sees itself is false.
pub fn x_chain(layout: &Layout, board: &Board) -> Option<Step> {
    for d in 0..layout.symbols as u8 {
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); layout.cells];
        for house in &layout.houses {
            let places: Vec<usize> = board.places(house, d).collect();
            if places.len() == 2 {
                links[places[0]].push(places[1]);
                links[places[1]].push(places[0]);
            }
        }
        let mut colour: Vec<Option<bool>> = vec![None; layout.cells];
        for start in 0..layout.cells {
            if links[start].is_empty() || colour[start].is_some() {
                continue;
            }
            let mut component = Vec::new();
            let mut queue = VecDeque::from([start]);
            colour[start] = Some(true);
            while let Some(c) = queue.pop_front() {
                component.push(c);
                for &n in &links[c] {
                    if colour[n].is_none() {
                        colour[n] = Some(!colour[c].unwrap_or(true));
                        queue.push_back(n);
                    }
                }
            }
            if component.len() < 4 {
                continue; // two cells are a plain pair; three add nothing
            }
            let rating = 6.5 + length_bonus(component.len());
            let coloured = |want: bool| -> Vec<usize> { component.iter().copied().filter(|&c| colour[c] == Some(want)).collect() };
            let (trues, falses) = (coloured(true), coloured(false));
            let of = |want: bool| if want { trues.iter().copied() } else { falses.iter().copied() };
            for wrong in [true, false] {
                if of(wrong).any(|a| of(wrong).any(|b| layout.sees(a, b))) {
                    let mut step = Step::new(Technique::XChain, rating, format!("colouring digit {}", d + 1));
                    step.eliminations = of(wrong).map(|c| (c, d)).collect();
                    return Some(step);
                }
            }
            let gone: Vec<(usize, u8)> = (0..layout.cells)
                .filter(|&c| board.candidates[c] & (1 << d) != 0 && colour[c].is_none())
                .filter(|&c| of(true).any(|a| layout.sees(c, a)) && of(false).any(|b| layout.sees(c, b)))
                .map(|c| (c, d))
                .collect();
            if !gone.is_empty() {
                let mut step = Step::new(Technique::XChain, rating, format!("colouring digit {}", d + 1));
                step.eliminations = gone;
                return Some(step);
            }
        }
    }
    None
}

/// Longer chains are left to forcing chains.
const MAX_CHAIN_CELLS: usize = 24;

/// XY-chain: bivalue cells linked by shared digits; if the chain starts
/// and ends with digit x, x goes from every cell seeing both ends. The
/// shortest chain found is taken (SE rates longer chains higher).
pub fn xy_chain(layout: &Layout, board: &Board) -> Option<Step> {
    let bivalue: Vec<usize> = (0..layout.cells).filter(|&c| board.candidates[c].count_ones() == 2).collect();
    let mut best: Option<Step> = None;
    for &start in &bivalue {
        for x in digits(board.candidates[start]) {
            // Nodes: (cell, digit that is ON in it). Start: x off, so the other is on.
            let Some(first_on) = digits(board.candidates[start] & !(1 << x)).next() else { continue };
            let mut seen = vec![0u16; layout.cells];
            let mut queue = VecDeque::from([(start, first_on, 1usize)]);
            seen[start] |= 1 << first_on;
            while let Some((cell, on, length)) = queue.pop_front() {
                if length > MAX_CHAIN_CELLS {
                    break;
                }
                for &next in &layout.peers[cell] {
                    if board.candidates[next].count_ones() != 2 || board.candidates[next] & (1 << on) == 0 {
                        continue;
                    }
                    let next_on = digits(board.candidates[next] & !(1 << on)).next().unwrap_or(on);
                    if seen[next] & (1 << next_on) != 0 {
                        continue;
                    }
                    seen[next] |= 1 << next_on;
                    if next_on == x && next != start {
                        let gone: Vec<(usize, u8)> = (0..layout.cells)
                            .filter(|&c| c != start && c != next && board.candidates[c] & (1 << x) != 0)
                            .filter(|&c| layout.sees(c, start) && layout.sees(c, next))
                            .map(|c| (c, x))
                            .collect();
                        if !gone.is_empty() {
                            let rating = 6.6 + length_bonus(2 * (length + 1));
                            if best.as_ref().is_none_or(|b| rating < b.rating) {
                                let mut step = Step::new(Technique::XyChain, rating, format!("from {} to {}", layout.names[start], layout.names[next]));
                                step.eliminations = gone;
                                best = Some(step);
                            }
                            continue;
                        }
                    }
                    queue.push_back((next, next_on, length + 1));
                }
            }
        }
    }
    best
}
