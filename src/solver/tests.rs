use super::*;
use crate::layout::{CellLayout, Layout};
use crate::model::{Conflict, SymbolSet};
use std::path::Path;

fn layout(text: &str) -> CellLayout {
    Layout::from_source(Path::new("test.toml"), text.to_string()).unwrap().cells().unwrap().clone()
}

/// Plain backtracking over cells in order, checking house counts, marks and
/// relations directly: slow, obviously right, shares nothing with the engine.
fn brute_force_count(model: &crate::model::Model, givens: &Grid) -> usize {
    fn fits(model: &crate::model::Model, grid: &Grid, cell: usize) -> bool {
        let s = grid.cells[cell].unwrap();
        for house in model.houses.iter().filter(|h| h.cells.contains(&cell)) {
            let n = house.cells.iter().filter(|&&c| grid.cells[c] == Some(s)).count();
            if n > house.counts[s as usize] as usize {
                return false;
            }
        }
        model.conflicts.iter().all(|r| match (grid.cells[r.a], grid.cells[r.b]) {
            (Some(x), Some(y)) => !(r.a_symbols.contains(x) && r.b_symbols.contains(y)),
            _ => true,
        })
    }
    fn go(model: &crate::model::Model, grid: &mut Grid, cell: usize) -> usize {
        if cell == grid.cells.len() {
            return 1;
        }
        if grid.cells[cell].is_some() {
            return if fits(model, grid, cell) { go(model, grid, cell + 1) } else { 0 };
        }
        let mut total = 0;
        for s in model.allowed[cell].iter() {
            grid.cells[cell] = Some(s);
            if fits(model, grid, cell) {
                total += go(model, grid, cell + 1);
            }
        }
        grid.cells[cell] = None;
        total
    }
    go(model, &mut givens.clone(), 0)
}

#[test]
fn four_by_four_has_288_grids() {
    let l = Layout::load_cells("classic-4").unwrap().1;
    let solver = Solver::new(&l.model);
    assert_eq!(solver.count(&Grid::empty(16), 1000).solutions, 288);
    assert_eq!(brute_force_count(&l.model, &Grid::empty(16)), 288);
}

#[test]
fn counts_match_brute_force_on_small_variants() {
    let cases = [
        // Diagonal 4×4.
        "description = \"d\"\nsize = 4\nboxes = \"2x2\"\ndiagonals = true\n",
        // A star symbol occurring twice per house (Stars & Stripes in small).
        "description = \"s\"\nsize = 4\nsymbols = \"12*\"\ncounts = { \"*\" = 2 }\nboxes = \"2x2\"\n",
        // Even/odd marks.
        "description = \"m\"\nsize = 4\nboxes = \"2x2\"\nmarks = \"\"\"\nE..O\n....\n.O..\n...E\n\"\"\"\n",
        // Jigsaw regions.
        "description = \"j\"\nsize = 4\nregions = \"\"\"\nAAAB\nCABB\nCCDB\nCDDD\n\"\"\"\n",
        // 6×6 with a few givens.
        "description = \"six\"\nsize = 6\nboxes = \"2x3\"\n",
    ];
    for text in cases {
        let l = layout(text);
        let solver = Solver::new(&l.model);
        let mut givens = Grid::empty(l.model.cell_count());
        if l.size == 6 {
            givens = l.model.parse_grid("1.....4.....2.....5.....3.....6.....").unwrap();
        }
        let expected = brute_force_count(&l.model, &givens);
        assert!(expected > 1, "{text}: test case should have several solutions");
        assert_eq!(solver.count(&givens, 1_000_000).solutions, expected, "{text}");
        assert_eq!(solver.count(&givens, 3).solutions, 3.min(expected), "limit is respected");
    }
}

#[test]
fn relations_act_on_placement_and_match_brute_force() {
    // Magic-5 style on 4×4: a 3 forbids 4 in the cell directly above it.
    let mut model = Layout::load_cells("classic-4").unwrap().1.model;
    for cell in 4..16 {
        model.conflicts.push(Conflict { a: cell, a_symbols: SymbolSet::single(2), b: cell - 4, b_symbols: SymbolSet::single(3) });
    }
    let solver = Solver::new(&model);
    let expected = brute_force_count(&model, &Grid::empty(16));
    assert!(expected > 0 && expected < 288, "the relation should remove some grids: {expected}");
    assert_eq!(solver.count(&Grid::empty(16), 1000).solutions, expected);
    let count = solver.count(&Grid::empty(16), 1000);
    model.check_solution(count.first.as_ref().unwrap()).unwrap();
}

