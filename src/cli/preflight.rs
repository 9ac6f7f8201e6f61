//! `preflight`: checks a finished PDF against the print rules (KDP
//! paperback interiors) and prints one line per finding and a summary;
//! fails (an error: exit status 1) when anything is found.

use crate::book::cover::{CoverGeometry, Paper, inches};
use crate::page::Trim;
use crate::preflight::{Rules, page_setup, preflight, sheet};
use anyhow::{Context, Result, bail};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Checks: page count (24–828, even), MediaBox and TrimBox of every page, fonts fully embedded, \
text size (7 pt; 14 pt with --large-print), glyphs and drawings inside the margins (0.25 in, 0.375 in with bleed; \
the gutter from the page count), lines ≥ 0.75 pt, greys ≥ 10 %, no annotations, encryption or transparency, \
no empty /GTS_PDFXVersion. Trim and bleed default to what the first page declares (TrimBox against MediaBox).\n\n\
A paperback cover (--cover, or any one-page landscape PDF; give --pages and --paper): the sheet's size against the \
formula (0.125 + trim width + spine + trim width + 0.125 by trim height + 0.25 in; spine = pages × paper thickness), \
its TrimBox, fonts embedded, text ≥ 7 pt, 0.125 in inside the trim and 0.0625 in clear of the spine folds, spine text \
only from 79 pages on, nothing in the barcode area (2 × 1.2 in, the back's lower right).")]
pub struct PreflightArgs {
    /// The PDF to check.
    pub file: PathBuf,
    /// Trim size: letter, a4, 8.5x11, 6x9, 8x10, 5.5x8.5, or WxH in inches (default: the first page's TrimBox).
    #[arg(long)]
    pub trim: Option<Trim>,
    /// The book is printed with bleed (default: when the MediaBox is larger than the TrimBox).
    #[arg(long, conflicts_with = "no_bleed")]
    pub bleed: bool,
    /// The book is printed without bleed.
    #[arg(long)]
    pub no_bleed: bool,
    /// Large print: text of 14 pt at least.
    #[arg(long)]
    pub large_print: bool,
    /// Smallest text allowed in points (default 7; 14 with --large-print).
    #[arg(long)]
    pub min_text: Option<f32>,
    /// The file is a paperback cover (full wrap); a one-page landscape PDF is taken for one.
    #[arg(long)]
    pub cover: bool,
    /// A cover's interior page count (sets the spine's width).
    #[arg(long, value_name = "N")]
    pub pages: Option<usize>,
    /// A cover's paper: white (default), cream or color.
    #[arg(long)]
    pub paper: Option<Paper>,
}

/// The cover rules for `args`; the trim from --trim, else from the sheet.
fn cover_rules(args: &PreflightArgs, width: f32, height: f32) -> Result<Rules> {
    let Some(pages) = args.pages else {
        bail!(
            "{}: a paperback cover ({}x{} in, one page) is checked against its interior: give --pages N (the interior's page count) and --paper white|cream|color",
            args.file.display(),
            inches(width as f64),
            inches(height as f64)
        );
    };
    let paper = args.paper.unwrap_or(Paper::White);
    let trim = match args.trim {
        Some(trim) => trim,
        None => {
            let spine = CoverGeometry::new(Trim { width: 0.0, height: 0.0 }, pages, paper).spine_in();
            let round = |v: f64| ((v * 1000.0).round() / 1000.0) as f32;
            let trim = Trim { width: round((width as f64 - 0.25 - spine) / 2.0), height: round(height as f64 - 0.25) };
            println!(
                "{}: trim {}x{} in, read from the sheet (give --trim to check the width against it)",
                args.file.display(),
                trim.width,
                trim.height
            );
            trim
        }
    };
    let mut rules = Rules::cover(CoverGeometry::new(trim, pages, paper));
    if let Some(min) = args.min_text {
        rules.min_text_pt = min;
    }
    Ok(rules)
}

pub fn run(args: PreflightArgs) -> Result<()> {
    let bytes = std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let shape = sheet(&bytes);
    let looks_like_cover = shape.as_ref().is_ok_and(|&(pages, w, h)| pages == 1 && w > h);
    if args.cover || args.pages.is_some() || args.paper.is_some() || looks_like_cover {
        let (_, width, height) = shape.map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
        let rules = cover_rules(&args, width, height)?;
        return report(&args, &bytes, &rules);
    }
    let declared = page_setup(&bytes);
    let trim = match (args.trim, &declared) {
        (Some(trim), _) => trim,
        (None, Ok((trim, _))) => *trim,
        (None, Err(e)) => anyhow::bail!("{}: {e}; give --trim", args.file.display()),
    };
    let bleed = args.bleed || (!args.no_bleed && declared.as_ref().is_ok_and(|(_, bleed)| *bleed));
    let mut rules = Rules::new(trim, bleed, args.large_print);
    if let Some(min) = args.min_text {
        rules.min_text_pt = min;
    }
    report(&args, &bytes, &rules)
}

fn report(args: &PreflightArgs, bytes: &[u8], rules: &Rules) -> Result<()> {
    let report = preflight(bytes, rules);
    for finding in &report.findings {
        println!("{finding}");
    }
    println!("{}: {}", args.file.display(), report.summary());
    if !report.is_clean() {
        anyhow::bail!("{}: {} finding(s)", args.file.display(), report.findings.iter().map(|f| f.count).sum::<usize>());
    }
    Ok(())
}
