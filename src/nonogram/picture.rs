//! A nonogram from a picture (`generate nonogram-… --from picture.png`):
//! the image brought down to the board's size and thresholded, then made
//! unique by changing as few cells as this greedy search finds.
//!
//! - **Downsampling**: each cell is the average darkness of the pixels it
//!   covers (the image is stretched to the board; transparent pixels count
//!   as white), so any image size works.
//! - **Threshold**: Otsu's threshold over the cells' darkness (the split
//!   that best separates dark from light); a cell darker than it is shaded.
//!   An image of one tone shades nothing.
//! - **Uniqueness**: while the solver finds more than one picture, line
//!   logic is run to its fixpoint and the cells it leaves undecided are
//!   tried: the one whose flip (shade an empty cell, empty a shaded one)
//!   leaves the fewest undecided cells is flipped. It stops when the puzzle
//!   is unique; every flip is one changed cell of the picture.

use super::line::solve_line;
use super::solve::solve;
use super::{Puzzle, UNKNOWN};
use crate::raster::Raster;

/// Undecided cells tried per flip (spread evenly over them), so large
/// boards stay quick.
const TRIED: usize = 48;

/// A picture made unique, and the cells changed to make it so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub width: usize,
    pub height: usize,
    /// Row-major, `true` = shaded.
    pub picture: Vec<bool>,
    /// The image's own thresholded cells, before any change.
    pub thresholded: Vec<bool>,
    /// Cells flipped, in order (row-major index).
    pub changed: Vec<usize>,
}

impl Made {
    /// What was done, in a reader's words ("3 cells changed to make the
    /// picture's nonogram unique: shaded r2c5; emptied r7c1 r7c2").
    pub fn report(&self) -> String {
        let name = |i: usize| format!("r{}c{}", i / self.width + 1, i % self.width + 1);
        let shaded = self.picture.iter().filter(|&&on| on).count();
        if self.changed.is_empty() {
            return format!("{shaded} of {} cells shaded; the picture's nonogram is unique as drawn: no cell changed", self.picture.len());
        }
        let list = |on: bool| self.changed.iter().filter(|&&i| self.picture[i] == on).map(|&i| name(i)).collect::<Vec<_>>();
        let (added, removed) = (list(true), list(false));
        let mut parts = Vec::new();
        if !added.is_empty() {
            parts.push(format!("shaded {}", added.join(" ")));
        }
        if !removed.is_empty() {
            parts.push(format!("emptied {}", removed.join(" ")));
        }
        format!(
            "{} cell{} changed to make the picture's nonogram unique ({shaded} of {} cells shaded): {}",
            self.changed.len(),
            if self.changed.len() == 1 { "" } else { "s" },
            self.picture.len(),
            parts.join("; ")
        )
    }
}

/// Each cell's darkness (0 white … 255 black): the average over the
/// pixels the cell covers, the image stretched to `width`×`height`.
pub fn darkness(image: &Raster, width: usize, height: usize) -> Vec<u8> {
    let (iw, ih) = (image.width as usize, image.height as usize);
    let ch = image.channels.max(1) as usize;
    let pixel = |x: usize, y: usize| -> f64 {
        let at = (y * iw + x) * ch;
        let px = &image.pixels[at..at + ch];
        let (tone, alpha) = match ch {
            1 => (f64::from(px[0]), 255.0),
            2 => (f64::from(px[0]), f64::from(px[1])),
            3 => (0.299 * f64::from(px[0]) + 0.587 * f64::from(px[1]) + 0.114 * f64::from(px[2]), 255.0),
            _ => (0.299 * f64::from(px[0]) + 0.587 * f64::from(px[1]) + 0.114 * f64::from(px[2]), f64::from(px[3])),
        };
        // Transparent shows the white page.
        (255.0 - tone) * alpha / 255.0
    };
    let mut out = Vec::with_capacity(width * height);
    for r in 0..height {
        let (y0, y1) = (r * ih / height, ((r + 1) * ih).div_ceil(height).max(r * ih / height + 1).min(ih));
        for c in 0..width {
            let (x0, x1) = (c * iw / width, ((c + 1) * iw).div_ceil(width).max(c * iw / width + 1).min(iw));
            let (mut sum, mut n) = (0.0, 0.0);
            for y in y0..y1 {
                for x in x0..x1 {
                    sum += pixel(x, y);
                    n += 1.0;
                }
            }
            out.push(if n > 0.0 { (sum / n).round().clamp(0.0, 255.0) as u8 } else { 0 });
        }
    }
    out
}

