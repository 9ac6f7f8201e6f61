//! Drawing a book: title page, introduction with contents, puzzle pages by
//! level, answer key; page numbers on the outside corner; sizes checked
//! against the print rules (text ≥ 7 pt, large-print digits ≥ 16 pt).

use super::plan::{Page, arrangement, capitalised, paginate, section_starts};
use super::{ANSWERS_PER_PAGE_CHOICES, Book};
use crate::page::{Area, MAX_PAGES, MIN_PAGES, PageFrame, PageGeometry};
use crate::pdf::canvas::{Align, BLACK, Canvas, FADED};
use crate::pdf::document::{DrawnPage, save};
use crate::pdf::fonts::{Fonts, Weight};
use anyhow::{Result, bail};
use printpdf::PdfDocument;

/// Digits are this share of a cell's side.
const DIGIT_SHARE: f32 = 0.62;
/// Smallest legible text in print; large-print digits.
const MIN_TEXT_PT: f32 = 7.0;
const LARGE_PRINT_DIGIT_PT: f32 = 16.0;

pub struct Rendered {
    pub bytes: Vec<u8>,
    pub pages: usize,
    pub gutter_in: f32,
    pub warnings: Vec<String>,
}

/// Type sizes, larger in a large-print book.
struct Type {
    title: f32,
    heading: f32,
    label: f32,
    body: f32,
    folio: f32,
}

impl Type {
    fn for_book(large_print: bool) -> Type {
        if large_print {
            Type { title: 36.0, heading: 26.0, label: 15.0, body: 13.0, folio: 12.0 }
        } else {
            Type { title: 30.0, heading: 20.0, label: 10.0, body: 9.0, folio: 9.0 }
        }
    }
}

pub fn render(book: &Book) -> Result<Rendered> {
    let answers_per_page = choose_answers_per_page(book)?;
    let pages = paginate(book, answers_per_page);
    let geometry = PageGeometry::new(book.settings.trim, book.settings.bleed, pages.len());
    check_puzzle_digits(book, &geometry)?;
    let mut doc = PdfDocument::new(&book.settings.title);
    let fonts = Fonts::embed(&mut doc)?;
    check_printable(book, &fonts)?;
    let contents = section_starts(&pages);
    let style = Type::for_book(book.settings.large_print);
    let drawn = pages
        .iter()
        .enumerate()
        .map(|(i, page)| {
            let frame = geometry.frame(i + 1);
            let mut canvas = Canvas::new(&fonts);
            let painter = Painter { book, frame, style: &style };
            match page {
                Page::Title => painter.title(&mut canvas),
                Page::Introduction => painter.introduction(&mut canvas, &contents),
                Page::Puzzles { level, opens_section, range } => {
                    painter.puzzles(&mut canvas, &capitalised(level.name()), *opens_section, range.clone())
                }
                Page::Answers { first, range } => painter.answers(&mut canvas, *first, range.clone(), answers_per_page),
            }
            if i > 0 {
                painter.folio(&mut canvas, i + 1);
            }
            DrawnPage { frame, ops: canvas.ops }
        })
        .collect();
    let bytes = save(doc, drawn, &book.settings.title, &book.date)?;
    let mut warnings = Vec::new();
    if pages.len() < MIN_PAGES {
        warnings.push(format!("{} pages: print-on-demand paperbacks need at least {MIN_PAGES}", pages.len()));
    }
    if pages.len() > MAX_PAGES {
        warnings.push(format!("{} pages: print-on-demand paperbacks allow at most {MAX_PAGES}", pages.len()));
    }
    Ok(Rendered { bytes, pages: pages.len(), gutter_in: geometry.gutter_in, warnings })
}

/// The grid area of a page: content minus the header band and the footer.
fn grid_band(frame: &PageFrame, style: &Type, footer_lines: usize) -> Area {
    let header = style.heading * 1.8;
    let footer = style.folio * 2.0 + footer_lines as f32 * style.body * 1.35;
    let c = frame.content;
    Area { x: c.x, y: c.y + footer, width: c.width, height: c.height - header - footer }
}

