//! Page geometry of a print-on-demand paperback (publishing.md): trim sizes,
//! bleed, the gutter from the KDP page-count table, mirrored margins.

use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

pub const POINTS_PER_INCH: f32 = 72.0;
/// Bleed on the top, bottom and outside edge (never the spine).
const BLEED_IN: f32 = 0.125;
/// Outside, top and bottom margins: at least 0.25 in (0.375 in with bleed)
/// by the rules; a puzzle book looks better with more.
const MARGIN_IN: f32 = 0.5;

/// Fewest and most pages a KDP paperback may have.
pub const MIN_PAGES: usize = 24;
pub const MAX_PAGES: usize = 828;

/// A trim size in inches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trim {
    pub width: f32,
    pub height: f32,
}

const NAMED_TRIMS: [(&str, f32, f32); 6] =
    [("letter", 8.5, 11.0), ("a4", 8.27, 11.69), ("8.5x11", 8.5, 11.0), ("6x9", 6.0, 9.0), ("8x10", 8.0, 10.0), ("5.5x8.5", 5.5, 8.5)];

impl FromStr for Trim {
    type Err = anyhow::Error;

    /// A name (letter, a4, 8.5x11, 6x9, 8x10, 5.5x8.5) or a custom WxH in inches.
    fn from_str(text: &str) -> Result<Trim> {
        let lower = text.trim().to_ascii_lowercase();
        if let Some(&(_, width, height)) = NAMED_TRIMS.iter().find(|(name, ..)| *name == lower) {
            return Ok(Trim { width, height });
        }
        let Some((w, h)) = lower.split_once('x') else {
            bail!("trim '{text}' is neither a known size (letter, a4, 8.5x11, 6x9, 8x10, 5.5x8.5) nor WxH in inches");
        };
        let (Ok(width), Ok(height)) = (w.trim().parse::<f32>(), h.trim().parse::<f32>()) else {
            bail!("trim '{text}': width and height must be numbers of inches, e.g. 7x10");
        };
        // KDP's range of paperback trims.
        if !(4.0..=8.5).contains(&width) || !(6.0..=11.69).contains(&height) {
            bail!("trim '{text}': width must be 4–8.5 in and height 6–11.69 in (KDP's paperback range)");
        }
        Ok(Trim { width, height })
    }
}

impl fmt::Display for Trim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} in", self.width, self.height)
    }
}

/// The inside margin for a book of `pages` pages (KDP's table). Below the
/// 24-page minimum the smallest gutter applies.
pub fn gutter_inches(pages: usize) -> f32 {
    match pages {
        0..=150 => 0.375,
        151..=300 => 0.5,
        301..=500 => 0.625,
        501..=700 => 0.75,
        _ => 0.875,
    }
}

/// A rectangle in points from the page's bottom-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl Area {
    pub fn top(&self) -> f32 {
        self.y + self.height
    }
    pub fn right(&self) -> f32 {
        self.x + self.width
    }
    pub fn centre_x(&self) -> f32 {
        self.x + self.width / 2.0
    }
}

/// Where everything goes on one page.
#[derive(Clone, Copy, Debug)]
pub struct PageFrame {
    /// The whole sheet (trim plus bleed).
    pub media: Area,
    /// The page as cut.
    pub trim: Area,
    /// Inside the margins: where content goes.
    pub content: Area,
    /// Odd pages are right-hand pages: gutter on the left.
    pub right_hand: bool,
}

/// Page frames for one book: trim, bleed and gutter fixed.
#[derive(Clone, Copy, Debug)]
pub struct PageGeometry {
    pub trim: Trim,
    pub bleed: bool,
    pub gutter_in: f32,
}

impl PageGeometry {
    pub fn new(trim: Trim, bleed: bool, pages: usize) -> PageGeometry {
        PageGeometry { trim, bleed, gutter_in: gutter_inches(pages) }
    }

    /// The frame of page `number` (1-based).
    pub fn frame(&self, number: usize) -> PageFrame {
        let pt = |inches: f32| inches * POINTS_PER_INCH;
        let right_hand = number % 2 == 1;
        let bleed = if self.bleed { pt(BLEED_IN) } else { 0.0 };
        let media = Area { x: 0.0, y: 0.0, width: pt(self.trim.width) + bleed, height: pt(self.trim.height) + 2.0 * bleed };
        // The bleed is on the outside edge: right of a right-hand page.
        let trim_x = if right_hand { 0.0 } else { bleed };
        let trim = Area { x: trim_x, y: bleed, width: pt(self.trim.width), height: pt(self.trim.height) };
        let (left, right) = if right_hand { (pt(self.gutter_in), pt(MARGIN_IN)) } else { (pt(MARGIN_IN), pt(self.gutter_in)) };
        let content = Area {
            x: trim.x + left,
            y: trim.y + pt(MARGIN_IN),
            width: trim.width - left - right,
            height: trim.height - 2.0 * pt(MARGIN_IN),
        };
        PageFrame { media, trim, content, right_hand }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_and_custom_trims() {
        assert_eq!("6x9".parse::<Trim>().unwrap(), Trim { width: 6.0, height: 9.0 });
        assert_eq!("Letter".parse::<Trim>().unwrap(), Trim { width: 8.5, height: 11.0 });
        assert_eq!("A4".parse::<Trim>().unwrap(), Trim { width: 8.27, height: 11.69 });
        assert_eq!("7x10".parse::<Trim>().unwrap(), Trim { width: 7.0, height: 10.0 });
        let err = "20x30".parse::<Trim>().unwrap_err().to_string();
        assert!(err.contains("width must be 4–8.5 in"), "{err}");
        assert!("pocket".parse::<Trim>().unwrap_err().to_string().contains("neither a known size"));
    }

    #[test]
    fn gutter_follows_the_kdp_table() {
        for (pages, gutter) in [
            (24, 0.375),
            (150, 0.375),
            (151, 0.5),
            (300, 0.5),
            (301, 0.625),
            (500, 0.625),
            (501, 0.75),
            (700, 0.75),
            (701, 0.875),
            (828, 0.875),
        ] {
            assert_eq!(gutter_inches(pages), gutter, "{pages} pages");
        }
    }

    #[test]
    fn bleed_goes_outside_and_gutter_inside() {
        let g = PageGeometry::new("6x9".parse().unwrap(), true, 200);
        let (odd, even) = (g.frame(3), g.frame(4));
        assert_eq!(odd.media.width, 6.125 * 72.0);
        assert_eq!(odd.media.height, 9.25 * 72.0);
        assert_eq!((odd.trim.x, even.trim.x), (0.0, 0.125 * 72.0));
        assert_eq!(odd.content.x - odd.trim.x, 0.5 * 72.0, "gutter left of a right-hand page");
        assert_eq!(even.trim.right() - even.content.right(), 0.5 * 72.0, "gutter right of a left-hand page");
        assert!(odd.right_hand && !even.right_hand);
    }
}
