//! The studio's batches (issue 28, item 4): every batch of the catalog,
//! made by any worker on any machine, with its progress read from the
//! catalog (so a `generate --join` in a shell shows as well as the
//! studio's own); an editor starts one (the studio runs it through the
//! library, in a background thread, as one worker like any other: leases,
//! ranges, `--join` from a shell joins it) and stops one (recorded in the
//! catalog: every worker, wherever it runs, stops at its next look).
//!
//! Layouts are chosen by their id from the list the studio offers (the
//! shipped `layouts/` files, read once): a name that is not in the list is
//! refused before anything touches the filesystem, so no path a request
//! carries ever reaches the layout loader. A pattern is sent as text.

use super::http::{self, Reply, Request};
use super::pages::page;
use super::{State, Who};
use crate::batch::{self, Entry, NewBatch};
use crate::generate::{Controls, Needs, Pattern, Symmetry, needs};
use crate::layout::Layout;
use crate::level::{Level, RatingRange};
use crate::store::{BatchSummary, Catalog, DbTarget, Role, Stop};
use anyhow::Result;
use maud::{Markup, html};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// The largest count the studio starts a batch with (a bigger batch is
/// for `generate` in a shell, where it can be watched and joined).
pub const MAX_COUNT: u64 = 100_000;
/// Batches the page lists, newest first.
const SHOWN: usize = 100;
/// How often the page's script asks for progress.
const POLL_MS: u32 = 1000;

pub const SCRIPT: &str = include_str!("batches.js");

/// The layouts the studio offers: id → file, read once from the layout
/// folders. The only way from a request to a layout file.
fn offered() -> &'static BTreeMap<String, PathBuf> {
    static OFFERED: OnceLock<BTreeMap<String, PathBuf>> = OnceLock::new();
    OFFERED.get_or_init(|| {
        crate::layout::list_layout_files()
            .into_iter()
            .filter_map(|path| Some((path.file_stem()?.to_string_lossy().into_owned(), path)))
            .collect()
    })
}

/// Who a change is recorded as: the user, or the studio when the catalog
/// has no user yet (loopback only).
fn name_of(who: &Who) -> String {
    who.user.as_ref().map_or_else(|| "studio (no login)".to_string(), |u| u.name.clone())
}

impl State {
    /// `/batches…`: the arms of the router that are the batches'.
    pub(super) fn batches_route(&self, post: bool, rest: &[&str], request: &Request, who: &Who) -> Result<Reply> {
        match (post, rest) {
            (false, []) => self.with(|c| batches_page(c, request, who, None, 200)),
            (false, ["progress"]) => self.with(progress),
            (true, _) if who.role < Role::Editor => Ok(super::pages::error(403, "Only an editor starts or stops batches.")),
            (true, []) => self.start_batch(request, who),
            (true, [id, "stop"]) => match http::id(id) {
                Some(id) => self.stop_batch(id, who),
                None => Ok(super::pages::not_found()),
            },
            _ => Ok(super::pages::not_found()),
        }
    }

    fn start_batch(&self, request: &Request, who: &Who) -> Result<Reply> {
        let new = match read_form(request, who) {
            Ok(new) => new,
            Err(problem) => return self.with(|c| batches_page(c, request, who, Some(&problem), 400)),
        };
        let started = self.with(|c| Ok(batch::start(c, new)));
        match started? {
            Ok(id) => {
                spawn(self.target.clone(), id);
                Ok(Reply::redirect(&format!("/batches?started={id}")))
            }
            Err(e) => self.with(|c| batches_page(c, request, who, Some(&format!("The batch was not started: {e:#}")), 400)),
        }
    }

    fn stop_batch(&self, id: i64, who: &Who) -> Result<Reply> {
        let by = name_of(who);
        let stopped = self.with(|c| {
            if c.batch(id).is_err() {
                return Ok(None);
            }
            Ok(Some(c.stop_batch(id, &by)))
        })?;
        match stopped {
            None => Ok(super::pages::not_found()),
            Some(Ok(Stop::Stopped { .. } | Stop::Already { .. })) => Ok(Reply::redirect(&format!("/batches?stopped={id}"))),
            Some(Err(e)) => {
                let problem = format!("Batch {id} was not stopped: {e:#}");
                self.with(|c| batches_page(c, &Request::empty(), who, Some(&problem), 400))
            }
        }
    }
}

