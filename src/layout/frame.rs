//! The frame of a layout: where its cells are and which groups of them are
//! houses, before symbols, marks and extra rules are added. One or several
//! square grids on a canvas, or the rings and slices of a pie.

use super::geometry::Geometry;

/// How one square grid is divided into regions.
#[derive(Clone, Debug)]
pub enum GridRegions {
    /// Boxes of height × width.
    Boxes(usize, usize),
    /// Region index of each cell of the grid (row-major) and region names.
    Picture(Vec<usize>, Vec<char>),
}

/// One square grid of `size` cells a side on the canvas.
#[derive(Clone, Debug)]
pub struct GridSpec {
    pub at: (usize, usize),
    pub regions: GridRegions,
    pub diagonals: bool,
}

/// A grid whose two long diagonals are houses, for drawing them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Diagonals {
    pub at: (usize, usize),
    pub size: usize,
}

#[derive(Debug)]
pub struct Frame {
    pub geometry: Geometry,
    /// (name, cells) of every house, without repeats.
    pub houses: Vec<(String, Vec<usize>)>,
    /// Region of each cell for printing: thick lines run between regions.
    pub regions: Vec<usize>,
    pub diagonals: Vec<Diagonals>,
    /// Pairs of cells that must differ (Tridoku's touching cells).
    pub touching: Vec<(usize, usize)>,
}

/// One or more square grids of `size` on a canvas just large enough for them.
/// Houses of several grids are named "row 3 of grid 2"; a house two grids
/// share (Samurai's corner boxes) is kept once.
pub fn squares(size: usize, grids: &[GridSpec]) -> Frame {
    let rows = grids.iter().map(|g| g.at.0 + size).max().unwrap_or(size);
    let cols = grids.iter().map(|g| g.at.1 + size).max().unwrap_or(size);
    let mut present = vec![false; rows * cols];
    for g in grids {
        for r in 0..size {
            for c in 0..size {
                present[(g.at.0 + r) * cols + g.at.1 + c] = true;
            }
        }
    }
    let geometry = Geometry::from_canvas(rows, cols, &present);
    let cell = |g: &GridSpec, r: usize, c: usize| geometry.cell_at(g.at.0 + r, g.at.1 + c).expect("grid cells are on the canvas");

    let mut houses: Vec<(String, Vec<usize>)> = Vec::new();
    let mut regions = vec![usize::MAX; geometry.cell_count()];
    for (k, g) in grids.iter().enumerate() {
        let suffix = if grids.len() > 1 { format!(" of grid {}", k + 1) } else { String::new() };
        let mut add = |name: String, mut cells: Vec<usize>| {
            cells.sort_unstable();
            if !houses.iter().any(|(_, h)| *h == cells) {
                houses.push((name + &suffix, cells));
            }
        };
        for r in 0..size {
            add(format!("row {}", r + 1), (0..size).map(|c| cell(g, r, c)).collect());
        }
        for c in 0..size {
            add(format!("column {}", c + 1), (0..size).map(|r| cell(g, r, c)).collect());
        }
        let (region_of, names, boxes) = match &g.regions {
            GridRegions::Boxes(h, w) => {
                let names = (0..size).map(|i| char::from_digit(i as u32 + 1, 36).unwrap_or('?')).collect();
                (super::regions::boxes(size, *h, *w), names, true)
            }
            GridRegions::Picture(region_of, names) => (region_of.clone(), names.clone(), false),
        };
        for (i, name) in names.iter().enumerate() {
            let local: Vec<usize> = (0..size * size).filter(|&c| region_of[c] == i).collect();
            let label = if boxes { format!("box {}", i + 1) } else { format!("region {name}") };
            add(label, local.iter().map(|&c| cell(g, c / size, c % size)).collect());
        }
        if g.diagonals {
            add("main diagonal".into(), (0..size).map(|i| cell(g, i, i)).collect());
            add("anti-diagonal".into(), (0..size).map(|i| cell(g, i, size - 1 - i)).collect());
        }
        // The first grid to cover a cell decides its printed region, so a
        // block two grids share draws as one.
        for (local, &region) in region_of.iter().enumerate() {
            let c = cell(g, local / size, local % size);
            if regions[c] == usize::MAX {
                regions[c] = k * size + region;
            }
        }
    }
    let diagonals = grids.iter().filter(|g| g.diagonals).map(|g| Diagonals { at: g.at, size }).collect();
    Frame { geometry, houses, regions, diagonals, touching: Vec::new() }
}

