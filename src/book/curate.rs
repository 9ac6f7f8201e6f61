//! Choosing a book's puzzles: validated ones of the layouts and levels asked,
//! none printed before (unless reprints are allowed), the count spread evenly
//! over levels and layouts, ordered by level (or star band), then layout (so
//! a page holds one layout's grids where it can), then easiest to hardest by
//! score; a ramp orders by SE rating instead, and a week takes each day's
//! puzzle from its band.

use super::BookSettings;
use super::labels::{self, Curve};
use crate::level::{Level, RatingRange};
use crate::store::{CandidateFilter, Catalog, Pick, PuzzleRow, SourceFilter};
use crate::twins::{self, Texts};
use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// Which of the stock a book takes beyond layouts, levels and ratings
/// (`book --batch`, `--pattern`, `--source`, `--include-imported`), and
/// how far apart its puzzles must be (`--twin-distance`). Recorded with
/// the book's settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Curation {
    /// Only puzzles of this batch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch: Option<i64>,
    /// Only puzzles of the batches made with this `--pattern` picture (as
    /// a batch stores it: `#` and `.` rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    /// Only puzzles of this source: `generated`, `imported` (any import),
    /// or an import's source name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Imported puzzles may be taken too (without it, and without
    /// `source`, only generated ones are).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_imported: bool,
    /// The fewest cells two puzzles of the book differ in
    /// ([`crate::twins`]); `None`: the default for the grid's size
    /// ([`twins::default_for`]: 20 for a 9×9); 0: no guard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin_distance: Option<usize>,
}

impl Curation {
    pub fn is_default(&self) -> bool {
        *self == Curation::default()
    }

    /// The sources asked for, as the catalog filters them.
    pub fn sources(&self) -> SourceFilter<'_> {
        match self.source.as_deref() {
            Some("imported") => SourceFilter::Imported,
            Some(name) => SourceFilter::Named(name),
            None if self.include_imported => SourceFilter::Any,
            None => SourceFilter::Generated,
        }
    }

    /// The batches asked for (`--batch`, `--pattern`; both: those of the
    /// batch that was made with the pattern), `None` for all; an error
    /// when none fits.
    pub fn batches(&self, catalog: &Catalog) -> Result<Option<Vec<i64>>> {
        let mut batches = match &self.pattern {
            Some(picture) => {
                let found = catalog.pattern_batches(&crate::store::browse::pattern_key(picture))?;
                if found.is_empty() {
                    bail!(
                        "--pattern: no batch of {} was made with this pattern (`puzzlebook generate LAYOUT --pattern FILE` makes one)",
                        catalog.target
                    );
                }
                Some(found)
            }
            None => None,
        };
        if let Some(batch) = self.batch {
            catalog.batch(batch)?; // a clear error for a batch that is not there
            match &mut batches {
                Some(list) if !list.contains(&batch) => bail!("--batch {batch} was not made with the --pattern given"),
                Some(list) => list.retain(|&b| b == batch),
                None => batches = Some(vec![batch]),
            }
        }
        Ok(batches)
    }
}

/// Near-twins a book passes over before it stops reading (a catalog of
/// little else, such as the scale bench's fill, would be read whole).
const MAX_PASSED_OVER: usize = 5_000;

/// The near-twin guard of a book being chosen: the givens and solutions
/// taken so far.
struct Chosen {
    min: Option<usize>,
    texts: Vec<(String, String)>,
    /// Candidates passed over as near-twins.
    skipped: usize,
}

impl Chosen {
    fn new(settings: &BookSettings) -> Chosen {
        Chosen { min: settings.curation.twin_distance, texts: Vec::new(), skipped: 0 }
    }

    /// Takes `row` unless it is a near-twin of one taken; `None` (read no
    /// further) once [`MAX_PASSED_OVER`] were passed over.
    fn accept(&mut self, row: &PuzzleRow) -> Option<bool> {
        if self.skipped >= MAX_PASSED_OVER {
            return None;
        }
        let mine = Texts { givens: &row.givens, solution: &row.solution };
        if twins::near_any(mine, self.texts.iter().map(Texts::of), self.min) {
            self.skipped += 1;
            return Some(false);
        }
        self.texts.push((row.givens.clone(), row.solution.clone()));
        Some(true)
    }
}

