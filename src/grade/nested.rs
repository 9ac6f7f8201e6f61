//! SE's nested forcing chains (`Chaining` levels 2 and 3): when a dynamic
//! propagation stalls and the basic techniques of the (+) level find
//! nothing, the forcing chains (level 2, SE 9.5) and then, if those find
//! nothing, the multiple forcing chains (level 3, SE 10.0) are searched on
//! the propagation's working grid. What they remove joins the propagation:
//! - caused by the removed candidates the inner chain stands on (SE's
//!   `getRuleParents`: for every "on" node of the inner chain, the
//!   candidates removed from its cell, or the places of its digit removed
//!   from the house that made it a single; for a cell or region chain also
//!   those of its source);
//! - carrying the inner chain, whose complexity adds once to the outer
//!   step's (`ChainingHint.getNestedComplexity`, distinct chains counted
//!   once).
//!
//! SE keeps every inner hint sorted by rating, complexity and kind, drops
//! later hints removing the same candidates, and adds each removal once:
//! each removal therefore carries the easiest inner chain that removes it.
//!
//! Inner chains are static: a chain exists only where the working grid's
//! implication graph (with its transitive closure, `graph::Graph`) reaches
//! its target, so most starts are skipped without a search.

use super::board::{Board, CellSet, Mask, Topology, bits};
use super::graph::Graph;
use super::propagation::{Config, Found, NONE, PropStore, Propagator, node};
use super::rating::length_bonus;

/// A chain found inside a propagation: what it adds to the outer step's
/// complexity, and its identity (SE's `FullChain`: the same nodes in the
/// same order are the same chain).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Inner {
    pub complexity: u32,
    pub key: u64,
    /// Its nodes in the propagator's `inner_nodes` (each branch from its
    /// assumption, branches separated by `NONE`), for the step's text.
    pub nodes: (u32, u32),
}

/// One inner hint, before SE's sort.
#[derive(Clone, Copy)]
struct InnerHint {
    rating: u32,
    complexity: u32,
    /// SE's sort key: X-chain 2, XY-chain 4, cell chains 5, region 6.
    kind: u32,
    order: u32,
    /// Ranges in `Nest::pars` (outer local indices) and `Nest::removes`
    /// (node ids of the removed candidates).
    pars: (u32, u32),
    removes: (u32, u32),
    key: u64,
    /// Its branches in `Nest::text`.
    text: (u32, u32),
}

/// Scratch space for the inner searches of one propagator.
pub(crate) struct Nest {
    ns: usize,
    /// The working grid as a board (candidates only are read).
    board: Board,
    xy: Graph,
    x: Graph,
    prop: Box<Propagator>,
    store: PropStore,
    stamp: Vec<u32>,
    gen_: u32,
    parent: Vec<u32>,
    cur: Vec<u32>,
    next: Vec<u32>,
    path: Vec<u32>,
    hints: Vec<InnerHint>,
    pars: Vec<u32>,
    removes: Vec<u32>,
    text: Vec<u32>,
    scratch: Vec<u32>,
    starts: Vec<(u32, bool)>,
    /// Dedupes parents (by outer local index) and removals (by node id).
    mark: Vec<u32>,
    mark_gen: u32,
    reach: Vec<u64>,
    recs: Vec<u32>,
    acc_on: Vec<u64>,
    acc_off: Vec<u64>,
}

/// What the inner search reads of the outer propagation.
pub(crate) struct Outer<'a> {
    /// The grid the outer propagation started from.
    pub b: &'a Board,
    /// Its working grid.
    pub cand: &'a [Mask],
    pub dpos: &'a [CellSet],
    /// Outer local index of every node in the outer sets.
    pub local: &'a [u32],
}

