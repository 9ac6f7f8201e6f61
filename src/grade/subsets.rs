//! Naked and hidden subsets: pairs (SE 3.0 / 3.4), triples (3.6 / 4.0),
//! quads (5.0 / 5.4), and SE's direct hidden pair / triple (2.0 / 2.5), used
//! only when removing the other candidates of the subset's cells leaves a
//! hidden single in the house.

use super::Technique;
use super::board::{Board, CellSet, Hint, Mask, Topology, bits, cell_list};

const NAKED: [(Technique, u32); 3] = [(Technique::NakedPair, 30), (Technique::NakedTriple, 36), (Technique::NakedQuad, 50)];
const HIDDEN: [(Technique, u32); 3] = [(Technique::HiddenPair, 34), (Technique::HiddenTriple, 40), (Technique::HiddenQuad, 54)];
const SIZE_NAMES: [&str; 3] = ["pair", "triple", "quad"];

/// Visit the k-subsets of `items` (in lexicographic order) whose OR of
/// `value` has at most `k` bits; stop when `f` returns Some. Iterative, on
/// the stack: the ladder asks this of every house on most steps.
fn subsets_with_small_union<T: Copy + Default, V, R, F>(items: &[T], k: usize, value: &V, f: &mut F) -> Option<R>
where
    V: Fn(T) -> u32,
    F: FnMut(&[T], u32) -> Option<R>,
{
    const MAX: usize = 4;
    debug_assert!((1..=MAX).contains(&k));
    let n = items.len();
    if n < k {
        return None;
    }
    // next[l]: the item index level l tries next; unions[l]: the union of
    // the items chosen below level l.
    let mut chosen = [T::default(); MAX];
    let mut next = [0usize; MAX + 1];
    let mut unions = [0u32; MAX + 1];
    let mut level = 0;
    loop {
        let i = next[level];
        // Not enough items left for the levels still to fill: back up.
        if i + (k - level) > n {
            if level == 0 {
                return None;
            }
            level -= 1;
            continue;
        }
        next[level] = i + 1;
        let u = unions[level] | value(items[i]);
        if u.count_ones() as usize > k {
            continue;
        }
        chosen[level] = items[i];
        if level + 1 == k {
            if let Some(r) = f(&chosen[..k], u) {
                return Some(r);
            }
            continue;
        }
        level += 1;
        unions[level] = u;
        next[level] = i + 1;
    }
}

/// `look`: the houses to search (the others are known to give nothing).
pub(crate) fn naked_subset(topo: &Topology, b: &Board, degree: usize, look: impl Fn(usize) -> bool) -> Option<Hint> {
    let (tech, rating) = NAKED[degree - 2];
    for &h in &topo.subset_order {
        let house = &topo.houses[h];
        let empty = house.set & b.unsolved;
        if !look(h) || (empty.count() as usize) < 2 * degree {
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
            Some(hint.finish(topo, || {
                format!(
                    "naked {}: {} {} in {}",
                    SIZE_NAMES[degree - 2],
                    cell_list(topo, set.iter().copied()),
                    topo.digit_list(union as Mask),
                    house.name
                )
            }))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `look`: the houses to search (the others are known to give nothing).
pub(crate) fn hidden_subset(topo: &Topology, b: &Board, degree: usize, direct: bool, look: impl Fn(usize) -> bool) -> Option<Hint> {
    for &h in &topo.subset_order {
        let house = &topo.houses[h];
        if !house.full || !look(h) {
            continue;
        }
        let n_empty = b.hfree[h].count_ones() as usize;
        if (direct && n_empty <= degree) || (!direct && n_empty <= 2 * degree) {
            continue;
        }
        // Position masks relative to the house's cell order.
        let places = &b.hpos[h * topo.n_sym..(h + 1) * topo.n_sym];
        let few = match b.hfew[h].up_to(degree) {
            Some(few) => few as u32,
            None => places.iter().enumerate().fold(0u32, |m, (d, &p)| m | ((p != 0 && p.count_ones() as usize <= degree) as u32) << d),
        };
        if (few.count_ones() as usize) < degree {
            continue;
        }
        let mut pos = [0u32; 16];
        for (d, &p) in places.iter().enumerate() {
            pos[d] = p as u32;
        }
        let mut digits = [0usize; 16];
        let mut n_digits = 0;
        for d in bits(few as Mask) {
            digits[n_digits] = d;
            n_digits += 1;
        }
        let found = subsets_with_small_union(&digits[..n_digits], degree, &|d: usize| pos[d], &mut |set, union| {
            if union.count_ones() as usize != degree {
                return None;
            }
            let set_mask: Mask = set.iter().fold(0, |m, &d| m | 1 << d);
            let cells = || -> Vec<usize> { bits(union as Mask).map(|i| house.cells[i]).collect() };
            let head = |cells: &[usize]| {
                format!(
                    "hidden {}: {} in {} of {}",
                    SIZE_NAMES[degree - 2],
                    topo.digit_list(set_mask),
                    cell_list(topo, cells.iter().copied()),
                    house.name
                )
            };
            if direct {
                for v in 0..topo.n_sym {
                    if set_mask >> v & 1 != 0 || pos[v].count_ones() < 2 {
                        continue;
                    }
                    let left = pos[v] & !union;
                    if left.count_ones() == 1 {
                        let c = house.cells[left.trailing_zeros() as usize];
                        let (t, r) = if degree == 2 { (Technique::DirectHiddenPair, 20) } else { (Technique::DirectHiddenTriple, 25) };
                        let mut hint = Hint::new(t, r).focused(vec![h], Vec::new(), cells(), set_mask);
                        hint.placements.push((c, v as u8));
                        return Some(
                            hint.finish(topo, || format!("direct {}, hidden single {} in {}", head(&cells()), topo.sym(v), house.name)),
                        );
                    }
                }
                return None;
            }
            if bits(union as Mask).all(|i| b.cand[house.cells[i]] & !set_mask == 0) {
                return None;
            }
            let (tech, rating) = HIDDEN[degree - 2];
            let mut eliminations = Vec::new();
            for c in bits(union as Mask).map(|i| house.cells[i]) {
                for d in bits(b.cand[c] & !set_mask) {
                    eliminations.push((c, d as u8));
                }
            }
            let mut hint = Hint::new(tech, rating).focused(vec![h], Vec::new(), cells(), set_mask);
            hint.eliminations = eliminations;
            Some(hint.finish(topo, || head(&cells())))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