impl Request {
    /// A GET of nothing (a page drawn after a POST, without its fields).
    fn empty() -> Request {
        Request { method: "GET".into(), path: "/batches".into(), query: vec![], headers: vec![], form: vec![] }
    }
}

/// Runs batch `id` in a background thread, as one worker (it joins: a
/// worker from a shell may be on it already). What happens is in the
/// catalog: progress, and a failure's reason as the batch's note.
fn spawn(target: DbTarget, id: i64) {
    let jobs = std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1));
    std::thread::spawn(move || {
        let Ok(catalog) = Catalog::open_existing(&target) else { return };
        let options = batch::Options { jobs, entry: Entry::Join, retry_for: batch::DEFAULT_RETRY };
        // A failure is recorded with the batch (its note) by the library.
        let _ = batch::run(&catalog, id, &options, &mut |_| {});
    });
}

/// The start form's fields as a new batch; what is wrong, in words.
fn read_form(request: &Request, who: &Who) -> Result<NewBatch, String> {
    let field = |name: &str| request.field(name).map(str::trim).filter(|v| !v.is_empty());
    let layout_id = field("layout").ok_or("Choose a layout.")?;
    // Only a name from the studio's own list names a file: anything else
    // (a path, `..`, an unknown id) is refused here, no file opened.
    let Some(path) = offered().get(layout_id) else {
        return Err(format!("There is no layout '{layout_id}' among the studio's layouts: choose one from the list."));
    };
    let count = field("count").ok_or("Say how many puzzles the batch makes.")?;
    let count: u64 = count.parse().map_err(|_| format!("The count '{count}' is not a whole number from 1 to {MAX_COUNT}."))?;
    if count == 0 || count > MAX_COUNT {
        return Err(format!(
            "A count of {count} is refused: the studio starts batches of 1 to {MAX_COUNT} puzzles (a larger batch is for `puzzlebook generate` in a shell)."
        ));
    }
    let difficulty = field("level").map(|v| v.parse::<Level>().map_err(|e| format!("Level: {e}"))).transpose()?;
    let symmetry = field("symmetry").map_or(Ok(Symmetry::None), |v| v.parse::<Symmetry>().map_err(|e| format!("Symmetry: {e}")))?;
    let rating = field("rating").map(|v| v.parse::<RatingRange>().map_err(|e| format!("SE range: {e}"))).transpose()?;
    if rating.is_some() && difficulty.is_some() {
        return Err("Give a level or an SE range, not both: the range decides the level.".into());
    }
    let technique = field("technique").map(|v| needs::parse_technique(v).map_err(|e| format!("Technique: {e}"))).transpose()?;
    let hardest = field("hardest").is_some();
    if hardest && technique.is_none() {
        return Err("\"Nothing harder than the technique\" needs a technique.".into());
    }
    let seed = match field("seed") {
        Some(v) => v.parse::<u64>().map_err(|_| format!("The seed '{v}' is not a whole number (leave it empty for a random one)."))?,
        None => clock_seed(),
    };
    let time_limit = field("time_limit")
        .map(|v| v.parse::<u64>().map_err(|_| format!("Give up after '{v}': not a whole number of seconds.")))
        .transpose()?;
    let source = std::fs::read_to_string(path).map_err(|e| format!("The layout {layout_id} cannot be read: {e}"))?;
    let layout = Layout::from_source(path, source).map_err(|e| format!("The layout {layout_id}: {e}"))?;
    let pattern = match field("pattern") {
        Some(text) => Some(Pattern::parse("the pattern", text, &layout, field("pattern_subset").is_some()).map_err(|e| format!("{e}"))?),
        None => None,
    };
    let sizes = field("cages").map(|v| crate::generate::parse_cage_sizes(v).map_err(|e| format!("Cage sizes: {e}"))).transpose()?;
    let cages = batch::cage_rule(&layout, sizes, field("cage_givens").is_some()).map_err(|e| format!("{e:#}"))?;
    let controls = Controls {
        symmetry,
        pattern,
        needs: technique.map(|technique| Needs { technique, hardest }),
        rating,
        cages,
        time_limit: time_limit.map(Duration::from_secs),
        // The default near-twin guard (`crate::twins`).
        twin_distance: None,
    };
    Ok(NewBatch { layout, controls, count, difficulty, seed, made_by: Some(name_of(who)) })
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64)
}

