//! The canonical key's band search as it stood before the flat frames
//! (main at dda1927, `src/canon/bands.rs`), kept unchanged for the tests:
//! the keys stored in catalogs were made by it, so the new search must give
//! its keys byte for byte (`tests.rs` compares them).

// A reference: the tests call its entry point only.
#![allow(dead_code)]

use crate::model::Symbol;

/// Stack groups → stacks → column groups → columns.
type Frame = Vec<Vec<Vec<Vec<usize>>>>;

/// The frame search gives way to the column-order search beyond these.
const PATTERN_NODES: usize = 4_000;
const ENUM_ORDERS: usize = 5_000;
/// The column-order search runs where a transposition has at most this many
/// column orders (every classic layout but 16×16).
const MAX_SIGMAS: usize = 100_000;
/// Safety bounds of the last resort and of the column-order search (cells
/// relabelled); no classic grid comes near the latter.
const CAPPED_NODES: usize = 20_000;
const CAPPED_ORDERS: usize = 20_000;
const MAX_LEAVES: usize = 20_000;
const MAX_COLUMN_ORDERS: usize = 5_000;
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
/// unused symbol of its class: 0 = empty, 1 + symbol otherwise.
#[derive(Clone)]
pub struct Labeler<'a> {
    class_of: &'a [usize],
    members: &'a [Vec<Symbol>],
    map: Vec<Option<Symbol>>,
    used: Vec<usize>,
}

impl<'a> Labeler<'a> {
    pub fn new(class_of: &'a [usize], members: &'a [Vec<Symbol>]) -> Labeler<'a> {
        Labeler { class_of, members, map: vec![None; class_of.len()], used: vec![0; members.len()] }
    }

    pub fn label(&mut self, cell: Option<Symbol>) -> u8 {
        let Some(s) = cell else { return 0 };
        let to = *self.map[s as usize].get_or_insert_with(|| {
            let class = self.class_of[s as usize];
            self.used[class] += 1;
            self.members[class][self.used[class] - 1]
        });
        to + 1
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
        let (search, exhausted) = frame_search(cells, shape, if force == Some(Method::Frames) { usize::MAX } else { PATTERN_NODES });
        let total = search.leaves.iter().fold(0usize, |sum, leaf| sum.saturating_add(order_count(&leaf.frame)));
        if force == Some(Method::Frames) || (!exhausted && total <= ENUM_ORDERS) {
            return enumerate(cells, shape.n, &search, labels, Method::Frames);
        }
    }
    if sigmas_ok || force == Some(Method::ColumnOrders) {
        return column_order_search(cells, shape, labels);
    }
    let (search, _) = frame_search(cells, shape, CAPPED_NODES);
    enumerate(cells, shape.n, &search, labels, Method::Capped)
}

struct Leaf {
    transposed: bool,
    rows: Vec<usize>,
    frame: Frame,
}

struct Search {
    n: usize,
    band_height: usize,
    best: Option<Vec<u32>>,
    leaves: Vec<Leaf>,
    nodes: usize,
    node_cap: usize,
}

/// The pattern-minimal row orders and their column frames; `true` when the
/// node cap stopped the search.
fn frame_search(cells: &[Option<Symbol>], shape: Shape, node_cap: usize) -> (Search, bool) {
    let Shape { n, band_height, stack_width, transpose } = shape;
    let mut search = Search { n, band_height, best: None, leaves: Vec::new(), nodes: 0, node_cap };
    for transposed in [false, true].into_iter().take(if transpose { 2 } else { 1 }) {
        let row_masks: Vec<u32> =
            (0..n).map(|r| (0..n).filter(|&c| cells[view(n, transposed, r, c)].is_some()).fold(0, |m, c| m | 1 << c)).collect();
        let frame: Frame = vec![(0..n / stack_width).map(|s| vec![(s * stack_width..(s + 1) * stack_width).collect()]).collect()];
        search.explore(transposed, &row_masks, &mut Vec::new(), &mut Vec::new(), frame);
    }
    let exhausted = search.nodes > search.node_cap;
    (search, exhausted)
}

/// Relabels every order the leaves allow and keeps the smallest.
fn enumerate(cells: &[Option<Symbol>], n: usize, search: &Search, labels: &Labeler, method: Method) -> Keyed {
    let mut best: Option<Vec<u8>> = None;
    let mut work = search.nodes as u64;
    // The exact method runs within ENUM_ORDERS (or forced, uncapped).
    let mut left = if method == Method::Capped { CAPPED_ORDERS } else { usize::MAX };
    for leaf in &search.leaves {
        if left == 0 {
            break;
        }
        let orders = column_orders(&leaf.frame);
        let take = orders.len().min(left);
        left -= take;
        for columns in orders.into_iter().take(take) {
            let mut labeler = labels.clone();
            let key: Vec<u8> = leaf
                .rows
                .iter()
                .flat_map(|&r| columns.iter().map(move |&c| view(n, leaf.transposed, r, c)))
                .map(|c| labeler.label(cells[c]))
                .collect();
            work += key.len() as u64;
            if best.as_ref().is_none_or(|b| key < *b) {
                best = Some(key);
            }
        }
    }
    Keyed { key: best.unwrap_or_default(), method, work }
}

