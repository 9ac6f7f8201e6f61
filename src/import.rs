//! Import with proof: read a file (all of it, or nothing is stored), prove
//! each puzzle unique, grade and key it through its family, deduplicate,
//! store the rest with their source. Progress goes to a callback; nothing
//! here prints.

use crate::family::{Family, Refusal};
use crate::formats::{Decoded, Format, detect, not_text};
use crate::record::NewPuzzle;
use crate::store::Catalog;
use anyhow::{Result, anyhow, bail};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The longest line a file to import may have, in bytes (an f-puzzles URL
/// of a large puzzle is a few kilobytes). A longer line is refused with its
/// number, read no further.
pub const MAX_LINE: usize = 1 << 20;

/// The largest file `import` and `reference add` read, in bytes: about
/// 780,000 puzzles of 81 cells a line. Split a larger collection.
pub const MAX_FILE: usize = 64 << 20;

/// What an import did.
#[derive(Clone, Debug, Default)]
pub struct ImportReport {
    pub format: Option<Format>,
    /// Puzzles read from the file.
    pub read: usize,
    pub stored: usize,
    /// Puzzles whose canonical key an earlier line of the file, or the
    /// catalog, already holds.
    pub duplicates_in_file: usize,
    pub duplicates_in_catalog: usize,
    /// (line, why) of every puzzle not stored for a reason of its own.
    pub refused: Vec<(usize, Refusal)>,
    /// The batch row the import's puzzles were stored under (none when
    /// nothing was stored).
    pub batch: Option<i64>,
}

impl ImportReport {
    /// Refusals counted by kind: (`none`, `multiple`, other).
    pub fn refused_by_kind(&self) -> (usize, usize, usize) {
        let count = |f: fn(&Refusal) -> bool| self.refused.iter().filter(|(_, r)| f(r)).count();
        (count(|r| *r == Refusal::None), count(|r| *r == Refusal::Multiple), count(|r| matches!(r, Refusal::Invalid(_))))
    }
}

/// The format to read `text` in: the one asked for (which the family must
/// support), or the one the content and name point to.
pub fn choose_format(family: &dyn Family, text: &str, file: &Path, asked: Option<Format>) -> Result<Format> {
    let formats = family.formats();
    let id = &family.layout().id;
    let names = || formats.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ");
    if formats.is_empty() {
        bail!("{}", crate::family::no_formats(family.layout()));
    }
    if let Some(format) = asked {
        if !formats.contains(&format) {
            bail!("{id} puzzles are not read from {format}: its formats are {}", names());
        }
        return Ok(format);
    }
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    let candidates: Vec<Format> = detect(text, name.as_deref(), &formats).into_iter().filter(|f| formats.contains(f)).collect();
    match candidates[..] {
        [one] => Ok(one),
        [] => {
            let looks: Vec<&str> = detect(text, name.as_deref(), &crate::family::own_formats()).iter().map(|f| f.name()).collect();
            let looks = if looks.is_empty() { "nothing known".to_string() } else { looks.join(" or ") };
            bail!("{}: cannot tell its format for {id} (it looks like {looks}); give --format, one of {}", file.display(), names())
        }
        _ => bail!(
            "{}: the format is ambiguous ({}); give --format",
            file.display(),
            candidates.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A file's text, read a line at a time and bounded: a line over
/// [`MAX_LINE`] or a file over [`MAX_FILE`] bytes is refused before it is
/// read whole; bytes that are not UTF-8 are reported with their line and
/// offset; a zip archive (HoDoKu's `.hsol` save) is refused as such. A
/// leading UTF-8 byte order mark is dropped.
pub fn read_text(file: &Path) -> Result<String> {
    let name = file.display();
    let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(why) = not_text(b"", &file_name) {
        bail!("{name}: {why}");
    }
    let opened = std::fs::File::open(file).map_err(|e| anyhow!("cannot read {name}: {e}"))?;
    let too_big = || anyhow!("{name}: larger than {} MiB, the most a file to import may hold; split it (nothing stored)", MAX_FILE >> 20);
    if opened.metadata().is_ok_and(|m| m.is_file() && m.len() > MAX_FILE as u64) {
        return Err(too_big());
    }
    let mut reader = std::io::BufReader::new(opened);
    let (mut text, mut buf) = (String::new(), Vec::new());
    let (mut line, mut offset) = (0usize, 0usize);
    loop {
        buf.clear();
        let n = (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf).map_err(|e| anyhow!("cannot read {name}: {e}"))?;
        if n == 0 {
            break;
        }
        line += 1;
        if line == 1
            && let Some(why) = not_text(&buf, &file_name)
        {
            bail!("{name}: {why}");
        }
        let content = buf.strip_suffix(b"\n").unwrap_or(&buf);
        if content.len() > MAX_LINE {
            bail!(
                "{name}: line {line} is longer than {} bytes (1 MiB), the longest line a file to import may have (nothing stored)",
                MAX_LINE
            );
        }
        let piece = std::str::from_utf8(&buf).map_err(|e| {
            let at = e.valid_up_to();
            anyhow!(
                "{name}: line {line}: not UTF-8 text (byte {} of the line, offset {} in the file: 0x{:02x}); save the file as UTF-8",
                at + 1,
                offset + at,
                buf[at]
            )
        })?;
        if text.len() + piece.len() > MAX_FILE {
            return Err(too_big());
        }
        text.push_str(piece);
        offset += n;
    }
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        text = rest.to_string();
    }
    Ok(text)
}

/// Reads the whole file; the first malformed puzzle is an error naming the
/// file and line (nothing is stored then).
pub fn read(family: &dyn Family, file: &Path, asked: Option<Format>) -> Result<(Format, Vec<Decoded>)> {
    read_credited(family, file, asked).map(|(format, decoded, _)| (format, decoded))
}

/// [`read`], with each puzzle's credit as the file gives it
/// ([`crate::formats::credit::credits`]).
pub fn read_credited(
    family: &dyn Family,
    file: &Path,
    asked: Option<Format>,
) -> Result<(Format, Vec<Decoded>, Vec<crate::formats::Credit>)> {
    let text = read_text(file)?;
    let format = choose_format(family, &text, file, asked)?;
    let decoded = family.decode(format, &text).map_err(|e| anyhow!("{}: {e} (read as {format}; nothing stored)", file.display()))?;
    if decoded.is_empty() {
        bail!("{}: no puzzles in it (read as {format})", file.display());
    }
    let credits = crate::formats::credit::credits(format, &text, &decoded);
    Ok((format, decoded, credits))
}

/// Proves every puzzle (in parallel), reporting `(done, total)` now and
/// then; the results in input order. A puzzle written again later in the
/// file (the same givens and own layout) is proved once and shares the
/// first one's result.
pub fn admit_all(family: &dyn Family, decoded: &[Decoded], progress: &(dyn Fn(u64, u64) + Sync)) -> Vec<Result<NewPuzzle, Refusal>> {
    let mut first_of: HashMap<(&str, Option<&str>), usize> = HashMap::new();
    let mut distinct = Vec::new();
    let slot: Vec<usize> = decoded
        .iter()
        .map(|d| {
            *first_of.entry((d.givens.as_str(), d.layout.as_deref())).or_insert_with(|| {
                distinct.push(d);
                distinct.len() - 1
            })
        })
        .collect();
    let total = distinct.len() as u64;
    let done = AtomicU64::new(0);
    progress(0, total);
    let proved: Vec<Result<NewPuzzle, Refusal>> = distinct
        .par_iter()
        .map(|d| {
            let r = family.admit_decoded(d);
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(256) || n == total {
                progress(n, total);
            }
            r
        })
        .collect();
    slot.into_iter().map(|i| proved[i].clone()).collect()
}

/// Imports the puzzles `read` took from `file` (in `format`) into the
/// catalog under the family's layout.
pub fn import(
    catalog: &Catalog,
    family: &dyn Family,
    file: &Path,
    (format, decoded, file_credits): (Format, Vec<Decoded>, Vec<crate::formats::Credit>),
    source: &str,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<ImportReport> {
    let admitted = admit_all(family, &decoded, progress);
    let mut report = ImportReport { format: Some(format), read: decoded.len(), ..ImportReport::default() };
    let mut seen = HashSet::new();
    let mut keep = Vec::new();
    let mut credits = Vec::new();
    for ((d, result), credit) in decoded.iter().zip(admitted).zip(file_credits) {
        match result {
            Ok(p) if seen.insert(p.canonical.clone()) => {
                keep.push(p);
                credits.push(credit);
            }
            Ok(_) => report.duplicates_in_file += 1,
            Err(why) => report.refused.push((d.line, why)),
        }
    }
    if !keep.is_empty() {
        // No batch is recorded when every puzzle is already in the catalog.
        let note = format!("import of {} ({format}, source {source}): {} read", file.display(), decoded.len());
        let (batch, inserted) = catalog.store_import_credited(family.layout(), family.name(), source, &note, &keep, &credits)?;
        report.batch = batch;
        report.stored = inserted.iter().filter(|&&new| new).count();
        report.duplicates_in_catalog = inserted.len() - report.stored;
    }
    Ok(report)
}

/// The canonical keys of every puzzle of a file (no solving: a reference
/// set is keys only), and how many puzzles were read.
pub fn reference_keys(family: &dyn Family, file: &Path, asked: Option<Format>) -> Result<(Format, usize, Vec<String>)> {
    let (format, decoded) = read(family, file, asked)?;
    let keys: Vec<Result<String>> =
        decoded.par_iter().map(|d| family.key_decoded(d).map_err(|e| anyhow!("{}: line {}: {e:#}", file.display(), d.line))).collect();
    let keys = keys.into_iter().collect::<Result<Vec<_>>>()?;
    Ok((format, decoded.len(), keys))
}
