//! The SVG back end. The figure's coordinates (points, origin bottom-left)
//! become user units of a viewBox the figure's size in points, y flipped.
//! Text is real text in the embedded DejaVu Sans (the font travels inside
//! the file as a data URL; only web browsers use it) or glyph outlines.
//! Every element sets its fill and stroke: renderers differ in their
//! defaults (ImageMagick's own strokes a shape that does not say `none`).

use super::outline::{Segment, outline, outline_down};
use super::{Figure, Item, SvgText, hex};
use crate::pdf::fonts::{Fonts, Weight};
use anyhow::Result;
use base64::Engine;
use std::fmt::Write;

/// Numbers with at most three decimals, without trailing zeros.
fn n(v: f32) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Text as XML character data or an attribute value.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// How an SVG writes text: the two public choices ([`SvgText`]), or
/// `Named`: real text naming the font without embedding it, each string
/// held to the width the font gives it (`textLength`), so another sans
/// serif takes the same room (page thumbnails: a page of text stays small).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextMode {
    Embedded,
    Outlines,
    Named,
}

impl From<SvgText> for TextMode {
    fn from(text: SvgText) -> TextMode {
        match text {
            SvgText::Embedded => TextMode::Embedded,
            SvgText::Outlines => TextMode::Outlines,
        }
    }
}

/// The part of a figure an SVG shows (`area`, in the figure's points) and
/// how large the picture is (`width` × `height` points; the viewBox is the
/// area, so a smaller picture is the same drawing scaled down).
#[derive(Clone, Copy, Debug)]
pub(crate) struct View {
    pub area: crate::page::Area,
    pub width: f32,
    pub height: f32,
    /// A white ground under the drawing (a page; figures stay transparent).
    pub white: bool,
}

impl View {
    /// The whole figure at its own size, transparent.
    pub fn whole(figure: &Figure) -> View {
        let area = crate::page::Area { x: 0.0, y: 0.0, width: figure.width, height: figure.height };
        View { area, width: figure.width, height: figure.height, white: false }
    }
}

/// SVG path data of contours in figure coordinates, in a view whose
/// top-left corner is at figure point (`left`, `top`).
pub(super) fn path_data(segments: &[Segment], left: f32, top: f32) -> String {
    let mut d = String::new();
    let x = |v: f32| n(v - left);
    let y = |v: f32| n(top - v);
    for s in segments {
        match *s {
            Segment::Move(a, b) => write!(d, "M{} {}", x(a), y(b)),
            Segment::Line(a, b) => write!(d, "L{} {}", x(a), y(b)),
            Segment::Quad(a, b, c, e) => write!(d, "Q{} {} {} {}", x(a), y(b), x(c), y(e)),
            Segment::Cubic(a, b, c, e, f, g) => write!(d, "C{} {} {} {} {} {}", x(a), y(b), x(c), y(e), x(f), y(g)),
            Segment::Close => write!(d, "Z"),
        }
        .expect("writing to a String");
    }
    d
}

pub fn write(figure: &Figure, text: SvgText, fonts: &Fonts, title: &str) -> Result<String> {
    write_view(figure, text.into(), fonts, title, &View::whole(figure))
}

