//! `puzzlebook loops`: Slitherlink — exact loop and puzzle counts, solving,
//! generating and timing.

use crate::family::Answer;
use crate::slither::{self, Level, Puzzle};
use crate::solver::Budgeted;
use anyhow::{Context, Result, bail};
use std::time::Instant;

#[derive(clap::Args, Debug)]
#[command(after_help = "Puzzles are written row by row, rows joined by '/', '.' for a cell without a clue, e.g. \
3.2/.../0.1 for 3×3. Solutions list every edge as 0 or 1: the horizontal edges row by row (top line first), then \
the vertical edges row by row.")]
pub struct LoopsArgs {
    #[command(subcommand)]
    pub command: LoopsCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum LoopsCommand {
    /// Count every loop on an N×M grid of cells exactly (a frontier dynamic program, not a listing).
    Count {
        /// Cells a side (rows).
        rows: usize,
        /// Columns (default: as many as rows).
        cols: Option<usize>,
    },
    /// Count the unique puzzles on an N×N board (clued cells with the loop's
    /// true values that exactly one loop fits), and the minimal ones.
    Puzzles {
        /// Cells a side: 2, 3 or 4.
        n: usize,
        /// Clue values allowed: 0-4 (every count) or 0-3 (as books print).
        #[arg(long, default_value = "0-4", value_parser = ["0-4", "0-3"])]
        clues: String,
    },
    /// Solve puzzles: `unique <edges>`, `multiple` or `none`; `undecided: …`
    /// (exit status 3) when the search spends its budget first, as `solve` does.
    Solve {
        /// Puzzles, rows joined by '/'.
        #[arg(required = true)]
        puzzles: Vec<String>,
        #[command(flatten)]
        budget: super::solve::BudgetArgs,
    },
    /// Generate unique puzzles of one level and print them with their solutions.
    Generate {
        /// Board size in cells, e.g. 10x10 (5x5 to 20x20 for books; 2 to 30 a side work).
        size: String,
        #[arg(long, short = 'n', default_value_t = 1)]
        count: u64,
        /// easy (clue counting, vertex rules), medium (+ no early loop and corner patterns), hard (+ adjacent 3s and one-edge trials).
        #[arg(long, default_value = "medium")]
        difficulty: String,
        /// Seed of the first puzzle; puzzle i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Draw each puzzle and its loop as text.
        #[arg(long)]
        draw: bool,
    },
    /// Time generation (median and worst) for 5×5, 10×10 and 20×20 at each level.
    Bench {
        /// Puzzles per size and level.
        #[arg(long, default_value_t = 21)]
        samples: usize,
    },
}

pub fn run(args: LoopsArgs) -> Result<()> {
    match args.command {
        LoopsCommand::Count { rows, cols } => {
            let cols = cols.unwrap_or(rows);
            if !(1..=14).contains(&rows) || !(1..=14).contains(&cols) {
                bail!("{rows}×{cols}: loop counts are exact up to 14 cells a side (larger counts overflow 128 bits)");
            }
            let start = Instant::now();
            let count = slither::count::count_loops(rows, cols);
            println!("{} loops on {rows}×{cols} cells ({}×{} points)", grouped(count), rows + 1, cols + 1);
            eprintln!("counted in {:.3} s", start.elapsed().as_secs_f64());
        }
        LoopsCommand::Puzzles { n, clues } => {
            if !(1..=4).contains(&n) {
                bail!("loops puzzles {n}: counted exactly for boards of 1 to 4 cells a side");
            }
            let max_clue = if clues == "0-3" { 3 } else { 4 };
            let start = Instant::now();
            let counts = slither::count_puzzles(n, max_clue);
            println!(
                "{} unique puzzles on {n}×{n} cells with clues {clues}; {} of them minimal",
                grouped(counts.unique as u128),
                grouped(counts.minimal as u128)
            );
            eprintln!("counted in {:.2} s", start.elapsed().as_secs_f64());
        }
        LoopsCommand::Solve { puzzles, budget } => {
            budget.check()?;
            let mut undecided = false;
            for (i, text) in puzzles.iter().enumerate() {
                let puzzle = Puzzle::parse(text).with_context(|| format!("argument {}", i + 1))?;
                let answer = match slither::solve_within(&puzzle, budget.next()) {
                    Budgeted::Decided(slither::Outcome::Unique(edges)) => Answer::Unique(slither::encode_edges(&edges)),
                    Budgeted::Decided(slither::Outcome::Multiple) => Answer::Multiple,
                    Budgeted::Decided(slither::Outcome::None) => Answer::None,
                    Budgeted::Undecided { found, nodes } => {
                        undecided = true;
                        Answer::Undecided { found: found as u128, nodes }
                    }
                };
                println!("{answer}");
            }
            if undecided {
                std::process::exit(super::solve::UNDECIDED_STATUS);
            }
        }
        LoopsCommand::Generate { size, count, difficulty, seed, draw } => {
            let (rows, cols) = parse_size(&size)?;
            let level = Level::parse(&difficulty).with_context(|| format!("--difficulty {difficulty}: expected easy, medium or hard"))?;
            for i in 0..count {
                let made = slither::generate(rows, cols, level, seed.wrapping_add(i))?;
                println!("{} {} {} {}", made.puzzle, slither::encode_edges(&made.solution), made.level.as_str(), made.seed);
                if draw {
                    println!("{}", slither::render::render(&made.puzzle, Some(&made.solution)));
                }
            }
        }
        LoopsCommand::Bench { samples } => {
            for row in slither::bench::generation(&[(5, 5), (10, 10), (20, 20)], samples) {
                println!("{row}");
            }
        }
    }
    Ok(())
}

/// "10x10" or "10×10" → (10, 10).
fn parse_size(text: &str) -> Result<(usize, usize)> {
    let parsed = text.split_once(['x', '×']).and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    parsed.with_context(|| format!("size '{text}': expected ROWSxCOLS, e.g. 10x10"))
}

/// 2318527339461265 → "2,318,527,339,461,265".
fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(super::grouped(2_318_527_339_461_265), "2,318,527,339,461,265");
        assert_eq!(super::grouped(213), "213");
        assert_eq!(super::parse_size("10x12").unwrap(), (10, 12));
        assert!(super::parse_size("ten").is_err());
    }
}
