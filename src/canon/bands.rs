//! The sudoku group's hard part: which row and column orders give the
//! smallest key? The key is the smallest relabelled string among the orders
//! whose pattern of givens (empty before filled, row by row) is smallest.
//!
//! Two exact methods compute it, and a third bounds what neither can:
//!
//! * **Frames** (most puzzles). Rows are chosen one at a time (a new band's
//!   first row from any unused band, then the rest of that band). Columns
//!   are never enumerated up front: a *frame* holds every column order still
//!   optimal — stacks in groups whose order is free, columns in groups whose
//!   order is free — and each chosen row refines it (empties first within a
//!   group, stacks sorted by their pattern). Only the rows that tie branch,
//!   and the orders left are relabelled one by one, each dropped at its
//!   first cell above the best key. Used when the search and the orders
//!   left stay within `PATTERN_NODES` and `ENUM_ORDERS` (`frames.rs`).
//! * **Column orders** (full, nearly full and nearly empty grids, whose
//!   patterns tie everywhere). Every column order of the group (1,296 per
//!   transposition on 9×9) is tried; for each, the smallest row pattern
//!   follows by sorting, and rows are then chosen by their relabelled
//!   values, branching only where two rows show the same values, and
//!   pruned as soon as a row shows more than the best key found so far. A
//!   full grid's first row fixes every label, so from the second row on
//!   nothing ties. Memory is a few rows; work is counted.
//! * **Capped frames** (only where a group has more than `MAX_SIGMAS` column
//!   orders — 16×16 — and the ties overflow the frames): the frame search
//!   stops at fixed caps. The key is still a key of an equivalent puzzle,
//!   but two equivalent puzzles may then get different keys.

use super::frames::{self, MAX_N, Search};
use crate::model::Symbol;

/// The frame search gives way to the column-order search beyond these.
const PATTERN_NODES: usize = 4_000;
const ENUM_ORDERS: usize = 5_000;
/// The column-order search runs where a transposition has at most this many
/// column orders (every classic layout but 16×16).
const MAX_SIGMAS: usize = 100_000;
/// Safety bounds of the last resort and of the column-order search (cells
/// relabelled); no classic grid comes near the latter.
const CAPPED_NODES: usize = 20_000;
pub(super) const CAPPED_ORDERS: usize = 20_000;
pub(super) const MAX_LEAVES: usize = 20_000;
pub(super) const MAX_COLUMN_ORDERS: usize = 5_000;
const MAX_WORK: u64 = 400_000_000;

/// The shape of a classic grid: rows in bands of `band_height`, columns in
/// stacks of `stack_width`, transposition allowed or not.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub n: usize,
    pub band_height: usize,
    pub stack_width: usize,
    pub transpose: bool,
}

/// Renames symbols in order of first appearance, each to the smallest
/// unused symbol of its class: 0 = empty, 1 + symbol otherwise. Fixed
/// arrays (a layout has at most 32 symbols, `SymbolSet` is a `u32`): a copy
/// per column order tried costs no allocation.
#[derive(Clone, Copy)]
pub struct Labeler<'a> {
    class_of: &'a [usize],
    members: &'a [Vec<Symbol>],
    /// `map[s]`: 1 + the symbol s is renamed to, 0 while it has none.
    map: [u8; MAX_N],
    /// `used[k]`: the symbols of class k handed out so far.
    used: [u8; MAX_N],
}

impl<'a> Labeler<'a> {
    pub fn new(class_of: &'a [usize], members: &'a [Vec<Symbol>]) -> Labeler<'a> {
        assert!(class_of.len() <= MAX_N, "at most {MAX_N} symbols");
        Labeler { class_of, members, map: [0; MAX_N], used: [0; MAX_N] }
    }

    pub fn label(&mut self, cell: Option<Symbol>) -> u8 {
        self.label_code(cell.map_or(0, |s| s + 1))
    }

    /// [`Labeler::label`] of a cell coded as the label is: 0 = empty, 1 + symbol.
    pub fn label_code(&mut self, code: u8) -> u8 {
        if code == 0 {
            return 0;
        }
        let s = code as usize - 1;
        if self.map[s] == 0 {
            let class = self.class_of[s];
            self.map[s] = self.members[class][self.used[class] as usize] + 1;
            self.used[class] += 1;
        }
        self.map[s]
    }
}

/// Which method made a key (tests and benchmarks look).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Frames,
    ColumnOrders,
    /// Bounded but not guaranteed minimal.
    Capped,
}

