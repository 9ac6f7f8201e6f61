//! Solving and counting over a `Model`: the uniqueness proof every stage
//! relies on. The fast representation lives in `engine`; this module picks
//! the bitset width for the model's size and converts at the edge.

mod engine;
mod fast16;
mod fast9;
mod search;

use crate::bits::Bits;
use crate::model::{Grid, Model, Symbol};
pub use engine::SearchStats;
use engine::{Engine, SearchControl};
use fast9::Fast9;
use fast16::Fast16;
use rand::Rng;

/// The answer to "how many solutions does this puzzle have?".
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Unique(Grid),
    Multiple,
    None,
}

#[derive(Clone, Debug)]
pub struct Count {
    /// Exact number of solutions, up to the limit asked.
    pub solutions: usize,
    pub first: Option<Grid>,
    pub stats: SearchStats,
}

/// The engine sized for the model: 128, 256, 384 or 640 cells.
enum Sized {
    W2(Engine<2>),
    W4(Engine<4>),
    W6(Engine<6>),
    W10(Engine<10>),
}

macro_rules! with_engine {
    ($engine:expr, $e:ident => $body:expr) => {
        match $engine {
            Sized::W2($e) => $body,
            Sized::W4($e) => $body,
            Sized::W6($e) => $body,
            Sized::W10($e) => $body,
        }
    };
}

/// Built once per model and reused for any number of puzzles.
pub struct Solver {
    path: Path,
    cells: usize,
}

/// What does the work: the 9×9 fast path when the model is classic sudoku
/// plus marks, extra houses or relations, the 16×16 one for classic 16×16
/// plus marks, else the generic engine.
enum Path {
    Engine(Box<Sized>),
    Nine(Fast9),
    Sixteen(Box<Fast16>),
}

/// Searches inside the generator run to the end (their puzzles are near
/// unique, so they end quickly); a [`Budget`] is asked for where the input
/// is anyone's (`solve`, `import`).
const DEFAULT_NODE_BUDGET: u64 = u64::MAX;

/// The time one puzzle of `solve` (its default) or `import` may take.
pub const SOLVE_SECONDS: u64 = 20;

/// What one puzzle of `solve` or `import` may spend before the answer is
/// "undecided": search nodes and, when given, time.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub nodes: u64,
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// At most `nodes` nodes and `seconds` of search from now.
    pub fn new(nodes: u64, seconds: Option<std::time::Duration>) -> Budget {
        Budget { nodes, deadline: seconds.map(|s| std::time::Instant::now() + s) }
    }
}

/// The answer of a search with a node budget.
#[derive(Clone, Debug, PartialEq)]
pub enum Budgeted<T> {
    Decided(T),
    /// The budget ran out first: `found` solutions seen in `nodes` nodes.
    Undecided {
        found: usize,
        nodes: u64,
    },
}

impl Solver {
    pub fn new(model: &Model) -> Solver {
        let path = match (Fast9::for_model(model), Fast16::for_model(model)) {
            (Some(nine), _) => Path::Nine(nine),
            (None, Some(sixteen)) => Path::Sixteen(Box::new(sixteen)),
            (None, None) => return Solver::generic(model),
        };
        Solver { path, cells: model.cell_count() }
    }

    /// The generic engine only, never a fast path (benchmarks and tests
    /// compare the two).
    pub fn generic(model: &Model) -> Solver {
        let cells = model.cell_count();
        let engine = match cells {
            0..=128 => Sized::W2(Engine::new(model)),
            129..=256 => Sized::W4(Engine::new(model)),
            257..=384 => Sized::W6(Engine::new(model)),
            _ => Sized::W10(Engine::new(model)),
        };
        Solver { path: Path::Engine(Box::new(engine)), cells }
    }

    /// Whether a fast path (9×9 or 16×16) does the work.
    pub fn is_fast(&self) -> bool {
        !matches!(self.path, Path::Engine(_))
    }

    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// Counts solutions up to `limit` (2 proves uniqueness).
    pub fn count(&self, givens: &Grid, limit: usize) -> Count {
        self.run(&Query { givens, excluded: &[], limit, near: None, want_first: true, first_if_unique: false }, None, DEFAULT_NODE_BUDGET).0
    }

