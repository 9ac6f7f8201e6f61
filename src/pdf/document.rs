//! Assembling pages into PDF bytes that are the same on every run: printpdf
//! draws a random trailer /ID and stamps the current time, so the document
//! goes through lopdf, where the /ID becomes a hash of the content and the
//! dates are the book's own.

use crate::page::PageFrame;
use anyhow::{Result, anyhow};
use printpdf::{Mm, Op, PdfDocument, PdfPage, PdfSaveOptions, Pt, Rect};

/// One finished page: its frame and its drawing.
pub struct DrawnPage {
    pub frame: PageFrame,
    pub ops: Vec<Op>,
}

/// A page box. printpdf 0.12 writes a `Rect` as `[x y width height]` where
/// PDF wants `[x0 y0 x1 y1]`, so the far corner goes in width/height.
fn page_box(area: crate::page::Area) -> Rect {
    Rect { x: Pt(area.x), y: Pt(area.y), width: Pt(area.right()), height: Pt(area.top()), mode: None, winding_order: None }
}

/// Serialises `doc` with `pages`. `date` is a PDF date ("D:20261122120000Z").
/// `author` goes in the document information (left out when `None`).
pub fn save(mut doc: PdfDocument, pages: Vec<DrawnPage>, title: &str, author: Option<&str>, date: &str) -> Result<Vec<u8>> {
    let pdf_pages = pages
        .into_iter()
        .map(|p| {
            let mut page = PdfPage::new(Mm::from(Pt(p.frame.media.width)), Mm::from(Pt(p.frame.media.height)), p.ops);
            page.media_box = page_box(p.frame.media);
            page.crop_box = page_box(p.frame.media);
            page.trim_box = page_box(p.frame.trim);
            page
        })
        .collect();
    doc.with_pages(pdf_pages);
    let when = printpdf::parse_pdf_date(date).map_err(|e| anyhow!("bad date {date}: {e}"))?;
    let info = &mut doc.metadata.info;
    info.document_title = title.to_string();
    info.author = author.unwrap_or_default().to_string();
    info.creator = "puzzlebook".into();
    info.producer = format!("puzzlebook {}", env!("CARGO_PKG_VERSION"));
    info.creation_date = when;
    info.modification_date = when;
    info.metadata_date = when;

    // Whole fonts, not subsets: print services ask for full embedding.
    let options = PdfSaveOptions { subset_fonts: false, ..Default::default() };
    let mut warnings = Vec::new();
    let mut lo = doc.to_lopdf_document(&options, &mut warnings);
    drop_empty_info(&mut lo);
    lo.compress();
    let mut unstable = Vec::new();
    lo.save_to(&mut unstable)?;
    let id = crate::record::fingerprint(&String::from_utf8_lossy(&unstable_without_id(&unstable)));
    let id = lopdf::Object::String(id.into_bytes(), lopdf::StringFormat::Hexadecimal);
    lo.trailer.set("ID", lopdf::Object::Array(vec![id.clone(), id]));
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes)?;
    Ok(bytes)
}

/// printpdf writes every information key, empty or not: an empty
/// `/GTS_PDFXVersion` (and any empty PDF/X key) claims a PDF/X version the
/// file does not have, so empty keys are left out.
fn drop_empty_info(lo: &mut lopdf::Document) {
    let Ok(info) = lo.trailer.get(b"Info").and_then(lopdf::Object::as_reference) else { return };
    let Ok(dict) = lo.get_dictionary_mut(info) else { return };
    let empty: Vec<Vec<u8>> = dict
        .iter()
        .filter(|(_, value)| match value {
            lopdf::Object::String(bytes, _) => {
                // UTF-16 with only its byte-order mark is empty too.
                let text = bytes.strip_prefix(&[0xfe, 0xff]).unwrap_or(bytes);
                text.iter().all(|b| b.is_ascii_whitespace() || *b == 0)
            }
            lopdf::Object::Name(name) => name.is_empty(),
            _ => false,
        })
        .map(|(key, _)| key.clone())
        .collect();
    for key in empty {
        dict.remove(&key);
    }
}

/// The serialised file minus its trailer (where the random /ID sits).
fn unstable_without_id(bytes: &[u8]) -> Vec<u8> {
    let cut = bytes.windows(7).rposition(|w| w == b"trailer").unwrap_or(bytes.len());
    bytes[..cut].to_vec()
}
