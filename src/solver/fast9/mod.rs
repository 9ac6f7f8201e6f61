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

use super::branch_order;
use super::engine::SearchControl;
use crate::model::{Model, Symbol};
use extra::Extra;

mod extra;
mod tables;

use tables::*;

struct Contradiction;

/// The search state: 27 + 3 + 2 words, copied at each guess.
#[derive(Clone, Copy)]
struct State {
    /// `cand[board(digit, band)]`: a band's nine boards side by side, so
    /// placing a cell takes it from them two boards at a time.
    cand: [u32; 27],
    unsolved: [u32; 3],
    /// The boards (bit `board(digit, band)`) that lost candidates since the
    /// triad step last looked at them: only they can give it anything new.
    dirty: u32,
    /// The digits whose boards the triad step changed since the column
    /// step last looked: only they can give the column step anything new.
    fresh: u32,
}

/// What the grid has beyond rows, columns and boxes. Classic sudoku has
/// nothing (every method a no-op the compiler removes); [`extra::Extra`]
/// holds extra houses (diagonals, windows, islands) and relations.
trait Rules {
    /// Digit `d` was just fixed at the cells `new` of band `b` (the cells
    /// already left the other digits, their rows, boxes and columns the digit).
    fn placed(&self, state: &mut State, d: usize, b: usize, new: u32);
    /// Hidden singles and empty houses among the extra houses; `Ok(true)`
    /// if a digit was placed.
    fn houses(&self, state: &mut State) -> Result<bool, Contradiction>;
    /// Locked candidates between extra houses and the others; `true` if a
    /// candidate went.
    fn locked(&self, state: &mut State) -> bool;
}

struct Classic;

impl Rules for Classic {
    #[inline(always)]
    fn placed(&self, _: &mut State, _: usize, _: usize, _: u32) {}
    #[inline(always)]
    fn houses(&self, _: &mut State) -> Result<bool, Contradiction> {
        Ok(false)
    }
    #[inline(always)]
    fn locked(&self, _: &mut State) -> bool {
        false
    }
}

