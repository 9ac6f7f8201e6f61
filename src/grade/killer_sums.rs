//! Killer techniques past the cage combination and the rule of 45 over one
//! run of lines (see `cages`):
//!
//! - **Cage combination interaction** (3.6): a cage wholly inside a house
//!   holds one of its combinations; a combination that would leave another
//!   cage of the house (or a rule-of-45 set) no way to reach its sum, or a
//!   cell of the house without a candidate, or a digit without a place in
//!   the house, is out — and with it the candidates only it allowed.
//! - **Rule of 45 over joined houses** (3.7): innies and outies of two or
//!   four boxes side by side (a domino of boxes, a 2×2 block of boxes),
//!   where one box or one run of lines gives nothing.
//! - **Killer pair / triple** (3.8 / 4.0): k units of one house — cells,
//!   or cages wholly inside it — each of which must hold one of k digits
//!   (a cell by its candidates, a cage by every combination it has left),
//!   at least one of them a cage: those k digits are theirs, and leave the
//!   rest of the house.

use super::Technique;
use super::board::{Board, CellSet, Hint, Mask, NO_VALUE, Topology, bits, cell_list, symbol_char};
use crate::model::{SumSet, sum_support};

pub(crate) const INTERACTION_TENTHS: u32 = 36;
pub(crate) const UNION_TENTHS: u32 = 37;
pub(crate) const PAIR_TENTHS: u32 = 38;
pub(crate) const TRIPLE_TENTHS: u32 = 40;

/// Up to this many cells in a rule-of-45 set over joined boxes.
const UNION_CELLS: usize = 5;

fn masks(b: &Board, cells: &[usize]) -> Vec<u32> {
    cells.iter().map(|&c| if b.value[c] != NO_VALUE { 1u32 << b.value[c] } else { b.cand[c] as u32 }).collect()
}

/// The digit sets (bit d = digit d) a cage of distinct digits can still
/// hold, given its cells' candidates `m`.
pub(crate) fn combinations(m: &[u32], sum: u32, n_sym: usize) -> Vec<u32> {
    let len = m.len() as u32;
    let mut keep = vec![0u32; m.len()];
    let mut out = Vec::new();
    if n_sym > 9 || m.is_empty() {
        return out;
    }
    for combo in 1u32..(1 << n_sym) {
        if combo.count_ones() != len || bits(combo as Mask).map(|d| d as u32 + 1).sum::<u32>() != sum {
            continue;
        }
        let narrowed: Vec<u32> = m.iter().map(|&x| x & combo).collect();
        if sum_support(&narrowed, sum, true, &mut keep) {
            out.push(combo);
        }
    }
    out
}

/// The extra sum sets of joined boxes, found once per topology.
#[derive(Default)]
pub(crate) struct KillerExtras {
    unions: Vec<SumSet>,
}

impl KillerExtras {
    pub(crate) fn new(topo: &Topology) -> KillerExtras {
        KillerExtras { unions: box_unions(topo) }
    }
}

