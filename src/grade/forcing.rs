//! SE's forcing chains beyond single chains, tried as SE does after the
//! simple chains fail:
//! - Nishio (SE 7.5+): a digit placed (or removed) leads, through that digit
//!   alone, to a contradiction;
//! - multiple forcing chains (8.0+): every candidate of a cell, or every
//!   place of a digit in a house, implies the same thing (static chains);
//! - dynamic forcing chains (8.5+): the same with dynamic chains, plus
//!   contradiction and double-implication chains;
//! - dynamic forcing chains (+) (9.0+): dynamic chains helped by locked
//!   candidates, pairs and X-wings;
//! - nested forcing chains (SE's "rescue" levels, see `nested`): dynamic
//!   chains (+) helped, where those find nothing, by forcing chains (9.5+),
//!   then also by multiple forcing chains (10.0+), run on the chain's
//!   working grid; the inner chains' complexity adds to the step's.
//!
//! The step rating is the base plus SE's length bonus on the total number of
//! implications involved; the easiest step wins.
//!
//! Propagations are bounded by the grid (each candidate turns on or off at
//! most once), so a pass costs at most two propagations per candidate.

use super::Technique;
use super::board::{Batch, Board, Hint, Mask, Topology, bits};
use super::chains::{Graph, write_nodes};
use super::propagation::{Config, NONE, PropStore, Propagator, node};
use super::rating::{complexity_limit, length_bonus, max_complexity_for_bonus};
use std::fmt::Write;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Level {
    Nishio,
    Multiple,
    Dynamic,
    DynamicPlus,
    /// SE's `Chaining` level 2 (forcing chains inside).
    NestedForcing,
    /// SE's `Chaining` level 3 (multiple forcing chains inside too).
    NestedMultiple,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Double,
    Cell,
    Region,
    Contradiction,
}

impl Kind {
    /// SE's tie-break between equally rated hints.
    fn key(self) -> u32 {
        match self {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }
}

struct Best {
    rating: u32,
    complexity: u32,
    key: u32,
    hint: Hint,
}

pub(crate) struct Forcing {
    /// Other steps of the last pass no harder than the grade it leaves:
    /// the grader applies them at once (see `take_batch`).
    batch: Batch,
    prop: Propagator,
    store: PropStore,
    on_rec: Vec<u32>,
    off_rec: Vec<u32>,
    pass: Vec<u32>,
    pass_gen: u32,
    ns: usize,
    /// The inner chains (identity, complexity) of a nested step's branches.
    nested_keys: Vec<(u64, u32, (u32, u32))>,
}

struct Pass {
    level: Level,
    cfg: Config,
    base: u32,
    tech_cell: Technique,
    tech_region: Technique,
    tech_other: Technique,
    reached: u32,
}

impl Forcing {
    pub fn new(topo: &Topology) -> Forcing {
        let n_cands = topo.n_cells * topo.n_sym;
        Forcing {
            batch: Batch::default(),
            prop: Propagator::new(topo),
            store: PropStore::new(topo),
            on_rec: vec![NONE; n_cands],
            off_rec: vec![NONE; n_cands],
            pass: vec![0; n_cands],
            pass_gen: 0,
            ns: topo.n_sym,
            nested_keys: Vec::new(),
        }
    }

