//! Near-twins: two puzzles of one layout that differ in a handful of
//! cells (a hill climb's neighbours, say). Canonical keys catch only exact
//! isomorphs; this distance catches the near ones.
//!
//! The distance between two stored puzzles is the number of positions
//! where their givens differ (a given against a blank, or two different
//! givens) or their solutions differ: for the cell families, where the
//! givens and the solution hold one symbol a cell, a cell counts once if
//! either differs. Where the solution is written otherwise (Slitherlink's
//! loop edges) the differing clue cells and the differing edges are added.
//!
//! Digit relabelling is taken into account: where both solutions are full
//! grids of one symbol a cell, the second puzzle is also compared after
//! mapping each symbol of the first solution onto the symbol the second
//! solution holds most often in the same cells (when that mapping is one
//! to one), and the smaller count is the distance. A relabelled copy is
//! then at distance 0, and a relabelled near-twin as near as the twin
//! itself. Rotations, reflections and band or stack swaps are not tried:
//! an exact copy under them has the same canonical key, which the catalog
//! refuses already.
//!
//! Puzzles whose texts differ in length (other layouts, other sizes) are
//! never twins: their distance is [`FAR`].

use std::collections::HashMap;

/// The fewest positions two 9×9 puzzles of a book, or of one `--rating`
/// search, differ in unless asked otherwise; smaller grids keep the same
/// share of their cells ([`default_for`]).
pub const DEFAULT_DISTANCE: usize = 20;

/// The default distance for puzzles of `givens` (one character a cell):
/// [`DEFAULT_DISTANCE`] of 81 cells' share, rounded up, and at most
/// [`DEFAULT_DISTANCE`] (a 4×4 keeps 4 cells apart, a 6×6 9, a 9×9 and
/// anything larger 20).
pub fn default_for(givens: &str) -> usize {
    let cells = givens.chars().count();
    (cells * DEFAULT_DISTANCE).div_ceil(81).min(DEFAULT_DISTANCE)
}

/// The distance of puzzles that cannot be compared (other layouts).
pub const FAR: usize = usize::MAX;

/// One puzzle as the distance reads it: givens (`.` blank) and solution,
/// as the catalog stores them.
#[derive(Clone, Copy, Debug)]
pub struct Texts<'a> {
    pub givens: &'a str,
    pub solution: &'a str,
}