/// Reads the credits of `book`'s imported puzzles from the catalog into
/// `book.credits` (the copyright page names them).
pub fn credit(book: &mut super::Book, catalog: &Catalog) -> Result<()> {
    let ids: Vec<i64> = book.puzzles.iter().map(|p| p.row.id).collect();
    let number = |id: i64| book.puzzles.iter().find(|p| p.row.id == id).map_or(0, |p| p.number);
    book.credits = catalog.imported_credits(&ids)?.into_iter().map(|c| (number(c.id), c)).collect();
    // A puzzle made from a picture names it (its file's stem) beside its number.
    let words = book.words.clone();
    for (number, credited) in &book.credits {
        let Some(p) = number.checked_sub(1).and_then(|i| book.puzzles.get_mut(i)).filter(|p| p.row.from_picture()) else { continue };
        let file = credited.credit.source.as_deref().map(std::path::Path::new);
        let Some(stem) = file.and_then(std::path::Path::file_stem).map(|s| s.to_string_lossy().into_owned()) else { continue };
        p.tag = Some(match &p.tag {
            Some(label) => words.fill("section.picture_label", &[("label", label), ("picture", &stem)]),
            None => stem,
        });
    }
    Ok(())
}

/// The closest two puzzles of `rows` (by their place, 1-based), with
/// their distance; `None` with fewer than two of one layout.
pub fn closest_pair(rows: &[PuzzleRow]) -> Option<(usize, usize, usize)> {
    let texts: Vec<Texts> = rows.iter().map(|r| Texts { givens: &r.givens, solution: &r.solution }).collect();
    twins::closest_pair(&texts).map(|(a, b, d)| (a + 1, b + 1, d))
}

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
    match closest_pair(&rows) {
        Some((a, b, d)) => writeln!(
            out,
            "closest pair: puzzles {a} and {b} (ids {} and {}) differ in {d} cells, givens and solution, digits relabelled (books keep {} or more apart by default)",
            rows[a - 1].id,
            rows[b - 1].id,
            twins::default_for(&rows[a - 1].givens)
        )?,
        None => writeln!(out, "closest pair: no two puzzles of one layout to compare")?,
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

/// What one layout × level (or band of a week) is short of.
struct Shortage {
    layout: String,
    level: crate::score::Level,
    /// The band of a week book, where it is one.
    band: Option<usize>,
    need: usize,
    have: usize,
    unvalidated: i64,
    /// Validated, but changed since: they need validating again.
    stale: usize,
}

/// What a reservation of `count` puzzles of `layouts` × `levels` asks
/// for: the count spread over levels and layouts as a book spreads it, so
/// `book --draft` with the same layouts, levels and count takes exactly
/// the draft's puzzles.
pub fn picks(layouts: &[String], levels: &[crate::score::Level], count: usize, rating: Option<RatingRange>) -> Vec<Pick> {
    let mut picks = Vec::new();
    for (&level, level_count) in levels.iter().zip(shares(count, levels.len().max(1))) {
        for (layout, need) in layouts.iter().zip(shares(level_count, layouts.len().max(1))) {
            if need > 0 {
                picks.push(Pick::Curate { layout: layout.clone(), level: level.name().to_string(), count: need, rating });
            }
        }
    }
    picks
}

/// What filling a draft by rule for the book `settings` (its layouts,
/// levels and curve) with `count` puzzles asks for: [`picks`], or for a
/// week each day's band (`count` a whole number of weeks).
pub fn draft_picks(settings: &BookSettings, count: usize) -> Vec<Pick> {
    if settings.curve != Curve::Week {
        return picks(&settings.layouts, &settings.levels, count, settings.rating);
    }
    let mut picks = Vec::new();
    for (band, need) in labels::week_needs(count / 7).into_iter().enumerate() {
        let range = labels::band_range(band);
        let range = match settings.rating {
            Some(r) => RatingRange { low: r.low.max(range.low), high: r.high.min(range.high) },
            None => range,
        };
        for (layout, n) in settings.layouts.iter().zip(shares(need, settings.layouts.len().max(1))) {
            if n > 0 {
                let level = labels::band_level(band).name().to_string();
                picks.push(Pick::Curate { layout: layout.clone(), level, count: n, rating: Some(range) });
            }
        }
    }
    picks
}

/// A book's puzzles: from the stock, or (`draft`) from that draft of the
/// editor making the book.
pub fn choose(catalog: &Catalog, settings: &BookSettings, draft: Option<(i64, &str)>) -> Result<Vec<PuzzleRow>> {
    if settings.curve == Curve::Week {
        return choose_week(catalog, settings, draft);
    }
    let mut chosen: Vec<(usize, i64)> = Vec::new(); // (layout, id)
    let mut shortages = Vec::new();
    let batches = settings.curation.batches(catalog)?;
    let mut guard = Chosen::new(settings);
    for (&level, level_count) in settings.levels.iter().zip(shares(settings.count, settings.levels.len())) {
        for (which, (layout, need)) in settings.layouts.iter().zip(shares(level_count, settings.layouts.len())).enumerate() {
            let filter = CandidateFilter {
                layout,
                level: level.name(),
                reprint: settings.allow_reprint,
                rating: settings.rating,
                draft: draft.map(|(id, _)| id),
                source: settings.curation.sources(),
                batches: batches.as_deref(),
            };
            let (candidates, stale) = catalog.book_candidates_where(&filter, need, &mut |row| guard.accept(row))?;
            if candidates.len() < need {
                let unvalidated = catalog.unvalidated_count(layout, level.name())?;
                shortages.push(Shortage { layout: layout.clone(), level, band: None, need, have: candidates.len(), unvalidated, stale });
                continue;
            }
            chosen.extend(candidates.iter().take(need).map(|c| (which, c.id)));
        }
    }
    if !shortages.is_empty() {
        bail!(shortage_message(catalog, settings, &shortages, draft.map(|(_, name)| name)) + &curation_note(settings, guard.skipped));
    }
    let rows: Vec<(usize, PuzzleRow)> = chosen.into_iter().map(|(which, id)| Ok((which, catalog.puzzle(id)?))).collect::<Result<_>>()?;
    if settings.labels.by_band() {
        refuse_unrated(settings, rows.iter().map(|(_, r)| r))?;
    }
    // The puzzles made from pictures last, as a chapter of their own; by
    // section (level, or band), then each layout together and easiest by
    // score first; a ramp orders by SE rating across layouts instead.
    let key = |(which, r): &(usize, PuzzleRow)| {
        let rating = r.grade.as_ref().map(|g| g.se_rating);
        let level = r.level.parse::<Level>().unwrap_or(Level::Expert);
        // Levels in the order asked (easiest first by default), bands by rank.
        let asked = settings.levels.iter().position(|&l| l == level).unwrap_or(settings.levels.len());
        let section = if settings.labels.by_band() { labels::section_rank(settings.labels, level, rating) } else { asked };
        let tenths = rating.map_or(0, |x| (x * 10.0).round() as i64);
        match settings.curve {
            Curve::Ramp => (r.from_picture(), section, tenths, 0, r.score, r.id),
            _ => (r.from_picture(), section, 0, *which, r.score, r.id),
        }
    };
    let mut rows = rows;
    rows.sort_by_key(key);
    refuse_repeats(settings, rows.into_iter().map(|(_, r)| r).collect())
}

/// A book of exactly draft `name`'s puzzles in the draft's order (the
/// studio's hand-arranged drafts): each validated and unchanged since,
/// printed in no book unless reprints are allowed, and rated where the
/// labels or the curve stand for SE bands. `settings.count` must be the
/// draft's size.
pub fn in_draft_order(catalog: &Catalog, settings: &BookSettings, name: &str) -> Result<Vec<PuzzleRow>> {
    let ids = catalog.draft_order(name)?;
    if ids.len() != settings.count {
        bail!("draft \"{name}\" holds {} puzzles, the book asks for {}", ids.len(), settings.count);
    }
    let mut rows = Vec::with_capacity(ids.len());
    for id in ids {
        let row = catalog.puzzle(id)?;
        if row.validation.as_deref() != Some("ok") || crate::validate::needs_check(&row) {
            bail!("draft \"{name}\": puzzle {id} is not validated (or changed since): run `puzzlebook validate --db {}`", catalog.target);
        }
        if !settings.allow_reprint && !catalog.books_of(id)?.is_empty() {
            bail!("draft \"{name}\": puzzle {id} is printed in a book already");
        }
        rows.push(row);
    }
    if settings.labels.by_band() || settings.curve == Curve::Week {
        refuse_unrated(settings, &rows)?;
    }
    let min = |a: usize| settings.curation.twin_distance.unwrap_or_else(|| twins::default_for(&rows[a - 1].givens));
    if let Some((a, b, d)) = closest_pair(&rows).filter(|&(a, _, d)| d < min(a)) {
        bail!(
            "draft \"{name}\": puzzles {a} and {b} (ids {} and {}) differ in only {d} cells (a book keeps {} or more apart): take one out, or give --twin-distance {d}",
            rows[a - 1].id,
            rows[b - 1].id,
            min(a)
        );
    }
    refuse_repeats(settings, rows)
}

/// A newspaper week: each day's puzzle from its band ([`labels::DAYS`]),
/// the layouts taking turns, easiest by score first within a band.
fn choose_week(catalog: &Catalog, settings: &BookSettings, draft: Option<(i64, &str)>) -> Result<Vec<PuzzleRow>> {
    let needs = labels::week_needs(settings.count / 7);
    let mut by_band: Vec<std::collections::VecDeque<i64>> = Vec::new();
    let mut shortages = Vec::new();
    let batches = settings.curation.batches(catalog)?;
    let mut guard = Chosen::new(settings);
    for (band, &need) in needs.iter().enumerate() {
        let level = labels::band_level(band);
        let range = labels::band_range(band);
        // Within --rating, when one is asked too.
        let range = match settings.rating {
            Some(r) => RatingRange { low: r.low.max(range.low), high: r.high.min(range.high) },
            None => range,
        };
        let mut per_layout = Vec::new();
        for (layout, need) in settings.layouts.iter().zip(shares(need, settings.layouts.len())) {
            let filter = CandidateFilter {
                layout,
                level: level.name(),
                reprint: settings.allow_reprint,
                rating: Some(range),
                draft: draft.map(|(id, _)| id),
                source: settings.curation.sources(),
                batches: batches.as_deref(),
            };
            let (candidates, stale) = match range.low <= range.high {
                true => catalog.book_candidates_where(&filter, need, &mut |row| guard.accept(row))?,
                false => (Vec::new(), 0),
            };
            if candidates.len() < need {
                let unvalidated = catalog.unvalidated_count(layout, level.name())?;
                shortages.push(Shortage {
                    layout: layout.clone(),
                    level,
                    band: Some(band),
                    need,
                    have: candidates.len(),
                    unvalidated,
                    stale,
                });
                continue;
            }
            let mut taken: Vec<_> = candidates.into_iter().take(need).collect();
            taken.sort_by_key(|c| (c.score, c.id));
            per_layout.push(std::collections::VecDeque::from(taken));
        }
        // The layouts take turns through the band.
        let mut turns = std::collections::VecDeque::new();
        while per_layout.iter().any(|q| !q.is_empty()) {
            for q in per_layout.iter_mut() {
                if let Some(c) = q.pop_front() {
                    turns.push_back(c.id);
                }
            }
        }
        by_band.push(turns);
    }
    if !shortages.is_empty() {
        bail!(shortage_message(catalog, settings, &shortages, draft.map(|(_, name)| name)) + &curation_note(settings, guard.skipped));
    }
    let mut ids = Vec::with_capacity(settings.count);
    for _ in 0..settings.count / 7 {
        for &(_, band) in &labels::DAYS {
            ids.extend(by_band[band].pop_front());
        }
    }
    let rows: Vec<PuzzleRow> = ids.into_iter().map(|id| catalog.puzzle(id)).collect::<Result<_>>()?;
    refuse_unrated(settings, &rows)?;
    refuse_repeats(settings, rows)
}

/// Stars, words and weeks stand for SE bands: every puzzle needs a rating.
fn refuse_unrated<'a>(settings: &BookSettings, rows: impl IntoIterator<Item = &'a PuzzleRow>) -> Result<()> {
    if let Some(row) = rows.into_iter().find(|r| r.grade.is_none()) {
        let what = if settings.curve == Curve::Week {
            "--curve week".to_string()
        } else {
            format!("--labels {:?}", settings.labels).to_lowercase()
        };
        bail!(
            "{what}: puzzle {} ({}) has no Sudoku Explainer rating, and the labels stand for fixed SE bands: use layouts with the technique grader, or --labels levels",
            row.id,
            row.layout_name
        );
    }
    Ok(())
}

