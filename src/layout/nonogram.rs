//! Nonogram boards as layouts (`shape = "nonogram"`): only the board's
//! size; the clues and the rules of picture logic live in `crate::nonogram`.

use super::build::Part;
use super::file::LayoutFile;
use super::picture::SourceSpot;
use super::{Kind, LayoutError, NonogramBoard};
use crate::nonogram::generate::{MAX_GEN, MIN_GEN};
use std::path::Path;

/// How to play a nonogram, as every book prints it.
pub const RULES: &str = "Shade cells of the grid so that the numbers beside each row and above each column give, in order, the lengths of its runs of shaded cells; two runs in a line have at least one empty cell between them. The shaded cells make a picture.";

/// A nonogram board's part of a layout file: `size` columns (the width),
/// `rows` rows (the height; default: as many as columns), each 5 to 40.
pub(super) fn read(path: &Path, source: &str, file: &LayoutFile) -> Result<Part, LayoutError> {
    let width = *file.size.get_ref();
    let height = file.rows.unwrap_or(width);
    let sides = MIN_GEN..=MAX_GEN;
    if !sides.contains(&width) || !sides.contains(&height) {
        let span = file.size.span();
        return Err(LayoutError {
            file: path.display().to_string(),
            line: Some(SourceSpot { text: source, span: span.clone() }.line_at(span.start)),
            message: format!(
                "a {width}×{height} nonogram (width × height) is out of range ({MIN_GEN} to {MAX_GEN} cells a side: the generator's range)"
            ),
        });
    }
    Ok(Part { rules: file.rules.clone().unwrap_or_else(|| RULES.into()), kind: Kind::Nonogram(NonogramBoard { width, height }) })
}
