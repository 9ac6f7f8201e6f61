//! What a batch asks of its puzzles besides a level: the symmetry of the
//! givens, a picture they must fill (`--pattern`), a technique the solving
//! path must use (`--needs`), a range of SE ratings (`--rating`), killer
//! cage sizes (`--cages`, `--cage-givens`), and how long to search without
//! a new puzzle before giving up. Stored with the batch, so `--resume`
//! continues with exactly the same requests.

use super::needs::{Needs, parse_technique, spelling};
use super::pattern::Pattern;
use super::symmetry::Symmetry;
use crate::layout::Layout;
use crate::layout::cages::CageRule;
use crate::level::RatingRange;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How long a search batch (`--pattern`, `--needs`, `--rating`) goes on
/// without finding a new puzzle when no `--time-limit` is given.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Controls {
    pub symmetry: Symmetry,
    pub pattern: Option<Pattern>,
    pub needs: Option<Needs>,
    pub rating: Option<RatingRange>,
    /// Killer cages drawn per puzzle with these sizes (and givens allowed
    /// or not) instead of the layout file's `random_cages`.
    pub cages: Option<CageRule>,
    /// Give up when no new puzzle has come for this long (`None`: never).
    pub time_limit: Option<Duration>,
    /// With `rating`: the fewest cells two puzzles of the search differ in
    /// (`crate::twins`); `None`: the default for the grid's size
    /// ([`crate::twins::default_for`]).
    pub twin_distance: Option<usize>,
}

impl From<Symmetry> for Controls {
    fn from(symmetry: Symmetry) -> Controls {
        Controls { symmetry, ..Controls::default() }
    }
}

/// The stored form (TOML), apart from the symmetry, which has its own column.
#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Stored {
    pattern: Option<String>,
    #[serde(default)]
    pattern_subset: bool,
    needs: Option<String>,
    #[serde(default)]
    hardest: bool,
    rating: Option<String>,
    cages: Option<String>,
    #[serde(default)]
    cage_givens: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    one_cell_cages: bool,
    time_limit_seconds: Option<u64>,
    twin_distance: Option<usize>,
}

impl Controls {
    /// Whether puzzles are searched for rather than made one an attempt:
    /// such a batch gives up after its time limit without a new puzzle.
    pub fn searches(&self) -> bool {
        self.pattern.is_some() || self.needs.is_some() || self.rating.is_some()
    }

    /// The time limit in force: the one given, else the default for searches.
    pub fn effective_time_limit(&self) -> Option<Duration> {
        match self.time_limit {
            Some(limit) if limit.is_zero() => None,
            Some(limit) => Some(limit),
            None => self.searches().then_some(DEFAULT_TIME_LIMIT),
        }
    }

    /// The text stored with a batch (`None` when there is nothing beyond
    /// the symmetry).
    pub fn stored(&self) -> Option<String> {
        let stored = Stored {
            pattern: self.pattern.as_ref().map(|p| p.picture.clone()),
            pattern_subset: self.pattern.as_ref().is_some_and(|p| p.subset),
            needs: self.needs.map(|n| spelling(n.technique).to_string()),
            hardest: self.needs.is_some_and(|n| n.hardest),
            rating: self.rating.map(|r| r.to_string()),
            cages: self.cages.map(|c| format!("{}..{}", c.min, c.max)),
            cage_givens: self.cages.is_some_and(|c| c.givens),
            one_cell_cages: self.cages.is_some_and(|c| c.one_cell),
            time_limit_seconds: self.time_limit.map(|d| d.as_secs()),
            twin_distance: self.twin_distance,
        };
        let empty = stored.pattern.is_none()
            && stored.needs.is_none()
            && stored.rating.is_none()
            && stored.cages.is_none()
            && stored.time_limit_seconds.is_none()
            && stored.twin_distance.is_none();
        (!empty).then(|| toml::to_string(&stored).expect("plain fields serialise"))
    }

    /// Reads a batch's stored controls back (`what` names the batch in errors).
    pub fn from_stored(symmetry: Symmetry, text: Option<&str>, layout: &Layout, what: &str) -> Result<Controls, String> {
        let Some(text) = text else { return Ok(Controls::from(symmetry)) };
        let stored: Stored = toml::from_str(text).map_err(|e| format!("{what}: its stored controls do not read: {}", e.message()))?;
        let pattern = match &stored.pattern {
            Some(picture) => {
                Some(Pattern::parse(&format!("{what}'s pattern"), picture, layout, stored.pattern_subset).map_err(|e| e.to_string())?)
            }
            None => None,
        };
        let needs = match &stored.needs {
            Some(name) => Some(Needs { technique: parse_technique(name).map_err(|e| format!("{what}: {e}"))?, hardest: stored.hardest }),
            None => None,
        };
        let rating = match &stored.rating {
            Some(range) => Some(range.parse::<RatingRange>().map_err(|e| format!("{what}: {e}"))?),
            None => None,
        };
        let cages = match &stored.cages {
            Some(sizes) => {
                let (min, max) = parse_cage_sizes(sizes).map_err(|e| format!("{what}: {e}"))?;
                Some(CageRule { min, max, givens: stored.cage_givens, one_cell: stored.one_cell_cages })
            }
            None => None,
        };
        Ok(Controls {
            symmetry,
            pattern,
            needs,
            rating,
            cages,
            time_limit: stored.time_limit_seconds.map(Duration::from_secs),
            twin_distance: stored.twin_distance,
        })
    }

