//! Slitherlink in pzprjs's formats (puzz.link and pzv.jp run pzprjs):
//! the URL body written by its `encode4Cell` and the `pzprv3` file.
//!
//! URL body, cell by cell row by row: `0`–`4` a clue; `5`–`9` a clue (the
//! digit − 5) followed by one empty cell; `a`–`e` a clue (− 10) followed by
//! two empty cells; `g`–`z` a run of 1–20 empty cells; `.` an unknown clue
//! (a "?", which this program has no use for and refuses).

use super::{Decoded, FormatError};

const PREFIX: &str = "https://puzz.link/p?";

/// The URL body of a clue grid (`.` empty, `0`–`3` clues).
pub fn encode_body(clues: &str) -> String {
    let cells: Vec<Option<u32>> = clues.chars().map(|c| c.to_digit(10)).collect();
    let mut out = String::new();
    let mut empty_run = 0u32;
    let mut c = 0;
    while c < cells.len() {
        let mut piece = String::new();
        match cells[c] {
            Some(q) => {
                // As pzprjs: a clue followed by a clue (not by the board's end) is
                // one character; else it swallows one or two cells after it.
                let clue_at = |k: usize| cells.get(k).is_some_and(Option::is_some);
                if clue_at(c + 1) {
                    piece.push(char::from_digit(q, 16).unwrap_or('0'));
                } else if clue_at(c + 2) {
                    piece.push(char::from_digit(q + 5, 16).unwrap_or('0'));
                    c += 1;
                } else {
                    piece.push(char::from_digit(q + 10, 16).unwrap_or('0'));
                    c += 2;
                }
            }
            None => empty_run += 1,
        }
        if empty_run > 0 && (!piece.is_empty() || empty_run == 20) {
            out.push(char::from_digit(empty_run + 15, 36).unwrap_or('g'));
            empty_run = 0;
        }
        out.push_str(&piece);
        c += 1;
    }
    if empty_run > 0 {
        out.push(char::from_digit(empty_run + 15, 36).unwrap_or('g'));
    }
    out
}

/// A clue grid from a URL body; the error says which character is wrong.
pub fn decode_body(body: &str, rows: usize, cols: usize) -> Result<String, String> {
    let total = rows * cols;
    let mut cells = vec!['.'; total];
    let mut c = 0;
    let mut used = 0;
    for (i, ch) in body.chars().enumerate() {
        if c >= total {
            break;
        }
        used = i + 1;
        match ch {
            '0'..='4' => cells[c] = ch,
            '5'..='9' => {
                cells[c] = char::from_digit(ch.to_digit(10).unwrap_or(5) - 5, 10).unwrap_or('0');
                c += 1;
            }
            'a'..='e' => {
                cells[c] = char::from_digit(ch.to_digit(16).unwrap_or(10) - 10, 10).unwrap_or('0');
                c += 2;
            }
            'g'..='z' => c += ch.to_digit(36).unwrap_or(16) as usize - 16,
            '.' => return Err(format!("character {} ('.') is an unknown (\"?\") clue, which a printed puzzle cannot have", i + 1)),
            _ => return Err(format!("character {} ('{ch}') is not a puzz.link Slitherlink code", i + 1)),
        }
        c += 1;
    }
    if c < total {
        return Err(format!("the body covers {} of {total} cells", c.min(total)));
    }
    if used < body.chars().count() {
        return Err(format!("{} characters after the last cell", body.chars().count() - used));
    }
    Ok(cells.into_iter().collect())
}

pub fn url(clues: &str, rows: usize, cols: usize) -> String {
    format!("{PREFIX}slither/{cols}/{rows}/{}", encode_body(clues))
}

