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

/// Ends batch `id` with `status` (and `note`), its lease given up (inside
/// the caller's transaction).
fn end_batch(conn: &Conn, id: i64, status: BatchStatus, note: Option<&str>) -> Result<()> {
    conn.execute(
        "UPDATE batches SET status = $2, note = $3, finished_at = @now,
             lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
         WHERE id = $1",
        vals![id, status.as_str(), note],
    )
    .with_context(|| format!("cannot update batch {id}"))?;
    Ok(())
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
    /// Who made it (a studio user, or `generate`'s editor); None for
    /// batches made before the catalog recorded it.
    pub made_by: Option<String>,
    /// Who asked it to stop (`generate --stop`, the studio's Stop), when
    /// someone did: its workers stop and nobody joins or resumes it.
    pub stopped_by: Option<String>,
}

impl Batch {
    /// Its status as people read it: a stopped batch says `stopped`.
    pub fn shown_status(&self) -> &'static str {
        shown_status(self.status, self.stopped_by.is_some())
    }
}

/// A batch's status in words: `stopped` once a stop was asked and no
/// worker runs it, `stopping` while workers still do.
pub fn shown_status(status: BatchStatus, stopped: bool) -> &'static str {
    match (stopped, status) {
        (true, BatchStatus::Running) => "stopping",
        (true, BatchStatus::Interrupted) => "stopped",
        _ => status.as_str(),
    }
}

/// A batch was asked to stop: why a worker does not join it.
pub fn stopped_refusal(batch: &Batch, target: &super::DbTarget) -> String {
    format!(
        "batch {} was stopped by {}: nobody runs it any more (it holds what it made); start a new batch instead (`puzzlebook generate {} --count N --db {}`)",
        batch.id,
        batch.stopped_by.as_deref().unwrap_or("someone"),
        batch.layout_name,
        target
    )
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

/// The family of the layout row `layout_id` (as `Family::name` named it).
pub(super) fn family_of(conn: &Conn, layout_id: i64) -> Result<String> {
    conn.query_one("SELECT family FROM layouts WHERE id = $1", vals![layout_id])?.get(0)
}

impl Catalog {
    /// The row of this exact layout file, added if new; `family` is the
    /// catalog's name of its family (`Family::name`).
    ///
    /// A layout name stands for one puzzle kind: a file whose rules differ
    /// from a layout a batch already used under that name is refused.
    /// Files that differ only in the reader's and the catalog's words
    /// (`name`, `description`, `rules` and their translations `words`: an
    /// upgrade rewording the shipped files) are the same kind and get a row
    /// of their own. Per-puzzle
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
        self.create_batch_with(layout_id, seed, count, difficulty, symmetry, None, None)
    }

    /// A new batch that also asks `controls` (the stored text of
    /// `generate::Controls`), recorded in the same statement so a resumed
    /// batch never runs without them, made by `made_by`.
    #[allow(clippy::too_many_arguments)]
    pub fn create_batch_with(
        &self,
        layout_id: i64,
        seed: u64,
        count: u64,
        difficulty: Option<Level>,
        symmetry: &str,
        controls: Option<&str>,
        made_by: Option<&str>,
    ) -> Result<i64> {
        self.write(|conn| {
            let me = LeaseHolder::this_process();
            conn.query_one(
                "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, controls, status, started_at,
                     lease_owner, lease_pid, lease_host, lease_heartbeat, held, made_by)
                 VALUES ($1, $2, $3, $4, $5, $6, 'running', @now, $7, $8, $9, @unix, 0, $10)
                 RETURNING id",
                vals![
                    layout_id,
                    seed as i64,
                    count as i64,
                    difficulty.map(|l| l.name()),
                    symmetry,
                    controls,
                    &me.owner,
                    me.pid,
                    &me.host,
                    made_by
                ],
            )?
            .get(0)
        })
    }

    pub fn batch(&self, id: i64) -> Result<Batch> {
        let r = self
            .conn
            .query_opt(
                "SELECT b.id, b.layout_id, l.name, l.source, b.seed, b.count_asked, b.difficulty, b.symmetry, b.next_attempt, b.status,
                        b.controls, b.note, b.made_by, b.stopped_by
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
            made_by: r.get(12)?,
            stopped_by: r.get(13)?,
        })
    }

    /// The newest batch that did not finish (interrupted, or killed while running).
    pub fn latest_unfinished_batch(&self) -> Result<Option<i64>> {
        self.conn
            .query_opt(
                "SELECT id FROM batches WHERE status IN ('running', 'interrupted') AND stopped_by IS NULL ORDER BY id DESC LIMIT 1",
                &[],
            )?
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

    /// Takes batch `id` for this process alone (`generate --resume`) and
    /// marks it running. Refused, naming the process, while another worker
    /// runs it (its lease, or a range it claimed, is live); a stale lease
    /// (old heartbeat, or a process gone) is taken over. [`Catalog::join_batch`]
    /// joins the others instead.
    pub fn claim_batch(&self, id: i64) -> Result<()> {
        let me = LeaseHolder::this_process();
        self.write(|conn| {
            if let Some(holder) = live_workers(conn, id, me)? {
                bail!(
                    "batch {id} is being run by {holder}; let it finish, or stop it (Ctrl-C) and resume then, or run it here too with `generate --join {id}`"
                );
            }
            Ok(())
        })?;
        self.join_batch(id)
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
            end_batch(conn, id, status, note)
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

/// A range of a batch's attempts, `first..end`, claimed by this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    pub first: u64,
    pub end: u64,
}

/// A batch as its workers see it while they run it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchState {
    /// Attempts below this are committed.
    pub next_attempt: u64,
    /// Puzzles the batch holds (of its level, when it asks one).
    pub held: u64,
    pub count_asked: u64,
    pub status: BatchStatus,
    /// Someone asked the batch to stop: every worker stops.
    pub stopped: bool,
    /// Puzzles the batch's other live workers (not this process) have made
    /// and not yet committed, as their last heartbeats said (they may hold
    /// duplicates, and puzzles past the count that the last commit drops).
    pub in_flight: u64,
}

