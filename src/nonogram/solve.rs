//! The solver: line logic to a fixpoint, then probing, then search that
//! counts solutions up to two, and the deepest logic each puzzle needs.
//!
//! - **Propagation** works in rounds. Round 1 solves every row and column
//!   with [`solve_line`]; each later round re-solves only the lines that
//!   crossed a cell changed in the round before. It stops at a fixpoint
//!   (no change) or a contradiction.
//! - **Probing**: for each unknown cell, assume it filled and propagate; a
//!   contradiction proves it empty (and the reverse). Learned cells are set
//!   and propagated; probing repeats until nothing is learned.
//! - **Search**: choose the first unknown cell, try filled then empty, each
//!   branch propagated; stops as soon as two solutions are found.

use super::line::{Known, LineSolver, ones};
use super::{EMPTY, FILLED, Puzzle, UNKNOWN};

/// Propagation rounds above which line logic counts as "long reasoning"
/// ([`Level::LineLong`]).
pub const LONG_ROUNDS: usize = 12;

/// The deepest logic a puzzle's unique solution needs, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Line logic alone, in at most [`LONG_ROUNDS`] propagation rounds.
    Line,
    /// Line logic alone, but more than [`LONG_ROUNDS`] rounds.
    LineLong,
    /// Line logic plus probing (one assumed cell, refuted by propagation).
    Probing,
    /// Needs search (guessing) beyond probing.
    Search,
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, capped at 2 (0: none, 1: unique, 2: two or more).
    pub count: usize,
    /// The first solution (row-major, `true` = filled), if any.
    pub solution: Option<Vec<bool>>,
    /// Deepest logic needed, meaningful when `count == 1`.
    pub level: Level,
    /// Propagation rounds of the first line-logic pass.
    pub rounds: usize,
}

/// A grid of cell states under solving, kept twice as bit-sets: each row
/// (bit `c` = column `c`) and each column (bit `r` = row `r`), so a line is
/// handed to the line solver without gathering its cells.
#[derive(Clone)]
struct State<'a> {
    p: &'a Puzzle,
    rows: Vec<Known>,
    cols: Vec<Known>,
}

/// Buffers reused by every propagation (never part of the search state).
#[derive(Default)]
struct Work {
    line: LineSolver,
    dirty: Vec<bool>,
    next: Vec<bool>,
    /// A line some cell of which changed since the line was last solved in
    /// this propagation: a dirty line that is not stale would find nothing
    /// (the line solver is exact, so solving twice learns nothing new) and
    /// is skipped, which changes no round and no result.
    stale: Vec<bool>,
}

impl<'a> State<'a> {
    fn new(p: &'a Puzzle) -> Self {
        State { p, rows: vec![Known::default(); p.height], cols: vec![Known::default(); p.width] }
    }

    /// Cell `i` (row-major) as [`UNKNOWN`], [`EMPTY`] or [`FILLED`].
    fn cell(&self, i: usize) -> u8 {
        let (row, bit) = (self.rows[i / self.p.width], 1u128 << (i % self.p.width));
        if row.filled & bit != 0 {
            FILLED
        } else if row.empty & bit != 0 {
            EMPTY
        } else {
            UNKNOWN
        }
    }

    fn set(&mut self, i: usize, v: u8) {
        let (r, c) = (i / self.p.width, i % self.p.width);
        let (row, col) = (&mut self.rows[r], &mut self.cols[c]);
        if v == FILLED {
            row.filled |= 1 << c;
            col.filled |= 1 << r;
        } else {
            row.empty |= 1 << c;
            col.empty |= 1 << r;
        }
    }

    /// Every cell, row-major.
    fn cells(&self) -> Vec<u8> {
        (0..self.p.width * self.p.height).map(|i| self.cell(i)).collect()
    }

