//! Formats in and out, as a user drives them: import with proof, export to
//! other programs' formats and back, play links, the originality guard.

use puzzlebook::formats::{fpuzzles, pzpr};
use rusqlite::Connection;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?} failed: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn fails(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} should fail: {}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8(out.stderr).unwrap()
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-formats-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shared(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku").join(file).display().to_string()
}

fn count(db: &Path, sql: &str) -> i64 {
    Connection::open(db).unwrap().query_row(sql, [], |r| r.get(0)).unwrap()
}

fn keys(db: &Path, layout: &str) -> BTreeSet<String> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT canonical FROM puzzles WHERE layout_name = ?1").unwrap();
    stmt.query_map([layout], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn importing_multi_solution_puzzles_stores_none_and_refuses_each_as_multiple() {
    let dir = fresh_dir("multi");
    let db = dir.join("c.db");
    let out = ok(&["import", &shared("multi-solution.txt"), "--layout", "classic-9", "--db", s(&db)]);
    assert!(out.contains("read 2000 (lines), stored 0"), "{out}");
    assert!(out.contains("refused 2000 (0 none, 2000 multiple, 0 other)"), "{out}");
    assert!(out.contains("line 1: refused, multiple"), "{out}");
    assert!(out.contains("… and 1980 more refused"), "{out}");
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), 0);
}

#[test]
fn importing_the_17_clue_set_stores_every_puzzle_with_its_source() {
    let dir = fresh_dir("seventeen");
    let db = dir.join("c.db");
    let out = ok(&["import", &shared("17-clue.txt"), "--layout", "classic-9", "--source", "17-clue", "--db", s(&db)]);
    assert!(out.contains("read 49158 (lines), stored 49158"), "{out}");
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE source = '17-clue' AND clues = 17"), 49158);
}

#[test]
fn imported_puzzles_are_validated_like_generated_ones_and_say_where_they_came_from() {
    let dir = fresh_dir("validate");
    let db = dir.join("c.db");
    let text: String = std::fs::read_to_string(shared("top1465.txt")).unwrap().lines().take(60).map(|l| format!("{l}\n")).collect();
    let file = dir.join("top60.txt");
    std::fs::write(&file, text).unwrap();
    ok(&["generate", "classic-9", "--count", "5", "--db", s(&db)]);
    let out = ok(&["import", s(&file), "--layout", "classic-9", "--db", s(&db)]);
    assert!(out.contains("stored 60"), "{out}");
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE source = 'top60.txt'"), 60);
    assert!(ok(&["show", "6", "--db", s(&db)]).contains("source    top60.txt"));
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE source = 'generated'"), 5);
    // Again, and once more inside one file: duplicates, nothing stored twice.
    let twice = dir.join("twice.txt");
    std::fs::write(&twice, format!("{}{}", std::fs::read_to_string(&file).unwrap(), std::fs::read_to_string(&file).unwrap())).unwrap();
    let again = ok(&["import", s(&twice), "--layout", "classic-9", "--db", s(&db)]);
    assert!(again.contains("stored 0, duplicates 120 (60 within the file, 60 already in"), "{again}");
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), 65);
    // Imported rows are graded (technique grade and level) as generated ones are.
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE se_rating IS NULL OR technique_level <> level"), 0);
    let v = ok(&["validate", "--db", s(&db)]);
    assert!(v.contains("65 ok, 0 failed"), "{v}");
    // A changed imported row fails like a generated one.
    Connection::open(&db)
        .unwrap()
        .execute("UPDATE puzzles SET level = 'easy' WHERE source = 'top60.txt' AND id = (SELECT max(id) FROM puzzles)", [])
        .unwrap();
    let out = run(&["validate", "--db", s(&db)]);
    assert!(!out.status.success());
}