#[test]
fn known_puzzle_has_its_known_solution() {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let solver = Solver::new(&l.model);
    let givens = l.model.parse_grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").unwrap();
    let Verdict::Unique(solution) = solver.verdict(&givens) else { panic!("expected unique") };
    assert_eq!(l.model.format_grid(&solution), "468931527751624839392578461134756298289413675675289314846192753513867942927345186");
}

#[test]
fn conflicting_givens_have_no_solution_and_open_grids_many() {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let solver = Solver::new(&l.model);
    let twice_in_row = l.model.parse_grid(&format!("11{}", ".".repeat(79))).unwrap();
    assert_eq!(solver.verdict(&twice_in_row), Verdict::None);
    assert_eq!(solver.verdict(&Grid::empty(81)), Verdict::Multiple);
    assert_eq!(solver.count(&Grid::empty(81), 50).solutions, 50);
}

fn data_slice(file: &str, take: usize) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku").join(file);
    let lines = crate::puzzle_file::read_puzzle_lines(&path).unwrap_or_else(|e| panic!("{e:#}"));
    // Spread the slice over the whole file.
    let step = (lines.len() / take).max(1);
    lines.into_iter().step_by(step).take(take).map(|l| l.text).collect()
}

fn check_data(file: &str, take: usize, expect_unique: bool) {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let solver = Solver::new(&l.model);
    for text in data_slice(file, take) {
        let givens = l.model.parse_grid(&text).unwrap();
        match solver.verdict(&givens) {
            Verdict::Unique(solution) => {
                assert!(expect_unique, "{file}: {text} reported unique");
                l.model.check_solution(&solution).unwrap();
                assert!(givens.cells.iter().zip(&solution.cells).all(|(g, s)| g.is_none() || g == s), "solution keeps the givens");
            }
            other => assert!(!expect_unique && other == Verdict::Multiple, "{file}: {text} gave {other:?}"),
        }
    }
}

#[test]
fn seventeen_clue_slice_is_unique() {
    check_data("17-clue.txt", 500, true);
}

#[test]
fn top1465_slice_is_unique() {
    check_data("top1465.txt", 300, true);
}

#[test]
fn hardest_slice_is_unique() {
    check_data("hardest-1106.txt", 100, true);
}

#[test]
fn multi_solution_slice_is_multiple() {
    check_data("multi-solution.txt", 500, false);
}

/// The generator's question, "is there a solution other than the known one
/// with another symbol in this cell?", against the plain count-to-2, on
/// the shared sets: for each unique puzzle and each of its givens, the
/// puzzle without the given has two solutions exactly when some solution
/// puts another symbol there; a multi-solution puzzle has some empty cell
/// where another solution than the first found differs, a unique one none.
fn check_other_than(file: &str, take: usize) -> [usize; 2] {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let solver = Solver::new(&l.model);
    // [removals that keep the puzzle unique, removals that do not]
    let mut seen = [0usize; 2];
    for text in data_slice(file, take) {
        let mut givens = l.model.parse_grid(&text).unwrap();
        let count = solver.count(&givens, 2);
        let known = count.first.expect("every shared puzzle has a solution");
        let differs_somewhere =
            (0..81).filter(|&c| givens.cells[c].is_none()).any(|c| solver.other_than(&givens, c, known.cells[c].unwrap(), &known));
        assert_eq!(differs_somewhere, count.solutions == 2, "{file}: {text}");
        if count.solutions == 2 {
            continue;
        }
        for c in 0..81 {
            let Some(v) = givens.cells[c] else { continue };
            givens.cells[c] = None;
            let other = solver.other_than(&givens, c, v, &known);
            let several = solver.count(&givens, 2).solutions == 2;
            assert_eq!(other, several, "{file}: {text} without r{}c{}", c / 9 + 1, c % 9 + 1);
            seen[usize::from(several)] += 1;
            givens.cells[c] = Some(v);
        }
    }
    seen
}

