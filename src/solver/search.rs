//! The generic engine's depth-first search: branching, symbol order, and
//! independent parts searched one at a time.

use super::engine::{Engine, SearchControl};
use crate::bits::Bits;
use crate::model::SymbolSet;
use rand::seq::SliceRandom;

/// Bivalue cells weighed for the branch (more cost more than they save).
const BRANCH_CANDIDATES: usize = 16;

impl<const W: usize> Engine<W> {
    /// Depth-first search from `arena[depth * stride..]`, counting solutions
    /// of the cells in `scope` up to `ctl.limit`. The arena grows one state
    /// per level.
    pub fn search(&self, arena: &mut Vec<Bits<W>>, depth: usize, ctl: &mut SearchControl, scope: Bits<W>) {
        ctl.stats.nodes += 1;
        if ctl.stats.nodes > ctl.node_budget && !ctl.renew() {
            return;
        }
        let stride = self.stride();
        let here = depth * stride;
        if self.propagate(&mut arena[here..here + stride]).is_err() {
            return;
        }
        let open = scope.minus(arena[here + self.symbols()]);
        if open.is_empty() {
            ctl.found += 1;
            if ctl.want_first && ctl.first.is_none() {
                ctl.first = Some(self.read_solution(&arena[here..here + stride]));
            }
            return;
        }
        if self.split
            && let Some(parts) = self.parts(open)
        {
            return self.search_parts(arena, depth, ctl, parts);
        }
        let (cell, options) = self.choose_cell(&arena[here..here + stride], open);
        let mut order = [0u8; 32];
        let symbols = &mut order[..options.len() as usize];
        for (slot, s) in symbols.iter_mut().zip(options.iter()) {
            *slot = s;
        }
        if let Some(rng) = ctl.rng.as_deref_mut() {
            symbols.shuffle(rng);
        }
        if let Some(p) = ctl.prefer.and_then(|grid| grid[cell])
            && let Some(i) = symbols.iter().position(|&s| s == p)
        {
            symbols[..=i].rotate_right(1);
        }
        ctl.stats.guesses += 1;
        if arena.len() < here + 2 * stride {
            arena.resize(here + 2 * stride, Bits::EMPTY);
        }
        for &s in symbols.iter() {
            arena.copy_within(here..here + stride, here + stride);
            if self.assign(&mut arena[here + stride..here + 2 * stride], cell, s as usize).is_ok() {
                self.search(arena, depth + 1, ctl, scope);
            }
            if ctl.found >= ctl.limit || ctl.out_of_budget {
                return;
            }
        }
    }

    /// The unsolved cells of `open` split into parts no rule ties together,
    /// or `None` when they hang together.
    fn parts(&self, open: Bits<W>) -> Option<Vec<Bits<W>>> {
        let first = self.part_of(open, open.first()?);
        if first == open {
            return None;
        }
        let mut parts = vec![first];
        let mut rest = open.minus(first);
        while let Some(c) = rest.first() {
            let part = self.part_of(rest, c);
            rest = rest.minus(part);
            parts.push(part);
        }
        Some(parts)
    }

    /// The cells of `open` reachable from `start` along neighbours in `open`.
    fn part_of(&self, open: Bits<W>, start: usize) -> Bits<W> {
        let mut part = Bits::EMPTY;
        part.insert(start);
        let mut frontier = part;
        loop {
            let mut reach = Bits::EMPTY;
            for c in frontier.iter() {
                reach |= self.neighbours[c];
            }
            frontier = (reach & open).minus(part);
            if frontier.is_empty() {
                return part;
            }
            part |= frontier;
        }
    }

    /// Independent parts: the count is the product of theirs (each counted
    /// up to the limit), the first solution their first solutions together.
    /// A part without a solution ends it, so the part most likely to have
    /// none (the focus cell's, then the smallest) goes first.
    fn search_parts(&self, arena: &mut Vec<Bits<W>>, depth: usize, ctl: &mut SearchControl, mut parts: Vec<Bits<W>>) {
        parts.sort_by_key(|p| (!ctl.focus.is_some_and(|c| p.contains(c)), p.len()));
        let stride = self.stride();
        let here = depth * stride;
        if arena.len() < here + 2 * stride {
            arena.resize(here + 2 * stride, Bits::EMPTY);
        }
        let remaining = ctl.limit - ctl.found;
        let mut merged = (ctl.want_first && ctl.first.is_none()).then(|| self.read_solution(&arena[here..here + stride]));
        let mut product = 1usize;
        for part in parts {
            arena.copy_within(here..here + stride, here + stride);
            let mut sub = SearchControl {
                limit: remaining,
                found: 0,
                first: None,
                want_first: ctl.want_first,
                first_if_unique: false,
                stats: ctl.stats,
                rng: ctl.rng.as_mut().map(|r| &mut **r as &mut dyn rand::Rng),
                prefer: ctl.prefer,
                focus: ctl.focus,
                node_budget: ctl.node_budget,
                out_of_budget: false,
                deadline: ctl.deadline,
                node_cap: ctl.node_cap,
            };
            self.search(arena, depth + 1, &mut sub, part);
            ctl.stats = sub.stats;
            ctl.node_budget = sub.node_budget;
            if sub.out_of_budget {
                ctl.out_of_budget = true;
                return;
            }
            if sub.found == 0 {
                return;
            }
            product = product.saturating_mul(sub.found);
            if let (Some(m), Some(f)) = (merged.as_mut(), sub.first.as_ref()) {
                for c in part.iter() {
                    m[c] = f[c];
                }
            }
        }
        ctl.found += product.min(remaining);
        if ctl.first.is_none() && merged.is_some() {
            ctl.first = merged;
        }
    }

    /// The cell of `open` to branch on and its symbols: among the cells
    /// with the fewest candidates (bivalue ones, found by bit-sliced
    /// counting, when there are any), the one tied to the most unsolved
    /// cells, whose choice settles the most.
    fn choose_cell(&self, state: &[Bits<W>], open: Bits<W>) -> (usize, SymbolSet) {
        let k = self.symbols();
        let (mut one, mut two, mut three) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY, Bits::<W>::EMPTY);
        for cand in &state[..k] {
            let x = *cand & open;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let mut pool = two.minus(three);
        if pool.is_empty() {
            // at_least[j]: cells with more than j candidates.
            let mut at_least = [Bits::<W>::EMPTY; 33];
            for cand in &state[..k] {
                let x = *cand & open;
                for j in (1..=k).rev() {
                    at_least[j] |= at_least[j - 1] & x;
                }
                at_least[0] |= x;
            }
            pool = (2..=k).map(|j| at_least[j - 1].minus(at_least[j])).find(|p| !p.is_empty()).unwrap_or(open);
        }
        let unsolved = open | self.all_cells().minus(state[k]);
        let mut best = (pool.first().unwrap_or(0), 0);
        for c in pool.iter().take(BRANCH_CANDIDATES) {
            let ties = (self.neighbours[c] & unsolved).len() + 1;
            if ties > best.1 {
                best = (c, ties);
            }
        }
        (best.0, self.options(state, best.0))
    }
}
