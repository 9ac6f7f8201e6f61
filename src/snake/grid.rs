//! Geometry of the 9×9 grid with 3×3 boxes as bitboards: bit `r * 9 + c` of a
//! `u128` is the cell in row `r`, column `c` (both 0-based).

/// Side of the grid.
pub const SIZE: usize = 9;
/// Number of cells.
pub const CELLS: usize = SIZE * SIZE;
/// Evens a house holds in a completed pattern (digits 2, 4, 6, 8).
pub const EVENS_PER_HOUSE: u32 = 4;
/// Odds a house holds in a completed pattern (digits 1, 3, 5, 7, 9).
pub const ODDS_PER_HOUSE: u32 = 5;
/// Houses: rows 0–8, columns 9–17, boxes 18–26.
pub const HOUSES: usize = 27;
/// `boxes` value once a path has touched all nine boxes.
pub const ALL_BOXES: u16 = 0x1ff;

pub type Board = u128;

/// All 81 cells.
pub const ON_GRID: Board = (1u128 << CELLS) - 1;
/// Checkerboard colouring: the cells with `r + c` even.
pub const DARK: Board = dark_cells();
const NOT_FIRST_COL: Board = ON_GRID & !column_cells(0);
const NOT_LAST_COL: Board = ON_GRID & !column_cells(SIZE - 1);

const fn column_cells(c: usize) -> Board {
    let mut m = 0;
    let mut r = 0;
    while r < SIZE {
        m |= bit(r * SIZE + c);
        r += 1;
    }
    m
}

const fn dark_cells() -> Board {
    let mut m = 0;
    let mut cell = 0;
    while cell < CELLS {
        if (row_of(cell) + col_of(cell)).is_multiple_of(2) {
            m |= bit(cell);
        }
        cell += 1;
    }
    m
}

/// Cells orthogonally adjacent to some cell of `b`.
#[inline]
pub fn spread(b: Board) -> Board {
    ((b << 1) & NOT_FIRST_COL) | ((b >> 1) & NOT_LAST_COL) | ((b << SIZE) & ON_GRID) | (b >> SIZE)
}

#[inline]
pub const fn bit(cell: usize) -> Board {
    1u128 << cell
}

#[inline]
pub const fn row_of(cell: usize) -> usize {
    cell / SIZE
}

#[inline]
pub const fn col_of(cell: usize) -> usize {
    cell % SIZE
}

#[inline]
pub const fn box_of(cell: usize) -> usize {
    (row_of(cell) / 3) * 3 + col_of(cell) / 3
}

/// Precomputed masks, built at compile time.
pub struct Tables {
    /// Orthogonal neighbours of each cell.
    pub orth: [Board; CELLS],
    /// Diagonal neighbours of each cell.
    pub diag: [Board; CELLS],
    /// Orthogonal neighbours as a list (first `orth_len` entries valid),
    /// in the order up, left, right, down.
    pub orth_list: [[u8; 4]; CELLS],
    pub orth_len: [u8; CELLS],
    /// Cells of each house.
    pub house: [Board; HOUSES],
    /// The same three houses as 4-bit counter lanes (house `h` at bit
    /// `4 * h`): adding this to a lane vector counts the cell in its houses.
    pub house_lanes: [u128; CELLS],
}

/// A value in every one of the 27 house lanes.
const fn in_every_lane(v: u128) -> u128 {
    let mut m = 0;
    let mut h = 0;
    while h < HOUSES {
        m |= v << (4 * h);
        h += 1;
    }
    m
}

/// Lane vectors for "some lane ≥ 5" / "≥ 6" tests on house counts (≤ 9, so
/// adding 3 or 2 never carries into the next lane): `(x + LANES_3) &
/// LANES_8 != 0` exactly when some lane of `x` is 5 or more.
pub const LANES_2: u128 = in_every_lane(2);
pub const LANES_3: u128 = in_every_lane(3);
pub const LANES_8: u128 = in_every_lane(8);

pub static TABLES: Tables = Tables::build();

impl Tables {
    const fn build() -> Tables {
        let mut t = Tables {
            orth: [0; CELLS],
            diag: [0; CELLS],
            orth_list: [[0; 4]; CELLS],
            orth_len: [0; CELLS],
            house: [0; HOUSES],
            house_lanes: [0; CELLS],
        };
        let mut cell = 0;
        while cell < CELLS {
            let r = row_of(cell) as isize;
            let c = col_of(cell) as isize;
            let orth_steps: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
            let mut k = 0;
            while k < 4 {
                let (nr, nc) = (r + orth_steps[k].0, c + orth_steps[k].1);
                if nr >= 0 && nr < SIZE as isize && nc >= 0 && nc < SIZE as isize {
                    let n = nr as usize * SIZE + nc as usize;
                    t.orth[cell] |= bit(n);
                    t.orth_list[cell][t.orth_len[cell] as usize] = n as u8;
                    t.orth_len[cell] += 1;
                }
                k += 1;
            }
            let diag_steps: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
            let mut k = 0;
            while k < 4 {
                let (nr, nc) = (r + diag_steps[k].0, c + diag_steps[k].1);
                if nr >= 0 && nr < SIZE as isize && nc >= 0 && nc < SIZE as isize {
                    t.diag[cell] |= bit(nr as usize * SIZE + nc as usize);
                }
                k += 1;
            }
            let houses = [row_of(cell), SIZE + col_of(cell), 2 * SIZE + box_of(cell)];
            t.house_lanes[cell] = (1 << (4 * houses[0])) | (1 << (4 * houses[1])) | (1 << (4 * houses[2]));
            t.house[houses[0]] |= bit(cell);
            t.house[houses[1]] |= bit(cell);
            t.house[houses[2]] |= bit(cell);
            cell += 1;
        }
        t
    }

    /// Orthogonal neighbours of `cell` as a slice.
    #[inline]
    pub fn neighbours(&self, cell: usize) -> &[u8] {
        &self.orth_list[cell][..self.orth_len[cell] as usize]
    }
}

/// True when no house holds more than four evens or five odds.
#[inline]
pub fn within_house_counts(even: Board, odd: Board) -> bool {
    TABLES.house.iter().all(|&h| (even & h).count_ones() <= EVENS_PER_HOUSE && (odd & h).count_ones() <= ODDS_PER_HOUSE)
}

/// Name of house `h` for messages, e.g. "row 3", "box 9" (1-based).
pub fn house_name(h: usize) -> String {
    match h / SIZE {
        0 => format!("row {}", h + 1),
        1 => format!("column {}", h - SIZE + 1),
        _ => format!("box {}", h - 2 * SIZE + 1),
    }
}

/// Name of a cell for messages, e.g. "r1c2" (1-based).
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
}

/// The eight symmetries of the square (the dihedral group D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    MirrorLeftRight,
    MirrorUpDown,
    Transpose,
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorUpDown,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Image of `cell` (index `r * 9 + c`); cells off the grid map to themselves.
    pub fn map(self, cell: usize) -> usize {
        if cell >= CELLS {
            return cell;
        }
        let (r, c) = (row_of(cell), col_of(cell));
        let m = SIZE - 1;
        let (nr, nc) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, m - r),
            Symmetry::Rotate180 => (m - r, m - c),
            Symmetry::Rotate270 => (m - c, r),
            Symmetry::MirrorLeftRight => (r, m - c),
            Symmetry::MirrorUpDown => (m - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (m - c, m - r),
        };
        nr * SIZE + nc
    }
}
