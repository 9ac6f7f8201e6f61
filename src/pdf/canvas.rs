//! The drawing verbs the renderers use ([`Surface`]), and the PDF page
//! that implements them ([`Canvas`]: a list of printpdf operations). Other
//! back ends (SVG, EPS, a recorder for tests) live in `crate::art`; a
//! geometry draws itself on any of them. Coordinates are points from the
//! bottom-left.

use super::fonts::{CAP_HEIGHT, Fonts, Weight};
use printpdf::{
    Cmyk, Color, Greyscale, Line, LineDashPattern, LinePoint, Op, PaintMode, PdfFontHandle, Point, Polygon, PolygonRing, Pt, TextItem,
    TextMatrix, WindingOrder, XObjectId, XObjectTransform,
};

/// Grey levels: 0 = black, 1 = white. Print needs fills of at least 10 %.
pub const BLACK: f32 = 0.0;
pub const FADED: f32 = 0.72;
/// Small grey text a reader must still read on cream paper (running heads,
/// "Solution on page N", corner marks): 55 % ink.
pub const QUIET: f32 = 0.45;
pub const LIGHT_FILL: f32 = 0.88;
/// The shade of a highlighted cell (darker than an island's fill).
pub const HIGHLIGHT: f32 = 0.76;
/// How much darker a highlighted cell is than the grey it has unhighlighted.
const HIGHLIGHT_STEP: f32 = 0.12;

/// The shade of a highlighted cell that shows grey `under` without the
/// highlight (white, an island's light fill, Tridoku's edge grey):
/// `HIGHLIGHT`, or darker where that would not stand out.
pub fn highlight_over(under: f32) -> f32 {
    HIGHLIGHT.min(under - HIGHLIGHT_STEP)
}

/// The light shade of a cell that loses a pencilled candidate (the
/// studio's solving path) over grey `under`: lighter than a highlight.
pub fn struck_over(under: f32) -> f32 {
    0.9f32.min(under - HIGHLIGHT_STEP / 2.0)
}
pub const WHITE: f32 = 1.0;

/// A print colour in process inks, each 0–1 (a cover's themes): cyan,
/// magenta, yellow, black. Pages print in grey; a surface without colour
/// draws an ink as the grey of its lightness ([`Ink::grey`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ink {
    pub c: f32,
    pub m: f32,
    pub y: f32,
    pub k: f32,
}

impl Ink {
    pub const fn cmyk(c: f32, m: f32, y: f32, k: f32) -> Ink {
        Ink { c, m, y, k }
    }

    /// Paper white (no ink).
    pub const PAPER: Ink = Ink::cmyk(0.0, 0.0, 0.0, 0.0);

    /// Total ink, 0–4 (1 is 100 %): printers ask at most 240 % on a cover.
    pub fn coverage(self) -> f32 {
        self.c + self.m + self.y + self.k
    }

    /// The screen's approximation (0–1 each): (1 − c)(1 − k) and so on.
    pub fn rgb(self) -> [f32; 3] {
        [(1.0 - self.c) * (1.0 - self.k), (1.0 - self.m) * (1.0 - self.k), (1.0 - self.y) * (1.0 - self.k)]
    }

    /// The grey of the same lightness (0 black, 1 white).
    pub fn grey(self) -> f32 {
        let [r, g, b] = self.rgb();
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// `self` at share `t` (0–1) over `under`, ink by ink.
    pub fn mix(self, under: Ink, t: f32) -> Ink {
        let at = |a: f32, b: f32| b + (a - b) * t;
        Ink { c: at(self.c, under.c), m: at(self.m, under.m), y: at(self.y, under.y), k: at(self.k, under.k) }
    }
}

/// What a renderer may draw with, on any back end.
pub trait Surface {
    /// The fonts text is measured (and set) with.
    fn fonts(&self) -> &Fonts;
    /// A straight line (or polyline) of `width` points at grey `level`.
    fn line(&mut self, points: &[(f32, f32)], width: f32, level: f32);
    /// A filled polygon (closed automatically).
    fn fill_polygon(&mut self, points: &[(f32, f32)], level: f32);
    /// Text whose baseline starts at (`x`, `y`).
    fn text_from(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, level: f32);
    /// Text running down the page (a quarter turn clockwise, as a
    /// paperback's spine reads), starting at `top`; the tops of the letters
    /// face right and the baseline is the vertical line at `x`.
    fn text_down(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, level: f32);

