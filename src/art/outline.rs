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
}
