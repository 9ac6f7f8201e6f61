//! Uniqueness techniques (they assume the puzzle has one solution):
//! unique rectangles and loops, types 1-4 (SE 4.5 - 5.0), and the bivalue
//! universal grave, types 1-4 (SE 5.6 - 6.x).
//!
//! A loop is valid only if every house it touches holds exactly two of its
//! cells, at positions of opposite parity: then swapping the two digits
//! along the loop keeps every house all-different, whatever the variant. On
//! a square grid a 4-cell loop is the classic rectangle on two rows, two
//! columns and two boxes.

use super::Technique;
use super::board::{Board, CellSet, Hint, Mask, Topology, bits, cell_list};
use super::hint::Part;

const MAX_LOOP: usize = 12;
const MAX_VISITS: usize = 20_000;

struct Found {
    rating: u32,
    kind: u8,
    hint: Hint,
}

pub(crate) fn unique_loops(topo: &Topology, b: &Board) -> Option<Hint> {
    // Cage sums tell apart the grids a deadly pattern swaps.
    if !topo.sums.is_empty() {
        return None;
    }
    let mut found: Vec<Found> = Vec::new();
    // One search's memory for every start cell.
    let mut search = LoopSearch {
        topo,
        b,
        both: 0,
        with_both: CellSet::EMPTY,
        start: 0,
        loops: Vec::new(),
        path: Vec::with_capacity(MAX_LOOP),
        in_path: CellSet::EMPTY,
        visits: 0,
    };
    for c in b.unsolved.iter() {
        let m = b.cand[c];
        if m.count_ones() != 2 {
            continue;
        }
        let v1 = m.trailing_zeros() as usize;
        let v2 = (m & (m - 1)).trailing_zeros() as usize;
        search.both = m;
        search.with_both = b.dpos[v1] & b.dpos[v2];
        search.start = c;
        search.visits = 0;
        search.dfs(c, 2, 0, usize::MAX);
        for lp in std::mem::take(&mut search.loops) {
            if !valid_loop(topo, &lp) {
                continue;
            }
            examine(topo, b, &lp, v1, v2, &mut found);
        }
    }
    let best = found.into_iter().min_by_key(|f| (f.rating, f.kind))?;
    Some(best.hint)
}

struct LoopSearch<'a> {
    topo: &'a Topology,
    b: &'a Board,
    both: Mask,
    /// Cells holding both digits.
    with_both: CellSet,
    start: usize,
    loops: Vec<Vec<usize>>,
    path: Vec<usize>,
    in_path: CellSet,
    visits: usize,
}

impl LoopSearch<'_> {
    /// SE's checkForLoops: extend through a house of a different type than
    /// the last one; cells must hold both digits; at most two cells may hold
    /// extra digits, unless all extras are one digit (type 2). A loop is
    /// searched only from its first bivalue cell (the others would find it
    /// again).
    fn dfs(&mut self, cell: usize, allowed_extra: i32, extra: Mask, last_type: usize) {
        self.visits += 1;
        if self.visits > MAX_VISITS || self.path.len() >= MAX_LOOP {
            return;
        }
        self.path.push(cell);
        self.in_path.insert(cell);
        for &h in &self.topo.cell_houses[cell] {
            let house = &self.topo.houses[h];
            if house.type_id == last_type {
                continue;
            }
            for next in (house.set & self.with_both).iter() {
                if next == self.start {
                    if self.path.len() >= 4 {
                        self.loops.push(self.path.clone());
                    }
                    continue;
                }
                if self.in_path.contains(next) {
                    continue;
                }
                let cand = self.b.cand[next];
                if cand == self.both && next < self.start {
                    continue;
                }
                // Each branch keeps its own extra digits (Sukaku's
                // lkSudoku fix: they used to leak between siblings).
                let extra = extra | (cand & !self.both);
                let card = cand.count_ones();
                if card == 2 || extra.count_ones() == 1 || allowed_extra > 0 {
                    let a = allowed_extra - i32::from(card > 2);
                    self.dfs(next, a, extra, house.type_id);
                }
            }
        }
        self.in_path.remove(cell);
        self.path.pop();
    }
}

