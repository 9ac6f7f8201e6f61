//! Plain-text drawing of a puzzle and (optionally) its loop, for tests,
//! debugging and bug reports: `+` points, `-`/`|` loop edges, clue digits.

use super::grid::{EdgeSet, Puzzle};

pub fn render(puzzle: &Puzzle, solution: Option<&EdgeSet>) -> String {
    let g = puzzle.grid;
    let on = |e: usize| solution.is_some_and(|s| s.contains(e));
    let mut out = String::new();
    for r in 0..=g.rows {
        for c in 0..=g.cols {
            out.push('+');
            if c < g.cols {
                out.push_str(if on(g.h_edge(r, c)) { "---" } else { "   " });
            }
        }
        out.push('\n');
        if r == g.rows {
            break;
        }
        for c in 0..=g.cols {
            out.push(if on(g.v_edge(r, c)) { '|' } else { ' ' });
            if c < g.cols {
                match puzzle.clues[g.cell(r, c)] {
                    Some(k) => out.push_str(&format!(" {k} ")),
                    None => out.push_str("   "),
                }
            }
        }
        out.push('\n');
    }
    out
}
