//! Import/export of two common nonogram formats:
//! - webpbn's XML (`<puzzleset><puzzle type="grid">` with
//!   `<clues type="columns">` and `<clues type="rows">`, each a list of
//!   `<line>` holding `<count>N</count>`); only black-and-white puzzles
//!   (a `<count color="...">` other than black is refused);
//! - Steve Simpson's `.non`: `width N`, `height N`, `rows` and `columns`
//!   sections with one comma-separated clue per line (`0` or an empty line
//!   for an empty clue); other keyword lines (`title "…"`, `goal`, …) are
//!   skipped.
//!
//! Errors are [`ParseError`]s naming the line and what was expected.

use super::{ParseError, Puzzle};

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError { line, column, message: message.into() }
}

fn finish(p: Puzzle) -> Result<Puzzle, ParseError> {
    p.validate().map_err(|m| err(0, 0, m))?;
    Ok(p)
}

/// Reads webpbn XML (the first `<puzzle>` of the file).
pub fn read_webpbn(text: &str) -> Result<Puzzle, ParseError> {
    let line_of = |pos: usize| text[..pos].matches('\n').count() + 1;
    let mut rows: Option<Vec<Vec<usize>>> = None;
    let mut cols: Option<Vec<Vec<usize>>> = None;
    let mut current: Option<(bool, Vec<Vec<usize>>)> = None; // (is_rows, lines)
    let mut pos = 0;
    while let Some(off) = text[pos..].find('<') {
        let start = pos + off;
        let end = start + text[start..].find('>').ok_or_else(|| err(line_of(start), 1, "expected `>` closing this tag"))?;
        let tag = &text[start + 1..end];
        pos = end + 1;
        let name = tag.split_whitespace().next().unwrap_or("").trim_end_matches('/');
        match name {
            "clues" => {
                let is_rows = if tag.contains("\"rows\"") || tag.contains("'rows'") {
                    true
                } else if tag.contains("\"columns\"") || tag.contains("'columns'") {
                    false
                } else {
                    return Err(err(line_of(start), 1, "expected <clues type=\"rows\"> or <clues type=\"columns\">"));
                };
                current = Some((is_rows, Vec::new()));
            }
            "/clues" => {
                let (is_rows, lines) = current.take().ok_or_else(|| err(line_of(start), 1, "</clues> without <clues>"))?;
                let slot = if is_rows { &mut rows } else { &mut cols };
                if slot.is_some() {
                    return Err(err(line_of(start), 1, "a second <clues> of the same type"));
                }
                *slot = Some(lines);
            }
            "line" => {
                let (_, lines) = current.as_mut().ok_or_else(|| err(line_of(start), 1, "<line> outside <clues>"))?;
                lines.push(Vec::new());
            }
            "count" => {
                if let Some(i) = tag.find("color=") {
                    let v = tag[i + 6..].trim_matches(|c| c == '"' || c == '\'' || c == '/');
                    let v = v.split(['"', '\'']).next().unwrap_or("");
                    if v != "black" {
                        return Err(err(line_of(start), 1, format!("only black-and-white puzzles: count of color `{v}`")));
                    }
                }
                let close = text[pos..].find("</count>").ok_or_else(|| err(line_of(start), 1, "expected </count>"))?;
                let body = text[pos..pos + close].trim();
                let n: usize = body
                    .parse()
                    .ok()
                    .filter(|&n| (1..=super::MAX_SIDE).contains(&n))
                    .ok_or_else(|| err(line_of(start), 1, format!("expected a count 1..=99, found `{body}`")))?;
                let line =
                    current.as_mut().and_then(|(_, l)| l.last_mut()).ok_or_else(|| err(line_of(start), 1, "<count> outside <line>"))?;
                line.push(n);
                pos += close + "</count>".len();
            }
            "/puzzle" => break,
            _ => {}
        }
    }
    let rows = rows.ok_or_else(|| err(0, 0, "expected <clues type=\"rows\">"))?;
    let cols = cols.ok_or_else(|| err(0, 0, "expected <clues type=\"columns\">"))?;
    finish(Puzzle { width: cols.len(), height: rows.len(), rows, cols })
}

/// Writes webpbn XML for a black-and-white puzzle.
pub fn write_webpbn(p: &Puzzle) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n",
    );
    for (kind, clues) in [("columns", &p.cols), ("rows", &p.rows)] {
        s += &format!("<clues type=\"{kind}\">\n");
        for clue in clues {
            s += "<line>";
            for n in clue {
                s += &format!("<count>{n}</count>");
            }
            s += "</line>\n";
        }
        s += "</clues>\n";
    }
    s + "</puzzle>\n</puzzleset>\n"
}

