//! `puzzlebook langs`: the languages a book prints in, and the check of a
//! publisher's catalogue file (every key of the English one, every plural
//! form its rule needs).

use anyhow::{Result, bail};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct LangsArgs {
    /// Catalogue files to check (e.g. lang/xx.toml): every key missing is listed (the families' own words too).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub check: Vec<PathBuf>,
}

/// Every key `words` lacks: the English catalogue's, and each family's
/// own words (`lang::OwnWords`) it neither has nor finds in the family's
/// file.
fn gaps(words: &crate::lang::Catalogue) -> Vec<crate::lang::LangError> {
    let mut out = words.missing();
    for own in crate::family::own_words() {
        out.extend(own.missing(words));
    }
    out
}

pub fn run(args: LangsArgs) -> Result<()> {
    if args.check.is_empty() {
        for (code, _) in crate::lang::BUILT_IN {
            let words = crate::lang::built_in(code)?;
            let missing = gaps(&words).len();
            let state = if missing == 0 { "complete".to_string() } else { format!("{missing} keys missing") };
            println!("{code}  {}  (lang/{code}.toml, plural rule {}, {state})", words.name, words.plural.name());
        }
        return Ok(());
    }
    let mut missing = 0;
    for path in &args.check {
        let words = crate::lang::Catalogue::parse(
            &std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))?,
            &path.display().to_string(),
        )?;
        let gaps = gaps(&words);
        if gaps.is_empty() {
            println!("{}: {} ({}): every key present", path.display(), words.name, words.code);
        }
        for gap in &gaps {
            println!("{gap}");
        }
        missing += gaps.len();
    }
    if missing > 0 {
        bail!("{missing} keys missing");
    }
    Ok(())
}
