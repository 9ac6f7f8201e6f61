//! From a layout file's text to a checked `Layout` and its `Model`; every
//! problem is reported with the file, the line where known, and the fix.

use super::cages::{cage_rule, fixed_cages};
use super::extras::{extra_houses, magic_five, random_parts};
use super::file::LayoutFile;
use super::marks::{check_houses, mark_kinds};
use super::picture::{SourceSpot, parse_picture};
use super::shapes::build_frame;
use super::{CellLayout, Layout, LayoutError, regions};
use crate::model::{Alphabet, House, Model, SymbolSet};
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// Cells that must differ as relations: one per pair and symbol.
fn differ(pairs: &[(usize, usize)], symbols: usize) -> Vec<crate::model::Conflict> {
    let mut out = Vec::with_capacity(pairs.len() * symbols);
    for &(a, b) in pairs {
        for s in 0..symbols as u8 {
            out.push(crate::model::Conflict { a, a_symbols: SymbolSet::single(s), b, b_symbols: SymbolSet::single(s) });
        }
    }
    out
}

/// The largest grid side: 16×16 makes a minimal puzzle in about 0.1 s; an
/// 18×18 or 20×20 grid made none in a minute of trying, so larger sizes
/// are refused rather than left to run all night.
const MAX_SIZE: usize = 16;

/// A family's part of a layout file, as its reader made it: the part only
/// that family reads, and the rules the reader is told (the file's own,
/// or the family's words where it gives none).
pub(super) struct Part {
    pub kind: super::Kind,
    pub rules: String,
}

/// A family's reader of its part of a layout file (`file`, read from
/// `source`); its errors name the file's line where known.
type ReadPart = fn(&Path, &str, &LayoutFile) -> Result<Part, LayoutError>;

/// How a family's part of a layout file is read.
#[derive(Clone, Copy)]
enum Reader {
    /// By the family's own reader.
    Own(ReadPart),
    /// As a plain board ([`board_part`]): `size` columns, `rows` rows (as
    /// many as columns when absent), each side within `sides` (the
    /// family's range), and the file's `rules`; nothing more.
    Board { sides: (usize, usize) },
}

/// The families whose layouts say a `shape` of their own, each with the
/// reader that decodes its part of the file (as Simon Tatham's games
/// decode their own parameters). A file with no `shape`, or one of the
/// cell shapes ([`CELL_SHAPES`]), is a cell layout.
const READERS: &[(&str, Reader)] = &[
    ("loops", Reader::Own(super::loops::read)),
    ("nonogram", Reader::Board { sides: (crate::nonogram::generate::MIN_GEN, crate::nonogram::generate::MAX_GEN) }),
];

/// A plain board's part of a layout file (`Reader::Board`): its size
/// within `sides`, and its `rules`, which the file must give.
fn board_part(shape: &'static str, sides: (usize, usize), path: &Path, source: &str, file: &LayoutFile) -> Result<Part, LayoutError> {
    let cols = *file.size.get_ref();
    let rows = file.rows.unwrap_or(cols);
    let line = || {
        let span = file.size.span();
        Some(SourceSpot { text: source, span: span.clone() }.line_at(span.start))
    };
    let (min, max) = sides;
    if !(min..=max).contains(&cols) || !(min..=max).contains(&rows) {
        return Err(LayoutError {
            file: path.display().to_string(),
            line: line(),
            message: format!("a {cols}×{rows} {shape} board (columns × rows) is out of range ({min} to {max} cells a side)"),
        });
    }
    let Some(rules) = file.rules.clone() else {
        return Err(LayoutError {
            file: path.display().to_string(),
            line: None,
            message: format!("a {shape} layout needs `rules`: how to play, as the reader is told"),
        });
    };
    Ok(Part { rules, kind: super::Kind::Board { shape, board: super::Board { rows, cols } } })
}

/// The shapes of cell layouts (`shape` absent means `"squares"`).
const CELL_SHAPES: &[&str] = &["squares", "pie", "triangle"];

