//! Folding another machine's catalog into this one.

use super::Catalog;
use anyhow::{Context, Result};
use rusqlite::params;
use std::collections::HashMap;
use std::path::Path;

#[derive(Debug, Default, PartialEq)]
pub struct MergeReport {
    pub batches: usize,
    pub puzzles_added: usize,
    pub duplicates: usize,
}

impl Catalog {
    /// Adds the other catalog's layouts, batches and puzzles; a puzzle whose
    /// canonical key is already here is skipped. Merged puzzles arrive
    /// unvalidated: this catalog trusts only its own validation.
    pub fn merge(&self, other: &Path) -> Result<MergeReport> {
        anyhow::ensure!(other.is_file(), "{}: no such catalog", other.display());
        // Attaching the file this connection holds would wait on its own lock.
        let same = match (std::fs::canonicalize(&self.path), std::fs::canonicalize(other)) {
            (Ok(here), Ok(there)) => here == there,
            _ => false,
        };
        anyhow::ensure!(!same, "cannot merge {} into itself: give another catalog to merge", other.display());
        // Opening upgrades the other file to this schema if it is older.
        drop(Catalog::open(other)?);
        self.conn
            .execute("ATTACH DATABASE ?1 AS other", [other.display().to_string()])
            .with_context(|| format!("cannot attach {}", other.display()))?;
        let result = self.write(|conn| {
            conn.execute(
                "INSERT OR IGNORE INTO layouts (name, file_hash, source) SELECT name, file_hash, source FROM other.layouts",
                [],
            )?;
            // The family as migration 0005 derives it (the other file may predate it).
            conn.execute("UPDATE layouts SET family = 'loops' WHERE source LIKE '%shape = \"loops\"%'", [])?;
            let mut batch_ids = HashMap::new();
            let mut report = MergeReport::default();
            {
                let mut old_batches = conn.prepare(
                    "SELECT b.id, l.name, l.file_hash, b.seed, b.count_asked, b.difficulty, b.symmetry, b.next_attempt,
                            b.status, b.note, b.started_at, b.finished_at
                     FROM other.batches b JOIN other.layouts l ON l.id = b.layout_id ORDER BY b.id",
                )?;
                let mut insert = conn.prepare(
                    "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, next_attempt, status, note, started_at, finished_at)
                     VALUES ((SELECT id FROM layouts WHERE name = ?1 AND file_hash = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                )?;
                let mut rows = old_batches.query([])?;
                while let Some(r) = rows.next()? {
                    let old_id: i64 = r.get(0)?;
                    let note: Option<String> = r.get(9)?;
                    let origin = format!("merged from {} batch {old_id}", other.display());
                    let note = Some(note.map_or(origin.clone(), |n| format!("{n}; {origin}")));
                    insert.execute(params![
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, i64>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, String>(6)?,
                        r.get::<_, i64>(7)?,
                        r.get::<_, String>(8)?,
                        note,
                        r.get::<_, String>(10)?,
                        r.get::<_, Option<String>>(11)?
                    ])?;
                    batch_ids.insert(old_id, conn.last_insert_rowid());
                    report.batches += 1;
                }
            }
            let mut old_puzzles = conn.prepare(
                "SELECT l.name, l.file_hash, p.layout_name, p.givens, p.solution, p.canonical, p.clues, p.score, p.level,
                        p.effort_nodes, p.seed, p.batch_id, p.generator_version, p.created_at, p.source, p.minimal, p.symmetry
                 FROM other.puzzles p JOIN other.layouts l ON l.id = p.layout_id ORDER BY p.id",
            )?;
            let mut insert = conn.prepare(
                "INSERT OR IGNORE INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level,
                     effort_nodes, seed, batch_id, generator_version, created_at, source, minimal, symmetry)
                 VALUES ((SELECT id FROM layouts WHERE name = ?1 AND file_hash = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                     ?16, ?17)",
            )?;
            let mut rows = old_puzzles.query([])?;
            while let Some(r) = rows.next()? {
                let batch = r.get::<_, Option<i64>>(11)?.and_then(|b| batch_ids.get(&b).copied());
                let added = insert.execute(params![
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                    r.get::<_, String>(8)?,
                    r.get::<_, i64>(9)?,
                    r.get::<_, i64>(10)?,
                    batch,
                    r.get::<_, String>(12)?,
                    r.get::<_, String>(13)?,
                    r.get::<_, String>(14)?,
                    r.get::<_, Option<i64>>(15)?,
                    r.get::<_, Option<String>>(16)?
                ])?;
                if added == 1 {
                    report.puzzles_added += 1;
                } else {
                    report.duplicates += 1;
                }
            }
            Ok(report)
        });
        self.conn.execute("DETACH DATABASE other", []).ok();
        result
    }
}
