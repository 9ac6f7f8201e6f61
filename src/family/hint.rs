//! A book's hint for one puzzle, as a family words it (plain data: the
//! book flows and draws it; `Family::hint` returns it, so the family trait
//! speaks no book type), and the words of the cell families' hints: a
//! grader's step said in two stages — the technique and where to look,
//! then the pattern and what it removes or places ([`describe`]).

use super::words::{SUDOKU_CHAINS, sudoku_skill};
use crate::grade::{Stuck, StuckStep, Technique, is_single};

/// One puzzle's hint, in a reader's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Stage 1: the technique and where to look ("Look for a naked pair in
    /// row 4."), or that singles solve the whole puzzle.
    pub look: String,
    /// Stage 2: what the step finds ("r4c5 and r4c6 hold only 3 and 7: it
    /// removes 3 and 7 from r4c1 and r4c9."); `None` for singles only.
    pub finds: Option<String>,
    /// How the hint names cells, for the section's introduction ("r4c7 is
    /// row 4, column 7"); `None` when it names none.
    pub naming: Option<String>,
}

/// The words for a puzzle solved by singles alone.
pub const SINGLES_ONLY: &str = "Singles all the way: every step is a hidden or naked single.";

/// How a family names what a hint points at.
pub struct Names<'a> {
    pub cell: &'a dyn Fn(usize) -> String,
    /// A house as a reader finds it on the page ("row 4", "the region with r1c1").
    pub house: &'a dyn Fn(usize) -> String,
    /// A symbol as the page prints it (a pie's 10, 11, 12).
    pub symbol: &'a dyn Fn(u8) -> String,
    /// How cells are named, for the section's introduction.
    pub naming: String,
}

/// The reader's hint for a stuck point.
pub fn describe(stuck: &Stuck, names: &Names) -> Hint {
    match stuck {
        Stuck::SinglesOnly => Hint { look: SINGLES_ONLY.to_string(), finds: None, naming: None },
        Stuck::Step(step) => Hint { look: look(step, names), finds: Some(finds(step, names)), naming: Some(names.naming.clone()) },
    }
}

/// A technique in plain words (a pointing pair or triple by its cells):
/// the technique table's words ([`crate::grade::About::words`]).
pub fn technique_words(technique: Technique, pattern_cells: usize) -> &'static str {
    use Technique::*;
    let triple = pattern_cells == 3;
    match technique {
        DirectPointing | Pointing if triple => "pointing triple",
        DirectClaiming | Claiming if triple => "claiming triple",
        _ => technique.about().words,
    }
}

/// "a" or "an" before a technique's name, by its sound.
fn article(words: &str) -> &'static str {
    match words.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'X') => "an",
        _ => "a",
    }
}

/// "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Houses as a reader says them: "rows 2 and 6" when they are all numbered
/// houses of one kind, else each by its name.
fn house_list(houses: &[usize], names: &Names) -> String {
    let named: Vec<String> = houses.iter().map(|&h| (names.house)(h)).collect();
    let split: Vec<Option<(&str, &str)>> =
        named.iter().map(|n| n.split_once(' ').filter(|(_, num)| !num.is_empty() && num.chars().all(|c| c.is_ascii_digit()))).collect();
    let kind = split.first().copied().flatten().map(|(kind, _)| kind);
    match kind {
        Some(kind) if named.len() > 1 && split.iter().all(|s| s.is_some_and(|(k, _)| k == kind)) => {
            let numbers: Vec<String> = split.iter().flatten().map(|(_, n)| n.to_string()).collect();
            format!("{kind}s {}", list(&numbers))
        }
        _ => list(&named),
    }
}

fn cell_list(cells: &[usize], names: &Names) -> String {
    list(&cells.iter().map(|&c| (names.cell)(c)).collect::<Vec<_>>())
}

fn digit_list(digits: &[u8], names: &Names) -> String {
    list(&digits.iter().map(|&d| (names.symbol)(d)).collect::<Vec<_>>())
}

fn is_wing(t: Technique) -> bool {
    matches!(t, Technique::XYWing | Technique::XYZWing)
}

