//! Singles, locked candidates, naked and hidden subsets, fish, wings.

use super::board::{digits, Board, HouseKind, Layout};
use super::step::{Step, Technique};

pub fn full_house(layout: &Layout, board: &Board) -> Option<Step> {
    for (h, house) in layout.houses.iter().enumerate() {
        let empty: Vec<usize> = house.iter().copied().filter(|&c| board.values[c].is_none()).collect();
        if empty.len() == 1 && board.candidates[empty[0]].count_ones() == 1 {
            let mut step = Step::new(Technique::FullHouse, 1.0, format!("in {}", layout.house_names[h]));
            step.placements.push((empty[0], board.candidates[empty[0]].trailing_zeros() as u8));
            return Some(step);
        }
    }
    None
}

/// Hidden singles in blocks first (SE 1.2), then rows and columns (1.5).
pub fn hidden_single(layout: &Layout, board: &Board) -> Option<Step> {
    for want_block in [true, false] {
        for (h, house) in layout.houses.iter().enumerate() {
            if (layout.kinds[h] == HouseKind::Block) != want_block {
                continue;
            }
            // Digits seen once in the house's candidates, not twice.
            let (mut once, mut more) = (0u16, 0u16);
            for &c in house {
                more |= once & board.candidates[c];
                once |= board.candidates[c];
            }
            let single = once & !more;
            if single != 0 {
                let d = single.trailing_zeros() as u8;
                let cell = board.places(house, d).next()?;
                let rating = if want_block { 1.2 } else { 1.5 };
                let mut step = Step::new(Technique::HiddenSingle, rating, format!("in {}", layout.house_names[h]));
                step.placements.push((cell, d));
                return Some(step);
            }
        }
    }
    None
}

pub fn naked_single(layout: &Layout, board: &Board) -> Option<Step> {
    let cell = (0..layout.cells).find(|&c| board.values[c].is_none() && board.candidates[c].count_ones() == 1)?;
    let mut step = Step::new(Technique::NakedSingle, 2.3, format!("at {}", layout.names[cell]));
    step.placements.push((cell, board.candidates[cell].trailing_zeros() as u8));
    Some(step)
}

