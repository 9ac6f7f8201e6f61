use crate::batch::{self, BatchEvent};
use crate::generate::{Controls, Needs, Pattern, Symmetry, needs};
use crate::grade::Technique;
use crate::layout::Layout;
use crate::layout::cages::CageRule;
use crate::level::Level;
use crate::level::RatingRange;
use crate::store::{Batch, BatchStatus, Catalog, DEFAULT_DB, NewPuzzle, Stop, stopped_refusal};
use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
#[command(after_help = "Every puzzle is stored in the catalog (--db). On a terminal a progress bar shows instead of the \
puzzle lines (add --print to see them); when stdout is a pipe the lines are written, one per new puzzle:\n  \
<givens> <solution> <score> <level> <seed> <effort>\n\
score: the candidate-count difficulty score (a number, not a level); level: the technique grade (easy: singles, \
medium: locked candidates, pairs, X-Wing, hard: up to wings and fish, expert: chains) wherever the layout has the grader, \
else by the layout's score bands (stars, relations) or, for Slitherlink, the rules its solver needs; seed: the puzzle's own seed \
(`generate LAYOUT --no-store --seed <seed>` makes it again); effort: search nodes the solver needed to prove it unique.\n\n\
Minimal: clues are removed while the solution stays unique, so a puzzle is minimal (no given — under --symmetry no orbit \
of givens — can go and leave one solution) unless the removal is steered: --difficulty easy, medium or hard and --needs \
keep clues that hold the puzzle at its level, and an exact --pattern fixes the givens, so those puzzles may not be minimal. \
Whether each puzzle is minimal is checked exactly and stored (`show`, `export --format csv`); killer puzzles, whose cages \
are thinned rather than their givens, record it as unknown.\n\n\
Ctrl-C stops the batch: attempts under way finish and are committed, the rest wait for `generate --resume`, \
which finishes the newest unfinished batch (refused while another process still runs it).\n\n\
`generate --stop B` stops batch B for every worker on every machine (and the studio's): the stop is recorded in the catalog, \
each worker stops at its next look at the batch (within a second or so) keeping what it committed, and `--join` or \
`--resume` then refuse the batch. `generate --list` lists the batches: layout, progress, status, workers, who made each.\n\nOne batch, many machines: start it once (`generate LAYOUT --count N --db postgres://…`; it says its number), then run `generate --join B --db …` on any number of machines (or several times on one); every worker's bar shows the whole batch. docs/catalog-batches.md says what holds when a worker dies or the server restarts.")]
pub struct GenerateArgs {
    /// Layout id (see `puzzlebook layouts`) or path to a .toml layout; not needed with --resume or --join.
    pub layout: Option<String>,
    /// Number of puzzles (of the --difficulty level, if given).
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed of the first attempt; attempt i uses seed + i. Random when omitted.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Keep the givens' picture symmetric: none; rot180 (a half turn); rot90 (quarter turns); mirror
    /// (left–right); diag (the main diagonal, top left to bottom right); antidiag (the other diagonal);
    /// diagonal (both diagonals at once); any (one of those the layout admits, drawn per puzzle from its
    /// seed, and stored with the puzzle: `show` says which). Clues are erased in whole orbits, so minimal
    /// means minimal among symmetric removals. Refused
    /// where the symmetry does not map the layout onto itself (houses onto houses, marks onto the same
    /// marks, no cell onto a gap), and on layouts that draw marks, islands, regions or cages per puzzle.
    #[arg(long, default_value = "none", conflicts_with_all = ["resume", "join"])]
    pub symmetry: Symmetry,
    /// Keep only puzzles of this level (easy, medium, hard, expert) until --count of them are stored.
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<Level>,
    /// Givens on exactly the cells a picture marks (a heart, a letter, a date). FILE: one row of the
    /// layout's canvas a line, `#`, `X` or `*` for a given, `.` or `-` for an empty cell; spaces, blank
    /// lines and lines starting with `//` are skipped. The generator fills random grids until one makes a
    /// unique puzzle on the pattern (such puzzles need not be minimal). See patterns/ for examples.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["resume", "join"])]
    pub pattern: Option<PathBuf>,
    /// With --pattern: givens on a subset of the pattern's cells instead, thinned to a minimal puzzle.
    #[arg(long, requires = "pattern")]
    pub pattern_subset: bool,
    /// Only puzzles whose solving path (the grader's, easiest step first) uses this technique.
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique, long_help = needs_help(), conflicts_with_all = ["resume", "join"])]
    pub needs: Option<Technique>,
    /// With --needs: nothing on the path is rated above the technique (a chapter of X-wing puzzles).
    #[arg(long, requires = "needs")]
    pub hardest: bool,
    /// Only puzzles whose Sudoku Explainer rating lies in this range: 9.0.. (9.0 and up), ..4.5, 3.0..5.0.
    /// Searched for by hill climbing over clue sets with the grader's rating as the loss; every puzzle stays
    /// unique and minimal. Layouts with the technique grader.
    #[arg(long, value_name = "RANGE", conflicts_with_all = ["difficulty", "resume", "join"])]
    pub rating: Option<RatingRange>,
    /// With --rating: no two puzzles of the search differ in fewer than this many cells, givens and
    /// solution, digits relabelled (default: 20 for a 9×9, the same share of the cells for a smaller grid; 0: no
    /// guard). See docs/books-curation.md.
    #[arg(long, value_name = "CELLS", requires = "rating")]
    pub twin_distance: Option<usize>,
    /// Killer layouts (random_cages): cage sizes, a size or a range such as 2..4 (default: the layout's,
    /// 1..5 for killer-9). The cages are drawn anew for each puzzle on its solution, connected, no digit
    /// twice.
    #[arg(long, value_name = "SIZES", value_parser = cage_sizes, conflicts_with_all = ["resume", "join"])]
    pub cages: Option<(usize, usize)>,
    /// Killer layouts: the generator may add givens where cages alone leave the puzzle open (classic
    /// killer has none: a cell is pinned by a small cage instead).
    #[arg(long, conflicts_with_all = ["resume", "join"])]
    pub cage_givens: bool,
    /// Killer layouts: keep the one-cell cages that pin the puzzle as they fall (an easy killer gets about
    /// 8). By default each is grown into a neighbouring cage wherever the puzzle stays unique (and at its
    /// level), as commercial killers use few.
    #[arg(long, conflicts_with_all = ["resume", "join"])]
    pub one_cell_cages: bool,
    /// Give up when no new puzzle has come for this many seconds (default: 60 with --pattern, --needs or
    /// --rating, else never; 0: never). A batch that gives up is left failed, with the reason; --resume
    /// goes on with it.
    #[arg(long, value_name = "SECONDS", conflicts_with_all = ["resume", "join"])]
    pub time_limit: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// The catalog: a SQLite file, or a postgres:// URL (its password from PGPASSWORD, never needed here).
    #[arg(long, env = "PUZZLEBOOK_DB", hide_env_values = true, default_value = DEFAULT_DB)]
    pub db: crate::store::DbTarget,
    /// Also print the puzzle lines on a terminal.
    #[arg(long)]
    pub print: bool,
    /// Only print the puzzles (one thread), store nothing.
    #[arg(long, conflicts_with_all = ["resume", "join", "jobs"])]
    pub no_store: bool,
    /// Finish an unfinished batch: its id, or the newest unfinished one when no id is given.
    #[arg(long, value_name = "BATCH", num_args = 0..=1, default_missing_value = "latest", conflicts_with = "join")]
    pub resume: Option<String>,
    /// Run a batch together with the workers already running it, from this machine or any other with
    /// the same --db: its id, or the newest unfinished one when no id is given. Workers claim ranges of
    /// the batch's attempts and commit them in attempt order, so the batch ends at exactly its count and,
    /// with its seed, holds the same puzzles however many workers took part; a worker killed mid-batch
    /// leaves its range to the others (at once on the same machine, after 30 s from another).
    #[arg(long, value_name = "BATCH", num_args = 0..=1, default_missing_value = "latest")]
    pub join: Option<String>,
    /// Stop a batch, run here or anywhere else (the studio's too): every worker stops at its next look at the
    /// batch, keeping what it committed; it cannot be joined or resumed afterwards. Recorded with --editor's name.
    #[arg(long, value_name = "BATCH", conflicts_with_all = ["resume", "join", "list", "no_store"])]
    pub stop: Option<i64>,
    /// List the catalog's batches (newest first): layout, puzzles held of the count, puzzles made and not yet committed
    /// (in flight, as of the workers' last heartbeats), attempts, failed checks,
    /// status, live workers, who made it.
    #[arg(long, conflicts_with_all = ["resume", "join", "no_store"])]
    pub list: bool,
    /// Who you are, recorded with a new batch (and a stop) (default: PUZZLEBOOK_EDITOR, else the operating-system user).
    #[arg(long, value_name = "NAME")]
    pub editor: Option<String>,
    /// When the catalog's server stops answering (restarted, network lost): keep trying this many
    /// seconds, then stop, saying how to go on (nothing committed is lost).
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub retry_for: u64,
    /// Make one puzzle from a picture (PNG or JPEG, any size) on a layout that takes pictures
    /// (nonogram-*): the picture is brought to the layout's size and shaded by threshold, then made
    /// unique by changing as few cells as it can; the report names every changed cell. Stored with
    /// source "picture" (a book takes such puzzles with `--source picture`).
    #[arg(long, value_name = "PICTURE", conflicts_with_all = ["resume", "join", "list", "stop"])]
    pub from: Option<std::path::PathBuf>,
    /// With --from: refuse, saying how many cells it would take, when making the picture's puzzle
    /// unique changes more than N cells.
    #[arg(long, value_name = "N", requires = "from")]
    pub max_changes: Option<usize>,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<()> {
    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    if let Some(picture) = &args.from {
        return from_picture(&args, picture);
    }
    if args.no_store {
        return print_only(&args);
    }
    if args.list {
        return list(&args);
    }
    let catalog = crate::cli::open_catalog(&args.db)?;
    let db = args.db.display();
    // Who asks: an explicit --editor must be a good name; else the
    // variable or the OS user, when there is one.
    let editor = match &args.editor {
        Some(name) => Some(crate::store::editor_name(Some(name))?),
        None => crate::store::editor_name(None).ok(),
    };
    if let Some(id) = args.stop {
        let by = editor.unwrap_or_else(|| "someone at a shell".to_string());
        let held = |c: &Catalog| c.batch_state(id).map(|s| format!("{}/{}", s.held, s.count_asked));
        match catalog.stop_batch(id, &by)? {
            Stop::Stopped { workers } => {
                let running = match workers {
                    0 => "no worker was running it".to_string(),
                    1 => "its worker stops at its next look at the batch".to_string(),
                    n => format!("its {n} workers stop at their next look at the batch"),
                };
                println!("batch {id} stopped by {by}: {running}; it holds {} puzzles and cannot be joined or resumed", held(&catalog)?);
            }
            Stop::Already { by } => println!("batch {id} was stopped already, by {by}; it holds {} puzzles", held(&catalog)?),
        }
        return Ok(());
    }
    let (batch_id, entry) = match (&args.resume, &args.join, &args.layout) {
        (Some(which), _, _) => (resume_target(&catalog, which, "--resume")?, batch::Entry::Alone),
        (None, Some(which), _) => {
            let id = resume_target(&catalog, which, "--join")?;
            let batch = catalog.batch(id)?;
            if batch.stopped_by.is_some() {
                bail!("{}", stopped_refusal(&batch, &catalog.target));
            }
            if batch.status == BatchStatus::Done {
                eprintln!("batch {id} is done ({} puzzles): nothing to join", batch.count_asked);
                return Ok(());
            }
            (id, batch::Entry::Join)
        }
        (None, None, Some(layout_arg)) => {
            let layout = Layout::load(layout_arg)?;
            let controls = controls(&args, &layout)?;
            let seed = args.seed.unwrap_or_else(clock_seed);
            let new = batch::NewBatch { layout, controls, count: args.count, difficulty: args.difficulty, seed, made_by: editor };
            let id = batch::start(&catalog, new)?;
            eprintln!(
                "batch {id} started (seed {seed}); more workers, here or on other machines, join it with: puzzlebook generate --join {id} --db {db}"
            );
            (id, batch::Entry::Alone)
        }
        (None, None, None) => bail!("give a LAYOUT to generate, or --resume or --join to go on with a batch"),
    };
    install_ctrl_c();
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let options = batch::Options { jobs, entry, retry_for: Duration::from_secs(args.retry_for) };
    let print_lines = args.print || !std::io::stdout().is_terminal();
    let progress = Progress::new(&catalog.batch(batch_id)?);
    let mut out = std::io::stdout().lock();
    let mut written = Ok(());
    let outcome = batch::run(&catalog, batch_id, &options, &mut |event| match event {
        BatchEvent::Progress { batch_id, held, total, in_flight, added, elapsed, acceptance } => {
            // Lines are written at commits, which may be minutes apart: a
            // reader that left (`… | head -1`) is noticed at the next
            // heartbeat instead, and the batch stops as on Ctrl-C.
            if print_lines && stdout_reader_gone() {
                batch::STOP.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            progress.update(batch_id, (held, in_flight), total, added, elapsed, acceptance)
        }
        BatchEvent::Stored(p) if print_lines && written.is_ok() => {
            written = writeln!(out, "{}", puzzle_line(p));
            if written.is_err() {
                // The reader is gone (`… | head`) or the disk is full: stop
                // as Ctrl-C does, so the batch is left interrupted, resumable.
                batch::STOP.store(true, std::sync::atomic::Ordering::SeqCst);
            }
        }
        BatchEvent::Stored(_) => {}
        BatchEvent::Retrying { error, limit } => {
            progress.note(&format!("catalog {db}: connection lost ({error}); trying again for up to {} s", limit.as_secs()))
        }
        BatchEvent::Reconnected => progress.note(&format!("catalog {db}: connected again")),
    });
    progress.finish();
    let outcome = match outcome {
        Err(e) if e.chain().any(|c| c.is::<batch::Unreachable>()) => {
            bail!("{e}; nothing committed is lost: go on with `puzzlebook generate --join {batch_id} --db {db}` once it answers")
        }
        other => other?,
    };
    // A closed pipe ends the command quietly (main exits 0 on it); the
    // batch is interrupted and `--resume` finishes it.
    written.and_then(|()| out.flush()).with_context(|| format!("writing the puzzle lines of batch {batch_id}"))?;
    let batch = catalog.batch(batch_id)?;
    let what = batch.difficulty.map_or(String::new(), |l| format!(" {l}"));
    eprintln!(
        "batch {batch_id} ({}): {} — holds {}/{}{what} puzzles, {} new in {:.1} s ({:.0}/s, {} attempts); catalog {}",
        batch.layout_name,
        outcome.status.as_str(),
        outcome.held,
        batch.count_asked,
        outcome.added,
        outcome.seconds,
        outcome.added as f64 / outcome.seconds.max(1e-9),
        outcome.attempts,
        args.db.display()
    );
    if let Some(by) = &batch.stopped_by {
        eprintln!("batch {batch_id} was stopped by {by}: this worker stops with the others (the batch keeps what it holds)");
        return Ok(());
    }
    match outcome.status {
        BatchStatus::Interrupted if batch.status == BatchStatus::Running => {
            eprintln!(
                "interrupted; the batch goes on with its other workers (join them again with: puzzlebook generate --join {batch_id} --db {db})"
            );
            std::process::exit(130);
        }
        BatchStatus::Interrupted => {
            eprintln!("interrupted; resume with: puzzlebook generate --resume {batch_id} --db {db}");
            std::process::exit(130);
        }
        BatchStatus::Exhausted => {
            bail!("batch {batch_id} stopped early: no new puzzle in many attempts (this layout has few distinct puzzles)")
        }
        BatchStatus::Failed => {
            bail!("batch {batch_id} gave up: {}", batch.note.as_deref().unwrap_or("no reason recorded"))
        }
        _ => Ok(()),
    }
}

/// The batch `--resume` or `--join` (`option`) names.
fn resume_target(catalog: &Catalog, which: &str, option: &str) -> anyhow::Result<i64> {
    let id = if which == "latest" {
        catalog.latest_unfinished_batch()?.with_context(|| format!("{}: no unfinished batch to {}", catalog.target, &option[2..]))?
    } else {
        which.parse::<i64>().with_context(|| format!("{option} {which}: expected a batch number"))?
    };
    let batch = catalog.batch(id)?;
    if batch.stopped_by.is_some() {
        bail!("{}", stopped_refusal(&batch, &catalog.target));
    }
    if batch.status == BatchStatus::Done && option == "--resume" {
        bail!("batch {id} is already done ({} puzzles)", batch.count_asked);
    }
    Ok(id)
}

/// `generate --list`: the newest batches, one a line.
fn list(args: &GenerateArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_existing_catalog(&args.db)?;
    let batches = catalog.batch_summaries(200)?;
    if batches.is_empty() {
        println!("{}: no batch yet", args.db.display());
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:>5}  {:<16} {:>15}  {:>9}  {:>9}  {:>6}  {:<11} {:<7} {:<16} {:<20} workers",
        "batch", "layout", "held/count", "in flight", "attempts", "failed", "status", "level", "made by", "started"
    )?;
    for b in &batches {
        let workers = if b.workers.is_empty() { "–".to_string() } else { b.workers.join(", ") };
        writeln!(
            out,
            "{:>5}  {:<16} {:>15}  {:>9}  {:>9}  {:>6}  {:<11} {:<7} {:<16} {:<20} {workers}",
            b.id,
            b.layout_name,
            format!("{}/{}", b.held, b.count_asked),
            b.in_flight,
            b.attempts,
            b.failed,
            b.shown_status(),
            b.difficulty.as_deref().unwrap_or("any"),
            b.made_by.as_deref().unwrap_or("–"),
            b.started_at.get(..19).unwrap_or(&b.started_at),
        )?;
    }
    Ok(())
}

