//! Technique-targeted puzzles (`--needs T`, `--hardest`): puzzles whose
//! solving path — the grader's easiest-step-first path, as Sudoku Explainer
//! and HoDoKu's "/sc" walk it — uses a chosen technique, and with
//! `hardest` uses nothing rated above it.
//!
//! Clues are removed while the grade stays under a ceiling (the technique's
//! own rating with `hardest`, else the ceiling of its level), so the puzzle
//! ends as hard as the ceiling allows and often needs the technique; the
//! path is then checked, and an attempt whose path does not use it makes no
//! puzzle.

use crate::grade::{Grade, Technique, level_of};
use crate::level::Level;

/// What `--needs` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    pub technique: Technique,
    /// Nothing on the path is rated above the technique's hardest step.
    pub hardest: bool,
}

/// Every technique, in the grader's (Sudoku Explainer's) order: the
/// technique table's ([`crate::grade::TABLE`]).
pub use crate::grade::TECHNIQUES;

/// The command line's spelling of a technique (`x-wing`, `xy-wing`,
/// `dynamic-forcing-chains-plus`), from the technique table.
pub fn spelling(t: Technique) -> &'static str {
    t.about().spelling
}

/// Other names users type: the grader's own names, SE's and HoDoKu's.
const ALIASES: [(&str, Technique); 12] = [
    ("ywing", Technique::XYWing),
    ("bivalueuniversalgrave", Technique::BivalueUniversalGrave),
    ("ur", Technique::UniqueRectangle),
    ("kite", Technique::TwoStringKite),
    ("turbot", Technique::TurbotFish),
    ("er", Technique::EmptyRectangle),
    ("xychain", Technique::XYChain),
    ("aic", Technique::XYChain),
    ("nishioforcingchain", Technique::NishioForcingChain),
    ("dynamicforcingchainplus", Technique::DynamicForcingChainPlus),
    ("innies", Technique::InniesOuties),
    ("ruleof45", Technique::InniesOuties),
];

