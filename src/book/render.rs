//! Drawing a book: title page, introduction with contents, puzzle pages by
//! level, answer key; page numbers on the outside corner; sizes checked
//! against the print rules (text ≥ 7 pt, large-print digits ≥ 16 pt).
//! `lay_out` decides the pages once; each page draws itself on any
//! `Surface`: the PDF canvas (`render`) or a recorder (the page thumbnails).

mod front_pages;
#[cfg(test)]
mod tests;

use super::plan::{Page, answer_pages, arrangement, example_pages, padded_count, paginate, puzzle_pages, section_starts};
use super::{ANSWERS_PER_PAGE_CHOICES, Book};
use crate::page::{Area, MAX_PAGES, MIN_PAGES, PageFrame, PageGeometry};
use crate::pdf::MarkStyle;
use crate::pdf::canvas::{Align, BLACK, Canvas, FADED, QUIET, Surface};
use crate::pdf::document::{DrawnPage, save};
use crate::pdf::fonts::Font;
use crate::pdf::fonts::{CAP_HEIGHT, Fonts, Weight};
use anyhow::{Context, Result, bail};
use printpdf::PdfDocument;

/// Digits are this share of a cell's side.
const DIGIT_SHARE: f32 = 0.62;
/// Smallest legible text in print; large-print digits.
const MIN_TEXT_PT: f32 = 7.0;
const LARGE_PRINT_DIGIT_PT: f32 = 16.0;
/// Answer digits in large print: preflight's large-print floor.
const LARGE_PRINT_ANSWER_PT: f32 = 14.0;

pub struct Rendered {
    pub bytes: Vec<u8>,
    pub pages: usize,
    pub gutter_in: f32,
    /// Notes pages added to reach an even count of at least 24.
    pub padded: usize,
    pub warnings: Vec<String>,
}

/// Type sizes, larger in a large-print book.
struct Type {
    title: f32,
    /// The smallest the title may shrink to before it is refused.
    title_min: f32,
    heading: f32,
    label: f32,
    body: f32,
    folio: f32,
    /// The floor of any text (notes shrunk to fit, the solution pointer).
    min: f32,
}

impl Type {
    fn for_book(large_print: bool) -> Type {
        if large_print {
            Type { title: 36.0, title_min: 20.0, heading: 26.0, label: 16.0, body: 16.0, folio: 16.0, min: 16.0 }
        } else {
            Type { title: 30.0, title_min: 16.0, heading: 20.0, label: 10.0, body: 9.0, folio: 9.0, min: MIN_TEXT_PT }
        }
    }

    /// The band at the top of a page holding the running head.
    fn head_band(&self) -> f32 {
        self.folio * 2.0
    }
}

/// The smallest answer digit: 7 pt, or 14 pt (preflight's large-print floor) in large print.
fn least_answer_digit(large_print: bool) -> f32 {
    if large_print { LARGE_PRINT_ANSWER_PT } else { MIN_TEXT_PT }
}

pub fn render(book: &Book) -> Result<Rendered> {
    let mut doc = PdfDocument::new(&book.settings.title);
    let fonts = Fonts::embed(&mut doc)?;
    let laid = lay_out(book, &fonts)?;
    let drawn = (0..laid.pages.len())
        .map(|i| {
            let mut canvas = Canvas::new(&fonts);
            laid.draw(i, &mut canvas);
            DrawnPage { frame: laid.frame(i), ops: canvas.ops }
        })
        .collect();
    let settings = &book.settings;
    let bytes = save(doc, drawn, &settings.title, settings.author.as_deref(), &book.date)?;
    let pages = laid.pages.len();
    let geometry = &laid.geometry;
    let mut warnings = Vec::new();
    if pages > MAX_PAGES {
        warnings.push(format!("{pages} pages: print-on-demand paperbacks allow at most {MAX_PAGES}"));
    }
    let cell = puzzle_cell_side(book, geometry, largest_grid(book));
    if cell < ROOMY_CELL {
        warnings.push(format!(
            "cells of {:.2} in: under 0.3 in a pencil has little room (fewer a page or a larger trim would give more)",
            cell / 72.0
        ));
    }
    warnings.extend(page_warnings(book, &laid.pages));
    Ok(Rendered { bytes, pages, gutter_in: geometry.gutter_in, padded: pages - laid.unpadded, warnings })
}

/// What a publisher should know of a book that prints: a copyright line
/// that names no holder (no --author or --imprint), and notes pages that
/// make half the book or more (a buyer pays for puzzles).
fn page_warnings(book: &Book, pages: &[Page]) -> Vec<String> {
    let mut out: Vec<String> = book.trivia_warning.iter().cloned().collect();
    let s = &book.settings;
    if s.author.is_none() && s.imprint.is_none() {
        out.push("the copyright line names no holder (\"Copyright © YEAR\" alone): give --author or --imprint".to_string());
    }
    let notes = pages.iter().filter(|p| **p == Page::Notes).count();
    if notes * 2 >= pages.len() {
        out.push(format!(
            "{notes} of the book's {} pages are notes pages (padding to the 24-page minimum): more puzzles (or fewer a page) would fill them",
            pages.len()
        ));
    }
    out
}

/// A book laid out: its pages decided, its flowed text set, every check
/// passed; nothing drawn yet. The PDF and the page thumbnails both draw
/// from it, so they have the same pages.
pub(super) struct Laid<'a> {
    book: &'a Book,
    fonts: &'a Fonts,
    style: Type,
    answers_per_page: usize,
    examples: Vec<super::front::Example>,
    pub(super) pages: Vec<Page>,
    unpadded: usize,
    pub(super) geometry: PageGeometry,
    title_page: Vec<(f32, SetLine)>,
    intro: Vec<Vec<(f32, SetLine)>>,
    solutions: Vec<usize>,
    hint_flow: Vec<Vec<super::hints::Line>>,
    hint_at: Vec<usize>,
}

