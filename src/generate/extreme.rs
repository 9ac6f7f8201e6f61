//! Puzzles within a range of Sudoku Explainer ratings (`--rating 9.0..`):
//! a hill climb over clue sets, in the spirit of tdoku's generator (which
//! climbs on a solver-effort loss); here the loss is the grader's own
//! rating, the very number the range is about.
//!
//! One climb (one batch attempt) starts from the closest of a few fresh
//! minimal puzzles and then moves, step by step, to a neighbour: a few
//! clues (orbits, under a symmetry) are dropped, clues are added back in
//! random order until the puzzle is unique again — for the same solution
//! outside the range, for another solution of what was left once inside
//! it — and the result is thinned to a minimal puzzle. A neighbour no
//! farther from the range than the current puzzle replaces it (so the climb
//! also walks along plateaus and, once inside the range, keeps finding new
//! puzzles there).
//! The puzzles met inside the range are returned, one per solution: unique,
//! minimal (among symmetric removals), rated by the grader.

use super::{GenerateError, Generated, Generator, Start, cells_of};
use crate::grade::Grader;
use crate::layout::CellLayout;
use crate::level::RatingRange;
use crate::model::{Grid, Symbol};
use crate::solver::Solver;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// Fresh minimal puzzles a climb starts from (it climbs from the closest).
const STARTS: usize = 12;
/// Neighbours one climb visits.
const STEPS: usize = 150;
/// A climb stops once it has found this many puzzles in the range (each
/// with its own solution), so a batch's puzzles come from many climbs.
const MAX_FOUND: usize = 6;
/// Orbits of givens a step drops: one or two (tdoku drops three).
///
/// Measured on classic-9 `--rating 9.0..` (300 puzzles a setting, about
/// 450 climbs, from seeds 100000–500000, and again from the held-out seeds
/// 600000–1000000) and `8.5..`: with this, and steps that keep the solution
/// while outside the range, the search finds 1.2–1.3 times as many distinct
/// puzzles a second of CPU as with up to three orbits and half of the
/// outside steps moving to another solution (the setting before; 1.1–1.2
/// over every puzzle measured, docs/speed.md "SE ≥ 9 over many climbs").
/// Up to one orbit was no better; up to five, a quarter of the outside steps
/// moving, or fewer starts did worse. A climb meets the range at about the same
/// rate (0.4–0.5 % of its steps) however far it has come, so more steps per
/// climb and more climbs cost alike.
const MAX_DROPPED: usize = 2;

/// What one climb works on: the layout its puzzle lives under, with its
/// solver, grader and orbits.
struct Ground<'a> {
    layout: &'a CellLayout,
    solver: &'a Solver,
    grader: &'a Grader,
    orbits: &'a [Vec<usize>],
    /// Whether a step may move to another solution of the puzzle (not
    /// where marks or regions were drawn on the solution).
    new_solutions: bool,
    range: RatingRange,
}

/// A puzzle of the climb, its solution and its rating.
#[derive(Clone)]
struct Point {
    givens: Grid,
    solution: Grid,
    rating: f64,
}

fn distance(range: &RatingRange, rating: f64) -> f64 {
    if range.contains(rating) {
        0.0
    } else if rating < range.low {
        range.low - rating
    } else {
        rating - range.high
    }
}

