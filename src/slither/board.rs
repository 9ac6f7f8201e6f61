//! The solver's hot path: a partial assignment (unknown / on / off per
//! edge) with the deductions that extend it, grouped by [`Level`].
//!
//! Open paths are tracked by their ends: for a point of degree 1, `end` is
//! the other end of its path and `len` the path's edge count. This gives the
//! no-premature-loop rule in O(1) and survives cloning for trials and search
//! (a union-find would not undo cheaply).

use super::grid::{Grid, NONE, Puzzle};
use super::solver::Level;
use std::rc::Rc;

pub const UNKNOWN: u8 = 0;
pub const ON: u8 = 1;
pub const OFF: u8 = 2;
const NO_CLUE: u8 = u8::MAX;

/// The assignment cannot be completed to a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

type Step = Result<(), Contradiction>;

/// Neighbour tables for one grid size, built once and shared.
pub struct Tables {
    pub grid: Grid,
    pub edge_points: Vec<[usize; 2]>,
    pub edge_cells: Vec<[usize; 2]>,
    /// Top, right, bottom, left.
    pub cell_edges: Vec<[usize; 4]>,
    /// Corner `i` lies between sides `i` and `(i + 3) % 4`: top-left,
    /// top-right, bottom-right, bottom-left.
    pub cell_corners: Vec<[usize; 4]>,
    /// Up, right, down, left; `NONE` off the board.
    pub point_edges: Vec<[usize; 4]>,
    /// The up to four cells around a point; `NONE` off the board.
    pub point_cells: Vec<[usize; 4]>,
}

impl Tables {
    pub fn new(grid: Grid) -> Tables {
        let cell_corners = (0..grid.cells())
            .map(|cell| {
                let (r, c) = (cell / grid.cols, cell % grid.cols);
                [grid.point(r, c), grid.point(r, c + 1), grid.point(r + 1, c + 1), grid.point(r + 1, c)]
            })
            .collect();
        let point_cells = (0..grid.points())
            .map(|p| {
                let (r, c) = (p / (grid.cols + 1), p % (grid.cols + 1));
                let cell = |dr: usize, dc: usize| {
                    if r >= dr && c >= dc && r - dr < grid.rows && c - dc < grid.cols { grid.cell(r - dr, c - dc) } else { NONE }
                };
                [cell(1, 1), cell(1, 0), cell(0, 0), cell(0, 1)]
            })
            .collect();
        Tables {
            grid,
            edge_points: (0..grid.edges()).map(|e| grid.edge_points(e)).collect(),
            edge_cells: (0..grid.edges()).map(|e| grid.edge_cells(e)).collect(),
            cell_edges: (0..grid.cells()).map(|c| grid.cell_edges(c)).collect(),
            cell_corners,
            point_edges: (0..grid.points()).map(|p| grid.point_edges(p)).collect(),
            point_cells,
        }
    }
}

#[derive(Clone)]
pub struct Board<'t> {
    t: &'t Tables,
    /// Rules allowed; a ceiling, not a record of what was used.
    pub level: Level,
    /// Shared: trials copy the board but never change the clues.
    clue: Rc<[u8]>,
    /// Per point, which of its `point_cells` hold a 1 or a 3 (bit `i` for
    /// `point_cells[p][i]`): the cells whose corner rules a change at the
    /// point wakes. Shared like `clue`.
    odd_corners: Rc<[u8]>,
    pub edge: Vec<u8>,
    degree: Vec<u8>,
    end: Vec<u32>,
    len: Vec<u32>,
    on_total: usize,
    /// On-edges per cell, and how many clued cells still want more.
    cell_on: Vec<u8>,
    /// Unknown edges per cell and per point: the rules read these counts
    /// (with `cell_on` and `degree`) instead of the four edges, most of
    /// the work of a trial being rules woken with nothing to do.
    cell_unknown: Vec<u8>,
    point_unknown: Vec<u8>,
    unmet: usize,
    pub unknown_total: usize,
    /// A loop has closed; every other edge is off.
    pub closed: bool,
    /// Work list of cells (`0..cells`) and points (`cells..`) to re-examine.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Edges decided since the board was made or copied, in order.
    pub trail: Vec<usize>,
    /// [`Board::propagate`] stops quietly after this many decisions since
    /// the board was copied: lookahead trials stay local, as a solver's
    /// "what if" does on paper, and cost O(1) instead of O(board).
    pub trail_limit: usize,
}

