//! The studio's batches over HTTP (issue 28, items 4 and 5): the page lists
//! every batch with who made it; an editor starts one (run by the studio
//! as a worker a shell's `generate --join` joins) and stops it (every
//! worker stops); a viewer's forged POSTs, cross-site POSTs, layout paths
//! and huge counts are refused. Each test runs on SQLite and, when
//! `PUZZLEBOOK_TEST_PG` names a server, on PostgreSQL.

mod common;

use common::browser::{Running, start_studio};
use common::studio::{Client, add_user};
use common::{ok, run};
use puzzlebook::store::scratch::{Scratch, every_backend};
use serde_json::Value;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

impl Client {
    /// `/batches/progress`: the batches by id.
    fn progress(&self, cookie: &str) -> Vec<Value> {
        let reply = self.get("/batches/progress", Some(cookie));
        assert_eq!(reply.status, 200, "{}", reply.body);
        let json: Value = serde_json::from_str(&reply.body).unwrap();
        json["batches"].as_array().unwrap().clone()
    }

    fn batch(&self, cookie: &str, id: i64) -> Value {
        self.progress(cookie).into_iter().find(|b| b["id"] == id).unwrap_or_else(|| panic!("no batch {id}"))
    }

    /// Waits up to 60 s for batch `id` to meet `test`.
    fn until(&self, cookie: &str, id: i64, what: &str, test: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let b = self.batch(cookie, id);
            if test(&b) {
                return b;
            }
            assert!(Instant::now() < deadline, "batch {id} never {what}: {b}");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

/// A catalog with one done batch made by zoe (`generate --editor`), an
/// editor (ada) and a viewer (vic) logged in to a running studio.
fn setup(place: &Scratch) -> (Running, Client, String, String) {
    ok(&["generate", "classic-9", "--count", "3", "--seed", "3", "--editor", "zoe", "--db", &place.arg()]);
    let (editor, viewer) = (add_user(place, "ada", "editor"), add_user(place, "vic", "viewer"));
    let (studio, base) = start_studio(&place.arg());
    let client = Client { addr: base.trim_start_matches("http://").to_string() };
    let (editor, viewer) = (client.login(&editor), client.login(&viewer));
    (studio, client, editor, viewer)
}

const START: &str = "layout=classic-9&count=50000&seed=100&symmetry=none";

#[test]
fn an_editor_starts_a_batch_a_shell_worker_joins_it_and_a_stop_ends_every_worker() {
    for place in every_backend("studio-batches-run") {
        let (_studio, client, editor, _) = setup(&place);
        let db = place.arg();
        // Who made each batch is shown: the CLI's --editor.
        let page = client.get("/batches", Some(&editor));
        assert_eq!(page.status, 200);
        assert!(page.body.contains("<tr data-batch=\"1\">") && page.body.contains("<td>zoe</td>"), "{}", page.body);
        assert!(page.body.contains("action=\"/batches\""), "an editor sees the start form");

        let started = client.post("/batches", START, Some(&editor));
        assert_eq!(started.status, 303, "{}", started.body);
        let b = client.until(&editor, 2, "made a puzzle", |b| b["held"].as_u64().unwrap() > 0);
        assert_eq!((b["status"].as_str(), b["stoppable"].as_bool()), (Some("running"), Some(true)), "{b}");
        assert!(client.get("/batches", Some(&editor)).body.contains("<td>ada</td>"), "the studio's batch is ada's");

        // A worker from a shell joins the studio's batch: two workers.
        let mut worker = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["generate", "--join", "2", "--jobs", "1", "--db", &db])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        client.until(&editor, 2, "had two workers", |b| b["workers"].as_str().unwrap().matches("process").count() == 2);

        let stopped = client.post("/batches/2/stop", "", Some(&editor));
        assert_eq!(stopped.status, 303, "{}", stopped.body);
        let b = client.until(&editor, 2, "stopped with no worker left", |b| b["status"] == "stopped" && b["workers"] == "none");
        assert_eq!(b["stoppable"], false);
        // The shell's worker ended, saying why.
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = worker.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the shell's worker did not stop");
            std::thread::sleep(Duration::from_millis(100));
        };
        let mut err = String::new();
        worker.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        assert!(status.success() && err.contains("batch 2 was stopped by ada"), "{status}: {err}");
        // Its count stays put: nobody runs it any more.
        let held = b["held"].as_u64().unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        assert_eq!(client.batch(&editor, 2)["held"].as_u64(), Some(held));
        // Joining or resuming it is refused, in words.
        for how in [&["--join", "2"][..], &["--resume", "2"]] {
            let out = run(&[&["generate"], how, &["--db", &db]].concat());
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success() && err.contains("batch 2 was stopped by ada"), "{how:?}: {err}");
        }
        // The CLI lists it stopped, with its maker.
        let list = ok(&["generate", "--list", "--db", &db]);
        let line = list.lines().find(|l| l.trim_start().starts_with("2 ")).expect(&list);
        assert!(line.contains("stopped") && line.contains("ada"), "{list}");
        assert!(list.lines().any(|l| l.trim_start().starts_with("1 ") && l.contains("zoe") && l.contains("done")), "{list}");
    }
}

