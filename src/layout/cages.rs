//! Killer cages: read from a layout file (`cages`), or drawn for each puzzle
//! (`random_cages`) on its full grid and written into the puzzle's own copy
//! of the layout file, as random marks are.

use super::file::LayoutFile;
use super::regions::neighbours;
use super::{Layout, LayoutError};
use crate::model::{Alphabet, Cage};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use std::ops::Range;

/// The cage rule a batch asks for (`--cages`, `--cage-givens`,
/// `--one-cell-cages`) on a layout that draws killer cages per puzzle;
/// `None` when nothing is asked; refused, with the reason, where the layout
/// draws no cages or the sizes cannot tile it.
pub fn asked(layout: &Layout, sizes: Option<(usize, usize)>, givens: bool, one_cell: bool) -> anyhow::Result<Option<CageRule>> {
    if sizes.is_none() && !givens && !one_cell {
        return Ok(None);
    }
    let Some(own) = layout.cells().and_then(|c| c.random.cages) else {
        anyhow::bail!(
            "--cages, --cage-givens and --one-cell-cages: {} draws no killer cages per puzzle (its layout file has no random_cages)",
            layout.id
        );
    };
    let (min, max) = sizes.unwrap_or((own.min, own.max));
    let rule = CageRule { min, max, givens: givens || own.givens, one_cell: one_cell || own.one_cell };
    // Refused here, before a batch is recorded, with the reason.
    let size = layout.cells().map_or(0, |c| c.size);
    rule.check(size).map_err(|why| anyhow::anyhow!("--cages {min}..{max} on {}: {why}", layout.id))?;
    Ok(Some(rule))
}

/// What `random_cages` asks of the generator: cage sizes from `min` to
/// `max` cells, and whether it may add givens (`givens = true`) or must
/// make the puzzle unique with cages alone (classic killer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CageRule {
    pub min: usize,
    pub max: usize,
    pub givens: bool,
    /// Leave the one-cell cages that pin the puzzle as they fall (7 to 11
    /// an easy killer); by default (false) each is grown into a neighbour's
    /// cage where the puzzle stays unique, as commercial killers have few.
    pub one_cell: bool,
}

impl CageRule {
    /// The sizes a layout gets when `random_cages` names none.
    pub const DEFAULT_MIN: usize = 1;
    pub const DEFAULT_MAX: usize = 5;

    /// Whether cages of these sizes can make a puzzle on a `size`×`size`
    /// grid of digits 1 to `size`; the error says why not.
    pub fn check(&self, size: usize) -> Result<(), String> {
        let (min, max, cells) = (self.min, self.max, size * size);
        if min == 0 || min > max {
            return Err(format!("cage sizes {min} to {max}: choose 1 ≤ smallest ≤ largest"));
        }
        if max > size {
            return Err(format!("cages of {max} cells cannot hold different digits: the grid has only the digits 1 to {size}"));
        }
        // Some number m of cages must cover the grid: m·min ≤ cells ≤ m·max.
        if (1..=cells).all(|m| m * min > cells || m * max < cells) {
            let sizes = if min == max { format!("of {min} cells") } else { format!("of {min} to {max} cells") };
            return Err(format!("no set of cages {sizes} covers the {size}×{size} grid's {cells} cells"));
        }
        if min == size && !self.givens {
            return Err(format!(
                "cages of {size} cells hold every digit once and all add up to the same sum, so they settle nothing: \
                 with such cages only givens can make a puzzle (add --cage-givens, or allow smaller cages)"
            ));
        }
        Ok(())
    }
}

type Fail = (Option<Range<usize>>, String);

/// Drawing gives up after this many partitions of one grid.
const DRAW_TRIES: usize = 200;

/// Sums add digit values, so cages need the digits 1 to `size` in order.
fn numeric(alphabet: &Alphabet, size: usize) -> bool {
    *alphabet == Alphabet::numeric(size) && size <= 9
}

