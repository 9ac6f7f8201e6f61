//! What a publisher asks of a batch beyond a level (issue 18, 16.4), run
//! through the binary: symmetric givens, given patterns, technique-targeted
//! puzzles, SE rating ranges, random jigsaw regions; stored with the batch
//! so `--resume` goes on identically, and refused where they cannot apply.

mod common;

use common::{ok, run, workdir};
use rusqlite::Connection;
use std::collections::{BTreeSet, HashSet};

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh catalog path for one test.
fn catalog(name: &str) -> String {
    workdir("controls", name).join("puzzles.db").display().to_string()
}

/// The givens of every stored puzzle, in id order.
fn stored_givens(db: &str) -> Vec<String> {
    ok(&["export", "--db", db]).lines().map(|l| l.split_whitespace().next().unwrap().to_string()).collect()
}

/// `solve LAYOUT … --limit 2` over many puzzles at once: each count.
fn counts(layout: &str, puzzles: &[String]) -> Vec<String> {
    let mut args = vec!["solve", layout, "--limit", "2"];
    args.extend(puzzles.iter().map(String::as_str));
    ok(&args).lines().map(str::to_string).collect()
}

type Motion = fn(usize, usize) -> (usize, usize);

/// The motions generating each symmetry on a 9×9 grid, written out from
/// the definitions (row, column from 0), not taken from the program.
fn motions(symmetry: &str) -> Vec<Motion> {
    match symmetry {
        "rot180" => vec![|r, c| (8 - r, 8 - c)],
        "rot90" => vec![|r, c| (c, 8 - r)],
        "mirror" => vec![|r, c| (r, 8 - c)],
        "diag" => vec![|r, c| (c, r)],
        "antidiag" => vec![|r, c| (8 - c, 8 - r)],
        "diagonal" => vec![|r, c| (c, r), |r, c| (8 - c, 8 - r)],
        other => panic!("{other}"),
    }
}

/// The orbits of the group the motions generate, as cell lists.
fn orbits(motions: &[Motion]) -> Vec<Vec<usize>> {
    let mut seen = [false; 81];
    let mut out = Vec::new();
    for start in 0..81 {
        if seen[start] {
            continue;
        }
        let mut orbit = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < orbit.len() {
            let (r, c) = (orbit[i] / 9, orbit[i] % 9);
            for m in motions {
                let (r2, c2) = m(r, c);
                let to = r2 * 9 + c2;
                if !seen[to] {
                    seen[to] = true;
                    orbit.push(to);
                }
            }
            i += 1;
        }
        out.push(orbit);
    }
    out
}

fn keeps(givens: &str, motions: &[Motion]) -> bool {
    let g: Vec<bool> = givens.chars().map(|c| c != '.').collect();
    motions.iter().all(|m| {
        (0..81).all(|cell| {
            let (r, c) = m(cell / 9, cell % 9);
            g[cell] == g[r * 9 + c]
        })
    })
}