/// Boxes side by side (two in a row or column, four in a square) and the
/// innies and outies their whole cages leave.
fn box_unions(topo: &Topology) -> Vec<SumSet> {
    let side = (topo.n_cells as f64).sqrt() as usize;
    if side * side != topo.n_cells || side != topo.n_sym || topo.n_sym > 9 {
        return Vec::new();
    }
    let boxes: Vec<usize> =
        (0..topo.houses.len()).filter(|&h| topo.houses[h].full && topo.houses[h].kind == super::board::HouseKind::Box).collect();
    let touches = |a: usize, b: usize| {
        topo.houses[a].cells.iter().any(|&x| {
            topo.houses[b].cells.iter().any(|&y| {
                let (rx, cx, ry, cy) = (x / side, x % side, y / side, y % side);
                rx.abs_diff(ry) + cx.abs_diff(cy) == 1
            })
        })
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, &a) in boxes.iter().enumerate() {
        for &b in &boxes[i + 1..] {
            if touches(a, b) {
                groups.push(vec![a, b]);
            }
        }
    }
    // Four boxes: two touching dominoes that make a square (each box
    // touching two of the others).
    let n = groups.len();
    for i in 0..n {
        for j in i + 1..n {
            let mut g: Vec<usize> = groups[i].iter().chain(&groups[j]).copied().collect();
            g.sort_unstable();
            g.dedup();
            if g.len() == 4 && g.iter().all(|&x| g.iter().filter(|&&y| y != x && touches(x, y)).count() == 2) && !groups.contains(&g) {
                groups.push(g);
            }
        }
    }
    let cages: Vec<&SumSet> = topo.sums.iter().filter(|s| s.houses == 0).collect();
    let total: u32 = (1..=topo.n_sym as u32).sum();
    let mut out: Vec<SumSet> = Vec::new();
    for g in groups {
        let mut inside = CellSet::EMPTY;
        for &h in &g {
            inside |= topo.houses[h].set;
        }
        let region_total = total * g.len() as u32;
        let (mut whole_sum, mut partial_sum) = (0, 0);
        let mut covered = CellSet::EMPTY;
        let mut outies = Vec::new();
        let mut in_whole = CellSet::EMPTY;
        for cage in &cages {
            let ins = cage.cells.iter().filter(|&&c| inside.contains(c)).count();
            if ins == 0 {
                continue;
            }
            for &c in &cage.cells {
                covered.insert(c);
            }
            if ins == cage.cells.len() {
                whole_sum += cage.sum;
                for &c in &cage.cells {
                    in_whole.insert(c);
                }
            } else {
                partial_sum += cage.sum;
                outies.extend(cage.cells.iter().copied().filter(|&c| !inside.contains(c)));
            }
        }
        let innies: Vec<usize> = inside.minus(&in_whole).iter().collect();
        let innie_sum = region_total.saturating_sub(whole_sum);
        let name = format!(
            "boxes {}",
            g.iter().map(|&h| topo.houses[h].name.trim_start_matches("box ").to_string()).collect::<Vec<_>>().join(", ")
        );
        let distinct = |cells: &[usize]| topo.houses.iter().any(|h| cells.iter().all(|&c| h.set.contains(c)));
        if (1..=UNION_CELLS).contains(&innies.len()) && !topo.sums.iter().any(|s| s.cells == innies) {
            out.push(SumSet {
                distinct: distinct(&innies),
                cells: innies.clone(),
                sum: innie_sum,
                houses: g.len(),
                name: format!("innies of {name}"),
            });
        }
        let uncovered = !inside.minus(&covered).is_empty();
        if !uncovered && (1..=UNION_CELLS).contains(&outies.len()) && partial_sum > innie_sum {
            outies.sort_unstable();
            if !topo.sums.iter().any(|s| s.cells == outies) {
                out.push(SumSet {
                    distinct: distinct(&outies),
                    cells: outies.clone(),
                    sum: partial_sum - innie_sum,
                    houses: g.len(),
                    name: format!("outies of {name}"),
                });
            }
        }
    }
    out
}

/// Rule of 45 over joined boxes: innies or outies whose sum rules out some
/// candidates.
pub(crate) fn innies_outies_union(topo: &Topology, b: &Board, extras: &KillerExtras) -> Option<Hint> {
    let mut keep = vec![0u32; UNION_CELLS];
    for set in &extras.unions {
        if set.cells.iter().all(|&c| b.value[c] != NO_VALUE) {
            continue;
        }
        let m = masks(b, &set.cells);
        if !sum_support(&m, set.sum, set.distinct, &mut keep) {
            continue;
        }
        let gone: Vec<(usize, u8)> = set
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| b.value[c] == NO_VALUE)
            .flat_map(|(i, &c)| bits((m[i] & !keep[i]) as Mask).map(move |d| (c, d as u8)))
            .collect();
        if gone.is_empty() {
            continue;
        }
        let mut hint = Hint::new(Technique::InniesOutiesUnion, UNION_TENTHS).summing(&set.cells, set.sum);
        hint.eliminations = gone;
        let head = || {
            format!(
                "rule of 45 over joined houses: the {} ({}) add up to {}",
                set.name,
                cell_list(topo, set.cells.iter().copied()),
                set.sum
            )
        };
        return Some(hint.finish(topo, head));
    }
    None
}

/// A unit of a house for killer subsets: a cell, or a cage inside it.
struct Unit {
    cells: Vec<usize>,
    /// The digit sets the unit may hold (a cell: one digit each).
    options: Vec<u32>,
    cage: Option<usize>,
}

