//! Reading a page's content stream: the graphics state (transformation,
//! line width, grey levels, graphics-state parameters), paths as painted,
//! text as shown (every glyph's box from the font's advance widths, ascent
//! and descent through the text and transformation matrices), form
//! XObjects and images; each painted item is checked as it is met.

use super::fonts::{Font, FontCache};
use super::{
    Check, EPSILON, Findings, LIGHTEST_GREY, MAX_INK, MIN_LINE_PT, POINTS_PER_INCH, Rect, Rules, dict_get, inherited, num, resolve,
};
use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId};
use std::rc::Rc;

/// Where items may go on one page.
pub(crate) struct Limits<'a> {
    pub rules: &'a Rules,
    /// The page as cut.
    pub trim: Rect,
    /// The trim minus the margins.
    pub live: Rect,
    pub gutter_in: f32,
    /// Odd pages: the gutter is on the left.
    pub right_hand: bool,
    /// A cover: its zones decide where items may go instead of the live area.
    pub cover: Option<super::cover::Zones>,
}

/// `[a b c d e f]`: a point (x, y) maps to (a x + c y + e, b x + d y + f).
type Matrix = [f32; 6];
const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `m` then `n` (PDF order: m × n).
fn mul(m: &Matrix, n: &Matrix) -> Matrix {
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: &Matrix, (x, y): (f32, f32)) -> (f32, f32) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// How much a matrix scales lengths (the root of its area scale).
fn scale(m: &Matrix) -> f32 {
    (m[0] * m[3] - m[1] * m[2]).abs().sqrt()
}

fn translate(x: f32, y: f32) -> Matrix {
    [1.0, 0.0, 0.0, 1.0, x, y]
}

fn bounds(points: &[(f32, f32)]) -> Option<Rect> {
    let first = points.first()?;
    let mut r = Rect { x0: first.0, y0: first.1, x1: first.0, y1: first.1 };
    for &(x, y) in points {
        r = Rect { x0: r.x0.min(x), y0: r.y0.min(y), x1: r.x1.max(x), y1: r.y1.max(y) };
    }
    Some(r)
}

#[derive(Clone, Copy, PartialEq)]
enum Space {
    Grey,
    Rgb,
    Cmyk,
    Other,
}

/// The grey level of a colour, when it is a grey.
fn grey_of(space: Space, values: &[f32]) -> Option<f32> {
    match (space, values) {
        (Space::Grey, [g]) => Some(*g),
        (Space::Rgb, [r, g, b]) if (r - g).abs() < 1e-3 && (g - b).abs() < 1e-3 => Some(*r),
        (Space::Cmyk, [c, m, y, k]) if c.abs() < 1e-3 && m.abs() < 1e-3 && y.abs() < 1e-3 => Some(1.0 - k),
        _ => None,
    }
}

fn space_named(name: &[u8]) -> Space {
    match name {
        b"DeviceGray" | b"CalGray" | b"G" => Space::Grey,
        b"DeviceRGB" | b"CalRGB" | b"RGB" => Space::Rgb,
        b"DeviceCMYK" | b"CMYK" => Space::Cmyk,
        _ => Space::Other,
    }
}

/// The graphics state saved by `q` and restored by `Q`.
#[derive(Clone)]
struct State {
    ctm: Matrix,
    line_width: f32,
    fill: Option<f32>,
    stroke: Option<f32>,
    fill_space: Space,
    stroke_space: Space,
    font: Option<Rc<Font>>,
    font_name: String,
    size: f32,
    char_spacing: f32,
    word_spacing: f32,
    h_scale: f32,
    leading: f32,
    rise: f32,
    render_mode: i64,
}

impl State {
    fn new(ctm: Matrix) -> State {
        State {
            ctm,
            line_width: 1.0,
            fill: Some(0.0),
            stroke: Some(0.0),
            fill_space: Space::Grey,
            stroke_space: Space::Grey,
            font: None,
            font_name: String::new(),
            size: 0.0,
            char_spacing: 0.0,
            word_spacing: 0.0,
            h_scale: 1.0,
            leading: 0.0,
            rise: 0.0,
            render_mode: 0,
        }
    }
}

struct Reader<'a> {
    doc: &'a Document,
    number: usize,
    limits: &'a Limits<'a>,
    fonts: &'a mut FontCache,
    findings: &'a mut Findings,
    painted: bool,
}

