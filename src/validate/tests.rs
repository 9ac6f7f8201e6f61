use super::*;
use crate::layout::Layout;
use crate::model::Grid;
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
    row.validation = Some("ok".into());
    row.validated_hash = Some(verdict_hash(&row, true));
    assert!(!needs_check(&row));
    row.score += 1;
    assert!(needs_check(&row));
}

#[test]
fn a_verdict_changed_by_hand_is_no_verdict() {
    let layout = Layout::load("classic-4").unwrap();
    let mut row = stored(&layout, 1);
    // Checked and failed: the failure stands for this content.
    row.validation = Some("failed".into());
    row.validated_hash = Some(verdict_hash(&row, false));
    assert!(!needs_check(&row));
    // The same content with its verdict set to ok by hand: unchecked.
    row.validation = Some("ok".into());
    assert!(needs_check(&row));
    // The old hash (the content's alone) grants nothing either.
    row.validated_hash = Some(content_hash(&row));
    assert!(needs_check(&row));
    // A verdict with no hash at all: unchecked.
    row.validated_hash = None;
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

#[test]
fn killer_puzzles_are_checked_under_their_cages() {
    let layout = Layout::load("killer-9").unwrap();
    let row = stored(&layout, 3);
    assert_eq!(verdict(&row), None);
    assert_eq!(row.givens.chars().filter(|&c| c != '.').count(), 0, "classic killer: no givens");
    // The counter proves uniqueness from the cages alone; with cages taken
    // away (one, then two together) it counts what the solver counts.
    let own = Layout::from_source(std::path::Path::new("killer-9.toml"), row.layout_source.clone()).unwrap();
    let model = &own.cells().unwrap().model;
    let givens = model.parse_grid(&row.givens).unwrap();
    assert_eq!(count_solutions(model, &givens, 2).solutions, 1);
    let mut ambiguous = 0;
    for k in 0..model.cages.len() {
        for gone in [vec![k], vec![k, (k + 1) % model.cages.len()]] {
            let mut fewer = model.clone();
            fewer.cages = (0..model.cages.len()).filter(|j| !gone.contains(j)).map(|j| model.cages[j].clone()).collect();
            let ours = count_solutions(&fewer, &givens, 2).solutions;
            assert_eq!(ours, Solver::new(&fewer).count(&givens, 2).solutions, "cages {gone:?} taken away");
            ambiguous += usize::from(ours == 2);
        }
    }
    assert!(ambiguous > 0, "some cage is needed");

    // A wrong sum in the stored layout: no solution, or not the stored one.
    let first_sum = row.layout_source.find("{ sum = ").unwrap() + "{ sum = ".len();
    let end = first_sum + row.layout_source[first_sum..].find(',').unwrap();
    let sum: u32 = row.layout_source[first_sum..end].parse().unwrap();
    let mut tampered = row.clone();
    tampered.layout_source = format!("{}{}{}", &row.layout_source[..first_sum], sum + 1, &row.layout_source[end..]);
    let problem = verdict(&tampered).unwrap();
    assert!(problem.contains(&format!("adds up to {sum}, not {}", sum + 1)), "{problem}");

    // A solution with two cells of a cage swapped breaks the sums or a house.
    let mut swapped = row.clone();
    let s: Vec<char> = row.solution.chars().collect();
    swapped.solution = with_char(&with_char(&row.solution, 0, s[1]), 1, s[0]);
    assert!(verdict(&swapped).unwrap().starts_with("solution: "));
}

#[test]
fn the_independent_counter_agrees_with_the_solver_on_hand_made_cages() {
    // A 4×4 killer: the cages alone fix the grid.
    let text = "name = \"K\"\ndescription = \"k\"\nrules = \"r\"\nsize = 4\nboxes = \"2x2\"\ncages = [
  { sum = 3, cells = \"r1c1 r1c2\" }, { sum = 7, cells = \"r1c3 r1c4\" },
  { sum = 7, cells = \"r2c1 r2c2\" }, { sum = 3, cells = \"r2c3 r2c4\" },
  { sum = 4, cells = \"r3c1 r4c1\" }, { sum = 6, cells = \"r3c2 r4c2\" },
  { sum = 4, cells = \"r3c3 r4c3\" }, { sum = 6, cells = \"r3c4 r4c4\" },
]\n";
    let layout = Layout::from_source(std::path::Path::new("k.toml"), text.into()).unwrap();
    let model = &layout.cells().unwrap().model;
    let empty = Grid::empty(16);
    let ours = count_solutions(model, &empty, 10);
    let theirs = Solver::new(model).count(&empty, 10);
    assert_eq!(ours.solutions, theirs.solutions);
    let first = ours.first.unwrap();
    model.check_solution(&first).unwrap();
}