/// The index of digit `digit`'s board of band `band` in `State::cand`
/// (and its bit in `State::dirty`).
#[inline(always)]
const fn board(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// The other two bands of each band.
const OTHER: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
const BAND_ALL: u32 = (1 << 27) - 1;
/// All 27 boards, as `State::dirty` bits.
const ALL_BOARDS: u32 = (1 << 27) - 1;

impl State {
    /// Fixes `digit` in band `b`, bit `p`: the cell leaves the other
    /// digits, its row, box and column lose the digit.
    #[inline(always)]
    fn place<R: Rules>(&mut self, rules: &R, digit: usize, b: usize, p: usize) -> Result<(), Contradiction> {
        self.place_all(rules, digit, b, 1 << p, true)
    }

    /// Fixes `digit` at all of `cells` (band `b`) at once: the same as
    /// placing them one by one, a contradiction where two of them share a
    /// row or box (or, in a band, a column, which is a box). Without
    /// `others`, no other digit may still be in the cells (naked singles).
    #[inline(always)]
    fn place_all<R: Rules>(&mut self, rules: &R, digit: usize, b: usize, cells: u32, others: bool) -> Result<(), Contradiction> {
        let i = board(digit, b);
        let had = self.cand[i];
        let peers = bits(cells).fold(0, |m, p| m | BAND_PEERS[p]);
        if had & cells != cells || self.unsolved[b] & cells != cells || peers & cells != 0 {
            return Err(Contradiction);
        }
        // The digit's own board keeps the cells and loses their rows and boxes.
        self.fix(rules, digit, b, cells, (had & !peers) | cells, others);
        Ok(())
    }

    /// Fixes `digit` at `cells` of band `b`, unchecked: they leave the
    /// band's other digits (if `others` may hold them), the digit's board
    /// there becomes `own`, and their columns lose the digit in the other bands.
    #[inline(always)]
    fn fix<R: Rules>(&mut self, rules: &R, digit: usize, b: usize, cells: u32, own: u32, others: bool) {
        let i = board(digit, b);
        let had = self.cand[i];
        self.unsolved[b] &= !cells;
        let pending = self.dirty & 1 << i;
        if others {
            self.remove_band(b, cells);
        }
        self.cand[i] = own;
        self.dirty = (self.dirty & !(1 << i)) | pending | u32::from(own != had) << i;
        let col = spread(columns(cells));
        self.remove(board(digit, OTHER[b][0]), col);
        self.remove(board(digit, OTHER[b][1]), col);
        rules.placed(self, digit, b, cells);
    }

    /// Takes the cells `gone` from board `i`, marking the board for the
    /// triad step if it lost any.
    #[inline(always)]
    fn remove(&mut self, i: usize, gone: u32) {
        let was = self.cand[i];
        self.cand[i] = was & !gone;
        self.dirty |= u32::from(was & gone != 0) << i;
    }

    /// Takes the cells `gone` from the nine boards of band `b`, marking
    /// those that lost any: two boards to a `u64`, and a board (27 bits)
    /// lost cells when adding `0x7FFF_FFFF` to its half sets the half's top
    /// bit. (Nine removals one by one were a fifth of the count's work.)
    #[inline(always)]
    fn remove_band(&mut self, b: usize, gone: u32) {
        let boards: &mut [u32; 9] = (&mut self.cand[9 * b..9 * b + 9]).try_into().expect("a band has nine boards");
        let gone2 = u64::from(gone) * 0x1_0000_0001;
        let mut flags = 0u64;
        for k in 0..4 {
            let w = u64::from(boards[2 * k]) | u64::from(boards[2 * k + 1]) << 32;
            let hit = w & gone2;
            let kept = w ^ hit;
            boards[2 * k] = kept as u32;
            boards[2 * k + 1] = (kept >> 32) as u32;
            flags |= ((hit + 0x7FFF_FFFF_7FFF_FFFF) & 0x8000_0000_8000_0000) >> (31 - 2 * k);
        }
        let hit = boards[8] & gone;
        boards[8] ^= hit;
        let lost = (flags | flags >> 31) as u32 & 0xFF | u32::from(hit != 0) << 8;
        self.dirty |= lost << (9 * b);
    }

    /// The triad step for board `i` (digit `i % 9`, band `i / 9`), which
    /// the caller took from `dirty`; `Ok(true)` if it placed the digit
    /// (and so may have marked boards in `dirty`).
    #[inline(always)]
    fn triads<R: Rules>(&mut self, rules: &R, i: usize) -> Result<bool, Contradiction> {
        let (d, b) = (i % 9, i / 9);
        let mut a = self.cand[i];
        let occ = SHRINK[(a & 0x1FF) as usize] as usize
            | (SHRINK[((a >> 9) & 0x1FF) as usize] as usize) << 3
            | (SHRINK[((a >> 18) & 0x1FF) as usize] as usize) << 6;
        a &= COMPLEX[occ & 0x1FF];
        if a == 0 {
            return Err(Contradiction);
        }
        self.cand[i] = a;
        // Rows with a single cell left and not yet placed: the digit goes there.
        let single = ONE[(a & 0x1FF) as usize] as u32
            | (ONE[((a >> 9) & 0x1FF) as usize] as u32) << 9
            | (ONE[((a >> 18) & 0x1FF) as usize] as u32) << 18;
        // (The board, just seen, stays as the step left it: their boxes'
        // other rows lost the digit with the triads no permutation uses.)
        let new = single & self.unsolved[b];
        if new != 0 {
            self.fix(rules, d, b, new, a, true);
        }
        Ok(new != 0)
    }

    /// Triad steps until no board changes (the result does not depend on
    /// the order: every step only narrows what a narrower board gives).
    /// The boards to see are kept in a register, `State::dirty` read
    /// only after a step that placed a digit: going through memory at each
    /// step made every step wait for the last one's store.
    #[inline]
    fn triads_fixpoint<R: Rules>(&mut self, rules: &R) -> Result<(), Contradiction> {
        let (mut dirty, mut seen) = (std::mem::take(&mut self.dirty), 0u32);
        while dirty != 0 {
            let i = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            seen |= 1 << i;
            if self.triads(rules, i)? {
                dirty |= std::mem::take(&mut self.dirty);
            }
        }
        // The digits whose boards were seen, for the column step.
        self.fresh |= (seen | seen >> 9 | seen >> 18) & 0x1FF;
        Ok(())
    }

    /// Vertical triads for every digit; `Ok(true)` if a candidate went.
    /// Per stack, a digit takes one column per band and one band per
    /// column, a permutation again: the (column, band) pairs no permutation
    /// inside the current ones uses are cleared (box→column pointing,
    /// column→box claiming, hidden singles in columns with the triad step).
    /// Run at a triad fixpoint, where no box is empty, so every stack has a
    /// permutation unless clearing empties a box, which the triad step
    /// then reports. Only the digits the triad step changed since the last
    /// column step are looked at: the others would give what they gave then.
    fn columns(&mut self) -> bool {
        let mut progress = false;
        for d in bits(std::mem::take(&mut self.fresh)) {
            let i = [board(d, 0), board(d, 1), board(d, 2)];
            // Column occupancy, band-major: bit 9 * band + column.
            let c = columns(self.cand[i[0]]) | columns(self.cand[i[1]]) << 9 | columns(self.cand[i[2]]) << 18;
            let keep = STACK_KEEP[0][stack_occupancy(c) as usize]
                | STACK_KEEP[1][stack_occupancy(c >> 3) as usize]
                | STACK_KEEP[2][stack_occupancy(c >> 6) as usize];
            if c & !keep != 0 {
                self.remove(i[0], !spread(keep & 0x1FF));
                self.remove(i[1], !spread(keep >> 9 & 0x1FF));
                self.remove(i[2], !spread(keep >> 18));
                progress = true;
            }
        }
        progress
    }

    /// The cells of band `b` with at least one, two and three digits, by
    /// bit-sliced counting. Added up as a tree, two boards to a `u64`: a
    /// chain of nine additions was twice as long a wait.
    #[inline(always)]
    fn digit_counts(&self, b: usize) -> [u32; 3] {
        let c = &self.cand[9 * b..9 * b + 9];
        let pair = |k: usize| u64::from(c[2 * k]) | u64::from(c[2 * k + 1]) << 32;
        // Counts of at least one, two, three, as three bit planes.
        type Planes<T> = (T, T, T);
        fn add<T: Copy + std::ops::BitOr<Output = T> + std::ops::BitAnd<Output = T>>(x: Planes<T>, y: Planes<T>) -> Planes<T> {
            (x.0 | y.0, x.1 | y.1 | (x.0 & y.0), x.2 | y.2 | (x.1 & y.0) | (x.0 & y.1))
        }
        let (w0, w1, w2, w3) = (pair(0), pair(1), pair(2), pair(3));
        let four = add((w0 | w1, w0 & w1, 0), (w2 | w3, w2 & w3, 0));
        let half = |w: u64, high: bool| (if high { w >> 32 } else { w }) as u32;
        let eight = add(
            (half(four.0, false), half(four.1, false), half(four.2, false)),
            (half(four.0, true), half(four.1, true), half(four.2, true)),
        );
        let all = add(eight, (c[8], 0, 0));
        [all.0, all.1, all.2]
    }

    /// Naked singles; `Ok(true)` if any cell was placed.
    fn naked_singles<R: Rules>(&mut self, rules: &R) -> Result<bool, Contradiction> {
        let mut progress = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let [once, twice, _] = self.digit_counts(b);
            if u & !once != 0 {
                return Err(Contradiction);
            }
            let singles = u & once & !twice;
            if singles == 0 {
                continue;
            }
            progress = true;
            for d in 0..9 {
                let cells = self.cand[board(d, b)] & singles;
                if cells != 0 {
                    self.place_all(rules, d, b, cells, false)?;
                }
            }
        }
        Ok(progress)
    }

    /// Hidden singles in rows, boxes and columns (no locked candidates):
    /// `Ok(true)` if any cell was placed.
    fn hidden_singles<R: Rules>(&mut self, rules: &R) -> Result<bool, Contradiction> {
        let mut progress = false;
        for d in 0..9 {
            for b in 0..3 {
                let a = self.cand[board(d, b)];
                let mut single = (ONE[(a & 0x1FF) as usize] as u32
                    | (ONE[((a >> 9) & 0x1FF) as usize] as u32) << 9
                    | (ONE[((a >> 18) & 0x1FF) as usize] as u32) << 18)
                    & self.unsolved[b];
                for m in BOX {
                    let x = a & m;
                    if x & x.wrapping_sub(1) == 0 {
                        single |= x & self.unsolved[b];
                    }
                }
                while single != 0 {
                    let p = single.trailing_zeros() as usize;
                    single &= single - 1;
                    self.place(rules, d, b, p)?;
                    progress = true;
                }
            }
            // Columns: a column-bit seen in exactly one of the nine rows.
            let (mut once, mut twice) = (0u32, 0u32);
            for b in 0..3 {
                let a = self.cand[board(d, b)];
                for r in 0..3 {
                    let row = a >> (9 * r) & 0x1FF;
                    twice |= once & row;
                    once |= row;
                }
            }
            let mut cols = once & !twice;
            while cols != 0 {
                let col = cols.trailing_zeros();
                cols &= cols - 1;
                for b in 0..3 {
                    let hit = self.cand[board(d, b)] & spread(1 << col) & self.unsolved[b];
                    if hit != 0 {
                        self.place(rules, d, b, hit.trailing_zeros() as usize)?;
                        progress = true;
                    }
                }
            }
        }
        Ok(progress)
    }

    /// Naked and hidden singles to a fixpoint: `Ok(true)` when they fill the grid.
    fn singles<R: Rules>(&mut self, rules: &R) -> Result<bool, Contradiction> {
        loop {
            if self.unsolved == [0; 3] {
                return Ok(true);
            }
            if !(self.naked_singles(rules)? || self.hidden_singles(rules)? || rules.houses(self)?) {
                return Ok(false);
            }
        }
    }

    /// All deductions to a fixpoint; `Ok(true)` when every cell is fixed.
    fn propagate<R: Rules>(&mut self, rules: &R) -> Result<bool, Contradiction> {
        loop {
            self.triads_fixpoint(rules)?;
            if self.unsolved == [0; 3] {
                return Ok(true);
            }
            if rules.houses(self)? || self.naked_singles(rules)? || self.columns() || rules.locked(self) {
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
            let [_, two, three] = self.digit_counts(b);
            *slot = two & !three & self.unsolved[b];
        }
        if pool == [0; 3] {
            // The cells with the fewest digits, by bit-sliced counting:
            // more[b][j] marks the cells of band b with more than j digits.
            let mut more = [[0u32; 10]; 3];
            for (b, planes) in more.iter_mut().enumerate() {
                let u = self.unsolved[b];
                for d in 0..9 {
                    let a = self.cand[board(d, b)] & u;
                    for j in (1..=d + 1).rev() {
                        planes[j] |= planes[j - 1] & a;
                    }
                    planes[0] |= a;
                }
            }
            if let Some(j) = (2..=9).find(|&j| more.iter().any(|planes| planes[j - 1] & !planes[j] != 0)) {
                for (slot, planes) in pool.iter_mut().zip(&more) {
                    *slot = planes[j - 1] & !planes[j];
                }
            }
        }
        // Scored without a branch: the open peers above the cell index
        // inverted, so the largest key is the first cell of the most peers.
        let all = u128::from(self.unsolved[0]) | u128::from(self.unsolved[1]) << 27 | u128::from(self.unsolved[2]) << 54;
        let mut best = 0u32;
        for (b, &cells) in pool.iter().enumerate() {
            for p in bits(cells) {
                let cell = 27 * b + p;
                let open = (all & PEERS[cell]).count_ones();
                best = best.max(open << 8 | (0xFF - cell as u32));
            }
        }
        // (An empty pool cannot happen at a fixpoint short of a full grid;
        // it would branch on the first cell, as before.)
        let cell = if best == 0 { 0 } else { 0xFF - (best & 0xFF) as usize };
        let (b, p) = (cell / 27, cell % 27);
        (b, p, self.digits(b, p))
    }

    fn digits(&self, b: usize, p: usize) -> u32 {
        (0..9).fold(0, |set, d| set | (self.cand[board(d, b)] >> p & 1) << d)
    }

    fn read(&self) -> Vec<Option<Symbol>> {
        let mut cells = vec![None; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut a = self.cand[board(d, b)];
                while a != 0 {
                    cells[27 * b + a.trailing_zeros() as usize] = Some(d as Symbol);
                    a &= a - 1;
                }
            }
        }
        cells
    }
}

