//! `book`, `books`, `reprint` and `demo`: curating and printing books.

use super::catalog::DbArg;
use crate::book::render::{Rendered, render};
use crate::book::{Book, BookSettings, curate, slug};
use crate::layout::Layout;
use crate::score::Level;
use crate::store::{BookRow, Catalog, fingerprint};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(after_help = "Puzzles come from the catalog: validated ones (run `puzzlebook validate` first), never one \
printed in an earlier book unless --allow-reprint, the count spread evenly over the levels (and layouts), \
easiest first. The book, its settings and its puzzles are recorded, so `puzzlebook reprint ID` makes the same PDF.\n\n\
Pages: a title page, How to play with contents, puzzle pages by level, then the answer key. The gutter \
follows KDP's table for the final page count; page numbers stand on the outside corner.")]
pub struct BookArgs {
    /// The book's title (also names the PDF unless --out).
    pub title: String,
    /// Layout id(s); repeat or separate with commas for a mixed book.
    #[arg(long, short = 'l', value_delimiter = ',', required = true)]
    pub layout: Vec<String>,
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 120)]
    pub count: usize,
    /// Levels, easiest first, e.g. easy,medium,hard (default: all four; easy,medium,hard for Slitherlink).
    #[arg(long, value_delimiter = ',')]
    pub levels: Option<Vec<Level>>,
    /// Puzzles a page: 1, 2, 4 or 6 (default: 2; 1 for overlapping grids and pies, printed as one figure a page).
    #[arg(long)]
    pub per_page: Option<usize>,
    /// Trim size: letter, a4, 8.5x11, 6x9, 8x10, 5.5x8.5, or WxH in inches.
    #[arg(long, default_value = "8.5x11")]
    pub trim: crate::book::geometry::Trim,
    /// Add 0.125 in of bleed on the top, bottom and outside edge.
    #[arg(long)]
    pub bleed: bool,
    /// Larger type throughout; puzzle digits of 16 pt or more.
    #[arg(long)]
    pub large_print: bool,
    /// Answer grids a page (1, 2, 4, 6, 9, 12, 16, 20 or 25); default: the most that stay legible.
    #[arg(long)]
    pub answers_per_page: Option<usize>,
    /// Allow puzzles already printed in another book.
    #[arg(long)]
    pub allow_reprint: bool,
    /// Trividoku's trivia bank: a CSV of `question,answer` lines, answers 1–9
    /// (default: the sample in data/trivia-sample.csv).
    #[arg(long, value_name = "CSV")]
    pub trivia: Option<PathBuf>,
    /// The PDF to write (default: output/<title>.pdf).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(clap::Args, Debug)]
pub struct ReprintArgs {
    /// The book's number (see `puzzlebook books`).
    pub id: i64,
    /// Where to write the PDF (default: where it was first written).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

pub fn book(args: BookArgs) -> Result<()> {
    let catalog = Catalog::open(&args.db.db)?;
    let mut big_figure = false;
    let mut all_loops = true;
    for layout in &args.layout {
        let layout = Layout::load(layout)?; // a clear error for a misspelt id
        let square_cells = !matches!(layout.geometry, crate::layout::Geometry::Loops { .. });
        all_loops &= !square_cells;
        big_figure |= square_cells && !layout.geometry.is_full_square(layout.size);
    }
    let settings = BookSettings {
        title: args.title.clone(),
        layouts: args.layout.iter().map(|l| Path::new(l).file_stem().map_or(l.clone(), |s| s.to_string_lossy().into_owned())).collect(),
        count: args.count,
        levels: args
            .levels
            .clone()
            .unwrap_or_else(|| if all_loops { vec![Level::Easy, Level::Medium, Level::Hard] } else { Level::ALL.to_vec() }),
        per_page: args.per_page.unwrap_or(if big_figure { 1 } else { 2 }),
        trim: args.trim,
        bleed: args.bleed,
        large_print: args.large_print,
        answers_per_page: args.answers_per_page,
        allow_reprint: args.allow_reprint,
        trivia: match &args.trivia {
            Some(path) => {
                let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the trivia bank {}", path.display()))?;
                crate::book::trivia::TriviaBank::parse(&text, &path.display().to_string())?;
                Some(text)
            }
            None => None,
        },
    };
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(format!("output/{}.pdf", slug(&args.title))));
    let (id, rendered) = make_book(&catalog, settings, &out)?;
    report(id, &catalog.book(id)?, &rendered, &out);
    Ok(())
}

