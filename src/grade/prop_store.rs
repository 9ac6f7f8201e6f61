//! Finished propagations of one forcing-chain pass.

use super::board::Topology;
use super::propagation::Propagator;

/// Finished propagations kept for one forcing-chain pass: the on/off sets
/// as candidate bitsets (for intersecting branches), and the raw parent
/// graph in discovery order (only read when a conclusion needs rating).
pub(crate) struct PropStore {
    w: usize,
    bits: Vec<u64>,
    ids: Vec<u32>,
    /// Local (discovery) indices of each stored propagation in node-id
    /// order, so a node is found by counting bits below it.
    by_id: Vec<u32>,
    par_range: Vec<(u32, u32)>,
    parents: Vec<u32>,
    recs: Vec<Rec>,
    /// Nodes removed by an inner chain (nested levels): local index, the
    /// chain's identity and complexity.
    nested: Vec<(u32, u64, u32, (u32, u32))>,
    /// The inner chains' nodes (ranges in `nested`).
    inner_nodes: Vec<u32>,
    seen: Vec<u32>,
    seen_gen: u32,
    stack: Vec<u32>,
}

#[derive(Clone, Copy)]
struct Rec {
    bits_at: usize,
    nodes_at: usize,
    parents_at: u32,
    n: usize,
    nested_at: u32,
    nested_n: u32,
}

impl PropStore {
    pub fn new(topo: &Topology) -> PropStore {
        let n_cands = topo.n_cells * topo.n_sym;
        PropStore {
            w: n_cands.div_ceil(64),
            bits: Vec::new(),
            ids: Vec::new(),
            by_id: Vec::new(),
            par_range: Vec::new(),
            parents: Vec::new(),
            recs: Vec::new(),
            nested: Vec::new(),
            inner_nodes: Vec::new(),
            seen: vec![0; 2 * n_cands + 1],
            seen_gen: 0,
            stack: Vec::new(),
        }
    }

    pub fn clear(&mut self) {
        self.bits.clear();
        self.ids.clear();
        self.by_id.clear();
        self.par_range.clear();
        self.parents.clear();
        self.recs.clear();
        self.nested.clear();
        self.inner_nodes.clear();
    }

    pub(crate) fn save(&mut self, p: &Propagator) -> u32 {
        let w = self.w;
        let bits_at = self.bits.len();
        self.bits.resize(bits_at + 2 * w, 0);
        // The first `real` discovered nodes are exactly the sets (a
        // contradiction's extra node, if any, comes last).
        let n = p.real.min(p.nodes.len());
        for &id in &p.nodes[..n] {
            let ci = (id >> 1) as usize;
            let part = if id & 1 == 1 { 0 } else { w };
            self.bits[bits_at + part + ci / 64] |= 1u64 << (ci % 64);
        }
        let nodes_at = self.ids.len();
        for wi in 0..w {
            let (on_w, off_w) = (self.bits[bits_at + wi], self.bits[bits_at + w + wi]);
            let mut m = on_w | off_w;
            while m != 0 {
                let bit = m.trailing_zeros() as usize;
                m &= m - 1;
                let ci = (wi * 64 + bit) as u32;
                if off_w >> bit & 1 != 0 {
                    self.by_id.push(p.local[(ci << 1) as usize]);
                }
                if on_w >> bit & 1 != 0 {
                    self.by_id.push(p.local[(ci << 1 | 1) as usize]);
                }
            }
        }
        self.ids.extend_from_slice(&p.nodes[..n]);
        self.par_range.extend_from_slice(&p.par_range[..n]);
        let parents_at = self.parents.len() as u32;
        self.parents.extend_from_slice(&p.parents);
        let nested_at = self.nested.len() as u32;
        for &(l, i) in &p.nested_nodes {
            let inner = p.inners[i as usize];
            let at = self.inner_nodes.len() as u32;
            self.inner_nodes.extend_from_slice(&p.inner_nodes[inner.nodes.0 as usize..inner.nodes.1 as usize]);
            self.nested.push((l, inner.key, inner.complexity, (at, self.inner_nodes.len() as u32)));
        }
        let nested_n = self.nested.len() as u32 - nested_at;
        self.recs.push(Rec { bits_at, nodes_at, parents_at, n, nested_at, nested_n });
        (self.recs.len() - 1) as u32
    }

