//! Fuzzing what comes from outside the program: files to `import` in every
//! format it reads (our own exports, mutated), `art` sizes, resolutions and
//! formats, and `preflight` options on mutated book and cover PDFs.
//!
//! The property everywhere: a clear error (naming the input) or an answer;
//! never a panic, never a case past 20 s, never an allocation — one, or the
//! live total — past 1 GiB.
//!
//! How the bounds are kept: each case runs on its own thread and is given
//! 20 s; a counting global allocator (below) refuses any allocation that is
//! over 1 GiB by itself or would take the live heap past 1 GiB. Refusing
//! ends the process (Rust aborts on a failed allocation), so the allocator
//! first writes the case and saves its input where the failure report says.
//! Counting in the test binary, rather than running the binary under
//! `prlimit --as`, measures the heap the code asks for (not address space
//! reserved for thread stacks and the mapped binary), runs thousands of
//! cases a minute in one process, and names the very case and allocation
//! that went over.
//!
//! CI runs a bounded number of cases with fixed seeds; the long run is
//! ignored: `cargo test --profile release-tests --test fuzz_inputs -- --ignored
//! --test-threads 1` (`PUZZLEBOOK_FUZZ_SECONDS` per target, default 600;
//! see README). It restarts itself after every failure and reports all of
//! them at the end, each with its input saved under
//! `PUZZLEBOOK_FUZZ_FINDINGS` (default: the temp dir's
//! `puzzlebook-fuzz-findings`).

mod common;

use clap::Parser;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use puzzlebook::formats::Format;
use puzzlebook::layout::Layout;
use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

// ------------------------------------------------------------ the bounds

/// The most a case may allocate at once, or hold live.
const MEMORY: usize = 1 << 30;
/// The longest a case may run: 20 s in an optimised build (`--release`);
/// ten times that in a debug build, which runs the solvers 10–30 times slower.
const TIME: Duration = Duration::from_secs(if cfg!(debug_assertions) { 200 } else { 20 });

/// The system allocator, counting: refuses (after reporting the case) an
/// allocation over [`MEMORY`] or one that takes the live total past it.
struct Bounded;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static REPORTED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Set while the allocator itself reports: its own allocations pass.
    static REPORTING: Cell<bool> = const { Cell::new(false) };
}

#[global_allocator]
static ALLOCATOR: Bounded = Bounded;

/// Counts `extra` more live bytes for an allocation of `size`; false (after
/// reporting once) when that passes the bound.
fn grow(extra: usize, size: usize) -> bool {
    let live = LIVE.fetch_add(extra, Ordering::Relaxed) + extra;
    if (size > MEMORY || live > MEMORY) && !REPORTING.try_with(Cell::get).unwrap_or(true) {
        LIVE.fetch_sub(extra, Ordering::Relaxed);
        let _ = REPORTING.try_with(|r| r.set(true));
        over_memory(size, live);
        let _ = REPORTING.try_with(|r| r.set(false));
        return false;
    }
    PEAK.fetch_max(live, Ordering::Relaxed);
    true
}

unsafe impl GlobalAlloc for Bounded {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        if !grow(layout.size(), layout.size()) {
            return std::ptr::null_mut();
        }
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        if !grow(layout.size(), layout.size()) {
            return std::ptr::null_mut();
        }
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old && !grow(new_size - old, new_size) {
            return std::ptr::null_mut();
        }
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            if new_size > old {
                LIVE.fetch_sub(new_size - old, Ordering::Relaxed);
            }
        } else if new_size < old {
            LIVE.fetch_sub(old - new_size, Ordering::Relaxed);
        }
        p
    }
}

/// The case running now (what it is, and its input), for the reports of
/// the allocator and of a hang. One case runs at a time per target; the
/// short tests of several targets may overlap, so each thread names its own.
struct Case {
    target: &'static str,
    what: String,
    input: Vec<u8>,
}

static CASES: Mutex<Vec<(u64, std::sync::Arc<Case>)>> = Mutex::new(Vec::new());
static NUMBER: AtomicUsize = AtomicUsize::new(0);

/// Where found inputs are saved.
fn findings_dir() -> PathBuf {
    std::env::var_os("PUZZLEBOOK_FUZZ_FINDINGS").map(PathBuf::from).unwrap_or_else(|| std::env::temp_dir().join("puzzlebook-fuzz-findings"))
}

/// Saves `input` under a name from its content; the path.
fn save(target: &str, input: &[u8]) -> PathBuf {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in input {
        hash = (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    let dir = findings_dir();
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{target}-{hash:016x}.bin"));
    let _ = std::fs::write(&path, input);
    path
}

/// A report written straight to the process's standard error (not the test
/// harness's captured output, which an abort would lose).
fn report_finding(kind: &str, cases: &[std::sync::Arc<Case>], detail: &str) {
    let mut text = format!("\nFUZZ FINDING: {kind}\n");
    for case in cases {
        let saved = save(case.target, &case.input);
        text += &format!("target: {}\ncase: {}\ninput: {} ({} bytes)\n", case.target, case.what, saved.display(), case.input.len());
        text += &format!("input starts: {}\n", preview(&case.input));
    }
    text += &format!("{detail}\nEND FINDING\n");
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// The first bytes of an input, escaped, for a report.
fn preview(input: &[u8]) -> String {
    let head = &input[..input.len().min(600)];
    let mut s: String = String::from_utf8_lossy(head).escape_debug().collect();
    if input.len() > head.len() {
        s += "…";
    }
    s
}

fn over_memory(size: usize, live: usize) {
    if REPORTED.swap(true, Ordering::Relaxed) {
        return;
    }
    // The cases running now (one, in the long run; the CI tests overlap).
    let running: Vec<std::sync::Arc<Case>> = CASES.try_lock().map(|c| c.iter().map(|(_, c)| c.clone()).collect()).unwrap_or_default();
    let backtrace = std::backtrace::Backtrace::force_capture();
    report_finding(
        "allocation over 1 GiB",
        &running,
        &format!(
            "an allocation of {size} bytes with {live} bytes live (bound {MEMORY}); the process aborts\nbacktrace:\n{}",
            trim_backtrace(&backtrace.to_string())
        ),
    );
}

/// The frames of a backtrace inside puzzlebook (and the allocation's caller).
fn trim_backtrace(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut keep = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.contains("puzzlebook::") || line.contains("lz_str") || line.contains("tiny_skia") || line.contains("resvg") {
            keep.push(line.trim().to_string());
            if let Some(at) = lines.get(i + 1).filter(|l| l.trim_start().starts_with("at ")) {
                keep.push(format!("    {}", at.trim()));
            }
        }
    }
    keep.truncate(40);
    keep.join("\n")
}

static PANIC_HOOK: std::sync::Once = std::sync::Once::new();

thread_local! {
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Records where each panic happened (its thread reads it back); the
/// default hook still prints.
fn install_panic_hook() {
    PANIC_HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
            let _ = LAST_PANIC.try_with(|p| *p.borrow_mut() = format!("panicked at {at}: {message}"));
            default(info);
        }));
    });
}

