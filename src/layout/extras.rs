//! Rules beyond rows, columns and regions: extra houses drawn as pictures
//! (islands, Trividoku's letters), Atlantis's magic 5 relation, and what a
//! layout leaves to the generator (`random_marks`, `random_islands`).

use super::file::LayoutFile;
use super::geometry::Geometry;
use crate::model::{Alphabet, Conflict, SymbolSet};
use std::collections::BTreeMap;

/// The letters of a picture of extra houses ('.' = none), in order of first
/// appearance; each must mark exactly `cells_each` cells.
pub(super) fn extra_houses(picture: &[char], cells_each: usize) -> Result<Vec<char>, String> {
    let mut names: Vec<char> = Vec::new();
    for &c in picture.iter().filter(|&&c| c != '.') {
        if !names.contains(&c) {
            names.push(c);
        }
    }
    for &name in &names {
        let count = picture.iter().filter(|&&c| c == name).count();
        if count != cells_each {
            return Err(format!("'{name}' marks {count} cells, expected {cells_each}"));
        }
    }
    Ok(names)
}

/// What the generator is asked to choose per puzzle, checked against the
/// layout's fixed marks and islands.
#[allow(clippy::type_complexity)]
pub(super) fn random_parts(
    file: &LayoutFile,
    full_square: bool,
    kinds: &BTreeMap<char, super::MarkKind>,
    marks: &[Option<char>],
    islands: &[Option<usize>],
) -> Result<super::randomise::RandomParts, (Option<std::ops::Range<usize>>, String)> {
    let mut parts =
        super::randomise::RandomParts { regions: file.random_regions.as_ref().is_some_and(|r| *r.get_ref()), ..Default::default() };
    if let Some(random) = &file.random_marks {
        let here = Some(random.span());
        if marks.iter().any(Option::is_some) {
            return Err((here, "give a `marks` picture or `random_marks`, not both".into()));
        }
        for (letter, &count) in random.get_ref() {
            let mut chars = letter.chars();
            let (Some(l), None) = (chars.next(), chars.next()) else {
                return Err((here, format!("random_marks: '{letter}' must be a single mark letter")));
            };
            if !kinds.contains_key(&l) {
                let known: String = kinds.keys().collect();
                return Err((here, format!("random_marks: unknown mark '{l}' (known: {known})")));
            }
            parts.marks.push((l, count));
        }
        let total: usize = parts.marks.iter().map(|(_, n)| n).sum();
        if total > marks.len() / 2 {
            return Err((here, format!("random_marks: {total} marks on {} cells; at most half the cells can be marked", marks.len())));
        }
    }
    if let Some(random) = &file.random_islands {
        let here = Some(random.span());
        if !full_square {
            return Err((here, "random_islands need a single square grid".into()));
        }
        if islands.iter().any(Option::is_some) {
            return Err((here, "give an `islands` picture or `random_islands`, not both".into()));
        }
        let n = *random.get_ref();
        if n == 0 || n > 4 {
            return Err((here, format!("random_islands = {n}: choose 1 to 4")));
        }
        parts.islands = n;
    }
    Ok(parts)
}

/// Atlantis's magic 5: a 5 forbids every larger digit in the cell directly
/// above it. It is a relation, not a mark: it acts only once one side is placed.
pub(super) fn magic_five(alphabet: &Alphabet, geometry: &Geometry) -> Result<Vec<Conflict>, String> {
    let five = alphabet.symbol_of('5').ok_or("magic_five needs the digit 5 in the alphabet")?;
    let mut larger = SymbolSet::EMPTY;
    for s in 0..alphabet.len() as u8 {
        if alphabet.value_of(s).is_some_and(|v| v > 5) {
            larger.0 |= 1 << s;
        }
    }
    let conflicts = (0..geometry.cell_count())
        .filter_map(|cell| {
            geometry.above(cell).map(|up| Conflict { a: cell, a_symbols: SymbolSet::single(five), b: up, b_symbols: larger })
        })
        .collect();
    Ok(conflicts)
}
