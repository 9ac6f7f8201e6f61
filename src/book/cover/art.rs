//! The themed cover's art: the book's own puzzles drawn by their family's
//! renderer in the theme's colours ([`Tinted`]), and the publisher's own
//! front image (`--cover-image`), checked for 300 dpi at its printed size.

use crate::page::Area;
use crate::pdf::canvas::{Ink, Surface};
use crate::pdf::fonts::{Fonts, Weight};
use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A surface that draws a renderer's greys in two inks: black becomes
/// `ink`, white `paper`, a grey the mix between. `turn` rotates every
/// point about a centre (radians, counter-clockwise); `text: false` leaves
/// text out (a faded grid behind the art, cut by the trim, shows no
/// digits that a safe area would have to hold).
pub struct Tinted<'a> {
    pub inner: &'a mut dyn Surface,
    pub ink: Ink,
    pub paper: Ink,
    pub turn: Option<((f32, f32), f32)>,
    pub text: bool,
}

impl Tinted<'_> {
    fn colour(&self, level: f32) -> Ink {
        self.ink.mix(self.paper, 1.0 - level.clamp(0.0, 1.0))
    }

    fn turned(&self, points: &[(f32, f32)]) -> Vec<(f32, f32)> {
        match self.turn {
            None => points.to_vec(),
            Some(((cx, cy), angle)) => {
                let (sin, cos) = angle.sin_cos();
                points.iter().map(|&(x, y)| (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)).collect()
            }
        }
    }
}

impl Surface for Tinted<'_> {
    fn fonts(&self) -> &Fonts {
        self.inner.fonts()
    }

    fn line(&mut self, points: &[(f32, f32)], width: f32, level: f32) {
        let (points, ink) = (self.turned(points), self.colour(level));
        self.inner.line_ink(&points, width, ink);
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], level: f32) {
        let (points, ink) = (self.turned(points), self.colour(level));
        self.inner.fill_polygon_ink(&points, ink);
    }

    fn text_from(&mut self, text: &str, x: f32, y: f32, size: f32, weight: Weight, level: f32) {
        if self.text && self.turn.is_none() {
            let ink = self.colour(level);
            self.inner.text_from_ink(text, x, y, size, weight, ink);
        }
    }

    fn text_down(&mut self, text: &str, x: f32, top: f32, size: f32, weight: Weight, level: f32) {
        if self.text && self.turn.is_none() {
            let ink = self.colour(level);
            self.inner.text_down_ink(text, x, top, size, weight, ink);
        }
    }
}

/// The publisher's front image as stored with the book: where it was and
/// the SHA-256 of its bytes, so a later `cover` finds the same picture or
/// says it has changed or gone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverImageRef {
    pub path: String,
    pub sha256: String,
}

/// The least resolution a cover image prints at.
pub const MIN_DPI: f64 = 300.0;

