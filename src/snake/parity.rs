//! S6: does a partial parity pattern complete to a full one with exactly
//! four even (and five odd) cells in every row, column and box? Decided
//! exactly by a small search over the free cells.

use super::grid::{bit, Board, Mask, CELLS};

pub const EVENS_PER_HOUSE: u32 = 4;
pub const ODDS_PER_HOUSE: u32 = 5;

/// No house already holds too many even or odd cells.
pub fn within_limits(board: &Board, even: Mask, odd: Mask, houses: impl IntoIterator<Item = usize>) -> bool {
    houses.into_iter().all(|h| {
        (even & board.houses[h]).count_ones() <= EVENS_PER_HOUSE && (odd & board.houses[h]).count_ones() <= ODDS_PER_HOUSE
    })
}

/// Exact: some completion of `even`/`odd` (disjoint) meets the counts.
pub fn completes(board: &Board, even: Mask, odd: Mask) -> bool {
    if !within_limits(board, even, odd, 0..27) {
        return false;
    }
    let free: Vec<usize> = (0..CELLS).filter(|&c| (even | odd) & bit(c) == 0).collect();
    let mut evens = [0u32; 27];
    let mut odds = [0u32; 27];
    for (h, &mask) in board.houses.iter().enumerate() {
        evens[h] = (even & mask).count_ones();
        odds[h] = (odd & mask).count_ones();
    }
    assign(board, &free, &mut evens, &mut odds)
}

fn assign(board: &Board, free: &[usize], evens: &mut [u32; 27], odds: &mut [u32; 27]) -> bool {
    let Some((&cell, rest)) = free.split_first() else {
        return evens.iter().all(|&e| e == EVENS_PER_HOUSE);
    };
    let houses = board.houses_of[cell];
    for make_even in [true, false] {
        let (counts, limit) = if make_even { (&mut *evens, EVENS_PER_HOUSE) } else { (&mut *odds, ODDS_PER_HOUSE) };
        if houses.iter().all(|&h| counts[h] < limit) {
            houses.iter().for_each(|&h| counts[h] += 1);
            let found = assign(board, rest, evens, odds);
            let counts = if make_even { &mut *evens } else { &mut *odds };
            houses.iter().for_each(|&h| counts[h] -= 1);
            if found {
                return true;
            }
        }
    }
    false
}
