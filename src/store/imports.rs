//! Imported puzzles (a batch row of their own, with their source) and the
//! reference sets of the originality guard.

use super::Catalog;
use super::db::vals;
use crate::layout::Layout;
use crate::store::NewPuzzle;
use anyhow::{Result, bail};

/// A loaded public collection: keys only.
#[derive(Clone, Debug, PartialEq)]
pub struct ReferenceSet {
    pub name: String,
    pub layout_name: String,
    pub file: String,
    /// Puzzles read from the file.
    pub puzzles: i64,
    /// Distinct canonical keys held.
    pub keys: i64,
    pub added_at: String,
}

impl Catalog {
    /// Stores imported puzzles in one transaction, under a batch row of
    /// their own (status done, `note` naming the file: an import is never
    /// resumed, it either lands whole or not at all). Returns the batch —
    /// none when every puzzle was already held, so no empty batch is
    /// recorded — and, per puzzle, whether it was new (a duplicate by
    /// canonical key is skipped). A puzzle with its own layout (a file's
    /// killer cages, jigsaw regions or marks) is stored under it, as a
    /// generated one is.
    pub fn store_import(
        &self,
        layout: &Layout,
        family: &str,
        source: &str,
        note: &str,
        puzzles: &[NewPuzzle],
    ) -> Result<(Option<i64>, Vec<bool>)> {
        self.store_import_credited(layout, family, source, note, puzzles, &[])
    }

    /// [`Catalog::store_import`], each puzzle with the credit its file gave
    /// it (`credits` beside `puzzles`; empty: none), stored with it.
    pub fn store_import_credited(
        &self,
        layout: &Layout,
        family: &str,
        source: &str,
        note: &str,
        puzzles: &[NewPuzzle],
        credits: &[crate::formats::Credit],
    ) -> Result<(Option<i64>, Vec<bool>)> {
        // The layout file must be the one this name stands for.
        let layout_id = self.layout_id(layout, family)?;
        self.write(|conn| {
            let batch_id: i64 = conn
                .query_one(
                    "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, next_attempt, status, note, started_at, finished_at)
                     VALUES ($1, 0, $2, NULL, 'none', $2, 'done', $3, @now, @now)
                     RETURNING id",
                    vals![layout_id, puzzles.len() as i64, note],
                )?
                .get(0)?;
            let mut layout_ids = Vec::with_capacity(puzzles.len());
            for p in puzzles {
                layout_ids.push(match &p.own_layout {
                    None => layout_id,
                    Some(own) => super::batches::layout_row(conn, &layout.id, own, family)?,
                });
            }
            let inserted = super::puzzles::insert_puzzles(conn, puzzles, &layout_ids, &layout.id, batch_id, source)?;
            let credited: Vec<(&str, &crate::formats::Credit)> =
                puzzles.iter().zip(credits).zip(&inserted).filter(|(_, new)| **new).map(|((p, c), _)| (p.canonical.as_str(), c)).collect();
            super::credits::set_credits(conn, batch_id, &credited)?;
            if !inserted.contains(&true) {
                conn.execute("DELETE FROM batches WHERE id = $1", vals![batch_id])?;
                return Ok((None, inserted));
            }
            Ok((Some(batch_id), inserted))
        })
    }

    /// Where a stored puzzle came from: 'generated' or its import's source.
    pub fn puzzle_source(&self, id: i64) -> Result<String> {
        self.conn.query_one("SELECT source FROM puzzles WHERE id = $1", vals![id])?.get(0)
    }

    /// Loads a reference set: its name (new), layout, file and keys.
    pub fn add_reference(&self, name: &str, layout_name: &str, file: &str, puzzles: usize, keys: &[String]) -> Result<ReferenceSet> {
        if name.trim().is_empty() {
            bail!("a reference set needs a name (it names the set in `reference list` and in book reports)");
        }
        self.write(|conn| {
            let existing: Option<String> =
                conn.query_opt("SELECT file FROM reference_sets WHERE name = $1", vals![name])?.map(|r| r.get(0)).transpose()?;
            if let Some(file) = existing {
                bail!("a reference set named '{name}' is already loaded (from {file}); choose another name");
            }
            let id: i64 = conn
                .query_one(
                    "INSERT INTO reference_sets (name, layout_name, file, puzzles, added_at) VALUES ($1, $2, $3, $4, @now) RETURNING id",
                    vals![name, layout_name, file, puzzles as i64],
                )?
                .get(0)?;
            for key in keys {
                conn.execute("INSERT INTO reference_keys (set_id, canonical) VALUES ($1, $2) ON CONFLICT DO NOTHING", vals![id, key])?;
            }
            Ok(())
        })?;
        self.references()?.into_iter().find(|r| r.name == name).ok_or_else(|| anyhow::anyhow!("reference set {name} vanished"))
    }

    /// Every reference set, in the order loaded.
    pub fn references(&self) -> Result<Vec<ReferenceSet>> {
        self.conn
            .query(
                "SELECT s.name, s.layout_name, s.file, s.puzzles, (SELECT count(*) FROM reference_keys k WHERE k.set_id = s.id), s.added_at
                 FROM reference_sets s ORDER BY s.id",
                &[],
            )?
            .iter()
            .map(|r| {
                Ok(ReferenceSet {
                    name: r.get(0)?,
                    layout_name: r.get(1)?,
                    file: r.get(2)?,
                    puzzles: r.get(3)?,
                    keys: r.get(4)?,
                    added_at: r.get(5)?,
                })
            })
            .collect()
    }

    /// The reference sets holding a puzzle of `layout` with key `canonical`.
    pub fn reference_matches(&self, layout_name: &str, canonical: &str) -> Result<Vec<String>> {
        self.conn
            .query(
                "SELECT s.name FROM reference_keys k JOIN reference_sets s ON s.id = k.set_id
                 WHERE s.layout_name = $1 AND k.canonical = $2 ORDER BY s.id",
                vals![layout_name, canonical],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }

    /// Books other than `book` that hold puzzle `puzzle_id`.
    pub fn other_books_with(&self, puzzle_id: i64, book: i64) -> Result<Vec<i64>> {
        self.conn
            .query(
                "SELECT DISTINCT p.book_id FROM book_puzzles p JOIN books b ON b.id = p.book_id
                 WHERE p.puzzle_id = $1 AND p.book_id <> $2 AND b.status = 'done' ORDER BY p.book_id",
                vals![puzzle_id, book],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }

    /// Validated puzzles of a layout and level that books leave out because
    /// a reference set holds their key.
    pub fn reference_held(&self, layout: &str, level: &str) -> Result<i64> {
        self.conn
            .query_one(
                "SELECT count(*) FROM puzzles p WHERE p.layout_name = $1 AND p.level = $2 AND p.validation = 'ok'
                   AND EXISTS (SELECT 1 FROM reference_keys k JOIN reference_sets s ON s.id = k.set_id
                               WHERE s.layout_name = p.layout_name AND k.canonical = p.canonical)",
                vals![layout, level],
            )?
            .get(0)
    }
}
