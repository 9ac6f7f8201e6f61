//! The studio's catalog page: puzzles filtered, sorted and paged by key
//! (never by OFFSET: the next page starts after the last row's sort key,
//! so a page costs the same at the start and deep in a large catalog).
//! Every filter is a bound parameter; the statement's text depends only on
//! which filters are set and the sort, chosen from a fixed list.

use super::Catalog;
use super::db::{Dialect, Row, Value, vals};
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
    /// The sort key's SQL, its type, and whether it descends (fixed
    /// text, never input). Each matches an index's expression: the primary
    /// key, `puzzles_by_rating`, `puzzles_by_clues` (and the filters'
    /// indexes of migration 0020 that end on it).
    fn key(self) -> (&'static str, &'static str, bool) {
        match self {
            Sort::Id => ("p.id", "BIGINT", false),
            Sort::IdDesc => ("p.id", "BIGINT", true),
            Sort::Rating => ("COALESCE(p.se_rating, -1.0)", "DOUBLE PRECISION", false),
            Sort::RatingDesc => ("COALESCE(p.se_rating, -1.0)", "DOUBLE PRECISION", true),
            Sort::Clues => ("p.clues", "BIGINT", false),
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
    /// The `--pattern` picture its batch was made with, by its key
    /// ([`pattern_key`]): puzzles of every batch made with that picture.
    pub pattern: Option<String>,
    pub status: Option<Status>,
    pub sort: Sort,
}

/// A pattern picture's key in a filter (and an address): a hash of the
/// picture as the batch stored it.
pub fn pattern_key(picture: &str) -> String {
    super::fingerprint(picture)[..12].to_string()
}

/// The `--pattern` picture in a batch's stored controls (TOML), if any.
fn stored_pattern(controls: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(controls).ok()?;
    table.get("pattern")?.as_str().map(str::to_string)
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
    /// The editor who made the book (`books.made_by`), when recorded.
    pub made_by: Option<String>,
}

/// The most rows a page may ask for.
pub const MAX_LIMIT: usize = 200;

/// The live drafts holding puzzle `p` (an editor's `reserve`).
const LIVE_DRAFT: &str =
    "SELECT 1 FROM draft_puzzles dp JOIN drafts d ON d.id = dp.draft_id WHERE dp.puzzle_id = p.id AND d.expires_at > @unix";

/// A catalog page's statement and its parameters. The text depends on
/// which filters are set and the sort (never on a value: every value is a
/// bound parameter), so each filter is a plain condition the planner can
/// answer from an index (see migration 0020) instead of a `$1 IS NULL OR`
/// that no index serves.
fn conditions(filter: &Filter, patterns: Option<&[i64]>, dialect: Dialect) -> (Vec<String>, Vec<Value>) {
    let mut params: Vec<Value> = Vec::new();
    let mut bind = |v: Value| {
        params.push(v);
        format!("${}", params.len())
    };
    // PostgreSQL takes each parameter's type from its CAST; SQLite compares
    // a bare parameter (a CAST would give it an affinity the expression
    // indexes' columns lack, and they would go unused).
    let real = |p: String| match dialect {
        Dialect::Sqlite => p,
        Dialect::Postgres => format!("CAST({p} AS DOUBLE PRECISION)"),
    };
    let mut conditions: Vec<String> = Vec::new();
    if let Some(layout) = &filter.layout {
        conditions.push(format!("p.layout_name = CAST({} AS TEXT)", bind(layout.as_str().into())));
    }
    if let Some(level) = &filter.level {
        conditions.push(format!("p.level = CAST({} AS TEXT)", bind(level.as_str().into())));
    }
    // On the rating index's expression only (unrated puzzles are -1 there,
    // below every range's floor of 0), so the index alone answers it: a
    // `se_rating IS NOT NULL` would send every match to the table.
    if filter.se_min.is_some() || filter.se_max.is_some() {
        let min = filter.se_min.unwrap_or(0.0).max(0.0);
        conditions.push(format!("COALESCE(p.se_rating, -1.0) >= {}", real(bind((min - 1e-9).into()))));
    }
    if let Some(max) = filter.se_max {
        conditions.push(format!("COALESCE(p.se_rating, -1.0) <= {}", real(bind((max + 1e-9).into()))));
    }
    if let Some(technique) = &filter.technique {
        conditions.push(format!("p.technique = CAST({} AS TEXT)", bind(technique.as_str().into())));
    }
    match filter.source {
        Some(Source::Generated) => conditions.push("p.source = 'generated'".into()),
        // As the partial index `puzzles_imported` is written.
        Some(Source::Imported) => conditions.push("p.source <> 'generated'".into()),
        None => {}
    }
    if let Some(batch) = filter.batch {
        conditions.push(format!("p.batch_id = CAST({} AS BIGINT)", bind(batch.into())));
    }
    if let Some(batches) = patterns {
        let list = format!("[{}]", batches.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        let list = bind(list.into());
        conditions.push(match dialect {
            Dialect::Sqlite => format!("p.batch_id IN (SELECT value FROM json_each(CAST({list} AS TEXT)))"),
            Dialect::Postgres => {
                format!("p.batch_id IN (SELECT CAST(jsonb_array_elements_text(CAST(CAST({list} AS TEXT) AS JSONB)) AS BIGINT))")
            }
        });
    }
    if let Some(symmetry) = &filter.symmetry {
        conditions.push(format!("p.symmetry = CAST({} AS TEXT)", bind(symmetry.as_str().into())));
    }
    match filter.status {
        // Most puzzles are free: the page walks its sort order and stops at its rows.
        Some(Status::Free) => {
            conditions.push(format!("NOT EXISTS (SELECT 1 FROM book_puzzles bp WHERE bp.puzzle_id = p.id) AND NOT EXISTS ({LIVE_DRAFT})"))
        }
        // Few puzzles are reserved or printed: the page starts from them.
        Some(Status::Reserved) => conditions.push(
            "p.id IN (SELECT dp.puzzle_id FROM draft_puzzles dp JOIN drafts d ON d.id = dp.draft_id WHERE d.expires_at > @unix)
             AND NOT EXISTS (SELECT 1 FROM book_puzzles bp WHERE bp.puzzle_id = p.id)"
                .into(),
        ),
        Some(Status::Printed) => conditions
            .push("p.id IN (SELECT bp.puzzle_id FROM book_puzzles bp JOIN books b ON b.id = bp.book_id WHERE b.status = 'done')".into()),
        Some(Status::Unchecked) => conditions.push("p.validation IS NULL".into()),
        None => {}
    }
    (conditions, params)
}

/// How SQLite reads a page (PostgreSQL's planner chooses from its statistics).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Access {
    /// As the planner likes.
    Planner,
    /// A range of this filter's index.
    Range(&'static str),
    /// The sort's own order, filtering as it goes: only for a filter that
    /// at least [`dense_cap`] puzzles match, so a page stops early.
    Walk,
}

/// How many matches make a filter common, in a catalog of `total`: a
/// filter with at least this many is walked in the sort's order (a page of
/// 50 then reads about `51 × total / matches` rows, at most as many as
/// this); a rarer one is read from its index's range (fewer than this) and
/// sorted. Deciding counts up to this many index entries. The square root
/// of `51 × total` makes the three costs equal, each bounded far below the
/// catalog: 7,100 at a million, 22,600 at ten million (a fixed share, one
/// in a hundred, counted 100,000 entries at ten million on every page).
fn dense_cap(total: i64) -> i64 {
    ((total.max(0) as f64 * 51.0).sqrt().ceil() as i64).max(1)
}

fn statement(
    filter: &Filter,
    patterns: Option<&[i64]>,
    after: Option<Cursor>,
    limit: usize,
    dialect: Dialect,
    access: Access,
) -> (String, Vec<Value>) {
    let (mut conditions, mut params) = self::conditions(filter, patterns, dialect);
    let real = |p: String| match dialect {
        Dialect::Sqlite => p,
        Dialect::Postgres => format!("CAST({p} AS DOUBLE PRECISION)"),
    };
    let mut bind = |v: Value| {
        params.push(v);
        format!("${}", params.len())
    };
    let (key, cast, descending) = filter.sort.key();
    let (past, order) = if descending { ("<", "DESC") } else { (">", "ASC") };
    if let Some(c) = after {
        let id = bind(c.id.into());
        conditions.push(match filter.sort {
            Sort::Id | Sort::IdDesc => format!("p.id {past} CAST({id} AS BIGINT)"),
            _ => {
                let at = match cast {
                    "BIGINT" => format!("CAST({} AS BIGINT)", bind((c.key.round() as i64).into())),
                    _ => real(bind(c.key.into())),
                };
                // A row value: both planners read it as a range of the sort's index.
                format!("({key}, p.id) {past} ({at}, CAST({id} AS BIGINT))")
            }
        });
    }
    let ordered = match filter.sort {
        Sort::Id | Sort::IdDesc => format!("p.id {order}"),
        _ => format!("{key} {order}, p.id {order}"),
    };
    let limit = bind((limit as i64 + 1).into());
    // SQLite plans without a histogram: left alone it may walk the sort's
    // order through a rare filter (the whole table) or sort a common one's
    // whole range. Told which (see `Catalog::access`), it does neither.
    let indexed = match (dialect, access) {
        (Dialect::Postgres, _) | (_, Access::Planner) => String::new(),
        (_, Access::Range(index)) => format!(" INDEXED BY {index}"),
        (_, Access::Walk) => match filter.sort {
            Sort::Id | Sort::IdDesc => " NOT INDEXED".to_string(),
            Sort::Rating | Sort::RatingDesc => " INDEXED BY puzzles_by_rating".to_string(),
            Sort::Clues => " INDEXED BY puzzles_by_clues".to_string(),
        },
    };
    let condition = if conditions.is_empty() { "1 = 1".to_string() } else { conditions.join("\n           AND ") };
    let sql = format!(
        "SELECT p.id, p.layout_name, l.name, l.source, p.givens, p.clues, p.level, p.se_rating, p.technique, p.source,
                p.symmetry, p.batch_id, p.validation,
                (SELECT count(*) FROM book_puzzles bp JOIN books b ON b.id = bp.book_id WHERE bp.puzzle_id = p.id AND b.status = 'done'),
                CAST({key} AS DOUBLE PRECISION),
                (SELECT count(*) FROM ({LIVE_DRAFT}) live)
         FROM puzzles p{indexed} JOIN layouts l ON l.id = p.layout_id
         WHERE {condition}
         ORDER BY {ordered}
         LIMIT CAST({limit} AS BIGINT)"
    );
    (sql, params)
}

/// The index SQLite reads a filtered page from: the most selective
/// filter's (batch or pattern, technique, symmetry, SE range, imported,
/// unchecked, level, layout). None: no filter an index serves (printed and
/// reserved start from their own small tables; free and generated are
/// most of the catalog, so the sort's order is walked).
fn sqlite_index(filter: &Filter, pattern: bool) -> Option<&'static str> {
    let rated = matches!(filter.sort, Sort::Rating | Sort::RatingDesc);
    if matches!(filter.status, Some(Status::Printed | Status::Reserved)) {
        return None;
    }
    Some(if filter.batch.is_some() || pattern {
        "puzzles_by_batch_id"
    } else if filter.technique.is_some() {
        "puzzles_by_technique"
    } else if filter.symmetry.is_some() && !rated {
        "puzzles_by_symmetry"
    } else if filter.se_min.is_some() || filter.se_max.is_some() {
        "puzzles_by_rating"
    } else if filter.source == Some(Source::Imported) {
        "puzzles_imported"
    } else if filter.status == Some(Status::Unchecked) {
        "puzzles_by_validation"
    } else if filter.level.is_some() && rated {
        "puzzles_by_level_rating"
    } else if filter.level.is_some() {
        "puzzles_by_level_id"
    } else if filter.layout.is_some() {
        "puzzles_for_books"
    } else if filter.symmetry.is_some() {
        "puzzles_by_symmetry"
    } else {
        return None;
    })
}

/// Whether `index` holds a filter's matches in `sort`'s order (an index on
/// columns ends on the rowid, the id).
fn serves_sort(index: &str, sort: Sort) -> bool {
    match sort {
        Sort::Id | Sort::IdDesc => {
            matches!(
                index,
                "puzzles_by_batch_id" | "puzzles_by_symmetry" | "puzzles_by_level_id" | "puzzles_imported" | "puzzles_by_validation"
            )
        }
        Sort::Rating | Sort::RatingDesc => matches!(index, "puzzles_by_level_rating" | "puzzles_by_technique" | "puzzles_by_rating"),
        Sort::Clues => false,
    }
}

/// The count [`Catalog::access`] decides by: `filter`'s matches in
/// `index`, up to `cap` (SQLite).
fn count_statement(filter: &Filter, patterns: Option<&[i64]>, index: &str, cap: i64) -> (String, Vec<Value>) {
    let (conditions, mut params) = conditions(filter, patterns, Dialect::Sqlite);
    params.push(cap.into());
    let sql = format!(
        "SELECT count(*) FROM (SELECT 1 FROM puzzles p INDEXED BY {index} WHERE {} LIMIT ${})",
        conditions.join(" AND "),
        params.len()
    );
    (sql, params)
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
        let patterns = match &filter.pattern {
            Some(key) => Some(self.pattern_batches(key)?),
            None => None,
        };
        let access = self.access(filter, patterns.as_deref())?;
        let (sql, params) = statement(filter, patterns.as_deref(), after, limit, self.conn.dialect(), access);
        let mut rows: Vec<BrowseRow> = self.conn.query(&sql, &params)?.iter().map(read).collect::<Result<_>>()?;
        let next = if rows.len() > limit {
            rows.truncate(limit);
            rows.last().map(BrowseRow::cursor)
        } else {
            None
        };
        Ok(Page { rows, next })
    }

    /// The batches made with the pattern picture of key `key` (none when
    /// no batch was).
    pub fn pattern_batches(&self, key: &str) -> Result<Vec<i64>> {
        Ok(self.batch_patterns()?.into_iter().filter(|p| p.key == key).flat_map(|p| p.batches).collect())
    }

    /// The pattern pictures batches were made with, each with its batches.
    fn batch_patterns(&self) -> Result<Vec<PatternChoice>> {
        let mut found: Vec<PatternChoice> = Vec::new();
        for r in self.conn.query("SELECT id, controls FROM batches WHERE controls IS NOT NULL ORDER BY id", &[])? {
            let Some(picture) = stored_pattern(&r.get::<String>(1)?) else { continue };
            let key = pattern_key(&picture);
            match found.iter_mut().find(|p| p.key == key) {
                Some(p) => p.batches.push(r.get(0)?),
                None => found.push(PatternChoice { key, picture, batches: vec![r.get(0)?] }),
            }
        }
        Ok(found)
    }

    /// How SQLite reads a page of `filter`: the filter's index when that
    /// index also gives the sort's order; else by how common the filter
    /// is (counting its matches in its index, at most [`dense_cap`]
    /// of the catalog): common, walk the sort's order; rare, read and sort
    /// its range.
    fn access(&self, filter: &Filter, patterns: Option<&[i64]>) -> Result<Access> {
        if self.conn.dialect() != Dialect::Sqlite {
            return Ok(Access::Planner);
        }
        let Some(index) = sqlite_index(filter, patterns.is_some()) else { return Ok(Access::Planner) };
        if serves_sort(index, filter.sort) {
            return Ok(Access::Range(index));
        }
        let total: i64 = self.conn.query_one("SELECT COALESCE(sum(n), 0) FROM puzzle_counts", &[])?.get(0)?;
        let cap = dense_cap(total);
        let (sql, params) = count_statement(filter, patterns, index, cap);
        let matches: i64 = self.conn.query_one(&sql, &params)?.get(0)?;
        Ok(if matches >= cap { Access::Walk } else { Access::Range(index) })
    }

    /// Puzzle `id`, None when the catalog has none (a catalog that cannot
    /// be read is an error, not a missing puzzle).
    pub fn puzzle_if_any(&self, id: i64) -> Result<Option<super::PuzzleRow>> {
        match self.conn.query_opt("SELECT 1 FROM puzzles WHERE id = $1", vals![id])? {
            Some(_) => self.puzzle(id).map(Some),
            None => Ok(None),
        }
    }

    /// The books a puzzle is in (finished and being made), by book id.
    pub fn books_of(&self, puzzle: i64) -> Result<Vec<BookUse>> {
        self.conn
            .query(
                "SELECT b.id, b.title, bp.number, b.status, b.made_by FROM book_puzzles bp JOIN books b ON b.id = bp.book_id
                 WHERE bp.puzzle_id = $1 ORDER BY b.id, bp.number",
                vals![puzzle],
            )?
            .iter()
            .map(|r| Ok(BookUse { book_id: r.get(0)?, title: r.get(1)?, number: r.get(2)?, status: r.get(3)?, made_by: r.get(4)? }))
            .collect()
    }

    /// The values a filter can take that the catalog holds: layouts,
    /// hardest techniques, symmetries and batch ids, each sorted. The
    /// techniques and symmetries hop from value to value along their
    /// indexes (one index search per value, not a read of every puzzle).
    pub fn browse_choices(&self) -> Result<Choices> {
        let texts = |sql: &str| -> Result<Vec<String>> { self.conn.query(sql, &[])?.iter().map(|r| r.get(0)).collect() };
        Ok(Choices {
            layouts: texts("SELECT DISTINCT name FROM layouts ORDER BY name")?,
            techniques: texts(&distinct_values("technique"))?,
            symmetries: texts(&distinct_values("symmetry"))?,
            batches: self.conn.query("SELECT id FROM batches ORDER BY id", &[])?.iter().map(|r| r.get(0)).collect::<Result<_>>()?,
            patterns: self.batch_patterns()?,
        })
    }
}

