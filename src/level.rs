//! Levels: the four words a book and a batch use for difficulty (easy,
//! medium, hard, expert). A level is the technique grade wherever the
//! family has one; the candidate-count score (`crate::score`) is a number
//! with bands of its own.

use std::fmt;
use std::str::FromStr;

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
