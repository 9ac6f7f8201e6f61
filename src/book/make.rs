//! Making a book end to end: choose puzzles and record the book, pending,
//! in one transaction (so two runs at once never take the same puzzles),
//! render and check the interior and (when asked) the cover, write them
//! beside their targets, then rename them into place and mark the book done
//! in one transaction. A run that fails forgets its book; a run that dies
//! leaves a pending book the next `book` takes back (its lease goes stale).
//! And printing a recorded one again.

use super::cover::{CoverOptions, RenderedCover, check_cover, default_cover_path, refuse_taken, render_cover};
use super::render::{Rendered, render};
use super::{Book, BookSettings, curate};
use crate::preflight::{Rules, preflight};
use crate::store::{BookRow, Catalog, fingerprint};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// A book made: its id, interior, the PDF's path, and its cover when asked.
pub struct Made {
    pub id: i64,
    pub rendered: Rendered,
    pub out: PathBuf,
    /// The cover, where it was written, and whether a file was replaced there.
    pub cover: Option<(RenderedCover, PathBuf, bool)>,
}

/// Who makes a book, and from which of their drafts (see `store::drafts`).
#[derive(Clone, Debug, Default)]
pub struct MadeBy {
    /// The editor (`store::editor_name`), recorded with the book; `None`:
    /// nobody is recorded.
    pub editor: Option<String>,
    /// The editor's draft the puzzles come from; `None`: the stock, less
    /// every live draft's puzzles (the editor's own too).
    pub draft: Option<String>,
    /// Take exactly the draft's puzzles, in the draft's order (the
    /// studio's drafts, arranged by hand), instead of choosing by level.
    pub in_draft_order: bool,
}

/// Chooses, records, renders and writes a book to `out`; returns its id.
/// The maker recorded is the editor `store::editor_name` names, if any.
pub fn make_book(catalog: &Catalog, settings: BookSettings, out: &Path) -> Result<(i64, Rendered)> {
    let by = MadeBy { editor: crate::store::editor_name(None).ok(), draft: None, in_draft_order: false };
    let made = make_book_at(catalog, settings, |_| out.to_path_buf(), None, &by)?;
    Ok((made.id, made.rendered))
}

