//! Calibration against Sudoku Explainer: Spearman's rank correlation and
//! the mean absolute error of our rating against SE's, overall and by band.

use super::Grader;
use crate::layout::Layout;
use anyhow::{Context, Result};
use std::fmt;
use std::path::Path;

pub struct Calibration {
    pub puzzles: usize,
    pub spearman: f64,
    pub mean_absolute_error: f64,
    /// (SE band's whole number, puzzles, our mean rating, mean absolute error)
    pub bands: Vec<(u32, usize, f64, f64)>,
}

/// Grades every `every`-th puzzle of a file of `puzzle rating` lines.
pub fn calibrate(path: &Path, every: usize) -> Result<Calibration> {
    let layout = Layout::load("classic-9")?;
    let grader = Grader::new(&layout.model).context("classic-9 is all-different")?;
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut pairs = Vec::new();
    for (i, line) in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).enumerate().step_by(every.max(1)) {
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(rating)) = (fields.next(), fields.next()) else { continue };
        let theirs: f64 = rating.parse().with_context(|| format!("{}: puzzle {}: rating '{rating}'", path.display(), i + 1))?;
        let givens = layout.model.parse_grid(puzzle).with_context(|| format!("{}: puzzle {}", path.display(), i + 1))?;
        let ours = grader.grade(&givens).map_or(f64::NAN, |g| g.se_rating as f64);
        pairs.push((ours, theirs));
    }
    let n = pairs.len();
    let ours: Vec<f64> = pairs.iter().map(|p| p.0).collect();
    let theirs: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    let mut bands = Vec::new();
    for band in 1..=11u32 {
        let members: Vec<&(f64, f64)> = pairs.iter().filter(|p| p.1.floor() as u32 == band).collect();
        if !members.is_empty() {
            let m = members.len() as f64;
            bands.push((band, members.len(), members.iter().map(|p| p.0).sum::<f64>() / m, members.iter().map(|p| (p.0 - p.1).abs()).sum::<f64>() / m));
        }
    }
    Ok(Calibration {
        puzzles: n,
        spearman: pearson(&ranks(&ours), &ranks(&theirs)),
        mean_absolute_error: pairs.iter().map(|p| (p.0 - p.1).abs()).sum::<f64>() / n.max(1) as f64,
        bands,
    })
}

/// Ranks with ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            ranks[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    ranks
}

fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

impl fmt::Display for Calibration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} puzzles: Spearman {:.3}, mean absolute error {:.2}", self.puzzles, self.spearman, self.mean_absolute_error)?;
        for (band, count, mean, mae) in &self.bands {
            writeln!(f, "  SE {band}.x: {count:4} puzzles, our mean {mean:.2}, mean absolute error {mae:.2}")?;
        }
        Ok(())
    }
}
