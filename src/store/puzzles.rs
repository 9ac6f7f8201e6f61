//! Puzzle rows: inserting a batch's chunk, reading back, statistics.

use super::batches::{BatchState, Claim, Committed};
use super::db::{Conn, Row, Value, vals};
use super::{Batch, Catalog, GENERATOR_VERSION};
use anyhow::{Context, Result, anyhow};

pub use crate::record::{NewPuzzle, PuzzleRow, StoredGrade};

/// `Catalog::puzzle`'s statement, made once (it runs once per puzzle).
static PUZZLE_BY_ID: std::sync::OnceLock<String> = std::sync::OnceLock::new();

const ROW_COLUMNS: &str = "p.id, p.layout_name, l.source, p.givens, p.solution, p.canonical, p.clues, p.score, p.level,
    p.effort_nodes, p.seed, p.batch_id, p.generator_version, p.created_at, p.validation, p.validation_detail,
    p.validated_at, p.validation_micros, p.validated_hash, p.se_rating, p.technique, p.technique_level, l.name, p.minimal, p.symmetry, p.source";

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
        source: r.get(25)?,
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

/// Rows a chunk's insert statement carries at most (18 parameters a row:
/// well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters).
const INSERT_ROWS: usize = 256;

/// Gives its key (`key`, migration 0022) to every puzzle stored without
/// one (a row written by hand in the `sqlite3` shell, or whose layout name
/// or canonical key was changed there), so the unique index dedupes the
/// next insert against it. Reads the index's NULL entries only: nothing
/// when every row has its key. (On PostgreSQL a trigger gives a row its
/// key as it is written.)
pub(super) fn fill_missing_keys(conn: &Conn) -> Result<()> {
    let keyless = conn.query("SELECT id, layout_name, canonical FROM puzzles WHERE key IS NULL", &[])?;
    for r in &keyless {
        let (layout_name, canonical): (String, String) = (r.get(1)?, r.get(2)?);
        conn.execute("UPDATE puzzles SET key = $1 WHERE id = $2", vals![super::puzzle_key(&layout_name, &canonical), r.get::<i64>(0)?])
            .with_context(|| format!("puzzle {} ({layout_name}, written without its dedupe key)", r.get::<i64>(0).unwrap_or(0)))?;
    }
    Ok(())
}

/// Stores puzzles of batch `batch_id`, puzzle `i` under layout row
/// `layout_ids[i]`, all named `layout_name` (`source`: "generated" or an
/// import's provenance), as one multi-row statement per 256 puzzles (on
/// PostgreSQL a statement a row tops out near 450 rows a second). Returns,
/// per puzzle, whether it was new: false when a puzzle with its canonical
/// key is already stored, or comes earlier in `puzzles`.
pub(super) fn insert_puzzles(
    conn: &Conn,
    puzzles: &[NewPuzzle],
    layout_ids: &[i64],
    layout_name: &str,
    batch_id: i64,
    source: &str,
) -> Result<Vec<bool>> {
    anyhow::ensure!(puzzles.len() == layout_ids.len(), "insert_puzzles: {} puzzles but {} layout rows", puzzles.len(), layout_ids.len());
    fill_missing_keys(conn)?;
    let mut inserted = Vec::with_capacity(puzzles.len());
    for (chunk, ids) in puzzles.chunks(INSERT_ROWS).zip(layout_ids.chunks(INSERT_ROWS)) {
        let mut sql = String::from(
            "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level,
                 effort_nodes, seed, batch_id, generator_version, created_at, se_rating, technique, technique_level, source,
                 minimal, symmetry, key)
             VALUES ",
        );
        let mut params = Vec::with_capacity(chunk.len() * 19);
        for (i, (p, layout_id)) in chunk.iter().zip(ids).enumerate() {
            let b = i * 19;
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push('(');
            for k in 1..=19 {
                if k == 13 {
                    sql.push_str("@now, ");
                }
                sql.push_str(&format!("${}{}", b + k, if k < 19 { ", " } else { "" }));
            }
            sql.push(')');
            params.extend_from_slice(vals![
                *layout_id,
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
                &p.symmetry,
                super::puzzle_key(layout_name, &p.canonical)
            ]);
        }
        // Both dialects return the rows inserted (not those skipped); the
        // key maps each back to the first puzzle of the chunk that holds it.
        sql.push_str(" ON CONFLICT DO NOTHING RETURNING canonical");
        let mut new_keys: std::collections::HashSet<String> =
            conn.query(&sql, &params)?.iter().map(|r| r.get::<String>(0)).collect::<Result<_>>()?;
        let start = inserted.len();
        inserted.extend(chunk.iter().map(|p| new_keys.remove(&p.canonical)));
        // The unique index is on `key` (migration 0022), 16 bytes of a
        // hash: a puzzle skipped must be one whose layout and canonical key
        // are stored, never merely one whose hash is.
        for (p, _) in chunk.iter().zip(&inserted[start..]).filter(|(_, new)| !**new) {
            if conn
                .query_opt(
                    "SELECT 1 FROM puzzles WHERE key = $1 AND layout_name = $2 AND canonical = $3",
                    vals![super::puzzle_key(layout_name, &p.canonical), layout_name, &p.canonical],
                )?
                .is_none()
            {
                anyhow::bail!(
                    "{layout_name}: puzzle {} (seed {}) has the dedupe key of a different stored puzzle (a SHA-256 collision): not stored",
                    p.canonical,
                    p.seed
                );
            }
        }
    }
    Ok(inserted)
}

