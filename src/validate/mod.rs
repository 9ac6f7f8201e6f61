//! The publisher's second check: every stored puzzle is re-examined by code
//! that shares nothing with the generator's solver — the stored layout file is
//! compiled again, the solution is checked against each rule directly, a plain
//! backtracking search (`backtrack`) proves there is exactly one solution and
//! that it is the stored one, and the score, level and canonical key are
//! recomputed and compared.

pub mod backtrack;

pub use backtrack::count_solutions;

use crate::canon::Canonicalizer;
use crate::family::Family;
use crate::grade::Grader;
use crate::layout::CellLayout;
use crate::model::Grid;
use crate::score::{Level, candidate_score};
use crate::store::{PuzzleRow, StoredGrade, fingerprint};
use std::time::Instant;

/// The verdict on one stored puzzle.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub id: i64,
    /// `None` when every check passed, else the first problem found.
    pub problem: Option<String>,
    pub micros: i64,
    /// Hash of the row content that was checked and of the verdict (see [`verdict_hash`]).
    pub hash: String,
    /// The technique grade, recomputed (where the layout has the ladder).
    pub grade: Option<StoredGrade>,
}

/// What a verdict covers: if any of these change, the puzzle is checked again.
pub fn content_hash(row: &PuzzleRow) -> String {
    fingerprint(&format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n{:?}",
        row.layout_name, row.layout_source, row.givens, row.solution, row.canonical, row.clues, row.score, row.level, row.grade
    ))
}

/// What a stored verdict is bound to: the content checked and the verdict
/// itself, so a verdict set by hand (`UPDATE puzzles SET validation = 'ok'`),
/// or a row changed since, no longer matches its hash.
pub fn verdict_hash(row: &PuzzleRow, ok: bool) -> String {
    fingerprint(&format!("{}\nverdict {}", content_hash(row), if ok { "ok" } else { "failed" }))
}

/// Does this row need (re)checking: never validated, changed since, or its
/// verdict not the one `validate` recorded for this content? Such a row
/// counts as unchecked everywhere (`validate`, books, `stats`, `show`).
pub fn needs_check(row: &PuzzleRow) -> bool {
    let ok = match row.validation.as_deref() {
        Some("ok") => true,
        Some("failed") => false,
        _ => return true,
    };
    row.validated_hash.as_deref() != Some(verdict_hash(row, ok).as_str())
}

/// Stored layouts compiled once each (by their file text), as families.
#[derive(Default)]
pub struct LayoutCache {
    compiled: std::collections::HashMap<String, Result<Box<dyn Family>, String>>,
    /// Store the grader's grade where it differs from the recorded one
    /// instead of failing (after an upgrade of the grader).
    pub regrade: bool,
}

impl LayoutCache {
    /// Compiles every distinct layout the rows use (once each).
    pub fn for_rows(rows: &[PuzzleRow]) -> LayoutCache {
        let mut cache = LayoutCache::default();
        cache.add(rows);
        cache
    }

    /// Compiles the layouts of `rows` not compiled yet.
    pub fn add(&mut self, rows: &[PuzzleRow]) {
        for row in rows {
            let key = fingerprint(&row.layout_source);
            self.compiled.entry(key).or_insert_with(|| {
                crate::family::stored(&row.layout_name, &row.layout_source)
                    .map_err(|e| format!("the stored layout no longer compiles: {e:#}"))
            });
        }
    }

    fn get(&self, row: &PuzzleRow) -> Result<&dyn Family, String> {
        match self.compiled.get(&fingerprint(&row.layout_source)) {
            Some(Ok(family)) => Ok(family.as_ref()),
            Some(Err(e)) => Err(e.clone()),
            None => Err("layout not compiled (internal error)".into()),
        }
    }
}

pub fn validate(row: &PuzzleRow, layouts: &LayoutCache) -> Verdict {
    let started = Instant::now();
    let checked = match row.layout_name == row.layout_file {
        // Books and statistics find puzzles by name: the name must be its file's.
        false => Err(format!("stored as layout {} but its layout file is {}", row.layout_name, row.layout_file)),
        true => layouts.get(row).and_then(|family| family.check(row, layouts.regrade)),
    };
    let (problem, grade) = match checked {
        Ok(grade) => (None, grade),
        Err(problem) => (Some(problem), None),
    };
    // The hash covers the row as it will stand, its grade (and the level
    // the grade sets) included.
    let level = grade.as_ref().map_or_else(|| row.level.clone(), |g| g.level.clone());
    let hash = verdict_hash(&PuzzleRow { grade: grade.clone().or(row.grade.clone()), level, ..row.clone() }, problem.is_none());
    Verdict { id: row.id, problem, micros: started.elapsed().as_micros() as i64, hash, grade }
}

/// The independent check of a stored sudoku-family puzzle: every rule on
/// the solution, exactly one solution by a plain backtracker, the clue
/// count, score, level, key and (where the layout has it) the technique grade.
pub fn check_cells(
    row: &PuzzleRow,
    layout: &CellLayout,
    canon: &Canonicalizer,
    grader: Option<&Grader>,
    regrade: bool,
) -> Result<Option<StoredGrade>, String> {
    check(row, layout, canon, grader.is_some())?;
    check_grade(row, layout, grader, regrade)
}

