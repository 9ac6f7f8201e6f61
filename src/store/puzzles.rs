//! Puzzle rows: inserting a batch's chunk, reading back, statistics.

use super::batches::{BatchState, Claim, Committed};
use super::db::{Conn, Row, vals};
use super::{Batch, Catalog, GENERATOR_VERSION};
use anyhow::{Result, anyhow};

/// A generated puzzle on its way into the catalog.
#[derive(Clone, Debug)]
pub struct NewPuzzle {
    /// The layout file with this puzzle's own marks or islands, when its
    /// batch's layout leaves them to the generator.
    pub own_layout: Option<String>,
    /// The technique grade, when the batch graded the puzzle.
    pub grade: Option<StoredGrade>,
    pub givens: String,
    pub solution: String,
    pub canonical: String,
    pub clues: usize,
    pub score: u32,
    pub level: String,
    pub effort_nodes: u64,
    pub seed: u64,
    /// Whether the generator proved no group of givens can go (see
    /// `Generated::minimal`); `None`: unknown (imports, killers).
    pub minimal: Option<bool>,
    /// The symmetry the givens keep, as `--symmetry` names it; `None`: unknown.
    pub symmetry: Option<String>,
}

/// A technique grade as stored: SE-scale rating, hardest technique, level.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGrade {
    pub se_rating: f64,
    pub technique: String,
    pub level: String,
}

impl StoredGrade {
    pub fn of(grade: &crate::grade::Grade) -> StoredGrade {
        StoredGrade::of_rating(&grade.rating())
    }

