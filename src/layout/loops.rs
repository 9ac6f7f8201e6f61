//! Slitherlink boards as layouts (`shape = "loops"`).

use super::Layout;
use super::file::LayoutFile;
use super::geometry::Geometry;
use crate::model::{Alphabet, Model, SymbolSet};
use std::collections::BTreeMap;
use std::path::Path;

/// A Slitherlink board (`shape = "loops"`, `size` columns, `rows` rows or
/// as many as columns). Its model only names the cells and the clue
/// alphabet 0–3, so puzzles parse and print like the other layouts; the
/// loop rules live in `crate::slither`.
pub(super) fn loops_layout(path: &Path, source: String, file: &LayoutFile) -> Result<Layout, String> {
    let cols = *file.size.get_ref();
    let rows = file.rows.unwrap_or(cols);
    if !(crate::slither::MIN_SIDE..=crate::slither::MAX_SIDE).contains(&rows)
        || !(crate::slither::MIN_SIDE..=crate::slither::MAX_SIDE).contains(&cols)
    {
        return Err(format!(
            "a {rows}×{cols} Slitherlink board is out of range ({} to {} cells a side)",
            crate::slither::MIN_SIDE,
            crate::slither::MAX_SIDE
        ));
    }
    let geometry = Geometry::Loops { rows, cols };
    let cells = rows * cols;
    let alphabet = Alphabet::from_chars("0123".chars().collect());
    let cell_names = (0..cells).map(|i| geometry.cell_name(i)).collect();
    let model = Model {
        alphabet: alphabet.clone(),
        cell_names,
        houses: Vec::new(),
        allowed: vec![SymbolSet::all(4); cells],
        conflicts: Vec::new(),
    };
    Ok(Layout {
        id: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        path: path.to_path_buf(),
        source,
        description: file.description.clone(),
        rules: file.rules.clone().unwrap_or_else(|| {
            "Draw one loop along the dotted lines that never crosses or touches itself; a number tells how many sides of its cell the loop uses.".into()
        }),
        size: cols,
        alphabet,
        geometry,
        regions: vec![0; cells],
        regions_are_boxes: false,
        diagonals: Vec::new(),
        marks: vec![None; cells],
        mark_kinds: BTreeMap::new(),
        snake_path: Vec::new(),
        level_bands: crate::score::DEFAULT_LEVEL_BANDS,
        islands: vec![None; cells],
        letters: vec![None; cells],
        magic_five: false,
        random: Default::default(),
        model,
    })
}
