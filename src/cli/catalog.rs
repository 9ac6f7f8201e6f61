//! Reading the catalog: stats, show, export, merge.

use crate::formats::Format;
use crate::store::{DEFAULT_DB, DbTarget};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct DbArg {
    /// The catalog: a SQLite file, or a postgres:// URL (its password from PGPASSWORD, never needed here).
    #[arg(long, env = "PUZZLEBOOK_DB", hide_env_values = true, default_value = DEFAULT_DB)]
    pub db: DbTarget,
}

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// Puzzle number (the catalog's id).
    pub id: i64,
    /// Also write the puzzle's own layout — the exact layout file it was made
    /// and is validated under, with its own cages, regions, marks or islands
    /// where the layout draws them per puzzle — as a layout file that
    /// `solve`, `generate` and `import` load. An existing file is never overwritten.
    #[arg(long, value_name = "OUT.toml")]
    pub layout_file: Option<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ExportFormat {
    /// `givens solution score level seed effort`, as `generate` prints.
    Lines,
    /// Givens only, one puzzle a line (what `solve --file` reads). A layout that draws marks, regions or
    /// killer cages per puzzle keeps them in the puzzle's own layout, not in its givens: use fpuzzles or art.
    Givens,
    /// CSV with a header: id, layout, givens, solution, score, level, seed, validation (empty: not checked, or changed
    /// since), minimal (yes, no, or empty: unknown), symmetry (empty: unknown).
    Csv,
    /// SadMan .sdm: 81 digits a line, 0 empty (9×9 layouts).
    Sdm,
    /// SadMan .sdk: one puzzle a file (with --out DIR).
    Sdk,
    /// Simple Sudoku .ss: one puzzle a file (with --out DIR).
    Ss,
    /// HoDoKu library lines.
    Hodoku,
    /// janko.at data blocks: one puzzle a file (with --out DIR).
    Janko,
    /// f-puzzles URLs (classic, jigsaw, diagonal, even/odd, killer cages), with the rules and (up to 9×9) the solution.
    Fpuzzles,
    /// puzz.link URLs (Slitherlink; classic 4×4, 6×6, 9×9, 16×16, 25×25 sudoku; and the families that have them).
    Puzzlink,
    /// pzprjs pzprv3 files with the loop (Slitherlink; one a file, with --out DIR).
    Pzprv3,
    /// Sudoku Explainer lines `<puzzle> ED=<ER>/<EP>/<ED>` from our grade (graded square layouts).
    Serate,
    /// Play links: SudokuPad for sudoku layouts it can express, puzz.link for Slitherlink.
    Links,
    /// One SVG a puzzle, drawn as the books draw it (with --out DIR; see `puzzlebook art --help`).
    Svg,
    /// One PNG a puzzle (with --out DIR; --dpi).
    Png,
    /// One single-page PDF a puzzle (with --out DIR).
    Pdf,
    /// One EPS a puzzle (with --out DIR).
    Eps,
}

impl ExportFormat {
    /// The family-written target, for the formats the families write.
    fn target(self) -> Option<super::export_formats::Target> {
        use super::export_formats::Target;
        Some(match self {
            ExportFormat::Lines | ExportFormat::Givens | ExportFormat::Csv => return None,
            ExportFormat::Svg | ExportFormat::Png | ExportFormat::Pdf | ExportFormat::Eps => return None,
            ExportFormat::Sdm => Target::Format(Format::Sdm),
            ExportFormat::Sdk => Target::Format(Format::Sdk),
            ExportFormat::Ss => Target::Format(Format::Ss),
            ExportFormat::Hodoku => Target::Format(Format::Hodoku),
            ExportFormat::Janko => Target::Format(Format::Janko),
            ExportFormat::Fpuzzles => Target::Format(Format::Fpuzzles),
            ExportFormat::Puzzlink => Target::Format(Format::Puzzlink),
            ExportFormat::Pzprv3 => Target::Format(Format::Pzprv3),
            ExportFormat::Serate => Target::Format(Format::Serate),
            ExportFormat::Links => Target::Links,
        })
    }
}

/// What `export --format` names: one of the formats above, or a format a
/// family owns (`family::own_formats`).
#[derive(Clone, Copy, Debug)]
pub enum ExportChoice {
    Fixed(ExportFormat),
    Own(Format),
}