/// Reads a layout file: the words every layout has (id, name, description,
/// rules) here, the rest by its family's reader, chosen by `shape`.
pub fn build(path: &Path, source: String) -> Result<Layout, LayoutError> {
    let file_name = path.display().to_string();
    let err = |line: Option<usize>, message: String| LayoutError { file: file_name.clone(), line, message };
    let line_of = |span: std::ops::Range<usize>| SourceSpot { text: &source, span: span.clone() }.line_at(span.start);

    let file: LayoutFile = toml::from_str(&source).map_err(|e| err(e.span().map(line_of), e.message().trim().to_string()))?;
    super::words::check(&file.words).map_err(|(span, m)| err(Some(line_of(span)), m))?;
    let shape = file.shape.as_ref().map(|s| (s.get_ref().as_str(), s.span()));
    let part = match shape {
        None => cells_part(path, &source, &file)?,
        Some((name, _)) if CELL_SHAPES.contains(&name) => cells_part(path, &source, &file)?,
        Some((name, span)) => match READERS.iter().find(|(shape, _)| *shape == name) {
            Some((_, Reader::Own(read))) => read(path, &source, &file)?,
            Some((shape, Reader::Board { sides })) => board_part(shape, *sides, path, &source, &file)?,
            None => {
                let mut known: Vec<String> = CELL_SHAPES.iter().chain(READERS.iter().map(|(s, _)| s)).map(|s| format!("\"{s}\"")).collect();
                let last = known.pop().unwrap_or_default();
                return Err(err(Some(line_of(span)), format!("shape \"{name}\": expected {} or {last}", known.join(", "))));
            }
        },
    };
    Ok(Layout {
        id: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        path: path.to_path_buf(),
        name: file.reader_name(),
        description: file.description,
        rules: part.rules,
        kind: part.kind,
        source,
    })
}

