//! Human-style grading (issue #8): a ladder of solving techniques, applied
//! easiest first, whose ratings follow Sudoku Explainer (SE).
//!
//! The grader walks SE's technique table in SE's order, takes the first
//! producer that has something to say (the easiest hint of that producer for
//! chains), applies it, and restarts from the singles. The puzzle's rating is
//! the hardest step on that path, as in SE's `Solver.getDifficulty`.
//!
//! The table is Sukaku Explainer's (SudokuMonster's SE fork, which graded
//! our calibration data): SE 1.2.1's techniques plus skyscraper / kite /
//! turbot / empty rectangle (4.0 - 4.3), 3- and 4-link X-chains (5.4 - 6.1)
//! and ALS wings (WXYZ 5.5, VWXYZ 6.2, UVWXYZ 6.6). Chains are SE's: static
//! X-, Y- and XY-chains and cycles (6.5 - 7.x, rated by length), then the
//! two producers SE tries among its chains before Nishio: the TUVWXYZ-wing
//! (an ALS wing of six cells) and aligned triplet exclusion (both 7.5), Nishio
//! (7.5+), multiple (8.0+), dynamic (8.5+) and dynamic (+) forcing chains
//! (9.0+), and SE's nested forcing chains (forcing chains inside, 9.5+;
//! multiple forcing chains inside, 10.0+); past those, one cell is filled
//! from the solution ("guess", 10.0).
//!
//! Two shortcuts keep hard puzzles fast without changing the grade: once the
//! grade has reached a chain level, the first chain step no harder than it
//! is taken instead of the easiest one, and the other steps found by an
//! exhaustive chain search that are no harder than the grade are applied at
//! once (see `hint::Batch`). Both stop once the grade reaches 9.5 (SE's
//! first nested level): there a step can make a later one harder, so the
//! grader follows SE's own path (`Ladder::next_hint`).
//!
//! Everything is written over houses (all-different groups of cells), so
//! jigsaw, diagonal and other sudoku variants are graded too. Row/column/box
//! information is optional and only used for SE's naming and ratings (box vs.
//! line singles, pointing vs. claiming, empty rectangles) and to keep fish to
//! rows and columns as SE does; without it, fish use any two families of
//! houses that partition the grid. The grader assumes the puzzle has exactly
//! one solution (unique rectangles and BUG rely on it).

// Index loops read more clearly than iterator chains in the pattern searches.
#![allow(clippy::needless_range_loop)]

mod backtrack;
mod board;
mod cages;
mod calibrate;
mod chains;
mod exclusion;
mod fish;
mod forcing;
mod generalized;
mod graph;
mod grouped;
mod hint;
mod intersections;
mod killer_chains;
mod killer_check;
mod killer_settle;
mod killer_sums;
mod memo;
pub mod model_grader;
mod nested;
mod problem;
mod prop_store;
mod propagation;
mod rating;
mod singles;
mod strong_links;
mod stuck;
mod subsets;
mod techniques;
mod uniqueness;
mod wings;
mod x_loops;

#[cfg(test)]
mod killer_tests;
#[cfg(test)]
mod loop_tests;
#[cfg(test)]
mod nested_tests;
#[cfg(test)]
mod pattern_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;

pub use calibrate::{BandStats, Calibration, calibration, calibration_from_str};
pub use hint::{ChainNode, Link, Part, Pattern, PatternCell, PatternHouse};
pub use killer_check::KillerCheck;
pub use model_grader::{Grader, houses_of};
pub use problem::{Problem, SquareInfo};
pub use rating::{Level, level_of};
pub use stuck::{Stuck, StuckStep, first_stuck, hardest_step, is_single};
pub use techniques::{About, Reasoning, TABLE, TECHNIQUES};

use board::{Board, Hint, Topology};