#[test]
fn a_malformed_file_names_its_line_and_stores_nothing() {
    let dir = fresh_dir("malformed");
    let db = dir.join("c.db");
    let good = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let file = dir.join("bad.txt");
    std::fs::write(&file, format!("{good}\n{}\n", &good[1..])).unwrap();
    let err = fails(&["import", s(&file), "--layout", "classic-9", "--db", s(&db)]);
    assert!(err.contains("bad.txt: line 2: the puzzle has 80 characters"), "{err}");
    assert!(err.contains("nothing stored"), "{err}");
    assert!(!db.exists(), "a malformed file creates no catalog");
    // A format the layout does not read is refused by name.
    let err = fails(&["import", s(&file), "--layout", "slitherlink-7x7", "--format", "sdm", "--db", s(&db)]);
    assert!(err.contains("not read from sdm"), "{err}");
}

/// A catalog with puzzles of every family and of the layouts f-puzzles can express.
fn sample_catalog(dir: &Path) -> PathBuf {
    let db = dir.join("source.db");
    for (layout, n) in
        [("classic-9", "3"), ("jigsaw-9", "2"), ("diagonal-9", "2"), ("even-odd-9", "2"), ("classic-6", "2"), ("slitherlink-7x7", "3")]
    {
        ok(&["generate", layout, "--count", n, "--seed", "77", "--db", s(&db)]);
    }
    db
}

/// Exports `layout` in `format` and imports it into a fresh catalog: the
/// same canonical keys arrive. Returns the exported files.
fn round_trip(dir: &Path, db: &Path, layout: &str, format: &str) -> Vec<PathBuf> {
    let here = dir.join(format!("{layout}-{format}"));
    std::fs::create_dir_all(&here).unwrap();
    let one_per_file = ["sdk", "ss", "janko", "pzprv3"].contains(&format);
    let files = if one_per_file {
        let out = here.join("files");
        ok(&["export", "--layout", layout, "--format", format, "--out", s(&out), "--db", s(db)]);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files
    } else {
        let text = ok(&["export", "--layout", layout, "--format", format, "--db", s(db)]);
        let file = here.join(format!("all.{format}"));
        std::fs::write(&file, text).unwrap();
        vec![file]
    };
    let fresh = here.join("fresh.db");
    let import_as = if format == "links" { "auto" } else { format };
    for f in &files {
        // Auto-detection must find the format too.
        ok(&["import", s(f), "--layout", layout, "--format", "auto", "--db", s(&here.join("auto.db"))]);
        ok(&["import", s(f), "--layout", layout, "--format", import_as, "--db", s(&fresh)]);
    }
    assert_eq!(keys(&fresh, layout), keys(db, layout), "{layout} through {format}");
    assert_eq!(keys(&here.join("auto.db"), layout), keys(db, layout), "{layout} through {format}, detected");
    files
}

/// A file of `format` with one puzzle broken, and the (1-based) line broken:
/// a character no format allows before a line's puzzle or grid row, or a
/// URL cut in half.
fn corrupt(format: &str, text: &str) -> (String, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let target = match format {
        // The second grid row (sdk rows start the file; ss too).
        "sdk" | "ss" => 1,
        "janko" => lines.iter().position(|l| *l == "[problem]").unwrap() + 2,
        // pzprv3, slither, rows, cols, then the clue rows.
        "pzprv3" => 5,
        // One puzzle a line: the second.
        _ => 1,
    };
    let url = ["fpuzzles", "puzzlink", "links"].contains(&format);
    let broken: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| match i == target {
            true if url => l[..l.len() / 2].to_string(),
            true => format!("!{l}"),
            false => l.to_string(),
        })
        .collect();
    (broken.join("\n") + "\n", target + 1)
}

