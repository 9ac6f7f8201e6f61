//! The studio's catalog page: puzzles filtered, sorted and paged by key
//! (never by OFFSET: the next page starts after the last row's sort key,
//! so a page costs the same at the start and deep in a large catalog).
//! Every filter is a bound parameter; the statement's text depends only on
//! the sort, chosen from a fixed list.

use super::Catalog;
use super::db::{Row, Value, vals};
use anyhow::{Result, bail};

/// Where a puzzle stands with books and checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// In no book (done or being made).
    Free,
    /// In a finished book.
    Printed,
    /// Not validated yet.
    Unchecked,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Free, Status::Printed, Status::Unchecked];
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Free => "free",
            Status::Printed => "printed",
            Status::Unchecked => "unchecked",
        }
    }
}

/// Where puzzles came from: made by `generate`, or read by `import`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Generated,
    Imported,
}

impl Source {
    pub const ALL: [Source; 2] = [Source::Generated, Source::Imported];
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Generated => "generated",
            Source::Imported => "imported",
        }
    }
}

/// The order of a catalog page; each ends on the id, so keys are unique.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// Oldest first.
    #[default]
    Id,
    /// Newest first.
    IdDesc,
    /// Easiest first (SE rating; unrated puzzles first).
    Rating,
    /// Hardest first.
    RatingDesc,
    /// Fewest givens first.
    Clues,
}

impl Sort {
    pub const ALL: [Sort; 5] = [Sort::Id, Sort::IdDesc, Sort::Rating, Sort::RatingDesc, Sort::Clues];
    pub fn as_str(self) -> &'static str {
        match self {
            Sort::Id => "id",
            Sort::IdDesc => "newest",
            Sort::Rating => "rating",
            Sort::RatingDesc => "hardest",
            Sort::Clues => "clues",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Sort::Id => "oldest first",
            Sort::IdDesc => "newest first",
            Sort::Rating => "easiest first (SE)",
            Sort::RatingDesc => "hardest first (SE)",
            Sort::Clues => "fewest givens first",
        }
    }
    /// The sort key's SQL and whether it descends (fixed text, never input).
    fn key(self) -> (&'static str, bool) {
        match self {
            Sort::Id => ("CAST(p.id AS DOUBLE PRECISION)", false),
            Sort::IdDesc => ("CAST(p.id AS DOUBLE PRECISION)", true),
            Sort::Rating => ("COALESCE(p.se_rating, -1.0)", false),
            Sort::RatingDesc => ("COALESCE(p.se_rating, -1.0)", true),
            Sort::Clues => ("CAST(p.clues AS DOUBLE PRECISION)", false),
        }
    }
}

impl std::str::FromStr for Sort {
    type Err = String;
    fn from_str(s: &str) -> Result<Sort, String> {
        Sort::ALL.into_iter().find(|o| o.as_str() == s).ok_or_else(|| format!("unknown sort '{s}'"))
    }
}

/// What a catalog page shows. `None`: no filter on that field.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Filter {
    pub layout: Option<String>,
    pub level: Option<String>,
    /// SE rating range, both ends included.
    pub se_min: Option<f64>,
    pub se_max: Option<f64>,
    /// The hardest technique, as stored (e.g. "X-Wing").
    pub technique: Option<String>,
    pub source: Option<Source>,
    pub batch: Option<i64>,
    pub symmetry: Option<String>,
    pub status: Option<Status>,
    pub sort: Sort,
}

/// Where a page starts: after the row with this sort key and id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cursor {
    pub key: f64,
    pub id: i64,
}

impl Cursor {
    /// As a link carries it: `KEY_ID`.
    pub fn to_param(self) -> String {
        format!("{}_{}", self.key, self.id)
    }

    /// Reads `to_param`'s text; None when it is not one.
    pub fn parse(text: &str) -> Option<Cursor> {
        let (key, id) = text.split_once('_')?;
        let key: f64 = key.parse().ok().filter(|k: &f64| k.is_finite())?;
        let id: i64 = id.parse().ok()?;
        Some(Cursor { key, id })
    }
}

