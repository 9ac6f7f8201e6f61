//! Singles: full house (SE 1.0), hidden single (1.2 in a box, 1.5 in a line),
//! naked single (2.3).

use super::Technique;
use super::board::{Board, Hint, HouseKind, Topology, symbol_char};

/// SE's HiddenSingle producer: first a house with one empty cell left
/// ("last value in region"), then any hidden single, houses in SE order.
pub(crate) fn hidden_single(topo: &Topology, b: &Board) -> Option<Hint> {
    for &h in &topo.full_se_order {
        let free = b.hfree[h];
        if free.count_ones() != 1 {
            continue;
        }
        // The last empty cell: its first candidate is the first digit with
        // one place in the house.
        let house = &topo.houses[h];
        let c = house.cells[free.trailing_zeros() as usize];
        let m = b.cand[c];
        if m != 0 {
            let mut hint = Hint::new(Technique::FullHouse, 10);
            hint.placements.push((c, m.trailing_zeros() as u8));
            return Some(hint.finish_with(topo, |s| {
                s.push_str("full house: ");
                s.push_str(&house.name);
            }));
        }
    }
    let h = topo.full_se_order.iter().copied().find(|&h| b.hfew[h].one != 0)?;
    let house = &topo.houses[h];
    let d = b.hfew[h].one.trailing_zeros() as usize;
    let c = house.cells[b.hpos[h * topo.n_sym + d].trailing_zeros() as usize];
    let (t, r) = if house.kind == HouseKind::Box { (Technique::HiddenSingleBox, 12) } else { (Technique::HiddenSingle, 15) };
    let mut hint = Hint::new(t, r);
    hint.placements.push((c, d as u8));
    Some(hint.finish_with(topo, |s| {
        s.push_str("hidden single: ");
        s.push(symbol_char(d));
        s.push_str(" in ");
        s.push_str(&house.name);
    }))
}

pub(crate) fn naked_single(topo: &Topology, b: &Board) -> Option<Hint> {
    for c in b.unsolved.iter() {
        let m = b.cand[c];
        if m != 0 && m & (m - 1) == 0 {
            let mut hint = Hint::new(Technique::NakedSingle, 23);
            hint.placements.push((c, m.trailing_zeros() as u8));
            return Some(hint.finish(topo, "naked single"));
        }
    }
    None
}
