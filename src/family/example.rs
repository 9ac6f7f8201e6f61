//! A worked example's step, as plain data: the cells a book's example page
//! shades, what the step places or draws, the figure with all of it drawn,
//! and the words that say it by what that figure shows ("the shaded row",
//! "the grey 7"), never by names the page does not print.
//!
//! The sudoku family builds it from its grader's first step (the technique,
//! the candidates before the step, the placement), or, where a layout has
//! no technique grader (overlapping grids over 256 cells, marks that tie
//! cells together, houses that repeat a symbol), from the singles of the
//! layout's own houses and relations; Slitherlink from its clue patterns.
//! Every step is checked against the puzzle's solution before it is
//! returned.

use crate::lang::Catalogue;
use crate::model::{Grid, Model};
use crate::pdf::GridContents;

/// One worked step on a puzzle's givens.
pub struct ExampleStep {
    /// Cells the step's pattern stands on, drawn shaded (the target cell too).
    pub shaded: Vec<usize>,
    /// Symbols it places (drawn in grey): (cell, symbol).
    pub placed: Vec<(usize, char)>,
    /// Slitherlink: loop edges it draws (the family's edge numbers).
    pub lines: Vec<usize>,
    /// Candidates it pencils into cells (a killer cage's only digits).
    pub pencilled: Vec<(usize, Vec<char>)>,
    /// The puzzle figure with the step drawn.
    pub figure: GridContents,
    /// What the step does and why, in a reader's words.
    pub words: String,
}

/// The singles a step can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Single {
    /// A house with one empty cell left.
    FullHouse,
    /// A house with one place left for a symbol.
    Hidden,
    /// A cell with one symbol left.
    Naked,
}

/// What a reader calls a house on the page, as the catalogue's key
/// (`example.kind.<id>`, `example.shaded.<id>`): row, column, box,
/// region, ring, slice, diagonal, island …; `None` for a house the page
/// draws no outline of.
pub fn house_kind(name: &str) -> Option<&'static str> {
    if name.ends_with(" edge") {
        return Some("edge");
    }
    if name.ends_with("of the inner triangle") {
        return Some("triangle_side");
    }
    Some(match name.split(' ').next().unwrap_or("") {
        "nonet" => "nonet",
        "window" => "window",
        "row" => "row",
        "column" => "column",
        "box" => "box",
        "region" => "region",
        "ring" => "ring",
        "sectors" => "slice",
        "main" | "anti-diagonal" => "diagonal",
        "island" => "island",
        _ => return None,
    })
}

/// `symbol` as a reader says it in a sentence.
fn said(symbol: char, words: &Catalogue) -> String {
    if symbol == '*' { words.text("example.star") } else { symbol.to_string() }
}

/// "a 7", "an 8", "a star": English's article goes by the sound of the
/// word (`example.an` before a vowel sound, `example.a` else); other
/// languages give both keys the same shape, and a star its own phrase.
fn a(symbol: char, words: &Catalogue) -> String {
    if symbol == '*' {
        return words.text("example.a_star");
    }
    let word = said(symbol, words);
    let vowel = matches!(word.chars().next(), Some('8' | 'A' | 'E' | 'F' | 'H' | 'I' | 'L' | 'M' | 'N' | 'O' | 'R' | 'S' | 'X'));
    words.fill(if vowel { "example.an" } else { "example.a" }, &[("symbol", &word)])
}