/// The fast path for one model: its starting candidates per digit and
/// band, and what it has beyond classic sudoku.
pub struct Fast9 {
    allowed: [u32; 27],
    extra: Option<Extra>,
}

impl Fast9 {
    /// `Some` when the model is classic 9×9 in row-major cell order (each of
    /// the 27 rows, columns and boxes a house holding each of 9 symbols
    /// once) and any more houses hold 9 cells and each symbol once;
    /// `allowed` may restrict cells and relations may tie them. Cages (sums)
    /// stay on the engine.
    pub fn for_model(model: &Model) -> Option<Fast9> {
        if model.cell_count() != 81 || model.symbol_count() != 9 || !model.cages.is_empty() || model.allowed.len() != 81 {
            return None;
        }
        let mut standard: Vec<Vec<usize>> = Vec::with_capacity(27);
        for i in 0..9 {
            standard.push((0..9).map(|j| 9 * i + j).collect());
            standard.push((0..9).map(|j| 9 * j + i).collect());
            standard.push((0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3).collect());
        }
        let mut present = [false; 27];
        let mut more = Vec::new();
        for house in &model.houses {
            if house.counts.len() != 9 || house.counts.iter().any(|&n| n != 1) || house.cells.len() != 9 {
                return None;
            }
            let mut cells = house.cells.clone();
            cells.sort_unstable();
            match standard.iter().position(|s| *s == cells) {
                Some(k) => present[k] = true,
                None => more.push(cells),
            }
        }
        if present.iter().any(|p| !p) {
            return None;
        }
        let mut allowed = [0u32; 27];
        for (c, set) in model.allowed.iter().enumerate() {
            for d in 0..9 {
                if set.contains(d as Symbol) {
                    allowed[board(d, c / 27)] |= 1 << (c % 27);
                }
            }
        }
        let extra = (!more.is_empty() || !model.conflicts.is_empty()).then(|| Extra::new(&standard, &more, &model.conflicts));
        Some(Fast9 { allowed, extra })
    }

