//! `preflight`: checks a finished PDF against the print rules (KDP
//! paperback interiors) and prints one line per finding and a summary;
//! fails (an error: exit status 1) when anything is found.

use crate::page::Trim;
use crate::preflight::{Rules, page_setup, preflight};
use anyhow::{Context, Result};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "Checks: page count (24–828, even), MediaBox and TrimBox of every page, fonts fully embedded, \
text size (7 pt; 14 pt with --large-print), glyphs and drawings inside the margins (0.25 in, 0.375 in with bleed; \
the gutter from the page count), lines ≥ 0.75 pt, greys ≥ 10 %, no annotations, encryption or transparency, \
no empty /GTS_PDFXVersion. Trim and bleed default to what the first page declares (TrimBox against MediaBox).")]
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
}

pub fn run(args: PreflightArgs) -> Result<()> {
    let bytes = std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
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
    let report = preflight(&bytes, &rules);
    for finding in &report.findings {
        println!("{finding}");
    }
    println!("{}: {}", args.file.display(), report.summary());
    if !report.is_clean() {
        anyhow::bail!("{}: {} finding(s)", args.file.display(), report.findings.iter().map(|f| f.count).sum::<usize>());
    }
    Ok(())
}
