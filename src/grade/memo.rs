//! What a technique found nothing in, remembered between the ladder's steps.
//!
//! The ladder restarts from the cheapest technique after every step, so the
//! techniques below the one that applies search the whole grid again and
//! again, mostly in vain. Their findings depend on little: a locked
//! candidate, a fish or a direct pointing on one digit depends on that
//! digit's places only; a subset in a house on that house's candidates only.
//! After a search that found nothing, a [`Memo`] keeps the board's clock;
//! the next search skips every digit (or house) whose change stamp is no
//! later. Skipping what cannot yield keeps
//! the search order, so the step found — and the grade — is the same.

use super::board::{Board, CellSet, Mask};

pub(crate) struct Memo {
    /// The board's clock at the last search that found nothing (`None`:
    /// not searched yet): a digit or house whose stamp is no later has not
    /// changed since.
    stamp: Option<u32>,
}

impl Memo {
    pub fn new() -> Memo {
        Memo { stamp: None }
    }

    /// The digits whose places changed since the last search found nothing.
    pub fn digits(&self, b: &Board) -> Mask {
        match self.stamp {
            Some(then) if !forgetting() => b.dgen.iter().enumerate().fold(0, |m, (d, &now)| m | ((now > then) as Mask) << d),
            _ => ((1u32 << b.dgen.len()) - 1) as Mask,
        }
    }

    /// Whether house `h`'s candidates changed since the last search found nothing.
    pub fn house_changed(&self, b: &Board, h: usize) -> bool {
        forgetting() || self.stamp.is_none_or(|then| b.hgen[h] > then)
    }

    /// Runs `search`; when it finds nothing, remembers the board's clock.
    pub fn search<T>(&mut self, b: &Board, search: impl FnOnce(&Memo) -> Option<T>) -> Option<T> {
        let found = search(self);
        if found.is_none() {
            self.stamp = Some(b.clock);
        }
        found
    }
}

/// A [`Memo`] by cell, for techniques whose patterns are cells with their
/// candidates (the ALS wings): after a search that found nothing, it keeps
/// every cell's candidates; a pattern whose cells all kept theirs since
/// can only remove less than it did then, which was nothing.
pub(crate) struct CellMemo {
    /// Every cell's candidates at the last search that found nothing
    /// (empty: not searched yet).
    cand: Vec<Mask>,
}

impl CellMemo {
    pub fn new() -> CellMemo {
        CellMemo { cand: Vec::new() }
    }

    /// Runs `search` with the cells whose candidates did not change since
    /// the last search found nothing; when it finds nothing, remembers the
    /// board's candidates.
    pub fn search<T>(&mut self, b: &Board, search: impl FnOnce(CellSet) -> Option<T>) -> Option<T> {
        self.search_if(b, |unchanged| (search(unchanged), true))
    }

    /// [`CellMemo::search`] for a search that says whether its finding
    /// nothing may be remembered (false: the memo keeps the board it had).
    pub fn search_if<T>(&mut self, b: &Board, search: impl FnOnce(CellSet) -> (Option<T>, bool)) -> Option<T> {
        let mut unchanged = CellSet::EMPTY;
        if !forgetting() && self.cand.len() == b.cand.len() {
            for c in b.unsolved.iter() {
                if self.cand[c] == b.cand[c] {
                    unchanged.insert(c);
                }
            }
        }
        let (found, remember) = search(unchanged);
        if found.is_none() && remember {
            self.cand.clear();
            self.cand.extend_from_slice(&b.cand);
        }
        found
    }
}

