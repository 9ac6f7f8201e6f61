//! Exact counts of unique and minimal puzzles on small boards
//! (variants.md §3: 41,433 on 3×3 cells with clues 0–4, 39,129 with 0–3).
//!
//! A puzzle is a non-empty set `S` of clued cells showing some loop `L`'s
//! counts. It is unique iff no other loop `L'` agrees with `L` on all of
//! `S`, i.e. `S` lies in none of the agreement sets `agree(L, L')`. Distinct
//! (loop, set) pairs give distinct puzzles, so the total is a sum over loops
//! of the subsets outside the down-closure of the agreement sets.
//!
//! Per loop the subsets of the board are one bitset of `2^cells` bits: mark
//! every agreement set, close downwards bit by bit (in-word shifts for the
//! low six cells, whole-word ORs above), and count. On 4×4 cells that is
//! 1,024 words × 16 passes per loop, so all 9,349 loops take well under a
//! second instead of the 10^10 steps of a set-by-set closure.

use super::enumerate::enumerate_loops;
use super::grid::{EdgeSet, Grid, clue_counts};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleCounts {
    /// Clue sets with exactly one loop.
    pub unique: u64,
    /// Unique clue sets where removing any clue lets a second loop fit.
    pub minimal: u64,
}

/// Largest board the bitset method handles (2^16 subsets per loop).
pub const MAX_CELLS: usize = 16;

/// Counts on `n`×`n` cells with clues up to `max_clue` (cells whose value
/// exceeds it cannot be clued). `n` ≤ 4.
pub fn count_puzzles(n: usize, max_clue: u8) -> PuzzleCounts {
    count_puzzles_on(Grid::new(n, n), max_clue)
}

pub fn count_puzzles_on(grid: Grid, max_clue: u8) -> PuzzleCounts {
    let sets = PuzzleSets::new(grid);
    let mut total = PuzzleCounts { unique: 0, minimal: 0 };
    for i in 0..sets.loops.len() {
        let (unique, minimal) = sets.for_loop(i, max_clue);
        total.unique += unique.iter().map(|w| w.count_ones() as u64).sum::<u64>();
        total.minimal += minimal.iter().map(|w| w.count_ones() as u64).sum::<u64>();
    }
    total
}

/// The loops of a board with their clue vectors, ready for per-loop counts.
pub struct PuzzleSets {
    pub grid: Grid,
    pub loops: Vec<EdgeSet>,
    planes: Vec<Planes>,
}

impl PuzzleSets {
    pub fn new(grid: Grid) -> PuzzleSets {
        assert!(grid.cells() <= MAX_CELLS, "puzzle counting supports at most {MAX_CELLS} cells");
        let loops = enumerate_loops(&grid);
        let planes = loops.iter().map(|l| Planes::new(&clue_counts(&grid, l))).collect();
        PuzzleSets { grid, loops, planes }
    }

    /// Bitsets over clue sets (bit `S` = cells of `S` as a mask) of the
    /// unique and the minimal puzzles of loop `i`.
    pub fn for_loop(&self, i: usize, max_clue: u8) -> (Vec<u64>, Vec<u64>) {
        let cells = self.grid.cells();
        let subsets = 1usize << cells;
        let words = subsets.div_ceil(64);
        // Bits past 2^cells in a single short word are never sets.
        let valid = if subsets >= 64 { u64::MAX } else { (1u64 << subsets) - 1 };
        let full = (1u32 << cells) - 1;
        let mut bad = vec![0u64; words];
        let l = &self.planes[i];
        for (j, other) in self.planes.iter().enumerate() {
            if i != j {
                let agree = l.agreement(other) & full;
                bad[agree as usize / 64] |= 1 << (agree % 64);
            }
        }
        close_downwards(&mut bad, cells);
        let clueable = l.at_most(max_clue) & full;
        let mut unique = vec![0u64; words];
        unique[clueable as usize / 64] |= 1 << (clueable % 64);
        close_downwards(&mut unique, cells);
        for (u, b) in unique.iter_mut().zip(&bad) {
            *u &= !b & valid;
        }
        unique[0] &= !1; // the empty set is no puzzle
        // Minimal: for every clue c in S, S without c is not unique.
        let mut minimal = unique.clone();
        for bit in 0..cells {
            keep_if_removal_is_bad(&mut minimal, &bad, bit);
        }
        (unique, minimal)
    }
}

/// A loop's clue vector as three bit planes (bit `c` of plane `k` is bit
/// `k` of cell `c`'s count), so agreement is three XORs.
struct Planes([u32; 3]);

impl Planes {
    fn new(counts: &[u8]) -> Planes {
        let mut planes = [0u32; 3];
        for (c, &v) in counts.iter().enumerate() {
            for (k, plane) in planes.iter_mut().enumerate() {
                *plane |= u32::from(v >> k & 1) << c;
            }
        }
        Planes(planes)
    }

    fn agreement(&self, other: &Planes) -> u32 {
        !((self.0[0] ^ other.0[0]) | (self.0[1] ^ other.0[1]) | (self.0[2] ^ other.0[2]))
    }

    /// Cells whose count is at most `max`.
    fn at_most(&self, max: u8) -> u32 {
        (0..32).filter(|&c| self.value(c) <= max).fold(0, |m, c| m | 1 << c)
    }

    fn value(&self, c: u32) -> u8 {
        (0..3).map(|k| ((self.0[k] >> c & 1) as u8) << k).sum()
    }
}

/// In-word masks of the sets *without* cell `i` (`i` < 6).
const LOW: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// Adds every subset of every marked set.
fn close_downwards(sets: &mut [u64], cells: usize) {
    for i in 0..cells {
        if let Some(&low) = LOW.get(i) {
            let shift = 1 << i;
            for w in sets.iter_mut() {
                *w |= (*w >> shift) & low;
            }
        } else {
            let stride = 1 << (i - 6);
            for j in 0..sets.len() {
                if j & stride != 0 {
                    sets[j ^ stride] |= sets[j];
                }
            }
        }
    }
}

/// Keeps a set S holding cell `i` only if S without `i` is marked in `bad`.
fn keep_if_removal_is_bad(sets: &mut [u64], bad: &[u64], i: usize) {
    if let Some(&low) = LOW.get(i) {
        let shift = 1 << i;
        for (w, b) in sets.iter_mut().zip(bad) {
            *w &= low | (b << shift);
        }
    } else {
        let stride = 1 << (i - 6);
        for j in 0..sets.len() {
            if j & stride != 0 {
                sets[j] &= bad[j ^ stride];
            }
        }
    }
}
