//! The implication engine behind SE's forcing chains (SE's `doChaining`).
//!
//! From one assumption (a candidate on, or off), implications spread:
//! - on -> off: the other candidates of the cell (cell links) and the same
//!   digit in every peer;
//! - off -> on: a cell left with one candidate (cell links), a full house
//!   left with one place for the digit.
//!
//! "Static" chains judge "left with one" on the grid as it is (only true
//! bivalue cells and bilocal digits); "dynamic" chains remove each "off"
//! candidate from a working copy first, so singles appear as the chain goes.
//! Nishio chains use no cell links: one digit only.
//! With `plus`, when nothing more follows, locked candidates, hidden and
//! naked pairs and X-wings on the working grid add implications (SE's
//! "dynamic forcing chains (+)").
//!
//! Every implication keeps its parents (the cause, plus for dynamic singles
//! the earlier removals that made it a single). SE rates a chain by the
//! number of distinct ancestors of its conclusion, so we count the same.

use super::board::{Board, CellSet, Mask, Topology, bits};
pub(crate) use super::graph::node;
use super::nested::{Inner, Nest, Outer};
pub(crate) use super::prop_store::PropStore;

pub(crate) const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    pub cell_links: bool,
    pub dynamic: bool,
    pub plus: bool,
    /// SE's nesting level past (+): 2 adds forcing chains, 3 also multiple
    /// forcing chains to the rules tried when the chain stalls.
    pub nested: u8,
}

/// A contradiction: the same candidate implied both on and off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contradiction {
    pub on: u32,
    pub off: u32,
    pub complexity: u32,
}

pub(crate) struct Propagator {
    ns: usize,
    cand: Vec<Mask>,
    dpos: Vec<CellSet>,
    stamp: Vec<u32>,
    gen_: u32,
    pub(crate) local: Vec<u32>,
    /// Discovered nodes (node ids) in order; `real` of them are in the sets.
    pub nodes: Vec<u32>,
    pub(crate) real: usize,
    pub(crate) par_range: Vec<(u32, u32)>,
    pub(crate) parents: Vec<u32>,
    q_on: std::collections::VecDeque<u32>,
    q_off: std::collections::VecDeque<u32>,
    seen: Vec<u32>,
    seen_gen: u32,
    stack: Vec<u32>,
    house_sets: Vec<CellSet>,
    /// Each cell's peers split by house in SE's order (box, row, column,
    /// then the rest; each part without the cells of the parts before):
    /// cells `peer_start[c]..peer_start[c + 1]` of `peer_parts`.
    peer_parts: Vec<CellSet>,
    peer_start: Vec<u32>,
    /// What `advanced` found, its memory kept from call to call.
    found: Found,
    /// The inner searches of nested chains (made on first use).
    nest: Option<Box<Nest>>,
    /// The inner chains of this propagation, and the nodes they removed
    /// (local index, index in `inners`).
    pub(crate) inners: Vec<Inner>,
    pub(crate) nested_nodes: Vec<(u32, u32)>,
    /// The inner chains' nodes (see `Inner::nodes`).
    pub(crate) inner_nodes: Vec<u32>,
}

/// Removals found by `advanced`, in order: each node with its range of
/// parents in `pars` (one range shared by every removal of a pattern) and
/// the inner chain that removed it (index in `Propagator::inners`, or
/// `NONE`).
#[derive(Default)]
pub(crate) struct Found {
    removals: Vec<(u32, u32, u32, u32)>,
    pub(crate) pars: Vec<u32>,
    /// Scratch: a house's bivalue cells (naked pairs), a digit's places
    /// in each line (X-wings).
    cells: Vec<usize>,
    masks: Vec<u32>,
}

impl Found {
    fn clear(&mut self) {
        self.removals.clear();
        self.pars.clear();
    }

    fn is_empty(&self) -> bool {
        self.removals.is_empty()
    }

    /// Starts a pattern's parents.
    pub(crate) fn parents_from(&self) -> u32 {
        self.pars.len() as u32
    }

    /// The removal of `q`, caused by the parents pushed since `from`.
    fn push(&mut self, q: u32, from: u32) {
        self.removals.push((q, from, self.pars.len() as u32, NONE));
    }

    /// The removal of `q` by inner chain `inner`, caused by the parents
    /// pushed since `from`.
    pub(crate) fn push_nested(&mut self, q: u32, from: u32, inner: u32) {
        self.removals.push((q, from, self.pars.len() as u32, inner));
    }
}