/// Runs one case on its own thread: its value, or why it failed (a
/// panic). A case past [`TIME`] is reported and ends the process (its
/// thread cannot be stopped, and would distort every later case).
fn run_case<T: Send + 'static>(
    target: &'static str,
    what: String,
    input: Vec<u8>,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    install_panic_hook();
    let case = std::sync::Arc::new(Case { target, what, input });
    let number = NUMBER.fetch_add(1, Ordering::Relaxed) as u64;
    CASES.lock().unwrap().push((number, case.clone()));
    let (send, receive) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        let outcome = outcome.map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()));
        let _ = send.send(outcome);
    });
    let started = Instant::now();
    let outcome = receive.recv_timeout(TIME);
    CASES.lock().unwrap().retain(|(n, _)| *n != number);
    match outcome {
        Ok(outcome) => {
            let _ = worker.join();
            outcome
        }
        Err(_) => {
            report_finding(
                "hang",
                std::slice::from_ref(&case),
                &format!("still running after {:.0?} (bound {TIME:?}); the process ends", started.elapsed()),
            );
            std::process::exit(3);
        }
    }
}

/// How a refusal by the argument parser starts (told apart in the tally).
const ARGUMENTS: &str = "(arguments) ";

/// Cases of each target answered, refused by the argument parser, refused
/// by the program.
static TALLY: Mutex<Vec<(&'static str, [u64; 3])>> = Mutex::new(Vec::new());

/// Counts a case's outcome.
fn tally(target: &'static str, outcome: &Result<Result<(), String>, String>) {
    let i = match outcome {
        Ok(Ok(())) => 0,
        Ok(Err(m)) if m.starts_with(ARGUMENTS) => 1,
        _ => 2,
    };
    let mut all = TALLY.lock().unwrap();
    match all.iter_mut().find(|(t, _)| *t == target) {
        Some((_, counts)) => counts[i] += 1,
        None => {
            let mut counts = [0; 3];
            counts[i] = 1;
            all.push((target, counts));
        }
    }
}

/// `target`'s tally so far.
fn tallied(target: &str) -> [u64; 3] {
    TALLY.lock().unwrap().iter().find(|(t, _)| *t == target).map_or([0; 3], |(_, c)| *c)
}

/// The fuzzer reaches the program: at least a quarter of the cases are
/// answered or refused by it (a preflight's findings are a refusal), not
/// stopped by the argument parser.
fn assert_reaches_the_program(target: &str) {
    let [answered, parser, program] = tallied(target);
    println!("{target}: {answered} answered, {parser} refused by the parser, {program} by the program");
    assert!(
        answered + program > 0 && (answered + program) * 3 >= parser,
        "{target}: {answered} answered, {parser} refused by the parser, {program} by the program"
    );
}

/// Fails a proptest case with its input saved and shown.
fn failed(target: &'static str, what: &str, input: &[u8], why: &str) -> TestCaseError {
    let saved = save(target, input);
    TestCaseError::fail(format!("{why}\ncase: {what}\ninput: {} ({} bytes): {}", saved.display(), input.len(), preview(input)))
}

// ------------------------------------------------------------ setting up

/// A folder for this run's files, shared with the long run's child processes.
fn work() -> &'static Path {
    static WORK: OnceLock<PathBuf> = OnceLock::new();
    WORK.get_or_init(|| {
        let dir = match std::env::var_os("PUZZLEBOOK_FUZZ_WORK") {
            Some(dir) => PathBuf::from(dir),
            None => common::workdir("fuzz-inputs", "work"),
        };
        std::fs::create_dir_all(&dir).unwrap();
        dir
    })
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The layouts the seed catalog holds (every family, every format).
const LAYOUTS: &[&str] =
    &["classic-9", "classic-6", "classic-16", "jigsaw-9", "diagonal-9", "even-odd-9", "killer-9", "slitherlink-7x7", "nonogram-10x10"];

/// A small catalog of every layout in [`LAYOUTS`] (made once; the long
/// run's children find it made), with a book and its cover.
fn catalog() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        let db = work().join("seed.db");
        let done = work().join("seed.done");
        if !done.exists() {
            let _ = std::fs::remove_file(&db);
            for layout in LAYOUTS {
                common::ok(&["generate", layout, "--count", "2", "--seed", "33", "--db", s(&db)]);
            }
            common::ok(&["generate", "classic-9", "--count", "4", "--difficulty", "easy", "--seed", "7", "--db", s(&db)]);
            common::ok(&["validate", "--db", s(&db)]);
            let pdf = work().join("book.pdf");
            common::ok(&[
                "book",
                "Fuzz",
                "--layout",
                "classic-9",
                "--levels",
                "easy",
                "--count",
                "4",
                "--per-page",
                "4",
                "--cover",
                "--db",
                s(&db),
                "--out",
                s(&pdf),
            ]);
            std::fs::write(&done, "").unwrap();
        }
        db
    })
}

fn rows(layout: &str) -> Vec<puzzlebook::store::PuzzleRow> {
    let catalog = puzzlebook::store::Catalog::open_existing(catalog()).unwrap();
    catalog.puzzles(Some(layout), None).unwrap()
}

/// A file to start from: the layout and format it was written for, its
/// name, its bytes, and the right answer to importing it unchanged: so
/// many puzzles, each unique (or `None`: refused).
#[derive(Clone, Debug)]
struct Seed {
    layout: &'static str,
    format: Format,
    name: String,
    text: Vec<u8>,
    puzzles: Option<usize>,
}

