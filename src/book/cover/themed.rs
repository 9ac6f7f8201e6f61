//! The themed cover: the theme's ground over the whole wrap (into the
//! bleed, around the barcode area, which stays paper white for the
//! barcode); on the front a big bold title, the subtitle, a badge band
//! ("Large Print · 200 Puzzles · Solutions Included"), the levels, art
//! from the book's own puzzles (or the publisher's image) and the author;
//! on the back the title, the blurb at 10 pt or more on a card and a
//! sample grid where it fits; the title along the spine.

use super::art::{CoverImage, Tinted};
use super::theme::{Palette, Theme};
use super::words::CoverWords;
use super::{
    Book, CoverGeometry, CoverOptions, DrawnCover, MARGIN_IN, MIN_COVER_CELL_PT, draw_guides, fewest_lines, fit_lines, inches, paragraphs,
    pt, spine_lettering,
};
use crate::page::Area;
use crate::pdf::canvas::{Ink, Surface};
use crate::pdf::fonts::{Fonts, Weight};
use anyhow::{Result, bail};

/// The title's largest and smallest size as a share of the front's width:
/// at 0.1 a capital (0.73 of the size) is 7.3 % of the width, 11.7 px of
/// a 160 px thumbnail.
pub const TITLE_MAX_SHARE: f32 = 0.13;
pub const TITLE_MIN_SHARE: f32 = 0.1;
/// The back's text: never under 10 pt.
pub const BACK_TEXT_MIN_PT: f32 = 10.0;
/// The back's text starts this large (a share of the back's width, 12–16 pt).
const BACK_TEXT_SHARE: f32 = 0.026;
/// The faded grid behind the front's art: its tilt (radians) and how much
/// of the title colour it takes over the ground.
const FADED_TILT: f32 = 0.21;
const FADED_SHARE: f32 = 0.22;

/// The badge's parts, from the book: large print, the count, the answers.
pub fn badge(book: &Book, words: &CoverWords) -> Vec<String> {
    let mut parts = Vec::new();
    if book.settings.large_print {
        parts.push(words.large_print.clone());
    }
    parts.push(words.count(book.puzzles.len()));
    // Every book prints its answers (the answers section of `render`).
    parts.push(words.solutions.clone());
    parts
}

/// The levels under the badge: "Easy to Hard", a week, star bands.
fn levels_line(book: &Book, words: &CoverWords) -> Option<String> {
    let settings = &book.settings;
    let names = crate::book::labels::summary(book).unwrap_or_else(|| {
        settings.levels.iter().map(|l| crate::book::plan::capitalised(&crate::book::labels::level_name(&book.words, *l))).collect()
    });
    if names.len() == 1 && names[0].contains(',') {
        return Some(names[0].clone());
    }
    words.levels(&names)
}

/// The ground over the sheet minus the barcode area (four rectangles).
fn ground(canvas: &mut dyn Surface, g: &CoverGeometry, ink: Ink) {
    let (m, b) = (g.media(), g.barcode());
    let rects = [
        (0.0, 0.0, b.x, m.height),
        (b.right(), 0.0, m.width - b.right(), m.height),
        (b.x, 0.0, b.width, b.y),
        (b.x, b.top(), b.width, m.height - b.top()),
    ];
    for (x, y, w, h) in rects {
        canvas.fill_polygon_ink(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], ink);
    }
}

fn rect(canvas: &mut dyn Surface, a: Area, ink: Ink) {
    canvas.fill_polygon_ink(&[(a.x, a.y), (a.right(), a.y), (a.right(), a.top()), (a.x, a.top())], ink);
}

/// Draws `puzzle`'s grid as its family draws it, in `ink` on `paper`,
/// centred in `area`; its digits only where they print at 7 pt or more.
fn tinted_grid(canvas: &mut dyn Surface, book: &Book, index: usize, area: Area, ink: Ink, paper: Ink, turn: Option<((f32, f32), f32)>) {
    let p = &book.puzzles[index];
    let family = &book.layouts[p.layout];
    let renderer = family.renderer();
    let text = turn.is_none() && renderer.digit_size(area) >= crate::pdf::MIN_TEXT_PT;
    let mut tinted = Tinted { inner: canvas, ink, paper, turn, text };
    renderer.draw(&mut tinted, area, &family.page(&p.row.givens));
}

