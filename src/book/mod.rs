//! Books: choosing puzzles from the catalog (`curate`), laying them out in
//! pages (`plan`), and drawing those pages into a PDF (`render`).

pub mod claims;
pub mod cover;
pub mod curate;
pub mod front;
pub mod hints;
pub mod labels;
pub mod make;
pub mod plan;
pub mod render;
pub mod thumbnails;
pub mod trivia;

pub use thumbnails::{cover_thumbnail, thumbnails};

use crate::family::Family;
use crate::level::Level;
use crate::page::Trim;
use crate::pdf::MarkStyle;
use crate::store::PuzzleRow;
use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Everything that decides a book's content and look. Stored with the book
/// (as TOML) so `reprint` makes the same PDF.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BookSettings {
    pub title: String,
    pub layouts: Vec<String>,
    pub count: usize,
    pub levels: Vec<Level>,
    pub per_page: usize,
    pub trim: Trim,
    pub bleed: bool,
    pub large_print: bool,
    /// Answer grids a page; `None` picks the most that keep digits legible.
    pub answers_per_page: Option<usize>,
    pub allow_reprint: bool,
    /// Trividoku's trivia bank as CSV text (kept with the book so a reprint
    /// asks the same questions); `None`: the sample bank that ships.
    #[serde(default)]
    pub trivia: Option<String>,
    /// Where the trivia bank came from, named in errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trivia_file: Option<String>,
    /// Questions (`question,answer`) or the matching list (`item,answer`).
    #[serde(default, skip_serializing_if = "trivia::TriviaFormat::is_questions")]
    pub trivia_format: trivia::TriviaFormat,
    /// Deal the bank's items once across the book (never one asked twice
    /// while the bank has enough), the default bank being the shipped one
    /// of `trivia_bank`. Books stored before (false) pick per puzzle from
    /// the sample bank, as they first printed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trivia_once: bool,
    /// Which shipped bank a book without its own asks from: 1 the first
    /// (data/trivia-bank.csv; books stored before versions), 2 the bank of
    /// facts by topic (data/trivia/bank-2.csv).
    #[serde(default = "trivia::first_bank", skip_serializing_if = "trivia::is_first_bank")]
    pub trivia_bank: u8,
    /// The bank's topics the book asks from (`--trivia-topics`); empty: the
    /// bank's default topics (all but word-number), or all of a bank
    /// without topics.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trivia_topics: Vec<String>,
    /// Trividoku's corner letters print black at 9 pt or more, and a page
    /// too small for that is refused. Books stored before (false) print
    /// them small and faded, so they reprint at their page count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub legible_letters: bool,
    /// Only puzzles whose SE rating lies in this range (`--rating`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<crate::level::RatingRange>,
    /// The author, on the title page and in the PDF's information.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// A subtitle under the title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// Refuse a book under 24 pages or of an odd count instead of padding
    /// it with notes pages.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_pad: bool,
    /// A hints section between the puzzles and the answers (`--hints`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// Which step each hint is for: the first stuck point, the hardest
    /// step, or both (`--hints hardest`).
    #[serde(default, skip_serializing_if = "hints::HintsAt::is_first")]
    pub hints_at: hints::HintsAt,
    /// How marks print on puzzle pages (`--marks corner|faded`).
    #[serde(default, skip_serializing_if = "marks::is_corner", with = "marks")]
    pub marks: MarkStyle,
    /// The publisher's imprint, on the title and copyright pages (`--imprint`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imprint: Option<String>,
    /// The book's ISBN-10 or ISBN-13 as written, on the copyright page (`--isbn`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isbn: Option<String>,
    /// The copyright year (`--copyright-year`); `None`: the year the book
    /// was first made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copyright_year: Option<u16>,
    /// A worked example page for each layout after "How to play" (`--examples`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub examples: bool,
    /// A QR code beside each puzzle that opens it in a browser solver (`--qr`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub qr: bool,
    /// How difficulty is named: levels, stars or words (`--labels`).
    #[serde(default, skip_serializing_if = "labels::Labels::is_levels")]
    pub labels: labels::Labels,
    /// The order of the puzzles: sections, a ramp or a week (`--curve`).
    #[serde(default, skip_serializing_if = "labels::Curve::is_sections")]
    pub curve: labels::Curve,
    /// The paper the interior is printed on (`--paper`), which sets the
    /// cover's spine; `None` for books made without it (white is assumed).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "paper")]
    pub paper: Option<cover::Paper>,
    /// Which of the stock the book takes (batch, pattern, source) and how
    /// far apart its puzzles are kept (`curate::Curation`).
    #[serde(default, skip_serializing_if = "curate::Curation::is_default")]
    pub curation: curate::Curation,
    /// The cover's colour theme (`--theme`); `None` for books stored
    /// before themes, whose covers keep their grey band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover_theme: Option<cover::Theme>,
    /// The publisher's front image (`--cover-image`): its path and hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover_image: Option<cover::CoverImageRef>,
    /// The language the book prints in (`--lang`): a catalogue's code.
    /// Books stored before languages read as English.
    #[serde(default = "english", skip_serializing_if = "is_english")]
    pub lang: String,
    /// A publisher's own catalogue (`--lang FILE.toml`), kept with the book
    /// so a reprint says the same; `None`: the built-in one of `lang`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang_catalogue: Option<String>,
    /// The imprint's postal address (`--imprint-address`), on the copyright
    /// page with the imprint (a German book's Impressum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imprint_address: Option<String>,
}

