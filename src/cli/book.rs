//! `book`, `books`, `reprint` and `demo`: curating and printing books.

use super::catalog::DbArg;
use crate::book::labels::{Curve, Labels};
use crate::book::make::{MadeBy, changed_puzzles, fingerprint_bytes, make_book_at, refuse_others_pdf, render_again, write_pdf};
use crate::book::render::Rendered;
use crate::book::trivia::TriviaFormat;
use crate::book::{BookSettings, slug};
use crate::layout::Layout;
use crate::level::Level;
use crate::store::BookRow;
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(after_help = "Puzzles come from the catalog: validated ones (run `puzzlebook validate` first), never one \
printed in an earlier book unless --allow-reprint, the count spread evenly over the levels (and layouts), \
by level, each layout together within a level, easiest first (--labels and --curve name and order them otherwise). The book, its settings and its puzzles are recorded, so `puzzlebook reprint ID` makes the same PDF.\n\n\
Pages: a title page, a copyright page (its back), an introduction with How to play and the contents, \
worked examples (--examples), puzzle pages by level (a page holds one layout's grids), hints (--hints), \
then the answer key. The gutter \
follows KDP's table for the final page count; page numbers stand on the outside corner, running heads on the \
outside edge; each puzzle names the page of its answer. A book under 24 pages or of an odd count is padded with \
notes pages (--no-pad refuses it instead). Every PDF passes the print preflight before it is written.")]
pub struct BookArgs {
    /// The book's title (also names the PDF unless --out).
    pub title: String,
    /// Layout id(s); repeat or separate with commas for a mixed book.
    #[arg(long, short = 'l', value_delimiter = ',', required = true)]
    pub layout: Vec<String>,
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 120)]
    pub count: usize,
    /// Levels, easiest first, e.g. easy,medium,hard (default: every level all the layouts have: easy,medium,hard,expert; easy,medium,hard with Slitherlink).
    #[arg(long, value_delimiter = ',')]
    pub levels: Option<Vec<Level>>,
    /// Puzzles a page: 1, 2, 4 or 6 (default: 2; 1 for overlapping grids, pies and grids of 16 or more cells across; fewer when the grids would print too small).
    #[arg(long)]
    pub per_page: Option<usize>,
    /// Trim size: letter, a4, 8.5x11, 6x9, 8x10, 5.5x8.5, or WxH in inches.
    #[arg(long, default_value = "8.5x11")]
    pub trim: crate::page::Trim,
    /// Add 0.125 in of bleed on the top, bottom and outside edge.
    #[arg(long)]
    pub bleed: bool,
    /// Larger type throughout; puzzle digits of 16 pt or more.
    #[arg(long)]
    pub large_print: bool,
    /// Answer grids a page (1, 2, 4, 6, 9, 12, 16, 20 or 25); default: the most that stay legible.
    #[arg(long)]
    pub answers_per_page: Option<usize>,
    /// Only puzzles whose Sudoku Explainer rating lies in this range: 7.0.., ..4.5, 3.0..5.0 (graded layouts).
    #[arg(long, value_name = "RANGE")]
    pub rating: Option<crate::level::RatingRange>,
    /// Allow puzzles already printed in another book.
    #[arg(long)]
    pub allow_reprint: bool,
    /// Trividoku's trivia bank: a CSV of `question,answer` lines (or
    /// `item,answer` with --trivia-format matching), answers 1–9; a question
    /// may hold commas (the answer is the last field), `#` lines are
    /// comments. Each item is asked at most once a book, so the bank needs
    /// as many items of each answer as the book has Trividoku puzzles
    /// (fewer: some repeat, far apart, with a warning). A `topic,question,answer`
    /// header gives the bank topics (--trivia-topics). Default:
    /// data/trivia/bank-2.csv, facts by topic (see docs/books-trivia.md).
    #[arg(long, value_name = "CSV")]
    pub trivia: Option<PathBuf>,
    /// The trivia topics a Trividoku book asks from, e.g.
    /// `geography,science` (default: every topic of the bank but
    /// word-number, the letter counts and sums). The shipped bank's topics:
    /// geography, science, nature, human-body, space, history, myth, arts,
    /// sport, food, language, word-number.
    #[arg(long, value_delimiter = ',', value_name = "TOPICS")]
    pub trivia_topics: Option<Vec<String>>,
    /// How Trividoku gives its letters: `questions` (a question under the
    /// grid for each letter) or `matching` (the original publisher's list:
    /// items lettered A–I, e.g. `Spider's legs,8`, to match with 1–9).
    #[arg(long, value_enum, default_value = "questions")]
    pub trivia_format: TriviaFormatArg,
    /// The author, printed on the title page and stored in the PDF.
    #[arg(long)]
    pub author: Option<String>,
    /// A subtitle, printed under the title.
    #[arg(long)]
    pub subtitle: Option<String>,
    /// Refuse a book under 24 pages or of an odd page count instead of
    /// padding it with notes pages at the end.
    #[arg(long)]
    pub no_pad: bool,
    /// A hints section between the puzzles and the answers, in two stages
    /// (where to look, then what it finds); each puzzle names the page of
    /// its hint. `--hints` (or `--hints first`): the first step harder than
    /// a single; `--hints hardest`: the step the puzzle is rated by, naming
    /// the pattern's cells; `--hints both`: the two.
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "first", value_name = "STEP")]
    pub hints: Option<HintsArg>,
    /// How E/O and other marks print on puzzle pages: `corner` (small, in
    /// the cell's corner, at least 7 pt) or `faded` (a large light-grey
    /// letter behind an empty cell). Default: faded in a book with even/odd
    /// (E/O) marks, corner otherwise.
    #[arg(long, value_enum)]
    pub marks: Option<Marks>,
    /// The publisher's imprint, at the foot of the title page and on the copyright page.
    #[arg(long)]
    pub imprint: Option<String>,
    /// The imprint's postal address, on the copyright page with the imprint
    /// (in a German book, its Impressum line). Needs --imprint.
    #[arg(long, value_name = "ADDRESS")]
    pub imprint_address: Option<String>,
    /// The language every word of the book and its cover prints in: en
    /// (default), de, fr, es, it, nl, pt or pl, or a catalogue file of your
    /// own (`xx.toml`, see docs/languages.md). Stored with the book.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// The book's ISBN-10 or ISBN-13 (hyphens allowed; the check digit is checked), on the copyright page.
    #[arg(long)]
    pub isbn: Option<String>,
    /// The year on the copyright line (default: the year the book is made).
    #[arg(long, value_name = "YEAR")]
    pub copyright_year: Option<u16>,
    /// A worked example page for each layout after "How to play": a puzzle
    /// made for this book (none of its numbered ones; another book gets
    /// another), its first step drawn on the grid (the cells it looks at
    /// shaded, what it finds in grey) and explained, and its solution.
    #[arg(long)]
    pub examples: bool,
    /// A small QR code beside each puzzle that opens it in a browser solver
    /// (SudokuPad or puzz.link; see `puzzlebook link`). Layouts without a
    /// browser solver, or pages without room for a readable code, are refused.
    #[arg(long)]
    pub qr: bool,
    /// How difficulty is named on the pages, the contents and the cover:
    /// `levels` (easy, medium, hard, expert), `stars` (★ to ★★★★★) or
    /// `words` (gentle, moderate, tough, fiendish, diabolical). Stars and
    /// words stand for fixed Sudoku Explainer bands, the same in every book:
    /// ★ gentle SE ≤ 1.5, ★★ moderate 1.6–2.3, ★★★ tough 2.4–3.4,
    /// ★★★★ fiendish 3.5–5.4, ★★★★★ diabolical 5.5 and up (layouts with
    /// the technique grader).
    #[arg(long, value_enum, default_value_t = LabelsArg::Levels)]
    pub labels: LabelsArg,
    /// The order of the puzzles: `sections` (by label, each layout together,
    /// easiest first), `ramp` (easiest to hardest across the book, by SE
    /// rating) or `week` (a newspaper week: seven puzzles a week, Monday
    /// gentle, Tuesday moderate, Wednesday and Thursday tough, Friday and
    /// Saturday fiendish, Sunday diabolical, each headed by its day; the
    /// count a multiple of 7, the levels those of the days).
    #[arg(long, value_enum, default_value_t = CurveArg::Sections)]
    pub curve: CurveArg,
    /// The PDF to write (default: output/<title>-<book number>.pdf). A PDF
    /// recorded for another book is never overwritten.
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    /// Also write a distinctness report beside the PDF (`<pdf stem>-report.txt`): the puzzles checked
    /// against the reference sets (`puzzlebook reference add`) and other books, and the book's closest pair.
    #[arg(long)]
    pub report: bool,
    /// Only puzzles of this batch (its number: `generate` prints it, `show ID` names a puzzle's).
    #[arg(long, value_name = "N")]
    pub batch: Option<i64>,
    /// Only puzzles of the batches made with this givens pattern (`generate --pattern FILE`).
    #[arg(long, value_name = "FILE")]
    pub pattern: Option<PathBuf>,
    /// Only puzzles of this source: generated, imported (any import), picture (made with
    /// `generate LAYOUT --from PICTURE`), or an import's source name (`import --source`). Without it,
    /// imported and picture-made puzzles are left out unless --include-imported. A book prints its
    /// picture-made puzzles as a chapter of their own, after the others.
    #[arg(long, value_name = "SOURCE")]
    pub source: Option<String>,
    /// Take imported puzzles too (the copyright page credits their authors and sources).
    #[arg(long, conflicts_with = "source")]
    pub include_imported: bool,
    /// The fewest cells two puzzles of the book differ in, givens and solution, digits relabelled
    /// (default: 20 for a 9×9, the same share of the cells for a smaller grid; 0: no guard). Near-twins are passed
    /// over for the next candidate.
    #[arg(long, value_name = "CELLS")]
    pub twin_distance: Option<usize>,
    /// Also write the KDP paperback cover (full wrap) as <PDF stem>-cover.pdf (see `puzzlebook cover --help`).
    #[arg(long)]
    pub cover: bool,
    /// The paper the book is printed on: white (default), cream or color. It sets the cover's
    /// spine width and is recorded with the book, so a later `puzzlebook cover ID` uses it.
    #[arg(long)]
    pub paper: Option<crate::book::cover::Paper>,
    /// Draw guides on the cover (trim, spine folds, safe areas); not for the final upload.
    #[arg(long, requires = "cover")]
    pub guides: bool,
    /// The cover's back text, a UTF-8 file (default: a short text from the book).
    #[arg(long, requires = "cover", value_name = "FILE")]
    pub blurb: Option<PathBuf>,
    /// The cover's colours: navy (default), sunrise, forest, classic, pastel or berry. Recorded with the book,
    /// so a later `puzzlebook cover ID` prints the same cover.
    #[arg(long, value_name = "NAME")]
    pub theme: Option<crate::book::cover::Theme>,
    /// The publisher's own front art, a PNG or JPEG, printed between the badge and the author instead of
    /// the book's puzzles; at least 300 dpi at the size it prints. Its path and hash are recorded with the book.
    #[arg(long, value_name = "FILE")]
    pub cover_image: Option<PathBuf>,
    /// Take the puzzles from this draft of yours (`puzzlebook reserve`)
    /// instead of the stock; once the book is done they leave the draft.
    #[arg(long, value_name = "NAME")]
    pub draft: Option<String>,
    #[command(flatten)]
    pub editor: EditorArg,
    #[command(flatten)]
    pub db: DbArg,
}

