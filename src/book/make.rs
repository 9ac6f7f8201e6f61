//! Making a book end to end: choose puzzles and record the book in one
//! transaction (so two runs at once never take the same puzzles), render,
//! write the PDF without ever leaving half a file (forgetting the book if
//! that fails); and printing a recorded one again.

use super::render::{Rendered, render};
use super::{Book, BookSettings, curate};
use crate::preflight::{Rules, preflight};
use crate::store::{BookRow, Catalog, fingerprint};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// Chooses, records, renders and writes a book to `out`; returns its id.
pub fn make_book(catalog: &Catalog, settings: BookSettings, out: &Path) -> Result<(i64, Rendered)> {
    let (id, rendered, _) = make_book_at(catalog, settings, |_| out.to_path_buf())?;
    Ok((id, rendered))
}

/// Like `make_book`, the PDF's path made from the new book's id; returns
/// the id, the rendering and the path written.
pub fn make_book_at(catalog: &Catalog, mut settings: BookSettings, out: impl FnOnce(i64) -> PathBuf) -> Result<(i64, Rendered, PathBuf)> {
    settings.dedupe();
    settings.check()?;
    // Choose and record at once: another run choosing meanwhile waits, then
    // sees these puzzles as printed.
    let (id, rows, created_at, out) = catalog.write(|conn| {
        let rows = curate::choose(catalog, &settings)?;
        let created_at = catalog.now()?;
        let id = catalog.insert_book(&BookRow {
            id: 0,
            title: settings.title.clone(),
            settings: settings.to_toml(),
            created_at: created_at.clone(),
            pdf_path: String::new(),
            pages: 0,
            pdf_hash: String::new(),
            puzzles: rows.iter().map(|r| r.id).collect(),
        })?;
        let out = out(id);
        let path = out.display().to_string();
        refuse_others_pdf(catalog, &path, id)?;
        conn.execute("UPDATE books SET pdf_path = ?2 WHERE id = ?1", rusqlite::params![id, path])?;
        Ok((id, rows, created_at, out))
    })?;
    let made = (|| -> Result<Rendered> {
        let book = Book::new(settings, rows, &created_at)?;
        let rendered = render(&book)?;
        check_print_rules(&book.settings, &rendered)?;
        write_pdf(&out, &rendered.bytes)?;
        catalog.finish_book(id, &out.display().to_string(), rendered.pages as i64, &fingerprint_bytes(&rendered.bytes))?;
        Ok(rendered)
    })();
    match made {
        Ok(rendered) => Ok((id, rendered, out)),
        Err(e) => {
            if let Err(forget) = catalog.delete_book(id) {
                return Err(e.context(format!("and book {id} could not be forgotten: {forget:#}")));
            }
            Err(e)
        }
    }
}

/// Runs the preflight on the rendered PDF (the rules of the book's trim,
/// bleed and print size) and refuses a book with findings, naming page,
/// item and rule of each.
pub fn check_print_rules(settings: &BookSettings, rendered: &Rendered) -> Result<()> {
    let rules = Rules::new(settings.trim, settings.bleed, settings.large_print);
    let report = preflight(&rendered.bytes, &rules);
    if report.is_clean() {
        return Ok(());
    }
    const SHOWN: usize = 20;
    let mut lines: Vec<String> = report.findings.iter().take(SHOWN).map(|f| format!("  {f} [{}]", f.check.name())).collect();
    if report.findings.len() > SHOWN {
        lines.push(format!("  … and {} more", report.findings.len() - SHOWN));
    }
    bail!("the book fails the print preflight, so it is not written: {}\n{}", report.summary(), lines.join("\n"));
}

/// Refuses a path recorded as another book's PDF.
pub fn refuse_others_pdf(catalog: &Catalog, path: &str, this: i64) -> Result<()> {
    if let Some((owner, title)) = catalog.pdf_owner(path, Some(this))? {
        bail!("{path} is the PDF of book {owner} \"{title}\"; it is not overwritten: choose another --out");
    }
    Ok(())
}

/// Puzzles of a recorded book whose content changed since they were validated.
pub fn changed_puzzles(catalog: &Catalog, row: &BookRow) -> Result<Vec<i64>> {
    let mut changed = Vec::new();
    for &id in &row.puzzles {
        if crate::validate::needs_check(&catalog.puzzle(id)?) {
            changed.push(id);
        }
    }
    Ok(changed)
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

/// Writes next to the target and renames, so a crash never leaves half a
/// PDF; on failure the partial file is removed and the error names `out`.
pub fn write_pdf(out: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot write {}: cannot create {}", out.display(), dir.display()))?;
    }
    let partial = out.with_extension("pdf.partial");
    let written = std::fs::write(&partial, bytes)
        .with_context(|| format!("cannot write {} (via {})", out.display(), partial.display()))
        .and_then(|()| std::fs::rename(&partial, out).with_context(|| format!("cannot write {}", out.display())));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}
