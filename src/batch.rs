//! A generate run into the catalog: a worker makes puzzles in parallel,
//! range by range, and any number of workers (processes, on one machine or
//! many) may run one batch at once.
//!
//! A batch's attempts are numbered; attempt `i` uses seed `seed + i`. A
//! worker claims a range of attempts (on SQLite sized to about 40,000
//! puzzles, 10 s to 2 minutes of its pool's work; ten seconds of it on
//! PostgreSQL: [`Cadence`]), makes it, and commits it **in attempt order**: a finished
//! range waits (its claim renewed) until the batch's committed prefix, its
//! resume point `next_attempt`, reaches the range's first attempt; then its
//! puzzles land with the new resume point in one transaction, cut at
//! exactly the batch's count as one worker alone would cut. So the batch
//! holds the same puzzles however many workers took part and whichever
//! died: a dead worker's range is taken over (when its lease runs out, at
//! once when its process is gone on the same host) and made again from the
//! same seeds. A crash or Ctrl-C loses at most the ranges not committed.
//!
//! A worker that loses its PostgreSQL connection (the server restarted)
//! tries again with backoff for a bounded time, then stops with
//! [`Unreachable`]; what it committed stays, a commit whose answer was lost
//! is recognised by the resume point, and its ranges go to other workers.

use crate::family::Family;
use crate::generate::{Controls, Symmetry};
use crate::layout::Layout;
use crate::store::db::connection_lost;
use crate::store::{Batch, BatchState, BatchStatus, Catalog, Claim, NewPuzzle};
use anyhow::{Context, Result, anyhow};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// What a running batch reports; the caller shows it (the library prints nothing).
pub enum BatchEvent<'a> {
    /// The batch moved: it holds `held` of `total` puzzles (all workers'),
    /// `added` of them by this worker; `in_flight` more are made and not
    /// yet committed (this worker's now, the others' as of their last
    /// heartbeat: a range commits at once, after up to two minutes of work).
    Progress {
        batch_id: i64,
        held: u64,
        total: u64,
        in_flight: u64,
        added: u64,
        elapsed: Duration,
        /// Share of this worker's attempts that reached the asked level, if one was asked.
        acceptance: Option<f64>,
    },
    /// A new puzzle was stored (by this worker).
    Stored(&'a NewPuzzle),
    /// The catalog's connection was lost: trying again, with backoff, for
    /// at most `limit`.
    Retrying { error: String, limit: Duration },
    /// The catalog answers again after [`BatchEvent::Retrying`].
    Reconnected,
}

pub struct BatchOutcome {
    pub status: BatchStatus,
    /// What the batch holds (all workers').
    pub held: u64,
    /// New puzzles this worker stored.
    pub added: u64,
    /// Attempts this worker committed.
    pub attempts: u64,
    pub seconds: f64,
}

/// How a worker comes to its batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// It made the batch, or resumes it alone: refused while another worker runs it.
    Alone,
    /// It joins whatever workers run the batch.
    Join,
}

/// How a worker runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Threads making attempts.
    pub jobs: usize,
    pub entry: Entry,
    /// How long to keep trying to reach a catalog whose connection was lost.
    pub retry_for: Duration,
}

impl Options {
    /// `jobs` threads, alone on the batch, a minute of retries.
    pub fn alone(jobs: usize) -> Options {
        Options { jobs, entry: Entry::Alone, retry_for: DEFAULT_RETRY }
    }
}

/// How long a worker keeps trying to reach a lost catalog, unless told.
pub const DEFAULT_RETRY: Duration = Duration::from_secs(60);

/// The catalog could not be reached for the whole retry time: the worker
/// stopped. Nothing it committed is lost; its ranges go to other workers.
#[derive(Debug)]
pub struct Unreachable {
    pub batch_id: i64,
    /// The retry time, all spent.
    pub waited: Duration,
    /// The last error, in one line.
    pub last: String,
}

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "batch {}: the catalog could not be reached for {} s ({})", self.batch_id, self.waited.as_secs(), self.last)
    }
}

impl std::error::Error for Unreachable {}

/// Attempts in a row without a new puzzle before a batch is declared
/// exhausted (small layouts have only so many puzzles up to symmetry).
pub const EXHAUSTED_AFTER: u64 = 5_000;
/// How large a range is; a range is one commit. On SQLite every commit
/// writes each page it changes once more (to the WAL, and again into the
/// file at the checkpoint), and the dedupe index is changed at random
/// places: once the catalog is large, a commit touches about one index page
/// per puzzle until it holds as many puzzles as the index has pages (about
/// 9,000 at a million puzzles). So on SQLite a range aims at
/// [`SQLITE_COMMIT_PUZZLES`] puzzles, within 10 s to 2 minutes of work
/// (about a minute for classic-9 with `--jobs 2` here), which keeps a
/// 1M-puzzle catalog's bytes written near 3× its size (docs/catalog-scale.md,
/// "Bytes written while generating"). PostgreSQL logs rows rather than
/// pages: ten seconds of work. Ctrl-C and `--time-limit` are still heard
/// inside a range (the attempts not started are skipped and the finished
/// prefix committed); a crash loses at most the ranges made and not yet
/// committed, which a resume makes again from the same seeds.
#[derive(Clone, Copy, Debug)]
pub struct Cadence {
    /// Puzzles a commit aims at (0: only the time counts).
    pub puzzles: f64,
    pub min_seconds: f64,
    pub max_seconds: f64,
}

/// Puzzles a range aims at on SQLite.
pub const SQLITE_COMMIT_PUZZLES: f64 = 40_000.0;