/// Grades the puzzle again; a stored grade must agree.
fn check_grade(row: &PuzzleRow, layout: &CellLayout, grader: Option<&Grader>, regrade: bool) -> Result<Option<StoredGrade>, String> {
    let Some(grader) = grader else { return Ok(None) };
    let givens = layout.model.parse_grid(&row.givens).map_err(|e| format!("givens: {e}"))?;
    let grade = grader.rate(&givens).map(|r| StoredGrade::of_rating(&r)).ok_or("the grader found the givens clash")?;
    match &row.grade {
        Some(stored) if *stored != grade && !regrade => Err(format!(
            "technique grade is {} {} ({}), but {} {} ({}) recorded (after a grader upgrade, `validate --all --regrade` stores the new grades)",
            grade.se_rating, grade.level, grade.technique, stored.se_rating, stored.level, stored.technique
        )),
        // The level is the technique grade's; a row graded before it was
        // (made without a level asked) takes the grade's level now.
        Some(_) if row.level != grade.level && !regrade => Err(format!("level is {}, but {} recorded", grade.level, row.level)),
        _ => Ok(Some(grade)),
    }
}

/// `graded`: the layout has the technique grader, so the level is checked
/// against the grade (`check_grade`), not the score bands.
fn check(row: &PuzzleRow, layout: &CellLayout, canon: &Canonicalizer, graded: bool) -> Result<(), String> {
    let model = &layout.model;
    let givens = model.parse_grid(&row.givens).map_err(|e| format!("givens: {e}"))?;
    let solution = model.parse_grid(&row.solution).map_err(|e| format!("solution: {e}"))?;
    check_rules(layout, &solution)?;
    check_agrees(layout, &givens, &solution)?;
    let counted = count_solutions(model, &givens, 2);
    match counted.solutions {
        0 => return Err("the givens have no solution".into()),
        1 => {}
        _ => return Err("the givens have more than one solution".into()),
    }
    if counted.first.as_ref() != Some(&solution) {
        return Err("the stored solution is not the puzzle's solution".into());
    }
    let clues = givens.given_count() as i64;
    if clues != row.clues {
        return Err(format!("{clues} clues, but {} recorded", row.clues));
    }
    let score = candidate_score(model, &givens);
    if score != row.score {
        return Err(format!("score is {score}, but {} recorded", row.score));
    }
    let level = Level::from_score(score, &layout.level_bands);
    if !graded && level.name() != row.level {
        return Err(format!("level is {}, but {} recorded", level.name(), row.level));
    }
    if canon.key(&givens) != row.canonical {
        return Err("the canonical key does not match the givens".into());
    }
    Ok(())
}

/// Every rule checked directly on the full grid, independent of the model's
/// own checker: each house's symbol counts, each mark, each relation, each
/// cage (no symbol twice, the digits adding up to its sum).
fn check_rules(layout: &CellLayout, solution: &Grid) -> Result<(), String> {
    let model = &layout.model;
    if let Some(cell) = solution.cells.iter().position(|c| c.is_none()) {
        return Err(format!("solution: {} is empty", model.cell_names[cell]));
    }
    for house in &model.houses {
        for (s, &want) in house.counts.iter().enumerate() {
            let have = house.cells.iter().filter(|&&c| solution.cells[c] == Some(s as u8)).count();
            if have != want as usize {
                return Err(format!(
                    "solution: {} holds {} {have} time(s), the rules say {want}",
                    house.name,
                    model.alphabet.char_of(s as u8)
                ));
            }
        }
    }
    for rel in &model.conflicts {
        let (x, y) = (solution.cells[rel.a].unwrap_or(0), solution.cells[rel.b].unwrap_or(0));
        if rel.a_symbols.contains(x) && rel.b_symbols.contains(y) {
            return Err(format!(
                "solution: {} = {} and {} = {} break a rule",
                model.cell_names[rel.a],
                model.alphabet.char_of(x),
                model.cell_names[rel.b],
                model.alphabet.char_of(y)
            ));
        }
    }
    for (cell, allowed) in model.allowed.iter().enumerate() {
        let s = solution.cells[cell].unwrap_or(0);
        if !allowed.contains(s) {
            return Err(format!("solution: {} = {} breaks its mark", model.cell_names[cell], model.alphabet.char_of(s)));
        }
    }
    for cage in &model.cages {
        let name = &model.cell_names[cage.cells[0]];
        let mut seen = 0u64;
        let mut total = 0u32;
        for &c in &cage.cells {
            let s = solution.cells[c].unwrap_or(0);
            let ch = model.alphabet.char_of(s);
            if seen & 1 << s != 0 {
                return Err(format!("solution: the cage at {name} holds {ch} twice"));
            }
            seen |= 1 << s;
            total += ch.to_digit(36).unwrap_or(0);
        }
        if total != cage.sum {
            return Err(format!("solution: the cage at {name} adds up to {total}, not {}", cage.sum));
        }
    }
    Ok(())
}

