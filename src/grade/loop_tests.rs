//! SE's X-loops and its 5 and 6 strong links (`x_loops`, `strong_links`),
//! on puzzles whose path Sukaku Explainer gives (built from source, see
//! docs/grading.md; `serate --after='%r %s'`).

use super::{Problem, Step, Technique, grade};

fn classic(p: &str) -> Problem {
    Problem::classic(3, 3, p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// Cell index of `r{row}c{col}` (1-based, 9×9).
fn rc(row: usize, col: usize) -> usize {
    (row - 1) * 9 + col - 1
}

/// The step of `technique` the grade's rating stands on.
fn rating_step(puzzle: &str, technique: Technique) -> (f32, Step) {
    let g = grade(&classic(puzzle));
    assert!(g.solved, "{puzzle}");
    assert_eq!(g.hardest, technique, "{puzzle}: {:#?}", g.steps.iter().map(|s| &s.description).collect::<Vec<_>>());
    let step = g.steps.iter().find(|s| s.technique == technique && s.rating == g.se_rating).expect("the rating step").clone();
    (g.se_rating, step)
}

fn sorted(mut v: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    v.sort_unstable();
    v
}

/// Rated 5.4 by SE ("se-rated.txt"); SE's path: "5.4 (3 Strong Links)
/// X-Loop 0111: Cell r4c2,r4c7,r8c7,r8c4,r6c4,r6c3 on value 1". The
/// grader found the same three links as an open chain before, removing
/// only what sees both of its ends; the loop removes along each weak link.
#[test]
fn a_three_link_x_loop_rates_5_4_as_in_se() {
    let (rating, step) = rating_step("14.3.9...7..82..9........763.29...4...........8...52.782........5..38..4...6.2.89", Technique::XLoop);
    assert_eq!(rating, 5.4);
    assert_eq!(step.rating, 5.4);
    assert!(step.description.starts_with("X-loop (3 strong links): r4c2=r4c7 - r8c7=r8c4 - r6c4=r6c3 - r4c2 on 1"), "{}", step.description);
    // One on each weak link: column 7, column 4, box 4.
    assert_eq!(sorted(step.eliminations.clone()), sorted(vec![(rc(3, 4), 0), (rc(5, 3), 0), (rc(9, 7), 0)]));
}

/// Rated 5.7 by SE; its path: "5.7 (3 Strong Links) Grouped X-Loop 2121:
/// Cell r2c1,r2c7,r1c8,r7c8,r8c7,r8c1 on value 1", the column 8 link
/// grouped (its places in two box segments) and the box 9 link from a
/// mini-row to a cell.
#[test]
fn a_grouped_x_loop_rates_5_7_as_in_se() {
    let (rating, step) = rating_step("..3.2.....6.834.5....6....9.4....92.85.....74.21....6.2....8....3.295.4.....7.2..", Technique::XLoop);
    assert_eq!(rating, 5.7);
    assert!(
        step.description.starts_with("grouped X-loop (3 strong links): r2c1=r2c7 - (r1c8,r3c8)=(r7c8,r9c8) - (r8c7,r8c9)=r8c1 - r2c1 on 1"),
        "{}",
        step.description
    );
    let want = [(1, 7), (1, 9), (3, 7), (7, 9), (9, 1), (9, 9)].map(|(r, c)| (rc(r, c), 0u8));
    assert_eq!(sorted(step.eliminations.clone()), sorted(want.to_vec()));
}
