//! Where a catalog lives (a SQLite file or a PostgreSQL database) and the
//! one connection type the catalog's statements run on.
//!
//! Statements are written once in the dialect both accept, with `$1`
//! placeholders (rewritten to `?1` for SQLite) and three clock markers that
//! each dialect spells its own way: `@now` (UTC, milliseconds), `@now_s`
//! (UTC, seconds) and `@unix` (unix seconds, an integer).

use anyhow::{Result, anyhow, bail};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A catalog's place: a SQLite file, or a `postgres://` URL. Displayed
/// without its password, always.
#[derive(Clone, PartialEq, Eq)]
pub enum DbTarget {
    Sqlite(PathBuf),
    Postgres(PgUrl),
}

/// A `postgres://` (or `postgresql://`) URL. The password, when the URL has
/// one, is kept for connecting but never shown: `Display` and `Debug` leave
/// it out.
#[derive(Clone, PartialEq, Eq)]
pub struct PgUrl {
    url: String,
}

impl PgUrl {
    pub fn parse(text: &str) -> Result<PgUrl> {
        let url = PgUrl { url: text.to_string() };
        // Parse now, so a malformed URL is refused before any work.
        url.config().map_err(|e| anyhow!("{url}: not a PostgreSQL URL puzzlebook can use: {e}"))?;
        Ok(url)
    }

    /// The driver's configuration; the password from the URL, else from
    /// `PGPASSWORD`.
    pub(crate) fn config(&self) -> std::result::Result<postgres::Config, String> {
        let mut config = postgres::Config::from_str(&self.url).map_err(|e| clean(&e.to_string()))?;
        if config.get_password().is_none()
            && let Ok(password) = std::env::var("PGPASSWORD")
        {
            config.password(password);
        }
        if config.get_user().is_none() {
            // As libpq: the operating-system user.
            if let Ok(user) = std::env::var("PGUSER").or_else(|_| std::env::var("USER")) {
                config.user(&user);
            }
        }
        Ok(config)
    }

    /// The same server and credentials, database `name` (a name of letters,
    /// digits and `_`).
    pub fn with_database(&self, name: &str) -> PgUrl {
        let (scheme, rest) = self.url.split_once("://").unwrap_or(("postgres", &self.url));
        let (before_query, query) = match rest.split_once('?') {
            Some((b, q)) => (b, Some(q)),
            None => (rest, None),
        };
        let authority = before_query.split_once('/').map_or(before_query, |(a, _)| a);
        let mut url = format!("{scheme}://{authority}/{name}");
        if let Some(q) = query {
            let kept: Vec<&str> = q.split('&').filter(|p| !p.starts_with("dbname=")).collect();
            if !kept.is_empty() {
                url.push('?');
                url.push_str(&kept.join("&"));
            }
        }
        PgUrl { url }
    }

    /// The URL as given, password and all: for connecting, never for showing.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The database the URL names (`dbname=` or the path), if any.
    pub fn database(&self) -> Option<String> {
        self.config().ok().and_then(|c| c.get_dbname().map(str::to_string))
    }
}

/// The URL without its password (in the user part or as `password=`).
impl fmt::Display for PgUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact(&self.url))
    }
}

impl fmt::Debug for PgUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PgUrl({self})")
    }
}

fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let (before_query, query) = match rest.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (rest, None),
    };
    let (authority, path) = match before_query.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (before_query, None),
    };
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => format!("{}@{host}", user.split_once(':').map_or(user, |(name, _)| name)),
        None => authority.to_string(),
    };
    let mut out = format!("{scheme}://{authority}");
    if let Some(p) = path {
        out.push('/');
        out.push_str(p);
    }
    if let Some(q) = query {
        let kept: Vec<&str> = q.split('&').filter(|p| !p.to_ascii_lowercase().starts_with("password=")).collect();
        if !kept.is_empty() {
            out.push('?');
            out.push_str(&kept.join("&"));
        }
    }
    out
}

