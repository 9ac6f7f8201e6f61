//! Single puzzles as art, for newspapers, designers and the web: a figure
//! is drawn once through the same [`Surface`] and renderers as the books
//! (recorded by a [`Recorder`]), then written by a back end — SVG (text
//! set in the embedded font, or as outlines), EPS (outlines), PNG
//! (rasterised from the SVG by resvg) or a one-page PDF.

mod eps;
mod outline;
mod png;
mod svg;

use crate::family::Family;
use crate::page::{Area, PageFrame};
use crate::pdf::MarkStyle;
use crate::pdf::canvas::{Canvas, Surface};
use crate::pdf::fonts::{Fonts, Weight};
use anyhow::{Result, bail};

/// One drawing verb as recorded. Coordinates are points from the figure's
/// bottom-left corner; `level` is grey (0 black, 1 white).
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Line {
        points: Vec<(f32, f32)>,
        width: f32,
        level: f32,
    },
    Polygon {
        points: Vec<(f32, f32)>,
        level: f32,
    },
    /// Text whose baseline starts at (`x`, `y`).
    Text {
        text: String,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        level: f32,
    },
    /// Text running down the page from (`x`, `top`), a quarter turn
    /// clockwise (a spine's lettering): `x` is its baseline.
    TextDown {
        text: String,
        x: f32,
        top: f32,
        size: f32,
        weight: Weight,
        level: f32,
    },
}

/// A finished drawing: its size in points and what it holds, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

impl Figure {
    /// Draws the figure again on another surface (the PDF back end).
    pub fn replay(&self, surface: &mut dyn Surface) {
        for item in &self.items {
            match item {
                Item::Line { points, width, level } => surface.line(points, *width, *level),
                Item::Polygon { points, level } => surface.fill_polygon(points, *level),
                Item::Text { text, x, y, size, weight, level } => surface.text_from(text, *x, *y, *size, *weight, *level),
                Item::TextDown { text, x, top, size, weight, level } => surface.text_down(text, *x, *top, *size, *weight, *level),
            }
        }
    }

    /// The texts, in drawing order.
    pub fn texts(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } | Item::TextDown { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// The recording back end: keeps every verb (for the other back ends and
/// for tests that ask what a drawing shows).
pub struct Recorder<'a> {
    fonts: &'a Fonts,
    pub items: Vec<Item>,
}

impl<'a> Recorder<'a> {
    pub fn new(fonts: &'a Fonts) -> Recorder<'a> {
        Recorder { fonts, items: Vec::new() }
    }
}

impl Surface for Recorder<'_> {
    fn fonts(&self) -> &Fonts {
        self.fonts
    }
    fn line(&mut self, points: &[(f32, f32)], width: f32, level: f32) {
        self.items.push(Item::Line { points: points.to_vec(), width, level });
    }
    fn fill_polygon(&mut self, points: &[(f32, f32)], level: f32) {
        self.items.push(Item::Polygon { points: points.to_vec(), level });
    }
    fn text_from(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, level: f32) {
        self.items.push(Item::Text { text: text.to_string(), x, y, size, weight, level });
    }
    fn text_down(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, level: f32) {
        self.items.push(Item::TextDown { text: text.to_string(), x, top, size, weight, level });
    }
}

/// The file formats of single-puzzle art.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArtFormat {
    Svg,
    Png,
    Pdf,
    Eps,
}

impl ArtFormat {
    pub const ALL: [ArtFormat; 4] = [ArtFormat::Svg, ArtFormat::Png, ArtFormat::Pdf, ArtFormat::Eps];

    /// The name on the command line, which is also the file extension.
    pub fn as_str(self) -> &'static str {
        match self {
            ArtFormat::Svg => "svg",
            ArtFormat::Png => "png",
            ArtFormat::Pdf => "pdf",
            ArtFormat::Eps => "eps",
        }
    }
}

impl std::str::FromStr for ArtFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<ArtFormat, String> {
        ArtFormat::ALL
            .into_iter()
            .find(|f| f.as_str() == s.to_ascii_lowercase())
            .ok_or_else(|| format!("unknown art format '{s}': svg, png, pdf or eps"))
    }
}

/// How text is written in an SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SvgText {
    /// Real `<text>` elements, the font embedded in the file (selectable,
    /// searchable, editable in a design program).
    Embedded,
    /// Every glyph as a filled path: no font needed anywhere.
    Outlines,
}

