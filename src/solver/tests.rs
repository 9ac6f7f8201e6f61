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

/// Every puzzle of every shared file (about 50,000): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn all_shared_data_verdicts() {
    check_data("17-clue.txt", usize::MAX, true);
    check_data("top1465.txt", usize::MAX, true);
    check_data("hardest-1106.txt", usize::MAX, true);
    check_data("multi-solution.txt", usize::MAX, false);
}
