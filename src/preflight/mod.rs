//! Preflight: reads a finished PDF back and checks it against the print
//! rules of publishing.md (KDP paperback interiors) before it goes to the
//! printer. Nothing here trusts how the book was drawn: the checks read the
//! file itself with lopdf (page boxes, fonts, content streams).
//!
//! The checks:
//! - page count 24–828 and even; no more than two blank pages in a row;
//! - every page's MediaBox is the trim (plus 0.125 in of bleed on the
//!   outside edge and 0.25 in on the height), and its TrimBox is present,
//!   of the trim's size and flush with the spine side;
//! - every font fully embedded (FontFile, FontFile2 or FontFile3 in the
//!   descriptor; for a Type0 font, in each descendant font);
//! - text at least `Rules::min_text_pt` (7 pt; 14 pt in large print);
//! - every glyph's box, stroked path (with half its line width) and image
//!   inside the live area: the trim minus 0.25 in (0.375 in with bleed) on
//!   the outside, top and bottom and the KDP gutter for the page count on
//!   the inside (left of odd pages, right of even ones); a fill that reaches
//!   past the trim edge in a bled book is meant to bleed and passes;
//! - stroked lines at least 0.75 pt wide (after the current transformation);
//! - grey fills, strokes and text of at least 10 % ink: a grey level g
//!   (0 black, 1 white) with 0.9 < g < 1 is too light;
//! - CMYK colours of at most 240 % total ink (printers' limit: more
//!   smears and cracks; a rich black is 50/40/40/100 = 230 %);
//! - no annotations, no encryption, no transparency (constant alpha below 1,
//!   soft masks, blend modes, transparency groups), no empty
//!   `/GTS_PDFXVersion` in the document information.
//!
//! A paperback cover (`Rules::cover`) is checked by its own rules
//! (`cover.rs`): one page whose MediaBox is the full wrap of the formula
//! (bleed + back + spine + front + bleed) and whose TrimBox is 0.125 in
//! inside it; fonts embedded; text at least 7 pt, inside the safe areas
//! (0.125 in inside the trim, 0.0625 in clear of the spine folds), on the
//! spine only from 79 pages on; nothing at all in the barcode area; lines,
//! greys and transparency as for pages. Art may run into the bleed.
//!
//! Findings on one page that break one rule the same way (the same text at
//! the same size, lines of one width, items in one margin) are reported
//! once, with a count and the first item's position.

mod content;
mod cover;
mod fonts;

use crate::page::{MAX_PAGES, MIN_PAGES, POINTS_PER_INCH, Trim, gutter_inches};
use lopdf::{Dictionary, Document, Object, ObjectId};
use std::collections::HashSet;
use std::fmt;

/// Bleed on the top, bottom and outside edge, in inches.
pub const BLEED_IN: f32 = 0.125;
/// Thinnest stroke that prints reliably, in points.
pub const MIN_LINE_PT: f32 = 0.75;
/// Most total ink of a CMYK colour: 240 % (2.4 of 4).
pub const MAX_INK: f32 = 2.4;
/// Least ink of a grey: 10 % (grey level 0.9).
pub const LIGHTEST_GREY: f32 = 0.9;
/// Smallest text, in points; large print asks 16 pt and accepts 14.
pub const MIN_TEXT_PT: f32 = 7.0;
pub const MIN_LARGE_PRINT_PT: f32 = 14.0;
/// Two lengths in points closer than this are the same (rounding in files).
pub(crate) const BOX_TOLERANCE_PT: f32 = 0.5;
/// Rounding slack for positions and sizes.
pub(crate) const EPSILON: f32 = 0.01;

/// What the book must meet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    pub trim: Trim,
    pub bleed: bool,
    pub large_print: bool,
    /// Smallest text allowed, in points.
    pub min_text_pt: f32,
    /// The inside margin in inches; `None`: from the page count (KDP's table).
    pub gutter_in: Option<f32>,
    /// A paperback cover of this wrap instead of interior pages.
    pub cover: Option<crate::book::cover::CoverGeometry>,
}

