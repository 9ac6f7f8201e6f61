//! `art`: single puzzles as files for newspapers and designers (SVG, PNG,
//! PDF, EPS), drawn by the books' own renderers, each with a JSON sidecar.

use super::catalog::DbArg;
use crate::art::{ArtFormat, ArtOptions, SvgText, encode, figure, figure_size, parse_length, raster_size};
use crate::lang::Catalogue;
use crate::pdf::MarkStyle;
use crate::pdf::fonts::Fonts;
use crate::store::PuzzleRow;
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
#[command(after_help = "Each puzzle becomes DIR/<layout>-<id>.<format> (with --answer also \
DIR/<layout>-<id>-answer.<format>) and DIR/<layout>-<id>.json: id, layout, level, SE rating, \
seed, canonical key, givens and solution, and the reader's words a page prints beside the puzzle \
(\"words\": the puzzle's name, its rules and its level) in --lang's language; a layout without \
its words in that language is refused, naming the layout and the key, before any file is written. \
The drawing is the book's: same renderer, lines and type.\n\n\
SVG sets its text in the embedded DejaVu Sans (the font travels inside the file), or as outlines with \
--outline-text; EPS always uses outlines; PNG is rendered on white at --dpi and records it. \
Web browsers use the embedded font; other SVG renderers may ignore it (ImageMagick does) and set the \
text in a font of their own: for files sent out, use --outline-text. A PNG has at most 64 megapixels (--size × --dpi); a larger one is refused, \
naming the largest --dpi and --size that fit. Every SVG element sets its fill and stroke, so no renderer's \
defaults change the drawing. Existing files are never replaced unless --force.\n\n\
Examples:\n  puzzlebook art 12 13 --format svg --size 80mm\n  \
puzzlebook art --layout classic-9 --level hard --format png --dpi 600 --answer --out output/newspaper")]
pub struct ArtArgs {
    /// Puzzle ids; none: every puzzle of --layout (and --level).
    pub ids: Vec<i64>,
    /// Every puzzle of this layout (when no ids are given).
    #[arg(long)]
    pub layout: Option<String>,
    /// Only this level (with --layout).
    #[arg(long)]
    pub level: Option<crate::level::Level>,
    /// svg, png, pdf or eps.
    #[arg(long, default_value = "svg")]
    pub format: ArtFormat,
    /// The folder to write into (made if missing).
    #[arg(long, short = 'o', default_value = "output/art")]
    pub out: PathBuf,
    #[command(flatten)]
    pub art: ArtFlags,
    /// Replace files that already exist.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub db: DbArg,
}

/// How a figure is drawn and written (shared by `art` and `export --format svg|png|pdf|eps`).
#[derive(clap::Args, Debug)]
pub struct ArtFlags {
    /// The figure's width: 80mm, 8cm, 3in or 216pt (its height follows the grid).
    #[arg(long, default_value = "4in", value_parser = parse_length)]
    pub size: f32,
    /// Resolution of a PNG, dots per inch (72–2400; at most 64 megapixels in all).
    #[arg(long, default_value_t = 300)]
    pub dpi: u32,
    /// SVG text as glyph outlines instead of text in the embedded font
    /// (small files that need no font; EPS and PNG always use outlines).
    /// Use it for SVGs sent out: outside web browsers the embedded font may be ignored.
    #[arg(long)]
    pub outline_text: bool,
    /// How cell marks (E, O, >6, <5) print: corner (small, top-left) or faded (large, light grey).
    #[arg(long, default_value = "corner", value_parser = parse_marks)]
    pub marks: MarkStyle,
    /// Also draw each puzzle's answer.
    #[arg(long)]
    pub answer: bool,
    /// The language of the sidecar's reader words (name, rules, level):
    /// en, de, fr, es, it, nl, pt, pl, or a catalogue file of your own
    /// (`xx.toml`, see docs/languages.md).
    #[arg(long, default_value = "en", value_name = "LANG")]
    pub lang: String,
}

impl ArtFlags {
    pub fn options(&self) -> ArtOptions {
        ArtOptions {
            width: self.size,
            dpi: self.dpi,
            svg_text: if self.outline_text { SvgText::Outlines } else { SvgText::Embedded },
            marks: self.marks,
        }
    }

    /// The catalogue `--lang` names.
    pub fn words(&self) -> Result<Arc<Catalogue>> {
        let (code, own) = crate::lang::resolve(&self.lang)?;
        Ok(crate::lang::for_book(&code, own.as_deref())?)
    }
}

fn parse_marks(text: &str) -> Result<MarkStyle, String> {
    match text {
        "corner" => Ok(MarkStyle::Corner),
        "faded" => Ok(MarkStyle::Faded),
        _ => Err(format!("unknown mark style '{text}': corner or faded")),
    }
}