/// Lays `book` out with `fonts` (text measured by them): the pagination,
/// the flowed introduction and hints, and the print checks (a book that
/// cannot print is refused here, before anything is drawn).
pub(super) fn lay_out<'a>(book: &'a Book, fonts: &'a Fonts) -> Result<Laid<'a>> {
    check_printable(book, fonts)?;
    let style = Type::for_book(book.settings.large_print);
    let answers_per_page = choose_answers_per_page(book)?;
    let settings = &book.settings;
    let examples = if settings.examples { super::front::examples(book)? } else { Vec::new() };
    // The introduction flows onto as many pages as it needs, and the page
    // count (so the gutter, so the width of its lines) depends on it:
    // measure, paginate, measure again until it settles.
    // So does the hints section (the puzzles' page numbers it quotes move
    // with the introduction).
    let hints = super::hints::collect(book)?;
    let mut intro_pages = 1;
    let mut hint_pages = usize::from(!hints.is_empty());
    let measure = Measure { fonts, style: &style };
    // Examples whose puzzle and solution are legible together take one
    // page, others two (decided on the first estimate of the page width).
    let estimate = PageGeometry::new(settings.trim, settings.bleed, MIN_PAGES);
    let fits = examples.iter().map(|e| front_pages::fits_one_page(&measure, book, e, &estimate)).collect::<Result<Vec<bool>>>()?;
    let example_pages = example_pages(&fits);
    let (pages, unpadded, geometry) = loop {
        let unpadded = paginate(book, answers_per_page, intro_pages, &example_pages, hint_pages, None).len();
        let target = if settings.no_pad { unpadded } else { padded_count(unpadded, MIN_PAGES) };
        let pages = paginate(book, answers_per_page, intro_pages, &example_pages, hint_pages, Some(target));
        let geometry = PageGeometry::new(settings.trim, settings.bleed, pages.len());
        let flowed = flow_introduction(&measure, book, &geometry, &section_starts(&book.words, &pages, &book.sections)).len();
        let hints_flowed = if hints.is_empty() { 0 } else { flow_hints(&measure, book, &geometry, &pages, &hints).len() };
        if flowed <= intro_pages && hints_flowed <= hint_pages {
            break (pages, unpadded, geometry);
        }
        intro_pages = intro_pages.max(flowed);
        hint_pages = hint_pages.max(hints_flowed);
    };
    if settings.no_pad && (unpadded < MIN_PAGES || unpadded % 2 == 1) {
        bail!(
            "{unpadded} pages: a print-on-demand paperback needs an even page count of at least {MIN_PAGES}; --no-pad refuses to pad it with notes pages (leave --no-pad out, or add puzzles)"
        );
    }
    check_puzzle_digits(book, &geometry)?;
    check_mark_room(book, &geometry, fonts)?;
    check_qr(book, &geometry)?;
    let title_page = title_lines(&measure, book, geometry.frame(1).content)?;
    let contents = section_starts(&book.words, &pages, &book.sections);
    let intro = flow_introduction(&measure, book, &geometry, &contents);
    let solutions = answer_pages(&pages, book.puzzles.len());
    let hint_flow = if hints.is_empty() { Vec::new() } else { flow_hints(&measure, book, &geometry, &pages, &hints) };
    let first_hints_page = pages.iter().position(|p| *p == Page::Hints(0)).map_or(0, |i| i + 1);
    let hint_at = super::hints::hint_pages(&hint_flow, first_hints_page, book.puzzles.len());
    Ok(Laid { book, fonts, style, answers_per_page, examples, pages, unpadded, geometry, title_page, intro, solutions, hint_flow, hint_at })
}

impl Laid<'_> {
    /// Page `i`'s frame (its boxes; `i` from 0, page number `i + 1`).
    pub(super) fn frame(&self, i: usize) -> PageFrame {
        self.geometry.frame(i + 1)
    }

    /// Draws page `i` (from 0) on `surface`: the PDF's page, or a picture of it.
    pub(super) fn draw(&self, i: usize, surface: &mut dyn Surface) {
        let book = self.book;
        let Some(page) = self.pages.get(i) else { return };
        let frame = self.frame(i);
        let painter = Painter { book, fonts: self.fonts, frame, style: &self.style };
        match page {
            Page::Title => painter.title(surface, &self.title_page),
            Page::Copyright => painter.copyright(surface),
            Page::Example { index, part } => painter.example(surface, &self.examples[*index], *part),
            Page::Introduction(n) => painter.introduction(surface, self.intro.get(*n).map_or(&[][..], Vec::as_slice)),
            Page::Puzzles { section, opens_section, range } => {
                painter.puzzles(surface, &book.sections[*section], *opens_section, range.clone(), &self.solutions, &self.hint_at)
            }
            Page::Hints(n) => super::hints::draw(surface, self.hint_flow.get(*n).map_or(&[][..], Vec::as_slice), frame.content.x),
            Page::Answers { range, .. } => painter.answers(surface, range.clone(), self.answers_per_page),
            Page::Notes => painter.notes_page(surface),
        }
        // The copyright page, like the title page, carries neither.
        if i > 0 && *page != Page::Copyright {
            painter.running_head(surface, page);
            painter.folio(surface, i + 1);
        }
    }
}

/// Text measuring, before any page is drawn.
struct Measure<'a> {
    fonts: &'a Fonts,
    style: &'a Type,
}

impl Measure<'_> {
    fn width(&self, text: &str, weight: Weight, size: f32) -> f32 {
        self.fonts.get(weight).width(text, size)
    }

    fn wrap(&self, text: &str, weight: Weight, size: f32, width: f32) -> Vec<String> {
        wrap_with(self.fonts.get(weight), text, size, width)
    }
}

/// One line of set text: `advance` is the drop from the previous baseline.
#[derive(Clone, Debug)]
struct SetLine {
    text: String,
    /// Right-aligned on the same baseline (a contents page number).
    right: Option<String>,
    size: f32,
    weight: Weight,
    level: f32,
    advance: f32,
    /// Extra space above, dropped at the top of a page.
    gap: f32,
    /// A heading: not left alone at the foot of a page.
    keep_with_next: bool,
}

impl SetLine {
    fn new(text: impl Into<String>, size: f32, weight: Weight) -> SetLine {
        SetLine { text: text.into(), right: None, size, weight, level: BLACK, advance: size * 1.4, gap: 0.0, keep_with_next: false }
    }
}

/// The lowest baseline body text may take: clear above the folio.
fn body_floor(frame: &PageFrame, style: &Type) -> f32 {
    frame.content.y + style.folio * 1.6
}

