//! The catalog: schema migrations, layouts, batches, puzzles; on SQLite
//! (a file, the default) or PostgreSQL (a `postgres://` URL), through one
//! set of statements (see `db`).
//!
//! One `Catalog` per process. On SQLite, WAL mode and a generous busy
//! timeout let several processes generate into one file at once, and every
//! write goes in an IMMEDIATE transaction so lock upgrades never deadlock.
//! On PostgreSQL every write transaction holds one advisory lock: writers
//! take turns exactly as on SQLite.

/// One migration: its name and both dialects' text.
macro_rules! migration {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../migrations/", $name, ".sql")),
            include_str!(concat!("../../migrations/postgres/", $name, ".sql")),
        )
    };
}

mod batches;
mod books;
pub mod browse;
pub mod copy;
mod credits;
pub mod db;
mod drafts;
mod imports;
mod merge;
mod puzzles;
mod rebuild;
pub mod scratch;
mod users;

pub use batches::{Batch, BatchState, BatchStatus, BatchSummary, Claim, Committed, Stop, shown_status, stopped_refusal};
pub use books::PendingBook;
pub use books::{BookRow, Candidate, CandidateFilter, SourceFilter};
pub use credits::Credited;
pub use db::{DbTarget, PgUrl};
pub use drafts::{DEFAULT_DRAFT_SECONDS, Draft, DraftError, EDITOR_VAR, Pick, ReserveRequest, Reserved, editor_name, span_text};
pub use imports::ReferenceSet;
pub use merge::MergeReport;
pub use puzzles::{NewPuzzle, PuzzleRow, Rekey, StatsRow, StoredGrade};
pub use users::{Role, User, new_token, token_hash};

use anyhow::{Context, Result, bail};
use db::{Conn, Dialect, vals};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

/// The schema, in order: name, SQLite text, PostgreSQL text. SQLite keeps
/// how many are applied in `PRAGMA user_version`, PostgreSQL in the table
/// `puzzlebook_schema`. The two sets are kept in step by a test that
/// compares the schemas they make.
pub const MIGRATIONS: &[(&str, &str, &str)] = &[
    migration!("0001_catalog"),
    migration!("0002_validation"),
    migration!("0003_books"),
    migration!("0004_grade"),
    migration!("0005_family"),
    migration!("0006_rekey"),
    migration!("0007_one_level"),
    migration!("0008_lease"),
    migration!("0009_source"),
    migration!("0010_references"),
    migration!("0011_controls"),
    migration!("0012_pending_books"),
    migration!("0013_minimal"),
    migration!("0014_ranges"),
    migration!("0015_editors"),
    migration!("0016_scale"),
    migration!("0017_users"),
    migration!("0018_studio_drafts"),
    migration!("0019_batch_people"),
    migration!("0020_browse"),
    migration!("0021_unchecked"),
    migration!("0022_key"),
    migration!("0023_credits"),
    migration!("0024_family_data"),
];

pub const DEFAULT_DB: &str = "output/puzzles.db";

pub use crate::record::GENERATOR_VERSION;

pub struct Catalog {
    pub(crate) conn: Conn,
    /// Where it lives (shown without a password).
    pub target: DbTarget,
}