#[test]
fn another_solution_agrees_with_count_to_two_on_the_shared_sets() {
    // 17-clue puzzles are minimal: every removal gives several solutions.
    assert_eq!(check_other_than("17-clue.txt", 100)[0], 0);
    let [kept, lost] = check_other_than("top1465.txt", 100);
    assert!(kept > 0 && lost > 0, "both outcomes should occur: {kept} {lost}");
    assert_eq!(check_other_than("multi-solution.txt", 300), [0, 0]);
}

/// Every puzzle of every shared file (about 50,000): `cargo test --profile release-tests -- --ignored`.
#[test]
#[ignore]
fn all_shared_data_verdicts() {
    check_data("17-clue.txt", usize::MAX, true);
    check_data("top1465.txt", usize::MAX, true);
    check_data("hardest-1106.txt", usize::MAX, true);
    check_data("multi-solution.txt", usize::MAX, false);
}

// ---- The 9×9 fast path against the generic engine ----

/// Same solution count at `limit`; with one solution below the limit, the same solution
/// (then it is the unique one); any reported first solution is a solution
/// of the puzzle under the model.
fn assert_fast_agrees(model: &crate::model::Model, fast: &Solver, generic: &Solver, givens: &Grid, limit: usize) -> usize {
    assert!(fast.is_fast() && !generic.is_fast());
    let f = fast.count(givens, limit);
    let g = generic.count(givens, limit);
    let text = model.format_grid(givens);
    assert_eq!(f.solutions, g.solutions, "{text} at limit {limit}");
    assert_eq!(f.first.is_some(), f.solutions > 0, "{text}");
    if let Some(first) = &f.first {
        model.check_solution(first).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(givens.cells.iter().zip(&first.cells).all(|(g, s)| g.is_none() || g == s), "{text}: first keeps the givens");
    }
    if f.solutions == 1 && limit >= 2 {
        assert_eq!(f.first, g.first, "{text}: the unique solution");
    }
    f.solutions
}

fn compare_file(file: &str, take: usize) -> [usize; 3] {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let (fast, generic) = (Solver::new(&l.model), Solver::generic(&l.model));
    let mut by_count = [0; 3];
    for text in data_slice(file, take) {
        let givens = l.model.parse_grid(&text).unwrap();
        by_count[assert_fast_agrees(&l.model, &fast, &generic, &givens, 2)] += 1;
    }
    by_count
}

#[test]
fn fast_path_is_chosen_from_the_model() {
    for (id, fast) in [
        ("classic-9", true),
        ("even-odd-9", true),
        ("snake-17", true),
        ("wordoku-9", true),
        ("trividoku-9", true),
        ("diagonal-9", true),
        ("windoku-9", true),
        ("islands-9", true),
        ("atlantis-9", true),
        ("classic-16", true),
        ("classic-4", false),
        ("jigsaw-9", false),
    ] {
        assert_eq!(Solver::new(&Layout::load_cells(id).unwrap().1.model).is_fast(), fast, "{id}");
    }
    // The model decides, not the name: a relation keeps the fast path, a
    // missing house, a cage or a house of eight cells sends classic-9 to the engine.
    let mut model = Layout::load_cells("classic-9").unwrap().1.model;
    model.conflicts.push(Conflict { a: 0, a_symbols: SymbolSet::single(0), b: 10, b_symbols: SymbolSet::single(1) });
    assert!(Solver::new(&model).is_fast());
    let mut model = Layout::load_cells("classic-9").unwrap().1.model;
    model.houses.pop();
    assert!(!Solver::new(&model).is_fast());
    let mut model = Layout::load_cells("classic-9").unwrap().1.model;
    model.cages.push(crate::model::Cage { cells: vec![0, 1], sum: 3 });
    assert!(!Solver::new(&model).is_fast());
    let mut model = Layout::load_cells("diagonal-9").unwrap().1.model;
    let last = model.houses.len() - 1;
    model.houses[last].cells.pop();
    assert!(!Solver::new(&model).is_fast());
    let mut model = Layout::load_cells("classic-9").unwrap().1.model;
    model.houses[0].counts[3] = 2;
    assert!(!Solver::new(&model).is_fast());
    // House order and cell order within a house do not matter.
    let mut model = Layout::load_cells("classic-9").unwrap().1.model;
    model.houses.reverse();
    model.houses[4].cells.reverse();
    assert!(Solver::new(&model).is_fast());
}

#[test]
fn fast_path_agrees_on_seventeen_clue_slice() {
    assert_eq!(compare_file("17-clue.txt", 3000), [0, 3000, 0]);
}