impl std::str::FromStr for ExportChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<ExportChoice, String> {
        use clap::ValueEnum;
        if let Ok(fixed) = ExportFormat::from_str(s, true) {
            return Ok(ExportChoice::Fixed(fixed));
        }
        let own = crate::family::own_formats();
        own.iter().copied().find(|f| f.name().eq_ignore_ascii_case(s)).map(ExportChoice::Own).ok_or_else(|| {
            let fixed = ExportFormat::value_variants().iter().filter_map(|v| v.to_possible_value()).map(|v| v.get_name().to_string());
            let names: Vec<String> = fixed.chain(own.iter().map(|f| f.name().to_string())).collect();
            format!("unknown format '{s}': the formats are {}", names.join(", "))
        })
    }
}

/// `--format`'s long help: each format with what it is, the families' own last.
fn export_format_help() -> String {
    use clap::ValueEnum;
    let mut out = String::from("The format to write:");
    for value in ExportFormat::value_variants().iter().filter_map(|v| v.to_possible_value()) {
        out.push_str(&format!("\n- {}: {}", value.get_name(), value.get_help().map(|h| h.to_string()).unwrap_or_default()));
    }
    for format in crate::family::own_formats() {
        if let Format::Own(own) = format {
            let many = if own.one_per_file { " (one a file, with --out DIR)" } else { "" };
            out.push_str(&format!("\n- {}: {}{many}", own.name, own.about));
        }
    }
    out
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// Only this layout.
    #[arg(long)]
    pub layout: Option<String>,
    /// Only this level (easy, medium, hard, expert).
    #[arg(long)]
    pub level: Option<String>,
    /// Only puzzles whose Sudoku Explainer rating lies in this range: 7.0.., ..4.5, 3.0..5.0.
    #[arg(long, value_name = "RANGE")]
    pub rating: Option<crate::level::RatingRange>,
    /// The format to write (lines, givens, csv, sdm, …; `--help` lists them all).
    #[arg(long, default_value = "lines", long_help = export_format_help())]
    pub format: ExportChoice,
    /// A folder for the one-puzzle-a-file formats (sdk, ss, janko, pzprv3, svg, png, pdf, eps, and the families' own that are: see --format): `<layout>-<id>.<ext>`.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub art: super::art::ArtFlags,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Another catalog (e.g. made overnight on another machine).
    pub other: PathBuf,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Count only puzzles whose Sudoku Explainer rating lies in this range: 7.0.., ..4.5, 3.0..5.0.
    #[arg(long, value_name = "RANGE")]
    pub rating: Option<crate::level::RatingRange>,
    #[command(flatten)]
    pub db: DbArg,
}

pub fn stats(args: StatsArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_catalog_to_read(&args.db.db)?;
    let rows = catalog.stats(args.rating)?;
    if rows.is_empty() {
        match args.rating {
            Some(range) => println!("{}: no puzzle rated {range}", args.db.db.display()),
            None => println!("{}: no puzzles yet (try `puzzlebook generate classic-9 --count 100`)", args.db.db.display()),
        }
        return Ok(());
    }
    println!("{:<20} {:<8} {:>8} {:>8} {:>8} {:>10}", "layout", "level", "puzzles", "valid", "failed", "unchecked");
    for r in &rows {
        println!("{:<20} {:<8} {:>8} {:>8} {:>8} {:>10}", r.layout, r.level, r.total, r.valid, r.failed, r.unchecked);
    }
    let sum = |f: fn(&crate::store::StatsRow) -> i64| rows.iter().map(f).sum::<i64>();
    println!(
        "{:<20} {:<8} {:>8} {:>8} {:>8} {:>10}",
        "total",
        "",
        sum(|r| r.total),
        sum(|r| r.valid),
        sum(|r| r.failed),
        sum(|r| r.unchecked)
    );
    Ok(())
}

