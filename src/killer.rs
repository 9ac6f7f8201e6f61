//! Killer puzzles: cages drawn on a full grid, then made unique.
//!
//! Where a level up to hard is asked and the quick checker
//! ([`crate::grade::KillerCheck`]) applies, the way is Solo's (solo.c
//! `new_game_desc`, `gen_killer_cages`, `merge_some_cages`):
//!
//! 1. Dominoes in reading order ([`dominoes`]); a cell left alone joins a
//!    neighbouring cage.
//! 2. Cells in random order are pinned (a one-cell cage, or a given where
//!    the layout allows givens) until the checker solves the puzzle at the
//!    level: its solve proves it unique.
//! 3. A random pair of neighbouring cages is merged wherever the merged cage
//!    fits the sizes, repeats no digit and the checker still solves (at
//!    hard, the caller's grade where the checker does not); a refused pair
//!    is not tried again while both cages stay as they are; the loop stops
//!    when no pair is left or after 50 refusals in a row.
//!
//! Otherwise (no level, expert, `--needs`):
//!
//! 1. Cages of the layout's sizes are drawn on the solution
//!    ([`crate::layout::cages::draw`]): connected, no digit twice.
//! 2. Every cell in turn is asked "is there a solution with another digit
//!    here?". Where there is, the cell is pinned: with `givens = true` it
//!    becomes a given; otherwise it leaves its cage as a one-cell cage (the
//!    killer way of giving a digit), the rest of its cage splitting into
//!    its connected pieces. After the last cell the puzzle is unique.
//! 3. Every pair of neighbouring cages, in random order, is merged wherever
//!    the merged cage fits the sizes, repeats no digit and the puzzle stays
//!    unique and passes the caller's test: no two neighbouring cages that
//!    could be merged are left apart.
//!
//! Both ways then:
//!
//! 4. One-cell cages left (unless they are wanted) grow by checked trials:
//!    each takes a neighbouring cell, or joins a neighbouring cage whole.
//! 5. Givens are removed while the puzzle stays unique: they are minimal.
//!
//! Where the sizes start above one and givens are not allowed, a puzzle that
//! still needs a one-cell cage after the merging is given up (the attempt
//! makes no puzzle; the next draws new cages).

use crate::generate::{Acceptance, GenerateError, Judged};
use crate::grade::KillerCheck;
use crate::layout::cages::{CageRule, draw, piece_of, sums, with_cages};
use crate::layout::{Layout, side_neighbours};
use crate::level::Level;
use crate::model::{Cage, Grid, Model};
use crate::solver::Solver;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};

/// A killer puzzle: its own layout (with the drawn cages) and its givens.
pub struct Killer {
    pub layout: Layout,
    pub givens: Grid,
}

