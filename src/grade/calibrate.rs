//! Calibration against Sudoku Explainer: grade a file of SE-rated puzzles
//! and compare (Spearman rank correlation, mean absolute error), overall and
//! by SE band.

use super::{Problem, grade};
use std::fmt;
use std::path::Path;
use std::time::Instant;

/// Agreement within one band of SE ratings [lo, hi).
#[derive(Clone, Debug, PartialEq)]
pub struct BandStats {
    pub lo: f32,
    pub hi: f32,
    pub count: usize,
    pub mae: f64,
    /// Mean of (ours - SE): positive when we rate higher.
    pub bias: f64,
    pub spearman: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    pub count: usize,
    pub spearman: f64,
    pub mae: f64,
    pub bands: Vec<BandStats>,
    /// Puzzles we could not finish (contradictory input).
    pub unsolved: usize,
    pub seconds: f64,
    /// Lines that could not be read, with their line number.
    pub errors: Vec<String>,
    /// (SE, ours) for every graded puzzle, in file order.
    pub pairs: Vec<(f32, f32)>,
}

const BANDS: [(f32, f32); 8] = [(0.0, 3.0), (3.0, 4.0), (4.0, 5.0), (5.0, 6.0), (6.0, 7.0), (7.0, 8.0), (8.0, 9.0), (9.0, 20.0)];

/// Grade every puzzle of a "puzzle rating" file (81 characters, '.' or '0'
/// for empty, a space, the SE rating; '#' lines are comments).
pub fn calibration(path: &Path) -> Calibration {
    match std::fs::read_to_string(path) {
        Ok(text) => calibration_from_str(&text),
        Err(e) => Calibration {
            count: 0,
            spearman: 0.0,
            mae: 0.0,
            bands: Vec::new(),
            unsolved: 0,
            seconds: 0.0,
            errors: vec![format!("{}: {}", path.display(), e)],
            pairs: Vec::new(),
        },
    }
}

pub fn calibration_from_str(text: &str) -> Calibration {
    let t0 = Instant::now();
    let mut pairs = Vec::new();
    let mut errors = Vec::new();
    let mut unsolved = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut it = line.split_whitespace();
        let (Some(puzzle), Some(rating)) = (it.next(), it.next()) else {
            errors.push(format!("line {}: expected \"puzzle rating\"", i + 1));
            continue;
        };
        let se: f32 = match rating.parse() {
            Ok(r) => r,
            Err(_) => {
                errors.push(format!("line {}: rating '{}' is not a number", i + 1, rating));
                continue;
            }
        };
        match Problem::classic(3, 3, puzzle) {
            Ok(p) => {
                let g = grade(&p);
                if !g.solved {
                    unsolved += 1;
                }
                pairs.push((se, g.se_rating));
            }
            Err(e) => errors.push(format!("line {}: {}", i + 1, e)),
        }
    }
    let seconds = t0.elapsed().as_secs_f64();
    let (spearman, mae) = stats(&pairs);
    let bands = BANDS
        .iter()
        .map(|&(lo, hi)| {
            let sub: Vec<(f32, f32)> = pairs.iter().copied().filter(|&(s, _)| s >= lo && s < hi).collect();
            let (sp, mae) = stats(&sub);
            let bias = if sub.is_empty() { 0.0 } else { sub.iter().map(|&(s, o)| (o - s) as f64).sum::<f64>() / sub.len() as f64 };
            BandStats { lo, hi, count: sub.len(), mae, bias, spearman: sp }
        })
        .filter(|b| b.count > 0)
        .collect();
    Calibration { count: pairs.len(), spearman, mae, bands, unsolved, seconds, errors, pairs }
}

fn stats(pairs: &[(f32, f32)]) -> (f64, f64) {
    if pairs.is_empty() {
        return (0.0, 0.0);
    }
    let mae = pairs.iter().map(|&(s, o)| (o - s).abs() as f64).sum::<f64>() / pairs.len() as f64;
    let a: Vec<f64> = pairs.iter().map(|p| p.0 as f64).collect();
    let b: Vec<f64> = pairs.iter().map(|p| p.1 as f64).collect();
    (pearson(&ranks(&a), &ranks(&b)), mae)
}

/// Ranks with ties averaged (1-based).
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            r[k] = avg;
        }
        i = j + 1;
    }
    r
}

fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let mut sab = 0.0;
    let mut saa = 0.0;
    let mut sbb = 0.0;
    for (x, y) in a.iter().zip(b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    if saa == 0.0 || sbb == 0.0 { 0.0 } else { sab / (saa * sbb).sqrt() }
}

impl fmt::Display for Calibration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} puzzles in {:.1} s ({:.0}/s): Spearman {:.3}, MAE {:.2}, unsolved {}",
            self.count,
            self.seconds,
            self.count as f64 / self.seconds.max(1e-9),
            self.spearman,
            self.mae,
            self.unsolved
        )?;
        writeln!(f, "  SE band      count   MAE   bias  Spearman")?;
        for b in &self.bands {
            writeln!(f, "  {:>4.1}-{:<5.1}  {:>6}  {:>5.2}  {:>+5.2}  {:>6.3}", b.lo, b.hi, b.count, b.mae, b.bias, b.spearman)?;
        }
        for e in &self.errors {
            writeln!(f, "  error: {e}")?;
        }
        Ok(())
    }
}