/// The fixed cages of a layout file, checked: known cell names, no cell in
/// two cages, each cage one piece of side-sharing cells, and a sum that
/// some set of different digits reaches.
pub(super) fn fixed_cages(
    file: &LayoutFile,
    size: usize,
    full_square: bool,
    alphabet: &Alphabet,
    names: &[String],
) -> Result<Vec<Cage>, Fail> {
    let Some(list) = &file.cages else {
        return Ok(Vec::new());
    };
    let here = Some(list.span());
    check_grid(file, size, full_square, alphabet).map_err(|m| (here.clone(), format!("cages: {m}")))?;
    if file.random_cages.is_some() {
        return Err((here, "give `cages` or `random_cages`, not both".into()));
    }
    let mut owner: Vec<Option<usize>> = vec![None; names.len()];
    let mut cages = Vec::with_capacity(list.get_ref().len());
    for (k, entry) in list.get_ref().iter().enumerate() {
        let here = Some(entry.span());
        let e = entry.get_ref();
        let label = format!("cage {} (sum {}, cells \"{}\")", k + 1, e.sum, e.cells);
        let mut cells = Vec::new();
        for name in e.cells.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            let lower = name.to_ascii_lowercase();
            let Some(c) = names.iter().position(|n| *n == lower) else {
                return Err((here, format!("{label}: unknown cell '{name}' (cells are named r1c1 to r{size}c{size})")));
            };
            match owner[c] {
                Some(j) if j == k => return Err((here, format!("{label}: {lower} is listed twice"))),
                Some(j) => return Err((here, format!("{label}: {lower} is already in cage {}", j + 1))),
                None => owner[c] = Some(k),
            }
            cells.push(c);
        }
        if cells.is_empty() {
            return Err((here, format!("{label}: no cells")));
        }
        if cells.len() > size {
            return Err((here, format!("{label}: {} cells cannot hold different digits 1–{size}", cells.len())));
        }
        if !connected(size, &cells) {
            return Err((here, format!("{label}: the cells are not one piece (every cell must share a side with the rest of its cage)")));
        }
        let cage = Cage { cells, sum: e.sum };
        if cage.combinations(alphabet).is_empty() {
            return Err((here, format!("{label}: no {} different digits 1–{size} add up to {}", cage.cells.len(), e.sum)));
        }
        cages.push(cage);
    }
    Ok(cages)
}

/// The `random_cages` rule of a layout file, checked.
pub(super) fn cage_rule(file: &LayoutFile, size: usize, full_square: bool, alphabet: &Alphabet) -> Result<Option<CageRule>, Fail> {
    let Some(entry) = &file.random_cages else {
        return Ok(None);
    };
    let here = Some(entry.span());
    check_grid(file, size, full_square, alphabet).map_err(|m| (here.clone(), format!("random_cages: {m}")))?;
    if file.random_islands.is_some() {
        return Err((here, "random_cages cannot be combined with random_islands".into()));
    }
    let e = entry.get_ref();
    let min = e.min.unwrap_or(CageRule::DEFAULT_MIN);
    let max = e.max.unwrap_or(CageRule::DEFAULT_MAX.min(size));
    if min == 0 || min > max || max > size {
        return Err((here, format!("random_cages: sizes {min} to {max}: choose 1 ≤ min ≤ max ≤ {size}")));
    }
    let rule = CageRule { min, max, givens: e.givens, one_cell: e.one_cell_cages };
    rule.check(size).map_err(|m| (here, format!("random_cages: {m}")))?;
    Ok(Some(rule))
}

fn check_grid(file: &LayoutFile, size: usize, full_square: bool, alphabet: &Alphabet) -> Result<(), String> {
    if !full_square {
        return Err("killer cages need a single square grid".into());
    }
    // Marks and Trividoku's letters print where a cage's sum goes.
    if file.marks.is_some() || file.random_marks.is_some() || file.letters.is_some() {
        return Err("killer cages cannot be combined with marks, random_marks or letters (all print in the cell's corner)".into());
    }
    if file.random_regions.as_ref().is_some_and(|r| *r.get_ref()) {
        return Err("killer cages cannot be combined with random_regions".into());
    }
    if !numeric(alphabet, size) {
        return Err(format!(
            "cage sums add digit values: the symbols must be the digits 1 to {size} (at most 9), not \"{}\"",
            alphabet.text()
        ));
    }
    Ok(())
}

/// Whether `cells` form one piece of side-sharing cells.
pub fn connected(size: usize, cells: &[usize]) -> bool {
    !cells.is_empty() && piece_of(size, cells, cells[0]).len() == cells.len()
}