impl BatchState {
    /// Done, exhausted, failed or stopped: every worker stops (an
    /// interrupted batch is one no worker runs any more; a worker joining
    /// runs it again, unless it was stopped).
    pub fn ended(&self) -> bool {
        self.stopped || matches!(self.status, BatchStatus::Done | BatchStatus::Exhausted | BatchStatus::Failed)
    }
}

/// What a range's commit did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    /// Per puzzle, whether it was new.
    pub inserted: Vec<bool>,
    /// The batch after the commit.
    pub state: BatchState,
}

/// Ranges of batch `id` owned by processes other than `me` that are still
/// live; the first one's description.
fn live_workers(conn: &Conn, id: i64, me: &LeaseHolder) -> Result<Option<String>> {
    if let Some(lease) = lease_of(conn, id)?.filter(|l| l.holder.owner != me.owner && l.is_live(me)) {
        return Ok(Some(lease.describe()));
    }
    Ok(range_leases(conn, id)?.into_iter().find(|(_, l)| l.holder.owner != me.owner && l.is_live(me)).map(|(_, l)| l.describe()))
}

/// The owned ranges of batch `id`: (first attempt, lease), in attempt order.
fn range_leases(conn: &Conn, id: i64) -> Result<Vec<(u64, Lease)>> {
    conn.query(
        "SELECT first_attempt, owner, pid, host, @unix - heartbeat FROM batch_ranges
         WHERE batch_id = $1 AND owner IS NOT NULL ORDER BY first_attempt",
        vals![id],
    )?
    .iter()
    .map(|r| {
        Ok((
            r.get::<i64>(0)? as u64,
            Lease {
                holder: LeaseHolder {
                    owner: r.get(1)?,
                    pid: r.get::<Option<i64>>(2)?.unwrap_or(0) as u32,
                    host: r.get::<Option<String>>(3)?.unwrap_or_default(),
                },
                age_seconds: r.get::<Option<i64>>(4)?.unwrap_or(i64::MAX),
            },
        ))
    })
    .collect()
}

fn state_of(conn: &Conn, id: i64, lock: bool) -> Result<BatchState> {
    // The append of a new range takes the batch's row, so two workers
    // never append the same attempts (SQLite: the single writer does).
    let mut sql = String::from(
        "SELECT next_attempt, held, count_asked, status, stopped_by,
                (SELECT CAST(COALESCE(sum(r.made), 0) AS BIGINT) FROM batch_ranges r
                 WHERE r.batch_id = b.id AND r.owner IS NOT NULL AND r.owner <> $2 AND @unix - r.heartbeat < $3)
         FROM batches b WHERE id = $1",
    );
    if lock && conn.dialect() == super::db::Dialect::Postgres {
        sql.push_str(" FOR NO KEY UPDATE OF b");
    }
    let me = LeaseHolder::this_process();
    let r = conn.query_opt(&sql, vals![id, &me.owner, LEASE_SECONDS])?;
    let r = r.ok_or_else(|| anyhow!("there is no batch {id}"))?;
    Ok(BatchState {
        next_attempt: r.get::<i64>(0)? as u64,
        held: r.get::<Option<i64>>(1)?.unwrap_or(0) as u64,
        count_asked: r.get::<i64>(2)? as u64,
        status: BatchStatus::parse(&r.get::<String>(3)?),
        stopped: r.get::<Option<String>>(4)?.is_some(),
        in_flight: r.get::<i64>(5)?.max(0) as u64,
    })
}