    /// Counts solutions of `givens` without `excluded` up to `ctl.limit`,
    /// with the generic engine's semantics (a given against its cell's
    /// candidates, or excluded, means no solution).
    pub fn run(&self, givens: &[Option<Symbol>], excluded: &[(usize, Symbol)], ctl: &mut SearchControl) {
        match &self.extra {
            None => self.run_with(&Classic, givens, excluded, ctl),
            Some(extra) => self.run_with(extra, givens, excluded, ctl),
        }
    }

    /// Whether naked and hidden singles alone fill the grid from `givens`.
    pub fn solves_by_singles(&self, givens: &[Option<Symbol>]) -> bool {
        match &self.extra {
            None => self.start(&Classic, givens, &[]).is_some_and(|mut s| matches!(s.singles(&Classic), Ok(true))),
            Some(extra) => self.start(extra, givens, &[]).is_some_and(|mut s| matches!(s.singles(extra), Ok(true))),
        }
    }

    /// The state with `givens` placed and `excluded` gone, or `None` when
    /// the givens clash (twice in a house, against a mark or a relation).
    /// The same as placing them one by one, built a digit at a time.
    fn start<R: Rules>(&self, rules: &R, givens: &[Option<Symbol>], excluded: &[(usize, Symbol)]) -> Option<State> {
        // The empty cells first, a band at a time without a branch (a
        // puzzle's givens are a coin toss per cell); then the givens, each
        // filed under its digit. (Filing the empty cells too, under a tenth
        // digit, chained half the grid's stores through one word.) A symbol
        // past 8 cannot come from a 9-symbol model.
        let mut given = [0u32; 27];
        let mut unsolved = [0u32; 3];
        for ((b, band), empty) in givens.chunks_exact(27).enumerate().zip(&mut unsolved) {
            *empty = band.iter().enumerate().fold(0, |m, (p, g)| m | u32::from(g.is_none()) << p);
            for p in bits(BAND_ALL & !*empty) {
                let s = band[p].map_or(0, usize::from);
                *given.get_mut(board(s, b)).filter(|_| s < 9)? |= 1 << p;
            }
        }
        let any = unsolved.map(|u| BAND_ALL & !u);
        let mut state = State { cand: [0; 27], unsolved, dirty: ALL_BOARDS, fresh: 0 };
        for d in 0..9 {
            let g = [given[board(d, 0)], given[board(d, 1)], given[board(d, 2)]];
            if g == [0; 3] {
                for (b, free) in any.iter().enumerate() {
                    state.cand[board(d, b)] = self.allowed[board(d, b)] & !free;
                }
                continue;
            }
            // The rows, boxes and columns holding the digit: as many of
            // each as givens of it, or two share a house.
            let (mut rows, mut boxes, mut cols, mut n) = (0, 0, 0u32, 0);
            let mut peers = [0u32; 3];
            for (b, &x) in g.iter().enumerate() {
                if x & !self.allowed[board(d, b)] != 0 {
                    return None;
                }
                let row_bits = u32::from(x & 0x1FF != 0) | u32::from(x >> 9 & 0x1FF != 0) << 1 | u32::from(x >> 18 != 0) << 2;
                let box_bits = SHRINK[columns(x) as usize] as u32;
                peers[b] = ROW_CELLS[row_bits as usize] | BOX_CELLS[box_bits as usize];
                rows += row_bits.count_ones();
                boxes += box_bits.count_ones();
                cols |= columns(x);
                n += x.count_ones();
            }
            if rows != n || boxes != n || cols.count_ones() != n {
                return None;
            }
            for b in 0..3 {
                state.cand[board(d, b)] = (self.allowed[board(d, b)] & !(peers[b] | spread(cols)) & !any[b]) | g[b];
            }
        }
        for d in 0..9 {
            for b in 0..3 {
                if given[board(d, b)] != 0 {
                    rules.placed(&mut state, d, b, given[board(d, b)]);
                }
            }
        }
        // Extra houses and relations: no given may have lost its digit.
        if (0..27).any(|i| given[i] & !state.cand[i] != 0) {
            return None;
        }
        for &(c, s) in excluded {
            if givens[c] == Some(s) {
                return None;
            }
            state.cand[board(usize::from(s), c / 27)] &= !(1 << (c % 27));
        }
        Some(state)
    }

