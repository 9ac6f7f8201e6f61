//! A book's hint for one puzzle, as a family words it (plain data: the
//! book flows and draws it; `Family::hint` returns it, so the family trait
//! speaks no book type), and the words of the cell families' hints: a
//! grader's step said in two stages — the technique and where to look,
//! then the pattern and what it removes or places ([`describe`]).
//!
//! Every word comes from the language catalogue's `hint.*` keys (issue 32):
//! one key per sentence shape, so each language orders its own words; a
//! technique has its own phrase as "look for" takes it (`.a`, with the
//! language's article and case) and its bare name (`.name`); a house is
//! said as the phrase "in row 4" (`hint.house.*`: languages that fuse the
//! preposition with the article, Italian "nella", Portuguese "na", write
//! it whole). Where a verb agrees with a count ("3 and 7 can go"), the key
//! is a plural message of that count.

use super::words::{SUDOKU_CHAINS, sudoku_skill};
use crate::grade::{Stuck, StuckStep, Technique, is_single};
use crate::lang::Catalogue;

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

/// The English words for a puzzle solved by singles alone (the English
/// catalogue's `hint.singles_only`; a unit test keeps them equal).
pub const SINGLES_ONLY: &str = "Singles all the way: every step is a hidden or naked single.";

/// A house as a hint says it: a numbered row, column, box, ring or nonet
/// (several of one kind go together: "in rows 2 and 6"), or a phrase the
/// family made from the catalogue ("in the region with r1c1").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReaderHouse {
    /// `kind` is the catalogue's `hint.house.<kind>` (one) and
    /// `hint.house.<kind>s` (several); `n` its number.
    Numbered { kind: &'static str, n: String },
    /// The whole "in …" phrase.
    Phrase(String),
}

/// How a family names what a hint points at.
pub struct Names<'a> {
    pub cell: &'a dyn Fn(usize) -> String,
    /// A house as a reader finds it on the page ("row 4", "the region with r1c1").
    pub house: &'a dyn Fn(usize) -> ReaderHouse,
    /// A symbol as the page prints it (a pie's 10, 11, 12).
    pub symbol: &'a dyn Fn(u8) -> String,
    /// How cells are named, for the section's introduction.
    pub naming: String,
    /// The language.
    pub words: &'a Catalogue,
}

/// The reader's hint for a stuck point.
pub fn describe(stuck: &Stuck, names: &Names) -> Hint {
    match stuck {
        Stuck::SinglesOnly => Hint { look: names.words.text("hint.singles_only"), finds: None, naming: None },
        Stuck::Step(step) => Hint { look: look(step, names), finds: Some(finds(step, names)), naming: Some(names.naming.clone()) },
    }
}

/// A technique's catalogue key (`hint.technique.<spelling>`): a pointing
/// or claiming pair by its cells, a triple when there are three.
fn technique_key(technique: Technique, pattern_cells: usize) -> String {
    use Technique::*;
    let triple = pattern_cells == 3;
    let spelling = match technique {
        DirectPointing | Pointing if triple => "pointing-triple",
        DirectClaiming | Claiming if triple => "claiming-triple",
        _ => technique.about().spelling,
    };
    format!("hint.technique.{spelling}")
}

/// A technique as "look for" takes it ("a naked pair", "an X-wing").
fn technique_a(technique: Technique, pattern_cells: usize, words: &Catalogue) -> String {
    words.text(&format!("{}.a", technique_key(technique, pattern_cells)))
}

/// A technique's bare name ("skyscraper").
fn technique_name(technique: Technique, words: &Catalogue) -> String {
    words.text(&format!("{}.name", technique_key(technique, 0)))
}

fn list(items: &[String], words: &Catalogue) -> String {
    words.join(items, "list.and")
}

fn house(h: usize, names: &Names) -> String {
    match (names.house)(h) {
        ReaderHouse::Numbered { kind, n } => names.words.fill(&format!("hint.house.{kind}"), &[("n", &n)]),
        ReaderHouse::Phrase(text) => text,
    }
}

