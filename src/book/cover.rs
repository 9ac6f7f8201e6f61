//! The paperback cover: one PDF page, a full wrap (back, spine, front) with
//! bleed on every side, as KDP prints it (publishing.md):
//!
//! - width = 0.125 (bleed) + trim width (back) + spine + trim width (front) + 0.125 (bleed);
//! - height = 0.125 + trim height + 0.125;
//! - spine = page count × paper thickness (white 0.002252 in a page,
//!   cream 0.0025, premium colour 0.002347);
//! - text 0.125 in inside the trim and 0.0625 in clear of the spine folds;
//!   spine text only from 79 pages on; the barcode area (2 × 1.2 in, the
//!   back's lower right) left empty.
//!
//! `CoverGeometry` is the arithmetic (pure, in inches and points);
//! `draw_cover` draws a book's cover on any `Surface` with the same fonts and
//! grid renderers as its pages: `render_cover` on the PDF canvas, the
//! studio's cover thumbnail (`book::thumbnails`) on a recorder;
//! `cover_of_stored` renders a recorded book's cover and refuses one that
//! fails the cover preflight.

use super::Book;
use super::make::changed_puzzles;
use super::render::{fit_size_with, wrap_with};
use crate::page::{Area, MAX_PAGES, MIN_PAGES, POINTS_PER_INCH, PageFrame, Trim};
use crate::pdf::canvas::{Align, BLACK, Canvas, Ink, LIGHT_FILL, Surface};
use crate::pdf::document::{DrawnPage, save};
use crate::pdf::fonts::{Fonts, Weight};
use crate::preflight::{Report, Rules, preflight};
use crate::store::{BookRow, Catalog};
use anyhow::{Context, Result, bail};
use printpdf::PdfDocument;
use std::fmt;
use std::str::FromStr;

mod art;
mod theme;
mod themed;
mod words;

pub use art::{CoverImage, CoverImageRef, MIN_DPI};
pub use theme::{MAX_COVERAGE, MIN_CONTRAST, Theme, contrast};

/// Bleed on every side of the wrap, in inches.
pub const COVER_BLEED_IN: f64 = 0.125;
/// Text stays this far inside the trim, in inches.
pub const TEXT_INSIDE_TRIM_IN: f64 = 0.125;
/// Text stays this far from a spine fold, in inches.
pub const SPINE_FOLD_CLEAR_IN: f64 = 0.0625;
/// The fewest pages whose spine may carry text (KDP's rule).
pub const SPINE_TEXT_MIN_PAGES: usize = 79;
/// The barcode area on the back: its size, and its distance from the
/// bottom trim edge and the spine fold, in inches.
pub const BARCODE_WIDTH_IN: f64 = 2.0;
pub const BARCODE_HEIGHT_IN: f64 = 1.2;
pub const BARCODE_INSET_IN: f64 = 0.25;

/// The paper the interior is printed on: it sets the spine's width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    White,
    Cream,
    Color,
}

impl Paper {
    pub const ALL: [Paper; 3] = [Paper::White, Paper::Cream, Paper::Color];

    /// Thickness of one page, in inches (KDP's figures).
    pub fn inches_per_page(self) -> f64 {
        match self {
            Paper::White => 0.002252,
            Paper::Cream => 0.0025,
            Paper::Color => 0.002347,
        }
    }

    /// The page counts KDP prints a paperback in on this paper: 24 pages at
    /// least; at most 828 on white and premium colour paper, 776 on cream
    /// (the thicker paper). These are the widest ranges, for the trims that
    /// allow most; large trims allow fewer (590 at 8.5×11 on white,
    /// publishing.md), which KDP says when the book is set up.
    pub fn page_range(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Paper::White | Paper::Color => MIN_PAGES..=MAX_PAGES,
            Paper::Cream => MIN_PAGES..=776,
        }
    }

    /// Refuses a page count no paperback on this paper has, naming the range.
    pub fn check_pages(self, pages: usize) -> Result<()> {
        let range = self.page_range();
        if !range.contains(&pages) {
            bail!("{pages} pages: a KDP paperback on {self} paper has {} to {} pages", range.start(), range.end());
        }
        Ok(())
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::White => "white",
            Paper::Cream => "cream",
            Paper::Color => "color",
        }
    }
}