impl Generator {
    /// One climb from `seed` towards `range`: every distinct puzzle met in
    /// the range (none when the climb found none), no two of them closer
    /// than `twin_distance` cells ([`crate::twins::distance`]; `None`: the
    /// default for the grid's size; 0: no guard). Needs the technique grader for the layout (the families
    /// check that first).
    pub fn rated_puzzles(&self, seed: u64, range: RatingRange, twin_distance: Option<usize>) -> Result<Vec<Generated>, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (symmetry, orbits) = match self.orbits.len() {
            1 => &self.orbits[0],
            n => &self.orbits[rng.random_range(0..n)],
        };
        // The closest of a few fresh grids' minimal puzzles.
        let mut best: Option<(Point, Option<crate::layout::Layout>)> = None;
        for _ in 0..STARTS {
            let (solution, derived) = match self.start(&mut rng)? {
                Start::Killer(..) => return Ok(Vec::new()),
                Start::Grid { solution, derived } => (solution, derived),
            };
            let layout = derived.as_ref().map_or(self.cells(), cells_of);
            let own;
            let solver = match &derived {
                Some(d) => {
                    own = Solver::new(&cells_of(d).model);
                    &own
                }
                None => &self.solver,
            };
            let Some(grader) = Grader::new(&layout.model) else { return Ok(Vec::new()) };
            let ground = Ground { layout, solver, grader: &grader, orbits, new_solutions: false, range };
            let mut givens = solution.clone();
            ground.minimise(&mut givens, &solution, &mut rng);
            let Some(rating) = ground.rating(&givens) else { continue };
            let point = Point { givens, solution, rating };
            if best.as_ref().is_none_or(|(b, _)| distance(&range, point.rating) < distance(&range, b.rating)) {
                best = Some((point, derived));
            }
        }
        let Some((mut current, derived)) = best else { return Ok(Vec::new()) };
        let layout = derived.as_ref().map_or(self.cells(), cells_of);
        let own;
        let solver = match &derived {
            Some(d) => {
                own = Solver::new(&cells_of(d).model);
                &own
            }
            None => &self.solver,
        };
        let Some(grader) = Grader::new(&layout.model) else { return Ok(Vec::new()) };
        // Marks or regions drawn on the solution hold only for it.
        let ground = Ground { layout, solver, grader: &grader, orbits, new_solutions: derived.is_none(), range };

        // One puzzle a solution: two puzzles of a book never share their
        // answer; and no near-twins (neighbours differ in a few cells).
        let mut solutions_kept: HashSet<Vec<Option<Symbol>>> = HashSet::new();
        let mut found: Vec<Point> = Vec::new();
        let mut twins = crate::twins::Guard::new(twin_distance, Vec::new());
        let model = &layout.model;
        let mut keep = |point: &Point, found: &mut Vec<Point>| {
            if !range.contains(point.rating) || solutions_kept.contains(&point.solution.cells) {
                return;
            }
            let (givens, solution) = (model.format_grid(&point.givens), model.format_grid(&point.solution));
            if twins.admit(crate::twins::Texts { givens: &givens, solution: &solution }) {
                solutions_kept.insert(point.solution.cells.clone());
                found.push(point.clone());
            }
        };
        keep(&current, &mut found);
        for _ in 0..STEPS {
            if found.len() >= MAX_FOUND {
                break;
            }
            // Inside the range, a neighbour of the same solution could not
            // be kept: move to another solution every step.
            let inside = range.contains(current.rating);
            let next = ground.neighbour(&current, &mut rng, inside);
            let Some(rating) = ground.rating(&next.givens) else { continue };
            let next = Point { rating, ..next };
            keep(&next, &mut found);
            if distance(&range, next.rating) <= distance(&range, current.rating) {
                current = next;
            }
        }
        // Every point of the climb is minimal among its orbits (`minimise`, `neighbour`).
        Ok(found
            .into_iter()
            .map(|p| Generated { minimal: Some(true), ..self.finish(solver, p.givens, p.solution, seed, derived.clone(), *symmetry) })
            .collect())
    }
}