/// Houses as a reader says them: "in rows 2 and 6" when they are all
/// numbered houses of one kind, else each by its phrase.
fn house_list(houses: &[usize], names: &Names) -> String {
    let said: Vec<ReaderHouse> = houses.iter().map(|&h| (names.house)(h)).collect();
    if let [ReaderHouse::Numbered { kind, .. }, _, ..] = said.as_slice()
        && said.iter().all(|h| matches!(h, ReaderHouse::Numbered { kind: k, .. } if k == kind))
    {
        let numbers: Vec<String> =
            said.iter().filter_map(|h| if let ReaderHouse::Numbered { n, .. } = h { Some(n.clone()) } else { None }).collect();
        return names.words.fill(&format!("hint.house.{kind}s"), &[("list", &list(&numbers, names.words))]);
    }
    list(&houses.iter().map(|&h| house(h, names)).collect::<Vec<_>>(), names.words)
}

fn cell_list(cells: &[usize], names: &Names) -> String {
    list(&cells.iter().map(|&c| (names.cell)(c)).collect::<Vec<_>>(), names.words)
}

fn digit_list(digits: &[u8], names: &Names) -> String {
    list(&digits.iter().map(|&d| (names.symbol)(d)).collect::<Vec<_>>(), names.words)
}

fn is_wing(t: Technique) -> bool {
    matches!(t, Technique::XYWing | Technique::XYZWing)
}

/// Stage 1: the technique and the house (or cell, or digit) to look at.
fn look(step: &StuckStep, names: &Names) -> String {
    let w = names.words;
    if step.technique == Technique::Guess {
        return w.text("hint.look.guess");
    }
    if let (Some(sum), Some(&first)) = (step.sum, step.path.first()) {
        // Only the steps that stand on one cage's sum name a cage; the rule
        // of 45's sum belongs to the cells it leaves, not to a cage.
        let (sum, cells, cell) = (sum.to_string(), cell_list(&step.path, names), (names.cell)(first));
        let cage = [("sum", sum.as_str()), ("cells", cells.as_str()), ("cell", cell.as_str())];
        let key = match step.technique {
            Technique::InniesOuties => Some("hint.look.rule_of_45"),
            Technique::InniesOutiesUnion => Some("hint.look.rule_of_45_union"),
            Technique::CageHouse => Some("hint.look.cage_house"),
            Technique::CageCombination => Some("hint.look.cage_combination"),
            Technique::CageInteraction => Some("hint.look.cage_interaction"),
            _ => None,
        };
        if let Some(key) = key {
            return w.fill(key, &cage);
        }
    }
    let a = technique_a(step.technique, step.cells.len(), w);
    let fish = matches!(step.technique, Technique::XWing | Technique::Swordfish | Technique::Jellyfish);
    let on_digit = |digits: &[u8]| match digits {
        [_] => w.fill("hint.look.on_digit", &[("technique", &a), ("digit", &digit_list(digits, names))]),
        _ => a.clone(),
    };
    if fish {
        w.fill("hint.look.in", &[("technique", &on_digit(&step.digits)), ("houses", &house_list(&step.houses, names))])
    } else if !step.houses.is_empty() {
        w.fill("hint.look.in", &[("technique", &a), ("houses", &house_list(&step.houses, names))])
    } else if is_wing(step.technique) && !step.cells.is_empty() {
        w.fill("hint.look.pivot", &[("technique", &a), ("cell", &(names.cell)(step.cells[0]))])
    } else if let Some(&start) = step.path.first() {
        w.fill("hint.look.from", &[("technique", &on_digit(&step.digits)), ("cell", &(names.cell)(start))])
    } else {
        w.fill("hint.look.plain", &[("technique", &on_digit(&step.digits))])
    }
}

/// Stage 2: the pattern, then what it removes or places.
fn finds(step: &StuckStep, names: &Names) -> String {
    let effect = effect(step, names);
    match pattern(step, names) {
        Some(pattern) => names.words.fill("hint.finds.pattern", &[("pattern", &pattern), ("effect", &effect)]),
        None => names.words.fill("hint.finds.alone", &[("effect", &capitalised(&effect))]),
    }
}

