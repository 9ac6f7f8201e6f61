//! The rules of a paperback cover: the wrap's size from the formula, its
//! TrimBox, and where text and ink may go on it (safe areas, spine folds,
//! the barcode area). The content itself is read by `content.rs`, which
//! asks `Zones` where each item may stand.

use super::content::{Limits, check_page};
use super::fonts::FontCache;
use super::{BOX_TOLERANCE_PT, Check, EPSILON, Findings, POINTS_PER_INCH, Rect, Rules, annotation_check, file_checks, page_box};
use crate::book::cover::{
    BARCODE_HEIGHT_IN, BARCODE_WIDTH_IN, CoverGeometry, SPINE_FOLD_CLEAR_IN, SPINE_TEXT_MIN_PAGES, TEXT_INSIDE_TRIM_IN, inches,
};
use crate::page::Area;
use lopdf::{Document, ObjectId};

/// Where things may go on a cover, in the file's coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Zones {
    pub back: Rect,
    pub front: Rect,
    pub back_safe: Rect,
    pub front_safe: Rect,
    /// Fold to fold.
    pub spine: Rect,
    pub spine_safe: Rect,
    pub barcode: Rect,
    pub pages: usize,
    pub spine_text: bool,
}

fn rect(a: Area, (dx, dy): (f32, f32)) -> Rect {
    Rect { x0: a.x + dx, y0: a.y + dy, x1: a.right() + dx, y1: a.top() + dy }
}

impl Zones {
    fn new(g: &CoverGeometry, origin: (f32, f32)) -> Zones {
        Zones {
            back: rect(g.back(), origin),
            front: rect(g.front(), origin),
            back_safe: rect(g.back_safe(), origin),
            front_safe: rect(g.front_safe(), origin),
            spine: rect(g.spine(), origin),
            spine_safe: rect(g.spine_safe(), origin),
            barcode: rect(g.barcode(), origin),
            pages: g.pages,
            spine_text: g.spine_text_allowed(),
        }
    }

    /// What is wrong with an item's box `b` (`text`: a text's glyph
    /// boxes, else ink): the rule broken and its wording, or `None`.
    pub fn judge(&self, b: &Rect, text: bool) -> Option<(Check, String, String)> {
        let overlaps = |r: &Rect| b.x0 < r.x1 - EPSILON && b.x1 > r.x0 + EPSILON && b.y0 < r.y1 - EPSILON && b.y1 > r.y0 + EPSILON;
        let inside = |r: &Rect| b.x0 >= r.x0 - EPSILON && b.x1 <= r.x1 + EPSILON && b.y0 >= r.y0 - EPSILON && b.y1 <= r.y1 + EPSILON;
        if overlaps(&self.barcode) {
            return Some((
                Check::Barcode,
                "barcode".into(),
                format!(
                    "in the barcode area ({BARCODE_WIDTH_IN} × {BARCODE_HEIGHT_IN} in on the back's lower right, {}): leave it empty",
                    self.barcode
                ),
            ));
        }
        if !text {
            return None;
        }
        if overlaps(&self.spine) {
            if !self.spine_text {
                return Some((
                    Check::SpineText,
                    "spine".into(),
                    format!("on the spine of a {}-page book: spine text only from {SPINE_TEXT_MIN_PAGES} pages on", self.pages),
                ));
            }
            if inside(&self.spine_safe) {
                return None;
            }
            let fold = (b.x0 - self.spine.x0).min(self.spine.x1 - b.x1).max(0.0) / POINTS_PER_INCH;
            return Some((
                Check::SafeArea,
                "spine fold".into(),
                format!("{} in from a spine fold: spine text keeps {SPINE_FOLD_CLEAR_IN} in clear of both folds", inches(fold as f64)),
            ));
        }
        if inside(&self.back_safe) || inside(&self.front_safe) {
            return None;
        }
        let centre = (b.x0 + b.x1) / 2.0;
        let (panel, name) = if centre < self.spine.x0 { (&self.back, "back") } else { (&self.front, "front") };
        let inch = |pt: f32| inches((pt / POINTS_PER_INCH) as f64);
        let (fold_side, fold_gap, edge_side, edge_gap) = if name == "back" {
            ("right", panel.x1 - b.x1, "left", b.x0 - panel.x0)
        } else {
            ("left", b.x0 - panel.x0, "right", panel.x1 - b.x1)
        };
        let rule = if fold_gap < SPINE_FOLD_CLEAR_IN as f32 * POINTS_PER_INCH - EPSILON {
            format!("{} in from the spine fold ({name}, {fold_side} side): text keeps {SPINE_FOLD_CLEAR_IN} in clear of it", inch(fold_gap))
        } else {
            let (side, gap) = [(edge_side, edge_gap), ("bottom", b.y0 - panel.y0), ("top", panel.y1 - b.y1)]
                .into_iter()
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap_or((edge_side, edge_gap));
            format!("{} in from the {name}'s {side} trim edge: text stays {TEXT_INSIDE_TRIM_IN} in inside the trim", inch(gap))
        };
        Some((Check::SafeArea, format!("{name} edge"), rule))
    }
}

