//! Layouts as data: finding, reading and checking `layouts/*.toml`, and the
//! geometry every other stage (model, print) reads from them.

mod build;
pub mod cages;
mod extras;
mod file;
mod frame;
mod geometry;
pub mod jigsaw;
mod loops;
mod marks;
mod picture;
pub mod randomise;
mod regions;
mod shapes;
mod words;

use crate::model::{Alphabet, Model, SymbolSet};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub use file::same_rules;
pub use frame::Diagonals;
pub use geometry::Geometry;
pub use marks::MarkKind;
/// The cells sharing a side with a cell of a `size`×`size` grid.
pub use regions::neighbours as side_neighbours;
pub use words::{LANGUAGES, MissingWords, ReaderWords, is_language_code, missing_words};

/// A checked layout: what every layout has (its id, file, words for the
/// catalog and the reader) and its family's part.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The file name without `.toml`.
    pub id: String,
    pub path: PathBuf,
    /// The file's text, kept so a catalog can record its hash.
    pub source: String,
    /// What the reader calls it, in books: headings, contents, "How to play".
    pub name: String,
    /// One line for the catalog and `puzzlebook layouts`.
    pub description: String,
    /// The rules as the reader is told them.
    pub rules: String,
    pub kind: Kind,
}

/// The part of a layout only its family reads; `crate::family::of` is the
/// one place that looks at which it is.
#[derive(Clone, Debug)]
pub enum Kind {
    /// The sudoku family: symbols in cells under houses, marks, relations.
    Cells(Box<CellLayout>),
    /// A board of `rows`×`cols` cells whose family reads the rest
    /// (Slitherlink's loop clues, a nonogram's run clues): `shape` is the
    /// layout file's, which `crate::family::of` tells the families by.
    Board { shape: &'static str, board: Board },
}

/// A board: `rows` rows of `cols` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
}

/// A cell layout: the geometry as drawn and the model it compiles to.
#[derive(Clone, Debug)]
pub struct CellLayout {
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
    /// Wordoku: the generator relabels each solution so that one row (drawn
    /// per puzzle) spells the alphabet in order.
    pub word_in_row: bool,
    /// Candidate-score limits of easy, medium and hard; above is expert.
    pub level_bands: [u32; 3],
    pub model: Model,
}

impl CellLayout {
    /// The allowed symbols of a mark letter, for printing and messages.
    pub fn mark_symbols(&self, mark: char) -> SymbolSet {
        self.mark_kinds.get(&mark).map_or(SymbolSet::all(self.alphabet.len()), |k| k.symbols)
    }
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

    /// The cell part of a sudoku-family layout (`None` for other families).
    pub fn cells(&self) -> Option<&CellLayout> {
        // Every other family's part is not a cell layout (a new family's
        // variant needs no arm here).
        if let Kind::Cells(cells) = &self.kind { Some(cells) } else { None }
    }

    /// Loads a layout that must be of the sudoku family (tests, benchmarks
    /// and the cell engines' own tools).
    pub fn load_cells(arg: &str) -> Result<(Layout, CellLayout), LayoutError> {
        let layout = Layout::load(arg)?;
        match layout.cells().cloned() {
            Some(cells) => Ok((layout, cells)),
            None => Err(LayoutError { file: layout.path.display().to_string(), line: None, message: "not a sudoku-family layout".into() }),
        }
    }

    /// The cell the grader and messages call `name` ("r3c5", "s3k2"), on
    /// a cell layout.
    pub fn cell_index(&self, name: &str) -> Option<usize> {
        self.cells().and_then(|cells| cells.model.cell_names.iter().position(|n| n == name))
    }

    /// What the grader and messages call cell `cell` ("r3c5", "s3k2"), on a cell layout.
    pub fn name_of_cell(&self, cell: usize) -> Option<&str> {
        self.cells().and_then(|cells| cells.model.cell_names.get(cell).map(String::as_str))
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
