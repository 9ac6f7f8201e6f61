//! One batch, many workers (issue 27, items 4 and 8): worker processes on
//! one batch, one killed with `kill -9`, one joining late, end at exactly
//! the count with the puzzles one worker alone makes; a worker whose
//! PostgreSQL server restarts mid-batch goes on, and one whose server stays
//! away stops saying how to go on. Each test runs on a SQLite file and, when
//! `PUZZLEBOOK_TEST_PG` names a server, on a PostgreSQL database of its own.
//! The restart test starts a throwaway server of its own (`.ci/pg-start`),
//! so restarting it disturbs no other test; it is slow, so it is ignored:
//! `cargo test --test pg_batch -- --ignored`.

mod common;

use puzzlebook::store::scratch::{Scratch, every_backend};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn spawn(args: &[&str]) -> Child {
    bin().args(args).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("binary runs")
}

/// Waits for `child` at most `limit`; kills it and fails when it runs longer.
fn finish(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("{what} ran over {limit:?}: {}", String::from_utf8_lossy(&child.wait_with_output().unwrap().stderr));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn wait_until(place: &Scratch, what: &str, limit: Duration, ready: impl Fn(&Scratch) -> bool) {
    let start = Instant::now();
    while !ready(place) {
        assert!(start.elapsed() < limit, "{}: {what} did not happen within {limit:?}", place.target);
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The canonical keys a catalog holds.
fn keys(place: &Scratch) -> BTreeSet<String> {
    let conn = place.connect().unwrap();
    conn.query("SELECT canonical FROM puzzles", &[]).unwrap().iter().map(|r| r.get::<String>(0).unwrap()).collect()
}

/// Large enough that the batch still runs when a worker is killed or the
/// server restarts: a release build makes puzzles about ten times as fast.
const N: i64 = if cfg!(debug_assertions) { 400 } else { 4000 };

fn count_arg() -> String {
    N.to_string()
}
const SEED: &str = "2701";

/// The puzzles one worker alone makes of the batch the tests run.
fn one_worker_alone() -> BTreeSet<String> {
    let alone = Scratch::sqlite("alone");
    let out = bin()
        .args(["generate", "classic-9", "--count", &count_arg(), "--seed", SEED, "--jobs", "2", "--db", &alone.arg()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    keys(&alone)
}

#[test]
fn three_workers_one_killed_one_joining_late_hold_what_one_worker_makes() {
    let reference = one_worker_alone();
    assert_eq!(reference.len() as i64, N);
    for place in every_backend("three-workers") {
        let db = place.arg();
        let first = spawn(&["generate", "classic-9", "--count", &count_arg(), "--seed", SEED, "--jobs", "1", "--db", &db]);
        wait_until(&place, "the batch's first commit", Duration::from_secs(60), |p| p.count("SELECT count(*) FROM puzzles") > 0);
        let mut doomed = spawn(&["generate", "--join", "1", "--jobs", "1", "--db", &db]);
        // Killed while it holds a range of its own, mid-batch.
        let pid = doomed.id();
        wait_until(&place, "the second worker's claim", Duration::from_secs(60), |p| {
            p.count(&format!("SELECT count(*) FROM batch_ranges WHERE pid = {pid}")) > 0
        });
        std::thread::sleep(Duration::from_millis(700));
        doomed.kill().unwrap(); // SIGKILL
        doomed.wait().unwrap();
        let held = place.count("SELECT count(*) FROM puzzles");
        assert!(held < N, "{}: the batch ended before the kill ({held})", place.target);
        // One joining late, with the newest unfinished batch.
        let late = spawn(&["generate", "--join", "--jobs", "1", "--db", &db]);
        for (worker, what) in [(first, "the first worker"), (late, "the late worker")] {
            let out = finish(worker, Duration::from_secs(300), what);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{what}: {err}");
            // Every worker's account is of the whole batch, not its share.
            assert!(err.contains(&format!("done — holds {N}/{N} puzzles")), "{what}: {err}");
        }
        assert_eq!(place.count("SELECT count(*) FROM puzzles"), N, "{}", place.target);
        assert_eq!(place.count("SELECT count(DISTINCT canonical) FROM puzzles"), N);
        assert_eq!(place.count(&format!("SELECT count(*) FROM batches WHERE status = 'done' AND held = {N}")), 1);
        assert_eq!(place.count("SELECT count(*) FROM batch_ranges"), 0);
        assert_eq!(keys(&place), reference, "{}: the batch holds other puzzles than one worker alone makes", place.target);
    }
}

#[test]
fn resume_alone_is_refused_while_workers_run_and_joining_a_done_batch_does_nothing() {
    for place in every_backend("join-done") {
        let db = place.arg();
        let runner = spawn(&["generate", "classic-9", "--count", "100000", "--seed", "3", "--jobs", "1", "--db", &db]);
        wait_until(&place, "the first commit", Duration::from_secs(60), |p| p.count("SELECT count(*) FROM puzzles") > 0);
        let out = bin().args(["generate", "--resume", "1", "--db", &db]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains("is being run by process") && err.contains("generate --join 1"), "{err}");
        assert!(Command::new("kill").args(["-INT", &runner.id().to_string()]).status().unwrap().success());
        let out = finish(runner, Duration::from_secs(60), "the interrupted worker");
        assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(place.count("SELECT count(*) FROM batches WHERE status = 'interrupted'"), 1);

        let out = bin().args(["generate", "classic-9", "--count", "5", "--seed", "9", "--db", &db]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("batch 2 started (seed 9); more workers") && err.contains("generate --join 2 --db"), "{err}");
        let out = bin().args(["generate", "--join", "2", "--db", &db]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && err.contains("batch 2 is done (5 puzzles): nothing to join"), "{err}");
    }
}

/// A throwaway PostgreSQL server of this test's own (`.ci/pg-start`), to
/// stop and start at will.
struct Server {
    dir: PathBuf,
    port: u16,
    url: String,
}

const PG_BIN: &str = "/usr/lib/postgresql/15/bin";

impl Server {
    fn start(name: &str) -> Option<Server> {
        if !Path::new(PG_BIN).join("pg_ctl").exists() {
            eprintln!("note: no PostgreSQL 15 at {PG_BIN}: the restart test is skipped");
            return None;
        }
        let dir = std::env::temp_dir().join(format!("puzzlebook-pg-batch-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let port = free_port();
        let out = Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/pg-start"))
            .args([dir.to_str().unwrap(), &port.to_string()])
            .output()
            .unwrap();
        assert!(out.status.success(), ".ci/pg-start: {}", String::from_utf8_lossy(&out.stderr));
        let url = String::from_utf8_lossy(&out.stdout).trim().to_string();
        Some(Server { dir, port, url })
    }

    fn pg_ctl(&self, args: &[&str]) {
        let ctl = format!("{PG_BIN}/pg_ctl");
        let mut cmd = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--", &ctl]);
            c
        } else {
            Command::new(&ctl)
        };
        let data = self.dir.join("data");
        let out = cmd.args(["-D", data.to_str().unwrap(), "-w"]).args(args).output().unwrap();
        assert!(out.status.success(), "pg_ctl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn stop(&self) {
        self.pg_ctl(&["-m", "fast", "stop"]);
    }

    fn start_again(&self) {
        let log = self.dir.join("server.log");
        let options = format!("-k {} -p {} -c listen_addresses=127.0.0.1", self.dir.display(), self.port);
        self.pg_ctl(&["-l", log.to_str().unwrap(), "-o", &options, "start"]);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/pg-stop")).arg(&self.dir).output();
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn count(url: &str, sql: &str) -> i64 {
    let mut client: postgres::Client = url.parse::<postgres::Config>().unwrap().connect(postgres::NoTls).unwrap();
    client.query_one(sql, &[]).unwrap().get(0)
}

#[test]
#[ignore = "slow: starts, stops and restarts a PostgreSQL server of its own; cargo test --test pg_batch -- --ignored"]
fn a_server_restart_mid_batch_loses_nothing_and_a_server_that_stays_away_stops_the_worker_with_the_way_on() {
    let Some(server) = Server::start("restart") else { return };
    let reference = one_worker_alone();
    let url = server.url.clone();

    // Restarted within the retry time: the worker goes on and finishes.
    let worker = spawn(&["generate", "classic-9", "--count", &count_arg(), "--seed", SEED, "--jobs", "1", "--db", &url]);
    let start = Instant::now();
    // The first commit (the first range is a few attempts; the next holds
    // 10 s of work, here the rest of the batch): the server goes mid-batch.
    while std::panic::catch_unwind(|| count(&url, "SELECT count(*) FROM puzzles")).unwrap_or(0) < 1 {
        assert!(start.elapsed() < Duration::from_secs(120), "no commit within two minutes");
        std::thread::sleep(Duration::from_millis(50));
    }
    server.stop();
    std::thread::sleep(Duration::from_secs(3));
    server.start_again();
    let out = finish(worker, Duration::from_secs(300), "the worker across the restart");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("connection lost") && err.contains("connected again") && err.contains(&format!("holds {N}/{N}")), "{err}");
    assert_eq!(count(&url, "SELECT count(*) FROM puzzles"), N);
    assert_eq!(count(&url, "SELECT count(DISTINCT canonical) FROM puzzles"), N);
    let held: BTreeSet<String> = {
        let mut client: postgres::Client = url.parse::<postgres::Config>().unwrap().connect(postgres::NoTls).unwrap();
        client.query("SELECT canonical FROM puzzles", &[]).unwrap().iter().map(|r| r.get(0)).collect()
    };
    assert_eq!(held, reference, "the restart changed what the batch holds");

    // Away longer than the retry time: the worker stops with one line that
    // says how to go on; going on finishes the batch, nothing lost or doubled.
    let worker =
        spawn(&["generate", "classic-9", "--count", &count_arg(), "--seed", "99", "--jobs", "1", "--retry-for", "3", "--db", &url]);
    let start = Instant::now();
    while count(&url, "SELECT count(*) FROM puzzles WHERE batch_id = 2") < 1 {
        assert!(start.elapsed() < Duration::from_secs(120), "no commit within two minutes");
        std::thread::sleep(Duration::from_millis(50));
    }
    server.stop();
    let out = finish(worker, Duration::from_secs(60), "the worker without a server");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("error: batch 2: the catalog could not be reached for 3 s")
            && last.contains(&format!("go on with `puzzlebook generate --join 2 --db {url}`")),
        "{err}"
    );
    server.start_again();
    let committed = count(&url, "SELECT count(*) FROM puzzles WHERE batch_id = 2");
    assert_eq!(count(&url, "SELECT next_attempt FROM batches WHERE id = 2"), committed, "the resume point matches what landed");
    let out = bin().args(["generate", "--join", "2", "--jobs", "1", "--db", &url]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(count(&url, "SELECT count(*) FROM puzzles WHERE batch_id = 2"), N);
    assert_eq!(count(&url, "SELECT count(DISTINCT seed) FROM puzzles WHERE batch_id = 2"), N, "no attempt made twice");
}
