//! The killer generator's quick question (issue #34): "do the grader's
//! techniques up to this level solve these cages?", asked once per trial
//! cage set, hundreds of times a puzzle. Tatham's Solo generates killers
//! the same way: its merge loop runs its own solver, a few fixed arrays,
//! on each trial (solo.c `new_game_desc`).
//!
//! No [`super::Grader`] is built: the cages are cell sets and sums, the
//! candidates one mask a cell, the houses bitsets made once per grid. It
//! runs a subset of the ladder's techniques at the level, cheapest first,
//! starting again after any progress:
//!
//! - easy (≤ 2.3): naked and hidden singles, cage combination of cages of
//!   up to three cells (2.0);
//! - medium (≤ 3.4): also cage combination of any cage (2.5), cage and
//!   house (2.6), pointing and claiming (2.6, 2.8), the rule of 45 over one
//!   house (innies and outies of up to five cells, 2.8), naked pair (3.0),
//!   hidden pair (3.4).
//!
//! Why "it solves" means "the grader rates it at most the level": every
//! deduction made here is one the grader's ladder makes with a technique
//! rated at most the level, on the same candidates. Each of those
//! techniques only grows stronger as candidates go (what it removes from
//! a board it removes, or finds already gone, on any board with fewer
//! candidates), so the grader, which stops only once nothing rated at
//! most the level applies, ends with at most the candidates this checker
//! ends with: where the checker places every cell, so does the grader
//! within the level. The converse does not hold (the grader knows more:
//! direct pointing at easy, X-wing at medium, …), so the checker refuses
//! some cage sets the grader would take; the generator just merges less.
//!
//! A solve here is also a proof of uniqueness: every deduction holds in
//! every solution, so every solution is the grid it reaches; the cages'
//! sums come from a known solution, so there is exactly one.

use crate::level::Level;
use crate::model::{Grid, Model, distinct_support, sum_support};
use std::cell::RefCell;

/// A set of cells, one bit a cell (grids of up to 128 cells).
type Cells = u128;

fn bit(c: usize) -> Cells {
    1 << c
}

/// The cells of a set, lowest first.
fn cells_of(mut set: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// The digits of a mask, lowest first.
fn digits_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            d
        })
    })
}

/// Cells in a cage or sum set at most (a killer house has nine).
const MAX_SET: usize = 9;

/// Cells of a grid at most (one bit each in [`Cells`]).
const MAX_CELLS: usize = 128;

/// Full houses at most: the sum sets of one check (a cage a cell at most,
/// innies and outies a house) then fit one fixed array on the stack.
const MAX_HOUSES: usize = 64;

/// Sum sets of one check at most.
const MAX_SETS: usize = MAX_CELLS + 2 * MAX_HOUSES;

/// One grid's houses, made once; [`KillerCheck::solves`] takes the cages.
pub struct KillerCheck {
    n: usize,
    /// Every cell.
    grid: Cells,
    /// Every symbol: the candidates of an empty cell.
    all: u16,
    /// Each symbol's value (what a cage's sum adds up).
    value: Vec<u32>,
    /// The full houses (every symbol once), as cell sets and as lists.
    houses: Vec<Cells>,
    /// What the houses add up to: every value once.
    total: u32,
    /// Each cell's peers through the houses.
    peers: Vec<Cells>,
    /// Each cell's full houses, one bit a house.
    houses_of: Vec<u64>,
    /// Pairs of houses sharing two cells or more: pointing and claiming
    /// (a digit's places in the first all in the second), with the cells
    /// of both.
    locked: Vec<(usize, usize, Cells)>,
    /// The sum sets of the check under way, kept between checks so that a
    /// check neither allocates nor clears a fixed array of them.
    scratch: RefCell<Vec<SumSet>>,
}

/// A sum the checker brings to its support: a cage, or the rule of 45's
/// innies or outies of one house.
#[derive(Clone, Copy)]
struct SumSet {
    /// Its cells, as a list and as a set.
    cells: [u8; MAX_SET],
    mask: Cells,
    len: u8,
    sum: u16,
    distinct: bool,
    cage: bool,
    /// The step counter when the set was last brought to its support
    /// (`u32::MAX`: never): a set none of whose cells changed since has
    /// nothing more to give.
    seen: u32,
    /// The same for cage and house.
    seen_house: u32,
    /// The symbols every combination of the sum its cells allow holds
    /// (a cage's required digits), as they were at step `required_at`
    /// (`u32::MAX`: never worked out).
    required: u16,
    required_at: u32,
}