#[test]
fn every_format_round_trips_through_import_and_refuses_a_malformed_file() {
    let dir = fresh_dir("round");
    let db = sample_catalog(&dir);
    let cases: &[(&str, &[&str])] = &[
        ("classic-9", &["lines", "sdm", "sdk", "ss", "hodoku", "janko", "fpuzzles", "puzzlink", "serate", "links"]),
        ("jigsaw-9", &["sdm", "janko", "fpuzzles", "serate", "links"]),
        ("diagonal-9", &["sdm", "fpuzzles", "links"]),
        ("even-odd-9", &["sdm", "fpuzzles", "links"]),
        ("classic-6", &["lines", "janko", "fpuzzles", "puzzlink"]),
        ("slitherlink-7x7", &["lines", "janko", "puzzlink", "pzprv3", "links"]),
    ];
    for (layout, formats) in cases {
        for format in *formats {
            let files = round_trip(&dir, &db, layout, format);
            // The same file with its second puzzle (or grid row) broken.
            let text = std::fs::read_to_string(&files[0]).unwrap();
            let (broken, target) = corrupt(format, &text);
            let bad = dir.join(format!("bad-{layout}-{format}.txt"));
            std::fs::write(&bad, broken).unwrap();
            let fresh = dir.join(format!("bad-{layout}-{format}.db"));
            let as_format = if *format == "links" { if layout.starts_with("slither") { "puzzlink" } else { "fpuzzles" } } else { format };
            let err = fails(&["import", s(&bad), "--layout", layout, "--format", as_format, "--db", s(&fresh)]);
            assert!(err.contains(&format!("line {target}:")), "{layout} {format}: {err}");
            assert!(err.contains("nothing stored"), "{layout} {format}: {err}");
            assert!(!fresh.exists(), "{layout} {format}: nothing stored, no catalog made");
        }
    }
    // A format a layout cannot hold is refused, naming the puzzle.
    let err = fails(&["export", "--layout", "slitherlink-7x7", "--format", "sdm", "--db", s(&db)]);
    assert!(err.contains("not read from or written in sdm"), "{err}");
    // One-puzzle formats need a folder for several puzzles, and never overwrite a file.
    let err = fails(&["export", "--layout", "classic-9", "--format", "sdk", "--db", s(&db)]);
    assert!(err.contains("--out DIR"), "{err}");
    let err = fails(&["export", "--layout", "classic-9", "--format", "sdk", "--out", s(&dir.join("classic-9-sdk/files")), "--db", s(&db)]);
    assert!(err.contains("exists"), "{err}");
}

#[test]
fn serate_lines_carry_our_grade_as_er_ep_ed() {
    let dir = fresh_dir("serate");
    let db = dir.join("c.db");
    ok(&["generate", "classic-9", "--count", "4", "--seed", "9", "--db", s(&db)]);
    let text = ok(&["export", "--format", "serate", "--db", s(&db)]);
    let conn = Connection::open(&db).unwrap();
    let mut stmt = conn.prepare("SELECT givens, se_rating FROM puzzles ORDER BY id").unwrap();
    let rows: Vec<(String, f64)> = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(text.lines().count(), rows.len());
    for (line, (givens, er)) in text.lines().zip(&rows) {
        let (puzzle, ratings) = line.split_once(" ED=").unwrap();
        assert_eq!(puzzle, givens);
        let r: Vec<f64> = ratings.split('/').map(|x| x.parse().unwrap()).collect();
        // ER is the stored technique grade; EP and ED come earlier on the same path.
        assert!((r[0] - er).abs() < 0.051, "{line} vs {er}");
        assert!(r[2] <= r[1] + 1e-9 && r[1] <= r[0] + 1e-9, "{line}");
    }
}

#[test]
fn an_fpuzzles_file_of_another_layout_is_refused() {
    let dir = fresh_dir("fp-other");
    let db = dir.join("c.db");
    ok(&["generate", "diagonal-9", "--count", "1", "--db", s(&db)]);
    let text = ok(&["export", "--format", "fpuzzles", "--db", s(&db)]);
    let file = dir.join("diag.txt");
    std::fs::write(&file, text).unwrap();
    let err = fails(&["import", s(&file), "--layout", "classic-9", "--db", s(&dir.join("other.db"))]);
    assert!(err.contains("line 1: not a classic-9 puzzle: its diagonals are not classic-9's"), "{err}");
}

