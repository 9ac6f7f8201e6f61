//! Text as outlines: the embedded font's glyph contours, placed where the
//! text is set, in figure coordinates (points, origin bottom-left). Glyphs
//! advance by the font's own widths, as `Font::width` measures them, so an
//! outline sits exactly where the PDF sets the text.

use crate::pdf::fonts::Font;
use anyhow::{Result, anyhow};

/// One step of a contour, in figure coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    Move(f32, f32),
    Line(f32, f32),
    Quad(f32, f32, f32, f32),
    Cubic(f32, f32, f32, f32, f32, f32),
    Close,
}

struct Placed<'a> {
    out: &'a mut Vec<Segment>,
    x: f32,
    y: f32,
    scale: f32,
}

impl Placed<'_> {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.x + x * self.scale, self.y + y * self.scale)
    }
}

impl ttf_parser::OutlineBuilder for Placed<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.out.push(Segment::Move(x, y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.out.push(Segment::Line(x, y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let ((x1, y1), (x, y)) = (self.at(x1, y1), self.at(x, y));
        self.out.push(Segment::Quad(x1, y1, x, y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let ((x1, y1), (x2, y2), (x, y)) = (self.at(x1, y1), self.at(x2, y2), self.at(x, y));
        self.out.push(Segment::Cubic(x1, y1, x2, y2, x, y));
    }
    fn close(&mut self) {
        self.out.push(Segment::Close);
    }
}

/// The contours of `text` set at `size` points with its baseline starting
/// at (`x`, `y`).
pub fn outline(font: &Font, text: &str, x: f32, y: f32, size: f32) -> Result<Vec<Segment>> {
    let face = ttf_parser::Face::parse(font.bytes, 0).map_err(|e| anyhow!("the embedded font cannot be read: {e}"))?;
    let scale = size / face.units_per_em() as f32;
    let mut out = Vec::new();
    let mut pen = x;
    for c in text.chars() {
        let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        face.outline_glyph(glyph, &mut Placed { out: &mut out, x: pen, y, scale });
        pen += font.width(&c.to_string(), size);
    }
    Ok(out)
}

/// The contours of `text` running down the page from (`x`, `top`), a
/// quarter turn clockwise, as the PDF sets spine lettering (text matrix
/// `[0 -1 1 0 x top]`): a point (u, v) of the upright text lands at
/// (x + v, top − u).
pub fn outline_down(font: &Font, text: &str, x: f32, top: f32, size: f32) -> Result<Vec<Segment>> {
    let turn = |u: f32, v: f32| (x + v, top - u);
    Ok(outline(font, text, 0.0, 0.0, size)?
        .into_iter()
        .map(|s| match s {
            Segment::Move(a, b) => {
                let (a, b) = turn(a, b);
                Segment::Move(a, b)
            }
            Segment::Line(a, b) => {
                let (a, b) = turn(a, b);
                Segment::Line(a, b)
            }
            Segment::Quad(a, b, c, d) => {
                let ((a, b), (c, d)) = (turn(a, b), turn(c, d));
                Segment::Quad(a, b, c, d)
            }
            Segment::Cubic(a, b, c, d, e, f) => {
                let ((a, b), (c, d), (e, f)) = (turn(a, b), turn(c, d), turn(e, f));
                Segment::Cubic(a, b, c, d, e, f)
            }
            Segment::Close => Segment::Close,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdf::fonts::{Fonts, Weight};

    #[test]
    fn a_digit_outline_lies_in_its_box_and_advances_by_the_font_width() {
        let fonts = Fonts::unembedded().unwrap();
        let font = fonts.get(Weight::Bold);
        let one = outline(font, "8", 100.0, 50.0, 20.0).unwrap();
        assert!(matches!(one[0], Segment::Move(..)) && one.contains(&Segment::Close));
        let points: Vec<(f32, f32)> = one
            .iter()
            .filter_map(|s| match *s {
                Segment::Move(x, y) | Segment::Line(x, y) | Segment::Quad(_, _, x, y) | Segment::Cubic(_, _, _, _, x, y) => Some((x, y)),
                Segment::Close => None,
            })
            .collect();
        let width = font.width("8", 20.0);
        // An 8 sits on the baseline and reaches about the cap height.
        let (low, high) = points.iter().fold((f32::MAX, f32::MIN), |(l, h), p| (l.min(p.1), h.max(p.1)));
        assert!((low - 50.0).abs() < 1.0 && (high - 50.0 - 20.0 * 0.729).abs() < 1.0, "{low} {high}");
        assert!(points.iter().all(|p| p.0 > 100.0 && p.0 < 100.0 + width), "inside its advance");
        // The second glyph of "88" is the first moved by one advance.
        let two = outline(font, "88", 100.0, 50.0, 20.0).unwrap();
        assert_eq!(two.len(), 2 * one.len());
        match (one[0], two[one.len()]) {
            (Segment::Move(x0, y0), Segment::Move(x1, y1)) => assert!((x1 - x0 - width).abs() < 1e-3 && y0 == y1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn text_down_is_the_upright_outline_turned_a_quarter_clockwise() {
        let fonts = Fonts::unembedded().unwrap();
        let font = fonts.get(Weight::Regular);
        let upright = outline(font, "Ab", 0.0, 0.0, 12.0).unwrap();
        let down = outline_down(font, "Ab", 30.0, 200.0, 12.0).unwrap();
        assert_eq!(upright.len(), down.len());
        for (u, d) in upright.iter().zip(&down) {
            match (*u, *d) {
                (Segment::Move(a, b), Segment::Move(x, y)) | (Segment::Line(a, b), Segment::Line(x, y)) => {
                    assert!((x - (30.0 + b)).abs() < 1e-4 && (y - (200.0 - a)).abs() < 1e-4, "{u:?} → {d:?}")
                }
                (Segment::Quad(..), Segment::Quad(..)) | (Segment::Cubic(..), Segment::Cubic(..)) | (Segment::Close, Segment::Close) => {}
                other => panic!("{other:?}"),
            }
        }
        // The text runs down: its far end is a text width below the top,
        // its letters stand right of the baseline.
        let ys: Vec<f32> = down.iter().filter_map(|s| if let Segment::Line(_, y) = s { Some(*y) } else { None }).collect();
        let low = ys.iter().copied().fold(f32::MAX, f32::min);
        assert!(low < 200.0 - font.width("A", 12.0) && low > 200.0 - font.width("Ab", 12.0) - 1.0, "{low}");
    }
}
