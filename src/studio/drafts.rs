//! The studio's book drafts (issue 28, item 3): a draft is the catalog's
//! draft (`store::drafts`) with the book it is for (its settings, stored
//! with it) and its order; it is filled by rule (the catalog's curation) or
//! by hand, its difficulty curve drawn, then built into an ordinary
//! catalog book (interior and cover, checked by the preflight) by a queue
//! of build threads, one a core, apart from the threads that serve pages.
//!
//! Only the draft's owner changes it (the catalog refuses anyone else, in
//! words); viewers read. Files are written under the studio's output
//! folder (`--out`), named by the studio; downloads find them by the
//! book's number in the catalog, never by a path in the request.

use super::http::{self, Reply, Request};
use super::pages::{self, page};
use super::{State, Who};
use crate::book::cover::{CoverOptions, Paper, check_cover, default_cover_path};
use crate::book::labels::{Curve, Labels};
use crate::book::make::{MadeBy, make_book_at};
use crate::book::{ANSWERS_PER_PAGE_CHOICES, BookSettings, PER_PAGE_CHOICES, curate, slug};
use crate::level::{Level, RatingRange};
use crate::pdf::MarkStyle;
use crate::store::{Catalog, DEFAULT_DRAFT_SECONDS, DbTarget, Draft, Pick, PuzzleRow, ReserveRequest, Role};
use anyhow::{Context, Result, anyhow, bail};
use maud::{Markup, html};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

/// While this file exists, builds wait before they start (for the test
/// that browses while a book builds; never set otherwise).
pub const HOLD_VAR: &str = "PUZZLEBOOK_STUDIO_HOLD_BUILDS";

/// The queue of book builds and what became of each.
pub struct Builds {
    target: DbTarget,
    out: PathBuf,
    jobs: Mutex<Vec<Job>>,
    queue: Mutex<VecDeque<usize>>,
    ready: Condvar,
    /// Each draft's page thumbnails, for one version of it (its settings
    /// and order) at a time.
    thumbs: Mutex<HashMap<i64, Arc<Thumbs>>>,
}

/// A draft's book drawn as thumbnails: every page, and the cover.
pub struct Thumbs {
    /// The version drawn: its settings and order, as a fingerprint.
    key: String,
    pages: Result<Vec<Vec<u8>>, String>,
    cover: Option<Vec<u8>>,
}

/// A build asked for.
#[derive(Clone, Debug)]
pub struct Job {
    pub id: usize,
    pub draft_id: i64,
    pub draft: String,
    pub title: String,
    pub editor: String,
    pub state: JobState,
}

#[derive(Clone, Debug, PartialEq)]
pub enum JobState {
    Queued,
    Building,
    Done(i64),
    Failed(String),
}

impl Builds {
    /// The queue, and its build threads: one a core.
    pub fn start(target: DbTarget, out: PathBuf) -> Arc<Builds> {
        let builds = Arc::new(Builds {
            target,
            out,
            jobs: Mutex::new(Vec::new()),
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            thumbs: Mutex::new(HashMap::new()),
        });
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        for _ in 0..cores {
            let b = builds.clone();
            std::thread::spawn(move || {
                // A build is long and can wait: pages are short and cannot.
                super::lower_this_threads_priority();
                b.work()
            });
        }
        builds
    }

    fn work(&self) {
        loop {
            let next = {
                let Ok(mut queue) = self.queue.lock() else { return };
                loop {
                    if let Some(n) = queue.pop_front() {
                        break n;
                    }
                    queue = match self.ready.wait(queue) {
                        Ok(q) => q,
                        Err(_) => return,
                    };
                }
            };
            if let Some(hold) = std::env::var_os(HOLD_VAR) {
                while Path::new(&hold).exists() {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
            }
            let Some(job) = self.set(next, JobState::Building) else { continue };
            let state = match build(&self.target, &self.out, &job) {
                Ok(book) => JobState::Done(book),
                Err(e) => JobState::Failed(format!("{e:#}")),
            };
            self.set(next, state);
        }
    }

    fn set(&self, id: usize, state: JobState) -> Option<Job> {
        let mut jobs = self.jobs.lock().ok()?;
        let job = jobs.get_mut(id.checked_sub(1)?)?;
        job.state = state;
        Some(job.clone())
    }

    /// Queues a build of `draft`; its job's number.
    fn push(&self, draft: &Draft, title: &str, editor: &str) -> Result<usize> {
        let id = {
            let mut jobs = self.jobs.lock().map_err(|_| anyhow!("the build list is poisoned"))?;
            let id = jobs.len() + 1;
            jobs.push(Job {
                id,
                draft_id: draft.id,
                draft: draft.name.clone(),
                title: title.to_string(),
                editor: editor.to_string(),
                state: JobState::Queued,
            });
            id
        };
        self.queue.lock().map_err(|_| anyhow!("the build queue is poisoned"))?.push_back(id);
        self.ready.notify_one();
        Ok(id)
    }

    pub fn job(&self, id: usize) -> Option<Job> {
        self.jobs.lock().ok()?.get(id.checked_sub(1)?).cloned()
    }

    /// The builds of `draft`, latest first.
    fn of_draft(&self, draft: &Draft) -> Vec<Job> {
        let jobs =
            self.jobs.lock().map(|j| j.iter().filter(|j| j.draft_id == draft.id && j.draft == draft.name).cloned().collect::<Vec<_>>());
        let mut jobs = jobs.unwrap_or_default();
        jobs.reverse();
        jobs
    }
}

/// Builds the book of draft `job.draft`: its puzzles in its order, the
/// interior and the cover under `out`, and the report beside them.
fn build(target: &DbTarget, out: &Path, job: &Job) -> Result<i64> {
    let catalog = Catalog::open_existing(target)?;
    let draft = catalog.draft(&job.draft)?.ok_or_else(|| anyhow!("draft \"{}\" is gone", job.draft))?;
    let mut settings = settings_of_draft(&draft)?;
    settings.count = draft.puzzles.len();
    if settings.count == 0 {
        bail!("draft \"{}\" holds no puzzle yet: fill it first", draft.name);
    }
    let cover = CoverOptions { paper: settings.paper.unwrap_or(Paper::White), guides: false, blurb: None };
    let by = MadeBy { editor: Some(job.editor.clone()), draft: Some(draft.name.clone()), in_draft_order: true };
    let stem = slug(&settings.title);
    let made = make_book_at(&catalog, settings.clone(), |id| free_name(out, &stem, id), Some(&cover), &by)?;
    // The report: both preflights as they passed, and the distinctness report.
    let rules = crate::preflight::Rules::new(settings.trim, settings.bleed, settings.large_print);
    let interior = crate::preflight::preflight(&made.rendered.bytes, &rules);
    let mut text = format!("Book {} \"{}\", made by {} in the studio\n\n", made.id, settings.title, job.editor);
    text.push_str(&format!("Interior preflight ({}): {}\n", made.out.display(), interior.summary()));
    if let Some((drawn, path, _)) = &made.cover {
        let cover = check_cover(drawn)?;
        text.push_str(&format!("Cover preflight ({}): {}\n", path.display(), cover.summary()));
    }
    for warning in &made.rendered.warnings {
        text.push_str(&format!("warning: {warning}\n"));
    }
    text.push('\n');
    text.push_str(&curate::distinctness_report(&catalog, made.id)?);
    let report = report_path(&made.out);
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&report)
        .with_context(|| format!("book {} is made, but its report {} could not be written", made.id, report.display()))?;
    file.write_all(text.as_bytes()).with_context(|| format!("cannot write {}", report.display()))?;
    Ok(made.id)
}

