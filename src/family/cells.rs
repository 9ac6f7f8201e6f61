//! The sudoku family: symbols in cells under houses, marks and relations
//! (every layout but Slitherlink). The engines are `solver`, `generate`,
//! `grade`, `canon` and the independent checker in `validate`.

use super::hint::ReaderHouse;
use super::{
    Answer, Family, GradeReport, Refusal, SampleBands, StepCells, checked, no_formats, standard_budget, undecided_grade, undecided_refusal,
    unsupported, with_article,
};
use crate::canon::Canonicalizer;
use crate::formats::fpuzzles::{default_boxes, relabelled};
use crate::formats::{Decoded, Format, FormatError, fpuzzles, grid as square, pzpr};
use crate::generate::{Controls, Generated, Generator, Judged, needs};
use crate::grade::Grader;
use crate::layout::{CellLayout, Geometry, Layout};
use crate::level::Level;
use crate::model::Alphabet;
use crate::model::Grid;
use crate::pdf::{GridContents, GridRenderer, MarkStyle};
use crate::record::{NewPuzzle, PuzzleRow, StoredGrade};
use crate::solver::{Budget, Budgeted, Verdict};
use anyhow::{Context, Result, anyhow, bail};

pub struct Cells {
    /// Owns the layout; its solver answers `solve`.
    generator: Generator,
    canon: Canonicalizer,
    /// The technique ladder, where the layout allows it; built on first
    /// use (solving never needs it).
    grader: std::sync::OnceLock<Option<Grader>>,
    /// What a batch asks beyond a level (symmetry, pattern, technique, rating).
    controls: Controls,
}

/// Why a layout has no technique grader, for refusals.
fn no_ladder(id: &str) -> String {
    format!(
        "{id} has no technique grader (the ladder grades all-different layouts of at most {} symbols and 256 cells, without relations between cells)",
        crate::grade::model_grader::MAX_LADDER_SYMBOLS
    )
}

impl Cells {
    /// The technique grade of a puzzle text, with its steps written out or not.
    fn grade_report(&self, text: &str, with_steps: bool) -> Result<GradeReport> {
        let givens = self.grid(text)?;
        let Some(grader) = self.grader() else {
            let model = &self.cells().model;
            let max = crate::grade::model_grader::MAX_LADDER_SYMBOLS;
            let why = if !model.conflicts.is_empty() {
                "its rules tie cells together outside its houses (cells that touch, or must differ, across them)".to_string()
            } else if model.symbol_count() > max {
                format!("it has {} symbols", model.symbol_count())
            } else if model.cell_count() > 256 {
                format!("it has {} cells", model.cell_count())
            } else if model.houses.iter().any(|h| h.counts.iter().any(|&c| c != 1)) {
                "a house of it holds a symbol more than once".to_string()
            } else {
                "its rules are beyond it".to_string()
            };
            bail!(
                "{}: no technique grade: {why}; the technique ladder grades all-different layouts of at most {max} symbols and 256 cells, without relations between cells (this layout keeps its candidate-score levels)",
                self.layout().path.display(),
            );
        };
        let graded = match with_steps {
            true => grader.grade(&givens).map(|g| {
                let alphabet = &self.cells().model.alphabet;
                let cells = |list: &[(usize, u8)]| list.iter().map(|&(cell, s)| (cell, alphabet.char_of(s as _))).collect();
                let marks = |mask: u32| (0..32).filter(|d| mask & (1 << d) != 0).map(|d| alphabet.char_of(d as _)).collect();
                let step_cells = g
                    .steps
                    .iter()
                    .map(|s| StepCells {
                        placed: cells(&s.placements),
                        struck: cells(&s.eliminations),
                        uses: cells(&s.uses),
                        candidates: s.candidates.iter().map(|&m| marks(m)).collect(),
                    })
                    .collect();
                (g.rating(), (g.steps.iter().map(ToString::to_string).collect(), step_cells))
            }),
            false => grader.rate(&givens).map(|r| (r, (Vec::new(), Vec::new()))),
        };
        // A rating is a claim about the one solution a solver reaches. A path
        // of sound steps (none assuming uniqueness, no guess) that fills the
        // grid proves it has exactly one; otherwise the solver decides. (Cage
        // sums are not checked on a filled grid, so killers always ask.)
        let proven =
            graded.as_ref().is_some_and(|(r, _): &(crate::grade::Rating, (Vec<String>, Vec<StepCells>))| r.solved && !r.assumed_unique)
                && self.cells().model.cages.is_empty();
        if !proven {
            match self.generator.solver.verdict_within(&givens, standard_budget()) {
                Budgeted::Decided(Verdict::Unique(_)) => {}
                Budgeted::Decided(Verdict::Multiple) | Budgeted::Undecided { found: 2.., .. } => {
                    bail!("the puzzle has more than one solution: only a unique puzzle can be graded")
                }
                Budgeted::Decided(Verdict::None) => bail!("the puzzle has no solution"),
                Budgeted::Undecided { .. } => return Err(undecided_grade()),
            }
        }
        let (rating, (steps, step_cells)) = graded.ok_or_else(|| anyhow!("the givens break a rule"))?;
        Ok(GradeReport {
            rating: Some(rating.se_rating),
            level: rating.level.name().to_string(),
            hardest: rating.hardest.to_string(),
            steps,
            step_cells,
        })
    }