/// Before a range's puzzles land: the range is this process's and the
/// batch's committed prefix reaches its first attempt (inside the write
/// transaction). False: the range was taken over, or its turn has passed
/// (another worker committed it), or the batch ended.
pub(super) fn range_turn(conn: &Conn, id: i64, claim: Claim) -> Result<bool> {
    let me = LeaseHolder::this_process();
    let sql = match conn.dialect() {
        super::db::Dialect::Postgres => {
            "SELECT owner FROM batch_ranges WHERE batch_id = $1 AND first_attempt = $2 AND end_attempt = $3 FOR UPDATE"
        }
        super::db::Dialect::Sqlite => "SELECT owner FROM batch_ranges WHERE batch_id = $1 AND first_attempt = $2 AND end_attempt = $3",
    };
    let owner: Option<String> =
        conn.query_opt(sql, vals![id, claim.first as i64, claim.end as i64])?.map(|r| r.get::<Option<String>>(0)).transpose()?.flatten();
    if owner.as_deref() != Some(me.owner.as_str()) {
        return Ok(false);
    }
    let state = state_of(conn, id, false)?;
    Ok(state.next_attempt == claim.first && !state.ended())
}

/// After a range's puzzles landed (`new` of them new): the resume point
/// moves to `next_attempt`, the range is done (or, stopped part-way, its
/// rest is left unowned for any worker), and the batch is done once it
/// holds its count.
pub(super) fn range_done(conn: &Conn, id: i64, claim: Claim, next_attempt: u64, new: u64) -> Result<BatchState> {
    let me = LeaseHolder::this_process();
    conn.execute(
        "UPDATE batches SET next_attempt = $2, held = held + $3, lease_owner = $4, lease_pid = $5, lease_host = $6,
             lease_heartbeat = @unix
         WHERE id = $1",
        vals![id, next_attempt as i64, new as i64, &me.owner, me.pid, &me.host],
    )?;
    if next_attempt >= claim.end {
        conn.execute("DELETE FROM batch_ranges WHERE batch_id = $1 AND first_attempt = $2", vals![id, claim.first as i64])?;
    } else {
        conn.execute(
            "UPDATE batch_ranges SET first_attempt = $3, owner = NULL, pid = NULL, host = NULL, heartbeat = NULL, made = NULL
             WHERE batch_id = $1 AND first_attempt = $2",
            vals![id, claim.first as i64, next_attempt as i64],
        )?;
    }
    let mut state = state_of(conn, id, false)?;
    if state.held >= state.count_asked {
        conn.execute(
            "UPDATE batches SET status = 'done', note = NULL, finished_at = @now,
                 lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
             WHERE id = $1",
            vals![id],
        )?;
        conn.execute("DELETE FROM batch_ranges WHERE batch_id = $1", vals![id])?;
        state.status = BatchStatus::Done;
    }
    Ok(state)
}

/// Runs `f` in a transaction that takes rows, not the catalog's write lock:
/// on PostgreSQL claims and heartbeats go on while a chunk commits; SQLite's
/// single writer serializes them.
fn row_transaction<T>(conn: &Conn, f: impl FnOnce(&Conn) -> Result<T>) -> Result<T> {
    match conn.dialect() {
        super::db::Dialect::Sqlite => super::write_transaction(conn, f),
        super::db::Dialect::Postgres => {
            conn.batch("BEGIN")?;
            let result = f(conn);
            super::end_transaction(conn, result)
        }
    }
}

impl Catalog {
    /// Joins batch `id` as one of its workers: marks it running and fills
    /// in how many puzzles it holds if that is not known yet. Any number of
    /// processes, on any number of machines, may join one batch.
    pub fn join_batch(&self, id: i64) -> Result<()> {
        let me = LeaseHolder::this_process();
        let batch = self.batch(id)?;
        if batch.stopped_by.is_some() {
            bail!("{}", stopped_refusal(&batch, &self.target));
        }
        self.write(|conn| {
            let held: Option<i64> = conn.query_one("SELECT held FROM batches WHERE id = $1", vals![id])?.get(0)?;
            if held.is_none() {
                let counted = batch_held_in(conn, &batch)?;
                conn.execute("UPDATE batches SET held = $2 WHERE id = $1", vals![id, counted as i64])?;
            }
            conn.execute(
                "UPDATE batches SET status = 'running', note = NULL, finished_at = NULL,
                     lease_owner = $2, lease_pid = $3, lease_host = $4, lease_heartbeat = @unix
                 WHERE id = $1 AND status <> 'done' AND stopped_by IS NULL",
                vals![id, &me.owner, me.pid, &me.host],
            )?;
            Ok(())
        })
    }

    /// The batch as its workers see it now.
    pub fn batch_state(&self, id: i64) -> Result<BatchState> {
        state_of(&self.conn, id, false)
    }

