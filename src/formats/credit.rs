//! The credits a file gives its puzzles (who made them, where they come
//! from), kept with imported puzzles so a book can credit them:
//!
//! | format | what is read |
//! |---|---|
//! | `sdk` | the header lines `#A` (author), `#S` (source), `#U` (URL) |
//! | `janko` | the `[metadata]` keys `author`, `source`, `url` (or `link`) |
//! | `fpuzzles` | each puzzle's `author` |
//!
//! The other formats carry no credits; their puzzles get none.

use super::{Credit, Decoded, Format, fpuzzles};

/// Each decoded puzzle's credit (in `decoded`'s order), read from the
/// file's `text` as `format`.
pub fn credits(format: Format, text: &str, decoded: &[Decoded]) -> Vec<Credit> {
    match format {
        Format::Sdk => vec![sdk(text); decoded.len()],
        Format::Janko => vec![janko(text); decoded.len()],
        Format::Fpuzzles => {
            let lines: Vec<&str> = text.lines().collect();
            decoded
                .iter()
                .map(|d| Credit {
                    author: d.line.checked_sub(1).and_then(|i| lines.get(i)).and_then(|l| fpuzzles::author_of_line(l)),
                    ..Credit::default()
                })
                .collect()
        }
        _ => vec![Credit::default(); decoded.len()],
    }
}

/// A value, trimmed; none when blank.
fn value(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// SadMan's `.sdk` header: `#A` author, `#S` source, `#U` URL (`#D`
/// description, `#C` comment, `#B` date and `#L` level are not credits).
fn sdk(text: &str) -> Credit {
    let mut credit = Credit::default();
    for line in text.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix('#') else { continue };
        let mut chars = rest.chars();
        let (Some(tag), body) = (chars.next(), chars.as_str()) else { continue };
        let slot = match tag {
            'A' => &mut credit.author,
            'S' => &mut credit.source,
            'U' => &mut credit.url,
            _ => continue,
        };
        if slot.is_none() {
            *slot = value(body);
        }
    }
    credit
}

/// janko.at's `[metadata]` block: `key = value` lines.
fn janko(text: &str) -> Credit {
    let mut credit = Credit::default();
    let mut in_metadata = false;
    for line in text.lines().map(str::trim) {
        let bare = line.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        if matches!(bare.as_str(), "metadata" | "problem" | "solution" | "end" | "moves" | "begin" | "puzzle" | "clues") {
            in_metadata = bare == "metadata";
            continue;
        }
        let Some((key, body)) = line.split_once('=').filter(|_| in_metadata) else { continue };
        let slot = match key.trim().to_ascii_lowercase().as_str() {
            "author" => &mut credit.author,
            "source" => &mut credit.source,
            "url" | "link" => &mut credit.url,
            _ => continue,
        };
        if slot.is_none() {
            *slot = value(body);
        }
    }
    credit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sdk_header_gives_author_source_and_url() {
        let text = "#ARuud\n#DA fine puzzle\n#SSudoCue\n#Uhttp://www.sudocue.net/\n#B2007-01-01\n[Puzzle]\n".to_string()
            + &"123456789\n".repeat(9);
        let decoded = vec![Decoded::new(7, "x")];
        let got = credits(Format::Sdk, &text, &decoded);
        assert_eq!(
            got,
            vec![Credit { author: Some("Ruud".into()), source: Some("SudoCue".into()), url: Some("http://www.sudocue.net/".into()) }]
        );
        // A file without a header credits nobody.
        assert!(credits(Format::Sdk, "123\n", &decoded)[0].is_empty());
    }

    #[test]
    fn janko_metadata_and_fpuzzles_authors_are_read() {
        let text = "[metadata]\nauthor = Otto Janko\nsource = janko.at\nurl = https://www.janko.at/Raetsel/Sudoku/001.a.htm\n\
                    [problem]\n- 1\n1 -\n[end]\n";
        let got = &credits(Format::Janko, text, &[Decoded::new(5, "x")])[0];
        assert_eq!(got.author.as_deref(), Some("Otto Janko"));
        assert_eq!(got.source.as_deref(), Some("janko.at"));
        assert_eq!(got.url.as_deref(), Some("https://www.janko.at/Raetsel/Sudoku/001.a.htm"));
        // An author = line outside [metadata] is no credit.
        assert!(credits(Format::Janko, "[problem]\nauthor = x\n", &[Decoded::new(1, "x")])[0].is_empty());
        let fp = "{\"size\":4,\"title\":\"t\",\"author\":\"Jane Setter\",\"grid\":[]}\n# comment\n{\"size\":4,\"author\":\"\",\"grid\":[]}";
        let got = credits(Format::Fpuzzles, fp, &[Decoded::new(1, "x"), Decoded::new(3, "y")]);
        assert_eq!(got[0].author.as_deref(), Some("Jane Setter"));
        assert!(got[1].is_empty());
    }
}