fn valid_loop(topo: &Topology, lp: &[usize]) -> bool {
    // Each touched house must be visited once at an even and once at an odd
    // position: as bit sets of houses when they fit in 256 bits.
    if topo.houses.len() > 256 {
        return valid_loop_listed(topo, lp);
    }
    let (mut even, mut odd) = ([0u64; 4], [0u64; 4]);
    for (i, &c) in lp.iter().enumerate() {
        let side = if i % 2 == 0 { &mut even } else { &mut odd };
        for &h in &topo.cell_houses[c] {
            let (w, bit) = (h / 64, 1u64 << (h % 64));
            if side[w] & bit != 0 {
                return false;
            }
            side[w] |= bit;
        }
    }
    even == odd
}

/// [`valid_loop`] for grids of more than 256 houses.
fn valid_loop_listed(topo: &Topology, lp: &[usize]) -> bool {
    let mut even: Vec<usize> = Vec::new();
    let mut odd: Vec<usize> = Vec::new();
    for (i, &c) in lp.iter().enumerate() {
        let side = if i % 2 == 0 { &mut even } else { &mut odd };
        for &h in &topo.cell_houses[c] {
            if side.contains(&h) {
                return false;
            }
            side.push(h);
        }
    }
    even.sort_unstable();
    odd.sort_unstable();
    even == odd
}

fn size_bonus(len: usize) -> u32 {
    let mut r = 0;
    if len >= 10 {
        r += 3;
    }
    if len >= 8 {
        r += 2;
    } else if len >= 6 {
        r += 1;
    }
    r
}

