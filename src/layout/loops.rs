//! Slitherlink boards as layouts (`shape = "loops"`): only the board's size;
//! the loop rules live in `crate::slither`.

/// How to play Slitherlink, as every book prints it.
pub const RULES: &str = "Draw one loop along the lines between the dots; it never crosses or touches itself, and a number tells how many sides of its cell the loop uses.";
/// The words the shipped layouts carried before: only dots print.
const OLD_RULES: &str =
    "Draw one loop along the dotted lines that never crosses or touches itself; a number tells how many sides of its cell the loop uses.";

use super::file::LayoutFile;
use super::{Kind, Layout, LoopBoard};
use std::path::Path;

/// A Slitherlink board (`shape = "loops"`, `size` columns, `rows` rows or
/// as many as columns).
pub(super) fn loops_layout(path: &Path, source: String, file: &LayoutFile) -> Result<Layout, String> {
    let cols = *file.size.get_ref();
    let rows = file.rows.unwrap_or(cols);
    let sides = crate::slither::MIN_SIDE..=crate::slither::MAX_SIDE;
    if !sides.contains(&rows) || !sides.contains(&cols) {
        return Err(format!(
            "a {rows}×{cols} Slitherlink board is out of range ({} to {} cells a side)",
            crate::slither::MIN_SIDE,
            crate::slither::MAX_SIDE
        ));
    }
    Ok(Layout {
        id: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        path: path.to_path_buf(),
        source,
        name: file.reader_name(),
        description: file.description.clone(),
        // The shipped layouts take their rules from here; puzzles stored
        // with the old words ("dotted lines", where only dots print) read
        // the new ones.
        rules: file.rules.clone().filter(|r| r != OLD_RULES).unwrap_or_else(|| RULES.into()),
        kind: Kind::Loops(LoopBoard { rows, cols }),
    })
}
