//! Hints in the book (issue #14, item 10): for each puzzle, the first step
//! where a solver who knows the singles gets stuck, in two stages — the
//! technique and where to look, then what it removes or places.
//!
//! The grader finds the step (`grade::first_stuck`); a family names its
//! cells and houses (`Family::hint`); this module puts it in a reader's
//! words and flows the hints section onto pages.

use super::Book;
use crate::family::words::{SUDOKU_CHAINS, sudoku_skill};
use crate::grade::{Stuck, StuckStep, Technique, is_single};
use crate::pdf::canvas::{Align, BLACK, Surface};
use crate::pdf::fonts::{Font, Fonts, Weight};
use anyhow::{Result, bail};

pub use crate::family::Hint;

/// Which step of each puzzle its hint is for (`--hints`, `--hints hardest`,
/// `--hints both`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HintsAt {
    /// The first step past the singles: where a solver gets stuck first.
    #[default]
    First,
    /// The step the puzzle is rated by: its hardest past the singles.
    Hardest,
    /// Both: the first stuck point, then the hardest step.
    Both,
}

impl HintsAt {
    pub fn is_first(&self) -> bool {
        *self == HintsAt::First
    }
}

/// The introduction's paragraph on the hints section.
pub fn introduction_words(at: HintsAt) -> &'static str {
    match at {
        HintsAt::First => {
            "If you get stuck, each puzzle names the page of its hint: the hints section first says which technique to look for and \
             where; if that is not enough, its second part says what the step finds, so you can carry on without looking at the \
             whole answer."
        }
        HintsAt::Hardest => {
            "Each puzzle names the page of its hint, which is for its hardest step (the one its level is rated by): the hints \
             section first says which technique it is and where; its second part names the cells of the pattern and what the step \
             finds."
        }
        HintsAt::Both => {
            "If you get stuck, each puzzle names the page of its hints: the first step past the singles, then its hardest step \
             (the one its level is rated by). The hints section first says which technique to look for and where; its second part \
             names the pattern's cells and what each step finds."
        }
    }
}

/// The hints section's opening paragraph.
fn section_words(at: HintsAt) -> &'static str {
    match at {
        HintsAt::First => {
            "Stuck? For each puzzle, the first step that needs more than a single (a full house, a hidden single or a naked single): here where to look, and under More help what that step finds."
        }
        HintsAt::Hardest => {
            "For each puzzle, its hardest step (the one its level is rated by), once the steps before it are made: here the technique and where to look, and under More help the pattern's cells and what the step finds."
        }
        HintsAt::Both => {
            "Stuck? For each puzzle, first the first step that needs more than a single, then its hardest step (the one its level is rated by): here where to look, and under More help what each step finds."
        }
    }
}

/// The "More help" heading's paragraph.
fn more_help_words(at: HintsAt) -> &'static str {
    match at {
        HintsAt::First => "What each first step finds: read it once the hint above is not enough.",
        HintsAt::Hardest => "What each hardest step stands on and finds: read it once the hint above is not enough.",
        HintsAt::Both => "What each step finds: read it once the hint above is not enough.",
    }
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

