//! Marks and islands the generator chooses per puzzle (`random_marks`,
//! `random_islands`). They are drawn to fit the puzzle's full grid, so the
//! layout stays fillable by construction, and written into a copy of the
//! layout file: the puzzle is stored, validated and printed under that copy.

use super::file::LayoutFile;
use super::regions::neighbours;
use super::{Layout, LayoutError};
use crate::model::Grid;
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

/// What a layout leaves to the generator.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RandomParts {
    /// (mark letter, how many cells), in the file's order.
    pub marks: Vec<(char, usize)>,
    pub islands: usize,
    /// Killer cages drawn on each puzzle's grid (`random_cages`).
    pub cages: Option<super::cages::CageRule>,
    /// Jigsaw regions drawn before each puzzle's grid is filled
    /// (`random_regions = true`; see `super::jigsaw`).
    pub regions: bool,
}

impl RandomParts {
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty() && self.islands == 0 && self.cages.is_none() && !self.regions
    }
}

/// Tries to grow one island before giving up on a grid.
const ISLAND_TRIES: usize = 500;

/// The layout with this puzzle's marks and islands drawn in: marks only on
/// cells whose digit in `solution` they allow, islands of cells with
/// different digits.
pub fn derive(base: &Layout, solution: &Grid, rng: &mut dyn Rng) -> Result<Layout, LayoutError> {
    let fail = |message: String| LayoutError { file: base.path.display().to_string(), line: None, message };
    let layout = base.cells().ok_or_else(|| fail("marks and islands are drawn on cell layouts only".into()))?;
    let symbol = |c: usize| solution.cells[c].ok_or_else(|| fail(format!("the grid is not complete at {}", layout.model.cell_names[c])));
    let cells = layout.model.cell_count();
    let mut text = without_random_keys(&base.source).map_err(fail)?;
    if !layout.random.marks.is_empty() {
        let mut picture = vec!['.'; cells];
        for &(letter, count) in &layout.random.marks {
            let allowed = layout.mark_symbols(letter);
            let mut open: Vec<usize> = Vec::new();
            for (c, &mark) in picture.iter().enumerate() {
                if mark == '.' && allowed.contains(symbol(c)?) {
                    open.push(c);
                }
            }
            open.shuffle(rng);
            for &c in open.iter().take(count) {
                picture[c] = letter;
            }
        }
        add_top_level(
            &mut text,
            &format!("\n# Marks the generator placed for this puzzle.\nmarks = \"\"\"\n{}\"\"\"\n", picture_rows(&picture, layout.size)),
        );
    }
    if layout.random.islands > 0 {
        let digits: Vec<u8> = (0..cells).map(symbol).collect::<Result<_, _>>()?;
        let picture = grow_islands(layout.random.islands, layout.size, &digits, rng)
            .ok_or_else(|| fail("could not draw the islands on this grid".into()))?;
        add_top_level(
            &mut text,
            &format!("\n# Islands the generator drew for this puzzle.\nislands = \"\"\"\n{}\"\"\"\n", picture_rows(&picture, layout.size)),
        );
    }
    Layout::from_source(&base.path, text)
}

/// The layout with these marks written in (a letter a cell, `.` none) in
/// place of its random parts: the own layout of a puzzle whose marks a file
/// carries (an import), as [`derive`] writes the ones it draws.
pub fn with_marks(base: &Layout, picture: &[char]) -> Result<Layout, LayoutError> {
    let fail = |message: String| LayoutError { file: base.path.display().to_string(), line: None, message };
    let layout = base.cells().ok_or_else(|| fail("marks are placed on cell layouts only".into()))?;
    if picture.len() != layout.size * layout.size {
        return Err(fail(format!("{} marks for {} cells", picture.len(), layout.size * layout.size)));
    }
    let mut text = without_random_keys(&base.source).map_err(fail)?;
    add_top_level(
        &mut text,
        &format!("\n# Marks this puzzle's file carries.\nmarks = \"\"\"\n{}\"\"\"\n", picture_rows(picture, layout.size)),
    );
    Layout::from_source(&base.path, text)
}

/// The file text without its `random_marks`, `random_islands` and
/// `random_cages` lines.
pub(super) fn without_random_keys(source: &str) -> Result<String, String> {
    without_keys(source, &["random_marks", "random_islands", "random_cages", "random_regions"])
}

/// The file text without the lines of `keys` (top-level keys of the layout
/// file; a value spanning lines goes whole).
pub(super) fn without_keys(source: &str, keys: &[&str]) -> Result<String, String> {
    let file: LayoutFile = toml::from_str(source).map_err(|e| e.message().to_string())?;
    let spans = [
        ("random_marks", file.random_marks.as_ref().map(|v| v.span())),
        ("random_islands", file.random_islands.as_ref().map(|v| v.span())),
        ("random_cages", file.random_cages.as_ref().map(|v| v.span())),
        ("random_regions", file.random_regions.as_ref().map(|v| v.span())),
    ];
    let cuts: Vec<std::ops::Range<usize>> = spans.into_iter().filter(|(key, _)| keys.contains(key)).filter_map(|(_, span)| span).collect();
    // Whole lines: from the start of the key's line to the end of the value's.
    let mut lines: Vec<std::ops::Range<usize>> = cuts
        .iter()
        .map(|span| {
            let start = source[..span.start].rfind('\n').map_or(0, |i| i + 1);
            let end = source[span.end..].find('\n').map_or(source.len(), |i| span.end + i + 1);
            start..end
        })
        .collect();
    lines.sort_by_key(|r| std::cmp::Reverse(r.start));
    let mut text = source.to_string();
    for range in lines {
        text.replace_range(range, "");
    }
    Ok(text)
}