/// The figure's `view` as an SVG, text written as `text` says.
pub(crate) fn write_view(figure: &Figure, text: TextMode, fonts: &Fonts, title: &str, view: &View) -> Result<String> {
    let (left, top) = (view.area.x, view.area.top());
    let (vw, vh) = (view.area.width, view.area.height);
    let px = |x: f32| n(x - left);
    let py = |y: f32| n(top - y);
    let mut out = String::new();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    // A page of named text is written compactly: the font named once on
    // the root, SVG's defaults left unsaid (browsers show it).
    let compact = text == TextMode::Named;
    let root_font = if compact { format!(r#" font-family="{}, sans-serif""#, fonts.regular.family) } else { String::new() };
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{}pt" height="{}pt" viewBox="0 0 {} {}"{root_font}>"#,
        n(view.width),
        n(view.height),
        n(vw),
        n(vh)
    )?;
    writeln!(out, "<title>{}</title>", escape(title))?;
    let used = |weight: Weight| {
        figure.items.iter().any(|i| matches!(i, Item::Text { weight: w, .. } | Item::TextDown { weight: w, .. } if *w == weight))
    };
    if text == TextMode::Embedded && (used(Weight::Regular) || used(Weight::Bold)) {
        writeln!(out, "<defs><style>")?;
        for weight in [Weight::Regular, Weight::Bold].into_iter().filter(|&w| used(w)) {
            let font = fonts.get(weight);
            let data = base64::engine::general_purpose::STANDARD.encode(font.bytes);
            let css_weight = if weight == Weight::Bold { "bold" } else { "normal" };
            writeln!(
                out,
                "@font-face {{ font-family: '{}'; font-weight: {css_weight}; src: url(data:font/ttf;base64,{data}) format('truetype'); }}",
                font.family
            )?;
        }
        writeln!(out, "</style></defs>")?;
    }
    if view.white {
        writeln!(out, r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff" stroke="none"/>"##, n(vw), n(vh))?;
    }
    // A text element's attributes after its position (the font, the fill,
    // and with a named font the width the string must take).
    let text_attributes = |t: &str, size: f32, weight: Weight, level: f32| {
        let font = fonts.get(weight);
        let bold = if weight == Weight::Bold { r#" font-weight="bold""# } else { "" };
        if compact {
            // A single glyph (a digit) keeps its own width; longer strings
            // take the width they print at.
            let length = if t.trim().chars().count() > 1 {
                format!(r#" textLength="{}" lengthAdjust="spacingAndGlyphs""#, n(font.width(t, size)))
            } else {
                String::new()
            };
            return format!(r#"font-size="{}"{bold}{length} fill="{}" xml:space="preserve""#, n(size), hex(level));
        }
        format!(
            r#"font-family="{}, sans-serif"{bold} font-size="{}" fill="{}" stroke="none" xml:space="preserve""#,
            font.family,
            n(size),
            hex(level)
        )
    };
    for item in &figure.items {
        match item {
            Item::Line { points, width, level } => {
                let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", px(x), py(y))).collect();
                if compact {
                    writeln!(
                        out,
                        r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}"/>"#,
                        pts.join(" "),
                        hex(*level),
                        n(*width)
                    )?;
                    continue;
                }
                writeln!(
                    out,
                    r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="butt" stroke-linejoin="miter" stroke-miterlimit="10"/>"#,
                    pts.join(" "),
                    hex(*level),
                    n(*width)
                )?;
            }
            Item::Polygon { points, level } => {
                let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", px(x), py(y))).collect();
                writeln!(out, r#"<polygon points="{}" fill="{}" stroke="none"/>"#, pts.join(" "), hex(*level))?;
            }
            Item::Text { text: t, x, y, size, weight, level } => match text {
                TextMode::Embedded | TextMode::Named => {
                    writeln!(
                        out,
                        r#"<text x="{}" y="{}" {}>{}</text>"#,
                        px(*x),
                        py(*y),
                        text_attributes(t, *size, *weight, *level),
                        escape(t)
                    )?;
                }
                TextMode::Outlines => {
                    let d = path_data(&outline(fonts.get(*weight), t, *x, *y, *size)?, left, top);
                    writeln!(out, r#"<path aria-label="{}" d="{d}" fill="{}" stroke="none"/>"#, escape(t), hex(*level))?;
                }
            },
            Item::TextDown { text: t, x, top: down_from, size, weight, level } => match text {
                TextMode::Embedded | TextMode::Named => {
                    // SVG's y runs down: a quarter turn clockwise is rotate(90).
                    writeln!(
                        out,
                        r#"<text transform="translate({} {}) rotate(90)" x="0" y="0" {}>{}</text>"#,
                        px(*x),
                        py(*down_from),
                        text_attributes(t, *size, *weight, *level),
                        escape(t)
                    )?;
                }
                TextMode::Outlines => {
                    let d = path_data(&outline_down(fonts.get(*weight), t, *x, *down_from, *size)?, left, top);
                    writeln!(out, r#"<path aria-label="{}" d="{d}" fill="{}" stroke="none"/>"#, escape(t), hex(*level))?;
                }
            },
        }
    }
    writeln!(out, "</svg>")?;
    Ok(out)
}
