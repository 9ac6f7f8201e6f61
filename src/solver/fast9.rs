//! The 9×9 fast path: classic sudoku (rows, columns, 3×3 boxes, each digit
//! once per house) plus per-cell starting restrictions (`allowed`, e.g.
//! even/odd marks). Chosen by [`Fast9::for_model`] from the compiled model;
//! anything else stays on the generic engine.
//!
//! Representation (band-oriented, in the spirit of JCZSolve/fsss2): the grid
//! is three bands of three rows; for each digit and band one `u32` holds the
//! 27 cells of the band where the digit is still possible, bit `9 * row + col`
//! (row within the band). Cell `c` of the model (row-major) is band `c / 27`,
//! bit `c % 27`. A second board per cell band, `unsolved`, marks cells whose
//! digit is not fixed yet.
//!
//! Deductions, to a fixpoint:
//! * per digit and band, *triads* (a row's three cells within one box):
//!   the digit takes exactly one triad per row and per box of the band, a
//!   permutation; [`COMPLEX`] keeps the triads some permutation uses. That
//!   is box/row locked candidates plus hidden singles in rows and boxes,
//!   one table look-up. A row left with one cell places the digit there
//!   (the cell leaves the other digits, its column leaves the other bands).
//! * per digit and stack, the same permutation rule for (column, band)
//!   pairs: the digit takes one band per column and one column per band.
//! * naked singles, by bit-sliced counting over the nine digit boards.
//!
//! Search branches on a bivalue cell when there is one (else a cell with the
//! fewest candidates), the one with the most open peers, digits in
//! ascending order.

use super::engine::SearchControl;
use crate::model::{Model, Symbol};

/// Bit `k` set if the 9-bit row pattern has a cell in box column `k`.
const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For a triad occupancy (bit `3 * row + box`), the triads that some
/// row→box permutation fully inside it uses (same bits); 0 if none.
const PERM_UNION: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut bits = 0u16;
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                let b = 3 * r + perm[r];
                if occ >> b & 1 == 0 {
                    ok = false;
                }
                bits |= 1 << b;
                r += 1;
            }
            if ok {
                t[occ] |= bits;
            }
            p += 1;
        }
        occ += 1;
    }
    t
};

/// [`PERM_UNION`] spread to the band cells of the kept triads.
const COMPLEX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let union = PERM_UNION[occ];
        let mut b = 0;
        while b < 9 {
            if union >> b & 1 != 0 {
                t[occ] |= 7 << (9 * (b / 3) + 3 * (b % 3));
            }
            b += 1;
        }
        occ += 1;
    }
    t
};

/// `STACK_KEEP[s][occ]`: for a stack's (column, band) occupancy `occ` (bit
/// `3 * band + column in stack`), the band-major column bits (bit
/// `9 * band + column`) of the pairs [`PERM_UNION`] keeps.
const STACK_KEEP: [[u32; 512]; 3] = {
    let mut t = [[0u32; 512]; 3];
    let mut s = 0;
    while s < 3 {
        let mut occ = 0;
        while occ < 512 {
            let union = PERM_UNION[occ] as u32;
            let mut b = 0;
            while b < 3 {
                t[s][occ] |= (union >> (3 * b) & 7) << (9 * b + 3 * s);
                b += 1;
            }
            occ += 1;
        }
        s += 1;
    }
    t
};

/// The first stack's (column, band) occupancy of band-major column bits
/// `c` (shift `c` right by 3 or 6 for the other stacks).
#[inline(always)]
fn stack_occupancy(c: u32) -> u32 {
    let x = c & 0x1C0E07;
    (x | x >> 6 | x >> 12) & 0x1FF
}

/// The 9-bit row pattern itself if it has exactly one cell, else 0.
const ONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// Other cells of the same row and box within the band, per band bit.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut m = 0x1FFu32 << (9 * r);
        let mut rr = 0;
        while rr < 3 {
            m |= 7 << (9 * rr + 3 * (c / 3));
            rr += 1;
        }
        t[p] = m & !(1 << p);
        p += 1;
    }
    t
};

