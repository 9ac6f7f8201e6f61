use super::*;
use crate::layout::Layout;
use rusqlite::Connection;
use scratch::{Scratch, every_backend};
use std::path::PathBuf;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-store-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("catalog.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// A stand-in puzzle with key `canonical` (the catalog's tests store it).
pub(super) fn sample(canonical: &str, seed: u64) -> NewPuzzle {
    NewPuzzle {
        own_layout: None,
        grade: None,
        givens: "1.".into(),
        solution: "12".into(),
        canonical: canonical.into(),
        clues: 1,
        score: 10,
        level: "easy".into(),
        effort_nodes: 1,
        seed,
        minimal: None,
        symmetry: None,
    }
}

#[test]
fn a_new_file_gets_every_migration_and_wal() {
    let path = temp_db("new");
    let catalog = Catalog::open(&path).unwrap();
    assert_eq!(catalog.schema_version().unwrap(), MIGRATIONS.len());
    let conn = catalog.conn.sqlite().unwrap();
    let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    let fk: i64 = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).unwrap();
    assert_eq!(fk, 1);
}

#[test]
fn a_version_one_file_upgrades_in_place_keeping_its_rows() {
    let path = temp_db("v1");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(MIGRATIONS[0].1).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute("INSERT INTO layouts (name, file_hash, source) VALUES ('classic-4', 'x', 'src')", []).unwrap();
        conn.execute(
            "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed, generator_version, created_at)
             VALUES (1, 'classic-4', 'g', 's', 'c', 4, 100, 'easy', 1, 7, 'old', 'then')",
            [],
        )
        .unwrap();
    }
    let catalog = Catalog::open(&path).unwrap();
    assert_eq!(catalog.schema_version().unwrap(), MIGRATIONS.len());
    let (givens, validation): (String, Option<String>) = catalog
        .conn
        .sqlite()
        .unwrap()
        .query_row("SELECT givens, validation FROM puzzles WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((givens.as_str(), validation), ("g", None));
}

#[test]
fn a_newer_file_is_refused_with_a_clear_message() {
    let path = temp_db("newer");
    Connection::open(&path).unwrap().pragma_update(None, "user_version", 99).unwrap();
    let err = format!("{:#}", Catalog::open(&path).err().expect("refused"));
    let expected = format!("schema version 99 but this puzzlebook knows only up to {}", MIGRATIONS.len());
    assert!(err.contains(&expected), "{err}");
}

#[test]
fn chunks_deduplicate_by_canonical_key_and_move_the_resume_point() {
    for place in every_backend("chunks") {
        chunks_deduplicate(Catalog::open(&place.target).unwrap());
    }
}

fn chunks_deduplicate(catalog: Catalog) {
    let layout = Layout::load("classic-4").unwrap();
    let layout_id = catalog.layout_id(&layout, "cells").unwrap();
    assert_eq!(catalog.layout_id(&layout, "cells").unwrap(), layout_id, "same file, same row");
    let id = catalog.create_batch(layout_id, 5, 3, None, "none").unwrap();
    let batch = catalog.batch(id).unwrap();
    let added = catalog.commit_chunk(&batch, &[sample("a", 5), sample("b", 6), sample("a", 7)], 3).unwrap();
    assert_eq!(added, vec![true, true, false]);
    let batch = catalog.batch(id).unwrap();
    assert_eq!((batch.next_attempt, catalog.batch_held(&batch).unwrap()), (3, 2));
    assert_eq!(catalog.latest_unfinished_batch().unwrap(), Some(id));
    catalog.set_batch_status(id, BatchStatus::Done, None).unwrap();
    assert_eq!(catalog.latest_unfinished_batch().unwrap(), None);
}

#[test]
fn merge_adds_new_puzzles_keeps_batches_and_skips_duplicates() {
    for (i, place) in every_backend("merge").into_iter().enumerate() {
        merge_adds(Catalog::open(&place.target).unwrap(), temp_db(&format!("merge-other-{i}")));
    }
}

fn merge_adds(here: Catalog, other_path: PathBuf) {
    let other = Catalog::open(&other_path).unwrap();
    let layout = Layout::load("classic-4").unwrap();
    for (catalog, keys) in [(&here, ["a", "b"]), (&other, ["b", "c"])] {
        let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 2, None, "none").unwrap();
        catalog.commit_chunk(&catalog.batch(id).unwrap(), &[sample(keys[0], 1), sample(keys[1], 2)], 2).unwrap();
    }
    drop(other);
    let report = here.merge(&other_path).unwrap();
    assert_eq!(report, MergeReport { batches: 1, puzzles_added: 1, duplicates: 1 });
    let all = here.puzzles(Some("classic-4"), None).unwrap();
    assert_eq!(all.iter().map(|p| p.canonical.as_str()).collect::<Vec<_>>(), vec!["a", "b", "c"]);
    let merged_batch = here.batch(all[2].batch_id.unwrap()).unwrap();
    assert_eq!(merged_batch.layout_name, "classic-4");
}

