//! Independent uniqueness checker. It shares no code with the solver
//! (neither `line` nor `solve`) and works differently:
//!
//! - **Cells as bits.** Each row and each column is a pair of `u128` masks
//!   (known filled, known empty), so a line of up to 99 cells is two words.
//! - **A line's placements as masks.** For runs `j..` placed in cells
//!   `pos..`, the checker computes (memoised over `(j, pos)`) whether any
//!   placement fits the known cells, and the AND and the OR of the filled
//!   masks of all the placements that fit. A cell in the AND of the whole
//!   line is filled in every placement; a cell outside the OR is empty in
//!   every one. No placement at all is a contradiction.
//! - **DPLL search.** Lines are re-examined until nothing changes; then the
//!   checker branches on an unknown cell of the line with the fewest unknown
//!   cells (filled first, then empty), depth first, and stops at the second
//!   solution.
//! - **Leaves are verified from scratch**: a complete grid counts only if
//!   every row and column, read as runs, equals its clue.
//!
//! [`count_solutions`] returns `None` past a node budget (search nodes).

use super::Puzzle;

/// Known cells of every row and column as bit masks (bit `i` = cell `i` of
/// the line: the column index in a row, the row index in a column).
#[derive(Clone)]
struct Grid {
    row_f: Vec<u128>,
    row_e: Vec<u128>,
    col_f: Vec<u128>,
    col_e: Vec<u128>,
}

fn ones(n: usize) -> u128 {
    if n >= 128 { u128::MAX } else { (1u128 << n) - 1 }
}

/// Bits `a..b` set.
fn span(a: usize, b: usize) -> u128 {
    ones(b) & !ones(a)
}

/// The placements of `clue` in a line of `n` cells that fit the known cells
/// `f` (filled) and `e` (empty): `None` when none fits, else the AND and OR
/// of their filled masks.
fn line_masks(clue: &[usize], n: usize, f: u128, e: u128, memo: &mut Vec<Option<(bool, u128, u128)>>) -> Option<(u128, u128)> {
    let k = clue.len();
    memo.clear();
    memo.resize((k + 1) * (n + 2), None);
    // suffix(j, pos): runs j.. in cells pos..n.
    fn suffix(
        clue: &[usize],
        n: usize,
        f: u128,
        e: u128,
        j: usize,
        pos: usize,
        memo: &mut [Option<(bool, u128, u128)>],
    ) -> (bool, u128, u128) {
        let idx = j * (n + 2) + pos;
        if let Some(v) = memo[idx] {
            return v;
        }
        let k = clue.len();
        let v = if j == k {
            // Nothing more: the rest must hold no filled cell.
            (f & span(pos, n) == 0, 0, 0)
        } else {
            let r = clue[j];
            let (mut any, mut and, mut or) = (false, u128::MAX, 0u128);
            let mut s = pos;
            while s + r <= n {
                // Cells pos..s are empty in this placement.
                if f & span(pos, s) != 0 {
                    break;
                }
                let run = span(s, s + r);
                let fits = e & run == 0 && (s + r == n || f >> (s + r) & 1 == 0);
                if fits {
                    let rest = if j + 1 == k {
                        (f & span(s + r, n) == 0, 0, 0)
                    } else if s + r < n {
                        suffix(clue, n, f, e, j + 1, s + r + 1, memo)
                    } else {
                        (false, 0, 0)
                    };
                    if rest.0 {
                        any = true;
                        and &= run | rest.1;
                        or |= run | rest.2;
                    }
                }
                s += 1;
            }
            if any { (true, and, or) } else { (false, 0, 0) }
        };
        memo[idx] = Some(v);
        v
    }
    let (ok, and, or) = suffix(clue, n, f, e, 0, 0, memo);
    ok.then_some((and, or))
}