#[test]
fn links_open_the_stored_givens() {
    let dir = fresh_dir("links");
    let db = dir.join("c.db");
    for layout in ["jigsaw-9", "slitherlink-7x7", "pie-12"] {
        ok(&["generate", layout, "--count", "1", "--seed", "5", "--db", s(&db)]);
    }
    let conn = Connection::open(&db).unwrap();
    let row = |layout: &str| -> (i64, String) {
        conn.query_row("SELECT id, givens FROM puzzles WHERE layout_name = ?1", [layout], |r| Ok((r.get(0)?, r.get(1)?))).unwrap()
    };
    let (id, givens) = row("jigsaw-9");
    let url = ok(&["link", &id.to_string(), "--db", s(&db)]);
    assert!(url.starts_with("https://sudokupad.app/fpuzzles"), "{url}");
    let read = fpuzzles::decode_line(url.trim()).unwrap();
    assert_eq!(read.givens, givens);
    assert!(read.regions.is_some(), "a jigsaw's regions travel with it");
    // The solution and the rules travel with it too (SudokuPad reads
    // `solution` and shows `ruleset`).
    let (solution, rules): (String, String) = conn
        .query_row("SELECT p.solution, l.source FROM puzzles p JOIN layouts l ON l.id = p.layout_id WHERE p.id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(read.solution, solution);
    let layout = puzzlebook::layout::Layout::from_source(Path::new("jigsaw-9.toml"), rules).unwrap();
    assert!(!layout.rules.is_empty() && read.rules == layout.rules, "{:?}", read.rules);
    let (id, givens) = row("slitherlink-7x7");
    let url = ok(&["link", &id.to_string(), "--db", s(&db)]);
    let body = url.trim().strip_prefix("https://puzz.link/p?slither/7/7/").unwrap();
    assert_eq!(pzpr::decode_body(body, 7, 7).unwrap(), givens);
    let (id, _) = row("pie-12");
    let err = fails(&["link", &id.to_string(), "--db", s(&db)]);
    assert!(err.contains("no play link"), "{err}");
}

#[test]
fn a_book_never_prints_a_puzzle_isomorphic_to_a_reference_puzzle() {
    let dir = fresh_dir("guard");
    let db = dir.join("c.db");
    // A 17-clue puzzle transposed and relabelled (d → 10 − d): the same
    // puzzle up to symmetry, not the same text.
    let first = std::fs::read_to_string(shared("17-clue.txt")).unwrap().lines().next().unwrap().to_string();
    let chars: Vec<char> = first.chars().collect();
    let planted: String = (0..81)
        .map(|i| {
            let c = chars[(i % 9) * 9 + i / 9];
            c.to_digit(10).map_or('.', |d| char::from_digit(10 - d, 10).unwrap())
        })
        .collect();
    assert_ne!(planted, first);
    let file = dir.join("planted.txt");
    std::fs::write(&file, format!("{planted}\n")).unwrap();
    ok(&["import", s(&file), "--layout", "classic-9", "--source", "planted", "--db", s(&db)]);
    let (planted_id, level): (i64, String) = Connection::open(&db)
        .unwrap()
        .query_row("SELECT id, level FROM puzzles WHERE source = 'planted'", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    ok(&["generate", "classic-9", "--count", "4", "--difficulty", &level, "--seed", "3", "--db", s(&db)]);
    ok(&["validate", "--db", s(&db)]);
    // Without the reference set the planted puzzle is a candidate: a book of
    // all five takes it.
    let open = dir.join("open.db");
    std::fs::copy(&db, &open).unwrap();
    if dir.join("c.db-wal").exists() {
        std::fs::copy(dir.join("c.db-wal"), dir.join("open.db-wal")).unwrap();
    }
    // (Imported puzzles are taken only when asked: --include-imported.)
    ok(&[
        "book",
        "Open",
        "--layout",
        "classic-9",
        "--count",
        "5",
        "--levels",
        &level,
        "--include-imported",
        "--out",
        s(&dir.join("open.pdf")),
        "--db",
        s(&open),
    ]);
    assert_eq!(count(&open, &format!("SELECT count(*) FROM book_puzzles WHERE puzzle_id = {planted_id}")), 1);
    // With it, the planted puzzle is never chosen.
    let added = ok(&["reference", "add", &shared("17-clue.txt"), "--name", "17-clue", "--db", s(&db)]);
    assert!(added.contains("49158 puzzles read (lines), 49158 distinct classic-9 keys"), "{added}");
    assert!(ok(&["reference", "list", "--db", s(&db)]).contains("17-clue"));
    let err = fails(&[
        "book",
        "Guarded",
        "--layout",
        "classic-9",
        "--count",
        "5",
        "--levels",
        &level,
        "--include-imported",
        "--out",
        s(&dir.join("g.pdf")),
        "--db",
        s(&db),
    ]);
    assert!(err.contains("need 5, have 4"), "{err}");
    assert!(err.contains("1 more are held back as isomorphic to a reference set"), "{err}");
    ok(&[
        "book",
        "Guarded",
        "--layout",
        "classic-9",
        "--count",
        "4",
        "--levels",
        &level,
        "--include-imported",
        "--out",
        s(&dir.join("g.pdf")),
        "--report",
        "--db",
        s(&db),
    ]);
    assert_eq!(count(&db, &format!("SELECT count(*) FROM book_puzzles WHERE puzzle_id = {planted_id}")), 0);
    assert_eq!(count(&db, "SELECT count(*) FROM book_puzzles"), 4);
    let report = std::fs::read_to_string(dir.join("g-report.txt")).unwrap();
    assert!(report.contains("reference 17-clue"), "{report}");
    assert!(report.contains("49158 keys: 4 puzzles checked, 0 matches"), "{report}");
    assert!(
        report.contains("total: 4 puzzles checked against 49158 reference keys of their layouts: 0 matches, 0 in other books"),
        "{report}"
    );
    // A malformed collection names its line and loads nothing.
    let bad = dir.join("bad-ref.txt");
    std::fs::write(&bad, format!("{first}\n12\n")).unwrap();
    let err = fails(&["reference", "add", s(&bad), "--name", "bad", "--db", s(&db)]);
    assert!(err.contains("bad-ref.txt: line 2: the puzzle has 2 characters"), "{err}");
    assert!(!ok(&["reference", "list", "--db", s(&db)]).contains("bad"));
    // The same name twice is refused.
    let err = fails(&["reference", "add", &shared("17-clue.txt"), "--name", "17-clue", "--db", s(&db)]);
    assert!(err.contains("already loaded"), "{err}");
}

/// A killer's cages are its clues: its SudokuPad link carries every cage
/// with its sum (f-puzzles' `killercage`), and formats that write givens
/// alone refuse it.
#[test]
fn a_killer_link_carries_its_cages_and_givens_only_formats_refuse_it() {
    let dir = fresh_dir("killer");
    let db = dir.join("k.db");
    ok(&["generate", "killer-9", "--count", "1", "--seed", "3", "--db", s(&db)]);
    let source: String = Connection::open(&db)
        .unwrap()
        .query_row("SELECT l.source FROM puzzles p JOIN layouts l ON l.id = p.layout_id", [], |r| r.get(0))
        .unwrap();
    let layout = puzzlebook::layout::Layout::from_source(Path::new("killer-9.toml"), source).unwrap();
    let mut stored: Vec<(Vec<usize>, u32)> = layout.cells().unwrap().model.cages.iter().map(|c| (c.cells.clone(), c.sum)).collect();
    stored.sort();
    let link = ok(&["link", "1", "--db", s(&db)]);
    let read = fpuzzles::decode_line(link.trim()).unwrap();
    let mut linked = read.cages.clone();
    linked.iter_mut().for_each(|(cells, _)| cells.sort_unstable());
    linked.sort();
    assert!(!stored.is_empty() && linked == stored, "link cages {linked:?}\nstored {stored:?}");
    assert_eq!(read.givens, ".".repeat(81));
    let err = fails(&["export", "--layout", "killer-9", "--format", "sdm", "--db", s(&db)]);
    assert!(err.contains("killer-9 puzzles are not read from or written in sdm: its formats are fpuzzles"), "{err}");
}

/// The f-puzzles puzzles of an export, in order, as f-puzzles reads them.
fn fpuzzles_of(text: &str) -> Vec<fpuzzles::Sudoku> {
    text.lines().map(|l| fpuzzles::decode_line(l).unwrap()).collect()
}

/// Layouts that draw cages, regions or marks per puzzle are exported with
/// each puzzle's own; importing that export brings back the same puzzles,
/// each under its own layout again.
#[test]
fn killer_jigsaw_and_even_odd_random_exports_import_as_their_own_layouts() {
    let dir = fresh_dir("own-layouts");
    let db = dir.join("made.db");
    for layout in ["killer-9", "jigsaw-random-9", "even-odd-random-9"] {
        ok(&["generate", layout, "--count", "2", "--seed", "4", "--db", s(&db)]);
        let text = ok(&["export", "--layout", layout, "--format", "fpuzzles", "--db", s(&db)]);
        let file = dir.join(format!("{layout}.txt"));
        std::fs::write(&file, &text).unwrap();
        let fresh = dir.join(format!("{layout}.db"));
        let out = ok(&["import", s(&file), "--layout", layout, "--db", s(&fresh)]);
        assert!(out.contains("read 2 (fpuzzles), stored 2"), "{layout}: {out}");
        // The same givens, solutions, cages / regions / marks and rules come back.
        let again = ok(&["export", "--layout", layout, "--format", "fpuzzles", "--db", s(&fresh)]);
        let (made, back) = (fpuzzles_of(&text), fpuzzles_of(&again));
        assert_eq!(back, made, "{layout}");
        assert!(made.iter().all(|p| p.solution.len() == 81), "{layout}: solutions travel");
        assert_eq!(keys(&fresh, layout), keys(&db, layout), "{layout}");
        let v = ok(&["validate", "--db", s(&fresh)]);
        assert!(v.contains("2 ok, 0 failed"), "{layout}: {v}");
    }
    // A puzzle without the cages its layout draws is refused, saying why.
    let classic = dir.join("classic.db");
    ok(&["generate", "classic-9", "--count", "1", "--seed", "4", "--db", s(&classic)]);
    let file = dir.join("classic.txt");
    std::fs::write(&file, ok(&["export", "--format", "fpuzzles", "--db", s(&classic)])).unwrap();
    let err = fails(&["import", s(&file), "--layout", "killer-9", "--db", s(&dir.join("k.db"))]);
    assert!(err.contains("line 1: not a killer-9 puzzle: it has no killer cages, and killer-9 draws its cages per puzzle"), "{err}");
    let err = fails(&["import", s(&file), "--layout", "jigsaw-random-9", "--db", s(&dir.join("j.db"))]);
    assert!(err.contains("line 1: not a jigsaw-random-9 puzzle: its regions are the boxes"), "{err}");
    let err = fails(&["import", s(&file), "--layout", "even-odd-random-9", "--db", s(&dir.join("e.db"))]);
    assert!(err.contains("line 1: not an even-odd-random-9 puzzle: it has no even or odd cells"), "{err}");
    // Import and export agree on what a layout reads, and say it in its terms.
    let err = fails(&["import", s(&file), "--layout", "islands-random-9", "--db", s(&dir.join("i.db"))]);
    assert!(err.contains("islands-random-9 reads and writes no text formats: its islands are drawn per puzzle"), "{err}");
    assert!(!err.contains("marks or islands"), "{err}");
}

/// f-puzzles writes `region` only on the cells of a jigsaw that leave their
/// default box (as in SudokuPad's own test file); the rest are in their box.
#[test]
fn an_fpuzzles_jigsaw_with_regions_only_where_they_differ_is_read() {
    let dir = fresh_dir("fp-jigsaw");
    let db = dir.join("c.db");
    ok(&["generate", "jigsaw-9", "--count", "1", "--seed", "8", "--db", s(&db)]);
    let exported = fpuzzles::decode_line(ok(&["export", "--format", "fpuzzles", "--db", s(&db)]).trim()).unwrap();
    let regions = fpuzzles::relabelled(exported.regions.as_ref().unwrap());
    let boxes = fpuzzles::default_boxes(9);
    // Region numbers as f-puzzles keeps them: a cell whose number is its
    // box's number carries none.
    let mut omitted = 0;
    let rows: Vec<serde_json::Value> = (0..9)
        .map(|r| {
            serde_json::Value::Array(
                (0..9)
                    .map(|c| {
                        let cell = r * 9 + c;
                        let mut m = serde_json::Map::new();
                        if let Ok(v) = exported.givens[cell..cell + 1].parse::<u32>() {
                            m.insert("value".into(), serde_json::json!(v));
                            m.insert("given".into(), serde_json::json!(true));
                        }
                        match regions[cell] == boxes[cell] {
                            true => omitted += 1,
                            false => {
                                m.insert("region".into(), serde_json::json!(regions[cell]));
                            }
                        }
                        serde_json::Value::Object(m)
                    })
                    .collect(),
            )
        })
        .collect();
    assert!(omitted > 0, "some cells stay in their box");
    let json = serde_json::json!({ "size": 9, "title": "j", "grid": rows });
    let file = dir.join("jigsaw.txt");
    std::fs::write(&file, format!("{json}\n")).unwrap();
    let fresh = dir.join("fresh.db");
    let out = ok(&["import", s(&file), "--layout", "jigsaw-9", "--db", s(&fresh)]);
    assert!(out.contains("stored 1"), "{out}");
    assert_eq!(keys(&fresh, "jigsaw-9"), keys(&db, "jigsaw-9"));
    // The same file is a jigsaw-random-9 puzzle with these regions of its own.
    let out = ok(&["import", s(&file), "--layout", "jigsaw-random-9", "--db", s(&fresh)]);
    assert!(out.contains("stored 1"), "{out}");
    // Regions that are no jigsaw of nine are refused, not drawn.
    let every_cell_alone = format!("{json}").replace("\"title\":\"j\"", "\"title\":\"k\"");
    let mut value: serde_json::Value = serde_json::from_str(&every_cell_alone).unwrap();
    for (i, cell) in value["grid"].as_array_mut().unwrap().iter_mut().flat_map(|r| r.as_array_mut().unwrap().iter_mut()).enumerate() {
        cell["region"] = serde_json::json!(i);
    }
    std::fs::write(&file, format!("{value}\n")).unwrap();
    let err = fails(&["import", s(&file), "--layout", "jigsaw-random-9", "--db", s(&fresh)]);
    assert!(
        err.contains("line 1: not a jigsaw-random-9 puzzle: 81 regions; a jigsaw of jigsaw-random-9 has 9 regions of 9 cells"),
        "{err}"
    );
}

/// A given written as a string (`"value": "7"`, as f-puzzles and SudokuPad
/// accept it) is a given; anything else there is refused naming the cell.
#[test]
fn fpuzzles_givens_written_as_strings_are_kept() {
    let dir = fresh_dir("fp-strings");
    let givens = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let grid = |value: &dyn Fn(char) -> serde_json::Value| -> serde_json::Value {
        let rows: Vec<serde_json::Value> = givens
            .as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|&b| match b {
                        b'.' => serde_json::json!({}),
                        d => serde_json::json!({ "value": value(d as char), "given": true }),
                    })
                    .collect()
            })
            .collect();
        serde_json::json!({ "size": 9, "grid": rows })
    };
    let file = dir.join("strings.txt");
    std::fs::write(&file, format!("{}\n", grid(&|d| serde_json::json!(d.to_string())))).unwrap();
    let db = dir.join("c.db");
    let out = ok(&["import", s(&file), "--layout", "classic-9", "--db", s(&db)]);
    assert!(out.contains("stored 1"), "{out}");
    let stored: String = Connection::open(&db).unwrap().query_row("SELECT givens FROM puzzles", [], |r| r.get(0)).unwrap();
    assert_eq!(stored, givens);
    std::fs::write(&file, format!("{}\n", grid(&|d| if d == '4' { serde_json::json!("four") } else { serde_json::json!(d.to_string()) })))
        .unwrap();
    let err = fails(&["import", s(&file), "--layout", "classic-9", "--db", s(&dir.join("bad.db"))]);
    assert!(err.contains("line 1: R1C1 holds the given \"four\"; expected a digit 1–9"), "{err}");
}

