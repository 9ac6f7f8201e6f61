//! The publisher's difficulty score: after erasing, reduce every empty cell
//! to the candidates basic elimination leaves (symbols already given in one
//! of its houses, or ruled out by its mark, are gone) and add a weight per
//! empty cell that grows steeply with its candidate count.

use crate::model::{Grid, Model};
use std::fmt;
use std::str::FromStr;

/// Weight of an empty cell with `k` of `n` symbols left: 1 for a single
/// candidate, doubling per candidate on a 9-symbol scale (2^(k-1) for 9×9),
/// 256 for a cell with every symbol open, whatever the alphabet size.
fn weight(k: u32, n: usize) -> f64 {
    if n <= 1 {
        return 1.0;
    }
    let x = (k.max(1) - 1) as f64 / (n - 1) as f64;
    256f64.powf(x)
}

/// Candidate-count score, scaled to an 81-cell grid so that the level bands
/// below mean the same on 4×4 and 16×16 grids.
pub fn candidate_score(model: &Model, givens: &Grid) -> u32 {
    let n = model.symbol_count();
    let mut total = 0.0;
    for (cell, candidates) in basic_candidates(model, givens).into_iter().enumerate() {
        if givens.cells[cell].is_none() {
            total += weight(candidates.len(), n);
        }
    }
    (total * 81.0 / model.cell_count() as f64).round() as u32
}

/// Each empty cell's candidates after removing what its givens' houses and
/// its mark rule out. A house removes a symbol once it holds all the copies
/// the house takes (one, or three for a star).
pub fn basic_candidates(model: &Model, givens: &Grid) -> Vec<crate::model::SymbolSet> {
    let mut candidates = model.allowed.clone();
    for house in &model.houses {
        let mut placed = vec![0u8; model.symbol_count()];
        for &c in &house.cells {
            if let Some(s) = givens.cells[c] {
                placed[s as usize] += 1;
            }
        }
        for &c in &house.cells {
            for (s, &p) in placed.iter().enumerate() {
                if p >= house.counts[s] {
                    candidates[c].0 &= !(1 << s);
                }
            }
        }
    }
    for rel in &model.conflicts {
        if givens.cells[rel.a].is_some_and(|s| rel.a_symbols.contains(s)) {
            candidates[rel.b].0 &= !rel.b_symbols.0;
        }
        if givens.cells[rel.b].is_some_and(|s| rel.b_symbols.contains(s)) {
            candidates[rel.a].0 &= !rel.a_symbols.0;
        }
    }
    candidates
}

/// The scores (sorted) of `sample` generated puzzles from `seed` on, and
/// their quartiles: the bands that make each level a quarter of the output.
pub fn sample_bands(layout: &crate::layout::Layout, sample: u64, seed: u64) -> anyhow::Result<(Vec<u32>, [u32; 3])> {
    use crate::generate::{Generator, Symmetry};
    let generator = Generator::new(layout, Symmetry::None);
    let mut scores = Vec::with_capacity(sample as usize);
    for i in 0..sample {
        scores.push(generator.puzzle(seed.wrapping_add(i))?.score);
    }
    scores.sort_unstable();
    let quartile = |q: usize| scores[scores.len() * q / 4];
    let bands = [quartile(1), quartile(2), quartile(3)];
    Ok((scores, bands))
}

/// Book levels by candidate score, in bands a layout may set (`levels`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

/// The default bands: the quartiles of the scores of 2,000 minimal classic-9
/// puzzles (seeds 1–2000, no symmetry), rounded; see README. Layouts whose
/// scores run higher (fewer givens, marks) set their own from a sample with
/// `puzzlebook levels LAYOUT`.
pub const DEFAULT_LEVEL_BANDS: [u32; 3] = [510, 570, 625];

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// `bands` are the exclusive upper limits of easy, medium and hard.
    pub fn from_score(score: u32, bands: &[u32; 3]) -> Level {
        bands.iter().position(|&upper| score < upper).map_or(Level::Expert, |i| Level::ALL[i])
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.to_ascii_lowercase())
            .ok_or_else(|| format!("unknown level '{s}' (expected easy, medium, hard or expert)"))
    }
}
