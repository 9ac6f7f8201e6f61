//! `grade`: rate puzzles like a human solver (technique ladder, SE scale).

use crate::layout::Layout;
use crate::puzzle_file::read_puzzle_lines;
use anyhow::bail;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Output, one line per puzzle in input order:\n  <rating> <level> <hardest technique>\n\
rating: the hardest step on the Sudoku Explainer scale (10.0: no logical step left, needs guessing);\n\
level: easy (singles), medium (locked candidates, pairs, X-Wing), hard (up to chains), expert (forcing chains).\n\
With --path the solving steps follow each line, indented.")]
pub struct GradeArgs {
    /// Layout id or path to a .toml layout (all-different layouts up to 256 cells: classic, jigsaw, diagonal, even/odd, islands, overlapping grids up to 256 cells, pie).
    pub layout: String,
    /// Puzzles as strings.
    pub puzzles: Vec<String>,
    /// Read puzzles from a file, one per line.
    #[arg(long, short)]
    pub file: Option<PathBuf>,
    /// Print the solving path (technique and cells) under each puzzle.
    #[arg(long)]
    pub path: bool,
}

pub fn run(args: GradeArgs) -> anyhow::Result<()> {
    let family = crate::family::open(Layout::load(&args.layout)?);
    let mut texts: Vec<(String, String)> =
        args.puzzles.iter().enumerate().map(|(i, p)| (format!("argument {}", i + 1), p.clone())).collect();
    if let Some(path) = &args.file {
        for line in read_puzzle_lines(path)? {
            texts.push((format!("{}: line {}", path.display(), line.line), line.text));
        }
    }
    if texts.is_empty() {
        bail!("no puzzle given: pass puzzle strings or --file FILE");
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut failed = 0;
    for (origin, text) in texts {
        // A bad line is reported and the rest still graded, as `solve --file` does.
        // Without --path the steps are not written out (several times faster).
        let graded = if args.path { family.grade(&text) } else { family.rate(&text) };
        let report = match graded {
            Ok(report) => report,
            Err(e) => {
                out.flush()?;
                eprintln!("{origin}: {e:#}");
                failed += 1;
                continue;
            }
        };
        let rating = report.rating.map_or("-".to_string(), |r| format!("{r:.1}"));
        writeln!(out, "{rating} {} {}", report.level, report.hardest)?;
        if args.path {
            for step in &report.steps {
                writeln!(out, "  {step}")?;
            }
        }
    }
    out.flush()?;
    if failed > 0 {
        bail!("{failed} puzzle(s) could not be graded");
    }
    Ok(())
}