/// `--editor`: who makes a book or a draft.
#[derive(clap::Args, Debug, Clone)]
pub struct EditorArg {
    /// Who you are, recorded with the book or draft (default: PUZZLEBOOK_EDITOR, else the operating-system user).
    #[arg(long, value_name = "NAME")]
    pub editor: Option<String>,
}

impl EditorArg {
    /// The editor's name: --editor, else PUZZLEBOOK_EDITOR, else the OS user.
    pub fn name(&self) -> Result<String> {
        crate::store::editor_name(self.editor.as_deref())
    }
}

/// `--marks`: the book's mark style.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Marks {
    Corner,
    Faded,
}

impl From<Marks> for crate::pdf::MarkStyle {
    fn from(marks: Marks) -> Self {
        match marks {
            Marks::Corner => crate::pdf::MarkStyle::Corner,
            Marks::Faded => crate::pdf::MarkStyle::Faded,
        }
    }
}

/// `--hints`: which step each hint is for.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintsArg {
    First,
    Hardest,
    Both,
}

impl From<HintsArg> for crate::book::hints::HintsAt {
    fn from(at: HintsArg) -> Self {
        match at {
            HintsArg::First => crate::book::hints::HintsAt::First,
            HintsArg::Hardest => crate::book::hints::HintsAt::Hardest,
            HintsArg::Both => crate::book::hints::HintsAt::Both,
        }
    }
}

