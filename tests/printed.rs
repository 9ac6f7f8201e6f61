//! The printed page equals the stored puzzle. For every shipped layout a few
//! puzzles are generated, validated and printed as a book with the binary;
//! the book's puzzles are read back from the catalog in book order, and every
//! puzzle page and answer page is read back from the PDF with lopdf: the
//! content streams (text matrix, font size, fill grey, shown strings, path
//! points) and the embedded fonts (ToUnicode maps glyph ids to characters,
//! `W` gives their widths, so a glyph's centre is known).
//!
//! Each grid is found from its own drawing (the bounding box of its lines,
//! or of its dots for Slitherlink, or its circle for the pie), each glyph in
//! it is placed in the nearest cell centre of that geometry (it must sit
//! close to it: a glyph between cells is an error), and the cells read in
//! the stored order (row by row on square canvases and Slitherlink, triangle
//! row by row on Tridoku, sector then ring on the pie) must spell the stored
//! givens (puzzle pages) and the stored solution (answer pages) exactly.
//! Slitherlink's `0` is a clue and must print; its answer shows the clues
//! and the loop, whose drawn sides must be the stored solution's. Givens
//! print bold (in the labels' font), an answer's filled-in cells regular.
//!
//! Grid glyphs are told apart from the other text on a page (labels, level
//! names, rules, page numbers, Trividoku's questions) by position (inside
//! the grid's outline and holding no space: a pointer or a question is
//! words), from faded-style marks behind cells by their grey, from small
//! grey corner marks by grey and size, and on square grids from every corner
//! text (E/O marks, Trividoku's letters, killer cage sums) by its size
//! (under half a cell); all of one
//! grid must share one size. Killer puzzles are read further: every cage
//! sum must stand in the top-left corner of its cage's first cell, and the
//! dashed outlines, read side by side, must separate exactly the cells the
//! stored cages separate (puzzle pages and answers alike). Nonograms are
//! read from their own drawing: the board from the strokes reaching its
//! bottom, each gutter number placed on the gutter's cell lattice (packed
//! against the board), each filled rectangle on the cell under it; the
//! printed clues must be the clues worked out here from the stored
//! solution (and the stored givens too), the puzzle page shows no filled
//! cell and the answer exactly the stored picture. A tampered expectation and a
//! hand-made misprinted grid show that the comparison fails when it should.

mod common;
use common::ok;

use lopdf::content::Content;
use lopdf::{Document, Object};
use puzzlebook::layout::{Geometry, Kind, Layout};
use rusqlite::Connection;
use std::collections::HashMap;
use std::f32::consts::PI;
use std::path::{Path, PathBuf};
use std::rc::Rc;

// ---------------------------------------------------------------- the binary

fn workdir(name: &str) -> PathBuf {
    common::workdir("printed", name)
}

// ---------------------------------------------------------- reading the PDF

/// Height of a digit or capital above the baseline, as a share of the type
/// size (DejaVu Sans: 729 of 1000 units): a glyph's visual centre is half of
/// it above the baseline.
const CAP_HEIGHT: f32 = 0.729;

/// One shown string: where its baseline starts, how wide it is, its size,
/// font resource and fill grey (0 black, 1 white).
#[derive(Clone, Debug)]
struct Text {
    text: String,
    x: f32,
    y: f32,
    width: f32,
    size: f32,
    font: Vec<u8>,
    grey: f32,
}

impl Text {
    fn centre(&self) -> (f32, f32) {
        (self.x + self.width / 2.0, self.y + self.size * CAP_HEIGHT / 2.0)
    }
}

/// One painted path: its points (curves by their end points), and whether
/// it was filled (otherwise stroked).
#[derive(Clone, Debug)]
struct Shape {
    points: Vec<(f32, f32)>,
    filled: bool,
    /// Stroked with a dash pattern (killer cage outlines).
    dashed: bool,
}

impl Shape {
    fn centre(&self) -> (f32, f32) {
        let n = self.points.len() as f32;
        (self.points.iter().map(|p| p.0).sum::<f32>() / n, self.points.iter().map(|p| p.1).sum::<f32>() / n)
    }
}

#[derive(Default, Debug)]
struct PageItems {
    texts: Vec<Text>,
    shapes: Vec<Shape>,
}

/// What a Type0 font needs to be read: glyph id → text and advance width.
struct Font {
    unicode: HashMap<u32, String>,
    widths: HashMap<u32, f32>,
    default_width: f32,
}

fn deref<'a>(doc: &'a Document, obj: &'a Object) -> &'a Object {
    doc.dereference(obj).expect("object resolves").1
}

fn hex_value(token: &str) -> Option<u32> {
    u32::from_str_radix(token.trim_start_matches('<').trim_end_matches('>'), 16).ok()
}

fn hex_text(token: &str) -> String {
    let hex = token.trim_start_matches('<').trim_end_matches('>');
    let units: Vec<u16> = (0..hex.len() / 4).map(|i| u16::from_str_radix(&hex[i * 4..i * 4 + 4], 16).unwrap()).collect();
    String::from_utf16_lossy(&units)
}

/// A ToUnicode CMap's `bfchar` and `bfrange` entries.
fn parse_to_unicode(cmap: &str) -> HashMap<u32, String> {
    let spaced = cmap.replace('[', " [ ").replace(']', " ] ").replace('<', " <").replace('>', "> ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut map = HashMap::new();
    let mut i = 0;
    let mut mode = "";
    while i < tokens.len() {
        match tokens[i] {
            "beginbfchar" | "beginbfrange" => mode = tokens[i],
            "endbfchar" | "endbfrange" => mode = "",
            t if t.starts_with('<') && mode == "beginbfchar" => {
                map.insert(hex_value(t).unwrap(), hex_text(tokens[i + 1]));
                i += 1;
            }
            t if t.starts_with('<') && mode == "beginbfrange" => {
                let (from, to) = (hex_value(t).unwrap(), hex_value(tokens[i + 1]).unwrap());
                if tokens[i + 2] == "[" {
                    let mut j = i + 3;
                    for code in from..=to {
                        map.insert(code, hex_text(tokens[j]));
                        j += 1;
                    }
                    i = j;
                } else {
                    let first: Vec<u16> = hex_text(tokens[i + 2]).encode_utf16().collect();
                    for (n, code) in (from..=to).enumerate() {
                        let mut units = first.clone();
                        *units.last_mut().unwrap() += n as u16;
                        map.insert(code, String::from_utf16_lossy(&units));
                    }
                    i += 2;
                }
            }
            _ => {}
        }
        i += 1;
    }
    map
}

fn load_font(doc: &Document, dict: &lopdf::Dictionary) -> Font {
    assert_eq!(dict.get(b"Subtype").unwrap().as_name().unwrap(), b"Type0", "the book's fonts are Type0");
    assert_eq!(dict.get(b"Encoding").unwrap().as_name().unwrap(), b"Identity-H");
    let cmap = deref(doc, dict.get(b"ToUnicode").unwrap()).as_stream().unwrap().decompressed_content().unwrap();
    let unicode = parse_to_unicode(&String::from_utf8_lossy(&cmap));
    let descendant = deref(doc, &deref(doc, dict.get(b"DescendantFonts").unwrap()).as_array().unwrap()[0]).as_dict().unwrap();
    let default_width = descendant.get(b"DW").ok().map_or(1000.0, |w| deref(doc, w).as_float().unwrap());
    let mut widths = HashMap::new();
    if let Ok(w) = descendant.get(b"W") {
        let w = deref(doc, w).as_array().unwrap();
        let mut i = 0;
        while i < w.len() {
            let first = deref(doc, &w[i]).as_i64().unwrap() as u32;
            match deref(doc, &w[i + 1]) {
                Object::Array(list) => {
                    for (n, width) in list.iter().enumerate() {
                        widths.insert(first + n as u32, deref(doc, width).as_float().unwrap());
                    }
                    i += 2;
                }
                last => {
                    let width = deref(doc, &w[i + 2]).as_float().unwrap();
                    for code in first..=last.as_i64().unwrap() as u32 {
                        widths.insert(code, width);
                    }
                    i += 3;
                }
            }
        }
    }
    Font { unicode, widths, default_width }
}

fn number(obj: &Object) -> f32 {
    obj.as_float().unwrap()
}

/// Every page's shown strings and painted paths, in page order.
fn read_pdf(path: &Path) -> Vec<PageItems> {
    let doc = Document::load(path).unwrap();
    let mut fonts: HashMap<Vec<u8>, Rc<Font>> = HashMap::new();
    let mut pages = Vec::new();
    for (_, page_id) in doc.get_pages() {
        for (name, dict) in doc.get_page_fonts(page_id).unwrap() {
            fonts.entry(name).or_insert_with(|| Rc::new(load_font(&doc, dict)));
        }
        let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
        let mut items = PageItems::default();
        let (mut grey, mut font, mut size) = (0.0, Vec::new(), 0.0);
        let (mut tx, mut ty, mut line_x, mut line_y) = (0.0, 0.0, 0.0, 0.0);
        let mut path: Vec<(f32, f32)> = Vec::new();
        let mut dashed = false;
        for op in &content.operations {
            let args = &op.operands;
            match op.operator.as_str() {
                "g" => grey = number(&args[0]),
                "Tf" => {
                    font = args[0].as_name().unwrap().to_vec();
                    size = number(&args[1]);
                }
                "Tm" => {
                    let m: Vec<f32> = args.iter().map(number).collect();
                    assert_eq!((m[0], m[1], m[2], m[3]), (1.0, 0.0, 0.0, 1.0), "text matrices are translations");
                    (tx, ty, line_x, line_y) = (m[4], m[5], m[4], m[5]);
                }
                "Td" | "TD" => {
                    (line_x, line_y) = (line_x + number(&args[0]), line_y + number(&args[1]));
                    (tx, ty) = (line_x, line_y);
                }
                "BT" => (tx, ty, line_x, line_y) = (0.0, 0.0, 0.0, 0.0),
                "Tj" | "TJ" => {
                    let f = fonts.get(&font).unwrap_or_else(|| panic!("font {} is not on the page", String::from_utf8_lossy(&font)));
                    let parts: Vec<&Object> =
                        if op.operator == "Tj" { vec![&args[0]] } else { args[0].as_array().unwrap().iter().collect() };
                    let (mut text, start) = (String::new(), tx);
                    for part in parts {
                        match part {
                            Object::String(bytes, _) => {
                                for pair in bytes.chunks(2) {
                                    let code = u32::from(pair[0]) << 8 | u32::from(pair[1]);
                                    text.push_str(f.unicode.get(&code).map_or("\u{fffd}", String::as_str));
                                    tx += f.widths.get(&code).copied().unwrap_or(f.default_width) * size / 1000.0;
                                }
                            }
                            adjust => tx -= number(adjust) * size / 1000.0,
                        }
                    }
                    items.texts.push(Text { text, x: start, y: ty, width: tx - start, size, font: font.clone(), grey });
                }
                "cm" => {
                    let m: Vec<f32> = args.iter().map(number).collect();
                    assert_eq!(m, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], "the reader assumes untransformed user space");
                }
                "m" | "l" => path.push((number(&args[0]), number(&args[1]))),
                "c" => path.push((number(&args[4]), number(&args[5]))),
                "v" | "y" => path.push((number(&args[2]), number(&args[3]))),
                "re" => {
                    let (x, y, w, h) = (number(&args[0]), number(&args[1]), number(&args[2]), number(&args[3]));
                    path.extend([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]);
                }
                "d" => dashed = args[0].as_array().is_ok_and(|a| !a.is_empty()),
                "S" | "s" => items.shapes.push(Shape { points: std::mem::take(&mut path), filled: false, dashed }),
                "f" | "F" | "f*" | "B" | "B*" | "b" | "b*" => {
                    items.shapes.push(Shape { points: std::mem::take(&mut path), filled: true, dashed: false })
                }
                "n" => path.clear(),
                _ => {}
            }
        }
        pages.push(items);
    }
    pages
}

