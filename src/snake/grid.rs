//! The 9×9 board as 81-bit masks: neighbours, houses, the 8 symmetries.

pub type Mask = u128;

pub const N: usize = 9;
pub const CELLS: usize = 81;

pub const fn bit(cell: usize) -> Mask {
    1 << cell
}

pub fn row(cell: usize) -> usize {
    cell / N
}

pub fn col(cell: usize) -> usize {
    cell % N
}

pub fn box_of(cell: usize) -> usize {
    (row(cell) / 3) * 3 + col(cell) / 3
}

/// Tables computed once: orthogonal and diagonal neighbours, the 27 houses.
pub struct Board {
    pub orth: [Mask; CELLS],
    pub diag: [Mask; CELLS],
    /// Rows 0–8, columns 9–17, boxes 18–26.
    pub houses: [Mask; 27],
    /// The three houses of each cell.
    pub houses_of: [[usize; 3]; CELLS],
}

impl Board {
    pub fn new() -> Board {
        let mut board = Board { orth: [0; CELLS], diag: [0; CELLS], houses: [0; 27], houses_of: [[0; 3]; CELLS] };
        for cell in 0..CELLS {
            let (r, c) = (row(cell) as i32, col(cell) as i32);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if let Some(n) = at(r + dr, c + dc) {
                    board.orth[cell] |= bit(n);
                }
            }
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                if let Some(n) = at(r + dr, c + dc) {
                    board.diag[cell] |= bit(n);
                }
            }
            let houses = [row(cell), N + col(cell), 2 * N + box_of(cell)];
            for h in houses {
                board.houses[h] |= bit(cell);
            }
            board.houses_of[cell] = houses;
        }
        board
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

fn at(r: i32, c: i32) -> Option<usize> {
    ((0..N as i32).contains(&r) && (0..N as i32).contains(&c)).then(|| (r * N as i32 + c) as usize)
}

/// The 8 symmetries of the square, as maps of a cell.
pub fn symmetries() -> [fn(usize) -> usize; 8] {
    const L: usize = N - 1;
    [
        |c| c,
        |c| col(c) * N + (L - row(c)),
        |c| (L - row(c)) * N + (L - col(c)),
        |c| (L - col(c)) * N + row(c),
        |c| row(c) * N + (L - col(c)),
        |c| (L - row(c)) * N + col(c),
        |c| col(c) * N + row(c),
        |c| (L - col(c)) * N + (L - row(c)),
    ]
}

pub const ALL: Mask = (1 << CELLS) - 1;

/// Every cell of `from` and its orthogonal neighbours.
pub fn dilate(from: Mask) -> Mask {
    const FIRST_COLUMN: Mask = {
        let mut m = 0;
        let mut r = 0;
        while r < N {
            m |= 1 << (r * N);
            r += 1;
        }
        m
    };
    const LAST_COLUMN: Mask = FIRST_COLUMN << (N - 1);
    (from | from << N | from >> N | (from & !LAST_COLUMN) << 1 | (from & !FIRST_COLUMN) >> 1) & ALL
}

/// The cells of a mask, lowest first.
pub fn cells_of(mut mask: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            cell
        })
    })
}
