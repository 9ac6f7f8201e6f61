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
    // The frontier spans the shorter side.
    let (rows, cols) = if cols > rows { (cols, rows) } else { (rows, cols) };
    assert!(cols + 2 <= 32, "count_loops supports up to 30 cells on the shorter side");
    let mut total: u128 = 0;
    let mut states: HashMap<u64, u128> = HashMap::from([(0, 1)]);
    let mut next: HashMap<u64, u128> = HashMap::new();
    for r in 0..=rows {
        for c in 0..=cols {
            let can_down = r < rows;
            let can_right = c < cols;
            next.clear();
            for (&state, &ways) in &states {
                let left = plug(state, c);
                let up = plug(state, c + 1);
                let base = with_plug(with_plug(state, c, 0), c + 1, 0);
                let mut emit = |s: u64| {
                    let slot = next.entry(s).or_insert(0);
                    *slot = slot.checked_add(ways).expect("loop count overflows u128");
                };
                match (left, up) {
                    (0, 0) => {
                        emit(base);
                        if can_down && can_right {
                            emit(with_plug(with_plug(base, c, OPEN), c + 1, CLOSE));
                        }
                    }
                    (x, 0) | (0, x) => {
                        if can_down {
                            emit(with_plug(base, c, x));
                        }
                        if can_right {
                            emit(with_plug(base, c + 1, x));
                        }
                    }
                    (OPEN, CLOSE) => {
                        // The two ends of one path meet: a finished loop,
                        // counted only if nothing else is open.
                        if base == 0 {
                            total = total.checked_add(ways).expect("loop count overflows u128");
                        }
                    }
                    (CLOSE, OPEN) => emit(base),
                    (OPEN, OPEN) => {
                        let j = matching_close(state, c + 1);
                        emit(with_plug(base, j, OPEN));
                    }
                    (CLOSE, CLOSE) => {
                        let j = matching_open(state, c);
                        emit(with_plug(base, j, CLOSE));
                    }
                    _ => unreachable!("plugs are 0, OPEN or CLOSE"),
                }
            }
            std::mem::swap(&mut states, &mut next);
        }
        // Next row: the right plug past the last column is always empty, and
        // the new row's left plug is empty, so shift every plug one place.
        states = states.into_iter().map(|(s, w)| (s << 2, w)).collect();
    }
    total
}
