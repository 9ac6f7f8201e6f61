//! Puzzle generation: a random full grid under the layout, then clue erasure
//! that keeps each removal only while the solution stays unique.

use crate::model::{Grid, Model, Symbol};
use crate::score::{candidate_score, Level};
use crate::solver::{SearchStats, Solver};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// Which givens are erased together, so the clue pattern keeps a symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Symmetry {
    None,
    /// 180° rotation about the centre.
    Rot180,
    /// Left–right mirror.
    Mirror,
}

impl Symmetry {
    /// The partner of every cell of a `size`×`size` grid (row-major).
    pub fn partners(self, size: usize) -> Vec<usize> {
        (0..size * size)
            .map(|i| {
                let (r, c) = (i / size, i % size);
                match self {
                    Symmetry::None => i,
                    Symmetry::Rot180 => (size - 1 - r) * size + (size - 1 - c),
                    Symmetry::Mirror => r * size + (size - 1 - c),
                }
            })
            .collect()
    }
}

#[derive(Clone, Debug)]
pub struct Generated {
    pub givens: Grid,
    pub solution: Grid,
    pub seed: u64,
    pub score: u32,
    pub level: Level,
    /// The solver's effort to prove the final puzzle unique.
    pub effort: SearchStats,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GenerateError {
    #[error("the layout has no complete grid at all (the search proved it): its marks or relations cannot all be met")]
    Unfillable,
    #[error("no complete grid found in {attempts} attempts of {nodes} search nodes each: the layout's marks are probably impossible to meet")]
    FillGaveUp { attempts: u32, nodes: u64 },
}

/// Effort bound for filling: restarts with fresh random choices, then stop.
const FILL_ATTEMPTS: u32 = 8;
const FILL_NODES_PER_ATTEMPT: u64 = 200_000;

/// Makes one minimal unique puzzle from `seed`; same seed, same puzzle.
pub fn generate(model: &Model, solver: &Solver, partners: &[usize], seed: u64) -> Result<Generated, GenerateError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = fill(solver, &mut rng)?;
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..model.cell_count()).collect();
    order.shuffle(&mut rng);
    for cell in order {
        if givens.cells[cell].is_none() {
            continue;
        }
        let mut orbit = vec![cell];
        if partners[cell] != cell && givens.cells[partners[cell]].is_some() {
            orbit.push(partners[cell]);
        }
        if removal_keeps_unique(solver, &mut givens, &solution, &orbit) {
            for &c in &orbit {
                givens.cells[c] = None;
            }
        }
    }
    let count = solver.count(&givens, 2);
    debug_assert_eq!(count.solutions, 1);
    let score = candidate_score(model, &givens);
    Ok(Generated { givens, solution, seed, score, level: Level::from_score(score), effort: count.stats })
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

/// The puzzle without `orbit` stays unique iff no solution differs from
/// `solution` on an orbit cell. Checked cell by cell with "find any solution
/// avoiding this value" searches, cheaper than counting to two: for cell i
/// the earlier orbit cells keep their values (those cases are covered).
fn removal_keeps_unique(solver: &Solver, givens: &mut Grid, solution: &Grid, orbit: &[usize]) -> bool {
    for &c in orbit {
        givens.cells[c] = None;
    }
    let mut unique = true;
    for (i, &c) in orbit.iter().enumerate() {
        if i > 0 {
            givens.cells[orbit[i - 1]] = solution.cells[orbit[i - 1]];
        }
        let value: Symbol = solution.cells[c].unwrap_or(0);
        if solver.count_excluding(givens, &[(c, value)], 1).solutions > 0 {
            unique = false;
            break;
        }
    }
    for &c in orbit {
        givens.cells[c] = solution.cells[c];
    }
    unique
}