// ------------------------------------------------------ slots on the pages

/// A labelled place on a page: "Puzzle N" above a puzzle, "N" above an
/// answer; what is drawn below and right of the label up to the next one.
#[derive(Debug)]
struct Slot {
    number: usize,
    page: usize,
    label: Text,
    texts: Vec<Text>,
    shapes: Vec<Shape>,
}

/// The slot whose label is nearest above-left of a point: the rightmost
/// label column at or left of it, the lowest label above it in that column.
/// "Above" is below the label's cap height: a label printed beside its grid
/// (two answers a page) is level with the grid's top, whose first gutter
/// numbers may sit beside the label's digits.
fn owner(labels: &[Text], (x, y): (f32, f32)) -> Option<usize> {
    let above_left: Vec<usize> =
        (0..labels.len()).filter(|&i| labels[i].x <= x + 0.5 && labels[i].y + labels[i].size * CAP_HEIGHT > y).collect();
    let column = above_left.iter().map(|&i| labels[i].x).fold(f32::MIN, f32::max);
    above_left.into_iter().filter(|&i| (labels[i].x - column).abs() < 0.5).min_by(|&a, &b| labels[a].y.total_cmp(&labels[b].y))
}

fn slots_of(page: usize, items: &PageItems, labels: Vec<(usize, Text)>) -> Vec<Slot> {
    let label_texts: Vec<Text> = labels.iter().map(|(_, t)| t.clone()).collect();
    let mut slots: Vec<Slot> =
        labels.into_iter().map(|(number, label)| Slot { number, page, label, texts: Vec::new(), shapes: Vec::new() }).collect();
    for t in &items.texts {
        if label_texts.iter().any(|l| l.x == t.x && l.y == t.y && l.text == t.text) {
            continue;
        }
        if let Some(i) = owner(&label_texts, t.centre()) {
            slots[i].texts.push(t.clone());
        }
    }
    for s in &items.shapes {
        if let Some(i) = (!s.points.is_empty()).then(|| s.centre()).and_then(|p| owner(&label_texts, p)) {
            slots[i].shapes.push(s.clone());
        }
    }
    slots
}

/// The book's puzzle slots and answer slots, in page order. The label
/// style (font and size) comes from the "Puzzle N" labels; an answer label
/// is a number in that style on a page headed "Answers".
fn book_slots(pages: &[PageItems]) -> (Vec<Slot>, Vec<Slot>) {
    // "Puzzle 7", or with the words beside its number: "Puzzle 7 · Easy · ring".
    let puzzle_label = |t: &Text| t.text.strip_prefix("Puzzle ").and_then(|n| n.split(" · ").next()?.parse::<usize>().ok());
    let style = pages
        .iter()
        .flat_map(|p| &p.texts)
        .find(|t| puzzle_label(t).is_some())
        .map(|t| (t.font.clone(), t.size))
        .expect("the book has a \"Puzzle N\" label");
    let (mut puzzles, mut answers) = (Vec::new(), Vec::new());
    // The contents page names "Answers" too: the key starts after the puzzles.
    let mut in_answers = false;
    for (page, items) in pages.iter().enumerate() {
        in_answers |= !puzzles.is_empty() && items.texts.iter().any(|t| t.text == "Answers");
        let labels: Vec<(usize, Text)> = if in_answers {
            items
                .texts
                .iter()
                .filter(|t| t.font == style.0 && t.size == style.1 && t.text.parse::<usize>().is_ok())
                .map(|t| (t.text.parse().unwrap(), t.clone()))
                .collect()
        } else {
            items.texts.iter().filter_map(|t| puzzle_label(t).map(|n| (n, t.clone()))).collect()
        };
        let slots = slots_of(page + 1, items, labels);
        if in_answers { answers.extend(slots) } else { puzzles.extend(slots) }
    }
    (puzzles, answers)
}

// ------------------------------------------------ glyphs to cells, by geometry

#[derive(Clone, Copy, Debug)]
struct BBox {
    left: f32,
    right: f32,
    bottom: f32,
    top: f32,
}

impl BBox {
    fn of(points: impl IntoIterator<Item = (f32, f32)>) -> Option<BBox> {
        points.into_iter().fold(None, |b: Option<BBox>, (x, y)| {
            Some(match b {
                None => BBox { left: x, right: x, bottom: y, top: y },
                Some(b) => BBox { left: b.left.min(x), right: b.right.max(x), bottom: b.bottom.min(y), top: b.top.max(y) },
            })
        })
    }
    fn width(&self) -> f32 {
        self.right - self.left
    }
    fn height(&self) -> f32 {
        self.top - self.bottom
    }
    fn contains(&self, (x, y): (f32, f32), margin: f32) -> bool {
        x >= self.left - margin && x <= self.right + margin && y >= self.bottom - margin && y <= self.top + margin
    }
}

/// Where a slot's grid is: its outline, the centre of every cell in the
/// stored order, and how far from its cell's centre a glyph may sit.
#[derive(Debug)]
struct GridFrame {
    bbox: BBox,
    centres: Vec<(f32, f32)>,
    tolerance: f32,
    /// Cell side of a Slitherlink board, for reading its loop.
    cell: f32,
}

fn close(a: f32, b: f32, what: &str) -> Result<(), String> {
    if (a - b).abs() <= 0.02 * a.abs().max(b.abs()).max(1.0) { Ok(()) } else { Err(format!("{what}: {a} vs {b}")) }
}

/// Where a layout's cells sit, as this test reads the layout file.
enum Drawn {
    Squares {
        rows: usize,
        cols: usize,
        position: Vec<(usize, usize)>,
    },
    Loops {
        rows: usize,
        cols: usize,
    },
    Triangle {
        side: usize,
    },
    Pie {
        sectors: usize,
        rings: usize,
    },
    /// A nonogram: clue gutters and a picture (read by `read_nonogram`).
    Nonogram {
        width: usize,
        height: usize,
    },
}

