//! The studio's pages, written with maud: every value is escaped as it is
//! written unless wrapped in `PreEscaped` (which only the studio's own
//! fixed text is).

use super::http::{self, Reply, Request, query};
use super::{PAGE_ROWS, Who};
use crate::art::{ArtOptions, Figure};
use crate::book::hints::Hint;
use crate::family::{Family, GradeReport, StepCells};
use crate::pdf::fonts::Fonts;
use crate::pdf::{Pencil, PencilMark};
use crate::store::browse::{BookUse, Choices, Cursor, Filter, Sort, Source, Status};
use crate::store::{Catalog, PuzzleRow, Role, User};
use anyhow::Result;
use maud::{DOCTYPE, Markup, html};

pub const CSS: &str = include_str!("studio.css");

/// A whole page around `body`.
pub(super) fn page(title: &str, who: Option<&Who>, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · puzzlebook studio" }
                link rel="stylesheet" href="/static/studio.css";
            }
            body {
                header {
                    a.brand href="/" { "puzzlebook studio" }
                    @if let Some(who) = who {
                        nav {
                            a href="/" { "Catalog" }
                            a href="/drafts" { "Drafts" }
                            a href="/batches" { "Batches" }
                            @if who.role >= Role::Admin { a href="/users" { "People" } }
                        }
                        div.who {
                            @match &who.user {
                                Some(user) => {
                                    span { (user.name) " (" (user.role) ")" }
                                    form method="post" action="/logout" { button type="submit" { "Log out" } }
                                }
                                None => span.warn { "No users yet: anyone on this machine is admin. Make one with " code { "puzzlebook studio user add" } "." }
                            }
                        }
                    }
                }
                main { (body) }
            }
        }
    }
    .into_string()
}

/// A page that says in words what went wrong.
pub fn error(status: u16, message: &str) -> Reply {
    let title = match status {
        400 => "Not understood",
        401 => "Log in first",
        403 => "Not allowed",
        404 => "Not found",
        405 => "Not allowed",
        413 => "Too large",
        _ => "Could not do that",
    };
    Reply::html(
        status,
        page(
            title,
            None,
            html! {
                h1 { (title) }
                p.error role="alert" { (message) }
                p { a href="/" { "Back to the catalog" } }
            },
        ),
    )
}

pub fn not_found() -> Reply {
    error(
        404,
        "There is nothing at this address. Puzzles, drafts, builds and books are found by their number, e.g. /puzzle/12 or /book/3; the menu above leads to each list.",
    )
}

pub fn login(problem: Option<&str>) -> Reply {
    let body = html! {
        h1 { "Log in" }
        @if let Some(problem) = problem { p.error role="alert" { (problem) } }
        form.login method="post" action="/login" {
            label for="token" { "Your token" }
            input #token type="password" name="token" autocomplete="current-password" required autofocus;
            button type="submit" { "Log in" }
        }
        p.hint { "An admin makes your token with " code { "puzzlebook studio user add NAME --role viewer|editor|admin" } "; it is shown once." }
    };
    Reply::html(if problem.is_some() { 401 } else { 200 }, page("Log in", None, body))
}

/// The filter a catalog page's query asks for, and what in it was not understood.
pub fn filter_of(request: &Request) -> (Filter, Option<Cursor>, Vec<String>) {
    let mut problems = Vec::new();
    let text = |name: &str| request.param(name).map(str::to_string);
    let mut number = |name: &str, what: &str| -> Option<f64> {
        let v = request.param(name)?;
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() => Some(x),
            _ => {
                problems.push(format!("{what} '{v}' is not a number: nothing is filtered by it"));
                None
            }
        }
    };
    let se_min = number("se_min", "SE from");
    let se_max = number("se_max", "SE to");
    let batch = request.param("batch").and_then(|v| {
        let id = http::id(v);
        if id.is_none() {
            problems.push(format!("batch '{v}' is not a batch number: nothing is filtered by it"));
        }
        id
    });
    let mut choice = |name: &str, known: &[&str]| -> Option<usize> {
        let v = request.param(name)?;
        let at = known.iter().position(|k| *k == v);
        if at.is_none() {
            problems.push(format!("{name} '{v}' is not one of {}: nothing is filtered by it", known.join(", ")));
        }
        at
    };
    let source = choice("source", &Source::ALL.map(Source::as_str)).map(|i| Source::ALL[i]);
    let status = choice("status", &Status::ALL.map(Status::as_str)).map(|i| Status::ALL[i]);
    let sort = match request.param("sort") {
        None => Sort::default(),
        Some(v) => match Sort::ALL.iter().find(|s| s.as_str() == v) {
            Some(s) => *s,
            None => {
                let known: Vec<&str> = Sort::ALL.iter().map(|s| s.as_str()).collect();
                problems.push(format!("sort '{v}' is not one of {}: the list is {}", known.join(", "), Sort::default().label()));
                Sort::default()
            }
        },
    };
    let after = request.param("after").and_then(|v| {
        let c = Cursor::parse(v);
        if c.is_none() {
            problems.push("that page's place in the list was not understood: showing the first page".to_string());
        }
        c
    });
    let filter = Filter {
        layout: text("layout"),
        level: text("level"),
        se_min,
        se_max,
        technique: text("technique"),
        source,
        batch,
        symmetry: text("symmetry"),
        pattern: text("pattern"),
        status,
        sort,
    };
    (filter, after, problems)
}

