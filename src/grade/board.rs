//! The candidate grid a human solver works on: a candidate mask per cell,
//! placements that strike the digit from every peer, house lookups.

use crate::model::{Grid, Model};

/// What kind of house, for ratings (a box single is easier to see) and fish
/// (which pair rows with columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseKind {
    Row,
    Column,
    Block,
    Other,
}

pub struct Layout {
    pub cells: usize,
    pub symbols: usize,
    pub houses: Vec<Vec<usize>>,
    pub kinds: Vec<HouseKind>,
    pub houses_of: Vec<Vec<usize>>,
    pub peers: Vec<Vec<usize>>,
    pub names: Vec<String>,
    pub house_names: Vec<String>,
}

impl Layout {
    /// `None` when the model is not all-different (a house holding a symbol
    /// more than once) or has relations: the ladder does not apply there.
    pub fn from_model(model: &Model) -> Option<Layout> {
        // Forcing chains on 16×16 grids take minutes: larger grids keep the
        // candidate-score levels.
        let too_many = model.symbol_count() > MAX_SYMBOLS;
        if too_many || !model.conflicts.is_empty() || model.houses.iter().any(|h| h.counts.iter().any(|&c| c != 1)) {
            return None;
        }
        let cells = model.cell_count();
        let houses: Vec<Vec<usize>> = model.houses.iter().map(|h| h.cells.clone()).collect();
        let kinds = model
            .houses
            .iter()
            .map(|h| match h.name.split(' ').next() {
                Some("row") => HouseKind::Row,
                Some("column") => HouseKind::Column,
                Some("box") | Some("region") => HouseKind::Block,
                _ => HouseKind::Other,
            })
            .collect();
        let houses_of = model.houses_of_cells();
        let peers = (0..cells)
            .map(|c| {
                let mut p: Vec<usize> = houses_of[c].iter().flat_map(|&h| houses[h].iter().copied()).filter(|&x| x != c).collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Some(Layout {
            cells,
            symbols: model.symbol_count(),
            houses,
            kinds,
            houses_of,
            peers,
            names: model.cell_names.clone(),
            house_names: model.houses.iter().map(|h| h.name.clone()).collect(),
        })
    }

    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }
}

#[derive(Clone)]
pub struct Board {
    pub values: Vec<Option<u8>>,
    pub candidates: Vec<u16>,
}

impl Board {
    /// Givens placed and struck from their peers; `None` if they clash.
    pub fn new(layout: &Layout, model: &Model, givens: &Grid) -> Option<Board> {
        let all = full_mask(layout.symbols);
        let mut board = Board {
            values: vec![None; layout.cells],
            candidates: model.allowed.iter().map(|a| a.0 as u16 & all).collect(),
        };
        for (cell, g) in givens.cells.iter().enumerate() {
            if let Some(s) = g {
                if board.candidates[cell] & (1 << s) == 0 {
                    return None;
                }
                board.place(layout, cell, *s);
            }
        }
        Some(board)
    }

    pub fn place(&mut self, layout: &Layout, cell: usize, digit: u8) {
        self.values[cell] = Some(digit);
        self.candidates[cell] = 0;
        for &p in &layout.peers[cell] {
            self.candidates[p] &= !(1 << digit);
        }
    }

    pub fn solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// An empty cell without candidates, or a house missing a digit with no
    /// place left for it.
    pub fn broken(&self, layout: &Layout) -> bool {
        if (0..layout.cells).any(|c| self.values[c].is_none() && self.candidates[c] == 0) {
            return true;
        }
        layout.houses.iter().any(|house| {
            let mut placed = 0u16;
            let mut open = 0u16;
            for &c in house {
                match self.values[c] {
                    Some(v) => {
                        if placed & (1 << v) != 0 {
                            return true;
                        }
                        placed |= 1 << v;
                    }
                    None => open |= self.candidates[c],
                }
            }
            (placed | open) != full_mask(layout.symbols)
        })
    }

    /// Cells of `house` where `digit` is still a candidate.
    pub fn places<'a>(&'a self, house: &'a [usize], digit: u8) -> impl Iterator<Item = usize> + 'a {
        let bit = 1 << digit;
        house.iter().copied().filter(move |&c| self.candidates[c] & bit != 0)
    }
}

/// The largest alphabet the ladder grades.
pub const MAX_SYMBOLS: usize = 9;

/// Every one of `symbols` digits (up to 16).
pub fn full_mask(symbols: usize) -> u16 {
    u16::MAX >> (16 - symbols.min(16))
}

pub fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (0..16u8).filter(move |d| mask & (1 << d) != 0)
}
