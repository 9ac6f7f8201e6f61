//! Puzzle generation: a random full grid under the layout, then clue erasure
//! that keeps each removal only while the solution stays unique.

mod removal;
mod unavoidable;

pub use removal::Steering;
use removal::{Eraser, Shape};

use crate::layout::{CellLayout, Layout};
use crate::level::Level;
use crate::model::{Grid, Symbol};
use crate::score::candidate_score;
use crate::solver::{SearchStats, Solver};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

mod controls;
mod extreme;
pub mod needs;
pub mod pattern;
mod symmetry;

pub use controls::{Controls, DEFAULT_TIME_LIMIT, parse_cage_sizes};
pub use needs::Needs;
pub use pattern::{Pattern, PatternError};
pub use symmetry::{Symmetry, SymmetryError};

#[derive(Clone, Debug)]
pub struct Generated {
    pub givens: Grid,
    pub solution: Grid,
    pub seed: u64,
    pub score: u32,
    pub level: Level,
    /// The solver's effort to prove the final puzzle unique.
    pub effort: SearchStats,
    /// The layout with this puzzle's own marks or islands, when the layout
    /// leaves them to the generator.
    pub layout: Option<Layout>,
    /// The symmetry its givens keep (drawn from the seed under `any`).
    pub symmetry: Symmetry,
    /// Whether no group of givens erased together (a cell and its images
    /// under `symmetry`; one cell without symmetry) can go without a second
    /// solution; `None` where the generator does not know (killer puzzles,
    /// whose cages are thinned rather than their givens).
    pub minimal: Option<bool>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GenerateError {
    #[error("the layout has no complete grid at all (the search proved it): its marks or relations cannot all be met")]
    Unfillable,
    #[error("choosing the puzzle's marks or islands: {0}")]
    Random(String),
    /// No cages of the sizes were found to cover this attempt's grid, or
    /// they could not settle every cell within the sizes: this attempt
    /// makes no puzzle (the next seed draws new cages).
    #[error("no cages of {min} to {max} cells were found that cover this grid and settle every cell")]
    CageSizes { min: usize, max: usize },
    #[error(
        "no complete grid found in {attempts} attempts of {nodes} search nodes each: the layout's marks are probably impossible to meet"
    )]
    FillGaveUp { attempts: u32, nodes: u64 },
}

/// Makes, for a puzzle's own model, the test its givens must pass while
/// they are thinned (or its cages merged): e.g. "grades at most hard". `None`
/// where the model has no such test.
pub type Acceptance<'a> = dyn Fn(&crate::model::Model) -> Option<Check<'a>> + Sync + 'a;

/// A test of givens under one model (see [`Acceptance`]).
pub type Check<'a> = Box<dyn Fn(&Grid) -> Judged + Sync + 'a>;

/// What a [`Check`] found of some givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// They fail the test.
    Refused,
    /// They pass; whether they have one solution is not known.
    Passed,
    /// They pass, and the test proved they have at most one solution: a
    /// human-style solve that placed every cell by deductions alone (no
    /// step assuming uniqueness, no guess). Each deduction holds in every
    /// solution, so every solution is the grid it reached; givens read off
    /// a known solution have that one, so exactly one. The count-to-2 after
    /// such a test would only repeat it.
    ProvedUnique,
}

impl Judged {
    /// The judgement of a rating found within the test's bounds (`None`:
    /// not within them).
    pub fn of_rating(within: Option<crate::grade::Rating>) -> Judged {
        match within {
            None => Judged::Refused,
            Some(r) if r.solved && !r.assumed_unique => Judged::ProvedUnique,
            Some(_) => Judged::Passed,
        }
    }

    pub fn passed(self) -> bool {
        self != Judged::Refused
    }
}

/// Effort bound for filling: restarts with fresh random choices, then stop.
const FILL_ATTEMPTS: u32 = 8;
const FILL_NODES_PER_ATTEMPT: u64 = 200_000;

/// Everything needed to make puzzles of one cell layout; shareable across threads.
pub struct Generator {
    layout: Layout,
    pub solver: Solver,
    /// The groups of cells erased together, per symmetry a puzzle may take
    /// (one entry, or under `any` every symmetry the layout admits).
    orbits: Vec<(Symmetry, Vec<Vec<usize>>)>,
    shape: AnyShape,
}

/// The erasure's bitsets, as wide as the model needs.
enum AnyShape {
    W2(Shape<2>),
    W4(Shape<4>),
    W6(Shape<6>),
    W10(Shape<10>),
}