    /// The easiest forcing-chain step of `level`, or the first one no harder
    /// than `reached`. For static (multiple) chains, `closure` is the static
    /// implication graph of `b`: a cell or house whose branches reach
    /// nothing in common is skipped without propagating.
    pub fn find(&mut self, topo: &Topology, b: &Board, level: Level, reached: u32, closure: Option<&Graph>) -> Option<Hint> {
        let (cfg, base) = match level {
            Level::Nishio => (Config { cell_links: false, dynamic: true, plus: false, nested: 0 }, 75),
            Level::Multiple => (Config { cell_links: true, dynamic: false, plus: false, nested: 0 }, 80),
            Level::Dynamic => (Config { cell_links: true, dynamic: true, plus: false, nested: 0 }, 85),
            Level::DynamicPlus => (Config { cell_links: true, dynamic: true, plus: true, nested: 0 }, 90),
            // SE's getDifficulty: 8.5 + 0.5 × level.
            Level::NestedForcing => (Config { cell_links: true, dynamic: true, plus: true, nested: 2 }, 95),
            Level::NestedMultiple => (Config { cell_links: true, dynamic: true, plus: true, nested: 3 }, 100),
        };
        let (tech_cell, tech_region, tech_other) = match level {
            Level::Nishio => (Technique::NishioForcingChain, Technique::NishioForcingChain, Technique::NishioForcingChain),
            Level::Multiple => (Technique::CellForcingChain, Technique::RegionForcingChain, Technique::CellForcingChain),
            Level::Dynamic => (Technique::DynamicForcingChain, Technique::DynamicForcingChain, Technique::DynamicForcingChain),
            Level::DynamicPlus => {
                (Technique::DynamicForcingChainPlus, Technique::DynamicForcingChainPlus, Technique::DynamicForcingChainPlus)
            }
            Level::NestedForcing => (Technique::NestedForcingChain, Technique::NestedForcingChain, Technique::NestedForcingChain),
            Level::NestedMultiple => {
                (Technique::NestedMultipleForcingChain, Technique::NestedMultipleForcingChain, Technique::NestedMultipleForcingChain)
            }
        };
        let pass = Pass { level, cfg, base, tech_cell, tech_region, tech_other, reached };
        self.batch.clear();
        self.store.clear();
        self.pass_gen = self.pass_gen.wrapping_add(1);
        if self.pass_gen == 0 {
            self.pass.iter_mut().for_each(|p| *p = 0);
            self.pass_gen = 1;
        }
        let nishio = level == Level::Nishio;
        let dynamic = cfg.dynamic;
        let multiple = !nishio;
        let ns = self.ns;
        let mut best: Option<Best> = None;
        let words = self.store.words();
        let mut acc_on = vec![0u64; words];
        let mut acc_off = vec![0u64; words];
        let mut reach_acc: Vec<u64> = Vec::new();

        // Within a reached grade any step will do: bivalue cells first, as
        // their chains are the shortest. Otherwise SE's grid order.
        let mut order: Vec<usize> = b.unsolved.iter().collect();
        if reached >= base {
            order.sort_by_key(|&c| b.cand[c].count_ones());
        }
        for c in order {
            let card = b.cand[c].count_ones();
            if !(card > 2 || (card > 1 && dynamic)) {
                continue;
            }
            for v in bits(b.cand[c]) {
                let ci = c * ns + v;
                if dynamic || nishio {
                    // Contradiction from "c = v" (and below from "c <> v").
                    let on_rec = self.on_prop(topo, b, ci, &pass, &mut best);
                    if let Some(h) = self.take_done(&mut best, &pass) {
                        return Some(h);
                    }
                    let off_rec = self.off_prop(topo, b, ci, &pass, &mut best);
                    if let Some(h) = self.take_done(&mut best, &pass) {
                        return Some(h);
                    }
                    if card >= 3 && !nishio {
                        // Double implication: the same result from c=v and c<>v.
                        let recs = [on_rec, off_rec];
                        for on in [true, false] {
                            intersect(&self.store, &recs, on, if on { &mut acc_on } else { &mut acc_off });
                        }
                        let source = Source::Candidate(c, v);
                        if let Some(h) = self.conclusions(topo, b, &pass, Kind::Double, &recs, &acc_on, &acc_off, &source, &mut best) {
                            return Some(h);
                        }
                    }
                }
                if !nishio {
                    // Region chains: every place of v in a house, from its
                    // first place.
                    for &h in &topo.cell_houses[c] {
                        let house = &topo.houses[h];
                        if !house.full {
                            continue;
                        }
                        let pos = house.set & b.dpos[v];
                        let n = pos.count();
                        if !(n == 2 || (multiple && n > 2)) || pos.first() != Some(c) {
                            continue;
                        }
                        if let Some(g) = closure
                            && !common_reach(g, pos.iter().map(|p| node(p * ns + v, true)), &mut reach_acc)
                        {
                            continue;
                        }
                        let mut recs = Vec::with_capacity(n as usize);
                        for p in pos.iter() {
                            recs.push(self.on_prop(topo, b, p * ns + v, &pass, &mut best));
                        }
                        intersect(&self.store, &recs, true, &mut acc_on);
                        intersect(&self.store, &recs, false, &mut acc_off);
                        let source = Source::House(h, v);
                        if let Some(hint) = self.conclusions(topo, b, &pass, Kind::Region, &recs, &acc_on, &acc_off, &source, &mut best) {
                            return Some(hint);
                        }
                    }
                }
            }
            if !nishio && (card == 2 || (multiple && card > 2)) {
                if let Some(g) = closure
                    && !common_reach(g, bits(b.cand[c]).map(|v| node(c * ns + v, true)), &mut reach_acc)
                {
                    continue;
                }
                let mut recs = Vec::with_capacity(card as usize);
                for v in bits(b.cand[c]) {
                    recs.push(self.on_prop(topo, b, c * ns + v, &pass, &mut best));
                }
                intersect(&self.store, &recs, true, &mut acc_on);
                intersect(&self.store, &recs, false, &mut acc_off);
                let source = Source::Cell(c, b.cand[c]);
                if let Some(hint) = self.conclusions(topo, b, &pass, Kind::Cell, &recs, &acc_on, &acc_off, &source, &mut best) {
                    return Some(hint);
                }
            }
        }
        let best = best?;
        self.batch.settle(best.rating.max(reached), &best.hint);
        Some(best.hint)
    }

