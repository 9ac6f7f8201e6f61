//! Aligned pair exclusion (SE 6.2) and aligned triplet exclusion (SE 7.5):
//! two (three) cells cannot take values that would empty a cell seeing all
//! of them, nor one value twice where they see each other.
//!
//! Searched in SE's order (`AlignedExclusion`), since the first set that
//! excludes something is the step taken: the base cells are the cells of
//! two or more candidates with no naked single among their peers and at
//! least one *excluder* (a peer of 2 to `degree` candidates), in grid
//! order; pairs of base cells go by their second cell, then their first
//! ((0,1), (0,2), (1,2), (0,3), ...). A triplet's third cell is a base cell
//! that is an excluder of the first or of the second, taken in that order:
//! the first's excluders, then the second's not yet taken, each in SE's
//! order of a cell's peers (its row's, column's and box's in grid order,
//! then the ones a variant house adds, in grid order).
//! The set needs two common excluders. A combination of values (one a
//! cell) is allowed unless two cells that see each other share a value or
//! the values cover every candidate of a common excluder; a value of a
//! cell that no allowed combination gives it is removed.
//!
//! A set's exclusions depend only on its cells' candidates and on the
//! candidates of the cells seeing all of them. A set all of whose such
//! cells are `unchanged` since a search that found nothing (see
//! `memo::CellMemo`) is skipped: its common excluders are then the same or
//! fewer, so it excludes nothing now either. That holds for a search made
//! on a board without naked singles only (a single among a cell's peers
//! keeps it out of the bases), so a board with one is searched in full and
//! not remembered.

use super::board::{Board, CellSet, Hint, HouseKind, Mask, Topology, bits, cell_list};
use super::{Technique, rating};

/// The first pair (`degree` 2) or triplet (3) in SE's order that excludes
/// something, and whether a search that found nothing may be remembered
/// (no naked single on the board).
pub(crate) fn aligned_exclusion(topo: &Topology, b: &Board, degree: usize, unchanged: CellSet) -> (Option<Hint>, bool) {
    debug_assert!(degree == 2 || degree == 3);
    let mut excluding = CellSet::EMPTY;
    let mut single = CellSet::EMPTY;
    for c in b.unsolved.iter() {
        match b.cand[c].count_ones() as usize {
            1 => single.insert(c),
            n if n <= degree => excluding.insert(c),
            _ => {}
        }
    }
    let clean = single.is_empty();
    let unchanged = if clean { unchanged } else { CellSet::EMPTY };
    // The base cells with their excluders, in grid order; for triplets
    // also by cell: the place in that order.
    let mut base: Vec<(usize, CellSet)> = Vec::new();
    let mut base_set = CellSet::EMPTY;
    let by_cell = if degree > 2 { b.cand.len() } else { 0 };
    let mut index = vec![usize::MAX; by_cell];
    // Its row's, column's and box's cells (SE lists a cell's peers in
    // those first, then those only a variant house adds).
    let mut plain = vec![CellSet::EMPTY; by_cell];
    for c in b.unsolved.iter() {
        if b.cand[c].count_ones() < 2 || !(topo.peer_set[c] & single).is_empty() {
            continue;
        }
        let ex = topo.peer_set[c] & excluding;
        if !ex.is_empty() {
            if degree > 2 {
                index[c] = base.len();
                plain[c] = topo.cell_houses[c]
                    .iter()
                    .filter(|&&h| topo.houses[h].kind != HouseKind::Other)
                    .fold(CellSet::EMPTY, |s, &h| s | topo.houses[h].set);
            }
            base.push((c, ex));
            base_set.insert(c);
        }
    }
    let skip = |cells: &[usize]| {
        let mut common = b.unsolved;
        for &c in cells {
            if !unchanged.contains(c) {
                return false;
            }
            common &= topo.peer_set[c];
        }
        common.minus(&unchanged).is_empty()
    };
    // A triplet met before in this search found nothing (else the search
    // would have ended there), and its exclusions are its cells' whatever
    // their order: one whose cells (base indices p < q < r) the search
    // reaches as pair (p, q) with r, then (p, r) with q, then (q, r) with
    // p, is looked at only the first time (the third cell must be an
    // excluder of one of the pair's).
    let joins = |pair: [usize; 2], third: usize| pair.iter().any(|&k| base[k].1.contains(third));
    let seen_before = |i: usize, j: usize, c2: usize| {
        let c = |k: usize| base[k].0;
        match index[c2] {
            t if t > j => false,
            t if t > i => joins([i, t], c(j)),
            t => joins([t, i], c(j)) || joins([t, j], c(i)),
        }
    };
    let mut tail: Vec<usize> = Vec::new();
    for j in 1..base.len() {
        for i in 0..j {
            let (c0, e0) = base[i];
            let (c1, e1) = base[j];
            let common = e0 & e1;
            if common.count() < 2 {
                continue;
            }
            let (m0, m1) = (b.cand[c0], b.cand[c1]);
            if degree == 2 {
                if !skip(&[c0, c1])
                    && let Some(blocking) = blocking(b, &[m0, m1], common)
                    && let Some(hint) = excluded(topo, b, &[c0, c1], blocking, common)
                {
                    return (Some(hint), clean);
                }
                continue;
            }
            // The third cell: the first's excluders, then the second's,
            // each cell's in SE's order of its peers (those of its row,
            // column and box first, then those only a variant house adds).
            tail.clear();
            for (c, e) in [(c0, e0 & base_set), (c1, (e1 & base_set).minus(&e0))] {
                tail.extend((e & plain[c]).iter());
                tail.extend(e.minus(&plain[c]).iter());
            }
            for &c2 in &tail {
                if c2 == c0 || c2 == c1 || seen_before(i, j, c2) {
                    continue;
                }
                let common = common & base[index[c2]].1;
                if common.count() < 2 {
                    continue;
                }
                if !skip(&[c0, c1, c2])
                    && let Some(blocking) = blocking(b, &[m0, m1, b.cand[c2]], common)
                    && let Some(hint) = excluded(topo, b, &[c0, c1, c2], blocking, common)
                {
                    return (Some(hint), clean);
                }
            }
        }
    }
    (None, clean)
}