pub fn show(args: ShowArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_catalog_to_read(&args.db.db)?;
    let p = catalog.puzzle(args.id)?;
    if let Some(out) = &args.layout_file {
        write_layout_file(&p, out)?;
    }
    println!("puzzle {} ({}), {} clues", p.id, p.layout_name, p.clues);
    println!("givens    {}", p.givens);
    println!("solution  {}", p.solution);
    let family = crate::family::stored(&p.layout_name, &p.layout_source);
    if let Ok(family) = &family {
        print!("{}", family.show(&p));
    }
    match &p.grade {
        Some(g) => println!("level     {} (technique grade: SE {:.1}, hardest {})", p.level, g.se_rating, g.technique),
        None => println!("level     {}", p.level),
    }
    match family.as_ref().ok().and_then(|f| f.grade_line(&p)) {
        Some(line) => println!("score     {line}"),
        None => println!("score     {} (candidate count), solver effort {} nodes", p.score, p.effort_nodes),
    }
    let not_minimal = family.as_ref().ok().and_then(|f| f.minimal_does_not_apply());
    println!("minimal   {}", not_minimal.unwrap_or_else(|| minimal_words(p.minimal)));
    println!("symmetry  {}", p.symmetry.as_deref().unwrap_or("unknown (not recorded for this puzzle)"));
    println!("seed      {}", p.seed);
    println!("batch     {}", p.batch_id.map_or("-".into(), |b| b.to_string()));
    println!("source    {}", catalog.puzzle_source(p.id)?);
    println!("made      {} by {}", p.created_at, p.generator_version);
    match (&p.validation, &p.validated_at) {
        (Some(_), Some(at)) if crate::validate::needs_check(&p) => println!(
            "validated at {at}, but the row or its verdict has changed since (the verdict is not the one `validate` recorded for this content): not checked (run `puzzlebook validate`)"
        ),
        (Some(v), Some(at)) => println!(
            "validated {v} at {at} in {} µs{}",
            p.validation_micros.unwrap_or(0),
            p.validation_detail.as_ref().map_or(String::new(), |d| format!(": {d}"))
        ),
        _ => println!("validated not yet (run `puzzlebook validate`)"),
    }
    if let Some(out) = &args.layout_file {
        println!("layout    written to {} (load it as `puzzlebook solve {} GIVENS`)", out.display(), out.display());
    }
    // The hint feature: the human solving path, step by step.
    if let Some(report) = family.ok().and_then(|f| f.grade(&p.givens).ok()).filter(|r| !r.steps.is_empty()) {
        println!("solving path ({} steps, easiest first each time):", report.steps.len());
        for (i, step) in report.steps.iter().enumerate() {
            println!("  {:3}. {step}", i + 1);
        }
    }
    Ok(())
}

