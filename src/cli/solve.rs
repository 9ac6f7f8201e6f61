use crate::layout::Layout;
use crate::puzzle_file::PuzzleSource;
use anyhow::{Context, bail};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Output, one line per puzzle in input order:\n  unique <solution>   exactly one solution\n  multiple            two or more\n  none                no solution\n  solutions <k>       with --limit N: the exact count k, up to N"
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
}

pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    if args.limit == Some(0) {
        bail!("--limit 0: the limit must be at least 1");
    }
    let family = crate::family::open(Layout::load(&args.layout)?);
    let source = PuzzleSource::read(&args.puzzles, args.file.as_deref())?;
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut any = false;
    for (origin, text) in source.puzzles() {
        any = true;
        let answer = family.solve(text, args.limit).with_context(|| origin.to_string())?;
        writeln!(out, "{answer}")?;
    }
    if !any {
        match &args.file {
            Some(file) => bail!("{}: no puzzle in it (the file is empty or holds only blank and '#' lines)", file.display()),
            None => bail!("no puzzle given: pass puzzle strings or --file FILE"),
        }
    }
    out.flush()?;
    Ok(())
}
