//! Killer techniques: what a cage's sum allows (cage combination, 2.0; 2.5
//! for cages of four or more cells), a digit a cage cannot do without
//! whose places in it share a house (cage and house, 2.6), and the rule of
//! 45 (innies and outies: 2.8 for one house, 3.6 for two or three rows or
//! columns added up). The sums themselves come from
//! [`crate::model::Model::sum_sets`].

use super::Technique;
use super::board::{Board, Hint, Mask, NO_VALUE, Topology, bits, symbol_char};
use crate::model::{SumSet, sum_support};

/// Cages of up to this many cells rate 2.0 when their sum restricts them.
pub(crate) const SMALL_CAGE: usize = 3;
/// The grader applies the rule of 45 to sets of up to this many cells.
pub(crate) const RULE_OF_45_CELLS: usize = 5;

/// Each cell's candidates as the sums see them: a placed cell holds its digit.
fn masks(b: &Board, set: &SumSet) -> Vec<u32> {
    set.cells.iter().map(|&c| if b.value[c] != NO_VALUE { 1u32 << b.value[c] } else { b.cand[c] as u32 }).collect()
}

/// The eliminations a sum set allows: candidates no assignment reaching
/// its sum uses. `None` when nothing goes.
fn eliminations(b: &Board, set: &SumSet) -> Option<Vec<(usize, u8)>> {
    let m = masks(b, set);
    let mut keep = vec![0u32; m.len()];
    if !sum_support(&m, set.sum, set.distinct, &mut keep) {
        return None;
    }
    let mut out = Vec::new();
    for (i, &c) in set.cells.iter().enumerate() {
        if b.value[c] == NO_VALUE {
            for d in bits((m[i] & !keep[i]) as Mask) {
                out.push((c, d as u8));
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Whether sum set `i`'s cells may have changed since a search that found
/// nothing in it: `changed` of its house where it has one (see
/// [`super::memo`]). What a cage's own techniques find depends on its cells
/// alone (candidates only go, so what a cage's digits rule out elsewhere
/// only shrinks): an unchanged cage still yields nothing.
fn may_yield(topo: &Topology, i: usize, changed: &impl Fn(usize) -> bool) -> bool {
    topo.sum_house[i].is_none_or(changed)
}

/// A cage of up to `max_cells` cells whose sum rules out some candidates;
/// cages whose house has not `changed` are skipped.
pub(crate) fn cage_combination(topo: &Topology, b: &Board, max_cells: usize, changed: impl Fn(usize) -> bool) -> Option<Hint> {
    for (i, set) in topo.sums.iter().enumerate().filter(|(_, s)| s.houses == 0 && s.cells.len() <= max_cells) {
        if !may_yield(topo, i, &changed) || set.cells.iter().all(|&c| b.value[c] != NO_VALUE) {
            continue;
        }
        let Some(gone) = eliminations(b, set) else { continue };
        let rating = if set.cells.len() <= SMALL_CAGE { 20 } else { 25 };
        let mut hint = Hint::new(Technique::CageCombination, rating).summing(&set.cells, set.sum);
        hint.eliminations = gone;
        let head = format!("cage combination: the {} cells of the {} add up to {}", set.cells.len(), set.name, set.sum);
        return Some(hint.finish(topo, || head));
    }
    None
}

/// The digits every combination of a cage's sum contains, given the cells'
/// candidates.
fn required_digits(b: &Board, set: &SumSet, n_sym: usize) -> Mask {
    let n = set.cells.len();
    if n > 9 || n_sym > 9 {
        return 0;
    }
    let mut m = [0u32; 9];
    for (i, &c) in set.cells.iter().enumerate() {
        m[i] = if b.value[c] != NO_VALUE { 1u32 << b.value[c] } else { b.cand[c] as u32 };
    }
    required_of(&m[..n], set.sum) as Mask
}

/// The digits every combination of `masks.len()` different digits adding
/// up to `sum` contains, among the combinations these cell candidates
/// (at most nine cells) still allow; 0 when none does.
pub(super) fn required_of(masks: &[u32], sum: u32) -> u32 {
    let n = masks.len();
    let union = masks.iter().fold(0, |u, &x| u | x);
    let (mut narrowed, mut keep) = ([0u32; 9], [0u32; 9]);
    let mut required = u32::MAX;
    let mut any = false;
    // The combinations of `n` different digits reaching the sum (from the
    // shared table), each tried by support on the candidates narrowed to it.
    for &combo in crate::model::sum_combinations(n, sum) {
        let combo = combo as u32;
        // A digit no cell can take rules the combination out; one holding
        // every digit still required can drop none of them.
        if combo & !union != 0 || (any && combo & required == required) {
            continue;
        }
        for i in 0..n {
            narrowed[i] = masks[i] & combo;
        }
        if sum_support(&narrowed[..n], sum, true, &mut keep[..n]) {
            required &= combo;
            any = true;
            if required == 0 {
                return 0;
            }
        }
    }
    if any { required } else { 0 }
}

/// A digit a cage cannot do without, its open places in the cage all in
/// one house, is placed there: the rest of that house loses it. Cages whose
/// house has not `changed` are skipped.
pub(crate) fn cage_house(topo: &Topology, b: &Board, changed: impl Fn(usize) -> bool) -> Option<Hint> {
    for (i, set) in topo.sums.iter().enumerate().filter(|(_, s)| s.houses == 0 && s.distinct) {
        if set.cells.len() < 2 || !may_yield(topo, i, &changed) || set.cells.iter().all(|&c| b.value[c] != NO_VALUE) {
            continue;
        }
        for d in bits(required_digits(b, set, topo.n_sym)) {
            if set.cells.iter().any(|&c| b.value[c] == d as u8) {
                continue;
            }
            let places: Vec<usize> = set.cells.iter().copied().filter(|&c| b.has(c, d)).collect();
            if places.len() < 2 {
                continue;
            }
            for (h, house) in topo.houses.iter().enumerate() {
                if !house.full || !places.iter().all(|&c| house.set.contains(c)) {
                    continue;
                }
                let victims: Vec<usize> = (house.set & b.dpos[d]).iter().filter(|c| !set.cells.contains(c)).collect();
                if victims.is_empty() {
                    continue;
                }
                let mut hint =
                    Hint::new(Technique::CageHouse, 26).focused(vec![], vec![h], places.clone(), 1 << d).summing(&set.cells, set.sum);
                hint.eliminations = victims.into_iter().map(|c| (c, d as u8)).collect();
                let head = format!("cage and house: the {} needs {}, which it can only place in {}", set.name, symbol_char(d), house.name);
                return Some(hint.finish(topo, || head));
            }
        }
    }
    None
}

/// The rule of 45 over up to `houses` houses: innies or outies whose sum
/// rules out some candidates.
pub(crate) fn innies_outies(topo: &Topology, b: &Board, houses: usize) -> Option<Hint> {
    for set in topo.sums.iter().filter(|s| s.houses > 0 && s.houses <= houses) {
        if set.cells.iter().all(|&c| b.value[c] != NO_VALUE) {
            continue;
        }
        let Some(gone) = eliminations(b, set) else { continue };
        let rating = if set.houses == 1 { 28 } else { 36 };
        let mut hint = Hint::new(Technique::InniesOuties, rating).summing(&set.cells, set.sum);
        hint.eliminations = gone;
        let head = format!(
            "innies and outies: the {} ({}) add up to {}",
            set.name,
            super::board::cell_list(topo, set.cells.iter().copied()),
            set.sum
        );
        return Some(hint.finish(topo, || head));
    }
    None
}

/// The sums to a fixpoint, with the naked singles they leave: the
/// backtracking fallback's propagation. `false` on a contradiction (a sum
/// no assignment reaches, a cell without candidates).
pub(crate) fn propagate(topo: &Topology, b: &mut Board) -> bool {
    let mut m = [0u32; 32];
    let mut keep = [0u32; 32];
    // Each set's cell masks when it was last brought to its support: a set
    // whose cells are unchanged since has nothing more to give (the support
    // of a support is itself), so later passes skip it.
    let mut last: Vec<u32> = vec![u32::MAX; topo.sums.iter().map(|s| s.cells.len()).sum()];
    loop {
        let mut changed = false;
        let mut at = 0;
        for set in &topo.sums {
            let n = set.cells.len();
            for (i, &c) in set.cells.iter().enumerate() {
                m[i] = if b.value[c] != NO_VALUE { 1u32 << b.value[c] } else { b.cand[c] as u32 };
            }
            let seen = &mut last[at..at + n];
            at += n;
            if seen == &m[..n] {
                continue;
            }
            if !sum_support(&m[..n], set.sum, set.distinct, &mut keep) {
                return false;
            }
            for (i, &c) in set.cells.iter().enumerate() {
                seen[i] = m[i] & keep[i];
                if b.value[c] == NO_VALUE {
                    for d in bits((m[i] & !keep[i]) as Mask) {
                        changed |= b.eliminate(c, d);
                    }
                }
            }
        }
        for c in b.unsolved.iter() {
            match b.cand[c].count_ones() {
                0 => return false,
                1 => {
                    let d = b.cand[c].trailing_zeros() as usize;
                    // A digit a peer already holds cannot go here.
                    if topo.peer_set[c].iter().any(|p| b.value[p] == d as u8) {
                        return false;
                    }
                    b.place(topo, c, d);
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return true;
        }
    }
}
