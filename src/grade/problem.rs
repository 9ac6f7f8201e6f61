//! The problem: cells, symbols and all-different houses, with optional
//! row/column/box information, and the text format of square grids.

use super::board::{self, MAX_CELLS, MAX_SYMBOLS};

/// Optional layout information for square grids: which houses are the rows,
/// the columns and the boxes (indices into [`Problem::houses`], in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareInfo {
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    pub boxes: Vec<usize>,
}

/// A puzzle of the sudoku family: cells, symbols and all-different houses.
/// A house with as many cells as there are symbols holds every symbol once;
/// a smaller one only forbids repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub n_cells: usize,
    pub n_symbols: usize,
    pub houses: Vec<Vec<usize>>,
    /// Given symbol of each cell, 0-based.
    pub givens: Vec<Option<u8>>,
    pub cell_names: Vec<String>,
    pub square: Option<SquareInfo>,
    /// Candidates each cell starts with (bit d: symbol d), for layouts that
    /// restrict cells statically (even/odd marks); `None`: every symbol.
    pub allowed: Option<Vec<u16>>,
    /// Killer cages and the sums the rule of 45 gives (symbol `d` is worth
    /// `d + 1`); a cage's cells are also one of `houses`.
    pub sums: Vec<crate::model::SumSet>,
    /// How each symbol is written in a step's words, as the page prints it
    /// (a pie's 10, 11, 12); empty: 1-9, then A, B, ...
    pub symbol_names: Vec<String>,
}

impl Problem {
    /// Build and validate a problem from its parts.
    pub fn new(
        n_symbols: usize,
        houses: Vec<Vec<usize>>,
        givens: Vec<Option<u8>>,
        cell_names: Vec<String>,
        square: Option<SquareInfo>,
    ) -> Result<Problem, String> {
        let p = Problem {
            n_cells: givens.len(),
            n_symbols,
            houses,
            givens,
            cell_names,
            square,
            allowed: None,
            sums: Vec::new(),
            symbol_names: Vec::new(),
        };
        p.validate()?;
        Ok(p)
    }

    /// A classic grid of (box_h x box_w) boxes, side box_h*box_w. The puzzle
    /// string lists cells row by row: '.' or '0' for an empty cell, digits
    /// 1-9, then letters A, B, ... for symbols beyond 9. Whitespace is ignored.
    pub fn classic(box_h: usize, box_w: usize, puzzle: &str) -> Result<Problem, String> {
        let n = box_h * box_w;
        if box_h == 0 || box_w == 0 || n > MAX_SYMBOLS {
            return Err(format!("boxes of {box_h}x{box_w}: the side must be 1 to {MAX_SYMBOLS}"));
        }
        let regions: Vec<usize> = (0..n * n).map(|c| (c / n) / box_h * (n / box_w) + (c % n) / box_w).collect();
        Self::square_grid(n, &regions, puzzle)
    }

    /// A jigsaw grid of side `size`; `regions[cell]` numbers the irregular
    /// region (0-based) each cell belongs to.
    pub fn jigsaw(size: usize, regions: &[usize], puzzle: &str) -> Result<Problem, String> {
        if size == 0 || size > MAX_SYMBOLS {
            return Err(format!("side {size}: must be 1 to {MAX_SYMBOLS}"));
        }
        if regions.len() != size * size {
            return Err(format!("{} region numbers for {} cells", regions.len(), size * size));
        }
        Self::square_grid(size, regions, puzzle)
    }

    fn square_grid(n: usize, regions: &[usize], puzzle: &str) -> Result<Problem, String> {
        let givens = parse_grid(n, puzzle)?;
        let mut houses = Vec::with_capacity(3 * n);
        for r in 0..n {
            houses.push((0..n).map(|c| r * n + c).collect::<Vec<_>>());
        }
        for c in 0..n {
            houses.push((0..n).map(|r| r * n + c).collect::<Vec<_>>());
        }
        let mut boxes = vec![Vec::new(); n];
        for (cell, &g) in regions.iter().enumerate() {
            if g >= n {
                return Err(format!("cell {}: region {} out of range 0..{}", cell + 1, g, n));
            }
            boxes[g].push(cell);
        }
        houses.extend(boxes);
        let cell_names = (0..n * n).map(|c| format!("r{}c{}", c / n + 1, c % n + 1)).collect();
        let square = SquareInfo { rows: (0..n).collect(), cols: (n..2 * n).collect(), boxes: (2 * n..3 * n).collect() };
        Problem::new(n, houses, givens, cell_names, Some(square))
    }

