//! `bench-fill` (hidden): fills a catalog for the scale bench
//! (benches/catalog-scale.sh); see src/fill.rs for how its puzzles are made.

use super::catalog::DbArg;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct BenchFillArgs {
    /// A sudoku-family layout that `import` takes (e.g. classic-9).
    pub layout: String,
    /// New puzzles to store.
    #[arg(long)]
    pub count: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Puzzles a transaction holds (default: `generate`'s cadence: on
    /// SQLite about 40,000 puzzles, within 10 s to 2 minutes of work; ten
    /// seconds on PostgreSQL).
    #[arg(long)]
    pub commit: Option<u64>,
    #[command(flatten)]
    pub db: DbArg,
}

pub fn run(args: BenchFillArgs) -> anyhow::Result<()> {
    let layout = crate::layout::Layout::load(&args.layout)?;
    let catalog = crate::cli::open_catalog(&args.db.db)?;
    let started = Instant::now();
    let mut shown = 0;
    let filled = crate::fill::fill(&catalog, &layout, args.count, args.seed, args.jobs.unwrap_or(0), args.commit, |stored| {
        if stored >= shown + 100_000 {
            shown = stored;
            eprintln!("filled {stored} of {} ({:.0} s)", args.count, started.elapsed().as_secs_f64());
        }
    })?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "filled {} puzzles from {} generated bases in {seconds:.1} s ({:.0}/s); {} variants were duplicates",
        filled.stored,
        filled.bases,
        filled.stored as f64 / seconds.max(1e-9),
        filled.duplicates
    );
    Ok(())
}
