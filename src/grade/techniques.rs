//! The one technique table (issue #31): every technique the grader knows,
//! in its (Sudoku Explainer's) order, with everything the rest of the
//! program says about it — the grader's name, the command line's spelling
//! (`--needs`), the reader's words (hints), SE's base rating, HoDoKu's step
//! weight, the kind of reasoning it is (the skills a book speaks in), and
//! whether only killer cages give rise to it. The grader, `--needs`, the
//! hints and the family's skill words all read this table; a technique
//! added to [`Technique`] gets its row here (a test checks the rows follow
//! the enum).

use super::Technique;

/// The kind of reasoning a technique is: the scale of skills a book's
/// words speak in (`family::words::SUDOKU`, in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reasoning {
    Singles,
    Cages,
    Intersections,
    Subsets,
    Fish,
    StrongLinks,
    Wings,
    Uniqueness,
    Chains,
    /// No reasoning: a cell filled from the solution.
    Trial,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct About {
    pub technique: Technique,
    /// The grader's name, as `grade --path` writes it ("hidden single (box)").
    pub name: &'static str,
    /// The command line's spelling (`--needs x-wing`).
    pub spelling: &'static str,
    /// The technique in a reader's words, as a hint says it ("rule of 45
    /// (innies and outies)").
    pub words: &'static str,
    /// SE's rating of the simplest instance, in tenths (chains and loops
    /// add to it with their length).
    pub tenths: u32,
    /// HoDoKu's weight for one step (SE-only techniques get their nearest
    /// HoDoKu relative's).
    pub hodoku: u32,
    pub reasoning: Reasoning,
    /// Only killer cages give rise to it.
    pub cage: bool,
}

const fn row(
    technique: Technique,
    name: &'static str,
    spelling: &'static str,
    words: &'static str,
    tenths: u32,
    hodoku: u32,
    reasoning: Reasoning,
) -> About {
    About { technique, name, spelling, words, tenths, hodoku, reasoning, cage: false }
}

const fn cage(
    technique: Technique,
    name: &'static str,
    spelling: &'static str,
    words: &'static str,
    tenths: u32,
    hodoku: u32,
    reasoning: Reasoning,
) -> About {
    About { technique, name, spelling, words, tenths, hodoku, reasoning, cage: true }
}

/// How many techniques there are.
pub const COUNT: usize = 63;

/// The table, in the order of [`Technique`] (SE's order of difficulty).
/// Ratings: Sudoku Explainer 1.2.1's hint classes as Sukaku Explainer keeps
/// them (skyscraper/kite/turbot, strong-linked fish and the ALS wings are
/// Sukaku Explainer's additions); the killer ladder's are ours
/// (`killer_sums`), on SE's scale.
pub static TABLE: [About; COUNT] = ROWS;

