//! The bridge from a compiled layout model to the technique ladder: one
//! [`Problem`] template per layout, its givens swapped in per puzzle.

use super::rating::ceiling_of;
use super::{Grade, Level, Problem, SquareInfo, grade_within};
use crate::model::{Grid, Model};

/// The largest grids the ladder grades. A minimal 16×16 puzzle needs
/// dynamic forcing chains over 256 cells — about 14 s each — too slow for
/// batches and validation, so 16×16 layouts keep their candidate-score
/// levels; 12×12 takes ~35 ms.
pub const MAX_LADDER_SYMBOLS: usize = 12;

/// A grader for one layout.
pub struct Grader {
    template: Problem,
}

impl Grader {
    /// `None` when the ladder does not apply: no houses (Slitherlink), a
    /// house holding a symbol more than once, dynamic relations between cells, or more than
    /// [`MAX_LADDER_SYMBOLS`] symbols.
    pub fn new(model: &Model) -> Option<Grader> {
        let counted = model.houses.iter().any(|h| h.counts.iter().any(|&c| c != 1));
        if counted || model.houses.is_empty() || !model.conflicts.is_empty() || model.symbol_count() > MAX_LADDER_SYMBOLS {
            return None;
        }
        let houses = model.houses.iter().map(|h| h.cells.clone()).collect();
        let givens = vec![None; model.cell_count()];
        let allowed = model.allowed.iter().map(|set| set.0 as u16).collect();
        let template = Problem::new(model.symbol_count(), houses, givens, model.cell_names.clone(), square_info(model))
            .and_then(|p| p.with_allowed(allowed))
            .ok()?;
        Some(Grader { template })
    }

    /// Grades one puzzle; `None` when its givens break a rule.
    pub fn grade(&self, givens: &Grid) -> Option<Grade> {
        self.grade_within(givens, Level::Expert)
    }

    /// The first step of a puzzle harder than a single (a book's hint);
    /// `None` when its givens break a rule.
    pub fn first_stuck(&self, givens: &Grid) -> Option<super::Stuck> {
        let mut problem = self.template.clone();
        problem.givens = givens.cells.clone();
        super::first_stuck(&problem)
    }

    /// Grades one puzzle if it needs no technique above `level`'s; `None`
    /// otherwise, or when its givens break a rule.
    pub fn grade_within(&self, givens: &Grid, level: Level) -> Option<Grade> {
        let mut problem = self.template.clone();
        problem.givens = givens.cells.clone();
        problem.validate().ok()?;
        let graded = grade_within(&problem, ceiling_of(level))?;
        (graded.solved || !graded.steps.is_empty()).then_some(graded)
    }
}

/// Rows, columns and boxes by their names, for SE's naming and ratings
/// (box singles, pointing vs. claiming, fish on rows and columns). Jigsaw
/// regions count as boxes, as in SE's jigsaw mode.
fn square_info(model: &Model) -> Option<SquareInfo> {
    let of_kind = |kinds: &[&str]| -> Vec<usize> {
        model.houses.iter().enumerate().filter(|(_, h)| kinds.contains(&h.name.split(' ').next().unwrap_or(""))).map(|(i, _)| i).collect()
    };
    let n = model.symbol_count();
    let square = SquareInfo { rows: of_kind(&["row"]), cols: of_kind(&["column"]), boxes: of_kind(&["box", "region"]) };
    (square.rows.len() == n && square.cols.len() == n && square.boxes.len() == n && model.cell_count() == n * n).then_some(square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{CellLayout, Layout};
    use crate::solver::{Solver, Verdict};

    fn solution(layout: &CellLayout, givens: &Grid) -> Grid {
        match Solver::new(&layout.model).verdict(givens) {
            Verdict::Unique(grid) => grid,
            _ => panic!("the test puzzle is unique"),
        }
    }

    /// Generated for even-odd-9 (seed 7): without its E/O marks the givens
    /// leave several solutions, with them a human solves it by chains.
    const EVEN_ODD: &str = ".3......6.....7....8.9.....1............4..3...2.....75...7.4........8....7......";

    fn solved_by_path(layout: &CellLayout, grade: &Grade, givens: &Grid) -> Grid {
        let mut grid = givens.clone();
        for step in &grade.steps {
            for &(cell, symbol) in &step.placements {
                grid.cells[cell] = Some(symbol);
            }
        }
        assert!(grid.is_complete(), "{}", layout.model.format_grid(&grid));
        grid
    }

    #[test]
    fn even_odd_marks_are_candidates_the_ladder_starts_from() {
        let layout = Layout::load_cells("even-odd-9").unwrap().1;
        let givens = layout.model.parse_grid(EVEN_ODD).unwrap();
        let grade = Grader::new(&layout.model).unwrap().grade(&givens).unwrap();
        assert!(grade.solved && grade.hardest != super::super::Technique::Guess, "{:?}", grade.hardest);
        let solution = solution(&layout, &givens);
        assert_eq!(solved_by_path(&layout, &grade, &givens), solution);

        let classic = Layout::load_cells("classic-9").unwrap().1;
        let plain = Grader::new(&classic.model).unwrap().grade(&classic.model.parse_grid(EVEN_ODD).unwrap()).unwrap();
        assert_eq!(plain.hardest, super::super::Technique::Guess, "without the marks no logic finishes it");
    }

    #[test]
    fn a_ceiling_refuses_puzzles_that_need_harder_steps() {
        let layout = Layout::load_cells("even-odd-9").unwrap().1;
        let grader = Grader::new(&layout.model).unwrap();
        let givens = layout.model.parse_grid(EVEN_ODD).unwrap();
        let full = grader.grade(&givens).unwrap();
        assert_eq!(full.level, Level::Expert);
        assert!(grader.grade_within(&givens, Level::Hard).is_none());
        assert_eq!(grader.grade_within(&givens, Level::Expert).map(|g| g.se_rating), Some(full.se_rating));
        // The same grid with half its solution filled in is easy.
        let solution = solution(&layout, &givens);
        let mut easier = givens.clone();
        for c in (0..81).step_by(2) {
            easier.cells[c] = solution.cells[c];
        }
        assert_eq!(grader.grade_within(&easier, Level::Easy).map(|g| g.level), Some(Level::Easy));
    }
}
