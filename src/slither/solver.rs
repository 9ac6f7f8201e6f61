//! Solving, uniqueness and grading.
//!
//! Two jobs, as in the sudoku side: [`count_solutions`] proves uniqueness
//! by propagation plus search; [`deduce`] solves with a ceiling on the rules
//! (no search), and [`grade`] reports the lowest ceiling that suffices, as
//! Tatham's Loopy does. A deduction-only success is itself a uniqueness
//! proof, because every rule is sound: each edge it fixes has that value in
//! every solution.

use super::board::{Board, Contradiction, OFF, ON, Tables, UNKNOWN};
use super::grid::{EdgeSet, NONE, Puzzle, is_single_loop};
use crate::solver::{Budget, Budgeted};

/// Difficulty, by the hardest family of rules needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Clue counting and vertex degrees only.
    Easy,
    /// Plus the no-premature-loop rule and the local patterns (corners of
    /// 1s and 3s, diagonal 3s): Tatham's Loopy solves every such puzzle at
    /// its Tricky level or below.
    Medium,
    /// Plus adjacent 3s and lookahead: one edge tried each way, propagated
    /// with the medium rules, and the value that contradicts rejected.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Unique(EdgeSet),
    Multiple,
    None,
}

/// What the rules alone reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    Solved(EdgeSet),
    /// The rules stop with edges still unknown.
    Stalled,
    /// No solution exists.
    Contradiction,
}

fn edges_of(board: &Board) -> EdgeSet {
    EdgeSet::from_edges(board.edge.len(), (0..board.edge.len()).filter(|&e| board.edge[e] == ON))
}

/// Solves with the rules up to `level` and no search.
pub fn deduce(puzzle: &Puzzle, level: Level) -> Deduction {
    let tables = Tables::new(puzzle.grid);
    deduce_with(&tables, puzzle, level)
}

/// [`deduce`] with prebuilt tables (the generator calls it hundreds of times).
pub fn deduce_with(tables: &Tables, puzzle: &Puzzle, level: Level) -> Deduction {
    deduce_from(tables, puzzle, level, None)
}

/// [`deduce_with`] for a puzzle that `solution` is known to satisfy (the
/// generator's, whose clues come from its loop): the same deductions and
/// the same answer, faster. A lookahead trial that gives an edge its value
/// in `solution` can never contradict (every rule is sound, and the trial's
/// state agrees with a solution), so only the other value is tried.
pub fn deduce_knowing(tables: &Tables, puzzle: &Puzzle, level: Level, solution: &EdgeSet) -> Deduction {
    debug_assert!(puzzle.satisfied_by(solution));
    deduce_from(tables, puzzle, level, Some(solution))
}

fn deduce_from(tables: &Tables, puzzle: &Puzzle, level: Level, known: Option<&EdgeSet>) -> Deduction {
    let mut board = Board::new(tables, puzzle, level.min(Level::Medium));
    match run_rules(&mut board, level, known) {
        Err(Contradiction) => Deduction::Contradiction,
        Ok(()) if board.is_solved() => Deduction::Solved(edges_of(&board)),
        Ok(()) => Deduction::Stalled,
    }
}

fn run_rules(board: &mut Board, level: Level, known: Option<&EdgeSet>) -> Result<(), Contradiction> {
    if level >= Level::Medium {
        board.patterns(level >= Level::Hard)?;
    }
    board.propagate()?;
    if level >= Level::Hard && board.unknown_total > 0 {
        lookahead(board, known)?;
    }
    Ok(())
}

