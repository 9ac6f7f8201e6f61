//! From a layout file's text to a checked `Layout` and its `Model`; every
//! problem is reported with the file, the line where known, and the fix.

use super::file::LayoutFile;
use super::marks::{check_houses, mark_kinds};
use super::picture::{parse_picture, SourceSpot};
use super::{regions, Layout, LayoutError};
use crate::model::{Alphabet, House, Model, SymbolSet};
use std::collections::BTreeMap;
use std::path::Path;

/// Alphabets are `SymbolSet`s (32 bits); grids up to 25×25 are supported.
const MAX_SIZE: usize = 25;

pub fn build(path: &Path, source: String) -> Result<Layout, LayoutError> {
    let file_name = path.display().to_string();
    let err = |line: Option<usize>, message: String| LayoutError { file: file_name.clone(), line, message };
    let spot_of = |span: std::ops::Range<usize>| SourceSpot { text: &source, span };
    let line_of = |span: std::ops::Range<usize>| spot_of(span.clone()).line_at(span.start);

    let file: LayoutFile = toml::from_str(&source).map_err(|e| err(e.span().map(line_of), e.message().trim().to_string()))?;

    let size = *file.size.get_ref();
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(err(Some(line_of(file.size.span())), format!("size {size} is out of range (2 to {MAX_SIZE})")));
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
            format!("the symbols fill {fill} cells of a house ({} symbols with their counts) but each row, column and region has {size} cells", alphabet.len()),
        ));
    }

    let (region_of, region_names, regions_are_boxes) = match (&file.boxes, &file.regions) {
        (Some(_), Some(regions)) => return Err(err(Some(line_of(regions.span())), "give either `boxes` or `regions`, not both".into())),
        (None, None) => return Err(err(None, "missing `boxes` (e.g. boxes = \"3x3\") or a `regions` picture".into())),
        (Some(boxes), None) => {
            let (h, w) = parse_boxes(boxes.get_ref(), size).map_err(|m| err(Some(line_of(boxes.span())), m))?;
            let names = (0..size).map(|i| char::from_digit(i as u32 + 1, 36).unwrap_or('?')).collect::<Vec<_>>();
            (regions::boxes(size, h, w), names, true)
        }
        (None, Some(picture)) => {
            let spot = spot_of(picture.span());
            let pic = parse_picture("regions", picture.get_ref(), size, &spot, &err)?;
            let mut names: Vec<char> = Vec::new();
            let region_of = pic
                .cells
                .iter()
                .map(|c| names.iter().position(|n| n == c).unwrap_or_else(|| { names.push(*c); names.len() - 1 }))
                .collect::<Vec<_>>();
            let here = Some(spot.line_at(picture.span().start));
            if names.len() != size {
                return Err(err(here, format!("regions picture has {} different letters, expected {size} regions", names.len())));
            }
            regions::check(size, &region_of, &names, size).map_err(|m| err(here, m))?;
            (region_of, names, false)
        }
    };

    let houses = build_houses(size, &counts, &region_of, &region_names, regions_are_boxes, file.diagonals);

    let mut custom_marks = BTreeMap::new();
    for (letter, symbols) in &file.mark_symbols {
        let mut chars = letter.chars();
        let (Some(l), None) = (chars.next(), chars.next()) else {
            return Err(err(None, format!("mark_symbols: '{letter}' must be a single letter")));
        };
        let mut set = SymbolSet::EMPTY;
        for c in symbols.chars() {
            let s = alphabet.symbol_of(c).ok_or_else(|| err(None, format!("mark_symbols: '{c}' in mark {l} is not a symbol of this layout")))?;
            set.0 |= 1 << s;
        }
        custom_marks.insert(l, set);
    }
    let mark_kinds = mark_kinds(&alphabet, &custom_marks);
    let cell_count = size * size;
    let mut marks = vec![None; cell_count];
    let mut allowed = vec![SymbolSet::all(alphabet.len()); cell_count];
    if let Some(picture) = &file.marks {
        let spot = spot_of(picture.span());
        let pic = parse_picture("marks", picture.get_ref(), size, &spot, &err)?;
        for (i, &c) in pic.cells.iter().enumerate() {
            if c == '.' {
                continue;
            }
            let Some(kind) = mark_kinds.get(&c) else {
                let known: String = mark_kinds.keys().collect();
                return Err(err(
                    Some(spot.line_at(picture.span().start)),
                    format!("marks picture: {} has unknown mark '{c}' (known: {known}; define others under mark_symbols)", Layout::cell_name(i / size, i % size)),
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
                return Err(err(Some(line_of(path_value.span())), format!("snake_path: [{r}, {c}] is outside the {size}×{size} grid (rows and columns count from 1)")));
            }
            snake_path.push((r - 1, c - 1));
        }
    }

    let level_bands = match &file.levels {
        None => crate::score::DEFAULT_LEVEL_BANDS,
        Some(levels) => match levels.get_ref().as_slice() {
            &[a, b, c] if a < b && b < c => [a, b, c],
            other => return Err(err(Some(line_of(levels.span())), format!("levels {other:?}: expected three increasing scores, the upper limits of easy, medium and hard"))),
        },
    };
    let rules = file.rules.clone().unwrap_or_else(|| default_rules(&alphabet, regions_are_boxes, file.diagonals, file.marks.is_some()));
    let cell_names = (0..cell_count).map(|i| Layout::cell_name(i / size, i % size)).collect();
    let model = Model { alphabet: alphabet.clone(), cell_names, houses, allowed, conflicts: Vec::new() };
    Ok(Layout {
        id: path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        path: path.to_path_buf(),
        source,
        description: file.description,
        rules,
        size,
        alphabet,
        regions: region_of,
        regions_are_boxes,
        diagonals: file.diagonals,
        marks,
        mark_kinds,
        snake_path,
        level_bands,
        model,
    })
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

fn parse_boxes(text: &str, size: usize) -> Result<(usize, usize), String> {
    let parsed = text.split_once(['x', '×']).and_then(|(h, w)| Some((h.trim().parse::<usize>().ok()?, w.trim().parse::<usize>().ok()?)));
    match parsed {
        Some((h, w)) if h > 0 && w > 0 && h * w == size && size % h == 0 => Ok((h, w)),
        Some((h, w)) => Err(format!("boxes \"{text}\": {h}×{w} boxes hold {} cells but a {size}×{size} grid needs boxes of {size}", h * w)),
        None => Err(format!("boxes \"{text}\": expected HEIGHTxWIDTH, e.g. \"3x3\" or \"2x3\"")),
    }
}

fn build_houses(size: usize, counts: &[u8], region_of: &[usize], region_names: &[char], boxes: bool, diagonals: bool) -> Vec<House> {
    let house = |name: String, cells: Vec<usize>| House { name, cells, counts: counts.to_vec() };
    let mut houses = Vec::new();
    for r in 0..size {
        houses.push(house(format!("row {}", r + 1), (0..size).map(|c| r * size + c).collect()));
    }
    for c in 0..size {
        houses.push(house(format!("column {}", c + 1), (0..size).map(|r| r * size + c).collect()));
    }
    for (i, name) in region_names.iter().enumerate() {
        let cells = (0..size * size).filter(|&c| region_of[c] == i).collect();
        let label = if boxes { format!("box {}", i + 1) } else { format!("region {name}") };
        houses.push(house(label, cells));
    }
    if diagonals {
        houses.push(house("main diagonal".into(), (0..size).map(|i| i * size + i).collect()));
        houses.push(house("anti-diagonal".into(), (0..size).map(|i| i * size + size - 1 - i).collect()));
    }
    houses
}

fn default_rules(alphabet: &Alphabet, boxes: bool, diagonals: bool, marks: bool) -> String {
    let first = alphabet.char_of(0);
    let last = alphabet.char_of((alphabet.len() - 1) as u8);
    let mut text = format!(
        "Place {first}–{last} once in every row, column and {}",
        if boxes { "box" } else { "outlined region" }
    );
    if diagonals {
        text.push_str(" and on both long diagonals");
    }
    text.push('.');
    if marks {
        text.push_str(" E cells hold even digits, O cells odd digits.");
    }
    text
}
