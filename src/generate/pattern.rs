//! Given patterns (`--pattern FILE`): puzzles whose givens draw a picture —
//! a heart, a letter, a date.
//!
//! The file is a picture of the layout's canvas, one row a line: `#`, `X`
//! or `*` marks a cell that holds a given, `.` or `-` one that stays empty.
//! Spaces between the characters are ignored, and so are blank lines and
//! lines starting with `//`. On a canvas of overlapping grids the gaps
//! between the grids must be `.` or `-`.
//!
//! The search follows the published method (HoDoKu's pattern generator):
//! fill a random grid, put givens on exactly the pattern's cells and ask
//! the solver whether that puzzle is unique; again with another grid until
//! one is. On a plain grid of boxes the other grids are mostly shuffles of
//! the last fill (bands, stacks, rows and columns permuted): a fill costs
//! about eight uniqueness checks, a shuffle almost nothing. With `subset` the givens may be any subset of the pattern: a
//! unique pattern puzzle is then thinned to a minimal one (no given can go)
//! keeping every given inside the pattern.

use super::{GenerateError, Generated, Generator, Start, cells_of};
use crate::layout::{CellLayout, Geometry, Layout};
use crate::model::Grid;
use crate::solver::Solver;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// Grids one attempt tries before it gives way to the next attempt (each
/// try is a uniqueness check, about ten microseconds on 9×9), and fills at
/// most (a fill under regions drawn per puzzle takes milliseconds): an
/// attempt stays well under a second, so a time limit or Ctrl-C is heard.
const TRIES_PER_ATTEMPT: usize = 20_000;
const FILLS_PER_ATTEMPT: usize = 300;
/// Search nodes one uniqueness check may take: a sparse pattern on an
/// irregular layout can make the search long (9×9 checks take tens).
const CHECK_NODES: u64 = 100_000;
/// Tries one fill serves on a plain grid of boxes (see [`band_shape`]).
const TRIES_PER_FILL: usize = 64;

#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// Whether each cell (in the layout's cell order) holds a given.
    pub cells: Vec<bool>,
    /// The picture as read, `#` and `.` only: what a batch stores.
    pub picture: String,
    /// Givens on any subset of the pattern (then minimal) rather than on
    /// exactly its cells.
    pub subset: bool,
}

/// A pattern file that does not fit: the file, and the line and column
/// where known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {}{message}", place(*.line, *.column))]
pub struct PatternError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

fn place(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
        (Some(l), None) => format!("line {l}: "),
        _ => String::new(),
    }
}