impl SumSet {
    const NONE: SumSet = SumSet {
        cells: [0; MAX_SET],
        mask: 0,
        len: 0,
        sum: 0,
        distinct: false,
        cage: false,
        seen: u32::MAX,
        seen_house: u32::MAX,
        required: 0,
        required_at: u32::MAX,
    };

    /// Whether none of the set's cells changed since step `seen`.
    fn unchanged_since(&self, seen: u32, b: &Board) -> bool {
        seen != u32::MAX && self.cells().all(|c| b.changed[c] <= seen)
    }

    fn new(cells: impl Iterator<Item = usize>, sum: u32, distinct: bool, cage: bool) -> SumSet {
        let mut set = SumSet { sum: sum as u16, distinct, cage, ..SumSet::NONE };
        for c in cells {
            set.cells[set.len as usize] = c as u8;
            set.mask |= bit(c);
            set.len += 1;
        }
        set
    }

    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..self.len as usize].iter().map(|&c| c as usize)
    }

    fn len(&self) -> usize {
        self.len as usize
    }

    fn set(&self) -> Cells {
        self.mask
    }
}

/// The sum sets of one check, in the checker's scratch vector (no
/// allocation per trial once it has grown).
struct SumSets<'a> {
    sets: &'a mut Vec<SumSet>,
}

impl SumSets<'_> {
    fn push(&mut self, set: SumSet) {
        self.sets.push(set);
    }

    fn all(&self) -> &[SumSet] {
        self.sets
    }

    fn all_mut(&mut self) -> &mut [SumSet] {
        self.sets
    }

    fn len(&self) -> usize {
        self.sets.len()
    }
}

/// The candidates as the checker goes.
struct Board {
    /// Per cell its candidates; a placed cell keeps its digit alone.
    cand: [u16; MAX_CELLS],
    placed: Cells,
    /// Per digit the cells whose candidates hold it (placed ones too).
    dpos: [Cells; MAX_SET],
    /// Per cell the step counter when it last lost a candidate.
    changed: [u32; MAX_CELLS],
    clock: u32,
    /// Per cell its peers: the houses' and its cage's.
    peers: [Cells; MAX_CELLS],
    /// Cells that lost a candidate since singles last looked: only they
    /// and their houses can hold a new single.
    dirty: Cells,
    /// Per digit the cells that lost it since singles last looked: only
    /// their houses can hold a new hidden single of it.
    lost: [Cells; MAX_SET],
    /// A cell lost its last candidate, or a sum no assignment reaches.
    broken: bool,
    /// Per pass over sum sets ([`Pass`]) the cells that lost a candidate
    /// since that pass last began: a set none of whose cells is here has
    /// nothing new for it (a quick filter before the set's own clock).
    touched: [Cells; PASSES],
    /// Per digit its open places when pointing and claiming last found
    /// nothing for it (none at first: a pair without open places gives
    /// nothing).
    locked_seen: [Cells; MAX_SET],
    /// Per house the step counter when naked pairs, and hidden pairs, last
    /// found nothing in it (`u32::MAX`: never looked): a house none of whose
    /// cells changed since gives nothing again.
    naked_seen: [u32; MAX_HOUSES],
    hidden_seen: [u32; MAX_HOUSES],
}

/// The passes over sum sets, each with its own [`Board::touched`].
#[derive(Clone, Copy)]
enum Pass {
    /// Cage combination of cages of up to three cells (easy).
    SmallCages,
    /// Cage combination of every cage.
    Cages,
    /// The rule of 45's innies and outies.
    Innies,
    /// Cage and house.
    CageHouse,
}

const PASSES: usize = 4;