/// Reads the `.non` format.
pub fn read_non(text: &str) -> Result<Puzzle, ParseError> {
    let mut width = None;
    let mut height = None;
    let mut section: Option<(bool, Vec<Vec<usize>>)> = None;
    let mut rows = None;
    let mut cols = None;
    let all: Vec<&str> = text.lines().collect();
    for (i, raw) in all.iter().enumerate() {
        let ln = i + 1;
        let l = raw.trim();
        let want = |is_rows: bool| if is_rows { height } else { width };
        if let Some((is_rows, lines)) = section.as_mut() {
            let n = want(*is_rows).unwrap_or(0);
            if lines.len() < n {
                let mut clue = Vec::new();
                if !l.is_empty() && l != "0" {
                    for t in l.split(',') {
                        let t = t.trim();
                        let v: usize =
                            t.parse().ok().filter(|&v| (1..=super::MAX_SIDE).contains(&v)).ok_or_else(|| {
                                err(ln, raw.find(t).unwrap_or(0) + 1, format!("expected a run length 1..=99, found `{t}`"))
                            })?;
                        clue.push(v);
                    }
                }
                lines.push(clue);
                if lines.len() == n {
                    let (is_rows, lines) = section.take().unwrap_or_default();
                    if is_rows { rows = Some(lines) } else { cols = Some(lines) }
                }
                continue;
            }
        }
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (key, val) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let side = |v: &str| {
            v.trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| (1..=super::MAX_SIDE).contains(&n))
                .ok_or_else(|| err(ln, 1, format!("expected `{key} N` with N 1..=99")))
        };
        match key {
            "width" => width = Some(side(val)?),
            "height" => height = Some(side(val)?),
            "rows" | "columns" => {
                let is_rows = key == "rows";
                if want(is_rows).is_none() {
                    return Err(err(ln, 1, format!("`{key}` before `{}`", if is_rows { "height" } else { "width" })));
                }
                section = Some((is_rows, Vec::new()));
            }
            _ => {}
        }
    }
    let end = all.len().max(1);
    if let Some((is_rows, lines)) = section {
        return Err(err(
            end,
            1,
            format!(
                "expected {} clue lines under `{}`, found {}",
                if is_rows { height } else { width }.unwrap_or(0),
                if is_rows { "rows" } else { "columns" },
                lines.len()
            ),
        ));
    }
    let rows = rows.ok_or_else(|| err(end, 1, "expected a `rows` section"))?;
    let cols = cols.ok_or_else(|| err(end, 1, "expected a `columns` section"))?;
    finish(Puzzle { width: cols.len(), height: rows.len(), rows, cols })
}

/// Writes the `.non` format.
pub fn write_non(p: &Puzzle) -> String {
    let mut s = format!("width {}\nheight {}\n\nrows\n", p.width, p.height);
    let line = |c: &Vec<usize>| if c.is_empty() { "0".to_string() } else { c.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",") };
    for c in &p.rows {
        s += &line(c);
        s.push('\n');
    }
    s += "\ncolumns\n";
    for c in &p.cols {
        s += &line(c);
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_formats_round_trip_and_name_errors() {
        let p = Puzzle::from_picture(3, 2, &[true, false, true, false, false, false]);
        assert_eq!(read_webpbn(&write_webpbn(&p)).unwrap(), p);
        assert_eq!(read_non(&write_non(&p)).unwrap(), p);
        let e = read_non("width 3\nheight 2\nrows\n1,x\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 3));
        let e = read_non("width 3\nheight 2\nrows\n1,1\n0\ncolumns\n1\n").unwrap_err();
        assert!(e.message.contains("expected 3 clue lines"), "{e}");
        let bad = write_webpbn(&p).replace("<count>1</count>", "<count>z</count>");
        let e = read_webpbn(&bad).unwrap_err();
        assert_eq!(e.line, 8, "{e}");
        let col = write_webpbn(&p).replace("<count>", "<count color=\"red\">");
        assert!(read_webpbn(&col).unwrap_err().message.contains("red"));
    }

    /// Mangled inputs (characters dropped or replaced) never panic any reader.
    #[test]
    fn mangled_inputs_do_not_panic() {
        let p = crate::nonogram::generate::generate(6, 5, false, 3, 100).unwrap().puzzle;
        let mut rng = crate::nonogram::generate::Rng::new(9);
        for text in [write_webpbn(&p), write_non(&p), p.to_text()] {
            let chars: Vec<char> = text.chars().collect();
            for _ in 0..3000 {
                let mut c = chars.clone();
                for _ in 0..1 + rng.below(4) {
                    let i = rng.below(c.len());
                    match rng.below(3) {
                        0 => drop(c.remove(i)),
                        1 => c[i] = ['<', '>', '0', '9', ',', ' ', '\n', 'x', '\u{e9}', '/'][rng.below(10)],
                        _ => c.insert(i, ['<', '"', '1', '\n', '\u{e9}'][rng.below(5)]),
                    }
                }
                let t: String = c.into_iter().collect();
                for q in [read_webpbn(&t), read_non(&t), crate::nonogram::parse(&t)].into_iter().flatten() {
                    let _ = crate::nonogram::solve::solve(&q);
                }
            }
        }
    }
}