/// The query that asks for `filter` (and a page after `after`).
fn filter_query(filter: &Filter, after: Option<Cursor>) -> String {
    let num = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    query(&[
        ("layout", filter.layout.clone().unwrap_or_default()),
        ("level", filter.level.clone().unwrap_or_default()),
        ("se_min", num(filter.se_min)),
        ("se_max", num(filter.se_max)),
        ("technique", filter.technique.clone().unwrap_or_default()),
        ("source", filter.source.map(|s| s.as_str().to_string()).unwrap_or_default()),
        ("batch", filter.batch.map(|b| b.to_string()).unwrap_or_default()),
        ("symmetry", filter.symmetry.clone().unwrap_or_default()),
        ("pattern", filter.pattern.clone().unwrap_or_default()),
        ("status", filter.status.map(|s| s.as_str().to_string()).unwrap_or_default()),
        ("sort", if filter.sort == Sort::default() { String::new() } else { filter.sort.as_str().to_string() }),
        ("after", after.map(Cursor::to_param).unwrap_or_default()),
    ])
}

fn select(name: &str, label: &str, current: Option<&str>, options: &[(String, String)]) -> Markup {
    html! {
        label {
            span { (label) }
            select name=(name) {
                option value="" { "any" }
                @for (value, text) in options {
                    option value=(value) selected[current == Some(value.as_str())] { (text) }
                }
            }
        }
    }
}

fn same(values: &[String]) -> Vec<(String, String)> {
    values.iter().map(|v| (v.clone(), v.clone())).collect()
}