    /// Refused when a control cannot apply: a symmetry that does not map
    /// the layout onto itself, a technique or rating on a layout without
    /// the grader, a cage technique without cages.
    pub fn new(mut layout: Layout, controls: &Controls) -> Result<Cells> {
        controls.check_combination().map_err(|e| anyhow!(e))?;
        if let Some(rule) = controls.cages
            && let crate::layout::Kind::Cells(cells) = &mut layout.kind
        {
            if cells.random.cages.is_none() {
                bail!("--cages: {} draws no killer cages per puzzle (its layout file has no random_cages)", layout.id);
            }
            if rule.max > cells.size {
                bail!("--cages {}..{}: {} has {} cells a house, so no cage holds more", rule.min, rule.max, layout.id, cells.size);
            }
            cells.random.cages = Some(rule);
        }
        let generator = Generator::symmetric(&layout, controls.symmetry)?;
        let cells = generator.cells();
        let grader = std::sync::OnceLock::new();
        if controls.needs.is_some() || controls.rating.is_some() {
            grader.get_or_init(|| Grader::new(&cells.model));
        }
        let has_grader = || grader.get().is_some_and(Option::is_some);
        if let Some(wanted) = controls.needs {
            let name = needs::spelling(wanted.technique);
            if !has_grader() {
                bail!("--needs {name}: {}", no_ladder(&layout.id));
            }
            if needs::is_cage_technique(wanted.technique) && cells.model.cages.is_empty() && cells.random.cages.is_none() {
                bail!("--needs {name}: {} has no killer cages", layout.id);
            }
        }
        if let Some(range) = controls.rating {
            if !has_grader() {
                bail!("--rating {range}: {}, so no SE ratings", no_ladder(&layout.id));
            }
            if cells.random.cages.is_some() {
                bail!("--rating {range}: {} draws cages per puzzle, and the rating search climbs over givens", layout.id);
            }
        }
        if let Some(pattern) = &controls.pattern
            && pattern.cells.len() != cells.model.cell_count()
        {
            bail!("--pattern: the pattern has {} cells, {} has {}", pattern.cells.len(), layout.id, cells.model.cell_count());
        }
        Ok(Cells { canon: Canonicalizer::for_cells(cells), grader, generator, controls: controls.clone() })
    }

    fn cells(&self) -> &CellLayout {
        self.generator.cells()
    }

    fn grader(&self) -> Option<&Grader> {
        self.grader.get_or_init(|| Grader::new(&self.cells().model)).as_ref()
    }

    fn grid(&self, text: &str) -> Result<Grid> {
        Ok(self.cells().model.parse_grid(text)?)
    }

    /// The grid's side when the layout is one full n×n grid of the digits
    /// 1–n with nothing drawn per puzzle: the square-grid formats fit it.
    fn square_side(&self) -> Option<usize> {
        self.square_side_drawn().filter(|_| self.cells().random.is_empty())
    }

    /// [`Cells::square_side`], whatever the layout draws per puzzle.
    fn square_side_drawn(&self) -> Option<usize> {
        let c = self.cells();
        (c.geometry.is_full_square(c.size) && c.alphabet == Alphabet::numeric(c.size)).then_some(c.size)
    }

    /// The side of a classic n×n sudoku that puzz.link's `sudoku` draws
    /// (boxes only, of pzprjs's shapes: 2×2, 2×3, 3×3, 4×4, 5×5).
    fn puzzlink_side(&self) -> Option<usize> {
        let frame = self.fpuzzles_frame()?;
        let plain =
            frame.regions.is_none() && !frame.diagonal_pos && frame.odd.is_empty() && frame.even.is_empty() && frame.cages.is_empty();
        (plain && [4, 6, 9, 16, 25].contains(&frame.size)).then_some(frame.size)
    }

    /// The mark letters that stand for even and for odd digits, where the
    /// layout's random marks are exactly those (f-puzzles' `even`/`odd`).
    fn even_odd_letters(&self) -> Option<(char, char)> {
        let c = self.cells();
        let n = c.size;
        let by_value = |even: bool| parity_symbols(c, n, even);
        let (mut even, mut odd) = (None, None);
        for &(letter, _) in &c.random.marks {
            match c.mark_symbols(letter) {
                set if set == by_value(true) => even = Some(letter),
                set if set == by_value(false) => odd = Some(letter),
                _ => return None,
            }
        }
        Some((even?, odd?))
    }

    /// Whether a file can carry what this layout draws per puzzle: f-puzzles
    /// writes killer cages, jigsaw regions and even/odd marks (islands and
    /// other marks it cannot).
    fn fpuzzles_carries_drawn_parts(&self) -> bool {
        let c = self.cells();
        let r = &c.random;
        !r.is_empty()
            && r.islands == 0
            && (r.marks.is_empty() || self.even_odd_letters().is_some())
            && self.fpuzzles_frame_of(self.square_side_drawn()).is_some()
    }

    /// The puzzle's own layout from what an f-puzzles puzzle carries: its
    /// cages, regions or even/odd marks written into a copy of this layout,
    /// as generation writes in the ones it draws.
    fn own_layout_of(&self, read: &fpuzzles::Sudoku) -> Result<Layout, String> {
        let id = &self.layout().id;
        let c = self.cells();
        let n = c.size;
        if read.size != n {
            return Err(format!("a {0}×{0} grid; {id} is {n}×{n}", read.size));
        }
        let mut layout = self.layout().clone();
        if c.random.cages.is_some() {
            if read.cages.is_empty() {
                return Err(format!("it has no killer cages, and {id} draws its cages per puzzle: the file must carry them"));
            }
            let cages: Vec<crate::model::Cage> =
                read.cages.iter().map(|(cells, sum)| crate::model::Cage { cells: cells.clone(), sum: *sum }).collect();
            layout = crate::layout::cages::with_cages(&layout, &cages).map_err(|e| format!("its killer cages: {}", e.message))?;
        }
        if c.random.regions {
            let Some(regions) = &read.regions else {
                return Err(format!("its regions are the boxes, and {id} draws jigsaw regions per puzzle: the file must carry them"));
            };
            let regions = relabelled(regions);
            let count = regions.iter().max().map_or(0, |r| r + 1);
            if count != n {
                return Err(format!("{count} regions; a jigsaw of {id} has {n} regions of {n} cells"));
            }
            layout = crate::layout::jigsaw::with_regions(&layout, &regions).map_err(|e| format!("its regions: {}", e.message))?;
        }
        if !c.random.marks.is_empty() {
            let (even, odd) = self.even_odd_letters().ok_or_else(|| format!("{id}'s marks are not even/odd marks"))?;
            if read.even.is_empty() && read.odd.is_empty() {
                return Err(format!("it has no even or odd cells, and {id} places its marks per puzzle: the file must carry them"));
            }
            let mut picture = vec!['.'; n * n];
            for (&cell, letter) in read.even.iter().map(|c| (c, even)).chain(read.odd.iter().map(|c| (c, odd))) {
                if picture[cell] != '.' {
                    return Err(format!("{} is marked both even and odd", fpuzzles_cell(cell, n)));
                }
                picture[cell] = letter;
            }
            layout = crate::layout::randomise::with_marks(&layout, &picture).map_err(|e| format!("its marks: {}", e.message))?;
        }
        Ok(layout)
    }