impl Propagator {
    pub fn new(topo: &Topology) -> Propagator {
        let n = topo.n_cells * topo.n_sym * 2;
        let (peer_parts, peer_start) = peers_in_se_order(topo);
        Propagator {
            ns: topo.n_sym,
            cand: vec![0; topo.n_cells],
            dpos: vec![CellSet::EMPTY; topo.n_sym],
            stamp: vec![0; n],
            gen_: 0,
            local: vec![0; n],
            nodes: Vec::new(),
            real: 0,
            par_range: Vec::new(),
            parents: Vec::new(),
            q_on: Default::default(),
            q_off: Default::default(),
            seen: vec![0; n + 1],
            seen_gen: 0,
            stack: Vec::new(),
            house_sets: topo.houses.iter().map(|h| h.set).collect(),
            peer_parts,
            peer_start,
            found: Found::default(),
            nest: None,
            inners: Vec::new(),
            nested_nodes: Vec::new(),
            inner_nodes: Vec::new(),
        }
    }

    #[inline]
    fn in_set(&self, id: u32) -> bool {
        self.stamp[id as usize] == self.gen_
    }

    fn add(&mut self, id: u32, parents: &[u32], in_set: bool) -> u32 {
        let l = self.nodes.len() as u32;
        self.nodes.push(id);
        let s = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.par_range.push((s, self.parents.len() as u32));
        if in_set {
            self.stamp[id as usize] = self.gen_;
            self.local[id as usize] = l;
            self.real += 1;
        }
        l
    }

