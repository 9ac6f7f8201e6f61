//! The sudoku family: symbols in cells under houses, marks and relations
//! (every layout but Slitherlink). The engines are `solver`, `generate`,
//! `grade`, `canon` and the independent checker in `validate`.

use super::{Answer, Family, GradeReport, SampleBands};
use crate::canon::Canonicalizer;
use crate::generate::{Generated, Generator, Symmetry};
use crate::grade::Grader;
use crate::layout::{CellLayout, Geometry, Layout};
use crate::level::Level;
use crate::model::Grid;
use crate::pdf::{GridContents, GridRenderer, MarkStyle};
use crate::solver::Verdict;
use crate::store::{NewPuzzle, PuzzleRow, StoredGrade};
use anyhow::{Context, Result, anyhow, bail};

pub struct Cells {
    /// Owns the layout; its solver answers `solve`.
    generator: Generator,
    canon: Canonicalizer,
    /// The technique ladder, where the layout allows it.
    grader: Option<Grader>,
}

impl Cells {
    pub fn new(layout: Layout, symmetry: Symmetry) -> Cells {
        let generator = Generator::new(&layout, symmetry);
        let cells = generator.cells();
        Cells { canon: Canonicalizer::for_cells(cells), grader: Grader::new(&cells.model), generator }
    }

    fn cells(&self) -> &CellLayout {
        self.generator.cells()
    }

    fn grid(&self, text: &str) -> Result<Grid> {
        Ok(self.cells().model.parse_grid(text)?)
    }

    /// The row as the catalog stores it; a puzzle with marks or islands of
    /// its own is keyed under them.
    fn stored_form(&self, p: &Generated, grade: Option<StoredGrade>) -> NewPuzzle {
        // The level: the technique grade where there is one, else the
        // layout's score bands.
        let level = grade.as_ref().map_or_else(|| p.level.name().to_string(), |g| g.level.clone());
        let model = &self.cells().model;
        let own_canon = p.layout.as_ref().and_then(Layout::cells).map(Canonicalizer::for_cells);
        let canon = own_canon.as_ref().unwrap_or(&self.canon);
        NewPuzzle {
            own_layout: p.layout.as_ref().map(|l| l.source.clone()),
            grade,
            givens: model.format_grid(&p.givens),
            solution: model.format_grid(&p.solution),
            canonical: canon.key(&p.givens),
            clues: p.givens.given_count(),
            score: p.score,
            level,
            effort_nodes: p.effort.nodes,
            seed: p.seed,
        }
    }
}

impl Family for Cells {
    fn layout(&self) -> &Layout {
        self.generator.layout()
    }