impl Cadence {
    /// The commit cadence on `catalog`'s backend.
    pub fn of(catalog: &Catalog) -> Cadence {
        match catalog.target {
            crate::store::DbTarget::Sqlite(_) => Cadence { puzzles: SQLITE_COMMIT_PUZZLES, min_seconds: 10.0, max_seconds: 120.0 },
            crate::store::DbTarget::Postgres(_) => Cadence { puzzles: 0.0, min_seconds: 10.0, max_seconds: 10.0 },
        }
    }

    /// Seconds of work the next range is sized to, at `per_second` puzzles a second.
    pub fn seconds(&self, per_second: f64) -> f64 {
        (self.puzzles / per_second.max(1e-9)).clamp(self.min_seconds, self.max_seconds)
    }
}

/// The most attempts a range holds (a worker's memory: the puzzles of
/// [`MAX_AHEAD`] + 1 ranges).
const MAX_RANGE: u64 = 100_000;
/// Made ranges a worker may hold waiting for their turn before it claims
/// no new one (it still takes over abandoned ones).
const MAX_AHEAD: usize = 3;
/// How often a worker looks at the batch while it waits.
const POLL: Duration = Duration::from_millis(100);
/// How long a stopped worker waits for its made ranges' turn.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// Set by the Ctrl-C handler: the worker skips the attempts it has not
/// started, commits what it finished, and stops.
pub static STOP: AtomicBool = AtomicBool::new(false);
/// A worker renews its claims this often (well inside
/// `store::LEASE_SECONDS`), so a slow range never looks abandoned, and
/// reports the puzzles it has made and not yet committed with them (so
/// `generate --list`, the studio and the other workers see the batch move
/// between commits).
const RENEW_EVERY: Duration = Duration::from_secs(2);

/// A new batch as `generate LAYOUT` or the studio asks for it.
pub struct NewBatch {
    pub layout: Layout,
    pub controls: Controls,
    pub count: u64,
    pub difficulty: Option<crate::level::Level>,
    /// Seed of the first attempt (attempt i uses seed + i).
    pub seed: u64,
    /// Who asks for it, recorded with it.
    pub made_by: Option<String>,
}

/// Records a new batch (not yet run): what it asks is checked against its
/// layout first (the controls, the level), so a batch that cannot be made
/// is refused, in words, before anything is stored. Its id; run it with
/// [`run`] (the maker holds its lease meanwhile).
pub fn start(catalog: &Catalog, new: NewBatch) -> Result<i64> {
    if new.count == 0 {
        anyhow::bail!("the count must be at least 1");
    }
    if new.rating_and_level_conflict() {
        anyhow::bail!("an SE rating range and a level exclude each other: the range decides the level");
    }
    let stored = new.controls.stored();
    let family = crate::family::of(new.layout, &new.controls)?;
    new.difficulty.map_or(Ok(()), |level| family.check_level(level))?;
    let layout_id = catalog.layout_id(family.layout(), family.name())?;
    catalog.create_batch_with(
        layout_id,
        new.seed,
        new.count,
        new.difficulty,
        new.controls.symmetry.as_str(),
        stored.as_deref(),
        new.made_by.as_deref(),
    )
}

impl NewBatch {
    fn rating_and_level_conflict(&self) -> bool {
        self.controls.rating.is_some() && self.difficulty.is_some()
    }
}

/// Killer cage sizes (`--cages`) and givens among the cages
/// (`--cage-givens`) as a cage rule: what is not given comes from the
/// layout's own `random_cages`. Refused, with the reason, on a layout that
/// draws no cages or with sizes its grid cannot take.
pub fn cage_rule(layout: &Layout, sizes: Option<(usize, usize)>, givens: bool) -> Result<Option<crate::layout::cages::CageRule>> {
    cage_rule_with(layout, sizes, givens, false)
}

/// [`cage_rule`] with `--one-cell-cages`: the one-cell cages that pin a
/// killer are left as they fall (`CageRule::one_cell`).
pub fn cage_rule_with(
    layout: &Layout,
    sizes: Option<(usize, usize)>,
    givens: bool,
    one_cell: bool,
) -> Result<Option<crate::layout::cages::CageRule>> {
    crate::layout::cages::asked(layout, sizes, givens, one_cell)
}

pub fn layout_of(batch: &Batch) -> Result<Layout> {
    Layout::from_source(Path::new(&format!("{}.toml", batch.layout_name)), batch.layout_source.clone())
        .with_context(|| format!("batch {}: its stored layout no longer builds", batch.id))
}

/// Runs (resumes, or joins) a batch on `options.jobs` threads until it
/// holds its count, is stopped ([`STOP`]) or runs dry; `on_event` hears
/// its progress.
pub fn run(catalog: &Catalog, batch_id: i64, options: &Options, on_event: &mut dyn FnMut(BatchEvent)) -> Result<BatchOutcome> {
    let batch = catalog.batch(batch_id)?;
    let controls = controls_of(&batch)?;
    let family = crate::family::of(layout_of(&batch)?, &controls)?;
    let give_up = controls.effective_time_limit().map(|limit| GiveUp { limit, what: describe(&controls) });
    run_family(catalog, batch_id, family.as_ref(), options, &STOP, give_up.as_ref(), on_event)
}

/// What a batch asks beyond its level, as stored with it.
pub fn controls_of(batch: &Batch) -> Result<Controls> {
    let symmetry: Symmetry = batch.symmetry.parse().map_err(|e| anyhow!("batch {}: {e}", batch.id))?;
    Controls::from_stored(symmetry, batch.controls.as_deref(), &layout_of(batch)?, &format!("batch {}", batch.id)).map_err(|e| anyhow!(e))
}

/// When a batch stops searching: no new puzzle for `limit`.
pub struct GiveUp {
    pub limit: Duration,
    /// The puzzles searched for, for the note ("puzzles on the pattern").
    pub what: String,
}