    /// Line logic to a fixpoint, from the lines marked in `work.dirty`
    /// (rows `0..h`, columns `h..h+w`). Returns the rounds used, or `None`
    /// on a contradiction. A round solves the dirty lines in order, rows
    /// then columns, each seeing the cells set before it; the next round's
    /// lines are those crossed by a cell set in this one.
    fn propagate(&mut self, work: &mut Work) -> Option<usize> {
        let (w, h) = (self.p.width, self.p.height);
        let mut rounds = 0;
        let Work { line: solver, dirty, next, stale } = work;
        next.clear();
        next.resize(w + h, false);
        stale.clear();
        stale.extend_from_slice(dirty);
        while dirty.iter().any(|&d| d) {
            rounds += 1;
            for line in 0..w + h {
                if !dirty[line] {
                    continue;
                }
                dirty[line] = false;
                if !stale[line] {
                    continue;
                }
                stale[line] = false;
                let is_row = line < h;
                let index = if is_row { line } else { line - h };
                let (clue, len, known) =
                    if is_row { (&self.p.rows[index], w, self.rows[index]) } else { (&self.p.cols[index], h, self.cols[index]) };
                let Some(out) = solver.solve_known(clue, len, known) else {
                    dirty.fill(false);
                    return None;
                };
                let mut newly = (out.filled | out.empty) & !(known.filled | known.empty);
                if newly == 0 {
                    continue;
                }
                let (crossing, offset) = if is_row {
                    self.rows[index] = out;
                    (&mut self.cols, h)
                } else {
                    self.cols[index] = out;
                    (&mut self.rows, 0)
                };
                while newly != 0 {
                    let at = newly.trailing_zeros() as usize;
                    newly &= newly - 1;
                    if out.filled >> at & 1 == 1 {
                        crossing[at].filled |= 1 << index;
                    } else {
                        crossing[at].empty |= 1 << index;
                    }
                    next[offset + at] = true;
                    stale[offset + at] = true;
                }
            }
            std::mem::swap(dirty, next);
        }
        Some(rounds)
    }

    /// Sets a cell and propagates from its row and column.
    fn assume(&mut self, i: usize, v: u8, work: &mut Work) -> Option<usize> {
        let (w, h) = (self.p.width, self.p.height);
        self.set(i, v);
        work.dirty.clear();
        work.dirty.resize(w + h, false);
        work.dirty[i / w] = true;
        work.dirty[h + i % w] = true;
        self.propagate(work)
    }

    /// The first unknown cell, row-major.
    fn first_unknown(&self) -> Option<usize> {
        let full = ones(self.p.width);
        self.rows.iter().enumerate().find_map(|(r, k)| {
            let unknown = full & !(k.filled | k.empty);
            (unknown != 0).then(|| r * self.p.width + unknown.trailing_zeros() as usize)
        })
    }

    fn solved(&self) -> bool {
        self.first_unknown().is_none()
    }

    /// Probing until nothing more is learned. `None` on a contradiction.
    ///
    /// A probe that propagates without contradiction to a state `T` shows
    /// that every value in `T` is consistent too (propagation is monotone:
    /// what refutes a smaller assumption refutes a larger one), so those
    /// probes are skipped until something is learned. The fixpoint is the
    /// same as probing every cell both ways each pass.
    fn probe(&mut self, work: &mut Work) -> Option<()> {
        let (w, n) = (self.p.width, self.p.width * self.p.height);
        let mut t = self.clone();
        // tried[i]: bit 0 = filled known consistent, bit 1 = empty.
        let mut tried = vec![0u8; n];
        loop {
            let mut learned = false;
            for i in 0..n {
                if self.cell(i) != UNKNOWN {
                    continue;
                }
                for (v, other, bit) in [(FILLED, EMPTY, 1u8), (EMPTY, FILLED, 2u8)] {
                    if tried[i] & bit != 0 {
                        continue;
                    }
                    t.rows.copy_from_slice(&self.rows);
                    t.cols.copy_from_slice(&self.cols);
                    if t.assume(i, v, work).is_none() {
                        self.assume(i, other, work)?;
                        learned = true;
                        tried.fill(0);
                        break;
                    }
                    for (r, (a, b)) in t.rows.iter().zip(&self.rows).enumerate() {
                        for (mut new, mark) in [(a.filled & !b.filled, 1), (a.empty & !b.empty, 2)] {
                            while new != 0 {
                                tried[r * w + new.trailing_zeros() as usize] |= mark;
                                new &= new - 1;
                            }
                        }
                    }
                    tried[i] |= bit;
                }
            }
            if !learned || self.solved() {
                return Some(());
            }
        }
    }

