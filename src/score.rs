//! The publisher's difficulty score: after erasing, reduce every empty cell
//! to the candidates basic elimination leaves (symbols already given in one
//! of its houses, or ruled out by its mark, are gone) and add a weight per
//! empty cell that grows steeply with its candidate count.

pub use crate::level::{DEFAULT_LEVEL_BANDS, Level};
use crate::model::{Grid, Model};

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
    let weights: Vec<f64> = (0..=n as u32).map(|k| weight(k, n)).collect();
    let mut total = 0.0;
    for (cell, candidates) in basic_candidates(model, givens).into_iter().enumerate() {
        if givens.cells[cell].is_none() {
            total += weights[candidates.len() as usize];
        }
    }
    (total * 81.0 / model.cell_count() as f64).round() as u32
}

/// Each empty cell's candidates after removing what its givens' houses and
/// its mark rule out. A house removes a symbol once it holds all the copies
/// the house takes (one, or three for a star).
pub fn basic_candidates(model: &Model, givens: &Grid) -> Vec<crate::model::SymbolSet> {
    let mut candidates = model.allowed.clone();
    let mut placed = vec![0u8; model.symbol_count()];
    for house in &model.houses {
        // The symbols the house holds all copies of: with one copy each,
        // the symbols its givens show.
        let full = if house.counts.iter().all(|&n| n == 1) {
            house.cells.iter().filter_map(|&c| givens.cells[c]).fold(0u32, |m, s| m | 1 << s)
        } else {
            placed.fill(0);
            for &c in &house.cells {
                if let Some(s) = givens.cells[c] {
                    placed[s as usize] += 1;
                }
            }
            placed.iter().zip(&house.counts).enumerate().filter(|(_, (p, n))| p >= n).fold(0u32, |m, (s, _)| m | 1 << s)
        };
        for &c in &house.cells {
            candidates[c].0 &= !full;
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