/// Stage 1: the technique and the house (or cell, or digit) to look at.
fn look(step: &StuckStep, names: &Names) -> String {
    if step.technique == Technique::Guess {
        return "No technique in the usual list finds the next step here: it takes trial and error.".to_string();
    }
    let words = technique_words(step.technique, step.cells.len());
    let what = format!("{} {words}", article(words));
    if let Some(cage) = sum_words(step, names) {
        // Only the steps that stand on one cage's sum name a cage; the rule
        // of 45's sum belongs to the cells it leaves, not to a cage.
        match step.technique {
            Technique::InniesOuties => return format!("Look for the rule of 45 around {}.", (names.cell)(step.path[0])),
            Technique::InniesOutiesUnion => {
                return format!("Look for the rule of 45 over boxes side by side, around {}.", (names.cell)(step.path[0]));
            }
            Technique::CageHouse => {
                return format!("Look at {cage}: a digit it must hold has its places there in one row, column or box.");
            }
            Technique::CageCombination => return format!("Look at {cage}: which digits can make its sum?"),
            Technique::CageInteraction => {
                return format!("Look at {cage}: which of the combinations of its sum would leave its row, column or box stuck?");
            }
            _ => {}
        }
    }
    let fish = matches!(step.technique, Technique::XWing | Technique::Swordfish | Technique::Jellyfish);
    let on_digit = |digits: &[u8]| if digits.len() == 1 { format!(" on {}", digit_list(digits, names)) } else { String::new() };
    if fish {
        format!("Look for {what}{} in {}.", on_digit(&step.digits), house_list(&step.houses, names))
    } else if !step.houses.is_empty() {
        format!("Look for {what} in {}.", house_list(&step.houses, names))
    } else if is_wing(step.technique) && !step.cells.is_empty() {
        format!("Look for {what} with its pivot at {}.", (names.cell)(step.cells[0]))
    } else if let Some(&start) = step.path.first() {
        format!("Look for {what}{} starting at {}.", on_digit(&step.digits), (names.cell)(start))
    } else {
        format!("Look for {what}{}.", on_digit(&step.digits))
    }
}

/// "the 17-cage on r3c4 and r4c4" for a killer step that stands on a sum.
fn sum_words(step: &StuckStep, names: &Names) -> Option<String> {
    let sum = step.sum?;
    step.path.first()?;
    Some(format!("the {sum}-cage on {}", cell_list(&step.path, names)))
}

/// Stage 2: the pattern, then what it removes or places.
fn finds(step: &StuckStep, names: &Names) -> String {
    let effect = effect(step, names);
    match pattern(step, names) {
        Some(pattern) => format!("{pattern}: {effect}."),
        None => format!("{}{}.", effect[..1].to_uppercase(), &effect[1..]),
    }
}

