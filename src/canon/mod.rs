//! Canonical keys: the minimal encoding of a puzzle over the symmetries its
//! layout allows, so two puzzles that are the same up to symmetry share one
//! key and the catalog's UNIQUE index turns the second away.
//!
//! Classic layouts (boxes, no marks, no diagonals) allow the whole sudoku
//! group: band and stack permutations, row and column permutations within
//! them, transposition when boxes are square, and any relabelling of the
//! symbols. Other layouts keep only the square's symmetries that map every
//! house to a house and every mark to the same mark, and relabel symbols only
//! within classes of symbols no rule tells apart (evens among evens …).

mod bands;
mod frames;

use crate::layout::CellLayout;
use crate::model::{Grid, Symbol};

pub struct Canonicalizer {
    group: Group,
    /// `class_members[k]`: the symbols of relabelling class k, ascending.
    class_members: Vec<Vec<Symbol>>,
    class_of: Vec<usize>,
    alphabet: Vec<char>,
    /// Killer cages travel with the cells: the key writes them after the
    /// givens, and symbols are never relabelled (sums tell them apart).
    cages: Vec<crate::model::Cage>,
}

enum Group {
    /// Rows in bands of `band_height`, columns in stacks of `stack_width`.
    BandsAndStacks { size: usize, band_height: usize, stack_width: usize, transpose: bool },
    /// An explicit list of cell permutations (`image[cell]`), identity first.
    Permutations(Vec<Vec<usize>>),
}

impl Canonicalizer {
    pub fn for_cells(layout: &CellLayout) -> Canonicalizer {
        let model = &layout.model;
        let square = layout.geometry.is_full_square(layout.size);
        let plain = layout.regions_are_boxes && layout.diagonals.is_empty() && model.houses.len() == 3 * layout.size;
        let classic = square && plain && layout.marks.iter().all(|m| m.is_none()) && model.conflicts.is_empty() && model.cages.is_empty();
        let group = match (classic, if classic { box_shape(layout) } else { None }) {
            (true, Some((h, w))) => Group::BandsAndStacks { size: layout.size, band_height: h, stack_width: w, transpose: h == w },
            // Canvases of several grids and pies keep their cells in place.
            _ if !square => Group::Permutations(vec![(0..model.cell_count()).collect()]),
            _ => Group::Permutations(square_symmetries(layout.size).into_iter().filter(|p| keeps_layout(layout, p)).collect()),
        };
        // Symbols a rule can tell apart (a mark allows one but not the other,
        // or their house counts differ) must not be swapped.
        let signature = |s: Symbol| -> (Vec<bool>, Vec<u8>) {
            (model.allowed.iter().map(|a| a.contains(s)).collect(), model.houses.iter().map(|h| h.counts[s as usize]).collect())
        };
        let mut class_keys = Vec::new();
        let mut class_members: Vec<Vec<Symbol>> = Vec::new();
        let mut class_of = Vec::new();
        for s in 0..model.symbol_count() as Symbol {
            let key = signature(s);
            let class = class_keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                class_keys.push(key);
                class_members.push(Vec::new());
                class_keys.len() - 1
            });
            class_members[class].push(s);
            class_of.push(class);
        }
        let alphabet = (0..model.symbol_count()).map(|s| model.alphabet.char_of(s as Symbol)).collect();
        Canonicalizer { group, class_members, class_of, alphabet, cages: model.cages.clone() }
    }

    /// The key: the smallest relabelled string over the group, `.` = empty.
    pub fn key(&self, givens: &Grid) -> String {
        if let (false, Group::Permutations(perms)) = (self.cages.is_empty(), &self.group) {
            return perms.iter().map(|image| self.killer_key(image, givens)).min().unwrap_or_default();
        }
        let best = match &self.group {
            Group::BandsAndStacks { .. } => Some(self.classic_key(givens, None).key),
            Group::Permutations(perms) => perms.iter().map(|image| self.relabelled(inverse(image).iter().map(|&c| givens.cells[c]))).min(),
        };
        best.unwrap_or_default().iter().map(|&v| if v == 0 { '.' } else { self.alphabet[v as usize - 1] }).collect()
    }

    /// The classic group's key and what it cost (`force`: a method, for
    /// tests that compare them).
    fn classic_key(&self, givens: &Grid, force: Option<bands::Method>) -> bands::Keyed {
        let Group::BandsAndStacks { size, band_height, stack_width, transpose } = self.group else {
            unreachable!("classic_key is asked only of the sudoku group")
        };
        let shape = bands::Shape { n: size, band_height, stack_width, transpose };
        bands::minimal_key_by(&givens.cells, shape, &bands::Labeler::new(&self.class_of, &self.class_members), force)
    }

    /// The givens moved by `image` as they are, then each moved cage as
    /// "sum:cell,cell,…" in order.
    fn killer_key(&self, image: &[usize], givens: &Grid) -> String {
        let mut key: String = inverse(image).iter().map(|&c| givens.cells[c].map_or('.', |s| self.alphabet[s as usize])).collect();
        let mut cages: Vec<(Vec<usize>, u32)> =
            self.cages.iter().map(|cage| (sorted(cage.cells.iter().map(|&c| image[c]).collect()), cage.sum)).collect();
        cages.sort_unstable();
        for (cells, sum) in cages {
            let cells: Vec<String> = cells.iter().map(usize::to_string).collect();
            key.push_str(&format!(" {sum}:{}", cells.join(",")));
        }
        key
    }

    /// Renames symbols in order of first appearance, each to the smallest
    /// unused symbol of its class: 0 = empty, 1 + symbol otherwise.
    fn relabelled(&self, cells: impl Iterator<Item = Option<Symbol>>) -> Vec<u8> {
        let mut labeler = bands::Labeler::new(&self.class_of, &self.class_members);
        cells.map(|cell| labeler.label(cell)).collect()
    }
}