fn units(topo: &Topology, b: &Board, h: usize) -> Vec<Unit> {
    let house = &topo.houses[h];
    let mut out = Vec::new();
    for (k, set) in topo.sums.iter().enumerate().filter(|(_, s)| s.houses == 0 && s.distinct && s.cells.len() >= 2) {
        if !set.cells.iter().all(|&c| house.set.contains(c)) || set.cells.iter().filter(|&&c| b.value[c] == NO_VALUE).count() < 2 {
            continue;
        }
        let options = combinations(&masks(b, &set.cells), set.sum, topo.n_sym);
        if options.is_empty() {
            continue;
        }
        // Digits already placed in the cage are not the unit's to give.
        let placed: u32 = set.cells.iter().filter(|&&c| b.value[c] != NO_VALUE).fold(0, |m, &c| m | 1 << b.value[c]);
        let cells: Vec<usize> = set.cells.iter().copied().filter(|&c| b.value[c] == NO_VALUE).collect();
        out.push(Unit { cells, options: options.into_iter().map(|o| o & !placed).collect(), cage: Some(k) });
    }
    for &c in &house.cells {
        if b.value[c] == NO_VALUE {
            out.push(Unit { cells: vec![c], options: bits(b.cand[c]).map(|d| 1u32 << d).collect(), cage: None });
        }
    }
    out
}

