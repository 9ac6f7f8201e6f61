//! f-puzzles JSON: `{"size": 9, "grid": [[{"value": 5, "given": true,
//! "region": 0}, {}, …], …], "diagonal+": true, "diagonal-": true, "odd":
//! [{"cell": "R1C1"}], "even": […]}`, compressed with lz-string to base64.
//! f-puzzles opens it as `https://www.f-puzzles.com/?load=<base64>`,
//! SudokuPad as `https://sudokupad.app/fpuzzles<base64>`.
//!
//! `diagonal+` is the positive diagonal (bottom left to top right),
//! `diagonal-` the negative one (top left to bottom right). `region` is
//! the 0-based jigsaw region of a cell; a cell without it is in its default
//! box (numbered row by row, as SudokuPad's decoder numbers it), so
//! f-puzzles writes `region` only on the cells of a jigsaw that leave their
//! box. A `value` may be a number or a numeric string (`"7"`).
//! Killer cages are `"killercage": [{"cells": ["R1C1", "R1C2"], "value":
//! "3"}]`. `solution` is the solution's digits row by row (a list of
//! numbers) and `ruleset` the rules text SudokuPad shows beside the grid.

use super::{Decoded, FormatError};
use serde_json::{Map, Value, json};

/// The parts of an f-puzzles puzzle this program can express.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sudoku {
    pub size: usize,
    /// One character a cell, row by row: `.` empty, `1`–`9`, `A` = 10 ….
    pub givens: String,
    /// The region of each cell, when the puzzle is a jigsaw.
    pub regions: Option<Vec<usize>>,
    pub diagonal_pos: bool,
    pub diagonal_neg: bool,
    pub odd: Vec<usize>,
    pub even: Vec<usize>,
    /// Killer cages: cells (row by row) and sum.
    pub cages: Vec<(Vec<usize>, u32)>,
    /// Constraints in the file this program does not model (their keys).
    pub unknown: Vec<String>,
    /// The solution, one character a cell as `givens` (empty: none given).
    /// Read back for comparison only: an importer proves the puzzle itself.
    pub solution: String,
    /// The rules text (`ruleset`), empty when there is none.
    pub rules: String,
}

/// The default boxes of an n×n grid as f-puzzles and SudokuPad draw them:
/// h×w with h the largest divisor of n not above its square root (9: 3×3,
/// 6: 2×3), numbered row by row from 0.
pub fn default_boxes(n: usize) -> Vec<usize> {
    let h = (1..=n).filter(|h| h * h <= n && n.is_multiple_of(*h)).max().unwrap_or(1);
    let w = n / h;
    (0..n * n).map(|cell| (cell / n / h) * (n / w) + (cell % n) / w).collect()
}

const SUDOKUPAD: &str = "https://sudokupad.app/fpuzzles";
/// The marker SudokuPad puts before f-puzzles data, in a path
/// (`/fpuzzles<data>`) or a query (`?puzzleid=fpuzzles<data>`).
const MARKER: &str = "fpuzzles";
const FPUZZLES: &str = "https://www.f-puzzles.com/?load=";

fn cell_name(cell: usize, size: usize) -> String {
    format!("R{}C{}", cell / size + 1, cell % size + 1)
}

/// The JSON text.
pub fn to_json(p: &Sudoku, title: &str) -> String {
    let n = p.size;
    let chars: Vec<char> = p.givens.chars().collect();
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let cell = r * n + c;
                        let mut m = Map::new();
                        if let Some(v) = chars.get(cell).and_then(|ch| ch.to_digit(36)).filter(|v| *v > 0) {
                            m.insert("value".into(), json!(v));
                            m.insert("given".into(), json!(true));
                        }
                        if let Some(regions) = &p.regions {
                            m.insert("region".into(), json!(regions[cell]));
                        }
                        Value::Object(m)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut top = Map::new();
    top.insert("size".into(), json!(n));
    top.insert("title".into(), json!(title));
    top.insert("author".into(), json!("puzzlebook"));
    top.insert("ruleset".into(), json!(p.rules));
    top.insert("grid".into(), Value::Array(grid));
    // SudokuPad reads the solution as one character a cell: digits up to 9.
    let solution: Vec<u32> = p.solution.chars().filter_map(|c| c.to_digit(36)).collect();
    if n <= 9 && solution.len() == n * n && solution.iter().all(|&v| (1..=n as u32).contains(&v)) {
        top.insert("solution".into(), json!(solution));
    }
    if p.diagonal_pos {
        top.insert("diagonal+".into(), json!(true));
    }
    if p.diagonal_neg {
        top.insert("diagonal-".into(), json!(true));
    }
    let cells = |list: &[usize]| Value::Array(list.iter().map(|&c| json!({ "cell": cell_name(c, n) })).collect());
    if !p.odd.is_empty() {
        top.insert("odd".into(), cells(&p.odd));
    }
    if !p.even.is_empty() {
        top.insert("even".into(), cells(&p.even));
    }
    if !p.cages.is_empty() {
        let cages = p
            .cages
            .iter()
            .map(|(list, sum)| json!({ "cells": list.iter().map(|&c| cell_name(c, n)).collect::<Vec<_>>(), "value": sum.to_string() }));
        top.insert("killercage".into(), Value::Array(cages.collect()));
    }
    Value::Object(top).to_string()
}