    /// What f-puzzles (and so SudokuPad) can say of the layout: boxes or a
    /// jigsaw, both long diagonals, even and odd cells, killer cages; `None`
    /// when the layout has more (islands, letters, Atlantis's marks or its
    /// magic 5, relations between cells).
    fn fpuzzles_frame(&self) -> Option<fpuzzles::Sudoku> {
        self.fpuzzles_frame_of(self.square_side())
    }

    /// [`Cells::fpuzzles_frame`] for a grid of side `n`, if any.
    fn fpuzzles_frame_of(&self, n: Option<usize>) -> Option<fpuzzles::Sudoku> {
        let n = n?;
        let c = self.cells();
        let plain = c.islands.iter().all(Option::is_none)
            && c.letters.iter().all(Option::is_none)
            && !c.magic_five
            && c.model.conflicts.is_empty()
            && c.model.houses.iter().all(|h| h.counts.iter().all(|&k| k == 1));
        if !plain {
            return None;
        }
        let diagonals = match c.diagonals.as_slice() {
            [] => false,
            [d] if d.at == (0, 0) && d.size == n => true,
            _ => return None,
        };
        let by_value = |even: bool| parity_symbols(c, n, even);
        let (mut odd, mut even) = (Vec::new(), Vec::new());
        for (cell, mark) in c.marks.iter().enumerate() {
            let Some(mark) = mark else { continue };
            match c.mark_symbols(*mark) {
                set if set == by_value(true) => even.push(cell),
                set if set == by_value(false) => odd.push(cell),
                _ => return None,
            }
        }
        let regions = (relabelled(&c.regions) != relabelled(&default_boxes(n))).then(|| relabelled(&c.regions));
        Some(fpuzzles::Sudoku {
            size: n,
            givens: String::new(),
            regions,
            diagonal_pos: diagonals,
            diagonal_neg: diagonals,
            odd,
            even,
            cages: c.model.cages.iter().map(|k| (k.cells.clone(), k.sum)).collect(),
            ..fpuzzles::Sudoku::default()
        })
    }

    /// The f-puzzles puzzle of a givens text and its solution (where
    /// known), with the layout's rules, when the layout fits.
    fn fpuzzles_of(&self, givens: &str, solution: Option<&str>) -> Result<fpuzzles::Sudoku> {
        let frame = self.fpuzzles_frame().ok_or_else(|| {
            anyhow!(
                "{}: f-puzzles and SudokuPad links express boxes or a jigsaw, both diagonals, even/odd cells and killer cages only",
                self.layout().id
            )
        })?;
        Ok(fpuzzles::Sudoku {
            givens: givens.to_string(),
            solution: solution.unwrap_or_default().to_string(),
            rules: self.layout().rules.clone(),
            ..frame
        })
    }

    /// Sudoku Explainer's three numbers from our grader's path (which, like
    /// SE's, takes the easiest step each time, with SE's ratings): ER the
    /// hardest step, EP the hardest step up to and including the first that
    /// places a digit, ED the first step's.
    fn serate(&self, givens: &str) -> Result<(f32, f32, f32)> {
        let grader = self.grader().ok_or_else(|| anyhow!("{}: no technique grader, so no SE ratings", self.layout().id))?;
        let grade = grader.grade(&self.grid(givens)?).filter(|g| g.solved).ok_or_else(|| anyhow!("the grader cannot solve the puzzle"))?;
        let first = grade.steps.first().map_or(grade.se_rating, |s| s.rating);
        let to_placement = grade.steps.iter().position(|s| !s.placements.is_empty()).map_or(grade.steps.len(), |i| i + 1);
        let pearl = grade.steps[..to_placement].iter().map(|s| s.rating).fold(first, f32::max);
        Ok((grade.se_rating, pearl, first))
    }

    /// Why an f-puzzles puzzle is not one of this layout, if it is not.
    fn fpuzzles_mismatch(&self, frame: &fpuzzles::Sudoku, read: &fpuzzles::Sudoku) -> Option<String> {
        let id = &self.layout().id;
        if !read.unknown.is_empty() {
            return Some(format!("it has constraints {} that {id} does not have", read.unknown.join(", ")));
        }
        if read.size != frame.size {
            return Some(format!("a {0}×{0} grid; {id} is {1}×{1}", read.size, frame.size));
        }
        let regions = |s: &fpuzzles::Sudoku| relabelled(s.regions.as_deref().unwrap_or(&default_boxes(s.size)));
        if regions(read) != regions(frame) {
            return Some(format!("its regions are not {id}'s"));
        }
        if (read.diagonal_pos, read.diagonal_neg) != (frame.diagonal_pos, frame.diagonal_neg) {
            return Some(format!("its diagonals are not {id}'s"));
        }
        if (&read.odd, &read.even) != (&frame.odd, &frame.even) {
            return Some(format!("its even/odd cells are not {id}'s"));
        }
        let cages = |s: &fpuzzles::Sudoku| {
            let mut cages = s.cages.clone();
            cages.iter_mut().for_each(|(c, _)| c.sort_unstable());
            cages.sort();
            cages
        };
        if cages(read) != cages(frame) {
            return Some(format!("its killer cages are not {id}'s"));
        }
        None
    }