/// `text` with top-level `keys` (whole TOML lines) added: at the end, or
/// at the start when the file has tables (`[words.de]` written as a
/// table), after whose header a key would belong to the table.
pub(super) fn add_top_level(text: &mut String, keys: &str) {
    if has_table_header(text) {
        text.insert_str(0, &format!("{}\n", keys.trim_matches('\n')));
    } else {
        text.push_str(keys);
    }
}

/// Whether a line outside multi-line strings opens a table (`[name]` or
/// `[[name]]`). A line of a multi-line array taken for one only moves the
/// added keys to the start, which is as valid.
fn has_table_header(text: &str) -> bool {
    let mut in_string = false;
    for line in text.lines() {
        let opens = line.matches("\"\"\"").count() + line.matches("'''").count();
        let trimmed = line.trim_start().trim_start_matches('[').trim_start();
        if !in_string && line.trim_start().starts_with('[') && trimmed.starts_with(|c: char| c.is_alphabetic() || "_\"'".contains(c)) {
            return true;
        }
        in_string ^= opens % 2 == 1;
    }
    false
}

fn picture_rows(picture: &[char], size: usize) -> String {
    picture.chunks(size).map(|row| row.iter().collect::<String>() + "\n").collect()
}

/// `count` islands of `size` connected cells, each holding different digits,
/// as a letter picture ('A', 'B', … and '.').
fn grow_islands(count: usize, size: usize, digits: &[u8], rng: &mut dyn Rng) -> Option<Vec<char>> {
    let mut picture = vec!['.'; size * size];
    for k in 0..count {
        let letter = (b'A' + k as u8) as char;
        let island = (0..ISLAND_TRIES).find_map(|_| grow_one(&picture, size, digits, rng))?;
        for c in island {
            picture[c] = letter;
        }
    }
    Some(picture)
}

fn grow_one(picture: &[char], size: usize, digits: &[u8], rng: &mut dyn Rng) -> Option<Vec<usize>> {
    let free: Vec<usize> = (0..picture.len()).filter(|&c| picture[c] == '.').collect();
    let free: Vec<usize> = free.into_iter().filter(|&c| !touches_other_island(picture, size, c)).collect();
    let mut island = vec![*free.choose(rng)?];
    while island.len() < size {
        let used: Vec<u8> = island.iter().map(|&c| digits[c]).collect();
        let mut next: Vec<usize> = Vec::new();
        for &c in &island {
            for n in neighbours(size, c) {
                let apart = !touches_other_island(picture, size, n);
                if picture[n] == '.' && apart && !island.contains(&n) && !used.contains(&digits[n]) && !next.contains(&n) {
                    next.push(n);
                }
            }
        }
        island.push(*next.choose(rng)?);
    }
    Some(island)
}

/// Islands print in one grey, so two must never share a side.
fn touches_other_island(picture: &[char], size: usize, cell: usize) -> bool {
    neighbours(size, cell).any(|n| picture[n] != '.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    const FILE: &str = "name = \"Atlantis Sudoku\"\ndescription = \"x\"\nrules = \"Place 1–9.\"\nsize = 9\nboxes = \"3x3\"\nrandom_marks = { E = 4, H = 3 }\nrandom_islands = 2\n";

    #[test]
    fn derived_layouts_carry_the_chosen_marks_and_islands() {
        let layout = Layout::from_source(std::path::Path::new("layouts/r.toml"), FILE.into()).unwrap();
        assert_eq!(layout.cells().unwrap().random.marks, vec![('E', 4), ('H', 3)]);
        let classic = Layout::load_cells("classic-9").unwrap().1;
        let solution = crate::solver::Solver::new(&classic.model).count(&Grid::empty(81), 1).first.unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let derived_layout = derive(&layout, &solution, &mut rng).unwrap();
        assert_eq!(derived_layout.id, "r");
        // The reader's words travel with each puzzle's own layout.
        assert_eq!((derived_layout.name.as_str(), derived_layout.rules.as_str()), ("Atlantis Sudoku", "Place 1–9."));
        assert!(!derived_layout.source.contains("random_"));
        let derived = derived_layout.cells().unwrap();
        assert!(derived.random.is_empty());
        assert_eq!(derived.marks.iter().filter(|m| **m == Some('E')).count(), 4);
        assert_eq!(derived.marks.iter().filter(|m| **m == Some('H')).count(), 3);
        assert_eq!(derived.islands.iter().filter(|i| i.is_some()).count(), 18);
        // The grid the marks and islands were drawn from obeys them.
        derived.model.check_solution(&solution).unwrap();
    }

    #[test]
    fn random_parts_are_checked() {
        let build = |text: &str| Layout::from_source(std::path::Path::new("layouts/r.toml"), text.into()).unwrap_err().to_string();
        let unknown = "description = \"x\"\nsize = 9\nboxes = \"3x3\"\nrandom_marks = { Q = 4 }\n";
        assert_eq!(build(unknown), "layouts/r.toml: line 4: random_marks: unknown mark 'Q' (known: EHLO)");
        let many = "description = \"x\"\nsize = 9\nboxes = \"3x3\"\nrandom_islands = 7\n";
        assert_eq!(build(many), "layouts/r.toml: line 4: random_islands = 7: choose 1 to 4");
    }
}
