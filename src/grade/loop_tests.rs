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

/// A board with every candidate but digit 1's places: `1` where 1 may go.
fn board_with_ones(ones: &str) -> (super::board::Topology, super::board::Board) {
    let p = classic(&".".repeat(81));
    let topo = super::board::Topology::new(&p);
    let mut b = super::board::Board::new(&topo, &p.givens);
    for (c, ch) in ones.chars().enumerate() {
        if ch != '1' {
            b.eliminate(c, 0);
        }
    }
    (topo, b)
}

/// Five conjugate pairs of 1 in rows 1, 4, 6, 2 and 8 (every other row,
/// column and box holds three places or more, so no other house links),
/// each joined to the next in a column: SE's "5 Skyscrapers", rated 6.2
/// (`StrongLinksHint.baseRatings`, links in parallel lines). The chain runs
/// r1c1=r1c4 - r4c4=r4c7 - r6c7=r6c5 - r2c5=r2c9 - r8c9=r8c2; the 1s that
/// see both ends go: r3c2 (box 1, column 2), r7c1 and r9c1 (column 1, box 7).
/// SE on the same candidates (729-character input, `--techs=` with only
/// "5 Strong-Linked Fishes") gives "6.2 5 Skyscrapers 011111: Cell
/// r1c1,r1c4,r4c4,r4c7,r6c7,r6c5,r2c5,r2c9,r8c9,r8c2 on value 1" and
/// removes those three.
#[test]
fn five_strong_links_in_parallel_rows_rate_6_2() {
    let ones = "1..1.........1...1.111.111....1..1....1..1.1.....1.1..1...11.11.1......11111...1.";
    let (topo, b) = board_with_ones(ones);
    let mut index = super::strong_links::LinkIndex::default();
    let hint = super::strong_links::strong_links(&topo, &b, &mut index, 5, 1, u32::MAX).expect("a chain of five strong links");
    assert_eq!(hint.technique, Technique::StrongLinks5);
    assert_eq!(hint.rating, 62);
    assert_eq!(sorted(hint.eliminations.clone()), sorted(vec![(rc(3, 2), 0), (rc(7, 1), 0), (rc(9, 1), 0)]));
    assert!(hint.description.starts_with("5 strong-linked fish: "), "{}", hint.description);
}

/// A sixth pair, r7c2=r7c3, after the five above (rows 3, 5 and 9 hold
/// three or four places): SE's "6.6 6 Skyscrapers 0111111: Cell
/// r1c1,r1c4,r4c4,r4c7,r6c7,r6c5,r2c5,r2c9,r8c9,r8c2,r7c2,r7c3 on value 1"
/// (`--techs=` with only "6 Strong-Linked Fishes"), removing r3c3 (box 1,
/// column 3) and r9c1 (column 1, box 7).
#[test]
fn six_strong_links_in_parallel_rows_rate_6_6() {
    let ones = "1..1.........1...11.11........1..1....1.1.1.1....1.1...11.......1......111..1....";
    let (topo, b) = board_with_ones(ones);
    let mut index = super::strong_links::LinkIndex::default();
    let hint = super::strong_links::strong_links(&topo, &b, &mut index, 6, 1, u32::MAX).expect("a chain of six strong links");
    assert_eq!(hint.technique, Technique::StrongLinks6);
    assert_eq!(hint.rating, 66);
    assert_eq!(sorted(hint.eliminations.clone()), sorted(vec![(rc(3, 3), 0), (rc(9, 1), 0)]));
    assert!(
        hint.description.starts_with("6 strong-linked fish: r1c1=r1c4 - r4c4=r4c7 - r6c7=r6c5 - r2c5=r2c9 - r8c9=r8c2 - r7c2=r7c3 on 1"),
        "{}",
        hint.description
    );
}
