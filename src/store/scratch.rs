//! Throwaway catalogs for tests, on every backend the machine offers: a
//! SQLite file always; a PostgreSQL database (made for the test, dropped
//! after) when `PUZZLEBOOK_TEST_PG` names a server, e.g.
//! `postgres://postgres@%2Ftmp%2Fpg/postgres` (a socket folder, percent-
//! encoded) or `postgres://user@127.0.0.1:5432/postgres`.
//!
//! With `CI` set the PostgreSQL half insists: no server is a failure, not a
//! skip. Without it and without a server, the test runs on SQLite alone and
//! says so once on stderr.

use super::{DbTarget, PgUrl};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The variable naming the test server.
pub const TEST_PG: &str = "PUZZLEBOOK_TEST_PG";

/// A catalog place that is removed when dropped.
pub struct Scratch {
    pub target: DbTarget,
    /// For PostgreSQL: the server's maintenance URL and the database's name.
    drop_from: Option<(PgUrl, String)>,
    dir: Option<PathBuf>,
}

impl Scratch {
    /// A fresh SQLite file named after `name`.
    pub fn sqlite(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("puzzlebook-scratch-{}-{}-{name}", std::process::id(), unique()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Scratch { target: DbTarget::Sqlite(dir.join("catalog.db")), drop_from: None, dir: Some(dir) }
    }

    /// A fresh, empty PostgreSQL database on the test server, if there is
    /// one (panics under CI when there is none, or it cannot be used).
    pub fn postgres(name: &str) -> Option<Scratch> {
        let admin = test_server()?;
        let db = format!("pb_{}_{}_{}", std::process::id(), unique(), sanitize(name));
        let db: String = db.chars().take(63).collect();
        let result = (|| -> anyhow::Result<()> {
            let conn = super::db::Conn::connect(&admin)?;
            conn.batch(&format!("CREATE DATABASE {db} TEMPLATE template0 ENCODING 'UTF8'"))?;
            Ok(())
        })();
        if let Err(e) = result {
            panic!("{TEST_PG}={admin}: cannot create a test database: {e:#}");
        }
        Some(Scratch { target: DbTarget::Postgres(admin.with_database(&db)), drop_from: Some((admin, db)), dir: None })
    }

    /// What `--db` takes for it: the file's path or the URL.
    pub fn arg(&self) -> String {
        match &self.target {
            DbTarget::Sqlite(path) => path.display().to_string(),
            DbTarget::Postgres(url) => url.url().to_string(),
        }
    }

    pub fn is_postgres(&self) -> bool {
        self.target.is_postgres()
    }

    /// A plain connection to it (no migration), for a test's own statements
    /// (written once for both, as the catalog's are: `$1`, `@unix`).
    pub fn connect(&self) -> anyhow::Result<super::db::Conn> {
        match &self.target {
            DbTarget::Sqlite(path) => Ok(super::db::Conn::Sqlite(rusqlite::Connection::open(path)?)),
            DbTarget::Postgres(url) => super::db::Conn::connect(url),
        }
    }

    /// The integer a statement gives (a count, an id), 0 when the catalog
    /// is not there yet.
    pub fn count(&self, sql: &str) -> i64 {
        self.connect().and_then(|c| c.query_one(sql, &[])?.get::<Option<i64>>(0)).ok().flatten().unwrap_or(0)
    }

    /// Runs a statement; panics when it fails.
    pub fn execute(&self, sql: &str) {
        let conn = self.connect().unwrap_or_else(|e| panic!("{}: {e:#}", self.target));
        conn.execute(sql, &[]).unwrap_or_else(|e| panic!("{}: {sql}: {e:#}", self.target));
    }

    /// The URL of this scratch database (PostgreSQL only).
    pub fn url(&self) -> Option<&PgUrl> {
        match &self.target {
            DbTarget::Postgres(url) => Some(url),
            DbTarget::Sqlite(_) => None,
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some((admin, db)) = &self.drop_from
            && let Ok(conn) = super::db::Conn::connect(admin)
        {
            let _ = conn.batch(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"));
        }
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The scratch places a contract test runs on: SQLite, then PostgreSQL
/// when a test server is configured.
pub fn every_backend(name: &str) -> Vec<Scratch> {
    let mut all = vec![Scratch::sqlite(name)];
    all.extend(Scratch::postgres(name));
    all
}

/// The test server's URL; None (with a note, once) when none is set and
/// CI is not; a panic when CI is set and there is none.
pub fn test_server() -> Option<PgUrl> {
    match std::env::var(TEST_PG).ok().filter(|v| !v.is_empty()) {
        Some(url) => Some(PgUrl::parse(&url).unwrap_or_else(|e| panic!("{TEST_PG}: {e:#}"))),
        None => {
            if ci() {
                panic!("CI is set but {TEST_PG} is not: the PostgreSQL tests need a server (.ci/run starts one)");
            }
            static NOTED: std::sync::Once = std::sync::Once::new();
            // Straight to stderr: the test harness captures `eprintln!` of
            // passing tests, and this note is for whoever runs them.
            NOTED.call_once(|| {
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "note: {TEST_PG} is not set: the PostgreSQL half of the catalog tests is skipped");
            });
            None
        }
    }
}

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

fn unique() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn sanitize(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect()
}
