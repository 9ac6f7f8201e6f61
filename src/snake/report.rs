//! The numbers a setter wants about the set of snakes.

use super::{count_up_to_symmetry, Snake};
use std::collections::BTreeMap;
use std::fmt;

pub struct Report {
    pub snakes: usize,
    pub up_to_symmetry: usize,
    pub shortest: usize,
    pub longest: usize,
    pub by_length: BTreeMap<usize, usize>,
    /// Counts by the parities of the two ends: even–even, even–odd, odd–odd.
    pub by_ends: [usize; 3],
}

impl Report {
    pub fn new(snakes: &[Snake]) -> Report {
        let mut by_length = BTreeMap::new();
        let mut by_ends = [0; 3];
        for s in snakes {
            *by_length.entry(s.len()).or_insert(0) += 1;
            by_ends[usize::from(!s.head_even) + usize::from(!s.tail_even())] += 1;
        }
        Report {
            snakes: snakes.len(),
            up_to_symmetry: count_up_to_symmetry(snakes),
            shortest: snakes.iter().map(Snake::len).min().unwrap_or(0),
            longest: snakes.iter().map(Snake::len).max().unwrap_or(0),
            by_length,
            by_ends,
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} snakes ({} up to the 8 symmetries of the square), {} to {} cells", self.snakes, self.up_to_symmetry, self.shortest, self.longest)?;
        writeln!(f, "ends: {} even–even, {} even–odd, {} odd–odd", self.by_ends[0], self.by_ends[1], self.by_ends[2])?;
        writeln!(f, "by length:")?;
        let widest = self.by_length.values().copied().max().unwrap_or(1);
        for (len, count) in &self.by_length {
            writeln!(f, "  {len:2} {count:5} {}", "#".repeat((count * 50).div_ceil(widest)))?;
        }
        Ok(())
    }
}