/// `--labels`: clap's side of [`Labels`].
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelsArg {
    Levels,
    Stars,
    Words,
}

impl From<LabelsArg> for Labels {
    fn from(arg: LabelsArg) -> Labels {
        match arg {
            LabelsArg::Levels => Labels::Levels,
            LabelsArg::Stars => Labels::Stars,
            LabelsArg::Words => Labels::Words,
        }
    }
}

/// `--curve`: clap's side of [`Curve`].
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurveArg {
    Sections,
    Ramp,
    Week,
}

impl From<CurveArg> for Curve {
    fn from(arg: CurveArg) -> Curve {
        match arg {
            CurveArg::Sections => Curve::Sections,
            CurveArg::Ramp => Curve::Ramp,
            CurveArg::Week => Curve::Week,
        }
    }
}

/// `--trivia-format`: clap's side of [`TriviaFormat`].
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriviaFormatArg {
    Questions,
    Matching,
}

impl From<TriviaFormatArg> for TriviaFormat {
    fn from(arg: TriviaFormatArg) -> TriviaFormat {
        match arg {
            TriviaFormatArg::Questions => TriviaFormat::Questions,
            TriviaFormatArg::Matching => TriviaFormat::Matching,
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct ReprintArgs {
    /// The book's number (see `puzzlebook books`).
    pub id: i64,
    /// Where to write the PDF (default: where it was first written).
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

/// The levels every layout of `layouts` has (a book's or a draft's default),
/// each level of `asked` checked against each layout.
pub fn common_levels(layouts: &[String], asked: Option<&[Level]>) -> Result<Vec<Level>> {
    let mut levels = Level::ALL.to_vec();
    for layout in layouts {
        let family = crate::family::open(Layout::load(layout)?);
        levels.retain(|l| family.levels().contains(l));
        for &level in asked.into_iter().flatten() {
            family.check_level(level)?;
        }
    }
    Ok(levels)
}

/// Layout ids as the catalog stores them (a path's file stem).
pub fn layout_ids(layouts: &[String]) -> Vec<String> {
    layouts.iter().map(|l| Path::new(l).file_stem().map_or(l.clone(), |s| s.to_string_lossy().into_owned())).collect()
}

pub fn book(args: BookArgs) -> Result<()> {
    let mut big_figure = false;
    let mut lettered = false;
    // Default levels: those every layout of the book can make.
    let mut levels = Level::ALL.to_vec();
    for layout in &args.layout {
        let family = crate::family::open(Layout::load(layout)?); // a clear error for a misspelt id
        big_figure |= crate::book::render::one_a_page_by_default(family.as_ref());
        lettered |= !family.lettered_cells().is_empty();
        levels.retain(|l| family.levels().contains(l));
        // A level the layout cannot have is said now, not as a shortage
        // that suggests generating what `generate` refuses.
        for &level in args.levels.iter().flatten() {
            family.check_level(level)?;
        }
        // A week is made of SE bands: said now for a family without
        // ratings, not as a shortage whose advice cannot be followed.
        if args.curve == CurveArg::Week && !family.rates() {
            let levels: Vec<&str> = family.levels().iter().map(|l| l.name()).collect();
            bail!(
                "--curve week takes each day's puzzle from a band of Sudoku Explainer ratings, and {} puzzles have no SE rating: make its book with --curve sections (its levels: {}; e.g. `puzzlebook generate {} --difficulty {}`)",
                family.layout().id,
                levels.join(", "),
                family.layout().id,
                levels.last().copied().unwrap_or("easy")
            );
        }
    }
    if args.curve == CurveArg::Week && args.levels.is_some() {
        bail!(
            "--curve week takes each day's puzzle from its band (Monday gentle to Sunday diabolical), so its levels are those of the days: leave --levels out"
        );
    }
    let settings = BookSettings {
        title: args.title.clone(),
        layouts: layout_ids(&args.layout),
        count: args.count,
        levels: args.levels.clone().unwrap_or(levels),
        per_page: args.per_page.unwrap_or(if big_figure { 1 } else { 2 }),
        trim: args.trim,
        bleed: args.bleed,
        large_print: args.large_print,
        answers_per_page: args.answers_per_page,
        allow_reprint: args.allow_reprint,
        trivia: match &args.trivia {
            Some(path) => {
                let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the trivia bank {}", path.display()))?;
                crate::book::trivia::TriviaBank::parse_as(&text, &path.display().to_string(), args.trivia_format.into())?;
                Some(text)
            }
            None if args.trivia_format == TriviaFormatArg::Matching => {
                bail!("--trivia-format matching needs a list: --trivia FILE.csv with `item,answer` lines, e.g. `Spider's legs,8`")
            }
            None => None,
        },
        trivia_file: args.trivia.as_ref().map(|p| p.display().to_string()),
        trivia_format: args.trivia_format.into(),
        trivia_once: true,
        trivia_bank: crate::book::trivia::BANK_VERSION,
        trivia_topics: trivia_topics(&args, lettered)?,
        legible_letters: true,
        rating: args.rating,
        author: args.author.clone().filter(|a| !a.trim().is_empty()),
        subtitle: args.subtitle.clone().filter(|a| !a.trim().is_empty()),
        no_pad: args.no_pad,
        hints: args.hints.is_some(),
        hints_at: args.hints.map_or(crate::book::hints::HintsAt::First, Into::into),
        marks: args.marks.map_or_else(|| crate::book::render::default_marks(&args.layout), Into::into),
        imprint: args.imprint.clone().filter(|a| !a.trim().is_empty()),
        isbn: args.isbn.clone().filter(|a| !a.trim().is_empty()).map(|a| a.trim().to_string()),
        copyright_year: args.copyright_year,
        examples: args.examples,
        qr: args.qr,
        labels: args.labels.into(),
        curve: args.curve.into(),
        paper: args.paper,
        curation: curation(&args)?,
        cover_theme: Some(args.theme.unwrap_or_else(crate::book::cover::Theme::default_theme)),
        cover_image: match &args.cover_image {
            Some(path) => Some(crate::book::cover::CoverImage::read(path)?.reference),
            None => None,
        },
        lang: String::new(),
        lang_catalogue: None,
        imprint_address: args.imprint_address.clone().filter(|a| !a.trim().is_empty()),
    };
    let (lang, lang_catalogue) = crate::lang::resolve(args.lang.as_deref().unwrap_or("en"))?;
    let settings = BookSettings { lang, lang_catalogue, ..settings };
    // The arguments first, then the catalog: a bad title is said as such.
    settings.check()?;
    // The cover's inputs too: a bad blurb is said before any book is recorded.
    let blurb = super::cover::read_blurb(args.blurb.as_deref())?;
    let cover = args.cover.then(|| crate::book::cover::CoverOptions {
        paper: args.paper.unwrap_or(crate::book::cover::Paper::White),
        guides: args.guides,
        blurb,
    });
    // Who makes it: named before the catalog is opened (a bad name is said as such).
    let by = MadeBy {
        editor: match (&args.draft, args.editor.name()) {
            (_, Ok(name)) => Some(name),
            (None, Err(_)) => None,
            (Some(_), Err(e)) => return Err(e.context("--draft: the draft's owner must be named")),
        },
        draft: args.draft.clone(),
        in_draft_order: false,
    };
    let catalog = crate::cli::open_existing_catalog(&args.db.db)?;
    let title = args.title.clone();
    // Without --per-page, the default steps down (2, then 1) while the
    // grids would be too small for their digits or marks at this trim.
    let fallbacks: Vec<usize> = match args.per_page {
        Some(_) => Vec::new(),
        None => crate::book::PER_PAGE_CHOICES.iter().copied().filter(|&n| n < settings.per_page).rev().collect(),
    };
    let mut settings = settings;
    let mut fallbacks = fallbacks.into_iter();
    let made = loop {
        let attempt = make_book_at(
            &catalog,
            settings.clone(),
            |id| args.out.clone().unwrap_or_else(|| PathBuf::from(format!("output/{}-{id}.pdf", slug(&title)))),
            cover.as_ref(),
            &by,
        );
        match attempt {
            Err(e) if e.downcast_ref::<crate::book::render::TooSmall>().is_some() => match fallbacks.next() {
                Some(fewer) => {
                    eprintln!("{} a page are too small at this trim: {fewer} a page instead", settings.per_page);
                    settings.per_page = fewer;
                }
                None => return Err(e),
            },
            other => break other?,
        }
    };
    let (id, rendered, out) = (made.id, &made.rendered, &made.out);
    report(id, &catalog.book(id)?, rendered, out);
    if args.report {
        let path = out.with_file_name(format!("{}-report.txt", out.file_stem().map_or("book".into(), |s| s.to_string_lossy())));
        let text = crate::book::curate::distinctness_report(&catalog, id)?;
        let existed = path.exists();
        std::fs::write(&path, &text).with_context(|| format!("cannot write {}", path.display()))?;
        println!("distinctness report → {}{}", path.display(), if existed { " (replacing the file that was there)" } else { "" });
    }
    if let Some((drawn, path, replaced)) = &made.cover {
        super::cover::report_cover(id, &args.title, drawn, args.guides, path, *replaced);
    }
    Ok(())
}

/// `--trivia-topics` checked against the book's bank (named topics it
/// lacks, or topics for a bank without a topic column, are refused) and
/// recorded in full, so a reprint asks from the same topics: the default
/// topics are written out for a book with Trividoku puzzles and a bank with topics.
fn trivia_topics(args: &BookArgs, lettered: bool) -> Result<Vec<String>> {
    use crate::book::trivia::{BANK_2, BANK_2_FILE, TriviaBank};
    let (text, origin) = match &args.trivia {
        Some(path) => (
            std::fs::read_to_string(path).with_context(|| format!("cannot read the trivia bank {}", path.display()))?,
            path.display().to_string(),
        ),
        None => (BANK_2.to_string(), BANK_2_FILE.to_string()),
    };
    let asked: Vec<String> = args.trivia_topics.iter().flatten().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
    if args.trivia_topics.is_some() && !lettered {
        bail!("--trivia-topics: the book has no Trividoku layout (no lettered cells), so it asks no trivia: leave --trivia-topics out");
    }
    if args.trivia_topics.is_none() && !lettered {
        return Ok(Vec::new());
    }
    let bank = TriviaBank::parse_as(&text, &origin, args.trivia_format.into())?;
    let chosen = bank.select(&asked, &origin)?;
    Ok(if chosen.has_topics { chosen.topics() } else { Vec::new() })
}

/// `--batch`, `--pattern`, `--source`, `--include-imported` and
/// `--twin-distance` as the book's curation.
fn curation(args: &BookArgs) -> Result<crate::book::curate::Curation> {
    let pattern = match &args.pattern {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the pattern {}", path.display()))?;
            let first = args.layout.first().map_or("classic-9", String::as_str);
            let layout = Layout::load(first)?;
            Some(crate::generate::Pattern::parse(&path.display().to_string(), &text, &layout, false)?.picture)
        }
        None => None,
    };
    let source = args.source.as_ref().map(|s| s.trim().to_string());
    if source.as_deref() == Some("") {
        bail!("--source needs a name: generated, imported, or an import's source (`puzzlebook import --source`)");
    }
    Ok(crate::book::curate::Curation {
        batch: args.batch,
        pattern,
        source,
        include_imported: args.include_imported,
        twin_distance: args.twin_distance,
    })
}

fn report(id: i64, row: &BookRow, rendered: &Rendered, out: &Path) {
    let settings = BookSettings::from_toml(&row.settings).ok();
    let trim = settings.as_ref().map_or(String::new(), |s| format!(", {} trim{}", s.trim, if s.bleed { " + bleed" } else { "" }));
    println!(
        "book {id} \"{}\": {} puzzles, {} pages{trim}, gutter {} in → {} ({} KB)",
        row.title,
        row.puzzles.len(),
        rendered.pages,
        rendered.gutter_in,
        out.display(),
        rendered.bytes.len() / 1024
    );
    if rendered.padded > 0 {
        println!(
            "padded with {} notes page{} to reach {} pages (an even count of at least 24)",
            rendered.padded,
            if rendered.padded == 1 { "" } else { "s" },
            rendered.pages
        );
    }
    for warning in &rendered.warnings {
        eprintln!("warning: {warning}");
    }
}

pub fn books(args: DbArg) -> Result<()> {
    let catalog = crate::cli::open_catalog_to_read(&args.db)?;
    let books = catalog.books()?;
    // Books recorded but never finished are no books: said apart.
    for p in catalog.pending_books()? {
        let state = match p.live {
            true => format!("being made now by {}", p.holder),
            false => format!("abandoned ({}); the next `puzzlebook book` takes its puzzles back", p.holder),
        };
        let by = p.made_by.as_deref().map_or(String::new(), |e| format!(" of {e}"));
        println!("unfinished book {} \"{}\"{by} — {} puzzles held, no PDF: {state}", p.id, p.title, p.puzzles);
    }
    if books.is_empty() {
        println!("{}: no books yet (try `puzzlebook book \"My Book\" --layout classic-9 --count 20`)", args.db.display());
    }
    for b in books {
        let by = b.made_by.as_deref().map_or(String::new(), |e| format!(" by {e}"));
        println!(
            "book {} \"{}\" — {} puzzles, {} pages, made {}{by} → {}",
            b.id,
            b.title,
            b.puzzles.len(),
            b.pages,
            b.created_at,
            b.pdf_path
        );
        let ids: Vec<String> = b.puzzles.iter().map(|id| id.to_string()).collect();
        println!("  puzzles in order: {}", ids.join(" "));
    }
    Ok(())
}

pub fn reprint(args: ReprintArgs) -> Result<()> {
    let catalog = crate::cli::open_catalog_to_read(&args.db.db)?;
    let row = catalog.book(args.id)?;
    let changed = changed_puzzles(&catalog, &row)?;
    if !changed.is_empty() {
        let ids: Vec<String> = changed.iter().map(|id| id.to_string()).collect();
        bail!(
            "book {} \"{}\": puzzle{} {} changed since {} validated, so a reprint would not be the book first printed; nothing written (run `puzzlebook validate --db {}` to check them)",
            row.id,
            row.title,
            if ids.len() == 1 { "" } else { "s" },
            ids.join(", "),
            if ids.len() == 1 { "it was" } else { "they were" },
            args.db.db.display()
        );
    }
    let rendered = render_again(&catalog, &row)?;
    let first_printing = args.out.is_none();
    let out = args.out.unwrap_or_else(|| PathBuf::from(&row.pdf_path));
    refuse_others_pdf(&catalog, &out.display().to_string(), row.id)?;
    if first_printing && out.exists() && fingerprint_bytes(&rendered.bytes) != row.pdf_hash {
        bail!(
            "book {}: this reprint differs from the first printing (puzzlebook has changed since); {} is not overwritten: choose another --out",
            row.id,
            out.display()
        );
    }
    write_pdf(&out, &rendered.bytes)?;
    report(row.id, &row, &rendered, &out);
    if fingerprint_bytes(&rendered.bytes) == row.pdf_hash {
        println!("identical to the first printing (hash {})", row.pdf_hash);
    } else {
        eprintln!(
            "warning: this PDF differs from the first printing (puzzlebook has changed since); the puzzles and their order are the same"
        );
    }
    Ok(())
}