impl<'a> Texts<'a> {
    /// A puzzle kept as (givens, solution).
    pub fn of(pair: &'a (String, String)) -> Texts<'a> {
        Texts { givens: &pair.0, solution: &pair.1 }
    }
}

/// The distance between `a` and `b` (see the module's words).
pub fn distance(a: Texts, b: Texts) -> usize {
    if [a.givens, a.solution, b.givens, b.solution].iter().all(|t| t.is_ascii()) {
        return distance_in(a.givens.as_bytes(), a.solution.as_bytes(), b.givens.as_bytes(), b.solution.as_bytes(), b'.');
    }
    let chars = |t: &str| t.chars().collect::<Vec<char>>();
    distance_in(&chars(a.givens), &chars(a.solution), &chars(b.givens), &chars(b.solution), '.')
}

/// [`distance`] over symbols (bytes, or chars where a text is not ASCII).
fn distance_in<T: Copy + Eq + std::hash::Hash>(ag: &[T], asol: &[T], bg: &[T], bsol: &[T], blank: T) -> usize {
    if ag.len() != bg.len() || asol.len() != bsol.len() {
        return FAR;
    }
    let plain = count(ag, asol, bg, bsol, blank, |c| c);
    if plain == 0 || asol.len() != ag.len() || asol.contains(&blank) {
        return plain;
    }
    match relabelling(asol, bsol) {
        Some(map) => plain.min(count(ag, asol, bg, bsol, blank, |c| map.get(&c).copied().unwrap_or(c))),
        None => plain,
    }
}

/// Whether `a` and `b` are closer than `min`: the cells given in one and
/// blank in the other (which no relabelling changes) answer most pairs
/// before the distance is worked out.
fn closer_than(a: Texts, b: Texts, min: usize) -> bool {
    if a.givens.len() == b.givens.len() && a.givens.is_ascii() && b.givens.is_ascii() {
        let apart = a.givens.bytes().zip(b.givens.bytes()).filter(|&(x, y)| (x == b'.') != (y == b'.')).count();
        if apart >= min {
            return false;
        }
    }
    distance(a, b) < min
}

/// Positions where `a` (its symbols through `map`) and `b` differ.
fn count<T: Copy + Eq>(ag: &[T], asol: &[T], bg: &[T], bsol: &[T], blank: T, map: impl Fn(T) -> T) -> usize {
    let given = |i: usize| ag[i] != blank && bg[i] != blank && map(ag[i]) != bg[i] || (ag[i] == blank) != (bg[i] == blank);
    let solved = |i: usize| map(asol[i]) != bsol[i];
    if ag.len() == asol.len() {
        (0..ag.len()).filter(|&i| given(i) || solved(i)).count()
    } else {
        (0..ag.len()).filter(|&i| given(i)).count() + (0..asol.len()).filter(|&i| solved(i)).count()
    }
}

/// Each symbol of `a` onto the symbol `b` holds most often in its cells,
/// when no two symbols go to one.
fn relabelling<T: Copy + Eq + std::hash::Hash>(a: &[T], b: &[T]) -> Option<HashMap<T, T>> {
    let mut together: HashMap<T, HashMap<T, usize>> = HashMap::new();
    for (&x, &y) in a.iter().zip(b) {
        *together.entry(x).or_default().entry(y).or_default() += 1;
    }
    let mut map = HashMap::new();
    let mut taken = std::collections::HashSet::new();
    for (x, counts) in together {
        // The most often; of equals, the first met in `b` (a fixed choice).
        let first = |y: &T| b.iter().position(|z| z == y).unwrap_or(usize::MAX);
        let (&y, _) = counts.iter().max_by(|p, q| p.1.cmp(q.1).then(first(q.0).cmp(&first(p.0))))?;
        if !taken.insert(y) {
            return None;
        }
        map.insert(x, y);
    }
    Some(map)
}

/// The closest pair among `puzzles` (by index) and its distance; `None`
/// with fewer than two comparable puzzles.
pub fn closest_pair(puzzles: &[Texts]) -> Option<(usize, usize, usize)> {
    let mut best: Option<(usize, usize, usize)> = None;
    for i in 0..puzzles.len() {
        for j in i + 1..puzzles.len() {
            let d = distance(puzzles[i], puzzles[j]);
            if d != FAR && best.is_none_or(|(_, _, b)| d < b) {
                best = Some((i, j, d));
            }
        }
    }
    best
}

/// Whether `p` is closer than `min` (`None`: [`default_for`] its size) to
/// any of `others`; `Some(0)` turns the guard off.
pub fn near_any<'a>(p: Texts, others: impl IntoIterator<Item = Texts<'a>>, min: Option<usize>) -> bool {
    let min = min.unwrap_or_else(|| default_for(p.givens));
    min > 0 && others.into_iter().any(|o| closer_than(p, o, min))
}

/// The near-twin guard of a set of puzzles being gathered (a `--rating`
/// search's climbs, printed or stored; a book's choice): a puzzle closer
/// than the distance to one kept is refused, any other is kept. One
/// mechanism for every place that keeps puzzles apart.
#[derive(Clone, Debug, Default)]
pub struct Guard {
    /// The distance asked (`None`: [`default_for`] each puzzle's size; `Some(0)`: no guard).
    min: Option<usize>,
    /// Givens and solution of the puzzles kept so far.
    kept: Vec<(String, String)>,
}

impl Guard {
    /// A guard keeping puzzles `min` cells apart (`None`: the default for
    /// their size; `Some(0)`: none), with `kept` already taken.
    pub fn new(min: Option<usize>, kept: Vec<(String, String)>) -> Guard {
        Guard { min, kept }
    }

    /// Whether the guard refuses nothing (`Some(0)`).
    pub fn is_off(&self) -> bool {
        self.min == Some(0)
    }

    /// Whether `p` may be taken: not closer than the distance to any puzzle
    /// kept. A puzzle taken is kept.
    pub fn admit(&mut self, p: Texts) -> bool {
        if self.is_off() {
            return true;
        }
        if near_any(p, self.kept.iter().map(Texts::of), self.min) {
            return false;
        }
        self.kept.push((p.givens.to_string(), p.solution.to_string()));
        true
    }