impl Rules {
    pub fn new(trim: Trim, bleed: bool, large_print: bool) -> Rules {
        Rules {
            trim,
            bleed,
            large_print,
            min_text_pt: if large_print { MIN_LARGE_PRINT_PT } else { MIN_TEXT_PT },
            gutter_in: None,
            cover: None,
        }
    }

    /// The rules of a paperback cover (full wrap with bleed, 7 pt text).
    pub fn cover(geometry: crate::book::cover::CoverGeometry) -> Rules {
        Rules { cover: Some(geometry), ..Rules::new(geometry.trim, true, false) }
    }

    /// Outside, top and bottom margin in inches: 0.25, 0.375 with bleed.
    pub fn margin_in(&self) -> f32 {
        if self.bleed { 0.375 } else { 0.25 }
    }

    /// The gutter for a book of `pages` pages.
    pub fn gutter_for(&self, pages: usize) -> f32 {
        self.gutter_in.unwrap_or_else(|| gutter_inches(pages))
    }
}

/// Why a file's pages cannot be measured (before any rule is checked).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    /// Not a PDF at all (no `%PDF-` header).
    #[error("not a PDF (a PDF file starts with %PDF-; this one starts {0})")]
    NotPdf(String),
    /// A PDF that lopdf cannot parse.
    #[error("not a readable PDF: {0}")]
    Unreadable(String),
    /// Encrypted, and its pages cannot be read without a password.
    #[error(
        "the PDF is encrypted, so its pages cannot be read (print files must not be encrypted: save it without a password or restrictions)"
    )]
    Encrypted,
    #[error("the PDF has no pages")]
    NoPages,
    /// Readable, but its first page declares no size.
    #[error("the first page has no MediaBox")]
    NoMediaBox,
}

/// Loads a PDF for measuring, telling a file that is no PDF, an
/// unreadable one and an encrypted one apart.
fn load(pdf_bytes: &[u8]) -> Result<(Document, ObjectId), SheetError> {
    let doc = Document::load_mem(pdf_bytes).map_err(|e| load_error(pdf_bytes, &e))?;
    let first = doc.get_pages().values().next().copied();
    match first {
        Some(page) => Ok((doc, page)),
        None if doc.is_encrypted() || doc.was_encrypted() || mentions_encryption(pdf_bytes) => Err(SheetError::Encrypted),
        None => Err(SheetError::NoPages),
    }
}

fn mentions_encryption(pdf_bytes: &[u8]) -> bool {
    pdf_bytes.windows(8).any(|w| w == b"/Encrypt")
}

/// Why lopdf could not load a file: no PDF at all, an encrypted one, or a
/// damaged one.
fn load_error(pdf_bytes: &[u8], error: &lopdf::Error) -> SheetError {
    let head = &pdf_bytes[..pdf_bytes.len().min(1024)];
    if !head.windows(5).any(|w| w == b"%PDF-") {
        let start: String = String::from_utf8_lossy(&pdf_bytes[..pdf_bytes.len().min(16)])
            .chars()
            .map(|c| if c.is_control() || c == char::REPLACEMENT_CHARACTER { '.' } else { c })
            .collect();
        return SheetError::NotPdf(if start.is_empty() { "empty".into() } else { format!("\"{start}\"") });
    }
    if mentions_encryption(pdf_bytes) {
        return SheetError::Encrypted;
    }
    SheetError::Unreadable(error.to_string())
}

/// The trim and bleed a PDF's first page declares: the TrimBox (the
/// MediaBox without one) in inches, and bleed when the MediaBox is larger.
pub fn page_setup(pdf_bytes: &[u8]) -> Result<(Trim, bool), SheetError> {
    let (doc, page) = load(pdf_bytes)?;
    let media = page_box(&doc, page, b"MediaBox").ok_or(SheetError::NoMediaBox)?;
    let trim = page_box(&doc, page, b"TrimBox").unwrap_or(media);
    let inches = |pt: f32| (pt / POINTS_PER_INCH * 1000.0).round() / 1000.0;
    let bleed = media.width() - trim.width() > BLEED_IN * POINTS_PER_INCH / 2.0;
    Ok((Trim { width: inches(trim.width()), height: inches(trim.height()) }, bleed))
}