/// The cell family's reader: symbols in cells under houses, marks,
/// relations, cages (every shape of [`CELL_SHAPES`]).
fn cells_part(path: &Path, source: &str, file: &LayoutFile) -> Result<Part, LayoutError> {
    let file_name = path.display().to_string();
    let err = |line: Option<usize>, message: String| LayoutError { file: file_name.clone(), line, message };
    let spot_of = |span: std::ops::Range<usize>| SourceSpot { text: source, span };
    let line_of = |span: std::ops::Range<usize>| spot_of(span.clone()).line_at(span.start);

    let size = *file.size.get_ref();
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(err(
            Some(line_of(file.size.span())),
            format!("size {size} is out of range (2 to {MAX_SIZE}: larger grids do not generate in reasonable time)"),
        ));
    }
    let alphabet = match &file.symbols {
        None => Alphabet::numeric(size),
        Some(text) => parse_alphabet(text.get_ref()).map_err(|m| err(Some(line_of(text.span())), m))?,
    };
    let counts = symbol_counts(&alphabet, &file.counts).map_err(|m| err(None, m))?;
    let fill: usize = counts.iter().map(|&c| c as usize).sum();
    if fill != size {
        return Err(err(
            None,
            format!(
                "the symbols fill {fill} cells of a house ({} symbols with their counts) but each row, column and region has {size} cells",
                alphabet.len()
            ),
        ));
    }

    let frame = build_frame(file, size, &spot_of, &err)?;
    let geometry = frame.geometry;
    let touching = frame.touching;
    let cell_count = geometry.cell_count();
    let regions_are_boxes = file.regions.is_none() && file.grids.as_ref().is_none_or(|g| g.get_ref().iter().all(|e| e.regions.is_none()));
    let house = |name: String, cells: Vec<usize>| House { name, cells, counts: counts.clone() };
    let mut houses: Vec<House> = frame.houses.into_iter().map(|(name, cells)| house(name, cells)).collect();

    let full_square = geometry.is_full_square(size);
    let square_picture = |what: &str, picture: &Spanned<String>| -> Result<Vec<char>, LayoutError> {
        let spot = spot_of(picture.span());
        if !full_square {
            return Err(err(Some(spot.line_at(picture.span().start)), format!("{what} need a single square grid")));
        }
        Ok(parse_picture(what, picture.get_ref(), size, &spot, &err)?.cells)
    };
    let mut islands = vec![None; cell_count];
    if let Some(picture) = &file.islands {
        let here = Some(line_of(picture.span()));
        let cells = square_picture("islands", picture)?;
        let names = extra_houses(&cells, size).map_err(|m| err(here, format!("islands: {m}")))?;
        for (i, name) in names.iter().enumerate() {
            let members: Vec<usize> = (0..cell_count).filter(|&c| cells[c] == *name).collect();
            members.iter().for_each(|&c| islands[c] = Some(i));
            houses.push(house(format!("island {name}"), members));
        }
        let region_of: Vec<usize> = cells.iter().map(|c| names.iter().position(|n| n == c).unwrap_or(usize::MAX)).collect();
        regions::check(size, &region_of, &names, size).map_err(|m| err(here, format!("islands: {}", m.replace("region", "island"))))?;
    }
    let mut letters = vec![None; cell_count];
    if let Some(picture) = &file.letters {
        let here = Some(line_of(picture.span()));
        let cells = square_picture("letters", picture)?;
        let names = extra_houses(&cells, 1).map_err(|m| err(here, format!("letters: {m}")))?;
        if names.len() != size {
            return Err(err(here, format!("letters: {} lettered cells, expected {size} (one per symbol)", names.len())));
        }
        let members: Vec<usize> = (0..cell_count).filter(|&c| cells[c] != '.').collect();
        members.iter().for_each(|&c| letters[c] = Some(cells[c]));
        houses.push(house("lettered cells".into(), members));
    }

    let mut custom_marks = BTreeMap::new();
    for (letter, symbols) in &file.mark_symbols {
        let mut chars = letter.chars();
        let (Some(l), None) = (chars.next(), chars.next()) else {
            return Err(err(None, format!("mark_symbols: '{letter}' must be a single letter")));
        };
        let mut set = SymbolSet::EMPTY;
        for c in symbols.chars() {
            let s = alphabet
                .symbol_of(c)
                .ok_or_else(|| err(None, format!("mark_symbols: '{c}' in mark {l} is not a symbol of this layout")))?;
            set.0 |= 1 << s;
        }
        custom_marks.insert(l, set);
    }
    let mark_kinds = mark_kinds(&alphabet, &custom_marks);
    let mut marks = vec![None; cell_count];
    let mut allowed = vec![SymbolSet::all(alphabet.len()); cell_count];
    if let Some(picture) = &file.marks {
        let spot = spot_of(picture.span());
        let pic = square_picture("marks", picture)?;
        for (i, &c) in pic.iter().enumerate() {
            if c == '.' {
                continue;
            }
            let Some(kind) = mark_kinds.get(&c) else {
                let known: String = mark_kinds.keys().collect();
                return Err(err(
                    Some(spot.line_at(picture.span().start)),
                    format!(
                        "marks picture: {} has unknown mark '{c}' (known: {known}; define others under mark_symbols)",
                        geometry.cell_name(i)
                    ),
                ));
            };
            if kind.symbols.is_empty() {
                return Err(err(None, format!("mark '{c}' allows no symbol of this alphabet")));
            }
            marks[i] = Some(c);
            allowed[i] = kind.symbols;
        }
        check_houses(&houses, &marks, &mark_kinds).map_err(|m| err(Some(spot.line_at(picture.span().start)), m))?;
    }

    let mut snake_path = Vec::new();
    if let Some(path_value) = &file.snake_path {
        for &[r, c] in path_value.get_ref() {
            if !(1..=size).contains(&r) || !(1..=size).contains(&c) {
                return Err(err(
                    Some(line_of(path_value.span())),
                    format!("snake_path: [{r}, {c}] is outside the {size}×{size} grid (rows and columns count from 1)"),
                ));
            }
            snake_path.push((r - 1, c - 1));
        }
    }

    let level_bands = match &file.levels {
        None => crate::score::DEFAULT_LEVEL_BANDS,
        Some(levels) => match levels.get_ref().as_slice() {
            &[a, b, c] if a < b && b < c => [a, b, c],
            other => {
                return Err(err(
                    Some(line_of(levels.span())),
                    format!("levels {other:?}: expected three increasing scores, the upper limits of easy, medium and hard"),
                ));
            }
        },
    };
    let mut random = random_parts(file, full_square, &mark_kinds, &marks, &islands).map_err(|(line, m)| err(line.map(line_of), m))?;
    let cell_names: Vec<String> = (0..cell_count).map(|i| geometry.cell_name(i)).collect();
    let cages = fixed_cages(file, size, full_square, &alphabet, &cell_names).map_err(|(line, m)| err(line.map(line_of), m))?;
    random.cages = cage_rule(file, size, full_square, &alphabet).map_err(|(line, m)| err(line.map(line_of), m))?;
    // Relabelling a solution keeps it a solution only when every symbol
    // plays the same part.
    let interchangeable = full_square
        && marks.iter().all(Option::is_none)
        && letters.iter().all(Option::is_none)
        && !file.magic_five
        && random.is_empty()
        && cages.is_empty()
        && file.counts.is_empty();
    if file.word_in_row && !interchangeable {
        return Err(err(
            None,
            "word_in_row needs a single square grid whose symbols are interchangeable: no marks, letters, magic_five, cages, random parts or counts"
                .into(),
        ));
    }
    let mut conflicts = if file.magic_five { magic_five(&alphabet, &geometry).map_err(|m| err(None, m))? } else { Vec::new() };
    conflicts.extend(differ(&touching, alphabet.len()));
    let rules = file
        .rules
        .clone()
        .unwrap_or_else(|| default_rules(&alphabet, regions_are_boxes, !frame.diagonals.is_empty(), file.marks.is_some()));
    let symbol_names = (0..alphabet.len()).map(|s| geometry.symbol_name(&alphabet, s as _)).collect();
    let model = Model { alphabet: alphabet.clone(), cell_names, symbol_names, houses, allowed, conflicts, cages };
    let cells = CellLayout {
        size,
        alphabet,
        geometry,
        regions: frame.regions,
        regions_are_boxes,
        diagonals: frame.diagonals,
        islands,
        letters,
        magic_five: file.magic_five,
        random,
        marks,
        mark_kinds,
        snake_path,
        word_in_row: file.word_in_row,
        level_bands,
        model,
    };
    Ok(Part { rules, kind: super::Kind::Cells(Box::new(cells)) })
}