/// A driver message made safe to show: never a password.
fn clean(message: &str) -> String {
    message.lines().next().unwrap_or("").to_string()
}

impl DbTarget {
    pub fn is_postgres(&self) -> bool {
        matches!(self, DbTarget::Postgres(_))
    }

    /// The file, for a SQLite catalog.
    pub fn file(&self) -> Option<&Path> {
        match self {
            DbTarget::Sqlite(path) => Some(path),
            DbTarget::Postgres(_) => None,
        }
    }

    /// What messages show (the same as `Display`): lets code written for
    /// paths keep `target.display()`.
    pub fn display(&self) -> &DbTarget {
        self
    }
}

impl FromStr for DbTarget {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<DbTarget> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            // Checked when connecting, where the error shows the URL without
            // its password (an error here would be echoed whole).
            Ok(DbTarget::Postgres(PgUrl { url: text.to_string() }))
        } else if text.is_empty() {
            bail!("--db needs a catalog file or a postgres:// URL")
        } else {
            Ok(DbTarget::Sqlite(PathBuf::from(text)))
        }
    }
}

impl fmt::Display for DbTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbTarget::Sqlite(path) => write!(f, "{}", path.display()),
            DbTarget::Postgres(url) => write!(f, "{url}"),
        }
    }
}

impl fmt::Debug for DbTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DbTarget({self})")
    }
}

impl From<&Path> for DbTarget {
    fn from(path: &Path) -> DbTarget {
        DbTarget::Sqlite(path.to_path_buf())
    }
}

impl From<&PathBuf> for DbTarget {
    fn from(path: &PathBuf) -> DbTarget {
        DbTarget::Sqlite(path.clone())
    }
}

impl From<PathBuf> for DbTarget {
    fn from(path: PathBuf) -> DbTarget {
        DbTarget::Sqlite(path)
    }
}

impl From<&DbTarget> for DbTarget {
    fn from(target: &DbTarget) -> DbTarget {
        target.clone()
    }
}

/// One value bound to or read from a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    /// Bytes (BLOB on SQLite, BYTEA on PostgreSQL).
    Blob(Vec<u8>),
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::Int(v as i64)
            }
        }
    )*};
}
from_int!(i64, i32, u32, usize);

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Int(v as i64)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

impl<T: Clone + Into<Value>> From<&Option<T>> for Value {
    fn from(v: &Option<T>) -> Value {
        v.clone().map_or(Value::Null, Into::into)
    }
}

impl From<[u8; 16]> for Value {
    fn from(v: [u8; 16]) -> Value {
        Value::Blob(v.to_vec())
    }
}

impl From<&i64> for Value {
    fn from(v: &i64) -> Value {
        Value::Int(*v)
    }
}

/// Statement parameters: `vals![a, b]` is `[Value::from(a), Value::from(b)]`.
macro_rules! vals {
    ($($v:expr),* $(,)?) => { &[$($crate::store::db::Value::from($v)),*][..] };
}
pub(crate) use vals;

/// A value read back as a Rust type.
pub trait FromValue: Sized {
    fn from_value(v: &Value) -> Option<Self>;
    const WHAT: &'static str;
}