    /// Counts solutions in which none of `excluded` (cell, symbol) holds.
    /// The generator's removal test: a clue can go if no solution avoids it.
    pub fn count_excluding(&self, givens: &Grid, excluded: &[(usize, Symbol)], limit: usize) -> Count {
        self.run(&Query { givens, excluded, limit, near: None, want_first: true, first_if_unique: false }, None, DEFAULT_NODE_BUDGET).0
    }

    /// Like [`Solver::count_excluding`], but gives up (`None`) after
    /// `node_budget` search nodes.
    pub fn count_excluding_within(&self, givens: &Grid, excluded: &[(usize, Symbol)], limit: usize, node_budget: u64) -> Option<Count> {
        let (count, out_of_budget) =
            self.run(&Query { givens, excluded, limit, near: None, want_first: true, first_if_unique: false }, None, node_budget);
        (!out_of_budget).then_some(count)
    }

    /// Whether some solution of `givens` puts another symbol than `symbol`
    /// in `cell`. `known` is a solution: the search tries its symbols first,
    /// since another solution, when there is one, mostly differs from it in
    /// a few cells. Same answer as counting to one with the symbol excluded.
    pub fn other_than(&self, givens: &Grid, cell: usize, symbol: Symbol, known: &Grid) -> bool {
        let query = Query { givens, excluded: &[(cell, symbol)], limit: 1, near: Some(known), want_first: false, first_if_unique: false };
        self.run(&query, None, DEFAULT_NODE_BUDGET).0.solutions > 0
    }

    /// Whether naked and hidden singles alone fill the grid from `givens`
    /// (then its one solution is what they reach): a puzzle for beginners.
    pub fn solves_by_singles(&self, givens: &Grid) -> bool {
        assert_eq!(givens.cells.len(), self.cells, "grid does not match the model");
        match &self.path {
            Path::Nine(fast) => fast.solves_by_singles(&givens.cells),
            Path::Sixteen(fast) => fast.solves_by_singles(&givens.cells),
            Path::Engine(engine) => with_engine!(engine.as_ref(), e => singles_engine(e, givens)),
        }
    }

    /// Like [`Solver::verdict`], but gives up (`Undecided`) when `budget`
    /// runs out: what `solve` and `import` ask, so that no
    /// puzzle (a few givens on a layout whose propagation is weak) keeps
    /// them busy for ever.
    pub fn verdict_within(&self, givens: &Grid, budget: Budget) -> Budgeted<Verdict> {
        let query = Query { givens, excluded: &[], limit: 2, near: None, want_first: true, first_if_unique: true };
        let (count, out_of_budget) = self.run_budgeted(&query, budget);
        if out_of_budget {
            return Budgeted::Undecided { found: count.solutions, nodes: count.stats.nodes };
        }
        Budgeted::Decided(match (count.solutions, count.first) {
            (1, Some(grid)) => Verdict::Unique(grid),
            (0, _) => Verdict::None,
            _ => Verdict::Multiple,
        })
    }

    /// Like [`Solver::count`], but gives up (`Undecided`, with the
    /// solutions found so far) when `budget` runs out.
    pub fn count_within(&self, givens: &Grid, limit: usize, budget: Budget) -> Budgeted<Count> {
        let query = Query { givens, excluded: &[], limit, near: None, want_first: true, first_if_unique: false };
        let (count, out_of_budget) = self.run_budgeted(&query, budget);
        match out_of_budget {
            true => Budgeted::Undecided { found: count.solutions, nodes: count.stats.nodes },
            false => Budgeted::Decided(count),
        }
    }

    pub fn verdict(&self, givens: &Grid) -> Verdict {
        let query = Query { givens, excluded: &[], limit: 2, near: None, want_first: true, first_if_unique: true };
        let count = self.run(&query, None, DEFAULT_NODE_BUDGET).0;
        match (count.solutions, count.first) {
            (1, Some(grid)) => Verdict::Unique(grid),
            (0, _) => Verdict::None,
            _ => Verdict::Multiple,
        }
    }

    /// A random complete grid, or `None` if none was found within
    /// `node_budget` search nodes (the layout may be unfillable).
    pub fn random_fill(&self, rng: &mut dyn Rng, node_budget: u64) -> Option<(Grid, SearchStats)> {
        let empty = Grid::empty(self.cells);
        let (count, out_of_budget) = self.run(
            &Query { givens: &empty, excluded: &[], limit: 1, near: None, want_first: true, first_if_unique: false },
            Some(rng),
            node_budget,
        );
        if out_of_budget {
            return None;
        }
        count.first.map(|g| (g, count.stats))
    }

