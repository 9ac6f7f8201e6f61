//! Import/export of the common nonogram formats, each checked against its
//! specification (see `docs/nonogram.md`, "Formats"):
//! - webpbn's XML (Jan Wolter, <https://webpbn.com/pbn_fmt.html>, version
//!   0.3): the first `<puzzle>` of a `<puzzleset>`, its clues from
//!   `<clues type="columns|rows">` of `<line>`s of `<count>`s, or, without
//!   clues, from its `<solution type="goal">`'s `<image>`. Black-and-white
//!   only: every count must be of one foreground colour (`defaultcolor`
//!   unless the count names another), never the `backgroundcolor`.
//! - Steve Simpson's `.non` (as extended by nonogram-db's `FORMAT.md`):
//!   `key value` lines in any order, `width`/`height` before `rows`,
//!   `columns` and `goal`; `rows`/`columns` are followed by exactly
//!   `height`/`width` hint lines (comma-separated numbers, each with an
//!   optional colour letter; a blank line or `0` is an empty line); `goal`
//!   is the quoted answer, `0` blank and anything else filled; unknown lines
//!   are ignored; a `====` line ends the puzzle (a `.nonpack` bundle).
//! - puzz.link (pzprjs) `nonogram` URLs: `…?nonogram/W/H/BODY`, the clue
//!   cells above the columns then left of the rows, nearest the grid first,
//!   in pzprjs' base-16 number code.
//!
//! Every refusal is a [`ParseError`] naming the 1-based line and column
//! (for a URL: line 1, the character) and what was expected.

use super::{MAX_SIDE, ParseError, Puzzle, clue_span};

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError { line, column, message: message.into() }
}

/// 1-based line and column (in characters) of byte offset `pos` in `text`.
fn locate(text: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(text.len());
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// Where each clue came from, for errors after reading: (line, column).
type Origins = Vec<(usize, usize)>;

/// Checks a read puzzle: sizes, each clue against its line's length, rows
/// against columns. Errors name the clue's own line and column.
fn finish(p: Puzzle, rows_at: &Origins, cols_at: &Origins, whole: (usize, usize)) -> Result<Puzzle, ParseError> {
    if p.width == 0 || p.height == 0 {
        return Err(err(whole.0, whole.1, "expected at least one row and one column"));
    }
    if p.width > MAX_SIDE || p.height > MAX_SIDE {
        return Err(err(whole.0, whole.1, format!("{}x{} is larger than {MAX_SIDE}x{MAX_SIDE}", p.width, p.height)));
    }
    for (kind, clues, at, len) in [("row", &p.rows, rows_at, p.width), ("column", &p.cols, cols_at, p.height)] {
        for (i, clue) in clues.iter().enumerate() {
            if clue_span(clue) > len {
                let (l, c) = at.get(i).copied().unwrap_or(whole);
                return Err(err(l, c, format!("{kind} {}: clue needs {} cells, the line has {len}", i + 1, clue_span(clue))));
            }
        }
    }
    let r: usize = p.rows.iter().flatten().sum();
    let c: usize = p.cols.iter().flatten().sum();
    if r != c {
        return Err(err(whole.0, whole.1, format!("rows fill {r} cells but columns fill {c}")));
    }
    p.validate().map_err(|m| err(whole.0, whole.1, m))?;
    Ok(p)
}

// ---------------------------------------------------------------------------
// webpbn XML
// ---------------------------------------------------------------------------

/// One piece of an XML document: a start tag (with its attributes and
/// whether it closes itself), an end tag, or text.
enum Node<'a> {
    Start { name: &'a str, attrs: Vec<(&'a str, String)>, empty: bool },
    End { name: &'a str },
    Text(String),
}

