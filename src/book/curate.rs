//! Choosing a book's puzzles: validated ones of the layouts and levels asked,
//! none printed before (unless reprints are allowed), the count spread evenly
//! over levels and layouts, ordered by level, then layout (so a page holds
//! one layout's grids where it can), then easiest to hardest by score.

use super::BookSettings;
use crate::store::{Catalog, PuzzleRow};
use anyhow::{Result, bail};
use std::fmt::Write;

/// The distinctness report of a recorded book (`book --report`): its
/// puzzles checked by canonical key against every reference set of their
/// layout and against the puzzles of every other book.
pub fn distinctness_report(catalog: &Catalog, book_id: i64) -> Result<String> {
    let book = catalog.book(book_id)?;
    let rows: Vec<PuzzleRow> = book.puzzles.iter().map(|&id| catalog.puzzle(id)).collect::<Result<_>>()?;
    let sets = catalog.references()?;
    let mut out = String::new();
    writeln!(out, "Distinctness report: book {} \"{}\" ({} puzzles, made {})", book.id, book.title, rows.len(), book.created_at)?;
    writeln!(out, "Each puzzle's canonical key (equal for puzzles equal up to the layout's symmetries and relabelling)")?;
    writeln!(out, "is checked against every reference set of its layout and against the puzzles of every other book.")?;
    writeln!(out)?;
    let mut layouts: Vec<&str> = rows.iter().map(|r| r.layout_name.as_str()).collect();
    layouts.sort_unstable();
    layouts.dedup();
    let mut total_matches = 0;
    for s in &sets {
        let checked: Vec<&PuzzleRow> = rows.iter().filter(|r| r.layout_name == s.layout_name).collect();
        let mut matches = Vec::new();
        for r in &checked {
            if catalog.reference_matches(&r.layout_name, &r.canonical)?.contains(&s.name) {
                matches.push(r.id);
            }
        }
        total_matches += matches.len();
        writeln!(
            out,
            "reference {:<20} {:<16} {:>8} keys: {} puzzles checked, {} matches{}",
            s.name,
            s.layout_name,
            s.keys,
            checked.len(),
            matches.len(),
            if matches.is_empty() { String::new() } else { format!(" (puzzles {matches:?})") }
        )?;
    }
    if sets.is_empty() {
        writeln!(out, "no reference sets loaded (`puzzlebook reference add FILE --name NAME`)")?;
    }
    let mut elsewhere = 0;
    for r in &rows {
        let books = catalog.other_books_with(r.id, book.id)?;
        if !books.is_empty() {
            elsewhere += 1;
            writeln!(out, "puzzle {} is also in book(s) {books:?}", r.id)?;
        }
    }
    let keys: i64 = sets.iter().filter(|s| layouts.contains(&s.layout_name.as_str())).map(|s| s.keys).sum();
    writeln!(out, "other books: {} puzzles checked, {elsewhere} printed in another book", rows.len())?;
    writeln!(out)?;
    writeln!(
        out,
        "total: {} puzzles checked against {keys} reference keys of their layouts: {total_matches} matches, {elsewhere} in other books",
        rows.len()
    )?;
    Ok(out)
}

/// `total` split into `parts` shares as equal as possible, larger ones first.
fn shares(total: usize, parts: usize) -> Vec<usize> {
    (0..parts).map(|i| total / parts + usize::from(i < total % parts)).collect()
}

/// What one layout × level is short of.
struct Shortage {
    layout: String,
    level: crate::score::Level,
    need: usize,
    have: usize,
    unvalidated: i64,
    /// Validated, but changed since: they need validating again.
    stale: usize,
}

pub fn choose(catalog: &Catalog, settings: &BookSettings) -> Result<Vec<PuzzleRow>> {
    let mut chosen: Vec<(usize, usize, u32, i64)> = Vec::new(); // (level rank, layout, score, id)
    let mut shortages = Vec::new();
    for (rank, (&level, level_count)) in settings.levels.iter().zip(shares(settings.count, settings.levels.len())).enumerate() {
        for (which, (layout, need)) in settings.layouts.iter().zip(shares(level_count, settings.layouts.len())).enumerate() {
            let (candidates, stale) = catalog.book_candidates(layout, level.name(), settings.allow_reprint, settings.rating)?;
            if candidates.len() < need {
                let unvalidated = catalog.unvalidated_count(layout, level.name())?;
                shortages.push(Shortage { layout: layout.clone(), level, need, have: candidates.len(), unvalidated, stale });
                continue;
            }
            chosen.extend(candidates.iter().take(need).map(|c| (rank, which, c.score, c.id)));
        }
    }
    if !shortages.is_empty() {
        bail!(shortage_message(catalog, settings, &shortages));
    }
    chosen.sort();
    let mut seen = std::collections::HashSet::new();
    if let Some((.., id)) = chosen.iter().find(|(.., id)| !seen.insert(*id)) {
        bail!("book \"{}\": puzzle {id} was chosen twice (the same layout or level asked twice?)", settings.title);
    }
    chosen.into_iter().map(|(.., id)| catalog.puzzle(id)).collect()
}

fn shortage_message(catalog: &Catalog, settings: &BookSettings, shortages: &[Shortage]) -> String {
    let unprinted = if settings.allow_reprint { "" } else { ", unprinted" };
    let mut text = format!("not enough validated{unprinted} puzzles for \"{}\":", settings.title);
    let db = catalog.path.display();
    for s in shortages {
        let missing = s.need - s.have;
        let _ = write!(text, "\n  {} {}: need {}, have {} ({missing} missing)", s.layout, s.level, s.need, s.have);
        if s.unvalidated > 0 {
            let _ = write!(text, "; {} more are stored but not validated yet", s.unvalidated);
        }
        if s.stale > 0 {
            let _ = write!(text, "; {} more changed since they were validated (run `puzzlebook validate` again)", s.stale);
        }
        if let Ok(held) = catalog.reference_held(&s.layout, s.level.name())
            && held > 0
        {
            let _ = write!(text, "; {held} more are held back as isomorphic to a reference set (`puzzlebook reference list`)");
        }
    }
    text.push_str("\nmake them with:");
    for s in shortages {
        let missing = (s.need - s.have) as i64 - s.unvalidated - s.stale as i64;
        if missing > 0 {
            let _ = write!(text, "\n  puzzlebook generate {} --count {missing} --difficulty {} --db {db}", s.layout, s.level);
        }
    }
    let _ = write!(text, "\n  puzzlebook validate --db {db}");
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn shares_are_even_and_sum_up() {
        assert_eq!(super::shares(10, 3), vec![4, 3, 3]);
        assert_eq!(super::shares(2, 4), vec![1, 1, 0, 0]);
        assert_eq!(super::shares(120, 3).iter().sum::<usize>(), 120);
    }
}