/// The common excluders whose candidates the cells' values can cover (a
/// combination covering one is not allowed), or `None` where no value can
/// be excluded: without such an excluder the "no value twice" rule alone
/// removes a value only where two cells hold the same two candidates (the
/// third cell's value then leaves each of them one, and it must differ
/// from both; two cells alone always have a combination).
fn blocking(b: &Board, masks: &[Mask], common: CellSet) -> Option<CellSet> {
    let union = masks.iter().fold(0, |u, &m| u | m);
    let mut blocking = CellSet::EMPTY;
    for x in common.iter() {
        if b.cand[x] & !union == 0 {
            blocking.insert(x);
        }
    }
    let n = masks.len();
    let twins = || (0..n).any(|x| (x + 1..n).any(|y| masks[x] == masks[y] && masks[x].count_ones() == 2));
    (!blocking.is_empty() || twins()).then_some(blocking)
}

/// The exclusions of `cells` against their common excluders `common`
/// (`blocking`: those the cells' candidates can cover), as a hint, if
/// there are any.
fn excluded(topo: &Topology, b: &Board, cells: &[usize], blocking: CellSet, common: CellSet) -> Option<Hint> {
    let n = cells.len();
    let masks: [Mask; 3] = std::array::from_fn(|k| if k < n { b.cand[cells[k]] } else { 0 });
    let mut sees = [[false; 3]; 3];
    for x in 0..n {
        for y in x + 1..n {
            sees[x][y] = topo.peer_set[cells[x]].contains(cells[y]);
        }
    }
    // At most a grid's cells (a cell set holds 128).
    let mut blockers = [0 as Mask; 128];
    let mut nb = 0;
    for x in blocking.iter() {
        blockers[nb] = b.cand[x];
        nb += 1;
    }
    let blockers = &blockers[..nb];
    let mut digits = [[0u8; 16]; 3];
    let mut lens = [0usize; 3];
    for k in 0..n {
        for d in bits(masks[k]) {
            digits[k][lens[k]] = d as u8;
            lens[k] += 1;
        }
    }
    let allowed = |values: &[usize; 3]| {
        (0..n).all(|x| (x + 1..n).all(|y| values[x] != values[y] || !sees[x][y])) && {
            let taken: Mask = values[..n].iter().fold(0, |m, &v| m | 1 << v);
            blockers.iter().all(|&m| m & !taken != 0)
        }
    };
    // The values some allowed combination (one value a cell) gives each
    // cell. Each value still without one is looked for a combination in
    // turn (most are found at the first or second try; a combination
    // found serves every value in it); a value none gives is excluded.
    let mut ok: [Mask; 3] = [0; 3];
    for k in 0..n {
        for v in bits(masks[k]) {
            if ok[k] >> v & 1 != 0 {
                continue;
            }
            // The other cells' values, odometer-wise, cell k held at v.
            let mut at = [0usize; 3];
            'combinations: loop {
                let values: [usize; 3] = std::array::from_fn(|i| match i {
                    _ if i >= n => usize::MAX,
                    _ if i == k => v,
                    _ => digits[i][at[i]] as usize,
                });
                if allowed(&values) {
                    for i in 0..n {
                        ok[i] |= 1 << values[i];
                    }
                    break;
                }
                for i in (0..n).filter(|&i| i != k) {
                    at[i] += 1;
                    if at[i] < lens[i] {
                        continue 'combinations;
                    }
                    at[i] = 0;
                }
                break;
            }
        }
    }
    // Most sets exclude nothing, and a hint allocates.
    if (0..n).all(|k| masks[k] & !ok[k] == 0) {
        return None;
    }
    let technique = if n == 2 { Technique::AlignedPairExclusion } else { Technique::AlignedTripletExclusion };
    let mut hint = Hint::new(technique, rating::base_tenths(technique)).focused(Vec::new(), Vec::new(), cells.to_vec(), 0);
    for k in 0..n {
        for d in bits(masks[k] & !ok[k]) {
            hint.eliminations.push((cells[k], d as u8));
        }
    }
    let head = || format!("{technique}: {} against {}", cell_list(topo, cells.iter().copied()), cell_list(topo, common.iter()));
    Some(hint.finish(topo, head))
}
