//! `cover BOOK_ID` and `book … --cover`: a recorded book's KDP paperback
//! cover (full wrap), written beside its interior.

use super::catalog::DbArg;
use crate::book::cover::{Blurb, CoverImage, CoverOptions, Paper, RenderedCover, Theme, cover_of_stored, default_cover_path, refuse_taken};
use crate::book::make::write_pdf;
use crate::store::Catalog;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(after_help = "The cover is one page, the full wrap: width = 0.125 in bleed + back + spine + front + 0.125 in \
bleed, height = trim height + 0.25 in; spine = page count × paper thickness (white 0.002252 in, cream 0.0025 in, \
color 0.002347 in a page). The theme's colour covers the whole wrap into the bleed (the barcode area, 2 × 1.2 in \
lower right, stays white for the barcode). The front shows the title large and bold, the subtitle, a badge \
(\"Large Print · 120 Puzzles · Solutions Included\"), the levels, the book's own puzzles (or --cover-image) and the \
author; the back the title, the blurb at 10 pt or more and a sample grid; the spine the title from 79 pages on. \
Books made before themes keep their grey-band cover unless --theme is given. Every cover passes the cover preflight \
before it is written.")]
pub struct CoverArgs {
    /// The book's number (see `puzzlebook books`).
    pub id: i64,
    /// The interior's paper: white, cream or color (sets the spine's width).
    /// Default: the paper the book was made with (`book … --paper`), white
    /// for a book made without one.
    #[arg(long)]
    pub paper: Option<Paper>,
    /// Draw thin guides at the trim, spine folds and safe areas (for proofs; KDP rejects them in the final cover).
    #[arg(long)]
    pub guides: bool,
    /// The back cover's text, a UTF-8 file (blank lines between paragraphs); default: a short text from the book.
    #[arg(long, value_name = "FILE")]
    pub blurb: Option<PathBuf>,
    /// The cover's colours: navy, sunrise, forest, classic, pastel or berry (default: the theme the book was
    /// made with; the grey band for a book made before themes).
    #[arg(long, value_name = "NAME")]
    pub theme: Option<Theme>,
    /// The publisher's own front art, a PNG or JPEG at least 300 dpi at the size it prints (default: the
    /// image the book was made with, which must still be where it was).
    #[arg(long, value_name = "FILE")]
    pub cover_image: Option<PathBuf>,
    /// The PDF to write (default: <interior stem>-cover.pdf beside the interior).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

/// Reads a blurb file; a missing or unreadable one is an error naming it.
pub fn read_blurb(path: Option<&Path>) -> Result<Option<Blurb>> {
    let Some(path) = path else { return Ok(None) };
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the blurb file {}", path.display()))?;
    if text.trim().is_empty() {
        anyhow::bail!("the blurb {} is empty", path.display());
    }
    Ok(Some(Blurb { source: path.display().to_string(), text }))
}

pub fn run(args: CoverArgs) -> Result<()> {
    let blurb = read_blurb(args.blurb.as_deref())?;
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    // The paper the book was made for, unless --paper says otherwise.
    let row = catalog.book(args.id)?;
    let mut settings = crate::book::BookSettings::from_toml(&row.settings).with_context(|| format!("book {}: stored settings", row.id))?;
    let recorded = settings.paper;
    let paper = args.paper.or(recorded).unwrap_or(Paper::White);
    let options = CoverOptions { paper, guides: args.guides, blurb };
    // A theme or image asked for now dresses this cover (the book's record stays as made).
    let changed = args.theme.is_some() || args.cover_image.is_some();
    if let Some(theme) = args.theme {
        settings.cover_theme = Some(theme);
    }
    if let Some(path) = &args.cover_image {
        settings.cover_image = Some(CoverImage::read(path)?.reference);
        settings.cover_theme = settings.cover_theme.or(Some(Theme::default_theme()));
    }
    let dressed = changed.then(|| crate::store::BookRow { settings: settings.to_toml(), ..row.clone() });
    write_cover_of(&catalog, dressed.as_ref().unwrap_or(&row), &options, args.out.as_deref())?;
    if args.paper.is_none() && recorded.is_none() {
        // Said after the cover, so it is not missed; the spine is only right for white paper.
        eprintln!(
            "note: book {} was made without --paper, so its cover is for white paper, the default; if it is printed on cream or color, run `puzzlebook cover {} --paper cream|color` again",
            args.id, args.id
        );
    }
    Ok(())
}

/// Renders, checks and writes the cover of the book `row` records.
fn write_cover_of(catalog: &Catalog, row: &crate::store::BookRow, options: &CoverOptions, out: Option<&Path>) -> Result<()> {
    let id = row.id;
    let out = match out {
        Some(path) => path.to_path_buf(),
        None => default_cover_path(Path::new(&row.pdf_path)),
    };
    refuse_taken(catalog, &out, id)?;
    let rendered = cover_of_stored(catalog, row, options)?;
    let replaced = out.exists();
    write_pdf(&out, &rendered.bytes)?;
    report_cover(id, &row.title, &rendered, options.guides, &out, replaced);
    Ok(())
}

/// The line saying a cover was written, and its warnings.
pub fn report_cover(id: i64, title: &str, rendered: &RenderedCover, guides: bool, out: &Path, replaced: bool) {
    let g = &rendered.geometry;
    println!(
        "cover of book {id} \"{}\": {}{}{} → {}{} ({} KB)",
        title,
        g.describe(),
        if rendered.spine_text { ", title on the spine" } else { "" },
        if guides { ", with guides (not for the final upload)" } else { "" },
        out.display(),
        if replaced { " (replaced)" } else { "" },
        rendered.bytes.len() / 1024
    );
    for warning in &rendered.warnings {
        eprintln!("warning: {warning}");
    }
}