#[cfg_attr(not(test), allow(dead_code))] // `method` and `work` are for tests
pub struct Keyed {
    /// The relabelled cells, row by row (0 = empty).
    pub key: Vec<u8>,
    pub method: Method,
    /// Cells relabelled or patterned, and search nodes: the cost of the key.
    pub work: u64,
}

/// The smallest relabelled string over the pattern-minimal orders; `force`
/// picks the method (tests compare them), else the cheapest exact one.
pub fn minimal_key_by(cells: &[Option<Symbol>], shape: Shape, labels: &Labeler, force: Option<Method>) -> Keyed {
    let sigmas_ok = sigma_count(shape) <= MAX_SIGMAS;
    if force != Some(Method::ColumnOrders) {
        let (search, exhausted) = Search::run(cells, shape, if force == Some(Method::Frames) { usize::MAX } else { PATTERN_NODES });
        if force == Some(Method::Frames) || (!exhausted && search.order_total() <= ENUM_ORDERS) {
            return frames::enumerate(cells, &search, labels, Method::Frames);
        }
    }
    if sigmas_ok || force == Some(Method::ColumnOrders) {
        return column_order_search(cells, shape, labels);
    }
    let (search, _) = Search::run(cells, shape, CAPPED_NODES);
    frames::enumerate(cells, &search, labels, Method::Capped)
}

/// Where row `r`, column `c` of the (maybe transposed) view lies.
pub(super) fn view(n: usize, transposed: bool, r: usize, c: usize) -> usize {
    if transposed { c * n + r } else { r * n + c }
}

fn factorial(k: usize) -> usize {
    (1..=k).fold(1usize, |f, i| f.saturating_mul(i))
}

/// All permutations of 0..k (k is small: a stack or a group of tied columns).
fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k <= 1 {
        return vec![(0..k).collect()];
    }
    let mut out = Vec::new();
    for rest in permutations(k - 1) {
        for pos in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(pos, k - 1);
            out.push(p);
        }
    }
    out
}

/// Column orders of one transposition: stack orders × column orders within
/// each stack (saturating).
fn sigma_count(shape: Shape) -> usize {
    let stacks = shape.n / shape.stack_width;
    (0..stacks).fold(factorial(stacks), |count, _| count.saturating_mul(factorial(shape.stack_width)))
}

/// The column-order search (see the module notes).
fn column_order_search(cells: &[Option<Symbol>], shape: Shape, labels: &Labeler) -> Keyed {
    let Shape { n, band_height: h, stack_width: w, transpose } = shape;
    let stacks = n / w;
    let stack_perms = permutations(stacks);
    let inner_perms = permutations(w);
    let per_transposition = sigma_count(shape);
    let sigma = |index: usize| -> Vec<usize> {
        let mut rest = index;
        let stack_order = &stack_perms[rest % stack_perms.len()];
        rest /= stack_perms.len();
        let mut columns = Vec::with_capacity(n);
        for &s in stack_order {
            let inner = &inner_perms[rest % inner_perms.len()];
            rest /= inner_perms.len();
            columns.extend(inner.iter().map(|&i| s * w + i));
        }
        columns
    };
    let mut work = 0u64;
    // First pass: the smallest pattern and the column orders that show it.
    let mut best_pattern: Option<Vec<u32>> = None;
    let mut optimal: Vec<(bool, usize)> = Vec::new();
    for transposed in [false, true].into_iter().take(if transpose { 2 } else { 1 }) {
        let filled: Vec<Vec<bool>> = (0..n).map(|r| (0..n).map(|c| cells[view(n, transposed, r, c)].is_some()).collect()).collect();
        for index in 0..per_transposition {
            let columns = sigma(index);
            let values: Vec<u32> = filled.iter().map(|row| columns.iter().fold(0u32, |v, &c| v << 1 | row[c] as u32)).collect();
            work += (n * n) as u64;
            let pattern = band_sorted(&values, h).concat();
            match best_pattern.as_ref().map(|b| pattern.cmp(b)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => optimal.push((transposed, index)),
                _ => {
                    best_pattern = Some(pattern);
                    optimal = vec![(transposed, index)];
                }
            }
        }
    }
    let pattern = best_pattern.unwrap_or_default();
    // Second pass: the smallest relabelled string over those orders.
    let mut rows = RowSearch { n, h, pattern: &pattern, best: None, current: Vec::with_capacity(n * n), work, version: 0 };
    for (transposed, index) in optimal {
        if rows.work > MAX_WORK {
            return Keyed { key: rows.best.unwrap_or_default(), method: Method::Capped, work: rows.work };
        }
        let columns = sigma(index);
        let content: Vec<Vec<Option<Symbol>>> =
            (0..n).map(|r| columns.iter().map(|&c| cells[view(n, transposed, r, c)]).collect()).collect();
        let values: Vec<u32> = content.iter().map(|row| row.iter().fold(0u32, |v, cell| v << 1 | cell.is_some() as u32)).collect();
        rows.run(&content, &values, labels);
    }
    let method = if rows.work > MAX_WORK { Method::Capped } else { Method::ColumnOrders };
    Keyed { key: rows.best.unwrap_or_default(), method, work: rows.work }
}

