//! The embedded fonts: DejaVu Sans regular and bold, shipped in `fonts/`
//! (free license, see fonts/LICENSE-DejaVu.txt) and compiled into the binary
//! so printing needs no file at run time.

use anyhow::{Result, anyhow};
use printpdf::{FontId, ParsedFont, PdfDocument};

const REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

pub struct Font {
    pub id: FontId,
    parsed: ParsedFont,
    /// The font file, for back ends that embed it or draw its outlines.
    pub bytes: &'static [u8],
    /// The family name a back end may refer to it by.
    pub family: &'static str,
    pub weight: Weight,
}

impl Font {
    fn parse(bytes: &'static [u8], name: &str, weight: Weight) -> Result<Font> {
        let mut warnings = Vec::new();
        let parsed = ParsedFont::from_bytes(bytes, 0, &mut warnings).ok_or_else(|| anyhow!("the embedded font {name} cannot be read"))?;
        Ok(Font { id: FontId(format!("unembedded-{name}")), parsed, bytes, family: "DejaVu Sans", weight })
    }

    fn load(doc: &mut PdfDocument, bytes: &'static [u8], name: &str, weight: Weight) -> Result<Font> {
        let mut font = Font::parse(bytes, name, weight)?;
        font.id = doc.add_font(&font.parsed);
        Ok(font)
    }

    /// The characters of `text` the font has no glyph for (they would print
    /// as empty boxes), each once, in order.
    pub fn missing(&self, text: &str) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            if self.parsed.lookup_glyph_index(c as u32).is_none_or(|g| g == 0) && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Width of `text` at `size` points, from the font's own advance widths.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| {
                let glyph = self.parsed.lookup_glyph_index(c as u32).unwrap_or(0);
                self.parsed.get_glyph_width(glyph).unwrap_or(self.parsed.units_per_em / 2) as u32
            })
            .sum();
        units as f32 * size / self.parsed.units_per_em as f32
    }
}

pub struct Fonts {
    pub regular: Font,
    pub bold: Font,
}

impl Fonts {
    pub fn embed(doc: &mut PdfDocument) -> Result<Fonts> {
        Ok(Fonts {
            regular: Font::load(doc, REGULAR, "DejaVuSans.ttf", Weight::Regular)?,
            bold: Font::load(doc, BOLD, "DejaVuSans-Bold.ttf", Weight::Bold)?,
        })
    }

    /// The fonts for measuring and for back ends other than PDF (nothing
    /// embedded in a PDF document).
    pub fn unembedded() -> Result<Fonts> {
        Ok(Fonts {
            regular: Font::parse(REGULAR, "DejaVuSans.ttf", Weight::Regular)?,
            bold: Font::parse(BOLD, "DejaVuSans-Bold.ttf", Weight::Bold)?,
        })
    }

    pub fn get(&self, weight: Weight) -> &Font {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }
}

/// Height of a capital or digit above the baseline, as a share of the size
/// (DejaVu Sans: 729/1000 units), to centre digits vertically.
pub const CAP_HEIGHT: f32 = 0.729;