/// The compressed text (what follows `?load=`).
pub fn encode(p: &Sudoku, title: &str) -> String {
    lz_str::compress_to_base64(to_json(p, title).as_str())
}

pub fn sudokupad_url(p: &Sudoku, title: &str) -> String {
    format!("{SUDOKUPAD}{}", encode(p, title))
}

pub fn fpuzzles_url(p: &Sudoku, title: &str) -> String {
    format!("{FPUZZLES}{}", encode(p, title))
}

/// `%2B` and friends back to characters (URLs copied from a browser).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(v) = u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One puzzle from a line: a URL, the compressed text, or plain JSON.
pub fn decode_line(line: &str) -> Result<Sudoku, String> {
    from_json(&json_of_line(line)?)
}

/// The puzzle's `author`, as a line's JSON names it (none when blank).
pub fn author_of_line(line: &str) -> Option<String> {
    let value = json_of_line(line).ok()?;
    let author = value.get("author")?.as_str()?.trim();
    (!author.is_empty()).then(|| author.to_string())
}

/// A line's JSON: a URL, the compressed text, or plain JSON.
fn json_of_line(line: &str) -> Result<Value, String> {
    let line = line.trim();
    let json = if line.starts_with('{') {
        line.to_string()
    } else {
        let marker = line.match_indices(MARKER).map(|(at, _)| at).find(|&at| at > 0 && matches!(line.as_bytes()[at - 1], b'/' | b'='));
        let data = if let Some(at) = line.find("load=") {
            &line[at + 5..]
        } else if let Some(at) = marker {
            &line[at + MARKER.len()..]
        } else {
            line
        };
        let data = percent_decode(data.split(['&', '#']).next().unwrap_or(""));
        let wide = super::lzstring::decompress_from_base64(&data).map_err(|e| match e {
            super::lzstring::LzError::Malformed => "not lz-string base64 (the data does not decompress)".to_string(),
            super::lzstring::LzError::TooLong => {
                format!("the data decompresses past {} characters, more than any puzzle needs", super::lzstring::MAX_SYMBOLS)
            }
        })?;
        String::from_utf16(&wide).map_err(|_| "the decompressed data is not text".to_string())?
    };
    serde_json::from_str(&json).map_err(|e| format!("not f-puzzles JSON: {e}"))
}

fn parse_cell(v: &Value, size: usize) -> Result<usize, String> {
    let name = v.get("cell").and_then(Value::as_str).ok_or("a cell entry without \"cell\"")?;
    cell_named(name, size)
}

/// A cell name `R3C5` as a cell index (row by row).
fn cell_named(name: &str, size: usize) -> Result<usize, String> {
    let upper = name.to_ascii_uppercase();
    let (r, c) = upper.strip_prefix('R').and_then(|rest| rest.split_once('C')).ok_or(format!("'{name}' is not a cell name (R1C1)"))?;
    let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) else { return Err(format!("'{name}' is not a cell name (R1C1)")) };
    if r == 0 || c == 0 || r > size || c > size {
        return Err(format!("{name} is outside the {size}×{size} grid"));
    }
    Ok((r - 1) * size + c - 1)
}