impl<'t> Board<'t> {
    pub fn new(t: &'t Tables, puzzle: &Puzzle, level: Level) -> Board<'t> {
        let g = t.grid;
        debug_assert_eq!(puzzle.grid, g);
        let items = g.cells() + g.points();
        Board {
            t,
            level,
            clue: puzzle.clues.iter().map(|c| c.unwrap_or(NO_CLUE)).collect(),
            odd_corners: t
                .point_cells
                .iter()
                .map(|cells| {
                    let odd = |i: usize| cells[i] != NONE && matches!(puzzle.clues[cells[i]], Some(1 | 3));
                    (0..4).filter(|&i| odd(i)).fold(0u8, |mask, i| mask | 1 << i)
                })
                .collect(),
            edge: vec![UNKNOWN; g.edges()],
            degree: vec![0; g.points()],
            end: (0..g.points() as u32).collect(),
            len: vec![0; g.points()],
            on_total: 0,
            cell_on: vec![0; g.cells()],
            cell_unknown: vec![4; g.cells()],
            point_unknown: t.point_edges.iter().map(|edges| edges.iter().filter(|&&e| e != NONE).count() as u8).collect(),
            unmet: puzzle.clues.iter().filter(|c| c.is_some_and(|k| k > 0)).count(),
            unknown_total: g.edges(),
            closed: false,
            queue: (0..items).rev().collect(),
            queued: vec![true; items],
            trail: Vec::new(),
            trail_limit: usize::MAX,
        }
    }

    /// Overwrites `self` with `other` without reallocating (trials reuse one
    /// scratch board).
    pub fn copy_from(&mut self, other: &Board<'t>) {
        self.level = other.level;
        if !Rc::ptr_eq(&self.clue, &other.clue) {
            self.clue = Rc::clone(&other.clue);
            self.odd_corners = Rc::clone(&other.odd_corners);
        }
        self.edge.clone_from(&other.edge);
        self.degree.clone_from(&other.degree);
        self.end.clone_from(&other.end);
        self.len.clone_from(&other.len);
        self.on_total = other.on_total;
        self.cell_on.clone_from(&other.cell_on);
        self.cell_unknown.clone_from(&other.cell_unknown);
        self.point_unknown.clone_from(&other.point_unknown);
        self.unmet = other.unmet;
        self.unknown_total = other.unknown_total;
        self.closed = other.closed;
        // `queued[i]` is true exactly for the items in `queue`, so clearing
        // our own entries is enough when `other` has nothing pending (the
        // usual case: trials start from a fully propagated board).
        for &item in &self.queue {
            self.queued[item] = false;
        }
        self.queue.clear();
        if !other.queue.is_empty() {
            self.queue.clone_from(&other.queue);
            self.queued.clone_from(&other.queued);
        }
        self.trail.clear();
        self.trail_limit = other.trail_limit;
    }

    /// The kept counts recounted from the edges: (`cell_on`, `cell_unknown`,
    /// `degree`, `point_unknown`) as kept, then as recounted.
    #[cfg(test)]
    #[allow(clippy::type_complexity)]
    pub fn counts_and_recounts(&self) -> ([Vec<u8>; 4], [Vec<u8>; 4]) {
        let t = self.t;
        let count = |edges: &[usize], value: u8| edges.iter().filter(|&&e| e != NONE && self.edge[e] == value).count() as u8;
        let kept = [self.cell_on.clone(), self.cell_unknown.clone(), self.degree.clone(), self.point_unknown.clone()];
        let recounted = [
            t.cell_edges.iter().map(|sides| count(sides, ON)).collect(),
            t.cell_edges.iter().map(|sides| count(sides, UNKNOWN)).collect(),
            t.point_edges.iter().map(|edges| count(edges, ON)).collect(),
            t.point_edges.iter().map(|edges| count(edges, UNKNOWN)).collect(),
        ];
        (kept, recounted)
    }

    pub fn tables(&self) -> &'t Tables {
        self.t
    }

