//! Exact line solving. Given a line's clue and its known cells, find the
//! cells on which EVERY placement of the runs agrees.
//!
//! The line is a pair of bit-sets (`u64` up to 62 cells, else `u128`: a
//! line has at most 99 cells), padded with a virtual empty cell at each end
//! (bit 0 and bit `n + 1`), so a run never needs a special case at an edge.
//! For each `j`:
//! - `F[j]`: the positions `p` at which the prefix `[0, p]` can hold exactly
//!   runs `0..j`, with `p` empty;
//! - `B[j]`: the positions `p` at which the suffix `[p, n + 1]` can hold
//!   exactly runs `j..k`, with `p` empty.
//!
//! `F[j + 1]` comes from `F[j]` in a few word operations: run `j` may start
//! right after any position of `F[j]` where its `r` cells hold no known
//! empty (a window mask), it ends on a cell that can be empty, and the
//! position then slides right over cells that can be empty (a carry:
//! `fill_up`). `B` is the same sweep on the reversed line. Cell `p` can be
//! empty when some `F[j]` and `B[j]` both hold `p`; run `j` can start at
//! `s` when `F[j]` holds `s - 1`, `B[j + 1]` holds `s + r` and the window
//! fits, and every valid start marks its `r` cells "can be filled". A cell
//! that can be only one of the two is forced. The same answer as the
//! dynamic programme over every placement, in O(k · log n) word operations.

use super::{EMPTY, FILLED, UNKNOWN};

/// Solves one line in place. Returns `None` when no placement fits (a
/// contradiction), else `Some(changed)`: the indices of cells newly set.
pub fn solve_line(clue: &[usize], cells: &mut [u8]) -> Option<Vec<usize>> {
    let mut changed = Vec::new();
    LineSolver::default().solve(clue, cells, &mut changed).then_some(changed)
}

/// A line's known cells as bit-sets: bit `i` is cell `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Known {
    pub filled: u128,
    pub empty: u128,
}

/// [`solve_line`] with its tables kept between calls (the solver calls it
/// thousands of times a puzzle; fresh tables would be zeroed each time).
#[derive(Default, Clone, Debug)]
pub struct LineSolver {
    narrow: narrow::Tables,
    wide: wide::Tables,
}

/// Bits `0..n` set.
pub fn ones(n: usize) -> u128 {
    if n >= 128 { u128::MAX } else { (1u128 << n) - 1 }
}

/// Most runs a line of at most 99 cells holds.
const MAX_RUNS: usize = 50;