    /// Restrict each cell's starting candidates (bit d: symbol d).
    pub fn with_allowed(mut self, allowed: Vec<u16>) -> Result<Problem, String> {
        if allowed.len() != self.n_cells {
            return Err(format!("{} candidate masks for {} cells", allowed.len(), self.n_cells));
        }
        self.allowed = Some(allowed);
        Ok(self)
    }

    /// Add one more all-different house (a diagonal, a window, ...).
    pub fn with_house(mut self, cells: Vec<usize>) -> Result<Problem, String> {
        self.houses.push(cells);
        self.validate()?;
        Ok(self)
    }

    /// Add both main diagonals of a square grid (sudoku X).
    pub fn with_diagonals(self) -> Result<Problem, String> {
        let n = self.n_symbols;
        if self.n_cells != n * n {
            return Err("diagonals need a square grid".to_string());
        }
        let main = (0..n).map(|i| i * n + i).collect();
        let anti = (0..n).map(|i| i * n + (n - 1 - i)).collect();
        self.with_house(main)?.with_house(anti)
    }

    /// The problem with its implied houses added (see [`implied_houses`]):
    /// windoku's five, or any other nine-cell set the layout's full houses
    /// force. A square grid of classic boxes, or one with diagonals, has none.
    pub fn with_implied_houses(mut self) -> Problem {
        let found = implied_houses(self.n_cells, self.n_symbols, &self.houses);
        self.houses.extend(found);
        self
    }

    /// Check sizes, indices and that the givens do not repeat in a house.
    pub fn validate(&self) -> Result<(), String> {
        if self.n_symbols == 0 || self.n_symbols > MAX_SYMBOLS {
            return Err(format!("{} symbols: must be 1 to {}", self.n_symbols, MAX_SYMBOLS));
        }
        if self.n_cells == 0 || self.n_cells > MAX_CELLS {
            return Err(format!("{} cells: must be 1 to {}", self.n_cells, MAX_CELLS));
        }
        if self.givens.len() != self.n_cells || self.cell_names.len() != self.n_cells {
            return Err(format!("{} cells but {} givens and {} names", self.n_cells, self.givens.len(), self.cell_names.len()));
        }
        if self.allowed.as_ref().is_some_and(|a| a.len() != self.n_cells) {
            return Err(format!("{} cells but {} candidate masks", self.n_cells, self.allowed.as_ref().map_or(0, Vec::len)));
        }
        for (c, g) in self.givens.iter().enumerate() {
            if let Some(d) = g
                && *d as usize >= self.n_symbols
            {
                return Err(format!("{}: symbol {} out of range", self.cell_names[c], d + 1));
            }
        }
        let mut seen = vec![false; self.n_cells];
        for (h, house) in self.houses.iter().enumerate() {
            if house.len() > self.n_symbols {
                return Err(format!("house {}: {} cells for {} symbols", h + 1, house.len(), self.n_symbols));
            }
            for &c in house {
                if c < self.n_cells {
                    seen[c] = false;
                }
            }
            let mut digits = [false; MAX_SYMBOLS];
            for &c in house {
                if c >= self.n_cells {
                    return Err(format!("house {}: cell {} out of range", h + 1, c));
                }
                if seen[c] {
                    return Err(format!("house {}: {} listed twice", h + 1, self.cell_names[c]));
                }
                seen[c] = true;
                if let Some(d) = self.givens[c] {
                    if digits[d as usize] {
                        return Err(format!(
                            "house {}: symbol {} given twice (again at {})",
                            h + 1,
                            board::symbol_char(d as usize),
                            self.cell_names[c]
                        ));
                    }
                    digits[d as usize] = true;
                }
            }
        }
        if let Some(sq) = &self.square {
            for &h in sq.rows.iter().chain(&sq.cols).chain(&sq.boxes) {
                if h >= self.houses.len() {
                    return Err(format!("square info names house {} of {}", h + 1, self.houses.len()));
                }
            }
        }
        Ok(())
    }
}

