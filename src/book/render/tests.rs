//! Book pages as drawn, read back from a recording surface: greys of the
//! small text, the pointers' form, large-print answer pages.

use super::{Laid, lay_out};
use crate::art::{Item, Recorder};
use crate::book::{Book, BookSettings};
use crate::layout::Layout;
use crate::level::Level;
use crate::pdf::fonts::Fonts;
use crate::store::PuzzleRow;

/// `count` classic puzzles (a few made, repeated under new ids).
fn rows(layout: &str, count: usize) -> Vec<PuzzleRow> {
    let layout = Layout::load(layout).unwrap();
    let family = crate::family::open(layout.clone());
    let made: Vec<_> = (1..40u64).filter_map(|seed| family.make(seed, Some(Level::Easy)).unwrap()).take(3).collect();
    (0..count).map(|i| PuzzleRow::for_print(i as i64 + 1, &layout, &made[i % made.len()])).collect()
}

fn book(settings: BookSettings, layout: &str) -> Book {
    let count = settings.count;
    Book::new(settings, rows(layout, count), "2026-01-01T00:00:00Z").unwrap()
}

fn settings(count: usize) -> BookSettings {
    BookSettings::new("Pages", vec!["classic-9".into()], count, vec![Level::Easy])
}

/// Every page's recorded items.
fn pages(laid: &Laid, fonts: &Fonts) -> Vec<Vec<Item>> {
    (0..laid.pages.len())
        .map(|i| {
            let mut recorder = Recorder::new(fonts);
            laid.draw(i, &mut recorder);
            recorder.items
        })
        .collect()
}

fn texts(items: &[Item]) -> impl Iterator<Item = (&str, f32, f32)> {
    items.iter().filter_map(|i| match i {
        Item::Text { text, size, level, .. } => Some((text.as_str(), *size, *level)),
        _ => None,
    })
}

/// "Solution on page N" and the running heads are dark enough to read on
/// cream paper (they were 28 % grey).
#[test]
fn pointers_and_running_heads_print_dark_enough_for_cream_paper() {
    let fonts = Fonts::unembedded().unwrap();
    let book = book(settings(8), "classic-9");
    let laid = lay_out(&book, &fonts).unwrap();
    let mut seen = (0, 0);
    for items in pages(&laid, &fonts) {
        for (text, _, level) in texts(&items) {
            if text.starts_with("Solution on page") {
                seen.0 += 1;
                assert!(level <= 0.5, "{text:?} at grey {level}");
            }
            if text == "Answers" || text == "Pages" || text == "How to play" {
                seen.1 += 1;
                assert!(level <= 0.5, "{text:?} at grey {level}");
            }
        }
    }
    assert!(seen.0 == 8 && seen.1 > 3, "{seen:?}");
}

/// Every puzzle's pointer takes one form: puzzle 100's reads like puzzle
/// 99's (it was abbreviated, its label being wider).
#[test]
fn every_pointer_of_a_book_takes_the_same_form() {
    let fonts = Fonts::unembedded().unwrap();
    let mut checked = 0;
    for (trim, large_print, per_page) in ["8.5x11", "6x9", "5x8"]
        .into_iter()
        .flat_map(|t| [false, true].into_iter().flat_map(move |lp| [1, 2, 4, 6].into_iter().map(move |n| (t, lp, n))))
    {
        let trim = trim.parse().unwrap();
        let book = book(BookSettings { per_page, trim, large_print, ..settings(104) }, "classic-9");
        // Some of these are refused (too small): nothing to read.
        let Ok(laid) = lay_out(&book, &fonts) else { continue };
        checked += 1;
        let mut forms: Vec<String> = Vec::new();
        for items in pages(&laid, &fonts) {
            for (text, _, _) in texts(&items).filter(|(t, _, _)| ["Solution", "Hint", "p. "].iter().any(|w| t.starts_with(w))) {
                let form: String = text.chars().filter(|c| !c.is_ascii_digit()).collect();
                if !forms.contains(&form) {
                    forms.push(form);
                }
            }
        }
        assert_eq!(forms.len(), 1, "{trim} {per_page} a page, large print {large_print}: {forms:?}");
    }
    assert!(checked >= 6, "{checked} books made");
}

