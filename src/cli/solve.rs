use crate::layout::Layout;
use crate::model::Model;
use crate::puzzle_file::{PuzzleLine, read_puzzle_lines};
use crate::solver::{Solver, Verdict};
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
    let layout = Layout::load(&args.layout)?;
    let mut lines: Vec<(String, PuzzleLine)> =
        args.puzzles.iter().enumerate().map(|(i, p)| (format!("argument {}", i + 1), PuzzleLine { line: 0, text: p.clone() })).collect();
    if let Some(path) = &args.file {
        for line in read_puzzle_lines(path)? {
            lines.push((format!("{}: line {}", path.display(), line.line), line));
        }
    }
    if lines.is_empty() {
        bail!("no puzzle given: pass puzzle strings or --file FILE");
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    if let Some((rows, cols)) = crate::slither::stored::board_of(&layout) {
        for (place, line) in &lines {
            let puzzle = crate::slither::Puzzle::parse_sized(&line.text, rows, cols).with_context(|| place.clone())?;
            writeln!(out, "{}", loop_answer(&puzzle, args.limit))?;
        }
        out.flush()?;
        return Ok(());
    }
    let solver = Solver::new(&layout.model);
    for (place, line) in &lines {
        let givens = layout.model.parse_grid(&line.text).with_context(|| place.clone())?;
        writeln!(out, "{}", answer(&layout.model, &solver, &givens, args.limit))?;
    }
    out.flush()?;
    Ok(())
}

fn answer(model: &Model, solver: &Solver, givens: &crate::model::Grid, limit: Option<usize>) -> String {
    if let Some(limit) = limit {
        return format!("solutions {}", solver.count(givens, limit).solutions);
    }
    match solver.verdict(givens) {
        Verdict::Unique(solution) => format!("unique {}", model.format_grid(&solution)),
        Verdict::Multiple => "multiple".into(),
        Verdict::None => "none".into(),
    }
}

/// Slitherlink's answer, in the same form: the solution is the edge string.
pub(super) fn loop_answer(puzzle: &crate::slither::Puzzle, limit: Option<usize>) -> String {
    use crate::slither::Outcome;
    if let Some(limit) = limit {
        return format!("solutions {}", crate::slither::count_solutions(puzzle, limit));
    }
    match crate::slither::solve(puzzle) {
        Outcome::Unique(edges) => format!("unique {}", crate::slither::encode_edges(&edges)),
        Outcome::Multiple => "multiple".into(),
        Outcome::None => "none".into(),
    }
}
