//! The layout file format (`layouts/*.toml`) as serde reads it.
//! The complete reference is layouts/README.md.
//!
//! ```toml
//! name = "Jigsaw Sudoku"          # optional; the reader's name (default: description up to ':' or ',')
//! description = "Jigsaw 9×9: irregular regions instead of boxes"
//! rules = "Place 1–9 once in every row, column and outlined region."   # optional
//! size = 9                       # rows = columns = size
//! symbols = "123456789"          # optional; default 1–9 then A, B, … (A = 10)
//! counts = { "*" = 3 }           # optional; times a symbol occurs per house (default 1)
//! boxes = "3x3"                  # box height x width; or `regions`, a letter picture
//! diagonals = true               # optional; both main diagonals are houses too
//! marks = """                    # optional; per-cell marks, '.' = none
//! E...O....
//! """
//! mark_symbols = { X = "123" }   # optional; extra mark letters (E, O, H, L are built in)
//! snake_path = [[1, 1], [1, 2]]  # optional; a path drawn through the cells (print only)
//! levels = [510, 570, 625]       # optional; score limits of easy, medium, hard (see README)
//! magic_five = true              # optional; Atlantis: a 5 forbids 6–9 directly above it
//! islands = """..."""            # optional; extra houses as a letter picture, '.' = none
//! letters = """..."""            # optional; Trividoku's lettered cells A–I, '.' = none
//! random_marks = { E = 4, H = 2 } # optional; marks the generator places anew for each puzzle
//! random_islands = 3             # optional; islands the generator draws anew for each puzzle
//! grids = [{ at = [0, 0] }, { at = [6, 6], diagonals = true }]   # optional; overlapping grids
//! shape = "pie"                  # optional; with sectors, rings, pairing = "fixed" | "sliding"
//! shape = "loops"                # a Slitherlink board of `size` columns and `rows` rows
//! ```

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct LayoutFile {
    /// What the reader calls the puzzle, in books ("Even/Odd Sudoku").
    pub name: Option<String>,
    /// One line for the catalog and `puzzlebook layouts`.
    pub description: String,
    pub rules: Option<String>,
    pub size: Spanned<usize>,
    pub symbols: Option<Spanned<String>>,
    #[serde(default)]
    pub counts: BTreeMap<String, u8>,
    pub boxes: Option<Spanned<String>>,
    pub regions: Option<Spanned<String>>,
    #[serde(default)]
    pub diagonals: bool,
    pub marks: Option<Spanned<String>>,
    #[serde(default)]
    pub mark_symbols: BTreeMap<String, String>,
    pub snake_path: Option<Spanned<Vec<[usize; 2]>>>,
    pub levels: Option<Spanned<Vec<u32>>>,
    /// "squares" (default) or "pie".
    pub shape: Option<Spanned<String>>,
    pub sectors: Option<usize>,
    pub rings: Option<usize>,
    /// Rows of a Slitherlink board (`shape = "loops"`; default: `size`).
    pub rows: Option<usize>,
    /// Pie slices: "fixed" sector pairs (default) or "sliding" (every adjacent pair).
    pub pairing: Option<Spanned<String>>,
    /// Several grids on one canvas, each with its own houses.
    pub grids: Option<Spanned<Vec<GridEntry>>>,
    /// Atlantis: a 5 forbids any larger digit in the cell directly above it.
    #[serde(default)]
    pub magic_five: bool,
    /// Extra houses drawn as a letter picture ('.' = no island), shaded in print.
    pub islands: Option<Spanned<String>>,
    /// Marks the generator places for each puzzle: letter → how many cells.
    pub random_marks: Option<Spanned<BTreeMap<String, usize>>>,
    /// Islands the generator draws for each puzzle.
    pub random_islands: Option<Spanned<usize>>,
    /// Trividoku: lettered cells (A–I …) that hold different digits and print as letters.
    pub letters: Option<Spanned<String>>,
}

/// One grid of an overlapping layout: its top-left canvas cell (0-based row,
/// column) and, when they differ from the file's, its boxes, regions or diagonals.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct GridEntry {
    pub at: [usize; 2],
    pub boxes: Option<String>,
    pub regions: Option<Spanned<String>>,
    #[serde(default)]
    pub diagonals: bool,
}

impl LayoutFile {
    /// The reader's name: `name`, or (for files written before it, and
    /// users' own files) the description's first words, before a colon or
    /// comma ("Jigsaw 9×9: …" → "Jigsaw 9×9").
    pub fn reader_name(&self) -> String {
        match self.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => name.to_string(),
            None => self.description.split([':', ',']).next().unwrap_or(&self.description).trim().to_string(),
        }
    }
}