/// Like `make_book`, the PDF's path made from the new book's id, and with
/// the cover (`<PDF stem>-cover.pdf`) when `cover` is given. Everything is
/// checked before the book is done: a bad cover (an empty blurb, one too
/// long for the back) leaves no book and no file.
pub fn make_book_at(
    catalog: &Catalog,
    mut settings: BookSettings,
    out: impl FnOnce(i64) -> PathBuf,
    cover: Option<&CoverOptions>,
    by: &MadeBy,
) -> Result<Made> {
    settings.dedupe();
    settings.check()?;
    let draft = match (&by.draft, &by.editor) {
        (Some(draft), None) => bail!("a book from draft \"{draft}\" needs its editor's name (--editor NAME)"),
        (Some(draft), Some(editor)) => Some((draft.as_str(), editor.as_str())),
        (None, _) => None,
    };
    // Choose and record at once: another run choosing meanwhile waits, then
    // sees these puzzles as printed. Books whose runs died are taken back first.
    let (id, rows, created_at, out, taken) = catalog.write(|_| {
        let taken = catalog.take_back_stale_books()?;
        let draft = match draft {
            Some((name, editor)) => Some((catalog.draft_for_book(name, editor)?, name)),
            None => None,
        };
        let rows = match draft {
            Some((_, name)) if by.in_draft_order => curate::in_draft_order(catalog, &settings, name)?,
            _ => curate::choose(catalog, &settings, draft)?,
        };
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
            made_by: by.editor.clone(),
        })?;
        let out = out(id);
        let path = out.display().to_string();
        refuse_others_pdf(catalog, &path, id)?;
        check_target(&out)?;
        if cover.is_some() {
            let cover_path = default_cover_path(&out);
            refuse_taken(catalog, &cover_path, id)?;
            check_target(&cover_path)?;
        }
        catalog.set_pdf_path(id, &path)?;
        Ok((id, rows, created_at, out, taken))
    })?;
    // What a run that died may have left half written beside its targets.
    for (_, path) in taken.iter().filter(|(_, p)| !p.is_empty()) {
        let interior = Path::new(path);
        for target in [interior.to_path_buf(), default_cover_path(interior)] {
            let _ = std::fs::remove_file(target.with_extension("pdf.partial"));
        }
    }
    let alive = catalog.keep_book_alive(id);
    let mut staged: Vec<PathBuf> = Vec::new();
    // The files renamed into place, while the transaction marking the book
    // done is open: removed again if it does not commit.
    let placed: std::cell::RefCell<Vec<PathBuf>> = std::cell::RefCell::new(Vec::new());
    let made = (|| -> Result<Made> {
        let mut book = Book::new(settings, rows, &created_at)?;
        curate::credit(&mut book, catalog)?;
        let rendered = render(&book)?;
        check_print_rules(&book.settings, &rendered)?;
        let cover = match cover {
            Some(options) => {
                let drawn = render_cover(&book, rendered.pages, options)?;
                check_cover(&drawn)?;
                let path = default_cover_path(&out);
                let replaced = path.exists();
                Some((drawn, path, replaced))
            }
            None => None,
        };
        let interior = stage(&out, &rendered.bytes)?;
        staged.push(interior.clone());
        let cover_staged = match &cover {
            Some((drawn, path, _)) => {
                let partial = stage(path, &drawn.bytes)?;
                staged.push(partial.clone());
                Some((partial, path.clone()))
            }
            None => None,
        };
        let hash = fingerprint_bytes(&rendered.bytes);
        catalog.finish_book(id, &out.display().to_string(), rendered.pages as i64, &hash, || {
            if let Some((partial, path)) = &cover_staged {
                std::fs::rename(partial, path).with_context(|| format!("cannot write {}", path.display()))?;
                placed.borrow_mut().push(path.clone());
            }
            std::fs::rename(&interior, &out).with_context(|| format!("cannot write {}", out.display()))?;
            placed.borrow_mut().push(out.clone());
            Ok(())
        })?;
        Ok(Made { id, rendered, out: out.clone(), cover })
    })();
    drop(alive);
    match made {
        Ok(made) => Ok(made),
        Err(e) => {
            // The PDF of a book the catalog does not hold as done is no
            // book (the catalog went away as it was being marked done, say):
            // it is not left where it could be printed.
            for file in staged.iter().chain(placed.borrow().iter()) {
                let _ = std::fs::remove_file(file);
            }
            if let Err(forget) = catalog.delete_book(id) {
                // The catalog is out of reach (a server stopped, say): the
                // book stays recorded as unfinished, its lease goes stale,
                // and the next `book` takes its puzzles back.
                return Err(anyhow::anyhow!(
                    "{e:#}\nbook {id} is not made and no PDF of it is left at {}; it could not be forgotten now ({}), so `puzzlebook books` lists it as unfinished until the next `puzzlebook book` takes its puzzles back",
                    out.display(),
                    forget.root_cause()
                ));
            }
            Err(e)
        }
    }
}

/// Refuses a target the PDF could not be put at (a folder there), before
/// anything is recorded.
fn check_target(out: &Path) -> Result<()> {
    if out.is_dir() {
        bail!("cannot write {}: it is a folder", out.display());
    }
    Ok(())
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
    let mut book = Book::new(settings, puzzles, &row.created_at)?;
    curate::credit(&mut book, catalog)?;
    render(&book)
}

pub fn fingerprint_bytes(bytes: &[u8]) -> String {
    fingerprint(&String::from_utf8_lossy(bytes))
}

/// Writes next to the target and renames, so a crash never leaves half a
/// PDF; on failure the partial file is removed and the error names `out`.
pub fn write_pdf(out: &Path, bytes: &[u8]) -> Result<()> {
    let partial = stage(out, bytes)?;
    let placed = std::fs::rename(&partial, out).with_context(|| format!("cannot write {}", out.display()));
    if placed.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    placed
}

/// Writes `bytes` beside `out` (`<out>.pdf.partial`, its folder made if
/// need be) and returns that path; nothing is left on failure.
fn stage(out: &Path, bytes: &[u8]) -> Result<PathBuf> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot write {}: cannot create {}", out.display(), dir.display()))?;
    }
    let partial = out.with_extension("pdf.partial");
    let written = std::fs::write(&partial, bytes).with_context(|| format!("cannot write {} (via {})", out.display(), partial.display()));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written.map(|()| partial)
}