/// How to play every layout, then the contents, flowed onto pages.
fn flow_introduction(m: &Measure, book: &Book, geometry: &PageGeometry, contents: &[(String, usize)]) -> Vec<Vec<(f32, SetLine)>> {
    let s = m.style;
    // Odd and even pages have the same content width.
    let frame = geometry.frame(3);
    let width = frame.content.width;
    let mut lines = Vec::new();
    let heading = |text: &str, gap: f32| SetLine {
        gap,
        keep_with_next: true,
        advance: s.heading * 1.5,
        ..SetLine::new(text, s.heading, Weight::Bold)
    };
    let w = &book.words;
    lines.push(heading(&w.text("intro.heading"), 0.0));
    for (n, paragraph) in super::front::introduction(book).iter().enumerate() {
        for (i, line) in m.wrap(paragraph, Weight::Regular, s.body, width).into_iter().enumerate() {
            let gap = if i == 0 && n > 0 { s.body * 0.8 } else { 0.0 };
            lines.push(SetLine { gap, ..SetLine::new(line, s.body, Weight::Regular) });
        }
    }
    lines.push(heading(&w.text("intro.how_to_play"), s.heading * 0.8));
    let layouts = distinct_layouts(book);
    for (n, layout) in layouts.iter().enumerate() {
        // Layouts told the same way (Atlantis with fixed or drawn marks) are told once.
        if layouts[..n].iter().any(|l| book.name_of(l) == book.name_of(layout) && book.rules_of(l) == book.rules_of(layout)) {
            continue;
        }
        for (i, line) in m.wrap(book.name_of(layout), Weight::Bold, s.body, width).into_iter().enumerate() {
            let gap = if i == 0 { s.body * 0.8 } else { 0.0 };
            lines.push(SetLine { gap, keep_with_next: true, ..SetLine::new(line, s.body, Weight::Bold) });
        }
        for line in m.wrap(book.rules_of(layout), Weight::Regular, s.body, width) {
            lines.push(SetLine::new(line, s.body, Weight::Regular));
        }
    }
    if book.layouts.iter().any(|l| l.has_marks()) {
        let note = marks_note(&book.words, book.settings.marks);
        for (i, line) in m.wrap(&note, Weight::Regular, s.body, width).into_iter().enumerate() {
            lines.push(SetLine { gap: if i == 0 { s.body * 0.8 } else { 0.0 }, ..SetLine::new(line, s.body, Weight::Regular) });
        }
    }
    lines.push(heading(&w.text("intro.contents"), s.heading * 0.8));
    for (name, page) in contents {
        let number = page.to_string();
        let room = width - m.width(&number, Weight::Regular, s.label) - s.label;
        let size = fit_size_with(m.fonts.get(Weight::Regular), name, s.label, room, s.min);
        lines.push(SetLine { right: Some(number), advance: s.label * 1.6, ..SetLine::new(name.clone(), size, Weight::Regular) });
    }
    let top = frame.content.top() - s.head_band();
    let floor = body_floor(&frame, s);
    let mut pages: Vec<Vec<(f32, SetLine)>> = vec![Vec::new()];
    let mut y = top;
    for (i, line) in lines.iter().enumerate() {
        let page = pages.last_mut().expect("a page");
        let gap = if page.is_empty() { 0.0 } else { line.gap };
        let mut need = gap + line.advance;
        if line.keep_with_next {
            // A heading keeps the first line of what it heads.
            need += lines[i + 1..].iter().find(|l| !l.keep_with_next).map_or(0.0, |l| l.advance);
            need += lines[i + 1..].iter().take_while(|l| l.keep_with_next).map(|l| l.advance).sum::<f32>();
        }
        if y - need < floor && !page.is_empty() {
            pages.push(Vec::new());
            y = top - line.advance;
        } else {
            y -= gap + line.advance;
        }
        pages.last_mut().expect("a page").push((y, line.clone()));
    }
    pages
}

/// The introduction's word on marks, in the book's mark style.
fn marks_note(words: &crate::lang::Catalogue, style: MarkStyle) -> String {
    match style {
        MarkStyle::Corner => words.text("intro.marks_corner"),
        MarkStyle::Faded => words.text("intro.marks_faded"),
    }
}

/// The hints section (`--hints`) flowed onto pages, below the running head.
fn flow_hints(
    m: &Measure,
    book: &Book,
    geometry: &PageGeometry,
    pages: &[Page],
    hints: &[Option<super::hints::Hint>],
) -> Vec<Vec<super::hints::Line>> {
    let s = m.style;
    let frame = geometry.frame(3);
    let set = super::hints::Setting {
        fonts: m.fonts,
        body: s.body,
        heading: s.heading,
        width: frame.content.width,
        top: frame.content.top() - s.head_band(),
        floor: body_floor(&frame, s),
    };
    super::hints::flow(&set, book, hints, &puzzle_pages(pages, book.puzzles.len()))
}

/// The title page's lines, stacked by measured height from near the top;
/// refused when the title does not fit three lines at its smallest size.
fn title_lines(m: &Measure, book: &Book, c: Area) -> Result<Vec<(f32, SetLine)>> {
    let s = m.style;
    let settings = &book.settings;
    let title = &settings.title;
    let mut fitted = None;
    let mut size = s.title;
    while size >= s.title_min {
        let lines = m.wrap(title, Weight::Bold, size, c.width);
        if lines.len() <= 3 && lines.iter().all(|l| m.width(l, Weight::Bold, size) <= c.width) {
            fitted = Some((lines, size));
            break;
        }
        size -= 1.0;
    }
    let Some((title_lines, size)) = fitted else {
        bail!(
            "the title \"{title}\" does not fit the title page of a {} book on three lines even at {} pt: shorten it",
            settings.trim,
            s.title_min
        );
    };
    let mut lines: Vec<SetLine> =
        title_lines.into_iter().map(|l| SetLine { advance: size * 1.2, ..SetLine::new(l, size, Weight::Bold) }).collect();
    let sub = (s.label * 1.3).max(s.min);
    if let Some(subtitle) = &settings.subtitle {
        for (i, l) in m.wrap(subtitle, Weight::Regular, sub, c.width).into_iter().enumerate() {
            lines.push(SetLine { gap: if i == 0 { sub * 0.6 } else { 0.0 }, advance: sub * 1.3, ..SetLine::new(l, sub, Weight::Regular) });
        }
    }
    if let Some(author) = &settings.author {
        for (i, l) in m.wrap(author, Weight::Bold, sub, c.width).into_iter().enumerate() {
            lines.push(SetLine { gap: if i == 0 { sub * 1.2 } else { 0.0 }, advance: sub * 1.3, ..SetLine::new(l, sub, Weight::Bold) });
        }
    }
    let w = &book.words;
    let levels = super::labels::summary(book).unwrap_or_else(|| settings.levels.iter().map(|l| super::labels::level_name(w, *l)).collect());
    // The layouts' reader names (layouts sharing one, like Slitherlink
    // sizes, are named once). A one-kind book names its kind in the count
    // ("60 Sudoku puzzles"), not on a line of its own under it.
    let mut names: Vec<&str> = Vec::new();
    for layout in distinct_layouts(book) {
        if !names.contains(&book.name_of(layout)) {
            names.push(book.name_of(layout));
        }
    }
    let count = match names.as_slice() {
        [one] => w.plural("title.count_kind", book.puzzles.len(), &[("kind", one), ("levels", &levels.join(", "))]),
        _ => w.plural("title.count", book.puzzles.len(), &[("levels", &levels.join(", "))]),
    };
    if names.len() == 1 {
        names.clear();
    }
    for (i, l) in m.wrap(&count, Weight::Regular, s.body, c.width).into_iter().enumerate() {
        lines.push(SetLine { gap: if i == 0 { sub * 1.2 } else { 0.0 }, ..SetLine::new(l, s.body, Weight::Regular) });
    }
    let height = |lines: &[SetLine]| lines.iter().map(|l| l.gap + l.advance).sum::<f32>();
    // From a sixth of the way down; the foot keeps the imprint.
    let room = c.height * 5.0 / 6.0 - s.body * 2.0;
    if height(&lines) > room {
        bail!("the title page cannot hold the title, subtitle and author of this book on a {} page: shorten them", settings.trim);
    }
    // A mixed book's kinds, one line each, when they all fit.
    let mut described = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        for (j, l) in m.wrap(name, Weight::Regular, s.body, c.width * 0.8).into_iter().enumerate() {
            let gap = if i == 0 && j == 0 { s.body * 1.5 } else { 0.0 };
            described.push(SetLine { gap, ..SetLine::new(l, s.body, Weight::Regular) });
        }
    }
    if height(&lines) + height(&described) <= room {
        lines.extend(described);
    }
    let mut y = c.top() - c.height / 6.0;
    Ok(lines
        .into_iter()
        .map(|l| {
            y -= l.gap + l.advance;
            (y, l)
        })
        .collect())
}

