//! Nonogram (picture logic) as a family (`shape = "nonogram"` layouts):
//! the engine is `crate::nonogram`, which knows nothing of the catalog.
//!
//! Row format (the catalog's `givens` and `solution`, documented in
//! `docs/nonogram.md`):
//! - `givens`: the clues on one line, rows top to bottom then columns left
//!   to right: each line's runs joined by `.`, lines by `/`, the rows and
//!   the columns parted by `|` (`1.1/3/1|2/1/2`; an empty line is `0`).
//!   The engine's text format (`size WxH`, `rows`, `columns`) is read too.
//! - `solution`: the picture row by row, `#` a shaded cell, `.` an empty one.
//! - `clues`: how many numbers the clues hold; `score`: the line-logic
//!   rounds the solver needed; `level` from the deepest logic needed: line
//!   logic (easy), line logic over more than 12 rounds (medium), probing
//!   (hard), search (expert).
//!
//! The canonical key is the smallest clue text over the board's symmetries
//! (mirrors and half turn; on a square board the four reflections and
//! quarter turns as well): a mirrored picture is the same puzzle.

use super::words::Skill;
use super::{Answer, Family, GradeReport, Refusal, SampleBands, checked, unsupported};
use crate::formats::{Decoded, Format, FormatError, OwnFormat};
use crate::generate::{Controls, Symmetry};
use crate::lang::OwnWords;
use crate::layout::{Board, Layout};
use crate::level::Level;
use crate::nonogram::check::count_solutions;
use crate::nonogram::line::solve_line;
use crate::nonogram::solve::{self, Level as Logic};
use crate::nonogram::{self as engine, EMPTY, FILLED, Puzzle, UNKNOWN};
use crate::pdf::{GridContents, GridRenderer, MarkStyle};
use crate::record::{NewPuzzle, PuzzleRow, StoredGrade};
use anyhow::{Result, bail};

pub struct Nonogram {
    board: Board,
    layout: Layout,
    symmetric: bool,
    /// Clue gutters (across, down) fitted to a book's puzzles (`fit_to`).
    fitted: Option<(usize, usize)>,
}

const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

/// Pictures a batch attempt draws before it gives up on its seed.
const ATTEMPTS: usize = 200;

/// Search nodes the independent checker may spend on one puzzle.
pub const CHECK_BUDGET: u64 = 20_000_000;

/// The family's own words in every built-in language (its skills, its
/// answer words, its worked example and hint words): `src/nonogram/words.toml`.
pub static WORDS: OwnWords = OwnWords::new("src/nonogram/words.toml", include_str!("../nonogram/words.toml"));

/// webpbn.com's XML (its codec: `crate::nonogram::formats`), one puzzle a file.
pub static WEBPBN: OwnFormat = OwnFormat {
    name: "webpbn",
    extension: "xml",
    one_per_file: true,
    about: "webpbn.com's nonogram XML, with the goal picture",
    looks: |content, name| {
        let first = content.first().copied().unwrap_or("");
        name.ends_with(".xml") || first.starts_with("<?xml") || first.starts_with("<puzzleset") || first.starts_with("<!DOCTYPE pbn")
    },
};

/// Steve Simpson's `.non` (its codec: `crate::nonogram::formats`), one
/// puzzle a file: `width`, `height` and `rows` or `columns` lines.
pub static NON: OwnFormat = OwnFormat {
    name: "non",
    extension: "non",
    one_per_file: true,
    about: "Steve Simpson's nonogram .non, with the goal picture",
    looks: |content, name| {
        let keyword = |k: &str| content.iter().any(|l| l.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case(k)));
        name.ends_with(".non") || (keyword("width") && keyword("height") && (keyword("rows") || keyword("columns")))
    },
};

/// The formats this family owns.
pub(super) const OWN_FORMATS: [Format; 2] = [Format::Own(&WEBPBN), Format::Own(&NON)];

