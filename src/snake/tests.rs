//! Tests against a plain reference checker that shares no code with the
//! enumerator: cells as (row, column) pairs, parities as a list, S6 by
//! cell-by-cell backtracking.

use super::*;
use std::collections::HashSet;
use std::sync::OnceLock;

fn default_snakes() -> &'static [Snake] {
    static SNAKES: OnceLock<Vec<Snake>> = OnceLock::new();
    SNAKES.get_or_init(|| enumerate(&Options::default()))
}

fn no_diagonal_snakes() -> &'static [Snake] {
    static SNAKES: OnceLock<Vec<Snake>> = OnceLock::new();
    SNAKES.get_or_init(|| enumerate(&Options { no_diagonal_touch: true }))
}

// ---------------------------------------------------------------- reference

/// S1–S6 for a path given as (row, col) cells with an explicit parity per
/// cell (true = even). Deliberately naive.
fn reference_is_snake(cells: &[(i32, i32)], even: &[bool], no_diagonal_touch: bool) -> bool {
    let n = cells.len();
    if n == 0 || even.len() != n {
        return false;
    }
    if cells.iter().any(|&(r, c)| !(0..9).contains(&r) || !(0..9).contains(&c)) {
        return false;
    }
    for i in 0..n {
        for j in i + 1..n {
            if cells[i] == cells[j] {
                return false;
            }
        }
    }
    let dist = |a: (i32, i32), b: (i32, i32)| ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    // S1
    for i in 0..n - 1 {
        let (dr, dc) = dist(cells[i], cells[i + 1]);
        if dr + dc != 1 {
            return false;
        }
    }
    // S2
    for i in 0..n {
        for j in i + 2..n {
            let (dr, dc) = dist(cells[i], cells[j]);
            if dr + dc == 1 {
                return false;
            }
            if no_diagonal_touch && j > i + 2 && dr == 1 && dc == 1 {
                return false;
            }
        }
    }
    // S3
    for i in 0..n - 1 {
        if even[i] == even[i + 1] {
            return false;
        }
    }
    // S4: build the forced pattern, refusing any cell forced both ways.
    let mut grid: [[Option<bool>; 9]; 9] = [[None; 9]; 9];
    for i in 0..n {
        grid[cells[i].0 as usize][cells[i].1 as usize] = Some(even[i]);
    }
    for i in 0..n {
        let (r, c) = cells[i];
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if !(0..9).contains(&nr) || !(0..9).contains(&nc) || cells.contains(&(nr, nc)) {
                continue;
            }
            let slot = &mut grid[nr as usize][nc as usize];
            match *slot {
                Some(p) if p != even[i] => return false,
                _ => *slot = Some(even[i]),
            }
        }
    }
    // S5
    for b in 0..9 {
        if !cells.iter().any(|&(r, c)| (r / 3) * 3 + c / 3 == b) {
            return false;
        }
    }
    // S6
    reference_completes(&grid)
}

/// Fill the grid cell by cell, never exceeding four evens or five odds in a
/// row, column or box (with nine cells per house that means exactly 4 / 5).
fn reference_completes(fixed: &[[Option<bool>; 9]; 9]) -> bool {
    fn house_ok(grid: &[[Option<bool>; 9]; 9], cells: impl Iterator<Item = (usize, usize)>) -> bool {
        let (mut evens, mut odds) = (0, 0);
        for (r, c) in cells {
            match grid[r][c] {
                Some(true) => evens += 1,
                Some(false) => odds += 1,
                None => {}
            }
        }
        evens <= 4 && odds <= 5
    }
    fn ok_at(grid: &[[Option<bool>; 9]; 9], r: usize, c: usize) -> bool {
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        house_ok(grid, (0..9).map(|k| (r, k)))
            && house_ok(grid, (0..9).map(|k| (k, c)))
            && house_ok(grid, (0..9).map(|k| (br + k / 3, bc + k % 3)))
    }
    fn fill(grid: &mut [[Option<bool>; 9]; 9], fixed: &[[Option<bool>; 9]; 9], i: usize) -> bool {
        if i == 81 {
            return true;
        }
        let (r, c) = (i / 9, i % 9);
        if fixed[r][c].is_some() {
            return ok_at(grid, r, c) && fill(grid, fixed, i + 1);
        }
        for p in [true, false] {
            grid[r][c] = Some(p);
            if ok_at(grid, r, c) && fill(grid, fixed, i + 1) {
                return true;
            }
        }
        grid[r][c] = None;
        false
    }
    let mut grid = *fixed;
    fill(&mut grid, fixed, 0)
}