/// The distinct non-NULL values of puzzle column `column` (fixed text,
/// never input), sorted: from the least, each next one is the least above
/// it, found by a search of the index that starts with the column (both
/// dialects; a `SELECT DISTINCT` reads the whole index, 1 s at ten million).
fn distinct_values(column: &str) -> String {
    format!(
        "WITH RECURSIVE v(x) AS (
             SELECT (SELECT min({column}) FROM puzzles)
             UNION ALL
             SELECT (SELECT min({column}) FROM puzzles WHERE {column} > v.x) FROM v WHERE v.x IS NOT NULL)
         SELECT x FROM v WHERE x IS NOT NULL"
    )
}

/// The choices of a catalog page's filters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choices {
    pub layouts: Vec<String>,
    pub techniques: Vec<String>,
    pub symmetries: Vec<String>,
    pub batches: Vec<i64>,
    pub patterns: Vec<PatternChoice>,
}

/// A `--pattern` picture some batches were made with.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternChoice {
    /// Its key in a filter ([`pattern_key`]).
    pub key: String,
    /// The picture as stored (`x` a given, `.` an empty cell).
    pub picture: String,
    pub batches: Vec<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::store::scratch::every_backend;
    use crate::store::{NewPuzzle, StoredGrade};

    /// A batch's stored controls with a `--pattern` picture.
    const PATTERN: &str = "pattern = \"x...\\n....\\n....\\n...x\"\n";

    /// 23 puzzles: SE ratings repeating (ties broken by id), some unrated,
    /// givens 20–26, levels and symmetries alternating; two batches, the
    /// second made with a pattern (and a third with the same pattern, empty).
    fn filled(catalog: &Catalog) {
        let layout = Layout::load("classic-4").unwrap();
        let layout_id = catalog.layout_id(&layout, "cells").unwrap();
        for (batch, range) in [(0, 0..13u64), (1, 13..23u64)] {
            let id = catalog.create_batch_with(layout_id, batch, 13, None, "none", (batch == 1).then_some(PATTERN), None).unwrap();
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
            // Filters: each keeps exactly the rows it names, in every sort,
            // page after page.
            let check = |filter: Filter, keep: &dyn Fn(&BrowseRow) -> bool| {
                let kept: Vec<&BrowseRow> = rows.iter().filter(|r| keep(r)).collect();
                assert!(!kept.is_empty() && kept.len() < rows.len(), "{filter:?} tests nothing");
                for sort in Sort::ALL {
                    let key = |r: &BrowseRow| match sort {
                        Sort::Id | Sort::IdDesc => r.id as f64,
                        Sort::Rating | Sort::RatingDesc => r.se_rating.unwrap_or(-1.0),
                        Sort::Clues => r.clues as f64,
                    };
                    let mut want: Vec<(f64, i64)> = kept.iter().map(|r| (key(r), r.id)).collect();
                    want.sort_by(|a, b| a.partial_cmp(b).unwrap());
                    if matches!(sort, Sort::IdDesc | Sort::RatingDesc) {
                        want.reverse();
                    }
                    let want: Vec<i64> = want.into_iter().map(|(_, id)| id).collect();
                    let filter = Filter { sort, ..filter.clone() };
                    assert_eq!(all_pages(&catalog, &filter, 3), want, "{filter:?}");
                }
            };
            check(Filter { level: Some("hard".into()), ..Filter::default() }, &|r| r.level == "hard");
            check(Filter { se_min: Some(2.0), se_max: Some(3.0), ..Filter::default() }, &|r| r.se_rating == Some(2.0));
            check(Filter { technique: Some("X-Wing".into()), ..Filter::default() }, &|r| r.technique.as_deref() == Some("X-Wing"));
            check(Filter { symmetry: Some("central".into()), ..Filter::default() }, &|r| r.symmetry.as_deref() == Some("central"));
            check(Filter { batch: Some(2), ..Filter::default() }, &|r| r.batch_id == Some(2));
            // The pattern: every batch made with the picture (3 has none of its puzzles).
            catalog
                .create_batch_with(
                    catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap(),
                    9,
                    1,
                    None,
                    "none",
                    Some(PATTERN),
                    None,
                )
                .unwrap();
            let choices = catalog.browse_choices().unwrap();
            assert_eq!(choices.patterns.len(), 1, "{choices:?}");
            assert_eq!(
                (choices.patterns[0].batches.as_slice(), choices.patterns[0].picture.as_str()),
                (&[2, 3][..], "x...\n....\n....\n...x")
            );
            let key = choices.patterns[0].key.clone();
            check(Filter { pattern: Some(key.clone()), ..Filter::default() }, &|r| r.batch_id == Some(2));
            check(Filter { pattern: Some(key), level: Some("hard".into()), ..Filter::default() }, &|r| {
                r.batch_id == Some(2) && r.level == "hard"
            });
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
            check(Filter { layout: Some("classic-4".into()), se_min: Some(1.9), ..Filter::default() }, &|r| {
                r.se_rating.is_some_and(|se| se >= 1.9)
            });
            check(Filter { se_max: Some(1.5), ..Filter::default() }, &|r| r.se_rating == Some(1.5));
            // Imported: two made so; generated: the rest.
            catalog.conn.batch("UPDATE puzzles SET source = 'file.sdm' WHERE id IN (8, 9)").unwrap();
            check(Filter { source: Some(Source::Imported), ..Filter::default() }, &|r| [8, 9].contains(&r.id));
            check(Filter { source: Some(Source::Generated), ..Filter::default() }, &|r| ![8, 9].contains(&r.id));
            let rows = catalog.browse(&Filter::default(), None, MAX_LIMIT).unwrap().rows;
            assert_eq!(rows.len(), 23);
            // Text that looks like SQL is only text, in every text filter.
            let attack = Some("' OR 1=1 --".to_string());
            for injected in [
                Filter { layout: attack.clone(), ..Filter::default() },
                Filter { level: attack.clone(), ..Filter::default() },
                Filter { technique: attack.clone(), ..Filter::default() },
                Filter { symmetry: attack.clone(), ..Filter::default() },
                Filter { pattern: attack.clone(), ..Filter::default() },
            ] {
                assert!(catalog.browse(&injected, None, 10).unwrap().rows.is_empty(), "{injected:?}");
            }
            assert_eq!(catalog.browse(&Filter::default(), None, MAX_LIMIT).unwrap().rows.len(), 23);
            assert!(catalog.browse(&Filter::default(), None, 0).is_err());
            assert!(catalog.browse(&Filter::default(), None, MAX_LIMIT + 1).is_err());
        }
    }

    /// `n` puzzle rows made by one statement (rows for the planner, not
    /// valid puzzles), each filter's column spread over many values, in 50
    /// batches (one in five made with a pattern).
    fn spread(catalog: &Catalog, n: i64) -> String {
        let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();
        for b in 0..50 {
            catalog.create_batch_with(layout_id, b, 1, None, "none", (b % 5 == 0).then_some(PATTERN), None).unwrap();
        }
        let select = "SELECT $1, CASE WHEN i % 7 = 0 THEN 'other' ELSE 'classic-4' END, '1...', '1234', 'fill' || i, 20 + i % 30, 10,
                             CASE i % 5 WHEN 0 THEN 'easy' WHEN 1 THEN 'medium' WHEN 2 THEN 'hard' WHEN 3 THEN 'expert' ELSE 'evil' END,
                             1, i, 'test', 't', CASE WHEN i % 10 = 0 THEN NULL ELSE 'ok' END,
                             CASE WHEN i % 11 = 0 THEN NULL ELSE 1.0 + (i % 90) / 10.0 END, 'tech' || (i % 40),
                             CASE WHEN i % 200 = 0 THEN 'x.sdm' ELSE 'generated' END, 'sym' || (i % 8), 1 + i % 50";
        let columns = "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                           generator_version, created_at, validation, se_rating, technique, source, symmetry, batch_id)";
        let sql = match catalog.conn.dialect() {
            Dialect::Sqlite => {
                format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) {columns} {select} FROM n")
            }
            Dialect::Postgres => format!("{columns} {select} FROM generate_series(1, CAST($2 AS BIGINT)) AS n(i)"),
        };
        catalog.conn.execute(&sql, vals![layout_id, n]).unwrap();
        catalog
            .conn
            .batch(
                "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash) VALUES ('t', '', 'now', 'x.pdf', 1, 'h');
                 INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (1, 1, 30), (1, 2, 70);
                 INSERT INTO drafts (id, name, editor, created_at, expires_at) VALUES (1, 'live', 'ann', 'now', 9000000000);
                 INSERT INTO draft_puzzles (draft_id, puzzle_id) VALUES (1, 40), (1, 50);",
            )
            .unwrap();
        catalog.browse_choices().unwrap().patterns[0].key.clone()
    }

    /// A filtered, sorted catalog page reads a range of an index (the
    /// filter's), never the whole puzzles table: its time does not grow
    /// with the catalog. By the planners' own account: SQLite as puzzlebook
    /// leaves it (no statistics gathered) and after `ANALYZE`, PostgreSQL
    /// with its statistics; every filter, each sort, first and later pages.
    #[test]
    fn a_filtered_sorted_page_reads_an_index_range_not_the_whole_table() {
        for place in every_backend("browse-plan") {
            let catalog = Catalog::open(&place.target).unwrap();
            let pattern = spread(&catalog, 20_000);
            let filters = [
                Filter { layout: Some("other".into()), ..Filter::default() },
                Filter { level: Some("hard".into()), ..Filter::default() },
                Filter { se_min: Some(8.0), se_max: Some(8.5), ..Filter::default() },
                Filter { technique: Some("tech7".into()), ..Filter::default() },
                Filter { source: Some(Source::Imported), ..Filter::default() },
                Filter { batch: Some(7), ..Filter::default() },
                Filter { pattern: Some(pattern), ..Filter::default() },
                Filter { symmetry: Some("sym3".into()), ..Filter::default() },
                Filter { status: Some(Status::Reserved), ..Filter::default() },
                Filter { status: Some(Status::Printed), ..Filter::default() },
                Filter { status: Some(Status::Unchecked), ..Filter::default() },
                Filter { level: Some("hard".into()), technique: Some("tech7".into()), ..Filter::default() },
            ];
            let mut taken = std::collections::BTreeMap::new();
            for analyzed in [false, true] {
                if analyzed {
                    catalog.conn.batch("ANALYZE").unwrap();
                } else if catalog.conn.dialect() == Dialect::Postgres {
                    // Without statistics PostgreSQL takes a new table for a
                    // few rows; autovacuum gathers them as soon as it grows.
                    continue;
                }
                // The planner's estimated cost of a line ("cost=a..b"): b.
                let cost = |line: &str| -> f64 {
                    line.split("..").nth(1).and_then(|r| r.split_whitespace().next()).and_then(|c| c.parse().ok()).unwrap_or(f64::MAX)
                };
                let whole_table = match catalog.conn.dialect() {
                    Dialect::Postgres => {
                        cost(&catalog.conn.query("EXPLAIN SELECT * FROM puzzles", &[]).unwrap()[0].get::<String>(0).unwrap())
                    }
                    Dialect::Sqlite => 0.0,
                };
                for filter in &filters {
                    for sort in Sort::ALL {
                        let filter = Filter { sort, ..filter.clone() };
                        for after in [None, Some(Cursor { key: 5.0, id: 900 })] {
                            let patterns = filter.pattern.as_ref().map(|k| catalog.pattern_batches(k).unwrap());
                            let access = catalog.access(&filter, patterns.as_deref()).unwrap();
                            let (sql, params) = statement(&filter, patterns.as_deref(), after, 50, catalog.conn.dialect(), access);
                            let plan: Vec<String> = match catalog.conn.dialect() {
                                Dialect::Sqlite => catalog
                                    .conn
                                    .query(&format!("EXPLAIN QUERY PLAN {sql}"), &params)
                                    .unwrap()
                                    .iter()
                                    .map(|r| r.get(3).unwrap())
                                    .collect(),
                                Dialect::Postgres => catalog
                                    .conn
                                    .query(&format!("EXPLAIN {sql}"), &params)
                                    .unwrap()
                                    .iter()
                                    .map(|r| r.get(0).unwrap())
                                    .collect(),
                            };
                            let text = plan.join("\n");
                            let whole = match catalog.conn.dialect() {
                                // `SCAN p` reads the table (in the primary key's order), `SCAN p USING INDEX` a whole
                                // index; the partial index of imported puzzles holds only them.
                                // A walk of the sort's order is taken only for a filter at least one puzzle
                                // of `dense_cap` (1,010 of these 20,000; counted here), and must need no sort: it stops early.
                                Dialect::Sqlite if access == Access::Walk => {
                                    let (conditions, params) = conditions(&filter, patterns.as_deref(), Dialect::Sqlite);
                                    let sql = format!("SELECT count(*) FROM puzzles p WHERE {}", conditions.join(" AND "));
                                    let matches: i64 = catalog.conn.query_one(&sql, &params).unwrap().get(0).unwrap();
                                    matches < dense_cap(20_000) || text.contains("TEMP B-TREE")
                                }
                                Dialect::Sqlite => {
                                    plan.iter().any(|s| s.starts_with("SCAN p") && !s.starts_with("SCAN p USING INDEX puzzles_imported"))
                                }
                                // PostgreSQL reads a range of a filter's index, or walks the sort's order
                                // when its statistics say the matches are dense: then by its own estimate
                                // the page stops early (its limit costs a small part of the whole walk).
                                Dialect::Postgres => {
                                    let ranged = text.contains("using puzzles_imported on puzzles p")
                                        || plan.windows(2).any(|w| {
                                            (w[0].contains("using puzzles_") || w[0].contains("Bitmap Index Scan on puzzles_"))
                                                && w[1].contains("Index Cond")
                                        });
                                    let early = cost(&plan[0]) < cost(&plan[1]) / 4.0;
                                    let cheap = cost(&plan[0]) < whole_table / 10.0;
                                    text.contains("Seq Scan on puzzles") || !(ranged || early || cheap)
                                }
                            };
                            assert!(
                                !whole,
                                "{} (analyzed: {analyzed}) {filter:?} after {after:?}: {} lines:\n{text}",
                                place.target,
                                plan.len()
                            );
                            *taken.entry(format!("{access:?}").split('(').next().unwrap().to_string()).or_insert(0) += 1;
                        }
                    }
                }
            }
            // SQLite took both ways (common filters walked, rare ones ranged).
            if catalog.conn.dialect() == Dialect::Sqlite {
                assert!(taken.contains_key("Walk") && taken.contains_key("Range"), "{taken:?}");
                // Deciding which counts a one-field filter's matches in its
                // index alone: no row of the table is read (at ten million a
                // read per match, 100,000 of them, took a second).
                let root: i64 =
                    catalog.conn.query_one("SELECT rootpage FROM sqlite_master WHERE name = 'puzzles'", &[]).unwrap().get(0).unwrap();
                for filter in filters.iter().filter(|f| f.level.is_none() || f.technique.is_none()) {
                    for sort in Sort::ALL {
                        let filter = Filter { sort, ..filter.clone() };
                        let patterns = filter.pattern.as_ref().map(|k| catalog.pattern_batches(k).unwrap());
                        let Some(index) = sqlite_index(&filter, patterns.is_some()) else { continue };
                        if serves_sort(index, sort) {
                            continue;
                        }
                        let (sql, params) = count_statement(&filter, patterns.as_deref(), index, dense_cap(20_000));
                        let ops: Vec<(String, i64, i64)> = catalog
                            .conn
                            .query(&format!("EXPLAIN {sql}"), &params)
                            .unwrap()
                            .iter()
                            .map(|r| (r.get(1).unwrap(), r.get(2).unwrap(), r.get(3).unwrap()))
                            .collect();
                        let table: Vec<i64> = ops.iter().filter(|(op, _, p2)| op == "OpenRead" && *p2 == root).map(|o| o.1).collect();
                        let read: Vec<&(String, i64, i64)> =
                            ops.iter().filter(|(op, p1, _)| op == "Column" && table.contains(p1)).collect();
                        assert!(read.is_empty(), "{filter:?}: counting in {index} reads the table: {read:?}\n{sql}");
                    }
                }
            }
            // Unchecked puzzles in id order, on PostgreSQL: from their own
            // index. (`validate` checks the oldest first, so the unchecked
            // come after a long run of checked ids: a walk of the primary
            // key, which the planner's even-spread estimate favours, read
            // 1.4 million rows before the first page at ten million.)
            if catalog.conn.dialect() == Dialect::Postgres {
                for sort in [Sort::Id, Sort::IdDesc] {
                    for after in [None, Some(Cursor { key: 0.0, id: 900 })] {
                        let filter = Filter { status: Some(Status::Unchecked), sort, ..Filter::default() };
                        let (sql, params) = statement(&filter, None, after, 50, Dialect::Postgres, Access::Planner);
                        let plan: Vec<String> =
                            catalog.conn.query(&format!("EXPLAIN {sql}"), &params).unwrap().iter().map(|r| r.get(0).unwrap()).collect();
                        let text = plan.join("\n");
                        assert!(text.contains("using puzzles_unchecked on puzzles p"), "{filter:?} after {after:?}:\n{text}");
                    }
                }
            }
            // The filter menus' techniques and symmetries: a search of their
            // index per value, never a read of the whole table or index.
            for column in ["technique", "symmetry"] {
                let sql = distinct_values(column);
                let plan: Vec<String> = match catalog.conn.dialect() {
                    Dialect::Sqlite => {
                        catalog.conn.query(&format!("EXPLAIN QUERY PLAN {sql}"), &[]).unwrap().iter().map(|r| r.get(3).unwrap()).collect()
                    }
                    Dialect::Postgres => {
                        catalog.conn.query(&format!("EXPLAIN {sql}"), &[]).unwrap().iter().map(|r| r.get(0).unwrap()).collect()
                    }
                };
                let whole = match catalog.conn.dialect() {
                    Dialect::Sqlite => plan.iter().any(|s| s.starts_with("SCAN puzzles")),
                    Dialect::Postgres => {
                        plan.iter().any(|s| s.contains("Seq Scan on puzzles"))
                            || plan.windows(2).any(|w| w[0].contains(" on puzzles") && !w[1].contains("Index Cond"))
                    }
                };
                assert!(!whole, "{}: the {column} choices read every puzzle:\n{}", place.target, plan.join("\n"));
            }
            let choices = catalog.browse_choices().unwrap();
            assert_eq!(
                choices.techniques,
                (0..40).map(|i| format!("tech{i}")).collect::<std::collections::BTreeSet<_>>().into_iter().collect::<Vec<_>>()
            );
            assert_eq!(choices.symmetries, (0..8).map(|i| format!("sym{i}")).collect::<Vec<_>>());
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
