//! Killer chains: forcing chains whose links include the cages' sums, the
//! last techniques of the killer ladder before a guess.
//!
//! A chain starts from one candidate (or each candidate of one cell) and
//! follows what it forces: the candidate's peers lose it, a cell left one
//! candidate takes it, a full house left one place for a digit takes it
//! there, and — the killer link — a cage (or a rule-of-45 set) whose sum
//! its cells can no longer reach with some candidate loses that candidate
//! (a cage combination as a link: "if r1c1 is 7, the 12-cage's other cell
//! is 5, so …").
//!
//! - **Cage forcing chain** (7.5 + SE's length bonus): assuming a candidate
//!   leads to a contradiction (a cell without candidates, a house without a
//!   place for a digit, a sum no combination reaches): the candidate goes.
//!   SE's Nishio chain, with cage links.
//! - **Cage cell forcing chains** (8.0 + bonus): every candidate of one cell
//!   forces the same elimination or placement elsewhere.
//!
//! The length (SE's "complexity") is the number of placements and sum
//! eliminations the chain makes before it stops; the easiest (shortest)
//! chain is taken, with every other elimination its length allows.

use super::Technique;
use super::board::{Board, Hint, NO_VALUE, Topology, bits, symbol_char};
use super::killer_settle::Depth;
pub(super) use super::killer_settle::{Rules, settle};
use super::killer_sums::KillerExtras;
use super::rating::{GUESS_TENTHS, base_tenths, length_bonus};

/// Chains longer than this many implications are not followed.
pub(super) const MAX_COMPLEXITY: u32 = 200;

/// What following one assumption gave.
#[derive(Clone)]
pub(super) enum Outcome {
    /// A contradiction after this many implications; the cells placed on
    /// the way, in order.
    Broken(u32, Vec<usize>),
    /// No contradiction: the board it left, with the implications' count.
    Settled(Box<Board>, u32),
}

/// Places `d` at `c` on a copy of `b` and follows every implication the
/// rules allow until none is left or one breaks.
pub(super) fn follow(topo: &Topology, rules: Rules, b: &Board, c: usize, d: usize) -> Outcome {
    let mut board = b.clone();
    board.place(topo, c, d);
    settle(topo, rules, board, vec![c], 1)
}
/// The rating of a chain of `complexity` implications on technique `t`.
fn rated(t: Technique, complexity: u32) -> u32 {
    base_tenths(t) + length_bonus(complexity)
}

/// Cage forcing chain: a candidate whose assumption breaks the grid goes.
/// Every candidate with the easiest chain's rating goes at once.
pub(crate) fn cage_forcing_chain(topo: &Topology, b: &Board) -> Option<Hint> {
    let mut best: Option<(u32, usize, usize, Vec<usize>)> = None;
    let mut gone: Vec<(usize, u8, u32)> = Vec::new();
    for c in b.unsolved.iter() {
        if b.cand[c].count_ones() < 2 {
            continue;
        }
        for d in bits(b.cand[c]) {
            if let Outcome::Broken(complexity, placed) = follow(topo, Rules::BASIC, b, c, d) {
                let rating = rated(Technique::CageForcingChain, complexity);
                gone.push((c, d as u8, rating));
                if best.as_ref().is_none_or(|(r, ..)| rating < *r) {
                    best = Some((rating, c, d, placed));
                }
            }
        }
    }
    let (rating, c, d, placed) = best?;
    Some(broken_hint(topo, Technique::CageForcingChain, (rating, c, d, &placed), gone, "the cages' sums and the houses"))
}

/// The hint of a candidate (`c`, `d`) whose assumption broke the grid after
/// `placed`, rated `rating`: every candidate in `gone` rated no higher goes
/// with it; `through` says what the chain followed.
fn broken_hint(
    topo: &Topology,
    t: Technique,
    (rating, c, d, placed): (u32, usize, usize, &[usize]),
    gone: Vec<(usize, u8, u32)>,
    through: &str,
) -> Hint {
    let mut hint = Hint::new(t, rating).focused(vec![], vec![], vec![c], 1 << d).through(placed.iter().copied());
    hint.eliminations = gone.into_iter().filter(|&(.., r)| r <= rating).map(|(c, d, _)| (c, d)).collect();
    let head = || {
        let forced = if placed.len() > 1 {
            format!(" places {}, and", super::board::cell_list(topo, placed.iter().skip(1).copied()))
        } else {
            String::new()
        };
        format!("{}: if {}={}, {through}{forced} leave a cell, house or cage no way", t.name(), topo.names[c], symbol_char(d))
    };
    hint.finish(topo, head)
}