/// The solving techniques, in SE's order of difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    FullHouse,
    HiddenSingleBox,
    HiddenSingle,
    /// Pointing that directly yields a hidden single (SE "direct pointing").
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    /// Killer: a cage's sum leaves some digits out of its cells (2.0; 2.5
    /// for cages of four or more cells).
    CageCombination,
    NakedSingle,
    DirectHiddenTriple,
    Pointing,
    /// Killer: a digit every combination of a cage needs, its places in the
    /// cage all in one house, leaves the rest of that house (2.6).
    CageHouse,
    Claiming,
    /// Killer: the rule of 45 — the cells a house's whole cages leave add up
    /// to the rest of its total (2.8; 3.6 over two or three rows or columns).
    InniesOuties,
    /// Every place of a digit in a house seen by one cell outside it, through
    /// houses beyond boxes and lines (Sukaku Explainer's variant mode, 2.9).
    GeneralizedIntersection,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    /// Killer: a combination of a cage inside a house that would leave the
    /// rest of the house no way to its digits and sums is out (3.6).
    CageInteraction,
    /// Killer: the rule of 45 over boxes side by side (3.7).
    InniesOutiesUnion,
    /// Killer pair or triple: cages and cells of a house that must each
    /// hold one of k digits (3.8, 4.0).
    KillerSubset,
    Swordfish,
    HiddenTriple,
    /// Two conjugate pairs in parallel lines, joined by a weak link.
    Skyscraper,
    /// Two conjugate pairs in a row and a column, joined in a box.
    TwoStringKite,
    /// Two conjugate pairs, one in a box.
    TurbotFish,
    /// A conjugate pair and an empty rectangle (a box whose places lie on
    /// one row and one column).
    EmptyRectangle,
    /// Two strong links of one digit, one of them grouped: a line whose
    /// places lie in two of its box segments, or a box whose places lie in
    /// two of its mini-lines (SE's grouped skyscraper, kite, turbot; 4.3).
    GroupedTurbotFish,
    /// A closed chain of strong links of one digit, grouped where SE
    /// groups, whose last link's end shares a house with the first link's
    /// start: every weak link then holds the digit on exactly one side, and
    /// it leaves the cells seeing both sides of any (SE's "(n Strong Links)
    /// X-Loop", rated as the n strong links: 4.0 for two, 5.4, 5.8, 6.2,
    /// 6.6 for three to six, +0.1 to +0.3 by the links' houses).
    XLoop,
    XYWing,
    XYZWing,
    UniqueRectangle,
    UniqueLoop,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    /// X-chain of exactly three conjugate pairs (Sukaku's 3 strong links).
    StrongLinks3,
    /// Almost locked set of 3 cells plus a bivalue cell.
    WXYZWing,
    BivalueUniversalGrave,
    /// X-chain of three or four strong links, one of them grouped (SE's
    /// grouped 3 and 4 strong links, 5.7 and 6.1).
    GroupedStrongLinks,
    /// X-chain of exactly four conjugate pairs.
    StrongLinks4,
    VWXYZWing,
    AlignedPairExclusion,
    UVWXYZWing,
    /// Bidirectional X-cycle (a continuous loop on one digit; colouring).
    XCycle,
    /// Bidirectional Y-cycle (a loop of bivalue cells).
    YCycle,
    /// Forcing X-chain (turbot fish, X-chain; one digit).
    XChain,
    XYCycle,
    /// Forcing chain mixing cell and house links (XY-chains and AICs).
    XYChain,
    /// Almost locked set of 6 cells plus a bivalue cell (SE 7.5, tried
    /// after the static chains).
    TUVWXYZWing,
    /// Three cells that cannot take the values that would empty a cell
    /// seeing all of them (SE 7.5, after the TUVWXYZ-wing).
    AlignedTripletExclusion,
    NishioForcingChain,
    /// Killer: a forcing chain through cages' sums ending in a
    /// contradiction (7.5 + length).
    CageForcingChain,
    CellForcingChain,
    /// Killer: every candidate of a cell forces the same, through cages'
    /// sums (8.0 + length).
    CageCellForcingChains,
    RegionForcingChain,
    DynamicForcingChain,
    /// Killer: cage forcing chains whose propagation also takes the basic
    /// cage techniques and locked candidates as links (8.5 + length).
    DynamicCageForcingChains,
    DynamicForcingChainPlus,
    /// Killer: dynamic cage forcing chains with cage forcing chains inside
    /// their propagation (9.5 + length, below a guess).
    NestedCageForcingChains,
    /// SE's nested forcing chains, level 2: dynamic forcing chains (+)
    /// with forcing chains inside their propagation (9.5 + length).
    NestedForcingChain,
    /// Level 3: with multiple forcing chains inside too (10.0 + length).
    NestedMultipleForcingChain,
    /// No logical technique applies: one cell is filled from the solution.
    Guess,
}