    /// Claims the next range of batch `id` for this process: a range whose
    /// worker is gone (its lease ran out, or its process is gone on this
    /// host, or it stopped) first, in attempt order; else, when `new` allows,
    /// the `size` attempts after every range claimed so far. None: nothing
    /// to claim (or the batch ended).
    ///
    /// On PostgreSQL the takeover reads the ranges `FOR UPDATE SKIP LOCKED`,
    /// so workers claiming at once never wait on each other nor take the
    /// same range; on SQLite the single writer gives the same.
    pub fn claim_range(&self, id: i64, size: u64, new: bool) -> Result<Option<Claim>> {
        let me = LeaseHolder::this_process();
        let taken = row_transaction(&self.conn, |conn| {
            let sql = match conn.dialect() {
                super::db::Dialect::Postgres => {
                    "SELECT first_attempt, end_attempt, owner, pid, host, @unix - heartbeat FROM batch_ranges
                     WHERE batch_id = $1 AND (owner IS NULL OR owner <> $2) ORDER BY first_attempt FOR UPDATE SKIP LOCKED"
                }
                super::db::Dialect::Sqlite => {
                    "SELECT first_attempt, end_attempt, owner, pid, host, @unix - heartbeat FROM batch_ranges
                     WHERE batch_id = $1 AND (owner IS NULL OR owner <> $2) ORDER BY first_attempt"
                }
            };
            for r in conn.query(sql, vals![id, &me.owner])? {
                let abandoned = match r.get::<Option<String>>(2)? {
                    None => true,
                    Some(owner) => {
                        let lease = Lease {
                            holder: LeaseHolder {
                                owner,
                                pid: r.get::<Option<i64>>(3)?.unwrap_or(0) as u32,
                                host: r.get::<Option<String>>(4)?.unwrap_or_default(),
                            },
                            age_seconds: r.get::<Option<i64>>(5)?.unwrap_or(i64::MAX),
                        };
                        !lease.is_live(me)
                    }
                };
                if abandoned {
                    let claim = Claim { first: r.get::<i64>(0)? as u64, end: r.get::<i64>(1)? as u64 };
                    conn.execute(
                        "UPDATE batch_ranges SET owner = $3, pid = $4, host = $5, heartbeat = @unix, made = NULL
                         WHERE batch_id = $1 AND first_attempt = $2",
                        vals![id, claim.first as i64, &me.owner, me.pid, &me.host],
                    )?;
                    return Ok(Some(claim));
                }
            }
            Ok(None)
        })
        .with_context(|| format!("catalog {}", self.target))?;
        if taken.is_some() || !new {
            return Ok(taken);
        }
        row_transaction(&self.conn, |conn| {
            let state = state_of(conn, id, true)?;
            if state.ended() || state.held >= state.count_asked {
                return Ok(None);
            }
            let last: Option<i64> = conn.query_one("SELECT max(end_attempt) FROM batch_ranges WHERE batch_id = $1", vals![id])?.get(0)?;
            let first = state.next_attempt.max(last.unwrap_or(0) as u64);
            let claim = Claim { first, end: first + size.max(1) };
            conn.execute(
                "INSERT INTO batch_ranges (batch_id, first_attempt, end_attempt, owner, pid, host, heartbeat)
                 VALUES ($1, $2, $3, $4, $5, $6, @unix)",
                vals![id, claim.first as i64, claim.end as i64, &me.owner, me.pid, &me.host],
            )?;
            Ok(Some(claim))
        })
        .with_context(|| format!("catalog {}", self.target))
    }

    /// This worker's heartbeat on batch `id`: its ranges' and the batch's
    /// lease, with the puzzles made and not yet committed in each of its
    /// ranges (`made`: first attempt, puzzles), which every other worker,
    /// `generate --list` and the studio show as in flight. Returns the
    /// first attempts of the ranges it still owns (a range taken over while
    /// this worker seemed gone is not among them).
    pub fn renew_ranges(&self, id: i64, made: &[(u64, u64)]) -> Result<Vec<u64>> {
        let me = LeaseHolder::this_process();
        row_transaction(&self.conn, |conn| {
            // The batch's row first, as a commit takes it after its range:
            // one order of locks for every writer of both.
            conn.execute(
                "UPDATE batches SET lease_owner = $2, lease_pid = $3, lease_host = $4, lease_heartbeat = @unix
                 WHERE id = $1 AND status = 'running'",
                vals![id, &me.owner, me.pid, &me.host],
            )?;
            conn.execute("UPDATE batch_ranges SET heartbeat = @unix WHERE batch_id = $1 AND owner = $2", vals![id, &me.owner])?;
            for &(first, puzzles) in made {
                conn.execute(
                    "UPDATE batch_ranges SET made = $3 WHERE batch_id = $1 AND first_attempt = $2 AND owner = $4",
                    vals![id, first as i64, puzzles as i64, &me.owner],
                )?;
            }
            conn.query("SELECT first_attempt FROM batch_ranges WHERE batch_id = $1 AND owner = $2", vals![id, &me.owner])?
                .iter()
                .map(|r| Ok(r.get::<i64>(0)? as u64))
                .collect()
        })
        .with_context(|| format!("catalog {}", self.target))
    }

