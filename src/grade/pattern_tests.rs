//! Every step names its pattern (issue 30, item 7): each step past the
//! singles records the cells and candidates that form it as data
//! ([`Pattern`]), its words name them, and they hold on the board the step
//! was found on.

use super::board::Topology;
use super::*;

use super::tests::data_file;

fn classic(p: &str) -> Problem {
    Problem::classic(3, 3, p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn has(step: &Step, c: usize, d: u8) -> bool {
    step.candidates.get(c).is_some_and(|m| m >> d & 1 == 1)
}

fn sees(topo: &Topology, a: usize, b: usize) -> bool {
    topo.peer_set[a].contains(b)
}

fn is_fish(t: Technique) -> bool {
    matches!(t, Technique::XWing | Technique::Swordfish | Technique::Jellyfish)
}

fn is_wing(t: Technique) -> bool {
    use Technique::*;
    matches!(t, XYWing | XYZWing | WXYZWing | VWXYZWing | UVWXYZWing | TUVWXYZWing)
}

/// One-digit chains and loops of strong links (SE's 4.0 - 6.9).
fn is_link_chain(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        Skyscraper
            | TwoStringKite
            | TurbotFish
            | EmptyRectangle
            | GroupedTurbotFish
            | XLoop
            | StrongLinks3
            | GroupedStrongLinks
            | StrongLinks4
    )
}

/// SE's static chains and cycles (6.5 - 7.x).
fn is_static_chain(t: Technique) -> bool {
    use Technique::*;
    matches!(t, XCycle | YCycle | XChain | XYCycle | XYChain)
}

fn is_forcing(t: Technique) -> bool {
    use Technique::*;
    matches!(t, NishioForcingChain | CellForcingChain | RegionForcingChain | DynamicForcingChain | DynamicForcingChainPlus)
}

/// Whether a strong or weak link between two chain nodes holds on the
/// step's board: weak, the nodes see each other (or share their one cell);
/// strong, a bivalue cell, or a full house whose places of the digit all lie
/// in the two nodes.
fn link_holds(topo: &Topology, step: &Step, prev: &ChainNode, node: &ChainNode) -> Result<(), String> {
    let same_cell = prev.cells.len() == 1 && prev.cells == node.cells && prev.digit != node.digit;
    let text = |n: &ChainNode| format!("{:?}:{}", n.cells.iter().map(|&c| topo.names[c].clone()).collect::<Vec<_>>(), n.digit + 1);
    match node.link {
        Link::Start => Err("a start link inside the chain".into()),
        Link::Forced => Ok(()),
        Link::Weak => {
            let ok = same_cell
                || (prev.digit == node.digit && prev.cells.iter().all(|&a| node.cells.iter().all(|&b| a != b && sees(topo, a, b))));
            if ok { Ok(()) } else { Err(format!("weak link {} - {} does not hold", text(prev), text(node))) }
        }
        Link::Strong => {
            let ok = if same_cell {
                let c = prev.cells[0];
                step.candidates[c] == (1 << prev.digit | 1 << node.digit)
            } else {
                prev.digit == node.digit
                    && topo.houses.iter().filter(|h| h.full).any(|h| {
                        let places: Vec<usize> = h.cells.iter().copied().filter(|&c| has(step, c, node.digit)).collect();
                        let inside = |n: &ChainNode| n.cells.iter().any(|c| places.contains(c));
                        inside(prev) && inside(node) && places.iter().all(|c| prev.cells.contains(c) || node.cells.contains(c))
                    })
            };
            if ok { Ok(()) } else { Err(format!("strong link {} = {} does not hold", text(prev), text(node))) }
        }
    }
}

/// What every step past the singles must show: a pattern whose candidates
/// were candidates on the step's board, `uses` drawn from it, its cells
/// named in the words of every fish, wing and chain, and the technique's
/// own shape (a fish's lines, a wing's pincers, a chain's links) with the
/// eliminations where the pattern puts them.
fn check_step(topo: &Topology, step: &Step) -> Result<(), String> {
    let t = step.technique;
    if is_single(t) {
        return Ok(());
    }
    if step.uses.is_empty() {
        return Err("no candidates used".into());
    }
    for &(c, d) in &step.uses {
        if !has(step, c, d) && !step.placements.contains(&(c, d)) {
            return Err(format!("uses {}={} which is no candidate", topo.names[c], d + 1));
        }
    }
    let p = &step.pattern;
    if p.candidates.is_empty() {
        return Err("an empty pattern".into());
    }
    for &(c, d) in &p.candidates {
        if !has(step, c, d) {
            return Err(format!("pattern candidate {}={} is no candidate there", topo.names[c], d + 1));
        }
    }
    if is_fish(t) || is_wing(t) || is_link_chain(t) || is_static_chain(t) || is_forcing(t) {
        let words: Vec<&str> = step.description.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        for &(c, _) in &p.candidates {
            if !words.contains(&topo.names[c].as_str()) {
                return Err(format!("the words do not name {}", topo.names[c]));
            }
        }
    }
    let in_part = |part: Part, c: usize| p.houses.iter().any(|h| h.part == part && h.cells.contains(&c));
    if is_fish(t) {
        let degree = match t {
            Technique::XWing => 2,
            Technique::Swordfish => 3,
            _ => 4,
        };
        let count = |part: Part| p.houses.iter().filter(|h| h.part == part).count();
        if count(Part::Base) != degree || count(Part::Cover) != degree {
            return Err(format!("{degree} base and cover lines expected"));
        }
        if p.candidates.iter().any(|&(c, _)| !in_part(Part::Base, c) || !in_part(Part::Cover, c)) {
            return Err("a fish cell outside its base and cover".into());
        }
        if step.eliminations.iter().any(|&(c, _)| !in_part(Part::Cover, c) || in_part(Part::Base, c)) {
            return Err("an elimination outside the cover, or in the base".into());
        }
    }
    let of = |part: Part| p.cells.iter().filter(|x| x.part == part).map(|x| x.cell).collect::<Vec<_>>();
    if matches!(t, Technique::XYWing | Technique::XYZWing) {
        let (pivot, pincers) = (of(Part::Pivot), of(Part::Pincer));
        if pivot.len() != 1 || pincers.len() != 2 {
            return Err("a pivot and two pincers expected".into());
        }
        let must_see = if t == Technique::XYZWing { [pincers[0], pincers[1], pivot[0]].to_vec() } else { pincers };
        if step.eliminations.iter().any(|&(c, _)| must_see.iter().any(|&w| !sees(topo, c, w))) {
            return Err("an elimination that does not see the pincers".into());
        }
    }
    if is_link_chain(t) || is_static_chain(t) || is_forcing(t) {
        if p.chains.is_empty() {
            return Err("no chain".into());
        }
        for chain in &p.chains {
            if chain.first().map(|n| n.link) != Some(Link::Start) {
                return Err("a chain without its start".into());
            }
            for w in chain.windows(2) {
                link_holds(topo, step, &w[0], &w[1])?;
            }
        }
    }
    if t == Technique::XLoop {
        // A loop: its last node is its first again, and each elimination
        // sees both sides of one of its weak links.
        let chain = &p.chains[0];
        if chain[0].cells != chain[chain.len() - 1].cells {
            return Err("a loop that does not close".into());
        }
        let sees_all = |c: usize, n: &ChainNode| n.cells.iter().all(|&e| sees(topo, c, e));
        let weak = |w: &[ChainNode]| w[1].link == Link::Weak;
        if step.eliminations.iter().any(|&(c, _)| !chain.windows(2).any(|w| weak(w) && sees_all(c, &w[0]) && sees_all(c, &w[1]))) {
            return Err("an elimination that sees no weak link's both sides".into());
        }
    } else if is_link_chain(t) {
        let chain = &p.chains[0];
        let ends = [&chain[0], &chain[chain.len() - 1]];
        if step.eliminations.iter().any(|&(c, _)| ends.iter().any(|n| n.cells.iter().any(|&e| !sees(topo, c, e)))) {
            return Err("an elimination that does not see both ends".into());
        }
    }
    if matches!(t, Technique::XChain | Technique::XYChain) {
        let chain = &p.chains[0];
        let (first, last) = (&chain[0], &chain[chain.len() - 1]);
        let target = (last.cells[0], last.digit);
        let concluded = if last.on { step.placements.contains(&target) } else { step.eliminations.contains(&target) };
        if first.cells != last.cells || first.digit != last.digit || first.on == last.on || !concluded {
            return Err("a chain that does not end on its start's opposite".into());
        }
    }
    if is_forcing(t) {
        let sources = of(Part::Source);
        if sources.is_empty() || p.chains.iter().any(|ch| !sources.contains(&ch[0].cells[0])) {
            return Err("a forcing branch that does not start at its source".into());
        }
    }
    if t == Technique::UniqueRectangle && of(Part::Corner).len() != 4 {
        return Err("a unique rectangle without its four corners".into());
    }
    Ok(())
}

/// SE-rated puzzles from 3.2 up (fish, wings, strong links, chains) and
/// the first of top1465 (forcing chains), each step checked.
#[test]
fn every_step_past_the_singles_names_a_pattern_that_holds() {
    let se = data_file("se-rated.txt").expect("shared/data/sudoku/se-rated.txt");
    let top = data_file("top1465.txt").expect("shared/data/sudoku/top1465.txt");
    let se = std::fs::read_to_string(se).unwrap_or_default();
    let top = std::fs::read_to_string(top).unwrap_or_default();
    let rated = se.lines().filter(|l| !l.starts_with('#')).filter_map(|l| {
        let mut w = l.split_whitespace();
        let (puzzle, rating) = (w.next()?, w.next()?.parse::<f32>().ok()?);
        (rating >= 3.2).then_some(puzzle)
    });
    let hard = top.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_whitespace().next());
    let puzzles: Vec<&str> = rated.step_by(23).take(70).chain(hard.take(6)).collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for puzzle in &puzzles {
        let problem = classic(puzzle);
        let topo = Topology::new(&problem);
        let g = grade(&problem);
        for step in &g.steps {
            seen.insert(step.technique);
            if let Err(why) = check_step(&topo, step) {
                failures.push(format!("{puzzle}: {why}: {}", step.description));
            }
        }
    }
    assert!(failures.is_empty(), "{} steps fail:\n{}", failures.len(), failures.join("\n"));
    // The corpus reaches every kind of pattern the test checks.
    for kind in [is_fish, is_wing, is_link_chain, is_static_chain, is_forcing] {
        assert!(seen.iter().any(|&t| kind(t)), "the corpus misses a kind of step: {seen:?}");
    }
    assert!(seen.contains(&Technique::TurbotFish) && seen.contains(&Technique::XWing), "{seen:?}");
}