/// The scale of what a nonogram needs, in a reader's words, easiest first.
pub static SKILLS: [Skill; 4] = [
    Skill {
        scale: "nonogram",
        id: "lines",
        need: "only line logic",
        plural: "line logic",
        explain: "line logic: the cells every way of placing a line's runs agrees on, one row or column at a time",
        reasoning: true,
        own: Some(&WORDS),
    },
    Skill {
        scale: "nonogram",
        id: "long-lines",
        need: "long chains of line logic",
        plural: "long chains of line logic",
        explain: "long chains of line logic: the same reasoning, but each line gives up its cells only after many passes over the others",
        reasoning: true,
        own: Some(&WORDS),
    },
    Skill {
        scale: "nonogram",
        id: "probing",
        need: "trying a cell",
        plural: "trying a cell",
        explain: "trying a cell: suppose a cell shaded, follow the line logic, and when a line can no longer hold its runs the cell must be empty",
        reasoning: true,
        own: Some(&WORDS),
    },
    Skill {
        scale: "nonogram",
        id: "search",
        need: "trial and error",
        plural: "trial and error",
        explain: "trial and error: guessing a cell and following it deep into the grid, backing out of the guesses that fail",
        reasoning: false,
        own: Some(&WORDS),
    },
];

/// How a nonogram's answer prints, after "The answers at the back are in
/// puzzle order, ".
pub const PICTURE_SHADED: super::words::AnswerWords =
    super::words::AnswerWords { key: "answers.picture_shaded", english: "with the picture shaded in", own: Some(&WORDS) };

/// A level's word and its skill index, from the deepest logic needed.
fn level_of(logic: Logic) -> (Level, usize) {
    match logic {
        Logic::Line => (Level::Easy, 0),
        Logic::LineLong => (Level::Medium, 1),
        Logic::Probing => (Level::Hard, 2),
        Logic::Search => (Level::Expert, 3),
    }
}

/// A clue line in the row format: runs joined by `.`, `0` for none.
fn clue_words(clue: &[usize]) -> String {
    if clue.is_empty() { "0".into() } else { clue.iter().map(usize::to_string).collect::<Vec<_>>().join(".") }
}

/// The row format of a puzzle's clues.
pub fn givens_of(p: &Puzzle) -> String {
    let lines = |clues: &[Vec<usize>]| clues.iter().map(|c| clue_words(c)).collect::<Vec<_>>().join("/");
    format!("{}|{}", lines(&p.rows), lines(&p.cols))
}

/// Reads a clue text (the row format, or the engine's text format) for a
/// `width`×`height` board; errors name the row or column and what was expected.
pub fn parse_givens(text: &str, width: usize, height: usize) -> Result<Puzzle> {
    let text = text.trim();
    let puzzle = if text.starts_with("size") || text.starts_with('#') {
        engine::parse(text).map_err(|e| anyhow::anyhow!("{e}"))?
    } else {
        let Some((rows, cols)) = text.split_once('|') else {
            bail!("expected the row clues, `|`, then the column clues (e.g. `1.1/3/1|2/1/2`), found no `|`");
        };
        let lines = |part: &str, what: &str, count: usize| -> Result<Vec<Vec<usize>>> {
            let lines: Vec<&str> = part.split('/').collect();
            if lines.len() != count {
                bail!("{} {what} clues, expected {count} (lines are parted by `/`)", lines.len());
            }
            let mut out = Vec::with_capacity(count);
            for (i, line) in lines.iter().enumerate() {
                let mut runs = Vec::new();
                for run in line.split('.') {
                    match run.trim().parse::<usize>() {
                        Ok(0) if line.trim() == "0" => {}
                        Ok(n) if (1..=engine::MAX_SIDE).contains(&n) => runs.push(n),
                        _ => bail!(
                            "{what} {}: `{run}` is not a run length (a number 1 to {}; `0` alone for an empty line)",
                            i + 1,
                            engine::MAX_SIDE
                        ),
                    }
                }
                out.push(runs);
            }
            Ok(out)
        };
        Puzzle { width, height, rows: lines(rows, "row", height)?, cols: lines(cols, "column", width)? }
    };
    if (puzzle.width, puzzle.height) != (width, height) {
        bail!("a {}×{} nonogram, but the layout's board is {width}×{height} (width × height)", puzzle.width, puzzle.height);
    }
    puzzle.validate().map_err(|m| anyhow::anyhow!("{m}"))?;
    Ok(puzzle)
}

/// The solution text of a picture: `#` shaded, `.` empty, row by row.
pub fn picture_text(picture: &[bool]) -> String {
    picture.iter().map(|&on| if on { '#' } else { '.' }).collect()
}

/// A format reader's error as a file error at `line`, with its column.
fn located(line: usize, e: engine::ParseError) -> FormatError {
    FormatError::at(line.max(1), format!("column {}: {}", e.column, e.message))
}

