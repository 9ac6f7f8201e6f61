//! `link ID`: a URL that opens a stored puzzle in a browser solver.

use super::catalog::DbArg;

#[derive(clap::Args, Debug)]
pub struct LinkArgs {
    /// Puzzle number (the catalog's id).
    pub id: i64,
    #[command(flatten)]
    pub db: DbArg,
}

pub fn run(args: LinkArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    let p = catalog.puzzle(args.id)?;
    let family = crate::family::stored(&p.layout_file, &p.layout_source)?;
    let url = family.link(&p.givens).map_err(|e| anyhow::anyhow!("puzzle {}: no play link: {e:#}", p.id))?;
    println!("{url}");
    Ok(())
}