/// A 9-bit column set copied into the three rows of a band.
#[inline(always)]
fn spread(cols: u32) -> u32 {
    cols * 0x40201
}

/// The columns (9 bits) a band board touches.
#[inline(always)]
fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

struct Contradiction;

/// The search state: 27 + 27 + 3 words, copied at each guess.
#[derive(Clone, Copy)]
struct State {
    /// `cand[3 * digit + band]`.
    cand: [u32; 27],
    /// `cand` as last processed by the triad step; a difference means work.
    seen: [u32; 27],
    unsolved: [u32; 3],
}

const NOT_SEEN: u32 = u32::MAX;
const BAND_ALL: u32 = (1 << 27) - 1;

impl State {
    /// Fixes `digit` in band `b`, bit `p`: the cell leaves the other
    /// digits, its row, box and column lose the digit.
    #[inline(always)]
    fn place(&mut self, digit: usize, b: usize, p: usize) -> Result<(), Contradiction> {
        let bit = 1u32 << p;
        if self.cand[3 * digit + b] & bit == 0 || self.unsolved[b] & bit == 0 {
            return Err(Contradiction);
        }
        self.unsolved[b] &= !bit;
        for e in 0..9 {
            self.cand[3 * e + b] &= !bit;
        }
        let i = 3 * digit;
        self.cand[i + b] = (self.cand[i + b] & !BAND_PEERS[p]) | bit;
        let col = spread(1 << (p % 9));
        self.cand[i + (b + 1) % 3] &= !col;
        self.cand[i + (b + 2) % 3] &= !col;
        Ok(())
    }

    /// The triad step for digit `d` in band `B` (const: the other bands'
    /// indices fold away).
    #[inline(always)]
    fn triads<const B: usize>(&mut self, d: usize) -> Result<(), Contradiction> {
        let i = 3 * d + B;
        let mut a = self.cand[i];
        let occ = SHRINK[(a & 0x1FF) as usize] as usize
            | (SHRINK[((a >> 9) & 0x1FF) as usize] as usize) << 3
            | (SHRINK[((a >> 18) & 0x1FF) as usize] as usize) << 6;
        a &= COMPLEX[occ & 0x1FF];
        if a == 0 {
            return Err(Contradiction);
        }
        self.seen[i] = a;
        // Rows with a single cell left and not yet placed: the digit goes there.
        let single = ONE[(a & 0x1FF) as usize] as u32
            | (ONE[((a >> 9) & 0x1FF) as usize] as u32) << 9
            | (ONE[((a >> 18) & 0x1FF) as usize] as u32) << 18;
        let new = single & self.unsolved[B];
        if new != 0 {
            self.unsolved[B] &= !new;
            for e in 0..9 {
                self.cand[3 * e + B] &= !new;
            }
            let col = spread(columns(new));
            self.cand[3 * d + (B + 1) % 3] &= !col;
            self.cand[3 * d + (B + 2) % 3] &= !col;
        }
        self.cand[i] = a;
        Ok(())
    }

    /// Triad steps until no board changes.
    #[inline]
    fn triads_fixpoint(&mut self) -> Result<(), Contradiction> {
        // The whole-array test is a few vector operations; the last pass
        // of a per-board loop would cost 27 compares and branches.
        while self.cand.iter().zip(&self.seen).fold(0, |acc, (c, s)| acc | (c ^ s)) != 0 {
            for d in 0..9 {
                let i = 3 * d;
                if self.cand[i] != self.seen[i] {
                    self.triads::<0>(d)?;
                }
                if self.cand[i + 1] != self.seen[i + 1] {
                    self.triads::<1>(d)?;
                }
                if self.cand[i + 2] != self.seen[i + 2] {
                    self.triads::<2>(d)?;
                }
            }
        }
        Ok(())
    }