    fn run_with<R: Rules>(&self, rules: &R, givens: &[Option<Symbol>], excluded: &[(usize, Symbol)], ctl: &mut SearchControl) {
        // A random fill of classic sudoku starts from the three diagonal
        // boxes, filled at random (they never constrain each other); should
        // marks leave that start without a completion, the plain search runs.
        // The first solution is kept as a state and read into a grid once,
        // at the end, and only if it is wanted.
        let mut first = None;
        if self.extra.is_none()
            && excluded.is_empty()
            && givens.iter().all(Option::is_none)
            && let Some(rng) = ctl.rng.as_deref_mut()
            && let Some(mut seeded) = self.seeded(rules, rng)
        {
            search(rules, &mut seeded, ctl, &mut first);
        }
        if ctl.found == 0
            && !ctl.out_of_budget
            && let Some(mut state) = self.start(rules, givens, excluded)
        {
            search(rules, &mut state, ctl, &mut first);
        }
        if let Some(state) = first
            && ctl.first.is_none()
            && !(ctl.first_if_unique && ctl.found > 1)
        {
            ctl.first = Some(state.read());
        }
    }

    /// The empty grid with boxes 1, 5 and 9 filled at random, if the marks allow it.
    fn seeded<R: Rules>(&self, rules: &R, rng: &mut dyn rand::Rng) -> Option<State> {
        use rand::seq::SliceRandom;
        let mut state = State { cand: self.allowed, unsolved: [BAND_ALL; 3], dirty: ALL_BOARDS, fresh: 0 };
        let mut digits: [usize; 9] = std::array::from_fn(|d| d);
        for b in 0..3 {
            digits.shuffle(rng);
            for (i, &d) in digits.iter().enumerate() {
                state.place(rules, d, b, 9 * (i / 3) + 3 * b + i % 3).ok()?;
            }
        }
        Some(state)
    }
}