#[test]
fn fast_path_agrees_on_top1465() {
    assert_eq!(compare_file("top1465.txt", usize::MAX), [0, 1465, 0]);
}

#[test]
fn fast_path_agrees_on_hardest_slice() {
    let n = compare_file("hardest-1106.txt", 150);
    assert_eq!(n[1], n.iter().sum::<usize>());
}

#[test]
fn fast_path_agrees_on_multi_solution() {
    assert_eq!(compare_file("multi-solution.txt", usize::MAX), [0, 0, 2000]);
}

/// Every line of every shared file: `cargo test --profile release-tests --lib solver -- --ignored`.
#[test]
#[ignore]
fn fast_path_agrees_on_all_shared_data() {
    assert_eq!(compare_file("17-clue.txt", usize::MAX), [0, 49158, 0]);
    assert_eq!(compare_file("top1465.txt", usize::MAX), [0, 1465, 0]);
    let n = compare_file("hardest-1106.txt", usize::MAX);
    assert_eq!(n[1], n.iter().sum::<usize>());
    assert_eq!(compare_file("multi-solution.txt", usize::MAX), [0, 0, 2000]);
}

#[test]
fn fast_path_counts_exactly_beyond_two() {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let (fast, generic) = (Solver::new(&l.model), Solver::generic(&l.model));
    assert_eq!(fast.count(&Grid::empty(81), 2).solutions, 2);
    assert_eq!(fast.count(&Grid::empty(81), 1000).solutions, 1000);
    // 17-clue puzzles with clues taken away: exact counts in the hundreds.
    let mut checked = 0;
    for text in data_slice("17-clue.txt", 40) {
        let mut givens = l.model.parse_grid(&text).unwrap();
        let clues: Vec<usize> = (0..81).filter(|&c| givens.cells[c].is_some()).collect();
        givens.cells[clues[0]] = None;
        givens.cells[clues[7]] = None;
        let n = assert_fast_agrees(&l.model, &fast, &generic, &givens, 5000);
        checked += usize::from(n > 2);
        for limit in [1, 2, 3, 7] {
            assert_fast_agrees(&l.model, &fast, &generic, &givens, limit);
        }
    }
    assert!(checked > 10, "the test should see puzzles with many solutions: {checked}");
}

#[test]
fn fast_path_finds_no_solution_for_clashes_and_dead_ends() {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let (fast, generic) = (Solver::new(&l.model), Solver::generic(&l.model));
    let clash = |a: usize, b: usize| {
        let mut g = Grid::empty(81);
        g.cells[a] = Some(4);
        g.cells[b] = Some(4);
        g
    };
    // Same row, same column, same box (different row and column), same cell twice is impossible.
    for g in [clash(0, 8), clash(0, 72), clash(0, 20), clash(30, 50)] {
        assert_eq!(fast.count(&g, 2).solutions, 0, "{}", l.model.format_grid(&g));
        assert_fast_agrees(&l.model, &fast, &generic, &g, 2);
    }
    // A given that every solution contradicts, without a direct clash: a
    // unique puzzle with one empty cell set to another digit its peers allow.
    let mut dead = 0;
    for text in data_slice("top1465.txt", 60) {
        let givens = l.model.parse_grid(&text).unwrap();
        let solution = generic.count(&givens, 2).first.unwrap();
        for c in (0..81).filter(|&c| givens.cells[c].is_none()) {
            let mut g = givens.clone();
            g.cells[c] = Some((solution.cells[c].unwrap() + 1) % 9);
            if generic.count(&g, 2).solutions == 0 {
                assert_eq!(assert_fast_agrees(&l.model, &fast, &generic, &g, 2), 0);
                dead += 1;
                break;
            }
        }
    }
    assert!(dead > 50, "{dead}");
    // A cell with no digit left: the first row takes 1–8, column 8 takes 9 below.
    let g = l.model.parse_grid(&format!("12345678.{}9{}", ".".repeat(17), ".".repeat(54))).unwrap();
    assert_eq!(fast.count(&g, 2).solutions, 0);
    assert_eq!(generic.count(&g, 2).solutions, 0);
}