    /// Steps to apply along with `chosen` (see [`Batch`]).
    pub fn take_batch(&mut self, chosen: &Hint, limit: u32) -> Vec<Hint> {
        self.batch.take(chosen, limit)
    }

    /// Return the best hint if it is already no harder than what the grade
    /// has reached (so the search may stop).
    fn take_done(&mut self, best: &mut Option<Best>, pass: &Pass) -> Option<Hint> {
        if best.as_ref().is_some_and(|b| b.rating <= pass.reached) {
            let b = best.take()?;
            self.batch.settle(pass.reached, &b.hint);
            return Some(b.hint);
        }
        None
    }

    /// Keep a step that lost to the best one but is no harder than the
    /// grade (short description: no chain listing).
    /// Its pattern and the branches' nodes are written only while steps are
    /// described (`branches`: the node ids of each branch).
    #[allow(clippy::too_many_arguments)]
    fn keep_extra(
        &mut self,
        topo: &Topology,
        rating: u32,
        tech: Technique,
        on: bool,
        c: usize,
        d: usize,
        what: impl FnOnce() -> String,
        source: &Source,
        branches: impl FnOnce() -> Vec<Vec<u32>>,
        inside: String,
    ) {
        let ns = self.ns;
        let mut hint = Hint::new(tech, rating);
        if on {
            hint.placements.push((c, d as u8));
        } else {
            hint.eliminations.push((c, d as u8));
        }
        let mut paths = Vec::new();
        hint = hint.with_pattern(|p| {
            paths = branches();
            branch_pattern(p, topo, ns, source, &paths);
        });
        let hint = hint.finish(topo, || {
            let mut head = format!("{} ({})", tech.name(), what());
            if !paths.is_empty() {
                head.push_str(": ");
                write_branches(&mut head, topo, ns, &paths);
            }
            head.push_str(&inside);
            head
        });
        self.batch.offer(rating, hint);
    }

    /// SE's nested complexity of a conclusion: the distinct inner chains
    /// among the ancestors of `id` in every branch.
    fn nested_total(&mut self, recs: &[u32], id: u32) -> u32 {
        let mut keys = std::mem::take(&mut self.nested_keys);
        keys.clear();
        for &r in recs {
            if self.store.has_nested(r) {
                self.store.nested_of(r, id, &mut keys);
            }
        }
        let mut total = 0;
        for i in 0..keys.len() {
            if !keys[..i].iter().any(|k| k.0 == keys[i].0) {
                total += keys[i].1;
            }
        }
        self.nested_keys = keys;
        total
    }

    /// " inside: [r5c4=8 -> ... -> r5c4<>8] [...]": the distinct inner
    /// chains of a nested step's branches (`recs`, conclusion `id`).
    fn write_inner_chains(&mut self, text: &mut String, topo: &Topology, recs: &[u32], id: u32) {
        let mut keys = std::mem::take(&mut self.nested_keys);
        keys.clear();
        for &r in recs {
            self.store.nested_of(r, id, &mut keys);
        }
        for i in 0..keys.len() {
            if keys[..i].iter().any(|k| k.0 == keys[i].0) {
                continue;
            }
            text.push_str(if i == 0 { " inside: [" } else { " [" });
            super::nested::write_inner(text, topo, self.store.inner_nodes(keys[i].2));
            text.push(']');
        }
        self.nested_keys = keys;
    }

