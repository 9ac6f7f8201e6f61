use crate::batch::{self, BatchOptions};
use crate::generate::{Generator, Symmetry};
use crate::layout::Layout;
use crate::score::Level;
use crate::store::{BatchStatus, Catalog, DEFAULT_DB};
use anyhow::{Context, bail};
use clap::ValueEnum;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Every puzzle is stored in the catalog (--db). On a terminal a progress bar shows instead of the \
puzzle lines (add --print to see them); when stdout is a pipe the lines are written, one per new puzzle:\n  \
<givens> <solution> <score> <level> <seed> <effort>\n\
score: candidate-count difficulty score; level: by the layout's score bands; seed: the puzzle's own seed \
(`generate LAYOUT --no-store --seed <seed>` makes it again); effort: search nodes the solver needed to prove it unique.\n\n\
Ctrl-C stops at the next commit; `generate --resume` finishes the newest unfinished batch.")]
pub struct GenerateArgs {
    /// Layout id (see `puzzlebook layouts`) or path to a .toml layout; not needed with --resume.
    pub layout: Option<String>,
    /// Number of puzzles (of the --difficulty level, if given).
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed of the first attempt; attempt i uses seed + i. Random when omitted.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Erase clues in symmetric pairs.
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,
    /// Keep only puzzles of this level (easy, medium, hard, expert) until --count of them are stored.
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<Level>,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// The catalog file.
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    /// Also print the puzzle lines on a terminal.
    #[arg(long)]
    pub print: bool,
    /// Only print the puzzles (one thread), store nothing.
    #[arg(long, conflicts_with_all = ["resume", "jobs"])]
    pub no_store: bool,
    /// Finish an unfinished batch: its id, or the newest unfinished one when no id is given.
    #[arg(long, value_name = "BATCH", num_args = 0..=1, default_missing_value = "latest")]
    pub resume: Option<String>,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<()> {
    if args.no_store {
        return print_only(&args);
    }
    let catalog = Catalog::open(&args.db)?;
    let batch_id = match (&args.resume, &args.layout) {
        (Some(which), _) => resume_target(&catalog, which)?,
        (None, Some(layout_arg)) => {
            let layout = Layout::load(layout_arg)?;
            check_loops_level(&layout, args.difficulty)?;
            let seed = args.seed.unwrap_or_else(clock_seed);
            let symmetry = args.symmetry.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default();
            catalog.create_batch(catalog.layout_id(&layout)?, seed, args.count, args.difficulty, &symmetry)?
        }
        (None, None) => bail!("give a LAYOUT to generate, or --resume to finish a batch"),
    };
    install_ctrl_c();
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let print_lines = args.print || !std::io::stdout().is_terminal();
    let outcome = batch::run(&catalog, batch_id, &BatchOptions { jobs, print_lines })?;
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
    match outcome.status {
        BatchStatus::Interrupted => {
            eprintln!("interrupted; resume with: puzzlebook generate --resume {batch_id} --db {}", args.db.display());
            std::process::exit(130);
        }
        BatchStatus::Exhausted => {
            bail!("batch {batch_id} stopped early: no new puzzle in many attempts (this layout has few distinct puzzles)")
        }
        _ => Ok(()),
    }
}

fn resume_target(catalog: &Catalog, which: &str) -> anyhow::Result<i64> {
    let id = if which == "latest" {
        catalog.latest_unfinished_batch()?.with_context(|| format!("{}: no unfinished batch to resume", catalog.path.display()))?
    } else {
        which.parse::<i64>().with_context(|| format!("--resume {which}: expected a batch number"))?
    };
    let batch = catalog.batch(id)?;
    if batch.status == BatchStatus::Done {
        bail!("batch {id} is already done ({} puzzles)", batch.count_asked);
    }
    Ok(id)
}

fn install_ctrl_c() {
    // First Ctrl-C: stop at the next commit. Second: leave at once (the
    // database stays consistent; only the chunk in flight is lost).
    let _ = ctrlc::set_handler(|| {
        if batch::STOP.swap(true, std::sync::atomic::Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("\nstopping at the next commit… (Ctrl-C again to quit now)");
    });
}

fn print_only(args: &GenerateArgs) -> anyhow::Result<()> {
    let Some(layout_arg) = &args.layout else { bail!("give a LAYOUT to generate") };
    let layout = Layout::load(layout_arg)?;
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    if crate::slither::stored::board_of(&layout).is_some() {
        check_loops_level(&layout, args.difficulty)?;
        let canon = crate::canon::Canonicalizer::for_layout(&layout);
        for i in 0..args.count {
            let seed = first_seed.wrapping_add(i);
            if let Some(p) = crate::slither::stored::make(&layout, &canon, args.difficulty, seed)? {
                writeln!(out, "{} {} {} {} {} {}", p.givens, p.solution, p.score, p.level, p.seed, p.effort_nodes)?;
            }
        }
        return Ok(());
    }
    let generator = Generator::new(&layout, args.symmetry);
    let (mut made, mut attempt) = (0, 0u64);
    while made < args.count {
        let p = generator.puzzle(first_seed.wrapping_add(attempt)).map_err(|e| anyhow::anyhow!("{}: {e}", layout.path.display()))?;
        attempt += 1;
        if args.difficulty.is_some_and(|level| level != p.level) {
            continue;
        }
        made += 1;
        let (givens, solution) = (layout.model.format_grid(&p.givens), layout.model.format_grid(&p.solution));
        writeln!(out, "{givens} {solution} {} {} {} {}", p.score, p.level, p.seed, p.effort.nodes)?;
        out.flush()?;
    }
    Ok(())
}

/// Slitherlink has three levels; say so before a batch starts.
fn check_loops_level(layout: &Layout, difficulty: Option<crate::score::Level>) -> anyhow::Result<()> {
    if crate::slither::stored::board_of(layout).is_some() && difficulty == Some(crate::score::Level::Expert) {
        bail!("{}: Slitherlink levels are easy, medium and hard", layout.path.display());
    }
    Ok(())
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64)
}
