//! The nonogram engine's import formats against their specifications and
//! against real files (tests/data/nonogram/README.md says where they come
//! from): webpbn's XML, Steve Simpson's `.non`, puzz.link URLs.

mod common;

use puzzlebook::nonogram::formats::{
    read_non, read_non_with_goal, read_nonpack, read_puzzlink, read_webpbn, write_non, write_non_with_goal, write_puzzlink, write_webpbn,
    write_webpbn_with_goal,
};
use puzzlebook::nonogram::solve::solve;
use puzzlebook::nonogram::{Puzzle, check::count_solutions};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/nonogram/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every webpbn puzzle in `.non` reads at its catalogued size, its goal
/// gives its clues, and both our solver and the independent checker find
/// that goal as the one solution.
#[test]
fn webpbn_non_files_read_and_solve_to_their_goal() {
    for (name, w, h) in [
        ("webpbn-1.non", 5, 10),
        ("webpbn-6.non", 20, 20),
        ("webpbn-16.non", 34, 34),
        ("webpbn-21.non", 14, 25),
        ("webpbn-529.non", 45, 45),
        ("webpbn-26167.non", 10, 10),
    ] {
        let text = data(name);
        let (p, goal) = read_non_with_goal(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((p.width, p.height), (w, h), "{name}");
        let goal = goal.unwrap_or_else(|| panic!("{name} has a goal line"));
        let o = solve(&p);
        assert_eq!(o.count, 1, "{name}");
        assert_eq!(o.solution.as_deref(), Some(&goal[..]), "{name}");
        assert_eq!(count_solutions(&p, 5_000_000), Some(1), "{name}: the independent checker");
        // Our writers give files the readers (and the clues) agree on.
        assert_eq!(read_non(&write_non(&p)).unwrap(), p, "{name}");
        assert_eq!(read_non_with_goal(&write_non_with_goal(&p, &goal)).unwrap(), (p.clone(), Some(goal.clone())), "{name}");
        assert_eq!(read_webpbn(&write_webpbn(&p)).unwrap(), p, "{name}");
        assert_eq!(read_puzzlink(&write_puzzlink(&p)).unwrap(), p, "{name}");
        let goal_only = strip_clues(&write_webpbn_with_goal(&p, &goal));
        assert_eq!(read_webpbn(&goal_only).unwrap(), p, "{name}: from the goal image alone");
    }
}

fn strip_clues(xml: &str) -> String {
    let a = xml.find("<clues").unwrap();
    let b = xml.rfind("</clues>").unwrap() + "</clues>".len();
    format!("{}{}", &xml[..a], &xml[b..])
}

/// webpbn's export layout (DOCTYPE, `<source>` beside `<puzzle>`, metadata,
/// entities, CDATA, a goal image) reads to the same puzzle as the `.non`.
#[test]
fn webpbn_xml_export_reads_like_the_non_file() {
    let xml = data("webpbn-1.xml");
    let non = read_non(&data("webpbn-1.non")).unwrap();
    assert_eq!(read_webpbn(&xml).unwrap(), non);
    assert_eq!(read_webpbn(&strip_clues(&xml)).unwrap(), non, "the goal image alone");
}

/// The spec's colours: `defaultcolor` names the foreground (any name), a
/// count may name its colour; one foreground colour is black-and-white.
#[test]
fn webpbn_colours_follow_the_spec() {
    let xml = data("webpbn-1.xml");
    let non = read_non(&data("webpbn-1.non")).unwrap();
    // A blue-on-white puzzle is black-and-white (the old reader refused it).
    let blue = xml.replace("defaultcolor=\"black\"", "defaultcolor=\"blue\"").replace("name=\"black\"", "name=\"blue\"");
    assert_eq!(read_webpbn(&blue).unwrap(), non);
    // Counts naming the foreground explicitly.
    let named = xml.replace("<count>", "<count color=\"black\">");
    assert_eq!(read_webpbn(&named).unwrap(), non);
    // Two foreground colours: refused at the second colour's count.
    let two = xml.replacen(
        "<line><count>2</count><count>1</count><count>3</count>",
        "<line><count>2</count><count color=\"red\">1</count><count>3</count>",
        1,
    );
    let e = read_webpbn(&two).unwrap_err();
    assert!(e.message.contains("red") && e.message.contains("black-and-white"), "{e}");
    assert_eq!((e.line, e.column), (22, 23), "{e}");
    // A count of the background colour.
    let bg = xml.replacen("<count>7</count>", "<count color=\"white\">7</count>", 1);
    let e = read_webpbn(&bg).unwrap_err();
    assert!(e.message.contains("background"), "{e}");
    assert_eq!((e.line, e.column), (23, 7), "{e}");
    // backgroundcolor may be set; the other colour is then the foreground.
    let swapped = xml.replace("defaultcolor=\"black\"", "defaultcolor=\"black\" backgroundcolor=\"cream\"");
    assert_eq!(read_webpbn(&swapped).unwrap(), non);
    // Only grid puzzles.
    let tri = xml.replace("type=\"grid\"", "type=\"triddler\"");
    assert!(read_webpbn(&tri).unwrap_err().message.contains("triddler"));
}

/// Refusals name the line and column of what is wrong (the old reader put a
/// clue too long for its line at "line 0").
#[test]
fn webpbn_refusals_name_line_and_column() {
    let xml = data("webpbn-1.xml");
    let long = xml.replacen("<line><count>7</count></line>", "<line><count>11</count></line>", 1);
    let e = read_webpbn(&long).unwrap_err();
    assert_eq!((e.line, e.column), (23, 1), "{e}");
    assert!(e.message.contains("column 3: clue needs 11 cells, the line has 10"), "{e}");
    let e = read_webpbn(&xml.replacen("<count>3</count></line>", "<count>x</count></line>", 1)).unwrap_err();
    assert_eq!((e.line, e.column), (22, 39), "{e}");
    let e = read_webpbn(&xml.replacen("</clues>", "", 1)).unwrap_err();
    assert!(e.message.contains("<line> or <count>") || e.message.contains("</clues>"), "{e}");
    let e = read_webpbn(&xml.replacen("<line>", "<line", 1)).unwrap_err();
    assert_eq!(e.line, 21, "{e}");
    let e = read_webpbn("<puzzleset></puzzleset>").unwrap_err();
    assert!(e.message.contains("<puzzle>"), "{e}");
}

/// `.non` per its spec: colour letters after hints, blank hint lines as
/// empty lines, keys in any order, unknown lines ignored, `goal` checked,
/// `====` bundles.
#[test]
fn non_follows_its_spec() {
    let base = data("webpbn-1.non");
    let p = read_non(&base).unwrap();
    // One colour letter throughout is black-and-white (the old reader refused `2a`).
    let lettered: String = base
        .lines()
        .map(|l| if l.chars().next().is_some_and(|c| c.is_ascii_digit()) { l.replace(',', "a,") + "a\n" } else { format!("{l}\n") })
        .collect();
    assert_eq!(read_non(&lettered).unwrap(), p);
    // Two letters: refused where the second one is.
    let two = lettered.replacen("2a,1a\n", "2a,1b\n", 1);
    let e = read_non(&two).unwrap_err();
    assert!(e.message.contains("colour `b`"), "{e}");
    assert_eq!((e.line, e.column), (11, 5), "{e}");
    // Unknown keys and key order.
    let shuffled = format!("color a #000000\nsomething new\nheight 10\nwidth 5\n{}", base.replace("width 5\nheight 10\n", ""));
    assert_eq!(read_non(&shuffled).unwrap(), p);
    // A blank hint line is an empty line.
    let q = Puzzle::from_picture(3, 3, &[true, true, false, false, false, false, false, true, true]);
    let blank = write_non(&q).replace("\n0\n", "\n\n");
    assert_eq!(read_non(&blank).unwrap(), q);
    // A goal that does not give the clues.
    let bad_goal = base.replace("goal \"0110", "goal \"1110");
    let e = read_non_with_goal(&bad_goal).unwrap_err();
    assert!(e.message.contains("goal does not give"), "{e}");
    assert_eq!((e.line, e.column), (28, 6), "{e}");
    // Bundles.
    let pack = format!("{base}====\n{}", data("webpbn-26167.non"));
    let all = read_nonpack(&pack).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0], p);
    let broken = format!("{base}====\n{}", data("webpbn-26167.non").replacen("rows\n", "rows\nx\n", 1));
    let e = read_nonpack(&broken).unwrap_err();
    assert_eq!(e.line, 29 + 10, "{e}");
    // Hint errors: line and column of the hint.
    let e = read_non(&base.replacen("2,1\n", "2,,1\n", 1)).unwrap_err();
    assert_eq!((e.line, e.column), (11, 3), "{e}");
    let e = read_non(&base.replacen("1,2\n", "1,0\n", 1)).unwrap_err();
    assert_eq!((e.line, e.column), (18, 3), "{e}");
    let e = read_non(&base.replacen("rows\n", "rows\n9,9\n", 1)).unwrap_err();
    assert!(e.message.contains("row 1: clue needs 19 cells, the line has 5"), "{e}");
    assert_eq!(e.line, 10, "{e}");
}

