//! Singles: full house (SE 1.0), hidden single (1.2 in a box, 1.5 in a line),
//! naked single (2.3).

use super::Technique;
use super::board::{Board, Hint, HouseKind, NO_VALUE, Topology};

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
    let h = topo.full_se_order.iter().copied().find(|&h| b.hfew[h].one() != 0)?;
    let house = &topo.houses[h];
    let d = b.hfew[h].one().trailing_zeros() as usize;
    let c = house.cells[b.hpos[h * topo.n_sym + d].trailing_zeros() as usize];
    let (t, r) = if house.kind == HouseKind::Box { (Technique::HiddenSingleBox, 12) } else { (Technique::HiddenSingle, 15) };
    let mut hint = Hint::new(t, r);
    hint.placements.push((c, d as u8));
    Some(hint.finish_with(topo, |s| {
        s.push_str("hidden single: ");
        s.push_str(topo.sym(d));
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
            return Some(hint.finish(topo, || "naked single".to_string()));
        }
    }
    None
}

/// Places every single rated no higher than `reached` (tenths: full houses
/// from 1.0, hidden singles in boxes from 1.2, in other houses from 1.5,
/// naked singles from 2.3), to a fixpoint; returns how many it placed.
///
/// What a rating alone may do between the ladder's steps: a single stays a
/// single as the grid fills (its cell keeps its one digit, its house its one
/// place for the digit), and so do the other easy steps up to SE 2.5, so the
/// grid the easy steps close on, and the easiest-first rating they reach,
/// do not depend on the order they are taken in; and steps no harder than
/// the hardest so far cannot raise it. Stops early on a cell left without
/// candidates (the ladder then finds the grid broken).
pub(crate) fn place_up_to(topo: &Topology, b: &mut Board, reached: u32) -> usize {
    if reached < 10 {
        return 0;
    }
    let ns = topo.n_sym;
    let mut placed = 0;
    loop {
        let before = placed;
        for &h in &topo.full_se_order {
            // A house without a digit of one place has no single (nor a
            // full house: its last cell's digits would each have one).
            let mut one = b.hfew[h].one();
            if one == 0 {
                continue;
            }
            let house = &topo.houses[h];
            let full_house = b.hfree[h].count_ones() == 1;
            let allowed = full_house || reached >= if house.kind == HouseKind::Box { 12 } else { 15 };
            if !allowed {
                continue;
            }
            while one != 0 {
                let d = one.trailing_zeros() as usize;
                one &= one - 1;
                let places = b.hpos[h * ns + d];
                if places.count_ones() != 1 {
                    continue;
                }
                let c = house.cells[places.trailing_zeros() as usize];
                if b.value[c] == NO_VALUE && b.has(c, d) {
                    b.place(topo, c, d);
                    placed += 1;
                }
            }
        }
        if reached >= 23 {
            for c in b.unsolved.iter() {
                let m = b.cand[c];
                if m == 0 {
                    return placed;
                }
                if m & (m - 1) == 0 && b.value[c] == NO_VALUE {
                    b.place(topo, c, m.trailing_zeros() as usize);
                    placed += 1;
                }
            }
        }
        if placed == before {
            return placed;
        }
    }
}