/// Whether standard output is a pipe whose reader has closed it: the write
/// end of such a pipe polls as an error (Linux). Never true for a file or a
/// terminal, nor where it cannot be asked (a closed pipe is then noticed at
/// the next line written).
fn stdout_reader_gone() -> bool {
    #[cfg(target_os = "linux")]
    {
        let mut fd = libc::pollfd { fd: 1, events: 0, revents: 0 };
        // SAFETY: one valid pollfd, a zero timeout: poll only reads fd 1's state.
        let ready = unsafe { libc::poll(&mut fd, 1, 0) };
        ready == 1 && fd.revents & (libc::POLLERR | libc::POLLHUP) != 0
    }
    #[cfg(not(target_os = "linux"))]
    false
}

fn install_ctrl_c() {
    // First Ctrl-C: attempts not started are skipped, those under way finish
    // and are committed. Second: leave at once (the database stays
    // consistent; only the chunk in flight is lost).
    let _ = ctrlc::set_handler(|| {
        if batch::STOP.swap(true, std::sync::atomic::Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("\nstopping after the attempts under way… (Ctrl-C again to quit now)");
    });
}

fn print_only(args: &GenerateArgs) -> anyhow::Result<()> {
    let Some(layout_arg) = &args.layout else { bail!("give a LAYOUT to generate") };
    let layout = Layout::load(layout_arg)?;
    let controls = controls(args, &layout)?;
    let family = crate::family::of(layout, &controls)?;
    args.difficulty.map_or(Ok(()), |level| family.check_level(level))?;
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let (mut made, mut attempt) = (0, 0u64);
    let mut last_new = Instant::now();
    let mut since_new = 0u64;
    // A search may meet the same puzzle twice (the catalog would keep one).
    let mut printed = std::collections::HashSet::new();
    // A rating search keeps its puzzles apart across its climbs, as a stored batch does.
    let mut twins = controls.rating.map(|_| crate::twins::Guard::new(controls.twin_distance, Vec::new()));
    while made < args.count {
        // Without a time limit, attempts that keep making nothing end too.
        if controls.effective_time_limit().is_none() && since_new >= batch::EXHAUSTED_AFTER {
            bail!("gave up after {made} of {}: no new puzzle in {since_new} attempts", args.count);
        }
        since_new += 1;
        if let Some(limit) = controls.effective_time_limit()
            && last_new.elapsed() >= limit
        {
            bail!(
                "gave up after {made} of {}: no new {} found in {} s (the time limit; raise it with --time-limit, 0 for none)",
                args.count,
                batch::describe(&controls),
                limit.as_secs()
            );
        }
        let seed = first_seed.wrapping_add(attempt);
        attempt += 1;
        for p in family.make_printed(seed, args.difficulty)? {
            // Searches give canonical keys; plain attempts none (they meet a
            // puzzle twice only by chance, so the givens tell). A puzzle
            // drawn with its own marks, regions or cages is told by them
            // too: killers without givens all share their givens.
            let key = (p.own_layout.clone(), if p.canonical.is_empty() { p.givens.clone() } else { p.canonical.clone() });
            let apart = |twins: &mut Option<crate::twins::Guard>| {
                twins.as_mut().is_none_or(|g| g.admit(crate::twins::Texts { givens: &p.givens, solution: &p.solution }))
            };
            if made < args.count && printed.insert(key) && apart(&mut twins) {
                made += 1;
                last_new = Instant::now();
                since_new = 0;
                writeln!(out, "{}", puzzle_line(&p))?;
                out.flush()?;
            }
        }
    }
    Ok(())
}

/// What the options ask beyond a level, read and checked against the layout.
fn controls(args: &GenerateArgs, layout: &Layout) -> anyhow::Result<Controls> {
    let pattern = match &args.pattern {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the pattern {}", path.display()))?;
            Some(Pattern::parse(&path.display().to_string(), &text, layout, args.pattern_subset)?)
        }
        None => None,
    };
    Ok(Controls {
        symmetry: args.symmetry,
        pattern,
        needs: args.needs.map(|technique| Needs { technique, hardest: args.hardest }),
        rating: args.rating,
        cages: cage_rule(args, layout)?,
        time_limit: args.time_limit.map(Duration::from_secs),
        twin_distance: args.twin_distance,
    })
}

