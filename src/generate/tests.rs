use super::*;
use crate::layout::list_layout_files;
use crate::level::Level as Lv;

fn make(layout: &Layout, symmetry: Symmetry, seed: u64) -> Generated {
    Generator::new(layout, symmetry).puzzle(seed).unwrap()
}

#[test]
fn every_shipped_layout_generates_a_puzzle_the_solver_proves_unique() {
    for path in list_layout_files() {
        let base = Layout::load(&path.display().to_string()).unwrap();
        if base.cells().is_none() {
            continue; // Slitherlink: its own family's tests
        }
        let p = make(&base, Symmetry::None, 3);
        // Marks or islands drawn per puzzle come with their own layout.
        let layout = p.layout.clone().unwrap_or(base);
        let model = &cells_of(&layout).model;
        let solver = Solver::new(model);
        let count = solver.count(&p.givens, 2);
        assert_eq!(count.solutions, 1, "{}", layout.id);
        assert_eq!(count.first.as_ref(), Some(&p.solution), "{}", layout.id);
        model.check_solution(&p.solution).unwrap_or_else(|e| panic!("{}: {e}", layout.id));
        assert!(p.givens.cells.iter().zip(&p.solution.cells).all(|(g, s)| g.is_none() || g == s));
    }
}

#[test]
fn puzzles_are_minimal() {
    let (base, layout) = Layout::load_cells("classic-9").unwrap();
    let solver = Solver::new(&layout.model);
    let p = make(&base, Symmetry::None, 11);
    for cell in (0..81).filter(|&c| p.givens.cells[c].is_some()) {
        let mut fewer = p.givens.clone();
        fewer.cells[cell] = None;
        assert_eq!(solver.count(&fewer, 2).solutions, 2, "clue at {cell} could go");
    }
}

#[test]
fn a_wordoku_solution_spells_its_word_along_a_row_and_stays_unique() {
    let base = Layout::load("wordoku-9").unwrap();
    let cells = base.cells().unwrap();
    let mut rows_seen = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let p = make(&base, Symmetry::None, seed);
        let text = cells.model.format_grid(&p.solution);
        let row = (0..9).find(|r| &text[r * 9..r * 9 + 9] == "WORDPLAYS").unwrap_or_else(|| panic!("seed {seed}: {text}"));
        rows_seen.insert(row);
        let solver = Solver::new(&cells.model);
        assert_eq!(solver.count(&p.givens, 2).solutions, 1, "seed {seed}");
    }
    assert!(rows_seen.len() > 2, "the row is drawn per puzzle: {rows_seen:?}");
    // Relabelling is only sound where every symbol plays the same part.
    let marked = Layout::from_source(
        std::path::Path::new("layouts/mine.toml"),
        "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nword_in_row = true\nmarks = \"\"\"\nE...\n....\n....\n....\n\"\"\"\n".into(),
    );
    assert!(marked.unwrap_err().to_string().contains("word_in_row needs a single square grid whose symbols are interchangeable"));
}

#[test]
fn same_seed_same_puzzle_and_different_seeds_differ() {
    let (base, _) = Layout::load_cells("classic-9").unwrap();
    let a = make(&base, Symmetry::None, 42);
    let b = make(&base, Symmetry::None, 42);
    let c = make(&base, Symmetry::None, 43);
    assert_eq!(a.givens, b.givens);
    assert_eq!(a.solution, b.solution);
    assert_ne!(a.givens, c.givens);
}

#[test]
fn symmetric_erasure_keeps_the_clue_pattern_and_no_orbit_can_go() {
    let (base, layout) = Layout::load_cells("classic-9").unwrap();
    let solver = Solver::new(&layout.model);
    for symmetry in Symmetry::ALL {
        let p = make(&base, symmetry, 5);
        let picture: Vec<bool> = p.givens.cells.iter().map(Option::is_some).collect();
        assert!(p.symmetry.keeps(&base, &picture), "{symmetry} (as {})", p.symmetry);
        assert_eq!(p.symmetry == symmetry, symmetry != Symmetry::Any, "{symmetry} drew {}", p.symmetry);
        // Minimal among symmetric removals: every orbit of givens is needed.
        for orbit in p.symmetry.orbits(&base).unwrap().iter().filter(|o| p.givens.cells[o[0]].is_some()) {
            let mut fewer = p.givens.clone();
            orbit.iter().for_each(|&c| fewer.cells[c] = None);
            assert_eq!(solver.count(&fewer, 2).solutions, 2, "{symmetry}: orbit {orbit:?} could go");
        }
    }
}

