//! The EPS back end (Encapsulated PostScript 3.0, as page-layout programs
//! place it): lines, fills, and text as glyph outlines, so no font is needed.
//! PostScript's coordinates are the figure's (points, origin bottom-left).

use super::Figure;
use super::Item;
use super::outline::{Segment, outline, outline_down};
use crate::pdf::fonts::Fonts;
use anyhow::Result;
use std::fmt::Write;

fn n(v: f32) -> String {
    let s = format!("{:.3}", v);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A title in a DSC comment: printable ASCII only, no line breaks.
fn comment_text(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_graphic() || c == ' ' { c } else { '?' }).collect()
}

pub fn write(figure: &Figure, fonts: &Fonts, title: &str) -> Result<String> {
    let mut out = String::new();
    writeln!(out, "%!PS-Adobe-3.0 EPSF-3.0")?;
    writeln!(out, "%%BoundingBox: 0 0 {} {}", figure.width.ceil() as i64, figure.height.ceil() as i64)?;
    writeln!(out, "%%HiResBoundingBox: 0 0 {} {}", n(figure.width), n(figure.height))?;
    writeln!(out, "%%Title: {}", comment_text(title))?;
    writeln!(out, "%%Creator: puzzlebook {}", env!("CARGO_PKG_VERSION"))?;
    writeln!(out, "%%LanguageLevel: 2")?;
    writeln!(out, "%%EndComments")?;
    writeln!(out, "gsave")?;
    writeln!(out, "0 setlinecap 0 setlinejoin")?;
    for item in &figure.items {
        match item {
            Item::Line { points, width, level } => {
                write!(out, "{} setgray {} setlinewidth newpath", n(*level), n(*width))?;
                for (i, &(x, y)) in points.iter().enumerate() {
                    write!(out, " {} {} {}", n(x), n(y), if i == 0 { "moveto" } else { "lineto" })?;
                }
                writeln!(out, " stroke")?;
            }
            Item::Polygon { points, level } => {
                write!(out, "{} setgray newpath", n(*level))?;
                for (i, &(x, y)) in points.iter().enumerate() {
                    write!(out, " {} {} {}", n(x), n(y), if i == 0 { "moveto" } else { "lineto" })?;
                }
                writeln!(out, " closepath fill")?;
            }
            Item::Text { text, level, .. } | Item::TextDown { text, level, .. } => {
                let segments = match item {
                    Item::TextDown { x, top, size, weight, .. } => outline_down(fonts.get(*weight), text, *x, *top, *size)?,
                    Item::Text { x, y, size, weight, .. } => outline(fonts.get(*weight), text, *x, *y, *size)?,
                    _ => Vec::new(),
                };
                writeln!(out, "% {}", comment_text(text))?;
                write!(out, "{} setgray newpath", n(*level))?;
                let mut current = (0.0, 0.0);
                for s in segments {
                    match s {
                        Segment::Move(a, b) => {
                            write!(out, " {} {} moveto", n(a), n(b))?;
                            current = (a, b);
                        }
                        Segment::Line(a, b) => {
                            write!(out, " {} {} lineto", n(a), n(b))?;
                            current = (a, b);
                        }
                        // PostScript has cubic curves only: a quadratic's
                        // control point moves two thirds of the way to each end.
                        Segment::Quad(qx, qy, a, b) => {
                            let (c1x, c1y) = (current.0 + 2.0 / 3.0 * (qx - current.0), current.1 + 2.0 / 3.0 * (qy - current.1));
                            let (c2x, c2y) = (a + 2.0 / 3.0 * (qx - a), b + 2.0 / 3.0 * (qy - b));
                            write!(out, " {} {} {} {} {} {} curveto", n(c1x), n(c1y), n(c2x), n(c2y), n(a), n(b))?;
                            current = (a, b);
                        }
                        Segment::Cubic(a, b, c, d, e, f) => {
                            write!(out, " {} {} {} {} {} {} curveto", n(a), n(b), n(c), n(d), n(e), n(f))?;
                            current = (e, f);
                        }
                        Segment::Close => write!(out, " closepath")?,
                    }
                }
                writeln!(out, " fill")?;
            }
        }
    }
    writeln!(out, "grestore")?;
    writeln!(out, "showpage")?;
    writeln!(out, "%%EOF")?;
    Ok(out)
}