impl Technique {
    /// The grader's name ("hidden single (box)"), from [`TABLE`].
    pub fn name(self) -> &'static str {
        self.about().name
    }

    /// SE's rating of the simplest instance; chains and loops add to it with
    /// their length (see [`Step::rating`] for the rating of one step).
    pub fn se_rating(self) -> f32 {
        self.about().tenths as f32 / 10.0
    }

    /// HoDoKu's weight for one step of this technique.
    pub fn hodoku_weight(self) -> u32 {
        self.about().hodoku
    }
}

/// One step of the solving path.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub technique: Technique,
    /// SE rating of this step (chains grow with their length).
    pub rating: f32,
    /// e.g. "hidden single: 7 in box 2 => r3c5=7".
    pub description: String,
    /// (cell, 0-based symbol) placed by this step.
    pub placements: Vec<(usize, u8)>,
    /// (cell, 0-based symbol) candidates removed by this step.
    pub eliminations: Vec<(usize, u8)>,
    /// (cell, 0-based symbol) candidates the step's pattern stands on (a
    /// pair's two candidates in its two cells, a fish's digit in its base
    /// lines, a wing's cells, a chain's nodes; a single's own cell and
    /// symbol), as they were before the step: [`Pattern::candidates`]
    /// without those the step removes, and what it places.
    pub uses: Vec<(usize, u8)>,
    /// The pattern as data: its houses and cells with their parts, its
    /// candidates, a chain's nodes and links (see [`Pattern`]).
    pub pattern: Pattern,
    /// Every cell's candidates before the step, one bit a symbol (bit 0
    /// the first); 0 for a solved cell. A chain step applied with a batch
    /// (see `hint::Batch`) has those of the board its search ran on, where
    /// its pattern holds.
    pub candidates: Vec<u32>,
}

/// A step's [`Step::uses`], [`Step::candidates`] and [`Step::pattern`].
type Seen = (Vec<(usize, u8)>, Vec<u32>, Pattern);

/// Every cell's candidates on a board (0 for a solved cell).
fn board_candidates(topo: &Topology, board: &Board) -> Vec<u32> {
    (0..topo.n_cells).map(|c| if board.unsolved.contains(c) { board.cand[c] as u32 } else { 0 }).collect()
}

/// What a step stands on and the candidates it was found on ([`Step::uses`],
/// [`Step::candidates`], [`Step::pattern`]).
fn seen(topo: &Topology, candidates: Vec<u32>, hint: &Hint) -> Seen {
    let mut pattern = hint.pattern.clone();
    pattern.complete(topo, hint, &candidates);
    let mut uses: Vec<(usize, u8)> = pattern.candidates.iter().copied().filter(|u| !hint.eliminations.contains(u)).collect();
    uses.sort_unstable();
    for &p in &hint.placements {
        if !uses.contains(&p) {
            uses.push(p);
        }
    }
    (uses, candidates, pattern)
}

/// The result of grading a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// The hardest step on the easiest-step path, SE scale (1.0 - 10.0).
    pub se_rating: f32,
    /// HoDoKu-style score: sum of the step weights.
    pub hodoku_score: u32,
    pub level: Level,
    pub hardest: Technique,
    pub steps: Vec<Step>,
    /// False when the grid is contradictory (no solution).
    pub solved: bool,
    /// Some step assumed uniqueness or guessed ([`Rating::assumed_unique`]).
    pub assumed_unique: bool,
}

/// Grade a puzzle like a human solver. Never panics; an invalid or
/// contradictory problem comes back with `solved == false`.
pub fn grade(problem: &Problem) -> Grade {
    grade_within(problem, u32::MAX).expect("no ceiling, no refusal")
}

/// Grades a puzzle unless it needs a step rated above `ceiling` (SE rating
/// in tenths): then `None`, found without searching the harder techniques —
/// what a generator asks on every clue it tries to remove.
pub fn grade_within(problem: &Problem, ceiling: u32) -> Option<Grade> {
    match problem.validate() {
        Ok(()) => grade_on(&topology_for(problem), &problem.givens, ceiling, true),
        Err(_) => grade_on_valid(None, &[], ceiling, true),
    }
}

