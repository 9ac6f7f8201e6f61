//! Editors on one catalog, as they drive it from the command line: books
//! made at once, drafts reserved at once, a book made from a draft, and the
//! server stopped while a book is being made.
//!
//! The PostgreSQL tests make a database of their own on the server
//! `PUZZLEBOOK_TEST_PG` names (skipped with a note when none is set;
//! required when CI is set); the test that stops a server starts one of its
//! own (`.ci/pg-start` in a temporary folder, on a free port), never the
//! shared one.

mod common;

use common::{ok, run};
use puzzlebook::store::scratch::{self, Scratch, every_backend};
use puzzlebook::store::{Catalog, DbTarget, PgUrl};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// `count` validated classic-9 puzzles of `level` in the catalog at `db`.
fn stock(db: &str, level: &str, count: usize) {
    ok(&["generate", "classic-9", "--count", &count.to_string(), "--difficulty", level, "--seed", "3", "--db", db]);
    ok(&["validate", "--db", db]);
}

fn spawn(args: &[&str], editor: &str) -> Child {
    bin().args(args).env("PUZZLEBOOK_EDITOR", editor).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// Every book's puzzles; panics when a puzzle is in two books.
fn printed_once(catalog: &Catalog) -> HashSet<i64> {
    let mut seen = HashSet::new();
    for book in catalog.books().unwrap() {
        for p in &book.puzzles {
            assert!(seen.insert(*p), "puzzle {p} is in two books (book {} among them)", book.id);
        }
    }
    seen
}

/// Two `book` runs at once on one PostgreSQL catalog, twenty times over,
/// never share a puzzle: curation and the book's record are one
/// transaction under the catalog's write lock. Each pair asks for the same
/// four lowest puzzles of one level, so without the lock both would take them.
#[test]
fn two_books_made_at_once_on_postgres_share_no_puzzle_in_20_races() {
    let Some(db) = Scratch::postgres("twenty-races") else { return };
    let url = db.arg();
    let dir = common::workdir("pg_books", "twenty-races");
    stock(&url, "easy", 160);
    for round in 0..20 {
        let runs: Vec<Child> = (0..2)
            .map(|i| {
                let out = dir.join(format!("book-{round}-{i}.pdf"));
                let title = format!("Race {round}{i}");
                spawn(
                    &[
                        "book",
                        &title,
                        "--layout",
                        "classic-9",
                        "--levels",
                        "easy",
                        "--count",
                        "4",
                        "--db",
                        &url,
                        "--out",
                        out.to_str().unwrap(),
                    ],
                    "racer",
                )
            })
            .collect();
        for child in runs {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "round {round}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
    let catalog = Catalog::open_existing(&db.target).unwrap();
    let books = catalog.books().unwrap();
    assert_eq!(books.len(), 40);
    assert!(books.iter().all(|b| b.puzzles.len() == 4 && b.made_by.as_deref() == Some("racer")));
    assert_eq!(printed_once(&catalog).len(), 160);
    let _ = std::fs::remove_dir_all(&dir); // forty PDFs
}

/// Editors reserving at once from the command line get disjoint puzzles;
/// where the stock runs short, the late ones are refused and reserve nothing.
#[test]
fn editors_reserving_at_once_get_disjoint_puzzles_on_every_backend() {
    for place in every_backend("reserve-race") {
        let db = place.arg();
        stock(&db, "easy", 40);
        let mut served = 0;
        for round in 0..4 {
            let runs: Vec<Child> = (0..4)
                .map(|e| {
                    let draft = format!("d{round}{e}");
                    spawn(
                        &["reserve", &draft, "--layout", "classic-9", "--levels", "easy", "--count", "3", "--db", &db],
                        &format!("editor{e}"),
                    )
                })
                .collect();
            let outs: Vec<_> = runs.into_iter().map(|c| c.wait_with_output().unwrap()).collect();
            let won = outs.iter().filter(|o| o.status.success()).count();
            for o in outs.iter().filter(|o| !o.status.success()) {
                let err = String::from_utf8_lossy(&o.stderr);
                assert!(round == 3 && err.contains("need 3, have"), "{}: round {round}: {err}", place.target);
            }
            // 40 puzzles, 12 a round: three rounds served whole, then 4 left for one editor.
            assert_eq!(won, if round < 3 { 4 } else { 1 }, "{}: round {round}", place.target);
            served += won;
        }
        let catalog = Catalog::open_existing(&place.target).unwrap();
        let drafts = catalog.reservations().unwrap();
        assert_eq!(drafts.len(), served);
        let mut seen = HashSet::new();
        for d in &drafts {
            assert!(d.puzzles.iter().all(|p| seen.insert(*p)), "{}: a puzzle is in two drafts: {drafts:?}", place.target);
        }
        assert_eq!(seen.len(), 3 * served);
        let listed = ok(&["reservations", "--db", &db]);
        assert_eq!(listed.matches("draft \"d").count(), served, "{listed}");
    }
}

/// A draft's puzzles are its owner's: another editor's book leaves them
/// out and cannot take them by naming the draft; the owner's `book --draft`
/// takes exactly them, after which the draft is gone, and `books` names
/// who made each book.
#[test]
fn a_book_from_a_draft_takes_its_puzzles_and_books_names_the_maker_on_every_backend() {
    for place in every_backend("draft-book") {
        let db = place.arg();
        let dir = common::workdir("pg_books", &format!("draft-book-{}", place.is_postgres()));
        stock(&db, "easy", 8);
        let reserved =
            ok(&["reserve", "spring", "--layout", "classic-9", "--levels", "easy", "--count", "4", "--editor", "alice", "--db", &db]);
        assert!(reserved.contains("draft \"spring\" of alice: 4 puzzles reserved now, 4 in all, for 7 d 0 h"), "{reserved}");
        let listed = ok(&["reservations", "--db", &db]);
        assert!(listed.contains("draft \"spring\" of alice — 4 puzzles") && listed.contains("expires in 7 d"), "{listed}");
        let catalog = Catalog::open_existing(&place.target).unwrap();
        let spring = catalog.draft("spring").unwrap().unwrap().puzzles;
        // Bob cannot take alice's draft, release it, or make a book from it.
        for args in [
            &["reserve", "spring", "--layout", "classic-9", "--levels", "easy", "--count", "1"][..],
            &["release", "spring"],
            &["book", "Bob's", "--layout", "classic-9", "--levels", "easy", "--count", "4", "--draft", "spring"],
        ] {
            let out = bin().args(args).args(["--db", &db]).env("PUZZLEBOOK_EDITOR", "bob").output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success() && err.contains("draft \"spring\" is alice's") && err.contains("you are bob"), "{args:?}: {err}");
        }
        // Bob's book from the stock leaves alice's puzzles out: four are left, not five.
        let out = run(&["book", "Five", "--layout", "classic-9", "--levels", "easy", "--count", "5", "--editor", "bob", "--db", &db]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains("need 5, have 4") && err.contains("4 more are reserved in editors' drafts"), "{err}");
        let bobs = dir.join("bob.pdf");
        ok(&[
            "book",
            "Bob's",
            "--layout",
            "classic-9",
            "--levels",
            "easy",
            "--count",
            "4",
            "--editor",
            "bob",
            "--db",
            &db,
            "--out",
            bobs.to_str().unwrap(),
        ]);
        // Alice's book from her draft takes exactly its puzzles; a bigger one says what the draft lacks.
        let out = run(&[
            "book",
            "Big",
            "--layout",
            "classic-9",
            "--levels",
            "easy",
            "--count",
            "6",
            "--draft",
            "spring",
            "--editor",
            "alice",
            "--db",
            &db,
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains("need 6, the draft has 4") && err.contains("puzzlebook reserve spring"), "{err}");
        let alices = dir.join("alice.pdf");
        ok(&[
            "book",
            "Spring",
            "--layout",
            "classic-9",
            "--levels",
            "easy",
            "--count",
            "4",
            "--draft",
            "spring",
            "--editor",
            "alice",
            "--db",
            &db,
            "--out",
            alices.to_str().unwrap(),
        ]);
        let books = catalog.books().unwrap();
        let mut from_draft = books[1].puzzles.clone();
        from_draft.sort();
        assert_eq!(from_draft, spring);
        assert!(catalog.draft("spring").unwrap().is_none(), "the draft's puzzles are printed: it is gone");
        let listed = ok(&["books", "--db", &db]);
        assert!(listed.contains("book 1 \"Bob's\"") && listed.contains(" by bob → "), "{listed}");
        assert!(listed.contains("book 2 \"Spring\"") && listed.contains(" by alice → "), "{listed}");
        assert_eq!(printed_once(&catalog).len(), 8);
        assert!(ok(&["reservations", "--db", &db]).contains("no drafts"));
    }
}

/// A release frees a draft's puzzles, some or all; an expired draft holds
/// nothing and is said to be expired.
#[test]
fn release_and_expiry_free_a_drafts_puzzles_on_every_backend() {
    for place in every_backend("release") {
        let db = place.arg();
        stock(&db, "easy", 4);
        ok(&["reserve", "d", "--layout", "classic-9", "--levels", "easy", "--count", "4", "--editor", "alice", "--db", &db]);
        let ids = Catalog::open_existing(&place.target).unwrap().draft("d").unwrap().unwrap().puzzles;
        let out = run(&["reserve", "e", "--puzzles", &ids[0].to_string(), "--editor", "bob", "--db", &db]);
        assert!(String::from_utf8_lossy(&out.stderr).contains("reserved in draft \"d\" (alice's)"));
        let freed = ok(&["release", "d", "--puzzles", &format!("{},{}", ids[0], ids[1]), "--editor", "alice", "--db", &db]);
        assert!(freed.contains("draft \"d\": 2 puzzles released, 2 still reserved"), "{freed}");
        ok(&["reserve", "e", "--puzzles", &ids[0].to_string(), "--editor", "bob", "--db", &db]);
        // Expired (set back by hand): it holds nothing, and says so.
        place.execute("UPDATE drafts SET expires_at = expires_at - 8 * 86400 WHERE name = 'd'");
        let listed = ok(&["reservations", "--db", &db]);
        assert!(listed.contains("draft \"d\" of alice — 2 puzzles") && listed.contains("expired 1 d 0 h ago: holds nothing"), "{listed}");
        ok(&["reserve", "f", "--puzzles", &ids[2].to_string(), "--editor", "bob", "--db", &db]);
        let renewed = ok(&["reserve", "d", "--for", "2d", "--editor", "alice", "--db", &db]);
        assert!(
            renewed.contains(&format!("1 of its puzzles were taken while it was expired and are no longer in it: {}", ids[2])),
            "{renewed}"
        );
        assert!(renewed.contains("0 puzzles reserved now, 1 in all, for 2 d 0 h"), "{renewed}");
        let gone = ok(&["release", "d", "--editor", "alice", "--db", &db]);
        assert!(gone.contains("draft \"d\" released: 1 puzzle free again"), "{gone}");
    }
}

/// A PostgreSQL server of this test's own, in a temporary folder, listening
/// on a Unix socket there; stopped and removed when dropped.
struct OwnServer {
    dir: PathBuf,
    port: u16,
    url: String,
}

const PG_BIN: &str = "/usr/lib/postgresql/15/bin";

impl OwnServer {
    /// None (with a note) where the machine has no PostgreSQL 15 to start
    /// and CI is not set; under CI a server must start.
    fn start(name: &str) -> Option<OwnServer> {
        scratch::test_server()?; // PostgreSQL tests are asked for (or skipped with the usual note)
        if !Path::new(PG_BIN).join("pg_ctl").exists() {
            assert!(std::env::var_os("CI").is_none(), "CI: {PG_BIN} is missing (.ci/pg-start installs it)");
            eprintln!("note: no PostgreSQL 15 in {PG_BIN}: the stopped-server test is skipped");
            return None;
        }
        let dir = std::env::temp_dir().join(format!("puzzlebook-own-pg-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let out = Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/pg-start")).arg(&dir).arg(port.to_string()).output().unwrap();
        assert!(out.status.success(), ".ci/pg-start: {}", String::from_utf8_lossy(&out.stderr));
        let url = String::from_utf8_lossy(&out.stdout).trim().to_string();
        Some(OwnServer { dir, port, url })
    }

    fn pg_ctl(&self, args: &[&str]) {
        let pg_ctl = format!("{PG_BIN}/pg_ctl");
        let data = self.dir.join("data");
        let mut cmd = match is_root() {
            true => {
                let mut c = Command::new("runuser");
                c.args(["-u", "postgres", "--", &pg_ctl]);
                c
            }
            false => Command::new(&pg_ctl),
        };
        let out = cmd.arg("-D").arg(&data).args(args).output().unwrap();
        assert!(out.status.success(), "pg_ctl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }

    /// Stops the server at once, as a crash would (`-m immediate`).
    fn stop(&self) {
        self.pg_ctl(&["-m", "immediate", "-w", "stop"]);
    }

    /// Starts it again, on its socket only.
    fn restart(&self) {
        let options = format!("-k {} -p {} -c listen_addresses=''", self.dir.display(), self.port);
        self.pg_ctl(&["-w", "-l", &self.dir.join("server.log").display().to_string(), "-o", &options, "start"]);
    }

    fn client(&self, db: &str) -> postgres::Client {
        let url = PgUrl::parse(&self.url).unwrap().with_database(db);
        url.url().parse::<postgres::Config>().unwrap().connect(postgres::NoTls).unwrap()
    }
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        let _ = Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/pg-stop")).arg(&self.dir).output();
    }
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .map(|s| s.lines().any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0")))
        .unwrap_or(false)
}

/// Waits (up to a minute) until `ready` says yes.
fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < deadline, "waited a minute for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The server stopped while a book is being made leaves no book and no
/// puzzle printed: once it is back, `books` lists no book, no PDF is left
/// where the book was to go (nor a partial one), and the next book takes
/// the very puzzles the stopped one had chosen. Twice: stopped while the
/// PDF was rendered and about to be placed, and stopped after the PDF was
/// placed but before the book was marked done (the PDF is removed again).
#[test]
fn the_server_stopped_while_a_book_is_being_made_leaves_no_book_and_no_printed_puzzle() {
    let Some(server) = OwnServer::start("stopped") else { return };
    let dir = common::workdir("pg_books", "stopped");
    {
        let mut admin = server.client("postgres");
        admin.batch_execute("CREATE DATABASE books").unwrap();
    }
    let url = PgUrl::parse(&server.url).unwrap().with_database("books").url().to_string();
    stock(&url, "easy", 24);
    let all: Vec<i64> = {
        let mut c = server.client("books");
        c.query("SELECT id FROM puzzles WHERE validation = 'ok' ORDER BY id", &[]).unwrap().iter().map(|r| r.get(0)).collect()
    };
    assert_eq!(all.len(), 24);
    // Round 0: the finishing transaction waits for the table of books
    // (locked here), before the PDF is placed. Round 1: it waits for the
    // book's row, after the PDF is placed.
    let rounds = [
        ("LOCK TABLE books IN ACCESS EXCLUSIVE MODE", "%lease_owner FROM books%"),
        ("SELECT 1 FROM books WHERE id = $1 FOR UPDATE", "UPDATE books SET pdf_path%"),
    ];
    for (round, (lock, waiting)) in rounds.iter().enumerate() {
        let out = dir.join(format!("stopped-{round}.pdf"));
        let book = spawn(
            &[
                "book",
                "Stopped",
                "--layout",
                "classic-9",
                "--levels",
                "easy",
                "--count",
                "24",
                "--hints",
                "--db",
                &url,
                "--out",
                out.to_str().unwrap(),
            ],
            "alice",
        );
        let mut watch = server.client("books");
        let pid = book.id() as i64;
        let mut id = 0i64;
        wait_for("the book to be recorded", || {
            let row = watch.query_opt("SELECT id FROM books WHERE status = 'pending' AND lease_pid = $1", &[&pid]).unwrap();
            row.map(|r| id = r.get(0)).is_some()
        });
        let mut holder = server.client("books");
        holder.batch_execute("BEGIN").unwrap();
        match round {
            0 => holder.batch_execute(lock).unwrap(),
            _ => drop(holder.execute(*lock, &[&id]).unwrap()),
        }
        let status: String = holder.query_one("SELECT status FROM books WHERE id = $1", &[&id]).unwrap().get(0);
        assert_eq!(status, "pending", "round {round}: the book was done before the lock was taken (rendering was quicker than the watch)");
        wait_for("the book's last transaction to wait", || {
            watch
                .query_one("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1", &[waiting])
                .unwrap()
                .get::<_, i64>(0)
                > 0
        });
        assert_eq!(out.exists(), round == 1, "round {round}: the PDF is placed only in the second round's wait");
        // Stopped while the lock is held: the book's transaction is still waiting.
        server.stop();
        drop((watch, holder));
        let failed = book.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&failed.stderr);
        assert!(!failed.status.success(), "round {round}: the book was made with its server stopped");
        assert!(err.contains(&PgUrl::parse(&url).unwrap().to_string()), "round {round}: the error names the catalog: {err}");
        assert!(err.contains("is not made and no PDF of it is left"), "round {round}: {err}");
        assert!(!out.exists() && !out.with_extension("pdf.partial").exists(), "round {round}: a PDF was left for a book not made");
        server.restart();
        let catalog = Catalog::open_existing(DbTarget::Postgres(PgUrl::parse(&url).unwrap())).unwrap();
        assert!(catalog.books().unwrap().is_empty(), "round {round}: a book was recorded");
        let listed = ok(&["books", "--db", &url]);
        assert!(listed.contains("no books yet") && listed.contains("abandoned"), "round {round}: {listed}");
    }
    // The puzzles the stopped books chose are free: the next book takes all of them.
    let pdf = dir.join("after.pdf");
    ok(&["book", "After", "--layout", "classic-9", "--levels", "easy", "--count", "24", "--db", &url, "--out", pdf.to_str().unwrap()]);
    let catalog = Catalog::open_existing(DbTarget::Postgres(PgUrl::parse(&url).unwrap())).unwrap();
    let books = catalog.books().unwrap();
    assert_eq!(books.len(), 1);
    let mut printed = books[0].puzzles.clone();
    printed.sort();
    assert_eq!(printed, all);
    assert!(catalog.pending_books().unwrap().is_empty(), "the stopped books were taken back");
}

/// A mistyped --db is an error, never a new empty catalog.
#[test]
fn reserve_release_and_reservations_refuse_a_missing_catalog() {
    let dir = common::workdir("pg_books", "missing");
    let db = dir.join("typo").join("puzzles.db");
    let db = db.to_str().unwrap();
    for args in [
        &["reservations"][..],
        &["reserve", "d", "--layout", "classic-9", "--count", "4"],
        &["release", "d"],
        &["book", "T", "--layout", "classic-9", "--count", "4", "--draft", "d"],
    ] {
        let out = bin().args(args).args(["--db", db]).env("PUZZLEBOOK_EDITOR", "alice").output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(&format!("no catalog at {db}")), "{args:?}: {err}");
        assert!(!dir.join("typo").exists(), "{args:?} made a catalog");
    }
}
