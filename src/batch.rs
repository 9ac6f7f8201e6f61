//! A generate run into the catalog: workers make puzzles in parallel, chunk
//! by chunk; each chunk lands in one transaction with the batch's resume
//! point, so a crash or Ctrl-C loses at most the chunk in flight and a
//! resumed batch continues exactly where the last commit ended.

use crate::family::Family;
use crate::generate::{Controls, Symmetry};
use crate::layout::Layout;
use crate::store::{Batch, BatchStatus, Catalog, NewPuzzle};
use anyhow::{Context, Result, anyhow};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// What a running batch reports; the caller shows it (the library prints nothing).
pub enum BatchEvent<'a> {
    /// A chunk landed: `held` of `total` puzzles, `added` by this run.
    Progress {
        batch_id: i64,
        held: u64,
        total: u64,
        added: u64,
        elapsed: Duration,
        /// Share of attempts that reached the asked level, if one was asked.
        acceptance: Option<f64>,
    },
    /// A new puzzle was stored.
    Stored(&'a NewPuzzle),
}

pub struct BatchOutcome {
    pub status: BatchStatus,
    pub held: u64,
    pub added: u64,
    pub attempts: u64,
    pub seconds: f64,
}

/// Attempts in a row without a new puzzle before a batch is declared
/// exhausted (small layouts have only so many puzzles up to symmetry).
pub const EXHAUSTED_AFTER: u64 = 5_000;
/// Chunks are sized to take about this long, so Ctrl-C is answered quickly.
const CHUNK_SECONDS: f64 = 0.5;

/// Set by the Ctrl-C handler: workers skip the attempts of the chunk they
/// have not started, the finished prefix is committed, and the batch stops.
pub static STOP: AtomicBool = AtomicBool::new(false);
/// While a chunk runs longer than this, its batch's lease is renewed (well
/// inside `store::LEASE_SECONDS`), so a slow chunk never looks abandoned.
const RENEW_EVERY: Duration = Duration::from_secs(5);

pub fn layout_of(batch: &Batch) -> Result<Layout> {
    Layout::from_source(Path::new(&format!("{}.toml", batch.layout_name)), batch.layout_source.clone())
        .with_context(|| format!("batch {}: its stored layout no longer builds", batch.id))
}

/// Runs (or resumes) a batch on `jobs` threads until it holds its count,
/// is stopped ([`STOP`]) or runs dry; `on_event` hears each chunk. Refused
/// while another process holds the batch's lease.
pub fn run(catalog: &Catalog, batch_id: i64, jobs: usize, on_event: &mut dyn FnMut(BatchEvent)) -> Result<BatchOutcome> {
    let batch = catalog.batch(batch_id)?;
    let controls = controls_of(&batch)?;
    let family = crate::family::of(layout_of(&batch)?, &controls)?;
    let give_up = controls.effective_time_limit().map(|limit| GiveUp { limit, what: describe(&controls) });
    run_family(catalog, batch_id, family.as_ref(), jobs, &STOP, give_up.as_ref(), on_event)
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
        let cells = if p.size() == 1 { "cell" } else { "cells" };
        parts.push(format!("with givens {exactly} the pattern's {} {cells}", p.size()));
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
    jobs: usize,
    stop: &AtomicBool,
    give_up: Option<&GiveUp>,
    on_event: &mut dyn FnMut(BatchEvent),
) -> Result<BatchOutcome> {
    catalog.claim_batch(batch_id)?;
    let outcome = run_claimed(catalog, batch_id, family, jobs, stop, give_up, on_event);
    if let Err(error) = &outcome {
        // A batch that stops on an error is not left `running`: it fails with
        // the error as its note (the release checks the lease is still ours).
        let _ = catalog.release_batch(batch_id, BatchStatus::Failed, Some(&format!("{error:#}")));
    }
    outcome
}