/// Depth-1 trials until none makes progress: an edge whose one value leads
/// the medium rules to a contradiction takes the other value.
///
/// A trial that ends without contradiction also clears every value it
/// implied: trying one of those from the same position reaches a subset of
/// the same state (the rules are monotone), so it cannot contradict either.
/// This skips most trials of a round; any progress resets the marks.
///
/// With `known` (a solution of the puzzle), the trial of an edge's value in
/// it is skipped: it cannot contradict, and what it implies are values of
/// that solution, which are skipped too, so the deductions are the same.
fn lookahead(board: &mut Board, known: Option<&EdgeSet>) -> Result<(), Contradiction> {
    let mut trial = board.clone();
    let edges = board.edge.len();
    // `cleared[e * 2 + (value == OFF)]`: that trial is known to be harmless.
    let mut cleared = vec![false; 2 * edges];
    loop {
        if board.unknown_total == 0 {
            return Ok(());
        }
        let mut progress = false;
        for e in 0..edges {
            if board.edge[e] != UNKNOWN || !worth_trying(board, e) {
                continue;
            }
            for value in [ON, OFF] {
                let slot = 2 * e + usize::from(value == OFF);
                if cleared[slot] || known.is_some_and(|solution| solution.contains(e) == (value == ON)) {
                    continue;
                }
                trial.copy_from(board);
                trial.trail_limit = TRIAL_LIMIT;
                if trial.set(e, value).and_then(|()| trial.propagate()).is_err() {
                    board.set(e, if value == ON { OFF } else { ON })?;
                    board.propagate()?;
                    cleared.fill(false);
                    progress = true;
                    break;
                }
                for &f in &trial.trail {
                    cleared[2 * f + usize::from(trial.edge[f] == OFF)] = true;
                }
            }
        }
        if !progress {
            return Ok(());
        }
    }
}

/// Decisions a lookahead trial may make before it is abandoned as harmless.
const TRIAL_LIMIT: usize = 100;

/// Trials pay off next to what is known: an edge at a point the loop
/// already reaches, or a side of a clued cell.
fn worth_trying(board: &Board, e: usize) -> bool {
    let t = board.tables();
    t.edge_points[e].iter().any(|&p| board.degree(p) > 0) || t.edge_cells[e].iter().any(|&c| c != NONE && board.clue(c).is_some())
}

/// The lowest level whose rules solve the puzzle without search; `None` if
/// search is needed (or the puzzle has no solution).
pub fn grade(puzzle: &Puzzle) -> Option<Level> {
    let tables = Tables::new(puzzle.grid);
    Level::ALL.into_iter().find(|&level| matches!(deduce_with(&tables, puzzle, level), Deduction::Solved(_)))
}

/// A search with no budget: the generator's puzzles and stored rows end
/// quickly, and their callers must not be told "undecided".
const UNBOUNDED: Budget = Budget { nodes: u64::MAX, deadline: None };

/// Number of solutions, stopping at `limit` (no budget).
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> usize {
    match count_within(puzzle, limit, UNBOUNDED) {
        Budgeted::Decided(count) => count,
        Budgeted::Undecided { found, .. } => found,
    }
}

/// [`count_solutions`] that gives up (`Undecided`, with the solutions seen
/// so far) when `budget` runs out. It keeps no solution, only the count:
/// a count to a large limit holds constant memory however long it runs.
pub fn count_within(puzzle: &Puzzle, limit: usize, budget: Budget) -> Budgeted<usize> {
    let search = search_from(puzzle, limit, false, budget);
    match search.out_of_budget {
        true => Budgeted::Undecided { found: search.found, nodes: search.nodes },
        false => Budgeted::Decided(search.found),
    }
}

/// Whether the puzzle has one, several or no solutions (no budget).
pub fn solve(puzzle: &Puzzle) -> Outcome {
    match solve_within(puzzle, UNBOUNDED) {
        Budgeted::Decided(outcome) => outcome,
        Budgeted::Undecided { .. } => unreachable!("a search without a budget ends decided"),
    }
}

/// [`solve`] that gives up (`Undecided`) when `budget` runs out before a
/// second solution or the end of the search.
pub fn solve_within(puzzle: &Puzzle, budget: Budget) -> Budgeted<Outcome> {
    let search = search_from(puzzle, 2, true, budget);
    Budgeted::Decided(match (search.found, search.first) {
        (2.., _) => Outcome::Multiple,
        _ if search.out_of_budget => return Budgeted::Undecided { found: search.found, nodes: search.nodes },
        (1, Some(edges)) => Outcome::Unique(edges),
        _ => Outcome::None,
    })
}

