//! Books in the catalog: recording one with its puzzles, listing them, and
//! finding the puzzles a new book may use.
//!
//! A book is recorded pending (holding its puzzles, with a lease like a
//! batch's) and marked done only once its PDF is in place; a pending book
//! whose process is gone or whose heartbeat is stale is taken back by the
//! next book. Only done books are books: `book`, `books`, `reprint` and
//! `cover` see no other.

use super::batches::{Lease, LeaseHolder, lease_in};
use super::db::{Conn, Dialect, Row, vals};
use super::{Catalog, DbTarget, PuzzleRow, StoredGrade};
use crate::level::RatingRange;
use anyhow::{Result, anyhow, bail};
use std::collections::HashMap;
use std::sync::mpsc;
use std::time::Duration;

/// A book recorded but not finished: its PDF is not in place (yet).
#[derive(Clone, Debug)]
pub struct PendingBook {
    pub id: i64,
    pub title: String,
    pub puzzles: i64,
    /// Whether its process still makes it (a live lease); a stale one is
    /// taken back by the next `book`.
    pub live: bool,
    /// Who holds it: process, host and heartbeat age (or "no process").
    pub holder: String,
    /// The editor making it.
    pub made_by: Option<String>,
}

#[derive(Clone, Debug)]
pub struct BookRow {
    pub id: i64,
    pub title: String,
    pub settings: String,
    pub created_at: String,
    pub pdf_path: String,
    pub pages: i64,
    pub pdf_hash: String,
    /// Puzzle ids in book order.
    pub puzzles: Vec<i64>,
    /// The editor who made it (`None`: a book made before editors were
    /// recorded).
    pub made_by: Option<String>,
}

/// A validated puzzle a book may use.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub id: i64,
    pub score: u32,
}

/// Which puzzles a book (or a draft) may take of one layout and level.
#[derive(Clone, Copy, Debug)]
pub struct CandidateFilter<'a> {
    pub layout: &'a str,
    pub level: &'a str,
    /// Puzzles printed in a book count too (`--allow-reprint`).
    pub reprint: bool,
    /// Only puzzles whose SE rating lies in this range.
    pub rating: Option<RatingRange>,
    /// Only this draft's puzzles (its owner making its book from it);
    /// `None`: the whole stock less every live draft's puzzles.
    pub draft: Option<i64>,
    /// Where the puzzles come from (`book --source`, `--include-imported`).
    pub source: SourceFilter<'a>,
    /// Only puzzles of these batches (`book --batch`, `--pattern`).
    pub batches: Option<&'a [i64]>,
}

/// Which sources a book takes puzzles from (`puzzles.source`). The
/// scale bench's fill (`bench-fill`, src/fill.rs) is this program's own
/// work and counts as generated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SourceFilter<'a> {
    /// Generated puzzles only: imported ones wait until asked for.
    #[default]
    Generated,
    /// Generated and imported alike.
    Any,
    /// Imported puzzles only, of any source.
    Imported,
    /// Only puzzles of this source ('generated' or an import's source).
    Named(&'a str),
}

impl SourceFilter<'_> {
    /// `$9` (the source it must be, if one) and `$10` (imported only).
    fn params(self) -> (Option<String>, bool) {
        match self {
            SourceFilter::Generated => (Some("generated".into()), false),
            SourceFilter::Any => (None, false),
            SourceFilter::Imported => (None, true),
            SourceFilter::Named(name) => (Some(name.to_string()), false),
        }
    }
}

/// The columns curation reads of each puzzle: its id and score, and what
/// `validate::needs_check` needs to tell a fresh verdict from a stale one
/// (the layout's text is read once per layout row).
const CANDIDATE_COLUMNS: &str = "p.id, p.score, p.layout_id, p.layout_name, p.givens, p.solution, p.canonical, p.clues, p.level,
    p.validation, p.validated_hash, p.se_rating, p.technique, p.technique_level";