/// `/batches/progress`: every listed batch's progress, for the page's script.
fn progress(catalog: &Catalog) -> Result<Reply> {
    let rows: Vec<serde_json::Value> = catalog
        .batch_summaries(SHOWN)?
        .iter()
        .map(|b| {
            serde_json::json!({
                "id": b.id,
                "held": b.held,
                "in_flight": b.in_flight,
                "count": b.count_asked,
                "attempts": b.attempts,
                "failed": b.failed,
                "status": b.shown_status(),
                "workers": workers_text(b),
                "stoppable": stoppable(b),
            })
        })
        .collect();
    let body = serde_json::json!({ "batches": rows }).to_string();
    Ok(Reply {
        status: 200,
        content_type: "application/json",
        body: body.into_bytes(),
        headers: vec![("Cache-Control", "no-store".into())],
    })
}

fn stoppable(b: &BatchSummary) -> bool {
    b.stopped_by.is_none() && matches!(b.status, crate::store::BatchStatus::Running | crate::store::BatchStatus::Interrupted)
}

fn workers_text(b: &BatchSummary) -> String {
    match b.workers.len() {
        0 => "none".into(),
        _ => b.workers.join(", "),
    }
}

/// What a batch asks beyond its level and symmetry, in short.
fn asks(b: &BatchSummary) -> String {
    let Some(text) = &b.controls else { return String::new() };
    let Ok(table) = text.parse::<toml::Table>() else { return String::new() };
    table
        .iter()
        .filter(|(_, v)| !matches!(v, toml::Value::Boolean(false)))
        .map(|(k, v)| match (k.as_str(), v) {
            ("pattern", _) => "a pattern".to_string(),
            (_, toml::Value::Boolean(true)) => k.replace('_', " "),
            (_, toml::Value::String(s)) => format!("{} {s}", k.replace('_', " ")),
            (_, other) => format!("{} {other}", k.replace('_', " ")),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn select(name: &str, label: &str, current: Option<&str>, any: Option<&str>, options: &[(&str, &str)]) -> Markup {
    html! {
        label {
            span { (label) }
            select name=(name) {
                @if let Some(any) = any { option value="" { (any) } }
                @for (value, text) in options {
                    option value=(value) selected[current == Some(*value)] { (text) }
                }
            }
        }
    }
}

/// The start form, filled with what was sent (after a refusal).
fn start_form(request: &Request) -> Markup {
    let sent = |name: &str| request.field(name).unwrap_or("").to_string();
    let current = |name: &str| request.field(name).filter(|v| !v.is_empty());
    let layouts: Vec<(&str, &str)> = offered().keys().map(|k| (k.as_str(), k.as_str())).collect();
    let levels: Vec<(&str, &str)> = Level::ALL.iter().map(|l| (l.name(), l.name())).collect();
    let symmetries: Vec<(&str, &str)> = Symmetry::ALL.iter().map(|s| (s.as_str(), s.as_str())).collect();
    let count = if sent("count").is_empty() { "20".to_string() } else { sent("count") };
    html! {
        details.startbatch open[request.method == "POST"] {
            summary { "Start a batch" }
            form.startbatch method="post" action="/batches" {
                (select("layout", "Layout", current("layout").or(Some("classic-9")), None, &layouts))
                label { span { "Puzzles" } input type="number" name="count" min="1" max=(MAX_COUNT) required value=(count); }
                (select("level", "Level", current("level"), Some("any"), &levels))
                (select("symmetry", "Symmetry", current("symmetry"), None, &symmetries))
                label { span { "SE range" } input type="text" name="rating" placeholder="e.g. 3.0..5.0" maxlength="32" value=(sent("rating")); }
                label {
                    span { "Technique on the path" }
                    input type="text" name="technique" list="techniques" maxlength="64" placeholder="e.g. x-wing" value=(sent("technique"));
                }
                datalist #techniques { @for t in needs::TECHNIQUES { option value=(needs::spelling(t)) {} } }
                label.check { input type="checkbox" name="hardest" value="1" checked[current("hardest").is_some()]; span { "nothing harder than it" } }
                label { span { "Killer cage sizes (e.g. 2..4)" } input type="text" name="cages" maxlength="16" value=(sent("cages")); }
                label.check { input type="checkbox" name="cage_givens" value="1" checked[current("cage_givens").is_some()]; span { "killer: givens allowed" } }
                label { span { "Seed (empty: random)" } input type="number" name="seed" min="0" value=(sent("seed")); }
                label { span { "Give up after (s)" } input type="number" name="time_limit" min="0" value=(sent("time_limit")); }
                label.wide {
                    span { "Pattern (optional): one row a line, # for a given, . for an empty cell" }
                    textarea name="pattern" rows="4" maxlength="4000" { (sent("pattern")) }
                }
                label.check { input type="checkbox" name="pattern_subset" value="1" checked[current("pattern_subset").is_some()]; span { "givens on a subset of the pattern" } }
                div.actions { button type="submit" { "Start" } }
            }
        }
    }
}

/// The batches page; `problem` (a refused start or stop) said above it.
fn batches_page(catalog: &Catalog, request: &Request, who: &Who, problem: Option<&str>, status: u16) -> Result<Reply> {
    let batches = catalog.batch_summaries(SHOWN)?;
    let editor = who.role >= Role::Editor;
    let watching = request.param("watch").is_some();
    let body = html! {
        h1 { "Batches" }
        @if watching { noscript { meta http-equiv="refresh" content="5"; } }
        @if let Some(problem) = problem { p.error role="alert" { (problem) } }
        @if let Some(id) = request.param("started").and_then(http::id) {
            p.made role="status" { "Batch " (id) " started. More workers, on this machine or another, join it with " code { "puzzlebook generate --join " (id) " --db CATALOG" } }
        }
        @if let Some(id) = request.param("stopped").and_then(http::id) {
            p.made role="status" { "Batch " (id) " stopped: its workers, wherever they run, stop at their next look at it." }
        }
        @if editor { (start_form(request)) }
        p.hint #live data-poll=(POLL_MS) {
            "Progress is read from the catalog: batches from every machine show here. "
            @if watching { "This page reloads every 5 s without JavaScript. " a href="/batches" { "Stop reloading" } }
            @else { a href="/batches?watch=1" { "Reload every 5 s" } " (without JavaScript; with it, the figures follow by themselves)." }
        }
        @if batches.is_empty() {
            p.empty { "No batch yet." }
        } @else {
            table.batches {
                thead { tr {
                    th { "Batch" } th { "Layout" } th { "Made" } th { "Attempts" } th { "Failed checks" } th { "Asks" }
                    th { "Status" } th { "Workers" } th { "Made by" } th { "Started" } @if editor { th { span.sr { "Stop" } } }
                } }
                tbody {
                    @for b in &batches {
                        tr data-batch=(b.id) {
                            td.num { a href={ "/?batch=" (b.id) } { (b.id) } }
                            td.layout { (b.layout_name) }
                            td.made {
                                // The bar stands at what is made; the words tell
                                // committed from made and not yet committed.
                                progress max=(b.count_asked) value=((b.held + b.in_flight).min(b.count_asked)) {}
                                " " span.held { (b.held) } " / " (b.count_asked)
                                br;
                                small title="made, not yet committed" { "+" span.in-flight { (b.in_flight) } " in flight" }
                            }
                            td.num.attempts { (b.attempts) }
                            td.num.failed { (b.failed) }
                            td.asks {
                                (b.difficulty.as_deref().unwrap_or("any level"))
                                @if b.symmetry != "none" { ", " (b.symmetry) }
                                @let more = asks(b);
                                @if !more.is_empty() { "; " (more) }
                            }
                            td.status {
                                span.state { (b.shown_status()) }
                                @if let Some(note) = &b.note { br; small.note { (note) } }
                            }
                            td.workers { (workers_text(b)) }
                            td { (b.made_by.as_deref().unwrap_or("–")) }
                            td { (b.started_at.get(..19).unwrap_or(&b.started_at).replace('T', " ")) }
                            @if editor {
                                td.stop {
                                    @if stoppable(b) {
                                        form method="post" action={ "/batches/" (b.id) "/stop" } {
                                            button type="submit" aria-label={ "Stop batch " (b.id) } { "Stop" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        script src="/static/batches.js" defer {}
    };
    Ok(Reply::html(status, page("Batches", Some(who), body)))
}
