//! Wings: XY-wing (SE 4.2) and XYZ-wing (4.4), searched like SE (pivot cells
//! in grid order, wings among the pivot's peers), and Sukaku Explainer's
//! larger ALS wings (WXYZ, VWXYZ, UVWXYZ, TUVWXYZ).

use super::Technique;
use super::board::{Board, CellSet, Hint, Mask, Topology, cell_list};
use super::hint::Part;
use super::memo::forgetting;

/// The first XY-wing (or with `xyz` XYZ-wing) in SE's order. A wing whose
/// three cells are all `unchanged` since a search that found nothing is
/// skipped: it is the same wing, and the cells it would clear have only
/// lost candidates since (see `memo::CellMemo`).
pub(crate) fn xy_wing(topo: &Topology, b: &Board, xyz: bool, unchanged: CellSet) -> Option<Hint> {
    let pivot_size = if xyz { 3 } else { 2 };
    for p in b.unsolved.iter() {
        let xy = b.cand[p];
        if xy.count_ones() != pivot_size {
            continue;
        }
        // A pivot that kept its candidates, among peers that kept theirs.
        if unchanged.contains(p) && (topo.peer_set[p] & b.unsolved).minus(&unchanged).is_empty() {
            continue;
        }
        for &w1 in &topo.peers[p] {
            let xz = b.cand[w1];
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            let seen = unchanged.contains(p) && unchanged.contains(w1);
            for &w2 in &topo.peers[p] {
                let yz = b.cand[w2];
                if yz.count_ones() != 2 || w2 == w1 || (seen && unchanged.contains(w2)) {
                    continue;
                }
                let union = xy | xz | yz;
                let inter = xy & xz & yz;
                let ok = if xyz { union.count_ones() == 3 && inter.count_ones() == 1 } else { union.count_ones() == 3 && inter == 0 };
                if !ok {
                    continue;
                }
                let z: Mask = xz & yz;
                if z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as usize;
                let mut victims = topo.peer_set[w1] & topo.peer_set[w2] & b.dpos[zd];
                if xyz {
                    victims &= topo.peer_set[p];
                }
                victims.remove(p);
                victims.remove(w1);
                victims.remove(w2);
                if victims.is_empty() {
                    continue;
                }
                let (t, r, name) = if xyz { (Technique::XYZWing, 44, "XYZ-wing") } else { (Technique::XYWing, 42, "XY-wing") };
                let mut hint = Hint::new(t, r).focused(Vec::new(), Vec::new(), vec![p, w1, w2], z).with_pattern(|pat| {
                    pat.cell(Part::Pivot, p);
                    pat.cell(Part::Pincer, w1);
                    pat.cell(Part::Pincer, w2);
                    for (c, m) in [(p, xy), (w1, xz), (w2, yz)] {
                        pat.candidates_of(c, m);
                    }
                });
                hint.eliminations.extend(victims.iter().map(|c| (c, zd as u8)));
                return Some(hint.finish(topo, || {
                    format!(
                        "{}: {} {} with {} {} and {} {}, z={}",
                        name,
                        topo.names[p],
                        topo.digit_list(xy),
                        topo.names[w1],
                        topo.digit_list(xz),
                        topo.names[w2],
                        topo.digit_list(yz),
                        topo.sym(zd)
                    )
                }));
            }
        }
    }
    None
}