impl Pattern {
    /// Reads a pattern picture for `layout`; `file` names it in errors.
    pub fn parse(file: &str, text: &str, layout: &Layout, subset: bool) -> Result<Pattern, PatternError> {
        let fail =
            |line: Option<usize>, column: Option<usize>, message: String| PatternError { file: file.to_string(), line, column, message };
        let cells = layout.cells().ok_or_else(|| fail(None, None, format!("{} has no grid of cells to draw a pattern on", layout.id)))?;
        let Geometry::Squares { rows, cols, .. } = &cells.geometry else {
            return Err(fail(None, None, format!("{} is not drawn on square cells, so a pattern picture cannot map onto it", layout.id)));
        };
        let (rows, cols) = (*rows, *cols);
        if cells.random.cages.is_some() {
            return Err(fail(None, None, format!("{} draws cages per puzzle and has no givens to draw a pattern with", layout.id)));
        }
        if cells.letters.iter().any(Option::is_some) {
            return Err(fail(None, None, format!("{}'s lettered cells are fixed givens, so a pattern cannot choose them", layout.id)));
        }
        // Rows as (line number, [(column, holds a given)]).
        let mut read: Vec<(usize, Vec<(usize, bool)>)> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with("//") {
                continue;
            }
            let mut row = Vec::new();
            for (char_index, ch) in line.chars().enumerate().filter(|(_, ch)| !ch.is_whitespace()) {
                let holds = match ch {
                    '#' | 'X' | 'x' | '*' => true,
                    '.' | '-' => false,
                    other => {
                        return Err(fail(
                            Some(index + 1),
                            Some(char_index + 1),
                            format!("'{other}' is not a pattern character (use #, X or * for a given, . or - for an empty cell)"),
                        ));
                    }
                };
                row.push((char_index + 1, holds));
            }
            read.push((index + 1, row));
        }
        let size = format!("{} is {rows}×{cols}", layout.id);
        if read.len() != rows {
            let line = read.get(rows).map(|(line, _)| *line);
            return Err(fail(line, None, format!("the pattern has {} rows, expected {rows} ({size})", read.len())));
        }
        let mut given = vec![false; cells.geometry.cell_count()];
        let mut picture = String::new();
        for (row, (line, cells_read)) in read.iter().enumerate() {
            if cells_read.len() != cols {
                return Err(fail(Some(*line), None, format!("row {} has {} cells, expected {cols} ({size})", row + 1, cells_read.len())));
            }
            for (col, &(column, holds)) in cells_read.iter().enumerate() {
                match cells.geometry.cell_at(row, col) {
                    Some(cell) => given[cell] = holds,
                    None if holds => {
                        return Err(fail(
                            Some(*line),
                            Some(column),
                            format!("r{}c{} is a gap between {}'s grids, not a cell", row + 1, col + 1, layout.id),
                        ));
                    }
                    None => {}
                }
                picture.push(if holds { '#' } else { '.' });
            }
            picture.push('\n');
        }
        if !given.contains(&true) {
            return Err(fail(None, None, "no cell holds a given (mark them with #)".into()));
        }
        Ok(Pattern { cells: given, picture, subset })
    }

    /// How many cells of the pattern hold a given.
    pub fn size(&self) -> usize {
        self.cells.iter().filter(|&&g| g).count()
    }
}

impl Generator {
    /// One attempt at a pattern puzzle from `seed`: `None` when none of
    /// its grids gave a unique puzzle on the pattern (the batch then tries
    /// the next seed, until its time limit).
    pub fn pattern_puzzle(&self, seed: u64, pattern: &Pattern) -> Result<Option<Generated>, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let shape = band_shape(self.cells());
        let (mut tries, mut fills) = (0, 0);
        while tries < TRIES_PER_ATTEMPT && fills < FILLS_PER_ATTEMPT {
            fills += 1;
            let (filled, derived) = match self.start(&mut rng)? {
                Start::Killer(..) => return Ok(None),
                Start::Grid { solution, derived } => (solution, derived),
            };
            let own_solver;
            let solver = match &derived {
                Some(d) => {
                    own_solver = Solver::new(&cells_of(d).model);
                    &own_solver
                }
                None => &self.solver,
            };
            // On a classic grid a fill serves many tries: each a shuffle of
            // its bands, stacks, rows and columns (a fill costs about eight
            // uniqueness checks).
            let per_fill = if shape.is_some() { TRIES_PER_FILL } else { 1 };
            for k in 0..per_fill {
                tries += 1;
                let solution = match shape {
                    Some((h, w)) if k > 0 => shuffled(&filled, self.cells().size, h, w, &mut rng),
                    _ => filled.clone(),
                };
                let mut givens =
                    Grid { cells: solution.cells.iter().zip(&pattern.cells).map(|(&s, &g)| if g { s } else { None }).collect() };
                // A check that runs long proves nothing either way: the
                // grid is passed over (only a proven unique puzzle is kept).
                if solver.count_excluding_within(&givens, &[], 2, CHECK_NODES).is_none_or(|count| count.solutions != 1) {
                    continue;
                }
                // Thinned, the puzzle is minimal; on the exact pattern it is
                // whatever the pattern makes it: asked of each given.
                let minimal = match pattern.subset {
                    true => true,
                    false => super::every_given_needed(solver, &mut givens, &solution),
                };
                if pattern.subset {
                    let mut order: Vec<usize> = (0..givens.cells.len()).filter(|&c| pattern.cells[c]).collect();
                    order.shuffle(&mut rng);
                    for cell in order {
                        if super::removal_keeps_unique(solver, &mut givens, &solution, &[cell]) {
                            givens.cells[cell] = None;
                        }
                    }
                }
                let made = self.finish(solver, givens, solution, seed, derived, super::Symmetry::None);
                return Ok(Some(Generated { minimal: Some(minimal), ..made }));
            }
        }
        Ok(None)
    }
}

