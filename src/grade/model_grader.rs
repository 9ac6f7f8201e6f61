//! The bridge from a compiled layout model to the technique ladder: one
//! [`Problem`] template per layout, its givens swapped in per puzzle.

use super::rating::ceiling_of;
use super::{Grade, Level, Problem, Rating, SquareInfo};
use crate::model::{Grid, Model};

/// The largest alphabets the ladder grades: 16 symbols, so 16×16 grids get
/// technique levels. A minimal classic-16 puzzle needs dynamic forcing
/// chains; on 130 generated ones grading takes 0.18 s median, 1.2 s worst
/// (wall, loaded 2-core VM; about half that in CPU time) since the guess's
/// solution search propagates singles (it took minutes before).
pub const MAX_LADDER_SYMBOLS: usize = super::board::MAX_SYMBOLS;

/// A grader for one layout.
pub struct Grader {
    template: Problem,
    /// The template's topology, built once: grading an easy puzzle costs
    /// less than building it.
    topology: super::board::Topology,
    /// Killer: the cells of one-cell cages and their digits. A one-cell
    /// cage is a given in all but print, and is graded as one (it would
    /// otherwise make every such puzzle need a cage step first).
    fixed: Vec<(usize, u8)>,
}

/// The houses the grader reasons with, by the index its steps name them:
/// the model's houses first (so `square_info` still names them), then each
/// cage of two cells or more (a cage repeats no digit), then the nine-cell
/// sets the full houses force (windoku's five implied windows; see
/// [`super::problem::implied_houses`]).
pub fn houses_of(model: &Model) -> Vec<Vec<usize>> {
    let mut houses: Vec<Vec<usize>> = model.houses.iter().map(|h| h.cells.clone()).collect();
    houses.extend(model.cages.iter().filter(|c| c.cells.len() > 1).map(|c| c.cells.clone()));
    let implied = match model.cages.iter().all(|c| c.cells.len() < model.symbol_count()) {
        true => implied_by_houses(model),
        false => super::problem::implied_houses(model.cell_count(), model.symbol_count(), &houses),
    };
    houses.extend(implied);
    houses
}

thread_local! {
    /// The grid (cells, symbols, houses) [`implied_by_houses`] last
    /// searched, and what it found: a killer generator grades hundreds of
    /// cage sets a puzzle, all on the same grid.
    static LAST_IMPLIED: std::cell::RefCell<Option<(ImpliedKey, Vec<Vec<usize>>)>> = const { std::cell::RefCell::new(None) };
}

type ImpliedKey = (usize, usize, Vec<Vec<usize>>);

