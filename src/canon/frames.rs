//! The frame search of [`super::bands`] on flat, fixed-size frames: no
//! allocation per row tried or per column order relabelled (the nested
//! `Vec` frames it replaced made most of a stored batch's malloc/free).
//!
//! It visits the same nodes, keeps the same leaves and enumerates the same
//! column orders in the same order as the nested frames did, so the node
//! and order caps cut where they cut before and every key, capped or not,
//! is byte for byte the old one (`tests.rs` compares them with the old code).
//! What it adds is pruning where nothing depends on it: an order's
//! relabelling stops at the first cell that shows more than the best key.

use super::bands::{CAPPED_ORDERS, Keyed, Labeler, MAX_COLUMN_ORDERS, MAX_LEAVES, Method, Shape, view};
use crate::model::Symbol;
use std::cmp::Ordering;
use std::sync::OnceLock;

/// Rows and columns a frame can hold: a row's pattern is a `u32`.
pub const MAX_N: usize = 32;

/// A frame: every column order still optimal, as one order and the marks
/// that say what may move. `starts[i]` tells where position i begins:
///
/// ```text
///   cols:    4 3 5 0 1 2 6 7 8
///   starts:  G . C S C . S . .      G stack group, S stack, C column group
/// ```
///
/// reads: stacks {4 3 5}, {0 1 2}, {6 7 8} are one group (any order of the
/// three); within the first, 4 and 3 may swap, 5 stays last; the second
/// keeps 0 first; the third is free. A mark implies the ones below it.
#[derive(Clone, Copy)]
pub struct Frame {
    cols: [u8; MAX_N],
    starts: [u8; MAX_N],
}

const SAME: u8 = 0;
const COLUMN_GROUP: u8 = 1;
const STACK: u8 = 2;
const STACK_GROUP: u8 = 3;

impl Frame {
    /// Every stack free among the stacks, its columns free within it.
    fn whole(n: usize, stack_width: usize) -> Frame {
        let mut frame = Frame { cols: [0; MAX_N], starts: [SAME; MAX_N] };
        for c in 0..n {
            frame.cols[c] = c as u8;
            if c % stack_width == 0 {
                frame.starts[c] = STACK;
            }
        }
        frame.starts[0] = STACK_GROUP;
        frame
    }

    /// The end of the part of level `mark` that holds position `i` (before `end`).
    fn part_end(&self, i: usize, mark: u8, end: usize) -> usize {
        (i + 1..end).find(|&j| self.starts[j] >= mark).unwrap_or(end)
    }

    /// How many column orders the frame allows (saturating).
    fn order_count(&self, n: usize) -> usize {
        let mut count = 1usize;
        let mut group = 0;
        let mut run = 0;
        for i in 0..=n {
            let mark = if i == n { STACK_GROUP } else { self.starts[i] };
            if i > 0 && mark >= COLUMN_GROUP {
                count = count.saturating_mul(factorial(run));
                run = 0;
            }
            if mark >= STACK_GROUP {
                count = count.saturating_mul(factorial(group));
                group = 0;
            }
            if mark >= STACK {
                group += 1;
            }
            run += 1;
        }
        count
    }