impl FromStr for Paper {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Paper> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" => Ok(Paper::White),
            "cream" => Ok(Paper::Cream),
            "color" | "colour" => Ok(Paper::Color),
            _ => bail!("paper '{text}': choose white (0.002252 in a page), cream (0.0025) or color (0.002347)"),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Inches to points.
fn pt(inches: f64) -> f32 {
    (inches * POINTS_PER_INCH as f64) as f32
}

/// The wrap of one book: trim, page count, paper. Areas are in points from
/// the cover's bottom-left corner (the corner of the bleed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoverGeometry {
    pub trim: Trim,
    pub pages: usize,
    pub paper: Paper,
}

impl CoverGeometry {
    pub fn new(trim: Trim, pages: usize, paper: Paper) -> CoverGeometry {
        CoverGeometry { trim, pages, paper }
    }

    fn trim_w(&self) -> f64 {
        // Through the decimal text: 8.27 stays 8.27, not 8.2700005.
        self.trim.width.to_string().parse().unwrap_or(self.trim.width as f64)
    }

    fn trim_h(&self) -> f64 {
        self.trim.height.to_string().parse().unwrap_or(self.trim.height as f64)
    }

    /// Spine width: pages × the paper's thickness.
    pub fn spine_in(&self) -> f64 {
        self.pages as f64 * self.paper.inches_per_page()
    }

    /// The whole sheet: bleed + back + spine + front + bleed.
    pub fn width_in(&self) -> f64 {
        2.0 * COVER_BLEED_IN + 2.0 * self.trim_w() + self.spine_in()
    }

    /// Trim height plus bleed at top and bottom.
    pub fn height_in(&self) -> f64 {
        self.trim_h() + 2.0 * COVER_BLEED_IN
    }

    /// Whether the spine may carry text.
    pub fn spine_text_allowed(&self) -> bool {
        self.pages >= SPINE_TEXT_MIN_PAGES
    }

    /// The whole sheet (the MediaBox).
    pub fn media(&self) -> Area {
        Area { x: 0.0, y: 0.0, width: pt(self.width_in()), height: pt(self.height_in()) }
    }

    /// The cover as cut (the TrimBox): the sheet minus the bleed.
    pub fn trimmed(&self) -> Area {
        let b = pt(COVER_BLEED_IN);
        let m = self.media();
        Area { x: b, y: b, width: m.width - 2.0 * b, height: m.height - 2.0 * b }
    }

    /// The back cover as cut (left of the spine).
    pub fn back(&self) -> Area {
        let t = self.trimmed();
        Area { x: t.x, y: t.y, width: pt(self.trim_w()), height: t.height }
    }

    /// The spine, fold to fold.
    pub fn spine(&self) -> Area {
        let t = self.trimmed();
        Area { x: pt(COVER_BLEED_IN + self.trim_w()), y: t.y, width: pt(self.spine_in()), height: t.height }
    }

    /// The front cover as cut (right of the spine).
    pub fn front(&self) -> Area {
        let t = self.trimmed();
        let x = pt(COVER_BLEED_IN + self.trim_w() + self.spine_in());
        Area { x, y: t.y, width: pt(self.trim_w()), height: t.height }
    }

    /// Where the back's text may go: 0.125 in inside the trim, 0.0625 in
    /// clear of the spine fold.
    pub fn back_safe(&self) -> Area {
        let b = self.back();
        let (edge, fold) = (pt(TEXT_INSIDE_TRIM_IN), pt(SPINE_FOLD_CLEAR_IN));
        Area { x: b.x + edge, y: b.y + edge, width: b.width - edge - fold, height: b.height - 2.0 * edge }
    }

    /// Where the front's text may go.
    pub fn front_safe(&self) -> Area {
        let f = self.front();
        let (edge, fold) = (pt(TEXT_INSIDE_TRIM_IN), pt(SPINE_FOLD_CLEAR_IN));
        Area { x: f.x + fold, y: f.y + edge, width: f.width - edge - fold, height: f.height - 2.0 * edge }
    }

    /// Where spine text may go: 0.0625 in clear of both folds (zero wide
    /// when the spine is narrower than that), 0.125 in inside the trim.
    pub fn spine_safe(&self) -> Area {
        let s = self.spine();
        let (edge, fold) = (pt(TEXT_INSIDE_TRIM_IN), pt(SPINE_FOLD_CLEAR_IN));
        let width = (s.width - 2.0 * fold).max(0.0);
        Area { x: s.centre_x() - width / 2.0, y: s.y + edge, width, height: s.height - 2.0 * edge }
    }