/// Makes a unique killer puzzle with `solution` under `base`'s cage rule;
/// with `accept`, a merge is kept only while the test it makes for the
/// merged cages passes; where that test is "grades at most `within`", the
/// quick checker stands in for it (see the module's step 3).
pub fn make(
    base: &Layout,
    rule: CageRule,
    solution: &Grid,
    rng: &mut dyn Rng,
    accept: Option<&Acceptance<'_>>,
    within: Option<Level>,
) -> Result<Killer, GenerateError> {
    let cells = base.cells().ok_or_else(|| GenerateError::Random("killer cages need a cell layout".into()))?;
    let size = cells.size;
    let digits: Vec<u8> = solution.cells.iter().map(|c| c.unwrap_or(0)).collect();
    let model_with = |pieces: &[Vec<usize>]| Model { cages: sums(pieces, &digits), ..cells.model.clone() };
    let check = within.filter(|&l| l != Level::Expert).and_then(|_| KillerCheck::new(&cells.model));
    let quick = check.as_ref().zip(within);
    let mut givens = Grid::empty(digits.len());
    let mut pieces = match quick {
        // Solo's way where the checker answers: small cages, pinned until
        // the checker solves them (a proof of uniqueness), then merged.
        Some((check, level)) if rule.min <= 2 && rule.max >= 2 => {
            let mut pieces = dominoes(size, &digits, rule, rng);
            if !pin_until_solved(check, level, &mut pieces, &mut givens, &digits, size, rule, rng) {
                pin_by_search(&mut pieces, &mut givens, solution, size, rule, rng, &model_with);
            }
            pieces
        }
        _ => {
            // No partition found for this grid: a failed attempt, as when the
            // cages cannot keep their sizes below (the next seed draws anew).
            let mut pieces = draw(size, &digits, rule, rng).ok_or(GenerateError::CageSizes { min: rule.min, max: rule.max })?;
            pin_by_search(&mut pieces, &mut givens, solution, size, rule, rng, &model_with);
            pieces
        }
    };

    // From here the givens stay as the pins left them until step 4.
    let growth = Growth { digits: &digits, size, rule, givens: &givens, model_with: &model_with, accept, quick };

    // The same before the merging, while the cages around are small.
    if !rule.one_cell {
        growth.grow_all(&mut pieces, rng);
    }

    // 3. Merge neighbouring cages while the puzzle stays unique: where the
    // checker answers, Solo's loop; otherwise every pair of neighbours once.
    if quick.is_some() {
        growth.merge_at_random(&mut pieces, rng);
    } else {
        let mut pairs = neighbour_pairs(&pieces, size);
        pairs.shuffle(rng);
        for (a, b) in pairs {
            let (Some(i), Some(j)) = (pieces.iter().position(|p| p.contains(&a)), pieces.iter().position(|p| p.contains(&b))) else {
                continue;
            };
            if i == j || !may_merge(&pieces, i, j, &digits, rule) {
                continue;
            }
            let merged = merged(&pieces, i, j);
            if growth.kept(&merged) {
                pieces = merged;
            }
        }
    }

    // 4. Grow the one-cell cages the pins left (unless they are wanted):
    // each takes a neighbouring cell from its cage, or joins a neighbouring
    // cage whole, wherever the puzzle stays unique.
    if !rule.one_cell {
        growth.grow_all(&mut pieces, rng);
    }

    // A cell pinned by a one-cell cage breaks sizes that start at two.
    if pieces.iter().any(|p| p.len() < rule.min) {
        return Err(GenerateError::CageSizes { min: rule.min, max: rule.max });
    }

    // 5. Minimal givens (no solver where there are none: the caller counts
    // the finished puzzle's solutions).
    let mut placed: Vec<usize> = (0..digits.len()).filter(|&c| givens.cells[c].is_some()).collect();
    placed.shuffle(rng);
    if !placed.is_empty() {
        let solver = Solver::new(&model_with(&pieces));
        for c in placed {
            givens.cells[c] = None;
            if other_digit_possible(&solver, &givens, c, solution) {
                givens.cells[c] = Some(digits[c]);
            }
        }
        debug_assert_eq!(solver.count(&givens, 2).solutions, 1);
    }
    // Cages print and store in reading order of their first cell.
    let mut cages: Vec<Cage> = sums(&pieces, &digits);
    for cage in &mut cages {
        cage.cells.sort_unstable();
    }
    cages.sort_by_key(|c| c.cells[0]);
    let layout = with_cages(base, &cages).map_err(|e| GenerateError::Random(e.to_string()))?;
    Ok(Killer { layout, givens })
}

/// Refusals in a row after which Solo's merge loop stops (solo.c).
const REFUSALS_IN_A_ROW: usize = 50;

/// What the cage growing and merging of [`generate`] work with once the
/// pins are placed: the solution's digits, the grid's size, the cage rule,
/// the givens, the model of a set of cages, the caller's acceptance test
/// and, where that test is a level, the quick checker and the level.
struct Growth<'a, 'b> {
    digits: &'a [u8],
    size: usize,
    rule: CageRule,
    givens: &'a Grid,
    model_with: &'a dyn Fn(&[Vec<usize>]) -> Model,
    accept: Option<&'a Acceptance<'b>>,
    quick: Option<(&'a KillerCheck, Level)>,
}

impl Growth<'_, '_> {
    /// Whether the puzzle `pieces` make stays unique and passes the
    /// acceptance test.
    fn kept(&self, pieces: &[Vec<usize>]) -> bool {
        let cages: Vec<u128> = match self.quick {
            Some(_) => pieces.iter().map(|p| cell_set(p)).collect(),
            None => Vec::new(),
        };
        self.kept_as(&cages, || pieces.to_vec())
    }

    /// [`Growth::kept`] of the cages `cages` (cell sets, in any order: what
    /// the checker reads), the same as the lists `pieces` makes, made only
    /// where the checker does not answer alone.
    fn kept_as(&self, cages: &[u128], pieces: impl FnOnce() -> Vec<Vec<usize>>) -> bool {
        // A solve by the checker proves both (see `KillerCheck`); at easy
        // and medium its refusal stands (it asks the level's own
        // techniques), at hard the grader is asked where it does not solve.
        if let Some((check, level)) = self.quick {
            if check.solves_cages(cages, self.digits, self.givens, level) {
                return true;
            }
            if level <= Level::Medium {
                return false;
            }
        }
        let model = (self.model_with)(&pieces());
        // The acceptance test first: a grade within a level is cheaper
        // than the count, and most merges late in the thinning fail it.
        // Where its solve proved the puzzle unique, no count is needed.
        match self.accept.and_then(|a| a(&model)).map(|test| test(self.givens)) {
            Some(Judged::Refused) => false,
            Some(Judged::ProvedUnique) => true,
            Some(Judged::Passed) | None => Solver::new(&model).count(self.givens, 2).solutions == 1,
        }
    }

