//! The static implication graph of a grid (candidates on/off, linked by
//! cell and house links) and its transitive closure, computed over strongly
//! connected components. Chain searches use it to skip, at once, every
//! start from which no chain can exist.

use super::board::{Board, Topology, bits};

const NONE: u32 = u32::MAX;

#[inline]
pub(crate) fn node(ci: usize, on: bool) -> u32 {
    ((ci as u32) << 1) | on as u32
}

/// The static implication graph of one mode, over the live candidates,
/// with its transitive closure.
pub(crate) struct Graph {
    /// node id -> compact index (valid when stamp matches).
    index: Vec<u32>,
    stamp: Vec<u32>,
    gen_: u32,
    /// compact index -> node id.
    pub(crate) ids: Vec<u32>,
    pub(crate) start: Vec<u32>,
    pub(crate) adj: Vec<u32>,
    comp: Vec<u32>,
    stride: usize,
    reach: Vec<u64>,
    // Tarjan scratch
    t_index: Vec<u32>,
    t_low: Vec<u32>,
    t_on: Vec<bool>,
    t_stack: Vec<u32>,
    t_calls: Vec<(u32, u32)>,
    members: Vec<u32>,
    member_start: Vec<u32>,
}

impl Graph {
    pub(crate) fn new(n_nodes: usize) -> Graph {
        Graph {
            index: vec![NONE; n_nodes],
            stamp: vec![0; n_nodes],
            gen_: 0,
            ids: Vec::new(),
            start: Vec::new(),
            adj: Vec::new(),
            comp: Vec::new(),
            stride: 0,
            reach: Vec::new(),
            t_index: Vec::new(),
            t_low: Vec::new(),
            t_on: Vec::new(),
            t_stack: Vec::new(),
            t_calls: Vec::new(),
            members: Vec::new(),
            member_start: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn idx(&self, id: u32) -> u32 {
        if self.stamp[id as usize] == self.gen_ { self.index[id as usize] } else { NONE }
    }

    pub(crate) fn build(&mut self, topo: &Topology, b: &Board, x: bool, y: bool) {
        let ns = topo.n_sym;
        self.gen_ = self.gen_.wrapping_add(1);
        if self.gen_ == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen_ = 1;
        }
        self.ids.clear();
        for c in b.unsolved.iter() {
            for d in bits(b.cand[c]) {
                for on in [false, true] {
                    let id = node(c * ns + d, on);
                    self.stamp[id as usize] = self.gen_;
                    self.index[id as usize] = self.ids.len() as u32;
                    self.ids.push(id);
                }
            }
        }
        self.start.clear();
        self.adj.clear();
        for i in 0..self.ids.len() {
            self.start.push(self.adj.len() as u32);
            let id = self.ids[i];
            let ci = (id >> 1) as usize;
            let (c, d) = (ci / ns, ci % ns);
            if id & 1 == 1 {
                if y {
                    for e in bits(b.cand[c] & !(1 << d)) {
                        let j = self.idx(node(c * ns + e, false));
                        self.adj.push(j);
                    }
                }
                // SE's order (box, row, column): the breadth-first searches
                // take the first shortest path in it.
                for &c2 in topo.peers[c].iter().filter(|&&c2| b.dpos[d].contains(c2)) {
                    let j = self.idx(node(c2 * ns + d, false));
                    self.adj.push(j);
                }
            } else {
                if y && b.cand[c].count_ones() == 2 {
                    let e = (b.cand[c] & !(1 << d)).trailing_zeros() as usize;
                    let j = self.idx(node(c * ns + e, true));
                    self.adj.push(j);
                }
                if x {
                    let from = self.adj.len();
                    for &h in &topo.cell_houses[c] {
                        let house = &topo.houses[h];
                        if !house.full {
                            continue;
                        }
                        let pos = house.set & b.dpos[d];
                        if pos.count() == 2 {
                            let mut o = pos;
                            o.remove(c);
                            if let Some(c2) = o.first() {
                                let j = self.idx(node(c2 * ns + d, true));
                                if !self.adj[from..].contains(&j) {
                                    self.adj.push(j);
                                }
                            }
                        }
                    }
                }
            }
        }
        self.start.push(self.adj.len() as u32);
        self.closure();
    }

    /// Tarjan's SCCs (emitted sinks first), then reach sets per component.
    fn closure(&mut self) {
        let v = self.ids.len();
        self.t_index.clear();
        self.t_index.resize(v, NONE);
        self.t_low.clear();
        self.t_low.resize(v, 0);
        self.t_on.clear();
        self.t_on.resize(v, false);
        self.comp.clear();
        self.comp.resize(v, NONE);
        self.t_stack.clear();
        self.members.clear();
        self.member_start.clear();
        let mut counter = 0u32;
        let mut n_comp = 0u32;
        for root in 0..v as u32 {
            if self.t_index[root as usize] != NONE {
                continue;
            }
            self.t_calls.clear();
            self.t_index[root as usize] = counter;
            self.t_low[root as usize] = counter;
            counter += 1;
            self.t_stack.push(root);
            self.t_on[root as usize] = true;
            self.t_calls.push((root, self.start[root as usize]));
            while let Some(&(u, pos)) = self.t_calls.last() {
                let end = self.start[u as usize + 1];
                if pos < end {
                    if let Some(top) = self.t_calls.last_mut() {
                        top.1 += 1;
                    }
                    let w = self.adj[pos as usize];
                    if self.t_index[w as usize] == NONE {
                        self.t_index[w as usize] = counter;
                        self.t_low[w as usize] = counter;
                        counter += 1;
                        self.t_stack.push(w);
                        self.t_on[w as usize] = true;
                        self.t_calls.push((w, self.start[w as usize]));
                    } else if self.t_on[w as usize] {
                        let lw = self.t_index[w as usize];
                        if lw < self.t_low[u as usize] {
                            self.t_low[u as usize] = lw;
                        }
                    }
                } else {
                    self.t_calls.pop();
                    if self.t_low[u as usize] == self.t_index[u as usize] {
                        self.member_start.push(self.members.len() as u32);
                        while let Some(x) = self.t_stack.pop() {
                            self.t_on[x as usize] = false;
                            self.comp[x as usize] = n_comp;
                            self.members.push(x);
                            if x == u {
                                break;
                            }
                        }
                        n_comp += 1;
                    }
                    if let Some(&(p, _)) = self.t_calls.last() {
                        let lu = self.t_low[u as usize];
                        if lu < self.t_low[p as usize] {
                            self.t_low[p as usize] = lu;
                        }
                    }
                }
            }
        }
        self.member_start.push(self.members.len() as u32);
        let stride = v.div_ceil(64).max(1);
        self.stride = stride;
        self.reach.clear();
        self.reach.resize(n_comp as usize * stride, 0);
        for k in 0..n_comp as usize {
            let (s, e) = (self.member_start[k] as usize, self.member_start[k + 1] as usize);
            for mi in s..e {
                let x = self.members[mi] as usize;
                self.reach[k * stride + x / 64] |= 1u64 << (x % 64);
                for ai in self.start[x]..self.start[x + 1] {
                    let y = self.adj[ai as usize] as usize;
                    let ky = self.comp[y] as usize;
                    if ky != k {
                        // Components are emitted sinks first: ky < k is done.
                        let (lo, hi) = self.reach.split_at_mut(k * stride);
                        let src = &lo[ky * stride..ky * stride + stride];
                        for (dst, s) in hi[..stride].iter_mut().zip(src) {
                            *dst |= *s;
                        }
                    }
                }
            }
        }
    }

    /// Everything reachable from a node (compact index), as a bitset over
    /// compact indices.
    #[inline]
    pub(crate) fn reach_row(&self, from: u32) -> &[u64] {
        let k = self.comp[from as usize] as usize;
        &self.reach[k * self.stride..(k + 1) * self.stride]
    }

    #[inline]
    pub(crate) fn reaches(&self, from: u32, to: u32) -> bool {
        let k = self.comp[from as usize] as usize;
        (self.reach[k * self.stride + to as usize / 64] >> (to % 64)) & 1 != 0
    }
}
