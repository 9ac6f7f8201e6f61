//! The killer ladder past the rule of 45 over one run of lines: named
//! positions (two expert killers of `generate killer-9 --difficulty expert
//! --seed 1000`, which the ladder before this one rated "guess", 10.0), the
//! exact eliminations of each new technique's first step on them, and that
//! no step of any killer path removes a solution digit.

use super::{Grade, Technique};
use crate::layout::Layout;

/// The layout file `generate` stores with an expert killer, before its cages.
const KILLER_HEAD: &str = r#"name = "Killer Sudoku"
description = "Killer 9×9: cages with sums drawn anew for every puzzle, no givens"
rules = "Place 1–9 once in every row, column and 3×3 box. The digits in each dashed cage add up to the small number in its corner, and no digit repeats within a cage."
size = 9
boxes = "3x3"
"#;

/// Expert killer A: its cages (as `generate` stored them).
const KILLER_A: &str = r#"cages = [
  { sum = 21, cells = "r1c1 r1c2 r1c3 r1c4" },
  { sum = 20, cells = "r1c5 r1c6 r1c7 r2c7" },
  { sum = 24, cells = "r1c8 r1c9 r2c8 r2c9 r3c8" },
  { sum = 21, cells = "r2c1 r2c2 r2c3 r2c4" },
  { sum = 19, cells = "r2c5 r3c5 r4c5 r4c6" },
  { sum = 13, cells = "r2c6 r3c6" },
  { sum = 16, cells = "r3c1 r4c1 r5c1 r6c1" },
  { sum = 26, cells = "r3c2 r4c2 r5c2 r5c3 r6c2" },
  { sum = 27, cells = "r3c3 r3c4 r4c3 r4c4 r5c4" },
  { sum = 25, cells = "r3c7 r4c7 r5c7 r5c8" },
  { sum = 9, cells = "r3c9 r4c8 r4c9" },
  { sum = 21, cells = "r5c5 r5c6 r6c6 r6c7 r6c8" },
  { sum = 23, cells = "r5c9 r6c9 r7c9" },
  { sum = 4, cells = "r6c3 r7c3" },
  { sum = 18, cells = "r6c4 r6c5 r7c4 r8c4" },
  { sum = 21, cells = "r7c1 r7c2 r8c1 r9c1" },
  { sum = 18, cells = "r7c5 r8c5 r8c6 r8c7 r9c5" },
  { sum = 9, cells = "r7c6 r7c7" },
  { sum = 28, cells = "r7c8 r8c8 r8c9 r9c8 r9c9" },
  { sum = 32, cells = "r8c2 r8c3 r9c2 r9c3 r9c4" },
  { sum = 10, cells = "r9c6 r9c7" },
]
"#;
const SOLUTION_A: &str = "947158632825639174136724985684295713219873546753461829591347268468512397372986451";
/// Expert killer B.
const KILLER_B: &str = r#"cages = [
  { sum = 22, cells = "r1c1 r1c2 r2c1 r2c2" },
  { sum = 9, cells = "r1c3 r1c4" },
  { sum = 26, cells = "r1c5 r1c6 r2c5 r3c5 r4c5" },
  { sum = 9, cells = "r1c7 r1c8 r2c8" },
  { sum = 13, cells = "r1c9 r2c9" },
  { sum = 9, cells = "r2c3 r2c4" },
  { sum = 19, cells = "r2c6 r3c6 r4c6" },
  { sum = 17, cells = "r2c7 r3c7" },
  { sum = 18, cells = "r3c1 r4c1 r5c1" },
  { sum = 22, cells = "r3c2 r3c3 r4c2 r5c2 r6c2" },
  { sum = 22, cells = "r3c4 r4c4 r5c4 r6c4" },
  { sum = 18, cells = "r3c8 r3c9 r4c8 r4c9" },
  { sum = 12, cells = "r4c3 r5c3 r6c3" },
  { sum = 26, cells = "r4c7 r5c6 r5c7 r5c8 r6c6" },
  { sum = 6, cells = "r5c5 r6c5" },
  { sum = 25, cells = "r5c9 r6c8 r6c9 r7c8 r7c9" },
  { sum = 27, cells = "r6c1 r7c1 r8c1 r9c1 r9c2" },
  { sum = 8, cells = "r6c7 r7c7" },
  { sum = 7, cells = "r7c2 r8c2" },
  { sum = 24, cells = "r7c3 r7c4 r7c5 r8c4" },
  { sum = 15, cells = "r7c6 r8c5 r8c6" },
  { sum = 18, cells = "r8c3 r9c3 r9c4 r9c5" },
  { sum = 27, cells = "r8c7 r8c8 r8c9 r9c9" },
  { sum = 6, cells = "r9c6 r9c7 r9c8" },
]
"#;
const SOLUTION_B: &str = "598126347174538926326974851612487593957312468483659172849261735231795684765843219";

