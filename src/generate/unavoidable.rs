//! Unavoidable sets of the solution that two symbols trading places make:
//! cells holding `x` or `y`, joined where they share a house or a cage,
//! fall into parts; where swapping `x` and `y` throughout a part leaves a
//! grid that keeps every rule, that grid is a second solution of any
//! puzzle without a given in the part. So a given that is the last one of
//! such a part is needed, and its removal needs no search. Two lines
//! trading symbols make more such sets ([`TwinLines`]).

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
        parts.extend(line_trades(model, shape, solution));
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

/// Two parallel lines of a square grid (rows `a` and `b`, or columns) and
/// the crossing lines `j` where their cells `x = (a, j)` and `y = (b, j)`
/// lie in the same houses and cages but for the two lines themselves (two
/// rows of one band, in classic sudoku: one column, one box). Swapping
/// `x` and `y` at a set of such `j` leaves every house and cage but the two
/// lines with its symbols, and the two lines too when their symbols there
/// are the same set: another grid of the same rules, but for marks and
/// relations (see [`Unavoidable::of_swaps`]).
pub(super) struct TwinLines {
    pub(super) rows: bool,
    pub(super) a: usize,
    pub(super) b: usize,
    /// Bit `j`: `(a, j)` and `(b, j)` are twins.
    pub(super) crossing: u32,
}

/// The twin lines of a square model of side `n` (none for other shapes).
pub(super) fn twin_lines(model: &Model) -> Vec<TwinLines> {
    let n = model.symbol_count();
    let mut out = Vec::new();
    if n * n != model.cell_count() || n > 32 {
        return out;
    }
    let at = |line: usize, j: usize, rows: bool| if rows { n * line + j } else { n * j + line };
    let groups: Vec<&[usize]> =
        model.houses.iter().map(|h| h.cells.as_slice()).chain(model.cages.iter().map(|c| c.cells.as_slice())).collect();
    let line = |l: usize, rows: bool| {
        let mut cells: Vec<usize> = (0..n).map(|j| at(l, j, rows)).collect();
        cells.sort_unstable();
        cells
    };
    for rows in [true, false] {
        for a in 0..n {
            for b in a + 1..n {
                let (line_a, line_b) = (line(a, rows), line(b, rows));
                let either_line = |g: &[usize]| {
                    let mut cells = g.to_vec();
                    cells.sort_unstable();
                    cells == line_a || cells == line_b
                };
                let mut crossing = 0u32;
                for j in 0..n {
                    let (x, y) = (at(a, j, rows), at(b, j, rows));
                    let twins = groups.iter().all(|g| g.contains(&x) == g.contains(&y) || either_line(g));
                    crossing |= u32::from(twins) << j;
                }
                if crossing.count_ones() >= 3 {
                    out.push(TwinLines { rows, a, b, crossing });
                }
            }
        }
    }
    out
}

/// Unavoidable sets of twin lines trading digits ([`TwinLines`]): the
/// cycles of "the crossing line where the other line holds this line's
/// digit" that stay among twin crossings, each checked against the marks
/// and relations. A cycle of two is a two-symbol swap, found already.
fn line_trades<const W: usize>(model: &Model, shape: &Shape<W>, solution: &Grid) -> Vec<Bits<W>> {
    let n = model.symbol_count();
    let mut out = Vec::new();
    if shape.twin_lines.is_empty() || solution.cells.iter().any(Option::is_none) {
        return out;
    }
    let at = |line: usize, j: usize, rows: bool| if rows { n * line + j } else { n * j + line };
    let symbol = |c: usize| solution.cells[c].map_or(0, usize::from);
    let mut position = vec![0usize; n];
    for twins in &shape.twin_lines {
        let (a, b, rows) = (twins.a, twins.b, twins.rows);
        // Each line holds every symbol once (else "where the other line
        // holds it" is no permutation, and a cycle no trade).
        let (mut in_a, mut in_b) = (0u64, 0u64);
        for j in 0..n {
            in_a |= 1 << symbol(at(a, j, rows));
            in_b |= 1 << symbol(at(b, j, rows));
            position[symbol(at(b, j, rows))] = j;
        }
        if in_a != (1 << n) - 1 || in_b != in_a {
            continue;
        }
        let mut seen = !twins.crossing;
        for j0 in 0..n {
            let mut cycle = 0u32;
            let mut j = j0;
            while seen >> j & 1 == 0 {
                seen |= 1 << j;
                cycle |= 1 << j;
                j = position[symbol(at(a, j, rows))];
            }
            // Closed only back at its start, and only among twin crossings.
            if j != j0 || cycle.count_ones() < 3 || cycle & !twins.crossing != 0 {
                continue;
            }
            let mut set = Bits::<W>::EMPTY;
            for j in (0..n).filter(|&j| cycle >> j & 1 == 1) {
                set.insert(at(a, j, rows));
                set.insert(at(b, j, rows));
            }
            // The cell a cell of the set trades with: its twin on the other line.
            let partner = |c: usize| if rows { n * (a + b - c / n) + c % n } else { n * (c / n) + a + b - c % n };
            if shape.swaps_keep_rules || trade_keeps_marks(model, solution, set, partner) {
                out.push(set);
            }
        }
    }
    out
}

/// Whether `solution` keeps its cells' marks and its relations when each
/// cell of `set` takes the symbol of its `partner` (houses and cages are
/// the caller's to check).
fn trade_keeps_marks<const W: usize>(model: &Model, solution: &Grid, set: Bits<W>, partner: impl Fn(usize) -> usize) -> bool {
    let traded = |c: usize| if set.contains(c) { solution.cells[partner(c)] } else { solution.cells[c] };
    if set.iter().any(|c| traded(c).is_none_or(|s| !model.allowed[c].contains(s))) {
        return false;
    }
    model.conflicts.iter().filter(|r| set.contains(r.a) || set.contains(r.b)).all(|r| {
        let (a, b) = (traded(r.a), traded(r.b));
        !(a.is_some_and(|a| r.a_symbols.contains(a)) && b.is_some_and(|b| r.b_symbols.contains(b)))
    })
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