/// Every format `import` lists (beside `auto`), with a layout that reads it.
fn seeds() -> &'static [Seed] {
    static SEEDS: OnceLock<Vec<Seed>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut seeds = Vec::new();
        for layout in LAYOUTS {
            let family = puzzlebook::family::open(Layout::load(layout).unwrap());
            let rows = rows(layout);
            assert!(!rows.is_empty(), "{layout}: the seed catalog holds puzzles");
            for format in family.formats() {
                // Each puzzle in its own stored layout, as `export` writes it
                // (a killer's cages are its own).
                let texts: Vec<String> = rows
                    .iter()
                    .map(|r| puzzlebook::family::stored(&r.layout_file, &r.layout_source).unwrap().encode(format, r).unwrap())
                    .collect();
                let (text, puzzles) = if format.one_per_file() { (texts[0].clone(), 1) } else { (texts.join("\n") + "\n", texts.len()) };
                let name = format!("{layout}.{}", format.extension());
                seeds.push(Seed { layout, format, name, text: text.into_bytes(), puzzles: Some(puzzles) });
            }
            if family.formats().contains(&Format::Lines) {
                // Complete and nearly complete grids: their solutions as
                // lines (where a solution is a grid of the puzzle's cells).
                for r in rows.iter().filter(|r| r.solution.chars().count() == r.givens.chars().count()) {
                    let solved = r.solution.clone().into_bytes();
                    seeds.push(Seed {
                        layout,
                        format: Format::Lines,
                        name: format!("{layout}-solved.txt"),
                        text: solved,
                        puzzles: Some(1),
                    });
                    let nearly: String = r.solution.chars().enumerate().map(|(i, c)| if i % 17 == 3 { '.' } else { c }).collect();
                    let nearly = nearly.into_bytes();
                    seeds.push(Seed {
                        layout,
                        format: Format::Lines,
                        name: format!("{layout}-nearly.txt"),
                        text: nearly,
                        puzzles: Some(1),
                    });
                }
            }
            if family.formats().contains(&Format::Fpuzzles) {
                // f-puzzles JSON as plain lines (the compressed form mutates badly).
                let json: Vec<String> = rows
                    .iter()
                    .filter_map(|r| {
                        let url = family.encode(Format::Fpuzzles, r).ok()?;
                        let data = url.rsplit("load=").next()?.to_string();
                        String::from_utf16(&lz_str::decompress_from_base64(&data)?).ok()
                    })
                    .collect();
                if !json.is_empty() {
                    let text = (json.join("\n") + "\n").into_bytes();
                    seeds.push(Seed { layout, format: Format::Fpuzzles, name: format!("{layout}.json"), text, puzzles: Some(json.len()) });
                }
            }
        }
        let listed: Vec<Format> = seeds.iter().map(|s| s.format).collect();
        for format in all_formats() {
            assert!(listed.contains(&format), "no seed file for {format}: add a layout that reads it to LAYOUTS");
        }
        seeds.extend(outside_seeds());
        seeds
    })
}

/// Every format: the program's and the families' own.
fn all_formats() -> Vec<Format> {
    Format::ALL.iter().copied().chain(puzzlebook::family::own_formats()).collect()
}

/// Files as other programs write them (the forms issue 33 lists), built
/// from the seed catalog's first classic puzzle.
fn outside_seeds() -> Vec<Seed> {
    let givens = rows("classic-9")[0].givens.clone();
    let row = |r: usize| -> String { givens[r * 9..r * 9 + 9].to_string() };
    let boxed_row = |r: usize| {
        let g = row(r);
        format!("|{}|{}|{}|", &g[0..3], &g[3..6], &g[6..9])
    };
    let mut boxed = String::from("*-----------*\n");
    for r in 0..9 {
        boxed += &boxed_row(r);
        boxed.push('\n');
        if r == 2 || r == 5 {
            boxed += "|---+---+---|\n";
        }
    }
    boxed += "*-----------*\n";
    let hodoku = format!("#Top1465 number 77\n#B01\n:0000:x:{}:::\n", givens.replace('.', "0"));
    let sdk = format!("#ASadMan\n#DA puzzle\n[Puzzle]\n{}\n", (0..9).map(row).collect::<Vec<_>>().join("\n"));
    let bomb = lz_bomb(24_000);
    vec![
        Seed { layout: "classic-9", format: Format::Ss, name: "boxed.ss".into(), text: boxed.into_bytes(), puzzles: Some(1) },
        Seed { layout: "classic-9", format: Format::Hodoku, name: "top.txt".into(), text: hodoku.into_bytes(), puzzles: Some(1) },
        Seed { layout: "classic-9", format: Format::Sdk, name: "sadman.sdk".into(), text: sdk.into_bytes(), puzzles: Some(1) },
        Seed {
            layout: "classic-9",
            format: Format::Fpuzzles,
            name: "bomb.txt".into(),
            text: format!("https://www.f-puzzles.com/?load={bomb}\n").into_bytes(),
            puzzles: None,
        },
    ]
}

