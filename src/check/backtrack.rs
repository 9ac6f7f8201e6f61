//! A plain solution counter, sharing no code with `solver`: the textbook
//! cell-major design (one candidate bitmask per cell) where the engine is
//! digit-major. Placing a symbol strikes it from the cell's houses once they
//! hold every copy, and applies the cell's relations. Every forced move — a
//! cell with one symbol left (naked single), a house with exactly as many
//! places for a symbol as copies missing (hidden single) — is made before
//! branching; then a symbol confined to where two houses overlap is struck
//! from the rest of the other house (without it 16×16 grids take seconds),
//! and only then does the search branch on the cell with the fewest symbols.
//!
//! The speed is bookkeeping: each house counts the places left for each
//! symbol, so striking a candidate finds the moves it forces (a queue, not
//! a rescan of the grid), and search states are reused from depth to depth
//! instead of allocated per branch.
//!
//! Killer cages are checked their own way too: placing a symbol strikes it
//! from the rest of its cage, and before each branch every cage keeps only
//! the candidates that some set of different symbols adding up to what the
//! cage still lacks can use (the sets are listed afresh, symbol by symbol;
//! a cage whose cells are all placed must add up exactly). The same pruning
//! runs on each house's "innies": the cells of a house outside the cages
//! that lie wholly in it, which add up to the house's total less those
//! cages' sums.

use crate::model::{Grid, Model, Symbol};

/// Solutions found, up to `limit`; the first one is kept.
pub struct Counted {
    pub solutions: usize,
    pub first: Option<Grid>,
}

pub fn count_solutions(model: &Model, givens: &Grid, limit: usize) -> Counted {
    let rules = Rules::of(model);
    let mut search = Search {
        rules: &rules,
        limit,
        found: 0,
        first: None,
        pool: Vec::new(),
        todo: Todo::default(),
        segment_unions: Vec::new(),
        cage_allowed: Vec::new(),
    };
    let mut start = State::start(&rules, model);
    let consistent = givens.cells.iter().enumerate().all(|(cell, g)| match g {
        Some(s) => start.candidates[cell] & (1 << s) != 0 && rules.place(&mut start, &mut search.todo, cell, *s),
        None => true,
    });
    if consistent && start.seed(&rules, &mut search.todo) {
        search.run(&mut start, 0);
    }
    Counted { solutions: search.found, first: search.first }
}

/// No symbol in the cell yet.
const EMPTY: u8 = u8::MAX;

/// The model's rules, arranged for the search.
struct Rules {
    symbols: usize,
    houses: Vec<HouseRule>,
    houses_of: Vec<Vec<usize>>,
    /// Per cell: (symbols of this cell, other cell, symbols that other cell
    /// may then not hold), from the model's relations, both directions.
    relations_of: Vec<Vec<(u32, usize, u32)>>,
    /// Cells two houses share, where two or more.
    segments: Vec<Vec<usize>>,
    overlaps: Vec<Overlap>,
    cages: Vec<CageRule>,
    /// Sets of different symbols adding up to a sum, pruned before each
    /// branch: the cages, then the houses' innies.
    sum_sets: Vec<CageRule>,
    /// Per cell: the cages it is in (one at most in a layout file, but the
    /// search does not rely on it).
    cages_of: Vec<Vec<usize>>,
    /// Value each symbol adds to a cage's sum (its digit value).
    values: Vec<u32>,
}

/// A killer cage (or a house's innies): different symbols adding up to `sum`.
#[derive(Clone)]
struct CageRule {
    cells: Vec<usize>,
    sum: u32,
}

struct HouseRule {
    cells: Vec<usize>,
    counts: Vec<u8>,
}

/// Moves found forced, made before the next branch.
#[derive(Default)]
struct Todo {
    /// Cells left with one symbol.
    cells: Vec<usize>,
    /// (house, symbol): as many places left as copies missing.
    houses: Vec<(usize, usize)>,
}

#[derive(Clone, Default)]
struct State {
    /// The symbol in each cell, or `EMPTY`.
    value: Vec<u8>,
    /// Bit `s` set: symbol `s` may still go in the (empty) cell; 0 once filled.
    candidates: Vec<u32>,
    /// `need[h * symbols + s]`: copies of `s` house `h` still lacks.
    need: Vec<u8>,
    /// `places[h * symbols + s]`: empty cells of house `h` that may hold `s`.
    places: Vec<u8>,
    /// Per house: symbols with copies still missing.
    missing: Vec<u32>,
}