/// puzz.link: pzprjs' own nonogram example decodes to the clues its editor
/// shows, and our encoder writes the same body pzprjs writes.
#[test]
fn puzzlink_matches_pzprjs() {
    // pzprjs test/script/nonogram.js: "6/6/12g1111h11112j12g11g21j11g3h",
    // whose file form lists the clue cells (top rows, left columns).
    let url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
    let p = read_puzzlink(url).unwrap();
    assert_eq!(p.cols, vec![vec![2, 1], vec![1, 1, 1], vec![1], vec![1, 1, 1], vec![2, 1], vec![]]);
    assert_eq!(p.rows, vec![vec![2, 1], vec![1, 1], vec![1, 2], vec![], vec![1, 1], vec![3]]);
    assert_eq!(write_puzzlink(&p), url);
    assert_eq!(read_puzzlink("nonogram_edit/6/6/12g1111h11112j12g11g21j11g3h").unwrap(), p);
    // Rectangular, and a run of 16+ (`-10`).
    let wide = Puzzle::from_picture(17, 2, &[vec![true; 17], vec![false; 17]].concat());
    let u = write_puzzlink(&wide);
    assert!(u.contains("-11"), "{u}");
    assert_eq!(read_puzzlink(&u).unwrap(), wide);
    // Refusals name the character.
    let e = read_puzzlink("https://puzz.link/p?nonogram/6/6/12g1111h1111.j").unwrap_err();
    assert_eq!((e.line, e.column), (1, 46), "{e}");
    let e = read_puzzlink("https://puzz.link/p?slither/6/6/12").unwrap_err();
    assert!(e.message.contains("nonogram"), "{e}");
    let e = read_puzzlink("https://puzz.link/p?nonogram/6/x/12").unwrap_err();
    assert_eq!(e.column, 32, "{e}");
}