    fn run_budgeted(&self, query: &Query<'_>, budget: Budget) -> (Count, bool) {
        self.run_until(query, None, budget.nodes, budget.deadline)
    }

    fn run<'a>(&self, query: &Query<'a>, rng: Option<&'a mut dyn Rng>, node_budget: u64) -> (Count, bool) {
        self.run_until(query, rng, node_budget, None)
    }

    fn run_until<'a>(
        &self,
        query: &Query<'a>,
        rng: Option<&'a mut dyn Rng>,
        node_cap: u64,
        deadline: Option<std::time::Instant>,
    ) -> (Count, bool) {
        let Query { givens, excluded, limit, near, .. } = *query;
        assert_eq!(givens.cells.len(), self.cells, "grid does not match the model");
        let mut ctl = SearchControl {
            limit,
            found: 0,
            first: None,
            want_first: query.want_first,
            first_if_unique: query.first_if_unique,
            stats: SearchStats::default(),
            rng,
            prefer: near.map(|g| g.cells.as_slice()),
            focus: excluded.first().map(|&(c, _)| c),
            // Under a deadline the clock is read every CLOCK_EVERY nodes.
            node_budget: if deadline.is_some() { node_cap.min(engine::CLOCK_EVERY) } else { node_cap },
            out_of_budget: false,
            deadline,
            node_cap,
        };
        match &self.path {
            Path::Nine(fast) => fast.run(&givens.cells, excluded, &mut ctl),
            Path::Sixteen(fast) => fast.run(&givens.cells, excluded, &mut ctl),
            Path::Engine(engine) => with_engine!(engine.as_ref(), e => run_engine(e, givens, excluded, &mut ctl)),
        }
        let count = Count { solutions: ctl.found, first: ctl.first.map(|cells| Grid { cells }), stats: ctl.stats };
        (count, ctl.out_of_budget)
    }
}

/// The symbols of `options` in the order a branch of a fast path tries
/// them at `cell`: ascending, shuffled for a random fill, and the
/// preferred grid's symbol first.
#[inline(always)]
fn branch_order<const N: usize>(options: u32, ctl: &mut SearchControl, cell: usize) -> ([u8; N], usize) {
    let mut order = [0u8; N];
    let mut n = 0;
    let mut rest = options;
    while rest != 0 {
        order[n] = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        n += 1;
    }
    if ctl.rng.is_some() || ctl.prefer.is_some() {
        reorder(&mut order[..n], ctl, cell);
    }
    (order, n)
}

/// [`branch_order`]'s shuffle and preferred symbol, out of the plain
/// count's way.
#[inline(never)]
fn reorder(order: &mut [u8], ctl: &mut SearchControl, cell: usize) {
    if let Some(rng) = ctl.rng.as_deref_mut() {
        use rand::seq::SliceRandom;
        order.shuffle(rng);
    }
    if let Some(p) = ctl.prefer.and_then(|grid| grid[cell])
        && let Some(i) = order.iter().position(|&d| d == p)
    {
        order[..=i].rotate_right(1);
    }
}

/// What a search is asked.
#[derive(Clone, Copy)]
struct Query<'a> {
    givens: &'a Grid,
    excluded: &'a [(usize, Symbol)],
    limit: usize,
    /// A solution to search near (its symbols first).
    near: Option<&'a Grid>,
    want_first: bool,
    /// `first` only when the search ends with one solution.
    first_if_unique: bool,
}

fn run_engine<const W: usize>(engine: &Engine<W>, givens: &Grid, excluded: &[(usize, Symbol)], ctl: &mut SearchControl) {
    let mut arena = vec![Bits::<W>::EMPTY; engine.stride() * 8];
    if engine.init(&mut arena[..engine.stride()], &givens.cells, excluded).is_ok() {
        engine.search(&mut arena, 0, ctl, engine.all_cells());
    }
}

fn singles_engine<const W: usize>(engine: &Engine<W>, givens: &Grid) -> bool {
    let mut state = vec![Bits::<W>::EMPTY; engine.stride()];
    engine.init(&mut state, &givens.cells, &[]).is_ok() && matches!(engine.singles(&mut state), Ok(true))
}

#[cfg(test)]
mod tests;