/// The grid area of a page: content minus the header band and the footer.
/// On puzzle pages the section's heading and the running head share the
/// header (a section's first page carries its heading, not the head); an
/// answer page (`answers`) has both: the head and its range.
fn grid_band(frame: &PageFrame, style: &Type, footer_lines: usize, answers: bool) -> Area {
    let header = if answers { style.head_band() } else { 0.0 } + style.heading * 1.8;
    let footer = style.folio * 2.0 + footer_lines as f32 * style.body * 1.35;
    let c = frame.content;
    Area { x: c.x, y: c.y + footer, width: c.width, height: c.height - header - footer }
}

/// The grid's cell side in a slot of `area` split `n` ways, with a label line above each grid.
/// `notes`: the height taken under each grid by lines of notes (Trividoku's
/// questions or letter key), which the grid gives up.
fn cell_side(area: Area, n: usize, label: f32, notes: f32, (grid_rows, grid_cols): (usize, usize)) -> f32 {
    let (cols, rows) = arrangement(n);
    let slot_w = area.width / cols as f32;
    let slot_h = area.height / rows as f32;
    // As `slot_area` draws it: a square of this side, the notes below the grid.
    let side = (slot_w * 0.92).min(slot_h - label * 2.6);
    (side / grid_cols as f32).min((side - notes) / grid_rows as f32)
}

/// The height of `lines` of notes at `size` under a grid (as `split_for_notes` takes it).
fn notes_height(book: &Book, lines: usize, size: f32) -> f32 {
    let lettered = book.layouts.iter().any(|l| !l.lettered_cells().is_empty());
    if lettered { (lines as f32 * NOTE_LEADING + 0.6) * size } else { 0.0 }
}

/// Rows and columns of cells of the book's largest figure.
fn largest_grid(book: &Book) -> (usize, usize) {
    let rows = book.layouts.iter().map(|l| l.print_extent().0).max().unwrap_or(9);
    let cols = book.layouts.iter().map(|l| l.print_extent().1).max().unwrap_or(9);
    (rows, cols)
}

/// The most answer grids a page that keep their digits at 7 pt or more
/// (or the number asked, if legible).
/// How the smallest digit the book's renderers print compares with a
/// square cell's (`DIGIT_SHARE` of the cell side `cell_side` assumes): 1
/// for square cells, less for a pie's inner ring.
fn digit_factor(book: &Book) -> f32 {
    book.layouts
        .iter()
        .map(|family| {
            let (rows, cols) = family.print_extent();
            let cell = 100.0;
            let side = cell * rows.max(cols) as f32;
            family.renderer().digit_size(Area { x: 0.0, y: 0.0, width: side, height: side }) / (cell * DIGIT_SHARE)
        })
        .fold(1.0, f32::min)
}

fn choose_answers_per_page(book: &Book) -> Result<usize> {
    let style = Type::for_book(book.settings.large_print);
    let least = least_answer_digit(book.settings.large_print);
    let legible = |n: usize| -> bool {
        let pages = 2 + book.puzzles.len().div_ceil(book.settings.per_page) + book.puzzles.len().div_ceil(n) + 4;
        let frame = PageGeometry::new(book.settings.trim, book.settings.bleed, pages).frame(2);
        // An answer grid with a letter key gives up two lines of notes.
        let notes = notes_height(book, ANSWER_KEY_LINES, style.label);
        let (area, _) = answer_slot(grid_band(&frame, &style, 0, true), n, 0, style.label);
        let (rows, cols) = largest_grid(book);
        let cell = (area.width / cols as f32).min((area.height - notes) / rows as f32);
        cell * DIGIT_SHARE * digit_factor(book) >= least
    };
    match book.settings.answers_per_page {
        Some(n) if legible(n) => Ok(n),
        Some(n) => bail!("--answers-per-page {n}: answer digits would be under {least} pt on this trim; choose fewer"),
        None => ANSWERS_PER_PAGE_CHOICES
            .iter()
            .rev()
            .copied()
            .find(|&n| legible(n))
            .map_or_else(|| bail!("even one answer grid a page is too small to read on a {} page", book.settings.trim), Ok),
    }
}

/// The cell side of a puzzle grid of `extent` (rows, columns of cells) on
/// the book's puzzle pages, as `Painter::puzzles` draws it.
fn puzzle_cell_side(book: &Book, geometry: &PageGeometry, extent: (usize, usize)) -> f32 {
    let style = Type::for_book(book.settings.large_print);
    let frame = geometry.frame(3);
    let footer_lines = book.layouts.len().min(book.settings.per_page) * 2;
    // A puzzle with trivia gives up a line per lettered cell for its questions.
    let questions = book.layouts.iter().map(|l| l.lettered_cells().len()).max().unwrap_or(0)
        + usize::from(book.trivia.is_some() && book.settings.trivia_format.instruction().is_some());
    let notes = notes_height(book, questions, style.body);
    cell_side(grid_band(&frame, &style, footer_lines, false), book.settings.per_page, style.label, notes, extent)
}

/// Whether a book of `family` prints one puzzle a page unless `--per-page`
/// says otherwise: overlapping grids and pies, grids of 15 cells a side or
/// more (Slitherlink 15×15 and 20×20, 16×16), and lettered grids with
/// their questions (Trividoku): two a page would give them cells under
/// 0.3 in (`ROOMY_CELL`) on a Letter page.
pub fn one_a_page_by_default(family: &dyn crate::family::Family) -> bool {
    let (rows, cols) = family.print_extent();
    family.one_figure_a_page() || rows.max(cols) >= 15 || !family.lettered_cells().is_empty()
}