/// One search: what it is asked, what it has found, what it has spent.
struct Search<'a> {
    puzzle: &'a Puzzle,
    limit: usize,
    /// Solutions found; only the first is kept, and only if asked (the one
    /// an answer prints).
    found: usize,
    keep_first: bool,
    first: Option<EdgeSet>,
    /// Search nodes entered (each runs propagation and lookahead).
    nodes: u64,
    budget: Budget,
    out_of_budget: bool,
}

impl Search<'_> {
    /// Enters a node if the budget allows one more: a node of this search
    /// propagates and tries edges (microseconds at least), so the clock is
    /// read at every node.
    fn enter(&mut self) -> bool {
        let late = self.budget.deadline.is_some_and(|deadline| std::time::Instant::now() >= deadline);
        if self.nodes >= self.budget.nodes || late {
            self.out_of_budget = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Nothing more to do: the limit is reached or the budget spent.
    fn done(&self) -> bool {
        self.found >= self.limit || self.out_of_budget
    }
}

fn search_from(puzzle: &Puzzle, limit: usize, keep_first: bool, budget: Budget) -> Search<'_> {
    let tables = Tables::new(puzzle.grid);
    let mut search = Search { puzzle, limit, found: 0, keep_first, first: None, nodes: 0, budget, out_of_budget: false };
    if limit == 0 {
        return search;
    }
    let mut board = Board::new(&tables, puzzle, Level::Medium);
    if board.patterns(true).is_ok() {
        descend(board, &mut search);
    }
    search
}

/// Each node runs the hard rules: lookahead costs O(edges) trials but
/// replaces whole subtrees (plain propagation plus branching took seconds
/// on 20×20 hard puzzles that lookahead solves at the root).
fn descend(mut board: Board, search: &mut Search) {
    if !search.enter() {
        return;
    }
    if board.propagate().is_err() || lookahead(&mut board, None).is_err() || !board.can_still_connect() {
        return;
    }
    if board.unknown_total == 0 {
        if board.closed {
            let edges = edges_of(&board);
            let puzzle = search.puzzle;
            // Belt and braces: the propagation should never let a wrong
            // loop through, but a false "unique" is the one error we cannot ship.
            debug_assert!(is_single_loop(&puzzle.grid, &edges) && puzzle.satisfied_by(&edges));
            if is_single_loop(&puzzle.grid, &edges) && puzzle.satisfied_by(&edges) {
                search.found += 1;
                if search.keep_first && search.first.is_none() {
                    search.first = Some(edges);
                }
            }
        }
        return;
    }
    let e = branch_edge(&board);
    for value in [ON, OFF] {
        let mut child = board.clone();
        if child.set(e, value).is_ok() {
            descend(child, search);
        }
        if search.done() {
            return;
        }
    }
}

/// Extend a path where it has the fewest ways on; before any line exists,
/// start at the most constrained clue.
fn branch_edge(board: &Board) -> usize {
    let t = board.tables();
    let mut best = (usize::MAX, NONE);
    for (p, edges) in t.point_edges.iter().enumerate() {
        if board.degree(p) != 1 {
            continue;
        }
        let open: Vec<usize> = edges.iter().copied().filter(|&e| e != NONE && board.edge[e] == UNKNOWN).collect();
        if !open.is_empty() && open.len() < best.0 {
            best = (open.len(), open[0]);
            if open.len() == 2 {
                break;
            }
        }
    }
    if best.1 != NONE {
        return best.1;
    }
    let mut best = (0, NONE);
    for (cell, sides) in t.cell_edges.iter().enumerate() {
        let score = board.clue(cell).map_or(0, |k| if k == 0 { 1 } else { k as usize + 1 });
        if let Some(&e) = sides.iter().find(|&&e| board.edge[e] == UNKNOWN)
            && (best.1 == NONE || score > best.0)
        {
            best = (score, e);
        }
    }
    if best.1 != NONE {
        return best.1;
    }
    (0..board.edge.len()).find(|&e| board.edge[e] == UNKNOWN).expect("an unknown edge remains")
}