/// Checks one page's content; returns whether anything was painted on it.
pub(crate) fn check_page(
    doc: &Document,
    page: ObjectId,
    number: usize,
    limits: &Limits,
    fonts: &mut FontCache,
    findings: &mut Findings,
) -> bool {
    let resources = inherited(doc, page, b"Resources").and_then(|r| r.as_dict().ok());
    let mut reader = Reader { doc, number, limits, fonts, findings, painted: false };
    if let Ok(page_dict) = doc.get_dictionary(page) {
        reader.group_check(page_dict, "the page");
    }
    let bytes = doc.get_page_content(page);
    reader.run(&bytes, resources, State::new(IDENTITY), 0);
    reader.painted
}

/// A size to one decimal, or two when one would round it to another value.
fn points(v: f32) -> String {
    if ((v * 10.0).round() / 10.0 - v).abs() < 0.004 { format!("{v:.1}") } else { format!("{v:.2}") }
}

fn text_of(s: &str) -> String {
    let short: String = s.chars().take(40).collect();
    if short.len() < s.len() { format!("{short}…") } else { short }
}

impl Reader<'_> {
    fn add(&mut self, check: Check, key: String, item: String, rule: String) {
        self.findings.add(Some(self.number), check, key, item, rule);
    }

    /// A transparency group on a page or form.
    fn group_check(&mut self, dict: &Dictionary, what: &str) {
        let group = dict_get(self.doc, dict, b"Group").and_then(|g| g.as_dict().ok());
        if group.and_then(|g| dict_get(self.doc, g, b"S")).and_then(|s| s.as_name().ok()) == Some(b"Transparency") {
            self.add(Check::Transparency, format!("group {what}"), format!("{what}'s /Group"), "is a transparency group".into());
        }
    }

    /// Fonts of a resource dictionary: each judged once for embedding.
    fn font_check(&mut self, resources: Option<&Dictionary>) {
        let Some(fonts) = resources.and_then(|r| dict_get(self.doc, r, b"Font")).and_then(|f| f.as_dict().ok()) else { return };
        for (name, entry) in fonts.iter() {
            let (font, first) = self.fonts.get(self.doc, entry);
            if let (true, Some(why)) = (first, &font.not_embedded) {
                let name = String::from_utf8_lossy(name);
                self.add(
                    Check::FontEmbedding,
                    format!("{name}{}", font.base_name),
                    format!("font /{name} ({})", font.base_name),
                    format!("not embedded: {why}"),
                );
            }
        }
    }

    fn run(&mut self, bytes: &[u8], resources: Option<&Dictionary>, state: State, depth: usize) {
        self.font_check(resources);
        let content = match Content::decode(bytes) {
            Ok(c) => c,
            Err(e) => {
                self.add(Check::Unreadable, "content".into(), "the content stream".into(), format!("cannot be decoded: {e}"));
                return;
            }
        };
        let doc = self.doc;
        let resource = |kind: &[u8], name: &[u8]| -> Option<&Object> {
            let dict = dict_get(doc, resources?, kind)?.as_dict().ok()?;
            dict.get(name).ok()
        };
        let mut gs = state;
        let mut stack: Vec<State> = Vec::new();
        let mut path: Vec<(f32, f32)> = Vec::new();
        let (mut current, mut start) = ((0.0, 0.0), (0.0, 0.0));
        let (mut tm, mut tlm) = (IDENTITY, IDENTITY);
        for op in &content.operations {
            let args: Vec<f32> = op.operands.iter().filter_map(num).collect();
            let arg = |i: usize| args.get(i).copied().unwrap_or(0.0);
            let name_arg = || op.operands.first().and_then(|o| o.as_name().ok()).unwrap_or(b"");
            match op.operator.as_str() {
                "q" => stack.push(gs.clone()),
                "Q" => gs = stack.pop().unwrap_or_else(|| gs.clone()),
                "cm" if args.len() == 6 => gs.ctm = mul(&[arg(0), arg(1), arg(2), arg(3), arg(4), arg(5)], &gs.ctm),
                "w" => gs.line_width = arg(0),
                "g" => (gs.fill_space, gs.fill) = (Space::Grey, Some(arg(0))),
                "G" => (gs.stroke_space, gs.stroke) = (Space::Grey, Some(arg(0))),
                "rg" => (gs.fill_space, gs.fill) = (Space::Rgb, grey_of(Space::Rgb, &args)),
                "RG" => (gs.stroke_space, gs.stroke) = (Space::Rgb, grey_of(Space::Rgb, &args)),
                "k" => {
                    self.ink_check(&args);
                    (gs.fill_space, gs.fill) = (Space::Cmyk, grey_of(Space::Cmyk, &args));
                }
                "K" => {
                    self.ink_check(&args);
                    (gs.stroke_space, gs.stroke) = (Space::Cmyk, grey_of(Space::Cmyk, &args));
                }
                "cs" => {
                    gs.fill_space = space_named(name_arg());
                    gs.fill = (gs.fill_space != Space::Other).then_some(0.0);
                }
                "CS" => {
                    gs.stroke_space = space_named(name_arg());
                    gs.stroke = (gs.stroke_space != Space::Other).then_some(0.0);
                }
                "sc" | "scn" => {
                    if gs.fill_space == Space::Cmyk {
                        self.ink_check(&args);
                    }
                    gs.fill = grey_of(gs.fill_space, &args);
                }
                "SC" | "SCN" => {
                    if gs.stroke_space == Space::Cmyk {
                        self.ink_check(&args);
                    }
                    gs.stroke = grey_of(gs.stroke_space, &args);
                }
                "gs" => {
                    if let Some(ext) = resource(b"ExtGState", name_arg()).map(|o| resolve(doc, o)).and_then(|o| o.as_dict().ok()) {
                        if let Some(w) = dict_get(doc, ext, b"LW").and_then(num) {
                            gs.line_width = w;
                        }
                        self.ext_gstate_check(String::from_utf8_lossy(name_arg()).as_ref(), ext);
                    }
                }
                "m" => {
                    current = (arg(0), arg(1));
                    start = current;
                    path.push(apply(&gs.ctm, current));
                }
                "l" => {
                    current = (arg(0), arg(1));
                    path.push(apply(&gs.ctm, current));
                }
                "c" | "v" | "y" => {
                    let (c1, c2, end) = match op.operator.as_str() {
                        "c" => ((arg(0), arg(1)), (arg(2), arg(3)), (arg(4), arg(5))),
                        "v" => (current, (arg(0), arg(1)), (arg(2), arg(3))),
                        _ => ((arg(0), arg(1)), (arg(2), arg(3)), (arg(2), arg(3))),
                    };
                    // The curve itself, not its control points: sampled.
                    for k in 1..=16 {
                        let t = k as f32 / 16.0;
                        let u = 1.0 - t;
                        let at = |p0: f32, p1: f32, p2: f32, p3: f32| {
                            u * u * u * p0 + 3.0 * u * u * t * p1 + 3.0 * u * t * t * p2 + t * t * t * p3
                        };
                        path.push(apply(&gs.ctm, (at(current.0, c1.0, c2.0, end.0), at(current.1, c1.1, c2.1, end.1))));
                    }
                    current = end;
                }
                "h" => current = start,
                "re" => {
                    let (x, y, w, h) = (arg(0), arg(1), arg(2), arg(3));
                    path.extend([(x, y), (x + w, y), (x + w, y + h), (x, y + h)].map(|p| apply(&gs.ctm, p)));
                    current = (x, y);
                    start = current;
                }
                "S" | "s" => self.stroke(&std::mem::take(&mut path), &gs),
                "f" | "F" | "f*" => self.fill(&std::mem::take(&mut path), &gs),
                "B" | "B*" | "b" | "b*" => {
                    let points = std::mem::take(&mut path);
                    self.fill(&points, &gs);
                    self.stroke(&points, &gs);
                }
                "n" => path.clear(),
                "sh" => self.painted = true,
                "BT" => (tm, tlm) = (IDENTITY, IDENTITY),
                "Tf" => {
                    gs.font_name = String::from_utf8_lossy(name_arg()).into_owned();
                    gs.size = op.operands.get(1).and_then(num).unwrap_or(0.0);
                    gs.font = resource(b"Font", name_arg()).map(|entry| self.fonts.get(doc, entry).0);
                }
                "Tc" => gs.char_spacing = arg(0),
                "Tw" => gs.word_spacing = arg(0),
                "Tz" => gs.h_scale = arg(0) / 100.0,
                "TL" => gs.leading = arg(0),
                "Ts" => gs.rise = arg(0),
                "Tr" => gs.render_mode = op.operands.first().and_then(|o| o.as_i64().ok()).unwrap_or(0),
                "Td" | "TD" => {
                    if op.operator == "TD" {
                        gs.leading = -arg(1);
                    }
                    tlm = mul(&translate(arg(0), arg(1)), &tlm);
                    tm = tlm;
                }
                "Tm" if args.len() == 6 => {
                    tlm = [arg(0), arg(1), arg(2), arg(3), arg(4), arg(5)];
                    tm = tlm;
                }
                "T*" | "'" | "\"" => {
                    if op.operator == "\"" {
                        (gs.word_spacing, gs.char_spacing) = (arg(0), arg(1));
                    }
                    tlm = mul(&translate(0.0, -gs.leading), &tlm);
                    tm = tlm;
                    if let Some(Object::String(bytes, _)) = op.operands.last() {
                        self.show(&[Object::String(bytes.clone(), lopdf::StringFormat::Literal)], &gs, &mut tm);
                    }
                }
                "Tj" => self.show(&op.operands[..op.operands.len().min(1)], &gs, &mut tm),
                "TJ" => {
                    if let Some(Ok(parts)) = op.operands.first().map(Object::as_array) {
                        self.show(parts, &gs, &mut tm);
                    }
                }
                "Do" => {
                    let name = String::from_utf8_lossy(name_arg()).into_owned();
                    if let Some(entry) = resource(b"XObject", name_arg()) {
                        self.xobject(&name, entry, resources, &gs, depth);
                    }
                }
                "BI" | "EI" => self.image("an inline image", &gs),
                _ => {}
            }
        }
    }

    /// A CMYK colour over the printers' total ink limit.
    fn ink_check(&mut self, cmyk: &[f32]) {
        let total: f32 = cmyk.iter().take(4).sum();
        if cmyk.len() == 4 && total > MAX_INK + 1e-3 {
            let parts: Vec<String> = cmyk.iter().map(|v| format!("{:.0}", v * 100.0)).collect();
            self.add(
                Check::InkCoverage,
                format!("ink {}", parts.join("/")),
                format!("a CMYK colour {} ({:.0} % ink)", parts.join("/"), total * 100.0),
                format!("over the {:.0} % total ink printers allow", MAX_INK * 100.0),
            );
        }
    }

    fn ext_gstate_check(&mut self, name: &str, ext: &Dictionary) {
        let doc = self.doc;
        let mut uses = Vec::new();
        for key in [&b"CA"[..], b"ca"] {
            if let Some(alpha) = dict_get(doc, ext, key).and_then(num).filter(|a| *a < 1.0) {
                uses.push(format!("/{} {alpha}", String::from_utf8_lossy(key)));
            }
        }
        if dict_get(doc, ext, b"SMask").is_some_and(|m| m.as_name().ok() != Some(b"None")) {
            uses.push("a soft mask".into());
        }
        let modes: Vec<Vec<u8>> = match dict_get(doc, ext, b"BM") {
            Some(Object::Name(n)) => vec![n.clone()],
            Some(Object::Array(list)) => list.iter().filter_map(|o| o.as_name().ok().map(<[u8]>::to_vec)).collect(),
            _ => Vec::new(),
        };
        if let Some(mode) = modes.iter().find(|m| m.as_slice() != b"Normal" && m.as_slice() != b"Compatible") {
            uses.push(format!("blend mode /{}", String::from_utf8_lossy(mode)));
        }
        if !uses.is_empty() {
            let what = uses.join(", ");
            self.add(
                Check::Transparency,
                format!("gs {name} {what}"),
                format!("graphics state /{name}"),
                format!("uses transparency ({what})"),
            );
        }
    }

    fn xobject(&mut self, name: &str, entry: &Object, resources: Option<&Dictionary>, gs: &State, depth: usize) {
        let doc = self.doc;
        let Ok(stream) = resolve(doc, entry).as_stream() else { return };
        let subtype = dict_get(doc, &stream.dict, b"Subtype").and_then(|s| s.as_name().ok()).unwrap_or(b"");
        if subtype == b"Image" {
            if dict_get(doc, &stream.dict, b"SMask").is_some() {
                self.add(Check::Transparency, format!("smask {name}"), format!("image /{name}"), "has a soft mask (transparency)".into());
            }
            self.image(&format!("image /{name}"), gs);
            return;
        }
        if subtype != b"Form" || depth >= 12 {
            return;
        }
        self.group_check(&stream.dict, &format!("form /{name}"));
        let matrix: Vec<f32> = dict_get(doc, &stream.dict, b"Matrix")
            .and_then(|m| m.as_array().ok())
            .map(|m| m.iter().filter_map(|o| num(resolve(doc, o))).collect())
            .unwrap_or_default();
        let matrix: Matrix = matrix.try_into().unwrap_or(IDENTITY);
        let own = dict_get(doc, &stream.dict, b"Resources").and_then(|r| r.as_dict().ok());
        let mut inner = gs.clone();
        inner.ctm = mul(&matrix, &gs.ctm);
        let bytes = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
        self.run(&bytes, own.or(resources), inner, depth + 1);
    }

    /// An image fills the unit square of its transformation.
    fn image(&mut self, what: &str, gs: &State) {
        self.painted = true;
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map(|p| apply(&gs.ctm, p));
        if let Some(b) = bounds(&corners) {
            self.place(b, "drawing", format!("{what} at ({:.1}, {:.1})", b.x0, b.y0), true);
        }
    }

    fn grey_check(&mut self, level: Option<f32>, what: &str, at: (f32, f32)) {
        let Some(g) = level else { return };
        if g > LIGHTEST_GREY + 1e-4 && g < 1.0 - 1e-4 {
            self.add(
                Check::LightGrey,
                format!("{what} {g:.3}"),
                format!("{what} of grey level {g:.3} ({:.1} % ink) at ({:.1}, {:.1})", (1.0 - g) * 100.0, at.0, at.1),
                format!("lighter than the {:.0} % minimum", (1.0 - LIGHTEST_GREY) * 100.0),
            );
        }
    }

    fn stroke(&mut self, points: &[(f32, f32)], gs: &State) {
        let Some(b) = bounds(points) else { return };
        self.painted = true;
        let width = gs.line_width * scale(&gs.ctm);
        let at = (b.x0, b.y0);
        if width < MIN_LINE_PT - EPSILON {
            self.add(
                Check::LineWidth,
                format!("{width:.3}"),
                format!("a stroked line of width {width:.2} pt at ({:.1}, {:.1})", at.0, at.1),
                format!("under the {MIN_LINE_PT} pt minimum"),
            );
        }
        self.grey_check(gs.stroke, "a stroke", at);
        // Zero width is the thinnest line the device draws: no extent.
        let half = width.max(0.0) / 2.0;
        let inked = Rect { x0: b.x0 - half, y0: b.y0 - half, x1: b.x1 + half, y1: b.y1 + half };
        if gs.stroke != Some(1.0) {
            self.place(
                inked,
                "drawing",
                format!("a line of width {width:.2} pt from ({:.1}, {:.1}) to ({:.1}, {:.1})", b.x0, b.y0, b.x1, b.y1),
                false,
            );
        }
    }

    fn fill(&mut self, points: &[(f32, f32)], gs: &State) {
        let Some(b) = bounds(points) else { return };
        self.painted = true;
        self.grey_check(gs.fill, "a fill", (b.x0, b.y0));
        // White paints nothing on white paper; a fill past the trim in a bled
        // book is meant to bleed.
        if gs.fill != Some(1.0) {
            let level = gs.fill.map_or(String::new(), |g| format!(" of grey {g:.2}"));
            self.place(b, "drawing", format!("a fill{level} from ({:.1}, {:.1}) to ({:.1}, {:.1})", b.x0, b.y0, b.x1, b.y1), true);
        }
    }

    fn bleeds(&self, b: &Rect) -> bool {
        let t = &self.limits.trim;
        self.limits.rules.bleed && (b.x0 < t.x0 - EPSILON || b.y0 < t.y0 - EPSILON || b.x1 > t.x1 + EPSILON || b.y1 > t.y1 + EPSILON)
    }

    /// Checks where an item stands: on a cover against its zones, on a page
    /// against the live area (`may_bleed`: a fill or image past the trim of
    /// a bled book is meant to bleed).
    fn place(&mut self, b: Rect, kind: &str, item: String, may_bleed: bool) {
        if let Some(zones) = self.limits.cover {
            if let Some((check, key, rule)) = zones.judge(&b, kind == "text") {
                self.add(check, format!("{kind} {key}"), item, rule);
            }
            return;
        }
        if may_bleed && self.bleeds(&b) {
            return;
        }
        self.live_check(b, kind, item);
    }

    /// Which margin an item's box reaches into, if any.
    fn live_check(&mut self, b: Rect, kind: &str, item: String) {
        let (live, trim, l) = (self.limits.live, self.limits.trim, self.limits);
        let inch = |pt: f32| pt / POINTS_PER_INCH;
        let (gutter, margin) = (l.gutter_in, l.rules.margin_in());
        let (left, right) = if l.right_hand { ("gutter (left)", "outside (right)") } else { ("outside (left)", "gutter (right)") };
        let (left_need, right_need) = if l.right_hand { (gutter, margin) } else { (margin, gutter) };
        let breach = if b.x0 < live.x0 - EPSILON {
            Some((left, inch(b.x0 - trim.x0), left_need))
        } else if b.x1 > live.x1 + EPSILON {
            Some((right, inch(trim.x1 - b.x1), right_need))
        } else if b.y0 < live.y0 - EPSILON {
            Some(("bottom", inch(b.y0 - trim.y0), margin))
        } else if b.y1 > live.y1 + EPSILON {
            Some(("top", inch(trim.y1 - b.y1), margin))
        } else {
            None
        };
        if let Some((side, distance, need)) = breach {
            self.add(
                Check::LiveArea,
                format!("{kind} {side}"),
                item,
                format!("in the {side} margin: {distance:.3} in from the trim edge, the margin is {need} in"),
            );
        }
    }

    /// Shows strings (and `TJ` adjustments) in the current font; checks
    /// each string's size, grey and glyph boxes.
    fn show(&mut self, parts: &[Object], gs: &State, tm: &mut Matrix) {
        let Some(font) = gs.font.clone() else {
            if parts.iter().any(|p| matches!(p, Object::String(..))) {
                self.add(Check::Unreadable, "nofont".into(), "text".into(), "shown without a font set (Tf)".into());
            }
            return;
        };
        let (size, th) = (gs.size, gs.h_scale);
        let start = mul(tm, &gs.ctm);
        let mut text = String::new();
        let mut glyphs: Vec<(f32, f32)> = Vec::new();
        for part in parts {
            match part {
                Object::String(bytes, _) => {
                    for code in font.codes(bytes) {
                        let w0 = font.width(code);
                        let glyph = font.text(code);
                        if !glyph.trim().is_empty() {
                            let trm = mul(tm, &gs.ctm);
                            let (y0, y1) = (font.descent * size + gs.rise, font.ascent * size + gs.rise);
                            let x1 = w0 * size * th;
                            glyphs.extend([(0.0, y0), (x1, y0), (x1, y1), (0.0, y1)].map(|p| apply(&trm, p)));
                        }
                        text.push_str(&glyph);
                        let spacing = if !font.two_byte && code == 32 { gs.word_spacing } else { 0.0 };
                        *tm = mul(&translate((w0 * size + gs.char_spacing + spacing) * th, 0.0), tm);
                    }
                }
                adjust => {
                    if let Some(n) = num(adjust) {
                        *tm = mul(&translate(-n / 1000.0 * size * th, 0.0), tm);
                    }
                }
            }
        }
        // Invisible text (render mode 3, 7: clipping only) prints nothing.
        let Some(b) = bounds(&glyphs).filter(|_| gs.render_mode != 3 && gs.render_mode != 7) else { return };
        self.painted = true;
        let shown = text_of(text.trim());
        let effective = size * scale(&start);
        let (x, y) = (start[4], start[5]);
        let size_text = points(effective);
        let describe = || format!("text '{shown}' {size_text} pt at ({x:.1}, {y:.1}) in font /{} ({})", gs.font_name, font.base_name);
        let min = self.limits.rules.min_text_pt;
        if effective < min - EPSILON {
            let why = if self.limits.rules.large_print { " of a large-print book" } else { "" };
            self.add(Check::TextSize, format!("{shown}|{size_text}"), describe(), format!("under the {min} pt minimum{why}"));
        }
        let fills = matches!(gs.render_mode, 0 | 2 | 4 | 6);
        self.grey_check(if fills { gs.fill } else { gs.stroke }, "text", (x, y));
        self.place(b, "text", describe(), false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrices_compose_in_pdf_order() {
        let m = mul(&translate(10.0, 0.0), &[2.0, 0.0, 0.0, 2.0, 5.0, 5.0]);
        assert_eq!(apply(&m, (1.0, 1.0)), (27.0, 7.0));
        assert_eq!(scale(&[2.0, 0.0, 0.0, 2.0, 0.0, 0.0]), 2.0);
    }

    #[test]
    fn greys_from_every_colour_space() {
        assert_eq!(grey_of(Space::Grey, &[0.95]), Some(0.95));
        assert_eq!(grey_of(Space::Rgb, &[0.5, 0.5, 0.5]), Some(0.5));
        assert_eq!(grey_of(Space::Rgb, &[0.5, 0.2, 0.5]), None);
        assert_eq!(grey_of(Space::Cmyk, &[0.0, 0.0, 0.0, 0.05]), Some(0.95));
    }
}