#[test]
fn fingerprints_are_stable() {
    assert_eq!(fingerprint(""), "cbf29ce484222325");
    assert_eq!(fingerprint("a"), "af63dc4c8601ec8c");
}

#[test]
fn a_negative_schema_version_is_refused_with_a_clear_message() {
    let path = temp_db("negative");
    Connection::open(&path).unwrap().pragma_update(None, "user_version", -1).unwrap();
    let err = format!("{:#}", Catalog::open(&path).err().expect("refused"));
    assert!(err.contains("schema version -1 is not one puzzlebook writes"), "{err}");
}

#[test]
fn open_existing_never_creates_a_catalog() {
    let path = temp_db("existing").with_file_name("nested").join("catalog.db");
    let err = format!("{:#}", Catalog::open_existing(&path).err().expect("refused"));
    assert!(err.contains(&format!("no catalog at {}", path.display())), "{err}");
    assert!(!path.parent().unwrap().exists());
    let made = temp_db("existing-made");
    drop(Catalog::open(&made).unwrap());
    assert_eq!(Catalog::open_existing(&made).unwrap().schema_version().unwrap(), MIGRATIONS.len());
}

#[test]
fn write_errors_name_the_catalog() {
    for place in every_backend("write-error") {
        let catalog = Catalog::open(&place.target).unwrap();
        let err = catalog
            .write(|conn| {
                conn.execute("INSERT INTO no_such_table VALUES (1)", &[])?;
                Ok(())
            })
            .expect_err("fails");
        let err = format!("{err:#}");
        assert!(err.contains(&place.target.to_string()) && err.contains("no_such_table"), "{err}");
        // The transaction is over: the next write works.
        catalog.write(|conn| conn.execute("DELETE FROM rekey", &[])).unwrap();
    }
}

#[test]
fn merge_into_itself_is_refused() {
    let path = temp_db("self-merge");
    let catalog = Catalog::open(&path).unwrap();
    let err = format!("{:#}", catalog.merge(&path).expect_err("refused"));
    assert!(err.contains("into itself"), "{err}");
}

#[test]
fn a_book_left_unfinished_before_the_upgrade_is_pending_and_taken_back() {
    let path = temp_db("half-book");
    {
        let conn = Connection::open(&path).unwrap();
        for (_, sql, _) in &MIGRATIONS[..11] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 11).unwrap();
        conn.execute_batch(
            "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash) VALUES ('Made', '', 't', 'a.pdf', 24, 'abc');
             INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash) VALUES ('Killed', '', 't', 'b.pdf', 0, '');",
        )
        .unwrap();
    }
    let catalog = Catalog::open(&path).unwrap();
    assert_eq!(catalog.books().unwrap().iter().map(|b| b.title.as_str()).collect::<Vec<_>>(), ["Made"]);
    let pending = catalog.pending_books().unwrap();
    assert_eq!((pending.len(), pending[0].live), (1, false));
    assert!(format!("{:#}", catalog.book(2).unwrap_err()).contains("never finished"));
    let taken = catalog.write(|_| catalog.take_back_stale_books()).unwrap();
    assert_eq!(taken, [(2, "b.pdf".to_string())]);
    assert!(catalog.pending_books().unwrap().is_empty());
    assert_eq!(catalog.books().unwrap().len(), 1);
}

// ---- Contract tests: one source, every backend (see `scratch`). ----

fn validated(catalog: &Catalog, keys: &[&str]) -> Vec<i64> {
    let layout = Layout::load("classic-4").unwrap();
    let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, keys.len() as u64, None, "none").unwrap();
    let puzzles: Vec<NewPuzzle> = keys.iter().enumerate().map(|(i, k)| sample(k, i as u64)).collect();
    catalog.commit_chunk(&catalog.batch(id).unwrap(), &puzzles, keys.len() as u64).unwrap();
    let rows = catalog.puzzles(Some("classic-4"), None).unwrap();
    let verdicts: Vec<_> = rows.iter().map(|r| (r.id, true, None, 5, crate::validate::verdict_hash(r, true))).collect();
    catalog.record_validations(&verdicts, &vec![None; verdicts.len()]).unwrap();
    rows.iter().map(|r| r.id).collect()
}