/// One verdict's eight values, in the order both statements of
/// `record_validations` bind them: id, verdict, detail, time, hash, grade.
fn verdict_params(id: &i64, ok: bool, detail: &Option<String>, micros: &i64, hash: &str, grade: &Option<StoredGrade>) -> [Value; 8] {
    [
        Value::from(id),
        Value::from(if ok { "ok" } else { "failed" }),
        Value::from(detail),
        Value::from(micros),
        Value::from(hash),
        Value::from(grade.as_ref().map(|g| g.se_rating)),
        Value::from(grade.as_ref().map(|g| g.technique.as_str())),
        Value::from(grade.as_ref().map(|g| g.level.as_str())),
    ]
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
            let mut layout_ids = Vec::with_capacity(puzzles.len());
            let mut family = None;
            for p in puzzles {
                // A puzzle drawn with its own layout (marks, islands, cages)
                // is of its batch's layout's family.
                layout_ids.push(match &p.own_layout {
                    None => batch.layout_id,
                    Some(source) => {
                        if family.is_none() {
                            family = Some(super::batches::family_of(conn, batch.layout_id)?);
                        }
                        super::batches::layout_row(conn, &batch.layout_name, source, family.as_deref().unwrap_or_default())?
                    }
                });
            }
            let inserted = insert_puzzles(conn, puzzles, &layout_ids, &batch.layout_name, batch.id, "generated")?;
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
    /// A verdict counts while it is current (its hash set: migration 0016
    /// clears the hash of a row changed after `validate` checked it).
    /// Without a rating the counts are read from `puzzle_counts` (kept by
    /// triggers: a few rows however large the catalog); with one, the
    /// puzzles rated within it are counted.
    pub fn stats(&self, rating: Option<crate::level::RatingRange>) -> Result<Vec<StatsRow>> {
        let sql = match rating {
            None => {
                "SELECT layout_name, level, CAST(sum(n) AS BIGINT),
                        CAST(coalesce(sum(n) FILTER (WHERE state = 'ok'), 0) AS BIGINT),
                        CAST(coalesce(sum(n) FILTER (WHERE state = 'failed'), 0) AS BIGINT),
                        CAST(coalesce(sum(n) FILTER (WHERE state = 'unchecked'), 0) AS BIGINT)
                 FROM puzzle_counts WHERE n > 0 AND CAST($1 AS DOUBLE PRECISION) IS NULL AND CAST($2 AS DOUBLE PRECISION) IS NULL
                 GROUP BY layout_name, level
                 ORDER BY layout_name, CASE level WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 WHEN 'hard' THEN 2 ELSE 3 END"
            }
            Some(_) => {
                "SELECT layout_name, level, count(*),
                        count(*) FILTER (WHERE validation = 'ok' AND validated_hash IS NOT NULL),
                        count(*) FILTER (WHERE validation = 'failed' AND validated_hash IS NOT NULL),
                        count(*) FILTER (WHERE validation IS NULL OR validated_hash IS NULL)
                 FROM puzzles
                 WHERE se_rating BETWEEN CAST($1 AS DOUBLE PRECISION) - 1e-9 AND CAST($2 AS DOUBLE PRECISION) + 1e-9
                 GROUP BY layout_name, level
                 ORDER BY layout_name, CASE level WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 WHEN 'hard' THEN 2 ELSE 3 END"
            }
        };
        self.conn
            .query(sql, vals![rating.map(|r| r.low), rating.map(|r| r.high)])?
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
            .collect()
    }

    /// Calls `f` with every puzzle in id order (filtered by layout and level
    /// when given), reading `page` rows at a time by id: memory stays that
    /// of one page however large the catalog.
    pub fn each_puzzle(
        &self,
        layout: Option<&str>,
        level: Option<&str>,
        page: usize,
        mut f: impl FnMut(PuzzleRow) -> Result<()>,
    ) -> Result<()> {
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM puzzles p JOIN layouts l ON l.id = p.layout_id
             WHERE p.id > $3 AND (CAST($1 AS TEXT) IS NULL OR p.layout_name = $1) AND (CAST($2 AS TEXT) IS NULL OR p.level = $2)
             ORDER BY p.id LIMIT $4"
        );
        let mut after = i64::MIN;
        loop {
            let rows = self.conn.query(&sql, vals![layout, level, after, page.max(1) as i64])?;
            let Some(last) = rows.last() else { return Ok(()) };
            after = last.get(0)?;
            let full = rows.len() >= page.max(1);
            for r in &rows {
                f(read_row(r)?)?;
            }
            if !full {
                return Ok(());
            }
        }
    }

    /// How many puzzles (of `layout` if given) have no current verdict:
    /// never validated, or changed since (the count `stats` shows).
    pub fn unchecked_count(&self, layout: Option<&str>) -> Result<i64> {
        self.conn
            .query_one(
                "SELECT CAST(coalesce(sum(n), 0) AS BIGINT) FROM puzzle_counts WHERE state = 'unchecked' AND (CAST($1 AS TEXT) IS NULL OR layout_name = $1)",
                vals![layout],
            )?
            .get(0)
    }

    /// How many puzzles (of `layout` if given) the catalog holds.
    pub fn puzzle_count(&self, layout: Option<&str>) -> Result<i64> {
        self.conn
            .query_one(
                "SELECT CAST(coalesce(sum(n), 0) AS BIGINT) FROM puzzle_counts WHERE CAST($1 AS TEXT) IS NULL OR layout_name = $1",
                vals![layout],
            )?
            .get(0)
    }

    /// Records verdicts: `(id, ok, detail, micros, hash of what was checked)`,
    /// and the technique grade the check computed, if any (which sets the
    /// level). One statement writes a row's verdict and grade together: on
    /// PostgreSQL for up to 256 rows at a time.
    pub fn record_validations(&self, verdicts: &[(i64, bool, Option<String>, i64, String)], grades: &[Option<StoredGrade>]) -> Result<()> {
        anyhow::ensure!(verdicts.len() == grades.len(), "record_validations: {} verdicts but {} grades", verdicts.len(), grades.len());
        const ROWS: usize = 256;
        self.write(|conn| {
            if conn.dialect() == super::db::Dialect::Sqlite {
                // SQLite plans `UPDATE … FROM (VALUES …)` on a table with
                // triggers as a scan of every puzzle (measured at 1M: a full
                // pass of the table per statement); a cached statement a
                // row costs it nothing.
                for ((id, ok, detail, micros, hash), grade) in verdicts.iter().zip(grades) {
                    conn.execute(
                        "UPDATE puzzles SET validation = $2, validation_detail = $3, validation_micros = $4,
                             validated_hash = $5, validated_at = @now,
                             se_rating = CASE WHEN $8 IS NULL THEN se_rating ELSE $6 END,
                             technique = CASE WHEN $8 IS NULL THEN technique ELSE $7 END,
                             technique_level = CASE WHEN $8 IS NULL THEN technique_level ELSE $8 END,
                             level = CASE WHEN $8 IS NULL THEN level ELSE $8 END
                         WHERE id = $1",
                        &verdict_params(id, *ok, detail, micros, hash, grade),
                    )?;
                }
                return Ok(());
            }
            for (chunk, grades) in verdicts.chunks(ROWS).zip(grades.chunks(ROWS)) {
                let mut values = String::new();
                let mut params = Vec::with_capacity(chunk.len() * 8);
                for (i, ((id, ok, detail, micros, hash), grade)) in chunk.iter().zip(grades).enumerate() {
                    let b = i * 8;
                    if i > 0 {
                        values.push_str(", ");
                    }
                    values.push_str(&format!(
                        "(CAST(${} AS BIGINT), CAST(${} AS TEXT), CAST(${} AS TEXT), CAST(${} AS BIGINT), CAST(${} AS TEXT), \
                          CAST(${} AS DOUBLE PRECISION), CAST(${} AS TEXT), CAST(${} AS TEXT))",
                        b + 1,
                        b + 2,
                        b + 3,
                        b + 4,
                        b + 5,
                        b + 6,
                        b + 7,
                        b + 8
                    ));
                    params.extend_from_slice(&verdict_params(id, *ok, detail, micros, hash, grade));
                }
                // The verdict, grade and hash in one statement: migration
                // 0016 clears a hash whose row changes without a new hash.
                conn.execute(
                    &format!(
                        "WITH v (id, validation, detail, micros, hash, se_rating, technique, level) AS (VALUES {values})
                         UPDATE puzzles SET validation = v.validation, validation_detail = v.detail, validation_micros = v.micros,
                             validated_hash = v.hash, validated_at = @now,
                             se_rating = CASE WHEN v.level IS NULL THEN puzzles.se_rating ELSE v.se_rating END,
                             technique = CASE WHEN v.level IS NULL THEN puzzles.technique ELSE v.technique END,
                             technique_level = CASE WHEN v.level IS NULL THEN puzzles.technique_level ELSE v.level END,
                             level = CASE WHEN v.level IS NULL THEN puzzles.level ELSE v.level END
                         FROM v WHERE puzzles.id = v.id"
                    ),
                    &params,
                )?;
            }
            Ok(())
        })
    }
}

