//! Timings for `puzzlebook bench` (the CLI prints them; nothing here
//! prints): median generation time per size and level, single thread, with
//! Simon Tatham's Loopy figures as the yardstick (10×10 hard 6.4 ms,
//! 20×20 hard 239 ms), and the uniqueness check on the puzzles made.

use super::generate::generate;
use super::solver::{Level, count_solutions};
use std::fmt;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct BenchRow {
    pub rows: usize,
    pub cols: usize,
    pub level: Level,
    pub samples: usize,
    pub median_ms: f64,
    pub max_ms: f64,
    /// Median time of `count_solutions(puzzle, 2)` on the generated puzzles.
    pub check_median_ms: f64,
    pub mean_clue_share: f64,
}

impl fmt::Display for BenchRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:>2}x{:<2} {:6}  generate median {:8.2} ms  max {:8.2} ms  check median {:7.3} ms  clues {:4.1}%  ({} puzzles)",
            self.rows,
            self.cols,
            self.level.as_str(),
            self.median_ms,
            self.max_ms,
            self.check_median_ms,
            100.0 * self.mean_clue_share,
            self.samples
        )
    }
}

/// Generates `samples` puzzles (seeds `0..samples`) per size and level.
pub fn generation(sizes: &[(usize, usize)], samples: usize) -> Vec<BenchRow> {
    let mut rows = Vec::new();
    for &(r, c) in sizes {
        for level in Level::ALL {
            let mut times = Vec::with_capacity(samples);
            let mut checks = Vec::with_capacity(samples);
            let mut clue_share = 0.0;
            for seed in 0..samples as u64 {
                let start = Instant::now();
                let Ok(g) = generate(r, c, level, seed) else { continue };
                times.push(start.elapsed().as_secs_f64() * 1e3);
                let start = Instant::now();
                let solutions = count_solutions(&g.puzzle, 2);
                checks.push(start.elapsed().as_secs_f64() * 1e3);
                assert_eq!(solutions, 1, "generated puzzle {} is not unique", g.puzzle);
                clue_share += g.puzzle.clue_count() as f64 / (r * c) as f64;
            }
            let n = times.len();
            rows.push(BenchRow {
                rows: r,
                cols: c,
                level,
                samples: n,
                median_ms: median(&mut times),
                max_ms: times.iter().copied().fold(0.0, f64::max),
                check_median_ms: median(&mut checks),
                mean_clue_share: clue_share / n.max(1) as f64,
            });
        }
    }
    rows
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
