//! What the renderers draw, read back from the canvas's recorded ops: the
//! sizes and places of marks, corner letters and clues.

use super::canvas::{BLACK, Canvas, QUIET, WHITE};
use super::fonts::{CAP_HEIGHT, Fonts, Weight};
use super::{DIGIT_SHARE, FADED_MARK, GridContents, LETTER_PT, MIN_TEXT_PT, MarkStyle, min_cell_for_marks};
use crate::family::{Family, open};
use crate::layout::Layout;
use crate::page::Area;
use printpdf::{Color, Op, PdfDocument, TextItem, TextMatrix};

/// One shown string as drawn: baseline start, size, fill grey, and width.
#[derive(Debug)]
struct Shown {
    text: String,
    x: f32,
    y: f32,
    size: f32,
    grey: f32,
    width: f32,
}

fn fonts() -> Fonts {
    Fonts::embed(&mut PdfDocument::new("test")).unwrap()
}

/// The strings a canvas shows, with the state they are shown in.
fn shown(canvas: &Canvas) -> Vec<Shown> {
    let (mut size, mut grey, mut at) = (0.0, 0.0, (0.0, 0.0));
    let mut out = Vec::new();
    for op in &canvas.ops {
        match op {
            Op::SetFont { size: s, .. } => size = s.0,
            Op::SetFillColor { col: Color::Greyscale(g) } => grey = g.percent,
            Op::SetTextMatrix { matrix: TextMatrix::Translate(x, y) } => at = (x.0, y.0),
            Op::ShowText { items } => {
                for item in items {
                    if let TextItem::Text(text) = item {
                        let width = canvas.fonts.get(Weight::Regular).width(text, size);
                        out.push(Shown { text: text.clone(), x: at.0, y: at.1, size, grey, width });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn family(name: &str) -> Box<dyn Family> {
    open(Layout::load(name).unwrap())
}

/// Draws `contents` on a 9×9 grid of `cell` points whose top-left corner is
/// at (0, 9 × cell).
fn draw(family: &dyn Family, cell: f32, contents: &GridContents, fonts: &Fonts) -> Vec<Shown> {
    let mut canvas = Canvas::new(fonts);
    let (rows, cols) = family.print_extent();
    let area = Area { x: 0.0, y: 0.0, width: cell * cols as f32, height: cell * rows as f32 };
    family.renderer().draw(&mut canvas, area, contents);
    shown(&canvas)
}

/// The (row, col) of the cell a point lies in.
fn cell_of(cell: f32, rows: usize, (x, y): (f32, f32)) -> (usize, usize) {
    (((rows as f32 * cell - y) / cell) as usize, (x / cell) as usize)
}

/// The marked cells of a layout, by index.
fn marked(name: &str) -> Vec<usize> {
    Layout::load(name).unwrap().cells().unwrap().marks.iter().enumerate().filter(|(_, m)| m.is_some()).map(|(i, _)| i).collect()
}

/// Cell sides books print: from small trims with several grids a page up to
/// one grid on a letter page.
fn book_cells(from: f32) -> impl Iterator<Item = f32> {
    (0..=120).map(move |k| from + k as f32 * 0.5)
}

#[test]
fn corner_marks_are_legible_and_clear_of_the_digit_area() {
    let fonts = fonts();
    for name in ["even-odd-9", "atlantis-9"] {
        let family = family(name);
        let least = min_cell_for_marks(family.layout().cells().unwrap(), &fonts, MarkStyle::Corner, MIN_TEXT_PT);
        assert!(least > 7.0 && least < 40.0, "{name}: {least}");
        let page = family.page(&".".repeat(81));
        for cell in book_cells(least) {
            let texts = draw(family.as_ref(), cell, &page, &fonts);
            let marks: Vec<&Shown> = texts.iter().filter(|t| t.grey == QUIET).collect();
            assert_eq!(marks.len(), marked(name).len(), "{name} at {cell}");
            for m in marks {
                assert!(m.size >= MIN_TEXT_PT, "{name}: mark {} at {} pt in a {cell} pt cell", m.text, m.size);
                let (r, c) = cell_of(cell, 9, (m.x, m.y));
                let (left, top) = (c as f32 * cell, (9 - r) as f32 * cell);
                // Inside the cell's top-left corner...
                assert!(m.x > left && m.x + m.width < left + cell && m.y + m.size * CAP_HEIGHT < top, "{name} {m:?}");
                // ...and wholly left of or above a centred digit.
                let digit = cell * DIGIT_SHARE;
                let digit_left = left + (cell - digit * 0.636) / 2.0;
                let digit_top = top - (cell - digit * CAP_HEIGHT) / 2.0;
                assert!(m.x + m.width < digit_left || m.y > digit_top, "{name} at {cell}: {m:?} touches the digit");
            }
        }
    }
}

#[test]
fn a_cell_too_small_for_marks_is_told() {
    let fonts = fonts();
    let layout = Layout::load("even-odd-9").unwrap();
    let least = min_cell_for_marks(layout.cells().unwrap(), &fonts, MarkStyle::Corner, MIN_TEXT_PT);
    assert!(!super::corner_text_fits(least - 0.1, fonts.regular.width("O", 1.0), MIN_TEXT_PT));
    // Layouts without marks or letters need nothing.
    assert_eq!(min_cell_for_marks(Layout::load("classic-9").unwrap().cells().unwrap(), &fonts, MarkStyle::Corner, MIN_TEXT_PT), 0.0);
    // Faded marks behind the cell print at a digit's size: any legible grid holds them.
    let faded = min_cell_for_marks(layout.cells().unwrap(), &fonts, MarkStyle::Faded, MIN_TEXT_PT);
    assert!(faded <= MIN_TEXT_PT / DIGIT_SHARE + 0.1 && faded < least, "{faded}");
}

#[test]
fn answer_grids_have_no_marks() {
    let fonts = fonts();
    let family = family("even-odd-9");
    let solution = "123456789".repeat(9);
    let answer = family.answer_page(&".".repeat(81), &solution);
    assert!(!answer.marks);
    for cell in [20.0, 30.0, 50.0] {
        let texts = draw(family.as_ref(), cell, &answer, &fonts);
        assert_eq!(texts.len(), 81);
        assert!(texts.iter().all(|t| t.grey < 0.5 && t.size == cell * DIGIT_SHARE), "{texts:?}");
    }
}

#[test]
fn given_cells_carry_no_mark() {
    let fonts = fonts();
    let family = family("even-odd-9");
    let marked = marked("even-odd-9");
    let mut givens = vec!['.'; 81];
    for &i in &marked[..marked.len() / 2] {
        givens[i] = '4';
    }
    let page = family.page(&givens.iter().collect::<String>());
    for style in [MarkStyle::Corner, MarkStyle::Faded] {
        let page = GridContents { mark_style: style, ..family.page(&givens.iter().collect::<String>()) };
        let texts = draw(family.as_ref(), 30.0, &page, &fonts);
        let marks: Vec<(usize, usize)> =
            texts.iter().filter(|t| t.grey > 0.0).map(|t| cell_of(30.0, 9, (t.x + t.width / 2.0, t.y))).collect();
        assert_eq!(marks.len(), marked.len() - marked.len() / 2, "{style:?}");
        for &i in &marked[..marked.len() / 2] {
            assert!(!marks.contains(&(i / 9, i % 9)), "{style:?}: a mark in given cell {i}");
        }
    }
    assert!(page.marks && page.mark_style == MarkStyle::Corner);
}

#[test]
fn faded_marks_print_large_and_light_behind_empty_cells() {
    let fonts = fonts();
    let family = family("atlantis-9");
    let page = family.page(&".".repeat(81)).with_mark_style(MarkStyle::Faded);
    for cell in [18.0, 25.0, 40.0] {
        let texts = draw(family.as_ref(), cell, &page, &fonts);
        assert_eq!(texts.len(), marked("atlantis-9").len());
        for t in &texts {
            assert_eq!(t.grey, FADED_MARK);
            assert!(t.size >= MIN_TEXT_PT && t.size <= cell * DIGIT_SHARE + 1e-3, "{t:?}");
            let (r, c) = cell_of(cell, 9, (t.x, t.y));
            assert!(t.x > c as f32 * cell && t.x + t.width < (c + 1) as f32 * cell, "{t:?} leaves cell {r},{c}");
        }
    }
}

#[test]
fn trividoku_letters_sit_in_the_corner_and_leave_the_cell_free() {
    let fonts = fonts();
    let family = family("trividoku-9");
    let letters = family.lettered_cells();
    let least = min_cell_for_marks(family.layout().cells().unwrap(), &fonts, MarkStyle::Corner, MIN_TEXT_PT);
    let page = family.page(&".".repeat(81));
    for &(i, _) in &letters {
        assert!(!page.given[i] && page.is_corner_label(i));
    }
    for cell in book_cells(least.max(14.0)) {
        let texts = draw(family.as_ref(), cell, &page, &fonts);
        assert_eq!(texts.len(), 9);
        for t in &texts {
            let &(i, letter) = letters.iter().find(|&&(_, l)| t.text == l.to_string()).unwrap();
            let (r, c) = (i / 9, i % 9);
            assert_eq!(cell_of(cell, 9, (t.x, t.y)), (r, c), "{letter}");
            let (left, top) = (c as f32 * cell, (9 - r) as f32 * cell);
            // The reader's clue: at least 9 pt and black (it was 7 pt at 28 % ink).
            assert!(t.size >= LETTER_PT && t.size < cell * DIGIT_SHARE, "{t:?}");
            assert!(t.x - left < cell * 0.15 && top - (t.y + t.size * CAP_HEIGHT) < cell * 0.15, "{t:?} not in the corner");
            assert_eq!(t.grey, BLACK);
        }
    }
    // The answer shows the lettered cells' digits, at digit size.
    let solution = "429136578657984123183572496532817964714269385896453712368741259941625837275398641";
    let answer = family.answer_page(solution, solution);
    let texts = draw(family.as_ref(), 30.0, &answer, &fonts);
    assert_eq!(texts.len(), 81);
    assert!(texts.iter().all(|t| t.size == 30.0 * DIGIT_SHARE && t.grey < 0.5));
}

#[test]
fn loop_clues_are_a_digits_share_of_the_cell() {
    let fonts = fonts();
    let family = family("slitherlink-7x7");
    let givens = format!("0123{}", ".".repeat(45));
    for page in [family.page(&givens), family.answer_page(&givens, "x")] {
        for cell in [11.3, 20.0, 40.0] {
            let mut canvas = Canvas::new(&fonts);
            family.renderer().draw(&mut canvas, Area { x: 0.0, y: 0.0, width: 7.0 * cell, height: 7.5 * cell }, &page);
            let texts = shown(&canvas);
            assert_eq!(texts.len(), 4);
            assert!(texts.iter().all(|t| (t.size - cell * DIGIT_SHARE).abs() < 1e-4), "{texts:?}");
            assert!(cell * DIGIT_SHARE < MIN_TEXT_PT || texts.iter().all(|t| t.size >= MIN_TEXT_PT));
        }
    }
}

/// Whether `p` lies inside the polygon `ring` (even–odd rule).
fn inside(ring: &[(f32, f32)], p: (f32, f32)) -> bool {
    let mut inside = false;
    for i in 0..ring.len() {
        let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
    }
    inside
}

/// A fill as drawn: its place in the drawing, its outline, its grey.
type Fill = (usize, Vec<(f32, f32)>, f32);

/// Every layout in layouts/ (every geometry: squares, overlapping grids,
/// the pie, the triangle, Slitherlink's board) shades a highlighted cell:
/// one fill more than without it, under the cell's digit (drawn before it),
/// visibly darker than what the cell shows unhighlighted (white, an
/// island's or a slice's light grey, Tridoku's edge grey).
#[test]
fn every_layout_shades_a_highlighted_cell_under_its_digit() {
    use crate::art::{Item, Recorder};
    use crate::layout::Kind;
    let fonts = Fonts::unembedded().unwrap();
    let area = Area { x: 10.0, y: 20.0, width: 600.0, height: 600.0 };
    let files = crate::layout::list_layout_files();
    assert!(files.len() > 30, "the shipped layouts");
    for path in files {
        let layout = Layout::load(&path.display().to_string()).unwrap();
        let id = layout.id.clone();
        let n = match &layout.kind {
            Kind::Cells(cells) => cells.model.cell_count(),
            Kind::Board { board, .. } => board.rows * board.cols,
        };
        let family = open(layout);
        let renderer = family.renderer();
        let digit = renderer.digit_size(area);
        let record = |contents: &GridContents| {
            let mut recorder = Recorder::new(&fonts);
            renderer.draw(&mut recorder, area, contents);
            recorder.items
        };
        let fills = |items: &[Item]| -> Vec<Fill> {
            items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| match item {
                    Item::Polygon { points, level } => Some((i, points.clone(), *level)),
                    _ => None,
                })
                .collect()
        };
        let empty = family.page(&".".repeat(n));
        let plain = fills(&record(&empty));
        let mut cells = vec![0, n / 2, n - 1];
        cells.retain(|&c| !empty.is_corner_label(c));
        cells.dedup();
        for cell in cells {
            let mut contents = family.page(&".".repeat(n));
            contents.highlight = (0..n).map(|i| i == cell).collect();
            contents.symbols[cell] = Some('1');
            contents.clues[cell] = Some('1');
            contents.given[cell] = true;
            let items = record(&contents);
            let all = fills(&items);
            assert_eq!(all.len(), plain.len() + 1, "{id}: cell {cell} highlighted is one fill more");
            let new: Vec<&Fill> = all.iter().filter(|(_, ring, level)| !plain.iter().any(|(_, r, l)| r == ring && l == level)).collect();
            let [(at, ring, level)] = new.as_slice() else { panic!("{id}: cell {cell}: {} new fills", new.len()) };
            // The digit drawn in the cell (a glyph of the grid's digit size,
            // centred in it) lies on the shading, drawn after it.
            let (index, centre) = items
                .iter()
                .enumerate()
                .find_map(|(i, item)| match item {
                    Item::Text { text, x, y, size, weight, .. } if text == "1" && *size >= digit - 1e-3 => {
                        Some((i, (x + fonts.get(*weight).width(text, *size) / 2.0, y + size * CAP_HEIGHT / 2.0)))
                    }
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{id}: cell {cell}'s digit is drawn"));
            assert!(inside(ring, centre), "{id}: cell {cell}'s digit at {centre:?} is not on its shading {ring:?}");
            assert!(at < &index, "{id}: the shading goes under the digit");
            // What the cell shows without the highlight: the last fill under its centre, or white.
            let under = plain.iter().rev().find(|(_, r, _)| inside(r, centre)).map_or(WHITE, |(_, _, l)| *l);
            assert!(*level <= under - 0.1, "{id}: cell {cell} highlighted at grey {level} over {under} does not stand out");
        }
    }
}

/// Every cell layout (squares, overlapping grids, the pie, the triangle)
/// pencils a cell's candidates into the cell: one glyph a candidate, as
/// the layout prints the symbol, each wholly inside the cell, none
/// overlapping another, 15% to 60% of the grid's digit size; the
/// used ones bold black, the open ones grey, the struck ones grey and
/// struck through, the cell that loses one lightly shaded under them.
#[test]
fn every_cell_layout_pencils_a_cells_candidates_inside_it() {
    use super::{PENCIL_OPEN, PENCIL_STRUCK, Pencil, PencilMark};
    use crate::art::{Item, Recorder};
    use crate::layout::Kind;
    let fonts = Fonts::unembedded().unwrap();
    let area = Area { x: 10.0, y: 20.0, width: 600.0, height: 600.0 };
    let mut geometries = std::collections::HashSet::new();
    for path in crate::layout::list_layout_files() {
        let layout = Layout::load(&path.display().to_string()).unwrap();
        let id = layout.id.clone();
        let Kind::Cells(cells) = &layout.kind else { continue };
        geometries.insert(std::mem::discriminant(&cells.geometry));
        let n = cells.model.cell_count();
        let symbols: Vec<char> = (0..cells.alphabet.len()).map(|i| cells.alphabet.char_of(i as _)).collect();
        let family = open(layout.clone());
        let renderer = family.renderer();
        let digit = renderer.digit_size(area);
        let empty = family.page(&".".repeat(n));
        let plain: Vec<Item> = {
            let mut r = Recorder::new(&fonts);
            renderer.draw(&mut r, area, &empty);
            r.items
        };
        let mut chosen = vec![0, n / 2, n - 1];
        chosen.retain(|&c| !empty.is_corner_label(c));
        chosen.dedup();
        for cell in chosen {
            let mark = |k: usize| [PencilMark::Open, PencilMark::Used, PencilMark::Struck][k % 3];
            let mut contents = family.page(&".".repeat(n));
            contents.pencil = vec![Vec::new(); n];
            contents.pencil[cell] = symbols.iter().enumerate().map(|(k, &symbol)| Pencil { symbol, mark: mark(k) }).collect();
            let mut recorder = Recorder::new(&fonts);
            renderer.draw(&mut recorder, area, &contents);
            let items = recorder.items;
            // The cell's outline: the one fill more than the bare grid (the light shade of a cell losing a candidate).
            let new_fills: Vec<&Vec<(f32, f32)>> = items
                .iter()
                .filter_map(|i| match i {
                    Item::Polygon { points, .. } if !plain.contains(i) => Some(points),
                    _ => None,
                })
                .collect();
            let [ring] = new_fills.as_slice() else { panic!("{id}: cell {cell}: {} new fills", new_fills.len()) };
            let marks: Vec<(usize, &String, f32, f32, f32, Weight, f32)> = items
                .iter()
                .enumerate()
                .filter_map(|(at, i)| match i {
                    Item::Text { text, x, y, size, weight, level } if !plain.contains(i) => {
                        Some((at, text, *x, *y, *size, *weight, *level))
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(marks.len(), symbols.len(), "{id}: cell {cell}: one mark a candidate");
            let mut boxes: Vec<(f32, f32, f32, f32)> = Vec::new();
            for (k, (at, text, x, y, size, weight, level)) in marks.iter().enumerate() {
                // Legible, and never mistaken for a placed digit.
                assert!(
                    *size >= digit * 0.15 && *size <= digit * 0.6,
                    "{id}: cell {cell}: a mark of {size} pt beside digits of {digit} pt"
                );
                let width = fonts.get(*weight).width(text, *size);
                let b = (*x, *y, x + width, y + size * CAP_HEIGHT);
                for corner in [(b.0, b.1), (b.2, b.1), (b.0, b.3), (b.2, b.3)] {
                    assert!(inside(ring, corner), "{id}: cell {cell}: mark {text} at {corner:?} leaves the cell {ring:?}");
                }
                for o in &boxes {
                    assert!(b.2 <= o.0 || o.2 <= b.0 || b.3 <= o.1 || o.3 <= b.1, "{id}: cell {cell}: mark {text} {b:?} overlaps {o:?}");
                }
                boxes.push(b);
                let want = match mark(k) {
                    PencilMark::Used => (Weight::Bold, 0.0),
                    PencilMark::Open => (Weight::Regular, PENCIL_OPEN),
                    PencilMark::Struck => (Weight::Regular, PENCIL_STRUCK),
                };
                assert_eq!((*weight, *level), want, "{id}: cell {cell}: mark {text}");
                // A struck mark: a black stroke through its middle, drawn over it.
                let middle = ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0);
                let crosses = items[*at..]
                    .iter()
                    .filter(|i| match i {
                        Item::Line { points, level, .. } if points.len() == 2 && *level == 0.0 => {
                            let m = ((points[0].0 + points[1].0) / 2.0, (points[0].1 + points[1].1) / 2.0);
                            (m.0 - middle.0).abs() < size * 0.3 && (m.1 - middle.1).abs() < size * 0.3 && !plain.contains(i)
                        }
                        _ => false,
                    })
                    .count();
                assert_eq!(crosses, usize::from(mark(k) == PencilMark::Struck), "{id}: cell {cell}: mark {text}'s stroke");
            }
        }
    }
    assert_eq!(geometries.len(), 3, "squares, the pie and the triangle");
}

/// Diagonal sudoku shades its diagonals' cells (puzzle and answer grids
/// alike, and so the art output, which records the same drawing): no line
/// runs slantwise through a digit, every diagonal cell's centre (where its
/// digit prints) lies on a light fill drawn before the digit, and no other
/// cell is shaded.
#[test]
fn diagonal_cells_are_shaded_and_no_line_crosses_a_digit() {
    use crate::art::{Item, Recorder};
    let fonts = Fonts::unembedded().unwrap();
    for id in ["diagonal-9", "sudoku-mix"] {
        let family = family(id);
        let (rows, cols) = family.print_extent();
        let cell = 30.0;
        let area = Area { x: 0.0, y: 0.0, width: cell * cols as f32, height: cell * rows as f32 };
        let layout = family.layout().cells().unwrap();
        let on_diagonal: Vec<(usize, usize)> = layout
            .diagonals
            .iter()
            .flat_map(|d| (0..d.size).flat_map(move |k| [(d.at.0 + k, d.at.1 + k), (d.at.0 + k, d.at.1 + d.size - 1 - k)]))
            .collect();
        let givens: String = (0..layout.model.cell_count()).map(|_| '1').collect();
        for (what, contents) in
            [("puzzle", family.page(&".".repeat(layout.model.cell_count()))), ("answer", family.answer_page(&givens, &givens))]
        {
            let mut recorder = Recorder::new(&fonts);
            family.renderer().draw(&mut recorder, area, &contents);
            for item in &recorder.items {
                if let Item::Line { points, .. } = item {
                    for w in points.windows(2) {
                        let (dx, dy) = ((w[1].0 - w[0].0).abs(), (w[1].1 - w[0].1).abs());
                        assert!(dx < 1e-3 || dy < 1e-3, "{id} {what}: a slanting line {points:?}");
                    }
                }
            }
            let shaded: Vec<(usize, usize)> = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .filter(|&(r, c)| {
                    let centre = ((c as f32 + 0.5) * cell, area.height - (r as f32 + 0.5) * cell);
                    recorder.items.iter().any(|i| matches!(i, Item::Polygon { points, level } if *level < 1.0 && inside(points, centre)))
                })
                .collect();
            let mut expected = on_diagonal.clone();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(shaded, expected, "{id} {what}: the shaded cells are the diagonals' cells");
        }
    }
}

/// A Slitherlink board keeps half a cell clear above its top row of dots,
/// where the "Puzzle N" label prints (it sat on the dots).
#[test]
fn a_slitherlink_board_keeps_room_under_its_label() {
    use crate::art::{Item, Recorder};
    let fonts = Fonts::unembedded().unwrap();
    for id in ["slitherlink-7x7", "slitherlink-15x15"] {
        let family = family(id);
        let area = Area { x: 0.0, y: 0.0, width: 300.0, height: 300.0 };
        let cell = family.renderer().digit_size(area) / DIGIT_SHARE;
        let mut recorder = Recorder::new(&fonts);
        family.renderer().draw(&mut recorder, area, &family.page(&".".repeat(family.print_extent().0 * family.print_extent().1)));
        let highest = recorder
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Polygon { points, .. } => points.iter().map(|p| p.1).reduce(f32::max),
                _ => None,
            })
            .fold(f32::MIN, f32::max);
        assert!(area.top() - highest >= cell * 0.4, "{id}: the top dots at {highest} in an area topped at {}", area.top());
    }
}