    /// One attempt, recorded for the catalog or for a printed line.
    fn make_with(&self, seed: u64, level: Option<Level>, record: Record) -> Result<Vec<NewPuzzle>> {
        let generator = &self.generator;
        let controls = &self.controls;
        let failed = |e: crate::generate::GenerateError| anyhow!("{}: {e}", self.layout().path.display());
        // A layout whose marks or islands are drawn per puzzle is graded per
        // puzzle, after the fact; its bare grid must not steer clue removal.
        let steering = if self.cells().random.is_empty() { self.grader() } else { None };
        let made: Vec<Generated> = if let Some(pattern) = &controls.pattern {
            generator.pattern_puzzle(seed, pattern).map_err(failed)?.into_iter().collect()
        } else if let Some(range) = controls.rating {
            generator.rated_puzzles(seed, range, controls.twin_distance).map_err(failed)?
        } else if let Some(wanted) = controls.needs
            && (steering.is_some() || !self.cells().random.is_empty())
        {
            // Clues go while the grade stays under the technique's rating
            // (with --hardest) or within its level (or the level asked);
            // once the path uses the technique, only while it still does.
            // Layouts that draw parts per puzzle test each puzzle's own
            // model (a killer's merges alike).
            let used = std::sync::atomic::AtomicBool::new(false);
            let keeps = |grade: Option<crate::grade::Grade>| {
                let Some(grade) = grade else { return Judged::Refused };
                let uses = grade.steps.iter().any(|s| s.technique == wanted.technique);
                let was = used.fetch_or(uses, std::sync::atomic::Ordering::Relaxed);
                match uses || !was {
                    true => Judged::of_rating(Some(grade.rating())),
                    false => Judged::Refused,
                }
            };
            let within = level.unwrap_or(wanted.level());
            let check = |g: &Grader, givens: &Grid| match (wanted.hardest, within) {
                (true, _) => keeps(g.grade_up_to(givens, wanted.ceiling())),
                (false, Level::Expert) => keeps(g.grade(givens)),
                (false, within) => keeps(g.grade_within(givens, within)),
            };
            let made = match steering {
                Some(g) => generator.puzzle_within(seed, &|givens: &Grid| check(g, givens).passed()),
                None => {
                    let check = &check;
                    let accept = move |model: &crate::model::Model| -> Option<crate::generate::Check<'_>> {
                        let grader = Grader::new(model)?;
                        Some(Box::new(move |givens: &Grid| check(&grader, givens)))
                    };
                    generator.puzzle_accepted(seed, &accept)
                }
            };
            match made {
                Err(crate::generate::GenerateError::CageSizes { .. }) => Vec::new(),
                made => vec![made.map_err(failed)?],
            }
        } else {
            // A level asked for is the technique level where the layout has
            // one: clues go only while the puzzle stays at or below it, then
            // the final grade must match exactly.
            let made = match (level, steering) {
                (Some(wanted), Some(g)) if wanted != Level::Expert => {
                    generator.puzzle_within(seed, &|givens: &Grid| g.rate_within(givens, wanted).is_some())
                }
                // Marks, islands, regions or cages drawn per puzzle: the
                // test is made for each puzzle's own model.
                (Some(wanted), None) if wanted != Level::Expert && !self.cells().random.is_empty() => {
                    let accept = move |model: &crate::model::Model| -> Option<crate::generate::Check> {
                        let grader = Grader::new(model)?;
                        Some(Box::new(move |givens: &Grid| Judged::of_rating(grader.rate_within(givens, wanted))))
                    };
                    generator.puzzle_at_most(seed, wanted, &accept)
                }
                _ => generator.puzzle(seed),
            };
            match made {
                // Cages that could not keep their sizes: no puzzle this attempt.
                Err(crate::generate::GenerateError::CageSizes { .. }) => Vec::new(),
                made => vec![made.map_err(failed)?],
            }
        };
        let mut kept = Vec::with_capacity(made.len());
        // A printed line shows the level alone: grade only as far as it
        // needs (up to the level asked, or up to hard: anything beyond is
        // expert), unless a technique or a rating range is asked for.
        let level_only = record == Record::Printed && controls.needs.is_none() && controls.rating.is_none();
        for made in made {
            // Every puzzle is graded where the layout has the grader (a level
            // is the technique grade there), asked for a level or not.
            // Its own marks, islands, regions or cages: graded under them.
            let own = made.layout.as_ref().and_then(|own| own.cells()).and_then(|cells| Grader::new(&cells.model));
            let grader = if made.layout.is_some() { own.as_ref() } else { self.grader() };
            if level_only && let Some(g) = grader {
                // Past hard is expert, whatever comes after. A puzzle singles
                // alone solve is easy: a single stays a single as the grid
                // fills, so no step of its path rates above a naked single.
                let ceiling = level.filter(|&l| l != Level::Expert).unwrap_or(Level::Hard);
                let by_singles = made.layout.is_none() && self.generator.solver.solves_by_singles(&made.givens);
                let graded = match by_singles {
                    true => Level::Easy,
                    false => match g.rate_within(&made.givens, ceiling) {
                        Some(r) => r.level,
                        None if ceiling == Level::Hard => Level::Expert,
                        None => continue,
                    },
                };
                if level.is_none_or(|wanted| wanted == graded) {
                    kept.push(self.record(&made, None, Some(graded), record));
                }
                continue;
            }
            // The path only where a technique is asked for; else the rating
            // alone (the same rating, found without describing the steps).
            let rating = match (controls.needs, grader) {
                (Some(wanted), Some(g)) => match g.grade(&made.givens) {
                    Some(grade) if wanted.met_by(&grade) => Some(grade.rating()),
                    _ => continue,
                },
                (Some(_), None) => continue,
                (None, g) => g.and_then(|g| g.rate(&made.givens)),
            };
            let grade = rating.map(|r| StoredGrade::of_rating(&r));
            if controls.rating.is_some_and(|range| !grade.as_ref().is_some_and(|g| range.contains(g.se_rating))) {
                continue;
            }
            let made_level = grade.as_ref().map_or(made.level.name(), |g| g.level.as_str());
            if level.is_none_or(|wanted| wanted.name() == made_level) {
                let technique_level = rating.map(|r| r.level);
                kept.push(self.record(&made, grade, technique_level, record));
            }
        }
        Ok(kept)
    }

    /// The record of a made puzzle. The level: the technique grade's where
    /// there is one (`technique_level`), else the layout's score bands. A
    /// printed record of an attempt that searched nothing has no canonical
    /// key (nothing keeps it, and it cannot meet its puzzle twice).
    fn record(&self, p: &Generated, grade: Option<StoredGrade>, technique_level: Option<Level>, record: Record) -> NewPuzzle {
        let level = technique_level.unwrap_or(p.level).name().to_string();
        let model = &self.cells().model;
        let canonical = if record == Record::Printed && !self.controls.searches() {
            String::new()
        } else {
            let own_canon = p.layout.as_ref().and_then(Layout::cells).map(Canonicalizer::for_cells);
            own_canon.as_ref().unwrap_or(&self.canon).key(&p.givens)
        };
        NewPuzzle {
            own_layout: p.layout.as_ref().map(|l| l.source.clone()),
            grade,
            givens: model.format_grid(&p.givens),
            solution: model.format_grid(&p.solution),
            canonical,
            clues: p.givens.given_count(),
            score: p.score,
            level,
            effort_nodes: p.effort.nodes,
            seed: p.seed,
            minimal: p.minimal,
            symmetry: Some(p.symmetry.as_str().to_string()),
        }
    }
}

