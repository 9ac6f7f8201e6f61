//! The loop model: an `rows`×`cols` grid of cells whose corners are a
//! `(rows + 1)`×`(cols + 1)` lattice of points, and the edges between them.
//!
//! Edge numbering (used by every other module and by the solution text):
//! horizontal edges first, row by row — edge `r * cols + c` joins point
//! `(r, c)` to `(r, c + 1)` for `r` in `0..=rows`; then vertical edges —
//! edge `H + r * (cols + 1) + c` (with `H = (rows + 1) * cols`) joins point
//! `(r, c)` to `(r + 1, c)` for `r` in `0..rows`. Points are numbered
//! `r * (cols + 1) + c`, cells `r * cols + c`.

use std::fmt;

/// Marks "no such edge / point / cell" in fixed-size neighbour tables.
pub const NONE: usize = usize::MAX;

/// The shape of a board; all index arithmetic lives here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
}

impl Grid {
    pub fn new(rows: usize, cols: usize) -> Grid {
        assert!(rows > 0 && cols > 0, "a Slitherlink grid needs at least one cell");
        Grid { rows, cols }
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn points(&self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }

    /// Number of horizontal edges; vertical edges are numbered after them.
    pub fn horizontal_edges(&self) -> usize {
        (self.rows + 1) * self.cols
    }

    pub fn edges(&self) -> usize {
        self.horizontal_edges() + self.rows * (self.cols + 1)
    }

    pub fn point(&self, r: usize, c: usize) -> usize {
        r * (self.cols + 1) + c
    }

    pub fn cell(&self, r: usize, c: usize) -> usize {
        r * self.cols + c
    }

    /// Edge from point `(r, c)` to `(r, c + 1)`.
    pub fn h_edge(&self, r: usize, c: usize) -> usize {
        r * self.cols + c
    }

    /// Edge from point `(r, c)` to `(r + 1, c)`.
    pub fn v_edge(&self, r: usize, c: usize) -> usize {
        self.horizontal_edges() + r * (self.cols + 1) + c
    }

    /// The two points an edge joins, lower number first.
    pub fn edge_points(&self, e: usize) -> [usize; 2] {
        let h = self.horizontal_edges();
        if e < h {
            let (r, c) = (e / self.cols, e % self.cols);
            [self.point(r, c), self.point(r, c + 1)]
        } else {
            let v = e - h;
            let (r, c) = (v / (self.cols + 1), v % (self.cols + 1));
            [self.point(r, c), self.point(r + 1, c)]
        }
    }

    /// The cells on either side of an edge (`NONE` off the board): above and
    /// below a horizontal edge, left and right of a vertical one.
    pub fn edge_cells(&self, e: usize) -> [usize; 2] {
        let h = self.horizontal_edges();
        if e < h {
            let (r, c) = (e / self.cols, e % self.cols);
            let above = if r > 0 { self.cell(r - 1, c) } else { NONE };
            let below = if r < self.rows { self.cell(r, c) } else { NONE };
            [above, below]
        } else {
            let v = e - h;
            let (r, c) = (v / (self.cols + 1), v % (self.cols + 1));
            let left = if c > 0 { self.cell(r, c - 1) } else { NONE };
            let right = if c < self.cols { self.cell(r, c) } else { NONE };
            [left, right]
        }
    }

    /// A cell's sides in the order top, right, bottom, left.
    pub fn cell_edges(&self, cell: usize) -> [usize; 4] {
        let (r, c) = (cell / self.cols, cell % self.cols);
        [self.h_edge(r, c), self.v_edge(r, c + 1), self.h_edge(r + 1, c), self.v_edge(r, c)]
    }

    /// A point's edges in the order up, right, down, left (`NONE` off the board).
    pub fn point_edges(&self, p: usize) -> [usize; 4] {
        let (r, c) = (p / (self.cols + 1), p % (self.cols + 1));
        [
            if r > 0 { self.v_edge(r - 1, c) } else { NONE },
            if c < self.cols { self.h_edge(r, c) } else { NONE },
            if r < self.rows { self.v_edge(r, c) } else { NONE },
            if c > 0 { self.h_edge(r, c - 1) } else { NONE },
        ]
    }
}

/// A set of edges, one bit per edge; a loop is an `EdgeSet` that passes
/// [`is_single_loop`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EdgeSet {
    words: Vec<u64>,
    len: usize,
}

