//! Difficulty as publishers print it: label maps tied to fixed Sudoku
//! Explainer bands (`--labels`), so "four stars" means the same in every
//! book, and the order of a book's puzzles (`--curve`).
//!
//! The five bands follow the grader's levels, split once at the easy end:
//!
//! | stars | word | SE rating | level | what it takes |
//! |---|---|---|---|---|
//! | ★ | gentle | ≤ 1.5 | easy | hidden singles |
//! | ★★ | moderate | 1.6–2.3 | easy | naked singles (and SE's direct steps) |
//! | ★★★ | tough | 2.4–3.4 | medium | locked candidates, pairs, X-wing |
//! | ★★★★ | fiendish | 3.5–5.4 | hard | triples, fish, wings, uniqueness |
//! | ★★★★★ | diabolical | ≥ 5.5 | expert | chains, forcing chains |

use super::BookPuzzle;
use crate::lang::Catalogue;
use crate::level::{Level, RatingRange};
use serde::{Deserialize, Serialize};

/// How a book names difficulty (`--labels`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Labels {
    /// The four levels: easy, medium, hard, expert.
    #[default]
    Levels,
    /// One to five stars by SE band.
    Stars,
    /// Gentle, moderate, tough, fiendish, diabolical by SE band.
    Words,
}

/// The order of a book's puzzles (`--curve`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Curve {
    /// Sections by label, each layout together within a section, easiest
    /// (by candidate score) first.
    #[default]
    Sections,
    /// Easiest to hardest across the book, by SE rating.
    Ramp,
    /// A newspaper week: seven puzzles a week, Monday gentle to Sunday
    /// diabolical, headed by the day.
    Week,
}

impl Labels {
    pub fn is_levels(&self) -> bool {
        *self == Labels::Levels
    }

    /// Whether the labels stand for SE bands (and so need rated puzzles).
    pub fn by_band(self) -> bool {
        self != Labels::Levels
    }
}

impl Curve {
    pub fn is_sections(&self) -> bool {
        *self == Curve::Sections
    }
}

/// The bands' upper SE ratings, in tenths (the last has none).
const BAND_TOPS: [u32; 4] = [15, 23, 34, 54];
pub const STARS: [&str; 5] = ["★", "★★", "★★★", "★★★★", "★★★★★"];
pub const WORDS: [&str; 5] = ["gentle", "moderate", "tough", "fiendish", "diabolical"];

/// A level's name in the catalogue's language (lower case: "easy").
pub fn level_name(words: &Catalogue, level: Level) -> String {
    words.text(&format!("level.{}", level.name()))
}

/// A band's word in the catalogue's language (lower case: "gentle").
pub fn band_word(words: &Catalogue, b: usize) -> String {
    words.text(&format!("band.{}", WORDS[b]))
}
/// The level each band lies in.
const BAND_LEVELS: [Level; 5] = [Level::Easy, Level::Easy, Level::Medium, Level::Hard, Level::Expert];

/// The band (0–4) of an SE rating.
pub fn band_of(rating: f64) -> usize {
    let tenths = (rating * 10.0).round() as u32;
    BAND_TOPS.iter().position(|&top| tenths <= top).unwrap_or(BAND_TOPS.len())
}

/// The SE ratings of band `b`, both ends included.
pub fn band_range(b: usize) -> RatingRange {
    let low = if b == 0 { 0.0 } else { (BAND_TOPS[b - 1] + 1) as f64 / 10.0 };
    let high = BAND_TOPS.get(b).map_or(100.0, |&t| t as f64 / 10.0);
    RatingRange { low, high }
}

pub fn band_level(b: usize) -> Level {
    BAND_LEVELS[b]
}

/// Band `b`'s ratings as `--rating` takes them: `..1.5`, `1.6..2.3`, `5.5..`.
pub fn band_text(b: usize) -> String {
    let r = band_range(b);
    match b {
        0 => format!("..{:.1}", r.high),
        4 => format!("{:.1}..", r.low),
        _ => format!("{:.1}..{:.1}", r.low, r.high),
    }
}

/// The band's label as `labels` prints it.
pub fn band_name(words: &Catalogue, labels: Labels, b: usize) -> String {
    match labels {
        Labels::Stars => STARS[b].to_string(),
        Labels::Words => super::plan::capitalised(&band_word(words, b)),
        Labels::Levels => super::plan::capitalised(&level_name(words, BAND_LEVELS[b])),
    }
}