#[test]
fn symmetric_batches_keep_their_picture_and_need_every_orbit() {
    for symmetry in ["rot180", "rot90", "mirror", "diag", "antidiag", "diagonal"] {
        let db = catalog(&format!("sym-{symmetry}"));
        ok(&["generate", "classic-9", "--count", "3", "--seed", "11", "--symmetry", symmetry, "--db", &db]);
        let motions = motions(symmetry);
        let puzzles = stored_givens(&db);
        assert_eq!(puzzles.len(), 3);
        let mut fewer = Vec::new();
        for givens in &puzzles {
            assert!(keeps(givens, &motions), "{symmetry}: {givens}");
            // Removing any orbit of givens leaves several solutions.
            for orbit in orbits(&motions).iter().filter(|o| givens.as_bytes()[o[0]] != b'.') {
                let mut chars: Vec<char> = givens.chars().collect();
                orbit.iter().for_each(|&c| chars[c] = '.');
                fewer.push(chars.into_iter().collect::<String>());
            }
        }
        assert!(counts("classic-9", &puzzles).iter().all(|c| c.starts_with("solutions 1")), "{symmetry}: not unique");
        let after = counts("classic-9", &fewer);
        assert_eq!(after.len(), fewer.len());
        assert!(after.iter().all(|c| c == "solutions 2"), "{symmetry}: an orbit could go: {after:?}");
        // The batch records its symmetry.
        let stored: String = Connection::open(&db).unwrap().query_row("SELECT symmetry FROM batches", [], |r| r.get(0)).unwrap();
        assert_eq!(stored, symmetry);
    }
    // `any`: each puzzle keeps one of the symmetries, drawn per puzzle.
    let db = catalog("sym-any");
    ok(&["generate", "classic-9", "--count", "8", "--seed", "5", "--symmetry", "any", "--db", &db]);
    let kinds: BTreeSet<&str> = stored_givens(&db)
        .iter()
        .map(|g| {
            ["rot90", "diagonal", "rot180", "mirror", "diag", "antidiag"]
                .into_iter()
                .find(|s| keeps(g, &motions(s)))
                .unwrap_or_else(|| panic!("no symmetry kept: {g}"))
        })
        .collect();
    assert!(kinds.len() > 1, "one symmetry for every puzzle: {kinds:?}");
}

#[test]
fn a_pie_turns_half_way_with_its_sectors() {
    let db = catalog("sym-pie");
    ok(&["generate", "pie-12", "--count", "2", "--seed", "3", "--symmetry", "rot180", "--db", &db]);
    for givens in stored_givens(&db) {
        // 12 sectors of 6 cells: sector s goes to s + 6.
        let g: Vec<bool> = givens.chars().map(|c| c != '.').collect();
        assert!((0..72).all(|cell| g[cell] == g[(cell + 36) % 72]), "{givens}");
    }
}