/// puzz.link lines: one URL (or its `slither/<cols>/<rows>/<body>` part) a
/// line; the size must be the layout's.
pub fn decode_urls(text: &str, rows: usize, cols: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let line = i + 1;
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let Some(at) = l.find("slither/") else {
            return Err(FormatError::at(line, "not a puzz.link Slitherlink URL (no 'slither/')"));
        };
        let parts: Vec<&str> = l[at + "slither/".len()..].split('/').collect();
        // An optional flag part (`f`, the "full" variant is not ours) may come first.
        if parts.first().is_some_and(|p| p.chars().any(|c| c.is_ascii_alphabetic())) {
            return Err(FormatError::at(line, format!("flag '{}' is not plain Slitherlink", parts[0])));
        }
        let [c, r, body] = parts[..] else {
            return Err(FormatError::at(line, "expected slither/<cols>/<rows>/<body>"));
        };
        let (Ok(c), Ok(r)) = (c.parse::<usize>(), r.parse::<usize>()) else {
            return Err(FormatError::at(line, format!("'{c}/{r}' is not a size")));
        };
        if (r, c) != (rows, cols) {
            return Err(FormatError::at(line, format!("a {c}×{r} (columns × rows) board; the layout is {cols}×{rows}")));
        }
        let givens = decode_body(body, rows, cols).map_err(|e| FormatError::at(line, e))?;
        out.push(Decoded { line, givens });
    }
    Ok(out)
}

/// A `pzprv3` file of a puzzle and, if given, its loop: `edges(h, r, c)`
/// says whether the horizontal (`h`) or vertical edge at row `r`, column `c`
/// of the lattice is on the loop.
pub fn encode_pzprv3(clues: &str, rows: usize, cols: usize, edges: Option<&dyn Fn(bool, usize, usize) -> bool>) -> String {
    let chars: Vec<char> = clues.chars().collect();
    let mut out = format!("pzprv3\nslither\n{rows}\n{cols}\n");
    for r in chars.chunks(cols.max(1)) {
        for &c in r {
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    let on = |h: bool, r: usize, c: usize| if edges.is_some_and(|e| e(h, r, c)) { "1 " } else { "0 " };
    // Vertical edges: rows lines of cols + 1; then horizontal: rows + 1 lines of cols.
    for r in 0..rows {
        out.extend((0..=cols).map(|c| on(false, r, c)));
        out.push('\n');
    }
    for r in 0..=rows {
        out.extend((0..cols).map(|c| on(true, r, c)));
        out.push('\n');
    }
    out
}

/// The clue grid of a `pzprv3` Slitherlink file (its loop, if any, is not
/// needed: the importer proves the puzzle again).
pub fn decode_pzprv3(text: &str, rows: usize, cols: usize) -> Result<Vec<Decoded>, FormatError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let at = |i: usize| lines.get(i).map_or("", |l| l.trim());
    if !at(0).starts_with("pzprv3") {
        return Err(FormatError::at(1, "a pzprv3 file starts with 'pzprv3'"));
    }
    let mut i = 1;
    if at(0).starts_with("v:") {
        i += 1;
    }
    if at(i) != "slither" {
        return Err(FormatError::at(i + 1, format!("puzzle type '{}'; only 'slither' is read", at(i))));
    }
    let (Ok(r), Ok(c)) = (at(i + 1).parse::<usize>(), at(i + 2).parse::<usize>()) else {
        return Err(FormatError::at(i + 2, "rows and columns must be numbers, one a line"));
    };
    if (r, c) != (rows, cols) {
        return Err(FormatError::at(i + 2, format!("a board of {r} rows and {c} columns; the layout has {rows} and {cols}")));
    }
    let mut next = i + 3;
    // pzprv3.1 files carry a config flag line (e.g. `f`) before the cells.
    if at(0).starts_with("pzprv3.") && !at(next).contains(' ') && at(next).chars().all(|ch| ch.is_ascii_alphabetic()) {
        next += 1;
    }
    let first = next + 1;
    let mut givens = String::with_capacity(rows * cols);
    for r in 0..rows {
        let line = next + r;
        let tokens: Vec<&str> = at(line).split_whitespace().collect();
        if tokens.len() != cols {
            return Err(FormatError::at(line + 1, format!("{} cells; a row has {cols}", tokens.len())));
        }
        for t in tokens {
            givens.push(match t {
                "." => '.',
                "0" | "1" | "2" | "3" | "4" => t.chars().next().unwrap_or('.'),
                "-" => return Err(FormatError::at(line + 1, "'-' is an unknown (\"?\") clue, which a printed puzzle cannot have")),
                _ => return Err(FormatError::at(line + 1, format!("'{t}' is not a clue ('.', 0–4)"))),
            });
        }
    }
    Ok(vec![Decoded { line: first, givens }])
}