/// A single found on `grid` (the givens) for `cell` ← symbol `s` (0-based):
/// the house or cells it stands on, and its words; `None` where the step
/// is not of that kind on this grid. `candidates[c]`: cell `c`'s symbols
/// left before the step, one bit a symbol (0 for a filled cell).
#[allow(clippy::too_many_arguments)]
pub fn single(
    model: &Model,
    grid: &Grid,
    candidates: &[u32],
    cell: usize,
    s: u8,
    kind: Single,
    prefer_box: bool,
    words: &Catalogue,
) -> Option<(Vec<usize>, String)> {
    let symbol = model.alphabet.char_of(s as _);
    let filled = |c: usize| grid.cells.get(c).copied().flatten().is_some();
    let one_each = |h: &crate::model::House| h.counts.iter().all(|&k| k == 1);
    let houses_of_cell: Vec<usize> =
        (0..model.houses.len()).filter(|&h| model.houses[h].cells.contains(&cell) && house_kind(&model.houses[h].name).is_some()).collect();
    let cages = if model.cages.iter().any(|c| c.cells.len() == 1) { words.text("example.one_cell_cage") } else { String::new() };
    let what = if symbol.is_ascii_digit() { "digit" } else { "symbol" };
    let symbol_said = said(symbol, words);
    match kind {
        Single::FullHouse => {
            let h = houses_of_cell
                .iter()
                .copied()
                .find(|&h| one_each(&model.houses[h]) && model.houses[h].cells.iter().all(|&c| c == cell || filled(c)))?;
            let k = house_kind(&model.houses[h].name)?;
            Some((
                model.houses[h].cells.clone(),
                words.fill(
                    &format!("example.full_house_{what}"),
                    &[("shaded", &words.text(&format!("example.shaded.{k}"))), ("symbol", &symbol_said)],
                ),
            ))
        }
        Single::Hidden => {
            let mut found: Vec<usize> = houses_of_cell
                .iter()
                .copied()
                .filter(|&h| {
                    let house = &model.houses[h];
                    house.counts.get(s as usize) == Some(&1)
                        && house.cells.iter().all(|&c| c == cell || filled(c) || candidates.get(c).is_none_or(|m| m & (1 << s) == 0))
                        && house.cells.iter().all(|&c| grid.cells.get(c).copied().flatten() != Some(s))
                })
                .collect();
            if prefer_box {
                found.sort_by_key(|&h| house_kind(&model.houses[h].name) != Some("box"));
            }
            let h = *found.first()?;
            let k = house_kind(&model.houses[h].name)?;
            // Why each other empty cell of the house cannot take it: a
            // given in a house it lies in, or its own mark; else the words
            // would not hold, and no step is given.
            let mut by_mark = false;
            for &c in model.houses[h].cells.iter().filter(|&&c| c != cell && !filled(c)) {
                let sees = model.houses.iter().any(|o| {
                    house_kind(&o.name).is_some()
                        && o.counts.get(s as usize) == Some(&1)
                        && o.cells.contains(&c)
                        && o.cells.iter().any(|&d| grid.cells.get(d).copied().flatten() == Some(s))
                });
                let marked = model.allowed.get(c).is_some_and(|m| m.0 & (1 << s) == 0);
                match (sees, marked) {
                    (true, _) => {}
                    (false, true) => by_mark = true,
                    (false, false) => return None,
                }
            }
            Some((
                model.houses[h].cells.clone(),
                words.fill(
                    "example.hidden",
                    &[
                        ("shaded", &words.text(&format!("example.shaded.{k}"))),
                        ("a_symbol", &a(symbol, words)),
                        ("kinds", &seen_kinds(model, cell, words)),
                        ("mark", &if by_mark { words.text("example.or_mark") } else { String::new() }),
                        ("cages", &cages),
                        ("symbol", &symbol_said),
                    ],
                ),
            ))
        }
        Single::Naked => {
            // One given of each other symbol among the cells that share a house with `cell`.
            let mut shaded = vec![cell];
            for other in (0..model.symbol_count() as u8).filter(|&o| o != s) {
                if model.allowed.get(cell).is_some_and(|a| a.0 & (1 << other) == 0) {
                    continue; // ruled out by the cell's own mark
                }
                let holder = houses_of_cell
                    .iter()
                    .filter(|&&h| model.houses[h].counts.get(other as usize) == Some(&1))
                    .flat_map(|&h| model.houses[h].cells.iter().copied())
                    .find(|&c| c != cell && grid.cells.get(c).copied().flatten() == Some(other))?;
                if !shaded.contains(&holder) {
                    shaded.push(holder);
                }
            }
            let marked = model.allowed.get(cell).is_some_and(|a| a.0.count_ones() < model.symbol_count() as u32);
            Some((
                shaded,
                words.fill(
                    &format!("example.naked_{what}"),
                    &[
                        ("symbol", &symbol_said),
                        ("kinds", &seen_kinds(model, cell, words)),
                        ("mark", &if marked { words.text("example.mark_allows") } else { String::new() }),
                    ],
                ),
            ))
        }
    }
}