    /// The smallest pattern `row` can show under the frame (bit set =
    /// filled, the first column most significant) and the frame of the
    /// orders that show it: empties first within each column group, then
    /// the stacks of each group sorted by their patterns (stably: the old
    /// nested frames did, and the enumeration order depends on it).
    fn emit(&self, n: usize, row: u32) -> (u32, Frame) {
        let mut value = 0u32;
        let mut out = Frame { cols: [0; MAX_N], starts: [SAME; MAX_N] };
        let mut at = 0;
        // One stack group at a time: its stacks split into `split`, then
        // written out in pattern order.
        let mut split = [0u8; MAX_N];
        let mut split_starts = [SAME; MAX_N];
        let mut stacks = [(0u32, 0usize, 0usize); MAX_N];
        let mut group_start = 0;
        while group_start < n {
            let group_end = self.part_end(group_start, STACK_GROUP, n);
            let (mut count, mut w) = (0, 0);
            let mut stack_start = group_start;
            while stack_start < group_end {
                let stack_end = self.part_end(stack_start, STACK, group_end);
                let (mut pattern, first) = (0u32, w);
                let mut cg = stack_start;
                while cg < stack_end {
                    let cg_end = self.part_end(cg, COLUMN_GROUP, stack_end);
                    for filled in [false, true] {
                        let part = w;
                        for &c in &self.cols[cg..cg_end] {
                            if (row >> c & 1 == 1) == filled {
                                split[w] = c;
                                split_starts[w] = SAME;
                                w += 1;
                                pattern = pattern << 1 | filled as u32;
                            }
                        }
                        if w > part {
                            split_starts[part] = COLUMN_GROUP;
                        }
                    }
                    cg = cg_end;
                }
                stacks[count] = (pattern, first, w - first);
                count += 1;
                stack_start = stack_end;
            }
            // Insertion sort: stable, and a group holds a few stacks.
            for i in 1..count {
                let mut j = i;
                while j > 0 && stacks[j - 1].0 > stacks[j].0 {
                    stacks.swap(j - 1, j);
                    j -= 1;
                }
            }
            for i in 0..count {
                let (pattern, first, width) = stacks[i];
                out.cols[at..at + width].copy_from_slice(&split[first..first + width]);
                out.starts[at..at + width].copy_from_slice(&split_starts[first..first + width]);
                out.starts[at] = if i == 0 || stacks[i - 1].0 != pattern { STACK_GROUP } else { STACK };
                value = value << width | pattern;
                at += width;
            }
            group_start = group_end;
        }
        (value, out)
    }
}

fn factorial(k: usize) -> usize {
    (1..=k).fold(1usize, |f, i| f.saturating_mul(i))
}

/// A pattern-minimal row order and its column frame.
#[derive(Clone, Copy)]
pub struct Leaf {
    transposed: bool,
    rows: [u8; MAX_N],
    frame: Frame,
}

/// The pattern-minimal row orders and their column frames.
pub struct Search {
    n: usize,
    band_height: usize,
    best: Option<[u32; MAX_N]>,
    pub leaves: Vec<Leaf>,
    pub nodes: usize,
    node_cap: usize,
    /// `emitted[depth * n + i]`: what candidate row i shows at `depth`.
    emitted: Vec<(u32, Frame)>,
}

impl Search {
    /// The search's leaves, and `true` when the node cap stopped it.
    pub fn run(cells: &[Option<Symbol>], shape: Shape, node_cap: usize) -> (Search, bool) {
        let Shape { n, band_height, stack_width, transpose } = shape;
        assert!(n <= MAX_N, "a classic grid of at most {MAX_N} rows");
        let empty = (0, Frame { cols: [0; MAX_N], starts: [SAME; MAX_N] });
        let mut search = Search { n, band_height, best: None, leaves: Vec::new(), nodes: 0, node_cap, emitted: vec![empty; n * n] };
        for transposed in [false, true].into_iter().take(if transpose { 2 } else { 1 }) {
            let mut row_masks = [0u32; MAX_N];
            for (r, mask) in row_masks.iter_mut().enumerate().take(n) {
                *mask = (0..n).filter(|&c| cells[view(n, transposed, r, c)].is_some()).fold(0, |m, c| m | 1 << c);
            }
            let mut rows = [0u8; MAX_N];
            let mut path = [0u32; MAX_N];
            search.explore(transposed, &row_masks, &mut rows, &mut path, 0, &Frame::whole(n, stack_width));
        }
        let exhausted = search.nodes > search.node_cap;
        (search, exhausted)
    }

    /// Column orders the leaves allow, summed (saturating).
    pub fn order_total(&self) -> usize {
        self.leaves.iter().fold(0usize, |sum, leaf| sum.saturating_add(leaf.frame.order_count(self.n)))
    }