    /// The "on" set (as = true) or "off" set of a stored propagation.
    pub fn set(&self, rec: u32, on: bool) -> &[u64] {
        let r = self.recs[rec as usize];
        let at = r.bits_at + if on { 0 } else { self.w };
        &self.bits[at..at + self.w]
    }

    pub fn words(&self) -> usize {
        self.w
    }

    fn local(&self, rec: u32, id: u32) -> Option<u32> {
        let r = self.recs[rec as usize];
        let w = self.w;
        let ci = (id >> 1) as usize;
        let on = id & 1 == 1;
        let (wi, bi) = (ci / 64, ci % 64);
        let on_bits = &self.bits[r.bits_at..r.bits_at + w];
        let off_bits = &self.bits[r.bits_at + w..r.bits_at + 2 * w];
        let present = if on { on_bits[wi] >> bi & 1 } else { off_bits[wi] >> bi & 1 };
        if present == 0 {
            return None;
        }
        let mut rank = 0u32;
        for j in 0..wi {
            rank += on_bits[j].count_ones() + off_bits[j].count_ones();
        }
        let below = (1u64 << bi) - 1;
        rank += (on_bits[wi] & below).count_ones() + (off_bits[wi] & below).count_ones();
        if on && off_bits[wi] >> bi & 1 != 0 {
            rank += 1;
        }
        self.by_id.get(r.nodes_at + rank as usize).copied()
    }

    /// Distinct ancestors of node `id` in propagation `rec` (itself
    /// included); stops counting past `cap`.
    pub fn ancestors(&mut self, rec: u32, id: u32, cap: u32) -> u32 {
        let Some(start) = self.local(rec, id) else { return u32::MAX / 4 };
        let r = self.recs[rec as usize];
        self.seen_gen = self.seen_gen.wrapping_add(1);
        if self.seen_gen == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.seen_gen = 1;
        }
        if self.seen.len() < r.n {
            self.seen.resize(r.n, 0);
        }
        let mut count = 0;
        self.stack.clear();
        self.stack.push(start);
        self.seen[start as usize] = self.seen_gen;
        while let Some(x) = self.stack.pop() {
            count += 1;
            if count > cap {
                return count;
            }
            let (s, e) = self.par_range[r.nodes_at + x as usize];
            for i in s..e {
                let p = self.parents[(r.parents_at + i) as usize];
                if self.seen[p as usize] != self.seen_gen {
                    self.seen[p as usize] = self.seen_gen;
                    self.stack.push(p);
                }
            }
        }
        count
    }

    /// Whether propagation `rec` holds nodes removed by inner chains.
    pub fn has_nested(&self, rec: u32) -> bool {
        self.recs[rec as usize].nested_n > 0
    }

    /// The inner chains (identity, complexity, nodes) among the ancestors
    /// of node `id` in propagation `rec`, pushed to `out`.
    pub fn nested_of(&mut self, rec: u32, id: u32, out: &mut Vec<(u64, u32, (u32, u32))>) {
        let r = self.recs[rec as usize];
        if r.nested_n == 0 {
            return;
        }
        if self.local(rec, id).is_none() {
            return;
        }
        self.ancestors(rec, id, u32::MAX);
        for &(l, key, complexity, nodes) in &self.nested[r.nested_at as usize..(r.nested_at + r.nested_n) as usize] {
            if (l as usize) < self.seen.len() && self.seen[l as usize] == self.seen_gen {
                out.push((key, complexity, nodes));
            }
        }
    }

    /// An inner chain's nodes (a range [`Self::nested_of`] gave).
    pub fn inner_nodes(&self, nodes: (u32, u32)) -> &[u32] {
        &self.inner_nodes[nodes.0 as usize..nodes.1 as usize]
    }

    /// Node ids from the assumption to `id`, following first parents.
    pub fn path(&self, rec: u32, id: u32) -> Vec<u32> {
        let mut v = Vec::new();
        self.path_into(rec, id, &mut v);
        v
    }

    /// [`Self::path`] into `v` (its memory reused).
    pub fn path_into(&self, rec: u32, id: u32, v: &mut Vec<u32>) {
        v.clear();
        let Some(mut x) = self.local(rec, id) else { return };
        let r = self.recs[rec as usize];
        loop {
            v.push(self.ids[r.nodes_at + x as usize]);
            let (s, e) = self.par_range[r.nodes_at + x as usize];
            if s == e || v.len() > r.n {
                break;
            }
            x = self.parents[(r.parents_at + s) as usize];
        }
        v.reverse();
    }
}
