//! The depth-first search behind both the exact enumeration and the re-run
//! of the published search. A snake grows from its head; when a cell stops
//! being the tail its other orthogonal neighbours are final (S2 keeps them
//! off the snake for good), so their parity is forced then and checked at
//! once against the other forced cells and the house limits.

use super::grid::{bit, box_of, cells_of, dilate, Board, Mask, ALL, CELLS};
use super::parity::{completes, within_limits, EVENS_PER_HOUSE, ODDS_PER_HOUSE};

/// How the search runs: the exact rules, or the published conventions.
pub struct Rules {
    pub no_diagonal_touch: bool,
    /// Force the head's other neighbours to its parity (S4 at the head).
    pub force_head_neighbours: bool,
    /// Decide S6 exactly; otherwise only check that no house has more than
    /// four even or five odd cells (the published search's test).
    pub exact_completion: bool,
    /// Which (cell, even?) heads to start from.
    pub start: fn(usize, bool) -> bool,
}

/// A snake the search reports: its cells head to tail, and the head's parity.
pub struct Found<'a> {
    pub cells: &'a [u8],
    pub head_even: bool,
}

struct State {
    path: Vec<u8>,
    on: Mask,
    /// Cells whose parity is known: snake cells and final neighbours.
    even: Mask,
    odd: Mask,
    /// Known even and odd cells per house (rows, columns, boxes).
    evens: [u32; 27],
    odds: [u32; 27],
}

impl State {
    /// Counts `cells` as known with parity `even`; false (counting nothing)
    /// when a house would exceed four even or five odd cells.
    fn count(&mut self, board: &Board, cells: Mask, even: bool) -> bool {
        let (counts, limit) = if even { (&mut self.evens, EVENS_PER_HOUSE) } else { (&mut self.odds, ODDS_PER_HOUSE) };
        for cell in cells_of(cells) {
            for &h in &board.houses_of[cell] {
                counts[h] += 1;
            }
        }
        let within = cells_of(cells).all(|cell| board.houses_of[cell].iter().all(|&h| counts[h] <= limit));
        if !within {
            self.uncount(board, cells, even);
        }
        within
    }

    fn uncount(&mut self, board: &Board, cells: Mask, even: bool) {
        let counts = if even { &mut self.evens } else { &mut self.odds };
        for cell in cells_of(cells) {
            for &h in &board.houses_of[cell] {
                counts[h] -= 1;
            }
        }
    }
}

pub fn search(board: &Board, rules: &Rules, report: &mut dyn FnMut(Found)) {
    for head in 0..CELLS {
        for head_even in [true, false] {
            if !(rules.start)(head, head_even) {
                continue;
            }
            let mut state = State { path: vec![head as u8], on: bit(head), even: 0, odd: 0, evens: [0; 27], odds: [0; 27] };
            *parity_mask(&mut state, head_even) |= bit(head);
            state.count(board, bit(head), head_even);
            grow(board, rules, &mut state, head_even, report);
        }
    }
}

fn parity_mask(state: &mut State, even: bool) -> &mut Mask {
    if even {
        &mut state.even
    } else {
        &mut state.odd
    }
}

fn is_even(head_even: bool, index: usize) -> bool {
    head_even == (index % 2 == 0)
}

fn grow(board: &Board, rules: &Rules, state: &mut State, head_even: bool, report: &mut dyn FnMut(Found)) {
    let len = state.path.len();
    let tail = state.path[len - 1] as usize;
    let tail_even = is_even(head_even, len - 1);
    if len > 1 {
        test_end(board, rules, state, tail, tail_even, head_even, report);
    }
    if !boxes_reachable(board, state, tail) {
        return;
    }
    let before_tail = (len > 1).then(|| state.path[len - 2] as usize);
    let mut options = board.orth[tail] & !state.on;
    while options != 0 {
        let next = options.trailing_zeros() as usize;
        options &= options - 1;
        // S2: the new cell touches the snake only at the tail.
        if board.orth[next] & state.on != bit(tail) {
            continue;
        }
        if rules.no_diagonal_touch && board.diag[next] & state.on & !before_tail.map_or(0, bit) != 0 {
            continue;
        }
        // The tail's other neighbours are final now: they take its parity.
        let forced = board.orth[tail] & !state.on & !bit(next);
        let force = len > 1 || rules.force_head_neighbours;
        let (same, other) = if tail_even { (state.even, state.odd) } else { (state.odd, state.even) };
        if force && forced & other != 0 {
            continue;
        }
        let forced = if force { forced & !same } else { 0 };
        if !state.count(board, forced, tail_even) {
            continue;
        }
        if state.count(board, bit(next), !tail_even) {
            let saved = (state.even, state.odd);
            *parity_mask(state, tail_even) |= forced;
            *parity_mask(state, !tail_even) |= bit(next);
            state.path.push(next as u8);
            state.on |= bit(next);
            grow(board, rules, state, head_even, report);
            state.on &= !bit(next);
            state.path.pop();
            (state.even, state.odd) = saved;
            state.uncount(board, bit(next), !tail_even);
        }
        state.uncount(board, forced, tail_even);
    }
}

/// S5 can still be met: every box the snake has not visited has a cell the
/// tail can reach through cells that are neither snake nor forced (those
/// can never join the snake).
fn boxes_reachable(board: &Board, state: &State, tail: usize) -> bool {
    let visited = state.path.iter().fold(0u16, |seen, &c| seen | 1 << box_of(c as usize));
    if visited == 0x1ff {
        return true;
    }
    let free = ALL & !(state.on | state.even | state.odd);
    let mut reach = board.orth[tail] & free;
    loop {
        let wider = dilate(reach) & free;
        if wider == reach {
            break;
        }
        reach = wider;
    }
    (0..9).filter(|b| visited & 1 << b == 0).all(|b| board.houses[18 + b] & reach != 0)
}

/// Does the snake as it stands end here? The tail's other neighbours take
/// its parity (S4), all boxes are visited (S5), the pattern completes (S6).
fn test_end(board: &Board, rules: &Rules, state: &State, tail: usize, tail_even: bool, head_even: bool, report: &mut dyn FnMut(Found)) {
    let boxes = state.path.iter().fold(0u16, |seen, &c| seen | 1 << box_of(c as usize));
    if boxes != 0x1ff {
        return;
    }
    let forced = board.orth[tail] & !state.on;
    let (even, odd) = if tail_even { (state.even | forced, state.odd) } else { (state.even, state.odd | forced) };
    let pattern_ok = if rules.exact_completion { completes(board, even, odd) } else { within_limits(board, even, odd, 0..27) };
    if even & odd != 0 || !pattern_ok {
        return;
    }
    report(Found { cells: &state.path, head_even });
}
