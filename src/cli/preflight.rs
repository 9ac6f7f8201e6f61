//! `preflight`: checks a finished PDF against the print rules (KDP
//! paperback interiors) and prints one line per finding and a summary;
//! fails (an error: exit status 1) when anything is found.

use crate::book::cover::{CoverGeometry, Paper, inches};
use crate::page::Trim;
use crate::preflight::{Rules, SheetError, page_setup, preflight, sheet};
use anyhow::{Context, Result, bail};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Checks: page count (24–828, even), MediaBox and TrimBox of every page, fonts fully embedded, \
text size (7 pt; 14 pt with --large-print), glyphs and drawings inside the margins (0.25 in, 0.375 in with bleed; \
the gutter from the page count), lines ≥ 0.75 pt, greys ≥ 10 %, no annotations, encryption or transparency, \
no empty /GTS_PDFXVersion. Trim and bleed default to what the first page declares (TrimBox against MediaBox).\n\n\
A paperback cover (--cover, or any one-page landscape PDF; give --pages and --paper): the sheet's size against the \
formula (0.125 + trim width + spine + trim width + 0.125 by trim height + 0.25 in; spine = pages × paper thickness), \
its TrimBox, fonts embedded, text ≥ 7 pt, 0.125 in inside the trim and 0.0625 in clear of the spine folds, spine text \
only from 79 pages on, nothing in the barcode area (2 × 1.2 in, the back's lower right). --pages takes KDP's range for the \
paper (24–828 pages; 776 on cream); a trim read from the sheet must be one a paperback has (4–8.5 × 6–11.69 in).\n\n\
The exit status is the answer: 1 when anything is found, even when the reader of the lines leaves early (`| head`).")]
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
    /// Smallest text allowed in points, 1 to 72 (default 7; 14 with --large-print).
    #[arg(long, value_parser = parse_points)]
    pub min_text: Option<f32>,
    /// The file is a paperback cover (full wrap); a one-page landscape PDF is taken for one.
    #[arg(long)]
    pub cover: bool,
    /// A cover's interior page count (sets the spine's width): 24 to 828 (776 on cream paper).
    #[arg(long, value_name = "N")]
    pub pages: Option<usize>,
    /// A cover's paper: white (default), cream or color.
    #[arg(long)]
    pub paper: Option<Paper>,
}

/// `--min-text`: a finite size in points, 1 to 72 (NaN, infinities, zero
/// or a negative size would switch the text check off).
fn parse_points(text: &str) -> Result<f32, String> {
    let value: f32 = text.trim().parse().map_err(|_| format!("'{text}' is not a size in points: write e.g. 7 or 9.5"))?;
    if !value.is_finite() || !(MIN_TEXT_OPTION_PT..=MAX_TEXT_OPTION_PT).contains(&value) {
        return Err(format!("{text} pt: the smallest text allowed is given in points, {MIN_TEXT_OPTION_PT} to {MAX_TEXT_OPTION_PT}"));
    }
    Ok(value)
}

/// The range `--min-text` takes, in points.
const MIN_TEXT_OPTION_PT: f32 = 1.0;
const MAX_TEXT_OPTION_PT: f32 = 72.0;

/// Standard output that keeps going when the reader has left (`… | head`):
/// the lines are not wanted then, but the check's answer (its exit status)
/// still is.
#[derive(Default)]
struct Lines {
    closed: bool,
}

impl Lines {
    fn say(&mut self, line: &str) {
        if !self.closed {
            let mut out = std::io::stdout().lock();
            self.closed = writeln!(out, "{line}").and_then(|_| out.flush()).is_err();
        }
    }
}

/// The cover rules for `args`; the trim from --trim, else from the sheet.
fn cover_rules(args: &PreflightArgs, width: f32, height: f32, lines: &mut Lines) -> Result<Rules> {
    let file = args.file.display();
    let Some(pages) = args.pages else {
        bail!(
            "{file}: a paperback cover ({}x{} in, one page) is checked against its interior: give --pages N (the interior's page count) and --paper white|cream|color",
            inches(width as f64),
            inches(height as f64)
        );
    };
    let paper = args.paper.unwrap_or(Paper::White);
    paper.check_pages(pages).map_err(|e| anyhow::anyhow!("{file}: --pages {pages}: {e:#}"))?;
    let trim = match args.trim {
        Some(trim) => trim,
        None => {
            let spine = CoverGeometry::new(Trim { width: 0.0, height: 0.0 }, pages, paper).spine_in();
            let round = |v: f64| (v * 1000.0).round() / 1000.0;
            let (w, h) = (round((width as f64 - 0.25 - spine) / 2.0), round(height as f64 - 0.25));
            // Read from the sheet, the trim must be one a paperback can have.
            let trim: Trim = format!("{w}x{h}").parse().map_err(|e| {
                anyhow::anyhow!(
                    "{file}: a {}x{} in sheet with a spine of {} in ({pages} pages on {paper} paper) leaves a trim of {w}x{h} in, which no paperback has ({e:#}): check --pages and --paper, or give --trim",
                    inches(width as f64),
                    inches(height as f64),
                    inches(spine)
                )
            })?;
            lines.say(&format!(
                "{file}: trim {}x{} in, read from the sheet (give --trim to check the width against it)",
                trim.width, trim.height
            ));
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
    let file = args.file.display();
    let bytes = std::fs::read(&args.file).with_context(|| format!("reading {file}"))?;
    let mut lines = Lines::default();
    let shape = sheet(&bytes);
    let looks_like_cover = shape.as_ref().is_ok_and(|&(pages, w, h)| pages == 1 && w > h);
    if args.cover || args.pages.is_some() || args.paper.is_some() || looks_like_cover {
        let (_, width, height) = shape.map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
        let rules = cover_rules(&args, width, height, &mut lines)?;
        return report(&args, &bytes, &rules, &mut lines);
    }
    let declared = page_setup(&bytes);
    let trim = match (args.trim, &declared) {
        (Some(trim), _) => trim,
        (None, Ok((trim, _))) => *trim,
        // A readable PDF without a declared size: the trim can be given.
        (None, Err(e @ SheetError::NoMediaBox)) => bail!("{file}: {e}; give --trim"),
        (None, Err(e)) => bail!("{file}: {e}"),
    };
    let bleed = args.bleed || (!args.no_bleed && declared.as_ref().is_ok_and(|(_, bleed)| *bleed));
    let mut rules = Rules::new(trim, bleed, args.large_print);
    if let Some(min) = args.min_text {
        rules.min_text_pt = min;
    }
    report(&args, &bytes, &rules, &mut lines)
}

/// One line a finding and the summary; an error (exit status 1) when
/// anything is found, whether or not the lines could all be written.
fn report(args: &PreflightArgs, bytes: &[u8], rules: &Rules, lines: &mut Lines) -> Result<()> {
    let report = preflight(bytes, rules);
    for finding in &report.findings {
        lines.say(&finding.to_string());
    }
    lines.say(&format!("{}: {}", args.file.display(), report.summary()));
    if !report.is_clean() {
        bail!("{}: {} finding(s)", args.file.display(), report.findings.iter().map(|f| f.count).sum::<usize>());
    }
    Ok(())
}