#[test]
fn an_unfillable_layout_fails_with_a_clear_error() {
    // Two marks that each allow only the digit 1, in one box: every
    // single-mark check passes, yet no grid exists.
    let text = "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nmark_symbols = { X = \"1\", Y = \"1\" }\nmarks = \"\"\"\nX...\n.Y..\n....\n....\n\"\"\"\n";
    let layout = Layout::from_source(std::path::Path::new("x.toml"), text.into()).unwrap();
    let err = Generator::new(&layout, Symmetry::None).puzzle(1).unwrap_err();
    assert_eq!(err, GenerateError::Unfillable);
}

/// Every shipped cell layout but Slitherlink, as loaded.
fn cell_layouts() -> Vec<Layout> {
    list_layout_files().iter().map(|p| Layout::load(&p.display().to_string()).unwrap()).filter(|l| l.cells().is_some()).collect()
}

/// Takes each given of `p` away in turn: the puzzle must then have more
/// than one solution (the generic engine counts, not the generator's
/// checks). Trividoku's lettered cells are the trivia's, not the puzzle's.
fn assert_minimal(base: &Layout, p: &Generated) {
    let layout = p.layout.clone().unwrap_or_else(|| base.clone());
    let cells = cells_of(&layout);
    let solver = Solver::generic(&cells.model);
    assert_eq!(solver.count(&p.givens, 2).solutions, 1, "{} seed {}", layout.id, p.seed);
    for c in (0..p.givens.cells.len()).filter(|&c| p.givens.cells[c].is_some() && cells.letters[c].is_none()) {
        let mut fewer = p.givens.clone();
        fewer.cells[c] = None;
        assert_eq!(
            solver.count(&fewer, 2).solutions,
            2,
            "{} seed {}: the given at {} could go",
            layout.id,
            p.seed,
            cells.model.cell_names[c]
        );
    }
}

/// Layouts whose minimality proof (one count per given) takes seconds a
/// puzzle: a few here, twenty in the ignored test.
fn slow(layout: &Layout) -> bool {
    layout.cells().is_some_and(|c| c.model.cell_count() > 200)
}

#[test]
fn every_layout_makes_minimal_puzzles() {
    for base in cell_layouts() {
        let n = if slow(&base) { 2 } else { 20 };
        let generator = Generator::new(&base, Symmetry::None);
        for seed in 1..=n {
            assert_minimal(&base, &generator.puzzle(seed).unwrap());
        }
    }
}

/// Twenty puzzles of every layout, the big ones too (samurai seed 2002 once
/// kept a given a removal check gave up on): `cargo test --profile release-tests -- --ignored`.
#[test]
#[ignore]
fn every_layout_makes_minimal_puzzles_twenty_each() {
    for base in cell_layouts() {
        let generator = Generator::new(&base, Symmetry::None);
        for seed in (1..=20).chain([2002]) {
            assert_minimal(&base, &generator.puzzle(seed).unwrap());
        }
    }
}

/// Each unavoidable set is one: a two-symbol set gives another grid that
/// keeps every rule when its two symbols swap there; every set, taken out
/// of the solution, leaves givens with a second solution; no set holds a
/// cell twice.
#[test]
fn unavoidable_sets_are_second_solutions() {
    use rand::SeedableRng;
    for id in
        ["classic-9", "classic-6", "diagonal-9", "jigsaw-9", "atlantis-9", "tridoku", "stars-stripes-12", "pie-12", "samurai", "classic-16"]
    {
        let layout = Layout::load(id).unwrap();
        let cells = layout.cells().unwrap();
        let solver = Solver::new(&cells.model);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (solution, _) = solver.random_fill(&mut rng, u64::MAX).unwrap();
        let check = |shape_sets: Vec<Vec<usize>>| {
            let (mut small, mut traded) = (0, 0);
            for set in &shape_sets {
                let distinct: std::collections::BTreeSet<_> = set.iter().collect();
                assert_eq!(distinct.len(), set.len(), "{id}: {set:?}");
                let symbols: std::collections::BTreeSet<_> = set.iter().map(|&c| solution.cells[c].unwrap()).collect();
                if symbols.len() == 2 {
                    let (x, y) = (*symbols.first().unwrap(), *symbols.last().unwrap());
                    let mut other = solution.clone();
                    for &c in set {
                        other.cells[c] = Some(if solution.cells[c] == Some(x) { y } else { x });
                    }
                    cells.model.check_solution(&other).unwrap_or_else(|e| panic!("{id}: {set:?}: {e}"));
                } else {
                    traded += 1;
                }
                let mut givens = solution.clone();
                for &c in set {
                    givens.cells[c] = None;
                }
                assert_eq!(solver.count(&givens, 2).solutions, 2, "{id}: {set:?}");
                small += usize::from(set.len() <= 6);
            }
            (shape_sets.len(), small, traded)
        };
        let (n, small, traded) = match AnyShape::new(&cells.model) {
            AnyShape::W2(s) => check(unavoidable::Unavoidable::of_swaps(&cells.model, &s, &solution).sets()),
            AnyShape::W4(s) => check(unavoidable::Unavoidable::of_swaps(&cells.model, &s, &solution).sets()),
            AnyShape::W6(s) => check(unavoidable::Unavoidable::of_swaps(&cells.model, &s, &solution).sets()),
            AnyShape::W10(s) => check(unavoidable::Unavoidable::of_swaps(&cells.model, &s, &solution).sets()),
        };
        // Stars & Stripes's counted star makes few swaps work.
        assert!(n > 0 || id == "stars-stripes-12", "{id}: no set found");
        if id == "classic-9" {
            assert!(small > 0, "classic-9 grids have 4- or 6-cell sets: {n} sets");
        }
        // Two rows (columns) of a band trading three digits or more: a
        // classic grid has some.
        if ["classic-9", "classic-16"].contains(&id) {
            assert!(traded > 0, "{id}: no line trade among {n} sets");
        }
    }
}