#[cfg(test)]
thread_local! {
    /// Tests grade with and without what is kept between steps (these
    /// memos, the ALS index of `wings`) and compare.
    pub(crate) static FORGET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a test asked for everything kept between steps to be worked out
/// afresh (never outside tests).
pub(crate) fn forgetting() -> bool {
    #[cfg(test)]
    return FORGET.get();
    #[cfg(not(test))]
    false
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Topology};
    use super::super::{Grader, Problem, Technique, grade};
    use super::FORGET;
    use crate::layout::Layout;

    /// Every 10th puzzle of se-rated.txt (308, SE 1.2 to 10).
    fn sample() -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt");
        let text = std::fs::read_to_string(path).expect("shared/data/sudoku/se-rated.txt");
        text.lines().filter(|l| !l.starts_with('#')).step_by(10).map(|l| l[..81].to_string()).collect()
    }

    #[test]
    fn skipping_what_did_not_change_takes_the_same_path() {
        for p in sample().iter().take(60) {
            let problem = Problem::classic(3, 3, p).unwrap();
            let remembered = grade(&problem);
            FORGET.set(true);
            let searched = grade(&problem);
            FORGET.set(false);
            assert_eq!(remembered, searched, "{p}");
        }
    }

    /// The ALS wings skip sets and bivalue cells whose candidates did not
    /// change: puzzles rated at an ALS wing's rating take the same path.
    #[test]
    fn skipping_unchanged_als_wings_takes_the_same_path() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt");
        let text = std::fs::read_to_string(path).expect("shared/data/sudoku/se-rated.txt");
        let wing_rated = |l: &&str| ["5.5", "5.6", "6.2", "6.3", "6.4", "6.6"].contains(&l[81..].trim());
        let wings = [Technique::WXYZWing, Technique::VWXYZWing, Technique::UVWXYZWing];
        let mut wing_steps = 0;
        for p in text.lines().filter(|l| !l.starts_with('#')).filter(wing_rated).step_by(6) {
            let problem = Problem::classic(3, 3, &p[..81]).unwrap();
            let remembered = grade(&problem);
            FORGET.set(true);
            let searched = grade(&problem);
            FORGET.set(false);
            assert_eq!(remembered, searched, "{p}");
            wing_steps += searched.steps.iter().filter(|s| wings.contains(&s.technique)).count();
        }
        assert!(wing_steps > 10, "the sample's paths use ALS wings ({wing_steps} steps)");
    }

    /// XY- and XYZ-wings skip wings whose three cells did not change, and
    /// aligned pair exclusion pairs whose cells and common peers did not:
    /// puzzles rated at those techniques take the same path, and their
    /// ratings are the same.
    #[test]
    fn skipping_unchanged_wings_and_pairs_takes_the_same_path() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku/se-rated.txt");
        let text = std::fs::read_to_string(path).expect("shared/data/sudoku/se-rated.txt");
        let rated = |l: &&str| ["4.2", "4.4", "6.2"].contains(&l[81..].trim());
        let layout = Layout::load_cells("classic-9").unwrap().1;
        let grader = Grader::new(&layout.model).unwrap();
        let (mut wings, mut pairs) = (0, 0);
        for p in text.lines().filter(|l| !l.starts_with('#')).filter(rated).step_by(3) {
            let problem = Problem::classic(3, 3, &p[..81]).unwrap();
            let givens = layout.model.parse_grid(&p[..81]).unwrap();
            let (remembered, rated) = (grade(&problem), grader.rate(&givens));
            FORGET.set(true);
            let (searched, rated_searching) = (grade(&problem), grader.rate(&givens));
            FORGET.set(false);
            assert_eq!(remembered, searched, "{p}");
            assert_eq!(rated, rated_searching, "{p}");
            let count = |t: Technique| searched.steps.iter().filter(|s| s.technique == t).count();
            wings += count(Technique::XYWing) + count(Technique::XYZWing);
            pairs += count(Technique::AlignedPairExclusion);
        }
        // Pair exclusions are searched on every 6.2 puzzle, found on one.
        assert!(wings > 20 && pairs > 0, "the sample's paths use wings ({wings}) and pair exclusions ({pairs})");
    }

    /// The cage techniques skip cages whose cells did not change: the path
    /// and the rating of killers are the same as when every cage is read.
    #[test]
    fn skipping_unchanged_cages_takes_the_same_path() {
        let generator = crate::generate::Generator::new(&Layout::load("killer-9").unwrap(), crate::generate::Symmetry::None);
        let mut cage_steps = 0;
        for seed in 1..=4 {
            let p = generator.puzzle(seed).unwrap();
            let own = p.layout.as_ref().and_then(Layout::cells).unwrap();
            let grader = Grader::new(&own.model).unwrap();
            let (remembered, rated) = (grader.grade(&p.givens), grader.rate(&p.givens));
            FORGET.set(true);
            let (searched, rated_searching) = (grader.grade(&p.givens), grader.rate(&p.givens));
            FORGET.set(false);
            assert_eq!(remembered, searched, "seed {seed}");
            assert_eq!(rated, rated_searching, "seed {seed}");
            cage_steps += searched.unwrap().steps.iter().filter(|s| s.technique == super::super::Technique::CageCombination).count();
        }
        assert!(cage_steps > 0, "the sample's paths use cage combinations");
    }

    #[test]
    fn a_rating_is_the_grade_without_its_path() {
        let layout = Layout::load_cells("classic-9").unwrap().1;
        let grader = Grader::new(&layout.model).unwrap();
        for p in sample() {
            let givens = layout.model.parse_grid(&p).unwrap();
            let graded = grader.grade(&givens).unwrap();
            assert!(!graded.steps.is_empty() && graded.steps.iter().all(|s| !s.description.is_empty()), "{p}");
            assert_eq!(grader.rate(&givens), Some(graded.rating()), "{p}");
        }
        // Givens that break a rule are refused by both.
        let clash = layout.model.parse_grid(&format!("11{}", ".".repeat(79))).unwrap();
        assert_eq!((grader.grade(&clash), grader.rate(&clash)), (None, None));
    }

    #[test]
    fn the_house_views_follow_the_candidates() {
        // Along a real grading path, `hpos`, `hfew` and `hfree` must say
        // what `dpos` and `unsolved` say, house by house.
        let p = &sample()[150];
        let problem = Problem::classic(3, 3, p).unwrap();
        let topo = Topology::new(&problem);
        let mut b = Board::new(&topo, &problem.givens);
        let check = |b: &Board| {
            for (h, house) in topo.houses.iter().enumerate() {
                let free = house.cells.iter().enumerate().filter(|&(_, &c)| b.unsolved.contains(c)).fold(0u16, |m, (i, _)| m | 1 << i);
                assert_eq!(b.hfree[h], free);
                for d in 0..9 {
                    let places = house.cells.iter().enumerate().filter(|&(_, &c)| b.dpos[d].contains(c)).fold(0u16, |m, (i, _)| m | 1 << i);
                    assert_eq!(b.hpos[h * 9 + d], places, "house {h} digit {d}");
                    assert_eq!(b.hfew[h].one() >> d & 1 == 1, places.count_ones() == 1);
                    let few = b.hfew[h];
                    assert_eq!(few.two() >> d & 1 == 1, places.count_ones() == 2);
                    assert_eq!(few.three() >> d & 1 == 1, places.count_ones() == 3);
                }
            }
        };
        check(&b);
        for step in grade(&problem).steps {
            for &(c, d) in &step.eliminations {
                b.eliminate(c, d as usize);
            }
            for &(c, d) in &step.placements {
                b.place(&topo, c, d as usize);
            }
            check(&b);
        }
        assert!(b.unsolved.is_empty());
    }
}