/// Killer pair or triple (see the module's words).
pub(crate) fn killer_subset(topo: &Topology, b: &Board, size: usize) -> Option<Hint> {
    let n_sym = topo.n_sym;
    for h in 0..topo.houses.len() {
        if !topo.houses[h].full {
            continue;
        }
        let all = units(topo, b, h);
        if !all.iter().any(|u| u.cage.is_some()) {
            continue;
        }
        for digits in 1u32..(1 << n_sym) {
            if digits.count_ones() as usize != size {
                continue;
            }
            let fit: Vec<&Unit> = all.iter().filter(|u| u.options.iter().all(|&o| o & digits != 0)).collect();
            if fit.len() < size || !fit.iter().any(|u| u.cage.is_some()) {
                continue;
            }
            // k disjoint units, one a cage at least.
            let mut chosen: Vec<usize> = Vec::new();
            if let Some(hint) = pick(topo, b, h, digits, &fit, size, 0, &mut chosen) {
                return Some(hint);
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn pick(
    topo: &Topology,
    b: &Board,
    h: usize,
    digits: u32,
    fit: &[&Unit],
    size: usize,
    from: usize,
    chosen: &mut Vec<usize>,
) -> Option<Hint> {
    if chosen.len() == size {
        if !chosen.iter().any(|&i| fit[i].cage.is_some()) {
            return None;
        }
        let mut cells = CellSet::EMPTY;
        for &i in chosen.iter() {
            for &c in &fit[i].cells {
                cells.insert(c);
            }
        }
        let mut gone = Vec::new();
        for c in topo.houses[h].set.minus(&cells).iter() {
            for d in bits(b.cand[c] & digits as Mask) {
                gone.push((c, d as u8));
            }
        }
        if gone.is_empty() {
            return None;
        }
        let rating = if size == 2 { PAIR_TENTHS } else { TRIPLE_TENTHS };
        let list: Vec<usize> = cells.iter().collect();
        let mut hint = Hint::new(Technique::KillerSubset, rating).focused(vec![h], vec![h], list.clone(), digits as Mask);
        if let Some(k) = chosen.iter().find_map(|&i| fit[i].cage) {
            let set = &topo.sums[k];
            hint = hint.summing(&set.cells, set.sum);
            hint.focus.path = list.clone();
        }
        hint.eliminations = gone;
        let head = || {
            format!(
                "killer {}: in {}, {} must each hold one of {}",
                if size == 2 { "pair" } else { "triple" },
                topo.houses[h].name,
                chosen
                    .iter()
                    .map(|&i| match fit[i].cage {
                        Some(k) => format!("the {} ({})", topo.sums[k].name, topo.sums[k].sum),
                        None => topo.names[fit[i].cells[0]].clone(),
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                bits(digits as Mask).map(symbol_char).collect::<String>()
            )
        };
        return Some(hint.finish(topo, head));
    }
    for i in from..fit.len() {
        if chosen.iter().any(|&j| fit[j].cells.iter().any(|c| fit[i].cells.contains(c))) {
            continue;
        }
        chosen.push(i);
        if let Some(hint) = pick(topo, b, h, digits, fit, size, i + 1, chosen) {
            return Some(hint);
        }
        chosen.pop();
    }
    None
}

/// Cage combination interaction (see the module's words).
pub(crate) fn cage_interaction(topo: &Topology, b: &Board) -> Option<Hint> {
    let mut keep = vec![0u32; 32];
    for (k, set) in topo.sums.iter().enumerate().filter(|(_, s)| s.houses == 0 && s.distinct && s.cells.len() >= 2) {
        if set.cells.iter().filter(|&&c| b.value[c] == NO_VALUE).count() < 2 {
            continue;
        }
        let Some(h) = (0..topo.houses.len()).find(|&h| topo.houses[h].full && set.cells.iter().all(|&c| topo.houses[h].set.contains(c)))
        else {
            continue;
        };
        let m = masks(b, &set.cells);
        let combos = combinations(&m, set.sum, topo.n_sym);
        if combos.len() < 2 {
            continue;
        }
        let house = &topo.houses[h];
        let cage_set = CellSet::from_cells(&set.cells);
        let mut alive = Vec::new();
        let mut dead = Vec::new();
        for &combo in &combos {
            // The rest of the house without the combination's digits.
            let view = |c: usize| -> u32 {
                if b.value[c] != NO_VALUE {
                    1u32 << b.value[c]
                } else if cage_set.contains(c) {
                    b.cand[c] as u32 & combo
                } else if house.set.contains(c) {
                    b.cand[c] as u32 & !combo
                } else {
                    b.cand[c] as u32
                }
            };
            let mut broken = house.cells.iter().any(|&c| view(c) == 0);
            // A digit outside the combination needs a place in the rest.
            for d in 0..topo.n_sym {
                if broken {
                    break;
                }
                if combo >> d & 1 == 0 && !house.cells.iter().any(|&c| view(c) >> d & 1 != 0) {
                    broken = true;
                }
            }
            if !broken {
                for (j, other) in topo.sums.iter().enumerate() {
                    if j == k
                        || other.cells.len() > keep.len()
                        || !other.cells.iter().any(|&c| house.set.contains(c) && !cage_set.contains(c))
                    {
                        continue;
                    }
                    let om: Vec<u32> = other.cells.iter().map(|&c| view(c)).collect();
                    if !sum_support(&om, other.sum, other.distinct, &mut keep) {
                        broken = true;
                        break;
                    }
                }
            }
            if broken { dead.push(combo) } else { alive.push(combo) }
        }
        if dead.is_empty() || alive.is_empty() {
            continue;
        }
        let mut allowed = vec![0u32; set.cells.len()];
        for &combo in &alive {
            let narrowed: Vec<u32> = m.iter().map(|&x| x & combo).collect();
            if sum_support(&narrowed, set.sum, true, &mut keep) {
                for i in 0..set.cells.len() {
                    allowed[i] |= keep[i];
                }
            }
        }
        let gone: Vec<(usize, u8)> = set
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| b.value[c] == NO_VALUE)
            .flat_map(|(i, &c)| bits((m[i] & !allowed[i]) as Mask).map(move |d| (c, d as u8)))
            .collect();
        if gone.is_empty() {
            continue;
        }
        let mut hint =
            Hint::new(Technique::CageInteraction, INTERACTION_TENTHS).focused(vec![h], vec![h], vec![], 0).summing(&set.cells, set.sum);
        hint.eliminations = gone;
        let head = || {
            let words: Vec<String> = dead.iter().map(|&c| bits(c as Mask).map(symbol_char).collect::<String>()).collect();
            format!(
                "cage combination interaction: the {} ({}) in {} cannot be {{{}}}: the rest of {} could not then hold its digits and sums",
                set.name,
                set.sum,
                house.name,
                words.join("}, {"),
                house.name
            )
        };
        return Some(hint.finish(topo, head));
    }
    None
}