/// A small XML reader, enough for webpbn's files: skips the declaration,
/// processing instructions, comments and the DOCTYPE (with an internal
/// subset), reads CDATA as text, decodes the five named entities and
/// numeric character references. Each node carries its byte offset.
fn xml_nodes(text: &str) -> Result<Vec<(usize, Node<'_>)>, ParseError> {
    let at = |pos: usize, m: String| {
        let (l, c) = locate(text, pos);
        err(l, c, m)
    };
    let mut out = Vec::new();
    let mut pos = 0;
    let b = text.as_bytes();
    while pos < text.len() {
        if b[pos] != b'<' {
            let end = text[pos..].find('<').map_or(text.len(), |i| pos + i);
            out.push((pos, Node::Text(decode_entities(text, pos, end)?)));
            pos = end;
            continue;
        }
        let rest = &text[pos..];
        let skip_to = |close: &str, what: &str| -> Result<usize, ParseError> {
            rest.find(close).map(|i| pos + i + close.len()).ok_or_else(|| at(pos, format!("expected `{close}` closing this {what}")))
        };
        if rest.starts_with("<?") {
            pos = skip_to("?>", "declaration")?;
        } else if rest.starts_with("<!--") {
            pos = skip_to("-->", "comment")?;
        } else if rest.starts_with("<![CDATA[") {
            let end = skip_to("]]>", "CDATA section")?;
            out.push((pos, Node::Text(text[pos + 9..end - 3].to_string())));
            pos = end;
        } else if rest.starts_with("<!") {
            // <!DOCTYPE …>, possibly with an internal subset in [ ].
            let mut depth = 0;
            let mut end = None;
            for (i, ch) in rest.char_indices().skip(2) {
                match ch {
                    '[' => depth += 1,
                    ']' => depth -= 1,
                    '>' if depth <= 0 => {
                        end = Some(pos + i + 1);
                        break;
                    }
                    _ => {}
                }
            }
            pos = end.ok_or_else(|| at(pos, "expected `>` closing this declaration".into()))?;
        } else {
            let (node, end) = xml_tag(text, pos)?;
            out.push((pos, node));
            pos = end;
        }
    }
    Ok(out)
}

/// Reads the tag starting at `pos` (a `<`); returns it and the offset after `>`.
fn xml_tag(text: &str, pos: usize) -> Result<(Node<'_>, usize), ParseError> {
    let at = |p: usize, m: String| {
        let (l, c) = locate(text, p);
        err(l, c, m)
    };
    let name_end = |from: usize| text[from..].find(|c: char| c.is_whitespace() || c == '>' || c == '/').map_or(text.len(), |i| from + i);
    let b = text.as_bytes();
    if text[pos..].starts_with("</") {
        let ne = name_end(pos + 2);
        let name = &text[pos + 2..ne];
        let close = text[ne..].find('>').map(|i| ne + i).ok_or_else(|| at(pos, format!("expected `>` closing `</{name}`")))?;
        if !text[ne..close].trim().is_empty() {
            return Err(at(ne, format!("expected `>` after `</{name}`")));
        }
        return Ok((Node::End { name }, close + 1));
    }
    let ne = name_end(pos + 1);
    let name = &text[pos + 1..ne];
    if name.is_empty() {
        return Err(at(pos, "expected a tag name after `<`".into()));
    }
    let mut attrs = Vec::new();
    let mut i = ne;
    loop {
        while i < text.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= text.len() {
            return Err(at(pos, format!("expected `>` closing `<{name}`")));
        }
        if b[i] == b'>' {
            return Ok((Node::Start { name, attrs, empty: false }, i + 1));
        }
        if text[i..].starts_with("/>") {
            return Ok((Node::Start { name, attrs, empty: true }, i + 2));
        }
        let an_end = text[i..].find(|c: char| c == '=' || c.is_whitespace() || c == '>' || c == '/').map_or(text.len(), |k| i + k);
        let an = &text[i..an_end];
        if an.is_empty() {
            return Err(at(i, format!("expected an attribute name or `>` in `<{name}`")));
        }
        let mut j = an_end;
        while j < text.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= text.len() || b[j] != b'=' {
            return Err(at(j.min(text.len()), format!("expected `=` after attribute `{an}`")));
        }
        j += 1;
        while j < text.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let q = b.get(j).copied();
        if q != Some(b'"') && q != Some(b'\'') {
            return Err(at(j.min(text.len()), format!("expected a quoted value for attribute `{an}`")));
        }
        let q = q.unwrap_or(b'"') as char;
        let vend = text[j + 1..].find(q).map(|k| j + 1 + k).ok_or_else(|| at(j, format!("expected the closing {q} of `{an}`")))?;
        attrs.push((an, decode_entities(text, j + 1, vend)?));
        i = vend + 1;
    }
}

/// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;`, `&#xN;` in
/// `text[from..to]`; other entities (from a DTD) are kept as written.
fn decode_entities(text: &str, from: usize, to: usize) -> Result<String, ParseError> {
    let s = &text[from..to];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(semi) = after.find(';').filter(|&k| k <= 10) else {
            out.push('&');
            rest = &after[1..];
            continue;
        };
        let ent = &after[1..semi];
        let ch = match ent {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ if ent.starts_with("#x") || ent.starts_with("#X") => u32::from_str_radix(&ent[2..], 16).ok().and_then(char::from_u32),
            _ if ent.starts_with('#') => ent[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match ch {
            Some(c) => out.push(c),
            None if ent.starts_with('#') => {
                let (l, c) = locate(text, from + (s.len() - rest.len()) + i);
                return Err(err(l, c, format!("`&{ent};` is not a character")));
            }
            None => out.push_str(&after[..=semi]),
        }
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn attr<'a>(attrs: &'a [(&str, String)], name: &str) -> Option<&'a str> {
    attrs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
}

/// Reads webpbn XML: the first `<puzzle>` of the file (see the module
/// documentation for what is read and what is refused).
pub fn read_webpbn(text: &str) -> Result<Puzzle, ParseError> {
    let nodes = xml_nodes(text)?;
    let loc = |pos: usize| locate(text, pos);
    let at = |pos: usize, m: String| {
        let (l, c) = loc(pos);
        err(l, c, m)
    };
    // The first <puzzle> … </puzzle>.
    let Some((start, ppos, pattrs, pempty)) = nodes.iter().enumerate().find_map(|(k, (p, n))| match n {
        Node::Start { name: "puzzle", attrs, empty } => Some((k, p, attrs, empty)),
        _ => None,
    }) else {
        let (l, _) = loc(text.len());
        return Err(err(l, 1, "expected a <puzzle> element"));
    };
    let ptype = attr(pattrs, "type").unwrap_or("grid");
    if ptype != "grid" {
        return Err(at(*ppos, format!("only grid puzzles are read, this one is type=\"{ptype}\"")));
    }
    let default_color = attr(pattrs, "defaultcolor").unwrap_or("black").to_string();
    let background = attr(pattrs, "backgroundcolor").unwrap_or("white").to_string();
    if default_color == background {
        return Err(at(*ppos, format!("defaultcolor and backgroundcolor are both `{background}`")));
    }
    let body: &[(usize, Node)] = if *pempty {
        &[]
    } else {
        let mut depth = 0usize;
        let mut end = nodes.len();
        for (k, (_, n)) in nodes.iter().enumerate().skip(start + 1) {
            match n {
                Node::Start { name: "puzzle", empty: false, .. } => depth += 1,
                Node::End { name: "puzzle" } if depth == 0 => {
                    end = k;
                    break;
                }
                Node::End { name: "puzzle" } => depth -= 1,
                _ => {}
            }
        }
        if end == nodes.len() {
            return Err(at(*ppos, "expected </puzzle> closing this <puzzle>".into()));
        }
        &nodes[start + 1..end]
    };

    // Colours: char → name, for the goal image.
    let mut chars: Vec<(char, String)> = Vec::new();
    // Clues: (is_rows, lines, where each line starts).
    let mut rows: Option<(Vec<Vec<usize>>, Origins)> = None;
    let mut cols: Option<(Vec<Vec<usize>>, Origins)> = None;
    let mut goal: Option<(usize, String)> = None;
    let mut fg: Option<(String, usize)> = None; // the one foreground colour seen
    let mut k = 0;
    let text_until = |k: usize, name: &str| -> Result<(String, usize), ParseError> {
        // Text inside an element: every Text node up to its end tag.
        let mut s = String::new();
        let mut j = k + 1;
        while j < body.len() {
            match &body[j].1 {
                Node::Text(t) => s.push_str(t),
                Node::End { name: n } if *n == name => return Ok((s, j)),
                _ => return Err(at(body[j].0, format!("expected text and </{name}> inside <{name}>"))),
            }
            j += 1;
        }
        Err(at(body[k].0, format!("expected </{name}>")))
    };
    while k < body.len() {
        let (pos, node) = &body[k];
        if let Node::Start { name, attrs, empty } = node {
            match *name {
                "color" => {
                    let cname = attr(attrs, "name").ok_or_else(|| at(*pos, "expected a name=\"…\" on <color>".into()))?;
                    if let Some(c) = attr(attrs, "char").and_then(|c| c.chars().next()) {
                        chars.push((c, cname.to_string()));
                    }
                }
                "clues" => {
                    let kind = attr(attrs, "type").unwrap_or("");
                    let is_rows = match kind {
                        "rows" => true,
                        "columns" => false,
                        _ => {
                            return Err(at(
                                *pos,
                                format!("expected <clues type=\"rows\"> or <clues type=\"columns\">, found type=\"{kind}\""),
                            ));
                        }
                    };
                    let mut lines = Vec::new();
                    let mut origins = Vec::new();
                    let mut j = k + 1;
                    let mut in_line = false;
                    if !*empty {
                        loop {
                            let Some((p, n)) = body.get(j) else {
                                return Err(at(*pos, "expected </clues> closing this <clues>".into()));
                            };
                            match n {
                                Node::Start { name: "line", empty, .. } => {
                                    if in_line {
                                        return Err(at(*p, "expected </line> before the next <line>".into()));
                                    }
                                    lines.push(Vec::new());
                                    origins.push(loc(*p));
                                    in_line = !*empty;
                                }
                                Node::End { name: "line" } => in_line = false,
                                Node::Start { name: "count", attrs: cattrs, empty } => {
                                    if !in_line {
                                        return Err(at(*p, "expected <count> inside a <line>".into()));
                                    }
                                    let color = attr(cattrs, "color").unwrap_or(&default_color).to_string();
                                    if color == background {
                                        return Err(at(*p, format!("a count of the background colour `{color}`")));
                                    }
                                    match &fg {
                                        None => fg = Some((color, *p)),
                                        Some((f, _)) if *f == color => {}
                                        Some((f, _)) => {
                                            return Err(at(
                                                *p,
                                                format!("only black-and-white puzzles are read: a count of colour `{color}` after `{f}`"),
                                            ));
                                        }
                                    }
                                    let (body_text, end) = if *empty { (String::new(), j) } else { text_until_in(body, j, "count", text)? };
                                    let t = body_text.trim();
                                    let n: usize =
                                        t.parse().ok().filter(|n| (1..=MAX_SIDE).contains(n)).ok_or_else(|| {
                                            at(*p, format!("expected a count 1..={MAX_SIDE} inside <count>, found `{t}`"))
                                        })?;
                                    if let Some(l) = lines.last_mut() {
                                        l.push(n);
                                    }
                                    j = end;
                                }
                                Node::End { name: "clues" } => break,
                                Node::Text(t) if t.trim().is_empty() => {}
                                Node::Text(t) => {
                                    return Err(at(*p, format!("expected <line> or <count>, found text `{}`", t.trim())));
                                }
                                Node::Start { name, .. } => return Err(at(*p, format!("expected <line> or <count>, found <{name}>"))),
                                Node::End { name } => return Err(at(*p, format!("expected </clues>, found </{name}>"))),
                            }
                            j += 1;
                        }
                    }
                    let slot = if is_rows { &mut rows } else { &mut cols };
                    if slot.is_some() {
                        return Err(at(*pos, format!("a second <clues type=\"{kind}\">")));
                    }
                    *slot = Some((lines, origins));
                    k = j;
                }
                "solution" => {
                    let stype = attr(attrs, "type").unwrap_or("goal");
                    if stype == "goal" && !*empty && goal.is_none() {
                        // The <image> inside.
                        let mut j = k + 1;
                        while j < body.len() {
                            match &body[j].1 {
                                Node::Start { name: "image", empty: false, .. } => {
                                    let (t, _) = text_until(j, "image")?;
                                    goal = Some((body[j].0, t));
                                    break;
                                }
                                Node::End { name: "solution" } => break,
                                _ => {}
                            }
                            j += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        k += 1;
    }
    let whole = loc(*ppos);
    match (rows, cols) {
        (Some((rows, rat)), Some((cols, cat))) => finish(Puzzle { width: cols.len(), height: rows.len(), rows, cols }, &rat, &cat, whole),
        (Some(_), None) => Err(err(whole.0, whole.1, "expected <clues type=\"columns\"> in this <puzzle>")),
        (None, Some(_)) => Err(err(whole.0, whole.1, "expected <clues type=\"rows\"> in this <puzzle>")),
        (None, None) => {
            let Some((gpos, image)) = goal else {
                return Err(err(whole.0, whole.1, "expected <clues> or a <solution type=\"goal\"> image in this <puzzle>"));
            };
            let bg_char = chars.iter().find(|(_, n)| *n == background).map(|(c, _)| *c).unwrap_or('.');
            read_image(&image, bg_char).map_err(|m| at(gpos, m))
        }
    }
}

/// The text of the element whose start tag is `body[k]`, and the index of
/// its end tag.
fn text_until_in(body: &[(usize, Node)], k: usize, name: &str, text: &str) -> Result<(String, usize), ParseError> {
    let mut s = String::new();
    for (j, (p, n)) in body.iter().enumerate().skip(k + 1) {
        match n {
            Node::Text(t) => s.push_str(t),
            Node::End { name: e } if *e == name => return Ok((s, j)),
            _ => {
                let (l, c) = locate(text, *p);
                return Err(err(l, c, format!("expected text and </{name}> inside <{name}>")));
            }
        }
    }
    let (l, c) = locate(text, body[k].0);
    Err(err(l, c, format!("expected </{name}>")))
}

/// A goal image: rows between `|` marks, one character a cell, whitespace
/// ignored; `bg` is the background's character, any other one a filled cell.
fn read_image(image: &str, bg: char) -> Result<Puzzle, String> {
    let mut grid: Vec<Vec<bool>> = Vec::new();
    for row in image.split('|') {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.is_empty() {
            continue;
        }
        if cells.iter().any(|&c| c == '?' || c == '[' || c == ']') {
            return Err("the goal image has an unknown cell (`?` or `[…]`)".into());
        }
        grid.push(cells.iter().map(|&c| c != bg).collect());
    }
    let height = grid.len();
    let width = grid.first().map_or(0, Vec::len);
    if height == 0 || width == 0 {
        return Err("the goal image is empty".into());
    }
    if let Some(i) = grid.iter().position(|r| r.len() != width) {
        return Err(format!("goal image row {} has {} cells, row 1 has {width}", i + 1, grid[i].len()));
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!("the goal image is {width}x{height}, larger than {MAX_SIDE}x{MAX_SIDE}"));
    }
    let flat: Vec<bool> = grid.into_iter().flatten().collect();
    Ok(Puzzle::from_picture(width, height, &flat))
}

fn xml_escape_free(p: &Puzzle) -> String {
    let mut s = String::new();
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
    s
}

/// Writes webpbn XML (version 0.3) for a black-and-white puzzle: white
/// background `.`, black foreground `X`, columns then rows.
pub fn write_webpbn(p: &Puzzle) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n",
    );
    s += &xml_escape_free(p);
    s + "</puzzle>\n</puzzleset>\n"
}

/// Writes webpbn XML with the answer as a `<solution type="goal">` image
/// (`picture` row-major, `true` = filled; its length must be width×height).
pub fn write_webpbn_with_goal(p: &Puzzle, picture: &[bool]) -> String {
    let mut s = write_webpbn(p);
    let cut = s.len() - "</puzzle>\n</puzzleset>\n".len();
    s.truncate(cut);
    s += "<solution type=\"goal\">\n<image>\n";
    for r in 0..p.height {
        s.push('|');
        for c in 0..p.width {
            s.push(if picture.get(r * p.width + c).copied().unwrap_or(false) { 'X' } else { '.' });
        }
        s += "|\n";
    }
    s + "</image>\n</solution>\n</puzzle>\n</puzzleset>\n"
}

// ---------------------------------------------------------------------------
// .non
// ---------------------------------------------------------------------------

/// Reads the `.non` format (the first puzzle of a `.nonpack` bundle).
pub fn read_non(text: &str) -> Result<Puzzle, ParseError> {
    read_non_with_goal(text).map(|(p, _)| p)
}

/// Reads every puzzle of a `.nonpack` bundle (puzzles separated by `====`
/// lines); errors name the line in the whole file.
pub fn read_nonpack(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut out = Vec::new();
    let mut chunk = String::new();
    let mut chunk_start = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim() == "====" {
            if !chunk.trim().is_empty() {
                out.push(read_non(&chunk).map_err(|e| shift(e, chunk_start))?);
            }
            chunk.clear();
            chunk_start = i + 1;
        } else {
            chunk.push_str(line);
            chunk.push('\n');
        }
    }
    if !chunk.trim().is_empty() {
        out.push(read_non(&chunk).map_err(|e| shift(e, chunk_start))?);
    }
    if out.is_empty() {
        return Err(err(text.lines().count().max(1), 1, "expected a puzzle (`width`, `height`, `rows`, `columns`)"));
    }
    Ok(out)
}

fn shift(mut e: ParseError, lines: usize) -> ParseError {
    if e.line > 0 {
        e.line += lines;
    }
    e
}

/// Reads a `.non` puzzle and its `goal` picture, if it has one (checked
/// against the clues: a goal that does not give them is refused).
pub fn read_non_with_goal(text: &str) -> Result<(Puzzle, Option<Vec<bool>>), ParseError> {
    let mut width: Option<usize> = None;
    let mut height: Option<usize> = None;
    let mut rows: Option<(Vec<Vec<usize>>, Origins)> = None;
    let mut cols: Option<(Vec<Vec<usize>>, Origins)> = None;
    let mut goal: Option<(usize, usize, String)> = None;
    let mut color: Option<(char, usize, usize)> = None; // the one colour letter seen
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        let ln = i + 1;
        i += 1;
        let l = raw.trim();
        if l == "====" {
            break;
        }
        if l.is_empty() {
            continue;
        }
        let lead = raw.len() - raw.trim_start().len();
        let col0 = raw[..lead].chars().count() + 1;
        let (key, val) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let val_col = col0 + key.chars().count() + (l[key.len()..].len() - l[key.len()..].trim_start().len());
        match key {
            "width" | "height" => {
                let v = val.trim();
                let n = v
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_SIDE).contains(n))
                    .ok_or_else(|| err(ln, val_col, format!("expected `{key} N` with N 1..={MAX_SIDE}, found `{v}`")))?;
                let slot = if key == "width" { &mut width } else { &mut height };
                if slot.is_some() {
                    return Err(err(ln, col0, format!("a second `{key}` line")));
                }
                *slot = Some(n);
            }
            "rows" | "columns" => {
                let is_rows = key == "rows";
                let Some(n) = (if is_rows { height } else { width }) else {
                    return Err(err(ln, col0, format!("`{key}` before `{}`", if is_rows { "height" } else { "width" })));
                };
                if (if is_rows { &rows } else { &cols }).is_some() {
                    return Err(err(ln, col0, format!("a second `{key}` section")));
                }
                let what = if is_rows { "row" } else { "column" };
                let mut clues = Vec::with_capacity(n);
                let mut origins = Vec::with_capacity(n);
                for k in 0..n {
                    let Some(&raw) = lines.get(i) else {
                        return Err(err(
                            lines.len().max(1),
                            1,
                            format!("expected {n} hint lines under `{key}`, found {k} ({what} {} missing)", k + 1),
                        ));
                    };
                    let ln = i + 1;
                    i += 1;
                    if raw.trim() == "====" {
                        return Err(err(ln, 1, format!("expected {n} hint lines under `{key}`, found {k}")));
                    }
                    origins.push((ln, 1));
                    clues.push(non_hints(raw, ln, what, k + 1, &mut color)?);
                }
                let slot = if is_rows { &mut rows } else { &mut cols };
                *slot = Some((clues, origins));
            }
            "goal" => {
                if width.is_none() || height.is_none() {
                    return Err(err(ln, col0, "`goal` before `width` and `height`"));
                }
                let v = val.trim();
                let inner = v.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(v);
                goal = Some((ln, val_col, inner.to_string()));
            }
            _ => {} // catalogue, title, by, copyright, license, color, …: not needed
        }
    }
    let end = lines.len().max(1);
    let (rows, rat) = rows.ok_or_else(|| err(end, 1, "expected a `rows` section"))?;
    let (cols, cat) = cols.ok_or_else(|| err(end, 1, "expected a `columns` section"))?;
    let p = finish(Puzzle { width: cols.len(), height: rows.len(), rows, cols }, &rat, &cat, (end, 1))?;
    let goal = match goal {
        None => None,
        Some((ln, c, g)) => {
            let cells: Vec<char> = g.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != p.width * p.height {
                return Err(err(ln, c, format!("goal has {} cells, the grid {}", cells.len(), p.width * p.height)));
            }
            let pic: Vec<bool> = cells.iter().map(|&c| c != '0').collect();
            if Puzzle::from_picture(p.width, p.height, &pic) != p {
                return Err(err(ln, c, "goal does not give these clues"));
            }
            Some(pic)
        }
    };
    Ok((p, goal))
}

