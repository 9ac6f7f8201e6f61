//! Jigsaw regions drawn anew for each puzzle (`random_regions = true`).
//!
//! The drawing starts from the grid's boxes (rows when the size has no box
//! shape) and scrambles them by swaps: a cell of region A on A's border with
//! region B goes to B while a cell of B on its border with A goes to A,
//! kept only when both regions stay in one piece. Every region keeps its
//! `size` cells throughout. Whether a grid exists under the drawn regions
//! is for the generator to find out (it fills one and redraws otherwise).

use super::regions::neighbours;
use super::{Layout, LayoutError};
use rand::Rng;
use rand::RngExt;

/// Swaps tried per cell of the grid: enough that the boxes are gone (on
/// 9×9, about a third of the cells end in a region other than their box's).
const SWAPS_PER_CELL: usize = 60;

/// Region index (0 … size−1) of every cell of a `size`×`size` grid: `size`
/// connected regions of `size` cells each.
pub fn draw(size: usize, rng: &mut dyn Rng) -> Vec<usize> {
    let mut region = start(size);
    let cells = size * size;
    for _ in 0..SWAPS_PER_CELL * cells {
        let a = rng.random_range(0..cells);
        let from = region[a];
        let across: Vec<usize> = neighbours(size, a).filter(|&n| region[n] != from).collect();
        if across.is_empty() {
            continue;
        }
        let to = region[across[rng.random_range(0..across.len())]];
        // A cell of `to` that touches `from` (other than through `a` alone).
        let back: Vec<usize> =
            (0..cells).filter(|&b| region[b] == to && neighbours(size, b).any(|n| n != a && region[n] == from)).collect();
        if back.is_empty() {
            continue;
        }
        let b = back[rng.random_range(0..back.len())];
        region[a] = to;
        region[b] = from;
        if !connected(size, &region, from) || !connected(size, &region, to) {
            region[a] = from;
            region[b] = to;
        }
    }
    region
}

/// Boxes of the squarest shape h×w (h ≤ w) dividing `size`; rows when there
/// is none but 1×size.
fn start(size: usize) -> Vec<usize> {
    let h = (1..=size).filter(|h| h * h <= size && size.is_multiple_of(*h)).max().unwrap_or(1);
    super::regions::boxes(size, h, size / h)
}

fn connected(size: usize, region: &[usize], which: usize) -> bool {
    let members: Vec<usize> = (0..region.len()).filter(|&c| region[c] == which).collect();
    let Some(&first) = members.first() else { return true };
    let mut seen = vec![false; region.len()];
    seen[first] = true;
    let mut todo = vec![first];
    let mut reached = 1;
    while let Some(c) = todo.pop() {
        for n in neighbours(size, c) {
            if region[n] == which && !seen[n] {
                seen[n] = true;
                reached += 1;
                todo.push(n);
            }
        }
    }
    reached == members.len()
}

/// The regions as a letter picture, letters in order of first appearance
/// (so equal partitions draw equal pictures).
pub fn picture(size: usize, region: &[usize]) -> String {
    let mut letter_of: Vec<Option<char>> = vec![None; size];
    let mut next = b'A';
    let mut out = String::with_capacity(region.len() + size);
    for (c, &r) in region.iter().enumerate() {
        let letter = *letter_of[r].get_or_insert_with(|| {
            next += 1;
            (next - 1) as char
        });
        out.push(letter);
        if c % size == size - 1 {
            out.push('\n');
        }
    }
    out
}

/// `base` with its `random_regions` replaced by these regions: the layout a
/// puzzle is made, stored, validated and printed under.
pub fn with_regions(base: &Layout, region: &[usize]) -> Result<Layout, LayoutError> {
    let fail = |message: String| LayoutError { file: base.path.display().to_string(), line: None, message };
    let cells = base.cells().ok_or_else(|| fail("regions are drawn on cell layouts only".into()))?;
    let mut text = super::randomise::without_keys(&base.source, &["random_regions"]).map_err(fail)?;
    super::randomise::add_top_level(
        &mut text,
        &format!("\n# Regions the generator drew for this puzzle.\nregions = \"\"\"\n{}\"\"\"\n", picture(cells.size, region)),
    );
    Layout::from_source(&base.path, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    #[test]
    fn drawn_regions_are_connected_of_equal_size_and_differ_from_the_boxes() {
        for size in [6, 8, 9] {
            let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
            let boxes = start(size);
            let mut seen = std::collections::HashSet::new();
            for _ in 0..5 {
                let region = draw(size, &mut rng);
                for r in 0..size {
                    assert_eq!(region.iter().filter(|&&x| x == r).count(), size, "size {size}: region {r}");
                    assert!(connected(size, &region, r), "size {size}: region {r} in pieces\n{}", picture(size, &region));
                }
                let moved = (0..size * size).filter(|&c| region[c] != boxes[c]).count();
                assert!(moved >= size * size / 5, "size {size}: only {moved} cells left their box\n{}", picture(size, &region));
                seen.insert(picture(size, &region));
            }
            assert_eq!(seen.len(), 5, "size {size}: five draws, five region sets");
        }
    }

    #[test]
    fn random_regions_stand_alone_on_a_single_square_grid() {
        let build = |text: &str| Layout::from_source(std::path::Path::new("layouts/bad.toml"), text.into()).map_err(|e| e.to_string());
        let with_boxes = "description = \"x\"\nsize = 9\nboxes = \"3x3\"\n\nrandom_regions = true\n";
        assert_eq!(
            build(with_boxes).unwrap_err(),
            "layouts/bad.toml: line 5: give `boxes`, a `regions` picture or `random_regions = true`, not two"
        );
        let with_grids = "description = \"x\"\nsize = 4\nrandom_regions = true\ngrids = [{ at = [0, 0] }]\n";
        assert_eq!(build(with_grids).unwrap_err(), "layouts/bad.toml: line 3: random_regions need a single square grid (no `grids`)");
        let without = "description = \"x\"\nsize = 4\nrandom_regions = false\n";
        assert!(build(without).unwrap_err().contains("missing `boxes`"));
        // Before its regions are drawn the model is the Latin square.
        let base = Layout::load("jigsaw-random-6").unwrap();
        let names: Vec<&str> = base.cells().unwrap().model.houses.iter().map(|h| h.name.as_str()).collect();
        assert_eq!(names.len(), 12);
        assert!(names.iter().all(|n| n.starts_with("row ") || n.starts_with("column ")), "{names:?}");
    }

    #[test]
    fn the_drawn_regions_replace_random_regions_in_the_puzzles_own_layout() {
        let base = Layout::load("jigsaw-random-9").unwrap();
        assert!(base.cells().unwrap().random.regions);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let region = draw(9, &mut rng);
        let own = with_regions(&base, &region).unwrap();
        assert!(!own.source.contains("random_regions"), "{}", own.source);
        assert!(own.source.contains(&picture(9, &region)));
        let cells = own.cells().unwrap();
        assert!(!cells.random.regions);
        // Rows, columns and the nine drawn regions.
        assert_eq!(cells.model.houses.len(), 27);
        assert_eq!(picture(9, &cells.regions), picture(9, &region));
    }
}