fn english() -> String {
    "en".to_string()
}

fn is_english(code: &str) -> bool {
    code == "en"
}

/// `paper` in the stored settings: "white", "cream" or "color".
mod paper {
    use super::cover::Paper;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(paper: &Option<Paper>, s: S) -> Result<S::Ok, S::Error> {
        match paper {
            Some(paper) => s.serialize_str(paper.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Paper>, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map(Some).map_err(|e: anyhow::Error| serde::de::Error::custom(format!("paper = \"{name}\": {e}")))
    }
}

/// `marks` in the stored settings: "corner" or "faded" (books stored before
/// the field read as corner, and corner is not written, so they reprint
/// byte for byte).
mod marks {
    use crate::pdf::MarkStyle;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn is_corner(style: &MarkStyle) -> bool {
        *style == MarkStyle::Corner
    }

    pub fn name(style: MarkStyle) -> &'static str {
        match style {
            MarkStyle::Corner => "corner",
            MarkStyle::Faded => "faded",
        }
    }

    pub fn serialize<S: Serializer>(style: &MarkStyle, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(name(*style))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<MarkStyle, D::Error> {
        match String::deserialize(d)?.as_str() {
            "corner" => Ok(MarkStyle::Corner),
            "faded" => Ok(MarkStyle::Faded),
            other => Err(serde::de::Error::custom(format!("marks = \"{other}\": expected \"corner\" or \"faded\""))),
        }
    }
}

pub const PER_PAGE_CHOICES: [usize; 4] = [1, 2, 4, 6];
pub const ANSWERS_PER_PAGE_CHOICES: [usize; 9] = [1, 2, 4, 6, 9, 12, 16, 20, 25];

impl BookSettings {
    /// A book of `count` puzzles with the command's defaults: two a page,
    /// 8.5×11 without bleed, regular print, padded, no filters or extras.
    pub fn new(title: &str, layouts: Vec<String>, count: usize, levels: Vec<Level>) -> BookSettings {
        BookSettings {
            title: title.to_string(),
            layouts,
            count,
            levels,
            per_page: 2,
            trim: Trim { width: 8.5, height: 11.0 },
            bleed: false,
            large_print: false,
            answers_per_page: None,
            allow_reprint: false,
            trivia: None,
            trivia_file: None,
            trivia_format: trivia::TriviaFormat::Questions,
            trivia_once: true,
            trivia_bank: trivia::BANK_VERSION,
            trivia_topics: Vec::new(),
            legible_letters: true,
            rating: None,
            author: None,
            subtitle: None,
            no_pad: false,
            hints: false,
            hints_at: hints::HintsAt::First,
            marks: MarkStyle::Corner,
            imprint: None,
            isbn: None,
            copyright_year: None,
            examples: false,
            qr: false,
            labels: labels::Labels::Levels,
            curve: labels::Curve::Sections,
            paper: None,
            curation: curate::Curation::default(),
            cover_theme: Some(cover::Theme::default_theme()),
            cover_image: None,
            lang: english(),
            lang_catalogue: None,
            imprint_address: None,
        }
    }

    pub fn check(&self) -> Result<()> {
        if self.title.trim().is_empty() {
            bail!("a book needs a title: e.g. `puzzlebook book \"My Book\" --layout classic-9`");
        }
        if !PER_PAGE_CHOICES.contains(&self.per_page) {
            bail!("--per-page {}: a page holds 1, 2, 4 or 6 puzzles", self.per_page);
        }
        if let Some(n) = self.answers_per_page.filter(|n| !ANSWERS_PER_PAGE_CHOICES.contains(n)) {
            bail!("--answers-per-page {n}: choose one of 1, 2, 4, 6, 9, 12, 16, 20, 25");
        }
        if self.count == 0 {
            bail!("--count must be at least 1");
        }
        if self.levels.is_empty() || self.layouts.is_empty() {
            bail!("a book needs at least one layout and one level");
        }
        if let Some(isbn) = &self.isbn {
            front::check_isbn(isbn)?;
        }
        if let Some(year) = self.copyright_year.filter(|y| !(1900..=9999).contains(y)) {
            bail!("--copyright-year {year}: expected a year such as 2026");
        }
        self.check_lang()?;
        if self.curve == labels::Curve::Week && !self.count.is_multiple_of(7) {
            let (less, more) = (self.count / 7 * 7, self.count / 7 * 7 + 7);
            let less = if less == 0 { String::new() } else { format!("{less} or ") };
            bail!("--curve week: {} puzzles is not a whole number of weeks of seven: ask for {less}{more}", self.count);
        }
        Ok(())
    }

    /// The book's catalogue.
    pub fn words(&self) -> Result<std::sync::Arc<crate::lang::Catalogue>> {
        Ok(crate::lang::for_book(&self.lang, self.lang_catalogue.as_deref())?)
    }

    /// What a book in another language than English needs, refused by
    /// name before anything is chosen or written: its catalogue, the
    /// layouts' words in it, a trivia bank in it.
    fn check_lang(&self) -> Result<()> {
        if self.imprint_address.is_some() && self.imprint.is_none() {
            bail!("--imprint-address needs --imprint: the address is the imprint's");
        }
        let words = self.words()?;
        if words.is_english() {
            return Ok(());
        }
        let lang = &words.code;
        for arg in &self.layouts {
            let Ok(layout) = crate::layout::Layout::load(arg) else { continue };
            let family = crate::family::open(layout.clone());
            if self.trivia.is_none() && !family.lettered_cells().is_empty() {
                bail!(
                    "--lang {lang}: {} asks trivia questions, and the shipped question banks are English: give a bank in {} with --trivia FILE",
                    layout.id,
                    words.name
                );
            }
            crate::lang::layout_words(&layout, &words)?;
            if let Some(own) = family.own_words()
                && let Some(missing) = own.missing(&words).into_iter().next()
            {
                return Err(missing.into());
            }
        }
        Ok(())
    }

    /// Drops layouts and levels asked twice (keeping the first), so no
    /// puzzle can be chosen twice.
    pub fn dedupe(&mut self) {
        let mut layouts = Vec::new();
        for layout in self.layouts.drain(..) {
            if !layouts.contains(&layout) {
                layouts.push(layout);
            }
        }
        self.layouts = layouts;
        let mut levels = Vec::new();
        for level in self.levels.drain(..) {
            if !levels.contains(&level) {
                levels.push(level);
            }
        }
        self.levels = levels;
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("book settings serialise")
    }

    pub fn from_toml(text: &str) -> Result<BookSettings> {
        Ok(toml::from_str(text)?)
    }
}

/// A puzzle as the book prints it.
pub struct BookPuzzle {
    /// Its number in the book, from 1.
    pub number: usize,
    pub row: PuzzleRow,
    pub level: Level,
    /// Index into `Book::layouts`.
    pub layout: usize,
    /// Index into `Book::sections`.
    pub section: usize,
    /// Words printed beside its number ("Monday ★"), where the section's
    /// heading does not say them.
    pub tag: Option<String>,
}

/// A book ready to draw: settings, the families of the layouts its puzzles
/// were made under (compiled from the catalog's stored files), its puzzles
/// in order.
pub struct Book {
    pub settings: BookSettings,
    pub layouts: Vec<Box<dyn Family>>,
    pub puzzles: Vec<BookPuzzle>,
    /// The headings of the runs of puzzles: levels, star bands or words,
    /// or weeks ([`labels::sections`]).
    pub sections: Vec<String>,
    /// The bank Trividoku's questions come from, when a layout has letters.
    pub trivia: Option<trivia::TriviaBank>,
    /// Each puzzle's trivia (by index; empty for a puzzle without letters).
    pub clues: Vec<Vec<trivia::Clue>>,
    /// Said when the bank (under the book's topics) had too few questions
    /// for the book and some repeat.
    pub trivia_warning: Option<String>,
    /// PDF date of the first printing, e.g. "D:20261122203000Z".
    pub date: String,
    /// What the book says about its puzzles, found from them once
    /// ([`Book::claims`]).
    pub claims: std::sync::OnceLock<claims::Claims>,
    /// The puzzles that are not the publisher's own (imported), by their
    /// number in the book, with their credits: the copyright page names
    /// them (`curate::credit`; empty until then).
    pub credits: Vec<(usize, crate::store::Credited)>,
    /// The catalogue the book prints its words from (`settings.lang`).
    pub words: std::sync::Arc<crate::lang::Catalogue>,
    /// Each layout's reader name and rules in the book's language, by layout id.
    pub reader_words: HashMap<String, (String, String)>,
}

impl Book {
    pub fn new(settings: BookSettings, rows: Vec<PuzzleRow>, created_at: &str) -> Result<Book> {
        let mut layouts: Vec<Box<dyn Family>> = Vec::new();
        let mut index_of: HashMap<String, usize> = HashMap::new();
        let mut puzzles = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            let key = crate::store::fingerprint(&row.layout_source);
            let layout = match index_of.get(&key) {
                Some(&index) => index,
                None => {
                    layouts.push(crate::family::stored(&row.layout_name, &readers_words(&row.layout_name, &row.layout_source))?);
                    index_of.insert(key, layouts.len() - 1);
                    layouts.len() - 1
                }
            };
            let level = row.book_level().parse::<Level>().map_err(|e| anyhow::anyhow!("puzzle {}: {e}", row.id))?;
            puzzles.push(BookPuzzle { number: i + 1, row, level, layout, section: 0, tag: None });
        }
        // Each layout's figures sized for the puzzles printed under it.
        for (index, family) in layouts.iter_mut().enumerate() {
            let givens: Vec<&str> = puzzles.iter().filter(|p| p.layout == index).map(|p| p.row.givens.as_str()).collect();
            family.fit_to(&givens);
        }
        let words = settings.words()?;
        let mut reader_words = HashMap::new();
        for family in &layouts {
            let layout = family.layout();
            reader_words.insert(layout.id.clone(), crate::lang::layout_words(layout, &words)?);
        }
        let (sections, section_of, tags) = labels::sections(&words, settings.labels, settings.curve, &puzzles);
        for ((p, section), tag) in puzzles.iter_mut().zip(section_of).zip(tags) {
            p.section = section;
            p.tag = tag;
        }
        let (trivia, clues, trivia_warning) = match layouts.iter().any(|l| !l.lettered_cells().is_empty()) {
            true => {
                let (bank, clues, warning) = book_trivia(&settings, &layouts, &puzzles)?;
                (Some(bank), clues, warning)
            }
            false => (None, vec![Vec::new(); puzzles.len()], None),
        };
        Ok(Book {
            settings,
            layouts,
            puzzles,
            sections,
            trivia,
            clues,
            trivia_warning,
            date: pdf_date(created_at),
            claims: std::sync::OnceLock::new(),
            credits: Vec::new(),
            words,
            reader_words,
        })
    }

    /// A layout's reader name in the book's language.
    pub fn name_of<'a>(&'a self, layout: &'a crate::layout::Layout) -> &'a str {
        self.reader_words.get(&layout.id).map_or(layout.name.as_str(), |(name, _)| name.as_str())
    }

    /// A layout's rules in the book's language.
    pub fn rules_of<'a>(&'a self, layout: &'a crate::layout::Layout) -> &'a str {
        self.reader_words.get(&layout.id).map_or(layout.rules.as_str(), |(_, rules)| rules.as_str())
    }
}

impl Book {
    /// What the book claims about its puzzles (found on first use: each
    /// puzzle is graded by its family).
    pub fn claims(&self) -> &claims::Claims {
        self.claims.get_or_init(|| claims::of(self))
    }
}

/// The layout file a book reads its words from: puzzles stored before
/// layout files had a reader's `name` take the name and rules of the
/// shipped file of the same id when it says the same puzzle (so a book
/// never heads a page with the catalog's description); anything else as stored.
fn readers_words(id: &str, stored: &str) -> String {
    let named = stored.parse::<toml::Table>().is_ok_and(|t| t.contains_key("name"));
    if !named
        && let Ok(shipped) = crate::layout::Layout::load(id)
        && crate::layout::same_rules(stored, &shipped.source)
    {
        return shipped.source;
    }
    stored.to_string()
}

/// The book's trivia bank (narrowed to its topics) and each puzzle's
/// clues: dealt once across the book (`trivia_once`), or picked per puzzle
/// as books before it were; and a warning when some repeat.
type BookTrivia = (trivia::TriviaBank, Vec<Vec<trivia::Clue>>, Option<String>);

fn book_trivia(settings: &BookSettings, layouts: &[Box<dyn Family>], puzzles: &[BookPuzzle]) -> Result<BookTrivia> {
    let default = if settings.trivia_once { trivia::shipped(settings.trivia_bank)? } else { (trivia::SAMPLE, "data/trivia-sample.csv") };
    let origin = settings.trivia_file.as_deref().unwrap_or(if settings.trivia.is_some() { "the book's trivia bank" } else { default.1 });
    let bank = trivia::TriviaBank::parse_as(settings.trivia.as_deref().unwrap_or(default.0), origin, settings.trivia_format)?
        .select(&settings.trivia_topics, origin)?;
    let lettered: Vec<Vec<(usize, char)>> = layouts.iter().map(|l| l.lettered_cells()).collect();
    let (clues, warning) = if settings.trivia_once {
        let needs: Vec<Vec<(char, u32)>> = puzzles.iter().map(|p| trivia::lettered_digits(&lettered[p.layout], &p.row.solution)).collect();
        // The seed is the book's puzzles: another book deals otherwise, a reprint the same.
        let seed = puzzles.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, p| (h ^ p.row.id as u64).wrapping_mul(0x100_0000_01b3));
        let dealt = bank.deal(&needs, seed, origin)?;
        (dealt.clues, dealt.warning)
    } else {
        (puzzles.iter().map(|p| bank.clues(&lettered[p.layout], &p.row.solution, p.row.id as u64)).collect(), None)
    };
    Ok((bank, clues, warning))
}

