//! Solving and counting over a `Model`: the uniqueness proof every stage
//! relies on. The fast representation lives in `engine`; this module picks
//! the bitset width for the model's size and converts at the edge.

mod engine;
mod fast9;

use crate::bits::Bits;
use crate::model::{Grid, Model, Symbol};
pub use engine::SearchStats;
use engine::{Engine, SearchControl};
use fast9::Fast9;
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
    ($self:expr, $e:ident => $body:expr) => {
        match &$self.engine {
            Sized::W2($e) => $body,
            Sized::W4($e) => $body,
            Sized::W6($e) => $body,
            Sized::W10($e) => $body,
        }
    };
}

/// Built once per model and reused for any number of puzzles.
pub struct Solver {
    engine: Sized,
    /// The 9×9 fast path when the model is classic sudoku (plus marks):
    /// counting goes there; random fills stay on the engine so a seed
    /// keeps making the same puzzle.
    fast: Option<Fast9>,
    cells: usize,
}

/// No search may run forever: counting stops here and says so.
const DEFAULT_NODE_BUDGET: u64 = u64::MAX;

impl Solver {
    pub fn new(model: &Model) -> Solver {
        let cells = model.cell_count();
        let engine = match cells {
            0..=128 => Sized::W2(Engine::new(model)),
            129..=256 => Sized::W4(Engine::new(model)),
            257..=384 => Sized::W6(Engine::new(model)),
            _ => Sized::W10(Engine::new(model)),
        };
        Solver { engine, fast: Fast9::for_model(model), cells }
    }

    /// The generic engine only, never the fast path (benchmarks and tests
    /// compare the two).
    pub fn generic(model: &Model) -> Solver {
        Solver { fast: None, ..Solver::new(model) }
    }

    /// Whether counting takes the 9×9 fast path.
    pub fn is_fast(&self) -> bool {
        self.fast.is_some()
    }

    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// Counts solutions up to `limit` (2 proves uniqueness).
    pub fn count(&self, givens: &Grid, limit: usize) -> Count {
        self.run(givens, &[], limit, None, DEFAULT_NODE_BUDGET).0
    }

    /// Counts solutions in which none of `excluded` (cell, symbol) holds.
    /// The generator's removal test: a clue can go if no solution avoids it.
    pub fn count_excluding(&self, givens: &Grid, excluded: &[(usize, Symbol)], limit: usize) -> Count {
        self.run(givens, excluded, limit, None, DEFAULT_NODE_BUDGET).0
    }

    /// Like [`Solver::count_excluding`], but gives up (`None`) after
    /// `node_budget` search nodes.
    pub fn count_excluding_within(&self, givens: &Grid, excluded: &[(usize, Symbol)], limit: usize, node_budget: u64) -> Option<Count> {
        let (count, out_of_budget) = self.run(givens, excluded, limit, None, node_budget);
        (!out_of_budget).then_some(count)
    }

    pub fn verdict(&self, givens: &Grid) -> Verdict {
        let count = self.count(givens, 2);
        match (count.solutions, count.first) {
            (1, Some(grid)) => Verdict::Unique(grid),
            (0, _) => Verdict::None,
            _ => Verdict::Multiple,
        }
    }

    /// A random complete grid, or `None` if none was found within
    /// `node_budget` search nodes (the layout may be unfillable).
    pub fn random_fill(&self, rng: &mut dyn Rng, node_budget: u64) -> Option<(Grid, SearchStats)> {
        let (count, out_of_budget) = self.run(&Grid::empty(self.cells), &[], 1, Some(rng), node_budget);
        if out_of_budget {
            return None;
        }
        count.first.map(|g| (g, count.stats))
    }

    fn run(&self, givens: &Grid, excluded: &[(usize, Symbol)], limit: usize, rng: Option<&mut dyn Rng>, node_budget: u64) -> (Count, bool) {
        assert_eq!(givens.cells.len(), self.cells, "grid does not match the model");
        let mut ctl = SearchControl { limit, found: 0, first: None, stats: SearchStats::default(), rng, node_budget, out_of_budget: false };
        match &self.fast {
            Some(fast) if ctl.rng.is_none() => fast.run(&givens.cells, excluded, &mut ctl),
            _ => with_engine!(self, e => run_engine(e, givens, excluded, &mut ctl)),
        }
        let count = Count { solutions: ctl.found, first: ctl.first.map(|cells| Grid { cells }), stats: ctl.stats };
        (count, ctl.out_of_budget)
    }
}

fn run_engine<const W: usize>(engine: &Engine<W>, givens: &Grid, excluded: &[(usize, Symbol)], ctl: &mut SearchControl) {
    let mut arena = vec![Bits::<W>::EMPTY; engine.stride() * 8];
    if engine.init(&mut arena[..engine.stride()], &givens.cells, excluded).is_ok() {
        engine.search(&mut arena, 0, ctl);
    }
}

#[cfg(test)]
mod tests;
