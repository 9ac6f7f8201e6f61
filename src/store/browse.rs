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
    /// In no book (done or being made) and no live draft.
    Free,
    /// Held by an editor's live draft (`reserve`), in no book.
    Reserved,
    /// In a finished book.
    Printed,
    /// Not validated yet.
    Unchecked,
}

impl Status {
    pub const ALL: [Status; 4] = [Status::Free, Status::Reserved, Status::Printed, Status::Unchecked];
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Free => "free",
            Status::Reserved => "reserved",
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
    /// Held by a live draft.
    pub reserved: bool,
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

/// The live drafts holding puzzle `p` (an editor's `reserve`).
const LIVE_DRAFT: &str =
    "SELECT 1 FROM draft_puzzles dp JOIN drafts d ON d.id = dp.draft_id WHERE dp.puzzle_id = p.id AND d.expires_at > @unix";

fn statement(sort: Sort) -> String {
    let (key, descending) = sort.key();
    let (after, order) = if descending { ("<", "DESC") } else { (">", "ASC") };
    // By id, the id alone orders and continues (the primary key's order:
    // no sort at all); $11 is still named so both sorts bind the same list.
    let (keyset, ordered) = match sort {
        Sort::Id | Sort::IdDesc => (
            format!("(CAST($10 AS BIGINT) IS NULL OR CAST($11 AS DOUBLE PRECISION) IS NULL OR p.id {after} CAST($10 AS BIGINT))"),
            format!("p.id {order}"),
        ),
        _ => (
            format!(
                "(CAST($10 AS BIGINT) IS NULL
                  OR {key} {after} CAST($11 AS DOUBLE PRECISION)
                  OR ({key} = CAST($11 AS DOUBLE PRECISION) AND p.id {after} CAST($10 AS BIGINT)))"
            ),
            format!("{key} {order}, p.id {order}"),
        ),
    };
    format!(
        "SELECT p.id, p.layout_name, l.name, l.source, p.givens, p.clues, p.level, p.se_rating, p.technique, p.source,
                p.symmetry, p.batch_id, p.validation,
                (SELECT count(*) FROM book_puzzles bp JOIN books b ON b.id = bp.book_id WHERE bp.puzzle_id = p.id AND b.status = 'done'),
                {key},
                (SELECT count(*) FROM ({LIVE_DRAFT}) live)
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
                OR (CAST($9 AS TEXT) = 'free' AND NOT EXISTS (SELECT 1 FROM book_puzzles bp WHERE bp.puzzle_id = p.id)
                    AND NOT EXISTS ({LIVE_DRAFT}))
                OR (CAST($9 AS TEXT) = 'reserved' AND NOT EXISTS (SELECT 1 FROM book_puzzles bp WHERE bp.puzzle_id = p.id)
                    AND EXISTS ({LIVE_DRAFT}))
                OR (CAST($9 AS TEXT) = 'printed' AND EXISTS (SELECT 1 FROM book_puzzles bp JOIN books b ON b.id = bp.book_id
                                                           WHERE bp.puzzle_id = p.id AND b.status = 'done'))
                OR (CAST($9 AS TEXT) = 'unchecked' AND p.validation IS NULL))
           AND {keyset}
         ORDER BY {ordered}
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
        reserved: r.get::<i64>(15)? > 0,
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