impl Outer<'_> {
    /// Outer local indices of the candidates removed from cell `c`.
    fn cell_removed(&self, ns: usize, c: usize, out: &mut Vec<u32>) {
        for x in bits(self.b.cand[c] & !self.cand[c]) {
            out.push(self.local[node(c * ns + x, false) as usize]);
        }
    }

    /// Outer local indices of the places of `d` removed from house `h`.
    fn house_removed(&self, topo: &Topology, h: usize, d: usize, out: &mut Vec<u32>) {
        let ns = topo.n_sym;
        for c in (topo.houses[h].set & self.b.dpos[d]).minus(&self.dpos[d]).iter() {
            out.push(self.local[node(c * ns + d, false) as usize]);
        }
    }
}

fn mix(key: u64, id: u32) -> u64 {
    (key ^ id as u64).wrapping_mul(0x100_0000_01b3).rotate_left(5)
}

impl Nest {
    pub fn new(topo: &Topology, b: &Board) -> Nest {
        let n = topo.n_cells * topo.n_sym * 2;
        Nest {
            ns: topo.n_sym,
            board: b.clone(),
            xy: Graph::new(n),
            x: Graph::new(n),
            prop: Box::new(Propagator::new(topo)),
            store: PropStore::new(topo),
            stamp: vec![0; n],
            gen_: 0,
            parent: vec![NONE; n],
            cur: Vec::new(),
            next: Vec::new(),
            path: Vec::new(),
            hints: Vec::new(),
            pars: Vec::new(),
            removes: Vec::new(),
            text: Vec::new(),
            scratch: Vec::new(),
            starts: Vec::new(),
            mark: vec![0; n + 64],
            mark_gen: 0,
            reach: Vec::new(),
            recs: Vec::new(),
            acc_on: vec![0; (topo.n_cells * topo.n_sym).div_ceil(64)],
            acc_off: vec![0; (topo.n_cells * topo.n_sym).div_ceil(64)],
        }
    }

    /// The inner rules of nesting `level` (2: forcing chains; 3: then
    /// multiple forcing chains) on the working grid of `outer`: their
    /// removals go to `found`, their chains to `inners`.
    pub fn search(
        &mut self,
        topo: &Topology,
        outer: &Outer,
        level: u8,
        found: &mut Found,
        inners: &mut Vec<Inner>,
        inner_nodes: &mut Vec<u32>,
    ) {
        self.clear();
        self.board.cand.copy_from_slice(outer.cand);
        self.board.dpos.copy_from_slice(outer.dpos);
        self.board.unsolved = outer.b.unsolved;
        self.xy.build(topo, &self.board, true, true);
        self.forcing_chains(topo, outer);
        if !self.emit(found, inners, inner_nodes) && level >= 3 {
            self.clear();
            self.multiple_chains(topo, outer);
            self.emit(found, inners, inner_nodes);
        }
    }

    fn clear(&mut self) {
        self.hints.clear();
        self.pars.clear();
        self.removes.clear();
        self.text.clear();
    }

