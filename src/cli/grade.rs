//! `grade`: rate puzzles like a human solver (technique ladder, SE scale).

use crate::grade::Grader;
use crate::layout::Layout;
use crate::puzzle_file::read_puzzle_lines;
use anyhow::{Context, bail};
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
    let layout = Layout::load(&args.layout)?;
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
    let Some(grader) = Grader::new(&layout.model) else {
        bail!(
            "{}: the technique ladder grades all-different layouts of at most {} symbols and 256 cells, without relations between cells (this layout keeps its candidate-score levels)",
            layout.path.display(),
            crate::grade::model_grader::MAX_LADDER_SYMBOLS
        );
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (origin, text) in texts {
        let givens = layout.model.parse_grid(&text).with_context(|| origin.clone())?;
        let Some(g) = grader.grade(&givens) else {
            bail!("{origin}: the givens break a rule");
        };
        writeln!(out, "{:.1} {} {}", g.se_rating, g.level, g.hardest)?;
        if args.path {
            for step in &g.steps {
                writeln!(out, "  {step}")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
