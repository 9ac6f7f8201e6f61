//! Choosing a book's puzzles: validated ones of the layouts and levels asked,
//! none printed before (unless reprints are allowed), the count spread evenly
//! over levels and layouts, ordered easiest to hardest by score.

use super::BookSettings;
use crate::store::{Catalog, PuzzleRow};
use anyhow::{Result, bail};
use std::fmt::Write;

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
    let mut chosen: Vec<(usize, u32, i64)> = Vec::new(); // (level rank, score, id)
    let mut shortages = Vec::new();
    for (rank, (&level, level_count)) in settings.levels.iter().zip(shares(settings.count, settings.levels.len())).enumerate() {
        for (layout, need) in settings.layouts.iter().zip(shares(level_count, settings.layouts.len())) {
            let (candidates, stale) = catalog.book_candidates(layout, level.name(), settings.allow_reprint, settings.rating)?;
            if candidates.len() < need {
                let unvalidated = catalog.unvalidated_count(layout, level.name())?;
                shortages.push(Shortage { layout: layout.clone(), level, need, have: candidates.len(), unvalidated, stale });
                continue;
            }
            chosen.extend(candidates.iter().take(need).map(|c| (rank, c.score, c.id)));
        }
    }
    if !shortages.is_empty() {
        bail!(shortage_message(catalog, settings, &shortages));
    }
    chosen.sort();
    let mut seen = std::collections::HashSet::new();
    if let Some((_, _, id)) = chosen.iter().find(|(_, _, id)| !seen.insert(*id)) {
        bail!("book \"{}\": puzzle {id} was chosen twice (the same layout or level asked twice?)", settings.title);
    }
    chosen.into_iter().map(|(_, _, id)| catalog.puzzle(id)).collect()
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
