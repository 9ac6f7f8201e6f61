use super::*;
use std::collections::HashSet;

/// S1–S6 checked directly from the definitions, with none of the search's
/// machinery: plain coordinates, and a plain completion search for S6.
fn satisfies_rules(snake: &Snake, no_diagonal_touch: bool) -> Result<(), String> {
    let rc = |c: u8| ((c / 9) as i32, (c % 9) as i32);
    let orth = |a: u8, b: u8| {
        let ((r1, c1), (r2, c2)) = (rc(a), rc(b));
        (r1 - r2).abs() + (c1 - c2).abs() == 1
    };
    let diag = |a: u8, b: u8| {
        let ((r1, c1), (r2, c2)) = (rc(a), rc(b));
        (r1 - r2).abs() == 1 && (c1 - c2).abs() == 1
    };
    let cells = &snake.cells;
    if cells.iter().collect::<HashSet<_>>().len() != cells.len() || cells.iter().any(|&c| c >= 81) {
        return Err("cells repeat or leave the grid".into());
    }
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            if j == i + 1 && !orth(cells[i], cells[j]) {
                return Err(format!("S1: cells {i} and {j} are not adjacent"));
            }
            if j > i + 1 && orth(cells[i], cells[j]) {
                return Err(format!("S2: cells {i} and {j} touch"));
            }
            if no_diagonal_touch && j > i + 2 && diag(cells[i], cells[j]) {
                return Err(format!("S2: cells {i} and {j} touch diagonally"));
            }
        }
    }
    // S3 holds by construction of `is_even`; S4: neighbours off the snake.
    let mut parity: [Option<bool>; 81] = [None; 81];
    for (i, &c) in cells.iter().enumerate() {
        parity[c as usize] = Some(snake.is_even(i));
    }
    for (i, &c) in cells.iter().enumerate() {
        for n in (0..81u8).filter(|&n| orth(c, n) && !cells.contains(&n)) {
            match parity[n as usize] {
                Some(p) if p != snake.is_even(i) => return Err(format!("S4: r{}c{} is forced both ways", n / 9 + 1, n % 9 + 1)),
                _ => parity[n as usize] = Some(snake.is_even(i)),
            }
        }
    }
    let boxes: HashSet<u8> = cells.iter().map(|&c| (c / 9 / 3) * 3 + (c % 9) / 3).collect();
    if boxes.len() != 9 {
        return Err("S5: not every box is visited".into());
    }
    if !plain_completion(&mut parity, 0) {
        return Err("S6: the pattern cannot complete".into());
    }
    Ok(())
}

fn plain_completion(parity: &mut [Option<bool>; 81], from: usize) -> bool {
    let houses_ok = |p: &[Option<bool>; 81], full: bool| {
        (0..27).all(|h| {
            let members: Vec<usize> = (0..81)
                .filter(|&c| match h {
                    0..=8 => c / 9 == h,
                    9..=17 => c % 9 == h - 9,
                    _ => (c / 27) * 3 + (c % 9) / 3 == h - 18,
                })
                .collect();
            let evens = members.iter().filter(|&&c| p[c] == Some(true)).count();
            let odds = members.iter().filter(|&&c| p[c] == Some(false)).count();
            if full { evens == 4 } else { evens <= 4 && odds <= 5 }
        })
    };
    if !houses_ok(parity, false) {
        return false;
    }
    let Some(cell) = (from..81).find(|&c| parity[c].is_none()) else {
        return houses_ok(parity, true);
    };
    for choice in [true, false] {
        parity[cell] = Some(choice);
        if plain_completion(parity, cell + 1) {
            parity[cell] = None;
            return true;
        }
    }
    parity[cell] = None;
    false
}

#[test]
fn every_enumerated_snake_meets_the_rules_checked_plainly() {
    for no_diagonal_touch in [false, true] {
        let snakes = enumerate(&Options { no_diagonal_touch });
        assert!(!snakes.is_empty());
        // The plain check is slow: every 7th snake, and all of the shortest and longest.
        for s in snakes.iter().step_by(7).chain(snakes.first()).chain(snakes.last()) {
            satisfies_rules(s, no_diagonal_touch).unwrap_or_else(|e| panic!("{e}\n{}", render(s)));
        }
    }
}

