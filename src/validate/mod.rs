//! The publisher's second check, as a run over the catalog: every stored
//! puzzle's layout is compiled again and its family re-examines the row with
//! code that shares nothing with the generator's solver (`crate::check` for
//! the cell puzzles); verdicts are recorded page by page.

pub use crate::check::{backtrack, check_cells, count_solutions};

use crate::family::Family;
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

pub use crate::record::{content_hash, needs_check, verdict_hash};

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