fn examine(topo: &Topology, b: &Board, lp: &[usize], v1: usize, v2: usize, out: &mut Vec<Found>) {
    let both: Mask = (1 << v1) | (1 << v2);
    let first = out.len();
    let extra_cells: Vec<usize> = lp.iter().copied().filter(|&c| b.cand[c].count_ones() > 2).collect();
    let base = 45 + size_bonus(lp.len());
    let tech = if lp.len() == 4 { Technique::UniqueRectangle } else { Technique::UniqueLoop };
    let head = |kind: u8, more: &str| {
        format!(
            "unique {} type {}: {} on {}{}",
            if lp.len() == 4 { "rectangle" } else { "loop" },
            kind,
            cell_list(topo, lp.iter().copied()),
            topo.digit_list(both),
            more
        )
    };
    match extra_cells.len() {
        1 => {
            let r = extra_cells[0];
            let mut hint = Hint::new(tech, base);
            for d in bits(b.cand[r] & both) {
                hint.eliminations.push((r, d as u8));
            }
            if !hint.eliminations.is_empty() {
                out.push(Found { rating: base, kind: 1, hint: hint.finish(topo, || head(1, "")) });
            }
        }
        n if n >= 2 => {
            let mut ex: Mask = 0;
            for &c in &extra_cells {
                ex |= b.cand[c] & !both;
            }
            if n > 2 || ex.count_ones() == 1 {
                if ex.count_ones() == 1 {
                    type2(topo, b, &extra_cells, ex, tech, base, &head, out);
                }
            } else {
                if ex.count_ones() >= 2 {
                    type3(topo, b, extra_cells[0], extra_cells[1], v1, v2, ex, tech, base, &head, out);
                }
            }
            if n == 2 {
                type4(topo, b, extra_cells[0], extra_cells[1], v1, v2, tech, base, &head, out);
            }
        }
        _ => {}
    }
    for found in &mut out[first..] {
        found.hint.focus = super::hint::Focus { cells: lp.to_vec(), digits: vec![v1 as u8, v2 as u8], ..Default::default() };
        let hint = std::mem::replace(&mut found.hint, Hint::new(tech, base));
        // The rectangle's (loop's) corners and their two digits.
        found.hint = hint.with_pattern(|p| {
            for &c in lp {
                p.cell(Part::Corner, c);
                p.candidates_of(c, b.cand[c] & both);
            }
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn type2(
    topo: &Topology,
    b: &Board,
    extra_cells: &[usize],
    ex: Mask,
    tech: Technique,
    base: u32,
    head: &dyn Fn(u8, &str) -> String,
    out: &mut Vec<Found>,
) {
    let x = ex.trailing_zeros() as usize;
    let mut common = topo.all_cells;
    for &c in extra_cells {
        common &= topo.peer_set[c];
    }
    let victims = common & b.dpos[x];
    if victims.is_empty() {
        return;
    }
    let mut hint = Hint::new(tech, base);
    hint.eliminations.extend(victims.iter().map(|c| (c, x as u8)));
    let more = format!(", extra {} in {}", topo.sym(x), cell_list(topo, extra_cells.iter().copied()));
    out.push(Found { rating: base, kind: 2, hint: hint.finish(topo, || head(2, &more)) });
}

#[allow(clippy::too_many_arguments)]
fn type3(
    topo: &Topology,
    b: &Board,
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
    extra: Mask,
    tech: Technique,
    base: u32,
    head: &dyn Fn(u8, &str) -> String,
    out: &mut Vec<Found>,
) {
    let both: Mask = (1 << v1) | (1 << v2);
    let shared: Vec<usize> = topo.common_houses(c1, c2).collect();
    for degree in extra.count_ones() as usize..=7 {
        for &h in &shared {
            let house = &topo.houses[h];
            let n_empty = (house.set & b.unsolved).count() as usize;
            // Naked set: c1+c2 act as one cell holding the extra digits.
            if degree * 2 <= n_empty {
                let others: Vec<usize> = house.cells.iter().copied().filter(|&c| c != c1 && c != c2 && b.cand[c] != 0).collect();
                let mut chosen = Vec::new();
                naked_combos(&others, degree - 1, 0, &mut chosen, &mut |set: &[usize]| {
                    let mut union = extra;
                    let mut covered = extra & b.cand[c1] & b.cand[c2];
                    for &c in set {
                        union |= b.cand[c];
                        covered |= b.cand[c];
                    }
                    if union.count_ones() as usize != degree || covered.count_ones() as usize != degree {
                        return;
                    }
                    let mut hint = Hint::new(tech, base + degree as u32 - 1);
                    for &c in &house.cells {
                        if c == c1 || c == c2 || set.contains(&c) {
                            continue;
                        }
                        for d in bits(b.cand[c] & union) {
                            hint.eliminations.push((c, d as u8));
                        }
                    }
                    if !hint.eliminations.is_empty() {
                        let more = format!(
                            ", naked set {} with {} in {}",
                            topo.digit_list(union),
                            cell_list(topo, set.iter().copied()),
                            house.name
                        );
                        let rating = hint.rating;
                        out.push(Found { rating, kind: 3, hint: hint.finish(topo, || head(3, &more)) });
                    }
                });
            }
            // Hidden set: v1, v2 plus degree-2 other digits confined to
            // degree cells counting c1 (c2 left out).
            if degree * 2 < n_empty && house.full {
                // Other digits must still have a place in the house (a
                // placed digit would make the count meaningless).
                let rem: Vec<usize> = (0..topo.n_sym)
                    .filter(|&v| v != v1 && v != v2 && extra >> v & 1 == 0)
                    .filter(|&v| !(house.set & b.dpos[v]).is_empty())
                    .collect();
                if degree < 2 || degree - 2 > rem.len() {
                    continue;
                }
                let mut chosen = Vec::new();
                naked_combos(&rem, degree - 2, 0, &mut chosen, &mut |vals: &[usize]| {
                    let mut set_mask = both;
                    let mut union = CellSet::EMPTY;
                    for &v in vals.iter().chain([v1, v2].iter()) {
                        set_mask |= 1 << v;
                        let mut p = house.set & b.dpos[v];
                        p.remove(c2);
                        union |= p;
                    }
                    if union.count() as usize != degree {
                        return;
                    }
                    let mut cells = union;
                    cells.remove(c1);
                    cells.remove(c2);
                    let mut hint = Hint::new(tech, base + (cells.count().max(1) - 1));
                    for c in cells.iter() {
                        for d in bits(b.cand[c] & !set_mask) {
                            hint.eliminations.push((c, d as u8));
                        }
                    }
                    if !hint.eliminations.is_empty() {
                        let more =
                            format!(", hidden set {} in {} of {}", topo.digit_list(set_mask), cell_list(topo, cells.iter()), house.name);
                        let rating = hint.rating;
                        out.push(Found { rating, kind: 3, hint: hint.finish(topo, || head(3, &more)) });
                    }
                });
            }
        }
    }
}

fn naked_combos(items: &[usize], k: usize, start: usize, chosen: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
    if chosen.len() == k {
        f(chosen);
        return;
    }
    for i in start..items.len() {
        if items.len() - i < k - chosen.len() {
            break;
        }
        chosen.push(items[i]);
        naked_combos(items, k, i + 1, chosen, f);
        chosen.pop();
    }
}

#[allow(clippy::too_many_arguments)]
fn type4(
    topo: &Topology,
    b: &Board,
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
    tech: Technique,
    base: u32,
    head: &dyn Fn(u8, &str) -> String,
    out: &mut Vec<Found>,
) {
    let mut lock: Option<(usize, usize, usize)> = None; // (lock, remove, house)
    let mut r1 = None;
    let mut r2 = None;
    for h in topo.common_houses(c1, c2) {
        let mut rest = topo.houses[h].set;
        rest.remove(c1);
        rest.remove(c2);
        if (rest & b.dpos[v1]).is_empty() {
            r1 = Some(h);
        }
        if (rest & b.dpos[v2]).is_empty() {
            r2 = Some(h);
        }
    }
    if let Some(h) = r1 {
        lock = Some((v1, v2, h));
    } else if let Some(h) = r2 {
        lock = Some((v2, v1, h));
    }
    let Some((l, r, h)) = lock else { return };
    let mut hint = Hint::new(tech, base);
    for c in [c1, c2] {
        if b.has(c, r) {
            hint.eliminations.push((c, r as u8));
        }
    }
    if hint.eliminations.is_empty() {
        return;
    }
    let more = format!(", {} locked in {}", topo.sym(l), topo.houses[h].name);
    out.push(Found { rating: base, kind: 4, hint: hint.finish(topo, || head(4, &more)) });
}

/// SE's bivalue universal grave, types 1 to 4.
pub(crate) fn bug(topo: &Topology, b: &Board) -> Option<Hint> {
    if !topo.sums.is_empty() {
        return None;
    }
    let mut temp = b.cand.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values: Vec<(usize, Mask)> = Vec::new();
    let mut all_bug: Mask = 0;
    let mut common: Option<CellSet> = None;
    for &h in &topo.se_order {
        let house = &topo.houses[h];
        if !house.full {
            continue;
        }
        for d in 0..topo.n_sym {
            let pos = house.set & b.dpos[d];
            let card = pos.count();
            if card == 0 || card == 2 {
                continue;
            }
            let fat: Vec<usize> = pos.iter().filter(|&c| b.cand[c].count_ones() >= 3).collect();
            if fat.is_empty() {
                return None;
            }
            if fat.len() == 1 {
                let cell = fat[0];
                if !bug_cells.contains(&cell) {
                    bug_cells.push(cell);
                }
                match bug_values.iter_mut().find(|(c, _)| *c == cell) {
                    Some((_, m)) => *m |= 1 << d,
                    None => bug_values.push((cell, 1 << d)),
                }
                all_bug |= 1 << d;
                temp[cell] &= !(1 << d);
                let mut cs = common.unwrap_or(topo.peer_set[cell]) & topo.peer_set[cell];
                for &bc in &bug_cells {
                    cs.remove(bc);
                }
                common = Some(cs);
                if bug_cells.len() > 1 && all_bug.count_ones() > 1 && cs.is_empty() {
                    return None;
                }
            }
        }
    }
    if bug_cells.is_empty() {
        return None;
    }
    // Without the BUG values every cell is bivalue and every digit appears
    // twice in each house it still occupies.
    if b.unsolved.iter().any(|c| temp[c].count_ones() != 2) {
        return None;
    }
    for h in &topo.houses {
        if !h.full {
            continue;
        }
        for d in 0..topo.n_sym {
            let n = h.cells.iter().filter(|&&c| temp[c] >> d & 1 != 0).count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or(CellSet::EMPTY);
    let values_of = |c: usize| bug_values.iter().find(|(x, _)| *x == c).map_or(0, |(_, m)| *m);
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let mut hint = Hint::new(Technique::BivalueUniversalGrave, 56);
        for d in bits(b.cand[c] & !all_bug) {
            hint.eliminations.push((c, d as u8));
        }
        let head = format!("BUG type 1: {} must be {}", topo.names[c], topo.digit_list(all_bug));
        return Some(bug_pattern(hint.finish(topo, || head), b, &bug_cells));
    }
    let mut hints = Vec::new();
    if all_bug.count_ones() == 1 {
        let x = all_bug.trailing_zeros() as usize;
        let victims = common & b.dpos[x];
        if !victims.is_empty() {
            let mut hint = Hint::new(Technique::BivalueUniversalGrave, 57);
            hint.eliminations.extend(victims.iter().map(|c| (c, x as u8)));
            let head = format!("BUG type 2: one of {} is {}", cell_list(topo, bug_cells.iter().copied()), topo.sym(x));
            hints.push(hint.finish(topo, || head));
        }
        if bug_cells.len() == 2
            && let Some(h) = bug4(topo, b, &bug_cells, &values_of, all_bug)
        {
            hints.push(h);
        }
    } else if !common.is_empty() {
        if bug_cells.len() == 2
            && let Some(h) = bug4(topo, b, &bug_cells, &values_of, all_bug)
        {
            hints.push(h);
        }
        if let Some(h) = bug3(topo, b, &bug_cells, common, all_bug) {
            hints.push(h);
        }
    }
    hints.into_iter().next().map(|h| bug_pattern(h, b, &bug_cells))
}

/// A BUG's pattern: the cells with a third candidate, and their candidates.
fn bug_pattern(hint: Hint, b: &Board, bug_cells: &[usize]) -> Hint {
    hint.with_pattern(|p| {
        for &c in bug_cells {
            p.cell(Part::Corner, c);
            p.candidates_of(c, b.cand[c]);
        }
    })
}

fn bug4(topo: &Topology, b: &Board, cells: &[usize], values_of: &dyn Fn(usize) -> Mask, all_bug: Mask) -> Option<Hint> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = b.cand[c1] & b.cand[c2] & !all_bug;
    if common.count_ones() != 1 {
        return None;
    }
    let h = topo.common_houses(c1, c2).next()?;
    let v = common.trailing_zeros() as usize;
    let mut hint = Hint::new(Technique::BivalueUniversalGrave, 57);
    for c in [c1, c2] {
        for d in bits(b.cand[c] & !values_of(c) & !(1 << v)) {
            hint.eliminations.push((c, d as u8));
        }
    }
    if hint.eliminations.is_empty() {
        return None;
    }
    let head = format!("BUG type 4: {} share {} in {}", cell_list(topo, [c1, c2]), topo.sym(v), topo.houses[h].name);
    Some(hint.finish(topo, || head))
}

fn bug3(topo: &Topology, b: &Board, cells: &[usize], common: CellSet, all_bug: Mask) -> Option<Hint> {
    for &h in &topo.se_order {
        let house = &topo.houses[h];
        if !house.full || !cells.iter().all(|&c| house.set.contains(c)) {
            continue;
        }
        let region: Vec<usize> = (house.set & common).iter().filter(|&c| b.cand[c] != 0).collect();
        for degree in 2..=6usize {
            if region.len() < degree {
                continue;
            }
            let mut result = None;
            let mut chosen = Vec::new();
            naked_combos(&region, degree - 1, 0, &mut chosen, &mut |set: &[usize]| {
                if result.is_some() {
                    return;
                }
                let mut others: Mask = 0;
                for &c in set {
                    others |= b.cand[c];
                }
                if others.count_ones() as usize != degree || (others | all_bug).count_ones() as usize != degree {
                    return;
                }
                let mut hint = Hint::new(Technique::BivalueUniversalGrave, 57 + degree as u32 - 1);
                for &c in &region {
                    if set.contains(&c) {
                        continue;
                    }
                    for d in bits(b.cand[c] & others) {
                        hint.eliminations.push((c, d as u8));
                    }
                }
                if hint.eliminations.is_empty() {
                    return;
                }
                let head = format!(
                    "BUG type 3: {} with naked set {} in {} of {}",
                    cell_list(topo, cells.iter().copied()),
                    topo.digit_list(others),
                    cell_list(topo, set.iter().copied()),
                    house.name
                );
                result = Some(hint.finish(topo, || head));
            });
            if result.is_some() {
                return result;
            }
        }
    }
    None
}