impl FromValue for i64 {
    fn from_value(v: &Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    const WHAT: &'static str = "an integer";
}

impl FromValue for f64 {
    fn from_value(v: &Value) -> Option<f64> {
        match v {
            Value::Real(r) => Some(*r),
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
    const WHAT: &'static str = "a number";
}

impl FromValue for String {
    fn from_value(v: &Value) -> Option<String> {
        match v {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        }
    }
    const WHAT: &'static str = "text";
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Option<Option<T>> {
        match v {
            Value::Null => Some(None),
            other => T::from_value(other).map(Some),
        }
    }
    const WHAT: &'static str = T::WHAT;
}

/// One result row.
#[derive(Clone, Debug)]
pub struct Row(Vec<Value>);

impl Row {
    pub fn get<T: FromValue>(&self, i: usize) -> Result<T> {
        let v = self.0.get(i).ok_or_else(|| anyhow!("the statement gives no column {i}"))?;
        T::from_value(v).ok_or_else(|| anyhow!("column {i}: expected {}, found {v:?}", T::WHAT))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// The statement as SQLite reads it: `$N` → `?N`, clock markers spelled out.
fn sqlite_text(sql: &str) -> String {
    let sql = sql
        .replace("@now_s", "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')")
        .replace("@now", "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")
        .replace("@unix", "CAST(strftime('%s', 'now') AS INTEGER)");
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c == '$' && !quoted && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            out.push('?');
        } else {
            out.push(c);
        }
    }
    out
}

/// The statement as PostgreSQL reads it: the clock markers spelled out.
fn postgres_text(sql: &str) -> String {
    sql.replace("@now_s", "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')")
        .replace("@now", "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')")
        .replace("@unix", "CAST(floor(extract(epoch FROM now())) AS BIGINT)")
}

/// The advisory lock every PostgreSQL write transaction takes: one writer at
/// a time, as SQLite's `BEGIN IMMEDIATE` gives, so read-then-write code
/// (curation then the book's record, leases, layout rows) stays correct.
pub(crate) const WRITE_LOCK: i64 = 0x7075_7a7a_6c65_0001;
/// The advisory lock migrations take.
pub(crate) const MIGRATE_LOCK: i64 = 0x7075_7a7a_6c65_0002;

pub struct Pg {
    client: postgres::Client,
    statements: HashMap<String, postgres::Statement>,
    /// Where it connected, to connect again after the server went away.
    url: PgUrl,
}

/// A connection to either backend.
pub enum Conn {
    Sqlite(rusqlite::Connection),
    Postgres(Box<RefCell<Pg>>),
}

impl Conn {
    pub fn dialect(&self) -> Dialect {
        match self {
            Conn::Sqlite(_) => Dialect::Sqlite,
            Conn::Postgres(_) => Dialect::Postgres,
        }
    }

    /// The SQLite connection (for SQLite-only work: pragmas, tests).
    pub fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Conn::Sqlite(conn) => Some(conn),
            Conn::Postgres(_) => None,
        }
    }

    /// The PostgreSQL client itself, for work the common statements cannot
    /// express (the catalog copy's cursors and typed multi-row inserts).
    /// Hold it only briefly: the connection's own statements borrow it too.
    pub(crate) fn pg_client(&self) -> Option<std::cell::RefMut<'_, postgres::Client>> {
        match self {
            Conn::Sqlite(_) => None,
            Conn::Postgres(pg) => Some(std::cell::RefMut::map(pg.borrow_mut(), |pg| &mut pg.client)),
        }
    }

    /// Connects to a PostgreSQL catalog; one clear line when it cannot.
    pub(crate) fn connect(url: &PgUrl) -> Result<Conn> {
        let config = url.config().map_err(|e| anyhow!("cannot open catalog {url}: {e}"))?;
        let mut client = config.connect(tls::connector()).map_err(|e| anyhow!("cannot open catalog {url}: {}", connect_reason(&e)))?;
        // As SQLite's busy timeout: a writer waits this long for its turn.
        client.batch_execute("SET lock_timeout = '60s'").map_err(|e| anyhow!("catalog {url}: {}", pg_error(e)))?;
        Ok(Conn::Postgres(Box::new(RefCell::new(Pg { client, statements: HashMap::new(), url: url.clone() }))))
    }

    /// Connects again to the same PostgreSQL server (after [`ConnectionLost`]);
    /// statements are prepared anew. A SQLite connection is never lost.
    pub(crate) fn reconnect(&self) -> Result<()> {
        if let Conn::Postgres(pg) = self {
            let url = pg.borrow().url.clone();
            if let Conn::Postgres(fresh) = Conn::connect(&url)? {
                *pg.borrow_mut() = fresh.into_inner();
            }
        }
        Ok(())
    }

