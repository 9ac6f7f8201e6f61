//! The grader's hot-path representation: cell bitsets, the precomputed house
//! topology of a [`Problem`], and the candidate board the techniques read.
//!
//! Candidates are kept twice and in sync: cell-major (`cand`, one `Mask` per
//! cell) for cell questions, digit-major (`dpos`, one `CellSet` per digit) for
//! house questions ("where can 7 go in row 3" is one AND and a popcount).

use super::Problem;
pub(crate) use super::hint::{Batch, Hint, cell_list, digit_list};

/// Candidate digits of one cell, bit `d` for symbol `d` (0-based).
pub(crate) type Mask = u16;

/// Up to 256 cells (16x16 grids).
pub(crate) const MAX_CELLS: usize = 256;
/// Up to 16 symbols, so a cell's candidates fit a `Mask`.
pub(crate) const MAX_SYMBOLS: usize = 16;

#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub(crate) struct CellSet(pub [u64; 4]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; 4]);

    #[inline]
    pub fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1u64 << (c & 63);
    }
    #[inline]
    pub fn remove(&mut self, c: usize) {
        self.0[c >> 6] &= !(1u64 << (c & 63));
    }
    #[inline]
    pub fn contains(&self, c: usize) -> bool {
        (self.0[c >> 6] >> (c & 63)) & 1 != 0
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    pub fn minus(&self, o: &CellSet) -> CellSet {
        CellSet([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2], self.0[3] & !o.0[3]])
    }
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }
    #[inline]
    pub fn iter(&self) -> CellIter {
        CellIter { words: self.0, word: 0 }
    }
    pub fn from_cells(cells: &[usize]) -> CellSet {
        let mut s = CellSet::EMPTY;
        for &c in cells {
            s.insert(c);
        }
        s
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
}
impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
}
impl std::ops::BitAndAssign for CellSet {
    #[inline]
    fn bitand_assign(&mut self, o: CellSet) {
        for i in 0..4 {
            self.0[i] &= o.0[i];
        }
    }
}
impl std::ops::BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, o: CellSet) {
        for i in 0..4 {
            self.0[i] |= o.0[i];
        }
    }
}

pub(crate) struct CellIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

/// Iterate the set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(m: Mask) -> impl Iterator<Item = usize> {
    let mut m = m as u32;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(d)
        }
    })
}