#[test]
fn pzprv3_all_points_variant_is_refused() {
    let dir = fresh_dir("pzpr-f");
    let db = dir.join("c.db");
    ok(&["generate", "slitherlink-7x7", "--count", "1", "--seed", "3", "--db", s(&db)]);
    let out = dir.join("files");
    ok(&["export", "--format", "pzprv3", "--out", s(&out), "--db", s(&db)]);
    let file = std::fs::read_dir(&out).unwrap().next().unwrap().unwrap().path();
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let variant = format!("pzprv3.1\n{}\nf\n{}\n", lines[1..4].join("\n"), lines[4..].join("\n"));
    let bad = dir.join("full.pzprv3");
    std::fs::write(&bad, variant).unwrap();
    let err = fails(&["import", s(&bad), "--layout", "slitherlink-7x7", "--db", s(&dir.join("f.db"))]);
    assert!(err.contains("full.pzprv3: line 5: flag 'f': pzprjs's \"all points must be visited\" Slitherlink"), "{err}");
}

#[test]
fn files_import_cannot_read_are_refused_with_where_and_why() {
    let dir = fresh_dir("bounded");
    let db = dir.join("c.db");
    let givens = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let import = |file: &Path| fails(&["import", s(file), "--layout", "classic-9", "--db", s(&db)]);
    // HoDoKu's .hsol save is zipped, not library lines.
    let hsol = dir.join("saved.hsol");
    std::fs::write(&hsol, b"PK\x03\x04\x14\x00\x08\x00").unwrap();
    let err = import(&hsol);
    assert!(err.contains("saved.hsol: a .hsol file is HoDoKu's own zipped save, not puzzle text"), "{err}");
    // Bytes that are not UTF-8: the line and the offset.
    let latin = dir.join("latin.txt");
    std::fs::write(&latin, [format!("{givens}\n").as_bytes(), b"# caf\xe9\n"].concat()).unwrap();
    let err = import(&latin);
    assert!(err.contains("latin.txt: line 2: not UTF-8 text (byte 6 of the line, offset 87 in the file: 0xe9)"), "{err}");
    // A line over 1 MiB is refused by its number, without reading on.
    let long = dir.join("long.txt");
    std::fs::write(&long, format!("{givens}\n{}\n", "1".repeat((1 << 20) + 1))).unwrap();
    let err = import(&long);
    assert!(err.contains("long.txt: line 2 is longer than 1048576 bytes (1 MiB)"), "{err}");
    // A file over 64 MiB is refused before it is read.
    let huge = dir.join("huge.txt");
    std::fs::File::create(&huge).unwrap().set_len((64 << 20) + 1).unwrap();
    let err = import(&huge);
    assert!(err.contains("huge.txt: larger than 64 MiB"), "{err}");
    assert!(!db.exists(), "nothing read, no catalog made");
    // An empty --source names nothing.
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{givens}\n")).unwrap();
    let err = fails(&["import", s(&good), "--layout", "classic-9", "--source", "", "--db", s(&db)]);
    assert!(err.contains("--source is empty"), "{err}");
    // A byte order mark before the first puzzle is no part of it.
    std::fs::write(&good, format!("\u{feff}{givens}\n")).unwrap();
    assert!(ok(&["import", s(&good), "--layout", "classic-9", "--db", s(&db)]).contains("stored 1"));
}