impl Board {
    fn eliminate(&mut self, c: usize, mask: u16) -> bool {
        let gone = self.cand[c] & mask;
        if gone == 0 {
            return false;
        }
        for d in digits_of(gone) {
            self.dpos[d] &= !bit(c);
            self.lost[d] |= bit(c);
        }
        self.cand[c] &= !mask;
        self.clock += 1;
        self.changed[c] = self.clock;
        self.dirty |= bit(c);
        for t in &mut self.touched {
            *t |= bit(c);
        }
        self.broken |= self.cand[c] == 0;
        true
    }

    /// Places `d` in `c`: its peers lose it.
    fn place(&mut self, c: usize, d: usize) {
        let keep = 1u16 << d;
        if self.cand[c] & keep == 0 {
            self.broken = true;
            return;
        }
        self.eliminate(c, !keep);
        self.placed |= bit(c);
        for p in cells_of(self.peers[c]) {
            self.eliminate(p, keep);
        }
    }

    /// Cells still open whose candidates include `d`.
    fn places(&self, set: Cells, d: usize) -> Cells {
        set & self.dpos[d] & !self.placed
    }
}

impl KillerCheck {
    /// The checker for `model`'s grid; `None` where it does not apply (more
    /// than 128 cells or 9 symbols, symbols not worth 1 to n).
    pub fn new(model: &Model) -> Option<KillerCheck> {
        let (n, n_sym) = (model.cell_count(), model.symbol_count());
        if n > MAX_CELLS || n_sym > 9 || (0..n_sym).any(|s| model.alphabet.value_of(s as u8) != Some(s as u32 + 1)) {
            return None;
        }
        let full: Vec<&crate::model::House> = model.houses.iter().filter(|h| h.counts.iter().all(|&c| c == 1)).collect();
        let houses: Vec<Cells> = full.iter().map(|h| h.cells.iter().fold(0, |s, &c| s | bit(c))).collect();
        if houses.len() > MAX_HOUSES {
            return None;
        }
        let mut peers = vec![0; n];
        for &h in &houses {
            for c in cells_of(h) {
                peers[c] |= h & !bit(c);
            }
        }
        let mut houses_of = vec![0u64; n];
        for (h, &house) in houses.iter().enumerate() {
            for c in cells_of(house) {
                houses_of[c] |= 1 << h;
            }
        }
        let mut locked = Vec::new();
        for (i, &a) in houses.iter().enumerate() {
            for (j, &b) in houses.iter().enumerate() {
                if i != j && (a & b).count_ones() >= 2 {
                    locked.push((i, j, a | b));
                }
            }
        }
        let value: Vec<u32> = (1..=n_sym as u32).collect();
        Some(KillerCheck {
            n,
            grid: (0..n).fold(0, |s, c| s | bit(c)),
            all: ((1u32 << n_sym) - 1) as u16,
            total: value.iter().sum(),
            value,
            houses,
            peers,
            houses_of,
            locked,
            scratch: RefCell::new(Vec::with_capacity(MAX_SETS)),
        })
    }

    /// Whether the techniques of [`KillerCheck`] up to `level` (easy's or
    /// medium's; hard and expert ask medium's) solve `givens` under the
    /// cages `pieces` whose sums `digits` (the solution's symbols) give:
    /// a proof that the grader rates them at most `level` and that they
    /// have one solution.
    pub fn solves(&self, pieces: &[Vec<usize>], digits: &[u8], givens: &Grid, level: Level) -> bool {
        let mut cages = Vec::with_capacity(pieces.len());
        for piece in pieces {
            if piece.len() > MAX_SET {
                return false;
            }
            cages.push(piece.iter().fold(0, |s, &c| s | bit(c)));
        }
        self.solves_cages(&cages, digits, givens, level)
    }