fn drawn(layout: &Layout) -> Drawn {
    match &layout.kind {
        Kind::Board { shape: "loops", board } => Drawn::Loops { rows: board.rows, cols: board.cols },
        Kind::Board { shape: "nonogram", board } => Drawn::Nonogram { width: board.cols, height: board.rows },
        Kind::Board { shape, .. } => panic!("{}: no page reader for a {shape} board: add one to Drawn", layout.id),
        Kind::Cells(cells) => match &cells.geometry {
            Geometry::Squares { rows, cols, position, .. } => Drawn::Squares { rows: *rows, cols: *cols, position: position.clone() },
            Geometry::Triangle { side } => Drawn::Triangle { side: *side },
            Geometry::Pie { sectors, rings, .. } => Drawn::Pie { sectors: *sectors, rings: *rings },
        },
    }
}

/// The grid's frame from its drawing alone: the lines' extent on square
/// canvases, triangles and the pie; the dots' centres on Slitherlink.
fn grid_frame(layout: &Layout, shapes: &[Shape]) -> Result<GridFrame, String> {
    let all = BBox::of(shapes.iter().flat_map(|s| s.points.iter().copied())).ok_or("nothing is drawn")?;
    match &drawn(layout) {
        Drawn::Squares { rows, cols, position } => {
            // Row by row over the canvas (gaps are no cells): `position`
            // is the layout's canvas (row, column) of each stored cell.
            let cell = all.width() / *cols as f32;
            close(all.height() / *rows as f32, cell, "cell height vs width")?;
            let centres = position.iter().map(|&(r, c)| (all.left + (c as f32 + 0.5) * cell, all.top - (r as f32 + 0.5) * cell)).collect();
            Ok(GridFrame { bbox: all, centres, tolerance: 0.25 * cell, cell })
        }
        Drawn::Loops { rows, cols } => {
            let dots = BBox::of(shapes.iter().filter(|s| s.filled).map(Shape::centre)).ok_or("no dots")?;
            let cell = dots.width() / *cols as f32;
            close(dots.height() / *rows as f32, cell, "cell height vs width")?;
            let centres = (0..rows * cols)
                .map(|i| (dots.left + ((i % cols) as f32 + 0.5) * cell, dots.top - ((i / cols) as f32 + 0.5) * cell))
                .collect();
            Ok(GridFrame { bbox: dots, centres, tolerance: 0.25 * cell, cell })
        }
        Drawn::Triangle { side } => {
            // Row r holds 2r + 1 triangles, upward at even k; cell r² + k.
            let edge = all.width() / *side as f32;
            let height = edge * 3f32.sqrt() / 2.0;
            close(all.height(), height * *side as f32, "triangle height")?;
            let apex = (all.left + all.right) / 2.0;
            let mut centres = Vec::new();
            for r in 0..*side {
                for k in 0..2 * r + 1 {
                    let down = if k % 2 == 0 { 2.0 / 3.0 } else { 1.0 / 3.0 };
                    centres.push((apex + (k as f32 - r as f32) / 2.0 * edge, all.top - (r as f32 + down) * height));
                }
            }
            Ok(GridFrame { bbox: all, centres, tolerance: 0.2 * edge, cell: edge })
        }
        Drawn::Nonogram { .. } => Err("a nonogram is read by read_nonogram".into()),
        Drawn::Pie { sectors, rings } => {
            // Sector 0 at twelve o'clock, clockwise; rings from the hub
            // outwards, equally wide; cell s · rings + k.
            let (cx, cy) = ((all.left + all.right) / 2.0, (all.bottom + all.top) / 2.0);
            close(all.width(), all.height(), "the pie's width vs height")?;
            let distances = shapes.iter().flat_map(|s| s.points.iter()).map(|&(x, y)| (x - cx).hypot(y - cy));
            let (hub, outer) = distances.fold((f32::MAX, 0f32), |(lo, hi), d| (lo.min(d), hi.max(d)));
            close(outer, all.width() / 2.0, "the pie's outer radius")?;
            let ring = (outer - hub) / *rings as f32;
            let mut centres = Vec::new();
            for s in 0..*sectors {
                let angle = PI / 2.0 - 2.0 * PI * (s as f32 + 0.5) / *sectors as f32;
                for k in 0..*rings {
                    let radius = hub + (k as f32 + 0.5) * ring;
                    centres.push((cx + radius * angle.cos(), cy + radius * angle.sin()));
                }
            }
            let inner_arc = 2.0 * PI * (hub + ring / 2.0) / *sectors as f32;
            Ok(GridFrame { bbox: all, centres, tolerance: 0.3 * ring.min(inner_arc), cell: ring })
        }
    }
}

/// What a glyph stands for in the stored alphabet: ★ is the star `*` (a
/// printed `*` is wrong); the pie prints its symbols as the numbers 1–12
/// only (10 = A, 11 = B, 12 = C).
fn stored_symbol(layout: &Layout, printed: &str) -> Result<char, String> {
    if printed == "★" {
        return Ok('*');
    }
    if matches!(drawn(layout), Drawn::Pie { .. }) {
        return match printed.parse::<u32>() {
            Ok(n @ 1..=9) => Ok(char::from_digit(n, 10).unwrap()),
            Ok(n @ 10..=35) => Ok((b'A' + (n - 10) as u8) as char),
            _ => Err(format!("'{printed}' is no pie number")),
        };
    }
    let mut chars = printed.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c != '*' => Ok(c),
        _ => Err(format!("'{printed}' is not one printed symbol")),
    }
}

/// A grid as printed: the cells' symbols in the stored order ('.' empty)
/// and which cells are printed in `bold_font`.
#[derive(Debug)]
struct ReadGrid {
    symbols: String,
    bold: Vec<bool>,
    frame: GridFrame,
}

