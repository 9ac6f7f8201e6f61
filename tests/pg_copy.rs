//! `copy` as a user drives it: a SQLite catalog with a batch and two books
//! copied to PostgreSQL and back, every book reprinted byte for byte from
//! each copy; a target with rows refused unless `--replace`; no password
//! in any output. The PostgreSQL halves run on the server
//! `PUZZLEBOOK_TEST_PG` names (skipped with a note when none is set;
//! required when CI is set).

mod common;

use common::{ok, pg_admin, pg_tcp_port, run};
use puzzlebook::store::scratch::Scratch;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A SQLite catalog made with the binary: one batch of classic-9, validated,
/// two books. The books' ids and their first printings.
fn catalog_with_two_books(dir: &Path) -> (PathBuf, Vec<(String, PathBuf)>) {
    let db = dir.join("studio.db");
    let db_arg = db.to_str().unwrap();
    ok(&["generate", "classic-9", "--count", "90", "--seed", "27", "--db", db_arg]);
    ok(&["validate", "--db", db_arg]);
    let mut books = Vec::new();
    for (id, title) in [("1", "Morning"), ("2", "Evening")] {
        let pdf = dir.join(format!("{title}.pdf"));
        ok(&["book", title, "--layout", "classic-9", "--count", "6", "--db", db_arg, "--out", pdf.to_str().unwrap()]);
        books.push((id.to_string(), pdf));
    }
    let listed = ok(&["books", "--db", db_arg]);
    assert!(listed.contains("book 1 \"Morning\"") && listed.contains("book 2 \"Evening\""), "{listed}");
    (db, books)
}

/// Reprints every book from `db` and insists each is the first printing, byte for byte.
fn every_book_reprints_identically(db: &str, books: &[(String, PathBuf)], dir: &Path, tag: &str) {
    for (id, first) in books {
        let again = dir.join(format!("{tag}-{id}.pdf"));
        let out = ok(&["reprint", id, "--db", db, "--out", again.to_str().unwrap()]);
        assert!(out.contains("identical to the first printing"), "{out}");
        let (a, b) = (std::fs::read(first).unwrap(), std::fs::read(&again).unwrap());
        assert!(a == b, "book {id} reprinted from {tag} differs from its first printing ({} vs {} bytes)", a.len(), b.len());
    }
}

fn table_rows(out: &str, table: &str) -> u64 {
    out.lines()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some(table)).then(|| words.next().unwrap().parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no line for {table} in {out}"))
}

