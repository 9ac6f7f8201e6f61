//! Exact line solving. Given a line's clue and its known cells, find the
//! cells on which EVERY placement of the runs agrees.
//!
//! Algorithm (dynamic programming, O(n·k) per line with prefix sums):
//! - `fwd[i][j]`: cells `[0, i)` can hold exactly runs `0..j`, consistent
//!   with the known cells;
//! - `bwd[i][j]`: cells `[i, n)` can hold exactly runs `j..k`.
//!
//! A cell can be empty when some `j` has `fwd[i][j] && bwd[i+1][j]`; run `j`
//! can start at `s` when its cells hold no known empty, the cells just before
//! and after can be empty, and the prefix/suffix tables allow the other
//! runs. Every valid start marks its cells "can be filled" (a difference
//! array). A cell that can be only one of the two is forced.

use super::{EMPTY, FILLED, UNKNOWN};

/// Solves one line in place. Returns `None` when no placement fits (a
/// contradiction), else `Some(changed)`: the indices of cells newly set.
pub fn solve_line(clue: &[usize], cells: &mut [u8]) -> Option<Vec<usize>> {
    let mut changed = Vec::new();
    LineSolver::default().solve(clue, cells, &mut changed).then_some(changed)
}

/// [`solve_line`] with its tables kept between calls (the solver calls it
/// thousands of times a puzzle; the tables are the same size each time).
#[derive(Default, Clone, Debug)]
pub struct LineSolver {
    empties: Vec<u32>,
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    diff: Vec<i32>,
}

impl LineSolver {
    /// Solves `cells` against `clue` in place; `false` on a contradiction.
    /// `changed` receives the indices of the cells newly set (cleared first).
    pub fn solve(&mut self, clue: &[usize], cells: &mut [u8], changed: &mut Vec<usize>) -> bool {
        changed.clear();
        let n = cells.len();
        let k = clue.len();
        // empties[i] = number of known-empty cells in [0, i).
        let empties = &mut self.empties;
        empties.clear();
        empties.push(0);
        let mut acc = 0;
        for &c in cells.iter() {
            acc += u32::from(c == EMPTY);
            empties.push(acc);
        }
        let empties = &self.empties;
        let can_fill = |a: usize, b: usize| empties[b] == empties[a];
        let w = k + 1;
        let fwd = &mut self.fwd;
        fwd.clear();
        fwd.resize((n + 1) * w, false);
        fwd[0] = true;
        for i in 1..=n {
            let empty_ok = cells[i - 1] != FILLED;
            for j in 0..=k {
                let mut ok = empty_ok && fwd[(i - 1) * w + j];
                if !ok && j > 0 {
                    let r = clue[j - 1];
                    if i >= r && can_fill(i - r, i) {
                        ok = if i == r { j == 1 } else { cells[i - r - 1] != FILLED && fwd[(i - r - 1) * w + j - 1] };
                    }
                }
                fwd[i * w + j] = ok;
            }
        }
        if !fwd[n * w + k] {
            return false;
        }
        let bwd = &mut self.bwd;
        bwd.clear();
        bwd.resize((n + 1) * w, false);
        bwd[n * w + k] = true;
        for i in (0..n).rev() {
            let empty_ok = cells[i] != FILLED;
            for j in (0..=k).rev() {
                let mut ok = empty_ok && bwd[(i + 1) * w + j];
                if !ok && j < k {
                    let r = clue[j];
                    if i + r <= n && can_fill(i, i + r) {
                        ok = if i + r == n { j + 1 == k } else { cells[i + r] != FILLED && bwd[(i + r + 1) * w + j + 1] };
                    }
                }
                bwd[i * w + j] = ok;
            }
        }
        let (fwd, bwd) = (&self.fwd, &self.bwd);
        let diff = &mut self.diff;
        diff.clear();
        diff.resize(n + 1, 0);
        for (j, &r) in clue.iter().enumerate() {
            for s in 0..n.saturating_sub(r - 1) {
                if !can_fill(s, s + r) {
                    continue;
                }
                let left = if s == 0 { j == 0 } else { cells[s - 1] != FILLED && fwd[(s - 1) * w + j] };
                let right = left && if s + r == n { j + 1 == k } else { cells[s + r] != FILLED && bwd[(s + r + 1) * w + j + 1] };
                if right {
                    diff[s] += 1;
                    diff[s + r] -= 1;
                }
            }
        }
        let mut acc = 0;
        for i in 0..n {
            acc += diff[i];
            let f = acc > 0;
            let e = cells[i] != FILLED && (0..=k).any(|j| fwd[i * w + j] && bwd[(i + 1) * w + j]);
            let v = match (f, e) {
                (false, false) => return false,
                (true, false) => FILLED,
                (false, true) => EMPTY,
                (true, true) => UNKNOWN,
            };
            if v != UNKNOWN && cells[i] == UNKNOWN {
                cells[i] = v;
                changed.push(i);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement by brute force, to compare with the DP.
    fn brute(clue: &[usize], cells: &[u8]) -> Option<Vec<u8>> {
        let n = cells.len();
        let mut agree: Option<Vec<u8>> = None;
        for mask in 0u32..(1 << n) {
            let line: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let mut runs = vec![];
            let mut r = 0;
            for &c in &line {
                if c {
                    r += 1
                } else if r > 0 {
                    runs.push(r);
                    r = 0
                }
            }
            if r > 0 {
                runs.push(r)
            }
            if runs != clue {
                continue;
            }
            if (0..n).any(|i| cells[i] != UNKNOWN && (cells[i] == FILLED) != line[i]) {
                continue;
            }
            let v: Vec<u8> = line.iter().map(|&b| if b { FILLED } else { EMPTY }).collect();
            agree = Some(match agree {
                None => v,
                Some(a) => a.iter().zip(&v).map(|(&x, &y)| if x == y { x } else { UNKNOWN }).collect(),
            });
        }
        agree
    }

    #[test]
    fn dp_matches_brute_force() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..3000 {
            let n = 1 + next() % 10;
            let mut clue = vec![];
            let mut used = 0;
            while used < n && next() % 3 != 0 {
                let r = 1 + next() % 3;
                if used + r + usize::from(!clue.is_empty()) > n {
                    break;
                }
                used += r + usize::from(!clue.is_empty());
                clue.push(r);
            }
            let mut cells: Vec<u8> = (0..n).map(|_| [UNKNOWN, UNKNOWN, EMPTY, FILLED][next() % 4]).collect();
            let want = brute(&clue, &cells);
            let before = cells.clone();
            let got = solve_line(&clue, &mut cells);
            match want {
                None => assert!(got.is_none(), "{clue:?} {before:?}"),
                Some(w) => {
                    assert!(got.is_some(), "{clue:?} {before:?}");
                    let expect: Vec<u8> = before.iter().zip(&w).map(|(&b, &x)| if b != UNKNOWN { b } else { x }).collect();
                    assert_eq!(cells, expect, "{clue:?} {before:?}");
                }
            }
        }
    }
}
