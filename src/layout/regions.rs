//! Regions (boxes or jigsaw shapes): every region must be one connected
//! piece of the right size.

/// Region index per cell for `h`×`w` boxes on a `size` grid.
pub fn boxes(size: usize, h: usize, w: usize) -> Vec<usize> {
    let per_band = size / w;
    (0..size * size).map(|i| (i / size / h) * per_band + (i % size) / w).collect()
}

/// Checks size and connectivity of each region; `names[r]` names region `r`.
pub fn check(size: usize, regions: &[usize], names: &[char], expected_cells: usize) -> Result<(), String> {
    for (r, name) in names.iter().enumerate() {
        let cells: Vec<usize> = (0..regions.len()).filter(|&i| regions[i] == r).collect();
        if cells.len() != expected_cells {
            return Err(format!("region '{name}' has {} cells, expected {expected_cells}", cells.len()));
        }
        let reached = flood(size, regions, cells[0]);
        if let Some(&cut) = cells.iter().find(|c| !reached.contains(c)) {
            return Err(format!(
                "region '{name}' is not connected: {} is cut off from {}",
                super::Layout::cell_name(cut / size, cut % size),
                super::Layout::cell_name(cells[0] / size, cells[0] % size)
            ));
        }
    }
    Ok(())
}

fn flood(size: usize, regions: &[usize], start: usize) -> Vec<usize> {
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some(c) = todo.pop() {
        for n in neighbours(size, c) {
            if regions[n] == regions[start] && !seen.contains(&n) {
                seen.push(n);
                todo.push(n);
            }
        }
    }
    seen
}

/// The cells sharing a side with `cell` on a `size`×`size` grid.
pub fn neighbours(size: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    [(r > 0).then(|| cell - size), (r + 1 < size).then(|| cell + size), (c > 0).then(|| cell - 1), (c + 1 < size).then(|| cell + 1)]
        .into_iter()
        .flatten()
}
