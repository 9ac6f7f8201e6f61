//! The independent checker of a stored cell puzzle (issue 31: below
//! `family/`, which calls it; the catalog run that calls the families is
//! `crate::validate`): the solution is checked against each rule directly, a
//! plain backtracking search (`backtrack`) proves there is exactly one
//! solution and that it is the stored one, and the score, level and
//! canonical key are recomputed and compared. It shares no code with the
//! generator's solver.

pub mod backtrack;

pub use backtrack::count_solutions;

use crate::canon::Canonicalizer;
use crate::grade::Grader;
use crate::layout::CellLayout;
use crate::model::Grid;
use crate::record::{PuzzleRow, StoredGrade};
use crate::score::{Level, candidate_score};

/// The independent check of a stored sudoku-family puzzle: every rule on
/// the solution, exactly one solution by a plain backtracker, the clue
/// count, score, level, key and (where the layout has it) the technique grade.
pub fn check_cells(
    row: &PuzzleRow,
    layout: &CellLayout,
    canon: &Canonicalizer,
    grader: Option<&Grader>,
    regrade: bool,
) -> Result<Option<StoredGrade>, String> {
    check(row, layout, canon, grader.is_some())?;
    check_grade(row, layout, grader, regrade)
}

/// Grades the puzzle again; a stored grade must agree.
fn check_grade(row: &PuzzleRow, layout: &CellLayout, grader: Option<&Grader>, regrade: bool) -> Result<Option<StoredGrade>, String> {
    let Some(grader) = grader else { return Ok(None) };
    let givens = layout.model.parse_grid(&row.givens).map_err(|e| format!("givens: {e}"))?;
    let grade = grader.rate(&givens).map(|r| StoredGrade::of_rating(&r)).ok_or("the grader found the givens clash")?;
    match &row.grade {
        Some(stored) if *stored != grade && !regrade => Err(format!(
            "technique grade is {} {} ({}), but {} {} ({}) recorded (after a grader upgrade, `validate --all --regrade` stores the new grades)",
            grade.se_rating, grade.level, grade.technique, stored.se_rating, stored.level, stored.technique
        )),
        // The level is the technique grade's; a row graded before it was
        // (made without a level asked) takes the grade's level now.
        Some(_) if row.level != grade.level && !regrade => Err(format!("level is {}, but {} recorded", grade.level, row.level)),
        _ => Ok(Some(grade)),
    }
}

/// `graded`: the layout has the technique grader, so the level is checked
/// against the grade (`check_grade`), not the score bands.
fn check(row: &PuzzleRow, layout: &CellLayout, canon: &Canonicalizer, graded: bool) -> Result<(), String> {
    let model = &layout.model;
    let givens = model.parse_grid(&row.givens).map_err(|e| format!("givens: {e}"))?;
    let solution = model.parse_grid(&row.solution).map_err(|e| format!("solution: {e}"))?;
    check_rules(layout, &solution)?;
    check_agrees(layout, &givens, &solution)?;
    let counted = count_solutions(model, &givens, 2);
    match counted.solutions {
        0 => return Err("the givens have no solution".into()),
        1 => {}
        _ => return Err("the givens have more than one solution".into()),
    }
    if counted.first.as_ref() != Some(&solution) {
        return Err("the stored solution is not the puzzle's solution".into());
    }
    let clues = givens.given_count() as i64;
    if clues != row.clues {
        return Err(format!("{clues} clues, but {} recorded", row.clues));
    }
    let score = candidate_score(model, &givens);
    if score != row.score {
        return Err(format!("score is {score}, but {} recorded", row.score));
    }
    let level = Level::from_score(score, &layout.level_bands);
    if !graded && level.name() != row.level {
        return Err(format!("level is {}, but {} recorded", level.name(), row.level));
    }
    if canon.key(&givens) != row.canonical {
        return Err("the canonical key does not match the givens".into());
    }
    Ok(())
}

/// Every rule checked directly on the full grid, independent of the model's
/// own checker: each house's symbol counts, each mark, each relation, each
/// cage (no symbol twice, the digits adding up to its sum).
fn check_rules(layout: &CellLayout, solution: &Grid) -> Result<(), String> {
    let model = &layout.model;
    if let Some(cell) = solution.cells.iter().position(|c| c.is_none()) {
        return Err(format!("solution: {} is empty", model.cell_names[cell]));
    }
    for house in &model.houses {
        for (s, &want) in house.counts.iter().enumerate() {
            let have = house.cells.iter().filter(|&&c| solution.cells[c] == Some(s as u8)).count();
            if have != want as usize {
                return Err(format!(
                    "solution: {} holds {} {have} time(s), the rules say {want}",
                    house.name,
                    model.alphabet.char_of(s as u8)
                ));
            }
        }
    }
    for rel in &model.conflicts {
        let (x, y) = (solution.cells[rel.a].unwrap_or(0), solution.cells[rel.b].unwrap_or(0));
        if rel.a_symbols.contains(x) && rel.b_symbols.contains(y) {
            return Err(format!(
                "solution: {} = {} and {} = {} break a rule",
                model.cell_names[rel.a],
                model.alphabet.char_of(x),
                model.cell_names[rel.b],
                model.alphabet.char_of(y)
            ));
        }
    }
    for (cell, allowed) in model.allowed.iter().enumerate() {
        let s = solution.cells[cell].unwrap_or(0);
        if !allowed.contains(s) {
            return Err(format!("solution: {} = {} breaks its mark", model.cell_names[cell], model.alphabet.char_of(s)));
        }
    }
    for cage in &model.cages {
        let name = &model.cell_names[cage.cells[0]];
        let mut seen = 0u64;
        let mut total = 0u32;
        for &c in &cage.cells {
            let s = solution.cells[c].unwrap_or(0);
            let ch = model.alphabet.char_of(s);
            if seen & 1 << s != 0 {
                return Err(format!("solution: the cage at {name} holds {ch} twice"));
            }
            seen |= 1 << s;
            total += ch.to_digit(36).unwrap_or(0);
        }
        if total != cage.sum {
            return Err(format!("solution: the cage at {name} adds up to {total}, not {}", cage.sum));
        }
    }
    Ok(())
}

fn check_agrees(layout: &CellLayout, givens: &Grid, solution: &Grid) -> Result<(), String> {
    let model = &layout.model;
    for (cell, (g, s)) in givens.cells.iter().zip(&solution.cells).enumerate() {
        if let (Some(g), Some(s)) = (g, s)
            && g != s
        {
            return Err(format!(
                "given {} at {} but the solution has {}",
                model.alphabet.char_of(*g),
                model.cell_names[cell],
                model.alphabet.char_of(*s)
            ));
        }
    }
    Ok(())
}
