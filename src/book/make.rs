//! Making a book end to end: choose puzzles, render, write the PDF without
//! ever leaving half a file, record the book; and printing a recorded one again.

use super::render::{Rendered, render};
use super::{Book, BookSettings, curate};
use crate::store::{BookRow, Catalog, fingerprint};
use anyhow::{Context, Result};
use std::path::Path;

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

/// A recorded book rendered again from its stored settings and puzzles.
pub fn render_again(catalog: &Catalog, row: &BookRow) -> Result<Rendered> {
    let settings = BookSettings::from_toml(&row.settings).with_context(|| format!("book {}: stored settings", row.id))?;
    let puzzles = row.puzzles.iter().map(|&id| catalog.puzzle(id)).collect::<Result<Vec<_>>>()?;
    let book = Book::new(settings, puzzles, &row.created_at)?;
    render(&book)
}

pub fn fingerprint_bytes(bytes: &[u8]) -> String {
    fingerprint(&String::from_utf8_lossy(bytes))
}

/// Writes next to the target and renames, so a crash never leaves half a PDF.
pub fn write_pdf(out: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let partial = out.with_extension("pdf.partial");
    std::fs::write(&partial, bytes).with_context(|| format!("cannot write {}", partial.display()))?;
    std::fs::rename(&partial, out).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}