    /// The inner chains of a nested contradiction, as
    /// [`Self::write_inner_chains`] writes them (only while describing).
    fn contradiction_inside(&mut self, topo: &Topology, pass: &Pass, ct: super::propagation::Contradiction) -> String {
        let mut inside = String::new();
        if pass.cfg.nested == 0 || !super::hint::describing() || self.prop.nested_nodes.is_empty() {
            return inside;
        }
        for (i, inner) in self.prop.nested_chains(&[ct.on, ct.off]).iter().enumerate() {
            inside.push_str(if i == 0 { " inside: [" } else { " [" });
            super::nested::write_inner(&mut inside, topo, &self.prop.inner_nodes[inner.nodes.0 as usize..inner.nodes.1 as usize]);
            inside.push(']');
        }
        inside
    }

    /// Forget cached propagations from an earlier pass.
    fn touch(&mut self, ci: usize) {
        if self.pass[ci] != self.pass_gen {
            self.pass[ci] = self.pass_gen;
            self.on_rec[ci] = NONE;
            self.off_rec[ci] = NONE;
        }
    }

    /// Propagation from "ci on", cached for the pass. With contradiction
    /// chains on, a contradiction makes a candidate hint "ci off".
    fn on_prop(&mut self, topo: &Topology, b: &Board, ci: usize, pass: &Pass, best: &mut Option<Best>) -> u32 {
        self.touch(ci);
        if self.on_rec[ci] != NONE {
            return self.on_rec[ci];
        }
        let start = node(ci, true);
        if let Some(ct) = self.prop.run(topo, b, start, pass.cfg) {
            // In SE a contradiction stops the propagation; the partial sets
            // still serve the cell and region chains.
            if pass.level != Level::Multiple {
                self.contradiction_hint(topo, b, pass, start, ct, best);
            }
        }
        let rec = self.prop.save(&mut self.store);
        self.on_rec[ci] = rec;
        rec
    }

    fn off_prop(&mut self, topo: &Topology, b: &Board, ci: usize, pass: &Pass, best: &mut Option<Best>) -> u32 {
        self.touch(ci);
        if self.off_rec[ci] != NONE {
            return self.off_rec[ci];
        }
        let start = node(ci, false);
        if let Some(ct) = self.prop.run(topo, b, start, pass.cfg) {
            self.contradiction_hint(topo, b, pass, start, ct, best);
        }
        let rec = self.prop.save(&mut self.store);
        self.off_rec[ci] = rec;
        rec
    }

    fn contradiction_hint(
        &mut self,
        topo: &Topology,
        b: &Board,
        pass: &Pass,
        start: u32,
        ct: super::propagation::Contradiction,
        best: &mut Option<Best>,
    ) {
        let ns = self.ns;
        let key = Kind::Contradiction.key();
        let rating = pass.base + length_bonus(ct.complexity);
        let ci = (start >> 1) as usize;
        let (c, d) = (ci / ns, ci % ns);
        let tech = if pass.level == Level::Nishio { Technique::NishioForcingChain } else { pass.tech_other };
        let source = Source::Candidate(c, d);
        if !beats(best, rating, ct.complexity, key) {
            if start & 1 == 1 || b.cand[c].count_ones() >= 2 {
                let what = || format!("contradiction from {}", super::chains::node_text(topo, ns, start));
                let paths = || vec![self.prop.path(ct.on), self.prop.path(ct.off)];
                let paths = if super::hint::describing() { paths() } else { Vec::new() };
                let inside = self.contradiction_inside(topo, pass, ct);
                self.keep_extra(topo, rating, tech, start & 1 == 0, c, d, what, &source, || paths, inside);
            }
            return;
        }
        if let Some(old) = best.take() {
            self.batch.offer(old.rating, old.hint);
        }
        let mut hint = Hint::new(tech, rating);
        if start & 1 == 1 {
            hint.eliminations.push((c, d as u8));
        } else {
            if b.cand[c].count_ones() < 2 {
                return;
            }
            hint.placements.push((c, d as u8));
        }
        let hint = hint.through([c]).with_pattern(|p| {
            let paths = [self.prop.path(ct.on), self.prop.path(ct.off)];
            branch_pattern(p, topo, ns, &source, &paths);
        });
        let inside = self.contradiction_inside(topo, pass, ct);
        let prop = &self.prop;
        let hint = hint.finish_with(topo, |head| {
            let _ = write!(head, "{} ({} nodes), contradiction: ", tech.name(), ct.complexity);
            write_nodes(head, topo, ns, &prop.path(ct.on));
            head.push_str(" and ");
            write_nodes(head, topo, ns, &prop.path(ct.off));
            head.push_str(&inside);
        });
        *best = Some(Best { rating, complexity: ct.complexity, key, hint });
    }