impl Catalog {
    /// Migration 0016's audit, when pending: every recorded verdict hash is
    /// compared with its row (as `validate::needs_check` does); those that
    /// no longer match are cleared, so SQL alone (`stats`) sees them as
    /// unchecked. Returns how many were cleared.
    pub(super) fn audit_verdicts(&self) -> Result<usize> {
        if self.conn.query_opt("SELECT pending FROM verdict_audit", &[])?.is_none() {
            return Ok(0);
        }
        let mut stale = Vec::new();
        self.each_puzzle(None, None, 2000, |row| {
            if row.validated_hash.is_some() && crate::record::needs_check(&row) {
                stale.push(row.id);
            }
            Ok(())
        })?;
        self.write(|conn| {
            for id in &stale {
                conn.execute("UPDATE puzzles SET validated_hash = NULL WHERE id = $1", vals![id])?;
            }
            conn.execute("DELETE FROM verdict_audit", &[])?;
            Ok(stale.len())
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
        // Every open asks: when the list is empty (nearly always), answer
        // without the join, whose plan may scan every puzzle.
        if self.conn.query_opt("SELECT puzzle_id FROM rekey LIMIT 1", &[])?.is_none() {
            return Ok(Vec::new());
        }
        self.conn
            .query(
                "SELECT p.id, p.layout_name, l.source, p.givens FROM rekey k JOIN puzzles p ON p.id = k.puzzle_id
                 JOIN layouts l ON l.id = p.layout_id ORDER BY k.puzzle_id",
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
                let layout_name: String = conn.query_one("SELECT layout_name FROM puzzles WHERE id = $1", vals![id])?.get(0)?;
                let holder: Option<i64> = conn
                    .query_opt(
                        "SELECT id FROM puzzles WHERE key = $1 AND layout_name = $2 AND canonical = $3 AND id <> $4",
                        vals![super::puzzle_key(&layout_name, key), &layout_name, key, id],
                    )?
                    .map(|r| r.get(0))
                    .transpose()?;
                match holder {
                    None => {
                        conn.execute(
                            "UPDATE puzzles SET canonical = $2, key = $3, validation = NULL WHERE id = $1",
                            vals![id, key, super::puzzle_key(&layout_name, key)],
                        )?;
                    }
                    Some(other) => {
                        duplicates.push(*id);
                        let marked = format!("{key}#{id}");
                        conn.execute(
                            "UPDATE puzzles SET canonical = $2, key = $3, validation = 'failed', validation_detail = $4 WHERE id = $1",
                            vals![
                                id,
                                &marked,
                                super::puzzle_key(&layout_name, &marked),
                                format!("the same puzzle as puzzle {other} up to symmetry")
                            ],
                        )?;
                    }
                }
                conn.execute("DELETE FROM rekey WHERE puzzle_id = $1", vals![id])?;
            }
            Ok(duplicates)
        })
    }
}