/// The puzzles a batch searches for, in a note's words.
pub fn describe(controls: &Controls) -> String {
    let mut parts = Vec::new();
    if let Some(p) = &controls.pattern {
        let exactly = if p.subset { "within" } else { "exactly on" };
        let plural = if p.size() == 1 { "" } else { "s" };
        parts.push(format!("with givens {exactly} the pattern's {} cell{plural}", p.size()));
    }
    if let Some(n) = controls.needs {
        parts.push(format!("needing {}", n.describe()));
    }
    if let Some(r) = controls.rating {
        parts.push(format!("rated {r}"));
    }
    match parts.is_empty() {
        true => "puzzle".into(),
        false => format!("puzzle {}", parts.join(", ")),
    }
}

/// [`run`] with the family made and the stop flag given.
fn run_family(
    catalog: &Catalog,
    batch_id: i64,
    family: &dyn Family,
    options: &Options,
    stop: &AtomicBool,
    give_up: Option<&GiveUp>,
    on_event: &mut dyn FnMut(BatchEvent),
) -> Result<BatchOutcome> {
    match options.entry {
        Entry::Alone => catalog.claim_batch(batch_id)?,
        Entry::Join => catalog.join_batch(batch_id)?,
    }
    let outcome = run_claimed(catalog, batch_id, family, options, stop, give_up, on_event);
    if let Err(error) = &outcome
        && !error.is::<Unreachable>()
    {
        // A batch that stops on an error is not left `running`: it fails with
        // the error as its note, for every worker (an attempt's error is the
        // same on any machine). A catalog out of reach is no such error: the
        // other workers, or `--join`, go on.
        let _ = catalog.leave_batch(batch_id, BatchStatus::Failed, Some(&format!("{error:#}")));
    }
    outcome
}

/// The worker's way to the catalog: a call that meets a lost connection
/// is tried again, with backoff, until the catalog answers or the retry
/// time has passed since it stopped answering.
struct Link<'a> {
    catalog: &'a Catalog,
    batch_id: i64,
    limit: Duration,
    lost_since: Option<Instant>,
}

impl Link<'_> {
    fn call<T>(&mut self, on_event: &mut dyn FnMut(BatchEvent), mut f: impl FnMut(&Catalog) -> Result<T>) -> Result<T> {
        let mut pause = Duration::from_millis(250);
        loop {
            match f(self.catalog) {
                Ok(value) => {
                    if self.lost_since.take().is_some() {
                        on_event(BatchEvent::Reconnected);
                    }
                    return Ok(value);
                }
                Err(error) if connection_lost(&error) => {
                    // The driver's own words, without the catalog's name around them.
                    let last = error.root_cause().to_string();
                    let waited = match self.lost_since {
                        Some(since) => since.elapsed(),
                        None => {
                            self.lost_since = Some(Instant::now());
                            on_event(BatchEvent::Retrying { error: last.clone(), limit: self.limit });
                            Duration::ZERO
                        }
                    };
                    if waited >= self.limit {
                        return Err(anyhow::Error::new(Unreachable { batch_id: self.batch_id, waited: self.limit, last }));
                    }
                    std::thread::sleep(pause.min(self.limit - waited));
                    pause = (pause * 2).min(Duration::from_secs(8));
                    // A failed reconnect leaves the old connection: the next
                    // call fails as lost again and waits once more.
                    let _ = self.catalog.reconnect();
                }
                Err(error) => return Err(error),
            }
        }
    }
}

/// A range made, waiting for its turn to commit.
struct Ready {
    claim: Claim,
    made: Vec<Made>,
}

/// A range's puzzles as one worker alone would take them.
struct Taken {
    puzzles: Vec<NewPuzzle>,
    /// The batch's resume point after them.
    consumed: u64,
}

/// The keys of a made range's puzzles when they could reach the batch's
/// count (`wanted` more): which of them the catalog holds decides the cut.
fn keys_to_check(made: &[Made], wanted: u64) -> Vec<String> {
    let puzzles = || made.iter().filter_map(|(_, r)| r.as_ref()?.as_ref().ok()).flatten();
    if (puzzles().count() as u64) < wanted {
        return Vec::new();
    }
    puzzles().map(|p| p.canonical.clone()).collect()
}

/// Takes a made range's puzzles in attempt order until the batch holds its
/// count (`wanted` more new ones), as one worker alone takes them: the
/// attempts up to the one that made the last puzzle needed are consumed,
/// the rest of the range is left. Only new puzzles count toward `wanted`
/// (`held`: those of its puzzles the catalog holds, asked where the range
/// could reach the count), so where the range ends does not change what the batch holds.
/// An attempt that failed with an error before the cut is the error.
fn take(batch: &Batch, claim: Claim, made: Vec<Made>, wanted: u64, held: &HashSet<String>, twins: &mut TwinGuard) -> Result<Taken> {
    let mut seen = HashSet::new();
    let (mut puzzles, mut new, mut consumed) = (Vec::new(), 0u64, claim.first);
    'attempts: for (a, result) in made {
        let Some(result) = result else { break };
        let made = result.with_context(|| format!("batch {}: attempt {a}", batch.id))?;
        consumed = a + 1;
        for p in made {
            if !twins.admit(&p) {
                continue;
            }
            let fresh = !held.contains(&p.canonical) && seen.insert(p.canonical.clone());
            puzzles.push(p);
            if fresh {
                new += 1;
                if new == wanted {
                    break 'attempts;
                }
            }
        }
    }
    Ok(Taken { puzzles, consumed })
}

/// The near-twin guard of a `--rating` search across its climbs (each
/// climb keeps its own puzzles apart already): a puzzle closer than the
/// distance asked to one the batch holds, or to one taken before it, is
/// dropped ([`crate::twins::Guard`]). Off for every other batch.
#[derive(Default)]
struct TwinGuard(Option<crate::twins::Guard>);

