//! Killer cages as printed: each cage's outline drawn inset from the cell
//! borders (so two cages side by side show two dashed lines, and the grid's
//! own lines stay clear), as straight runs in canvas cell units.

/// One straight piece of a cage outline, from `a` to `b`, in canvas units:
/// x = column, y = row (both growing right and down; a cell is 1 wide).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    pub a: (f32, f32),
    pub b: (f32, f32),
}

/// The outline of the cage made of the canvas cells `cells` ((row, column)
/// pairs), `inset` cell units inside its border: one run per straight side,
/// corners met exactly (outer corners `inset` in from the cell's corner,
/// inner corners `inset` into the neighbouring cell).
pub fn outline(cells: &[(usize, usize)], inset: f32) -> Vec<Run> {
    let inside = |r: isize, c: isize| r >= 0 && c >= 0 && cells.contains(&(r as usize, c as usize));
    let d = inset;
    // Where a side's end lies along its line: in from the corner when the
    // next cell along is outside the cage, on the corner when the side runs
    // on, and past it (an inner corner) when the cell beyond is in the cage
    // too. `along` is the corner's coordinate, `step` the way out (-1, +1).
    let end = |next_in: bool, beyond_in: bool, along: f32, step: f32| match (next_in, beyond_in) {
        (false, _) => along - step * d,
        (true, false) => along,
        (true, true) => along + step * d,
    };
    let mut horizontal: Vec<(f32, f32, f32)> = Vec::new(); // (y, x0, x1)
    let mut vertical: Vec<(f32, f32, f32)> = Vec::new(); // (x, y0, y1)
    for &(r, c) in cells {
        let (r, c) = (r as isize, c as isize);
        let (x, y) = (c as f32, r as f32);
        // Top and bottom sides: `dr` is the way out of the cage.
        for (dr, line_y) in [(-1, y + d), (1, y + 1.0 - d)] {
            if !inside(r + dr, c) {
                let x0 = end(inside(r, c - 1), inside(r + dr, c - 1), x, -1.0);
                let x1 = end(inside(r, c + 1), inside(r + dr, c + 1), x + 1.0, 1.0);
                horizontal.push((line_y, x0, x1));
            }
        }
        for (dc, line_x) in [(-1, x + d), (1, x + 1.0 - d)] {
            if !inside(r, c + dc) {
                let y0 = end(inside(r - 1, c), inside(r - 1, c + dc), y, -1.0);
                let y1 = end(inside(r + 1, c), inside(r + 1, c + dc), y + 1.0, 1.0);
                vertical.push((line_x, y0, y1));
            }
        }
    }
    let mut runs: Vec<Run> = merge(horizontal).into_iter().map(|(y, x0, x1)| Run { a: (x0, y), b: (x1, y) }).collect();
    runs.extend(merge(vertical).into_iter().map(|(x, y0, y1)| Run { a: (x, y0), b: (x, y1) }));
    runs
}

/// Pieces on one line that touch become one run, so a dash pattern flows
/// along a whole side of the cage.
fn merge(mut pieces: Vec<(f32, f32, f32)>) -> Vec<(f32, f32, f32)> {
    pieces.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut out: Vec<(f32, f32, f32)> = Vec::new();
    for p in pieces {
        match out.last_mut() {
            Some(last) if (last.0 - p.0).abs() < 1e-4 && (last.2 - p.1).abs() < 1e-4 => last.2 = p.2,
            _ => out.push(p),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    type Ends = ((f32, f32), (f32, f32));

    fn close(runs: &[Run], want: &[Ends]) {
        assert_eq!(runs.len(), want.len(), "{runs:?}");
        for (run, &(a, b)) in runs.iter().zip(want) {
            let near = |p: (f32, f32), q: (f32, f32)| (p.0 - q.0).abs() < 1e-5 && (p.1 - q.1).abs() < 1e-5;
            assert!(near(run.a, a) && near(run.b, b), "{run:?} vs {a:?}–{b:?}");
        }
    }

    #[test]
    fn a_single_cell_is_a_square_inset_on_every_side() {
        close(
            &outline(&[(2, 3)], 0.1),
            &[((3.1, 2.1), (3.9, 2.1)), ((3.1, 2.9), (3.9, 2.9)), ((3.1, 2.1), (3.1, 2.9)), ((3.9, 2.1), (3.9, 2.9))],
        );
    }

    #[test]
    fn an_l_shape_turns_its_inner_corner_inside_the_neighbour() {
        // Cells (0,0), (1,0), (1,1): at the inner corner (x 1, y 1) the
        // right side of (0,0) and the top of (1,1) meet at (0.9, 1.1).
        let runs = outline(&[(0, 0), (1, 0), (1, 1)], 0.1);
        close(
            &runs,
            &[
                ((0.1, 0.1), (0.9, 0.1)), // top of (0,0)
                ((0.9, 1.1), (1.9, 1.1)), // top of (1,1), from the inner corner
                ((0.1, 1.9), (1.9, 1.9)), // bottom of (1,0) and (1,1), one run
                ((0.1, 0.1), (0.1, 1.9)), // left of (0,0) and (1,0), one run
                ((0.9, 0.1), (0.9, 1.1)), // right of (0,0), down to the inner corner
                ((1.9, 1.1), (1.9, 1.9)), // right of (1,1)
            ],
        );
    }
}