impl Catalog {
    /// Opens (creating it and its folder if needed) and upgrades in place. A
    /// PostgreSQL database must exist (an empty one gets the schema).
    pub fn open(target: impl Into<DbTarget>) -> Result<Catalog> {
        let target = target.into();
        match &target {
            DbTarget::Sqlite(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
                }
                Catalog::open_sqlite(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE)
            }
            DbTarget::Postgres(url) => {
                let conn = Conn::connect(url)?;
                migrate(&conn).with_context(|| format!("catalog {url}"))?;
                Catalog { conn, target }.audited()
            }
        }
    }

    /// Opens a catalog that must already exist (upgrading it in place), for
    /// the commands that only read: a mistyped `--db` is an error, never a
    /// new empty catalog.
    pub fn open_existing(target: impl Into<DbTarget>) -> Result<Catalog> {
        let target = target.into();
        match &target {
            DbTarget::Sqlite(path) => {
                if !path.is_file() {
                    bail!("{}", missing_catalog(&target));
                }
                Catalog::open_sqlite(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
            }
            DbTarget::Postgres(url) => {
                let conn = Conn::connect(url)?;
                let made: i64 = conn
                    .query_one(
                        "SELECT count(*) FROM pg_tables WHERE tablename = 'puzzlebook_schema' AND schemaname = current_schema()",
                        &[],
                    )?
                    .get(0)?;
                if made == 0 {
                    bail!("{}", missing_catalog(&target));
                }
                migrate(&conn).with_context(|| format!("catalog {url}"))?;
                Catalog { conn, target }.audited()
            }
        }
    }

    /// Opens an existing catalog only to read it (`stats`, `show`, `export`,
    /// `books`): read-only, never switching its journal mode, so a catalog
    /// in a folder one may not write (a WAL catalog's `-shm` cannot be made
    /// there) is read as it stands. A catalog that needs upgrading first is
    /// opened as `open_existing` opens it. (On PostgreSQL: `open_existing`.)
    pub fn open_read_only(target: impl Into<DbTarget>) -> Result<Catalog> {
        let target = target.into();
        let path = match &target {
            DbTarget::Postgres(_) => return Catalog::open_existing(target),
            DbTarget::Sqlite(path) => path.clone(),
        };
        if !path.is_file() {
            bail!("{}", missing_catalog(&target));
        }
        let read = |flags: OpenFlags, target: &str| -> rusqlite::Result<(Connection, bool)> {
            let conn = Connection::open_with_flags(target, flags)?;
            conn.busy_timeout(LOCK_WAIT)?;
            let version = conn.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))?;
            // Migration 0006's list: re-keying writes, so it needs the writing open.
            let current = version == MIGRATIONS.len() as i64;
            // So does migration 0016's audit of the verdicts recorded before it.
            let rekeys = current
                && conn.query_row("SELECT EXISTS (SELECT 1 FROM rekey) OR EXISTS (SELECT 1 FROM verdict_audit)", [], |r| {
                    r.get::<_, bool>(0)
                })?;
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
        conn.pragma_update(None, "foreign_keys", "ON").ok();
        conn.set_prepared_statement_cache_capacity(64);
        let conn = Conn::Sqlite(conn);
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
            return Catalog::open_existing(&path).with_context(|| {
                format!(
                    "catalog {} is of an older puzzlebook and must be upgraded in place first (in a folder puzzlebook may write)",
                    path.display()
                )
            });
        }
        Ok(Catalog { conn, target })
    }

    fn open_sqlite(path: &Path, flags: OpenFlags) -> Result<Catalog> {
        let conn = Connection::open_with_flags(path, flags).with_context(|| format!("cannot open catalog {}", path.display()))?;
        configure(&conn).with_context(|| format!("{}: cannot configure the database", path.display()))?;
        let conn = Conn::Sqlite(conn);
        migrate(&conn).with_context(|| format!("catalog {}", path.display()))?;
        let catalog = Catalog { conn, target: DbTarget::Sqlite(path.to_path_buf()) };
        // Rows written by hand without their dedupe key get it now (an
        // index probe when there are none).
        if catalog.conn.query_opt("SELECT 1 FROM puzzles WHERE key IS NULL LIMIT 1", &[])?.is_some() {
            catalog.write(puzzles::fill_missing_keys)?;
        }
        catalog.audited()
    }

    /// Finishes migration 0016 where it is pending: verdict hashes recorded
    /// before it that no longer match their rows are cleared.
    fn audited(self) -> Result<Catalog> {
        self.audit_verdicts().with_context(|| format!("catalog {}: checking the recorded verdicts", self.target))?;
        Ok(self)
    }

    pub fn schema_version(&self) -> Result<usize> {
        schema_version(&self.conn)
    }

    /// The layout names the catalog holds puzzles of, sorted.
    pub fn puzzle_layouts(&self) -> Result<Vec<String>> {
        self.conn.query("SELECT DISTINCT layout_name FROM puzzles ORDER BY layout_name", &[])?.iter().map(|r| r.get(0)).collect()
    }

    /// Runs `f` in a write transaction: all of it lands or none. SQLite:
    /// IMMEDIATE. PostgreSQL: under the catalog's write lock, so writers
    /// take turns as on SQLite.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&Conn) -> Result<T>) -> Result<T> {
        write_transaction(&self.conn, f).with_context(|| format!("catalog {}", self.target))
    }
}

