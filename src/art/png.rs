//! The PNG back end: the figure's SVG (text as outlines, so no font lookup)
//! rasterised by resvg on white at `dpi`, with the resolution recorded in
//! the file (a pHYs chunk) so layout programs place it at its size.

use super::{Figure, SvgText, raster_size, svg};
use crate::pdf::fonts::Fonts;
use anyhow::{Context, Result, anyhow};

pub fn write(figure: &Figure, dpi: u32, fonts: &Fonts, title: &str) -> Result<Vec<u8>> {
    // The size is checked before anything is drawn or allocated.
    let (w, h) = raster_size(figure.width, figure.height, dpi)?;
    let text = svg::write(figure, SvgText::Outlines, fonts, title)?;
    let tree = resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default()).context("the figure's SVG cannot be read back")?;
    let scale = dpi as f32 / 72.0;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or_else(|| anyhow!("a {w}×{h} image is too large"))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    // The SVG's user unit is a point: one pt is `scale` pixels.
    let to_pixels = tree.size().width() / figure.width;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale / to_pixels, scale / to_pixels), &mut pixmap.as_mut());
    let png = pixmap.encode_png().context("encoding the PNG")?;
    Ok(with_resolution(png, dpi))
}

/// The PNG with a pHYs chunk (pixels per metre) right after IHDR.
fn with_resolution(png: Vec<u8>, dpi: u32) -> Vec<u8> {
    // Signature (8) + IHDR: length (4), type (4), data (13), CRC (4).
    const AFTER_IHDR: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < AFTER_IHDR || &png[12..16] != b"IHDR" {
        return png;
    }
    let ppm = (dpi as f64 / 0.0254).round() as u32;
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    let mut body = b"pHYs".to_vec();
    body.extend_from_slice(&ppm.to_be_bytes());
    body.extend_from_slice(&ppm.to_be_bytes());
    body.push(1); // unit: metre
    chunk.extend_from_slice(&body);
    chunk.extend_from_slice(&crc32(&body).to_be_bytes());
    let mut out = png[..AFTER_IHDR].to_vec();
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// CRC-32 (ISO 3309, as PNG chunks use it).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    #[test]
    fn crc32_matches_the_png_specification_check_value() {
        // The standard check value of CRC-32 over "123456789".
        assert_eq!(super::crc32(b"123456789"), 0xCBF4_3926);
        // IEND's CRC, as every PNG ends.
        assert_eq!(super::crc32(b"IEND"), 0xAE42_6082);
    }
}
