//! Square-grid text formats: lines, SadMan `.sdm`/`.sdk`, Simple Sudoku
//! `.ss`, HoDoKu library lines and janko.at data blocks.

use super::{Decoded, FormatError};

/// Cell text to the clue grid's character: `.` for empty.
fn cell_char(c: char, empty: &[char]) -> Option<char> {
    if empty.contains(&c) { Some('.') } else { Some(c.to_ascii_uppercase()) }
}

/// Lines without their end; numbered from 1.
fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
}

/// One grid of `cells` characters from a token; `0` and `.` are empty.
fn row_of(token: &str, cells: usize, line: usize, what: &str) -> Result<String, FormatError> {
    row_with(token, cells, line, what, &['.', '0'])
}

/// As [`row_of`], with the characters that mean an empty cell.
fn row_with(token: &str, cells: usize, line: usize, what: &str, empty: &[char]) -> Result<String, FormatError> {
    let chars: Vec<char> = token.chars().collect();
    if chars.len() != cells {
        return Err(FormatError::at(line, format!("{what} has {} characters; a puzzle of this layout has {cells}", chars.len())));
    }
    Ok(chars.into_iter().filter_map(|c| cell_char(c, empty)).collect())
}

/// `lines`: a puzzle's clue grid is the first word of each line (what
/// `export --format lines` and `generate --print` write); blank lines and
/// `#` comments are skipped. `empty`: the characters of an empty cell
/// (`.` and `0` for sudoku; `.` alone for Slitherlink, whose `0` is a clue).
pub fn decode_lines(text: &str, cells: usize, empty: &[char]) -> Result<Vec<Decoded>, FormatError> {
    let mut out = Vec::new();
    for (line, l) in numbered(text) {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let first = l.split_whitespace().next().unwrap_or("");
        out.push(Decoded::new(line, row_with(first, cells, line, "the puzzle", empty)?));
    }
    Ok(out)
}

/// `sdm`: exactly one puzzle of `cells` characters a line, digits with `0`
/// (or `.`) for empty cells, nothing else on the line.
pub fn decode_sdm(text: &str, cells: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut out = Vec::new();
    for (line, l) in numbered(text) {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        if let Some(bad) = l.chars().find(|c| !c.is_ascii_alphanumeric() && *c != '.') {
            return Err(FormatError::at(line, format!("'{bad}' is not a digit, '0' or '.'")));
        }
        out.push(Decoded::new(line, row_of(l, cells, line, "the line")?));
    }
    Ok(out)
}

pub fn encode_sdm(givens: &str) -> String {
    givens.chars().map(|c| if c == '.' { '0' } else { c }).collect()
}

/// `sdk`: one puzzle, `n` rows of `n` characters (`.` or `0` empty), after
/// an optional `[Puzzle]` line and `#` metadata lines (`#A` author, `#D`
/// description …).
pub fn decode_sdk(text: &str, n: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut rows = Vec::new();
    let mut first = 0;
    for (line, l) in numbered(text) {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') || (rows.is_empty() && l.eq_ignore_ascii_case("[puzzle]")) {
            continue;
        }
        if rows.len() == n {
            return Err(FormatError::at(line, format!("text after the {n} rows of the puzzle (an .sdk file holds one puzzle)")));
        }
        if rows.is_empty() {
            first = line;
        }
        rows.push(row_of(l, n, line, "the row")?);
    }
    if rows.len() != n {
        return Err(FormatError::at(text.lines().count().max(1), format!("{} rows; the puzzle needs {n}", rows.len())));
    }
    Ok(vec![Decoded::new(first, rows.concat())])
}

pub fn encode_sdk(givens: &str, n: usize) -> String {
    let chars: Vec<char> = givens.chars().collect();
    chars.chunks(n).map(|r| r.iter().collect::<String>() + "\n").collect()
}