/// An lz-string (base64) text of `steps` codes, each the entry just being
/// made (lz-string's "KwKwK" case): a few bytes a step that decompress to
/// steps²/2 characters — as a compressor writes `a` repeated that often.
fn lz_bomb(steps: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    // lz-string writes a value's bits lowest first, six to a character.
    let mut bits: Vec<u8> = Vec::new();
    let mut write = |value: u32, count: u32| bits.extend((0..count).map(|i| ((value >> i) & 1) as u8));
    // A first character: an 8-bit literal `a`.
    write(0, 2);
    write(b'a' as u32, 8);
    let (mut dict_size, mut num_bits, mut enlarge_in) = (4u32, 3u32, 4u32);
    for _ in 0..steps {
        write(dict_size, num_bits);
        dict_size += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
    write(2, num_bits);
    let mut out = Vec::new();
    // Six bits a character, the last padded with zeros.
    for chunk in bits.chunks(6) {
        let value = (0..6).fold(0u8, |v, i| (v << 1) | chunk.get(i).copied().unwrap_or(0));
        out.push(ALPHABET[value as usize]);
    }
    while !out.len().is_multiple_of(4) {
        out.push(b'=');
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn the_lz_bomb_is_what_lz_string_reads() {
    let small = lz_bomb(10);
    let text = lz_str::decompress_from_base64(&small).expect("a valid lz-string text");
    // `a`, then entries of 2, 3, … 11 characters.
    assert_eq!(text.len(), (1..=11).sum::<usize>());
    assert!(text.iter().all(|&c| c == b'a' as u16));
}

// ------------------------------------------------------------ mutations

/// How long the longest inserted line is: CI keeps cases quick.
#[derive(Clone, Copy)]
struct Scale {
    long_line: usize,
    copies: usize,
    /// The largest mutated file (the test holds a few copies of it).
    most: usize,
}

const CI: Scale = Scale { long_line: 100_000, copies: 8, most: 1 << 20 };
const LONG: Scale = Scale { long_line: 20_000_000, copies: 16, most: 32 << 20 };

/// Pieces a mutation splices in: every format's punctuation and keys,
/// numbers at and past limits, bytes that are not UTF-8.
const PIECES: &[&[u8]] = &[
    b".",
    b"0",
    b"1",
    b"9",
    b"A",
    b"G",
    b"-",
    b"\n",
    b"\r\n",
    b" ",
    b"\t",
    b":",
    b"|",
    b"#",
    b"*",
    b"[",
    b"]",
    b"{",
    b"}",
    b"\"",
    b",",
    b"/",
    b"?",
    b"=",
    b"&",
    b"%",
    b"%2B",
    b"%ZZ",
    b"-1",
    b"81",
    b"4294967296",
    b"18446744073709551616",
    b"99999999999999999999999999",
    b"1e309",
    b"NaN",
    b"\xff",
    b"\xc3",
    b"\xe2\x82",
    b"\xef\xbb\xbf",
    b"\0",
    b"[problem]",
    b"[solution]",
    b"[size]",
    b"problem",
    b"pzprv3",
    b"slither",
    b"?slither/",
    b"?slither/100000/100000/",
    b"?load=",
    b"/fpuzzles",
    b"N4Ig",
    b"?puzzleid=fpuzzles",
    b" ED=",
    b" ED=9.9/9.9/9.9",
    b"[Puzzle]",
    b"#A",
    b"*-----------*",
    b"|---+---+---|",
    b"-----------",
    b":0000:x:",
    b"{\"size\":9}",
    b"{\"size\":100000}",
    b"{\"size\":-1}",
    b"\"grid\":[",
    b"\"value\":\"7\"",
    b"\"value\":1e9",
    b"\"given\":true",
    b"\"region\":99",
    b"\"region\":-1",
    b"\"cage\":[",
    b"\"killercage\":[{\"cells\":[\"R1C1\",\"R99C99\"],\"value\":\"45\"}]",
    b"\"cells\":[\"R0C0\"]",
];

/// One mutation: its kind, where (a fraction of the input), how much, and
/// which piece.
type Op = (u8, f64, usize, usize);

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec((0u8..10, 0.0..1.0f64, 0usize..1 << 20, 0..PIECES.len()), 0..4)
}

/// The lines of `bytes` (each with its end).
fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

fn mutate(seed: &[u8], ops: &[Op], scale: Scale) -> Vec<u8> {
    let mut out = seed.to_vec();
    for &(kind, at, amount, piece) in ops {
        let at_byte = ((out.len() as f64) * at) as usize;
        let piece = PIECES[piece];
        match kind {
            // Splice: a piece in place of a few bytes.
            0 | 1 => {
                let end = (at_byte + amount % 8).min(out.len());
                out.splice(at_byte..end, piece.iter().copied());
            }
            // Truncate.
            2 => out.truncate(at_byte),
            // A line repeated (up to 8 more times in CI, 16 in the long run: a
            // file of 64 classic-16 puzzles takes 20 s to prove, rightly).
            3 => {
                let mut ls = lines(&out);
                if !ls.is_empty() {
                    let i = ((ls.len() as f64) * at) as usize % ls.len();
                    let room = scale.most.saturating_sub(out.len()) / ls[i].len().max(1);
                    let copies = vec![ls[i].clone(); (amount % scale.copies + 1).min(room)];
                    ls.splice(i..i, copies);
                    out = ls.concat();
                }
            }
            // A line dropped, or two swapped.
            4 => {
                let mut ls = lines(&out);
                if !ls.is_empty() {
                    let i = ((ls.len() as f64) * at) as usize % ls.len();
                    if amount % 2 == 0 {
                        ls.remove(i);
                    } else {
                        let j = amount % ls.len();
                        ls.swap(i, j);
                    }
                    out = ls.concat();
                }
            }
            // A very long line: the piece (or the byte there) repeated.
            5 => {
                let len = (((amount as u64 * scale.long_line as u64) >> 20) as usize).min(scale.most.saturating_sub(out.len()));
                let unit: Vec<u8> = if amount % 3 == 0 { out.get(at_byte).map_or(b"1".to_vec(), |&b| vec![b]) } else { piece.to_vec() };
                let long: Vec<u8> = unit.iter().copied().cycle().take(len.max(unit.len())).collect();
                out.splice(at_byte..at_byte, long);
            }
            // The number nearest `at` replaced by a huge or odd one.
            6 => {
                if let Some(start) = (at_byte..out.len()).chain(0..at_byte).find(|&i| out[i].is_ascii_digit()) {
                    let end = (start..out.len()).find(|&i| !out[i].is_ascii_digit()).unwrap_or(out.len());
                    let numbers: [&[u8]; 7] =
                        [b"0", b"-1", b"4294967296", b"18446744073709551616", b"99999999999999999999999999", b"1e309", b"NaN"];
                    out.splice(start..end, numbers[amount % numbers.len()].iter().copied());
                }
            }
            // A run of cells emptied (more solutions, harder proofs).
            7 => {
                let end = (at_byte + amount % 200).min(out.len());
                for b in &mut out[at_byte..end] {
                    if b.is_ascii_alphanumeric() && !b"pzrvslithe".contains(b) {
                        *b = b'.';
                    }
                }
            }
            // One byte flipped.
            8 => {
                if let Some(b) = out.get_mut(at_byte) {
                    *b ^= 1 << (amount % 8);
                }
            }
            // A range of bytes duplicated in place.
            _ => {
                let end = (at_byte + amount % 400).min(out.len());
                let copy = out[at_byte..end].to_vec();
                out.splice(end..end, copy);
            }
        }
    }
    out
}

// ------------------------------------------------------------ import

/// How a file is imported.
struct How {
    /// `None`: auto.
    format: Option<Format>,
    layout: &'static str,
    /// The file's name (its extension counts for auto).
    name: String,
    /// Through `puzzlebook::cli::run` (and into a catalog), not the library.
    via_cli: bool,
}

impl How {
    /// As the seed was written: its format (or auto), layout and name.
    fn own(seed: &Seed, auto: bool) -> How {
        How { format: (!auto).then_some(seed.format), layout: seed.layout, name: seed.name.clone(), via_cli: false }
    }

    /// Mostly the seed's own format, layout and name; sometimes auto,
    /// another format, another layout, another name, or the CLI.
    fn picked(seed: &Seed, pick: usize) -> How {
        let format = match pick % 8 {
            0..=4 => Some(seed.format),
            5 | 6 => None,
            n => {
                let all = all_formats();
                Some(all[(pick / 8 + n) % all.len()])
            }
        };
        let layout = if pick % 11 == 10 { LAYOUTS[(pick / 11) % LAYOUTS.len()] } else { seed.layout };
        let names = [seed.name.as_str(), "puzzles.txt", "p.sdm", "p.sdk", "p.ss", "p.hsol", "p"];
        let name = names[(pick / 3) % names.len()].to_string();
        How { format, layout, name, via_cli: pick % 10 == 9 }
    }
}

fn import_case(index: usize, ops: Vec<Op>, how: How, scale: Scale) -> Result<(), TestCaseError> {
    if past_deadline() {
        return Ok(());
    }
    let seeds = seeds();
    let seed = &seeds[index % seeds.len()];
    let input = mutate(&seed.text, &ops, scale);
    let How { format, layout, name, via_cli } = how;
    let name = &name;
    let what = format!(
        "import {name} --layout {layout} --format {} ({} of seed {}, ops {ops:?}){}",
        format.map_or("auto", |f| f.name()),
        seed.format,
        seed.name,
        if via_cli { ", through the CLI" } else { "" }
    );
    let dir = work().join(format!("import-{:?}", std::thread::current().id()).replace(['(', ')'], ""));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, &input).unwrap();
    let db = dir.join("import.db");
    let path = file.clone();
    // Unchanged, in its own format (or detected), under its own layout:
    // the right answer is known.
    let own = ops.is_empty() && layout == seed.layout && *name == seed.name && format.is_none_or(|f| f == seed.format);
    let answer = if own { Some(seed.puzzles) } else { None };
    let outcome = run_case("import", what.clone(), input.clone(), move || -> Result<(), String> {
        if via_cli {
            let cli = puzzlebook::cli::Cli::try_parse_from([
                "puzzlebook",
                "import",
                s(&path),
                "--layout",
                layout,
                "--format",
                format.map_or("auto", |f| f.name()),
                "--db",
                s(&db),
            ])
            .map_err(|e| format!("{ARGUMENTS}{e}"))?;
            return puzzlebook::cli::run(cli).map_err(|e| format!("{e:#}"));
        }
        let family = puzzlebook::family::open(Layout::load(layout).map_err(|e| format!("{e:#}"))?);
        let read = puzzlebook::import::read(family.as_ref(), &path, format);
        let decoded = match (read, answer) {
            (Err(e), Some(Some(n))) => return Err(format!("WRONG: refused, not {n} puzzles read: {e:#}")),
            (Ok((_, d)), Some(None)) => return Err(format!("WRONG: {} puzzles read from a file to refuse", d.len())),
            (Ok((_, d)), Some(Some(n))) if d.len() != n => return Err(format!("WRONG: {} puzzles read, not {n}", d.len())),
            (Err(e), _) => return Err(format!("{e:#}")),
            (Ok((_, d)), _) => d,
        };
        let admitted = puzzlebook::import::admit_all(family.as_ref(), &decoded, &|_, _| {});
        if answer.is_some()
            && let Some((d, Err(why))) = decoded.iter().zip(&admitted).find(|(_, a)| a.is_err())
        {
            return Err(format!("WRONG: line {}: a unique puzzle refused: {why}", d.line));
        }
        for (d, a) in decoded.iter().zip(&admitted) {
            if let Ok(p) = a {
                // What is stored solves what was read, and keys alike.
                let key = family.key_decoded(d).map_err(|e| format!("line {}: {e:#}", d.line))?;
                if key != p.canonical {
                    return Err(format!("BUG line {}: key {key} differs from the admitted {}", d.line, p.canonical));
                }
            }
        }
        Ok(())
    });
    tally("import", &outcome);
    match outcome {
        Err(panic) => Err(failed("import", &what, &input, &panic)),
        Ok(Err(message)) if message.starts_with("BUG") || message.starts_with("WRONG") => Err(failed("import", &what, &input, &message)),
        Ok(Err(message)) => {
            // A content error names the file; an argument error the layout or format.
            let named = message.contains(name.as_str()) || message.contains(layout) || message.contains("--format");
            if named {
                Ok(())
            } else {
                Err(failed("import", &what, &input, &format!("the error names neither the file nor the layout: {message}")))
            }
        }
        Ok(Ok(())) => Ok(()),
    }
}

fn import_strategy() -> impl Strategy<Value = (usize, Vec<Op>, usize)> {
    (any::<usize>(), ops(), any::<usize>())
}

fn fuzz_import(cases: u32, seed: u64, scale: Scale) {
    // Every seed unchanged first: the right answers.
    if seed == CI_SEED {
        let mut wrong = Vec::new();
        for (index, s) in seeds().iter().enumerate() {
            for auto in [false, true] {
                if let Err(e) = import_case(index, Vec::new(), How::own(s, auto), scale) {
                    wrong.push(e.to_string());
                }
            }
        }
        if !wrong.is_empty() {
            fail_run("import", proptest::test_runner::TestError::Fail(wrong.join("\n\n").into(), "unchanged seeds"));
        }
    }
    runner(cases, seed)
        .run(&import_strategy(), |(index, ops, pick)| {
            let seeds = seeds();
            import_case(index, ops, How::picked(&seeds[index % seeds.len()], pick), scale)
        })
        .unwrap_or_else(|e| fail_run("import", e));
}

// ------------------------------------------------------------ art

/// Sizes at and past every limit, in every unit, and odd numbers.
const SIZES: &[&str] = &[
    "4in", "0.5in", "40in", "36pt", "2880pt", "1016mm", "101.6cm", "12.7mm", "0in", "-1in", "0.49in", "40.01in", "NaNin", "infin",
    "-infin", "1e30pt", "1e-30pt", "3", "3 in", "80 mm", "in", "", "3inch", "٣in", "3in\n",
];
const DPIS: &[&str] = &["300", "72", "71", "2400", "2401", "0", "1", "4294967295", "4294967296", "-1", "600", "1200"];
const ART_FORMATS: &[&str] = &["svg", "png", "pdf", "eps", "PNG", "gif", ""];

fn art_strategy() -> impl Strategy<Value = (usize, usize, usize, usize, f32, u8, u32, u8)> {
    (any::<usize>(), 0..SIZES.len() * 3, 0..DPIS.len() + 4, 0..ART_FORMATS.len(), 0.0f32..3000.0, 0u8..4, 1u32..5000, any::<u8>())
}

/// The puzzles art draws: one of each family's shapes.
fn art_ids() -> &'static [i64] {
    static IDS: OnceLock<Vec<i64>> = OnceLock::new();
    IDS.get_or_init(|| ["classic-9", "classic-16", "jigsaw-9", "killer-9", "slitherlink-7x7"].iter().map(|l| rows(l)[0].id).collect())
}