/// [`TABLE`], readable at compile time.
const ROWS: [About; COUNT] = {
    use super::generalized::RATING as GENERALIZED;
    use super::killer_sums::{INTERACTION_TENTHS, PAIR_TENTHS, UNION_TENTHS};
    use Reasoning::*;
    use Technique::*;
    [
        row(FullHouse, "full house", "full-house", "full house", 10, 4, Singles),
        row(HiddenSingleBox, "hidden single (box)", "hidden-single-box", "hidden single", 12, 14, Singles),
        row(HiddenSingle, "hidden single", "hidden-single", "hidden single", 15, 14, Singles),
        row(DirectPointing, "direct pointing", "direct-pointing", "pointing pair", 17, 50, Intersections),
        row(DirectClaiming, "direct claiming", "direct-claiming", "claiming pair", 19, 50, Intersections),
        row(DirectHiddenPair, "direct hidden pair", "direct-hidden-pair", "hidden pair", 20, 70, Subsets),
        cage(CageCombination, "cage combination", "cage-combination", "cage combination", 20, 40, Cages),
        row(NakedSingle, "naked single", "naked-single", "naked single", 23, 4, Singles),
        row(DirectHiddenTriple, "direct hidden triple", "direct-hidden-triple", "hidden triple", 25, 100, Subsets),
        row(Pointing, "pointing", "pointing", "pointing pair", 26, 50, Intersections),
        cage(CageHouse, "cage and house", "cage-house", "cage that must hold a digit in one row, column or box", 26, 50, Cages),
        row(Claiming, "claiming", "claiming", "claiming pair", 28, 50, Intersections),
        cage(InniesOuties, "innies and outies", "innies-outies", "rule of 45 (innies and outies)", 28, 60, Cages),
        row(
            GeneralizedIntersection,
            "generalized intersection",
            "generalized-intersection",
            "generalized intersection (every place of a digit in one house seen by one cell)",
            GENERALIZED,
            50,
            Intersections,
        ),
        row(NakedPair, "naked pair", "naked-pair", "naked pair", 30, 60, Subsets),
        row(XWing, "X-wing", "x-wing", "X-wing", 32, 140, Fish),
        row(HiddenPair, "hidden pair", "hidden-pair", "hidden pair", 34, 70, Subsets),
        row(NakedTriple, "naked triple", "naked-triple", "naked triple", 36, 80, Subsets),
        cage(
            CageInteraction,
            "cage combination interaction",
            "cage-interaction",
            "cage whose combinations clash with the rest of its row, column or box",
            INTERACTION_TENTHS,
            100,
            Cages,
        ),
        cage(
            InniesOutiesUnion,
            "rule of 45 over joined houses",
            "innies-outies-union",
            "rule of 45 over boxes side by side",
            UNION_TENTHS,
            100,
            Cages,
        ),
        cage(
            KillerSubset,
            "killer pair or triple",
            "killer-subset",
            "killer pair (cages and cells of a house that share a few digits)",
            PAIR_TENTHS,
            120,
            Subsets,
        ),
        row(Swordfish, "swordfish", "swordfish", "swordfish", 38, 150, Fish),
        row(HiddenTriple, "hidden triple", "hidden-triple", "hidden triple", 40, 100, Subsets),
        row(Skyscraper, "skyscraper", "skyscraper", "skyscraper", 40, 130, StrongLinks),
        row(TwoStringKite, "two-string kite", "two-string-kite", "two-string kite", 41, 150, StrongLinks),
        row(TurbotFish, "turbot fish", "turbot-fish", "turbot fish", 41, 120, StrongLinks),
        row(EmptyRectangle, "empty rectangle", "empty-rectangle", "empty rectangle", 43, 120, StrongLinks),
        row(
            GroupedTurbotFish,
            "grouped turbot fish",
            "grouped-turbot-fish",
            "grouped turbot fish (a link where a digit's places in a row, column or box lie in two groups)",
            43,
            120,
            StrongLinks,
        ),
        row(XLoop, "X-loop", "x-loop", "X-loop (a closed chain of strong links on one digit)", 40, 280, StrongLinks),
        row(XYWing, "XY-wing", "xy-wing", "XY-wing", 42, 160, Wings),
        row(XYZWing, "XYZ-wing", "xyz-wing", "XYZ-wing", 44, 180, Wings),
        row(UniqueRectangle, "unique rectangle", "unique-rectangle", "unique rectangle", 45, 100, Uniqueness),
        row(UniqueLoop, "unique loop", "unique-loop", "unique loop", 46, 100, Uniqueness),
        row(NakedQuad, "naked quad", "naked-quad", "naked quad", 50, 120, Subsets),
        row(Jellyfish, "jellyfish", "jellyfish", "jellyfish", 52, 160, Fish),
        row(HiddenQuad, "hidden quad", "hidden-quad", "hidden quad", 54, 150, Subsets),
        row(StrongLinks3, "3 strong-linked fish", "3-strong-linked-fish", "chain of three strong links", 54, 260, StrongLinks),
        row(WXYZWing, "WXYZ-wing", "wxyz-wing", "WXYZ-wing", 55, 300, Wings),
        row(
            BivalueUniversalGrave,
            "bivalue universal grave",
            "bug",
            "bivalue universal grave (every cell but one down to two candidates)",
            56,
            100,
            Uniqueness,
        ),
        row(
            GroupedStrongLinks,
            "grouped strong-linked fish",
            "grouped-strong-linked-fish",
            "chain of strong links, one of them grouped",
            57,
            260,
            StrongLinks,
        ),
        row(StrongLinks4, "4 strong-linked fish", "4-strong-linked-fish", "chain of four strong links", 58, 260, StrongLinks),
        row(VWXYZWing, "VWXYZ-wing", "vwxyz-wing", "VWXYZ-wing", 62, 300, Wings),
        row(AlignedPairExclusion, "aligned pair exclusion", "aligned-pair-exclusion", "aligned pair exclusion", 62, 300, Wings),
        row(UVWXYZWing, "UVWXYZ-wing", "uvwxyz-wing", "UVWXYZ-wing", 66, 300, Wings),
        row(XCycle, "X-cycle", "x-cycle", "X-cycle", 65, 280, Chains),
        row(YCycle, "Y-cycle", "y-cycle", "Y-cycle", 65, 280, Chains),
        row(XChain, "X-chain", "x-chain", "X-chain", 66, 260, Chains),
        row(XYCycle, "XY-cycle", "xy-cycle", "XY-cycle", 70, 280, Chains),
        row(XYChain, "forcing chain", "forcing-chain", "forcing chain", 70, 260, Chains),
        row(TUVWXYZWing, "TUVWXYZ-wing", "tuvwxyz-wing", "TUVWXYZ-wing", 75, 300, Wings),
        row(AlignedTripletExclusion, "aligned triplet exclusion", "aligned-triplet-exclusion", "aligned triplet exclusion", 75, 300, Wings),
        row(NishioForcingChain, "Nishio forcing chain", "nishio", "Nishio forcing chain", 75, 500, Chains),
        cage(CageForcingChain, "cage forcing chain", "cage-forcing-chain", "forcing chain through the cages' sums", 75, 500, Chains),
        row(CellForcingChain, "cell forcing chains", "cell-forcing-chains", "cell forcing chain", 80, 500, Chains),
        cage(
            CageCellForcingChains,
            "cage forcing chains",
            "cage-cell-forcing-chains",
            "cell forcing chains through the cages' sums",
            80,
            500,
            Chains,
        ),
        row(RegionForcingChain, "region forcing chains", "region-forcing-chains", "region forcing chain", 80, 500, Chains),
        row(DynamicForcingChain, "dynamic forcing chains", "dynamic-forcing-chains", "dynamic forcing chain", 85, 700, Chains),
        cage(
            DynamicCageForcingChains,
            "dynamic cage forcing chains",
            "dynamic-cage-forcing-chains",
            "dynamic forcing chain through the cages' sums and the cage techniques",
            85,
            700,
            Chains,
        ),
        row(DynamicForcingChainPlus, "dynamic forcing chains (+)", "dynamic-forcing-chains-plus", "dynamic forcing chain", 90, 700, Chains),
        // SE's nested forcing chains start at 9.5: on killers, a cage
        // forcing chain inside the propagation (rated below a guess). Past
        // them (past dynamic chains (+) on other grids) the grader stops
        // reasoning and fills a cell from the solution.
        cage(
            NestedCageForcingChains,
            "nested cage forcing chains",
            "nested-cage-forcing-chains",
            "nested forcing chain (a cage forcing chain inside a forcing chain)",
            95,
            900,
            Chains,
        ),
        // SE's nested levels (`Chaining` 2 and 3), tried only when nothing
        // else applies.
        row(
            NestedForcingChain,
            "dynamic forcing chains (+ forcing chains)",
            "nested-forcing-chains",
            "nested forcing chain (forcing chains inside a forcing chain)",
            95,
            900,
            Chains,
        ),
        row(
            NestedMultipleForcingChain,
            "dynamic forcing chains (+ multiple forcing chains)",
            "nested-multiple-forcing-chains",
            "nested forcing chain (multiple forcing chains inside a forcing chain)",
            100,
            1000,
            Chains,
        ),
        row(Guess, "guess", "guess", "trial and error", super::rating::GUESS_TENTHS, 10000, Trial),
    ]
};

