//! Exact enumeration of all snakes: a depth-first walk over paths, keeping
//! the forced pattern as bitboards.
//!
//! Two facts keep the walk small:
//!
//! - *Parity is colour.* Parity alternates along the snake, and so does the
//!   checkerboard colour, so all snake cells of one colour share a parity. A
//!   non-snake neighbour of a snake cell has the other colour and takes that
//!   cell's parity (S4). So on the forced region parity depends only on
//!   (colour, on snake), S4 can never clash, and one walk serves both parity
//!   patterns of a path: `alive` says which of the two still fit the house
//!   counts.
//! - *Symmetry.* The rules are invariant under the 8 symmetries of the
//!   square, and every cell maps into the 15 cells with row ≤ column ≤ 4, so
//!   it suffices to walk from those cells and map what is found.
//!
//! Invariant of [`State`]: every snake cell except the head is *committed*:
//! its orthogonal neighbours are in `forced`. A cell is committed when the
//! walk leaves it, since only then are its snake neighbours final. A later
//! cell must avoid `forced` entirely (touching a committed cell breaks S2),
//! which makes S2 one mask test and gives a cheap reachability bound (every
//! box not yet visited must be reachable through unforced cells). House
//! counts (≤ 4 evens, ≤ 5 odds) are re-checked on the houses a step changes;
//! S6 is decided exactly whenever a path may end.

use super::grid::{ALL_BOXES, Board, CELLS, DARK, LANES_2, LANES_3, LANES_8, ON_GRID, SIZE, TABLES, bit, box_of, spread};
use super::{Options, Snake, Symmetry, parity};

/// Every snake meeting S1–S6 under `options`, each once (canonical
/// direction: first cell < last cell), sorted by length, then cells, then
/// odd-first before even-first. A snake's number is its index + 1.
pub fn enumerate(options: &Options) -> Vec<Snake> {
    let mut walk = Walk { options: *options, path: [0; CELLS], found: Vec::new() };
    for start in (0..CELLS).filter(|&c| in_fundamental_domain(c)) {
        walk.path[0] = start as u8;
        walk.step(&State::start(start), 1, start, None);
    }
    let mut all: Vec<Snake> = walk.found.iter().flat_map(|snake| Symmetry::ALL.iter().map(move |&s| snake.transformed(s))).collect();
    all.sort();
    all.dedup();
    all
}

/// The 15 cells with row ≤ column ≤ 4: every cell has an image here.
fn in_fundamental_domain(cell: usize) -> bool {
    let (r, c) = (cell / SIZE, cell % SIZE);
    r <= c && c <= 4
}

/// The two parity patterns of a path, as bits of `State::alive`.
const DARK_EVEN: u8 = 1;
const DARK_ODD: u8 = 2;
const BOTH: u8 = DARK_EVEN | DARK_ODD;

#[derive(Clone, Copy)]
struct State {
    snake: Board,
    /// Snake cells and the neighbours of committed snake cells.
    forced: Board,
    /// Per house (4-bit lanes), forced cells with the parity of the snake's
    /// dark cells, and the others. A forced cell never changes class: a
    /// forced non-snake cell can never join the snake.
    like_dark_counts: u128,
    unlike_dark_counts: u128,
    /// Boxes the path has visited, one bit per box.
    boxes: u16,
    /// Parity patterns still within the house counts.
    alive: u8,
}

impl State {
    fn start(cell: usize) -> State {
        let mut state =
            State { snake: bit(cell), forced: 0, like_dark_counts: 0, unlike_dark_counts: 0, boxes: 1 << box_of(cell), alive: BOTH };
        state.force(bit(cell));
        state
    }

    /// Forced cells with the parity of the snake's dark cells, and the rest.
    fn split(&self) -> (Board, Board) {
        let like_dark = (self.snake & DARK) | (self.forced & !self.snake & !DARK);
        (like_dark, self.forced & !like_dark)
    }

