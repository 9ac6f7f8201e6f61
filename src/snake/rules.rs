//! Checking one snake against S1–S6 (S3 holds by construction of [`Snake`]).
//! Used to classify outside results (the published search); the enumerator
//! enforces the same rules incrementally.

use super::grid::{ALL_BOXES, Board, CELLS, EVENS_PER_HOUSE, ODDS_PER_HOUSE, TABLES, bit, box_of, cell_name, house_name};
use super::{Options, Snake, parity};
use std::fmt;

/// The first rule a snake breaks, in the order S1, S2, S4, S5, S6.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A cell index is 81 or more.
    OffGrid { index: usize },
    /// A cell occurs twice.
    Repeats { index: usize },
    /// S1: cells `index` and `index + 1` are not orthogonally adjacent.
    Gap { index: usize },
    /// S2: cells `a` and `b` (indices along the snake) touch orthogonally.
    TouchesItself { a: usize, b: usize },
    /// S2 with no-diagonal-touch: cells `a` and `b` touch diagonally.
    TouchesDiagonally { a: usize, b: usize },
    /// S4: non-snake `cell` is forced even by one snake cell and odd by
    /// another. Cannot follow S1–S3: parity then follows the checkerboard
    /// colour, so all snake neighbours of a cell share a parity.
    Ambiguous { cell: u8 },
    /// S5: the snake has no cell in box `box_index` (0-based).
    MissesBox { box_index: usize },
    /// S6: the forced pattern already has five evens or six odds in `house`
    /// (0–8 rows, 9–17 columns, 18–26 boxes).
    HouseOverflow { house: usize },
    /// S6: within counts everywhere, but no full pattern extends it.
    NoCompletion,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::OffGrid { index } => write!(f, "cell {} is off the 9×9 grid", index + 1),
            Violation::Repeats { index } => write!(f, "cell {} repeats an earlier cell", index + 1),
            Violation::Gap { index } => {
                write!(f, "S1: cells {} and {} are not orthogonally adjacent", index + 1, index + 2)
            }
            Violation::TouchesItself { a, b } => {
                write!(f, "S2: cells {} and {} touch orthogonally", a + 1, b + 1)
            }
            Violation::TouchesDiagonally { a, b } => {
                write!(f, "S2: cells {} and {} touch diagonally", a + 1, b + 1)
            }
            Violation::Ambiguous { cell } => {
                write!(f, "S4: {} must be both even and odd", cell_name(*cell as usize))
            }
            Violation::MissesBox { box_index } => write!(f, "S5: no cell in box {}", box_index + 1),
            Violation::HouseOverflow { house } => {
                write!(f, "S6: {} has more than four evens or five odds", house_name(*house))
            }
            Violation::NoCompletion => write!(f, "S6: the forced pattern has no sudoku completion"),
        }
    }
}

impl std::error::Error for Violation {}

/// Check S1–S6 for `snake` under `options`.
pub fn check(snake: &Snake, options: &Options) -> Result<(), Violation> {
    let cells = &snake.cells;
    let mut seen: Board = 0;
    for (index, &c) in cells.iter().enumerate() {
        if c as usize >= CELLS {
            return Err(Violation::OffGrid { index });
        }
        if seen & bit(c as usize) != 0 {
            return Err(Violation::Repeats { index });
        }
        seen |= bit(c as usize);
    }
    for index in 1..cells.len() {
        if TABLES.orth[cells[index - 1] as usize] & bit(cells[index] as usize) == 0 {
            return Err(Violation::Gap { index: index - 1 });
        }
    }
    for a in 0..cells.len() {
        for b in a + 2..cells.len() {
            let (ca, cb) = (cells[a] as usize, cells[b] as usize);
            if TABLES.orth[ca] & bit(cb) != 0 {
                return Err(Violation::TouchesItself { a, b });
            }
            if options.no_diagonal_touch && b > a + 2 && TABLES.diag[ca] & bit(cb) != 0 {
                return Err(Violation::TouchesDiagonally { a, b });
            }
        }
    }
    let (even, odd) = forced_pattern(snake)?;
    let boxes = cells.iter().fold(0u16, |b, &c| b | 1 << box_of(c as usize));
    if boxes != ALL_BOXES {
        let box_index = (0..9).find(|b| boxes & (1 << b) == 0).unwrap_or(0);
        return Err(Violation::MissesBox { box_index });
    }
    if let Some(house) =
        TABLES.house.iter().position(|&h| (even & h).count_ones() > EVENS_PER_HOUSE || (odd & h).count_ones() > ODDS_PER_HOUSE)
    {
        return Err(Violation::HouseOverflow { house });
    }
    if !parity::completes(even, odd) {
        return Err(Violation::NoCompletion);
    }
    Ok(())
}

/// Even and odd cells forced by S4 (snake cells included), or the first
/// conflict. Assumes S1/S2 hold, so every snake neighbour of a snake cell is
/// a consecutive one with the opposite parity.
pub(crate) fn forced_pattern(snake: &Snake) -> Result<(Board, Board), Violation> {
    let on_snake = snake.cell_board();
    let (mut even, mut odd) = (0, 0);
    for (i, &c) in snake.cells.iter().enumerate() {
        let area = bit(c as usize) | (TABLES.orth[c as usize] & !on_snake);
        if snake.parity_of(i).is_even() {
            even |= area;
        } else {
            odd |= area;
        }
    }
    let clash = even & odd & !on_snake;
    if clash != 0 {
        return Err(Violation::Ambiguous { cell: clash.trailing_zeros() as u8 });
    }
    Ok((even, odd))
}