/// The sweeps on one word type: `u64` for lines up to 62 cells (64 padded
/// positions, the common case, in half the work), `u128` up to 99.
macro_rules! sweeps {
    ($name:ident, $word:ty) => {
        mod $name {
            use super::MAX_RUNS;
            type Word = $word;

            /// The sweeps' results: `F`, the reversed line's `F`, and the
            /// fitting starts of each run (forward, then the reversed
            /// line's, which are not read again).
            #[derive(Clone, Debug)]
            pub struct Tables {
                fwd: [Word; MAX_RUNS + 1],
                bwd: [Word; MAX_RUNS + 1],
                fits: [Word; MAX_RUNS],
                rev_fits: [Word; MAX_RUNS],
            }

            impl Default for Tables {
                fn default() -> Self {
                    Tables { fwd: [0; MAX_RUNS + 1], bwd: [0; MAX_RUNS + 1], fits: [0; MAX_RUNS], rev_fits: [0; MAX_RUNS] }
                }
            }

            /// Every position reached from a seed by moving up over
            /// positions of `pass` (a seed outside `pass` is dropped).
            /// Adding a seed to a block of set bits of `pass` carries
            /// through the block and clears it from the seed up: those
            /// cleared bits are the positions reached.
            fn fill_up(seeds: Word, pass: Word) -> Word {
                let x = seeds & pass;
                (pass & !pass.wrapping_add(x)) | x
            }

            /// The starts `s` whose `r` cells `[s, s + r)` all lie in `ok`.
            fn windows(ok: Word, r: usize) -> Word {
                let (mut w, mut len) = (ok, 1);
                while len * 2 <= r {
                    w &= w >> len;
                    len *= 2;
                }
                if r > len { w & (w >> (r - len)) } else { w }
            }

            /// The cells `[s, s + r)` of every start `s` in `starts`.
            fn spread(starts: Word, r: usize) -> Word {
                let (mut c, mut len) = (starts, 1);
                while len * 2 <= r {
                    c |= c << len;
                    len *= 2;
                }
                if r > len { c | (c << (r - len)) } else { c }
            }

            /// `F[0..=k]` of the module comment into `out` and each run's
            /// fitting starts into `fits`, on the padded line of `size`
            /// positions; `false` when the last position is unreachable.
            fn sweep(
                clue: impl Iterator<Item = usize>,
                can_fill: Word,
                can_empty: Word,
                size: usize,
                out: &mut [Word; MAX_RUNS + 1],
                fits: &mut [Word; MAX_RUNS],
            ) -> bool {
                let mut f = fill_up(1, can_empty);
                out[0] = f;
                for (j, r) in clue.enumerate() {
                    let fit = windows(can_fill, r);
                    fits[j] = fit;
                    f = fill_up((((f << 1) & fit) << r) & can_empty, can_empty);
                    out[j + 1] = f;
                }
                f >> (size - 1) & 1 == 1
            }

            /// A line of `n` cells whose known cells are `filled` and
            /// `empty` (bit `i` = cell `i`): the known cells after solving,
            /// or `None` when no placement fits. `clue` has at most
            /// [`MAX_RUNS`] runs and the padded line fits the word.
            pub fn solve(t: &mut Tables, clue: &[usize], n: usize, filled: Word, empty: Word) -> Option<(Word, Word)> {
                let size = n + 2;
                let all = Word::MAX >> (Word::BITS as usize - size);
                // Padded: cell i is bit i + 1; bits 0 and n + 1 are empty.
                let can_fill = (!empty << 1) & all & !1 & !(1 << (n + 1));
                let can_empty = !(filled << 1) & all;
                let Tables { fwd, bwd, fits, rev_fits } = t;
                if !sweep(clue.iter().copied(), can_fill, can_empty, size, fwd, fits) {
                    return None;
                }
                // B: the forward sweep of the reversed line and clue.
                let flip = |m: Word| m.reverse_bits() >> (Word::BITS as usize - size);
                sweep(clue.iter().rev().copied(), flip(can_fill), flip(can_empty), size, bwd, rev_fits);
                let k = clue.len();
                // bwd[k - j] reversed is B[j].
                let (mut maybe_empty, mut maybe_filled) = (0, 0);
                let mut next_b = flip(bwd[k]);
                for (j, &r) in clue.iter().enumerate() {
                    maybe_empty |= fwd[j] & next_b;
                    let after = flip(bwd[k - j - 1]);
                    maybe_filled |= spread((fwd[j] << 1) & fits[j] & (after >> r), r);
                    next_b = after;
                }
                maybe_empty |= fwd[k] & next_b;
                let cells = all >> 2;
                let (maybe_filled, maybe_empty) = ((maybe_filled >> 1) & cells, (maybe_empty >> 1) & cells);
                if maybe_filled | maybe_empty != cells {
                    return None;
                }
                Some((filled | (maybe_filled & !maybe_empty), empty | (maybe_empty & !maybe_filled)))
            }
        }
    };
}

sweeps!(narrow, u64);
sweeps!(wide, u128);

impl LineSolver {
    /// Solves `cells` against `clue` in place; `false` on a contradiction.
    /// `changed` receives the indices of the cells newly set (cleared first).
    pub fn solve(&mut self, clue: &[usize], cells: &mut [u8], changed: &mut Vec<usize>) -> bool {
        changed.clear();
        let mut known = Known::default();
        for (i, &c) in cells.iter().enumerate() {
            known.filled |= u128::from(c == FILLED) << i;
            known.empty |= u128::from(c == EMPTY) << i;
        }
        let Some(out) = self.solve_known(clue, cells.len(), known) else { return false };
        for (i, c) in cells.iter_mut().enumerate() {
            if *c == UNKNOWN && (out.filled | out.empty) >> i & 1 == 1 {
                *c = if out.filled >> i & 1 == 1 { FILLED } else { EMPTY };
                changed.push(i);
            }
        }
        true
    }

