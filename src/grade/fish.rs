//! Basic fish: X-wing (SE 3.2), swordfish (3.8), jellyfish (5.2).
//!
//! A fish takes `degree` base houses of one family (houses partitioning the
//! grid, e.g. columns) in which digit d lies within `degree` houses of
//! another family (the cover, e.g. rows); d then leaves the rest of the
//! cover. Any two families work (rows/columns, jigsaw regions, ...); on
//! square grids we stay with rows and columns like SE.

use super::Technique;
use super::board::{Board, CellSet, Hint, Topology};
use super::hint::{Part, house_group};

const FISH: [(Technique, u32, &str); 3] =
    [(Technique::XWing, 32, "X-wing"), (Technique::Swordfish, 38, "swordfish"), (Technique::Jellyfish, 52, "jellyfish")];

/// `digits`: the digits to look at (the others are known to give nothing).
pub(crate) fn fish(topo: &Topology, b: &Board, degree: usize, digits: super::board::Mask) -> Option<Hint> {
    for (&(bf, cf), &aligned) in topo.fish_pairs.iter().zip(&topo.fish_aligned) {
        let base = &topo.families[bf];
        let cover_idx = &topo.cover_index[cf];
        let nl = base.len();
        // cover[d][i]: cover houses holding d in base line i.
        let mut cover = [[0u32; 16]; 16];
        let mut digits_ok = 0u32;
        for d in super::board::bits(digits) {
            if b.placed[d].count() as usize + 2 * degree > topo.n_sym {
                continue;
            }
            digits_ok |= 1 << d;
            for (i, &h) in base.iter().enumerate() {
                cover[d][i] = if aligned {
                    b.local_positions(h, d)
                } else {
                    (topo.houses[h].set & b.dpos[d]).iter().fold(0, |m, c| m | 1 << cover_idx[c])
                };
            }
        }
        if digits_ok == 0 {
            continue;
        }
        let mut chosen = Vec::with_capacity(degree);
        let mut unions = [0u32; 16];
        if let Some(h) = search(topo, b, bf, cf, degree, nl, 0, &mut chosen, digits_ok, &mut unions, &cover) {
            return Some(h);
        }
    }
    None
}

/// Lexicographic search over base-line combinations, digits inner (SE order).
#[allow(clippy::too_many_arguments)]
fn search(
    topo: &Topology,
    b: &Board,
    bf: usize,
    cf: usize,
    degree: usize,
    nl: usize,
    start: usize,
    chosen: &mut Vec<usize>,
    digits: u32,
    unions: &mut [u32; 16],
    cover: &[[u32; 16]],
) -> Option<Hint> {
    if chosen.len() == degree {
        for d in super::board::bits(digits as u16) {
            if unions[d].count_ones() as usize == degree
                && let Some(h) = make_hint(topo, b, bf, cf, degree, chosen, d, unions[d])
            {
                return Some(h);
            }
        }
        return None;
    }
    for i in start..nl {
        if nl - i < degree - chosen.len() {
            break;
        }
        let mut next = 0u32;
        let saved = *unions;
        for d in super::board::bits(digits as u16) {
            let m = cover[d][i];
            if m == 0 {
                continue;
            }
            let u = unions[d] | m;
            if u.count_ones() as usize <= degree {
                next |= 1 << d;
                unions[d] = u;
            }
        }
        if next != 0 {
            chosen.push(i);
            let r = search(topo, b, bf, cf, degree, nl, i + 1, chosen, next, unions, cover);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        *unions = saved;
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn make_hint(topo: &Topology, b: &Board, bf: usize, cf: usize, degree: usize, lines: &[usize], d: usize, union: u32) -> Option<Hint> {
    let mut base_set = CellSet::EMPTY;
    for &i in lines {
        base_set |= topo.houses[topo.families[bf][i]].set;
    }
    let (tech, rating, name) = FISH[degree - 2];
    let mut hint = Hint::new(tech, rating);
    let bases: Vec<usize> = lines.iter().map(|&i| topo.families[bf][i]).collect();
    let mut covers = Vec::new();
    for j in super::board::bits(union as u16) {
        let h = topo.families[cf][j];
        covers.push(h);
        for c in (topo.houses[h].set & b.dpos[d]).minus(&base_set).iter() {
            hint.eliminations.push((c, d as u8));
        }
    }
    if hint.eliminations.is_empty() {
        return None;
    }
    hint.eliminations.sort_unstable();
    let cells: Vec<usize> = (base_set & b.dpos[d]).iter().collect();
    let hint = hint.focused(bases.clone(), covers.clone(), Vec::new(), 1 << d).with_pattern(|p| {
        for &h in &bases {
            p.house(topo, Part::Base, h);
        }
        for &h in &covers {
            p.house(topo, Part::Cover, h);
        }
        for &c in &cells {
            p.candidate(c, d);
        }
    });
    // "X-wing on 4: columns 3,8 × rows 2,7 (r2c3 r7c3 r2c8 r7c8)": the
    // base lines, the cover lines, the fish's cells.
    Some(hint.finish(topo, || {
        format!(
            "{} on {}: {} × {} ({})",
            name,
            topo.sym(d),
            house_group(topo, &bases),
            house_group(topo, &covers),
            cells.iter().map(|&c| topo.names[c].as_str()).collect::<Vec<_>>().join(" ")
        )
    }))
}