    pub fn degree(&self, p: usize) -> u8 {
        self.degree[p]
    }

    pub fn clue(&self, cell: usize) -> Option<u8> {
        (self.clue[cell] != NO_CLUE).then_some(self.clue[cell])
    }

    pub fn is_solved(&self) -> bool {
        self.closed && self.unknown_total == 0
    }

    /// Search pruning (not a grading rule): the loop must be able to join
    /// up. Every line drawn so far, and every clue still short of lines,
    /// has to touch one component of the not-yet-excluded edges.
    pub fn can_still_connect(&self) -> bool {
        if self.closed || self.on_total == 0 {
            return true;
        }
        let t = self.t;
        let Some(start) = (0..self.degree.len()).find(|&p| self.degree[p] > 0) else { return true };
        let mut seen = vec![false; self.degree.len()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(p) = stack.pop() {
            for e in t.point_edges[p] {
                if e != NONE && self.edge[e] != OFF {
                    let [a, b] = t.edge_points[e];
                    let q = if a == p { b } else { a };
                    if !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
        }
        if (0..self.degree.len()).any(|p| self.degree[p] > 0 && !seen[p]) {
            return false;
        }
        (0..self.clue.len()).all(|cell| {
            self.clue[cell] == NO_CLUE || self.cell_on[cell] >= self.clue[cell] || t.cell_corners[cell].iter().any(|&p| seen[p])
        })
    }

    #[inline(always)]
    fn enqueue(&mut self, item: usize) {
        if item != NONE && !self.queued[item] {
            self.queued[item] = true;
            self.queue.push(item);
        }
    }

    #[inline(always)]
    fn enqueue_point(&mut self, p: usize) {
        let cells = self.t.grid.cells();
        self.enqueue(cells + p);
        if self.level >= Level::Medium {
            // Corner rules read the edges around the corners of 1s and 3s.
            let mut odd = self.odd_corners[p];
            while odd != 0 {
                let i = odd.trailing_zeros() as usize;
                odd &= odd - 1;
                self.enqueue(self.t.point_cells[p][i]);
            }
        }
    }

    /// Decides edge `e`; a no-op if it already has that value.
    pub fn set(&mut self, e: usize, value: u8) -> Step {
        match self.edge[e] {
            v if v == value => return Ok(()),
            UNKNOWN => {}
            _ => return Err(Contradiction),
        }
        self.edge[e] = value;
        self.unknown_total -= 1;
        self.trail.push(e);
        let [a, b] = self.t.edge_points[e];
        self.point_unknown[a] -= 1;
        self.point_unknown[b] -= 1;
        for cell in self.t.edge_cells[e] {
            if cell != NONE {
                self.cell_unknown[cell] -= 1;
                if self.clue[cell] != NO_CLUE {
                    self.enqueue(cell);
                }
            }
        }
        self.enqueue_point(a);
        self.enqueue_point(b);
        if value == OFF {
            return Ok(());
        }
        if self.closed || self.degree[a] >= 2 || self.degree[b] >= 2 {
            return Err(Contradiction);
        }
        self.on_total += 1;
        for cell in self.t.edge_cells[e] {
            if cell != NONE {
                self.cell_on[cell] += 1;
                if self.cell_on[cell] == self.clue[cell] {
                    self.unmet -= 1;
                }
            }
        }
        let (end_a, len_a) = if self.degree[a] == 0 { (a, 0) } else { (self.end[a] as usize, self.len[a] as usize) };
        let (end_b, len_b) = if self.degree[b] == 0 { (b, 0) } else { (self.end[b] as usize, self.len[b] as usize) };
        self.degree[a] += 1;
        self.degree[b] += 1;
        if end_a == b {
            // The path closes into a loop: it must hold every on-edge, and
            // then it is the whole answer.
            if self.on_total != len_a + 1 {
                return Err(Contradiction);
            }
            self.closed = true;
            for other in 0..self.edge.len() {
                if self.edge[other] == UNKNOWN {
                    self.set(other, OFF)?;
                }
            }
            return Ok(());
        }
        let len = (len_a + len_b + 1) as u32;
        self.end[end_a] = end_b as u32;
        self.end[end_b] = end_a as u32;
        self.len[end_a] = len;
        self.len[end_b] = len;
        self.enqueue_point(end_a);
        self.enqueue_point(end_b);
        Ok(())
    }

    /// Applies the rules of `self.level` (without trials) until nothing changes.
    pub fn propagate(&mut self) -> Step {
        let cells = self.t.grid.cells();
        while let Some(item) = self.queue.pop() {
            if self.trail.len() >= self.trail_limit {
                return Ok(());
            }
            self.queued[item] = false;
            if item < cells {
                self.cell_rules(item)?;
            } else {
                self.point_rules(item - cells)?;
            }
        }
        Ok(())
    }

    fn cell_rules(&mut self, cell: usize) -> Step {
        let k = self.clue[cell];
        if k == NO_CLUE {
            return Ok(());
        }
        let (on, unknown) = (self.cell_on[cell], self.cell_unknown[cell]);
        if on > k || on + unknown < k {
            return Err(Contradiction);
        }
        if unknown == 0 {
            return Ok(());
        }
        if on == k || on + unknown == k {
            let value = if on == k { OFF } else { ON };
            for e in self.t.cell_edges[cell] {
                if self.edge[e] == UNKNOWN {
                    self.set(e, value)?;
                }
            }
            return Ok(());
        }
        if self.level >= Level::Medium && (k == 1 || k == 3) {
            self.corner_rules(cell, k)?;
        }
        Ok(())
    }

    /// At a corner whose outside edges are all off, the two sides meeting
    /// there are both on or both off (a 1 takes neither, a 3 both). Where
    /// exactly one outside edge is on, the loop turns into the cell there,
    /// using exactly one of the two sides, so a 1 leaves the far two sides
    /// off and a 3 takes them both.
    fn corner_rules(&mut self, cell: usize, k: u8) -> Step {
        let sides = self.t.cell_edges[cell];
        for i in 0..4 {
            let (s1, s2) = (sides[i], sides[(i + 3) % 4]);
            let p = self.t.cell_corners[cell][i];
            // The point's counts less the two sides (both meet at `p`).
            let (v1, v2) = (self.edge[s1], self.edge[s2]);
            let out_unknown = self.point_unknown[p] - u8::from(v1 == UNKNOWN) - u8::from(v2 == UNKNOWN);
            let out_on = self.degree[p] - u8::from(v1 == ON) - u8::from(v2 == ON);
            if out_unknown > 0 {
                continue;
            }
            let (targets, value) = match (out_on, k) {
                (0, 1) => ([s1, s2], OFF),
                (0, 3) => ([s1, s2], ON),
                (1, 1) => ([sides[(i + 1) % 4], sides[(i + 2) % 4]], OFF),
                (1, 3) => ([sides[(i + 1) % 4], sides[(i + 2) % 4]], ON),
                _ => continue,
            };
            for e in targets {
                self.set(e, value)?;
            }
        }
        Ok(())
    }

    fn point_rules(&mut self, p: usize) -> Step {
        let edges = self.t.point_edges[p];
        let (degree, unknown) = (self.degree[p], self.point_unknown[p]);
        if degree > 2 || (degree == 1 && unknown == 0) {
            return Err(Contradiction);
        }
        if unknown == 0 {
            return Ok(());
        }
        let forced = match (degree, unknown) {
            (2, _) => Some(OFF),
            (1, 1) => Some(ON),
            (0, 1) => Some(OFF),
            _ => None,
        };
        if let Some(value) = forced {
            for e in edges {
                if e != NONE && self.edge[e] == UNKNOWN {
                    self.set(e, value)?;
                }
            }
            return Ok(());
        }
        if degree == 1 && self.level >= Level::Medium {
            self.loop_rule(p)?;
        }
        Ok(())
    }

    /// An edge joining the two ends of one path would close a loop: it is
    /// off if other on-edges exist, or if that loop would leave a clue unmet.
    fn loop_rule(&mut self, p: usize) -> Step {
        let q = self.end[p] as usize;
        let Some(e) =
            self.t.point_edges[p].into_iter().find(|&e| e != NONE && self.edge[e] == UNKNOWN && self.t.edge_points[e].contains(&q))
        else {
            return Ok(());
        };
        if self.on_total > self.len[p] as usize || !self.closing_meets_clues(e) {
            self.set(e, OFF)?;
        }
        Ok(())
    }

    fn closing_meets_clues(&self, closing: usize) -> bool {
        // Every clue must be met exactly once `closing` is on: the cells it
        // borders may go from one short to met, none may go over.
        let mut unmet = self.unmet;
        for cell in self.t.edge_cells[closing] {
            if cell != NONE && self.clue[cell] != NO_CLUE {
                match (self.cell_on[cell] + 1).cmp(&self.clue[cell]) {
                    std::cmp::Ordering::Equal => unmet -= 1,
                    std::cmp::Ordering::Greater => return false,
                    std::cmp::Ordering::Less => {}
                }
            }
        }
        unmet == 0
    }

    /// Standard openings that need no search, sound on any board: two
    /// diagonal 3s take the outer sides at their far corners; with
    /// `adjacent_threes`, two orthogonally adjacent 3s take their shared side
    /// and both far sides (unless the 2-cell rectangle alone is the answer).
    ///
    /// The adjacent 3s are a hard rule, not a medium one: their proof is
    /// global (the shared side off closes the 2-cell loop, which cannot be
    /// the whole answer), a step Tatham's Loopy makes at none of its levels.
    /// As a medium rule they put puzzles that Loopy grades Hard or cannot
    /// solve at all below puzzles it grades Tricky (docs/slitherlink-levels.md).
    pub fn patterns(&mut self, adjacent_threes: bool) -> Step {
        let g = self.t.grid;
        for r in 0..g.rows {
            for c in 0..g.cols {
                let x = g.cell(r, c);
                if self.clue[x] != 3 {
                    continue;
                }
                let [xt, xr, xb, xl] = self.t.cell_edges[x];
                if adjacent_threes && c + 1 < g.cols && self.clue[x + 1] == 3 {
                    let [yt, yr, yb, _] = self.t.cell_edges[x + 1];
                    if !self.small_loop_fits(&[xt, xb, xl, yt, yr, yb]) {
                        for e in [xl, xr, yr] {
                            self.set(e, ON)?;
                        }
                    }
                }
                if r + 1 < g.rows {
                    let y = g.cell(r + 1, c);
                    if adjacent_threes && self.clue[y] == 3 {
                        let [_, yr, yb, yl] = self.t.cell_edges[y];
                        if !self.small_loop_fits(&[xt, xr, xl, yr, yb, yl]) {
                            for e in [xt, xb, yb] {
                                self.set(e, ON)?;
                            }
                        }
                    }
                    if c + 1 < g.cols && self.clue[y + 1] == 3 {
                        let [_, yr, yb, _] = self.t.cell_edges[y + 1];
                        for e in [xt, xl, yr, yb] {
                            self.set(e, ON)?;
                        }
                    }
                    if c > 0 && self.clue[y - 1] == 3 {
                        let [_, _, yb, yl] = self.t.cell_edges[y - 1];
                        for e in [xt, xr, yb, yl] {
                            self.set(e, ON)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Would the loop made of exactly `edges` meet every clue?
    fn small_loop_fits(&self, edges: &[usize]) -> bool {
        (0..self.clue.len()).all(|cell| {
            let k = self.clue[cell];
            k == NO_CLUE || self.t.cell_edges[cell].iter().filter(|e| edges.contains(e)).count() == k as usize
        })
    }
}
