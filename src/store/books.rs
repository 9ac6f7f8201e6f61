//! Books in the catalog: recording one with its puzzles, listing them, and
//! finding the puzzles a new book may use.

use super::Catalog;
use anyhow::{Result, anyhow};
use rusqlite::{OptionalExtension, params};

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
            .prepare(
                "SELECT id FROM puzzles p
                 WHERE layout_name = ?1 AND level = ?2 AND validation = 'ok'
                   AND (?3 OR NOT EXISTS (SELECT 1 FROM book_puzzles b WHERE b.puzzle_id = p.id))
                   AND (?4 IS NULL OR se_rating BETWEEN ?4 - 1e-9 AND ?5 + 1e-9)
                   AND NOT EXISTS (SELECT 1 FROM reference_keys k JOIN reference_sets s ON s.id = k.set_id
                                   WHERE s.layout_name = p.layout_name AND k.canonical = p.canonical)
                 ORDER BY id",
            )?
            .query_map(params![layout, level, reprint, rating.map(|r| r.low), rating.map(|r| r.high)], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
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
        Ok(self.conn.query_row(
            "SELECT count(*) FROM puzzles WHERE layout_name = ?1 AND level = ?2 AND validation IS NULL",
            params![layout, level],
            |r| r.get(0),
        )?)
    }

    /// Records a book and its puzzles in order, in one transaction.
    pub fn add_book(&self, book: &BookRow) -> Result<i64> {
        self.write(|_| self.insert_book(book))
    }

    /// Records a book and its puzzles in order; the caller holds the
    /// transaction (see `Catalog::write`).
    pub(crate) fn insert_book(&self, book: &BookRow) -> Result<i64> {
        let mut seen = std::collections::HashSet::new();
        if let Some(dup) = book.puzzles.iter().find(|&&p| !seen.insert(p)) {
            return Err(anyhow!("book \"{}\": puzzle {dup} would be in it twice", book.title));
        }
        self.conn.execute(
            "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![book.title, book.settings, book.created_at, book.pdf_path, book.pages, book.pdf_hash],
        )?;
        let id = self.conn.last_insert_rowid();
        let mut insert = self.conn.prepare_cached("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (?1, ?2, ?3)")?;
        for (i, puzzle) in book.puzzles.iter().enumerate() {
            insert.execute(params![id, i as i64 + 1, puzzle])?;
        }
        Ok(id)
    }

    /// Sets a book's PDF path, page count and PDF hash once it is written.
    pub(crate) fn finish_book(&self, id: i64, pdf_path: &str, pages: i64, pdf_hash: &str) -> Result<()> {
        self.write(|conn| {
            conn.execute(
                "UPDATE books SET pdf_path = ?2, pages = ?3, pdf_hash = ?4 WHERE id = ?1",
                params![id, pdf_path, pages, pdf_hash],
            )?;
            Ok(())
        })
    }

    /// Forgets a book whose PDF could not be made, freeing its puzzles.
    pub(crate) fn delete_book(&self, id: i64) -> Result<()> {
        self.write(|conn| {
            conn.execute("DELETE FROM book_puzzles WHERE book_id = ?1", [id])?;
            conn.execute("DELETE FROM books WHERE id = ?1", [id])?;
            Ok(())
        })
    }

    /// The book (other than `except`) whose PDF is recorded at `path`, as (id, title).
    pub fn pdf_owner(&self, path: &str, except: Option<i64>) -> Result<Option<(i64, String)>> {
        Ok(self
            .conn
            .query_row("SELECT id, title FROM books WHERE pdf_path = ?1 AND id IS NOT ?2 ORDER BY id LIMIT 1", params![path, except], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?)
    }

    pub fn book(&self, id: i64) -> Result<BookRow> {
        let mut book = self
            .conn
            .query_row("SELECT id, title, settings, created_at, pdf_path, pages, pdf_hash FROM books WHERE id = ?1", [id], |r| {
                Ok(BookRow {
                    id: r.get(0)?,
                    title: r.get(1)?,
                    settings: r.get(2)?,
                    created_at: r.get(3)?,
                    pdf_path: r.get(4)?,
                    pages: r.get(5)?,
                    pdf_hash: r.get(6)?,
                    puzzles: Vec::new(),
                })
            })
            .optional()?
            .ok_or_else(|| anyhow!("{}: there is no book {id} (`puzzlebook books` lists them)", self.path.display()))?;
        let mut stmt = self.conn.prepare("SELECT puzzle_id FROM book_puzzles WHERE book_id = ?1 ORDER BY number")?;
        book.puzzles = stmt.query_map([id], |r| r.get(0))?.collect::<rusqlite::Result<Vec<i64>>>()?;
        Ok(book)
    }

    pub fn books(&self) -> Result<Vec<BookRow>> {
        let ids: Vec<i64> =
            self.conn.prepare("SELECT id FROM books ORDER BY id")?.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        ids.into_iter().map(|id| self.book(id)).collect()
    }

    /// The time now as the catalog writes it (UTC, ISO 8601).
    pub fn now(&self) -> Result<String> {
        Ok(self.conn.query_row("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now')", [], |r| r.get(0))?)
    }
}