/// Points in a length like `80mm` (0 when it is none).
fn points(size: &str) -> f32 {
    let size = size.trim();
    let at = size.find(|c: char| c.is_ascii_alphabetic() && c != 'e').unwrap_or(size.len());
    let number: f32 = size[..at].trim().parse().unwrap_or(0.0);
    let per = match size[at..].trim() {
        "mm" => 72.0 / 25.4,
        "cm" => 72.0 / 2.54,
        "in" => 72.0,
        "pt" => 1.0,
        _ => 0.0,
    };
    number * per
}

/// Pixels of a PNG `size` wide (in points) at `dpi`, its height the width's
/// (the tallest shape art draws is not much taller than wide).
fn pixels(points: f32, dpi: u32) -> f64 {
    let side = points as f64 / 72.0 * dpi as f64;
    side * side
}

fn art_case(
    (id, size, dpi, format, number, unit, random_dpi, flags): (usize, usize, usize, usize, f32, u8, u32, u8),
    max_pixels: Option<f64>,
) -> Result<(), TestCaseError> {
    if past_deadline() {
        return Ok(());
    }
    let ids = art_ids();
    let id = ids[id % ids.len()].to_string();
    let size = match SIZES.get(size) {
        Some(s) => s.to_string(),
        // A random width of 0 to 3000 points, in one of the units.
        None => {
            let (name, per) = [("pt", 1.0), ("mm", 72.0 / 25.4), ("cm", 72.0 / 2.54), ("in", 72.0)][unit as usize];
            format!("{}{name}", number / per)
        }
    };
    let dpi = DPIS.get(dpi).map_or_else(|| random_dpi.to_string(), |d| d.to_string());
    let format = ART_FORMATS[format];
    if let Some(most) = max_pixels {
        let points = points(&size);
        let d: u32 = dpi.parse().unwrap_or(0);
        // Past the art's own limit a PNG is refused before any image is
        // made: those cases run everywhere.
        let many = pixels(points, d);
        if format.eq_ignore_ascii_case("png") && (72..=2400).contains(&d) && many > most && many <= puzzlebook::art::MAX_PNG_PIXELS as f64 {
            return Ok(());
        }
    }
    let out = work().join(format!("art-{:?}", std::thread::current().id()).replace(['(', ')'], ""));
    // `--flag=value`, so that `-1in` and `-1` reach the value parsers.
    let (format_arg, size_arg, dpi_arg) = (format!("--format={format}"), format!("--size={size}"), format!("--dpi={dpi}"));
    let mut args: Vec<String> =
        ["puzzlebook", "art", &id, &format_arg, &size_arg, &dpi_arg, "--force", "--out", s(&out), "--db", s(catalog())]
            .iter()
            .map(|a| a.to_string())
            .collect();
    if flags & 1 != 0 {
        args.push("--answer".into());
    }
    if flags & 2 != 0 {
        args.push("--outline-text".into());
    }
    if flags & 4 != 0 {
        args.push(format!(
            "--marks={}",
            if flags & 24 == 0 {
                "sideways"
            } else if flags & 8 != 0 {
                "faded"
            } else {
                "corner"
            }
        ));
    }
    let what = args[1..].join(" ");
    let outcome = run_case("art", what.clone(), what.clone().into_bytes(), move || -> Result<(), String> {
        let cli = puzzlebook::cli::Cli::try_parse_from(&args).map_err(|e| format!("{ARGUMENTS}{e}"))?;
        puzzlebook::cli::run(cli).map_err(|e| format!("{e:#}"))
    });
    tally("art", &outcome);
    match outcome {
        Err(panic) => Err(failed("art", &what, what.as_bytes(), &panic)),
        Ok(Err(message)) if message.trim().is_empty() => Err(failed("art", &what, what.as_bytes(), "an empty error")),
        Ok(_) => Ok(()),
    }
}

