//! The 16×16 fast path: classic 16×16 sudoku (rows, columns, 4×4 boxes,
//! each symbol once per house) plus per-cell starting restrictions, in the
//! band representation of [`super::fast9`] one size up.
//!
//! The grid is four bands of four rows; for each digit and band one `u64`
//! holds the 64 cells of the band where the digit is still possible, bit
//! `16 * row + col`. Cell `c` (row-major) is band `c / 64`, bit `c % 64`.
//!
//! Deductions, to a fixpoint:
//! * per digit and band, *tetrads* (a row's four cells within one box):
//!   the digit takes exactly one tetrad per row and per box of the band, a
//!   permutation of four; [`PermTable`] keeps the tetrads some permutation
//!   uses (box/row locked candidates, hidden singles in rows and boxes). A
//!   row left with one cell places the digit there.
//! * per digit and stack, the same rule for (column, band) pairs.
//! * naked singles, by bit-sliced counting over the sixteen digit boards.

use super::branch_order;
use super::engine::SearchControl;
use crate::model::{Model, Symbol};
use std::sync::LazyLock;

struct Contradiction;

const BAND_ALL: u64 = u64::MAX;
const NOT_SEEN: u64 = u64::MAX;
/// Every fourth bit: the first cell of each tetrad.
const NIBBLES: u64 = 0x1111_1111_1111_1111;
/// Column bits copied into the four rows of a band.
const ROWS: u64 = 0x0001_0001_0001_0001;

/// `PERM[occ]`: for a 4×4 occupancy (bit `4 * i + j`: row `i` may use box
/// `j`), the pairs that some row→box permutation inside it uses; 0 if none.
static PERM: LazyLock<Box<[u16]>> = LazyLock::new(|| {
    let mut perms = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                if a != b && a != c && b != c {
                    let d = 6 - a - b - c;
                    perms.push((1u16 << a) | 1 << (4 + b) | 1 << (8 + c) | 1 << (12 + d));
                }
            }
        }
    }
    (0..=u16::MAX).map(|occ| perms.iter().filter(|&&p| p & occ == p).fold(0, |u, &p| u | p)).collect()
});

/// Bit `i` of the result: whether nibble `i` of `x` is non-zero.
#[inline(always)]
fn nibbles(x: u64) -> u16 {
    let mut t = (x | x >> 1 | x >> 2 | x >> 3) & NIBBLES;
    t = (t | t >> 3) & 0x0303_0303_0303_0303;
    t = (t | t >> 6) & 0x000F_000F_000F_000F;
    t = (t | t >> 12) & 0x0000_00FF_0000_00FF;
    ((t | t >> 24) & 0xFFFF) as u16
}

/// The inverse: nibble `i` all ones where bit `i` of `x` is set.
#[inline(always)]
fn spread_nibbles(x: u16) -> u64 {
    let mut t = x as u64;
    t = (t | t << 24) & 0x0000_00FF_0000_00FF;
    t = (t | t << 12) & 0x000F_000F_000F_000F;
    t = (t | t << 6) & 0x0303_0303_0303_0303;
    t = (t | t << 3) & NIBBLES;
    t * 0xF
}

/// The columns (16 bits) a band board touches.
#[inline(always)]
fn columns(a: u64) -> u64 {
    (a | a >> 16 | a >> 32 | a >> 48) & 0xFFFF
}

/// Other cells of the same row and box within the band, per band bit.
const BAND_PEERS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut p = 0;
    while p < 64 {
        let (r, c) = (p / 16, p % 16);
        t[p] = (0xFFFF << (16 * r) | 0x000F_000F_000F_000F << (4 * (c / 4))) & !(1 << p);
        p += 1;
    }
    t
};

/// The search state: 64 + 64 + 4 words, copied at each guess.
#[derive(Clone, Copy)]
struct State {
    /// `cand[4 * digit + band]`.
    cand: [u64; 64],
    /// `cand` as last processed by the tetrad step.
    seen: [u64; 64],
    unsolved: [u64; 4],
}

impl State {
    #[inline(always)]
    fn place(&mut self, digit: usize, b: usize, p: usize) -> Result<(), Contradiction> {
        let bit = 1u64 << p;
        if self.cand[4 * digit + b] & bit == 0 || self.unsolved[b] & bit == 0 {
            return Err(Contradiction);
        }
        self.unsolved[b] &= !bit;
        for e in 0..16 {
            self.cand[4 * e + b] &= !bit;
        }
        let i = 4 * digit;
        self.cand[i + b] = (self.cand[i + b] & !BAND_PEERS[p]) | bit;
        let col = (1u64 << (p % 16)) * ROWS;
        for o in 1..4 {
            self.cand[i + (b + o) % 4] &= !col;
        }
        Ok(())
    }