    /// What is stored of a rating (the grade without its path).
    pub fn of_rating(rating: &crate::grade::Rating) -> StoredGrade {
        // One decimal, as SE prints it, so a re-grade compares equal.
        StoredGrade {
            se_rating: (rating.se_rating as f64 * 10.0).round() / 10.0,
            technique: rating.hardest.name().to_string(),
            level: rating.level.name().to_string(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct PuzzleRow {
    pub id: i64,
    pub layout_name: String,
    pub layout_source: String,
    /// The name its layout file is stored under (`layouts.name`); equal to
    /// `layout_name` unless the row was edited.
    pub layout_file: String,
    pub givens: String,
    pub solution: String,
    pub canonical: String,
    pub clues: i64,
    pub score: u32,
    pub level: String,
    pub effort_nodes: i64,
    pub seed: u64,
    pub batch_id: Option<i64>,
    pub generator_version: String,
    pub created_at: String,
    pub validation: Option<String>,
    pub validation_detail: Option<String>,
    pub validated_at: Option<String>,
    pub validation_micros: Option<i64>,
    pub validated_hash: Option<String>,
    pub grade: Option<StoredGrade>,
    /// Whether the generator proved no group of givens can go; `None`: unknown.
    pub minimal: Option<bool>,
    /// The symmetry its givens keep (`--symmetry any`: the one drawn); `None`: unknown.
    pub symmetry: Option<String>,
}

impl PuzzleRow {
    /// The level books use: the stored level (the technique grade where the
    /// layout has the grader).
    pub fn book_level(&self) -> &str {
        &self.level
    }
}

impl PuzzleRow {
    /// A row for a puzzle that is not stored (benchmarks, previews).
    pub fn for_print(id: i64, layout: &crate::layout::Layout, p: &NewPuzzle) -> PuzzleRow {
        PuzzleRow {
            id,
            layout_name: layout.id.clone(),
            layout_source: p.own_layout.clone().unwrap_or_else(|| layout.source.clone()),
            layout_file: layout.id.clone(),
            givens: p.givens.clone(),
            solution: p.solution.clone(),
            canonical: p.canonical.clone(),
            clues: p.clues as i64,
            score: p.score,
            level: p.level.clone(),
            effort_nodes: p.effort_nodes as i64,
            seed: p.seed,
            batch_id: None,
            generator_version: super::GENERATOR_VERSION.to_string(),
            created_at: String::new(),
            validation: None,
            validation_detail: None,
            validated_at: None,
            validation_micros: None,
            validated_hash: None,
            grade: p.grade.clone(),
            minimal: p.minimal,
            symmetry: p.symmetry.clone(),
        }
    }
}

/// `Catalog::puzzle`'s statement, made once (it runs once per puzzle).
static PUZZLE_BY_ID: std::sync::OnceLock<String> = std::sync::OnceLock::new();

const ROW_COLUMNS: &str = "p.id, p.layout_name, l.source, p.givens, p.solution, p.canonical, p.clues, p.score, p.level,
    p.effort_nodes, p.seed, p.batch_id, p.generator_version, p.created_at, p.validation, p.validation_detail,
    p.validated_at, p.validation_micros, p.validated_hash, p.se_rating, p.technique, p.technique_level, l.name, p.minimal, p.symmetry";

fn read_row(r: &Row) -> Result<PuzzleRow> {
    Ok(PuzzleRow {
        id: r.get(0)?,
        layout_name: r.get(1)?,
        layout_source: r.get(2)?,
        givens: r.get(3)?,
        solution: r.get(4)?,
        canonical: r.get(5)?,
        clues: r.get(6)?,
        score: r.get::<i64>(7)? as u32,
        level: r.get(8)?,
        effort_nodes: r.get(9)?,
        seed: r.get::<i64>(10)? as u64,
        batch_id: r.get(11)?,
        generator_version: r.get(12)?,
        created_at: r.get(13)?,
        validation: r.get(14)?,
        validation_detail: r.get(15)?,
        validated_at: r.get(16)?,
        validation_micros: r.get(17)?,
        validated_hash: r.get(18)?,
        grade: match (r.get::<Option<f64>>(19)?, r.get::<Option<String>>(20)?, r.get::<Option<String>>(21)?) {
            (Some(se_rating), Some(technique), Some(level)) => Some(StoredGrade { se_rating, technique, level }),
            _ => None,
        },
        layout_file: r.get(22)?,
        minimal: r.get::<Option<i64>>(23)?.map(|m| m != 0),
        symmetry: r.get(24)?,
    })
}

/// One row per layout × level.
#[derive(Clone, Debug)]
pub struct StatsRow {
    pub layout: String,
    pub level: String,
    pub total: i64,
    pub valid: i64,
    pub failed: i64,
    pub unchecked: i64,
}

/// Stores one puzzle of batch `batch_id` under layout row `layout_id`
/// (`source`: "generated" or an import's provenance); false when a puzzle
/// with its canonical key is already stored.
pub(super) fn insert_puzzle(conn: &Conn, p: &NewPuzzle, layout_id: i64, layout_name: &str, batch_id: i64, source: &str) -> Result<bool> {
    let n = conn.execute(
        "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level,
             effort_nodes, seed, batch_id, generator_version, created_at, se_rating, technique, technique_level, source,
             minimal, symmetry)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, @now, $13, $14, $15, $16, $17, $18)
         ON CONFLICT DO NOTHING",
        vals![
            layout_id,
            layout_name,
            &p.givens,
            &p.solution,
            &p.canonical,
            p.clues as i64,
            p.score as i64,
            &p.level,
            p.effort_nodes as i64,
            p.seed as i64,
            batch_id,
            GENERATOR_VERSION,
            p.grade.as_ref().map(|g| g.se_rating),
            p.grade.as_ref().map(|g| g.technique.as_str()),
            p.grade.as_ref().map(|g| g.level.as_str()),
            source,
            p.minimal,
            &p.symmetry
        ],
    )?;
    Ok(n == 1)
}

impl Catalog {
    /// Inserts a chunk and moves the batch's resume point in one transaction,
    /// so a crash leaves either both or neither. Returns, per puzzle, whether
    /// it was new (a duplicate by canonical key is skipped). Refused, with
    /// nothing written, unless this process holds the batch's lease.
    pub fn commit_chunk(&self, batch: &Batch, puzzles: &[NewPuzzle], next_attempt: u64) -> Result<Vec<bool>> {
        Ok(self.commit_attempts(batch, None, puzzles, next_attempt)?.map_or_else(Vec::new, |(inserted, _)| inserted))
    }

    /// Commits claimed range `claim` of a batch: its puzzles, the batch's
    /// resume point and held count, and the range marked done (its row
    /// gone; a rest left unowned when `next_attempt` stops short of its
    /// end), in one transaction. Only in the range's turn: None, with
    /// nothing written, when the committed prefix has not reached (or has
    /// passed) its first attempt, or the range is no longer this process's.
    pub fn commit_range(&self, batch: &Batch, claim: Claim, puzzles: &[NewPuzzle], next_attempt: u64) -> Result<Option<Committed>> {
        let committed = self.commit_attempts(batch, Some(claim), puzzles, next_attempt)?;
        Ok(committed.and_then(|(inserted, state)| Some(Committed { inserted, state: state? })))
    }

    /// [`Catalog::commit_chunk`] (no claim: under the batch's lease) or
    /// [`Catalog::commit_range`]: per puzzle whether it was new, and the
    /// batch after a range's commit.
    fn commit_attempts(
        &self,
        batch: &Batch,
        claim: Option<Claim>,
        puzzles: &[NewPuzzle],
        next_attempt: u64,
    ) -> Result<Option<(Vec<bool>, Option<BatchState>)>> {
        self.write(|conn| {
            match claim {
                // Only the holder of the batch's lease commits (renewing it).
                None => super::batches::renew(conn, batch.id)?,
                Some(claim) if !super::batches::range_turn(conn, batch.id, claim)? => return Ok(None),
                Some(_) => {}
            }
            let mut inserted = Vec::with_capacity(puzzles.len());
            for p in puzzles {
                // Per-puzzle marks or islands only come with square-cell layouts.
                let layout_id = match &p.own_layout {
                    None => batch.layout_id,
                    Some(source) => super::batches::layout_row(conn, &batch.layout_name, source, "cells")?,
                };
                inserted.push(insert_puzzle(conn, p, layout_id, &batch.layout_name, batch.id, "generated")?);
            }
            let new = inserted.iter().filter(|&&i| i).count() as u64;
            let state = match claim {
                None => {
                    conn.execute(
                        "UPDATE batches SET next_attempt = $2, held = held + $3 WHERE id = $1",
                        vals![batch.id, next_attempt as i64, new as i64],
                    )?;
                    None
                }
                Some(claim) => Some(super::batches::range_done(conn, batch.id, claim, next_attempt, new)?),
            };
            Ok(Some((inserted, state)))
        })
    }

    pub fn puzzle(&self, id: i64) -> Result<PuzzleRow> {
        let sql = PUZZLE_BY_ID
            .get_or_init(|| format!("SELECT {ROW_COLUMNS} FROM puzzles p JOIN layouts l ON l.id = p.layout_id WHERE p.id = $1"));
        match self.conn.query_opt(sql, vals![id])? {
            Some(r) => read_row(&r),
            None => Err(anyhow!("{}: there is no puzzle {id}", self.target)),
        }
    }

    /// Puzzles in id order, filtered by layout and level when given.
    pub fn puzzles(&self, layout: Option<&str>, level: Option<&str>) -> Result<Vec<PuzzleRow>> {
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM puzzles p JOIN layouts l ON l.id = p.layout_id
             WHERE (CAST($1 AS TEXT) IS NULL OR p.layout_name = $1) AND (CAST($2 AS TEXT) IS NULL OR p.level = $2) ORDER BY p.id"
        );
        self.conn.query(&sql, vals![layout, level])?.iter().map(read_row).collect()
    }

    /// Counts per layout × level, of puzzles rated within `rating` if given.
    pub fn stats(&self, rating: Option<crate::level::RatingRange>) -> Result<Vec<StatsRow>> {
        let mut rows: Vec<StatsRow> = self
            .conn
            .query(
                "SELECT layout_name, level, count(*),
                        count(*) FILTER (WHERE validation = 'ok'),
                        count(*) FILTER (WHERE validation = 'failed'),
                        count(*) FILTER (WHERE validation IS NULL)
                 FROM puzzles
                 WHERE (CAST($1 AS DOUBLE PRECISION) IS NULL
                        OR se_rating BETWEEN CAST($1 AS DOUBLE PRECISION) - 1e-9 AND CAST($2 AS DOUBLE PRECISION) + 1e-9)
                 GROUP BY layout_name, level
                 ORDER BY layout_name, CASE level WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 WHEN 'hard' THEN 2 ELSE 3 END",
                vals![rating.map(|r| r.low), rating.map(|r| r.high)],
            )?
            .iter()
            .map(|r| {
                Ok(StatsRow {
                    layout: r.get(0)?,
                    level: r.get(1)?,
                    total: r.get(2)?,
                    valid: r.get(3)?,
                    failed: r.get(4)?,
                    unchecked: r.get(5)?,
                })
            })
            .collect::<Result<_>>()?;
        // A verdict covers the row as it was checked: a row changed since
        // counts as unchecked, whatever its verdict said.
        for row in self.puzzles(None, None)? {
            if row.validation.is_none() || !crate::validate::needs_check(&row) {
                continue;
            }
            if rating.is_some_and(|r| !row.grade.as_ref().is_some_and(|g| r.contains(g.se_rating))) {
                continue;
            }
            if let Some(s) = rows.iter_mut().find(|s| s.layout == row.layout_name && s.level == row.level) {
                match row.validation.as_deref() {
                    Some("ok") => s.valid -= 1,
                    _ => s.failed -= 1,
                }
                s.unchecked += 1;
            }
        }
        Ok(rows)
    }

    /// Records verdicts: `(id, ok, detail, micros, hash of what was checked)`,
    /// and the technique grade the check computed, if any.
    pub fn record_validations(&self, verdicts: &[(i64, bool, Option<String>, i64, String)], grades: &[Option<StoredGrade>]) -> Result<()> {
        self.write(|conn| {
            for (id, ok, detail, micros, hash) in verdicts {
                conn.execute(
                    "UPDATE puzzles SET validation = $2, validation_detail = $3, validation_micros = $4, validated_hash = $5,
                         validated_at = @now
                     WHERE id = $1",
                    vals![id, if *ok { "ok" } else { "failed" }, detail, micros, hash],
                )?;
            }
            for ((id, ..), grade) in verdicts.iter().zip(grades) {
                if let Some(g) = grade {
                    conn.execute(
                        "UPDATE puzzles SET se_rating = $2, technique = $3, technique_level = $4, level = $4 WHERE id = $1",
                        vals![id, g.se_rating, &g.technique, &g.level],
                    )?;
                }
            }
            Ok(())
        })
    }
}

/// A puzzle whose canonical key a migration asked to recompute.
#[derive(Clone, Debug)]
pub struct Rekey {
    pub id: i64,
    pub layout_name: String,
    pub layout_source: String,
    pub givens: String,
}

impl Catalog {
    /// Puzzles listed for a new canonical key (migration 0006).
    pub fn pending_rekeys(&self) -> Result<Vec<Rekey>> {
        self.conn
            .query(
                "SELECT p.id, p.layout_name, l.source, p.givens FROM rekey k JOIN puzzles p ON p.id = k.puzzle_id
                 JOIN layouts l ON l.id = p.layout_id ORDER BY p.id",
                &[],
            )?
            .iter()
            .map(|r| Ok(Rekey { id: r.get(0)?, layout_name: r.get(1)?, layout_source: r.get(2)?, givens: r.get(3)? }))
            .collect()
    }

