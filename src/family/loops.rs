//! Slitherlink as a family (`shape = "loops"` layouts): the engine is
//! `crate::slither`, which knows nothing of the catalog.
//!
//! Row format: `givens` one character per cell row by row (`.` no clue,
//! `0`–`3` a clue: `0` is a clue like any other), `solution` the edge string
//! of [`slither::encode_edges`], `score` the number of cells without a clue,
//! `level` the rules the solver needed.

use super::{Answer, Family, GradeReport, Refusal, SampleBands, checked, standard_budget, undecided_grade, undecided_refusal, unsupported};
use crate::formats::{Decoded, Format, FormatError, grid as square, pzpr};
use crate::generate::{Controls, Symmetry};
use crate::lang::OwnWords;
use crate::layout::{Board, Layout};
use crate::level::Level;
use crate::pdf::{GridContents, GridRenderer, MarkStyle};
use crate::record::{NewPuzzle, PuzzleRow, StoredGrade};
use crate::slither::{self, Outcome, Puzzle};
use crate::solver::{Budget, Budgeted};
use anyhow::{Result, bail};

/// The family's own words in every built-in language (its skills, its
/// answer words, its worked example's words): `src/slither/words.toml`.
pub static WORDS: OwnWords = OwnWords::new("src/slither/words.toml", include_str!("../slither/words.toml"));

pub struct Loops {
    board: Board,
    layout: Layout,
}

/// Boards up to this many columns are re-counted by the frontier DP, which
/// shares no code with the solver; wider ones (the DP's state grows with
/// the width) by the solver's search.
const DP_MAX_COLS: usize = 12;

const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

impl Loops {
    pub fn new(board: Board, layout: Layout, controls: &Controls) -> Result<Loops> {
        if controls.symmetry != Symmetry::None {
            bail!("{}: Slitherlink clues are not erased in symmetric pairs; use --symmetry none", layout.path.display());
        }
        if controls.searches() {
            bail!("{}: --pattern, --needs and --rating apply to cell puzzles with givens, not to Slitherlink", layout.path.display());
        }
        Ok(Loops { board, layout })
    }

    fn puzzle(&self, text: &str) -> Result<Puzzle> {
        Ok(Puzzle::parse_sized(text, self.board.rows, self.board.cols)?)
    }

    fn engine_level(&self, asked: Option<Level>, seed: u64) -> Result<slither::Level> {
        Ok(match asked {
            Some(Level::Easy) => slither::Level::Easy,
            Some(Level::Medium) => slither::Level::Medium,
            Some(Level::Hard) => slither::Level::Hard,
            Some(Level::Expert) => bail!("{}: Slitherlink levels are easy, medium and hard", self.layout.path.display()),
            // No level asked: easy, medium and hard in turn by seed.
            None => slither::Level::ALL[(seed % 3) as usize],
        })
    }
}

/// The clue text of a puzzle: `.` or the clue digit, row by row.
fn clue_text(puzzle: &Puzzle) -> String {
    puzzle.clues.iter().map(|c| c.map_or('.', |d| (b'0' + d) as char)).collect()
}

/// The canonical key: the smallest clue text over the board's symmetries
/// (8 on a square board, 4 on an oblong one), clue values kept as they are
/// (a 1 and a 2 are different clues; a 0 is a clue, not an empty cell).
pub fn canonical_key(clues: &[char], rows: usize, cols: usize) -> String {
    let at = |r: usize, c: usize| clues[r * cols + c];
    let mut images: Vec<String> = Vec::with_capacity(8);
    // (rows, cols) of the image and where each image cell comes from.
    /// (image row, image column, rows, cols) → the source cell.
    type Source = fn(usize, usize, usize, usize) -> (usize, usize);
    let maps: [(bool, Source); 8] = [
        (false, |r, c, _, _| (r, c)),
        (false, |r, c, rows, cols| (rows - 1 - r, cols - 1 - c)),
        (false, |r, c, _, cols| (r, cols - 1 - c)),
        (false, |r, c, rows, _| (rows - 1 - r, c)),
        // Transposing maps: the image has `cols` rows.
        (true, |r, c, _, _| (c, r)),
        (true, |r, c, rows, cols| (rows - 1 - c, cols - 1 - r)),
        (true, |r, c, rows, _| (rows - 1 - c, r)),
        (true, |r, c, _, cols| (c, cols - 1 - r)),
    ];
    for (transposes, from) in maps {
        if transposes && rows != cols {
            continue;
        }
        let (image_rows, image_cols) = if transposes { (cols, rows) } else { (rows, cols) };
        let mut text = String::with_capacity(rows * cols);
        for r in 0..image_rows {
            for c in 0..image_cols {
                let (sr, sc) = from(r, c, rows, cols);
                text.push(at(sr, sc));
            }
        }
        images.push(text);
    }
    images.into_iter().min().unwrap_or_default()
}