/// A worker commits a range at a time (on SQLite up to two minutes of
/// work): between commits the page's JSON still moves, by the puzzles its
/// worker made and has not committed (reported with its heartbeat), and
/// the page says them apart from the committed ones.
#[test]
fn a_running_batch_shows_puzzles_made_and_not_yet_committed_between_commits() {
    for place in every_backend("studio-batches-in-flight") {
        let (_studio, client, editor, _) = setup(&place);
        assert_eq!(client.post("/batches", START, Some(&editor)).status, 303);
        // Two readings in a row with the same committed count and more
        // made: the batch moved between two commits.
        let last = std::cell::Cell::new((0, 0));
        let moved = client.until(&editor, 2, "moved between commits", |b| {
            let now = (b["held"].as_u64().unwrap(), b["in_flight"].as_u64().unwrap());
            let before = last.replace(now);
            before.1 > 0 && now.0 == before.0 && now.1 > before.1
        });
        assert_eq!(moved["status"], "running", "{moved}");
        let page = client.get("/batches", Some(&editor)).body;
        assert!(page.contains("made, not yet committed"), "{page}");
        client.post("/batches/2/stop", "", Some(&editor));
        // A stopped batch has nothing in flight.
        client.until(&editor, 2, "stopped with nothing in flight", |b| b["status"] == "stopped" && b["in_flight"] == 0);
    }
}

#[test]
fn generate_stop_from_a_shell_ends_the_studios_worker() {
    for place in every_backend("studio-batches-cli-stop") {
        let (_studio, client, editor, _) = setup(&place);
        assert_eq!(client.post("/batches", START, Some(&editor)).status, 303);
        client.until(&editor, 2, "made a puzzle", |b| b["held"].as_u64().unwrap() > 0);
        let out = ok(&["generate", "--stop", "2", "--editor", "bob", "--db", &place.arg()]);
        assert!(out.contains("batch 2 stopped by bob: its worker stops"), "{out}");
        client.until(&editor, 2, "stopped, its studio worker gone", |b| b["status"] == "stopped" && b["workers"] == "none");
        let page = client.get("/batches", Some(&editor)).body;
        assert!(page.contains("stopped by bob"), "the note says who stopped it");
        let again = ok(&["generate", "--stop", "2", "--db", &place.arg()]);
        assert!(again.contains("batch 2 was stopped already, by bob"), "{again}");
    }
}

#[test]
fn viewers_read_batches_but_their_forged_starts_and_stops_are_refused() {
    for place in every_backend("studio-batches-viewer") {
        let (_studio, client, editor, viewer) = setup(&place);
        let page = client.get("/batches", Some(&viewer));
        assert_eq!(page.status, 200);
        assert!(page.body.contains("<tr data-batch=\"1\">"), "a viewer reads the batches");
        assert!(!page.body.contains("action=\"/batches\"") && !page.body.contains("/stop\""), "no start form, no stop button");
        // Live with the page's own script (allowed by the policy: this
        // site's scripts only); without it, `?watch=1` reloads by itself.
        assert!(page.body.contains("<script src=\"/static/batches.js\""));
        let policy = page.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case("content-security-policy")).unwrap().1.clone();
        assert!(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline'; script"), "{policy}");
        assert_eq!(client.get("/static/batches.js", Some(&viewer)).status, 200);
        let watching = client.get("/batches?watch=1", Some(&viewer)).body;
        assert!(watching.contains("<noscript><meta http-equiv=\"refresh\" content=\"5\"></noscript>"), "{watching}");

        let forged = client.post("/batches", START, Some(&viewer));
        assert_eq!(forged.status, 403, "{}", forged.body);
        assert!(forged.body.contains("Only an editor starts or stops batches."));
        assert_eq!(client.progress(&viewer).len(), 1, "no batch was started");

        assert_eq!(client.post("/batches", START, Some(&editor)).status, 303);
        let forged = client.post("/batches/2/stop", "", Some(&viewer));
        assert_eq!(forged.status, 403, "{}", forged.body);
        assert_eq!(client.batch(&viewer, 2)["stoppable"], true, "the batch was not stopped");
        assert_eq!(client.post("/batches/2/stop", "", Some(&editor)).status, 303);
        // Not logged in: sent to the login page, nothing changed.
        let anonymous = client.send("GET", "/batches/progress", &[], b"");
        assert_eq!(anonymous.status, 303);
    }
}

