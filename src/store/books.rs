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
    /// those printed in a book unless `reprint` is allowed.
    pub fn book_candidates(&self, layout: &str, level: &str, reprint: bool) -> Result<Vec<Candidate>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, score FROM puzzles p
             WHERE layout_name = ?1 AND coalesce(technique_level, level) = ?2 AND validation = 'ok'
               AND (?3 OR NOT EXISTS (SELECT 1 FROM book_puzzles b WHERE b.puzzle_id = p.id))
             ORDER BY id",
        )?;
        let rows = stmt
            .query_map(params![layout, level, reprint], |r| Ok(Candidate { id: r.get(0)?, score: r.get::<_, i64>(1)? as u32 }))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// How many puzzles of a layout and level are stored but not validated.
    pub fn unvalidated_count(&self, layout: &str, level: &str) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM puzzles WHERE layout_name = ?1 AND coalesce(technique_level, level) = ?2 AND validation IS NULL",
            params![layout, level],
            |r| r.get(0),
        )?)
    }

    /// Records a book and its puzzles in order, in one transaction.
    pub fn add_book(&self, book: &BookRow) -> Result<i64> {
        self.write(|conn| {
            conn.execute(
                "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![book.title, book.settings, book.created_at, book.pdf_path, book.pages, book.pdf_hash],
            )?;
            let id = conn.last_insert_rowid();
            let mut insert = conn.prepare_cached("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (?1, ?2, ?3)")?;
            for (i, puzzle) in book.puzzles.iter().enumerate() {
                insert.execute(params![id, i as i64 + 1, puzzle])?;
            }
            Ok(id)
        })
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