/// `<out>/<slug>-<id>.pdf`, or `-<id>-2`, `-3`… where a file of that name
/// (interior, cover or report) is there already: nothing is overwritten.
fn free_name(out: &Path, stem: &str, id: i64) -> PathBuf {
    let mut n = 1;
    loop {
        let name = if n == 1 { format!("{stem}-{id}.pdf") } else { format!("{stem}-{id}-{n}.pdf") };
        let path = out.join(name);
        if !path.exists() && !default_cover_path(&path).exists() && !report_path(&path).exists() {
            return path;
        }
        n += 1;
    }
}

/// The report beside a book's interior: `<stem>-report.txt`.
fn report_path(interior: &Path) -> PathBuf {
    let stem = interior.file_stem().map_or("book".into(), |s| s.to_string_lossy().into_owned());
    interior.with_file_name(format!("{stem}-report.txt"))
}

/// The book settings stored with a studio draft.
fn settings_of_draft(draft: &Draft) -> Result<BookSettings> {
    let text = draft.settings.as_deref().ok_or_else(|| {
        anyhow!(
            "draft \"{}\" was made by `puzzlebook reserve` and has no book settings: make its book with `puzzlebook book --draft`",
            draft.name
        )
    })?;
    BookSettings::from_toml(text).with_context(|| format!("draft \"{}\": its stored settings", draft.name))
}

/// The name changes are made under: the user's, or (a catalog without
/// users, loopback only) the editor the environment names.
fn editor_of(who: &Who) -> String {
    match &who.user {
        Some(u) => u.name.clone(),
        None => crate::store::editor_name(None).unwrap_or_else(|_| "studio".to_string()),
    }
}

/// The studio's draft and book routes; None for any other address.
pub(super) fn route(state: &State, post: bool, segments: &[&str], request: &Request, who: &Who) -> Option<Result<Reply>> {
    let reply = match (post, segments) {
        (false, ["drafts"]) => drafts_page(state, who, None),
        (true, ["drafts"]) => guard(who).unwrap_or_else(|| new_draft(state, request, who)),
        (true, ["drafts", "add"]) => guard(who).unwrap_or_else(|| add_by_name(state, request, who)),
        (false, ["draft", id]) => with_id(id, |id| draft_page(state, id, who, None)),
        (false, ["draft", id, "curve.svg"]) => with_id(id, |id| curve(state, id)),
        (false, ["draft", id, "cover.svg"]) => with_id(id, |id| thumbnail(state, id, None)),
        (false, ["draft", id, "page", n]) => match n.strip_suffix(".svg").and_then(http::id) {
            Some(n) => with_id(id, |id| thumbnail(state, id, Some(n as usize))),
            None => Ok(pages::not_found()),
        },
        (true, ["draft", id, action]) => match guard(who) {
            Some(refused) => refused,
            None => with_id(id, |id| change(state, id, action, request, who)),
        },
        (false, ["build", n]) => with_id(n, |n| build_page(state, n as usize, who)),
        (false, ["book", id]) => with_id(id, |id| book_page(state, id, who)),
        (false, ["book", id, file]) => with_id(id, |id| download(state, id, file)),
        _ => return None,
    };
    Some(reply)
}

fn with_id(segment: &str, f: impl FnOnce(i64) -> Result<Reply>) -> Result<Reply> {
    match http::id(segment) {
        Some(id) => f(id),
        None => Ok(pages::not_found()),
    }
}

/// A viewer's change refused.
fn guard(who: &Who) -> Option<Result<Reply>> {
    (who.role < Role::Editor).then(|| Ok(pages::error(403, "Only an editor makes and changes drafts and builds books; you may read them.")))
}

fn html_reply(status: u16, title: &str, who: &Who, body: Markup) -> Reply {
    Reply::html(status, page(title, Some(who), body))
}

// ---- the list of drafts and books, and a new draft ----

fn drafts_page(state: &State, who: &Who, problem: Option<(u16, String)>) -> Result<Reply> {
    let (drafts, books, layouts) = state.with(|c| Ok((c.reservations()?, c.books()?, c.puzzle_layouts()?)))?;
    let status = problem.as_ref().map_or(200, |p| p.0);
    let body = html! {
        h1 { "Drafts" }
        @if let Some((_, p)) = &problem { p.error role="alert" { (p) } }
        @if drafts.is_empty() { p.empty { "No drafts yet." } } @else {
            table.drafts {
                thead { tr { th { "Draft" } th { "Owner" } th { "Puzzles" } th { "State" } th { "Book" } } }
                tbody {
                    @for d in &drafts {
                        tr {
                            td { a href={ "/draft/" (d.id) } { (d.name) } }
                            td { (d.editor) }
                            td.num { (d.puzzles.len()) }
                            td { @if d.is_live() { "holds its puzzles for " (crate::store::span_text(d.seconds_left)) } @else { "expired: holds nothing" } }
                            td { @match settings_of_draft(d) { Ok(s) => q { (s.title) }, Err(_) => { "made with " code { "puzzlebook reserve" } } } }
                        }
                    }
                }
            }
        }
        @if who.role >= Role::Editor {
            h2 #new { "New draft" }
            form.draftform method="post" action="/drafts" {
                label { span { "Draft name" } input type="text" name="name" maxlength="64" required; }
                (settings_fields(None, &layouts))
                div.actions { button type="submit" { "Make the draft" } }
            }
        }
        h2 { "Books" }
        @if books.is_empty() { p.empty { "No books yet." } } @else {
            table.books {
                thead { tr { th { "Book" } th { "Title" } th { "Puzzles" } th { "Pages" } th { "Made" } th { "By" } } }
                tbody {
                    @for b in &books {
                        tr {
                            td.num { a href={ "/book/" (b.id) } { (b.id) } }
                            td { a href={ "/book/" (b.id) } { (b.title) } }
                            td.num { (b.puzzles.len()) }
                            td.num { (b.pages) }
                            td { (b.created_at) }
                            td { (b.made_by.as_deref().unwrap_or("–")) }
                        }
                    }
                }
            }
        }
    };
    Ok(html_reply(status, "Drafts", who, body))
}

