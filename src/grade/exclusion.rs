//! Aligned pair exclusion (SE 6.2): two cells cannot take a pair of values
//! that would empty a bivalue cell seeing both of them.
//!
//! A pair's exclusions depend only on its two cells' candidates and on the
//! candidates of the cells seeing both. A pair all of whose such cells are
//! `unchanged` since a search that found nothing (see `memo::CellMemo`) is
//! skipped: its common bivalue cells are then the same or fewer, so it
//! excludes nothing now either. That holds for a search made on a board
//! without naked singles only (a single among a cell's peers keeps it out
//! of the bases), so a board with one is searched in full and not
//! remembered.

use super::Technique;
use super::board::{Board, CellSet, Hint, Mask, Topology, bits, cell_list};

/// The first pair in grid order that excludes something, and whether a
/// search that found nothing may be remembered (no naked single on the
/// board).
pub(crate) fn aligned_pair_exclusion(topo: &Topology, b: &Board, unchanged: CellSet) -> (Option<Hint>, bool) {
    let mut bivalue = CellSet::EMPTY;
    let mut single = CellSet::EMPTY;
    for c in b.unsolved.iter() {
        match b.cand[c].count_ones() {
            1 => single.insert(c),
            2 => bivalue.insert(c),
            _ => {}
        }
    }
    let clean = single.is_empty();
    let unchanged = if clean { unchanged } else { CellSet::EMPTY };
    // Base cells: no naked single among their peers (SE skips those) and at
    // least one bivalue peer that could exclude something.
    let mut base: Vec<(usize, CellSet)> = Vec::new();
    for c in b.unsolved.iter() {
        if b.cand[c].count_ones() < 2 || !(topo.peer_set[c] & single).is_empty() {
            continue;
        }
        let ex = topo.peer_set[c] & bivalue;
        if !ex.is_empty() {
            base.push((c, ex));
        }
    }
    for i in 0..base.len() {
        for j in i + 1..base.len() {
            let (c0, e0) = base[i];
            let (c1, e1) = base[j];
            let common = e0 & e1;
            if common.count() < 2 {
                continue;
            }
            if unchanged.contains(c0)
                && unchanged.contains(c1)
                && (topo.peer_set[c0] & topo.peer_set[c1] & b.unsolved).minus(&unchanged).is_empty()
            {
                continue;
            }
            let aligned = topo.peer_set[c0].contains(c1);
            let (m0, m1) = (b.cand[c0], b.cand[c1]);
            let mut ok0: Mask = 0;
            let mut ok1: Mask = 0;
            for p0 in bits(m0) {
                for p1 in bits(m1) {
                    if p0 == p1 && aligned {
                        continue;
                    }
                    let pair: Mask = (1 << p0) | (1 << p1);
                    if common.iter().any(|x| b.cand[x] & !pair == 0) {
                        continue;
                    }
                    ok0 |= 1 << p0;
                    ok1 |= 1 << p1;
                }
            }
            // The hint is made only for a pair that excludes something: most
            // pairs do not, and a hint allocates.
            if m0 & !ok0 == 0 && m1 & !ok1 == 0 {
                continue;
            }
            let mut hint = Hint::new(Technique::AlignedPairExclusion, 62).focused(Vec::new(), Vec::new(), vec![c0, c1], 0);
            for d in bits(m0 & !ok0) {
                hint.eliminations.push((c0, d as u8));
            }
            for d in bits(m1 & !ok1) {
                hint.eliminations.push((c1, d as u8));
            }
            let head = || format!("aligned pair exclusion: {} against {}", cell_list(topo, [c0, c1]), cell_list(topo, common.iter()));
            return (Some(hint.finish(topo, head)), clean);
        }
    }
    (None, clean)
}
