//! Each technique on a hand-built candidate grid where it, and only it,
//! applies, with the exact eliminations; soundness of every step against
//! known solutions; the calibration against Sudoku Explainer.

use super::board::{Board, Layout};
use super::step::Technique;
use super::*;
use crate::layout::Layout as LayoutFile;

fn classic() -> (LayoutFile, Layout) {
    let file = LayoutFile::load("classic-9").unwrap();
    let layout = Layout::from_model(&file.model).unwrap();
    (file, layout)
}

fn cell(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

/// An empty board: every digit open everywhere.
fn open_board(layout: &Layout) -> Board {
    Board { values: vec![None; 81], candidates: vec![0x1ff; layout.cells] }
}

fn remove(board: &mut Board, cells: impl IntoIterator<Item = usize>, digit: u8) {
    for c in cells {
        board.candidates[c] &= !(1 << (digit - 1));
    }
}

fn row_cells(r: usize) -> Vec<usize> {
    (1..=9).map(|c| cell(r, c)).collect()
}

fn col_cells(c: usize) -> Vec<usize> {
    (1..=9).map(|r| cell(r, c)).collect()
}

fn eliminated(step: &Step) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = step.eliminations.iter().map(|&(c, d)| (c, d + 1)).collect();
    e.sort();
    e
}

#[test]
fn hidden_single_in_a_box_before_a_row() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    // Digit 5 has one place in box 1 (r2c2) and one in row 9 (r9c9).
    remove(&mut b, [cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)], 5);
    remove(&mut b, (1..9).map(|c| cell(9, c)), 7);
    let step = basic::hidden_single(&layout, &b).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::HiddenSingle, 1.2));
    assert_eq!(step.placements, vec![(cell(2, 2), 4)]);
}

#[test]
fn naked_single() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    b.candidates[cell(4, 4)] = 1 << 6;
    let step = basic::naked_single(&layout, &b).unwrap();
    assert_eq!(step.placements, vec![(cell(4, 4), 6)]);
    assert_eq!(step.rating, 2.3);
}

#[test]
fn pointing_and_claiming() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    // In box 1, digit 3 only in row 1: it goes from the rest of row 1.
    remove(&mut b, [cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)], 3);
    let step = basic::locked_candidates(&layout, &b).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::Pointing, 2.6));
    assert_eq!(eliminated(&step), (4..=9).map(|c| (cell(1, c), 3)).collect::<Vec<_>>());

    let mut b = open_board(&layout);
    // In row 5, digit 8 only in box 5 (columns 4–6): it goes from the rest of box 5.
    remove(&mut b, [1, 2, 3, 7, 8, 9].map(|c| cell(5, c)), 8);
    let step = basic::locked_candidates(&layout, &b).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::Claiming, 2.8));
    let expected: Vec<(usize, u8)> = [4, 6].iter().flat_map(|&r| (4..=6).map(move |c| (cell(r, c), 8))).collect();
    assert_eq!(eliminated(&step), expected);
}

#[test]
fn naked_and_hidden_pairs() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    b.candidates[cell(7, 1)] = 0b11; // {1, 2}
    b.candidates[cell(7, 5)] = 0b11;
    let step = basic::naked_subset(&layout, &b, 2).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::NakedPair, 3.0));
    assert!(step.eliminations.iter().all(|&(c, d)| layout.houses[6].contains(&c) && d < 2));
    assert_eq!(step.eliminations.len(), 14);

    let mut b = open_board(&layout);
    // In column 9, digits 4 and 6 only in r2 and r8.
    let others: Vec<usize> = col_cells(9).into_iter().filter(|&c| c != cell(2, 9) && c != cell(8, 9)).collect();
    remove(&mut b, others.clone(), 4);
    remove(&mut b, others, 6);
    let step = basic::hidden_subset(&layout, &b, 2).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::HiddenPair, 3.4));
    assert_eq!(step.eliminations.len(), 14, "seven other digits from each cell");
}

#[test]
fn x_wing_and_swordfish() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    // Digit 9 in rows 2 and 6 only in columns 3 and 7.
    for r in [2, 6] {
        remove(&mut b, row_cells(r).into_iter().filter(|&c| c % 9 != 2 && c % 9 != 6), 9);
    }
    // Keep locked candidates quiet: digit 9 spread in the boxes.
    let step = basic::fish(&layout, &b, 2).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::XWing, 3.2));
    let expected: Vec<(usize, u8)> =
        [1, 3, 4, 5, 7, 8, 9].iter().flat_map(|&r| [cell(r, 3), cell(r, 7)]).map(|c| (c, 9)).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    assert_eq!(eliminated(&step), expected);

    let mut b = open_board(&layout);
    // Digit 2 in rows 1, 5, 9 only in columns 1, 4, 8 (two places each).
    let keep = [(1, [1, 4]), (5, [4, 8]), (9, [1, 8])];
    for (r, cols) in keep {
        remove(&mut b, row_cells(r).into_iter().filter(|&c| !cols.contains(&(c % 9 + 1))), 2);
    }
    assert!(basic::fish(&layout, &b, 2).is_none());
    let step = basic::fish(&layout, &b, 3).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::Swordfish, 3.8));
    assert_eq!(step.eliminations.len(), 18, "columns 1, 4, 8 in the six other rows");
}