impl AnyShape {
    fn new(model: &crate::model::Model) -> AnyShape {
        match model.cell_count() {
            0..=128 => AnyShape::W2(Shape::new(model)),
            129..=256 => AnyShape::W4(Shape::new(model)),
            257..=384 => AnyShape::W6(Shape::new(model)),
            _ => AnyShape::W10(Shape::new(model)),
        }
    }
}

/// The cell part of a layout the generator was made for.
fn cells_of(layout: &Layout) -> &CellLayout {
    layout.cells().expect("a Generator is only made for cell layouts (see Generator::new)")
}

impl Generator {
    /// # Panics
    /// When `layout` is not of the sudoku family (the families decide that
    /// before they make a generator), or `symmetry` does not map it onto
    /// itself (see [`Generator::symmetric`]; `Symmetry::None` always does).
    pub fn new(layout: &Layout, symmetry: Symmetry) -> Generator {
        Generator::symmetric(layout, symmetry).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A generator whose puzzles keep `symmetry`; refused when it does not
    /// map the layout onto itself (`any`: when it admits none).
    pub fn symmetric(layout: &Layout, symmetry: Symmetry) -> Result<Generator, SymmetryError> {
        let cells = cells_of(layout);
        let orbits = match symmetry {
            Symmetry::Any => {
                let admitted = Symmetry::admitted(layout);
                if admitted.is_empty() {
                    let named: Vec<&str> = Symmetry::ALL[1..Symmetry::ALL.len() - 1].iter().map(|s| s.as_str()).collect();
                    return Err(SymmetryError {
                        layout: layout.id.clone(),
                        symmetry,
                        why: format!("it admits none of {} (see `--symmetry` in `generate --help`)", named.join(", ")),
                    });
                }
                admitted
            }
            one => vec![(one, one.orbits(layout)?)],
        };
        Ok(Generator { solver: Solver::new(&cells.model), orbits, shape: AnyShape::new(&cells.model), layout: layout.clone() })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn cells(&self) -> &CellLayout {
        cells_of(&self.layout)
    }

    /// Makes one minimal unique puzzle from `seed`; same seed, same puzzle.
    pub fn puzzle(&self, seed: u64) -> Result<Generated, GenerateError> {
        self.puzzle_steered(seed, Steering::Minimal)
    }

    /// Like [`Generator::puzzle`], but a clue only goes while `acceptable`
    /// still holds for what is left (e.g. "a human solves it with these
    /// techniques"): easier puzzles then keep the clues that make them so
    /// instead of being searched for among minimal ones, which are mostly
    /// hard. `acceptable` must hold for every puzzle naked and hidden
    /// singles solve (see [`Steering::Within`]).
    pub fn puzzle_within(&self, seed: u64, acceptable: &(dyn Fn(&Grid) -> bool + Sync)) -> Result<Generated, GenerateError> {
        self.puzzle_steered(seed, Steering::Within(acceptable))
    }

    /// One unique puzzle from `seed` whose clues go as `steering` lets them.
    pub fn puzzle_steered(&self, seed: u64, steering: Steering) -> Result<Generated, GenerateError> {
        self.make(seed, steering, None, None)
    }

    /// Like [`Generator::puzzle_within`] for layouts that draw parts per
    /// puzzle (marks, islands, regions, killer cages): `accept` makes the
    /// test for each puzzle's own model (`None`: no test, anything goes),
    /// and clues go, or killer cages merge, only while it holds.
    pub fn puzzle_accepted(&self, seed: u64, accept: &Acceptance<'_>) -> Result<Generated, GenerateError> {
        self.make(seed, Steering::Minimal, Some(accept), None)
    }

    /// [`Generator::puzzle_accepted`] where `accept` is "grades at most
    /// `level`": a killer's merges are then judged by the quick deduction
    /// checker ([`crate::grade::KillerCheck`]) instead of a grader built
    /// per trial (at hard, by the checker first and `accept` where it does
    /// not solve). The finished puzzle is graded by the caller as before.
    pub fn puzzle_at_most(&self, seed: u64, level: Level, accept: &Acceptance<'_>) -> Result<Generated, GenerateError> {
        self.make(seed, Steering::Minimal, Some(accept), Some(level))
    }

    fn make(
        &self,
        seed: u64,
        steering: Steering,
        accept: Option<&Acceptance<'_>>,
        within: Option<Level>,
    ) -> Result<Generated, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (solution, derived) = match self.start(&mut rng)? {
            Start::Killer(rule, solution) => return self.killer(rule, solution, seed, &mut rng, accept, within),
            Start::Grid { solution, derived } => (solution, derived),
        };
        let own_solver;
        let checker;
        let passes;
        let steering = match accept {
            Some(accept) => {
                checker = accept(&derived.as_ref().map_or(self.cells(), cells_of).model);
                // The eraser counts every removal itself: a pass is a pass.
                passes = checker.as_ref().map(|check| move |givens: &Grid| check(givens).passed());
                match &passes {
                    Some(pass) => Steering::Within(pass),
                    None => steering,
                }
            }
            None => steering,
        };
        let (layout, solver) = match &derived {
            Some(d) => {
                own_solver = Solver::new(&cells_of(d).model);
                (cells_of(d), &own_solver)
            }
            None => (self.cells(), &self.solver),
        };
        let model = &layout.model;
        // Under `any` the seed draws the symmetry (no draw otherwise, so
        // the other symmetries' puzzles do not depend on the list).
        let (symmetry, orbits) = match self.orbits.len() {
            1 => &self.orbits[0],
            n => &self.orbits[rng.random_range(0..n)],
        };
        let mut order: Vec<u32> = (0..orbits.len() as u32).collect();
        order.shuffle(&mut rng);
        let groups = order.iter().map(|&g| orbits[g as usize].as_slice());
        let own_shape;
        let shape = match &derived {
            Some(_) => {
                own_shape = AnyShape::new(model);
                &own_shape
            }
            None => &self.shape,
        };
        let (givens, minimal) = match shape {
            AnyShape::W2(s) => erase(layout, s, solver, &solution, groups, steering),
            AnyShape::W4(s) => erase(layout, s, solver, &solution, groups, steering),
            AnyShape::W6(s) => erase(layout, s, solver, &solution, groups, steering),
            AnyShape::W10(s) => erase(layout, s, solver, &solution, groups, steering),
        };
        Ok(Generated { minimal: Some(minimal), ..self.finish(solver, givens, solution, seed, derived, *symmetry) })
    }
}

/// A random full grid, and what the layout draws per puzzle.
enum Start {
    /// Killer cages are drawn on this grid and made unique there.
    Killer(crate::layout::cages::CageRule, Grid),
    /// The grid and, when the layout draws marks, islands or regions per
    /// puzzle, the puzzle's own layout with them drawn in.
    Grid { solution: Grid, derived: Option<Layout> },
}

/// Region sets drawn before a layout with `random_regions` gives up, and
/// search nodes one fill may take before its regions are drawn again (a
/// region set with no grid at all is rare, but can take long to prove).
const REGION_DRAWS: u32 = 50;
const REGION_FILL_NODES: u64 = 20_000;

impl Generator {
    /// The grid a puzzle starts from: regions drawn first where the layout
    /// leaves them to the generator (drawn again until a grid fits them),
    /// then a random fill, then marks and islands drawn on that grid.
    fn start(&self, rng: &mut ChaCha8Rng) -> Result<Start, GenerateError> {
        let random = |e: crate::layout::LayoutError| GenerateError::Random(e.to_string());
        let (mut solution, drawn) = match self.cells().random.regions {
            false => (fill(&self.solver, rng)?, None),
            true => {
                let mut found = None;
                for _ in 0..REGION_DRAWS {
                    let regions = crate::layout::jigsaw::draw(self.cells().size, rng);
                    let layout = crate::layout::jigsaw::with_regions(&self.layout, &regions).map_err(random)?;
                    if let Some((grid, _)) = Solver::new(&cells_of(&layout).model).random_fill(rng, REGION_FILL_NODES) {
                        found = Some((grid, Some(layout)));
                        break;
                    }
                }
                found.ok_or_else(|| GenerateError::Random(format!("no grid fitted any of {REGION_DRAWS} region sets drawn")))?
            }
        };
        if self.cells().word_in_row {
            spell_along_a_row(&mut solution, self.cells().size, rng);
        }
        if let Some(rule) = self.cells().random.cages {
            return Ok(Start::Killer(rule, solution));
        }
        // Marks or islands left to the generator are drawn on this grid;
        // the puzzle is then made (and stored) under that derived layout.
        let base = drawn.as_ref().unwrap_or(&self.layout);
        let derived = match cells_of(base).random.is_empty() {
            true => drawn,
            false => Some(crate::layout::randomise::derive(base, &solution, rng).map_err(random)?),
        };
        Ok(Start::Grid { solution, derived })
    }