/// What a candidate must satisfy beyond its layout, level and verdict
/// (`$1`, `$2`, 'ok') and being after `$3`: `$4` reprints allowed,
/// `$5`..`$6` the rating range, `$7` the draft it may come from (else
/// none). `{reserved}` stands for the table of reserved puzzles.
const CANDIDATE_FILTERS: &str = "(CAST($4 AS BOOLEAN) OR NOT EXISTS (SELECT 1 FROM book_puzzles b WHERE b.puzzle_id = p.id))
    AND (CAST($5 AS DOUBLE PRECISION) IS NULL
         OR p.se_rating BETWEEN CAST($5 AS DOUBLE PRECISION) - 1e-9 AND CAST($6 AS DOUBLE PRECISION) + 1e-9)
    AND NOT EXISTS (SELECT 1 FROM reference_keys k JOIN reference_sets s ON s.id = k.set_id
                    WHERE s.layout_name = p.layout_name AND k.canonical = p.canonical)
    AND NOT EXISTS (SELECT 1 FROM {reserved} JOIN drafts d ON d.id = r.draft_id
                    WHERE r.puzzle_id = p.id AND d.expires_at > @unix AND d.id IS DISTINCT FROM CAST($7 AS BIGINT))
    AND (CAST($9 AS TEXT) IS NULL OR p.source = CAST($9 AS TEXT)
         OR (CAST($9 AS TEXT) = 'generated' AND p.source = 'bench-fill'))
    AND (NOT CAST($10 AS BOOLEAN) OR p.source NOT IN ('generated', 'bench-fill'))
    AND (CAST($11 AS TEXT) IS NULL OR p.batch_id IN ({batches}))";

/// The candidate statement (`$8` rows at most), from the stock or from one
/// draft's puzzles.
///
/// From the stock it reads the index `puzzles_for_books` from the key
/// (layout, level, 'ok', after `$3`) on, in key order, and stops at the
/// limit: a range of the index, never the table. The two dialects say so
/// each its own way, as `layout_name = $1 … ORDER BY id` alone lets a
/// planner with statistics (PostgreSQL; SQLite after `ANALYZE`) walk the
/// primary key instead, through the whole table in id order, wherever it
/// believes the matching rows spread evenly over it (they do not: each
/// batch makes one level). PostgreSQL is given the range as two row-value
/// bounds and the order as the whole key, which only that index gives;
/// SQLite is told the index (it seeks row values by their first columns
/// only), and the index of reserved puzzles, as it would read a table of
/// them that was small when last analyzed whole for each candidate.
fn candidate_sql(from_draft: bool, dialect: Dialect) -> String {
    let reserved = match dialect {
        Dialect::Sqlite => "draft_puzzles r INDEXED BY draft_puzzles_by_puzzle",
        Dialect::Postgres => "draft_puzzles r",
    };
    let batches = match dialect {
        Dialect::Sqlite => "SELECT value FROM json_each(CAST($11 AS TEXT))",
        Dialect::Postgres => "SELECT CAST(jsonb_array_elements_text(CAST(CAST($11 AS TEXT) AS JSONB)) AS BIGINT)",
    };
    let filters = CANDIDATE_FILTERS.replace("{reserved}", reserved).replace("{batches}", batches);
    match (from_draft, dialect) {
        (false, Dialect::Sqlite) => format!(
            "SELECT {CANDIDATE_COLUMNS} FROM puzzles p INDEXED BY puzzles_for_books
             WHERE p.layout_name = $1 AND p.level = $2 AND p.validation = 'ok' AND p.id > $3 AND {filters}
             ORDER BY p.id LIMIT $8"
        ),
        (false, Dialect::Postgres) => format!(
            "SELECT {CANDIDATE_COLUMNS} FROM puzzles p
             WHERE (p.layout_name, p.level, p.validation, p.id) > ($1, $2, 'ok', $3)
               AND (p.layout_name, p.level, p.validation) <= ($1, $2, 'ok')
               AND {filters}
             ORDER BY p.layout_name, p.level, p.validation, p.id LIMIT $8"
        ),
        (true, _) => format!(
            "SELECT {CANDIDATE_COLUMNS} FROM draft_puzzles m JOIN puzzles p ON p.id = m.puzzle_id
             WHERE m.draft_id = $7 AND p.layout_name = $1 AND p.level = $2 AND p.validation = 'ok' AND p.id > $3
               AND {filters}
             ORDER BY p.id LIMIT $8"
        ),
    }
}

impl Catalog {
    /// Up to `want` puzzles a book may take (see [`CandidateFilter`]),
    /// lowest id first: validated, leaving out those printed in a book
    /// unless `reprint`, those in a live draft (other than `draft`), and
    /// those whose canonical key a reference set of their layout holds
    /// (`reference add`: the originality guard). Only rows whose content
    /// is still what was validated count; the second value is how many
    /// were read that were validated but have changed since (they need
    /// validating again): all such rows when fewer than `want` are found.
    ///
    /// The rows are read in pages, as a range of an index, and only until
    /// `want` are found: the time taken grows with `want` (and with the
    /// printed, reserved or stale rows passed over), not with the catalog.
    pub fn book_candidates(&self, filter: &CandidateFilter, want: usize) -> Result<(Vec<Candidate>, usize)> {
        self.book_candidates_where(filter, want, &mut |_| Some(true))
    }