impl Family for Loops {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn name(&self) -> &'static str {
        "loops"
    }

    fn levels(&self) -> &'static [Level] {
        &LEVELS
    }

    fn parse(&self, text: &str) -> Result<()> {
        self.puzzle(text).map(|_| ())
    }

    fn solve(&self, text: &str, limit: Option<usize>) -> Result<Answer> {
        self.solve_within(text, limit, standard_budget())
    }

    fn solve_within(&self, text: &str, limit: Option<usize>, budget: Budget) -> Result<Answer> {
        let puzzle = self.puzzle(text)?;
        let undecided = |found: usize, nodes: u64| Answer::Undecided { found: found as u128, nodes };
        if let Some(limit) = limit {
            return Ok(match slither::count_within(&puzzle, limit, budget) {
                Budgeted::Decided(count) => Answer::Count(count as u128),
                Budgeted::Undecided { found, nodes } => undecided(found, nodes),
            });
        }
        Ok(match slither::solve_within(&puzzle, budget) {
            Budgeted::Decided(Outcome::Unique(edges)) => Answer::Unique(slither::encode_edges(&edges)),
            Budgeted::Decided(Outcome::Multiple) => Answer::Multiple,
            Budgeted::Decided(Outcome::None) => Answer::None,
            Budgeted::Undecided { found, nodes } => undecided(found, nodes),
        })
    }

    fn grade(&self, text: &str) -> Result<GradeReport> {
        let puzzle = self.puzzle(text)?;
        match slither::solve_within(&puzzle, standard_budget()) {
            Budgeted::Decided(Outcome::Unique(_)) => {}
            Budgeted::Decided(Outcome::Multiple) => bail!("the puzzle has more than one solution: only a unique puzzle can be graded"),
            Budgeted::Decided(Outcome::None) => bail!("the puzzle has no solution"),
            Budgeted::Undecided { .. } => return Err(undecided_grade()),
        }
        let level = slither::grade(&puzzle).map_or("needs search", |l| l.as_str()).to_string();
        Ok(GradeReport { rating: None, hardest: level.clone(), level, steps: Vec::new(), step_cells: Vec::new() })
    }

    fn skills(&self) -> &'static [super::words::Skill] {
        &super::words::SLITHERLINK
    }

    fn need(&self, text: &str) -> Option<usize> {
        let puzzle = self.puzzle(text).ok()?;
        Some(match slither::grade(&puzzle) {
            Some(slither::Level::Easy) => 0,
            Some(slither::Level::Medium) => 1,
            Some(slither::Level::Hard) => 2,
            None => 3,
        })
    }

    fn answer_words(&self, _givens: &str) -> super::words::AnswerWords {
        super::words::LOOP_DRAWN
    }

    fn own_words(&self) -> Option<&'static OwnWords> {
        Some(&WORDS)
    }

    fn make(&self, seed: u64, level: Option<Level>) -> Result<Option<NewPuzzle>> {
        let Board { rows, cols } = self.board;
        let made = slither::generate(rows, cols, self.engine_level(level, seed)?, seed)?;
        let givens = clue_text(&made.puzzle);
        let clues = made.puzzle.clue_count();
        Ok(Some(NewPuzzle {
            own_layout: None,
            grade: None,
            canonical: canonical_key(&givens.chars().collect::<Vec<_>>(), rows, cols),
            givens,
            solution: slither::encode_edges(&made.solution),
            clues,
            score: (rows * cols - clues) as u32,
            level: made.level.as_str().to_string(),
            effort_nodes: u64::from(made.attempts),
            seed,
            minimal: None,
            symmetry: None,
        }))
    }

    fn check(&self, row: &PuzzleRow, _regrade: bool) -> Result<Option<StoredGrade>, String> {
        let Board { rows, cols } = self.board;
        let puzzle = Puzzle::parse_sized(&row.givens, rows, cols).map_err(|e| format!("givens: {e}"))?;
        let board = slither::Grid::new(rows, cols);
        let edges = slither::decode_edges(&board, &row.solution).map_err(|e| format!("solution: {e}"))?;
        if !slither::is_single_loop(&board, &edges) {
            return Err("solution: the edges are not one closed loop".into());
        }
        let counts = slither::clue_counts(&board, &edges);
        if let Some(cell) = (0..rows * cols).find(|&c| puzzle.clues[c].is_some_and(|clue| clue != counts[c])) {
            return Err(format!(
                "clue {} at r{}c{} but the loop uses {} of its sides",
                puzzle.clues[cell].unwrap_or(0),
                cell / cols + 1,
                cell % cols + 1,
                counts[cell]
            ));
        }
        let solutions =
            if cols <= DP_MAX_COLS { slither::count::count_matching_loops(&puzzle) } else { slither::count_solutions(&puzzle, 2) as u128 };
        match solutions {
            0 => return Err("no loop fits the clues".into()),
            1 => {}
            _ => return Err("more than one loop fits the clues".into()),
        }
        let clues = puzzle.clue_count() as i64;
        if clues != row.clues {
            return Err(format!("{clues} clues, but {} recorded", row.clues));
        }
        let level = slither::grade(&puzzle).map_or("needs search", |l| l.as_str());
        if level != row.level {
            return Err(format!("level is {level}, but {} recorded", row.level));
        }
        if canonical_key(&row.givens.chars().collect::<Vec<_>>(), rows, cols) != row.canonical {
            return Err("the canonical key does not match the givens".into());
        }
        Ok(None)
    }

    fn key(&self, givens: &str) -> Result<String> {
        let Board { rows, cols } = self.board;
        let text = clue_text(&self.puzzle(givens)?);
        Ok(canonical_key(&text.chars().collect::<Vec<_>>(), rows, cols))
    }

    fn page(&self, givens: &str) -> GridContents {
        // Every clue prints, 0 included; only '.' is an empty cell.
        let clues: Vec<Option<char>> = givens.chars().map(|c| (c != '.').then_some(c)).collect();
        GridContents {
            symbols: clues.clone(),
            given: clues.iter().map(Option::is_some).collect(),
            clues,
            solution: None,
            marks: false,
            mark_style: MarkStyle::default(),
            corner_labels: Vec::new(),
            min_text: crate::pdf::MIN_TEXT_PT,
            legible_labels: true,
            cage_sums: false,
            highlight: Vec::new(),
            pencil: Vec::new(),
        }
    }

    fn answer_page(&self, givens: &str, solution: &str) -> GridContents {
        GridContents { solution: Some(solution.to_string()), ..self.page(givens) }
    }

    fn example_step(&self, givens: &str, solution: &str, words: &crate::lang::Catalogue) -> Option<super::example::ExampleStep> {
        let Board { rows, cols } = self.board;
        let puzzle = self.puzzle(givens).ok()?;
        let grid = slither::Grid::new(rows, cols);
        let loop_edges = slither::decode_edges(&grid, solution).ok()?;
        let clue = |r: usize, c: usize| puzzle.clues[grid.cell(r, c)];
        // A 3 in a corner of the board: its corner dot touches only its two
        // outer sides, so the loop takes both or neither, and with neither
        // the 3 would lack a side.
        let corners = [(0, 0, [0usize, 3]), (0, cols - 1, [0, 1]), (rows - 1, 0, [2, 3]), (rows - 1, cols - 1, [1, 2])];
        let mut found: Option<(Vec<usize>, Vec<usize>, String)> = None;
        for (r, c, sides) in corners {
            if clue(r, c) == Some(3) {
                let cell = grid.cell(r, c);
                let lines = sides.iter().map(|&k| grid.cell_edges(cell)[k]).collect();
                found = Some((vec![cell], lines, WORDS.over(words).text("example.loop_corner_3")));
                break;
            }
        }
        // A 3 beside a 0: the side they share is empty, so the 3 takes its other three.
        if found.is_none() {
            'search: for r in 0..rows {
                for c in 0..cols {
                    if clue(r, c) != Some(3) {
                        continue;
                    }
                    let cell = grid.cell(r, c);
                    let sides = grid.cell_edges(cell);
                    let neighbours = [(r.wrapping_sub(1), c, 0), (r, c + 1, 1), (r + 1, c, 2), (r, c.wrapping_sub(1), 3)];
                    for (nr, nc, side) in neighbours {
                        if nr < rows && nc < cols && clue(nr, nc) == Some(0) {
                            let lines = (0..4).filter(|&k| k != side).map(|k| sides[k]).collect();
                            found = Some((vec![cell, grid.cell(nr, nc)], lines, WORDS.over(words).text("example.loop_3_by_0")));
                            break 'search;
                        }
                    }
                }
            }
        }
        let (shaded, lines, words) = found?;
        // Each drawn line is the solution's.
        if !lines.iter().all(|&e| loop_edges.contains(e)) {
            return None;
        }
        let drawn = slither::EdgeSet::from_edges(grid.edges(), lines.iter().copied());
        let mut figure = self.page(givens);
        figure.solution = Some(slither::encode_edges(&drawn));
        figure.highlight = (0..rows * cols).map(|c| shaded.contains(&c)).collect();
        Some(super::example::ExampleStep { shaded, placed: Vec::new(), lines, pencilled: Vec::new(), figure, words })
    }

    fn renderer(&self) -> Box<dyn GridRenderer + '_> {
        crate::pdf::loop_renderer(self.board)
    }

    fn print_extent(&self) -> (usize, usize) {
        (self.board.rows, self.board.cols)
    }

    fn show(&self, row: &PuzzleRow) -> String {
        let Board { rows, cols } = self.board;
        let board = slither::Grid::new(rows, cols);
        match (Puzzle::parse_sized(&row.givens, rows, cols), slither::decode_edges(&board, &row.solution)) {
            (Ok(puzzle), Ok(edges)) => format!("{}\n", slither::render::render(&puzzle, Some(&edges))),
            _ => String::new(),
        }
    }

    fn sample_bands(&self, _sample: u64, _seed: u64) -> Result<SampleBands> {
        bail!(
            "{}: Slitherlink levels come from the rules its solver needs (easy, medium, hard), not from score bands",
            self.layout.path.display()
        )
    }

    fn formats(&self) -> Vec<Format> {
        vec![Format::Lines, Format::Janko, Format::Puzzlink, Format::Pzprv3]
    }

    fn decode(&self, format: Format, text: &str) -> Result<Vec<Decoded>, FormatError> {
        let Board { rows, cols } = self.board;
        let decoded = match format {
            Format::Lines => square::decode_lines(text, rows * cols, &['.'])?,
            Format::Janko => square::decode_janko(text, rows, cols)?,
            Format::Puzzlink => pzpr::decode_urls(text, rows, cols)?,
            Format::Pzprv3 => pzpr::decode_pzprv3(text, rows, cols)?,
            _ => return Err(FormatError::at(1, unsupported(self.layout(), &self.formats(), format))),
        };
        checked(self, decoded)
    }

    fn encode(&self, format: Format, row: &PuzzleRow) -> Result<String> {
        let Board { rows, cols } = self.board;
        Ok(match format {
            Format::Lines => row.givens.clone(),
            Format::Janko => square::encode_janko("slitherlink", &row.givens, rows, cols, None),
            Format::Puzzlink => pzpr::url(&row.givens, rows, cols),
            Format::Pzprv3 => {
                let board = slither::Grid::new(rows, cols);
                let edges =
                    slither::decode_edges(&board, &row.solution).map_err(|e| anyhow::anyhow!("puzzle {}: solution: {e}", row.id))?;
                let on =
                    |horizontal: bool, r: usize, c: usize| edges.contains(if horizontal { board.h_edge(r, c) } else { board.v_edge(r, c) });
                pzpr::encode_pzprv3(&row.givens, rows, cols, Some(&on))
            }
            _ => bail!("{}", unsupported(self.layout(), &self.formats(), format)),
        })
    }

    fn link(&self, givens: &str) -> Result<String> {
        let Board { rows, cols } = self.board;
        self.parse(givens)?;
        Ok(pzpr::url(givens, rows, cols))
    }

    fn admit(&self, givens: &str) -> Result<NewPuzzle, Refusal> {
        let Board { rows, cols } = self.board;
        let puzzle = self.puzzle(givens).map_err(|e| Refusal::Invalid(format!("{e:#}")))?;
        let edges = match slither::solve_within(&puzzle, standard_budget()) {
            Budgeted::Decided(Outcome::Unique(edges)) => edges,
            Budgeted::Decided(Outcome::Multiple) => return Err(Refusal::Multiple),
            Budgeted::Decided(Outcome::None) => return Err(Refusal::None),
            Budgeted::Undecided { .. } => return Err(undecided_refusal()),
        };
        let level = slither::grade(&puzzle)
            .ok_or_else(|| Refusal::Invalid("it needs search beyond the solver's rules, so it has no level (easy, medium, hard)".into()))?;
        let givens = clue_text(&puzzle);
        let clues = puzzle.clue_count();
        Ok(NewPuzzle {
            own_layout: None,
            grade: None,
            canonical: canonical_key(&givens.chars().collect::<Vec<_>>(), rows, cols),
            givens,
            solution: slither::encode_edges(&edges),
            clues,
            score: (rows * cols - clues) as u32,
            level: level.as_str().to_string(),
            effort_nodes: 0,
            seed: 0,
            minimal: None,
            symmetry: None,
        })
    }
}
