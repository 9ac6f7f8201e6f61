//! Batches: one `generate` run each, resumable from `next_attempt`.

use super::{Catalog, fingerprint};
use crate::layout::Layout;
use crate::score::Level;
use anyhow::{Context, Result, anyhow};
use rusqlite::{OptionalExtension, params};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchStatus {
    Running,
    Interrupted,
    Done,
    /// Stopped because attempts kept producing puzzles already in the
    /// catalog (a small layout has only so many).
    Exhausted,
    Failed,
}

impl BatchStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BatchStatus::Running => "running",
            BatchStatus::Interrupted => "interrupted",
            BatchStatus::Done => "done",
            BatchStatus::Exhausted => "exhausted",
            BatchStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> BatchStatus {
        match text {
            "running" => BatchStatus::Running,
            "interrupted" => BatchStatus::Interrupted,
            "done" => BatchStatus::Done,
            "exhausted" => BatchStatus::Exhausted,
            _ => BatchStatus::Failed,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Batch {
    pub id: i64,
    pub layout_id: i64,
    pub layout_name: String,
    /// The layout file as it was when the batch started.
    pub layout_source: String,
    pub seed: u64,
    pub count_asked: u64,
    pub difficulty: Option<Level>,
    pub symmetry: String,
    pub next_attempt: u64,
    pub status: BatchStatus,
}

/// The row of layout file `source` under `name`, added if new (inside the
/// caller's transaction).
pub(super) fn layout_row(conn: &rusqlite::Connection, name: &str, source: &str, family: &str) -> rusqlite::Result<i64> {
    let hash = fingerprint(source);
    conn.execute(
        "INSERT OR IGNORE INTO layouts (name, file_hash, source, family) VALUES (?1, ?2, ?3, ?4)",
        params![name, hash, source, family],
    )?;
    conn.query_row("SELECT id FROM layouts WHERE name = ?1 AND file_hash = ?2", params![name, hash], |r| r.get(0))
}

impl Catalog {
    /// The row of this exact layout file, added if new; `family` is the
    /// catalog's name of its family (`Family::name`).
    pub fn layout_id(&self, layout: &Layout, family: &str) -> Result<i64> {
        self.write(|conn| Ok(layout_row(conn, &layout.id, &layout.source, family)?))
    }

    pub fn create_batch(&self, layout_id: i64, seed: u64, count: u64, difficulty: Option<Level>, symmetry: &str) -> Result<i64> {
        self.write(|conn| {
            conn.execute(
                "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, status, started_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, 'running', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                params![layout_id, seed as i64, count as i64, difficulty.map(|l| l.name()), symmetry],
            )?;
            Ok(conn.last_insert_rowid())
        })
    }

    pub fn batch(&self, id: i64) -> Result<Batch> {
        self.conn
            .query_row(
                "SELECT b.id, b.layout_id, l.name, l.source, b.seed, b.count_asked, b.difficulty, b.symmetry, b.next_attempt, b.status
                 FROM batches b JOIN layouts l ON l.id = b.layout_id WHERE b.id = ?1",
                [id],
                |r| {
                    Ok(Batch {
                        id: r.get(0)?,
                        layout_id: r.get(1)?,
                        layout_name: r.get(2)?,
                        layout_source: r.get(3)?,
                        seed: r.get::<_, i64>(4)? as u64,
                        count_asked: r.get::<_, i64>(5)? as u64,
                        difficulty: r.get::<_, Option<String>>(6)?.and_then(|d| d.parse().ok()),
                        symmetry: r.get(7)?,
                        next_attempt: r.get::<_, i64>(8)? as u64,
                        status: BatchStatus::parse(&r.get::<_, String>(9)?),
                    })
                },
            )
            .optional()?
            .ok_or_else(|| anyhow!("{}: there is no batch {id}", self.path.display()))
    }

    /// The newest batch that did not finish (interrupted, or killed while running).
    pub fn latest_unfinished_batch(&self) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row("SELECT id FROM batches WHERE status IN ('running', 'interrupted') ORDER BY id DESC LIMIT 1", [], |r| r.get(0))
            .optional()?)
    }

    /// Puzzles the batch holds, of the asked level if any.
    pub fn batch_held(&self, batch: &Batch) -> Result<u64> {
        let n: i64 = match batch.difficulty {
            Some(level) => self.conn.query_row(
                "SELECT count(*) FROM puzzles WHERE batch_id = ?1 AND level = ?2",
                params![batch.id, level.name()],
                |r| r.get(0),
            )?,
            None => self.conn.query_row("SELECT count(*) FROM puzzles WHERE batch_id = ?1", [batch.id], |r| r.get(0))?,
        };
        Ok(n as u64)
    }

    pub fn set_batch_status(&self, id: i64, status: BatchStatus, note: Option<&str>) -> Result<()> {
        let finished = !matches!(status, BatchStatus::Running);
        self.write(|conn| {
            conn.execute(
                "UPDATE batches SET status = ?2, note = ?3,
                     finished_at = CASE WHEN ?4 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
                 WHERE id = ?1",
                params![id, status.as_str(), note, finished],
            )
            .with_context(|| format!("cannot update batch {id}"))?;
            Ok(())
        })
    }
}