/// The grid's cell side in a slot of `area` split `n` ways, with a label line above each grid.
fn cell_side(area: Area, n: usize, label: f32, (grid_rows, grid_cols): (usize, usize)) -> f32 {
    let (cols, rows) = arrangement(n);
    let slot_w = area.width / cols as f32;
    let slot_h = area.height / rows as f32;
    (slot_w * 0.92 / grid_cols as f32).min((slot_h - label * 2.6) / grid_rows as f32)
}

/// Rows and columns of cells of the book's largest figure.
fn largest_grid(book: &Book) -> (usize, usize) {
    let rows = book.layouts.iter().map(|l| l.print_extent().0).max().unwrap_or(9);
    let cols = book.layouts.iter().map(|l| l.print_extent().1).max().unwrap_or(9);
    (rows, cols)
}

/// The most answer grids a page that keep their digits at 7 pt or more
/// (or the number asked, if legible).
fn choose_answers_per_page(book: &Book) -> Result<usize> {
    let style = Type::for_book(book.settings.large_print);
    let legible = |n: usize| {
        let pages = 2 + book.puzzles.len().div_ceil(book.settings.per_page) + book.puzzles.len().div_ceil(n) + 4;
        let frame = PageGeometry::new(book.settings.trim, book.settings.bleed, pages).frame(2);
        let cell = cell_side(grid_band(&frame, &style, 0), n, style.label, largest_grid(book));
        cell * DIGIT_SHARE >= MIN_TEXT_PT
    };
    match book.settings.answers_per_page {
        Some(n) if legible(n) => Ok(n),
        Some(n) => bail!("--answers-per-page {n}: answer digits would be under {MIN_TEXT_PT} pt on this trim; choose fewer"),
        None => ANSWERS_PER_PAGE_CHOICES
            .iter()
            .rev()
            .copied()
            .find(|&n| legible(n))
            .map_or_else(|| bail!("even one answer grid a page is too small to read on a {} page", book.settings.trim), Ok),
    }
}

fn check_puzzle_digits(book: &Book, geometry: &PageGeometry) -> Result<()> {
    let style = Type::for_book(book.settings.large_print);
    let frame = geometry.frame(3);
    let footer_lines = book.layouts.len().min(book.settings.per_page) * 2;
    let cell = cell_side(grid_band(&frame, &style, footer_lines), book.settings.per_page, style.label, largest_grid(book));
    let digit = cell * DIGIT_SHARE;
    let least = if book.settings.large_print { LARGE_PRINT_DIGIT_PT } else { MIN_TEXT_PT };
    if digit < least {
        let print = if book.settings.large_print { "large-print " } else { "" };
        bail!(
            "{} puzzles a page on a {} page give {print}digits of {digit:.1} pt, under the {least} pt minimum: use fewer a page (--per-page) or a larger --trim",
            book.settings.per_page,
            book.settings.trim
        );
    }
    Ok(())
}

/// Text the user wrote (the title, trivia questions) must be printable in
/// the book's font: a character without a glyph prints as an empty box.
fn check_printable(book: &Book, fonts: &Fonts) -> Result<()> {
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
    frame: PageFrame,
    style: &'a Type,
}