fn from_json(v: &Value) -> Result<Sudoku, String> {
    let top = v.as_object().ok_or("the JSON is not an object")?;
    let size = top.get("size").and_then(Value::as_u64).ok_or("no \"size\"")? as usize;
    if !(1..=35).contains(&size) {
        return Err(format!("size {size} is out of range"));
    }
    let rows = top.get("grid").and_then(Value::as_array).ok_or("no \"grid\"")?;
    if rows.len() != size {
        return Err(format!("the grid has {} rows; size says {size}", rows.len()));
    }
    let mut givens = String::with_capacity(size * size);
    let mut regions = Vec::with_capacity(size * size);
    let boxes = default_boxes(size);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().ok_or(format!("grid row {} is not a list", r + 1))?;
        if row.len() != size {
            return Err(format!("grid row {} has {} cells; size says {size}", r + 1, row.len()));
        }
        for (c, cell) in row.iter().enumerate() {
            let name = format!("R{}C{}", r + 1, c + 1);
            if !cell.is_object() {
                return Err(format!("{name} is not an object ({{\"value\": 5, \"given\": true}} or {{}})"));
            }
            let given = match cell.get("given") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(other) => return Err(format!("{name}: \"given\" is {other}; expected true or false")),
            };
            // A value without `given` is a solver's entry, not a clue.
            givens.push(match (given, cell.get("value")) {
                (false, _) => '.',
                (true, None | Some(Value::Null)) => return Err(format!("{name} is marked given but has no value")),
                (true, Some(v)) => {
                    let digit = match v {
                        Value::Number(n) => n.as_u64(),
                        Value::String(t) => t.trim().parse::<u64>().ok(),
                        _ => None,
                    };
                    match digit {
                        Some(d) if (1..=size as u64).contains(&d) => char::from_digit(d as u32, 36).unwrap_or('?').to_ascii_uppercase(),
                        _ => return Err(format!("{name} holds the given {v}; expected a digit 1–{size}")),
                    }
                }
            });
            match cell.get("region") {
                None => regions.push(boxes[r * size + c]),
                Some(Value::Null) => {
                    return Err(format!("{name} is in no region (\"region\": null); every cell of a sudoku here is in one"));
                }
                Some(v) => {
                    let reg = match v {
                        Value::Number(n) => n.as_u64(),
                        Value::String(t) => t.trim().parse::<u64>().ok(),
                        _ => None,
                    };
                    let Some(reg) = reg.filter(|&g| g < (size * size) as u64) else {
                        return Err(format!("{name}: region {v} is not a region number"));
                    };
                    regions.push(reg as usize);
                }
            }
        }
    }
    let flag = |k: &str| top.get(k).and_then(Value::as_bool).unwrap_or(false);
    let cells = |k: &str| -> Result<Vec<usize>, String> {
        match top.get(k) {
            None => Ok(Vec::new()),
            Some(list) => list.as_array().ok_or(format!("\"{k}\" is not a list"))?.iter().map(|c| parse_cell(c, size)).collect(),
        }
    };
    let (mut odd, mut even) = (cells("odd")?, cells("even")?);
    odd.sort_unstable();
    even.sort_unstable();
    // Keys that are no rule of the puzzle: its name and the editor's settings.
    let known = [
        "size",
        "title",
        "author",
        "ruleset",
        "grid",
        "diagonal+",
        "diagonal-",
        "odd",
        "even",
        "killercage",
        "solution",
        "highlightConflicts",
        "disabledlogic",
        "truecandidatesoptions",
        "version",
    ];
    let unknown: Vec<String> = top
        .iter()
        .filter(|(k, v)| {
            !known.contains(&k.as_str()) && !matches!(v, Value::Null | Value::Bool(false)) && v.as_array().is_none_or(|a| !a.is_empty())
        })
        .map(|(k, _)| k.clone())
        .collect();
    let mut cages = Vec::new();
    for (i, cage) in top.get("killercage").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let bad = || format!("killercage {}: expected {{\"cells\": [\"R1C1\", …], \"value\": \"15\"}}", i + 1);
        let names = cage.get("cells").and_then(Value::as_array).ok_or_else(bad)?;
        let cells = names
            .iter()
            .map(|v| v.as_str().ok_or_else(bad).and_then(|name| cell_named(name, size).map_err(|e| format!("killercage {}: {e}", i + 1))))
            .collect::<Result<Vec<_>, _>>()?;
        let sum = match cage.get("value") {
            Some(Value::String(v)) => v.trim().parse::<u32>().map_err(|_| bad())?,
            Some(Value::Number(v)) => v.as_u64().and_then(|v| u32::try_from(v).ok()).ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        cages.push((cells, sum));
    }
    let solution = match top.get("solution") {
        Some(Value::Array(digits)) => digits
            .iter()
            .map(|d| d.as_u64().filter(|&v| (1..=size as u64).contains(&v)).and_then(|v| char::from_digit(v as u32, 36)))
            .collect::<Option<String>>()
            .map(|s| s.to_ascii_uppercase())
            .filter(|s| s.len() == size * size)
            .unwrap_or_default(),
        _ => String::new(),
    };
    let rules = top.get("ruleset").and_then(Value::as_str).unwrap_or("").to_string();
    let jigsaw = relabelled(&regions) != relabelled(&boxes);
    Ok(Sudoku {
        size,
        givens,
        regions: jigsaw.then_some(regions),
        diagonal_pos: flag("diagonal+"),
        diagonal_neg: flag("diagonal-"),
        odd,
        even,
        cages,
        unknown,
        solution,
        rules,
    })
}

/// Region numbers renamed 0, 1, … in order of first appearance, so two
/// partitions compare equal whatever their labels.
pub fn relabelled(regions: &[usize]) -> Vec<usize> {
    let mut names = std::collections::HashMap::new();
    regions
        .iter()
        .map(|r| {
            let next = names.len();
            *names.entry(*r).or_insert(next)
        })
        .collect()
}

/// Every line of a file (blank lines and `#` comments skipped).
pub fn decode_lines(text: &str) -> Result<Vec<(usize, Sudoku)>, FormatError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        out.push((i + 1, decode_line(l).map_err(|e| FormatError::at(i + 1, e))?));
    }
    Ok(out)
}

/// Lines as plain puzzles (for a caller that has already checked the rest).
pub fn givens_only(decoded: Vec<(usize, Sudoku)>) -> Vec<Decoded> {
    decoded.into_iter().map(|(line, s)| Decoded::new(line, s.givens)).collect()
}
