//! Batches: one `generate` run each, resumable from `next_attempt`.

use super::db::{Conn, vals};
use super::{Catalog, fingerprint};
use crate::layout::Layout;
use crate::score::Level;
use anyhow::{Context, Result, anyhow, bail};
use std::sync::OnceLock;

/// A lease whose heartbeat is older than this may be taken over.
pub const LEASE_SECONDS: i64 = 30;

/// The process holding (or asking for) a batch's lease.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaseHolder {
    /// Unique to one run of one process.
    pub owner: String,
    pub pid: u32,
    pub host: String,
}

impl LeaseHolder {
    /// This process: one token for its whole life.
    pub fn this_process() -> &'static LeaseHolder {
        static ME: OnceLock<LeaseHolder> = OnceLock::new();
        ME.get_or_init(|| {
            let pid = std::process::id();
            let host = host_name();
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
            let owner = format!("{pid}@{host}#{}", fingerprint(&format!("{nanos}/{pid}/{host}")));
            LeaseHolder { owner, pid, host }
        })
    }
}

/// A batch's lease as stored, with the age of its heartbeat.
#[derive(Clone, Debug)]
pub(super) struct Lease {
    pub(super) holder: LeaseHolder,
    pub(super) age_seconds: i64,
}

impl Lease {
    /// Live: a fresh heartbeat and, on this host, a process that still exists.
    pub(super) fn is_live(&self, me: &LeaseHolder) -> bool {
        self.age_seconds < LEASE_SECONDS && (self.holder.host != me.host || pid_alive(self.holder.pid))
    }

    pub(super) fn describe(&self) -> String {
        format!("process {} on {} (last heartbeat {} s ago)", self.holder.pid, self.holder.host, self.age_seconds.max(0))
    }
}

fn host_name() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .map(|s| s.trim().to_string())
        .chain(std::env::var("HOSTNAME").ok())
        .find(|s| !s.is_empty())
        .unwrap_or_else(|| "localhost".to_string())
}

/// Whether process `pid` of this host exists (a zombie does not count).
/// Where there is no /proc, the heartbeat alone decides.
fn pid_alive(pid: u32) -> bool {
    let proc = std::path::Path::new("/proc");
    if !proc.join("self").exists() {
        return true;
    }
    match std::fs::read_to_string(proc.join(pid.to_string()).join("stat")) {
        // The state follows the command name in parentheses.
        Ok(stat) => !stat.rsplit_once(')').is_some_and(|(_, rest)| matches!(rest.trim_start().chars().next(), Some('Z' | 'X'))),
        Err(_) => proc.join(pid.to_string()).exists(),
    }
}

/// The batch's lease, if it has one (inside the caller's transaction).
fn lease_of(conn: &Conn, id: i64) -> Result<Option<Lease>> {
    lease_in(conn, "batches", id)
}

/// The lease of row `id` of `table` (batches or books), if it has one.
pub(super) fn lease_in(conn: &Conn, table: &str, id: i64) -> Result<Option<Lease>> {
    let sql = match table {
        "batches" => "SELECT lease_owner, lease_pid, lease_host, @unix - lease_heartbeat FROM batches WHERE id = $1",
        _ => "SELECT lease_owner, lease_pid, lease_host, @unix - lease_heartbeat FROM books WHERE id = $1",
    };
    let Some(r) = conn.query_opt(sql, vals![id])? else {
        return Ok(None);
    };
    Ok(r.get::<Option<String>>(0)?.map(|owner| Lease {
        holder: LeaseHolder {
            owner,
            pid: r.get::<Option<i64>>(1).ok().flatten().unwrap_or(0) as u32,
            host: r.get::<Option<String>>(2).ok().flatten().unwrap_or_default(),
        },
        age_seconds: r.get::<Option<i64>>(3).ok().flatten().unwrap_or(i64::MAX),
    }))
}

