//! The catalog as a user drives it: batches, crashes, resumes, two writers.

use puzzlebook::store::scratch::{Scratch, every_backend};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

fn fresh_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-catalog-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("puzzles.db")
}

fn count(db: &Path, sql: &str) -> i64 {
    Connection::open(db).unwrap().query_row(sql, [], |r| r.get(0)).unwrap()
}

/// The catalog places a test runs on: a SQLite file, and a PostgreSQL
/// database when `PUZZLEBOOK_TEST_PG` names a server (see `store::scratch`).
fn places(name: &str) -> Vec<Scratch> {
    every_backend(name)
}

fn spawn_batch(db: &Path, count: &str, seed: &str) -> Child {
    spawn_batch_at(db.to_str().unwrap(), count, seed)
}

fn spawn_batch_at(db: &str, count: &str, seed: &str) -> Child {
    bin()
        .args(["generate", "classic-9", "--count", count, "--seed", seed, "--jobs", "2", "--db", db])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn wait_for_rows_at(place: &Scratch) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if place.count("SELECT count(*) FROM puzzles") > 0 {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{}: no puzzle was committed within a minute", place.target);
}

fn wait_for_rows(db: &Path) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if db.exists()
            && Connection::open(db)
                .ok()
                .and_then(|c| c.query_row("SELECT count(*) FROM puzzles", [], |r| r.get::<_, i64>(0)).ok())
                .unwrap_or(0)
                > 0
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no puzzle was committed within a minute");
}

#[test]
fn kill_9_mid_batch_then_resume_finishes_without_loss_or_duplicates() {
    for place in places("kill") {
        let db = place.arg();
        let mut child = spawn_batch_at(&db, "4000", "1000");
        wait_for_rows_at(&place);
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if let Some(path) = place.target.file() {
            let integrity: String = Connection::open(path).unwrap().query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
            assert_eq!(integrity, "ok");
        }
        let committed = place.count("SELECT count(*) FROM puzzles");
        assert!(committed > 0 && committed < 4000, "{}: killed mid-batch: {committed}", place.target);
        assert_eq!(place.count("SELECT next_attempt FROM batches WHERE id = 1"), committed, "resume point matches the committed rows");

        let out = run(&["generate", "--resume", "--db", &db]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(place.count("SELECT count(*) FROM puzzles"), 4000);
        // Every attempt seed 1000 … 4999 exactly once: nothing lost, nothing doubled.
        assert_eq!(place.count("SELECT count(DISTINCT seed) FROM puzzles"), 4000);
        assert_eq!(place.count("SELECT min(seed) FROM puzzles"), 1000);
        assert_eq!(place.count("SELECT max(seed) FROM puzzles"), 4999);
        assert_eq!(place.count("SELECT count(*) FROM batches WHERE status = 'done'"), 1);
    }
}

#[test]
fn ctrl_c_stops_at_a_commit_and_says_how_to_resume() {
    let db = fresh_db("sigint");
    let child = spawn_batch(&db, "100000", "1");
    wait_for_rows(&db);
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains(&format!("resume with: puzzlebook generate --resume 1 --db {}", db.display())), "{err}");
    let stored = count(&db, "SELECT count(*) FROM puzzles");
    assert_eq!(count(&db, "SELECT next_attempt FROM batches WHERE id = 1"), stored);
    assert_eq!(count(&db, "SELECT count(*) FROM batches WHERE status = 'interrupted'"), 1);
}

#[test]
fn two_processes_writing_one_catalog_both_finish() {
    for place in places("two") {
        let db = place.arg();
        run(&["stats", "--db", &db]); // create the file first
        // Same seeds on purpose: the second writer meets the first one's puzzles
        // as duplicates and must make new ones to reach its count.
        let a = spawn_batch_at(&db, "1500", "77");
        let b = spawn_batch_at(&db, "1500", "77");
        for child in [a, b] {
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{err}");
            assert!(!err.contains("locked"), "{err}");
        }
        assert_eq!(place.count("SELECT count(*) FROM puzzles"), 3000, "{}", place.target);
        assert_eq!(place.count("SELECT count(DISTINCT canonical) FROM puzzles"), 3000);
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE batch_id = 1"), 1500);
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE batch_id = 2"), 1500);
    }
}