/// Chooses, renders, writes and records a book; returns its id.
pub fn make_book(catalog: &Catalog, settings: BookSettings, out: &Path) -> Result<(i64, Rendered)> {
    settings.check()?;
    let rows = curate::choose(catalog, &settings)?;
    let created_at = catalog.now()?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let book = Book::new(settings.clone(), rows, &created_at)?;
    let rendered = render(&book)?;
    write_pdf(out, &rendered.bytes)?;
    let id = catalog.add_book(&BookRow {
        id: 0,
        title: settings.title.clone(),
        settings: settings.to_toml(),
        created_at,
        pdf_path: out.display().to_string(),
        pages: rendered.pages as i64,
        pdf_hash: fingerprint_bytes(&rendered.bytes),
        puzzles: ids,
    })?;
    Ok((id, rendered))
}

fn report(id: i64, row: &BookRow, rendered: &Rendered, out: &Path) {
    let settings = BookSettings::from_toml(&row.settings).ok();
    let trim = settings.as_ref().map_or(String::new(), |s| format!(", {} trim{}", s.trim, if s.bleed { " + bleed" } else { "" }));
    println!(
        "book {id} \"{}\": {} puzzles, {} pages{trim}, gutter {} in → {} ({} KB)",
        row.title,
        row.puzzles.len(),
        rendered.pages,
        rendered.gutter_in,
        out.display(),
        rendered.bytes.len() / 1024
    );
    for warning in &rendered.warnings {
        eprintln!("warning: {warning}");
    }
}

pub fn books(args: DbArg) -> Result<()> {
    let catalog = Catalog::open(&args.db)?;
    let books = catalog.books()?;
    if books.is_empty() {
        println!("{}: no books yet (try `puzzlebook book \"My Book\" --layout classic-9 --count 20`)", args.db.display());
    }
    for b in books {
        println!("book {} \"{}\" — {} puzzles, {} pages, made {} → {}", b.id, b.title, b.puzzles.len(), b.pages, b.created_at, b.pdf_path);
        let ids: Vec<String> = b.puzzles.iter().map(|id| id.to_string()).collect();
        println!("  puzzles in order: {}", ids.join(" "));
    }
    Ok(())
}

pub fn reprint(args: ReprintArgs) -> Result<()> {
    let catalog = Catalog::open(&args.db.db)?;
    let row = catalog.book(args.id)?;
    let settings = BookSettings::from_toml(&row.settings).with_context(|| format!("book {}: stored settings", row.id))?;
    let puzzles = row.puzzles.iter().map(|&id| catalog.puzzle(id)).collect::<Result<Vec<_>>>()?;
    let book = Book::new(settings, puzzles, &row.created_at)?;
    let rendered = render(&book)?;
    let out = args.out.unwrap_or_else(|| PathBuf::from(&row.pdf_path));
    write_pdf(&out, &rendered.bytes)?;
    report(row.id, &row, &rendered, &out);
    if fingerprint_bytes(&rendered.bytes) == row.pdf_hash {
        println!("identical to the first printing (hash {})", row.pdf_hash);
    } else {
        eprintln!(
            "warning: this PDF differs from the first printing (puzzlebook has changed since); the puzzles and their order are the same"
        );
    }
    Ok(())
}

fn fingerprint_bytes(bytes: &[u8]) -> String {
    fingerprint(&String::from_utf8_lossy(bytes))
}

/// Writes next to the target and renames, so a crash never leaves half a PDF.
fn write_pdf(out: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let partial = out.with_extension("pdf.partial");
    std::fs::write(&partial, bytes).with_context(|| format!("cannot write {}", partial.display()))?;
    std::fs::rename(&partial, out).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}