/// Renews this process's lease on batch `id` (inside the caller's
/// transaction); an error when another process holds it now.
pub(super) fn renew(conn: &Conn, id: i64) -> Result<()> {
    let me = LeaseHolder::this_process();
    let renewed = conn.execute("UPDATE batches SET lease_heartbeat = @unix WHERE id = $1 AND lease_owner = $2", vals![id, &me.owner])?;
    if renewed == 0 {
        let holder = lease_of(conn, id)?.map_or("no process".to_string(), |l| l.describe());
        bail!("batch {id}: this run no longer holds the batch's lease ({holder} holds it now); stopping without committing");
    }
    Ok(())
}

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
    /// What the batch asks beyond level and symmetry (pattern, technique,
    /// rating range, time limit), as `generate::Controls` stores it.
    pub controls: Option<String>,
    pub next_attempt: u64,
    pub status: BatchStatus,
    /// Why it stopped, when it did not finish.
    pub note: Option<String>,
}

/// The row of layout file `source` under `name`, added if new (inside the
/// caller's transaction).
pub(super) fn layout_row(conn: &Conn, name: &str, source: &str, family: &str) -> Result<i64> {
    let hash = fingerprint(source);
    conn.execute(
        "INSERT INTO layouts (name, file_hash, source, family) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        vals![name, &hash, source, family],
    )?;
    conn.query_one("SELECT id FROM layouts WHERE name = $1 AND file_hash = $2", vals![name, &hash])?.get(0)
}