    /// The record of a finished unique puzzle: the effort to prove it, its
    /// candidate score and score level.
    fn finish(&self, solver: &Solver, givens: Grid, solution: Grid, seed: u64, derived: Option<Layout>, symmetry: Symmetry) -> Generated {
        let layout = derived.as_ref().map_or(self.cells(), cells_of);
        let count = solver.count(&givens, 2);
        debug_assert_eq!(count.solutions, 1);
        let score = candidate_score(&layout.model, &givens);
        let level = Level::from_score(score, &layout.level_bands);
        Generated { givens, solution, seed, score, level, effort: count.stats, layout: derived, symmetry, minimal: None }
    }

    fn killer(
        &self,
        rule: crate::layout::cages::CageRule,
        solution: Grid,
        seed: u64,
        rng: &mut ChaCha8Rng,
        accept: Option<&Acceptance<'_>>,
        within: Option<Level>,
    ) -> Result<Generated, GenerateError> {
        let made = crate::killer::make(&self.layout, rule, &solution, rng, accept, within)?;
        let model = &cells_of(&made.layout).model;
        let count = Solver::new(model).count(&made.givens, 2);
        debug_assert_eq!(count.solutions, 1);
        let score = candidate_score(model, &made.givens);
        let level = Level::from_score(score, &cells_of(&made.layout).level_bands);
        Ok(Generated {
            givens: made.givens,
            solution,
            seed,
            score,
            level,
            effort: count.stats,
            layout: Some(made.layout),
            symmetry: Symmetry::None,
            minimal: None,
        })
    }
}

fn fill(solver: &Solver, rng: &mut ChaCha8Rng) -> Result<Grid, GenerateError> {
    for _ in 0..FILL_ATTEMPTS {
        match solver.random_fill(rng, FILL_NODES_PER_ATTEMPT) {
            Some((grid, _)) => return Ok(grid),
            None => continue,
        }
    }
    // Tell "impossible" from "hard to find" with one exhaustive search.
    if solver.count(&Grid::empty(solver.cell_count()), 1).solutions == 0 {
        return Err(GenerateError::Unfillable);
    }
    Err(GenerateError::FillGaveUp { attempts: FILL_ATTEMPTS, nodes: FILL_NODES_PER_ATTEMPT })
}

/// Relabels a full grid of one `size`×`size` square so that a row drawn
/// from `rng` reads the symbols in order (a relabelled solution is still a
/// solution when every symbol plays the same part).
fn spell_along_a_row(solution: &mut Grid, size: usize, rng: &mut ChaCha8Rng) {
    let row = rng.random_range(0..size);
    let mut relabel = vec![0; size];
    for col in 0..size {
        if let Some(s) = solution.cells[row * size + col] {
            relabel[s as usize] = col as Symbol;
        }
    }
    for cell in solution.cells.iter_mut() {
        *cell = cell.map(|s| relabel[s as usize]);
    }
}

/// The puzzle without `orbit` (cells still given) stays unique iff no
/// solution differs from `solution` on an orbit cell: for cell i, a
/// solution with another symbol there, the earlier orbit cells keeping
/// theirs (those cases were looked at already). Exact, no node budget.
/// `givens` is as it was afterwards.
fn removal_keeps_unique(solver: &Solver, givens: &mut Grid, solution: &Grid, orbit: &[usize]) -> bool {
    for (i, &c) in orbit.iter().enumerate() {
        for &d in &orbit[i..] {
            givens.cells[d] = None;
        }
        let other = solver.other_than(givens, c, solution.cells[c].unwrap_or(0), solution);
        for &d in &orbit[i..] {
            givens.cells[d] = solution.cells[d];
        }
        if other {
            return false;
        }
    }
    true
}

/// Erases clues group by group in the order given; Trividoku's lettered
/// cells stay (solvers learn them from the trivia).
fn erase<'g, const W: usize>(
    layout: &CellLayout,
    shape: &Shape<W>,
    solver: &Solver,
    solution: &Grid,
    groups: impl Iterator<Item = &'g [usize]>,
    steering: Steering,
) -> (Grid, bool) {
    let mut eraser = Eraser::new(&layout.model, shape, solver, solution);
    let mut group = Vec::new();
    for members in groups {
        group.clear();
        group.extend(members.iter().copied().filter(|&c| eraser.givens.cells[c].is_some() && layout.letters[c].is_none()));
        if !group.is_empty() {
            eraser.try_erase(&group, steering);
        }
    }
    let minimal = eraser.minimal();
    (eraser.givens, minimal)
}

/// Whether no given of `givens` can go without a second solution (each
/// asked exactly; `givens` is as it was afterwards).
fn every_given_needed(solver: &Solver, givens: &mut Grid, solution: &Grid) -> bool {
    let given: Vec<usize> = (0..givens.cells.len()).filter(|&c| givens.cells[c].is_some()).collect();
    given.iter().all(|&c| !removal_keeps_unique(solver, givens, solution, &[c]))
}

#[cfg(test)]
mod tests;