/// A front image read and checked: RGB pixels (transparency flattened on
/// white), its size in pixels.
#[derive(Clone, Debug)]
pub struct CoverImage {
    pub reference: CoverImageRef,
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

fn sha256(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

impl CoverImage {
    /// Reads a PNG or JPEG; an unreadable file is an error naming it.
    pub fn read(path: &Path) -> Result<CoverImage> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| anyhow::anyhow!("the cover image {name} cannot be read: {e}"))?;
        let raster = crate::raster::decode(&bytes, &name).map_err(|e| anyhow::anyhow!("the cover image {e}"))?;
        let rgb = if raster.channels == 4 {
            // Transparent pixels print as the paper (white): no soft mask.
            raster
                .pixels
                .chunks_exact(4)
                .flat_map(|p| {
                    let a = p[3] as u32;
                    [0, 1, 2].map(|i| ((p[i] as u32 * a + 255 * (255 - a) + 127) / 255) as u8)
                })
                .collect()
        } else {
            raster.pixels
        };
        if raster.width == 0 || raster.height == 0 {
            bail!("the cover image {name} has no pixels");
        }
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()).display().to_string();
        Ok(CoverImage { reference: CoverImageRef { path, sha256: sha256(&bytes) }, width: raster.width, height: raster.height, rgb })
    }

    /// Reads the image a book was stored with; refused when it has gone or
    /// its bytes changed.
    pub fn stored(reference: &CoverImageRef) -> Result<CoverImage> {
        let path = Path::new(&reference.path);
        if !path.exists() {
            bail!(
                "the book's cover image {} is missing (it was given with --cover-image when the book was made): put it back, or give another with --cover-image FILE",
                reference.path
            );
        }
        let image = CoverImage::read(path)?;
        if image.reference.sha256 != reference.sha256 {
            bail!(
                "the book's cover image {} has changed since the book was made (its bytes differ): give it again with --cover-image {} to use it as it is now",
                reference.path,
                reference.path
            );
        }
        Ok(image)
    }

    /// Where the image prints inside `room` (as large as fits, centred, its
    /// proportions kept); refused under 300 dpi there, saying the pixels
    /// it has, the size it prints at, the dpi that gives and the pixels
    /// needed.
    pub fn place(&self, room: Area) -> Result<Area> {
        let aspect = self.width as f32 / self.height as f32;
        let (w, h) =
            if room.width / room.height > aspect { (room.height * aspect, room.height) } else { (room.width, room.width / aspect) };
        let area = Area { x: room.centre_x() - w / 2.0, y: room.y + (room.height - h) / 2.0, width: w, height: h };
        let (w_in, h_in) = (w as f64 / 72.0, h as f64 / 72.0);
        let dpi = self.width as f64 / w_in;
        if dpi + 1e-6 < MIN_DPI {
            bail!(
                "the cover image {} is {} × {} pixels; it prints {} × {} in on the front, which gives {:.0} dpi: KDP asks at least {MIN_DPI:.0} dpi, so it needs at least {} × {} pixels",
                self.reference.path,
                self.width,
                self.height,
                super::inches(w_in),
                super::inches(h_in),
                dpi.floor(),
                (w_in * MIN_DPI).ceil(),
                (h_in * MIN_DPI).ceil()
            );
        }
        Ok(area)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(path: &Path, w: u32, h: u32, alpha: bool) {
        let file = std::fs::File::create(path).unwrap();
        let mut enc = png::Encoder::new(file, w, h);
        enc.set_color(if alpha { png::ColorType::Rgba } else { png::ColorType::Rgb });
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().unwrap();
        let channels = if alpha { 4 } else { 3 };
        let data: Vec<u8> = (0..w * h * channels).map(|i| if alpha && i % 4 == 3 { 0 } else { 40 }).collect();
        writer.write_image_data(&data).unwrap();
    }

    #[test]
    fn an_image_under_300_dpi_is_refused_with_its_numbers() {
        let dir = std::env::temp_dir().join(format!("pb-cover-art-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small.png");
        png(&small, 600, 400, false);
        let image = CoverImage::read(&small).unwrap();
        // 4 × 2 in of room: 600 px over 3 in (height-bound) = 200 dpi.
        let room = Area { x: 0.0, y: 0.0, width: 288.0, height: 144.0 };
        let e = image.place(room).unwrap_err().to_string();
        assert!(e.contains("small.png") && e.contains("600 × 400 pixels") && e.contains("3 × 2 in"), "{e}");
        assert!(e.contains("200 dpi") && e.contains("900 × 600 pixels"), "{e}");
        // Half the room: 300 dpi, placed centred at 1.5 × 1 in.
        let placed = image.place(Area { x: 0.0, y: 0.0, width: 144.0, height: 72.0 }).unwrap();
        assert!((placed.width - 108.0).abs() < 1e-3 && (placed.height - 72.0).abs() < 1e-3 && (placed.x - 18.0).abs() < 1e-3);
        // Transparent pixels are flattened on white.
        let clear = dir.join("clear.png");
        png(&clear, 4, 4, true);
        assert!(CoverImage::read(&clear).unwrap().rgb.iter().all(|&v| v == 255));
        // Unreadable, missing, changed: each names the file.
        let text = dir.join("notes.png");
        std::fs::write(&text, "not an image").unwrap();
        let e = CoverImage::read(&text).unwrap_err().to_string();
        assert!(e.contains("notes.png") && e.contains("PNG or JPEG"), "{e}");
        let reference = image.reference.clone();
        png(&small, 600, 401, false);
        let e = CoverImage::stored(&reference).unwrap_err().to_string();
        assert!(e.contains("small.png") && e.contains("changed"), "{e}");
        std::fs::remove_file(&small).unwrap();
        let e = CoverImage::stored(&reference).unwrap_err().to_string();
        assert!(e.contains("small.png") && e.contains("missing"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
