//! Curation on every backend (see `scratch`): how far it reads, and how.

use super::super::db::{Dialect, vals};
use super::super::drafts::tests::stock;
use super::super::scratch::every_backend;
use super::*;
use crate::layout::Layout;
use std::time::Instant;

fn easy(reprint: bool) -> CandidateFilter<'static> {
    CandidateFilter {
        layout: "classic-4",
        level: "easy",
        reprint,
        rating: None,
        draft: None,
        source: crate::store::SourceFilter::Generated,
        batches: None,
    }
}

#[test]
fn curation_takes_the_lowest_fresh_ids_and_counts_stale_ones_when_short() {
    for place in every_backend("curation") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = stock(&catalog, "k", "easy", 6);
        // Rows changed since they were validated are passed over and counted.
        for id in [ids[0], ids[3]] {
            catalog.conn.execute("UPDATE puzzles SET givens = '2...' WHERE id = $1", vals![id]).unwrap();
        }
        let (got, _) = catalog.book_candidates(&easy(false), 2).unwrap();
        assert_eq!(got.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[1], ids[2]], "{}", place.target);
        let (got, stale) = catalog.book_candidates(&easy(false), 10).unwrap();
        assert_eq!((got.iter().map(|c| c.id).collect::<Vec<_>>(), stale), (vec![ids[1], ids[2], ids[4], ids[5]], 2));
        // A verdict set by hand is no verdict either.
        catalog.conn.execute("UPDATE puzzles SET validated_hash = 'x' WHERE id = $1", vals![ids[5]]).unwrap();
        assert_eq!(catalog.book_candidates(&easy(false), 10).unwrap().1, 3);
        // Many pages: more rows than the first page reads.
        let more = stock(&catalog, "m", "easy", 90);
        let (got, stale) = catalog.book_candidates(&easy(false), 80).unwrap();
        assert_eq!(got.len(), 80);
        assert_eq!(got.last().unwrap().id, more[76], "3 fresh ones, then the new rows in id order");
        assert!(stale >= 2);
        assert_eq!(got.iter().filter(|c| c.score == 10).count(), 80);
    }
}

/// Fills the catalog with `n` puzzles by one statement (not valid puzzles:
/// rows for the planner), spread over two layouts and four levels, nine in
/// ten validated.
fn fill(catalog: &Catalog, n: i64) {
    let layout_id = catalog.layout_id(&Layout::load("classic-4").unwrap(), "cells").unwrap();
    let select = "SELECT $1, CASE WHEN i % 2 = 0 THEN 'classic-4' ELSE 'other' END, '1...', '1234', 'fill' || i, 1, 10,
                         CASE i % 4 WHEN 0 THEN 'easy' WHEN 1 THEN 'medium' WHEN 2 THEN 'easy' ELSE 'hard' END, 1, i, 'test', 't',
                         CASE WHEN i % 10 = 0 THEN NULL ELSE 'ok' END";
    let columns = "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                       generator_version, created_at, validation)";
    let sql = match catalog.conn.dialect() {
        Dialect::Sqlite => {
            format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) {columns} {select} FROM n")
        }
        Dialect::Postgres => format!("{columns} {select} FROM generate_series(1, CAST($2 AS BIGINT)) AS n(i)"),
    };
    catalog.conn.execute(&sql, vals![layout_id, n]).unwrap();
}

/// The plan of the candidate statement, one line a step.
fn plan(catalog: &Catalog, from_draft: bool) -> Vec<String> {
    let sql = candidate_sql(from_draft, catalog.conn.dialect());
    let params = vals![
        "classic-4",
        "easy",
        0,
        false,
        None::<f64>,
        None::<f64>,
        from_draft.then_some(1i64),
        128,
        Some("generated"),
        false,
        from_draft.then_some("[1,2]")
    ];
    match catalog.conn.dialect() {
        Dialect::Sqlite => {
            catalog.conn.query(&format!("EXPLAIN QUERY PLAN {sql}"), params).unwrap().iter().map(|r| r.get(3).unwrap()).collect()
        }
        Dialect::Postgres => catalog.conn.query(&format!("EXPLAIN {sql}"), params).unwrap().iter().map(|r| r.get(0).unwrap()).collect(),
    }
}