/// The pattern a step rests on, where the grader said it.
fn pattern(step: &StuckStep, names: &Names) -> Option<String> {
    use Technique::*;
    let w = names.words;
    let cells = cell_list(&step.cells, names);
    let digits = digit_list(&step.digits, names);
    let nd = step.digits.len();
    let house_at = |i: usize| step.houses.get(i).map(|&h| house(h, names));
    // The cells of the pattern's candidates, in grid order.
    let mut pattern_cells: Vec<usize> = step.pattern.candidates.iter().map(|&(c, _)| c).collect();
    if matches!(step.technique, BivalueUniversalGrave) {
        pattern_cells = step.pattern.cells.iter().map(|p| p.cell).collect();
    }
    pattern_cells.sort_unstable();
    pattern_cells.dedup();
    let acts_on = |i: usize| step.acts_on.get(i).map(|&h| house(h, names));
    let name = || technique_name(step.technique, w);
    let only_in = |houses: &str, place: &str| {
        w.plural("hint.pattern.only_in", nd, &[("House", &capitalised(houses)), ("digits", &digits), ("place", place)])
    };
    let cage = || -> Option<(String, String)> {
        step.path.first()?;
        Some((step.sum?.to_string(), cell_list(&step.path, names)))
    };
    let mut text = match step.technique {
        DirectPointing | Pointing | DirectClaiming | Claiming => only_in(&house_at(0)?, &acts_on(0)?),
        GeneralizedIntersection => {
            w.plural("hint.pattern.generalized", nd, &[("House", &capitalised(&house_at(0)?)), ("digits", &digits), ("cells", &cells)])
        }
        NakedPair | NakedTriple | NakedQuad => w.fill("hint.pattern.naked", &[("cells", &cells), ("digits", &digits)]),
        DirectHiddenPair | DirectHiddenTriple | HiddenPair | HiddenTriple | HiddenQuad => {
            w.plural("hint.pattern.hidden", nd, &[("House", &capitalised(&house_at(0)?)), ("digits", &digits), ("cells", &cells)])
        }
        XWing | Swordfish | Jellyfish => {
            let text = only_in(&house_list(&step.houses, names), &house_list(&step.acts_on, names));
            if pattern_cells.is_empty() {
                text
            } else {
                w.fill("hint.pattern.fish_cells", &[("pattern", &text), ("cells", &cell_list(&pattern_cells, names))])
            }
        }
        XYWing | XYZWing if step.cells.len() == 3 => w.fill(
            if step.technique == XYWing { "hint.pattern.xy_wing" } else { "hint.pattern.xyz_wing" },
            &[
                ("pivot", &(names.cell)(step.cells[0])),
                ("wing1", &(names.cell)(step.cells[1])),
                ("wing2", &(names.cell)(step.cells[2])),
                ("digits", &digits),
            ],
        ),
        CageCombination if step.sum.is_some() => {
            let (sum, cells) = cage()?;
            w.fill("hint.pattern.cage_combination", &[("sum", &sum), ("cells", &cells)])
        }
        CageHouse if step.sum.is_some() => {
            let (sum, cells) = cage()?;
            w.fill("hint.pattern.cage_house", &[("sum", &sum), ("cells", &cells), ("digits", &digits), ("place", &acts_on(0)?)])
        }
        InniesOuties | InniesOutiesUnion if step.sum.is_some() => {
            w.fill("hint.pattern.rule_of_45", &[("cells", &cell_list(&step.path, names)), ("sum", &step.sum?.to_string())])
        }
        Skyscraper | TwoStringKite | TurbotFish | StrongLinks3 | StrongLinks4 | XLoop if !step.path.is_empty() => {
            w.fill("hint.pattern.links", &[("name", &name()), ("digits", &digits), ("cells", &cell_list(&step.path, names))])
        }
        EmptyRectangle | GroupedTurbotFish | GroupedStrongLinks if !step.path.is_empty() => {
            w.fill("hint.pattern.grouped_links", &[("name", &name()), ("digits", &digits), ("cells", &cell_list(&step.path, names))])
        }
        chain if sudoku_skill(chain) == SUDOKU_CHAINS && !step.path.is_empty() => {
            w.fill("hint.pattern.chain", &[("name", &name()), ("cells", &cell_list(&step.path, names))])
        }
        WXYZWing | VWXYZWing | UVWXYZWing | TUVWXYZWing if !step.cells.is_empty() => {
            w.fill("hint.pattern.big_wing", &[("name", &name()), ("cells", &cells), ("digits", &digits)])
        }
        UniqueRectangle | UniqueLoop if !step.cells.is_empty() => w.fill("hint.pattern.unique", &[("cells", &cells), ("digits", &digits)]),
        AlignedPairExclusion if !step.cells.is_empty() => w.fill("hint.pattern.aligned_pairs", &[("cells", &cells)]),
        AlignedTripletExclusion if !step.cells.is_empty() => w.fill("hint.pattern.aligned_triples", &[("cells", &cells)]),
        BivalueUniversalGrave if !pattern_cells.is_empty() => w.fill("hint.pattern.bug", &[("cells", &cell_list(&pattern_cells, names))]),
        _ if !pattern_cells.is_empty() && !is_single(step.technique) && step.technique != Guess => {
            w.fill("hint.pattern.stands_on", &[("name", &name()), ("cells", &cell_list(&pattern_cells, names))])
        }
        _ => return None,
    };
    // SE's direct steps: the elimination leaves a hidden single, placed at once.
    if matches!(step.technique, DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple) {
        let single = step.acts_on.get(1).or(step.houses.first()).map(|&h| house(h, names))?;
        let &(_, placed) = step.placements.first()?;
        text = w.fill("hint.pattern.direct", &[("pattern", &text), ("digit", &(names.symbol)(placed)), ("house", &single)]);
    }
    Some(text)
}