/// The lines of a text that hold something, numbered from 1 and trimmed
/// (blank lines and `#` comments skipped).
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Reads a solution text of `cells` cells.
fn read_picture(text: &str, cells: usize) -> Result<Vec<bool>, String> {
    let picture: Vec<bool> = text
        .chars()
        .enumerate()
        .map(|(i, c)| match c {
            '#' => Ok(true),
            '.' => Ok(false),
            other => Err(format!("cell {}: '{other}', expected '#' (shaded) or '.' (empty)", i + 1)),
        })
        .collect::<Result<_, _>>()?;
    if picture.len() != cells {
        return Err(format!("{} cells, expected {cells}", picture.len()));
    }
    Ok(picture)
}

/// The runs of shaded cells along one line (the checker's own count: no
/// solver code).
fn runs(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for on in cells.chain(std::iter::once(false)) {
        if on {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

/// The canonical key of a puzzle's clues: the smallest row-format text
/// over the board's symmetries (8 on a square board, 4 on an oblong one).
pub fn canonical_key(p: &Puzzle) -> String {
    let reversed = |clues: &[Vec<usize>]| clues.iter().map(|c| c.iter().rev().copied().collect()).collect::<Vec<Vec<usize>>>();
    let backwards = |clues: &[Vec<usize>]| clues.iter().rev().cloned().collect::<Vec<Vec<usize>>>();
    let mut images = Vec::with_capacity(8);
    let transposes: &[bool] = if p.width == p.height { &[false, true] } else { &[false] };
    for &transpose in transposes {
        let (rows, cols) = if transpose { (p.cols.clone(), p.rows.clone()) } else { (p.rows.clone(), p.cols.clone()) };
        for mirror in [false, true] {
            for flip in [false, true] {
                // A left–right mirror reverses each row's runs and the
                // columns' order; an upside-down flip the other way round.
                let mut r = rows.clone();
                let mut c = cols.clone();
                if mirror {
                    r = reversed(&r);
                    c = backwards(&c);
                }
                if flip {
                    r = backwards(&r);
                    c = reversed(&c);
                }
                let (width, height) = (c.len(), r.len());
                images.push(givens_of(&Puzzle { width, height, rows: r, cols: c }));
            }
        }
    }
    images.into_iter().min().unwrap_or_default()
}

/// The number of clue numbers a puzzle prints (an empty line's `0` counts).
fn clue_count(p: &Puzzle) -> usize {
    p.rows.iter().chain(&p.cols).map(|c| c.len().max(1)).sum()
}

/// A line of the board: row `i` (`i < height`) or column `i - height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line(usize);

/// One line-logic step: a line and the cells it decides.
struct Step {
    line: Line,
    shaded: Vec<usize>,
    emptied: Vec<usize>,
}

impl Nonogram {
    pub fn new(board: Board, layout: Layout, controls: &Controls) -> Result<Nonogram> {
        let symmetric = match controls.symmetry {
            Symmetry::None => false,
            Symmetry::Mirror => true,
            other => bail!(
                "{}: nonogram pictures are drawn plain or mirrored left to right; use --symmetry none or mirror (not {other:?})",
                layout.path.display()
            ),
        };
        if controls.searches() || controls.cages.is_some() {
            bail!("{}: --pattern, --needs, --rating and cages apply to cell puzzles with givens, not to nonograms", layout.path.display());
        }
        Ok(Nonogram { board, layout, symmetric, fitted: None })
    }

    fn puzzle(&self, text: &str) -> Result<Puzzle> {
        parse_givens(text, self.board.cols, self.board.rows)
    }

    fn cells(&self) -> usize {
        self.board.cols * self.board.rows
    }

    /// The cells of line `line`, in order.
    fn line_cells(&self, line: Line) -> Vec<usize> {
        let Board { cols: width, rows: height } = self.board;
        if line.0 < height {
            (0..width).map(|c| line.0 * width + c).collect()
        } else {
            (0..height).map(|r| r * width + line.0 - height).collect()
        }
    }

    /// A line's name and clue as a reader says them: "row 3 (clue 2 4)".
    fn line_words(&self, p: &Puzzle, line: Line) -> (String, String) {
        let h = self.board.rows;
        let (name, clue) = if line.0 < h {
            (format!("row {}", line.0 + 1), &p.rows[line.0])
        } else {
            (format!("column {}", line.0 - h + 1), &p.cols[line.0 - h])
        };
        let clue = if clue.is_empty() { "0".to_string() } else { clue.iter().map(usize::to_string).collect::<Vec<_>>().join(" ") };
        (name, clue)
    }

    /// The line-logic steps from the empty grid: each line in turn solved
    /// exactly, rows then columns, until no line decides a cell more.
    fn steps(&self, p: &Puzzle, limit: usize) -> (Vec<Step>, Vec<u8>) {
        let (steps, grid, _) = self.counted_steps(p, limit);
        (steps, grid)
    }

    /// `steps`, and how many lines it solved (every line of a sweep, the
    /// ones that gave nothing too): line logic's work.
    fn counted_steps(&self, p: &Puzzle, limit: usize) -> (Vec<Step>, Vec<u8>, usize) {
        let Board { cols: width, rows: height } = self.board;
        let mut solved = 0;
        let mut grid = vec![UNKNOWN; width * height];
        let mut out = Vec::new();
        loop {
            let mut changed = false;
            for l in 0..width + height {
                let line = Line(l);
                let cells = self.line_cells(line);
                let clue = if l < height { &p.rows[l] } else { &p.cols[l - height] };
                let mut states: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
                solved += 1;
                let Some(newly) = solve_line(clue, &mut states) else { return (out, grid, solved) };
                if newly.is_empty() {
                    continue;
                }
                changed = true;
                let mut step = Step { line, shaded: Vec::new(), emptied: Vec::new() };
                for k in newly {
                    grid[cells[k]] = states[k];
                    if states[k] == FILLED { step.shaded.push(cells[k]) } else { step.emptied.push(cells[k]) }
                }
                out.push(step);
                if out.len() >= limit {
                    return (out, grid, solved);
                }
            }
            if !changed {
                return (out, grid, solved);
            }
        }
    }

    /// A line's kind (`row`, `column`: its catalogue keys) and number.
    fn line_kind(&self, line: Line) -> (&'static str, usize) {
        let h = self.board.rows;
        if line.0 < h { ("row", line.0 + 1) } else { ("column", line.0 - h + 1) }
    }

    fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.board.cols + 1, cell % self.board.cols + 1)
    }

    /// A step in words: the line, its clue and what it decides.
    fn step_words(&self, p: &Puzzle, step: &Step) -> String {
        let (name, clue) = self.line_words(p, step.line);
        let list = |cells: &[usize]| cells.iter().map(|&c| self.cell_name(c)).collect::<Vec<_>>().join(" ");
        let mut parts = Vec::new();
        if !step.shaded.is_empty() {
            parts.push(format!("shades {}", list(&step.shaded)));
        }
        if !step.emptied.is_empty() {
            parts.push(format!("leaves {} empty", list(&step.emptied)));
        }
        format!("line logic: {name} (clue {clue}) {}", parts.join(" and "))
    }

    /// The first line-logic step on the empty grid, in a reader's words:
    /// the line whose runs, however they slide, overlap on the most cells.
    fn first_step(&self, p: &Puzzle, words: &crate::lang::Catalogue) -> Option<(Line, Vec<usize>, Vec<usize>, String)> {
        let Board { cols: width, rows: height } = self.board;
        let mut best: Option<(Line, Vec<usize>, Vec<usize>)> = None;
        for l in 0..width + height {
            let line = Line(l);
            let clue = if l < height { &p.rows[l] } else { &p.cols[l - height] };
            let cells = self.line_cells(line);
            let mut states = vec![UNKNOWN; cells.len()];
            let newly = solve_line(clue, &mut states)?;
            let shaded: Vec<usize> = newly.iter().filter(|&&k| states[k] == FILLED).map(|&k| cells[k]).collect();
            let emptied: Vec<usize> = newly.iter().filter(|&&k| states[k] == EMPTY).map(|&k| cells[k]).collect();
            if !shaded.is_empty() && best.as_ref().is_none_or(|b| shaded.len() > b.1.len()) {
                best = Some((line, shaded, emptied));
            }
        }
        let (line, shaded, emptied) = best?;
        let (_, clue) = self.line_words(p, line);
        let (kind, n) = self.line_kind(line);
        let cells = self.line_cells(line);
        let length = cells.len();
        let runs = if line.0 < height { &p.rows[line.0] } else { &p.cols[line.0 - height] };
        let span = engine::clue_span(runs);
        let play = length - span;
        let (line_n, span, length, play) = (n.to_string(), span.to_string(), length.to_string(), play.to_string());
        let args = [("line", line_n.as_str()), ("clue", &clue), ("span", &span), ("length", &length), ("play", &play)];
        // A plural message by the count of cells shaded (`{n}`).
        let key = match (play.as_str(), emptied.is_empty()) {
            ("0", true) => "fills",
            ("0", false) => "fills_gaps",
            _ => "slides",
        };
        let words = WORDS.over(words).plural(&format!("example.nonogram.{kind}.{key}"), shaded.len(), &args);
        Some((line, shaded, emptied, words))
    }

    fn new_puzzle(&self, p: &Puzzle, picture: &[bool], outcome: &solve::Outcome, seed: u64, effort: u64) -> NewPuzzle {
        let (level, _) = level_of(outcome.level);
        NewPuzzle {
            own_layout: None,
            grade: None,
            canonical: canonical_key(p),
            givens: givens_of(p),
            solution: picture_text(picture),
            clues: clue_count(p),
            score: outcome.rounds as u32,
            level: level.name().to_string(),
            effort_nodes: effort,
            seed,
            minimal: None,
            symmetry: None,
        }
    }

    /// Proves a puzzle unique with the solver and the independent checker.
    fn prove(&self, p: &Puzzle) -> Result<(Vec<bool>, solve::Outcome), Refusal> {
        let outcome = solve::solve(p);
        match outcome.count {
            0 => return Err(Refusal::None),
            1 => {}
            _ => return Err(Refusal::Multiple),
        }
        match count_solutions(p, CHECK_BUDGET) {
            Some(1) => {}
            Some(n) => return Err(Refusal::Invalid(format!("the solver found one solution but the independent checker counts {n}"))),
            None => return Err(Refusal::Invalid("the independent checker could not confirm uniqueness within its budget".into())),
        }
        let picture = outcome.solution.clone().ok_or(Refusal::None)?;
        Ok((picture, outcome))
    }

    /// The row format of the puzzle whose picture is `picture`.
    pub fn puzzle_of(&self, picture: &[bool]) -> Puzzle {
        Puzzle::from_picture(self.board.cols, self.board.rows, picture)
    }
}

impl Family for Nonogram {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn name(&self) -> &'static str {
        "nonogram"
    }

    fn levels(&self) -> &'static [Level] {
        &LEVELS
    }

    fn parse(&self, text: &str) -> Result<()> {
        self.puzzle(text).map(|_| ())
    }

    fn solve(&self, text: &str, limit: Option<usize>) -> Result<Answer> {
        let p = self.puzzle(text)?;
        let outcome = solve::solve(&p);
        if let Some(limit) = limit {
            // The solver counts to two: past that it can only say "at least two".
            return Ok(if outcome.count < 2 || limit <= 2 {
                Answer::Count(outcome.count.min(limit) as u128)
            } else {
                Answer::Undecided { found: 2, nodes: 0 }
            });
        }
        Ok(match (outcome.count, outcome.solution) {
            (1, Some(picture)) => Answer::Unique(picture_text(&picture)),
            (0, _) => Answer::None,
            _ => Answer::Multiple,
        })
    }

    fn grade(&self, text: &str) -> Result<GradeReport> {
        let p = self.puzzle(text)?;
        let outcome = solve::solve(&p);
        match outcome.count {
            0 => bail!("the puzzle has no solution"),
            1 => {}
            _ => bail!("the puzzle has more than one solution: only a unique puzzle can be graded"),
        }
        let (level, need) = level_of(outcome.level);
        let (steps, grid) = self.steps(&p, usize::MAX);
        let mut words: Vec<String> = steps.iter().map(|s| self.step_words(&p, s)).collect();
        if grid.contains(&UNKNOWN) {
            let left = grid.iter().filter(|&&c| c == UNKNOWN).count();
            words.push(format!("{}: line logic leaves {left} cells undecided", SKILLS[need].plural));
        }
        Ok(GradeReport {
            rating: None,
            level: level.name().to_string(),
            hardest: SKILLS[need].plural.to_string(),
            steps: words,
            step_cells: Vec::new(),
        })
    }

    fn rate(&self, text: &str) -> Result<GradeReport> {
        let p = self.puzzle(text)?;
        let outcome = solve::solve(&p);
        if outcome.count != 1 {
            bail!("the puzzle has {} solution", if outcome.count == 0 { "no" } else { "more than one" });
        }
        let (level, need) = level_of(outcome.level);
        Ok(GradeReport {
            rating: None,
            level: level.name().to_string(),
            hardest: SKILLS[need].plural.to_string(),
            steps: Vec::new(),
            step_cells: Vec::new(),
        })
    }

    fn skills(&self) -> &'static [Skill] {
        &SKILLS
    }

    fn need(&self, text: &str) -> Option<usize> {
        let p = self.puzzle(text).ok()?;
        let outcome = solve::solve(&p);
        (outcome.count == 1).then(|| level_of(outcome.level).1)
    }

    fn answer_words(&self, _givens: &str) -> super::words::AnswerWords {
        PICTURE_SHADED
    }

    fn own_words(&self) -> Option<&'static OwnWords> {
        Some(&WORDS)
    }

    fn make(&self, seed: u64, level: Option<Level>) -> Result<Option<NewPuzzle>> {
        let Board { cols: width, rows: height } = self.board;
        let Some(made) = engine::generate::generate(width, height, self.symmetric, seed, ATTEMPTS) else { return Ok(None) };
        let made_level = level_of(made.outcome.level).0;
        if level.is_some_and(|asked| asked != made_level) {
            return Ok(None);
        }
        // Uniqueness is proved twice: by the solver (above) and by the
        // independent checker.
        if count_solutions(&made.puzzle, CHECK_BUDGET) != Some(1) {
            return Ok(None);
        }
        Ok(Some(self.new_puzzle(&made.puzzle, &made.picture, &made.outcome, seed, made.attempts as u64)))
    }

    fn check(&self, row: &PuzzleRow, _regrade: bool) -> Result<Option<StoredGrade>, String> {
        let Board { cols: width, rows: height } = self.board;
        let p = parse_givens(&row.givens, width, height).map_err(|e| format!("givens: {e:#}"))?;
        let picture = read_picture(&row.solution, width * height).map_err(|e| format!("solution: {e}"))?;
        for r in 0..height {
            let got = runs((0..width).map(|c| picture[r * width + c]));
            if got != p.rows[r] {
                return Err(format!("row {}: the picture's runs are {:?}, the clue says {:?}", r + 1, got, p.rows[r]));
            }
        }
        for c in 0..width {
            let got = runs((0..height).map(|r| picture[r * width + c]));
            if got != p.cols[c] {
                return Err(format!("column {}: the picture's runs are {:?}, the clue says {:?}", c + 1, got, p.cols[c]));
            }
        }
        match count_solutions(&p, CHECK_BUDGET) {
            Some(1) => {}
            Some(0) => return Err("no picture fits the clues".into()),
            Some(_) => return Err("more than one picture fits the clues".into()),
            None => return Err(format!("the independent checker gave up after {CHECK_BUDGET} nodes")),
        }
        let clues = clue_count(&p) as i64;
        if clues != row.clues {
            return Err(format!("{clues} clue numbers, but {} recorded", row.clues));
        }
        let outcome = solve::solve(&p);
        let level = level_of(outcome.level).0.name();
        if level != row.level {
            return Err(format!("level is {level}, but {} recorded", row.level));
        }
        if canonical_key(&p) != row.canonical {
            return Err("the canonical key does not match the givens".into());
        }
        Ok(None)
    }

    fn key(&self, givens: &str) -> Result<String> {
        Ok(canonical_key(&self.puzzle(givens)?))
    }

    fn page(&self, givens: &str) -> GridContents {
        let n = self.cells();
        // The clue text rides in `clues`, one character each: the renderer
        // reads the clues back from it (its cells hold no symbols).
        let text = self.puzzle(givens).map(|p| givens_of(&p)).unwrap_or_default();
        GridContents {
            symbols: vec![None; n],
            given: vec![false; n],
            // (padded to a slot a cell, as other grids' clues are).
            clues: text.chars().map(Some).chain(std::iter::repeat(None)).take(text.chars().count().max(n)).collect(),
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
        let mut page = self.page(givens);
        // The shaded cells are the answer's symbols (`#`); the renderer fills them.
        for (i, c) in solution.chars().enumerate().take(self.cells()) {
            page.symbols[i] = (c == '#').then_some('#');
        }
        GridContents { solution: Some(solution.to_string()), ..page }
    }

    fn hint(&self, givens: &str, words: &crate::lang::Catalogue) -> Option<super::Hint> {
        let p = self.puzzle(givens).ok()?;
        let (line, _, _, said) = self.first_step(&p, words)?;
        let (kind, n) = self.line_kind(line);
        let words = WORDS.over(words);
        Some(super::Hint {
            look: words.fill(&format!("example.nonogram.{kind}.start"), &[("line", &n.to_string())]),
            finds: Some(said),
            naming: Some(words.text("hint.naming.nonogram")),
        })
    }

    fn example_step(&self, givens: &str, solution: &str, words: &crate::lang::Catalogue) -> Option<super::example::ExampleStep> {
        let p = self.puzzle(givens).ok()?;
        let picture = read_picture(solution, self.cells()).ok()?;
        let (line, shaded, emptied, words) = self.first_step(&p, words)?;
        // Each shaded cell is the picture's.
        if !shaded.iter().all(|&c| picture[c]) || emptied.iter().any(|&c| picture[c]) {
            return None;
        }
        let cells = self.line_cells(line);
        let mut figure = self.page(givens);
        // The figure's partial picture: `#` shaded, `?` not yet known.
        let partial: String = (0..self.cells()).map(|c| if shaded.contains(&c) { '#' } else { '?' }).collect();
        figure.solution = Some(partial);
        figure.highlight = (0..self.cells()).map(|c| cells.contains(&c)).collect();
        for &c in &shaded {
            figure.symbols[c] = Some('#');
        }
        let placed = shaded.iter().map(|&c| (c, '#')).collect();
        Some(super::example::ExampleStep { shaded: cells, placed, lines: Vec::new(), pencilled: Vec::new(), figure, words })
    }

    fn renderer(&self) -> Box<dyn GridRenderer + '_> {
        crate::pdf::nonogram_renderer(self.board, self.fitted)
    }

    fn print_extent(&self) -> (usize, usize) {
        let (rows, cols) = crate::pdf::nonogram_room(self.board, self.fitted);
        (self.board.rows + cols, self.board.cols + rows)
    }

    /// The gutters as deep as the deepest clues among `givens` (a clue text
    /// that does not read leaves room for the longest a line could hold).
    fn fit_to(&mut self, givens: &[&str]) {
        let depths: Option<Vec<(usize, usize)>> = givens.iter().map(|g| crate::pdf::nonogram_clue_depth(g)).collect();
        self.fitted = depths.filter(|d| !d.is_empty()).map(|d| {
            let deepest = |pick: fn(&(usize, usize)) -> usize| d.iter().map(pick).max().unwrap_or(1);
            (deepest(|d| d.0), deepest(|d| d.1))
        });
    }

    /// "easy: only line logic; line logic decides 25 of 25 cells in 2
    /// rounds (8 of 20 line solves gave cells)": the level, the skill
    /// it needs, and line logic's work on it (the solver's rounds; the line
    /// solves of a sweep over every row then every column until none gives
    /// a cell, the grade's solving path).
    fn grade_line(&self, row: &PuzzleRow) -> Option<String> {
        let p = self.puzzle(&row.givens).ok()?;
        let outcome = solve::solve(&p);
        if outcome.count != 1 {
            return None;
        }
        let (level, need) = level_of(outcome.level);
        let (steps, grid, solved) = self.counted_steps(&p, usize::MAX);
        let decided = grid.iter().filter(|&&c| c != UNKNOWN).count();
        let rounds = outcome.rounds;
        Some(format!(
            "{level}: {}; line logic decides {decided} of {} cells in {rounds} round{} ({} of {solved} line solves gave cells)",
            SKILLS[need].need,
            grid.len(),
            if rounds == 1 { "" } else { "s" },
            steps.len()
        ))
    }

    fn show(&self, row: &PuzzleRow) -> String {
        let Board { cols: width, rows: height } = self.board;
        let (Ok(p), Ok(picture)) = (self.puzzle(&row.givens), read_picture(&row.solution, width * height)) else { return String::new() };
        let words = |clue: &Vec<usize>| {
            if clue.is_empty() { "0".to_string() } else { clue.iter().map(usize::to_string).collect::<Vec<_>>().join(" ") }
        };
        let mut out = String::new();
        for (c, clue) in p.cols.iter().enumerate() {
            out.push_str(&format!("column {:>2}: {}\n", c + 1, words(clue)));
        }
        let room = p.rows.iter().map(|c| words(c).len()).max().unwrap_or(1);
        for r in 0..height {
            let cells: String = (0..width).map(|c| if picture[r * width + c] { "# " } else { ". " }).collect();
            out.push_str(&format!("{:>room$} | {}\n", words(&p.rows[r]), cells.trim_end()));
        }
        out
    }

    fn sample_bands(&self, _sample: u64, _seed: u64) -> Result<SampleBands> {
        bail!(
            "{}: nonogram levels come from the deepest logic its solver needs (line logic, long line logic, probing, search), not from score bands",
            self.layout.path.display()
        )
    }

    fn minimal_does_not_apply(&self) -> Option<&'static str> {
        Some("does not apply (a nonogram has a clue for every row and column: there are no givens to take away)")
    }

    fn formats(&self) -> Vec<Format> {
        vec![Format::Lines, Format::Own(&WEBPBN), Format::Own(&NON), Format::Puzzlink]
    }

    fn decode(&self, format: Format, text: &str) -> Result<Vec<Decoded>, FormatError> {
        let decoded = match format {
            // The first word of each line.
            Format::Lines => {
                content_lines(text).map(|(line, l)| Decoded::new(line, l.split_whitespace().next().unwrap_or("").to_string())).collect()
            }
            Format::Own(own) if *own == WEBPBN => {
                vec![Decoded::new(1, givens_of(&engine::formats::read_webpbn(text).map_err(|e| located(e.line, e))?))]
            }
            Format::Own(own) if *own == NON => {
                vec![Decoded::new(1, givens_of(&engine::formats::read_non(text).map_err(|e| located(e.line, e))?))]
            }
            // One URL a line.
            Format::Puzzlink => content_lines(text)
                .map(|(line, l)| engine::formats::read_puzzlink(l).map(|p| Decoded::new(line, givens_of(&p))).map_err(|e| located(line, e)))
                .collect::<Result<_, _>>()?,
            _ => return Err(FormatError::at(1, unsupported(self.layout(), &self.formats(), format))),
        };
        checked(self, decoded)
    }

    fn encode(&self, format: Format, row: &PuzzleRow) -> Result<String> {
        let Board { cols: width, rows: height } = self.board;
        let picture = || read_picture(&row.solution, width * height).map_err(|e| anyhow::anyhow!("puzzle {}: solution: {e}", row.id));
        match format {
            Format::Lines => Ok(row.givens.clone()),
            Format::Own(own) if *own == WEBPBN => Ok(engine::formats::write_webpbn_with_goal(&self.puzzle(&row.givens)?, &picture()?)),
            Format::Own(own) if *own == NON => Ok(engine::formats::write_non_with_goal(&self.puzzle(&row.givens)?, &picture()?)),
            Format::Puzzlink => Ok(engine::formats::write_puzzlink(&self.puzzle(&row.givens)?)),
            _ => bail!("{}", unsupported(self.layout(), &self.formats(), format)),
        }
    }

    fn admit(&self, givens: &str) -> Result<NewPuzzle, Refusal> {
        let p = self.puzzle(givens).map_err(|e| Refusal::Invalid(format!("{e:#}")))?;
        let (picture, outcome) = self.prove(&p)?;
        Ok(self.new_puzzle(&p, &picture, &outcome, 0, 0))
    }

    fn make_from_picture(&self, image: &crate::raster::Raster, max_changes: Option<usize>) -> Result<super::FromPicture> {
        let Board { cols: width, rows: height } = self.board;
        let made = engine::picture::make_unique(image, width, height, max_changes).map_err(|e| anyhow::anyhow!("{e}"))?;
        let p = self.puzzle_of(&made.picture);
        let (picture, outcome) = self.prove(&p).map_err(|r| anyhow::anyhow!("the picture's nonogram is not stored: {r}"))?;
        Ok(super::FromPicture { puzzle: self.new_puzzle(&p, &picture, &outcome, 0, made.changed.len() as u64), report: made.report() })
    }
}

