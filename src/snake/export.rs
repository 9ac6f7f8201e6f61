//! A snake as a puzzlebook layout (`layouts/*.toml`) and as a text drawing.

use super::grid::{SIZE, col_of, row_of};
use super::{Parity, Snake};
use std::fmt::Write;

const RULES: &str = "Normal sudoku rules. Cells marked E hold even digits, cells marked O odd digits; \
                     the grey snake alternates even and odd digits.";

/// Layout TOML for snake number `id`: E/O marks on the snake and its forced
/// neighbours, and the path (1-based `[row, col]`, in snake order) for print.
pub fn export_layout_toml(snake: &Snake, id: usize) -> String {
    let marks = snake.forced_marks();
    let mut picture = String::new();
    for r in 0..SIZE {
        picture.extend((0..SIZE).map(|c| marks[r * SIZE + c].map_or('.', Parity::letter)));
        picture.push('\n');
    }
    let path: Vec<String> = snake.cells.iter().map(|&c| format!("[{}, {}]", row_of(c as usize) + 1, col_of(c as usize) + 1)).collect();
    let mut out = String::new();
    // `write!` to a String cannot fail.
    let _ = writeln!(
        out,
        "description = \"Parity snake #{id}: {} cells, {} ends, 9×9 with 3×3 boxes\"",
        snake.len(),
        snake.end_parities().label()
    );
    let _ = writeln!(out, "rules = \"{RULES}\"");
    let _ = writeln!(out, "size = 9");
    let _ = writeln!(out, "boxes = \"3x3\"");
    let _ = writeln!(out, "marks = \"\"\"\n{picture}\"\"\"");
    let _ = writeln!(out, "snake_path = [{}]", path.join(", "));
    out
}

/// Nine lines of nine characters: snake cells as `E`/`O`, the neighbours
/// they force as `e`/`o`, other cells `.`.
pub fn render_snake(snake: &Snake) -> String {
    let marks = snake.forced_marks();
    let on_snake = snake.cell_board();
    let mut out = String::with_capacity(SIZE * (SIZE + 1));
    for r in 0..SIZE {
        for c in 0..SIZE {
            let cell = r * SIZE + c;
            let ch = match marks[cell] {
                None => '.',
                Some(p) if on_snake >> cell & 1 == 1 => p.letter(),
                Some(p) => p.letter().to_ascii_lowercase(),
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}