/// A technique in plain words (a pointing pair or triple by its cells).
pub fn technique_words(technique: Technique, pattern_cells: usize) -> &'static str {
    use Technique::*;
    let triple = pattern_cells == 3;
    match technique {
        FullHouse => "full house",
        HiddenSingleBox | HiddenSingle => "hidden single",
        NakedSingle => "naked single",
        DirectPointing | Pointing if triple => "pointing triple",
        DirectPointing | Pointing => "pointing pair",
        DirectClaiming | Claiming if triple => "claiming triple",
        DirectClaiming | Claiming => "claiming pair",
        DirectHiddenPair | HiddenPair => "hidden pair",
        CageCombination => "cage combination",
        CageHouse => "cage that must hold a digit in one row, column or box",
        InniesOuties => "rule of 45 (innies and outies)",
        CageInteraction => "cage whose combinations clash with the rest of its row, column or box",
        InniesOutiesUnion => "rule of 45 over boxes side by side",
        KillerSubset => "killer pair (cages and cells of a house that share a few digits)",
        CageForcingChain => "forcing chain through the cages' sums",
        CageCellForcingChains => "cell forcing chains through the cages' sums",
        GeneralizedIntersection => "generalized intersection (every place of a digit in one house seen by one cell)",
        DirectHiddenTriple | HiddenTriple => "hidden triple",
        HiddenQuad => "hidden quad",
        NakedPair => "naked pair",
        NakedTriple => "naked triple",
        NakedQuad => "naked quad",
        XWing => "X-wing",
        Swordfish => "swordfish",
        Jellyfish => "jellyfish",
        Skyscraper => "skyscraper",
        TwoStringKite => "two-string kite",
        TurbotFish => "turbot fish",
        EmptyRectangle => "empty rectangle",
        XYWing => "XY-wing",
        XYZWing => "XYZ-wing",
        WXYZWing => "WXYZ-wing",
        VWXYZWing => "VWXYZ-wing",
        UVWXYZWing => "UVWXYZ-wing",
        UniqueRectangle => "unique rectangle",
        UniqueLoop => "unique loop",
        StrongLinks3 => "chain of three strong links",
        StrongLinks4 => "chain of four strong links",
        BivalueUniversalGrave => "bivalue universal grave (every cell but one down to two candidates)",
        AlignedPairExclusion => "aligned pair exclusion",
        XCycle => "X-cycle",
        YCycle => "Y-cycle",
        XChain => "X-chain",
        XYCycle => "XY-cycle",
        XYChain => "forcing chain",
        NishioForcingChain => "Nishio forcing chain",
        CellForcingChain => "cell forcing chain",
        RegionForcingChain => "region forcing chain",
        DynamicForcingChain | DynamicForcingChainPlus => "dynamic forcing chain",
        Guess => "trial and error",
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
        EmptyRectangle if !step.path.is_empty() => {
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

/// Each puzzle's hint, in book order (`None` where its family has no
/// grader); empty when the book has no hints section. A book asking for
/// hints whose puzzles can have none is refused.
pub fn collect(book: &Book) -> Result<Vec<Option<Hint>>> {
    if !book.settings.hints {
        return Ok(Vec::new());
    }
    let at = book.settings.hints_at;
    let hints: Vec<Option<Hint>> = book
        .puzzles
        .iter()
        .map(|p| {
            let family = &book.layouts[p.layout];
            match at {
                HintsAt::First => family.hint(&p.row.givens),
                HintsAt::Hardest => family.hardest_hint(&p.row.givens),
                HintsAt::Both => {
                    let first = family.hint(&p.row.givens)?;
                    let hardest = family.hardest_hint(&p.row.givens);
                    Some(match hardest {
                        Some(hardest) if hardest.look != first.look || hardest.finds != first.finds => both(first, hardest),
                        _ => first,
                    })
                }
            }
        })
        .collect();
    if hints.iter().all(Option::is_none) {
        let layouts: Vec<&str> = book.layouts.iter().map(|f| f.layout().id.as_str()).collect();
        bail!(
            "--hints: hints come from the technique grader, and none of this book's layouts ({}) has one (Slitherlink, 16×16, stars, Atlantis and Tridoku keep other levels); leave --hints out",
            layouts.join(", ")
        );
    }
    Ok(hints)
}

/// The first stuck point's hint and the hardest step's, as one entry.
fn both(first: Hint, hardest: Hint) -> Hint {
    let look = format!("First: {} Hardest step: {}", lowered(&first.look), lowered(&hardest.look));
    let finds = match (&first.finds, &hardest.finds) {
        (Some(a), Some(b)) => Some(format!("First: {} Hardest step: {}", lowered(a), lowered(b))),
        (a, b) => a.clone().or(b.clone()),
    };
    Hint { look, finds, naming: first.naming.or(hardest.naming) }
}

/// A sentence after a colon: its first letter small, unless it starts
/// with a cell's name ("r4c5") or a capital word such as "X-wing".
fn lowered(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_ascii_uppercase() && second.is_ascii_lowercase() => {
            format!("{}{}", first.to_ascii_lowercase(), &text[1..])
        }
        _ => text.to_string(),
    }
}

fn capitalised(text: &str) -> String {
    super::plan::capitalised(text)
}

/// Type and room for the hints section.
pub struct Setting<'a> {
    pub fonts: &'a Fonts,
    pub body: f32,
    pub heading: f32,
    pub width: f32,
    /// The first baseline's top and the lowest baseline of a page.
    pub top: f32,
    pub floor: f32,
}

/// One set line of the hints section: a bold lead ("Puzzle 17 (page 12)")
/// and text after it, or a heading.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub lead: Option<String>,
    pub text: String,
    pub size: f32,
    pub bold: bool,
    /// Its baseline on the page.
    pub y: f32,
    /// The puzzle (index) whose first-stage hint starts on this line.
    pub starts_hint: Option<usize>,
}

/// A run of lines kept on one page (a heading with what follows, an entry).
struct Block {
    lines: Vec<Line>,
    /// Space above it, dropped at the top of a page.
    gap: f32,
    leading: f32,
}