#[test]
fn xy_and_xyz_wings() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    b.candidates[cell(1, 1)] = 0b011; // pivot {1,2}
    b.candidates[cell(1, 5)] = 0b101; // {1,3}
    b.candidates[cell(5, 1)] = 0b110; // {2,3}
    let step = basic::wings(&layout, &b, false).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::XyWing, 4.2));
    assert_eq!(eliminated(&step), vec![(cell(5, 5), 3)]);

    let mut b = open_board(&layout);
    b.candidates[cell(1, 1)] = 0b111; // pivot {1,2,3}
    b.candidates[cell(1, 5)] = 0b101; // {1,3}
    b.candidates[cell(2, 2)] = 0b110; // {2,3}, same box as the pivot
    let step = basic::wings(&layout, &b, true).unwrap();
    assert_eq!((step.technique, step.rating), (Technique::XyzWing, 4.4));
    // Cells seeing all three: row 1 inside box 1.
    assert_eq!(eliminated(&step), vec![(cell(1, 2), 3), (cell(1, 3), 3)]);
}

#[test]
fn colouring_finds_a_trap() {
    let (_, layout) = classic();
    let mut b = open_board(&layout);
    // Digit 4: strong links r1c1–r3c2 (box 1), r3c2–r8c2 (column 2),
    // r8c2–r8c7 (row 8): colours A = {r1c1, r8c2}, B = {r3c2, r8c7}.
    let box1: Vec<usize> = (1..=3).flat_map(|r| (1..=3).map(move |c| cell(r, c))).collect();
    remove(&mut b, box1.into_iter().filter(|&c| c != cell(1, 1) && c != cell(3, 2)), 4);
    remove(&mut b, col_cells(2).into_iter().filter(|&c| c != cell(3, 2) && c != cell(8, 2)), 4);
    remove(&mut b, row_cells(8).into_iter().filter(|&c| c != cell(8, 2) && c != cell(8, 7)), 4);
    let step = chains::x_chain(&layout, &b).unwrap();
    assert_eq!(step.technique, Technique::XChain);
    // Only r1c7 sees both an A (r1c1, row 1) and a B (r8c7, column 7).
    assert_eq!(eliminated(&step), vec![(cell(1, 7), 4)]);
}

fn solution_of(file: &LayoutFile, givens: &crate::model::Grid) -> crate::model::Grid {
    let solver = crate::solver::Solver::new(&file.model);
    match solver.verdict(givens) {
        crate::solver::Verdict::Unique(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_step_is_sound_on_rated_puzzles() {
    let (file, layout) = classic();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt");
    let lines = crate::puzzle_file::read_puzzle_lines(&path).unwrap();
    for line in lines.iter().step_by(60) {
        let givens = file.model.parse_grid(&line.text).unwrap();
        let solution = solution_of(&file, &givens);
        let mut board = Board::new(&layout, &file.model, &givens).unwrap();
        while !board.solved() {
            let Some(step) = easiest_step(&layout, &board) else { break };
            for &(c, d) in &step.placements {
                assert_eq!(solution.cells[c], Some(d), "{:?} placed wrongly in {}", step.technique, line.text);
            }
            for &(c, d) in &step.eliminations {
                assert_ne!(solution.cells[c], Some(d), "{:?} removed the answer in {}", step.technique, line.text);
            }
            step.apply(&layout, &mut board);
        }
    }
}

#[test]
fn grades_rise_with_sudoku_explainer() {
    let report = calibrate::calibrate(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt"), 3).unwrap();
    assert!(report.spearman >= 0.85, "{report}");
}

#[test]
fn singles_only_puzzles_are_easy_and_a_jigsaw_grades_too() {
    let (file, _) = classic();
    let p = crate::generate::Generator::new(&file, crate::generate::Symmetry::None).puzzle(3).unwrap();
    let g = grade(&file.model, &p.givens).unwrap();
    assert!(g.solved && g.se_rating >= 1.0 && !g.steps.is_empty());
    assert_eq!(g.level, level_of(g.se_rating));
    let jigsaw = LayoutFile::load("jigsaw-9").unwrap();
    let p = crate::generate::Generator::new(&jigsaw, crate::generate::Symmetry::None).puzzle(3).unwrap();
    let g = grade(&jigsaw.model, &p.givens).unwrap();
    assert!(g.steps.iter().any(|s| s.contains("region")), "{:?}", g.steps);
}
