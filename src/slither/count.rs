//! Exact loop counts by a frontier (transfer-matrix) DP over the points, row
//! by row — the "plug DP" form of Knuth's Simpath.
//!
//! Before point `(r, c)` the frontier is a row of `cols + 2` plugs: the
//! down-edges already chosen for points `(r, 0..c)`, then the edge entering
//! `(r, c)` from the left, then the down-edges of points `(r - 1, c..=cols)`.
//! Because the loop is planar, the open path ends on the frontier pair up
//! like brackets, so a plug is 0 (no edge), `OPEN` or `CLOSE`, two bits each,
//! and the whole frontier packs into a `u64` (enough for 30 columns).
//! Processing a point reads plugs `c` (left) and `c + 1` (up) and writes
//! plugs `c` (down) and `c + 1` (right), keeping its degree 0 or 2.

use super::grid::{Grid, Puzzle};
use std::collections::HashMap;

const OPEN: u64 = 1;
const CLOSE: u64 = 2;

#[inline]
fn plug(state: u64, i: usize) -> u64 {
    (state >> (2 * i)) & 3
}

#[inline]
fn with_plug(state: u64, i: usize, v: u64) -> u64 {
    (state & !(3 << (2 * i))) | (v << (2 * i))
}

/// Index of the plug that pairs with the `OPEN` plug at `i`.
fn matching_close(state: u64, i: usize) -> usize {
    let mut depth = 0;
    let mut j = i;
    loop {
        match plug(state, j) {
            OPEN => depth += 1,
            CLOSE => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
        j += 1;
    }
}

/// Index of the plug that pairs with the `CLOSE` plug at `i`.
fn matching_open(state: u64, i: usize) -> usize {
    let mut depth = 0;
    let mut j = i;
    loop {
        match plug(state, j) {
            CLOSE => depth += 1,
            OPEN => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
        j -= 1;
    }
}

/// Number of single loops (simple cycles) along the lines of a `rows`×`cols`
/// cell grid. OEIS A140517 on square grids. Exact up to 14×14 (2.2·10^38);
/// larger counts overflow `u128` and panic.
pub fn count_loops(rows: usize, cols: usize) -> u128 {
    count_matching_loops(&Puzzle::empty(Grid::new(rows, cols)))
}

/// Number of loops that meet every clue of `puzzle`: an exact solution
/// count that shares no code with the solver, used to double-check it.
///
/// Besides the plugs, the state keeps for each column the side a clue still
/// needs from its cell's bottom edge: when point `(r, c)` has chosen its
/// down edge, cell `(r, c - 1)` has three known sides, so its clue fixes the
/// fourth (decided later at point `(r + 1, c - 1)`) or rules the state out.
pub fn count_matching_loops(puzzle: &Puzzle) -> u128 {
    // The frontier spans the shorter side; transpose if needed.
    let puzzle = if puzzle.grid.cols > puzzle.grid.rows { transpose(puzzle) } else { puzzle.clone() };
    let (rows, cols) = (puzzle.grid.rows, puzzle.grid.cols);
    assert!(cols + 2 <= 32, "loop counting supports up to 30 cells on the shorter side");
    let clue = |r: usize, c: usize| puzzle.clues[r * cols + c];
    // `blank_from[i]`: cells i.. (row-major) need no edge (clue 0 or none),
    // so a loop closed before reaching them is consistent with them.
    let mut blank_from = vec![true; rows * cols + 1];
    for i in (0..rows * cols).rev() {
        blank_from[i] = blank_from[i + 1] && puzzle.clues[i].is_none_or(|k| k == 0);
    }
    let mut total: u128 = 0;
    let mut states: HashMap<Key, u128> = HashMap::from([(Key { plugs: 0, need: 0 }, 1)]);
    let mut next: HashMap<Key, u128> = HashMap::new();
    for r in 0..=rows {
        for c in 0..=cols {
            let can_down = r < rows;
            let can_right = c < cols;
            next.clear();
            for (&key, &ways) in &states {
                let state = key.plugs;
                let left = plug(state, c);
                let up = plug(state, c + 1);
                let base = with_plug(with_plug(state, c, 0), c + 1, 0);
                // Every legal (down, right) choice with the plugs it leaves.
                let mut choices: [(u64, bool, bool); 2] = [(0, false, false); 2];
                let mut n = 0;
                let mut closes = false;
                match (left, up) {
                    (0, 0) => {
                        choices[n] = (base, false, false);
                        n += 1;
                        if can_down && can_right {
                            choices[n] = (with_plug(with_plug(base, c, OPEN), c + 1, CLOSE), true, true);
                            n += 1;
                        }
                    }
                    (x, 0) | (0, x) => {
                        if can_down {
                            choices[n] = (with_plug(base, c, x), true, false);
                            n += 1;
                        }
                        if can_right {
                            choices[n] = (with_plug(base, c + 1, x), false, true);
                            n += 1;
                        }
                    }
                    // The two ends of one path meet: a finished loop, if
                    // nothing else is open.
                    (OPEN, CLOSE) => closes = base == 0,
                    (CLOSE, OPEN) => {
                        choices[n] = (base, false, false);
                        n += 1;
                    }
                    (OPEN, OPEN) => {
                        choices[n] = (with_plug(base, matching_close(state, c + 1), OPEN), false, false);
                        n += 1;
                    }
                    (CLOSE, CLOSE) => {
                        choices[n] = (with_plug(base, matching_open(state, c), CLOSE), false, false);
                        n += 1;
                    }
                    _ => unreachable!("plugs are 0, OPEN or CLOSE"),
                }
                if closes {
                    choices[n] = (0, false, false);
                    n += 1;
                }
                for &(plugs, down, right) in &choices[..n] {
                    let mut need = key.need;
                    // Bottom side of cell (r - 1, c) is this point's right edge.
                    if r > 0 && c < cols {
                        let wanted = need_of(need, c);
                        if (wanted == NEED_ON && !right) || (wanted == NEED_OFF && right) {
                            continue;
                        }
                        need = with_need(need, c, 0);
                    }
                    // Cell (r, c - 1) now has top, left and right decided.
                    if r < rows
                        && c > 0
                        && let Some(k) = clue(r, c - 1)
                    {
                        let known = u8::from(left != 0) + u8::from(plug(state, c - 1) != 0) + u8::from(down);
                        need = match k.checked_sub(known) {
                            Some(0) => with_need(need, c - 1, NEED_OFF),
                            Some(1) => with_need(need, c - 1, NEED_ON),
                            _ => continue,
                        };
                    }
                    if closes {
                        // Every edge not yet decided is off.
                        if !has_need_on(need, cols) && blank_from[(r * cols + c).min(rows * cols)] {
                            total = total.checked_add(ways).expect("loop count overflows u128");
                        }
                        continue;
                    }
                    let slot = next.entry(Key { plugs, need }).or_insert(0);
                    *slot = slot.checked_add(ways).expect("loop count overflows u128");
                }
            }
            std::mem::swap(&mut states, &mut next);
        }
        // Next row: the right plug past the last column is always empty, and
        // the new row's left plug is empty, so shift every plug one place.
        states = states.into_iter().map(|(k, w)| (Key { plugs: k.plugs << 2, need: k.need }, w)).collect();
    }
    total
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    plugs: u64,
    /// Two bits per column: 0, `NEED_OFF` or `NEED_ON` for the bottom side
    /// of the cell above the current row of points.
    need: u64,
}

const NEED_OFF: u64 = 1;
const NEED_ON: u64 = 2;

fn need_of(need: u64, c: usize) -> u64 {
    (need >> (2 * c)) & 3
}

fn with_need(need: u64, c: usize, v: u64) -> u64 {
    (need & !(3 << (2 * c))) | (v << (2 * c))
}

fn has_need_on(need: u64, cols: usize) -> bool {
    (0..cols).any(|c| need_of(need, c) == NEED_ON)
}

fn transpose(puzzle: &Puzzle) -> Puzzle {
    let g = puzzle.grid;
    let grid = Grid::new(g.cols, g.rows);
    let clues = (0..grid.cells()).map(|i| puzzle.clues[(i % grid.cols) * g.cols + i / grid.cols]).collect();
    Puzzle { grid, clues }
}