/// Box height and width of a layout whose regions are boxes.
fn box_shape(layout: &CellLayout) -> Option<(usize, usize)> {
    let n = layout.size;
    let first_box: Vec<usize> = (0..n * n).filter(|&c| layout.regions[c] == layout.regions[0]).collect();
    let h = first_box.iter().map(|c| c / n).max()? + 1;
    let w = first_box.iter().map(|c| c % n).max()? + 1;
    (h * w == n).then_some((h, w))
}

/// The 8 symmetries of the square as cell images, identity first.
fn square_symmetries(n: usize) -> Vec<Vec<usize>> {
    type CellMap = fn(usize, usize, usize) -> (usize, usize);
    let maps: [CellMap; 8] = [
        |r, c, _| (r, c),
        |r, c, n| (c, n - 1 - r),
        |r, c, n| (n - 1 - r, n - 1 - c),
        |r, c, n| (n - 1 - c, r),
        |r, c, n| (r, n - 1 - c),
        |r, c, n| (n - 1 - r, c),
        |r, c, _| (c, r),
        |r, c, n| (n - 1 - c, n - 1 - r),
    ];
    maps.iter()
        .map(|f| {
            (0..n * n)
                .map(|i| {
                    let (r, c) = f(i / n, i % n, n);
                    r * n + c
                })
                .collect()
        })
        .collect()
}

fn keeps_layout(layout: &CellLayout, image: &[usize]) -> bool {
    let houses: Vec<Vec<usize>> = layout.model.houses.iter().map(|h| sorted(h.cells.clone())).collect();
    let houses_kept = houses.iter().all(|h| houses.contains(&sorted(h.iter().map(|&c| image[c]).collect())));
    let marks_kept = (0..image.len()).all(|c| layout.marks[c] == layout.marks[image[c]]);
    let relations = &layout.model.conflicts;
    let relations_kept = relations
        .iter()
        .all(|r| relations.iter().any(|q| (q.a, q.b, q.a_symbols, q.b_symbols) == (image[r.a], image[r.b], r.a_symbols, r.b_symbols)));
    houses_kept && marks_kept && relations_kept
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}

/// `order[i]` = the cell whose content lands on cell i.
fn inverse(image: &[usize]) -> Vec<usize> {
    let mut order = vec![0; image.len()];
    for (from, &to) in image.iter().enumerate() {
        order[to] = from;
    }
    order
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
