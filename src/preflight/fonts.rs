//! Reading a PDF font enough to measure shown text: character codes (one
//! byte for simple fonts, two for Type0), their text (ToUnicode), advance
//! widths (`W`/`DW` or `Widths`), ascent and descent; and whether the font
//! program is embedded.

use super::{dict_get, num, resolve};
use lopdf::{Dictionary, Document, Object, ObjectId};
use std::collections::HashMap;
use std::rc::Rc;

pub(crate) struct Font {
    /// The font's /BaseFont name.
    pub base_name: String,
    pub two_byte: bool,
    unicode: HashMap<u32, String>,
    /// Advances in text space per unit of font size.
    widths: HashMap<u32, f32>,
    default_width: f32,
    /// Above and below the baseline per unit of font size (descent < 0).
    pub ascent: f32,
    pub descent: f32,
    /// Why the font is not fully embedded, if it is not.
    pub not_embedded: Option<String>,
}

impl Font {
    /// The codes of a shown string.
    pub fn codes(&self, bytes: &[u8]) -> Vec<u32> {
        if self.two_byte {
            bytes.chunks(2).map(|p| u32::from(p[0]) << 8 | u32::from(*p.get(1).unwrap_or(&0))).collect()
        } else {
            bytes.iter().map(|&b| u32::from(b)).collect()
        }
    }

    pub fn text(&self, code: u32) -> String {
        match self.unicode.get(&code) {
            Some(t) => t.clone(),
            None if !self.two_byte => char::from(code as u8).to_string(),
            None => "\u{fffd}".into(),
        }
    }

    pub fn width(&self, code: u32) -> f32 {
        self.widths.get(&code).copied().unwrap_or(self.default_width)
    }
}

/// Fonts read so far, by object (a font is judged once per document).
#[derive(Default)]
pub(crate) struct FontCache {
    by_id: HashMap<ObjectId, Rc<Font>>,
}

impl FontCache {
    /// The font a resource entry names; `true` when read for the first time.
    pub fn get(&mut self, doc: &Document, entry: &Object) -> (Rc<Font>, bool) {
        let dict = resolve(doc, entry).as_dict().ok();
        let Ok(id) = entry.as_reference() else {
            return (Rc::new(dict.map_or_else(unknown, |d| read_font(doc, d))), true);
        };
        if let Some(font) = self.by_id.get(&id) {
            return (font.clone(), false);
        }
        let font = Rc::new(dict.map_or_else(unknown, |d| read_font(doc, d)));
        self.by_id.insert(id, font.clone());
        (font, true)
    }
}

fn unknown() -> Font {
    Font {
        base_name: "?".into(),
        two_byte: false,
        unicode: HashMap::new(),
        widths: HashMap::new(),
        default_width: 0.5,
        ascent: 0.8,
        descent: -0.2,
        not_embedded: Some("the font resource is not a dictionary".into()),
    }
}

fn name_of(doc: &Document, dict: &Dictionary, key: &[u8]) -> String {
    dict_get(doc, dict, key).and_then(|o| o.as_name().ok()).map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_default()
}

/// Why a font descriptor holds no font program, if it holds none.
fn missing_program(doc: &Document, font: &Dictionary) -> Option<String> {
    let Some(descriptor) = dict_get(doc, font, b"FontDescriptor").and_then(|d| d.as_dict().ok()) else {
        return Some("no FontDescriptor (a standard-14 reference, not embedded)".into());
    };
    let embedded = [&b"FontFile"[..], b"FontFile2", b"FontFile3"].iter().any(|k| dict_get(doc, descriptor, k).is_some());
    (!embedded).then(|| "its FontDescriptor has no FontFile, FontFile2 or FontFile3".into())
}

fn metrics(doc: &Document, font: &Dictionary) -> (f32, f32) {
    let descriptor = dict_get(doc, font, b"FontDescriptor").and_then(|d| d.as_dict().ok());
    let value = |key: &[u8]| descriptor.and_then(|d| dict_get(doc, d, key)).and_then(num);
    let ascent = value(b"Ascent").filter(|a| *a > 0.0).map_or(0.8, |a| a / 1000.0);
    let descent = value(b"Descent").filter(|d| *d < 0.0).map_or(-0.2, |d| d / 1000.0);
    (ascent, descent)
}