#[test]
fn starts_naming_a_path_an_unknown_layout_or_a_huge_count_and_cross_site_posts_are_refused() {
    for place in every_backend("studio-batches-safety") {
        let (_studio, client, editor, _) = setup(&place);
        // A real, valid layout file outside the studio's list: refused by
        // name, so its path never reaches the loader (no layout row made).
        let dir = common::workdir("studio-batches", if place.is_postgres() { "pg" } else { "sqlite" });
        let evil = dir.join("evil.toml");
        std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/layouts/classic-4.toml"), &evil).unwrap();
        let evil = evil.display().to_string();
        for layout in [evil.as_str(), "../layouts/classic-9.toml", "/etc/passwd", "layouts/classic-9", "nosuch", "classic-9.toml"] {
            let form = format!("layout={}&count=5", puzzlebook::studio::http::encode(layout));
            let reply = client.post("/batches", &form, Some(&editor));
            assert_eq!(reply.status, 400, "{layout}: {}", reply.body);
            let said = format!("There is no layout &#39;{layout}&#39; among the studio&#39;s layouts");
            let said_plain = format!("There is no layout '{layout}' among the studio's layouts");
            assert!(reply.body.contains(&said) || reply.body.contains(&said_plain), "{layout}: {}", reply.body);
        }
        for (count, words) in [
            ("10000000", "A count of 10000000 is refused: the studio starts batches of 1 to 100000 puzzles"),
            ("0", "A count of 0 is refused"),
            ("many", "is not a whole number from 1 to 100000"),
        ] {
            let reply = client.post("/batches", &format!("layout=classic-9&count={count}"), Some(&editor));
            assert_eq!(reply.status, 400, "{count}");
            assert!(reply.body.contains(words), "{count}: {}", reply.body);
        }
        // What the library refuses comes back in words too.
        let reply = client.post("/batches", "layout=classic-9&count=5&level=easy&rating=3.0..5.0", Some(&editor));
        assert!(reply.status == 400 && reply.body.contains("not both"), "{}", reply.body);
        let reply = client.post("/batches", "layout=classic-9&count=5&technique=nonsense", Some(&editor));
        assert!(reply.status == 400 && reply.body.contains("unknown technique"), "{}", reply.body);
        let reply = client.post("/batches", "layout=classic-9&count=5&cages=2..4", Some(&editor));
        assert!(reply.status == 400 && reply.body.contains("classic-9 draws no killer cages per puzzle"), "{}", reply.body);

        // Cross-site: another site's page posting the same form.
        let cross = [("Origin", "http://evil.example"), ("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", editor.as_str())];
        assert_eq!(client.send("POST", "/batches", &cross, START.as_bytes()).status, 403);
        let cross = [("Sec-Fetch-Site", "cross-site"), ("Cookie", editor.as_str())];
        assert_eq!(client.send("POST", "/batches/1/stop", &cross, b"").status, 403);

        assert_eq!(client.progress(&editor).len(), 1, "nothing was started");
        assert_eq!(place.count("SELECT count(*) FROM layouts WHERE name = 'evil'"), 0, "the path never reached the loader");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The studio runs its batch as a worker like any other: killed mid-batch
/// (`kill -9`), its range is taken over by a worker from a shell, which
/// finishes the batch at exactly its count.
#[test]
fn a_killed_studios_batch_is_finished_by_a_shell_worker() {
    // Large enough that the studio is still at it when it is killed: a
    // release build makes 150 puzzles before the first look at the batch.
    let count: u64 = if cfg!(debug_assertions) { 150 } else { 4000 };
    for place in every_backend("studio-batches-killed") {
        let (mut studio, client, editor, _) = setup(&place);
        assert_eq!(client.post("/batches", &format!("layout=classic-9&count={count}&seed=500"), Some(&editor)).status, 303);
        client.until(&editor, 2, "made a puzzle", |b| b["held"].as_u64().unwrap() > 0);
        studio.0.kill().unwrap();
        studio.0.wait().unwrap();
        let out = run(&["generate", "--join", "2", "--jobs", "1", "--db", &place.arg()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && err.contains(&format!("done — holds {count}/{count}")), "{err}");
        let list = ok(&["generate", "--list", "--db", &place.arg()]);
        let line = list.lines().find(|l| l.trim_start().starts_with("2 ")).expect(&list);
        assert!(line.contains(&format!("{count}/{count}")) && line.contains("done") && line.contains("ada"), "{list}");
        assert_eq!(place.count("SELECT count(*) FROM puzzles WHERE batch_id = 2"), count as i64, "exactly the count");
    }
}
