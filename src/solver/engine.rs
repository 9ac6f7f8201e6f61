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
    /// Killer cages and the sums the rule of 45 gives.
    cages: Vec<EngineCage<W>>,
    /// `cell_houses[c]`: the houses holding `c`, as a set of house indices,
    /// when there are at most [`MAX_INDEXED_HOUSES`] houses (else empty and
    /// unused): after a few candidates change only their houses are looked at.
    cell_houses: Vec<HouseSet>,
    indexed: bool,
    /// `house_counts[s * houses + h]`: how often symbol `s` occurs in house `h`.
    house_counts: Vec<u8>,
    /// The words of each house's bitset that hold any of its cells (a row
    /// of a 16×16 grid lies in one word of four).
    spans: Vec<(u8, u8)>,
    /// Cells tied to each cell by some rule (a shared house, cage, sum or
    /// relation): the search's measure of how much a choice settles, and the
    /// edges along which the unsolved cells fall apart into independent parts.
    pub(super) neighbours: Vec<Bits<W>>,
    /// Whether the search looks for independent parts: grids that overlap
    /// in a few boxes (samurai, twodoku …) fall apart once those are solved,
    /// and a part without a solution must not be re-proved so for every
    /// choice made in another part.
    pub(super) split: bool,
}

/// A set of house indices.
type HouseSet = [u64; 4];
const MAX_INDEXED_HOUSES: usize = 256;

/// Up to this many changed candidates, a check looks only at their houses.
const FEW_CHANGES: u32 = 6;

/// Cells adding up to `sum`: a cage (whose cells also take different
/// symbols, in the peer tables) or a sum the rule of 45 gives.
struct EngineCage<const W: usize> {
    cells: Vec<usize>,
    members: Bits<W>,
    sum: u32,
    distinct: bool,
}

/// The rule of 45 is used on sets of up to this many cells.
const IMPLIED_SUM_CELLS: usize = 6;

/// Locked candidates: when a symbol's open cells in `house` all lie in its
/// overlap with another house, that house loses the symbol outside it.
struct LockedHouse<const W: usize> {
    index: usize,
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
    /// Whether `first` is wanted (a yes/no question needs no grid).
    pub want_first: bool,
    /// Whether `first` is only wanted when it is the only solution (a
    /// verdict); a search may then leave it out when it finds two.
    pub first_if_unique: bool,
    pub stats: SearchStats,
    /// Random symbol order at each branch (random fills).
    pub rng: Option<&'a mut dyn Rng>,
    /// A grid whose symbol is tried first at each branch: the known
    /// solution, when the question is whether another one is near it.
    pub prefer: Option<&'a [Option<Symbol>]>,
    /// A cell whose part of the grid is searched first when the unsolved
    /// cells fall apart (the excluded cell: its part is the one likely to fail).
    pub focus: Option<usize>,
    /// Give up after this many nodes (fills of unfillable layouts must end).
    /// With a deadline, this is the next node at which the clock is read
    /// ([`SearchControl::renew`]), never beyond `node_cap`.
    pub node_budget: u64,
    pub out_of_budget: bool,
    /// Give up at this time (a `solve` or `import` budget).
    pub deadline: Option<std::time::Instant>,
    /// The node budget proper when there is a deadline.
    pub node_cap: u64,
}

/// Nodes between two readings of the clock under a deadline (a few
/// milliseconds of search): the searches compare nodes with the budget
/// anyway, so the clock costs nothing on their way.
pub const CLOCK_EVERY: u64 = 1 << 14;