const TRIMS: [&str; 6] = ["8.5x11", "letter", "a4", "6x9", "8x10", "5.5x8.5"];

/// The book settings' fields, filled from `s` (a new draft: the defaults).
fn settings_fields(s: Option<&BookSettings>, layouts: &[String]) -> Markup {
    let d = BookSettings::new("", Vec::new(), 1, Vec::new());
    let s = s.unwrap_or(&d);
    let opt = |v: &Option<String>| v.clone().unwrap_or_default();
    html! {
        label { span { "Title" } input type="text" name="title" maxlength="200" required value=(s.title); }
        label { span { "Subtitle" } input type="text" name="subtitle" maxlength="200" value=(opt(&s.subtitle)); }
        label { span { "Author" } input type="text" name="author" maxlength="200" value=(opt(&s.author)); }
        fieldset {
            legend { "Layouts" }
            @if layouts.is_empty() { "The catalog holds no puzzles yet." }
            @for l in layouts { label.check { input type="checkbox" name="layout" value=(l) checked[s.layouts.contains(l)]; " " (l) } }
        }
        fieldset {
            legend { "Levels (none ticked: every level the layouts have)" }
            @for l in Level::ALL { label.check { input type="checkbox" name="level" value=(l.name()) checked[s.levels.contains(&l)]; " " (l.name()) } }
        }
        label { span { "Language (every printed word, cover included)" } select name="lang" {
            @for (code, _) in crate::lang::BUILT_IN {
                option value=(code) selected[s.lang == code] { (language_name(code)) " (" (code) ")" }
            }
        } }
        label { span { "Trim" } select name="trim" {
            @for t in TRIMS { option value=(t) selected[trim_name(s) == t] { (t) } }
        } }
        label { span { "Puzzles a page" } select name="per_page" {
            @for n in PER_PAGE_CHOICES { option value=(n) selected[s.per_page == n] { (n) } }
        } }
        label { span { "Answers a page" } select name="answers_per_page" {
            option value="" { "as many as stay legible" }
            @for n in ANSWERS_PER_PAGE_CHOICES { option value=(n) selected[s.answers_per_page == Some(n)] { (n) } }
        } }
        label { span { "Labels" } select name="labels" {
            @for (v, t) in [("levels", "levels"), ("stars", "stars (SE bands)"), ("words", "words (SE bands)")] {
                option value=(v) selected[labels_name(s.labels) == v] { (t) }
            }
        } }
        label { span { "Curve" } select name="curve" {
            @for (v, t) in [("sections", "sections by level"), ("ramp", "a ramp by SE rating"), ("week", "a week (seven a week)")] {
                option value=(v) selected[curve_name(s.curve) == v] { (t) }
            }
        } }
        label { span { "Paper" } select name="paper" {
            @for p in ["white", "cream", "color"] { option value=(p) selected[s.paper.map(|x| x.name()) == Some(p)] { (p) } }
        } }
        label { span { "Marks" } select name="marks" {
            option value="corner" selected[s.marks == MarkStyle::Corner] { "corner" }
            option value="faded" selected[s.marks == MarkStyle::Faded] { "faded" }
        } }
        label { span { "SE rating range (e.g. 2.0..4.5)" } input type="text" name="rating" maxlength="20" value=(s.rating.map(|r| format!("{}..{}", r.low, r.high)).unwrap_or_default()); }
        fieldset {
            legend { "Print and front matter" }
            label.check { input type="checkbox" name="large_print" value="1" checked[s.large_print]; " large print" }
            label.check { input type="checkbox" name="bleed" value="1" checked[s.bleed]; " bleed" }
            label.check { input type="checkbox" name="examples" value="1" checked[s.examples]; " worked examples" }
            label.check { input type="checkbox" name="hints" value="1" checked[s.hints]; " hints" }
            label.check { input type="checkbox" name="qr" value="1" checked[s.qr]; " play QR codes" }
            label.check { input type="checkbox" name="no_pad" value="1" checked[s.no_pad]; " no notes pages (refuse instead)" }
        }
        label { span { "Imprint" } input type="text" name="imprint" maxlength="200" value=(opt(&s.imprint)); }
        label { span { "ISBN" } input type="text" name="isbn" maxlength="20" value=(opt(&s.isbn)); }
        label { span { "Copyright year" } input type="number" name="copyright_year" min="1900" max="9999" value=(s.copyright_year.map(|y| y.to_string()).unwrap_or_default()); }
    }
}

/// A built-in language's name in itself ("Deutsch").
fn language_name(code: &str) -> String {
    crate::lang::built_in(code).map(|c| c.name.clone()).unwrap_or_else(|_| code.to_string())
}

/// The name of the trim among [`TRIMS`] that the settings' trim is.
fn trim_name(s: &BookSettings) -> &'static str {
    TRIMS.iter().copied().find(|t| t.parse::<crate::page::Trim>().ok() == Some(s.trim)).unwrap_or("8.5x11")
}

fn labels_name(l: Labels) -> &'static str {
    match l {
        Labels::Levels => "levels",
        Labels::Stars => "stars",
        Labels::Words => "words",
    }
}

fn curve_name(c: Curve) -> &'static str {
    match c {
        Curve::Sections => "sections",
        Curve::Ramp => "ramp",
        Curve::Week => "week",
    }
}