#[test]
fn mutated_snakes_are_rejected() {
    let snakes = enumerate(&Options::default());
    let set: HashSet<&Snake> = snakes.iter().collect();
    for s in snakes.iter().step_by(97) {
        let flipped = Snake { cells: s.cells.clone(), head_even: !s.head_even };
        // The plain checker and the enumeration agree on the flipped snake.
        assert_eq!(satisfies_rules(&flipped, false).is_ok(), set.contains(&flipped), "{}", render(&flipped));
        // Move one cell to any other free cell: the plain rules reject it, or
        // it is another enumerated snake.
        let i = s.len() / 2;
        for to in (0..81u8).filter(|c| !s.cells.contains(c)).step_by(11) {
            let mut cells = s.cells.clone();
            cells[i] = to;
            let moved = Snake::canonical(cells, s.head_even);
            assert_eq!(satisfies_rules(&moved, false).is_ok(), set.contains(&moved), "{}", render(&moved));
        }
    }
}

#[test]
fn the_set_is_closed_under_the_symmetries_of_the_square() {
    // Searched from every head, without the symmetry shortcut `enumerate`
    // takes: the same set, and closed under the symmetries.
    let rules = search::Rules { no_diagonal_touch: false, force_head_neighbours: true, exact_completion: true, start: |_, _| true };
    let mut from_every_head = HashSet::new();
    search::search(&grid::Board::new(), &rules, &mut |f| {
        from_every_head.insert(Snake::canonical(f.cells.to_vec(), f.head_even));
    });
    let snakes = enumerate(&Options::default());
    let set: HashSet<&Snake> = snakes.iter().collect();
    assert_eq!(from_every_head.len(), snakes.len());
    assert!(from_every_head.iter().all(|s| set.contains(s)));
    for s in &snakes {
        for f in grid::symmetries() {
            assert!(set.contains(&s.mapped(f)), "{}", render(s));
        }
    }
    let classes = count_up_to_symmetry(&snakes);
    assert!(classes * 8 >= snakes.len() && classes < snakes.len());
}

#[test]
fn shortest_and_longest_are_21_and_37() {
    let report = Report::new(&enumerate(&Options::default()));
    assert_eq!((report.shortest, report.longest), (21, 37));
    assert_eq!(report.by_length.values().sum::<usize>(), report.snakes);
    assert_eq!(report.by_ends.iter().sum::<usize>(), report.snakes);
}

#[test]
fn no_diagonal_touch_keeps_a_subset() {
    let all: HashSet<Snake> = enumerate(&Options::default()).into_iter().collect();
    let strict = enumerate(&Options { no_diagonal_touch: true });
    assert!(strict.len() < all.len());
    assert!(strict.iter().all(|s| all.contains(s)));
}

#[test]
fn the_published_rerun_accounts_for_every_report() {
    for options in [Options::default(), Options { no_diagonal_touch: true }] {
        let c = rerun_published(&options);
        assert_eq!(c.reports, c.distinct_valid + c.reverse_duplicates + c.rejected_head_parity + c.rejected_completion);
        assert_eq!((c.shortest, c.longest), (21, 37));
        assert_eq!(c.distinct_valid + c.never_started, enumerate(&options).len());
    }
}

#[test]
fn an_exported_snake_is_a_layout_that_generates_unique_puzzles() {
    let snakes = enumerate(&Options::default());
    let snake = &snakes[16];
    let toml = export_layout_toml(snake, 17);
    let layout = crate::layout::Layout::from_source(std::path::Path::new("snake-17.toml"), toml).unwrap();
    assert_eq!(layout.snake_path.len(), snake.len());
    let marks = snake.forced_marks();
    for (cell, mark) in layout.marks.iter().enumerate() {
        assert_eq!(*mark, marks[cell].map(|even| if even { 'E' } else { 'O' }));
    }
    let p = crate::generate::Generator::new(&layout, crate::generate::Symmetry::None).puzzle(1).unwrap();
    let solver = crate::solver::Solver::new(&layout.model);
    assert_eq!(solver.count(&p.givens, 2).solutions, 1);
    for (i, &c) in snake.cells.iter().enumerate() {
        let digit = layout.model.alphabet.value_of(p.solution.cells[c as usize].unwrap()).unwrap();
        assert_eq!(digit % 2 == 0, snake.is_even(i), "snake cell {i}");
    }
}
