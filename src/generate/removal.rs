//! Clue erasure: from a full grid, groups of givens (a cell and its
//! symmetric partners) go while the puzzle stays unique and, when asked,
//! acceptable. Each removal is decided by the cheapest test that can:
//!
//! 1. an unavoidable set of the solution ([`Unavoidable`]: two symbols
//!    trading places, or two lines trading symbols) would lose its last
//!    given: the clue stays, no search;
//! 2. each erased cell is a naked or hidden single of the givens left
//!    (one step, on bitsets): the solution stays the only one, no search;
//! 3. otherwise the solver is asked whether another solution puts another
//!    symbol in the cell ([`Solver::other_than`]), searching near the known
//!    one. That answer is exact, so every puzzle is minimal.

use super::unavoidable::{TwinLines, Unavoidable, twin_lines};
use crate::bits::Bits;
use crate::model::{Grid, Model, Symbol};
use crate::solver::Solver;

/// What may be erased besides keeping the puzzle unique.
#[derive(Clone, Copy)]
pub enum Steering<'a> {
    /// Anything: the puzzle ends minimal.
    Minimal,
    /// Only while naked and hidden singles still solve it.
    Singles,
    /// Only while `acceptable` holds for what is left. It must hold for
    /// every puzzle that naked and hidden singles solve (every technique
    /// level does): those removals are taken without asking.
    Within(&'a (dyn Fn(&Grid) -> bool + Sync)),
}

/// The model's cells as bitsets for the quick tests, built once per model.
pub(super) struct Shape<const W: usize> {
    /// Per cell: the other cells of its houses that hold every symbol once,
    /// and of its cages: a given there rules its symbol out here.
    peers: Vec<Bits<W>>,
    /// Per cell: those houses.
    unit_houses: Vec<Vec<Bits<W>>>,
    /// Per symbol: the cells its marks allow.
    allowed: Vec<Bits<W>>,
    /// Houses not holding every symbol once, and cages: the unavoidable sets
    /// check their counts.
    pub(super) counted_groups: Vec<Bits<W>>,
    /// Whether any two symbols may trade places anywhere without breaking
    /// a rule: every cell takes every symbol, every house and cage holds
    /// each symbol once, no relations (classic sudoku and its extra houses).
    pub(super) swaps_keep_rules: bool,
    /// Lines that can trade digits ([`TwinLines`]).
    pub(super) twin_lines: Vec<TwinLines>,
}

impl<const W: usize> Shape<W> {
    pub(super) fn new(model: &Model) -> Shape<W> {
        let n = model.cell_count();
        let k = model.symbol_count();
        let mut peers = vec![Bits::<W>::EMPTY; n];
        let mut unit_houses = vec![Vec::new(); n];
        let mut counted_groups = Vec::new();
        for house in &model.houses {
            let cells = mask::<W>(&house.cells);
            if house.counts.len() == k && house.counts.iter().all(|&m| m == 1) {
                for &c in &house.cells {
                    peers[c] |= cells;
                    unit_houses[c].push(cells);
                }
            } else {
                counted_groups.push(cells);
            }
        }
        for cage in &model.cages {
            let cells = mask::<W>(&cage.cells);
            for &c in &cage.cells {
                peers[c] |= cells;
            }
            counted_groups.push(cells);
        }
        for (c, p) in peers.iter_mut().enumerate() {
            p.remove(c);
        }
        let allowed = (0..k).map(|s| mask(&(0..n).filter(|&c| model.allowed[c].contains(s as Symbol)).collect::<Vec<_>>())).collect();
        let swaps_keep_rules = counted_groups.is_empty()
            && model.conflicts.is_empty()
            && model.allowed.iter().all(|a| (0..k).all(|s| a.contains(s as Symbol)));
        Shape { peers, unit_houses, allowed, counted_groups, swaps_keep_rules, twin_lines: twin_lines(model) }
    }

    /// The cells of `within` joined to `start` through shared houses or cages.
    pub(super) fn part_of(&self, within: Bits<W>, start: usize) -> Bits<W> {
        let mut part = Bits::EMPTY;
        part.insert(start);
        let mut frontier = part;
        while !frontier.is_empty() {
            let mut reach = Bits::EMPTY;
            for c in frontier.iter() {
                reach |= self.peers[c];
            }
            frontier = (reach & within).minus(part);
            part |= frontier;
        }
        part
    }
}

/// One puzzle's erasure, from its full grid.
pub(super) struct Eraser<'a, const W: usize> {
    shape: &'a Shape<W>,
    solver: &'a Solver,
    solution: &'a Grid,
    pub(super) givens: Grid,
    given: Bits<W>,
    /// Per symbol: the solution's cells holding it.
    by_symbol: Vec<Bits<W>>,
    /// Per symbol: the cells a given of the symbol sees (`Shape::peers`).
    blocked: Vec<Bits<W>>,
    sets: Unavoidable,
    /// Groups kept for the steering's sake (not proven needed for
    /// uniqueness when they were tried): whether the final puzzle is
    /// minimal is asked of these alone (see [`Eraser::minimal`]).
    kept_by_steering: Vec<Vec<usize>>,
}