impl TwinGuard {
    /// The guard for `batch`: its puzzles read from the catalog when it
    /// searches by rating.
    fn of(catalog: &Catalog, batch: &Batch) -> Result<TwinGuard> {
        let controls = controls_of(batch)?;
        if controls.rating.is_none() || controls.twin_distance == Some(0) {
            return Ok(TwinGuard::default());
        }
        Ok(TwinGuard(Some(crate::twins::Guard::new(controls.twin_distance, catalog.batch_texts(batch.id)?))))
    }

    /// Whether `p` may be taken (it is then kept).
    fn admit(&mut self, p: &NewPuzzle) -> bool {
        self.0.as_mut().is_none_or(|guard| guard.admit(crate::twins::Texts { givens: &p.givens, solution: &p.solution }))
    }
}

/// [`run_family`] once the worker is on the batch.
fn run_claimed(
    catalog: &Catalog,
    batch_id: i64,
    family: &dyn Family,
    options: &Options,
    stop: &AtomicBool,
    give_up: Option<&GiveUp>,
    on_event: &mut dyn FnMut(BatchEvent),
) -> Result<BatchOutcome> {
    let batch = catalog.batch(batch_id)?;
    let jobs = options.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    // Set when the range being made is no longer this worker's (or the
    // batch ended): the attempts not started are skipped.
    let cancel = AtomicBool::new(false);
    // Puzzles made so far in the range on the pool.
    let making_made = AtomicU64::new(0);
    let (seed, level) = (batch.seed, batch.difficulty);
    std::thread::scope(|scope| {
        let (orders, ordered) = channel::<(Claim, Option<Instant>)>();
        let (deliver, delivered) = channel::<(Claim, Vec<Made>, Duration)>();
        let (pool, cancel_ref, making_ref) = (&pool, &cancel, &making_made);
        // The maker: one range at a time on the pool, in attempt order.
        let maker = scope.spawn(move || {
            for (claim, deadline) in ordered {
                let started = Instant::now();
                making_ref.store(0, Ordering::SeqCst);
                let made: Vec<Made> = pool.install(|| {
                    (claim.first..claim.end)
                        .into_par_iter()
                        .map(|a| {
                            let skip = stop.load(Ordering::SeqCst)
                                || cancel_ref.load(Ordering::SeqCst)
                                || deadline.is_some_and(|d| Instant::now() >= d);
                            let made = (!skip).then(|| family.make_all(seed.wrapping_add(a), level));
                            if let Some(Ok(puzzles)) = &made {
                                making_ref.fetch_add(puzzles.len() as u64, Ordering::SeqCst);
                            }
                            (a, made)
                        })
                        .collect()
                });
                if deliver.send((claim, made, started.elapsed())).is_err() {
                    break;
                }
            }
        });
        let mut worker = Worker {
            link: Link { catalog, batch_id, limit: options.retry_for, lost_since: None },
            batch: &batch,
            jobs: jobs as u64,
            orders,
            delivered,
            cancel: &cancel,
            making_made: &making_made,
            making: None,
            finished: BTreeMap::new(),
            chunk: jobs as u64 * 2,
            start: Instant::now(),
            added: 0,
            attempts: 0,
            accepted: 0,
            made_attempts: 0,
        };
        let result = worker.run(stop, give_up, on_event);
        // The maker ends once its order channel closes; a range under way
        // is skipped to its end.
        cancel.store(true, Ordering::SeqCst);
        drop(worker);
        if let Err(panic) = maker.join() {
            std::panic::resume_unwind(panic);
        }
        result
    })
}

/// One worker's state on its batch.
struct Worker<'a> {
    link: Link<'a>,
    batch: &'a Batch,
    jobs: u64,
    orders: std::sync::mpsc::Sender<(Claim, Option<Instant>)>,
    delivered: std::sync::mpsc::Receiver<(Claim, Vec<Made>, Duration)>,
    cancel: &'a AtomicBool,
    /// Puzzles made so far in the range on the pool.
    making_made: &'a AtomicU64,
    /// The range on the pool.
    making: Option<Claim>,
    /// Made ranges waiting for their turn, by first attempt.
    finished: BTreeMap<u64, Ready>,
    /// The size of the next new range.
    chunk: u64,
    start: Instant,
    /// New puzzles this worker stored; attempts it committed.
    added: u64,
    attempts: u64,
    /// Attempts this worker made that made a puzzle, of all it made.
    accepted: u64,
    made_attempts: u64,
}