fn as_pairs(snake: &Snake) -> Vec<(i32, i32)> {
    snake.cells.iter().map(|&c| (c as i32 / 9, c as i32 % 9)).collect()
}

fn parities(snake: &Snake) -> Vec<bool> {
    (0..snake.len()).map(|i| snake.parity_of(i).is_even()).collect()
}

fn from_pairs(cells: &[(i32, i32)], first_even: bool) -> Snake {
    Snake::new(cells.iter().map(|&(r, c)| (r * 9 + c) as u8).collect(), first_even)
}

/// Small deterministic generator for test data (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

// ---------------------------------------------------------------- enumeration

#[test]
fn every_enumerated_snake_passes_the_reference_checker() {
    for (snakes, options) in [(default_snakes(), Options::default()), (no_diagonal_snakes(), Options { no_diagonal_touch: true })] {
        for snake in snakes {
            assert!(
                reference_is_snake(&as_pairs(snake), &parities(snake), options.no_diagonal_touch),
                "{:?} rejected:\n{}",
                snake,
                render_snake(snake)
            );
            assert_eq!(check(snake, &options), Ok(()));
        }
    }
}

#[test]
fn mutants_agree_with_the_enumeration() {
    let options = Options::default();
    let all: HashSet<&Snake> = default_snakes().iter().collect();
    let (mut mutants, mut accepted, mut near_misses, mut near_accepted) = (0, 0, 0, 0);
    for snake in default_snakes() {
        let cells = as_pairs(snake);
        let even = parities(snake);
        // One cell moved one step in each direction.
        for i in 0..cells.len() {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let mut moved = cells.clone();
                moved[i] = (cells[i].0 + dr, cells[i].1 + dc);
                if moved[i].0 < 0 || moved[i].0 > 8 || moved[i].1 < 0 || moved[i].1 > 8 {
                    assert!(!reference_is_snake(&moved, &even, false));
                    continue;
                }
                let mutant = from_pairs(&moved, snake.first_even);
                let verdict = reference_is_snake(&moved, &even, false);
                mutants += 1;
                accepted += usize::from(verdict);
                assert_eq!(verdict, all.contains(&mutant.canonical()), "{mutant:?}");
                assert_eq!(verdict, check(&mutant, &options).is_ok(), "{mutant:?}");
            }
        }
        // Near misses that may well be snakes: an end moved to another
        // neighbour of its neighbour, one cell added at an end, one removed.
        let mut near: Vec<(Vec<(i32, i32)>, bool)> = Vec::new();
        for (path, first_even) in [(cells.clone(), snake.first_even), {
            let r = snake.reversed();
            (as_pairs(&r), r.first_even)
        }] {
            let n = path.len();
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let mut retargeted = path.clone();
                retargeted[n - 1] = (path[n - 2].0 + dr, path[n - 2].1 + dc);
                near.push((retargeted, first_even));
                let mut extended = path.clone();
                extended.push((path[n - 1].0 + dr, path[n - 1].1 + dc));
                near.push((extended, first_even));
            }
            near.push((path[..n - 1].to_vec(), first_even));
        }
        for (path, first_even) in near {
            if path.iter().any(|&(r, c)| !(0..9).contains(&r) || !(0..9).contains(&c)) || path == cells {
                continue;
            }
            let mutant = from_pairs(&path, first_even);
            let verdict = reference_is_snake(&path, &parities(&mutant), false);
            near_misses += 1;
            near_accepted += usize::from(verdict);
            assert_eq!(verdict, all.contains(&mutant.canonical()), "{mutant:?}");
            assert_eq!(verdict, check(&mutant, &options).is_ok(), "{mutant:?}");
        }
        // One parity flipped breaks S3; all flipped is the other pattern.
        for i in 0..even.len() {
            let mut flipped = even.clone();
            flipped[i] = !flipped[i];
            assert!(!reference_is_snake(&cells, &flipped, false));
        }
        let all_flipped: Vec<bool> = even.iter().map(|e| !e).collect();
        let other = Snake::new(snake.cells.clone(), !snake.first_even);
        assert_eq!(reference_is_snake(&cells, &all_flipped, false), all.contains(&other));
    }
    assert!(mutants > 100_000, "{mutants} mutants");
    assert_eq!(accepted, 0, "a one-step move always breaks S1 or S2");
    assert!(near_misses > 20_000, "{near_misses} near misses");
    assert!(near_accepted > 0, "no near miss is itself a snake");
}