/// The book settings a form asks for, checked as `puzzlebook book` checks
/// them (`count` is the draft's size, set when it is built). Layouts are
/// taken only from the catalog's own list.
fn settings_from(request: &Request, layouts: &[String]) -> Result<BookSettings, String> {
    let text = |name: &str| request.field(name).map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let all = |name: &str| -> Vec<String> { request.form.iter().filter(|(n, _)| n == name).map(|(_, v)| v.clone()).collect() };
    let mut chosen = Vec::new();
    for asked in all("layout") {
        match layouts.iter().find(|l| **l == asked) {
            Some(l) => chosen.push(l.clone()),
            None => return Err(format!("layout \"{asked}\" is not one the catalog holds puzzles of")),
        }
    }
    if chosen.is_empty() {
        return Err("tick at least one layout".to_string());
    }
    let mut levels = Vec::new();
    for l in all("level") {
        levels.push(l.parse::<Level>().map_err(|e| format!("{e:#}"))?);
    }
    let asked = !levels.is_empty();
    let common = crate::cli::book::common_levels(&chosen, asked.then_some(levels.as_slice())).map_err(|e| format!("{e:#}"))?;
    let levels = if asked { levels } else { common };
    let mut s = BookSettings::new(&text("title").unwrap_or_default(), chosen, 1, levels);
    s.subtitle = text("subtitle");
    s.author = text("author");
    s.imprint = text("imprint");
    s.isbn = text("isbn");
    if let Some(code) = text("lang") {
        s.lang = code.parse::<crate::lang::Lang>().map_err(|e| e.to_string())?.code;
    }
    if let Some(t) = text("trim") {
        s.trim = t.parse().map_err(|e: anyhow::Error| format!("{e:#}"))?;
    }
    if let Some(n) = text("per_page") {
        s.per_page = n.parse().map_err(|_| format!("puzzles a page '{n}' is not a number"))?;
    }
    if let Some(n) = text("answers_per_page") {
        s.answers_per_page = Some(n.parse().map_err(|_| format!("answers a page '{n}' is not a number"))?);
    }
    s.labels = match text("labels").as_deref() {
        None | Some("levels") => Labels::Levels,
        Some("stars") => Labels::Stars,
        Some("words") => Labels::Words,
        Some(other) => return Err(format!("labels '{other}': choose levels, stars or words")),
    };
    s.curve = match text("curve").as_deref() {
        None | Some("sections") => Curve::Sections,
        Some("ramp") => Curve::Ramp,
        Some("week") => Curve::Week,
        Some(other) => return Err(format!("curve '{other}': choose sections, ramp or week")),
    };
    if let Some(p) = text("paper") {
        s.paper = Some(p.parse().map_err(|e: anyhow::Error| format!("{e:#}"))?);
    }
    s.marks = match text("marks").as_deref() {
        None | Some("corner") => MarkStyle::Corner,
        Some("faded") => MarkStyle::Faded,
        Some(other) => return Err(format!("marks '{other}': choose corner or faded")),
    };
    if let Some(r) = text("rating") {
        s.rating = Some(r.parse::<RatingRange>().map_err(|e| format!("SE rating range: {e:#}"))?);
    }
    if let Some(y) = text("copyright_year") {
        s.copyright_year = Some(y.parse().map_err(|_| format!("copyright year '{y}' is not a year such as 2026"))?);
    }
    let flag = |name: &str| request.field(name).is_some();
    s.large_print = flag("large_print");
    s.bleed = flag("bleed");
    s.examples = flag("examples");
    s.hints = flag("hints");
    s.qr = flag("qr");
    s.no_pad = flag("no_pad");
    if s.curve == Curve::Week && asked {
        return Err("a week takes each day's puzzle from its band: leave the levels unticked".to_string());
    }
    // The library's checks, for a draft of any size (a week: of one week).
    let mut probe = s.clone();
    probe.count = if s.curve == Curve::Week { 7 } else { 1 };
    probe.check().map_err(|e| format!("{e:#}"))?;
    Ok(s)
}

fn new_draft(state: &State, request: &Request, who: &Who) -> Result<Reply> {
    let layouts = state.with(|c| c.puzzle_layouts())?;
    let name = request.field("name").unwrap_or("").to_string();
    let made = settings_from(request, &layouts).and_then(|s| {
        state
            .with(|c| Ok(c.create_draft(&name, &editor_of(who), DEFAULT_DRAFT_SECONDS, &s.to_toml())))
            .and_then(|r| r)
            .map_err(|e| format!("{e:#}"))
    });
    match made {
        Ok(d) => Ok(Reply::redirect(&format!("/draft/{}", d.id))),
        Err(e) => drafts_page(state, who, Some((400, format!("The draft was not made: {e}")))),
    }
}

// ---- one draft ----

/// A draft and its puzzles in order.
fn load(c: &Catalog, id: i64) -> Result<Option<(Draft, Vec<PuzzleRow>)>> {
    let Some(draft) = c.draft_by_id(id)? else { return Ok(None) };
    let rows = c.draft_order(&draft.name)?.into_iter().map(|p| c.puzzle(p)).collect::<Result<Vec<_>>>()?;
    Ok(Some((draft, rows)))
}

