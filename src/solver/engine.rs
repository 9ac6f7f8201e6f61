//! The hot path: digit-major bitboards, propagation and search.
//!
//! State (one slice of `stride` bitsets): `cand[s]` = cells where symbol `s`
//! is still possible (a cell solved with `s` stays in `cand[s]`), then
//! `solved` = cells whose symbol is fixed. Invariant: a solved cell appears in
//! exactly one `cand[s]`. Naked singles fall out of bit-sliced counting over
//! the `cand` boards; hidden singles are one popcount per house and symbol.

use crate::bits::Bits;
use crate::model::{Model, Symbol, SymbolSet};
use rand::Rng;
use rand::seq::SliceRandom;

pub struct Contradiction;

/// A relation edge seen from the placed cell: placing a symbol of `trigger`
/// here removes `forbidden` from `target`.
struct RelationEdge {
    trigger: SymbolSet,
    target: usize,
    forbidden: SymbolSet,
}

pub struct Engine<const W: usize> {
    symbols: usize,
    all_cells: Bits<W>,
    houses: Vec<Bits<W>>,
    /// For each symbol, the houses it occurs in and how often.
    symbol_houses: Vec<Vec<(usize, u32)>>,
    /// Symbols with a count above 1 somewhere (Stars & Stripes's star) need
    /// the "house is full of this symbol" step that peers cannot express.
    counted: Vec<bool>,
    /// `peers[symbol_class[s] * cells + c]`: cells that lose `s` when `c` takes
    /// it (every house of `c` where `s` occurs once), `c` excluded.
    peers: Vec<Bits<W>>,
    symbol_class: Vec<usize>,
    cells: usize,
    allowed: Vec<Bits<W>>,
    relations: Vec<Vec<RelationEdge>>,
    /// For each symbol, the houses that overlap other houses in two or more
    /// cells where the symbol occurs once in each (box × row, box × column,
    /// region × diagonal …).
    intersections: Vec<Vec<LockedHouse<W>>>,
}

/// Locked candidates: when a symbol's open cells in `house` all lie in its
/// overlap with another house, that house loses the symbol outside it.
struct LockedHouse<const W: usize> {
    house: Bits<W>,
    /// More open cells than the largest overlap cannot be locked: skip.
    largest_overlap: u32,
    /// (cells of `house` outside the overlap, cells of the other house outside it)
    overlaps: Vec<(Bits<W>, Bits<W>)>,
}

#[derive(Default, Clone, Copy, Debug)]
pub struct SearchStats {
    /// Calls of the search (propagation rounds after a choice).
    pub nodes: u64,
    /// Branch points: cells where the search had to guess.
    pub guesses: u64,
}

pub struct SearchControl<'a> {
    pub limit: usize,
    pub found: usize,
    pub first: Option<Vec<Option<Symbol>>>,
    pub stats: SearchStats,
    pub rng: Option<&'a mut dyn Rng>,
    /// Give up after this many nodes (fills of unfillable layouts must end).
    pub node_budget: u64,
    pub out_of_budget: bool,
}