#[test]
fn order_is_stable_canonical_and_without_repeats() {
    for snakes in [default_snakes(), no_diagonal_snakes()] {
        assert!(snakes.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
        assert!(snakes.iter().all(Snake::is_canonical));
        for snake in snakes {
            let reversed = snake.reversed();
            assert_eq!(reversed.canonical(), *snake);
            assert_eq!(reversed.reversed(), *snake);
        }
    }
}

#[test]
fn the_set_is_closed_under_the_eight_symmetries() {
    for snakes in [default_snakes(), no_diagonal_snakes()] {
        let all: HashSet<&Snake> = snakes.iter().collect();
        for snake in snakes {
            for s in Symmetry::ALL {
                assert!(all.contains(&snake.transformed(s)), "{s:?} of {snake:?}");
            }
        }
    }
}

#[test]
fn shortest_and_longest_are_21_and_37() {
    let r = report(default_snakes());
    assert_eq!((r.shortest, r.longest), (Some(21), Some(37)));
    assert_eq!(r.total, default_snakes().len());
    assert_eq!(r.by_ends.iter().sum::<usize>(), r.total);
    assert_eq!(r.by_length.values().flatten().sum::<usize>(), r.total);
    // Odd length means equal end parities, even length mixed ends.
    for (len, counts) in &r.by_length {
        if len % 2 == 1 {
            assert_eq!(counts[1], 0);
        } else {
            assert_eq!(counts[0] + counts[2], 0);
        }
    }
    // Every orbit has at most 8 members.
    assert!(r.up_to_symmetry * 8 >= r.total && r.up_to_symmetry <= r.total);
}

#[test]
fn no_diagonal_touch_gives_a_subset() {
    let all: HashSet<&Snake> = default_snakes().iter().collect();
    let strict: HashSet<&Snake> = no_diagonal_snakes().iter().collect();
    assert!(strict.is_subset(&all));
    assert!(strict.len() < all.len());
    // The difference is exactly the snakes that touch themselves diagonally.
    for snake in default_snakes() {
        let touches = !reference_is_snake(&as_pairs(snake), &parities(snake), true);
        assert_eq!(touches, !strict.contains(snake), "{snake:?}");
    }
}

// ---------------------------------------------------------------- S6

/// A valid full parity pattern (true = even) from a shuffled sudoku solution.
fn random_full_pattern(rng: &mut Lcg) -> [[bool; 9]; 9] {
    let mut rows: Vec<usize> = Vec::new();
    let mut cols: Vec<usize> = Vec::new();
    for band in 0..3 {
        let mut r = vec![band * 3, band * 3 + 1, band * 3 + 2];
        let mut c = r.clone();
        for k in (1..3).rev() {
            r.swap(k, rng.below(k + 1));
            c.swap(k, rng.below(k + 1));
        }
        rows.extend(r);
        cols.extend(c);
    }
    std::array::from_fn(|r| {
        std::array::from_fn(|c| {
            let (r, c) = (rows[r], cols[c]);
            let digit = (r * 3 + r / 3 + c) % 9 + 1;
            digit % 2 == 0
        })
    })
}

#[test]
fn exact_completion_agrees_with_backtracking_on_random_patterns() {
    let mut rng = Lcg(6);
    let (mut feasible, mut subtle_infeasible) = (0, 0);
    for round in 0..400 {
        let full = random_full_pattern(&mut rng);
        let mut fixed = [[None; 9]; 9];
        let keep = 45 + rng.below(25);
        for _ in 0..keep {
            let (r, c) = (rng.below(9), rng.below(9));
            fixed[r][c] = Some(full[r][c]);
        }
        for _ in 0..round % 3 {
            let (r, c) = (rng.below(9), rng.below(9));
            fixed[r][c] = Some(!full[r][c]);
        }
        let (mut even, mut odd) = (0u128, 0u128);
        for (r, row) in fixed.iter().enumerate() {
            for (c, mark) in row.iter().enumerate() {
                match mark {
                    Some(true) => even |= 1 << (r * 9 + c),
                    Some(false) => odd |= 1 << (r * 9 + c),
                    None => {}
                }
            }
        }
        let expected = reference_completes(&fixed);
        assert_eq!(parity_completes(even, odd), expected, "round {round}");
        if let Some(evens) = parity_completion(even, odd) {
            feasible += 1;
            assert_eq!(evens & even, even);
            assert_eq!(evens & odd, 0);
            for h in 0..27 {
                assert_eq!((evens & grid::TABLES.house[h]).count_ones(), 4);
            }
        } else if grid::within_house_counts(even, odd) {
            subtle_infeasible += 1;
        }
    }
    assert!(feasible > 50 && feasible < 400, "{feasible} feasible");
    assert!(subtle_infeasible > 0, "no infeasible pattern within the house counts");
}

// ---------------------------------------------------------------- export

#[test]
fn export_marks_match_forced_marks_and_path() {
    let snakes = default_snakes();
    for (index, snake) in [(0, &snakes[0]), (snakes.len() - 1, &snakes[snakes.len() - 1])] {
        let toml = export_layout_toml(snake, index + 1);
        let keys: Vec<&str> =
            toml.lines().filter_map(|l| l.split_once(" = ").map(|(k, _)| k)).filter(|k| !k.contains(['[', '"', '.'])).collect();
        assert_eq!(keys, ["description", "rules", "size", "boxes", "marks", "snake_path"]);
        assert!(toml.contains(&format!("#{}", index + 1)));

        let picture = toml.split("marks = \"\"\"\n").nth(1).and_then(|rest| rest.split("\"\"\"").next());
        let lines: Vec<&str> = picture.map(|p| p.lines().collect()).unwrap_or_default();
        assert_eq!(lines.len(), 9);
        let marks = snake.forced_marks();
        for (r, line) in lines.iter().enumerate() {
            let expected: String = (0..9).map(|c| marks[r * 9 + c].map_or('.', Parity::letter)).collect();
            assert_eq!(*line, expected);
        }

        let path_line = toml.lines().find(|l| l.starts_with("snake_path = ")).unwrap_or("");
        let numbers: Vec<usize> =
            path_line.split(|ch: char| !ch.is_ascii_digit()).filter(|s| !s.is_empty()).filter_map(|s| s.parse().ok()).collect();
        assert_eq!(numbers.len(), 2 * snake.len());
        for (i, pair) in numbers.chunks(2).enumerate() {
            assert_eq!((pair[0] - 1) * 9 + (pair[1] - 1), snake.cells[i] as usize);
        }
    }
}

#[test]
fn forced_marks_and_rendering_agree() {
    for snake in default_snakes().iter().step_by(97) {
        let marks = snake.forced_marks();
        let drawing = render_snake(snake);
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines.len(), 9);
        for (i, &c) in snake.cells.iter().enumerate() {
            assert_eq!(marks[c as usize], Some(snake.parity_of(i)));
            let ch = lines[c as usize / 9].as_bytes()[c as usize % 9] as char;
            assert_eq!(ch, snake.parity_of(i).letter());
        }
        let upper = drawing.chars().filter(char::is_ascii_uppercase).count();
        let lower = drawing.chars().filter(char::is_ascii_lowercase).count();
        assert_eq!(upper, snake.len());
        assert_eq!(upper + lower, marks.iter().flatten().count());
    }
}