/// The display character of a 0-based symbol: 1-9, then A, B, ...
pub(crate) fn symbol_char(d: usize) -> char {
    if d < 9 { (b'1' + d as u8) as char } else { (b'A' + (d - 9) as u8) as char }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HouseKind {
    Row,
    Col,
    Box,
    Other,
}

pub(crate) struct House {
    pub cells: Vec<usize>,
    pub set: CellSet,
    pub kind: HouseKind,
    /// A full house holds every symbol exactly once; smaller houses only
    /// forbid repeats, so they give weak links but never hidden singles.
    pub full: bool,
    /// Region type for unique loops: consecutive loop cells must change type.
    pub type_id: usize,
    pub name: String,
}

/// Locked candidates: a digit of `base` confined to `base ∩ other` leaves
/// `other \ base`.
pub(crate) struct Intersection {
    pub base: usize,
    pub other: usize,
    pub common: CellSet,
    pub rest: CellSet,
}

/// Everything about the layout that does not change while solving.
pub(crate) struct Topology {
    pub n_cells: usize,
    pub n_sym: usize,
    pub all_digits: Mask,
    /// The candidates each cell starts with (static marks narrow them).
    pub initial_cand: Vec<Mask>,
    pub all_cells: CellSet,
    pub houses: Vec<House>,
    /// Houses of each cell in SE's region order (box, row, column, other).
    pub cell_houses: Vec<Vec<usize>>,
    pub peers: Vec<Vec<usize>>,
    pub peer_set: Vec<CellSet>,
    pub names: Vec<String>,
    /// SE's region order: boxes, rows, columns, then the rest.
    pub se_order: Vec<usize>,
    /// SE's order for subsets: boxes, columns, rows, then the rest.
    pub subset_order: Vec<usize>,
    /// Families: sets of full houses partitioning the grid (rows, columns, ...).
    pub families: Vec<Vec<usize>>,
    /// family[h] for houses that belong to one.
    pub family_of: Vec<Option<usize>>,
    /// cover_index[f][cell] = index within family f of the house holding cell.
    pub cover_index: Vec<Vec<u8>>,
    /// Fish searches as (base family, cover family), in SE order.
    pub fish_pairs: Vec<(usize, usize)>,
    pub intersections: Vec<Intersection>,
    /// The row and column of each cell, on square grids.
    pub lines_of: Vec<Option<(usize, usize)>>,
    /// local[h * n_cells + c]: position of cell c in house h's cell list.
    pub local: Vec<u8>,
}

impl Topology {
    pub fn new(p: &Problem) -> Topology {
        let n = p.n_cells;
        let ns = p.n_symbols;
        let mut kinds = vec![HouseKind::Other; p.houses.len()];
        let mut house_names: Vec<String> = (0..p.houses.len()).map(|h| format!("house {}", h + 1)).collect();
        if let Some(sq) = &p.square {
            for (i, &h) in sq.rows.iter().enumerate() {
                kinds[h] = HouseKind::Row;
                house_names[h] = format!("row {}", i + 1);
            }
            for (i, &h) in sq.cols.iter().enumerate() {
                kinds[h] = HouseKind::Col;
                house_names[h] = format!("column {}", i + 1);
            }
            for (i, &h) in sq.boxes.iter().enumerate() {
                kinds[h] = HouseKind::Box;
                house_names[h] = format!("box {}", i + 1);
            }
        }
        let houses: Vec<House> = p
            .houses
            .iter()
            .enumerate()
            .map(|(h, cells)| House {
                cells: cells.clone(),
                set: CellSet::from_cells(cells),
                kind: kinds[h],
                full: cells.len() == ns,
                type_id: match kinds[h] {
                    HouseKind::Row => 0,
                    HouseKind::Col => 1,
                    HouseKind::Box => 2,
                    HouseKind::Other => 3 + h,
                },
                name: house_names[h].clone(),
            })
            .collect();

        let order_of = |k: HouseKind| -> usize {
            match k {
                HouseKind::Box => 0,
                HouseKind::Row => 1,
                HouseKind::Col => 2,
                HouseKind::Other => 3,
            }
        };
        let mut se_order: Vec<usize> = (0..houses.len()).collect();
        se_order.sort_by_key(|&h| (order_of(houses[h].kind), h));
        let mut subset_order: Vec<usize> = (0..houses.len()).collect();
        subset_order.sort_by_key(|&h| {
            let k = match houses[h].kind {
                HouseKind::Box => 0,
                HouseKind::Col => 1,
                HouseKind::Row => 2,
                HouseKind::Other => 3,
            };
            (k, h)
        });

        let mut cell_houses = vec![Vec::new(); n];
        for &h in &se_order {
            for &c in &houses[h].cells {
                cell_houses[c].push(h);
            }
        }
        let mut peers = vec![Vec::new(); n];
        let mut peer_set = vec![CellSet::EMPTY; n];
        for c in 0..n {
            for &h in &cell_houses[c] {
                for &o in &houses[h].cells {
                    if o != c && !peer_set[c].contains(o) {
                        peer_set[c].insert(o);
                        peers[c].push(o);
                    }
                }
            }
        }
        let mut all_cells = CellSet::EMPTY;
        for c in 0..n {
            all_cells.insert(c);
        }

        // Families of full houses that partition the grid.
        let mut families: Vec<Vec<usize>> = Vec::new();
        if let Some(sq) = &p.square {
            for fam in [&sq.rows, &sq.cols, &sq.boxes] {
                if partitions(&houses, fam, &all_cells) {
                    families.push(fam.clone());
                }
            }
        } else {
            let mut used = vec![false; houses.len()];
            for h in 0..houses.len() {
                if used[h] || !houses[h].full {
                    continue;
                }
                let mut fam = vec![h];
                let mut covered = houses[h].set;
                for h2 in h + 1..houses.len() {
                    if !used[h2] && houses[h2].full && (covered & houses[h2].set).is_empty() {
                        covered |= houses[h2].set;
                        fam.push(h2);
                    }
                }
                if covered == all_cells {
                    for &x in &fam {
                        used[x] = true;
                    }
                    families.push(fam);
                }
            }
        }
        // Fish keep a family's houses in 16-bit masks.
        families.retain(|f| f.len() <= MAX_SYMBOLS);
        let mut family_of = vec![None; houses.len()];
        let mut cover_index = Vec::new();
        for (f, fam) in families.iter().enumerate() {
            let mut idx = vec![0u8; n];
            for (i, &h) in fam.iter().enumerate() {
                family_of[h] = Some(f);
                for &c in &houses[h].cells {
                    idx[c] = i as u8;
                }
            }
            cover_index.push(idx);
        }
        // Fish: SE uses columns as base first, then rows, and never boxes.
        let mut fish_pairs = Vec::new();
        if p.square.is_some() {
            let fam_kind = |k: HouseKind| families.iter().position(|fam| fam.first().is_some_and(|&h| houses[h].kind == k));
            if let (Some(r), Some(c)) = (fam_kind(HouseKind::Row), fam_kind(HouseKind::Col)) {
                fish_pairs.push((c, r));
                fish_pairs.push((r, c));
            }
        } else {
            for a in 0..families.len() {
                for b in 0..families.len() {
                    if a != b {
                        fish_pairs.push((a, b));
                    }
                }
            }
        }

        // Locked candidates in SE order: (box, column), (box, row), (column,
        // box), (row, box), then every other overlapping pair.
        let mut intersections = Vec::new();
        let nh = houses.len();
        let mut seen = vec![false; nh * nh];
        let kind_pairs = [
            (HouseKind::Box, HouseKind::Col),
            (HouseKind::Box, HouseKind::Row),
            (HouseKind::Col, HouseKind::Box),
            (HouseKind::Row, HouseKind::Box),
        ];
        let mut push = |a: usize, b: usize, out: &mut Vec<Intersection>| {
            if a == b || !houses[a].full || seen[a * nh + b] {
                return;
            }
            seen[a * nh + b] = true;
            let common = houses[a].set & houses[b].set;
            if common.count() < 2 {
                return;
            }
            let rest = houses[b].set.minus(&houses[a].set);
            if rest.is_empty() {
                return;
            }
            out.push(Intersection { base: a, other: b, common, rest });
        };
        for (ka, kb) in kind_pairs {
            for a in 0..houses.len() {
                if houses[a].kind != ka {
                    continue;
                }
                for b in 0..houses.len() {
                    if houses[b].kind == kb {
                        push(a, b, &mut intersections);
                    }
                }
            }
        }
        for &a in &se_order {
            for &b in &se_order {
                push(a, b, &mut intersections);
            }
        }

        let lines_of = (0..n)
            .map(|c| {
                let row = cell_houses[c].iter().copied().find(|&h| houses[h].kind == HouseKind::Row)?;
                let col = cell_houses[c].iter().copied().find(|&h| houses[h].kind == HouseKind::Col)?;
                Some((row, col))
            })
            .collect();
        let mut local = vec![0u8; houses.len() * n];
        for (h, house) in houses.iter().enumerate() {
            for (i, &c) in house.cells.iter().enumerate() {
                local[h * n + c] = i as u8;
            }
        }
        let names = p.cell_names.clone();
        Topology {
            n_cells: n,
            n_sym: ns,
            all_digits: ((1u32 << ns) - 1) as Mask,
            initial_cand: match &p.allowed {
                Some(masks) => masks.iter().map(|&m| m & ((1u32 << ns) - 1) as Mask).collect(),
                None => vec![((1u32 << ns) - 1) as Mask; n],
            },
            all_cells,
            houses,
            cell_houses,
            peers,
            peer_set,
            names,
            se_order,
            subset_order,
            families,
            family_of,
            cover_index,
            fish_pairs,
            intersections,
            lines_of,
            local,
        }
    }

    /// Houses shared by two cells.
    pub fn common_houses(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.cell_houses[a].iter().copied().filter(move |&h| self.houses[h].set.contains(b))
    }
}

fn partitions(houses: &[House], fam: &[usize], all: &CellSet) -> bool {
    let mut covered = CellSet::EMPTY;
    for &h in fam {
        if !houses[h].full || !(covered & houses[h].set).is_empty() {
            return false;
        }
        covered |= houses[h].set;
    }
    covered == *all
}

pub(crate) const NO_VALUE: u8 = u8::MAX;

/// The solving state: values and candidates.
#[derive(Clone)]
pub(crate) struct Board {
    pub cand: Vec<Mask>,
    pub value: Vec<u8>,
    /// dpos[d]: unsolved cells that still have candidate d.
    pub dpos: Vec<CellSet>,
    /// placed[d]: cells whose value is d.
    pub placed: Vec<CellSet>,
    pub unsolved: CellSet,
    /// Set when the givens themselves clash.
    pub clash: bool,
}

impl Board {
    pub fn new(topo: &Topology, givens: &[Option<u8>]) -> Board {
        let mut b = Board {
            cand: vec![topo.all_digits; topo.n_cells],
            value: vec![NO_VALUE; topo.n_cells],
            dpos: vec![topo.all_cells; topo.n_sym],
            placed: vec![CellSet::EMPTY; topo.n_sym],
            unsolved: topo.all_cells,
            clash: false,
        };
        for (c, &start) in topo.initial_cand.iter().enumerate() {
            for d in bits(topo.all_digits & !start) {
                b.eliminate(c, d);
            }
        }
        for (c, g) in givens.iter().enumerate() {
            if let Some(d) = *g {
                if b.cand[c] >> d & 1 == 0 {
                    b.clash = true;
                }
                b.place(topo, c, d as usize);
            }
        }
        b
    }

    pub fn place(&mut self, topo: &Topology, c: usize, d: usize) {
        for x in bits(self.cand[c]) {
            self.dpos[x].remove(c);
        }
        self.cand[c] = 0;
        self.value[c] = d as u8;
        self.placed[d].insert(c);
        self.unsolved.remove(c);
        let hit = topo.peer_set[c] & self.dpos[d];
        for p in hit.iter() {
            self.cand[p] &= !(1 << d);
        }
        self.dpos[d] = self.dpos[d].minus(&hit);
    }

    /// Remove candidate d from c; returns whether it was there.
    #[inline]
    pub fn eliminate(&mut self, c: usize, d: usize) -> bool {
        if self.cand[c] >> d & 1 == 0 {
            return false;
        }
        self.cand[c] &= !(1 << d);
        self.dpos[d].remove(c);
        true
    }

    #[inline]
    pub fn has(&self, c: usize, d: usize) -> bool {
        self.cand[c] >> d & 1 != 0
    }

    /// Places of digit d in house h as a mask over the house's cell list.
    #[inline]
    pub fn local_positions(&self, topo: &Topology, h: usize, d: usize) -> u32 {
        let mut m = 0u32;
        for c in (topo.houses[h].set & self.dpos[d]).iter() {
            m |= 1 << topo.local[h * topo.n_cells + c];
        }
        m
    }

    /// A contradiction: an empty cell without candidates, or a full house
    /// that can no longer hold some digit.
    pub fn broken(&self, topo: &Topology) -> bool {
        if self.clash {
            return true;
        }
        if self.unsolved.iter().any(|c| self.cand[c] == 0) {
            return true;
        }
        for h in &topo.houses {
            if !h.full {
                continue;
            }
            for d in 0..topo.n_sym {
                if (h.set & self.dpos[d]).is_empty() && (h.set & self.placed[d]).is_empty() {
                    return true;
                }
            }
        }
        false
    }
}
