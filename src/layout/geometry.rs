//! Where cells sit: square cells on a canvas (one grid, or several
//! overlapping grids whose gaps are not cells at all) or the rings and
//! sectors of a circle. Printing, symmetry and display read this; the rules
//! live in the model's houses.

#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    /// Square cells on a `rows`×`cols` canvas; `cell_at[r * cols + c]` is the
    /// cell there (`None` in the gaps between overlapping grids), `position`
    /// the reverse map. Cells are numbered row by row.
    Squares { rows: usize, cols: usize, cell_at: Vec<Option<usize>>, position: Vec<(usize, usize)> },
    /// A circle of `sectors` wedges and `rings` rings; cell `s * rings + k` is
    /// sector `s`, ring `k` (ring 0 innermost). `slice_of_sector` groups the
    /// sectors that print as one slice (alternately shaded).
    Pie { sectors: usize, rings: usize, slice_of_sector: Vec<usize> },
    /// Tridoku: a triangle of `side` rows of small triangles; row `r` holds
    /// `2r + 1` of them, upward ones at even positions. Cell `r² + k`.
    Triangle { side: usize },
}

impl Geometry {
    /// A full `rows`×`cols` rectangle of cells.
    pub fn rectangle(rows: usize, cols: usize) -> Geometry {
        Geometry::from_canvas(rows, cols, &vec![true; rows * cols])
    }

    /// The cells of a canvas where `present` holds, numbered row by row.
    pub fn from_canvas(rows: usize, cols: usize, present: &[bool]) -> Geometry {
        let mut cell_at = vec![None; rows * cols];
        let mut position = Vec::new();
        for (i, &here) in present.iter().enumerate() {
            if here {
                cell_at[i] = Some(position.len());
                position.push((i / cols, i % cols));
            }
        }
        Geometry::Squares { rows, cols, cell_at, position }
    }

    pub fn cell_count(&self) -> usize {
        match self {
            Geometry::Squares { position, .. } => position.len(),
            Geometry::Pie { sectors, rings, .. } => sectors * rings,
            Geometry::Triangle { side } => side * side,
        }
    }

    /// The cell at canvas row `r`, column `c` (square geometries only).
    pub fn cell_at(&self, r: usize, c: usize) -> Option<usize> {
        match self {
            Geometry::Squares { rows, cols, cell_at, .. } if r < *rows && c < *cols => cell_at[r * cols + c],
            _ => None,
        }
    }

    /// Canvas (row, column) of a cell; (sector, ring) on a pie.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        match self {
            Geometry::Squares { position, .. } => position[cell],
            Geometry::Pie { rings, .. } => (cell / rings, cell % rings),
            Geometry::Triangle { .. } => {
                let r = cell.isqrt();
                (r, cell - r * r)
            }
        }
    }

    /// Canvas rows and columns (sectors and rings on a pie).
    pub fn extent(&self) -> (usize, usize) {
        match self {
            Geometry::Squares { rows, cols, .. } => (*rows, *cols),
            Geometry::Pie { sectors, rings, .. } => (*sectors, *rings),
            Geometry::Triangle { side } => (*side, 2 * side - 1),
        }
    }

    /// Cells across the larger side, for sizing print: a pie's inner ring
    /// prints its digits about as large as a 20-cell-wide grid.
    pub fn span(&self) -> usize {
        match self {
            Geometry::Squares { rows, cols, .. } => *rows.max(cols),
            Geometry::Pie { .. } => 20,
            // Its digits sit in triangles about half a square's size.
            Geometry::Triangle { side } => 2 * side,
        }
    }

    /// One full square grid with no gaps (the only geometry whose
    /// rotations and reflections are the square's).
    pub fn is_full_square(&self, size: usize) -> bool {
        matches!(self, Geometry::Squares { rows, cols, position, .. } if *rows == size && *cols == size && position.len() == size * size)
    }

    /// Cell name for messages: "r3c5" on canvases, "s3k2" (sector 3, ring 2) on pies.
    pub fn cell_name(&self, cell: usize) -> String {
        let (a, b) = self.position(cell);
        match self {
            Geometry::Squares { .. } | Geometry::Triangle { .. } => format!("r{}c{}", a + 1, b + 1),
            Geometry::Pie { .. } => format!("s{}k{}", a + 1, b + 1),
        }
    }

    /// How symbol `s` prints on this geometry, and so how words name it: a
    /// pie prints each symbol's value (10, 11, 12), a square or triangle
    /// grid the alphabet's own character.
    pub fn symbol_name(&self, alphabet: &crate::model::Alphabet, s: crate::model::Symbol) -> String {
        match self {
            Geometry::Pie { .. } => alphabet.value_of(s).map_or_else(|| alphabet.char_of(s).to_string(), |v| v.to_string()),
            Geometry::Squares { .. } | Geometry::Triangle { .. } => alphabet.char_of(s).to_string(),
        }
    }

    /// Lattice corners (row, column) of a Tridoku cell: an upward triangle
    /// at even positions of its row, a downward one at odd.
    pub fn triangle_corners(&self, cell: usize) -> [(usize, usize); 3] {
        let (r, k) = self.position(cell);
        let j = k / 2;
        if k % 2 == 0 { [(r, j), (r + 1, j), (r + 1, j + 1)] } else { [(r, j), (r, j + 1), (r + 1, j + 1)] }
    }

    /// The cell directly above, on square canvases.
    pub fn above(&self, cell: usize) -> Option<usize> {
        match self {
            Geometry::Squares { .. } => {
                let (r, c) = self.position(cell);
                r.checked_sub(1).and_then(|r| self.cell_at(r, c))
            }
            Geometry::Pie { .. } | Geometry::Triangle { .. } => None,
        }
    }

    /// Text display, one canvas row (or pie sector) a line, gaps as spaces.
    pub fn display(&self, text: &[char]) -> String {
        let (rows, cols) = self.extent();
        let mut out = String::new();
        for r in 0..rows {
            let line: String = (0..cols)
                .map(|c| match self {
                    Geometry::Squares { .. } => self.cell_at(r, c).map_or(' ', |cell| text[cell]),
                    Geometry::Pie { rings, .. } => text[r * rings + c],
                    Geometry::Triangle { .. } => {
                        if c <= 2 * r {
                            text[r * r + c]
                        } else {
                            ' '
                        }
                    }
                })
                .collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_not_cells() {
        // An L of three cells on a 2×2 canvas.
        let g = Geometry::from_canvas(2, 2, &[true, false, true, true]);
        assert_eq!(g.cell_count(), 3);
        assert_eq!(g.cell_at(0, 1), None);
        assert_eq!(g.position(2), (1, 1));
        assert_eq!(g.above(1), Some(0));
        assert_eq!(g.above(0), None);
        assert_eq!(g.display(&['a', 'b', 'c']), "a\nbc\n");
    }

    #[test]
    fn pie_cells_run_sector_by_sector() {
        let pie = Geometry::Pie { sectors: 12, rings: 6, slice_of_sector: (0..12).map(|s| s / 2).collect() };
        assert_eq!(pie.position(7), (1, 1));
        assert_eq!(pie.cell_name(7), "s2k2");
    }
}