    /// The first request that cannot be combined with another, whatever
    /// the layout.
    pub fn check_combination(&self) -> Result<(), String> {
        if self.pattern.is_some() && self.symmetry != Symmetry::None {
            return Err(format!(
                "--pattern and --symmetry {}: the pattern fixes the givens' picture; draw the pattern symmetric instead",
                self.symmetry
            ));
        }
        if let (Some(needs), Some(range)) = (self.needs, self.rating)
            && f64::from(needs.technique.se_rating()) > range.high + 1e-9
        {
            return Err(format!(
                "--needs {} and --rating {range}: the technique is rated {:.1}, above the range",
                spelling(needs.technique),
                needs.technique.se_rating()
            ));
        }
        Ok(())
    }
}

/// Cage sizes as `--cages` takes them: `2..4` (two to four cells), `3`
/// (three cells each); 1 to 9 cells.
pub fn parse_cage_sizes(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("cage sizes '{text}': expected a size or a range of sizes such as 3 or 2..4 (1 to 9 cells)");
    let number = |s: &str| s.trim().parse::<usize>().ok().filter(|n| (1..=9).contains(n)).ok_or_else(bad);
    let (min, max) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if min > max {
        return Err(format!("cage sizes '{text}': the smallest size is above the largest"));
    }
    Ok((min, max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::Technique;

    #[test]
    fn controls_are_stored_and_read_back_alike() {
        let layout = Layout::load("classic-9").unwrap();
        let picture = "#########\n".repeat(9);
        let controls = Controls {
            symmetry: Symmetry::None,
            pattern: Some(Pattern::parse("p.txt", &picture, &layout, true).unwrap()),
            needs: Some(Needs { technique: Technique::XWing, hardest: true }),
            rating: Some("3.0..".parse().unwrap()),
            cages: Some(CageRule { min: 2, max: 4, givens: true, one_cell: true }),
            time_limit: Some(Duration::from_secs(90)),
            twin_distance: Some(12),
        };
        let text = controls.stored().unwrap();
        let back = Controls::from_stored(Symmetry::None, Some(&text), &layout, "batch 3").unwrap();
        assert_eq!(back, controls);
        assert_eq!(Controls::from(Symmetry::Rot90).stored(), None);
        assert_eq!(Controls::from_stored(Symmetry::Diag, None, &layout, "batch 1").unwrap(), Controls::from(Symmetry::Diag));
        let bad = Controls::from_stored(Symmetry::None, Some("needs = \"x-wingg\""), &layout, "batch 4").unwrap_err();
        assert!(bad.starts_with("batch 4: unknown technique 'x-wingg'"), "{bad}");
    }

    #[test]
    fn cage_sizes_read_as_a_size_or_a_range() {
        assert_eq!(parse_cage_sizes("2..4"), Ok((2, 4)));
        assert_eq!(parse_cage_sizes("3"), Ok((3, 3)));
        assert_eq!(parse_cage_sizes("5..2").unwrap_err(), "cage sizes '5..2': the smallest size is above the largest");
        for bad in ["", "0..3", "2..10", "x", "2-4"] {
            assert!(parse_cage_sizes(bad).unwrap_err().starts_with(&format!("cage sizes '{bad}': expected")), "{bad}");
        }
    }

    #[test]
    fn searches_give_up_after_a_minute_unless_told_otherwise() {
        assert_eq!(Controls::default().effective_time_limit(), None);
        let needs = Controls { needs: Some(Needs { technique: Technique::XWing, hardest: false }), ..Controls::default() };
        assert_eq!(needs.effective_time_limit(), Some(DEFAULT_TIME_LIMIT));
        let never = Controls { time_limit: Some(Duration::ZERO), ..needs.clone() };
        assert_eq!(never.effective_time_limit(), None);
        let x_wing_extreme = Controls { rating: Some("9.0..".parse().unwrap()), ..needs };
        assert!(x_wing_extreme.check_combination().is_ok());
        let too_hard = Controls { rating: Some("..3.0".parse().unwrap()), ..x_wing_extreme };
        assert_eq!(
            too_hard.check_combination().unwrap_err(),
            "--needs x-wing and --rating 0.0..3.0: the technique is rated 3.2, above the range"
        );
    }
}