/// Sukaku Explainer's WXYZ- (k = 3), VWXYZ- (k = 4), UVWXYZ- (k = 5) and
/// TUVWXYZ-wings (k = 6): an almost locked set of k cells that all see each
/// other (in one house, or on a variant grid across houses: two cells of a
/// box and a third in a window with one and a column with the other)
/// holding k+1 digits, and a bivalue cell {x, z} outside it whose x is
/// restricted (every x of the set sees the bivalue cell). Then z is in the
/// set or in the bivalue cell, so z leaves every cell seeing all those z's.
/// Ratings: WXYZ 5.5 - 5.6, VWXYZ 6.2 - 6.4 (by the largest cell of the
/// set), UVWXYZ 6.6, TUVWXYZ 7.5 (SE tries it among its chaining producers:
/// after the static chains, before aligned triplet exclusion and Nishio).
///
/// A set and a bivalue cell all of whose cells are `unchanged` since a
/// search that found nothing are skipped: candidates only leave, so they
/// remove nothing now either (see `memo::CellMemo`).
pub(crate) fn als_wing(topo: &Topology, b: &Board, index: &mut AlsIndex, k: usize, unchanged: CellSet) -> Option<Hint> {
    index.build(topo, b);
    let mut bivalue = CellSet::EMPTY;
    for c in b.unsolved.iter() {
        if b.cand[c].count_ones() == 2 {
            bivalue.insert(c);
        }
    }
    let tech = match k {
        3 => Technique::WXYZWing,
        4 => Technique::VWXYZWing,
        5 => Technique::UVWXYZWing,
        _ => Technique::TUVWXYZWing,
    };
    // A set that kept its candidates pairs only with bivalue cells that
    // did not keep theirs.
    let changed_bivalue = bivalue.minus(&unchanged);
    let mut best: Option<(u32, usize, Hint)> = None;
    for als in index.sets.iter().filter(|a| a.size == k) {
        let kept = (als.inside & unchanged) == als.inside;
        if kept && changed_bivalue.is_empty() {
            continue;
        }
        let set = &als.cells[..k];
        let union = als.digits;
        let mut seen_by = CellSet::EMPTY;
        let mut maxc = 0;
        for &c in set {
            seen_by |= topo.peer_set[c];
            maxc = maxc.max(b.cand[c].count_ones());
        }
        let rating = match k {
            3 => 55 + (1 - (3 - maxc as i32).abs()).max(0) as u32,
            4 => 62 + (2 - (3 - maxc as i32).abs()).max(0) as u32,
            _ => super::rating::base_tenths(tech),
        };
        if best.as_ref().is_some_and(|(r, _, _)| *r < rating) {
            continue;
        }
        let mut pincers = (bivalue & seen_by).minus(&als.inside);
        if kept {
            pincers = pincers.minus(&unchanged);
        }
        for yz in pincers.iter() {
            let m = b.cand[yz];
            if m & union != m {
                continue;
            }
            let lo = m.trailing_zeros() as usize;
            let hi = (m & (m - 1)).trailing_zeros() as usize;
            let restricted = |x: usize| set.iter().all(|&c| b.cand[c] >> x & 1 == 0 || topo.peer_set[yz].contains(c));
            // Cells seeing every place of `d` in the set (and `yz` with it).
            let seeing = |d: usize, with_yz: bool| {
                let mut v = if with_yz { topo.peer_set[yz] } else { topo.all_cells } & b.dpos[d];
                for &c in set {
                    if b.cand[c] >> d & 1 != 0 {
                        v &= topo.peer_set[c];
                    }
                }
                v.minus(&als.inside)
            };
            let (rx, rz) = (restricted(lo), restricted(hi));
            // Doubly linked (SE's suffix 2..): both digits of the bivalue
            // cell restricted; then the set and the cell lock each other,
            // and every digit of the set leaves the cells seeing all its
            // places (x and z with the bivalue cell's).
            let double = rx && rz;
            let orders: &[(usize, usize)] = if double { &[(lo, hi)] } else { &[(lo, hi), (hi, lo)] };
            for &(x, z) in orders {
                if !double && !restricted(x) {
                    continue;
                }
                let mut elims: Vec<(usize, u8)> = seeing(z, true).iter().map(|c| (c, z as u8)).collect();
                if double {
                    elims.extend(seeing(x, true).iter().map(|c| (c, x as u8)));
                    for w in (0..16).filter(|&w| union >> w & 1 != 0 && w != x && w != z) {
                        elims.extend(seeing(w, false).iter().filter(|&c| c != yz).map(|c| (c, w as u8)));
                    }
                }
                let n = elims.len();
                if n == 0 || best.as_ref().is_some_and(|(r, e, _)| (*r, usize::MAX - *e) <= (rating, usize::MAX - n)) {
                    continue;
                }
                let cells = std::iter::once(yz).chain(set.iter().copied()).collect();
                let mut hint = Hint::new(tech, rating)
                    .focused(als.house.into_iter().collect(), Vec::new(), cells, if double { 1 << x | 1 << z } else { 1 << z })
                    .with_pattern(|pat| {
                        if let Some(h) = als.house {
                            pat.house(topo, Part::Base, h);
                        }
                        for &c in set {
                            pat.cell(Part::Member, c);
                            pat.candidates_of(c, b.cand[c]);
                        }
                        pat.cell(Part::Pincer, yz);
                        pat.candidates_of(yz, m);
                    });
                hint.eliminations.extend(elims);
                let hint = hint.finish(topo, || {
                    format!(
                        "{}{}: {} {}{} with {} {}, x={} z={}",
                        tech.name(),
                        if double { " (doubly linked)" } else { "" },
                        cell_list(topo, set.iter().copied()),
                        topo.digit_list(union),
                        als.house.map_or(String::new(), |h| format!(" in {}", topo.houses[h].name)),
                        topo.names[yz],
                        topo.digit_list(m),
                        topo.sym(x),
                        topo.sym(z)
                    )
                });
                best = Some((rating, n, hint));
            }
        }
    }
    best.map(|(_, _, h)| h)
}

