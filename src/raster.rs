//! Raster images read from the publisher's files (PNG or JPEG): decoded to
//! 8-bit RGB or RGBA with their pixel size. Nothing here prints; a cover
//! (or any other family's page) decides where and how large to place it.

use std::path::Path;

/// A decoded image: `pixels` holds `width * height * channels` bytes, rows top
/// to bottom, 3 channels (RGB) or 4 (RGBA).
#[derive(Debug, Clone)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    pub channels: u8,
    pub pixels: Vec<u8>,
}

/// Why an image could not be read; every message names the file.
#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    #[error("{file}: cannot read: {source}")]
    Io { file: String, source: std::io::Error },
    #[error("{file}: not a PNG or JPEG image (the file's first bytes are neither)")]
    Unknown { file: String },
    #[error("{file}: not a readable {kind} image: {detail}")]
    Bad { file: String, kind: &'static str, detail: String },
}

impl Raster {
    /// The image's printed resolution in dots per inch when placed `inches` wide.
    pub fn dpi_at_width(&self, inches: f64) -> f64 {
        if inches <= 0.0 {
            return 0.0;
        }
        self.width as f64 / inches
    }
}

/// Read and decode a PNG or JPEG file (chosen by its first bytes, not its name).
pub fn read(path: &Path) -> Result<Raster, RasterError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| RasterError::Io { file: file.clone(), source })?;
    decode(&bytes, &file)
}

/// Decode bytes; `file` names them in errors.
pub fn decode(bytes: &[u8], file: &str) -> Result<Raster, RasterError> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        decode_png(bytes).map_err(|detail| RasterError::Bad { file: file.to_string(), kind: "PNG", detail })
    } else if bytes.starts_with(&[0xFF, 0xD8]) {
        decode_jpeg(bytes).map_err(|detail| RasterError::Bad { file: file.to_string(), kind: "JPEG", detail })
    } else {
        Err(RasterError::Unknown { file: file.to_string() })
    }
}

fn decode_png(bytes: &[u8]) -> Result<Raster, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    // Palette to RGB, 16-bit to 8-bit, grey expanded below.
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader.output_buffer_size().ok_or_else(|| "image too large".to_string())?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    buf.truncate(info.buffer_size());
    let (width, height) = (info.width, info.height);
    let (channels, pixels) = match info.color_type {
        png::ColorType::Rgb => (3, buf),
        png::ColorType::Rgba => (4, buf),
        png::ColorType::Grayscale => (3, buf.iter().flat_map(|&g| [g, g, g]).collect()),
        png::ColorType::GrayscaleAlpha => (4, buf.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect()),
        other => return Err(format!("unsupported colour type {other:?}")),
    };
    Ok(Raster { width, height, channels, pixels })
}

fn decode_jpeg(bytes: &[u8]) -> Result<Raster, String> {
    use zune_jpeg::zune_core::bytestream::ZCursor;
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default().jpeg_set_out_colorspace(ColorSpace::RGB);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    let pixels = decoder.decode().map_err(|e| format!("{e:?}"))?;
    let (w, h) = decoder.dimensions().ok_or_else(|| "no image size in the headers".to_string())?;
    if pixels.len() != w * h * 3 {
        return Err(format!("decoded {} bytes for {w}x{h} RGB", pixels.len()));
    }
    Ok(Raster { width: w as u32, height: h as u32, channels: 3, pixels })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_bytes(w: u32, h: u32) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, w, h);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            let mut writer = enc.write_header().unwrap();
            let data: Vec<u8> = (0..w * h * 3).map(|i| (i % 251) as u8).collect();
            writer.write_image_data(&data).unwrap();
        }
        out
    }

    #[test]
    fn png_decodes_to_its_pixel_size() {
        let r = decode(&png_bytes(7, 5), "a.png").unwrap();
        assert_eq!((r.width, r.height, r.channels), (7, 5, 3));
        assert_eq!(r.pixels.len(), 7 * 5 * 3);
        assert_eq!(r.pixels[4], 4);
        assert!((r.dpi_at_width(0.5) - 14.0).abs() < 1e-9);
    }

    #[test]
    fn jpeg_decodes_to_rgb_of_its_pixel_size() {
        let bytes = include_bytes!("../tests/data/raster-16x8.jpg");
        let r = decode(bytes, "red.jpg").unwrap();
        assert_eq!((r.width, r.height, r.channels), (16, 8, 3));
        assert_eq!(r.pixels.len(), 16 * 8 * 3);
        // The file is one flat #c03020; JPEG rounding stays within a few levels.
        let (red, green, blue) = (r.pixels[0], r.pixels[1], r.pixels[2]);
        assert!(red > 0xb0 && green < 0x40 && blue < 0x30, "{red} {green} {blue}");
    }

    #[test]
    fn bad_files_name_the_file_and_do_not_panic() {
        let e = decode(b"hello", "notes.txt").unwrap_err().to_string();
        assert!(e.contains("notes.txt") && e.contains("PNG or JPEG"), "{e}");
        let mut cut = png_bytes(40, 40);
        cut.truncate(60);
        let e = decode(&cut, "cut.png").unwrap_err().to_string();
        assert!(e.contains("cut.png") && e.contains("PNG"), "{e}");
        let e = decode(&[0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3], "bad.jpg").unwrap_err().to_string();
        assert!(e.contains("bad.jpg") && e.contains("JPEG"), "{e}");
        let e = read(Path::new("/nonexistent/x.png")).unwrap_err().to_string();
        assert!(e.contains("/nonexistent/x.png"), "{e}");
    }
}