impl Painter<'_> {
    fn title(&self, canvas: &mut Canvas) {
        let c = self.frame.content;
        let book = self.book;
        let title_size = fit_size(canvas, &book.settings.title, Weight::Bold, self.style.title, c.width);
        canvas.text(&book.settings.title, c.centre_x(), c.y + c.height * 0.62, title_size, Weight::Bold, BLACK, Align::Centre);
        let levels: Vec<&str> = book.settings.levels.iter().map(|l| l.name()).collect();
        let subtitle = format!("{} puzzles · {}", book.puzzles.len(), levels.join(", "));
        canvas.text(
            &subtitle,
            c.centre_x(),
            c.y + c.height * 0.62 - title_size * 1.6,
            self.style.label * 1.3,
            Weight::Regular,
            BLACK,
            Align::Centre,
        );
        let mut y = c.y + c.height * 0.62 - title_size * 3.0;
        for layout in distinct_layouts(book) {
            for line in wrap(canvas, &layout.description, Weight::Regular, self.style.body, c.width * 0.8) {
                canvas.text(&line, c.centre_x(), y, self.style.body, Weight::Regular, BLACK, Align::Centre);
                y -= self.style.body * 1.4;
            }
        }
        canvas.text("made with puzzlebook", c.centre_x(), c.y, self.style.body, Weight::Regular, FADED, Align::Centre);
    }

    fn introduction(&self, canvas: &mut Canvas, contents: &[(String, usize)]) {
        let c = self.frame.content;
        let s = self.style;
        let mut y = c.top() - s.heading;
        canvas.text("How to play", c.x, y, s.heading, Weight::Bold, BLACK, Align::Left);
        y -= s.heading;
        for layout in distinct_layouts(self.book) {
            for line in wrap(canvas, &layout.description, Weight::Bold, s.body, c.width) {
                canvas.text(&line, c.x, y, s.body, Weight::Bold, BLACK, Align::Left);
                y -= s.body * 1.4;
            }
            for line in wrap(canvas, &layout.rules, Weight::Regular, s.body, c.width) {
                canvas.text(&line, c.x, y, s.body, Weight::Regular, BLACK, Align::Left);
                y -= s.body * 1.4;
            }
            y -= s.body * 0.8;
        }
        if self.book.layouts.iter().any(|l| l.has_marks()) {
            let note = "A faded mark in a cell's corner limits what it holds (E: an even digit, O: an odd digit, >6: 7 to 9, <5: 1 to 4); write over it freely.";
            for line in wrap(canvas, note, Weight::Regular, s.body, c.width) {
                canvas.text(&line, c.x, y, s.body, Weight::Regular, BLACK, Align::Left);
                y -= s.body * 1.4;
            }
        }
        y -= s.heading;
        canvas.text("Contents", c.x, y, s.heading, Weight::Bold, BLACK, Align::Left);
        y -= s.heading;
        for (name, page) in contents {
            canvas.text(name, c.x, y, s.label, Weight::Regular, BLACK, Align::Left);
            canvas.text(&page.to_string(), c.right(), y, s.label, Weight::Regular, BLACK, Align::Right);
            y -= s.label * 1.6;
        }
    }

    fn puzzles(&self, canvas: &mut Canvas, level: &str, opens_section: bool, range: std::ops::Range<usize>) {
        let c = self.frame.content;
        let s = self.style;
        if opens_section {
            canvas.text(level, c.x, c.top() - s.heading, s.heading, Weight::Bold, BLACK, Align::Left);
        } else {
            canvas.text(level, c.x, c.top() - s.label, s.label, Weight::Regular, FADED, Align::Left);
        }
        let puzzles = &self.book.puzzles[range];
        // One rules line per layout on the page, at the foot.
        // Puzzles with their own marks have their own layouts: one line per layout id.
        let mut indices: Vec<usize> = puzzles.iter().map(|p| p.layout).collect();
        indices.sort_unstable();
        let layouts = distinct_by_id(indices.iter().map(|&i| self.book.layouts[i].layout()));
        let mut rules_lines = Vec::new();
        for layout in &layouts {
            let text =
                if layouts.len() > 1 { format!("{}: {}", short_name(&layout.description), layout.rules) } else { layout.rules.clone() };
            rules_lines.extend(wrap(canvas, &text, Weight::Regular, s.body, c.width));
        }
        let band = grid_band(&self.frame, s, rules_lines.len());
        let mut y = band.y - s.body * 0.6;
        for line in &rules_lines {
            canvas.text(line, c.x, y, s.body, Weight::Regular, BLACK, Align::Left);
            y -= s.body * 1.35;
        }
        let per_page = self.book.settings.per_page;
        for (slot, p) in puzzles.iter().enumerate() {
            let (area, label_y) = slot_area(band, per_page, slot, s.label);
            let label = format!("Puzzle {}", p.number);
            canvas.text(&label, area.x, label_y, s.label, Weight::Bold, BLACK, Align::Left);
            canvas.text(p.level.name(), area.right(), label_y, s.label * 0.85, Weight::Regular, FADED, Align::Right);
            let family = &self.book.layouts[p.layout];
            let contents = family.page(&p.row.givens);
            let lettered = family.lettered_cells();
            match self.book.trivia.as_ref().filter(|_| !lettered.is_empty()) {
                None => family.renderer().draw(canvas, area, &contents),
                Some(bank) => {
                    let clues = bank.clues(&lettered, &p.row.solution, p.row.id as u64);
                    let lines: Vec<String> = clues.iter().map(|c| format!("{}   {}", c.letter, c.question)).collect();
                    let (grid, notes) = split_for_notes(area, lines.len(), s.body);
                    family.renderer().draw(canvas, grid, &contents);
                    self.notes(canvas, notes, &lines, s.body);
                }
            }
        }
    }

    /// Lines under a grid (Trividoku's questions, its letter key), shrunk to fit the width.
    fn notes(&self, canvas: &mut Canvas, area: Area, lines: &[String], size: f32) {
        let mut y = area.top() - size;
        let fitted = lines.iter().map(|line| fit_size(canvas, line, Weight::Regular, size, area.width)).fold(size, f32::min);
        for line in lines {
            canvas.text(line, area.x, y, fitted, Weight::Regular, BLACK, Align::Left);
            y -= size * NOTE_LEADING;
        }
    }

    fn answers(&self, canvas: &mut Canvas, first: bool, range: std::ops::Range<usize>, per_page: usize) {
        let c = self.frame.content;
        let s = self.style;
        let heading = if first { "Answers" } else { "Answers (continued)" };
        let size = if first { s.heading } else { s.label };
        canvas.text(heading, c.x, c.top() - size, size, if first { Weight::Bold } else { Weight::Regular }, BLACK, Align::Left);
        let band = grid_band(&self.frame, s, 0);
        for (slot, p) in self.book.puzzles[range].iter().enumerate() {
            let (area, label_y) = slot_area(band, per_page, slot, s.label);
            canvas.text(&p.number.to_string(), area.x, label_y, s.label, Weight::Bold, BLACK, Align::Left);
            let family = &self.book.layouts[p.layout];
            let contents = family.answer_page(&p.row.givens, &p.row.solution);
            let lettered = family.lettered_cells();
            match self.book.trivia.as_ref().filter(|_| !lettered.is_empty()) {
                None => family.renderer().draw(canvas, area, &contents),
                Some(bank) => {
                    let clues = bank.clues(&lettered, &p.row.solution, p.row.id as u64);
                    let key: Vec<String> = clues.iter().map(|c| format!("{}={}", c.letter, c.answer)).collect();
                    // Two short lines fit under even a small answer grid.
                    let lines: Vec<String> = key.chunks(5).map(|pairs| pairs.join("  ")).collect();
                    let (grid, notes) = split_for_notes(area, lines.len(), s.label);
                    family.renderer().draw(canvas, grid, &contents);
                    self.notes(canvas, notes, &lines, s.label);
                }
            }
        }
    }

    /// The page number, on the outside corner at the foot.
    fn folio(&self, canvas: &mut Canvas, number: usize) {
        let c = self.frame.content;
        let y = c.y - self.style.folio * 0.2;
        let (x, align) = if self.frame.right_hand { (c.right(), Align::Right) } else { (c.x, Align::Left) };
        canvas.text(&number.to_string(), x, y, self.style.folio, Weight::Regular, BLACK, align);
    }
}

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

/// The first words of a description, before a colon or comma.
fn short_name(description: &str) -> &str {
    description.split([':', ',']).next().unwrap_or(description).trim()
}

/// The largest size up to `size` at which `text` fits `width`.
fn fit_size(canvas: &Canvas, text: &str, weight: Weight, size: f32, width: f32) -> f32 {
    let natural = canvas.fonts.get(weight).width(text, size);
    if natural <= width { size } else { (size * width / natural).max(MIN_TEXT_PT) }
}

/// Greedy word wrap by the font's advance widths.
fn wrap(canvas: &Canvas, text: &str, weight: Weight, size: f32, width: f32) -> Vec<String> {
    let font = canvas.fonts.get(weight);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
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
