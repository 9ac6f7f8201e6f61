//! What a family makes and the catalog keeps, as plain data owned below
//! both (issue 31): a new puzzle on its way in, a stored row, its technique
//! grade, and the hashes a verdict is bound to. `store` maps these to
//! columns; `family` makes and checks them; neither imports the other.

/// Recorded with every puzzle, so a catalog says which code made each row.
pub const GENERATOR_VERSION: &str = concat!("puzzlebook ", env!("CARGO_PKG_VERSION"));

/// A generated puzzle on its way into the catalog.
#[derive(Clone, Debug)]
pub struct NewPuzzle {
    /// The layout file with this puzzle's own marks or islands, when its
    /// batch's layout leaves them to the generator.
    pub own_layout: Option<String>,
    /// The technique grade, when the batch graded the puzzle.
    pub grade: Option<StoredGrade>,
    pub givens: String,
    pub solution: String,
    pub canonical: String,
    pub clues: usize,
    pub score: u32,
    pub level: String,
    pub effort_nodes: u64,
    pub seed: u64,
    /// Whether the generator proved no group of givens can go (see
    /// `Generated::minimal`); `None`: unknown (imports, killers).
    pub minimal: Option<bool>,
    /// The symmetry the givens keep, as `--symmetry` names it; `None`: unknown.
    pub symmetry: Option<String>,
}

/// A technique grade as stored: SE-scale rating, hardest technique, level.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGrade {
    pub se_rating: f64,
    pub technique: String,
    pub level: String,
}

impl StoredGrade {
    pub fn of(grade: &crate::grade::Grade) -> StoredGrade {
        StoredGrade::of_rating(&grade.rating())
    }

    /// What is stored of a rating (the grade without its path).
    pub fn of_rating(rating: &crate::grade::Rating) -> StoredGrade {
        // One decimal, as SE prints it, so a re-grade compares equal.
        StoredGrade {
            se_rating: (rating.se_rating as f64 * 10.0).round() / 10.0,
            technique: rating.hardest.name().to_string(),
            level: rating.level.name().to_string(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct PuzzleRow {
    pub id: i64,
    pub layout_name: String,
    pub layout_source: String,
    /// The name its layout file is stored under (`layouts.name`); equal to
    /// `layout_name` unless the row was edited.
    pub layout_file: String,
    pub givens: String,
    pub solution: String,
    pub canonical: String,
    pub clues: i64,
    pub score: u32,
    pub level: String,
    pub effort_nodes: i64,
    pub seed: u64,
    pub batch_id: Option<i64>,
    pub generator_version: String,
    pub created_at: String,
    pub validation: Option<String>,
    pub validation_detail: Option<String>,
    pub validated_at: Option<String>,
    pub validation_micros: Option<i64>,
    pub validated_hash: Option<String>,
    pub grade: Option<StoredGrade>,
    /// Whether the generator proved no group of givens can go; `None`: unknown.
    pub minimal: Option<bool>,
    /// The symmetry its givens keep (`--symmetry any`: the one drawn); `None`: unknown.
    pub symmetry: Option<String>,
    /// Where it came from (`puzzles.source`): "generated", [`PICTURE_SOURCE`]
    /// for a puzzle made from a picture, or an import's source name.
    pub source: String,
}

/// The source of puzzles made from a picture (`generate LAYOUT --from
/// PICTURE`): a book prints them in a chapter of their own.
pub const PICTURE_SOURCE: &str = "picture";

impl PuzzleRow {
    /// The level books use: the stored level (the technique grade where the
    /// layout has the grader).
    pub fn book_level(&self) -> &str {
        &self.level
    }

    /// Whether it was made from a picture ([`PICTURE_SOURCE`]).
    pub fn from_picture(&self) -> bool {
        self.source == PICTURE_SOURCE
    }
}

impl PuzzleRow {
    /// A row for a puzzle that is not stored (benchmarks, previews).
    pub fn for_print(id: i64, layout: &crate::layout::Layout, p: &NewPuzzle) -> PuzzleRow {
        PuzzleRow {
            id,
            layout_name: layout.id.clone(),
            layout_source: p.own_layout.clone().unwrap_or_else(|| layout.source.clone()),
            layout_file: layout.id.clone(),
            givens: p.givens.clone(),
            solution: p.solution.clone(),
            canonical: p.canonical.clone(),
            clues: p.clues as i64,
            score: p.score,
            level: p.level.clone(),
            effort_nodes: p.effort_nodes as i64,
            seed: p.seed,
            batch_id: None,
            generator_version: GENERATOR_VERSION.to_string(),
            created_at: String::new(),
            validation: None,
            validation_detail: None,
            validated_at: None,
            validation_micros: None,
            validated_hash: None,
            grade: p.grade.clone(),
            minimal: p.minimal,
            symmetry: p.symmetry.clone(),
            source: "generated".to_string(),
        }
    }
}

/// FNV-1a, 64 bit, as hex: a stable fingerprint of a layout file or of a
/// checked row (change detection, not security).
pub fn fingerprint(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// What a verdict covers: if any of these change, the puzzle is checked again.
pub fn content_hash(row: &PuzzleRow) -> String {
    fingerprint(&format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n{:?}",
        row.layout_name, row.layout_source, row.givens, row.solution, row.canonical, row.clues, row.score, row.level, row.grade
    ))
}

/// What a stored verdict is bound to: the content checked and the verdict
/// itself, so a verdict set by hand (`UPDATE puzzles SET validation = 'ok'`),
/// or a row changed since, no longer matches its hash.
pub fn verdict_hash(row: &PuzzleRow, ok: bool) -> String {
    fingerprint(&format!("{}\nverdict {}", content_hash(row), if ok { "ok" } else { "failed" }))
}

/// Does this row need (re)checking: never validated, changed since, or its
/// verdict not the one `validate` recorded for this content? Such a row
/// counts as unchecked everywhere (`validate`, books, `stats`, `show`).
pub fn needs_check(row: &PuzzleRow) -> bool {
    let ok = match row.validation.as_deref() {
        Some("ok") => true,
        Some("failed") => false,
        _ => return true,
    };
    row.validated_hash.as_deref() != Some(verdict_hash(row, ok).as_str())
}
