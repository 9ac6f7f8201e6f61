//! The thumbnails are the PDF's pages: as many, each showing the same text
//! (read back from the PDF by `pdftotext`), for books of several families
//! and geometries; and the cover's.

use super::*;
use crate::art::Item;
use crate::book::BookSettings;
use crate::book::cover::{Paper, render_cover};
use crate::book::render::render;
use crate::layout::Layout;
use crate::level::Level;
use crate::store::PuzzleRow;
use std::process::Command;

/// A book of `count` puzzles of each layout (seeds from 1), easiest level
/// first, `tweak` setting what the book asks.
fn book(ids: &[&str], count: usize, tweak: impl FnOnce(&mut BookSettings)) -> Book {
    let mut rows = Vec::new();
    for id in ids {
        let layout = Layout::load(id).unwrap();
        let family = crate::family::open(layout.clone());
        let mut made = 0;
        let mut seed = 1;
        while made < count {
            if let Some(p) = family.make(seed, None).unwrap() {
                rows.push(PuzzleRow::for_print(rows.len() as i64 + 1, &layout, &p));
                made += 1;
            }
            seed += 1;
        }
    }
    rows.sort_by_key(|r| r.level.parse::<Level>().ok());
    let mut levels: Vec<Level> = rows.iter().filter_map(|r| r.level.parse().ok()).collect();
    levels.dedup();
    let layouts = ids.iter().map(|s| s.to_string()).collect();
    let mut settings = BookSettings::new("Thumbnail Test", layouts, rows.len(), levels);
    tweak(&mut settings);
    Book::new(settings, rows, "2026-11-28T01:00:00Z").unwrap()
}

fn poppler() -> bool {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    if !found {
        eprintln!("note: pdftotext (poppler-utils) not installed: the page texts are not compared with the PDF's");
    }
    found
}

