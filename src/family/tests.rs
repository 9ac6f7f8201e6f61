use super::*;
use crate::generate::Symmetry;
use crate::layout::list_layout_files;

fn family(id: &str) -> Box<dyn Family> {
    open(Layout::load(id).unwrap())
}

/// A 90° clockwise turn of an n×n clue text.
fn turned(text: &str, n: usize) -> String {
    let cells: Vec<char> = text.chars().collect();
    (0..n * n).map(|i| cells[(n - 1 - i % n) * n + i / n]).collect()
}

#[test]
fn every_shipped_layout_has_its_family() {
    for path in list_layout_files() {
        let layout = Layout::load(&path.display().to_string()).unwrap();
        // A board's family is named as its shape; the rest are cells.
        let family = match &layout.kind {
            crate::layout::Kind::Board { shape, .. } => shape.to_string(),
            crate::layout::Kind::Cells(_) => "cells".to_string(),
        };
        assert_eq!(open(layout).name(), family, "{}", path.display());
    }
}

#[test]
fn slitherlink_keys_keep_clue_values_and_zeros_and_forget_rotations() {
    let loops = family("slitherlink-7x7");
    let made = loops.make(11, Some(Level::Medium)).unwrap().unwrap();
    let givens = made.givens.clone();
    assert_eq!(loops.key(&givens).unwrap(), made.canonical);
    // A quarter turn and a mirror image are the same puzzle.
    assert_eq!(loops.key(&turned(&givens, 7)).unwrap(), made.canonical);
    let mirrored: String = givens.chars().collect::<Vec<_>>().chunks(7).flat_map(|row| row.iter().rev()).collect();
    assert_eq!(loops.key(&mirrored).unwrap(), made.canonical);
    // 1 ↔ 2 swapped is another puzzle; so is the puzzle without its 0s.
    let swapped: String = givens
        .chars()
        .map(|c| {
            if c == '1' {
                '2'
            } else if c == '2' {
                '1'
            } else {
                c
            }
        })
        .collect();
    assert!(givens.contains('1') || givens.contains('2'));
    assert_ne!(loops.key(&swapped).unwrap(), made.canonical);
    let zero = givens.find('0').map(|_| givens.replace('0', "."));
    if let Some(without_zeros) = zero {
        assert_ne!(loops.key(&without_zeros).unwrap(), made.canonical);
    }
    assert_eq!(canonical_of("0.", "..", 2, 2), canonical_of(".0", "..", 2, 2));
    assert_ne!(canonical_of("0.", "..", 2, 2), canonical_of("1.", "..", 2, 2));
}

fn canonical_of(top: &str, bottom: &str, rows: usize, cols: usize) -> String {
    let text: Vec<char> = format!("{top}{bottom}").chars().collect();
    loops::canonical_key(&text, rows, cols)
}

#[test]
fn an_oblong_board_keeps_only_its_four_symmetries() {
    // 2 rows × 3 columns: a half turn maps "1.." / "..." to "..." / "..1".
    let a = canonical_of("1..", "...", 2, 3);
    assert_eq!(a, canonical_of("...", "..1", 2, 3));
    assert_eq!(a, canonical_of("..1", "...", 2, 3));
    assert_ne!(a, canonical_of(".1.", "...", 2, 3));
}

#[test]
fn a_slitherlink_page_shows_every_clue_zero_included() {
    let loops = family("slitherlink-7x7");
    let mut cells = ['.'; 49];
    (cells[0], cells[2], cells[7], cells[48]) = ('0', '3', '2', '0');
    let givens: &str = &cells.iter().collect::<String>();
    let page = loops.page(givens);
    let shown: String = page.clues.iter().map(|c| c.unwrap_or('.')).collect();
    assert_eq!(shown, givens);
    assert_eq!(page.clues.iter().flatten().filter(|&&c| c == '0').count(), 2);
    let answer = loops.answer_page(givens, "x");
    assert_eq!(answer.clues, page.clues);
}

#[test]
fn a_sudoku_page_shows_givens_and_an_answer_every_cell() {
    let classic = family("classic-4");
    let page = classic.page("1.3.0...........");
    assert_eq!(page.symbols.iter().flatten().collect::<String>(), "13", "'.' and '0' are empty cells");
    let answer = classic.answer_page("1.3.............", "1234341221434321");
    assert_eq!(answer.symbols.iter().flatten().collect::<String>(), "1234341221434321");
    assert_eq!(answer.given.iter().filter(|&&g| g).count(), 2);
}