/// The Sudoku Pie: every ring is a house, and so is every slice — a fixed
/// pair of neighbouring sectors (0,1), (2,3) …, or with `sliding` pairing
/// every two neighbouring sectors.
pub fn pie(size: usize, sectors: usize, rings: usize, sliding: bool) -> Result<Frame, String> {
    if sectors != size || 2 * rings != size || !sectors.is_multiple_of(2) {
        return Err(format!(
            "a pie of {sectors} sectors × {rings} rings does not fit {size} symbols: every ring holds one of each (sectors = {size}) and so does every pair of sectors (rings = {})",
            size / 2
        ));
    }
    let cells_of_sector = |s: usize| (0..rings).map(move |k| s * rings + k);
    let mut houses = Vec::new();
    for k in 0..rings {
        houses.push((format!("ring {}", k + 1), (0..sectors).map(|s| s * rings + k).collect()));
    }
    let pairs: Vec<usize> = if sliding { (0..sectors).collect() } else { (0..sectors).step_by(2).collect() };
    for s in pairs {
        let next = (s + 1) % sectors;
        let mut cells: Vec<usize> = cells_of_sector(s).chain(cells_of_sector(next)).collect();
        cells.sort_unstable();
        houses.push((format!("sectors {} and {}", s + 1, next + 1), cells));
    }
    // With sliding pairs no slice stands out; shade alternate sectors.
    let slice_of_sector: Vec<usize> = (0..sectors).map(|s| if sliding { s } else { s / 2 }).collect();
    let regions = (0..sectors * rings).map(|c| slice_of_sector[c / rings]).collect();
    Ok(Frame { geometry: Geometry::Pie { sectors, rings, slice_of_sector }, houses, regions, diagonals: Vec::new(), touching: Vec::new() })
}