/// Each band's row values sorted, bands sorted: the smallest pattern any
/// row order shows under fixed columns.
fn band_sorted(values: &[u32], h: usize) -> Vec<Vec<u32>> {
    let mut bands: Vec<Vec<u32>> = values
        .chunks(h)
        .map(|band| {
            let mut band = band.to_vec();
            band.sort_unstable();
            band
        })
        .collect();
    bands.sort_unstable();
    bands
}

struct RowSearch<'p> {
    n: usize,
    h: usize,
    pattern: &'p [u32],
    best: Option<Vec<u8>>,
    current: Vec<u8>,
    work: u64,
    /// Bumped whenever `best` changes.
    version: u64,
}

impl RowSearch<'_> {
    fn run(&mut self, content: &[Vec<Option<Symbol>>], values: &[u32], labels: &Labeler) {
        let less = self.best.is_none();
        self.current.clear();
        self.step(content, values, &mut vec![false; self.n], None, *labels, less);
    }

    /// Chooses the row shown at position `depth = current.len() / n`.
    /// `less`: the rows shown so far are already smaller than `best`'s.
    fn step(
        &mut self,
        content: &[Vec<Option<Symbol>>],
        values: &[u32],
        used: &mut [bool],
        band: Option<usize>,
        labeler: Labeler,
        less: bool,
    ) {
        let (n, h) = (self.n, self.h);
        let depth = self.current.len() / n;
        if depth == n {
            if less || self.best.is_none() {
                self.best = Some(self.current.clone());
                self.version += 1;
            }
            return;
        }
        if self.work > MAX_WORK {
            return;
        }
        let want = self.pattern[depth];
        let band_start = depth.is_multiple_of(h);
        let target = &self.pattern[depth - depth % h..depth - depth % h + h];
        // Candidate rows: the pattern's next value, in the current band or
        // (at a band start) in an unused band whose sorted values are the
        // pattern's next band.
        let mut candidates: Vec<usize> = Vec::new();
        for r in 0..n {
            let b = r / h;
            let ok_band = if band_start {
                !used[b * h] && !(b * h..b * h + h).any(|x| used[x]) && {
                    let mut v = values[b * h..b * h + h].to_vec();
                    v.sort_unstable();
                    v == target
                }
            } else {
                Some(b) == band
            };
            if ok_band && !used[r] && values[r] == want && !candidates.iter().any(|&q| q / h == b && content[q] == content[r]) {
                candidates.push(r);
            }
        }
        let shown: Vec<(Vec<u8>, Labeler)> = candidates
            .iter()
            .map(|&r| {
                let mut l = labeler;
                let row: Vec<u8> = content[r].iter().map(|&cell| l.label(cell)).collect();
                (row, l)
            })
            .collect();
        self.work += (candidates.len() * n) as u64 + 1;
        let Some(smallest) = shown.iter().map(|(row, _)| row).min().cloned() else { return };
        let mut less = less;
        if !less && let Some(best) = &self.best {
            match smallest.as_slice().cmp(&best[depth * n..(depth + 1) * n]) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Less => less = true,
                std::cmp::Ordering::Equal => {}
            }
        }
        for (&r, (row, l)) in candidates.iter().zip(shown) {
            if row != smallest {
                continue;
            }
            let version = self.version;
            used[r] = true;
            self.current.extend_from_slice(&row);
            self.step(content, values, used, Some(r / h), l, less);
            self.current.truncate(depth * n);
            used[r] = false;
            if self.version != version {
                // `best` now runs through this prefix and this row.
                less = false;
            }
        }
    }
}