fn draft_page(state: &State, id: i64, who: &Who, problem: Option<(u16, String)>) -> Result<Reply> {
    let Some((draft, rows, layouts)) = state.with(|c| Ok(load(c, id)?.map(|(d, r)| (d, r, c.puzzle_layouts()))))? else {
        return Ok(pages::error(404, "There is no such draft (a draft is gone once its book is made, or when its owner releases it)."));
    };
    let layouts = layouts?;
    let settings = settings_of_draft(&draft);
    let thumbs = (!rows.is_empty()).then(|| thumbs(state, &draft, &rows));
    let mine = who.role >= Role::Editor && editor_of(who) == draft.editor;
    let builds = state.builds.of_draft(&draft);
    let status = problem.as_ref().map_or(200, |p| p.0);
    let title = format!("Draft {}", draft.name);
    let body = html! {
        h1 { (title) }
        @if let Some((_, p)) = &problem { p.error role="alert" { (p) } }
        p {
            "Owner: " (draft.editor) ". "
            @if draft.is_live() && rows.is_empty() { "It holds no puzzle yet; the puzzles added are reserved for it (" code { "puzzlebook reservations" } " lists it) for " (crate::store::span_text(draft.seconds_left)) "." }
            @else if draft.is_live() { "It holds its " (rows.len()) " puzzles for " (crate::store::span_text(draft.seconds_left)) " (" code { "puzzlebook reservations" } " lists it)." }
            @else { "It has expired and holds nothing until its owner renews it." }
            @if !mine && who.role >= Role::Editor { " Only " (draft.editor) " changes it." }
        }
        @match &settings {
            Err(e) => p.error { (format!("{e:#}")) },
            Ok(s) => {
                p.booksettings {
                    "Book: " q { (s.title) } ", " (s.trim) " trim" @if s.large_print { ", large print" } ", "
                    (s.layouts.join(", ")) ", levels " (s.levels.iter().map(|l| l.name()).collect::<Vec<_>>().join(", "))
                    ", " (s.per_page) " a page, labels " (labels_name(s.labels)) ", curve " (curve_name(s.curve))
                    ", language " (language_name(&s.lang)) "."
                }
            }
        }
        @for b in &builds { (build_line(b)) }
        section #curve {
            h2 { "Difficulty curve" }
            @if rows.is_empty() { p { "No puzzles yet." } } @else {
                img.curve src={ "/draft/" (draft.id) "/curve.svg?n=" (rows.len()) "-" (order_key(&rows)) } width="720" height="260" alt={ "SE rating of each puzzle of draft " (draft.name) ", in order" };
            }
        }
        @if let Some(t) = &thumbs {
            section #pages {
                @match &t.pages {
                    Err(e) => { h2 { "Pages" } p.error { "The pages cannot be drawn yet: " (e) } }
                    Ok(pages) => {
                        h2 { "Pages (" (pages.len()) ")" }
                        div.thumbs {
                            @if t.cover.is_some() {
                                figure.cover { img src={ "/draft/" (draft.id) "/cover.svg?v=" (t.key) } height="200" loading="lazy" alt="the cover"; figcaption { "Cover" } }
                            }
                            @for n in 1..=pages.len() {
                                figure { img src={ "/draft/" (draft.id) "/page/" (n) ".svg?v=" (t.key) } width="150" loading="lazy" alt={ "page " (n) }; figcaption { (n) } }
                            }
                        }
                    }
                }
            }
        }
        @if mine && draft.is_live() {
            section #fill {
                h2 { "Fill it" }
                form.fill method="post" action={ "/draft/" (draft.id) "/fill" } {
                    label { span { "By rule: puzzles to add" } input type="number" name="count" min="1" max="2000" value="12" required; }
                    button type="submit" { "Add by the book's layouts, levels and curve" }
                }
                form.fill method="post" action={ "/draft/" (draft.id) "/add" } {
                    label { span { "By hand: puzzle numbers" } input type="text" name="puzzles" placeholder="e.g. 12, 15, 31" required; }
                    button type="submit" { "Add them" }
                }
                p.hint { "Or tick puzzles on a " a href="/?status=free" { "catalog" } " page (or open one) and add them to this draft from there." }
                @if !rows.is_empty() {
                    form.fill method="post" action={ "/draft/" (draft.id) "/arrange" } { button type="submit" { "Order by the curve" } }
                }
            }
        }
        section #puzzles {
            h2 { "Puzzles in order (" (rows.len()) ")" }
            @if !rows.is_empty() {
                table.draftpuzzles {
                    thead { tr { th { "No." } th { "Puzzle" } th { "Layout" } th { "Level" } th { "SE" } @if mine { th { "Change" } } } }
                    tbody {
                        @for (i, r) in rows.iter().enumerate() {
                            tr data-id=(r.id) {
                                td.num { (i + 1) }
                                td.pic { a href={ "/puzzle/" (r.id) } { img src={ "/puzzle/" (r.id) "/picture.svg" } width="72" height="72" loading="lazy" alt={ "puzzle " (r.id) }; " " (r.id) } }
                                td { (r.layout_name) }
                                td { (r.level) }
                                td.num { @if let Some(g) = &r.grade { (format!("{:.1}", g.se_rating)) } @else { "–" } }
                                @if mine {
                                    td.change {
                                        form method="post" action={ "/draft/" (draft.id) "/move" } {
                                            input type="hidden" name="puzzle" value=(r.id);
                                            button type="submit" name="dir" value="up" disabled[i == 0] aria-label={ "Move puzzle " (r.id) " up" } { "Up" }
                                            button type="submit" name="dir" value="down" disabled[i + 1 == rows.len()] aria-label={ "Move puzzle " (r.id) " down" } { "Down" }
                                        }
                                        form method="post" action={ "/draft/" (draft.id) "/remove" } {
                                            input type="hidden" name="puzzle" value=(r.id);
                                            button type="submit" aria-label={ "Remove puzzle " (r.id) } { "Remove" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        @if mine {
            section #build {
                h2 { "Build" }
                @if rows.is_empty() { p { "Fill the draft first." } } @else {
                    p { "Builds the interior and the cover, checks both with the print preflight and records the book (made by " (draft.editor) "); the draft's puzzles leave it, printed." }
                    form.build method="post" action={ "/draft/" (draft.id) "/build" } { button type="submit" { "Build the book" } }
                }
            }
            @if let Ok(s) = &settings {
                section #settings {
                    h2 { "Book settings" }
                    form.draftform method="post" action={ "/draft/" (draft.id) "/settings" } {
                        (settings_fields(Some(s), &layouts))
                        div.actions { button type="submit" { "Save the settings" } }
                    }
                }
            }
            section #release {
                form method="post" action={ "/draft/" (draft.id) "/release" } { button type="submit" { "Release the draft and its puzzles" } }
            }
        }
    };
    Ok(html_reply(status, &title, who, body))
}

/// A short key of the draft's order, so the curve's address changes with it.
fn order_key(rows: &[PuzzleRow]) -> String {
    let ids: Vec<String> = rows.iter().map(|r| r.id.to_string()).collect();
    crate::store::fingerprint(&ids.join(",")).chars().take(12).collect()
}

fn build_line(job: &Job) -> Markup {
    html! {
        p.buildstate {
            "Build " a href={ "/build/" (job.id) } { (job.id) } ": "
            @match &job.state {
                JobState::Queued => "waiting for a free core",
                JobState::Building => "being built",
                JobState::Done(book) => { "done: " a href={ "/book/" (book) } { "book " (book) } },
                JobState::Failed(e) => span.error { "failed: " (e) },
            }
        }
    }
}

/// A POST on draft `id`: only its owner's is done (the catalog refuses
/// anyone else's, and says why).
fn change(state: &State, id: i64, action: &str, request: &Request, who: &Who) -> Result<Reply> {
    let Some(draft) = state.with(|c| c.draft_by_id(id))? else { return Ok(pages::not_found()) };
    let editor = editor_of(who);
    let done: Result<Option<Reply>> = (|| match action {
        "fill" => {
            let count: usize = match request.field("count").map(str::trim).and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => n,
                _ => bail!("say how many puzzles to add (a whole number from 1)"),
            };
            let settings = settings_of_draft(&draft)?;
            if settings.curve == Curve::Week && !count.is_multiple_of(7) {
                bail!("a week draft is filled a week at a time: ask for a multiple of 7 puzzles");
            }
            let picks = curate::draft_picks(&settings, count);
            state.with(|c| {
                c.reserve(&ReserveRequest { draft: &draft.name, editor: &editor, seconds: DEFAULT_DRAFT_SECONDS, picks: &picks })
                    .map_err(|e| match e.downcast_ref::<crate::store::DraftError>() {
                        Some(crate::store::DraftError::Short { .. }) => {
                            anyhow!("{e:#}; make more on the Batches page (or with `puzzlebook generate`), then check them (`puzzlebook validate`)")
                        }
                        _ => e,
                    })?;
                // In the curve's order when the draft is what its rule makes.
                let _ = arrange(c, &draft.name, &editor);
                Ok(None)
            })
        }
        "add" => {
            let ids = parse_ids(request.field("puzzles").unwrap_or(""))?;
            let picks = [Pick::Puzzles(ids)];
            state.with(|c| {
                c.reserve(&ReserveRequest { draft: &draft.name, editor: &editor, seconds: DEFAULT_DRAFT_SECONDS, picks: &picks })
            })?;
            Ok(None)
        }
        "remove" => {
            let p = one_id(request)?;
            state.with(|c| c.release(&draft.name, &editor, Some(&[p])))?;
            Ok(None)
        }
        "move" => {
            let p = one_id(request)?;
            let up = match request.field("dir") {
                Some("up") => true,
                Some("down") => false,
                _ => bail!("move up or down"),
            };
            state.with(|c| c.move_in_draft(&draft.name, &editor, p, up))?;
            Ok(None)
        }
        "arrange" => {
            state.with(|c| arrange(c, &draft.name, &editor))?;
            Ok(None)
        }
        "settings" => {
            let layouts = state.with(|c| c.puzzle_layouts())?;
            let s = settings_from(request, &layouts).map_err(|e| anyhow!("the settings were not saved: {e}"))?;
            state.with(|c| c.set_draft_settings(&draft.name, &editor, &s.to_toml()))?;
            Ok(None)
        }
        "release" => {
            state.with(|c| c.release(&draft.name, &editor, None))?;
            Ok(Some(Reply::redirect("/drafts")))
        }
        "build" => {
            if draft.editor != editor {
                bail!("draft \"{}\" is {}'s: only {} may make a book from it (you are {editor})", draft.name, draft.editor, draft.editor);
            }
            let settings = settings_of_draft(&draft)?;
            if draft.puzzles.is_empty() {
                bail!("draft \"{}\" holds no puzzle yet: fill it first", draft.name);
            }
            let job = state.builds.push(&draft, &settings.title, &editor)?;
            Ok(Some(Reply::redirect(&format!("/build/{job}"))))
        }
        _ => Ok(Some(pages::not_found())),
    })();
    match done {
        Ok(Some(reply)) => Ok(reply),
        Ok(None) => Ok(Reply::redirect(&format!("/draft/{id}"))),
        Err(e) => {
            let refused = e
                .downcast_ref::<crate::store::DraftError>()
                .is_some_and(|d| matches!(d, crate::store::DraftError::NotOwner { .. } | crate::store::DraftError::NotOwnerExpired { .. }))
                || draft.editor != editor;
            let status = if refused { 403 } else { 409 };
            draft_page(state, id, who, Some((status, format!("Not done: {e:#}"))))
        }
    }
}

/// Orders draft `name` by its book's curve, as `book` would order it (the
/// catalog's curation over the draft's puzzles).
fn arrange(c: &Catalog, name: &str, editor: &str) -> Result<()> {
    let draft = c.draft(name)?.ok_or_else(|| anyhow!("there is no draft \"{name}\""))?;
    let mut settings = settings_of_draft(&draft)?;
    settings.count = draft.puzzles.len();
    let rows = curate::choose(c, &settings, Some((draft.id, name)))
        .context("the draft is not what its book's levels and layouts spread (order it by hand)")?;
    let order: Vec<i64> = rows.iter().map(|r| r.id).collect();
    c.set_draft_order(name, editor, &order)
}

fn one_id(request: &Request) -> Result<i64> {
    request.field("puzzle").and_then(http::id).ok_or_else(|| anyhow!("which puzzle? (a number)"))
}

/// "12, 15 31" as puzzle numbers.
fn parse_ids(text: &str) -> Result<Vec<i64>> {
    let ids: Vec<i64> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| http::id(t).ok_or_else(|| anyhow!("'{t}' is not a puzzle number")))
        .collect::<Result<_>>()?;
    if ids.is_empty() {
        bail!("give puzzle numbers, e.g. 12, 15, 31");
    }
    Ok(ids)
}

/// `POST /drafts/add` (a puzzle's page, or the puzzles ticked on a
/// catalog page): the `puzzle` fields into the editor's draft named
/// `draft`, reserved for it as the draft page's own add reserves them.
fn add_by_name(state: &State, request: &Request, who: &Who) -> Result<Reply> {
    let name = request.field("draft").unwrap_or("").trim().to_string();
    let editor = editor_of(who);
    let mut puzzles = Vec::new();
    for (_, v) in request.form.iter().filter(|(n, _)| n == "puzzle") {
        match http::id(v.trim()) {
            Some(id) if !puzzles.contains(&id) => puzzles.push(id),
            Some(_) => {}
            None => return Ok(pages::error(400, &format!("'{v}' is not a puzzle number."))),
        }
    }
    if puzzles.is_empty() {
        return Ok(pages::error(400, "No puzzle was chosen: tick the puzzles to add on the catalog page, then choose the draft."));
    }
    if name.is_empty() {
        return Ok(pages::error(400, "No draft was chosen: make one on the Drafts page first, then choose it."));
    }
    let Some(draft) = state.with(|c| c.draft(&name))? else {
        return Ok(pages::error(404, &format!("There is no draft \"{name}\": make it on the Drafts page first.")));
    };
    let picks = [Pick::Puzzles(puzzles)];
    match state.with(|c| c.reserve(&ReserveRequest { draft: &name, editor: &editor, seconds: DEFAULT_DRAFT_SECONDS, picks: &picks })) {
        Ok(_) => Ok(Reply::redirect(&format!("/draft/{}#puzzles", draft.id))),
        Err(e) => draft_page(state, draft.id, who, Some((if draft.editor != editor { 403 } else { 409 }, format!("Not done: {e:#}")))),
    }
}

/// The drafts `who` adds puzzles to: their own (none for a viewer).
pub(super) fn own_drafts(c: &Catalog, who: &Who) -> Result<Vec<Draft>> {
    if who.role < Role::Editor {
        return Ok(Vec::new());
    }
    let me = editor_of(who);
    Ok(c.reservations()?.into_iter().filter(|d| d.editor == me).collect())
}

/// A choice of `drafts` (the editor's own) for an add form.
fn draft_select(drafts: &[Draft], label: &str) -> Markup {
    html! {
        label { span { (label) } select name="draft" required {
            @for d in drafts { option value=(d.name) { (d.name) " (" (d.puzzles.len()) " puzzles)" } }
        } }
    }
}

/// The form on a puzzle's page that adds it to one of the editor's drafts.
pub fn add_form(puzzle: i64, who: &Who, drafts: &[Draft]) -> Markup {
    html! {
        @if who.role >= Role::Editor {
            @if drafts.is_empty() {
                p.hint { "To put it in a book, make a draft on the " a href="/drafts#new" { "Drafts" } " page; then add it from here." }
            } @else {
                form.addtodraft method="post" action="/drafts/add" {
                    input type="hidden" name="puzzle" value=(puzzle);
                    (draft_select(drafts, "Add to draft"))
                    button type="submit" { "Add" }
                }
            }
        }
    }
}

/// The form above a catalog page's list that adds the ticked puzzles (each
/// row's checkbox belongs to it by its id, `addtodraft`) to a draft.
pub fn add_ticked_form(who: &Who, drafts: &[Draft]) -> Markup {
    html! {
        @if who.role >= Role::Editor {
            @if drafts.is_empty() {
                p.hint { "Make a draft on the " a href="/drafts#new" { "Drafts" } " page to add the puzzles you tick here to it." }
            } @else {
                form.addtodraft #addtodraft method="post" action="/drafts/add" {
                    (draft_select(drafts, "Add the ticked puzzles to draft"))
                    button type="submit" { "Add the ticked puzzles" }
                }
            }
        }
    }
}

// ---- page thumbnails ----

/// Every page's SVG, and the cover's.
type PagesAndCover = (Vec<Vec<u8>>, Option<Vec<u8>>);

/// Draft `draft`'s book drawn as thumbnails (the library's page drawings),
/// drawn again only when its settings or order changed.
fn thumbs(state: &State, draft: &Draft, rows: &[PuzzleRow]) -> Arc<Thumbs> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.to_string()).collect();
    let key: String =
        crate::store::fingerprint(&format!("{}\n{}", draft.settings.as_deref().unwrap_or(""), ids.join(","))).chars().take(16).collect();
    if let Some(t) = state.builds.thumbs.lock().ok().and_then(|m| m.get(&draft.id).cloned()).filter(|t| t.key == key) {
        return t;
    }
    let drawn = state.heavy.run(|| -> Result<PagesAndCover> {
        let mut settings = settings_of_draft(draft)?;
        settings.count = rows.len();
        let paper = settings.paper.unwrap_or(Paper::White);
        let created = state.with(|c| c.now())?;
        let book = crate::book::Book::new(settings, rows.to_vec(), &created)?;
        let pages = crate::book::thumbnails(&book, 150.0)?;
        let options = CoverOptions { paper, guides: false, blurb: None };
        let cover = crate::book::cover_thumbnail(&book, pages.len(), &options, 400.0).ok();
        Ok((pages, cover))
    });
    let t = Arc::new(match drawn {
        Ok((pages, cover)) => Thumbs { key, pages: Ok(pages), cover },
        Err(e) => Thumbs { key, pages: Err(format!("{e:#}")), cover: None },
    });
    if let Ok(mut m) = state.builds.thumbs.lock() {
        m.insert(draft.id, t.clone());
    }
    t
}