#[test]
fn a_sqlite_catalog_copied_to_another_file_reprints_every_book_byte_identical() {
    let dir = common::workdir("pg_copy", "file-to-file");
    let (db, books) = catalog_with_two_books(&dir);
    let copy = dir.join("copy").join("studio.db");
    let out = ok(&["copy", "--from", db.to_str().unwrap(), "--to", copy.to_str().unwrap()]);
    assert_eq!(table_rows(&out, "books"), 2, "{out}");
    assert_eq!(table_rows(&out, "book_puzzles"), 12, "{out}");
    assert_eq!(table_rows(&out, "puzzles"), 90, "{out}");
    every_book_reprints_identically(copy.to_str().unwrap(), &books, &dir, "file");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sqlite_catalog_with_books_copied_to_postgres_and_back_reprints_every_book_byte_identical() {
    let Some(pg) = Scratch::postgres("copy-there") else { return };
    let url = pg.url().unwrap().url().to_string();
    let dir = common::workdir("pg_copy", "round-trip");
    let (db, books) = catalog_with_two_books(&dir);
    let db = db.to_str().unwrap();

    let there = ok(&["copy", "--from", db, "--to", &url]);
    assert!(there.contains("copied") && there.contains("one transaction"), "{there}");
    assert_eq!(table_rows(&there, "puzzles"), 90, "{there}");
    assert_eq!(table_rows(&there, "books"), 2, "{there}");
    every_book_reprints_identically(&url, &books, &dir, "postgres");

    // Onto a catalog that is not empty: refused, naming the flag, nothing changed.
    let refused = run(&["copy", "--from", db, "--to", &url]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(err.contains("is not empty") && err.contains("--replace") && err.contains("books 2"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    // With --replace it is replaced (one more puzzle in the source first).
    ok(&["generate", "classic-9", "--count", "1", "--seed", "99", "--db", db]);
    let replaced = ok(&["copy", "--from", db, "--to", &url, "--replace"]);
    assert_eq!(table_rows(&replaced, "puzzles"), 91, "{replaced}");
    let stats = ok(&["stats", "--db", &url]);
    assert!(stats.lines().last().unwrap().split_whitespace().nth(1) == Some("91"), "{stats}");

    // And back to a new SQLite file: the same books again.
    let back = dir.join("back.db");
    let out = ok(&["copy", "--from", &url, "--to", back.to_str().unwrap()]);
    assert_eq!(table_rows(&out, "puzzles"), 91, "{out}");
    every_book_reprints_identically(back.to_str().unwrap(), &books, &dir, "back");
    // A book made in the copy after the copy takes the next id, on both.
    for target in [url.as_str(), back.to_str().unwrap()] {
        let pdf = dir.join("third.pdf");
        let made = ok(&["book", "Night", "--layout", "classic-9", "--count", "6", "--db", target, "--out", pdf.to_str().unwrap()]);
        assert!(made.contains("book 3 \"Night\""), "{made}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn copy_never_prints_a_password() {
    let Some(mut admin) = pg_admin() else { return };
    let Some(port) = pg_tcp_port(&mut admin, "password tests") else { return };
    let db = Scratch::postgres("copy-password").unwrap();
    let role = format!("pb_copier_{}", std::process::id());
    let password = format!("cp-{}-secret", std::process::id());
    admin.batch_execute(&format!("DO $$ BEGIN CREATE ROLE {role} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$")).unwrap();
    admin.batch_execute(&format!("ALTER ROLE {role} PASSWORD '{password}'")).unwrap();
    let name = db.url().unwrap().database().unwrap();
    admin.batch_execute(&format!("ALTER DATABASE {name} OWNER TO {role}")).unwrap();
    let plain = format!("postgres://{role}@127.0.0.1:{port}/{name}");
    let with_password = format!("postgres://{role}:{password}@127.0.0.1:{port}/{name}");

    let dir = common::workdir("pg_copy", "password");
    let source = dir.join("small.db");
    ok(&["generate", "classic-4", "--count", "3", "--seed", "1", "--db", source.to_str().unwrap()]);
    let output = |args: &[&str], pgpassword: Option<&str>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
        cmd.current_dir(env!("CARGO_MANIFEST_DIR")).args(args).env_remove("PGPASSWORD");
        if let Some(pw) = pgpassword {
            cmd.env("PGPASSWORD", pw);
        }
        let out = cmd.output().unwrap();
        (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
    };
    let (back, no, wrong) = (dir.join("back.db"), dir.join("no.db"), with_password.replace(&password, "wrong-secret"));
    let as_admin = db.url().unwrap().url().to_string();
    let cases: [(&[&str], Option<&str>, bool, &str); 6] = [
        // The password in the URL: a copy there, then a refusal.
        (&["copy", "--from", source.to_str().unwrap(), "--to", &with_password], None, true, "copied"),
        (&["copy", "--from", source.to_str().unwrap(), "--to", &with_password], None, false, "--replace"),
        // From PGPASSWORD: a copy back, and a wrong one.
        (&["copy", "--from", &plain, "--to", back.to_str().unwrap()], Some(&password), true, "copied"),
        (&["copy", "--from", &wrong, "--to", no.to_str().unwrap()], None, false, "password"),
        (&["copy", "--from", source.to_str().unwrap(), "--to", &plain, "--replace"], Some(&password), true, "copied"),
        // The same database under another role's URL (the target's role may
        // not see the source's session in full): refused, --replace or not.
        (&["copy", "--from", &as_admin, "--to", &with_password, "--replace"], None, false, "are the same database"),
    ];
    for (args, pgpassword, success, expected) in cases {
        let (succeeded, text) = output(args, pgpassword);
        // What a failure shows, without the password either.
        let shown = args.join(" ").replace(&password, "***");
        assert_eq!(succeeded, success, "{shown}: {text}");
        assert!(text.contains(expected) && text.contains(&plain), "{shown}: {text}");
        assert!(!text.contains(&password) && !text.contains("wrong-secret"), "{shown}: {text}");
    }
    assert!(!no.exists(), "a copy from a source it could not open makes no target");
    drop(db);
    admin.batch_execute(&format!("DROP ROLE IF EXISTS {role}")).ok();
    let _ = std::fs::remove_dir_all(&dir);
}
