//! `reserve`, `release`, `reservations`: drafts that hold puzzles for a
//! book in progress (see `store::drafts`).

use super::book::{EditorArg, common_levels, layout_ids};
use super::catalog::DbArg;
use crate::level::Level;
use crate::store::{Draft, Pick, ReserveRequest, span_text};
use anyhow::{Result, bail};

#[derive(clap::Args, Debug)]
#[command(after_help = "A draft holds its puzzles for one editor until it expires: other editors' books and drafts, \
and your own books made without --draft, leave them out. `puzzlebook book TITLE --layout … --count … --draft NAME` \
makes the book from the draft (the same layouts, levels and count take exactly its puzzles); once the book is done \
they leave the draft, and an empty draft is gone. Reserving again renews the draft (and adds what is asked). \
Two editors reserving at once never get the same puzzle.\n\n\
Examples:\n  puzzlebook reserve spring --layout classic-9 --count 120\n  \
puzzlebook reserve spring --puzzles 812,815 --for 3d\n  puzzlebook reserve spring --for 2w   # renew only")]
pub struct ReserveArgs {
    /// The draft's name (yours; a new one is made).
    pub draft: String,
    /// Layout id(s) to reserve puzzles of, chosen as `book` chooses them; repeat or separate with commas.
    #[arg(long, short = 'l', value_delimiter = ',', requires = "count")]
    pub layout: Vec<String>,
    /// How many puzzles, spread over the levels and layouts as `book` spreads them.
    #[arg(long, short = 'n', requires = "layout")]
    pub count: Option<usize>,
    /// Levels, easiest first (default: every level all the layouts have).
    #[arg(long, value_delimiter = ',', requires = "layout")]
    pub levels: Option<Vec<Level>>,
    /// Only puzzles whose Sudoku Explainer rating lies in this range (graded layouts).
    #[arg(long, value_name = "RANGE", requires = "layout")]
    pub rating: Option<crate::level::RatingRange>,
    /// These puzzles, by number (`puzzlebook show`), separated with commas.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub puzzles: Vec<i64>,
    /// How long the draft holds its puzzles from now: e.g. 90m, 36h, 7d, 2w.
    #[arg(long = "for", value_name = "SPAN", default_value = "7d", value_parser = parse_span)]
    pub lasts: i64,
    #[command(flatten)]
    pub editor: EditorArg,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(clap::Args, Debug)]
pub struct ReleaseArgs {
    /// The draft (yours).
    pub draft: String,
    /// Only these of its puzzles (default: all of them, and the draft).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub puzzles: Option<Vec<i64>>,
    #[command(flatten)]
    pub editor: EditorArg,
    #[command(flatten)]
    pub db: DbArg,
}

/// A span of time: a whole number and a unit (s, m or min, h, d, w).
fn parse_span(text: &str) -> Result<i64, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let unit_seconds = match unit.trim() {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return Err(format!("\"{text}\": expected a number and a unit: 90m, 36h, 7d or 2w")),
    };
    let n: i64 = number.parse().map_err(|_| format!("\"{text}\": expected a number and a unit: 90m, 36h, 7d or 2w"))?;
    match n.checked_mul(unit_seconds) {
        Some(s) if s > 0 && s <= 366 * 86_400 => Ok(s),
        _ => Err(format!("\"{text}\": a reservation lasts from 1 s to a year")),
    }
}

pub fn reserve(args: ReserveArgs) -> Result<()> {
    let editor = args.editor.name()?;
    let mut picks = Vec::new();
    if !args.puzzles.is_empty() {
        picks.push(Pick::Puzzles(args.puzzles.clone()));
    }
    if let Some(count) = args.count {
        if count == 0 {
            bail!("--count 0: reserve at least one puzzle (or leave --layout and --count out to renew the draft)");
        }
        let levels = match &args.levels {
            Some(asked) => {
                common_levels(&args.layout, Some(asked))?;
                asked.clone()
            }
            None => common_levels(&args.layout, None)?,
        };
        picks.extend(crate::book::curate::picks(&layout_ids(&args.layout), &levels, count, args.rating));
    }
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    let done = catalog.reserve(&ReserveRequest { draft: &args.draft, editor: &editor, seconds: args.lasts, picks: &picks })?;
    if let Some(before) = &done.took_over {
        println!("draft \"{}\" had expired ({before}'s): it is yours now, its old puzzles dropped", done.draft.name);
    }
    if !done.lost.is_empty() {
        println!("{} of its puzzles were taken while it was expired and are no longer in it: {}", done.lost.len(), ids_text(&done.lost));
    }
    println!(
        "draft \"{}\" of {}: {} puzzle{} reserved now, {} in all, for {} ({})",
        done.draft.name,
        done.draft.editor,
        done.added.len(),
        if done.added.len() == 1 { "" } else { "s" },
        done.draft.puzzles.len(),
        span_text(done.draft.seconds_left),
        catalog.target
    );
    println!("  puzzles: {}", ids_text(&done.draft.puzzles));
    Ok(())
}

pub fn release(args: ReleaseArgs) -> Result<()> {
    let editor = args.editor.name()?;
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    let freed = catalog.release(&args.draft, &editor, args.puzzles.as_deref())?;
    let left = catalog.draft(&args.draft)?;
    match left {
        Some(d) => println!("draft \"{}\": {freed} puzzle{} released, {} still reserved", d.name, plural(freed), d.puzzles.len()),
        None => println!("draft \"{}\" released: {freed} puzzle{} free again", args.draft, plural(freed)),
    }
    Ok(())
}

pub fn reservations(args: DbArg) -> Result<()> {
    let catalog = crate::cli::open_catalog_to_read(&args.db)?;
    let drafts = catalog.reservations()?;
    if drafts.is_empty() {
        println!("{}: no drafts (reserve puzzles with `puzzlebook reserve NAME --layout classic-9 --count 120`)", args.db.display());
    }
    for d in &drafts {
        println!("{}", draft_line(d));
        println!("  puzzles: {}", ids_text(&d.puzzles));
    }
    Ok(())
}

fn draft_line(d: &Draft) -> String {
    let state = match d.is_live() {
        true => format!("expires in {}", span_text(d.seconds_left)),
        false => format!(
            "expired {} ago: holds nothing (its owner renews it with `puzzlebook reserve {}`, or releases it)",
            span_text(-d.seconds_left),
            d.name
        ),
    };
    format!("draft \"{}\" of {} — {} puzzle{}, made {}, {state}", d.name, d.editor, d.puzzles.len(), plural(d.puzzles.len()), d.created_at)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn ids_text(ids: &[i64]) -> String {
    ids.iter().map(|id| id.to_string()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn spans_need_a_unit_and_stay_within_a_year() {
        assert_eq!(super::parse_span("90m"), Ok(5400));
        assert_eq!(super::parse_span("7d"), Ok(7 * 86_400));
        assert_eq!(super::parse_span("2w"), Ok(14 * 86_400));
        assert!(super::parse_span("7").unwrap_err().contains("a number and a unit"));
        assert!(super::parse_span("0h").unwrap_err().contains("from 1 s to a year"));
        assert!(super::parse_span("999999999999w").is_err());
        // The library's default is what `--for` defaults to.
        assert_eq!(super::parse_span("7d"), Ok(crate::store::DEFAULT_DRAFT_SECONDS));
    }
}
