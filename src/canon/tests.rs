use super::*;
use crate::generate::{Generator, Symmetry};
use crate::layout::Layout;
use crate::solver::Solver;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;

/// A random member of the sudoku group applied to a classic puzzle: band,
/// row, stack and column permutations, maybe a transposition, a relabelling.
fn random_transform(grid: &Grid, n: usize, h: usize, w: usize, rng: &mut ChaCha8Rng) -> Grid {
    let order = |count: usize, size: usize, rng: &mut ChaCha8Rng| -> Vec<usize> {
        let mut blocks: Vec<usize> = (0..count).collect();
        blocks.shuffle(rng);
        blocks
            .into_iter()
            .flat_map(|b| {
                let mut inner: Vec<usize> = (0..size).collect();
                inner.shuffle(rng);
                inner.into_iter().map(move |i| b * size + i).collect::<Vec<_>>()
            })
            .collect()
    };
    let rows = order(n / h, h, rng);
    let cols = order(n / w, w, rng);
    let transpose = h == w && rng.next_u32() % 2 == 1;
    let mut labels: Vec<Symbol> = (0..n as Symbol).collect();
    labels.shuffle(rng);
    let mut out = Grid::empty(n * n);
    for (r, &sr) in rows.iter().enumerate() {
        for (c, &sc) in cols.iter().enumerate() {
            let from = if transpose { sc * n + sr } else { sr * n + sc };
            out.cells[r * n + c] = grid.cells[from].map(|s| labels[s as usize]);
        }
    }
    out
}

use rand::Rng;

#[test]
fn transformed_copies_share_the_key_in_the_full_group() {
    for (id, h, w) in [("classic-9", 3, 3), ("classic-6", 2, 3), ("classic-4", 2, 2)] {
        let (base, layout) = Layout::load_cells(id).unwrap();
        let canon = Canonicalizer::for_cells(&layout);
        let generator = Generator::new(&base, Symmetry::None);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for seed in 1..=20 {
            let puzzle = generator.puzzle(seed).unwrap().givens;
            let key = canon.key(&puzzle);
            for _ in 0..10 {
                let copy = random_transform(&puzzle, layout.size, h, w, &mut rng);
                assert_eq!(canon.key(&copy), key, "{id} seed {seed}");
            }
        }
    }
}

#[test]
fn the_key_is_an_equivalent_puzzle_and_different_puzzles_differ() {
    let (base, layout) = Layout::load_cells("classic-9").unwrap();
    let canon = Canonicalizer::for_cells(&layout);
    let solver = Solver::new(&layout.model);
    let generator = Generator::new(&base, Symmetry::None);
    let mut keys = std::collections::HashSet::new();
    for seed in 1..=50 {
        let puzzle = generator.puzzle(seed).unwrap().givens;
        let key = canon.key(&puzzle);
        let as_grid = layout.model.parse_grid(&key).unwrap();
        assert_eq!(as_grid.given_count(), puzzle.given_count());
        assert_eq!(solver.count(&as_grid, 2).solutions, 1, "a symmetry of a unique puzzle is unique");
        keys.insert(key);
    }
    assert_eq!(keys.len(), 50);
}

#[test]
fn marked_layouts_keep_marks_and_relabel_within_parity() {
    let (base, layout) = Layout::load_cells("even-odd-9").unwrap();
    let canon = Canonicalizer::for_cells(&layout);
    let Group::Permutations(perms) = &canon.group else { panic!("marked layouts use explicit symmetries") };
    assert!(perms.len() > 1 && perms.len() <= 8);
    // Classes: evens {2,4,6,8} and odds {1,3,5,7,9}.
    assert_eq!(canon.class_members, vec![vec![0, 2, 4, 6, 8], vec![1, 3, 5, 7]]);
    let puzzle = Generator::new(&base, Symmetry::None).puzzle(4).unwrap().givens;
    // Mirror left-right (the marks picture is symmetric) and swap 2↔8, 3↔9.
    let swap = |s: Symbol| match s {
        1 => 7,
        7 => 1,
        2 => 8,
        8 => 2,
        other => other,
    };
    let mut copy = Grid::empty(81);
    for i in 0..81 {
        copy.cells[(i / 9) * 9 + 8 - i % 9] = puzzle.cells[i].map(swap);
    }
    assert_eq!(canon.key(&copy), canon.key(&puzzle));
}

#[test]
fn jigsaw_keeps_only_symmetries_of_its_regions() {
    let layout = Layout::load_cells("jigsaw-9").unwrap().1;
    let canon = Canonicalizer::for_cells(&layout);
    let Group::Permutations(perms) = &canon.group else { panic!() };
    for p in perms {
        assert!(keeps_layout(&layout, p));
    }
    assert_eq!(perms[0], (0..81).collect::<Vec<_>>(), "identity first");
}

