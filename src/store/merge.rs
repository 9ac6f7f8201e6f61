//! Folding another machine's catalog into this one.

use super::Catalog;
use super::db::vals;
use anyhow::Result;
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
    /// unvalidated: this catalog trusts only its own validation. The other
    /// catalog is a SQLite file (a shard); this one either backend. Its rows
    /// are read through a connection of their own, so the statements are
    /// the same on both backends.
    pub fn merge(&self, other: &Path) -> Result<MergeReport> {
        anyhow::ensure!(other.is_file(), "{}: no such catalog", other.display());
        let same = match (self.target.file().map(std::fs::canonicalize), std::fs::canonicalize(other)) {
            (Some(Ok(here)), Ok(there)) => here == there,
            _ => false,
        };
        anyhow::ensure!(!same, "cannot merge {} into itself: give another catalog to merge", other.display());
        // Opening upgrades the other file to this schema if it is older.
        let source = Catalog::open(other)?;
        let layouts = source.conn.query("SELECT name, file_hash, source, family FROM layouts ORDER BY id", &[])?;
        let batches = source.conn.query(
            "SELECT b.id, l.name, l.file_hash, b.seed, b.count_asked, b.difficulty, b.symmetry, b.next_attempt,
                    b.status, b.note, b.started_at, b.finished_at
             FROM batches b JOIN layouts l ON l.id = b.layout_id ORDER BY b.id",
            &[],
        )?;
        let puzzles = source.conn.query(
            "SELECT l.name, l.file_hash, p.layout_name, p.givens, p.solution, p.canonical, p.clues, p.score, p.level,
                    p.effort_nodes, p.seed, p.batch_id, p.generator_version, p.created_at, p.source, p.minimal, p.symmetry
             FROM puzzles p JOIN layouts l ON l.id = p.layout_id ORDER BY p.id",
            &[],
        )?;
        drop(source);
        self.write(|conn| {
            for r in &layouts {
                conn.execute(
                    "INSERT INTO layouts (name, file_hash, source, family) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                    vals![r.get::<String>(0)?, r.get::<String>(1)?, r.get::<String>(2)?, r.get::<String>(3)?],
                )?;
            }
            let mut batch_ids = HashMap::new();
            let mut report = MergeReport::default();
            for r in &batches {
                let old_id: i64 = r.get(0)?;
                let note: Option<String> = r.get(9)?;
                let origin = format!("merged from {} batch {old_id}", other.display());
                let note = Some(note.map_or(origin.clone(), |n| format!("{n}; {origin}")));
                let new_id: i64 = conn
                    .query_one(
                        "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, next_attempt, status, note, started_at, finished_at)
                         VALUES ((SELECT id FROM layouts WHERE name = $1 AND file_hash = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11)
                         RETURNING id",
                        vals![
                            r.get::<String>(1)?,
                            r.get::<String>(2)?,
                            r.get::<i64>(3)?,
                            r.get::<i64>(4)?,
                            r.get::<Option<String>>(5)?,
                            r.get::<String>(6)?,
                            r.get::<i64>(7)?,
                            r.get::<String>(8)?,
                            note,
                            r.get::<String>(10)?,
                            r.get::<Option<String>>(11)?
                        ],
                    )?
                    .get(0)?;
                batch_ids.insert(old_id, new_id);
                report.batches += 1;
            }
            for r in &puzzles {
                let batch = r.get::<Option<i64>>(11)?.and_then(|b| batch_ids.get(&b).copied());
                let added = conn.execute(
                    "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level,
                         effort_nodes, seed, batch_id, generator_version, created_at, source, minimal, symmetry, key)
                     VALUES ((SELECT id FROM layouts WHERE name = $1 AND file_hash = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                         $16, $17, $18)
                     ON CONFLICT DO NOTHING",
                    vals![
                        r.get::<String>(0)?,
                        r.get::<String>(1)?,
                        r.get::<String>(2)?,
                        r.get::<String>(3)?,
                        r.get::<String>(4)?,
                        r.get::<String>(5)?,
                        r.get::<i64>(6)?,
                        r.get::<i64>(7)?,
                        r.get::<String>(8)?,
                        r.get::<i64>(9)?,
                        r.get::<i64>(10)?,
                        batch,
                        r.get::<String>(12)?,
                        r.get::<String>(13)?,
                        r.get::<String>(14)?,
                        r.get::<Option<i64>>(15)?,
                        r.get::<Option<String>>(16)?,
                        super::puzzle_key(&r.get::<String>(2)?, &r.get::<String>(5)?)
                    ],
                )?;
                if added == 1 {
                    report.puzzles_added += 1;
                } else {
                    report.duplicates += 1;
                }
            }
            Ok(report)
        })
    }
}