#[test]
fn solve_answers_in_each_familys_own_text() {
    let classic = family("classic-4");
    // Made by `generate classic-4 --no-store --seed 3`.
    assert_eq!(classic.solve("32..4.....4....1", None).unwrap().to_string(), "unique 3214412313422431");
    assert_eq!(classic.solve("................", Some(1000)).unwrap(), Answer::Count(288));
    assert_eq!(classic.solve("11..............", None).unwrap(), Answer::None);
    let err = classic.solve("1.3", None).unwrap_err().to_string();
    assert!(err.contains("16"), "{err}");
    let loops = family("slitherlink-7x7");
    let made = loops.make(5, Some(Level::Easy)).unwrap().unwrap();
    assert_eq!(loops.solve(&made.givens, None).unwrap(), Answer::Unique(made.solution.clone()));
    assert_eq!(loops.solve(&".".repeat(49), None).unwrap(), Answer::Multiple);
}

#[test]
fn grading_refuses_a_puzzle_that_is_not_unique() {
    let classic = family("classic-9");
    let err = classic.grade(&".".repeat(81)).unwrap_err().to_string();
    assert!(err.contains("more than one solution"), "{err}");
}

#[test]
fn levels_and_symmetry_are_the_familys_to_refuse() {
    let loops = family("slitherlink-7x7");
    assert_eq!(loops.levels(), &[Level::Easy, Level::Medium, Level::Hard]);
    assert!(loops.make(1, Some(Level::Expert)).unwrap_err().to_string().contains("easy, medium and hard"));
    let err = of(Layout::load("slitherlink-7x7").unwrap(), &Symmetry::Rot180.into()).err().unwrap().to_string();
    assert!(err.contains("symmetric"), "{err}");
    let rated = Controls { rating: Some("9.0..".parse().unwrap()), ..Controls::default() };
    let err = of(Layout::load("slitherlink-7x7").unwrap(), &rated).err().unwrap().to_string();
    assert!(err.ends_with("--pattern, --needs and --rating apply to cell puzzles with givens, not to Slitherlink"), "{err}");
    assert_eq!(family("classic-9").levels(), &Level::ALL);
}

/// A printed line grades only as far as its level needs, and has no key
/// unless the attempt searched: the same puzzles, the same levels as the
/// catalog's records, at every level asked.
#[test]
fn printed_puzzles_carry_the_levels_stored_ones_get() {
    for (id, seeds) in [("classic-9", 1..150u64), ("diagonal-9", 1..40), ("jigsaw-random-9", 1..30), ("killer-9", 1..20)] {
        let f = family(id);
        let mut expert = 0;
        for seed in seeds {
            for level in [None, Some(Level::Medium), Some(Level::Expert)] {
                let stored = f.make_all(seed, level).unwrap();
                let printed = f.make_printed(seed, level).unwrap();
                assert_eq!(stored.len(), printed.len(), "{id} seed {seed} {level:?}");
                for (s, p) in stored.iter().zip(&printed) {
                    assert_eq!((&s.givens, &s.solution, &s.level), (&p.givens, &p.solution, &p.level), "{id} seed {seed} {level:?}");
                    assert!(s.grade.is_some() && p.grade.is_none() && p.canonical.is_empty() && !s.canonical.is_empty());
                    expert += usize::from(s.level == "expert");
                }
            }
        }
        assert!(expert > 0, "{id}: the sample reaches expert");
    }
}

#[test]
fn names_take_the_article_of_their_first_sound() {
    use super::with_article;
    for (name, said) in [
        ("even-odd-random-9", "an even-odd-random-9"),
        ("atlantis-9", "an atlantis-9"),
        ("islands-9", "an islands-9"),
        ("x-sudoku", "an x-sudoku"),
        ("classic-9", "a classic-9"),
        ("samurai", "a samurai"),
        ("jigsaw-random-9", "a jigsaw-random-9"),
        ("unique-9", "a unique-9"),
    ] {
        assert_eq!(with_article(name), said);
    }
}