impl EdgeSet {
    pub fn empty(edges: usize) -> EdgeSet {
        EdgeSet { words: vec![0; edges.div_ceil(64)], len: edges }
    }

    pub fn from_edges(edges: usize, on: impl IntoIterator<Item = usize>) -> EdgeSet {
        let mut set = EdgeSet::empty(edges);
        for e in on {
            set.insert(e);
        }
        set
    }

    /// Number of edge slots (not the number of edges in the set).
    pub fn capacity(&self) -> usize {
        self.len
    }

    pub fn contains(&self, e: usize) -> bool {
        self.words[e / 64] >> (e % 64) & 1 == 1
    }

    pub fn insert(&mut self, e: usize) {
        self.words[e / 64] |= 1 << (e % 64);
    }

    pub fn remove(&mut self, e: usize) {
        self.words[e / 64] &= !(1 << (e % 64));
    }

    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).filter(|&e| self.contains(e))
    }
}

/// A loop is exactly one cycle: non-empty, every point of degree 0 or 2, and
/// all used points connected.
pub fn is_single_loop(grid: &Grid, edges: &EdgeSet) -> bool {
    if edges.capacity() != grid.edges() {
        return false;
    }
    let mut degree = vec![0u8; grid.points()];
    for e in edges.iter() {
        for p in grid.edge_points(e) {
            degree[p] += 1;
        }
    }
    if degree.iter().any(|&d| d != 0 && d != 2) {
        return false;
    }
    let Some(start) = degree.iter().position(|&d| d == 2) else {
        return false;
    };
    // Walk the cycle from `start`; it is the only one iff it uses every edge.
    let (mut came_by, mut at, mut steps) = (NONE, start, 0);
    loop {
        let Some(e) = grid.point_edges(at).into_iter().find(|&e| e != NONE && e != came_by && edges.contains(e)) else {
            return false;
        };
        let [a, b] = grid.edge_points(e);
        at = if a == at { b } else { a };
        came_by = e;
        steps += 1;
        if at == start {
            break;
        }
    }
    steps == edges.count()
}

/// How many sides of each cell the edge set uses (the clue every cell would show).
pub fn clue_counts(grid: &Grid, edges: &EdgeSet) -> Vec<u8> {
    (0..grid.cells()).map(|cell| grid.cell_edges(cell).iter().filter(|&&e| edges.contains(e)).count() as u8).collect()
}

/// A puzzle: a grid and an optional clue 0–4 per cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub grid: Grid,
    pub clues: Vec<Option<u8>>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    #[error("the puzzle is empty")]
    Empty,
    #[error("row {row} has {found} cells, expected {expected} (as row 1)")]
    RaggedRow { row: usize, found: usize, expected: usize },
    #[error("character {position} (row {row}, column {col}) is '{found}', expected '.' or a clue 0-4")]
    BadCell { position: usize, row: usize, col: usize, found: char },
    #[error("{found} characters without '/', expected {expected} for a {rows}x{cols} grid")]
    WrongLength { found: usize, expected: usize, rows: usize, cols: usize },
    #[error("solution has {found} characters, expected {expected} edges for a {rows}x{cols} grid")]
    WrongEdgeCount { found: usize, expected: usize, rows: usize, cols: usize },
    #[error("solution character {position} is '{found}', expected '0' or '1'")]
    BadEdge { position: usize, found: char },
}