    /// The tetrad step for digit `d` in band `b`.
    #[inline(always)]
    fn tetrads(&mut self, perm: &[u16], d: usize, b: usize) -> Result<(), Contradiction> {
        let i = 4 * d + b;
        let mut a = self.cand[i];
        a &= spread_nibbles(perm[nibbles(a) as usize]);
        if a == 0 {
            return Err(Contradiction);
        }
        self.seen[i] = a;
        // Rows with a single cell left and not yet placed.
        let mut single = 0u64;
        for r in 0..4 {
            let row = a >> (16 * r) & 0xFFFF;
            if row & row.wrapping_sub(1) == 0 {
                single |= row << (16 * r);
            }
        }
        let new = single & self.unsolved[b];
        if new != 0 {
            self.unsolved[b] &= !new;
            for e in 0..16 {
                self.cand[4 * e + b] &= !new;
            }
            let col = columns(new) * ROWS;
            for o in 1..4 {
                self.cand[4 * d + (b + o) % 4] &= !col;
            }
        }
        self.cand[i] = a;
        Ok(())
    }

    fn tetrads_fixpoint(&mut self, perm: &[u16]) -> Result<(), Contradiction> {
        while self.cand.iter().zip(&self.seen).fold(0, |acc, (c, s)| acc | (c ^ s)) != 0 {
            for i in 0..64 {
                if self.cand[i] != self.seen[i] {
                    self.tetrads(perm, i / 4, i % 4)?;
                }
            }
        }
        Ok(())
    }

    /// Per digit and stack: one band per column, one column per band.
    fn stacks(&mut self, perm: &[u16]) -> bool {
        let mut progress = false;
        for d in 0..16 {
            let i = 4 * d;
            let cols = [columns(self.cand[i]), columns(self.cand[i + 1]), columns(self.cand[i + 2]), columns(self.cand[i + 3])];
            let mut keep = [0u64; 4];
            for s in 0..4 {
                let occ = (0..4).fold(0u16, |o, b| o | ((cols[b] >> (4 * s) & 0xF) as u16) << (4 * b));
                let kept = perm[occ as usize];
                for (b, k) in keep.iter_mut().enumerate() {
                    *k |= ((kept >> (4 * b) & 0xF) as u64) << (4 * s);
                }
            }
            for b in 0..4 {
                if cols[b] & !keep[b] != 0 {
                    self.cand[i + b] &= keep[b] * ROWS;
                    progress = true;
                }
            }
        }
        progress
    }