// ------------------------------------------ through `import` and `export`

fn givens_of_catalog(db: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut givens: Vec<String> =
        conn.prepare("SELECT givens FROM puzzles").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    givens.sort();
    givens
}

/// Nonograms go out and back in through the ordinary commands in all three
/// formats the family names (webpbn XML and `.non` one a file, puzz.link
/// URLs one a line, `--format auto` telling them apart): the re-imported
/// catalog holds exactly the exported clues; the files carry the goal
/// picture. A malformed file and a file of another size are refused with
/// the file, the line and what was expected, storing nothing.
#[test]
fn nonograms_round_trip_through_import_and_export() {
    let dir = common::workdir("nonogram-formats", "round-trip");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let db = path("made.db");
    common::ok(&["generate", "nonogram-10x10", "--count", "3", "--seed", "4", "--db", &db]);
    let made = givens_of_catalog(&db);
    assert_eq!(made.len(), 3);
    for format in ["webpbn", "non"] {
        let out = path(format);
        common::ok(&["export", "--format", format, "--layout", "nonogram-10x10", "--out", &out, "--db", &db]);
        let again = path(&format!("{format}.db"));
        let mut files: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        assert_eq!(files.len(), 3, "{format}: one file a puzzle");
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            assert!(
                text.contains(if format == "webpbn" { "<solution type=\"goal\">" } else { "goal" }),
                "{format} carries the picture: {text}"
            );
            let report = common::ok(&["import", file.to_str().unwrap(), "--layout", "nonogram-10x10", "--db", &again]);
            assert!(report.contains(&format!("read 1 ({format}), stored 1")), "{report}");
        }
        assert_eq!(givens_of_catalog(&again), made, "{format}: the clues come back as exported");
    }
    let links = common::ok(&["export", "--format", "puzzlink", "--layout", "nonogram-10x10", "--db", &db]);
    assert_eq!(links.lines().filter(|l| l.starts_with("https://puzz.link/p?nonogram/10/10/")).count(), 3, "{links}");
    std::fs::write(dir.join("links.txt"), &links).unwrap();
    let again = path("links.db");
    let report = common::ok(&["import", &path("links.txt"), "--layout", "nonogram-10x10", "--db", &again]);
    assert!(report.contains("read 3 (puzzlink), stored 3"), "{report}");
    assert_eq!(givens_of_catalog(&again), made, "puzzlink: the clues come back as exported");

    // A wrong run in a .non file: the file, its line and column, what was expected.
    std::fs::write(dir.join("bad.non"), "width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n").unwrap();
    let out = common::run(&["import", &path("bad.non"), "--layout", "nonogram-5x5", "--db", &path("bad.db")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("bad.non: line 5: column 1") && err.contains("expected"), "{err}");
    // A 10×10 puzzle imported as 5×5 is refused, naming the file and line.
    let xml = std::fs::read_dir(path("webpbn")).unwrap().next().unwrap().unwrap().path();
    let out = common::run(&["import", xml.to_str().unwrap(), "--layout", "nonogram-5x5", "--db", &path("bad.db")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains(".xml: line 1:") && err.contains("expected 5"), "{err}");
    assert!(!dir.join("bad.db").exists(), "a refused file creates no catalog");
    // A sudoku layout names the formats it reads; webpbn is not among them.
    let out = common::run(&["import", xml.to_str().unwrap(), "--layout", "classic-9", "--format", "webpbn", "--db", &path("bad.db")]);
    assert!(!out.status.success(), "a sudoku layout reads no webpbn file");
    let _ = std::fs::remove_dir_all(&dir);
}