/// The glyphs of a slot's grid, each placed in its cell by position.
/// Grid glyphs are the slot's texts inside the grid's outline that are not
/// faded marks behind cells nor, on square grids, corner texts under half a
/// cell tall (E/O marks, Trividoku's letters, cage sums). Every such glyph must sit on
/// a cell centre, one a cell, all of one size.
fn read_grid(layout: &Layout, slot: &Slot, bold_font: &[u8]) -> Result<ReadGrid, String> {
    let frame = grid_frame(layout, &slot.shapes)?;
    let squares = matches!(drawn(layout), Drawn::Squares { .. });
    let glyphs: Vec<&Text> = slot
        .texts
        .iter()
        .filter(|t| {
            t.grey < 0.6
                // A page pointer or a question (words) is no grid glyph.
                && !t.text.trim().contains(' ')
                // Nor a small grey corner letter or mark (E, O, >6, Trividoku's A).
                && !(t.grey > 0.0 && t.size < 0.45 * frame.cell && !t.text.trim().chars().all(|c| c.is_ascii_digit()))
                && frame.bbox.contains(t.centre(), frame.tolerance)
                && !t.text.trim().is_empty()
                && !(squares && t.size < 0.45 * frame.cell)
        })
        .collect();
    if let Some(first) = glyphs.first()
        && let Some(odd) = glyphs.iter().find(|t| (t.size - first.size).abs() > 0.01)
    {
        return Err(format!("grid glyphs of two sizes: '{}' at {} pt, '{}' at {} pt", first.text, first.size, odd.text, odd.size));
    }
    let mut cells: Vec<Option<&Text>> = vec![None; frame.centres.len()];
    for g in glyphs {
        let (x, y) = g.centre();
        let (cell, distance) = frame
            .centres
            .iter()
            .enumerate()
            .map(|(i, &(cx, cy))| (i, (x - cx).hypot(y - cy)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .ok_or("the grid has no cells")?;
        if distance > frame.tolerance {
            return Err(format!("'{}' at ({x:.1}, {y:.1}) is in no cell ({distance:.1} pt from the nearest centre)", g.text));
        }
        if let Some(other) = cells[cell] {
            return Err(format!("cell {cell} shows both '{}' and '{}'", other.text, g.text));
        }
        cells[cell] = Some(g);
    }
    let symbols = cells.iter().map(|c| c.map_or(Ok('.'), |t| stored_symbol(layout, &t.text))).collect::<Result<String, _>>()?;
    let bold = cells.iter().map(|c| c.is_some_and(|t| t.font == bold_font)).collect();
    Ok(ReadGrid { symbols, bold, frame })
}

/// The loop of a Slitherlink answer as its stored text: one `1`/`0` per
/// side, horizontal sides row by row, then vertical ones row by row.
fn read_loop(rows: usize, cols: usize, slot: &Slot, frame: &GridFrame) -> Result<String, String> {
    let horizontal = (rows + 1) * cols;
    let mut sides = vec!['0'; horizontal + rows * (cols + 1)];
    let lattice = |(x, y): (f32, f32)| -> Result<(usize, usize), String> {
        let (c, r) = ((x - frame.bbox.left) / frame.cell, (frame.bbox.top - y) / frame.cell);
        if (c - c.round()).abs() > 0.1 || (r - r.round()).abs() > 0.1 || c.round() < 0.0 || r.round() < 0.0 {
            return Err(format!("a loop line ends off the lattice at ({x:.1}, {y:.1})"));
        }
        Ok((r.round() as usize, c.round() as usize))
    };
    for shape in slot.shapes.iter().filter(|s| !s.filled) {
        for pair in shape.points.windows(2) {
            let (a, b) = (lattice(pair[0])?, lattice(pair[1])?);
            let ((r0, c0), (r1, c1)) = (a.min(b), a.max(b));
            if r0 == r1 && c0 < c1 && c1 <= cols && r0 <= rows {
                (c0..c1).for_each(|c| sides[r0 * cols + c] = '1');
            } else if c0 == c1 && r0 < r1 && r1 <= rows && c0 <= cols {
                (r0..r1).for_each(|r| sides[horizontal + r * (cols + 1) + c0] = '1');
            } else {
                return Err(format!("a loop line from {a:?} to {b:?} is no side of the board"));
            }
        }
    }
    Ok(sides.into_iter().collect())
}

// ------------------------------------------------------------ nonograms

/// A nonogram page as printed: the clue numbers in the gutters, in the
/// stored clue format (rows `|` columns; lines by `/`, runs by `.`, `0` for
/// an empty line), and the picture (`#` a filled cell, `.` empty).
#[derive(Debug)]
struct ReadNonogram {
    clues: String,
    picture: String,
}

/// Reads a nonogram slot from its drawing alone. The board is found from
/// the vertical strokes that reach the lowest drawn point (the board's
/// lines; the gutters' faint lines stop at the board's top): their x
/// positions are the board's column edges. Every number left of the board
/// belongs to the row whose band holds it and must sit on a cell centre
/// of the gutter's lattice, the numbers ending at the board with no gap; the
/// same for the numbers above each column. Every filled cell-sized rectangle
/// inside the board fills the cell under its centre.
fn read_nonogram(width: usize, height: usize, slot: &Slot) -> Result<ReadNonogram, String> {
    let strokes: Vec<&Shape> = slot.shapes.iter().filter(|s| !s.filled && s.points.len() == 2).collect();
    let bottom = strokes.iter().flat_map(|s| s.points.iter().map(|p| p.1)).fold(f32::MAX, f32::min);
    let mut xs: Vec<f32> = strokes
        .iter()
        .filter(|s| (s.points[0].0 - s.points[1].0).abs() < 0.01 && s.points.iter().any(|p| (p.1 - bottom).abs() < 0.5))
        .map(|s| s.points[0].0)
        .collect();
    xs.sort_by(f32::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    if xs.len() != width + 1 {
        return Err(format!("{} column edges reach the board's bottom, a {width}-wide board has {}", xs.len(), width + 1));
    }
    let (left, right) = (xs[0], xs[width]);
    let cell = (right - left) / width as f32;
    for (k, x) in xs.iter().enumerate() {
        close(*x, left + k as f32 * cell, "column edge spacing")?;
    }
    let top = bottom + height as f32 * cell;
    let board_top = strokes
        .iter()
        .filter(|s| (s.points[0].0 - left).abs() < 0.5 && s.points.iter().any(|p| (p.1 - bottom).abs() < 0.5))
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(f32::MIN, f32::max);
    close(board_top, top, "the board's height")?;
    let tolerance = 0.25 * cell;
    let mut rows: Vec<Vec<(usize, usize)>> = vec![Vec::new(); height];
    let mut cols: Vec<Vec<(usize, usize)>> = vec![Vec::new(); width];
    for t in slot.texts.iter().filter(|t| !t.text.trim().is_empty() && t.text.trim().chars().all(|c| c.is_ascii_digit())) {
        let (x, y) = t.centre();
        let n: usize = t.text.trim().parse().map_err(|_| format!("'{}' is no clue number", t.text))?;
        // Gutter lattice: k cells out from the board, cell centre at k + 0.5.
        let place = |along: f32, out: f32| -> Result<(usize, usize), String> {
            let (i, k) = (along.floor(), out.floor());
            let off = ((along - i - 0.5).powi(2) + (out - k - 0.5).powi(2)).sqrt() * cell;
            if off > tolerance {
                return Err(format!("the clue '{}' at ({x:.1}, {y:.1}) is on no gutter cell ({off:.1} pt off)", t.text));
            }
            Ok((i as usize, k as usize))
        };
        if x < left && y < top && y > bottom {
            let (r, k) = place((top - y) / cell, (left - x) / cell)?;
            rows[r].push((k, n));
        } else if y > top && x > left && x < right {
            let (c, k) = place((x - left) / cell, (y - top) / cell)?;
            cols[c].push((k, n));
        } else if x >= left && x <= right && y >= bottom && y <= top {
            return Err(format!("the number '{}' at ({x:.1}, {y:.1}) is inside the board", t.text));
        }
    }
    let line = |what: &str, i: usize, mut numbers: Vec<(usize, usize)>| -> Result<String, String> {
        numbers.sort_unstable();
        if numbers.iter().enumerate().any(|(j, &(k, _))| k != j) {
            return Err(format!("{what} {}: clue numbers at gutter places {:?}, not packed against the board", i + 1, numbers));
        }
        if numbers.is_empty() {
            return Err(format!("{what} {}: no clue printed (an empty line prints 0)", i + 1));
        }
        // Outermost first: the reading order, left to right or top down.
        Ok(numbers.iter().rev().map(|(_, n)| n.to_string()).collect::<Vec<_>>().join("."))
    };
    let rows = rows.into_iter().enumerate().map(|(i, n)| line("row", i, n)).collect::<Result<Vec<_>, _>>()?;
    let cols = cols.into_iter().enumerate().map(|(i, n)| line("column", i, n)).collect::<Result<Vec<_>, _>>()?;
    let mut picture = vec!['.'; width * height];
    for s in slot.shapes.iter().filter(|s| s.filled) {
        let (x, y) = s.centre();
        if x < left || x > right || y < bottom || y > top {
            continue;
        }
        let b = BBox::of(s.points.iter().copied()).ok_or("an empty fill")?;
        close(b.width(), cell, "a filled cell's width")?;
        close(b.height(), cell, "a filled cell's height")?;
        let (c, r) = (((x - left) / cell).floor() as usize, ((top - y) / cell).floor() as usize);
        if picture[r * width + c] == '#' {
            return Err(format!("cell r{}c{} is filled twice", r + 1, c + 1));
        }
        picture[r * width + c] = '#';
    }
    Ok(ReadNonogram { clues: format!("{}|{}", rows.join("/"), cols.join("/")), picture: picture.into_iter().collect() })
}

/// The clues a picture has, worked out here from the stored solution
/// (`#` filled): each line's runs of filled cells, `0` for none.
fn clues_of_picture(width: usize, height: usize, solution: &str) -> String {
    let cells: Vec<bool> = solution.chars().map(|c| c == '#').collect();
    let runs = |line: Vec<bool>| -> String {
        let runs: Vec<String> = line.split(|&on| !on).filter(|r| !r.is_empty()).map(|r| r.len().to_string()).collect();
        if runs.is_empty() { "0".into() } else { runs.join(".") }
    };
    let rows: Vec<String> = (0..height).map(|r| runs((0..width).map(|c| cells[r * width + c]).collect())).collect();
    let cols: Vec<String> = (0..width).map(|c| runs((0..height).map(|r| cells[r * width + c]).collect())).collect();
    format!("{}|{}", rows.join("/"), cols.join("/"))
}

/// Printed clues against expected ones, line by line: the differing lines, named.
fn compare_clues(what: &str, printed: &str, expected: &str) -> Result<(), String> {
    let lines = |s: &str| -> Vec<String> {
        let (r, c) = s.split_once('|').unwrap_or((s, ""));
        r.split('/').map(|l| format!("row {l}")).chain(c.split('/').map(|l| format!("column {l}"))).collect()
    };
    let (p, e) = (lines(printed), lines(expected));
    if p.len() != e.len() {
        return Err(format!("{what}: {} clue lines printed, {} stored", p.len(), e.len()));
    }
    let wrong: Vec<String> =
        (0..p.len()).filter(|&i| p[i] != e[i]).map(|i| format!("line {}: printed {}, stored {}", i + 1, p[i], e[i])).collect();
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!("{what}: {} clue lines differ ({})", wrong.len(), wrong[..wrong.len().min(6)].join("; ")))
    }
}

/// A nonogram's puzzle and answer slots: the printed clues must be the
/// stored givens and the clues of the stored solution (worked out here);
/// the puzzle page shows no filled cell, the answer the stored picture.
fn check_nonogram(width: usize, height: usize, givens: &str, solution: &str, puzzle: &Slot, answer: &Slot) -> Vec<String> {
    let mut errors = Vec::new();
    let proven = clues_of_picture(width, height, solution);
    errors.extend(compare_clues("stored givens vs the stored solution's clues", givens, &proven).err());
    let blank = ".".repeat(width * height);
    for (slot, what, picture) in [(puzzle, "puzzle", &blank), (answer, "answer", &solution.to_string())] {
        let what = format!("{what} {} (page {})", slot.number, slot.page);
        match read_nonogram(width, height, slot) {
            Err(e) => errors.push(format!("{what}: {e}")),
            Ok(read) => {
                errors.extend(compare_clues(&format!("{what} clues"), &read.clues, &proven).err());
                errors.extend(compare(&format!("{what} picture"), &read.picture, picture).err());
            }
        }
    }
    errors
}

/// The nonogram comparison fails when it should: one run changed, and one
/// picture cell flipped.
fn nonogram_tamperings(width: usize, height: usize, solution: &str, puzzle: &Slot, answer: &Slot) {
    let proven = clues_of_picture(width, height, solution);
    let read = read_nonogram(width, height, puzzle).unwrap();
    let i = proven.find(|c: char| c.is_ascii_digit()).unwrap();
    let bumped = if &proven[i..i + 1] == "1" { "2" } else { "1" };
    let tampered = format!("{}{bumped}{}", &proven[..i], &proven[i + 1..]);
    assert!(compare_clues("tampered", &read.clues, &tampered).is_err(), "a changed clue went unnoticed: {tampered}");
    let read = read_nonogram(width, height, answer).unwrap();
    let mut flipped: Vec<char> = solution.chars().collect();
    flipped[0] = if flipped[0] == '#' { '.' } else { '#' };
    let flipped: String = flipped.into_iter().collect();
    assert!(compare("tampered", &read.picture, &flipped).is_err(), "a flipped cell went unnoticed");
}

// ----------------------------------------------------------- the comparison

/// Printed against stored, cell by cell: the differing cells, named.
fn compare(what: &str, printed: &str, expected: &str) -> Result<(), String> {
    let (p, e): (Vec<char>, Vec<char>) = (printed.chars().collect(), expected.chars().collect());
    if p.len() != e.len() {
        return Err(format!("{what}: {} cells printed, {} stored", p.len(), e.len()));
    }
    let wrong: Vec<String> =
        (0..p.len()).filter(|&i| p[i] != e[i]).map(|i| format!("cell {i}: printed '{}', stored '{}'", p[i], e[i])).collect();
    if wrong.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{what}: {} cells differ ({})\n  printed {printed}\n  stored  {expected}",
        wrong.len(),
        wrong[..wrong.len().min(6)].join("; ")
    ))
}