impl Rules {
    fn of(model: &Model) -> Rules {
        let houses: Vec<HouseRule> = model.houses.iter().map(|h| HouseRule { cells: h.cells.clone(), counts: h.counts.clone() }).collect();
        let mut relations_of = vec![Vec::new(); model.cell_count()];
        for rel in &model.conflicts {
            relations_of[rel.a].push((rel.a_symbols.0, rel.b, rel.b_symbols.0));
            relations_of[rel.b].push((rel.b_symbols.0, rel.a, rel.a_symbols.0));
        }
        let (segments, overlaps) = overlaps(model);
        let cages: Vec<CageRule> = model.cages.iter().map(|c| CageRule { cells: c.cells.clone(), sum: c.sum }).collect();
        let mut cages_of = vec![Vec::new(); model.cell_count()];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cages_of[c].push(k);
            }
        }
        // Digits are worth their face value, letters 10, 11, …; a symbol
        // with no value (never in a layout with cages) is worth nothing.
        let values: Vec<u32> = (0..model.symbol_count())
            .map(|s| {
                let c = model.alphabet.char_of(s as Symbol);
                c.to_digit(36).unwrap_or(0)
            })
            .collect();
        let sum_sets = innies(model, &cages, &values);
        Rules {
            symbols: model.symbol_count(),
            houses,
            houses_of: model.houses_of_cells(),
            relations_of,
            segments,
            overlaps,
            cages,
            sum_sets,
            cages_of,
            values,
        }
    }

    /// One place fewer for `s` in each house of `cell`. False when a house
    /// is left with fewer places than copies missing.
    fn lose_place(&self, state: &mut State, todo: &mut Todo, cell: usize, s: usize) -> bool {
        for &h in &self.houses_of[cell] {
            let i = h * self.symbols + s;
            state.places[i] -= 1;
            let need = state.need[i];
            if need > 0 {
                if state.places[i] < need {
                    return false;
                }
                if state.places[i] == need {
                    todo.houses.push((h, s));
                }
            }
        }
        true
    }

    /// Strikes `symbols` from `cell`. False when that empties the cell.
    fn strike(&self, state: &mut State, todo: &mut Todo, cell: usize, symbols: u32) -> bool {
        let hit = state.candidates[cell] & symbols;
        if hit == 0 {
            return true;
        }
        let left = state.candidates[cell] & !hit;
        state.candidates[cell] = left;
        if left == 0 {
            return false;
        }
        if left & (left - 1) == 0 {
            todo.cells.push(cell);
        }
        let mut bits = hit;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !self.lose_place(state, todo, cell, s) {
                return false;
            }
        }
        true
    }

    /// Puts `s` (one of its candidates) in `cell` and strikes what that
    /// rules out. False when a rule is broken.
    fn place(&self, state: &mut State, todo: &mut Todo, cell: usize, s: Symbol) -> bool {
        let bit = 1u32 << s;
        let mut others = state.candidates[cell] & !bit;
        state.value[cell] = s;
        state.candidates[cell] = 0;
        while others != 0 {
            let t = others.trailing_zeros() as usize;
            others &= others - 1;
            if !self.lose_place(state, todo, cell, t) {
                return false;
            }
        }
        for &h in &self.houses_of[cell] {
            let i = h * self.symbols + s as usize;
            state.places[i] -= 1;
            if state.need[i] == 0 {
                return false;
            }
            state.need[i] -= 1;
            if state.need[i] == 0 {
                state.missing[h] &= !bit;
                for &c in &self.houses[h].cells {
                    if !self.strike(state, todo, c, bit) {
                        return false;
                    }
                }
            } else if state.places[i] < state.need[i] {
                return false;
            } else if state.places[i] == state.need[i] {
                todo.houses.push((h, s as usize));
            }
        }
        for &(mine, other, theirs) in &self.relations_of[cell] {
            if mine & bit != 0 {
                if state.value[other] != EMPTY && theirs & (1 << state.value[other]) != 0 {
                    return false;
                }
                if !self.strike(state, todo, other, theirs) {
                    return false;
                }
            }
        }
        // No symbol twice in a cage.
        for &k in &self.cages_of[cell] {
            for &other in &self.cages[k].cells {
                if other == cell {
                    continue;
                }
                if state.value[other] == s {
                    return false;
                }
                if !self.strike(state, todo, other, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// What a cage (or innie set) still allows: each empty cell keeps the candidates
    /// that some set of different symbols, unused by the cage's placed
    /// cells and adding up to what they leave of the sum, can give it.
    /// Writes the allowed symbols per cell of the cage into `allowed`;
    /// false when no set fits (or a full cage adds up wrong).
    fn cage_allows(&self, state: &State, cage: &CageRule, allowed: &mut Vec<u32>) -> bool {
        allowed.clear();
        allowed.resize(cage.cells.len(), 0);
        let (mut placed_sum, mut used, mut open) = (0u32, 0u32, 0usize);
        let mut union = 0u32;
        for &c in &cage.cells {
            match state.value[c] {
                EMPTY => {
                    open += 1;
                    union |= state.candidates[c];
                }
                v => {
                    placed_sum += self.values[v as usize];
                    used |= 1 << v;
                }
            }
        }
        if placed_sum > cage.sum {
            return false;
        }
        if open == 0 {
            return placed_sum == cage.sum;
        }
        let mut found = false;
        let free = union & !used;
        let open_masks: Vec<u32> = cage.cells.iter().filter(|&&c| state.value[c] == EMPTY).map(|&c| state.candidates[c]).collect();
        let mut support = vec![0u32; open];
        self.symbol_sets(free, 0, open, cage.sum - placed_sum, 0, &mut |set| {
            // Quick refusals: an open cell with none of the set, a symbol of
            // the set no open cell can take.
            let mut covered = 0u32;
            for &m in &open_masks {
                if m & set == 0 {
                    return;
                }
                covered |= m & set;
            }
            if covered != set {
                return;
            }
            // Which cell–symbol pairs some one-to-one filling uses.
            let mut memo = Memo::default();
            found |= fill(&open_masks, 0, 0, set, &mut memo, &mut support);
        });
        let mut k = 0;
        for (i, &c) in cage.cells.iter().enumerate() {
            if state.value[c] == EMPTY {
                allowed[i] = support[k];
                k += 1;
            }
        }
        found
    }

    /// Calls `visit` with every set of `count` symbols of `free` (from
    /// symbol `from` on, added to `set`) whose values add up to `sum`.
    /// Values rise with the symbol (digits), so once the `count` smallest
    /// values left exceed the sum no later symbol can do, and when the
    /// `count` largest fall short nothing can.
    fn symbol_sets(&self, free: u32, from: usize, count: usize, sum: u32, set: u32, visit: &mut dyn FnMut(u32)) {
        if count == 0 {
            if sum == 0 {
                visit(set);
            }
            return;
        }
        let mut largest = 0;
        let mut taken = 0;
        for s in (from..self.symbols).rev() {
            if taken == count {
                break;
            }
            if free & (1 << s) != 0 {
                largest += self.values[s];
                taken += 1;
            }
        }
        if taken < count || largest < sum {
            return;
        }
        for s in from..self.symbols {
            if free & (1 << s) == 0 {
                continue;
            }
            let v = self.values[s];
            // The smallest total from here: this value and the next ones up.
            let smallest = v * count as u32 + (count as u32 * (count as u32 - 1)) / 2;
            if smallest > sum {
                break;
            }
            self.symbol_sets(free, s + 1, count - 1, sum - v, set | 1 << s, visit);
        }
    }
}

impl State {
    fn start(rules: &Rules, model: &Model) -> State {
        let n = rules.symbols;
        let mut candidates: Vec<u32> = model.allowed.iter().map(|a| a.0).collect();
        let mut missing = Vec::with_capacity(rules.houses.len());
        let mut need = Vec::with_capacity(rules.houses.len() * n);
        for house in &rules.houses {
            let held = (0..n).filter(|&s| house.counts[s] > 0).fold(0u32, |m, s| m | 1 << s);
            // A symbol the house never holds cannot go in any of its cells.
            for &c in &house.cells {
                candidates[c] &= held;
            }
            missing.push(held);
            need.extend_from_slice(&house.counts[..n]);
        }
        let mut places = vec![0u8; rules.houses.len() * n];
        for (h, house) in rules.houses.iter().enumerate() {
            for &c in &house.cells {
                for s in (0..n).filter(|&s| candidates[c] & 1 << s != 0) {
                    places[h * n + s] += 1;
                }
            }
        }
        State { value: vec![EMPTY; model.cell_count()], candidates, need, places, missing }
    }

    /// Queues every move forced from the start (the strikes made while
    /// placing the givens queue only what they changed). False on a
    /// contradiction.
    fn seed(&self, rules: &Rules, todo: &mut Todo) -> bool {
        for (cell, &c) in self.candidates.iter().enumerate() {
            if self.value[cell] == EMPTY {
                if c == 0 {
                    return false;
                }
                if c & (c - 1) == 0 {
                    todo.cells.push(cell);
                }
            }
        }
        for h in 0..rules.houses.len() {
            for s in 0..rules.symbols {
                let i = h * rules.symbols + s;
                if self.need[i] > 0 {
                    if self.places[i] < self.need[i] {
                        return false;
                    }
                    if self.places[i] == self.need[i] {
                        todo.houses.push((h, s));
                    }
                }
            }
        }
        true
    }
}

struct Search<'a> {
    rules: &'a Rules,
    limit: usize,
    found: usize,
    first: Option<Grid>,
    /// States reused by depth, so branching allocates only on first descent.
    pool: Vec<State>,
    todo: Todo,
    /// Scratch: the candidates each segment still holds.
    segment_unions: Vec<u32>,
    /// Scratch: what a cage allows its cells.
    cage_allowed: Vec<u32>,
}

impl Search<'_> {
    fn run(&mut self, state: &mut State, depth: usize) {
        loop {
            if !self.make_forced_moves(state) {
                self.todo.cells.clear();
                self.todo.houses.clear();
                return;
            }
            let struck = match self.strike_confined_symbols(state) {
                Some(false) => self.strike_by_cage_sums(state),
                other => other,
            };
            match struck {
                None => {
                    self.todo.cells.clear();
                    self.todo.houses.clear();
                    return;
                }
                Some(false) => break,
                Some(true) => {}
            }
        }
        // The cell with the fewest symbols; among those, the one whose
        // houses have the most copies still missing (it constrains the most,
        // which cuts 16×16 searches by two thirds against the first such cell).
        let mut best: Option<(usize, u32)> = None;
        let (mut fewest, mut widest) = (u32::MAX, 0);
        for (cell, &v) in state.value.iter().enumerate() {
            if v != EMPTY {
                continue;
            }
            let n = state.candidates[cell].count_ones();
            if n > fewest {
                continue;
            }
            let open: u32 = self.rules.houses_of[cell].iter().map(|&h| state.missing[h].count_ones()).sum();
            if n < fewest || open > widest {
                (fewest, widest) = (n, open);
                best = Some((cell, n));
            }
        }
        let Some((cell, _)) = best else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(Grid { cells: state.value.iter().map(|&v| (v != EMPTY).then_some(v)).collect() });
            }
            return;
        };
        if self.pool.len() <= depth {
            self.pool.push(State::default());
        }
        let mut next = std::mem::take(&mut self.pool[depth]);
        let mut left = state.candidates[cell];
        while left != 0 {
            let s = left.trailing_zeros() as Symbol;
            left &= left - 1;
            next.clone_from(state);
            if self.rules.place(&mut next, &mut self.todo, cell, s) {
                self.run(&mut next, depth + 1);
            } else {
                self.todo.cells.clear();
                self.todo.houses.clear();
            }
            if self.found >= self.limit {
                break;
            }
        }
        self.pool[depth] = next;
    }

    /// Makes the queued forced moves, and those they force, until none is
    /// left. False on a contradiction.
    fn make_forced_moves(&mut self, state: &mut State) -> bool {
        let rules = self.rules;
        let todo = &mut self.todo;
        loop {
            if let Some(cell) = todo.cells.pop() {
                let c = state.candidates[cell];
                // Already filled, or struck further since it was queued.
                if state.value[cell] == EMPTY {
                    if c == 0 {
                        return false;
                    }
                    if c & (c - 1) == 0 && !rules.place(state, todo, cell, c.trailing_zeros() as Symbol) {
                        return false;
                    }
                }
            } else if let Some((h, s)) = todo.houses.pop() {
                let i = h * rules.symbols + s;
                if state.need[i] == 0 || state.places[i] != state.need[i] {
                    continue;
                }
                let bit = 1u32 << s;
                for &c in &rules.houses[h].cells {
                    // A placement just made may have struck this one.
                    if state.candidates[c] & bit != 0 && !rules.place(state, todo, c, s as Symbol) {
                        return false;
                    }
                }
            } else {
                return true;
            }
        }
    }

    /// Strikes what no cage's sum allows. Whether something was struck;
    /// `None` on a contradiction.
    fn strike_by_cage_sums(&mut self, state: &mut State) -> Option<bool> {
        let rules = self.rules;
        let mut struck = false;
        for set in &rules.sum_sets {
            if !rules.cage_allows(state, set, &mut self.cage_allowed) {
                return None;
            }
            for (i, &c) in set.cells.iter().enumerate() {
                if state.value[c] != EMPTY {
                    continue;
                }
                let gone = state.candidates[c] & !self.cage_allowed[i];
                if gone != 0 {
                    if !rules.strike(state, &mut self.todo, c, gone) {
                        return None;
                    }
                    struck = true;
                }
            }
        }
        Some(struck)
    }

    /// When every place for a symbol in house `a` also lies in house `b`
    /// (both holding it once), it cannot go anywhere else in `b`. Whether
    /// something was struck; `None` on a contradiction.
    fn strike_confined_symbols(&mut self, state: &mut State) -> Option<bool> {
        let rules = self.rules;
        let n = rules.symbols;
        let unions = &mut self.segment_unions;
        unions.clear();
        unions.extend(rules.segments.iter().map(|cells| cells.iter().fold(0u32, |m, &c| m | state.candidates[c])));
        let mut struck = false;
        for overlap in &rules.overlaps {
            let outside = overlap.outside_segments.iter().fold(0u32, |m, &g| m | unions[g]);
            let outside = overlap.outside_cells.iter().fold(outside, |m, &c| m | state.candidates[c]);
            let mut confined = overlap.singly & state.missing[overlap.a] & !outside;
            // Confined to the shared cells, the symbol has as many places in
            // `b` as in `a` unless some lie in the rest of `b`.
            let mut left = confined;
            while left != 0 {
                let s = left.trailing_zeros() as usize;
                left &= left - 1;
                if state.places[overlap.b * n + s] == state.places[overlap.a * n + s] {
                    confined &= !(1 << s);
                }
            }
            if confined == 0 {
                continue;
            }
            for &c in &overlap.only_b {
                if !rules.strike(state, &mut self.todo, c, confined) {
                    return None;
                }
            }
            struck = true;
        }
        Some(struck)
    }
}