    /// [`KillerCheck::solves`] with the cages as cell sets (one bit a cell,
    /// in any order): what the generator's merge loop asks, without a list
    /// of cells per cage.
    pub fn solves_cages(&self, cages: &[u128], digits: &[u8], givens: &Grid, level: Level) -> bool {
        let medium = level != Level::Easy;
        let n = self.n;
        if cages.len() > MAX_CELLS {
            return false;
        }
        let mut dpos = [0; MAX_SET];
        dpos[..self.value.len()].fill(self.grid);
        let lost = dpos;
        let mut b = Board {
            cand: [self.all; MAX_CELLS],
            placed: 0,
            dpos,
            changed: [0; MAX_CELLS],
            clock: 0,
            peers: [0; MAX_CELLS],
            dirty: self.grid,
            lost,
            broken: false,
            touched: [self.grid; PASSES],
            locked_seen: [0; MAX_SET],
            naked_seen: [u32::MAX; MAX_HOUSES],
            hidden_seen: [u32::MAX; MAX_HOUSES],
        };
        b.peers[..n].copy_from_slice(&self.peers);
        let mut cage_of = [u8::MAX; MAX_CELLS];
        let mut scratch = self.scratch.borrow_mut();
        scratch.clear();
        let mut sets = SumSets { sets: &mut scratch };
        let (mut covered, mut count): (Cells, u32) = (0, 0);
        for (k, &set) in cages.iter().enumerate() {
            if set.count_ones() as usize > MAX_SET {
                return false;
            }
            let mut sum = 0;
            for c in cells_of(set) {
                cage_of[c] = k as u8;
                b.peers[c] |= set & !bit(c);
                sum += self.value[digits[c] as usize];
            }
            covered |= set;
            count += set.count_ones();
            sets.push(SumSet::new(cells_of(set), sum, true, true));
        }
        if covered != self.grid || count as usize != n {
            return false;
        }
        if medium {
            self.rule_of_45(&cage_of, cages, &mut sets);
        }
        for (c, &g) in givens.cells.iter().enumerate() {
            if let Some(d) = g {
                b.place(c, d as usize);
            }
        }
        // One-cell cages are givens (as the grader writes them in).
        for &set in cages.iter().filter(|s| s.count_ones() == 1) {
            let c = set.trailing_zeros() as usize;
            b.place(c, digits[c] as usize);
        }
        loop {
            if b.broken {
                return false;
            }
            if b.placed == self.grid {
                debug_assert!((0..n).all(|c| b.cand[c] == 1 << digits[c]), "a solve that is not the solution");
                return true;
            }
            if self.singles(&mut b) || sums(&mut b, &mut sets, Pass::SmallCages, |s| s.cage && s.len() <= 3) {
                continue;
            }
            if !medium {
                return false;
            }
            let progress = sums(&mut b, &mut sets, Pass::Cages, |s| s.cage)
                || self.cage_house(&mut b, &mut sets)
                || self.locked(&mut b)
                || sums(&mut b, &mut sets, Pass::Innies, |s| !s.cage)
                || self.naked_pair(&mut b)
                || self.hidden_pair(&mut b);
            if !progress {
                return false;
            }
        }
    }

    /// The rule of 45 over each house: the innies (the house's cells whose
    /// cages leave it) add up to the house's total less the sums of the
    /// cages inside it; the outies (the cells outside of the cages that
    /// leave it) to those cages' sums less the innies'. Sets of one to five
    /// cells, as the grader's (`Model::sum_sets`, `cages::RULE_OF_45_CELLS`).
    fn rule_of_45(&self, cage_of: &[u8], cage_cells: &[Cells], sets: &mut SumSets) {
        let first = sets.len();
        for &house in &self.houses {
            let (mut whole_sum, mut partial_sum, mut innies, mut outies) = (0, 0, 0 as Cells, 0 as Cells);
            let mut seen: Cells = 0;
            for c in cells_of(house) {
                let k = cage_of[c] as usize;
                if seen & bit(c) != 0 {
                    continue;
                }
                seen |= cage_cells[k];
                let sum = sets.all()[k].sum as u32;
                match cage_cells[k] & !house {
                    0 => whole_sum += sum,
                    out => {
                        partial_sum += sum;
                        innies |= cage_cells[k] & house;
                        outies |= out;
                    }
                }
            }
            let innie_sum = self.total - whole_sum;
            let mut push = |set: Cells, sum: u32| {
                let len = set.count_ones() as usize;
                if !(1..=super::cages::RULE_OF_45_CELLS).contains(&len) {
                    return;
                }
                let distinct = self.houses.iter().any(|&h| set & !h == 0);
                if !sets.all()[first..].iter().any(|s| s.set() == set) {
                    sets.push(SumSet::new(cells_of(set), sum, distinct, false));
                }
            };
            push(innies, innie_sum);
            if outies != 0 && partial_sum > innie_sum {
                push(outies, partial_sum - innie_sum);
            }
        }
    }