    pub fn execute(&self, sql: &str, params: &[Value]) -> Result<usize> {
        match self {
            Conn::Sqlite(conn) => {
                let mut stmt = conn.prepare_cached(&sqlite_text(sql))?;
                Ok(stmt.execute(rusqlite::params_from_iter(params.iter()))?)
            }
            Conn::Postgres(pg) => {
                let mut pg = pg.borrow_mut();
                let stmt = pg.statement(sql)?;
                let refs: Vec<&(dyn postgres::types::ToSql + Sync)> = params.iter().map(|p| p as _).collect();
                Ok(pg.client.execute(&stmt, &refs).map_err(pg_error)? as usize)
            }
        }
    }

    pub fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        match self {
            Conn::Sqlite(conn) => {
                let mut stmt = conn.prepare_cached(&sqlite_text(sql))?;
                let columns = stmt.column_count();
                let mut rows = stmt.query(rusqlite::params_from_iter(params.iter()))?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    let mut values = Vec::with_capacity(columns);
                    for i in 0..columns {
                        values.push(match r.get_ref(i)? {
                            rusqlite::types::ValueRef::Null => Value::Null,
                            rusqlite::types::ValueRef::Integer(v) => Value::Int(v),
                            rusqlite::types::ValueRef::Real(v) => Value::Real(v),
                            rusqlite::types::ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
                            rusqlite::types::ValueRef::Blob(b) => Value::Blob(b.to_vec()),
                        });
                    }
                    out.push(Row(values));
                }
                Ok(out)
            }
            Conn::Postgres(pg) => {
                let mut pg = pg.borrow_mut();
                let stmt = pg.statement(sql)?;
                let refs: Vec<&(dyn postgres::types::ToSql + Sync)> = params.iter().map(|p| p as _).collect();
                let rows = pg.client.query(&stmt, &refs).map_err(pg_error)?;
                rows.iter().map(pg_row).collect()
            }
        }
    }

    pub fn query_opt(&self, sql: &str, params: &[Value]) -> Result<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    pub fn query_one(&self, sql: &str, params: &[Value]) -> Result<Row> {
        self.query_opt(sql, params)?.ok_or_else(|| anyhow!("the statement returned no row"))
    }

    /// Statements without parameters, several at once (migrations).
    pub fn batch(&self, sql: &str) -> Result<()> {
        match self {
            Conn::Sqlite(conn) => Ok(conn.execute_batch(sql)?),
            Conn::Postgres(pg) => Ok(pg.borrow_mut().client.batch_execute(sql).map_err(pg_error)?),
        }
    }

    /// Begins a write transaction: IMMEDIATE on SQLite, on PostgreSQL a
    /// transaction holding the catalog's write lock.
    pub(crate) fn begin_write(&self) -> Result<()> {
        match self {
            Conn::Sqlite(conn) => Ok(conn.execute_batch("BEGIN IMMEDIATE")?),
            Conn::Postgres(_) => {
                self.batch("BEGIN")?;
                if let Err(e) = self.query("SELECT pg_advisory_xact_lock($1)", vals![WRITE_LOCK]) {
                    self.batch("ROLLBACK").ok();
                    return Err(e);
                }
                Ok(())
            }
        }
    }
}

impl Pg {
    fn statement(&mut self, sql: &str) -> Result<postgres::Statement> {
        if let Some(stmt) = self.statements.get(sql) {
            return Ok(stmt.clone());
        }
        let stmt = self.client.prepare(&postgres_text(sql)).map_err(pg_error)?;
        self.statements.insert(sql.to_string(), stmt.clone());
        Ok(stmt)
    }
}