impl<'a, const W: usize> Eraser<'a, W> {
    pub(super) fn new(model: &Model, shape: &'a Shape<W>, solver: &'a Solver, solution: &'a Grid) -> Self {
        let k = model.symbol_count();
        let mut by_symbol = vec![Bits::<W>::EMPTY; k];
        for (c, s) in solution.cells.iter().enumerate() {
            if let Some(s) = s {
                by_symbol[*s as usize].insert(c);
            }
        }
        let given = Bits::first_n(model.cell_count());
        let sets = Unavoidable::of_swaps(model, shape, solution);
        let mut eraser = Eraser {
            shape,
            solver,
            solution,
            givens: solution.clone(),
            given,
            blocked: vec![Bits::EMPTY; k],
            by_symbol,
            sets,
            kept_by_steering: Vec::new(),
        };
        for s in 0..k {
            eraser.blocked[s] = eraser.blocked_without(s, usize::MAX, &[]);
        }
        eraser
    }

    /// Erases as much of `group` (cells still given) as a unit as `steering` lets go.
    pub(super) fn try_erase(&mut self, group: &[usize], steering: Steering) -> bool {
        if self.sets.needed(group) {
            return false;
        }
        let ok = match steering {
            Steering::Minimal => self.unique_without(group),
            Steering::Singles => {
                let ok = self.with_erased(group, |s| s.solver.solves_by_singles(&s.givens));
                if !ok {
                    self.kept_by_steering.push(group.to_vec());
                }
                ok
            }
            Steering::Within(acceptable) => {
                self.with_erased(group, |s| s.solver.solves_by_singles(&s.givens))
                    || (self.unique_without(group) && {
                        let ok = self.with_erased(group, |s| acceptable(&s.givens));
                        if !ok {
                            self.kept_by_steering.push(group.to_vec());
                        }
                        ok
                    })
            }
        };
        if ok {
            for &c in group {
                self.givens.cells[c] = None;
                self.given.remove(c);
            }
            for &c in group {
                let s = self.symbol(c);
                self.blocked[s] = self.blocked_without(s, usize::MAX, &[]);
            }
            self.sets.erase(group);
        }
        ok
    }

    /// Whether the givens left are minimal among the groups tried: none of
    /// them can go without a second solution. A group refused for
    /// uniqueness stays needed as more givens go (fewer givens never make
    /// a puzzle unique again), so only the groups the steering kept are
    /// asked again, of the final givens. Exact (no node budget).
    pub(super) fn minimal(&mut self) -> bool {
        let kept = std::mem::take(&mut self.kept_by_steering);
        kept.iter().all(|group| !self.unique_without(group))
    }

    fn symbol(&self, c: usize) -> usize {
        self.solution.cells[c].map_or(0, |s| s as usize)
    }

    /// `f` on the givens without `group`.
    fn with_erased(&mut self, group: &[usize], f: impl FnOnce(&Self) -> bool) -> bool {
        for &c in group {
            self.givens.cells[c] = None;
        }
        let out = f(self);
        for &c in group {
            self.givens.cells[c] = self.solution.cells[c];
        }
        out
    }

    /// Whether the givens without `group` still have only the one solution:
    /// no solution differs on a cell of the group. For cell `i` the group's
    /// earlier cells keep their symbols (a solution differing there was
    /// looked for already).
    fn unique_without(&mut self, group: &[usize]) -> bool {
        for (i, &c) in group.iter().enumerate() {
            if self.forced(c, &group[i + 1..]) {
                continue;
            }
            for &d in &group[i..] {
                self.givens.cells[d] = None;
            }
            let symbol = self.solution.cells[c].unwrap_or(0);
            let other = self.solver.other_than(&self.givens, c, symbol, self.solution);
            for &d in &group[i..] {
                self.givens.cells[d] = self.solution.cells[d];
            }
            if other {
                return false;
            }
        }
        true
    }

    /// Whether `cell` is a naked or hidden single of the givens without it
    /// and without `later`: then every solution of those givens holds its
    /// symbol there.
    fn forced(&self, cell: usize, later: &[usize]) -> bool {
        let v = self.symbol(cell);
        let blocked = |s: usize| {
            if later.iter().any(|&d| self.symbol(d) == s) { self.blocked_without(s, cell, later) } else { self.blocked[s] }
        };
        let mut open = self.given;
        open.remove(cell);
        for &d in later {
            open.remove(d);
        }
        open = !open;
        // Naked: every other symbol its marks allow is seen.
        let naked = (0..self.blocked.len()).filter(|&s| s != v && self.shape.allowed[s].contains(cell)).all(|s| blocked(s).contains(cell));
        if naked {
            return true;
        }
        // Hidden: a house where no other open cell may take it.
        let places = self.shape.allowed[v] & open.minus(self.blocked_without(v, cell, later));
        self.shape.unit_houses[cell].iter().any(|house| (places & *house).len() == 1)
    }

    /// The cells seeing a given of symbol `s`, `cell` and `skip` not given.
    fn blocked_without(&self, s: usize, cell: usize, skip: &[usize]) -> Bits<W> {
        let mut out = Bits::EMPTY;
        for g in (self.by_symbol[s] & self.given).iter() {
            if g != cell && !skip.contains(&g) {
                out |= self.shape.peers[g];
            }
        }
        out
    }
}

fn mask<const W: usize>(cells: &[usize]) -> Bits<W> {
    let mut bits = Bits::EMPTY;
    for &c in cells {
        bits.insert(c);
    }
    bits
}