fn book(title: &str, puzzles: Vec<i64>) -> BookRow {
    BookRow {
        id: 0,
        title: title.into(),
        settings: "s".into(),
        created_at: "2026-01-01T00:00:00Z".into(),
        pdf_path: String::new(),
        pages: 0,
        pdf_hash: String::new(),
        puzzles,
        made_by: None,
    }
}

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
fn books_record_their_puzzles_and_curation_leaves_printed_ones_out() {
    for place in every_backend("books") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = validated(&catalog, &["a", "b", "c"]);
        let (candidates, stale) = catalog.book_candidates(&easy(false), 100).unwrap();
        assert_eq!((candidates.iter().map(|c| c.id).collect::<Vec<_>>(), stale), (ids.clone(), 0), "{}", place.target);
        // Recorded pending (as `book` does), its puzzles are taken at once.
        let first = catalog.write(|_| catalog.insert_book(&book("One", vec![ids[2], ids[0]]))).unwrap();
        assert!(format!("{:#}", catalog.book(first).unwrap_err()).contains("never finished"));
        assert_eq!(catalog.pending_books().unwrap().iter().map(|p| (p.id, p.live)).collect::<Vec<_>>(), [(first, true)]);
        let (candidates, _) = catalog.book_candidates(&easy(false), 100).unwrap();
        assert_eq!(candidates.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[1]]);
        let (candidates, _) = catalog.book_candidates(&easy(true), 100).unwrap();
        assert_eq!(candidates.len(), 3, "a reprint may use printed puzzles");
        // A PDF path belongs to one book (IS DISTINCT FROM with and without an id).
        catalog.finish_book(first, "out/one.pdf", 24, "abc", || Ok(())).unwrap();
        assert_eq!(catalog.book(first).unwrap().puzzles, vec![ids[2], ids[0]]);
        assert_eq!(catalog.other_books_with(ids[0], first + 1).unwrap(), vec![first]);
        assert_eq!(catalog.pdf_owner("out/one.pdf", None).unwrap(), Some((first, "One".to_string())));
        assert_eq!(catalog.pdf_owner("out/one.pdf", Some(first)).unwrap(), None);
        let second = catalog.add_book(&book("Two", vec![ids[1]])).unwrap();
        assert_eq!(catalog.books().unwrap().iter().map(|b| b.id).collect::<Vec<_>>(), vec![first, second]);
        catalog.delete_book(second).unwrap();
        assert!(format!("{:#}", catalog.book(second).unwrap_err()).contains(&format!("there is no book {second}")));
        assert!(catalog.add_book(&book("Twice", vec![ids[1], ids[1]])).is_err());
        assert_eq!(catalog.now().unwrap().len(), "2026-01-01T00:00:00Z".len());
    }
}

#[test]
fn stats_count_verdicts_per_layout_and_level() {
    for place in every_backend("stats") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = validated(&catalog, &["a", "b"]);
        let layout = Layout::load("classic-4").unwrap();
        let batch = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 9, 1, None, "none").unwrap();
        catalog.commit_chunk(&catalog.batch(batch).unwrap(), &[sample("z", 9)], 1).unwrap();
        let rows = catalog.stats(None).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].total, rows[0].valid, rows[0].failed, rows[0].unchecked), (3, 2, 0, 1), "{}", place.target);
        let graded = crate::level::RatingRange { low: 1.0, high: 2.0 };
        assert!(catalog.stats(Some(graded)).unwrap().is_empty(), "no puzzle is rated");
        assert_eq!(catalog.unvalidated_count("classic-4", "easy").unwrap(), 1);
        assert_eq!(catalog.puzzle(ids[0]).unwrap().canonical, "a");
        assert!(format!("{:#}", catalog.puzzle(9999).unwrap_err()).contains("there is no puzzle 9999"));
        assert_eq!(catalog.puzzle_layouts().unwrap(), vec!["classic-4".to_string()]);
    }
}

#[test]
fn references_hold_keys_and_keep_their_puzzles_out_of_books() {
    for place in every_backend("references") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = validated(&catalog, &["a", "b"]);
        let set = catalog.add_reference("public", "classic-4", "public.txt", 3, &["a".into(), "a".into(), "q".into()]).unwrap();
        assert_eq!((set.puzzles, set.keys), (3, 2));
        assert!(catalog.add_reference("public", "classic-4", "x", 1, &[]).is_err(), "a name is loaded once");
        assert_eq!(catalog.reference_matches("classic-4", "a").unwrap(), vec!["public".to_string()]);
        assert_eq!(catalog.reference_held("classic-4", "easy").unwrap(), 1);
        let (candidates, _) = catalog.book_candidates(&easy(false), 100).unwrap();
        assert_eq!(candidates.iter().map(|c| c.id).collect::<Vec<_>>(), vec![ids[1]]);
    }
}

#[test]
fn leases_are_held_renewed_and_released() {
    for place in every_backend("leases") {
        let catalog = Catalog::open(&place.target).unwrap();
        let layout = Layout::load("classic-4").unwrap();
        let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 5, None, "none").unwrap();
        catalog.renew_lease(id).unwrap();
        catalog.claim_batch(id).unwrap();
        catalog.release_batch(id, BatchStatus::Interrupted, Some("stopped")).unwrap();
        let batch = catalog.batch(id).unwrap();
        assert_eq!((batch.status, batch.note.as_deref()), (BatchStatus::Interrupted, Some("stopped")));
        let err = format!("{:#}", catalog.renew_lease(id).unwrap_err());
        assert!(err.contains("no longer holds the batch's lease"), "{err}");
        assert!(catalog.commit_chunk(&batch, &[sample("a", 1)], 1).is_err(), "no lease, no commit");
        assert!(catalog.puzzles(None, None).unwrap().is_empty(), "the refused chunk left nothing");
        catalog.claim_batch(id).unwrap();
        assert_eq!(catalog.batch(id).unwrap().status, BatchStatus::Running);
    }
}