/// A grid with the most automorphisms a sudoku grid has: cell (r, c) holds
/// (3·(r mod 3) + r div 3 + c) mod 9. Every band, stack and row looks alike.
fn most_symmetric_grid() -> Grid {
    Grid { cells: (0..81).map(|i| Some(((3 * ((i / 9) % 3) + (i / 9) / 3 + i % 9) % 9) as Symbol)).collect() }
}

#[test]
fn full_grids_key_with_bounded_work_and_isomorphic_grids_share_the_key() {
    let (base, layout) = Layout::load_cells("classic-9").unwrap();
    let canon = Canonicalizer::for_cells(&layout);
    let generator = Generator::new(&base, Symmetry::None);
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut grids: Vec<Grid> = (1..=3).map(|seed| generator.puzzle(seed).unwrap().solution).collect();
    grids.push(most_symmetric_grid());
    let mut keys = std::collections::HashSet::new();
    for grid in &grids {
        let keyed = canon.classic_key(grid, None);
        assert_eq!(keyed.method, bands::Method::ColumnOrders, "a full grid's ties overflow the frames");
        // The frames enumerated 3,359,232 orders of 81 cells (272 million
        // cells relabelled, 2 GB); the column orders stay far below.
        assert!(keyed.work < 10_000_000, "full grid keyed with {} units of work", keyed.work);
        let key = canon.key(grid);
        assert!(layout.model.parse_grid(&key).unwrap().cells.iter().all(Option::is_some));
        for _ in 0..3 {
            assert_eq!(canon.key(&random_transform(grid, 9, 3, 3, &mut rng)), key);
        }
        keys.insert(key);
    }
    assert_eq!(keys.len(), grids.len(), "different grids, different keys");
}

#[test]
fn nearly_full_grids_key_with_bounded_work() {
    let (base, layout) = Layout::load_cells("classic-9").unwrap();
    let canon = Canonicalizer::for_cells(&layout);
    let solution = Generator::new(&base, Symmetry::None).puzzle(5).unwrap().solution;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // A full band emptied: its rows tie, and no row refines the columns.
    let mut grid = solution.clone();
    for cell in &mut grid.cells[27..54] {
        *cell = None;
    }
    let mut symmetric = most_symmetric_grid();
    symmetric.cells[40] = None;
    for grid in [grid, symmetric] {
        let keyed = canon.classic_key(&grid, None);
        assert!(keyed.work < 10_000_000, "keyed with {} units of work", keyed.work);
        let key = canon.key(&grid);
        for _ in 0..3 {
            assert_eq!(canon.key(&random_transform(&grid, 9, 3, 3, &mut rng)), key);
        }
    }
}

/// The two exact methods agree wherever both can run: the key does not
/// depend on which one made it.
#[test]
fn frames_and_column_orders_give_the_same_key() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (id, h, w, seeds) in [("classic-4", 2, 2, 6), ("classic-6", 2, 3, 6), ("classic-9", 3, 3, 8)] {
        let (base, layout) = Layout::load_cells(id).unwrap();
        let canon = Canonicalizer::for_cells(&layout);
        let generator = Generator::new(&base, Symmetry::None);
        for seed in 1..=seeds {
            let made = generator.puzzle(seed).unwrap();
            // The puzzle, its grid with a few cells gone, and a small layout's full grid.
            let mut holed = made.solution.clone();
            for _ in 0..layout.size {
                let cell = rng.next_u32() as usize % holed.cells.len();
                holed.cells[cell] = None;
            }
            let mut grids = vec![made.givens.clone(), holed];
            if layout.size < 9 {
                grids.push(made.solution.clone());
            }
            for grid in grids {
                let copy = random_transform(&grid, layout.size, h, w, &mut rng);
                let frames = canon.classic_key(&grid, Some(bands::Method::Frames));
                let columns = canon.classic_key(&copy, Some(bands::Method::ColumnOrders));
                assert_eq!(frames.key, columns.key, "{id} seed {seed}");
            }
        }
    }
}

/// 16×16 has too many column orders to try each: a full grid gets the
/// capped key, still an equivalent grid, with bounded work.
#[test]
fn a_full_16x16_grid_keys_with_bounded_work() {
    let layout = Layout::load_cells("classic-16").unwrap().1;
    let canon = Canonicalizer::for_cells(&layout);
    let grid = Grid { cells: (0..256).map(|i| Some(((4 * ((i / 16) % 4) + (i / 16) / 4 + i % 16) % 16) as Symbol)).collect() };
    layout.model.check_solution(&grid).unwrap();
    let keyed = canon.classic_key(&grid, None);
    assert_eq!(keyed.method, bands::Method::Capped);
    assert!(keyed.work < 50_000_000, "keyed with {} units of work", keyed.work);
    let key = layout.model.parse_grid(&canon.key(&grid)).unwrap();
    layout.model.check_solution(&key).unwrap();
}