impl Puzzle {
    pub fn empty(grid: Grid) -> Puzzle {
        Puzzle { grid, clues: vec![None; grid.cells()] }
    }

    /// Every cell clued with the loop's count.
    pub fn from_loop(grid: Grid, edges: &EdgeSet) -> Puzzle {
        Puzzle { grid, clues: clue_counts(&grid, edges).into_iter().map(Some).collect() }
    }

    pub fn clue_count(&self) -> usize {
        self.clues.iter().filter(|c| c.is_some()).count()
    }

    /// Parses rows of '.', '0'–'4' joined by '/' (`3.2/.../...`).
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        let rows: Vec<&str> = text.split('/').collect();
        let cols = rows[0].chars().count();
        Self::parse_rows(&rows, cols)
    }

    /// Parses `rows * cols` characters with or without '/' separators.
    pub fn parse_sized(text: &str, rows: usize, cols: usize) -> Result<Puzzle, ParseError> {
        let text = text.trim();
        if text.contains('/') {
            let puzzle = Self::parse(text)?;
            if puzzle.grid != Grid::new(rows, cols) {
                return Err(ParseError::WrongLength { found: puzzle.grid.cells(), expected: rows * cols, rows, cols });
            }
            return Ok(puzzle);
        }
        let found = text.chars().count();
        if found != rows * cols || found == 0 {
            return Err(ParseError::WrongLength { found, expected: rows * cols, rows, cols });
        }
        let chars: Vec<char> = text.chars().collect();
        let lines: Vec<String> = chars.chunks(cols).map(|c| c.iter().collect()).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        Self::parse_rows(&lines, cols)
    }

    fn parse_rows(rows: &[&str], cols: usize) -> Result<Puzzle, ParseError> {
        if cols == 0 {
            return Err(ParseError::Empty);
        }
        let mut clues = Vec::with_capacity(rows.len() * cols);
        let mut position = 0;
        for (r, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != cols {
                return Err(ParseError::RaggedRow { row: r + 1, found, expected: cols });
            }
            for (c, ch) in row.chars().enumerate() {
                position += 1;
                clues.push(match ch {
                    '.' => None,
                    '0'..='4' => Some(ch as u8 - b'0'),
                    _ => return Err(ParseError::BadCell { position, row: r + 1, col: c + 1, found: ch }),
                });
            }
            position += 1; // the '/'
        }
        Ok(Puzzle { grid: Grid::new(rows.len(), cols), clues })
    }

    /// Does the edge set meet every clue?
    pub fn satisfied_by(&self, edges: &EdgeSet) -> bool {
        clue_counts(&self.grid, edges).iter().zip(&self.clues).all(|(&n, clue)| clue.is_none_or(|k| k == n))
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.clues.chunks(self.grid.cols).enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for clue in row {
                match clue {
                    Some(k) => write!(f, "{k}")?,
                    None => f.write_str(".")?,
                }
            }
        }
        Ok(())
    }
}

/// Solution text: one '0'/'1' per edge in edge order (all horizontal edges
/// row by row, then all vertical edges row by row), so the string length is
/// `(rows + 1) * cols + rows * (cols + 1)`.
pub fn encode_edges(edges: &EdgeSet) -> String {
    (0..edges.capacity()).map(|e| if edges.contains(e) { '1' } else { '0' }).collect()
}

pub fn decode_edges(grid: &Grid, text: &str) -> Result<EdgeSet, ParseError> {
    let text = text.trim();
    let found = text.chars().count();
    if found != grid.edges() {
        return Err(ParseError::WrongEdgeCount { found, expected: grid.edges(), rows: grid.rows, cols: grid.cols });
    }
    let mut set = EdgeSet::empty(grid.edges());
    for (e, ch) in text.chars().enumerate() {
        match ch {
            '1' => set.insert(e),
            '0' => {}
            _ => return Err(ParseError::BadEdge { position: e + 1, found: ch }),
        }
    }
    Ok(set)
}