    /// This worker leaves batch `id`: its ranges are left unowned for the
    /// others. `Interrupted`: the batch is marked interrupted only when no
    /// other worker runs it any more. `Exhausted` or `Failed` (with `note`)
    /// end the batch for every worker. `Done`: marked by the commit that
    /// reached the count (here only for a batch that held it already).
    pub fn leave_batch(&self, id: i64, status: BatchStatus, note: Option<&str>) -> Result<()> {
        let me = LeaseHolder::this_process();
        self.write(|conn| {
            let current = state_of(conn, id, true)?;
            conn.execute(
                "UPDATE batch_ranges SET owner = NULL, pid = NULL, host = NULL, heartbeat = NULL, made = NULL
                 WHERE batch_id = $1 AND owner = $2",
                vals![id, &me.owner],
            )?;
            if current.ended() || (status == BatchStatus::Done && current.held < current.count_asked) {
                return Ok(());
            }
            if status == BatchStatus::Interrupted && live_workers(conn, id, me)?.is_some() {
                conn.execute(
                    "UPDATE batches SET lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
                     WHERE id = $1 AND lease_owner = $2",
                    vals![id, &me.owner],
                )?;
                return Ok(());
            }
            end_batch(conn, id, status, note)
        })
    }

    /// Which of `keys` (canonical keys of layout `layout`) the catalog
    /// holds: one statement per 500 keys through the dedupe index (a
    /// statement a key cost PostgreSQL a round trip each: a second and more
    /// at the end of every batch).
    pub fn held_keys(&self, layout: &str, keys: &[&str]) -> Result<std::collections::HashSet<String>> {
        let mut held = std::collections::HashSet::new();
        for chunk in keys.chunks(500) {
            // The key alone in SQL (the index to use); the layout and the
            // text are compared here, as a collision would differ in them.
            let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 1)).collect();
            let sql = format!("SELECT layout_name, canonical FROM puzzles WHERE key IN ({})", marks.join(", "));
            let params: Vec<super::db::Value> = chunk.iter().map(|k| super::db::Value::from(super::puzzle_key(layout, k))).collect();
            for r in self.conn.query(&sql, &params)? {
                let (name, canonical): (String, String) = (r.get(0)?, r.get(1)?);
                if name == layout && chunk.contains(&canonical.as_str()) {
                    held.insert(canonical);
                }
            }
        }
        Ok(held)
    }

    /// Connects again after the catalog's server went away
    /// ([`super::db::ConnectionLost`]); nothing on SQLite.
    pub fn reconnect(&self) -> Result<()> {
        self.conn.reconnect()
    }
}

/// A batch as the batches page and `generate --list` show it.
#[derive(Clone, Debug)]
pub struct BatchSummary {
    pub id: i64,
    pub layout_name: String,
    pub seed: u64,
    pub count_asked: u64,
    /// Puzzles it holds (of its level, when it asks one).
    pub held: u64,
    /// Attempts committed (its resume point).
    pub attempts: u64,
    /// Its puzzles that failed their independent check (`validate`).
    pub failed: u64,
    pub status: BatchStatus,
    pub difficulty: Option<String>,
    pub symmetry: String,
    /// What it asks beyond level and symmetry, as stored (TOML).
    pub controls: Option<String>,
    pub note: Option<String>,
    pub made_by: Option<String>,
    pub stopped_by: Option<String>,
    pub started_at: String,
    pub finished_at: Option<String>,
    /// The workers running it now: "process P on HOST", one each.
    pub workers: Vec<String>,
    /// Puzzles its live workers have made and not yet committed, as their
    /// last heartbeats said (a worker commits a range at a time: on SQLite
    /// up to two minutes of work).
    pub in_flight: u64,
}

impl BatchSummary {
    pub fn shown_status(&self) -> &'static str {
        shown_status(self.status, self.stopped_by.is_some())
    }
}

/// What asking a batch to stop did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Stopped now: its workers stop at their next look at the batch.
    Stopped { workers: usize },
    /// Someone had asked already.
    Already { by: String },
}