fn pg_row(row: &postgres::Row) -> Result<Row> {
    use postgres::types::Type;
    let mut values = Vec::with_capacity(row.len());
    for (i, column) in row.columns().iter().enumerate() {
        let ty = column.type_();
        let v = if *ty == Type::INT8 {
            row.try_get::<_, Option<i64>>(i)?.map(Value::Int)
        } else if *ty == Type::INT4 {
            row.try_get::<_, Option<i32>>(i)?.map(|v| Value::Int(v as i64))
        } else if *ty == Type::INT2 {
            row.try_get::<_, Option<i16>>(i)?.map(|v| Value::Int(v as i64))
        } else if *ty == Type::BOOL {
            row.try_get::<_, Option<bool>>(i)?.map(|v| Value::Int(v as i64))
        } else if *ty == Type::FLOAT8 {
            row.try_get::<_, Option<f64>>(i)?.map(Value::Real)
        } else if *ty == Type::FLOAT4 {
            row.try_get::<_, Option<f32>>(i)?.map(|v| Value::Real(v as f64))
        } else if *ty == Type::BYTEA {
            row.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob)
        } else if *ty == Type::VOID {
            None
        } else {
            row.try_get::<_, Option<String>>(i).map_err(|e| anyhow!("column {}: {e}", column.name()))?.map(Value::Text)
        };
        values.push(v.unwrap_or(Value::Null));
    }
    Ok(Row(values))
}

/// A PostgreSQL error as one line: the server's message when it sent one.
/// A connection that went away (the server restarted or stopped, the
/// network dropped) or a transaction the server gave up on to break a
/// deadlock is a [`ConnectionLost`]: the work may be tried again.
pub(crate) fn pg_error(e: postgres::Error) -> anyhow::Error {
    let message = match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => clean(&e.to_string()),
    };
    let transient = match e.as_db_error() {
        // 08: connection exceptions; 57P01-57P03: the server shutting down
        // or starting; 40P01: a deadlock the server broke.
        Some(db) => {
            let code = db.code().code();
            code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03" | "40P01")
        }
        None => e.is_closed() || io_cause(&e),
    };
    if transient { anyhow::Error::new(ConnectionLost(message)) } else { anyhow!("{message}") }
}

/// Whether an I/O error (a reset or refused connection) lies under `e`.
fn io_cause(e: &postgres::Error) -> bool {
    let mut source = std::error::Error::source(e);
    while let Some(inner) = source {
        if inner.is::<std::io::Error>() {
            return true;
        }
        source = inner.source();
    }
    false
}

/// The catalog's server could not be reached, or dropped the connection,
/// or broke a deadlock: nothing of the transaction in flight landed, and
/// it may be tried again after [`Conn::reconnect`].
#[derive(Debug)]
pub struct ConnectionLost(pub String);

impl fmt::Display for ConnectionLost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConnectionLost {}

/// Whether `error` (anywhere in its chain) is a [`ConnectionLost`].
pub fn connection_lost(error: &anyhow::Error) -> bool {
    error.chain().any(|e| e.is::<ConnectionLost>())
}

/// Why a connection failed, in one line without driver noise.
fn connect_reason(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return db.message().to_string();
    }
    // The innermost cause says most (e.g. "Connection refused (os error 111)").
    let mut source: &dyn std::error::Error = e;
    while let Some(inner) = source.source() {
        source = inner;
    }
    let inner = clean(&source.to_string());
    let outer = clean(&e.to_string());
    if inner == outer { outer } else { format!("{outer}: {inner}") }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(v) => ToSqlOutput::Borrowed(ValueRef::Integer(*v)),
            Value::Real(v) => ToSqlOutput::Borrowed(ValueRef::Real(*v)),
            Value::Text(s) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
            Value::Blob(b) => ToSqlOutput::Borrowed(ValueRef::Blob(b)),
        })
    }
}