/// What a made puzzle is for: the catalog (graded in full, keyed), or a
/// line of `generate --no-store` (see [`Family::make_printed`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Record {
    Stored,
    Printed,
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

    fn rates(&self) -> bool {
        self.grader().is_some()
    }

    fn parse(&self, text: &str) -> Result<()> {
        self.grid(text).map(|_| ())
    }

    fn solve(&self, text: &str, limit: Option<usize>) -> Result<Answer> {
        self.solve_within(text, limit, standard_budget())
    }

    fn solve_within(&self, text: &str, limit: Option<usize>, budget: Budget) -> Result<Answer> {
        let givens = self.grid(text)?;
        let solver = &self.generator.solver;
        let undecided = |found: usize, nodes: u64| Answer::Undecided { found: found as u128, nodes };
        if let Some(limit) = limit {
            return Ok(match solver.count_within(&givens, limit, budget) {
                Budgeted::Decided(count) => Answer::Count(count.solutions as u128),
                Budgeted::Undecided { found, nodes } => undecided(found, nodes),
            });
        }
        Ok(match solver.verdict_within(&givens, budget) {
            Budgeted::Decided(Verdict::Unique(solution)) => Answer::Unique(self.cells().model.format_grid(&solution)),
            Budgeted::Decided(Verdict::Multiple) => Answer::Multiple,
            Budgeted::Decided(Verdict::None) => Answer::None,
            Budgeted::Undecided { found: 2.., .. } => Answer::Multiple,
            Budgeted::Undecided { found, nodes } => undecided(found, nodes),
        })
    }

    fn grade(&self, text: &str) -> Result<GradeReport> {
        self.grade_report(text, true)
    }

    fn rate(&self, text: &str) -> Result<GradeReport> {
        self.grade_report(text, false)
    }

    fn check_level(&self, level: Level) -> Result<()> {
        if !self.levels().contains(&level) {
            bail!("{} has no {level} puzzles", self.layout().id);
        }
        if let Some(wanted) = self.controls.needs {
            let at = wanted.level();
            if level < at || (wanted.hardest && level != at) {
                let or_harder = if wanted.hardest { "" } else { " or harder" };
                bail!(
                    "--needs {}{} with --difficulty {level}: it is a {at} technique, so its puzzles are {at}{or_harder}",
                    needs::spelling(wanted.technique),
                    if wanted.hardest { " --hardest" } else { "" }
                );
            }
        }
        Ok(())
    }

    fn make(&self, seed: u64, level: Option<Level>) -> Result<Option<NewPuzzle>> {
        Ok(self.make_all(seed, level)?.into_iter().next())
    }

    fn make_all(&self, seed: u64, level: Option<Level>) -> Result<Vec<NewPuzzle>> {
        self.make_with(seed, level, Record::Stored)
    }

    fn make_printed(&self, seed: u64, level: Option<Level>) -> Result<Vec<NewPuzzle>> {
        self.make_with(seed, level, Record::Printed)
    }

    fn check(&self, row: &PuzzleRow, regrade: bool) -> Result<Option<StoredGrade>, String> {
        crate::check::check_cells(row, self.cells(), &self.canon, self.grader(), regrade)
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
            min_text: crate::pdf::MIN_TEXT_PT,
            legible_labels: true,
            cage_sums: true,
            highlight: Vec::new(),
            pencil: Vec::new(),
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
            min_text: crate::pdf::MIN_TEXT_PT,
            legible_labels: true,
            cage_sums: false,
            highlight: Vec::new(),
            pencil: Vec::new(),
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

    fn marks_fade(&self) -> bool {
        let cells = self.cells();
        let even_odd = |c: &char| matches!(c, 'E' | 'O');
        cells.marks.iter().flatten().any(even_odd) || cells.random.marks.iter().any(|(c, _)| even_odd(c))
    }

    fn symbol_count(&self) -> Option<usize> {
        Some(self.cells().alphabet.len())
    }

    fn mark_room(&self, fonts: &crate::pdf::fonts::Fonts, style: MarkStyle, floor: f32) -> Option<super::MarkRoom> {
        let cells = self.cells();
        let caged = !cells.model.cages.is_empty() || cells.random.cages.is_some();
        Some(super::MarkRoom { least: crate::pdf::min_cell_for_marks(cells, fonts, style, floor), caged })
    }

    fn hint(&self, givens: &str, words: &crate::lang::Catalogue) -> Option<super::Hint> {
        let grid = self.grid(givens).ok()?;
        let stuck = self.grader()?.first_stuck(&grid)?;
        Some(self.hint_words(&stuck, words))
    }

    fn example_step(&self, givens: &str, solution: &str, words: &crate::lang::Catalogue) -> Option<super::example::ExampleStep> {
        use super::example::{self, Single};
        use crate::grade::Technique;
        let model = &self.cells().model;
        let grid = example::with_one_cell_cages(model, &self.grid(givens).ok()?);
        let solved = self.grid(solution).ok()?;
        // The grader's first step where the layout has the grader (its
        // candidates before the step), else the first single of the
        // layout's own houses, marks and relations.
        let (cell, s, kind, candidates, prefer_box) = match self.grader() {
            Some(grader) => {
                let step = grader.grade(&self.grid(givens).ok()?)?.steps.into_iter().next()?;
                let kind = match step.technique {
                    Technique::FullHouse => Single::FullHouse,
                    Technique::HiddenSingle | Technique::HiddenSingleBox => Single::Hidden,
                    Technique::NakedSingle => Single::Naked,
                    // A killer starts from its cages' sums: a cage only one
                    // set of digits makes, pencilled in.
                    Technique::CageCombination | Technique::CageHouse | Technique::InniesOuties => {
                        let (shaded, digits, words) = example::cage_combination(model, &solved, words)?;
                        let mut figure = example::figure(self.page(givens), &shaded, &[]);
                        let pencilled: Vec<(usize, Vec<char>)> = shaded.iter().map(|&c| (c, digits.clone())).collect();
                        figure.pencil = (0..figure.symbols.len())
                            .map(|c| match pencilled.iter().find(|(p, _)| *p == c) {
                                Some((_, ds)) => {
                                    ds.iter().map(|&symbol| crate::pdf::Pencil { symbol, mark: crate::pdf::PencilMark::Used }).collect()
                                }
                                None => Vec::new(),
                            })
                            .collect();
                        return Some(example::ExampleStep { shaded, placed: Vec::new(), lines: Vec::new(), pencilled, figure, words });
                    }
                    _ => return None,
                };
                let &(cell, s) = step.placements.first()?;
                (cell, s, kind, step.candidates, step.technique == Technique::HiddenSingleBox)
            }
            None => {
                let candidates = example::candidates(model, &grid);
                let (cell, s, kind) = example::first_single(model, &grid, &candidates, &solved)?;
                (cell, s, kind, candidates, false)
            }
        };
        // True of the solution, and not in a cell whose letter the page prints.
        if solved.cells.get(cell).copied().flatten() != Some(s) || self.cells().letters.get(cell).copied().flatten().is_some() {
            return None;
        }
        let (shaded, words) = example::single(model, &grid, &candidates, cell, s, kind, prefer_box, words)?;
        let placed = vec![(cell, model.alphabet.char_of(s))];
        let figure = example::figure(self.page(givens), &shaded, &placed);
        Some(example::ExampleStep { shaded, placed, lines: Vec::new(), pencilled: Vec::new(), figure, words })
    }

    fn hardest_hint(&self, givens: &str, words: &crate::lang::Catalogue) -> Option<super::Hint> {
        let grid = self.grid(givens).ok()?;
        let stuck = self.grader()?.hardest_step(&grid)?;
        Some(self.hint_words(&stuck, words))
    }

    fn skills(&self) -> &'static [super::words::Skill] {
        if self.grader().is_some() { &super::words::SUDOKU } else { &[] }
    }

    fn need(&self, givens: &str) -> Option<usize> {
        let grid = self.grid(givens).ok()?;
        Some(match self.grader()?.hardest_step(&grid)? {
            crate::grade::Stuck::SinglesOnly => 0,
            crate::grade::Stuck::Step(step) => super::words::sudoku_skill(step.technique),
        })
    }

    fn answer_words(&self, givens: &str) -> super::words::AnswerWords {
        if givens.chars().any(|c| c != '.' && c != '0') { super::words::DIGITS_BOLD } else { super::words::DIGITS_ALL }
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

    fn formats(&self) -> Vec<Format> {
        if !self.cells().random.is_empty() {
            // Parts drawn per puzzle: a file must carry them, and f-puzzles
            // carries a killer's cages, a jigsaw's regions, even/odd marks.
            return self.fpuzzles_carries_drawn_parts().then_some(Format::Fpuzzles).into_iter().collect();
        }
        // A killer's cages are its clues: only f-puzzles writes them.
        if !self.cells().model.cages.is_empty() {
            return self.fpuzzles_frame().map(|_| Format::Fpuzzles).into_iter().collect();
        }
        let mut formats = vec![Format::Lines];
        if let Some(n) = self.square_side() {
            if n == 9 {
                formats.extend([Format::Sdm, Format::Sdk, Format::Ss, Format::Hodoku]);
            }
            formats.push(Format::Janko);
            if self.fpuzzles_frame().is_some() {
                formats.push(Format::Fpuzzles);
            }
            if self.puzzlink_side().is_some() {
                formats.push(Format::Puzzlink);
            }
            if self.grader().is_some() {
                formats.push(Format::Serate);
            }
        }
        formats
    }

    fn decode(&self, format: Format, text: &str) -> Result<Vec<Decoded>, FormatError> {
        if !self.formats().contains(&format) {
            return Err(FormatError::at(1, unsupported(self.layout(), &self.formats(), format)));
        }
        let n = self.cells().size;
        let cells = self.cells().geometry.cell_count();
        let decoded = match format {
            Format::Lines => square::decode_lines(text, cells, &['.', '0'])?,
            Format::Sdm => square::decode_sdm(text, cells)?,
            Format::Sdk => square::decode_sdk(text, n)?,
            Format::Ss => square::decode_ss(text, n)?,
            Format::Hodoku => square::decode_hodoku(text, cells)?,
            Format::Serate => square::decode_serate(text, cells)?,
            Format::Janko => square::decode_janko(text, n, n)?,
            Format::Fpuzzles if !self.cells().random.is_empty() => {
                let mut decoded = Vec::new();
                for (line, s) in fpuzzles::decode_lines(text)? {
                    let not_ours = |why: String| FormatError::at(line, format!("not {} puzzle: {why}", with_article(&self.layout().id)));
                    let own = self.own_layout_of(&s).map_err(not_ours)?;
                    let family = Cells::new(own.clone(), &Controls::default()).map_err(|e| not_ours(format!("{e:#}")))?;
                    let frame = family.fpuzzles_frame().ok_or_else(|| not_ours("f-puzzles cannot express it".into()))?;
                    if let Some(why) = family.fpuzzles_mismatch(&frame, &s) {
                        return Err(not_ours(why));
                    }
                    family.parse(&s.givens).map_err(|e| FormatError::at(line, format!("{e:#}")))?;
                    decoded.push(Decoded { line, givens: s.givens, layout: Some(own.source) });
                }
                return Ok(decoded);
            }
            Format::Puzzlink => {
                let n = self.puzzlink_side().ok_or_else(|| FormatError::at(1, unsupported(self.layout(), &self.formats(), format)))?;
                pzpr::decode_sudoku_urls(text, n)?
            }
            Format::Fpuzzles => {
                let frame = self.fpuzzles_frame().ok_or_else(|| FormatError::at(1, unsupported(self.layout(), &self.formats(), format)))?;
                let read = fpuzzles::decode_lines(text)?;
                for (line, s) in &read {
                    if let Some(why) = self.fpuzzles_mismatch(&frame, s) {
                        return Err(FormatError::at(*line, format!("not {} puzzle: {why}", with_article(&self.layout().id))));
                    }
                }
                fpuzzles::givens_only(read)
            }
            Format::Pzprv3 | Format::Own(_) => {
                return Err(FormatError::at(1, unsupported(self.layout(), &self.formats(), format)));
            }
        };
        checked(self, decoded)
    }

    fn encode(&self, format: Format, row: &PuzzleRow) -> Result<String> {
        if !self.formats().contains(&format) {
            bail!("{}", unsupported(self.layout(), &self.formats(), format));
        }
        let n = self.cells().size;
        Ok(match format {
            Format::Lines => row.givens.clone(),
            Format::Sdm => square::encode_sdm(&row.givens),
            Format::Sdk => square::encode_sdk(&row.givens, n),
            Format::Ss => square::encode_ss(&row.givens, n, 3, 3),
            Format::Hodoku => square::encode_hodoku(&row.givens),
            Format::Serate => {
                let (er, ep, ed) = self.serate(&row.givens)?;
                square::encode_serate(&row.givens, er, ep, ed)
            }
            Format::Janko => square::encode_janko("sudoku", &row.givens, n, n, Some(&square::janko_rows(&row.solution, n))),
            Format::Fpuzzles => {
                let solution = Some(row.solution.as_str()).filter(|s| !s.is_empty());
                fpuzzles::fpuzzles_url(&self.fpuzzles_of(&row.givens, solution)?, &format!("{} {}", row.layout_name, row.id))
            }
            Format::Puzzlink => match self.puzzlink_side() {
                Some(n) => pzpr::sudoku_url(&row.givens, n),
                None => bail!("{}", unsupported(self.layout(), &self.formats(), format)),
            },
            Format::Pzprv3 | Format::Own(_) => bail!("{}", unsupported(self.layout(), &self.formats(), format)),
        })
    }

    fn link(&self, givens: &str) -> Result<String> {
        let grid = self.grid(givens)?;
        let sudoku = self.fpuzzles_of(givens, None)?;
        // The solution goes with the link (SudokuPad checks the grid
        // against it, reading one digit a cell: grids up to 9×9): the
        // solver's, when the puzzle has exactly one.
        let solution = match self.generator.solver.verdict(&grid) {
            Verdict::Unique(solution) if sudoku.size <= 9 => self.cells().model.format_grid(&solution),
            _ => String::new(),
        };
        Ok(fpuzzles::sudokupad_url(&fpuzzles::Sudoku { solution, ..sudoku }, &self.layout().id))
    }

    fn admit(&self, givens: &str) -> Result<NewPuzzle, Refusal> {
        if !self.cells().random.is_empty() {
            let why = match self.formats().is_empty() {
                true => no_formats(self.layout()),
                false => format!("{} draws parts per puzzle; this puzzle comes without them", self.layout().id),
            };
            return Err(Refusal::Invalid(why));
        }
        let grid = self.grid(givens).map_err(|e| Refusal::Invalid(format!("{e:#}")))?;
        let model = &self.cells().model;
        let Budgeted::Decided(count) = self.generator.solver.count_within(&grid, 2, standard_budget()) else {
            return Err(undecided_refusal());
        };
        let solution = match (count.solutions, count.first) {
            (0, _) => return Err(Refusal::None),
            (1, Some(solution)) => solution,
            _ => return Err(Refusal::Multiple),
        };
        let grade = match self.grader() {
            Some(g) => Some(StoredGrade::of(&g.grade(&grid).ok_or_else(|| Refusal::Invalid("the grader found the givens clash".into()))?)),
            None => None,
        };
        let score = crate::score::candidate_score(model, &grid);
        let level =
            grade.as_ref().map_or_else(|| Level::from_score(score, &self.cells().level_bands).name().to_string(), |g| g.level.clone());
        Ok(NewPuzzle {
            own_layout: None,
            givens: model.format_grid(&grid),
            solution: model.format_grid(&solution),
            canonical: self.canon.key(&grid),
            clues: grid.given_count(),
            score,
            level,
            effort_nodes: count.stats.nodes,
            seed: 0,
            grade,
            minimal: None,
            symmetry: None,
        })
    }
}