    /// Counts solutions up to `limit - found`, storing the first.
    fn search(&mut self, found: &mut usize, first: &mut Option<Vec<u8>>, work: &mut Work) {
        if self.solved() {
            *found += 1;
            if first.is_none() {
                *first = Some(self.cells());
            }
            return;
        }
        let Some(i) = self.first_unknown() else { return };
        for v in [FILLED, EMPTY] {
            let mut t = self.clone();
            if t.assume(i, v, work).is_some() {
                t.search(found, first, work);
                if *found >= 2 {
                    return;
                }
            }
        }
    }
}

/// Solves `p`: counts its solutions up to 2 and grades the logic needed.
/// An invalid puzzle (see [`Puzzle::validate`]) has no solution.
pub fn solve(p: &Puzzle) -> Outcome {
    let none = |rounds| Outcome { count: 0, solution: None, level: Level::Search, rounds };
    if p.validate().is_err() {
        return none(0);
    }
    let mut s = State::new(p);
    let mut work = Work { dirty: vec![true; p.width + p.height], ..Work::default() };
    let Some(rounds) = s.propagate(&mut work) else { return none(0) };
    let to_bool = |c: &[u8]| c.iter().map(|&x| x == FILLED).collect::<Vec<_>>();
    if s.solved() {
        let level = if rounds > LONG_ROUNDS { Level::LineLong } else { Level::Line };
        return Outcome { count: 1, solution: Some(to_bool(&s.cells())), level, rounds };
    }
    if s.probe(&mut work).is_none() {
        return none(rounds);
    }
    if s.solved() {
        return Outcome { count: 1, solution: Some(to_bool(&s.cells())), level: Level::Probing, rounds };
    }
    let (mut found, mut first) = (0, None);
    s.search(&mut found, &mut first, &mut work);
    Outcome { count: found, solution: first.map(|c| to_bool(&c)), level: Level::Search, rounds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_picture_and_sees_ambiguity() {
        let pic = [
            false, true, false, //
            true, true, true, //
            false, true, false,
        ];
        let p = Puzzle::from_picture(3, 3, &pic);
        let o = solve(&p);
        assert_eq!(o.count, 1);
        assert_eq!(o.solution.as_deref(), Some(&pic[..]));
        assert_eq!(o.level, Level::Line);
        // Two diagonals: the classic two-solution puzzle.
        let p = Puzzle::from_picture(2, 2, &[true, false, false, true]);
        let o = solve(&p);
        assert_eq!((o.count, o.level), (2, Level::Search));
        // Contradictory clues.
        let p = Puzzle { width: 3, height: 3, rows: vec![vec![1, 1], vec![], vec![1]], cols: vec![vec![], vec![1], vec![2]] };
        assert!(p.validate().is_ok());
        assert_eq!(solve(&p).count, 0);
    }

    /// The probing fixpoint with skipped probes equals plain probing (every
    /// unknown cell, both ways, every pass) on random pictures.
    #[test]
    fn probing_with_skips_reaches_the_plain_fixpoint() {
        fn plain(s: &mut State, work: &mut Work) -> Option<()> {
            loop {
                let mut learned = false;
                for i in 0..s.p.width * s.p.height {
                    if s.cell(i) != UNKNOWN {
                        continue;
                    }
                    for (v, other) in [(FILLED, EMPTY), (EMPTY, FILLED)] {
                        let mut t = s.clone();
                        if t.assume(i, v, work).is_none() {
                            s.assume(i, other, work)?;
                            learned = true;
                            break;
                        }
                    }
                }
                if !learned {
                    return Some(());
                }
            }
        }
        let mut rng = crate::nonogram::generate::Rng::new(5);
        let mut probed = 0;
        for _ in 0..300 {
            let (w, h) = (4 + rng.below(12), 4 + rng.below(12));
            let pic: Vec<bool> = (0..w * h).map(|_| rng.below(100) < 55).collect();
            let p = Puzzle::from_picture(w, h, &pic);
            let mut work = Work { dirty: vec![true; w + h], ..Work::default() };
            let mut a = State::new(&p);
            a.propagate(&mut work).expect("a picture's clues are consistent");
            if a.solved() {
                continue;
            }
            let mut b = a.clone();
            let before = a.cells();
            let ra = a.probe(&mut work);
            let rb = plain(&mut b, &mut work);
            assert_eq!(ra.is_some(), rb.is_some());
            assert_eq!(a.cells(), b.cells(), "{}", p.to_text());
            probed += usize::from(a.cells() != before);
        }
        assert!(probed > 20, "probing learned something on {probed} puzzles");
    }
}