impl<const W: usize> Engine<W> {
    pub fn new(model: &Model) -> Self {
        let cells = model.cell_count();
        let symbols = model.symbol_count();
        assert!(cells <= Bits::<W>::CAPACITY, "engine width too small for the model");
        let houses: Vec<Bits<W>> = model.houses.iter().map(|h| mask(&h.cells)).collect();
        let mut symbol_houses = vec![Vec::new(); symbols];
        let mut counted = vec![false; symbols];
        for (h, house) in model.houses.iter().enumerate() {
            for s in 0..symbols {
                let count = house.counts[s] as u32;
                if count > 0 {
                    symbol_houses[s].push((h, count));
                }
                counted[s] |= count > 1;
            }
        }
        // Symbols with the same per-house counts share peer tables.
        let mut class_keys: Vec<Vec<u8>> = Vec::new();
        let mut symbol_class = Vec::with_capacity(symbols);
        for s in 0..symbols {
            let key: Vec<u8> = model.houses.iter().map(|h| h.counts[s]).collect();
            let class = class_keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                class_keys.push(key);
                class_keys.len() - 1
            });
            symbol_class.push(class);
        }
        let mut peers = vec![Bits::EMPTY; class_keys.len() * cells];
        for (class, key) in class_keys.iter().enumerate() {
            for (h, house) in model.houses.iter().enumerate() {
                if key[h] == 1 {
                    for &c in &house.cells {
                        peers[class * cells + c] |= houses[h];
                    }
                }
            }
            for c in 0..cells {
                peers[class * cells + c].remove(c);
            }
        }
        let allowed =
            (0..symbols).map(|s| mask(&(0..cells).filter(|&c| model.allowed[c].contains(s as Symbol)).collect::<Vec<_>>())).collect();
        let mut relations: Vec<Vec<RelationEdge>> = (0..cells).map(|_| Vec::new()).collect();
        for r in &model.conflicts {
            relations[r.a].push(RelationEdge { trigger: r.a_symbols, target: r.b, forbidden: r.b_symbols });
            relations[r.b].push(RelationEdge { trigger: r.b_symbols, target: r.a, forbidden: r.a_symbols });
        }
        let intersections = (0..symbols).map(|s| intersections_for(model, &houses, s)).collect();
        Engine {
            symbols,
            all_cells: Bits::first_n(cells),
            houses,
            symbol_houses,
            counted,
            peers,
            symbol_class,
            cells,
            allowed,
            relations,
            intersections,
        }
    }

    /// State layout: `cand[0..k]`, `solved`, then the boards each symbol had
    /// at its last fruitless hidden-single check (`k` more) and locked-
    /// candidates check (`k` more). Children inherit them, so after a branch
    /// only the symbols the choice touched are examined again.
    pub fn stride(&self) -> usize {
        3 * self.symbols + 1
    }

    /// Writes the initial state for `givens` minus `excluded` candidates.
    pub fn init(&self, state: &mut [Bits<W>], givens: &[Option<Symbol>], excluded: &[(usize, Symbol)]) -> Result<(), Contradiction> {
        state[..self.symbols].copy_from_slice(&self.allowed);
        state[self.symbols..].fill(Bits::EMPTY);
        for &(c, s) in excluded {
            state[s as usize].remove(c);
        }
        for (c, given) in givens.iter().enumerate() {
            if let Some(s) = given {
                self.assign(state, c, *s as usize)?;
            }
        }
        Ok(())
    }

    #[inline]
    fn assign(&self, state: &mut [Bits<W>], cell: usize, s: usize) -> Result<(), Contradiction> {
        if !state[s].contains(cell) || state[self.symbols].contains(cell) {
            return Err(Contradiction);
        }
        for (t, cand) in state[..self.symbols].iter_mut().enumerate() {
            if t != s {
                cand.remove(cell);
            }
        }
        let peers = self.peers[self.symbol_class[s] * self.cells + cell];
        state[s] = state[s].minus(peers);
        state[self.symbols].insert(cell);
        for edge in &self.relations[cell] {
            if edge.trigger.contains(s as Symbol) {
                for t in edge.forbidden.iter() {
                    state[t as usize].remove(edge.target);
                }
            }
        }
        Ok(())
    }

    /// Singles to a fixpoint. `Ok(true)` when every cell is solved.
    pub fn propagate(&self, state: &mut [Bits<W>]) -> Result<bool, Contradiction> {
        let k = self.symbols;
        loop {
            let unsolved = self.all_cells.minus(state[k]);
            let (mut once, mut twice) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
            for cand in &state[..k] {
                twice |= once & *cand;
                once |= *cand;
            }
            if unsolved.intersects(&!once) {
                return Err(Contradiction);
            }
            let naked = (unsolved & once).minus(twice);
            if !naked.is_empty() {
                for c in naked.iter() {
                    let s = (0..k).find(|&s| state[s].contains(c)).ok_or(Contradiction)?;
                    self.assign(state, c, s)?;
                }
                continue;
            }
            if !self.hidden_singles(state)? && !self.locked_candidates(state) {
                return Ok(unsolved.is_empty());
            }
        }
    }

    /// One pass of the house checks; `Ok(true)` if anything changed.
    ///
    /// For a symbol occurring once per house the outcome depends only on its
    /// candidate board: a cell newly solved with it either was a hidden single
    /// already or removed it from a peer. So a board equal to `seen[s]` (its
    /// value at the last fruitless check) is skipped. Skipping is always
    /// sound: a missed deduction is made by the search instead.
    fn hidden_singles(&self, state: &mut [Bits<W>]) -> Result<bool, Contradiction> {
        let k = self.symbols;
        let seen = k + 1;
        let mut progress = false;
        for s in 0..k {
            // A symbol with no open candidate cell is placed out: with only
            // unit counts, peers already keep its houses right.
            if !self.counted[s] && (state[s] == state[seen + s] || state[s].minus(state[k]).is_empty()) {
                continue;
            }
            let mut found = false;
            for &(h, count) in &self.symbol_houses[s] {
                let here = state[s] & self.houses[h];
                let n = here.len();
                if n < count {
                    return Err(Contradiction);
                }
                let open = here.minus(state[k]);
                if open.is_empty() {
                    // Every cell left for the symbol is solved: a counted
                    // symbol may have been placed too often (peers only
                    // guard symbols that occur once).
                    if n > count {
                        return Err(Contradiction);
                    }
                    continue;
                }
                if n == count {
                    for c in open.iter() {
                        self.assign(state, c, s)?;
                    }
                    found = true;
                } else if self.counted[s] {
                    let placed = n - open.len();
                    if placed > count {
                        return Err(Contradiction);
                    }
                    if placed == count {
                        state[s] = state[s].minus(open);
                        found = true;
                    }
                }
            }
            if !found {
                state[seen + s] = state[s];
            }
            progress |= found;
        }
        Ok(progress)
    }

    /// Pointing and claiming over every house intersection; `true` if a
    /// candidate went. Pruning here shrinks hard searches many times over.
    /// Symbols unchanged since their last fruitless check are skipped, as in
    /// `hidden_singles` (sound: this is pruning only).
    fn locked_candidates(&self, state: &mut [Bits<W>]) -> bool {
        let solved = state[self.symbols];
        let seen = 2 * self.symbols + 1;
        let mut progress = false;
        for (s, pairs) in self.intersections.iter().enumerate() {
            let mut open = state[s].minus(solved);
            if open.is_empty() || state[s] == state[seen + s] {
                continue;
            }
            for locked in pairs {
                let here = open & locked.house;
                if here.is_empty() || here.len() > locked.largest_overlap {
                    continue;
                }
                for (house_only, other_only) in &locked.overlaps {
                    if !here.intersects(house_only) && open.intersects(other_only) {
                        open = open.minus(*other_only);
                        progress = true;
                    }
                }
            }
            state[s] = open | (state[s] & solved);
            state[seen + s] = state[s];
        }
        progress
    }

    /// Depth-first search from `arena[0..stride]`, counting solutions up to
    /// `ctl.limit`. The arena grows one state per level.
    pub fn search(&self, arena: &mut Vec<Bits<W>>, depth: usize, ctl: &mut SearchControl) {
        ctl.stats.nodes += 1;
        if ctl.stats.nodes > ctl.node_budget {
            ctl.out_of_budget = true;
            return;
        }
        let stride = self.stride();
        let here = depth * stride;
        match self.propagate(&mut arena[here..here + stride]) {
            Err(Contradiction) => return,
            Ok(true) => {
                ctl.found += 1;
                if ctl.first.is_none() {
                    ctl.first = Some(self.read_solution(&arena[here..here + stride]));
                }
                return;
            }
            Ok(false) => {}
        }
        let (cell, options) = self.choose_cell(&arena[here..here + stride]);
        let mut order = [0u8; 32];
        let symbols = &mut order[..options.len() as usize];
        for (slot, s) in symbols.iter_mut().zip(options.iter()) {
            *slot = s;
        }
        if let Some(rng) = ctl.rng.as_deref_mut() {
            symbols.shuffle(rng);
        }
        ctl.stats.guesses += 1;
        if arena.len() < here + 2 * stride {
            arena.resize(here + 2 * stride, Bits::EMPTY);
        }
        for &s in symbols.iter() {
            arena.copy_within(here..here + stride, here + stride);
            if self.assign(&mut arena[here + stride..here + 2 * stride], cell, s as usize).is_ok() {
                self.search(arena, depth + 1, ctl);
            }
            if ctl.found >= ctl.limit || ctl.out_of_budget {
                return;
            }
        }
    }

    /// The unsolved cell with the fewest candidates (a bivalue cell at once
    /// when there is one, found by bit-sliced counting).
    fn choose_cell(&self, state: &[Bits<W>]) -> (usize, SymbolSet) {
        let k = self.symbols;
        let unsolved = self.all_cells.minus(state[k]);
        let (mut one, mut two, mut three) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY, Bits::<W>::EMPTY);
        for cand in &state[..k] {
            let x = *cand & unsolved;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let cell = match two.minus(three).first() {
            Some(c) => c,
            None => unsolved.iter().min_by_key(|&c| state[..k].iter().filter(|cand| cand.contains(c)).count()).unwrap_or(0),
        };
        (cell, self.options(state, cell))
    }

    pub fn options(&self, state: &[Bits<W>], cell: usize) -> SymbolSet {
        let mut set = SymbolSet::EMPTY;
        for (s, cand) in state[..self.symbols].iter().enumerate() {
            if cand.contains(cell) {
                set.0 |= 1 << s;
            }
        }
        set
    }

    fn read_solution(&self, state: &[Bits<W>]) -> Vec<Option<Symbol>> {
        (0..self.cells).map(|c| (0..self.symbols).find(|&s| state[s].contains(c)).map(|s| s as Symbol)).collect()
    }
}

fn intersections_for<const W: usize>(model: &Model, houses: &[Bits<W>], s: usize) -> Vec<LockedHouse<W>> {
    let mut out = Vec::new();
    for (a, house_a) in model.houses.iter().enumerate() {
        let mut locked = LockedHouse { house: houses[a], largest_overlap: 0, overlaps: Vec::new() };
        for (b, house_b) in model.houses.iter().enumerate() {
            let overlap = houses[a] & houses[b];
            if a != b && house_a.counts[s] == 1 && house_b.counts[s] == 1 && overlap.len() >= 2 {
                locked.largest_overlap = locked.largest_overlap.max(overlap.len());
                locked.overlaps.push((houses[a].minus(overlap), houses[b].minus(overlap)));
            }
        }
        if !locked.overlaps.is_empty() {
            out.push(locked);
        }
    }
    out
}

fn mask<const W: usize>(cells: &[usize]) -> Bits<W> {
    let mut bits = Bits::EMPTY;
    for &c in cells {
        bits.insert(c);
    }
    bits
}
