//! Slitherlink boards as layouts (`shape = "loops"`): only the board's size;
//! the loop rules live in `crate::slither`.

/// How to play Slitherlink, as every book prints it.
pub const RULES: &str = "Draw one loop along the lines between the dots; it never crosses or touches itself, and a number tells how many sides of its cell the loop uses.";
/// The words the shipped layouts carried before: only dots print.
const OLD_RULES: &str =
    "Draw one loop along the dotted lines that never crosses or touches itself; a number tells how many sides of its cell the loop uses.";

use super::build::Part;
use super::file::LayoutFile;
use super::picture::SourceSpot;
use super::{Kind, LayoutError, LoopBoard};
use std::path::Path;

/// Slitherlink's part of a layout file (`shape = "loops"`): `size`
/// columns, `rows` rows or as many as columns.
pub(super) fn read(path: &Path, source: &str, file: &LayoutFile) -> Result<Part, LayoutError> {
    let cols = *file.size.get_ref();
    let rows = file.rows.unwrap_or(cols);
    let sides = crate::slither::MIN_SIDE..=crate::slither::MAX_SIDE;
    if !sides.contains(&rows) || !sides.contains(&cols) {
        let span = file.size.span();
        return Err(LayoutError {
            file: path.display().to_string(),
            line: Some(SourceSpot { text: source, span: span.clone() }.line_at(span.start)),
            message: format!(
                "a {rows}×{cols} Slitherlink board is out of range ({} to {} cells a side)",
                crate::slither::MIN_SIDE,
                crate::slither::MAX_SIDE
            ),
        });
    }
    Ok(Part {
        // The shipped layouts take their rules from here; puzzles stored
        // with the old words ("dotted lines", where only dots print) read
        // the new ones.
        rules: file.rules.clone().filter(|r| r != OLD_RULES).unwrap_or_else(|| RULES.into()),
        kind: Kind::Loops(LoopBoard { rows, cols }),
    })
}