impl Worker<'_> {
    fn run(&mut self, stop: &AtomicBool, give_up: Option<&GiveUp>, on_event: &mut dyn FnMut(BatchEvent)) -> Result<BatchOutcome> {
        let id = self.batch.id;
        let mut state = self.link.call(on_event, |c| c.batch_state(id))?;
        // Exhaustion and the time limit read the batch as a whole: the
        // committed attempts since it last grew, the time since then.
        let (mut held_seen, mut quiet_from, mut last_new) = (state.held, state.next_attempt, Instant::now());
        let mut shown = None;
        let mut last_renew = Instant::now();
        let mut stopping: Option<Instant> = None;
        let status = loop {
            if state.held != held_seen {
                (held_seen, quiet_from, last_new) = (state.held, state.next_attempt, Instant::now());
            }
            let in_flight = self.in_flight(&state);
            if shown != Some((state.held, in_flight)) {
                shown = Some((state.held, in_flight));
                on_event(self.progress(&state, in_flight));
            }
            if state.ended() {
                break state.status;
            }
            if state.held >= state.count_asked {
                break BatchStatus::Done;
            }
            // Ranges below the resume point were committed by another worker
            // (taken over while this one seemed gone): their work is dropped.
            self.finished.retain(|&first, _| first >= state.next_attempt);
            // A range whose turn it is commits in this round, after the pool
            // has its next range: the pool never waits for a commit.
            let ready = self.finished.contains_key(&state.next_attempt);
            let idle = self.making.is_none();
            let since_new = state.next_attempt.saturating_sub(quiet_from);
            if !ready && since_new >= EXHAUSTED_AFTER && give_up.is_none() {
                // Not one attempt made a puzzle: what the batch asks does not fit
                // (e.g. cages that rarely cover a grid), not a layout used up.
                break if self.accepted == 0 { BatchStatus::Failed } else { BatchStatus::Exhausted };
            }
            if !ready && give_up.is_some_and(|g| last_new.elapsed() >= g.limit) {
                break BatchStatus::Failed;
            }
            if stop.load(Ordering::SeqCst) {
                let since = *stopping.get_or_insert_with(Instant::now);
                if !ready && idle && (self.finished.is_empty() || since.elapsed() >= STOP_WAIT) {
                    break BatchStatus::Interrupted;
                }
            } else if idle {
                // Attempts not started when the time limit runs out are skipped.
                let deadline = give_up.map(|g| last_new + g.limit);
                let (size, ahead) = (self.size(&state), self.finished.len() < MAX_AHEAD);
                if let Some(claim) = self.link.call(on_event, |c| c.claim_range(id, size, ahead))? {
                    self.cancel.store(false, Ordering::SeqCst);
                    self.orders.send((claim, deadline)).map_err(|_| anyhow!("batch {id}: the attempts' threads ended"))?;
                    self.making = Some(claim);
                }
            }
            if let Some(ready) = self.finished.remove(&state.next_attempt) {
                state = self.commit(ready, &state, on_event)?;
                continue;
            }
            if last_renew.elapsed() >= RENEW_EVERY {
                let made = self.made_by_range();
                let mine = self.link.call(on_event, |c| c.renew_ranges(id, &made))?;
                self.finished.retain(|first, _| mine.contains(first));
                if self.making.is_some_and(|m| !mine.contains(&m.first)) {
                    self.cancel.store(true, Ordering::SeqCst);
                }
                last_renew = Instant::now();
            }
            let wait = if self.finished.is_empty() && self.making.is_some() { POLL * 3 } else { POLL };
            match self.delivered.recv_timeout(wait) {
                Ok((claim, made, took)) => self.made(claim, made, took),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(anyhow!("batch {id}: the attempts' threads ended")),
            }
            state = self.link.call(on_event, |c| c.batch_state(id))?;
        };
        let note = match status {
            BatchStatus::Exhausted => {
                Some(format!("no new puzzle in {EXHAUSTED_AFTER} attempts: the layout has few distinct puzzles up to symmetry"))
            }
            BatchStatus::Failed if give_up.is_none() => Some(format!(
                "none of {EXHAUSTED_AFTER} attempts made a puzzle: the layout rarely or never makes what the batch asks (its level, rating, technique, pattern or cage sizes; layouts/README.md says which levels each layout makes)"
            )),
            BatchStatus::Failed => give_up.map(|g| {
                format!(
                    "no new {} found in {} s (the time limit; raise it with --time-limit, 0 for none): such puzzles are rare or do not exist",
                    g.what,
                    g.limit.as_secs()
                )
            }),
            _ => None,
        };
        // A batch another worker ended keeps its own status and note.
        self.link.call(on_event, |c| c.leave_batch(id, status, note.as_deref()))?;
        let held = self.link.call(on_event, |c| c.batch_state(id))?.held;
        Ok(BatchOutcome { status, held, added: self.added, attempts: self.attempts, seconds: self.start.elapsed().as_secs_f64() })
    }

    /// Commits the range whose turn it is; the batch after it.
    fn commit(&mut self, ready: Ready, state: &BatchState, on_event: &mut dyn FnMut(BatchEvent)) -> Result<BatchState> {
        let (batch, claim) = (self.batch, ready.claim);
        let wanted = state.count_asked.saturating_sub(state.held);
        let keys = keys_to_check(&ready.made, wanted);
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let held = if keys.is_empty() { HashSet::new() } else { self.link.call(on_event, |c| c.held_keys(&batch.layout_name, &keys))? };
        let mut twins = self.link.call(on_event, |c| TwinGuard::of(c, batch))?;
        let taken = take(batch, claim, ready.made, wanted, &held, &mut twins)?;
        match self.link.call(on_event, |c| c.commit_range(batch, claim, &taken.puzzles, taken.consumed))? {
            Some(done) => {
                for (p, _) in taken.puzzles.iter().zip(&done.inserted).filter(|&(_, &new)| new) {
                    on_event(BatchEvent::Stored(p));
                }
                self.added += done.inserted.iter().filter(|&&new| new).count() as u64;
                self.attempts += taken.consumed - claim.first;
                Ok(done.state)
            }
            // Not ours any more, or committed already (an answer lost with
            // the connection): the batch as it stands says what happened.
            None => self.link.call(on_event, |c| c.batch_state(batch.id)),
        }
    }

    /// A range came back from the pool.
    fn made(&mut self, claim: Claim, made: Vec<Made>, took: Duration) {
        self.making = None;
        let done = made.iter().filter(|(_, r)| r.is_some()).count() as u64;
        self.made_attempts += done;
        self.accepted += made.iter().filter(|(_, r)| matches!(r, Some(Ok(p)) if !p.is_empty())).count() as u64;
        if done == claim.end - claim.first {
            // Aim each range at the catalog's cadence.
            let took = took.as_secs_f64().max(1e-3);
            let seconds = Cadence::of(self.link.catalog).seconds(puzzles_in(&made) as f64 / took);
            self.chunk = (((claim.end - claim.first) as f64 * seconds / took) as u64).clamp(self.jobs, MAX_RANGE);
        }
        self.finished.insert(claim.first, Ready { claim, made });
    }

    /// The size of a new range: the chunk, or near the end only about the
    /// attempts still needed (a full range there would be work thrown away).
    fn size(&self, state: &BatchState) -> u64 {
        let acceptance = self.accepted.max(1) as f64 / self.made_attempts.max(1) as f64;
        let wanted = state.count_asked.saturating_sub(state.held);
        self.chunk.min(attempts_for(wanted, acceptance).max(self.jobs))
    }

    /// Per range this worker holds (first attempt), the puzzles made in it
    /// and not yet committed: the range on the pool so far, and the made
    /// ranges waiting for their turn.
    fn made_by_range(&self) -> Vec<(u64, u64)> {
        let waiting = self.finished.values().map(|r| (r.claim.first, puzzles_in(&r.made)));
        let making = self.making.map(|m| (m.first, self.making_made.load(Ordering::SeqCst)));
        waiting.chain(making).collect()
    }

    /// Puzzles made and not yet committed: this worker's now, the other
    /// workers' as of their last heartbeat.
    fn in_flight(&self, state: &BatchState) -> u64 {
        state.in_flight + self.made_by_range().iter().map(|&(_, n)| n).sum::<u64>()
    }

    fn progress(&self, state: &BatchState, in_flight: u64) -> BatchEvent<'static> {
        BatchEvent::Progress {
            batch_id: self.batch.id,
            held: state.held,
            total: state.count_asked,
            in_flight,
            added: self.added,
            elapsed: self.start.elapsed(),
            acceptance: self.batch.difficulty.is_some().then(|| self.accepted as f64 / self.made_attempts.max(1) as f64),
        }
    }
}

