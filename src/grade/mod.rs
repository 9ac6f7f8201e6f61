//! A human-style grader: a logical solver that always takes the easiest
//! step available (singles, locked candidates, subsets, fish, wings, chains,
//! forcing chains) and rates the puzzle by the hardest step it needed, on
//! the Sudoku Explainer scale (variants.md §4). Written over houses, so it
//! grades jigsaw and diagonal layouts too.

mod basic;
mod board;
pub mod calibrate;
mod chains;
mod forcing;
mod step;
#[cfg(test)]
mod tests;

pub use step::{Step, Technique};

use crate::model::{Grid, Model};
use crate::score::Level;
use board::{Board, Layout};

pub struct Grade {
    /// The hardest step's rating (SE scale).
    pub se_rating: f32,
    /// HoDoKu-style total: the sum of every step's weight.
    pub hodoku_score: u32,
    pub level: Level,
    pub hardest: Technique,
    /// The solving path, easiest step first each time, as text.
    pub steps: Vec<String>,
    /// False when no logical step was left (the grid needs guessing).
    pub solved: bool,
}

/// Rating a puzzle that needs guessing.
const GUESS_RATING: f32 = 10.0;

/// The level a rating names: easy needs singles only, medium also locked
/// candidates, pairs and X-Wings, hard anything up to chains, expert
/// forcing chains or guessing.
pub fn level_of(rating: f32) -> Level {
    match rating {
        r if r < 2.5 => Level::Easy,
        r if r < 3.5 => Level::Medium,
        r if r < 7.0 => Level::Hard,
        _ => Level::Expert,
    }
}

/// HoDoKu's step weights, roughly: what the total score adds per step.
fn hodoku_weight(t: Technique) -> u32 {
    match t {
        Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle => 4,
        Technique::Pointing | Technique::Claiming => 50,
        Technique::NakedPair | Technique::HiddenPair => 60,
        Technique::NakedTriple | Technique::HiddenTriple => 80,
        Technique::XWing => 140,
        Technique::Swordfish => 150,
        Technique::XyWing => 160,
        Technique::XyzWing => 180,
        Technique::UniqueRectangle => 100,
        Technique::NakedQuad | Technique::HiddenQuad => 120,
        Technique::Jellyfish => 160,
        Technique::XChain => 260,
        Technique::XyChain => 260,
        Technique::ForcingChain => 500,
        Technique::DynamicForcingChain => 700,
        Technique::Guess => 10_000,
    }
}

/// The easiest step available, trying techniques in order of rating.
fn easiest_step(layout: &Layout, board: &Board) -> Option<Step> {
    basic::full_house(layout, board)
        .or_else(|| basic::hidden_single(layout, board))
        .or_else(|| basic::naked_single(layout, board))
        .or_else(|| basic::locked_candidates(layout, board))
        .or_else(|| basic::naked_subset(layout, board, 2))
        .or_else(|| basic::fish(layout, board, 2))
        .or_else(|| basic::hidden_subset(layout, board, 2))
        .or_else(|| basic::naked_subset(layout, board, 3))
        .or_else(|| basic::fish(layout, board, 3))
        .or_else(|| basic::hidden_subset(layout, board, 3))
        .or_else(|| basic::wings(layout, board, false))
        .or_else(|| basic::wings(layout, board, true))
        .or_else(|| basic::naked_subset(layout, board, 4))
        .or_else(|| basic::fish(layout, board, 4))
        .or_else(|| basic::hidden_subset(layout, board, 4))
        .or_else(|| chains::x_chain(layout, board))
        .or_else(|| chains::xy_chain(layout, board))
        .or_else(|| forcing::forcing_chain(layout, board, false))
        .or_else(|| forcing::forcing_chain(layout, board, true))
}

/// A grader for one model, its tables built once.
pub struct Grader {
    model: Model,
    layout: Layout,
}

impl Grader {
    /// `None` when the model is not a plain all-different one (counted
    /// symbols, relations): the ladder does not apply there.
    pub fn new(model: &Model) -> Option<Grader> {
        Some(Grader { model: model.clone(), layout: Layout::from_model(model)? })
    }

    /// `None` when the givens clash.
    pub fn grade(&self, givens: &Grid) -> Option<Grade> {
        let layout = &self.layout;
        let mut board = Board::new(layout, &self.model, givens)?;
        let symbol = |d: u8| self.model.alphabet.char_of(d);
        let mut grade =
            Grade { se_rating: 1.0, hodoku_score: 0, level: Level::Easy, hardest: Technique::FullHouse, steps: Vec::new(), solved: false };
        if board.broken(layout) {
            return None;
        }
        while !board.solved() {
            let Some(step) = easiest_step(layout, &board) else {
                grade.se_rating = GUESS_RATING;
                grade.hardest = Technique::Guess;
                grade.hodoku_score += hodoku_weight(Technique::Guess);
                grade.steps.push("no logical step left: guess".into());
                grade.level = level_of(grade.se_rating);
                return Some(grade);
            };
            if step.rating > grade.se_rating {
                grade.se_rating = step.rating;
                grade.hardest = step.technique;
            }
            grade.hodoku_score += hodoku_weight(step.technique);
            grade.steps.push(step.describe(layout, symbol));
            step.apply(layout, &mut board);
        }
        grade.solved = true;
        grade.level = level_of(grade.se_rating);
        Some(grade)
    }
}

/// Grades one puzzle (builds the tables; use `Grader` for many).
pub fn grade(model: &Model, givens: &Grid) -> Option<Grade> {
    Grader::new(model)?.grade(givens)
}
