//! `export --format sdm|sdk|ss|hodoku|janko|fpuzzles|puzzlink|pzprv3|links`:
//! each puzzle written by its family in another program's format.

use crate::family::Family;
use crate::formats::Format;
use crate::store::PuzzleRow;
use anyhow::{Context, Result, bail};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

/// What to write for each puzzle: a format, or its play link.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    Format(Format),
    Links,
}

/// Writes `rows` as `target`: to `out` one line (or block) a puzzle, or,
/// for the one-puzzle-a-file formats, one file a puzzle in `dir`
/// (`<layout>-<id>.<ext>`; an existing file is never overwritten).
pub fn write(rows: &[PuzzleRow], target: Target, dir: Option<&Path>, out: &mut dyn Write) -> Result<usize> {
    let mut families: HashMap<String, Box<dyn Family>> = HashMap::new();
    // Everything is encoded first: a puzzle the format cannot hold stops the
    // export before anything is written.
    let mut texts = Vec::with_capacity(rows.len());
    for p in rows {
        if !families.contains_key(&p.layout_source) {
            families.insert(p.layout_source.clone(), crate::family::stored(&p.layout_file, &p.layout_source)?);
        }
        let family = &families[&p.layout_source];
        let text = match target {
            Target::Format(format) => family.encode(format, p),
            Target::Links => family.link(&p.givens),
        }
        .with_context(|| format!("puzzle {} ({})", p.id, p.layout_name))?;
        texts.push(text);
    }
    match (target, dir) {
        (Target::Format(format), Some(dir)) if format.one_per_file() => {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            let paths: Vec<_> = rows.iter().map(|p| dir.join(format!("{}-{}.{}", p.layout_name, p.id, format.extension()))).collect();
            if let Some(existing) = paths.iter().find(|p| p.exists()) {
                bail!("{} exists: export writes no file over another (choose another --out)", existing.display());
            }
            for (path, text) in paths.iter().zip(&texts) {
                std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
            }
            Ok(texts.len())
        }
        (Target::Format(format), None) if format.one_per_file() && rows.len() > 1 => {
            bail!("{format} holds one puzzle a file: give --out DIR to write {} files, or choose one puzzle", rows.len())
        }
        (_, Some(_)) => {
            bail!(
                "--out DIR is for the one-puzzle-a-file formats ({}); this format goes to stdout",
                Format::one_per_file_names(&crate::family::own_formats())
            )
        }
        _ => {
            for text in &texts {
                out.write_all(text.as_bytes())?;
                if !text.ends_with('\n') {
                    out.write_all(b"\n")?;
                }
            }
            Ok(texts.len())
        }
    }
}