// ---------------------------------------------------------------- published

#[test]
fn published_search_is_reproduced_and_explained() {
    let search = run_published_search();
    let c = compare_published(&search, default_snakes());
    assert_eq!(c.events, 3242, "variants.md: a faithful re-run gives 3,242 events");
    assert_eq!((c.shortest_event, c.longest_event), (Some(21), Some(37)));
    // Every event starts odd, at row ≤ column.
    for e in &search.events {
        assert!(!e.first_even && e.cells[0] / 9 <= e.cells[0] % 9);
    }
    assert_eq!(c.valid_events + c.rejected_events, c.events);
    assert_eq!(c.valid_distinct + c.rejected_distinct, c.distinct_reported);
    assert_eq!(c.valid_events, c.valid_distinct + c.valid_reported_twice);
    assert_eq!(c.rejected_events, c.rejected_distinct + c.rejected_reported_twice);
    let reasons =
        c.rejected_ambiguous_end + c.rejected_ambiguous_body + c.rejected_house_count + c.rejected_no_completion + c.rejected_other;
    assert_eq!(reasons, c.rejected_events);
    // S4 cannot clash (parity follows the checkerboard colour).
    assert_eq!(c.rejected_ambiguous_end + c.rejected_ambiguous_body + c.rejected_other, 0);
    // The search finds every exact snake it can reach, from each qualifying end.
    assert_eq!(c.missed_otherwise, 0);
    assert_eq!(c.valid_distinct + c.missed_both_ends_even + c.missed_odd_ends_outside_triangle, c.exact_total);
    let qualifying_ends: usize = default_snakes()
        .iter()
        .map(|s| [s.clone(), s.reversed()].iter().filter(|d| !d.first_even && d.cells[0] / 9 <= d.cells[0] % 9).count())
        .sum();
    assert_eq!(c.valid_events, qualifying_ends);
}