/// Otsu's threshold of `values`: cells above it are the dark class; `None`
/// when all values are (nearly) the same.
pub fn otsu(values: &[u8]) -> Option<u8> {
    let mut hist = [0u64; 256];
    for &v in values {
        hist[v as usize] += 1;
    }
    let total = values.len() as f64;
    let sum_all: f64 = hist.iter().enumerate().map(|(i, &h)| i as f64 * h as f64).sum();
    let (mut w0, mut sum0, mut best, mut at) = (0.0, 0.0, -1.0, None);
    #[allow(clippy::needless_range_loop)]
    for t in 0..255 {
        w0 += hist[t] as f64;
        sum0 += t as f64 * hist[t] as f64;
        let w1 = total - w0;
        if w0 == 0.0 || w1 == 0.0 {
            continue;
        }
        let (m0, m1) = (sum0 / w0, (sum_all - sum0) / w1);
        let between = w0 * w1 * (m0 - m1) * (m0 - m1);
        if between > best {
            best = between;
            at = Some(t as u8);
        }
    }
    let (min, max) = (values.iter().min().copied()?, values.iter().max().copied()?);
    if max - min < 16 { None } else { at }
}

/// The image thresholded at the board's size.
pub fn threshold(image: &Raster, width: usize, height: usize) -> Vec<bool> {
    let dark = darkness(image, width, height);
    match otsu(&dark) {
        Some(t) => dark.iter().map(|&d| d > t).collect(),
        // One tone: shaded if it is dark.
        None => dark.iter().map(|&d| d >= 128).collect(),
    }
}

/// Line logic to its fixpoint from the empty grid: the cells it decides
/// (`UNKNOWN` where it cannot).
fn line_logic(p: &Puzzle) -> Vec<u8> {
    let (w, h) = (p.width, p.height);
    let mut grid = vec![UNKNOWN; w * h];
    let mut dirty = vec![true; w + h];
    let mut buf = Vec::new();
    while dirty.iter().any(|&d| d) {
        let mut next = vec![false; w + h];
        for line in (0..w + h).filter(|&l| dirty[l]) {
            buf.clear();
            let cells: Vec<usize> =
                if line < h { (0..w).map(|c| line * w + c).collect() } else { (0..h).map(|r| r * w + line - h).collect() };
            buf.extend(cells.iter().map(|&i| grid[i]));
            let clue = if line < h { &p.rows[line] } else { &p.cols[line - h] };
            let Some(changed) = solve_line(clue, &mut buf) else { return grid };
            for k in changed {
                grid[cells[k]] = buf[k];
                let (r, c) = (cells[k] / w, cells[k] % w);
                next[r] = true;
                next[h + c] = true;
            }
        }
        dirty = next;
    }
    grid
}

fn undecided(p: &Puzzle) -> Vec<usize> {
    line_logic(p).iter().enumerate().filter(|(_, s)| **s == UNKNOWN).map(|(i, _)| i).collect()
}