    /// [`Catalog::book_candidates`], taking only the fresh rows `accept`
    /// accepts (it sees each in id order, with its givens and solution;
    /// the book's near-twin guard), and reading on past the others; it
    /// stops reading where `accept` says `None`.
    pub fn book_candidates_where(
        &self,
        filter: &CandidateFilter,
        want: usize,
        accept: &mut dyn FnMut(&PuzzleRow) -> Option<bool>,
    ) -> Result<(Vec<Candidate>, usize)> {
        let (source, imported_only) = filter.source.params();
        let batches = filter.batches.map(|b| format!("[{}]", b.iter().map(i64::to_string).collect::<Vec<_>>().join(",")));
        let sql = candidate_sql(filter.draft.is_some(), self.conn.dialect());
        let mut layouts: HashMap<i64, (String, String)> = HashMap::new();
        let mut fresh = Vec::with_capacity(want.min(4096));
        let mut stale = 0;
        let mut after = 0i64;
        let mut page = (want + 8).max(32);
        while fresh.len() < want {
            let rows = self.conn.query(
                &sql,
                vals![
                    filter.layout,
                    filter.level,
                    after,
                    filter.reprint,
                    filter.rating.map(|r| r.low),
                    filter.rating.map(|r| r.high),
                    filter.draft,
                    page as i64,
                    source.as_deref(),
                    imported_only,
                    batches.as_deref()
                ],
            )?;
            for r in &rows {
                let layout_id: i64 = r.get(2)?;
                let (source, file) = match layouts.entry(layout_id) {
                    std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        let l = self.conn.query_one("SELECT source, name FROM layouts WHERE id = $1", vals![layout_id])?;
                        e.insert((l.get(0)?, l.get(1)?))
                    }
                };
                let row = candidate_row(r, source, file)?;
                after = row.id;
                if crate::record::needs_check(&row) {
                    stale += 1;
                } else if fresh.len() < want {
                    match accept(&row) {
                        Some(true) => fresh.push(Candidate { id: row.id, score: row.score }),
                        Some(false) => {}
                        None => return Ok((fresh, stale)),
                    }
                }
            }
            if rows.len() < page {
                break;
            }
            page = (page * 4).min(16_384);
        }
        Ok((fresh, stale))
    }

    /// How many puzzles of a layout and level are stored but not validated.
    pub fn unvalidated_count(&self, layout: &str, level: &str) -> Result<i64> {
        self.conn
            .query_one("SELECT count(*) FROM puzzles WHERE layout_name = $1 AND level = $2 AND validation IS NULL", vals![layout, level])?
            .get(0)
    }

    /// Records a finished book and its puzzles in order, in one transaction
    /// (a book made elsewhere, or in tests; `book` records pending first).
    pub fn add_book(&self, book: &BookRow) -> Result<i64> {
        self.write(|_| {
            let id = self.insert_book(book)?;
            self.conn.execute(
                "UPDATE books SET status = 'done', lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
                 WHERE id = $1",
                vals![id],
            )?;
            super::drafts::settle(&self.conn, id)?;
            Ok(id)
        })
    }

    /// Records a book and its puzzles in order, pending and leased to this
    /// process; the caller holds the transaction (see `Catalog::write`).
    pub(crate) fn insert_book(&self, book: &BookRow) -> Result<i64> {
        let mut seen = std::collections::HashSet::new();
        if let Some(dup) = book.puzzles.iter().find(|&&p| !seen.insert(p)) {
            return Err(anyhow!("book \"{}\": puzzle {dup} would be in it twice", book.title));
        }
        let me = LeaseHolder::this_process();
        let id: i64 = self
            .conn
            .query_one(
                "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash, status,
                     lease_owner, lease_pid, lease_host, lease_heartbeat, made_by)
                 VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, @unix, $10)
                 RETURNING id",
                vals![
                    &book.title,
                    &book.settings,
                    &book.created_at,
                    &book.pdf_path,
                    book.pages,
                    &book.pdf_hash,
                    &me.owner,
                    me.pid,
                    &me.host,
                    &book.made_by
                ],
            )?
            .get(0)?;
        for (i, puzzle) in book.puzzles.iter().enumerate() {
            self.conn
                .execute("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES ($1, $2, $3)", vals![id, i as i64 + 1, puzzle])?;
        }
        Ok(id)
    }

    /// Records where a book's PDF goes; the caller holds the transaction
    /// (see `Catalog::write`).
    pub(crate) fn set_pdf_path(&self, id: i64, pdf_path: &str) -> Result<()> {
        self.conn.execute("UPDATE books SET pdf_path = $2 WHERE id = $1", vals![id, pdf_path])?;
        Ok(())
    }

    /// Takes back every pending book whose lease is not live (its process
    /// gone, its heartbeat stale, or no lease at all), freeing its puzzles;
    /// the caller holds the transaction. Returns each taken back as (id,
    /// the PDF path it was to be written to).
    pub(crate) fn take_back_stale_books(&self) -> Result<Vec<(i64, String)>> {
        let mut taken = Vec::new();
        for pending in self.pending_books()?.into_iter().filter(|p| !p.live) {
            let path: String = self.conn.query_one("SELECT pdf_path FROM books WHERE id = $1", vals![pending.id])?.get(0)?;
            forget(&self.conn, pending.id)?;
            taken.push((pending.id, path));
        }
        Ok(taken)
    }

    /// Books recorded but not done, oldest first, each with whether its
    /// process still makes it.
    pub fn pending_books(&self) -> Result<Vec<PendingBook>> {
        let me = LeaseHolder::this_process();
        let rows = self.conn.query(
            "SELECT b.id, b.title, (SELECT count(*) FROM book_puzzles p WHERE p.book_id = b.id), b.made_by
             FROM books b WHERE b.status = 'pending' ORDER BY b.id",
            &[],
        )?;
        let mut pending = Vec::with_capacity(rows.len());
        for r in rows {
            let (id, title, puzzles): (i64, String, i64) = (r.get(0)?, r.get(1)?, r.get(2)?);
            let lease: Option<Lease> = lease_in(&self.conn, "books", id)?;
            let live = lease.as_ref().is_some_and(|l| l.holder.owner == me.owner || l.is_live(me));
            let holder = lease.map_or("no process".to_string(), |l| l.describe());
            pending.push(PendingBook { id, title, puzzles, live, holder, made_by: r.get(3)? });
        }
        Ok(pending)
    }

    /// Marks pending book `id` done with its PDF's path, page count and
    /// hash, in one transaction with `place` (which puts the PDF in place):
    /// if `place` fails nothing is marked. Refused when this process no
    /// longer holds the book (it was taken back as stale).
    pub(crate) fn finish_book(
        &self,
        id: i64,
        pdf_path: &str,
        pages: i64,
        pdf_hash: &str,
        place: impl FnOnce() -> Result<()>,
    ) -> Result<()> {
        let me = LeaseHolder::this_process();
        self.write(|conn| {
            let ours: Option<String> = conn
                .query_opt("SELECT lease_owner FROM books WHERE id = $1 AND status = 'pending'", vals![id])?
                .map(|r| r.get::<Option<String>>(0))
                .transpose()?
                .flatten();
            if ours.as_deref() != Some(me.owner.as_str()) {
                bail!("book {id} was taken back while it was being made (its lease went stale); its PDF is not written");
            }
            place()?;
            conn.execute(
                "UPDATE books SET pdf_path = $2, pages = $3, pdf_hash = $4, status = 'done',
                     lease_owner = NULL, lease_pid = NULL, lease_host = NULL, lease_heartbeat = NULL
                 WHERE id = $1",
                vals![id, pdf_path, pages, pdf_hash],
            )?;
            super::drafts::settle(conn, id)?;
            Ok(())
        })
    }

    /// Keeps this process's lease on pending book `id` fresh until the
    /// returned guard is dropped (a thread with its own connection renews
    /// the heartbeat while the book renders).
    pub(crate) fn keep_book_alive(&self, id: i64) -> BookHeartbeat {
        let (stop, stopped) = mpsc::channel::<()>();
        let target = self.target.clone();
        let owner = LeaseHolder::this_process().owner.clone();
        let every = Duration::from_secs((super::batches::LEASE_SECONDS / 3).max(1) as u64);
        let thread = std::thread::spawn(move || {
            let conn = match &target {
                DbTarget::Sqlite(path) => match rusqlite::Connection::open(path) {
                    Ok(conn) => {
                        let _ = conn.busy_timeout(super::LOCK_WAIT);
                        Conn::Sqlite(conn)
                    }
                    Err(_) => return,
                },
                DbTarget::Postgres(url) => match Conn::connect(url) {
                    Ok(conn) => conn,
                    Err(_) => return,
                },
            };
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                let _ = conn.execute(
                    "UPDATE books SET lease_heartbeat = @unix WHERE id = $1 AND status = 'pending' AND lease_owner = $2",
                    vals![id, &owner],
                );
            }
        });
        BookHeartbeat { stop: Some(stop), thread: Some(thread) }
    }

    /// Forgets a book whose PDF could not be made, freeing its puzzles.
    pub(crate) fn delete_book(&self, id: i64) -> Result<()> {
        self.write(|conn| forget(conn, id))
    }

    /// The book (other than `except`) whose PDF is recorded at `path`, as
    /// (id, title): a done book, or one being made now.
    pub fn pdf_owner(&self, path: &str, except: Option<i64>) -> Result<Option<(i64, String)>> {
        self.conn
            .query_opt(
                "SELECT id, title FROM books WHERE pdf_path = $1 AND id IS DISTINCT FROM CAST($2 AS BIGINT) ORDER BY id LIMIT 1",
                vals![path, except],
            )?
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .transpose()
    }

    /// A done book; a pending one (never finished, or being made now) is refused.
    pub fn book(&self, id: i64) -> Result<BookRow> {
        let status: Option<String> =
            self.conn.query_opt("SELECT status FROM books WHERE id = $1", vals![id])?.map(|r| r.get(0)).transpose()?;
        if status.as_deref() == Some("pending") {
            bail!(
                "{}: book {id} was never finished (its PDF was not put in place: the run making it stopped, or is still running); it is no book, and the next `puzzlebook book` takes its puzzles back once its run is gone",
                self.target
            );
        }
        let r: Row = self
            .conn
            .query_opt("SELECT id, title, settings, created_at, pdf_path, pages, pdf_hash, made_by FROM books WHERE id = $1", vals![id])?
            .ok_or_else(|| anyhow!("{}: there is no book {id} (`puzzlebook books` lists them)", self.target))?;
        let puzzles = self
            .conn
            .query("SELECT puzzle_id FROM book_puzzles WHERE book_id = $1 ORDER BY number", vals![id])?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<Vec<i64>>>()?;
        Ok(BookRow {
            id: r.get(0)?,
            title: r.get(1)?,
            settings: r.get(2)?,
            created_at: r.get(3)?,
            pdf_path: r.get(4)?,
            pages: r.get(5)?,
            pdf_hash: r.get(6)?,
            puzzles,
            made_by: r.get(7)?,
        })
    }

    /// The done books, in id order.
    pub fn books(&self) -> Result<Vec<BookRow>> {
        let ids: Vec<i64> = self
            .conn
            .query("SELECT id FROM books WHERE status = 'done' ORDER BY id", &[])?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<_>>()?;
        ids.into_iter().map(|id| self.book(id)).collect()
    }

    /// The time now as the catalog writes it (UTC, ISO 8601).
    pub fn now(&self) -> Result<String> {
        self.conn.query_one("SELECT @now_s", &[])?.get(0)
    }
}