/// The cells of `cells` joined to `start` through side-sharing cells of
/// `cells` (a grid `size` cells wide), `start` first.
pub fn piece_of(size: usize, cells: &[usize], start: usize) -> Vec<usize> {
    let mut reached = vec![start];
    let mut i = 0;
    while i < reached.len() {
        for n in neighbours(size, reached[i]) {
            if cells.contains(&n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
        i += 1;
    }
    reached
}

/// Relative odds of each cage size (index = cells): two and three cells
/// most often, single cells and large cages rarely.
const SIZE_WEIGHTS: [u32; 10] = [0, 1, 4, 4, 2, 1, 1, 1, 1, 1];

/// Cages of `rule`'s sizes covering a `size`×`size` grid, each holding
/// different digits of `digits` (the full solution, 0-based), so the
/// solution obeys them; `None` if no partition was found.
pub fn draw(size: usize, digits: &[u8], rule: CageRule, rng: &mut dyn Rng) -> Option<Vec<Vec<usize>>> {
    (0..DRAW_TRIES).find_map(|_| draw_once(size, digits, rule, rng))
}

fn draw_once(size: usize, digits: &[u8], rule: CageRule, rng: &mut dyn Rng) -> Option<Vec<Vec<usize>>> {
    let n = size * size;
    let mut owner = vec![usize::MAX; n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let sizes: Vec<usize> = (rule.min..=rule.max).collect();
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = *sizes.choose_weighted(rng, |&k| SIZE_WEIGHTS[k.min(9)]).ok()?;
        let k = cages.len();
        let mut cage = vec![start];
        owner[start] = k;
        while cage.len() < target {
            let mut next: Vec<usize> = Vec::new();
            for &c in &cage {
                for m in neighbours(size, c) {
                    if owner[m] == usize::MAX && !next.contains(&m) && cage.iter().all(|&d| digits[d] != digits[m]) {
                        next.push(m);
                    }
                }
            }
            let Some(&m) = next.choose(rng) else {
                break;
            };
            cage.push(m);
            owner[m] = k;
        }
        cages.push(cage);
    }
    // A cage left under the smallest size joins a neighbouring cage when
    // the size and the digits allow.
    while let Some(i) = cages.iter().position(|c| c.len() < rule.min) {
        let mut options: Vec<usize> = Vec::new();
        for &c in &cages[i] {
            for m in neighbours(size, c) {
                let j = owner[m];
                let fits = j != i && cages[i].len() + cages[j].len() <= rule.max;
                if fits && !options.contains(&j) && cages[j].iter().all(|&d| cages[i].iter().all(|&e| digits[d] != digits[e])) {
                    options.push(j);
                }
            }
        }
        let &j = options.choose(rng)?;
        let moved = std::mem::take(&mut cages[j]);
        cages[i].extend(moved);
        cages.remove(j);
        for (k, cage) in cages.iter().enumerate() {
            for &c in cage {
                owner[c] = k;
            }
        }
    }
    Some(cages)
}

/// The layout with `cages` written in as fixed cages (and `random_cages`
/// gone): the puzzle's own layout, under which it is stored and printed.
pub fn with_cages(base: &Layout, cages: &[Cage]) -> Result<Layout, LayoutError> {
    let fail = |message: String| LayoutError { file: base.path.display().to_string(), line: None, message };
    let layout = base.cells().ok_or_else(|| fail("cages are drawn on cell layouts only".into()))?;
    let names = &layout.model.cell_names;
    let mut text = super::randomise::without_random_keys(&base.source).map_err(fail)?;
    let mut keys = String::from("\n# Cages the generator drew for this puzzle.\ncages = [\n");
    for cage in cages {
        let cells: Vec<&str> = cage.cells.iter().map(|&c| names[c].as_str()).collect();
        keys.push_str(&format!("  {{ sum = {}, cells = \"{}\" }},\n", cage.sum, cells.join(" ")));
    }
    keys.push_str("]\n");
    super::randomise::add_top_level(&mut text, &keys);
    Layout::from_source(&base.path, text)
}

/// The cage of each cell's digits in `solution` (0-based digits, values
/// 1 to N): what a drawn partition sums to.
pub fn sums(cages: &[Vec<usize>], digits: &[u8]) -> Vec<Cage> {
    cages.iter().map(|cells| Cage { cells: cells.clone(), sum: cells.iter().map(|&c| digits[c] as u32 + 1).sum() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Grid;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;
    use std::path::Path;

    const HEAD: &str = "name = \"Killer\"\ndescription = \"k\"\nrules = \"r\"\nsize = 4\nboxes = \"2x2\"\n";

    fn build(text: &str) -> Result<Layout, String> {
        Layout::from_source(Path::new("layouts/k.toml"), format!("{HEAD}{text}")).map_err(|e| e.to_string())
    }

    #[test]
    fn fixed_cages_are_read_and_checked() {
        let ok = build("cages = [\n  { sum = 3, cells = \"r1c1 r1c2\" },\n  { sum = 4, cells = \"R2C1\" },\n]\n").unwrap();
        let cages = &ok.cells().unwrap().model.cages;
        assert_eq!(cages, &vec![Cage { cells: vec![0, 1], sum: 3 }, Cage { cells: vec![4], sum: 4 }]);
        let err = |text: &str| build(text).unwrap_err();
        assert_eq!(
            err("cages = [\n  { sum = 3, cells = \"r1c1 r1c9\" },\n]\n"),
            "layouts/k.toml: line 7: cage 1 (sum 3, cells \"r1c1 r1c9\"): unknown cell 'r1c9' (cells are named r1c1 to r4c4)"
        );
        assert_eq!(
            err("cages = [\n  { sum = 3, cells = \"r1c1 r1c2\" },\n  { sum = 4, cells = \"r1c2 r1c3\" },\n]\n"),
            "layouts/k.toml: line 8: cage 2 (sum 4, cells \"r1c2 r1c3\"): r1c2 is already in cage 1"
        );
        assert_eq!(
            err("cages = [{ sum = 4, cells = \"r1c1 r1c3\" }]\n"),
            "layouts/k.toml: line 6: cage 1 (sum 4, cells \"r1c1 r1c3\"): the cells are not one piece (every cell must share a side with the rest of its cage)"
        );
        assert_eq!(
            err("cages = [{ sum = 2, cells = \"r1c1 r1c2\" }]\n"),
            "layouts/k.toml: line 6: cage 1 (sum 2, cells \"r1c1 r1c2\"): no 2 different digits 1–4 add up to 2"
        );
        assert_eq!(
            err("random_cages = { min = 3, max = 2 }\n"),
            "layouts/k.toml: line 6: random_cages: sizes 3 to 2: choose 1 ≤ min ≤ max ≤ 4"
        );
        let letters = "name = \"K\"\ndescription = \"k\"\nsize = 4\nsymbols = \"ABCD\"\nboxes = \"2x2\"\nrandom_cages = {}\n";
        assert_eq!(
            Layout::from_source(Path::new("layouts/k.toml"), letters.into()).unwrap_err().to_string(),
            "layouts/k.toml: line 6: random_cages: cage sums add digit values: the symbols must be the digits 1 to 4 (at most 9), not \"ABCD\""
        );
    }

    #[test]
    fn cage_sizes_that_cannot_make_a_puzzle_are_refused_with_the_reason() {
        let rule = |min, max, givens| CageRule { min, max, givens, one_cell: false };
        for ok in [rule(1, 5, false), rule(3, 3, false), rule(2, 4, false), rule(9, 9, true), rule(5, 6, false)] {
            assert_eq!(ok.check(9), Ok(()), "{ok:?}");
        }
        assert_eq!(rule(8, 8, false).check(9).unwrap_err(), "no set of cages of 8 cells covers the 9×9 grid's 81 cells");
        assert_eq!(rule(2, 2, true).check(9).unwrap_err(), "no set of cages of 2 cells covers the 9×9 grid's 81 cells");
        assert!(rule(9, 9, false).check(9).unwrap_err().contains("settle nothing"));
        assert_eq!(
            rule(4, 5, false).check(4).unwrap_err(),
            "cages of 5 cells cannot hold different digits: the grid has only the digits 1 to 4"
        );
        let file = "name = \"K\"\ndescription = \"k\"\nsize = 9\nboxes = \"3x3\"\nrandom_cages = { min = 8, max = 8 }\n";
        assert_eq!(
            Layout::from_source(Path::new("layouts/k.toml"), file.into()).unwrap_err().to_string(),
            "layouts/k.toml: line 5: random_cages: no set of cages of 8 cells covers the 9×9 grid's 81 cells"
        );
    }

    #[test]
    fn drawn_cages_cover_the_grid_with_different_digits_and_fit_the_solution() {
        let (_, classic) = Layout::load_cells("classic-9").unwrap();
        let solution = crate::solver::Solver::new(&classic.model).count(&Grid::empty(81), 1).first.unwrap();
        let digits: Vec<u8> = solution.cells.iter().map(|c| c.unwrap()).collect();
        for (seed, rule) in [
            (1, CageRule { min: 1, max: 5, givens: false, one_cell: false }),
            (2, CageRule { min: 2, max: 4, givens: false, one_cell: false }),
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let cages = draw(9, &digits, rule, &mut rng).unwrap();
            let mut seen = vec![0; 81];
            for cage in &cages {
                assert!((rule.min..=rule.max).contains(&cage.len()), "{cage:?}");
                assert!(connected(9, cage), "{cage:?}");
                for (i, &c) in cage.iter().enumerate() {
                    seen[c] += 1;
                    assert!(cage[..i].iter().all(|&d| digits[d] != digits[c]), "repeat in {cage:?}");
                }
            }
            assert!(seen.iter().all(|&n| n == 1));
            let mut model = classic.model.clone();
            model.cages = sums(&cages, &digits);
            model.check_solution(&solution).unwrap();
        }
    }
}