#[test]
fn imports_and_rekeys_on_every_backend() {
    for place in every_backend("imports") {
        let catalog = Catalog::open(&place.target).unwrap();
        let layout = Layout::load("classic-4").unwrap();
        let (batch, added) =
            catalog.store_import(&layout, "cells", "book.txt", "from book.txt", &[sample("a", 0), sample("a", 0)]).unwrap();
        assert_eq!(added, vec![true, false]);
        assert_eq!(catalog.batch(batch.unwrap()).unwrap().status, BatchStatus::Done);
        let (none, again) = catalog.store_import(&layout, "cells", "book.txt", "again", &[sample("a", 0)]).unwrap();
        assert_eq!((none, again), (None, vec![false]), "no empty batch is recorded");
        let id = catalog.puzzles(None, None).unwrap()[0].id;
        assert_eq!(catalog.puzzle_source(id).unwrap(), "book.txt");
        // The row carries its source: a book reads it (a picture chapter).
        assert_eq!(catalog.puzzle(id).unwrap().source, "book.txt");
        let (_, made) = catalog.store_import(&layout, "cells", crate::record::PICTURE_SOURCE, "picture p.png", &[sample("b", 0)]).unwrap();
        assert_eq!(made, vec![true]);
        let rows = catalog.puzzles(None, None).unwrap();
        let sources: Vec<(&str, bool)> = rows.iter().map(|r| (r.source.as_str(), r.from_picture())).collect();
        assert_eq!(sources, [("book.txt", false), ("picture", true)]);
        assert!(catalog.pending_rekeys().unwrap().is_empty());
        catalog.write(|conn| conn.execute("INSERT INTO rekey (puzzle_id) VALUES ($1)", db::vals![id])).unwrap();
        assert_eq!(catalog.pending_rekeys().unwrap().len(), 1);
        assert!(catalog.apply_rekeys(&[(id, "new".into())]).unwrap().is_empty());
        assert_eq!(catalog.puzzle(id).unwrap().canonical, "new");
        assert!(catalog.pending_rekeys().unwrap().is_empty());
    }
}

#[test]
fn a_newer_catalog_is_refused_on_every_backend() {
    for place in every_backend("newer-any") {
        drop(Catalog::open(&place.target).unwrap());
        let catalog = Catalog::open(&place.target).unwrap();
        match &catalog.conn {
            db::Conn::Sqlite(conn) => conn.pragma_update(None, "user_version", 99).unwrap(),
            db::Conn::Postgres(_) => {
                catalog.conn.execute("UPDATE puzzlebook_schema SET version = 99", &[]).unwrap();
            }
        }
        drop(catalog);
        let err = format!("{:#}", Catalog::open(&place.target).err().expect("refused"));
        assert!(err.contains(&format!("schema version 99 but this puzzlebook knows only up to {}", MIGRATIONS.len())), "{err}");
    }
}

#[test]
fn open_existing_refuses_an_empty_postgres_database() {
    let Some(place) = Scratch::postgres("existing") else { return };
    let err = format!("{:#}", Catalog::open_existing(&place.target).err().expect("refused"));
    assert!(err.contains("no catalog in") && err.contains("puzzlebook generate"), "{err}");
    drop(Catalog::open(&place.target).unwrap());
    assert_eq!(Catalog::open_existing(&place.target).unwrap().schema_version().unwrap(), MIGRATIONS.len());
}

/// Tables, their columns in order and the kind of each, and the indexes:
/// what the two migration sets must agree on.
fn schema_of(catalog: &Catalog) -> Vec<String> {
    let (columns, indexes) = match catalog.conn.dialect() {
        db::Dialect::Sqlite => (
            "SELECT m.name, c.name, lower(c.type) FROM sqlite_master m JOIN pragma_table_info(m.name) c
             WHERE m.type = 'table' ORDER BY m.name, c.cid",
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
        ),
        db::Dialect::Postgres => (
            "SELECT table_name::text, column_name::text,
                    CASE data_type WHEN 'bigint' THEN 'integer' WHEN 'double precision' THEN 'real' WHEN 'bytea' THEN 'blob' ELSE data_type::text END
             FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'puzzlebook_schema'
             ORDER BY table_name, ordinal_position",
            "SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema()
               AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname",
        ),
    };
    let mut out: Vec<String> = catalog
        .conn
        .query(columns, &[])
        .unwrap()
        .iter()
        .map(|r| format!("{}.{} {}", r.get::<String>(0).unwrap(), r.get::<String>(1).unwrap(), r.get::<String>(2).unwrap()))
        .collect();
    out.extend(catalog.conn.query(indexes, &[]).unwrap().iter().map(|r| format!("index {}", r.get::<String>(0).unwrap())));
    out
}