/// Processes that create and open one catalog at the same moment (its
/// journal mode and WAL index just being set up) all wait their turn: none
/// fails with "database is locked". Several rounds, since the race is
/// narrow (before the fix, one round in ten or twenty lost a process).
#[test]
fn many_processes_opening_one_new_catalog_at_once_all_finish() {
    for round in 0..30 {
        let db = fresh_db(&format!("crowd-{round}"));
        let children: Vec<Child> = (0..6).map(|i| spawn_batch(&db, "3", &(100 * round + i).to_string())).collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "round {round}: {err}");
        }
        assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), 18, "round {round}");
    }
}

#[test]
fn difficulty_batches_hold_only_the_level_asked() {
    for place in places("level") {
        let db = place.arg();
        let out = run(&["generate", "classic-9", "--count", "30", "--difficulty", "hard", "--seed", "3", "--db", &db]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let lines = String::from_utf8_lossy(&out.stdout).lines().count();
        assert_eq!(lines, 30, "piped stdout gets one line per stored puzzle");
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE coalesce(technique_level, level) = 'hard'"), 30);
        assert_eq!(place.count("SELECT count(*) FROM puzzles"), 30);
        let stats = String::from_utf8_lossy(&run(&["stats", "--db", &db]).stdout).into_owned();
        assert!(stats.lines().any(|l| l.starts_with("classic-9") && l.contains("hard") && l.contains("30")), "{stats}");
    }
}

#[test]
fn a_newer_catalog_is_refused() {
    for place in places("newer") {
        match place.target.file() {
            Some(path) => Connection::open(path).unwrap().pragma_update(None, "user_version", 42).unwrap(),
            None => {
                assert!(run(&["generate", "classic-4", "--count", "1", "--db", &place.arg()]).status.success());
                place.execute("UPDATE puzzlebook_schema SET version = 42");
            }
        }
        let db = place.arg();
        for args in [vec!["stats", "--db", &db], vec!["generate", "classic-4", "--count", "1", "--db", &db]] {
            let out = run(&args);
            assert!(!out.status.success());
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("made by a newer puzzlebook"),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn validate_checks_new_and_changed_rows_and_fails_on_a_tampered_one() {
    for place in places("validate") {
        let db = place.arg();
        let path = db.as_str();
        assert!(run(&["generate", "classic-9", "--count", "40", "--seed", "5", "--db", path]).status.success());
        let first = run(&["validate", "--db", path]);
        assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
        assert!(String::from_utf8_lossy(&first.stdout).contains("validated 40 puzzles"));
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE validation = 'ok' AND validation_micros >= 0"), 40);

        let again = run(&["validate", "--db", path]);
        assert!(String::from_utf8_lossy(&again.stdout).contains("nothing to validate"));

        // Someone edits puzzle 7's solution by hand: one digit of an empty cell.
        let conn = place.connect().unwrap();
        let row = conn.query_one("SELECT givens, solution FROM puzzles WHERE id = 7", &[]).unwrap();
        let (givens, solution): (String, String) = (row.get(0).unwrap(), row.get(1).unwrap());
        let cell = givens.find('.').unwrap();
        let digit = solution.as_bytes()[cell];
        let changed: String = solution
            .char_indices()
            .map(|(i, c)| if i == cell { (if digit == b'9' { b'1' } else { digit + 1 }) as char } else { c })
            .collect();
        place.execute(&format!("UPDATE puzzles SET solution = '{changed}' WHERE id = 7"));

        let out = run(&["validate", "--db", path]);
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
        assert!(stdout.contains("validated 1 puzzles") && stdout.contains("0 ok, 1 failed"), "{stdout}");
        assert!(stderr.contains("puzzle 7 (classic-9): FAILED: solution: "), "{stderr}");
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE validation = 'failed'"), 1);
        let show = String::from_utf8_lossy(&run(&["show", "7", "--db", path]).stdout).into_owned();
        assert!(show.contains("validated failed"), "{show}");

        place.execute(&format!("UPDATE puzzles SET solution = '{solution}' WHERE id = 7"));
        let fixed = run(&["validate", "--db", path]);
        assert!(fixed.status.success());
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE validation = 'ok'"), 40);
    }
}

#[test]
fn easy_jigsaw_puzzles_are_made_by_removing_clues_only_while_singles_suffice() {
    // Minimal jigsaw puzzles are almost never easy (3 in 300): the generator
    // must stop removing clues at the level asked, not hunt among them.
    let db = fresh_db("easy-jigsaw");
    let out = run(&["generate", "jigsaw-9", "--count", "10", "--difficulty", "easy", "--seed", "5", "--db", db.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE technique_level = 'easy' AND se_rating <= 2.3"), 10);
    let out = run(&["validate", "--db", db.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Waits for `child` at most `limit`; kills it and fails when it runs longer.
fn wait_at_most(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!("{what}: still running after {limit:?}; stderr: {}", String::from_utf8_lossy(&out.stderr));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn interrupt(child: Child) -> Output {
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    wait_at_most(child, Duration::from_secs(30), "interrupted batch")
}

#[test]
fn a_resumed_difficulty_batch_ends_with_exactly_its_count() {
    // Most easy puzzles by technique grade are not easy by score: a resume
    // that counted by score level made hundreds too many. (Ten thousand, so
    // that the batch is still running when it is interrupted.)
    let db = fresh_db("level-resume");
    let path = db.to_str().unwrap();
    let child = bin()
        .args(["generate", "classic-9", "--count", "10000", "--difficulty", "easy", "--seed", "99", "--jobs", "2", "--db", path])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_rows(&db);
    std::thread::sleep(Duration::from_millis(300));
    let out = interrupt(child);
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(count(&db, "SELECT count(*) FROM puzzles") < 10000);
    let out = run(&["generate", "--resume", "--db", path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("holds 10000/10000 easy"), "{err}");
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE batch_id = 1"), 10000);
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles WHERE coalesce(technique_level, level) = 'easy'"), 10000);
}

#[test]
fn resume_refuses_a_batch_another_process_runs_and_takes_over_a_stale_one() {
    for place in places("lease") {
        let db = place.arg();
        let path = db.as_str();
        let runner = spawn_batch_at(path, "100000", "7");
        wait_for_rows_at(&place);
        let resumer = bin().args(["generate", "--resume", "--db", path]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
        let out = wait_at_most(resumer, Duration::from_secs(20), "resume of a running batch");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(&format!("batch 1 is being run by process {} on ", runner.id())), "{err}");
        let out = interrupt(runner);
        assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(place.count("SELECT count(*) FROM batches WHERE status = 'interrupted' AND lease_owner IS NULL"), 1);
        assert_eq!(place.count("SELECT next_attempt FROM batches WHERE id = 1"), place.count("SELECT count(*) FROM puzzles"));

        // A small batch whose lease another host holds: refused while its
        // heartbeat is fresh, taken over once it is stale.
        assert!(run(&["generate", "classic-9", "--count", "20", "--seed", "900000", "--db", path]).status.success());
        place.execute(
            "UPDATE batches SET status = 'running', count_asked = 40, lease_owner = 'other', lease_pid = 1, lease_host = 'elsewhere',
                 lease_heartbeat = @unix WHERE id = 2",
        );
        let out = run(&["generate", "--resume", "2", "--db", path]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains("batch 2 is being run by process 1 on elsewhere"), "{err}");
        place.execute("UPDATE batches SET lease_heartbeat = lease_heartbeat - 120 WHERE id = 2");
        let out = run(&["generate", "--resume", "2", "--db", path]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE batch_id = 2"), 40);
        assert_eq!(place.count("SELECT count(*) FROM batches WHERE id = 2 AND status = 'done' AND lease_owner IS NULL"), 1);
    }
}

#[test]
fn a_closed_pipe_leaves_the_batch_interrupted_and_resumable() {
    use std::io::BufRead;
    let db = fresh_db("pipe");
    let path = db.to_str().unwrap();
    let mut child = bin()
        .args(["generate", "classic-9", "--count", "100000", "--seed", "5", "--jobs", "2", "--db", path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap(); // then `head -1` leaves
    assert!(!line.is_empty());
    let out = wait_at_most(child, Duration::from_secs(30), "generate into a closed pipe");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(count(&db, "SELECT count(*) FROM batches WHERE status = 'interrupted' AND lease_owner IS NULL"), 1);
    assert_eq!(count(&db, "SELECT next_attempt FROM batches WHERE id = 1"), count(&db, "SELECT count(*) FROM puzzles"));
}

#[test]
fn a_different_layout_file_under_a_stored_name_is_refused() {
    let db = fresh_db("layout-name");
    let path = db.to_str().unwrap();
    assert!(run(&["generate", "classic-9", "--count", "5", "--seed", "1", "--db", path]).status.success());
    let own = db.parent().unwrap().join("classic-9.toml");
    let classic = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/classic-9.toml")).unwrap();
    std::fs::write(&own, format!("{classic}diagonals = true\n")).unwrap();
    let out = run(&["generate", own.to_str().unwrap(), "--count", "5", "--seed", "2", "--db", path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&own.display().to_string()) && err.contains("layouts/classic-9.toml") && err.contains("rename your file"),
        "{err}"
    );
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), 5);
    assert_eq!(count(&db, "SELECT count(*) FROM layouts WHERE name = 'classic-9'"), 1);
    // A file that only words things differently (an upgrade renaming or
    // rewording the shipped file) is the same kind: stored under a row of its own.
    let reworded = classic.replace("name = ", "name = \"Sudoku, reworded\"\nold_name = ").replace("old_name = ", "# was ");
    std::fs::write(&own, &reworded).unwrap();
    let out = run(&["generate", own.to_str().unwrap(), "--count", "2", "--seed", "3", "--db", path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(count(&db, "SELECT count(*) FROM layouts WHERE name = 'classic-9'"), 2);
    // The same file again is no conflict; nor are the per-puzzle copies of
    // a layout whose islands are drawn anew for every puzzle.
    assert!(run(&["generate", "classic-9", "--count", "5", "--seed", "50", "--db", path]).status.success());
    for seed in ["1", "100"] {
        let out = run(&["generate", "islands-random-9", "--count", "3", "--seed", seed, "--db", path]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(count(&db, "SELECT count(*) FROM layouts WHERE name = 'islands-random-9'") > 2);
    assert_eq!(count(&db, "SELECT count(*) FROM puzzles"), 18);
}

/// The journal mode a catalog file's header says (bytes 18 and 19 are 2 in WAL mode).
fn header_says_wal(db: &Path) -> bool {
    let bytes = std::fs::read(db).unwrap();
    bytes[18] == 2 && bytes[19] == 2
}

#[test]
fn reading_commands_open_the_catalog_read_only() {
    let db = fresh_db("read-only");
    let path = db.to_str().unwrap();
    assert!(run(&["generate", "classic-9", "--count", "3", "--seed", "5", "--db", path]).status.success());
    // A catalog in rollback-journal mode (as another tool may leave it): a
    // command that only reads must not switch it to WAL (which writes).
    Connection::open(&db).unwrap().pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get::<_, String>(0)).unwrap();
    assert!(!header_says_wal(&db));
    let before = std::fs::read(&db).unwrap();
    for args in [&["stats"][..], &["show", "1"], &["export", "--format", "csv"], &["books"], &["reference", "list"]] {
        let mut all = args.to_vec();
        all.extend(["--db", path]);
        let out = run(&all);
        assert!(out.status.success(), "{all:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert_eq!(std::fs::read(&db).unwrap(), before, "a reading command changed the catalog file");
    // A WAL catalog in a folder no one may write: readable. (Root may write
    // anywhere, so this part only bites for other users.)
    Connection::open(&db).unwrap().pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0)).unwrap();
    let dir = db.parent().unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let out = run(&["stats", "--db", path]);
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("classic-9"));
}

#[test]
fn a_reference_set_needs_a_name() {
    let db = fresh_db("reference-name");
    let file = db.with_file_name("ref.txt");
    std::fs::write(&file, format!("{}\n", ".".repeat(81).replacen('.', "1", 1))).unwrap();
    for name in ["", "   "] {
        let out = run(&["reference", "add", file.to_str().unwrap(), "--name", name, "--db", db.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "an empty name was accepted");
        assert!(err.contains("needs a name"), "{err}");
    }
    assert!(!db.exists(), "a refused reference made a catalog");
}

/// The CSV export's rows as (header → value) maps.
fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(str::to_string).collect();
    lines.map(|l| header.iter().cloned().zip(l.split(',').map(str::to_string)).collect()).collect()
}

#[test]
fn each_puzzle_records_whether_it_is_minimal_and_its_symmetry() {
    let db = fresh_db("minimal");
    let path = db.to_str().unwrap();
    for args in [&["--symmetry", "any"][..], &["--difficulty", "medium"]] {
        let mut all = vec!["generate", "classic-9", "--count", "4", "--seed", "5", "--db", path];
        all.extend(args);
        let out = run(&all);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let csv = String::from_utf8_lossy(&run(&["export", "--format", "csv", "--db", path]).stdout).into_owned();
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 8, "{csv}");
    // `--symmetry any`: the symmetry drawn, never "any"; every puzzle minimal.
    for row in &rows[..4] {
        assert_eq!(row["minimal"], "yes", "{csv}");
        assert!(!row["symmetry"].is_empty() && row["symmetry"] != "any", "{csv}");
    }
    // The flag agrees with a count: a puzzle marked not minimal has a given
    // that can go (without symmetry a group of givens is one given).
    let conn = Connection::open(&db).unwrap();
    let plain: Vec<_> = rows.iter().filter(|r| r["symmetry"] == "none").collect();
    assert_eq!(plain.len(), 4, "{csv}");
    assert!(plain.iter().any(|r| r["minimal"] == "no"), "no medium puzzle kept a clue it could lose: {csv}");
    for row in plain {
        let id: i64 = row["id"].parse().unwrap();
        let givens: String = conn.query_row("SELECT givens FROM puzzles WHERE id = ?1", [id], |r| r.get(0)).unwrap();
        let removable = (0..81).filter(|&i| givens.as_bytes()[i] != b'.').any(|i| {
            let fewer = format!("{}.{}", &givens[..i], &givens[i + 1..]);
            let out = run(&["solve", "classic-9", &fewer]);
            String::from_utf8_lossy(&out.stdout).contains("unique")
        });
        assert_eq!(row["minimal"] == "yes", !removable, "puzzle {id}: {csv}");
    }
    let show = String::from_utf8_lossy(&run(&["show", "1", "--db", path]).stdout).into_owned();
    assert!(show.contains(&format!("symmetry  {}", rows[0]["symmetry"])) && show.contains("minimal   yes"), "{show}");
    // A row from before the flag: unknown.
    conn.execute("UPDATE puzzles SET minimal = NULL, symmetry = NULL WHERE id = 1", []).unwrap();
    let show = String::from_utf8_lossy(&run(&["show", "1", "--db", path]).stdout).into_owned();
    assert!(show.contains("minimal   unknown") && show.contains("symmetry  unknown"), "{show}");
}

#[test]
fn show_writes_a_puzzles_own_layout_as_a_loadable_file() {
    let db = fresh_db("layout-file");
    let path = db.to_str().unwrap();
    let out = run(&["generate", "killer-9", "--count", "1", "--seed", "3", "--db", path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let file = db.with_file_name("killer-1.toml");
    let shown = run(&["show", "1", "--db", path, "--layout-file", file.to_str().unwrap()]);
    assert!(shown.status.success(), "{}", String::from_utf8_lossy(&shown.stderr));
    let conn = Connection::open(&db).unwrap();
    let (givens, solution): (String, String) =
        conn.query_row("SELECT givens, solution FROM puzzles WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    // The file loads and the puzzle (no givens: its cages alone) solves uniquely under it, to its stored solution.
    let solved = run(&["solve", file.to_str().unwrap(), &givens]);
    let said = String::from_utf8_lossy(&solved.stdout);
    assert!(solved.status.success() && said.contains(&format!("unique {solution}")), "{said}{}", String::from_utf8_lossy(&solved.stderr));
    // Never overwritten.
    let before = std::fs::read(&file).unwrap();
    let again = run(&["show", "1", "--db", path, "--layout-file", file.to_str().unwrap()]);
    assert!(!again.status.success() && String::from_utf8_lossy(&again.stderr).contains("not overwritten"));
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

/// `generate --list` from another shell sees a running batch move between
/// two commits of its worker (a range commits at once, after up to two
/// minutes of work on SQLite): the puzzles made and not yet committed,
/// from the worker's heartbeat, in their own column.
#[test]
fn generate_list_shows_a_running_batch_moving_between_commits() {
    for place in places("list-in-flight") {
        let db = place.arg();
        let mut child = spawn_batch_at(&db, "1000000", "5");
        let row = |db: &str| -> Option<(u64, u64)> {
            let out = run(&["generate", "--list", "--db", db]);
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            // Before the worker made the catalog or its batch: nothing yet.
            if !out.status.success() || text.contains("no batch yet") {
                return None;
            }
            assert!(text.lines().next().is_some_and(|h| h.contains("in flight")), "{text}");
            // batch, layout, held/count, in flight, …
            let line = text.lines().nth(1)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let held = words.get(2)?.split('/').next()?.parse().ok()?;
            Some((held, words.get(3)?.parse().ok()?))
        };
        let deadline = Instant::now() + Duration::from_secs(90);
        let mut last: Option<(u64, u64)> = None;
        let moved = loop {
            let now = row(&db);
            if let (Some(before), Some(now)) = (last, now)
                && before.1 > 0
                && now.0 == before.0
                && now.1 > before.1
            {
                break Some((before, now));
            }
            last = now.or(last);
            if Instant::now() >= deadline || child.try_wait().unwrap().is_some() {
                break None;
            }
            std::thread::sleep(Duration::from_millis(300));
        };
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(moved.is_some(), "{}: --list never showed more made between two commits (last {last:?})", place.target);
    }
}