    /// Hints from implications common to all branches (`acc_on`/`acc_off`).
    #[allow(clippy::too_many_arguments)]
    fn conclusions(
        &mut self,
        topo: &Topology,
        b: &Board,
        pass: &Pass,
        kind: Kind,
        recs: &[u32],
        acc_on: &[u64],
        acc_off: &[u64],
        source: &Source,
        best: &mut Option<Best>,
    ) -> Option<Hint> {
        let ns = self.ns;
        let key = kind.key();
        for (on, acc) in [(true, acc_on), (false, acc_off)] {
            for (wi, &word) in acc.iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    let ci = wi * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let (c, d) = (ci / ns, ci % ns);
                    // Worth it: an "on" conclusion must remove something.
                    if on && b.cand[c].count_ones() < 2 {
                        continue;
                    }
                    if !on && !b.has(c, d) {
                        continue;
                    }
                    // Count far enough to rank against the best step, and to
                    // keep any step no harder than the grade for the batch.
                    let mut cap = complexity_limit(pass.base, key, best.as_ref().map(|x| (x.rating, x.complexity, x.key)));
                    let grade = best.as_ref().map_or(pass.reached, |x| x.rating.max(pass.reached));
                    if grade >= pass.base {
                        cap = cap.max(max_complexity_for_bonus(grade - pass.base));
                    }
                    if cap == 0 {
                        continue;
                    }
                    let id = node(ci, on);
                    let mut total = 0u32;
                    for &r in recs {
                        total = total.saturating_add(self.store.ancestors(r, id, cap));
                        if total > cap {
                            break;
                        }
                    }
                    if total > cap {
                        continue;
                    }
                    if pass.cfg.nested > 0 {
                        total = total.saturating_add(self.nested_total(recs, id));
                        if total > cap {
                            continue;
                        }
                    }
                    let rating = pass.base + length_bonus(total);
                    let tech = match kind {
                        Kind::Cell => pass.tech_cell,
                        Kind::Region => pass.tech_region,
                        _ => pass.tech_other,
                    };
                    if !beats(best, rating, total, key) {
                        let what = match kind {
                            Kind::Double => "both ways",
                            Kind::Cell => "each candidate",
                            Kind::Region => "each place",
                            Kind::Contradiction => "contradiction",
                        };
                        let mut inside = String::new();
                        if pass.cfg.nested > 0 && super::hint::describing() {
                            self.write_inner_chains(&mut inside, topo, recs, id);
                        }
                        let store = &self.store;
                        let paths = || recs.iter().map(|&r| store.path(r, id)).collect::<Vec<_>>();
                        let paths = if super::hint::describing() { paths() } else { Vec::new() };
                        let what = || format!("{what} of {}", source.head(topo));
                        self.keep_extra(topo, rating, tech, on, c, d, what, source, || paths, inside);
                        continue;
                    }
                    if let Some(old) = best.take() {
                        self.batch.offer(old.rating, old.hint);
                    }
                    let mut hint = Hint::new(tech, rating);
                    if on {
                        hint.placements.push((c, d as u8));
                    } else {
                        hint.eliminations.push((c, d as u8));
                    }
                    let what = match kind {
                        Kind::Double => "both ways",
                        Kind::Cell => "each candidate",
                        Kind::Region => "each place",
                        Kind::Contradiction => "contradiction",
                    };
                    // The cells its branches run through, for a reader's hint.
                    let hint =
                        hint.through(recs.iter().flat_map(|&r| self.store.path(r, id)).map(|n| (n >> 1) as usize / ns)).with_pattern(|p| {
                            let paths: Vec<Vec<u32>> = recs.iter().map(|&r| self.store.path(r, id)).collect();
                            branch_pattern(p, topo, ns, source, &paths);
                        });
                    let mut inside = String::new();
                    if pass.cfg.nested > 0 && super::hint::describing() {
                        self.write_inner_chains(&mut inside, topo, recs, id);
                    }
                    let store = &self.store;
                    let hint = hint.finish_with(topo, |text| {
                        let _ = write!(text, "{} ({} nodes), {} of {}: ", tech.name(), total, what, source.head(topo));
                        for (i, &r) in recs.iter().enumerate() {
                            if i > 0 {
                                text.push_str("; ");
                            }
                            write_nodes(text, topo, ns, &store.path(r, id));
                        }
                        text.push_str(&inside);
                    });
                    *best = Some(Best { rating, complexity: total, key, hint });
                    if let Some(h) = self.take_done(best, pass) {
                        return Some(h);
                    }
                }
            }
        }
        None
    }
}