/// The first step of `technique` on the path of `puzzle`.
fn step_of(puzzle: &str, technique: Technique) -> Step {
    let g = grade(&classic(puzzle));
    g.steps.into_iter().find(|s| s.technique == technique).unwrap_or_else(|| panic!("no {technique} in {puzzle}"))
}

fn cells_named(p: &Pattern, part: Part) -> Vec<String> {
    p.cells.iter().filter(|c| c.part == part).map(|c| format!("r{}c{}", c.cell / 9 + 1, c.cell % 9 + 1)).collect()
}

fn chain_text(chain: &[ChainNode]) -> String {
    chain
        .iter()
        .map(|n| {
            format!("{}{}", n.link.sign(), n.cells.iter().map(|&c| format!("r{}c{}", c / 9 + 1, c % 9 + 1)).collect::<Vec<_>>().join(","))
        })
        .collect()
}

/// HoDoKu's X-wing example bf202.
#[test]
fn an_x_wing_names_its_lines_and_four_cells() {
    let step = step_of("9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......", Technique::XWing);
    assert_eq!(
        step.description,
        "X-wing on 1: columns 1,5 × rows 2,5 (r2c1 r2c5 r5c1 r5c5) => r2c4<>1, r2c7<>1, r2c8<>1, r2c9<>1, r5c3<>1, r5c4<>1, r5c7<>1, r5c8<>1, r5c9<>1"
    );
    let houses: Vec<(Part, &str)> = step.pattern.houses.iter().map(|h| (h.part, h.name.as_str())).collect();
    assert_eq!(houses, [(Part::Base, "column 1"), (Part::Base, "column 5"), (Part::Cover, "row 2"), (Part::Cover, "row 5")]);
    assert_eq!(step.pattern.candidates, [(9, 0), (13, 0), (36, 0), (40, 0)]);
}

