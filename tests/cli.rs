//! The binary, run as a user runs it, on real files.

use std::process::{Command, Output};

fn puzzlebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlebook")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const KNOWN: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const KNOWN_SOLUTION: &str = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

#[test]
fn solve_prints_the_unique_solution() {
    let out = puzzlebook(&["solve", "classic-9", KNOWN]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("unique {KNOWN_SOLUTION}\n"));
}

#[test]
fn solve_answers_in_input_order_with_limit() {
    let empty = ".".repeat(81);
    let clash = format!("11{}", ".".repeat(79));
    let out = puzzlebook(&["solve", "classic-9", KNOWN, &empty, &clash]);
    assert_eq!(stdout(&out), format!("unique {KNOWN_SOLUTION}\nmultiple\nnone\n"));
    let out = puzzlebook(&["solve", "classic-4", "--limit", "1000", "................", "12.............."]);
    // Relabelling symmetry: fixing two different digits leaves 288 / (4 × 3).
    assert_eq!(stdout(&out), "solutions 288\nsolutions 24\n");
}

#[test]
fn solve_counts_within_a_node_budget_and_says_undecided() {
    // Counting every 9×9 grid never ends: the budget stops it, the answer
    // says so, and the status tells scripts.
    let empty = ".".repeat(81);
    let out = puzzlebook(&["solve", "classic-9", "--limit", "18446744073709551615", "--max-nodes", "20000", &empty, KNOWN]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("undecided: ") && lines[0].contains("after 20001 nodes"), "{text}");
    assert_eq!(lines[1], "solutions 1", "a puzzle within the budget is still answered");
    // The default budget is time: the same count stops after --time-limit.
    let out = puzzlebook(&["solve", "classic-9", "--limit", "18446744073709551615", "--time-limit", "1", &empty]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("undecided: "), "{}", stdout(&out));
    for (flag, value, why) in [
        ("--max-nodes", "0", "--max-nodes 0: a search needs at least one node"),
        ("--time-limit", "0", "--time-limit 0: choose 1 to 3600 seconds a puzzle"),
    ] {
        let out = puzzlebook(&["solve", "classic-9", flag, value, KNOWN]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
    }
}

#[test]
fn solve_reads_files_skipping_comments_and_ratings() {
    let out = puzzlebook(&["solve", "classic-9", "--file", "../shared/data/sudoku/se-rated.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 3083);
    assert!(text.lines().all(|l| l.starts_with("unique ")));
}

#[test]
fn bad_puzzle_strings_say_which_character_and_why() {
    let short = puzzlebook(&["solve", "classic-9", "123"]);
    assert!(!short.status.success());
    assert!(stderr(&short).contains("argument 1: puzzle has 3 cells, expected 81"), "{}", stderr(&short));
    let bad = format!("{}x{}", ".".repeat(10), ".".repeat(70));
    let out = puzzlebook(&["solve", "classic-9", &bad]);
    assert!(
        stderr(&out).contains("character 11 (r2c2) is 'x', which is not a symbol of this layout (expected '.', '0' or one of 123456789)"),
        "{}",
        stderr(&out)
    );
    let odd_in_even = format!("1{}", ".".repeat(80));
    let out = puzzlebook(&["solve", "even-odd-9", &odd_in_even]);
    assert!(stderr(&out).contains("character 1 (r1c1) is '1', which the cell's mark does not allow"), "{}", stderr(&out));
}

#[test]
fn bad_layout_file_is_named_with_line() {
    let dir = std::env::temp_dir().join(format!("puzzlebook-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.toml");
    std::fs::write(&path, "description = \"x\"\nsize = 9\nboxes = \"3x3\"\nsymbol = \"123\"\n").unwrap();
    let out = puzzlebook(&["solve", path.to_str().unwrap(), KNOWN]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains(&format!("{}: line 4: unknown field `symbol`", path.display())), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn generate_prints_reproducible_lines_with_six_fields() {
    let out = puzzlebook(&["generate", "classic-9", "--count", "3", "--seed", "7", "--no-store"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 6, "{line}");
        assert_eq!(fields[4], (7 + i).to_string(), "seed of puzzle {i}");
        let solved = puzzlebook(&["solve", "classic-9", fields[0]]);
        assert_eq!(stdout(&solved), format!("unique {}\n", fields[1]));
    }
    // Puzzle 2 of the batch is the puzzle of its own seed.
    let again = puzzlebook(&["generate", "classic-9", "--seed", "8", "--no-store"]);
    assert_eq!(stdout(&again).trim(), lines[1]);
}

#[test]
fn layouts_words_names_every_missing_word_of_a_publishers_layout() {
    let all = puzzlebook(&["layouts", "--words"]);
    assert!(all.status.success(), "{}", stderr(&all));
    assert!(stdout(&all).starts_with("all ") && stdout(&all).contains("in de, fr, es, it, nl, pt, pl"), "{}", stdout(&all));
    // A publisher's folder: its own layout has German words, no Polish ones.
    let dir = std::env::temp_dir().join(format!("puzzlebook-cli-words-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("layouts")).unwrap();
    let own = "name = \"Mine\"\ndescription = \"d\"\nrules = \"Place 1–4 once.\"\nwords.de.name = \"Meins\"\nwords.de.rules = \"1–4 je einmal.\"\nsize = 4\nboxes = \"2x2\"\n";
    std::fs::write(dir.join("layouts/mine-4.toml"), own).unwrap();
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_puzzlebook")).args(args).current_dir(&dir).output().unwrap();
    assert!(run(&["layouts", "--words", "de"]).status.success());
    let out = run(&["layouts", "--words", "de,pl"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "2 word(s) missing:\nlayout mine-4 has no `name` in `pl` (add words.pl.name to layouts/mine-4.toml)\n\
             layout mine-4 has no `rules` in `pl` (add words.pl.rules to layouts/mine-4.toml)"
        ),
        "{}",
        stderr(&out)
    );
    let unknown = puzzlebook(&["layouts", "--words", "xx"]);
    assert!(!unknown.status.success() && stderr(&unknown).contains("--words xx: unknown language code"), "{}", stderr(&unknown));
}

#[test]
fn layouts_lists_every_shipped_layout() {
    let out = puzzlebook(&["layouts"]);
    let text = stdout(&out);
    for id in ["classic-4", "classic-6", "classic-9", "classic-12", "classic-16", "jigsaw-9", "diagonal-9", "even-odd-9"] {
        assert!(text.lines().any(|l| l.starts_with(id) && l.len() > id.len() + 5), "{id} missing in\n{text}");
    }
}

#[test]
fn snake_counts_lists_and_exports_a_layout_that_generates() {
    let out = puzzlebook(&["snake"]);
    let text = stdout(&out);
    assert!(text.contains("snakes: 3084 (387 up to the 8 symmetries of the square)"), "{text}");
    assert!(text.contains("length: shortest 21, longest 37"), "{text}");
    assert!(text.contains("faithful re-run: 3242 \"found\" events"), "{text}");
    let strict = stdout(&puzzlebook(&["snake", "--no-diagonal-touch"]));
    assert!(strict.contains("snakes: 2284 (287 up to the 8 symmetries of the square)"), "{strict}");
    let listed = stdout(&puzzlebook(&["snake", "--list", "--length", "21"]));
    assert_eq!(listed.matches(" (21 cells,").count(), 100, "{listed}");
    let missing = puzzlebook(&["snake", "--list", "--length", "34"]);
    assert!(stderr(&missing).contains("no snake has 34 cells (lengths run 21–37)"));

    let toml = stdout(&puzzlebook(&["snake", "--export", "17"]));
    let path = std::env::temp_dir().join(format!("puzzlebook-snake-{}.toml", std::process::id()));
    std::fs::write(&path, &toml).unwrap();
    assert!(toml.contains("snake_path = [") && toml.contains("levels = ["), "{toml}");
    let made = puzzlebook(&["generate", path.to_str().unwrap(), "--count", "2", "--seed", "3", "--no-store"]);
    for line in stdout(&made).lines() {
        let givens = line.split(' ').next().unwrap();
        let solved = puzzlebook(&["solve", path.to_str().unwrap(), givens]);
        assert!(stdout(&solved).starts_with("unique "), "{}", stdout(&solved));
    }
    let too_far = puzzlebook(&["snake", "--export", "99999"]);
    assert!(stderr(&too_far).contains("snakes are numbered 1 to 3084"));
}

/// A fresh folder for one test's catalog files.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A catalog with two classic-4 puzzles in it.
fn small_catalog(name: &str) -> std::path::PathBuf {
    let db = temp_dir(name).join("puzzles.db");
    let out = puzzlebook(&["generate", "classic-4", "--count", "2", "--seed", "1", "--db", db.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    db
}

#[test]
fn read_only_commands_refuse_a_missing_catalog_and_create_nothing() {
    let dir = temp_dir("missing");
    let db = dir.join("typo").join("puzzles.db");
    let db_arg = db.to_str().unwrap();
    for args in [
        vec!["stats"],
        vec!["show", "1"],
        vec!["export"],
        vec!["export", "--format", "csv"],
        vec!["validate"],
        vec!["books"],
        vec!["reprint", "1"],
        vec!["book", "T", "--layout", "classic-9", "--count", "4"],
    ] {
        let mut args = args.clone();
        args.extend(["--db", db_arg]);
        let out = puzzlebook(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("no catalog at {db_arg} (make one with `puzzlebook generate")), "{args:?}: {err}");
        assert!(!dir.join("typo").exists(), "{args:?} made {}", db.display());
    }
}

#[test]
fn unknown_level_or_layout_filters_are_errors_naming_the_choices() {
    let db = small_catalog("filters");
    let db_arg = db.to_str().unwrap();
    let out = puzzlebook(&["export", "--level", "impossible", "--db", db_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("unknown level 'impossible' (expected easy, medium, hard or expert)"), "{}", stderr(&out));
    for args in [["export", "--layout", "classic-99"], ["validate", "--layout", "classic-99"]] {
        let out = puzzlebook(&[args[0], args[1], args[2], "--db", db_arg]);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("no puzzles of layout 'classic-99' (the catalog holds classic-4)"), "{args:?}: {}", stderr(&out));
    }
    // A known layout and level still answer (possibly with nothing at that level).
    let out = puzzlebook(&["export", "--layout", "classic-4", "--level", "Easy", "--db", db_arg]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = puzzlebook(&["export", "--layout", "classic-4", "--db", db_arg]);
    assert_eq!(stdout(&out).lines().count(), 2);
}

#[test]
fn generate_refuses_a_count_of_zero() {
    let db = temp_dir("count0").join("puzzles.db");
    for extra in [vec!["--db", db.to_str().unwrap()], vec!["--no-store"]] {
        let mut args = vec!["generate", "classic-4", "--count", "0"];
        args.extend(extra);
        let out = puzzlebook(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("--count must be at least 1"), "{}", stderr(&out));
    }
}

#[test]
fn csv_export_quotes_fields_as_rfc_4180() {
    let db = small_catalog("csv");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("UPDATE puzzles SET layout_name = 'four, \"small\"' WHERE id = 1", []).unwrap();
    }
    let out = puzzlebook(&["export", "--format", "csv", "--db", db.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let row = text.lines().nth(1).unwrap();
    assert!(row.starts_with("1,\"four, \"\"small\"\"\","), "{row}");
    assert_eq!(text.lines().nth(2).unwrap().split(',').nth(1), Some("classic-4"), "plain fields stay unquoted");
}

#[test]
fn merging_a_catalog_into_itself_is_refused_at_once() {
    let db = small_catalog("self-merge");
    let started = std::time::Instant::now();
    let relative = db.parent().unwrap().join(".").join("puzzles.db");
    let out = puzzlebook(&["merge", relative.to_str().unwrap(), "--db", db.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("into itself"), "{}", stderr(&out));
    assert!(started.elapsed().as_secs() < 20, "took {:?}", started.elapsed());
}

#[test]
fn grade_rates_only_unique_puzzles_and_goes_on_after_a_bad_line() {
    let empty = ".".repeat(81);
    let out = puzzlebook(&["grade", "classic-9", &empty]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("more than one solution"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    // A file with a bad line between two good ones: both good ones are rated.
    let file = temp_dir("grade-file").join("p.txt");
    let easy = "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9";
    std::fs::write(&file, format!("{easy}\n123\n{easy}\n")).unwrap();
    let out = puzzlebook(&["grade", "classic-9", "--file", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().count(), 2, "{}", stdout(&out));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn solve_refuses_a_limit_of_zero() {
    let out = puzzlebook(&["solve", "classic-4", "................", "--limit", "0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--limit 0"), "{}", stderr(&out));
}

#[test]
fn a_level_means_the_technique_grade_before_and_after_validation() {
    let db = temp_dir("one-level").join("puzzles.db");
    let db_arg = db.to_str().unwrap();
    let out = puzzlebook(&["generate", "classic-9", "--count", "40", "--seed", "3", "--db", db_arg]);
    assert!(out.status.success(), "{}", stderr(&out));
    let before = stdout(&puzzlebook(&["stats", "--db", db_arg]));
    let out = puzzlebook(&["validate", "--db", db_arg]);
    assert!(stdout(&out).contains("40 ok"), "{}", stderr(&out));
    let after = stdout(&puzzlebook(&["stats", "--db", db_arg]));
    // Only the validation columns move: every level count stays.
    let levels = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("classic-9"))
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
    };
    assert_eq!(levels(&before), levels(&after), "{before}\n{after}");
    // An "easy" puzzle printed without storing grades easy.
    let out = puzzlebook(&["generate", "classic-9", "--no-store", "--difficulty", "easy", "--count", "6", "--seed", "9"]);
    let lines = stdout(&out);
    for line in lines.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[3], "easy", "{line}");
        let graded = stdout(&puzzlebook(&["grade", "classic-9", fields[0]]));
        assert_eq!(graded.split_whitespace().nth(1), Some("easy"), "{line}: {graded}");
    }
    // `export --level` and `--rating` select by the same grade.
    let easy = stdout(&puzzlebook(&["export", "--level", "easy", "--format", "givens", "--db", db_arg]));
    for givens in easy.lines() {
        let graded = stdout(&puzzlebook(&["grade", "classic-9", givens]));
        assert_eq!(graded.split_whitespace().nth(1), Some("easy"), "{graded}");
    }
    let hard_rated = stdout(&puzzlebook(&["export", "--rating", "4.0..", "--format", "givens", "--db", db_arg]));
    for givens in hard_rated.lines() {
        let rating: f64 = stdout(&puzzlebook(&["grade", "classic-9", givens])).split_whitespace().next().unwrap().parse().unwrap();
        assert!(rating >= 4.0, "{givens}: {rating}");
    }
}

#[test]
fn stats_and_show_do_not_trust_a_row_changed_after_validation() {
    let db = small_catalog("stale");
    let db_arg = db.to_str().unwrap();
    assert!(puzzlebook(&["validate", "--db", db_arg]).status.success());
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE puzzles SET givens = '................' WHERE id = 1", []).unwrap();
    let stats = stdout(&puzzlebook(&["stats", "--db", db_arg]));
    let total = stats.lines().last().unwrap().split_whitespace().collect::<Vec<_>>();
    assert_eq!(total, ["total", "2", "1", "0", "1"], "{stats}");
    let show = stdout(&puzzlebook(&["show", "1", "--db", db_arg]));
    assert!(show.contains("has changed since"), "{show}");
}

#[test]
fn stats_of_a_rating_no_puzzle_has_says_so_not_that_the_catalog_is_empty() {
    let db = small_catalog("rating-none");
    let db_arg = db.to_str().unwrap();
    let out = stdout(&puzzlebook(&["stats", "--rating", "11.5..", "--db", db_arg]));
    assert!(out.contains("no puzzle rated 11.5.."), "{out}");
    assert!(!out.contains("no puzzles yet"), "{out}");
}

#[test]
fn a_book_asking_a_level_a_layout_lacks_says_so() {
    let db = small_catalog("mixed-levels");
    let out = puzzlebook(&[
        "book",
        "Mixed",
        "--layout",
        "classic-9,slitherlink-10x10",
        "--levels",
        "hard,expert",
        "--count",
        "4",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("slitherlink-10x10 has no expert puzzles: its levels are easy, medium, hard"), "{}", stderr(&out));
}

/// `generate nonogram-… --from PICTURE`: a drawn ring becomes one stored,
/// validated puzzle whose picture is the ring's (up to the cells the report
/// names); `--max-changes 0` on a picture that needs a change is refused
/// with the count, and a layout that takes no pictures says so.
#[test]
fn a_picture_becomes_a_stored_nonogram_and_the_change_limit_is_kept() {
    let dir = std::env::temp_dir().join(format!("puzzlebook-from-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (w, h) = (160u32, 160u32);
    let mut pixels = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let d = ((x as f64 - 80.0).powi(2) + (y as f64 - 80.0).powi(2)).sqrt();
            pixels.push(if (45.0..68.0).contains(&d) || ((x as i32 - 80).abs() < 10 && (30..130).contains(&y)) { 0u8 } else { 255 });
        }
    }
    let picture = dir.join("ring.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&picture).unwrap(), w, h);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
    let db = dir.join("n.db");
    let (picture, db) = (picture.to_str().unwrap(), db.to_str().unwrap());
    let out = puzzlebook(&["generate", "nonogram-20x20", "--from", picture, "--db", db]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report = stderr(&out);
    assert!(report.contains("to make the picture's nonogram unique") || report.contains("unique as drawn"), "{report}");
    let out = puzzlebook(&["validate", "--db", db]);
    assert!(stdout(&out).contains("1 ok, 0 failed"), "{}", stdout(&out));
    let shown = stdout(&puzzlebook(&["show", "1", "--db", db]));
    let solution = shown.lines().find_map(|l| l.strip_prefix("solution")).unwrap().trim().to_string();
    assert_eq!(solution.len(), 400);
    let row10: String = solution[200..220].to_string();
    let runs = row10.split('.').filter(|r| !r.is_empty()).count();
    assert_eq!(runs, 3, "ring, bar, ring across the middle: {row10}");
    // Two squares corner to corner read the same clues as the other two
    // corners: the picture must change, and --max-changes 0 refuses.
    let squares: Vec<u8> = (0..h).flat_map(|y| (0..w).map(move |x| if (x < 80) == (y < 80) { 0u8 } else { 255 })).collect();
    let squares_file = dir.join("squares.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&squares_file).unwrap(), w, h);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header().unwrap().write_image_data(&squares).unwrap();
    let squares_file = squares_file.to_str().unwrap();
    let out = puzzlebook(&["generate", "nonogram-10x10", "--from", squares_file, "--max-changes", "0", "--no-store"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("unique changes") && stderr(&out).contains("more than --max-changes 0 allows"), "{}", stderr(&out));
    let out = puzzlebook(&["generate", "nonogram-10x10", "--from", squares_file, "--no-store"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("changed to make the picture's nonogram unique"), "{}", stderr(&out));
    let out = puzzlebook(&["generate", "classic-9", "--from", picture, "--db", db]);
    assert!(stderr(&out).contains("classic-9: puzzles are not made from pictures in this layout"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each command's arguments are built only when it runs (clap's `defer`):
/// its help, its parsing and its errors are still all there, and the top
/// level still lists every command.
#[test]
fn a_command_builds_its_own_arguments_when_it_runs() {
    let out = puzzlebook(&["solve", "--help"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let help = stdout(&out);
    for wanted in
        ["Usage: puzzlebook solve [OPTIONS] <LAYOUT> [PUZZLES]...", "--file <FILE>", "--limit <N>", "--time-limit <SEC>", "Exit status"]
    {
        assert!(help.contains(wanted), "`solve --help` lacks {wanted:?}:\n{help}");
    }
    let out = puzzlebook(&["solve", "classic-9", "--limits", "2", KNOWN]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unexpected argument '--limits'") && stderr(&out).contains("Usage: puzzlebook solve"),
        "{}",
        stderr(&out)
    );
    let out = puzzlebook(&["--help"]);
    let help = stdout(&out);
    for command in ["solve", "generate", "grade", "book", "studio"] {
        assert!(help.lines().any(|l| l.trim_start().starts_with(command)), "`--help` lacks {command}:\n{help}");
    }
    let out = puzzlebook(&["generate", "classic-9", "--count", "2", "--seed", "1", "--no-store"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 2);
}
