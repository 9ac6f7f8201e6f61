//! The sudoku group's hard part: which row and column orders give the
//! smallest pattern of givens (empty before filled, row by row)?
//!
//! Rows are chosen one at a time (a new band's first row from any unused
//! band, then the rest of that band). Columns are never enumerated up front:
//! a *frame* holds every column order still optimal — stacks in groups whose
//! order is free, columns in groups whose order is free — and each chosen row
//! refines it (empties first within a group, stacks sorted by their pattern).
//! Only the rows that tie branch. The caller relabels each optimal order and
//! keeps the smallest string: the minimum over the group of (pattern, values).

use crate::model::Symbol;

/// Stack groups → stacks → column groups → columns.
type Frame = Vec<Vec<Vec<Vec<usize>>>>;

/// Pathological inputs (nearly empty grids) tie everywhere; beyond these
/// bounds the key is still a valid key, just not guaranteed minimal.
const MAX_LEAVES: usize = 20_000;
const MAX_COLUMN_ORDERS: usize = 5_000;

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
}

/// Every cell order (`order[i]` = the input cell shown at position i) whose
/// givens pattern is the smallest over the group.
pub fn minimal_pattern_orders(
    cells: &[Option<Symbol>],
    n: usize,
    band_height: usize,
    stack_width: usize,
    transpose: bool,
) -> Vec<Vec<usize>> {
    let mut search = Search { n, band_height, best: None, leaves: Vec::new() };
    for transposed in [false, true].into_iter().take(if transpose { 2 } else { 1 }) {
        let row_masks: Vec<u32> =
            (0..n).map(|r| (0..n).filter(|&c| cells[view(n, transposed, r, c)].is_some()).fold(0, |m, c| m | 1 << c)).collect();
        let frame: Frame = vec![(0..n / stack_width).map(|s| vec![(s * stack_width..(s + 1) * stack_width).collect()]).collect()];
        search.explore(transposed, &row_masks, &mut Vec::new(), &mut Vec::new(), frame);
    }
    let mut orders = Vec::new();
    for leaf in &search.leaves {
        for columns in column_orders(&leaf.frame) {
            orders.push(leaf.rows.iter().flat_map(|&r| columns.iter().map(move |&c| view(n, leaf.transposed, r, c))).collect());
        }
    }
    orders
}

fn view(n: usize, transposed: bool, r: usize, c: usize) -> usize {
    if transposed { c * n + r } else { r * n + c }
}

impl Search {
    fn explore(&mut self, transposed: bool, row_masks: &[u32], rows: &mut Vec<usize>, path: &mut Vec<u32>, frame: Frame) {
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
