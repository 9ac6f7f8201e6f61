//! Last resort: when no logical technique applies, fill one cell from the
//! solution (found here by plain backtracking) and carry on.

use super::Technique;
use super::board::{Board, Hint, Topology, bits};

/// The solution of the puzzle, if it has one (the first found).
pub(crate) fn solve(topo: &Topology, givens: &[Option<u8>]) -> Option<Vec<u8>> {
    let b = Board::new(topo, givens);
    if b.clash {
        return None;
    }
    search(topo, b)
}

fn search(topo: &Topology, mut b: Board) -> Option<Vec<u8>> {
    // Singles first, naked and hidden, until none is left: without them a
    // hard 16×16 grid takes minutes to branch through.
    loop {
        if !topo.sums.is_empty() && !super::cages::propagate(topo, &mut b) {
            return None;
        }
        if b.unsolved.is_empty() {
            return Some(b.value);
        }
        let mut placed = false;
        for c in b.unsolved.iter() {
            // Filled earlier in this pass.
            if b.value[c] != super::board::NO_VALUE {
                continue;
            }
            let m = b.cand[c];
            if m == 0 {
                return None;
            }
            if m & (m - 1) == 0 {
                b.place(topo, c, m.trailing_zeros() as usize);
                placed = true;
            }
        }
        for &h in &topo.full_se_order {
            let house = &topo.houses[h];
            for d in 0..topo.n_sym {
                let places = b.hpos[h * topo.n_sym + d];
                // A full house that can no longer hold some digit.
                if places == 0 && (house.set & b.placed[d]).is_empty() {
                    return None;
                }
                if places.count_ones() == 1 {
                    b.place(topo, house.cells[places.trailing_zeros() as usize], d);
                    placed = true;
                }
            }
        }
        if !placed {
            break;
        }
    }
    let mut pick = None;
    let mut fewest = u32::MAX;
    for c in b.unsolved.iter() {
        let n = b.cand[c].count_ones();
        if n < fewest {
            fewest = n;
            pick = Some(c);
        }
    }
    let c = pick?;
    for d in bits(b.cand[c]) {
        let mut next = b.clone();
        next.place(topo, c, d);
        if let Some(s) = search(topo, next) {
            return Some(s);
        }
    }
    None
}

/// Place the solution's digit in the unsolved cell with the fewest
/// candidates. None if the board no longer agrees with the solution.
pub(crate) fn guess_hint(topo: &Topology, b: &Board, solution: &[u8]) -> Option<Hint> {
    let c = b.unsolved.iter().filter(|&c| b.cand[c] != 0).min_by_key(|&c| b.cand[c].count_ones())?;
    let d = solution[c] as usize;
    if !b.has(c, d) {
        return None;
    }
    let mut hint = Hint::new(Technique::Guess, 100);
    hint.placements.push((c, d as u8));
    Some(hint.finish(topo, || "guess (no logical step left), from the solution".to_string()))
}