/// The pages' texts of a PDF, by `pdftotext` (pages end in a form feed).
fn pdf_pages_text(bytes: &[u8], name: &str) -> Vec<String> {
    let path = std::env::temp_dir().join(format!("puzzlebook-thumbs-{}-{name}.pdf", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("pdftotext").args(["-enc", "UTF-8"]).arg(&path).arg("-").output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    // The text ends with a form feed: nothing after the last page.
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// The characters of some text, spaces left out, sorted: the same on a
/// page whatever order or grouping a reader takes the words in.
fn letters<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<char> {
    let mut chars: Vec<char> = texts.into_iter().flat_map(str::chars).filter(|c| !c.is_whitespace()).collect();
    chars.sort_unstable();
    chars
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

/// The strings of an SVG's `<text>` elements, in order.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text ").skip(1).map(|rest| unescape(rest.split_once('>').unwrap().1.split("</text>").next().unwrap())).collect()
}

/// The numbers of an SVG's viewBox.
fn view_box(svg: &str) -> Vec<f32> {
    svg.split(r#"viewBox=""#).nth(1).unwrap().split('"').next().unwrap().split(' ').map(|v| v.parse().unwrap()).collect()
}

fn near(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01)
}

fn pdf_page_count(bytes: &[u8]) -> usize {
    lopdf::Document::load_mem(bytes).unwrap().get_pages().len()
}

/// Thumbnails and PDF of `book`: as many pages; each thumbnail's texts are
/// the recorded page's, in order; each page's letters are those
/// `pdftotext` reads on the PDF's page of the same number.
fn same_pages(book: &Book, name: &str) {
    let rendered = render(book).unwrap();
    let pictures = page_pictures(book).unwrap();
    let svgs = thumbnails(book, 180.0).unwrap();
    assert_eq!(pictures.len(), rendered.pages, "{name}: a picture a page");
    assert_eq!(svgs.len(), rendered.pages, "{name}: a thumbnail a page");
    assert_eq!(pdf_page_count(&rendered.bytes), rendered.pages, "{name}");
    for (i, (picture, svg)) in pictures.iter().zip(&svgs).enumerate() {
        let svg = std::str::from_utf8(svg).unwrap();
        let texts: Vec<String> = picture.figure.texts().iter().map(|t| t.to_string()).collect();
        assert_eq!(svg_texts(svg), texts, "{name} page {}: the thumbnail holds the page's texts", i + 1);
    }
    if !poppler() {
        return;
    }
    let pdf = pdf_pages_text(&rendered.bytes, name);
    assert_eq!(pdf.len(), rendered.pages, "{name}: pdftotext's pages");
    for (i, (picture, text)) in pictures.iter().zip(&pdf).enumerate() {
        let drawn = letters(picture.figure.texts());
        assert!(!drawn.is_empty() || i == 0 || text.trim().is_empty(), "{name} page {} shows nothing", i + 1);
        assert_eq!(drawn, letters([text.as_str()]), "{name} page {}: the thumbnail's text is not the PDF's", i + 1);
    }
}

#[test]
fn classic_pages_with_front_matter_examples_hints_and_qr_codes_are_the_pdfs() {
    let book = book(&["classic-9"], 6, |s| {
        s.examples = true;
        s.hints = true;
        s.qr = true;
        s.author = Some("A. Author".into());
        s.subtitle = Some("Thumbnails & <friends>".into());
        s.imprint = Some("Imprint".into());
        s.isbn = Some("978-3-16-148410-0".into());
    });
    same_pages(&book, "classic");
    // Every kind of page is there.
    let pictures = page_pictures(&book).unwrap();
    let all: Vec<String> = pictures.iter().map(|p| p.figure.texts().concat()).collect();
    for words in ["Thumbnail Test", "Introduction", "Example", "Puzzle 1", "Hints", "Answers", "Notes"] {
        assert!(all.iter().any(|t| t.contains(words)), "no page shows {words}");
    }
}

#[test]
fn killer_pages_in_large_print_with_bleed_are_the_pdfs() {
    let book = book(&["killer-9"], 2, |s| {
        s.per_page = 1;
        s.large_print = true;
        s.bleed = true;
    });
    same_pages(&book, "killer");
    // The page as cut: a bleed page's thumbnail is its trim box.
    let pictures = page_pictures(&book).unwrap();
    let frame = pictures[2].frame;
    assert!(frame.media.width > frame.trim.width, "bleed");
    let svg = String::from_utf8(thumbnails(&book, 200.0).unwrap().remove(2)).unwrap();
    assert!(near(&view_box(&svg), &[0.0, 0.0, frame.trim.width, frame.trim.height]), "{}", &svg[..300]);
}

#[test]
fn pie_and_triangle_pages_are_the_pdfs() {
    for id in ["pie-12", "tridoku"] {
        let book = book(&[id], 2, |s| {
            s.per_page = 1;
            s.examples = true;
        });
        same_pages(&book, id);
    }
}

#[test]
fn slitherlink_and_trividoku_pages_are_the_pdfs() {
    same_pages(&book(&["slitherlink-7x7"], 3, |s| s.examples = true), "slitherlink");
    same_pages(
        &book(&["trividoku-9", "even-odd-9"], 2, |s| {
            s.marks = crate::pdf::MarkStyle::Faded;
            // Trividoku's 9 pt letters need the room of one grid a letter page.
            s.per_page = 1;
        }),
        "trividoku",
    );
}

#[test]
fn a_thumbnail_is_an_svg_of_the_width_asked_on_white() {
    let book = book(&["classic-4"], 2, |_| {});
    let svgs = thumbnails(&book, 144.0).unwrap();
    for svg in &svgs {
        let text = std::str::from_utf8(svg).unwrap();
        let tree = resvg::usvg::Tree::from_str(text, &resvg::usvg::Options::default()).expect("a valid SVG");
        // 144 pt is 192 px; 8.5 × 11 in keeps its shape.
        assert!((tree.size().width() - 192.0).abs() < 0.5, "{}", tree.size().width());
        assert!((tree.size().height() - 192.0 * 11.0 / 8.5).abs() < 0.5, "{}", tree.size().height());
        assert!(text.contains(r##"fill="#ffffff""##) && !text.contains("@font-face"), "white, no font inside");
    }
    for bad in [0.0, -3.0, f32::NAN, 1e9] {
        assert!(thumbnails(&book, bad).unwrap_err().to_string().contains("wide"), "{bad}");
    }
}

#[test]
fn a_book_that_cannot_print_has_no_thumbnails_either() {
    // As `render` refuses it: 16 large-print 9×9 puzzles on a 5.5×8.5 page.
    let book = book(&["classic-9"], 2, |s| {
        s.per_page = 4;
        s.large_print = true;
        s.trim = "5.5x8.5".parse().unwrap();
    });
    let pdf = render(&book).err().expect("refused").to_string();
    assert_eq!(thumbnails(&book, 100.0).expect_err("refused").to_string(), pdf);
}

#[test]
fn the_cover_thumbnail_is_the_covers_pdf_spine_lettering_included() {
    let book = book(&["classic-9"], 3, |s| s.author = Some("Spine Author".into()));
    // 300 pages: a spine wide enough for its lettering.
    let options = CoverOptions { paper: Paper::White, guides: true, blurb: None };
    let pdf = render_cover(&book, 300, &options).unwrap();
    assert!(pdf.spine_text);
    let (geometry, figure) = cover_picture(&book, 300, &options).unwrap();
    assert_eq!(geometry, pdf.geometry);
    let down: Vec<&Item> = figure.items.iter().filter(|i| matches!(i, Item::TextDown { .. })).collect();
    assert_eq!(down.len(), 2, "title and author run down the spine");
    let svg = String::from_utf8(cover_thumbnail(&book, 300, &options, 400.0).unwrap()).unwrap();
    assert_eq!(svg_texts(&svg), figure.texts());
    assert_eq!(svg.matches("rotate(90)").count(), 2);
    let trimmed = geometry.trimmed();
    assert!(near(&view_box(&svg), &[0.0, 0.0, trimmed.width, trimmed.height]), "{}", &svg[..300]);
    if poppler() {
        let text = pdf_pages_text(&pdf.bytes, "cover");
        assert_eq!(text.len(), 1);
        assert_eq!(letters(figure.texts()), letters([text[0].as_str()]));
    }
}

/// Prints how long a 120-puzzle book's thumbnails take (run with
/// `--ignored --nocapture`; in release for the figure the docs quote).
#[test]
#[ignore]
fn time_the_thumbnails_of_a_120_puzzle_book() {
    let book = book(&["classic-9"], 120, |s| s.per_page = 2);
    let start = std::time::Instant::now();
    let svgs = thumbnails(&book, 150.0).unwrap();
    let thumbs = start.elapsed();
    let start = std::time::Instant::now();
    let rendered = render(&book).unwrap();
    let pdf = start.elapsed();
    let bytes: usize = svgs.iter().map(Vec::len).sum();
    println!(
        "{} pages: thumbnails {:.2} s ({} KB in all), the PDF {:.2} s",
        svgs.len(),
        thumbs.as_secs_f64(),
        bytes / 1024,
        pdf.as_secs_f64()
    );
    assert_eq!(svgs.len(), rendered.pages);
}