/// Page `n` of draft `id`'s book (None: its cover), as an SVG.
fn thumbnail(state: &State, id: i64, n: Option<usize>) -> Result<Reply> {
    let Some((draft, rows)) = state.with(|c| load(c, id))? else { return Ok(pages::not_found()) };
    if rows.is_empty() {
        return Ok(pages::not_found());
    }
    let t = thumbs(state, &draft, &rows);
    let svg = match (n, &t.pages) {
        (Some(n), Ok(pages)) => n.checked_sub(1).and_then(|i| pages.get(i)).cloned(),
        (None, _) => t.cover.clone(),
        _ => None,
    };
    Ok(match svg {
        Some(svg) => Reply::svg(svg),
        None => pages::not_found(),
    })
}

// ---- the curve ----

/// The draft's difficulty as a plot: each puzzle's SE rating in order (its
/// score where it has none, on a score axis when none is rated), the
/// levels' bands shaded.
fn curve(state: &State, id: i64) -> Result<Reply> {
    let Some((draft, rows)) = state.with(|c| load(c, id))? else { return Ok(pages::not_found()) };
    Ok(Reply::svg(curve_svg(&draft.name, &rows).into_bytes()))
}

pub fn curve_svg(name: &str, rows: &[PuzzleRow]) -> String {
    let (w, h, left, right, top, bottom) = (720.0f64, 260.0f64, 44.0f64, 12.0f64, 24.0f64, 28.0f64);
    let rated = rows.iter().any(|r| r.grade.is_some());
    // The value plotted, and the axis: SE 0..top or score.
    let value = |r: &PuzzleRow| -> Option<f64> {
        match (rated, &r.grade) {
            (true, Some(g)) => Some(g.se_rating),
            (true, None) => None,
            (false, _) => Some(r.score as f64),
        }
    };
    let values: Vec<Option<f64>> = rows.iter().map(value).collect();
    let (lo, hi) = if rated {
        (0.0, values.iter().flatten().fold(6.0f64, |m, &v| m.max(v)).ceil() + 0.5)
    } else {
        let min = values.iter().flatten().fold(f64::MAX, |m, &v| m.min(v)).min(480.0);
        let max = values.iter().flatten().fold(0.0f64, |m, &v| m.max(v)).max(660.0);
        (min - 10.0, max + 10.0)
    };
    let y = |v: f64| top + (h - top - bottom) * (1.0 - (v - lo) / (hi - lo));
    let n = rows.len().max(1) as f64;
    let x = |i: usize| left + (w - left - right) * (i as f64 + 0.5) / n;
    // The levels' bands: by SE (the band levels of `book --labels`), or by score.
    let mut bands: Vec<(&str, f64, f64)> = Vec::new();
    if rated {
        for b in 0..5 {
            let level = crate::book::labels::band_level(b).name();
            let r = crate::book::labels::band_range(b);
            match bands.last_mut() {
                Some(last) if last.0 == level => last.2 = r.high + 0.05,
                _ => bands.push((level, if b == 0 { lo } else { r.low - 0.05 }, r.high + 0.05)),
            }
        }
    } else {
        let tops = crate::level::DEFAULT_LEVEL_BANDS;
        for (i, l) in Level::ALL.iter().enumerate() {
            let low = if i == 0 { lo } else { tops[i - 1] as f64 };
            let high = tops.get(i).map_or(hi, |&t| t as f64);
            bands.push((l.name(), low, high));
        }
    }
    let shades = ["#e8f4ea", "#fdf3d8", "#fbe3d3", "#f3d9e6"];
    let axis = if rated { "SE rating" } else { "score" };
    let points: Vec<(f64, f64)> = values.iter().enumerate().filter_map(|(i, v)| v.map(|v| (x(i), y(v)))).collect();
    let line: String = points.iter().map(|(a, b)| format!("{a:.1},{b:.1}")).collect::<Vec<_>>().join(" ");
    let ticks: Vec<f64> = if rated { (0..=(hi as i64)).map(|t| t as f64).collect() } else { bands.iter().skip(1).map(|b| b.1).collect() };
    html! {
        svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (w) " " (h) } width=(w) height=(h) font-family="sans-serif" font-size="11" {
            title { "Difficulty curve of draft " (name) }
            rect x="0" y="0" width=(w) height=(h) fill="#ffffff" {}
            @for (i, (level, low, high)) in bands.iter().enumerate() {
                @let (y0, y1) = (y(high.min(hi)), y(low.max(lo)));
                @if y1 > y0 {
                    rect class="band" data-level=(level) x=(left) y=(format!("{y0:.1}")) width=(w - left - right) height=(format!("{:.1}", y1 - y0)) fill=(shades[i % shades.len()]) {}
                    text x=(w - right - 4.0) y=(format!("{:.1}", y0 + 12.0)) text-anchor="end" fill="#5b5b66" { (level) }
                }
            }
            @for t in &ticks {
                line x1=(left - 4.0) x2=(left) y1=(format!("{:.1}", y(*t))) y2=(format!("{:.1}", y(*t))) stroke="#1d1d1f" {}
                text x=(left - 6.0) y=(format!("{:.1}", y(*t) + 4.0)) text-anchor="end" { (t) }
            }
            line x1=(left) x2=(left) y1=(top) y2=(h - bottom) stroke="#1d1d1f" {}
            line x1=(left) x2=(w - right) y1=(h - bottom) y2=(h - bottom) stroke="#1d1d1f" {}
            text x="4" y="14" { (axis) " per puzzle, in the draft's order" }
            text x=(w / 2.0) y=(h - 8.0) text-anchor="middle" { "puzzle 1 to " (rows.len()) }
            @if points.len() > 1 { polyline points=(line) fill="none" stroke="#1f5fbf" stroke-width="1.5" {} }
            @for (i, v) in values.iter().enumerate() {
                @match v {
                    Some(v) => circle class="point" cx=(format!("{:.1}", x(i))) cy=(format!("{:.1}", y(*v))) r="3" fill="#1f5fbf" {
                        title { "No. " (i + 1) ": puzzle " (rows[i].id) ", " (axis) " " (format!("{v:.1}")) }
                    },
                    None => circle class="point unrated" cx=(format!("{:.1}", x(i))) cy=(format!("{:.1}", h - bottom)) r="3" fill="none" stroke="#a11" {
                        title { "No. " (i + 1) ": puzzle " (rows[i].id) ", not rated" }
                    },
                }
            }
        }
    }
    .into_string()
}