/// The marks' style when `--marks` is not given: faded (a large light-grey
/// E or O behind the empty cell, as the puzzles' original publishers print
/// them) in a book with even/odd marks (Even/Odd, Atlantis), corner
/// otherwise. `layouts` as `--layout` names them; one
/// that does not load counts for nothing (it is refused elsewhere).
pub fn default_marks(layouts: &[String]) -> MarkStyle {
    let any = layouts.iter().filter_map(|l| crate::layout::Layout::load(l).ok()).any(|layout| crate::family::open(layout).marks_fade());
    if any { MarkStyle::Faded } else { MarkStyle::Corner }
}

/// Cells smaller than this (0.3 in) are legal but cramped to write in: the
/// book says so.
const ROOMY_CELL: f32 = 21.6;

/// The start of a remedy: fewer grids a page, where there are several.
fn fewer_or(per_page: usize) -> &'static str {
    if per_page > 1 { "use fewer a page (--per-page) or " } else { "use " }
}

/// A refusal because the page holds too many grids (or too little room)
/// for legible digits or marks: fewer a page may help (the `book` command
/// steps its default down on it).
#[derive(Debug)]
pub struct TooSmall(pub String);

impl std::fmt::Display for TooSmall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TooSmall {}

/// Each layout's digits on the book's puzzle pages are legible (7 pt, in
/// large print 16 pt): a book that would print smaller is refused, naming
/// the layout whose digits are the smallest (in a mixed book, not the
/// first or the largest layout).
fn check_puzzle_digits(book: &Book, geometry: &PageGeometry) -> Result<()> {
    let least = if book.settings.large_print { LARGE_PRINT_DIGIT_PT } else { MIN_TEXT_PT };
    let (per_page, trim) = (book.settings.per_page, book.settings.trim);
    let fewer = fewer_or(per_page);
    let mixed = distinct_layouts(book).len() > 1;
    // (digit size, cell side, layout id) of each layout, the smallest digit first.
    let mut digits: Vec<(f32, f32, &str)> = book
        .layouts
        .iter()
        .map(|family| {
            let extent = family.print_extent();
            let cell = puzzle_cell_side(book, geometry, extent);
            let side = 100.0 * extent.0.max(extent.1) as f32;
            let factor = family.renderer().digit_size(Area { x: 0.0, y: 0.0, width: side, height: side }) / (100.0 * DIGIT_SHARE);
            (cell * DIGIT_SHARE * factor, cell, family.layout().id.as_str())
        })
        .collect();
    digits.sort_by(|a, b| a.0.total_cmp(&b.0));
    let Some(&(digit, cell, id)) = digits.first() else { return Ok(()) };
    let who = if mixed { format!("{id}: ") } else { String::new() };
    if cell <= 0.0 {
        return Err(TooSmall(format!(
            "{who}{per_page} puzzles a page on a {trim} page leave no room for the grids beside their questions and rules: {fewer}a larger --trim"
        ))
        .into());
    }
    if digit < least {
        let print = if book.settings.large_print { "large-print " } else { "" };
        return Err(TooSmall(format!(
            "{who}{per_page} puzzles a page on a {trim} page give {print}digits of {digit:.1} pt, under the {least} pt minimum: {fewer}a larger --trim"
        ))
        .into());
    }
    Ok(())
}

/// The smallest a mark may print: 7 pt, or in large print the large-print
/// floor (preflight's 14 pt).
fn mark_floor(book: &Book) -> f32 {
    if book.settings.large_print { LARGE_PRINT_ANSWER_PT } else { MIN_TEXT_PT }
}

/// Marks print at 7 pt (large print: 14 pt) or more clear of the digit area
/// (`pdf::min_cell_for_marks`): a book whose cells are smaller is refused,
/// naming the layout, the trim and what would make room. Trividoku's corner
/// letters print at 9 pt or more (`pdf::LETTER_PT`), dark, clear of the
/// digits: two a letter page (cells of 20.5 pt) is too small for them, so
/// its default book steps down to one a page.
fn check_mark_room(book: &Book, geometry: &PageGeometry, fonts: &Fonts) -> Result<()> {
    let style = book.settings.marks;
    for family in &book.layouts {
        let layout = family.layout();
        let Some(room) = family.mark_room(fonts, style, mark_floor(book)) else { continue };
        let caged = room.caged;
        let lettered = book.settings.legible_letters && !family.lettered_cells().is_empty();
        if !family.has_marks() && !caged && !lettered {
            continue;
        }
        let least = room.least;
        let cell = puzzle_cell_side(book, geometry, family.print_extent());
        if cell < least {
            let faded = match style {
                MarkStyle::Corner if !caged && !lettered => ", or --marks faded (a large light-grey mark behind the cell)",
                _ => "",
            };
            let floor = if lettered { mark_floor(book).max(crate::pdf::LETTER_PT) } else { mark_floor(book) };
            let what = match (caged, style) {
                (true, _) => "cage sums",
                _ if lettered => "letters",
                (false, MarkStyle::Corner) => "corner marks",
                (false, MarkStyle::Faded) => "faded marks",
            };
            return Err(TooSmall(format!(
                "{}: {} puzzles a page on a {} page give cells of {cell:.1} pt, too small for its {what} at {} pt or more clear of the digits (cells of {least:.1} pt needed): {}a larger --trim{faded}",
                layout.id,
                book.settings.per_page,
                book.settings.trim,
                floor,
                fewer_or(book.settings.per_page)
            ))
            .into());
        }
    }
    Ok(())
}

/// Text the user wrote (the title, trivia questions) must be printable in
/// the book's font: a character without a glyph prints as an empty box.
fn check_printable(book: &Book, fonts: &Fonts) -> Result<()> {
    let s = &book.settings;
    for (what, text) in [("subtitle", &s.subtitle), ("author", &s.author), ("imprint", &s.imprint), ("ISBN", &s.isbn)] {
        let missing = text.as_deref().map(|t| fonts.regular.missing(t)).unwrap_or_default();
        if !missing.is_empty() {
            bail!(
                "the {what} \"{}\" has characters the book's font (DejaVu Sans) cannot print: {} — they would print as empty boxes",
                text.as_deref().unwrap_or_default(),
                missing.iter().collect::<String>()
            );
        }
    }
    let title = fonts.bold.missing(&book.settings.title);
    if !title.is_empty() {
        bail!(
            "the title \"{}\" has characters the book's font (DejaVu Sans) cannot print: {} — they would print as empty boxes",
            book.settings.title,
            title.iter().collect::<String>()
        );
    }
    if let Some(bank) = &book.trivia {
        for (line, item) in bank.items.iter().enumerate() {
            let missing = fonts.regular.missing(&item.question);
            if !missing.is_empty() {
                bail!(
                    "trivia question {} (\"{}\") has characters the book's font cannot print: {}",
                    line + 1,
                    item.question,
                    missing.iter().collect::<String>()
                );
            }
        }
    }
    Ok(())
}