    /// Add `cells` (snake cells already in `snake`) to the forced region and
    /// drop the parity patterns that now break a house count.
    fn force(&mut self, cells: Board) {
        let new = cells & !self.forced;
        self.forced |= new;
        let mut like_dark = new & ((self.snake & DARK) | (!self.snake & !DARK));
        let mut unlike_dark = new & !like_dark;
        while like_dark != 0 {
            self.like_dark_counts += TABLES.house_lanes[like_dark.trailing_zeros() as usize];
            like_dark &= like_dark - 1;
        }
        while unlike_dark != 0 {
            self.unlike_dark_counts += TABLES.house_lanes[unlike_dark.trailing_zeros() as usize];
            unlike_dark &= unlike_dark - 1;
        }
        // Dark-even dies on a house with 5 like-dark (evens) or 6 unlike (odds).
        let (like, unlike) = (self.like_dark_counts, self.unlike_dark_counts);
        if ((like + LANES_3) | (unlike + LANES_2)) & LANES_8 != 0 {
            self.alive &= !DARK_EVEN;
        }
        if ((unlike + LANES_3) | (like + LANES_2)) & LANES_8 != 0 {
            self.alive &= !DARK_ODD;
        }
    }

    /// Can every box not yet visited still be reached from `head` through
    /// unforced cells?
    fn can_reach_missing_boxes(&self, head: usize) -> bool {
        let missing = !self.boxes & ALL_BOXES;
        if missing == 0 {
            return true;
        }
        let free = ON_GRID & !self.forced;
        let reaches_all = |region: Board| {
            let mut boxes = missing;
            while boxes != 0 {
                if region & TABLES.house[2 * SIZE + boxes.trailing_zeros() as usize] == 0 {
                    return false;
                }
                boxes &= boxes - 1;
            }
            true
        };
        // Grow the region two steps at a time; stop as soon as it reaches
        // every missing box (the usual case) or stops growing.
        let mut region = TABLES.orth[head] & free;
        loop {
            if reaches_all(region) {
                return true;
            }
            let once = region | (spread(region) & free);
            let wider = once | (spread(once) & free);
            if wider == region {
                return false;
            }
            region = wider;
        }
    }
}

struct Walk {
    options: Options,
    path: [u8; CELLS],
    found: Vec<Snake>,
}

impl Walk {
    /// The path is `path[..len]`, ending at `head` (preceded by `neck`).
    fn step(&mut self, state: &State, len: usize, head: usize, neck: Option<usize>) {
        if state.boxes == ALL_BOXES {
            self.try_end(state, len, head);
        }
        let neck_bit = neck.map_or(0, bit);
        for &next in TABLES.neighbours(head) {
            let next = next as usize;
            let next_bit = bit(next);
            // S2: next is unforced, so new and not touching any committed cell;
            // the head is its only snake neighbour.
            if state.forced & next_bit != 0 {
                continue;
            }
            if self.options.no_diagonal_touch && TABLES.diag[next] & state.snake & !neck_bit != 0 {
                continue;
            }
            let mut grown = *state;
            grown.snake |= next_bit;
            grown.boxes |= 1 << box_of(next);
            // Commit the head: all its neighbours are now forced (S4).
            grown.force(TABLES.orth[head] | next_bit);
            if grown.alive == 0 || !grown.can_reach_missing_boxes(next) {
                continue;
            }
            self.path[len] = next as u8;
            self.step(&grown, len + 1, next, Some(head));
        }
    }

    /// End the snake at `tail`: commit it (S4 at the tail), then S6 exactly.
    fn try_end(&mut self, state: &State, len: usize, tail: usize) {
        let mut done = *state;
        done.force(TABLES.orth[tail]);
        let (like_dark, unlike_dark) = done.split();
        let start_dark = DARK >> self.path[0] & 1 == 1;
        for (pattern, even, odd) in [(DARK_EVEN, like_dark, unlike_dark), (DARK_ODD, unlike_dark, like_dark)] {
            if done.alive & pattern != 0 && parity::completes(even, odd) {
                let first_even = start_dark == (pattern == DARK_EVEN);
                self.found.push(Snake::new(self.path[..len].to_vec(), first_even));
            }
        }
    }
}