/// Sets of symbols already used (9-bit sets: cages hold the digits 1–9)
/// looked at so far, and which of them can be completed.
#[derive(Default)]
struct Memo {
    seen: [u64; 8],
    good: [u64; 8],
}

/// Whether open cells `k..` can take the symbols of `set` not in `used`,
/// one each from their own candidates; marks in `support[k..]` every pair
/// some such filling uses. The answer for a `used` depends on it alone, so
/// it is remembered (a subtree explored once has marked its pairs).
fn fill(masks: &[u32], k: usize, used: u32, set: u32, memo: &mut Memo, support: &mut [u32]) -> bool {
    if k == masks.len() {
        return true;
    }
    let (word, bit) = ((used >> 6) as usize & 7, 1u64 << (used & 63));
    if memo.seen[word] & bit != 0 {
        return memo.good[word] & bit != 0;
    }
    let mut any = false;
    let mut options = masks[k] & set & !used;
    while options != 0 {
        let pick = options & options.wrapping_neg();
        options &= options - 1;
        if fill(masks, k + 1, used | pick, set, memo, support) {
            support[k] |= pick;
            any = true;
        }
    }
    memo.seen[word] |= bit;
    if any {
        memo.good[word] |= bit;
    }
    any
}

/// The cages, then for each house holding every symbol once and wholly
/// containing some cage, its innies: the house's cells outside the cages it
/// wholly contains, which hold different symbols (one house) adding up to
/// the house's total less those cages' sums.
fn innies(model: &Model, cages: &[CageRule], values: &[u32]) -> Vec<CageRule> {
    let mut out = cages.to_vec();
    if cages.is_empty() {
        return out;
    }
    let total: u32 = values.iter().sum();
    for house in &model.houses {
        if house.counts.iter().any(|&c| c != 1) {
            continue;
        }
        let whole: Vec<&CageRule> = cages.iter().filter(|k| k.cells.iter().all(|c| house.cells.contains(c))).collect();
        let covered: u32 = whole.iter().map(|k| k.sum).sum();
        let rest: Vec<usize> = house.cells.iter().copied().filter(|c| !whole.iter().any(|k| k.cells.contains(c))).collect();
        if whole.is_empty() || rest.is_empty() || covered > total {
            continue;
        }
        out.push(CageRule { cells: rest, sum: total - covered });
    }
    out
}

