//! Migrations SQLite cannot express with `ALTER TABLE`: a table made again
//! from its own `CREATE TABLE` text with one change, every row copied with
//! its id, and the indexes and triggers that name it made again from their
//! own text (the safe order of SQLite's "Making Other Kinds Of Table Schema
//! Changes": foreign keys off around it, checked before it returns).

use super::db::Conn;
use anyhow::{Context, Result};

/// Migration 0024 on SQLite: `layouts` without migration 0005's CHECK on
/// `family`, so the column takes any family's name (a family is data: a
/// new one needs no migration). A catalog whose `layouts` has no such CHECK
/// is left as it is.
pub(super) fn layouts_without_family_check(conn: &Conn) -> Result<()> {
    let check = " CHECK (family IN ('cells', 'loops'))";
    rebuild(conn, "layouts", "0024", |table| table.contains(check).then(|| table.replacen(check, "", 1)), &[])
}

/// Migration 0022 on SQLite, which cannot drop a table's UNIQUE
/// constraint: `puzzles` without `UNIQUE (layout_name, canonical)`, with
/// the column `key` filled here ([`super::puzzle_key`]); whatever the
/// migrations before this one added stays.
pub(super) fn puzzles_keyed(conn: &Conn) -> Result<()> {
    let unique = ",\n    UNIQUE (layout_name, canonical)\n";
    let sqlite = conn.sqlite().context("migration 0022's rebuild is SQLite's")?;
    super::add_key_function(sqlite)?;
    let done = rebuild(
        conn,
        "puzzles",
        "0022",
        |table| Some(table.replacen(unique, ",\n    key BLOB\n", 1)).filter(|_| table.contains(unique)),
        &[("key", "puzzle_key(layout_name, canonical)")],
    );
    sqlite.remove_function("puzzle_key", 2)?;
    let made: String = conn.query_one("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'puzzles'", &[])?.get(0)?;
    done?;
    anyhow::ensure!(made.contains("key BLOB"), "puzzles is not as migration 0001 made it: {made}");
    Ok(())
}

