//! A page being drawn: a list of printpdf operations with the few drawing
//! verbs the book needs. Coordinates are points from the bottom-left.

use super::fonts::{CAP_HEIGHT, Fonts, Weight};
use printpdf::{
    Color, Greyscale, Line, LinePoint, Op, PaintMode, PdfFontHandle, Point, Polygon, PolygonRing, Pt, TextItem, TextMatrix, WindingOrder,
};

/// Grey levels: 0 = black, 1 = white. Print needs fills of at least 10 %.
pub const BLACK: f32 = 0.0;
pub const FADED: f32 = 0.72;
pub const LIGHT_FILL: f32 = 0.88;

pub struct Canvas<'a> {
    pub fonts: &'a Fonts,
    pub ops: Vec<Op>,
}

fn grey(level: f32) -> Color {
    Color::Greyscale(Greyscale { percent: level, icc_profile: None })
}

fn point(x: f32, y: f32) -> LinePoint {
    LinePoint { p: Point { x: Pt(x), y: Pt(y) }, bezier: false }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

impl<'a> Canvas<'a> {
    pub fn new(fonts: &'a Fonts) -> Canvas<'a> {
        Canvas { fonts, ops: Vec::new() }
    }

    /// A straight line (or polyline) of `width` points.
    pub fn line(&mut self, points: &[(f32, f32)], width: f32, level: f32) {
        self.ops.push(Op::SetOutlineColor { col: grey(level) });
        self.ops.push(Op::SetOutlineThickness { pt: Pt(width) });
        self.ops.push(Op::DrawLine { line: Line { points: points.iter().map(|&(x, y)| point(x, y)).collect(), is_closed: false } });
    }

    pub fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, level: f32) {
        self.fill_polygon(&[(x, y), (x + width, y), (x + width, y + height), (x, y + height)], level);
    }

    /// A filled polygon (closed automatically).
    pub fn fill_polygon(&mut self, points: &[(f32, f32)], level: f32) {
        self.ops.push(Op::SetFillColor { col: grey(level) });
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing { points: points.iter().map(|&(x, y)| point(x, y)).collect() }],
                mode: PaintMode::Fill,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    /// Text with its baseline at `y`, aligned on `x`.
    #[allow(clippy::too_many_arguments)] // replaced by a text style in the canvas trait
    pub fn text(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, level: f32, align: Align) {
        let font = self.fonts.get(weight);
        let width = font.width(text, size);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFillColor { col: grey(level) });
        self.ops.push(Op::SetFont { font: PdfFontHandle::External(font.id.clone()), size: Pt(size) });
        // An absolute text matrix: the cursor inside a section is relative.
        self.ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(Pt(left), Pt(y)) });
        self.ops.push(Op::ShowText { items: vec![TextItem::Text(text.to_string())] });
        self.ops.push(Op::EndTextSection);
    }

    /// Text running down the page (a quarter turn clockwise, as a
    /// paperback's spine reads), starting at `top`; the tops of the letters
    /// face right and the baseline is the vertical line at `x`.
    #[allow(clippy::too_many_arguments)] // as `text`
    pub fn text_down(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, level: f32) {
        let font = self.fonts.get(weight);
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFillColor { col: grey(level) });
        self.ops.push(Op::SetFont { font: PdfFontHandle::External(font.id.clone()), size: Pt(size) });
        self.ops.push(Op::SetTextMatrix { matrix: TextMatrix::Raw([0.0, -1.0, 1.0, 0.0, x, top]) });
        self.ops.push(Op::ShowText { items: vec![TextItem::Text(text.to_string())] });
        self.ops.push(Op::EndTextSection);
    }

    /// A glyph centred in the box whose centre is (`cx`, `cy`).
    pub fn centred_glyph(&mut self, text: &str, cx: f32, cy: f32, size: f32, weight: Weight, level: f32) {
        self.text(text, cx, cy - size * CAP_HEIGHT / 2.0, size, weight, level, Align::Centre);
    }
}