/// A digit confined, within one house, to where it meets another: gone from
/// the rest of the other. From a block it is pointing (2.6), else claiming (2.8).
pub fn locked_candidates(layout: &Layout, board: &Board) -> Option<Step> {
    for from_block in [true, false] {
        for (a, house) in layout.houses.iter().enumerate() {
            if (layout.kinds[a] == HouseKind::Block) != from_block {
                continue;
            }
            for d in 0..layout.symbols as u8 {
                let places: Vec<usize> = board.places(house, d).collect();
                if places.len() < 2 {
                    continue;
                }
                for &b in &layout.houses_of[places[0]] {
                    if b == a || !places.iter().all(|c| layout.houses_of[*c].contains(&b)) {
                        continue;
                    }
                    let gone: Vec<(usize, u8)> = board.places(&layout.houses[b], d).filter(|c| !house.contains(c)).map(|c| (c, d)).collect();
                    if !gone.is_empty() {
                        let (technique, rating) = if from_block { (Technique::Pointing, 2.6) } else { (Technique::Claiming, 2.8) };
                        let mut step = Step::new(technique, rating, format!("in {} and {}", layout.house_names[a], layout.house_names[b]));
                        step.eliminations = gone;
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Naked subsets of `size` cells (pair 3.0, triple 3.6, quad 5.0).
pub fn naked_subset(layout: &Layout, board: &Board, size: usize) -> Option<Step> {
    let (technique, rating) = match size {
        2 => (Technique::NakedPair, 3.0),
        3 => (Technique::NakedTriple, 3.6),
        _ => (Technique::NakedQuad, 5.0),
    };
    for (h, house) in layout.houses.iter().enumerate() {
        let open: Vec<usize> =
            house.iter().copied().filter(|&c| board.values[c].is_none() && (board.candidates[c].count_ones() as usize) <= size).collect();
        for combo in combinations(open.len(), size) {
            let cells: Vec<usize> = combo.iter().map(|&i| open[i]).collect();
            let union = cells.iter().fold(0u16, |m, &c| m | board.candidates[c]);
            if union.count_ones() as usize != size {
                continue;
            }
            let gone: Vec<(usize, u8)> = house
                .iter()
                .filter(|c| !cells.contains(c))
                .flat_map(|&c| digits(board.candidates[c] & union).map(move |d| (c, d)))
                .collect();
            if !gone.is_empty() {
                let mut step = Step::new(technique, rating, format!("in {}", layout.house_names[h]));
                step.eliminations = gone;
                return Some(step);
            }
        }
    }
    None
}

/// Hidden subsets: `size` digits with only `size` places in a house (pair
/// 3.4, triple 4.0, quad 5.4).
pub fn hidden_subset(layout: &Layout, board: &Board, size: usize) -> Option<Step> {
    let (technique, rating) = match size {
        2 => (Technique::HiddenPair, 3.4),
        3 => (Technique::HiddenTriple, 4.0),
        _ => (Technique::HiddenQuad, 5.4),
    };
    for (h, house) in layout.houses.iter().enumerate() {
        let open_digits: Vec<u8> = (0..layout.symbols as u8)
            .filter(|&d| {
                let n = board.places(house, d).count();
                n >= 2 && n <= size
            })
            .collect();
        for combo in combinations(open_digits.len(), size) {
            let set: u16 = combo.iter().fold(0, |m, &i| m | 1 << open_digits[i]);
            let cells: Vec<usize> = house.iter().copied().filter(|&c| board.candidates[c] & set != 0).collect();
            if cells.len() != size {
                continue;
            }
            let gone: Vec<(usize, u8)> = cells.iter().flat_map(|&c| digits(board.candidates[c] & !set).map(move |d| (c, d))).collect();
            if !gone.is_empty() {
                let mut step = Step::new(technique, rating, format!("in {}", layout.house_names[h]));
                step.eliminations = gone;
                return Some(step);
            }
        }
    }
    None
}

/// Fish of `size` (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2): a digit's
/// places in `size` rows lie in `size` columns (or the other way round).
pub fn fish(layout: &Layout, board: &Board, size: usize) -> Option<Step> {
    let (technique, rating) = match size {
        2 => (Technique::XWing, 3.2),
        3 => (Technique::Swordfish, 3.8),
        _ => (Technique::Jellyfish, 5.2),
    };
    for (base_kind, cover_kind) in [(HouseKind::Row, HouseKind::Column), (HouseKind::Column, HouseKind::Row)] {
        let base: Vec<usize> = (0..layout.houses.len()).filter(|&h| layout.kinds[h] == base_kind).collect();
        let cover: Vec<usize> = (0..layout.houses.len()).filter(|&h| layout.kinds[h] == cover_kind).collect();
        if base.is_empty() || cover.is_empty() {
            continue;
        }
        for d in 0..layout.symbols as u8 {
            // Each base house's places as a mask of cover houses.
            let masks: Vec<(usize, u32)> = base
                .iter()
                .filter_map(|&b| {
                    let mut mask = 0u32;
                    for c in board.places(&layout.houses[b], d) {
                        let i = cover.iter().position(|&h| layout.houses[h].contains(&c))?;
                        mask |= 1 << i;
                    }
                    (mask.count_ones() >= 2 && mask.count_ones() as usize <= size).then_some((b, mask))
                })
                .collect();
            for combo in combinations(masks.len(), size) {
                let union = combo.iter().fold(0u32, |m, &i| m | masks[i].1);
                if union.count_ones() as usize != size {
                    continue;
                }
                let base_houses: Vec<usize> = combo.iter().map(|&i| masks[i].0).collect();
                let gone: Vec<(usize, u8)> = (0..cover.len())
                    .filter(|i| union & (1 << i) != 0)
                    .flat_map(|i| board.places(&layout.houses[cover[i]], d))
                    .filter(|c| !base_houses.iter().any(|&b| layout.houses[b].contains(c)))
                    .map(|c| (c, d))
                    .collect();
                if !gone.is_empty() {
                    let names: Vec<&str> = base_houses.iter().map(|&b| layout.house_names[b].as_str()).collect();
                    let mut step = Step::new(technique, rating, format!("in {}", names.join(", ")));
                    step.eliminations = gone;
                    return Some(step);
                }
            }
        }
    }
    None
}

/// XY-Wing (4.2): pivot xy, pincers xz and yz it sees; z goes from cells
/// seeing both pincers. XYZ-Wing (4.4): the pivot also holds z.
pub fn wings(layout: &Layout, board: &Board, with_z: bool) -> Option<Step> {
    let (technique, rating, pivot_size) = if with_z { (Technique::XyzWing, 4.4, 3) } else { (Technique::XyWing, 4.2, 2) };
    for pivot in 0..layout.cells {
        let pc = board.candidates[pivot];
        if board.values[pivot].is_some() || pc.count_ones() != pivot_size {
            continue;
        }
        let pincers: Vec<usize> = layout.peers[pivot].iter().copied().filter(|&p| board.candidates[p].count_ones() == 2).collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (board.candidates[a], board.candidates[b]);
                let z = if with_z {
                    // Pincers xz and yz, pivot xyz: all three share only z.
                    if ca == cb || (ca | cb) != pc || (ca & cb).count_ones() != 1 {
                        continue;
                    }
                    ca & cb
                } else {
                    // Pincers xz and yz, pivot xy: z is shared by the pincers only.
                    let (xa, xb) = (ca & pc, cb & pc);
                    if xa.count_ones() != 1 || xb.count_ones() != 1 || xa == xb || (ca & cb).count_ones() != 1 || ca & cb & pc != 0 {
                        continue;
                    }
                    ca & cb
                };
                let zd = z.trailing_zeros() as u8;
                let gone: Vec<(usize, u8)> = (0..layout.cells)
                    .filter(|&c| c != pivot && c != a && c != b && board.candidates[c] & z != 0)
                    .filter(|&c| layout.sees(c, a) && layout.sees(c, b) && (!with_z || layout.sees(c, pivot)))
                    .map(|c| (c, zd))
                    .collect();
                if !gone.is_empty() {
                    let mut step = Step::new(technique, rating, format!("pivot {}", layout.names[pivot]));
                    step.eliminations = gone;
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Index combinations of `k` out of `n`, in lexicographic order.
pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if k == 0 || k > n {
        return out;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.clone());
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + n - k) else {
            return out;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}
