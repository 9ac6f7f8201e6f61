//! Locked candidates: pointing (SE 2.6) and claiming (2.8), and SE's
//! "direct" forms (1.7 / 1.9) that are only used when the elimination at
//! once leaves a hidden single, which is then placed.

use super::Technique;
use super::board::{Board, Hint, HouseKind, Mask, Topology, bits};

/// The candidates of each segment of one board, and the intersections
/// where digits are locked, worked out on first use and shared by the
/// searches of one ladder step (the direct forms, then the others, look at
/// the same board).
pub(crate) struct SegmentUnions {
    ready: bool,
    on_stack: [Mask; 256],
    on_heap: Vec<Mask>,
    /// (intersection, digits locked there that its other house can lose),
    /// in intersection order; `None` until first asked.
    locked: Option<Vec<(usize, Mask)>>,
}

impl SegmentUnions {
    pub fn new() -> SegmentUnions {
        SegmentUnions { ready: false, on_stack: [0; 256], on_heap: Vec::new(), locked: None }
    }

    /// Every intersection with a digit found in the base only inside it
    /// and in the other house outside it too (only such a digit can be
    /// cleared, or, cleared, leave a direct single).
    fn locked(&mut self, topo: &Topology, b: &Board) -> &[(usize, Mask)] {
        if self.locked.is_none() {
            let unions = self.of(topo, b);
            let mut found = Vec::new();
            for (k, scan) in topo.lock_scan.iter().enumerate() {
                let inside = unions[scan.segment as usize];
                let outside = match scan.base_rest {
                    Some(rest) => rest.union(unions),
                    None => {
                        let ix = &topo.intersections[k];
                        let outside = ix.base_rest_segments.iter().fold(0, |m, &g| m | unions[g]);
                        ix.base_rest_cells.iter().fold(outside, |m, &c| m | b.cand[c])
                    }
                };
                let clearable = scan.rest.map_or(Mask::MAX, |rest| rest.union(unions));
                let locked = inside & !outside & clearable;
                if locked != 0 {
                    found.push((k, locked));
                }
            }
            self.locked = Some(found);
        }
        self.locked.as_deref().unwrap_or_default()
    }

    /// One union per segment, and an empty one past them (see [`Segments`](super::board::Segments)).
    fn of(&mut self, topo: &Topology, b: &Board) -> &[Mask] {
        let n = topo.segments.len() + 1;
        let unions: &mut [Mask] = if n <= self.on_stack.len() {
            &mut self.on_stack[..n]
        } else {
            self.on_heap.resize(n, 0);
            &mut self.on_heap
        };
        if !self.ready {
            for (u, cells) in unions.iter_mut().zip(&topo.segments) {
                *u = cells.iter().fold(0, |m, &c| m | b.cand[c]);
            }
            self.ready = true;
        }
        unions
    }
}

/// `digits`: the digits to look at (the others are known to give nothing).
/// `unions`: the board's segment unions (made for this board, as it is now).
pub(crate) fn locked_candidates(topo: &Topology, b: &Board, direct: bool, digits: Mask, unions: &mut SegmentUnions) -> Option<Hint> {
    let ns = topo.n_sym;
    if digits == 0 {
        return None;
    }
    // The digits of a base found only inside an intersection...
    for &(k, locked) in unions.locked(topo, b) {
        let locked = locked & digits;
        if locked == 0 {
            continue;
        }
        let ix = &topo.intersections[k];
        let places = &b.hpos[ix.base * ns..(ix.base + 1) * ns];
        // ...with two places or more there.
        for d in bits(locked).filter(|&d| places[d].count_ones() >= 2) {
            let pos = places[d];
            let base = &topo.houses[ix.base];
            let pointing = base.kind == HouseKind::Box;
            let other = &topo.houses[ix.other];
            let head =
                || format!("{}: {} of {} locked in {}", if pointing { "pointing" } else { "claiming" }, topo.sym(d), base.name, other.name);
            let cells = || {
                let mut cells: Vec<usize> = bits(pos).map(|i| base.cells[i]).collect();
                cells.sort_unstable();
                cells
            };
            if !direct {
                if b.hpos[ix.other * ns + d] & ix.rest_in_other == 0 {
                    continue;
                }
                let victims = ix.rest & b.dpos[d];
                // Sukaku Explainer's variant mode (a square grid with a
                // diagonal, window or asterisk house) rates every
                // intersection as its generalized one, 2.9. The step keeps
                // its reader's name: a box's places on one line (the
                // diagonal is a line too) are a pointing pair to a solver,
                // and that is what a hint calls it.
                let variant = base.kind == HouseKind::Other
                    || other.kind == HouseKind::Other
                    || (topo.houses.iter().any(|h| h.kind == HouseKind::Row)
                        && topo.houses.iter().any(|h| h.full && h.kind == HouseKind::Other));
                let t = if pointing { Technique::Pointing } else { Technique::Claiming };
                let r = match (pointing, variant) {
                    (_, true) => 29,
                    (true, false) => 26,
                    (false, false) => 28,
                };
                let mut hint = Hint::new(t, r).focused(vec![ix.base], vec![ix.other], cells(), 1 << d);
                hint.eliminations.extend(victims.iter().map(|c| (c, d as u8)));
                return Some(hint.finish(topo, head));
            }
            // Direct: another house of the base's family, crossing `other`,
            // keeps a single place for d once `other` is cleared.
            for &(h3, other_in_h3) in &ix.crossings {
                let pos3 = b.hpos[h3 * ns + d];
                if pos3.count_ones() < 2 {
                    continue;
                }
                let left = pos3 & !other_in_h3;
                if left.count_ones() == 1 {
                    let house3 = &topo.houses[h3];
                    let c = house3.cells[left.trailing_zeros() as usize];
                    let (t, r) = if pointing { (Technique::DirectPointing, 17) } else { (Technique::DirectClaiming, 19) };
                    let mut hint = Hint::new(t, r).focused(vec![ix.base], vec![ix.other, h3], cells(), 1 << d);
                    hint.placements.push((c, d as u8));
                    return Some(hint.finish(topo, || format!("direct {}, hidden single in {}", head(), house3.name)));
                }
            }
        }
    }
    None
}