impl SearchControl<'_> {
    /// Called when the nodes pass `node_budget`: with time left before the
    /// deadline and nodes left under the cap, moves the budget on and says
    /// go on; else out of budget.
    #[cold]
    #[inline(never)]
    pub fn renew(&mut self) -> bool {
        match self.deadline {
            Some(deadline) if self.stats.nodes <= self.node_cap && std::time::Instant::now() < deadline => {
                self.node_budget = self.stats.nodes.saturating_add(CLOCK_EVERY).min(self.node_cap);
                true
            }
            _ => {
                self.out_of_budget = true;
                false
            }
        }
    }
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
            // A cage never repeats a symbol.
            for cage in &model.cages {
                let members = mask::<W>(&cage.cells);
                for &c in &cage.cells {
                    peers[class * cells + c] |= members;
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
        let cages: Vec<EngineCage<W>> = model
            .sum_sets(IMPLIED_SUM_CELLS)
            .into_iter()
            .map(|s| EngineCage { members: mask(&s.cells), cells: s.cells, sum: s.sum, distinct: s.distinct })
            .collect();
        let indexed = houses.len() <= MAX_INDEXED_HOUSES;
        let mut cell_houses = vec![[0u64; 4]; if indexed { cells } else { 0 }];
        let mut neighbours = vec![Bits::<W>::EMPTY; cells];
        for (h, house) in model.houses.iter().enumerate() {
            for &c in &house.cells {
                if indexed {
                    cell_houses[c][h / 64] |= 1 << (h % 64);
                }
                neighbours[c] |= houses[h];
            }
        }
        for group in cages.iter().map(|c| &c.cells).chain(model.cages.iter().map(|c| &c.cells)) {
            for &c in group {
                neighbours[c] |= mask(group);
            }
        }
        for r in &model.conflicts {
            neighbours[r.a].insert(r.b);
            neighbours[r.b].insert(r.a);
        }
        for (c, n) in neighbours.iter_mut().enumerate() {
            n.remove(c);
        }
        let house_counts = (0..symbols).flat_map(|s| model.houses.iter().map(move |h| h.counts[s])).collect();
        let spans = houses
            .iter()
            .map(|h| {
                let used: Vec<usize> = (0..W).filter(|&w| h.0[w] != 0).collect();
                (used.first().copied().unwrap_or(0) as u8, used.last().copied().unwrap_or(0) as u8)
            })
            .collect();
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
            cages,
            cell_houses,
            indexed,
            house_counts,
            spans,
            neighbours,
            split: cells > symbols * symbols,
        }
    }

    /// The houses holding any of `cells`, or `None` when all houses should
    /// be looked at (many cells, or too many houses to index).
    #[inline]
    fn houses_of(&self, cells: Bits<W>) -> Option<HouseSet> {
        if !self.indexed || cells.len() > FEW_CHANGES {
            return None;
        }
        let mut set = [0u64; 4];
        for c in cells.iter() {
            for (w, h) in set.iter_mut().zip(&self.cell_houses[c]) {
                *w |= h;
            }
        }
        Some(set)
    }

    pub(super) fn symbols(&self) -> usize {
        self.symbols
    }

    pub(super) fn all_cells(&self) -> Bits<W> {
        self.all_cells
    }

    /// State layout: `cand[0..k]`, `solved`, then the boards each symbol had
    /// at its last fruitless hidden-single check (`k` more) and locked-
    /// candidates check (`k` more), and with cages the boards at the start
    /// of the last cage check (`k` more). Children inherit them, so after a
    /// branch only the symbols (and cages) the choice touched are examined
    /// again.
    pub fn stride(&self) -> usize {
        if self.cages.is_empty() { 3 * self.symbols + 1 } else { 4 * self.symbols + 1 }
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
    pub(super) fn assign(&self, state: &mut [Bits<W>], cell: usize, s: usize) -> Result<(), Contradiction> {
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

    /// Every rule to a fixpoint. `Ok(true)` when every cell is solved.
    pub(super) fn propagate(&self, state: &mut [Bits<W>]) -> Result<bool, Contradiction> {
        self.propagate_with(state, true)
    }

    /// Naked and hidden singles only, to a fixpoint: what a beginner does.
    pub(super) fn singles(&self, state: &mut [Bits<W>]) -> Result<bool, Contradiction> {
        self.propagate_with(state, false)
    }

    fn propagate_with(&self, state: &mut [Bits<W>], all_rules: bool) -> Result<bool, Contradiction> {
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
                for s in 0..k {
                    for c in (state[s] & naked).iter() {
                        self.assign(state, c, s)?;
                    }
                }
                continue;
            }
            if self.hidden_singles(state)? || (all_rules && (self.locked_candidates(state) || self.cage_sums(state)?)) {
                continue;
            }
            return Ok(unsolved.is_empty());
        }
    }

    /// One pass of the house checks; `Ok(true)` if anything changed.
    ///
    /// For a symbol occurring once per house the outcome depends only on its
    /// candidate board: a cell newly solved with it either was a hidden single
    /// already or removed it from a peer. So a board equal to `seen[s]` (its
    /// value at the last fruitless check) is skipped, and when only a few
    /// of its candidates went, only their houses are looked at (in any other
    /// house nothing changed for it). Skipping is always sound: a missed
    /// deduction is made by the search instead.
    fn hidden_singles(&self, state: &mut [Bits<W>]) -> Result<bool, Contradiction> {
        let k = self.symbols;
        let seen = k + 1;
        let mut progress = false;
        for s in 0..k {
            let mut found = false;
            if self.counted[s] {
                for &(h, count) in &self.symbol_houses[s] {
                    found |= self.house_singles(state, s, h, count)?;
                }
                progress |= found;
                continue;
            }
            // A symbol with no open candidate cell is placed out: with only
            // unit counts, peers already keep its houses right.
            let changed = state[s] ^ state[seen + s];
            if changed.is_empty() || state[s].minus(state[k]).is_empty() {
                continue;
            }
            // Only a house whose candidates changed can hold news.
            match self.houses_of(changed) {
                Some(set) => {
                    let counts = &self.house_counts[s * self.houses.len()..];
                    for (w, &word) in set.iter().enumerate() {
                        let mut word = word;
                        while word != 0 {
                            let h = 64 * w + word.trailing_zeros() as usize;
                            word &= word - 1;
                            if counts[h] > 0 {
                                found |= self.unit_singles(state, s, h)?;
                            }
                        }
                    }
                }
                None => {
                    for &(h, _) in &self.symbol_houses[s] {
                        found |= self.unit_singles(state, s, h)?;
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

    /// Symbol `s` (which occurs once in every house that has it) in house
    /// `h`: no place is a contradiction, one open place is taken. Only the
    /// words the house lies in are read.
    #[inline(always)]
    fn unit_singles(&self, state: &mut [Bits<W>], s: usize, h: usize) -> Result<bool, Contradiction> {
        let (lo, hi) = self.spans[h];
        let (cand, solved, house) = (&state[s].0, &state[self.symbols].0, &self.houses[h].0);
        let mut n = 0;
        let mut open = usize::MAX;
        for w in lo as usize..=hi as usize {
            let x = cand[w] & house[w];
            n += x.count_ones();
            let o = x & !solved[w];
            if o != 0 {
                open = 64 * w + o.trailing_zeros() as usize;
            }
        }
        match (n, open) {
            (0, _) => Err(Contradiction),
            (1, c) if c != usize::MAX => self.assign(state, c, s).map(|_| true),
            _ => Ok(false),
        }
    }

    /// Symbol `s` in house `h`, where it occurs `count` times: too few
    /// places is a contradiction, exactly enough places are all taken.
    #[inline]
    fn house_singles(&self, state: &mut [Bits<W>], s: usize, h: usize, count: u32) -> Result<bool, Contradiction> {
        let k = self.symbols;
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
            return Ok(false);
        }
        if n == count {
            for c in open.iter() {
                self.assign(state, c, s)?;
            }
            return Ok(true);
        }
        if self.counted[s] {
            let placed = n - open.len();
            if placed > count {
                return Err(Contradiction);
            }
            if placed == count {
                state[s] = state[s].minus(open);
                return Ok(true);
            }
        }
        Ok(false)
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
            let start = state[s];
            let changed = start ^ state[seen + s];
            let mut open = start.minus(solved);
            if open.is_empty() || changed.is_empty() {
                continue;
            }
            let touched = self.houses_of(changed);
            let mut progress_here = false;
            for locked in pairs {
                if touched.is_some_and(|set| set[locked.index / 64] >> (locked.index % 64) & 1 == 0) {
                    continue;
                }
                let here = open & locked.house;
                if here.is_empty() || here.len() > locked.largest_overlap {
                    continue;
                }
                for (house_only, other_only) in &locked.overlaps {
                    if !here.intersects(house_only) && open.intersects(other_only) {
                        open = open.minus(*other_only);
                        progress_here = true;
                    }
                }
            }
            state[s] = open | (start & solved);
            // What went here may unlock other houses: their next check
            // sees it as a change.
            state[seen + s] = if progress_here { start } else { state[s] };
            progress |= progress_here;
        }
        progress
    }

    /// Each cage, and each sum the rule of 45 gives, keeps in its cells
    /// only the symbols some assignment reaching the sum uses
    /// ([`crate::model::sum_support`]). `Ok(true)` if a candidate went.
    ///
    /// A sum set none of whose cells changed since the start of the last
    /// check is skipped: the check keeps what it is given when run twice
    /// (what supports a symbol uses supported symbols only), so the fixpoint
    /// is the same as checking every set every time.
    fn cage_sums(&self, state: &mut [Bits<W>]) -> Result<bool, Contradiction> {
        if self.cages.is_empty() {
            return Ok(false);
        }
        let k = self.symbols;
        let seen = 3 * k + 1;
        let mut changed = Bits::<W>::EMPTY;
        for s in 0..k {
            changed |= state[s] ^ state[seen + s];
            state[seen + s] = state[s];
        }
        let mut progress = false;
        let mut masks = [0u32; 32];
        let mut keep = [0u32; 32];
        for cage in &self.cages {
            if !cage.members.intersects(&changed) {
                continue;
            }
            let n = cage.cells.len();
            for (i, &c) in cage.cells.iter().enumerate() {
                masks[i] = self.options(state, c).0;
            }
            if !crate::model::sum_support(&masks[..n], cage.sum, cage.distinct, &mut keep) {
                return Err(Contradiction);
            }
            for (i, &c) in cage.cells.iter().enumerate() {
                let mut gone = masks[i] & !keep[i];
                if gone == 0 {
                    continue;
                }
                while gone != 0 {
                    let s = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    if s < k {
                        state[s].remove(c);
                    }
                }
                changed.insert(c);
                progress = true;
            }
        }
        Ok(progress)
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

    pub(super) fn read_solution(&self, state: &[Bits<W>]) -> Vec<Option<Symbol>> {
        (0..self.cells).map(|c| (0..self.symbols).find(|&s| state[s].contains(c)).map(|s| s as Symbol)).collect()
    }
}

fn intersections_for<const W: usize>(model: &Model, houses: &[Bits<W>], s: usize) -> Vec<LockedHouse<W>> {
    let mut out = Vec::new();
    for (a, house_a) in model.houses.iter().enumerate() {
        let mut locked = LockedHouse { index: a, house: houses[a], largest_overlap: 0, overlaps: Vec::new() };
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