    /// Naked and hidden singles until none is left; whether any was placed.
    /// Only the cells that lost a candidate since the last look, and per
    /// digit the houses of the cells that lost it, are looked at: a single
    /// appears nowhere else.
    fn singles(&self, b: &mut Board) -> bool {
        let mut any = false;
        while (b.dirty != 0 || b.lost.iter().any(|&l| l != 0)) && !b.broken {
            let dirty = std::mem::take(&mut b.dirty);
            let mut placed = false;
            for c in cells_of(dirty & !b.placed) {
                if b.cand[c].count_ones() == 1 {
                    b.place(c, b.cand[c].trailing_zeros() as usize);
                    placed = true;
                }
            }
            for d in 0..self.value.len() {
                let lost = std::mem::take(&mut b.lost[d]);
                let mut houses = cells_of(lost).fold(0u64, |hs, c| hs | self.houses_of[c]);
                while houses != 0 {
                    let house = self.houses[houses.trailing_zeros() as usize];
                    houses &= houses - 1;
                    let places = b.places(house, d);
                    if places.count_ones() == 1 {
                        b.place(places.trailing_zeros() as usize, d);
                        placed = true;
                    }
                }
            }
            any |= placed;
        }
        any
    }

    /// A digit every combination of a cage's sum holds, its open places in
    /// the cage all in one house: the rest of the house loses it (the
    /// grader's `cages::cage_house`).
    fn cage_house(&self, b: &mut Board, sets: &mut SumSets) -> bool {
        let mut any = false;
        let touched = std::mem::take(&mut b.touched[Pass::CageHouse as usize]);
        for set in sets.all_mut().iter_mut().filter(|s| s.cage && s.len >= 2 && s.mask & touched != 0) {
            // Unchanged cells: the same required digits in the same places,
            // and their houses only fewer victims: nothing new.
            if set.unchanged_since(set.seen_house, b) {
                continue;
            }
            let cage = set.set();
            if cage & !b.placed == 0 {
                continue;
            }
            let held = cells_of(cage & b.placed).fold(0u16, |m, c| m | b.cand[c]);
            for d in digits_of(required(b, set) & !held) {
                let places = b.places(cage, d);
                if places.count_ones() < 2 {
                    continue;
                }
                for &house in self.houses.iter().filter(|&&h| places & !h == 0) {
                    for c in cells_of(b.places(house & !cage, d)) {
                        any |= b.eliminate(c, 1 << d);
                    }
                }
            }
            // Its own cells did not change: the look is done.
            set.seen_house = b.clock;
        }
        any
    }

    /// Pointing and claiming: a digit's open places in one house all in
    /// another leave the rest of the other without it.
    fn locked(&self, b: &mut Board) -> bool {
        for d in 0..self.value.len() {
            let open = b.places(self.grid, d);
            // What a pair of houses finds for a digit depends on the digit's
            // open places in the two alone: a pair none of whose places
            // changed since the last look that found nothing finds nothing.
            let changed = open ^ b.locked_seen[d];
            if changed == 0 {
                continue;
            }
            for &(from, to, both) in &self.locked {
                if both & changed == 0 {
                    continue;
                }
                let places = open & self.houses[from];
                let victims = open & self.houses[to] & !self.houses[from];
                if places != 0 && places & !self.houses[to] == 0 && victims != 0 {
                    for c in cells_of(victims) {
                        b.eliminate(c, 1 << d);
                    }
                    return true;
                }
            }
            b.locked_seen[d] = open;
        }
        false
    }

    /// Whether none of `house`'s cells lost a candidate since step `seen`.
    /// (Every cell of one candidate is placed when pairs are looked for, so
    /// the same candidates mean the same open cells.)
    fn house_unchanged(house: Cells, seen: u32, b: &Board) -> bool {
        seen != u32::MAX && cells_of(house).all(|c| b.changed[c] <= seen)
    }