/// `--cages` and `--cage-givens` as a cage rule (`batch::cage_rule`).
fn cage_rule(args: &GenerateArgs, layout: &Layout) -> anyhow::Result<Option<CageRule>> {
    batch::cage_rule_with(layout, args.cages, args.cage_givens, args.one_cell_cages)
}

fn cage_sizes(text: &str) -> Result<(usize, usize), String> {
    crate::generate::parse_cage_sizes(text)
}

fn parse_technique(text: &str) -> Result<Technique, String> {
    needs::parse_technique(text)
}

/// `--needs` in full: every technique the grader knows, in its order.
fn needs_help() -> String {
    format!(
        "Only puzzles whose solving path (the grader's, easiest step first, as Sudoku Explainer and HoDoKu walk it) \
         uses this technique. Clues are removed while the grade stays within the technique's level (with --hardest: \
         at or below the technique's own rating), then the path is checked. Layouts with the technique grader. \
         Techniques (easiest first; spaces, hyphens and capitals do not matter, and the grader's own names work too): {}",
        needs::known_list()
    )
}

/// `givens solution score level seed effort`.
fn puzzle_line(p: &NewPuzzle) -> String {
    format!("{} {} {} {} {} {}", p.givens, p.solution, p.score, p.level, p.seed, p.effort_nodes)
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64)
}

