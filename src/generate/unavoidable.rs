//! Unavoidable sets of the solution that two symbols trading places make:
//! cells holding `x` or `y`, joined where they share a house or a cage,
//! fall into parts; where swapping `x` and `y` throughout a part leaves a
//! grid that keeps every rule, that grid is a second solution of any
//! puzzle without a given in the part. So a given that is the last one of
//! such a part is needed, and its removal needs no search.

use super::removal::Shape;
use crate::bits::Bits;
use crate::model::{Grid, Model, Symbol};

pub(super) struct Unavoidable {
    /// Per set: how many of its cells are still given.
    left: Vec<u32>,
    /// The sets holding cell `c`: `of_cell[start[c]..start[c + 1]]`.
    start: Vec<u32>,
    of_cell: Vec<u32>,
}

impl Unavoidable {
    /// Every part, for every pair of symbols, whose swap keeps every rule
    /// of `model` (checked in full, not assumed).
    pub(super) fn of_swaps<const W: usize>(model: &Model, shape: &Shape<W>, solution: &Grid) -> Unavoidable {
        let n = model.cell_count();
        let k = model.symbol_count();
        let mut by_symbol = vec![Bits::<W>::EMPTY; k];
        for (c, s) in solution.cells.iter().enumerate() {
            if let Some(s) = s {
                by_symbol[*s as usize].insert(c);
            }
        }
        let mut parts = Vec::new();
        for x in 0..k {
            for y in x + 1..k {
                let mut rest = by_symbol[x] | by_symbol[y];
                while let Some(start) = rest.first() {
                    let part = shape.part_of(rest, start);
                    rest = rest.minus(part);
                    if shape.swaps_keep_rules || swap_keeps_rules(model, shape, solution, part, x as Symbol, y as Symbol) {
                        parts.push(part);
                    }
                }
            }
        }
        // Cell to sets, in one array.
        let mut start = vec![0u32; n + 1];
        for part in &parts {
            for c in part.iter() {
                start[c + 1] += 1;
            }
        }
        for c in 0..n {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut of_cell = vec![0u32; start[n] as usize];
        for (id, part) in parts.iter().enumerate() {
            for c in part.iter() {
                of_cell[fill[c] as usize] = id as u32;
                fill[c] += 1;
            }
        }
        Unavoidable { left: parts.iter().map(|p| p.len()).collect(), start, of_cell }
    }

    fn sets_of(&self, c: usize) -> &[u32] {
        &self.of_cell[self.start[c] as usize..self.start[c + 1] as usize]
    }

    /// Whether erasing `group` (givens all) would leave some set without a given.
    pub(super) fn needed(&self, group: &[usize]) -> bool {
        group.iter().any(|&c| {
            self.sets_of(c).iter().any(|u| {
                let left = self.left[*u as usize] as usize;
                left <= group.len() && (left == 1 || left == group.iter().filter(|&&g| self.sets_of(g).contains(u)).count())
            })
        })
    }

    pub(super) fn erase(&mut self, group: &[usize]) {
        for &c in group {
            for i in self.start[c]..self.start[c + 1] {
                self.left[self.of_cell[i as usize] as usize] -= 1;
            }
        }
    }

    #[cfg(test)]
    pub(super) fn sets(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.left.len()];
        for c in 0..self.start.len() - 1 {
            for &u in self.sets_of(c) {
                out[u as usize].push(c);
            }
        }
        out
    }
}

/// Whether `solution` with `x` and `y` swapped on `part` keeps every rule:
/// the cells' marks, every house's and cage's counts (a house holding each
/// symbol once has both or neither of the part's `x` and `y` cells, since
/// they are joined through it; other houses and cages are counted), and
/// every relation.
fn swap_keeps_rules<const W: usize>(model: &Model, shape: &Shape<W>, solution: &Grid, part: Bits<W>, x: Symbol, y: Symbol) -> bool {
    let swapped = |c: usize| match solution.cells[c] {
        Some(s) if s == x && part.contains(c) => Some(y),
        Some(s) if s == y && part.contains(c) => Some(x),
        other => other,
    };
    if part.iter().any(|c| swapped(c).is_none_or(|s| !model.allowed[c].contains(s))) {
        return false;
    }
    for group in &shape.counted_groups {
        let inside = *group & part;
        if !inside.is_empty() {
            let xs = inside.iter().filter(|&c| solution.cells[c] == Some(x)).count();
            if 2 * xs != inside.len() as usize {
                return false;
            }
        }
    }
    model.conflicts.iter().filter(|r| part.contains(r.a) || part.contains(r.b)).all(|r| {
        let (a, b) = (swapped(r.a), swapped(r.b));
        !(a.is_some_and(|a| r.a_symbols.contains(a)) && b.is_some_and(|b| r.b_symbols.contains(b)))
    })
}