/// Every technique, in the grader's (SE's) order.
pub const TECHNIQUES: [Technique; COUNT] = {
    let mut all = [Technique::FullHouse; COUNT];
    let mut i = 0;
    while i < COUNT {
        all[i] = ROWS[i].technique;
        i += 1;
    }
    all
};

impl Technique {
    /// The technique's row of [`TABLE`].
    pub fn about(self) -> &'static About {
        &TABLE[self as usize]
    }

    /// The kind of reasoning it is.
    pub fn reasoning(self) -> Reasoning {
        self.about().reasoning
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_follows_the_enum_and_no_name_is_said_twice() {
        for (i, about) in TABLE.iter().enumerate() {
            assert_eq!(about.technique as usize, i, "{:?} is row {i}", about.technique);
            assert_eq!(TECHNIQUES[i], about.technique);
            for other in &TABLE[..i] {
                assert_ne!(other.name, about.name);
                assert_ne!(other.spelling, about.spelling);
            }
            assert!(!about.words.is_empty() && about.tenths >= 10 && about.hodoku > 0, "{about:?}");
        }
        // The uniqueness techniques are the ones that assume it.
        for t in TECHNIQUES {
            assert_eq!(t.assumes_uniqueness(), matches!(t.reasoning(), Reasoning::Uniqueness | Reasoning::Trial), "{t:?}");
        }
    }

    /// The kinds of reasoning are the sudoku skills a book speaks in, in
    /// their order: a technique's skill is its kind.
    #[test]
    fn each_kind_of_reasoning_is_a_sudoku_skill() {
        use crate::family::words::{SUDOKU, SUDOKU_CHAINS, sudoku_skill};
        let ids = ["singles", "cages", "pointing", "subsets", "fish", "links", "wings", "uniqueness", "chains", "trial"];
        assert_eq!(SUDOKU.map(|s| s.id), ids);
        assert_eq!(Reasoning::Chains as usize, SUDOKU_CHAINS);
        assert_eq!(sudoku_skill(Technique::KillerSubset), 3);
        assert_eq!(sudoku_skill(Technique::CageForcingChain), SUDOKU_CHAINS);
        assert_eq!(SUDOKU[sudoku_skill(Technique::Guess)].id, "trial");
    }
}