#[test]
fn fast_path_agrees_with_random_marks() {
    use rand::rngs::ChaCha8Rng;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let l = Layout::load_cells("classic-9").unwrap().1;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let generic9 = Solver::generic(&l.model);
    let mut counts = [0usize; 3];
    for (n, text) in data_slice("17-clue.txt", 300).into_iter().enumerate() {
        let givens = l.model.parse_grid(&text).unwrap();
        let solution = generic9.count(&givens, 2).first.unwrap();
        let mut model = l.model.clone();
        // Even/odd marks on some cells (as even-odd-9), random subsets
        // holding the solution's digit on others.
        for c in 0..81 {
            let digit = solution.cells[c].unwrap();
            let roll = rng.random_range(0..10);
            model.allowed[c] = match roll {
                0..=2 => SymbolSet((0..9).filter(|d| d % 2 == digit % 2).fold(0, |s, d| s | 1 << d)),
                3 => {
                    let mut others: Vec<u8> = (0..9).filter(|&d| d != digit).collect();
                    others.shuffle(&mut rng);
                    SymbolSet(others[..rng.random_range(0..5)].iter().fold(1 << digit, |s, d| s | 1 << d))
                }
                _ => SymbolSet::all(9),
            };
        }
        // Every third puzzle: one mark that the solution breaks (often no solution then).
        if n % 3 == 0 {
            let c = rng.random_range(0..81);
            model.allowed[c] =
                SymbolSet(model.allowed[c].0 & !(1 << solution.cells[c].unwrap()) | 1 << ((solution.cells[c].unwrap() + 3) % 9));
        }
        let (fast, generic) = (Solver::new(&model), Solver::generic(&model));
        // Fewer givens than the puzzle: marks must do the work.
        let mut fewer = givens.clone();
        let clues: Vec<usize> = (0..81).filter(|&c| fewer.cells[c].is_some()).collect();
        for &c in clues.iter().step_by(2) {
            fewer.cells[c] = None;
        }
        for g in [&givens, &fewer] {
            let k = assert_fast_agrees(&model, &fast, &generic, g, 2);
            counts[k] += 1;
            assert_fast_agrees(&model, &fast, &generic, g, 20);
        }
    }
    assert!(counts.iter().all(|&k| k > 20), "all outcomes should occur: {counts:?}");
}

#[test]
fn fast_path_respects_exclusions_and_node_budgets() {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let (fast, generic) = (Solver::new(&l.model), Solver::generic(&l.model));
    // The generator's removal check: take a clue away and ask for a solution avoiding its value.
    for text in data_slice("top1465.txt", 40) {
        let givens = l.model.parse_grid(&text).unwrap();
        let solution = generic.count(&givens, 2).first.unwrap();
        for c in (0..81).filter(|&c| givens.cells[c].is_some()).take(6) {
            let mut g = givens.clone();
            g.cells[c] = None;
            let ex = [(c, solution.cells[c].unwrap())];
            let (a, b) = (fast.count_excluding(&g, &ex, 1), generic.count_excluding(&g, &ex, 1));
            assert_eq!(a.solutions, b.solutions, "{text} without {c}");
            if let Some(first) = &a.first {
                l.model.check_solution(first).unwrap();
                assert_ne!(first.cells[c], solution.cells[c]);
            }
        }
        // Excluding a given's own value leaves nothing.
        let c = (0..81).find(|&c| givens.cells[c].is_some()).unwrap();
        assert_eq!(fast.count_excluding(&givens, &[(c, givens.cells[c].unwrap())], 2).solutions, 0);
    }
    let hard = l.model.parse_grid(&data_slice("hardest-1106.txt", 1)[0]).unwrap();
    assert!(fast.count_excluding_within(&hard, &[], 2, 1).is_none(), "one node is not enough");
    assert_eq!(fast.count_excluding_within(&hard, &[], 2, 1_000_000).map(|c| c.solutions), Some(1));
}

