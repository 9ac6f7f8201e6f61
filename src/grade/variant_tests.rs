//! Variant houses on Sukaku Explainer's scale (issue #30): implied houses
//! found by set arithmetic, SE's 2.9 for an intersection with a variant
//! house and its +0.3 for a strong link only a variant house makes.

use super::problem::implied_houses;
use super::{Grader, Problem, Technique};
use crate::layout::{CellLayout, Layout};
use std::collections::BTreeSet;

fn layout(id: &str) -> CellLayout {
    Layout::load_cells(id).unwrap_or_else(|e| panic!("{id}: {e}")).1
}

fn found(id: &str) -> BTreeSet<Vec<usize>> {
    let l = layout(id);
    let houses: Vec<Vec<usize>> = l.model.houses.iter().map(|h| h.cells.clone()).collect();
    implied_houses(l.model.cell_count(), l.model.symbol_count(), &houses)
        .into_iter()
        .map(|mut h| {
            h.sort_unstable();
            h
        })
        .collect()
}

fn cells(rows: [usize; 3], cols: [usize; 3]) -> Vec<usize> {
    let mut v: Vec<usize> = rows.iter().flat_map(|&r| cols.iter().map(move |&c| r * 9 + c)).collect();
    v.sort_unstable();
    v
}

#[test]
fn windoku_has_exactly_the_five_implied_windows() {
    let (edge, left, right) = ([0, 4, 8], [1, 2, 3], [5, 6, 7]);
    let want: BTreeSet<Vec<usize>> =
        [cells(edge, left), cells(edge, right), cells(left, edge), cells(right, edge), cells(edge, edge)].into_iter().collect();
    assert_eq!(found("windoku-9"), want);
}

#[test]
fn classic_and_diagonal_grids_imply_no_house() {
    assert!(found("classic-9").is_empty());
    assert!(found("diagonal-9").is_empty());
    let p = Problem::classic(2, 3, &".".repeat(36)).unwrap();
    assert!(implied_houses(p.n_cells, p.n_symbols, &p.houses).is_empty());
}

/// From `generate windoku-9 --count 200 --seed 3030 --no-store`: graded
/// 2.6 (pointing) without the implied windows; with them, singles solve it
/// (one a full house in an implied window), as a solver would.
const WINDOKU: &str = "...........8...3.4...1..75..........6....9.2........8..69.1......3........2..7.65";

#[test]
fn a_windoku_puzzle_falls_to_singles_in_an_implied_window() {
    let l = layout("windoku-9");
    let givens = l.model.parse_grid(WINDOKU).unwrap();
    let grade = Grader::new(&l.model).unwrap().grade(&givens).unwrap();
    assert!(grade.solved);
    assert_eq!(grade.se_rating, 1.5, "{:?}", grade.hardest);
    // One of its singles is in a house the layout does not list: the
    // implied windows (houses 32 to 36) come after the layout's 31.
    assert!(
        grade.steps.iter().any(|s| (32..=36).any(|h| s.description.contains(&format!("house {h} ")))),
        "{:#?}",
        grade.steps.iter().map(|s| &s.description).collect::<Vec<_>>()
    );
}

/// From `generate windoku-9 --count 200 --seed 3030 --no-store`: its
/// hardest step is a claiming from a window, 2.9 as in SE (2.8 before).
#[test]
fn an_intersection_with_a_window_rates_2_9() {
    let l = layout("windoku-9");
    let givens = l.model.parse_grid("...34.6...4....8...6.....1..9.25........8..........1.......8..9.8.....2...7......").unwrap();
    let grade = Grader::new(&l.model).unwrap().grade(&givens).unwrap();
    assert_eq!(grade.se_rating, 2.9, "{:?}", grade.hardest);
}

/// From `generate diagonal-9 --count 200 --seed 3031 --no-store`: a turbot
/// fish whose conjugate pair lies only on a diagonal was 4.1; SE adds 0.3
/// to such a link, and the puzzle rates 4.3.
#[test]
fn a_strong_link_on_a_diagonal_adds_0_3() {
    let l = layout("diagonal-9");
    let givens = l.model.parse_grid("7...............4...1.3.....6....93.4..2.3..1..2.1.............6.......8...829...").unwrap();
    let grade = Grader::new(&l.model).unwrap().grade(&givens).unwrap();
    assert_eq!(grade.se_rating, 4.3, "{:?}", grade.hardest);
    // No empty rectangle (it was recorded as one), and not an open turbot
    // fish either: its ends r6c6 and r6c4 share row 6, a loop. SE
    // (`--isX=1 --after='%r %s'`): "4.3 (2 Strong Links) X-Loop 056: Cell
    // r6c6,r9c9,r1c9,r6c4 on value 6".
    assert_eq!(grade.hardest, Technique::XLoop);
    let step = grade.steps.iter().find(|s| s.technique == Technique::XLoop).expect("the loop");
    assert!(step.description.starts_with("X-loop (2 strong links): r6c6=r9c9 - r1c9=r6c4 - r6c6 on 6"), "{}", step.description);
}