/// Makes `table` again from `change(its CREATE TABLE text)` (`None`: no
/// change needed, nothing is done), with the same columns and the `added`
/// ones (each filled by its SQL expression over the old row): rows (ids
/// included) copied, indexes and triggers made again. Runs inside the
/// migration's transaction with foreign keys off.
fn rebuild(conn: &Conn, table: &str, migration: &str, change: impl FnOnce(&str) -> Option<String>, added: &[(&str, &str)]) -> Result<()> {
    let made: String = conn
        .query_one("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = $1", super::db::vals![table])?
        .get(0)
        .with_context(|| format!("migration {migration}: no table {table}"))?;
    let Some(changed) = change(&made) else { return Ok(()) };
    let temporary = format!("{table}_{migration}");
    let opening = format!("CREATE TABLE {table} (");
    anyhow::ensure!(made.starts_with(&opening), "migration {migration}: {table} is not as the migrations made it: {made}");
    let changed = changed.replacen(&opening, &format!("CREATE TABLE {temporary} ("), 1);
    let columns = conn
        .query(&format!("SELECT name FROM pragma_table_info('{table}') ORDER BY cid"), &[])?
        .iter()
        .map(|r| r.get::<String>(0))
        .collect::<Result<Vec<_>>>()?
        .join(", ");
    // Indexes of the table (not the automatic ones of its UNIQUE clauses,
    // which come with the new table), and every trigger that names it, in
    // the order they were made.
    let again = conn
        .query(
            "SELECT type, name, sql FROM sqlite_master
             WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name = $1) OR (type = 'trigger' AND (tbl_name = $1 OR sql LIKE '%' || $1 || '%')))
             ORDER BY rowid",
            super::db::vals![table],
        )?
        .iter()
        .map(|r| Ok((r.get::<String>(0)?, r.get::<String>(1)?, r.get::<String>(2)?)))
        .collect::<Result<Vec<_>>>()?;
    let views: i64 = conn
        .query_one("SELECT count(*) FROM sqlite_master WHERE type = 'view' AND sql LIKE '%' || $1 || '%'", super::db::vals![table])?
        .get(0)?;
    anyhow::ensure!(views == 0, "a view names {table}: migration {migration} does not rebuild views");
    // A trigger of another table that names this one would not survive
    // the rename (SQLite checks every trigger then): all go, and come back.
    for (kind, name, _) in &again {
        if kind == "trigger" {
            conn.batch(&format!("DROP TRIGGER \"{name}\""))?;
        }
    }
    conn.batch(&changed)?;
    let (into, from): (String, String) = added
        .iter()
        .fold((columns.clone(), columns), |(into, from), (column, value)| (format!("{into}, {column}"), format!("{from}, {value}")));
    conn.batch(&format!("INSERT INTO {temporary} ({into}) SELECT {from} FROM {table}"))?;
    conn.batch(&format!("DROP TABLE {table}"))?;
    conn.batch(&format!("ALTER TABLE {temporary} RENAME TO {table}"))?;
    for (_, _, sql) in &again {
        conn.batch(sql)?;
    }
    let broken = conn.query("PRAGMA foreign_key_check", &[])?;
    anyhow::ensure!(broken.is_empty(), "migration {migration}: {} rows break a foreign key after rebuilding {table}", broken.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::db::{self, vals};
    use super::super::scratch::every_backend;
    use super::super::{Catalog, DbTarget, MIGRATIONS, migrate_to, tests::sample};
    use crate::layout::Layout;

    /// Issue 31: a catalog at version 23, with layouts of both families,
    /// a batch, puzzles (one under its own layout) and a book, upgrades to
    /// a `layouts.family` that takes a family it has never seen, keeping
    /// every row, id, index and trigger.
    #[test]
    fn migration_0024_takes_any_family_and_keeps_every_row() {
        let at = MIGRATIONS.iter().position(|m| m.0 == "0024_family_data").unwrap();
        let classic = Layout::load("classic-4").unwrap();
        let loops = Layout::load("slitherlink-10x10").unwrap();
        for place in every_backend("migrate-0024") {
            let conn = match &place.target {
                DbTarget::Sqlite(path) => db::Conn::Sqlite(rusqlite::Connection::open(path).unwrap()),
                DbTarget::Postgres(url) => db::Conn::connect(url).unwrap(),
            };
            migrate_to(&conn, at).unwrap();
            let old = Catalog { conn, target: place.target.clone() };
            assert_eq!(old.schema_version().unwrap(), at);
            let refused = old.layout_id(&loops, "nonogram");
            assert!(refused.is_err(), "{}: version {at} refuses a third family (the CHECK of 0005)", place.target);
            let cells_id = old.layout_id(&classic, "cells").unwrap();
            let loops_id = old.layout_id(&loops, "loops").unwrap();
            let batch = old.create_batch(cells_id, 1, 3, None, "none").unwrap();
            let batch = old.batch(batch).unwrap();
            let own = crate::store::NewPuzzle { own_layout: Some(format!("{}\n# drawn\n", classic.source)), ..sample("b", 2) };
            assert_eq!(old.commit_chunk(&batch, &[sample("a", 1), own], 2).unwrap(), [true, true]);
            old.conn
                .batch(
                    "INSERT INTO books (id, title, settings, created_at, pdf_path, pages, pdf_hash) VALUES (2, 'Old', '', 't', 'a.pdf', 24, 'abc');",
                )
                .unwrap();
            let first = old.puzzles(None, None).unwrap()[0].id;
            old.conn.execute("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (2, 1, $1)", vals![first]).unwrap();
            let before: Vec<(i64, String, String, String)> = layouts(&old);
            let puzzles_before = puzzles(&old);
            assert_eq!(puzzles_before.len(), 2);
            drop(old);

            let catalog = Catalog::open(&place.target).unwrap();
            assert_eq!(catalog.schema_version().unwrap(), MIGRATIONS.len());
            assert_eq!(layouts(&catalog), before, "{}: every layout row and its family kept", place.target);
            assert_eq!(before.iter().filter(|l| l.3 == "cells").count(), 2, "the batch's layout and the puzzle's own: {before:?}");
            assert_eq!(puzzles(&catalog), puzzles_before, "{}", place.target);
            let printed: i64 = catalog.conn.query_one("SELECT puzzle_id FROM book_puzzles WHERE book_id = 2", &[]).unwrap().get(0).unwrap();
            assert_eq!(printed, first);
            // A family the catalog has never seen is a name, not a migration.
            let third = catalog.layout_id(&Layout::load("classic-6").unwrap(), "nonogram").unwrap();
            let family: String = catalog.conn.query_one("SELECT family FROM layouts WHERE id = $1", vals![third]).unwrap().get(0).unwrap();
            assert_eq!(family, "nonogram");
            assert_eq!(catalog.layout_id(&loops, "loops").unwrap(), loops_id, "the kept row is found again, not added");
            // The layouts' trigger (migration 0016) still clears verdicts.
            catalog
                .conn
                .execute("UPDATE puzzles SET validation = 'ok', validated_hash = 'h' WHERE layout_id = $1", vals![cells_id])
                .unwrap();
            catalog.conn.execute("UPDATE layouts SET name = 'renamed' WHERE id = $1", vals![cells_id]).unwrap();
            let stale: i64 = catalog
                .conn
                .query_one("SELECT count(*) FROM puzzles WHERE layout_id = $1 AND validated_hash IS NULL", vals![cells_id])
                .unwrap()
                .get(0)
                .unwrap();
            assert_eq!(stale, 1, "{}: layouts_verdict_stale still fires", place.target);
            if let db::Dialect::Sqlite = catalog.conn.dialect() {
                let conn = catalog.conn.sqlite().unwrap();
                crate::store::tests::assert_sound_after_rebuild(conn);
                let table: String = conn.query_row("SELECT sql FROM sqlite_master WHERE name = 'layouts'", [], |r| r.get(0)).unwrap();
                assert!(table.contains("STRICT") && table.contains("UNIQUE (name, file_hash)") && !table.contains("CHECK"), "{table}");
                // A foreign key still points at the rebuilt table.
                let orphan = conn.execute("INSERT INTO batches (layout_id, seed, count_asked, symmetry, status, started_at) VALUES (999, 1, 1, 'none', 'done', 't')", []);
                assert!(orphan.is_err(), "batches.layout_id still references layouts");
            }
        }
    }

    fn puzzles(catalog: &Catalog) -> Vec<(i64, i64, String)> {
        catalog
            .conn
            .query("SELECT id, layout_id, canonical FROM puzzles ORDER BY id", &[])
            .unwrap()
            .iter()
            .map(|r| (r.get(0).unwrap(), r.get(1).unwrap(), r.get(2).unwrap()))
            .collect()
    }

    fn layouts(catalog: &Catalog) -> Vec<(i64, String, String, String)> {
        catalog
            .conn
            .query("SELECT id, name, file_hash, family FROM layouts ORDER BY id", &[])
            .unwrap()
            .iter()
            .map(|r| (r.get(0).unwrap(), r.get(1).unwrap(), r.get(2).unwrap(), r.get(3).unwrap()))
            .collect()
    }
}