/// "row, column or box": the kinds of house `cell` lies in, as the page draws them.
fn seen_kinds(model: &Model, cell: usize, words: &Catalogue) -> String {
    let mut kinds: Vec<&str> = Vec::new();
    for h in model.houses.iter().filter(|h| h.cells.contains(&cell)) {
        if let Some(k) = house_kind(&h.name)
            && !kinds.contains(&k)
        {
            kinds.push(k);
        }
    }
    if kinds.is_empty() {
        return words.text("example.kind.group");
    }
    let said: Vec<String> = kinds.iter().map(|k| words.text(&format!("example.kind.{k}"))).collect();
    words.join(&said, "list.or")
}

/// Every empty cell's symbols left from the givens alone, by the layout's
/// houses (each symbol as often as the house counts it), marks and
/// relations (one bit a symbol; 0 for a filled cell): the state a solver
/// starts from, for layouts without the technique grader.
pub fn candidates(model: &Model, grid: &Grid) -> Vec<u32> {
    let n = model.cell_count();
    let value = |c: usize| grid.cells.get(c).copied().flatten();
    let mut out: Vec<u32> = (0..n).map(|c| if value(c).is_some() { 0 } else { model.allowed[c].0 }).collect();
    for house in &model.houses {
        for s in 0..model.symbol_count() as u8 {
            let placed = house.cells.iter().filter(|&&c| value(c) == Some(s)).count();
            if placed >= house.counts.get(s as usize).copied().unwrap_or(1) as usize {
                for &c in &house.cells {
                    out[c] &= !(1 << s);
                }
            }
        }
    }
    for k in &model.conflicts {
        for (here, mine, there, theirs) in [(k.a, k.a_symbols, k.b, k.b_symbols), (k.b, k.b_symbols, k.a, k.a_symbols)] {
            if value(here).is_some_and(|v| mine.0 & (1 << v) != 0) {
                out[there] &= !theirs.0;
            }
        }
    }
    out
}

/// The first single on the givens by the layout's own houses and
/// relations (full houses, then hidden singles, then naked singles, in
/// cell order), agreeing with `solution`: (cell, symbol, kind).
pub fn first_single(model: &Model, grid: &Grid, candidates: &[u32], solution: &Grid) -> Option<(usize, u8, Single)> {
    let agrees = |c: usize, s: u8| solution.cells.get(c).copied().flatten() == Some(s);
    let empty = |c: usize| grid.cells.get(c).copied().flatten().is_none();
    let one_each = |h: &crate::model::House| h.counts.iter().all(|&k| k == 1) && house_kind(&h.name).is_some();
    for house in model.houses.iter().filter(|h| one_each(h)) {
        let open: Vec<usize> = house.cells.iter().copied().filter(|&c| empty(c)).collect();
        if let [c] = open[..] {
            let s = candidates[c].trailing_zeros() as u8;
            if candidates[c].count_ones() == 1 && agrees(c, s) {
                return Some((c, s, Single::FullHouse));
            }
        }
    }
    for house in model.houses.iter().filter(|h| house_kind(&h.name).is_some()) {
        for s in (0..model.symbol_count() as u8).filter(|&s| house.counts.get(s as usize) == Some(&1)) {
            let places: Vec<usize> = house.cells.iter().copied().filter(|&c| candidates[c] & (1 << s) != 0).collect();
            if let [c] = places[..]
                && agrees(c, s)
            {
                return Some((c, s, Single::Hidden));
            }
        }
    }
    (0..model.cell_count())
        .find(|&c| candidates[c].count_ones() == 1 && agrees(c, candidates[c].trailing_zeros() as u8))
        .map(|c| (c, candidates[c].trailing_zeros() as u8, Single::Naked))
}