    /// Two open cells of a house with the same two candidates: the rest of
    /// the house loses both.
    fn naked_pair(&self, b: &mut Board) -> bool {
        for (h, &house) in self.houses.iter().enumerate() {
            if Self::house_unchanged(house, b.naked_seen[h], b) {
                continue;
            }
            let open = house & !b.placed;
            for x in cells_of(open) {
                let pair = b.cand[x];
                if pair.count_ones() != 2 {
                    continue;
                }
                let later = open & !(bit(x) | (bit(x) - 1));
                let Some(y) = cells_of(later).find(|&y| b.cand[y] == pair) else { continue };
                let mut any = false;
                for c in cells_of(open & !bit(x) & !bit(y)) {
                    any |= b.eliminate(c, pair);
                }
                if any {
                    return true;
                }
            }
            b.naked_seen[h] = b.clock;
        }
        false
    }

    /// Two digits whose open places in a house are the same two cells:
    /// those cells lose every other candidate.
    fn hidden_pair(&self, b: &mut Board) -> bool {
        for (h, &house) in self.houses.iter().enumerate() {
            if Self::house_unchanged(house, b.hidden_seen[h], b) {
                continue;
            }
            let mut places = [0 as Cells; MAX_SET];
            for (d, p) in places.iter_mut().enumerate().take(self.value.len()) {
                *p = b.places(house, d);
            }
            for d in 0..self.value.len() {
                if places[d].count_ones() != 2 {
                    continue;
                }
                for e in d + 1..self.value.len() {
                    if places[e] != places[d] {
                        continue;
                    }
                    let keep = (1u16 << d) | (1u16 << e);
                    let mut any = false;
                    for c in cells_of(places[d]) {
                        any |= b.eliminate(c, !keep & self.all);
                    }
                    if any {
                        return true;
                    }
                }
            }
            b.hidden_seen[h] = b.clock;
        }
        false
    }
}

/// Each chosen sum set whose cells changed since it was last looked at,
/// brought to its support (the grader's cage combination and innies and
/// outies); whether a candidate went.
fn sums(b: &mut Board, sets: &mut SumSets, pass: Pass, chosen: impl Fn(&SumSet) -> bool) -> bool {
    let mut masks = [0u32; MAX_SET];
    let mut keep = [0u32; MAX_SET];
    let mut any = false;
    // Cells changed during this pass are left for the next (the pass then
    // reports progress, so there is one).
    let touched = std::mem::take(&mut b.touched[pass as usize]);
    for set in sets.all_mut().iter_mut().filter(|s| chosen(s)) {
        if set.mask & touched == 0 || set.unchanged_since(set.seen, b) {
            continue;
        }
        set.seen = b.clock;
        if set.cells().all(|c| b.placed & bit(c) != 0) {
            continue;
        }
        for (i, c) in set.cells().enumerate() {
            masks[i] = b.cand[c] as u32;
        }
        let n = set.len();
        let reached = match set.distinct {
            true => distinct_support(&masks[..n], set.sum as u32, &mut keep[..n]).map(|required| set.required = required as u16),
            false => sum_support(&masks[..n], set.sum as u32, false, &mut keep[..n]).then_some(()),
        };
        if reached.is_none() {
            b.broken = true;
            return true;
        }
        for (i, c) in set.cells().enumerate() {
            if b.placed & bit(c) == 0 {
                any |= b.eliminate(c, (masks[i] & !keep[i]) as u16);
            }
        }
        // A set brought to its support is at its own fixpoint: only a
        // change from elsewhere gives it more. (The grader takes one set a
        // step; any order reaches the same fixpoint.) Its required digits
        // are the same on its support as on the candidates before.
        set.seen = b.clock;
        if set.distinct {
            set.required_at = b.clock;
        }
    }
    any
}