/// PNGs larger than this many pixels, but within the art's limit, are
/// left out of CI for time (a larger one takes seconds to render); the
/// long run draws every size up to the limit.
const CI_PIXELS: f64 = 4e6;

fn fuzz_art(cases: u32, seed: u64, max_pixels: Option<f64>) {
    runner(cases, seed).run(&art_strategy(), |case| art_case(case, max_pixels)).unwrap_or_else(|e| fail_run("art", e));
}

// ------------------------------------------------------------ preflight

/// A real book's interior and cover, as `book … --cover` writes them.
fn pdfs() -> &'static [(String, Vec<u8>)] {
    static PDFS: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    PDFS.get_or_init(|| {
        catalog();
        ["book.pdf", "book-cover.pdf"]
            .iter()
            .map(|name| (name.to_string(), std::fs::read(work().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))))
            .collect()
    })
}

const PDF_PIECES: &[&[u8]] = &[
    b"obj",
    b"endobj",
    b"stream\n",
    b"endstream",
    b"xref",
    b"trailer",
    b"startxref\n0\n",
    b"%%EOF",
    b"<<",
    b">>",
    b"[",
    b"]",
    b"/Count 2147483647",
    b"/Count -1",
    b"/MediaBox [0 0 1e30 1e30]",
    b"/MediaBox [0 0 0 0]",
    b"/TrimBox [NaN 0 -5 99999999999]",
    b"/Length 99999999999",
    b"/Length -1",
    b"/Kids [1 0 R 1 0 R]",
    b"/Parent 1 0 R",
    b"99999999 0 R",
    b"1 0 R",
    b"/Encrypt 1 0 R",
    b"/Filter /FlateDecode",
    b"/Type /Page",
    b"/Type /Pages",
    b"/Resources << /Font << /F1 1 0 R >> >>",
    b"BT /F1 1e30 Tf (x) Tj ET",
    b"BT /F1 -0 Tf 1e30 0 0 1e30 0 0 Tm (x) Tj ET",
    b"q q q q q q q q",
    b"Q Q Q Q",
    b"0 w 1e38 1e38 m -1e38 -1e38 l S",
    b"\xff\xfe",
    b"\0",
    b" ",
    b"\n",
    b"-0",
    b"1e309",
];