pub fn catalog(catalog: &Catalog, choices: &Choices, request: &Request, who: &Who) -> Result<Reply> {
    let (filter, after, problems) = filter_of(request);
    let page_rows = catalog.browse(&filter, after, PAGE_ROWS)?;
    let drafts = super::drafts::own_drafts(catalog, who)?;
    let can_tick = !drafts.is_empty() && !page_rows.rows.is_empty();
    let levels: Vec<String> = crate::level::Level::ALL.iter().map(|l| l.name().to_string()).collect();
    let batches: Vec<String> = choices.batches.iter().map(i64::to_string).collect();
    let num = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    let patterns: Vec<(String, String)> = choices
        .patterns
        .iter()
        .map(|p| {
            let batches: Vec<String> = p.batches.iter().map(i64::to_string).collect();
            let givens = p.picture.chars().filter(|c| !c.is_whitespace() && *c != '.' && *c != '0').count();
            (p.key.clone(), format!("{givens} givens, batch {}", batches.join(", ")))
        })
        .collect();
    let body = html! {
        h1 { "Catalog" }
        form.filters method="get" action="/" role="search" {
            (select("layout", "Layout", filter.layout.as_deref(), &same(&choices.layouts)))
            (select("level", "Level", filter.level.as_deref(), &same(&levels)))
            label { span { "SE from" } input type="number" name="se_min" step="0.1" min="0" max="12" value=(num(filter.se_min)); }
            label { span { "SE to" } input type="number" name="se_max" step="0.1" min="0" max="12" value=(num(filter.se_max)); }
            (select("technique", "Hardest technique", filter.technique.as_deref(), &same(&choices.techniques)))
            (select("source", "Source", filter.source.map(Source::as_str), &same(&Source::ALL.map(|s| s.as_str().to_string()))))
            (select("batch", "Batch", filter.batch.map(|b| b.to_string()).as_deref(), &same(&batches)))
            (select("symmetry", "Symmetry", filter.symmetry.as_deref(), &same(&choices.symmetries)))
            (select("pattern", "Pattern", filter.pattern.as_deref(), &patterns))
            (select("status", "Status", filter.status.map(Status::as_str), &same(&Status::ALL.map(|s| s.as_str().to_string()))))
            label {
                span { "Sort" }
                select name="sort" {
                    @for s in Sort::ALL { option value=(s.as_str()) selected[s == filter.sort] { (s.label()) } }
                }
            }
            div.actions { button type="submit" { "Show" } a href="/" { "Clear" } }
        }
        @for p in &problems { p.error role="alert" { (p) } }
        @if page_rows.rows.is_empty() {
            p.empty { "No puzzles match." }
        } @else {
            (super::drafts::add_ticked_form(who, &drafts))
            table.puzzles {
                thead { tr { th { "Puzzle" } th { "No." } th { "Layout" } th { "Level" } th { "SE" } th { "Hardest technique" } th { "Givens" } th { "Source" } th { "Status" } } }
                tbody {
                    @for row in &page_rows.rows {
                        tr data-id=(row.id) data-level=(row.level) data-se=(row.se_rating.map(|se| format!("{se:.1}")).unwrap_or_default()) {
                            td.pic { a href={ "/puzzle/" (row.id) } { img src={ "/puzzle/" (row.id) "/picture.svg" } width="120" height="120" loading="lazy" alt={ "puzzle " (row.id) }; } }
                            td.num {
                                @if can_tick {
                                    input.tick type="checkbox" name="puzzle" value=(row.id) form="addtodraft" aria-label={ "Choose puzzle " (row.id) };
                                    " "
                                }
                                a href={ "/puzzle/" (row.id) } { (row.id) }
                            }
                            td { (row.layout_name) }
                            td { (row.level) }
                            td.num { @if let Some(se) = row.se_rating { (format!("{se:.1}")) } @else { "–" } }
                            td { (row.technique.as_deref().unwrap_or("–")) }
                            td.num { (row.clues) }
                            td { (row.source) }
                            td {
                                @if row.printed > 0 { "printed" } @else if row.reserved { "reserved" } @else { "free" }
                                @if row.validation.is_none() { ", unchecked" } @else if row.validation.as_deref() == Some("failed") { ", failed its check" }
                            }
                        }
                    }
                }
            }
        }
        @if can_tick { p.tickedbelow { button type="submit" form="addtodraft" { "Add the ticked puzzles to the draft chosen above" } } }
        nav.pager {
            @if after.is_some() { a href={ "/" (filter_query(&filter, None)) } { "First page" } }
            @if let Some(next) = page_rows.next { a rel="next" href={ "/" (filter_query(&filter, Some(next))) } { "Next page" } }
        }
    };
    Ok(Reply::html(if problems.is_empty() { 200 } else { 400 }, page("Catalog", Some(who), body)))
}

/// A cell's name in words, as the grader's steps name it ("r3c5" on
/// square and triangle grids, "s3k2" on a pie), else its number.
fn cell_name(family: &dyn Family, cell: usize) -> String {
    family.layout().name_of_cell(cell).map_or_else(|| format!("cell {}", cell + 1), str::to_string)
}

/// Step `n` (1-based) of a solving path on the grid, as it stands before
/// the step: the symbols placed by the steps before it (grey), the cells
/// its pattern uses shaded, and every open cell's candidates pencilled in:
/// the ones it uses in black, the ones it removes struck through (their cells
/// lightly shaded). The grid's own renderer draws all of it, on every
/// geometry.
pub fn step_figure(family: &dyn Family, givens: &str, steps: &[StepCells], n: usize, options: &ArtOptions, fonts: &Fonts) -> Figure {
    let this = &steps[n - 1];
    let mut contents = family.page(givens);
    for step in &steps[..n - 1] {
        for &(cell, symbol) in &step.placed {
            if let Some(s) = contents.symbols.get_mut(cell) {
                *s = Some(symbol);
            }
        }
    }
    let mut highlight = vec![false; contents.symbols.len()];
    for &(cell, _) in this.uses.iter().chain(&this.placed) {
        if let Some(h) = highlight.get_mut(cell) {
            *h = true;
        }
    }
    contents.highlight = highlight;
    contents.pencil = this
        .candidates
        .iter()
        .enumerate()
        .map(|(cell, marks)| {
            marks
                .iter()
                .map(|&symbol| {
                    let mark = if this.uses.contains(&(cell, symbol)) || this.placed.contains(&(cell, symbol)) {
                        PencilMark::Used
                    } else if this.struck.contains(&(cell, symbol)) {
                        PencilMark::Struck
                    } else {
                        PencilMark::Open
                    };
                    Pencil { symbol, mark }
                })
                .collect()
        })
        .collect();
    crate::art::figure_of(family, contents, options, fonts)
}

