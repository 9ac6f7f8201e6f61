//! `reference add FILE --name NAME`, `reference list`: public collections
//! as canonical keys, which `book` keeps out of its pages.

use super::catalog::DbArg;
use super::import::FormatArg;
use crate::layout::Layout;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct ReferenceArgs {
    #[command(subcommand)]
    pub command: ReferenceCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum ReferenceCommand {
    /// Load a collection's canonical keys (no solving; a malformed line is an error naming it).
    Add {
        /// The collection's file.
        file: PathBuf,
        /// Its name in reports.
        #[arg(long)]
        name: String,
        /// The layout its puzzles are of.
        #[arg(long, default_value = "classic-9")]
        layout: String,
        /// The file's format (auto, lines, sdm, …, as `import`).
        #[arg(long, default_value = "auto")]
        format: FormatArg,
        #[command(flatten)]
        db: DbArg,
    },
    /// The loaded collections: name, layout, puzzles, distinct keys, file.
    List {
        #[command(flatten)]
        db: DbArg,
    },
}

pub fn run(args: ReferenceArgs) -> anyhow::Result<()> {
    match args.command {
        ReferenceCommand::Add { file, name, layout, format, db } => {
            if name.trim().is_empty() {
                anyhow::bail!(
                    "--name \"{name}\": a reference set needs a name (it names the set in `reference list` and in book reports), e.g. --name top1465"
                );
            }
            let name = name.trim().to_string();
            let family = crate::family::open(Layout::load(&layout)?);
            let (format, read, keys) = crate::import::reference_keys(family.as_ref(), &file, format.0)?;
            let catalog = crate::cli::open_catalog(&db.db)?;
            let set = catalog.add_reference(&name, &family.layout().id, &file.display().to_string(), read, &keys)?;
            println!("reference {}: {} puzzles read ({format}), {} distinct {} keys", set.name, set.puzzles, set.keys, set.layout_name);
        }
        ReferenceCommand::List { db } => {
            let catalog = crate::cli::open_catalog_to_read(&db.db)?;
            let sets = catalog.references()?;
            if sets.is_empty() {
                println!("{}: no reference sets (add one with `puzzlebook reference add FILE --name NAME`)", db.db.display());
            }
            for s in sets {
                println!(
                    "{:<20} {:<16} {:>8} puzzles {:>8} keys  {}  (added {})",
                    s.name, s.layout_name, s.puzzles, s.keys, s.file, s.added_at
                );
            }
        }
    }
    Ok(())
}
