//! `demo`: the README's first command. Generates a few puzzles of several
//! layouts at every level into a demo catalog, validates them, and prints a
//! sample book — the whole pipeline in a few seconds.

use crate::batch;
use crate::book::BookSettings;
use crate::layout::Layout;
use crate::score::Level;
use anyhow::{Result, bail};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// The demo's own catalog, made afresh on every run.
    #[arg(long, default_value = "output/demo.db")]
    pub db: PathBuf,
    /// The sample book.
    #[arg(long, short = 'o', default_value = "output/sample-book.pdf")]
    pub out: PathBuf,
}

const LAYOUTS: [&str; 6] = ["classic-6", "classic-9", "jigsaw-9", "diagonal-9", "even-odd-9", "classic-16"];
/// Enough for a 24-page book, the print-on-demand minimum.
const PER_LAYOUT_AND_LEVEL: u64 = 3;

pub fn run(args: DemoArgs) -> Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", args.db.display()));
    }
    let catalog = crate::cli::open_catalog(&args.db)?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    for id in LAYOUTS {
        let family = crate::family::open(Layout::load(id)?);
        let layout_id = catalog.layout_id(family.layout(), family.name())?;
        for (i, level) in Level::ALL.into_iter().enumerate() {
            let seed = 1000 * (i as u64 + 1);
            let batch = catalog.create_batch(layout_id, seed, PER_LAYOUT_AND_LEVEL, Some(level), "none")?;
            batch::run(&catalog, batch, &batch::Options::alone(jobs), &mut |_| {})?;
        }
        eprintln!("generated {id}: {PER_LAYOUT_AND_LEVEL} puzzles at each level");
    }
    let rows = catalog.puzzles(None, None)?;
    let (ok, failed) = crate::validate::validate_rows(
        &catalog,
        &rows,
        0,
        false,
        |row, problem| eprintln!("puzzle {} ({}): FAILED: {problem}", row.id, row.layout_name),
        super::validate::progress_line,
    )?;
    eprintln!("validated {ok} puzzles, {failed} failed");
    if failed > 0 {
        bail!("{failed} demo puzzle(s) failed validation");
    }
    let count = LAYOUTS.len() * 4 * PER_LAYOUT_AND_LEVEL as usize;
    let layouts = LAYOUTS.iter().map(|s| s.to_string()).collect();
    let settings = BookSettings { per_page: 4, ..BookSettings::new("Sample Puzzle Book", layouts, count, Level::ALL.to_vec()) };
    let (id, rendered) = crate::book::make::make_book(&catalog, settings, &args.out)?;
    println!(
        "book {id}: {} puzzles of {} layouts, {} pages → {} (catalog {})",
        count,
        LAYOUTS.len(),
        rendered.pages,
        args.out.display(),
        args.db.display()
    );
    Ok(())
}
