//! Themed covers: every theme on every family passes the cover preflight;
//! a large-print book says so on its front; the back's words print at
//! 10 pt or more and never a layout's description; and each theme's
//! title is readable in a 160-pixel-wide store thumbnail (measured on the
//! PDF rendered by `pdftoppm`), which the old grey-band cover is not.

use super::themed::BACK_TEXT_MIN_PT;
use super::*;
use crate::art::Item;
use crate::book::BookSettings;
use crate::book::thumbnails::cover_picture;
use crate::layout::Layout;
use crate::level::Level;
use crate::store::PuzzleRow;
use std::process::Command;

/// A book of `count` puzzles of layout `id` (seeds from 1).
fn book(id: &str, count: usize, tweak: impl FnOnce(&mut BookSettings)) -> Book {
    let layout = Layout::load(id).unwrap();
    let family = crate::family::open(layout.clone());
    let mut rows = Vec::new();
    let mut seed = 1;
    while rows.len() < count {
        if let Some(p) = family.make(seed, None).unwrap() {
            rows.push(PuzzleRow::for_print(rows.len() as i64 + 1, &layout, &p));
        }
        seed += 1;
    }
    rows.sort_by_key(|r| r.level.parse::<Level>().ok());
    let mut levels: Vec<Level> = rows.iter().filter_map(|r| r.level.parse().ok()).collect();
    levels.dedup();
    let mut settings = BookSettings::new("Sudoku Puzzles", vec![id.to_string()], rows.len(), levels);
    settings.author = Some("A. Setter".into());
    settings.subtitle = Some("A book to test the cover with".into());
    tweak(&mut settings);
    Book::new(settings, rows, "2026-11-28T01:00:00Z").unwrap()
}

fn options() -> CoverOptions {
    CoverOptions { paper: Paper::White, guides: false, blurb: None }
}

#[test]
fn every_theme_on_every_family_passes_the_cover_preflight() {
    let descriptions: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/layouts"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .filter_map(|p| Layout::load(p.file_stem()?.to_str()?).ok().map(|l| l.description))
        .filter(|d| !d.is_empty())
        .collect();
    assert!(descriptions.len() > 20);
    for id in ["classic-9", "killer-9", "jigsaw-random-9", "pie-12", "samurai", "slitherlink-7x7", "trividoku-9", "tridoku", "classic-16"] {
        let mut book = book(id, 2, |_| {});
        for (i, theme) in Theme::ALL.into_iter().enumerate() {
            book.settings.cover_theme = Some(theme);
            // Two trims and two spines between them.
            let (trim, pages) = if i % 2 == 0 { ("8.5x11", 120) } else { ("6x9", 300) };
            book.settings.trim = trim.parse().unwrap();
            let rendered = render_cover(&book, pages, &options()).unwrap_or_else(|e| panic!("{id} {theme}: {e:#}"));
            let report = preflight(&rendered.bytes, &cover_rules(rendered.geometry));
            assert!(report.is_clean(), "{id} {theme} {trim}: {:#?}", report.findings);
            assert!(rendered.spine_text, "{id} {theme}: the title on a {pages}-page spine");
            // The back's words: 10 pt or more, never a layout's description.
            let (g, figure) = cover_picture(&book, pages, &options()).unwrap();
            let back = g.back();
            let mut back_words = String::new();
            for item in &figure.items {
                if let Item::Text { text, x, size, .. } = item
                    && *x < back.right()
                    && text.chars().filter(|c| c.is_alphabetic()).count() > 2
                {
                    assert!(*size >= BACK_TEXT_MIN_PT, "{id} {theme}: '{text}' at {size} pt on the back");
                    back_words.push_str(text);
                    back_words.push(' ');
                }
            }
            assert!(back_words.contains("puzzles"), "{id}: {back_words}");
            for d in &descriptions {
                assert!(!back_words.contains(d.as_str()), "{id}: the back prints the description {d:?}");
            }
        }
    }
}

#[test]
fn a_large_print_front_says_large_print() {
    let texts = |large: bool| {
        let book = book("classic-9", 2, |s| s.large_print = large);
        let (g, figure) = cover_picture(&book, 120, &options()).unwrap();
        figure
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, x, .. } if *x > g.front().x => Some(text.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("|")
    };
    let large = texts(true);
    assert!(large.contains("Large Print · 2 Puzzles · Solutions Included"), "{large}");
    let regular = texts(false);
    assert!(regular.contains("2 Puzzles · Solutions Included") && !regular.contains("Large Print"), "{regular}");
}

