//! Layouts as data: finding, reading and checking `layouts/*.toml`, and the
//! geometry every other stage (model, print) reads from them.

mod build;
mod extras;
mod file;
mod frame;
mod geometry;
mod loops;
mod marks;
mod picture;
pub mod randomise;
mod regions;
mod shapes;

use crate::model::{Alphabet, Model, SymbolSet};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub use frame::Diagonals;
pub use geometry::Geometry;
pub use marks::MarkKind;

/// A checked layout: the geometry as drawn and the model it compiles to.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The file name without `.toml`.
    pub id: String,
    pub path: PathBuf,
    /// The file's text, kept so a catalog can record its hash.
    pub source: String,
    pub description: String,
    pub rules: String,
    /// Cells in a house (a grid's side).
    pub size: usize,
    pub alphabet: Alphabet,
    /// Where the cells are: one or several square grids, or a pie.
    pub geometry: Geometry,
    /// Printed region of each cell (box, jigsaw shape, pie slice): thick
    /// lines run between regions.
    pub regions: Vec<usize>,
    pub regions_are_boxes: bool,
    /// Grids whose long diagonals are houses.
    pub diagonals: Vec<Diagonals>,
    /// Mark letter of each cell, if any.
    pub marks: Vec<Option<char>>,
    /// Island of each cell (an extra house, shaded in print), if any.
    pub islands: Vec<Option<usize>>,
    /// Trividoku's letter of each cell, if any.
    pub letters: Vec<Option<char>>,
    /// Atlantis's magic 5 relation is part of the model.
    pub magic_five: bool,
    /// Marks and islands the generator chooses per puzzle (the puzzle is
    /// then stored under the layout with them drawn in).
    pub random: randomise::RandomParts,
    pub mark_kinds: BTreeMap<char, MarkKind>,
    /// Print-only decoration: (row, col) path, 0-based.
    pub snake_path: Vec<(usize, usize)>,
    /// Candidate-score limits of easy, medium and hard; above is expert.
    pub level_bands: [u32; 3],
    pub model: Model,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct LayoutError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}: line {}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Where shipped layouts live: `./layouts`, then the crate's own folder so
/// the binary also works when started from elsewhere in a checkout.
pub fn layout_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from("layouts")];
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    if built_in.canonicalize().ok() != dirs[0].canonicalize().ok() {
        dirs.push(built_in);
    }
    dirs
}

impl Layout {
    /// A LAYOUT argument: an id from `layouts/` or a path to a .toml file.
    pub fn load(arg: &str) -> Result<Layout, LayoutError> {
        let path = Self::resolve(arg)?;
        let source = std::fs::read_to_string(&path).map_err(|e| LayoutError {
            file: path.display().to_string(),
            line: None,
            message: format!("cannot read: {e}"),
        })?;
        Self::from_source(&path, source)
    }

    pub fn from_source(path: &Path, source: String) -> Result<Layout, LayoutError> {
        build::build(path, source)
    }

    fn resolve(arg: &str) -> Result<PathBuf, LayoutError> {
        let as_path = Path::new(arg);
        if arg.ends_with(".toml") || arg.contains('/') || arg.contains('\\') {
            return Ok(as_path.to_path_buf());
        }
        for dir in layout_dirs() {
            let candidate = dir.join(format!("{arg}.toml"));
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
        let known: Vec<String> = list_layout_files().iter().filter_map(|p| id_of(p)).collect();
        Err(LayoutError {
            file: format!("layouts/{arg}.toml"),
            line: None,
            message: format!("no such layout '{arg}' (known: {})", known.join(", ")),
        })
    }

    /// The allowed symbols of a mark letter, for printing and messages.
    pub fn mark_symbols(&self, mark: char) -> SymbolSet {
        self.mark_kinds.get(&mark).map_or(SymbolSet::all(self.alphabet.len()), |k| k.symbols)
    }

    /// The catalog's puzzle family: "loops" for Slitherlink, "cells" otherwise.
    pub fn family(&self) -> &'static str {
        if matches!(self.geometry, Geometry::Loops { .. }) { "loops" } else { "cells" }
    }

    pub fn cell_name(row: usize, col: usize) -> String {
        format!("r{}c{}", row + 1, col + 1)
    }
}

fn id_of(path: &Path) -> Option<String> {
    path.file_stem().map(|s| s.to_string_lossy().into_owned())
}

/// Every `.toml` in the layout folders, first folder winning on equal ids.
pub fn list_layout_files() -> Vec<PathBuf> {
    let mut by_id: BTreeMap<String, PathBuf> = BTreeMap::new();
    for dir in layout_dirs() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "toml")
                && let Some(id) = id_of(&path)
            {
                by_id.entry(id).or_insert(path);
            }
        }
    }
    by_id.into_values().collect()
}

#[cfg(test)]
mod tests;