/// Almost locked sets of `min` to `max` cells (one more digit than cells)
/// whose cells all see each other, built once per grid state for the wing
/// searches (3 to 5 cells for the three wings below the chains, 6 for the
/// TUVWXYZ-wing, which only a grid the chains leave unsolved asks for):
/// enumerated from each cell in grid order, as SE's wings are (on a classic
/// grid such cells lie in one house; on a variant grid they may span a box,
/// a window and a line).
///
/// A set is a matter of its cells' candidates only, so the index of the
/// next grid state keeps the previous one's sets whose cells all kept
/// theirs: the enumeration skips every branch whose chosen cells and
/// cells left to choose all kept their candidates, and copies that
/// branch's sets from the previous list instead (both lists are in the
/// enumeration's order, so the result is the list a full enumeration
/// makes).
pub(crate) struct AlsIndex {
    /// The sizes of set listed.
    min: usize,
    max: usize,
    built: bool,
    sets: Vec<Als>,
    /// The sets of the last grid state indexed, and its cells' candidates
    /// (0 for a solved cell).
    old: Vec<Als>,
    old_cand: Vec<Mask>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Als {
    /// A house holding all its cells, the first in SE's order (none when
    /// they only see each other across houses).
    house: Option<usize>,
    size: usize,
    cells: [usize; MAX_ALS],
    inside: CellSet,
    digits: Mask,
}

/// What the enumeration reads besides the board: the usable cells whose
/// candidates changed since the previous list, those that did not, and
/// how far the previous list has been read.
struct Reuse {
    changed: CellSet,
    kept: CellSet,
    cursor: usize,
}

/// The largest almost locked set a wing takes.
const MAX_ALS: usize = 6;

impl AlsIndex {
    /// An index of the sets of `min` to `max` (at most 6) cells.
    pub(crate) fn new(min: usize, max: usize) -> AlsIndex {
        assert!(3 <= min && min <= max && max <= MAX_ALS);
        AlsIndex { min, max, built: false, sets: Vec::new(), old: Vec::new(), old_cand: Vec::new() }
    }

    /// The grid state changed: index it anew when asked (keeping the sets
    /// that stay).
    pub(crate) fn forget(&mut self) {
        self.built = false;
    }

    fn build(&mut self, topo: &Topology, b: &Board) {
        if self.built {
            return;
        }
        self.built = true;
        let mut usable = CellSet::EMPTY;
        for c in b.unsolved.iter() {
            if (2..=self.max as u32 + 1).contains(&b.cand[c].count_ones()) {
                usable.insert(c);
            }
        }
        // Without a previous list every cell counts as changed.
        let mut changed = usable;
        if self.old_cand.len() == b.cand.len() && !forgetting() {
            changed = CellSet::EMPTY;
            for c in usable.iter() {
                if self.old_cand[c] != b.cand[c] {
                    changed.insert(c);
                }
            }
        }
        std::mem::swap(&mut self.sets, &mut self.old);
        self.sets.clear();
        let mut reuse = Reuse { changed, kept: usable.minus(&changed), cursor: 0 };
        let mut chosen = [0usize; MAX_ALS];
        self.collect(topo, usable, 0, 0, b, &mut chosen, false, &mut reuse);
        self.old_cand.clear();
        self.old_cand.extend((0..b.cand.len()).map(|c| if b.unsolved.contains(c) { b.cand[c] } else { 0 }));
    }

