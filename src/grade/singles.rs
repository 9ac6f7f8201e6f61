//! Singles: full house (SE 1.0), hidden single (1.2 in a box, 1.5 in a line),
//! naked single (2.3).

use super::Technique;
use super::board::{Board, Hint, HouseKind, Topology, symbol_char};

/// SE's HiddenSingle producer: first a house with one empty cell left
/// ("last value in region"), then any hidden single, houses in SE order.
pub(crate) fn hidden_single(topo: &Topology, b: &Board) -> Option<Hint> {
    for &h in &topo.se_order {
        let house = &topo.houses[h];
        if !house.full {
            continue;
        }
        let empty = house.set & b.unsolved;
        if empty.count() != 1 {
            continue;
        }
        let c = empty.first()?;
        for d in 0..topo.n_sym {
            if (house.set & b.dpos[d]).count() == 1 {
                let mut hint = Hint::new(Technique::FullHouse, 10);
                hint.placements.push((c, d as u8));
                return Some(hint.finish(topo, &format!("full house: {}", house.name)));
            }
        }
    }
    for &h in &topo.se_order {
        let house = &topo.houses[h];
        if !house.full {
            continue;
        }
        for d in 0..topo.n_sym {
            let pos = house.set & b.dpos[d];
            if pos.count() == 1 {
                let c = pos.first()?;
                let (t, r) = if house.kind == HouseKind::Box { (Technique::HiddenSingleBox, 12) } else { (Technique::HiddenSingle, 15) };
                let mut hint = Hint::new(t, r);
                hint.placements.push((c, d as u8));
                let head = format!("hidden single: {} in {}", symbol_char(d), house.name);
                return Some(hint.finish(topo, &head));
            }
        }
    }
    None
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