/// Expert killer C (the first of `generate killer-9 --difficulty expert
/// --seed 1000`): the ladder up to cage forcing chains rated it "guess".
const KILLER_C: &str = r#"cages = [
  { sum = 18, cells = "r1c1 r2c1 r3c1" },
  { sum = 15, cells = "r1c2 r1c3 r2c3 r3c3" },
  { sum = 20, cells = "r1c4 r2c4 r3c4" },
  { sum = 12, cells = "r1c5 r2c5 r2c6" },
  { sum = 21, cells = "r1c6 r1c7 r1c8 r1c9 r2c7" },
  { sum = 21, cells = "r2c2 r3c2 r4c2" },
  { sum = 16, cells = "r2c8 r2c9 r3c9" },
  { sum = 29, cells = "r3c5 r3c6 r4c5 r4c6 r4c7" },
  { sum = 10, cells = "r3c7 r3c8" },
  { sum = 19, cells = "r4c1 r5c1 r5c2 r6c1 r6c2" },
  { sum = 11, cells = "r4c3 r4c4 r5c3" },
  { sum = 22, cells = "r4c8 r4c9 r5c9 r6c9 r7c9" },
  { sum = 27, cells = "r5c4 r5c5 r5c6 r6c4 r6c5" },
  { sum = 21, cells = "r5c7 r5c8 r6c6 r6c7" },
  { sum = 25, cells = "r6c3 r7c2 r7c3 r8c3 r9c3" },
  { sum = 18, cells = "r6c8 r7c8 r8c8" },
  { sum = 19, cells = "r7c1 r8c1 r8c2" },
  { sum = 15, cells = "r7c4 r7c5 r8c4 r9c4" },
  { sum = 25, cells = "r7c6 r7c7 r8c6 r8c7 r9c7" },
  { sum = 18, cells = "r8c5 r9c5 r9c6" },
  { sum = 14, cells = "r8c9 r9c8 r9c9" },
  { sum = 9, cells = "r9c1 r9c2" },
]

"#;
const SOLUTION_C: &str = "639812457582947316741356829196238745253471968478695132814529673927163584365784291";

fn grade_of(cages: &str) -> Grade {
    let layout = Layout::from_source(std::path::Path::new("killer.toml"), format!("{KILLER_HEAD}{cages}")).unwrap();
    let model = &layout.cells().unwrap().model;
    let grader = super::Grader::new(model).unwrap();
    let givens = model.parse_grid(&".".repeat(81)).unwrap();
    grader.grade(&givens).unwrap()
}

fn first(grade: &Grade, t: Technique) -> String {
    grade.steps.iter().find(|s| s.technique == t).map(|s| s.description.clone()).unwrap_or_default()
}

/// No step removes or misplaces a digit of the solution.
fn sound(grade: &Grade, solution: &str) {
    let digit = |c: usize| solution.as_bytes()[c] - b'1';
    for step in &grade.steps {
        assert!(step.eliminations.iter().all(|&(c, d)| digit(c) != d), "{}", step.description);
        assert!(step.placements.iter().all(|&(c, d)| digit(c) == d), "{}", step.description);
    }
}