/// A candidate's row as far as `validate::needs_check` reads it (the
/// columns of `CANDIDATE_COLUMNS`, its layout's text and file name); the
/// rest is left empty.
fn candidate_row(r: &Row, layout_source: &str, layout_file: &str) -> Result<PuzzleRow> {
    Ok(PuzzleRow {
        id: r.get(0)?,
        score: r.get::<i64>(1)? as u32,
        layout_name: r.get(3)?,
        layout_source: layout_source.to_string(),
        layout_file: layout_file.to_string(),
        givens: r.get(4)?,
        solution: r.get(5)?,
        canonical: r.get(6)?,
        clues: r.get(7)?,
        level: r.get(8)?,
        validation: r.get(9)?,
        validated_hash: r.get(10)?,
        grade: match (r.get::<Option<f64>>(11)?, r.get::<Option<String>>(12)?, r.get::<Option<String>>(13)?) {
            (Some(se_rating), Some(technique), Some(level)) => Some(StoredGrade { se_rating, technique, level }),
            _ => None,
        },
        effort_nodes: 0,
        seed: 0,
        batch_id: None,
        generator_version: String::new(),
        created_at: String::new(),
        validation_detail: None,
        validated_at: None,
        validation_micros: None,
        minimal: None,
        symmetry: None,
        source: String::new(),
    })
}

/// Deletes book `id` and its puzzle list (inside the caller's transaction).
fn forget(conn: &Conn, id: i64) -> Result<()> {
    conn.execute("DELETE FROM book_puzzles WHERE book_id = $1", vals![id])?;
    conn.execute("DELETE FROM books WHERE id = $1", vals![id])?;
    Ok(())
}

/// Renews a pending book's heartbeat until dropped.
pub struct BookHeartbeat {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for BookHeartbeat {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests;