#[test]
fn the_two_migration_sets_make_the_same_tables_columns_and_indexes() {
    let Some(pg) = Scratch::postgres("schema") else { return };
    let sqlite = Scratch::sqlite("schema");
    let expected = schema_of(&Catalog::open(&sqlite.target).unwrap());
    let actual = schema_of(&Catalog::open(&pg.target).unwrap());
    assert!(expected.iter().any(|c| c == "puzzles.se_rating real"), "{expected:?}");
    assert_eq!(actual, expected);
}

#[test]
fn two_processes_opening_a_new_postgres_catalog_migrate_it_once() {
    let Some(place) = Scratch::postgres("migrate-race") else { return };
    let openers: Vec<_> = (0..4)
        .map(|_| {
            let target = place.target.clone();
            std::thread::spawn(move || Catalog::open(&target).map(|c| c.schema_version().unwrap()).map_err(|e| format!("{e:#}")))
        })
        .collect();
    for opener in openers {
        assert_eq!(opener.join().unwrap(), Ok(MIGRATIONS.len()));
    }
}

#[test]
fn a_bad_postgres_url_gives_one_line_without_the_password() {
    let Some(server) = scratch::test_server() else { return };
    let missing = server.with_database("pb_no_such_database");
    let err = format!("{:#}", Catalog::open(DbTarget::Postgres(missing.clone())).err().expect("refused"));
    assert!(err.starts_with(&format!("cannot open catalog {missing}: ")) && err.contains("does not exist"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_chunk_inserts_in_one_statement_per_256_and_says_which_puzzles_were_new() {
    for place in every_backend("insert-many") {
        let catalog = Catalog::open(&place.target).unwrap();
        let layout = Layout::load("classic-4").unwrap();
        let batch = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 700, None, "none").unwrap();
        let batch = catalog.batch(batch).unwrap();
        // 600 puzzles over three statements, every tenth one twice in the
        // chunk (its first copy is the new one), and "k0" already stored.
        catalog.commit_chunk(&batch, &[sample("k0", 0)], 1).unwrap();
        let mut chunk = Vec::new();
        for i in 0..540 {
            chunk.push(sample(&format!("k{i}"), i));
            if i % 10 == 0 {
                chunk.push(sample(&format!("k{i}"), 10_000 + i));
            }
        }
        assert_eq!(chunk.len(), 594);
        let new = catalog.commit_chunk(&batch, &chunk, 595).unwrap();
        let expected: Vec<bool> = chunk.iter().enumerate().map(|(j, p)| p.canonical != "k0" && p.seed < 10_000 && j > 0).collect();
        assert_eq!(new, expected, "{}", place.target);
        let rows = catalog.puzzles(None, None).unwrap();
        assert_eq!(rows.len(), 540);
        assert!(rows.iter().all(|r| r.seed < 10_000), "the first copy of each key is the one stored");
        assert_eq!(catalog.puzzle_count(None).unwrap(), 540);
    }
}

#[test]
fn each_puzzle_visits_every_row_once_a_page_at_a_time() {
    for place in every_backend("pages") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = validated(&catalog, &["a", "b", "c", "d", "e", "f", "g"]);
        for page in [1, 2, 3, 7, 100] {
            let mut seen = Vec::new();
            catalog
                .each_puzzle(None, None, page, |row| {
                    seen.push(row.id);
                    Ok(())
                })
                .unwrap();
            assert_eq!(seen, ids, "page {page} on {}", place.target);
        }
        let mut easy = 0;
        catalog
            .each_puzzle(Some("classic-4"), Some("easy"), 2, |_| {
                easy += 1;
                Ok(())
            })
            .unwrap();
        assert_eq!(easy, ids.len());
        catalog.each_puzzle(Some("classic-9"), None, 2, |_| panic!("no classic-9 puzzle")).unwrap();
        let err = catalog.each_puzzle(None, None, 3, |row| if row.id == ids[4] { anyhow::bail!("stop at {}", row.id) } else { Ok(()) });
        assert!(format!("{:#}", err.unwrap_err()).contains("stop at"));
    }
}

#[test]
fn the_counts_stats_reads_follow_every_change_and_a_verdict_changed_by_hand_is_not_current() {
    for place in every_backend("counts") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = validated(&catalog, &["a", "b", "c", "d"]);
        let counts = |c: &Catalog| {
            let rows = c.stats(None).unwrap();
            rows.iter().map(|r| (r.level.clone(), r.total, r.valid, r.failed, r.unchecked)).collect::<Vec<_>>()
        };
        assert_eq!(counts(&catalog), vec![("easy".to_string(), 4, 4, 0, 0)], "{}", place.target);
        // A verdict set by hand, a row changed, a level changed: not current.
        catalog.conn.execute("UPDATE puzzles SET validation = 'failed' WHERE id = $1", vals![ids[0]]).unwrap();
        catalog.conn.execute("UPDATE puzzles SET givens = '2.' WHERE id = $1", vals![ids[1]]).unwrap();
        catalog.conn.execute("UPDATE puzzles SET level = 'hard' WHERE id = $1", vals![ids[2]]).unwrap();
        // Unchanged values written again change nothing.
        catalog.conn.execute("UPDATE puzzles SET level = level, givens = givens WHERE id = $1", vals![ids[3]]).unwrap();
        assert_eq!(counts(&catalog), vec![("easy".to_string(), 3, 1, 0, 2), ("hard".to_string(), 1, 0, 0, 1)], "{}", place.target);
        assert_eq!(catalog.unchecked_count(None).unwrap(), 3);
        // The rows the SQL counts call unchecked are those validate picks.
        let mut picked = Vec::new();
        catalog
            .each_puzzle(None, None, 2, |r| {
                if crate::validate::needs_check(&r) {
                    picked.push(r.id);
                }
                Ok(())
            })
            .unwrap();
        assert_eq!(picked, ids[..3].to_vec());
        // Recording verdicts again (the same hash as before, for the
        // unchanged row) makes them current; a grade sets the level.
        let rows = catalog.puzzles(None, None).unwrap();
        let verdicts: Vec<_> = rows.iter().map(|r| (r.id, true, None, 5, crate::validate::verdict_hash(r, true))).collect();
        let grades = vec![None; rows.len()];
        catalog.record_validations(&verdicts, &grades).unwrap();
        assert_eq!(counts(&catalog), vec![("easy".to_string(), 3, 3, 0, 0), ("hard".to_string(), 1, 1, 0, 0)]);
        let mut picked = Vec::new();
        catalog
            .each_puzzle(None, None, 2, |r| {
                if crate::validate::needs_check(&r) {
                    picked.push(r.id);
                }
                Ok(())
            })
            .unwrap();
        assert!(picked.is_empty(), "{picked:?}");
        // Deleting a row (as a refused import's batch would) counts too.
        catalog.conn.execute("DELETE FROM puzzles WHERE id = $1", vals![ids[3]]).unwrap();
        assert_eq!(counts(&catalog), vec![("easy".to_string(), 2, 2, 0, 0), ("hard".to_string(), 1, 1, 0, 0)]);
    }
}