/// Box height and width when the layout is one plain grid of boxes (no
/// marks, diagonals, extra houses, relations, cages or parts drawn per
/// puzzle): then permuting bands, the rows within a band, stacks and the
/// columns within a stack (and transposing, when boxes are square) turns a
/// full grid into another full grid.
fn band_shape(layout: &CellLayout) -> Option<(usize, usize)> {
    let n = layout.size;
    let model = &layout.model;
    let plain = layout.geometry.is_full_square(n)
        && layout.regions_are_boxes
        && layout.random.is_empty()
        && model.houses.len() == 3 * n
        && model.conflicts.is_empty()
        && model.cages.is_empty()
        && layout.marks.iter().all(Option::is_none)
        && model.allowed.iter().all(|a| a.len() as usize == model.symbol_count());
    if !plain {
        return None;
    }
    let first: Vec<usize> = (0..n * n).filter(|&c| layout.regions[c] == layout.regions[0]).collect();
    let h = first.iter().map(|c| c / n).max()? + 1;
    let w = first.iter().map(|c| c % n).max()? + 1;
    (h * w == n).then_some((h, w))
}

/// A random member of `grid`'s class under band, stack, row and column
/// permutations (and transposition when `h == w`).
fn shuffled(grid: &Grid, n: usize, h: usize, w: usize, rng: &mut ChaCha8Rng) -> Grid {
    let order = |groups: usize, width: usize, rng: &mut ChaCha8Rng| {
        let mut outer: Vec<usize> = (0..groups).collect();
        outer.shuffle(rng);
        let mut lines = Vec::with_capacity(n);
        for g in outer {
            let mut inner: Vec<usize> = (0..width).collect();
            inner.shuffle(rng);
            lines.extend(inner.into_iter().map(|i| g * width + i));
        }
        lines
    };
    let rows = order(n / h, h, rng);
    let cols = order(n / w, w, rng);
    let transpose = h == w && rng.random_bool(0.5);
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = if transpose { (i % n, i / n) } else { (i / n, i % n) };
            grid.cells[rows[r] * n + cols[c]]
        })
        .collect();
    Grid { cells }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, layout: &str) -> Result<Pattern, String> {
        Pattern::parse("heart.txt", text, &Layout::load(layout).unwrap(), false).map_err(|e| e.to_string())
    }

    #[test]
    fn a_pattern_reads_as_a_picture_and_bad_ones_say_where() {
        let heart = std::fs::read_to_string("patterns/heart.txt").unwrap();
        let p = parse(&heart, "classic-9").unwrap();
        assert_eq!(p.cells.len(), 81);
        assert_eq!(p.picture.lines().count(), 9);
        assert_eq!(p.size(), p.picture.matches('#').count());
        // Spaces between characters and comment lines are allowed.
        let spaced = "// a 4×4 frame\n# # # #\n# . . #\n#--#\nX**x\n";
        assert_eq!(parse(spaced, "classic-4").unwrap().picture, "####\n#..#\n#..#\n####\n");
        assert_eq!(
            parse("####\n#..#\n#.q#\n####\n", "classic-4").unwrap_err(),
            "heart.txt: line 3, column 3: 'q' is not a pattern character (use #, X or * for a given, . or - for an empty cell)"
        );
        assert_eq!(
            parse("####\n#..#\n#.#\n####\n", "classic-4").unwrap_err(),
            "heart.txt: line 3: row 3 has 3 cells, expected 4 (classic-4 is 4×4)"
        );
        assert_eq!(
            parse("####\n#..#\n####\n", "classic-4").unwrap_err(),
            "heart.txt: the pattern has 3 rows, expected 4 (classic-4 is 4×4)"
        );
        assert_eq!(
            parse("####\n#..#\n#..#\n####\n\n####\n", "classic-4").unwrap_err(),
            "heart.txt: line 6: the pattern has 5 rows, expected 4 (classic-4 is 4×4)"
        );
        assert_eq!(parse(&heart, "classic-6").unwrap_err(), "heart.txt: line 8: the pattern has 9 rows, expected 6 (classic-6 is 6×6)");
        assert_eq!(
            parse("#####\n####\n####\n####\n", "classic-4").unwrap_err(),
            "heart.txt: line 1: row 1 has 5 cells, expected 4 (classic-4 is 4×4)"
        );
        assert_eq!(parse("....\n....\n....\n....\n", "classic-4").unwrap_err(), "heart.txt: no cell holds a given (mark them with #)");
        assert_eq!(
            parse(&heart, "pie-12").unwrap_err(),
            "heart.txt: pie-12 is not drawn on square cells, so a pattern picture cannot map onto it"
        );
        assert_eq!(
            parse(&heart, "killer-9").unwrap_err(),
            "heart.txt: killer-9 draws cages per puzzle and has no givens to draw a pattern with"
        );
        // Twodoku's canvas is 15×15 with gaps top right and bottom left.
        let mut twodoku = vec![vec!['.'; 15]; 15];
        twodoku[0][14] = '#';
        let text: String = twodoku.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
        assert_eq!(
            parse(&text, "twodoku").unwrap_err(),
            "heart.txt: line 1, column 15: r1c15 is a gap between twodoku's grids, not a cell"
        );
    }

    #[test]
    fn a_shuffled_grid_is_still_a_grid_of_the_layout() {
        for (id, h, w) in [("classic-9", 3, 3), ("classic-6", 2, 3), ("classic-8", 2, 4)] {
            let layout = Layout::load(id).unwrap();
            let cells = layout.cells().unwrap();
            assert_eq!(band_shape(cells), Some((h, w)), "{id}");
            let grid = Solver::new(&cells.model).count(&Grid::empty(cells.size * cells.size), 1).first.unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let moved = shuffled(&grid, cells.size, h, w, &mut rng);
            assert_ne!(moved, grid, "{id}");
            cells.model.check_solution(&moved).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        for id in ["jigsaw-9", "diagonal-9", "even-odd-9", "samurai", "windoku-9"] {
            assert_eq!(band_shape(Layout::load(id).unwrap().cells().unwrap()), None, "{id}");
        }
    }

    #[test]
    fn pattern_puzzles_fill_exactly_the_pattern_or_a_minimal_subset() {
        let layout = Layout::load("classic-9").unwrap();
        let heart = std::fs::read_to_string("patterns/heart.txt").unwrap();
        let solver = Solver::new(&layout.cells().unwrap().model);
        for subset in [false, true] {
            let pattern = Pattern::parse("heart.txt", &heart, &layout, subset).unwrap();
            let generator = Generator::new(&layout, super::super::Symmetry::None);
            let p = (1..).find_map(|seed| generator.pattern_puzzle(seed, &pattern).unwrap()).unwrap();
            assert_eq!(solver.count(&p.givens, 2).solutions, 1);
            for cell in 0..81 {
                let given = p.givens.cells[cell].is_some();
                assert!(!given || pattern.cells[cell], "a given off the pattern at {cell}");
                assert!(subset || given == pattern.cells[cell], "exact pattern: {cell} differs");
                assert!(!given || p.givens.cells[cell] == p.solution.cells[cell]);
                if subset && given {
                    let mut fewer = p.givens.clone();
                    fewer.cells[cell] = None;
                    assert_eq!(solver.count(&fewer, 2).solutions, 2, "the subset puzzle is minimal");
                }
            }
        }
    }
}