/// The days of a week book, each with the band its puzzle comes from:
/// rising from gentle on Monday to diabolical on Sunday.
pub const DAYS: [(&str, usize); 7] =
    [("Monday", 0), ("Tuesday", 1), ("Wednesday", 2), ("Thursday", 2), ("Friday", 3), ("Saturday", 3), ("Sunday", 4)];

/// How many puzzles of each band `weeks` weeks take.
pub fn week_needs(weeks: usize) -> [usize; 5] {
    let mut needs = [0; 5];
    for &(_, band) in &DAYS {
        needs[band] += weeks;
    }
    needs
}

/// The section a puzzle's label puts it in, for sorting (a band, or a
/// level's rank where the puzzle has no rating).
pub fn section_rank(labels: Labels, level: Level, rating: Option<f64>) -> usize {
    match (labels.by_band(), rating) {
        (true, Some(r)) => band_of(r),
        _ => Level::ALL.iter().position(|&l| l == level).unwrap_or(0),
    }
}

/// The book's sections and, per puzzle, its section and the words printed
/// beside its number: runs of one label (by level or band), or weeks of
/// seven days. Derived from the stored order, so a reprint gets the same.
pub fn sections(words: &Catalogue, labels: Labels, curve: Curve, puzzles: &[BookPuzzle]) -> (Vec<String>, Vec<usize>, Vec<Option<String>>) {
    let mut names = Vec::new();
    let mut of = Vec::with_capacity(puzzles.len());
    let mut tags = Vec::with_capacity(puzzles.len());
    if curve == Curve::Week {
        for i in 0..puzzles.len() {
            let (week, (day, band)) = (i / 7, DAYS[i % 7]);
            if i % 7 == 0 {
                names.push(words.fill("week.heading", &[("n", &(week + 1).to_string())]));
            }
            of.push(week);
            let day = words.text(&format!("day.{}", day.to_lowercase()));
            let label = match labels {
                Labels::Stars => words.fill("day.stars", &[("day", &day), ("stars", STARS[band])]),
                _ => words.fill("day.label", &[("day", &day), ("label", &band_name(words, labels, band))]),
            };
            tags.push(Some(label));
        }
        return (names, of, tags);
    }
    let mut last = None;
    for p in puzzles {
        let rating = p.row.grade.as_ref().map(|g| g.se_rating);
        let label = match (labels.by_band(), rating) {
            (true, Some(r)) => band_name(words, labels, band_of(r)),
            _ => super::plan::capitalised(&level_name(words, p.level)),
        };
        // Puzzles made from pictures are a chapter of their own (the book
        // orders them last), each labelled beside its number.
        let (name, tag) = if p.row.from_picture() { (words.text("section.pictures"), Some(label)) } else { (label, None) };
        if last.as_ref() != Some(&name) {
            names.push(name.clone());
            last = Some(name);
        }
        of.push(names.len() - 1);
        tags.push(tag);
    }
    (names, of, tags)
}

/// What a puzzle's difficulty is called in counts ("4 easy", "2 ★★").
pub fn count_name(words: &Catalogue, labels: Labels, level: Level, rating: Option<f64>) -> String {
    match (labels, rating) {
        (Labels::Stars, Some(r)) => STARS[band_of(r)].to_string(),
        (Labels::Words, Some(r)) => band_word(words, band_of(r)),
        _ => level_name(words, level),
    }
}

/// The book's difficulty in a few words for its title page and cover,
/// where its labels are not the plain levels (those keep their list): the
/// bands it holds, or its weeks.
pub fn summary(book: &super::Book) -> Option<Vec<String>> {
    let settings = &book.settings;
    if settings.curve == Curve::Week {
        return Some(vec![book.words.plural("week.summary", book.puzzles.len() / 7, &[])]);
    }
    if !settings.labels.by_band() {
        return None;
    }
    let mut bands: Vec<usize> = book.puzzles.iter().filter_map(|p| p.row.grade.as_ref()).map(|g| band_of(g.se_rating)).collect();
    bands.sort_unstable();
    bands.dedup();
    Some(bands.into_iter().map(|b| band_name(&book.words, settings.labels, b)).collect())
}

