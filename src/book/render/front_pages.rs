//! Drawing the front matter that is not flowed text: the copyright page
//! and the worked example pages (the puzzle with its first step in grey,
//! the caption, the solution), drawn by the layout's own renderer.

use super::{DIGIT_SHARE, LARGE_PRINT_DIGIT_PT, MIN_TEXT_PT, Measure, Painter, SetLine, body_floor, fit_size_with, slot_area};
use crate::book::Book;
use crate::book::front::{Example, copyright_page};
use crate::book::plan::ExamplePart;
use crate::page::{Area, PageFrame, PageGeometry};
use crate::pdf::canvas::{Align, BLACK, Surface};
use crate::pdf::fonts::Weight;
use anyhow::{Result, bail};

/// Room kept above the smallest sizes when deciding on one page, for the
/// page width the final gutter takes.
const FIT_MARGIN: f32 = 1.02;
/// Preflight's floor for any text of a large-print book (corner marks
/// shrink with the cell; digits keep the larger floors below).
const LARGE_PRINT_FLOOR_PT: f32 = 14.0;

/// The heading, rules and caption above an example's figures (a page
/// holding one figure leaves the rules to "How to play", for room).
fn example_header(m: &Measure, book: &Book, example: &Example, part: ExamplePart, width: f32) -> Vec<SetLine> {
    let s = m.style;
    let layout = example.family.layout();
    let (name, rules) = (book.name_of(layout), book.rules_of(layout));
    let heading = match part {
        ExamplePart::Solution => book.words.fill("example.heading_solution", &[("name", name)]),
        _ => book.words.fill("example.heading", &[("name", name)]),
    };
    let size = fit_size_with(m.fonts.get(Weight::Bold), &heading, s.heading, width, s.min);
    let mut lines = vec![SetLine { advance: size * 1.5, ..SetLine::new(heading, size, Weight::Bold) }];
    if part == ExamplePart::Both {
        lines.extend(m.wrap(rules, Weight::Regular, s.body, width).into_iter().map(|l| SetLine::new(l, s.body, Weight::Regular)));
    }
    if part != ExamplePart::Solution {
        for (i, l) in m.wrap(&example.caption, Weight::Regular, s.body, width).into_iter().enumerate() {
            let gap = if i == 0 && part == ExamplePart::Both { s.body * 0.6 } else { 0.0 };
            lines.push(SetLine { gap, ..SetLine::new(l, s.body, Weight::Regular) });
        }
    }
    lines
}

/// The area the figures of an example page share, below its header.
fn figure_band(frame: &PageFrame, m: &Measure, header: &[SetLine]) -> Area {
    let s = m.style;
    let c = frame.content;
    let top = c.top() - s.head_band() - header.iter().map(|l| l.gap + l.advance).sum::<f32>() - s.body * 0.6;
    let bottom = body_floor(frame, s);
    Area { x: c.x, y: bottom, width: c.width, height: (top - bottom).max(0.0) }
}

/// The cell side of the example's figures on a page showing `part`.
fn cell_size(m: &Measure, book: &Book, example: &Example, part: ExamplePart, frame: &PageFrame) -> f32 {
    let header = example_header(m, book, example, part, frame.content.width);
    let slots = if part == ExamplePart::Both { 2 } else { 1 };
    let (area, _) = slot_area(figure_band(frame, m, &header), slots, 0, m.style.label);
    let (rows, cols) = example.family.print_extent();
    area.width / rows.max(cols) as f32
}

/// The smallest text a figure of cell side `cell` prints, against the
/// floor it must meet: digits (16 pt on a large-print puzzle, 14 pt in its
/// answer, else 7 pt), and on a puzzle its corner marks and letters.
fn legible(book: &Book, example: &Example, cell: f32, answer: bool, margin: f32) -> Result<(), (f32, f32)> {
    let large = book.settings.large_print;
    let digit_floor = match (large, answer) {
        (true, false) => LARGE_PRINT_DIGIT_PT,
        (true, true) => LARGE_PRINT_FLOOR_PT,
        (false, _) => MIN_TEXT_PT,
    };
    let digit = cell * DIGIT_SHARE;
    if digit < digit_floor * margin {
        return Err((digit, digit_floor));
    }
    // Pencilled candidates (a killer's cage step) print on the puzzle.
    if !answer && !example.pencilled.is_empty() {
        let symbols = example.family.symbol_count().unwrap_or(9);
        let pencil = crate::pdf::pencil_size(symbols, cell);
        let floor = if large { LARGE_PRINT_FLOOR_PT } else { MIN_TEXT_PT };
        if pencil < floor * margin {
            return Err((pencil, floor));
        }
    }
    let corners = example.family.has_marks() || !example.family.lettered_cells().is_empty();
    if large && !answer && corners && crate::pdf::mark_size(cell, MIN_TEXT_PT) < LARGE_PRINT_FLOOR_PT * margin {
        return Err((crate::pdf::mark_size(cell, MIN_TEXT_PT), LARGE_PRINT_FLOOR_PT));
    }
    Ok(())
}

