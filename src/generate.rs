//! Puzzle generation: a random full grid under the layout, then clue erasure
//! that keeps each removal only while the solution stays unique.

use crate::layout::{CellLayout, Layout};
use crate::level::Level;
use crate::model::{Grid, Symbol};
use crate::score::candidate_score;
use crate::solver::{SearchStats, Solver};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// Which givens are erased together, so the clue pattern keeps a symmetry.
/// Stored with each batch by [`Symmetry::as_str`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    /// 180° rotation about the centre.
    Rot180,
    /// Left–right mirror.
    Mirror,
}

impl Symmetry {
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Rot180, Symmetry::Mirror];

    /// The catalog's (and the command line's) spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The partner of every cell of a layout's geometry.
    pub fn partners(self, geometry: &crate::layout::Geometry) -> Vec<usize> {
        match self {
            Symmetry::None => (0..geometry.cell_count()).collect(),
            Symmetry::Rot180 => geometry.turned(false),
            Symmetry::Mirror => geometry.turned(true),
        }
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;
    fn from_str(text: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("unknown symmetry '{text}' (expected none, rot180 or mirror)"))
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
    /// The layout with this puzzle's own marks or islands, when the layout
    /// leaves them to the generator.
    pub layout: Option<Layout>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GenerateError {
    #[error("the layout has no complete grid at all (the search proved it): its marks or relations cannot all be met")]
    Unfillable,
    #[error("choosing the puzzle's marks or islands: {0}")]
    Random(String),
    #[error(
        "no complete grid found in {attempts} attempts of {nodes} search nodes each: the layout's marks are probably impossible to meet"
    )]
    FillGaveUp { attempts: u32, nodes: u64 },
}

/// Effort bound for filling: restarts with fresh random choices, then stop.
const FILL_ATTEMPTS: u32 = 8;
const FILL_NODES_PER_ATTEMPT: u64 = 200_000;

/// Search nodes a clue-removal check takes before it is run again without
/// a limit (classic 9×9 checks take tens; a samurai's worst ones millions).
const REMOVAL_NODE_BUDGET: u64 = 200_000;

/// Everything needed to make puzzles of one cell layout; shareable across threads.
pub struct Generator {
    layout: Layout,
    pub solver: Solver,
    partners: Vec<usize>,
}

/// The cell part of a layout the generator was made for.
fn cells_of(layout: &Layout) -> &CellLayout {
    layout.cells().expect("a Generator is only made for cell layouts (see Generator::new)")
}

impl Generator {
    /// # Panics
    /// When `layout` is not of the sudoku family (the families decide that
    /// before they make a generator).
    pub fn new(layout: &Layout, symmetry: Symmetry) -> Generator {
        let cells = cells_of(layout);
        Generator { solver: Solver::new(&cells.model), partners: symmetry.partners(&cells.geometry), layout: layout.clone() }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn cells(&self) -> &CellLayout {
        cells_of(&self.layout)
    }

    /// Makes one minimal unique puzzle from `seed`; same seed, same puzzle.
    pub fn puzzle(&self, seed: u64) -> Result<Generated, GenerateError> {
        self.puzzle_within(seed, &|_: &Grid| true)
    }

    /// Like [`Generator::puzzle`], but a clue only goes while `acceptable`
    /// still holds for what is left (e.g. "a human solves it with singles"):
    /// easy puzzles then keep the clues that make them easy instead of being
    /// searched for among minimal ones, which are mostly hard.
    pub fn puzzle_within(&self, seed: u64, acceptable: &(dyn Fn(&Grid) -> bool + Sync)) -> Result<Generated, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut solution = fill(&self.solver, &mut rng)?;
        if self.cells().word_in_row {
            spell_along_a_row(&mut solution, self.cells().size, &mut rng);
        }
        // Marks or islands left to the generator are drawn on this grid;
        // the puzzle is then made (and stored) under that derived layout.
        let derived = match self.cells().random.is_empty() {
            true => None,
            false => Some(
                crate::layout::randomise::derive(&self.layout, &solution, &mut rng).map_err(|e| GenerateError::Random(e.to_string()))?,
            ),
        };
        let own_solver;
        let (layout, solver) = match &derived {
            Some(d) => {
                own_solver = Solver::new(&cells_of(d).model);
                (cells_of(d), &own_solver)
            }
            None => (self.cells(), &self.solver),
        };
        let model = &layout.model;
        let mut givens = solution.clone();
        let mut order: Vec<usize> = (0..model.cell_count()).collect();
        order.shuffle(&mut rng);
        // Trividoku's lettered cells stay: solvers learn them from the trivia.
        let erasable = |cell: usize, givens: &Grid| givens.cells[cell].is_some() && layout.letters[cell].is_none();
        for cell in order {
            if !erasable(cell, &givens) {
                continue;
            }
            let partner = self.partners[cell];
            let mut orbit = vec![cell];
            if partner != cell && erasable(partner, &givens) {
                orbit.push(partner);
            }
            if removal_keeps_unique(solver, &mut givens, &solution, &orbit) {
                for &c in &orbit {
                    givens.cells[c] = None;
                }
                if !acceptable(&givens) {
                    for &c in &orbit {
                        givens.cells[c] = solution.cells[c];
                    }
                }
            }
        }
        let count = solver.count(&givens, 2);
        debug_assert_eq!(count.solutions, 1);
        let score = candidate_score(model, &givens);
        let level = Level::from_score(score, &layout.level_bands);
        Ok(Generated { givens, solution, seed, score, level, effort: count.stats, layout: derived })
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
        // Most checks end within the budget; the rare one that does not
        // (big overlapping canvases) is run again to the end, so a clue is
        // kept only when it is needed: "minimal" is never assumed.
        let found = match solver.count_excluding_within(givens, &[(c, value)], 1, REMOVAL_NODE_BUDGET) {
            Some(count) => count.solutions,
            None => solver.count_excluding_within(givens, &[(c, value)], 1, u64::MAX).map_or(1, |count| count.solutions),
        };
        if found > 0 {
            unique = false;
            break;
        }
    }
    for &c in orbit {
        givens.cells[c] = solution.cells[c];
    }
    unique
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::list_layout_files;