/// The flat frames' key and method against the old nested frames'
/// (`reference.rs`, which made every key stored so far) on one grid.
fn assert_as_before(canon: &Canonicalizer, grid: &Grid, what: &str, methods: &mut std::collections::BTreeMap<String, usize>) {
    let Group::BandsAndStacks { size, band_height, stack_width, transpose } = canon.group else { panic!("{what}: not a classic layout") };
    let new = canon.classic_key(grid, None);
    let shape = reference::Shape { n: size, band_height, stack_width, transpose };
    let old = reference::minimal_key_by(&grid.cells, shape, &reference::Labeler::new(&canon.class_of, &canon.class_members), None);
    assert_eq!(new.key, old.key, "{what}: {}", canon.key(grid));
    assert_eq!(format!("{:?}", new.method), format!("{:?}", old.method), "{what}");
    *methods.entry(format!("{:?}", new.method)).or_default() += 1;
}

/// A grid keeping `keep` random cells of `full`.
fn kept_cells(full: &Grid, keep: usize, rng: &mut ChaCha8Rng) -> Grid {
    let mut cells: Vec<usize> = (0..full.cells.len()).collect();
    cells.shuffle(rng);
    let mut grid = Grid::empty(full.cells.len());
    for &c in &cells[..keep] {
        grid.cells[c] = full.cells[c];
    }
    grid
}

/// Keys are stored in catalogs (their duplicate detection rests on them):
/// the flat frames give the old keys byte for byte, by every method, on
/// generated puzzles of every classic size, their transformed copies,
/// grids with few, many and all cells given, and the 17-clue, hardest and
/// SE-rated sets.
#[test]
fn keys_are_byte_for_byte_the_old_ones() {
    let mut methods = std::collections::BTreeMap::new();
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    for (id, h, w, seeds) in [
        ("classic-4", 2, 2, 30),
        ("classic-6", 2, 3, 30),
        ("classic-8", 2, 4, 12),
        ("classic-9", 3, 3, 60),
        ("classic-10", 2, 5, 2),
        ("classic-12", 3, 4, 2),
    ] {
        let (base, layout) = Layout::load_cells(id).unwrap();
        let canon = Canonicalizer::for_cells(&layout);
        let generator = Generator::new(&base, Symmetry::None);
        let cells = layout.size * layout.size;
        for seed in 1..=seeds {
            let made = generator.puzzle(seed).unwrap();
            let mut grids = vec![made.givens.clone(), random_transform(&made.givens, layout.size, h, w, &mut rng)];
            // 10×10 and 12×12 have 28,800 and 82,944 column orders a
            // transposition: one grid of their kind is enough here.
            let keeps = if layout.size <= 9 {
                vec![layout.size / 2, layout.size, cells / 4, cells / 2, cells - layout.size, cells - 2]
            } else {
                vec![cells / 3]
            };
            for keep in keeps {
                grids.push(kept_cells(&made.solution, keep, &mut rng));
            }
            if seed <= 2 {
                grids.push(made.solution.clone());
            }
            for (i, grid) in grids.iter().enumerate() {
                assert_as_before(&canon, grid, &format!("{id} seed {seed} grid {i}"), &mut methods);
            }
        }
    }
    let layout = Layout::load_cells("classic-9").unwrap().1;
    let canon = Canonicalizer::for_cells(&layout);
    for (file, take) in [("17-clue.txt", 300), ("hardest-1106.txt", 100), ("se-rated.txt", 200)] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku").join(file);
        let lines = crate::puzzle_file::read_puzzle_lines(&path).unwrap_or_else(|e| panic!("{e:#}"));
        for line in lines.iter().step_by((lines.len() / take).max(1)).take(take) {
            let grid = layout.model.parse_grid(&line.text).unwrap();
            assert_as_before(&canon, &grid, &format!("{file}: {}", line.text), &mut methods);
        }
    }
    // 16×16: beyond the column-order search, so the capped frames decide
    // where the ties overflow; their caps must cut where they cut before.
    let layout = Layout::load_cells("classic-16").unwrap().1;
    let canon = Canonicalizer::for_cells(&layout);
    let full = Grid { cells: (0..256).map(|i| Some(((4 * ((i / 16) % 4) + (i / 16) / 4 + i % 16) % 16) as Symbol)).collect() };
    for keep in [8, 30, 60, 100, 140, 200, 250] {
        let grid = kept_cells(&full, keep, &mut rng);
        assert_as_before(&canon, &grid, &format!("classic-16 keeping {keep}"), &mut methods);
        assert_as_before(&canon, &random_transform(&grid, 16, 4, 4, &mut rng), &format!("classic-16 keeping {keep}, moved"), &mut methods);
    }
    for method in ["Frames", "ColumnOrders", "Capped"] {
        assert!(methods.get(method).is_some_and(|&k| k >= 3), "every method compared: {methods:?}");
    }
}