/// A bar on a terminal; plain log lines every few seconds otherwise.
struct Progress {
    bar: Option<ProgressBar>,
    last_log: std::cell::Cell<Instant>,
    /// What the batch held when this worker started (its first report):
    /// the batch's rate is of all its workers.
    held_at_start: std::cell::Cell<Option<u64>>,
}

impl Progress {
    fn new(batch: &Batch) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(batch.count_asked), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} puzzles  {msg}  ETA {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_prefix(format!("batch {}", batch.id));
            bar
        });
        Progress { bar, last_log: std::cell::Cell::new(Instant::now()), held_at_start: std::cell::Cell::new(None) }
    }

    /// The whole batch (every worker's puzzles): `held` of `total`
    /// committed and `in_flight` more made, not yet committed (a range
    /// commits at once, after up to two minutes of work on SQLite): the bar
    /// stands at both, the words tell them apart; this worker's share is
    /// named when others take part.
    fn update(&self, batch_id: i64, (held, in_flight): (u64, u64), total: u64, added: u64, elapsed: Duration, acceptance: Option<f64>) {
        let seconds = elapsed.as_secs_f64().max(1e-9);
        let made = (held + in_flight).min(total.max(held));
        let start = *self.held_at_start.get().get_or_insert_with(|| {
            if let Some(bar) = &self.bar {
                bar.set_position(made);
                bar.reset_eta();
            }
            made
        });
        self.held_at_start.set(Some(start));
        let grown = made.saturating_sub(start);
        let rate = grown as f64 / seconds;
        let mine = if added < held.saturating_sub(start) {
            format!(" ({:.0}/s committed by this worker)", added as f64 / seconds)
        } else {
            String::new()
        };
        let accept = acceptance.map_or(String::new(), |a| format!(", {:.0}% of attempts at the level", a * 100.0));
        let flight = if in_flight > 0 { format!(", {in_flight} more made, not yet committed") } else { String::new() };
        match &self.bar {
            Some(bar) => {
                bar.set_position(made);
                bar.set_message(format!("{held} committed{flight}, {rate:.0}/s{mine}{accept}"));
            }
            None if self.last_log.get().elapsed() >= Duration::from_secs(5) => {
                self.last_log.set(Instant::now());
                let eta = if rate > 0.0 { format!("{:.0}s", (total - made.min(total)) as f64 / rate) } else { "?".into() };
                eprintln!("batch {batch_id}: {held}/{total} puzzles committed{flight}, {rate:.0}/s{mine}{accept}, ETA {eta}");
            }
            None => {}
        }
    }

    /// A line of its own, above the bar.
    fn note(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `generate LAYOUT --from PICTURE`: one puzzle made from a picture, printed
/// (`--no-store`) or stored with source "picture".
fn from_picture(args: &GenerateArgs, picture: &std::path::Path) -> anyhow::Result<()> {
    let Some(layout) = &args.layout else { bail!("--from needs a layout, e.g. `generate nonogram-20x20 --from {}`", picture.display()) };
    if args.count != 1 {
        bail!("--from makes one puzzle from one picture: leave out --count");
    }
    let family = crate::family::open(Layout::load(layout)?);
    let image = crate::raster::read(picture).map_err(|e| anyhow::anyhow!("{e}"))?;
    let made = family.make_from_picture(&image, args.max_changes).with_context(|| format!("{}", picture.display()))?;
    eprintln!("{}: {}", picture.display(), made.report);
    let p = &made.puzzle;
    if args.no_store {
        println!("{} {} {}", p.givens, p.solution, p.level);
        return Ok(());
    }
    let catalog = crate::cli::open_catalog(&args.db)?;
    let file = picture.file_name().map_or_else(|| picture.display().to_string(), |n| n.to_string_lossy().into_owned());
    let note = format!("picture {}", picture.display());
    let credit = crate::formats::Credit { source: Some(file), ..Default::default() };
    let (batch, inserted) = catalog.store_import_credited(
        family.layout(),
        family.name(),
        crate::record::PICTURE_SOURCE,
        &note,
        std::slice::from_ref(p),
        &[credit],
    )?;
    match (batch, inserted.first()) {
        (Some(batch), Some(true)) => {
            println!("stored the picture's {} puzzle ({}) as batch {batch}; catalog {}", family.layout().id, p.level, args.db.display())
        }
        _ => println!("the picture's puzzle is in catalog {} already", args.db.display()),
    }
    Ok(())
}