    /// Solves a line of `n` cells (1 ≤ n ≤ [`MAX_SIDE`](super::MAX_SIDE))
    /// whose known cells are `known`: the known cells after solving (a
    /// superset), or `None` when no placement fits.
    pub fn solve_known(&mut self, clue: &[usize], n: usize, known: Known) -> Option<Known> {
        assert!((1..=super::MAX_SIDE).contains(&n), "a line of {n} cells");
        if super::clue_span(clue) > n {
            return None;
        }
        if n + 2 <= 64 {
            let (f, e) = narrow::solve(&mut self.narrow, clue, n, known.filled as u64, known.empty as u64)?;
            Some(Known { filled: f.into(), empty: e.into() })
        } else {
            let (filled, empty) = wide::solve(&mut self.wide, clue, n, known.filled, known.empty)?;
            Some(Known { filled, empty })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement by brute force, to compare with the DP.
    fn brute(clue: &[usize], cells: &[u8]) -> Option<Vec<u8>> {
        let n = cells.len();
        let mut agree: Option<Vec<u8>> = None;
        for mask in 0u32..(1 << n) {
            let line: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let mut runs = vec![];
            let mut r = 0;
            for &c in &line {
                if c {
                    r += 1
                } else if r > 0 {
                    runs.push(r);
                    r = 0
                }
            }
            if r > 0 {
                runs.push(r)
            }
            if runs != clue {
                continue;
            }
            if (0..n).any(|i| cells[i] != UNKNOWN && (cells[i] == FILLED) != line[i]) {
                continue;
            }
            let v: Vec<u8> = line.iter().map(|&b| if b { FILLED } else { EMPTY }).collect();
            agree = Some(match agree {
                None => v,
                Some(a) => a.iter().zip(&v).map(|(&x, &y)| if x == y { x } else { UNKNOWN }).collect(),
            });
        }
        agree
    }

    /// The dynamic programme over every placement (the line solver before
    /// the bit-sets, itself checked against `brute`): `fwd[i][j]` = cells
    /// `[0, i)` can hold runs `0..j`, `bwd[i][j]` = cells `[i, n)` can hold
    /// runs `j..k`; `None` on a contradiction, else the solved line.
    fn placements(clue: &[usize], cells: &[u8]) -> Option<Vec<u8>> {
        let (n, k) = (cells.len(), clue.len());
        let w = k + 1;
        let mut empties = vec![0usize; n + 1];
        for i in 0..n {
            empties[i + 1] = empties[i] + usize::from(cells[i] == EMPTY);
        }
        let can_fill = |a: usize, b: usize| empties[b] == empties[a];
        let mut fwd = vec![false; (n + 1) * w];
        fwd[0] = true;
        for i in 1..=n {
            for j in 0..=k {
                let mut ok = cells[i - 1] != FILLED && fwd[(i - 1) * w + j];
                if !ok && j > 0 {
                    let r = clue[j - 1];
                    if i >= r && can_fill(i - r, i) {
                        ok = if i == r { j == 1 } else { cells[i - r - 1] != FILLED && fwd[(i - r - 1) * w + j - 1] };
                    }
                }
                fwd[i * w + j] = ok;
            }
        }
        if !fwd[n * w + k] {
            return None;
        }
        let mut bwd = vec![false; (n + 1) * w];
        bwd[n * w + k] = true;
        for i in (0..n).rev() {
            for j in (0..=k).rev() {
                let mut ok = cells[i] != FILLED && bwd[(i + 1) * w + j];
                if !ok && j < k {
                    let r = clue[j];
                    if i + r <= n && can_fill(i, i + r) {
                        ok = if i + r == n { j + 1 == k } else { cells[i + r] != FILLED && bwd[(i + r + 1) * w + j + 1] };
                    }
                }
                bwd[i * w + j] = ok;
            }
        }
        let mut filled = vec![false; n];
        for (j, &r) in clue.iter().enumerate() {
            for s in 0..n.saturating_sub(r - 1) {
                let left = if s == 0 { j == 0 } else { cells[s - 1] != FILLED && fwd[(s - 1) * w + j] };
                let right = if s + r == n { j + 1 == k } else { cells[s + r] != FILLED && bwd[(s + r + 1) * w + j + 1] };
                if can_fill(s, s + r) && left && right {
                    filled[s..s + r].fill(true);
                }
            }
        }
        let mut out = cells.to_vec();
        for i in 0..n {
            let e = cells[i] != FILLED && (0..=k).any(|j| fwd[i * w + j] && bwd[(i + 1) * w + j]);
            out[i] = match (filled[i], e) {
                (false, false) => return None,
                (true, false) => FILLED,
                (false, true) => EMPTY,
                (true, true) => cells[i],
            };
        }
        Some(out)
    }

    /// The bit-set solver against the placement programme on random lines
    /// of 1 to 99 cells (both word sizes: `u64` up to 62 cells, `u128` up
    /// to the largest grid's 99), seeded from random pictures: known cells
    /// taken from the picture (consistent) or flipped (often contradictory).
    #[test]
    fn bit_sets_match_the_placement_programme_on_long_lines() {
        let mut rng = crate::nonogram::generate::Rng::new(31);
        let (mut forced, mut contradictions, mut solver) = (0, 0, LineSolver::default());
        for _ in 0..20_000 {
            let n = 1 + rng.below(99);
            let density = 20 + rng.below(70);
            let picture: Vec<bool> = (0..n).map(|_| rng.below(100) < density).collect();
            let clue = crate::nonogram::Puzzle::from_picture(n, 1, &picture).rows.remove(0);
            let known = rng.below(60);
            let flips = if rng.below(3) == 0 { 1 + rng.below(3) } else { 0 };
            let mut cells: Vec<u8> =
                picture.iter().map(|&f| if rng.below(100) < known { if f { FILLED } else { EMPTY } } else { UNKNOWN }).collect();
            for _ in 0..flips {
                let i = rng.below(n);
                cells[i] = if cells[i] == FILLED { EMPTY } else { FILLED };
            }
            let want = placements(&clue, &cells);
            let mut got = cells.clone();
            let mut changed = vec![];
            let ok = solver.solve(&clue, &mut got, &mut changed);
            match want {
                None => {
                    assert!(!ok, "{clue:?} {cells:?}");
                    contradictions += 1;
                }
                Some(w) => {
                    assert!(ok, "{clue:?} {cells:?}");
                    assert_eq!(got, w, "{clue:?} {cells:?}");
                    let newly: Vec<usize> = (0..n).filter(|&i| cells[i] != got[i]).collect();
                    assert_eq!(changed, newly);
                    forced += newly.len();
                }
            }
        }
        assert!(contradictions > 1000 && forced > 100_000, "{contradictions} contradictions, {forced} cells forced");
    }

    #[test]
    fn dp_matches_brute_force() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..3000 {
            let n = 1 + next() % 10;
            let mut clue = vec![];
            let mut used = 0;
            while used < n && next() % 3 != 0 {
                let r = 1 + next() % 3;
                if used + r + usize::from(!clue.is_empty()) > n {
                    break;
                }
                used += r + usize::from(!clue.is_empty());
                clue.push(r);
            }
            let mut cells: Vec<u8> = (0..n).map(|_| [UNKNOWN, UNKNOWN, EMPTY, FILLED][next() % 4]).collect();
            let want = brute(&clue, &cells);
            let before = cells.clone();
            let got = solve_line(&clue, &mut cells);
            match want {
                None => assert!(got.is_none(), "{clue:?} {before:?}"),
                Some(w) => {
                    assert!(got.is_some(), "{clue:?} {before:?}");
                    let expect: Vec<u8> = before.iter().zip(&w).map(|(&b, &x)| if b != UNKNOWN { b } else { x }).collect();
                    assert_eq!(cells, expect, "{clue:?} {before:?}");
                }
            }
        }
    }
}
