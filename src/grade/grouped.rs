//! Grouped strong links (Sukaku Explainer's grouped X-chains: "Grouped
//! Skyscraper", "Grouped 2-String Kite", "Grouped Turbot Crane", grouped 3
//! and 4 strong links). A full house whose places for a digit lie in exactly
//! two groups is a strong link between the groups: if no cell of one holds
//! the digit, a cell of the other does. The groups are the house's
//! intersections with one family of other houses:
//!
//! - a row or column: its box segments (SE's `lineBlade1/2`);
//! - a box: its mini-rows, or its mini-columns (SE's block configurations
//!   9 - 14; the other nine are the empty rectangles, found in
//!   `strong_links`);
//! - a variant house (a diagonal) whose box intersections are segments of
//!   one size (the diagonal's three boxes), by those segments, as SE splits
//!   a diagonal into its thirds;
//! - on a grid without boxes (Latin squares, jigsaws), a line by its
//!   regions and a region by its rows or columns.
//!
//! Windows and asterisks are not split: their box intersections are not
//! segments of one size, and SE gives windows only a few empty-rectangle
//! shapes. As in SE, a chain with any grouped link rates its base + 0.3
//! (`strong_links::chain_bonus`).

use super::board::{Board, CellSet, HouseKind, Topology};

/// Per house, the ways its cells split into groups (each a list of the
/// house's intersections with one family of houses).
#[derive(Default)]
pub(crate) struct Groups {
    /// For the topology with this many houses and cells (built on first use).
    built_for: Option<(usize, usize)>,
    partitions: Vec<Vec<Vec<CellSet>>>,
}

impl Groups {
    fn build(&mut self, topo: &Topology) {
        let key = (topo.houses.len(), topo.n_cells);
        if self.built_for == Some(key) {
            return;
        }
        self.built_for = Some(key);
        self.partitions = topo.houses.iter().map(|h| partitions_of(topo, h.set, h.kind)).collect();
    }

    /// Calls `each(a, b)` for every grouped strong link of digit `d` on `b`
    /// (both ways round), a house with three or more places split into two
    /// groups.
    pub fn links(&mut self, topo: &Topology, b: &Board, d: usize, mut each: impl FnMut(CellSet, CellSet)) {
        self.build(topo);
        for (h, house) in topo.houses.iter().enumerate() {
            if !house.full {
                continue;
            }
            let pos = house.set & b.dpos[d];
            if pos.count() < 3 {
                continue;
            }
            for part in &self.partitions[h] {
                let mut hit = [CellSet::EMPTY; 2];
                let mut n = 0;
                for g in part {
                    let x = pos & *g;
                    if x.is_empty() {
                        continue;
                    }
                    if n == 2 {
                        n = 3;
                        break;
                    }
                    hit[n] = x;
                    n += 1;
                }
                if n == 2 {
                    each(hit[0], hit[1]);
                    each(hit[1], hit[0]);
                }
            }
        }
    }
}

/// The intersections of `set` with the houses of `kind` (those it meets),
/// when they cover it, one has two cells or more, and there are two or more.
fn split_by(topo: &Topology, set: CellSet, kind: HouseKind) -> Option<Vec<CellSet>> {
    let mut groups: Vec<CellSet> = Vec::new();
    let mut covered = CellSet::EMPTY;
    for h in topo.houses.iter().filter(|h| h.full && h.kind == kind) {
        let x = set & h.set;
        if x.is_empty() || x == set || groups.contains(&x) {
            continue;
        }
        // Houses of one family do not overlap; a second family of the same
        // kind (irregular regions) is not a split.
        if !(covered & x).is_empty() {
            return None;
        }
        covered |= x;
        groups.push(x);
    }
    (covered == set && groups.len() >= 2 && groups.iter().any(|g| g.count() >= 2)).then_some(groups)
}

fn partitions_of(topo: &Topology, set: CellSet, kind: HouseKind) -> Vec<Vec<CellSet>> {
    let has_boxes = topo.houses.iter().any(|h| h.kind == HouseKind::Box);
    let has_lines = topo.houses.iter().any(|h| h.kind == HouseKind::Row);
    let mut out = Vec::new();
    match kind {
        HouseKind::Row | HouseKind::Col => {
            let by = if has_boxes { HouseKind::Box } else { HouseKind::Other };
            out.extend(split_by(topo, set, by));
        }
        HouseKind::Box => {
            out.extend(split_by(topo, set, HouseKind::Row));
            out.extend(split_by(topo, set, HouseKind::Col));
        }
        HouseKind::Other if has_boxes => {
            // A diagonal: its thirds, one per box it crosses.
            if let Some(g) = split_by(topo, set, HouseKind::Box) {
                let size = g[0].count();
                if size >= 2 && g.iter().all(|x| x.count() == size) {
                    out.push(g);
                }
            }
        }
        HouseKind::Other if has_lines => {
            out.extend(split_by(topo, set, HouseKind::Row));
            out.extend(split_by(topo, set, HouseKind::Col));
        }
        HouseKind::Other => {}
    }
    out
}