/// One row of a catalog page.
#[derive(Clone, Debug, PartialEq)]
pub struct BrowseRow {
    pub id: i64,
    pub layout_name: String,
    /// The stored layout file's name and text (to draw the puzzle).
    pub layout_file: String,
    pub layout_source: String,
    pub givens: String,
    pub clues: i64,
    pub level: String,
    pub se_rating: Option<f64>,
    pub technique: Option<String>,
    pub source: String,
    pub symmetry: Option<String>,
    pub batch_id: Option<i64>,
    pub validation: Option<String>,
    /// Books (finished) it is printed in.
    pub printed: i64,
    /// The sort key it was listed under (for the next page's cursor).
    key: f64,
}

impl BrowseRow {
    pub fn cursor(&self) -> Cursor {
        Cursor { key: self.key, id: self.id }
    }
}

/// One page: its rows and where the next starts (None: this is the last).
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub rows: Vec<BrowseRow>,
    pub next: Option<Cursor>,
}

/// A book a puzzle is in, with its number there.
#[derive(Clone, Debug, PartialEq)]
pub struct BookUse {
    pub book_id: i64,
    pub title: String,
    pub number: i64,
    pub status: String,
}

/// The most rows a page may ask for.
pub const MAX_LIMIT: usize = 200;

fn statement(sort: Sort) -> String {
    let (key, descending) = sort.key();
    let (after, order) = if descending { ("<", "DESC") } else { (">", "ASC") };
    format!(
        "SELECT p.id, p.layout_name, l.name, l.source, p.givens, p.clues, p.level, p.se_rating, p.technique, p.source,
                p.symmetry, p.batch_id, p.validation,
                (SELECT count(*) FROM book_puzzles bp JOIN books b ON b.id = bp.book_id WHERE bp.puzzle_id = p.id AND b.status = 'done'),
                {key}
         FROM puzzles p JOIN layouts l ON l.id = p.layout_id
         WHERE (CAST($1 AS TEXT) IS NULL OR p.layout_name = CAST($1 AS TEXT))
           AND (CAST($2 AS TEXT) IS NULL OR p.level = CAST($2 AS TEXT))
           AND (CAST($3 AS DOUBLE PRECISION) IS NULL OR p.se_rating >= CAST($3 AS DOUBLE PRECISION) - 1e-9)
           AND (CAST($4 AS DOUBLE PRECISION) IS NULL OR p.se_rating <= CAST($4 AS DOUBLE PRECISION) + 1e-9)
           AND (CAST($5 AS TEXT) IS NULL OR p.technique = CAST($5 AS TEXT))
           AND (CAST($6 AS TEXT) IS NULL
                OR (CAST($6 AS TEXT) = 'generated' AND p.source = 'generated')
                OR (CAST($6 AS TEXT) = 'imported' AND p.source <> 'generated'))
           AND (CAST($7 AS BIGINT) IS NULL OR p.batch_id = CAST($7 AS BIGINT))
           AND (CAST($8 AS TEXT) IS NULL OR p.symmetry = CAST($8 AS TEXT))
           AND (CAST($9 AS TEXT) IS NULL
                OR (CAST($9 AS TEXT) = 'free' AND NOT EXISTS (SELECT 1 FROM book_puzzles bp WHERE bp.puzzle_id = p.id))
                OR (CAST($9 AS TEXT) = 'printed' AND EXISTS (SELECT 1 FROM book_puzzles bp JOIN books b ON b.id = bp.book_id
                                                           WHERE bp.puzzle_id = p.id AND b.status = 'done'))
                OR (CAST($9 AS TEXT) = 'unchecked' AND p.validation IS NULL))
           AND (CAST($10 AS BIGINT) IS NULL
                OR {key} {after} CAST($11 AS DOUBLE PRECISION)
                OR ({key} = CAST($11 AS DOUBLE PRECISION) AND p.id {after} CAST($10 AS BIGINT)))
         ORDER BY {key} {order}, p.id {order}
         LIMIT CAST($12 AS BIGINT)"
    )
}