    /// Chooses the row at `depth`: a new band's first row from any unused
    /// band, else the rest of the current band; only the rows showing the
    /// smallest pattern branch.
    fn explore(
        &mut self,
        transposed: bool,
        row_masks: &[u32; MAX_N],
        rows: &mut [u8; MAX_N],
        path: &mut [u32; MAX_N],
        depth: usize,
        frame: &Frame,
    ) {
        self.nodes += 1;
        if self.nodes > self.node_cap {
            return;
        }
        let (n, h) = (self.n, self.band_height);
        if depth == n {
            let leaf = Leaf { transposed, rows: *rows, frame: *frame };
            match self.best.as_ref().map(|b| path[..n].cmp(&b[..n])) {
                Some(Ordering::Greater) => {}
                Some(Ordering::Equal) => {
                    if self.leaves.len() < MAX_LEAVES {
                        self.leaves.push(leaf);
                    }
                }
                _ => {
                    self.best = Some(*path);
                    self.leaves.clear();
                    self.leaves.push(leaf);
                }
            }
            return;
        }
        let chosen = &rows[..depth];
        let mut candidates = [0u8; MAX_N];
        let mut count = 0;
        if depth.is_multiple_of(h) {
            for band in (0..n / h).filter(|&b| !chosen.iter().any(|&x| x as usize / h == b)) {
                for r in band * h..band * h + h {
                    candidates[count] = r as u8;
                    count += 1;
                }
            }
        } else {
            let band = rows[depth - depth % h] as usize / h;
            for r in (band * h..band * h + h).filter(|&r| !chosen.contains(&(r as u8))) {
                candidates[count] = r as u8;
                count += 1;
            }
        }
        let level = depth * n;
        let mut smallest = u32::MAX;
        for (i, &r) in candidates[..count].iter().enumerate() {
            let emitted = frame.emit(n, row_masks[r as usize]);
            smallest = smallest.min(emitted.0);
            self.emitted[level + i] = emitted;
        }
        if count == 0 {
            return;
        }
        if let Some(best) = &self.best {
            path[depth] = smallest;
            if path[..=depth] > best[..=depth] {
                return;
            }
        }
        for (i, &r) in candidates[..count].iter().enumerate() {
            let (value, refined) = self.emitted[level + i];
            if value == smallest {
                rows[depth] = r;
                path[depth] = value;
                self.explore(transposed, row_masks, rows, path, depth + 1, &refined);
            }
        }
    }
}

/// Relabels the orders the leaves allow (at most `MAX_COLUMN_ORDERS` a
/// leaf, the first in the old enumeration order; `CAPPED_ORDERS` in all
/// when capped) and keeps the smallest. An order stops at the first cell
/// above the best key: the smallest is the same, found with less work.
pub fn enumerate(cells: &[Option<Symbol>], search: &Search, labels: &Labeler, method: Method) -> Keyed {
    let n = search.n;
    let mut best = [0u8; MAX_N * MAX_N];
    let mut found = false;
    let mut current = [0u8; MAX_N * MAX_N];
    let mut work = search.nodes as u64;
    let mut left = if method == Method::Capped { CAPPED_ORDERS } else { usize::MAX };
    // `content[i * n + c]`: the leaf's row i, column c (0 = empty, 1 + symbol).
    let mut content = [0u8; MAX_N * MAX_N];
    for leaf in &search.leaves {
        if left == 0 {
            break;
        }
        let take = leaf.frame.order_count(n).min(MAX_COLUMN_ORDERS).min(left);
        left -= take;
        for (i, &r) in leaf.rows[..n].iter().enumerate() {
            for c in 0..n {
                content[i * n + c] = cells[view(n, leaf.transposed, r as usize, c)].map_or(0, |s| s + 1);
            }
        }
        let mut relabel = |order: &[u8]| {
            let mut labeler = *labels;
            let mut state = if found { Ordering::Equal } else { Ordering::Less };
            for i in 0..n {
                let row = &content[i * n..i * n + n];
                for (j, &c) in order.iter().enumerate() {
                    let at = i * n + j;
                    let label = labeler.label_code(row[c as usize]);
                    work += 1;
                    if state == Ordering::Equal {
                        state = label.cmp(&best[at]);
                        if state == Ordering::Greater {
                            return;
                        }
                    }
                    current[at] = label;
                }
            }
            if state == Ordering::Less {
                best[..n * n].copy_from_slice(&current[..n * n]);
                found = true;
            }
        };
        Orders::of(&leaf.frame, n).each(take, &mut relabel);
    }
    Keyed { key: if found { best[..n * n].to_vec() } else { Vec::new() }, method, work }
}

/// The column orders of a frame in the old enumeration's order: stack
/// groups left to right; within one, each order of its stacks (as
/// [`permutations`] lists them), and for each, the orders of its column
/// groups in the order they then stand, earlier ones varying slowest.
struct Orders {
    n: usize,
    cols: [u8; MAX_N],
    /// `(first stack, stack count)` of each stack group.
    groups: [(u8, u8); MAX_N],
    group_count: usize,
    /// `(first column group, count)` of each stack.
    stacks: [(u8, u8); MAX_N],
    /// `(first position, length)` of each column group.
    column_groups: [(u8, u8); MAX_N],
}