impl Catalog {
    /// The row of this exact layout file, added if new; `family` is the
    /// catalog's name of its family (`Family::name`).
    ///
    /// A layout name stands for one puzzle kind: a file whose rules differ
    /// from a layout a batch already used under that name is refused.
    /// Files that differ only in the reader's and the catalog's words
    /// (`name`, `description`, `rules`: an upgrade rewording the shipped
    /// files) are the same kind and get a row of their own. Per-puzzle
    /// copies of random marks or islands are no batch's layout, so they do
    /// not count.
    pub fn layout_id(&self, layout: &Layout, family: &str) -> Result<i64> {
        let hash = fingerprint(&layout.source);
        self.write(|conn| {
            let others: Vec<(String, String)> = conn
                .query(
                    "SELECT file_hash, source FROM layouts WHERE name = $1 AND file_hash <> $2 AND id IN (SELECT layout_id FROM batches)
                     ORDER BY id",
                    vals![&layout.id, &hash],
                )?
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?)))
                .collect::<Result<_>>()?;
            if let Some((other, _)) = others.iter().find(|(_, source)| !crate::layout::same_rules(source, &layout.source)) {
                bail!(
                    "{} (hash {hash}) differs from the layout {} that catalog {} already holds (layouts/{}.toml, hash {other}): \
                     a layout name stands for one set of rules; rename your file",
                    layout.path.display(),
                    layout.id,
                    self.target,
                    layout.id
                );
            }
            layout_row(conn, &layout.id, &layout.source, family)
        })
    }

    pub fn create_batch(&self, layout_id: i64, seed: u64, count: u64, difficulty: Option<Level>, symmetry: &str) -> Result<i64> {
        self.create_batch_with(layout_id, seed, count, difficulty, symmetry, None)
    }

    /// A new batch that also asks `controls` (the stored text of
    /// `generate::Controls`), recorded in the same statement so a resumed
    /// batch never runs without them.
    pub fn create_batch_with(
        &self,
        layout_id: i64,
        seed: u64,
        count: u64,
        difficulty: Option<Level>,
        symmetry: &str,
        controls: Option<&str>,
    ) -> Result<i64> {
        self.write(|conn| {
            let me = LeaseHolder::this_process();
            conn.query_one(
                "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, controls, status, started_at,
                     lease_owner, lease_pid, lease_host, lease_heartbeat)
                 VALUES ($1, $2, $3, $4, $5, $6, 'running', @now, $7, $8, $9, @unix)
                 RETURNING id",
                vals![layout_id, seed as i64, count as i64, difficulty.map(|l| l.name()), symmetry, controls, &me.owner, me.pid, &me.host],
            )?
            .get(0)
        })
    }

    pub fn batch(&self, id: i64) -> Result<Batch> {
        let r = self
            .conn
            .query_opt(
                "SELECT b.id, b.layout_id, l.name, l.source, b.seed, b.count_asked, b.difficulty, b.symmetry, b.next_attempt, b.status,
                        b.controls, b.note
                 FROM batches b JOIN layouts l ON l.id = b.layout_id WHERE b.id = $1",
                vals![id],
            )?
            .ok_or_else(|| anyhow!("{}: there is no batch {id}", self.target))?;
        Ok(Batch {
            id: r.get(0)?,
            layout_id: r.get(1)?,
            layout_name: r.get(2)?,
            layout_source: r.get(3)?,
            seed: r.get::<i64>(4)? as u64,
            count_asked: r.get::<i64>(5)? as u64,
            difficulty: r.get::<Option<String>>(6)?.and_then(|d| d.parse().ok()),
            symmetry: r.get(7)?,
            next_attempt: r.get::<i64>(8)? as u64,
            status: BatchStatus::parse(&r.get::<String>(9)?),
            controls: r.get(10)?,
            note: r.get(11)?,
        })
    }

    /// The newest batch that did not finish (interrupted, or killed while running).
    pub fn latest_unfinished_batch(&self) -> Result<Option<i64>> {
        self.conn
            .query_opt("SELECT id FROM batches WHERE status IN ('running', 'interrupted') ORDER BY id DESC LIMIT 1", &[])?
            .map(|r| r.get(0))
            .transpose()
    }

    /// Puzzles the batch holds, of the asked level if any: the level a batch
    /// accepts by, the technique level where the puzzle was graded, else the
    /// score level (as `Family::make` decides and books read).
    pub fn batch_held(&self, batch: &Batch) -> Result<u64> {
        let n: i64 = match batch.difficulty {
            Some(level) => self
                .conn
                .query_one(
                    "SELECT count(*) FROM puzzles WHERE batch_id = $1 AND coalesce(technique_level, level) = $2",
                    vals![batch.id, level.name()],
                )?
                .get(0)?,
            None => self.conn.query_one("SELECT count(*) FROM puzzles WHERE batch_id = $1", vals![batch.id])?.get(0)?,
        };
        Ok(n as u64)
    }

    /// Takes batch `id`'s lease for this process and marks it running.
    /// Refused, naming the process, while another process's lease is live;
    /// a stale lease (old heartbeat, or a process gone) is taken over.
    pub fn claim_batch(&self, id: i64) -> Result<()> {
        let me = LeaseHolder::this_process();
        self.write(|conn| {
            if let Some(lease) = lease_of(conn, id)?.filter(|l| l.holder.owner != me.owner && l.is_live(me)) {
                bail!("batch {id} is being run by {}; let it finish, or stop it (Ctrl-C) and resume then", lease.describe());
            }
            conn.execute(
                "UPDATE batches SET status = 'running', note = NULL, finished_at = NULL,
                     lease_owner = $2, lease_pid = $3, lease_host = $4, lease_heartbeat = @unix
                 WHERE id = $1",
                vals![id, &me.owner, me.pid, &me.host],
            )?;
            Ok(())
        })
    }

    /// Renews this process's lease on batch `id` (during a long chunk); an
    /// error when another process took the batch over.
    pub fn renew_lease(&self, id: i64) -> Result<()> {
        self.write(|conn| renew(conn, id))
    }

    /// Ends this process's run of batch `id` with `status`, giving up its
    /// lease; an error (nothing changed) when another process holds it.
    pub fn release_batch(&self, id: i64, status: BatchStatus, note: Option<&str>) -> Result<()> {
        self.write(|conn| {
            renew(conn, id)?;
            conn.execute(
                "UPDATE batches SET status = $2, note = $3, finished_at = @now,
                     lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
                 WHERE id = $1",
                vals![id, status.as_str(), note],
            )
            .with_context(|| format!("cannot update batch {id}"))?;
            Ok(())
        })
    }

    pub fn set_batch_status(&self, id: i64, status: BatchStatus, note: Option<&str>) -> Result<()> {
        let finished = !matches!(status, BatchStatus::Running);
        self.write(|conn| {
            conn.execute(
                "UPDATE batches SET status = $2, note = $3,
                     finished_at = CASE WHEN CAST($4 AS BOOLEAN) THEN @now END
                 WHERE id = $1",
                vals![id, status.as_str(), note, finished],
            )
            .with_context(|| format!("cannot update batch {id}"))?;
            Ok(())
        })
    }
}