    /// The puzzles kept, in the order taken.
    pub fn kept(&self) -> &[(String, String)] {
        &self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn blank(solution: &str, keep: impl Fn(usize) -> bool) -> String {
        solution.chars().enumerate().map(|(i, c)| if keep(i) { c } else { '.' }).collect()
    }

    fn texts<'a>(givens: &'a str, solution: &'a str) -> Texts<'a> {
        Texts { givens, solution }
    }

    #[test]
    fn a_puzzle_is_at_distance_zero_from_itself_and_a_blanked_given_counts_one_cell() {
        let givens = blank(SOLUTION, |i| i % 3 == 0);
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&givens, SOLUTION)), 0);
        // Four givens blanked: four cells.
        let fewer = blank(SOLUTION, |i| i % 3 == 0 && ![0, 3, 6, 9].contains(&i));
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&fewer, SOLUTION)), 4);
        // A given moved to another cell: two cells.
        let moved = blank(SOLUTION, |i| (i % 3 == 0 && i != 0) || i == 1);
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&moved, SOLUTION)), 2);
    }

    #[test]
    fn solutions_that_differ_count_their_cells_once_with_the_givens() {
        // The other solution swaps the 5 and 3 of cells 0 and 1 (a grid
        // need not be valid for the distance).
        let other: String = SOLUTION
            .chars()
            .enumerate()
            .map(|(i, c)| match i {
                0 => '3',
                1 => '5',
                _ => c,
            })
            .collect();
        assert_eq!(&other[..3], "354");
        let givens = blank(SOLUTION, |i| i % 4 == 0);
        let their_givens = blank(&other, |i| i % 4 == 0);
        // Cell 0 is a given in both (5 against 3) and its solution differs: it counts once.
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&their_givens, &other)), 2);
        // The same givens over the other solution: still the two cells.
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&givens, &other)), 2);
    }

    #[test]
    fn relabelled_digits_are_the_same_puzzle_and_other_sizes_are_far() {
        let relabel = |s: &str| -> String {
            s.chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) => char::from_digit(d % 9 + 1, 10).unwrap_or(c),
                    None => c,
                })
                .collect()
        };
        let givens = blank(SOLUTION, |i| i % 3 == 1);
        let (g2, s2) = (relabel(&givens), relabel(SOLUTION));
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&g2, &s2)), 0);
        // Relabelled and three givens blanked: three.
        let g3 = relabel(&blank(SOLUTION, |i| i % 3 == 1 && ![1, 4, 7].contains(&i)));
        assert_eq!(distance(texts(&givens, SOLUTION), texts(&g3, &s2)), 3);
        // A 4×4 against a 9×9: never twins.
        assert_eq!(distance(texts(&givens, SOLUTION), texts("1...", "1234")), FAR);
        let all = [texts(&givens, SOLUTION), texts(&g3, &s2), texts("1...", "1234")];
        assert_eq!(closest_pair(&all), Some((0, 1, 3)));
        assert!(near_any(all[0], [all[1]], None), "20 cells for a 9×9");
        assert!(!near_any(all[0], [all[1]], Some(3)));
        assert!(!near_any(all[0], [all[1]], Some(0)), "0 turns the guard off");
        assert_eq!([default_for("1..."), default_for(&"1".repeat(16)), default_for(&"1".repeat(36))], [1, 4, 9]);
        assert_eq!([default_for(SOLUTION), default_for(&"1".repeat(256))], [20, 20]);
    }

    #[test]
    fn a_guard_keeps_what_it_admits_and_refuses_near_twins_of_it() {
        let givens = blank(SOLUTION, |i| i % 3 == 0);
        let fewer = blank(SOLUTION, |i| i % 3 == 0 && ![0, 3, 6, 9].contains(&i));
        let far = blank(SOLUTION, |i| i % 3 == 1);
        let mut guard = Guard::new(None, Vec::new());
        assert!(guard.admit(texts(&givens, SOLUTION)));
        assert!(!guard.admit(texts(&fewer, SOLUTION)), "4 cells from one kept");
        assert!(guard.admit(texts(&far, SOLUTION)), "54 cells from the one kept");
        assert_eq!(guard.kept().len(), 2, "a refused puzzle is not kept");
        // Puzzles kept before (a batch's stored ones) count as kept.
        let mut resumed = Guard::new(Some(5), vec![(givens.clone(), SOLUTION.to_string())]);
        assert!(!resumed.admit(texts(&fewer, SOLUTION)));
        let mut off = Guard::new(Some(0), Vec::new());
        assert!(off.admit(texts(&givens, SOLUTION)) && off.admit(texts(&givens, SOLUTION)) && off.is_off());
    }

    #[test]
    fn edge_solutions_add_their_differing_edges_to_the_clue_cells() {
        // Slitherlink-like: 4 clue cells, 6 edges.
        assert_eq!(distance(texts("1.2.", "101100"), texts("1.3.", "100100")), 2);
        assert_eq!(distance(texts("1.2.", "101100"), texts("..2.", "101100")), 1);
    }
}