/// `ss`: Simple Sudoku: `n` rows, `|` between stacks, lines of `-` (and
/// `+`) between bands; `.`, `X` or `0` empty. Its boxed form is read too:
/// a `*-----------*` frame above and below, `|` at both ends of each row
/// and `|---+---+---|` between bands.
pub fn decode_ss(text: &str, n: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut rows = Vec::new();
    let mut first = 0;
    for (line, l) in numbered(text) {
        let l = l.trim();
        let border = l.contains('-') && l.chars().all(|c| matches!(c, '-' | '+' | '*' | '|' | ' '));
        if l.is_empty() || border || l.chars().all(|c| matches!(c, '+' | '*')) {
            continue;
        }
        if rows.len() == n {
            return Err(FormatError::at(line, format!("text after the {n} rows of the puzzle (an .ss file holds one puzzle)")));
        }
        let cells: String = l.chars().filter(|&c| c != '|' && !c.is_whitespace()).collect();
        if let Some(bad) = cells.chars().find(|c| !c.is_ascii_alphanumeric() && *c != '.') {
            return Err(FormatError::at(line, format!("'{bad}' is not a digit, '.' or 'X'")));
        }
        if rows.is_empty() {
            first = line;
        }
        let cells: String = cells.chars().map(|c| if c == 'X' || c == 'x' { '.' } else { c }).collect();
        rows.push(row_of(&cells, n, line, "the row")?);
    }
    if rows.len() != n {
        return Err(FormatError::at(text.lines().count().max(1), format!("{} rows; the puzzle needs {n}", rows.len())));
    }
    Ok(vec![Decoded::new(first, rows.concat())])
}

/// Simple Sudoku's layout for boxes of `box_rows`×`box_cols`.
pub fn encode_ss(givens: &str, n: usize, box_rows: usize, box_cols: usize) -> String {
    let chars: Vec<char> = givens.chars().collect();
    let mut out = String::new();
    let width = n + n / box_cols - 1;
    for (r, row) in chars.chunks(n).enumerate() {
        if r > 0 && r % box_rows == 0 {
            out.push_str(&"-".repeat(width));
            out.push('\n');
        }
        for (c, ch) in row.iter().enumerate() {
            if c > 0 && c % box_cols == 0 {
                out.push('|');
            }
            out.push(*ch);
        }
        out.push('\n');
    }
    out
}

/// HoDoKu library lines: `:<technique>:<digits>:<puzzle>:<deleted
/// candidates>:<eliminations>:<placements>:…`; the puzzle field holds the
/// givens (`.` or `0` empty), a `+` before a digit marks a cell already
/// placed by solving, which is not a given.
pub fn decode_hodoku(text: &str, cells: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut out = Vec::new();
    for (line, l) in numbered(text) {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = l.split(':').collect();
        if !l.starts_with(':') || fields.len() < 4 {
            return Err(FormatError::at(line, "not a HoDoKu library line (`:<technique>:<digits>:<puzzle>:…`)"));
        }
        let mut givens = String::with_capacity(cells);
        let mut placed = false;
        for c in fields[3].chars() {
            match c {
                '+' => placed = true,
                _ if placed => {
                    givens.push('.');
                    placed = false;
                }
                '.' | '0' => givens.push('.'),
                _ if c.is_ascii_digit() => givens.push(c),
                _ => return Err(FormatError::at(line, format!("'{c}' in the puzzle field is not a digit, '.', '0' or '+'"))),
            }
        }
        out.push(Decoded::new(line, row_of(&givens, cells, line, "the puzzle field")?));
    }
    Ok(out)
}

/// A library line with the puzzle. The technique fields are a placeholder:
/// HoDoKu has no code for "no step recorded", and `0000` is its Full House
/// code (a library line describes one step to find in the puzzle).
pub fn encode_hodoku(givens: &str) -> String {
    format!(":0000:x:{givens}:::")
}