    /// Naked singles; `Ok(true)` if any cell was placed.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        for b in 0..4 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for d in 0..16 {
                let a = self.cand[4 * d + b];
                twice |= once & a;
                once |= a;
            }
            if u & !once != 0 {
                return Err(Contradiction);
            }
            let singles = u & once & !twice;
            if singles == 0 {
                continue;
            }
            progress = true;
            for d in 0..16 {
                let mut s = self.cand[4 * d + b] & singles;
                while s != 0 {
                    let p = s.trailing_zeros() as usize;
                    s &= s - 1;
                    self.place(d, b, p)?;
                }
            }
        }
        Ok(progress)
    }

    /// Hidden singles in rows, boxes and columns (no locked candidates).
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        for d in 0..16 {
            for b in 0..4 {
                let a = self.cand[4 * d + b];
                let mut single = 0u64;
                for r in 0..4 {
                    let row = a >> (16 * r) & 0xFFFF;
                    if row != 0 && row & (row - 1) == 0 {
                        single |= row << (16 * r);
                    }
                }
                for k in 0..4 {
                    let x = a & 0x000F_000F_000F_000F << (4 * k);
                    if x != 0 && x & (x - 1) == 0 {
                        single |= x;
                    }
                }
                single &= self.unsolved[b];
                while single != 0 {
                    let p = single.trailing_zeros() as usize;
                    single &= single - 1;
                    self.place(d, b, p)?;
                    progress = true;
                }
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for b in 0..4 {
                let a = self.cand[4 * d + b];
                for r in 0..4 {
                    let row = a >> (16 * r) & 0xFFFF;
                    twice |= once & row;
                    once |= row;
                }
            }
            let mut cols = once & !twice;
            while cols != 0 {
                let col = (1u64 << cols.trailing_zeros()) * ROWS;
                cols &= cols - 1;
                for b in 0..4 {
                    let hit = self.cand[4 * d + b] & col & self.unsolved[b];
                    if hit != 0 {
                        self.place(d, b, hit.trailing_zeros() as usize)?;
                        progress = true;
                    }
                }
            }
        }
        Ok(progress)
    }

    fn singles(&mut self) -> Result<bool, Contradiction> {
        loop {
            if self.unsolved == [0; 4] {
                return Ok(true);
            }
            if !(self.naked_singles()? || self.hidden_singles()?) {
                return Ok(false);
            }
        }
    }

    fn propagate(&mut self, perm: &[u16]) -> Result<bool, Contradiction> {
        loop {
            self.tetrads_fixpoint(perm)?;
            if self.unsolved == [0; 4] {
                return Ok(true);
            }
            if self.naked_singles()? || self.stacks(perm) {
                continue;
            }
            return Ok(false);
        }
    }

    /// The cell to branch on (band, bit) and its digits: among the cells
    /// with the fewest candidates, the one with the most unsolved peers.
    fn choose(&self) -> (usize, usize, u32) {
        let mut pool = [0u64; 4];
        for (b, slot) in pool.iter_mut().enumerate() {
            let u = self.unsolved[b];
            let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
            for d in 0..16 {
                let a = self.cand[4 * d + b] & u;
                three |= two & a;
                two |= one & a;
                one |= a;
            }
            *slot = two & !three;
        }
        if pool == [0; 4] {
            let mut more = [[0u64; 17]; 4];
            for (b, planes) in more.iter_mut().enumerate() {
                let u = self.unsolved[b];
                for d in 0..16 {
                    let a = self.cand[4 * d + b] & u;
                    for j in (1..=d + 1).rev() {
                        planes[j] |= planes[j - 1] & a;
                    }
                    planes[0] |= a;
                }
            }
            if let Some(j) = (2..=16).find(|&j| more.iter().any(|planes| planes[j - 1] & !planes[j] != 0)) {
                for (slot, planes) in pool.iter_mut().zip(&more) {
                    *slot = planes[j - 1] & !planes[j];
                }
            }
        }
        let mut best = (0, 0, 0);
        let mut looked = 0;
        'pool: for (b, &cells) in pool.iter().enumerate() {
            let mut x = cells;
            while x != 0 {
                let p = x.trailing_zeros() as usize;
                x &= x - 1;
                let col = (1u64 << (p % 16)) * ROWS;
                let open =
                    (0..4).map(|o| (self.unsolved[(b + o) % 4] & if o == 0 { BAND_PEERS[p] | col } else { col }).count_ones()).sum::<u32>();
                if open >= best.2 {
                    best = (b, p, open + 1);
                }
                looked += 1;
                if looked == 16 {
                    break 'pool;
                }
            }
        }
        (best.0, best.1, self.digits(best.0, best.1))
    }

    fn digits(&self, b: usize, p: usize) -> u32 {
        (0..16).fold(0, |set, d| set | ((self.cand[4 * d + b] >> p & 1) as u32) << d)
    }

    fn read(&self) -> Vec<Option<Symbol>> {
        let mut cells = vec![None; 256];
        for d in 0..16 {
            for b in 0..4 {
                let mut a = self.cand[4 * d + b];
                while a != 0 {
                    cells[64 * b + a.trailing_zeros() as usize] = Some(d as Symbol);
                    a &= a - 1;
                }
            }
        }
        cells
    }
}

/// The fast path for one 16×16 model: its starting candidates.
pub struct Fast16 {
    allowed: [u64; 64],
}