/// Attempts a last range takes to make `wanted` more puzzles when a share
/// `acceptance` of attempts makes one: the mean and two standard deviations
/// of the binomial wait (a shortfall costs one more small range; every
/// attempt past the count is work thrown away), and one for a duplicate.
/// A batch every attempt of which makes a puzzle (no level asked) makes
/// about its count, not a tenth more.
fn attempts_for(wanted: u64, acceptance: f64) -> u64 {
    let p = acceptance.clamp(1e-6, 1.0);
    let k = wanted as f64;
    (k / p + 2.0 * (k * (1.0 - p)).sqrt() / p).ceil() as u64 + 1
}

/// One attempt's outcome in a range: `None` when it was skipped (stopped).
type Made = (u64, Option<Result<Vec<NewPuzzle>>>);

/// Puzzles a made range holds.
fn puzzles_in(made: &[Made]) -> u64 {
    made.iter().filter_map(|(_, r)| r.as_ref()?.as_ref().ok()).map(|p| p.len() as u64).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::{Answer, GradeReport, SampleBands};
    use crate::level::Level;
    use crate::pdf::{GridContents, GridRenderer};
    use crate::store::{PuzzleRow, StoredGrade};

    /// Every attempt makes a distinct puzzle in 10 ms; the `stop_at`-th
    /// attempt started sets the stop flag, as Ctrl-C would.
    struct Slow {
        started: AtomicU64,
        stop_at: u64,
        stop: &'static AtomicBool,
        odd: Odd,
    }

    /// Attempts that do not make a puzzle.
    #[derive(PartialEq)]
    enum Odd {
        None,
        /// Every attempt makes nothing (at once).
        NothingEver,
        /// The attempt of this seed fails with an error.
        ErrorAt(u64),
        /// Every attempt makes nothing, after its 10 ms.
        NothingSlowly,
    }

    impl Family for Slow {
        fn make(&self, seed: u64, _level: Option<Level>) -> Result<Option<NewPuzzle>> {
            if self.started.fetch_add(1, Ordering::SeqCst) + 1 == self.stop_at {
                self.stop.store(true, Ordering::SeqCst);
            }
            match self.odd {
                Odd::NothingEver => return Ok(None),
                Odd::ErrorAt(bad) if bad == seed => anyhow::bail!("attempt {seed} broke"),
                _ => {}
            }
            std::thread::sleep(Duration::from_millis(10));
            if self.odd == Odd::NothingSlowly {
                return Ok(None);
            }
            Ok(Some(NewPuzzle {
                own_layout: None,
                grade: None,
                givens: "1.".into(),
                solution: "12".into(),
                canonical: format!("key{seed}"),
                clues: 1,
                score: 1,
                level: "easy".into(),
                effort_nodes: 1,
                seed,
                minimal: None,
                symmetry: None,
            }))
        }
        fn layout(&self) -> &Layout {
            unimplemented!()
        }
        fn name(&self) -> &'static str {
            "cells"
        }
        fn levels(&self) -> &'static [Level] {
            &[]
        }
        fn parse(&self, _: &str) -> Result<()> {
            unimplemented!()
        }
        fn solve(&self, _: &str, _: Option<usize>) -> Result<Answer> {
            unimplemented!()
        }
        fn grade(&self, _: &str) -> Result<GradeReport> {
            unimplemented!()
        }
        fn check(&self, _: &PuzzleRow, _: bool) -> Result<Option<StoredGrade>, String> {
            unimplemented!()
        }
        fn key(&self, _: &str) -> Result<String> {
            unimplemented!()
        }
        fn page(&self, _: &str) -> GridContents {
            unimplemented!()
        }
        fn answer_page(&self, _: &str, _: &str) -> GridContents {
            unimplemented!()
        }
        fn renderer(&self) -> Box<dyn GridRenderer + '_> {
            unimplemented!()
        }
        fn print_extent(&self) -> (usize, usize) {
            unimplemented!()
        }
        fn show(&self, _: &PuzzleRow) -> String {
            unimplemented!()
        }
        fn sample_bands(&self, _: u64, _: u64) -> Result<SampleBands> {
            unimplemented!()
        }
    }

    #[test]
    fn a_stop_mid_chunk_skips_the_rest_and_commits_the_finished_prefix() {
        static STOP_HERE: AtomicBool = AtomicBool::new(false);
        let dir = std::env::temp_dir().join(format!("puzzlebook-batch-{}-stop", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let catalog = Catalog::open(dir.join("catalog.db")).unwrap();
        let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();
        let id = catalog.create_batch(layout_id, 1000, 300, None, "none").unwrap();
        // The first chunk is 4 attempts (40 ms on two threads); the second is
        // sized to 10 s or more but cut to the attempts still needed (about 330):
        // the stop comes in its 16th.
        let slow = Slow { started: AtomicU64::new(0), stop_at: 20, stop: &STOP_HERE, odd: Odd::None };
        let outcome = run_family(&catalog, id, &slow, &Options::alone(2), &STOP_HERE, None, &mut |_| {}).unwrap();
        assert_eq!(outcome.status, BatchStatus::Interrupted);
        let started = slow.started.load(Ordering::SeqCst);
        assert!(started < 30, "{started} attempts: the chunk ran on after the stop");
        let batch = catalog.batch(id).unwrap();
        assert_eq!(batch.status, BatchStatus::Interrupted);
        assert!(batch.next_attempt >= 4 && batch.next_attempt < 30, "resume point {}", batch.next_attempt);
        // Exactly the attempts below the resume point are stored.
        let seeds: Vec<u64> = catalog.puzzles(None, None).unwrap().iter().map(|p| p.seed).collect();
        assert_eq!(seeds, (1000..1000 + batch.next_attempt).collect::<Vec<_>>());

        STOP_HERE.store(false, Ordering::SeqCst);
        let resumed = Slow { started: AtomicU64::new(0), stop_at: 0, stop: &STOP_HERE, odd: Odd::None };
        let outcome = run_family(&catalog, id, &resumed, &Options::alone(2), &STOP_HERE, None, &mut |_| {}).unwrap();
        assert_eq!((outcome.status, outcome.held), (BatchStatus::Done, 300));
        let mut seeds: Vec<u64> = catalog.puzzles(None, None).unwrap().iter().map(|p| p.seed).collect();
        seeds.sort();
        assert_eq!(seeds, (1000..1300).collect::<Vec<_>>(), "no attempt skipped or made twice");
    }

    /// A stop asked in the catalog (as `generate --stop` or the studio's
    /// Stop do, from any process) ends a running worker at its next look
    /// at the batch, keeping what it committed.
    #[test]
    fn a_stop_recorded_in_the_catalog_ends_a_running_worker() {
        static NEVER: AtomicBool = AtomicBool::new(false);
        let dir = std::env::temp_dir().join(format!("puzzlebook-batch-{}-catalog-stop", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let catalog = Catalog::open(dir.join("catalog.db")).unwrap();
        let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();
        let id = catalog.create_batch(layout_id, 1, 100_000, None, "none").unwrap();
        let slow = Slow { started: AtomicU64::new(0), stop_at: 0, stop: &NEVER, odd: Odd::None };
        let outcome = std::thread::scope(|scope| {
            let asker = scope.spawn(|| {
                while slow.started.load(Ordering::SeqCst) < 50 {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Catalog::open(dir.join("catalog.db")).unwrap().stop_batch(id, "bob").unwrap()
            });
            let outcome = run_family(&catalog, id, &slow, &Options::alone(2), &NEVER, None, &mut |_| {}).unwrap();
            assert_eq!(asker.join().unwrap(), crate::store::Stop::Stopped { workers: 1 });
            outcome
        });
        assert_eq!(outcome.status, BatchStatus::Interrupted);
        let batch = catalog.batch(id).unwrap();
        assert_eq!(batch.stopped_by.as_deref(), Some("bob"));
        assert!(outcome.held < 100_000, "the worker stopped: {}", outcome.held);
        // What it holds is exactly the committed attempts' puzzles.
        assert_eq!(catalog.puzzles(None, None).unwrap().len() as u64, batch.next_attempt);
    }

    /// A batch whose attempts never make a puzzle (cages that never cover a
    /// grid) ends as failed with the true reason; one whose attempt fails
    /// with an error is not left running.
    #[test]
    fn failed_attempts_end_a_batch_cleanly_and_an_error_releases_it() {
        static NEVER: AtomicBool = AtomicBool::new(false);
        let dir = std::env::temp_dir().join(format!("puzzlebook-batch-{}-failed", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let catalog = Catalog::open(dir.join("catalog.db")).unwrap();
        let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();

        let id = catalog.create_batch(layout_id, 1, 10, None, "none").unwrap();
        let nothing = Slow { started: AtomicU64::new(0), stop_at: 0, stop: &NEVER, odd: Odd::NothingEver };
        let outcome = run_family(&catalog, id, &nothing, &Options::alone(2), &NEVER, None, &mut |_| {}).unwrap();
        assert_eq!((outcome.status, outcome.held), (BatchStatus::Failed, 0));
        assert!(outcome.attempts >= EXHAUSTED_AFTER, "every failed attempt is counted: {}", outcome.attempts);
        let batch = catalog.batch(id).unwrap();
        assert_eq!(batch.status, BatchStatus::Failed);
        assert!(batch.note.as_deref().unwrap_or("").contains("attempts made a puzzle"), "{:?}", batch.note);

        let id = catalog.create_batch(layout_id, 1, 10, None, "none").unwrap();
        let broken = Slow { started: AtomicU64::new(0), stop_at: 0, stop: &NEVER, odd: Odd::ErrorAt(3) };
        let Err(error) = run_family(&catalog, id, &broken, &Options::alone(2), &NEVER, None, &mut |_| {}) else {
            panic!("attempt 3 broke")
        };
        assert!(format!("{error:#}").contains("attempt 3 broke"), "{error:#}");
        let batch = catalog.batch(id).unwrap();
        assert_eq!(batch.status, BatchStatus::Failed, "an error does not leave the batch running");
        assert!(batch.note.as_deref().unwrap_or("").contains("attempt 3 broke"), "{:?}", batch.note);
    }

    /// The time limit is heard inside a chunk: attempts not started when it
    /// runs out are skipped (a chunk sized to 10 s or more would otherwise
    /// run thousands of attempts of 10 ms past a limit of 30 ms).
    #[test]
    fn a_time_limit_skips_the_attempts_of_a_chunk_not_yet_started() {
        static NEVER: AtomicBool = AtomicBool::new(false);
        let dir = std::env::temp_dir().join(format!("puzzlebook-batch-{}-limit", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let catalog = Catalog::open(dir.join("catalog.db")).unwrap();
        let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();
        let id = catalog.create_batch(layout_id, 1, 1000, None, "none").unwrap();
        let searching = Slow { started: AtomicU64::new(0), stop_at: 0, stop: &NEVER, odd: Odd::NothingSlowly };
        let give_up = GiveUp { limit: Duration::from_millis(30), what: "puzzle".into() };
        let outcome = run_family(&catalog, id, &searching, &Options::alone(2), &NEVER, Some(&give_up), &mut |_| {}).unwrap();
        assert_eq!(outcome.status, BatchStatus::Failed);
        let started = searching.started.load(Ordering::SeqCst);
        assert!(started < 40, "{started} attempts started after a limit of three attempts' time");
        assert_eq!(catalog.batch(id).unwrap().next_attempt, outcome.attempts, "the skipped attempts are left for a resume");
    }

    fn puzzle(key: &str, seed: u64) -> NewPuzzle {
        NewPuzzle {
            own_layout: None,
            grade: None,
            givens: "1.".into(),
            solution: "12".into(),
            canonical: key.into(),
            clues: 1,
            score: 1,
            level: "easy".into(),
            effort_nodes: 1,
            seed,
            minimal: None,
            symmetry: None,
        }
    }

    /// What a batch of `count` holds when its attempts (each making the
    /// puzzles of these keys) are cut into ranges of these sizes and
    /// committed in order into a catalog that already holds `before`.
    fn held_after(attempts: &[&[&str]], sizes: &[usize], count: u64, before: &[&str]) -> Vec<String> {
        let batch = Batch {
            id: 1,
            layout_id: 1,
            layout_name: "x".into(),
            layout_source: String::new(),
            seed: 0,
            count_asked: count,
            difficulty: None,
            symmetry: "none".into(),
            controls: None,
            next_attempt: 0,
            status: BatchStatus::Running,
            note: None,
            made_by: None,
            stopped_by: None,
        };
        let mut catalog: HashSet<String> = before.iter().map(|k| k.to_string()).collect();
        let mut stored = Vec::new();
        let (mut next, mut sizes) = (0usize, sizes.iter().cycle());
        while (stored.len() as u64) < count && next < attempts.len() {
            let end = (next + sizes.next().unwrap()).min(attempts.len());
            let claim = Claim { first: next as u64, end: end as u64 };
            let made: Vec<Made> =
                (next..end).map(|a| (a as u64, Some(Ok(attempts[a].iter().map(|k| puzzle(k, a as u64)).collect())))).collect();
            let wanted = count - stored.len() as u64;
            let keys = keys_to_check(&made, wanted);
            let held: HashSet<String> = keys.into_iter().filter(|k| catalog.contains(k)).collect();
            let taken = take(&batch, claim, made, wanted, &held, &mut TwinGuard::default()).unwrap();
            for p in taken.puzzles {
                if catalog.insert(p.canonical.clone()) {
                    stored.push(p.canonical);
                }
            }
            next = taken.consumed as usize;
        }
        stored
    }

    /// The last range of a batch whose every attempt makes a puzzle holds
    /// about the attempts still needed (it held a tenth more, all made and
    /// thrown away); a batch that keeps one attempt in ten asks for more,
    /// with a margin that shrinks in proportion as the count grows.
    #[test]
    fn a_last_range_makes_about_what_the_count_still_needs() {
        assert_eq!(attempts_for(1000, 1.0), 1001);
        assert_eq!(attempts_for(1, 1.0), 2);
        let tenth = attempts_for(1000, 0.1);
        assert!((10_000..10_700).contains(&tenth), "{tenth}");
        assert!(attempts_for(10, 0.1) > 100, "a small count keeps a wide margin: {}", attempts_for(10, 0.1));
    }

    /// The cut at the count does not depend on where ranges end: an attempt
    /// that makes several puzzles, some already held, is taken up to the
    /// first new one needed (the old cut counted a duplicate toward the
    /// count and dropped the rest of the attempt, so the batch then held
    /// other puzzles depending on its chunks).
    #[test]
    fn where_ranges_end_does_not_change_what_the_batch_holds() {
        let attempts: &[&[&str]] = &[&["a"], &["b", "c"], &["d", "e", "f"], &["g"], &["h", "i"], &["j"], &["k"], &["l", "m"]];
        for count in 1..=9 {
            let alone = held_after(attempts, &[attempts.len()], count, &["c", "e", "h"]);
            for sizes in [&[1][..], &[2], &[3, 1], &[1, 4], &[5]] {
                assert_eq!(held_after(attempts, sizes, count, &["c", "e", "h"]), alone, "count {count}, ranges of {sizes:?}");
            }
            assert_eq!(alone.len() as u64, count.min(10), "count {count}: exactly the count");
        }
        // The attempt making [held, new] with one more wanted: the new one is taken.
        assert_eq!(held_after(&[&["a", "b"], &["c"]], &[1], 1, &["a"]), vec!["b".to_string()]);
    }
}