/// The page count and the first page's MediaBox (width, height) in inches:
/// a one-page landscape sheet is a cover's shape.
pub fn sheet(pdf_bytes: &[u8]) -> Result<(usize, f32, f32), SheetError> {
    let (doc, page) = load(pdf_bytes)?;
    let media = page_box(&doc, page, b"MediaBox").ok_or(SheetError::NoMediaBox)?;
    Ok((doc.get_pages().len(), media.width() / POINTS_PER_INCH, media.height() / POINTS_PER_INCH))
}

/// Which rule a finding breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    Unreadable,
    Encryption,
    PageCount,
    BlankPages,
    PageBoxes,
    FontEmbedding,
    TextSize,
    LiveArea,
    LineWidth,
    LightGrey,
    Annotation,
    Transparency,
    PdfX,
    SafeArea,
    Barcode,
    SpineText,
    InkCoverage,
}

impl Check {
    pub fn name(self) -> &'static str {
        match self {
            Check::Unreadable => "unreadable",
            Check::Encryption => "encryption",
            Check::PageCount => "page count",
            Check::BlankPages => "blank pages",
            Check::PageBoxes => "page boxes",
            Check::FontEmbedding => "font embedding",
            Check::TextSize => "text size",
            Check::LiveArea => "live area",
            Check::LineWidth => "line width",
            Check::LightGrey => "light grey",
            Check::Annotation => "annotations",
            Check::Transparency => "transparency",
            Check::PdfX => "PDF/X marker",
            Check::SafeArea => "safe area",
            Check::Barcode => "barcode area",
            Check::SpineText => "spine text",
            Check::InkCoverage => "ink coverage",
        }
    }
}

/// One broken rule: where, what, which rule; `count` like items on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// 1-based page; `None` for the whole document.
    pub page: Option<usize>,
    pub check: Check,
    /// The offending item, e.g. "text 'E' 5.0 pt at (120.5, 300.0)".
    pub item: String,
    /// The rule it breaks, e.g. "under the 7 pt minimum".
    pub rule: String,
    /// Items on the page like it (same check and kind), the first described.
    pub count: usize,
    /// What makes items alike (merging key), not printed.
    key: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.page {
            Some(page) => write!(f, "page {page}: ")?,
            None => write!(f, "document: ")?,
        }
        write!(f, "{}: {}", self.item, self.rule)?;
        if self.count > 1 {
            write!(f, " (×{} on this page)", self.count)?;
        }
        Ok(())
    }
}

/// Everything preflight found, with the rules as applied.
#[derive(Clone, Debug)]
pub struct Report {
    pub pages: usize,
    pub rules: Rules,
    /// The gutter applied (from the page count unless the rules fix it).
    pub gutter_in: f32,
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    /// The findings of one check.
    pub fn of(&self, check: Check) -> Vec<&Finding> {
        self.findings.iter().filter(|f| f.check == check).collect()
    }

    /// One line: the rules applied, then findings per check with the pages
    /// they are on.
    pub fn summary(&self) -> String {
        let r = &self.rules;
        let setup = match &r.cover {
            Some(g) => format!("cover for {}, text ≥ {} pt", g.describe(), r.min_text_pt),
            None => format!(
                "{} pages, trim {}x{} in, {}, {}gutter {} in, margins {} in, text ≥ {} pt",
                self.pages,
                r.trim.width,
                r.trim.height,
                if r.bleed { "bleed" } else { "no bleed" },
                if r.large_print { "large print, " } else { "" },
                self.gutter_in,
                r.margin_in(),
                r.min_text_pt
            ),
        };
        if self.findings.is_empty() {
            return format!("{setup}: no findings");
        }
        let mut checks: Vec<Check> = self.findings.iter().map(|f| f.check).collect();
        checks.sort();
        checks.dedup();
        let parts: Vec<String> = checks
            .iter()
            .map(|&check| {
                let found = self.of(check);
                let items: usize = found.iter().map(|f| f.count).sum();
                let mut pages: Vec<usize> = found.iter().filter_map(|f| f.page).collect();
                pages.dedup();
                let on = if pages.is_empty() { String::new() } else { format!(" on {} page(s)", pages.len()) };
                format!("{} {items}{on}", check.name())
            })
            .collect();
        let total: usize = self.findings.iter().map(|f| f.count).sum();
        format!("{setup}: {total} finding(s): {}", parts.join(", "))
    }
}