#[test]
fn verdicts_recorded_before_migration_0016_are_audited_once() {
    let db = temp_db("audit");
    {
        let catalog = Catalog::open(&db).unwrap();
        let ids = validated(&catalog, &["a", "b"]);
        // As a catalog made before 0016 could hold: a stale hash that no
        // trigger cleared, and the audit pending.
        let conn = catalog.conn.sqlite().unwrap();
        conn.execute_batch("DROP TRIGGER puzzles_verdict_stale").unwrap();
        conn.execute("UPDATE puzzles SET solution = '21' WHERE id = ?1", [ids[0]]).unwrap();
        conn.execute_batch("INSERT INTO verdict_audit VALUES (1)").unwrap();
        assert_eq!(catalog.stats(None).unwrap()[0].valid, 2, "stale, and counted valid until audited");
    }
    let catalog = Catalog::open(&db).unwrap();
    let row = &catalog.stats(None).unwrap()[0];
    assert_eq!((row.valid, row.unchecked), (1, 1));
    assert!(catalog.conn.query_opt("SELECT pending FROM verdict_audit", &[]).unwrap().is_none());
}

// ---- The dedupe key (migration 0022) ----

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored key of puzzle `id`, in hex.
fn stored_key_hex(catalog: &Catalog, id: i64) -> Option<String> {
    let sql = match catalog.conn.dialect() {
        db::Dialect::Sqlite => "SELECT lower(hex(key)) FROM puzzles WHERE id = $1 AND key IS NOT NULL",
        db::Dialect::Postgres => "SELECT encode(key, 'hex') FROM puzzles WHERE id = $1 AND key IS NOT NULL",
    };
    catalog.conn.query_opt(sql, vals![id]).unwrap().map(|r| r.get(0).unwrap())
}