impl Fast16 {
    /// `Some` when the model is classic 16×16 in row-major cell order: the
    /// 48 rows, columns and 4×4 boxes, each holding each of 16 symbols
    /// once, and nothing else (marks may restrict cells).
    pub fn for_model(model: &Model) -> Option<Fast16> {
        if model.cell_count() != 256
            || model.symbol_count() != 16
            || !model.cages.is_empty()
            || !model.conflicts.is_empty()
            || model.houses.len() != 48
        {
            return None;
        }
        let mut standard: Vec<Vec<usize>> = Vec::with_capacity(48);
        for i in 0..16 {
            standard.push((0..16).map(|j| 16 * i + j).collect());
            standard.push((0..16).map(|j| 16 * j + i).collect());
            standard.push((0..16).map(|j| 64 * (i / 4) + 4 * (i % 4) + 16 * (j / 4) + j % 4).collect());
        }
        let mut present = [false; 48];
        for house in &model.houses {
            if house.counts.len() != 16 || house.counts.iter().any(|&n| n != 1) {
                return None;
            }
            let mut cells = house.cells.clone();
            cells.sort_unstable();
            present[standard.iter().position(|s| *s == cells)?] = true;
        }
        if present.iter().any(|p| !p) {
            return None;
        }
        let mut allowed = [0u64; 64];
        for (c, set) in model.allowed.iter().enumerate() {
            for d in 0..16 {
                if set.contains(d as Symbol) {
                    allowed[4 * d + c / 64] |= 1 << (c % 64);
                }
            }
        }
        Some(Fast16 { allowed })
    }

    fn start(&self, givens: &[Option<Symbol>], excluded: &[(usize, Symbol)]) -> Option<State> {
        let mut state = State { cand: self.allowed, seen: [NOT_SEEN; 64], unsolved: [BAND_ALL; 4] };
        for &(c, s) in excluded {
            state.cand[4 * s as usize + c / 64] &= !(1 << (c % 64));
        }
        for (c, given) in givens.iter().enumerate() {
            if let Some(s) = *given {
                state.place(s as usize, c / 64, c % 64).ok()?;
            }
        }
        Some(state)
    }

    /// Counts solutions of `givens` without `excluded` up to `ctl.limit`.
    pub fn run(&self, givens: &[Option<Symbol>], excluded: &[(usize, Symbol)], ctl: &mut SearchControl) {
        let perm: &[u16] = &PERM;
        // A random fill starts from the four diagonal boxes filled at random.
        if excluded.is_empty()
            && givens.iter().all(Option::is_none)
            && let Some(rng) = ctl.rng.as_deref_mut()
            && let Some(mut seeded) = self.seeded(rng)
        {
            search(perm, &mut seeded, ctl);
            if ctl.found > 0 || ctl.out_of_budget {
                return;
            }
        }
        if let Some(mut state) = self.start(givens, excluded) {
            search(perm, &mut state, ctl);
        }
    }

    /// Whether naked and hidden singles alone fill the grid from `givens`.
    pub fn solves_by_singles(&self, givens: &[Option<Symbol>]) -> bool {
        self.start(givens, &[]).is_some_and(|mut s| matches!(s.singles(), Ok(true)))
    }

    fn seeded(&self, rng: &mut dyn rand::Rng) -> Option<State> {
        use rand::seq::SliceRandom;
        let mut state = State { cand: self.allowed, seen: [NOT_SEEN; 64], unsolved: [BAND_ALL; 4] };
        let mut digits: [usize; 16] = std::array::from_fn(|d| d);
        for b in 0..4 {
            digits.shuffle(rng);
            for (i, &d) in digits.iter().enumerate() {
                state.place(d, b, 16 * (i / 4) + 4 * b + i % 4).ok()?;
            }
        }
        Some(state)
    }
}

fn search(perm: &[u16], state: &mut State, ctl: &mut SearchControl) {
    ctl.stats.nodes += 1;
    if ctl.stats.nodes > ctl.node_budget && !ctl.renew() {
        return;
    }
    match state.propagate(perm) {
        Err(Contradiction) => return,
        Ok(true) => {
            ctl.found += 1;
            if ctl.want_first && ctl.first.is_none() {
                ctl.first = Some(state.read());
            }
            return;
        }
        Ok(false) => {}
    }
    let (b, p, digits) = state.choose();
    ctl.stats.guesses += 1;
    let (order, n) = branch_order::<16>(digits, ctl, 64 * b + p);
    for (i, &d) in order[..n].iter().enumerate() {
        let d = d as usize;
        if i + 1 == n {
            if state.place(d, b, p).is_ok() {
                search(perm, state, ctl);
            }
            return;
        }
        let mut child = *state;
        if child.place(d, b, p).is_ok() {
            search(perm, &mut child, ctl);
        }
        if ctl.found >= ctl.limit || ctl.out_of_budget {
            return;
        }
        state.cand[4 * d + b] &= !(1 << p);
    }
}