fn check_agrees(layout: &CellLayout, givens: &Grid, solution: &Grid) -> Result<(), String> {
    let model = &layout.model;
    for (cell, (g, s)) in givens.cells.iter().zip(&solution.cells).enumerate() {
        if let (Some(g), Some(s)) = (g, s)
            && g != s
        {
            return Err(format!(
                "given {} at {} but the solution has {}",
                model.alphabet.char_of(*g),
                model.cell_names[cell],
                model.alphabet.char_of(*s)
            ));
        }
    }
    Ok(())
}

/// Verdicts are saved every this many puzzles, so an interrupted run keeps its work.
const SAVE_EVERY: usize = 2000;

/// Validates `rows` on `jobs` threads (0: all cores), recording verdicts as
/// it goes; calls `on_failure` for each failed puzzle and `on_progress` with
/// (checked, total) after each saved chunk. Returns (ok, failed).
pub fn validate_rows(
    catalog: &crate::store::Catalog,
    rows: &[PuzzleRow],
    jobs: usize,
    regrade: bool,
    mut on_failure: impl FnMut(&PuzzleRow, &str),
    mut on_progress: impl FnMut(usize, usize),
) -> anyhow::Result<(usize, usize)> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut layouts = LayoutCache { regrade, ..LayoutCache::default() };
    let (mut passed, mut failed) = (0usize, 0usize);
    for chunk in rows.chunks(SAVE_EVERY) {
        check_chunk(catalog, &pool, &mut layouts, chunk, &mut passed, &mut failed, &mut on_failure)?;
        on_progress(passed + failed, rows.len());
    }
    Ok((passed, failed))
}

/// Validates one chunk in parallel and records its verdicts in one transaction.
fn check_chunk(
    catalog: &crate::store::Catalog,
    pool: &rayon::ThreadPool,
    layouts: &mut LayoutCache,
    chunk: &[PuzzleRow],
    passed: &mut usize,
    failed: &mut usize,
    on_failure: &mut impl FnMut(&PuzzleRow, &str),
) -> anyhow::Result<()> {
    use rayon::prelude::*;
    layouts.add(chunk);
    let layouts = &*layouts;
    let verdicts: Vec<Verdict> = pool.install(|| chunk.par_iter().map(|row| validate(row, layouts)).collect());
    for (row, v) in chunk.iter().zip(&verdicts) {
        match &v.problem {
            None => *passed += 1,
            Some(problem) => {
                *failed += 1;
                on_failure(row, problem);
            }
        }
    }
    let grades: Vec<Option<StoredGrade>> = verdicts.iter().map(|v| v.grade.clone()).collect();
    let records: Vec<_> = verdicts.into_iter().map(|v| (v.id, v.problem.is_none(), v.problem, v.micros, v.hash)).collect();
    catalog.record_validations(&records, &grades)
}

/// What [`validate_catalog`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub passed: usize,
    pub failed: usize,
}

impl Checked {
    pub fn total(&self) -> usize {
        self.passed + self.failed
    }
}

/// Validates the catalog's puzzles (of `layout` if given): every one with
/// `all`, else those [`needs_check`] picks. Rows are read `page` at a time
/// by id and checked and recorded `page` at a time (see `validate_rows`),
/// so memory stays that of a page however large the catalog.
/// `on_progress` hears (checked, expected) after each recorded page; the
/// expected count comes from the catalog's counts.
#[allow(clippy::too_many_arguments)]
pub fn validate_catalog(
    catalog: &crate::store::Catalog,
    layout: Option<&str>,
    all: bool,
    jobs: usize,
    regrade: bool,
    page: usize,
    mut on_failure: impl FnMut(&PuzzleRow, &str),
    mut on_progress: impl FnMut(usize, usize),
) -> anyhow::Result<Checked> {
    let page = page.max(1);
    let expected = if all { catalog.puzzle_count(layout)? } else { catalog.unchecked_count(layout)? } as usize;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut layouts = LayoutCache { regrade, ..LayoutCache::default() };
    let mut checked = Checked::default();
    let mut pending: Vec<PuzzleRow> = Vec::with_capacity(page);
    catalog.each_puzzle(layout, None, page, |row| {
        if all || needs_check(&row) {
            pending.push(row);
        }
        if pending.len() >= page {
            check_chunk(catalog, &pool, &mut layouts, &pending, &mut checked.passed, &mut checked.failed, &mut on_failure)?;
            pending.clear();
            on_progress(checked.total(), expected.max(checked.total()));
        }
        Ok(())
    })?;
    if !pending.is_empty() {
        check_chunk(catalog, &pool, &mut layouts, &pending, &mut checked.passed, &mut checked.failed, &mut on_failure)?;
        on_progress(checked.total(), expected.max(checked.total()));
    }
    Ok(checked)
}

/// Rows [`validate_catalog`] reads and checks at a time.
pub const PAGE: usize = SAVE_EVERY;

#[cfg(test)]
mod tests;