#[test]
fn even_start_variant_of_the_published_search_agrees() {
    // With even starts the same search reaches the snakes the published one
    // cannot; with symmetry closure this cross-checks the whole set.
    let all: HashSet<&Snake> = default_snakes().iter().collect();
    let search = published::python_search(true);
    let mut reported = HashSet::new();
    for event in &search.events {
        assert!(event.first_even);
        let snake = event.canonical();
        assert_eq!(check(&snake, &Options::default()).is_ok(), all.contains(&snake), "{snake:?}");
        reported.insert(snake);
    }
    for snake in default_snakes() {
        let even_end_in_triangle = [snake.clone(), snake.reversed()].iter().any(|d| d.first_even && d.cells[0] / 9 <= d.cells[0] % 9);
        assert_eq!(even_end_in_triangle, reported.contains(snake), "{snake:?}");
    }
}

#[test]
#[ignore = "timing; run with --ignored --nocapture"]
fn print_timing_and_report() {
    for options in [Options::default(), Options { no_diagonal_touch: true }] {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t = std::time::Instant::now();
            let snakes = enumerate(&options);
            best = best.min(t.elapsed().as_secs_f64());
            std::hint::black_box(snakes);
        }
        println!("{options:?}: enumeration best of 5: {:.1} ms", best * 1e3);
        println!("{}", report(&enumerate(&options)));
    }
    let t = std::time::Instant::now();
    let comparison = explain_published();
    println!("published comparison ({:.2} s):\n{comparison}", t.elapsed().as_secs_f64());
}