    fn next_mark(&mut self) -> u32 {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.mark_gen = 1;
        }
        self.mark_gen
    }

    /// SE's order over the hints, then each removal with the first hint
    /// that has it; true if any hint stood on a removed candidate.
    fn emit(&mut self, found: &mut Found, inners: &mut Vec<Inner>, inner_nodes: &mut Vec<u32>) -> bool {
        if self.hints.is_empty() {
            return false;
        }
        self.hints.sort_by_key(|h| (h.rating, h.complexity, h.kind, h.order));
        let g = self.next_mark();
        let mut any = false;
        for i in 0..self.hints.len() {
            let h = self.hints[i];
            if h.pars.0 == h.pars.1 {
                continue;
            }
            any = true;
            let mut inner = NONE;
            for ri in h.removes.0..h.removes.1 {
                let q = self.removes[ri as usize];
                if self.mark[q as usize] == g {
                    continue;
                }
                self.mark[q as usize] = g;
                if inner == NONE {
                    inner = inners.len() as u32;
                    let at = inner_nodes.len() as u32;
                    inner_nodes.extend_from_slice(&self.text[h.text.0 as usize..h.text.1 as usize]);
                    inners.push(Inner { complexity: h.complexity, key: h.key, nodes: (at, inner_nodes.len() as u32) });
                }
                let from = found.parents_from();
                found.pars.extend_from_slice(&self.pars[h.pars.0 as usize..h.pars.1 as usize]);
                found.push_nested(q, from, inner);
            }
        }
        any
    }

    /// The parents of an inner chain given by its node ids (SE's
    /// `collectRuleParents`), pushed to `pars` without repeats. The first
    /// node, the assumption, has no cause of its own.
    fn chain_parents(&mut self, topo: &Topology, outer: &Outer, path: &[u32], g: u32) {
        let ns = self.ns;
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        for w in path.windows(2) {
            let (a, q) = (w[0], w[1]);
            if q & 1 == 0 {
                continue;
            }
            let (ca, cq) = ((a >> 1) as usize / ns, (q >> 1) as usize / ns);
            let d = (q >> 1) as usize % ns;
            if ca == cq {
                outer.cell_removed(ns, cq, &mut scratch);
            } else if let Some(h) = single_house(topo, &self.board, ca, cq, d) {
                outer.house_removed(topo, h, d, &mut scratch);
            }
        }
        for &l in &scratch {
            if self.mark[l as usize] != g {
                self.mark[l as usize] = g;
                self.pars.push(l);
            }
        }
        self.scratch = scratch;
    }

    /// Level 2's rule (SE's "Forcing Chains & Cycles" on the working grid):
    /// from each candidate on, a chain to itself off (it goes), and from it
    /// off, a chain to itself on (it stays): X-chains on one digit first,
    /// then chains with cell and house links. (Cycles are left out: every
    /// cycle's removal is also a chain's.)
    fn forcing_chains(&mut self, topo: &Topology, outer: &Outer) {
        let ns = self.ns;
        // Starts whose chain exists in the richer graph.
        let mut starts = std::mem::take(&mut self.starts);
        starts.clear();
        for c in self.board.unsolved.iter() {
            if self.board.cand[c].count_ones() < 2 {
                continue;
            }
            for d in bits(self.board.cand[c]) {
                let ci = c * ns + d;
                let (on, off) = (self.xy.idx(node(ci, true)), self.xy.idx(node(ci, false)));
                if self.xy.reaches(on, off) {
                    starts.push((ci as u32, true));
                }
                if self.xy.reaches(off, on) {
                    starts.push((ci as u32, false));
                }
            }
        }
        if starts.is_empty() {
            self.starts = starts;
            return;
        }
        let mut x = std::mem::replace(&mut self.x, Graph::new(0));
        x.build(topo, &self.board, true, false);
        let mut order = 0u32;
        for (mode, base, kind) in [(0, 66, 2), (1, 70, 4)] {
            for &(ci, from_on) in &starts {
                order += 1;
                let g = if mode == 0 { &x } else { &self.xy };
                let (s, t) = (g.idx(node(ci as usize, from_on)), g.idx(node(ci as usize, !from_on)));
                if s == NONE || t == NONE || !g.reaches(s, t) {
                    continue;
                }
                let mut path = std::mem::take(&mut self.path);
                let found = if mode == 0 { self.shortest(&x, s, t, &mut path) } else { self.shortest_xy(s, t, &mut path) };
                if found {
                    self.chain_hint(topo, outer, &path, base, kind, order);
                }
                self.path = path;
            }
        }
        self.x = x;
        self.starts = starts;
    }

    fn shortest_xy(&mut self, s: u32, t: u32, path: &mut Vec<u32>) -> bool {
        let g = std::mem::replace(&mut self.xy, Graph::new(0));
        let r = self.shortest(&g, s, t, path);
        self.xy = g;
        r
    }

    /// What a conclusion on candidate `ci` removes from the working grid:
    /// "on", the cell's other candidates; "off", the candidate if still there.
    fn push_removals(&mut self, ci: usize, on: bool) {
        let (c, d) = (ci / self.ns, ci % self.ns);
        if on {
            for e in bits(self.board.cand[c] & !(1 << d)) {
                self.removes.push(node(c * self.ns + e, false));
            }
        } else if self.board.cand[c] >> d & 1 != 0 {
            self.removes.push(node(ci, false));
        }
    }

    /// A forcing chain's hint from its path (node ids, assumption first).
    fn chain_hint(&mut self, topo: &Topology, outer: &Outer, path: &[u32], base: u32, kind: u32, order: u32) {
        let k = path.len() as u32;
        let g = self.next_mark();
        let p0 = self.pars.len() as u32;
        self.chain_parents(topo, outer, path, g);
        let r0 = self.removes.len() as u32;
        let target = path[path.len() - 1];
        self.push_removals((target >> 1) as usize, target & 1 == 1);
        if self.removes.len() as u32 == r0 {
            self.pars.truncate(p0 as usize);
            return;
        }
        let key = path.iter().fold(0u64, |k, &n| mix(k, n));
        let t0 = self.text.len() as u32;
        self.text.extend_from_slice(path);
        self.hints.push(InnerHint {
            rating: base + length_bonus(k),
            complexity: k,
            kind,
            order,
            pars: (p0, self.pars.len() as u32),
            removes: (r0, self.removes.len() as u32),
            key,
            text: (t0, self.text.len() as u32),
        });
    }

    /// Breadth-first from `s` to `t` (compact indices of `g`): the first
    /// shortest path, as node ids.
    fn shortest(&mut self, g: &Graph, s: u32, t: u32, path: &mut Vec<u32>) -> bool {
        self.gen_ = self.gen_.wrapping_add(1);
        if self.gen_ == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.gen_ = 1;
        }
        self.cur.clear();
        self.cur.push(s);
        self.stamp[s as usize] = self.gen_;
        self.parent[s as usize] = NONE;
        while !self.cur.is_empty() {
            self.next.clear();
            for i in 0..self.cur.len() {
                let p = self.cur[i];
                for ai in g.start[p as usize]..g.start[p as usize + 1] {
                    let w = g.adj[ai as usize];
                    if self.stamp[w as usize] == self.gen_ {
                        continue;
                    }
                    self.stamp[w as usize] = self.gen_;
                    self.parent[w as usize] = p;
                    if w == t {
                        path.clear();
                        let mut n = w;
                        while n != NONE {
                            path.push(g.ids[n as usize]);
                            n = self.parent[n as usize];
                        }
                        path.reverse();
                        return true;
                    }
                    self.next.push(w);
                }
            }
            std::mem::swap(&mut self.cur, &mut self.next);
        }
        false
    }

    /// Level 3's second rule (SE's static "Multiple Forcing Chains" on the
    /// working grid): every candidate of a cell with three or more, or
    /// every place of a digit in a house whose first place is such a cell,
    /// implies the same.
    fn multiple_chains(&mut self, topo: &Topology, outer: &Outer) {
        let ns = self.ns;
        let cfg = Config { cell_links: true, dynamic: false, plus: false, nested: 0 };
        let mut order = 0u32;
        self.store.clear();
        for c in self.board.unsolved.iter() {
            let m = self.board.cand[c];
            if m.count_ones() <= 2 {
                continue;
            }
            for v in bits(m) {
                for &h in &topo.cell_houses[c] {
                    let house = &topo.houses[h];
                    if !house.full {
                        continue;
                    }
                    let pos = house.set & self.board.dpos[v];
                    if pos.count() < 2 || pos.first() != Some(c) {
                        continue;
                    }
                    order += 1;
                    if !self.common(pos.iter().map(|p| node(p * ns + v, true))) {
                        continue;
                    }
                    self.recs.clear();
                    for p in pos.iter() {
                        self.prop.run(topo, &self.board, node(p * ns + v, true), cfg);
                        let r = self.prop.save(&mut self.store);
                        self.recs.push(r);
                    }
                    self.conclusions(topo, outer, 6, order, |o, scratch| o.house_removed(topo, h, v, scratch));
                }
            }
            order += 1;
            if !self.common(bits(m).map(|v| node(c * ns + v, true))) {
                continue;
            }
            self.recs.clear();
            for v in bits(m) {
                self.prop.run(topo, &self.board, node(c * ns + v, true), cfg);
                let r = self.prop.save(&mut self.store);
                self.recs.push(r);
            }
            self.conclusions(topo, outer, 5, order, |o, scratch| o.cell_removed(ns, c, scratch));
        }
    }

    /// Whether the static closures of all `starts` share a node.
    fn common(&mut self, starts: impl Iterator<Item = u32>) -> bool {
        let mut first = true;
        for id in starts {
            let i = self.xy.idx(id);
            if i == NONE {
                return false;
            }
            let row = self.xy.reach_row(i);
            if first {
                self.reach.clear();
                self.reach.extend_from_slice(row);
                first = false;
            } else {
                for (a, r) in self.reach.iter_mut().zip(row) {
                    *a &= *r;
                }
            }
        }
        self.reach.iter().any(|&w| w != 0)
    }

    /// The hints of a cell or region chain whose branches are `recs`.
    fn conclusions(&mut self, topo: &Topology, outer: &Outer, kind: u32, order: u32, source: impl Fn(&Outer, &mut Vec<u32>)) {
        let w = self.store.words();
        for on in [true, false] {
            let acc = if on { &mut self.acc_on } else { &mut self.acc_off };
            acc.iter_mut().for_each(|x| *x = !0);
            for &r in &self.recs {
                for (o, &s) in acc.iter_mut().zip(self.store.set(r, on)) {
                    *o &= s;
                }
            }
        }
        for on in [true, false] {
            for wi in 0..w {
                let mut m = if on { self.acc_on[wi] } else { self.acc_off[wi] };
                while m != 0 {
                    let ci = wi * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let r0 = self.removes.len() as u32;
                    self.push_removals(ci, on);
                    if self.removes.len() as u32 == r0 {
                        continue;
                    }
                    let id = node(ci, on);
                    let mut k = 0u32;
                    let mut key = 0u64;
                    let g = self.next_mark();
                    let p0 = self.pars.len() as u32;
                    let t0 = self.text.len() as u32;
                    self.scratch.clear();
                    source(outer, &mut self.scratch);
                    for &l in &self.scratch {
                        if self.mark[l as usize] != g {
                            self.mark[l as usize] = g;
                            self.pars.push(l);
                        }
                    }
                    let mut path = std::mem::take(&mut self.path);
                    for i in 0..self.recs.len() {
                        let r = self.recs[i];
                        k += self.store.ancestors(r, id, u32::MAX);
                        self.store.path_into(r, id, &mut path);
                        key = path.iter().fold(mix(key, NONE), |k, &n| mix(k, n));
                        self.chain_parents(topo, outer, &path, g);
                        if i > 0 {
                            self.text.push(NONE);
                        }
                        self.text.extend_from_slice(&path);
                    }
                    self.path = path;
                    self.hints.push(InnerHint {
                        rating: 80 + length_bonus(k),
                        complexity: k,
                        kind,
                        order,
                        pars: (p0, self.pars.len() as u32),
                        removes: (r0, self.removes.len() as u32),
                        key,
                        text: (t0, self.text.len() as u32),
                    });
                }
            }
        }
    }
}

/// An inner chain's text: "r5c4=8 -> r4c4<>8 -> ... -> r5c4<>8", branches
/// separated by "; ".
pub(crate) fn write_inner(s: &mut String, topo: &Topology, nodes: &[u32]) {
    for (i, branch) in nodes.split(|&n| n == NONE).enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        super::chains::write_nodes(s, topo, topo.n_sym, branch);
    }
}

/// The house (in SE's order: box, row, column) in which `a` and `b` are
/// the only places of `d`: the one that made "b on" from "a off".
fn single_house(topo: &Topology, board: &Board, a: usize, b: usize, d: usize) -> Option<usize> {
    topo.cell_houses[a].iter().copied().find(|&h| {
        let house = &topo.houses[h];
        house.full && house.set.contains(b) && (house.set & board.dpos[d]).count() == 2
    })
}