pub fn run(args: ArtArgs) -> Result<()> {
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    let rows: Vec<PuzzleRow> = if args.ids.is_empty() {
        let Some(layout) = args.layout.as_deref() else {
            bail!("name the puzzles: ids (e.g. `puzzlebook art 12 13`) or --layout LAYOUT [--level LEVEL]");
        };
        super::catalog::check_layout(&catalog, Some(layout))?;
        catalog.puzzles(Some(layout), args.level.map(|l| l.name()))?
    } else {
        if args.layout.is_some() || args.level.is_some() {
            bail!("give ids or --layout/--level, not both");
        }
        args.ids.iter().map(|&id| catalog.puzzle(id)).collect::<Result<_>>()?
    };
    if rows.is_empty() {
        bail!("no puzzles match");
    }
    let words = args.art.words()?;
    let written = write_art(&rows, args.format, &args.art.options(), args.art.answer, &words, &args.out, args.force)?;
    println!("wrote {written} files for {} puzzles to {}", rows.len(), args.out.display());
    Ok(())
}

/// The files of `rows` in `dir`: art (and answers) and JSON sidecars with
/// the reader's words in `words`' language. Refuses, before writing
/// anything, when a file exists and `force` is off, or a layout lacks its
/// words in that language.
pub fn write_art(
    rows: &[PuzzleRow],
    format: ArtFormat,
    options: &ArtOptions,
    answers: bool,
    words: &Catalogue,
    dir: &Path,
    force: bool,
) -> Result<usize> {
    let ext = format.as_str();
    let stem = |p: &PuzzleRow| format!("{}-{}", p.layout_name, p.id);
    let art_files = |p: &PuzzleRow| {
        let mut files = vec![dir.join(format!("{}.{ext}", stem(p)))];
        if answers {
            files.push(dir.join(format!("{}-answer.{ext}", stem(p))));
        }
        files
    };
    // Each puzzle's family, and its reader words, before any file is written.
    let mut families = Vec::with_capacity(rows.len());
    for p in rows {
        let family = crate::family::stored(&p.layout_name, &p.layout_source).with_context(|| format!("puzzle {}", p.id))?;
        let (name, rules) = crate::lang::layout_words(family.layout(), words).with_context(|| format!("puzzle {}", p.id))?;
        let level = match p.level.parse::<crate::level::Level>() {
            Ok(level) => crate::book::labels::level_name(words, level),
            Err(_) => p.level.clone(),
        };
        let reader = serde_json::json!({ "lang": words.code, "name": name, "rules": rules, "level": level });
        families.push((family, reader));
    }
    let sidecar = |(p, (_, reader)): (&PuzzleRow, &(Box<dyn crate::family::Family>, serde_json::Value))| {
        let json = serde_json::json!({
            "id": p.id,
            "layout": p.layout_name,
            "level": p.level,
            "se_rating": p.grade.as_ref().map(|g| g.se_rating),
            "technique": p.grade.as_ref().map(|g| g.technique.clone()),
            "seed": p.seed,
            "canonical": p.canonical,
            "givens": p.givens,
            "solution": p.solution,
            "words": reader,
        });
        (dir.join(format!("{}.json", stem(p))), serde_json::to_string_pretty(&json).expect("JSON of plain values") + "\n")
    };
    if format == ArtFormat::Png {
        // Every PNG's pixel count is checked before any file is written
        // (or any image allocated).
        for (p, (family, _)) in rows.iter().zip(&families) {
            let (width, height) = figure_size(&**family, options);
            raster_size(width, height, options.dpi).with_context(|| format!("puzzle {} ({}): nothing written", p.id, p.layout_name))?;
        }
    }
    if !force {
        // A sidecar already there with the same text (another format's) is no conflict.
        let existing: Vec<PathBuf> = rows
            .iter()
            .zip(&families)
            .flat_map(|(p, f)| {
                let (json, text) = sidecar((p, f));
                let same = std::fs::read_to_string(&json).is_ok_and(|old| old == text);
                art_files(p).into_iter().chain((!same).then_some(json))
            })
            .filter(|f| f.exists())
            .collect();
        if let Some(first) = existing.first() {
            bail!(
                "{} exists{}: nothing written (use --force to replace, or another --out)",
                first.display(),
                if existing.len() > 1 { format!(" (and {} more of the files to write)", existing.len() - 1) } else { String::new() }
            );
        }
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot make the folder {}", dir.display()))?;
    let fonts = Fonts::unembedded()?;
    let mut written = 0;
    for (p, f) in rows.iter().zip(&families) {
        let family = &f.0;
        let date = crate::book::pdf_date(&p.created_at);
        let mut drawings = vec![(None, format!("{} #{}", p.layout_name, p.id))];
        if answers {
            drawings.push((Some(p.solution.as_str()), format!("{} #{} answer", p.layout_name, p.id)));
        }
        for ((solution, title), file) in drawings.into_iter().zip(art_files(p)) {
            let fig = figure(&**family, &p.givens, solution, options, &fonts);
            let bytes = encode(&fig, format, options, &fonts, &title, &date).with_context(|| format!("puzzle {}", p.id))?;
            std::fs::write(&file, bytes).with_context(|| format!("cannot write {}", file.display()))?;
            written += 1;
        }
        let (json, text) = sidecar((p, f));
        std::fs::write(&json, text).with_context(|| format!("cannot write {}", json.display()))?;
        written += 1;
    }
    Ok(written)
}
