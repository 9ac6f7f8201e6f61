//! A snake as a picture and as a layout file that generates puzzles.

use super::grid::{CELLS, N};
use super::Snake;

/// Nine lines: snake cells as `E`/`O`, forced neighbours as `e`/`o`.
pub fn render(snake: &Snake) -> String {
    let marks = snake.forced_marks();
    let mut out = String::new();
    for r in 0..N {
        for c in 0..N {
            let cell = r * N + c;
            let on_snake = snake.cells.contains(&(cell as u8));
            out.push(match (marks[cell], on_snake) {
                (Some(true), true) => 'E',
                (Some(false), true) => 'O',
                (Some(true), false) => 'e',
                (Some(false), false) => 'o',
                (None, _) => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// A layout (layouts/*.toml) whose cells carry the snake's E/O marks and
/// whose snake path is printed as a grey line.
pub fn export_layout_toml(snake: &Snake, number: usize) -> String {
    let marks = snake.forced_marks();
    let picture: String = (0..CELLS)
        .map(|cell| {
            let mark = match marks[cell] {
                Some(true) => 'E',
                Some(false) => 'O',
                None => '.',
            };
            if cell % N == N - 1 { format!("{mark}\n") } else { mark.to_string() }
        })
        .collect();
    let path: Vec<String> = snake.cells.iter().map(|&c| format!("[{}, {}]", c as usize / N + 1, c as usize % N + 1)).collect();
    format!(
        "description = \"Parity snake #{number}: a grey snake of {} cells alternating even and odd\"\n\
         rules = \"Place 1–9 once in every row, column and 3×3 box. E cells hold even digits, O cells odd digits; the grey snake alternates even and odd digits.\"\n\
         size = 9\n\
         boxes = \"3x3\"\n\
         marks = \"\"\"\n{picture}\"\"\"\n\
         snake_path = [{}]\n",
        snake.len(),
        path.join(", ")
    )
}