/// The runs of a complete line, read back from its filled mask.
fn runs_of(mask: u128, n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for i in 0..n {
        if mask >> i & 1 == 1 {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

struct Checker<'a> {
    p: &'a Puzzle,
    found: usize,
    first: Option<Vec<bool>>,
    nodes: u64,
    budget: u64,
    memo: Vec<Option<(bool, u128, u128)>>,
}

impl Checker<'_> {
    fn set(&self, g: &mut Grid, r: usize, c: usize, filled: bool) {
        if filled {
            g.row_f[r] |= 1 << c;
            g.col_f[c] |= 1 << r;
        } else {
            g.row_e[r] |= 1 << c;
            g.col_e[c] |= 1 << r;
        }
    }

    /// Re-examines lines until nothing changes. `false` on a contradiction.
    fn propagate(&mut self, g: &mut Grid, mut dirty_rows: Vec<bool>, mut dirty_cols: Vec<bool>) -> bool {
        let (w, h) = (self.p.width, self.p.height);
        loop {
            let mut any = false;
            for (r, dirty) in dirty_rows.iter_mut().enumerate() {
                if !std::mem::take(dirty) {
                    continue;
                }
                any = true;
                let Some((and, or)) = line_masks(&self.p.rows[r], w, g.row_f[r], g.row_e[r], &mut self.memo) else { return false };
                let new_f = and & !g.row_f[r];
                let new_e = !or & ones(w) & !g.row_e[r];
                for (c, dc) in dirty_cols.iter_mut().enumerate() {
                    if new_f >> c & 1 == 1 {
                        self.set(g, r, c, true);
                        *dc = true;
                    } else if new_e >> c & 1 == 1 {
                        self.set(g, r, c, false);
                        *dc = true;
                    }
                }
            }
            for (c, dirty) in dirty_cols.iter_mut().enumerate() {
                if !std::mem::take(dirty) {
                    continue;
                }
                any = true;
                let Some((and, or)) = line_masks(&self.p.cols[c], h, g.col_f[c], g.col_e[c], &mut self.memo) else { return false };
                let new_f = and & !g.col_f[c];
                let new_e = !or & ones(h) & !g.col_e[c];
                for (r, dr) in dirty_rows.iter_mut().enumerate() {
                    if new_f >> r & 1 == 1 {
                        self.set(g, r, c, true);
                        *dr = true;
                    } else if new_e >> r & 1 == 1 {
                        self.set(g, r, c, false);
                        *dr = true;
                    }
                }
            }
            if !any {
                return true;
            }
        }
    }

    /// Depth-first search; `None` when the budget runs out.
    fn search(&mut self, mut g: Grid, dirty_rows: Vec<bool>, dirty_cols: Vec<bool>) -> Option<()> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if !self.propagate(&mut g, dirty_rows, dirty_cols) {
            return Some(());
        }
        let (w, h) = (self.p.width, self.p.height);
        // The row with the fewest unknown cells (> 0).
        let mut best: Option<(u32, usize)> = None;
        for r in 0..h {
            let unknown = (ones(w) & !(g.row_f[r] | g.row_e[r])).count_ones();
            if unknown > 0 && best.is_none_or(|(u, _)| unknown < u) {
                best = Some((unknown, r));
            }
        }
        let Some((_, r)) = best else {
            // Complete: verify every line from scratch.
            let ok = (0..h).all(|r| runs_of(g.row_f[r], w) == self.p.rows[r]) && (0..w).all(|c| runs_of(g.col_f[c], h) == self.p.cols[c]);
            if ok {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some((0..h * w).map(|i| g.row_f[i / w] >> (i % w) & 1 == 1).collect());
                }
            }
            return Some(());
        };
        let c = (ones(w) & !(g.row_f[r] | g.row_e[r])).trailing_zeros() as usize;
        for filled in [true, false] {
            let mut t = g.clone();
            self.set(&mut t, r, c, filled);
            let mut dr = vec![false; h];
            let mut dc = vec![false; w];
            dr[r] = true;
            dc[c] = true;
            self.search(t, dr, dc)?;
            if self.found >= 2 {
                break;
            }
        }
        Some(())
    }
}

/// Counts the solutions of `p` up to 2, or `None` when the search passes
/// `budget` nodes. Malformed clues (wrong counts, a clue longer than its
/// line, a run of 0, a side over 99) have no solution.
pub fn count_solutions(p: &Puzzle, budget: u64) -> Option<usize> {
    solutions(p, budget).map(|(n, _)| n)
}