/// Letters and digits only, lower case: "X-Wing", "x_wing" and "xwing" meet.
fn folded(text: &str) -> String {
    let text = text.replace("(+)", "plus");
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Reads a technique as users type it: its spelling (`x-wing`), the
/// grader's name (`X-wing`, `hidden single (box)`), with or without
/// hyphens, spaces and capitals, or a common alias (`bug`, `ur`, `y-wing`).
pub fn parse_technique(text: &str) -> Result<Technique, String> {
    let key = folded(text);
    TECHNIQUES
        .into_iter()
        .find(|&t| folded(spelling(t)) == key || folded(t.name()) == key || folded(&format!("{t:?}")) == key)
        .or_else(|| ALIASES.iter().find(|(alias, _)| *alias == key).map(|&(_, t)| t))
        .ok_or_else(|| format!("unknown technique '{text}' (known: {})", known_list()))
}

/// Every spelling, comma-separated, easiest first: for help and errors.
pub fn known_list() -> String {
    TECHNIQUES.iter().map(|&t| spelling(t)).collect::<Vec<_>>().join(", ")
}

/// Techniques only killer cages give rise to (the technique table says).
pub fn is_cage_technique(t: Technique) -> bool {
    t.about().cage
}

impl Needs {
    /// Whether a grade's path meets the request.
    pub fn met_by(&self, grade: &Grade) -> bool {
        let used = grade.steps.iter().filter(|s| s.technique == self.technique).map(|s| s.rating).reduce(f32::max);
        match used {
            None => false,
            Some(rating) => !self.hardest || grade.steps.iter().all(|s| s.rating <= rating + 1e-4),
        }
    }

    /// With `hardest`, the SE ceiling (tenths) clue removal stays under: up
    /// to, not including, the next harder technique's rating (chains grow
    /// with their length). Without, removal stays within [`Needs::level`].
    pub fn ceiling(&self) -> u32 {
        let base = self.base_tenths();
        let next = TECHNIQUES.iter().map(|t| tenths(t.se_rating())).filter(|&r| r > base).min();
        next.map_or(u32::MAX, |r| r - 1)
    }

    /// The technique's simplest rating, in tenths.
    pub fn base_tenths(&self) -> u32 {
        tenths(self.technique.se_rating())
    }

    /// The level of the technique (a puzzle needing it is at least this hard).
    pub fn level(&self) -> Level {
        level_of(self.technique.se_rating())
    }

    /// How the request reads in messages: "X-wing (x-wing), as the hardest step".
    pub fn describe(&self) -> String {
        let hardest = if self.hardest { " as the hardest technique" } else { "" };
        format!("{}{hardest}", spelling(self.technique))
    }
}

fn tenths(rating: f32) -> u32 {
    (rating * 10.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::Step;

    #[test]
    fn techniques_are_read_as_users_type_them() {
        for typed in ["xwing", "X-Wing", "x_wing", "X-wing", "XWing"] {
            assert_eq!(parse_technique(typed), Ok(Technique::XWing), "{typed}");
        }
        assert_eq!(parse_technique("xy-wing"), Ok(Technique::XYWing));
        assert_eq!(parse_technique("Y-Wing"), Ok(Technique::XYWing));
        assert_eq!(parse_technique("hidden single (box)"), Ok(Technique::HiddenSingleBox));
        assert_eq!(parse_technique("dynamic forcing chains (+)"), Ok(Technique::DynamicForcingChainPlus));
        assert_eq!(parse_technique("BUG"), Ok(Technique::BivalueUniversalGrave));
        assert_eq!(parse_technique("swordfish"), Ok(Technique::Swordfish));
        let err = parse_technique("x-wingg").unwrap_err();
        assert!(err.starts_with("unknown technique 'x-wingg' (known: full-house, hidden-single-box, hidden-single, "), "{err}");
        assert!(
            err.ends_with(
                "dynamic-forcing-chains-plus, nested-cage-forcing-chains, nested-forcing-chains, nested-multiple-forcing-chains, guess)"
            ),
            "{err}"
        );
        // Every spelling reads back as its technique, in the grader's order.
        for (i, &t) in TECHNIQUES.iter().enumerate() {
            assert_eq!(parse_technique(spelling(t)), Ok(t));
            assert_eq!(parse_technique(t.name()), Ok(t));
            assert!(i == 0 || TECHNIQUES[i - 1] < t);
        }
    }

    fn step(technique: Technique, rating: f32) -> Step {
        Step {
            technique,
            rating,
            description: String::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            uses: Vec::new(),
            candidates: Vec::new(),
            pattern: Default::default(),
        }
    }

    fn grade(steps: Vec<Step>) -> Grade {
        let se_rating = steps.iter().map(|s| s.rating).fold(0.0, f32::max);
        Grade {
            se_rating,
            hodoku_score: 0,
            level: level_of(se_rating),
            hardest: Technique::FullHouse,
            steps,
            solved: true,
            assumed_unique: false,
        }
    }

    #[test]
    fn a_path_meets_a_need_when_it_uses_the_technique_and_with_hardest_nothing_above() {
        let x_wing = Needs { technique: Technique::XWing, hardest: false };
        let only = Needs { hardest: true, ..x_wing };
        let easy_then_x = grade(vec![step(Technique::HiddenSingle, 1.5), step(Technique::XWing, 3.2), step(Technique::NakedSingle, 2.3)]);
        let x_then_chain = grade(vec![step(Technique::XWing, 3.2), step(Technique::XChain, 6.6)]);
        let no_x = grade(vec![step(Technique::NakedPair, 3.0)]);
        assert!(x_wing.met_by(&easy_then_x) && only.met_by(&easy_then_x));
        assert!(x_wing.met_by(&x_then_chain) && !only.met_by(&x_then_chain));
        assert!(!x_wing.met_by(&no_x) && !only.met_by(&no_x));
        // X-wing (3.2) as the hardest: removal stays below the hidden pair (3.4).
        assert_eq!(only.ceiling(), 33);
        assert_eq!(x_wing.level(), Level::Medium);
        assert_eq!(Needs { technique: Technique::Guess, hardest: true }.ceiling(), u32::MAX);
    }
}