/// From `generate windoku-9 --count 200 --seed 3030 --no-store`: SE rates
/// it 4.3 with a grouped 2-strong-link chain (a line whose places lie in
/// two box segments); without grouped links the grader reached for a 6.1
/// forcing chain.
#[test]
fn a_grouped_strong_link_rates_4_3() {
    let l = layout("windoku-9");
    let givens = l.model.parse_grid("5........1......6..2..9....2............3...93.....81..5.......4.....3....7..2...").unwrap();
    let grade = Grader::new(&l.model).unwrap().grade(&givens).unwrap();
    assert_eq!(grade.se_rating, 4.3, "{:?}", grade.hardest);
    // A technique of its own: it was recorded as an empty rectangle.
    assert!(
        grade
            .steps
            .iter()
            .any(|s| s.rating == 4.3 && s.technique == Technique::GroupedTurbotFish && s.description.starts_with("grouped turbot fish")),
        "{:#?}",
        grade.steps.iter().map(|s| &s.description).collect::<Vec<_>>()
    );
}

/// The first ALS wing on a windoku path, as SE's own path has it.
fn first_wing(puzzle: &str) -> (f32, String) {
    let l = layout("windoku-9");
    let givens = l.model.parse_grid(puzzle).unwrap();
    let grade = Grader::new(&l.model).unwrap().grade(&givens).unwrap();
    let wing = grade.steps.iter().find(|s| matches!(s.technique, Technique::WXYZWing | Technique::VWXYZWing)).expect("an ALS wing");
    (grade.se_rating, wing.description.clone())
}

/// From `generate windoku-9 -n 200 --seed 4141 --print --no-store`: SE
/// rates it 5.6, its path a doubly linked WXYZ-wing on r5c7, r6c8, r7c7
/// and r9c8 ("WXYZ-Wing 226"; r6c8 and r7c7 see each other through a
/// window only) before the WXYZ-wings in column 7 and row 1. The grader's
/// sets were cells of one house, and it had no doubly linked wings: it
/// reached for a 6.3 VWXYZ-wing.
#[test]
fn an_als_wing_spans_a_window_and_a_box_as_in_se() {
    let (rating, wing) = first_wing("..7...5.....6.2.....93........................3....7.4.6..8.........129.....9.1..");
    assert_eq!(rating, 5.6);
    assert!(wing.starts_with("WXYZ-wing (doubly linked): r5c7,r6c8,r7c7 {3,4,6,8} with r9c8 {4,6}"), "{wing}");
}

/// Same set: SE 6.3 by a doubly linked VWXYZ-wing on r4c4, r4c7, r4c8,
/// r4c9 with r6c8 ("VWXYZ-Wing 2411"); the grader said 7.2 (a forcing
/// chain). And SE 6.4 by a VWXYZ-wing whose set r2c2, r4c2, r4c3, r5c2 is
/// in no one house ("VWXYZ-Wing 1311"); the grader said 7.1.
#[test]
fn doubly_linked_and_cross_house_vwxyz_wings_rate_as_in_se() {
    let (rating, wing) = first_wing("..........1.3..4.......2.....2.......9.46.71.................875....9....7.....3.");
    assert_eq!(rating, 6.3);
    assert!(wing.starts_with("VWXYZ-wing (doubly linked): r4c4,r4c7,r4c8,r4c9 {4,5,6,8,9} in row 4 with r6c8 {4,6}"), "{wing}");
    let (rating, wing) = first_wing("..2............1.6.7.......3.....82......5.......9.4....5....978....3............");
    assert_eq!(rating, 6.4);
    assert!(wing.starts_with("VWXYZ-wing: r2c2,r4c2,r4c3,r5c2 {1,4,5,8,9} with r1c2 {1,5}"), "{wing}");
}
