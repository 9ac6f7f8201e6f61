//! Random loops worth printing: the boundary of a region of cells grown one
//! cell at a time, so the loop winds through the whole grid instead of
//! hugging a rectangle.
//!
//! The boundary of a set of cells is one simple loop exactly when the set is
//! 4-connected, its complement (with everything off the board) is
//! 4-connected, and no two inside cells meet only at a corner with the other
//! two cells of that 2×2 block outside. Adding a cell keeps all three iff,
//! walking the cell's eight neighbours in a circle (off-board = outside),
//! the inside ones form exactly one run and that run holds an orthogonal
//! neighbour — the "simple point" test of digital topology, so each step is
//! O(1) and no flood fill is needed.

use super::grid::{EdgeSet, Grid, is_single_loop};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// Neighbour offsets around a cell, in circular order starting north.
const RING: [(i32, i32); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// A random loop enclosing 50–60 % of the cells.
pub fn random_loop(grid: &Grid, rng: &mut ChaCha8Rng) -> EdgeSet {
    loop {
        let inside = grow_region(grid, rng);
        let edges = boundary(grid, &inside);
        // The local test guarantees this; the check keeps a slip from ever
        // reaching a puzzle.
        if is_single_loop(grid, &edges) {
            return edges;
        }
    }
}

fn grow_region(grid: &Grid, rng: &mut ChaCha8Rng) -> Vec<bool> {
    let cells = grid.cells();
    let target = ((cells as f64 * rng.random_range(0.50..0.60)).round() as usize).clamp(1, cells.saturating_sub(1).max(1));
    let mut inside = vec![false; cells];
    let first = rng.random_range(0..cells);
    inside[first] = true;
    let mut size = 1;
    // Cells next to the region; stale entries are skipped when drawn.
    let mut frontier: Vec<usize> = Vec::new();
    push_neighbours(grid, first, &mut frontier);
    let mut misses = 0;
    while size < target && !frontier.is_empty() && misses < 50 * cells {
        let i = rng.random_range(0..frontier.len());
        let cell = frontier[i];
        if inside[cell] {
            frontier.swap_remove(i);
            continue;
        }
        // Prefer cells touching the region on one side only: the region
        // grows as a branching corridor, so the loop winds.
        let touching = orthogonal_inside(grid, &inside, cell);
        let accept = match touching {
            1 => true,
            2 => rng.random_bool(0.3),
            _ => rng.random_bool(0.05),
        };
        if !accept || !can_add(grid, &inside, cell) {
            misses += 1;
            continue;
        }
        inside[cell] = true;
        size += 1;
        frontier.swap_remove(i);
        push_neighbours(grid, cell, &mut frontier);
    }
    reshape(grid, &mut inside, size, rng);
    inside
}

/// Random flips of boundary cells that keep the loop simple and the region
/// between 50 % and 60 % of the board. Growth from one seed leaves some
/// parts of a big board untouched; these flips carry the loop everywhere.
/// Moves that lengthen the loop are always taken and others only sometimes,
/// so the result winds without becoming a pure maze.
fn reshape(grid: &Grid, inside: &mut [bool], mut size: usize, rng: &mut ChaCha8Rng) {
    let cells = grid.cells();
    let (low, high) = ((cells * 50).div_ceil(100).max(1), (cells * 60 / 100).max(1));
    for _ in 0..SHUFFLE_ROUNDS * cells {
        let cell = rng.random_range(0..cells);
        let touching = orthogonal_inside(grid, inside, cell);
        let (grow, new_size) = if inside[cell] { (false, size - 1) } else { (true, size + 1) };
        let towards_window = (grow && size < low) || (!grow && size > high);
        if !(low..=high).contains(&new_size) && !towards_window {
            continue;
        }
        // Change in loop length, in edges: a cell with `k` inside
        // neighbours adds 4 - 2k when it joins and 2k - 4 when it leaves
        // (off-board sides count as outside).
        let lengthens = if grow { touching < 2 } else { touching > 2 };
        let neutral = touching == 2;
        let accept = lengthens || (neutral && rng.random_bool(0.5)) || rng.random_bool(0.1);
        if !accept {
            continue;
        }
        let ok = if grow { touching > 0 && can_add(grid, inside, cell) } else { can_remove(grid, inside, cell) };
        if ok {
            inside[cell] = grow;
            size = new_size;
        }
    }
}

const SHUFFLE_ROUNDS: usize = 30;

/// The mirror of [`can_add`]: the outside cells around `cell` (off-board
/// included) form one run holding an orthogonal neighbour.
fn can_remove(grid: &Grid, inside: &[bool], cell: usize) -> bool {
    let (r, c) = ((cell / grid.cols) as i32, (cell % grid.cols) as i32);
    let ring: [bool; 8] = RING.map(|(dr, dc)| !at(grid, r + dr, c + dc).is_some_and(|n| inside[n]));
    let runs = (0..8).filter(|&i| ring[i] && !ring[(i + 7) % 8]).count();
    let orthogonal = (0..8).step_by(2).any(|i| ring[i]);
    runs == 1 && orthogonal
}

fn push_neighbours(grid: &Grid, cell: usize, out: &mut Vec<usize>) {
    let (r, c) = ((cell / grid.cols) as i32, (cell % grid.cols) as i32);
    for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
        if let Some(n) = at(grid, r + dr, c + dc) {
            out.push(n);
        }
    }
}

fn at(grid: &Grid, r: i32, c: i32) -> Option<usize> {
    (r >= 0 && c >= 0 && (r as usize) < grid.rows && (c as usize) < grid.cols).then(|| grid.cell(r as usize, c as usize))
}

fn orthogonal_inside(grid: &Grid, inside: &[bool], cell: usize) -> usize {
    let (r, c) = ((cell / grid.cols) as i32, (cell % grid.cols) as i32);
    [(-1, 0), (0, 1), (1, 0), (0, -1)].iter().filter(|&&(dr, dc)| at(grid, r + dr, c + dc).is_some_and(|n| inside[n])).count()
}

/// The simple-point test described in the module doc.
fn can_add(grid: &Grid, inside: &[bool], cell: usize) -> bool {
    let (r, c) = ((cell / grid.cols) as i32, (cell % grid.cols) as i32);
    let ring: [bool; 8] = RING.map(|(dr, dc)| at(grid, r + dr, c + dc).is_some_and(|n| inside[n]));
    let runs = (0..8).filter(|&i| ring[i] && !ring[(i + 7) % 8]).count();
    let orthogonal = (0..8).step_by(2).any(|i| ring[i]);
    runs == 1 && orthogonal
}

/// Edges with inside on exactly one side (off-board counts as outside).
pub fn boundary(grid: &Grid, inside: &[bool]) -> EdgeSet {
    let mut edges = EdgeSet::empty(grid.edges());
    for e in 0..grid.edges() {
        let [a, b] = grid.edge_cells(e);
        let is_in = |x: usize| x != super::grid::NONE && inside[x];
        if is_in(a) != is_in(b) {
            edges.insert(e);
        }
    }
    edges
}
