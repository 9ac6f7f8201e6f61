//! Puzzle families: everything the catalog, batches, validation, books and
//! the command line may ask of a kind of puzzle, behind one trait (in the
//! spirit of Simon Tatham's `struct game`).
//!
//! [`of`] is the only place that looks at which family a layout belongs to;
//! everything above the engines holds a `Box<dyn Family>` and asks it. A new
//! family needs its engine folder, a `family/<name>.rs` implementing
//! [`Family`], its renderer (a [`GridRenderer`]), its shape reader in
//! `layout/`, and one line in [`of`].

mod cells;
pub mod example;
pub mod hint;
mod loops;
mod nonogram;
pub mod words;

pub use hint::Hint;

use crate::formats::{Decoded, Format, FormatError};
use crate::generate::Controls;
use crate::layout::{Kind, Layout};
use crate::level::Level;
use crate::pdf::{GridContents, GridRenderer};
use crate::record::{NewPuzzle, PuzzleRow, StoredGrade};
use crate::solver::{Budget, SOLVE_SECONDS};
use anyhow::Result;

/// What `solve` answers for one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Exactly one solution, in the family's solution text.
    Unique(String),
    Multiple,
    None,
    /// With a limit: the exact count, up to the limit.
    Count(u128),
    /// The search budget (time or nodes) ran out before an answer: `found`
    /// solutions seen (at least that many exist) in `nodes` search nodes.
    Undecided {
        found: u128,
        nodes: u64,
    },
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Unique(solution) => write!(f, "unique {solution}"),
            Answer::Multiple => f.write_str("multiple"),
            Answer::None => f.write_str("none"),
            Answer::Count(k) => write!(f, "solutions {k}"),
            Answer::Undecided { found: 0, nodes } => {
                write!(f, "undecided: the search stopped at its budget after {nodes} nodes, with no solution found yet")
            }
            Answer::Undecided { found, nodes } => {
                write!(
                    f,
                    "undecided: the search stopped at its budget after {nodes} nodes; {found} solutions found so far, so at least {found} exist"
                )
            }
        }
    }
}

/// A human-style grade of one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct GradeReport {
    /// The Sudoku Explainer rating, where the family has that scale.
    pub rating: Option<f32>,
    pub level: String,
    /// The hardest technique or rule needed.
    pub hardest: String,
    /// The solving steps, easiest first each time.
    pub steps: Vec<String>,
    /// What each step of `steps` does on the grid, in the same order
    /// (empty where the family's steps name no cells).
    pub step_cells: Vec<StepCells>,
}

/// What one solving step does on the grid, as the grader found it: symbols
/// it places, candidates it strikes, and the candidates its pattern stands
/// on, as (cell index in the layout's order, symbol); and every cell's
/// candidates before it (empty for a solved cell).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepCells {
    pub placed: Vec<(usize, char)>,
    pub struck: Vec<(usize, char)>,
    pub uses: Vec<(usize, char)>,
    pub candidates: Vec<Vec<char>>,
}

/// One kind of puzzle, as the rest of the program sees it.
pub trait Family: Send + Sync {
    /// The layout this family object was made for.
    fn layout(&self) -> &Layout;

    /// The catalog's name of the family (`layouts.family`).
    fn name(&self) -> &'static str;

    /// The levels it can make and grade, easiest first.
    fn levels(&self) -> &'static [Level];

    /// Whether its puzzles get Sudoku Explainer ratings (a technique
    /// grader): what star and word labels and `--curve week` stand on.
    fn rates(&self) -> bool {
        false
    }

    /// Refuses a level the family cannot make, naming the ones it can.
    fn check_level(&self, level: Level) -> Result<()> {
        if !self.levels().contains(&level) {
            let known: Vec<&str> = self.levels().iter().map(|l| l.name()).collect();
            anyhow::bail!("{} has no {level} puzzles: its levels are {}", self.layout().id, known.join(", "));
        }
        Ok(())
    }

    /// Parses a puzzle text; the error names the position.
    fn parse(&self, text: &str) -> Result<()>;

    /// Solves a puzzle text: the verdict, or with `limit` the count up to it.
    fn solve(&self, text: &str, limit: Option<usize>) -> Result<Answer>;

