//! Independent uniqueness checker. It shares no code with the solver
//! (neither `line` nor `solve`): it enumerates, row by row, every placement
//! of the row's runs as a bit pattern, and keeps a row only if each column
//! stays a possible prefix of its clue (finished runs match the clue, the
//! open run is not longer than its clue run, and the rows left can still
//! hold the runs left). Depth-first, it counts complete grids up to 2.
//! Exponential in the worst case: meant for confirming puzzles up to about
//! 25×25 in tests, and it gives up (returns `None`) past a node budget.

use super::Puzzle;

/// Column state: runs completed, length of the open run (0 if none).
#[derive(Clone, Copy)]
struct Col {
    done: usize,
    open: usize,
}

/// Every placement of `clue` in `n` cells, as row patterns.
fn placements(clue: &[usize], n: usize) -> Vec<Vec<bool>> {
    fn go(clue: &[usize], n: usize, at: usize, cur: &mut Vec<bool>, out: &mut Vec<Vec<bool>>) {
        if clue.is_empty() {
            let mut full = cur.clone();
            full.resize(n, false);
            out.push(full);
            return;
        }
        let need: usize = clue.iter().sum::<usize>() + clue.len() - 1;
        let mut s = at;
        while s + need <= n {
            let keep = cur.len();
            cur.resize(s, false);
            cur.extend(std::iter::repeat_n(true, clue[0]));
            if clue.len() > 1 {
                cur.push(false);
            }
            go(&clue[1..], n, cur.len(), cur, out);
            cur.truncate(keep);
            s += 1;
        }
    }
    let mut out = Vec::new();
    go(clue, n, 0, &mut Vec::new(), &mut out);
    out
}

/// Counts the solutions of `p` up to 2, or `None` when the search would
/// pass `budget` nodes (or a row has too many placements to list).
pub fn count_solutions(p: &Puzzle, budget: u64) -> Option<usize> {
    if p.rows.len() != p.height || p.cols.len() != p.width {
        return Some(0);
    }
    let mut rows = Vec::new();
    for clue in &p.rows {
        if clue.contains(&0) || clue.iter().sum::<usize>() + clue.len().saturating_sub(1) > p.width {
            return Some(0);
        }
        let pl = placements(clue, p.width);
        if pl.len() > 200_000 {
            return None;
        }
        rows.push(pl);
    }
    let mut cols = vec![Col { done: 0, open: 0 }; p.width];
    let mut found = 0;
    let mut nodes = 0;
    go(p, &rows, 0, &mut cols, &mut found, &mut nodes, budget)?;
    Some(found)
}

fn go(p: &Puzzle, rows: &[Vec<Vec<bool>>], r: usize, cols: &mut [Col], found: &mut usize, nodes: &mut u64, budget: u64) -> Option<()> {
    if r == p.height {
        // Every column must have closed all its runs.
        let ok = cols.iter().enumerate().all(|(c, s)| {
            let done = s.done + usize::from(s.open > 0);
            done == p.cols[c].len() && (s.open == 0 || s.open == p.cols[c][s.done])
        });
        if ok {
            *found += 1;
        }
        return Some(());
    }
    let left = p.height - r - 1; // rows after this one
    'next: for row in &rows[r] {
        *nodes += 1;
        if *nodes > budget {
            return None;
        }
        let saved: Vec<Col> = cols.to_vec();
        for (c, &filled) in row.iter().enumerate() {
            let clue = &p.cols[c];
            let s = &mut cols[c];
            if filled {
                if s.done >= clue.len() || s.open + 1 > clue[s.done] {
                    cols.copy_from_slice(&saved);
                    continue 'next;
                }
                s.open += 1;
            } else if s.open > 0 {
                if s.open != clue[s.done] {
                    cols.copy_from_slice(&saved);
                    continue 'next;
                }
                s.done += 1;
                s.open = 0;
            }
            // Room left: the open run's rest, then the runs after it.
            let s = cols[c];
            let need = if s.open > 0 {
                let rest: usize = clue[s.done + 1..].iter().map(|x| x + 1).sum();
                clue[s.done] - s.open + rest
            } else {
                let rest = &clue[s.done..];
                (rest.iter().sum::<usize>() + rest.len()).saturating_sub(1)
            };
            if need > left {
                cols.copy_from_slice(&saved);
                continue 'next;
            }
        }
        go(p, rows, r + 1, cols, found, nodes, budget)?;
        cols.copy_from_slice(&saved);
        if *found >= 2 {
            return Some(());
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::generate::Rng;
    use crate::nonogram::solve::solve;

    #[test]
    fn placements_are_all_listed() {
        assert_eq!(placements(&[1, 1], 4).len(), 3);
        assert_eq!(placements(&[], 3), vec![vec![false; 3]]);
        assert_eq!(placements(&[3], 3), vec![vec![true; 3]]);
    }

    /// Solver and checker agree on random pictures, unique and not.
    #[test]
    fn checker_agrees_with_solver_on_random_puzzles() {
        let mut rng = Rng::new(7);
        let (mut unique, mut multi) = (0, 0);
        for _ in 0..400 {
            let w = 1 + rng.below(8);
            let h = 1 + rng.below(8);
            let density = 30 + rng.below(40);
            let pic: Vec<bool> = (0..w * h).map(|_| rng.below(100) < density).collect();
            let p = Puzzle::from_picture(w, h, &pic);
            let o = solve(&p);
            let c = count_solutions(&p, 10_000_000).expect("small puzzles fit the budget");
            assert_eq!(o.count, c, "{}", p.to_text());
            assert!(c >= 1);
            if c == 1 {
                unique += 1
            } else {
                multi += 1
            }
            if c == 1 {
                assert_eq!(o.solution.as_deref(), Some(&pic[..]));
            }
        }
        assert!(unique > 50 && multi > 50, "{unique} unique, {multi} not");
    }
}
