//! The SVG back end. The figure's coordinates (points, origin bottom-left)
//! become user units of a viewBox the figure's size in points, y flipped.
//! Text is real text in the embedded DejaVu Sans (the font travels inside
//! the file as a data URL; only web browsers use it) or glyph outlines.
//! Every element sets its fill and stroke: renderers differ in their
//! defaults (ImageMagick's own strokes a shape that does not say `none`).

use super::outline::{Segment, outline};
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

/// SVG path data of contours in figure coordinates on a sheet `height` tall.
pub(super) fn path_data(segments: &[Segment], height: f32) -> String {
    let mut d = String::new();
    let y = |v: f32| n(height - v);
    for s in segments {
        match *s {
            Segment::Move(a, b) => write!(d, "M{} {}", n(a), y(b)),
            Segment::Line(a, b) => write!(d, "L{} {}", n(a), y(b)),
            Segment::Quad(a, b, c, e) => write!(d, "Q{} {} {} {}", n(a), y(b), n(c), y(e)),
            Segment::Cubic(a, b, c, e, f, g) => write!(d, "C{} {} {} {} {} {}", n(a), y(b), n(c), y(e), n(f), y(g)),
            Segment::Close => write!(d, "Z"),
        }
        .expect("writing to a String");
    }
    d
}

pub fn write(figure: &Figure, text: SvgText, fonts: &Fonts, title: &str) -> Result<String> {
    let (w, h) = (figure.width, figure.height);
    let mut out = String::new();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{}pt" height="{}pt" viewBox="0 0 {} {}">"#,
        n(w),
        n(h),
        n(w),
        n(h)
    )?;
    writeln!(out, "<title>{}</title>", escape(title))?;
    let used = |weight: Weight| figure.items.iter().any(|i| matches!(i, Item::Text { weight: w, .. } if *w == weight));
    if text == SvgText::Embedded && (used(Weight::Regular) || used(Weight::Bold)) {
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
    for item in &figure.items {
        match item {
            Item::Line { points, width, level } => {
                let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", n(x), n(h - y))).collect();
                writeln!(
                    out,
                    r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="butt" stroke-linejoin="miter" stroke-miterlimit="10"/>"#,
                    pts.join(" "),
                    hex(*level),
                    n(*width)
                )?;
            }
            Item::Polygon { points, level } => {
                let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", n(x), n(h - y))).collect();
                writeln!(out, r#"<polygon points="{}" fill="{}" stroke="none"/>"#, pts.join(" "), hex(*level))?;
            }
            Item::Text { text: t, x, y, size, weight, level } => match text {
                SvgText::Embedded => {
                    let font = fonts.get(*weight);
                    let bold = if *weight == Weight::Bold { r#" font-weight="bold""# } else { "" };
                    writeln!(
                        out,
                        r#"<text x="{}" y="{}" font-family="{}, sans-serif"{bold} font-size="{}" fill="{}" stroke="none" xml:space="preserve">{}</text>"#,
                        n(*x),
                        n(h - y),
                        font.family,
                        n(*size),
                        hex(*level),
                        escape(t)
                    )?;
                }
                SvgText::Outlines => {
                    let d = path_data(&outline(fonts.get(*weight), t, *x, *y, *size)?, h);
                    writeln!(out, r#"<path aria-label="{}" d="{d}" fill="{}" stroke="none"/>"#, escape(t), hex(*level))?;
                }
            },
        }
    }
    writeln!(out, "</svg>")?;
    Ok(out)
}