    /// As [`Family::solve`], giving up (`Answer::Undecided`) when `budget`
    /// runs out, where the family's search keeps one.
    fn solve_within(&self, text: &str, limit: Option<usize>, budget: Budget) -> Result<Answer> {
        let _ = budget;
        self.solve(text, limit)
    }

    /// Grades a puzzle as a human would solve it (an error when it has no
    /// unique solution, or the family or layout has no grader).
    fn grade(&self, text: &str) -> Result<GradeReport>;

    /// [`Family::grade`] where the steps are not wanted: a family may leave
    /// `steps` empty and answer faster.
    fn rate(&self, text: &str) -> Result<GradeReport> {
        self.grade(text)
    }

    /// One attempt of a batch: a unique puzzle made from `seed`, at `level`
    /// if one is asked (`None` when this attempt did not reach it).
    fn make(&self, seed: u64, level: Option<Level>) -> Result<Option<NewPuzzle>>;

    /// One attempt of a batch that may find several puzzles (a search such
    /// as `--rating` meets many on its way), in a fixed order; the same
    /// seed finds the same puzzles.
    fn make_all(&self, seed: u64, level: Option<Level>) -> Result<Vec<NewPuzzle>> {
        Ok(self.make(seed, level)?.into_iter().collect())
    }

    /// [`Family::make_all`] for a line of `generate --no-store`, which shows
    /// the level but no rating and keeps nothing: a family may grade only as
    /// far as the level needs (the same level) and leave `grade` empty, and
    /// leave `canonical` empty where the attempt cannot meet one puzzle
    /// twice (it searches nothing).
    fn make_printed(&self, seed: u64, level: Option<Level>) -> Result<Vec<NewPuzzle>> {
        self.make_all(seed, level)
    }

    /// The independent re-check of a stored row (code that shares nothing
    /// with the generator's solver); returns the recomputed technique grade
    /// where the family has one. With `regrade`, a differing stored grade is
    /// replaced rather than failed.
    fn check(&self, row: &PuzzleRow, regrade: bool) -> Result<Option<StoredGrade>, String>;

    /// The canonical key of a puzzle text: equal for puzzles equal up to the
    /// layout's symmetries.
    fn key(&self, givens: &str) -> Result<String>;

    /// What a puzzle page shows of the puzzle.
    fn page(&self, givens: &str) -> GridContents;

    /// What an answer page shows.
    fn answer_page(&self, givens: &str, solution: &str) -> GridContents;

    /// The renderer of its grids.
    fn renderer(&self) -> Box<dyn GridRenderer + '_>;

    /// Rows and columns of cells a figure spans, for sizing print (a pie
    /// counts as the square grid whose digits print as large).
    fn print_extent(&self) -> (usize, usize);

    /// Sizes its figures for the puzzles (their givens) a book prints under
    /// it: a nonogram's clue gutters as deep as their longest clues rather
    /// than the longest a line could hold. `renderer` and `print_extent`
    /// answer for them afterwards. By default a figure does not depend on
    /// its puzzle.
    fn fit_to(&mut self, _givens: &[&str]) {}

    /// Whether a figure needs a page of its own (overlapping grids, pies).
    fn one_figure_a_page(&self) -> bool {
        false
    }

    /// A text drawing of a stored puzzle and its answer, for `show`.
    fn show(&self, row: &PuzzleRow) -> String;

    /// `show`'s grade line for a stored puzzle, where the stored score (a
    /// candidate count and solver nodes, the cell puzzles' measures) says
    /// nothing of how it is solved: its level, the deepest logic it needs
    /// and the work that logic did. `None`: the score as stored.
    fn grade_line(&self, _row: &PuzzleRow) -> Option<String> {
        None
    }