/// One way a cell, a house's digit or a cage can go: the branches of a
/// forcing chain (exactly one of them holds).
enum Branch {
    Place(usize, usize),
    /// The cage's cells narrowed to one combination's digits.
    Narrow(Vec<usize>, u32),
}

/// Every branch set the board offers, the fewest branches first: each cell's
/// candidates, each house's places for a digit, each cage's combinations.
fn branch_sets(topo: &Topology, b: &Board) -> Vec<(String, Vec<Branch>)> {
    let mut out: Vec<(String, Vec<Branch>)> = Vec::new();
    for c in b.unsolved.iter().filter(|&c| b.cand[c].count_ones() >= 2) {
        out.push((topo.names[c].clone(), bits(b.cand[c]).map(|d| Branch::Place(c, d)).collect()));
    }
    for house in topo.houses.iter().filter(|h| h.full) {
        for d in 0..topo.n_sym {
            let places = house.set & b.dpos[d];
            if (house.set & b.placed[d]).is_empty() && (2..=4).contains(&places.count()) {
                out.push((format!("{} in {}", symbol_char(d), house.name), places.iter().map(|c| Branch::Place(c, d)).collect()));
            }
        }
    }
    for set in topo.sums.iter().filter(|s| s.houses == 0 && s.distinct && s.cells.len() >= 2) {
        let open: Vec<usize> = set.cells.iter().copied().filter(|&c| b.value[c] == NO_VALUE).collect();
        if open.len() < 2 {
            continue;
        }
        let m: Vec<u32> = set.cells.iter().map(|&c| if b.value[c] != NO_VALUE { 1u32 << b.value[c] } else { b.cand[c] as u32 }).collect();
        let combos = super::killer_sums::combinations(&m, set.sum, topo.n_sym);
        if (2..=4).contains(&combos.len()) {
            out.push((format!("the {} ({})", set.name, set.sum), combos.into_iter().map(|k| Branch::Narrow(open.clone(), k)).collect()));
        }
    }
    out.sort_by_key(|(_, branches)| branches.len());
    out
}

/// A forcing-chains step found: rating, what branches, the branches'
/// cells, placements, eliminations.
type Found = (u32, String, Vec<usize>, Vec<(usize, u8)>, Vec<(usize, u8)>);

/// Cage forcing chains: whatever one cell holds (or wherever a house puts
/// a digit, or whichever combination a cage takes), some other cell loses
/// a candidate (or takes a digit).
pub(crate) fn cage_cell_forcing_chains(topo: &Topology, b: &Board) -> Option<Hint> {
    let t = Technique::CageCellForcingChains;
    let found = branches_found(topo, b, Rules::BASIC, t, &mut |c, d| follow(topo, Rules::BASIC, b, c, d))?;
    Some(branches_hint(topo, t, found, "the cages' sums and the houses"))
}

/// The easiest branch set whose branches (the ones that do not break) all
/// force the same; `place(c, d)` follows one placement.
fn branches_found(topo: &Topology, b: &Board, rules: Rules, t: Technique, place: &mut dyn FnMut(usize, usize) -> Outcome) -> Option<Found> {
    let mut best: Option<Found> = None;
    for (what, branches) in branch_sets(topo, b) {
        let mut boards = Vec::new();
        let mut complexity = 0;
        let mut cells = Vec::new();
        for branch in &branches {
            let outcome = match branch {
                Branch::Place(c, d) => {
                    cells.push(*c);
                    place(*c, *d)
                }
                Branch::Narrow(open, combo) => {
                    let mut board = b.clone();
                    let mut n = 0;
                    for &c in open {
                        for e in bits(board.cand[c] & !(*combo as u16)) {
                            board.eliminate(c, e);
                            n += 1;
                        }
                    }
                    cells.extend(open.iter().copied());
                    settle(topo, rules, board, Vec::new(), n)
                }
            };
            match outcome {
                // A branch that breaks is no branch.
                Outcome::Broken(..) => {}
                Outcome::Settled(board, n) => {
                    complexity = complexity.max(n);
                    boards.push(board);
                }
            }
        }
        let Some(first) = boards.first() else { continue };
        let mut placements = Vec::new();
        let mut eliminations = Vec::new();
        for x in b.unsolved.iter() {
            if first.value[x] != NO_VALUE && boards.iter().all(|bd| bd.value[x] == first.value[x]) {
                placements.push((x, first.value[x]));
                continue;
            }
            let kept = boards.iter().fold(0u16, |m, bd| m | if bd.value[x] != NO_VALUE { 1 << bd.value[x] } else { bd.cand[x] });
            for e in bits(b.cand[x] & !kept) {
                eliminations.push((x, e as u8));
            }
        }
        if placements.is_empty() && eliminations.is_empty() {
            continue;
        }
        let rating = rated(t, complexity);
        if best.as_ref().is_none_or(|(r, ..)| rating < *r) {
            cells.sort_unstable();
            cells.dedup();
            best = Some((rating, what, cells, placements, eliminations));
        }
    }
    best
}