/// Collects findings, merging like ones on a page.
#[derive(Default)]
pub(crate) struct Findings {
    list: Vec<Finding>,
}

impl Findings {
    pub(crate) fn add(&mut self, page: Option<usize>, check: Check, key: String, item: String, rule: String) {
        if let Some(same) = self.list.iter_mut().find(|f| f.page == page && f.check == check && f.key == key) {
            same.count += 1;
            return;
        }
        self.list.push(Finding { page, check, item, rule, count: 1, key });
    }
}

/// A rectangle in points, as lower-left and upper-right corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Rect {
    pub(crate) fn width(&self) -> f32 {
        self.x1 - self.x0
    }
    pub(crate) fn height(&self) -> f32 {
        self.y1 - self.y0
    }
    pub(crate) fn near(&self, other: &Rect) -> bool {
        [(self.x0, other.x0), (self.y0, other.y0), (self.x1, other.x1), (self.y1, other.y1)]
            .iter()
            .all(|(a, b)| (a - b).abs() <= BOX_TOLERANCE_PT)
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{:.2} {:.2} {:.2} {:.2}]", self.x0, self.y0, self.x1, self.y1)
    }
}

fn num(obj: &Object) -> Option<f32> {
    obj.as_float().ok()
}

fn resolve<'a>(doc: &'a Document, obj: &'a Object) -> &'a Object {
    doc.dereference(obj).map(|(_, o)| o).unwrap_or(obj)
}

/// A page attribute, inherited from the page tree when the page lacks it
/// (MediaBox, CropBox, Resources are inheritable).
fn inherited<'a>(doc: &'a Document, page: ObjectId, key: &[u8]) -> Option<&'a Object> {
    let mut node = doc.get_dictionary(page).ok()?;
    let mut seen = HashSet::new();
    loop {
        if let Ok(value) = node.get(key) {
            return Some(resolve(doc, value));
        }
        let parent = node.get(b"Parent").and_then(Object::as_reference).ok()?;
        if !seen.insert(parent) {
            return None;
        }
        node = doc.get_dictionary(parent).ok()?;
    }
}

pub(crate) fn page_box(doc: &Document, page: ObjectId, key: &[u8]) -> Option<Rect> {
    // TrimBox is not inheritable; MediaBox is.
    let obj = if key == b"TrimBox" { resolve(doc, doc.get_dictionary(page).ok()?.get(key).ok()?) } else { inherited(doc, page, key)? };
    let v: Vec<f32> = obj.as_array().ok()?.iter().map(|o| num(resolve(doc, o))).collect::<Option<_>>()?;
    (v.len() == 4).then(|| Rect { x0: v[0].min(v[2]), y0: v[1].min(v[3]), x1: v[0].max(v[2]), y1: v[1].max(v[3]) })
}