    fn name(&self) -> &'static str {
        "cells"
    }

    fn levels(&self) -> &'static [Level] {
        &Level::ALL
    }

    fn parse(&self, text: &str) -> Result<()> {
        self.grid(text).map(|_| ())
    }

    fn solve(&self, text: &str, limit: Option<usize>) -> Result<Answer> {
        let givens = self.grid(text)?;
        let solver = &self.generator.solver;
        if let Some(limit) = limit {
            return Ok(Answer::Count(solver.count(&givens, limit).solutions as u128));
        }
        Ok(match solver.verdict(&givens) {
            Verdict::Unique(solution) => Answer::Unique(self.cells().model.format_grid(&solution)),
            Verdict::Multiple => Answer::Multiple,
            Verdict::None => Answer::None,
        })
    }

    fn grade(&self, text: &str) -> Result<GradeReport> {
        let givens = self.grid(text)?;
        let Some(grader) = &self.grader else {
            bail!(
                "{}: the technique ladder grades all-different layouts of at most {} symbols and 256 cells, without relations between cells (this layout keeps its candidate-score levels)",
                self.layout().path.display(),
                crate::grade::model_grader::MAX_LADDER_SYMBOLS
            );
        };
        // A rating is a claim about the one solution a solver reaches.
        match self.generator.solver.verdict(&givens) {
            Verdict::Unique(_) => {}
            Verdict::Multiple => bail!("the puzzle has more than one solution: only a unique puzzle can be graded"),
            Verdict::None => bail!("the puzzle has no solution"),
        }
        let g = grader.grade(&givens).ok_or_else(|| anyhow!("the givens break a rule"))?;
        Ok(GradeReport {
            rating: Some(g.se_rating),
            level: g.level.name().to_string(),
            hardest: g.hardest.to_string(),
            steps: g.steps.iter().map(ToString::to_string).collect(),
        })
    }

    fn make(&self, seed: u64, level: Option<Level>) -> Result<Option<NewPuzzle>> {
        let generator = &self.generator;
        // A layout whose marks or islands are drawn per puzzle is graded per
        // puzzle, after the fact; its bare grid must not steer clue removal.
        let steering = if self.cells().random.is_empty() { self.grader.as_ref() } else { None };
        // A level asked for is the technique level where the layout has one:
        // clues go only while the puzzle stays at or below it, then the
        // final grade must match exactly.
        let graded_level = level.zip(steering);
        let made = match graded_level {
            Some((wanted, g)) if wanted != Level::Expert => {
                generator.puzzle_within(seed, &|givens: &Grid| g.grade_within(givens, wanted).is_some())
            }
            _ => generator.puzzle(seed),
        }
        .map_err(|e| anyhow!("{}: {e}", self.layout().path.display()))?;
        // Every puzzle is graded where the layout has the grader (a level
        // is the technique grade there), asked for a level or not.
        let grade = match &made.layout {
            // Its own marks or islands: graded under them.
            Some(own) => own.cells().and_then(|cells| Grader::new(&cells.model)).and_then(|g| g.grade(&made.givens)),
            None => self.grader.as_ref().and_then(|g| g.grade(&made.givens)),
        };
        let grade = grade.map(|g| StoredGrade::of(&g));
        let made_level = grade.as_ref().map_or(made.level.name(), |g| g.level.as_str());
        Ok(level.is_none_or(|wanted| wanted.name() == made_level).then(|| self.stored_form(&made, grade)))
    }

    fn check(&self, row: &PuzzleRow, regrade: bool) -> Result<Option<StoredGrade>, String> {
        crate::validate::check_cells(row, self.cells(), &self.canon, self.grader.as_ref(), regrade)
    }

    fn key(&self, givens: &str) -> Result<String> {
        Ok(self.canon.key(&self.grid(givens)?))
    }

    fn page(&self, givens: &str) -> GridContents {
        // Trividoku's lettered cells print their letter small in the
        // corner, not the digit (solvers learn it from the trivia).
        let letters = &self.cells().letters;
        let letter = |cell: usize| letters.get(cell).copied().flatten();
        let symbols: Vec<Option<char>> =
            givens.chars().enumerate().map(|(cell, c)| letter(cell).or((c != '.' && c != '0').then_some(c))).collect();
        let corner_labels: Vec<bool> = (0..symbols.len()).map(|cell| letter(cell).is_some()).collect();
        let given = symbols.iter().zip(&corner_labels).map(|(s, &label)| s.is_some() && !label).collect();
        GridContents {
            clues: symbols.clone(),
            symbols,
            given,
            solution: None,
            marks: true,
            mark_style: MarkStyle::default(),
            corner_labels,
        }
    }

    fn answer_page(&self, givens: &str, solution: &str) -> GridContents {
        let given = givens.chars().map(|c| c != '.' && c != '0').collect();
        let clues = givens.chars().map(|c| (c != '.' && c != '0').then_some(c)).collect();
        GridContents {
            symbols: solution.chars().map(Some).collect(),
            given,
            clues,
            solution: Some(solution.to_string()),
            marks: false,
            mark_style: MarkStyle::default(),
            corner_labels: Vec::new(),
        }
    }

    fn renderer(&self) -> Box<dyn GridRenderer + '_> {
        crate::pdf::cell_renderer(self.cells())
    }

    fn print_extent(&self) -> (usize, usize) {
        let geometry = &self.cells().geometry;
        match geometry {
            Geometry::Squares { rows, cols, .. } => (*rows, *cols),
            Geometry::Pie { .. } | Geometry::Triangle { .. } => (geometry.span(), geometry.span()),
        }
    }

    fn one_figure_a_page(&self) -> bool {
        let cells = self.cells();
        !cells.geometry.is_full_square(cells.size)
    }

    fn show(&self, row: &PuzzleRow) -> String {
        let geometry = &self.cells().geometry;
        let (givens, solution): (Vec<char>, Vec<char>) = (row.givens.chars().collect(), row.solution.chars().collect());
        if givens.len() != geometry.cell_count() || solution.len() != givens.len() {
            return String::new();
        }
        let width = geometry.extent().1;
        let spaced = |line: &str| line.chars().map(String::from).collect::<Vec<_>>().join(" ");
        let mut out = String::new();
        for (g, s) in geometry.display(&givens).lines().zip(geometry.display(&solution).lines()) {
            out.push_str(&format!("  {:<w$}    {}\n", spaced(g), spaced(s), w = 2 * width - 1));
        }
        out
    }

    fn lettered_cells(&self) -> Vec<(usize, char)> {
        self.cells().letters.iter().enumerate().filter_map(|(cell, l)| l.map(|l| (cell, l))).collect()
    }

    fn has_marks(&self) -> bool {
        let cells = self.cells();
        cells.marks.iter().any(Option::is_some) || !cells.random.marks.is_empty()
    }

    fn hint(&self, givens: &str) -> Option<crate::book::hints::Hint> {
        let grid = self.grid(givens).ok()?;
        let stuck = self.grader.as_ref()?.first_stuck(&grid)?;
        let model = &self.cells().model;
        let cell = |c: usize| model.cell_names[c].clone();
        let house = |h: usize| reader_house(model, h);
        let symbol = |s: u8| model.alphabet.char_of(s);
        let naming = match &self.cells().geometry {
            Geometry::Squares { .. } if self.one_figure_a_page() => {
                "r4c7 is row 4, column 7, counted across the whole figure from its top left; rows, columns and boxes of one grid are numbered within it".to_string()
            }
            Geometry::Squares { .. } => "r4c7 is row 4, column 7; boxes are numbered from the top left, row by row".to_string(),
            Geometry::Pie { .. } => "s3k2 is sector 3 (clockwise from twelve o'clock), ring 2 (from the centre outwards)".to_string(),
            Geometry::Triangle { .. } => "r5c3 is the 3rd small triangle from the left in row 5".to_string(),
        };
        Some(crate::book::hints::describe(&stuck, &crate::book::hints::Names { cell: &cell, house: &house, symbol: &symbol, naming }))
    }

    fn sample_bands(&self, sample: u64, seed: u64) -> Result<SampleBands> {
        let mut scores = Vec::with_capacity(sample as usize);
        for i in 0..sample {
            let made = self.generator.puzzle(seed.wrapping_add(i)).with_context(|| format!("{}", self.layout().path.display()))?;
            scores.push(made.score);
        }
        scores.sort_unstable();
        let quartile = |q: usize| scores[scores.len() * q / 4];
        let bands = [quartile(1), quartile(2), quartile(3)];
        Ok(SampleBands { scores, bands, current: self.cells().level_bands })
    }
}

/// A house as a reader finds it on the page: rows, columns, boxes and rings
/// by their numbers; an unlabelled region or island by a cell in it.
fn reader_house(model: &crate::model::Model, h: usize) -> String {
    let house = &model.houses[h];
    let (name, grid) = match house.name.split_once(" of grid ") {
        Some((name, grid)) => (name, format!(" of grid {grid}")),
        None => (house.name.as_str(), String::new()),
    };
    let first = house.cells.iter().min().map_or(String::new(), |&c| model.cell_names[c].clone());
    match name.split(' ').next().unwrap_or("") {
        "region" => format!("the region with {first}{grid}"),
        "island" => format!("the shaded island with {first}"),
        "sectors" => format!("the slice of {name}"),
        "main" | "anti-diagonal" | "lettered" => format!("the {name}{grid}"),
        _ => house.name.clone(),
    }
}