fn pdf_mutate(seed: &[u8], ops: &[Op]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for &(kind, at, amount, piece) in ops {
        let at_byte = ((out.len() as f64) * at) as usize;
        let piece = PDF_PIECES[piece % PDF_PIECES.len()];
        match kind % 5 {
            0 | 1 => {
                let end = (at_byte + amount % 16).min(out.len());
                out.splice(at_byte..end, piece.iter().copied());
            }
            2 => out.truncate(at_byte),
            3 => {
                if let Some(start) = (at_byte..out.len()).chain(0..at_byte).find(|&i| out[i].is_ascii_digit()) {
                    let end = (start..out.len()).find(|&i| !out[i].is_ascii_digit() && out[i] != b'.').unwrap_or(out.len());
                    let numbers: [&[u8]; 6] = [b"0", b"-1", b"2147483648", b"99999999999999999999", b"1e30", b"NaN"];
                    out.splice(start..end, numbers[amount % numbers.len()].iter().copied());
                }
            }
            _ => {
                let end = (at_byte + amount % 4096).min(out.len());
                let copy = out[at_byte..end].to_vec();
                out.splice(end..end, copy);
            }
        }
    }
    out
}

const TRIMS: &[&str] = &[
    "letter",
    "a4",
    "6x9",
    "8.5x11",
    "5.5x8.5",
    "4x6",
    "8.5x11.69",
    "0x0",
    "NaNxNaN",
    "infxinf",
    "-1x9",
    "1e30x1e30",
    "x",
    "6x",
    "8.51x11",
    "6x9x9",
    "",
];
const PAGES: &[&str] =
    &["24", "100", "0", "1", "23", "828", "829", "100000", "18446744073709551615", "48", "79", "18446744073709551616", "-1", "1e3", ""];
const MIN_TEXTS: &[&str] = &["7", "14", "0", "-1", "NaN", "inf", "-inf", "1e30", "1e-30", "0.5", "x", ""];
const PAPERS: &[&str] = &["white", "cream", "color", "colour", "WHITE", "glossy", ""];

fn preflight_strategy() -> impl Strategy<Value = (usize, Vec<Op>, [usize; 4], u16)> {
    (
        any::<usize>(),
        prop::collection::vec((0u8..10, 0.0..1.0f64, 0usize..1 << 20, any::<usize>()), 0..3),
        any::<[usize; 4]>(),
        any::<u16>(),
    )
}

fn preflight_case((which, ops, [trim, pages, min_text, paper], flags): (usize, Vec<Op>, [usize; 4], u16)) -> Result<(), TestCaseError> {
    if past_deadline() {
        return Ok(());
    }
    let pdfs = pdfs();
    let (name, seed) = &pdfs[which % pdfs.len()];
    let input = if flags & 1 == 0 { seed.clone() } else { pdf_mutate(seed, &ops) };
    let dir = work().join(format!("preflight-{:?}", std::thread::current().id()).replace(['(', ')'], ""));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, &input).unwrap();
    let mut args: Vec<String> = vec!["puzzlebook".into(), "preflight".into(), s(&file).into()];
    // Three times in four a value the parser takes (the first `valid` of
    // the list), so that most cases reach the checks.
    let mut option = |bit: u16, flag: &str, values: &[&str], valid: usize, pick: usize| {
        if flags & bit != 0 {
            let value = if pick.is_multiple_of(4) { values[(pick / 4) % values.len()] } else { values[(pick / 4) % valid] };
            args.push(format!("{flag}={value}"));
        }
    };
    option(2, "--trim", TRIMS, 7, trim);
    option(4, "--pages", PAGES, 11, pages);
    option(8, "--min-text", MIN_TEXTS, 10, min_text);
    option(16, "--paper", PAPERS, 5, paper);
    // --bleed with --no-bleed (refused) one time in eight.
    let no_bleed = flags & 128 != 0 && (flags & 64 == 0 || flags & 1024 != 0);
    for (on, flag) in
        [(flags & 32 != 0, "--cover"), (flags & 64 != 0, "--bleed"), (no_bleed, "--no-bleed"), (flags & 256 != 0, "--large-print")]
    {
        if on {
            args.push(flag.into());
        }
    }
    let mutated = if flags & 1 == 0 { String::new() } else { format!(", mutated: {ops:?}") };
    let what = format!("{} ({name}{mutated})", args[1..].join(" "));
    let outcome = run_case("preflight", what.clone(), input.clone(), move || -> Result<(), String> {
        let cli = puzzlebook::cli::Cli::try_parse_from(&args).map_err(|e| format!("{ARGUMENTS}{e}"))?;
        puzzlebook::cli::run(cli).map_err(|e| format!("{e:#}"))
    });
    tally("preflight", &outcome);
    match outcome {
        Err(panic) => Err(failed("preflight", &what, &input, &panic)),
        Ok(Err(message)) if message.trim().is_empty() => Err(failed("preflight", &what, &input, "an empty error")),
        Ok(_) => Ok(()),
    }
}

fn fuzz_preflight(cases: u32, seed: u64) {
    runner(cases, seed).run(&preflight_strategy(), preflight_case).unwrap_or_else(|e| fail_run("preflight", e));
}

// ------------------------------------------------------------ runs

fn runner(cases: u32, seed: u64) -> TestRunner {
    TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_time: 120_000,
        max_shrink_iters: 400,
        ..Config::default()
    })
}

/// A failed run: reported for the long run's parent, then a test failure.
fn fail_run<V: std::fmt::Debug>(target: &str, error: proptest::test_runner::TestError<V>) -> ! {
    let text = match &error {
        proptest::test_runner::TestError::Fail(why, value) => format!("{why}\nminimal mutation: {value:?}"),
        other => other.to_string(),
    };
    report_finding(&format!("{target} case failed"), &[], &text);
    panic!("{target}: {text}");
}

/// CI's fixed seed: the same cases on every run.
const CI_SEED: u64 = 20261127;

#[test]
fn mutated_import_files_of_every_format_are_read_or_refused_in_bounds() {
    fuzz_import(300, CI_SEED, CI);
    assert_reaches_the_program("import");
}

#[test]
fn art_sizes_resolutions_and_formats_are_drawn_or_refused_in_bounds() {
    fuzz_art(30, CI_SEED, Some(CI_PIXELS));
    assert_reaches_the_program("art");
}

#[test]
fn preflight_options_and_mutated_pdfs_are_checked_or_refused_in_bounds() {
    fuzz_preflight(30, CI_SEED);
    assert_reaches_the_program("preflight");
}

// ------------------------------------------------------------ the long run

/// When the long run's child stops: cases after it pass without running.
static DEADLINE: OnceLock<Instant> = OnceLock::new();

fn past_deadline() -> bool {
    DEADLINE.get().is_some_and(|d| Instant::now() >= *d)
}