/// The hint of a forcing-chains step; `through` names what its chains
/// follow.
fn branches_hint(topo: &Topology, t: Technique, found: Found, through: &str) -> Hint {
    let (rating, what, cells, placements, eliminations) = found;
    let mut hint = Hint::new(t, rating).focused(vec![], vec![], cells.clone(), 0);
    hint = hint.through(cells.iter().copied());
    hint.placements = placements;
    hint.eliminations = eliminations;
    let name = t.name();
    let head = || format!("{name}: whichever way {what} goes, {through} force the same");
    hint.finish(topo, head)
}

/// Dynamic (`Depth::Dynamic`) or nested (`Depth::Nested`) cage forcing
/// chains: a candidate whose assumption breaks the grid goes, or whatever
/// a cell holds (a house's digit, a cage's combination) the same follows,
/// with the deeper propagation of `killer_settle`. The easiest step is
/// taken, or the first no harder than `reached` (it cannot change the
/// grade). A rating stays below a guess's.
pub(crate) fn deeper_cage_chains(topo: &Topology, b: &Board, extras: &KillerExtras, depth: Depth, reached: u32) -> Option<Hint> {
    let t = if depth == Depth::Nested { Technique::NestedCageForcingChains } else { Technique::DynamicCageForcingChains };
    let rules = Rules { depth, extras: Some(extras) };
    let ns = topo.n_sym;
    let capped = |complexity: u32| rated(t, complexity).min(GUESS_TENTHS - 1);
    let mut settled: Vec<Option<Outcome>> = (0..topo.n_cells * ns).map(|_| None).collect();
    let mut best: Option<(u32, usize, usize, Vec<usize>)> = None;
    let mut gone: Vec<(usize, u8, u32)> = Vec::new();
    'search: for c in b.unsolved.iter() {
        if b.cand[c].count_ones() < 2 {
            continue;
        }
        for d in bits(b.cand[c]) {
            let outcome = follow(topo, rules, b, c, d);
            if let Outcome::Broken(complexity, placed) = &outcome {
                let rating = capped(*complexity);
                gone.push((c, d as u8, rating));
                if best.as_ref().is_none_or(|(r, ..)| rating < *r) {
                    best = Some((rating, c, d, placed.clone()));
                }
                if rating <= reached {
                    break 'search;
                }
            }
            settled[c * ns + d] = Some(outcome);
        }
    }
    let within = best.as_ref().is_some_and(|(r, ..)| *r <= reached);
    let mut place = |c: usize, d: usize| match settled[c * ns + d].take() {
        Some(o) => {
            let copy = o.clone();
            settled[c * ns + d] = Some(o);
            copy
        }
        None => follow(topo, rules, b, c, d),
    };
    let branched = if within { None } else { branches_found(topo, b, rules, t, &mut place) };
    let words = if depth == Depth::Nested {
        "the cages' sums, the cage techniques and cage forcing chains inside them"
    } else {
        "the cages' sums, the houses and the cage techniques"
    };
    match (best, branched) {
        (Some((rating, c, d, placed)), found) if found.as_ref().is_none_or(|f| rating <= f.0) => {
            Some(broken_hint(topo, t, (rating, c, d, &placed), gone, words))
        }
        (_, Some(mut found)) => {
            found.0 = found.0.min(GUESS_TENTHS - 1);
            Some(branches_hint(topo, t, found, words))
        }
        (_, None) => None,
    }
}