/// Checks `pdf_bytes` against `rules`.
pub fn preflight(pdf_bytes: &[u8], rules: &Rules) -> Report {
    let mut findings = Findings::default();
    let doc = match Document::load_mem(pdf_bytes) {
        Ok(doc) => doc,
        Err(e) => {
            match load_error(pdf_bytes, &e) {
                SheetError::Encrypted => {
                    findings.add(
                        None,
                        Check::Encryption,
                        String::new(),
                        "the file".into(),
                        "is encrypted (print files must not be)".into(),
                    );
                    findings.add(None, Check::Unreadable, String::new(), "the file".into(), format!("cannot be read as a PDF: {e}"));
                }
                SheetError::NotPdf(start) => findings.add(
                    None,
                    Check::Unreadable,
                    String::new(),
                    "the file".into(),
                    format!("is not a PDF (a PDF file starts with %PDF-; this one starts {start})"),
                ),
                _ => findings.add(None, Check::Unreadable, String::new(), "the file".into(), format!("cannot be read as a PDF: {e}")),
            }
            return Report { pages: 0, rules: *rules, gutter_in: rules.gutter_for(0), findings: findings.list };
        }
    };
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    if let Some(geometry) = rules.cover {
        cover::check(&doc, &pages, &geometry, rules, &mut findings);
        return Report { pages: pages.len(), rules: *rules, gutter_in: 0.0, findings: findings.list };
    }
    let gutter_in = rules.gutter_for(pages.len());
    document_checks(&doc, pages.len(), &mut findings);
    let mut fonts = fonts::FontCache::default();
    let mut blank_run = 0;
    for (i, &page) in pages.iter().enumerate() {
        let number = i + 1;
        let trim = box_checks(&doc, page, number, rules, &mut findings);
        let live = live_area(trim, number, rules, gutter_in);
        annotation_check(&doc, page, number, &mut findings);
        let limits = content::Limits { rules, trim, live, gutter_in, right_hand: number % 2 == 1, cover: None };
        let painted = content::check_page(&doc, page, number, &limits, &mut fonts, &mut findings);
        blank_run = if painted { 0 } else { blank_run + 1 };
        if blank_run == 3 {
            findings.add(
                Some(number),
                Check::BlankPages,
                String::new(),
                format!("pages {}–{number}", number - 2),
                "three blank pages in a row (at most two allowed)".into(),
            );
        }
    }
    Report { pages: pages.len(), rules: *rules, gutter_in, findings: findings.list }
}

fn document_checks(doc: &Document, pages: usize, findings: &mut Findings) {
    file_checks(doc, findings);
    if pages < MIN_PAGES {
        findings.add(None, Check::PageCount, "few".into(), format!("{pages} pages"), format!("fewer than the {MIN_PAGES}-page minimum"));
    }
    if pages > MAX_PAGES {
        findings.add(None, Check::PageCount, "many".into(), format!("{pages} pages"), format!("more than the {MAX_PAGES}-page maximum"));
    }
    if pages % 2 == 1 {
        findings.add(None, Check::PageCount, "odd".into(), format!("{pages} pages"), "an odd page count (must be even)".into());
    }
}

/// Encryption and the PDF/X marker: rules of any print file.
pub(crate) fn file_checks(doc: &Document, findings: &mut Findings) {
    if doc.is_encrypted() || doc.was_encrypted() {
        findings.add(None, Check::Encryption, String::new(), "the file".into(), "is encrypted (print files must not be)".into());
    }
    let info = doc.trailer.get(b"Info").ok().map(|o| resolve(doc, o)).and_then(|o| o.as_dict().ok());
    if let Some(version) = info.and_then(|i| i.get(b"GTS_PDFXVersion").ok()) {
        let empty = match resolve(doc, version) {
            Object::String(bytes, _) => bytes.iter().all(u8::is_ascii_whitespace),
            Object::Name(name) => name.is_empty(),
            _ => true,
        };
        if empty {
            findings.add(
                None,
                Check::PdfX,
                String::new(),
                "/GTS_PDFXVersion in the document information".into(),
                "is empty (claim a PDF/X version or leave the key out)".into(),
            );
        }
    }
}