/// [`super::problem::implied_houses`] of `model`'s houses and cages where
/// every cage is smaller than a full house: such a cage is no full house
/// (the search starts from those) nor one of the sets it finds (they are
/// full-sized), so the answer is the houses' alone, and is kept for the
/// next model on the same grid.
fn implied_by_houses(model: &Model) -> Vec<Vec<usize>> {
    LAST_IMPLIED.with(|last| {
        let mut last = last.borrow_mut();
        let (cells, symbols) = (model.cell_count(), model.symbol_count());
        let same = |key: &ImpliedKey| {
            (key.0, key.1) == (cells, symbols)
                && key.2.len() == model.houses.len()
                && key.2.iter().zip(&model.houses).all(|(kept, h)| *kept == h.cells)
        };
        match last.as_ref() {
            Some((key, implied)) if same(key) => implied.clone(),
            _ => {
                let houses: Vec<Vec<usize>> = model.houses.iter().map(|h| h.cells.clone()).collect();
                let implied = super::problem::implied_houses(cells, symbols, &houses);
                *last = Some(((cells, symbols, houses), implied.clone()));
                implied
            }
        }
    })
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
        let houses = houses_of(model);
        let givens = vec![None; model.cell_count()];
        let allowed = model.allowed.iter().map(|set| set.0 as u16).collect();
        let mut template = Problem::new(model.symbol_count(), houses, givens, model.cell_names.clone(), square_info(model))
            .and_then(|p| p.with_allowed(allowed))
            .ok()?;
        template.sums = model.sum_sets(super::cages::RULE_OF_45_CELLS);
        template.symbol_names = model.symbol_names.clone();
        let topology = super::board::Topology::new(&template);
        let fixed = model
            .cages
            .iter()
            .filter(|c| c.cells.len() == 1)
            .filter_map(|c| {
                let symbol = (0..model.symbol_count()).find(|&s| model.alphabet.value_of(s as u8) == Some(c.sum))?;
                Some((c.cells[0], symbol as u8))
            })
            .collect();
        Some(Grader { template, topology, fixed })
    }

    /// The givens with every one-cell cage's digit written in.
    fn with_fixed<'g>(&self, givens: &'g Grid) -> std::borrow::Cow<'g, Grid> {
        if self.fixed.iter().all(|&(c, _)| givens.cells.get(c).is_none_or(|g| g.is_some())) {
            return std::borrow::Cow::Borrowed(givens);
        }
        let mut full = givens.clone();
        for &(c, s) in &self.fixed {
            if let Some(cell) = full.cells.get_mut(c) {
                cell.get_or_insert(s);
            }
        }
        std::borrow::Cow::Owned(full)
    }

    /// Grades one puzzle; `None` when its givens break a rule.
    pub fn grade(&self, givens: &Grid) -> Option<Grade> {
        self.grade_within(givens, Level::Expert)
    }

    /// The first step of a puzzle harder than a single (a book's hint);
    /// `None` when its givens break a rule.
    pub fn first_stuck(&self, givens: &Grid) -> Option<super::Stuck> {
        let mut problem = self.template.clone();
        problem.givens = self.with_fixed(givens).cells.clone();
        super::first_stuck(&problem)
    }

    /// The step the puzzle is rated by (its hardest, past the singles: a
    /// book's `--hints hardest`); `None` when its givens break a rule.
    pub fn hardest_step(&self, givens: &Grid) -> Option<super::Stuck> {
        let mut problem = self.template.clone();
        problem.givens = self.with_fixed(givens).cells.clone();
        super::hardest_step(&problem)
    }

    /// Grades one puzzle if it needs no technique above `level`'s; `None`
    /// otherwise, or when its givens break a rule.
    pub fn grade_within(&self, givens: &Grid, level: Level) -> Option<Grade> {
        self.grade_up_to(givens, ceiling_of(level))
    }

    /// Grades one puzzle if no step is rated above `ceiling` (SE rating in
    /// tenths); `None` otherwise, or when its givens break a rule. What a
    /// generator aiming at one technique asks on each clue it removes.
    pub fn grade_up_to(&self, givens: &Grid, ceiling: u32) -> Option<Grade> {
        let givens = self.with_fixed(givens);
        self.fits(&givens).then_some(())?;
        let graded = super::grade_on(&self.topology, &givens.cells, ceiling, true)?;
        (graded.solved || !graded.steps.is_empty()).then_some(graded)
    }

    /// The grade without the solving path ([`Rating`]): the same rating,
    /// level and hardest technique, found faster; `None` when the givens
    /// break a rule.
    pub fn rate(&self, givens: &Grid) -> Option<Rating> {
        self.rate_within(givens, Level::Expert)
    }

    /// [`Grader::grade_within`] without the solving path.
    pub fn rate_within(&self, givens: &Grid, level: Level) -> Option<Rating> {
        self.rate_up_to(givens, ceiling_of(level))
    }

    /// [`Grader::grade_up_to`] without the solving path: `None` where a
    /// step is rated above `ceiling` or the givens break a rule.
    pub fn rate_up_to(&self, givens: &Grid, ceiling: u32) -> Option<Rating> {
        let givens = self.with_fixed(givens);
        self.fits(&givens).then_some(())?;
        let graded = super::grade_on(&self.topology, &givens.cells, ceiling, false)?;
        // Unsolved with no step taken (every step rates 1.0 or more): the
        // grid is contradictory.
        (graded.solved || graded.se_rating > 0.0).then(|| graded.rating())
    }

    /// What [`Problem::validate`] asks of givens: one per cell, each a
    /// symbol of the alphabet. (Two equal givens in a house, or a given its
    /// mark forbids, the board finds as it is set up: the grade is `None`.)
    fn fits(&self, givens: &Grid) -> bool {
        let n = self.template.n_symbols;
        givens.cells.len() == self.template.n_cells && givens.cells.iter().all(|g| g.is_none_or(|s| (s as usize) < n))
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
    use crate::model::Cage;
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

    /// The implied houses kept from the last grid searched are what a search
    /// of every house and cage finds: windoku's five windows with cages
    /// added, after a search of another grid, then again from the kept
    /// answer.
    #[test]
    fn kept_implied_houses_are_those_searched_anew() {
        let mut windoku = Layout::load_cells("windoku-9").unwrap().1.model;
        windoku.cages =
            vec![Cage { cells: vec![0, 1], sum: 3 }, Cage { cells: vec![40, 41, 49], sum: 12 }, Cage { cells: vec![80], sum: 9 }];
        let searched = |model: &Model| {
            let mut houses: Vec<Vec<usize>> = model.houses.iter().map(|h| h.cells.clone()).collect();
            houses.extend(model.cages.iter().filter(|c| c.cells.len() > 1).map(|c| c.cells.clone()));
            let implied = super::super::problem::implied_houses(81, 9, &houses);
            houses.extend(implied);
            houses
        };
        let classic = Layout::load_cells("classic-9").unwrap().1.model;
        assert_eq!(houses_of(&classic), searched(&classic));
        for _ in 0..2 {
            let houses = houses_of(&windoku);
            assert_eq!(houses, searched(&windoku));
            assert_eq!(
                houses.len(),
                windoku.houses.len() + 2 + 5,
                "the layout's houses, two cages of two cells or more, five implied windows"
            );
        }
    }

    /// Made by `generate classic-16 --difficulty medium --seed 100` (the
    /// first of its batch); a 16×16 grid with technique grades.
    const SIXTEEN_XWING: &str = "1..53...42EF......G...A.63.....49..3...4G..ADE.6.2..........F...C..A...6E.9...53.8.1.9..5G...........A.CF74..G.DE...5D..C...8.4.2..G..F...B.....B.....1.D9.3G8.E.......9....B..1.AD..2...56...9F86...7E..1..2F...C.............9.4.D1.....5B.6.G5.9.2..G.8.D3...";

    #[test]
    fn sixteen_symbols_get_technique_grades() {
        let layout = Layout::load_cells("classic-16").unwrap().1;
        let grader = Grader::new(&layout.model).expect("classic-16 has the ladder");
        let givens = layout.model.parse_grid(SIXTEEN_XWING).unwrap();
        let grade = grader.grade(&givens).unwrap();
        assert_eq!((grade.se_rating, grade.hardest, grade.level), (3.2, super::super::Technique::XWing, Level::Medium));
        assert_eq!(solved_by_path(&layout, &grade, &givens), solution(&layout, &givens));
        // The X-wing's text names symbols past 9 by their letters.
        let xwing = grade.steps.iter().find(|s| s.technique == super::super::Technique::XWing).unwrap();
        assert!(xwing.description.starts_with("X-wing on "), "{}", xwing.description);
        assert_eq!(grader.rate(&givens), Some(grade.rating()));
        assert!(grader.rate_within(&givens, Level::Easy).is_none());
    }
}