/// One hint line: comma-separated numbers, each with an optional colour
/// letter (one letter for the whole puzzle: black-and-white only); a blank
/// line or `0` is an empty line.
fn non_hints(raw: &str, ln: usize, what: &str, index: usize, color: &mut Option<(char, usize, usize)>) -> Result<Vec<usize>, ParseError> {
    let mut out = Vec::new();
    if raw.trim().is_empty() {
        return Ok(out);
    }
    let mut byte = 0;
    let parts: Vec<&str> = raw.split(',').collect();
    for part in &parts {
        let lead = part.len() - part.trim_start().len();
        let t = part.trim();
        let col = raw[..byte + lead].chars().count() + 1;
        byte += part.len() + 1;
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let n: Option<usize> = t[..digits].parse().ok();
        let Some(n) = n else {
            return Err(err(ln, col, format!("{what} {index}: expected a hint (a number), found `{t}`")));
        };
        if n == 0 {
            if parts.len() == 1 {
                return Ok(out);
            }
            return Err(err(ln, col, format!("{what} {index}: 0 must stand alone (an empty line)")));
        }
        if n > MAX_SIDE {
            return Err(err(ln, col, format!("{what} {index}: a hint of {n}, more than {MAX_SIDE}")));
        }
        // An optional colour letter; anything else after the number is ignored.
        if let Some(c) = t[digits..].chars().next().filter(char::is_ascii_lowercase) {
            match *color {
                None => *color = Some((c, ln, col)),
                Some((seen, _, _)) if seen == c => {}
                Some((seen, l0, c0)) => {
                    return Err(err(
                        ln,
                        col + digits,
                        format!("only black-and-white puzzles are read: colour `{c}` here, `{seen}` at line {l0}, column {c0}"),
                    ));
                }
            }
        }
        out.push(n);
    }
    Ok(out)
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

/// Writes the `.non` format with a `goal` line (the answer, `1` filled).
pub fn write_non_with_goal(p: &Puzzle, picture: &[bool]) -> String {
    let goal: String = picture.iter().map(|&b| if b { '1' } else { '0' }).collect();
    format!("{}\ngoal \"{goal}\"\n", write_non(p))
}

// ---------------------------------------------------------------------------
// puzz.link
// ---------------------------------------------------------------------------

/// Reads a puzz.link (pzprjs) nonogram URL: `https://puzz.link/p?nonogram/W/H/BODY`
/// (any prefix up to the `?`, or none; `nonogram_edit`/`_play`; an optional
/// flag part before the size). Errors: line 1, the character's column.
pub fn read_puzzlink(url: &str) -> Result<Puzzle, ParseError> {
    let url = url.trim();
    let q = url.find('?').map_or(0, |i| i + 1);
    let rest = &url[q..];
    let at = |off: usize, m: String| err(1, url.char_indices().take_while(|&(i, _)| i < q + off).count() + 1, m);
    let parts: Vec<&str> = rest.split('/').collect();
    let mut offs = Vec::with_capacity(parts.len());
    let mut o = 0;
    for p in &parts {
        offs.push(o);
        o += p.len() + 1;
    }
    let pid = parts[0].trim_end_matches("_edit").trim_end_matches("_play");
    if pid != "nonogram" {
        return Err(at(0, format!("expected a `nonogram` puzz.link URL, found `{}`", parts[0])));
    }
    let mut k = 1;
    if parts.get(k).is_some_and(|p| p.starts_with("v:")) {
        return Err(at(offs[k], "a nonogram variant (`v:…`) is not read".into()));
    }
    if parts.get(k).is_some_and(|p| !p.is_empty() && !p.bytes().all(|b| b.is_ascii_digit())) {
        k += 1; // pzprjs' display flags: nothing for a nonogram
    }
    let side = |k: usize, what: &str| -> Result<usize, ParseError> {
        let t = parts.get(k).copied().unwrap_or("");
        t.parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_SIDE).contains(n))
            .ok_or_else(|| at(offs.get(k).copied().unwrap_or(rest.len()), format!("expected the {what} 1..={MAX_SIDE}, found `{t}`")))
    };
    let width = side(k, "width")?;
    let height = side(k + 1, "height")?;
    let body_at = offs.get(k + 2).copied().unwrap_or(rest.len());
    let body = parts.get(k + 2..).map(|b| b.join("/")).unwrap_or_default();
    let body = body.trim_end_matches('/');
    let (exrows, excols) = (height.div_ceil(2), width.div_ceil(2));
    let total = width * exrows + height * excols;
    let mut nums: Vec<Option<usize>> = vec![None; total];
    let b = body.as_bytes();
    let (mut ec, mut i) = (0, 0);
    while i < b.len() && ec < total {
        let ch = b[i] as char;
        let here = body_at + i;
        match ch {
            '0'..='9' | 'a'..='f' => nums[ec] = Some(ch.to_digit(16).unwrap_or(0) as usize),
            '-' => {
                let h = body.get(i + 1..i + 3).and_then(|s| usize::from_str_radix(s, 16).ok());
                nums[ec] = Some(h.ok_or_else(|| at(here, "expected two hex digits after `-`".into()))?);
                i += 2;
            }
            '+' => {
                let h = body.get(i + 1..i + 4).and_then(|s| usize::from_str_radix(s, 16).ok());
                nums[ec] = Some(h.ok_or_else(|| at(here, "expected three hex digits after `+`".into()))?);
                i += 3;
            }
            '.' => return Err(at(here, "a `?` clue (unknown number) cannot be solved".into())),
            'g'..='z' => ec += ch.to_digit(36).unwrap_or(16) as usize - 16,
            _ => return Err(at(here, format!("unexpected `{ch}` in the clue code"))),
        }
        if let Some(n) = nums.get(ec).copied().flatten()
            && !(1..=MAX_SIDE).contains(&n)
        {
            return Err(at(here, format!("a clue of {n}: runs are 1..={MAX_SIDE}")));
        }
        ec += 1;
        i += 1;
    }
    if i < b.len() {
        return Err(at(body_at + i, "more clue code than the grid has clue cells".into()));
    }
    // Column c's slots are c*exrows.., nearest the grid first: the clue reads
    // from the farthest to the nearest.
    let clue = |slots: &[Option<usize>]| slots.iter().rev().flatten().copied().collect::<Vec<usize>>();
    let cols: Vec<Vec<usize>> = (0..width).map(|c| clue(&nums[c * exrows..(c + 1) * exrows])).collect();
    let base = width * exrows;
    let rows: Vec<Vec<usize>> = (0..height).map(|r| clue(&nums[base + r * excols..base + (r + 1) * excols])).collect();
    let whole = (1, 1);
    let n = |i: usize| vec![(1, 1); i];
    finish(Puzzle { width, height, rows, cols }, &n(height), &n(width), whole).map_err(|mut e| {
        e.column = 1;
        e
    })
}