fn refuse_repeats(settings: &BookSettings, rows: Vec<PuzzleRow>) -> Result<Vec<PuzzleRow>> {
    let mut seen = std::collections::HashSet::new();
    if let Some(r) = rows.iter().find(|r| !seen.insert(r.id)) {
        bail!("book \"{}\": puzzle {} was chosen twice (the same layout or level asked twice?)", settings.title, r.id);
    }
    Ok(rows)
}

/// What a shortage owes to the book's curation: the batches, pattern or
/// source asked for, and the near-twins passed over.
fn curation_note(settings: &BookSettings, skipped: usize) -> String {
    let c = &settings.curation;
    let mut only = Vec::new();
    if let Some(batch) = c.batch {
        only.push(format!("of batch {batch}"));
    }
    if c.pattern.is_some() {
        only.push("made with the --pattern given".to_string());
    }
    match c.sources() {
        SourceFilter::Generated => {}
        SourceFilter::Any => only.push("generated or imported".to_string()),
        SourceFilter::Imported => only.push("imported".to_string()),
        SourceFilter::Named(name) => only.push(format!("of source '{name}'")),
    }
    let mut text = String::new();
    if !only.is_empty() {
        let _ = write!(text, "\n(only puzzles {} were counted)", only.join(", "));
    }
    if skipped > 0 {
        let _ = write!(
            text,
            "\n({skipped} more were passed over as near-twins of puzzles already chosen: closer than {} cells; --twin-distance sets it)",
            c.twin_distance.map_or("20 (a 9×9's; smaller grids the same share)".to_string(), |d| d.to_string())
        );
    }
    text
}