    /// Why minimality (no given can go) does not apply to this family's
    /// puzzles, for `show`; None where it does.
    fn minimal_does_not_apply(&self) -> Option<&'static str> {
        None
    }

    /// Cells that print a letter instead of a digit (Trividoku), in order.
    fn lettered_cells(&self) -> Vec<(usize, char)> {
        Vec::new()
    }

    /// Whether its grids carry marks that the book's rules page explains.
    fn has_marks(&self) -> bool {
        false
    }

    /// Whether its marks print faded by default (a large light-grey letter
    /// behind the empty cell, as even/odd marks' publishers print them).
    fn marks_fade(&self) -> bool {
        false
    }

    /// How many symbols a cell may hold (pencilled candidates print that
    /// many to a cell); `None` where cells hold no symbols.
    fn symbol_count(&self) -> Option<usize> {
        None
    }

    /// What its corner texts (marks, cage sums, letters) need of a printed
    /// cell in `style` with text of `floor` pt or more; `None` where its
    /// grids print no corner texts.
    fn mark_room(&self, _fonts: &crate::pdf::fonts::Fonts, _style: crate::pdf::MarkStyle, _floor: f32) -> Option<MarkRoom> {
        None
    }

    /// A book's hint for a puzzle: its first step harder than a single, in
    /// a reader's words, the catalogue's (`None` where the family has no
    /// technique grader).
    fn hint(&self, _givens: &str, _words: &crate::lang::Catalogue) -> Option<Hint> {
        None
    }

    /// A worked example's step on a puzzle (its first step, as the family's
    /// grader finds it on the givens): the cells to shade, what it places
    /// or draws, the figure with all of it drawn, and the words that say
    /// it by what the figure shows. `None` where the family finds no such
    /// step on this puzzle (a book then tries another puzzle).
    fn example_step(&self, _givens: &str, _solution: &str, _words: &crate::lang::Catalogue) -> Option<example::ExampleStep> {
        None
    }

    /// A book's hint for the step a puzzle is rated by: its hardest step
    /// past the singles, naming the pattern's cells (`--hints hardest`).
    fn hardest_hint(&self, _givens: &str, _words: &crate::lang::Catalogue) -> Option<Hint> {
        None
    }

    /// The scale of what its puzzles need, in a reader's words, easiest
    /// first ([`words`]): what introductions and blurbs speak in; empty
    /// where the family grades none.
    fn skills(&self) -> &'static [words::Skill] {
        &[]
    }

    /// What a puzzle's hardest step needs, as an index into
    /// [`Family::skills`]; `None` where the family cannot tell.
    fn need(&self, _givens: &str) -> Option<usize> {
        None
    }

    /// How the answer of a puzzle prints, after "The answers at the back
    /// are in puzzle order, ".
    fn answer_words(&self, _givens: &str) -> words::AnswerWords {
        words::DIGITS_BOLD
    }

    /// The family's own words file (its words in every built-in
    /// language, beside its engine; `lang::OwnWords`), if its words are
    /// not in the language catalogues. A publisher's catalogue of another
    /// language must carry them (`OwnWords::missing`).
    fn own_words(&self) -> Option<&'static crate::lang::OwnWords> {
        None
    }

    /// Suggested candidate-score bands from a sample (`puzzlebook levels`).
    fn sample_bands(&self, sample: u64, seed: u64) -> Result<SampleBands>;

    // --- Formats in and out: import, export, play links (issue 17). Each
    // family encodes and decodes its own formats; the codecs are in
    // `crate::formats`. ---

    /// The text formats this layout's puzzles are read from and written to.
    fn formats(&self) -> Vec<Format> {
        Vec::new()
    }

    /// Every puzzle of a file in `format`, each a clue text this layout
    /// parses; the first malformed puzzle is an error naming its line.
    fn decode(&self, format: Format, _text: &str) -> Result<Vec<Decoded>, FormatError> {
        Err(FormatError::at(1, unsupported(self.layout(), &self.formats(), format)))
    }

    /// One stored puzzle in `format` (a line, or a whole file for the
    /// one-puzzle formats).
    fn encode(&self, format: Format, _row: &PuzzleRow) -> Result<String> {
        anyhow::bail!("{}", unsupported(self.layout(), &self.formats(), format))
    }

    /// A URL that opens the puzzle in a browser solver (SudokuPad,
    /// puzz.link), or why there is none.
    fn link(&self, _givens: &str) -> Result<String> {
        anyhow::bail!("{}: no browser solver takes these puzzles", self.layout().id)
    }

    /// An imported puzzle proved (unique), graded and keyed: the row a batch
    /// would store; refused when it has no or several solutions.
    fn admit(&self, _givens: &str) -> Result<NewPuzzle, Refusal> {
        Err(Refusal::Invalid(format!("{} does not import puzzles", self.layout().id)))
    }

    /// [`Family::admit`] for a decoded puzzle: one that carries its own
    /// layout (a file's killer cages, jigsaw regions, marks) is proved,
    /// graded and keyed under it, and stored with it, as generation stores
    /// the layouts it draws.
    fn admit_decoded(&self, decoded: &Decoded) -> Result<NewPuzzle, Refusal> {
        let Some(source) = &decoded.layout else { return self.admit(&decoded.givens) };
        let own = stored(&self.layout().id, source).map_err(|e| Refusal::Invalid(format!("{e:#}")))?;
        let mut admitted = own.admit(&decoded.givens)?;
        admitted.own_layout = Some(source.clone());
        Ok(admitted)
    }

    /// A puzzle made from a picture (`generate --from`): the image brought
    /// to the layout's size and made unique by changing as few cells as
    /// the family can, refused when that takes more than `max_changes`.
    fn make_from_picture(&self, _image: &crate::raster::Raster, _max_changes: Option<usize>) -> Result<FromPicture> {
        anyhow::bail!("{}: puzzles are not made from pictures in this layout", self.layout().id)
    }

    /// [`Family::key`] for a decoded puzzle, under its own layout if it has one.
    fn key_decoded(&self, decoded: &Decoded) -> Result<String> {
        match &decoded.layout {
            None => self.key(&decoded.givens),
            Some(source) => stored(&self.layout().id, source)?.key(&decoded.givens),
        }
    }
}