/// Where a forcing step starts: one candidate (true and false, or a
/// contradiction), every candidate of a cell, every place of a digit in a
/// house.
enum Source {
    Candidate(usize, usize),
    /// The cell and its candidates.
    Cell(usize, Mask),
    /// The house and the digit.
    House(usize, usize),
}

impl Source {
    /// "r1c2=/<>5", "r1c2 157", "5 in row 1": written only while steps are
    /// described.
    fn head(&self, topo: &Topology) -> String {
        match *self {
            Source::Candidate(c, v) => format!("{}=/<>{}", topo.names[c], topo.sym(v)),
            Source::Cell(c, cand) => format!("{} {}", topo.names[c], topo.digit_list(cand)),
            Source::House(h, v) => format!("{} in {}", topo.sym(v), topo.houses[h].name),
        }
    }
}

/// A forcing step's pattern: its source (the cell, or the house and the
/// places of its digit) and each branch as a chain from it.
fn branch_pattern(p: &mut super::Pattern, topo: &Topology, ns: usize, source: &Source, paths: &[Vec<u32>]) {
    use super::hint::Part;
    match *source {
        Source::Candidate(c, d) => {
            p.cell(Part::Source, c);
            p.candidate(c, d);
        }
        Source::Cell(c, _) => p.cell(Part::Source, c),
        Source::House(h, _) => p.house(topo, Part::Base, h),
    }
    for path in paths {
        if let (Source::House(..), Some(&first)) = (source, path.first()) {
            p.cell(Part::Source, (first >> 1) as usize / ns);
        }
        p.implications(ns, path, true);
    }
}

/// "r1c2=5 -> r1c5<>5; r1c3=5 -> ..." for a forcing step's branches.
fn write_branches(s: &mut String, topo: &Topology, ns: usize, paths: &[Vec<u32>]) {
    for (i, path) in paths.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        write_nodes(s, topo, ns, path);
    }
}

fn beats(best: &Option<Best>, rating: u32, complexity: u32, key: u32) -> bool {
    match best {
        None => true,
        Some(b) => (rating, complexity, key) < (b.rating, b.complexity, b.key),
    }
}

/// Whether the static closures of all `starts` share a node: static chains
/// from every branch can only agree on such a node.
fn common_reach(g: &Graph, starts: impl Iterator<Item = u32>, acc: &mut Vec<u64>) -> bool {
    let mut first = true;
    for id in starts {
        let i = g.idx(id);
        if i == NONE {
            return true;
        }
        let row = g.reach_row(i);
        if first {
            acc.clear();
            acc.extend_from_slice(row);
            first = false;
        } else {
            for (a, r) in acc.iter_mut().zip(row) {
                *a &= *r;
            }
        }
    }
    acc.iter().any(|&w| w != 0)
}

/// AND of the on (or off) sets of several propagations.
fn intersect(store: &PropStore, recs: &[u32], on: bool, out: &mut [u64]) {
    out.iter_mut().for_each(|w| *w = !0);
    for &r in recs {
        for (o, &w) in out.iter_mut().zip(store.set(r, on)) {
            *o &= w;
        }
    }
}