impl Catalog {
    /// The newest `limit` batches (every worker's, from any machine), newest first.
    pub fn batch_summaries(&self, limit: usize) -> Result<Vec<BatchSummary>> {
        let me = LeaseHolder::this_process();
        let rows = self.conn.query(
            "SELECT b.id, l.name, b.seed, b.count_asked, COALESCE(b.held, (SELECT count(*) FROM puzzles p WHERE p.batch_id = b.id)),
                    b.next_attempt, b.status, b.difficulty, b.symmetry, b.controls, b.note, b.made_by, b.stopped_by,
                    b.started_at, b.finished_at, b.lease_owner, b.lease_pid, b.lease_host, @unix - b.lease_heartbeat
             FROM batches b JOIN layouts l ON l.id = b.layout_id ORDER BY b.id DESC LIMIT $1",
            vals![limit as i64],
        )?;
        let mut failed = std::collections::HashMap::new();
        for r in self
            .conn
            .query("SELECT batch_id, count(*) FROM puzzles WHERE validation = 'failed' AND batch_id IS NOT NULL GROUP BY batch_id", &[])?
        {
            failed.insert(r.get::<i64>(0)?, r.get::<i64>(1)? as u64);
        }
        let mut workers: std::collections::HashMap<i64, Vec<Lease>> = std::collections::HashMap::new();
        let mut in_flight: std::collections::HashMap<i64, u64> = std::collections::HashMap::new();
        for r in
            self.conn.query("SELECT batch_id, owner, pid, host, @unix - heartbeat, made FROM batch_ranges WHERE owner IS NOT NULL", &[])?
        {
            let lease = Lease {
                holder: LeaseHolder {
                    owner: r.get(1)?,
                    pid: r.get::<Option<i64>>(2)?.unwrap_or(0) as u32,
                    host: r.get::<Option<String>>(3)?.unwrap_or_default(),
                },
                age_seconds: r.get::<Option<i64>>(4)?.unwrap_or(i64::MAX),
            };
            if lease.is_live(me) {
                *in_flight.entry(r.get(0)?).or_default() += r.get::<Option<i64>>(5)?.unwrap_or(0).max(0) as u64;
            }
            workers.entry(r.get(0)?).or_default().push(lease);
        }
        rows.iter()
            .map(|r| {
                let id: i64 = r.get(0)?;
                let status = BatchStatus::parse(&r.get::<String>(6)?);
                let mut leases = workers.remove(&id).unwrap_or_default();
                if let Some(owner) = r.get::<Option<String>>(15)? {
                    leases.push(Lease {
                        holder: LeaseHolder {
                            owner,
                            pid: r.get::<Option<i64>>(16)?.unwrap_or(0) as u32,
                            host: r.get::<Option<String>>(17)?.unwrap_or_default(),
                        },
                        age_seconds: r.get::<Option<i64>>(18)?.unwrap_or(i64::MAX),
                    });
                }
                let mut live: Vec<&Lease> = Vec::new();
                if status == BatchStatus::Running {
                    for lease in leases.iter().filter(|l| l.is_live(me)) {
                        if !live.iter().any(|l| l.holder.owner == lease.holder.owner) {
                            live.push(lease);
                        }
                    }
                }
                Ok(BatchSummary {
                    id,
                    layout_name: r.get(1)?,
                    seed: r.get::<i64>(2)? as u64,
                    count_asked: r.get::<i64>(3)? as u64,
                    held: r.get::<i64>(4)? as u64,
                    attempts: r.get::<i64>(5)? as u64,
                    failed: failed.get(&id).copied().unwrap_or(0),
                    status,
                    difficulty: r.get(7)?,
                    symmetry: r.get(8)?,
                    controls: r.get(9)?,
                    note: r.get(10)?,
                    made_by: r.get(11)?,
                    stopped_by: r.get(12)?,
                    started_at: r.get(13)?,
                    finished_at: r.get(14)?,
                    workers: live.iter().map(|l| format!("process {} on {}", l.holder.pid, l.holder.host)).collect(),
                    in_flight: if status == BatchStatus::Running { in_flight.get(&id).copied().unwrap_or(0) } else { 0 },
                })
            })
            .collect()
    }

    /// Asks batch `id` to stop, for `by`: recorded in the catalog, so every
    /// worker running it, on any machine, stops at its next look at the
    /// batch (ranges made but not committed are dropped), and `--join` and
    /// `--resume` refuse it. The batch keeps what it committed. An error,
    /// in words, for a batch that has ended (done, exhausted or failed).
    pub fn stop_batch(&self, id: i64, by: &str) -> Result<Stop> {
        let me = LeaseHolder::this_process();
        let target = self.target.clone();
        self.write(|conn| {
            let Some(r) = conn.query_opt("SELECT status, stopped_by FROM batches WHERE id = $1", vals![id])? else {
                bail!("{target}: there is no batch {id}");
            };
            if let Some(by) = r.get::<Option<String>>(1)? {
                return Ok(Stop::Already { by });
            }
            let status = BatchStatus::parse(&r.get::<String>(0)?);
            if !matches!(status, BatchStatus::Running | BatchStatus::Interrupted) {
                bail!("batch {id} has ended already ({}): there is nothing to stop", status.as_str());
            }
            let mut owners: Vec<String> =
                range_leases(conn, id)?.into_iter().filter(|(_, l)| l.is_live(me)).map(|(_, l)| l.holder.owner).collect();
            if let Some(lease) = lease_of(conn, id)?.filter(|l| l.is_live(me)) {
                owners.push(lease.holder.owner);
            }
            owners.sort();
            owners.dedup();
            let workers = if status == BatchStatus::Running { owners.len() } else { 0 };
            conn.execute(
                "UPDATE batches SET stopped_by = $2, stopped_at = @now, status = 'interrupted', note = $3, finished_at = @now,
                     lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
                 WHERE id = $1",
                vals![id, by, &format!("stopped by {by}")],
            )?;
            conn.execute("DELETE FROM batch_ranges WHERE batch_id = $1", vals![id])?;
            Ok(Stop::Stopped { workers })
        })
    }
}

