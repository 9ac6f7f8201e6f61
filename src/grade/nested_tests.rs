//! SE's nested forcing chains (`nested`, `forcing::Level::NestedForcing`
//! and `NestedMultiple`) on puzzles of `shared/data/sudoku/hardest-1106.txt`
//! whose rating and path Sukaku Explainer gives (built from source, see
//! docs/grading.md; `serate --format='%r %R' --after='%r %s'`).

use super::{Problem, Technique, grade};

fn classic(p: &str) -> Problem {
    Problem::classic(3, 3, p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// Cell index of `r{row}c{col}` (1-based, 9×9).
fn rc(row: usize, col: usize) -> usize {
    (row - 1) * 9 + col - 1
}

/// hardest-1106.txt, puzzle 1. SE rates it 10.3, "Dynamic Region Forcing
/// Chains (+ Forcing Chains)"; its path's first chain step is that one:
/// "10.3 Region Forcing Chains: 3 in row ==> r6c5.4 off". The branches
/// from 3 in r6c1 and in r6c7 reach r6c5=8 only through a forcing chain
/// on the working grid (r6c1<>8 makes r5c4<>8 an X-chain's conclusion).
/// Before nesting, the grader rated it a guess (10.0).
#[test]
fn a_region_chain_with_forcing_chains_inside_rates_as_in_se() {
    let puzzle = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let g = grade(&classic(puzzle));
    assert!(g.solved);
    assert_eq!((g.se_rating, g.hardest), (10.3, Technique::NestedForcingChain));
    let first = g.steps.iter().find(|s| s.rating > 2.0).expect("a chain step");
    assert_eq!(first.technique, Technique::NestedForcingChain);
    assert_eq!(first.rating, 10.3);
    assert_eq!(first.eliminations, vec![(rc(6, 5), 3)]);
    assert!(first.description.contains("each place of 3 in row 6: r6c1=3 -> "), "{}", first.description);
    // The inner chains it stands on, after its branches: here X-chains on 8
    // that r6c1<>8 (or r3c6<>8) makes on the working grid. Of two equally
    // short ones, SE's breadth-first search takes the one whose first
    // step turns off a place in the box (r6c5), before the column (r3c4).
    let inside = first.description.split(" inside: ").nth(1).expect("inner chains named");
    assert!(inside.contains("[r5c4=8 -> r6c5<>8 -> r6c1=8 -> r3c1<>8 -> r3c4=8 -> r5c4<>8]"), "{}", first.description);
    assert!(!g.steps.iter().any(|s| s.technique == Technique::Guess));
}

/// hardest-1106.txt, puzzle 11. SE's first step past the singles is rated
/// 11.5: "11.5 Contradiction Forcing Chain: r9c5.6 on ==> r4c8.5 both on &
/// off", a level-3 chain (10.0 + 1.5: past 2 + 512 implications counting
/// the multiple forcing chains inside; the grader counts 685, SE's own
/// count was not printed). The grader's is the same
/// step, and nothing on its path rates higher. (SE had not finished the
/// puzzle after 40 minutes; before nesting, the grader rated it a guess.)
#[test]
fn a_contradiction_with_multiple_forcing_chains_inside_rates_as_in_se() {
    let puzzle = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4";
    let g = grade(&classic(puzzle));
    assert!(g.solved);
    assert_eq!((g.se_rating, g.hardest), (11.5, Technique::NestedMultipleForcingChain));
    let first = g.steps.iter().find(|s| s.rating > 2.0).expect("a chain step");
    assert_eq!((first.technique, first.rating), (Technique::NestedMultipleForcingChain, 11.5));
    assert_eq!(first.eliminations, vec![(rc(9, 5), 5)]);
    assert!(first.description.contains("(685 nodes), contradiction: r9c5=6 -> "), "{}", first.description);
    assert!(first.description.contains(" -> r4c8<>5 inside: ["), "{}", first.description);
}

/// A held-out forum puzzle (tdoku's `puzzles5_forum_hardest_1905_11+`, not
/// in the shared files) that SE rates 11.0, "Dynamic Contradiction Forcing
/// Chains (+ Multiple Forcing Chains)". SE's tenth step, "11.0
/// Contradiction Forcing Chain: r9c1.3 on ==> r7c6.7 both on & off",
/// counts 108: 39 + 35 ancestors and four inner chains (6 + 10 + 10 + 8).
/// Two rules of SE's decide it, and the grader rated it 10.9 without them:
/// - the peers a candidate turns off are taken box, row, column
///   (`getOnToOff`): from r4c1=7 the box's r5c2<>7 comes first, so r1c2=7
///   follows from column 2, where a forcing chain removed r4c2<>7, not from
///   box 1 (r3c1<>7, 98 in all);
/// - past 9.5 every step is SE's easiest on the grid the one before left:
///   SE's ninth step (10.9, r3c7.7 on) comes before r9c1.3, and removing
///   r3c7's 7 lengthens the r9c1 chains.
#[test]
fn peer_order_and_se_path_give_a_held_out_puzzle_its_se_rating() {
    let puzzle = "1..4....9.56..91.........6.........36....1.4.93...5.1.....2...85....4.9...7......";
    let g = grade(&classic(puzzle));
    assert!(g.solved);
    assert_eq!((g.se_rating, g.hardest), (11.0, Technique::NestedMultipleForcingChain));
    let nested: Vec<_> = g.steps.iter().filter(|s| s.technique == Technique::NestedMultipleForcingChain).collect();
    assert_eq!(nested[0].eliminations, vec![(rc(3, 7), 6)]);
    assert_eq!(nested[0].rating, 10.9);
    assert!(nested[0].description.contains("(98 nodes), contradiction: r3c7=7 -> "), "{}", nested[0].description);
    assert_eq!(nested[1].eliminations, vec![(rc(9, 1), 2)]);
    assert_eq!(nested[1].rating, 11.0);
    assert!(nested[1].description.contains("(108 nodes), contradiction: r9c1=3 -> "), "{}", nested[1].description);
    assert!(nested[1].description.contains(" -> r4c1=7 -> r5c2<>7 -> r1c2=7 -> "), "{}", nested[1].description);
}
