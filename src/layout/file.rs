//! The layout file format (`layouts/*.toml`) as serde reads it.
//!
//! ```toml
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
//! ```

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct LayoutFile {
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
}