impl Orders {
    fn of(frame: &Frame, n: usize) -> Orders {
        let mut orders = Orders {
            n,
            cols: frame.cols,
            groups: [(0, 0); MAX_N],
            group_count: 0,
            stacks: [(0, 0); MAX_N],
            column_groups: [(0, 0); MAX_N],
        };
        let (mut stack_count, mut cg_count) = (0usize, 0usize);
        for i in 0..n {
            let mark = frame.starts[i];
            if mark >= STACK_GROUP {
                orders.groups[orders.group_count] = (stack_count as u8, 0);
                orders.group_count += 1;
            }
            if mark >= STACK {
                orders.stacks[stack_count] = (cg_count as u8, 0);
                stack_count += 1;
                orders.groups[orders.group_count - 1].1 += 1;
            }
            if mark >= COLUMN_GROUP {
                orders.column_groups[cg_count] = (i as u8, 0);
                cg_count += 1;
                orders.stacks[stack_count - 1].1 += 1;
            }
            orders.column_groups[cg_count - 1].1 += 1;
        }
        orders
    }

    /// Calls `visit` with the first `limit` orders.
    fn each(&self, limit: usize, visit: &mut dyn FnMut(&[u8])) {
        let mut walk = Walk { orders: self, order: [0; MAX_N], left: limit, visit };
        walk.group(0, 0);
    }
}

struct Walk<'a> {
    orders: &'a Orders,
    order: [u8; MAX_N],
    left: usize,
    visit: &'a mut dyn FnMut(&[u8]),
}

impl Walk<'_> {
    /// Orders the stacks of group `g` (filling the order from `pos`).
    fn group(&mut self, g: usize, pos: usize) {
        if self.left == 0 {
            return;
        }
        if g == self.orders.group_count {
            self.left -= 1;
            (self.visit)(&self.order[..self.orders.n]);
            return;
        }
        let (first, count) = self.orders.groups[g];
        for stack_order in permutations(count as usize).iter() {
            // The group's column groups in the order these stacks stand.
            let mut pending = [(0u8, 0u8); MAX_N];
            let mut len = 0;
            for &s in stack_order {
                let (cg, cgs) = self.orders.stacks[first as usize + s as usize];
                for k in cg..cg + cgs {
                    pending[len] = self.orders.column_groups[k as usize];
                    len += 1;
                }
            }
            self.columns(g, &pending[..len], pos);
            if self.left == 0 {
                return;
            }
        }
    }

    /// Orders the columns of each pending column group in turn.
    fn columns(&mut self, g: usize, pending: &[(u8, u8)], pos: usize) {
        let Some(&(start, len)) = pending.first() else { return self.group(g + 1, pos) };
        let (start, len) = (start as usize, len as usize);
        for p in permutations(len).iter() {
            for (t, &i) in p.iter().enumerate() {
                self.order[pos + t] = self.orders.cols[start + i as usize];
            }
            self.columns(g, &pending[1..], pos + len);
            if self.left == 0 {
                return;
            }
        }
    }
}

/// Permutation tables kept for the sizes every classic layout has.
const TABLED: usize = 8;

/// All permutations of 0..k, in the order the old enumeration listed them
/// (k is small: a stack group or a group of tied columns).
fn permutations(k: usize) -> std::borrow::Cow<'static, [Vec<u8>]> {
    static TABLES: [OnceLock<Vec<Vec<u8>>>; TABLED + 1] = [const { OnceLock::new() }; TABLED + 1];
    match TABLES.get(k) {
        Some(table) => std::borrow::Cow::Borrowed(table.get_or_init(|| listed(k))),
        None => std::borrow::Cow::Owned(listed(k)),
    }
}

/// Each permutation of 0..k-1 with k-1 inserted at every place, left to right.
fn listed(k: usize) -> Vec<Vec<u8>> {
    if k <= 1 {
        return vec![(0..k as u8).collect()];
    }
    let mut out = Vec::new();
    for rest in listed(k - 1) {
        for pos in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(pos, k as u8 - 1);
            out.push(p);
        }
    }
    out
}