/// A grade without its solving path: what generation, validation and a
/// plain `grade` need. Found by the same steps as [`Grade`], but none is
/// described or kept, and the singles no harder than the hardest step so
/// far are placed at once between steps (the rating is the same: see
/// `singles::place_up_to`), which makes an easy puzzle's grading several
/// times cheaper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub se_rating: f32,
    pub level: Level,
    pub hardest: Technique,
    pub solved: bool,
    /// Some step assumed the puzzle has one solution (a unique rectangle or
    /// loop, a BUG) or filled a cell from a solution (a guess). A path that
    /// solved the grid without any such step proves it has exactly one.
    pub assumed_unique: bool,
}

impl Grade {
    pub fn rating(&self) -> Rating {
        Rating {
            se_rating: self.se_rating,
            level: self.level,
            hardest: self.hardest,
            solved: self.solved,
            assumed_unique: self.assumed_unique,
        }
    }
}

impl Technique {
    /// Whether the technique holds only in a puzzle with one solution
    /// (or takes the solution's digit outright).
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self.reasoning(), Reasoning::Uniqueness | Reasoning::Trial)
    }
}

/// [`grade_within`] on a topology built beforehand (a [`Grader`]'s), for
/// givens already checked against the problem's rules. Without `describe`
/// the steps are neither described nor kept (`steps` comes back empty).
pub(crate) fn grade_on(topo: &Topology, givens: &[Option<u8>], ceiling: u32, describe: bool) -> Option<Grade> {
    grade_on_valid(Some(topo), givens, ceiling, describe)
}

fn grade_on_valid(topo: Option<&Topology>, givens: &[Option<u8>], ceiling: u32, describe: bool) -> Option<Grade> {
    let _describing = hint::Describing::set(describe);
    let mut steps = Vec::new();
    let mut taken = 0usize;
    let mut hardest = Technique::FullHouse;
    let mut max_rating = 0u32;
    let mut score = 0u32;
    let mut solved = false;
    let mut assumed_unique = false;
    if let Some(topo) = topo {
        let mut kept = SpareBoard::take(topo, givens);
        let board = kept.board();
        // Givens that break a rule (twice in a house, against a mark).
        if board.clash {
            return None;
        }
        let mut ladder = Ladder::new(topo);
        let mut solution: Option<Option<Vec<u8>>> = None;
        loop {
            if board.unsolved.is_empty() {
                solved = !board.clash;
                break;
            }
            let hint = match ladder.next_hint(board, max_rating, ceiling) {
                Some(h) if h.rating > ceiling => return None,
                Some(h) => h,
                None if ceiling < rating::GUESS_TENTHS => return None,
                None => {
                    if board.broken(topo) {
                        break;
                    }
                    // Killer grids get no chains: nothing rates above a
                    // guess, so without a path to write the rating is
                    // settled here (and no solution need be searched for).
                    if !describe && !topo.sums.is_empty() {
                        if rating::GUESS_TENTHS > max_rating {
                            max_rating = rating::GUESS_TENTHS;
                            hardest = Technique::Guess;
                        }
                        taken += 1;
                        assumed_unique = true;
                        break;
                    }
                    let sol = solution.get_or_insert_with(|| backtrack::solve(topo, givens));
                    match sol.as_ref().and_then(|s| backtrack::guess_hint(topo, board, s)) {
                        Some(h) => {
                            ladder.guessed = true;
                            h
                        }
                        None => break,
                    }
                }
            };
            // The batch's extras were found on this board too: their
            // patterns hold here (the steps before them may have changed it).
            let found_on = describe.then(|| board_candidates(topo, board));
            let before = found_on.clone().map(|c| seen(topo, c, &hint));
            if !apply(topo, board, &hint) {
                break;
            }
            let mut record = |hint: Hint, before: Option<Seen>| {
                assumed_unique |= hint.technique.assumes_uniqueness();
                if hint.rating > max_rating {
                    max_rating = hint.rating;
                    hardest = hint.technique;
                }
                score += hint.technique.hodoku_weight();
                taken += 1;
                if let Some((uses, candidates, pattern)) = before {
                    steps.push(Step {
                        technique: hint.technique,
                        rating: hint.rating as f32 / 10.0,
                        description: hint.description,
                        placements: hint.placements,
                        eliminations: hint.eliminations,
                        uses,
                        candidates,
                        pattern,
                    });
                }
            };
            record(hint, before);
            for extra in std::mem::take(&mut ladder.pending) {
                let before = found_on.clone().map(|c| seen(topo, c, &extra));
                if apply(topo, board, &extra) {
                    record(extra, before);
                }
            }
            // A rating alone takes the singles it already rates at once
            // (see `singles::place_up_to`); a path lists every step.
            if !describe {
                taken += singles::place_up_to(topo, board, max_rating);
            }
        }
    }
    let se_rating = max_rating as f32 / 10.0;
    Some(Grade {
        se_rating,
        hodoku_score: score,
        level: level_of(se_rating),
        hardest: if solved || taken > 0 { hardest } else { Technique::Guess },
        steps,
        solved,
        assumed_unique,
    })
}