/// A 6×9 large-print book prints two answers a page, stacked in one column,
/// at 14 pt or more (it printed one a page).
#[test]
fn large_print_six_by_nine_stacks_two_answers_a_page() {
    let fonts = Fonts::unembedded().unwrap();
    let trim = "6x9".parse().unwrap();
    let book = book(BookSettings { per_page: 1, trim, large_print: true, ..settings(12) }, "classic-9");
    let laid = lay_out(&book, &fonts).unwrap();
    assert_eq!(laid.answers_per_page, 2);
    let answer_pages: Vec<usize> =
        laid.pages.iter().enumerate().filter(|(_, p)| matches!(p, super::Page::Answers { .. })).map(|(i, _)| i).collect();
    assert_eq!(answer_pages.len(), 6);
    let drawn = pages(&laid, &fonts);
    for &i in &answer_pages {
        let digits: Vec<f32> =
            texts(&drawn[i]).filter(|(t, _, _)| t.len() == 1 && t.chars().all(|c| c.is_ascii_digit())).map(|(_, s, _)| s).collect();
        // The grids' digits, the two puzzle numbers and the folio.
        assert!(digits.len() >= 2 * 81, "page {}", i + 1);
        assert!(digits.iter().all(|&s| s >= 14.0), "page {}: {digits:?}", i + 1);
    }
}

/// A one-kind book's title page names its kind in the count line, and no
/// lone "Sudoku" line stands under it.
#[test]
fn a_one_kind_title_page_names_its_kind_in_the_count() {
    let fonts = Fonts::unembedded().unwrap();
    let book = book(settings(4), "classic-9");
    let laid = lay_out(&book, &fonts).unwrap();
    let title: Vec<String> = pages(&laid, &fonts)[0]
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    let name = &book.layouts[0].layout().name;
    assert!(title.iter().any(|t| t.starts_with(&format!("4 {name} puzzles"))), "{title:?}");
    assert!(!title.iter().any(|t| t == name), "{title:?}");
}