    /// The values a filter can take that the catalog holds: layouts,
    /// hardest techniques, symmetries and batch ids, each sorted. (The
    /// techniques and symmetries read every puzzle: ask once in a while.)
    pub fn browse_choices(&self) -> Result<Choices> {
        let texts = |sql: &str| -> Result<Vec<String>> { self.conn.query(sql, &[])?.iter().map(|r| r.get(0)).collect() };
        Ok(Choices {
            layouts: texts("SELECT DISTINCT name FROM layouts ORDER BY name")?,
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
    use crate::layout::Layout;
    use crate::store::scratch::every_backend;
    use crate::store::{NewPuzzle, StoredGrade};

    /// 23 puzzles: SE ratings repeating (ties broken by id), some unrated,
    /// givens 20–26, levels and symmetries alternating; two batches.
    fn filled(catalog: &Catalog) {
        let layout = Layout::load("classic-4").unwrap();
        let layout_id = catalog.layout_id(&layout, "cells").unwrap();
        for (batch, range) in [(0, 0..13u64), (1, 13..23u64)] {
            let id = catalog.create_batch(layout_id, batch, 13, None, "none").unwrap();
            let puzzles: Vec<NewPuzzle> = range
                .clone()
                .map(|i| NewPuzzle {
                    own_layout: None,
                    grade: (i % 5 != 4).then(|| StoredGrade {
                        se_rating: [1.5, 2.0, 2.0, 3.4][(i % 4) as usize],
                        technique: ["hidden single", "X-Wing"][(i % 2) as usize].into(),
                        level: "easy".into(),
                    }),
                    givens: "1.".into(),
                    solution: "12".into(),
                    canonical: format!("key{i}"),
                    clues: 20 + (i % 7) as usize,
                    score: 10,
                    level: ["easy", "hard"][(i % 2) as usize].into(),
                    effort_nodes: 1,
                    seed: i,
                    minimal: None,
                    symmetry: Some(["none", "central"][(i % 3 == 0) as usize].into()),
                })
                .collect();
            catalog.commit_chunk(&catalog.batch(id).unwrap(), &puzzles, range.end - range.start).unwrap();
        }
    }

    /// Every page of `filter`, `limit` at a time: the ids in order.
    fn all_pages(catalog: &Catalog, filter: &Filter, limit: usize) -> Vec<i64> {
        let (mut ids, mut after, mut pages) = (Vec::new(), None, 0);
        loop {
            let page = catalog.browse(filter, after, limit).unwrap();
            assert!(page.rows.len() <= limit);
            ids.extend(page.rows.iter().map(|r| r.id));
            pages += 1;
            assert!(pages < 100, "paging does not end");
            match page.next {
                Some(next) => after = Some(next),
                None => return ids,
            }
        }
    }

    #[test]
    fn pages_by_key_give_every_match_once_in_each_sort_on_every_backend() {
        for place in every_backend("browse") {
            let catalog = Catalog::open(&place.target).unwrap();
            filled(&catalog);
            let rows = catalog.browse(&Filter::default(), None, MAX_LIMIT).unwrap().rows;
            assert_eq!(rows.len(), 23);
            for sort in Sort::ALL {
                let key = |r: &BrowseRow| match sort {
                    Sort::Id | Sort::IdDesc => r.id as f64,
                    Sort::Rating | Sort::RatingDesc => r.se_rating.unwrap_or(-1.0),
                    Sort::Clues => r.clues as f64,
                };
                let mut expected: Vec<(f64, i64)> = rows.iter().map(|r| (key(r), r.id)).collect();
                expected.sort_by(|a, b| a.partial_cmp(b).unwrap());
                if matches!(sort, Sort::IdDesc | Sort::RatingDesc) {
                    expected.reverse();
                }
                let expected: Vec<i64> = expected.into_iter().map(|(_, id)| id).collect();
                for limit in [1, 4, 5, 23] {
                    let filter = Filter { sort, ..Filter::default() };
                    assert_eq!(all_pages(&catalog, &filter, limit), expected, "{sort:?} by {limit}");
                }
            }
            // Filters: each keeps exactly the rows it names.
            let check = |filter: Filter, keep: &dyn Fn(&BrowseRow) -> bool| {
                let want: Vec<i64> = rows.iter().filter(|r| keep(r)).map(|r| r.id).collect();
                assert!(!want.is_empty() && want.len() < rows.len(), "{filter:?} tests nothing");
                assert_eq!(all_pages(&catalog, &filter, 3), want, "{filter:?}");
            };
            check(Filter { level: Some("hard".into()), ..Filter::default() }, &|r| r.level == "hard");
            check(Filter { se_min: Some(2.0), se_max: Some(3.0), ..Filter::default() }, &|r| r.se_rating == Some(2.0));
            check(Filter { technique: Some("X-Wing".into()), ..Filter::default() }, &|r| r.technique.as_deref() == Some("X-Wing"));
            check(Filter { symmetry: Some("central".into()), ..Filter::default() }, &|r| r.symmetry.as_deref() == Some("central"));
            check(Filter { batch: Some(2), ..Filter::default() }, &|r| r.batch_id == Some(2));
            check(Filter { status: Some(Status::Unchecked), level: Some("easy".into()), ..Filter::default() }, &|r| r.level == "easy");
            // A finished book makes its puzzles printed, the rest stay free.
            catalog
                .conn
                .batch(
                    "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash) VALUES ('t', '', 'now', 'x.pdf', 1, 'h');
                     INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (1, 1, 3), (1, 2, 7);",
                )
                .unwrap();
            check(Filter { status: Some(Status::Printed), ..Filter::default() }, &|r| [3, 7].contains(&r.id));
            check(Filter { status: Some(Status::Free), ..Filter::default() }, &|r| ![3, 7].contains(&r.id));
            // A live draft reserves its puzzles; an expired one holds nothing.
            catalog
                .conn
                .batch(
                    "INSERT INTO drafts (id, name, editor, created_at, expires_at) VALUES (1, 'live', 'ann', 'now', 9000000000),
                         (2, 'gone', 'bob', 'now', 1000);
                     INSERT INTO draft_puzzles (draft_id, puzzle_id) VALUES (1, 4), (1, 5), (2, 6);",
                )
                .unwrap();
            check(Filter { status: Some(Status::Reserved), ..Filter::default() }, &|r| [4, 5].contains(&r.id));
            check(Filter { status: Some(Status::Free), ..Filter::default() }, &|r| ![3, 4, 5, 7].contains(&r.id));
            let reserved: Vec<i64> =
                catalog.browse(&Filter::default(), None, MAX_LIMIT).unwrap().rows.iter().filter(|r| r.reserved).map(|r| r.id).collect();
            assert_eq!(reserved, [4, 5]);
            assert_eq!(catalog.books_of(7).unwrap().len(), 1);
            // Imported: none here; generated: all.
            let imported = Filter { source: Some(Source::Imported), ..Filter::default() };
            assert!(catalog.browse(&imported, None, 10).unwrap().rows.is_empty());
            // Text that looks like SQL is only text.
            let injected = Filter { layout: Some("' OR 1=1 --".into()), ..Filter::default() };
            assert!(catalog.browse(&injected, None, 10).unwrap().rows.is_empty());
            assert!(catalog.browse(&Filter::default(), None, 0).is_err());
            assert!(catalog.browse(&Filter::default(), None, MAX_LIMIT + 1).is_err());
        }
    }

    #[test]
    fn a_cursor_reads_back_what_it_wrote_and_nothing_else() {
        let c = Cursor { key: 4.5, id: 17 };
        assert_eq!(Cursor::parse(&c.to_param()), Some(c));
        for bad in ["", "17", "x_1", "1_x", "NaN_3", "inf_3", "1_2_3", "' OR 1=1 --"] {
            assert_eq!(Cursor::parse(bad), None, "{bad}");
        }
    }
}