/// "r1c2 (3, 7), r1c5 (3)": cells with their symbols, in cell order.
fn cells_in_words(family: &dyn Family, list: &[(usize, char)]) -> String {
    let mut by_cell: Vec<(usize, Vec<char>)> = Vec::new();
    for &(cell, symbol) in list {
        match by_cell.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, symbols)) => symbols.push(symbol),
            None => by_cell.push((cell, vec![symbol])),
        }
    }
    by_cell.sort_by_key(|(c, _)| *c);
    by_cell
        .iter()
        .map(|(cell, symbols)| {
            let symbols: Vec<String> = symbols.iter().map(char::to_string).collect();
            format!("{} ({})", cell_name(family, *cell), symbols.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[allow(clippy::too_many_arguments)]
pub fn puzzle(
    p: &PuzzleRow,
    books: &[BookUse],
    family: &dyn Family,
    grade: &Result<GradeReport, String>,
    hint: Option<&Hint>,
    request: &Request,
    who: &Who,
    drafts: &[crate::store::Draft],
) -> Reply {
    let show_solution = request.param("solution").is_some();
    let step: Option<usize> = request.param("step").and_then(http::id).map(|s| s as usize);
    let steps = grade.as_ref().map(|g| g.steps.len()).unwrap_or(0);
    let step = step.filter(|s| (1..=steps).contains(s));
    let link = family.link(&p.givens);
    let picture = step.map(|n| format!("/puzzle/{}/step/{n}.svg", p.id)).unwrap_or_default();
    let title = format!("Puzzle {} · {}", p.id, p.layout_name);
    let body = html! {
        h1 { (title) }
        div.puzzle {
            figure {
                img.grid src={ "/puzzle/" (p.id) "/picture.svg" } width="360" alt={ "puzzle " (p.id) };
            }
            @if show_solution {
                figure {
                    img.grid src={ "/puzzle/" (p.id) "/solution.svg" } width="360" alt={ "solution of puzzle " (p.id) };
                    figcaption { "Solution. " a href={ "/puzzle/" (p.id) } { "Hide it" } }
                }
            }
            div.about {
            dl.facts {
                dt { "Level" } dd { (p.level) }
                dt { "SE rating" } dd { @if let Some(g) = &p.grade { (format!("{:.1}", g.se_rating)) } @else { "not rated" } }
                dt { "Hardest technique" } dd { @if let Some(g) = &p.grade { (g.technique) } @else { "–" } }
                dt { "Givens" } dd { (p.clues) }
                dt { "Symmetry" } dd { (p.symmetry.as_deref().unwrap_or("unknown")) }
                dt { "Minimal" } dd { @match p.minimal { Some(true) => "yes", Some(false) => "no", None => "unknown" } }
                dt { "Made" } dd { (p.created_at) " by " (p.generator_version) }
                dt { "Batch" } dd { @if let Some(b) = p.batch_id { (b) " (seed " (p.seed) ")" } @else { "–" } }
                dt { "Check" } dd {
                    @match p.validation.as_deref() {
                        Some("ok") => { "validated " (p.validated_at.as_deref().unwrap_or("")) }
                        Some(_) => { "failed: " (p.validation_detail.as_deref().unwrap_or("")) }
                        None => "not checked yet",
                    }
                }
                dt { "Books" } dd {
                    @if books.is_empty() { "in no book" }
                    @for b in books {
                        div {
                            "book " (b.book_id) ", no. " (b.number) ": " q { (b.title) }
                            @if let Some(by) = &b.made_by { ", made by " (by) }
                            @if b.status != "done" { " (being made)" }
                        }
                    }
                }
            }
            @if !show_solution { p { a href={ "/puzzle/" (p.id) "?solution=1" } { "Show the solution" } } }
            (super::drafts::add_form(p.id, who, drafts))
            }
            section.play {
                h2 { "Play" }
                @match &link {
                    Ok(url) => {
                        p { a href=(url) rel="noopener noreferrer" { "Open in a browser solver" } }
                        img.qr src={ "/puzzle/" (p.id) "/qr.svg" } width="144" height="144" alt="QR code of the play link";
                    }
                    Err(e) => p { "No play link: " (format!("{e:#}")) },
                }
            }
        }
        section #hint {
            h2 { "The book's hint" }
            @match hint {
                Some(h) => {
                    p { (h.look) }
                    @if let Some(finds) = &h.finds { details { summary { "More help" } p { (finds) } } }
                    @if let Some(naming) = &h.naming { p.hint { (naming) } }
                }
                None => p { "This kind of puzzle gets no hint in a book (hints come from the technique grader)." }
            }
        }
        section #path {
            h2 { "Solving path" }
            @match grade {
                Err(e) => p.nopath { "No solving path: " (e) }
                Ok(g) if g.steps.is_empty() => p { "This kind of puzzle is graded without steps (" (g.hardest) ")." }
                Ok(g) => {
                    p { (g.steps.len()) " steps; hardest: " (g.hardest) ", level " (g.level) "." }
                    nav.pager {
                        @let at = step.unwrap_or(0);
                        @if at > 1 { a rel="prev" accesskey="p" href={ "/puzzle/" (p.id) "?step=" (at - 1) "#path" } { "Previous step" } }
                        @if at > 0 { a href={ "/puzzle/" (p.id) "#path" } { "The puzzle" } }
                        @if at < g.steps.len() { a rel="next" accesskey="n" href={ "/puzzle/" (p.id) "?step=" (at + 1) "#path" } { "Next step" } }
                    }
                    div.pathview {
                        figure.stepview {
                            @if let Some(n) = step {
                                img.grid src=(picture) width="480" alt={ "puzzle " (p.id) " before step " (n) ", its cells shaded" };
                                p.zoom { a href=(picture) { "The picture alone" } " (to zoom in on its pencil marks)" }
                                figcaption.step {
                                    p { "Step " (n) " of " (steps) ": " (g.steps[n - 1]) }
                                    @if let Some(cells) = g.step_cells.get(n - 1) {
                                        p.legend { "The grid before it: the cells it uses shaded, the candidates it uses in black, the ones it removes struck through (their cells lightly shaded)." }
                                        dl.stepwords {
                                            @if !cells.uses.is_empty() { dt { "Uses" } dd { (cells_in_words(family, &cells.uses)) } }
                                            @if !cells.placed.is_empty() { dt { "Places" } dd { (cells_in_words(family, &cells.placed)) } }
                                            @if !cells.struck.is_empty() { dt { "Strikes" } dd { (cells_in_words(family, &cells.struck)) } }
                                        }
                                    }
                                }
                            } @else {
                                img.grid src={ "/puzzle/" (p.id) "/picture.svg" } width="480" loading="lazy" alt={ "puzzle " (p.id) };
                                figcaption { "Choose a step (or Next step) to see it on the grid: the candidates pencilled in, what it uses and strikes." }
                            }
                        }
                        ol.steps {
                            @for (i, text) in g.steps.iter().enumerate() {
                                @let strikes = g.step_cells.get(i).is_some_and(|c| !c.struck.is_empty());
                                li class=[(step == Some(i + 1)).then_some("current")] {
                                    a href={ "/puzzle/" (p.id) "?step=" (i + 1) "#path" } data-strikes[strikes] { (text) }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    Reply::html(200, page(&title, Some(who), body))
}

pub fn users(users: &[User], who: &Who, made: Option<Result<(User, String), String>>) -> Reply {
    let body = html! {
        h1 { "People" }
        @match &made {
            Some(Ok((user, token))) => div.made role="status" {
                p { "Made " (user.name) " (" (user.role) "). Their token, shown this once:" }
                p { code.token { (token) } }
            },
            Some(Err(e)) => p.error role="alert" { (e) },
            None => {}
        }
        table {
            thead { tr { th { "Name" } th { "Role" } th { "Since" } } }
            tbody { @for u in users { tr { td { (u.name) } td { (u.role) } td { (u.created_at) } } } }
        }
        h2 { "Add someone" }
        form.adduser method="post" action="/users" {
            label { span { "Name" } input type="text" name="name" maxlength="64" required; }
            label { span { "Role" } select name="role" { @for r in Role::ALL { option value=(r.as_str()) { (r) } } } }
            button type="submit" { "Add" }
        }
    };
    Reply::html(200, page("People", Some(who), body))
}