/// The pattern a step rests on, where the grader said it.
fn pattern(step: &StuckStep, names: &Names) -> Option<String> {
    use Technique::*;
    let cells = cell_list(&step.cells, names);
    let digits = digit_list(&step.digits, names);
    let house = |i: usize| step.houses.get(i).map(|&h| (names.house)(h));
    // The cells of the pattern's candidates, in grid order.
    let mut pattern_cells: Vec<usize> = step.pattern.candidates.iter().map(|&(c, _)| c).collect();
    if matches!(step.technique, BivalueUniversalGrave) {
        pattern_cells = step.pattern.cells.iter().map(|p| p.cell).collect();
    }
    pattern_cells.sort_unstable();
    pattern_cells.dedup();
    let acts_on = |i: usize| step.acts_on.get(i).map(|&h| (names.house)(h));
    let mut text = match step.technique {
        DirectPointing | Pointing | DirectClaiming | Claiming => {
            format!("In {}, {digits} can go only in {}", house(0)?, acts_on(0)?)
        }
        GeneralizedIntersection => {
            format!("In {}, {digits} can go only in {cells}, and each of those cells sees the same cell outside", house(0)?)
        }
        NakedPair | NakedTriple | NakedQuad => format!("{cells} hold only {digits} between them"),
        DirectHiddenPair | DirectHiddenTriple | HiddenPair | HiddenTriple | HiddenQuad => {
            format!("In {}, {digits} can go only in {cells}", house(0)?)
        }
        XWing | Swordfish | Jellyfish => {
            let mut text = format!("In {}, {digits} can go only in {}", house_list(&step.houses, names), house_list(&step.acts_on, names));
            if !pattern_cells.is_empty() {
                text.push_str(&format!(" ({})", cell_list(&pattern_cells, names)));
            }
            text
        }
        XYWing | XYZWing if step.cells.len() == 3 => format!(
            "The pivot {} sees the wings {} and {}: whatever the pivot holds, {} holds {digits}",
            (names.cell)(step.cells[0]),
            (names.cell)(step.cells[1]),
            (names.cell)(step.cells[2]),
            if step.technique == XYWing { "one of the wings" } else { "one of the three" }
        ),
        CageCombination if step.sum.is_some() => {
            format!("{} can hold only the digits that make its sum", capitalised(&sum_words(step, names)?))
        }
        CageHouse if step.sum.is_some() => {
            format!("{} must hold {digits}, and can place it only in {}", capitalised(&sum_words(step, names)?), acts_on(0)?)
        }
        InniesOuties | InniesOutiesUnion if step.sum.is_some() => {
            format!("By the rule of 45 (each row, column and box adds up to 45), {} add up to {}", cell_list(&step.path, names), step.sum?)
        }
        Skyscraper | TwoStringKite | TurbotFish | StrongLinks3 | StrongLinks4 if !step.path.is_empty() => {
            format!(
                "The {} on {digits} runs through {}: in each of its links {digits} has only two places",
                technique_words(step.technique, 0),
                cell_list(&step.path, names)
            )
        }
        EmptyRectangle | GroupedTurbotFish | GroupedStrongLinks if !step.path.is_empty() => {
            format!("The {} on {digits} runs through {}", technique_words(step.technique, 0), cell_list(&step.path, names))
        }
        chain if sudoku_skill(chain) == SUDOKU_CHAINS && !step.path.is_empty() => {
            format!("The {} runs through {}", technique_words(step.technique, 0), cell_list(&step.path, names))
        }
        WXYZWing | VWXYZWing | UVWXYZWing if !step.cells.is_empty() => {
            format!("The {} stands on {}: whatever they hold, one of them holds {digits}", technique_words(step.technique, 0), cells)
        }
        UniqueRectangle | UniqueLoop if !step.cells.is_empty() => {
            format!("{cells} must not be left to hold only {digits}, or the puzzle would have two solutions")
        }
        AlignedPairExclusion if !step.cells.is_empty() => format!("Try the pairs of values {cells} can take together"),
        BivalueUniversalGrave if !pattern_cells.is_empty() => format!(
            "Every cell but {} is down to two candidates, and each digit to two places in each house",
            cell_list(&pattern_cells, names)
        ),
        _ if !pattern_cells.is_empty() && !is_single(step.technique) && step.technique != Guess => {
            format!("The {} stands on {}", technique_words(step.technique, 0), cell_list(&pattern_cells, names))
        }
        _ => return None,
    };
    // SE's direct steps: the elimination leaves a hidden single, placed at once.
    if matches!(step.technique, DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple) {
        let single = step.acts_on.get(1).or(step.houses.first()).map(|&h| (names.house)(h))?;
        let &(_, placed) = step.placements.first()?;
        text.push_str(&format!(", which leaves {} one place in {single}", (names.symbol)(placed)));
    }
    Some(text)
}

/// "it places 6 in r2c8" / "it removes 3 and 7 from r4c5 and r4c6".
fn effect(step: &StuckStep, names: &Names) -> String {
    let mut parts = Vec::new();
    if !step.placements.is_empty() {
        let placed: Vec<String> = step.placements.iter().map(|&(c, d)| format!("{} in {}", (names.symbol)(d), (names.cell)(c))).collect();
        parts.push(format!("it places {}", list(&placed)));
    }
    if !step.eliminations.is_empty() {
        // Digits removed from the same cells go together: "3 and 7 from r4c5 and r4c6".
        let mut by_digit: Vec<(u8, Vec<usize>)> = Vec::new();
        for &(c, d) in &step.eliminations {
            match by_digit.iter_mut().find(|(digit, _)| *digit == d) {
                Some((_, cells)) => cells.push(c),
                None => by_digit.push((d, vec![c])),
            }
        }
        by_digit.sort();
        let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
        for (d, mut cells) in by_digit {
            cells.sort_unstable();
            match groups.iter_mut().find(|(_, c)| *c == cells) {
                Some((digits, _)) => digits.push(d),
                None => groups.push((vec![d], cells)),
            }
        }
        let removed: Vec<String> =
            groups.iter().map(|(digits, cells)| format!("{} from {}", digit_list(digits, names), cell_list(cells, names))).collect();
        // Groups hold "and" themselves: a serial comma keeps them apart.
        let removed = match removed.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{}, and {last}", rest.join(", ")),
            _ => removed.join(""),
        };
        parts.push(format!("it removes {removed}"));
    }
    if parts.is_empty() { "it changes nothing".to_string() } else { parts.join(", and ") }
}

