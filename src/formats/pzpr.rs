//! Slitherlink in pzprjs's formats (puzz.link and pzv.jp run pzprjs):
//! the URL body written by its `encode4Cell` and the `pzprv3` file; and
//! sudoku's URL (`sudoku/<cols>/<rows>/<body>`, its `encodeNumber16`).
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
        // An optional flag part may come first: `f` is pzprjs's "all points
        // must be visited" variant, not plain Slitherlink.
        let Some((c, r, body)) = url_line(l, line, "slither", "Slitherlink", Some(flag_refusal))? else {
            continue;
        };
        if (r, c) != (rows, cols) {
            return Err(FormatError::at(line, format!("a {c}×{r} (columns × rows) board; the layout is {cols}×{rows}")));
        }
        let givens = decode_body(body, rows, cols).map_err(|e| FormatError::at(line, e))?;
        out.push(Decoded::new(line, givens));
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
    let next = i + 3;
    // pzprjs writes a config flag line before the cells when the puzzle is
    // a variant: `f` for "all points must be visited".
    if !at(next).is_empty() && at(next).chars().all(|ch| ch.is_ascii_alphabetic()) {
        return Err(FormatError::at(next + 1, flag_refusal(at(next))));
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
    Ok(vec![Decoded::new(first, givens)])
}

/// Why a pzprjs flag (URL part or pzprv3 config line) is refused.
fn flag_refusal(flag: &str) -> String {
    match flag {
        "f" => "flag 'f': pzprjs's \"all points must be visited\" Slitherlink (the loop passes every dot), \
                which is not plain Slitherlink; not read"
            .to_string(),
        other => format!("flag '{other}' is not plain Slitherlink; not read"),
    }
}

/// A sudoku's URL: `https://puzz.link/p?sudoku/<n>/<n>/<body>`, the body
/// pzprjs's `encodeNumber16` of the clue grid (`.` empty; digits 1–n, `A`
/// = 10 …).
pub fn sudoku_url(givens: &str, n: usize) -> String {
    format!("{PREFIX}sudoku/{n}/{n}/{}", encode_number16(givens))
}

/// pzprjs's `encodeNumber16`: a number 0–15 is one hex digit, 16–255 `-`
/// and two; a run of 1–20 empty cells is one of `g`–`z`.
pub fn encode_number16(givens: &str) -> String {
    let mut out = String::new();
    let mut empty_run = 0u32;
    for c in givens.chars() {
        let piece = match c.to_digit(36).filter(|_| c != '.') {
            None => String::new(),
            Some(v) if v < 16 => format!("{v:x}"),
            Some(v) => format!("-{v:02x}"),
        };
        if piece.is_empty() {
            empty_run += 1;
        }
        if empty_run > 0 && (!piece.is_empty() || empty_run == 20) {
            out.push(char::from_digit(empty_run + 15, 36).unwrap_or('g'));
            empty_run = 0;
        }
        out.push_str(&piece);
    }
    if empty_run > 0 {
        out.push(char::from_digit(empty_run + 15, 36).unwrap_or('g'));
    }
    out
}

/// A sudoku clue grid of `n`×`n` from an `encodeNumber16` body; the error
/// says which character is wrong.
pub fn decode_number16(body: &str, n: usize) -> Result<String, String> {
    let total = n * n;
    let chars: Vec<char> = body.chars().collect();
    let mut cells = vec!['.'; total];
    let (mut c, mut i) = (0, 0);
    while i < chars.len() && c < total {
        let ch = chars[i];
        let (value, width) = match ch {
            '0'..='9' | 'a'..='f' => (ch.to_digit(16), 1),
            '-' => (chars.get(i + 1..i + 3).and_then(|h| u32::from_str_radix(&h.iter().collect::<String>(), 16).ok()), 3),
            '+' => (chars.get(i + 1..i + 4).and_then(|h| u32::from_str_radix(&h.iter().collect::<String>(), 16).ok()), 4),
            'g'..='z' => {
                c += ch.to_digit(36).unwrap_or(16) as usize - 15;
                i += 1;
                continue;
            }
            '.' => return Err(format!("character {} ('.') is an unknown (\"?\") clue, which a printed puzzle cannot have", i + 1)),
            _ => return Err(format!("character {} ('{ch}') is not a puzz.link sudoku code", i + 1)),
        };
        match value {
            Some(v) if (1..=n as u32).contains(&v) => cells[c] = char::from_digit(v, 36).unwrap_or('?').to_ascii_uppercase(),
            Some(v) => return Err(format!("character {} gives {v}, outside 1–{n}", i + 1)),
            None => return Err(format!("character {} ('{ch}') is not followed by its hex digits", i + 1)),
        }
        c += 1;
        i += width;
    }
    if c < total {
        return Err(format!("the body covers {c} of {total} cells"));
    }
    if c > total {
        return Err(format!("the body runs {} cells past the grid's {total}", c - total));
    }
    if i < chars.len() {
        return Err(format!("{} characters after the last cell", chars.len() - i));
    }
    Ok(cells.into_iter().collect())
}

/// One puzz.link line (number `line`) of puzzle type `kind` (`slither`,
/// `sudoku`; `name` in messages): its size (columns, rows) and body, or
/// None for a blank or `#` line. `flags` refuses a flag part before the
/// size, for the types that have one.
fn url_line<'a>(
    text: &'a str,
    line: usize,
    kind: &str,
    name: &str,
    flags: Option<fn(&str) -> String>,
) -> Result<Option<(usize, usize, &'a str)>, FormatError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let Some(at) = text.find(&format!("{kind}/")) else {
        return Err(FormatError::at(line, format!("not a puzz.link {name} URL (no '{kind}/')")));
    };
    let parts: Vec<&str> = text[at + kind.len() + 1..].split('/').collect();
    if let Some(refusal) = flags
        && parts.first().is_some_and(|p| p.chars().any(|c| c.is_ascii_alphabetic()))
    {
        return Err(FormatError::at(line, refusal(parts[0])));
    }
    let [c, r, body] = parts[..] else {
        return Err(FormatError::at(line, format!("expected {kind}/<cols>/<rows>/<body>")));
    };
    let (Ok(c), Ok(r)) = (c.parse::<usize>(), r.parse::<usize>()) else {
        return Err(FormatError::at(line, format!("'{c}/{r}' is not a size")));
    };
    Ok(Some((c, r, body)))
}

/// puzz.link sudoku lines: one URL (or its `sudoku/<cols>/<rows>/<body>`
/// part) a line, of an `n`×`n` grid.
pub fn decode_sudoku_urls(text: &str, n: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let line = i + 1;
        let Some((c, r, body)) = url_line(l, line, "sudoku", "sudoku", None)? else {
            continue;
        };
        if (r, c) != (n, n) {
            return Err(FormatError::at(line, format!("a {c}×{r} (columns × rows) grid; the layout is {n}×{n}")));
        }
        let givens = decode_number16(body, n).map_err(|e| FormatError::at(line, e))?;
        out.push(Decoded::new(line, givens));
    }
    Ok(out)
}