/// The introduction's words on the labels and the order, where they are
/// not the plain levels.
pub fn words(w: &Catalogue, labels: Labels, curve: Curve, takes: &[Option<String>]) -> Vec<String> {
    let mut out = Vec::new();
    if labels.by_band() {
        let names: Vec<String> = (0..5)
            .map(|b| {
                let r = band_range(b);
                let range = match b {
                    0 => w.fill("band.up_to", &[("x", &w.decimal(r.high, 1))]),
                    4 => w.fill("band.and_up", &[("x", &w.decimal(r.low, 1))]),
                    _ => w.fill("band.range", &[("low", &w.decimal(r.low, 1)), ("high", &w.decimal(r.high, 1))]),
                };
                let name = band_name(w, labels, b);
                // What this book's puzzles of the band need (`claims`): none in it, no words.
                match takes.get(b).and_then(Option::as_ref) {
                    Some(takes) => w.fill("band.named_takes", &[("name", &name), ("range", &range), ("takes", takes)]),
                    None => w.fill("band.named", &[("name", &name), ("range", &range)]),
                }
            })
            .collect();
        out.push(w.fill("band.scale", &[("list", &names.join(&w.text("list.semicolon")))]));
    }
    match (curve, labels.by_band()) {
        (Curve::Week, _) => out.push(w.text("week.order")),
        (Curve::Ramp, true) => out.push(w.text("order.ramp_bands")),
        (Curve::Sections, true) => out.push(w.text("order.sections_bands")),
        // The levels' own paragraph says the order.
        (_, false) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_are_fixed_and_follow_the_levels() {
        assert_eq!([1.0, 1.5, 1.7, 2.3, 2.5, 3.4, 3.6, 5.4, 5.5, 10.0].map(band_of), [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
        for b in 0..5 {
            let r = band_range(b);
            assert_eq!((band_of(r.low), band_of(r.high)), (b, b));
            // A band lies inside one level: the grader's level of its ends.
            assert_eq!(crate::grade::level_of(r.low as f32).name(), band_level(b).name());
            assert_eq!(crate::grade::level_of(r.high.min(10.0) as f32).name(), band_level(b).name());
        }
        assert_eq!(week_needs(3), [3, 3, 6, 6, 3]);
        let en = crate::lang::english();
        assert_eq!((band_name(&en, Labels::Stars, 3), band_name(&en, Labels::Words, 4)), ("★★★★".to_string(), "Diabolical".to_string()));
        assert_eq!((0..5).map(band_text).collect::<Vec<_>>(), ["..1.5", "1.6..2.3", "2.4..3.4", "3.5..5.4", "5.5.."]);
        for text in (0..5).map(band_text) {
            let range: RatingRange = text.parse().unwrap();
            assert_eq!(band_of(range.low.max(1.0)), band_of(range.high.min(10.0)), "{text}");
        }
    }

    /// Puzzles made from pictures (source "picture") are a section of
    /// their own, headed by the catalogue's word, each labelled with its
    /// level; the others keep their level sections.
    #[test]
    fn puzzles_made_from_pictures_are_a_section_of_their_own() {
        let layout = crate::layout::Layout::load("nonogram-5x5").unwrap();
        let family = crate::family::open(layout.clone());
        let made: Vec<_> = (1..40u64).filter_map(|seed| family.make(seed, Some(Level::Easy)).unwrap()).take(4).collect();
        let rows: Vec<_> = made
            .iter()
            .enumerate()
            .map(|(i, p)| crate::record::PuzzleRow {
                source: if i < 2 { "generated".into() } else { crate::record::PICTURE_SOURCE.into() },
                ..crate::record::PuzzleRow::for_print(i as i64 + 1, &layout, p)
            })
            .collect();
        let settings = super::super::BookSettings::new("P", vec!["nonogram-5x5".into()], 4, vec![Level::Easy]);
        let book = super::super::Book::new(settings, rows, "2026-01-01T00:00:00Z").unwrap();
        assert_eq!(book.sections, ["Easy", "From pictures"]);
        let of: Vec<(usize, Option<&str>)> = book.puzzles.iter().map(|p| (p.section, p.tag.as_deref())).collect();
        assert_eq!(of, [(0, None), (0, None), (1, Some("Easy")), (1, Some("Easy"))]);
        let mut settings = super::super::BookSettings::new("P", vec!["nonogram-5x5".into()], 4, vec![Level::Easy]);
        settings.lang = "de".into();
        let rows: Vec<_> = book.puzzles.iter().map(|p| p.row.clone()).collect();
        let german = super::super::Book::new(settings, rows, "2026-01-01T00:00:00Z").unwrap();
        assert_eq!(german.sections[1], "Aus Bildern");
    }

    #[test]
    fn the_book_fonts_have_the_star() {
        // Stars print as text: both weights must hold the glyph (else a box would print).
        let fonts = crate::pdf::fonts::Fonts::unembedded().unwrap();
        assert_eq!((fonts.regular.missing("★·"), fonts.bold.missing("★·")), (vec![], vec![]));
    }
}