struct Painter<'a> {
    book: &'a Book,
    /// The fonts text is measured with (the surface's own, or the same faces).
    fonts: &'a Fonts,
    frame: PageFrame,
    style: &'a Type,
}

impl Painter<'_> {
    fn set(&self, canvas: &mut dyn Surface, lines: &[(f32, SetLine)], x: f32, right: f32, align: Align) {
        for (y, line) in lines {
            canvas.text(&line.text, x, *y, line.size, line.weight, line.level, align);
            if let Some(r) = &line.right {
                canvas.text(r, right, *y, line.size, line.weight, line.level, Align::Right);
            }
        }
    }

    fn title(&self, canvas: &mut dyn Surface, lines: &[(f32, SetLine)]) {
        let c = self.frame.content;
        self.set(canvas, lines, c.centre_x(), c.right(), Align::Centre);
        if let Some(imprint) = &self.book.settings.imprint {
            let size = fit_size_with(self.fonts.get(Weight::Regular), imprint, self.style.label, c.width, self.style.min);
            canvas.text(imprint, c.centre_x(), c.y, size, Weight::Regular, BLACK, Align::Centre);
        }
    }

    fn introduction(&self, canvas: &mut dyn Surface, lines: &[(f32, SetLine)]) {
        let c = self.frame.content;
        self.set(canvas, lines, c.x, c.right(), Align::Left);
    }

    /// The top of the page below the running head.
    fn below_head(&self) -> f32 {
        self.frame.content.top() - self.style.head_band()
    }

    fn puzzles(
        &self,
        canvas: &mut dyn Surface,
        level: &str,
        opens_section: bool,
        range: std::ops::Range<usize>,
        solutions: &[usize],
        hints: &[usize],
    ) {
        let c = self.frame.content;
        let s = self.style;
        if opens_section {
            canvas.text(level, c.x, c.top() - s.heading, s.heading, Weight::Bold, BLACK, Align::Left);
        }
        let puzzles = &self.book.puzzles[range];
        // One rules line per layout on the page, at the foot.
        // Puzzles with their own marks have their own layouts: one line per layout id.
        let mut indices: Vec<usize> = puzzles.iter().map(|p| p.layout).collect();
        indices.sort_unstable();
        let layouts = distinct_by_id(indices.iter().map(|&i| self.book.layouts[i].layout()));
        let mut rules_lines = Vec::new();
        for layout in &layouts {
            let (name, rules) = (self.book.name_of(layout), self.book.rules_of(layout));
            let text =
                if layouts.len() > 1 { self.book.words.fill("page.rules", &[("name", name), ("rules", rules)]) } else { rules.to_string() };
            rules_lines.extend(wrap(self.fonts, &text, Weight::Regular, s.body, c.width));
        }
        let band = grid_band(&self.frame, s, rules_lines.len(), false);
        let mut y = band.y - s.body * 0.6;
        for line in &rules_lines {
            canvas.text(line, c.x, y, s.body, Weight::Regular, BLACK, Align::Left);
            y -= s.body * 1.35;
        }
        let per_page = self.book.settings.per_page;
        let size = (s.label * 0.85).max(s.min);
        // One form of the pointer for every puzzle of the book: the shortest
        // the longest label needs (puzzle 100 reads like puzzle 99).
        let (bold, regular) = (self.fonts.get(Weight::Bold), self.fonts.get(Weight::Regular));
        let width = slot_area(band, per_page, 0, s.label).0.width;
        let form = self
            .book
            .puzzles
            .iter()
            .map(|p| {
                let room = width - bold.width(&puzzle_label(&self.book.words, p), s.label) - s.label;
                let hint = hints.get(p.number - 1).copied().filter(|&page| page > 0);
                pointer_form(&self.book.words, regular, hint, solutions[p.number - 1], size, room)
            })
            .max()
            .unwrap_or(0);
        for (slot, p) in puzzles.iter().enumerate() {
            let (area, label_y) = slot_area(band, per_page, slot, s.label);
            let label = puzzle_label(&self.book.words, p);
            canvas.text(&label, area.x, label_y, s.label, Weight::Bold, BLACK, Align::Left);
            // Where its hint and answer are, beside the label (shorter when narrow).
            let hint = hints.get(p.number - 1).copied().filter(|&page| page > 0);
            let w = &self.book.words;
            let pointer = pointer_forms(w, hint, solutions[p.number - 1]).swap_remove(form.min(pointer_forms(w, hint, 0).len() - 1));
            canvas.text(&pointer, area.right(), label_y, size, Weight::Regular, QUIET, Align::Right);
            let family = &self.book.layouts[p.layout];
            if self.book.settings.qr {
                // Checked before drawing (`check_qr`): a link and room for its code.
                if let (Ok(link), Some((x, y, side))) = (family.link(&p.row.givens), qr_spot(band, per_page, slot, s.label)) {
                    let _ = crate::pdf::qr::draw(canvas, &link, x, y, side);
                }
            }
            let contents = family
                .page(&p.row.givens)
                .with_mark_style(self.book.settings.marks)
                .with_min_text(mark_floor(self.book))
                .with_legible_labels(self.book.settings.legible_letters);
            let lettered = family.lettered_cells();
            match self.book.trivia.as_ref().filter(|_| !lettered.is_empty()) {
                None => family.renderer().draw(canvas, area, &contents),
                Some(_) => {
                    let lines = trivia_lines(self.book, p.number);
                    let (grid, notes) = split_for_notes(area, lines.len(), s.body);
                    family.renderer().draw(canvas, grid, &contents);
                    self.notes(canvas, notes, &lines, s.body);
                }
            }
        }
    }

    /// Lines under a grid (Trividoku's questions, its letter key), shrunk to fit the width.
    fn notes(&self, canvas: &mut dyn Surface, area: Area, lines: &[String], size: f32) {
        // The first line's ascenders clear the grid's thick bottom border by
        // about half a line (the last line's descenders still end inside the
        // area `split_for_notes` gave: n × 1.3 + 0.34 of its n × 1.3 + 0.6 ems).
        let mut y = area.top() - size * 1.4;
        let font = self.fonts.get(Weight::Regular);
        let fitted = lines.iter().map(|line| fit_size_with(font, line, size, area.width, self.style.min)).fold(size, f32::min);
        for line in lines {
            canvas.text(line, area.x, y, fitted, Weight::Regular, BLACK, Align::Left);
            y -= size * NOTE_LEADING;
        }
    }

    fn answers(&self, canvas: &mut dyn Surface, range: std::ops::Range<usize>, per_page: usize) {
        let c = self.frame.content;
        let s = self.style;
        let held = &self.book.puzzles[range.clone()];
        let (first, last) = (held.first().map_or(0, |p| p.number), held.last().map_or(0, |p| p.number));
        let w = &self.book.words;
        let heading = if first == last {
            w.fill("page.answer", &[("n", &first.to_string())])
        } else {
            w.fill("page.answers_range", &[("first", &first.to_string()), ("last", &last.to_string())])
        };
        canvas.text(&heading, c.x, self.below_head() - s.heading, s.heading, Weight::Bold, BLACK, Align::Left);
        let band = grid_band(&self.frame, s, 0, true);
        for (slot, p) in held.iter().enumerate() {
            let (area, (label_x, label_y)) = answer_slot(band, per_page, slot, s.label);
            canvas.text(&p.number.to_string(), label_x, label_y, s.label, Weight::Bold, BLACK, Align::Left);
            let family = &self.book.layouts[p.layout];
            let contents = family.answer_page(&p.row.givens, &p.row.solution);
            let lettered = family.lettered_cells();
            match self.book.trivia.as_ref().filter(|_| !lettered.is_empty()) {
                None => family.renderer().draw(canvas, area, &contents),
                Some(_) => {
                    let key: Vec<String> = self.book.clues[p.number - 1].iter().map(|c| format!("{}={}", c.letter, c.answer)).collect();
                    // Two short lines fit under even a small answer grid.
                    let lines: Vec<String> = key.chunks(KEY_PAIRS_A_LINE).map(|pairs| pairs.join("  ")).collect();
                    let (grid, notes) = split_for_notes(area, lines.len(), s.label);
                    family.renderer().draw(canvas, grid, &contents);
                    self.notes(canvas, notes, &lines, s.label);
                }
            }
        }
    }

    /// A notes page: the heading and light ruled lines down to the folio.
    fn notes_page(&self, canvas: &mut dyn Surface) {
        let c = self.frame.content;
        let s = self.style;
        let mut y = self.below_head() - s.heading;
        canvas.text(&self.book.words.text("page.notes"), c.x, y, s.heading, Weight::Bold, BLACK, Align::Left);
        let spacing = (s.body * 2.2).max(22.0);
        y -= spacing * 1.2;
        let floor = body_floor(&self.frame, s);
        while y >= floor {
            canvas.line(&[(c.x + RULE_PT, y), (c.right() - RULE_PT, y)], RULE_PT, FADED);
            y -= spacing;
        }
    }

    /// The running head at the top outside corner: the section's name on
    /// puzzle and answer pages (none on a section's first puzzle page, which
    /// its heading names), else the book's title (the section's name when
    /// the title is too long for a head).
    fn running_head(&self, canvas: &mut dyn Surface, page: &Page) {
        let c = self.frame.content;
        let size = self.style.folio;
        let w = &self.book.words;
        let section = match page {
            Page::Title | Page::Copyright => return,
            // A section's first page is headed with its name in large type.
            Page::Puzzles { opens_section: true, .. } => return,
            Page::Puzzles { section, .. } => return self.head(canvas, &self.book.sections[*section], size),
            Page::Answers { .. } => return self.head(canvas, &w.text("page.answers"), size),
            Page::Hints(_) => return self.head(canvas, &w.text("page.hints"), size),
            Page::Introduction(_) => w.text("intro.how_to_play"),
            Page::Example { .. } => w.text("page.examples"),
            Page::Notes => w.text("page.notes"),
        };
        let title = &self.book.settings.title;
        let fits = self.fonts.get(Weight::Regular).width(title, size) <= c.width * 0.6;
        self.head(canvas, if fits { title } else { &section }, size);
    }

    fn head(&self, canvas: &mut dyn Surface, text: &str, size: f32) {
        let c = self.frame.content;
        let y = c.top() - size;
        let (x, align) = if self.frame.right_hand { (c.right(), Align::Right) } else { (c.x, Align::Left) };
        canvas.text(text, x, y, size, Weight::Regular, QUIET, align);
    }

    /// The page number, on the outside corner at the foot.
    fn folio(&self, canvas: &mut dyn Surface, number: usize) {
        let c = self.frame.content;
        let y = c.y - self.style.folio * 0.2;
        let (x, align) = if self.frame.right_hand { (c.right(), Align::Right) } else { (c.x, Align::Left) };
        canvas.text(&number.to_string(), x, y, self.style.folio, Weight::Regular, BLACK, align);
    }
}

