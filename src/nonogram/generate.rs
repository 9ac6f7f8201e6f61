//! Seeded generator: random pictures with structure, kept only when the
//! solver proves them unique.
//!
//! As in Simon Tatham's Pattern (idea only, own code): fill the grid with
//! random numbers, average each cell with its 3×3 neighbourhood (a box blur,
//! done twice for larger grids) so neighbours correlate, and threshold at
//! the median so about half the cells are filled in blobs. With `symmetric`
//! the noise is mirrored left-right first, giving motifs. Pictures whose
//! puzzle is not unique are dropped and the next one is drawn; the result
//! depends only on the seed and the request.

use super::Puzzle;
use super::solve::{Outcome, solve};

/// A small deterministic generator (SplitMix64): the same seed gives the
/// same puzzles on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0; small bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Smallest and largest side the generator accepts.
pub const MIN_GEN: usize = 5;
/// See [`MIN_GEN`].
pub const MAX_GEN: usize = 40;

/// A generated puzzle: clues, its unique picture, and the solver's verdict.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub picture: Vec<bool>,
    pub outcome: Outcome,
    /// Pictures drawn (the last one kept).
    pub attempts: usize,
}

/// One structured random picture.
pub fn picture(width: usize, height: usize, symmetric: bool, rng: &mut Rng) -> Vec<bool> {
    let mut v: Vec<u32> = (0..width * height).map(|_| (rng.next_u64() >> 40) as u32).collect();
    if symmetric {
        for r in 0..height {
            for c in width.div_ceil(2)..width {
                v[r * width + c] = v[r * width + (width - 1 - c)];
            }
        }
    }
    let passes = if width.min(height) >= 15 { 2 } else { 1 };
    for _ in 0..passes {
        let mut out = vec![0u32; v.len()];
        for r in 0..height {
            for c in 0..width {
                let (mut sum, mut n) = (0u64, 0u64);
                for rr in r.saturating_sub(1)..(r + 2).min(height) {
                    for cc in c.saturating_sub(1)..(c + 2).min(width) {
                        sum += u64::from(v[rr * width + cc]);
                        n += 1;
                    }
                }
                out[r * width + c] = (sum / n) as u32;
            }
        }
        v = out;
    }
    let mut sorted = v.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    v.iter().map(|&x| x >= median).collect()
}

/// Generates a unique puzzle of `width`×`height` (each 5..=40) from `seed`.
/// Tries up to `max_attempts` pictures; `None` if none was unique.
pub fn generate(width: usize, height: usize, symmetric: bool, seed: u64, max_attempts: usize) -> Option<Generated> {
    if !(MIN_GEN..=MAX_GEN).contains(&width) || !(MIN_GEN..=MAX_GEN).contains(&height) {
        return None;
    }
    let mut rng = Rng::new(seed);
    for attempts in 1..=max_attempts {
        let pic = picture(width, height, symmetric, &mut rng);
        let puzzle = Puzzle::from_picture(width, height, &pic);
        let outcome = solve(&puzzle);
        if outcome.count == 1 {
            return Some(Generated { puzzle, picture: pic, outcome, attempts });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::check::count_solutions;

    #[test]
    fn generates_unique_deterministic_puzzles() {
        for (w, h, sym, seed) in [(5, 5, false, 1), (10, 10, true, 2), (15, 10, false, 3), (20, 20, true, 4)] {
            let g = generate(w, h, sym, seed, 500).expect("a unique picture");
            assert_eq!(g.outcome.count, 1);
            assert_eq!(g.outcome.solution.as_deref(), Some(&g.picture[..]));
            assert_eq!(Puzzle::from_picture(w, h, &g.picture), g.puzzle);
            if w * h <= 150 {
                assert_eq!(count_solutions(&g.puzzle, 50_000_000), Some(1));
            }
            let again = generate(w, h, sym, seed, 500).unwrap();
            assert_eq!(again.puzzle, g.puzzle);
            if sym {
                for r in 0..h {
                    // Mirrored noise need not give a mirrored picture after
                    // thresholding ties, but the blur keeps it mirrored.
                    let row = &g.picture[r * w..r * w + w];
                    assert!(row.iter().eq(row.iter().rev()), "row {r} not mirrored");
                }
            }
        }
        assert!(generate(4, 10, false, 1, 10).is_none());
        assert!(generate(41, 10, false, 1, 10).is_none());
    }
}
