//! Classic 9×9 plus more: extra houses of nine cells (diagonals, windows,
//! islands, each holding every digit once) and relations between cells
//! (a digit here forbids digits there), in the band representation.

use super::{Contradiction, Rules, State, board};
use crate::model::Conflict;

/// Band words of a set of cells: cell `c` is band `c / 27`, bit `c % 27`.
type Cells = [u32; 3];

fn cells_of(list: &[usize]) -> Cells {
    let mut out = [0; 3];
    for &c in list {
        out[c / 27] |= 1 << (c % 27);
    }
    out
}

/// Placing a digit of `trigger` in the cell takes the digits `forbidden`
/// from cell `target`.
struct Edge {
    trigger: u32,
    target: usize,
    forbidden: u32,
}

/// Two houses sharing two or more cells: a digit whose places in one lie
/// inside the overlap leaves the rest of the other.
struct Overlap {
    a: Cells,
    b: Cells,
    a_only: Cells,
    b_only: Cells,
}

pub(super) struct Extra {
    houses: Vec<Cells>,
    /// Per cell: the other cells of its extra houses.
    peers: Vec<Cells>,
    edges: Vec<Vec<Edge>>,
    /// Each extra house against every other house it overlaps in 2+ cells.
    overlaps: Vec<Overlap>,
}

impl Extra {
    /// `standard`: the 27 rows, columns and boxes; `more`: the extra houses.
    pub(super) fn new(standard: &[Vec<usize>], more: &[Vec<usize>], conflicts: &[Conflict]) -> Extra {
        let houses: Vec<Cells> = more.iter().map(|h| cells_of(h)).collect();
        let mut peers = vec![[0u32; 3]; 81];
        for house in more {
            let all = cells_of(house);
            for &c in house {
                for (p, w) in peers[c].iter_mut().zip(all) {
                    *p |= w;
                }
                peers[c][c / 27] &= !(1 << (c % 27));
            }
        }
        let mut edges: Vec<Vec<Edge>> = (0..81).map(|_| Vec::new()).collect();
        for r in conflicts {
            edges[r.a].push(Edge { trigger: r.a_symbols.0, target: r.b, forbidden: r.b_symbols.0 });
            edges[r.b].push(Edge { trigger: r.b_symbols.0, target: r.a, forbidden: r.a_symbols.0 });
        }
        let mut overlaps = Vec::new();
        let others: Vec<Cells> = standard.iter().chain(more).map(|h| cells_of(h)).collect();
        for (i, &a) in houses.iter().enumerate() {
            for (j, &b) in others.iter().enumerate() {
                // Each pair of extra houses once.
                if j >= standard.len() && j - standard.len() <= i {
                    continue;
                }
                let shared = [a[0] & b[0], a[1] & b[1], a[2] & b[2]];
                if shared.iter().map(|w| w.count_ones()).sum::<u32>() >= 2 && a != b {
                    let a_only = [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2]];
                    let b_only = [b[0] & !a[0], b[1] & !a[1], b[2] & !a[2]];
                    overlaps.push(Overlap { a, b, a_only, b_only });
                }
            }
        }
        Extra { houses, peers, edges, overlaps }
    }
}

#[inline(always)]
fn meets(x: &[u32; 3], y: &Cells) -> bool {
    (x[0] & y[0]) | (x[1] & y[1]) | (x[2] & y[2]) != 0
}

impl Rules for Extra {
    #[inline]
    fn placed(&self, state: &mut State, d: usize, b: usize, mut new: u32) {
        while new != 0 {
            let p = new.trailing_zeros() as usize;
            new &= new - 1;
            let cell = 27 * b + p;
            let peers = &self.peers[cell];
            for (k, w) in peers.iter().enumerate() {
                state.remove(board(d, k), *w);
            }
            for edge in &self.edges[cell] {
                if edge.trigger >> d & 1 != 0 {
                    let mut gone = edge.forbidden;
                    while gone != 0 {
                        let t = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        state.remove(board(t, edge.target / 27), 1 << (edge.target % 27));
                    }
                }
            }
        }
    }

    fn houses(&self, state: &mut State) -> Result<bool, Contradiction> {
        let mut progress = false;
        for house in &self.houses {
            for d in 0..9 {
                let here = [state.cand[board(d, 0)] & house[0], state.cand[board(d, 1)] & house[1], state.cand[board(d, 2)] & house[2]];
                let n = here[0].count_ones() + here[1].count_ones() + here[2].count_ones();
                if n == 0 {
                    return Err(Contradiction);
                }
                if n == 1 {
                    let b = here.iter().position(|&w| w != 0).unwrap_or(0);
                    if state.unsolved[b] & here[b] != 0 {
                        state.place(self, d, b, here[b].trailing_zeros() as usize)?;
                        progress = true;
                    }
                }
            }
        }
        Ok(progress)
    }

    fn locked(&self, state: &mut State) -> bool {
        let mut progress = false;
        for d in 0..9 {
            let i = [board(d, 0), board(d, 1), board(d, 2)];
            for o in &self.overlaps {
                // The digit's places in one house all in the overlap: the
                // other house's cells outside it lose the digit.
                for (house, only, other_only) in [(&o.a, &o.a_only, &o.b_only), (&o.b, &o.b_only, &o.a_only)] {
                    let cand = i.map(|i| state.cand[i]);
                    if meets(&cand, house) && !meets(&cand, only) && meets(&cand, other_only) {
                        for (k, w) in other_only.iter().enumerate() {
                            state.remove(i[k], *w);
                        }
                        progress = true;
                    }
                }
            }
        }
        progress
    }
}