/// The first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square_names() -> (impl Fn(usize) -> String, impl Fn(usize) -> String, impl Fn(u8) -> String) {
        let cell = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let house = |h: usize| match h {
            0..=8 => format!("row {}", h + 1),
            9..=17 => format!("column {}", h - 8),
            _ => format!("box {}", h - 17),
        };
        let symbol = |d: u8| ((b'1' + d) as char).to_string();
        (cell, house, symbol)
    }

    fn step(technique: Technique) -> StuckStep {
        StuckStep {
            technique,
            rating: 3.0,
            placements: Vec::new(),
            eliminations: Vec::new(),
            houses: Vec::new(),
            acts_on: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            path: Vec::new(),
            sum: None,
            description: String::new(),
            pattern: crate::grade::Pattern::default(),
        }
    }

    #[test]
    fn eliminations_group_digits_that_leave_the_same_cells() {
        let (cell, house, symbol) = square_names();
        let names = Names { cell: &cell, house: &house, symbol: &symbol, naming: String::new() };
        let naked = StuckStep {
            eliminations: vec![(31, 2), (31, 6), (32, 2), (32, 6), (27, 8)],
            houses: vec![3],
            cells: vec![29, 30],
            digits: vec![2, 6],
            ..step(Technique::NakedPair)
        };
        let hint = describe(&Stuck::Step(naked), &names);
        assert_eq!(hint.look, "Look for a naked pair in row 4.");
        assert_eq!(
            hint.finds.as_deref(),
            Some("r4c3 and r4c4 hold only 3 and 7 between them: it removes 3 and 7 from r4c5 and r4c6, and 9 from r4c1.")
        );
        let fish =
            StuckStep { eliminations: vec![(40, 4)], houses: vec![10, 14], acts_on: vec![1, 7], digits: vec![4], ..step(Technique::XWing) };
        let hint = describe(&Stuck::Step(fish), &names);
        assert_eq!(hint.look, "Look for an X-wing on 5 in columns 2 and 6.");
        assert_eq!(hint.finds.as_deref(), Some("In columns 2 and 6, 5 can go only in rows 2 and 8: it removes 5 from r5c5."));
        let chain = StuckStep { placements: vec![(0, 0)], ..step(Technique::XYChain) };
        let hint = describe(&Stuck::Step(chain), &names);
        assert_eq!((hint.look.as_str(), hint.finds.as_deref()), ("Look for a forcing chain.", Some("It places 1 in r1c1.")));
        assert_eq!(describe(&Stuck::SinglesOnly, &names), Hint { look: SINGLES_ONLY.into(), finds: None, naming: None });
    }
}