    /// The barcode area: 2 × 1.2 in on the back's lower right, 0.25 in from
    /// the bottom trim edge and the spine fold. Nothing is drawn there.
    pub fn barcode(&self) -> Area {
        let b = self.back();
        let (w, h, inset) = (pt(BARCODE_WIDTH_IN), pt(BARCODE_HEIGHT_IN), pt(BARCODE_INSET_IN));
        Area { x: b.right() - inset - w, y: b.y + inset, width: w, height: h }
    }

    /// "6x9 in trim, 166 pages on white paper: spine 0.374 in, cover 12.624 × 9.25 in".
    pub fn describe(&self) -> String {
        format!(
            "{} trim, {} pages on {} paper: spine {} in, cover {} × {} in",
            self.trim,
            self.pages,
            self.paper,
            inches(self.spine_in()),
            inches(self.width_in()),
            inches(self.height_in())
        )
    }
}

/// Inches to three decimals, trailing zeros dropped: 0.374, 9.25.
pub fn inches(value: f64) -> String {
    let text = format!("{:.3}", value);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The back cover's text, and where it came from (named in errors).
#[derive(Clone, Debug)]
pub struct Blurb {
    pub source: String,
    pub text: String,
}

/// How to make a cover.
#[derive(Clone, Debug)]
pub struct CoverOptions {
    pub paper: Paper,
    /// Thin lines at the trim, the spine folds and the safe areas (for
    /// checking a proof; KDP refuses a final cover that shows them).
    pub guides: bool,
    /// `None`: a short text made from the book.
    pub blurb: Option<Blurb>,
}

pub struct RenderedCover {
    pub bytes: Vec<u8>,
    pub geometry: CoverGeometry,
    /// Whether the spine carries the title.
    pub spine_text: bool,
    pub warnings: Vec<String>,
}

/// The back cover's text made from the book: its count, kinds and levels
/// and what its puzzles need, in a reader's words (the same claims as the
/// introduction: [`super::claims::blurb`]), never the catalog's
/// descriptions of its layouts.
pub fn default_blurb(book: &Book) -> String {
    super::claims::blurb(book, book.claims())
}

/// Smallest cell side of a grid drawn on the cover, in points (digits of
/// 62 % of it stay well above 7 pt).
const MIN_COVER_CELL_PT: f32 = 14.0;
/// Design margin inside the trim and from the folds: wider than the rule.
const MARGIN_IN: f64 = 0.375;
/// Guide lines: thin enough to see through, thick enough to print.
const GUIDE_PT: f32 = 0.75;
const GUIDE_GREY: f32 = 0.5;
/// The spine's and the bands' grey.
const BAND_GREY: f32 = LIGHT_FILL;

/// Draws `book`'s cover for an interior of `pages` pages.
pub fn render_cover(book: &Book, pages: usize, options: &CoverOptions) -> Result<RenderedCover> {
    let geometry = CoverGeometry::new(book.settings.trim, pages, options.paper);
    let mut doc = PdfDocument::new(&format!("{} (cover)", book.settings.title));
    let fonts = Fonts::embed(&mut doc)?;
    let image = front_image(book)?;
    let mut canvas = Canvas::new(&fonts);
    if let Some(image) = &image {
        let raw = printpdf::RawImage {
            pixels: printpdf::RawImageData::U8(image.rgb.clone()),
            width: image.width as usize,
            height: image.height as usize,
            data_format: printpdf::RawImageFormat::RGB8,
            tag: Vec::new(),
        };
        canvas.image = Some(doc.add_image(&raw));
    }
    let drawn = draw_cover(book, &geometry, options, &fonts, &mut canvas, image.as_ref())?;
    let settings = &book.settings;
    let frame = PageFrame { media: geometry.media(), trim: geometry.trimmed(), content: geometry.trimmed(), right_hand: true };
    let title = format!("{} (cover)", settings.title);
    let bytes = save(doc, vec![DrawnPage { frame, ops: canvas.ops }], &title, settings.author.as_deref(), &book.date)?;
    Ok(RenderedCover { bytes, geometry, spine_text: drawn.spine_text, warnings: drawn.warnings })
}

/// The publisher's front image the book was made with, read again and
/// checked against its stored hash; `None` for a book without one.
pub fn front_image(book: &Book) -> Result<Option<CoverImage>> {
    book.settings.cover_image.as_ref().map(CoverImage::stored).transpose()
}

/// What drawing a cover found: whether the spine carries the title, and
/// what was left off.
pub(super) struct DrawnCover {
    pub spine_text: bool,
    pub warnings: Vec<String>,
}

/// Draws `book`'s cover of `geometry` on `canvas` (the PDF page, or its
/// picture), text measured with `fonts`; refused when the title or the
/// blurb does not fit or cannot print.
pub(super) fn draw_cover(
    book: &Book,
    geometry: &CoverGeometry,
    options: &CoverOptions,
    fonts: &Fonts,
    canvas: &mut dyn Surface,
    image: Option<&CoverImage>,
) -> Result<DrawnCover> {
    let blurb_text = match &options.blurb {
        Some(b) => {
            let missing = fonts.regular.missing(&b.text);
            if !missing.is_empty() {
                bail!(
                    "the blurb {} has characters the cover's font (DejaVu Sans) cannot print: {} — they would print as empty boxes",
                    b.source,
                    missing.iter().collect::<String>()
                );
            }
            if b.text.trim().is_empty() {
                bail!("the blurb {} is empty", b.source);
            }
            b.text.clone()
        }
        None => default_blurb(book),
    };
    let blurb_source = options.blurb.as_ref().map_or("made from the book".to_string(), |b| b.source.clone());
    match book.settings.cover_theme {
        Some(theme) => themed::draw(book, geometry, options, fonts, canvas, theme, image, &blurb_text, &blurb_source),
        None => draw_plain(book, geometry, options, fonts, canvas, &blurb_text, &blurb_source),
    }
}

/// The cover books stored before themes print: a grey band, the title in
/// black, a puzzle on white.
fn draw_plain(
    book: &Book,
    geometry: &CoverGeometry,
    options: &CoverOptions,
    fonts: &Fonts,
    canvas: &mut dyn Surface,
    blurb_text: &str,
    blurb_source: &str,
) -> Result<DrawnCover> {
    let pages = geometry.pages;
    let mut warnings = Vec::new();
    let g = geometry;
    let media = g.media();
    let margin = pt(MARGIN_IN);
    let settings = &book.settings;

    // The title block of the front decides the band's height.
    let front = g.front();
    let inner_width = front.width - 2.0 * margin;
    let (title_lines, title_size) = fewest_lines(fonts, &settings.title, inner_width).with_context(|| {
        format!(
            "the title \"{}\" does not fit the front cover of a {} book on three lines even at 18 pt: shorten it",
            settings.title, settings.trim
        )
    })?;
    let sub_size = 15.0;
    let subtitle_lines =
        settings.subtitle.as_deref().map(|s| wrap_with(fonts.get(Weight::Regular), s, sub_size, inner_width)).unwrap_or_default();
    let block = title_lines.len() as f32 * title_size * 1.15
        + if subtitle_lines.is_empty() { 0.0 } else { sub_size * 0.8 + subtitle_lines.len() as f32 * sub_size * 1.3 };
    let band_height = (front.height * 0.3).max(block + 2.0 * margin);
    let band_bottom = front.top() - band_height;

    // Ground: a grey band across the top of the wrap, the spine grey.
    canvas.fill_rect(0.0, band_bottom, media.width, media.height - band_bottom, BAND_GREY);
    let spine = g.spine();
    canvas.fill_rect(spine.x, 0.0, spine.width, media.height, BAND_GREY);
    for panel in [g.back(), front] {
        canvas.line(&[(panel.x + margin, band_bottom), (panel.right() - margin, band_bottom)], 1.5, BLACK);
    }

    // Front: title and subtitle centred in the band, a puzzle, the author.
    let mut y = band_bottom + (band_height + block) / 2.0 - title_size * 0.95;
    for line in &title_lines {
        canvas.text(line, front.centre_x(), y, title_size, Weight::Bold, BLACK, Align::Centre);
        y -= title_size * 1.15;
    }
    y -= sub_size * 0.5;
    for line in &subtitle_lines {
        canvas.text(line, front.centre_x(), y, sub_size, Weight::Regular, BLACK, Align::Centre);
        y -= sub_size * 1.3;
    }
    let mut floor = front.y + margin;
    if let Some(author) = &settings.author {
        let size = fit_size_with(fonts.get(Weight::Bold), author, 16.0, inner_width, 9.0);
        canvas.text(author, front.centre_x(), floor, size, Weight::Bold, BLACK, Align::Centre);
        floor += size * 2.2;
    }
    let levels = super::labels::summary(book)
        .unwrap_or_else(|| settings.levels.iter().map(|l| super::plan::capitalised(&super::labels::level_name(&book.words, *l))).collect());
    let count = book.words.plural("cover.count", book.puzzles.len(), &[("levels", &levels.join(" · "))]);
    let size = fit_size_with(fonts.get(Weight::Regular), &count, 11.0, inner_width, 8.0);
    canvas.text(&count, front.centre_x(), floor, size, Weight::Regular, BLACK, Align::Centre);
    floor += size * 3.5;
    let room = Area { x: front.x + margin, y: floor, width: inner_width, height: band_bottom - margin - floor };
    if let Some(p) = book.puzzles.get(book.puzzles.len() / 2) {
        let side = room.width.min(room.height) * 0.94;
        if !draw_grid(
            canvas,
            book,
            p,
            Area { x: room.centre_x() - side / 2.0, y: room.y + (room.height - side) / 2.0, width: side, height: side },
        ) {
            warnings.push(format!("the front cover of a {} book is too small for puzzle {}'s grid: left off", settings.trim, p.number));
        }
    }

    // Back: the title small in the band, the blurb, a sample grid, the
    // barcode area left empty.
    let back = g.back();
    let back_width = back.width - 2.0 * margin;
    let (back_title, back_size) = fit_lines(fonts, &settings.title, Weight::Bold, 20.0, 12.0, back_width, 2)
        .or_else(|| fit_lines(fonts, &settings.title, Weight::Bold, 12.0, 7.0, back_width, 4))
        .unwrap_or_default();
    let mut y = band_bottom + (band_height + back_title.len() as f32 * back_size * 1.2) / 2.0 - back_size * 0.95;
    for line in &back_title {
        canvas.text(line, back.centre_x(), y, back_size, Weight::Bold, BLACK, Align::Centre);
        y -= back_size * 1.2;
    }
    let barcode = g.barcode();
    let top = band_bottom - margin * 0.8;
    let grid_floor = barcode.top() + margin * 0.5;
    let sample = book.puzzles.first();
    let (rows, cols) = sample.map_or((9, 9), |p| book.layouts[p.layout].print_extent());
    let least_grid = MIN_COVER_CELL_PT * rows.max(cols) as f32;
    let caption_size = 9.0;
    let mut set = None;
    for size in [11.0_f32, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0] {
        let lines = paragraphs(fonts, blurb_text, size, back_width);
        let height: f32 = lines.iter().map(|(_, gap)| size * 1.4 + gap * size).sum();
        let grid_room = top - height - margin * 0.6 - caption_size * 2.0 - grid_floor;
        if grid_room >= least_grid.min(back_width) || (top - height >= back.y + margin && size <= 8.0) {
            set = Some((lines, size, height));
            break;
        }
    }
    let Some((lines, size, height)) = set else {
        bail!("the blurb ({blurb_source}) does not fit the back cover of a {} book even at 8 pt: shorten it", settings.trim);
    };
    let mut y = top;
    for (line, gap) in &lines {
        y -= size * 1.4 + gap * size;
        canvas.text(line, back.x + margin, y, size, Weight::Regular, BLACK, Align::Left);
    }
    let grid_top = top - height - margin * 0.6 - caption_size * 2.0;
    let side = (grid_top - grid_floor).min(back_width * 0.7);
    if let Some(p) = sample {
        let area = Area { x: back.centre_x() - side / 2.0, y: grid_top - side, width: side, height: side };
        if side >= least_grid && draw_grid(canvas, book, p, area) {
            let caption = book.words.fill("cover.sample", &[("n", &p.number.to_string())]);
            canvas.text(&caption, area.centre_x(), grid_top + caption_size * 0.8, caption_size, Weight::Regular, BLACK, Align::Centre);
        } else {
            warnings.push(format!("the back cover of a {} book has no room for a sample grid under this blurb: left off", settings.trim));
        }
    }

    // Spine: title and author along it, from 79 pages on, when 7 pt fits.
    let spine_text = g.spine_text_allowed() && spine_lettering(canvas, fonts, g, settings.title.as_str(), settings.author.as_deref(), None);
    if g.spine_text_allowed() && !spine_text {
        warnings.push(format!(
            "the {} in spine of {} pages is too narrow for 7 pt text: the spine is left blank",
            inches(g.spine_in()),
            pages
        ));
    }

    if options.guides {
        draw_guides(canvas, g);
    }
    Ok(DrawnCover { spine_text, warnings })
}

/// `text` wrapped at the largest size from `start` down to `least` (steps
/// of 1 pt) that fits `width` on at most `max_lines` lines.
fn fit_lines(
    fonts: &Fonts,
    text: &str,
    weight: Weight,
    start: f32,
    least: f32,
    width: f32,
    max_lines: usize,
) -> Option<(Vec<String>, f32)> {
    let font = fonts.get(weight);
    let mut size = start;
    while size >= least {
        let lines = wrap_with(font, text, size, width);
        if lines.len() <= max_lines && lines.iter().all(|l| font.width(l, size) <= width) {
            return Some((lines, size));
        }
        size -= 1.0;
    }
    None
}

/// The front title: 40 pt down to 18 pt on at most three lines, a little
/// smaller where that saves a line (no word left alone on a second line).
fn fewest_lines(fonts: &Fonts, title: &str, width: f32) -> Option<(Vec<String>, f32)> {
    let (lines, size) = fit_lines(fonts, title, Weight::Bold, 40.0, 18.0, width, 3)?;
    let fewer = fit_lines(fonts, title, Weight::Bold, size, (size * 0.75).max(18.0), width, lines.len().saturating_sub(1));
    Some(fewer.filter(|(l, _)| !l.is_empty()).unwrap_or((lines, size)))
}

/// The blurb's lines, each with the gap above it (in lines: a paragraph
/// break is half a line).
fn paragraphs(fonts: &Fonts, text: &str, size: f32, width: f32) -> Vec<(String, f32)> {
    let mut out = Vec::new();
    let normalised = text.replace("\r\n", "\n");
    for (i, paragraph) in normalised.split("\n\n").filter(|p| !p.trim().is_empty()).enumerate() {
        for (j, line) in wrap_with(fonts.get(Weight::Regular), paragraph, size, width).into_iter().enumerate() {
            out.push((line, if i > 0 && j == 0 { 0.5 } else { 0.0 }));
        }
    }
    out
}

/// Draws a puzzle as a book page draws it, when its cells are large
/// enough; returns whether it was drawn.
fn draw_grid(canvas: &mut dyn Surface, book: &Book, puzzle: &super::BookPuzzle, area: Area) -> bool {
    let family = &book.layouts[puzzle.layout];
    let (rows, cols) = family.print_extent();
    if area.width.min(area.height) < MIN_COVER_CELL_PT * rows.max(cols) as f32 {
        return false;
    }
    family.renderer().draw(canvas, area, &family.page(&puzzle.row.givens));
    true
}

/// Height of a glyph box (DejaVu Sans: ascent 0.928 + descent 0.236 of the
/// size), the width across the spine that text of a size needs.
const GLYPH_BOX_EM: f32 = 1.164;
const ASCENT_EM: f32 = 0.928;

/// The title (and the author when it fits) along the spine; false when
/// 7 pt text does not fit its width.
fn spine_lettering(
    canvas: &mut dyn Surface,
    fonts: &Fonts,
    g: &CoverGeometry,
    title: &str,
    author: Option<&str>,
    ink: Option<Ink>,
) -> bool {
    let down = |canvas: &mut dyn Surface, text: &str, x: f32, top: f32, size: f32, weight: Weight| match ink {
        Some(ink) => canvas.text_down_ink(text, x, top, size, weight, ink),
        None => canvas.text_down(text, x, top, size, weight, BLACK),
    };
    let safe = g.spine_safe();
    let size = (safe.width * 0.98 / GLYPH_BOX_EM).min(14.0);
    if size < crate::pdf::MIN_TEXT_PT {
        return false;
    }
    // Baseline so the glyph box sits in the middle of the spine.
    let x = safe.centre_x() - (ASCENT_EM - (GLYPH_BOX_EM - ASCENT_EM)) / 2.0 * size;
    let length = safe.height - 2.0 * pt(MARGIN_IN);
    let (bold, regular) = (fonts.get(Weight::Bold), fonts.get(Weight::Regular));
    let gap = size * 3.0;
    let title_size = fit_size_with(bold, title, size, length, crate::pdf::MIN_TEXT_PT);
    let title_w = bold.width(title, title_size);
    if title_w > length {
        return false;
    }
    let author = author.filter(|a| title_w + gap + regular.width(a, title_size) <= length);
    let top = safe.top() - pt(MARGIN_IN);
    match author {
        Some(a) => {
            down(canvas, title, x, top, title_size, Weight::Bold);
            let w = regular.width(a, title_size);
            down(canvas, a, x, safe.y + pt(MARGIN_IN) + w, title_size, Weight::Regular);
        }
        None => down(canvas, title, x, safe.y + safe.height / 2.0 + title_w / 2.0, title_size, Weight::Bold),
    }
    true
}

/// Trim, spine folds and text safe areas as thin grey lines.
fn draw_guides(canvas: &mut dyn Surface, g: &CoverGeometry) {
    let media = g.media();
    // Each side its own line: a preflight measures a path by its bounds.
    let rect = |canvas: &mut dyn Surface, a: Area| {
        let corners = [(a.x, a.y), (a.right(), a.y), (a.right(), a.top()), (a.x, a.top()), (a.x, a.y)];
        for side in corners.windows(2) {
            canvas.line(side, GUIDE_PT, GUIDE_GREY);
        }
    };
    rect(canvas, g.trimmed());
    let spine = g.spine();
    for x in [spine.x, spine.right()] {
        canvas.line(&[(x, 0.0), (x, media.height)], GUIDE_PT, GUIDE_GREY);
    }
    rect(canvas, g.back_safe());
    rect(canvas, g.front_safe());
}

/// The cover preflight's rules for a geometry.
pub fn cover_rules(geometry: CoverGeometry) -> Rules {
    Rules::cover(geometry)
}

/// Runs the cover preflight and refuses a cover with findings, naming the
/// rule of each.
pub fn check_cover(rendered: &RenderedCover) -> Result<Report> {
    let report = preflight(&rendered.bytes, &cover_rules(rendered.geometry));
    if report.is_clean() {
        return Ok(report);
    }
    let lines: Vec<String> = report.findings.iter().take(20).map(|f| format!("  {f} [{}]", f.check.name())).collect();
    bail!("the cover fails the print preflight, so it is not written: {}\n{}", report.summary(), lines.join("\n"));
}

/// A recorded book's cover, rendered from its stored settings and puzzles
/// for its recorded page count, and checked by the cover preflight.
pub fn cover_of_stored(catalog: &Catalog, row: &BookRow, options: &CoverOptions) -> Result<RenderedCover> {
    let changed = changed_puzzles(catalog, row)?;
    if !changed.is_empty() {
        let ids: Vec<String> = changed.iter().map(|id| id.to_string()).collect();
        bail!(
            "book {} \"{}\": puzzle(s) {} changed since validated; the cover would not show the book printed (run `puzzlebook validate`)",
            row.id,
            row.title,
            ids.join(", ")
        );
    }
    if row.pages <= 0 {
        bail!("book {} \"{}\" has no recorded page count (its PDF was never finished)", row.id, row.title);
    }
    options.paper.check_pages(row.pages as usize).with_context(|| format!("book {} \"{}\": no cover made", row.id, row.title))?;
    let settings = super::BookSettings::from_toml(&row.settings).with_context(|| format!("book {}: stored settings", row.id))?;
    let puzzles = row.puzzles.iter().map(|&id| catalog.puzzle(id)).collect::<Result<Vec<_>>>()?;
    let book = Book::new(settings, puzzles, &row.created_at)?;
    let rendered = render_cover(&book, row.pages as usize, options)?;
    check_cover(&rendered)?;
    Ok(rendered)
}

/// Where a book's cover goes by default: `<interior stem>-cover.pdf` beside the interior.
pub fn default_cover_path(interior: &std::path::Path) -> std::path::PathBuf {
    let stem = interior.file_stem().map_or("book".into(), |s| s.to_string_lossy().into_owned());
    interior.with_file_name(format!("{stem}-cover.pdf"))
}

/// Refuses a path that is another book's interior or default cover.
pub fn refuse_taken(catalog: &Catalog, path: &std::path::Path, this: i64) -> Result<()> {
    let text = path.display().to_string();
    if let Some((owner, title)) = catalog.pdf_owner(&text, None)? {
        bail!("{text} is the PDF of book {owner} \"{title}\"; it is not overwritten: choose another --out");
    }
    for other in catalog.books()? {
        if other.id != this && !other.pdf_path.is_empty() && default_cover_path(std::path::Path::new(&other.pdf_path)) == path {
            bail!("{text} is the cover of book {} \"{}\"; it is not overwritten: choose another --out", other.id, other.title);
        }
    }
    Ok(())
}

#[cfg(test)]
mod themed_tests;

#[cfg(test)]
mod tests {
    use super::*;

    fn trim(text: &str) -> Trim {
        text.parse().unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn the_worked_example_of_publishing_md() {
        let g = CoverGeometry::new(trim("6x9"), 166, Paper::White);
        assert_eq!(inches(g.spine_in()), "0.374");
        assert_eq!(inches(g.width_in()), "12.624");
        assert_eq!(inches(g.height_in()), "9.25");
        assert_eq!(g.describe(), "6x9 in trim, 166 pages on white paper: spine 0.374 in, cover 12.624 × 9.25 in");
    }

    #[test]
    fn spine_and_wrap_follow_the_formula_for_every_paper() {
        for (pages, paper, spine) in [
            (24, Paper::White, 0.054048),
            (100, Paper::White, 0.2252),
            (300, Paper::White, 0.6756),
            (600, Paper::White, 1.3512),
            (24, Paper::Cream, 0.06),
            (100, Paper::Cream, 0.25),
            (300, Paper::Cream, 0.75),
            (600, Paper::Cream, 1.5),
            (24, Paper::Color, 0.056328),
            (100, Paper::Color, 0.2347),
            (300, Paper::Color, 0.7041),
            (600, Paper::Color, 1.4082),
        ] {
            for (t, w, h) in [("6x9", 6.0, 9.0), ("8.5x11", 8.5, 11.0), ("5.5x8.5", 5.5, 8.5), ("a4", 8.27, 11.69)] {
                let g = CoverGeometry::new(trim(t), pages, paper);
                assert!(close(g.spine_in(), spine), "{t} {pages} {paper}: {}", g.spine_in());
                assert!(close(g.width_in(), 0.125 + w + spine + w + 0.125), "{t} {pages} {paper}: {}", g.width_in());
                assert!(close(g.height_in(), h + 0.25), "{t}: {}", g.height_in());
                let m = g.media();
                assert!((m.width - (g.width_in() * 72.0) as f32).abs() < 0.01);
                // Panels tile the trim: back | spine | front, bleed around.
                let (back, sp, front, t_area) = (g.back(), g.spine(), g.front(), g.trimmed());
                assert!((back.x - 9.0).abs() < 1e-3 && (t_area.y - 9.0).abs() < 1e-3);
                assert!((back.right() - sp.x).abs() < 1e-3 && (sp.right() - front.x).abs() < 1e-3);
                assert!((front.right() + 9.0 - m.width).abs() < 1e-2);
                assert!((sp.width - (spine * 72.0) as f32).abs() < 1e-3);
                assert_eq!(g.spine_text_allowed(), pages >= 79);
            }
        }
    }

    #[test]
    fn safe_areas_and_the_barcode_box() {
        let g = CoverGeometry::new(trim("6x9"), 166, Paper::White);
        let (back, front, spine) = (g.back(), g.front(), g.spine());
        let near = |a: f32, b: f32| (a - b).abs() < 1e-3;
        let bs = g.back_safe();
        assert!(
            near(bs.x, back.x + 9.0) && near(bs.right(), spine.x - 4.5) && near(bs.y, back.y + 9.0) && near(bs.top(), back.top() - 9.0)
        );
        let fs = g.front_safe();
        assert!(near(fs.x, spine.right() + 4.5) && near(fs.right(), front.right() - 9.0));
        let ss = g.spine_safe();
        assert!(near(ss.x, spine.x + 4.5) && near(ss.right(), spine.right() - 4.5));
        assert_eq!(CoverGeometry::new(trim("6x9"), 24, Paper::White).spine_safe().width, 0.0, "a spine under 0.125 in has no room");
        let bc = g.barcode();
        assert!(near(bc.width, 144.0) && near(bc.height, 86.4));
        assert!(near(bc.right(), spine.x - 18.0) && near(bc.y, back.y + 18.0));
        assert!(bc.x > bs.x && bc.right() < bs.right() && bc.y > bs.y, "inside the back's safe area");
    }

    #[test]
    fn papers_parse_and_name_themselves() {
        for paper in Paper::ALL {
            assert_eq!(paper.name().parse::<Paper>().unwrap(), paper);
        }
        assert_eq!("Colour".parse::<Paper>().unwrap(), Paper::Color);
        assert!("glossy".parse::<Paper>().unwrap_err().to_string().contains("white"));
    }

    #[test]
    fn default_cover_paths_sit_beside_the_interior() {
        assert_eq!(default_cover_path(std::path::Path::new("output/pocket-2.pdf")), std::path::PathBuf::from("output/pocket-2-cover.pdf"));
    }
}
