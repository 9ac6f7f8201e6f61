//! The command line: argument definitions and dispatch. Each command lives
//! in its own file and only calls the library.

mod art;
mod bench;
mod bench_fill;
pub(crate) mod book;
mod catalog;
mod copy;
mod cover;
mod demo;
mod export_formats;
mod generate;
mod grade;
mod import;
mod lang;
mod layouts;
mod levels;
mod link;
mod loops;
mod opening;
mod preflight;
mod reference;
mod reserve;
mod snake;
mod solve;
mod studio;
mod validate;

pub use opening::{open_catalog, open_catalog_to_read, open_existing_catalog};

use clap::{Parser, Subcommand};

/// The error of a command that was given no puzzle (`solve`, `grade`):
/// naming the file when one was given, since it held none.
fn no_puzzle(file: Option<&std::path::Path>) -> anyhow::Error {
    match file {
        Some(file) => anyhow::anyhow!("{}: no puzzle in it (the file is empty or holds only blank and '#' lines)", file.display()),
        None => anyhow::anyhow!("no puzzle given: pass puzzle strings or --file FILE"),
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "puzzlebook",
    version,
    about = "Generate sudoku-family puzzles, prove each unique, and grade them",
    long_about = "Generate sudoku-family puzzles under layout rules (layouts/*.toml), prove each has \
exactly one solution, and grade its difficulty.\n\nA LAYOUT is an id from layouts/ (run `puzzlebook layouts`) \
or a path to a .toml layout file. Puzzles are written one character per cell in the layout's cell order \
(row by row), '.' or '0' for an empty cell, letters for symbols above 9 (A=10, B=11, …)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `defer`: a subcommand's arguments are built only when it runs (or its
/// help is asked): building all thirty commands' arguments was most of a
/// short `solve`'s own start-up.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum Command {
    /// Solve puzzles and say whether each has one, several or no solutions.
    Solve(solve::SolveArgs),
    /// Generate minimal puzzles with exactly one solution.
    Generate(generate::GenerateArgs),
    /// Rate puzzles like a human solver: SE-scale rating, level, hardest technique.
    Grade(grade::GradeArgs),
    /// Counts per layout × level: stored, validated, failed, not yet checked.
    Stats(catalog::StatsArgs),
    /// Re-check stored puzzles independently of the generator (new or changed ones by default).
    Validate(validate::ValidateArgs),
    /// One puzzle: givens, solution, score, seed, batch, validation.
    Show(catalog::ShowArgs),
    /// Write puzzles from the catalog to stdout.
    Export(catalog::ExportArgs),
    /// Single puzzles as art files: SVG, PNG, PDF or EPS, with a JSON sidecar.
    Art(art::ArtArgs),
    /// Fold another catalog into this one (deduplicated, batches kept).
    Merge(catalog::MergeArgs),
    /// Copy a whole catalog between SQLite and PostgreSQL (every table, ids kept), into an empty target.
    #[command(long_about = copy::LONG_ABOUT)]
    Copy(copy::CopyArgs),
    /// Choose puzzles from the catalog and print a book (PDF).
    Book(Box<book::BookArgs>),
    /// Books made so far, with their puzzles and who made each.
    Books(catalog::DbArg),
    /// Reserve puzzles in a draft of yours for a book in progress (other editors' books leave them out).
    Reserve(Box<reserve::ReserveArgs>),
    /// Free a draft's puzzles (all, or some).
    Release(reserve::ReleaseArgs),
    /// The drafts: whose, how many puzzles, when each expires.
    Reservations(catalog::DbArg),
    /// Print a recorded book again: same puzzles, same PDF.
    Reprint(book::ReprintArgs),
    /// Write a recorded book's KDP paperback cover (full wrap PDF) beside its interior.
    Cover(cover::CoverArgs),
    /// Make a small catalog of several layouts and print output/sample-book.pdf.
    Demo(demo::DemoArgs),
    /// Parity snakes: count, list and export every unambiguous even/odd snake.
    Snake(snake::SnakeArgs),
    /// Slitherlink: count loops and unique puzzles exactly, solve, generate, time.
    Loops(loops::LoopsArgs),
    /// List the layouts in layouts/ with a one-line description (or, with
    /// --words, check their reader's words in other languages).
    Layouts(layouts::LayoutsArgs),
    /// The languages a book prints in (`book --lang`); `--check FILE` lists the keys a catalogue lacks.
    Langs(lang::LangsArgs),
    /// Suggest level bands for a layout from a sample of generated puzzles.
    Levels(levels::LevelsArgs),
    /// Measure solver and generator speed (puzzles/second, one thread).
    Bench(bench::BenchArgs),
    /// Check a PDF against the print rules (trim, bleed, margins, fonts, sizes, lines, greys).
    Preflight(preflight::PreflightArgs),
    /// Read puzzles from another program's file: prove, grade, deduplicate and store each.
    Import(import::ImportArgs),
    /// A URL that opens a stored puzzle in SudokuPad or puzz.link.
    Link(link::LinkArgs),
    /// Public collections whose puzzles books must not print (canonical keys only).
    Reference(reference::ReferenceArgs),
    /// The studio: the catalog, its puzzles and their solving paths, book drafts and builds, and batches, in a web browser (`studio user add` makes logins).
    Studio(studio::StudioArgs),
    /// Fill a catalog fast for the scale bench (see benches/catalog-scale.sh).
    #[command(name = "bench-fill", hide = true)]
    BenchFill(bench_fill::BenchFillArgs),
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Book(args) => book::book(*args),
        Command::Books(args) => book::books(args),
        Command::Reserve(args) => reserve::reserve(*args),
        Command::Release(args) => reserve::release(args),
        Command::Reservations(args) => reserve::reservations(args),
        Command::Reprint(args) => book::reprint(args),
        Command::Cover(args) => cover::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Snake(args) => snake::run(args),
        Command::Loops(args) => loops::run(args),
        Command::Layouts(args) => layouts::run(args),
        Command::Langs(args) => lang::run(args),
        Command::Grade(args) => grade::run(args),
        Command::Stats(args) => catalog::stats(args),
        Command::Validate(args) => validate::run(args),
        Command::Show(args) => catalog::show(args),
        Command::Export(args) => catalog::export(args),
        Command::Art(args) => art::run(args),
        Command::Merge(args) => catalog::merge(args),
        Command::Copy(args) => copy::run(args),
        Command::Levels(args) => levels::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Preflight(args) => preflight::run(args),
        Command::Import(args) => import::run(args),
        Command::Link(args) => link::run(args),
        Command::Reference(args) => reference::run(args),
        Command::Studio(args) => studio::run(args),
        Command::BenchFill(args) => bench_fill::run(args),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn argument_definitions_are_consistent() {
        super::Cli::command().debug_assert();
    }
}