fn view(n: usize, transposed: bool, r: usize, c: usize) -> usize {
    if transposed { c * n + r } else { r * n + c }
}

impl Search {
    fn explore(&mut self, transposed: bool, row_masks: &[u32], rows: &mut Vec<usize>, path: &mut Vec<u32>, frame: Frame) {
        self.nodes += 1;
        if self.nodes > self.node_cap {
            return;
        }
        let depth = rows.len();
        if depth == self.n {
            match self.best.as_ref().map(|b| path.as_slice().cmp(b.as_slice())) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => {
                    if self.leaves.len() < MAX_LEAVES {
                        self.leaves.push(Leaf { transposed, rows: rows.clone(), frame });
                    }
                }
                _ => {
                    self.best = Some(path.clone());
                    self.leaves = vec![Leaf { transposed, rows: rows.clone(), frame }];
                }
            }
            return;
        }
        let h = self.band_height;
        let candidates: Vec<usize> = if depth.is_multiple_of(h) {
            (0..self.n).filter(|&r| r % h == 0 && !rows.iter().any(|&x| x / h == r / h)).flat_map(|r| r..r + h).collect()
        } else {
            let band = rows[depth - depth % h] / h;
            (band * h..band * h + h).filter(|r| !rows.contains(r)).collect()
        };
        let emitted: Vec<(u32, Frame)> = candidates.iter().map(|&r| emit(&frame, row_masks[r])).collect();
        let Some(smallest) = emitted.iter().map(|(v, _)| *v).min() else { return };
        if let Some(best) = &self.best {
            path.push(smallest);
            let worse = path.as_slice() > &best[..=depth];
            path.pop();
            if worse {
                return;
            }
        }
        for (&r, (value, refined)) in candidates.iter().zip(emitted) {
            if value == smallest {
                rows.push(r);
                path.push(value);
                self.explore(transposed, row_masks, rows, path, refined);
                path.pop();
                rows.pop();
            }
        }
    }
}

/// The smallest pattern `row` can show under `frame` (bit set = filled, the
/// first column most significant) and the frame of orders that show it.
fn emit(frame: &Frame, row: u32) -> (u32, Frame) {
    let mut value = 0u32;
    let mut refined: Frame = Vec::with_capacity(frame.len());
    for group in frame {
        let mut stacks: Vec<(u32, u32, Vec<Vec<usize>>)> = group
            .iter()
            .map(|stack| {
                let (mut pattern, mut width, mut split) = (0u32, 0u32, Vec::with_capacity(stack.len()));
                for columns in stack {
                    let (filled, empty): (Vec<usize>, Vec<usize>) = columns.iter().partition(|&&c| row >> c & 1 == 1);
                    for _ in &empty {
                        pattern <<= 1;
                    }
                    for _ in &filled {
                        pattern = pattern << 1 | 1;
                    }
                    width += columns.len() as u32;
                    split.extend([empty, filled].into_iter().filter(|g| !g.is_empty()));
                }
                (pattern, width, split)
            })
            .collect();
        stacks.sort_by_key(|(pattern, _, _)| *pattern);
        let mut i = 0;
        while i < stacks.len() {
            let same = stacks[i..].iter().take_while(|s| s.0 == stacks[i].0).count();
            refined.push(stacks[i..i + same].iter().map(|s| s.2.clone()).collect());
            for s in &stacks[i..i + same] {
                value = value << s.1 | s.0;
            }
            i += same;
        }
    }
    (value, refined)
}

/// How many column orders a frame allows (saturating).
fn order_count(frame: &Frame) -> usize {
    let mut count = 1usize;
    for group in frame {
        count = count.saturating_mul(factorial(group.len()));
        for columns in group.iter().flatten() {
            count = count.saturating_mul(factorial(columns.len()));
        }
    }
    count
}

fn factorial(k: usize) -> usize {
    (1..=k).fold(1usize, |f, i| f.saturating_mul(i))
}

/// Every column order a final frame still allows (stacks that tie may swap,
/// columns that tie may swap), bounded by `MAX_COLUMN_ORDERS`.
fn column_orders(frame: &Frame) -> Vec<Vec<usize>> {
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for group in frame {
        let mut group_orders = Vec::new();
        for stack_order in permutations(group.len()) {
            let mut partial: Vec<Vec<usize>> = vec![Vec::new()];
            for &s in &stack_order {
                for columns in &group[s] {
                    partial = extend_all(&partial, columns);
                }
            }
            group_orders.extend(partial);
            if group_orders.len() >= MAX_COLUMN_ORDERS {
                break;
            }
        }
        orders = orders.iter().flat_map(|o| group_orders.iter().map(move |g| [o.as_slice(), g].concat())).take(MAX_COLUMN_ORDERS).collect();
    }
    orders
}

fn extend_all(prefixes: &[Vec<usize>], columns: &[usize]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for prefix in prefixes {
        for p in permutations(columns.len()) {
            let mut next = prefix.clone();
            next.extend(p.iter().map(|&i| columns[i]));
            out.push(next);
            if out.len() >= MAX_COLUMN_ORDERS {
                return out;
            }
        }
    }
    out
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
        self.step(content, values, &mut vec![false; self.n], None, labels.clone(), less);
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
                let mut l = labeler.clone();
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