    /// Solo's merge loop (solo.c `merge_some_cages`): a random pair of
    /// neighbouring cages that may merge (size, digits) is tried; a pair
    /// refused is not tried again while both cages stay as they are; the
    /// loop stops when no pair is left or after `REFUSALS_IN_A_ROW`
    /// refusals in a row.
    fn merge_at_random(&self, pieces: &mut Vec<Vec<usize>>, rng: &mut dyn Rng) {
        let size = self.size;
        let mut refused: Vec<(u128, u128)> = Vec::new();
        let mut streak = 0;
        let mut owner = vec![0; size * size];
        let (mut sets, mut held, mut trial): (Vec<u128>, Vec<u32>, Vec<u128>) = (Vec::new(), Vec::new(), Vec::new());
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        // Per cage the later cages already met as its neighbours: the
        // checker's grids have 128 cells at most, so cages fit one bit each.
        let mut met: Vec<u128> = Vec::new();
        while streak < REFUSALS_IN_A_ROW {
            for (k, p) in pieces.iter().enumerate() {
                for &c in p {
                    owner[c] = k;
                }
            }
            sets.clear();
            sets.extend(pieces.iter().map(|p| cell_set(p)));
            held.clear();
            held.extend(pieces.iter().map(|p| held_digits(p, self.digits)));
            met.clear();
            met.resize(pieces.len(), 0);
            // Pairs in the order they are first met (the choice below reads
            // this order): a pair met again answers as it did.
            pairs.clear();
            for c in 0..size * size {
                for n in side_neighbours(size, c) {
                    let (i, j) = (owner[c], owner[n]);
                    if i >= j || met[i] >> j & 1 != 0 {
                        continue;
                    }
                    met[i] |= 1 << j;
                    if fits(pieces[i].len() + pieces[j].len(), held[i], held[j], self.rule) && !refused.contains(&(sets[i], sets[j])) {
                        pairs.push((i, j));
                    }
                }
            }
            let Some(&(i, j)) = pairs.choose(rng) else { break };
            trial.clear();
            trial.extend_from_slice(&sets);
            trial[i] |= sets[j];
            trial.swap_remove(j);
            if self.kept_as(&trial, || merged(pieces, i, j)) {
                *pieces = merged(pieces, i, j);
                streak = 0;
            } else {
                refused.push((sets[i], sets[j]));
                streak += 1;
            }
        }
    }

    /// Grows every one-cell cage that can grow ([`Growth::grow`]), in random
    /// order, until none can.
    fn grow_all(&self, pieces: &mut Vec<Vec<usize>>, rng: &mut dyn Rng) {
        let mut grown = true;
        while grown {
            grown = false;
            let mut singles: Vec<usize> = pieces.iter().filter(|p| p.len() == 1).map(|p| p[0]).collect();
            singles.shuffle(rng);
            for a in singles {
                if let Some(better) = self.grow(pieces, a) {
                    *pieces = better;
                    grown = true;
                }
            }
        }
    }

