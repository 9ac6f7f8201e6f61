//! One step of a human solution: what was seen, and what it did.

use super::board::{Board, Layout};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    XyWing,
    XyzWing,
    UniqueRectangle,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    XChain,
    XyChain,
    ForcingChain,
    DynamicForcingChain,
    /// No logical step found: the solver guesses.
    Guess,
}

impl Technique {
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::ForcingChain => "forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::Guess => "guess",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Step {
    pub technique: Technique,
    /// On the Sudoku Explainer scale.
    pub rating: f32,
    pub placements: Vec<(usize, u8)>,
    pub eliminations: Vec<(usize, u8)>,
    /// Where it was seen, e.g. "in row 3" or "from r2c5".
    pub place: String,
}

impl Step {
    pub fn new(technique: Technique, rating: f32, place: String) -> Step {
        Step { technique, rating, placements: Vec::new(), eliminations: Vec::new(), place }
    }

    pub fn apply(&self, layout: &Layout, board: &mut Board) {
        for &(cell, digit) in &self.eliminations {
            board.candidates[cell] &= !(1 << digit);
        }
        for &(cell, digit) in &self.placements {
            if board.values[cell].is_none() {
                board.place(layout, cell, digit);
            }
        }
    }

    /// "hidden single in box 3: r2c5 = 7", "pointing in box 1: r4c2 ≠ 3, …".
    pub fn describe(&self, layout: &Layout, symbol: impl Fn(u8) -> char) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(|&(c, d)| format!("{} = {}", layout.names[c], symbol(d))).collect();
        parts.extend(self.eliminations.iter().map(|&(c, d)| format!("{} ≠ {}", layout.names[c], symbol(d))));
        format!("{} {}: {} ({:.1})", self.technique.name(), self.place, parts.join(", "), self.rating)
    }
}

/// Sudoku Explainer's extra difficulty for a chain of `length` links: 0.1
/// per step of a growing ladder of length limits (4, 6, 8, 12, 16, 24, …).
pub fn length_bonus(length: usize) -> f32 {
    let (mut added, mut ceiling, mut odd) = (0.0, 4usize, false);
    while length > ceiling {
        added += 0.1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    added
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