    /// Stores the new keys in one transaction and empties the list. A row
    /// whose new key another puzzle of its layout already holds is a
    /// duplicate up to symmetry: it keeps a marked key and fails validation,
    /// so no book takes it. Re-keyed rows are validated again. Returns the
    /// ids of the duplicates.
    pub fn apply_rekeys(&self, keys: &[(i64, String)]) -> Result<Vec<i64>> {
        self.write(|conn| {
            let mut duplicates = Vec::new();
            for (id, key) in keys {
                let holder: Option<i64> = conn
                    .query_opt(
                        "SELECT q.id FROM puzzles q JOIN puzzles p ON p.layout_name = q.layout_name
                         WHERE p.id = $1 AND q.canonical = $2 AND q.id <> $1",
                        vals![id, key],
                    )?
                    .map(|r| r.get(0))
                    .transpose()?;
                match holder {
                    None => {
                        conn.execute("UPDATE puzzles SET canonical = $2, validation = NULL WHERE id = $1", vals![id, key])?;
                    }
                    Some(other) => {
                        duplicates.push(*id);
                        conn.execute(
                            "UPDATE puzzles SET canonical = $2, validation = 'failed', validation_detail = $3 WHERE id = $1",
                            vals![id, format!("{key}#{id}"), format!("the same puzzle as puzzle {other} up to symmetry")],
                        )?;
                    }
                }
                conn.execute("DELETE FROM rekey WHERE puzzle_id = $1", vals![id])?;
            }
            Ok(duplicates)
        })
    }
}
