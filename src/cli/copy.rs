//! `copy`: a whole catalog to another place, between SQLite and PostgreSQL.

use crate::store::DbTarget;
use crate::store::copy::copy_catalog_with_progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;

/// `copy --help`: what is copied and what the copy guarantees (set on the
/// command's variant, where clap reads it).
pub const LONG_ABOUT: &str = "Copy a whole catalog to another place: a SQLite file or a postgres:// URL on either side \
(SQLite → PostgreSQL, PostgreSQL → SQLite, or the same kind). Every table of the schema is copied with its ids — \
layouts, batches and their leases, puzzles with their validation, grades and hashes, books and their puzzles, \
reference sets and their keys, and any table a later migration adds — so `reprint` gives each book byte for byte \
from the copy.\n\n\
The target is brought to this puzzlebook's schema first (a new file is made; a PostgreSQL database must exist); \
a source made by a newer puzzlebook is refused, an older one is upgraded in place as every command does. The \
source is read in one snapshot and the target written in one transaction: a copy that fails leaves the target as \
it was. A target that already holds rows is refused unless --replace is given. Passwords come from the URL or \
PGPASSWORD and are never printed.";

#[derive(clap::Args, Debug)]
pub struct CopyArgs {
    /// The catalog to copy: a SQLite file, or a postgres:// URL.
    #[arg(long, value_name = "CATALOG")]
    pub from: DbTarget,
    /// Where to copy it: a SQLite file (made if missing), or a postgres:// URL of an existing database.
    #[arg(long, value_name = "CATALOG")]
    pub to: DbTarget,
    /// Delete every row the target holds first (in the same transaction as the copy); without it a target
    /// that is not empty is refused.
    #[arg(long)]
    pub replace: bool,
}

pub fn run(args: CopyArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    // On a terminal, the table being copied and its rows so far.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("copy {msg}: {pos} rows  {elapsed} elapsed").unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    });
    let progress = |table: &str, rows: u64| {
        if let Some(bar) = &bar {
            bar.set_message(table.to_string());
            bar.set_position(rows);
        }
    };
    let report = copy_catalog_with_progress(&args.from, &args.to, args.replace, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = report?;
    println!("copied {} to {} (schema version {}, one transaction):", args.from, args.to, report.schema_version);
    let width = report.tables.iter().map(|(t, _)| t.len()).max().unwrap_or(0);
    for (table, rows) in &report.tables {
        println!("  {table:<width$}  {rows:>10}");
    }
    println!(
        "{} tables, {} rows in {:.1} s; reprint a book from the copy with `puzzlebook reprint ID --db {}`",
        report.tables.len(),
        report.rows(),
        started.elapsed().as_secs_f64(),
        args.to
    );
    Ok(())
}