fn parse_alphabet(text: &str) -> Result<Alphabet, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > 32 {
        return Err(format!("symbols: {} symbols, at most 32 are supported", chars.len()));
    }
    for (i, &c) in chars.iter().enumerate() {
        if c == '.' || c == '0' || c.is_whitespace() {
            return Err(format!("symbols: '{c}' cannot be a symbol ('.' and '0' mean an empty cell)"));
        }
        if c.is_ascii_lowercase() {
            return Err(format!("symbols: use upper-case letters ('{}' not '{c}')", c.to_ascii_uppercase()));
        }
        if chars[..i].contains(&c) {
            return Err(format!("symbols: '{c}' appears twice"));
        }
    }
    Ok(Alphabet::from_chars(chars))
}

fn symbol_counts(alphabet: &Alphabet, counts: &BTreeMap<String, u8>) -> Result<Vec<u8>, String> {
    let mut out = vec![1u8; alphabet.len()];
    for (key, &count) in counts {
        let mut chars = key.chars();
        let symbol = match (chars.next(), chars.next()) {
            (Some(c), None) => alphabet.symbol_of(c),
            _ => None,
        };
        let Some(s) = symbol else {
            return Err(format!("counts: '{key}' is not a symbol of this layout (symbols: {})", alphabet.text()));
        };
        if count == 0 {
            return Err(format!("counts: symbol '{key}' has count 0; remove it from `symbols` instead"));
        }
        out[s as usize] = count;
    }
    Ok(out)
}

pub(super) fn parse_boxes(text: &str, size: usize) -> Result<(usize, usize), String> {
    let parsed = text.split_once(['x', '×']).and_then(|(h, w)| Some((h.trim().parse::<usize>().ok()?, w.trim().parse::<usize>().ok()?)));
    match parsed {
        Some((h, w)) if h > 0 && w > 0 && h * w == size && size.is_multiple_of(h) => Ok((h, w)),
        Some((h, w)) => Err(format!("boxes \"{text}\": {h}×{w} boxes hold {} cells but a {size}×{size} grid needs boxes of {size}", h * w)),
        None => Err(format!("boxes \"{text}\": expected HEIGHTxWIDTH, e.g. \"3x3\" or \"2x3\"")),
    }
}

fn default_rules(alphabet: &Alphabet, boxes: bool, diagonals: bool, marks: bool) -> String {
    let first = alphabet.char_of(0);
    let last = alphabet.char_of((alphabet.len() - 1) as u8);
    // Readers know digits; letters past 9 are named as letters.
    let symbols = match alphabet.len() {
        n if n > 9 && alphabet.char_of(9) == 'A' => format!("the digits {first}–9 and the letters A–{last}"),
        _ => format!("{first}–{last}"),
    };
    let mut text = format!("Place {symbols} once in every row, column and {}", if boxes { "box" } else { "outlined region" });
    if diagonals {
        text.push_str(" and on both long diagonals");
    }
    text.push('.');
    if marks {
        text.push_str(" A cell marked E holds an even digit, a cell marked O an odd digit.");
    }
    text
}