/// `--cages 9..9` once failed every attempt with a reason about "marks or
/// islands", exited 1 and left its batch running: sizes that cannot make a
/// puzzle are refused with the reason before any batch is recorded.
#[test]
fn impossible_cage_sizes_are_refused_before_a_batch_is_recorded() {
    let db = catalog("cage-sizes");
    for (sizes, why) in [
        ("9..9", "cages of 9 cells hold every digit once and all add up to the same sum, so they settle nothing"),
        ("8", "no set of cages of 8 cells covers the 9×9 grid's 81 cells"),
    ] {
        let out = run(&["generate", "killer-9", "--count", "2", "--cages", sizes, "--db", &db]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
        assert!(!stderr(&out).contains("marks or islands"), "{}", stderr(&out));
    }
    let batches: i64 =
        rusqlite::Connection::open(&db).ok().and_then(|c| c.query_row("SELECT count(*) FROM batches", [], |r| r.get(0)).ok()).unwrap_or(0);
    assert_eq!(batches, 0, "no batch recorded");
}

#[test]
fn symmetries_and_requests_that_cannot_apply_are_refused_exactly() {
    // Exit status 1 for a request the layout refuses, 2 for a command line
    // that does not parse.
    let refused_with = |code: i32, args: &[&str]| {
        let mut all = vec!["generate"];
        all.extend(args);
        all.push("--no-store");
        let out = run(&all);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        stderr(&out)
    };
    let refused = |args: &[&str]| refused_with(1, args);
    let unparsed = |args: &[&str]| refused_with(2, args);
    assert_eq!(
        refused(&["classic-6", "--symmetry", "rot90"]),
        "error: --symmetry rot90 does not apply to classic-6: box 1 would go to cells that form no house (r1c5 r1c6 r2c5 r2c6 r3c5 r3c6)\n"
    );
    assert_eq!(
        refused(&["triathlon", "--symmetry", "rot90"]),
        "error: --symmetry rot90 does not apply to triathlon: its canvas is 21×15, not square, so it has no quarter turn\n"
    );
    assert_eq!(
        refused(&["twodoku", "--symmetry", "mirror"]),
        "error: --symmetry mirror does not apply to twodoku: the left–right mirror takes r1c1 to r1c15, a gap between its grids\n"
    );
    assert_eq!(
        refused(&["atlantis-random-9", "--symmetry", "rot180"]),
        "error: --symmetry rot180 does not apply to atlantis-random-9: it draws marks, islands, regions or cages anew for each puzzle, and they would not keep the symmetry\n"
    );
    assert!(refused(&["jigsaw-9", "--symmetry", "any"]).starts_with(
        "error: --symmetry any does not apply to jigsaw-9: it admits none of rot180, rot90, mirror, diag, antidiag, diagonal"
    ));
    assert!(
        unparsed(&["classic-9", "--symmetry", "spiral"])
            .contains("unknown symmetry 'spiral' (expected none, rot180, rot90, mirror, diag, antidiag, diagonal, any)")
    );
    assert_eq!(
        refused(&["atlantis-random-9", "--needs", "x-wing"]),
        "error: --needs x-wing: atlantis-random-9 has no technique grader (the ladder grades all-different layouts of at most 16 symbols and 256 cells, without relations between cells)\n"
    );
    assert_eq!(
        refused(&["stars-stripes-12", "--rating", "9.0.."]),
        "error: --rating 9.0..12.0: stars-stripes-12 has no technique grader (the ladder grades all-different layouts of at most 16 symbols and 256 cells, without relations between cells), so no SE ratings\n"
    );
    assert_eq!(refused(&["classic-9", "--needs", "cage-combination"]), "error: --needs cage-combination: classic-9 has no killer cages\n");
    assert_eq!(
        refused(&["killer-9", "--rating", "5.0.."]),
        "error: --rating 5.0..12.0: killer-9 draws cages per puzzle, and the rating search climbs over givens\n"
    );
    assert_eq!(
        refused(&["classic-9", "--needs", "xwing", "--difficulty", "easy"]),
        "error: --needs x-wing with --difficulty easy: it is a medium technique, so its puzzles are medium or harder\n"
    );
    assert_eq!(
        refused(&["classic-9", "--needs", "xwing", "--hardest", "--difficulty", "hard"]),
        "error: --needs x-wing --hardest with --difficulty hard: it is a medium technique, so its puzzles are medium\n"
    );
    assert_eq!(
        refused(&["classic-9", "--pattern", "patterns/heart.txt", "--symmetry", "rot180"]),
        "error: --pattern and --symmetry rot180: the pattern fixes the givens' picture; draw the pattern symmetric instead\n"
    );
    assert_eq!(
        refused(&["classic-6", "--pattern", "patterns/heart.txt"]),
        "error: patterns/heart.txt: line 8: the pattern has 9 rows, expected 6 (classic-6 is 6×6)\n"
    );
    assert_eq!(
        refused(&["slitherlink-7x7", "--rating", "3.0.."]),
        "error: layouts/slitherlink-7x7.toml: --pattern, --needs and --rating apply to cell puzzles with givens, not to Slitherlink\n"
    );
    // The command line's own refusals name the choices.
    let unknown = unparsed(&["classic-9", "--needs", "xwingg"]);
    assert!(unknown.contains("unknown technique 'xwingg' (known: full-house, hidden-single-box,"), "{unknown}");
    assert!(unknown.contains("x-wing, hidden-pair, naked-triple,") && unknown.contains(" swordfish,"), "{unknown}");
    assert!(unparsed(&["classic-9", "--hardest"]).contains("the following required arguments were not provided:\n  --needs <TECHNIQUE>"));
    assert!(unparsed(&["classic-9", "--rating", "9..", "--difficulty", "hard"]).contains("cannot be used with"));
    assert!(unparsed(&["classic-9", "--pattern-subset"]).contains("--pattern <FILE>"));
    let help = ok(&["generate", "--help"]);
    for option in
        ["--symmetry", "--pattern <FILE>", "--pattern-subset", "--needs <TECHNIQUE>", "--hardest", "--rating <RANGE>", "--time-limit"]
    {
        assert!(help.contains(option), "{option} missing from generate --help");
    }
    assert!(help.contains("x-wing, hidden-pair") && help.contains("rot90 (quarter turns)"), "{help}");
}

/// A full pattern's puzzles are solution grids: keying each once took
/// 3.9 GB and seconds (every tied order enumerated), so the batch stalled.
#[test]
fn a_full_pattern_batch_stores_solution_grids() {
    let db = catalog("full-pattern");
    let dir = workdir("controls", "full-pattern");
    let full = dir.join("full.txt");
    std::fs::write(&full, "#########\n".repeat(9)).unwrap();
    let out = run(&["generate", "classic-9", "--count", "4", "--pattern", full.to_str().unwrap(), "--time-limit", "60", "--db", &db]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stored = stored_givens(&db);
    assert_eq!(stored.len(), 4);
    assert!(stored.iter().all(|g| g.len() == 81 && !g.contains('.')), "{stored:?}");
}

#[test]
fn a_heart_pattern_batch_of_twenty_fills_exactly_the_heart() {
    let db = catalog("heart");
    ok(&["generate", "classic-9", "--count", "20", "--pattern", "patterns/heart.txt", "--seed", "2", "--db", &db]);
    let picture: String =
        std::fs::read_to_string("patterns/heart.txt").unwrap().lines().filter(|l| !l.starts_with("//")).collect::<Vec<_>>().concat();
    let puzzles = stored_givens(&db);
    assert_eq!(puzzles.len(), 20);
    for givens in &puzzles {
        let drawn: String = givens.chars().map(|c| if c == '.' { '.' } else { '#' }).collect();
        assert_eq!(drawn, picture, "{givens}");
    }
    assert!(counts("classic-9", &puzzles).iter().all(|c| c == "solutions 1"));
    assert!(ok(&["validate", "--db", &db]).contains("20 ok, 0 failed"));

    // A subset of the pattern: inside it, and minimal.
    let subset = catalog("heart-subset");
    ok(&[
        "generate",
        "classic-9",
        "--count",
        "3",
        "--pattern",
        "patterns/letter-a.txt",
        "--pattern-subset",
        "--seed",
        "2",
        "--db",
        &subset,
    ]);
    let a: Vec<bool> = std::fs::read_to_string("patterns/letter-a.txt")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("//"))
        .flat_map(|l| l.chars().map(|c| c == '#').collect::<Vec<_>>())
        .collect();
    let mut fewer = Vec::new();
    for givens in stored_givens(&subset) {
        for cell in givens.char_indices().filter(|&(_, c)| c != '.').map(|(i, _)| i) {
            assert!(a[cell], "a given off the pattern: {givens}");
            let mut chars: Vec<char> = givens.chars().collect();
            chars[cell] = '.';
            fewer.push(chars.into_iter().collect::<String>());
        }
    }
    assert!(counts("classic-9", &fewer).iter().all(|c| c == "solutions 2"), "a subset puzzle is not minimal");
}

#[test]
fn a_pattern_with_no_unique_puzzle_gives_up_after_its_time_limit() {
    let dir = workdir("controls", "sparse");
    let pattern = dir.join("one.txt");
    std::fs::write(&pattern, format!("#........\n{}", ".........\n".repeat(8))).unwrap();
    let db = dir.join("puzzles.db").display().to_string();
    let out = run(&["generate", "classic-9", "--pattern", pattern.to_str().unwrap(), "--time-limit", "1", "--db", &db]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "error: batch 1 gave up: no new puzzle with givens exactly on the pattern's 1 cell found in 1 s (the time limit; raise it with --time-limit, 0 for none)"
        ),
        "{}",
        stderr(&out)
    );
    let (status, controls): (String, String) =
        Connection::open(&db).unwrap().query_row("SELECT status, controls FROM batches", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!(status, "failed");
    assert!(controls.contains("pattern = \"\"\"\n#........\n") && controls.contains("time_limit_seconds = 1"), "{controls}");
}

#[test]
fn an_x_wing_chapter_of_twenty_uses_x_wing_on_every_path() {
    for hardest in [false, true] {
        let db = catalog(if hardest { "x-wing-hardest" } else { "x-wing" });
        let mut args = vec!["generate", "classic-9", "--count", "20", "--needs", "xwing", "--seed", "1", "--db", &db];
        if hardest {
            args.push("--hardest");
        }
        ok(&args);
        let puzzles = stored_givens(&db);
        assert_eq!(puzzles.len(), 20);
        for givens in &puzzles {
            let path = ok(&["grade", "classic-9", "--path", givens]);
            assert!(path.lines().skip(1).any(|step| step.trim_start().starts_with("X-wing")), "no X-wing: {path}");
            if hardest {
                assert!(path.starts_with("3.2 medium X-wing\n"), "{path}");
            }
        }
    }
}

#[test]
fn a_rating_range_batch_holds_only_puzzles_graded_inside_it_unique_and_minimal() {
    let db = catalog("rating");
    ok(&["generate", "classic-9", "--count", "4", "--rating", "8.5..", "--seed", "9", "--db", &db]);
    let puzzles = stored_givens(&db);
    assert_eq!(puzzles.len(), 4);
    let mut fewer = Vec::new();
    for givens in &puzzles {
        let rating: f64 = ok(&["grade", "classic-9", givens]).split_whitespace().next().unwrap().parse().unwrap();
        assert!(rating >= 8.5, "rated {rating}: {givens}");
        for cell in givens.char_indices().filter(|&(_, c)| c != '.').map(|(i, _)| i) {
            let mut chars: Vec<char> = givens.chars().collect();
            chars[cell] = '.';
            fewer.push(chars.into_iter().collect::<String>());
        }
    }
    assert!(counts("classic-9", &puzzles).iter().all(|c| c == "solutions 1"));
    assert!(counts("classic-9", &fewer).iter().all(|c| c == "solutions 2"), "a rated puzzle is not minimal");
    // The catalog's own filter agrees, and no two share their answer.
    assert_eq!(ok(&["export", "--rating", "8.5..", "--db", &db]).lines().count(), 4);
    let answers: HashSet<String> = ok(&["export", "--db", &db]).lines().map(|l| l.split_whitespace().nth(1).unwrap().to_string()).collect();
    assert_eq!(answers.len(), 4);
    // Without the catalog, the same seed finds the same puzzles.
    let printed: Vec<String> = ok(&["generate", "classic-9", "--count", "4", "--rating", "8.5..", "--seed", "9", "--no-store"])
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(printed, puzzles);
}

#[test]
fn a_resumed_batch_goes_on_with_its_symmetry_technique_pattern_and_range() {
    for (name, extra) in [
        ("sym-needs", vec!["--symmetry", "rot90", "--needs", "x-wing", "--hardest"]),
        ("pattern-rating", vec!["--pattern", "patterns/date-25.txt", "--rating", "..2.0"]),
    ] {
        let whole = catalog(&format!("resume-{name}-whole"));
        let parts = catalog(&format!("resume-{name}-parts"));
        let batch = |db: &str, count: &str| {
            let mut args = vec!["generate", "classic-9", "--count", count, "--seed", "31", "--db", db];
            args.extend(extra.iter().copied());
            ok(&args);
        };
        batch(&whole, "8");
        // The same batch stopped after three puzzles, as a crash would
        // leave it: interrupted, asking for eight.
        batch(&parts, "3");
        Connection::open(&parts).unwrap().execute("UPDATE batches SET count_asked = 8, status = 'interrupted'", []).unwrap();
        // The options are the batch's own now: giving them again is refused.
        let again = run(&["generate", "--resume", "--symmetry", "rot90", "--db", &parts]);
        assert!(stderr(&again).contains("cannot be used with"), "{}", stderr(&again));
        ok(&["generate", "--resume", "--db", &parts]);
        let sorted = |db: &str| stored_givens(db).into_iter().collect::<BTreeSet<_>>();
        assert_eq!(sorted(&whole).len(), 8);
        assert_eq!(sorted(&parts), sorted(&whole), "{name}: resuming made other puzzles");
    }
}

#[test]
fn a_jigsaw_random_book_of_fifty_has_fifty_region_sets() {
    let dir = workdir("controls", "jigsaw");
    let db = dir.join("puzzles.db").display().to_string();
    // Random jigsaws are mostly expert; a one-level book takes them all.
    ok(&["generate", "jigsaw-random-9", "--count", "50", "--difficulty", "expert", "--seed", "4", "--db", &db]);
    assert!(ok(&["validate", "--db", &db]).contains("50 ok, 0 failed"));
    let pdf = dir.join("jigsaw.pdf");
    ok(&[
        "book",
        "Jigsaws",
        "--layout",
        "jigsaw-random-9",
        "--count",
        "50",
        "--levels",
        "expert",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let conn = Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT l.source FROM book_puzzles b JOIN puzzles p ON p.id = b.puzzle_id JOIN layouts l ON l.id = p.layout_id WHERE b.book_id = 1",
        )
        .unwrap();
    let sources: Vec<String> = stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(sources.len(), 50);
    let regions: HashSet<String> = sources
        .iter()
        .map(|s| {
            assert!(!s.contains("random_regions"), "{s}");
            s.split("regions = \"\"\"\n").nth(1).expect("the drawn regions are written in").split("\"\"\"").next().unwrap().to_string()
        })
        .collect();
    assert_eq!(regions.len(), 50, "a book of 50 random jigsaws has 50 region sets");
}

/// `--needs` on a layout that draws its parts per puzzle steers each
/// puzzle's own grader: a killer chapter of cage-and-house puzzles, nothing
/// harder, comes in seconds and every path uses the technique.
#[test]
fn a_killer_chapter_of_one_cage_technique_steers_each_puzzles_own_cages() {
    let out = ok(&["generate", "killer-9", "--needs", "cage-and-house", "--hardest", "--count", "5", "--seed", "4", "--no-store"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let db = catalog("killer-needs");
    ok(&["generate", "killer-9", "--needs", "cage-and-house", "--hardest", "--count", "5", "--seed", "4", "--db", &db]);
    let conn = Connection::open(&db).unwrap();
    let rows: Vec<(f64, String)> = conn
        .prepare("SELECT se_rating, technique FROM puzzles")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 5);
    // Nothing harder than cage and house (2.6), which every path uses.
    assert!(rows.iter().all(|(rating, _)| *rating == 2.6), "{rows:?}");
    for id in 1..=5 {
        let shown = ok(&["show", &id.to_string(), "--db", &db]);
        assert!(shown.contains(". cage and house: "), "puzzle {id}: {shown}");
    }
}

/// Killers have no givens, so a batch printed without a catalog tells its
/// puzzles apart by their cages too (all givens alike once stopped a batch
/// of two at its first puzzle); each line's seed makes it again.
#[test]
fn killers_printed_without_a_catalog_are_told_apart_by_their_cages() {
    let out = ok(&["generate", "killer-9", "--count", "4", "--seed", "3", "--time-limit", "30", "--no-store"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let seeds: HashSet<&str> = lines.iter().map(|l| l.split_whitespace().nth(4).unwrap()).collect();
    assert_eq!(seeds.len(), 4, "{out}");
    let again = ok(&["generate", "killer-9", "--count", "1", "--seed", lines[1].split_whitespace().nth(4).unwrap(), "--no-store"]);
    assert_eq!(again.trim_end(), lines[1]);
}

#[test]
fn a_level_the_layout_never_makes_ends_the_batch_as_failed_without_a_time_limit() {
    // classic-4's puzzles are all easy: no time limit given, the batch
    // still ends, failed, saying why.
    let db = catalog("never-medium");
    let out = run(&["generate", "classic-4", "--difficulty", "medium", "--count", "2", "--db", &db]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("none of 5000 attempts made a puzzle: the layout rarely or never makes what the batch asks"),
        "{}",
        stderr(&out)
    );
    let status: String = Connection::open(&db).unwrap().query_row("SELECT status FROM batches", [], |r| r.get(0)).unwrap();
    assert_eq!(status, "failed");
}