#[test]
fn a_puzzle_is_a_duplicate_exactly_when_its_layout_and_canonical_key_are_stored() {
    for place in every_backend("dedupe-key") {
        let catalog = Catalog::open(&place.target).unwrap();
        // PostgreSQL's puzzle_key (its trigger's, for rows written by hand)
        // is the program's, byte for byte.
        if place.is_postgres() {
            for (layout, canonical) in [("classic-4", "1234"), ("classic-9", "é#\n'x")] {
                let sql: String =
                    catalog.conn.query_one("SELECT encode(puzzle_key($1, $2), 'hex')", vals![layout, canonical]).unwrap().get(0).unwrap();
                assert_eq!(sql, hex(&puzzle_key(layout, canonical)), "{}", place.target);
            }
        }
        let small = Layout::load("classic-4").unwrap();
        let large = Layout::load("classic-9").unwrap();
        let batch = |layout: &Layout| {
            let id = catalog.create_batch(catalog.layout_id(layout, "cells").unwrap(), 1, 10, None, "none").unwrap();
            catalog.batch(id).unwrap()
        };
        let (four, nine) = (batch(&small), batch(&large));
        assert_eq!(catalog.commit_chunk(&four, &[sample("a", 1), sample("b", 2), sample("a", 3)], 3).unwrap(), [true, true, false]);
        // Again in a later commit: one row.
        assert_eq!(catalog.commit_chunk(&four, &[sample("b", 4), sample("c", 5)], 5).unwrap(), [false, true]);
        // The same canonical key of another layout is another puzzle.
        assert_eq!(catalog.commit_chunk(&nine, &[sample("a", 6)], 1).unwrap(), [true]);
        let rows = catalog.puzzles(None, None).unwrap();
        let stored: Vec<(&str, &str, u64)> = rows.iter().map(|r| (r.layout_name.as_str(), r.canonical.as_str(), r.seed)).collect();
        assert_eq!(stored, [("classic-4", "a", 1), ("classic-4", "b", 2), ("classic-4", "c", 5), ("classic-9", "a", 6)]);
        // Each row holds its key, as the program computes it.
        for r in &rows {
            assert_eq!(stored_key_hex(&catalog, r.id), Some(hex(&puzzle_key(&r.layout_name, &r.canonical))), "{}", place.target);
        }
        // The database itself refuses a second row, whoever writes it.
        let by_hand = catalog.conn.execute(
            "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                 generator_version, created_at)
             SELECT layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, 99, generator_version, created_at
             FROM puzzles WHERE id = $1",
            vals![rows[1].id],
        );
        assert!(by_hand.is_err(), "{}: a duplicate inserted by hand", place.target);
        // The batch's cut asks which keys are held through the index.
        let held = catalog.held_keys("classic-4", &["a", "c", "z"]).unwrap();
        assert_eq!(held, ["a", "c"].into_iter().map(String::from).collect());
    }
}

#[test]
fn a_puzzle_whose_key_collides_with_a_different_stored_one_is_refused_not_dropped() {
    for place in every_backend("collision") {
        // SHA-256 collisions cannot be made: the stored puzzle "a" is given
        // the key of "b", as a collision would.
        let catalog = Catalog::open(&place.target).unwrap();
        let layout = Layout::load("classic-4").unwrap();
        let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 10, None, "none").unwrap();
        let batch = catalog.batch(id).unwrap();
        assert_eq!(catalog.commit_chunk(&batch, &[sample("a", 1)], 1).unwrap(), [true]);
        // A true duplicate is skipped (its text matches the stored one's).
        assert_eq!(catalog.commit_chunk(&batch, &[sample("a", 2)], 2).unwrap(), [false], "{}", place.target);
        catalog.conn.execute("UPDATE puzzles SET key = $1 WHERE canonical = 'a'", vals![puzzle_key("classic-4", "b")]).unwrap();
        let err = format!("{:#}", catalog.commit_chunk(&batch, &[sample("b", 3)], 3).unwrap_err());
        assert!(err.contains("puzzle b (seed 3)") && err.contains("collision"), "{err}");
        // Nothing of the refused commit is stored: not the puzzle, not the resume point.
        assert_eq!(catalog.puzzles(None, None).unwrap().len(), 1);
        assert_eq!(catalog.batch(id).unwrap().next_attempt, 2);
    }
}

/// Issue 27, item 7's key is a plain column: a connection without any of
/// the program's functions (the `sqlite3` shell) checks the catalog and
/// inserts a puzzle by hand; the row is deduped, and the program gives it
/// its key before its next insert.
#[test]
fn a_plain_sqlite_connection_checks_and_writes_the_catalog_and_keyless_rows_stay_deduped() {
    let place = Scratch::sqlite("plain-shell");
    let catalog = Catalog::open(&place.target).unwrap();
    let layout = Layout::load("classic-4").unwrap();
    let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 10, None, "none").unwrap();
    let batch = catalog.batch(id).unwrap();
    assert_eq!(catalog.commit_chunk(&batch, &[sample("a", 1), sample("b", 2)], 2).unwrap(), [true, true]);
    let path = place.target.file().unwrap().to_path_buf();
    let copy_row = |canonical: &str| {
        format!(
            "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                 generator_version, created_at)
             SELECT layout_id, layout_name, givens, solution, '{canonical}', clues, score, level, effort_nodes, 77, generator_version, created_at
             FROM puzzles WHERE canonical = 'a'"
        )
    };
    {
        let shell = Connection::open(&path).unwrap();
        let ok: String = shell.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(ok, "ok");
        shell.execute(&copy_row("h"), []).unwrap();
        // A duplicate by hand is refused, with the words of a UNIQUE constraint.
        let err = shell.execute(&copy_row("b"), []).unwrap_err().to_string();
        assert!(err.contains("UNIQUE constraint failed"), "{err}");
        // A canonical key changed by hand onto another's is refused; else the key is cleared.
        assert!(shell.execute("UPDATE puzzles SET canonical = 'a' WHERE canonical = 'b'", []).is_err());
        shell.execute("UPDATE puzzles SET canonical = 'c' WHERE canonical = 'b'", []).unwrap();
        let keyless: i64 = shell.query_row("SELECT count(*) FROM puzzles WHERE key IS NULL", [], |r| r.get(0)).unwrap();
        assert_eq!(keyless, 2);
    }
    // The next commit gives both their keys first: "h" and "c" are duplicates, "b" is new again.
    assert_eq!(catalog.commit_chunk(&batch, &[sample("h", 3), sample("c", 4), sample("b", 5)], 5).unwrap(), [false, false, true]);
    for r in catalog.puzzles(None, None).unwrap() {
        assert_eq!(stored_key_hex(&catalog, r.id), Some(hex(&puzzle_key(&r.layout_name, &r.canonical))), "{}", r.canonical);
    }
    let ok: String = Connection::open(&path).unwrap().query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(ok, "ok");
}

