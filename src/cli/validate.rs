//! `validate`: the independent re-check of stored puzzles before publishing.

use super::catalog::DbArg;
use crate::validate::{PAGE, validate_catalog};
use anyhow::bail;
use std::time::Instant;

#[derive(clap::Args, Debug)]
#[command(long_about = "Re-checks stored puzzles with code independent of the generator: the stored layout \
file is compiled again, the solution is checked against every rule, a plain backtracking search proves the \
givens have exactly that one solution, and the clue count, score, level, canonical key and technique grade are recomputed.\n\n\
By default only puzzles never validated, or changed since their last check, are examined. The verdict, \
its time and a hash of what was checked and of the verdict itself are stored with each puzzle: a verdict set by hand \
(or a row edited since) no longer matches, counts as unchecked in books and `stats`, and is checked again here. \
Exits with status 1 when any puzzle fails.")]
pub struct ValidateArgs {
    /// Check every puzzle again, even those already validated and unchanged.
    #[arg(long)]
    pub all: bool,
    /// Where the technique grade differs from the recorded one (after an
    /// upgrade of the grader), store the new grade instead of failing.
    #[arg(long)]
    pub regrade: bool,
    /// Only puzzles of this layout.
    #[arg(long)]
    pub layout: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub db: DbArg,
}

pub fn run(args: ValidateArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    super::catalog::check_layout(&catalog, args.layout.as_deref())?;
    let started = Instant::now();
    // Rows are read and checked a page at a time: memory stays flat however large the catalog.
    let checked = validate_catalog(
        &catalog,
        args.layout.as_deref(),
        args.all,
        args.jobs.unwrap_or(0),
        args.regrade,
        PAGE,
        |row, problem| eprintln!("puzzle {} ({}): FAILED: {problem}", row.id, row.layout_name),
        progress_line,
    )?;
    if checked.total() == 0 {
        println!("{}: nothing to validate (every puzzle is checked and unchanged; --all checks again)", args.db.db.display());
        return Ok(());
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "validated {} puzzles in {seconds:.1} s ({:.0}/s): {} ok, {} failed",
        checked.total(),
        checked.total() as f64 / seconds.max(1e-9),
        checked.passed,
        checked.failed
    );
    if checked.failed > 0 {
        bail!("{} puzzle(s) failed validation; `puzzlebook show ID` shows each one", checked.failed);
    }
    Ok(())
}

/// "validated N of M" on long runs, after each saved chunk.
pub(super) fn progress_line(done: usize, total: usize) {
    if total > 2000 {
        eprintln!("validated {done} of {total}");
    }
}