    /// Vertical triads for every digit; `Ok(true)` if a candidate went.
    /// Per stack, a digit takes one column per band and one band per
    /// column, a permutation again: the (column, band) pairs no permutation
    /// inside the current ones uses are cleared (box→column pointing,
    /// column→box claiming, hidden singles in columns with the triad step).
    /// Run at a triad fixpoint, where no box is empty, so every stack has a
    /// permutation unless clearing empties a box, which the triad step
    /// then reports.
    fn columns(&mut self) -> bool {
        let mut progress = false;
        for d in 0..9 {
            let i = 3 * d;
            // Column occupancy, band-major: bit 9 * band + column.
            let c = columns(self.cand[i]) | columns(self.cand[i + 1]) << 9 | columns(self.cand[i + 2]) << 18;
            let keep = STACK_KEEP[0][stack_occupancy(c) as usize]
                | STACK_KEEP[1][stack_occupancy(c >> 3) as usize]
                | STACK_KEEP[2][stack_occupancy(c >> 6) as usize];
            if c & !keep != 0 {
                self.cand[i] &= spread(keep & 0x1FF);
                self.cand[i + 1] &= spread(keep >> 9 & 0x1FF);
                self.cand[i + 2] &= spread(keep >> 18);
                progress = true;
            }
        }
        progress
    }

    /// Naked singles; `Ok(true)` if any cell was placed.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for d in 0..9 {
                let a = self.cand[3 * d + b];
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
            for d in 0..9 {
                let mut s = self.cand[3 * d + b] & singles;
                while s != 0 {
                    let p = s.trailing_zeros() as usize;
                    s &= s - 1;
                    self.place(d, b, p)?;
                }
            }
        }
        Ok(progress)
    }

    /// All deductions to a fixpoint; `Ok(true)` when every cell is fixed.
    fn propagate(&mut self) -> Result<bool, Contradiction> {
        loop {
            self.triads_fixpoint()?;
            if self.unsolved == [0; 3] {
                return Ok(true);
            }
            if self.naked_singles()? || self.columns() {
                continue;
            }
            return Ok(false);
        }
    }

    /// The cell to branch on (band, bit) and its digits.
    /// Among the cells with the fewest candidates (bivalue ones, found by
    /// bit-sliced counting, when there are any), the one with the most
    /// unsolved cells in its row, column and box: its choice settles the
    /// most (on hardest-1106 half the nodes of taking the first bivalue cell).
    fn choose(&self) -> (usize, usize, u32) {
        let mut pool = [0u32; 3];
        for (b, slot) in pool.iter_mut().enumerate() {
            let u = self.unsolved[b];
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let a = self.cand[3 * d + b] & u;
                three |= two & a;
                two |= one & a;
                one |= a;
            }
            *slot = two & !three;
        }
        if pool == [0; 3] {
            let fewest = (0..3)
                .flat_map(|b| bits(self.unsolved[b]).map(move |p| (b, p)))
                .map(|(b, p)| self.digits(b, p).count_ones())
                .min()
                .unwrap_or(0);
            for (b, slot) in pool.iter_mut().enumerate() {
                *slot = bits(self.unsolved[b]).filter(|&p| self.digits(b, p).count_ones() == fewest).fold(0, |m, p| m | 1 << p);
            }
        }
        let mut best = (0, 0, 0);
        for (b, &cells) in pool.iter().enumerate() {
            for p in bits(cells) {
                let col = spread(1 << (p % 9));
                let open = (self.unsolved[b] & (BAND_PEERS[p] | col)).count_ones()
                    + (self.unsolved[(b + 1) % 3] & col).count_ones()
                    + (self.unsolved[(b + 2) % 3] & col).count_ones();
                if open >= best.2 {
                    best = (b, p, open + 1);
                }
            }
        }
        (best.0, best.1, self.digits(best.0, best.1))
    }

    fn digits(&self, b: usize, p: usize) -> u32 {
        (0..9).fold(0, |set, d| set | (self.cand[3 * d + b] >> p & 1) << d)
    }

    fn read(&self) -> Vec<Option<Symbol>> {
        let mut cells = vec![None; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut a = self.cand[3 * d + b];
                while a != 0 {
                    cells[27 * b + a.trailing_zeros() as usize] = Some(d as Symbol);
                    a &= a - 1;
                }
            }
        }
        cells
    }
}