fn shortage_message(catalog: &Catalog, settings: &BookSettings, shortages: &[Shortage], draft: Option<&str>) -> String {
    let unprinted = if settings.allow_reprint { "" } else { ", unprinted" };
    let db = &catalog.target;
    if let Some(name) = draft {
        // From a draft: what it lacks, and how to add it.
        let mut text = format!("draft \"{name}\" holds not enough validated{unprinted} puzzles for \"{}\":", settings.title);
        for s in shortages {
            let what = match s.band {
                Some(b) => format!("{} ({}, SE {})", labels::WORDS[b], s.level, labels::band_text(b)),
                None => s.level.to_string(),
            };
            let _ = write!(text, "\n  {} {what}: need {}, the draft has {}", s.layout, s.need, s.have);
            if s.stale > 0 {
                let _ = write!(text, "; {} more changed since they were validated (run `puzzlebook validate` again)", s.stale);
            }
        }
        text.push_str("\nadd them with:");
        for s in shortages {
            let rating = match s.band {
                Some(b) => format!(" --rating {}", labels::band_range(b)),
                None => String::new(),
            };
            let _ = write!(
                text,
                "\n  puzzlebook reserve {name} --layout {} --levels {} --count {}{rating} --db {db}",
                s.layout,
                s.level,
                s.need - s.have
            );
        }
        return text;
    }
    let mut text = format!("not enough validated{unprinted} puzzles for \"{}\":", settings.title);
    for s in shortages {
        let missing = s.need - s.have;
        let what = match s.band {
            Some(b) => format!("{} ({}, SE {})", labels::WORDS[b], s.level, labels::band_text(b)),
            None => s.level.to_string(),
        };
        let _ = write!(text, "\n  {} {what}: need {}, have {} ({missing} missing)", s.layout, s.need, s.have);
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
        if let Ok(reserved) = catalog.reserved_count(&s.layout, s.level.name())
            && reserved > 0
        {
            let _ = write!(text, "; {reserved} more are reserved in editors' drafts (`puzzlebook reservations`)");
        }
    }
    text.push_str("\nmake them with:");
    for s in shortages {
        let missing = (s.need - s.have) as i64 - s.unvalidated - s.stale as i64;
        if missing > 0 {
            let _ = match s.band {
                // The band within its level, by the rating search where the
                // family can search ratings (a killer draws cages per puzzle
                // and cannot): else at the band's level, until it is filled.
                Some(b) if searches_ratings(&s.layout, labels::band_range(b)) => {
                    write!(text, "\n  puzzlebook generate {} --count {missing} --rating {} --db {db}", s.layout, labels::band_range(b))
                }
                Some(b) => write!(
                    text,
                    "\n  puzzlebook generate {} --count {missing} --difficulty {} --db {db}   # {} cannot search ratings: {} puzzles, some of SE {}; more if the band stays short",
                    s.layout,
                    s.level,
                    s.layout,
                    s.level,
                    labels::band_text(b)
                ),
                None => write!(text, "\n  puzzlebook generate {} --count {missing} --difficulty {} --db {db}", s.layout, s.level),
            };
        }
    }
    let _ = write!(text, "\n  puzzlebook validate --db {db}");
    text
}

/// Whether `generate LAYOUT --rating RANGE` is accepted (the family says;
/// a layout that cannot be loaded by name is assumed to).
fn searches_ratings(layout: &str, range: RatingRange) -> bool {
    let Ok(loaded) = crate::layout::Layout::load(layout) else { return true };
    crate::family::of(loaded, &crate::generate::Controls { rating: Some(range), ..Default::default() }).is_ok()
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
