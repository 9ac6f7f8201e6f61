//! Generalized intersection (Sukaku Explainer's variant mode, SE 2.9): when
//! every place of a digit in a full house is seen by one cell outside it —
//! through whichever houses — that cell cannot hold the digit (whichever
//! place takes the digit, the cell sees it).
//!
//! On a classic grid every such case is a pointing or claiming (the places
//! a cell outside a house sees all lie in one house with that cell), which
//! come first; the step only matters where houses overlap beyond boxes and
//! lines — diagonals, windows, islands, jigsaw regions. [`Topology`] keeps
//! just those (house, cell) pairs, so on a classic grid the step costs
//! nothing and can change no rating.

use super::Technique;
use super::board::{Board, Hint, Mask, Topology, bits, cell_list};

/// SE rating, in tenths (Sukaku Explainer's variant mode).
pub(crate) const RATING: u32 = 29;

/// `digits`: the digits to look at (the others are known to give nothing).
pub(crate) fn generalized_intersection(topo: &Topology, b: &Board, digits: Mask) -> Option<Hint> {
    let ns = topo.n_sym;
    for &h in &topo.full_se_order {
        let seers = &topo.seers[h];
        if seers.is_empty() {
            continue;
        }
        for d in bits(digits) {
            let places = b.hpos[h * ns + d];
            // One place is a hidden single, found long before.
            if places.count_ones() < 2 {
                continue;
            }
            let victims: Vec<usize> = seers.iter().filter(|&&(x, sees)| places & !sees == 0 && b.has(x, d)).map(|&(x, _)| x).collect();
            if victims.is_empty() {
                continue;
            }
            let house = &topo.houses[h];
            let mut cells: Vec<usize> = bits(places).map(|i| house.cells[i]).collect();
            cells.sort_unstable();
            let mut hint = Hint::new(Technique::GeneralizedIntersection, RATING).focused(vec![h], Vec::new(), cells.clone(), 1 << d);
            hint.eliminations.extend(victims.iter().map(|&x| (x, d as u8)));
            hint.eliminations.sort_unstable();
            return Some(hint.finish_with(topo, |s| {
                s.push_str("generalized intersection: ");
                s.push_str(topo.sym(d));
                s.push_str(" of ");
                s.push_str(&house.name);
                s.push_str(" at ");
                s.push_str(&cell_list(topo, cells.iter().copied()));
                s.push_str(", all seen by ");
                s.push_str(&cell_list(topo, victims.iter().copied()));
            }));
        }
    }
    None
}

/// Per house: the cells outside a full house that see two or more of its
/// cells through no single house of their own — where a generalized
/// intersection can say more than pointing and claiming — each with the
/// cells it sees as a mask over the house's cell list.
pub(crate) fn seers(
    houses: &[super::board::House],
    cell_houses: &[Vec<usize>],
    peer_set: &[super::board::CellSet],
) -> Vec<Vec<(usize, u16)>> {
    houses
        .iter()
        .map(|house| {
            if !house.full {
                return Vec::new();
            }
            (0..peer_set.len())
                .filter(|&x| !house.set.contains(x))
                .filter_map(|x| {
                    let seen = house.set & peer_set[x];
                    let in_one_house = cell_houses[x].iter().any(|&g| seen.minus(&houses[g].set).is_empty());
                    (seen.count() >= 2 && !in_one_house).then(|| {
                        let mask = house.cells.iter().enumerate().filter(|&(_, &c)| seen.contains(c)).fold(0u16, |m, (i, _)| m | 1 << i);
                        (x, mask)
                    })
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{Grader, Level, Problem, Technique};
    use crate::layout::Layout;
    use crate::solver::{Solver, Verdict};

    /// From `generate diagonal-9 --no-store --count 200 --seed 500`: rated
    /// 6.4 (VWXYZ-wing) without the step; SE's variant mode takes the
    /// generalized intersection instead.
    const DIAGONAL: &str = "75.3...........4.....4..582.6............3...3...4......6.....75.......1.9...1...";

    #[test]
    fn a_diagonal_puzzle_needs_exactly_a_generalized_intersection() {
        let layout = Layout::load_cells("diagonal-9").unwrap().1;
        let givens = layout.model.parse_grid(DIAGONAL).unwrap();
        let grade = Grader::new(&layout.model).unwrap().grade(&givens).unwrap();
        // SE's 2.9; the hardest may be a pointing pair at the same 2.9 (a
        // variant grid rates every intersection so, under its solver's name).
        assert_eq!((grade.se_rating, grade.level), (2.9, Level::Medium));
        assert!(
            matches!(grade.hardest, Technique::GeneralizedIntersection | Technique::Pointing | Technique::Claiming),
            "{:?}",
            grade.hardest
        );
        let Verdict::Unique(solution) = Solver::new(&layout.model).verdict(&givens) else { panic!("unique") };
        let steps: Vec<_> = grade.steps.iter().filter(|s| s.technique == Technique::GeneralizedIntersection).collect();
        assert!(!steps.is_empty());
        for step in steps {
            assert!(step.description.starts_with("generalized intersection: "), "{}", step.description);
            // What it removes is never the solution's digit.
            assert!(step.eliminations.iter().all(|&(c, d)| solution.cells[c] != Some(d)), "{}", step.description);
        }
        let mut grid = givens.clone();
        grade.steps.iter().flat_map(|s| &s.placements).for_each(|&(c, d)| grid.cells[c] = Some(d));
        assert_eq!(grid, solution);
    }

    #[test]
    fn on_a_classic_grid_it_is_never_more_than_pointing_or_claiming() {
        let topo = super::super::board::Topology::new(&Problem::classic(3, 3, &".".repeat(81)).unwrap());
        assert!(topo.seers.iter().all(Vec::is_empty));
        // With the diagonals, the centre sees row 1 at r1c1, r1c5 and r1c9
        // (two diagonals and a column): no single house of its own.
        let diagonal = super::super::board::Topology::new(&Problem::classic(3, 3, &".".repeat(81)).unwrap().with_diagonals().unwrap());
        assert!(diagonal.seers[0].contains(&(40, 0b1_0001_0001)), "{:?}", diagonal.seers[0]);
    }
}