/// Makes the image's nonogram unique (see the module's words), refusing
/// when it takes more than `max_changes` changed cells; the refusal says
/// how many it took.
pub fn make_unique(image: &Raster, width: usize, height: usize, max_changes: Option<usize>) -> Result<Made, String> {
    if image.width == 0 || image.height == 0 || image.pixels.is_empty() {
        return Err("the image has no pixels".into());
    }
    let thresholded = threshold(image, width, height);
    let mut picture = thresholded.clone();
    let mut changed: Vec<usize> = Vec::new();
    // More changes than a quarter of the board is no longer the picture.
    let cap = (width * height / 4).max(1);
    loop {
        let p = Puzzle::from_picture(width, height, &picture);
        let open = undecided(&p);
        if open.is_empty() || solve(&p).count == 1 {
            break;
        }
        if changed.len() >= cap {
            return Err(format!(
                "the picture's nonogram is still not unique after {} changed cells (a quarter of the board): try a simpler image or another size",
                changed.len()
            ));
        }
        let step = open.len().div_ceil(TRIED).max(1);
        let mut best: Option<(usize, usize)> = None;
        for &i in open.iter().step_by(step) {
            if changed.contains(&i) {
                continue;
            }
            picture[i] = !picture[i];
            let left = undecided(&Puzzle::from_picture(width, height, &picture)).len();
            picture[i] = !picture[i];
            if best.is_none_or(|(_, b)| left < b) {
                best = Some((i, left));
            }
        }
        let Some((i, _)) = best.or_else(|| open.iter().find(|i| !changed.contains(i)).map(|&i| (i, 0))) else {
            return Err("no cell left to change".into());
        };
        picture[i] = !picture[i];
        changed.push(i);
    }
    if let Some(max) = max_changes
        && changed.len() > max
    {
        let cells = if changed.len() == 1 { "1 cell".to_string() } else { format!("{} cells", changed.len()) };
        return Err(format!("making the picture's nonogram unique changes {cells}, more than --max-changes {max} allows"));
    }
    Ok(Made { width, height, picture, thresholded, changed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::check::count_solutions;

    /// A white image with a black ring (a drawn circle), `side` pixels.
    fn ring(side: u32) -> Raster {
        let mut pixels = Vec::new();
        let c = side as f64 / 2.0;
        for y in 0..side {
            for x in 0..side {
                let d = ((x as f64 + 0.5 - c).powi(2) + (y as f64 + 0.5 - c).powi(2)).sqrt();
                let ink = d > side as f64 * 0.28 && d < side as f64 * 0.42;
                let v = if ink { 0 } else { 255 };
                pixels.extend([v, v, v]);
            }
        }
        Raster { width: side, height: side, channels: 3, pixels }
    }

    #[test]
    fn a_drawn_ring_becomes_a_unique_nonogram_close_to_it() {
        let image = ring(200);
        let made = make_unique(&image, 15, 15, None).unwrap();
        assert_eq!(made.thresholded, threshold(&image, 15, 15));
        // The ring: shaded cells on it, none at its centre or corners.
        assert!(made.thresholded[7 * 15 + 1] && !made.thresholded[7 * 15 + 7] && !made.thresholded[0]);
        let p = Puzzle::from_picture(15, 15, &made.picture);
        assert_eq!(solve(&p).count, 1);
        assert_eq!(count_solutions(&p, 50_000_000), Some(1));
        let differ = made.picture.iter().zip(&made.thresholded).filter(|(a, b)| a != b).count();
        assert_eq!(differ, made.changed.len());
        assert!(made.report().contains("unique"), "{}", made.report());
        if !made.changed.is_empty() {
            let err = make_unique(&image, 15, 15, Some(made.changed.len() - 1)).unwrap_err();
            let cells = if made.changed.len() == 1 { "1 cell".to_string() } else { format!("{} cells", made.changed.len()) };
            assert!(err.contains(&format!("changes {cells},")), "{err}");
        }
    }

    #[test]
    fn a_symmetric_ambiguous_picture_is_changed_until_unique() {
        // Two diagonal dots: the classic two-solution picture.
        let mut pixels = vec![255u8; 10 * 10];
        for (x, y) in [(1, 1), (8, 8)] {
            pixels[y * 10 + x] = 0;
        }
        let image = Raster { width: 10, height: 10, channels: 1, pixels };
        let made = make_unique(&image, 10, 10, None).unwrap();
        assert!(!made.changed.is_empty());
        let p = Puzzle::from_picture(10, 10, &made.picture);
        assert_eq!(count_solutions(&p, 10_000_000), Some(1));
        let err = make_unique(&image, 10, 10, Some(0)).unwrap_err();
        assert!(err.contains("more than --max-changes 0"), "{err}");
    }

    #[test]
    fn one_tone_shades_nothing_and_transparency_is_white() {
        let image = Raster { width: 4, height: 4, channels: 4, pixels: [0u8, 0, 0, 0].repeat(16) };
        assert!(threshold(&image, 5, 5).iter().all(|&on| !on));
    }
}