    /// A filled polygon in a print colour (grey of its lightness where the
    /// back end has no colour).
    fn fill_polygon_ink(&mut self, points: &[(f32, f32)], ink: Ink) {
        self.fill_polygon(points, ink.grey());
    }

    /// A line in a print colour.
    fn line_ink(&mut self, points: &[(f32, f32)], width: f32, ink: Ink) {
        self.line(points, width, ink.grey());
    }

    /// Text in a print colour, its baseline starting at (`x`, `y`).
    #[allow(clippy::too_many_arguments)]
    fn text_from_ink(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, ink: Ink) {
        self.text_from(text, x, y, size, weight, ink.grey());
    }

    /// Text running down the page in a print colour (as [`Surface::text_down`]).
    #[allow(clippy::too_many_arguments)]
    fn text_down_ink(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, ink: Ink) {
        self.text_down(text, x, top, size, weight, ink.grey());
    }

    /// The picture the page was given (a cover's front image) filling the
    /// box at (`x`, `y`), `width` × `height`; a back end without it draws
    /// a mid-grey box in its place.
    fn picture(&mut self, x: f32, y: f32, width: f32, height: f32) {
        self.fill_rect(x, y, width, height, 0.5);
    }

    /// A dashed polyline: `dash` points drawn, `gap` points left out, the
    /// pattern running on across the corners. Back ends without dashes of
    /// their own draw each dash as a line.
    fn dashed_line(&mut self, points: &[(f32, f32)], width: f32, level: f32, dash: f32, gap: f32) {
        for piece in dashes(points, dash, gap) {
            self.line(&piece, width, level);
        }
    }

    fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, level: f32) {
        self.fill_polygon(&[(x, y), (x + width, y), (x + width, y + height), (x, y + height)], level);
    }

    /// Text with its baseline at `y`, aligned on `x`.
    #[allow(clippy::too_many_arguments)]
    fn text(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, level: f32, align: Align) {
        let width = self.fonts().get(weight).width(text, size);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        self.text_from(text, left, y, size, weight, level);
    }

    /// A glyph centred in the box whose centre is (`cx`, `cy`).
    fn centred_glyph(&mut self, text: &str, cx: f32, cy: f32, size: f32, weight: Weight, level: f32) {
        self.text(text, cx, cy - size * CAP_HEIGHT / 2.0, size, weight, level, Align::Centre);
    }
}

/// The dashes of a polyline: the drawn pieces, each a polyline of its own
/// (a dash that turns a corner keeps the corner).
pub fn dashes(points: &[(f32, f32)], dash: f32, gap: f32) -> Vec<Vec<(f32, f32)>> {
    if dash <= 0.0 || gap <= 0.0 || points.len() < 2 {
        return vec![points.to_vec()];
    }
    // Distance along the line to each vertex.
    let mut along = vec![0.0f32];
    for pair in points.windows(2) {
        let last = along[along.len() - 1];
        along.push(last + (pair[1].0 - pair[0].0).hypot(pair[1].1 - pair[0].1));
    }
    let total = along[along.len() - 1];
    let point_at = |d: f32| {
        let i = (1..points.len()).find(|&i| along[i] >= d).unwrap_or(points.len() - 1);
        let (a, b) = (points[i - 1], points[i]);
        let length = along[i] - along[i - 1];
        let t = if length > 0.0 { (d - along[i - 1]) / length } else { 0.0 };
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    };
    let mut out = Vec::new();
    let mut start = 0.0;
    while start < total {
        let end = (start + dash).min(total);
        let mut piece = vec![point_at(start)];
        piece.extend((1..points.len() - 1).filter(|&i| along[i] > start && along[i] < end).map(|i| points[i]));
        piece.push(point_at(end));
        out.push(piece);
        start += dash + gap;
    }
    out
}