fn read_font(doc: &Document, dict: &Dictionary) -> Font {
    let subtype = name_of(doc, dict, b"Subtype");
    let base_name = name_of(doc, dict, b"BaseFont");
    let unicode = dict_get(doc, dict, b"ToUnicode")
        .and_then(|o| o.as_stream().ok())
        .and_then(|s| s.decompressed_content().ok().or_else(|| Some(s.content.clone())))
        .map(|bytes| parse_to_unicode(&String::from_utf8_lossy(&bytes)))
        .unwrap_or_default();
    let mut widths = HashMap::new();
    match subtype.as_str() {
        "Type0" => {
            let descendants: Vec<&Dictionary> = dict_get(doc, dict, b"DescendantFonts")
                .and_then(|o| o.as_array().ok())
                .map(|a| a.iter().filter_map(|d| resolve(doc, d).as_dict().ok()).collect())
                .unwrap_or_default();
            let not_embedded = if descendants.is_empty() {
                Some("a Type0 font without descendant fonts".into())
            } else {
                descendants
                    .iter()
                    .find_map(|d| missing_program(doc, d).map(|why| format!("its descendant font {}: {why}", name_of(doc, d, b"BaseFont"))))
            };
            let (mut ascent, mut descent, mut default_width) = (0.8, -0.2, 1.0);
            if let Some(descendant) = descendants.first() {
                (ascent, descent) = metrics(doc, descendant);
                default_width = dict_get(doc, descendant, b"DW").and_then(num).unwrap_or(1000.0) / 1000.0;
                if let Some(w) = dict_get(doc, descendant, b"W").and_then(|o| o.as_array().ok()) {
                    read_cid_widths(doc, w, &mut widths);
                }
            }
            Font { base_name, two_byte: true, unicode, widths, default_width, ascent, descent, not_embedded }
        }
        _ => {
            // Type3 glyphs are content streams in the file: embedded by nature,
            // measured in glyph space through the FontMatrix.
            let type3 = subtype == "Type3";
            let scale = if type3 {
                dict_get(doc, dict, b"FontMatrix").and_then(|m| m.as_array().ok()).and_then(|m| m.first()).and_then(num).unwrap_or(0.001)
            } else {
                0.001
            };
            let first = dict_get(doc, dict, b"FirstChar").and_then(num).unwrap_or(0.0) as u32;
            if let Some(list) = dict_get(doc, dict, b"Widths").and_then(|o| o.as_array().ok()) {
                for (i, w) in list.iter().enumerate() {
                    if let Some(w) = num(resolve(doc, w)) {
                        widths.insert(first + i as u32, w * scale);
                    }
                }
            }
            let descriptor = dict_get(doc, dict, b"FontDescriptor").and_then(|d| d.as_dict().ok());
            let missing = descriptor.and_then(|d| dict_get(doc, d, b"MissingWidth")).and_then(num).map_or(0.5, |w| w * scale);
            let (ascent, descent) = metrics(doc, dict);
            let not_embedded = if type3 { None } else { missing_program(doc, dict) };
            Font { base_name, two_byte: false, unicode, widths, default_width: missing, ascent, descent, not_embedded }
        }
    }
}

/// A CID font's `W` array: `c [w1 w2 …]` and `c_first c_last w` entries.
fn read_cid_widths(doc: &Document, w: &[Object], widths: &mut HashMap<u32, f32>) {
    let mut i = 0;
    while i + 1 < w.len() {
        let Some(first) = num(resolve(doc, &w[i])) else { return };
        let first = first as u32;
        match resolve(doc, &w[i + 1]) {
            Object::Array(list) => {
                for (n, width) in list.iter().enumerate() {
                    if let Some(width) = num(resolve(doc, width)) {
                        widths.insert(first + n as u32, width / 1000.0);
                    }
                }
                i += 2;
            }
            last => {
                let (Some(last), Some(width)) = (num(last), w.get(i + 2).and_then(|o| num(resolve(doc, o)))) else { return };
                for code in first..=(last as u32).min(first + 0xFFFF) {
                    widths.insert(code, width / 1000.0);
                }
                i += 3;
            }
        }
    }
}

fn hex_value(token: &str) -> Option<u32> {
    u32::from_str_radix(token.trim_start_matches('<').trim_end_matches('>'), 16).ok()
}

fn hex_text(token: &str) -> String {
    let hex = token.trim_start_matches('<').trim_end_matches('>');
    let units: Vec<u16> = (0..hex.len() / 4).filter_map(|i| u16::from_str_radix(&hex[i * 4..i * 4 + 4], 16).ok()).collect();
    String::from_utf16_lossy(&units)
}

/// A ToUnicode CMap's `bfchar` and `bfrange` entries.
pub(crate) fn parse_to_unicode(cmap: &str) -> HashMap<u32, String> {
    let spaced = cmap.replace('[', " [ ").replace(']', " ] ").replace('<', " <").replace('>', "> ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let token = |i: usize| tokens.get(i).copied().unwrap_or("");
    let mut map = HashMap::new();
    let mut i = 0;
    let mut mode = "";
    while i < tokens.len() {
        match tokens[i] {
            "beginbfchar" | "beginbfrange" => mode = tokens[i],
            "endbfchar" | "endbfrange" => mode = "",
            t if t.starts_with('<') && mode == "beginbfchar" => {
                if let Some(code) = hex_value(t) {
                    map.insert(code, hex_text(token(i + 1)));
                }
                i += 1;
            }
            t if t.starts_with('<') && mode == "beginbfrange" => {
                let (Some(from), Some(to)) = (hex_value(t), hex_value(token(i + 1))) else {
                    i += 1;
                    continue;
                };
                if token(i + 2) == "[" {
                    let mut j = i + 3;
                    for code in from..=to {
                        if token(j) == "]" {
                            break;
                        }
                        map.insert(code, hex_text(token(j)));
                        j += 1;
                    }
                    while j < tokens.len() && tokens[j] != "]" {
                        j += 1;
                    }
                    i = j;
                } else {
                    let first: Vec<u16> = hex_text(token(i + 2)).encode_utf16().collect();
                    if !first.is_empty() {
                        for (n, code) in (from..=to.min(from + 0xFFFF)).enumerate() {
                            let mut units = first.clone();
                            if let Some(last) = units.last_mut() {
                                *last = last.wrapping_add(n as u16);
                            }
                            map.insert(code, String::from_utf16_lossy(&units));
                        }
                    }
                    i += 2;
                }
            }
            _ => {}
        }
        i += 1;
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_unicode_maps_read_chars_and_ranges() {
        let cmap = "2 beginbfchar\n<0014> <0031>\n<0B2A> <2605>\nendbfchar\n2 beginbfrange\n<0024> <0026> <0041>\n<0030> <0031> [<0061> <0062>]\nendbfrange\n";
        let map = parse_to_unicode(cmap);
        assert_eq!(map[&0x14], "1");
        assert_eq!(map[&0x0B2A], "★");
        assert_eq!((map[&0x24].as_str(), map[&0x26].as_str()), ("A", "C"));
        assert_eq!((map[&0x30].as_str(), map[&0x31].as_str()), ("a", "b"));
    }
}