#[test]
fn an_expert_killer_once_rated_guess_is_rated_by_a_cage_chain() {
    for (layout, solution) in [(KILLER_A, SOLUTION_A), (KILLER_B, SOLUTION_B)] {
        let grade = grade_of(layout);
        assert!(grade.solved);
        assert_ne!(grade.hardest, Technique::Guess);
        assert!(!grade.steps.iter().any(|s| s.technique == Technique::Guess));
        assert_eq!(grade.hardest, Technique::CageForcingChain);
        assert!((grade.se_rating - 8.0).abs() < 1e-6, "{}", grade.se_rating);
        sound(&grade, solution);
    }
}

#[test]
fn cage_forcing_chain_names_the_assumption_and_its_elimination() {
    let grade = grade_of(KILLER_A);
    assert_eq!(
        first(&grade, Technique::CageForcingChain),
        "cage forcing chain: if r8c4=2, the cages' sums and the houses leave a cell, house or cage no way => r8c4<>2"
    );
    let step = grade.steps.iter().find(|s| s.technique == Technique::CageForcingChain).unwrap();
    // The assumed candidate is the one removed: nothing else is its pattern.
    assert_eq!(step.eliminations, vec![(66, 1)]);
}

#[test]
fn cage_interaction_and_joined_boxes_eliminate_exactly() {
    let grade = grade_of(KILLER_B);
    assert_eq!(
        first(&grade, Technique::CageInteraction),
        "cage combination interaction: the cage at r1c1 (22) in box 1 cannot be {2578}: the rest of box 1 could not then hold its digits and sums => r1c1<>8, r2c1<>8"
    );
    assert_eq!(
        first(&grade, Technique::InniesOutiesUnion),
        "rule of 45 over joined houses: the outies of boxes 7, 8 (r6c1,r9c7,r9c8) add up to 7 => r6c1<>6, r6c1<>7, r6c1<>8, r6c1<>9"
    );
    let step = grade.steps.iter().find(|s| s.technique == Technique::InniesOutiesUnion).unwrap();
    // Its pattern cells: the three outies.
    let mut cells: Vec<usize> = step.uses.iter().map(|u| u.0).collect();
    cells.dedup();
    assert!(cells.is_empty() || cells.iter().all(|c| [45, 78, 79].contains(c)), "{cells:?}");
}

/// Every technique of the ladder keeps to the solution on generated
/// killers of every size of path (soundness, not a rating).
#[test]
fn killer_paths_never_remove_a_solution_digit() {
    let generator = crate::generate::Generator::new(&Layout::load("killer-9").unwrap(), crate::generate::Symmetry::None);
    for seed in 1..=4 {
        let p = generator.puzzle(seed).unwrap();
        let own = p.layout.as_ref().unwrap().cells().unwrap().clone();
        let grade = super::Grader::new(&own.model).unwrap().grade(&p.givens).unwrap();
        let solution: String = p.solution.cells.iter().map(|c| (b'1' + c.unwrap()) as char).collect();
        sound(&grade, &solution);
    }
}

/// The path's placements fill every cell with the solution's digit.
fn ends_in(grade: &Grade, solution: &str) {
    let mut grid = vec![b'.'; solution.len()];
    for step in &grade.steps {
        for &(c, d) in &step.placements {
            assert_eq!(grid[c], b'.', "{} places a placed cell", step.description);
            grid[c] = b'1' + d;
        }
    }
    assert_eq!(String::from_utf8(grid).unwrap(), solution);
}

#[test]
fn a_killer_once_rated_guess_is_rated_by_dynamic_cage_forcing_chains() {
    let grade = grade_of(KILLER_C);
    assert!(grade.solved);
    assert!(!grade.steps.iter().any(|s| s.technique == Technique::Guess));
    assert_eq!(grade.hardest, Technique::DynamicCageForcingChains);
    assert!((grade.se_rating - 9.1).abs() < 1e-6, "{}", grade.se_rating);
    // Where the ladder before the dynamic chains was stuck: a house's places
    // for a digit, each followed with the cage techniques as links.
    assert_eq!(
        first(&grade, Technique::DynamicCageForcingChains),
        "dynamic cage forcing chains: whichever way 6 in column 1 goes, the cages' sums, the houses and the cage techniques force the same => r1c1<>3, r2c1<>3, r3c1<>6"
    );
    sound(&grade, SOLUTION_C);
    ends_in(&grade, SOLUTION_C);
}