/// Tridoku on a triangle of side `size` (9): nine triangular nonets, the
/// three outer edges and the three legs of the inner (upside-down) triangle
/// whose corners sit on the middle of each outer edge. Touching cells
/// (sharing a side or a corner) are listed in `touching`: they must differ.
pub fn triangle(size: usize) -> Result<Frame, String> {
    if size != 9 {
        return Err(format!("a Tridoku triangle has side 9 (nine nonets of 9 cells), not {size}"));
    }
    let side = size;
    let geometry = Geometry::Triangle { side };
    let cells = side * side;
    let corners = |cell: usize| geometry.triangle_corners(cell);
    // The nonet holding a cell: its centroid (×3) in the side-3 triangle grid.
    let nonet = |cell: usize| {
        let (r, k) = geometry.position(cell);
        let j = k / 2;
        let (y3, x3) = if k % 2 == 0 { (3 * r + 2, 3 * j + 1) } else { (3 * r + 1, 3 * j + 2) };
        let (band, column) = (y3 / 9, x3 / 9);
        band * band + 2 * column + usize::from(x3 % 9 > y3 % 9)
    };
    let regions: Vec<usize> = (0..cells).map(nonet).collect();
    let mut houses = Vec::new();
    for n in 0..side {
        houses.push((format!("nonet {}", n + 1), (0..cells).filter(|&c| regions[c] == n).collect()));
    }
    let up = |r: usize, j: usize| r * r + 2 * j;
    let half = side / 2;
    houses.push(("left edge".to_string(), (0..side).map(|r| up(r, 0)).collect()));
    houses.push(("right edge".to_string(), (0..side).map(|r| up(r, r)).collect()));
    houses.push(("bottom edge".to_string(), (0..side).map(|j| up(side - 1, j)).collect()));
    // Inner legs: row `half` from edge to edge, and the two slanted strips
    // from its ends down to the middle of the bottom edge.
    let mut top: Vec<usize> = (0..=2 * half).map(|k| half * half + k).collect();
    let mut left: Vec<usize> =
        (half..side).map(|r| up(r, r - half)).chain((half + 1..side).map(|r| r * r + 2 * (r - half - 1) + 1)).collect();
    let mut right: Vec<usize> = (half..side).map(|r| up(r, half)).chain((half + 1..side).map(|r| r * r + 2 * half + 1)).collect();
    for leg in [&mut top, &mut left, &mut right] {
        leg.sort_unstable();
    }
    houses.push(("top of the inner triangle".to_string(), top));
    houses.push(("left of the inner triangle".to_string(), left));
    houses.push(("right of the inner triangle".to_string(), right));
    let mut touching = Vec::new();
    for a in 0..cells {
        for b in a + 1..cells {
            if corners(a).iter().any(|p| corners(b).contains(p)) {
                touching.push((a, b));
            }
        }
    }
    Ok(Frame { geometry, houses, regions, diagonals: Vec::new(), touching })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic(at: (usize, usize)) -> GridSpec {
        GridSpec { at, regions: GridRegions::Boxes(3, 3), diagonals: false }
    }

    #[test]
    fn samurai_shares_corner_boxes_once() {
        let at = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];
        let frame = squares(9, &at.map(classic));
        assert_eq!(frame.geometry.cell_count(), 369);
        assert_eq!(frame.geometry.extent(), (21, 21));
        // 5 grids × 27 houses, four shared boxes kept once.
        assert_eq!(frame.houses.len(), 5 * 27 - 4);
        assert_eq!(frame.geometry.cell_at(0, 9), None);
    }

    #[test]
    fn tridoku_has_nine_nonets_six_legs_and_touching_cells() {
        let frame = triangle(9).unwrap();
        let touching = &frame.touching;
        assert_eq!(frame.geometry.cell_count(), 81);
        assert_eq!(frame.houses.len(), 9 + 3 + 3);
        for (name, cells) in &frame.houses {
            assert_eq!(cells.len(), 9, "{name}");
        }
        // The inner triangle's corners lie on the outer edges: three cells in both.
        let outer: Vec<usize> = frame.houses[9..12].iter().flat_map(|(_, c)| c.clone()).collect();
        let inner: Vec<usize> = frame.houses[12..15].iter().flat_map(|(_, c)| c.clone()).collect();
        let mut shared: Vec<usize> = inner.iter().copied().filter(|c| outer.contains(c)).collect();
        shared.sort_unstable();
        shared.dedup();
        assert_eq!(shared.len(), 3);
        // The apex touches the three cells of row 1; a middle cell touches 12.
        assert_eq!(touching.iter().filter(|&&(a, _)| a == 0).count(), 3);
        let middle = 5 * 5 + 5;
        assert_eq!(touching.iter().filter(|&&(a, b)| a == middle || b == middle).count(), 12);
        assert!(triangle(4).is_err());
    }

    #[test]
    fn pie_has_rings_and_fixed_or_sliding_slices() {
        let fixed = pie(12, 12, 6, false).unwrap();
        assert_eq!(fixed.houses.len(), 6 + 6);
        assert_eq!(fixed.houses[6].1, (0..12).collect::<Vec<_>>());
        let sliding = pie(12, 12, 6, true).unwrap();
        assert_eq!(sliding.houses.len(), 6 + 12);
        let last = &sliding.houses[17].1;
        assert!(last.contains(&0) && last.contains(&71) && last.len() == 12);
        assert!(pie(12, 12, 5, false).unwrap_err().contains("rings = 6"));
    }
}