/// A book whose copyright line names no holder, or whose notes pages are
/// half of it or more, is printed with a warning for each (and none for a
/// book with an author and puzzles enough).
#[test]
fn books_without_a_holder_or_mostly_notes_are_warned_of() {
    let fonts = Fonts::unembedded().unwrap();
    let small = book(settings(4), "classic-9");
    let warnings = super::page_warnings(&small, &lay_out(&small, &fonts).unwrap().pages);
    assert!(warnings.iter().any(|w| w.contains("names no holder")), "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("notes pages")), "{warnings:?}");
    let full = book(BookSettings { author: Some("Ada Lovelace".into()), ..settings(40) }, "classic-9");
    let warnings = super::page_warnings(&full, &lay_out(&full, &fonts).unwrap().pages);
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// A mixed book too small for one of its layouts is refused naming that
/// layout (the refusal named none, and measured a grid no layout has).
#[test]
fn a_mixed_book_too_small_names_the_layout_that_does_not_fit() {
    let fonts = Fonts::unembedded().unwrap();
    let trim = "6x9".parse().unwrap();
    let mut mixed = rows("classic-9", 2);
    mixed.extend(rows("sudoku-mix", 2).into_iter().map(|mut r| {
        r.id += 10;
        r
    }));
    let layouts = vec!["classic-9".to_string(), "sudoku-mix".to_string()];
    let both = BookSettings { per_page: 1, trim, large_print: true, layouts, ..settings(4) };
    let mixed = Book::new(both, mixed, "2026-01-01T00:00:00Z").unwrap();
    let err = lay_out(&mixed, &fonts).err().expect("a 15×15 grid is too small for large print on 6×9").to_string();
    assert!(err.starts_with("sudoku-mix: "), "{err}");
    // The classic grid alone fits.
    let alone = book(BookSettings { per_page: 1, trim, large_print: true, ..settings(2) }, "classic-9");
    assert!(lay_out(&alone, &fonts).is_ok());
}

/// Slitherlink 15×15 and 20×20 and Trividoku print one a page by default
/// (two a page gave cells under 0.3 in); a classic grid still prints two,
/// and at one a page those layouts' cells are 0.3 in or more on a Letter page.
#[test]
fn crowded_layouts_default_to_one_a_page_with_roomy_cells() {
    let fonts = Fonts::unembedded().unwrap();
    for id in ["slitherlink-15x15", "slitherlink-20x20", "trividoku-9"] {
        let family = crate::family::open(Layout::load(id).unwrap());
        assert!(super::one_a_page_by_default(family.as_ref()), "{id}");
    }
    for id in ["classic-9", "slitherlink-10x10", "even-odd-9"] {
        let family = crate::family::open(Layout::load(id).unwrap());
        assert!(!super::one_a_page_by_default(family.as_ref()), "{id}");
    }
    for id in ["slitherlink-15x15", "trividoku-9"] {
        let b = book(BookSettings { per_page: 1, layouts: vec![id.into()], ..settings(2) }, id);
        let laid = lay_out(&b, &fonts).unwrap();
        let cell = super::puzzle_cell_side(&b, &laid.geometry, b.layouts[0].print_extent());
        assert!(cell >= super::ROOMY_CELL, "{id}: {cell}");
    }
}

/// Without --marks a book of even/odd marks (Even/Odd, Atlantis) prints
/// its marks faded; a book without them keeps the corner style.
#[test]
fn even_odd_books_default_to_faded_marks() {
    use crate::pdf::MarkStyle;
    for id in ["even-odd-9", "even-odd-random-9", "atlantis-9", "atlantis-random-9"] {
        assert_eq!(super::default_marks(&[id.into()]), MarkStyle::Faded, "{id}");
    }
    // Faded marks fit wherever corner marks did (books that printed with
    // corner marks print with the new default too).
    let fonts = Fonts::unembedded().unwrap();
    for id in ["even-odd-9", "atlantis-9"] {
        let layout = Layout::load(id).unwrap();
        for floor in [7.0, 14.0] {
            let least = |style| crate::pdf::min_cell_for_marks(layout.cells().unwrap(), &fonts, style, floor);
            assert!(least(MarkStyle::Faded) <= least(MarkStyle::Corner), "{id} at {floor} pt");
        }
    }
    for id in ["classic-9", "diagonal-9", "killer-9"] {
        assert_eq!(super::default_marks(&[id.into()]), MarkStyle::Corner, "{id}");
    }
}

/// Trividoku's first question clears the grid's thick bottom border (its
/// ascenders touched the line).
#[test]
fn trivia_questions_clear_the_grid_border() {
    let fonts = Fonts::unembedded().unwrap();
    let b = book(BookSettings { per_page: 1, layouts: vec!["trividoku-9".into()], ..settings(2) }, "trividoku-9");
    let laid = lay_out(&b, &fonts).unwrap();
    let mut checked = 0;
    for items in pages(&laid, &fonts) {
        let Some((base, size)) = items.iter().find_map(|i| match i {
            Item::Text { text, y, size, .. } if text.starts_with('A') && text.ends_with('?') => Some((*y, *size)),
            _ => None,
        }) else {
            continue;
        };
        // The grid's lowest line above the question, less half its width.
        let border = items
            .iter()
            .filter_map(|i| match i {
                Item::Line { points, width, .. } => {
                    let low = points.iter().map(|p| p.1).fold(f32::MAX, f32::min);
                    (low > base).then_some(low - width / 2.0)
                }
                _ => None,
            })
            .fold(f32::MAX, f32::min);
        let ascender_top = base + 0.76 * size;
        assert!(border - ascender_top >= 0.3 * size, "{} pt between the border and the first question", border - ascender_top);
        checked += 1;
    }
    assert_eq!(checked, 2);
}

/// A 30×30 nonogram book lays out on a Letter page: its gutters are as
/// deep as its own puzzles' longest clues, not the 15 numbers a 30-cell
/// line could hold (which would shrink its clue numbers under 7 pt).
#[test]
fn a_nonogram_book_is_sized_for_its_own_clues() {
    let fonts = Fonts::unembedded().unwrap();
    let layout = Layout::load("nonogram-30x30").unwrap();
    let family = crate::family::open(layout.clone());
    let made: Vec<_> = (1..20u64).filter_map(|seed| family.make(seed, None).unwrap()).take(2).collect();
    let rows: Vec<PuzzleRow> = made.iter().enumerate().map(|(i, p)| PuzzleRow::for_print(i as i64 + 1, &layout, p)).collect();
    // The deepest clues, counted here from the givens (`rows|columns`, lines by `/`, runs by `.`).
    let deepest = |part: usize| -> usize {
        let lines = |g: &str| g.split('|').nth(part).unwrap().split('/').map(|l| l.split('.').count()).max().unwrap();
        rows.iter().map(|r| lines(&r.givens)).max().unwrap()
    };
    let (across, down) = (deepest(0), deepest(1));
    assert!(across < 15 && down < 15, "random 30×30 pictures have clues of under 15 numbers: {across}, {down}");
    assert_eq!(family.print_extent(), (30 + 15, 30 + 15), "unfitted: room for the longest clue a line can hold");
    let mut settings = BookSettings::new("Big", vec!["nonogram-30x30".into()], 2, vec![Level::Easy]);
    settings.per_page = 1;
    let book = Book::new(settings, rows, "2026-01-01T00:00:00Z").unwrap();
    assert_eq!(book.layouts[0].print_extent(), (30 + down, 30 + across));
    lay_out(&book, &fonts).expect("a 30×30 nonogram book fits a Letter page");
}