/// The fast path for one model: its starting candidates per digit and band.
pub struct Fast9 {
    allowed: [u32; 27],
}

impl Fast9 {
    /// `Some` when the model is classic 9×9 in row-major cell order (each of
    /// the 27 rows, columns and boxes a house holding each of 9 symbols
    /// once, no other house, no relations); `allowed` may restrict cells.
    pub fn for_model(model: &Model) -> Option<Fast9> {
        if model.cell_count() != 81 || model.symbol_count() != 9 || !model.conflicts.is_empty() || model.allowed.len() != 81 {
            return None;
        }
        let mut standard: Vec<Vec<usize>> = Vec::with_capacity(27);
        for i in 0..9 {
            standard.push((0..9).map(|j| 9 * i + j).collect());
            standard.push((0..9).map(|j| 9 * j + i).collect());
            standard.push((0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3).collect());
        }
        let mut present = [false; 27];
        for house in &model.houses {
            if house.counts.len() != 9 || house.counts.iter().any(|&n| n != 1) {
                return None;
            }
            let mut cells = house.cells.clone();
            cells.sort_unstable();
            let k = standard.iter().position(|s| *s == cells)?;
            present[k] = true;
        }
        if present.iter().any(|p| !p) {
            return None;
        }
        let mut allowed = [0u32; 27];
        for (c, set) in model.allowed.iter().enumerate() {
            for d in 0..9 {
                if set.contains(d as Symbol) {
                    allowed[3 * d + c / 27] |= 1 << (c % 27);
                }
            }
        }
        Some(Fast9 { allowed })
    }

    /// Counts solutions of `givens` without `excluded` up to `ctl.limit`,
    /// with the generic engine's semantics (a given against its cell's
    /// candidates, or excluded, means no solution).
    pub fn run(&self, givens: &[Option<Symbol>], excluded: &[(usize, Symbol)], ctl: &mut SearchControl) {
        let mut state = State { cand: self.allowed, seen: [NOT_SEEN; 27], unsolved: [BAND_ALL; 3] };
        for &(c, s) in excluded {
            state.cand[3 * s as usize + c / 27] &= !(1 << (c % 27));
        }
        for (c, given) in givens.iter().enumerate() {
            if let Some(s) = *given
                && state.place(s as usize, c / 27, c % 27).is_err()
            {
                return;
            }
        }
        search(&mut state, ctl);
    }
}

fn search(state: &mut State, ctl: &mut SearchControl) {
    ctl.stats.nodes += 1;
    if ctl.stats.nodes > ctl.node_budget {
        ctl.out_of_budget = true;
        return;
    }
    match state.propagate() {
        Err(Contradiction) => return,
        Ok(true) => {
            ctl.found += 1;
            if ctl.first.is_none() {
                ctl.first = Some(state.read());
            }
            return;
        }
        Ok(false) => {}
    }
    let (b, p, mut digits) = state.choose();
    ctl.stats.guesses += 1;
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if digits == 0 {
            // The last option: no copy needed.
            if state.place(d, b, p).is_ok() {
                search(state, ctl);
            }
            return;
        }
        let mut child = *state;
        if child.place(d, b, p).is_ok() {
            search(&mut child, ctl);
        }
        if ctl.found >= ctl.limit || ctl.out_of_budget {
            return;
        }
        // Later options know this digit is not here.
        state.cand[3 * d + b] &= !(1 << p);
    }
}

/// The set bits of a board, lowest first.
fn bits(mut x: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let p = x.trailing_zeros() as usize;
            x &= x - 1;
            p
        })
    })
}
