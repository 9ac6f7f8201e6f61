//! The SQLite catalog: schema migrations, layouts, batches, puzzles.
//!
//! One `Catalog` per process; WAL mode and a generous busy timeout let
//! several processes generate into one file at once, and every write goes in
//! an IMMEDIATE transaction so lock upgrades never deadlock.

mod batches;
mod books;
mod imports;
mod merge;
mod puzzles;

pub use batches::{Batch, BatchStatus};
pub use books::PendingBook;
pub use books::{BookRow, Candidate};
pub use imports::ReferenceSet;
pub use merge::MergeReport;
pub use puzzles::{NewPuzzle, PuzzleRow, Rekey, StatsRow, StoredGrade};

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The schema, in order; `PRAGMA user_version` = how many are applied.
pub const MIGRATIONS: &[(&str, &str)] = &[
    ("0001_catalog", include_str!("../../migrations/0001_catalog.sql")),
    ("0002_validation", include_str!("../../migrations/0002_validation.sql")),
    ("0003_books", include_str!("../../migrations/0003_books.sql")),
    ("0004_grade", include_str!("../../migrations/0004_grade.sql")),
    ("0005_family", include_str!("../../migrations/0005_family.sql")),
    ("0006_rekey", include_str!("../../migrations/0006_rekey.sql")),
    ("0007_one_level", include_str!("../../migrations/0007_one_level.sql")),
    ("0008_lease", include_str!("../../migrations/0008_lease.sql")),
    ("0009_source", include_str!("../../migrations/0009_source.sql")),
    ("0010_references", include_str!("../../migrations/0010_references.sql")),
    ("0011_controls", include_str!("../../migrations/0011_controls.sql")),
    ("0012_pending_books", include_str!("../../migrations/0012_pending_books.sql")),
    ("0013_minimal", include_str!("../../migrations/0013_minimal.sql")),
];

pub const DEFAULT_DB: &str = "output/puzzles.db";

/// Recorded with every puzzle, so a catalog says which code made each row.
pub const GENERATOR_VERSION: &str = concat!("puzzlebook ", env!("CARGO_PKG_VERSION"));

pub struct Catalog {
    pub(crate) conn: Connection,
    pub path: PathBuf,
}

impl Catalog {
    /// Opens (creating it and its folder if needed) and upgrades in place.
    pub fn open(path: &Path) -> Result<Catalog> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        Catalog::open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE)
    }

    /// Opens a catalog that must already exist (upgrading it in place), for
    /// the commands that only read: a mistyped `--db` is an error, never a
    /// new empty catalog.
    pub fn open_existing(path: &Path) -> Result<Catalog> {
        if !path.is_file() {
            bail!("{}", missing_catalog(path));
        }
        Catalog::open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
    }

    /// Opens an existing catalog only to read it (`stats`, `show`, `export`,
    /// `books`): read-only, never switching its journal mode, so a catalog
    /// in a folder one may not write (a WAL catalog's `-shm` cannot be made
    /// there) is read as it stands. A catalog that needs upgrading first is
    /// opened as `open_existing` opens it.
    pub fn open_read_only(path: &Path) -> Result<Catalog> {
        if !path.is_file() {
            bail!("{}", missing_catalog(path));
        }
        let read = |flags: OpenFlags, target: &str| -> rusqlite::Result<(Connection, bool)> {
            let conn = Connection::open_with_flags(target, flags)?;
            conn.busy_timeout(LOCK_WAIT)?;
            let version = conn.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))?;
            // Migration 0006's list: re-keying writes, so it needs the writing open.
            let current = version == MIGRATIONS.len() as i64;
            let rekeys = current && conn.query_row("SELECT EXISTS (SELECT 1 FROM rekey)", [], |r| r.get::<_, bool>(0))?;
            Ok((conn, rekeys))
        };
        let plain = path.to_string_lossy().into_owned();
        let opened = read(OpenFlags::SQLITE_OPEN_READ_ONLY, &plain).or_else(|first| {
            // A WAL catalog whose folder cannot hold its shared-memory file:
            // read it as an unchanging file (nothing can write there either).
            read(OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI, &format!("file:{}?immutable=1", uri_path(&plain)))
                .map_err(|_| first)
        });
        let (conn, rekeys) = opened.with_context(|| format!("cannot open catalog {}", path.display()))?;
        let version = schema_version(&conn).with_context(|| format!("catalog {}", path.display()))?;
        if version > MIGRATIONS.len() {
            bail!(
                "catalog {}: the database has schema version {version} but this puzzlebook knows only up to {}: it was made by a newer puzzlebook; upgrade puzzlebook or use another --db",
                path.display(),
                MIGRATIONS.len()
            );
        }
        if version < MIGRATIONS.len() || rekeys {
            drop(conn);
            return Catalog::open_existing(path).with_context(|| {
                format!(
                    "catalog {} is of an older puzzlebook and must be upgraded in place first (in a folder puzzlebook may write)",
                    path.display()
                )
            });
        }
        conn.pragma_update(None, "foreign_keys", "ON").ok();
        Ok(Catalog { conn, path: path.to_path_buf() })
    }

    fn open_with(path: &Path, flags: OpenFlags) -> Result<Catalog> {
        let conn = Connection::open_with_flags(path, flags).with_context(|| format!("cannot open catalog {}", path.display()))?;
        configure(&conn).with_context(|| format!("{}: cannot configure the database", path.display()))?;
        migrate(&conn).with_context(|| format!("catalog {}", path.display()))?;
        Ok(Catalog { conn, path: path.to_path_buf() })
    }

    pub fn schema_version(&self) -> Result<usize> {
        schema_version(&self.conn)
    }

    /// The layout names the catalog holds puzzles of, sorted.
    pub fn puzzle_layouts(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare("SELECT DISTINCT layout_name FROM puzzles ORDER BY layout_name")?;
        let names = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(names)
    }

    /// Runs `f` in an IMMEDIATE transaction: all of it lands or none.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        write_transaction(&self.conn, f).with_context(|| format!("catalog {}", self.path.display()))
    }
}