/// Curation of a book reads a range of the index `puzzles_for_books` (its
/// layout, level and verdict, in id order), never the whole table: its
/// time does not grow with the catalog. Checked by the planners' own
/// account (SQLite before and after the catalog's statistics are gathered;
/// PostgreSQL with them).
#[test]
fn curation_reads_a_range_of_an_index_not_the_whole_table() {
    for place in every_backend("curation-plan") {
        let catalog = Catalog::open(&place.target).unwrap();
        fill(&catalog, 20_000);
        stock(&catalog, "k", "easy", 3);
        reserve_one(&catalog);
        for analyzed in [false, true] {
            if analyzed {
                catalog.conn.batch("ANALYZE").unwrap();
            } else if catalog.conn.dialect() == Dialect::Postgres {
                // PostgreSQL plans a table it has no statistics of as a
                // handful of rows; it gathers them itself (autovacuum) as
                // soon as a table grows.
                continue;
            }
            let stock_plan = plan(&catalog, false);
            let text = stock_plan.join("\n");
            let (full_scan, range) = match catalog.conn.dialect() {
                Dialect::Sqlite => (
                    stock_plan.iter().any(|s| s.starts_with("SCAN p") || s.starts_with("SCAN puzzles")),
                    "USING INDEX puzzles_for_books (layout_name=? AND level=? AND validation=? AND id>?)",
                ),
                Dialect::Postgres => (text.contains("Seq Scan on puzzles"), "Index Scan using puzzles_for_books on puzzles"),
            };
            assert!(!full_scan && text.contains(range), "{} (analyzed: {analyzed}):\n{text}", place.target);
            // Is it printed, reserved, a reference's? Each asked of an index
            // (SQLite: only the small tables of reference sets and drafts
            // may be read whole).
            if catalog.conn.dialect() == Dialect::Sqlite {
                let scans: Vec<&String> = stock_plan.iter().filter(|s| s.starts_with("SCAN ")).collect();
                assert!(
                    scans.iter().all(|s| s.starts_with("SCAN s ")
                        || s.starts_with("SCAN d ")
                        || *s == "SCAN s"
                        || *s == "SCAN d"
                        // The list of `book --batch` / `--pattern` batches.
                        || s.starts_with("SCAN json_each")),
                    "{text}"
                );
            }
            // From a draft: the draft's rows, then each puzzle by its id.
            let draft_plan = plan(&catalog, true).join("\n");
            let full_scan = match catalog.conn.dialect() {
                Dialect::Sqlite => draft_plan.lines().any(|s| s.starts_with("SCAN p") || s.starts_with("SCAN puzzles")),
                Dialect::Postgres => draft_plan.contains("Seq Scan on puzzles"),
            };
            assert!(!full_scan, "{} (analyzed: {analyzed}):\n{draft_plan}", place.target);
        }
        // And it answers: the three real puzzles (the filled rows are not
        // validated as `validate` leaves them: their hashes are missing).
        let (got, stale) = catalog.book_candidates(&easy(false), 3).unwrap();
        assert_eq!((got.len(), stale > 0), (2, true), "one of the three is reserved");
    }
}

fn reserve_one(catalog: &Catalog) {
    let first: i64 = catalog.conn.query_one("SELECT min(id) FROM puzzles WHERE canonical = 'k0'", &[]).unwrap().get(0).unwrap();
    catalog
        .reserve(&crate::store::ReserveRequest { draft: "d", editor: "e", seconds: 60, picks: &[crate::store::Pick::Puzzles(vec![first])] })
        .unwrap();
}

/// Curation at scale, by hand (not a timed test): grows the catalog named
/// by `PUZZLEBOOK_SCALE_DB` (a file or a URL) to `PUZZLEBOOK_SCALE_PUZZLES`
/// puzzles by copying its validated puzzles (each copy its own canonical
/// key and a verdict hash that matches it, as `validate` would leave it;
/// the levels in long runs, as batches made one level each make them),
/// then curates a book of 120 (30 a level) and prints how long that took
/// and the plan. E.g. `generate classic-9 --difficulty easy --count 25`
/// (and medium, hard, expert), `validate`, then
/// `PUZZLEBOOK_SCALE_DB=… PUZZLEBOOK_SCALE_PUZZLES=1000000 cargo test --lib curation_at_scale -- --ignored --nocapture`.
#[test]
#[ignore]
fn curation_at_scale() {
    let Ok(target) = std::env::var("PUZZLEBOOK_SCALE_DB") else { return };
    let target: DbTarget = target.parse().unwrap();
    let want: i64 = std::env::var("PUZZLEBOOK_SCALE_PUZZLES").map_or(1_000_000, |n| n.parse().unwrap());
    let catalog = Catalog::open(&target).unwrap();
    let have: i64 = catalog.conn.query_one("SELECT count(*) FROM puzzles", &[]).unwrap().get(0).unwrap();
    if have < want {
        let mut templates: Vec<PuzzleRow> = catalog
            .puzzles(None, None)
            .unwrap()
            .into_iter()
            .filter(|r| !crate::validate::needs_check(r) && !r.canonical.contains('#'))
            .collect();
        templates.sort_by_key(|r| (crate::level::Level::ALL.iter().position(|l| l.name() == r.level), r.id));
        assert!(!templates.is_empty(), "no validated puzzles to copy");
        let started = Instant::now();
        let copies: Vec<(i64, PuzzleRow)> = (have..want)
            .map(|i| {
                let mut row = templates[(i * templates.len() as i64 / want) as usize].clone();
                row.canonical = format!("{}#{i}", row.canonical);
                row.validated_hash = Some(crate::validate::verdict_hash(&row, true));
                (i, row)
            })
            .collect();
        for chunk in copies.chunks(20_000) {
            catalog
                .write(|conn| {
                    for (i, r) in chunk {
                        conn.execute(
                            "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                                 generator_version, created_at, validation, validated_at, validation_micros, validated_hash,
                                 se_rating, technique, technique_level)
                             SELECT layout_id, layout_name, givens, solution, $2, clues, score, level, effort_nodes, $3,
                                 generator_version, created_at, validation, validated_at, validation_micros, $4,
                                 se_rating, technique, technique_level
                             FROM puzzles WHERE id = $1",
                            vals![r.id, &r.canonical, *i, &r.validated_hash],
                        )?;
                    }
                    Ok(())
                })
                .unwrap();
        }
        eprintln!("filled {} puzzles in {:.1} s", want - have, started.elapsed().as_secs_f64());
        if catalog.conn.dialect() == Dialect::Postgres {
            // As autovacuum would by now (SQLite is left as puzzlebook leaves it).
            catalog.conn.batch("ANALYZE").unwrap();
        }
    }
    for round in 0..3 {
        let started = Instant::now();
        let mut got = 0;
        for level in crate::level::Level::ALL {
            let filter = CandidateFilter {
                layout: "classic-9",
                level: level.name(),
                reprint: false,
                rating: None,
                draft: None,
                source: crate::store::SourceFilter::Generated,
                batches: None,
            };
            got += catalog.book_candidates(&filter, 30).unwrap().0.len();
        }
        eprintln!("round {round}: curated {got} of {want} puzzles in {:.3} s", started.elapsed().as_secs_f64());
    }
    let sql = candidate_sql(false, catalog.conn.dialect());
    let explain = match catalog.conn.dialect() {
        Dialect::Sqlite => format!("EXPLAIN QUERY PLAN {sql}"),
        Dialect::Postgres => format!("EXPLAIN ANALYZE {sql}"),
    };
    let column = if catalog.conn.dialect() == Dialect::Sqlite { 3 } else { 0 };
    for r in catalog.conn.query(&explain, vals!["classic-9", "expert", 0, false, None::<f64>, None::<f64>, None::<i64>, 38]).unwrap() {
        eprintln!("  {}", r.get::<String>(column).unwrap());
    }
}

