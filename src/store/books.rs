//! Books in the catalog: recording one with its puzzles, listing them, and
//! finding the puzzles a new book may use.
//!
//! A book is recorded pending (holding its puzzles, with a lease like a
//! batch's) and marked done only once its PDF is in place; a pending book
//! whose process is gone or whose heartbeat is stale is taken back by the
//! next book. Only done books are books: `book`, `books`, `reprint` and
//! `cover` see no other.

use super::batches::{Lease, LeaseHolder, lease_in};
use super::db::{Conn, Row, vals};
use super::{Catalog, DbTarget};
use anyhow::{Result, anyhow, bail};
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
}

/// A validated puzzle a book may use.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub id: i64,
    pub score: u32,
}

impl Catalog {
    /// Validated puzzles of a layout and level, lowest id first, leaving out
    /// those printed in a book unless `reprint` is allowed. Only rows whose
    /// content is still what was validated count; the second value is how
    /// many were validated but have changed since (they need validating again).
    /// With `rating`, only puzzles whose SE rating lies in it. A puzzle whose
    /// canonical key a reference set of its layout holds (`reference add`)
    /// is never a candidate: the originality guard.
    pub fn book_candidates(
        &self,
        layout: &str,
        level: &str,
        reprint: bool,
        rating: Option<crate::level::RatingRange>,
    ) -> Result<(Vec<Candidate>, usize)> {
        let ids: Vec<i64> = self
            .conn
            .query(
                "SELECT id FROM puzzles p
                 WHERE layout_name = $1 AND level = $2 AND validation = 'ok'
                   AND (CAST($3 AS BOOLEAN) OR NOT EXISTS (SELECT 1 FROM book_puzzles b WHERE b.puzzle_id = p.id))
                   AND (CAST($4 AS DOUBLE PRECISION) IS NULL
                        OR se_rating BETWEEN CAST($4 AS DOUBLE PRECISION) - 1e-9 AND CAST($5 AS DOUBLE PRECISION) + 1e-9)
                   AND NOT EXISTS (SELECT 1 FROM reference_keys k JOIN reference_sets s ON s.id = k.set_id
                                   WHERE s.layout_name = p.layout_name AND k.canonical = p.canonical)
                 ORDER BY id",
                vals![layout, level, reprint, rating.map(|r| r.low), rating.map(|r| r.high)],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<_>>()?;
        let mut fresh = Vec::with_capacity(ids.len());
        let mut stale = 0;
        for id in ids {
            let row = self.puzzle(id)?;
            if crate::validate::needs_check(&row) {
                stale += 1;
            } else {
                fresh.push(Candidate { id, score: row.score });
            }
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
                     lease_owner, lease_pid, lease_host, lease_heartbeat)
                 VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, @unix)
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
                    &me.host
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
            "SELECT b.id, b.title, (SELECT count(*) FROM book_puzzles p WHERE p.book_id = b.id)
             FROM books b WHERE b.status = 'pending' ORDER BY b.id",
            &[],
        )?;
        let mut pending = Vec::with_capacity(rows.len());
        for r in rows {
            let (id, title, puzzles): (i64, String, i64) = (r.get(0)?, r.get(1)?, r.get(2)?);
            let lease: Option<Lease> = lease_in(&self.conn, "books", id)?;
            let live = lease.as_ref().is_some_and(|l| l.holder.owner == me.owner || l.is_live(me));
            let holder = lease.map_or("no process".to_string(), |l| l.describe());
            pending.push(PendingBook { id, title, puzzles, live, holder });
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
            .query_opt("SELECT id, title, settings, created_at, pdf_path, pages, pdf_hash FROM books WHERE id = $1", vals![id])?
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
