//! Fuzzing: layout files mutated from every shipped one, puzzle strings,
//! trivia banks and book titles. The property everywhere: a clear error
//! naming the input, or a right answer — never a panic, an abort or a hang.
//!
//! CI runs a bounded number of cases with a fixed seed; the long run is
//! ignored: `cargo test --profile release-tests --test fuzz -- --ignored --nocapture`
//! (PUZZLEBOOK_FUZZ_SECONDS sets its length; see README).

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use puzzlebook::book::trivia::TriviaBank;
use puzzlebook::layout::{Layout, list_layout_files};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

/// Runs `f` on another thread; a panic or a run past `limit` fails.
fn bounded<T: Send + 'static>(what: &str, limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    match receive.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: still running after {limit:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: panicked"),
    }
}

fn shipped() -> Vec<(String, String)> {
    list_layout_files().into_iter().map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap())).collect()
}

/// Pieces a mutation splices in: TOML punctuation, the format's keys,
/// numbers at and past every limit, picture characters.
const PIECES: &[&str] = &[
    "=",
    "\"",
    "\"\"\"",
    "[",
    "]",
    "{",
    "}",
    ",",
    "\n",
    " ",
    "#",
    "0",
    "1",
    "-1",
    "2",
    "9",
    "16",
    "17",
    "25",
    "30",
    "31",
    "64",
    "100000",
    "9223372036854775807",
    "-9223372036854775808",
    "1e9",
    "true",
    "false",
    "size",
    "boxes",
    "\"3x3\"",
    "\"0x0\"",
    "\"9x1\"",
    "regions",
    "diagonals",
    "marks",
    "mark_symbols",
    "symbols",
    "counts",
    "grids",
    "at",
    "shape",
    "\"pie\"",
    "\"loops\"",
    "\"triangle\"",
    "sectors",
    "rings",
    "rows",
    "pairing",
    "\"sliding\"",
    "islands",
    "letters",
    "magic_five",
    "random_marks",
    "random_islands",
    "snake_path",
    "levels",
    "E",
    "O",
    "H",
    "L",
    "A",
    "*",
    ".",
    "ÄÖ",
    "数",
];

fn mutation() -> impl Strategy<Value = (usize, f64, usize, Vec<usize>)> {
    (any::<usize>(), 0.0..1.0f64, 0usize..40, prop::collection::vec(0..PIECES.len(), 0..6))
}

fn mutate(files: &[(String, String)], (which, at, cut, pieces): &(usize, f64, usize, Vec<usize>)) -> (String, String) {
    let (name, text) = &files[which % files.len()];
    let chars: Vec<char> = text.chars().collect();
    let start = ((chars.len() as f64) * at) as usize;
    let end = (start + cut).min(chars.len());
    let mut out: String = chars[..start].iter().collect();
    for &p in pieces {
        out.push_str(PIECES[p]);
    }
    out.extend(&chars[end..]);
    (name.clone(), out)
}

/// A mutated layout either loads (and then answers a puzzle question
/// without panicking) or is refused with an error that names its file.
fn check_layout(name: &str, text: String) -> Result<(), TestCaseError> {
    let path = Path::new(name).to_path_buf();
    let what = format!("{name} mutated:\n{text}");
    let outcome = bounded(&what, Duration::from_secs(20), move || match Layout::from_source(&path, text) {
        Err(e) => Err(e.to_string()),
        Ok(layout) => {
            let family = puzzlebook::family::open(layout);
            let cells = family.page(&".".repeat(10_000)).symbols.len();
            let _ = family.solve(&".".repeat(cells.min(10_000)), Some(2));
            let _ = family.solve("1", None);
            Ok(())
        }
    });
    if let Err(message) = outcome {
        prop_assert!(message.starts_with(name), "the error does not name the file: {message}");
    }
    Ok(())
}

fn runner(cases: u32, seed: u64) -> TestRunner {
    TestRunner::new(Config { cases, rng_seed: RngSeed::Fixed(seed), failure_persistence: None, ..Config::default() })
}

