//! SE's "Forcing Chains & Cycles" (static, one hypothesis): bidirectional
//! X-cycles and Y-cycles (SE 6.5+), forcing X-chains (6.6+; colouring,
//! turbot fish, X-chains), XY-cycles and forcing chains with cell and house
//! links (7.0+; XY-chains, AICs). The rating grows with the chain's length.
//!
//! Implications are on/off states of candidates ("nodes"):
//! - on -> off: the other candidates of the cell (cell links, "Y"), and the
//!   same digit in every peer;
//! - off -> on: the other candidate of a bivalue cell ("Y"), and the other
//!   place of a digit in a full house where it has two places ("X").
//!
//! From every candidate, a breadth-first search finds the shortest chain
//! "c=d => ... => c<>d" (or "c<>d => ... => c=d"), and the shortest loop
//! back to the start that eliminates something, as SE does; the step is the
//! one with the lowest rating, then the fewest nodes. Searches are cut at the
//! length beyond which they could no longer beat the best step found, and
//! skipped when the implication graph's transitive closure (computed once
//! per step over its strongly connected components) shows no chain exists.

use super::Technique;
use super::board::{Batch, Board, CellSet, Hint, Topology, bits};
pub(crate) use super::graph::Graph;
use super::graph::node;
use super::rating::{complexity_limit, length_bonus, max_complexity_for_bonus};
use std::fmt::Write;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    X,
    Y,
    XY,
}

struct Best {
    rating: u32,
    complexity: u32,
    key: u32,
    hint: Hint,
}

impl Best {
    fn beaten_by(best: &Option<Best>, rating: u32, complexity: u32, key: u32) -> bool {
        match best {
            None => true,
            Some(b) => (rating, complexity, key) < (b.rating, b.complexity, b.key),
        }
    }
}

/// How long a chain may be and still matter: it beats the best, or it is no
/// harder than the grade after this step (kept for the batch).
fn limit(base: u32, key: u32, best: &Option<Best>, reached: u32) -> u32 {
    let beat = complexity_limit(base, key, best.as_ref().map(|b| (b.rating, b.complexity, b.key)));
    let grade = best.as_ref().map_or(0, |b| b.rating.max(reached));
    if best.is_some() && grade >= base { beat.max(max_complexity_for_bonus(grade - base)) } else { beat }
}

/// A loop's nodes (start first) and its eliminations.
type Cycle = (Vec<u32>, Vec<(usize, u8)>);

struct BfsOut {
    /// Loop nodes (start first, node ids) and its eliminations.
    cycle: Option<Cycle>,
    /// Chain node ids from the start to the target.
    chain: Option<Vec<u32>>,
}

/// Scratch space for the searches, reused across steps.
pub(crate) struct ChainSearch {
    ns: usize,
    graph: Graph,
    batch: Batch,
    /// The graph holds the cell-and-house (XY) implications of the board
    /// last searched.
    xy_ready: bool,
    stamp: Vec<u32>,
    /// `gen_` on the loop closers of the current search.
    closer: Vec<u32>,
    gen_: u32,
    parent: Vec<u32>,
    cur: Vec<u32>,
    next: Vec<u32>,
}

impl ChainSearch {
    pub fn new(topo: &Topology) -> ChainSearch {
        let n = topo.n_cells * topo.n_sym * 2;
        ChainSearch {
            ns: topo.n_sym,
            graph: Graph::new(n),
            batch: Batch::default(),
            xy_ready: false,
            stamp: vec![0; n],
            closer: vec![0; n],
            gen_: 0,
            parent: vec![NONE; n],
            cur: Vec::new(),
            next: Vec::new(),
        }
    }