impl Ground<'_> {
    /// The grader's rating (the hardest step of its path, the path itself
    /// not described), to one decimal as stored and as ranges are written.
    /// With no upper end to the range (a guess, 10.0, is the highest
    /// rating) a puzzle needing any step at or above the low end is in
    /// range, whatever comes after: the grader stops at that step, and the
    /// puzzle counts as rated the low end.
    fn rating(&self, givens: &Grid) -> Option<f64> {
        let tenth = |r: f32| (f64::from(r) * 10.0).round() / 10.0;
        if self.range.high >= 10.0 && self.range.low >= 1.0 {
            let below_low = (self.range.low * 10.0).round() as u32 - 1;
            return match self.grader.rate_up_to(givens, below_low) {
                Some(rating) => rating.solved.then(|| tenth(rating.se_rating)),
                None => Some(self.range.low),
            };
        }
        let rating = self.grader.rate(givens)?;
        rating.solved.then(|| tenth(rating.se_rating))
    }

    /// Whether cell `c` may be erased (Trividoku's lettered cells stay).
    fn erasable(&self, c: usize) -> bool {
        self.layout.letters[c].is_none()
    }

    /// Erases whole orbits in random order while the puzzle stays unique.
    fn minimise(&self, givens: &mut Grid, solution: &Grid, rng: &mut ChaCha8Rng) {
        let mut order: Vec<&Vec<usize>> = self.orbits.iter().collect();
        order.shuffle(rng);
        for group in order {
            let orbit: Vec<usize> = group.iter().copied().filter(|&c| givens.cells[c].is_some() && self.erasable(c)).collect();
            if !orbit.is_empty() && super::removal_keeps_unique(self.solver, givens, solution, &orbit) {
                orbit.iter().for_each(|&c| givens.cells[c] = None);
            }
        }
    }

    /// Adds whole orbits of `solution` in random order (those in `last`
    /// at the end) wherever some other solution still differs there; after
    /// one pass every cell is given or forced, so the puzzle is unique.
    fn complete(&self, givens: &mut Grid, solution: &Grid, last: &[usize], rng: &mut ChaCha8Rng) {
        let mut order: Vec<usize> = (0..self.orbits.len()).filter(|o| !last.contains(o)).collect();
        order.shuffle(rng);
        order.extend_from_slice(last);
        for o in order {
            let orbit = &self.orbits[o];
            // The eraser's question, searched near the known solution.
            let free = orbit
                .iter()
                .any(|&c| givens.cells[c].is_none() && self.solver.other_than(givens, c, solution.cells[c].unwrap_or(0), solution));
            if free {
                orbit.iter().for_each(|&c| givens.cells[c] = solution.cells[c]);
                // Once the puzzle is unique no orbit left is free: the
                // questions for them would all answer no.
                if self.solver.count(givens, 2).solutions == 1 {
                    return;
                }
            }
        }
    }

    /// A nearby minimal puzzle: one or two orbits of givens dropped, the
    /// puzzle made unique again — for the same solution or, when
    /// `new_solution` and the layout allow, for another solution of what is
    /// left — then thinned. Its rating is left for the caller.
    fn neighbour(&self, from: &Point, rng: &mut ChaCha8Rng, new_solution: bool) -> Point {
        let mut next = from.givens.clone();
        let mut held: Vec<usize> =
            (0..self.orbits.len()).filter(|&o| self.orbits[o].iter().any(|&c| next.cells[c].is_some() && self.erasable(c))).collect();
        held.shuffle(rng);
        let dropped: Vec<usize> = held.into_iter().take(rng.random_range(1..=MAX_DROPPED)).collect();
        for &o in &dropped {
            self.orbits[o].iter().filter(|&&c| self.erasable(c)).for_each(|&c| next.cells[c] = None);
        }
        // The puzzle was minimal, so some other solution differs on the
        // first dropped cell.
        let moved = match (self.new_solutions && new_solution, dropped.first()) {
            (true, Some(&o)) => {
                let cell = self.orbits[o][0];
                self.solver.count_excluding(&next, &[(cell, from.solution.cells[cell].unwrap_or(0))], 1).first
            }
            _ => None,
        };
        let solution = moved.unwrap_or_else(|| from.solution.clone());
        self.complete(&mut next, &solution, &dropped, rng);
        self.minimise(&mut next, &solution, rng);
        Point { givens: next, solution, rating: f64::NAN }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn climbs_return_unique_minimal_puzzles_inside_the_range() {
        let base = Layout::load("classic-9").unwrap();
        let generator = Generator::new(&base, super::super::Symmetry::None);
        let model = &base.cells().unwrap().model;
        let grader = Grader::new(model).unwrap();
        let range: RatingRange = "6.0..8.0".parse().unwrap();
        let found: Vec<Generated> = (1..).map(|seed| generator.rated_puzzles(seed, range, None).unwrap()).find(|v| !v.is_empty()).unwrap();
        for p in &found {
            let rating = crate::store::StoredGrade::of(&grader.grade(&p.givens).unwrap()).se_rating;
            assert!(range.contains(rating), "rated {rating}");
            assert_eq!(generator.solver.count(&p.givens, 2).solutions, 1);
            for cell in (0..81).filter(|&c| p.givens.cells[c].is_some()) {
                let mut fewer = p.givens.clone();
                fewer.cells[cell] = None;
                assert_eq!(generator.solver.count(&fewer, 2).solutions, 2, "minimal");
            }
        }
        let solutions: HashSet<_> = found.iter().map(|p| p.solution.cells.clone()).collect();
        assert_eq!(solutions.len(), found.len(), "no two puzzles of a climb share their solution");
    }
}