thread_local! {
    /// The board of the last grading on this thread, its memory reused by
    /// the next (see [`SpareBoard`]).
    static SPARE_BOARD: std::cell::Cell<Option<Board>> = const { std::cell::Cell::new(None) };
}

/// A grading's board, made in the memory of the thread's last one and left
/// there for the next when dropped: a generator or `grade --file` grades
/// thousands of puzzles, and allocating a board costs as much as an easy
/// puzzle's first steps.
struct SpareBoard(Option<Board>);

impl SpareBoard {
    fn take(topo: &Topology, givens: &[Option<u8>]) -> SpareBoard {
        SpareBoard(Some(match SPARE_BOARD.take() {
            Some(spare) => spare.renew(topo, givens),
            None => Board::new(topo, givens),
        }))
    }

    fn board(&mut self) -> &mut Board {
        self.0.as_mut().expect("a spare board holds its board until dropped")
    }
}

impl Drop for SpareBoard {
    fn drop(&mut self) {
        SPARE_BOARD.set(self.0.take());
    }
}

thread_local! {
    /// The last layout graded on this thread: books grade thousands of
    /// puzzles on one layout, and building the topology costs more than
    /// grading an easy puzzle.
    static LAST_TOPOLOGY: std::cell::RefCell<Option<(Problem, std::rc::Rc<Topology>)>> =
        const { std::cell::RefCell::new(None) };
}

fn topology_for(problem: &Problem) -> std::rc::Rc<Topology> {
    LAST_TOPOLOGY.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((key, topo)) = cache.as_ref()
            && key.n_symbols == problem.n_symbols
            && key.houses == problem.houses
            && key.square == problem.square
            && key.cell_names == problem.cell_names
            && key.allowed == problem.allowed
            && key.sums == problem.sums
            && key.symbol_names == problem.symbol_names
        {
            return topo.clone();
        }
        let topo = std::rc::Rc::new(Topology::new(problem));
        let key = Problem { givens: Vec::new(), ..problem.clone() };
        *cache = Some((key, topo.clone()));
        topo
    })
}

/// Apply a hint; false if it made no progress (which would loop forever).
fn apply(topo: &Topology, board: &mut Board, hint: &Hint) -> bool {
    let mut progress = false;
    for &(c, d) in &hint.eliminations {
        progress |= board.eliminate(c, d as usize);
    }
    for &(c, d) in &hint.placements {
        if board.value[c] == board::NO_VALUE {
            board.place(topo, c, d as usize);
            progress = true;
        }
    }
    progress
}

/// The technique table, with the scratch space the chain searches reuse.
pub(crate) struct Ladder<'a> {
    topo: &'a Topology,
    /// Where the basic techniques last found nothing (see `memo`).
    memos: Memos,
    /// Further forcing-chain steps found with the last one (applied next).
    pending: Vec<Hint>,
    chains_: Option<Box<chains::ChainSearch>>,
    forcing_: Option<Box<forcing::Forcing>>,
    /// The strong links' index, its memory kept from step to step.
    links: strong_links::LinkIndex,
    /// The almost locked sets of the board (3 to 5 cells; 6 for the
    /// TUVWXYZ-wing), their memory kept from step to step.
    als: wings::AlsIndex,
    als6: wings::AlsIndex,
    /// Killer grids: the rule-of-45 sets over joined boxes (made once).
    killer_extras: Option<Box<killer_sums::KillerExtras>>,
    /// A cell was filled from the solution: the puzzle is past the ladder,
    /// and the nested chains (whose failing search is the costliest of
    /// all) are not tried again, so a grid with several solutions, which
    /// needs a guess at every turn, is graded in seconds.
    guessed: bool,
}