/// `first`: the first solution found, when `ctl` wants it.
fn search<R: Rules>(rules: &R, state: &mut State, ctl: &mut SearchControl, first: &mut Option<State>) {
    ctl.stats.nodes += 1;
    if ctl.stats.nodes > ctl.node_budget && !ctl.renew() {
        return;
    }
    match state.propagate(rules) {
        Err(Contradiction) => return,
        Ok(true) => {
            ctl.found += 1;
            if ctl.want_first && first.is_none() {
                *first = Some(*state);
            }
            return;
        }
        Ok(false) => {}
    }
    let (b, p, digits) = state.choose();
    ctl.stats.guesses += 1;
    let (order, n) = branch_order::<9>(digits, ctl, 27 * b + p);
    for (i, &d) in order[..n].iter().enumerate() {
        let d = d as usize;
        if i + 1 == n {
            // The last option: no copy needed.
            if state.place(rules, d, b, p).is_ok() {
                search(rules, state, ctl, first);
            }
            return;
        }
        let mut child = *state;
        if child.place(rules, d, b, p).is_ok() {
            search(rules, &mut child, ctl, first);
        }
        if ctl.found >= ctl.limit || ctl.out_of_budget {
            return;
        }
        // Later options know this digit is not here.
        state.remove(board(d, b), 1 << p);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards of up to 27 bits from a fixed xorshift sequence.
    fn boards(seed: &mut u64) -> [u32; 27] {
        std::array::from_fn(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            // Sparse and dense boards alike: some share no cell with `gone`.
            (*seed as u32 & BAND_ALL) & (*seed >> 32) as u32
        })
    }

    #[test]
    fn band_removal_and_digit_counts_match_the_plain_loops() {
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        for round in 0..2000 {
            let cand = boards(&mut seed);
            let gone = boards(&mut seed)[0] & boards(&mut seed)[1];
            let b = round % 3;
            let mut state = State { cand, unsolved: [BAND_ALL; 3], dirty: 1 << 30, fresh: 0 };
            state.remove_band(b, gone);
            let mut dirty = 1 << 30;
            for d in 0..9 {
                let i = board(d, b);
                assert_eq!(state.cand[i], cand[i] & !gone);
                dirty |= u32::from(cand[i] & gone != 0) << i;
            }
            assert_eq!(state.dirty, dirty, "round {round}");
            // Only band b's boards change.
            assert!((0..27).filter(|i| i / 9 != b).all(|i| state.cand[i] == cand[i]));

            let mut planes = [0u32; 3];
            for d in 0..9 {
                let a = cand[board(d, b)];
                planes[2] |= planes[1] & a;
                planes[1] |= planes[0] & a;
                planes[0] |= a;
            }
            assert_eq!(State { cand, ..state }.digit_counts(b), planes, "round {round}");
        }
    }
}