// ---- builds and books ----

fn build_page(state: &State, n: usize, who: &Who) -> Result<Reply> {
    let Some(job) = state.builds.job(n) else { return Ok(pages::not_found()) };
    let waiting = matches!(job.state, JobState::Queued | JobState::Building);
    let body = html! {
        h1 { "Build " (job.id) ": " q { (job.title) } }
        p { "From draft " (job.draft) ", by " (job.editor) "." }
        (build_line(&job))
        @if waiting { p.hint { "This page looks again every two seconds; the studio serves pages meanwhile." } }
        @if let JobState::Failed(_) = job.state { p { a href={ "/draft/" (job.draft_id) } { "Back to the draft" } } }
    };
    let mut reply = html_reply(200, &format!("Build {}", job.id), who, body);
    if waiting {
        reply = reply.with_header("Refresh", "2".to_string());
    }
    Ok(reply)
}

fn book_page(state: &State, id: i64, who: &Who) -> Result<Reply> {
    let Some(book) = state.with(|c| Ok(c.book(id).ok()))? else { return Ok(pages::not_found()) };
    let pdf = PathBuf::from(&book.pdf_path);
    let cover = default_cover_path(&pdf);
    let report = std::fs::read_to_string(report_path(&pdf)).ok();
    let body = html! {
        h1 { "Book " (book.id) ": " q { (book.title) } }
        dl.facts {
            dt { "Puzzles" } dd { (book.puzzles.len()) }
            dt { "Pages" } dd { (book.pages) }
            dt { "Made" } dd { (book.created_at) }
            dt { "By" } dd { (book.made_by.as_deref().unwrap_or("–")) }
            dt { "File" } dd { code { (book.pdf_path) } }
        }
        h2 { "Downloads" }
        ul.downloads {
            @if pdf.is_file() { li { a href={ "/book/" (book.id) "/interior.pdf" } download { "Interior (PDF)" } } }
            @if cover.is_file() { li { a href={ "/book/" (book.id) "/cover.pdf" } download { "Cover (PDF)" } } }
            @if report.is_some() { li { a href={ "/book/" (book.id) "/report.txt" } download { "Report (text)" } } }
        }
        @if let Some(r) = &report { h2 { "Preflight report" } pre.report { (r) } }
        p { code { "puzzlebook books" } " lists it; " code { "puzzlebook reprint " (book.id) } " prints it again." }
    };
    Ok(html_reply(200, &format!("Book {}", book.id), who, body))
}

/// A book's file, found by the book's number: the path the catalog
/// recorded for it (and the cover and report beside it), never one from
/// the request.
fn download(state: &State, id: i64, file: &str) -> Result<Reply> {
    let Some(book) = state.with(|c| Ok(c.book(id).ok()))? else { return Ok(pages::not_found()) };
    let pdf = PathBuf::from(&book.pdf_path);
    let (path, content_type) = match file {
        "interior.pdf" => (pdf.clone(), "application/pdf"),
        "cover.pdf" => (default_cover_path(&pdf), "application/pdf"),
        "report.txt" => (report_path(&pdf), "text/plain; charset=utf-8"),
        _ => return Ok(pages::not_found()),
    };
    let Ok(bytes) = std::fs::read(&path) else { return Ok(pages::not_found()) };
    let name = format!("{}-{}", slug(&book.title), file);
    Ok(Reply { status: 200, content_type, body: bytes, headers: vec![("Content-Disposition", format!("attachment; filename=\"{name}\""))] })
}
