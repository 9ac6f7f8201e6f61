//! Rule S6: does a partial even/odd pattern complete to one a sudoku can
//! have, i.e. exactly four even and five odd cells in every row, column and
//! box? Decided exactly by a row-by-row search over the 126 ways to place
//! four evens in a row, with column and box counts pruned as it goes.

use super::grid::{Board, EVENS_PER_HOUSE, SIZE, within_house_counts};
use std::collections::HashSet;

/// All 9-bit row patterns with exactly four bits set (C(9,4) = 126).
const ROW_PATTERNS: [u16; 126] = row_patterns();

const fn row_patterns() -> [u16; 126] {
    let mut out = [0u16; 126];
    let mut n = 0;
    let mut m: u16 = 0;
    while m < 512 {
        if m.count_ones() == EVENS_PER_HOUSE {
            out[n] = m;
            n += 1;
        }
        m += 1;
    }
    out
}

fn row_bits(board: Board, row: usize) -> u16 {
    ((board >> (row * SIZE)) & 0x1ff) as u16
}

/// True when the fixed cells (`even`, `odd`, disjoint or not) extend to a
/// full parity pattern with four evens in every row, column and box.
pub fn completes(even: Board, odd: Board) -> bool {
    complete(even, odd).is_some()
}

/// The even cells of one full pattern extending `even`/`odd`, if any exists.
/// Deterministic: the first completion in row-pattern order.
pub fn complete(even: Board, odd: Board) -> Option<Board> {
    if even & odd != 0 || !within_house_counts(even, odd) {
        return None;
    }
    let even_rows: [u16; SIZE] = std::array::from_fn(|r| row_bits(even, r));
    let odd_rows: [u16; SIZE] = std::array::from_fn(|r| row_bits(odd, r));
    // Bounds on the evens still to come below row r (rows r+1..): fixed evens
    // (a minimum) and cells not fixed odd (a maximum), per column and per box
    // of the same band.
    let mut col_min_after = [[0u8; SIZE]; SIZE];
    let mut col_max_after = [[0u8; SIZE]; SIZE];
    let mut box_min_after = [[0u8; 3]; SIZE];
    let mut box_max_after = [[0u8; 3]; SIZE];
    for r in (0..SIZE - 1).rev() {
        let below = r + 1;
        for c in 0..SIZE {
            col_min_after[r][c] = col_min_after[below][c] + ((even_rows[below] >> c) & 1) as u8;
            col_max_after[r][c] = col_max_after[below][c] + ((!odd_rows[below] >> c) & 1) as u8;
        }
        if !below.is_multiple_of(3) {
            for b in 0..3 {
                box_min_after[r][b] = box_min_after[below][b] + ((even_rows[below] >> (3 * b)) & 0b111).count_ones() as u8;
                box_max_after[r][b] = box_max_after[below][b] + ((!odd_rows[below] >> (3 * b)) & 0b111).count_ones() as u8;
            }
        }
    }
    let mut search = RowSearch {
        even_rows,
        odd_rows,
        col_min_after,
        col_max_after,
        box_min_after,
        box_max_after,
        chosen: [0; SIZE],
        dead_bands: HashSet::new(),
    };
    if !search.place_row(0, [0; SIZE], [0; 3]) {
        return None;
    }
    let mut result: Board = 0;
    for (r, &m) in search.chosen.iter().enumerate() {
        result |= (m as Board) << (r * SIZE);
    }
    Some(result)
}

struct RowSearch {
    even_rows: [u16; SIZE],
    odd_rows: [u16; SIZE],
    col_min_after: [[u8; SIZE]; SIZE],
    col_max_after: [[u8; SIZE]; SIZE],
    box_min_after: [[u8; 3]; SIZE],
    box_max_after: [[u8; 3]; SIZE],
    chosen: [u16; SIZE],
    /// Column-count states known to fail at the start of band 1 or 2; the
    /// rest of the search depends only on them (box counts restart at 0).
    dead_bands: HashSet<u64>,
}

impl RowSearch {
    fn place_row(&mut self, r: usize, cols: [u8; SIZE], boxes: [u8; 3]) -> bool {
        if r == SIZE {
            return true;
        }
        let memo_key = (r.is_multiple_of(3) && r > 0).then(|| cols.iter().fold(r as u64, |acc, &c| acc * 8 + c as u64));
        if memo_key.is_some_and(|key| self.dead_bands.contains(&key)) {
            return false;
        }
        let (fixed_even, fixed_odd) = (self.even_rows[r], self.odd_rows[r]);
        for &m in ROW_PATTERNS.iter() {
            if m & fixed_even != fixed_even || m & fixed_odd != 0 {
                continue;
            }
            // Each column and box must still be able to end with exactly four.
            let mut next_cols = cols;
            let cols_ok = next_cols.iter_mut().enumerate().all(|(c, count)| {
                *count += ((m >> c) & 1) as u8;
                *count + self.col_min_after[r][c] <= 4 && *count + self.col_max_after[r][c] >= 4
            });
            if !cols_ok {
                continue;
            }
            let mut next_boxes = boxes;
            let boxes_ok = next_boxes.iter_mut().enumerate().all(|(b, count)| {
                *count += ((m >> (3 * b)) & 0b111).count_ones() as u8;
                *count + self.box_min_after[r][b] <= 4 && *count + self.box_max_after[r][b] >= 4
            });
            if !boxes_ok {
                continue;
            }
            if r % 3 == 2 {
                next_boxes = [0; 3];
            }
            if self.place_row(r + 1, next_cols, next_boxes) {
                self.chosen[r] = m;
                return true;
            }
        }
        if let Some(key) = memo_key {
            self.dead_bands.insert(key);
        }
        false
    }
}