/// The heights in pixels of the title's glyphs on a cover's front rendered
/// 160 px wide: connected runs of pixels nearer the title's colour than
/// the ground's, in the front's top quarter (where the title stands).
fn title_glyph_heights(bytes: &[u8], g: &CoverGeometry, title: [f32; 3], name: &str) -> Vec<usize> {
    let dir = std::env::temp_dir().join(format!("pb-thumb-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("cover.pdf");
    std::fs::write(&pdf, bytes).unwrap();
    let (media, front) = (g.media(), g.front());
    let wide = (160.0 * media.width / front.width).round() as u32;
    let out = Command::new("pdftoppm")
        .args(["-png", "-singlefile", "-scale-to-x", &wide.to_string(), "-scale-to-y", "-1"])
        .arg(&pdf)
        .arg(dir.join("thumb"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let file = std::fs::File::open(dir.join("thumb.png")).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let (w, h, channels) = (info.width as usize, info.height as usize, info.color_type.samples());
    let scale = w as f32 / media.width;
    // The front as cut, 160 px wide; its top quarter.
    let x0 = (front.x * scale).round() as usize;
    let x1 = ((front.right() * scale).round() as usize).min(w);
    let y0 = ((media.height - front.top()) * scale).round() as usize;
    let y1 = y0 + (front.height * scale * 0.25) as usize;
    let at = |x: usize, y: usize| {
        let i = (y * w + x) * channels;
        [buf[i] as f32 / 255.0, buf[i + 1] as f32 / 255.0, buf[i + 2] as f32 / 255.0]
    };
    let dist = |a: [f32; 3], b: [f32; 3]| (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f32>();
    // The ground: the front's top right corner, inside the trim.
    let ground = at(x1 - 2, y0 + 2);
    assert!(h > y1 && x1 - x0 >= 158, "{w}x{h}");
    let inked: Vec<Vec<bool>> = (y0..y1).map(|y| (x0..x1).map(|x| dist(at(x, y), title) < dist(at(x, y), ground)).collect()).collect();
    // Connected components (4-neighbours): their heights.
    let (rows, cols) = (inked.len(), x1 - x0);
    let mut seen = vec![vec![false; cols]; rows];
    let mut heights = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !inked[r][c] || seen[r][c] {
                continue;
            }
            let (mut top, mut bottom) = (r, r);
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            while let Some((y, x)) = stack.pop() {
                top = top.min(y);
                bottom = bottom.max(y);
                let near = [(y.wrapping_sub(1), x), (y + 1, x), (y, x.wrapping_sub(1)), (y, x + 1)];
                for (ny, nx) in near {
                    if ny < rows && nx < cols && inked[ny][nx] && !seen[ny][nx] {
                        seen[ny][nx] = true;
                        stack.push((ny, nx));
                    }
                }
            }
            heights.push(bottom - top + 1);
        }
    }
    heights
}

#[test]
fn each_themes_title_is_at_least_10_px_tall_in_a_160_px_thumbnail() {
    if Command::new("pdftoppm").arg("-v").output().is_err() {
        assert!(std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "pdftoppm is required");
        eprintln!("note: pdftoppm (poppler-utils) not installed: the thumbnail is not measured");
        return;
    }
    let mut book = book("classic-9", 2, |_| {});
    for trim in ["8.5x11", "6x9"] {
        for theme in Theme::ALL {
            book.settings.cover_theme = Some(theme);
            book.settings.trim = trim.parse().unwrap();
            let rendered = render_cover(&book, 120, &options()).unwrap();
            let heights = title_glyph_heights(&rendered.bytes, &rendered.geometry, theme.palette().title.rgb(), theme.name());
            // "Sudoku Puzzles": S, d, k, P, l, l stand at least cap height.
            let tall = heights.iter().filter(|&&h| h >= 10).count();
            assert!(tall >= 6, "{theme} {trim}: glyph heights {heights:?}");
        }
    }
    // The grey-band cover of books made before themes fails the measure:
    // its 40 pt black title is under 8 px tall at 160 px.
    book.settings.cover_theme = None;
    book.settings.trim = "8.5x11".parse().unwrap();
    let rendered = render_cover(&book, 120, &options()).unwrap();
    let heights = title_glyph_heights(&rendered.bytes, &rendered.geometry, [0.0, 0.0, 0.0], "old");
    assert!(!heights.is_empty(), "the old title is found");
    assert_eq!(heights.iter().filter(|&&h| h >= 10).count(), 0, "old cover: {heights:?}");
}

#[test]
fn a_colour_over_240_percent_ink_is_caught_by_the_preflight() {
    use lopdf::content::{Content, Operation};
    use lopdf::{Document, Object};
    let book = book("classic-9", 2, |_| {});
    let rendered = render_cover(&book, 120, &options()).unwrap();
    assert!(preflight(&rendered.bytes, &cover_rules(rendered.geometry)).is_clean());
    // A four-colour black (400 %) fill planted on the front.
    let mut doc = Document::load_mem(&rendered.bytes).unwrap();
    let (_, &page) = doc.get_pages().iter().next().unwrap();
    let mut content = Content::decode(&doc.get_page_content(page)).unwrap();
    let real = |v: &[f32]| v.iter().map(|&x| Object::Real(x)).collect::<Vec<_>>();
    let front = rendered.geometry.front();
    content.operations.push(Operation::new("k", real(&[1.0, 1.0, 1.0, 1.0])));
    content.operations.push(Operation::new("re", real(&[front.x + 50.0, 300.0, 40.0, 40.0])));
    content.operations.push(Operation::new("f", vec![]));
    doc.change_page_content(page, content.encode().unwrap()).unwrap();
    let mut bad = Vec::new();
    doc.save_to(&mut bad).unwrap();
    let report = preflight(&bad, &cover_rules(rendered.geometry));
    let found = report.of(crate::preflight::Check::InkCoverage);
    assert_eq!(found.len(), 1, "{:?}", report.findings);
    assert!(found[0].to_string().contains("400 % ink") && found[0].to_string().contains("240 %"), "{}", found[0]);
}
