//! `grade`: rate puzzles like a human solver (technique ladder, SE scale).

use crate::layout::Layout;
use crate::puzzle_file::PuzzleSource;
use anyhow::bail;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Output, one line per puzzle in input order:\n  <rating> <level> <hardest technique>\n\
rating: the hardest step on the Sudoku Explainer scale (10.0: no logical step left, needs guessing);\n\
level: easy (singles), medium (locked candidates, pairs, X-Wing), hard (up to chains), expert (forcing chains).\n\
With --path the solving steps follow each line, indented: the technique, the cells of its pattern (a fish's lines and cells, a wing's pivot and pincers, a chain's nodes: = strong link, - weak link, -> implication), then => what it places (r5c3=4) or removes (r5c3<>4).")]
pub struct GradeArgs {
    /// Layout id or path to a .toml layout (all-different layouts up to 256 cells: classic, jigsaw, diagonal, even/odd, islands, overlapping grids up to 256 cells, pie).
    pub layout: String,
    /// Puzzles as strings.
    pub puzzles: Vec<String>,
    /// Read puzzles from a file, one per line.
    #[arg(long, short)]
    pub file: Option<PathBuf>,
    /// Print the solving path under each puzzle: each step's technique, its pattern's cells, and what it places or removes.
    #[arg(long)]
    pub path: bool,
}

pub fn run(args: GradeArgs) -> anyhow::Result<()> {
    let family = crate::family::open(Layout::load(&args.layout)?);
    let source = PuzzleSource::read(&args.puzzles, args.file.as_deref())?;
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let (mut any, mut failed) = (false, 0);
    for (origin, text) in source.puzzles() {
        any = true;
        // A bad line is reported and the rest still graded, as `solve --file` does.
        // Without --path the steps are not written out (several times faster).
        let graded = if args.path { family.grade(text) } else { family.rate(text) };
        let report = match graded {
            Ok(report) => report,
            Err(e) => {
                out.flush()?;
                eprintln!("{origin}: {e:#}");
                failed += 1;
                continue;
            }
        };
        match report.rating {
            Some(r) => write!(out, "{r:.1}")?,
            None => out.write_all(b"-")?,
        }
        writeln!(out, " {} {}", report.level, report.hardest)?;
        if args.path {
            for step in &report.steps {
                writeln!(out, "  {step}")?;
            }
        }
    }
    if !any {
        return Err(super::no_puzzle(args.file.as_deref()));
    }
    out.flush()?;
    if failed > 0 {
        bail!("{failed} puzzle(s) could not be graded");
    }
    Ok(())
}