/// A file path as an SQLite URI's path: `%`, `?` and `#` escaped.
fn uri_path(path: &str) -> String {
    path.replace('%', "%25").replace('?', "%3f").replace('#', "%23")
}

/// The error of a read-only command given a `--db` that does not exist.
pub fn missing_catalog(target: &DbTarget) -> String {
    match target {
        DbTarget::Sqlite(_) => format!("no catalog at {target} (make one with `puzzlebook generate LAYOUT --db {target}`)"),
        DbTarget::Postgres(_) => {
            format!(
                "no catalog in {target}: the database holds no puzzlebook schema yet (make one with `puzzlebook generate LAYOUT --db {target}`)"
            )
        }
    }
}

pub(crate) fn write_transaction<T>(conn: &Conn, f: impl FnOnce(&Conn) -> Result<T>) -> Result<T> {
    conn.begin_write()?;
    let result = f(conn);
    end_transaction(conn, result)
}

/// Commits an open transaction whose work succeeded, else rolls it back.
pub(crate) fn end_transaction<T>(conn: &Conn, result: Result<T>) -> Result<T> {
    match result {
        Ok(value) => {
            conn.batch("COMMIT")?;
            Ok(value)
        }
        Err(e) => {
            conn.batch("ROLLBACK").ok();
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
    // A chunk's commit dirties a page of the key index for nearly every
    // puzzle (the keys are random): a cache that holds them all writes each
    // once at commit instead of spilling it to the WAL early and again
    // later, and a longer WAL between checkpoints (256 MiB: a few of
    // generate's minute-long commits at a million puzzles) lets a page
    // changed by several commits reach the file once (see
    // docs/catalog-scale.md, "Bytes written while generating").
    conn.pragma_update(None, "cache_size", -65536)?;
    conn.pragma_update(None, "wal_autocheckpoint", 65536)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Every statement is cached: the catalog's statements, not one-offs.
    conn.set_prepared_statement_cache_capacity(64);
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

fn schema_version(conn: &Conn) -> Result<usize> {
    let version = match conn {
        Conn::Sqlite(c) => c.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))?,
        Conn::Postgres(_) => conn.query_opt("SELECT version FROM puzzlebook_schema", &[])?.map_or(Ok(0), |r| r.get(0))?,
    };
    usize::try_from(version).map_err(|_| anyhow::anyhow!("schema version {version} is not one puzzlebook writes; use another --db"))
}

fn set_schema_version(conn: &Conn, version: usize) -> Result<()> {
    match conn {
        Conn::Sqlite(c) => c.pragma_update(None, "user_version", version as i64)?,
        Conn::Postgres(_) => {
            conn.execute("UPDATE puzzlebook_schema SET version = $1", vals![version])?;
        }
    }
    Ok(())
}

/// Runs `f` in a migration transaction: IMMEDIATE on SQLite; on PostgreSQL
/// under the migration lock, so two processes starting at once migrate once.
fn migration_transaction<T>(conn: &Conn, f: impl FnOnce(&Conn) -> Result<T>) -> Result<T> {
    match conn.dialect() {
        Dialect::Sqlite => write_transaction(conn, f),
        Dialect::Postgres => {
            conn.batch("BEGIN")?;
            let result = conn.query("SELECT pg_advisory_xact_lock($1)", vals![db::MIGRATE_LOCK]).and_then(|_| f(conn));
            end_transaction(conn, result)
        }
    }
}

/// Applies each migration after the database's version in its own
/// transaction, recording the new version inside it.
pub(crate) fn migrate(conn: &Conn) -> Result<()> {
    migrate_to(conn, MIGRATIONS.len())
}

/// [`migrate`] up to schema version `upto` (tests build older catalogs so).
pub(crate) fn migrate_to(conn: &Conn, upto: usize) -> Result<()> {
    if conn.dialect() == Dialect::Postgres {
        // The version's own table, made once (under the lock: two processes
        // on a new database would otherwise both create it).
        migration_transaction(conn, |conn| {
            conn.batch(
                "CREATE TABLE IF NOT EXISTS puzzlebook_schema (version BIGINT NOT NULL);
                 INSERT INTO puzzlebook_schema (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM puzzlebook_schema);",
            )
        })?;
    }
    let version = schema_version(conn)?;
    if version > MIGRATIONS.len() {
        bail!(
            "the database has schema version {version} but this puzzlebook knows only up to {}: it was made by a newer puzzlebook; upgrade puzzlebook or use another --db",
            MIGRATIONS.len()
        );
    }
    for (i, (name, sqlite, postgres)) in MIGRATIONS.iter().enumerate().take(upto).skip(version) {
        // SQLite rebuilds `puzzles` for 0022 (see `rebuild::puzzles_keyed`),
        // with its foreign keys off (settable only outside a transaction).
        // So does 0024 for `layouts` (see `rebuild::layouts_without_family_check`).
        let rebuild = conn.dialect() == Dialect::Sqlite && matches!(*name, "0022_key" | "0024_family_data");
        if rebuild {
            conn.batch("PRAGMA foreign_keys = OFF")?;
        }
        // The write lock first: two processes opening a new catalog at once
        // cannot both apply the same migration.
        let applied = migration_transaction(conn, |conn| {
            if schema_version(conn)? > i {
                return Ok(()); // another process got there first
            }
            if rebuild && *name == "0022_key" {
                rebuild::puzzles_keyed(conn).with_context(|| format!("migration {name} failed"))?;
            }
            if rebuild && *name == "0024_family_data" {
                rebuild::layouts_without_family_check(conn).with_context(|| format!("migration {name} failed"))?;
            }
            let sql = match conn.dialect() {
                Dialect::Sqlite => sqlite,
                Dialect::Postgres => postgres,
            };
            conn.batch(sql).with_context(|| format!("migration {name} failed"))?;
            set_schema_version(conn, i + 1)
        });
        if rebuild {
            conn.batch("PRAGMA foreign_keys = ON")?;
        }
        applied?;
    }
    Ok(())
}

/// A puzzle's dedupe key: the first 16 bytes of SHA-256 of its layout's
/// name, a newline and its canonical key. The program stores it with each
/// puzzle (column `key`, unique: migration 0022); PostgreSQL's
/// `puzzle_key(layout_name, canonical)` computes the same bytes for rows
/// written by hand.
pub fn puzzle_key(layout_name: &str, canonical: &str) -> [u8; 16] {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(layout_name.as_bytes());
    hash.update(b"\n");
    hash.update(canonical.as_bytes());
    let mut key = [0u8; 16];
    key.copy_from_slice(&hash.finalize()[..16]);
    key
}

/// Gives a SQLite connection `puzzle_key(layout_name, canonical)`, for
/// migration 0022's rebuild only (it fills the new `key` column): no index,
/// trigger or statement of the catalog needs it, so the `sqlite3` shell
/// reads and writes a catalog.
pub(crate) fn add_key_function(conn: &Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    conn.create_scalar_function(
        "puzzle_key",
        2,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC | FunctionFlags::SQLITE_INNOCUOUS,
        |ctx| {
            let layout = ctx.get_raw(0).as_str().map_err(|e| rusqlite::Error::UserFunctionError(e.into()))?;
            let canonical = ctx.get_raw(1).as_str().map_err(|e| rusqlite::Error::UserFunctionError(e.into()))?;
            Ok(puzzle_key(layout, canonical).to_vec())
        },
    )
}

pub use crate::record::fingerprint;

#[cfg(test)]
mod tests;
