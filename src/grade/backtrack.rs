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

fn search(topo: &Topology, b: Board) -> Option<Vec<u8>> {
    if b.unsolved.is_empty() {
        return Some(b.value);
    }
    // Dead end if a full house can no longer hold some digit.
    for h in &topo.houses {
        if !h.full {
            continue;
        }
        for d in 0..topo.n_sym {
            if (h.set & b.dpos[d]).is_empty() && (h.set & b.placed[d]).is_empty() {
                return None;
            }
        }
    }
    let mut pick = None;
    let mut fewest = u32::MAX;
    for c in b.unsolved.iter() {
        let n = b.cand[c].count_ones();
        if n == 0 {
            return None;
        }
        if n < fewest {
            fewest = n;
            pick = Some(c);
            if n == 1 {
                break;
            }
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
    Some(hint.finish(topo, "guess (no logical step left), from the solution"))
}