    /// The easiest chain or cycle step, or with `reached` >= its rating, the
    /// first one found (it cannot raise the grade).
    pub fn find(&mut self, topo: &Topology, b: &Board, reached: u32) -> Option<Hint> {
        let ns = self.ns;
        let mut best: Option<Best> = None;
        self.xy_ready = false;
        self.batch.clear();
        // Once the grade has reached 7.0, any chain no harder will do, and
        // the cell-and-house graph holds them all: search it alone first.
        let quick = reached >= 70;
        let modes: &[Mode] = if quick { &[Mode::XY, Mode::X, Mode::Y, Mode::XY] } else { &[Mode::X, Mode::Y, Mode::XY] };
        for (mi, &mode) in modes.iter().enumerate() {
            if quick && mi == 1 {
                // Nothing within the grade. The cell-and-house graph holds
                // every X- and Y-chain too, so if it has no chain at all
                // there is none; otherwise search again from the easiest
                // mode, exactly as SE would.
                best.as_ref()?;
                best = None;
                self.batch.clear();
            }
            let (cycle_base, chain_base, key) = match mode {
                Mode::X => (65, Some(66), 2),
                Mode::Y => (65, None, 3),
                Mode::XY => (70, Some(70), 4),
            };
            if limit(cycle_base, key, &best, reached) < 4 && chain_base.is_none_or(|cb| limit(cb, key, &best, reached) < 4) {
                continue;
            }
            let (x, y) = (mode != Mode::Y, mode != Mode::X);
            self.graph.build(topo, b, x, y);
            self.xy_ready = mode == Mode::XY;
            for c in b.unsolved.iter() {
                let m = b.cand[c];
                if m.count_ones() < 2 || (mode == Mode::Y && m.count_ones() != 2) {
                    continue;
                }
                for d in bits(m) {
                    let ci = c * ns + d;
                    let on = self.graph.idx(node(ci, true));
                    let off = self.graph.idx(node(ci, false));
                    // Loop closers: off nodes implying the start directly.
                    let mut closing = [NONE; 8];
                    let mut n_closing = 0;
                    let lc = limit(cycle_base, key, &best, reached);
                    if lc >= 4 {
                        for ai in self.graph.start[off as usize]..self.graph.start[off as usize + 1] {
                            // off(c,d) -> x: x's implications back are the
                            // same links reversed (links are symmetric).
                            let w = self.graph.adj[ai as usize];
                            let wid = self.graph.ids[w as usize];
                            // The closer is the conjugate's "off".
                            let closer = self.graph.idx(wid & !1);
                            if n_closing < closing.len() && self.graph.reaches(on, closer) {
                                closing[n_closing] = closer;
                                n_closing += 1;
                            }
                        }
                    }
                    let lf = chain_base.map_or(0, |cb| limit(cb, key, &best, reached));
                    let chain_on = lf >= 4 && self.graph.reaches(on, off);
                    if n_closing > 0 || chain_on {
                        let out = self.bfs(topo, b, on, if chain_on { off } else { NONE }, &closing[..n_closing], lc, lf);
                        if let Some((nodes, elims)) = out.cycle {
                            let k = nodes.len() as u32;
                            let rating = cycle_base + length_bonus(k);
                            let hint = cycle_hint(topo, ns, mode, rating, &nodes, elims);
                            if let Some(h) = self.consider(&mut best, rating, k, key, hint, reached) {
                                return Some(h);
                            }
                        }
                        if let (Some(path), Some(cb)) = (out.chain, chain_base) {
                            let k = path.len() as u32;
                            let rating = cb + length_bonus(k);
                            let hint = chain_hint(topo, ns, mode, rating, &path);
                            if let Some(h) = self.consider(&mut best, rating, k, key, hint, reached) {
                                return Some(h);
                            }
                        }
                    }
                    if let Some(cb) = chain_base {
                        let lf = limit(cb, key, &best, reached);
                        if lf >= 4 && self.graph.reaches(off, on) {
                            let out = self.bfs(topo, b, off, on, &[], 0, lf);
                            if let Some(path) = out.chain {
                                let k = path.len() as u32;
                                let rating = cb + length_bonus(k);
                                let hint = chain_hint(topo, ns, mode, rating, &path);
                                if let Some(h) = self.consider(&mut best, rating, k, key, hint, reached) {
                                    return Some(h);
                                }
                            }
                        }
                    }
                }
            }
        }
        let best = best?;
        self.batch.settle(best.rating.max(reached), &best.hint);
        Some(best.hint)
    }