/// Black text under half a cell tall inside a square grid: a killer cage's
/// sum (E/O marks in corners print grey).
fn is_cage_sum(t: &Text, frame: &GridFrame) -> bool {
    t.grey < 0.1 && t.size < 0.45 * frame.cell && frame.bbox.contains(t.centre(), 0.0)
}

/// The stored cages of a layout: (cells, sum).
fn cages_of(layout: &Layout) -> Vec<(Vec<usize>, u32)> {
    layout.cells().map_or(Vec::new(), |c| c.model.cages.iter().map(|k| (k.cells.clone(), k.sum)).collect())
}

/// The cage sums printed in a grid: each must sit in a cell's top-left
/// quarter; the result lists (cell, sum) in cell order.
fn read_cage_sums(layout: &Layout, slot: &Slot) -> Result<Vec<(usize, u32)>, String> {
    let frame = grid_frame(layout, &slot.shapes)?;
    let Drawn::Squares { .. } = drawn(layout) else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for t in slot.texts.iter().filter(|t| is_cage_sum(t, &frame)) {
        let sum: u32 = t.text.trim().parse().map_err(|_| format!("'{}' in a cell corner is no cage sum", t.text))?;
        let (x, y) = t.centre();
        // The cell whose top-left quarter holds the text.
        let cell = frame.centres.iter().position(|&(cx, cy)| {
            let half = frame.cell / 2.0;
            x >= cx - half && x <= cx && y <= cy + half && y >= cy
        });
        match cell {
            Some(cell) => out.push((cell, sum)),
            None => return Err(format!("the sum {sum} at ({x:.1}, {y:.1}) is in no cell's top-left corner")),
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// What the stored cages say should print: each sum in its first cell.
fn expected_cage_sums(layout: &Layout) -> Vec<(usize, u32)> {
    let mut out: Vec<(usize, u32)> = cages_of(layout).into_iter().map(|(cells, sum)| (*cells.iter().min().unwrap(), sum)).collect();
    out.sort_unstable();
    out
}

/// One side of a cell: (cell, 0 top, 1 bottom, 2 left, 3 right).
type Side = (usize, u8);

/// The cell sides the dashed outlines run along, read back from the lines:
/// a horizontal run a tenth of a cell below a cell's top edge (or above its
/// bottom edge) covers that side of every cell whose middle it passes; the
/// same for vertical runs.
fn read_cage_sides(layout: &Layout, slot: &Slot) -> Result<Vec<Side>, String> {
    let frame = grid_frame(layout, &slot.shapes)?;
    let Drawn::Squares { rows, cols, position } = drawn(layout) else { return Ok(Vec::new()) };
    let cell = frame.cell;
    let at = |r: usize, c: usize| position.iter().position(|&p| p == (r, c));
    let mut sides = Vec::new();
    for shape in slot.shapes.iter().filter(|s| s.dashed) {
        let [(x0, y0), (x1, y1)] = shape.points[..] else { return Err(format!("a dashed path of {} points", shape.points.len())) };
        // Canvas units: columns right, rows down from the grid's top-left.
        let (u0, v0) = ((x0 - frame.bbox.left) / cell, (frame.bbox.top - y0) / cell);
        let (u1, v1) = ((x1 - frame.bbox.left) / cell, (frame.bbox.top - y1) / cell);
        let (along, across, lo, hi) = if (v0 - v1).abs() < 1e-3 {
            (true, v0, u0.min(u1), u0.max(u1))
        } else if (u0 - u1).abs() < 1e-3 {
            (false, u0, v0.min(v1), v0.max(v1))
        } else {
            return Err("a slanted dashed line".into());
        };
        let line = across.floor();
        let (first_side, offset) = match across - line {
            f if (f - 0.1).abs() < 0.03 => (true, line as usize),
            f if (f - 0.9).abs() < 0.03 => (false, line as usize),
            f => return Err(format!("a dashed line {f:.2} of a cell from a cell edge")),
        };
        let (limit, other) = if along { (rows, cols) } else { (cols, rows) };
        if offset >= limit {
            return Err("a dashed line outside the grid".into());
        }
        for k in 0..other {
            let middle = k as f32 + 0.5;
            if middle < lo || middle > hi {
                continue;
            }
            let (r, c) = if along { (offset, k) } else { (k, offset) };
            let side = match (along, first_side) {
                (true, true) => 0,
                (true, false) => 1,
                (false, true) => 2,
                (false, false) => 3,
            };
            let cell = at(r, c).ok_or_else(|| format!("a dashed line over the gap at r{}c{}", r + 1, c + 1))?;
            sides.push((cell, side));
        }
    }
    sides.sort_unstable();
    sides.dedup();
    Ok(sides)
}

/// The sides the stored cages' outlines must run along: every side of a
/// caged cell whose neighbour is outside its cage.
fn expected_cage_sides(layout: &Layout) -> Vec<Side> {
    let Drawn::Squares { position, .. } = drawn(layout) else { return Vec::new() };
    let mut out = Vec::new();
    for (cells, _) in cages_of(layout) {
        for &c in &cells {
            let (r, col) = position[c];
            let neighbours =
                [r.checked_sub(1).map(|r| (r, col)), Some((r + 1, col)), col.checked_sub(1).map(|col| (r, col)), Some((r, col + 1))];
            for (side, n) in neighbours.into_iter().enumerate() {
                let inside = n.and_then(|p| position.iter().position(|&q| q == p)).is_some_and(|n| cells.contains(&n));
                if !inside {
                    out.push((c, side as u8));
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// The killer parts of one printed grid against the stored cages.
fn check_cages(layout: &Layout, slot: &Slot, sums: bool, what: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if cages_of(layout).is_empty() {
        return errors;
    }
    match read_cage_sides(layout, slot) {
        Ok(sides) if sides == expected_cage_sides(layout) => {}
        Ok(sides) => errors.push(format!(
            "{what}: the dashed outlines run along {} cell sides, the cages have {} (first difference: {:?})",
            sides.len(),
            expected_cage_sides(layout).len(),
            sides.iter().zip(expected_cage_sides(layout)).find(|(a, b)| *a != b)
        )),
        Err(e) => errors.push(format!("{what}: {e}")),
    }
    let expected = if sums { expected_cage_sums(layout) } else { Vec::new() };
    match read_cage_sums(layout, slot) {
        Ok(printed) if printed == expected => {}
        Ok(printed) => errors.push(format!("{what}: cage sums printed {printed:?}, stored {expected:?}")),
        Err(e) => errors.push(format!("{what}: {e}")),
    }
    errors
}

fn is_loops(layout: &Layout) -> bool {
    matches!(drawn(layout), Drawn::Loops { .. })
}

/// What a puzzle page must show: the givens, '.' empty. A sudoku-family
/// `0` is empty too; a Slitherlink `0` is a clue. Trividoku's lettered
/// cells are empty (their letter prints faded in the corner, like a mark).
fn expected_puzzle(layout: &Layout, givens: &str) -> String {
    if is_loops(layout) {
        return givens.to_string();
    }
    let letters = layout.cells().map_or(&[][..], |cells| &cells.letters[..]);
    givens.chars().enumerate().map(|(i, c)| if c == '0' || letters.get(i).is_some_and(Option::is_some) { '.' } else { c }).collect()
}

/// What an answer grid must show in its cells: the solution (Slitherlink:
/// its clues; the loop is checked apart).
fn expected_answer(layout: &Layout, givens: &str, solution: &str) -> String {
    if is_loops(layout) { givens.to_string() } else { solution.to_string() }
}

/// Which cells print bold: on a puzzle page every shown cell, in an
/// answer the givens (Slitherlink prints its clues regular).
fn bold_mask(bold: &[bool]) -> String {
    bold.iter().map(|&b| if b { 'B' } else { '-' }).collect()
}

fn expected_bold(layout: &Layout, givens: &str, answer: bool) -> String {
    if is_loops(layout) {
        return "-".repeat(givens.chars().count());
    }
    let shown = if answer { givens.to_string() } else { expected_puzzle(layout, givens) };
    shown.chars().map(|c| if c == '.' || c == '0' { '-' } else { 'B' }).collect()
}

/// One printed puzzle: its puzzle slot and answer slot against the row.
fn check_puzzle(layout: &Layout, givens: &str, solution: &str, puzzle: &Slot, answer: &Slot, bold_font: &[u8]) -> Vec<String> {
    if let Drawn::Nonogram { width, height } = drawn(layout) {
        return check_nonogram(width, height, givens, solution, puzzle, answer);
    }
    let mut errors = Vec::new();
    let n = puzzle.number;
    match read_grid(layout, puzzle, bold_font) {
        Err(e) => errors.push(format!("puzzle {n} (page {}): {e}", puzzle.page)),
        Ok(grid) => {
            errors.extend(
                compare(&format!("puzzle {n} (page {}) givens", puzzle.page), &grid.symbols, &expected_puzzle(layout, givens)).err(),
            );
            errors.extend(
                compare(
                    &format!("puzzle {n} (page {}) bold cells", puzzle.page),
                    &bold_mask(&grid.bold),
                    &expected_bold(layout, givens, false),
                )
                .err(),
            );
        }
    }
    errors.extend(check_cages(layout, puzzle, true, &format!("puzzle {n} (page {})", puzzle.page)));
    errors.extend(check_cages(layout, answer, false, &format!("answer {n} (page {})", answer.page)));
    match read_grid(layout, answer, bold_font) {
        Err(e) => errors.push(format!("answer {n} (page {}): {e}", answer.page)),
        Ok(grid) => {
            let what = format!("answer {n} (page {})", answer.page);
            errors.extend(compare(&format!("{what} cells"), &grid.symbols, &expected_answer(layout, givens, solution)).err());
            errors.extend(compare(&format!("{what} bold cells"), &bold_mask(&grid.bold), &expected_bold(layout, givens, true)).err());
            if let Drawn::Loops { rows, cols } = drawn(layout) {
                match read_loop(rows, cols, answer, &grid.frame) {
                    Ok(sides) => errors.extend(compare(&format!("{what} loop"), &sides, solution).err()),
                    Err(e) => errors.push(format!("{what}: {e}")),
                }
            }
        }
    }
    errors
}

// ------------------------------------------------------------- per layout

const LEVELS: [&str; 4] = ["easy", "medium", "hard", "expert"];

struct StoredPuzzle {
    layout: Layout,
    givens: String,
    solution: String,
}

/// Generates, validates and prints a few puzzles of `name`; returns the
/// book's puzzles as stored, in book order, and its PDF.
fn print_book(name: &str) -> (Vec<StoredPuzzle>, PathBuf) {
    let dir = workdir(name);
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    ok(&["generate", name, "--count", "4", "--seed", "5", "--db", db]);
    ok(&["validate", "--db", db]);
    // Books take the technique level when graded, else the score level;
    // one share a level, as many as the scarcest level has.
    let conn = Connection::open(db).unwrap();
    let mut counts: Vec<(String, usize)> = conn
        .prepare("SELECT coalesce(technique_level, level), count(*) FROM puzzles WHERE validation = 'ok' GROUP BY 1")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as usize)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    counts.sort_by_key(|(level, _)| LEVELS.iter().position(|l| l == level).unwrap_or_else(|| panic!("unknown level {level}")));
    let levels: Vec<&str> = counts.iter().map(|(l, _)| l.as_str()).collect();
    let count = counts.iter().map(|c| c.1).min().expect("some puzzle validated") * counts.len();
    let pdf = dir.join("book.pdf");
    let title = format!("Printed {name}");
    ok(&[
        "book",
        &title,
        "--layout",
        name,
        "--count",
        &count.to_string(),
        "--levels",
        &levels.join(","),
        "--db",
        db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let puzzles: Vec<StoredPuzzle> = conn
        .prepare(
            "SELECT p.layout_name, l.source, p.givens, p.solution FROM book_puzzles b
             JOIN puzzles p ON p.id = b.puzzle_id JOIN layouts l ON l.id = p.layout_id
             WHERE b.book_id = (SELECT max(id) FROM books) ORDER BY b.number",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(|row| {
            let (layout_name, source, givens, solution) = row.unwrap();
            let layout = Layout::from_source(Path::new(&format!("{layout_name}.toml")), source).unwrap();
            StoredPuzzle { layout, givens, solution }
        })
        .collect();
    assert_eq!(puzzles.len(), count, "the book holds the puzzles asked for");
    (puzzles, pdf)
}

/// The whole check for one layout; panics with every difference found.
fn check(name: &str) {
    let (puzzles, pdf) = print_book(name);
    let pages = read_pdf(&pdf);
    let (puzzle_slots, answer_slots) = book_slots(&pages);
    let numbers = |slots: &[Slot]| slots.iter().map(|s| s.number).collect::<Vec<_>>();
    let expected: Vec<usize> = (1..=puzzles.len()).collect();
    assert_eq!(numbers(&puzzle_slots), expected, "{name}: the puzzle pages' labels, in order");
    assert_eq!(numbers(&answer_slots), expected, "{name}: the answer pages' labels, in order");
    let bold_font = puzzle_slots[0].label.font.clone();

    let mut errors = Vec::new();
    for ((p, puzzle), answer) in puzzles.iter().zip(&puzzle_slots).zip(&answer_slots) {
        errors.extend(check_puzzle(&p.layout, &p.givens, &p.solution, puzzle, answer, &bold_font));
    }
    let shown = |s: String| s.chars().filter(|&c| c != '.').count();
    let givens: usize = puzzles.iter().map(|p| shown(expected_puzzle(&p.layout, &p.givens))).sum();
    let answers: usize = puzzles.iter().map(|p| shown(expected_answer(&p.layout, &p.givens, &p.solution))).sum();
    println!("{name}: {} puzzles; {givens} puzzle-page glyphs and {answers} answer glyphs expected", puzzles.len());

    // The comparison can fail: the first puzzle's printed grid against its
    // stored givens with one clue changed, one removed and one added.
    let first = &puzzles[0];
    if let Ok(grid) = read_grid(&first.layout, &puzzle_slots[0], &bold_font) {
        for tampered in tamperings(&expected_puzzle(&first.layout, &first.givens)) {
            assert!(compare("tampered", &grid.symbols, &tampered).is_err(), "{name}: a tampered expectation went unnoticed: {tampered}");
        }
    }
    if let Drawn::Nonogram { width, height } = drawn(&first.layout) {
        nonogram_tamperings(width, height, &first.solution, &puzzle_slots[0], &answer_slots[0]);
    }
    // Killer: a changed sum and a missing outline side would be caught too.
    if !cages_of(&first.layout).is_empty() {
        let sums = read_cage_sums(&first.layout, &puzzle_slots[0]).unwrap();
        let mut wrong = expected_cage_sums(&first.layout);
        wrong[0].1 += 1;
        assert_ne!(sums, wrong, "{name}: a changed cage sum went unnoticed");
        let sides = read_cage_sides(&first.layout, &puzzle_slots[0]).unwrap();
        let fewer = expected_cage_sides(&first.layout)[1..].to_vec();
        assert_ne!(sides, fewer, "{name}: a missing cage side went unnoticed");
        println!("{name}: {} cage sums and {} outline sides read on the first page", sums.len(), sides.len());
    }
    assert!(errors.is_empty(), "{name}: the printed book differs from the catalog:\n{}", errors.join("\n"));
    let _ = std::fs::remove_dir_all(pdf.parent().unwrap());
}

/// The expectation changed three ways: its first clue replaced by another
/// symbol, its first clue dropped, a clue added in its first empty cell.
fn tamperings(expected: &str) -> Vec<String> {
    let chars: Vec<char> = expected.chars().collect();
    let mut out = Vec::new();
    if let Some(i) = chars.iter().position(|&c| c != '.') {
        let mut changed = chars.clone();
        changed[i] = if chars[i] == '1' { '2' } else { '1' };
        out.push(changed.iter().collect());
        changed[i] = '.';
        out.push(changed.iter().collect());
    }
    if let Some(i) = chars.iter().position(|&c| c == '.') {
        let mut added = chars.clone();
        added[i] = '1';
        out.push(added.iter().collect());
    }
    out
}

macro_rules! layouts {
    ($($test:ident => $name:literal,)*) => {
        $(
            #[test]
            fn $test() {
                check($name);
            }
        )*
        const TESTED: &[&str] = &[$($name),*];
    };
}

layouts! {
    atlantis_9 => "atlantis-9",
    atlantis_random_9 => "atlantis-random-9",
    butterfly => "butterfly",
    classic_10 => "classic-10",
    classic_12 => "classic-12",
    classic_16 => "classic-16",
    classic_4 => "classic-4",
    classic_6 => "classic-6",
    classic_8 => "classic-8",
    classic_9 => "classic-9",
    diagonal_9 => "diagonal-9",
    even_odd_9 => "even-odd-9",
    even_odd_random_9 => "even-odd-random-9",
    flower => "flower",
    islands_9 => "islands-9",
    islands_random_9 => "islands-random-9",
    jigsaw_9 => "jigsaw-9",
    jigsaw_random_6 => "jigsaw-random-6",
    jigsaw_random_8 => "jigsaw-random-8",
    jigsaw_random_9 => "jigsaw-random-9",
    nonogram_10x10 => "nonogram-10x10",
    nonogram_15x15 => "nonogram-15x15",
    nonogram_15x20 => "nonogram-15x20",
    nonogram_20x20 => "nonogram-20x20",
    nonogram_20x30 => "nonogram-20x30",
    nonogram_25x25 => "nonogram-25x25",
    nonogram_30x30 => "nonogram-30x30",
    nonogram_5x5 => "nonogram-5x5",
    killer_9 => "killer-9",
    pie_12 => "pie-12",
    samurai => "samurai",
    slitherlink_10x10 => "slitherlink-10x10",
    slitherlink_15x15 => "slitherlink-15x15",
    slitherlink_20x20 => "slitherlink-20x20",
    slitherlink_7x7 => "slitherlink-7x7",
    snake_17 => "snake-17",
    sohei => "sohei",
    stars_stripes_12 => "stars-stripes-12",
    sudoku_mix => "sudoku-mix",
    triathlon => "triathlon",
    tridoku => "tridoku",
    trividoku_9 => "trividoku-9",
    twodoku => "twodoku",
    windmill => "windmill",
    windoku_9 => "windoku-9",
    wordoku_9 => "wordoku-9",
}

/// Shipped layouts whose books `book` refuses at the default trim
/// (8.5x11 in, the widest KDP allows): a 40×40 nonogram. Its pages are
/// sized for the book's own clues, and the 8 pictures of 40×40 tried had
/// 6 to 8 numbers in their longest row clue: 46 cells or more across a
/// line of 549 pt (8.5 in less the 0.375 in gutter and the 0.5 in margin),
/// cells of 549/46 = 11.9 pt at most, clue numbers of 0.55 × 11.9 = 6.6 pt,
/// under the 7 pt minimum (a 7 pt number needs 12.7 pt cells: 43 across,
/// row clues of 3 numbers at most). Read here if that changes (`--ignored`).
const REFUSED: &[&str] = &["nonogram-40x40"];

#[test]
#[ignore = "book refuses nonogram-40x40 at 8.5x11: 46+ cells across 549 pt give clue numbers under 7 pt (see REFUSED)"]
fn nonogram_40x40() {
    check("nonogram-40x40");
}

#[test]
fn every_shipped_layout_is_checked() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    let mut shipped: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().to_str()?.strip_suffix(".toml").map(str::to_string))
        .collect();
    shipped.sort();
    let mut tested: Vec<String> = TESTED.iter().chain(REFUSED).map(|s| s.to_string()).collect();
    tested.sort();
    assert_eq!(tested, shipped, "add a line to the layouts! list for every layout in layouts/");
}

// ----------------------------------------------- the check itself can fail

fn text(s: &str, (x, y): (f32, f32), size: f32, font: &[u8]) -> Text {
    // A centred glyph 0.6 em wide, its centre at (x, y).
    let width = 0.6 * size * s.chars().count() as f32;
    Text { text: s.into(), x: x - width / 2.0, y: y - size * CAP_HEIGHT / 2.0, width, size, font: font.to_vec(), grey: 0.0 }
}

/// A hand-made 4×4 grid page read back: the right glyphs in the right
/// cells pass; a glyph one cell over, a glyph between cells, a missing
/// glyph and a tampered expectation all fail.
#[test]
fn the_comparison_catches_misplaced_missing_and_wrong_glyphs() {
    let layout = Layout::load(&format!("{}/layouts/classic-4.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let (left, top, cell) = (100.0, 500.0, 40.0);
    let outline = |points: Vec<(f32, f32)>| Shape { points, filled: false, dashed: false };
    let mut shapes = Vec::new();
    for k in 0..=4 {
        let k = k as f32 * cell;
        shapes.push(outline(vec![(left, top - k), (left + 4.0 * cell, top - k)]));
        shapes.push(outline(vec![(left + k, top), (left + k, top - 4.0 * cell)]));
    }
    let centre = |i: usize| (left + ((i % 4) as f32 + 0.5) * cell, top - ((i / 4) as f32 + 0.5) * cell);
    let givens = "1..4.4....2.3..1";
    let glyphs: Vec<Text> =
        givens.chars().enumerate().filter(|&(_, c)| c != '.').map(|(i, c)| text(&c.to_string(), centre(i), 24.0, b"B")).collect();
    let label = text("Puzzle 1", (left + 20.0, top + 15.0), 10.0, b"B");
    let slot = |texts: Vec<Text>| Slot { number: 1, page: 3, label: label.clone(), texts, shapes: shapes.clone() };

    let grid = read_grid(&layout, &slot(glyphs.clone()), b"B").unwrap();
    assert_eq!(grid.symbols, givens);
    compare("as printed", &grid.symbols, givens).unwrap();
    for tampered in tamperings(givens) {
        assert!(compare("tampered", &grid.symbols, &tampered).is_err(), "{tampered}");
    }

    let mut moved = glyphs.clone();
    moved[0] = text("1", centre(1), 24.0, b"B");
    let err = compare("moved", &read_grid(&layout, &slot(moved), b"B").unwrap().symbols, givens).unwrap_err();
    assert!(err.contains("cell 0: printed '.', stored '1'") && err.contains("cell 1: printed '1', stored '.'"), "{err}");

    let mut between = glyphs.clone();
    between[0] = text("1", (left + cell, top - cell / 2.0), 24.0, b"B");
    assert!(read_grid(&layout, &slot(between), b"B").unwrap_err().contains("is in no cell"));

    let missing = compare("missing", &read_grid(&layout, &slot(glyphs[1..].to_vec()), b"B").unwrap().symbols, givens).unwrap_err();
    assert!(missing.contains("1 cells differ"), "{missing}");

    let regular: Vec<Text> = glyphs.iter().map(|g| Text { font: b"R".to_vec(), ..g.clone() }).collect();
    let grid = read_grid(&layout, &slot(regular), b"B").unwrap();
    assert!(compare("bold", &bold_mask(&grid.bold), &expected_bold(&layout, givens, false)).is_err());

    // The star prints as ★ and the pie's symbols as numbers, nothing else.
    let stars = Layout::load(&format!("{}/layouts/stars-stripes-12.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert_eq!(stored_symbol(&stars, "★"), Ok('*'));
    assert!(stored_symbol(&stars, "*").is_err());
    let pie = Layout::load(&format!("{}/layouts/pie-12.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert_eq!((stored_symbol(&pie, "7"), stored_symbol(&pie, "12")), (Ok('7'), Ok('C')));
    assert!(stored_symbol(&pie, "C").is_err());

    // A Slitherlink 0 is a clue that must print; a sudoku 0 is an empty cell.
    let loops = Layout::load(&format!("{}/layouts/slitherlink-7x7.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert_eq!(expected_puzzle(&loops, "0.3"), "0.3");
    assert_eq!(expected_puzzle(&layout, "0.3"), "..3");
    assert!(compare("dropped 0", "..3", &expected_puzzle(&loops, "0.3")).is_err());
}

#[test]
fn to_unicode_maps_read_chars_and_ranges() {
    let cmap = "2 beginbfchar\n<0014> <0031>\n<0B2A> <2605>\nendbfchar\n1 beginbfrange\n<0024> <0026> <0041>\nendbfrange\n";
    let map = parse_to_unicode(cmap);
    assert_eq!(map[&0x14], "1");
    assert_eq!(map[&0x0B2A], "★");
    assert_eq!((map[&0x24].as_str(), map[&0x26].as_str()), ("A", "C"));
}

// ------------------------------------------------- a whole nonogram book

/// A test picture, 160×160 grey: a ring (its radius and centre from
/// `k`), a bar and a disc, black on white, saved as a PNG.
fn picture_png(path: &Path, k: usize) {
    let (w, h) = (160u32, 160u32);
    let (cx, cy) = (60.0 + (k % 5) as f32 * 9.0, 70.0 + (k % 3) as f32 * 10.0);
    let (outer, inner) = (45.0 + (k % 4) as f32 * 6.0, 25.0 + (k % 3) as f32 * 5.0);
    let bar = 20 + (k as u32 * 37) % 110;
    let pixels: Vec<u8> = (0..h)
        .flat_map(|y| {
            (0..w).map(move |x| {
                let d = (x as f32 - cx).hypot(y as f32 - cy);
                let ring = d < outer && d > inner;
                let bar = y >= bar && y < bar + 14 && x > 10 + (k as u32 % 7) * 5;
                let disc = (x as f32 - 130.0).hypot(y as f32 - 130.0) < 12.0 + (k % 4) as f32 * 3.0;
                if ring ^ bar || disc { 0u8 } else { 255 }
            })
        })
        .collect();
    let mut encoder = png::Encoder::new(std::fs::File::create(path).unwrap(), w, h);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
}

/// A nonogram book of mixed sizes (10×10, 15×15, 20×20, 15×20) with
/// `pictures` puzzles made from pictures and a cover: the book and its
/// cover pass preflight, every puzzle page and answer page reads back as
/// the catalog holds it, and the independent checker
/// (`nonogram::check`) finds exactly one solution for every puzzle, the
/// stored one.
fn nonogram_book(name: &str, per_size: usize, pictures: usize) {
    let dir = workdir(name);
    let db = dir.join("puzzles.db");
    let db = db.to_str().unwrap();
    let sizes = ["nonogram-10x10", "nonogram-15x15", "nonogram-20x20", "nonogram-15x20"];
    for k in 0..pictures {
        let png = dir.join(format!("picture-{k}.png"));
        picture_png(&png, k);
        ok(&["generate", sizes[k % sizes.len()], "--from", png.to_str().unwrap(), "--db", db]);
    }
    ok(&["validate", "--db", db]);
    let conn = Connection::open(db).unwrap();
    let easy = |layout: &str| -> usize {
        conn.query_row("SELECT count(*) FROM puzzles WHERE layout_name = ?1 AND coalesce(technique_level, level) = 'easy'", [layout], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap() as usize
    };
    // A book spreads its count evenly over layouts and levels: it takes
    // easy puzzles (all generated ones are, and most pictures), so each
    // size is topped up with generated ones to the same number.
    let each = per_size + pictures.div_ceil(sizes.len());
    let mut generated = 0;
    for size in sizes {
        let more = each.saturating_sub(easy(size));
        if more > 0 {
            ok(&["generate", size, "--count", &more.to_string(), "--seed", "11", "--db", db]);
            generated += more;
        }
    }
    let validated = ok(&["validate", "--db", db]);
    assert!(validated.contains(&format!("{generated} ok, 0 failed")), "{validated}");
    let from_pictures: i64 = conn.query_row("SELECT count(*) FROM puzzles WHERE source = 'picture'", [], |r| r.get(0)).unwrap();
    assert_eq!(from_pictures as usize, pictures, "every picture made a stored puzzle");
    let total = sizes.iter().map(|s| easy(s)).min().unwrap() * sizes.len();
    let levels = ["easy"];
    let pdf = dir.join("book.pdf");
    ok(&[
        "book",
        "Nonogram Pictures",
        "--layout",
        &sizes.join(","),
        "--count",
        &total.to_string(),
        "--levels",
        &levels.join(","),
        "--allow-reprint",
        "--include-imported",
        "--author",
        "Test Author",
        "--cover",
        "--db",
        db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let cover = dir.join("book-cover.pdf");
    let preflight = ok(&["preflight", pdf.to_str().unwrap()]);
    println!("{name}: {preflight}");
    let page_count = Document::load(&pdf).unwrap().get_pages().len().to_string();
    let cover_check = ok(&["preflight", "--cover", "--pages", &page_count, "--paper", "white", cover.to_str().unwrap()]);
    println!("{name} cover: {cover_check}");

    let rows: Vec<(String, String, String, String)> = conn
        .prepare(
            "SELECT p.layout_name, l.source, p.givens, p.solution FROM book_puzzles b
             JOIN puzzles p ON p.id = b.puzzle_id JOIN layouts l ON l.id = p.layout_id
             WHERE b.book_id = (SELECT max(id) FROM books) ORDER BY b.number",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), total, "the book holds the puzzles asked for");
    // Each puzzle's source and, for one made from a picture, the picture's file.
    let sources: Vec<(String, Option<String>)> = conn
        .prepare(
            "SELECT p.source, p.credit_source FROM book_puzzles b JOIN puzzles p ON p.id = b.puzzle_id
             WHERE b.book_id = (SELECT max(id) FROM books) ORDER BY b.number",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let picture_rows: i64 = conn
        .query_row(
            "SELECT count(*) FROM book_puzzles b JOIN puzzles p ON p.id = b.puzzle_id
             WHERE b.book_id = (SELECT max(id) FROM books) AND p.source = 'picture'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(picture_rows > 0, "the book holds puzzles made from pictures");
    let pages = read_pdf(&pdf);
    let (puzzle_slots, answer_slots) = book_slots(&pages);
    assert_eq!(puzzle_slots.len(), total, "puzzle slots");
    assert_eq!(answer_slots.len(), total, "answer slots");
    picture_chapter(&pages, &puzzle_slots, &sources);
    let mut errors = Vec::new();
    for (((layout_name, source, givens, solution), puzzle), answer) in rows.iter().zip(&puzzle_slots).zip(&answer_slots) {
        let layout = Layout::from_source(Path::new(&format!("{layout_name}.toml")), source.clone()).unwrap();
        let Drawn::Nonogram { width, height } = drawn(&layout) else { panic!("{layout_name} is no nonogram") };
        errors.extend(check_nonogram(width, height, givens, solution, puzzle, answer));
        // The independent checker, from the stored clues alone.
        let lines = |part: &str| -> Vec<Vec<usize>> {
            part.split('/').map(|l| if l == "0" { Vec::new() } else { l.split('.').map(|n| n.parse().unwrap()).collect() }).collect()
        };
        let (r, c) = givens.split_once('|').unwrap();
        let p = puzzlebook::nonogram::Puzzle { width, height, rows: lines(r), cols: lines(c) };
        match puzzlebook::nonogram::check::solutions(&p, 50_000_000) {
            Some((1, Some(found))) => {
                let found: String = found.iter().map(|&on| if on { '#' } else { '.' }).collect();
                if &found != solution {
                    errors.push(format!("puzzle {}: the checker's solution is not the stored one", puzzle.number));
                }
            }
            other => errors.push(format!("puzzle {}: the checker finds {other:?}, not one solution", puzzle.number)),
        }
    }
    assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
    println!("{name}: {total} puzzles ({picture_rows} from pictures) read back and checked unique");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The chapter of puzzles made from pictures, as printed: after every
/// generated puzzle; each of its pages headed "From pictures" (the
/// chapter's heading on its first page, the running head after) and no
/// other puzzle page; each of its puzzles labelled with its picture's
/// name; the contents naming it with the number of its first puzzle.
/// `sources`: each puzzle's stored source and credited file, in book order.
fn picture_chapter(pages: &[PageItems], puzzle_slots: &[Slot], sources: &[(String, Option<String>)]) {
    const HEADING: &str = "From pictures";
    let from_picture: Vec<bool> = sources.iter().map(|(source, _)| source == "picture").collect();
    let first = from_picture.iter().position(|&p| p).expect("the book holds puzzles made from pictures");
    assert!(from_picture[first..].iter().all(|&p| p), "the puzzles made from pictures come after all the others: {from_picture:?}");
    let says = |page: usize, text: &str| pages[page - 1].texts.iter().any(|t| t.text.contains(text));
    for (slot, ((_, file), &picture)) in puzzle_slots.iter().zip(sources.iter().zip(&from_picture)) {
        assert_eq!(
            says(slot.page, HEADING),
            picture,
            "puzzle {} (page {}): headed {HEADING:?} exactly when made from a picture",
            slot.number,
            slot.page
        );
        if picture {
            let file = file.as_deref().expect("a picture-made puzzle credits its picture");
            let stem = Path::new(file).file_stem().unwrap().to_str().unwrap();
            let label = format!("Puzzle {} · Easy · {stem}", slot.number);
            let printed: String =
                pages[slot.page - 1].texts.iter().filter(|t| (t.y - slot.label.y).abs() < 0.5).map(|t| t.text.as_str()).collect();
            assert!(
                printed.contains(&format!("· Easy · {stem}")),
                "puzzle {}: its label names its picture ({label}), printed {printed:?}",
                slot.number
            );
        }
    }
    let first_page = puzzle_slots[first].page;
    assert!(pages[first_page - 1].texts.iter().any(|t| t.text == HEADING), "page {first_page} opens the chapter with its heading");
    let entry = format!("{HEADING} (from puzzle {})", first + 1);
    let contents = pages.iter().position(|p| p.texts.iter().any(|t| t.text == "Contents")).expect("a contents page");
    assert!(pages[contents].texts.iter().any(|t| t.text == entry), "the contents (page {}) list {entry:?}", contents + 1);
    println!("the chapter {HEADING:?}: puzzles {} to {}, from page {first_page}", first + 1, sources.len());
}

/// The CI version of the done-when book: 20 puzzles, 4 of them pictures.
#[test]
fn nonogram_book_of_mixed_sizes_and_pictures() {
    nonogram_book("nonogram-book-20", 4, 4);
}

/// The done-when book: 60 puzzles (12 of each size, 12 from pictures).
/// `cargo test --test printed nonogram_book_of_60 -- --ignored`
#[test]
#[ignore = "slow: the 60-puzzle nonogram book (docs/nonogram.md)"]
fn nonogram_book_of_60() {
    nonogram_book("nonogram-book-60", 12, 12);
}
