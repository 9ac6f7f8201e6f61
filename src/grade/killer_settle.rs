//! The propagation of the killer chains (`killer_chains`): what one
//! assumption forces, at three depths.
//!
//! - **Basic** (the cage forcing chains, 7.5 / 8.0): peers lose a placed
//!   digit, naked and hidden singles, and every sum set (a cage, a
//!   rule-of-45 set) loses the candidates its sum no longer allows.
//! - **Dynamic** (dynamic cage forcing chains, 8.5): when those stall, the
//!   basic cage techniques of the ladder as links too — locked candidates
//!   (pointing, claiming), cage and house, cage combination interaction,
//!   the rule of 45 over joined boxes, killer pairs and triples — each of
//!   their eliminations one implication, as SE's dynamic chains (+) count
//!   their helper techniques'.
//! - **Nested** (nested cage forcing chains, 9.5): when the dynamic links
//!   stall too, a cage forcing chain (basic) inside the propagation: a
//!   candidate whose own assumption breaks the assumed board goes, one
//!   implication each (SE's nested forcing chains run chains inside chains).

use super::board::{Board, NO_VALUE, Topology, bits};
use super::hint::Describing;
use super::killer_chains::{MAX_COMPLEXITY, Outcome, follow};
use super::killer_sums::{self, KillerExtras};
use crate::model::sum_support;

/// How deep a chain's propagation reasons (see the module's words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Depth {
    Basic,
    Dynamic,
    Nested,
}

/// The rules a chain's propagation follows.
#[derive(Clone, Copy)]
pub(crate) struct Rules<'a> {
    pub depth: Depth,
    /// The rule-of-45 sets over joined boxes (dynamic and nested only).
    pub extras: Option<&'a KillerExtras>,
}

impl Rules<'static> {
    pub(crate) const BASIC: Rules<'static> = Rules { depth: Depth::Basic, extras: None };
}

/// Follows every implication on `board` the rules allow, until none is
/// left, one breaks, or the chain passes [`MAX_COMPLEXITY`] (then it is
/// taken as settled: no contradiction is claimed).
pub(crate) fn settle(topo: &Topology, rules: Rules, mut board: Board, mut placed: Vec<usize>, mut complexity: u32) -> Outcome {
    let mut m = [0u32; 32];
    let mut keep = [0u32; 32];
    loop {
        let mut changed = false;
        for set in &topo.sums {
            let n = set.cells.len();
            if n > m.len() || set.cells.iter().all(|&x| board.value[x] != NO_VALUE) {
                continue;
            }
            for (i, &x) in set.cells.iter().enumerate() {
                m[i] = if board.value[x] != NO_VALUE { 1u32 << board.value[x] } else { board.cand[x] as u32 };
            }
            if !sum_support(&m[..n], set.sum, set.distinct, &mut keep) {
                return Outcome::Broken(complexity, placed);
            }
            for (i, &x) in set.cells.iter().enumerate() {
                if board.value[x] == NO_VALUE {
                    for e in bits((m[i] & !keep[i]) as u16) {
                        board.eliminate(x, e);
                        complexity += 1;
                        changed = true;
                    }
                }
            }
        }
        // Naked singles.
        for x in board.unsolved.iter() {
            match board.cand[x].count_ones() {
                0 => return Outcome::Broken(complexity, placed),
                1 => {
                    let e = board.cand[x].trailing_zeros() as usize;
                    if topo.peer_set[x].iter().any(|p| board.value[p] == e as u8) {
                        return Outcome::Broken(complexity, placed);
                    }
                    board.place(topo, x, e);
                    placed.push(x);
                    complexity += 1;
                    changed = true;
                }
                _ => {}
            }
        }
        // Hidden singles (and houses left without a digit).
        for house in topo.houses.iter().filter(|h| h.full) {
            for e in 0..topo.n_sym {
                if !(house.set & board.placed[e]).is_empty() {
                    continue;
                }
                let places = house.set & board.dpos[e];
                match places.count() {
                    0 => return Outcome::Broken(complexity, placed),
                    1 => {
                        let x = places.first().unwrap_or(0);
                        if board.value[x] == NO_VALUE && board.has(x, e) {
                            board.place(topo, x, e);
                            placed.push(x);
                            complexity += 1;
                            changed = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        if complexity > MAX_COMPLEXITY {
            return Outcome::Settled(Box::new(board), complexity);
        }
        if changed {
            continue;
        }
        // Stalled: the deeper links, cheapest first; each elimination one
        // implication.
        let gone = match rules.depth {
            Depth::Basic => 0,
            Depth::Dynamic => cage_links(topo, rules, &mut board),
            Depth::Nested => match cage_links(topo, rules, &mut board) {
                0 => inner_chains(topo, &mut board),
                n => n,
            },
        };
        if gone == 0 {
            return Outcome::Settled(Box::new(board), complexity);
        }
        complexity += gone;
    }
}

/// One round of the ladder's basic cage techniques (and locked candidates)
/// on an assumed board: the eliminations of the first that has any, applied;
/// how many.
fn cage_links(topo: &Topology, rules: Rules, board: &mut Board) -> u32 {
    let locked = locked_candidates(topo, board);
    if locked > 0 {
        return locked;
    }
    // The techniques' hints are not read: no words for them.
    let _quiet = Describing::set(false);
    let hint = super::cages::cage_house(topo, board, |_| true)
        .or_else(|| killer_sums::cage_interaction(topo, board))
        .or_else(|| rules.extras.and_then(|extras| killer_sums::innies_outies_union(topo, board, extras)))
        .or_else(|| killer_sums::killer_subset(topo, board, 2))
        .or_else(|| killer_sums::killer_subset(topo, board, 3));
    let Some(hint) = hint else { return 0 };
    let mut gone = 0;
    for &(c, d) in &hint.eliminations {
        gone += u32::from(board.eliminate(c, d as usize));
    }
    gone
}

/// Pointing and claiming: a digit whose places in a full house all lie in
/// another full house leaves the rest of that house.
fn locked_candidates(topo: &Topology, board: &mut Board) -> u32 {
    let mut gone = 0;
    for house in topo.houses.iter().filter(|h| h.full) {
        for d in 0..topo.n_sym {
            if !(house.set & board.placed[d]).is_empty() {
                continue;
            }
            let places = house.set & board.dpos[d];
            let Some(first) = places.first() else { continue };
            if places.count() < 2 {
                continue;
            }
            for &h in &topo.cell_houses[first] {
                let other = &topo.houses[h];
                if !other.full || std::ptr::eq(other, house) || !places.minus(&other.set).is_empty() {
                    continue;
                }
                for x in (other.set & board.dpos[d]).minus(&places).iter() {
                    gone += u32::from(board.eliminate(x, d));
                }
            }
        }
    }
    gone
}

/// Cage forcing chains inside the propagation: every candidate of the
/// assumed board whose basic chain breaks it goes; how many went.
fn inner_chains(topo: &Topology, board: &mut Board) -> u32 {
    let mut gone = 0;
    let cells: Vec<usize> = board.unsolved.iter().collect();
    for c in cells {
        for d in bits(board.cand[c]) {
            if board.cand[c].count_ones() < 2 {
                break;
            }
            if let Outcome::Broken(..) = follow(topo, Rules::BASIC, board, c, d) {
                board.eliminate(c, d);
                gone += 1;
            }
        }
    }
    gone
}
