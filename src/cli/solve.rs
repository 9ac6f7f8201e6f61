use crate::family::Answer;
use crate::layout::Layout;
use crate::puzzle_file::PuzzleSource;
use crate::solver::{Budget, SOLVE_SECONDS};
use anyhow::{Context, bail};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Output, one line per puzzle in input order:\n  unique <solution>   exactly one solution\n  multiple            two or more\n  none                no solution\n  solutions <k>       with --limit N: the exact count k, up to N\n  undecided: …        the search spent its budget (--time-limit, --max-nodes)\n                      before an answer; it says how many solutions it saw\n\nExit status: 0 when every puzzle got an answer, 3 when some line says\n`undecided` (the other lines are still right), 1 on an error."
)]
pub struct SolveArgs {
    /// Layout id (see `puzzlebook layouts`) or path to a .toml layout.
    pub layout: String,
    /// Puzzles as strings: one character per cell, '.' or '0' empty.
    pub puzzles: Vec<String>,
    /// Read puzzles from a file, one per line ('#' lines and anything after the first space are ignored).
    #[arg(long, short)]
    pub file: Option<PathBuf>,
    /// Count solutions up to N and print `solutions <k>` instead of the verdict.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// What one puzzle may spend before its answer is `undecided` (`solve`,
/// `loops solve`).
#[derive(clap::Args, Debug)]
pub struct BudgetArgs {
    /// Seconds one puzzle may take before its answer is `undecided` (1 to 3600).
    #[arg(long, value_name = "SEC", default_value_t = SOLVE_SECONDS)]
    pub time_limit: u64,
    /// Also stop a puzzle's search after N search nodes (the same answer on
    /// any machine).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

impl BudgetArgs {
    /// Refuses a budget no search can use.
    pub fn check(&self) -> anyhow::Result<()> {
        if !(1..=MAX_SECONDS).contains(&self.time_limit) {
            bail!("--time-limit {}: choose 1 to {MAX_SECONDS} seconds a puzzle", self.time_limit);
        }
        if self.max_nodes == Some(0) {
            bail!("--max-nodes 0: a search needs at least one node");
        }
        Ok(())
    }

    /// A fresh budget for the next puzzle (its clock starts now).
    pub fn next(&self) -> Budget {
        Budget::new(self.max_nodes.unwrap_or(u64::MAX), Some(Duration::from_secs(self.time_limit)))
    }
}

/// The longest `--time-limit` a puzzle may be given.
const MAX_SECONDS: u64 = 3600;

/// `solve`'s exit status when some puzzle's answer is `undecided`.
pub const UNDECIDED_STATUS: i32 = 3;

pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    args.budget.check()?;
    if args.limit == Some(0) {
        bail!("--limit 0: the limit must be at least 1");
    }
    let family = crate::family::open(Layout::load(&args.layout)?);
    let source = PuzzleSource::read(&args.puzzles, args.file.as_deref())?;
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let (mut any, mut undecided) = (false, false);
    for (origin, text) in source.puzzles() {
        any = true;
        let answer = family.solve_within(text, args.limit, args.budget.next()).with_context(|| origin.to_string())?;
        undecided |= matches!(answer, Answer::Undecided { .. });
        writeln!(out, "{answer}")?;
    }
    if !any {
        return Err(super::no_puzzle(args.file.as_deref()));
    }
    out.flush()?;
    if undecided {
        // The answers are printed; the status tells scripts some are not.
        std::process::exit(UNDECIDED_STATUS);
    }
    Ok(())
}