    /// The cages with the one-cell cage of `a` grown: joined whole to a neighbouring cage, or with one
    /// neighbouring cell taken from its cage (the rest staying one piece),
    /// where the puzzle stays unique and passes the acceptance test; `None`
    /// where no way keeps it so.
    fn grow(&self, pieces: &[Vec<usize>], a: usize) -> Option<Vec<Vec<usize>>> {
        let (digits, size, rule) = (self.digits, self.size, self.rule);
        let i = pieces.iter().position(|p| p.len() == 1 && p[0] == a)?;
        // Each way is tried as cell sets (where the checker answers: grids
        // of 128 cells at most), in turn; the lists are made only for the
        // one kept, or where the grader is asked.
        let quick = self.quick.is_some();
        let sets: Vec<u128> = if quick { pieces.iter().map(|p| cell_set(p)).collect() } else { Vec::new() };
        for b in side_neighbours(size, a) {
            let Some(j) = pieces.iter().position(|p| p.contains(&b)) else { continue };
            if j == i || digits[a] == digits[b] {
                continue;
            }
            // Joined whole.
            if may_merge(pieces, i, j, digits, rule) {
                let joined = || {
                    let mut joined: Vec<Vec<usize>> = pieces.to_vec();
                    joined[j].push(a);
                    joined.remove(i);
                    joined
                };
                let mut trial = sets.clone();
                if quick {
                    trial[j] |= sets[i];
                    trial.swap_remove(i);
                }
                if self.kept_as(&trial, joined) {
                    return Some(joined());
                }
            }
            // Or one cell taken, its cage left in one piece of two cells or
            // more (so each growth leaves one one-cell cage fewer).
            let rest: Vec<usize> = pieces[j].iter().copied().filter(|&c| c != b).collect();
            if rest.len() >= 2.max(rule.min) && piece_of(size, &rest, rest[0]).len() == rest.len() {
                let taken = || {
                    let mut taken: Vec<Vec<usize>> = pieces.to_vec();
                    taken[i].push(b);
                    taken[j] = rest.clone();
                    taken
                };
                let mut trial = sets.clone();
                if quick {
                    trial[i] |= 1 << b;
                    trial[j] &= !(1 << b);
                }
                if self.kept_as(&trial, taken) {
                    return Some(taken());
                }
            }
        }
        None
    }
}

/// Whether cages `i` and `j` of `pieces` may merge: the merged cage stays
/// within the largest size and repeats no digit of the solution.
fn may_merge(pieces: &[Vec<usize>], i: usize, j: usize, digits: &[u8], rule: CageRule) -> bool {
    fits(pieces[i].len() + pieces[j].len(), held_digits(&pieces[i], digits), held_digits(&pieces[j], digits), rule)
}

/// The digits of the solution in `piece`, one bit a digit.
fn held_digits(piece: &[usize], digits: &[u8]) -> u32 {
    piece.iter().fold(0, |m, &c| m | 1 << digits[c])
}

/// Whether two cages of `cells` cells in all, holding the digits `a` and
/// `b`, may be one cage: no more cells than the rule allows and no digit
/// twice.
fn fits(cells: usize, a: u32, b: u32, rule: CageRule) -> bool {
    cells <= rule.max && a & b == 0
}

/// The cells of `piece` as a set, one bit a cell.
fn cell_set(piece: &[usize]) -> u128 {
    piece.iter().fold(0, |s, &c| s | 1 << c)
}

/// `pieces` with cage `j` merged into cage `i`.
fn merged(pieces: &[Vec<usize>], i: usize, j: usize) -> Vec<Vec<usize>> {
    let mut merged = pieces.to_vec();
    let moved = std::mem::take(&mut merged[j]);
    merged[i].extend(moved);
    merged.remove(j);
    merged
}

/// Step 2 by search: every cell in turn is asked "is there a solution
/// with another digit here?"; where there is, the cell is pinned (a given,
/// or a one-cell cage). After the last cell the puzzle is unique.
fn pin_by_search(
    pieces: &mut Vec<Vec<usize>>,
    givens: &mut Grid,
    solution: &Grid,
    size: usize,
    rule: CageRule,
    rng: &mut dyn Rng,
    model_with: &dyn Fn(&[Vec<usize>]) -> Model,
) {
    let mut order: Vec<usize> = (0..givens.cells.len()).collect();
    order.shuffle(rng);
    let mut solver = Solver::new(&model_with(pieces));
    for &c in &order {
        if givens.cells[c].is_some() || pieces.iter().any(|p| p.len() == 1 && p[0] == c) {
            continue;
        }
        if !other_digit_possible(&solver, givens, c, solution) {
            continue;
        }
        if rule.givens {
            givens.cells[c] = solution.cells[c];
        } else {
            split_off(pieces, c, size);
            solver = Solver::new(&model_with(pieces));
        }
    }
}

/// Step 2 by the checker: cells in random order are pinned (a given, or
/// a one-cell cage) until the checker solves the puzzle at `level`. Its
/// solve is the proof of uniqueness; each pin costs one check, not a search
/// per cell. Every cell pinned solves, so it ends solved (`false` where it
/// does not: then the search pins the rest).
#[allow(clippy::too_many_arguments)]
fn pin_until_solved(
    check: &KillerCheck,
    level: Level,
    pieces: &mut Vec<Vec<usize>>,
    givens: &mut Grid,
    digits: &[u8],
    size: usize,
    rule: CageRule,
    rng: &mut dyn Rng,
) -> bool {
    let mut order: Vec<usize> = (0..digits.len()).collect();
    order.shuffle(rng);
    let mut order = order.into_iter();
    while !check.solves(pieces, digits, givens, level) {
        let Some(c) = order.by_ref().find(|&c| givens.cells[c].is_none() && pieces.iter().any(|p| p.len() > 1 && p.contains(&c))) else {
            return false;
        };
        if rule.givens {
            givens.cells[c] = Some(digits[c]);
        } else {
            split_off(pieces, c, size);
        }
    }
    true
}

/// Solo's first cages (solo.c `gen_killer_cages`): in reading order each
/// free cell takes its free right or lower neighbour as a domino (one of
/// the two at random) three times in four, or stays alone; a cell alone
/// joins a neighbouring cage ([`join_singles`]), which makes the threes that
/// keep the merged cages' sizes varied. Such small cages solve easily: the
/// merging grows them.
fn dominoes(size: usize, digits: &[u8], rule: CageRule, rng: &mut dyn Rng) -> Vec<Vec<usize>> {
    let mut taken = vec![false; size * size];
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for c in 0..size * size {
        if taken[c] {
            continue;
        }
        taken[c] = true;
        let right = (c % size + 1 < size).then_some(c + 1);
        let below = (c + size < size * size).then_some(c + size);
        let options: Vec<usize> = [right, below].into_iter().flatten().filter(|&m| !taken[m] && digits[m] != digits[c]).collect();
        match options.choose(rng).filter(|_| rng.random_ratio(3, 4)) {
            Some(&m) => {
                taken[m] = true;
                pieces.push(vec![c, m]);
            }
            None => pieces.push(vec![c]),
        }
    }
    join_singles(&mut pieces, digits, size, rule, rng);
    pieces
}

/// Each one-cell cage joins a random neighbouring cage that has room and
/// lacks its digit (Solo's `gen_killer_cages`): unchecked, before any
/// solve, so the puzzle starts with fewer one-cell cages to grow by trials.
fn join_singles(pieces: &mut Vec<Vec<usize>>, digits: &[u8], size: usize, rule: CageRule, rng: &mut dyn Rng) {
    let mut singles: Vec<usize> = pieces.iter().filter(|p| p.len() == 1).map(|p| p[0]).collect();
    singles.shuffle(rng);
    for a in singles {
        let Some(i) = pieces.iter().position(|p| p.len() == 1 && p[0] == a) else { continue };
        let options: Vec<usize> = side_neighbours(size, a)
            .filter_map(|b| pieces.iter().position(|p| p.contains(&b)))
            .filter(|&j| j != i && may_merge(pieces, i, j, digits, rule))
            .collect();
        if let Some(&j) = options.choose(rng) {
            pieces[j].push(a);
            pieces.remove(i);
        }
    }
}

/// Whether some solution of `givens` puts another digit in `cell` than
/// `solution` does (the search tries `solution`'s digits first: another
/// solution, where there is one, mostly differs from it in a few cells).
fn other_digit_possible(solver: &Solver, givens: &Grid, cell: usize, solution: &Grid) -> bool {
    solver.other_than(givens, cell, solution.cells[cell].unwrap_or(0), solution)
}

/// `cell` leaves its cage as a cage of its own; what is left of the cage
/// splits into its connected pieces.
fn split_off(pieces: &mut Vec<Vec<usize>>, cell: usize, size: usize) {
    let Some(i) = pieces.iter().position(|p| p.contains(&cell)) else {
        return;
    };
    let mut rest = pieces.remove(i);
    rest.retain(|&c| c != cell);
    pieces.push(vec![cell]);
    while let Some(&start) = rest.first() {
        let piece = piece_of(size, &rest, start);
        rest.retain(|c| !piece.contains(c));
        pieces.push(piece);
    }
}

/// Pairs of side-sharing cells in different cages, one per pair of cages.
fn neighbour_pairs(pieces: &[Vec<usize>], size: usize) -> Vec<(usize, usize)> {
    let mut owner = vec![0; size * size];
    for (k, p) in pieces.iter().enumerate() {
        for &c in p {
            owner[c] = k;
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for c in 0..size * size {
        for n in side_neighbours(size, c) {
            let (a, b) = (owner[c].min(owner[n]), owner[c].max(owner[n]));
            if a != b && seen.insert((a, b)) {
                out.push((c, n));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generated, Generator, Symmetry};
    use crate::grade::Grader;
    use crate::layout::cages::connected;
    use crate::store::StoredGrade;

    /// Killer-9 puzzles of seeds 1 to `n`, each with its own cell layout.
    fn killers(n: u64) -> Vec<(Generated, crate::layout::CellLayout)> {
        let generator = Generator::new(&Layout::load("killer-9").unwrap(), Symmetry::None);
        (1..=n)
            .map(|seed| {
                let p = generator.puzzle(seed).unwrap();
                let own = p.layout.as_ref().expect("killer puzzles carry their own layout").cells().unwrap().clone();
                (p, own)
            })
            .collect()
    }

    /// Cages of 8 and 9 cells that no draw fits on this grid: the attempt
    /// fails like any attempt whose cages do not work out (the batch counts
    /// it and goes on), not as an error about marks or islands.
    #[test]
    fn a_failed_cage_draw_is_a_failed_attempt() {
        let base = Layout::load("killer-9").unwrap();
        let solution = killers(1).remove(0).0.solution;
        let rule = CageRule { min: 8, max: 9, givens: true, one_cell: false };
        let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let digits: Vec<u8> = solution.cells.iter().map(|c| c.unwrap()).collect();
        let mut same = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        assert_eq!(draw(9, &digits, rule, &mut same), None, "the draw itself fails");
        assert_eq!(make(&base, rule, &solution, &mut rng, None, None).err(), Some(GenerateError::CageSizes { min: 8, max: 9 }));
    }

    #[test]
    fn killer_puzzles_are_unique_under_their_own_cages_and_cage_minimal() {
        for (p, cells) in killers(3) {
            let model = &cells.model;
            assert!(cells.random.is_empty());
            assert_eq!(p.givens.given_count(), 0, "killer-9 adds no givens");
            model.check_solution(&p.solution).unwrap();
            let solver = Solver::new(model);
            assert_eq!(solver.count(&p.givens, 2).solutions, 1);
            // Cages cover the grid, 1 to 5 cells each, one piece each.
            assert_eq!(model.cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
            for cage in &model.cages {
                assert!((1..=5).contains(&cage.cells.len()) && connected(9, &cage.cells), "{cage:?}");
            }
            // No two neighbouring cages could be merged and stay unique.
            for (i, j, merged) in merges(model, &p.solution) {
                assert_eq!(Solver::new(&merged).count(&p.givens, 2).solutions, 2, "seed {}: cages {i} and {j} could merge", p.seed);
            }
        }
    }

    /// The models with cages `i` and `j` of `model` merged, for every pair
    /// the generator may merge: side by side, no digit of `solution`
    /// twice, five cells at most.
    fn merges(model: &Model, solution: &Grid) -> Vec<(usize, usize, Model)> {
        let digits: Vec<u8> = solution.cells.iter().map(|c| c.unwrap()).collect();
        let mut out = Vec::new();
        for i in 0..model.cages.len() {
            for j in i + 1..model.cages.len() {
                let (a, b) = (&model.cages[i].cells, &model.cages[j].cells);
                let touch = a.iter().any(|&x| b.iter().any(|&y| side_neighbours(9, x).any(|n| n == y)));
                let repeat = a.iter().any(|&x| b.iter().any(|&y| digits[x] == digits[y]));
                if !touch || repeat || a.len() + b.len() > 5 {
                    continue;
                }
                let mut merged = model.clone();
                merged.cages[i].cells.extend(b.iter().copied());
                merged.cages[i].sum += model.cages[j].sum;
                merged.cages.remove(j);
                out.push((i, j, merged));
            }
        }
        out
    }

    /// Solo's rule before any solve: each one-cell cage of a draw joins a
    /// neighbouring cage with room and without its digit; the cages still
    /// cover the grid, in one piece each, no digit twice, five cells at
    /// most, and a one-cell cage is left only where no neighbour could take it.
    #[test]
    fn one_cell_cages_of_a_draw_join_a_neighbour() {
        let digits: Vec<u8> = killers(1).remove(0).0.solution.cells.iter().map(|c| c.unwrap()).collect();
        let rule = CageRule { min: 1, max: 5, givens: false, one_cell: false };
        let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let singles = |p: &[Vec<usize>]| p.iter().filter(|c| c.len() == 1).count();
        let mut pieces = std::iter::repeat_with(|| draw(9, &digits, rule, &mut rng).unwrap()).find(|p| singles(p) >= 3).unwrap();
        let before = singles(&pieces);
        join_singles(&mut pieces, &digits, 9, rule, &mut rng);
        assert!(singles(&pieces) < before, "{before} one-cell cages, {} after", singles(&pieces));
        let mut cells: Vec<usize> = pieces.iter().flatten().copied().collect();
        cells.sort_unstable();
        assert_eq!(cells, (0..81).collect::<Vec<_>>());
        for p in &pieces {
            assert!(p.len() <= 5 && connected(9, p), "{p:?}");
            assert!(p.iter().all(|&x| p.iter().filter(|&&y| digits[y] == digits[x]).count() == 1), "{p:?}");
        }
        for a in pieces.iter().filter(|p| p.len() == 1).map(|p| p[0]) {
            for b in side_neighbours(9, a) {
                let other = pieces.iter().find(|p| p.contains(&b)).unwrap();
                assert!(other.len() == 5 || other.iter().any(|&c| digits[c] == digits[a]), "cell {a} could join {other:?}");
            }
        }
    }

    /// Solo's first cages, pinned by the checker: they cover the grid,
    /// mostly with dominoes, each cage in one piece without a digit twice; the checker solves them, and so they have one
    /// solution.
    #[test]
    fn dominoes_pinned_until_the_checker_solves_are_unique() {
        let cells = Layout::load("killer-9").unwrap().cells().unwrap().clone();
        let check = KillerCheck::new(&cells.model).unwrap();
        let rule = CageRule { min: 1, max: 5, givens: false, one_cell: false };
        for (p, _) in killers(3) {
            let digits: Vec<u8> = p.solution.cells.iter().map(|c| c.unwrap()).collect();
            let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(p.seed);
            let mut pieces = dominoes(9, &digits, rule, &mut rng);
            let mut covered: Vec<usize> = pieces.iter().flatten().copied().collect();
            covered.sort_unstable();
            assert_eq!(covered, (0..81).collect::<Vec<_>>());
            assert!(pieces.iter().all(|c| c.len() <= 5 && connected(9, c)), "{pieces:?}");
            assert!(pieces.iter().filter(|c| c.len() == 2).count() * 2 >= pieces.len(), "mostly dominoes: {pieces:?}");
            let mut givens = Grid::empty(81);
            for level in [Level::Medium, Level::Easy] {
                assert!(pin_until_solved(&check, level, &mut pieces, &mut givens, &digits, 9, rule, &mut rng));
                assert!(check.solves(&pieces, &digits, &givens, level), "seed {}", p.seed);
            }
            assert_eq!(givens.given_count(), 0, "killer-9 pins by one-cell cages");
            for c in &pieces {
                assert!(c.iter().all(|&x| c.iter().filter(|&&y| digits[y] == digits[x]).count() == 1), "{c:?}");
            }
            let model = Model { cages: sums(&pieces, &digits), ..cells.model.clone() };
            assert_eq!(Solver::new(&model).count(&givens, 2).solutions, 1, "seed {}", p.seed);
        }
    }

    /// Solo's merge loop on pinned cages: it merges some, and what it
    /// leaves the checker solves at the level (so the puzzle is unique).
    #[test]
    fn the_random_merge_loop_keeps_what_the_checker_solves() {
        let base = Layout::load("killer-9").unwrap();
        let cells = base.cells().unwrap();
        let check = KillerCheck::new(&cells.model).unwrap();
        for (p, own) in killers(3) {
            let digits: Vec<u8> = p.solution.cells.iter().map(|c| c.unwrap()).collect();
            // The finished puzzle's cages, each cut into one-cell cages
            // and pairs: unique (more cages, each smaller) and easy to solve.
            let mut pieces: Vec<Vec<usize>> = Vec::new();
            for cage in &own.model.cages {
                let mut rest = cage.cells.clone();
                while let Some(&start) = rest.first() {
                    let pair: Vec<usize> =
                        std::iter::once(start).chain(rest.iter().copied().find(|&c| side_neighbours(9, start).any(|n| n == c))).collect();
                    rest.retain(|c| !pair.contains(c));
                    pieces.push(pair);
                }
            }
            let givens = Grid::empty(81);
            assert!(check.solves(&pieces, &digits, &givens, Level::Medium), "seed {}: the cut cages solve", p.seed);
            let model_with = |pieces: &[Vec<usize>]| Model { cages: sums(pieces, &digits), ..cells.model.clone() };
            let rule = CageRule { min: 1, max: 5, givens: false, one_cell: false };
            let growth = Growth {
                digits: &digits,
                size: 9,
                rule,
                givens: &givens,
                model_with: &model_with,
                accept: None,
                quick: Some((&check, Level::Medium)),
            };
            let before = pieces.len();
            let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(p.seed);
            growth.merge_at_random(&mut pieces, &mut rng);
            assert!(pieces.len() < before, "seed {}: no merge", p.seed);
            assert!(check.solves(&pieces, &digits, &givens, Level::Medium), "seed {}", p.seed);
            assert_eq!(Solver::new(&model_with(&pieces)).count(&givens, 2).solutions, 1, "seed {}", p.seed);
        }
    }

    /// What lets the generator skip the count-to-2: a rating that solved
    /// the grid by deductions alone. On unique killers some ratings do; on
    /// the same killers with two cages merged (two solutions each, as the
    /// test above finds) none may.
    #[test]
    fn a_rating_proves_uniqueness_only_of_unique_killers() {
        let mut proved = 0;
        for (p, cells) in killers(4) {
            let judged = Judged::of_rating(Grader::new(&cells.model).unwrap().rate(&p.givens));
            proved += usize::from(judged == Judged::ProvedUnique);
            for (i, j, merged) in merges(&cells.model, &p.solution) {
                let judged = Judged::of_rating(Grader::new(&merged).unwrap().rate(&p.givens));
                assert_eq!(judged, Judged::Passed, "seed {}: cages {i} and {j} merged have two solutions", p.seed);
            }
        }
        assert!(proved > 0, "some killer of the sample is solved by deductions alone");
    }

    /// One-cell cages of `n` easy killers each (the first seeds that make
    /// one): by default, and with `--one-cell-cages`; each puzzle unique.
    fn one_cell_cages(n: usize) -> (Vec<usize>, Vec<usize>) {
        let base = Layout::load("killer-9").unwrap();
        let own = base.cells().unwrap().random.cages.unwrap();
        assert!(!own.one_cell, "killer-9 grows its one-cell cages by default");
        let asked = crate::generate::Controls { cages: Some(CageRule { one_cell: true, ..own }), ..Default::default() };
        let mut out = (Vec::new(), Vec::new());
        for (controls, counts) in [(crate::generate::Controls::default(), &mut out.0), (asked, &mut out.1)] {
            let family = crate::family::of(base.clone(), &controls).unwrap();
            for seed in 1..200 {
                if counts.len() == n {
                    break;
                }
                let Some(p) = family.make(seed, Some(crate::level::Level::Easy)).unwrap() else { continue };
                let own = Layout::from_source(std::path::Path::new("killer-9.toml"), p.own_layout.clone().unwrap()).unwrap();
                let model = &own.cells().unwrap().model;
                let givens = model.parse_grid(&p.givens).unwrap();
                assert_eq!(Solver::new(model).count(&givens, 2).solutions, 1, "seed {seed}: unique");
                assert_eq!(p.level, "easy");
                counts.push(model.cages.iter().filter(|c| c.cells.len() == 1).count());
            }
            assert_eq!(counts.len(), n);
        }
        out
    }

    #[test]
    fn easy_killers_grow_their_one_cell_cages_unless_asked() {
        let (few, many) = one_cell_cages(3);
        assert!(few.iter().sum::<usize>() < many.iter().sum::<usize>(), "default {few:?}, --one-cell-cages {many:?}");
    }

    /// The measure of docs/books-words.md: one-cell cages per puzzle over
    /// 20 easy killers.
    #[test]
    #[ignore = "makes 40 easy killers: minutes in a debug build"]
    fn one_cell_cages_over_twenty_easy_killers() {
        let (few, many) = one_cell_cages(20);
        let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
        println!("one-cell cages per easy killer: default {:.2} {few:?}; --one-cell-cages {:.2} {many:?}", mean(&few), mean(&many));
        assert!(mean(&few) * 2.0 <= mean(&many));
    }

    /// The rating alone (which stops at a killer grid's first guess:
    /// nothing rates higher) stores what the full grade does, on a sample
    /// that reaches the ladder's chains.
    #[test]
    fn a_killer_rating_stores_what_its_full_grade_stores() {
        let mut chains = 0;
        for (p, own) in killers(12) {
            let grader = Grader::new(&own.model).unwrap();
            let graded = grader.grade(&p.givens).unwrap();
            let rated = grader.rate(&p.givens).unwrap();
            assert_eq!(StoredGrade::of_rating(&rated), StoredGrade::of(&graded), "seed {}", p.seed);
            chains += usize::from(matches!(rated.hardest.reasoning(), crate::grade::Reasoning::Chains | crate::grade::Reasoning::Trial));
            // One-cell cages count as givens: no path starts with one.
            let first = graded.steps.first().map(|s| s.description.clone()).unwrap_or_default();
            assert!(!first.contains("cage combination: the 1 cells"), "seed {}: {first}", p.seed);
        }
        assert!(chains > 0, "some killer grid of the sample needs a chain or a guess");
    }
}