/// Whether the example's puzzle and solution are legible on one page;
/// refused when even one figure a page is not.
pub(super) fn fits_one_page(m: &Measure, book: &Book, example: &Example, geometry: &PageGeometry) -> Result<bool> {
    let frame = geometry.frame(3);
    let both = cell_size(m, book, example, ExamplePart::Both, &frame);
    if legible(book, example, both, false, FIT_MARGIN).is_ok() && legible(book, example, both, true, FIT_MARGIN).is_ok() {
        return Ok(true);
    }
    for (part, answer) in [(ExamplePart::Puzzle, false), (ExamplePart::Solution, true)] {
        if let Err((size, floor)) = legible(book, example, cell_size(m, book, example, part, &frame), answer, 1.0) {
            bail!(
                "the example of {} would print text of {size:.1} pt on a {} page, under the {floor:.0} pt minimum{}: leave out --examples or use a larger --trim",
                example.family.layout().id,
                book.settings.trim,
                if book.settings.large_print { " of large print" } else { "" }
            );
        }
    }
    Ok(false)
}

impl Painter<'_> {
    /// The copyright page: its paragraphs set at the foot of the page,
    /// left-aligned, as publishers set them.
    pub(super) fn copyright(&self, canvas: &mut dyn Surface) {
        let c = self.frame.content;
        let s = self.style;
        let mut lines: Vec<SetLine> = Vec::new();
        for (n, paragraph) in copyright_page(self.book).iter().enumerate() {
            let weight = if paragraph.strong { Weight::Bold } else { Weight::Regular };
            for (i, l) in super::wrap(self.fonts, &paragraph.text, weight, s.body, c.width).into_iter().enumerate() {
                let gap = if i == 0 && n > 0 { s.body * 0.9 } else { 0.0 };
                lines.push(SetLine { gap, ..SetLine::new(l, s.body, weight) });
            }
        }
        let height: f32 = lines.iter().map(|l| l.gap + l.advance).sum();
        // From the foot up when it fits, else from the top.
        let mut y = (c.y + height).min(c.top());
        for line in &lines {
            y -= line.gap + line.advance;
            canvas.text(&line.text, c.x, y, line.size, line.weight, BLACK, Align::Left);
        }
    }

    /// An example page: header, then the puzzle (its first step in grey)
    /// and the solution, or one of them.
    pub(super) fn example(&self, canvas: &mut dyn Surface, example: &Example, part: ExamplePart) {
        let c = self.frame.content;
        let s = self.style;
        let m = Measure { fonts: self.fonts, style: s };
        let header = example_header(&m, self.book, example, part, c.width);
        let mut y = self.below_head();
        for line in &header {
            y -= line.gap + line.advance;
            canvas.text(&line.text, c.x, y, line.size, line.weight, BLACK, Align::Left);
        }
        let band = figure_band(&self.frame, &m, &header);
        let (puzzle, solution) = (self.book.words.text("example.puzzle"), self.book.words.text("example.solution"));
        let figures: Vec<(&str, &crate::pdf::GridContents)> = match part {
            ExamplePart::Both => vec![(&puzzle, &example.puzzle), (&solution, &example.answer)],
            ExamplePart::Puzzle => vec![(&puzzle, &example.puzzle)],
            ExamplePart::Solution => vec![(&solution, &example.answer)],
        };
        let renderer = example.family.renderer();
        for (slot, (label, contents)) in figures.iter().enumerate() {
            let (area, label_y) = slot_area(band, figures.len(), slot, s.label);
            canvas.text(label, area.x, label_y, s.label, Weight::Bold, BLACK, Align::Left);
            renderer.draw(canvas, area, contents);
        }
    }
}