/// "it places 6 in r2c8" / "it removes 3 and 7 from r4c5 and r4c6".
fn effect(step: &StuckStep, names: &Names) -> String {
    let w = names.words;
    let mut places = None;
    if !step.placements.is_empty() {
        let placed: Vec<String> = step
            .placements
            .iter()
            .map(|&(c, d)| w.fill("hint.effect.placed", &[("digit", &(names.symbol)(d)), ("cell", &(names.cell)(c))]))
            .collect();
        places = Some(list(&placed, w));
    }
    let mut removes = None;
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
        let removed: Vec<String> = groups
            .iter()
            .map(|(digits, cells)| {
                w.fill("hint.effect.removed", &[("digits", &digit_list(digits, names)), ("cells", &cell_list(cells, names))])
            })
            .collect();
        // Groups hold "and" themselves: the language's own join keeps them apart.
        let removed = match removed.split_last() {
            Some((last, rest)) if !rest.is_empty() => w.fill("hint.effect.groups", &[("rest", &rest.join(", ")), ("last", last)]),
            _ => removed.join(""),
        };
        removes = Some(removed);
    }
    match (places, removes) {
        (Some(places), Some(removes)) => w.fill("hint.effect.both", &[("places", &places), ("removes", &removes)]),
        (Some(places), None) => w.fill("hint.effect.places", &[("list", &places)]),
        (None, Some(removes)) => w.fill("hint.effect.removes", &[("list", &removes)]),
        (None, None) => w.text("hint.effect.nothing"),
    }
}

/// The first letter a capital.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}
#[cfg(test)]
mod tests {
    use super::*;

    fn square_names() -> (impl Fn(usize) -> String, impl Fn(usize) -> ReaderHouse, impl Fn(u8) -> String) {
        let cell = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let house = |h: usize| match h {
            0..=8 => ReaderHouse::Numbered { kind: "row", n: (h + 1).to_string() },
            9..=17 => ReaderHouse::Numbered { kind: "column", n: (h - 8).to_string() },
            _ => ReaderHouse::Numbered { kind: "box", n: (h - 17).to_string() },
        };
        let symbol = |d: u8| ((b'1' + d) as char).to_string();
        (cell, house, symbol)
    }

    /// A step of `technique` with nothing filled in, for a test to fill.
    pub(super) fn step(technique: Technique) -> StuckStep {
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
        let english = crate::lang::english();
        let names = Names { cell: &cell, house: &house, symbol: &symbol, naming: String::new(), words: &english };
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
        // SE's aligned triplet exclusion on r2c1, r3c4 and r2c3 (grade's
        // `an_aligned_triplet_exclusion_is_ses`).
        let triplet =
            StuckStep { eliminations: vec![(11, 6), (11, 8)], cells: vec![9, 21, 11], ..step(Technique::AlignedTripletExclusion) };
        let hint = describe(&Stuck::Step(triplet), &names);
        assert_eq!(
            (hint.look.as_str(), hint.finds.as_deref()),
            (
                "Look for an aligned triplet exclusion.",
                Some("Try the triples of values r2c1, r3c4 and r2c3 can take together: it removes 7 and 9 from r2c3.")
            )
        );
    }
}