/// A PDF page being drawn.
pub struct Canvas<'a> {
    pub fonts: &'a Fonts,
    pub ops: Vec<Op>,
    /// The image `picture` places (added to the document beforehand).
    pub image: Option<XObjectId>,
}

fn grey(level: f32) -> Color {
    Color::Greyscale(Greyscale { percent: level, icc_profile: None })
}

fn cmyk(ink: Ink) -> Color {
    Color::Cmyk(Cmyk { c: ink.c, m: ink.m, y: ink.y, k: ink.k, icc_profile: None })
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
        Canvas { fonts, ops: Vec::new(), image: None }
    }
}

impl Surface for Canvas<'_> {
    fn fonts(&self) -> &Fonts {
        self.fonts
    }

    fn line(&mut self, points: &[(f32, f32)], width: f32, level: f32) {
        self.line_in(points, width, grey(level));
    }

    fn picture(&mut self, x: f32, y: f32, width: f32, height: f32) {
        let Some(id) = self.image.clone() else {
            self.fill_rect(x, y, width, height, 0.5);
            return;
        };
        let transform = XObjectTransform {
            translate_x: Some(Pt(x)),
            translate_y: Some(Pt(y)),
            scale_x: Some(width),
            scale_y: Some(height),
            no_auto_scale: true,
            ..Default::default()
        };
        self.ops.push(Op::UseXobject { id, transform });
    }

    fn line_ink(&mut self, points: &[(f32, f32)], width: f32, ink: Ink) {
        self.line_in(points, width, cmyk(ink));
    }

    fn fill_polygon_ink(&mut self, points: &[(f32, f32)], ink: Ink) {
        self.fill_in(points, cmyk(ink));
    }

    fn text_from_ink(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, ink: Ink) {
        self.text_in(text, TextMatrix::Translate(Pt(x), Pt(y)), size, weight, cmyk(ink));
    }

    fn text_down_ink(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, ink: Ink) {
        self.text_in(text, TextMatrix::Raw([0.0, -1.0, 1.0, 0.0, x, top]), size, weight, cmyk(ink));
    }

    fn dashed_line(&mut self, points: &[(f32, f32)], width: f32, level: f32, dash: f32, gap: f32) {
        self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::new(0.0, &[dash, gap]) });
        Surface::line(self, points, width, level);
        self.ops.push(Op::SetLineDashPattern { dash: LineDashPattern::solid() });
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], level: f32) {
        self.fill_in(points, grey(level));
    }

    fn text_from(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, level: f32) {
        // An absolute text matrix: the cursor inside a section is relative.
        self.text_in(text, TextMatrix::Translate(Pt(x), Pt(y)), size, weight, grey(level));
    }

    fn text_down(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, level: f32) {
        self.text_in(text, TextMatrix::Raw([0.0, -1.0, 1.0, 0.0, x, top]), size, weight, grey(level));
    }
}

impl Canvas<'_> {
    fn line_in(&mut self, points: &[(f32, f32)], width: f32, col: Color) {
        self.ops.push(Op::SetOutlineColor { col });
        self.ops.push(Op::SetOutlineThickness { pt: Pt(width) });
        self.ops.push(Op::DrawLine { line: Line { points: points.iter().map(|&(x, y)| point(x, y)).collect(), is_closed: false } });
    }

    fn fill_in(&mut self, points: &[(f32, f32)], col: Color) {
        self.ops.push(Op::SetFillColor { col });
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing { points: points.iter().map(|&(x, y)| point(x, y)).collect() }],
                mode: PaintMode::Fill,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    fn text_in(&mut self, text: &str, matrix: TextMatrix, size: f32, weight: Weight, col: Color) {
        let font = self.fonts.get(weight);
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFillColor { col });
        self.ops.push(Op::SetFont { font: PdfFontHandle::External(font.id.clone()), size: Pt(size) });
        self.ops.push(Op::SetTextMatrix { matrix });
        self.ops.push(Op::ShowText { items: vec![TextItem::Text(text.to_string())] });
        self.ops.push(Op::EndTextSection);
    }
}