fn read(r: &Row) -> Result<BrowseRow> {
    Ok(BrowseRow {
        id: r.get(0)?,
        layout_name: r.get(1)?,
        layout_file: r.get(2)?,
        layout_source: r.get(3)?,
        givens: r.get(4)?,
        clues: r.get(5)?,
        level: r.get(6)?,
        se_rating: r.get(7)?,
        technique: r.get(8)?,
        source: r.get(9)?,
        symmetry: r.get(10)?,
        batch_id: r.get(11)?,
        validation: r.get(12)?,
        printed: r.get(13)?,
        key: r.get(14)?,
    })
}

impl Catalog {
    /// A page of at most `limit` puzzles (1 to [`MAX_LIMIT`]) matching
    /// `filter`, in its sort order, starting after `after`.
    pub fn browse(&self, filter: &Filter, after: Option<Cursor>, limit: usize) -> Result<Page> {
        if !(1..=MAX_LIMIT).contains(&limit) {
            bail!("a page holds 1 to {MAX_LIMIT} puzzles, not {limit}");
        }
        let params: Vec<Value> = vals![
            &filter.layout,
            &filter.level,
            filter.se_min,
            filter.se_max,
            &filter.technique,
            filter.source.map(Source::as_str),
            filter.batch,
            &filter.symmetry,
            filter.status.map(Status::as_str),
            after.map(|c| c.id),
            after.map(|c| c.key),
            limit as i64 + 1
        ]
        .to_vec();
        let mut rows: Vec<BrowseRow> = self.conn.query(&statement(filter.sort), &params)?.iter().map(read).collect::<Result<_>>()?;
        let next = if rows.len() > limit {
            rows.truncate(limit);
            rows.last().map(BrowseRow::cursor)
        } else {
            None
        };
        Ok(Page { rows, next })
    }

    /// The books a puzzle is in (finished and being made), by book id.
    pub fn books_of(&self, puzzle: i64) -> Result<Vec<BookUse>> {
        self.conn
            .query(
                "SELECT b.id, b.title, bp.number, b.status FROM book_puzzles bp JOIN books b ON b.id = bp.book_id
                 WHERE bp.puzzle_id = $1 ORDER BY b.id, bp.number",
                vals![puzzle],
            )?
            .iter()
            .map(|r| Ok(BookUse { book_id: r.get(0)?, title: r.get(1)?, number: r.get(2)?, status: r.get(3)? }))
            .collect()
    }

    /// The values a filter can take that the catalog holds: hardest
    /// techniques, symmetries and batch ids, each sorted.
    pub fn browse_choices(&self) -> Result<Choices> {
        let texts = |sql: &str| -> Result<Vec<String>> { self.conn.query(sql, &[])?.iter().map(|r| r.get(0)).collect() };
        Ok(Choices {
            layouts: self.puzzle_layouts()?,
            techniques: texts("SELECT DISTINCT technique FROM puzzles WHERE technique IS NOT NULL ORDER BY technique")?,
            symmetries: texts("SELECT DISTINCT symmetry FROM puzzles WHERE symmetry IS NOT NULL ORDER BY symmetry")?,
            batches: self.conn.query("SELECT id FROM batches ORDER BY id", &[])?.iter().map(|r| r.get(0)).collect::<Result<_>>()?,
        })
    }
}

/// The choices of a catalog page's filters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choices {
    pub layouts: Vec<String>,
    pub techniques: Vec<String>,
    pub symmetries: Vec<String>,
    pub batches: Vec<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_what_it_wrote_and_nothing_else() {
        let c = Cursor { key: 4.5, id: 17 };
        assert_eq!(Cursor::parse(&c.to_param()), Some(c));
        for bad in ["", "17", "x_1", "1_x", "NaN_3", "inf_3", "1_2_3", "' OR 1=1 --"] {
            assert_eq!(Cursor::parse(bad), None, "{bad}");
        }
    }
}
