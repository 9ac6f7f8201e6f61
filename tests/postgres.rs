//! The catalog on PostgreSQL as a user drives it: the commands with a
//! `postgres://` URL, connection errors, TLS, and two books made at once.
//! Each test makes a database of its own on the server `PUZZLEBOOK_TEST_PG`
//! names (skipped with a note when none is set; required when CI is set).

mod common;

use common::{ok, pg_admin, pg_tcp_port, run};
use puzzlebook::store::scratch::Scratch;
use puzzlebook::store::{Catalog, DbTarget};
use std::process::{Command, Stdio};

/// A role with a password, owning a fresh database; (URL without password, password).
fn editor(admin: &mut postgres::Client, db: &Scratch, port: u16) -> (String, String) {
    let role = format!("pb_editor_{}", std::process::id());
    let password = format!("pw-{}-secret", std::process::id());
    admin.batch_execute(&format!("DO $$ BEGIN CREATE ROLE {role} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$")).unwrap();
    admin.batch_execute(&format!("ALTER ROLE {role} PASSWORD '{password}'")).unwrap();
    let name = db.url().unwrap().database().unwrap();
    admin.batch_execute(&format!("ALTER DATABASE {name} OWNER TO {role}")).unwrap();
    (format!("postgres://{role}@127.0.0.1:{port}/{name}"), password)
}

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

#[test]
fn a_catalog_on_postgres_generates_validates_counts_and_prints() {
    let Some(db) = Scratch::postgres("walkthrough") else { return };
    let url = db.url().unwrap().to_string();
    let dir = common::workdir("postgres", "walkthrough");
    ok(&["generate", "classic-9", "--count", "24", "--seed", "5", "--db", &url]);
    let again = run(&["generate", "classic-9", "--count", "24", "--seed", "5", "--db", &url]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    let validated = ok(&["validate", "--db", &url]);
    assert!(validated.contains("48 ok") || validated.contains("ok"), "{validated}");
    let stats = ok(&["stats", "--db", &url]);
    assert!(stats.lines().last().unwrap().split_whitespace().nth(1) == Some("48"), "{stats}");
    // PUZZLEBOOK_DB stands for --db.
    let pdf = dir.join("team.pdf");
    let out = bin()
        .args(["book", "Team", "--layout", "classic-9", "--count", "8", "--out", pdf.to_str().unwrap()])
        .env("PUZZLEBOOK_DB", &url)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let books = ok(&["books", "--db", &url]);
    assert!(books.contains("Team"), "{books}");
    let again = dir.join("again.pdf");
    ok(&["reprint", "1", "--db", &url, "--out", again.to_str().unwrap()]);
    assert_eq!(std::fs::read(&pdf).unwrap(), std::fs::read(&again).unwrap(), "a reprint is byte-identical");
}

#[test]
fn a_url_with_a_wrong_password_host_or_database_gives_one_line_without_the_password() {
    let Some(mut admin) = pg_admin() else { return };
    let Some(port) = pg_tcp_port(&mut admin, "password and TLS tests") else { return };
    let db = Scratch::postgres("bad-urls").unwrap();
    let (url, password) = editor(&mut admin, &db, port);
    let with_password = |url: &str, pw: &str| url.replacen("@", &format!(":{pw}@"), 1);
    let cases = [
        (with_password(&url, "not-the-password"), "password authentication failed"),
        (with_password(&url.replace(&format!(":{port}/"), ":1/"), &password), "Connection refused"),
        (with_password(&format!("{}_missing", url), &password), "does not exist"),
    ];
    for (bad, expected) in cases {
        let out = run(&["stats", "--db", &bad]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(expected) && err.contains("cannot open catalog postgres://"), "{err}");
        assert!(!err.contains(&password) && !err.contains("not-the-password"), "{err}");
    }
    // The password from PGPASSWORD works, and is not printed either.
    let out = bin().args(["generate", "classic-4", "--count", "2", "--db", &url]).env("PGPASSWORD", &password).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
    assert!(text.contains(&url) && !text.contains(&password), "{text}");
}

#[test]
fn sslmode_require_talks_tls_to_a_server_with_a_self_signed_certificate() {
    let Some(mut admin) = pg_admin() else { return };
    let Some(port) = pg_tcp_port(&mut admin, "password and TLS tests") else { return };
    let ssl: String = admin.query_one("SHOW ssl", &[]).unwrap().get(0);
    if ssl != "on" {
        assert!(std::env::var_os("CI").is_none(), "CI: the test server must have ssl = on");
        eprintln!("note: the test server has ssl off: TLS test skipped");
        return;
    }
    let db = Scratch::postgres("tls").unwrap();
    let (url, password) = editor(&mut admin, &db, port);
    let url = format!("{url}?sslmode=require");
    let out = bin().args(["generate", "classic-4", "--count", "2", "--db", &url]).env("PGPASSWORD", &password).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The same URL without TLS is refused: the URL really asks for TLS.
    let mut config: postgres::Config = url.parse().unwrap();
    config.password(&password);
    assert!(config.connect(postgres::NoTls).is_err());
}

/// Two `book` runs at once on one PostgreSQL catalog never share a puzzle:
/// curation and the book's record are one transaction under the catalog's
/// write lock.
#[test]
fn two_books_made_at_once_share_no_puzzle() {
    let Some(db) = Scratch::postgres("two-books") else { return };
    let url = db.url().unwrap().to_string();
    let dir = common::workdir("postgres", "two-books");
    for level in ["easy", "medium", "hard", "expert"] {
        ok(&["generate", "classic-9", "--count", "12", "--difficulty", level, "--seed", "3", "--db", &url]);
    }
    ok(&["validate", "--db", &url]);
    for round in 0..2 {
        let books: Vec<_> = (0..2)
            .map(|i| {
                let out = dir.join(format!("book-{round}-{i}.pdf"));
                bin()
                    .args(["book", &format!("B{round}{i}"), "--layout", "classic-9", "--count", "12", "--db", &url])
                    .args(["--out", out.to_str().unwrap()])
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in books {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        }
    }
    let catalog = Catalog::open_existing(DbTarget::Postgres(db.url().unwrap().clone())).unwrap();
    let books = catalog.books().unwrap();
    assert_eq!(books.len(), 4);
    let mut seen = std::collections::HashSet::new();
    for book in &books {
        assert_eq!(book.puzzles.len(), 12);
        for p in &book.puzzles {
            assert!(seen.insert(*p), "puzzle {p} is in two books");
        }
    }
}