/// How a figure is drawn and written.
#[derive(Clone, Copy, Debug)]
pub struct ArtOptions {
    /// The figure's width in points (its height follows the grid's shape).
    pub width: f32,
    /// Raster resolution of a PNG, dots per inch.
    pub dpi: u32,
    pub svg_text: SvgText,
    pub marks: MarkStyle,
}

impl Default for ArtOptions {
    fn default() -> ArtOptions {
        ArtOptions { width: 288.0, dpi: 300, svg_text: SvgText::Embedded, marks: MarkStyle::Corner }
    }
}

/// Points in a length written as `80mm`, `8cm`, `3in` or `216pt`.
pub fn parse_length(text: &str) -> Result<f32, String> {
    let t = text.trim();
    let split = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f32 = number.trim().parse().map_err(|_| format!("'{text}' is not a length: write e.g. 80mm, 3in, 8cm or 216pt"))?;
    let per = match unit.trim() {
        "mm" => 72.0 / 25.4,
        "cm" => 72.0 / 2.54,
        "in" => 72.0,
        "pt" => 1.0,
        "" => return Err(format!("'{text}' needs a unit: mm, cm, in or pt")),
        other => return Err(format!("unknown unit '{other}' in '{text}': mm, cm, in or pt")),
    };
    let points = value * per;
    if !(36.0..=2880.0).contains(&points) {
        return Err(format!("{text} is out of range: a figure is 0.5 to 40 inches wide"));
    }
    Ok(points)
}

/// Resolutions a PNG is rendered at, dots per inch.
pub const PNG_DPI: std::ops::RangeInclusive<u32> = 72..=2400;

/// The most pixels a PNG may have: 64 megapixels. Rendering holds the image
/// twice while it is encoded (4 bytes a pixel each time), so a PNG at the
/// limit needs about 512 MB; larger ones are refused before anything is
/// allocated, saying what to lower. (40 in at 2400 dpi would be 9.2
/// gigapixels: 37 GB.)
pub const MAX_PNG_PIXELS: u64 = 64_000_000;

/// The pixel size of a PNG of a figure `width` × `height` points at `dpi`,
/// or why it is not made: a resolution outside [`PNG_DPI`], or more pixels
/// than [`MAX_PNG_PIXELS`] (the error names the largest --dpi and --size
/// that fit). Allocates nothing.
pub fn raster_size(width: f32, height: f32, dpi: u32) -> Result<(u32, u32)> {
    if !PNG_DPI.contains(&dpi) {
        bail!("{dpi} dpi: a PNG is rendered at {} to {} dpi", PNG_DPI.start(), PNG_DPI.end());
    }
    let pixels = |w: f64, h: f64, dpi: f64| ((w * dpi / 72.0).ceil(), (h * dpi / 72.0).ceil());
    let (w, h) = (width as f64, height as f64);
    let (pw, ph) = pixels(w, h, dpi as f64);
    if pw * ph <= MAX_PNG_PIXELS as f64 {
        return Ok((pw as u32, ph as u32));
    }
    let fits = |w: f64, dpi: f64| {
        let (pw, ph) = pixels(w, w * h / width as f64, dpi);
        pw * ph <= MAX_PNG_PIXELS as f64
    };
    // The largest resolution for this size, and the largest width (in
    // tenths of an inch) at this resolution.
    let mut max_dpi = (72.0 * (MAX_PNG_PIXELS as f64 / (w * h)).sqrt()).floor() as u32 + 1;
    while max_dpi > 0 && !fits(w, max_dpi as f64) {
        max_dpi -= 1;
    }
    let mut tenths = (w / 7.2 * (MAX_PNG_PIXELS as f64 / (pw * ph)).sqrt()).floor() as u32 + 1;
    while tenths > 0 && !fits(tenths as f64 * 7.2, dpi as f64) {
        tenths -= 1;
    }
    let lower_dpi = if max_dpi >= *PNG_DPI.start() { format!("lower --dpi to {max_dpi} or less") } else { String::new() };
    let lower_size = if tenths >= 5 { format!("--size to {}in or less", tenths as f64 / 10.0) } else { String::new() };
    let advice = match (lower_dpi.is_empty(), lower_size.is_empty()) {
        (false, false) => format!("{lower_dpi} (at this size), or {lower_size} (at {dpi} dpi)"),
        (false, true) => lower_dpi,
        (true, false) => format!("lower {lower_size}"),
        (true, true) => "lower --size and --dpi".to_string(),
    };
    bail!(
        "a figure {} × {} in at {dpi} dpi would be {} × {} pixels ({:.1} megapixels); a PNG holds at most {} megapixels (about {} MB while it is made): {advice}",
        crate::book::cover::inches(w / 72.0),
        crate::book::cover::inches(h / 72.0),
        pw,
        ph,
        pw * ph / 1e6,
        MAX_PNG_PIXELS / 1_000_000,
        MAX_PNG_PIXELS * 8 / 1_000_000
    )
}