/// "Hint on page 40 · Solution on page 52" beside a puzzle's label, or the
/// longest shorter form that fits `room`.
/// The label above a puzzle: its number, and the day (and band) of a week's puzzle.
fn puzzle_label(w: &crate::lang::Catalogue, p: &super::BookPuzzle) -> String {
    let n = p.number.to_string();
    match &p.tag {
        Some(tag) => w.fill("page.puzzle_tag", &[("n", &n), ("tag", tag)]),
        None => w.fill("page.puzzle", &[("n", &n)]),
    }
}

/// The pointer's forms, longest first.
fn pointer_forms(w: &crate::lang::Catalogue, hint: Option<usize>, solution: usize) -> Vec<String> {
    let page = solution.to_string();
    match hint {
        None => ["page.solution_1", "page.solution_2", "page.solution_3"].iter().map(|k| w.fill(k, &[("page", &page)])).collect(),
        Some(h) => {
            let hint = h.to_string();
            ["page.hint_1", "page.hint_2", "page.hint_3", "page.hint_4"]
                .iter()
                .map(|k| w.fill(k, &[("hint", &hint), ("page", &page)]))
                .collect()
        }
    }
}

/// The first (longest) form of the pointer that fits `room` at `size`, or the last.
fn pointer_form(w: &crate::lang::Catalogue, font: &Font, hint: Option<usize>, solution: usize, size: f32, room: f32) -> usize {
    let forms = pointer_forms(w, hint, solution);
    forms.iter().position(|t| font.width(t, size) <= room).unwrap_or(forms.len() - 1)
}

/// Ruled lines of a notes page: light, and thick enough to print.
const RULE_PT: f32 = 0.75;

/// The book's layouts, one per layout id (puzzles with marks of their own
/// each have a layout, but share a description and rules).
fn distinct_layouts(book: &Book) -> Vec<&crate::layout::Layout> {
    distinct_by_id(book.layouts.iter().map(|f| f.layout()))
}

/// The first layout of each id, in order.
fn distinct_by_id<'a>(layouts: impl Iterator<Item = &'a crate::layout::Layout>) -> Vec<&'a crate::layout::Layout> {
    let mut seen: Vec<&crate::layout::Layout> = Vec::new();
    for layout in layouts {
        if !seen.iter().any(|l| l.id == layout.id) {
            seen.push(layout);
        }
    }
    seen
}

