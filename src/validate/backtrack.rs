//! A deliberately plain solution counter, sharing no code with `solver`: the
//! textbook cell-major design (one candidate mask per cell) where the engine
//! is digit-major. Placing a symbol strikes it from the cell's houses once
//! they hold every copy; forced moves (a cell with one symbol left, a house
//! with exactly as many places as missing copies) are made until none is
//! left, then a symbol confined to where two houses overlap is struck from
//! the rest of the other house (without it 16×16 grids take seconds), and
//! only then does the search branch on the cell with the fewest symbols.

use crate::model::{Grid, Model, Symbol};

/// Solutions found, up to `limit`; the first one is kept.
pub struct Counted {
    pub solutions: usize,
    pub first: Option<Grid>,
}

pub fn count_solutions(model: &Model, givens: &Grid, limit: usize) -> Counted {
    let mut search = Search { model, houses_of: model.houses_of_cells(), overlaps: overlaps(model), limit, found: 0, first: None };
    let mut start = State { grid: Grid::empty(model.cell_count()), candidates: model.allowed.iter().map(|a| a.0).collect() };
    let consistent = givens.cells.iter().enumerate().all(|(cell, g)| match g {
        Some(s) => start.candidates[cell] & (1 << s) != 0 && search.place(&mut start, cell, *s),
        None => true,
    });
    if consistent {
        search.run(start);
    }
    Counted { solutions: search.found, first: search.first }
}

#[derive(Clone)]
struct State {
    grid: Grid,
    /// Bit `s` set: symbol `s` may still go in the (empty) cell.
    candidates: Vec<u32>,
}

struct Search<'a> {
    model: &'a Model,
    houses_of: Vec<Vec<usize>>,
    overlaps: Vec<Overlap>,
    limit: usize,
    found: usize,
    first: Option<Grid>,
}

impl Search<'_> {
    fn run(&mut self, mut state: State) {
        loop {
            if !self.make_forced_moves(&mut state) {
                return;
            }
            if !self.strike_confined_symbols(&mut state) {
                break;
            }
        }
        let empty = (0..state.grid.cells.len()).filter(|&c| state.grid.cells[c].is_none());
        let Some(cell) = empty.min_by_key(|&c| state.candidates[c].count_ones()) else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(state.grid);
            }
            return;
        };
        for s in symbols_of(state.candidates[cell]) {
            let mut next = state.clone();
            if self.place(&mut next, cell, s) {
                self.run(next);
            }
            if self.found >= self.limit {
                return;
            }
        }
    }

    /// Puts `s` in `cell` and strikes what that rules out. False when a rule
    /// is already broken.
    fn place(&self, state: &mut State, cell: usize, s: Symbol) -> bool {
        state.grid.cells[cell] = Some(s);
        state.candidates[cell] = 0;
        for &h in &self.houses_of[cell] {
            let house = &self.model.houses[h];
            let placed = house.cells.iter().filter(|&&c| state.grid.cells[c] == Some(s)).count();
            if placed > house.counts[s as usize] as usize {
                return false;
            }
            if placed == house.counts[s as usize] as usize {
                for &c in &house.cells {
                    state.candidates[c] &= !(1 << s);
                }
            }
        }
        for rel in &self.model.conflicts {
            for (x, xs, y, ys) in [(rel.a, rel.a_symbols, rel.b, rel.b_symbols), (rel.b, rel.b_symbols, rel.a, rel.a_symbols)] {
                if x == cell && xs.contains(s) {
                    if state.grid.cells[y].is_some_and(|t| ys.contains(t)) {
                        return false;
                    }
                    state.candidates[y] &= !ys.0;
                }
            }
        }
        true
    }

    /// Makes moves until none is forced. False on a contradiction: an empty
    /// cell with no symbol, or a house with too few places for a symbol.
    fn make_forced_moves(&self, state: &mut State) -> bool {
        loop {
            let mut moved = false;
            for cell in 0..state.grid.cells.len() {
                if state.grid.cells[cell].is_none() {
                    match state.candidates[cell].count_ones() {
                        0 => return false,
                        1 => {
                            let s = state.candidates[cell].trailing_zeros() as Symbol;
                            if !self.place(state, cell, s) {
                                return false;
                            }
                            moved = true;
                        }
                        _ => {}
                    }
                }
            }
            for house in &self.model.houses {
                let n = self.model.symbol_count();
                let (mut placed, mut places) = (vec![0usize; n], vec![0usize; n]);
                for &c in &house.cells {
                    match state.grid.cells[c] {
                        Some(s) => placed[s as usize] += 1,
                        None => symbols_of(state.candidates[c]).for_each(|s| places[s as usize] += 1),
                    }
                }
                for s in 0..n {
                    let missing = (house.counts[s] as usize).saturating_sub(placed[s]);
                    if places[s] < missing {
                        return false;
                    }
                    if missing > 0 && places[s] == missing {
                        let bit = 1u32 << s;
                        for &c in &house.cells {
                            // A placement just made may have struck this one.
                            if state.grid.cells[c].is_none() && state.candidates[c] & bit != 0 {
                                if !self.place(state, c, s as Symbol) {
                                    return false;
                                }
                                moved = true;
                            }
                        }
                    }
                }
            }
            if !moved {
                return true;
            }
        }
    }
}

impl Search<'_> {
    /// When every place for `s` in house `a` also lies in house `b`, `s`
    /// cannot go anywhere else in `b` (for symbols both houses hold once).
    /// True when something was struck.
    fn strike_confined_symbols(&self, state: &mut State) -> bool {
        let mut struck = false;
        for overlap in &self.overlaps {
            let (ha, hb) = (&self.model.houses[overlap.a], &self.model.houses[overlap.b]);
            for s in 0..self.model.symbol_count() {
                let bit = 1u32 << s;
                if ha.counts[s] != 1 || hb.counts[s] != 1 || overlap.only_a.iter().any(|&c| state.candidates[c] & bit != 0) {
                    continue;
                }
                if ha.cells.iter().any(|&c| state.grid.cells[c] == Some(s as Symbol)) {
                    continue;
                }
                for &c in &overlap.only_b {
                    if state.candidates[c] & bit != 0 {
                        state.candidates[c] &= !bit;
                        struck = true;
                    }
                }
            }
        }
        struck
    }
}

/// Two houses sharing two or more cells (but not all of `a`'s).
struct Overlap {
    a: usize,
    b: usize,
    /// Cells of `a` outside `b`, and of `b` outside `a`.
    only_a: Vec<usize>,
    only_b: Vec<usize>,
}

fn overlaps(model: &Model) -> Vec<Overlap> {
    let houses = &model.houses;
    let mut pairs = Vec::new();
    for a in 0..houses.len() {
        for b in (0..houses.len()).filter(|&b| b != a) {
            let outside =
                |x: usize, y: usize| -> Vec<usize> { houses[x].cells.iter().copied().filter(|c| !houses[y].cells.contains(c)).collect() };
            let (only_a, only_b) = (outside(a, b), outside(b, a));
            let shared = houses[a].cells.len() - only_a.len();
            if shared >= 2 && !only_a.is_empty() {
                pairs.push(Overlap { a, b, only_a, only_b });
            }
        }
    }
    pairs
}

fn symbols_of(mask: u32) -> impl Iterator<Item = Symbol> {
    (0..32).filter(move |s| mask & (1 << s) != 0).map(|s| s as Symbol)
}
