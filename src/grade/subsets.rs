//! Naked and hidden subsets: pairs (SE 3.0 / 3.4), triples (3.6 / 4.0),
//! quads (5.0 / 5.4), and SE's direct hidden pair / triple (2.0 / 2.5), used
//! only when removing the other candidates of the subset's cells leaves a
//! hidden single in the house.

use super::Technique;
use super::board::{Board, CellSet, Hint, Mask, Topology, bits, cell_list, digit_list, symbol_char};

const NAKED: [(Technique, u32); 3] = [(Technique::NakedPair, 30), (Technique::NakedTriple, 36), (Technique::NakedQuad, 50)];
const HIDDEN: [(Technique, u32); 3] = [(Technique::HiddenPair, 34), (Technique::HiddenTriple, 40), (Technique::HiddenQuad, 54)];
const SIZE_NAMES: [&str; 3] = ["pair", "triple", "quad"];

/// Visit the k-subsets of `items` (in lexicographic order) whose OR of
/// `value` has at most `k` bits; stop when `f` returns Some.
fn subsets_with_small_union<T: Copy, V, R>(items: &[T], k: usize, value: &V, f: &mut dyn FnMut(&[T], u32) -> Option<R>) -> Option<R>
where
    V: Fn(T) -> u32,
{
    fn rec<T: Copy, V: Fn(T) -> u32, R>(
        items: &[T],
        start: usize,
        k: usize,
        chosen: &mut Vec<T>,
        union: u32,
        value: &V,
        f: &mut dyn FnMut(&[T], u32) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return f(chosen, union);
        }
        let need = k - chosen.len();
        for i in start..items.len() {
            if items.len() - i < need {
                break;
            }
            let u = union | value(items[i]);
            if u.count_ones() as usize > k {
                continue;
            }
            chosen.push(items[i]);
            let r = rec(items, i + 1, k, chosen, u, value, f);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    let mut chosen = Vec::with_capacity(k);
    rec(items, 0, k, &mut chosen, 0, value, f)
}

pub(crate) fn naked_subset(topo: &Topology, b: &Board, degree: usize) -> Option<Hint> {
    let (tech, rating) = NAKED[degree - 2];
    for &h in &topo.subset_order {
        let house = &topo.houses[h];
        let empty = house.set & b.unsolved;
        if (empty.count() as usize) < 2 * degree {
            continue;
        }
        let cells: Vec<usize> = empty.iter().filter(|&c| (b.cand[c].count_ones() as usize) <= degree).collect();
        if cells.len() < degree {
            continue;
        }
        let found = subsets_with_small_union(&cells, degree, &|c: usize| b.cand[c] as u32, &mut |set, union| {
            if union.count_ones() as usize != degree {
                return None;
            }
            let inside = CellSet::from_cells(set);
            let mut hint = Hint::new(tech, rating).focused(vec![h], Vec::new(), set.to_vec(), union as Mask);
            for c in empty.minus(&inside).iter() {
                for d in bits(b.cand[c] & union as Mask) {
                    hint.eliminations.push((c, d as u8));
                }
            }
            if hint.eliminations.is_empty() {
                return None;
            }
            let head = format!(
                "naked {}: {} {} in {}",
                SIZE_NAMES[degree - 2],
                cell_list(topo, set.iter().copied()),
                digit_list(union as Mask),
                house.name
            );
            Some(hint.finish(topo, &head))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

pub(crate) fn hidden_subset(topo: &Topology, b: &Board, degree: usize, direct: bool) -> Option<Hint> {
    for &h in &topo.subset_order {
        let house = &topo.houses[h];
        if !house.full {
            continue;
        }
        let empty = house.set & b.unsolved;
        let n_empty = empty.count() as usize;
        if (direct && n_empty <= degree) || (!direct && n_empty <= 2 * degree) {
            continue;
        }
        // Position masks relative to the house's cell order.
        let mut pos = [0u32; 16];
        let mut digits = Vec::with_capacity(topo.n_sym);
        for d in 0..topo.n_sym {
            let m = b.local_positions(topo, h, d);
            pos[d] = m;
            let n = m.count_ones() as usize;
            if n >= 1 && n <= degree {
                digits.push(d);
            }
        }
        if digits.len() < degree {
            continue;
        }
        let found = subsets_with_small_union(&digits, degree, &|d: usize| pos[d], &mut |set, union| {
            if union.count_ones() as usize != degree {
                return None;
            }
            let mut set_mask: Mask = 0;
            for &d in set {
                set_mask |= 1 << d;
            }
            let cells: Vec<usize> = bits(union as Mask).map(|i| house.cells[i]).collect();
            let name = SIZE_NAMES[degree - 2];
            let head = format!("hidden {}: {} in {} of {}", name, digit_list(set_mask), cell_list(topo, cells.iter().copied()), house.name);
            if direct {
                for v in 0..topo.n_sym {
                    if set_mask >> v & 1 != 0 || pos[v].count_ones() < 2 {
                        continue;
                    }
                    let left = pos[v] & !union;
                    if left.count_ones() == 1 {
                        let c = house.cells[left.trailing_zeros() as usize];
                        let (t, r) = if degree == 2 { (Technique::DirectHiddenPair, 20) } else { (Technique::DirectHiddenTriple, 25) };
                        let mut hint = Hint::new(t, r).focused(vec![h], Vec::new(), cells.clone(), set_mask);
                        hint.placements.push((c, v as u8));
                        let head = format!("direct {head}, hidden single {} in {}", symbol_char(v), house.name);
                        return Some(hint.finish(topo, &head));
                    }
                }
                return None;
            }
            let (tech, rating) = HIDDEN[degree - 2];
            let mut hint = Hint::new(tech, rating).focused(vec![h], Vec::new(), cells.clone(), set_mask);
            for &c in &cells {
                for d in bits(b.cand[c] & !set_mask) {
                    hint.eliminations.push((c, d as u8));
                }
            }
            if hint.eliminations.is_empty() {
                return None;
            }
            Some(hint.finish(topo, &head))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
