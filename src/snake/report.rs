//! Counts over a list of snakes: total, up to symmetry, lengths, and a
//! histogram by length and end parities.

use super::{EndParities, Snake, Symmetry};
use std::collections::{BTreeMap, HashSet};
use std::fmt;

/// Summary of a list of distinct snakes (as [`super::enumerate`] returns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub total: usize,
    /// Orbits under the 8 symmetries of the square.
    pub up_to_symmetry: usize,
    pub shortest: Option<usize>,
    pub longest: Option<usize>,
    /// Length → counts indexed like [`EndParities::ALL`] (even-even, even-odd, odd-odd).
    pub by_length: BTreeMap<usize, [usize; 3]>,
    /// Totals per end parities, indexed like [`EndParities::ALL`].
    pub by_ends: [usize; 3],
}

pub fn report(snakes: &[Snake]) -> Report {
    let mut by_length: BTreeMap<usize, [usize; 3]> = BTreeMap::new();
    let mut by_ends = [0; 3];
    for snake in snakes {
        let ends = snake.end_parities() as usize;
        by_length.entry(snake.len()).or_default()[ends] += 1;
        by_ends[ends] += 1;
    }
    Report {
        total: snakes.len(),
        up_to_symmetry: count_up_to_symmetry(snakes),
        shortest: by_length.keys().next().copied(),
        longest: by_length.keys().next_back().copied(),
        by_length,
        by_ends,
    }
}

/// The smallest image of `snake` under the 8 symmetries: equal for two
/// snakes exactly when one maps onto the other.
pub(crate) fn symmetry_class(snake: &Snake) -> Snake {
    Symmetry::ALL.iter().map(|&s| snake.transformed(s)).min().unwrap_or_else(|| snake.canonical())
}

/// Number of distinct snakes in `snakes` up to the 8 symmetries of the square.
pub fn count_up_to_symmetry(snakes: &[Snake]) -> usize {
    snakes.iter().map(symmetry_class).collect::<HashSet<_>>().len()
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "snakes: {} ({} up to the 8 symmetries of the square)", self.total, self.up_to_symmetry)?;
        match (self.shortest, self.longest) {
            (Some(lo), Some(hi)) => writeln!(f, "length: shortest {lo}, longest {hi}")?,
            _ => writeln!(f, "length: no snakes")?,
        }
        let labels = EndParities::ALL.map(EndParities::label);
        writeln!(f, "{:>6} {:>10} {:>10} {:>10} {:>8}", "length", labels[0], labels[1], labels[2], "total")?;
        for (len, counts) in &self.by_length {
            let sum: usize = counts.iter().sum();
            writeln!(f, "{:>6} {:>10} {:>10} {:>10} {:>8}", len, counts[0], counts[1], counts[2], sum)?;
        }
        write!(f, "{:>6} {:>10} {:>10} {:>10} {:>8}", "all", self.by_ends[0], self.by_ends[1], self.by_ends[2], self.total)
    }
}