    /// Rank a found step: the new best, an extra for the batch, or done if
    /// it is no harder than the grade reached.
    fn consider(&mut self, best: &mut Option<Best>, rating: u32, complexity: u32, key: u32, hint: Hint, reached: u32) -> Option<Hint> {
        if !Best::beaten_by(best, rating, complexity, key) {
            self.batch.offer(rating, hint);
            return None;
        }
        if rating <= reached {
            self.batch.settle(reached, &hint);
            return Some(hint);
        }
        if let Some(old) = best.take() {
            self.batch.offer(old.rating, old.hint);
        }
        *best = Some(Best { rating, complexity, key, hint });
        None
    }

    /// Steps to apply along with `chosen` (see [`Batch`]).
    pub fn take_batch(&mut self, chosen: &Hint, limit: u32) -> Vec<Hint> {
        self.batch.take(chosen, limit)
    }

    /// The static cell-and-house implication graph of `b`, with its closure
    /// (what static forcing chains can reach at most).
    pub fn xy_graph(&mut self, topo: &Topology, b: &Board, fresh: bool) -> &Graph {
        if !fresh || !self.xy_ready {
            self.graph.build(topo, b, true, true);
            self.xy_ready = true;
        }
        &self.graph
    }

    /// Level-synchronous BFS (compact indices) from `start`: the path to
    /// `target` (within `lim_chain` nodes), and from an "on" start a loop
    /// back through one of `closing` that eliminates something (within
    /// `lim_cycle` nodes). Nodes are visited, and parents kept, in the order
    /// of the graph's adjacency lists, so the paths found are the first
    /// shortest ones in that order.
    #[allow(clippy::too_many_arguments)]
    fn bfs(&mut self, topo: &Topology, b: &Board, start: u32, target: u32, closing: &[u32], lim_cycle: u32, lim_chain: u32) -> BfsOut {
        self.gen_ = self.gen_.wrapping_add(1);
        if self.gen_ == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.closer.iter_mut().for_each(|s| *s = 0);
            self.gen_ = 1;
        }
        let gen_ = self.gen_;
        for &c in closing {
            self.closer[c as usize] = gen_;
        }
        let closer = &self.closer[..];
        let ns = self.ns;
        let mut out = BfsOut { cycle: None, chain: None };
        let mut want_cycle = !closing.is_empty() && lim_cycle >= 4;
        let mut want_chain = target != NONE && lim_chain >= 4;
        let g = &self.graph;
        let stamp = &mut self.stamp[..];
        let parent = &mut self.parent[..];
        stamp[start as usize] = gen_;
        parent[start as usize] = NONE;
        let cur = &mut self.cur;
        let next = &mut self.next;
        cur.clear();
        cur.push(start);
        let mut level: u32 = 1;
        let start_on = g.ids[start as usize] & 1 == 1;
        while !cur.is_empty() {
            let k = level + 1;
            if want_cycle && k > lim_cycle {
                want_cycle = false;
            }
            if want_chain && k > lim_chain {
                want_chain = false;
            }
            if !want_cycle && !want_chain {
                break;
            }
            next.clear();
            // Loops close from an "on" node at depth 3 or more.
            let mut closing_here = want_cycle && (level % 2 == 1) == start_on && level >= 3;
            let chain_target = if want_chain { target } else { NONE };
            'outer: for &p in cur.iter() {
                let (from, to) = (g.start[p as usize] as usize, g.start[p as usize + 1] as usize);
                for &w in &g.adj[from..to] {
                    let mut settled = false;
                    if closing_here && closer[w as usize] == gen_ && !is_ancestor(parent, p, w) {
                        let mut nodes = path_to(g, parent, p);
                        nodes.push(g.ids[w as usize]);
                        let elims = cycle_eliminations(topo, b, ns, &nodes);
                        if !elims.is_empty() {
                            out.cycle = Some((nodes, elims));
                            want_cycle = false;
                            closing_here = false;
                            settled = true;
                        }
                    }
                    if w == chain_target && want_chain {
                        let mut nodes = path_to(g, parent, p);
                        nodes.push(g.ids[w as usize]);
                        out.chain = Some(nodes);
                        want_chain = false;
                        settled = true;
                    }
                    if stamp[w as usize] != gen_ {
                        stamp[w as usize] = gen_;
                        parent[w as usize] = p;
                        next.push(w);
                    }
                    if settled && !want_cycle && !want_chain {
                        break 'outer;
                    }
                }
            }
            std::mem::swap(cur, next);
            level += 1;
        }
        out
    }
}