/// The size in points (width, height) of `family`'s figure drawn with
/// `options`: the width asked, the height from the grid's shape.
pub fn figure_size(family: &dyn Family, options: &ArtOptions) -> (f32, f32) {
    let margin = (options.width * 0.02).max(2.0);
    let inner = options.width - 2.0 * margin;
    (options.width, inner / family.renderer().aspect() + 2.0 * margin)
}

/// A puzzle as a figure `options.width` points wide: its puzzle page, or
/// with `solution` its answer, drawn by the family's renderer exactly as a
/// book draws it, with a small white margin.
pub fn figure(family: &dyn Family, givens: &str, solution: Option<&str>, options: &ArtOptions, fonts: &Fonts) -> Figure {
    let contents = match solution {
        Some(solution) => family.answer_page(givens, solution),
        None => family.page(givens),
    };
    figure_of(family, contents, options, fonts)
}

/// Contents of `family`'s grid as a figure, as [`figure`] draws a puzzle
/// (the studio's solving path draws a grid part-way, some cells shaded).
pub fn figure_of(family: &dyn Family, contents: crate::pdf::GridContents, options: &ArtOptions, fonts: &Fonts) -> Figure {
    let renderer = family.renderer();
    let margin = (options.width * 0.02).max(2.0);
    let inner = options.width - 2.0 * margin;
    let (_, height) = figure_size(family, options);
    let contents = &contents.with_mark_style(options.marks);
    let mut recorder = Recorder::new(fonts);
    renderer.draw(&mut recorder, Area { x: margin, y: margin, width: inner, height: height - 2.0 * margin }, contents);
    Figure { width: options.width, height, items: recorder.items }
}

/// The figure written in `format`. `title` names the drawing inside the
/// file; `date` (a PDF date, "D:20261122120000Z") keeps a PDF byte-stable.
pub fn encode(figure: &Figure, format: ArtFormat, options: &ArtOptions, fonts: &Fonts, title: &str, date: &str) -> Result<Vec<u8>> {
    if figure.width <= 0.0 || figure.height <= 0.0 {
        bail!("an empty figure");
    }
    Ok(match format {
        ArtFormat::Svg => svg::write(figure, options.svg_text, fonts, title)?.into_bytes(),
        ArtFormat::Eps => eps::write(figure, fonts, title)?.into_bytes(),
        ArtFormat::Png => png::write(figure, options.dpi, fonts, title)?,
        ArtFormat::Pdf => {
            let mut doc = printpdf::PdfDocument::new(title);
            let embedded = Fonts::embed(&mut doc)?;
            let mut canvas = Canvas::new(&embedded);
            figure.replay(&mut canvas);
            let sheet = Area { x: 0.0, y: 0.0, width: figure.width, height: figure.height };
            let frame = PageFrame { media: sheet, trim: sheet, content: sheet, right_hand: true };
            crate::pdf::document::save(doc, vec![crate::pdf::document::DrawnPage { frame, ops: canvas.ops }], title, None, date)?
        }
    })
}

/// The `area` of a drawing (a book page: its trim box) as an SVG picture
/// `width` points wide on white, its text real text in DejaVu Sans (named,
/// not embedded, each string held to the width the font gives it, so a
/// page of text stays a few kilobytes): the studio's page thumbnails.
pub fn page_svg(figure: &Figure, area: Area, width: f32, fonts: &Fonts, title: &str) -> Result<Vec<u8>> {
    if area.width <= 0.0 || area.height <= 0.0 || width <= 0.0 || !width.is_finite() {
        bail!("a page picture needs a page and a width above 0 (asked for {width} pt)");
    }
    let view = svg::View { area, width, height: width * area.height / area.width, white: true };
    Ok(svg::write_view(figure, svg::TextMode::Named, fonts, title, &view)?.into_bytes())
}

/// A grey level as an sRGB hex colour.
fn hex(level: f32) -> String {
    let v = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{v:02x}{v:02x}{v:02x}")
}

#[cfg(test)]
mod tests;