impl postgres::types::ToSql for Value {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> std::result::Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use postgres::types::{IsNull, Type};
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(v) => {
                if *ty == Type::INT8 {
                    v.to_sql(ty, out)
                } else if *ty == Type::INT4 {
                    i32::try_from(*v)?.to_sql(ty, out)
                } else if *ty == Type::INT2 {
                    i16::try_from(*v)?.to_sql(ty, out)
                } else if *ty == Type::BOOL {
                    (*v != 0).to_sql(ty, out)
                } else if *ty == Type::FLOAT8 {
                    (*v as f64).to_sql(ty, out)
                } else if *ty == Type::TEXT {
                    v.to_string().to_sql(ty, out)
                } else {
                    Err(format!("an integer cannot be bound as {ty}").into())
                }
            }
            Value::Real(v) => {
                if *ty == Type::FLOAT8 {
                    v.to_sql(ty, out)
                } else if *ty == Type::FLOAT4 {
                    (*v as f32).to_sql(ty, out)
                } else {
                    Err(format!("a number cannot be bound as {ty}").into())
                }
            }
            Value::Text(s) => s.as_str().to_sql(ty, out),
            Value::Blob(b) => b.as_slice().to_sql(ty, out),
        }
    }

    fn accepts(_: &postgres::types::Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// TLS for `sslmode=prefer` (the default) and `require`: rustls, so the
/// binary needs no system TLS library.
mod tls {
    use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
    use rustls::crypto::CryptoProvider;
    use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
    use rustls::{DigitallySignedStruct, SignatureScheme};
    use std::sync::Arc;

    /// As libpq's `sslmode=require` (and `prefer`): the channel is
    /// encrypted, the server's certificate is not checked against a CA.
    /// The handshake signatures are still verified.
    #[derive(Debug)]
    struct EncryptOnly(Arc<CryptoProvider>);

    impl ServerCertVerifier for EncryptOnly {
        fn verify_server_cert(
            &self,
            _: &CertificateDer<'_>,
            _: &[CertificateDer<'_>],
            _: &ServerName<'_>,
            _: &[u8],
            _: UnixTime,
        ) -> Result<ServerCertVerified, rustls::Error> {
            Ok(ServerCertVerified::assertion())
        }

        fn verify_tls12_signature(
            &self,
            message: &[u8],
            cert: &CertificateDer<'_>,
            dss: &DigitallySignedStruct,
        ) -> Result<HandshakeSignatureValid, rustls::Error> {
            rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
        }

        fn verify_tls13_signature(
            &self,
            message: &[u8],
            cert: &CertificateDer<'_>,
            dss: &DigitallySignedStruct,
        ) -> Result<HandshakeSignatureValid, rustls::Error> {
            rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
        }

        fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
            self.0.signature_verification_algorithms.supported_schemes()
        }
    }

    pub(super) fn connector() -> tokio_postgres_rustls::MakeRustlsConnect {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .expect("ring supports the default TLS versions")
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(EncryptOnly(provider)))
            .with_no_client_auth();
        tokio_postgres_rustls::MakeRustlsConnect::new(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_show_no_password() {
        let url = PgUrl::parse("postgres://alice:s3cret@db.example:5433/books?sslmode=require&password=other").unwrap();
        assert_eq!(url.to_string(), "postgres://alice@db.example:5433/books?sslmode=require");
        let target: DbTarget = "postgresql://bob:pw@host/db".parse().unwrap();
        assert_eq!(format!("{target} {target:?}"), "postgresql://bob@host/db DbTarget(postgresql://bob@host/db)");
        assert_eq!(url.with_database("scratch").to_string(), "postgres://alice@db.example:5433/scratch?sslmode=require");
        assert_eq!(url.with_database("scratch").database().as_deref(), Some("scratch"));
    }

    #[test]
    fn paths_stay_paths() {
        let target: DbTarget = "output/puzzles.db".parse().unwrap();
        assert_eq!(target, DbTarget::Sqlite(PathBuf::from("output/puzzles.db")));
    }

    #[test]
    fn sqlite_reads_dollar_placeholders_and_clock_markers() {
        assert_eq!(
            sqlite_text("SELECT $1, '$2', $10 WHERE x = @unix"),
            "SELECT ?1, '$2', ?10 WHERE x = CAST(strftime('%s', 'now') AS INTEGER)"
        );
        assert!(postgres_text("VALUES (@now, @now_s)").contains("SS.MS"));
    }
}