/// `book --source`, `--include-imported`, `--batch` and `--pattern` as
/// the candidate statement filters them, on every backend: imported rows
/// only when asked (the scale bench's `bench-fill` rows count as
/// generated), and only the batches listed.
#[test]
fn curation_filters_by_source_and_batch() {
    for place in every_backend("curation-source") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = stock(&catalog, "s", "easy", 5);
        catalog.conn.execute("UPDATE puzzles SET source = 'SudoCue' WHERE id = $1", vals![ids[0]]).unwrap();
        catalog.conn.execute("UPDATE puzzles SET source = 'bench-fill' WHERE id = $1", vals![ids[1]]).unwrap();
        let got = |source: SourceFilter, batches: Option<&[i64]>| -> Vec<i64> {
            let filter = CandidateFilter { source, batches, ..easy(false) };
            catalog.book_candidates(&filter, 10).unwrap().0.iter().map(|c| c.id).collect()
        };
        let at = &place.target;
        assert_eq!(got(SourceFilter::Generated, None), ids[1..].to_vec(), "{at}");
        assert_eq!(got(SourceFilter::Any, None), ids.to_vec(), "{at}");
        assert_eq!(got(SourceFilter::Imported, None), vec![ids[0]], "{at}");
        assert_eq!(got(SourceFilter::Named("SudoCue"), None), vec![ids[0]], "{at}");
        assert_eq!(got(SourceFilter::Named("bench-fill"), None), vec![ids[1]], "{at}");
        let layout_id: i64 = catalog.conn.query_one("SELECT layout_id FROM puzzles WHERE id = $1", vals![ids[0]]).unwrap().get(0).unwrap();
        let batch: i64 = catalog
            .conn
            .query_one(
                "INSERT INTO batches (layout_id, seed, count_asked, difficulty, symmetry, next_attempt, status, note, started_at, finished_at)
                 VALUES ($1, 0, 2, NULL, 'none', 2, 'done', 'test', @now, @now) RETURNING id",
                vals![layout_id],
            )
            .unwrap()
            .get(0)
            .unwrap();
        for &id in &ids[2..4] {
            catalog.conn.execute("UPDATE puzzles SET batch_id = $2 WHERE id = $1", vals![id, batch]).unwrap();
        }
        assert_eq!(got(SourceFilter::Generated, Some(&[batch])), ids[2..4].to_vec(), "{at}");
        assert_eq!(got(SourceFilter::Generated, Some(&[batch + 1000, batch])), ids[2..4].to_vec(), "{at}");
        assert!(got(SourceFilter::Any, Some(&[batch + 1000])).is_empty(), "{at}");
        // The twin guard's hook: a row refused is passed over for the next,
        // and `None` stops the reading.
        let filter = easy(false);
        let mut seen = 0;
        let (taken, _) = catalog
            .book_candidates_where(&filter, 2, &mut |row| {
                seen += 1;
                Some(row.id != ids[1])
            })
            .unwrap();
        assert_eq!(taken.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[2], ids[3]], "{at}");
        assert_eq!(seen, 3);
        let (taken, _) = catalog.book_candidates_where(&filter, 2, &mut |_| None).unwrap();
        assert!(taken.is_empty());
    }
}