/// Whether `w` is `p` or one of its ancestors in the BFS tree.
fn is_ancestor(parent: &[u32], mut p: u32, w: u32) -> bool {
    while p != NONE {
        if p == w {
            return true;
        }
        p = parent[p as usize];
    }
    false
}

/// The node ids from the BFS root to `n`.
fn path_to(g: &Graph, parent: &[u32], mut n: u32) -> Vec<u32> {
    let mut v = Vec::new();
    while n != NONE {
        v.push(g.ids[n as usize]);
        n = parent[n as usize];
    }
    v.reverse();
    v
}

fn cycle_hint(topo: &Topology, ns: usize, mode: Mode, rating: u32, nodes: &[u32], elims: Vec<(usize, u8)>) -> Hint {
    let t = match mode {
        Mode::X => Technique::XCycle,
        Mode::Y => Technique::YCycle,
        Mode::XY => Technique::XYCycle,
    };
    let mut hint = Hint::new(t, rating).through(nodes.iter().map(|&n| (n >> 1) as usize / ns)).with_pattern(|p| {
        // The loop closes on its first node.
        let closed: Vec<u32> = nodes.iter().chain(nodes.first()).copied().collect();
        p.implications(ns, &closed, false);
    });
    hint.eliminations = elims;
    // Written only while steps are described (`finish` calls it then).
    hint.finish_with(topo, |head| {
        let _ = write!(head, "{} ({} nodes): ", t.name(), nodes.len());
        write_nodes(head, topo, ns, nodes);
        let _ = write!(head, " -> {}", node_text(topo, ns, nodes[0]));
    })
}

fn chain_hint(topo: &Topology, ns: usize, mode: Mode, rating: u32, nodes: &[u32]) -> Hint {
    let t = if mode == Mode::X { Technique::XChain } else { Technique::XYChain };
    let mut hint =
        Hint::new(t, rating).through(nodes.iter().map(|&n| (n >> 1) as usize / ns)).with_pattern(|p| p.implications(ns, nodes, false));
    let target = *nodes.last().unwrap_or(&0);
    let ci = (target >> 1) as usize;
    let (c, d) = (ci / ns, ci % ns);
    if target & 1 == 1 {
        hint.placements.push((c, d as u8));
    } else {
        hint.eliminations.push((c, d as u8));
    }
    hint.finish_with(topo, |head| {
        let _ = write!(head, "{} ({} nodes): ", t.name(), nodes.len());
        write_nodes(head, topo, ns, nodes);
    })
}

/// SE's loop eliminations: a candidate outside the loop that sees an "on"
/// and an "off" node of its digit.
fn cycle_eliminations(topo: &Topology, b: &Board, ns: usize, nodes: &[u32]) -> Vec<(usize, u8)> {
    let mut cells = CellSet::EMPTY;
    for &n in nodes {
        cells.insert((n >> 1) as usize / ns);
    }
    let mut forw = [CellSet::EMPTY; 16];
    let mut back = [CellSet::EMPTY; 16];
    for &n in nodes {
        let ci = (n >> 1) as usize;
        let (c, d) = (ci / ns, ci % ns);
        let victims = (topo.peer_set[c] & b.dpos[d]).minus(&cells);
        if n & 1 == 1 {
            forw[d] |= victims;
        } else {
            back[d] |= victims;
        }
    }
    let mut out = Vec::new();
    for d in 0..ns {
        for c in (forw[d] & back[d]).iter() {
            out.push((c, d as u8));
        }
    }
    out.sort_unstable();
    out
}

pub(crate) fn node_text(topo: &Topology, ns: usize, n: u32) -> String {
    let ci = (n >> 1) as usize;
    let (c, d) = (ci / ns, ci % ns);
    format!("{}{}{}", topo.names[c], if n & 1 == 1 { "=" } else { "<>" }, topo.sym(d))
}

pub(crate) fn write_nodes(s: &mut String, topo: &Topology, ns: usize, nodes: &[u32]) {
    for (i, &n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push_str(" -> ");
        }
        s.push_str(&node_text(topo, ns, n));
    }
}
