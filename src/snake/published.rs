//! The published figure (3,241 configurations, lengths 21–37) and how it
//! relates to the exact count.
//!
//! [`run_published_search`] re-implements the setter's Python search
//! (Chandler Swift, "Exploring paths for Sudoku variants with Python",
//! 2021) step for step, on its own cell-state grid, sharing no code with the
//! enumerator:
//!
//! - it starts only at cells with row ≤ column, and only with an odd cell;
//! - on entering a node it runs house propagation (a house with four evens
//!   makes its empty cells odd, five odds makes them even; repeat until
//!   nothing changes) and abandons the node on a house over its count;
//! - a step may enter an empty cell, or a cell already marked with the
//!   needed parity that touches no other snake cell; it then marks the empty
//!   neighbours of the cell before the old head (the "neck") with the neck's
//!   parity, abandoning the node on a clash;
//! - it reports the current path, and keeps extending it, whenever all nine
//!   boxes are visited, no neighbour of the head carries the other parity and
//!   no neighbour of the neck carries the head's parity.
//!
//! So the neighbours of the last two cells are never marked or counted, and
//! propagation is no exact S6 test: some reports break S6. A snake whose two
//! ends both qualify is reported twice; one with both ends even, or with its
//! odd ends only below the diagonal, is never reported (though its mirror
//! image may be). The code as published gives 3,242 events; the post says
//! 3,241.

use super::grid::{CELLS, SIZE, TABLES, col_of, row_of};
use super::rules::Violation;
use super::{Options, Snake, check, enumerate};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The figure stated in the publication.
pub const PUBLISHED_FIGURE: usize = 3241;

/// Output of the re-run: every "found" event, in the order found, as the
/// path from its start (odd first cell), and the number of search nodes.
#[derive(Clone, Debug)]
pub struct PublishedSearch {
    pub events: Vec<Snake>,
    pub nodes: u64,
}

/// Cell states of the Python grid.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Empty,
    Even,
    Odd,
    EvenSnake,
    OddSnake,
}

impl Mark {
    fn is_snake(self) -> bool {
        matches!(self, Mark::EvenSnake | Mark::OddSnake)
    }
    fn counts_even(self) -> bool {
        matches!(self, Mark::Even | Mark::EvenSnake)
    }
    fn counts_odd(self) -> bool {
        matches!(self, Mark::Odd | Mark::OddSnake)
    }
    /// Python `opposite_parity`: anything but EVEN maps to EVEN.
    fn opposite(self) -> Mark {
        if self == Mark::Even { Mark::Odd } else { Mark::Even }
    }
    fn snake(self) -> Mark {
        if self == Mark::Even { Mark::EvenSnake } else { Mark::OddSnake }
    }
}

type Grid = [Mark; CELLS];

/// Python's (x, y) is (column, row); its "north" is row − 1. Directions in
/// the order the Python tries them: north, east, west, south.
const STEPS: [(isize, isize); 4] = [(-1, 0), (0, 1), (0, -1), (1, 0)];

fn step(cell: usize, (dr, dc): (isize, isize)) -> Option<usize> {
    let r = row_of(cell) as isize + dr;
    let c = col_of(cell) as isize + dc;
    (0..SIZE as isize).contains(&r).then_some(())?;
    (0..SIZE as isize).contains(&c).then_some(())?;
    Some(r as usize * SIZE + c as usize)
}

/// Houses in the order the Python visits them: its "rows" (fixed x, i.e.
/// columns), its "columns" (rows), then boxes with x outer, y inner.
fn python_houses() -> Vec<[usize; SIZE]> {
    let mut houses = Vec::with_capacity(27);
    for x in 0..SIZE {
        houses.push(std::array::from_fn(|y| y * SIZE + x));
    }
    for y in 0..SIZE {
        houses.push(std::array::from_fn(|x| y * SIZE + x));
    }
    for box_x in 0..3 {
        for box_y in 0..3 {
            houses.push(std::array::from_fn(|k| (3 * box_y + k % 3) * SIZE + 3 * box_x + k / 3));
        }
    }
    houses
}