/// A killer cage whose sum only one set of different digits makes (two
/// cells adding up to 3 take 1 and 2): its cells, those digits, and the
/// words; the smallest such cage first, checked against `solution`.
pub fn cage_combination(model: &Model, solution: &Grid, words: &Catalogue) -> Option<(Vec<usize>, Vec<char>, String)> {
    let n = model.symbol_count();
    let value = |s: usize| model.alphabet.value_of(s as _);
    let mut cages: Vec<&crate::model::Cage> = model.cages.iter().filter(|c| c.cells.len() > 1).collect();
    cages.sort_by_key(|c| c.cells.len());
    // A set without the first symbol first: its pencil slot is the top-left
    // corner, where the cage's first cell prints the sum.
    let mut found: Vec<(&crate::model::Cage, u32)> = Vec::new();
    for cage in cages {
        let k = cage.cells.len();
        let sets: Vec<u32> = (0u32..1 << n)
            .filter(|m| m.count_ones() as usize == k)
            .filter(|m| (0..n).filter(|s| m & (1 << s) != 0).map(|s| value(s).unwrap_or(0)).sum::<u32>() == cage.sum)
            .collect();
        let [set] = sets[..] else { continue };
        let holds = cage.cells.iter().all(|&c| solution.cells.get(c).copied().flatten().is_some_and(|s| set & (1 << s) != 0));
        if holds {
            found.push((cage, set));
        }
    }
    found.sort_by_key(|(_, set)| set & 1);
    if let Some(&(cage, set)) = found.first() {
        let k = cage.cells.len();
        let digits: Vec<char> = (0..n).filter(|s| set & (1 << s) != 0).map(|s| model.alphabet.char_of(s as _)).collect();
        let said: Vec<String> = digits.iter().map(char::to_string).collect();
        let sum = cage.sum.to_string();
        let words = words.fill(
            "example.cage_combination",
            &[("k", &k.to_string()), ("sum", &sum), ("terms", &said.join(" + ")), ("digits", &words.join(&said, "list.and"))],
        );
        return Some((cage.cells.clone(), digits, words));
    }
    None
}

/// `grid` with every one-cell killer cage's digit written in: a cage of
/// one cell holds its sum (the grader reads them so too).
pub fn with_one_cell_cages(model: &Model, grid: &Grid) -> Grid {
    let mut full = grid.clone();
    for cage in model.cages.iter().filter(|c| c.cells.len() == 1) {
        let digit = (0..model.symbol_count()).find(|&s| model.alphabet.value_of(s as _) == Some(cage.sum));
        if let (Some(cell), Some(s)) = (full.cells.get_mut(cage.cells[0]), digit)
            && cell.is_none()
        {
            *cell = Some(s as _);
        }
    }
    full
}

/// The figure of a step: `page` with the shaded cells highlighted and the
/// placed symbols written in (not given: they print grey).
pub fn figure(mut page: GridContents, shaded: &[usize], placed: &[(usize, char)]) -> GridContents {
    let n = page.symbols.len();
    page.highlight = (0..n).map(|c| shaded.contains(&c)).collect();
    for &(c, symbol) in placed {
        if c < n {
            page.symbols[c] = Some(symbol);
            page.given[c] = false;
            if let Some(label) = page.corner_labels.get_mut(c) {
                *label = false;
            }
        }
    }
    page
}