    /// Extends `chosen[..depth]` by cells of `cands` (cells after the last
    /// chosen that see every chosen one); `fresh` when a chosen cell's
    /// candidates changed since the previous list.
    #[allow(clippy::too_many_arguments)]
    fn collect(
        &mut self,
        topo: &Topology,
        cands: CellSet,
        depth: usize,
        union: Mask,
        b: &Board,
        chosen: &mut [usize; MAX_ALS],
        fresh: bool,
        reuse: &mut Reuse,
    ) {
        if !fresh && (cands & reuse.changed).is_empty() {
            self.copy_old(&chosen[..depth], reuse);
            return;
        }
        if depth >= self.min && union.count_ones() as usize == depth + 1 {
            let inside = CellSet::from_cells(&chosen[..depth]);
            let house = topo.se_order.iter().copied().find(|&h| (topo.houses[h].set & inside) == inside);
            let mut cells = [0; MAX_ALS];
            cells[..depth].copy_from_slice(&chosen[..depth]);
            self.sets.push(Als { house, size: depth, cells, inside, digits: union });
        }
        if depth == self.max {
            return;
        }
        let mut rest = cands;
        for c in cands.iter() {
            rest.remove(c);
            let u = union | b.cand[c];
            if u.count_ones() as usize > self.max + 1 {
                continue;
            }
            chosen[depth] = c;
            self.collect(topo, rest & topo.peer_set[c], depth + 1, u, b, chosen, fresh || reuse.changed.contains(c), reuse);
        }
    }

    /// Copies the previous list's sets that extend `prefix` (its branch of
    /// the enumeration) and whose cells all kept their candidates.
    fn copy_old(&mut self, prefix: &[usize], reuse: &mut Reuse) {
        // Sets before the branch (in the enumeration's order) belong to
        // branches already enumerated.
        while let Some(als) = self.old.get(reuse.cursor) {
            let cells = &als.cells[..als.size];
            let n = cells.len().min(prefix.len());
            if cells[..n] != prefix[..n] {
                if cells[..n] > prefix[..n] {
                    break;
                }
            } else if cells.len() >= prefix.len() {
                break;
            }
            reuse.cursor += 1;
        }
        while let Some(als) = self.old.get(reuse.cursor) {
            if als.size < prefix.len() || als.cells[..prefix.len()] != *prefix {
                break;
            }
            if (als.inside & reuse.kept) == als.inside {
                self.sets.push(*als);
            }
            reuse.cursor += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Topology};
    use super::super::memo::FORGET;
    use super::super::{Problem, grade};
    use super::AlsIndex;

    /// Along real grading paths (every step applied in turn), the index
    /// kept from state to state lists exactly the sets, in the same order,
    /// that an index built from scratch lists: the wings' sets of 3 to 5
    /// cells and the TUVWXYZ-wing's of 6.
    #[test]
    fn a_kept_index_lists_what_a_fresh_one_lists() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt");
        let text = std::fs::read_to_string(path).expect("shared/data/sudoku/se-rated.txt");
        let mut kept_sets = [0; 2];
        for p in text.lines().filter(|l| !l.starts_with('#')).step_by(40) {
            let problem = Problem::classic(3, 3, &p[..81]).unwrap();
            let topo = Topology::new(&problem);
            let mut b = Board::new(&topo, &problem.givens);
            let mut kept = [AlsIndex::new(3, 5), AlsIndex::new(6, 6)];
            for step in grade(&problem).steps {
                for (i, kept) in kept.iter_mut().enumerate() {
                    kept.forget();
                    kept.build(&topo, &b);
                    let mut fresh = AlsIndex::new(kept.min, kept.max);
                    FORGET.set(true);
                    fresh.build(&topo, &b);
                    FORGET.set(false);
                    assert_eq!(kept.sets, fresh.sets, "{p}");
                    kept_sets[i] += kept.sets.len();
                }
                for &(c, d) in &step.eliminations {
                    b.eliminate(c, d as usize);
                }
                for &(c, d) in &step.placements {
                    b.place(&topo, c, d as usize);
                }
            }
        }
        assert!(kept_sets[0] > 1000 && kept_sets[1] > 100, "the sample's states hold almost locked sets ({kept_sets:?})");
    }
}
