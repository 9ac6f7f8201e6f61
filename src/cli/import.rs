//! `import FILE --layout L`: puzzles from other programs' files, each
//! proved, graded, deduplicated and stored with its source.

use super::catalog::DbArg;
use crate::formats::Format;
use crate::import::{ImportReport, import, read_credited};
use crate::layout::Layout;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// `auto` or one of the formats.
#[derive(Clone, Copy, Debug)]
pub struct FormatArg(pub Option<Format>);

impl std::str::FromStr for FormatArg {
    type Err = String;
    fn from_str(s: &str) -> Result<FormatArg, String> {
        if s.eq_ignore_ascii_case("auto") {
            Ok(FormatArg(None))
        } else {
            Format::named(s, &crate::family::own_formats()).map(|f| FormatArg(Some(f)))
        }
    }
}

#[derive(clap::Args, Debug)]
#[command(after_help = import_help())]
pub struct ImportArgs {
    /// The file to read.
    pub file: PathBuf,
    /// The layout its puzzles are of (an id from layouts/ or a .toml path).
    #[arg(long)]
    pub layout: String,
    /// The file's format: auto, or one of the formats below (`puzzlebook import --help`).
    #[arg(long, default_value = "auto")]
    pub format: FormatArg,
    /// Where the puzzles come from, stored with each (default: the file's name).
    #[arg(long)]
    pub source: Option<String>,
    #[command(flatten)]
    pub db: DbArg,
}

/// The help's list of formats: this program's, then each family's own.
fn import_help() -> String {
    let own: Vec<String> = crate::family::own_formats()
        .iter()
        .filter_map(|f| match f {
            Format::Own(own) => Some(format!("{} ({})", own.name, own.about)),
            _ => None,
        })
        .collect();
    format!(
        "Formats: lines (one puzzle a line), sdm, sdk, ss, hodoku (library lines), janko, fpuzzles (f-puzzles or SudokuPad URLs), \
puzzlink (puzz.link URLs), pzprv3 (Slitherlink), serate, {}; auto reads the name and content. A file may \
hold at most 64 MiB and a line at most 1 MiB. A malformed file stores nothing; puzzles with no \
or several solutions are refused one by one and reported with their line.",
        own.join(", ")
    )
}

/// Refusals listed one by one before they are only counted.
const LISTED: usize = 20;

pub fn run(args: ImportArgs) -> anyhow::Result<()> {
    if args.source.as_deref().is_some_and(|s| s.trim().is_empty()) {
        anyhow::bail!("--source is empty: name where the puzzles come from (or leave --source out to use the file's name)");
    }
    if args.source.as_deref().is_some_and(|s| s.trim() == "generated") {
        anyhow::bail!("--source generated: that name marks the puzzles this program made; name where these come from");
    }
    let source = args
        .source
        .clone()
        .unwrap_or_else(|| args.file.file_name().map_or_else(|| args.file.display().to_string(), |n| n.to_string_lossy().into_owned()));
    if source.trim() == crate::record::PICTURE_SOURCE {
        anyhow::bail!(
            "source `{}`: that name marks the puzzles `generate LAYOUT --from PICTURE` made from a picture (a book prints them as a chapter of their own); name where these come from with --source",
            crate::record::PICTURE_SOURCE
        );
    }
    let family = crate::family::open(Layout::load(&args.layout)?);
    // The whole file is read before the catalog is opened: a malformed file
    // stores nothing and creates no catalog.
    let read = read_credited(family.as_ref(), &args.file, args.format.0)?;
    let catalog = crate::cli::open_catalog(&args.db.db)?;
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("import [{bar:40}] {pos}/{len} puzzles proved  {elapsed} elapsed  ETA {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    });
    let started = Instant::now();
    let progress = |done: u64, total: u64| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    let report = import(&catalog, family.as_ref(), &args.file, read, &source, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = report?;
    print_report(&args, &report, started.elapsed().as_secs_f64());
    Ok(())
}

fn print_report(args: &ImportArgs, r: &ImportReport, seconds: f64) {
    let (none, multiple, invalid) = r.refused_by_kind();
    println!(
        "{}: read {} ({}), stored {}, duplicates {} ({} within the file, {} already in {}), refused {} ({} none, {} multiple, {} other) in {seconds:.1} s",
        args.file.display(),
        r.read,
        r.format.map_or("?", |f| f.name()),
        r.stored,
        r.duplicates_in_file + r.duplicates_in_catalog,
        r.duplicates_in_file,
        r.duplicates_in_catalog,
        args.db.db.display(),
        r.refused.len(),
        none,
        multiple,
        invalid
    );
    for (line, why) in r.refused.iter().take(LISTED) {
        println!("  line {line}: refused, {why}");
    }
    if r.refused.len() > LISTED {
        println!("  … and {} more refused", r.refused.len() - LISTED);
    }
    match r.batch {
        Some(batch) => println!("stored as batch {batch}; run `puzzlebook validate` to check the new puzzles independently"),
        None => println!("nothing new to store, so no batch was recorded"),
    }
}
