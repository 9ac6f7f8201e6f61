use super::*;
use crate::layout::Layout;
use rusqlite::Connection;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-store-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("catalog.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

fn sample(canonical: &str, seed: u64) -> NewPuzzle {
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
    let mode: String = catalog.conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    let fk: i64 = catalog.conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).unwrap();
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
    let (givens, validation): (String, Option<String>) =
        catalog.conn.query_row("SELECT givens, validation FROM puzzles WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
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
    let catalog = Catalog::open(&temp_db("chunks")).unwrap();
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
    let here = Catalog::open(&temp_db("merge-here")).unwrap();
    let other_path = temp_db("merge-other");
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
fn write_errors_name_the_catalog_file() {
    let path = temp_db("write-error");
    let catalog = Catalog::open(&path).unwrap();
    let err = catalog
        .write(|conn| {
            conn.execute("INSERT INTO no_such_table VALUES (1)", [])?;
            Ok(())
        })
        .expect_err("fails");
    let err = format!("{err:#}");
    assert!(err.contains(&path.display().to_string()) && err.contains("no_such_table"), "{err}");
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
        for (_, sql) in &MIGRATIONS[..11] {
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