/// Layouts the fast path takes with extra houses or relations: from random
/// full grids, puzzles of 14 to 40 givens (some unique, many not, some
/// with a given changed so that none is left) counted both ways.
#[test]
fn fast_path_agrees_with_extra_houses_and_relations() {
    use rand::rngs::ChaCha8Rng;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for id in ["diagonal-9", "windoku-9", "islands-9", "atlantis-9", "trividoku-9"] {
        let model = Layout::load_cells(id).unwrap().1.model;
        let (fast, generic) = (Solver::new(&model), Solver::generic(&model));
        let mut counts = [0usize; 3];
        for round in 0..60 {
            let (solution, _) = generic.random_fill(&mut rng, u64::MAX).unwrap();
            model.check_solution(&solution).unwrap();
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(&mut rng);
            let mut givens = Grid::empty(81);
            for &c in &cells[..rng.random_range(14..40)] {
                givens.cells[c] = solution.cells[c];
            }
            if round % 5 == 0 {
                let c = cells[0];
                givens.cells[c] = Some((solution.cells[c].unwrap() + 1) % 9);
            }
            let k = assert_fast_agrees(&model, &fast, &generic, &givens, 2);
            counts[k] += 1;
            assert_fast_agrees(&model, &fast, &generic, &givens, 30);
            // The generator's question, near the known solution.
            let c = cells[rng.random_range(0..cells.len())];
            if let Some(v) = givens.cells[c] {
                let mut fewer = givens.clone();
                fewer.cells[c] = None;
                let expected = generic.count_excluding(&fewer, &[(c, v)], 1).solutions > 0;
                assert_eq!(fast.other_than(&fewer, c, v, &solution), expected, "{id}");
                assert_eq!(generic.other_than(&fewer, c, v, &solution), expected, "{id}");
            }
        }
        assert!(counts.iter().all(|&k| k > 3), "{id}: all outcomes should occur: {counts:?}");
    }
}

/// A filled grid from the fast path obeys every rule of the layout.
#[test]
fn random_fills_keep_every_rule() {
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;
    for id in ["classic-9", "diagonal-9", "windoku-9", "atlantis-9", "even-odd-9", "samurai", "classic-16", "jigsaw-9"] {
        let model = Layout::load_cells(id).unwrap().1.model;
        let solver = Solver::new(&model);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..5 {
            let (grid, _) = solver.random_fill(&mut rng, u64::MAX).unwrap();
            model.check_solution(&grid).unwrap_or_else(|e| panic!("{id}: {e}"));
            seen.insert(grid);
        }
        assert_eq!(seen.len(), 5, "{id}: fills differ");
    }
}

/// Singles alone: a puzzle they fill, puzzles where they stop short, and
/// the fast path and the engine agree on puzzles of both kinds.
#[test]
fn singles_alone_fill_easy_puzzles_only() {
    let l = Layout::load_cells("classic-9").unwrap().1;
    let (fast, generic) = (Solver::new(&l.model), Solver::generic(&l.model));
    // Wikipedia's example puzzle: singles all the way.
    let wiki = l.model.parse_grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
    assert!(fast.solves_by_singles(&wiki) && generic.solves_by_singles(&wiki));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut outcomes = [0usize; 2];
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(5) {
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(Ok(rating))) = (fields.next(), fields.next().map(str::parse::<f32>)) else { continue };
        let givens = l.model.parse_grid(puzzle).unwrap();
        // Sudoku Explainer rates singles at most 2.3: from 2.5 up they stop short.
        assert!(rating >= 2.5);
        assert!(!fast.solves_by_singles(&givens) && !generic.solves_by_singles(&givens), "{puzzle}");
        // With every twentieth open cell filled in from the solution, often they do.
        let solution = generic.count(&givens, 2).first.unwrap();
        let mut more = givens.clone();
        for c in (0..81).filter(|&c| givens.cells[c].is_none()).step_by(20) {
            more.cells[c] = solution.cells[c];
        }
        let by_singles = fast.solves_by_singles(&more);
        assert_eq!(by_singles, generic.solves_by_singles(&more), "{}", l.model.format_grid(&more));
        outcomes[usize::from(by_singles)] += 1;
    }
    assert!(outcomes.iter().all(|&n| n > 100), "{outcomes:?}");
}