/// [`run_family`] once the batch's lease is held.
fn run_claimed(
    catalog: &Catalog,
    batch_id: i64,
    family: &dyn Family,
    jobs: usize,
    stop: &AtomicBool,
    give_up: Option<&GiveUp>,
    on_event: &mut dyn FnMut(BatchEvent),
) -> Result<BatchOutcome> {
    // Read after the claim: no other process moves the resume point now.
    let batch = catalog.batch(batch_id)?;
    let jobs = jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;

    let start = Instant::now();
    let mut held = catalog.batch_held(&batch)?;
    let mut attempt = batch.next_attempt;
    let mut since_new = 0u64;
    let (mut added, mut accepted_attempts) = (0u64, 0u64);
    let mut chunk = (jobs * 2) as u64;
    let mut last_new = Instant::now();
    let status = loop {
        if held >= batch.count_asked {
            break BatchStatus::Done;
        }
        if stop.load(Ordering::SeqCst) {
            break BatchStatus::Interrupted;
        }
        // A search (pattern, technique, range) may go many attempts without
        // a puzzle: its time limit decides when to stop, not the count.
        if since_new >= EXHAUSTED_AFTER && give_up.is_none() {
            // Not one attempt made a puzzle: what the batch asks does not fit
            // (e.g. cages that rarely cover a grid), not a layout used up.
            break if accepted_attempts == 0 { BatchStatus::Failed } else { BatchStatus::Exhausted };
        }
        if give_up.is_some_and(|g| last_new.elapsed() >= g.limit) {
            break BatchStatus::Failed;
        }
        let chunk_start = Instant::now();
        // Attempts not started when the time limit runs out are skipped.
        let deadline = give_up.map(|g| last_new + g.limit);
        let made = make_chunk(catalog, &batch, family, &pool, attempt..attempt + chunk, stop, deadline)?;
        let wanted = (batch.count_asked - held) as usize;
        let mut chosen = Vec::new();
        let mut consumed = attempt;
        // The resume point is the first attempt not finished: attempts
        // below it are all decided, none after it is committed.
        // An attempt may find several puzzles (searches): it counts as
        // consumed once taken, whether or not all its puzzles were needed.
        for (a, result) in made {
            let Some(result) = result else { break };
            let puzzles = result.with_context(|| format!("batch {}: attempt {a}", batch.id))?;
            consumed = a + 1;
            if !puzzles.is_empty() {
                accepted_attempts += 1;
            }
            chosen.extend(puzzles.into_iter().take(wanted - chosen.len()));
            if chosen.len() == wanted {
                break;
            }
        }
        let inserted = catalog.commit_chunk(&batch, &chosen, consumed)?;
        let new = inserted.iter().filter(|&&i| i).count() as u64;
        for (p, _) in chosen.iter().zip(&inserted).filter(|&(_, &i)| i) {
            on_event(BatchEvent::Stored(p));
        }
        since_new = if new > 0 { 0 } else { since_new + (consumed - attempt) };
        if new > 0 {
            last_new = Instant::now();
        }
        held += new;
        added += new;
        let done_attempts = consumed - batch.next_attempt;
        on_event(BatchEvent::Progress {
            batch_id: batch.id,
            held,
            total: batch.count_asked,
            added,
            elapsed: start.elapsed(),
            acceptance: (batch.difficulty.is_some() || give_up.is_some()).then(|| accepted_attempts as f64 / done_attempts.max(1) as f64),
        });
        attempt = consumed;
        // Aim each chunk at CHUNK_SECONDS of work.
        let took = chunk_start.elapsed().as_secs_f64().max(1e-3);
        chunk = ((chunk as f64 * CHUNK_SECONDS / took) as u64).clamp(jobs as u64, 4096);
        // Near the end, ask only for about the attempts still needed: a full
        // chunk there would be work thrown away.
        let acceptance = accepted_attempts.max(1) as f64 / done_attempts.max(1) as f64;
        let still_needed = (batch.count_asked.saturating_sub(held) as f64 / acceptance * 1.1).ceil() as u64;
        chunk = chunk.min(still_needed.max(jobs as u64));
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
    catalog.release_batch(batch.id, status, note.as_deref())?;
    Ok(BatchOutcome { status, held, added, attempts: attempt - batch.next_attempt, seconds: start.elapsed().as_secs_f64() })
}

/// One attempt's outcome in a chunk: `None` when it was skipped (stopped).
type Made = (u64, Option<Result<Vec<NewPuzzle>>>);

/// Makes the attempts `range` on the pool, in attempt order; once `stop` is
/// set the attempts not yet started are skipped. Workers also compute the
/// canonical key: serial work here would leave cores idle. While the chunk
/// runs, the batch's lease is renewed; if another process took it over, the
/// rest of the chunk is skipped and the loss is the error.
fn make_chunk(
    catalog: &Catalog,
    batch: &Batch,
    family: &dyn Family,
    pool: &rayon::ThreadPool,
    range: std::ops::Range<u64>,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> Result<Vec<Made>> {
    let lost = AtomicBool::new(false);
    let (seed, level) = (batch.seed, batch.difficulty);
    let (made, renewed) = std::thread::scope(|scope| {
        let (done, finished) = channel();
        let lost = &lost;
        let workers = scope.spawn(move || {
            let made: Vec<Made> = pool.install(|| {
                range
                    .into_par_iter()
                    .map(|a| {
                        let skip =
                            stop.load(Ordering::SeqCst) || lost.load(Ordering::SeqCst) || deadline.is_some_and(|d| Instant::now() >= d);
                        (a, (!skip).then(|| family.make_all(seed.wrapping_add(a), level)))
                    })
                    .collect()
            });
            let _ = done.send(());
            made
        });
        let mut renewed = Ok(());
        while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(RENEW_EVERY) {
            if renewed.is_ok() {
                renewed = catalog.renew_lease(batch.id);
                lost.store(renewed.is_err(), Ordering::SeqCst);
            }
        }
        (workers.join(), renewed)
    });
    renewed?;
    match made {
        Ok(made) => Ok(made),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::{Answer, GradeReport, SampleBands};
    use crate::level::Level;
    use crate::pdf::{GridContents, GridRenderer};
    use crate::store::{PuzzleRow, StoredGrade};
    use std::sync::atomic::AtomicU64;

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
        // sized to half a second, 100 attempts: the stop comes in its 16th.
        let slow = Slow { started: AtomicU64::new(0), stop_at: 20, stop: &STOP_HERE, odd: Odd::None };
        let outcome = run_family(&catalog, id, &slow, 2, &STOP_HERE, None, &mut |_| {}).unwrap();
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
        let outcome = run_family(&catalog, id, &resumed, 2, &STOP_HERE, None, &mut |_| {}).unwrap();
        assert_eq!((outcome.status, outcome.held), (BatchStatus::Done, 300));
        let mut seeds: Vec<u64> = catalog.puzzles(None, None).unwrap().iter().map(|p| p.seed).collect();
        seeds.sort();
        assert_eq!(seeds, (1000..1300).collect::<Vec<_>>(), "no attempt skipped or made twice");
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
        let outcome = run_family(&catalog, id, &nothing, 2, &NEVER, None, &mut |_| {}).unwrap();
        assert_eq!((outcome.status, outcome.held), (BatchStatus::Failed, 0));
        assert!(outcome.attempts >= EXHAUSTED_AFTER, "every failed attempt is counted: {}", outcome.attempts);
        let batch = catalog.batch(id).unwrap();
        assert_eq!(batch.status, BatchStatus::Failed);
        assert!(batch.note.as_deref().unwrap_or("").contains("attempts made a puzzle"), "{:?}", batch.note);

        let id = catalog.create_batch(layout_id, 1, 10, None, "none").unwrap();
        let broken = Slow { started: AtomicU64::new(0), stop_at: 0, stop: &NEVER, odd: Odd::ErrorAt(3) };
        let Err(error) = run_family(&catalog, id, &broken, 2, &NEVER, None, &mut |_| {}) else { panic!("attempt 3 broke") };
        assert!(format!("{error:#}").contains("attempt 3 broke"), "{error:#}");
        let batch = catalog.batch(id).unwrap();
        assert_eq!(batch.status, BatchStatus::Failed, "an error does not leave the batch running");
        assert!(batch.note.as_deref().unwrap_or("").contains("attempt 3 broke"), "{:?}", batch.note);
    }

    /// The time limit is heard inside a chunk: attempts not started when it
    /// runs out are skipped (a chunk sized to half a second would otherwise
    /// run 100 attempts of 10 ms past a limit of 30 ms).
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
        let outcome = run_family(&catalog, id, &searching, 2, &NEVER, Some(&give_up), &mut |_| {}).unwrap();
        assert_eq!(outcome.status, BatchStatus::Failed);
        let started = searching.started.load(Ordering::SeqCst);
        assert!(started < 40, "{started} attempts started after a limit of three attempts' time");
        assert_eq!(catalog.batch(id).unwrap().next_attempt, outcome.attempts, "the skipped attempts are left for a resume");
    }
}