/// The hints section flowed onto pages: all first-stage hints, then "More
/// help" with every second stage, so a reader does not see a hint's answer
/// while looking for the hint. `puzzle_pages[i]` is the page of puzzle `i`.
pub fn flow(set: &Setting, book: &Book, hints: &[Option<Hint>], puzzle_pages: &[usize]) -> Vec<Vec<Line>> {
    let font = set.fonts.get(Weight::Regular);
    let bold = set.fonts.get(Weight::Bold);
    let body_leading = set.body * 1.4;
    let heading = |text: &str, gap: f32| Block {
        lines: vec![Line { lead: None, text: text.into(), size: set.heading, bold: true, y: 0.0, starts_hint: None }],
        gap,
        leading: set.heading * 1.5,
    };
    let paragraph = |text: &str, gap: f32| Block {
        lines: wrap(font, text, set.body, set.width, 0.0)
            .into_iter()
            .map(|t| Line { lead: None, text: t, size: set.body, bold: false, y: 0.0, starts_hint: None })
            .collect(),
        gap,
        leading: body_leading,
    };
    let entry = |lead: String, text: &str, starts_hint: Option<usize>| {
        let lead = format!("{lead}  ");
        let indent = bold.width(&lead, set.body);
        let mut lines: Vec<Line> = wrap(font, text, set.body, set.width, indent)
            .into_iter()
            .map(|t| Line { lead: None, text: t, size: set.body, bold: false, y: 0.0, starts_hint: None })
            .collect();
        if let Some(first) = lines.first_mut() {
            first.lead = Some(lead);
            first.starts_hint = starts_hint;
        }
        Block { lines, gap: set.body * 0.35, leading: body_leading }
    };
    let mut naming: Vec<&str> = hints.iter().flatten().filter_map(|h| h.naming.as_deref()).collect();
    naming.dedup();
    naming.sort_unstable();
    naming.dedup();
    let mut intro = section_words(book.settings.hints_at).to_string();
    for n in naming {
        intro.push_str(&format!(" Cells: {n}."));
    }
    let mut blocks = vec![heading("Hints", 0.0), paragraph(&intro, set.body * 0.5)];
    for (i, (p, hint)) in book.puzzles.iter().zip(hints).enumerate() {
        if let Some(hint) = hint {
            let page = puzzle_pages.get(i).copied().unwrap_or(0);
            blocks.push(entry(format!("Puzzle {} (page {page})", p.number), &hint.look, Some(i)));
        }
    }
    blocks.push(heading("More help", set.heading * 0.8));
    blocks.push(paragraph(more_help_words(book.settings.hints_at), set.body * 0.5));
    for (p, hint) in book.puzzles.iter().zip(hints) {
        if let Some(finds) = hint.as_ref().and_then(|h| h.finds.as_deref()) {
            blocks.push(entry(format!("Puzzle {}", p.number), finds, None));
        }
    }
    // A heading's block holds only the heading and its paragraph: keep the
    // first entry after it on the same page too.
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    let mut y = set.top;
    for (i, block) in blocks.iter().enumerate() {
        let height = |b: &Block| b.lines.len() as f32 * b.leading;
        let is_heading = block.lines.first().is_some_and(|l| l.bold && l.lead.is_none());
        let mut need = block.gap + height(block);
        if is_heading {
            need += blocks.get(i + 1).map_or(0.0, height);
        }
        let page = pages.last_mut().expect("a page");
        let gap = if page.is_empty() { 0.0 } else { block.gap };
        if y - need < set.floor && !page.is_empty() {
            pages.push(Vec::new());
            y = set.top;
        } else {
            y -= gap;
        }
        for line in &block.lines {
            let leading = if line.bold && line.lead.is_none() { block.leading } else { body_leading };
            y -= leading;
            pages.last_mut().expect("a page").push(Line { y, ..line.clone() });
        }
    }
    pages
}

/// The page of each puzzle's first-stage hint (0: none), given the page
/// number of the section's first page.
pub fn hint_pages(flowed: &[Vec<Line>], first_page: usize, puzzles: usize) -> Vec<usize> {
    let mut at = vec![0; puzzles];
    for (n, page) in flowed.iter().enumerate() {
        for line in page {
            if let Some(i) = line.starts_hint.filter(|&i| i < puzzles) {
                at[i] = first_page + n;
            }
        }
    }
    at
}

/// Draws one page of the section from `x`.
pub fn draw(canvas: &mut dyn Surface, lines: &[Line], x: f32) {
    for line in lines {
        let mut at = x;
        if let Some(lead) = &line.lead {
            canvas.text(lead, at, line.y, line.size, Weight::Bold, BLACK, Align::Left);
            at += canvas.fonts().get(Weight::Bold).width(lead, line.size);
        }
        let weight = if line.bold { Weight::Bold } else { Weight::Regular };
        canvas.text(&line.text, at, line.y, line.size, weight, BLACK, Align::Left);
    }
}

/// Greedy word wrap; the first line is `indent` shorter (a lead stands before it).
fn wrap(font: &Font, text: &str, size: f32, width: f32, indent: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let room = if lines.is_empty() { width - indent } else { width };
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if font.width(&candidate, size) > room && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
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