/// Two houses sharing two or more cells (but not all of `a`'s).
struct Overlap {
    a: usize,
    b: usize,
    /// Symbols both houses hold exactly once.
    singly: u32,
    /// The cells of `a` outside `b`: these segments, and these cells.
    outside_segments: Vec<usize>,
    outside_cells: Vec<usize>,
    /// The cells of `b` outside `a`.
    only_b: Vec<usize>,
}

/// The overlaps of the model's houses, and the segments (the cells two
/// houses share) they are read through: the rest of a box beside a row is
/// three other row segments, so each pass ORs segments instead of cells.
fn overlaps(model: &Model) -> (Vec<Vec<usize>>, Vec<Overlap>) {
    let houses = &model.houses;
    let symbols = model.symbol_count();
    let mut member = vec![vec![false; model.cell_count()]; houses.len()];
    for (h, house) in houses.iter().enumerate() {
        for &c in &house.cells {
            member[h][c] = true;
        }
    }
    let houses_of = model.houses_of_cells();
    let mut segments: Vec<Vec<usize>> = Vec::new();
    let mut segment_ids = std::collections::HashMap::new();
    // Per house: (other house, segment) for every house sharing 2+ cells.
    let mut meetings: Vec<Vec<(usize, usize)>> = vec![Vec::new(); houses.len()];
    for a in 0..houses.len() {
        // Only houses meeting `a` somewhere can share two cells with it.
        let mut met: Vec<usize> = houses[a].cells.iter().flat_map(|&c| houses_of[c].iter().copied()).filter(|&b| b != a).collect();
        met.sort_unstable();
        met.dedup();
        for b in met {
            let mut shared: Vec<usize> = houses[a].cells.iter().copied().filter(|&c| member[b][c]).collect();
            if shared.len() < 2 {
                continue;
            }
            shared.sort_unstable();
            let next = segments.len();
            let id = *segment_ids.entry(shared.clone()).or_insert(next);
            if id == next {
                segments.push(shared);
            }
            meetings[a].push((b, id));
        }
    }
    let mut pairs = Vec::new();
    for a in 0..houses.len() {
        for &(b, _) in &meetings[a] {
            let only_a: Vec<usize> = houses[a].cells.iter().copied().filter(|&c| !member[b][c]).collect();
            let only_b: Vec<usize> = houses[b].cells.iter().copied().filter(|&c| !member[a][c]).collect();
            let singly = (0..symbols).filter(|&s| houses[a].counts[s] == 1 && houses[b].counts[s] == 1).fold(0u32, |m, s| m | 1 << s);
            if only_a.is_empty() || singly == 0 {
                continue;
            }
            // Cover `only_a` with `a`'s other segments lying wholly inside it,
            // largest first; the cells no segment covers are read one by one.
            let mut others: Vec<usize> =
                meetings[a].iter().map(|&(_, g)| g).filter(|&g| segments[g].iter().all(|&c| !member[b][c])).collect();
            others.sort_by_key(|&g| std::cmp::Reverse(segments[g].len()));
            let mut covered = vec![false; model.cell_count()];
            let mut outside_segments = Vec::new();
            for g in others {
                if segments[g].iter().any(|&c| !covered[c]) {
                    segments[g].iter().for_each(|&c| covered[c] = true);
                    outside_segments.push(g);
                }
            }
            let outside_cells = only_a.iter().copied().filter(|&c| !covered[c]).collect();
            pairs.push(Overlap { a, b, singly, outside_segments, outside_cells, only_b });
        }
    }
    (segments, pairs)
}