#[test]
fn migration_0022_keeps_every_puzzle_its_id_and_book_and_dedupe_stays_exact() {
    for place in every_backend("migrate-0022") {
        let before = MIGRATIONS.iter().position(|m| m.0 == "0022_key").unwrap();
        {
            let conn = match &place.target {
                DbTarget::Sqlite(path) => db::Conn::Sqlite(Connection::open(path).unwrap()),
                DbTarget::Postgres(url) => {
                    let conn = db::Conn::connect(url).unwrap();
                    conn.batch("CREATE TABLE puzzlebook_schema (version BIGINT NOT NULL); INSERT INTO puzzlebook_schema VALUES (0);")
                        .unwrap();
                    conn
                }
            };
            for (_, sqlite, postgres) in &MIGRATIONS[..before] {
                conn.batch(if place.is_postgres() { postgres } else { sqlite }).unwrap();
            }
            set_schema_version(&conn, before).unwrap();
            let source = Layout::load("classic-4").unwrap().source;
            conn.execute("INSERT INTO layouts (id, name, file_hash, source) VALUES (4, 'classic-4', 'h', $1)", vals![source]).unwrap();
            for (id, canonical) in [(3, "x"), (8, "y"), (20, "z")] {
                conn.execute(
                    "INSERT INTO puzzles (id, layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                         generator_version, created_at)
                     VALUES ($1, 4, 'classic-4', '1.', '12', $2, 1, 10, 'easy', 1, $1, 'old', 'then')",
                    vals![id, canonical],
                )
                .unwrap();
            }
            conn.batch(
                "INSERT INTO books (id, title, settings, created_at, pdf_path, pages, pdf_hash) VALUES (2, 'Old', '', 't', 'a.pdf', 24, 'abc');
                 INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (2, 1, 8);",
            )
            .unwrap();
        }
        let catalog = Catalog::open(&place.target).unwrap();
        assert_eq!(catalog.schema_version().unwrap(), MIGRATIONS.len());
        let rows: Vec<(i64, String)> = catalog.puzzles(None, None).unwrap().into_iter().map(|r| (r.id, r.canonical)).collect();
        assert_eq!(rows, [(3, "x".to_string()), (8, "y".to_string()), (20, "z".to_string())], "{}", place.target);
        let printed: i64 = catalog.conn.query_one("SELECT puzzle_id FROM book_puzzles WHERE book_id = 2", &[]).unwrap().get(0).unwrap();
        assert_eq!(printed, 8);
        for id in [3, 8, 20] {
            assert!(stored_key_hex(&catalog, id).is_some(), "{}: puzzle {id} has no key", place.target);
        }
        let unique_on_text = match catalog.conn.dialect() {
            db::Dialect::Sqlite => "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_autoindex_puzzles_1'",
            db::Dialect::Postgres => "SELECT count(*) FROM pg_constraint WHERE conname = 'puzzles_layout_name_canonical_key'",
        };
        assert_eq!(catalog.conn.query_one(unique_on_text, &[]).unwrap().get::<i64>(0).unwrap(), 0, "{}", place.target);
        // The kept rows are in the new index, and the triggers still count.
        let layout = Layout::load("classic-4").unwrap();
        let id = catalog.create_batch(catalog.layout_id(&layout, "cells").unwrap(), 1, 10, None, "none").unwrap();
        let batch = catalog.batch(id).unwrap();
        assert_eq!(catalog.commit_chunk(&batch, &[sample("y", 1), sample("w", 2)], 2).unwrap(), [false, true]);
        assert_eq!(catalog.puzzle_count(None).unwrap(), 4);
        assert_eq!(catalog.stats(None).unwrap()[0].total, 4);
        if let db::Dialect::Sqlite = catalog.conn.dialect() {
            assert_sound_after_rebuild(catalog.conn.sqlite().unwrap());
        }
    }
}

/// What a SQLite table rebuild (`store::rebuild`) must leave: no broken
/// foreign key, foreign keys switched on again, and a sound file.
pub(super) fn assert_sound_after_rebuild(conn: &Connection) {
    let fk: i64 = conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).unwrap();
    assert_eq!(fk, 0);
    let fk_on: i64 = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).unwrap();
    assert_eq!(fk_on, 1, "foreign keys are on again after the rebuild");
    let ok: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(ok, "ok");
}