/// Easy by singles: every puzzle the singles steering makes, the grader
/// solves with singles; and the grader accepts at every level whatever
/// singles solve (the contract `Steering::Within` relies on).
#[test]
fn singles_steering_makes_easy_puzzles_and_the_grader_agrees() {
    use crate::grade::Grader;
    for id in ["classic-9", "diagonal-9", "jigsaw-9", "even-odd-9", "windoku-9", "classic-6"] {
        let base = Layout::load(id).unwrap();
        let cells = base.cells().unwrap();
        let grader = Grader::new(&cells.model).unwrap();
        let generator = Generator::new(&base, Symmetry::None);
        for seed in 1..=10 {
            let p = generator.puzzle_steered(seed, Steering::Singles).unwrap();
            assert!(generator.solver.solves_by_singles(&p.givens), "{id} {seed}");
            let grade = grader.grade(&p.givens).unwrap();
            assert_eq!(grade.level, Lv::Easy, "{id} seed {seed}: {}", cells.model.format_grid(&p.givens));
            for level in [Lv::Easy, Lv::Medium, Lv::Hard] {
                assert!(grader.grade_within(&p.givens, level).is_some(), "{id} seed {seed} {level}");
            }
            // No given can go with singles still solving it.
            for c in (0..p.givens.cells.len()).filter(|&c| p.givens.cells[c].is_some()) {
                let mut fewer = p.givens.clone();
                fewer.cells[c] = None;
                assert!(!generator.solver.solves_by_singles(&fewer), "{id} seed {seed}: {c} could go");
            }
        }
    }
}

/// Steering by a grade keeps the puzzle at that level, minimal within it.
#[test]
fn steering_within_a_level_keeps_the_level() {
    use crate::grade::Grader;
    let (base, cells) = Layout::load_cells("classic-9").unwrap();
    let grader = Grader::new(&cells.model).unwrap();
    let generator = Generator::new(&base, Symmetry::None);
    for seed in 1..=5 {
        let p = generator.puzzle_within(seed, &|g: &Grid| grader.grade_within(g, Lv::Medium).is_some()).unwrap();
        assert!(grader.grade(&p.givens).unwrap().level <= Lv::Medium);
        assert_eq!(generator.solver.count(&p.givens, 2).solutions, 1);
    }
}

/// Whether every given of `p` (but Trividoku's letters) is needed, by the
/// generic engine's count.
fn needed_everywhere(base: &Layout, p: &Generated) -> bool {
    let layout = p.layout.clone().unwrap_or_else(|| base.clone());
    let cells = cells_of(&layout);
    let solver = Solver::generic(&cells.model);
    (0..p.givens.cells.len()).filter(|&c| p.givens.cells[c].is_some() && cells.letters[c].is_none()).all(|c| {
        let mut fewer = p.givens.clone();
        fewer.cells[c] = None;
        solver.count(&fewer, 2).solutions == 2
    })
}

/// The minimal flag a puzzle carries is what a count finds: yes after a
/// plain erasure, and exactly the truth where the steering (singles only,
/// a test of the givens) kept clues a count would let go.
#[test]
fn the_minimal_flag_says_whether_every_given_is_needed() {
    let layout = Layout::load("classic-9").unwrap();
    let generator = Generator::new(&layout, Symmetry::None);
    let at_least_30 = |g: &Grid| g.given_count() >= 30;
    let (mut yes, mut no) = (0, 0);
    for seed in 0..12 {
        for steering in [Steering::Minimal, Steering::Singles, Steering::Within(&at_least_30)] {
            let p = generator.puzzle_steered(seed, steering).unwrap();
            let truth = needed_everywhere(&layout, &p);
            assert_eq!(p.minimal, Some(truth), "seed {seed}");
            if matches!(steering, Steering::Minimal) {
                assert_eq!(p.minimal, Some(true), "seed {seed}");
            }
            if truth { yes += 1 } else { no += 1 }
        }
    }
    assert!(yes > 0 && no > 0, "{yes} minimal, {no} not: the steered puzzles should show both");
}