/// Checks a cover file: one page, the wrap's boxes, its content.
pub(super) fn check(doc: &Document, pages: &[ObjectId], g: &CoverGeometry, rules: &Rules, findings: &mut Findings) {
    file_checks(doc, findings);
    if pages.len() != 1 {
        findings.add(
            None,
            Check::PageCount,
            "cover".into(),
            format!("{} pages", pages.len()),
            "a cover is one page: the full wrap (back, spine, front)".into(),
        );
    }
    let mut fonts = FontCache::default();
    let media_want = g.media();
    for (i, &page) in pages.iter().enumerate() {
        let number = i + 1;
        let media = page_box(doc, page, b"MediaBox");
        let origin = media.map_or((0.0, 0.0), |m| (m.x0, m.y0));
        match media {
            None => findings.add(Some(number), Check::PageBoxes, "media".into(), "MediaBox".into(), "missing".into()),
            Some(m)
                if (m.width() - media_want.width).abs() > BOX_TOLERANCE_PT || (m.height() - media_want.height).abs() > BOX_TOLERANCE_PT =>
            {
                findings.add(
                    Some(number),
                    Check::PageBoxes,
                    "media".into(),
                    format!("MediaBox {m} ({}x{} in)", inches((m.width() / 72.0) as f64), inches((m.height() / 72.0) as f64)),
                    format!(
                        "should be {} × {} in: 0.125 + {} + {} (spine) + {} + 0.125 wide, {} + 0.25 high, for {}",
                        inches(g.width_in()),
                        inches(g.height_in()),
                        g.trim.width,
                        inches(g.spine_in()),
                        g.trim.width,
                        g.trim.height,
                        g.describe()
                    ),
                )
            }
            Some(_) => {}
        }
        let expected = rect(g.trimmed(), origin);
        let trim = match page_box(doc, page, b"TrimBox") {
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
                    format!("should be {expected}: the wrap 0.125 in inside the MediaBox"),
                );
                expected
            }
            Some(t) => t,
        };
        annotation_check(doc, page, number, findings);
        let zones = Zones::new(g, origin);
        let limits = Limits { rules, trim, live: trim, gutter_in: 0.0, right_hand: true, cover: Some(zones) };
        check_page(doc, page, number, &limits, &mut fonts, findings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::cover::Paper;

    fn zones(pages: usize) -> Zones {
        Zones::new(&CoverGeometry::new("6x9".parse().unwrap(), pages, Paper::White), (0.0, 0.0))
    }

    fn at(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect { x0, y0, x1, y1 }
    }

    #[test]
    fn text_is_judged_by_where_it_stands() {
        let z = zones(166);
        // Well inside the front and the back.
        assert!(z.judge(&at(z.front.x0 + 30.0, 300.0, z.front.x0 + 100.0, 320.0), true).is_none());
        assert!(z.judge(&at(z.back.x0 + 30.0, 300.0, z.back.x0 + 100.0, 320.0), true).is_none());
        // 0.05 in from the front's outer trim edge.
        let (check, _, rule) = z.judge(&at(z.front.x1 - 40.0, 300.0, z.front.x1 - 3.6, 320.0), true).unwrap();
        assert_eq!(check, Check::SafeArea);
        assert!(rule.contains("0.05 in from the front's right trim edge"), "{rule}");
        // 0.03 in from the spine fold on the front.
        let (_, _, rule) = z.judge(&at(z.front.x0 + 2.16, 300.0, z.front.x0 + 60.0, 320.0), true).unwrap();
        assert!(rule.contains("from the spine fold"), "{rule}");
        // In the barcode area: ink of any kind.
        let bc = z.barcode;
        assert_eq!(z.judge(&at(bc.x0 + 10.0, bc.y0 + 10.0, bc.x0 + 20.0, bc.y0 + 20.0), false).unwrap().0, Check::Barcode);
        // Ink elsewhere, even in the bleed, is art.
        assert!(z.judge(&at(-9.0, -9.0, 900.0, 10.0), false).is_none());
        // Spine text: in the middle of a 166-page spine, fine; at a fold, not.
        let mid = (z.spine.x0 + z.spine.x1) / 2.0;
        assert!(z.judge(&at(mid - 5.0, 200.0, mid + 5.0, 400.0), true).is_none());
        assert_eq!(z.judge(&at(z.spine.x0 + 1.0, 200.0, mid, 400.0), true).unwrap().0, Check::SafeArea);
    }

    #[test]
    fn spine_text_needs_79_pages() {
        let z = zones(60);
        let mid = (z.spine.x0 + z.spine.x1) / 2.0;
        let (check, _, rule) = z.judge(&at(mid - 1.0, 200.0, mid + 1.0, 400.0), true).unwrap();
        assert_eq!(check, Check::SpineText);
        assert!(rule.contains("60-page") && rule.contains("79"), "{rule}");
        assert!(z.judge(&at(mid - 1.0, 200.0, mid + 1.0, 400.0), false).is_none(), "a spine colour is no text");
    }
}