/// One target's rounds in this process until `deadline` (the long run's
/// child; it ends at its first finding, which its parent records).
fn child_rounds(target: &str, first_seed: u64, deadline: Instant) {
    let _ = DEADLINE.set(deadline);
    let mut seed = first_seed;
    while Instant::now() < deadline {
        let _ = writeln!(std::io::stderr(), "FUZZ ROUND {seed}");
        match target {
            "import" => fuzz_import(100, seed, LONG),
            "art" => fuzz_art(20, seed, None),
            "preflight" => fuzz_preflight(20, seed),
            other => panic!("no fuzz target {other}"),
        }
        seed += 1;
    }
}

/// The long run's child process (does nothing unless the parent set
/// `PUZZLEBOOK_FUZZ_CHILD`).
#[test]
#[ignore = "a child of the long fuzz run"]
fn fuzz_child() {
    let Ok(spec) = std::env::var("PUZZLEBOOK_FUZZ_CHILD") else { return };
    let parts: Vec<&str> = spec.split(' ').collect();
    let (seed, seconds): (u64, u64) = (parts[1].parse().unwrap(), parts[2].parse().unwrap());
    child_rounds(parts[0], seed, Instant::now() + Duration::from_secs(seconds));
    let _ = writeln!(std::io::stderr(), "FUZZ PEAK {}", PEAK.load(Ordering::Relaxed));
    let [a, b, c] = tallied(parts[0]);
    let _ = writeln!(std::io::stderr(), "FUZZ TALLY {a} {b} {c}");
}

/// Runs `target` for `PUZZLEBOOK_FUZZ_SECONDS` (600) in child processes,
/// starting a new one after each finding, and fails listing every
/// distinct finding.
fn long_run(target: &str) {
    let seconds: u64 = std::env::var("PUZZLEBOOK_FUZZ_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(600);
    let started = Instant::now();
    let exe = std::env::current_exe().unwrap();
    catalog(); // made once, before the children
    let mut seed = CI_SEED + 1;
    // Distinct findings (by signature): the first report of each, and how often.
    let mut findings: Vec<(String, String, usize)> = Vec::new();
    let mut record = |block: String| {
        let sig = signature(&block);
        match findings.iter_mut().find(|(s, ..)| *s == sig) {
            Some((.., n)) => *n += 1,
            None => findings.push((sig, block, 1)),
        }
    };
    let (mut rounds, mut children, mut peak) = (0u64, 0u64, 0usize);
    let mut tallies = [0u64; 3];
    while started.elapsed().as_secs() + 5 < seconds {
        let left = seconds - started.elapsed().as_secs();
        let spawn = || {
            std::process::Command::new(&exe)
                .args(["--exact", "fuzz_child", "--ignored", "--nocapture", "--test-threads", "1"])
                .env("PUZZLEBOOK_FUZZ_CHILD", format!("{target} {seed} {left}"))
                .env("PUZZLEBOOK_FUZZ_WORK", work())
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .output()
        };
        // (A rebuild of the test binary meanwhile leaves it missing for a moment.)
        let child = spawn()
            .or_else(|_| {
                std::thread::sleep(Duration::from_secs(10));
                spawn()
            })
            .expect("the test binary runs");
        children += 1;
        let stderr = String::from_utf8_lossy(&child.stderr);
        let ran: Vec<u64> = stderr.lines().filter_map(|l| l.strip_prefix("FUZZ ROUND ")?.trim().parse().ok()).collect();
        rounds += ran.len() as u64;
        peak = peak.max(stderr.lines().filter_map(|l| l.strip_prefix("FUZZ PEAK ")?.trim().parse().ok()).max().unwrap_or(0));
        for line in stderr.lines().filter_map(|l| l.strip_prefix("FUZZ TALLY ")) {
            for (total, n) in tallies.iter_mut().zip(line.split(' ')) {
                *total += n.parse::<u64>().unwrap_or(0);
            }
        }
        let mut found = false;
        for block in stderr.split("FUZZ FINDING: ").skip(1) {
            let block = block.split("END FINDING").next().unwrap_or(block).trim().to_string();
            found = true;
            println!("{target}: FINDING (round {}):\n{block}\n", ran.last().copied().unwrap_or(seed));
            record(block);
        }
        if !child.status.success() && !found {
            let tail: Vec<&str> = stderr.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect();
            let block = format!("the child ended with {} and no report:\n{}", child.status, tail.join("\n"));
            println!("{target}: FINDING:\n{block}\n");
            record(block);
        }
        seed = ran.last().map_or(seed + 1, |r| r + 1);
    }
    println!(
        "long fuzz run of {target}: {rounds} rounds in {children} processes ({:.0?}); cases of the processes that finished: \
         {} answered, {} refused by the argument parser, {} refused by the program; peak heap {:.1} MiB; {} findings",
        started.elapsed(),
        tallies[0],
        tallies[1],
        tallies[2],
        peak as f64 / (1 << 20) as f64,
        findings.len()
    );
    let listed: Vec<String> = findings.iter().map(|(sig, block, n)| format!("[{n} time(s)] {sig}\n{block}")).collect();
    assert!(findings.is_empty(), "{target}: {} distinct findings:\n\n{}", findings.len(), listed.join("\n\n"));
}

/// What tells findings apart: their kind and where (the first frame in
/// puzzlebook of an allocation, the first line of a failure without its
/// numbers and paths; a hang by its command's first words).
fn signature(block: &str) -> String {
    let kind = block.lines().next().unwrap_or("");
    let detail = if kind.starts_with("allocation") {
        block.lines().find(|l| l.contains("puzzlebook::")).unwrap_or("").trim().to_string()
    } else if kind == "hang" {
        block.lines().find_map(|l| l.strip_prefix("case: ")).map(|c| c.split(' ').take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
    } else {
        let line = block.lines().nth(1).unwrap_or("");
        line.split(' ').filter(|w| !w.contains('/') && !w.chars().any(|c| c.is_ascii_digit())).collect::<Vec<_>>().join(" ")
    };
    format!("{kind}: {detail}")
}

#[test]
#[ignore = "ten minutes: the long fuzz run of import (README)"]
fn long_fuzz_import() {
    long_run("import");
}

#[test]
#[ignore = "ten minutes: the long fuzz run of art (README)"]
fn long_fuzz_art() {
    long_run("art");
}

#[test]
#[ignore = "ten minutes: the long fuzz run of preflight (README)"]
fn long_fuzz_preflight() {
    long_run("preflight");
}