/// A cell as f-puzzles names it (`R3C5`).
fn fpuzzles_cell(cell: usize, n: usize) -> String {
    format!("R{}C{}", cell / n + 1, cell % n + 1)
}

/// A house as a reader finds it on the page, as the "in …" phrase of the
/// catalogue's `hint.house.*`: rows, columns, boxes and rings by their
/// numbers; an unlabelled region or island by a cell in it; past the
/// layout's houses, the grader's own ([`crate::grade::houses_of`]): a cage
/// by a cell in it, and a set the houses force (windoku's hidden windows,
/// a jigsaw's leftover cells) by its cells.
fn reader_house(model: &crate::model::Model, h: usize, words: &crate::lang::Catalogue) -> ReaderHouse {
    let Some(house) = model.houses.get(h) else {
        let grader = crate::grade::houses_of(model);
        let Some(cells) = grader.get(h) else {
            return ReaderHouse::Phrase(words.fill("hint.house.other", &[("name", &(h + 1).to_string())]));
        };
        let first = cells.iter().min().map_or(String::new(), |&c| model.cell_names[c].clone());
        if model.cages.iter().any(|cage| cage.cells.len() == cells.len() && cells.iter().all(|c| cage.cells.contains(c))) {
            return ReaderHouse::Phrase(words.fill("hint.house.cage", &[("cell", &first)]));
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        let names: Vec<&str> = sorted.iter().map(|&c| model.cell_names[c].as_str()).collect();
        return ReaderHouse::Phrase(words.fill("hint.house.forced", &[("cells", &names.join(" "))]));
    };
    let (name, grid) = match house.name.split_once(" of grid ") {
        Some((name, grid)) => (name, Some(grid)),
        None => (house.name.as_str(), None),
    };
    let first = house.cells.iter().min().map_or(String::new(), |&c| model.cell_names[c].clone());
    let (kind, rest) = name.split_once(' ').unwrap_or((name, ""));
    let numbered = ["row", "column", "box", "ring", "nonet"].into_iter().find(|&k| k == kind && rest.parse::<usize>().is_ok());
    let phrase = match (numbered, kind) {
        (Some(kind), _) if grid.is_none() => return ReaderHouse::Numbered { kind, n: rest.to_string() },
        (Some(kind), _) => words.fill(&format!("hint.house.{kind}"), &[("n", rest)]),
        (None, "region") => words.fill("hint.house.region", &[("cell", &first)]),
        (None, "island") => words.fill("hint.house.island", &[("cell", &first)]),
        (None, "sectors") => {
            let (a, b) = rest.split_once(" and ").unwrap_or((rest, ""));
            words.fill("hint.house.slice", &[("a", a), ("b", b)])
        }
        (None, "main") => words.text("hint.house.main_diagonal"),
        (None, "anti-diagonal") => words.text("hint.house.anti_diagonal"),
        (None, "lettered") => words.text("hint.house.lettered"),
        _ => words.fill("hint.house.other", &[("name", name)]),
    };
    ReaderHouse::Phrase(match grid {
        Some(grid) => words.fill("hint.house.of_grid", &[("house", &phrase), ("grid", grid)]),
        None => phrase,
    })
}

/// The symbols of the first `n` whose values are even (or odd): what an
/// f-puzzles `even`/`odd` cell allows.
fn parity_symbols(c: &CellLayout, n: usize, even: bool) -> crate::model::SymbolSet {
    let mut set = crate::model::SymbolSet::EMPTY;
    for s in 0..n as u8 {
        if c.alphabet.value_of(s).is_some_and(|v| (v % 2 == 0) == even) {
            set.0 |= 1 << s;
        }
    }
    set
}

impl Cells {
    /// A stuck point or hardest step in a reader's words, the cells named
    /// as the layout numbers them.
    fn hint_words(&self, stuck: &crate::grade::Stuck, words: &crate::lang::Catalogue) -> super::Hint {
        let model = &self.cells().model;
        let cell = |c: usize| model.cell_names[c].clone();
        let house = |h: usize| reader_house(model, h, words);
        let symbol = |s: u8| model.symbol_names.get(s as usize).cloned().unwrap_or_else(|| model.alphabet.char_of(s).to_string());
        let naming = match &self.cells().geometry {
            Geometry::Squares { .. } if self.one_figure_a_page() => words.text("hint.naming.figure"),
            Geometry::Squares { .. } => words.text("hint.naming.squares"),
            Geometry::Pie { .. } => words.text("hint.naming.pie"),
            Geometry::Triangle { .. } => words.text("hint.naming.triangle"),
        };
        super::hint::describe(stuck, &super::hint::Names { cell: &cell, house: &house, symbol: &symbol, naming, words })
    }
}

#[cfg(test)]
mod house_name_tests {
    use super::reader_house;
    use crate::family::hint::ReaderHouse;
    use crate::layout::{Layout, list_layout_files};

    /// Every house the grader may name in a hint has a reader's name: the
    /// implied sets (windoku's hidden windows, a jigsaw's leftovers) and
    /// the cages come after the layout's houses, and named by their cells
    /// (a hint for a jigsaw step in such a set panicked before).
    #[test]
    fn every_house_the_grader_reasons_with_has_a_readers_name() {
        let mut implied = 0;
        let english = crate::lang::english();
        for path in list_layout_files() {
            let layout = Layout::load(&path.display().to_string()).unwrap();
            let Some(cells) = layout.cells() else { continue };
            let model = &cells.model;
            let houses = crate::grade::houses_of(model);
            for (h, house) in houses.iter().enumerate() {
                let name = match reader_house(model, h, &english) {
                    ReaderHouse::Numbered { kind, n } => format!("in {kind} {n}"),
                    ReaderHouse::Phrase(text) => text,
                };
                assert!(
                    !name.is_empty() && !name.starts_with("in house ") && !name.contains('⟦'),
                    "{}: house {h} named {name:?}",
                    path.display()
                );
                if h >= model.houses.len() + model.cages.iter().filter(|c| c.cells.len() > 1).count() {
                    implied += 1;
                    let first = house.iter().min().map(|&c| model.cell_names[c].as_str()).unwrap();
                    assert!(name.starts_with("in the cells ") && name.contains(first), "{}: {name}", path.display());
                }
            }
        }
        // Windoku's five at least.
        assert!(implied >= 5, "{implied} implied houses over the shipped layouts");
    }
}
