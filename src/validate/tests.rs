use super::*;
use crate::layout::Layout;
use crate::solver::Solver;

fn stored(layout: &Layout, seed: u64) -> PuzzleRow {
    let family = crate::family::open(layout.clone());
    let p = family.make(seed, None).unwrap().expect("no level asked: every attempt makes a puzzle");
    PuzzleRow::for_print(seed as i64, layout, &p)
}

fn verdict(row: &PuzzleRow) -> Option<String> {
    validate(row, &LayoutCache::for_rows(std::slice::from_ref(row))).problem
}

/// Replaces the character of cell `cell` by `c`.
fn with_char(text: &str, cell: usize, c: char) -> String {
    text.chars().enumerate().map(|(i, x)| if i == cell { c } else { x }).collect()
}

#[test]
fn generated_puzzles_pass_on_every_shipped_layout() {
    for id in ["classic-4", "classic-6", "classic-9", "jigsaw-9", "diagonal-9", "even-odd-9"] {
        let layout = Layout::load(id).unwrap();
        for seed in 1..4 {
            assert_eq!(verdict(&stored(&layout, seed)), None, "{id} seed {seed}");
        }
    }
}

#[test]
fn a_changed_solution_digit_is_caught() {
    let layout = Layout::load("classic-9").unwrap();
    let mut row = stored(&layout, 5);
    let empty = row.givens.find('.').unwrap();
    let old = row.solution.as_bytes()[empty] as char;
    let new = if old == '9' { '1' } else { (old as u8 + 1) as char };
    row.solution = with_char(&row.solution, empty, new);
    let problem = verdict(&row).unwrap();
    assert!(problem.starts_with("solution: ") && problem.contains("time(s), the rules say 1"), "{problem}");
}

#[test]
fn a_swapped_pair_in_the_solution_is_caught() {
    // Swapping two unrevealed digits of the first row keeps the row valid
    // but puts each digit twice in a column.
    let layout = Layout::load("classic-9").unwrap();
    let mut row = stored(&layout, 6);
    let s: Vec<char> = row.solution.chars().collect();
    let (a, b) = (0..9)
        .flat_map(|i| (i + 1..9).map(move |j| (i, j)))
        .find(|&(i, j)| row.givens.as_bytes()[i] == b'.' && row.givens.as_bytes()[j] == b'.')
        .unwrap();
    row.solution = with_char(&with_char(&row.solution, a, s[b]), b, s[a]);
    let problem = verdict(&row).unwrap();
    assert!(problem.starts_with("solution: column"), "{problem}");
}

#[test]
fn a_changed_given_is_caught() {
    let layout = Layout::load("classic-9").unwrap();
    let mut row = stored(&layout, 7);
    let given = row.givens.find(|c: char| c != '.').unwrap();
    let old = row.givens.as_bytes()[given] as char;
    let new = if old == '9' { '1' } else { (old as u8 + 1) as char };
    row.givens = with_char(&row.givens, given, new);
    let problem = verdict(&row).unwrap();
    assert!(problem.starts_with("given ") || problem.contains("solution"), "{problem}");
}

#[test]
fn a_removed_given_makes_the_puzzle_ambiguous() {
    // Generated puzzles are minimal: every given is needed.
    let layout = Layout::load("classic-9").unwrap();
    let mut row = stored(&layout, 8);
    let given = row.givens.find(|c: char| c != '.').unwrap();
    row.givens = with_char(&row.givens, given, '.');
    row.clues -= 1;
    assert_eq!(verdict(&row).as_deref(), Some("the givens have more than one solution"));
}

#[test]
fn wrong_score_level_and_key_are_caught() {
    let layout = Layout::load("classic-9").unwrap();
    let row = stored(&layout, 9);
    let mut wrong_score = row.clone();
    wrong_score.score += 1;
    assert_eq!(verdict(&wrong_score), Some(format!("score is {}, but {} recorded", row.score, row.score + 1)));
    let mut wrong_level = row.clone();
    wrong_level.level = if row.level == "easy" { "expert".into() } else { "easy".into() };
    assert!(verdict(&wrong_level).unwrap().starts_with(&format!("level is {}", row.level)));
    let mut wrong_key = row.clone();
    wrong_key.canonical = with_char(&row.canonical, 0, if row.canonical.starts_with('1') { '2' } else { '1' });
    assert_eq!(verdict(&wrong_key).as_deref(), Some("the canonical key does not match the givens"));
}

#[test]
fn editing_a_row_changes_its_hash() {
    let layout = Layout::load("classic-4").unwrap();
    let mut row = stored(&layout, 1);
    row.validated_hash = Some(content_hash(&row));
    assert!(!needs_check(&row));
    row.score += 1;
    assert!(needs_check(&row));
}

#[test]
fn the_plain_counter_agrees_with_the_engine_on_shared_data() {
    let layout = Layout::load_cells("classic-9").unwrap().1;
    let model = &layout.model;
    let engine = Solver::new(model);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku");
    for (file, take) in [("17-clue.txt", 40), ("multi-solution.txt", 40), ("top1465.txt", 20)] {
        for line in crate::puzzle_file::read_puzzle_lines(&dir.join(file)).unwrap().into_iter().take(take) {
            let givens = model.parse_grid(&line.text).unwrap();
            let plain = count_solutions(model, &givens, 2);
            let fast = engine.count(&givens, 2);
            assert_eq!(plain.solutions, fast.solutions, "{file}: {}", line.text);
        }
    }
}

#[test]
fn a_row_whose_name_is_not_its_layout_files_fails() {
    let layout = Layout::load("classic-9").unwrap();
    let mut row = stored(&layout, 3);
    assert_eq!(verdict(&row), None);
    row.layout_name = "diagonal-9".into();
    assert_eq!(verdict(&row).as_deref(), Some("stored as layout diagonal-9 but its layout file is classic-9"));
}

#[test]
fn the_plain_counter_agrees_with_the_engine_on_16x16_and_repeated_symbols() {
    // classic-16 exercises the overlap strikes and queues at size; in
    // stars-stripes-12 a house holds a symbol three times (`forced copies`).
    for (id, seeds) in [("classic-16", 1..3), ("stars-stripes-12", 1..4)] {
        let layout = Layout::load_cells(id).unwrap().1;
        let model = &layout.model;
        let engine = Solver::new(model);
        for seed in seeds {
            let row = stored(&Layout::load(id).unwrap(), seed);
            let givens = model.parse_grid(&row.givens).unwrap();
            let plain = count_solutions(model, &givens, 2);
            assert_eq!(plain.solutions, 1, "{id} seed {seed}");
            assert_eq!(plain.first.map(|g| model.format_grid(&g)), Some(row.solution.clone()), "{id} seed {seed}");
            // Generated puzzles are minimal: without its first given, two solutions.
            let mut fewer = givens.clone();
            let first = fewer.cells.iter().position(Option::is_some).unwrap();
            fewer.cells[first] = None;
            assert_eq!(count_solutions(model, &fewer, 2).solutions, 2, "{id} seed {seed}");
            assert_eq!(engine.count(&fewer, 2).solutions, 2, "{id} seed {seed}");
        }
    }
}