#[cfg(test)]
mod format_tests {
    use super::{NON, WEBPBN};
    use crate::formats::{Format, detect};

    /// The family's own formats are detected by name and content among
    /// its formats, and named on the command line.
    #[test]
    fn nonogram_files_and_urls_are_detected() {
        let own = crate::family::own_formats();
        assert_eq!(detect("whatever", Some("cat.NON"), &own), vec![Format::Own(&NON)]);
        assert_eq!(detect("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", None, &own), vec![Format::Own(&NON)]);
        assert_eq!(detect("<?xml version=\"1.0\"?>\n<puzzleset>", None, &own), vec![Format::Own(&WEBPBN)]);
        assert_eq!(detect("x", Some("p.xml"), &own), vec![Format::Own(&WEBPBN)]);
        assert_eq!(detect("https://puzz.link/p?nonogram/2/2/1111", None, &own), vec![Format::Puzzlink]);
        assert_eq!(Format::named("webpbn", &own), Ok(Format::Own(&WEBPBN)));
        assert!(Format::named("webpbn", &[]).unwrap_err().starts_with("unknown format 'webpbn'"));
        assert!(NON.one_per_file && WEBPBN.one_per_file);
        assert_eq!(Format::one_per_file_names(&own), "sdk, ss, janko, pzprv3, webpbn, non");
    }
}
