//! The layout file format (`layouts/*.toml`) as serde reads it.
//! The complete reference is layouts/README.md.
//!
//! ```toml
//! name = "Jigsaw Sudoku"          # optional; the reader's name (default: description up to ':' or ',')
//! description = "Jigsaw 9×9: irregular regions instead of boxes"
//! rules = "Place 1–9 once in every row, column and outlined region."   # optional
//! words.de.name = "Jigsaw-Sudoku" # optional; name and rules in other languages (ISO 639-1 codes)
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
//! word_in_row = true             # optional; Wordoku: one row of each solution spells the symbols
//! cages = [{ sum = 3, cells = "r1c1 r1c2" }]   # optional; killer cages (different digits, this sum)
//! random_cages = { min = 1, max = 5 }          # optional; killer cages drawn anew for each puzzle
//! random_regions = true          # optional; jigsaw regions drawn anew for each puzzle (instead of boxes/regions)
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
    /// The reader's `name` and `rules` in other languages: `words.de.name`.
    #[serde(default)]
    pub words: super::words::WordsTable,
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
    /// Wordoku: every solution spells the symbols in order along one row,
    /// chosen anew for each puzzle.
    #[serde(default)]
    pub word_in_row: bool,
    /// Killer cages: different digits adding up to `sum` in the named cells.
    pub cages: Option<Spanned<Vec<Spanned<CageEntry>>>>,
    /// Killer: cages the generator draws anew for each puzzle.
    pub random_cages: Option<Spanned<RandomCagesEntry>>,
    /// Jigsaw: regions the generator draws anew for each puzzle.
    pub random_regions: Option<Spanned<bool>>,
}

/// One killer cage: `{ sum = 12, cells = "r1c1 r1c2 r2c1" }`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CageEntry {
    pub sum: u32,
    pub cells: String,
}

/// `random_cages = { min = 1, max = 5, givens = false }`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct RandomCagesEntry {
    pub min: Option<usize>,
    pub max: Option<usize>,
    #[serde(default)]
    pub givens: bool,
    /// Keep the one-cell cages the pins leave (see `CageRule::one_cell`).
    #[serde(default)]
    pub one_cell_cages: bool,
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

/// Whether two layout files say the same puzzle: equal once the reader's
/// and the catalog's words (`name`, `description`, `rules`, `words`) are set aside.
pub fn same_rules(a: &str, b: &str) -> bool {
    let rules_only = |text: &str| {
        text.parse::<toml::Table>().ok().map(|mut table| {
            for words in ["name", "description", "rules", "words"] {
                table.remove(words);
            }
            table
        })
    };
    matches!((rules_only(a), rules_only(b)), (Some(a), Some(b)) if a == b)
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

#[cfg(test)]
mod tests {
    use crate::layout::{Layout, list_layout_files};
    use std::path::Path;

    fn layout(text: &str) -> Layout {
        Layout::from_source(Path::new("layouts/mine.toml"), text.into()).unwrap()
    }

    #[test]
    fn the_readers_name_is_read_or_taken_from_the_description() {
        let named = layout("name = \"Even/Odd Sudoku\"\ndescription = \"Even/odd 9×9: marks\"\nsize = 4\nboxes = \"2x2\"\n");
        assert_eq!((named.name.as_str(), named.description.as_str()), ("Even/Odd Sudoku", "Even/odd 9×9: marks"));
        assert_eq!(layout("description = \"Jigsaw 9×9: nine regions\"\nsize = 4\nboxes = \"2x2\"\n").name, "Jigsaw 9×9");
        assert_eq!(layout("name = \"  \"\ndescription = \"Mine, small\"\nsize = 4\nboxes = \"2x2\"\n").name, "Mine");
        assert_eq!(layout("name = \"Loop\"\ndescription = \"d\"\nshape = \"loops\"\nsize = 5\n").name, "Loop");
        // Generated rules name letters as letters.
        let twelve = layout("description = \"d\"\nsize = 12\nboxes = \"3x4\"\n");
        assert_eq!(twelve.rules, "Place the digits 1–9 and the letters A–C once in every row, column and box.");
        let err = Layout::from_source(Path::new("layouts/bad.toml"), "name = 3\ndescription = \"d\"\nsize = 4\n".into()).unwrap_err();
        assert_eq!(err.line, Some(1), "{err}");
    }

    #[test]
    fn files_differing_only_in_words_say_the_same_puzzle() {
        let old = "description = \"Classic 9×9\"\nsize = 9\nboxes = \"3x3\"\n";
        let new = "name = \"Sudoku\"\ndescription = \"Classic\"\nrules = \"Place 1–9.\"\nsize = 9\n# a comment\nboxes = \"3x3\"\n";
        assert!(super::same_rules(old, new));
        assert!(!super::same_rules(old, &new.replace("3x3", "1x9")));
        assert!(!super::same_rules(old, "not toml ="));
    }

    #[test]
    fn every_shipped_layout_speaks_to_the_reader() {
        let files = list_layout_files();
        assert!(files.len() >= 29);
        for path in files {
            let source = std::fs::read_to_string(&path).unwrap();
            let file: super::LayoutFile = toml::from_str(&source).unwrap();
            let id = path.display();
            let name = file.name.as_deref().unwrap_or_else(|| panic!("{id}: no name"));
            // Slitherlink boards take their rules from `loops::RULES`.
            let loops = source.contains("shape = \"loops\"");
            let rules = file.rules.as_deref().or(loops.then_some(super::super::loops::RULES)).unwrap_or_else(|| panic!("{id}: no rules"));
            assert!(!name.contains('#') && !name.contains(':'), "{id}: {name}");
            // Developer words stay in the description.
            for word in ["symbols", "odd-odd", "1–C", "1–G", "2 rows × 3", "Normal sudoku"] {
                assert!(!rules.contains(word) && !name.contains(word), "{id}: {word:?} in {rules:?}");
            }
            let built = Layout::load(&path.display().to_string()).unwrap();
            if let Some(cells) = built.cells() {
                // "Shaded" only where the page shades: islands and pie slices.
                let shaded = cells.islands.iter().any(Option::is_some) || cells.random.islands > 0;
                let pie = matches!(cells.geometry, crate::layout::Geometry::Pie { .. });
                assert!(!rules.contains("shaded") || shaded || pie, "{id}: says shaded: {rules}");
                if cells.alphabet.len() > 9 && cells.alphabet.char_of(9) == 'A' && !pie {
                    let one = cells.alphabet.len() == 10;
                    assert!(rules.contains(if one { "the letter A " } else { "the letters A–" }), "{id}: letters unnamed: {rules}");
                }
            }
        }
    }
}