/// The lines under a Trividoku puzzle: its lettered questions, or the
/// matching list's instruction and its lettered items.
fn trivia_lines(book: &Book, number: usize) -> Vec<String> {
    let instruction = book.settings.trivia_format.instruction().map(|_| book.words.text("trivia.matching"));
    instruction.into_iter().chain(book.clues[number - 1].iter().map(|c| format!("{}   {}", c.letter, c.question))).collect()
}

/// A Trividoku answer's letter key: nine `A=4` pairs on two lines.
const KEY_PAIRS_A_LINE: usize = 5;
const ANSWER_KEY_LINES: usize = 2;

/// Line spacing of notes under a grid, in multiples of the type size.
const NOTE_LEADING: f32 = 1.3;

/// A grid area split into the grid (top) and room for `lines` of notes.
fn split_for_notes(area: Area, lines: usize, size: f32) -> (Area, Area) {
    let notes_height = (lines as f32 * NOTE_LEADING + 0.6) * size;
    let grid = Area { y: area.y + notes_height, height: area.height - notes_height, ..area };
    let notes = Area { height: notes_height, ..area };
    (grid, notes)
}

/// Slot `slot` of `n` in `band`: the square grid area (left-aligned to the
/// label) and the label's baseline.
fn slot_area(band: Area, n: usize, slot: usize, label: f32) -> (Area, f32) {
    let (cols, rows) = arrangement(n);
    let (slot_w, slot_h) = (band.width / cols as f32, band.height / rows as f32);
    let (col, row) = (slot % cols, slot / cols);
    let side = (slot_w * 0.92).min(slot_h - label * 2.6);
    let x = band.x + col as f32 * slot_w + (slot_w - side) / 2.0;
    let slot_top = band.top() - row as f32 * slot_h;
    let label_y = slot_top - label;
    (Area { x, y: label_y - label * 0.6 - side, width: side, height: side }, label_y)
}

/// The room a number printed beside an answer grid takes, in ems of the
/// label size: "100" in bold (2.1 em) and a gap.
const BESIDE_LABEL_EMS: f32 = 2.7;

/// Answer slot `slot` of `n` in `band`: the square grid area and where its
/// number prints (x, baseline). Two answers a page stack in one column;
/// where that column is short and wide (a 6×9 large-print page), the
/// number prints beside the grid, left of its top row, rather than above
/// it, and the grid takes the height the label line would have taken —
/// whichever of the two gives the larger grid.
fn answer_slot(band: Area, n: usize, slot: usize, label: f32) -> (Area, (f32, f32)) {
    let (above, label_y) = slot_area(band, n, slot, label);
    let (cols, rows) = arrangement(n);
    if n != 2 {
        return (above, (above.x, label_y));
    }
    let (slot_w, slot_h) = (band.width / cols as f32, band.height / rows as f32);
    let (col, row) = (slot % cols, slot / cols);
    let gutter = label * BESIDE_LABEL_EMS;
    let side = (slot_w * 0.92 - gutter).min(slot_h - label * 0.6);
    if side <= above.width {
        return (above, (above.x, label_y));
    }
    let x = band.x + col as f32 * slot_w + (slot_w - side - gutter) / 2.0;
    let top = band.top() - row as f32 * slot_h - label * 0.3;
    (Area { x: x + gutter, y: top - side, width: side, height: side }, (x, top - label * CAP_HEIGHT))
}

/// Largest side of a printed QR code (1.25 in) and its smallest module
/// (0.75 pt, three dots at 300 dpi) for phone cameras to read it.
const QR_MAX: f32 = 90.0;
const QR_MIN_MODULE: f32 = 0.75;

/// Where slot `slot`'s QR code goes (x, y of its lower-left corner, side):
/// in the slot's free room right of the grid, else below it; `None` when
/// neither holds a code of at least half an inch.
fn qr_spot(band: Area, n: usize, slot: usize, label: f32) -> Option<(f32, f32, f32)> {
    let (cols, rows) = arrangement(n);
    let (slot_w, slot_h) = (band.width / cols as f32, band.height / rows as f32);
    let (col, row) = (slot % cols, slot / cols);
    let (area, _) = slot_area(band, n, slot, label);
    let slot_right = band.x + (col + 1) as f32 * slot_w;
    let slot_bottom = band.top() - (row + 1) as f32 * slot_h;
    let gap = label * 0.5;
    let right = (slot_right - area.right() - gap).min(area.height).min(QR_MAX);
    let below = (area.y - slot_bottom - gap).min(area.width).min(QR_MAX);
    if right >= 36.0 && right >= below {
        Some((area.right() + gap, area.y, right))
    } else if below >= 36.0 {
        Some((area.right() - below, area.y - gap - below, below))
    } else {
        None
    }
}

/// With `--qr`, every puzzle needs a browser link and its page room for a
/// readable code; refused otherwise, naming what is missing.
fn check_qr(book: &Book, geometry: &PageGeometry) -> Result<()> {
    if !book.settings.qr {
        return Ok(());
    }
    let style = Type::for_book(book.settings.large_print);
    let frame = geometry.frame(3);
    let footer_lines = book.layouts.len().min(book.settings.per_page) * 2;
    let band = grid_band(&frame, &style, footer_lines, false);
    let (per_page, trim) = (book.settings.per_page, book.settings.trim);
    for p in &book.puzzles {
        let link = book.layouts[p.layout].link(&p.row.givens).context("--qr prints a play link beside each puzzle")?;
        let modules = crate::pdf::qr::modules_across(&link)?;
        for slot in 0..per_page {
            let Some((_, _, side)) = qr_spot(band, per_page, slot, style.label) else {
                bail!("--qr: {per_page} puzzles a page on a {trim} page leave no room beside the grids for a QR code (use fewer a page)");
            };
            if side / (modules as f32) < QR_MIN_MODULE {
                bail!(
                    "--qr: puzzle {}'s link needs {modules} modules, {:.2} pt each in the {side:.0} pt beside its grid, under the {QR_MIN_MODULE} pt a phone can read (use fewer a page)",
                    p.number,
                    side / modules as f32
                );
            }
        }
    }
    Ok(())
}

/// The largest size up to `size` (and not under `floor`) at which `text` fits `width`.
pub(crate) fn fit_size_with(font: &Font, text: &str, size: f32, width: f32, floor: f32) -> f32 {
    let natural = font.width(text, size);
    if natural <= width { size } else { (size * width / natural).max(floor) }
}

/// Greedy word wrap by the font's advance widths.
fn wrap(fonts: &Fonts, text: &str, weight: Weight, size: f32, width: f32) -> Vec<String> {
    wrap_with(fonts.get(weight), text, size, width)
}

pub(crate) fn wrap_with(font: &Font, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // A no-break space (French before a colon) joins what it stands between.
    for word in text.split([' ', '\n', '\t', '\r']).filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if font.width(&candidate, size) > width && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
