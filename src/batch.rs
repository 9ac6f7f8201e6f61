//! A generate run into the catalog: workers make puzzles in parallel, chunk
//! by chunk; each chunk lands in one transaction with the batch's resume
//! point, so a crash or Ctrl-C loses at most the chunk in flight and a
//! resumed batch continues exactly where the last commit ended.

use crate::canon::Canonicalizer;
use crate::generate::{Generated, Generator, Symmetry};
use crate::grade::Grader;
use crate::layout::Layout;
use crate::model::Grid;
use crate::score::Level;
use crate::store::{Batch, BatchStatus, Catalog, NewPuzzle, StoredGrade};
use anyhow::{Context, Result, anyhow};
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub struct BatchOptions {
    pub jobs: usize,
    /// Write each stored puzzle's line to stdout.
    pub print_lines: bool,
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
const EXHAUSTED_AFTER: u64 = 5_000;
/// Chunks are sized to take about this long, so Ctrl-C is answered quickly.
const CHUNK_SECONDS: f64 = 0.5;

/// Set by the Ctrl-C handler; the batch stops at the next chunk boundary.
pub static STOP: AtomicBool = AtomicBool::new(false);

pub fn layout_of(batch: &Batch) -> Result<Layout> {
    Layout::from_source(Path::new(&format!("{}.toml", batch.layout_name)), batch.layout_source.clone())
        .with_context(|| format!("batch {}: its stored layout no longer builds", batch.id))
}

pub fn run(catalog: &Catalog, batch_id: i64, options: &BatchOptions) -> Result<BatchOutcome> {
    let batch = catalog.batch(batch_id)?;
    let layout = layout_of(&batch)?;
    let symmetry = Symmetry::from_str(&batch.symmetry, true).map_err(|e| anyhow!("batch {batch_id}: {e}"))?;
    let generator = Generator::new(&layout, symmetry);
    let canon = Canonicalizer::for_layout(&layout);
    // A layout whose marks or islands are drawn per puzzle is graded per
    // puzzle, after the fact; its bare grid must not steer clue removal.
    let grader = if layout.random.is_empty() { Grader::new(&layout.model) } else { None };
    let loops = crate::slither::stored::board_of(&layout).is_some();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(options.jobs.max(1)).build()?;
    catalog.set_batch_status(batch.id, BatchStatus::Running, None)?;

    let start = Instant::now();
    let mut held = catalog.batch_held(&batch)?;
    let mut attempt = batch.next_attempt;
    let mut since_new = 0u64;
    let (mut added, mut accepted_attempts) = (0u64, 0u64);
    let mut chunk = (options.jobs.max(1) * 2) as u64;
    let progress = Progress::new(&batch, held);
    let mut out = std::io::stdout().lock();
    let status = loop {
        if held >= batch.count_asked {
            break BatchStatus::Done;
        }
        if STOP.load(Ordering::SeqCst) {
            break BatchStatus::Interrupted;
        }
        if since_new >= EXHAUSTED_AFTER {
            break BatchStatus::Exhausted;
        }
        let chunk_start = Instant::now();
        // Workers also compute the canonical key: serial work here would
        // leave cores idle.
        let made: Vec<(u64, Result<Option<NewPuzzle>, _>)> = pool.install(|| {
            (attempt..attempt + chunk)
                .into_par_iter()
                .map(|a| {
                    let seed = batch.seed.wrapping_add(a);
                    if loops {
                        return (a, crate::slither::stored::make(&layout, &canon, batch.difficulty, seed));
                    }
                    // A difficulty asked for is the technique level where the
                    // layout has one: clues go only while the puzzle stays at
                    // or below it, then the final grade must match exactly.
                    let graded_level = batch.difficulty.zip(grader.as_ref());
                    let made = match graded_level {
                        Some((wanted, g)) if wanted != Level::Expert => {
                            generator.puzzle_within(seed, &|givens: &Grid| g.grade_within(givens, wanted).is_some())
                        }
                        _ => generator.puzzle(seed),
                    };
                    let made = made.map(|puzzle| {
                        let grade = match &puzzle.layout {
                            // Its own marks or islands: graded under them.
                            Some(own) => batch.difficulty.and_then(|_| Grader::new(&own.model)?.grade(&puzzle.givens)),
                            None => graded_level.and_then(|(_, g)| g.grade(&puzzle.givens)),
                        };
                        let grade = grade.map(|g| StoredGrade::of(&g));
                        let level = grade.as_ref().map_or(puzzle.level.name(), |g| g.level.as_str());
                        batch
                            .difficulty
                            .is_none_or(|wanted| wanted.name() == level)
                            .then(|| stored_form(&layout, &canon, &puzzle, grade.clone()))
                    });
                    (a, made.map_err(anyhow::Error::from))
                })
                .collect()
        });
        let wanted = (batch.count_asked - held) as usize;
        let mut chosen = Vec::new();
        let mut consumed = attempt;
        for (a, result) in made {
            let puzzle = result.with_context(|| format!("batch {}: attempt {a}", batch.id))?;
            consumed = a + 1;
            if let Some(puzzle) = puzzle {
                chosen.push(puzzle);
                accepted_attempts += 1;
            }
            if chosen.len() == wanted {
                break;
            }
        }
        let inserted = catalog.commit_chunk(&batch, &chosen, consumed)?;
        let new = inserted.iter().filter(|&&i| i).count() as u64;
        if options.print_lines {
            for (p, _) in chosen.iter().zip(&inserted).filter(|&(_, &i)| i) {
                let level = p.grade.as_ref().map_or(&p.level, |g| &g.level);
                writeln!(out, "{} {} {} {} {} {}", p.givens, p.solution, p.score, level, p.seed, p.effort_nodes)?;
            }
            out.flush()?;
        }
        since_new = if new > 0 { 0 } else { since_new + (consumed - attempt) };
        held += new;
        added += new;
        let done_attempts = consumed - batch.next_attempt;
        progress.update(
            held,
            added,
            start.elapsed(),
            (batch.difficulty.is_some()).then(|| accepted_attempts as f64 / done_attempts.max(1) as f64),
        );
        attempt = consumed;
        // Aim each chunk at CHUNK_SECONDS of work.
        let took = chunk_start.elapsed().as_secs_f64().max(1e-3);
        chunk = ((chunk as f64 * CHUNK_SECONDS / took) as u64).clamp(options.jobs.max(1) as u64, 4096);
        // Near the end, ask only for about the attempts still needed: a full
        // chunk there would be work thrown away.
        let acceptance = accepted_attempts.max(1) as f64 / done_attempts.max(1) as f64;
        let still_needed = (batch.count_asked.saturating_sub(held) as f64 / acceptance * 1.1).ceil() as u64;
        chunk = chunk.min(still_needed.max(options.jobs.max(1) as u64));
    };
    let note = match status {
        BatchStatus::Exhausted => {
            Some(format!("no new puzzle in {EXHAUSTED_AFTER} attempts: the layout has few distinct puzzles up to symmetry"))
        }
        _ => None,
    };
    catalog.set_batch_status(batch.id, status, note.as_deref())?;
    progress.finish();
    Ok(BatchOutcome { status, held, added, attempts: attempt - batch.next_attempt, seconds: start.elapsed().as_secs_f64() })
}

fn stored_form(layout: &Layout, canon: &Canonicalizer, p: &Generated, grade: Option<StoredGrade>) -> NewPuzzle {
    let own_canon = p.layout.as_ref().map(Canonicalizer::for_layout);
    let canon = own_canon.as_ref().unwrap_or(canon);
    NewPuzzle {
        own_layout: p.layout.as_ref().map(|l| l.source.clone()),
        grade,
        givens: layout.model.format_grid(&p.givens),
        solution: layout.model.format_grid(&p.solution),
        canonical: canon.key(&p.givens),
        clues: p.givens.given_count(),
        score: p.score,
        level: p.level.name().to_string(),
        effort_nodes: p.effort.nodes,
        seed: p.seed,
    }
}

/// A bar on a terminal; plain log lines every few seconds otherwise.
struct Progress {
    bar: Option<ProgressBar>,
    batch_id: i64,
    total: u64,
    last_log: std::cell::Cell<Instant>,
}

impl Progress {
    fn new(batch: &Batch, held: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(batch.count_asked), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} puzzles  {msg}  ETA {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_prefix(format!("batch {}", batch.id));
            bar.set_position(held);
            bar
        });
        Progress { bar, batch_id: batch.id, total: batch.count_asked, last_log: std::cell::Cell::new(Instant::now()) }
    }

    fn update(&self, held: u64, added: u64, elapsed: Duration, acceptance: Option<f64>) {
        let rate = added as f64 / elapsed.as_secs_f64().max(1e-9);
        let accept = acceptance.map_or(String::new(), |a| format!(", {:.0}% of attempts at the level", a * 100.0));
        match &self.bar {
            Some(bar) => {
                bar.set_position(held);
                bar.set_message(format!("{rate:.0}/s{accept}"));
            }
            None if self.last_log.get().elapsed() >= Duration::from_secs(5) => {
                self.last_log.set(Instant::now());
                let eta = if rate > 0.0 { format!("{:.0}s", (self.total - held.min(self.total)) as f64 / rate) } else { "?".into() };
                eprintln!("batch {}: {held}/{} puzzles, {rate:.0}/s{accept}, ETA {eta}", self.batch_id, self.total);
            }
            None => {}
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