pub fn export(args: ExportArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_catalog_to_read(&args.db.db)?;
    let level = args.level.as_deref().map(|l| l.parse::<crate::level::Level>().map_err(anyhow::Error::msg)).transpose()?;
    check_layout(&catalog, args.layout.as_deref())?;
    let rated = |p: &crate::store::PuzzleRow| args.rating.is_none_or(|r| p.grade.as_ref().is_some_and(|g| r.contains(g.se_rating)));
    // The formats written by the families and the art formats check every
    // puzzle before writing any: they hold the rows. The line formats below stream.
    let all_rows = || -> anyhow::Result<Vec<crate::store::PuzzleRow>> {
        Ok(catalog.puzzles(args.layout.as_deref(), level.map(|l| l.name()))?.into_iter().filter(|p| rated(p)).collect())
    };
    // The formats the families write, their own and the shared ones.
    let write_target = |target| -> anyhow::Result<()> {
        let rows = all_rows()?;
        let mut out = BufWriter::new(std::io::stdout().lock());
        super::export_formats::write(&rows, target, args.out.as_deref(), &mut out)?;
        out.flush()?;
        Ok(())
    };
    let fixed = match args.format {
        ExportChoice::Fixed(fixed) => fixed,
        ExportChoice::Own(format) => return write_target(super::export_formats::Target::Format(format)),
    };
    let art = match fixed {
        ExportFormat::Svg => Some(crate::art::ArtFormat::Svg),
        ExportFormat::Png => Some(crate::art::ArtFormat::Png),
        ExportFormat::Pdf => Some(crate::art::ArtFormat::Pdf),
        ExportFormat::Eps => Some(crate::art::ArtFormat::Eps),
        _ => None,
    };
    if let Some(format) = art {
        let Some(dir) = args.out.as_deref() else {
            anyhow::bail!("--format {} writes one file a puzzle: give the folder with --out DIR", format.as_str());
        };
        let rows = all_rows()?;
        let words = args.art.words()?;
        let written = super::art::write_art(&rows, format, &args.art.options(), args.art.answer, &words, dir, false)?;
        println!("wrote {written} files for {} puzzles to {}", rows.len(), dir.display());
        return Ok(());
    }
    if let Some(target) = fixed.target() {
        return write_target(target);
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.out.is_some() {
        let own = crate::family::own_formats();
        anyhow::bail!("--out DIR is for the one-puzzle-a-file formats ({}); this format goes to stdout", Format::one_per_file_names(&own));
    }
    if let ExportFormat::Csv = fixed {
        writeln!(out, "id,layout,givens,solution,score,level,seed,validation,minimal,symmetry")?;
    }
    // A page of rows at a time, by id: memory stays flat however large the catalog.
    catalog.each_puzzle(args.layout.as_deref(), level.map(|l| l.name()), EXPORT_PAGE, |p| {
        if !rated(&p) {
            return Ok(());
        }
        match fixed {
            ExportFormat::Lines => writeln!(out, "{} {} {} {} {} {}", p.givens, p.solution, p.score, p.level, p.seed, p.effort_nodes)?,
            ExportFormat::Givens => writeln!(out, "{}", p.givens)?,
            ExportFormat::Csv => writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{}",
                p.id,
                csv_field(&p.layout_name),
                csv_field(&p.givens),
                csv_field(&p.solution),
                p.score,
                csv_field(&p.level),
                p.seed,
                // A verdict `validate` did not record for this content is none.
                csv_field(if crate::validate::needs_check(&p) { "" } else { p.validation.as_deref().unwrap_or("") }),
                p.minimal.map_or("", |m| if m { "yes" } else { "no" }),
                csv_field(p.symmetry.as_deref().unwrap_or(""))
            )?,
            // Written by the families above.
            _ => {}
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(())
}

/// Rows `export` reads at a time in the line formats.
const EXPORT_PAGE: usize = 1000;

/// Writes puzzle `p`'s layout file, byte for byte as stored, to `out` (a
/// new `.toml` file), and checks that it loads; a file that would not is
/// removed again.
fn write_layout_file(p: &crate::store::PuzzleRow, out: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context;
    if out.extension().is_none_or(|e| e != "toml") {
        anyhow::bail!("--layout-file {}: a layout file's name ends in .toml (e.g. {}-{}.toml)", out.display(), p.layout_name, p.id);
    }
    let mut file = match std::fs::OpenOptions::new().write(true).create_new(true).open(out) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            anyhow::bail!("--layout-file {}: the file exists; it is not overwritten: choose another name", out.display())
        }
        Err(e) => return Err(e).with_context(|| format!("cannot write {}", out.display())),
    };
    let written = file.write_all(p.layout_source.as_bytes()).and_then(|()| file.sync_all());
    drop(file);
    let loaded = written
        .with_context(|| format!("cannot write {}", out.display()))
        .and_then(|()| crate::layout::Layout::load(&out.display().to_string()).map_err(anyhow::Error::from).map(drop));
    if let Err(e) = loaded {
        let _ = std::fs::remove_file(out);
        return Err(e.context(format!("puzzle {}: its layout could not be written as a loadable file {}", p.id, out.display())));
    }
    Ok(())
}

/// What `show` says of the minimal flag.
fn minimal_words(minimal: Option<bool>) -> &'static str {
    match minimal {
        Some(true) => "yes (no given, or group of givens under its symmetry, can go without a second solution)",
        Some(false) => "no (a given could go and the puzzle stay unique: the level, technique or pattern asked kept it)",
        None => "unknown (not recorded: made before puzzlebook recorded it, imported, or a killer)",
    }
}

/// A `--layout` filter must name a layout the catalog holds puzzles of:
/// a typo is an error, not an empty answer.
pub(super) fn check_layout(catalog: &crate::store::Catalog, layout: Option<&str>) -> anyhow::Result<()> {
    let Some(name) = layout else { return Ok(()) };
    let held = catalog.puzzle_layouts()?;
    if !held.iter().any(|h| h == name) {
        if held.is_empty() {
            anyhow::bail!("{}: no puzzles of layout '{name}' (the catalog holds no puzzles yet)", catalog.target);
        }
        anyhow::bail!("{}: no puzzles of layout '{name}' (the catalog holds {})", catalog.target, held.join(", "));
    }
    Ok(())
}

/// One CSV field as RFC 4180 writes it: quoted when it holds a comma, a
/// quote or a line break, with quotes doubled.
fn csv_field(field: &str) -> std::borrow::Cow<'_, str> {
    if field.contains([',', '"', '\n', '\r']) { format!("\"{}\"", field.replace('"', "\"\"")).into() } else { field.into() }
}

pub fn merge(args: MergeArgs) -> anyhow::Result<()> {
    let catalog = crate::cli::open_catalog(&args.db.db)?;
    let report = catalog.merge(&args.other)?;
    println!(
        "merged {}: {} batches, {} new puzzles, {} already here; run `puzzlebook validate` to check the new ones",
        args.other.display(),
        report.batches,
        report.puzzles_added,
        report.duplicates
    );
    Ok(())
}