    fn make(layout: &Layout, symmetry: Symmetry, seed: u64) -> Generated {
        Generator::new(layout, symmetry).puzzle(seed).unwrap()
    }

    #[test]
    fn every_shipped_layout_generates_a_puzzle_the_solver_proves_unique() {
        for path in list_layout_files() {
            let base = Layout::load(&path.display().to_string()).unwrap();
            if base.cells().is_none() {
                continue; // Slitherlink: its own family's tests
            }
            let p = make(&base, Symmetry::None, 3);
            // Marks or islands drawn per puzzle come with their own layout.
            let layout = p.layout.clone().unwrap_or(base);
            let model = &cells_of(&layout).model;
            let solver = Solver::new(model);
            let count = solver.count(&p.givens, 2);
            assert_eq!(count.solutions, 1, "{}", layout.id);
            assert_eq!(count.first.as_ref(), Some(&p.solution), "{}", layout.id);
            model.check_solution(&p.solution).unwrap_or_else(|e| panic!("{}: {e}", layout.id));
            assert!(p.givens.cells.iter().zip(&p.solution.cells).all(|(g, s)| g.is_none() || g == s));
        }
    }

    #[test]
    fn puzzles_are_minimal() {
        let (base, layout) = Layout::load_cells("classic-9").unwrap();
        let solver = Solver::new(&layout.model);
        let p = make(&base, Symmetry::None, 11);
        for cell in (0..81).filter(|&c| p.givens.cells[c].is_some()) {
            let mut fewer = p.givens.clone();
            fewer.cells[cell] = None;
            assert_eq!(solver.count(&fewer, 2).solutions, 2, "clue at {cell} could go");
        }
    }

    #[test]
    fn a_wordoku_solution_spells_its_word_along_a_row_and_stays_unique() {
        let base = Layout::load("wordoku-9").unwrap();
        let cells = base.cells().unwrap();
        let mut rows_seen = std::collections::BTreeSet::new();
        for seed in 1..=12 {
            let p = make(&base, Symmetry::None, seed);
            let text = cells.model.format_grid(&p.solution);
            let row = (0..9).find(|r| &text[r * 9..r * 9 + 9] == "WORDPLAYS").unwrap_or_else(|| panic!("seed {seed}: {text}"));
            rows_seen.insert(row);
            let solver = Solver::new(&cells.model);
            assert_eq!(solver.count(&p.givens, 2).solutions, 1, "seed {seed}");
        }
        assert!(rows_seen.len() > 2, "the row is drawn per puzzle: {rows_seen:?}");
        // Relabelling is only sound where every symbol plays the same part.
        let marked = Layout::from_source(
            std::path::Path::new("layouts/mine.toml"),
            "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nword_in_row = true\nmarks = \"\"\"\nE...\n....\n....\n....\n\"\"\"\n".into(),
        );
        assert!(marked.unwrap_err().to_string().contains("word_in_row needs a single square grid whose symbols are interchangeable"));
    }

    #[test]
    fn same_seed_same_puzzle_and_different_seeds_differ() {
        let (base, _) = Layout::load_cells("classic-9").unwrap();
        let a = make(&base, Symmetry::None, 42);
        let b = make(&base, Symmetry::None, 42);
        let c = make(&base, Symmetry::None, 43);
        assert_eq!(a.givens, b.givens);
        assert_eq!(a.solution, b.solution);
        assert_ne!(a.givens, c.givens);
    }

    #[test]
    fn symmetric_erasure_keeps_the_clue_pattern_symmetric() {
        let (base, layout) = Layout::load_cells("classic-9").unwrap();
        for symmetry in [Symmetry::Rot180, Symmetry::Mirror] {
            let p = make(&base, symmetry, 5);
            let partners = symmetry.partners(&layout.geometry);
            for (c, &partner) in partners.iter().enumerate() {
                assert_eq!(p.givens.cells[c].is_some(), p.givens.cells[partner].is_some(), "{symmetry:?} at {c}");
            }
        }
    }

    #[test]
    fn an_unfillable_layout_fails_with_a_clear_error() {
        // Two marks that each allow only the digit 1, in one box: every
        // single-mark check passes, yet no grid exists.
        let text = "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nmark_symbols = { X = \"1\", Y = \"1\" }\nmarks = \"\"\"\nX...\n.Y..\n....\n....\n\"\"\"\n";
        let layout = Layout::from_source(std::path::Path::new("x.toml"), text.into()).unwrap();
        let err = Generator::new(&layout, Symmetry::None).puzzle(1).unwrap_err();
        assert_eq!(err, GenerateError::Unfillable);
    }
}