#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    book: &Book,
    g: &CoverGeometry,
    options: &CoverOptions,
    fonts: &Fonts,
    canvas: &mut dyn Surface,
    theme: Theme,
    image: Option<&CoverImage>,
    blurb_text: &str,
    blurb_source: &str,
) -> Result<DrawnCover> {
    let words = &CoverWords::of(&book.words);
    let p: Palette = theme.palette();
    let settings = &book.settings;
    let mut warnings = Vec::new();
    let margin = pt(MARGIN_IN);
    let front = g.front();
    let media = g.media();
    let inner = front.width - 2.0 * margin;
    let bold = fonts.get(Weight::Bold);

    ground(canvas, g, p.ground);

    // The title: as big as the front allows, on up to three lines.
    let (max, min) = (front.width * TITLE_MAX_SHARE, front.width * TITLE_MIN_SHARE);
    let (title_lines, title_size) = match fit_lines(fonts, &settings.title, Weight::Bold, max, min, inner, 3) {
        Some((lines, size)) => {
            // A line fewer where a size a little smaller allows it.
            let fewer = fit_lines(fonts, &settings.title, Weight::Bold, size, (size * 0.85).max(min), inner, lines.len() - 1);
            fewer.filter(|(l, _)| !l.is_empty()).unwrap_or((lines, size))
        }
        None => {
            let (lines, size) = fewest_lines(fonts, &settings.title, inner).ok_or_else(|| {
                anyhow::anyhow!(
                    "the title \"{}\" does not fit the front cover of a {} book on three lines even at 18 pt: shorten it",
                    settings.title,
                    settings.trim
                )
            })?;
            warnings.push(format!(
                "the title prints at {size:.0} pt on the front: under {min:.0} pt it is hard to read in a store thumbnail; a shorter title prints larger"
            ));
            (lines, size)
        }
    };
    let mut y = front.top() - margin - title_size * 0.76;
    for line in &title_lines {
        canvas.text_from_ink(line, front.centre_x() - bold.width(line, title_size) / 2.0, y, title_size, Weight::Bold, p.title);
        y -= title_size * 1.08;
    }
    y += title_size * 1.08 - title_size * 0.24;
    if let Some(subtitle) = &settings.subtitle {
        let start = (front.width * 0.042).max(12.0);
        let (lines, size) = fit_lines(fonts, subtitle, Weight::Regular, start, 11.0, inner, 3)
            .or_else(|| fit_lines(fonts, subtitle, Weight::Regular, 11.0, 8.0, inner, 4))
            .ok_or_else(|| anyhow::anyhow!("the subtitle \"{subtitle}\" does not fit the front cover on four lines at 8 pt: shorten it"))?;
        y -= size * 0.6;
        let regular = fonts.get(Weight::Regular);
        for line in &lines {
            y -= size * 1.25;
            canvas.text_from_ink(line, front.centre_x() - regular.width(line, size) / 2.0, y, size, Weight::Regular, p.title);
        }
    }

    // The badge band, from the spine fold into the bleed.
    let parts = badge(book, words);
    let one_line = parts.join(&words.separator);
    let badge_start = (front.width * 0.042).max(12.0);
    let (badge_lines, badge_size) = fit_lines(fonts, &one_line, Weight::Bold, badge_start, badge_start * 0.7, inner, 1)
        .map(|(_, size)| (vec![one_line.clone()], size))
        .or_else(|| {
            // Two lines: the parts split where the halves are most even.
            (1..parts.len())
                .map(|cut| vec![parts[..cut].join(&words.separator), parts[cut..].join(&words.separator)])
                .filter_map(|lines| {
                    let widest = lines.iter().map(|l| bold.width(l, 1.0)).fold(0.0, f32::max);
                    let size = (inner / widest).min(badge_start);
                    (size >= 9.0).then_some((lines, size))
                })
                .max_by(|a, b| a.1.total_cmp(&b.1))
        })
        .ok_or_else(|| anyhow::anyhow!("the badge \"{one_line}\" does not fit the front cover at 9 pt"))?;
    let band_height = badge_size * (0.9 + 1.25 * badge_lines.len() as f32);
    let band_top = y - badge_size * 1.4;
    let band = Area { x: front.x, y: band_top - band_height, width: media.width - front.x, height: band_height };

    // The author at the foot, the levels under the band.
    let floor = front.y + margin;
    let author_size = (front.width * 0.036).max(11.0);
    let mut art_floor = floor;
    let mut author_at = None;
    if let Some(author) = &settings.author {
        let size = crate::book::render::fit_size_with(bold, author, author_size, inner, 9.0);
        author_at = Some((author.clone(), size));
        art_floor += size * 2.0;
    }
    let level_size = (front.width * 0.036).max(11.0);
    let level_text = levels_line(book, words);
    let mut art_top = band.y - margin * 0.5;
    let level_y = band.y - level_size * 1.5;
    if level_text.is_some() {
        art_top = level_y - level_size * 1.0;
    }
    let zone = Area { x: front.x + margin, y: art_floor, width: inner, height: art_top - art_floor };
    if zone.height < front.height * 0.15 {
        bail!(
            "the title, subtitle and badge leave no room for the front's art on a {} cover: shorten the title or the subtitle",
            settings.trim
        );
    }

    // The art: the publisher's image, or the book's own puzzles.
    match image {
        Some(image) => {
            let area = image.place(zone)?;
            canvas.picture(area.x, area.y, area.width, area.height);
        }
        None if !book.puzzles.is_empty() => {
            // A large grid, tilted and faded into the ground, off the
            // front's right edge; a puzzle on a card before it.
            let radius = zone.height * 0.6;
            let cx = (front.right() - radius * 0.3).max(front.x + radius + 2.0);
            let cy = zone.y + zone.height * 0.45;
            let side = radius * std::f32::consts::SQRT_2;
            let faded = Area { x: cx - side / 2.0, y: cy - side / 2.0, width: side, height: side };
            tinted_grid(canvas, book, 0, faded, p.title.mix(p.ground, FADED_SHARE), p.ground, Some(((cx, cy), FADED_TILT)));
            let middle = book.puzzles.len() / 2;
            let family = &book.layouts[book.puzzles[middle].layout];
            let aspect = family.renderer().aspect();
            let card_h = (zone.height * 0.92).min(zone.width * 0.78 / aspect);
            let card_w = card_h * aspect;
            let card =
                Area { x: zone.x + (zone.width - card_w) * 0.3, y: zone.y + (zone.height - card_h) / 2.0, width: card_w, height: card_h };
            let rule = (card_w * 0.012).max(2.0);
            rect(
                canvas,
                Area { x: card.x - rule, y: card.y - rule, width: card.width + 2.0 * rule, height: card.height + 2.0 * rule },
                p.accent,
            );
            rect(canvas, card, p.card);
            let pad = card_w.min(card_h) * 0.06;
            let grid = Area { x: card.x + pad, y: card.y + pad, width: card.width - 2.0 * pad, height: card.height - 2.0 * pad };
            tinted_grid(canvas, book, middle, grid, p.card_ink, p.card, None);
        }
        None => {}
    }

    // The band and its words over the art's edge.
    rect(canvas, band, p.accent);
    let mut by = band.top() - badge_size * 0.45 - badge_size * 0.95;
    for line in &badge_lines {
        canvas.text_from_ink(line, front.centre_x() - bold.width(line, badge_size) / 2.0, by, badge_size, Weight::Bold, p.on_accent);
        by -= badge_size * 1.25;
    }
    if let Some(text) = &level_text {
        let size = crate::book::render::fit_size_with(bold, text, level_size, inner, 9.0);
        canvas.text_from_ink(text, front.centre_x() - bold.width(text, size) / 2.0, level_y, size, Weight::Bold, p.title);
    }
    if let Some((author, size)) = &author_at {
        canvas.text_from_ink(author, front.centre_x() - bold.width(author, *size) / 2.0, floor, *size, Weight::Bold, p.title);
    }

    // Back: the title, then the blurb on a card above the barcode area.
    let back = g.back();
    let back_inner = back.width - 2.0 * margin;
    let back_start = (back.width * 0.06).max(14.0);
    let (back_title, back_size) = fit_lines(fonts, &settings.title, Weight::Bold, back_start, 12.0, back_inner, 2)
        .or_else(|| fit_lines(fonts, &settings.title, Weight::Bold, 12.0, 8.0, back_inner, 4))
        .unwrap_or_default();
    let mut y = back.top() - margin - back_size * 0.76;
    for line in &back_title {
        canvas.text_from_ink(line, back.centre_x() - bold.width(line, back_size) / 2.0, y, back_size, Weight::Bold, p.title);
        y -= back_size * 1.15;
    }
    let barcode = g.barcode();
    let card = Area {
        x: back.x + margin,
        y: barcode.top() + margin * 0.5,
        width: back_inner,
        height: y - margin * 0.3 - barcode.top() - margin * 0.5,
    };
    let pad = margin * 0.6;
    let text_width = card.width - 2.0 * pad;
    let sample = (book.puzzles.len() > 1).then_some(0);
    let least_grid = sample.map_or(0.0, |i| {
        MIN_COVER_CELL_PT * {
            let (r, c) = book.layouts[book.puzzles[i].layout].print_extent();
            r.max(c) as f32
        }
    });
    let mut set = None;
    let mut size = (back.width * BACK_TEXT_SHARE).clamp(12.0, 16.0).round();
    while size >= BACK_TEXT_MIN_PT - 1e-3 {
        let lines = paragraphs(fonts, blurb_text, size, text_width);
        let height: f32 = lines.iter().map(|(_, gap)| size * 1.4 + gap * size).sum();
        let room = card.height - 2.0 * pad - height;
        if room >= 0.0 {
            let grid = sample.filter(|_| room - pad >= least_grid.min(text_width * 0.6) && room - pad >= least_grid);
            if grid.is_some() || size <= BACK_TEXT_MIN_PT + 1e-3 || sample.is_none() {
                set = Some((lines, size, height, grid));
                break;
            }
        }
        size -= 0.5;
    }
    let Some((lines, size, height, grid)) = set else {
        bail!(
            "the blurb ({blurb_source}) does not fit the back cover of a {} book at {BACK_TEXT_MIN_PT} pt, the least the back prints: shorten it",
            settings.trim
        );
    };
    rect(canvas, card, p.card);
    let mut ty = card.top() - pad;
    for (line, gap) in &lines {
        ty -= size * 1.4 + gap * size;
        canvas.text_from_ink(line, card.x + pad, ty + size * 0.3, size, Weight::Regular, p.card_ink);
    }
    match grid {
        Some(index) => {
            let top = card.top() - pad - height - pad * 0.5;
            let side = (top - card.y - pad).min(text_width * 0.75);
            let area = Area { x: card.centre_x() - side / 2.0, y: top - side, width: side, height: side };
            tinted_grid(canvas, book, index, area, p.card_ink, p.card, None);
        }
        None if sample.is_some() => warnings.push(format!(
            "the back cover of a {} book has no room for a sample grid under this blurb at {size} pt: left off",
            settings.trim
        )),
        None => {}
    }

    // The spine: the title (and author) from 79 pages on, in the title's colour.
    let spine_text =
        g.spine_text_allowed() && spine_lettering(canvas, fonts, g, settings.title.as_str(), settings.author.as_deref(), Some(p.title));
    if g.spine_text_allowed() && !spine_text {
        warnings.push(format!(
            "the {} in spine of {} pages is too narrow for 7 pt text: the spine is left blank",
            inches(g.spine_in()),
            g.pages
        ));
    }
    if options.guides {
        draw_guides(canvas, g);
    }
    Ok(DrawnCover { spine_text, warnings })
}