/// A janko.at data block: `[metadata]` `key = value` lines, `[problem]`
/// rows of tokens (`-` empty, numbers), `[solution]`, `[end]`. The bare
/// older keywords (`problem`, `solution`, `end`) are read too.
pub fn decode_janko(text: &str, rows: usize, cols: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut section = String::new();
    let mut grid: Vec<String> = Vec::new();
    let mut first = 0;
    let mut seen_problem = false;
    for (line, l) in numbered(text) {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        let bare = l.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        if matches!(bare.as_str(), "metadata" | "problem" | "solution" | "end" | "moves" | "begin" | "puzzle" | "clues") {
            section = bare;
            seen_problem |= section == "problem";
            continue;
        }
        if section != "problem" {
            continue;
        }
        if grid.len() == rows {
            return Err(FormatError::at(line, format!("more than {rows} rows in [problem]")));
        }
        let tokens: Vec<&str> = l.split_whitespace().collect();
        if tokens.len() != cols {
            return Err(FormatError::at(line, format!("{} tokens; a row of this layout has {cols}", tokens.len())));
        }
        let mut row = String::with_capacity(cols);
        for t in tokens {
            row.push(match t {
                "-" | "." => '.',
                _ => match t.parse::<u32>() {
                    Ok(v @ 0..=9) => char::from_digit(v, 10).unwrap_or('?'),
                    Ok(v @ 10..=35) => (b'A' + (v - 10) as u8) as char,
                    _ => return Err(FormatError::at(line, format!("'{t}' is neither '-' nor a number"))),
                },
            });
        }
        if grid.is_empty() {
            first = line;
        }
        grid.push(row);
    }
    if !seen_problem {
        return Err(FormatError::at(1, "no [problem] section"));
    }
    if grid.len() != rows {
        return Err(FormatError::at(text.lines().count().max(1), format!("{} rows in [problem]; the puzzle needs {rows}", grid.len())));
    }
    Ok(vec![Decoded::new(first, grid.concat())])
}

fn janko_token(c: char) -> String {
    match c {
        '.' => "-".into(),
        _ => c.to_digit(36).map_or_else(|| c.to_string(), |v| v.to_string()),
    }
}

/// A janko.at data block for one puzzle; `solution` rows when given (as
/// tokens already).
pub fn encode_janko(kind: &str, puzzle: &str, rows: usize, cols: usize, solution: Option<&[Vec<String>]>) -> String {
    let chars: Vec<char> = puzzle.chars().collect();
    let mut out = format!("[metadata]\npuzzle = {kind}\nrows = {rows}\ncols = {cols}\n[problem]\n");
    for r in chars.chunks(cols.max(1)) {
        out.push_str(&r.iter().map(|&c| janko_token(c)).collect::<Vec<_>>().join(" "));
        out.push('\n');
    }
    if let Some(solution) = solution {
        out.push_str("[solution]\n");
        for r in solution {
            out.push_str(&r.join(" "));
            out.push('\n');
        }
    }
    out.push_str("[end]\n");
    out
}

/// The rows of a sudoku solution as janko tokens.
pub fn janko_rows(solution: &str, cols: usize) -> Vec<Vec<String>> {
    let chars: Vec<char> = solution.chars().collect();
    chars.chunks(cols.max(1)).map(|r| r.iter().map(|&c| janko_token(c)).collect()).collect()
}

/// Sudoku Explainer's batch lines: `<puzzle> ED=<ER>/<EP>/<ED>`: ER the
/// hardest step of the solving path, EP the hardest step up to the first
/// placement, ED the first step's.
pub fn encode_serate(givens: &str, er: f32, ep: f32, ed: f32) -> String {
    format!("{givens} ED={er:.1}/{ep:.1}/{ed:.1}")
}

/// The puzzles of serate lines (the ratings are not trusted: the importer
/// grades each puzzle itself); a line without three ratings is malformed.
pub fn decode_serate(text: &str, cells: usize) -> Result<Vec<Decoded>, FormatError> {
    let mut out = Vec::new();
    for (line, l) in numbered(text) {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut words = l.split_whitespace();
        let puzzle = words.next().unwrap_or("");
        let ratings =
            words.find_map(|w| w.strip_prefix("ED=")).ok_or_else(|| FormatError::at(line, "no ED=<ER>/<EP>/<ED> after the puzzle"))?;
        let parts: Vec<&str> = ratings.split('/').collect();
        if parts.len() != 3 || parts.iter().any(|p| p.parse::<f32>().is_err()) {
            return Err(FormatError::at(line, format!("'ED={ratings}' is not three ratings ER/EP/ED")));
        }
        out.push(Decoded::new(line, row_of(puzzle, cells, line, "the puzzle")?));
    }
    Ok(out)
}