/// Checks the page's MediaBox and TrimBox; returns the trim to measure
/// margins from (the TrimBox when it has the trim's size, else where the
/// rules put it).
fn box_checks(doc: &Document, page: ObjectId, number: usize, rules: &Rules, findings: &mut Findings) -> Rect {
    let pt = |inches: f32| inches * POINTS_PER_INCH;
    let bleed = if rules.bleed { pt(BLEED_IN) } else { 0.0 };
    let (trim_w, trim_h) = (pt(rules.trim.width), pt(rules.trim.height));
    let (media_w, media_h) = (trim_w + bleed, trim_h + 2.0 * bleed);
    let setup = format!("{}x{} in{}", rules.trim.width, rules.trim.height, if rules.bleed { " with bleed" } else { "" });
    let media = page_box(doc, page, b"MediaBox");
    let origin = media.map_or((0.0, 0.0), |m| (m.x0, m.y0));
    match media {
        None => findings.add(Some(number), Check::PageBoxes, "media".into(), "MediaBox".into(), "missing".into()),
        Some(m) if (m.width() - media_w).abs() > BOX_TOLERANCE_PT || (m.height() - media_h).abs() > BOX_TOLERANCE_PT => findings.add(
            Some(number),
            Check::PageBoxes,
            "media".into(),
            format!("MediaBox {m} ({:.3}x{:.3} in)", m.width() / 72.0, m.height() / 72.0),
            format!("should be {media_w:.2} × {media_h:.2} pt for {setup}"),
        ),
        Some(_) => {}
    }
    // The bleed is on the outside edge: right of odd (right-hand) pages.
    let trim_x = origin.0 + if number % 2 == 1 { 0.0 } else { bleed };
    let expected = Rect { x0: trim_x, y0: origin.1 + bleed, x1: trim_x + trim_w, y1: origin.1 + bleed + trim_h };
    match page_box(doc, page, b"TrimBox") {
        None => {
            findings.add(Some(number), Check::PageBoxes, "trim".into(), "TrimBox".into(), format!("missing (should be {expected})"));
            expected
        }
        Some(t) if !t.near(&expected) => {
            findings.add(
                Some(number),
                Check::PageBoxes,
                "trim".into(),
                format!("TrimBox {t}"),
                format!("should be {expected} for {setup}"),
            );
            let same_size = (t.width() - trim_w).abs() <= BOX_TOLERANCE_PT && (t.height() - trim_h).abs() <= BOX_TOLERANCE_PT;
            if same_size { t } else { expected }
        }
        Some(t) => t,
    }
}

/// The trim minus the margins; the gutter left on odd pages, right on even.
fn live_area(trim: Rect, number: usize, rules: &Rules, gutter_in: f32) -> Rect {
    let (gutter, margin) = (gutter_in * POINTS_PER_INCH, rules.margin_in() * POINTS_PER_INCH);
    let (left, right) = if number % 2 == 1 { (gutter, margin) } else { (margin, gutter) };
    Rect { x0: trim.x0 + left, y0: trim.y0 + margin, x1: trim.x1 - right, y1: trim.y1 - margin }
}

pub(crate) fn annotation_check(doc: &Document, page: ObjectId, number: usize, findings: &mut Findings) {
    let Ok(annots) = doc.get_page_annotations(page) else { return };
    for annot in annots {
        let kind = annot.get(b"Subtype").and_then(Object::as_name).map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_default();
        findings.add(Some(number), Check::Annotation, kind.clone(), format!("a /{kind} annotation"), "annotations are not allowed".into());
    }
}

/// Dictionary lookup through references.
pub(crate) fn dict_get<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Option<&'a Object> {
    dict.get(key).ok().map(|o| resolve(doc, o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_area_puts_the_gutter_inside() {
        let rules = Rules::new("6x9".parse().unwrap(), false, false);
        let trim = Rect { x0: 0.0, y0: 0.0, x1: 432.0, y1: 648.0 };
        let odd = live_area(trim, 3, &rules, 0.5);
        let even = live_area(trim, 4, &rules, 0.5);
        assert_eq!((odd.x0, odd.x1, odd.y0, odd.y1), (36.0, 414.0, 18.0, 630.0));
        assert_eq!((even.x0, even.x1), (18.0, 396.0));
        let bled = Rules::new("6x9".parse().unwrap(), true, true);
        assert_eq!(bled.margin_in(), 0.375);
        assert_eq!(bled.min_text_pt, 14.0);
        assert_eq!(bled.gutter_for(151), 0.5);
    }

    #[test]
    fn like_findings_on_a_page_merge() {
        let mut f = Findings::default();
        for _ in 0..3 {
            f.add(Some(2), Check::TextSize, "E".into(), "text 'E'".into(), "small".into());
        }
        f.add(Some(3), Check::TextSize, "E".into(), "text 'E'".into(), "small".into());
        assert_eq!(f.list.len(), 2);
        assert_eq!(f.list[0].count, 3);
        assert_eq!(f.list[0].to_string(), "page 2: text 'E': small (×3 on this page)");
    }
}