/// A puzzle made from a picture ([`Family::from_picture`]) and what was
/// changed to make it, in a reader's words.
#[derive(Clone, Debug)]
pub struct FromPicture {
    pub puzzle: NewPuzzle,
    pub report: String,
}

/// What a family's corner texts need of a printed cell ([`Family::mark_room`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MarkRoom {
    /// The smallest cell side (pt) that holds them legibly.
    pub least: f32,
    /// Whether the texts include cage sums (which always print in the corner).
    pub caged: bool,
}

/// Why an imported puzzle is not stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No solution.
    None,
    /// More than one solution.
    Multiple,
    /// The puzzle cannot be read or graded under the layout.
    Invalid(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::None => f.write_str("none"),
            Refusal::Multiple => f.write_str("multiple"),
            Refusal::Invalid(why) => write!(f, "invalid: {why}"),
        }
    }
}

/// The budget of one puzzle where no command line sets one (`import`,
/// `grade`, [`Family::solve`]): [`SOLVE_SECONDS`] of search.
pub fn standard_budget() -> Budget {
    Budget::new(u64::MAX, Some(std::time::Duration::from_secs(SOLVE_SECONDS)))
}

/// `import`'s refusal of a puzzle the solver could not decide within
/// [`standard_budget`].
fn undecided_refusal() -> Refusal {
    Refusal::Invalid(format!(
        "undecided: the solver found no answer in {SOLVE_SECONDS} s (too many solutions to tell apart, as with few givens)"
    ))
}

/// `grade`'s error for a puzzle whose uniqueness the solver could not
/// decide within [`standard_budget`].
fn undecided_grade() -> anyhow::Error {
    anyhow::anyhow!("undecided: the solver could not tell in {SOLVE_SECONDS} s whether the puzzle has one solution (too few givens?)")
}

/// `word` with its indefinite article, by the sound it starts with: "an
/// even-odd-random-9", "an x-sudoku" (a letter named with a vowel sound,
/// before a hyphen or digit), "a classic-9".
pub fn with_article(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let mut chars = lower.chars();
    let (first, second) = (chars.next(), chars.next());
    let spelled = matches!(second, Some('-' | '0'..='9')) && matches!(first, Some('f' | 'h' | 'l' | 'm' | 'n' | 'r' | 's' | 'x'));
    let vowel =
        matches!(first, Some('a' | 'e' | 'i' | 'o')) || (first == Some('u') && !lower.starts_with("uni") && !lower.starts_with("us"));
    format!("{} {word}", if vowel || spelled { "an" } else { "a" })
}