/// A PDF date from a catalog timestamp: "2026-11-22T20:30:00Z" → "D:20261122203000Z".
pub fn pdf_date(iso: &str) -> String {
    let digits: String = iso.chars().filter(char::is_ascii_digit).take(14).collect();
    format!("D:{digits:0<14}Z")
}

/// A file name from a title: "Atlantis Vol. 1" → "atlantis-vol-1".
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "book".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_stored_before_legible_letters_keep_their_small_letters() {
        let mut settings = BookSettings::new("Old", vec!["trividoku-9".into()], 4, vec![Level::Easy]);
        assert!(settings.legible_letters, "a new book prints its letters legibly");
        settings.legible_letters = false;
        let json = serde_json::to_string(&settings).unwrap();
        assert!(!json.contains("legible_letters"), "{json}");
        let stored: BookSettings = serde_json::from_str(&json).unwrap();
        assert!(!stored.legible_letters);
    }

    /// Trividoku rows for a test book (their ids 1, 2, …).
    fn trividoku_rows(count: usize) -> Vec<PuzzleRow> {
        let layout = crate::layout::Layout::load("trividoku-9").unwrap();
        let family = crate::family::open(layout.clone());
        let made: Vec<_> = (1..40u64).filter_map(|seed| family.make(seed, Some(Level::Easy)).unwrap()).take(count).collect();
        made.iter().enumerate().map(|(i, p)| PuzzleRow::for_print(i as i64 + 1, &layout, p)).collect()
    }

    #[test]
    fn books_stored_before_bank_versions_reprint_with_the_first_bank() {
        let new = BookSettings::new("T", vec!["trividoku-9".into()], 3, vec![Level::Easy]);
        assert_eq!(new.trivia_bank, trivia::BANK_VERSION);
        assert!(new.to_toml().contains("trivia_bank = 2"), "{}", new.to_toml());
        // Stored before versions: no `trivia_bank` key, which reads as the first bank.
        let text = BookSettings { trivia_bank: 1, ..new.clone() }.to_toml();
        assert!(!text.contains("trivia_bank"), "{text}");
        let old = BookSettings::from_toml(&text).unwrap();
        assert_eq!(old.trivia_bank, 1);
        let rows = trividoku_rows(3);
        let first = trivia::TriviaBank::parse(trivia::BANK, trivia::BANK_FILE).unwrap();
        let second = trivia::TriviaBank::parse(trivia::BANK_2, trivia::BANK_2_FILE).unwrap().select(&[], trivia::BANK_2_FILE).unwrap();
        let asked = |book: &Book| -> Vec<String> { book.clues.iter().flatten().map(|c| c.question.clone()).collect() };
        let reprinted = Book::new(old, rows.clone(), "2026-01-01T00:00:00Z").unwrap();
        assert_eq!(asked(&reprinted).len(), 27);
        assert!(asked(&reprinted).iter().all(|q| first.items.iter().any(|i| &i.question == q)), "{:?}", asked(&reprinted));
        let made = Book::new(new.clone(), rows.clone(), "2026-01-01T00:00:00Z").unwrap();
        assert!(asked(&made).iter().all(|q| second.items.iter().any(|i| &i.question == q)), "{:?}", asked(&made));
        // A new book's topics are kept: a reprint asks from them alone.
        let topics = vec!["science".to_string()];
        let spaced = Book::new(BookSettings { trivia_topics: topics.clone(), ..new }, rows, "2026-01-01T00:00:00Z").unwrap();
        let science = trivia::TriviaBank::parse(trivia::BANK_2, trivia::BANK_2_FILE).unwrap().select(&topics, "b").unwrap();
        assert!(asked(&spaced).iter().all(|q| science.items.iter().any(|i| &i.question == q)));
        assert_eq!(spaced.trivia_warning, None);
    }

    #[test]
    fn puzzles_stored_before_reader_names_take_the_shipped_words() {
        let old = "description = \"Classic 9×9 sudoku with 3×3 boxes\"\nrules = \"Place 1–9.\"\nsize = 9\nboxes = \"3x3\"\n";
        let family = crate::family::stored("classic-9", &readers_words("classic-9", old)).unwrap();
        assert_eq!(family.layout().name, "Sudoku");
        // Another puzzle under that id keeps its own words (the name from its description).
        let other = old.replace("3x3\"", "3x3\"\ndiagonals = true");
        let family = crate::family::stored("classic-9", &readers_words("classic-9", &other)).unwrap();
        assert_eq!(family.layout().name, "Classic 9×9 sudoku with 3×3 boxes");
    }

    #[test]
    fn the_language_is_stored_and_books_stored_before_read_as_english() {
        let new = BookSettings { lang: "de".into(), ..BookSettings::new("T", vec!["classic-9".into()], 4, vec![Level::Easy]) };
        assert!(new.to_toml().contains("lang = \"de\""), "{}", new.to_toml());
        assert_eq!(BookSettings::from_toml(&new.to_toml()).unwrap().lang, "de");
        let old = BookSettings::new("T", vec!["classic-9".into()], 4, vec![Level::Easy]).to_toml();
        assert!(!old.contains("lang"), "{old}");
        assert_eq!(BookSettings::from_toml(&old).unwrap().lang, "en");
        // Hints are in every language: a German book with hints is taken.
        BookSettings { hints: true, hints_at: hints::HintsAt::Both, ..new.clone() }.check().unwrap();
        // Trividoku needs a bank in the book's language.
        let e = BookSettings { layouts: vec!["trividoku-9".into()], ..new.clone() }.check().unwrap_err().to_string();
        assert!(e.contains("--lang de: trividoku-9") && e.contains("--trivia FILE"), "{e}");
        let e = BookSettings { lang: "xx".into(), ..new.clone() }.check().unwrap_err().to_string();
        assert!(e.starts_with("--lang xx: no such language"), "{e}");
        let e = BookSettings { imprint_address: Some("Str. 1".into()), ..new }.check().unwrap_err().to_string();
        assert!(e.contains("--imprint-address needs --imprint"), "{e}");
    }

    #[test]
    fn slugs_and_dates() {
        assert_eq!(slug("Atlantis Vol. 1"), "atlantis-vol-1");
        assert_eq!(slug("  ¡¿"), "book");
        assert_eq!(pdf_date("2026-11-22T20:30:05Z"), "D:20261122203005Z");
    }

    #[test]
    fn settings_round_trip_through_toml() {
        let s = BookSettings {
            title: "T".into(),
            layouts: vec!["classic-9".into()],
            count: 14,
            levels: vec![Level::Easy, Level::Hard],
            per_page: 2,
            trim: "6x9".parse().unwrap(),
            bleed: true,
            large_print: false,
            answers_per_page: None,
            allow_reprint: false,
            trivia: Some("q,1\n".into()),
            trivia_file: Some("q.csv".into()),
            trivia_format: trivia::TriviaFormat::Matching,
            trivia_once: true,
            trivia_bank: 2,
            trivia_topics: vec!["science".into(), "sport".into()],
            legible_letters: true,
            rating: Some("7.0..".parse().unwrap()),
            author: Some("A. Author".into()),
            subtitle: Some("Sub".into()),
            no_pad: true,
            hints: true,
            hints_at: hints::HintsAt::Both,
            marks: MarkStyle::Faded,
            imprint: Some("Night Owl Press".into()),
            isbn: Some("978-0-306-40615-7".into()),
            copyright_year: Some(2027),
            examples: true,
            qr: true,
            labels: labels::Labels::Stars,
            curve: labels::Curve::Week,
            paper: Some(cover::Paper::Cream),
            curation: curate::Curation {
                batch: Some(3),
                pattern: Some("#.\n.#\n".into()),
                source: Some("SudoCue".into()),
                include_imported: true,
                twin_distance: Some(12),
            },
            cover_theme: Some(cover::Theme::Forest),
            cover_image: Some(cover::CoverImageRef { path: "/tmp/front.png".into(), sha256: "ab12".into() }),
            lang: "en".into(),
            lang_catalogue: None,
            imprint_address: Some("1 Rue de la Paix, 75002 Paris".into()),
        };
        assert_eq!(BookSettings::from_toml(&s.to_toml()).unwrap(), s);
        assert!(s.to_toml().contains("marks = \"faded\"") && s.to_toml().contains("hints = true"), "{}", s.to_toml());
        assert!(s.to_toml().contains("labels = \"stars\"") && s.to_toml().contains("curve = \"week\""), "{}", s.to_toml());
        assert!(s.to_toml().contains("paper = \"cream\""), "{}", s.to_toml());
        // Settings stored before `rating` existed read as no range, and
        // write back unchanged (a reprint compares them).
        let old = BookSettings {
            hints: false,
            hints_at: hints::HintsAt::First,
            marks: MarkStyle::Corner,
            rating: None,
            author: None,
            subtitle: None,
            no_pad: false,
            imprint: None,
            isbn: None,
            copyright_year: None,
            examples: false,
            qr: false,
            labels: labels::Labels::Levels,
            curve: labels::Curve::Sections,
            trivia_file: None,
            trivia_format: trivia::TriviaFormat::Questions,
            trivia_once: false,
            trivia_bank: 1,
            trivia_topics: Vec::new(),
            legible_letters: false,
            paper: None,
            curation: curate::Curation::default(),
            cover_theme: None,
            cover_image: None,
            lang: "en".into(),
            imprint_address: None,
            ..s.clone()
        };
        let text = old.to_toml();
        for key in [
            "rating",
            "author",
            "subtitle",
            "no_pad",
            "hints",
            "hints_at",
            "marks",
            "imprint",
            "isbn",
            "copyright_year",
            "examples",
            "qr",
            "trivia_file",
            "trivia_format",
            "trivia_once",
            "trivia_bank",
            "trivia_topics",
            "labels",
            "curve",
            "paper",
            "curation",
            "cover_theme",
            "cover_image",
            "lang",
            "imprint_address",
        ] {
            assert!(!text.contains(key), "{text}");
        }
        assert_eq!(BookSettings::from_toml(&text).unwrap(), old);
        let unknown = text.replace("allow_reprint = false", "allow_reprint = false\nmarks = \"shaded\"");
        assert!(BookSettings::from_toml(&unknown).unwrap_err().to_string().contains("expected \"corner\" or \"faded\""));
        assert!(BookSettings { per_page: 3, ..s.clone() }.check().unwrap_err().to_string().contains("1, 2, 4 or 6"));
        assert!(s.check().is_ok());
        let e = BookSettings { isbn: Some("978-0-306-40615-1".into()), ..s.clone() }.check().unwrap_err().to_string();
        assert!(e.starts_with("--isbn 978-0-306-40615-1:"), "{e}");
        let e = BookSettings { copyright_year: Some(26), ..s.clone() }.check().unwrap_err().to_string();
        assert!(e.contains("--copyright-year 26"), "{e}");
    }
}
