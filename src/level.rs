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

/// A range of Sudoku Explainer ratings, as a publisher asks for puzzles:
/// `7.0..` (7.0 and up), `..4.5`, `3.0..5.0` (both ends included) or one
/// rating `7.2`. Stored with a book's settings.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RatingRange {
    pub low: f64,
    pub high: f64,
}

impl RatingRange {
    pub fn contains(&self, rating: f64) -> bool {
        // Ratings are stored to one decimal; compare with that tolerance.
        rating >= self.low - 1e-9 && rating <= self.high + 1e-9
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}..{:.1}", self.low, self.high)
    }
}

impl FromStr for RatingRange {
    type Err = String;
    fn from_str(text: &str) -> Result<RatingRange, String> {
        let bad = || format!("rating '{text}': expected a range of SE ratings such as 7.0.., ..4.5, 3.0..5.0 or 7.2");
        let number = |s: &str, default: f64| -> Result<f64, String> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(default);
            }
            s.parse::<f64>().ok().filter(|v| v.is_finite() && (0.0..=12.0).contains(v)).ok_or_else(bad)
        };
        let (low, high) = match text.split_once("..") {
            Some((a, b)) => (number(a, 0.0)?, number(b, 12.0)?),
            None => {
                let v = number(text, f64::NAN)?;
                if v.is_nan() {
                    return Err(bad());
                }
                (v, v)
            }
        };
        if low > high {
            return Err(format!("rating '{text}': the low end is above the high end"));
        }
        Ok(RatingRange { low, high })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_ranges_read_as_publishers_write_them() {
        assert_eq!("7.0..".parse::<RatingRange>().unwrap(), RatingRange { low: 7.0, high: 12.0 });
        assert_eq!("..4.5".parse::<RatingRange>().unwrap(), RatingRange { low: 0.0, high: 4.5 });
        assert_eq!("3..5".parse::<RatingRange>().unwrap(), RatingRange { low: 3.0, high: 5.0 });
        assert!("7.2".parse::<RatingRange>().unwrap().contains(7.2));
        assert!(!"7.0..".parse::<RatingRange>().unwrap().contains(6.9));
        for bad in ["", "x", "5..3", "..", "nan..", "13.."] {
            let ok = bad == "..";
            assert_eq!(bad.parse::<RatingRange>().is_ok(), ok, "{bad}");
        }
        assert_eq!("5..3".parse::<RatingRange>().unwrap_err(), "rating '5..3': the low end is above the high end");
    }
}