/// The digits every combination of a cage's sum holds that its cells'
/// candidates allow (the grader's `cages::required_digits`): as the last
/// support found them where the cells did not change since.
fn required(b: &Board, set: &SumSet) -> u16 {
    if set.unchanged_since(set.required_at, b) {
        return set.required;
    }
    let (mut m, mut keep) = ([0u32; MAX_SET], [0u32; MAX_SET]);
    for (i, c) in set.cells().enumerate() {
        m[i] = b.cand[c] as u32;
    }
    distinct_support(&m[..set.len()], set.sum as u32, &mut keep[..set.len()]).unwrap_or(0) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generator, Symmetry};
    use crate::grade::Grader;
    use crate::layout::Layout;

    /// The required digits the checker reads off a support are the
    /// grader's (`cages::required_of`, a support per combination), on
    /// random cells of one to five candidates' masks.
    #[test]
    fn required_digits_are_the_graders() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(17);
        let mut some = 0;
        for _ in 0..20_000 {
            let n = rng.random_range(1..=5);
            let masks: Vec<u32> = (0..n).map(|_| rng.random_range(1..512u32) & rng.random_range(1..512u32)).collect();
            let sum = rng.random_range(1..=35);
            let mut keep = [0u32; MAX_SET];
            let ours = distinct_support(&masks, sum, &mut keep[..n]).unwrap_or(0);
            assert_eq!(ours, super::super::cages::required_of(&masks, sum), "masks {masks:?} sum {sum}");
            some += usize::from(ours != 0);
        }
        assert!(some > 1_000, "{some} sets with required digits");
    }

    /// The checker's answer is a fixpoint's: it does not depend on the
    /// order of the cages (so neither on the order its memos meet them).
    /// Every merge of two neighbouring cages of a few killers and of the
    /// same killers cut smaller, asked with the cages as lists and as cell
    /// sets in reverse order, gets one answer.
    #[test]
    fn the_answer_does_not_depend_on_the_order_of_the_cages() {
        let (mut solved, mut refused) = (0, 0);
        for (model, givens, digits) in killers(3) {
            let check = KillerCheck::new(&model).unwrap();
            let whole = pieces(&model);
            let cut: Vec<Vec<usize>> = whole.iter().flat_map(|c| c.chunks(2).map(|p| p.to_vec()).collect::<Vec<_>>()).collect();
            for cages in [whole, cut] {
                for i in 0..cages.len() {
                    let j = (i + 1) % cages.len();
                    let mut merged = cages.clone();
                    let moved = merged.remove(j);
                    let into = i.min(merged.len() - 1);
                    merged[into].extend(moved);
                    let mut sets: Vec<u128> = merged.iter().map(|p| p.iter().fold(0, |s, &c| s | bit(c))).collect();
                    sets.reverse();
                    for level in [Level::Easy, Level::Medium] {
                        let answer = check.solves(&merged, &digits, &givens, level);
                        assert_eq!(check.solves_cages(&sets, &digits, &givens, level), answer, "cages {i} and {j}, {level:?}");
                        if answer { solved += 1 } else { refused += 1 }
                    }
                }
            }
        }
        assert!(solved > 10 && refused > 10, "solved {solved}, refused {refused}");
    }

    /// Killer-9 puzzles of seeds 1 to `n` (cages merged while unique, no
    /// level asked): their models, givens and solutions' symbols.
    fn killers(n: u64) -> Vec<(Model, Grid, Vec<u8>)> {
        let generator = Generator::new(&Layout::load("killer-9").unwrap(), Symmetry::None);
        (1..=n)
            .map(|seed| {
                let p = generator.puzzle(seed).unwrap();
                let model = p.layout.as_ref().unwrap().cells().unwrap().model.clone();
                let digits = p.solution.cells.iter().map(|c| c.unwrap()).collect();
                (model, p.givens, digits)
            })
            .collect()
    }

    fn pieces(model: &Model) -> Vec<Vec<usize>> {
        model.cages.iter().map(|c| c.cells.clone()).collect()
    }

    /// A solve at a level is a grade within it: on killers of every level
    /// (the unlevelled generator's, and the same with a few cages split
    /// in two, which makes them easier), whatever the checker solves at
    /// easy or medium the grader rates at most that; some it solves, some
    /// (the hard and expert ones) it does not.
    #[test]
    fn a_solve_at_a_level_is_a_grade_within_it() {
        let (mut solved, mut refused) = ([0; 2], [0; 2]);
        for (model, givens, digits) in killers(6) {
            let check = KillerCheck::new(&model).unwrap();
            let mut split = model.clone();
            // Every cage of four or five cells cut after its second cell
            // (cells are in reading order, so both parts stay in one
            // piece only where they do: the checker does not care).
            split.cages = model
                .cages
                .iter()
                .flat_map(|c| match c.cells.len() {
                    4.. => {
                        let (a, b) = c.cells.split_at(2);
                        let sum = |cells: &[usize]| cells.iter().map(|&x| digits[x] as u32 + 1).sum();
                        vec![crate::model::Cage { cells: a.to_vec(), sum: sum(a) }, crate::model::Cage { cells: b.to_vec(), sum: sum(b) }]
                    }
                    _ => vec![c.clone()],
                })
                .collect();
            for model in [&model, &split] {
                let level = Grader::new(model).unwrap().rate(&givens).unwrap().level;
                for (i, at) in [Level::Easy, Level::Medium].into_iter().enumerate() {
                    match check.solves(&pieces(model), &digits, &givens, at) {
                        true => {
                            assert!(level <= at, "solved at {at:?}, graded {level:?}");
                            solved[i] += 1;
                        }
                        false => refused[i] += 1,
                    }
                }
            }
        }
        assert!(solved[1] > 0 && refused[1] > 0, "medium: solved {solved:?}, refused {refused:?}");
        assert!(solved[0] < solved[1], "easy solves fewer: {solved:?}");
    }

    /// Never a false solve: the same killers with two neighbouring cages
    /// merged (where the generator could, and stopped: two solutions each)
    /// are refused at every level.
    #[test]
    fn two_solutions_are_never_solved() {
        let mut tried = 0;
        for (model, givens, digits) in killers(3) {
            let check = KillerCheck::new(&model).unwrap();
            let cages = pieces(&model);
            for i in 0..cages.len() {
                for j in i + 1..cages.len() {
                    let (a, b) = (&cages[i], &cages[j]);
                    let touch = a.iter().any(|&x| b.iter().any(|&y| crate::layout::side_neighbours(9, x).any(|n| n == y)));
                    let repeat = a.iter().any(|&x| b.iter().any(|&y| digits[x] == digits[y]));
                    if !touch || repeat || a.len() + b.len() > 5 {
                        continue;
                    }
                    let mut merged = cages.clone();
                    let moved = merged.remove(j);
                    merged[i].extend(moved);
                    let mut with = model.clone();
                    with.cages = merged
                        .iter()
                        .map(|c| crate::model::Cage { cells: c.clone(), sum: c.iter().map(|&x| digits[x] as u32 + 1).sum() })
                        .collect();
                    assert_eq!(crate::solver::Solver::new(&with).count(&givens, 2).solutions, 2);
                    for level in [Level::Easy, Level::Medium] {
                        assert!(!check.solves(&merged, &digits, &givens, level), "cages {i} and {j} merged");
                    }
                    tried += 1;
                }
            }
        }
        assert!(tried > 0);
    }

    /// The techniques past singles and small cages are medium's: a killer
    /// the checker solves at medium but not at easy is one the grader
    /// rates medium, and its first step past easy is one of them.
    #[test]
    fn medium_solves_what_easy_cannot() {
        let family = crate::family::of(Layout::load("killer-9").unwrap(), &Default::default()).unwrap();
        let mut found = 0;
        for seed in 1..40 {
            let Some(p) = family.make(seed, Some(Level::Medium)).unwrap() else { continue };
            let own = Layout::from_source(std::path::Path::new("killer-9.toml"), p.own_layout.clone().unwrap()).unwrap();
            let model = &own.cells().unwrap().model;
            let givens = model.parse_grid(&p.givens).unwrap();
            let solution = model.parse_grid(&p.solution).unwrap();
            let digits: Vec<u8> = solution.cells.iter().map(|c| c.unwrap()).collect();
            let check = KillerCheck::new(model).unwrap();
            assert_eq!(p.level, "medium");
            assert!(check.solves(&pieces(model), &digits, &givens, Level::Medium), "seed {seed}: made by the checker at medium");
            assert!(!check.solves(&pieces(model), &digits, &givens, Level::Easy), "seed {seed}: graded medium, not easy");
            found += 1;
            if found == 2 {
                break;
            }
        }
        assert_eq!(found, 2);
    }
}