#[cfg(test)]
mod hardest_tests {
    /// A killer's hints name the cage and its sum, from the grader's step.
    #[test]
    fn killer_hints_name_the_cage_and_its_sum() {
        let layout = crate::layout::Layout::load("killer-9").unwrap();
        let family = crate::family::open(layout.clone());
        let made = (1..20).find_map(|seed| family.make(seed, Some(crate::level::Level::Easy)).unwrap()).unwrap();
        let own = crate::family::stored("killer-9", made.own_layout.as_ref().unwrap()).unwrap();
        let hint = own.hint(&made.givens).unwrap();
        let cages = &own.layout().cells().unwrap().model.cages;
        // "Look at the 13-cage on r1c2, r1c3 and r1c4: …": a cage of the puzzle, with its sum.
        let named = cages.iter().find(|c| {
            let cells: Vec<String> = c.cells.iter().map(|&i| format!("r{}c{}", i / 9 + 1, i % 9 + 1)).collect();
            let list = match cells.as_slice() {
                [one] => one.clone(),
                [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
                [] => String::new(),
            };
            hint.look.contains(&format!("the {}-cage on {list}", c.sum))
        });
        assert!(named.is_some(), "{}", hint.look);
        assert!(!hint.look.contains("Look for a cage combination"), "{}", hint.look);
        assert!(hint.finds.as_deref().is_some_and(|f| f.contains("-cage on r")), "{:?}", hint.finds);
    }

    /// The rule of 45 over joined boxes stands on the cells it leaves, not
    /// on a cage: its hint says so (it read "Look at the 16-cage on …", a
    /// cage no page shows), and More help says what they add up to.
    #[test]
    fn a_joined_boxes_rule_of_45_names_no_cage() {
        use crate::grade::{StuckStep, Technique};
        let cell = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let house = |h: usize| format!("house {h}");
        let symbol = |s: u8| (s + 1).to_string();
        let names = super::Names { cell: &cell, house: &house, symbol: &symbol, naming: String::new() };
        let step = StuckStep {
            technique: Technique::InniesOutiesUnion,
            rating: 3.7,
            placements: Vec::new(),
            eliminations: vec![(69, 8), (70, 8)],
            houses: Vec::new(),
            acts_on: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            path: vec![33, 69, 70],
            sum: Some(16),
            description: String::new(),
            pattern: Default::default(),
        };
        let look = super::look(&step, &names);
        assert_eq!(look, "Look for the rule of 45 over boxes side by side, around r4c7.");
        let finds = super::finds(&step, &names);
        assert!(
            finds.starts_with("By the rule of 45 (each row, column and box adds up to 45), r4c7, r8c7 and r8c8 add up to 16: "),
            "{finds}"
        );
        let interaction = StuckStep { technique: Technique::CageInteraction, ..step };
        assert!(super::look(&interaction, &names).starts_with("Look at the 16-cage on r4c7, r8c7 and r8c8: which of the combinations"));
    }

    /// HoDoKu's skyscraper example sk01: its hardest-step hint names the
    /// skyscraper and its four cells; the first-stuck hint is another step.
    #[test]
    fn a_hardest_hint_names_the_skyscraper_and_its_four_cells() {
        let family = crate::family::open(crate::layout::Layout::load("classic-9").unwrap());
        let sk01 = "...........19.2.6......679.9.2...6..37....95...5.....414...3..57.9.24......8.....";
        let hint = family.hardest_hint(sk01).unwrap();
        assert!(hint.look.starts_with("Look for a skyscraper on "), "{}", hint.look);
        let finds = hint.finds.unwrap();
        assert!(finds.starts_with("The skyscraper on "), "{finds}");
        let cells: Vec<&str> = finds
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() == 4 && w.starts_with('r') && w.as_bytes()[2] == b'c')
            .collect();
        let through: std::collections::BTreeSet<&str> =
            finds.split(':').next().unwrap().split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| cells.contains(w)).collect();
        assert_eq!(through.len(), 4, "{finds}");
        // Here the skyscraper is also where singles stop.
        assert_eq!(family.hint(sk01).unwrap().look, hint.look);
    }

    /// HoDoKu's X-wing example bf202: More help names the fish's four cells.
    #[test]
    fn a_hardest_hint_names_the_x_wing_and_its_four_cells() {
        let family = crate::family::open(crate::layout::Layout::load("classic-9").unwrap());
        let bf202 = "9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......";
        let hint = family.hardest_hint(bf202).unwrap();
        assert_eq!(hint.look, "Look for an X-wing on 1 in columns 1 and 5.");
        let finds = hint.finds.unwrap();
        assert!(
            finds.starts_with("In columns 1 and 5, 1 can go only in rows 2 and 5 (r2c1, r2c5, r5c1 and r5c5): it removes 1 from "),
            "{finds}"
        );
    }

    /// HoDoKu's Y-cycle example d2sk02: the first stuck point is an easier
    /// step; the hardest hint is the cycle, its cells named.
    #[test]
    fn a_hardest_hint_goes_past_the_first_stuck_point_to_the_chain() {
        let family = crate::family::open(crate::layout::Layout::load("classic-9").unwrap());
        let d2sk02 = "...1.7......9.5.....3.8.5...9.....7...52.64..1.......87.......9..6.4.3...2.....1.";
        let first = family.hint(d2sk02).unwrap();
        let hardest = family.hardest_hint(d2sk02).unwrap();
        assert!(!first.look.contains("Y-cycle"), "{}", first.look);
        assert!(hardest.look.starts_with("Look for a Y-cycle starting at r"), "{}", hardest.look);
        let finds = hardest.finds.unwrap();
        assert!(finds.starts_with("The Y-cycle runs through r"), "{finds}");
        assert!(finds.split(':').next().unwrap().matches('r').count() >= 4, "{finds}");
    }
}