/// Writes the puzz.link URL of a puzzle (`https://puzz.link/p?nonogram/W/H/BODY`),
/// as pzprjs' own encoder does (numbers flushed to the grid).
pub fn write_puzzlink(p: &Puzzle) -> String {
    let (exrows, excols) = (p.height.div_ceil(2), p.width.div_ceil(2));
    let mut nums: Vec<Option<usize>> = Vec::new();
    for (clues, slots) in [(&p.cols, exrows), (&p.rows, excols)] {
        for clue in clues {
            for k in 0..slots {
                // Slot k (nearest the grid first) holds the k-th run from the end.
                nums.push(if k < clue.len() { Some(clue[clue.len() - 1 - k]) } else { None });
            }
        }
    }
    let mut body = String::new();
    let mut gap = 0;
    for n in nums {
        match n {
            None => {
                gap += 1;
                if gap == 20 {
                    body.push('z');
                    gap = 0;
                }
            }
            Some(n) => {
                if gap > 0 {
                    body.push(std::char::from_digit(15 + gap, 36).unwrap_or('z'));
                    gap = 0;
                }
                if n < 16 {
                    body += &format!("{n:x}");
                } else {
                    body += &format!("-{n:x}");
                }
            }
        }
    }
    if gap > 0 {
        body.push(std::char::from_digit(15 + gap, 36).unwrap_or('z'));
    }
    format!("https://puzz.link/p?nonogram/{}/{}/{body}", p.width, p.height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_formats_round_trip_and_name_errors() {
        let p = Puzzle::from_picture(3, 2, &[true, false, true, false, false, false]);
        assert_eq!(read_webpbn(&write_webpbn(&p)).unwrap(), p);
        assert_eq!(read_non(&write_non(&p)).unwrap(), p);
        assert_eq!(read_puzzlink(&write_puzzlink(&p)).unwrap(), p);
        let e = read_non("width 3\nheight 2\nrows\n1,x\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 3));
        let e = read_non("width 3\nheight 2\nrows\n1,1\n0\ncolumns\n1\n").unwrap_err();
        assert!(e.message.contains("expected 3 hint lines"), "{e}");
        let bad = write_webpbn(&p).replace("<count>1</count>", "<count>z</count>");
        let e = read_webpbn(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (8, 7), "{e}");
        let col = write_webpbn(&p).replacen("<count>", "<count color=\"red\">", 1);
        assert!(read_webpbn(&col).unwrap_err().message.contains("red"));
    }

    /// Mangled inputs (characters dropped or replaced) never panic any reader.
    #[test]
    fn mangled_inputs_do_not_panic() {
        let p = crate::nonogram::generate::generate(6, 5, false, 3, 100).unwrap().puzzle;
        let mut rng = crate::nonogram::generate::Rng::new(9);
        for text in [write_webpbn(&p), write_non(&p), p.to_text(), write_puzzlink(&p)] {
            let chars: Vec<char> = text.chars().collect();
            for _ in 0..3000 {
                let mut c = chars.clone();
                for _ in 0..1 + rng.below(4) {
                    let i = rng.below(c.len());
                    match rng.below(3) {
                        0 => drop(c.remove(i)),
                        1 => c[i] = ['<', '>', '0', '9', ',', ' ', '\n', 'x', '\u{e9}', '/', '-', '&', '"'][rng.below(13)],
                        _ => c.insert(i, ['<', '"', '1', '\n', '\u{e9}', '+', '&'][rng.below(7)]),
                    }
                }
                let t: String = c.into_iter().collect();
                for q in [read_webpbn(&t), read_non(&t), crate::nonogram::parse(&t), read_puzzlink(&t)].into_iter().flatten() {
                    let _ = crate::nonogram::solve::solve(&q);
                }
            }
        }
    }
}