impl<'a> Ladder<'a> {
    fn new(topo: &'a Topology) -> Ladder<'a> {
        Ladder {
            topo,
            memos: Memos::new(),
            pending: Vec::new(),
            chains_: None,
            forcing_: None,
            links: strong_links::LinkIndex::default(),
            als: wings::AlsIndex::new(3, 5),
            als6: wings::AlsIndex::new(6, 6),
            killer_extras: None,
            guessed: false,
        }
    }

    /// Chain searches own large scratch tables: made on first use only.
    fn chains(&mut self) -> &mut chains::ChainSearch {
        let t = self.topo;
        self.chains_.get_or_insert_with(|| Box::new(chains::ChainSearch::new(t)))
    }

    fn forcing(&mut self) -> &mut forcing::Forcing {
        let t = self.topo;
        self.forcing_.get_or_insert_with(|| Box::new(forcing::Forcing::new(t)))
    }

    /// The next step in SE order. `reached` is the hardest rating so far: a
    /// chain step no harder than that cannot change the grade, so the chain
    /// searches may return the first such step instead of the easiest.
    ///
    /// Not past SE's first nested level (9.5, below killer grids): there a
    /// step can make a later one harder (SE rates every step on the grid the
    /// one before it left, and a removal can lengthen the shortest chain
    /// that remains), so the grade follows SE's own path: its easiest step,
    /// ties in SE's order, one step at a time.
    fn next_hint(&mut self, b: &Board, reached: u32, ceiling: u32) -> Option<Hint> {
        let se_path = reached >= rating::base_tenths(Technique::NestedForcingChain) && self.topo.sums.is_empty();
        let h = self.next_hint_inner(b, if se_path { 0 } else { reached }, ceiling);
        if let Some(h) = &h {
            let limit = h.rating.max(reached);
            let mut pending = Vec::new();
            if let Some(f) = self.forcing_.as_mut() {
                pending = f.take_batch(h, limit);
            }
            if let Some(c) = self.chains_.as_mut() {
                pending.extend(c.take_batch(h, limit));
            }
            self.pending = if se_path { Vec::new() } else { pending };
        }
        h
    }

    fn next_hint_inner(&mut self, b: &Board, reached: u32, ceiling: u32) -> Option<Hint> {
        let t = self.topo;
        // The strong links are kept per digit while its places stay.
        let links = &mut self.links;
        let als = &mut self.als;
        als.forget();
        self.als6.forget();
        let mut unions = intersections::SegmentUnions::new();
        macro_rules! try_step {
            ($e:expr) => {
                if let Some(h) = $e {
                    return Some(h);
                }
            };
        }
        let m = &mut self.memos;
        macro_rules! by_digit {
            ($memo:expr, |$digits:ident| $e:expr) => {
                try_step!($memo.search(b, |memo| {
                    let $digits = memo.digits(b);
                    $e
                }))
            };
        }
        macro_rules! by_house {
            ($memo:expr, |$look:ident| $e:expr) => {
                try_step!($memo.search(b, |memo| {
                    let $look = |h: usize| memo.house_changed(b, h);
                    $e
                }))
            };
        }
        // Once every technique left rates above the ceiling, whatever comes
        // of them (a step too hard, or none, then a guess) is the same:
        // `None`. `past!(T)` stands where T's rating is the least of all
        // that follow it, in this order.
        macro_rules! past {
            ($t:expr) => {
                if ceiling < rating::base_tenths($t) {
                    return None;
                }
            };
        }
        use Technique as T;
        // A strong-link search may skip chains rated past the ceiling where
        // the technique after it is past the ceiling too (the rating ends
        // either way).
        let links_limit = |next: Technique| if ceiling < rating::base_tenths(next) { ceiling } else { u32::MAX };
        try_step!(singles::hidden_single(t, b));
        by_digit!(m.locked_direct, |digits| intersections::locked_candidates(t, b, true, digits, &mut unions));
        by_house!(m.hidden_direct[0], |look| subsets::hidden_subset(t, b, 2, true, look));
        let killer = !t.sums.is_empty();
        if killer {
            by_house!(m.cage_combination[0], |look| cages::cage_combination(t, b, cages::SMALL_CAGE, look));
        }
        try_step!(singles::naked_single(t, b));
        if killer {
            by_house!(m.cage_combination[1], |look| cages::cage_combination(t, b, usize::MAX, look));
        }
        past!(T::DirectHiddenTriple);
        by_house!(m.hidden_direct[1], |look| subsets::hidden_subset(t, b, 3, true, look));
        past!(T::Pointing);
        if killer {
            by_house!(m.cage_house, |look| cages::cage_house(t, b, look));
        }
        by_digit!(m.locked, |digits| intersections::locked_candidates(t, b, false, digits, &mut unions));
        if killer {
            try_step!(cages::innies_outies(t, b, 1));
        }
        if t.seers.iter().any(|s| !s.is_empty()) {
            past!(T::GeneralizedIntersection);
            by_digit!(m.generalized, |digits| generalized::generalized_intersection(t, b, digits));
        }
        past!(T::NakedPair);
        by_house!(m.naked[0], |look| subsets::naked_subset(t, b, 2, look));
        past!(T::XWing);
        by_digit!(m.fish[0], |digits| fish::fish(t, b, 2, digits));
        past!(T::HiddenPair);
        by_house!(m.hidden[0], |look| subsets::hidden_subset(t, b, 2, false, look));
        past!(T::NakedTriple);
        by_house!(m.naked[1], |look| subsets::naked_subset(t, b, 3, look));
        if killer {
            try_step!(cages::innies_outies(t, b, usize::MAX));
            past!(T::CageInteraction);
            try_step!(killer_sums::cage_interaction(t, b));
            let extras = self.killer_extras.get_or_insert_with(|| Box::new(killer_sums::KillerExtras::new(t)));
            try_step!(killer_sums::innies_outies_union(t, b, extras));
            try_step!(killer_sums::killer_subset(t, b, 2));
        }
        past!(T::Swordfish);
        by_digit!(m.fish[1], |digits| fish::fish(t, b, 3, digits));
        if killer {
            try_step!(killer_sums::killer_subset(t, b, 3));
        }
        past!(T::HiddenTriple);
        by_house!(m.hidden[1], |look| subsets::hidden_subset(t, b, 3, false, look));
        past!(T::Skyscraper);
        by_digit!(m.links[0], |digits| strong_links::strong_links(t, b, links, 2, digits, links_limit(T::XYWing)));
        past!(T::XYWing);
        try_step!(m.wings[0].search(b, |unchanged| wings::xy_wing(t, b, false, unchanged)));
        past!(T::XYZWing);
        try_step!(m.wings[1].search(b, |unchanged| wings::xy_wing(t, b, true, unchanged)));
        past!(T::UniqueRectangle);
        try_step!(uniqueness::unique_loops(t, b));
        past!(T::NakedQuad);
        by_house!(m.naked[2], |look| subsets::naked_subset(t, b, 4, look));
        past!(T::Jellyfish);
        by_digit!(m.fish[2], |digits| fish::fish(t, b, 4, digits));
        past!(T::HiddenQuad);
        by_house!(m.hidden[2], |look| subsets::hidden_subset(t, b, 4, false, look));
        past!(T::StrongLinks3);
        by_digit!(m.links[1], |digits| strong_links::strong_links(t, b, links, 3, digits, links_limit(T::WXYZWing)));
        past!(T::WXYZWing);
        try_step!(m.als[0].search(b, |unchanged| wings::als_wing(t, b, als, 3, unchanged)));
        past!(T::BivalueUniversalGrave);
        try_step!(uniqueness::bug(t, b));
        past!(T::StrongLinks4);
        by_digit!(m.links[2], |digits| strong_links::strong_links(t, b, links, 4, digits, links_limit(T::VWXYZWing)));
        past!(T::VWXYZWing);
        try_step!(m.als[1].search(b, |unchanged| wings::als_wing(t, b, als, 4, unchanged)));
        past!(T::AlignedPairExclusion);
        try_step!(m.exclusion[0].search_if(b, |unchanged| exclusion::aligned_exclusion(t, b, 2, unchanged)));
        // Chains (the first rated 6.5) follow the 6.6 wing.
        past!(T::XCycle);
        try_step!(m.als[2].search(b, |unchanged| wings::als_wing(t, b, als, 5, unchanged)));
        // The house chains below would miss every sum: a killer grid no
        // technique above finishes goes to the chains through its cages
        // (`killer_chains`), then to the guess.
        if killer && ceiling >= rating::base_tenths(T::CageForcingChain) {
            try_step!(killer_chains::cage_forcing_chain(t, b));
            past!(T::CageCellForcingChains);
            try_step!(killer_chains::cage_cell_forcing_chains(t, b));
            past!(T::DynamicCageForcingChains);
            let extras = self.killer_extras.get_or_insert_with(|| Box::new(killer_sums::KillerExtras::new(t)));
            try_step!(killer_chains::deeper_cage_chains(t, b, extras, killer_settle::Depth::Dynamic, reached));
            past!(T::NestedCageForcingChains);
            try_step!(killer_chains::deeper_cage_chains(t, b, extras, killer_settle::Depth::Nested, reached));
        }
        if ceiling < rating::FIRST_CHAIN_TENTHS || killer {
            return None;
        }
        // Past the first dynamic chain, any dynamic step no harder than the
        // grade reached cannot change it: try one before the cheaper chain
        // producers, which would mostly fail at full cost.
        let mut dynamic = None;
        if reached >= 85 {
            match self.forcing().find(t, b, forcing::Level::Dynamic, reached, None) {
                Some(h) if h.rating <= reached => return Some(h),
                other => dynamic = Some(other),
            }
        }
        try_step!(self.chains().find(t, b, reached));
        // SE's chaining producers between the static chains and Nishio.
        past!(T::TUVWXYZWing);
        let (m, als6) = (&mut self.memos, &mut self.als6);
        try_step!(m.als[3].search(b, |unchanged| wings::als_wing(t, b, als6, 6, unchanged)));
        try_step!(m.exclusion[1].search_if(b, |unchanged| exclusion::aligned_exclusion(t, b, 3, unchanged)));
        try_step!(self.forcing().find(t, b, forcing::Level::Nishio, reached, None));
        self.chains();
        self.forcing();
        if let (Some(c), Some(f)) = (self.chains_.as_mut(), self.forcing_.as_mut()) {
            let closure = c.xy_graph(t, b, true);
            try_step!(f.find(t, b, forcing::Level::Multiple, reached, Some(closure)));
        }
        let dynamic = match dynamic {
            Some(d) => d,
            None => self.forcing().find(t, b, forcing::Level::Dynamic, reached, None),
        };
        try_step!(dynamic.or_else(|| self.forcing().find(t, b, forcing::Level::DynamicPlus, reached, None)));
        // SE's "rescue" producers, tried only when all else fails: chains
        // with forcing chains, then multiple forcing chains, inside.
        past!(T::NestedForcingChain);
        if self.guessed {
            return None;
        }
        try_step!(self.forcing().find(t, b, forcing::Level::NestedForcing, reached, None));
        past!(T::NestedMultipleForcingChain);
        self.forcing().find(t, b, forcing::Level::NestedMultiple, reached, None)
    }
}

/// One [`memo::Memo`] per basic technique (and size) of the ladder.
struct Memos {
    locked_direct: memo::Memo,
    hidden_direct: [memo::Memo; 2],
    locked: memo::Memo,
    generalized: memo::Memo,
    naked: [memo::Memo; 3],
    hidden: [memo::Memo; 3],
    fish: [memo::Memo; 3],
    /// Strong links, 2 to 4 (with the loops of as many).
    links: [memo::Memo; 3],
    /// ALS wings of 3, 4, 5 and 6 cells.
    als: [memo::CellMemo; 4],
    /// XY- and XYZ-wings.
    wings: [memo::CellMemo; 2],
    /// Aligned pair and triplet exclusion.
    exclusion: [memo::CellMemo; 2],
    /// Killer: cage combination (small cages, then all), cage and house.
    cage_combination: [memo::Memo; 2],
    cage_house: memo::Memo,
}

impl Memos {
    fn new() -> Memos {
        let memo = memo::Memo::new;
        Memos {
            locked_direct: memo(),
            hidden_direct: [memo(), memo()],
            locked: memo(),
            generalized: memo(),
            naked: [memo(), memo(), memo()],
            hidden: [memo(), memo(), memo()],
            fish: [memo(), memo(), memo()],
            links: [memo(), memo(), memo()],
            als: [memo::CellMemo::new(), memo::CellMemo::new(), memo::CellMemo::new(), memo::CellMemo::new()],
            wings: [memo::CellMemo::new(), memo::CellMemo::new()],
            exclusion: [memo::CellMemo::new(), memo::CellMemo::new()],
            cage_combination: [memo(), memo()],
            cage_house: memo(),
        }
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.description)
    }
}