/// The grids [`implied_houses`] searches: up to this many cells (a 9×9 and
/// smaller; 128 keeps each set one machine word pair).
pub const IMPLIED_MAX_CELLS: usize = 128;

/// The houses a layout's full houses force (set arithmetic, as solvers find
/// windoku's five extra windows): `k` pairwise disjoint full houses (k = 2
/// or 3) each hold every symbol once, so their union holds each `k` times;
/// when `k − 1` pairwise disjoint full houses lie wholly inside that union,
/// the cells left over hold each symbol exactly once, and (having as many
/// cells as there are symbols) are a full house too. The search repeats with
/// the houses it found until nothing new appears, and returns only sets that
/// are not already houses, in the order found. Grids larger than
/// [`IMPLIED_MAX_CELLS`] are not searched (an empty list).
pub fn implied_houses(n_cells: usize, n_symbols: usize, houses: &[Vec<usize>]) -> Vec<Vec<usize>> {
    if n_cells > IMPLIED_MAX_CELLS || n_symbols < 2 {
        return Vec::new();
    }
    let set_of = |cells: &[usize]| cells.iter().fold(0u128, |s, &c| s | 1u128 << c);
    let mut full: Vec<u128> = Vec::new();
    let mut known: std::collections::HashSet<u128> = std::collections::HashSet::new();
    for h in houses {
        let s = set_of(h);
        known.insert(s);
        if h.len() == n_symbols && !full.contains(&s) {
            full.push(s);
        }
    }
    let mut found: Vec<u128> = Vec::new();
    loop {
        let mut new: Vec<u128> = Vec::new();
        let mut keep = |s: u128, new: &mut Vec<u128>| {
            if s.count_ones() as usize == n_symbols && !known.contains(&s) {
                known.insert(s);
                new.push(s);
            }
        };
        let m = full.len();
        for a in 0..m {
            for b in a + 1..m {
                if full[a] & full[b] != 0 {
                    continue;
                }
                let pair = full[a] | full[b];
                // k = 2: one full house inside the union of two.
                let inside: Vec<u128> = full.iter().copied().filter(|&h| h & pair == h && h != full[a] && h != full[b]).collect();
                for &h in &inside {
                    keep(pair & !h, &mut new);
                }
                // k = 3: two disjoint full houses inside the union of three.
                for c in b + 1..m {
                    if pair & full[c] != 0 {
                        continue;
                    }
                    let union = pair | full[c];
                    let inside: Vec<u128> =
                        full.iter().copied().filter(|&h| h & union == h && h != full[a] && h != full[b] && h != full[c]).collect();
                    for i in 0..inside.len() {
                        for j in i + 1..inside.len() {
                            if inside[i] & inside[j] == 0 {
                                keep(union & !(inside[i] | inside[j]), &mut new);
                            }
                        }
                    }
                }
            }
        }
        if new.is_empty() {
            break;
        }
        full.extend(&new);
        found.extend(new);
    }
    found.into_iter().map(|s| (0..n_cells).filter(|&c| s >> c & 1 == 1).collect()).collect()
}

fn parse_grid(n: usize, puzzle: &str) -> Result<Vec<Option<u8>>, String> {
    let mut givens = Vec::with_capacity(n * n);
    for (pos, ch) in puzzle.chars().filter(|c| !c.is_whitespace()).enumerate() {
        let d = match ch {
            '.' | '0' => None,
            '1'..='9' => Some(ch as u8 - b'1'),
            'A'..='Z' => Some(ch as u8 - b'A' + 9),
            'a'..='z' => Some(ch as u8 - b'a' + 9),
            _ => return Err(format!("position {}: '{}' is not a cell", pos + 1, ch)),
        };
        if let Some(v) = d
            && v as usize >= n
        {
            return Err(format!("position {}: '{}' is not a symbol of a {}x{} grid", pos + 1, ch, n, n));
        }
        givens.push(d);
    }
    if givens.len() != n * n {
        return Err(format!("{} cells, expected {}", givens.len(), n * n));
    }
    Ok(givens)
}
