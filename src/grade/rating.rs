//! Ratings: SE's per-technique ratings (in tenths), SE's chain-length bonus,
//! HoDoKu step weights, and the level names.

use super::Technique;

/// SE rating of the simplest instance of a technique, in tenths (the
/// technique table's, [`super::TABLE`]).
pub(crate) fn base_tenths(t: Technique) -> u32 {
    t.about().tenths
}

/// SE's length bonus for a chain whose "complexity" (number of distinct
/// implications, SE's ancestor count) is `complexity`: +0.1 each time the
/// length passes 4, 6, 8, 12, 16, 24, 32, 48, ... (ceil alternately *3/2 and
/// *4/3), length being complexity - 2.
pub(crate) fn length_bonus(complexity: u32) -> u32 {
    let length = complexity as i64 - 2;
    let mut ceil: i64 = 4;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Largest complexity whose bonus is at most `bonus` tenths.
pub(crate) fn max_complexity_for_bonus(bonus: u32) -> u32 {
    let mut ceil: u32 = 4;
    let mut odd = false;
    for _ in 0..bonus {
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    ceil + 2
}

/// Largest complexity a step with base rating `base` and tie-break `key`
/// may have and still come before `best` (rating, complexity, key) in SE's
/// order; 0 if none can, unlimited without a best.
pub(crate) fn complexity_limit(base: u32, key: u32, best: Option<(u32, u32, u32)>) -> u32 {
    let Some((rating, complexity, best_key)) = best else { return u32::MAX };
    if base > rating {
        return 0;
    }
    let strict = if rating > base { max_complexity_for_bonus(rating - base - 1) } else { 0 };
    let equal_max = max_complexity_for_bonus(rating - base);
    let tie = if key < best_key { complexity } else { complexity.saturating_sub(1) };
    strict.max(equal_max.min(tie))
}

/// Level names from the SE rating.
///
/// variants.md gives no SE-to-level table, so the cut points follow the
/// structure of SE's scale:
/// - easy: SE <= 2.3, singles only (SE's "direct" helpers just find singles);
/// - medium: SE <= 3.4, up to locked candidates, pairs and X-wing;
/// - hard: SE <= 5.4, triples, quads, swordfish/jellyfish, wings, unique
///   rectangles;
/// - expert: SE > 5.4, BUG, exclusion, chains, forcing chains, guessing.
pub use crate::score::Level;

/// The level a rating names (thresholds in the comment above).
pub fn level_of(rating: f32) -> Level {
    let tenths = (rating * 10.0).round() as u32;
    Level::ALL.into_iter().find(|&level| tenths <= ceiling_of(level)).unwrap_or(Level::Expert)
}

/// The rating of filling a cell from the solution (no logical step left).
pub const GUESS_TENTHS: u32 = 100;
/// The easiest chain (X-cycle, 6.5): below it the chain searches cannot help.
pub const FIRST_CHAIN_TENTHS: u32 = 65;

/// The hardest rating (tenths) a level admits; `u32::MAX` for expert.
pub fn ceiling_of(level: Level) -> u32 {
    match level {
        Level::Easy => 23,
        Level::Medium => 34,
        Level::Hard => 54,
        Level::Expert => u32::MAX,
    }
}