/// A file path as an SQLite URI's path: `%`, `?` and `#` escaped.
fn uri_path(path: &str) -> String {
    path.replace('%', "%25").replace('?', "%3f").replace('#', "%23")
}

/// The error of a read-only command given a `--db` that does not exist.
pub fn missing_catalog(path: &Path) -> String {
    format!("no catalog at {} (make one with `puzzlebook generate LAYOUT --db {}`)", path.display(), path.display())
}

pub(crate) fn write_transaction<T>(conn: &Connection, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
    conn.execute_batch("BEGIN IMMEDIATE")?;
    match f(conn) {
        Ok(value) => {
            conn.execute_batch("COMMIT")?;
            Ok(value)
        }
        Err(e) => {
            conn.execute_batch("ROLLBACK").ok();
            Err(e)
        }
    }
}

/// How long a command waits for another process's lock on the catalog.
const LOCK_WAIT: Duration = Duration::from_secs(60);

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(LOCK_WAIT)?;
    // Two processes opening one WAL catalog at once (its shared-memory
    // index being set up) can meet SQLITE_BUSY without SQLite's busy
    // handler ever waiting: try again, a little later each time, within
    // the same wait as any other lock.
    let deadline = std::time::Instant::now() + LOCK_WAIT;
    let mut pause = Duration::from_millis(5);
    loop {
        match use_wal(conn) {
            Err(e) if is_busy(&e) && std::time::Instant::now() + pause < deadline => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(200));
            }
            other => break other?,
        }
    }
    // NORMAL in WAL mode: a crash may lose the last commits but never corrupts.
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// WAL journal mode, switched to only where the file is not in it yet (the
/// switch takes an exclusive lock; reading the mode does not).
fn use_wal(conn: &Connection) -> rusqlite::Result<()> {
    let mode: String = conn.pragma_query_value(None, "journal_mode", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0))?;
    }
    Ok(())
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

fn schema_version(conn: &Connection) -> Result<usize> {
    let version = conn.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))?;
    usize::try_from(version).map_err(|_| anyhow::anyhow!("schema version {version} is not one puzzlebook writes; use another --db"))
}

/// Applies each migration after the database's version in its own
/// transaction, setting `user_version` inside it.
pub(crate) fn migrate(conn: &Connection) -> Result<()> {
    let version = schema_version(conn)?;
    if version > MIGRATIONS.len() {
        bail!(
            "the database has schema version {version} but this puzzlebook knows only up to {}: it was made by a newer puzzlebook; upgrade puzzlebook or use another --db",
            MIGRATIONS.len()
        );
    }
    for (i, (name, sql)) in MIGRATIONS.iter().enumerate().skip(version) {
        // IMMEDIATE takes the write lock first: two processes opening a new
        // file at once cannot both apply the same migration.
        write_transaction(conn, |conn| {
            if schema_version(conn)? > i {
                return Ok(()); // another process got there first
            }
            conn.execute_batch(sql).with_context(|| format!("migration {name} failed"))?;
            conn.pragma_update(None, "user_version", (i + 1) as i64)?;
            Ok(())
        })?;
    }
    Ok(())
}

/// FNV-1a, 64 bit, as hex: a stable fingerprint of a layout file or of a
/// checked row (change detection, not security).
pub fn fingerprint(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests;