/// As [`count_solutions`], with the first solution found (row-major,
/// `true` = filled).
pub fn solutions(p: &Puzzle, budget: u64) -> Option<(usize, Option<Vec<bool>>)> {
    let (w, h) = (p.width, p.height);
    let fits = |clues: &Vec<Vec<usize>>, n: usize, len: usize| {
        clues.len() == n && clues.iter().all(|c| !c.contains(&0) && c.iter().sum::<usize>() + c.len().saturating_sub(1) <= len)
    };
    if w == 0 || h == 0 || w > 99 || h > 99 || !fits(&p.rows, h, w) || !fits(&p.cols, w, h) {
        return Some((0, None));
    }
    let g = Grid { row_f: vec![0; h], row_e: vec![0; h], col_f: vec![0; w], col_e: vec![0; w] };
    let mut ch = Checker { p, found: 0, first: None, nodes: 0, budget, memo: Vec::new() };
    ch.search(g, vec![true; h], vec![true; w])?;
    Some((ch.found, ch.first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::generate::{Rng, generate, picture};
    use crate::nonogram::solve::solve;

    /// The line masks against every placement listed by brute force.
    #[test]
    fn line_masks_match_brute_force() {
        let mut rng = Rng::new(11);
        let mut memo = Vec::new();
        for _ in 0..3000 {
            let n = 1 + rng.below(10);
            let pic: Vec<bool> = (0..n).map(|_| rng.below(2) == 1).collect();
            let clue = runs_of(pic.iter().enumerate().fold(0u128, |m, (i, &b)| m | (u128::from(b) << i)), n);
            let (mut f, mut e) = (0u128, 0u128);
            for i in 0..n {
                match rng.below(5) {
                    0 => f |= 1 << i,
                    1 => e |= 1 << i,
                    _ => {}
                }
            }
            let mut want: Option<(u128, u128)> = None;
            for m in 0u128..(1 << n) {
                if runs_of(m, n) == clue && m & e == 0 && f & !m == 0 {
                    want = Some(match want {
                        None => (m, m),
                        Some((a, o)) => (a & m, o | m),
                    });
                }
            }
            assert_eq!(line_masks(&clue, n, f, e, &mut memo), want, "{clue:?} n={n} f={f:b} e={e:b}");
        }
    }

    /// Solver and checker agree on random pictures, unique and not, small
    /// (plain noise) and up to 40×40 (structured pictures).
    #[test]
    fn checker_agrees_with_solver_on_random_puzzles() {
        let mut rng = Rng::new(7);
        let (mut unique, mut multi) = (0, 0);
        for i in 0..260 {
            let (w, h, pic) = if i < 200 {
                let (w, h) = (1 + rng.below(8), 1 + rng.below(8));
                let density = 30 + rng.below(40);
                (w, h, (0..w * h).map(|_| rng.below(100) < density).collect::<Vec<bool>>())
            } else {
                let (w, h) = (10 + rng.below(31), 10 + rng.below(31));
                (w, h, picture(w, h, i % 2 == 0, &mut rng))
            };
            let p = Puzzle::from_picture(w, h, &pic);
            let o = solve(&p);
            let (c, first) = solutions(&p, 5_000_000).expect("within the budget");
            assert_eq!(o.count, c, "{}", p.to_text());
            assert!(c >= 1);
            if c == 1 {
                unique += 1;
                assert_eq!(o.solution.as_deref(), Some(&pic[..]));
                assert_eq!(first.as_deref(), Some(&pic[..]));
            } else {
                multi += 1;
            }
        }
        assert!(unique > 50 && multi > 50, "{unique} unique, {multi} not");
        // Contradictory clues: no solution for either.
        let p = Puzzle { width: 3, height: 3, rows: vec![vec![1, 1], vec![], vec![1]], cols: vec![vec![], vec![1], vec![2]] };
        assert_eq!((solve(&p).count, count_solutions(&p, 1000)), (0, Some(0)));
    }

    /// Generated 40×40 puzzles are confirmed unique.
    #[test]
    fn confirms_generated_40x40() {
        for seed in 1..=3 {
            let g = generate(40, 40, seed % 2 == 0, seed, 200).expect("a unique puzzle");
            assert_eq!(solutions(&g.puzzle, 5_000_000), Some((1, Some(g.picture.clone()))), "seed {seed}");
        }
    }
}