fn fuzz_layouts(cases: u32, seed: u64) {
    let files = shipped();
    runner(cases, seed)
        .run(&mutation(), |m| {
            let (name, text) = mutate(&files, &m);
            check_layout(&name, text)
        })
        .unwrap();
}

fn fuzz_puzzle_strings(cases: u32, seed: u64) {
    let families: Vec<_> = ["classic-9", "jigsaw-9", "even-odd-9", "classic-16", "pie-12", "tridoku", "slitherlink-7x7", "samurai"]
        .iter()
        .map(|id| puzzlebook::family::open(Layout::load(id).unwrap()))
        .collect();
    let strategy = (0..families.len(), "[.0-9A-Ga-g* /xÄ]{0,120}", proptest::option::of(1usize..5));
    runner(cases, seed)
        .run(&strategy, |(which, text, limit)| {
            let family = &families[which];
            // A string of the right length checks; any other is an error naming the length.
            match family.solve(&text, limit) {
                Ok(answer) => prop_assert!(!answer.to_string().is_empty()),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
            Ok(())
        })
        .unwrap();
}

fn fuzz_trivia_and_titles(cases: u32, seed: u64) {
    let strategy = ("[a-zA-Z0-9 ,\"?\n\r\t1-9é数]{0,200}", "\\PC{0,80}");
    runner(cases, seed)
        .run(&strategy, |(csv, title)| {
            if let Err(e) = TriviaBank::parse(&csv, "fuzz.csv") {
                prop_assert!(e.to_string().starts_with("fuzz.csv"), "{e}");
            }
            let slug = puzzlebook::book::slug(&title);
            prop_assert!(!slug.is_empty() && slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{slug}");
            Ok(())
        })
        .unwrap();
}

#[test]
fn mutated_layout_files_load_or_are_refused_naming_the_file() {
    fuzz_layouts(400, CI_SEED);
}

#[test]
fn puzzle_strings_are_answered_or_refused() {
    fuzz_puzzle_strings(2000, CI_SEED);
}

#[test]
fn trivia_banks_and_titles_never_panic() {
    fuzz_trivia_and_titles(2000, CI_SEED);
}

/// Inputs that once crashed or hung the program (issue #15), kept as
/// regression cases.
#[test]
fn inputs_that_once_failed_are_refused_cleanly() {
    let grids = |at: &str| format!("description = \"x\"\nsize = 9\nboxes = \"3x3\"\ngrids = [{{ at = [0, 0] }}, {{ at = [{at}] }}]\n");
    for text in [
        grids("100000, 100000"),
        grids("9223372036854775807, 9223372036854775807"),
        "description = \"x\"\nsize = 25\nboxes = \"5x5\"\n".to_string(),
        "description = \"x\"\nsize = 9\nshape = \"loops\"\nrows = 1000000\n".to_string(),
    ] {
        check_layout("layouts/twodoku.toml", text).unwrap();
        assert!(Layout::from_source(Path::new("layouts/twodoku.toml"), grids("100000, 100000")).is_err());
    }
}

/// CI's fixed seed: the same cases on every run.
const CI_SEED: u64 = 20261123;

#[test]
#[ignore = "ten minutes: the long fuzz run (README)"]
fn long_fuzz_run() {
    let seconds: u64 = std::env::var("PUZZLEBOOK_FUZZ_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(600);
    let started = std::time::Instant::now();
    let (mut rounds, mut cases) = (0u64, 0u64);
    // Rounds of fresh seeds until the time is up.
    while started.elapsed().as_secs() < seconds {
        let seed = CI_SEED + 1 + rounds;
        fuzz_layouts(2_000, seed);
        fuzz_puzzle_strings(5_000, seed);
        fuzz_trivia_and_titles(5_000, seed);
        rounds += 1;
        cases += 12_000;
    }
    println!("long fuzz run: {cases} cases in {rounds} rounds ({:.0?}), no panic, abort or hang", started.elapsed());
}