#[test]
fn an_import_of_only_duplicates_records_no_batch() {
    let dir = fresh_dir("dups");
    let db = dir.join("c.db");
    let file = dir.join("one.txt");
    std::fs::write(&file, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n").unwrap();
    assert!(ok(&["import", s(&file), "--layout", "classic-9", "--db", s(&db)]).contains("stored as batch 1"));
    let out = ok(&["import", s(&file), "--layout", "classic-9", "--db", s(&db)]);
    assert!(out.contains("stored 0, duplicates 1") && out.contains("nothing new to store, so no batch was recorded"), "{out}");
    assert_eq!(count(&db, "SELECT count(*) FROM batches"), 1);
}

#[test]
fn solving_or_grading_an_empty_file_says_the_file_is_empty() {
    let dir = fresh_dir("blank");
    let blank = dir.join("blank.txt");
    std::fs::write(&blank, "\n# nothing\n").unwrap();
    for command in ["solve", "grade"] {
        let err = fails(&[command, "classic-9", "--file", s(&blank)]);
        assert!(err.contains("blank.txt: no puzzle in it"), "{command}: {err}");
        assert!(!err.contains("no puzzle given"), "{command}: {err}");
    }
    // Without a file, the advice to give one.
    assert!(fails(&["grade", "classic-9"]).contains("no puzzle given: pass puzzle strings or --file FILE"));
}