/// HoDoKu's skyscraper example sk01: two conjugate pairs on 1 in columns
/// 6 and 9, joined in row 5.
#[test]
fn a_skyscraper_names_its_four_cells_and_links() {
    let step = step_of("...........19.2.6......679.9.2...6..37....95...5.....414...3..57.9.24......8.....", Technique::Skyscraper);
    assert_eq!(step.description, "skyscraper: r1c6=r5c6 - r5c9=r3c9 on 1 => r1c7<>1, r1c8<>1, r3c4<>1, r3c5<>1");
    assert_eq!(step.pattern.chains.len(), 1);
    assert_eq!(chain_text(&step.pattern.chains[0]), "r1c6=r5c6-r5c9=r3c9");
    assert!(step.pattern.chains[0].iter().all(|n| n.digit == 0));
    let mut uses: Vec<(usize, u8)> = step.uses.clone();
    uses.sort_unstable();
    assert_eq!(uses, [(5, 0), (26, 0), (41, 0), (44, 0)]);
}

/// HoDoKu's XY-wing example xy01.
#[test]
fn an_xy_wing_names_its_pivot_and_pincers() {
    let step = step_of("....6........1.863..3..9...9.4......3.....7.457.82.........658.69...7.......4..3.", Technique::XYWing);
    assert_eq!(step.description, "XY-wing: r1c3 {5,7} with r2c1 {2,7} and r1c6 {2,5}, z=2 => r2c6<>2");
    assert_eq!(cells_named(&step.pattern, Part::Pivot), ["r1c3"]);
    assert_eq!(cells_named(&step.pattern, Part::Pincer), ["r2c1", "r1c6"]);
    assert_eq!(step.pattern.candidates, [(2, 4), (2, 6), (9, 1), (9, 6), (5, 1), (5, 4)]);
}

