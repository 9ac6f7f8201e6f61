//! QR codes drawn as vector squares on any surface (a play link printed
//! beside a puzzle). Error correction level M, a quiet zone of four modules
//! left white around the symbol, as scanners expect.

use super::canvas::{BLACK, Surface};
use anyhow::{Result, anyhow};

/// Modules across a QR symbol for `data`, with its quiet zone.
pub fn modules_across(data: &str) -> Result<usize> {
    Ok(code(data)?.width() + 2 * QUIET)
}

const QUIET: usize = 4;

fn code(data: &str) -> Result<qrcode::QrCode> {
    qrcode::QrCode::with_error_correction_level(data.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| anyhow!("no QR code for {} bytes: {e}", data.len()))
}

/// Draws the symbol for `data` as a square `side` points wide (quiet zone
/// included) with its lower-left corner at (`x`, `y`). Dark modules are
/// merged into horizontal runs, one rectangle each.
pub fn draw(surface: &mut dyn Surface, data: &str, x: f32, y: f32, side: f32) -> Result<()> {
    let code = code(data)?;
    let n = code.width();
    let module = side / (n + 2 * QUIET) as f32;
    let colors = code.to_colors();
    for row in 0..n {
        let top = y + side - (QUIET + row) as f32 * module;
        let mut col = 0;
        while col < n {
            if colors[row * n + col] == qrcode::Color::Dark {
                let start = col;
                while col < n && colors[row * n + col] == qrcode::Color::Dark {
                    col += 1;
                }
                surface.fill_rect(x + (QUIET + start) as f32 * module, top - module, (col - start) as f32 * module, module, BLACK);
            } else {
                col += 1;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::{Item, Recorder};
    use crate::pdf::fonts::Fonts;

    #[test]
    fn a_drawn_symbol_has_the_finder_patterns_and_the_quiet_zone() {
        let fonts = Fonts::unembedded().unwrap();
        let mut rec = Recorder::new(&fonts);
        let data = "https://puzz.link/p?slither/5/5/cbcbcddad";
        draw(&mut rec, data, 10.0, 20.0, 100.0).unwrap();
        let across = modules_across(data).unwrap();
        let module = 100.0 / across as f32;
        // Rebuild the module grid from the rectangles.
        let n = across - 2 * QUIET;
        let mut dark = vec![false; n * n];
        for item in &rec.items {
            let Item::Polygon { points, .. } = item else { panic!("only squares: {item:?}") };
            let (x0, y1) = (points[0].0, points[2].1);
            let (x1, y0) = (points[2].0, points[0].1);
            let row = ((120.0 - y1) / module).round() as usize - QUIET;
            assert!(((y1 - y0) - module).abs() < 1e-3, "one module tall");
            let (c0, c1) = (((x0 - 10.0) / module).round() as usize - QUIET, ((x1 - 10.0) / module).round() as usize - QUIET);
            for c in c0..c1 {
                dark[row * n + c] = true;
            }
        }
        // The three finder patterns: a dark 7×7 ring with a dark 3×3 centre.
        for (r0, c0) in [(0, 0), (0, n - 7), (n - 7, 0)] {
            for r in 0..7 {
                for c in 0..7 {
                    let ring = r == 0 || r == 6 || c == 0 || c == 6;
                    let centre = (2..5).contains(&r) && (2..5).contains(&c);
                    assert_eq!(dark[(r0 + r) * n + c0 + c], ring || centre, "finder at ({r0},{c0}) module ({r},{c})");
                }
            }
        }
        assert_eq!(dark, code(data).unwrap().to_colors().iter().map(|&c| c == qrcode::Color::Dark).collect::<Vec<_>>());
    }
}