struct Search {
    houses: Vec<[usize; SIZE]>,
    path: Vec<u8>,
    events: Vec<Snake>,
    nodes: u64,
}

impl Search {
    /// Python `check_grid_parity`: propagate house counts to a fixpoint.
    fn check_grid_parity(&self, grid: &mut Grid) -> bool {
        loop {
            let mut changed = false;
            for house in &self.houses {
                let evens = house.iter().filter(|&&c| grid[c].counts_even()).count();
                let odds = house.iter().filter(|&&c| grid[c].counts_odd()).count();
                let fill = if evens > 4 || odds > 5 {
                    return false;
                } else if evens == 4 {
                    Mark::Odd
                } else if odds == 5 {
                    Mark::Even
                } else {
                    continue;
                };
                for &c in house {
                    if grid[c] == Mark::Empty {
                        grid[c] = fill;
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn has_adjacent(grid: &Grid, cell: usize, mark: Mark) -> bool {
        TABLES.neighbours(cell).iter().any(|&n| grid[n as usize] == mark)
    }

    fn has_two_adjacent_snakes(grid: &Grid, cell: usize) -> bool {
        TABLES.neighbours(cell).iter().filter(|&&n| grid[n as usize].is_snake()).count() >= 2
    }

    /// Python `fill_empty_cells_around`; `false` where it raises.
    fn fill_around(grid: &mut Grid, cell: usize, value: Mark) -> bool {
        for &n in TABLES.neighbours(cell) {
            let n = n as usize;
            if grid[n] == value.opposite() {
                return false;
            }
            if grid[n] == Mark::Empty {
                grid[n] = value;
            }
        }
        true
    }

    fn all_boxes_have_snake(&self, grid: &Grid) -> bool {
        self.houses[2 * SIZE..].iter().all(|b| b.iter().any(|&c| grid[c].is_snake()))
    }

    /// Python `recursive_dfs`.
    fn visit(&mut self, mut grid: Grid, head: usize, neck: Option<usize>, last_parity: Mark, start_even: bool) {
        self.nodes += 1;
        if !self.check_grid_parity(&mut grid) {
            return;
        }
        if self.all_boxes_have_snake(&grid)
            && !Self::has_adjacent(&grid, head, last_parity.opposite())
            // The Python would crash on a missing neck, but never gets here
            // without one (one cell cannot visit all boxes).
            && !neck.is_some_and(|n| Self::has_adjacent(&grid, n, last_parity))
        {
            self.events.push(Snake::new(self.path.clone(), start_even));
        }
        let next_parity = last_parity.opposite();
        for dir in STEPS {
            let Some(next) = step(head, dir) else {
                continue;
            };
            let enterable = grid[next] == Mark::Empty || (grid[next] == next_parity && !Self::has_two_adjacent_snakes(&grid, next));
            if !enterable {
                continue;
            }
            let mut child = grid;
            child[next] = next_parity.snake();
            // On a clash the Python returns, skipping the remaining
            // directions (the clash would recur for each of them).
            if neck.is_some_and(|neck| !Self::fill_around(&mut child, neck, next_parity)) {
                return;
            }
            self.path.push(next as u8);
            self.visit(child, next, Some(head), next_parity, start_even);
            self.path.pop();
        }
    }
}

/// Re-run the published search; see the module documentation.
pub fn run_published_search() -> PublishedSearch {
    python_search(false)
}

/// The published search with a chosen parity of the first cell (the
/// publication used odd); the even variant lets tests cross-check the
/// snakes the published one cannot reach.
pub(crate) fn python_search(start_even: bool) -> PublishedSearch {
    let first = if start_even { Mark::Even } else { Mark::Odd };
    let mut search = Search { houses: python_houses(), path: Vec::new(), events: Vec::new(), nodes: 0 };
    for start_x in 0..SIZE {
        for start_y in 0..=start_x {
            let start = start_y * SIZE + start_x;
            let mut grid = [Mark::Empty; CELLS];
            grid[start] = first.snake();
            search.path = vec![start as u8];
            search.visit(grid, start, None, first, start_even);
        }
    }
    PublishedSearch { events: search.events, nodes: search.nodes }
}

/// How the published search's reports relate to the exact snakes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedComparison {
    /// The figure stated in the publication (3,241).
    pub published_figure: usize,
    /// "Found" events of the faithful re-run.
    pub events: usize,
    pub shortest_event: Option<usize>,
    pub longest_event: Option<usize>,
    /// Distinct snakes among the events (direction ignored).
    pub distinct_reported: usize,
    /// Events that are exact snakes (meet S1–S6) …
    pub valid_events: usize,
    /// … the distinct snakes behind them …
    pub valid_distinct: usize,
    /// … of which this many were reported twice, once from each odd end.
    pub valid_reported_twice: usize,
    /// Events the exact rules reject, and why.
    pub rejected_events: usize,
    /// Distinct snakes behind the rejected events, and those reported twice.
    pub rejected_distinct: usize,
    pub rejected_reported_twice: usize,
    /// S4: a neighbour of the head or tail would need both parities.
    pub rejected_ambiguous_end: usize,
    /// S4 elsewhere on the snake.
    pub rejected_ambiguous_body: usize,
    /// S6: once the neighbours of the last two cells are marked, a house
    /// holds five evens or six odds.
    pub rejected_house_count: usize,
    /// S6: counts within limits, but no full 9×9 pattern extends the marks.
    pub rejected_no_completion: usize,
    /// Any other rule (expected 0).
    pub rejected_other: usize,
    /// Exact snakes under default rules, and their length range.
    pub exact_total: usize,
    pub exact_shortest: Option<usize>,
    pub exact_longest: Option<usize>,
    /// Exact snakes the search cannot report: both ends even …
    pub missed_both_ends_even: usize,
    /// … or every odd end has row > column.
    pub missed_odd_ends_outside_triangle: usize,
    /// Exact snakes with a qualifying end that the search still missed (expected 0).
    pub missed_otherwise: usize,
    /// Search nodes the re-run visited.
    pub nodes: u64,
}

/// Re-run the published search, enumerate the exact snakes, and classify.
pub fn explain_published() -> PublishedComparison {
    compare_published(&run_published_search(), &enumerate(&Options::default()))
}

/// True when the snake's first cell is odd and on or above the diagonal,
/// i.e. a start the published search tries.
fn qualifying_start(snake: &Snake) -> bool {
    match snake.cells.first() {
        Some(&c) => !snake.first_even && row_of(c as usize) <= col_of(c as usize),
        None => false,
    }
}

/// Classify `search`'s events against `exact` (the default-rule snakes).
pub fn compare_published(search: &PublishedSearch, exact: &[Snake]) -> PublishedComparison {
    let exact_set: HashSet<&Snake> = exact.iter().collect();
    let mut times_reported: HashMap<Snake, usize> = HashMap::new();
    for event in &search.events {
        *times_reported.entry(event.canonical()).or_default() += 1;
    }
    let mut c = PublishedComparison {
        published_figure: PUBLISHED_FIGURE,
        events: search.events.len(),
        shortest_event: search.events.iter().map(Snake::len).min(),
        longest_event: search.events.iter().map(Snake::len).max(),
        distinct_reported: times_reported.len(),
        valid_events: 0,
        valid_distinct: 0,
        valid_reported_twice: 0,
        rejected_events: 0,
        rejected_distinct: 0,
        rejected_reported_twice: 0,
        rejected_ambiguous_end: 0,
        rejected_ambiguous_body: 0,
        rejected_house_count: 0,
        rejected_no_completion: 0,
        rejected_other: 0,
        exact_total: exact.len(),
        exact_shortest: exact.iter().map(Snake::len).min(),
        exact_longest: exact.iter().map(Snake::len).max(),
        missed_both_ends_even: 0,
        missed_odd_ends_outside_triangle: 0,
        missed_otherwise: 0,
        nodes: search.nodes,
    };
    for (snake, &times) in &times_reported {
        if exact_set.contains(snake) {
            c.valid_distinct += 1;
            c.valid_events += times;
            c.valid_reported_twice += usize::from(times > 1);
            continue;
        }
        c.rejected_distinct += 1;
        c.rejected_events += times;
        c.rejected_reported_twice += usize::from(times > 1);
        let reason = match check(snake, &Options::default()) {
            Err(Violation::Ambiguous { cell }) => {
                let ends = [snake.cells.first(), snake.cells.last()];
                if ends.iter().flatten().any(|&&e| TABLES.orth[e as usize] >> cell & 1 == 1) {
                    &mut c.rejected_ambiguous_end
                } else {
                    &mut c.rejected_ambiguous_body
                }
            }
            Err(Violation::HouseOverflow { .. }) => &mut c.rejected_house_count,
            Err(Violation::NoCompletion) => &mut c.rejected_no_completion,
            _ => &mut c.rejected_other,
        };
        *reason += times;
    }
    for snake in exact {
        if times_reported.contains_key(snake) {
            continue;
        }
        let reversed = snake.reversed();
        if qualifying_start(snake) || qualifying_start(&reversed) {
            c.missed_otherwise += 1;
        } else if snake.first_even && reversed.first_even {
            c.missed_both_ends_even += 1;
        } else {
            c.missed_odd_ends_outside_triangle += 1;
        }
    }
    c
}

fn or_dash(n: Option<usize>) -> String {
    n.map_or_else(|| "-".to_string(), |n| n.to_string())
}

impl fmt::Display for PublishedComparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "published: {} configurations, lengths 21-37; faithful re-run: {} \"found\" events, lengths {}-{} ({} search nodes)",
            self.published_figure,
            self.events,
            or_dash(self.shortest_event),
            or_dash(self.longest_event),
            self.nodes
        )?;
        writeln!(
            f,
            "  {} events name {} distinct snakes ({} reported from both ends)",
            self.events,
            self.distinct_reported,
            self.valid_reported_twice + self.rejected_reported_twice
        )?;
        writeln!(
            f,
            "  exact snakes:    {} events = {} snakes, {} of them reported twice",
            self.valid_events, self.valid_distinct, self.valid_reported_twice
        )?;
        writeln!(
            f,
            "  rejected:        {} events = {} paths, {} of them reported twice",
            self.rejected_events, self.rejected_distinct, self.rejected_reported_twice
        )?;
        writeln!(f, "    S4 at head/tail:                       {}", self.rejected_ambiguous_end)?;
        writeln!(f, "    S4 in the body:                        {}", self.rejected_ambiguous_body)?;
        writeln!(f, "    S6 over count (last 2 cells' nbrs):   {}", self.rejected_house_count)?;
        writeln!(f, "    S6 no full completion:                 {}", self.rejected_no_completion)?;
        writeln!(f, "    other:                                 {}", self.rejected_other)?;
        writeln!(
            f,
            "exact: {} snakes, lengths {}-{}; found by the search {}, not reachable by it {}:",
            self.exact_total,
            or_dash(self.exact_shortest),
            or_dash(self.exact_longest),
            self.valid_distinct,
            self.missed_both_ends_even + self.missed_odd_ends_outside_triangle + self.missed_otherwise
        )?;
        writeln!(f, "    both ends even:                        {}", self.missed_both_ends_even)?;
        writeln!(f, "    odd ends only below the diagonal:      {}", self.missed_odd_ends_outside_triangle)?;
        write!(f, "    missed otherwise:                      {}", self.missed_otherwise)
    }
}