/// [`Catalog::batch_held`] inside a transaction.
fn batch_held_in(conn: &Conn, batch: &Batch) -> Result<u64> {
    let n: i64 = match batch.difficulty {
        Some(level) => conn
            .query_one(
                "SELECT count(*) FROM puzzles WHERE batch_id = $1 AND coalesce(technique_level, level) = $2",
                vals![batch.id, level.name()],
            )?
            .get(0)?,
        None => conn.query_one("SELECT count(*) FROM puzzles WHERE batch_id = $1", vals![batch.id])?.get(0)?,
    };
    Ok(n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::scratch::every_backend;
    use crate::store::tests::sample;

    /// Ranges follow one another; a range commits only in its turn and
    /// only by its owner; a gone worker's range is taken over, a live
    /// one's is not; the commit that reaches the count ends the batch.
    #[test]
    fn ranges_are_claimed_in_turn_taken_over_and_committed_in_attempt_order() {
        for place in every_backend("ranges") {
            let catalog = Catalog::open(&place.target).unwrap();
            let layout = Layout::load("classic-4").unwrap();
            let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 3, None, "none").unwrap();
            catalog.claim_batch(id).unwrap();
            let first = catalog.claim_range(id, 2, true).unwrap().unwrap();
            let second = catalog.claim_range(id, 2, true).unwrap().unwrap();
            assert_eq!((first, second), (Claim { first: 0, end: 2 }, Claim { first: 2, end: 4 }), "{}", place.target);
            assert_eq!(catalog.claim_range(id, 2, false).unwrap(), None, "nothing abandoned, nothing new asked");
            let batch = catalog.batch(id).unwrap();
            assert_eq!(catalog.commit_range(&batch, second, &[sample("c", 3)], 4).unwrap(), None, "not its turn yet");
            assert!(catalog.puzzles(None, None).unwrap().is_empty(), "the refused range left nothing");

            // Another host's worker with a fresh heartbeat holds the first
            // range: not taken; once its heartbeat is old, taken over.
            place
                .execute("UPDATE batch_ranges SET owner = 'other', pid = 1, host = 'elsewhere', heartbeat = @unix WHERE first_attempt = 0");
            // The heartbeat carries what each range has made and not yet
            // committed: only this worker's ranges take it.
            assert_eq!(catalog.renew_ranges(id, &[(2, 5), (0, 9)]).unwrap(), vec![2]);
            place.execute("UPDATE batch_ranges SET made = 7 WHERE first_attempt = 0");
            // A worker sees the others' in flight (its own it knows);
            // the list and the studio see every live worker's.
            assert_eq!(catalog.batch_state(id).unwrap().in_flight, 7, "{}", place.target);
            assert_eq!(catalog.batch_summaries(10).unwrap()[0].in_flight, 12, "{}", place.target);
            assert_eq!(catalog.commit_range(&batch, first, &[sample("a", 1)], 2).unwrap(), None, "no longer this worker's");
            assert_eq!(catalog.claim_range(id, 2, false).unwrap(), None, "a live worker's range stays its own");
            let err = format!("{:#}", catalog.claim_batch(id).unwrap_err());
            assert!(err.contains("batch 1 is being run by process 1 on elsewhere") && err.contains("--join 1"), "{err}");
            place.execute("UPDATE batch_ranges SET heartbeat = heartbeat - 100 WHERE first_attempt = 0");
            // A gone worker's puzzles in flight are not counted.
            assert_eq!(catalog.batch_state(id).unwrap().in_flight, 0);
            assert_eq!(catalog.batch_summaries(10).unwrap()[0].in_flight, 5);
            assert_eq!(catalog.claim_range(id, 2, false).unwrap(), Some(first), "a stale range is taken over");
            // Taken over, it starts from nothing made.
            assert_eq!(place.count("SELECT count(*) FROM batch_ranges WHERE first_attempt = 0 AND made IS NULL"), 1);

            let done = catalog.commit_range(&batch, first, &[sample("a", 1), sample("b", 2), sample("a", 2)], 2).unwrap().unwrap();
            assert_eq!(done.inserted, vec![true, true, false]);
            assert_eq!((done.state.next_attempt, done.state.held, done.state.status), (2, 2, BatchStatus::Running));
            // Cut at the count part-way through the range: the batch is done.
            let done = catalog.commit_range(&batch, second, &[sample("c", 3)], 3).unwrap().unwrap();
            assert_eq!((done.state.next_attempt, done.state.held, done.state.status), (3, 3, BatchStatus::Done));
            assert_eq!(place.count("SELECT count(*) FROM batch_ranges"), 0, "a done batch keeps no ranges");
            assert_eq!(catalog.claim_range(id, 2, true).unwrap(), None, "a done batch gives no range");
            assert_eq!(catalog.batch(id).unwrap().status, BatchStatus::Done);
        }
    }

    /// A stop is recorded in the catalog with who asked: the workers see it
    /// in the batch's state (ended), nobody joins, resumes or claims the
    /// batch any more, and the list shows it stopped with its maker.
    #[test]
    fn a_stop_is_recorded_ends_the_batch_for_every_worker_and_is_refused_on_an_ended_batch() {
        for place in every_backend("stop") {
            let catalog = Catalog::open(&place.target).unwrap();
            let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();
            let id = catalog.create_batch_with(layout_id, 1, 10, None, "none", None, Some("ada")).unwrap();
            catalog.join_batch(id).unwrap();
            catalog.claim_range(id, 4, true).unwrap().unwrap();
            // Another machine's worker runs it too.
            place.execute(
                "INSERT INTO batch_ranges (batch_id, first_attempt, end_attempt, owner, pid, host, heartbeat)
                 VALUES (1, 4, 8, 'other', 1, 'elsewhere', @unix)",
            );
            let listed = catalog.batch_summaries(10).unwrap();
            assert_eq!(listed[0].made_by.as_deref(), Some("ada"), "{}", place.target);
            assert_eq!(listed[0].workers.len(), 2, "{:?}", listed[0].workers);
            assert!(!catalog.batch_state(id).unwrap().ended());

            assert_eq!(catalog.stop_batch(id, "bob").unwrap(), Stop::Stopped { workers: 2 });
            let state = catalog.batch_state(id).unwrap();
            assert!(state.stopped && state.ended(), "every worker reads the stop with the batch's state");
            assert_eq!(catalog.claim_range(id, 4, true).unwrap(), None, "a stopped batch gives no range");
            let batch = catalog.batch(id).unwrap();
            assert_eq!((batch.stopped_by.as_deref(), batch.shown_status()), (Some("bob"), "stopped"));
            let err = format!("{:#}", catalog.join_batch(id).unwrap_err());
            assert!(err.contains("batch 1 was stopped by bob"), "{err}");
            assert!(catalog.claim_batch(id).is_err(), "nor resumed");
            assert_eq!(catalog.latest_unfinished_batch().unwrap(), None, "--resume with no number does not pick it");
            assert_eq!(catalog.stop_batch(id, "carol").unwrap(), Stop::Already { by: "bob".into() });
            let listed = catalog.batch_summaries(10).unwrap();
            assert_eq!((listed[0].shown_status(), listed[0].workers.len()), ("stopped", 0));

            let done = catalog.create_batch(layout_id, 1, 1, None, "none").unwrap();
            catalog.set_batch_status(done, BatchStatus::Done, None).unwrap();
            let err = format!("{:#}", catalog.stop_batch(done, "bob").unwrap_err());
            assert!(err.contains("has ended already (done)"), "{err}");
            assert!(format!("{:#}", catalog.stop_batch(99, "bob").unwrap_err()).contains("there is no batch 99"));
        }
    }

    /// A worker stopping part-way leaves the rest of its range unowned, for
    /// any worker at once; the batch is interrupted only when no other
    /// worker runs it.
    #[test]
    fn a_worker_leaving_leaves_its_ranges_and_the_batch_to_the_others() {
        for place in every_backend("leave") {
            let catalog = Catalog::open(&place.target).unwrap();
            let layout = Layout::load("classic-4").unwrap();
            let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 10, None, "none").unwrap();
            catalog.join_batch(id).unwrap();
            let range = catalog.claim_range(id, 4, true).unwrap().unwrap();
            let batch = catalog.batch(id).unwrap();
            let done = catalog.commit_range(&batch, range, &[sample("a", 1)], 1).unwrap().unwrap();
            assert_eq!(done.state.next_attempt, 1);
            assert_eq!(place.count("SELECT count(*) FROM batch_ranges WHERE first_attempt = 1 AND end_attempt = 4 AND owner IS NULL"), 1);
            let next = catalog.claim_range(id, 4, true).unwrap().unwrap();
            assert_eq!(next, Claim { first: 1, end: 4 }, "the rest is claimed before anything new");
            // Another live worker runs the batch: leaving keeps it running.
            place.execute(
                "INSERT INTO batch_ranges (batch_id, first_attempt, end_attempt, owner, pid, host, heartbeat)
                 VALUES (1, 4, 8, 'other', 1, 'elsewhere', @unix)",
            );
            catalog.leave_batch(id, BatchStatus::Interrupted, None).unwrap();
            assert_eq!(catalog.batch(id).unwrap().status, BatchStatus::Running);
            assert_eq!(place.count("SELECT count(*) FROM batch_ranges WHERE owner IS NULL"), 1, "its range is left unowned");
            place.execute("DELETE FROM batch_ranges WHERE owner = 'other'");
            catalog.join_batch(id).unwrap();
            catalog.leave_batch(id, BatchStatus::Interrupted, Some("stopped")).unwrap();
            assert_eq!(catalog.batch(id).unwrap().status, BatchStatus::Interrupted, "the last worker out marks it");
        }
    }
}