    /// Run one propagation from `start`; returns the first contradiction.
    pub fn run(&mut self, topo: &Topology, b: &Board, start: u32, cfg: Config) -> Option<Contradiction> {
        let ns = self.ns;
        self.gen_ = self.gen_.wrapping_add(1);
        if self.gen_ == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen_ = 1;
        }
        self.nodes.clear();
        self.par_range.clear();
        self.parents.clear();
        self.real = 0;
        self.inners.clear();
        self.nested_nodes.clear();
        self.inner_nodes.clear();
        self.q_on.clear();
        self.q_off.clear();
        self.cand.copy_from_slice(&b.cand);
        self.dpos.copy_from_slice(&b.dpos);
        let l0 = self.add(start, &[], true);
        if start & 1 == 1 {
            self.q_on.push_back(l0);
        } else {
            self.q_off.push_back(l0);
        }
        loop {
            if let Some(pl) = self.q_on.pop_front() {
                let id = self.nodes[pl as usize];
                let ci = (id >> 1) as usize;
                let (c, d) = (ci / ns, ci % ns);
                // on -> off: the cell's other candidates, then the digit's
                // other places among the peers, in SE's order (`getOnToOff`:
                // box, row, column, then the other houses), which decides
                // the first parent of what follows.
                let others = if cfg.cell_links { self.cand[c] & !(1 << d) } else { 0 };
                for e in bits(others) {
                    if let Some(ct) = self.imply_off(node(c * ns + e, false), pl) {
                        return Some(ct);
                    }
                }
                let (s, e) = (self.peer_start[c] as usize, self.peer_start[c + 1] as usize);
                for k in s..e {
                    for c2 in (self.peer_parts[k] & self.dpos[d]).iter() {
                        if let Some(ct) = self.imply_off(node(c2 * ns + d, false), pl) {
                            return Some(ct);
                        }
                    }
                }
            } else if let Some(pl) = self.q_off.pop_front() {
                let id = self.nodes[pl as usize];
                let ci = (id >> 1) as usize;
                let (c, d) = (ci / ns, ci % ns);
                // off -> on, judged before this candidate leaves the cell:
                // a cell left with one candidate, a house left with one
                // place.
                if cfg.cell_links && self.cand[c].count_ones() == 2 {
                    let e = (self.cand[c] & !(1 << d)).trailing_zeros() as usize;
                    let q = node(c * ns + e, true);
                    if let Some(ct) = self.imply_on(q, pl, cfg.dynamic, b, c, None) {
                        return Some(ct);
                    }
                }
                for &h in &topo.cell_houses[c] {
                    let house = &topo.houses[h];
                    if !house.full {
                        continue;
                    }
                    let pos = house.set & self.dpos[d];
                    if pos.count() != 2 {
                        continue;
                    }
                    let mut o = pos;
                    o.remove(c);
                    let Some(c2) = o.first() else { continue };
                    let q = node(c2 * ns + d, true);
                    if let Some(ct) = self.imply_on(q, pl, cfg.dynamic, b, c, Some((h, d))) {
                        return Some(ct);
                    }
                }
                if cfg.dynamic {
                    self.cand[c] &= !(1 << d);
                    self.dpos[d].remove(c);
                }
            } else {
                if cfg.plus {
                    if let Some(c) = self.advanced(topo, b, cfg) {
                        return Some(c);
                    }
                    if !self.q_off.is_empty() {
                        continue;
                    }
                }
                break;
            }
        }
        None
    }

    /// Record "q is off" caused by `parent`, unless known; a contradiction
    /// if q is on.
    #[inline]
    fn imply_off(&mut self, q: u32, parent: u32) -> Option<Contradiction> {
        if self.in_set(q | 1) {
            let on = self.local[(q | 1) as usize];
            let off = self.add(q, &[parent], false);
            return Some(self.contradiction(on, off));
        }
        if !self.in_set(q) {
            let l = self.add(q, &[parent], true);
            self.q_off.push_back(l);
        }
        None
    }

    /// Record "q is on" caused by `parent`; in dynamic chains its parents
    /// also include the earlier removals that left the single: in the cell
    /// `c` (cell single) or in house `h` for digit `d` (house single).
    #[inline]
    fn imply_on(
        &mut self,
        q: u32,
        parent: u32,
        dynamic: bool,
        b: &Board,
        c: usize,
        house: Option<(usize, usize)>,
    ) -> Option<Contradiction> {
        let known_off = self.in_set(q & !1);
        if !known_off && self.in_set(q) {
            return None;
        }
        let l = self.nodes.len() as u32;
        self.nodes.push(q);
        let s = self.parents.len() as u32;
        self.parents.push(parent);
        if dynamic {
            let ns = self.ns;
            match house {
                None => {
                    for x in bits(b.cand[c] & !self.cand[c]) {
                        let p = self.local[node(c * ns + x, false) as usize];
                        self.parents.push(p);
                    }
                }
                Some((h, d)) => {
                    let hs = self.house_sets[h];
                    for c3 in (hs & b.dpos[d]).minus(&self.dpos[d]).iter() {
                        let p = self.local[node(c3 * ns + d, false) as usize];
                        self.parents.push(p);
                    }
                }
            }
        }
        self.par_range.push((s, self.parents.len() as u32));
        if known_off {
            let off = self.local[(q & !1) as usize];
            return Some(self.contradiction(l, off));
        }
        self.stamp[q as usize] = self.gen_;
        self.local[q as usize] = l;
        self.real += 1;
        self.q_on.push_back(l);
        None
    }

    fn contradiction(&mut self, on: u32, off: u32) -> Contradiction {
        let a = self.ancestors(on, u32::MAX);
        let b = self.ancestors(off, u32::MAX);
        let nested = if self.nested_nodes.is_empty() { 0 } else { self.nested_chains(&[on, off]).iter().map(|i| i.complexity).sum() };
        Contradiction { on, off, complexity: a + b + nested }
    }

    /// A fresh mark for `seen` (old marks cleared when the counter wraps),
    /// sized to the nodes.
    fn next_seen_generation(&mut self) {
        self.seen_gen = self.seen_gen.wrapping_add(1);
        if self.seen_gen == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.seen_gen = 1;
        }
        if self.seen.len() < self.nodes.len() {
            self.seen.resize(self.nodes.len(), 0);
        }
    }

    /// The distinct inner chains among the ancestors of `targets`: their
    /// complexities add up to SE's `getNestedComplexity`.
    pub(crate) fn nested_chains(&mut self, targets: &[u32]) -> Vec<Inner> {
        self.mark_ancestors(targets, u32::MAX);
        let mut chains: Vec<Inner> = Vec::new();
        for &(l, i) in &self.nested_nodes {
            let inner = self.inners[i as usize];
            if self.seen[l as usize] == self.seen_gen && !chains.iter().any(|c| c.key == inner.key) {
                chains.push(inner);
            }
        }
        chains
    }

    /// Number of distinct ancestors of a node (itself included), counting
    /// stops past `cap`.
    pub fn ancestors(&mut self, l: u32, cap: u32) -> u32 {
        self.mark_ancestors(&[l], cap)
    }

    /// Marks `targets` and their ancestors in `seen` under a fresh mark and
    /// counts them; stops past `cap` (the marking then incomplete).
    fn mark_ancestors(&mut self, targets: &[u32], cap: u32) -> u32 {
        self.next_seen_generation();
        let mut count = 0;
        self.stack.clear();
        for &l in targets {
            if self.seen[l as usize] != self.seen_gen {
                self.seen[l as usize] = self.seen_gen;
                self.stack.push(l);
            }
        }
        while let Some(x) = self.stack.pop() {
            count += 1;
            if count > cap {
                return count;
            }
            let (s, e) = self.par_range[x as usize];
            for i in s..e {
                let p = self.parents[i as usize];
                if self.seen[p as usize] != self.seen_gen {
                    self.seen[p as usize] = self.seen_gen;
                    self.stack.push(p);
                }
            }
        }
        count
    }

    /// Node ids from the root to `l`, following first parents.
    pub fn path(&self, mut l: u32) -> Vec<u32> {
        let mut v = Vec::new();
        loop {
            v.push(self.nodes[l as usize]);
            let (s, e) = self.par_range[l as usize];
            if s == e {
                break;
            }
            l = self.parents[s as usize];
        }
        v.reverse();
        v
    }

    /// Copy the finished propagation into `store` (sets and parent graph).
    pub fn save(&self, store: &mut PropStore) -> u32 {
        store.save(self)
    }

    /// SE's "advanced potentials": when the chain stalls, apply locked
    /// candidates, hidden pairs, naked pairs, X-wings (first rule that finds
    /// anything new) to the working grid. Their parents are the chain's
    /// removals that created the pattern.
    fn advanced(&mut self, topo: &Topology, b: &Board, cfg: Config) -> Option<Contradiction> {
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.locked_candidates(topo, b, &mut found);
        if found.is_empty() {
            self.hidden_pairs(topo, b, &mut found);
        }
        if found.is_empty() {
            self.naked_pairs(topo, b, &mut found);
        }
        if found.is_empty() {
            self.x_wings(topo, b, &mut found);
        }
        if found.is_empty() && cfg.nested >= 2 {
            let mut nest = self.nest.take().unwrap_or_else(|| Box::new(Nest::new(topo, b)));
            let outer = Outer { b, cand: &self.cand, dpos: &self.dpos, local: &self.local };
            nest.search(topo, &outer, cfg.nested, &mut found, &mut self.inners, &mut self.inner_nodes);
            self.nest = Some(nest);
        }
        let mut contradiction = None;
        for &(q, s, e, inner) in &found.removals {
            let pars = &found.pars[s as usize..e as usize];
            if self.in_set(q | 1) {
                let on = self.local[(q | 1) as usize];
                let off = self.add(q, pars, false);
                if inner != NONE {
                    self.nested_nodes.push((off, inner));
                }
                contradiction = Some(self.contradiction(on, off));
                break;
            }
            if !self.in_set(q) {
                let l = self.add(q, pars, true);
                if inner != NONE {
                    self.nested_nodes.push((l, inner));
                }
                self.q_off.push_back(l);
            }
        }
        self.found = found;
        contradiction
    }

    fn locked_candidates(&self, topo: &Topology, b: &Board, found: &mut Found) {
        let ns = self.ns;
        for ix in &topo.intersections {
            let base = &topo.houses[ix.base];
            let mut digits = 0u16;
            for c in ix.common.iter() {
                digits |= self.cand[c];
            }
            for d in bits(digits) {
                let pos = base.set & self.dpos[d];
                if pos.count() < 2 || !pos.minus(&ix.common).is_empty() {
                    continue;
                }
                let victims = ix.rest & self.dpos[d];
                if victims.is_empty() {
                    continue;
                }
                let removed = (base.set & b.dpos[d]).minus(&self.dpos[d]);
                if removed.is_empty() {
                    continue;
                }
                let from = found.parents_from();
                found.pars.extend(removed.iter().map(|c| self.local[node(c * ns + d, false) as usize]));
                for v in victims.iter() {
                    found.push(node(v * ns + d, false), from);
                }
            }
        }
    }

    fn removed_off(&self, b: &Board, c: usize, d: usize) -> Option<u32> {
        if b.has(c, d) && self.cand[c] >> d & 1 == 0 { Some(self.local[node(c * self.ns + d, false) as usize]) } else { None }
    }

    fn hidden_pairs(&self, topo: &Topology, b: &Board, found: &mut Found) {
        let ns = self.ns;
        for &h in &topo.subset_order {
            let house = &topo.houses[h];
            if !house.full {
                continue;
            }
            for d1 in 0..ns {
                let p1 = house.set & self.dpos[d1];
                if p1.count() != 2 {
                    continue;
                }
                for d2 in d1 + 1..ns {
                    if house.set & self.dpos[d2] != p1 {
                        continue;
                    }
                    let pair: Mask = (1 << d1) | (1 << d2);
                    let from = found.parents_from();
                    for c in house.cells.iter().copied() {
                        for d in [d1, d2] {
                            if let Some(l) = self.removed_off(b, c, d) {
                                found.pars.push(l);
                            }
                        }
                    }
                    if found.parents_from() == from {
                        continue;
                    }
                    for c in p1.iter() {
                        for e in bits(self.cand[c] & !pair) {
                            found.push(node(c * ns + e, false), from);
                        }
                    }
                }
            }
        }
    }

    fn naked_pairs(&self, topo: &Topology, b: &Board, found: &mut Found) {
        let ns = self.ns;
        let mut cells = std::mem::take(&mut found.cells);
        for &h in &topo.subset_order {
            let house = &topo.houses[h];
            cells.clear();
            cells.extend(house.cells.iter().copied().filter(|&c| self.cand[c].count_ones() == 2));
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let m = self.cand[cells[i]];
                    if self.cand[cells[j]] != m {
                        continue;
                    }
                    let from = found.parents_from();
                    for c in [cells[i], cells[j]] {
                        for d in bits(b.cand[c] & !self.cand[c]) {
                            if let Some(l) = self.removed_off(b, c, d) {
                                found.pars.push(l);
                            }
                        }
                    }
                    if found.parents_from() == from {
                        continue;
                    }
                    for c in house.cells.iter().copied() {
                        if c == cells[i] || c == cells[j] {
                            continue;
                        }
                        for e in bits(self.cand[c] & m) {
                            found.push(node(c * ns + e, false), from);
                        }
                    }
                }
            }
        }
        found.cells = cells;
    }

    fn x_wings(&self, topo: &Topology, b: &Board, found: &mut Found) {
        let ns = self.ns;
        for &(bf, cf) in &topo.fish_pairs {
            let lines = &topo.families[bf];
            let cover = &topo.families[cf];
            let idx = &topo.cover_index[cf];
            for d in 0..ns {
                let mut masks = std::mem::take(&mut found.masks);
                masks.clear();
                masks.extend(lines.iter().map(|&h| {
                    let mut m = 0u32;
                    for c in (topo.houses[h].set & self.dpos[d]).iter() {
                        m |= 1 << idx[c];
                    }
                    m
                }));
                for i in 0..lines.len() {
                    if masks[i].count_ones() != 2 {
                        continue;
                    }
                    for j in i + 1..lines.len() {
                        if masks[j] != masks[i] {
                            continue;
                        }
                        let base = topo.houses[lines[i]].set | topo.houses[lines[j]].set;
                        let from = found.parents_from();
                        for c in (base & b.dpos[d]).minus(&self.dpos[d]).iter() {
                            found.pars.push(self.local[node(c * ns + d, false) as usize]);
                        }
                        if found.parents_from() == from {
                            continue;
                        }
                        for k in bits(masks[i] as u16) {
                            for c in (topo.houses[cover[k]].set & self.dpos[d]).minus(&base).iter() {
                                found.push(node(c * ns + d, false), from);
                            }
                        }
                    }
                }
                found.masks = masks;
            }
        }
    }
}

/// Every cell's peers as disjoint parts, one per house in SE's order (see
/// `Propagator::peer_parts`); within a part, cells in index order.
fn peers_in_se_order(topo: &Topology) -> (Vec<CellSet>, Vec<u32>) {
    let mut parts = Vec::new();
    let mut start = Vec::with_capacity(topo.n_cells + 1);
    for c in 0..topo.n_cells {
        start.push(parts.len() as u32);
        let mut taken = CellSet::EMPTY;
        taken.insert(c);
        for &h in &topo.cell_houses[c] {
            let part = topo.houses[h].set.minus(&taken);
            if !part.is_empty() {
                parts.push(part);
                taken |= part;
            }
        }
    }
    start.push(parts.len() as u32);
    (parts, start)
}