/// X-chains from the SE-rated set: three strong links on one digit
/// (Sukaku's "3 strong-linked fish"), and a chain of cell and house links
/// (an XY-chain), each node with its link.
#[test]
fn x_chains_name_every_node_and_link() {
    let step = step_of("..8.9...5.....1....9.27.1..2.....53..86.3.74..35.....8..4.69.5....3.....8...1.6..", Technique::StrongLinks3);
    assert_eq!(step.description, "3 strong-linked fish: r7c2=r7c9 - r5c9=r5c6 - r6c5=r8c5 on 2 => r8c2<>2, r8c3<>2");
    assert_eq!(chain_text(&step.pattern.chains[0]), "r7c2=r7c9-r5c9=r5c6-r6c5=r8c5");
    // HoDoKu's ar101 (the puzzle used before, SE 6.7, needs no forcing
    // chain once a doubly linked VWXYZ-wing comes first, as on SE's path).
    let step = step_of(".5........6.5.42....8.71...4....36.8.........89.1..7..3...........2.7.1..72.3..9.", Technique::XYChain);
    assert_eq!(
        step.description,
        "forcing chain (8 nodes): r9c6=6 -> r9c6<>5 -> r8c5=5 -> r8c5<>4 -> r8c9=4 -> r8c9<>6 -> r9c9=6 -> r9c6<>6 => r9c6<>6"
    );
    let links: Vec<Link> = step.pattern.chains[0].iter().map(|n| n.link).collect();
    use Link::*;
    assert_eq!(links, [Start, Weak, Strong, Weak, Strong, Weak, Strong, Weak]);
}

/// A pie prints its symbols past 9 as 10, 11, 12: the steps' words and a
/// hint's say them so too (they said A, B, C).
#[test]
fn pie_steps_name_symbols_as_the_page_prints_them() {
    let family = crate::family::open(crate::layout::Layout::load("pie-12").unwrap());
    // `generate pie-12 --seed 3`.
    let givens = "92.C....A.6B8C6.95...4...5273C4....671....C.B8A3348A.....BC7..318.6B...A";
    let report = family.grade(givens).unwrap();
    let words = report.steps.join("\n");
    for high in ["=10", "=11", "=12"] {
        assert!(words.contains(high), "no {high}:\n{words}");
    }
    for letter in ["=A", "=B", "=C", "<>A", "<>B", "<>C", " A in", " B in", " C in"] {
        assert!(!words.contains(letter), "{letter}:\n{words}");
    }
    let hint = family.hint(givens, &crate::lang::english()).unwrap();
    let text = format!("{} {}", hint.look, hint.finds.unwrap_or_default());
    assert!(![" A ", " B ", " C ", " A.", " B.", " C."].iter().any(|l| text.contains(l)), "{text}");
}

/// Sukaku Explainer (built from source; `serate --before='%m' --after='%s'`
/// around the step) on this se-rated.txt puzzle at 7.5: "Aligned Triplet
/// Exclusion: r2c1,r3c4,r2c3", taking 7 and 9 from r2c3 ({5,7,9}, with
/// r2c1 {7,9} and r3c4 {2,4}). The grader finds the same three cells, in
/// SE's order, against the same cell.
#[test]
fn an_aligned_triplet_exclusion_is_ses() {
    let step =
        step_of("2.........3.8.1.4..6..5...1...5...67...9.2...18...3...5...7..3..2.3.4.5.........8", Technique::AlignedTripletExclusion);
    assert_eq!(step.description, "aligned triplet exclusion: r2c1,r3c4,r2c3 against r2c5,r3c3 => r2c3<>7, r2c3<>9");
    let cells: Vec<usize> = step.pattern.cells.iter().map(|c| c.cell).collect();
    assert_eq!(cells, [9, 21, 11]);
    assert_eq!(step.eliminations, [(11, 6), (11, 8)]);
}

/// SE's TUVWXYZ-wing on this puzzle: "TUVWXYZ-Wing 2519: Cells
/// r1c3,r2c3,r4c3,r7c3,r8c3,r9c3,r9c2 on values 3,9" (doubly linked, set
/// in column 3 with seven digits, bivalue cell r9c2).
#[test]
fn a_tuvwxyz_wing_names_its_six_cells_and_bivalue_cell() {
    let step = step_of("78......3.....4..9...82.....1.6923....27.16....7543.8.....37...2..1.....4......76", Technique::TUVWXYZWing);
    assert_eq!(cells_named(&step.pattern, Part::Member), ["r1c3", "r2c3", "r4c3", "r7c3", "r8c3", "r9c3"]);
    assert_eq!(cells_named(&step.pattern, Part::Pincer), ["r9c2"]);
    assert!(step.description.starts_with("TUVWXYZ-wing (doubly linked): "), "{}", step.description);
}