#[cfg(test)]
mod language_tests {
    use super::tests::step;
    use super::*;
    use crate::lang::built_in;

    /// Every technique of the grader's table (a new rung of a ladder
    /// included) has its "look for" and bare-name words in every built-in
    /// catalogue: a hint never prints a missing-key marker.
    #[test]
    fn every_technique_has_its_hint_words_in_every_catalogue() {
        for (code, _) in crate::lang::BUILT_IN {
            let words = built_in(code).unwrap();
            for technique in crate::grade::TECHNIQUES {
                for cells in [0, 3] {
                    let key = technique_key(technique, cells);
                    for part in ["a", "name"] {
                        assert!(words.has(&format!("{key}.{part}")), "{code}: {key}.{part} is missing");
                    }
                }
            }
        }
    }

    fn square_names(words: &Catalogue) -> Names<'_> {
        let cell: &'static dyn Fn(usize) -> String = &|c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let house: &'static dyn Fn(usize) -> ReaderHouse = &|h: usize| match h {
            0..=8 => ReaderHouse::Numbered { kind: "row", n: (h + 1).to_string() },
            9..=17 => ReaderHouse::Numbered { kind: "column", n: (h - 8).to_string() },
            _ => ReaderHouse::Numbered { kind: "box", n: (h - 17).to_string() },
        };
        let symbol: &'static dyn Fn(u8) -> String = &|d: u8| (d + 1).to_string();
        Names { cell, house, symbol, naming: String::new(), words }
    }

    /// A naked pair in row 4 (r4c3 and r4c4 hold only 3 and 7).
    fn naked_pair() -> Stuck {
        Stuck::Step(StuckStep {
            eliminations: vec![(31, 2), (31, 6), (32, 2), (32, 6), (27, 8)],
            houses: vec![3],
            cells: vec![29, 30],
            digits: vec![2, 6],
            ..step(Technique::NakedPair)
        })
    }

    /// An X-wing on 5 in columns 2 and 6, its places in rows 2 and 8.
    fn x_wing() -> Stuck {
        Stuck::Step(StuckStep {
            eliminations: vec![(40, 4)],
            houses: vec![10, 14],
            acts_on: vec![1, 7],
            digits: vec![4],
            ..step(Technique::XWing)
        })
    }

    /// A killer cage of sum 4 on r1c1 and r1c2 (only 1 + 3): 9 leaves r1c1.
    fn cage() -> Stuck {
        Stuck::Step(StuckStep { eliminations: vec![(0, 8)], path: vec![0, 1], sum: Some(4), ..step(Technique::CageCombination) })
    }

    fn said(lang: &str, stuck: &Stuck) -> (String, String) {
        let words = built_in(lang).unwrap();
        let hint = describe(stuck, &square_names(&words));
        (hint.look, hint.finds.unwrap_or_default())
    }

    /// Each language's own words for a naked pair, as printed.
    #[test]
    fn a_naked_pair_in_every_language() {
        let expected = [
            (
                "en",
                "Look for a naked pair in row 4.",
                "r4c3 and r4c4 hold only 3 and 7 between them: it removes 3 and 7 from r4c5 and r4c6, and 9 from r4c1.",
            ),
            (
                "de",
                "Suchen Sie ein nacktes Paar in Zeile 4.",
                "r4c3 und r4c4 enthalten zusammen nur 3 und 7: Das streicht 3 und 7 aus r4c5 und r4c6 sowie 9 aus r4c1.",
            ),
            (
                "fr",
                "Cherchez une paire nue dans la ligne 4.",
                "r4c3 et r4c4 ne contiennent à elles toutes que 3 et 7\u{a0}: cela retire 3 et 7 de r4c5 et r4c6, et 9 de r4c1.",
            ),
            (
                "es",
                "Busque una pareja desnuda en la fila 4.",
                "r4c3 y r4c4 solo contienen 3 y 7 entre todas: esto elimina 3 y 7 de r4c5 y r4c6, y 9 de r4c1.",
            ),
            (
                "it",
                "Cercate una coppia nuda nella riga 4.",
                "r4c3 e r4c4 contengono in tutto solo 3 e 7: questo toglie 3 e 7 da r4c5 e r4c6, e 9 da r4c1.",
            ),
            (
                "nl",
                "Zoek een naakt paar in rij 4.",
                "r4c3 en r4c4 bevatten samen alleen 3 en 7: dat schrapt 3 en 7 uit r4c5 en r4c6, en 9 uit r4c1.",
            ),
            (
                "pt",
                "Procure um par nu na linha 4.",
                "r4c3 e r4c4 só contêm 3 e 7 entre elas: isso elimina 3 e 7 de r4c5 e r4c6, e 9 de r4c1.",
            ),
            (
                "pl",
                "Szukaj nagiej pary w wierszu 4.",
                "r4c3 i r4c4 zawierają razem tylko 3 i 7: to usuwa 3 i 7 z r4c5 i r4c6 oraz 9 z r4c1.",
            ),
        ];
        for (lang, look, finds) in expected {
            assert_eq!(said(lang, &naked_pair()), (look.to_string(), finds.to_string()), "{lang}");
        }
    }

    /// German and French: an X-wing and a killer cage's sum, as printed.
    #[test]
    fn an_x_wing_and_a_cage_in_german_and_french() {
        let expected = [
            (
                "de",
                "Suchen Sie einen X-Wing mit der 5 in den Spalten 2 und 6.",
                "In den Spalten 2 und 6 kann die 5 nur in den Zeilen 2 und 8 stehen: Das streicht 5 aus r5c5.",
                "Sehen Sie sich den Käfig mit der Summe 4 (r1c1 und r1c2) an: Welche Ziffern können seine Summe ergeben?",
                "Der Käfig mit der Summe 4 (r1c1 und r1c2) kann nur die Ziffern enthalten, die seine Summe ergeben: Das streicht 9 aus r1c1.",
            ),
            (
                "fr",
                "Cherchez un X-Wing sur le 5 dans les colonnes 2 et 6.",
                "Dans les colonnes 2 et 6, le 5 ne peut aller que dans les lignes 2 et 8\u{a0}: cela retire 5 de r5c5.",
                "Regardez la cage de somme 4 (r1c1 et r1c2)\u{a0}: quels chiffres peuvent faire sa somme\u{202f}?",
                "La cage de somme 4 (r1c1 et r1c2) ne peut contenir que les chiffres qui font sa somme\u{a0}: cela retire 9 de r1c1.",
            ),
        ];
        for (lang, wing_look, wing_finds, cage_look, cage_finds) in expected {
            assert_eq!(said(lang, &x_wing()), (wing_look.to_string(), wing_finds.to_string()), "{lang}");
            assert_eq!(said(lang, &cage()), (cage_look.to_string(), cage_finds.to_string()), "{lang}");
        }
    }

    /// The English singles-only words are the catalogue's.
    #[test]
    fn singles_only_is_the_english_catalogues() {
        assert_eq!(describe(&Stuck::SinglesOnly, &square_names(&built_in("en").unwrap())).look, SINGLES_ONLY);
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
        let hint = own.hint(&made.givens, &crate::lang::english()).unwrap();
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
        let house = |h: usize| super::ReaderHouse::Phrase(format!("in house {h}"));
        let symbol = |s: u8| (s + 1).to_string();
        let english = crate::lang::english();
        let names = super::Names { cell: &cell, house: &house, symbol: &symbol, naming: String::new(), words: &english };
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
        let hint = family.hardest_hint(sk01, &crate::lang::english()).unwrap();
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
        assert_eq!(family.hint(sk01, &crate::lang::english()).unwrap().look, hint.look);
    }

    /// HoDoKu's X-wing example bf202: More help names the fish's four cells.
    #[test]
    fn a_hardest_hint_names_the_x_wing_and_its_four_cells() {
        let family = crate::family::open(crate::layout::Layout::load("classic-9").unwrap());
        let bf202 = "9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......";
        let hint = family.hardest_hint(bf202, &crate::lang::english()).unwrap();
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
        let first = family.hint(d2sk02, &crate::lang::english()).unwrap();
        let hardest = family.hardest_hint(d2sk02, &crate::lang::english()).unwrap();
        assert!(!first.look.contains("Y-cycle"), "{}", first.look);
        assert!(hardest.look.starts_with("Look for a Y-cycle starting at r"), "{}", hardest.look);
        let finds = hardest.finds.unwrap();
        assert!(finds.starts_with("The Y-cycle runs through r"), "{finds}");
        assert!(finds.split(':').next().unwrap().matches('r').count() >= 4, "{finds}");
    }
}