/// The 16×16 fast path against the engine: puzzles from random full grids
/// with 70 to 150 givens (unique, several solutions, or, with a given
/// changed, none), some cells restricted by marks, counted both ways; the
/// generator's question and singles alone too.
#[test]
fn fast16_agrees_with_the_engine() {
    use rand::rngs::ChaCha8Rng;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let base = Layout::load_cells("classic-16").unwrap().1.model;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut counts = [0usize; 3];
    let mut singles = [0usize; 2];
    for round in 0..50 {
        let (solution, _) = Solver::generic(&base).random_fill(&mut rng, u64::MAX).unwrap();
        let mut model = base.clone();
        if round % 2 == 1 {
            // Marks: a few cells limited to a random set holding their symbol.
            for c in 0..256 {
                if rng.random_range(0..8) != 0 {
                    continue;
                }
                let s = solution.cells[c].unwrap();
                model.allowed[c] = SymbolSet((0..16).filter(|_| rng.random_range(0..3) == 0).fold(1 << s, |m, d| m | 1 << d));
            }
        }
        let (fast, generic) = (Solver::new(&model), Solver::generic(&model));
        assert!(fast.is_fast());
        let mut cells: Vec<usize> = (0..256).collect();
        cells.shuffle(&mut rng);
        let mut givens = Grid::empty(256);
        for &c in &cells[..rng.random_range(70..150)] {
            givens.cells[c] = solution.cells[c];
        }
        if round % 7 == 0 {
            let c = cells[0];
            givens.cells[c] = Some((solution.cells[c].unwrap() + 1) % 16);
        }
        counts[assert_fast_agrees(&model, &fast, &generic, &givens, 2)] += 1;
        assert_fast_agrees(&model, &fast, &generic, &givens, 25);
        let by_singles = fast.solves_by_singles(&givens);
        assert_eq!(by_singles, generic.solves_by_singles(&givens));
        singles[usize::from(by_singles)] += 1;
        let c = cells[1];
        if let Some(v) = givens.cells[c] {
            let mut fewer = givens.clone();
            fewer.cells[c] = None;
            let expected = generic.count_excluding(&fewer, &[(c, v)], 1).solutions > 0;
            assert_eq!(fast.other_than(&fewer, c, v, &solution), expected);
            assert_eq!(fast.count_excluding(&fewer, &[(c, v)], 1).solutions > 0, expected);
        }
    }
    assert!(counts.iter().all(|&k| k > 3), "all outcomes should occur: {counts:?}");
    assert!(singles.iter().all(|&k| k > 3), "{singles:?}");
}

/// `solve` and `import` ask with a budget: a count that cannot finish (every
/// 9×9 grid) and a Tridoku of three givens stop within it and say so.
#[test]
fn budgeted_searches_stop_and_say_undecided() {
    let nodes = |n: u64| Budget { nodes: n, deadline: None };
    let nine = Layout::load_cells("classic-9").unwrap().1;
    let solver = Solver::new(&nine.model);
    let empty = Grid::empty(81);
    match solver.count_within(&empty, usize::MAX, nodes(5_000)) {
        Budgeted::Undecided { found, nodes } => {
            assert!(found > 0 && nodes <= 5_001, "{found} found in {nodes} nodes");
        }
        other => panic!("counting every grid within 5,000 nodes ended: {other:?}"),
    }
    assert!(matches!(solver.count_within(&empty, 10, nodes(5_000)), Budgeted::Decided(Count { solutions: 10, .. })));
    assert_eq!(solver.verdict_within(&empty, nodes(5_000)), Budgeted::Decided(Verdict::Multiple));
    // A time budget alone ends the count too (the clock is read between
    // stretches of nodes, outside the search's way).
    let timed = Budget::new(u64::MAX, Some(std::time::Duration::from_millis(50)));
    assert!(matches!(solver.count_within(&empty, usize::MAX, timed), Budgeted::Undecided { .. }));
    let unique = nine.model.parse_grid(&data_slice("top1465.txt", 1)[0]).unwrap();
    let long = Budget::new(u64::MAX, Some(std::time::Duration::from_secs(600)));
    assert!(matches!(solver.verdict_within(&unique, long), Budgeted::Decided(Verdict::Unique(_))));

    let tridoku = Layout::load_cells("tridoku").unwrap().1;
    let solver = Solver::new(&tridoku.model);
    assert!(!solver.is_fast());
    let mut givens = Grid::empty(tridoku.model.cell_count());
    for (cell, symbol) in [(11, 0), (14, 3), (52, 3)] {
        givens.cells[cell] = Some(symbol);
    }
    match solver.verdict_within(&givens, nodes(20)) {
        Budgeted::Undecided { nodes, .. } => assert!(nodes <= 21, "{nodes} nodes"),
        other => panic!("a few givens on Tridoku decided in 20 nodes: {other:?}"),
    }
    let timed = Budget::new(u64::MAX, Some(std::time::Duration::from_millis(50)));
    assert!(matches!(solver.verdict_within(&givens, timed), Budgeted::Undecided { .. }));
}