/// The error for a format a layout does not read or write.
fn unsupported(layout: &Layout, formats: &[Format], format: Format) -> String {
    let known: Vec<&str> = formats.iter().map(|f| f.name()).collect();
    if known.is_empty() {
        return no_formats(layout);
    }
    format!("{} puzzles are not read from or written in {format}: its formats are {}", layout.id, known.join(", "))
}

/// Why a layout reads and writes no text format, in its own terms: what it
/// draws per puzzle that no format here carries.
pub fn no_formats(layout: &Layout) -> String {
    let Some(cells) = layout.cells() else { return format!("{} reads and writes no text formats", layout.id) };
    let random = &cells.random;
    let mut drawn = Vec::new();
    if !random.marks.is_empty() {
        let letters: Vec<String> = random.marks.iter().map(|(l, _)| l.to_string()).collect();
        drawn.push(format!("its {} marks", letters.join("/")));
    }
    if random.islands > 0 {
        drawn.push("its islands".to_string());
    }
    if random.cages.is_some() {
        drawn.push("its killer cages".to_string());
    }
    if random.regions {
        drawn.push("its jigsaw regions".to_string());
    }
    if drawn.is_empty() {
        return format!("{} reads and writes no text formats (no format here expresses its rules)", layout.id);
    }
    format!("{} reads and writes no text formats: {} are drawn per puzzle, and no format here carries them", layout.id, drawn.join(" and "))
}

/// Checks every decoded puzzle with the family's parser, naming the line
/// of the first that does not fit the layout.
fn checked<F: Family + ?Sized>(family: &F, decoded: Vec<Decoded>) -> Result<Vec<Decoded>, FormatError> {
    for d in &decoded {
        family.parse(&d.givens).map_err(|e| FormatError::at(d.line, format!("{e:#}")))?;
    }
    Ok(decoded)
}

/// Candidate scores of a sample and the level bands they suggest.
#[derive(Clone, Debug)]
pub struct SampleBands {
    pub scores: Vec<u32>,
    pub bands: [u32; 3],
    pub current: [u32; 3],
}

/// The family of a layout, ready to make, check and draw its puzzles
/// (`controls`: what a batch asks beyond a level — symmetry, pattern,
/// technique, rating range; a family refuses what it cannot do).
pub fn of(layout: Layout, controls: &Controls) -> Result<Box<dyn Family>> {
    Ok(match &layout.kind {
        Kind::Cells(_) => Box::new(cells::Cells::new(layout, controls)?),
        Kind::Board { shape: "loops", board } => Box::new(loops::Loops::new(*board, layout, controls)?),
        Kind::Board { shape: "nonogram", board } => Box::new(nonogram::Nonogram::new(*board, layout, controls)?),
        Kind::Board { shape, .. } => anyhow::bail!("{}: no family reads a {shape} board", layout.path.display()),
    })
}

/// The formats the families own (codecs in their engine folders), for
/// the command line's `--format` names and `import`'s detection; each
/// family that owns formats lists them here.
pub fn own_formats() -> Vec<Format> {
    nonogram::OWN_FORMATS.to_vec()
}

/// The families' own words files (`Family::own_words`), for checking a
/// publisher's catalogue against every family (`langs --check`); each
/// family that keeps its words beside its engine lists them here.
pub fn own_words() -> Vec<&'static crate::lang::OwnWords> {
    vec![&loops::WORDS, &nonogram::WORDS]
}

/// A layout's family for reading and checking (no batch controls).
pub fn open(layout: Layout) -> Box<dyn Family> {
    of(layout, &Controls::default()).expect("every family makes puzzles without controls")
}

/// The family of a layout stored in the catalog (its id and file text).
pub fn stored(name: &str, source: &str) -> Result<Box<dyn Family>> {
    let layout = Layout::from_source(std::path::Path::new(&format!("{name}.toml")), source.to_string())?;
    Ok(open(layout))
}

#[cfg(test)]
mod tests;
