//! The published figure (3,241 snakes, lengths 21–37) came from a search
//! with its own conventions: heads only on odd cells with row ≤ column, the
//! head's own neighbours never checked (S4 only from the second cell on),
//! and a report every time the end test passed. Re-running it here and
//! sorting its reports shows how that figure relates to the exact count.

use super::grid::{bit, cells_of, col, row, Board, Mask};
use super::search::{search, Rules};
use super::{enumerate, Options, Snake};
use std::collections::HashSet;
use std::fmt;

#[derive(Debug, Default)]
pub struct PublishedComparison {
    pub no_diagonal_touch: bool,
    /// Reports of the re-run search.
    pub reports: usize,
    pub shortest: usize,
    pub longest: usize,
    /// Reports that are exact snakes, each counted once.
    pub distinct_valid: usize,
    /// Reports of a snake already reported from its other end.
    pub reverse_duplicates: usize,
    /// Reports the exact rules reject: a neighbour of the head has the
    /// other parity (S4 at the head).
    pub rejected_head_parity: usize,
    /// Reports rejected because, with the head's neighbours forced, the
    /// pattern no longer completes to four evens per house (S6).
    pub rejected_completion: usize,
    /// Exact snakes the published search cannot meet: no end is an odd cell
    /// with row ≤ column.
    pub never_started: usize,
}

/// Re-runs the published search under the given diagonal convention and
/// sorts its reports against the exact snakes of the same convention.
pub fn rerun_published(options: &Options) -> PublishedComparison {
    let board = Board::new();
    let rules = Rules {
        no_diagonal_touch: options.no_diagonal_touch,
        force_head_neighbours: false,
        exact_completion: true,
        start: |cell, even| !even && row(cell) <= col(cell),
    };
    let exact: Vec<Snake> = enumerate(options);
    let exact_set: HashSet<&Snake> = exact.iter().collect();
    let mut seen = HashSet::new();
    let mut out = PublishedComparison { no_diagonal_touch: options.no_diagonal_touch, shortest: usize::MAX, ..Default::default() };
    search(&board, &rules, &mut |found| {
        out.reports += 1;
        out.shortest = out.shortest.min(found.cells.len());
        out.longest = out.longest.max(found.cells.len());
        let snake = Snake::canonical(found.cells.to_vec(), found.head_even);
        if exact_set.contains(&snake) {
            if seen.insert(snake) {
                out.distinct_valid += 1;
            } else {
                out.reverse_duplicates += 1;
            }
        } else if head_parity_conflict(&board, found.cells) {
            out.rejected_head_parity += 1;
        } else {
            out.rejected_completion += 1;
        }
    });
    out.never_started = exact.len() - out.distinct_valid;
    out
}

/// Does some non-snake neighbour of the head also neighbour a snake cell of
/// the other parity (the cells at odd places along the snake)?
fn head_parity_conflict(board: &Board, cells: &[u8]) -> bool {
    let on: Mask = cells.iter().fold(0, |m, &c| m | bit(c as usize));
    let other_parity: Mask = cells.iter().skip(1).step_by(2).fold(0, |m, &c| m | bit(c as usize));
    cells_of(board.orth[cells[0] as usize] & !on).any(|n| board.orth[n] & other_parity != 0)
}

impl fmt::Display for PublishedComparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "published search re-run ({}; odd heads with row ≤ column, head's neighbours unchecked, a report per passed end test): {} reports, {} to {} cells",
            if self.no_diagonal_touch { "no diagonal touching" } else { "diagonal touching allowed" },
            self.reports, self.shortest, self.longest
        )?;
        writeln!(f, "  {:5} distinct snakes that meet S1–S6", self.distinct_valid)?;
        writeln!(f, "  {:5} the same snake again, reported from its other end", self.reverse_duplicates)?;
        writeln!(f, "  {:5} rejected: a neighbour of the head has the other parity (S4 at the head)", self.rejected_head_parity)?;
        writeln!(f, "  {:5} rejected: with the head's neighbours forced the pattern cannot complete (S6)", self.rejected_completion)?;
        write!(f, "  {:5} exact snakes it cannot find: neither end is an odd cell with row ≤ column", self.never_started)
    }
}
